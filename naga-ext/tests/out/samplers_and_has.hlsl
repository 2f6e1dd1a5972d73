RWByteAddressBuffer out_ : register(u0);
ByteAddressBuffer _resource_table_metadata : register(t0, space1);
cbuffer naga_resource_table_bases : register(b0, space1) { uint naga_resource_table_resources; uint naga_resource_table_samplers; }
Texture2D<float4> naga_resource_table_texture_2d_f32(uint i) { return ResourceDescriptorHeap[naga_resource_table_resources + i]; }
Texture2D<float4> naga_resource_table_texture_2d_f32_nonuniform(uint i) { return ResourceDescriptorHeap[NonUniformResourceIndex(naga_resource_table_resources + i)]; }
SamplerState naga_resource_table_sampler(uint i) { return SamplerDescriptorHeap[naga_resource_table_samplers + i]; }
SamplerState naga_resource_table_sampler_nonuniform(uint i) { return SamplerDescriptorHeap[NonUniformResourceIndex(naga_resource_table_samplers + i)]; }
Texture2D<float> naga_resource_table_texture_depth_2d(uint i) { return ResourceDescriptorHeap[naga_resource_table_resources + i]; }
Texture2D<float> naga_resource_table_texture_depth_2d_nonuniform(uint i) { return ResourceDescriptorHeap[NonUniformResourceIndex(naga_resource_table_resources + i)]; }
SamplerComparisonState naga_resource_table_sampler_comparison(uint i) { return SamplerDescriptorHeap[naga_resource_table_samplers + i]; }
SamplerComparisonState naga_resource_table_sampler_comparison_nonuniform(uint i) { return SamplerDescriptorHeap[NonUniformResourceIndex(naga_resource_table_samplers + i)]; }

uint naga_f2u32(float value) {
    return uint(clamp(value, 0.0, 4294967000.0));
}

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    uint mask = 0u;

    float2 uv = (0.5).xx;
    uint _e6 = asuint(_resource_table_metadata.Load(0));
    uint _e10 = asuint(_resource_table_metadata.Load(0u*4+4));
    uint _e22 = asuint(_resource_table_metadata.Load(0));
    uint _e26 = asuint(_resource_table_metadata.Load(1u*4+4));
    float4 c = naga_resource_table_texture_2d_f32((((0u < _e6) && (_e10 == 2u)) ? 0u : (_e6 + 1u))).SampleLevel(naga_resource_table_sampler((((1u < _e22) && (_e26 == 27u)) ? 1u : (_e22 + 26u))), uv, 0.0);
    uint _e40 = asuint(_resource_table_metadata.Load(0));
    uint _e44 = asuint(_resource_table_metadata.Load(2u*4+4));
    uint _e56 = asuint(_resource_table_metadata.Load(0));
    uint _e60 = asuint(_resource_table_metadata.Load(3u*4+4));
    float depth = naga_resource_table_texture_depth_2d((((2u < _e40) && (_e44 == 22u)) ? 2u : (_e40 + 21u))).SampleCmpLevelZero(naga_resource_table_sampler_comparison((((3u < _e56) && (_e60 == 28u)) ? 3u : (_e56 + 27u))), uv, 0.5);
    uint _e73 = mask;
    uint _e79 = asuint(_resource_table_metadata.Load(0));
    uint _e83 = asuint(_resource_table_metadata.Load(id.x*4+4));
    mask = (_e73 | (((id.x < _e79) && (_e83 == 2u)) ? 1u : 0u));
    uint _e89 = mask;
    uint _e95 = asuint(_resource_table_metadata.Load(0));
    uint _e99 = asuint(_resource_table_metadata.Load(id.x*4+4));
    mask = (_e89 | (((id.x < _e95) && (_e99 == 22u)) ? 2u : 0u));
    uint _e105 = mask;
    uint _e111 = asuint(_resource_table_metadata.Load(0));
    uint _e115 = asuint(_resource_table_metadata.Load(id.x*4+4));
    mask = (_e105 | (((id.x < _e111) && (_e115 == 27u)) ? 4u : 0u));
    uint _e121 = mask;
    uint _e127 = asuint(_resource_table_metadata.Load(0));
    uint _e131 = asuint(_resource_table_metadata.Load(id.x*4+4));
    mask = (_e121 | (((id.x < _e127) && (_e131 == 28u)) ? 8u : 0u));
    uint _e137 = mask;
    uint _e143 = asuint(_resource_table_metadata.Load(0));
    uint _e147 = asuint(_resource_table_metadata.Load(id.x*4+4));
    mask = (_e137 | (((id.x < _e143) && (_e147 == 20u)) ? 16u : 0u));
    uint _e156 = mask;
    out_.Store(id.x*4, asuint((_e156 + naga_f2u32((c.x + depth)))));
    return;
}
