//! The filterability rule on Vulkan (validation layer on): a texture–sampler combination with
//! a table side pairs a filtering sampler with a texture that cannot be filtered nowhere. The
//! table's `f32` texture takes its default (zeros) instead, or else the table's sampler takes
//! its default (nearest, clamp to edge). Each case reads a value that tells apart what the
//! rule may make of it: the real pair, the default texture, or the default sampler.
//!
//! The textures are 2×1: `R32Float` texels `[0.0, 1.0]` (`unfilterable-float` unless the device
//! has `FLOAT32_FILTERABLE`), `Rgba8Unorm` red `[0, 255]` (filterable), `R32Uint` `[5, 9]`.
//! At `u = 0.5` a linear sampler reads `0.5` and a nearest one `1.0`; at `u = 1.25` a
//! repeating sampler reads texel 0 and the default (clamping) texel 1.

use hal_ext::harness::{texture_2d, words, GpuContext};

const SHADER: &str = "
enable resource_table;
@group(0) @binding(0) var<storage, read_write> out: array<f32>;
@group(0) @binding(1) var bound_sampler: sampler;
@group(0) @binding(2) var bound_texture: texture_2d<f32>;
@compute @workgroup_size(1) fn main() {
    let t = getResource<texture_2d<f32>>(0u);
    let linear = getResource<sampler>(1u);
    let nearest = getResource<sampler>(2u);
    let mid = vec2(0.5, 0.5);
    let outside = vec2(1.25, 0.5);
    out[0] = textureSampleLevel(t, linear, mid, 0.0).r;
    out[1] = textureSampleLevel(t, nearest, mid, 0.0).r;
    out[2] = textureSampleLevel(t, bound_sampler, mid, 0.0).r;
    out[3] = textureSampleLevel(bound_texture, linear, outside, 0.0).r;
    out[4] = textureSampleLevel(bound_texture, nearest, outside, 0.0).r;
    out[5] = textureLoad(t, vec2(1, 0), 0).r;
    out[6] = f32(hasResource<texture_2d<f32>>(0u));
    out[7] = helper(t, linear, mid);
    out[8] = outer(t, nearest, mid);
    out[9] = helper(bound_texture, linear, outside);
    out[10] = with_table_sampler(bound_texture, outside);
    out[11] = forward(t, mid);
    out[12] = with_table_texture(linear, mid);
    out[13] = with_table_texture(bound_sampler, mid);
    out[14] = with_table_texture(nearest, mid);
}
// A pair of arguments is checked where the function is called, with what it is given: an
// argument that takes its default is the default for the whole call.
fn helper(t: texture_2d<f32>, s: sampler, uv: vec2<f32>) -> f32 {
    return textureSampleLevel(t, s, uv, 0.0).r;
}
fn outer(t: texture_2d<f32>, s: sampler, uv: vec2<f32>) -> f32 {
    return helper(t, s, uv) + textureSampleLevel(t, bound_sampler, uv, 0.0).r;
}
// An argument with a table value of the function's own: each call passes the argument's side.
fn with_table_sampler(t: texture_2d<f32>, uv: vec2<f32>) -> f32 {
    return textureSampleLevel(t, getResource<sampler>(1u), uv, 0.0).r;
}
fn forward(t: texture_2d<f32>, uv: vec2<f32>) -> f32 {
    return with_table_sampler(t, uv);
}
// A sampler argument with the function's own table texture: its side comes from each call.
fn with_table_texture(s: sampler, uv: vec2<f32>) -> f32 {
    return textureSampleLevel(getResource<texture_2d<f32>>(0u), s, uv, 0.0).r;
}";

/// What a case binds: the table's texture, and the bind group's sampler and texture with the
/// layout's words for them.
struct Case {
    table_texture: wgpu::TextureFormat,
    bound_sampler: wgpu::SamplerBindingType,
    /// Linear (else nearest) filtering of the bind group's sampler.
    bound_sampler_linear: bool,
    bound_texture: wgpu::TextureFormat,
    bound_texture_filterable: bool,
}

fn two_texels(gpu: &GpuContext, format: wgpu::TextureFormat) -> wgpu::Texture {
    let texture = texture_2d(
        &gpu.device,
        format,
        2,
        1,
        wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
    );
    let texels: [u32; 2] = match format {
        wgpu::TextureFormat::R32Float => [0f32.to_bits(), 1f32.to_bits()],
        wgpu::TextureFormat::Rgba8Unorm => [0xff00_0000, 0xff00_00ff],
        wgpu::TextureFormat::R32Uint => [5, 9],
        _ => unreachable!("{format:?}"),
    };
    gpu.queue.write_texture(
        texture.as_image_copy(),
        &[texels[0].to_le_bytes(), texels[1].to_le_bytes()].concat(),
        wgpu::TexelCopyBufferLayout {
            offset: 0,
            bytes_per_row: Some(8),
            rows_per_image: None,
        },
        wgpu::Extent3d {
            width: 2,
            height: 1,
            depth_or_array_layers: 1,
        },
    );
    texture
}

