enable resource_table;
@compute @workgroup_size(1)
fn main() {
    hasResource<sampler>(3u);
}
