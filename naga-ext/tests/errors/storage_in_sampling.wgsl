enable resource_table;
struct Data { values: array<u32> }
@compute @workgroup_size(1)
fn main() {
    let d = getResource<ptr<storage, Data, read_write>>(0u);
    (*d).values[0] = 1u;
}
