enable resource_table;
@group(0) @binding(0) var image: texture_storage_2d<f32, write>;
@compute @workgroup_size(1)
fn main() {
    textureStore(image, vec2(0), vec4(1.0));
}
