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
    uint _e11 = asuint(_resource_table_metadata.Load(0u*4+4));
    n = (_e3 + NagaDimensions1D(naga_resource_table_texture_1d_f32((((0u < _e7) && ((_e11 & 255u) == 1u)) ? 0u : (_e7 + 0u)))));
    uint _e24 = n;
    uint _e28 = asuint(_resource_table_metadata.Load(0));
    uint _e32 = asuint(_resource_table_metadata.Load(1u*4+4));
    n = (_e24 + NagaDimensions2D(naga_resource_table_texture_2d_f32((((1u < _e28) && ((_e32 & 255u) == 2u)) ? 1u : (_e28 + 1u)))).x);
    uint _e46 = n;
    uint _e50 = asuint(_resource_table_metadata.Load(0));
    uint _e54 = asuint(_resource_table_metadata.Load(2u*4+4));
    n = (_e46 + NagaDimensions2DArray(naga_resource_table_texture_2d_array_f32((((2u < _e50) && ((_e54 & 255u) == 3u)) ? 2u : (_e50 + 2u)))).x);
    uint _e68 = n;
    uint _e72 = asuint(_resource_table_metadata.Load(0));
    uint _e76 = asuint(_resource_table_metadata.Load(3u*4+4));
    n = (_e68 + NagaDimensions3D(naga_resource_table_texture_3d_f32((((3u < _e72) && ((_e76 & 255u) == 4u)) ? 3u : (_e72 + 3u)))).x);
    uint _e90 = n;
    uint _e94 = asuint(_resource_table_metadata.Load(0));
    uint _e98 = asuint(_resource_table_metadata.Load(4u*4+4));
    n = (_e90 + NagaDimensionsCube(naga_resource_table_texture_cube_f32((((4u < _e94) && ((_e98 & 255u) == 5u)) ? 4u : (_e94 + 4u)))).x);
    uint _e112 = n;
    uint _e116 = asuint(_resource_table_metadata.Load(0));
    uint _e120 = asuint(_resource_table_metadata.Load(5u*4+4));
    n = (_e112 + NagaDimensionsCubeArray(naga_resource_table_texture_cube_array_f32((((5u < _e116) && ((_e120 & 255u) == 6u)) ? 5u : (_e116 + 5u)))).x);
    uint _e134 = n;
    uint _e138 = asuint(_resource_table_metadata.Load(0));
    uint _e142 = asuint(_resource_table_metadata.Load(6u*4+4));
    n = (_e134 + NagaDimensions1D(naga_resource_table_texture_1d_i32((((6u < _e138) && (_e142 == 7u)) ? 6u : (_e138 + 6u)))));
    uint _e153 = n;
    uint _e157 = asuint(_resource_table_metadata.Load(0));
    uint _e161 = asuint(_resource_table_metadata.Load(7u*4+4));
    n = (_e153 + NagaDimensions2D(naga_resource_table_texture_2d_i32((((7u < _e157) && (_e161 == 8u)) ? 7u : (_e157 + 7u)))).x);
    uint _e173 = n;
    uint _e177 = asuint(_resource_table_metadata.Load(0));
    uint _e181 = asuint(_resource_table_metadata.Load(8u*4+4));
    n = (_e173 + NagaDimensions2DArray(naga_resource_table_texture_2d_array_i32((((8u < _e177) && (_e181 == 9u)) ? 8u : (_e177 + 8u)))).x);
    uint _e193 = n;
    uint _e197 = asuint(_resource_table_metadata.Load(0));
    uint _e201 = asuint(_resource_table_metadata.Load(9u*4+4));
    n = (_e193 + NagaDimensions3D(naga_resource_table_texture_3d_i32((((9u < _e197) && (_e201 == 10u)) ? 9u : (_e197 + 9u)))).x);
    uint _e213 = n;
    uint _e217 = asuint(_resource_table_metadata.Load(0));
    uint _e221 = asuint(_resource_table_metadata.Load(10u*4+4));
    n = (_e213 + NagaDimensionsCube(naga_resource_table_texture_cube_i32((((10u < _e217) && (_e221 == 11u)) ? 10u : (_e217 + 10u)))).x);
    uint _e233 = n;
    uint _e237 = asuint(_resource_table_metadata.Load(0));
    uint _e241 = asuint(_resource_table_metadata.Load(11u*4+4));
    n = (_e233 + NagaDimensionsCubeArray(naga_resource_table_texture_cube_array_i32((((11u < _e237) && (_e241 == 12u)) ? 11u : (_e237 + 11u)))).x);
    uint _e253 = n;
    uint _e257 = asuint(_resource_table_metadata.Load(0));
    uint _e261 = asuint(_resource_table_metadata.Load(12u*4+4));
    n = (_e253 + NagaDimensions1D(naga_resource_table_texture_1d_u32((((12u < _e257) && (_e261 == 13u)) ? 12u : (_e257 + 12u)))));
    uint _e272 = n;
    uint _e276 = asuint(_resource_table_metadata.Load(0));
    uint _e280 = asuint(_resource_table_metadata.Load(13u*4+4));
    n = (_e272 + NagaDimensions2D(naga_resource_table_texture_2d_u32((((13u < _e276) && (_e280 == 14u)) ? 13u : (_e276 + 13u)))).x);
    uint _e292 = n;
    uint _e296 = asuint(_resource_table_metadata.Load(0));
    uint _e300 = asuint(_resource_table_metadata.Load(14u*4+4));
    n = (_e292 + NagaDimensions2DArray(naga_resource_table_texture_2d_array_u32((((14u < _e296) && (_e300 == 15u)) ? 14u : (_e296 + 14u)))).x);
    uint _e312 = n;
    uint _e316 = asuint(_resource_table_metadata.Load(0));
    uint _e320 = asuint(_resource_table_metadata.Load(15u*4+4));
    n = (_e312 + NagaDimensions3D(naga_resource_table_texture_3d_u32((((15u < _e316) && (_e320 == 16u)) ? 15u : (_e316 + 15u)))).x);
    uint _e332 = n;
    uint _e336 = asuint(_resource_table_metadata.Load(0));
    uint _e340 = asuint(_resource_table_metadata.Load(16u*4+4));
    n = (_e332 + NagaDimensionsCube(naga_resource_table_texture_cube_u32((((16u < _e336) && (_e340 == 17u)) ? 16u : (_e336 + 16u)))).x);
    uint _e352 = n;
    uint _e356 = asuint(_resource_table_metadata.Load(0));
    uint _e360 = asuint(_resource_table_metadata.Load(17u*4+4));
    n = (_e352 + NagaDimensionsCubeArray(naga_resource_table_texture_cube_array_u32((((17u < _e356) && (_e360 == 18u)) ? 17u : (_e356 + 17u)))).x);
    uint _e372 = n;
    uint _e376 = asuint(_resource_table_metadata.Load(0));
    uint _e380 = asuint(_resource_table_metadata.Load(18u*4+4));
    n = (_e372 + NagaMSDimensions2D(naga_resource_table_texture_multisampled_2d_f32((((18u < _e376) && (_e380 == 19u)) ? 18u : (_e376 + 18u)))).x);
    uint _e392 = n;
    uint _e396 = asuint(_resource_table_metadata.Load(0));
    uint _e400 = asuint(_resource_table_metadata.Load(19u*4+4));
    n = (_e392 + NagaMSDimensions2D(naga_resource_table_texture_multisampled_2d_i32((((19u < _e396) && (_e400 == 20u)) ? 19u : (_e396 + 19u)))).x);
    uint _e412 = n;
    uint _e416 = asuint(_resource_table_metadata.Load(0));
    uint _e420 = asuint(_resource_table_metadata.Load(20u*4+4));
    n = (_e412 + NagaMSDimensions2D(naga_resource_table_texture_multisampled_2d_u32((((20u < _e416) && (_e420 == 21u)) ? 20u : (_e416 + 20u)))).x);
    uint _e432 = n;
    uint _e436 = asuint(_resource_table_metadata.Load(0));
    uint _e440 = asuint(_resource_table_metadata.Load(21u*4+4));
    n = (_e432 + NagaDepthDimensions2D(naga_resource_table_texture_depth_2d((((21u < _e436) && (_e440 == 22u)) ? 21u : (_e436 + 21u)))).x);
    uint _e452 = n;
    uint _e456 = asuint(_resource_table_metadata.Load(0));
    uint _e460 = asuint(_resource_table_metadata.Load(22u*4+4));
    n = (_e452 + NagaDepthDimensions2DArray(naga_resource_table_texture_depth_2d_array((((22u < _e456) && (_e460 == 23u)) ? 22u : (_e456 + 22u)))).x);
    uint _e472 = n;
    uint _e476 = asuint(_resource_table_metadata.Load(0));
    uint _e480 = asuint(_resource_table_metadata.Load(23u*4+4));
    n = (_e472 + NagaDepthDimensionsCube(naga_resource_table_texture_depth_cube((((23u < _e476) && (_e480 == 24u)) ? 23u : (_e476 + 23u)))).x);
    uint _e492 = n;
    uint _e496 = asuint(_resource_table_metadata.Load(0));
    uint _e500 = asuint(_resource_table_metadata.Load(24u*4+4));
    n = (_e492 + NagaDepthDimensionsCubeArray(naga_resource_table_texture_depth_cube_array((((24u < _e496) && (_e500 == 25u)) ? 24u : (_e496 + 24u)))).x);
    uint _e512 = n;
    uint _e516 = asuint(_resource_table_metadata.Load(0));
    uint _e520 = asuint(_resource_table_metadata.Load(25u*4+4));
    n = (_e512 + NagaDepthMSDimensions2D(naga_resource_table_texture_depth_multisampled_2d((((25u < _e516) && (_e520 == 26u)) ? 25u : (_e516 + 25u)))).x);
    uint _e535 = asuint(_resource_table_metadata.Load(0));
    uint _e539 = asuint(_resource_table_metadata.Load(id.x*4+4));
    float4 f = naga_resource_table_texture_2d_f32_nonuniform((((id.x < _e535) && ((_e539 & 255u) == 2u)) ? id.x : (_e535 + 1u))).Load(int3((int(0)).xx, int(0)));
    uint _e557 = asuint(_resource_table_metadata.Load(0));
    uint _e561 = asuint(_resource_table_metadata.Load(id.x*4+4));
    int4 i = naga_resource_table_texture_3d_i32_nonuniform((((id.x < _e557) && (_e561 == 10u)) ? id.x : (_e557 + 9u))).Load(int4((int(0)).xxx, int(0)));
    uint _e577 = asuint(_resource_table_metadata.Load(0));
    uint _e581 = asuint(_resource_table_metadata.Load(id.x*4+4));
    uint4 u = naga_resource_table_texture_multisampled_2d_u32_nonuniform((((id.x < _e577) && (_e581 == 21u)) ? id.x : (_e577 + 20u))).Load((int(0)).xx, int(0));
    uint _e597 = asuint(_resource_table_metadata.Load(0));
    uint _e601 = asuint(_resource_table_metadata.Load(id.x*4+4));
    float d = naga_resource_table_texture_depth_2d_nonuniform((((id.x < _e597) && (_e601 == 22u)) ? id.x : (_e597 + 21u))).Load(int3((int(0)).xx, int(0))).x;
    uint _e617 = n;
    out_.Store(id.x*4, asuint(((((_e617 + naga_f2u32(f.x)) + uint(i.y)) + u.z) + naga_f2u32(d))));
    return;
}
