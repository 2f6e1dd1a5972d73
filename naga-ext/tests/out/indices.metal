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
    metal::float4 constant_ = _resource_table_texture_2d_f32_[((_e2 < _e5) && ((_e9 & 255u) == 2u)) ? _e2 : (_e5 + 1u)].inner.read(metal::uint2(metal::int2(0)), 0);
    uint _e26 = params.slot;
    uint _e29 = _resource_table_metadata.length;
    uint _e33 = _resource_table_metadata.type_ids[_e26];
    metal::float4 uniform_u = _resource_table_texture_2d_f32_[((_e26 < _e29) && ((_e33 & 255u) == 2u)) ? _e26 : (_e29 + 1u)].inner.read(metal::uint2(metal::int2(0)), 0);
    int _e50 = params.signed_slot;
    uint _e51 = as_type<uint>(_e50);
    uint _e54 = _resource_table_metadata.length;
    uint _e58 = _resource_table_metadata.type_ids[_e51];
    metal::float4 uniform_i = _resource_table_texture_2d_f32_[((_e51 < _e54) && ((_e58 & 255u) == 2u)) ? _e51 : (_e54 + 1u)].inner.read(metal::uint2(metal::int2(0)), 0);
    uint _e76 = _resource_table_metadata.length;
    uint _e80 = _resource_table_metadata.type_ids[id.x];
    metal::float4 varying_u = _resource_table_texture_2d_f32_[((id.x < _e76) && ((_e80 & 255u) == 2u)) ? id.x : (_e76 + 1u)].inner.read(metal::uint2(metal::int2(0)), 0);
    uint _e99 = as_type<uint>(as_type<int>(as_type<uint>(static_cast<int>(id.x)) - as_type<uint>(1)));
    uint _e102 = _resource_table_metadata.length;
    uint _e106 = _resource_table_metadata.type_ids[_e99];
    metal::float4 varying_i = _resource_table_texture_2d_f32_[((_e99 < _e102) && ((_e106 & 255u) == 2u)) ? _e99 : (_e102 + 1u)].inner.read(metal::uint2(metal::int2(0)), 0);
    uint _e122 = as_type<uint>(-1);
    uint _e125 = _resource_table_metadata.length;
    uint _e129 = _resource_table_metadata.type_ids[_e122];
    bool present = (_e122 < _e125) && ((_e129 & 255u) == 2u);
    out[id.x] = ((((constant_ + uniform_u) + uniform_i) + varying_u) + varying_i) + (present ? metal::float4(1.0) : metal::float4(0.0));
    return;
}
