struct VertexOutput {
    float4 position : SV_Position;
    nointerpolation uint material : LOC0;
    float2 uv : LOC1;
};

ByteAddressBuffer _resource_table_metadata : register(t0);
cbuffer naga_resource_table_bases : register(b0) { uint naga_resource_table_resources; uint naga_resource_table_samplers; }
Texture2D<float4> naga_resource_table_texture_2d_f32(uint i) { return ResourceDescriptorHeap[naga_resource_table_resources + i]; }
Texture2D<float4> naga_resource_table_texture_2d_f32_nonuniform(uint i) { return ResourceDescriptorHeap[NonUniformResourceIndex(naga_resource_table_resources + i)]; }
SamplerState naga_resource_table_sampler(uint i) { return SamplerDescriptorHeap[naga_resource_table_samplers + i]; }
SamplerState naga_resource_table_sampler_nonuniform(uint i) { return SamplerDescriptorHeap[NonUniformResourceIndex(naga_resource_table_samplers + i)]; }

struct VertexOutput_vs {
    nointerpolation uint material : LOC0;
    float2 uv_1 : LOC1;
    float4 position : SV_Position;
};

struct FragmentInput_fs {
    nointerpolation uint material_1 : LOC0;
    float2 uv_2 : LOC1;
    float4 position_1 : SV_Position;
};

float4 sample_material(Texture2D<float4> t, SamplerState s, float2 uv)
{
    float4 _e3 = t.Sample(s, uv);
    return _e3;
}

VertexOutput_vs vs(uint vertex : SV_VertexID, uint instance : SV_InstanceID)
{
    VertexOutput out_ = (VertexOutput)0;

    uint _e5 = asuint(_resource_table_metadata.Load(0));
    uint _e9 = asuint(_resource_table_metadata.Load(0u*4+4));
    Texture2D<float4> heights = naga_resource_table_texture_2d_f32((((0u < _e5) && ((_e9 & 255u) == 2u)) ? 0u : (_e5 + 1u)));
    float4 _e24 = heights.Load(int3(int2(int(vertex), int(0)), int(0)));
    float height = _e24.x;
    out_.position = float4(float(vertex), height, 0.0, 1.0);
    out_.material = instance;
    out_.uv = float2(float((vertex & 1u)), float((vertex >> 1u)));
    VertexOutput _e41 = out_;
    const VertexOutput vertexoutput = _e41;
    const VertexOutput_vs vertexoutput_1 = { vertexoutput.material, vertexoutput.uv, vertexoutput.position };
    return vertexoutput_1;
}

float4 fs(FragmentInput_fs fragmentinput_fs) : SV_Target0
{
    VertexOutput in_ = { fragmentinput_fs.position_1, fragmentinput_fs.material_1, fragmentinput_fs.uv_2 };
    uint _e4 = asuint(_resource_table_metadata.Load(0));
    uint _e8 = asuint(_resource_table_metadata.Load(in_.material*4+4));
    bool _e13 = ((in_.material < _e4) && ((_e8 & 255u) == 2u));
    uint _e15 = (_e4 + 1u);
    uint _e16 = (_e13 ? in_.material : _e15);
    Texture2D<float4> albedo = naga_resource_table_texture_2d_f32_nonuniform(_e16);
    uint _e22 = asuint(_resource_table_metadata.Load(0));
    uint _e26 = asuint(_resource_table_metadata.Load(0u*4+4));
    bool _e31 = ((0u < _e22) && ((_e26 & 255u) == 27u));
    SamplerState linear_ = naga_resource_table_sampler((_e31 ? 0u : (_e22 + 26u)));
    uint _e40 = asuint(_resource_table_metadata.Load(0));
    uint _e44 = asuint(_resource_table_metadata.Load(in_.material*4+4));
    if (!(((in_.material < _e40) && ((_e44 & 255u) == 2u)))) {
        return float4(1.0, 0.0, 1.0, 1.0);
    }
    uint _e60 = asuint(_resource_table_metadata.Load(in_.material*4+4));
    uint _e69 = asuint(_resource_table_metadata.Load(0u*4+4));
    const float4 _e78 = sample_material(naga_resource_table_texture_2d_f32_nonuniform((((_e13 && ((_e60 & 256u) != 0u)) && (_e31 && ((_e69 & 256u) != 0u))) ? _e15 : _e16)), linear_, in_.uv);
    return _e78;
}
