RWByteAddressBuffer out_ : register(u0);
ByteAddressBuffer _resource_table_metadata : register(t0, space1);
cbuffer naga_resource_table_bases : register(b0, space1) { uint naga_resource_table_resources; uint naga_resource_table_samplers; }
Texture1D<float4> naga_resource_table_texture_1d_f32(uint i) { return ResourceDescriptorHeap[naga_resource_table_resources + i]; }
Texture1D<float4> naga_resource_table_texture_1d_f32_nonuniform(uint i) { return ResourceDescriptorHeap[NonUniformResourceIndex(naga_resource_table_resources + i)]; }
Texture2D<float4> naga_resource_table_texture_2d_f32(uint i) { return ResourceDescriptorHeap[naga_resource_table_resources + i]; }
Texture2D<float4> naga_resource_table_texture_2d_f32_nonuniform(uint i) { return ResourceDescriptorHeap[NonUniformResourceIndex(naga_resource_table_resources + i)]; }
Texture2DArray<float4> naga_resource_table_texture_2d_array_f32(uint i) { return ResourceDescriptorHeap[naga_resource_table_resources + i]; }
Texture2DArray<float4> naga_resource_table_texture_2d_array_f32_nonuniform(uint i) { return ResourceDescriptorHeap[NonUniformResourceIndex(naga_resource_table_resources + i)]; }
Texture3D<float4> naga_resource_table_texture_3d_f32(uint i) { return ResourceDescriptorHeap[naga_resource_table_resources + i]; }
Texture3D<float4> naga_resource_table_texture_3d_f32_nonuniform(uint i) { return ResourceDescriptorHeap[NonUniformResourceIndex(naga_resource_table_resources + i)]; }
TextureCube<float4> naga_resource_table_texture_cube_f32(uint i) { return ResourceDescriptorHeap[naga_resource_table_resources + i]; }
TextureCube<float4> naga_resource_table_texture_cube_f32_nonuniform(uint i) { return ResourceDescriptorHeap[NonUniformResourceIndex(naga_resource_table_resources + i)]; }
TextureCubeArray<float4> naga_resource_table_texture_cube_array_f32(uint i) { return ResourceDescriptorHeap[naga_resource_table_resources + i]; }
TextureCubeArray<float4> naga_resource_table_texture_cube_array_f32_nonuniform(uint i) { return ResourceDescriptorHeap[NonUniformResourceIndex(naga_resource_table_resources + i)]; }
Texture1D<int4> naga_resource_table_texture_1d_i32(uint i) { return ResourceDescriptorHeap[naga_resource_table_resources + i]; }
Texture1D<int4> naga_resource_table_texture_1d_i32_nonuniform(uint i) { return ResourceDescriptorHeap[NonUniformResourceIndex(naga_resource_table_resources + i)]; }
Texture2D<int4> naga_resource_table_texture_2d_i32(uint i) { return ResourceDescriptorHeap[naga_resource_table_resources + i]; }
Texture2D<int4> naga_resource_table_texture_2d_i32_nonuniform(uint i) { return ResourceDescriptorHeap[NonUniformResourceIndex(naga_resource_table_resources + i)]; }
Texture2DArray<int4> naga_resource_table_texture_2d_array_i32(uint i) { return ResourceDescriptorHeap[naga_resource_table_resources + i]; }
Texture2DArray<int4> naga_resource_table_texture_2d_array_i32_nonuniform(uint i) { return ResourceDescriptorHeap[NonUniformResourceIndex(naga_resource_table_resources + i)]; }
Texture3D<int4> naga_resource_table_texture_3d_i32(uint i) { return ResourceDescriptorHeap[naga_resource_table_resources + i]; }
Texture3D<int4> naga_resource_table_texture_3d_i32_nonuniform(uint i) { return ResourceDescriptorHeap[NonUniformResourceIndex(naga_resource_table_resources + i)]; }
TextureCube<int4> naga_resource_table_texture_cube_i32(uint i) { return ResourceDescriptorHeap[naga_resource_table_resources + i]; }
TextureCube<int4> naga_resource_table_texture_cube_i32_nonuniform(uint i) { return ResourceDescriptorHeap[NonUniformResourceIndex(naga_resource_table_resources + i)]; }
TextureCubeArray<int4> naga_resource_table_texture_cube_array_i32(uint i) { return ResourceDescriptorHeap[naga_resource_table_resources + i]; }
TextureCubeArray<int4> naga_resource_table_texture_cube_array_i32_nonuniform(uint i) { return ResourceDescriptorHeap[NonUniformResourceIndex(naga_resource_table_resources + i)]; }
Texture1D<uint4> naga_resource_table_texture_1d_u32(uint i) { return ResourceDescriptorHeap[naga_resource_table_resources + i]; }
Texture1D<uint4> naga_resource_table_texture_1d_u32_nonuniform(uint i) { return ResourceDescriptorHeap[NonUniformResourceIndex(naga_resource_table_resources + i)]; }
Texture2D<uint4> naga_resource_table_texture_2d_u32(uint i) { return ResourceDescriptorHeap[naga_resource_table_resources + i]; }
Texture2D<uint4> naga_resource_table_texture_2d_u32_nonuniform(uint i) { return ResourceDescriptorHeap[NonUniformResourceIndex(naga_resource_table_resources + i)]; }
Texture2DArray<uint4> naga_resource_table_texture_2d_array_u32(uint i) { return ResourceDescriptorHeap[naga_resource_table_resources + i]; }
Texture2DArray<uint4> naga_resource_table_texture_2d_array_u32_nonuniform(uint i) { return ResourceDescriptorHeap[NonUniformResourceIndex(naga_resource_table_resources + i)]; }
Texture3D<uint4> naga_resource_table_texture_3d_u32(uint i) { return ResourceDescriptorHeap[naga_resource_table_resources + i]; }
Texture3D<uint4> naga_resource_table_texture_3d_u32_nonuniform(uint i) { return ResourceDescriptorHeap[NonUniformResourceIndex(naga_resource_table_resources + i)]; }
TextureCube<uint4> naga_resource_table_texture_cube_u32(uint i) { return ResourceDescriptorHeap[naga_resource_table_resources + i]; }
TextureCube<uint4> naga_resource_table_texture_cube_u32_nonuniform(uint i) { return ResourceDescriptorHeap[NonUniformResourceIndex(naga_resource_table_resources + i)]; }
TextureCubeArray<uint4> naga_resource_table_texture_cube_array_u32(uint i) { return ResourceDescriptorHeap[naga_resource_table_resources + i]; }
TextureCubeArray<uint4> naga_resource_table_texture_cube_array_u32_nonuniform(uint i) { return ResourceDescriptorHeap[NonUniformResourceIndex(naga_resource_table_resources + i)]; }
Texture2DMS<float4> naga_resource_table_texture_multisampled_2d_f32(uint i) { return ResourceDescriptorHeap[naga_resource_table_resources + i]; }
Texture2DMS<float4> naga_resource_table_texture_multisampled_2d_f32_nonuniform(uint i) { return ResourceDescriptorHeap[NonUniformResourceIndex(naga_resource_table_resources + i)]; }
Texture2DMS<int4> naga_resource_table_texture_multisampled_2d_i32(uint i) { return ResourceDescriptorHeap[naga_resource_table_resources + i]; }
Texture2DMS<int4> naga_resource_table_texture_multisampled_2d_i32_nonuniform(uint i) { return ResourceDescriptorHeap[NonUniformResourceIndex(naga_resource_table_resources + i)]; }
Texture2DMS<uint4> naga_resource_table_texture_multisampled_2d_u32(uint i) { return ResourceDescriptorHeap[naga_resource_table_resources + i]; }
Texture2DMS<uint4> naga_resource_table_texture_multisampled_2d_u32_nonuniform(uint i) { return ResourceDescriptorHeap[NonUniformResourceIndex(naga_resource_table_resources + i)]; }
Texture2D<float> naga_resource_table_texture_depth_2d(uint i) { return ResourceDescriptorHeap[naga_resource_table_resources + i]; }
Texture2D<float> naga_resource_table_texture_depth_2d_nonuniform(uint i) { return ResourceDescriptorHeap[NonUniformResourceIndex(naga_resource_table_resources + i)]; }
Texture2DArray<float> naga_resource_table_texture_depth_2d_array(uint i) { return ResourceDescriptorHeap[naga_resource_table_resources + i]; }
Texture2DArray<float> naga_resource_table_texture_depth_2d_array_nonuniform(uint i) { return ResourceDescriptorHeap[NonUniformResourceIndex(naga_resource_table_resources + i)]; }
TextureCube<float> naga_resource_table_texture_depth_cube(uint i) { return ResourceDescriptorHeap[naga_resource_table_resources + i]; }
TextureCube<float> naga_resource_table_texture_depth_cube_nonuniform(uint i) { return ResourceDescriptorHeap[NonUniformResourceIndex(naga_resource_table_resources + i)]; }
TextureCubeArray<float> naga_resource_table_texture_depth_cube_array(uint i) { return ResourceDescriptorHeap[naga_resource_table_resources + i]; }
TextureCubeArray<float> naga_resource_table_texture_depth_cube_array_nonuniform(uint i) { return ResourceDescriptorHeap[NonUniformResourceIndex(naga_resource_table_resources + i)]; }
Texture2DMS<float> naga_resource_table_texture_depth_multisampled_2d(uint i) { return ResourceDescriptorHeap[naga_resource_table_resources + i]; }
Texture2DMS<float> naga_resource_table_texture_depth_multisampled_2d_nonuniform(uint i) { return ResourceDescriptorHeap[NonUniformResourceIndex(naga_resource_table_resources + i)]; }

