
enable resource_table;

@vertex
fn vs(@builtin(vertex_index) i: u32) -> @builtin(position) vec4f {
    let uv = vec2f(f32((i << 1u) & 2u), f32(i & 2u));
    return vec4f(uv * 2.0 - 1.0, 0.0, 1.0);
}

@fragment
fn fs() -> @location(0) vec4f {
    return textureSampleLevel(getResource<texture_2d<f32>>(0), getResource<sampler>(1), vec2f(0.5), 0.0);
}
