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
    n = (_e3 + NagaDimensions1D(naga_resource_table_texture_1d_f32((((0u < _e7) && (_e11 == 1u)) ? 0u : (_e7 + 0u)))));
    uint _e22 = n;
    uint _e26 = asuint(_resource_table_metadata.Load(0));
    uint _e30 = asuint(_resource_table_metadata.Load(1u*4+4));
    n = (_e22 + NagaDimensions2D(naga_resource_table_texture_2d_f32((((1u < _e26) && (_e30 == 2u)) ? 1u : (_e26 + 1u)))).x);
    uint _e42 = n;
    uint _e46 = asuint(_resource_table_metadata.Load(0));
    uint _e50 = asuint(_resource_table_metadata.Load(2u*4+4));
    n = (_e42 + NagaDimensions2DArray(naga_resource_table_texture_2d_array_f32((((2u < _e46) && (_e50 == 3u)) ? 2u : (_e46 + 2u)))).x);
    uint _e62 = n;
    uint _e66 = asuint(_resource_table_metadata.Load(0));
    uint _e70 = asuint(_resource_table_metadata.Load(3u*4+4));
    n = (_e62 + NagaDimensions3D(naga_resource_table_texture_3d_f32((((3u < _e66) && (_e70 == 4u)) ? 3u : (_e66 + 3u)))).x);
    uint _e82 = n;
    uint _e86 = asuint(_resource_table_metadata.Load(0));
    uint _e90 = asuint(_resource_table_metadata.Load(4u*4+4));
    n = (_e82 + NagaDimensionsCube(naga_resource_table_texture_cube_f32((((4u < _e86) && (_e90 == 5u)) ? 4u : (_e86 + 4u)))).x);
    uint _e102 = n;
    uint _e106 = asuint(_resource_table_metadata.Load(0));
    uint _e110 = asuint(_resource_table_metadata.Load(5u*4+4));
    n = (_e102 + NagaDimensionsCubeArray(naga_resource_table_texture_cube_array_f32((((5u < _e106) && (_e110 == 6u)) ? 5u : (_e106 + 5u)))).x);
    uint _e122 = n;
    uint _e126 = asuint(_resource_table_metadata.Load(0));
    uint _e130 = asuint(_resource_table_metadata.Load(6u*4+4));
    n = (_e122 + NagaDimensions1D(naga_resource_table_texture_1d_i32((((6u < _e126) && (_e130 == 7u)) ? 6u : (_e126 + 6u)))));
    uint _e141 = n;
    uint _e145 = asuint(_resource_table_metadata.Load(0));
    uint _e149 = asuint(_resource_table_metadata.Load(7u*4+4));
    n = (_e141 + NagaDimensions2D(naga_resource_table_texture_2d_i32((((7u < _e145) && (_e149 == 8u)) ? 7u : (_e145 + 7u)))).x);
    uint _e161 = n;
    uint _e165 = asuint(_resource_table_metadata.Load(0));
    uint _e169 = asuint(_resource_table_metadata.Load(8u*4+4));
    n = (_e161 + NagaDimensions2DArray(naga_resource_table_texture_2d_array_i32((((8u < _e165) && (_e169 == 9u)) ? 8u : (_e165 + 8u)))).x);
    uint _e181 = n;
    uint _e185 = asuint(_resource_table_metadata.Load(0));
    uint _e189 = asuint(_resource_table_metadata.Load(9u*4+4));
    n = (_e181 + NagaDimensions3D(naga_resource_table_texture_3d_i32((((9u < _e185) && (_e189 == 10u)) ? 9u : (_e185 + 9u)))).x);
    uint _e201 = n;
    uint _e205 = asuint(_resource_table_metadata.Load(0));
    uint _e209 = asuint(_resource_table_metadata.Load(10u*4+4));
    n = (_e201 + NagaDimensionsCube(naga_resource_table_texture_cube_i32((((10u < _e205) && (_e209 == 11u)) ? 10u : (_e205 + 10u)))).x);
    uint _e221 = n;
    uint _e225 = asuint(_resource_table_metadata.Load(0));
    uint _e229 = asuint(_resource_table_metadata.Load(11u*4+4));
    n = (_e221 + NagaDimensionsCubeArray(naga_resource_table_texture_cube_array_i32((((11u < _e225) && (_e229 == 12u)) ? 11u : (_e225 + 11u)))).x);
    uint _e241 = n;
    uint _e245 = asuint(_resource_table_metadata.Load(0));
    uint _e249 = asuint(_resource_table_metadata.Load(12u*4+4));
    n = (_e241 + NagaDimensions1D(naga_resource_table_texture_1d_u32((((12u < _e245) && (_e249 == 13u)) ? 12u : (_e245 + 12u)))));
    uint _e260 = n;
    uint _e264 = asuint(_resource_table_metadata.Load(0));
    uint _e268 = asuint(_resource_table_metadata.Load(13u*4+4));
    n = (_e260 + NagaDimensions2D(naga_resource_table_texture_2d_u32((((13u < _e264) && (_e268 == 14u)) ? 13u : (_e264 + 13u)))).x);
    uint _e280 = n;
    uint _e284 = asuint(_resource_table_metadata.Load(0));
    uint _e288 = asuint(_resource_table_metadata.Load(14u*4+4));
    n = (_e280 + NagaDimensions2DArray(naga_resource_table_texture_2d_array_u32((((14u < _e284) && (_e288 == 15u)) ? 14u : (_e284 + 14u)))).x);
    uint _e300 = n;
    uint _e304 = asuint(_resource_table_metadata.Load(0));
    uint _e308 = asuint(_resource_table_metadata.Load(15u*4+4));
    n = (_e300 + NagaDimensions3D(naga_resource_table_texture_3d_u32((((15u < _e304) && (_e308 == 16u)) ? 15u : (_e304 + 15u)))).x);
    uint _e320 = n;
    uint _e324 = asuint(_resource_table_metadata.Load(0));
    uint _e328 = asuint(_resource_table_metadata.Load(16u*4+4));
    n = (_e320 + NagaDimensionsCube(naga_resource_table_texture_cube_u32((((16u < _e324) && (_e328 == 17u)) ? 16u : (_e324 + 16u)))).x);
    uint _e340 = n;
    uint _e344 = asuint(_resource_table_metadata.Load(0));
    uint _e348 = asuint(_resource_table_metadata.Load(17u*4+4));
    n = (_e340 + NagaDimensionsCubeArray(naga_resource_table_texture_cube_array_u32((((17u < _e344) && (_e348 == 18u)) ? 17u : (_e344 + 17u)))).x);
    uint _e360 = n;
    uint _e364 = asuint(_resource_table_metadata.Load(0));
    uint _e368 = asuint(_resource_table_metadata.Load(18u*4+4));
    n = (_e360 + NagaMSDimensions2D(naga_resource_table_texture_multisampled_2d_f32((((18u < _e364) && (_e368 == 19u)) ? 18u : (_e364 + 18u)))).x);
    uint _e380 = n;
    uint _e384 = asuint(_resource_table_metadata.Load(0));
    uint _e388 = asuint(_resource_table_metadata.Load(19u*4+4));
    n = (_e380 + NagaMSDimensions2D(naga_resource_table_texture_multisampled_2d_i32((((19u < _e384) && (_e388 == 20u)) ? 19u : (_e384 + 19u)))).x);
    uint _e400 = n;
    uint _e404 = asuint(_resource_table_metadata.Load(0));
    uint _e408 = asuint(_resource_table_metadata.Load(20u*4+4));
    n = (_e400 + NagaMSDimensions2D(naga_resource_table_texture_multisampled_2d_u32((((20u < _e404) && (_e408 == 21u)) ? 20u : (_e404 + 20u)))).x);
    uint _e420 = n;
    uint _e424 = asuint(_resource_table_metadata.Load(0));
    uint _e428 = asuint(_resource_table_metadata.Load(21u*4+4));
    n = (_e420 + NagaDepthDimensions2D(naga_resource_table_texture_depth_2d((((21u < _e424) && (_e428 == 22u)) ? 21u : (_e424 + 21u)))).x);
    uint _e440 = n;
    uint _e444 = asuint(_resource_table_metadata.Load(0));
    uint _e448 = asuint(_resource_table_metadata.Load(22u*4+4));
    n = (_e440 + NagaDepthDimensions2DArray(naga_resource_table_texture_depth_2d_array((((22u < _e444) && (_e448 == 23u)) ? 22u : (_e444 + 22u)))).x);
    uint _e460 = n;
    uint _e464 = asuint(_resource_table_metadata.Load(0));
    uint _e468 = asuint(_resource_table_metadata.Load(23u*4+4));
    n = (_e460 + NagaDepthDimensionsCube(naga_resource_table_texture_depth_cube((((23u < _e464) && (_e468 == 24u)) ? 23u : (_e464 + 23u)))).x);
    uint _e480 = n;
    uint _e484 = asuint(_resource_table_metadata.Load(0));
    uint _e488 = asuint(_resource_table_metadata.Load(24u*4+4));
    n = (_e480 + NagaDepthDimensionsCubeArray(naga_resource_table_texture_depth_cube_array((((24u < _e484) && (_e488 == 25u)) ? 24u : (_e484 + 24u)))).x);
    uint _e500 = n;
    uint _e504 = asuint(_resource_table_metadata.Load(0));
    uint _e508 = asuint(_resource_table_metadata.Load(25u*4+4));
    n = (_e500 + NagaDepthMSDimensions2D(naga_resource_table_texture_depth_multisampled_2d((((25u < _e504) && (_e508 == 26u)) ? 25u : (_e504 + 25u)))).x);
    uint _e523 = asuint(_resource_table_metadata.Load(0));
    uint _e527 = asuint(_resource_table_metadata.Load(id.x*4+4));
    float4 f = naga_resource_table_texture_2d_f32_nonuniform((((id.x < _e523) && (_e527 == 2u)) ? id.x : (_e523 + 1u))).Load(int3((int(0)).xx, int(0)));
    uint _e543 = asuint(_resource_table_metadata.Load(0));
    uint _e547 = asuint(_resource_table_metadata.Load(id.x*4+4));
    int4 i = naga_resource_table_texture_3d_i32_nonuniform((((id.x < _e543) && (_e547 == 10u)) ? id.x : (_e543 + 9u))).Load(int4((int(0)).xxx, int(0)));
    uint _e563 = asuint(_resource_table_metadata.Load(0));
    uint _e567 = asuint(_resource_table_metadata.Load(id.x*4+4));
    uint4 u = naga_resource_table_texture_multisampled_2d_u32_nonuniform((((id.x < _e563) && (_e567 == 21u)) ? id.x : (_e563 + 20u))).Load((int(0)).xx, int(0));
    uint _e583 = asuint(_resource_table_metadata.Load(0));
    uint _e587 = asuint(_resource_table_metadata.Load(id.x*4+4));
    float d = naga_resource_table_texture_depth_2d_nonuniform((((id.x < _e583) && (_e587 == 22u)) ? id.x : (_e583 + 21u))).Load(int3((int(0)).xx, int(0))).x;
    uint _e603 = n;
    out_.Store(id.x*4, asuint(((((_e603 + naga_f2u32(f.x)) + uint(i.y)) + u.z) + naga_f2u32(d))));
    return;
}
