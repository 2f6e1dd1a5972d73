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
    float4 constant = naga_resource_table_texture_2d_f32((((_e2 < _e5) && ((_e9 & 255u) == 2u)) ? _e2 : (_e5 + 1u))).Load(int3((int(0)).xx, int(0)));
    uint _e26 = params.slot;
    uint _e29 = asuint(_resource_table_metadata.Load(0));
    uint _e33 = asuint(_resource_table_metadata.Load(_e26*4+4));
    float4 uniform_u = naga_resource_table_texture_2d_f32((((_e26 < _e29) && ((_e33 & 255u) == 2u)) ? _e26 : (_e29 + 1u))).Load(int3((int(0)).xx, int(0)));
    int _e50 = params.signed_slot;
    uint _e51 = asuint(_e50);
    uint _e54 = asuint(_resource_table_metadata.Load(0));
    uint _e58 = asuint(_resource_table_metadata.Load(_e51*4+4));
    float4 uniform_i = naga_resource_table_texture_2d_f32((((_e51 < _e54) && ((_e58 & 255u) == 2u)) ? _e51 : (_e54 + 1u))).Load(int3((int(0)).xx, int(0)));
    uint _e76 = asuint(_resource_table_metadata.Load(0));
    uint _e80 = asuint(_resource_table_metadata.Load(id.x*4+4));
    float4 varying_u = naga_resource_table_texture_2d_f32_nonuniform((((id.x < _e76) && ((_e80 & 255u) == 2u)) ? id.x : (_e76 + 1u))).Load(int3((int(0)).xx, int(0)));
    uint _e99 = asuint(asint(asuint(int(id.x)) - asuint(int(1))));
    uint _e102 = asuint(_resource_table_metadata.Load(0));
    uint _e106 = asuint(_resource_table_metadata.Load(_e99*4+4));
    float4 varying_i = naga_resource_table_texture_2d_f32_nonuniform((((_e99 < _e102) && ((_e106 & 255u) == 2u)) ? _e99 : (_e102 + 1u))).Load(int3((int(0)).xx, int(0)));
    uint _e122 = asuint(int(-1));
    uint _e125 = asuint(_resource_table_metadata.Load(0));
    uint _e129 = asuint(_resource_table_metadata.Load(_e122*4+4));
    bool present = ((_e122 < _e125) && ((_e129 & 255u) == 2u));
    out_.Store4(id.x*16, asuint((((((constant + uniform_u) + uniform_i) + varying_u) + varying_i) + (present ? (1.0).xxxx : (0.0).xxxx))));
    return;
}
