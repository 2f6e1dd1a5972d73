// language: metal3.0
#include <metal_stdlib>
#include <simd/simd.h>

using metal::uint;

struct _mslBufferSizes {
    uint size0;
};

typedef uint type_3[1];
struct _resource_table_metadata_t {
    uint length;
    type_3 type_ids;
};
template <typename T>
struct NagaArgumentBufferWrapper {
    T inner;
};

struct main_Input {
};
[[max_total_threads_per_threadgroup(64)]] kernel void main_(
  metal::uint3 id [[thread_position_in_grid]]
, device _resource_table_metadata_t const& _resource_table_metadata [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::texture2d<float, metal::access::read>>* _resource_table_texture_storage_2d_f32_read [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::texture2d<float, metal::access::write>>* _resource_table_texture_storage_2d_f32_write [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::texture2d<float, metal::access::read_write>>* _resource_table_texture_storage_2d_f32_read_write [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::texture1d<uint, metal::access::read_write>>* _resource_table_texture_storage_1d_u32_read_write [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::texture2d_array<int, metal::access::read>>* _resource_table_texture_storage_2d_array_i32_read [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::texture3d<float, metal::access::write>>* _resource_table_texture_storage_3d_f32_write [[user(fake0)]]
, constant _mslBufferSizes& _buffer_sizes [[user(fake0)]]
) {
    uint _e4 = _resource_table_metadata.length;
    uint _e8 = _resource_table_metadata.type_ids[0u];
    metal::texture2d<float, metal::access::read> src = _resource_table_texture_storage_2d_f32_read[((0u < _e4) && ((_e8 & 4294967294u) == 36u)) ? 0u : (_e4 + 35u)].inner;
    uint _e22 = _resource_table_metadata.length;
    uint _e26 = _resource_table_metadata.type_ids[1u];
    metal::texture2d<float, metal::access::write> dst = _resource_table_texture_storage_2d_f32_write[((1u < _e22) && (_e26 == 37u)) ? 1u : (_e22 + 36u)].inner;
    metal::float4 _e37 = src.read(metal::uint2(id.xy));
    dst.write(_e37, metal::uint2(id.xy));
    uint _e41 = _resource_table_metadata.length;
    uint _e45 = _resource_table_metadata.type_ids[2u];
    metal::texture2d<float, metal::access::read_write> rw = _resource_table_texture_storage_2d_f32_read_write[((2u < _e41) && (_e45 == 37u)) ? 2u : (_e41 + 36u)].inner;
    metal::float4 _e56 = rw.read(metal::uint2(id.xy));
    rw.write(_e56 * 2.0, metal::uint2(id.xy));
    uint _e62 = _resource_table_metadata.length;
    uint _e66 = _resource_table_metadata.type_ids[3u];
    metal::texture1d<uint, metal::access::read_write> counts = _resource_table_texture_storage_1d_u32_read_write[((3u < _e62) && (_e66 == 35u)) ? 3u : (_e62 + 34u)].inner;
    metal::uint4 _e77 = counts.read(uint(id.x));
    counts.write(_e77 + metal::uint4(1u), uint(id.x));
    uint _e84 = _resource_table_metadata.length;
    uint _e88 = _resource_table_metadata.type_ids[id.x];
    metal::texture2d_array<int, metal::access::read> layers = _resource_table_texture_storage_2d_array_i32_read[((id.x < _e84) && ((_e88 & 4294967294u) == 44u)) ? id.x : (_e84 + 43u)].inner;
    uint _e102 = _resource_table_metadata.length;
    uint _e106 = _resource_table_metadata.type_ids[5u];
    metal::texture3d<float, metal::access::write> volume = _resource_table_texture_storage_3d_f32_write[((5u < _e102) && (_e106 == 49u)) ? 5u : (_e102 + 48u)].inner;
    metal::int4 value = layers.read(metal::uint2(id.xy), 0);
    uint _e121 = _resource_table_metadata.length;
    uint _e125 = _resource_table_metadata.type_ids[5u];
    if ((5u < _e121) && (_e125 == 49u)) {
        volume.write(static_cast<metal::float4>(value), metal::uint3(id));
        return;
    } else {
        return;
    }
}