fn sampler(gpu: &GpuContext, linear: bool, address: wgpu::AddressMode) -> wgpu::Sampler {
    let filter = if linear {
        wgpu::FilterMode::Linear
    } else {
        wgpu::FilterMode::Nearest
    };
    gpu.device.create_sampler(&wgpu::SamplerDescriptor {
        address_mode_u: address,
        address_mode_v: address,
        mag_filter: filter,
        min_filter: filter,
        ..Default::default()
    })
}

/// A table of the case's texture (slot 0), a linear and a nearest sampler that repeat
/// (slots 1 and 2), and an `R32Uint` texture (slot 3).
fn table(gpu: &GpuContext, texture: &wgpu::Texture, keep: &mut Vec<wgpu::TextureView>) -> wgpu::ResourceTable {
    let table = gpu.device.create_resource_table(&wgpu::ResourceTableDescriptor {
        label: Some("filtering"),
        size: 4,
    });
    let view = texture.create_view(&Default::default());
    let int = two_texels(gpu, wgpu::TextureFormat::R32Uint).create_view(&Default::default());
    let linear = sampler(gpu, true, wgpu::AddressMode::Repeat);
    let nearest = sampler(gpu, false, wgpu::AddressMode::Repeat);
    assert_eq!(table.insert(wgpu::BindingResource::TextureView(&view)), Ok(0));
    assert_eq!(table.insert(wgpu::BindingResource::Sampler(&linear)), Ok(1));
    assert_eq!(table.insert(wgpu::BindingResource::Sampler(&nearest)), Ok(2));
    assert_eq!(table.insert(wgpu::BindingResource::TextureView(&int)), Ok(3));
    keep.extend([view, int]);
    table
}

/// Runs [`SHADER`] for `case` and returns the fifteen values it wrote.
fn run(gpu: &GpuContext, case: &Case) -> Vec<f32> {
    let device = &gpu.device;
    let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
        label: Some("filtering"),
        entries: &[
            wgpu::BindGroupLayoutEntry {
                binding: 0,
                visibility: wgpu::ShaderStages::COMPUTE,
                ty: wgpu::BindingType::Buffer {
                    ty: wgpu::BufferBindingType::Storage { read_only: false },
                    has_dynamic_offset: false,
                    min_binding_size: None,
                },
                count: None,
            },
            wgpu::BindGroupLayoutEntry {
                binding: 1,
                visibility: wgpu::ShaderStages::COMPUTE,
                ty: wgpu::BindingType::Sampler(case.bound_sampler),
                count: None,
            },
            wgpu::BindGroupLayoutEntry {
                binding: 2,
                visibility: wgpu::ShaderStages::COMPUTE,
                ty: wgpu::BindingType::Texture {
                    sample_type: wgpu::TextureSampleType::Float {
                        filterable: case.bound_texture_filterable,
                    },
                    view_dimension: wgpu::TextureViewDimension::D2,
                    multisampled: false,
                },
                count: None,
            },
        ],
    });
    let pipeline_layout = device.create_pipeline_layout_with_resource_table(&wgpu::PipelineLayoutDescriptor {
        label: Some("filtering"),
        bind_group_layouts: &[Some(&layout)],
        immediate_size: 0,
    });
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some("filtering"),
        source: wgpu::ShaderSource::Wgsl(SHADER.into()),
    });
    let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: Some("filtering"),
        layout: Some(&pipeline_layout),
        module: &module,
        entry_point: Some("main"),
        compilation_options: Default::default(),
        cache: None,
    });
    let out = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("out"),
        size: 60,
        usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
        mapped_at_creation: false,
    });
    let bound_sampler = sampler(gpu, case.bound_sampler_linear, wgpu::AddressMode::ClampToEdge);
    let bound_texture = two_texels(gpu, case.bound_texture).create_view(&Default::default());
    let group = device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: Some("filtering"),
        layout: &layout,
        entries: &[
            wgpu::BindGroupEntry {
                binding: 0,
                resource: out.as_entire_binding(),
            },
            wgpu::BindGroupEntry {
                binding: 1,
                resource: wgpu::BindingResource::Sampler(&bound_sampler),
            },
            wgpu::BindGroupEntry {
                binding: 2,
                resource: wgpu::BindingResource::TextureView(&bound_texture),
            },
        ],
    });
    let mut keep = Vec::new();
    let table = table(gpu, &two_texels(gpu, case.table_texture), &mut keep);
    let mut encoder = device.create_command_encoder(&Default::default());
    let mut pass = encoder.begin_compute_pass(&Default::default());
    pass.set_resource_table(Some(&table));
    pass.set_pipeline(&pipeline);
    pass.set_bind_group(0, &group, &[]);
    pass.dispatch_workgroups(1, 1, 1);
    drop(pass);
    gpu.queue.submit([encoder.finish()]);
    words(&gpu.read_buffer(&out)).into_iter().map(f32::from_bits).collect()
}

