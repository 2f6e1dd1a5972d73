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
    uint _e10 = _resource_table_metadata.type_ids[0u];
    uint _e22 = _resource_table_metadata.length;
    uint _e26 = _resource_table_metadata.type_ids[1u];
    metal::float4 c = _resource_table_texture_2d_f32_[((0u < _e6) && (_e10 == 2u)) ? 0u : (_e6 + 1u)].inner.sample(_resource_table_sampler[((1u < _e22) && (_e26 == 27u)) ? 1u : (_e22 + 26u)].inner, uv, metal::level(0.0));
    uint _e40 = _resource_table_metadata.length;
    uint _e44 = _resource_table_metadata.type_ids[2u];
    uint _e56 = _resource_table_metadata.length;
    uint _e60 = _resource_table_metadata.type_ids[3u];
    float depth = _resource_table_texture_depth_2d[((2u < _e40) && (_e44 == 22u)) ? 2u : (_e40 + 21u)].inner.sample_compare(_resource_table_sampler_comparison[((3u < _e56) && (_e60 == 28u)) ? 3u : (_e56 + 27u)].inner, uv, 0.5);
    uint _e73 = mask;
    uint _e79 = _resource_table_metadata.length;
    uint _e83 = _resource_table_metadata.type_ids[id.x];
    mask = _e73 | (((id.x < _e79) && (_e83 == 2u)) ? 1u : 0u);
    uint _e89 = mask;
    uint _e95 = _resource_table_metadata.length;
    uint _e99 = _resource_table_metadata.type_ids[id.x];
    mask = _e89 | (((id.x < _e95) && (_e99 == 22u)) ? 2u : 0u);
    uint _e105 = mask;
    uint _e111 = _resource_table_metadata.length;
    uint _e115 = _resource_table_metadata.type_ids[id.x];
    mask = _e105 | (((id.x < _e111) && (_e115 == 27u)) ? 4u : 0u);
    uint _e121 = mask;
    uint _e127 = _resource_table_metadata.length;
    uint _e131 = _resource_table_metadata.type_ids[id.x];
    mask = _e121 | (((id.x < _e127) && (_e131 == 28u)) ? 8u : 0u);
    uint _e137 = mask;
    uint _e143 = _resource_table_metadata.length;
    uint _e147 = _resource_table_metadata.type_ids[id.x];
    mask = _e137 | (((id.x < _e143) && (_e147 == 20u)) ? 16u : 0u);
    uint _e156 = mask;
    out[id.x] = _e156 + naga_f2u32(c.x + depth);
    return;
}
