// language: metal3.0
#include <metal_stdlib>
#include <simd/simd.h>

using metal::uint;

struct _mslBufferSizes {
    uint size0;
    uint size5;
};

typedef metal::float4 type_2[1];
template <typename T>
struct NagaArgumentBufferWrapper {
    T inner;
};
typedef uint type_9[1];
struct _resource_table_metadata_t {
    uint length;
    type_9 type_ids;
};
constant bool _resource_table_filtering_g0_b1_ = true;
constant bool _resource_table_unfilterable_g0_b2_ = true;
constant bool _resource_table_unfilterable_g0_b4_ = true;

metal::float4 helper(
    metal::texture2d<float, metal::access::sample> t,
    metal::sampler s,
    metal::float2 uv
) {
    metal::float4 _e4 = t.sample(s, uv, metal::level(0.0));
    return _e4;
}

metal::float4 outer(
    metal::texture2d<float, metal::access::sample> t_1,
    metal::sampler s_1,
    metal::float2 uv_1,
    metal::sampler bound_sampler
) {
    metal::float4 _e3 = helper(t_1, s_1, uv_1);
    metal::float4 _e6 = t_1.sample(bound_sampler, uv_1, metal::level(0.0));
    return _e3 + _e6;
}

metal::float4 with_table_sampler(
    metal::texture2d<float, metal::access::sample> t_2,
    metal::float2 uv_2,
    bool _resource_table_side_0_,
    device _resource_table_metadata_t const& _resource_table_metadata,
    constant NagaArgumentBufferWrapper<metal::sampler>* _resource_table_sampler,
    constant _mslBufferSizes& _buffer_sizes
) {
    uint _e5 = _resource_table_metadata.length;
    uint _e9 = _resource_table_metadata.type_ids[5u];
    bool _e14 = (5u < _e5) && ((_e9 & 255u) == 27u);
    uint _e16 = _e5 + 26u;
    uint _e24 = _resource_table_metadata.type_ids[5u];
    metal::float4 _e33 = t_2.sample(_resource_table_sampler[(_resource_table_side_0_ && (_e14 && ((_e24 & 256u) != 0u))) ? _e16 : (_e14 ? 5u : _e16)].inner, uv_2, metal::level(0.0));
    return _e33;
}

metal::float4 forward(
    metal::texture2d<float, metal::access::sample> t_3,
    metal::float2 uv_3,
    bool _resource_table_side_0_1,
    device _resource_table_metadata_t const& _resource_table_metadata,
    constant NagaArgumentBufferWrapper<metal::sampler>* _resource_table_sampler,
    constant _mslBufferSizes& _buffer_sizes
) {
    metal::float4 _e3 = with_table_sampler(t_3, uv_3, _resource_table_side_0_1, _resource_table_metadata, _resource_table_sampler, _buffer_sizes);
    return _e3;
}

metal::uint4 gather_with_table_sampler(
    metal::texture2d<uint, metal::access::sample> t_4,
    metal::float2 uv_4,
    device _resource_table_metadata_t const& _resource_table_metadata,
    constant NagaArgumentBufferWrapper<metal::sampler>* _resource_table_sampler,
    constant _mslBufferSizes& _buffer_sizes
) {
    uint _e5 = _resource_table_metadata.length;
    uint _e9 = _resource_table_metadata.type_ids[5u];
    bool _e14 = (5u < _e5) && ((_e9 & 255u) == 27u);
    uint _e16 = _e5 + 26u;
    uint _e22 = _resource_table_metadata.type_ids[5u];
    metal::uint4 _e30 = t_4.gather(_resource_table_sampler[(_e14 && ((_e22 & 256u) != 0u)) ? _e16 : (_e14 ? 5u : _e16)].inner, uv_4);
    return _e30;
}

metal::uint4 table_integer(
    metal::sampler s_2,
    metal::float2 uv_5,
    bool _resource_table_side_0_2,
    device _resource_table_metadata_t const& _resource_table_metadata,
    constant NagaArgumentBufferWrapper<metal::texture2d<uint, metal::access::sample>>* _resource_table_texture_2d_u32_,
    constant _mslBufferSizes& _buffer_sizes
) {
    uint _e5 = _resource_table_metadata.length;
    uint _e9 = _resource_table_metadata.type_ids[6u];
    uint _e14 = _e5 + 13u;
    metal::uint4 _e20 = _resource_table_texture_2d_u32_[_resource_table_side_0_2 ? _e14 : (((6u < _e5) && (_e9 == 14u)) ? 6u : _e14)].inner.gather(s_2, uv_5);
    return _e20;
}

