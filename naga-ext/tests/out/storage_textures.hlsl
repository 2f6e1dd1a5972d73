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
    uint _e8 = asuint(_resource_table_metadata.Load(0u*4+4));
    RWTexture2D<float4> src = naga_resource_table_texture_storage_2d_f32_read((((0u < _e4) && ((_e8 & 4294967294u) == 36u)) ? 0u : (_e4 + 35u)));
    uint _e22 = asuint(_resource_table_metadata.Load(0));
    uint _e26 = asuint(_resource_table_metadata.Load(1u*4+4));
    RWTexture2D<float4> dst_ = naga_resource_table_texture_storage_2d_f32_write((((1u < _e22) && (_e26 == 37u)) ? 1u : (_e22 + 36u)));
    float4 _e37 = src.Load(id.xy);
    dst_[id.xy] = _e37;
    uint _e41 = asuint(_resource_table_metadata.Load(0));
    uint _e45 = asuint(_resource_table_metadata.Load(2u*4+4));
    RWTexture2D<float4> rw = naga_resource_table_texture_storage_2d_f32_read_write((((2u < _e41) && (_e45 == 37u)) ? 2u : (_e41 + 36u)));
    float4 _e56 = rw.Load(id.xy);
    rw[id.xy] = (_e56 * 2.0);
    uint _e62 = asuint(_resource_table_metadata.Load(0));
    uint _e66 = asuint(_resource_table_metadata.Load(3u*4+4));
    RWTexture1D<uint4> counts = naga_resource_table_texture_storage_1d_u32_read_write((((3u < _e62) && (_e66 == 35u)) ? 3u : (_e62 + 34u)));
    uint4 _e77 = counts.Load(id.x);
    counts[id.x] = (_e77 + (1u).xxxx);
    uint _e84 = asuint(_resource_table_metadata.Load(0));
    uint _e88 = asuint(_resource_table_metadata.Load(id.x*4+4));
    RWTexture2DArray<int4> layers = naga_resource_table_texture_storage_2d_array_i32_read_nonuniform((((id.x < _e84) && ((_e88 & 4294967294u) == 44u)) ? id.x : (_e84 + 43u)));
    uint _e102 = asuint(_resource_table_metadata.Load(0));
    uint _e106 = asuint(_resource_table_metadata.Load(5u*4+4));
    RWTexture3D<float4> volume = naga_resource_table_texture_storage_3d_f32_write((((5u < _e102) && (_e106 == 49u)) ? 5u : (_e102 + 48u)));
    int4 value = layers.Load(int3(id.xy, int(0)));
    uint _e121 = asuint(_resource_table_metadata.Load(0));
    uint _e125 = asuint(_resource_table_metadata.Load(5u*4+4));
    if (((5u < _e121) && (_e125 == 49u))) {
        volume[id] = float4(value);
        return;
    } else {
        return;
    }
}
