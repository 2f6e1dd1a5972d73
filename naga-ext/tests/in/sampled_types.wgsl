// Every sampled, multisampled and depth texture type, read through the table.
enable resource_table;

@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(1)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    var n = 0u;
    n += textureDimensions(getResource<texture_1d<f32>>(0u));
    n += textureDimensions(getResource<texture_2d<f32>>(1u)).x;
    n += textureDimensions(getResource<texture_2d_array<f32>>(2u)).x;
    n += textureDimensions(getResource<texture_3d<f32>>(3u)).x;
    n += textureDimensions(getResource<texture_cube<f32>>(4u)).x;
    n += textureDimensions(getResource<texture_cube_array<f32>>(5u)).x;
    n += textureDimensions(getResource<texture_1d<i32>>(6u));
    n += textureDimensions(getResource<texture_2d<i32>>(7u)).x;
    n += textureDimensions(getResource<texture_2d_array<i32>>(8u)).x;
    n += textureDimensions(getResource<texture_3d<i32>>(9u)).x;
    n += textureDimensions(getResource<texture_cube<i32>>(10u)).x;
    n += textureDimensions(getResource<texture_cube_array<i32>>(11u)).x;
    n += textureDimensions(getResource<texture_1d<u32>>(12u));
    n += textureDimensions(getResource<texture_2d<u32>>(13u)).x;
    n += textureDimensions(getResource<texture_2d_array<u32>>(14u)).x;
    n += textureDimensions(getResource<texture_3d<u32>>(15u)).x;
    n += textureDimensions(getResource<texture_cube<u32>>(16u)).x;
    n += textureDimensions(getResource<texture_cube_array<u32>>(17u)).x;
    n += textureDimensions(getResource<texture_multisampled_2d<f32>>(18u)).x;
    n += textureDimensions(getResource<texture_multisampled_2d<i32>>(19u)).x;
    n += textureDimensions(getResource<texture_multisampled_2d<u32>>(20u)).x;
    n += textureDimensions(getResource<texture_depth_2d>(21u)).x;
    n += textureDimensions(getResource<texture_depth_2d_array>(22u)).x;
    n += textureDimensions(getResource<texture_depth_cube>(23u)).x;
    n += textureDimensions(getResource<texture_depth_cube_array>(24u)).x;
    n += textureDimensions(getResource<texture_depth_multisampled_2d>(25u)).x;
    let f = textureLoad(getResource<texture_2d<f32>>(id.x), vec2(0), 0);
    let i = textureLoad(getResource<texture_3d<i32>>(id.x), vec3(0), 0);
    let u = textureLoad(getResource<texture_multisampled_2d<u32>>(id.x), vec2(0), 0);
    let d = textureLoad(getResource<texture_depth_2d>(id.x), vec2(0), 0);
    out[id.x] = n + u32(f.x) + u32(i.y) + u.z + u32(d);
}
