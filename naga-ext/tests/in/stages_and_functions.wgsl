// The table from vertex and fragment stages, through `let` bindings and user functions
// that take the resources as parameters.
enable resource_table;

struct VertexOutput {
    @builtin(position) position: vec4<f32>,
    @location(0) @interpolate(flat) material: u32,
    @location(1) uv: vec2<f32>,
}

fn sample_material(t: texture_2d<f32>, s: sampler, uv: vec2<f32>) -> vec4<f32> {
    return textureSample(t, s, uv);
}

@vertex
fn vs(@builtin(vertex_index) vertex: u32, @builtin(instance_index) instance: u32) -> VertexOutput {
    let heights = getResource<texture_2d<f32>>(0u);
    let height = textureLoad(heights, vec2(i32(vertex), 0), 0).x;
    var out: VertexOutput;
    out.position = vec4(f32(vertex), height, 0.0, 1.0);
    out.material = instance;
    out.uv = vec2(f32(vertex & 1u), f32(vertex >> 1u));
    return out;
}

@fragment
fn fs(in: VertexOutput) -> @location(0) vec4<f32> {
    let albedo = getResource<texture_2d<f32>>(in.material);
    let linear = getResource<sampler>(0u);
    if !hasResource<texture_2d<f32>>(in.material) {
        return vec4(1.0, 0.0, 1.0, 1.0);
    }
    return sample_material(albedo, linear, in.uv);
}
