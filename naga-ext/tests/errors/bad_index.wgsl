enable resource_table;
@compute @workgroup_size(1)
fn main() {
    let t = getResource<texture_2d<f32>>(1.5);
}
