struct Params {
    uint slot;
    int signed_slot;
};

cbuffer params : register(b0) { Params params; }
RWByteAddressBuffer out_ : register(u1);
ByteAddressBuffer _resource_table_metadata : register(t0, space1);
cbuffer naga_resource_table_bases : register(b0, space1) { uint naga_resource_table_resources; uint naga_resource_table_samplers; }
Texture2D<float4> naga_resource_table_texture_2d_f32(uint i) { return ResourceDescriptorHeap[naga_resource_table_resources + i]; }
Texture2D<float4> naga_resource_table_texture_2d_f32_nonuniform(uint i) { return ResourceDescriptorHeap[NonUniformResourceIndex(naga_resource_table_resources + i)]; }

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    uint _e2 = asuint(int(3));
    uint _e5 = asuint(_resource_table_metadata.Load(0));
    uint _e9 = asuint(_resource_table_metadata.Load(_e2*4+4));
    float4 constant = naga_resource_table_texture_2d_f32((((_e2 < _e5) && (_e9 == 2u)) ? _e2 : (_e5 + 1u))).Load(int3((int(0)).xx, int(0)));
    uint _e24 = params.slot;
    uint _e27 = asuint(_resource_table_metadata.Load(0));
    uint _e31 = asuint(_resource_table_metadata.Load(_e24*4+4));
    float4 uniform_u = naga_resource_table_texture_2d_f32((((_e24 < _e27) && (_e31 == 2u)) ? _e24 : (_e27 + 1u))).Load(int3((int(0)).xx, int(0)));
    int _e46 = params.signed_slot;
    uint _e47 = asuint(_e46);
    uint _e50 = asuint(_resource_table_metadata.Load(0));
    uint _e54 = asuint(_resource_table_metadata.Load(_e47*4+4));
    float4 uniform_i = naga_resource_table_texture_2d_f32((((_e47 < _e50) && (_e54 == 2u)) ? _e47 : (_e50 + 1u))).Load(int3((int(0)).xx, int(0)));
    uint _e70 = asuint(_resource_table_metadata.Load(0));
    uint _e74 = asuint(_resource_table_metadata.Load(id.x*4+4));
    float4 varying_u = naga_resource_table_texture_2d_f32_nonuniform((((id.x < _e70) && (_e74 == 2u)) ? id.x : (_e70 + 1u))).Load(int3((int(0)).xx, int(0)));
    uint _e91 = asuint(asint(asuint(int(id.x)) - asuint(int(1))));
    uint _e94 = asuint(_resource_table_metadata.Load(0));
    uint _e98 = asuint(_resource_table_metadata.Load(_e91*4+4));
    float4 varying_i = naga_resource_table_texture_2d_f32_nonuniform((((_e91 < _e94) && (_e98 == 2u)) ? _e91 : (_e94 + 1u))).Load(int3((int(0)).xx, int(0)));
    uint _e112 = asuint(int(-1));
    uint _e115 = asuint(_resource_table_metadata.Load(0));
    uint _e119 = asuint(_resource_table_metadata.Load(_e112*4+4));
    bool present = ((_e112 < _e115) && (_e119 == 2u));
    out_.Store4(id.x*16, asuint((((((constant + uniform_u) + uniform_i) + varying_u) + varying_i) + (present ? (1.0).xxxx : (0.0).xxxx))));
    return;
}