float table_depth(
    metal::sampler s_3,
    metal::float2 uv_6,
    device _resource_table_metadata_t const& _resource_table_metadata,
    constant NagaArgumentBufferWrapper<metal::depth2d<float, metal::access::sample>>* _resource_table_texture_depth_2d,
    constant _mslBufferSizes& _buffer_sizes
) {
    uint _e5 = _resource_table_metadata.length;
    uint _e9 = _resource_table_metadata.type_ids[7u];
    float _e19 = _resource_table_texture_depth_2d[((7u < _e5) && (_e9 == 22u)) ? 7u : (_e5 + 21u)].inner.sample(s_3, uv_6, metal::level(0));
    return _e19;
}

struct main_Input {
};
[[max_total_threads_per_threadgroup(1)]] kernel void main_(
  metal::uint3 id [[thread_position_in_grid]]
, device type_2& out [[user(fake0)]]
, metal::sampler bound_sampler [[user(fake0)]]
, metal::texture2d<float, metal::access::sample> bound_texture [[user(fake0)]]
, metal::depth2d<float, metal::access::sample> bound_depth [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::texture2d<float, metal::access::sample>>* bound_textures [[user(fake0)]]
, device _resource_table_metadata_t const& _resource_table_metadata [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::sampler>* _resource_table_sampler [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::texture2d<uint, metal::access::sample>>* _resource_table_texture_2d_u32_ [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::depth2d<float, metal::access::sample>>* _resource_table_texture_depth_2d [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::texture2d<float, metal::access::sample>>* _resource_table_texture_2d_f32_ [[user(fake0)]]
, constant _mslBufferSizes& _buffer_sizes [[user(fake0)]]
) {
    metal::float2 uv_7 = metal::float2(0.5);
    uint _e6 = _resource_table_metadata.length;
    uint _e10 = _resource_table_metadata.type_ids[id.x];
    bool _e15 = (id.x < _e6) && ((_e10 & 255u) == 2u);
    uint _e17 = _e6 + 1u;
    uint _e18 = _e15 ? id.x : _e17;
    metal::texture2d<float, metal::access::sample> t_5 = _resource_table_texture_2d_f32_[_e18].inner;
    uint _e24 = _resource_table_metadata.length;
    uint _e28 = _resource_table_metadata.type_ids[id.y];
    bool _e33 = (id.y < _e24) && ((_e28 & 255u) == 27u);
    uint _e35 = _e24 + 26u;
    uint _e36 = _e33 ? id.y : _e35;
    metal::sampler s_4 = _resource_table_sampler[_e36].inner;
    uint _e45 = _resource_table_metadata.type_ids[id.x];
    uint _e54 = _resource_table_metadata.type_ids[id.y];
    metal::float4 _e63 = _resource_table_texture_2d_f32_[((_e15 && ((_e45 & 256u) != 0u)) && (_e33 && ((_e54 & 256u) != 0u))) ? _e17 : _e18].inner.sample(s_4, uv_7, metal::level(0.0));
    out[0] = _e63;
    uint _e71 = _resource_table_metadata.type_ids[id.x];
    metal::float4 _e81 = _resource_table_texture_2d_f32_[((_e15 && ((_e71 & 256u) != 0u)) && _resource_table_filtering_g0_b1_) ? _e17 : _e18].inner.sample(bound_sampler, uv_7, metal::level(0.0));
    out[1] = _e81;
    uint _e90 = _resource_table_metadata.type_ids[id.y];
    metal::float4 _e99 = bound_texture.sample(_resource_table_sampler[(_resource_table_unfilterable_g0_b2_ && (_e33 && ((_e90 & 256u) != 0u))) ? _e35 : _e36].inner, uv_7, metal::level(0.0));
    out[2] = _e99;
    uint _e109 = _resource_table_metadata.type_ids[id.y];
    metal::float4 _e118 = bound_textures[1].inner.sample(_resource_table_sampler[(_resource_table_unfilterable_g0_b4_ && (_e33 && ((_e109 & 256u) != 0u))) ? _e35 : _e36].inner, uv_7, metal::level(0.0));
    out[3] = _e118;
    uint _e124 = _resource_table_metadata.length;
    uint _e128 = _resource_table_metadata.type_ids[id.z];
    uint _e133 = _e124 + 13u;
    uint _e139 = _resource_table_metadata.type_ids[id.y];
    bool _e144 = _e33 && ((_e139 & 256u) != 0u);
    metal::uint4 _e149 = _resource_table_texture_2d_u32_[_e144 ? _e133 : (((id.z < _e124) && (_e128 == 14u)) ? id.z : _e133)].inner.gather(_resource_table_sampler[_e144 ? _e35 : _e36].inner, uv_7);
    out[4] = static_cast<metal::float4>(_e149);
    float _e155 = bound_depth.sample(s_4, uv_7, metal::level(0));
    out[5] = metal::float4(_e155);
    metal::float4 _e162 = bound_texture.sample(bound_sampler, uv_7, metal::level(0.0));
    out[6] = _e162;
    uint _e168 = _resource_table_metadata.type_ids[id.x];
    uint _e177 = _resource_table_metadata.type_ids[id.y];
    metal::float4 _e186 = helper(_resource_table_texture_2d_f32_[((_e15 && ((_e168 & 256u) != 0u)) && (_e33 && ((_e177 & 256u) != 0u))) ? _e17 : _e18].inner, s_4, uv_7);
    out[7] = _e186;
    uint _e192 = _resource_table_metadata.type_ids[id.x];
    uint _e201 = _resource_table_metadata.type_ids[id.y];
    uint _e212 = _resource_table_metadata.type_ids[id.x];
    metal::float4 _e222 = outer(_resource_table_texture_2d_f32_[((_e15 && ((_e212 & 256u) != 0u)) && _resource_table_filtering_g0_b1_) ? _e17 : (((_e15 && ((_e192 & 256u) != 0u)) && (_e33 && ((_e201 & 256u) != 0u))) ? _e17 : _e18)].inner, s_4, uv_7, bound_sampler);
    out[8] = _e222;
    uint _e230 = _resource_table_metadata.type_ids[id.y];
    metal::float4 _e239 = helper(bound_texture, _resource_table_sampler[(_resource_table_unfilterable_g0_b2_ && (_e33 && ((_e230 & 256u) != 0u))) ? _e35 : _e36].inner, uv_7);
    out[9] = _e239;
    metal::float4 _e244 = with_table_sampler(bound_texture, uv_7, _resource_table_unfilterable_g0_b2_, _resource_table_metadata, _resource_table_sampler, _buffer_sizes);
    uint _e248 = _resource_table_metadata.type_ids[id.x];
    metal::float4 _e254 = forward(t_5, uv_7, _e15 && ((_e248 & 256u) != 0u), _resource_table_metadata, _resource_table_sampler, _buffer_sizes);
    out[10] = _e244 + _e254;
    uint _e261 = _resource_table_metadata.length;
    uint _e265 = _resource_table_metadata.type_ids[id.z];
    metal::uint4 _e274 = gather_with_table_sampler(_resource_table_texture_2d_u32_[((id.z < _e261) && (_e265 == 14u)) ? id.z : (_e261 + 13u)].inner, uv_7, _resource_table_metadata, _resource_table_sampler, _buffer_sizes);
    out[11] = static_cast<metal::float4>(_e274);
    uint _e281 = _resource_table_metadata.type_ids[id.y];
    uint _e292 = _resource_table_metadata.type_ids[id.y];
    metal::uint4 _e298 = table_integer(_resource_table_sampler[(_e33 && ((_e281 & 256u) != 0u)) ? _e35 : _e36].inner, uv_7, _e33 && ((_e292 & 256u) != 0u), _resource_table_metadata, _resource_table_texture_2d_u32_, _buffer_sizes);
    out[12] = static_cast<metal::float4>(_e298);
    uint _e305 = _resource_table_metadata.length;
    uint _e309 = _resource_table_metadata.type_ids[id.z];
    metal::uint4 _e319 = _resource_table_texture_2d_u32_[((id.z < _e305) && (_e309 == 14u)) ? id.z : (_e305 + 13u)].inner.gather(bound_sampler, uv_7);
    out[13] = static_cast<metal::float4>(_e319);
    float _e323 = table_depth(s_4, uv_7, _resource_table_metadata, _resource_table_texture_depth_2d, _buffer_sizes);
    out[14] = metal::float4(_e323);
    return;
}
