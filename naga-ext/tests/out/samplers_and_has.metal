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
    bool _e15 = (0u < _e6) && ((_e10 & 255u) == 2u);
    uint _e17 = _e6 + 1u;
    uint _e23 = _resource_table_metadata.length;
    uint _e27 = _resource_table_metadata.type_ids[1u];
    bool _e32 = (1u < _e23) && ((_e27 & 255u) == 27u);
    uint _e42 = _resource_table_metadata.type_ids[0u];
    uint _e51 = _resource_table_metadata.type_ids[1u];
    metal::float4 c = _resource_table_texture_2d_f32_[((_e15 && ((_e42 & 256u) != 0u)) && (_e32 && ((_e51 & 256u) != 0u))) ? _e17 : (_e15 ? 0u : _e17)].inner.sample(_resource_table_sampler[_e32 ? 1u : (_e23 + 26u)].inner, uv, metal::level(0.0));
    uint _e64 = _resource_table_metadata.length;
    uint _e68 = _resource_table_metadata.type_ids[2u];
    uint _e80 = _resource_table_metadata.length;
    uint _e84 = _resource_table_metadata.type_ids[3u];
    float depth = _resource_table_texture_depth_2d[((2u < _e64) && (_e68 == 22u)) ? 2u : (_e64 + 21u)].inner.sample_compare(_resource_table_sampler_comparison[((3u < _e80) && (_e84 == 28u)) ? 3u : (_e80 + 27u)].inner, uv, 0.5);
    uint _e97 = mask;
    uint _e103 = _resource_table_metadata.length;
    uint _e107 = _resource_table_metadata.type_ids[id.x];
    mask = _e97 | (((id.x < _e103) && ((_e107 & 255u) == 2u)) ? 1u : 0u);
    uint _e115 = mask;
    uint _e121 = _resource_table_metadata.length;
    uint _e125 = _resource_table_metadata.type_ids[id.x];
    mask = _e115 | (((id.x < _e121) && (_e125 == 22u)) ? 2u : 0u);
    uint _e131 = mask;
    uint _e137 = _resource_table_metadata.length;
    uint _e141 = _resource_table_metadata.type_ids[id.x];
    mask = _e131 | (((id.x < _e137) && ((_e141 & 255u) == 27u)) ? 4u : 0u);
    uint _e149 = mask;
    uint _e155 = _resource_table_metadata.length;
    uint _e159 = _resource_table_metadata.type_ids[id.x];
    mask = _e149 | (((id.x < _e155) && (_e159 == 28u)) ? 8u : 0u);
    uint _e165 = mask;
    uint _e171 = _resource_table_metadata.length;
    uint _e175 = _resource_table_metadata.type_ids[id.x];
    mask = _e165 | (((id.x < _e171) && (_e175 == 20u)) ? 16u : 0u);
    uint _e184 = mask;
    out[id.x] = _e184 + naga_f2u32(c.x + depth);
    return;
}
