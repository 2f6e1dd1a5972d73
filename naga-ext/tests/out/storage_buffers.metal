// language: metal3.0
#include <metal_stdlib>
#include <simd/simd.h>

using metal::uint;

struct _mslBufferSizes {
    uint size0;
    uint size1[1];
    uint size2[1];
    uint size3;
};

typedef metal::float4 type_2[1];
struct Particles {
    uint count;
    char _pad1[12];
    type_2 positions;
};
typedef uint type_4[1];
struct _resource_table_metadata_t {
    uint length;
    type_4 type_ids;
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
, device NagaArgumentBufferWrapper<device Particles*>* _resource_table_storage_read_4_ [[user(fake0)]]
, device NagaArgumentBufferWrapper<device Particles*>* _resource_table_storage_read_write_4_ [[user(fake0)]]
, constant _mslBufferSizes& _buffer_sizes [[user(fake0)]]
) {
    bool local = {};
    uint _e4 = _resource_table_metadata.length;
    uint _e8 = _resource_table_metadata.type_ids[0u];
    uint _e27 = _resource_table_metadata.length;
    uint _e31 = _resource_table_metadata.type_ids[1u];
    uint _e49 = _resource_table_storage_read_4_[((0u < _e4) && (((_e8 & 254u) == 54u) && ((_e8 >> 8u) >= 8u))) ? 0u : (_e4 + 53u)].inner->count;
    if (id.x < _e49) {
        uint _e56 = _resource_table_metadata.length;
        uint _e60 = _resource_table_metadata.type_ids[1u];
        local = (1u < _e56) && (((_e60 & 255u) == 55u) && ((_e60 >> 8u) >= 8u));
    } else {
        local = false;
    }
    bool _e72 = local;
    if (_e72) {
        metal::float4 _e79 = _resource_table_storage_read_4_[((0u < _e4) && (((_e8 & 254u) == 54u) && ((_e8 >> 8u) >= 8u))) ? 0u : (_e4 + 53u)].inner->positions[id.x];
        _resource_table_storage_read_write_4_[((1u < _e27) && (((_e31 & 255u) == 55u) && ((_e31 >> 8u) >= 8u))) ? 1u : (_e27 + 54u)].inner->positions[id.x] = _e79 * 2.0;
        return;
    } else {
        return;
    }
}

uint naga_div(uint lhs, uint rhs) {
    return lhs / metal::select(rhs, 1u, rhs == 0u);
}


struct lengths_ofInput {
};
[[max_total_threads_per_threadgroup(64)]] kernel void lengths_of(
  metal::uint3 id_1 [[thread_position_in_grid]]
, device _resource_table_metadata_t const& _resource_table_metadata [[user(fake0)]]
, device NagaArgumentBufferWrapper<device Particles*>* _resource_table_storage_read_4_ [[user(fake0)]]
, device type_4& lengths [[user(fake0)]]
, constant _mslBufferSizes& _buffer_sizes [[user(fake0)]]
) {
    uint _e4 = _resource_table_metadata.length;
    uint _e8 = _resource_table_metadata.type_ids[id_1.x];
    bool _e18 = (id_1.x < _e4) && (((_e8 & 254u) == 54u) && ((_e8 >> 8u) >= 8u));
    uint _e31 = _resource_table_metadata.type_ids[id_1.x];
    uint _e33 = _e31 >> 8u;
    lengths[id_1.x] = _e18 ? ((_e33 == 16777215u) ? (1 + (_buffer_sizes.size1[unsigned(_e18 ? id_1.x : (_e4 + 53u))] - 16 - 16) / 16) : naga_div((_e33 * 4u) - 16u, 16u)) : 0u;
    return;
}
