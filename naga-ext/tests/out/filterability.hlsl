static const bool _resource_table_filtering_g0_b1_ = true;
static const bool _resource_table_unfilterable_g0_b2_ = true;
static const bool _resource_table_unfilterable_g0_b4_ = true;

RWByteAddressBuffer out_ : register(u0);
SamplerState nagaSamplerHeap[2048]: register(s0, space0);
SamplerComparisonState nagaComparisonSamplerHeap[2048]: register(s0, space1);
StructuredBuffer<uint> nagaGroup0SamplerIndexArray : register(t0, space255);
static const SamplerState bound_sampler = nagaSamplerHeap[nagaGroup0SamplerIndexArray[1]];
Texture2D<float4> bound_texture : register(t2);
Texture2D<float> bound_depth : register(t3);
Texture2D<float4> bound_textures[2] : register(t4);
ByteAddressBuffer _resource_table_metadata : register(t0, space1);
cbuffer naga_resource_table_bases : register(b0, space1) { uint naga_resource_table_resources; uint naga_resource_table_samplers; }
SamplerState naga_resource_table_sampler(uint i) { return SamplerDescriptorHeap[naga_resource_table_samplers + i]; }
SamplerState naga_resource_table_sampler_nonuniform(uint i) { return SamplerDescriptorHeap[NonUniformResourceIndex(naga_resource_table_samplers + i)]; }
Texture2D<uint4> naga_resource_table_texture_2d_u32(uint i) { return ResourceDescriptorHeap[naga_resource_table_resources + i]; }
Texture2D<uint4> naga_resource_table_texture_2d_u32_nonuniform(uint i) { return ResourceDescriptorHeap[NonUniformResourceIndex(naga_resource_table_resources + i)]; }
Texture2D<float> naga_resource_table_texture_depth_2d(uint i) { return ResourceDescriptorHeap[naga_resource_table_resources + i]; }
Texture2D<float> naga_resource_table_texture_depth_2d_nonuniform(uint i) { return ResourceDescriptorHeap[NonUniformResourceIndex(naga_resource_table_resources + i)]; }
Texture2D<float4> naga_resource_table_texture_2d_f32(uint i) { return ResourceDescriptorHeap[naga_resource_table_resources + i]; }
Texture2D<float4> naga_resource_table_texture_2d_f32_nonuniform(uint i) { return ResourceDescriptorHeap[NonUniformResourceIndex(naga_resource_table_resources + i)]; }

float4 helper(Texture2D<float4> t, SamplerState s, float2 uv)
{
    float4 _e4 = t.SampleLevel(s, uv, 0.0);
    return _e4;
}

float4 outer(Texture2D<float4> t_1, SamplerState s_1, float2 uv_1)
{
    const float4 _e3 = helper(t_1, s_1, uv_1);
    float4 _e6 = t_1.SampleLevel(bound_sampler, uv_1, 0.0);
    return (_e3 + _e6);
}

float4 with_table_sampler(Texture2D<float4> t_2, float2 uv_2, bool _resource_table_side_0_)
{
    uint _e5 = asuint(_resource_table_metadata.Load(0));
    uint _e9 = asuint(_resource_table_metadata.Load(5u*4+4));
    bool _e14 = ((5u < _e5) && ((_e9 & 255u) == 27u));
    uint _e16 = (_e5 + 26u);
    uint _e24 = asuint(_resource_table_metadata.Load(5u*4+4));
    float4 _e33 = t_2.SampleLevel(naga_resource_table_sampler_nonuniform(((_resource_table_side_0_ && (_e14 && ((_e24 & 256u) != 0u))) ? _e16 : (_e14 ? 5u : _e16))), uv_2, 0.0);
    return _e33;
}

float4 forward(Texture2D<float4> t_3, float2 uv_3, bool _resource_table_side_0_1)
{
    const float4 _e3 = with_table_sampler(t_3, uv_3, _resource_table_side_0_1);
    return _e3;
}

