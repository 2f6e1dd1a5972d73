// Samplers, comparison samplers and hasResource for every kind of slot.
enable resource_table;

@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(1)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let uv = vec2(0.5);
    let c = textureSampleLevel(getResource<texture_2d<f32>>(0u), getResource<sampler>(1u), uv, 0.0);
    let depth = textureSampleCompareLevel(
        getResource<texture_depth_2d>(2u),
        getResource<sampler_comparison>(3u),
        uv,
        0.5,
    );
    var mask = 0u;
    mask |= select(0u, 1u, hasResource<texture_2d<f32>>(id.x));
    mask |= select(0u, 2u, hasResource<texture_depth_2d>(id.x));
    mask |= select(0u, 4u, hasResource<sampler>(id.x));
    mask |= select(0u, 8u, hasResource<sampler_comparison>(id.x));
    mask |= select(0u, 16u, hasResource<texture_multisampled_2d<i32>>(id.x));
    out[id.x] = mask + u32(c.x + depth);
}
