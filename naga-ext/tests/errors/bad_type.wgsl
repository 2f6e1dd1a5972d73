enable resource_table;
@compute @workgroup_size(1)
fn main() {
    let b = getResource<array<u32, 4>>(0u);
}