fn assert_layer_clean(gpu: &GpuContext) {
    let messages = gpu.take_validation_messages();
    assert!(messages.is_empty(), "{messages:#?}");
}

/// An `R32Float` texture in the table, a filtering bind group sampler, and an unfilterable
/// bind group texture: every filtering pair takes a default; every other reads its texels.
#[test]
fn gpu_an_unfilterable_texture_meets_no_filtering_sampler() {
    let gpu = GpuContext::new(wgpu::Features::SAMPLING_RESOURCE_TABLE, wgpu::Limits::default());
    let values = run(
        &gpu,
        &Case {
            table_texture: wgpu::TextureFormat::R32Float,
            bound_sampler: wgpu::SamplerBindingType::Filtering,
            bound_sampler_linear: true,
            bound_texture: wgpu::TextureFormat::R32Float,
            bound_texture_filterable: false,
        },
    );
    assert_eq!(
        values,
        [
            0.0, // table texture, table linear sampler: the default texture
            1.0, // table texture, table nearest sampler: the texel
            0.0, // table texture, filtering bind group sampler: the default texture
            1.0, // unfilterable bind group texture, table linear sampler: the default sampler
            0.0, // ... table nearest sampler (repeating): texel 0
            1.0, // textureLoad: the texture is visible
            1.0, // hasResource
            0.0, // a function's arguments, table texture and linear sampler: the default texture
            0.0, // through two functions, with the filtering bind group sampler: the default
            1.0, // a function's arguments, the bind group texture: the default sampler
            1.0, // a function's own table sampler, the bind group texture: the default sampler
            1.0, // the same through two functions, the table texture: the default sampler
            0.0, // a function's own table texture, the table linear sampler passed: the default
            0.0, // ... the filtering bind group sampler passed: the default texture
            1.0, // ... the table nearest sampler passed: the texel
        ]
    );
    assert_layer_clean(&gpu);
}

/// The same pairs with filterable textures, and a non-filtering bind group sampler: nothing
/// takes a default. A `Filtering` layout entry is what counts, not the sampler's own filter.
#[test]
fn gpu_filterable_textures_and_non_filtering_samplers_read_their_texels() {
    let gpu = GpuContext::new(wgpu::Features::SAMPLING_RESOURCE_TABLE, wgpu::Limits::default());
    let filterable = run(
        &gpu,
        &Case {
            table_texture: wgpu::TextureFormat::Rgba8Unorm,
            bound_sampler: wgpu::SamplerBindingType::Filtering,
            bound_sampler_linear: true,
            bound_texture: wgpu::TextureFormat::Rgba8Unorm,
            bound_texture_filterable: true,
        },
    );
    // Linear between red 0 and 255: a half, to the driver's filtering precision (128/255 on
    // lavapipe, 0.5000076 on an H200).
    let half = |v: f32| (v - 0.5).abs() < 0.01;
    assert!(
        half(filterable[0]) && half(filterable[2]) && half(filterable[7]) && half(filterable[8] - 1.0),
        "{filterable:?}"
    );
    assert!(
        half(filterable[11]) && half(filterable[12]) && half(filterable[13]),
        "{filterable:?}"
    );
    let exact = [1, 3, 4, 5, 6, 9, 10, 14].map(|i| filterable[i]);
    assert_eq!(exact, [1.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0], "{filterable:?}");

    let non_filtering = run(
        &gpu,
        &Case {
            table_texture: wgpu::TextureFormat::R32Float,
            bound_sampler: wgpu::SamplerBindingType::NonFiltering,
            bound_sampler_linear: false,
            bound_texture: wgpu::TextureFormat::R32Float,
            bound_texture_filterable: false,
        },
    );
    assert_eq!(non_filtering[1..3], [1.0, 1.0], "{non_filtering:?}");
    // Through two functions: texel 1, with the nearest table sampler and the bind group one.
    assert_eq!(non_filtering[8], 2.0, "{non_filtering:?}");
    // A function's own table texture with the nearest bind group sampler passed: texel 1;
    // with the table's linear one: the default.
    assert_eq!(non_filtering[12..14], [0.0, 1.0], "{non_filtering:?}");

    // A filtering layout entry with a nearest sampler still takes the default: the layout
    // decides, as it does for bind groups.
    let layout_decides = run(
        &gpu,
        &Case {
            table_texture: wgpu::TextureFormat::R32Float,
            bound_sampler: wgpu::SamplerBindingType::Filtering,
            bound_sampler_linear: false,
            bound_texture: wgpu::TextureFormat::R32Float,
            bound_texture_filterable: false,
        },
    );
    assert_eq!(layout_decides[2], 0.0, "{layout_decides:?}");
    assert_eq!(layout_decides[13], 0.0, "{layout_decides:?}");
    assert_layer_clean(&gpu);
}

