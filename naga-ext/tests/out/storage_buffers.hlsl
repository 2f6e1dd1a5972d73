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
    uint _e18 = ((_e5 && ((_e10 & 4294967294u) == 54u)) ? 0u : (_e4 + 53u));
    uint _e24 = asuint(_resource_table_metadata.Load(0));
    bool _e25 = (1u < _e24);
    uint _e30 = asuint(_resource_table_metadata.Load((_e25 ? 1u : 0u)*4+4));
    uint _e36 = ((_e25 && (_e30 == 55u)) ? 1u : (_e24 + 54u));
    uint _e41 = asuint(naga_resource_table_storage_read_4(_e18).Load(0));
    if ((id.x < _e41)) {
        uint _e48 = asuint(_resource_table_metadata.Load(0));
        bool _e49 = (1u < _e48);
        uint _e54 = asuint(_resource_table_metadata.Load((_e49 ? 1u : 0u)*4+4));
        local = (_e49 && (_e54 == 55u));
    } else {
        local = false;
    }
    bool _e59 = local;
    if (_e59) {
        float4 _e66 = asfloat(naga_resource_table_storage_read_4(_e18).Load4(id.x*16+16));
        naga_resource_table_storage_read_write_4(_e36).Store4(id.x*16+16, asuint((_e66 * 2.0)));
        return;
    } else {
        return;
    }
}
