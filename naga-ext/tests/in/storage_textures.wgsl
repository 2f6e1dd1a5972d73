// Heterogeneous table: format-less storage textures, `texture_storage_*<texel type, access>`.
enable resource_table;

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let src = getResource<texture_storage_2d<f32, read>>(0u);
    let dst = getResource<texture_storage_2d<f32, write>>(1u);
    textureStore(dst, id.xy, textureLoad(src, id.xy));
    let rw = getResource<texture_storage_2d<f32, read_write>>(2u);
    textureStore(rw, id.xy, textureLoad(rw, id.xy) * 2.0);

    let counts = getResource<texture_storage_1d<u32, read_write>>(3u);
    textureStore(counts, id.x, textureLoad(counts, id.x) + vec4(1u));
    let layers = getResource<texture_storage_2d_array<i32, read>>(id.x);
    let volume = getResource<texture_storage_3d<f32, write>>(5u);
    let value = textureLoad(layers, id.xy, 0);
    if hasResource<texture_storage_3d<f32, write>>(5u) {
        textureStore(volume, id, vec4<f32>(value));
    }
}
