// language: metal3.0
#include <metal_stdlib>
#include <simd/simd.h>

using metal::uint;

struct _mslBufferSizes {
    uint size0;
    uint size1;
};

typedef uint type_1[1];
struct _resource_table_metadata_t {
    uint length;
    type_1 type_ids;
};
template <typename T>
struct NagaArgumentBufferWrapper {
    T inner;
};
uint naga_f2u32(float value) {
    return static_cast<uint>(metal::clamp(value, 0.0, 4294967000.0));
}


struct main_Input {
};
[[max_total_threads_per_threadgroup(1)]] kernel void main_(
  metal::uint3 id [[thread_position_in_grid]]
, device type_1& out [[user(fake0)]]
, device _resource_table_metadata_t const& _resource_table_metadata [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::texture2d<float, metal::access::sample>>* _resource_table_texture_2d_f32_ [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::sampler>* _resource_table_sampler [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::depth2d<float, metal::access::sample>>* _resource_table_texture_depth_2d [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::sampler>* _resource_table_sampler_comparison [[user(fake0)]]
, constant _mslBufferSizes& _buffer_sizes [[user(fake0)]]
) {
    uint mask = 0u;
    metal::float2 uv = metal::float2(0.5);
    uint _e6 = _resource_table_metadata.length;
    bool _e7 = 0u < _e6;
    uint _e12 = _resource_table_metadata.type_ids[_e7 ? 0u : 0u];
    uint _e24 = _resource_table_metadata.length;
    bool _e25 = 1u < _e24;
    uint _e30 = _resource_table_metadata.type_ids[_e25 ? 1u : 0u];
    metal::float4 c = _resource_table_texture_2d_f32_[(_e7 && (_e12 == 2u)) ? 0u : (_e6 + 1u)].inner.sample(_resource_table_sampler[(_e25 && (_e30 == 27u)) ? 1u : (_e24 + 26u)].inner, uv, metal::level(0.0));
    uint _e44 = _resource_table_metadata.length;
    bool _e45 = 2u < _e44;
    uint _e50 = _resource_table_metadata.type_ids[_e45 ? 2u : 0u];
    uint _e62 = _resource_table_metadata.length;
    bool _e63 = 3u < _e62;
    uint _e68 = _resource_table_metadata.type_ids[_e63 ? 3u : 0u];
    float depth = _resource_table_texture_depth_2d[(_e45 && (_e50 == 22u)) ? 2u : (_e44 + 21u)].inner.sample_compare(_resource_table_sampler_comparison[(_e63 && (_e68 == 28u)) ? 3u : (_e62 + 27u)].inner, uv, 0.5);
    uint _e81 = mask;
    uint _e87 = _resource_table_metadata.length;
    bool _e88 = id.x < _e87;
    uint _e93 = _resource_table_metadata.type_ids[_e88 ? id.x : 0u];
    mask = _e81 | ((_e88 && (_e93 == 2u)) ? 1u : 0u);
    uint _e99 = mask;
    uint _e105 = _resource_table_metadata.length;
    bool _e106 = id.x < _e105;
    uint _e111 = _resource_table_metadata.type_ids[_e106 ? id.x : 0u];
    mask = _e99 | ((_e106 && (_e111 == 22u)) ? 2u : 0u);
    uint _e117 = mask;
    uint _e123 = _resource_table_metadata.length;
    bool _e124 = id.x < _e123;
    uint _e129 = _resource_table_metadata.type_ids[_e124 ? id.x : 0u];
    mask = _e117 | ((_e124 && (_e129 == 27u)) ? 4u : 0u);
    uint _e135 = mask;
    uint _e141 = _resource_table_metadata.length;
    bool _e142 = id.x < _e141;
    uint _e147 = _resource_table_metadata.type_ids[_e142 ? id.x : 0u];
    mask = _e135 | ((_e142 && (_e147 == 28u)) ? 8u : 0u);
    uint _e153 = mask;
    uint _e159 = _resource_table_metadata.length;
    bool _e160 = id.x < _e159;
    uint _e165 = _resource_table_metadata.type_ids[_e160 ? id.x : 0u];
    mask = _e153 | ((_e160 && (_e165 == 20u)) ? 16u : 0u);
    uint _e174 = mask;
    out[id.x] = _e174 + naga_f2u32(c.x + depth);
    return;
}
