fn f(t: texture_storage_2d<f32, read>) -> vec4<f32> {
    return textureLoad(t, vec2(0));
}
