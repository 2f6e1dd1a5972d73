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
    bool _e15 = ((0u < _e6) && ((_e10 & 255u) == 2u));
    uint _e17 = (_e6 + 1u);
    uint _e23 = asuint(_resource_table_metadata.Load(0));
    uint _e27 = asuint(_resource_table_metadata.Load(1u*4+4));
    bool _e32 = ((1u < _e23) && ((_e27 & 255u) == 27u));
    uint _e42 = asuint(_resource_table_metadata.Load(0u*4+4));
    uint _e51 = asuint(_resource_table_metadata.Load(1u*4+4));
    float4 c = naga_resource_table_texture_2d_f32((((_e15 && ((_e42 & 256u) != 0u)) && (_e32 && ((_e51 & 256u) != 0u))) ? _e17 : (_e15 ? 0u : _e17))).SampleLevel(naga_resource_table_sampler((_e32 ? 1u : (_e23 + 26u))), uv, 0.0);
    uint _e64 = asuint(_resource_table_metadata.Load(0));
    uint _e68 = asuint(_resource_table_metadata.Load(2u*4+4));
    uint _e80 = asuint(_resource_table_metadata.Load(0));
    uint _e84 = asuint(_resource_table_metadata.Load(3u*4+4));
    float depth = naga_resource_table_texture_depth_2d((((2u < _e64) && (_e68 == 22u)) ? 2u : (_e64 + 21u))).SampleCmpLevelZero(naga_resource_table_sampler_comparison((((3u < _e80) && (_e84 == 28u)) ? 3u : (_e80 + 27u))), uv, 0.5);
    uint _e97 = mask;
    uint _e103 = asuint(_resource_table_metadata.Load(0));
    uint _e107 = asuint(_resource_table_metadata.Load(id.x*4+4));
    mask = (_e97 | (((id.x < _e103) && ((_e107 & 255u) == 2u)) ? 1u : 0u));
    uint _e115 = mask;
    uint _e121 = asuint(_resource_table_metadata.Load(0));
    uint _e125 = asuint(_resource_table_metadata.Load(id.x*4+4));
    mask = (_e115 | (((id.x < _e121) && (_e125 == 22u)) ? 2u : 0u));
    uint _e131 = mask;
    uint _e137 = asuint(_resource_table_metadata.Load(0));
    uint _e141 = asuint(_resource_table_metadata.Load(id.x*4+4));
    mask = (_e131 | (((id.x < _e137) && ((_e141 & 255u) == 27u)) ? 4u : 0u));
    uint _e149 = mask;
    uint _e155 = asuint(_resource_table_metadata.Load(0));
    uint _e159 = asuint(_resource_table_metadata.Load(id.x*4+4));
    mask = (_e149 | (((id.x < _e155) && (_e159 == 28u)) ? 8u : 0u));
    uint _e165 = mask;
    uint _e171 = asuint(_resource_table_metadata.Load(0));
    uint _e175 = asuint(_resource_table_metadata.Load(id.x*4+4));
    mask = (_e165 | (((id.x < _e171) && (_e175 == 20u)) ? 16u : 0u));
    uint _e184 = mask;
    out_.Store(id.x*4, asuint((_e184 + naga_f2u32((c.x + depth)))));
    return;
}