uint naga_f2u32(float value) {
    return uint(clamp(value, 0.0, 4294967000.0));
}

uint NagaDimensions1D(Texture1D<float4> tex)
{
    uint4 ret;
    tex.GetDimensions(0, ret.x, ret.y);
    return ret.x;
}

uint2 NagaDimensions2D(Texture2D<float4> tex)
{
    uint4 ret;
    tex.GetDimensions(0, ret.x, ret.y, ret.z);
    return ret.xy;
}

uint2 NagaDimensions2DArray(Texture2DArray<float4> tex)
{
    uint4 ret;
    tex.GetDimensions(0, ret.x, ret.y, ret.z, ret.w);
    return ret.xy;
}

uint3 NagaDimensions3D(Texture3D<float4> tex)
{
    uint4 ret;
    tex.GetDimensions(0, ret.x, ret.y, ret.z, ret.w);
    return ret.xyz;
}

uint2 NagaDimensionsCube(TextureCube<float4> tex)
{
    uint4 ret;
    tex.GetDimensions(0, ret.x, ret.y, ret.z);
    return ret.xy;
}

uint2 NagaDimensionsCubeArray(TextureCubeArray<float4> tex)
{
    uint4 ret;
    tex.GetDimensions(0, ret.x, ret.y, ret.z, ret.w);
    return ret.xy;
}