/// With `FLOAT32_FILTERABLE`, `R32Float` is filterable: the table's texture is filtered.
#[test]
fn gpu_float32_filterable_devices_filter_r32float_from_the_table() {
    let gpu = GpuContext::new(
        wgpu::Features::SAMPLING_RESOURCE_TABLE | wgpu::Features::FLOAT32_FILTERABLE,
        wgpu::Limits::default(),
    );
    let values = run(
        &gpu,
        &Case {
            table_texture: wgpu::TextureFormat::R32Float,
            bound_sampler: wgpu::SamplerBindingType::Filtering,
            bound_sampler_linear: true,
            bound_texture: wgpu::TextureFormat::R32Float,
            bound_texture_filterable: true,
        },
    );
    assert_eq!(
        values,
        [0.5, 1.0, 0.5, 0.0, 0.0, 1.0, 1.0, 0.5, 1.5, 0.0, 0.0, 0.5, 0.5, 0.5, 1.0]
    );
    assert_layer_clean(&gpu);
}

const GATHER: &str = "
enable resource_table;
@group(0) @binding(0) var<storage, read_write> out: array<vec4<u32>>;
@compute @workgroup_size(1) fn main() {
    let t = getResource<texture_2d<u32>>(3u);
    let outside = vec2(1.25, 0.5);
    out[0] = textureGather(0, t, getResource<sampler>(1u), outside);
    out[1] = textureGather(0, t, getResource<sampler>(2u), outside);
    out[2] = gather_with_table_sampler(t, outside);
    out[3] = table_integer(getResource<sampler>(1u), outside);
    out[4] = table_integer(getResource<sampler>(2u), outside);
}
// Through an argument the texture cannot take its default: the table sampler takes its own.
fn gather_with_table_sampler(t: texture_2d<u32>, uv: vec2<f32>) -> vec4<u32> {
    return textureGather(0, t, getResource<sampler>(1u), uv);
}
// A sampler argument with the function's own integer texture: the texture takes its default,
// and the call passes the default sampler.
fn table_integer(s: sampler, uv: vec2<f32>) -> vec4<u32> {
    return textureGather(0, getResource<texture_2d<u32>>(3u), s, uv);
}";

/// An integer texture is never filterable: gathered with the table's linear sampler, the
/// default texture (zeros) is gathered instead, with the default sampler (no filter meets an
/// integer format); with the nearest one, as asked (repeating: texels 0 and 1). Through a
/// function's argument the texture cannot take its default, so the sampler does (clamping:
/// texel 1 four times).
#[test]
fn gpu_an_integer_texture_gathered_with_a_filtering_sampler_reads_the_default() {
    let gpu = GpuContext::new(wgpu::Features::SAMPLING_RESOURCE_TABLE, wgpu::Limits::default());
    let pipeline = hal_ext::harness::compute_pipeline(&gpu.device, GATHER);
    let out = gpu.device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("out"),
        size: 80,
        usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
        mapped_at_creation: false,
    });
    let group = hal_ext::harness::group_0(&gpu.device, &pipeline, vec![out.as_entire_binding()]);
    let mut keep = Vec::new();
    let table = table(&gpu, &two_texels(&gpu, wgpu::TextureFormat::R32Float), &mut keep);
    let mut encoder = gpu.device.create_command_encoder(&Default::default());
    let mut pass = encoder.begin_compute_pass(&Default::default());
    pass.set_resource_table(Some(&table));
    pass.set_pipeline(&pipeline);
    pass.set_bind_group(0, &group, &[]);
    pass.dispatch_workgroups(1, 1, 1);
    drop(pass);
    gpu.queue.submit([encoder.finish()]);
    assert_eq!(
        words(&gpu.read_buffer(&out)),
        [0, 0, 0, 0, 5, 9, 9, 5, 9, 9, 9, 9, 0, 0, 0, 0, 5, 9, 9, 5]
    );
    assert_layer_clean(&gpu);
}

/// One full-target triangle of `pipeline` with `group` and the pass's `table`, into a 1×1
/// `format` target cleared to black: the texel drawn.
fn draw_one_texel(
    gpu: &GpuContext,
    pipeline: &wgpu::RenderPipeline,
    group: &wgpu::BindGroup,
    table: &wgpu::ResourceTable,
    format: wgpu::TextureFormat,
) -> f32 {
    let target = texture_2d(
        &gpu.device,
        format,
        1,
        1,
        wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
    );
    let view = target.create_view(&Default::default());
    let mut encoder = gpu.device.create_command_encoder(&Default::default());
    let mut pass = hal_ext::harness::clear_pass_with_table(&mut encoder, &view, wgpu::Color::BLACK, table);
    pass.set_pipeline(pipeline);
    pass.set_bind_group(0, group, &[]);
    pass.draw(0..3, 0..1);
    drop(pass);
    gpu.queue.submit([encoder.finish()]);
    f32::from_bits(words(&gpu.read_texture(&target))[0])
}

