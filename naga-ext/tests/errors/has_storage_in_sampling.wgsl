enable resource_table;

@compute @workgroup_size(1)
fn main() {
    _ = hasResource<texture_storage_2d<f32, read>>(0u);
}
