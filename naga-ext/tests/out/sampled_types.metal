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
    uint _e11 = _resource_table_metadata.type_ids[0u];
    n = _e3 + _resource_table_texture_1d_f32_[((0u < _e7) && (_e11 == 1u)) ? 0u : (_e7 + 0u)].inner.get_width();
    uint _e22 = n;
    uint _e26 = _resource_table_metadata.length;
    uint _e30 = _resource_table_metadata.type_ids[1u];
    n = _e22 + metal::uint2(_resource_table_texture_2d_f32_[((1u < _e26) && (_e30 == 2u)) ? 1u : (_e26 + 1u)].inner.get_width(), _resource_table_texture_2d_f32_[((1u < _e26) && (_e30 == 2u)) ? 1u : (_e26 + 1u)].inner.get_height()).x;
    uint _e42 = n;
    uint _e46 = _resource_table_metadata.length;
    uint _e50 = _resource_table_metadata.type_ids[2u];
    n = _e42 + metal::uint2(_resource_table_texture_2d_array_f32_[((2u < _e46) && (_e50 == 3u)) ? 2u : (_e46 + 2u)].inner.get_width(), _resource_table_texture_2d_array_f32_[((2u < _e46) && (_e50 == 3u)) ? 2u : (_e46 + 2u)].inner.get_height()).x;
    uint _e62 = n;
    uint _e66 = _resource_table_metadata.length;
    uint _e70 = _resource_table_metadata.type_ids[3u];
    n = _e62 + metal::uint3(_resource_table_texture_3d_f32_[((3u < _e66) && (_e70 == 4u)) ? 3u : (_e66 + 3u)].inner.get_width(), _resource_table_texture_3d_f32_[((3u < _e66) && (_e70 == 4u)) ? 3u : (_e66 + 3u)].inner.get_height(), _resource_table_texture_3d_f32_[((3u < _e66) && (_e70 == 4u)) ? 3u : (_e66 + 3u)].inner.get_depth()).x;
    uint _e82 = n;
    uint _e86 = _resource_table_metadata.length;
    uint _e90 = _resource_table_metadata.type_ids[4u];
    n = _e82 + metal::uint2(_resource_table_texture_cube_f32_[((4u < _e86) && (_e90 == 5u)) ? 4u : (_e86 + 4u)].inner.get_width()).x;
    uint _e102 = n;
    uint _e106 = _resource_table_metadata.length;
    uint _e110 = _resource_table_metadata.type_ids[5u];
    n = _e102 + metal::uint2(_resource_table_texture_cube_array_f32_[((5u < _e106) && (_e110 == 6u)) ? 5u : (_e106 + 5u)].inner.get_width()).x;
    uint _e122 = n;
    uint _e126 = _resource_table_metadata.length;
    uint _e130 = _resource_table_metadata.type_ids[6u];
    n = _e122 + _resource_table_texture_1d_i32_[((6u < _e126) && (_e130 == 7u)) ? 6u : (_e126 + 6u)].inner.get_width();
    uint _e141 = n;
    uint _e145 = _resource_table_metadata.length;
    uint _e149 = _resource_table_metadata.type_ids[7u];
    n = _e141 + metal::uint2(_resource_table_texture_2d_i32_[((7u < _e145) && (_e149 == 8u)) ? 7u : (_e145 + 7u)].inner.get_width(), _resource_table_texture_2d_i32_[((7u < _e145) && (_e149 == 8u)) ? 7u : (_e145 + 7u)].inner.get_height()).x;
    uint _e161 = n;
    uint _e165 = _resource_table_metadata.length;
    uint _e169 = _resource_table_metadata.type_ids[8u];
    n = _e161 + metal::uint2(_resource_table_texture_2d_array_i32_[((8u < _e165) && (_e169 == 9u)) ? 8u : (_e165 + 8u)].inner.get_width(), _resource_table_texture_2d_array_i32_[((8u < _e165) && (_e169 == 9u)) ? 8u : (_e165 + 8u)].inner.get_height()).x;
    uint _e181 = n;
    uint _e185 = _resource_table_metadata.length;
    uint _e189 = _resource_table_metadata.type_ids[9u];
    n = _e181 + metal::uint3(_resource_table_texture_3d_i32_[((9u < _e185) && (_e189 == 10u)) ? 9u : (_e185 + 9u)].inner.get_width(), _resource_table_texture_3d_i32_[((9u < _e185) && (_e189 == 10u)) ? 9u : (_e185 + 9u)].inner.get_height(), _resource_table_texture_3d_i32_[((9u < _e185) && (_e189 == 10u)) ? 9u : (_e185 + 9u)].inner.get_depth()).x;
    uint _e201 = n;
    uint _e205 = _resource_table_metadata.length;
    uint _e209 = _resource_table_metadata.type_ids[10u];
    n = _e201 + metal::uint2(_resource_table_texture_cube_i32_[((10u < _e205) && (_e209 == 11u)) ? 10u : (_e205 + 10u)].inner.get_width()).x;
    uint _e221 = n;
    uint _e225 = _resource_table_metadata.length;
    uint _e229 = _resource_table_metadata.type_ids[11u];
    n = _e221 + metal::uint2(_resource_table_texture_cube_array_i32_[((11u < _e225) && (_e229 == 12u)) ? 11u : (_e225 + 11u)].inner.get_width()).x;
    uint _e241 = n;
    uint _e245 = _resource_table_metadata.length;
    uint _e249 = _resource_table_metadata.type_ids[12u];
    n = _e241 + _resource_table_texture_1d_u32_[((12u < _e245) && (_e249 == 13u)) ? 12u : (_e245 + 12u)].inner.get_width();
    uint _e260 = n;
    uint _e264 = _resource_table_metadata.length;
    uint _e268 = _resource_table_metadata.type_ids[13u];
    n = _e260 + metal::uint2(_resource_table_texture_2d_u32_[((13u < _e264) && (_e268 == 14u)) ? 13u : (_e264 + 13u)].inner.get_width(), _resource_table_texture_2d_u32_[((13u < _e264) && (_e268 == 14u)) ? 13u : (_e264 + 13u)].inner.get_height()).x;
    uint _e280 = n;
    uint _e284 = _resource_table_metadata.length;
    uint _e288 = _resource_table_metadata.type_ids[14u];
    n = _e280 + metal::uint2(_resource_table_texture_2d_array_u32_[((14u < _e284) && (_e288 == 15u)) ? 14u : (_e284 + 14u)].inner.get_width(), _resource_table_texture_2d_array_u32_[((14u < _e284) && (_e288 == 15u)) ? 14u : (_e284 + 14u)].inner.get_height()).x;
    uint _e300 = n;
    uint _e304 = _resource_table_metadata.length;
    uint _e308 = _resource_table_metadata.type_ids[15u];
    n = _e300 + metal::uint3(_resource_table_texture_3d_u32_[((15u < _e304) && (_e308 == 16u)) ? 15u : (_e304 + 15u)].inner.get_width(), _resource_table_texture_3d_u32_[((15u < _e304) && (_e308 == 16u)) ? 15u : (_e304 + 15u)].inner.get_height(), _resource_table_texture_3d_u32_[((15u < _e304) && (_e308 == 16u)) ? 15u : (_e304 + 15u)].inner.get_depth()).x;
    uint _e320 = n;
    uint _e324 = _resource_table_metadata.length;
    uint _e328 = _resource_table_metadata.type_ids[16u];
    n = _e320 + metal::uint2(_resource_table_texture_cube_u32_[((16u < _e324) && (_e328 == 17u)) ? 16u : (_e324 + 16u)].inner.get_width()).x;
    uint _e340 = n;
    uint _e344 = _resource_table_metadata.length;
    uint _e348 = _resource_table_metadata.type_ids[17u];
    n = _e340 + metal::uint2(_resource_table_texture_cube_array_u32_[((17u < _e344) && (_e348 == 18u)) ? 17u : (_e344 + 17u)].inner.get_width()).x;
    uint _e360 = n;
    uint _e364 = _resource_table_metadata.length;
    uint _e368 = _resource_table_metadata.type_ids[18u];
    n = _e360 + metal::uint2(_resource_table_texture_multisampled_2d_f32_[((18u < _e364) && (_e368 == 19u)) ? 18u : (_e364 + 18u)].inner.get_width(), _resource_table_texture_multisampled_2d_f32_[((18u < _e364) && (_e368 == 19u)) ? 18u : (_e364 + 18u)].inner.get_height()).x;
    uint _e380 = n;
    uint _e384 = _resource_table_metadata.length;
    uint _e388 = _resource_table_metadata.type_ids[19u];
    n = _e380 + metal::uint2(_resource_table_texture_multisampled_2d_i32_[((19u < _e384) && (_e388 == 20u)) ? 19u : (_e384 + 19u)].inner.get_width(), _resource_table_texture_multisampled_2d_i32_[((19u < _e384) && (_e388 == 20u)) ? 19u : (_e384 + 19u)].inner.get_height()).x;
    uint _e400 = n;
    uint _e404 = _resource_table_metadata.length;
    uint _e408 = _resource_table_metadata.type_ids[20u];
    n = _e400 + metal::uint2(_resource_table_texture_multisampled_2d_u32_[((20u < _e404) && (_e408 == 21u)) ? 20u : (_e404 + 20u)].inner.get_width(), _resource_table_texture_multisampled_2d_u32_[((20u < _e404) && (_e408 == 21u)) ? 20u : (_e404 + 20u)].inner.get_height()).x;
    uint _e420 = n;
    uint _e424 = _resource_table_metadata.length;
    uint _e428 = _resource_table_metadata.type_ids[21u];
    n = _e420 + metal::uint2(_resource_table_texture_depth_2d[((21u < _e424) && (_e428 == 22u)) ? 21u : (_e424 + 21u)].inner.get_width(), _resource_table_texture_depth_2d[((21u < _e424) && (_e428 == 22u)) ? 21u : (_e424 + 21u)].inner.get_height()).x;
    uint _e440 = n;
    uint _e444 = _resource_table_metadata.length;
    uint _e448 = _resource_table_metadata.type_ids[22u];
    n = _e440 + metal::uint2(_resource_table_texture_depth_2d_array[((22u < _e444) && (_e448 == 23u)) ? 22u : (_e444 + 22u)].inner.get_width(), _resource_table_texture_depth_2d_array[((22u < _e444) && (_e448 == 23u)) ? 22u : (_e444 + 22u)].inner.get_height()).x;
    uint _e460 = n;
    uint _e464 = _resource_table_metadata.length;
    uint _e468 = _resource_table_metadata.type_ids[23u];
    n = _e460 + metal::uint2(_resource_table_texture_depth_cube[((23u < _e464) && (_e468 == 24u)) ? 23u : (_e464 + 23u)].inner.get_width()).x;
    uint _e480 = n;
    uint _e484 = _resource_table_metadata.length;
    uint _e488 = _resource_table_metadata.type_ids[24u];
    n = _e480 + metal::uint2(_resource_table_texture_depth_cube_array[((24u < _e484) && (_e488 == 25u)) ? 24u : (_e484 + 24u)].inner.get_width()).x;
    uint _e500 = n;
    uint _e504 = _resource_table_metadata.length;
    uint _e508 = _resource_table_metadata.type_ids[25u];
    n = _e500 + metal::uint2(_resource_table_texture_depth_multisampled_2d[((25u < _e504) && (_e508 == 26u)) ? 25u : (_e504 + 25u)].inner.get_width(), _resource_table_texture_depth_multisampled_2d[((25u < _e504) && (_e508 == 26u)) ? 25u : (_e504 + 25u)].inner.get_height()).x;
    uint _e523 = _resource_table_metadata.length;
    uint _e527 = _resource_table_metadata.type_ids[id.x];
    metal::float4 f = _resource_table_texture_2d_f32_[((id.x < _e523) && (_e527 == 2u)) ? id.x : (_e523 + 1u)].inner.read(metal::uint2(metal::int2(0)), 0);
    uint _e543 = _resource_table_metadata.length;
    uint _e547 = _resource_table_metadata.type_ids[id.x];
    metal::int4 i = _resource_table_texture_3d_i32_[((id.x < _e543) && (_e547 == 10u)) ? id.x : (_e543 + 9u)].inner.read(metal::uint3(metal::int3(0)), 0);
    uint _e563 = _resource_table_metadata.length;
    uint _e567 = _resource_table_metadata.type_ids[id.x];
    metal::uint4 u = _resource_table_texture_multisampled_2d_u32_[((id.x < _e563) && (_e567 == 21u)) ? id.x : (_e563 + 20u)].inner.read(metal::uint2(metal::int2(0)), 0);
    uint _e583 = _resource_table_metadata.length;
    uint _e587 = _resource_table_metadata.type_ids[id.x];
    float d = _resource_table_texture_depth_2d[((id.x < _e583) && (_e587 == 22u)) ? id.x : (_e583 + 21u)].inner.read(metal::uint2(metal::int2(0)), 0);
    uint _e603 = n;
    out[id.x] = (((_e603 + naga_f2u32(f.x)) + static_cast<uint>(i.y)) + u.z) + naga_f2u32(d);
    return;
}
