
enable resource_table;

@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(8)
fn main(@builtin(local_invocation_index) i: u32) {
    let texture = getResource<texture_2d<u32>>(i);
    out[i] = 1000u * u32(hasResource<texture_2d<u32>>(i)) + textureLoad(texture, vec2(0), 0).x;
}
