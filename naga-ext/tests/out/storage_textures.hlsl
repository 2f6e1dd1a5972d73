ByteAddressBuffer _resource_table_metadata : register(t0);
cbuffer naga_resource_table_bases : register(b0) { uint naga_resource_table_resources; uint naga_resource_table_samplers; }
RWTexture2D<float4> naga_resource_table_texture_storage_2d_f32_read(uint i) { return ResourceDescriptorHeap[naga_resource_table_resources + i]; }
RWTexture2D<float4> naga_resource_table_texture_storage_2d_f32_read_nonuniform(uint i) { return ResourceDescriptorHeap[NonUniformResourceIndex(naga_resource_table_resources + i)]; }
RWTexture2D<float4> naga_resource_table_texture_storage_2d_f32_write(uint i) { return ResourceDescriptorHeap[naga_resource_table_resources + i]; }
RWTexture2D<float4> naga_resource_table_texture_storage_2d_f32_write_nonuniform(uint i) { return ResourceDescriptorHeap[NonUniformResourceIndex(naga_resource_table_resources + i)]; }
RWTexture2D<float4> naga_resource_table_texture_storage_2d_f32_read_write(uint i) { return ResourceDescriptorHeap[naga_resource_table_resources + i]; }
RWTexture2D<float4> naga_resource_table_texture_storage_2d_f32_read_write_nonuniform(uint i) { return ResourceDescriptorHeap[NonUniformResourceIndex(naga_resource_table_resources + i)]; }
RWTexture1D<uint4> naga_resource_table_texture_storage_1d_u32_read_write(uint i) { return ResourceDescriptorHeap[naga_resource_table_resources + i]; }
RWTexture1D<uint4> naga_resource_table_texture_storage_1d_u32_read_write_nonuniform(uint i) { return ResourceDescriptorHeap[NonUniformResourceIndex(naga_resource_table_resources + i)]; }
RWTexture2DArray<int4> naga_resource_table_texture_storage_2d_array_i32_read(uint i) { return ResourceDescriptorHeap[naga_resource_table_resources + i]; }
RWTexture2DArray<int4> naga_resource_table_texture_storage_2d_array_i32_read_nonuniform(uint i) { return ResourceDescriptorHeap[NonUniformResourceIndex(naga_resource_table_resources + i)]; }
RWTexture3D<float4> naga_resource_table_texture_storage_3d_f32_write(uint i) { return ResourceDescriptorHeap[naga_resource_table_resources + i]; }
RWTexture3D<float4> naga_resource_table_texture_storage_3d_f32_write_nonuniform(uint i) { return ResourceDescriptorHeap[NonUniformResourceIndex(naga_resource_table_resources + i)]; }

[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    uint _e4 = asuint(_resource_table_metadata.Load(0));
    bool _e5 = (0u < _e4);
    uint _e10 = asuint(_resource_table_metadata.Load((_e5 ? 0u : 0u)*4+4));
    RWTexture2D<float4> src = naga_resource_table_texture_storage_2d_f32_read(((_e5 && ((_e10 & 4294967294u) == 36u)) ? 0u : (_e4 + 35u)));
    uint _e24 = asuint(_resource_table_metadata.Load(0));
    bool _e25 = (1u < _e24);
    uint _e30 = asuint(_resource_table_metadata.Load((_e25 ? 1u : 0u)*4+4));
    RWTexture2D<float4> dst_ = naga_resource_table_texture_storage_2d_f32_write(((_e25 && (_e30 == 37u)) ? 1u : (_e24 + 36u)));
    float4 _e41 = src.Load(id.xy);
    dst_[id.xy] = _e41;
    uint _e45 = asuint(_resource_table_metadata.Load(0));
    bool _e46 = (2u < _e45);
    uint _e51 = asuint(_resource_table_metadata.Load((_e46 ? 2u : 0u)*4+4));
    RWTexture2D<float4> rw = naga_resource_table_texture_storage_2d_f32_read_write(((_e46 && (_e51 == 37u)) ? 2u : (_e45 + 36u)));
    float4 _e62 = rw.Load(id.xy);
    rw[id.xy] = (_e62 * 2.0);
    uint _e68 = asuint(_resource_table_metadata.Load(0));
    bool _e69 = (3u < _e68);
    uint _e74 = asuint(_resource_table_metadata.Load((_e69 ? 3u : 0u)*4+4));
    RWTexture1D<uint4> counts = naga_resource_table_texture_storage_1d_u32_read_write(((_e69 && (_e74 == 35u)) ? 3u : (_e68 + 34u)));
    uint4 _e85 = counts.Load(id.x);
    counts[id.x] = (_e85 + (1u).xxxx);
    uint _e92 = asuint(_resource_table_metadata.Load(0));
    bool _e93 = (id.x < _e92);
    uint _e98 = asuint(_resource_table_metadata.Load((_e93 ? id.x : 0u)*4+4));
    RWTexture2DArray<int4> layers = naga_resource_table_texture_storage_2d_array_i32_read_nonuniform(((_e93 && ((_e98 & 4294967294u) == 44u)) ? id.x : (_e92 + 43u)));
    uint _e112 = asuint(_resource_table_metadata.Load(0));
    bool _e113 = (5u < _e112);
    uint _e118 = asuint(_resource_table_metadata.Load((_e113 ? 5u : 0u)*4+4));
    RWTexture3D<float4> volume = naga_resource_table_texture_storage_3d_f32_write(((_e113 && (_e118 == 49u)) ? 5u : (_e112 + 48u)));
    int4 value = layers.Load(int3(id.xy, int(0)));
    uint _e133 = asuint(_resource_table_metadata.Load(0));
    bool _e134 = (5u < _e133);
    uint _e139 = asuint(_resource_table_metadata.Load((_e134 ? 5u : 0u)*4+4));
    if ((_e134 && (_e139 == 49u))) {
        volume[id] = float4(value);
        return;
    } else {
        return;
    }
}
