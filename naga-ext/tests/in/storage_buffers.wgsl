// Heterogeneous table: storage buffers through `ptr<storage, S, access>`.
enable resource_table;

struct Particles {
    count: u32,
    positions: array<vec4<f32>>,
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let source = getResource<ptr<storage, Particles, read>>(0u);
    let dst = getResource<ptr<storage, Particles, read_write>>(1u);
    if id.x < (*source).count && hasResource<ptr<storage, Particles, read_write>>(1u) {
        (*dst).positions[id.x] = (*source).positions[id.x] * 2.0;
    }
}

// `arrayLength` of a table buffer: from the slot's metadata word, 0 for the default.
@group(0) @binding(0) var<storage, read_write> lengths: array<u32>;

@compute @workgroup_size(64)
fn lengths_of(@builtin(global_invocation_id) id: vec3<u32>) {
    let particles = getResource<ptr<storage, Particles, read>>(id.x);
    lengths[id.x] = arrayLength(&(*particles).positions);
}