const DRAW: &str = "
enable resource_table;
@group(0) @binding(0) var bound_sampler: sampler;
@vertex fn vs(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
    return vec4(f32(i & 1u) * 4.0 - 1.0, f32(i >> 1u) * 4.0 - 1.0, 0.0, 1.0);
}
@fragment fn fs() -> @location(0) vec4<f32> {
    let t = getResource<texture_2d<f32>>(0u);
    // 0.25 + what the pair reads: the texel between 0 and 1 (linear: 0.5) or the default (0).
    return vec4(0.25 + textureSampleLevel(t, bound_sampler, vec2(0.5, 0.5), 0.0).r, 0.0, 0.0, 1.0);
}";

/// A render pipeline's fragment stage: the bind group sampler's override comes from the
/// pipeline layout there too. `Filtering` with the `R32Float` table texture draws 0.25 (the
/// default); `NonFiltering` with a nearest sampler, 0.25 + texel 1.
#[test]
fn gpu_a_fragment_stage_takes_the_bind_group_sampler_s_side_from_its_layout() {
    let gpu = GpuContext::new(wgpu::Features::SAMPLING_RESOURCE_TABLE, wgpu::Limits::default());
    let device = &gpu.device;
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some("filtering draw"),
        source: wgpu::ShaderSource::Wgsl(DRAW.into()),
    });
    let mut keep = Vec::new();
    let table = table(&gpu, &two_texels(&gpu, wgpu::TextureFormat::R32Float), &mut keep);
    let format = wgpu::TextureFormat::R32Float;
    let drawn = [
        (wgpu::SamplerBindingType::Filtering, true),
        (wgpu::SamplerBindingType::NonFiltering, false),
    ]
    .map(|(ty, linear)| {
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("filtering draw"),
            entries: &[wgpu::BindGroupLayoutEntry {
                binding: 0,
                visibility: wgpu::ShaderStages::FRAGMENT,
                ty: wgpu::BindingType::Sampler(ty),
                count: None,
            }],
        });
        let pipeline_layout = device.create_pipeline_layout_with_resource_table(&wgpu::PipelineLayoutDescriptor {
            label: Some("filtering draw"),
            bind_group_layouts: &[Some(&layout)],
            immediate_size: 0,
        });
        let pipeline = hal_ext::harness::render_pipeline(device, &module, Some(&pipeline_layout), format);
        let bound_sampler = sampler(&gpu, linear, wgpu::AddressMode::ClampToEdge);
        let group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("filtering draw"),
            layout: &layout,
            entries: &[wgpu::BindGroupEntry {
                binding: 0,
                resource: wgpu::BindingResource::Sampler(&bound_sampler),
            }],
        });
        draw_one_texel(&gpu, &pipeline, &group, &table, format)
    });
    assert_eq!(drawn, [0.25, 1.25]);
    assert_layer_clean(&gpu);
}

/// A compute layout of `out` (a storage buffer, binding 0) and a sampler of type `ty`
/// (binding 1).
fn out_and_sampler_layout(device: &wgpu::Device, ty: wgpu::SamplerBindingType) -> wgpu::BindGroupLayout {
    device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
        label: Some("out and sampler"),
        entries: &[
            wgpu::BindGroupLayoutEntry {
                binding: 0,
                visibility: wgpu::ShaderStages::COMPUTE,
                ty: wgpu::BindingType::Buffer {
                    ty: wgpu::BufferBindingType::Storage { read_only: false },
                    has_dynamic_offset: false,
                    min_binding_size: None,
                },
                count: None,
            },
            wgpu::BindGroupLayoutEntry {
                binding: 1,
                visibility: wgpu::ShaderStages::COMPUTE,
                ty: wgpu::BindingType::Sampler(ty),
                count: None,
            },
        ],
    })
}

/// `wgsl`'s `main` as a compute pipeline with `layout` and the table (derived where `None`),
/// and the validation error its creation raised.
fn compute_with(
    device: &wgpu::Device,
    wgsl: &str,
    layout: Option<&wgpu::BindGroupLayout>,
) -> (wgpu::ComputePipeline, Option<wgpu::Error>) {
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some("filtering"),
        source: wgpu::ShaderSource::Wgsl(wgsl.into()),
    });
    let pipeline_layout = layout.map(|layout| {
        device.create_pipeline_layout_with_resource_table(&wgpu::PipelineLayoutDescriptor {
            label: Some("filtering"),
            bind_group_layouts: &[Some(layout)],
            immediate_size: 0,
        })
    });
    hal_ext::harness::validation_error(device, || {
        device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: Some("filtering"),
            layout: pipeline_layout.as_ref(),
            module: &module,
            entry_point: Some("main"),
            compilation_options: Default::default(),
            cache: None,
        })
    })
}

/// The `FilteringSamplerWithIntegerTexture` of a compute pipeline's creation `error`.
fn integer_texture_error(error: Option<wgpu::Error>) -> wgpu_core::resource_table::ResourceTableStageError {
    let error = error.expect("a filtering sampler with a table integer texture was accepted");
    let Some(wgpu_core::pipeline::CreateComputePipelineError::Stage(wgpu_core::validation::StageError::ResourceTable(
        stage_error,
    ))) = hal_ext::harness::find_source::<wgpu_core::pipeline::CreateComputePipelineError>(&error)
    else {
        panic!("{error:?}")
    };
    stage_error.clone()
}

