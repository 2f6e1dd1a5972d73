ByteAddressBuffer _resource_table_metadata : register(t0, space1);
cbuffer naga_resource_table_bases : register(b0, space1) { uint naga_resource_table_resources; uint naga_resource_table_samplers; }
ByteAddressBuffer naga_resource_table_storage_read_4(uint i) { return ResourceDescriptorHeap[naga_resource_table_resources + i]; }
ByteAddressBuffer naga_resource_table_storage_read_4_nonuniform(uint i) { return ResourceDescriptorHeap[NonUniformResourceIndex(naga_resource_table_resources + i)]; }
RWByteAddressBuffer naga_resource_table_storage_read_write_4(uint i) { return ResourceDescriptorHeap[naga_resource_table_resources + i]; }
RWByteAddressBuffer naga_resource_table_storage_read_write_4_nonuniform(uint i) { return ResourceDescriptorHeap[NonUniformResourceIndex(naga_resource_table_resources + i)]; }
RWByteAddressBuffer lengths : register(u0);

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    bool local = (bool)0;

    uint _e4 = asuint(_resource_table_metadata.Load(0));
    uint _e8 = asuint(_resource_table_metadata.Load(0u*4+4));
    uint _e21 = (((0u < _e4) && (((_e8 & 254u) == 54u) && ((_e8 >> 8u) >= 8u))) ? 0u : (_e4 + 53u));
    uint _e27 = asuint(_resource_table_metadata.Load(0));
    uint _e31 = asuint(_resource_table_metadata.Load(1u*4+4));
    uint _e44 = (((1u < _e27) && (((_e31 & 255u) == 55u) && ((_e31 >> 8u) >= 8u))) ? 1u : (_e27 + 54u));
    uint _e49 = asuint(naga_resource_table_storage_read_4(_e21).Load(0));
    if ((id.x < _e49)) {
        uint _e56 = asuint(_resource_table_metadata.Load(0));
        uint _e60 = asuint(_resource_table_metadata.Load(1u*4+4));
        local = ((1u < _e56) && (((_e60 & 255u) == 55u) && ((_e60 >> 8u) >= 8u)));
    } else {
        local = false;
    }
    bool _e72 = local;
    if (_e72) {
        float4 _e79 = asfloat(naga_resource_table_storage_read_4(_e21).Load4(id.x*16+16));
        naga_resource_table_storage_read_write_4(_e44).Store4(id.x*16+16, asuint((_e79 * 2.0)));
        return;
    } else {
        return;
    }
}

uint naga_div(uint lhs, uint rhs) {
    return lhs / (rhs == 0u ? 1u : rhs);
}

uint NagaBufferLength(ByteAddressBuffer buffer)
{
    uint ret;
    buffer.GetDimensions(ret);
    return ret;
}

[numthreads(64, 1, 1)]
void lengths_of(uint3 id_1 : SV_DispatchThreadID)
{
    uint _e4 = asuint(_resource_table_metadata.Load(0));
    uint _e8 = asuint(_resource_table_metadata.Load(id_1.x*4+4));
    bool _e18 = ((id_1.x < _e4) && (((_e8 & 254u) == 54u) && ((_e8 >> 8u) >= 8u)));
    uint _e21 = (_e18 ? id_1.x : (_e4 + 53u));
    uint _e31 = asuint(_resource_table_metadata.Load(id_1.x*4+4));
    uint _e33 = (_e31 >> 8u);
    lengths.Store(id_1.x*4, asuint((_e18 ? ((_e33 == 16777215u) ? ((NagaBufferLength(naga_resource_table_storage_read_4_nonuniform(_e21)) - 16) / 16) : naga_div(((_e33 * 4u) - 16u), 16u)) : 0u)));
    return;
}
