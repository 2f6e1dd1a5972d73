enable resource_table;

@group(0) @binding(0) var<storage, read_write> colors: array<vec4<f32>>;

@compute @workgroup_size(4)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    // Slot `id.x` of the table, as a 2D float texture. An empty slot (or one holding
    // another type) reads as the type's default; `hasResource` says which it is.
    if hasResource<texture_2d<f32>>(id.x) {
        colors[id.x] = textureLoad(getResource<texture_2d<f32>>(id.x), vec2(0), 0);
    } else {
        colors[id.x] = vec4(-1.0);
    }
}