const BOUND_GATHER: &str = "
enable resource_table;
@group(0) @binding(0) var<storage, read_write> out: array<vec4<u32>>;
@group(0) @binding(1) var bound_sampler: sampler;
@compute @workgroup_size(1) fn main() {
    let outside = vec2(1.25, 0.5);
    out[0] = textureGather(0, getResource<texture_2d<u32>>(3u), bound_sampler, outside);
    out[1] = table_integer(bound_sampler, outside);
}
fn table_integer(s: sampler, uv: vec2<f32>) -> vec4<u32> {
    return textureGather(0, getResource<texture_2d<u32>>(3u), s, uv);
}";

/// A table integer texture with a bind group sampler has no default that makes the pair
/// valid, so the API validates it as it validates a bind group integer texture, also where the
/// pair meets through a function's argument: a layout that declares the sampler `Filtering`
/// is refused with the error that names the fix; a derived layout declares it `NonFiltering`,
/// so a linear sampler cannot be bound; with a nearest one the gather reads the texels
/// (repeating: texels 0 and 1).
#[test]
fn gpu_a_table_integer_texture_with_a_bind_group_sampler_needs_a_non_filtering_one() {
    let gpu = GpuContext::new(wgpu::Features::SAMPLING_RESOURCE_TABLE, wgpu::Limits::default());
    let device = &gpu.device;
    let pipeline_with = |layout: Option<&wgpu::BindGroupLayout>| compute_with(device, BOUND_GATHER, layout);
    let layout_of = |ty| out_and_sampler_layout(device, ty);

    let (_, error) = pipeline_with(Some(&layout_of(wgpu::SamplerBindingType::Filtering)));
    let stage_error = integer_texture_error(error);
    assert_eq!(
        stage_error.to_string(),
        "The shader combines a texture of an integer type from the resource table with the sampler \
             at ResourceBinding { group: 0, binding: 1 }, which the pipeline layout declares `Filtering`: \
             integer textures can't be sampled with a filtering sampler (declare it \
             `SamplerBindingType::NonFiltering`)"
    );
    assert_eq!(
        stage_error,
        wgpu_core::resource_table::ResourceTableStageError::FilteringSamplerWithIntegerTexture {
            sampler: naga::ResourceBinding { group: 0, binding: 1 },
        }
    );

    let (derived, error) = pipeline_with(None);
    assert!(error.is_none(), "{error:?}");
    let derived_layout = derived.get_bind_group_layout(0);
    let out = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("out"),
        size: 32,
        usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
        mapped_at_creation: false,
    });
    let group_with = |layout: &wgpu::BindGroupLayout, sampler: &wgpu::Sampler| {
        hal_ext::harness::validation_error(device, || {
            device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: Some("bound gather"),
                layout,
                entries: &[
                    wgpu::BindGroupEntry {
                        binding: 0,
                        resource: out.as_entire_binding(),
                    },
                    wgpu::BindGroupEntry {
                        binding: 1,
                        resource: wgpu::BindingResource::Sampler(sampler),
                    },
                ],
            })
        })
    };
    let linear = sampler(&gpu, true, wgpu::AddressMode::Repeat);
    let nearest = sampler(&gpu, false, wgpu::AddressMode::Repeat);
    let (_, error) = group_with(&derived_layout, &linear);
    assert!(
        matches!(
            error
                .as_ref()
                .and_then(hal_ext::harness::find_source::<wgpu_core::binding_model::CreateBindGroupError>),
            Some(wgpu_core::binding_model::CreateBindGroupError::WrongSamplerFiltering {
                binding: 1,
                layout_flt: false,
                sampler_flt: true,
            })
        ),
        "{error:?}"
    );

    let mut keep = Vec::new();
    let table = table(&gpu, &two_texels(&gpu, wgpu::TextureFormat::R32Float), &mut keep);
    let explicit = layout_of(wgpu::SamplerBindingType::NonFiltering);
    let (pipeline, error) = pipeline_with(Some(&explicit));
    assert!(error.is_none(), "{error:?}");
    for (pipeline, layout) in [(&pipeline, &explicit), (&derived, &derived_layout)] {
        let (group, error) = group_with(layout, &nearest);
        assert!(error.is_none(), "{error:?}");
        let mut encoder = device.create_command_encoder(&Default::default());
        let mut pass = encoder.begin_compute_pass(&Default::default());
        pass.set_resource_table(Some(&table));
        pass.set_pipeline(pipeline);
        pass.set_bind_group(0, &group, &[]);
        pass.dispatch_workgroups(1, 1, 1);
        drop(pass);
        gpu.queue.submit([encoder.finish()]);
        assert_eq!(words(&gpu.read_buffer(&out)), [5, 9, 9, 5, 5, 9, 9, 5]);
    }
    assert_layer_clean(&gpu);
}

