enable resource_table;
@group(0) @binding(0) var bound: texture_2d<f32>;
// `t` pairs with a table sampler, so `f` gets a hidden parameter its calls pass.
fn f(t: texture_2d<f32>, uv: vec2<f32>) -> vec4<f32> {
    return textureSampleLevel(t, getResource<sampler>(0u), uv, 0.0);
}
@compute @workgroup_size(1) fn main() {
    _ = f(bound);
}