uint NagaDimensions1D(Texture1D<int4> tex)
{
    uint4 ret;
    tex.GetDimensions(0, ret.x, ret.y);
    return ret.x;
}

uint2 NagaDimensions2D(Texture2D<int4> tex)
{
    uint4 ret;
    tex.GetDimensions(0, ret.x, ret.y, ret.z);
    return ret.xy;
}

uint2 NagaDimensions2DArray(Texture2DArray<int4> tex)
{
    uint4 ret;
    tex.GetDimensions(0, ret.x, ret.y, ret.z, ret.w);
    return ret.xy;
}

uint3 NagaDimensions3D(Texture3D<int4> tex)
{
    uint4 ret;
    tex.GetDimensions(0, ret.x, ret.y, ret.z, ret.w);
    return ret.xyz;
}

uint2 NagaDimensionsCube(TextureCube<int4> tex)
{
    uint4 ret;
    tex.GetDimensions(0, ret.x, ret.y, ret.z);
    return ret.xy;
}

uint2 NagaDimensionsCubeArray(TextureCubeArray<int4> tex)
{
    uint4 ret;
    tex.GetDimensions(0, ret.x, ret.y, ret.z, ret.w);
    return ret.xy;
}

uint NagaDimensions1D(Texture1D<uint4> tex)
{
    uint4 ret;
    tex.GetDimensions(0, ret.x, ret.y);
    return ret.x;
}

