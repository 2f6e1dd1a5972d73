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
    n = _e3 + _resource_table_texture_1d_f32_[((0u < _e7) && ((_e11 & 255u) == 1u)) ? 0u : (_e7 + 0u)].inner.get_width();
    uint _e24 = n;
    uint _e28 = _resource_table_metadata.length;
    uint _e32 = _resource_table_metadata.type_ids[1u];
    n = _e24 + metal::uint2(_resource_table_texture_2d_f32_[((1u < _e28) && ((_e32 & 255u) == 2u)) ? 1u : (_e28 + 1u)].inner.get_width(), _resource_table_texture_2d_f32_[((1u < _e28) && ((_e32 & 255u) == 2u)) ? 1u : (_e28 + 1u)].inner.get_height()).x;
    uint _e46 = n;
    uint _e50 = _resource_table_metadata.length;
    uint _e54 = _resource_table_metadata.type_ids[2u];
    n = _e46 + metal::uint2(_resource_table_texture_2d_array_f32_[((2u < _e50) && ((_e54 & 255u) == 3u)) ? 2u : (_e50 + 2u)].inner.get_width(), _resource_table_texture_2d_array_f32_[((2u < _e50) && ((_e54 & 255u) == 3u)) ? 2u : (_e50 + 2u)].inner.get_height()).x;
    uint _e68 = n;
    uint _e72 = _resource_table_metadata.length;
    uint _e76 = _resource_table_metadata.type_ids[3u];
    n = _e68 + metal::uint3(_resource_table_texture_3d_f32_[((3u < _e72) && ((_e76 & 255u) == 4u)) ? 3u : (_e72 + 3u)].inner.get_width(), _resource_table_texture_3d_f32_[((3u < _e72) && ((_e76 & 255u) == 4u)) ? 3u : (_e72 + 3u)].inner.get_height(), _resource_table_texture_3d_f32_[((3u < _e72) && ((_e76 & 255u) == 4u)) ? 3u : (_e72 + 3u)].inner.get_depth()).x;
    uint _e90 = n;
    uint _e94 = _resource_table_metadata.length;
    uint _e98 = _resource_table_metadata.type_ids[4u];
    n = _e90 + metal::uint2(_resource_table_texture_cube_f32_[((4u < _e94) && ((_e98 & 255u) == 5u)) ? 4u : (_e94 + 4u)].inner.get_width()).x;
    uint _e112 = n;
    uint _e116 = _resource_table_metadata.length;
    uint _e120 = _resource_table_metadata.type_ids[5u];
    n = _e112 + metal::uint2(_resource_table_texture_cube_array_f32_[((5u < _e116) && ((_e120 & 255u) == 6u)) ? 5u : (_e116 + 5u)].inner.get_width()).x;
    uint _e134 = n;
    uint _e138 = _resource_table_metadata.length;
    uint _e142 = _resource_table_metadata.type_ids[6u];
    n = _e134 + _resource_table_texture_1d_i32_[((6u < _e138) && (_e142 == 7u)) ? 6u : (_e138 + 6u)].inner.get_width();
    uint _e153 = n;
    uint _e157 = _resource_table_metadata.length;
    uint _e161 = _resource_table_metadata.type_ids[7u];
    n = _e153 + metal::uint2(_resource_table_texture_2d_i32_[((7u < _e157) && (_e161 == 8u)) ? 7u : (_e157 + 7u)].inner.get_width(), _resource_table_texture_2d_i32_[((7u < _e157) && (_e161 == 8u)) ? 7u : (_e157 + 7u)].inner.get_height()).x;
    uint _e173 = n;
    uint _e177 = _resource_table_metadata.length;
    uint _e181 = _resource_table_metadata.type_ids[8u];
    n = _e173 + metal::uint2(_resource_table_texture_2d_array_i32_[((8u < _e177) && (_e181 == 9u)) ? 8u : (_e177 + 8u)].inner.get_width(), _resource_table_texture_2d_array_i32_[((8u < _e177) && (_e181 == 9u)) ? 8u : (_e177 + 8u)].inner.get_height()).x;
    uint _e193 = n;
    uint _e197 = _resource_table_metadata.length;
    uint _e201 = _resource_table_metadata.type_ids[9u];
    n = _e193 + metal::uint3(_resource_table_texture_3d_i32_[((9u < _e197) && (_e201 == 10u)) ? 9u : (_e197 + 9u)].inner.get_width(), _resource_table_texture_3d_i32_[((9u < _e197) && (_e201 == 10u)) ? 9u : (_e197 + 9u)].inner.get_height(), _resource_table_texture_3d_i32_[((9u < _e197) && (_e201 == 10u)) ? 9u : (_e197 + 9u)].inner.get_depth()).x;
    uint _e213 = n;
    uint _e217 = _resource_table_metadata.length;
    uint _e221 = _resource_table_metadata.type_ids[10u];
    n = _e213 + metal::uint2(_resource_table_texture_cube_i32_[((10u < _e217) && (_e221 == 11u)) ? 10u : (_e217 + 10u)].inner.get_width()).x;
    uint _e233 = n;
    uint _e237 = _resource_table_metadata.length;
    uint _e241 = _resource_table_metadata.type_ids[11u];
    n = _e233 + metal::uint2(_resource_table_texture_cube_array_i32_[((11u < _e237) && (_e241 == 12u)) ? 11u : (_e237 + 11u)].inner.get_width()).x;
    uint _e253 = n;
    uint _e257 = _resource_table_metadata.length;
    uint _e261 = _resource_table_metadata.type_ids[12u];
    n = _e253 + _resource_table_texture_1d_u32_[((12u < _e257) && (_e261 == 13u)) ? 12u : (_e257 + 12u)].inner.get_width();
    uint _e272 = n;
    uint _e276 = _resource_table_metadata.length;
    uint _e280 = _resource_table_metadata.type_ids[13u];
    n = _e272 + metal::uint2(_resource_table_texture_2d_u32_[((13u < _e276) && (_e280 == 14u)) ? 13u : (_e276 + 13u)].inner.get_width(), _resource_table_texture_2d_u32_[((13u < _e276) && (_e280 == 14u)) ? 13u : (_e276 + 13u)].inner.get_height()).x;
    uint _e292 = n;
    uint _e296 = _resource_table_metadata.length;
    uint _e300 = _resource_table_metadata.type_ids[14u];
    n = _e292 + metal::uint2(_resource_table_texture_2d_array_u32_[((14u < _e296) && (_e300 == 15u)) ? 14u : (_e296 + 14u)].inner.get_width(), _resource_table_texture_2d_array_u32_[((14u < _e296) && (_e300 == 15u)) ? 14u : (_e296 + 14u)].inner.get_height()).x;
    uint _e312 = n;
    uint _e316 = _resource_table_metadata.length;
    uint _e320 = _resource_table_metadata.type_ids[15u];
    n = _e312 + metal::uint3(_resource_table_texture_3d_u32_[((15u < _e316) && (_e320 == 16u)) ? 15u : (_e316 + 15u)].inner.get_width(), _resource_table_texture_3d_u32_[((15u < _e316) && (_e320 == 16u)) ? 15u : (_e316 + 15u)].inner.get_height(), _resource_table_texture_3d_u32_[((15u < _e316) && (_e320 == 16u)) ? 15u : (_e316 + 15u)].inner.get_depth()).x;
    uint _e332 = n;
    uint _e336 = _resource_table_metadata.length;
    uint _e340 = _resource_table_metadata.type_ids[16u];
    n = _e332 + metal::uint2(_resource_table_texture_cube_u32_[((16u < _e336) && (_e340 == 17u)) ? 16u : (_e336 + 16u)].inner.get_width()).x;
    uint _e352 = n;
    uint _e356 = _resource_table_metadata.length;
    uint _e360 = _resource_table_metadata.type_ids[17u];
    n = _e352 + metal::uint2(_resource_table_texture_cube_array_u32_[((17u < _e356) && (_e360 == 18u)) ? 17u : (_e356 + 17u)].inner.get_width()).x;
    uint _e372 = n;
    uint _e376 = _resource_table_metadata.length;
    uint _e380 = _resource_table_metadata.type_ids[18u];
    n = _e372 + metal::uint2(_resource_table_texture_multisampled_2d_f32_[((18u < _e376) && (_e380 == 19u)) ? 18u : (_e376 + 18u)].inner.get_width(), _resource_table_texture_multisampled_2d_f32_[((18u < _e376) && (_e380 == 19u)) ? 18u : (_e376 + 18u)].inner.get_height()).x;
    uint _e392 = n;
    uint _e396 = _resource_table_metadata.length;
    uint _e400 = _resource_table_metadata.type_ids[19u];
    n = _e392 + metal::uint2(_resource_table_texture_multisampled_2d_i32_[((19u < _e396) && (_e400 == 20u)) ? 19u : (_e396 + 19u)].inner.get_width(), _resource_table_texture_multisampled_2d_i32_[((19u < _e396) && (_e400 == 20u)) ? 19u : (_e396 + 19u)].inner.get_height()).x;
    uint _e412 = n;
    uint _e416 = _resource_table_metadata.length;
    uint _e420 = _resource_table_metadata.type_ids[20u];
    n = _e412 + metal::uint2(_resource_table_texture_multisampled_2d_u32_[((20u < _e416) && (_e420 == 21u)) ? 20u : (_e416 + 20u)].inner.get_width(), _resource_table_texture_multisampled_2d_u32_[((20u < _e416) && (_e420 == 21u)) ? 20u : (_e416 + 20u)].inner.get_height()).x;
    uint _e432 = n;
    uint _e436 = _resource_table_metadata.length;
    uint _e440 = _resource_table_metadata.type_ids[21u];
    n = _e432 + metal::uint2(_resource_table_texture_depth_2d[((21u < _e436) && (_e440 == 22u)) ? 21u : (_e436 + 21u)].inner.get_width(), _resource_table_texture_depth_2d[((21u < _e436) && (_e440 == 22u)) ? 21u : (_e436 + 21u)].inner.get_height()).x;
    uint _e452 = n;
    uint _e456 = _resource_table_metadata.length;
    uint _e460 = _resource_table_metadata.type_ids[22u];
    n = _e452 + metal::uint2(_resource_table_texture_depth_2d_array[((22u < _e456) && (_e460 == 23u)) ? 22u : (_e456 + 22u)].inner.get_width(), _resource_table_texture_depth_2d_array[((22u < _e456) && (_e460 == 23u)) ? 22u : (_e456 + 22u)].inner.get_height()).x;
    uint _e472 = n;
    uint _e476 = _resource_table_metadata.length;
    uint _e480 = _resource_table_metadata.type_ids[23u];
    n = _e472 + metal::uint2(_resource_table_texture_depth_cube[((23u < _e476) && (_e480 == 24u)) ? 23u : (_e476 + 23u)].inner.get_width()).x;
    uint _e492 = n;
    uint _e496 = _resource_table_metadata.length;
    uint _e500 = _resource_table_metadata.type_ids[24u];
    n = _e492 + metal::uint2(_resource_table_texture_depth_cube_array[((24u < _e496) && (_e500 == 25u)) ? 24u : (_e496 + 24u)].inner.get_width()).x;
    uint _e512 = n;
    uint _e516 = _resource_table_metadata.length;
    uint _e520 = _resource_table_metadata.type_ids[25u];
    n = _e512 + metal::uint2(_resource_table_texture_depth_multisampled_2d[((25u < _e516) && (_e520 == 26u)) ? 25u : (_e516 + 25u)].inner.get_width(), _resource_table_texture_depth_multisampled_2d[((25u < _e516) && (_e520 == 26u)) ? 25u : (_e516 + 25u)].inner.get_height()).x;
    uint _e535 = _resource_table_metadata.length;
    uint _e539 = _resource_table_metadata.type_ids[id.x];
    metal::float4 f = _resource_table_texture_2d_f32_[((id.x < _e535) && ((_e539 & 255u) == 2u)) ? id.x : (_e535 + 1u)].inner.read(metal::uint2(metal::int2(0)), 0);
    uint _e557 = _resource_table_metadata.length;
    uint _e561 = _resource_table_metadata.type_ids[id.x];
    metal::int4 i = _resource_table_texture_3d_i32_[((id.x < _e557) && (_e561 == 10u)) ? id.x : (_e557 + 9u)].inner.read(metal::uint3(metal::int3(0)), 0);
    uint _e577 = _resource_table_metadata.length;
    uint _e581 = _resource_table_metadata.type_ids[id.x];
    metal::uint4 u = _resource_table_texture_multisampled_2d_u32_[((id.x < _e577) && (_e581 == 21u)) ? id.x : (_e577 + 20u)].inner.read(metal::uint2(metal::int2(0)), 0);
    uint _e597 = _resource_table_metadata.length;
    uint _e601 = _resource_table_metadata.type_ids[id.x];
    float d = _resource_table_texture_depth_2d[((id.x < _e597) && (_e601 == 22u)) ? id.x : (_e597 + 21u)].inner.read(metal::uint2(metal::int2(0)), 0);
    uint _e617 = n;
    out[id.x] = (((_e617 + naga_f2u32(f.x)) + static_cast<uint>(i.y)) + u.z) + naga_f2u32(d);
    return;
}
