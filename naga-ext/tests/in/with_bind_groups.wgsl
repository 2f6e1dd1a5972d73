// Bind groups 0 and 1 and the table together: the table is placed at group 2.
enable resource_table;

struct Camera {
    scale: vec2<f32>,
}

@group(0) @binding(0) var<uniform> camera: Camera;
@group(1) @binding(0) var shadow_map: texture_depth_2d;
@group(1) @binding(1) var shadow_sampler: sampler_comparison;
@group(1) @binding(2) var<storage, read_write> out: array<vec4<f32>>;

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let uv = vec2<f32>(id.xy) * camera.scale;
    let lit = textureSampleCompareLevel(shadow_map, shadow_sampler, uv, 0.5);
    let albedo = textureSampleLevel(getResource<texture_2d<f32>>(id.x), getResource<sampler>(0u), uv, 0.0);
    out[id.y * 8u + id.x] = albedo * lit;
}