uint2 NagaDimensions2D(Texture2D<uint4> tex)
{
    uint4 ret;
    tex.GetDimensions(0, ret.x, ret.y, ret.z);
    return ret.xy;
}

uint2 NagaDimensions2DArray(Texture2DArray<uint4> tex)
{
    uint4 ret;
    tex.GetDimensions(0, ret.x, ret.y, ret.z, ret.w);
    return ret.xy;
}

uint3 NagaDimensions3D(Texture3D<uint4> tex)
{
    uint4 ret;
    tex.GetDimensions(0, ret.x, ret.y, ret.z, ret.w);
    return ret.xyz;
}

uint2 NagaDimensionsCube(TextureCube<uint4> tex)
{
    uint4 ret;
    tex.GetDimensions(0, ret.x, ret.y, ret.z);
    return ret.xy;
}

uint2 NagaDimensionsCubeArray(TextureCubeArray<uint4> tex)
{
    uint4 ret;
    tex.GetDimensions(0, ret.x, ret.y, ret.z, ret.w);
    return ret.xy;
}

uint2 NagaMSDimensions2D(Texture2DMS<float4> tex)
{
    uint4 ret;
    tex.GetDimensions(ret.x, ret.y, ret.z);
    return ret.xy;
}

uint2 NagaMSDimensions2D(Texture2DMS<int4> tex)
{
    uint4 ret;
    tex.GetDimensions(ret.x, ret.y, ret.z);
    return ret.xy;
}

uint2 NagaMSDimensions2D(Texture2DMS<uint4> tex)
{
    uint4 ret;
    tex.GetDimensions(ret.x, ret.y, ret.z);
    return ret.xy;
}

uint2 NagaDepthDimensions2D(Texture2D<float> tex)
{
    uint4 ret;
    tex.GetDimensions(0, ret.x, ret.y, ret.z);
    return ret.xy;
}

uint2 NagaDepthDimensions2DArray(Texture2DArray<float> tex)
{
    uint4 ret;
    tex.GetDimensions(0, ret.x, ret.y, ret.z, ret.w);
    return ret.xy;
}

uint2 NagaDepthDimensionsCube(TextureCube<float> tex)
{
    uint4 ret;
    tex.GetDimensions(0, ret.x, ret.y, ret.z);
    return ret.xy;
}

uint2 NagaDepthDimensionsCubeArray(TextureCubeArray<float> tex)
{
    uint4 ret;
    tex.GetDimensions(0, ret.x, ret.y, ret.z, ret.w);
    return ret.xy;
}

