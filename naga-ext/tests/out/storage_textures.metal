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
    bool _e5 = 0u < _e4;
    uint _e10 = _resource_table_metadata.type_ids[_e5 ? 0u : 0u];
    metal::texture2d<float, metal::access::read> src = _resource_table_texture_storage_2d_f32_read[(_e5 && ((_e10 & 4294967294u) == 36u)) ? 0u : (_e4 + 35u)].inner;
    uint _e24 = _resource_table_metadata.length;
    bool _e25 = 1u < _e24;
    uint _e30 = _resource_table_metadata.type_ids[_e25 ? 1u : 0u];
    metal::texture2d<float, metal::access::write> dst = _resource_table_texture_storage_2d_f32_write[(_e25 && (_e30 == 37u)) ? 1u : (_e24 + 36u)].inner;
    metal::float4 _e41 = src.read(metal::uint2(id.xy));
    dst.write(_e41, metal::uint2(id.xy));
    uint _e45 = _resource_table_metadata.length;
    bool _e46 = 2u < _e45;
    uint _e51 = _resource_table_metadata.type_ids[_e46 ? 2u : 0u];
    metal::texture2d<float, metal::access::read_write> rw = _resource_table_texture_storage_2d_f32_read_write[(_e46 && (_e51 == 37u)) ? 2u : (_e45 + 36u)].inner;
    metal::float4 _e62 = rw.read(metal::uint2(id.xy));
    rw.write(_e62 * 2.0, metal::uint2(id.xy));
    uint _e68 = _resource_table_metadata.length;
    bool _e69 = 3u < _e68;
    uint _e74 = _resource_table_metadata.type_ids[_e69 ? 3u : 0u];
    metal::texture1d<uint, metal::access::read_write> counts = _resource_table_texture_storage_1d_u32_read_write[(_e69 && (_e74 == 35u)) ? 3u : (_e68 + 34u)].inner;
    metal::uint4 _e85 = counts.read(uint(id.x));
    counts.write(_e85 + metal::uint4(1u), uint(id.x));
    uint _e92 = _resource_table_metadata.length;
    bool _e93 = id.x < _e92;
    uint _e98 = _resource_table_metadata.type_ids[_e93 ? id.x : 0u];
    metal::texture2d_array<int, metal::access::read> layers = _resource_table_texture_storage_2d_array_i32_read[(_e93 && ((_e98 & 4294967294u) == 44u)) ? id.x : (_e92 + 43u)].inner;
    uint _e112 = _resource_table_metadata.length;
    bool _e113 = 5u < _e112;
    uint _e118 = _resource_table_metadata.type_ids[_e113 ? 5u : 0u];
    metal::texture3d<float, metal::access::write> volume = _resource_table_texture_storage_3d_f32_write[(_e113 && (_e118 == 49u)) ? 5u : (_e112 + 48u)].inner;
    metal::int4 value = layers.read(metal::uint2(id.xy), 0);
    uint _e133 = _resource_table_metadata.length;
    bool _e134 = 5u < _e133;
    uint _e139 = _resource_table_metadata.type_ids[_e134 ? 5u : 0u];
    if (_e134 && (_e139 == 49u)) {
        volume.write(static_cast<metal::float4>(value), metal::uint3(id));
        return;
    } else {
        return;
    }
}