/// The argument route alone: a function pairs its sampler argument with a table integer
/// texture, and the entry point passes the bind group's sampler.
const ARGUMENT_GATHER: &str = "
enable resource_table;
@group(0) @binding(0) var<storage, read_write> out: array<vec4<u32>>;
@group(0) @binding(1) var bound_sampler: sampler;
@compute @workgroup_size(1) fn main() {
    out[0] = table_integer(bound_sampler, vec2(1.25, 0.5));
}
fn table_integer(s: sampler, uv: vec2<f32>) -> vec4<u32> {
    return textureGather(0, getResource<texture_2d<u32>>(3u), s, uv);
}";

/// Through a function's argument only, the pair is refused with a `Filtering` layout too.
#[test]
fn gpu_a_sampler_argument_with_a_table_integer_texture_is_validated_at_the_call() {
    let gpu = GpuContext::new(wgpu::Features::SAMPLING_RESOURCE_TABLE, wgpu::Limits::default());
    let layout = out_and_sampler_layout(&gpu.device, wgpu::SamplerBindingType::Filtering);
    let (_, error) = compute_with(&gpu.device, ARGUMENT_GATHER, Some(&layout));
    let stage_error = integer_texture_error(error);
    assert_eq!(
        stage_error,
        wgpu_core::resource_table::ResourceTableStageError::FilteringSamplerWithIntegerTexture {
            sampler: naga::ResourceBinding { group: 0, binding: 1 },
        }
    );
    assert_layer_clean(&gpu);
}

/// One sampler, gathered with a table integer texture in the vertex stage and sampling a
/// filterable bind group texture in the fragment stage: a derived layout declares it
/// `NonFiltering` for both (which a filterable texture accepts), so the pipeline is valid,
/// a linear sampler cannot be bound, and a nearest one draws the gathered texels (5 + 9 +
/// 9 + 5), the bind group texel it samples (1.0: texel 1 of red `[0, 255]`), and the table's
/// `R32Float` texel 1 (1.0: the merged layout's `NonFiltering` sets the sampler's side,
/// else the texture would take its default, 0).
const TWO_STAGES: &str = "
enable resource_table;
@group(0) @binding(0) var s: sampler;
@group(0) @binding(1) var bound: texture_2d<f32>;
struct V {
    @builtin(position) position: vec4<f32>,
    @location(0) @interpolate(flat) gathered: vec4<u32>,
}
@vertex fn vs(@builtin(vertex_index) i: u32) -> V {
    var v: V;
    v.position = vec4(f32(i & 1u) * 4.0 - 1.0, f32(i >> 1u) * 4.0 - 1.0, 0.0, 1.0);
    v.gathered = textureGather(0, getResource<texture_2d<u32>>(3u), s, vec2(1.25, 0.5));
    return v;
}
@fragment fn fs(v: V) -> @location(0) vec4<f32> {
    let g = v.gathered;
    let table_texel = textureSampleLevel(getResource<texture_2d<f32>>(0u), s, vec2(0.75, 0.5), 0.0).r;
    return vec4(f32(g.x + g.y + g.z + g.w) + textureSampleLevel(bound, s, vec2(0.75, 0.5), 0.0).r + table_texel, 0.0, 0.0, 1.0);
}";

#[test]
fn gpu_a_derived_layout_merges_a_sampler_that_stages_derive_differently() {
    let gpu = GpuContext::new(wgpu::Features::SAMPLING_RESOURCE_TABLE, wgpu::Limits::default());
    let device = &gpu.device;
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some("two stages"),
        source: wgpu::ShaderSource::Wgsl(TWO_STAGES.into()),
    });
    let format = wgpu::TextureFormat::R32Float;
    let (pipeline, error) = hal_ext::harness::validation_error(device, || {
        hal_ext::harness::render_pipeline(device, &module, None, format)
    });
    assert!(error.is_none(), "{error:?}");
    let layout = pipeline.get_bind_group_layout(0);
    let bound = two_texels(&gpu, wgpu::TextureFormat::Rgba8Unorm).create_view(&Default::default());
    let group_with = |sampler: &wgpu::Sampler| {
        hal_ext::harness::validation_error(device, || {
            device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: Some("two stages"),
                layout: &layout,
                entries: &[
                    wgpu::BindGroupEntry {
                        binding: 0,
                        resource: wgpu::BindingResource::Sampler(sampler),
                    },
                    wgpu::BindGroupEntry {
                        binding: 1,
                        resource: wgpu::BindingResource::TextureView(&bound),
                    },
                ],
            })
        })
    };
    let (_, error) = group_with(&sampler(&gpu, true, wgpu::AddressMode::Repeat));
    assert!(
        matches!(
            error
                .as_ref()
                .and_then(hal_ext::harness::find_source::<wgpu_core::binding_model::CreateBindGroupError>),
            Some(wgpu_core::binding_model::CreateBindGroupError::WrongSamplerFiltering {
                binding: 0,
                layout_flt: false,
                sampler_flt: true,
            })
        ),
        "{error:?}"
    );
    let (group, error) = group_with(&sampler(&gpu, false, wgpu::AddressMode::Repeat));
    assert!(error.is_none(), "{error:?}");
    let mut keep = Vec::new();
    let table = table(&gpu, &two_texels(&gpu, wgpu::TextureFormat::R32Float), &mut keep);
    assert_eq!(draw_one_texel(&gpu, &pipeline, &group, &table, format), 30.0);
    assert_layer_clean(&gpu);
}