uint2 NagaDepthMSDimensions2D(Texture2DMS<float> tex)
{
    uint4 ret;
    tex.GetDimensions(ret.x, ret.y, ret.z);
    return ret.xy;
}

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    uint n = 0u;

    uint _e3 = n;
    uint _e7 = asuint(_resource_table_metadata.Load(0));
    bool _e8 = (0u < _e7);
    uint _e13 = asuint(_resource_table_metadata.Load((_e8 ? 0u : 0u)*4+4));
    n = (_e3 + NagaDimensions1D(naga_resource_table_texture_1d_f32(((_e8 && (_e13 == 1u)) ? 0u : (_e7 + 0u)))));
    uint _e24 = n;
    uint _e28 = asuint(_resource_table_metadata.Load(0));
    bool _e29 = (1u < _e28);
    uint _e34 = asuint(_resource_table_metadata.Load((_e29 ? 1u : 0u)*4+4));
    n = (_e24 + NagaDimensions2D(naga_resource_table_texture_2d_f32(((_e29 && (_e34 == 2u)) ? 1u : (_e28 + 1u)))).x);
    uint _e46 = n;
    uint _e50 = asuint(_resource_table_metadata.Load(0));
    bool _e51 = (2u < _e50);
    uint _e56 = asuint(_resource_table_metadata.Load((_e51 ? 2u : 0u)*4+4));
    n = (_e46 + NagaDimensions2DArray(naga_resource_table_texture_2d_array_f32(((_e51 && (_e56 == 3u)) ? 2u : (_e50 + 2u)))).x);
    uint _e68 = n;
    uint _e72 = asuint(_resource_table_metadata.Load(0));
    bool _e73 = (3u < _e72);
    uint _e78 = asuint(_resource_table_metadata.Load((_e73 ? 3u : 0u)*4+4));
    n = (_e68 + NagaDimensions3D(naga_resource_table_texture_3d_f32(((_e73 && (_e78 == 4u)) ? 3u : (_e72 + 3u)))).x);
    uint _e90 = n;
    uint _e94 = asuint(_resource_table_metadata.Load(0));
    bool _e95 = (4u < _e94);
    uint _e100 = asuint(_resource_table_metadata.Load((_e95 ? 4u : 0u)*4+4));
    n = (_e90 + NagaDimensionsCube(naga_resource_table_texture_cube_f32(((_e95 && (_e100 == 5u)) ? 4u : (_e94 + 4u)))).x);
    uint _e112 = n;
    uint _e116 = asuint(_resource_table_metadata.Load(0));
    bool _e117 = (5u < _e116);
    uint _e122 = asuint(_resource_table_metadata.Load((_e117 ? 5u : 0u)*4+4));
    n = (_e112 + NagaDimensionsCubeArray(naga_resource_table_texture_cube_array_f32(((_e117 && (_e122 == 6u)) ? 5u : (_e116 + 5u)))).x);
    uint _e134 = n;
    uint _e138 = asuint(_resource_table_metadata.Load(0));
    bool _e139 = (6u < _e138);
    uint _e144 = asuint(_resource_table_metadata.Load((_e139 ? 6u : 0u)*4+4));
    n = (_e134 + NagaDimensions1D(naga_resource_table_texture_1d_i32(((_e139 && (_e144 == 7u)) ? 6u : (_e138 + 6u)))));
    uint _e155 = n;
    uint _e159 = asuint(_resource_table_metadata.Load(0));
    bool _e160 = (7u < _e159);
    uint _e165 = asuint(_resource_table_metadata.Load((_e160 ? 7u : 0u)*4+4));
    n = (_e155 + NagaDimensions2D(naga_resource_table_texture_2d_i32(((_e160 && (_e165 == 8u)) ? 7u : (_e159 + 7u)))).x);
    uint _e177 = n;
    uint _e181 = asuint(_resource_table_metadata.Load(0));
    bool _e182 = (8u < _e181);
    uint _e187 = asuint(_resource_table_metadata.Load((_e182 ? 8u : 0u)*4+4));
    n = (_e177 + NagaDimensions2DArray(naga_resource_table_texture_2d_array_i32(((_e182 && (_e187 == 9u)) ? 8u : (_e181 + 8u)))).x);
    uint _e199 = n;
    uint _e203 = asuint(_resource_table_metadata.Load(0));
    bool _e204 = (9u < _e203);
    uint _e209 = asuint(_resource_table_metadata.Load((_e204 ? 9u : 0u)*4+4));
    n = (_e199 + NagaDimensions3D(naga_resource_table_texture_3d_i32(((_e204 && (_e209 == 10u)) ? 9u : (_e203 + 9u)))).x);
    uint _e221 = n;
    uint _e225 = asuint(_resource_table_metadata.Load(0));
    bool _e226 = (10u < _e225);
    uint _e231 = asuint(_resource_table_metadata.Load((_e226 ? 10u : 0u)*4+4));
    n = (_e221 + NagaDimensionsCube(naga_resource_table_texture_cube_i32(((_e226 && (_e231 == 11u)) ? 10u : (_e225 + 10u)))).x);
    uint _e243 = n;
    uint _e247 = asuint(_resource_table_metadata.Load(0));
    bool _e248 = (11u < _e247);
    uint _e253 = asuint(_resource_table_metadata.Load((_e248 ? 11u : 0u)*4+4));
    n = (_e243 + NagaDimensionsCubeArray(naga_resource_table_texture_cube_array_i32(((_e248 && (_e253 == 12u)) ? 11u : (_e247 + 11u)))).x);
    uint _e265 = n;
    uint _e269 = asuint(_resource_table_metadata.Load(0));
    bool _e270 = (12u < _e269);
    uint _e275 = asuint(_resource_table_metadata.Load((_e270 ? 12u : 0u)*4+4));
    n = (_e265 + NagaDimensions1D(naga_resource_table_texture_1d_u32(((_e270 && (_e275 == 13u)) ? 12u : (_e269 + 12u)))));
    uint _e286 = n;
    uint _e290 = asuint(_resource_table_metadata.Load(0));
    bool _e291 = (13u < _e290);
    uint _e296 = asuint(_resource_table_metadata.Load((_e291 ? 13u : 0u)*4+4));
    n = (_e286 + NagaDimensions2D(naga_resource_table_texture_2d_u32(((_e291 && (_e296 == 14u)) ? 13u : (_e290 + 13u)))).x);
    uint _e308 = n;
    uint _e312 = asuint(_resource_table_metadata.Load(0));
    bool _e313 = (14u < _e312);
    uint _e318 = asuint(_resource_table_metadata.Load((_e313 ? 14u : 0u)*4+4));
    n = (_e308 + NagaDimensions2DArray(naga_resource_table_texture_2d_array_u32(((_e313 && (_e318 == 15u)) ? 14u : (_e312 + 14u)))).x);
    uint _e330 = n;
    uint _e334 = asuint(_resource_table_metadata.Load(0));
    bool _e335 = (15u < _e334);
    uint _e340 = asuint(_resource_table_metadata.Load((_e335 ? 15u : 0u)*4+4));
    n = (_e330 + NagaDimensions3D(naga_resource_table_texture_3d_u32(((_e335 && (_e340 == 16u)) ? 15u : (_e334 + 15u)))).x);
    uint _e352 = n;
    uint _e356 = asuint(_resource_table_metadata.Load(0));
    bool _e357 = (16u < _e356);
    uint _e362 = asuint(_resource_table_metadata.Load((_e357 ? 16u : 0u)*4+4));
    n = (_e352 + NagaDimensionsCube(naga_resource_table_texture_cube_u32(((_e357 && (_e362 == 17u)) ? 16u : (_e356 + 16u)))).x);
    uint _e374 = n;
    uint _e378 = asuint(_resource_table_metadata.Load(0));
    bool _e379 = (17u < _e378);
    uint _e384 = asuint(_resource_table_metadata.Load((_e379 ? 17u : 0u)*4+4));
    n = (_e374 + NagaDimensionsCubeArray(naga_resource_table_texture_cube_array_u32(((_e379 && (_e384 == 18u)) ? 17u : (_e378 + 17u)))).x);
    uint _e396 = n;
    uint _e400 = asuint(_resource_table_metadata.Load(0));
    bool _e401 = (18u < _e400);
    uint _e406 = asuint(_resource_table_metadata.Load((_e401 ? 18u : 0u)*4+4));
    n = (_e396 + NagaMSDimensions2D(naga_resource_table_texture_multisampled_2d_f32(((_e401 && (_e406 == 19u)) ? 18u : (_e400 + 18u)))).x);
    uint _e418 = n;
    uint _e422 = asuint(_resource_table_metadata.Load(0));
    bool _e423 = (19u < _e422);
    uint _e428 = asuint(_resource_table_metadata.Load((_e423 ? 19u : 0u)*4+4));
    n = (_e418 + NagaMSDimensions2D(naga_resource_table_texture_multisampled_2d_i32(((_e423 && (_e428 == 20u)) ? 19u : (_e422 + 19u)))).x);
    uint _e440 = n;
    uint _e444 = asuint(_resource_table_metadata.Load(0));
    bool _e445 = (20u < _e444);
    uint _e450 = asuint(_resource_table_metadata.Load((_e445 ? 20u : 0u)*4+4));
    n = (_e440 + NagaMSDimensions2D(naga_resource_table_texture_multisampled_2d_u32(((_e445 && (_e450 == 21u)) ? 20u : (_e444 + 20u)))).x);
    uint _e462 = n;
    uint _e466 = asuint(_resource_table_metadata.Load(0));
    bool _e467 = (21u < _e466);
    uint _e472 = asuint(_resource_table_metadata.Load((_e467 ? 21u : 0u)*4+4));
    n = (_e462 + NagaDepthDimensions2D(naga_resource_table_texture_depth_2d(((_e467 && (_e472 == 22u)) ? 21u : (_e466 + 21u)))).x);
    uint _e484 = n;
    uint _e488 = asuint(_resource_table_metadata.Load(0));
    bool _e489 = (22u < _e488);
    uint _e494 = asuint(_resource_table_metadata.Load((_e489 ? 22u : 0u)*4+4));
    n = (_e484 + NagaDepthDimensions2DArray(naga_resource_table_texture_depth_2d_array(((_e489 && (_e494 == 23u)) ? 22u : (_e488 + 22u)))).x);
    uint _e506 = n;
    uint _e510 = asuint(_resource_table_metadata.Load(0));
    bool _e511 = (23u < _e510);
    uint _e516 = asuint(_resource_table_metadata.Load((_e511 ? 23u : 0u)*4+4));
    n = (_e506 + NagaDepthDimensionsCube(naga_resource_table_texture_depth_cube(((_e511 && (_e516 == 24u)) ? 23u : (_e510 + 23u)))).x);
    uint _e528 = n;
    uint _e532 = asuint(_resource_table_metadata.Load(0));
    bool _e533 = (24u < _e532);
    uint _e538 = asuint(_resource_table_metadata.Load((_e533 ? 24u : 0u)*4+4));
    n = (_e528 + NagaDepthDimensionsCubeArray(naga_resource_table_texture_depth_cube_array(((_e533 && (_e538 == 25u)) ? 24u : (_e532 + 24u)))).x);
    uint _e550 = n;
    uint _e554 = asuint(_resource_table_metadata.Load(0));
    bool _e555 = (25u < _e554);
    uint _e560 = asuint(_resource_table_metadata.Load((_e555 ? 25u : 0u)*4+4));
    n = (_e550 + NagaDepthMSDimensions2D(naga_resource_table_texture_depth_multisampled_2d(((_e555 && (_e560 == 26u)) ? 25u : (_e554 + 25u)))).x);
    uint _e575 = asuint(_resource_table_metadata.Load(0));
    bool _e576 = (id.x < _e575);
    uint _e581 = asuint(_resource_table_metadata.Load((_e576 ? id.x : 0u)*4+4));
    float4 f = naga_resource_table_texture_2d_f32_nonuniform(((_e576 && (_e581 == 2u)) ? id.x : (_e575 + 1u))).Load(int3((int(0)).xx, int(0)));
    uint _e597 = asuint(_resource_table_metadata.Load(0));
    bool _e598 = (id.x < _e597);
    uint _e603 = asuint(_resource_table_metadata.Load((_e598 ? id.x : 0u)*4+4));
    int4 i = naga_resource_table_texture_3d_i32_nonuniform(((_e598 && (_e603 == 10u)) ? id.x : (_e597 + 9u))).Load(int4((int(0)).xxx, int(0)));
    uint _e619 = asuint(_resource_table_metadata.Load(0));
    bool _e620 = (id.x < _e619);
    uint _e625 = asuint(_resource_table_metadata.Load((_e620 ? id.x : 0u)*4+4));
    uint4 u = naga_resource_table_texture_multisampled_2d_u32_nonuniform(((_e620 && (_e625 == 21u)) ? id.x : (_e619 + 20u))).Load((int(0)).xx, int(0));
    uint _e641 = asuint(_resource_table_metadata.Load(0));
    bool _e642 = (id.x < _e641);
    uint _e647 = asuint(_resource_table_metadata.Load((_e642 ? id.x : 0u)*4+4));
    float d = naga_resource_table_texture_depth_2d_nonuniform(((_e642 && (_e647 == 22u)) ? id.x : (_e641 + 21u))).Load(int3((int(0)).xx, int(0))).x;
    uint _e663 = n;
    out_.Store(id.x*4, asuint(((((_e663 + naga_f2u32(f.x)) + uint(i.y)) + u.z) + naga_f2u32(d))));
    return;
}
