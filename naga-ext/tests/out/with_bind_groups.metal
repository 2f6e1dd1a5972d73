// language: metal3.0
#include <metal_stdlib>
#include <simd/simd.h>

using metal::uint;

struct _mslBufferSizes {
    uint size3;
    uint size4;
};

struct Camera {
    metal::float2 scale;
};
typedef metal::float4 type_4[1];
typedef uint type_8[1];
struct _resource_table_metadata_t {
    uint length;
    type_8 type_ids;
};
template <typename T>
struct NagaArgumentBufferWrapper {
    T inner;
};

struct main_Input {
};
[[max_total_threads_per_threadgroup(64)]] kernel void main_(
  metal::uint3 id [[thread_position_in_grid]]
, constant Camera& camera [[user(fake0)]]
, metal::depth2d<float, metal::access::sample> shadow_map [[user(fake0)]]
, metal::sampler shadow_sampler [[user(fake0)]]
, device type_4& out [[user(fake0)]]
, device _resource_table_metadata_t const& _resource_table_metadata [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::texture2d<float, metal::access::sample>>* _resource_table_texture_2d_f32_ [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::sampler>* _resource_table_sampler [[user(fake0)]]
, constant _mslBufferSizes& _buffer_sizes [[user(fake0)]]
) {
    metal::float2 _e5 = camera.scale;
    metal::float2 uv = static_cast<metal::float2>(id.xy) * _e5;
    float lit = shadow_map.sample_compare(shadow_sampler, uv, 0.5);
    uint _e14 = _resource_table_metadata.length;
    uint _e18 = _resource_table_metadata.type_ids[id.x];
    bool _e23 = (id.x < _e14) && ((_e18 & 255u) == 2u);
    uint _e25 = _e14 + 1u;
    uint _e31 = _resource_table_metadata.length;
    uint _e35 = _resource_table_metadata.type_ids[0u];
    bool _e40 = (0u < _e31) && ((_e35 & 255u) == 27u);
    uint _e50 = _resource_table_metadata.type_ids[id.x];
    uint _e59 = _resource_table_metadata.type_ids[0u];
    metal::float4 albedo = _resource_table_texture_2d_f32_[((_e23 && ((_e50 & 256u) != 0u)) && (_e40 && ((_e59 & 256u) != 0u))) ? _e25 : (_e23 ? id.x : _e25)].inner.sample(_resource_table_sampler[_e40 ? 0u : (_e31 + 26u)].inner, uv, metal::level(0.0));
    out[(id.y * 8u) + id.x] = albedo * lit;
    return;
}
