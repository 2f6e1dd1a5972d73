ByteAddressBuffer _resource_table_metadata : register(t0);
cbuffer naga_resource_table_bases : register(b0) { uint naga_resource_table_resources; uint naga_resource_table_samplers; }
ByteAddressBuffer naga_resource_table_storage_read_4(uint i) { return ResourceDescriptorHeap[naga_resource_table_resources + i]; }
ByteAddressBuffer naga_resource_table_storage_read_4_nonuniform(uint i) { return ResourceDescriptorHeap[NonUniformResourceIndex(naga_resource_table_resources + i)]; }
RWByteAddressBuffer naga_resource_table_storage_read_write_4(uint i) { return ResourceDescriptorHeap[naga_resource_table_resources + i]; }
RWByteAddressBuffer naga_resource_table_storage_read_write_4_nonuniform(uint i) { return ResourceDescriptorHeap[NonUniformResourceIndex(naga_resource_table_resources + i)]; }

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    bool local = (bool)0;

    uint _e4 = asuint(_resource_table_metadata.Load(0));
    bool _e5 = (0u < _e4);
    uint _e10 = asuint(_resource_table_metadata.Load((_e5 ? 0u : 0u)*4+4));
    uint _e23 = ((_e5 && (((_e10 & 254u) == 54u) && ((_e10 >> 8u) >= 8u))) ? 0u : (_e4 + 53u));
    uint _e29 = asuint(_resource_table_metadata.Load(0));
    bool _e30 = (1u < _e29);
    uint _e35 = asuint(_resource_table_metadata.Load((_e30 ? 1u : 0u)*4+4));
    uint _e48 = ((_e30 && (((_e35 & 255u) == 55u) && ((_e35 >> 8u) >= 8u))) ? 1u : (_e29 + 54u));
    uint _e53 = asuint(naga_resource_table_storage_read_4(_e23).Load(0));
    if ((id.x < _e53)) {
        uint _e60 = asuint(_resource_table_metadata.Load(0));
        bool _e61 = (1u < _e60);
        uint _e66 = asuint(_resource_table_metadata.Load((_e61 ? 1u : 0u)*4+4));
        local = (_e61 && (((_e66 & 255u) == 55u) && ((_e66 >> 8u) >= 8u)));
    } else {
        local = false;
    }
    bool _e78 = local;
    if (_e78) {
        float4 _e85 = asfloat(naga_resource_table_storage_read_4(_e23).Load4(id.x*16+16));
        naga_resource_table_storage_read_write_4(_e48).Store4(id.x*16+16, asuint((_e85 * 2.0)));
        return;
    } else {
        return;
    }
}
