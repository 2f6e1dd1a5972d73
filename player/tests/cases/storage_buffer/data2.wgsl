
enable resource_table;

struct Data {
    values: array<u32>,
}

@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) i: u32) {
    let data = getResource<ptr<storage, Data, read_write>>(2u);
    (*data).values[i] = (*data).values[i] * 3u;
    // A buffer pinned read-write is also visible as read-only storage: 1 + 2.
    out[i] = u32(hasResource<ptr<storage, Data, read_write>>(2u)) + 2u * u32(hasResource<ptr<storage, Data, read>>(2u));
}