const BORDER: &str = "
enable resource_table;
@group(0) @binding(0) var<storage, read_write> out: array<f32>;
@group(0) @binding(1) var bound_sampler: sampler;
@compute @workgroup_size(1) fn main() {
    let t = getResource<texture_2d<f32>>(0u);
    let outside = vec2(1.5, 0.5);
    out[0] = two(t, bound_sampler, outside);
    // The same two pairs inline.
    out[1] = textureSampleLevel(t, bound_sampler, outside, 0.0).r * 10.0
        + textureSampleLevel(t, getResource<sampler>(1u), outside, 0.0).r;
    // Two pairs of arguments, one of which takes the texture's default (the first): the
    // function's table sampler is kept.
    out[2] = three(t, bound_sampler, getResource<sampler>(2u), outside);
}
fn three(t: texture_2d<f32>, s1: sampler, s2: sampler, uv: vec2<f32>) -> f32 {
    return textureSampleLevel(t, s1, uv, 0.0).r * 10.0 + textureSampleLevel(t, s2, uv, 0.0).r * 100.0
        + textureSampleLevel(t, getResource<sampler>(1u), uv, 0.0).r;
}
fn two(t: texture_2d<f32>, s: sampler, uv: vec2<f32>) -> f32 {
    return textureSampleLevel(t, s, uv, 0.0).r * 10.0
        + textureSampleLevel(t, getResource<sampler>(1u), uv, 0.0).r;
}";

/// A texture argument that takes its default at the call (the `R32Float` table texture with
/// the filtering bind group sampler) is filterable from there on: the function's own table
/// sampler, linear with a white border, keeps filtering the default and reads the border
/// outside `[0, 1]`, as the same code inline does; also where only one of two pairs at the
/// call took the default (the second, with the table's nearest sampler, does not).
#[test]
fn gpu_a_texture_argument_that_took_its_default_is_filterable_in_the_call() {
    let gpu = GpuContext::new(
        wgpu::Features::SAMPLING_RESOURCE_TABLE | wgpu::Features::ADDRESS_MODE_CLAMP_TO_BORDER,
        wgpu::Limits::default(),
    );
    let device = &gpu.device;
    let layout = out_and_sampler_layout(device, wgpu::SamplerBindingType::Filtering);
    let (pipeline, error) = compute_with(device, BORDER, Some(&layout));
    assert!(error.is_none(), "{error:?}");
    let out = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("out"),
        size: 12,
        usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
        mapped_at_creation: false,
    });
    let bound_sampler = sampler(&gpu, true, wgpu::AddressMode::ClampToEdge);
    let group = device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: Some("border"),
        layout: &layout,
        entries: &[
            wgpu::BindGroupEntry {
                binding: 0,
                resource: out.as_entire_binding(),
            },
            wgpu::BindGroupEntry {
                binding: 1,
                resource: wgpu::BindingResource::Sampler(&bound_sampler),
            },
        ],
    });
    let table = device.create_resource_table(&wgpu::ResourceTableDescriptor {
        label: Some("border"),
        size: 3,
    });
    let view = two_texels(&gpu, wgpu::TextureFormat::R32Float).create_view(&Default::default());
    let border = device.create_sampler(&wgpu::SamplerDescriptor {
        address_mode_u: wgpu::AddressMode::ClampToBorder,
        address_mode_v: wgpu::AddressMode::ClampToBorder,
        mag_filter: wgpu::FilterMode::Linear,
        min_filter: wgpu::FilterMode::Linear,
        border_color: Some(wgpu::SamplerBorderColor::OpaqueWhite),
        ..Default::default()
    });
    assert_eq!(table.insert(wgpu::BindingResource::TextureView(&view)), Ok(0));
    assert_eq!(table.insert(wgpu::BindingResource::Sampler(&border)), Ok(1));
    let nearest = sampler(&gpu, false, wgpu::AddressMode::Repeat);
    assert_eq!(table.insert(wgpu::BindingResource::Sampler(&nearest)), Ok(2));
    let mut encoder = device.create_command_encoder(&Default::default());
    let mut pass = encoder.begin_compute_pass(&Default::default());
    pass.set_resource_table(Some(&table));
    pass.set_pipeline(&pipeline);
    pass.set_bind_group(0, &group, &[]);
    pass.dispatch_workgroups(1, 1, 1);
    drop(pass);
    gpu.queue.submit([encoder.finish()]);
    let values: Vec<f32> = words(&gpu.read_buffer(&out)).into_iter().map(f32::from_bits).collect();
    // The default texture with the clamping bind group sampler (0), then with the border (1).
    assert_eq!(values, [1.0, 1.0, 1.0]);
    assert_layer_clean(&gpu);
}
