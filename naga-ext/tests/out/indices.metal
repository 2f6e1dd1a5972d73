// language: metal3.0
#include <metal_stdlib>
#include <simd/simd.h>

using metal::uint;

struct _mslBufferSizes {
    uint size1;
    uint size2;
};

struct Params {
    uint slot;
    int signed_slot;
};
typedef metal::float4 type_3[1];
typedef uint type_6[1];
struct _resource_table_metadata_t {
    uint length;
    type_6 type_ids;
};
template <typename T>
struct NagaArgumentBufferWrapper {
    T inner;
};

struct main_Input {
};
[[max_total_threads_per_threadgroup(64)]] kernel void main_(
  metal::uint3 id [[thread_position_in_grid]]
, constant Params& params [[user(fake0)]]
, device type_3& out [[user(fake0)]]
, device _resource_table_metadata_t const& _resource_table_metadata [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::texture2d<float, metal::access::sample>>* _resource_table_texture_2d_f32_ [[user(fake0)]]
, constant _mslBufferSizes& _buffer_sizes [[user(fake0)]]
) {
    uint _e2 = as_type<uint>(3);
    uint _e5 = _resource_table_metadata.length;
    uint _e9 = _resource_table_metadata.type_ids[_e2];
    metal::float4 constant_ = _resource_table_texture_2d_f32_[((_e2 < _e5) && (_e9 == 2u)) ? _e2 : (_e5 + 1u)].inner.read(metal::uint2(metal::int2(0)), 0);
    uint _e24 = params.slot;
    uint _e27 = _resource_table_metadata.length;
    uint _e31 = _resource_table_metadata.type_ids[_e24];
    metal::float4 uniform_u = _resource_table_texture_2d_f32_[((_e24 < _e27) && (_e31 == 2u)) ? _e24 : (_e27 + 1u)].inner.read(metal::uint2(metal::int2(0)), 0);
    int _e46 = params.signed_slot;
    uint _e47 = as_type<uint>(_e46);
    uint _e50 = _resource_table_metadata.length;
    uint _e54 = _resource_table_metadata.type_ids[_e47];
    metal::float4 uniform_i = _resource_table_texture_2d_f32_[((_e47 < _e50) && (_e54 == 2u)) ? _e47 : (_e50 + 1u)].inner.read(metal::uint2(metal::int2(0)), 0);
    uint _e70 = _resource_table_metadata.length;
    uint _e74 = _resource_table_metadata.type_ids[id.x];
    metal::float4 varying_u = _resource_table_texture_2d_f32_[((id.x < _e70) && (_e74 == 2u)) ? id.x : (_e70 + 1u)].inner.read(metal::uint2(metal::int2(0)), 0);
    uint _e91 = as_type<uint>(as_type<int>(as_type<uint>(static_cast<int>(id.x)) - as_type<uint>(1)));
    uint _e94 = _resource_table_metadata.length;
    uint _e98 = _resource_table_metadata.type_ids[_e91];
    metal::float4 varying_i = _resource_table_texture_2d_f32_[((_e91 < _e94) && (_e98 == 2u)) ? _e91 : (_e94 + 1u)].inner.read(metal::uint2(metal::int2(0)), 0);
    uint _e112 = as_type<uint>(-1);
    uint _e115 = _resource_table_metadata.length;
    uint _e119 = _resource_table_metadata.type_ids[_e112];
    bool present = (_e112 < _e115) && (_e119 == 2u);
    out[id.x] = ((((constant_ + uniform_u) + uniform_i) + varying_u) + varying_i) + (present ? metal::float4(1.0) : metal::float4(0.0));
    return;
}
