@fragment
fn fs() -> @location(0) vec4<f32> {
    return textureLoad(getResource<texture_2d<f32>>(0u), vec2(0), 0);
}
