// The filterability rule at each texture–sampler combination with a table side: the table's
// own flags, the overrides of bind group partners, integer gathers, pairs of a function's
// arguments (checked at its calls), and what is left alone.
enable resource_table;
enable wgpu_binding_array;

@group(0) @binding(0) var<storage, read_write> out: array<vec4<f32>>;
@group(0) @binding(1) var bound_sampler: sampler;
@group(0) @binding(2) var bound_texture: texture_2d<f32>;
@group(0) @binding(3) var bound_depth: texture_depth_2d;
@group(0) @binding(4) var bound_textures: binding_array<texture_2d<f32>, 2>;

// Pairs of arguments are checked where the function is called, with what it is given.
fn helper(t: texture_2d<f32>, s: sampler, uv: vec2<f32>) -> vec4<f32> {
    return textureSampleLevel(t, s, uv, 0.0);
}

// Through another function, and with a bind group sampler.
fn outer(t: texture_2d<f32>, s: sampler, uv: vec2<f32>) -> vec4<f32> {
    return helper(t, s, uv) + textureSampleLevel(t, bound_sampler, uv, 0.0);
}

// An argument combined with a table value of the function's own: its side is a hidden
// parameter that each call passes (a table texture's flag, a bind group's override, a caller's
// own hidden parameter).
fn with_table_sampler(t: texture_2d<f32>, uv: vec2<f32>) -> vec4<f32> {
    return textureSampleLevel(t, getResource<sampler>(5u), uv, 0.0);
}
fn forward(t: texture_2d<f32>, uv: vec2<f32>) -> vec4<f32> {
    return with_table_sampler(t, uv);
}
fn gather_with_table_sampler(t: texture_2d<u32>, uv: vec2<f32>) -> vec4<u32> {
    return textureGather(0, t, getResource<sampler>(5u), uv);
}
fn table_integer(s: sampler, uv: vec2<f32>) -> vec4<u32> {
    return textureGather(0, getResource<texture_2d<u32>>(6u), s, uv);
}
// A table depth texture is outside the rule: no hidden parameter for `s`.
fn table_depth(s: sampler, uv: vec2<f32>) -> f32 {
    return textureSampleLevel(getResource<texture_depth_2d>(7u), s, uv, 0);
}

@compute @workgroup_size(1)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let uv = vec2(0.5);
    let t = getResource<texture_2d<f32>>(id.x);
    let s = getResource<sampler>(id.y);
    // Both from the table: the texture takes its default where both flags are set.
    out[0] = textureSampleLevel(t, s, uv, 0.0);
    // A bind group sampler: its override says whether it filters.
    out[1] = textureSampleLevel(t, bound_sampler, uv, 0.0);
    // A bind group texture, and an element of a bind group array: the sampler takes its
    // default where the texture's override and the sampler's flag are set.
    out[2] = textureSampleLevel(bound_texture, s, uv, 0.0);
    out[3] = textureSampleLevel(bound_textures[1], s, uv, 0.0);
    // An integer texture: never filterable, so the sampler's flag alone decides.
    out[4] = vec4<f32>(textureGather(0, getResource<texture_2d<u32>>(id.z), s, uv));
    // Depth, compare forms and two bind group resources are left alone.
    out[5] = vec4(textureSampleLevel(bound_depth, s, uv, 0));
    out[6] = textureSampleLevel(bound_texture, bound_sampler, uv, 0.0);
    out[7] = helper(t, s, uv);
    out[8] = outer(t, s, uv);
    out[9] = helper(bound_texture, s, uv);
    out[10] = with_table_sampler(bound_texture, uv) + forward(t, uv);
    out[11] = vec4<f32>(gather_with_table_sampler(getResource<texture_2d<u32>>(id.z), uv));
    out[12] = vec4<f32>(table_integer(s, uv));
    // A table integer texture with a bind group sampler is left as written: pipeline creation
    // refuses a layout that declares the sampler filtering.
    out[13] = vec4<f32>(textureGather(0, getResource<texture_2d<u32>>(id.z), bound_sampler, uv));
    out[14] = vec4(table_depth(s, uv));
}
