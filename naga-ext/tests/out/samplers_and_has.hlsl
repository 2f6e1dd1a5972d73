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
    bool _e7 = (0u < _e6);
    uint _e12 = asuint(_resource_table_metadata.Load((_e7 ? 0u : 0u)*4+4));
    uint _e24 = asuint(_resource_table_metadata.Load(0));
    bool _e25 = (1u < _e24);
    uint _e30 = asuint(_resource_table_metadata.Load((_e25 ? 1u : 0u)*4+4));
    float4 c = naga_resource_table_texture_2d_f32(((_e7 && (_e12 == 2u)) ? 0u : (_e6 + 1u))).SampleLevel(naga_resource_table_sampler(((_e25 && (_e30 == 27u)) ? 1u : (_e24 + 26u))), uv, 0.0);
    uint _e44 = asuint(_resource_table_metadata.Load(0));
    bool _e45 = (2u < _e44);
    uint _e50 = asuint(_resource_table_metadata.Load((_e45 ? 2u : 0u)*4+4));
    uint _e62 = asuint(_resource_table_metadata.Load(0));
    bool _e63 = (3u < _e62);
    uint _e68 = asuint(_resource_table_metadata.Load((_e63 ? 3u : 0u)*4+4));
    float depth = naga_resource_table_texture_depth_2d(((_e45 && (_e50 == 22u)) ? 2u : (_e44 + 21u))).SampleCmpLevelZero(naga_resource_table_sampler_comparison(((_e63 && (_e68 == 28u)) ? 3u : (_e62 + 27u))), uv, 0.5);
    uint _e81 = mask;
    uint _e87 = asuint(_resource_table_metadata.Load(0));
    bool _e88 = (id.x < _e87);
    uint _e93 = asuint(_resource_table_metadata.Load((_e88 ? id.x : 0u)*4+4));
    mask = (_e81 | ((_e88 && (_e93 == 2u)) ? 1u : 0u));
    uint _e99 = mask;
    uint _e105 = asuint(_resource_table_metadata.Load(0));
    bool _e106 = (id.x < _e105);
    uint _e111 = asuint(_resource_table_metadata.Load((_e106 ? id.x : 0u)*4+4));
    mask = (_e99 | ((_e106 && (_e111 == 22u)) ? 2u : 0u));
    uint _e117 = mask;
    uint _e123 = asuint(_resource_table_metadata.Load(0));
    bool _e124 = (id.x < _e123);
    uint _e129 = asuint(_resource_table_metadata.Load((_e124 ? id.x : 0u)*4+4));
    mask = (_e117 | ((_e124 && (_e129 == 27u)) ? 4u : 0u));
    uint _e135 = mask;
    uint _e141 = asuint(_resource_table_metadata.Load(0));
    bool _e142 = (id.x < _e141);
    uint _e147 = asuint(_resource_table_metadata.Load((_e142 ? id.x : 0u)*4+4));
    mask = (_e135 | ((_e142 && (_e147 == 28u)) ? 8u : 0u));
    uint _e153 = mask;
    uint _e159 = asuint(_resource_table_metadata.Load(0));
    bool _e160 = (id.x < _e159);
    uint _e165 = asuint(_resource_table_metadata.Load((_e160 ? id.x : 0u)*4+4));
    mask = (_e153 | ((_e160 && (_e165 == 20u)) ? 16u : 0u));
    uint _e174 = mask;
    out_.Store(id.x*4, asuint((_e174 + naga_f2u32((c.x + depth)))));
    return;
}