uint4 gather_with_table_sampler(Texture2D<uint4> t_4, float2 uv_4)
{
    uint _e5 = asuint(_resource_table_metadata.Load(0));
    uint _e9 = asuint(_resource_table_metadata.Load(5u*4+4));
    bool _e14 = ((5u < _e5) && ((_e9 & 255u) == 27u));
    uint _e16 = (_e5 + 26u);
    uint _e22 = asuint(_resource_table_metadata.Load(5u*4+4));
    uint4 _e30 = t_4.Gather(naga_resource_table_sampler(((_e14 && ((_e22 & 256u) != 0u)) ? _e16 : (_e14 ? 5u : _e16))), uv_4);
    return _e30;
}

uint4 table_integer(SamplerState s_2, float2 uv_5, bool _resource_table_side_0_2)
{
    uint _e5 = asuint(_resource_table_metadata.Load(0));
    uint _e9 = asuint(_resource_table_metadata.Load(6u*4+4));
    uint _e14 = (_e5 + 13u);
    uint4 _e20 = naga_resource_table_texture_2d_u32_nonuniform((_resource_table_side_0_2 ? _e14 : (((6u < _e5) && (_e9 == 14u)) ? 6u : _e14))).Gather(s_2, uv_5);
    return _e20;
}

float table_depth(SamplerState s_3, float2 uv_6)
{
    uint _e5 = asuint(_resource_table_metadata.Load(0));
    uint _e9 = asuint(_resource_table_metadata.Load(7u*4+4));
    float _e19 = naga_resource_table_texture_depth_2d((((7u < _e5) && (_e9 == 22u)) ? 7u : (_e5 + 21u))).SampleLevel(s_3, uv_6, int(0));
    return _e19;
}

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    float2 uv_7 = (0.5).xx;
    uint _e6 = asuint(_resource_table_metadata.Load(0));
    uint _e10 = asuint(_resource_table_metadata.Load(id.x*4+4));
    bool _e15 = ((id.x < _e6) && ((_e10 & 255u) == 2u));
    uint _e17 = (_e6 + 1u);
    uint _e18 = (_e15 ? id.x : _e17);
    Texture2D<float4> t_5 = naga_resource_table_texture_2d_f32_nonuniform(_e18);
    uint _e24 = asuint(_resource_table_metadata.Load(0));
    uint _e28 = asuint(_resource_table_metadata.Load(id.y*4+4));
    bool _e33 = ((id.y < _e24) && ((_e28 & 255u) == 27u));
    uint _e35 = (_e24 + 26u);
    uint _e36 = (_e33 ? id.y : _e35);
    SamplerState s_4 = naga_resource_table_sampler_nonuniform(_e36);
    uint _e45 = asuint(_resource_table_metadata.Load(id.x*4+4));
    uint _e54 = asuint(_resource_table_metadata.Load(id.y*4+4));
    float4 _e63 = naga_resource_table_texture_2d_f32_nonuniform((((_e15 && ((_e45 & 256u) != 0u)) && (_e33 && ((_e54 & 256u) != 0u))) ? _e17 : _e18)).SampleLevel(s_4, uv_7, 0.0);
    out_.Store4(0, asuint(_e63));
    uint _e71 = asuint(_resource_table_metadata.Load(id.x*4+4));
    float4 _e81 = naga_resource_table_texture_2d_f32_nonuniform((((_e15 && ((_e71 & 256u) != 0u)) && _resource_table_filtering_g0_b1_) ? _e17 : _e18)).SampleLevel(bound_sampler, uv_7, 0.0);
    out_.Store4(16, asuint(_e81));
    uint _e90 = asuint(_resource_table_metadata.Load(id.y*4+4));
    float4 _e99 = bound_texture.SampleLevel(naga_resource_table_sampler_nonuniform(((_resource_table_unfilterable_g0_b2_ && (_e33 && ((_e90 & 256u) != 0u))) ? _e35 : _e36)), uv_7, 0.0);
    out_.Store4(32, asuint(_e99));
    uint _e109 = asuint(_resource_table_metadata.Load(id.y*4+4));
    float4 _e118 = bound_textures[1].SampleLevel(naga_resource_table_sampler_nonuniform(((_resource_table_unfilterable_g0_b4_ && (_e33 && ((_e109 & 256u) != 0u))) ? _e35 : _e36)), uv_7, 0.0);
    out_.Store4(48, asuint(_e118));
    uint _e124 = asuint(_resource_table_metadata.Load(0));
    uint _e128 = asuint(_resource_table_metadata.Load(id.z*4+4));
    uint _e133 = (_e124 + 13u);
    uint _e139 = asuint(_resource_table_metadata.Load(id.y*4+4));
    bool _e144 = (_e33 && ((_e139 & 256u) != 0u));
    uint4 _e149 = naga_resource_table_texture_2d_u32_nonuniform((_e144 ? _e133 : (((id.z < _e124) && (_e128 == 14u)) ? id.z : _e133))).Gather(naga_resource_table_sampler_nonuniform((_e144 ? _e35 : _e36)), uv_7);
    out_.Store4(64, asuint(float4(_e149)));
    float _e155 = bound_depth.SampleLevel(s_4, uv_7, int(0));
    out_.Store4(80, asuint((_e155).xxxx));
    float4 _e162 = bound_texture.SampleLevel(bound_sampler, uv_7, 0.0);
    out_.Store4(96, asuint(_e162));
    uint _e168 = asuint(_resource_table_metadata.Load(id.x*4+4));
    uint _e177 = asuint(_resource_table_metadata.Load(id.y*4+4));
    const float4 _e186 = helper(naga_resource_table_texture_2d_f32_nonuniform((((_e15 && ((_e168 & 256u) != 0u)) && (_e33 && ((_e177 & 256u) != 0u))) ? _e17 : _e18)), s_4, uv_7);
    out_.Store4(112, asuint(_e186));
    uint _e192 = asuint(_resource_table_metadata.Load(id.x*4+4));
    uint _e201 = asuint(_resource_table_metadata.Load(id.y*4+4));
    uint _e212 = asuint(_resource_table_metadata.Load(id.x*4+4));
    const float4 _e222 = outer(naga_resource_table_texture_2d_f32_nonuniform((((_e15 && ((_e212 & 256u) != 0u)) && _resource_table_filtering_g0_b1_) ? _e17 : (((_e15 && ((_e192 & 256u) != 0u)) && (_e33 && ((_e201 & 256u) != 0u))) ? _e17 : _e18))), s_4, uv_7);
    out_.Store4(128, asuint(_e222));
    uint _e230 = asuint(_resource_table_metadata.Load(id.y*4+4));
    const float4 _e239 = helper(bound_texture, naga_resource_table_sampler_nonuniform(((_resource_table_unfilterable_g0_b2_ && (_e33 && ((_e230 & 256u) != 0u))) ? _e35 : _e36)), uv_7);
    out_.Store4(144, asuint(_e239));
    const float4 _e244 = with_table_sampler(bound_texture, uv_7, _resource_table_unfilterable_g0_b2_);
    uint _e248 = asuint(_resource_table_metadata.Load(id.x*4+4));
    const float4 _e254 = forward(t_5, uv_7, (_e15 && ((_e248 & 256u) != 0u)));
    out_.Store4(160, asuint((_e244 + _e254)));
    uint _e261 = asuint(_resource_table_metadata.Load(0));
    uint _e265 = asuint(_resource_table_metadata.Load(id.z*4+4));
    const uint4 _e274 = gather_with_table_sampler(naga_resource_table_texture_2d_u32_nonuniform((((id.z < _e261) && (_e265 == 14u)) ? id.z : (_e261 + 13u))), uv_7);
    out_.Store4(176, asuint(float4(_e274)));
    uint _e281 = asuint(_resource_table_metadata.Load(id.y*4+4));
    uint _e292 = asuint(_resource_table_metadata.Load(id.y*4+4));
    const uint4 _e298 = table_integer(naga_resource_table_sampler_nonuniform(((_e33 && ((_e281 & 256u) != 0u)) ? _e35 : _e36)), uv_7, (_e33 && ((_e292 & 256u) != 0u)));
    out_.Store4(192, asuint(float4(_e298)));
    uint _e305 = asuint(_resource_table_metadata.Load(0));
    uint _e309 = asuint(_resource_table_metadata.Load(id.z*4+4));
    uint4 _e319 = naga_resource_table_texture_2d_u32_nonuniform((((id.z < _e305) && (_e309 == 14u)) ? id.z : (_e305 + 13u))).Gather(bound_sampler, uv_7);
    out_.Store4(208, asuint(float4(_e319)));
    const float _e323 = table_depth(s_4, uv_7);
    out_.Store4(224, asuint((_e323).xxxx));
    return;
}
