struct Camera {
    float2 scale;
};

cbuffer camera : register(b0) { Camera camera; }
Texture2D<float> shadow_map : register(t0, space1);
SamplerState nagaSamplerHeap[2048]: register(s0, space0);
SamplerComparisonState nagaComparisonSamplerHeap[2048]: register(s0, space1);
StructuredBuffer<uint> nagaGroup1SamplerIndexArray : register(t1, space255);
static const SamplerComparisonState shadow_sampler = nagaComparisonSamplerHeap[nagaGroup1SamplerIndexArray[1]];
RWByteAddressBuffer out_ : register(u2, space1);
ByteAddressBuffer _resource_table_metadata : register(t0, space2);
cbuffer naga_resource_table_bases : register(b0, space2) { uint naga_resource_table_resources; uint naga_resource_table_samplers; }
Texture2D<float4> naga_resource_table_texture_2d_f32(uint i) { return ResourceDescriptorHeap[naga_resource_table_resources + i]; }
Texture2D<float4> naga_resource_table_texture_2d_f32_nonuniform(uint i) { return ResourceDescriptorHeap[NonUniformResourceIndex(naga_resource_table_resources + i)]; }
SamplerState naga_resource_table_sampler(uint i) { return SamplerDescriptorHeap[naga_resource_table_samplers + i]; }
SamplerState naga_resource_table_sampler_nonuniform(uint i) { return SamplerDescriptorHeap[NonUniformResourceIndex(naga_resource_table_samplers + i)]; }

[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    float2 _e5 = camera.scale;
    float2 uv = (float2(id.xy) * _e5);
    float lit_ = shadow_map.SampleCmpLevelZero(shadow_sampler, uv, 0.5);
    uint _e14 = asuint(_resource_table_metadata.Load(0));
    uint _e18 = asuint(_resource_table_metadata.Load(id.x*4+4));
    bool _e23 = ((id.x < _e14) && ((_e18 & 255u) == 2u));
    uint _e25 = (_e14 + 1u);
    uint _e31 = asuint(_resource_table_metadata.Load(0));
    uint _e35 = asuint(_resource_table_metadata.Load(0u*4+4));
    bool _e40 = ((0u < _e31) && ((_e35 & 255u) == 27u));
    uint _e50 = asuint(_resource_table_metadata.Load(id.x*4+4));
    uint _e59 = asuint(_resource_table_metadata.Load(0u*4+4));
    float4 albedo = naga_resource_table_texture_2d_f32_nonuniform((((_e23 && ((_e50 & 256u) != 0u)) && (_e40 && ((_e59 & 256u) != 0u))) ? _e25 : (_e23 ? id.x : _e25))).SampleLevel(naga_resource_table_sampler((_e40 ? 0u : (_e31 + 26u))), uv, 0.0);
    out_.Store4(((id.y * 8u) + id.x)*16, asuint((albedo * lit_)));
    return;
}
