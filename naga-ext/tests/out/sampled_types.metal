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
, constant NagaArgumentBufferWrapper<metal::texture1d<float, metal::access::sample>>* _resource_table_texture_1d_f32_ [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::texture2d<float, metal::access::sample>>* _resource_table_texture_2d_f32_ [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::texture2d_array<float, metal::access::sample>>* _resource_table_texture_2d_array_f32_ [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::texture3d<float, metal::access::sample>>* _resource_table_texture_3d_f32_ [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::texturecube<float, metal::access::sample>>* _resource_table_texture_cube_f32_ [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::texturecube_array<float, metal::access::sample>>* _resource_table_texture_cube_array_f32_ [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::texture1d<int, metal::access::sample>>* _resource_table_texture_1d_i32_ [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::texture2d<int, metal::access::sample>>* _resource_table_texture_2d_i32_ [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::texture2d_array<int, metal::access::sample>>* _resource_table_texture_2d_array_i32_ [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::texture3d<int, metal::access::sample>>* _resource_table_texture_3d_i32_ [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::texturecube<int, metal::access::sample>>* _resource_table_texture_cube_i32_ [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::texturecube_array<int, metal::access::sample>>* _resource_table_texture_cube_array_i32_ [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::texture1d<uint, metal::access::sample>>* _resource_table_texture_1d_u32_ [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::texture2d<uint, metal::access::sample>>* _resource_table_texture_2d_u32_ [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::texture2d_array<uint, metal::access::sample>>* _resource_table_texture_2d_array_u32_ [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::texture3d<uint, metal::access::sample>>* _resource_table_texture_3d_u32_ [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::texturecube<uint, metal::access::sample>>* _resource_table_texture_cube_u32_ [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::texturecube_array<uint, metal::access::sample>>* _resource_table_texture_cube_array_u32_ [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::texture2d_ms<float, metal::access::read>>* _resource_table_texture_multisampled_2d_f32_ [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::texture2d_ms<int, metal::access::read>>* _resource_table_texture_multisampled_2d_i32_ [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::texture2d_ms<uint, metal::access::read>>* _resource_table_texture_multisampled_2d_u32_ [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::depth2d<float, metal::access::sample>>* _resource_table_texture_depth_2d [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::depth2d_array<float, metal::access::sample>>* _resource_table_texture_depth_2d_array [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::depthcube<float, metal::access::sample>>* _resource_table_texture_depth_cube [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::depthcube_array<float, metal::access::sample>>* _resource_table_texture_depth_cube_array [[user(fake0)]]
, constant NagaArgumentBufferWrapper<metal::depth2d_ms<float, metal::access::read>>* _resource_table_texture_depth_multisampled_2d [[user(fake0)]]
, constant _mslBufferSizes& _buffer_sizes [[user(fake0)]]
) {
    uint n = 0u;
    uint _e3 = n;
    uint _e7 = _resource_table_metadata.length;
    bool _e8 = 0u < _e7;
    uint _e13 = _resource_table_metadata.type_ids[_e8 ? 0u : 0u];
    n = _e3 + _resource_table_texture_1d_f32_[(_e8 && (_e13 == 1u)) ? 0u : (_e7 + 0u)].inner.get_width();
    uint _e24 = n;
    uint _e28 = _resource_table_metadata.length;
    bool _e29 = 1u < _e28;
    uint _e34 = _resource_table_metadata.type_ids[_e29 ? 1u : 0u];
    n = _e24 + metal::uint2(_resource_table_texture_2d_f32_[(_e29 && (_e34 == 2u)) ? 1u : (_e28 + 1u)].inner.get_width(), _resource_table_texture_2d_f32_[(_e29 && (_e34 == 2u)) ? 1u : (_e28 + 1u)].inner.get_height()).x;
    uint _e46 = n;
    uint _e50 = _resource_table_metadata.length;
    bool _e51 = 2u < _e50;
    uint _e56 = _resource_table_metadata.type_ids[_e51 ? 2u : 0u];
    n = _e46 + metal::uint2(_resource_table_texture_2d_array_f32_[(_e51 && (_e56 == 3u)) ? 2u : (_e50 + 2u)].inner.get_width(), _resource_table_texture_2d_array_f32_[(_e51 && (_e56 == 3u)) ? 2u : (_e50 + 2u)].inner.get_height()).x;
    uint _e68 = n;
    uint _e72 = _resource_table_metadata.length;
    bool _e73 = 3u < _e72;
    uint _e78 = _resource_table_metadata.type_ids[_e73 ? 3u : 0u];
    n = _e68 + metal::uint3(_resource_table_texture_3d_f32_[(_e73 && (_e78 == 4u)) ? 3u : (_e72 + 3u)].inner.get_width(), _resource_table_texture_3d_f32_[(_e73 && (_e78 == 4u)) ? 3u : (_e72 + 3u)].inner.get_height(), _resource_table_texture_3d_f32_[(_e73 && (_e78 == 4u)) ? 3u : (_e72 + 3u)].inner.get_depth()).x;
    uint _e90 = n;
    uint _e94 = _resource_table_metadata.length;
    bool _e95 = 4u < _e94;
    uint _e100 = _resource_table_metadata.type_ids[_e95 ? 4u : 0u];
    n = _e90 + metal::uint2(_resource_table_texture_cube_f32_[(_e95 && (_e100 == 5u)) ? 4u : (_e94 + 4u)].inner.get_width()).x;
    uint _e112 = n;
    uint _e116 = _resource_table_metadata.length;
    bool _e117 = 5u < _e116;
    uint _e122 = _resource_table_metadata.type_ids[_e117 ? 5u : 0u];
    n = _e112 + metal::uint2(_resource_table_texture_cube_array_f32_[(_e117 && (_e122 == 6u)) ? 5u : (_e116 + 5u)].inner.get_width()).x;
    uint _e134 = n;
    uint _e138 = _resource_table_metadata.length;
    bool _e139 = 6u < _e138;
    uint _e144 = _resource_table_metadata.type_ids[_e139 ? 6u : 0u];
    n = _e134 + _resource_table_texture_1d_i32_[(_e139 && (_e144 == 7u)) ? 6u : (_e138 + 6u)].inner.get_width();
    uint _e155 = n;
    uint _e159 = _resource_table_metadata.length;
    bool _e160 = 7u < _e159;
    uint _e165 = _resource_table_metadata.type_ids[_e160 ? 7u : 0u];
    n = _e155 + metal::uint2(_resource_table_texture_2d_i32_[(_e160 && (_e165 == 8u)) ? 7u : (_e159 + 7u)].inner.get_width(), _resource_table_texture_2d_i32_[(_e160 && (_e165 == 8u)) ? 7u : (_e159 + 7u)].inner.get_height()).x;
    uint _e177 = n;
    uint _e181 = _resource_table_metadata.length;
    bool _e182 = 8u < _e181;
    uint _e187 = _resource_table_metadata.type_ids[_e182 ? 8u : 0u];
    n = _e177 + metal::uint2(_resource_table_texture_2d_array_i32_[(_e182 && (_e187 == 9u)) ? 8u : (_e181 + 8u)].inner.get_width(), _resource_table_texture_2d_array_i32_[(_e182 && (_e187 == 9u)) ? 8u : (_e181 + 8u)].inner.get_height()).x;
    uint _e199 = n;
    uint _e203 = _resource_table_metadata.length;
    bool _e204 = 9u < _e203;
    uint _e209 = _resource_table_metadata.type_ids[_e204 ? 9u : 0u];
    n = _e199 + metal::uint3(_resource_table_texture_3d_i32_[(_e204 && (_e209 == 10u)) ? 9u : (_e203 + 9u)].inner.get_width(), _resource_table_texture_3d_i32_[(_e204 && (_e209 == 10u)) ? 9u : (_e203 + 9u)].inner.get_height(), _resource_table_texture_3d_i32_[(_e204 && (_e209 == 10u)) ? 9u : (_e203 + 9u)].inner.get_depth()).x;
    uint _e221 = n;
    uint _e225 = _resource_table_metadata.length;
    bool _e226 = 10u < _e225;
    uint _e231 = _resource_table_metadata.type_ids[_e226 ? 10u : 0u];
    n = _e221 + metal::uint2(_resource_table_texture_cube_i32_[(_e226 && (_e231 == 11u)) ? 10u : (_e225 + 10u)].inner.get_width()).x;
    uint _e243 = n;
    uint _e247 = _resource_table_metadata.length;
    bool _e248 = 11u < _e247;
    uint _e253 = _resource_table_metadata.type_ids[_e248 ? 11u : 0u];
    n = _e243 + metal::uint2(_resource_table_texture_cube_array_i32_[(_e248 && (_e253 == 12u)) ? 11u : (_e247 + 11u)].inner.get_width()).x;
    uint _e265 = n;
    uint _e269 = _resource_table_metadata.length;
    bool _e270 = 12u < _e269;
    uint _e275 = _resource_table_metadata.type_ids[_e270 ? 12u : 0u];
    n = _e265 + _resource_table_texture_1d_u32_[(_e270 && (_e275 == 13u)) ? 12u : (_e269 + 12u)].inner.get_width();
    uint _e286 = n;
    uint _e290 = _resource_table_metadata.length;
    bool _e291 = 13u < _e290;
    uint _e296 = _resource_table_metadata.type_ids[_e291 ? 13u : 0u];
    n = _e286 + metal::uint2(_resource_table_texture_2d_u32_[(_e291 && (_e296 == 14u)) ? 13u : (_e290 + 13u)].inner.get_width(), _resource_table_texture_2d_u32_[(_e291 && (_e296 == 14u)) ? 13u : (_e290 + 13u)].inner.get_height()).x;
    uint _e308 = n;
    uint _e312 = _resource_table_metadata.length;
    bool _e313 = 14u < _e312;
    uint _e318 = _resource_table_metadata.type_ids[_e313 ? 14u : 0u];
    n = _e308 + metal::uint2(_resource_table_texture_2d_array_u32_[(_e313 && (_e318 == 15u)) ? 14u : (_e312 + 14u)].inner.get_width(), _resource_table_texture_2d_array_u32_[(_e313 && (_e318 == 15u)) ? 14u : (_e312 + 14u)].inner.get_height()).x;
    uint _e330 = n;
    uint _e334 = _resource_table_metadata.length;
    bool _e335 = 15u < _e334;
    uint _e340 = _resource_table_metadata.type_ids[_e335 ? 15u : 0u];
    n = _e330 + metal::uint3(_resource_table_texture_3d_u32_[(_e335 && (_e340 == 16u)) ? 15u : (_e334 + 15u)].inner.get_width(), _resource_table_texture_3d_u32_[(_e335 && (_e340 == 16u)) ? 15u : (_e334 + 15u)].inner.get_height(), _resource_table_texture_3d_u32_[(_e335 && (_e340 == 16u)) ? 15u : (_e334 + 15u)].inner.get_depth()).x;
    uint _e352 = n;
    uint _e356 = _resource_table_metadata.length;
    bool _e357 = 16u < _e356;
    uint _e362 = _resource_table_metadata.type_ids[_e357 ? 16u : 0u];
    n = _e352 + metal::uint2(_resource_table_texture_cube_u32_[(_e357 && (_e362 == 17u)) ? 16u : (_e356 + 16u)].inner.get_width()).x;
    uint _e374 = n;
    uint _e378 = _resource_table_metadata.length;
    bool _e379 = 17u < _e378;
    uint _e384 = _resource_table_metadata.type_ids[_e379 ? 17u : 0u];
    n = _e374 + metal::uint2(_resource_table_texture_cube_array_u32_[(_e379 && (_e384 == 18u)) ? 17u : (_e378 + 17u)].inner.get_width()).x;
    uint _e396 = n;
    uint _e400 = _resource_table_metadata.length;
    bool _e401 = 18u < _e400;
    uint _e406 = _resource_table_metadata.type_ids[_e401 ? 18u : 0u];
    n = _e396 + metal::uint2(_resource_table_texture_multisampled_2d_f32_[(_e401 && (_e406 == 19u)) ? 18u : (_e400 + 18u)].inner.get_width(), _resource_table_texture_multisampled_2d_f32_[(_e401 && (_e406 == 19u)) ? 18u : (_e400 + 18u)].inner.get_height()).x;
    uint _e418 = n;
    uint _e422 = _resource_table_metadata.length;
    bool _e423 = 19u < _e422;
    uint _e428 = _resource_table_metadata.type_ids[_e423 ? 19u : 0u];
    n = _e418 + metal::uint2(_resource_table_texture_multisampled_2d_i32_[(_e423 && (_e428 == 20u)) ? 19u : (_e422 + 19u)].inner.get_width(), _resource_table_texture_multisampled_2d_i32_[(_e423 && (_e428 == 20u)) ? 19u : (_e422 + 19u)].inner.get_height()).x;
    uint _e440 = n;
    uint _e444 = _resource_table_metadata.length;
    bool _e445 = 20u < _e444;
    uint _e450 = _resource_table_metadata.type_ids[_e445 ? 20u : 0u];
    n = _e440 + metal::uint2(_resource_table_texture_multisampled_2d_u32_[(_e445 && (_e450 == 21u)) ? 20u : (_e444 + 20u)].inner.get_width(), _resource_table_texture_multisampled_2d_u32_[(_e445 && (_e450 == 21u)) ? 20u : (_e444 + 20u)].inner.get_height()).x;
    uint _e462 = n;
    uint _e466 = _resource_table_metadata.length;
    bool _e467 = 21u < _e466;
    uint _e472 = _resource_table_metadata.type_ids[_e467 ? 21u : 0u];
    n = _e462 + metal::uint2(_resource_table_texture_depth_2d[(_e467 && (_e472 == 22u)) ? 21u : (_e466 + 21u)].inner.get_width(), _resource_table_texture_depth_2d[(_e467 && (_e472 == 22u)) ? 21u : (_e466 + 21u)].inner.get_height()).x;
    uint _e484 = n;
    uint _e488 = _resource_table_metadata.length;
    bool _e489 = 22u < _e488;
    uint _e494 = _resource_table_metadata.type_ids[_e489 ? 22u : 0u];
    n = _e484 + metal::uint2(_resource_table_texture_depth_2d_array[(_e489 && (_e494 == 23u)) ? 22u : (_e488 + 22u)].inner.get_width(), _resource_table_texture_depth_2d_array[(_e489 && (_e494 == 23u)) ? 22u : (_e488 + 22u)].inner.get_height()).x;
    uint _e506 = n;
    uint _e510 = _resource_table_metadata.length;
    bool _e511 = 23u < _e510;
    uint _e516 = _resource_table_metadata.type_ids[_e511 ? 23u : 0u];
    n = _e506 + metal::uint2(_resource_table_texture_depth_cube[(_e511 && (_e516 == 24u)) ? 23u : (_e510 + 23u)].inner.get_width()).x;
    uint _e528 = n;
    uint _e532 = _resource_table_metadata.length;
    bool _e533 = 24u < _e532;
    uint _e538 = _resource_table_metadata.type_ids[_e533 ? 24u : 0u];
    n = _e528 + metal::uint2(_resource_table_texture_depth_cube_array[(_e533 && (_e538 == 25u)) ? 24u : (_e532 + 24u)].inner.get_width()).x;
    uint _e550 = n;
    uint _e554 = _resource_table_metadata.length;
    bool _e555 = 25u < _e554;
    uint _e560 = _resource_table_metadata.type_ids[_e555 ? 25u : 0u];
    n = _e550 + metal::uint2(_resource_table_texture_depth_multisampled_2d[(_e555 && (_e560 == 26u)) ? 25u : (_e554 + 25u)].inner.get_width(), _resource_table_texture_depth_multisampled_2d[(_e555 && (_e560 == 26u)) ? 25u : (_e554 + 25u)].inner.get_height()).x;
    uint _e575 = _resource_table_metadata.length;
    bool _e576 = id.x < _e575;
    uint _e581 = _resource_table_metadata.type_ids[_e576 ? id.x : 0u];
    metal::float4 f = _resource_table_texture_2d_f32_[(_e576 && (_e581 == 2u)) ? id.x : (_e575 + 1u)].inner.read(metal::uint2(metal::int2(0)), 0);
    uint _e597 = _resource_table_metadata.length;
    bool _e598 = id.x < _e597;
    uint _e603 = _resource_table_metadata.type_ids[_e598 ? id.x : 0u];
    metal::int4 i = _resource_table_texture_3d_i32_[(_e598 && (_e603 == 10u)) ? id.x : (_e597 + 9u)].inner.read(metal::uint3(metal::int3(0)), 0);
    uint _e619 = _resource_table_metadata.length;
    bool _e620 = id.x < _e619;
    uint _e625 = _resource_table_metadata.type_ids[_e620 ? id.x : 0u];
    metal::uint4 u = _resource_table_texture_multisampled_2d_u32_[(_e620 && (_e625 == 21u)) ? id.x : (_e619 + 20u)].inner.read(metal::uint2(metal::int2(0)), 0);
    uint _e641 = _resource_table_metadata.length;
    bool _e642 = id.x < _e641;
    uint _e647 = _resource_table_metadata.type_ids[_e642 ? id.x : 0u];
    float d = _resource_table_texture_depth_2d[(_e642 && (_e647 == 22u)) ? id.x : (_e641 + 21u)].inner.read(metal::uint2(metal::int2(0)), 0);
    uint _e663 = n;
    out[id.x] = (((_e663 + naga_f2u32(f.x)) + static_cast<uint>(i.y)) + u.z) + naga_f2u32(d);
    return;
}
