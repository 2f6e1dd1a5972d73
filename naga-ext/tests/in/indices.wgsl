// u32, i32 and abstract-int indices; uniform (constant, uniform buffer) and non-uniform
// (per-invocation) indices. Non-uniform ones need NonUniform decorations on SPIR-V and
// NonUniformResourceIndex on HLSL.
enable resource_table;

struct Params {
    slot: u32,
    signed_slot: i32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read_write> out: array<vec4<f32>>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let constant = textureLoad(getResource<texture_2d<f32>>(3), vec2(0), 0);
    let uniform_u = textureLoad(getResource<texture_2d<f32>>(params.slot), vec2(0), 0);
    let uniform_i = textureLoad(getResource<texture_2d<f32>>(params.signed_slot), vec2(0), 0);
    let varying_u = textureLoad(getResource<texture_2d<f32>>(id.x), vec2(0), 0);
    let varying_i = textureLoad(getResource<texture_2d<f32>>(i32(id.x) - 1), vec2(0), 0);
    let present = hasResource<texture_2d<f32>>(-1);
    out[id.x] = constant + uniform_u + uniform_i + varying_u + varying_i + select(vec4(0.0), vec4(1.0), present);
}
