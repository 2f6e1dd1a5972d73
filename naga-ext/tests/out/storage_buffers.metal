// language: metal3.0
#include <metal_stdlib>
#include <simd/simd.h>

using metal::uint;

struct _mslBufferSizes {
    uint size0;
    uint size1[1];
    uint size2[1];
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
    bool _e5 = 0u < _e4;
    uint _e10 = _resource_table_metadata.type_ids[_e5 ? 0u : 0u];
    uint _e29 = _resource_table_metadata.length;
    bool _e30 = 1u < _e29;
    uint _e35 = _resource_table_metadata.type_ids[_e30 ? 1u : 0u];
    uint _e53 = _resource_table_storage_read_4_[(_e5 && (((_e10 & 254u) == 54u) && ((_e10 >> 8u) >= 8u))) ? 0u : (_e4 + 53u)].inner->count;
    if (id.x < _e53) {
        uint _e60 = _resource_table_metadata.length;
        bool _e61 = 1u < _e60;
        uint _e66 = _resource_table_metadata.type_ids[_e61 ? 1u : 0u];
        local = _e61 && (((_e66 & 255u) == 55u) && ((_e66 >> 8u) >= 8u));
    } else {
        local = false;
    }
    bool _e78 = local;
    if (_e78) {
        metal::float4 _e85 = _resource_table_storage_read_4_[(_e5 && (((_e10 & 254u) == 54u) && ((_e10 >> 8u) >= 8u))) ? 0u : (_e4 + 53u)].inner->positions[id.x];
        _resource_table_storage_read_write_4_[(_e30 && (((_e35 & 255u) == 55u) && ((_e35 >> 8u) >= 8u))) ? 1u : (_e29 + 54u)].inner->positions[id.x] = _e85 * 2.0;
        return;
    } else {
        return;
    }
}
