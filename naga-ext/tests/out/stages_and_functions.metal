// language: metal3.0
#include <metal_stdlib>
#include <simd/simd.h>

using metal::uint;

struct _mslBufferSizes {
    uint size0;
};

struct VertexOutput {
    metal::float4 position;
    uint material;
    char _pad2[4];
    metal::float2 uv;
};
typedef uint type_5[1];
struct _resource_table_metadata_t {
    uint length;
    type_5 type_ids;
};
template <typename T>
struct NagaArgumentBufferWrapper {
    T inner;
};

metal::float4 sample_material(
    metal::texture2d<float, metal::access::sample> t,
    metal::sampler s,
    metal::float2 uv
) {
    metal::float4 _e3 = t.sample(s, uv);
    return _e3;
}

struct vsInput {
};
struct vsOutput {
    metal::float4 position [[position]];
    uint material [[user(loc0), flat]];
    metal::float2 uv [[user(loc1), center_perspective]];
};
vertex vsOutput vs(
  uint vertex_ [[vertex_id]]
, uint instance [[instance_id]]
, device _resource_table_metadata_t const& _resource_table_metadata [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::texture2d<float, metal::access::sample>>* _resource_table_texture_2d_f32_ [[user(fake0)]]
, constant _mslBufferSizes& _buffer_sizes [[user(fake0)]]
) {
    VertexOutput out = {};
    uint _e5 = _resource_table_metadata.length;
    uint _e9 = _resource_table_metadata.type_ids[0u];
    metal::texture2d<float, metal::access::sample> heights = _resource_table_texture_2d_f32_[((0u < _e5) && ((_e9 & 255u) == 2u)) ? 0u : (_e5 + 1u)].inner;
    metal::float4 _e24 = heights.read(metal::uint2(metal::int2(static_cast<int>(vertex_), 0)), 0);
    float height = _e24.x;
    out.position = metal::float4(static_cast<float>(vertex_), height, 0.0, 1.0);
    out.material = instance;
    out.uv = metal::float2(static_cast<float>(vertex_ & 1u), static_cast<float>(vertex_ >> 1u));
    VertexOutput _e41 = out;
    const auto _tmp = _e41;
    return vsOutput { _tmp.position, _tmp.material, _tmp.uv };
}


struct fsInput {
    uint material [[user(loc0), flat]];
    metal::float2 uv_1 [[user(loc1), center_perspective]];
};
struct fsOutput {
    metal::float4 member_1 [[color(0)]];
};
fragment fsOutput fs(
  fsInput varyings_1 [[stage_in]]
, metal::float4 position [[position]]
, device _resource_table_metadata_t const& _resource_table_metadata [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::texture2d<float, metal::access::sample>>* _resource_table_texture_2d_f32_ [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::sampler>* _resource_table_sampler [[user(fake0)]]
, constant _mslBufferSizes& _buffer_sizes [[user(fake0)]]
) {
    const VertexOutput in = { position, varyings_1.material, {}, varyings_1.uv_1 };
    uint _e4 = _resource_table_metadata.length;
    uint _e8 = _resource_table_metadata.type_ids[in.material];
    bool _e13 = (in.material < _e4) && ((_e8 & 255u) == 2u);
    uint _e15 = _e4 + 1u;
    uint _e16 = _e13 ? in.material : _e15;
    metal::texture2d<float, metal::access::sample> albedo = _resource_table_texture_2d_f32_[_e16].inner;
    uint _e22 = _resource_table_metadata.length;
    uint _e26 = _resource_table_metadata.type_ids[0u];
    bool _e31 = (0u < _e22) && ((_e26 & 255u) == 27u);
    metal::sampler linear = _resource_table_sampler[_e31 ? 0u : (_e22 + 26u)].inner;
    uint _e40 = _resource_table_metadata.length;
    uint _e44 = _resource_table_metadata.type_ids[in.material];
    if (!(((in.material < _e40) && ((_e44 & 255u) == 2u)))) {
        return fsOutput { metal::float4(1.0, 0.0, 1.0, 1.0) };
    }
    uint _e60 = _resource_table_metadata.type_ids[in.material];
    uint _e69 = _resource_table_metadata.type_ids[0u];
    metal::float4 _e78 = sample_material(_resource_table_texture_2d_f32_[((_e13 && ((_e60 & 256u) != 0u)) && (_e31 && ((_e69 & 256u) != 0u))) ? _e15 : _e16].inner, linear, in.uv);
    return fsOutput { _e78 };
}
