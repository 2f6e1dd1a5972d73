//! Patterns of ordinary programs that broke resource tables (issue #12's table), each
//! checked value by value on Vulkan with the validation layer on. nextest runs every test in
//! a process of its own, so a driver crash fails that test only; under plain `cargo test`
//! the risky ones re-run themselves in a child process (`harness::isolated`).

use hal_ext::harness::{
    buffer_of_words, compute_pipeline, find_source, group_0, in_flight, isolated, texture_2d, validation_error, words,
    GpuContext,
};
use wgpu::{PinnedUsage, ResourceTableDescriptor};

fn limits() -> wgpu::Limits {
    wgpu::Limits::default()
}

fn sampling() -> GpuContext {
    GpuContext::new(wgpu::Features::SAMPLING_RESOURCE_TABLE, limits())
}

fn heterogeneous() -> GpuContext {
    GpuContext::new(wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE, limits())
}

fn buffer_of(gpu: &GpuContext, data: &[u32], usage: wgpu::BufferUsages) -> wgpu::Buffer {
    buffer_of_words(&gpu.device, &gpu.queue, data, usage)
}

/// A 1×1 `R32Uint` texture holding `value`, pinned for sampling, and its view.
fn pinned_u32_texture(gpu: &GpuContext, value: u32) -> (wgpu::Texture, wgpu::TextureView) {
    let texture = texture_2d(
        &gpu.device,
        wgpu::TextureFormat::R32Uint,
        1,
        1,
        wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
    );
    write_texel(gpu, &texture, value);
    texture.pin(PinnedUsage::Sampled);
    let view = texture.create_view(&Default::default());
    (texture, view)
}

fn write_texel(gpu: &GpuContext, texture: &wgpu::Texture, value: u32) {
    hal_ext::harness::write_texel(&gpu.queue, texture, value);
}

fn table(gpu: &GpuContext, size: u32) -> wgpu::ResourceTable {
    gpu.device.create_pinned_resource_table(&ResourceTableDescriptor {
        label: Some("program"),
        size,
    })
}

fn storage_layout(gpu: &GpuContext, visibility: wgpu::ShaderStages, read_only: bool) -> wgpu::BindGroupLayout {
    gpu.device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
        label: Some("one storage buffer"),
        entries: &[wgpu::BindGroupLayoutEntry {
            binding: 0,
            visibility,
            ty: wgpu::BindingType::Buffer {
                ty: wgpu::BufferBindingType::Storage { read_only },
                has_dynamic_offset: false,
                min_binding_size: None,
            },
            count: None,
        }],
    })
}

fn group(gpu: &GpuContext, layout: &wgpu::BindGroupLayout, buffer: &wgpu::Buffer) -> wgpu::BindGroup {
    gpu.device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: None,
        layout,
        entries: &[wgpu::BindGroupEntry {
            binding: 0,
            resource: buffer.as_entire_binding(),
        }],
    })
}

fn module(gpu: &GpuContext, source: &str) -> wgpu::ShaderModule {
    gpu.device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: None,
        source: wgpu::ShaderSource::Wgsl(source.into()),
    })
}

fn compute(gpu: &GpuContext, source: &str, layout: Option<&wgpu::PipelineLayout>) -> wgpu::ComputePipeline {
    gpu.device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: None,
        layout,
        module: &module(gpu, source),
        entry_point: Some("main"),
        compilation_options: Default::default(),
        cache: None,
    })
}

/// A command encoder with one compute pass: `table` set, `pipeline`, `group` at 0, one
/// dispatch of `workgroups`.
fn one_dispatch(
    gpu: &GpuContext,
    table: &wgpu::ResourceTable,
    pipeline: &wgpu::ComputePipeline,
    group: Option<&wgpu::BindGroup>,
    workgroups: u32,
) -> wgpu::CommandEncoder {
    let mut encoder = gpu.device.create_command_encoder(&Default::default());
    {
        let mut pass = encoder.begin_compute_pass(&Default::default());
        pass.set_resource_table(Some(table));
        pass.set_pipeline(pipeline);
        if let Some(group) = group {
            pass.set_bind_group(0, group, &[]);
        }
        pass.dispatch_workgroups(workgroups, 1, 1);
    }
    encoder
}

/// Reads slot 0's texel 20,000 times per invocation (64 workgroups of 64: still running
/// when the test acts) and writes the sum to `out[0]`.
const SLOW_SLOT_ZERO_READER: &str = r#"
enable resource_table;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    var sum = 0u;
    for (var i = 0u; i < 20000u; i++) {
        // Each load waits for the previous one (`harness::in_flight`).
        let x = i32(sum & (id.x >> 31u));
        sum += textureLoad(getResource<texture_2d<u32>>(0u), vec2(x, 0), 0).x;
    }
    if id.x == 0u { out[0] = sum; }
}
"#;

/// Adds slot 0's texel to `out[0]` (one invocation).
const ADD_SLOT_ZERO: &str = r#"
enable resource_table;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(1)
fn main() {
    out[0] = out[0] + textureLoad(getResource<texture_2d<u32>>(0u), vec2(0, 0), 0).x;
}
"#;

/// Two bind groups of its own, no table: its group 1 lands on the table's first set.
const TWO_GROUPS: &str = r#"
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@group(1) @binding(0) var<storage, read_write> other: array<u32>;
@compute @workgroup_size(1)
fn main() {
    out[1] = out[1] + 1u;
    other[0] = other[0] + 10u;
}
"#;

/// Table pipeline, a pipeline with more groups, the table pipeline again, in one compute
/// pass; with explicit layouts (group 0's layout shared by both pipelines) or default ones.
fn table_pipeline_around_a_pipeline_with_more_groups(explicit: bool) {
    let gpu = sampling();
    let table = table(&gpu, 4);
    let (_texture, view) = pinned_u32_texture(&gpu, 5);
    table.update(0, wgpu::BindingResource::TextureView(&view)).unwrap();
    let out = buffer_of(&gpu, &[0, 0], wgpu::BufferUsages::STORAGE);
    let other = buffer_of(&gpu, &[0], wgpu::BufferUsages::STORAGE);
    let bgl = storage_layout(&gpu, wgpu::ShaderStages::COMPUTE, false);
    let (with_table, two_groups) = if explicit {
        let a = gpu
            .device
            .create_pipeline_layout_with_resource_table(&wgpu::PipelineLayoutDescriptor {
                label: None,
                bind_group_layouts: &[Some(&bgl)],
                immediate_size: 0,
            });
        let b = gpu.device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: None,
            bind_group_layouts: &[Some(&bgl), Some(&bgl)],
            immediate_size: 0,
        });
        (
            compute(&gpu, ADD_SLOT_ZERO, Some(&a)),
            compute(&gpu, TWO_GROUPS, Some(&b)),
        )
    } else {
        (compute(&gpu, ADD_SLOT_ZERO, None), compute(&gpu, TWO_GROUPS, None))
    };
    let (out_a, out_b, other_b) = if explicit {
        let g = group(&gpu, &bgl, &out);
        (g.clone(), g, group(&gpu, &bgl, &other))
    } else {
        (
            group(&gpu, &with_table.get_bind_group_layout(0), &out),
            group(&gpu, &two_groups.get_bind_group_layout(0), &out),
            group(&gpu, &two_groups.get_bind_group_layout(1), &other),
        )
    };
    let mut encoder = gpu.device.create_command_encoder(&Default::default());
    {
        let mut pass = encoder.begin_compute_pass(&Default::default());
        pass.set_resource_table(Some(&table));
        pass.set_pipeline(&with_table);
        pass.set_bind_group(0, &out_a, &[]);
        pass.dispatch_workgroups(1, 1, 1);
        pass.set_pipeline(&two_groups);
        pass.set_bind_group(0, &out_b, &[]);
        pass.set_bind_group(1, &other_b, &[]);
        pass.dispatch_workgroups(1, 1, 1);
        pass.set_pipeline(&with_table);
        pass.set_bind_group(0, &out_a, &[]);
        pass.dispatch_workgroups(1, 1, 1);
    }
    gpu.queue.submit([encoder.finish()]);
    assert_eq!(words(&gpu.read_buffer(&out)), [10, 1]);
    assert_eq!(words(&gpu.read_buffer(&other)), [10]);
}

#[test]
fn gpu_compute_table_pipeline_around_one_with_more_groups_explicit_layouts() {
    isolated(
        "gpu_compute_table_pipeline_around_one_with_more_groups_explicit_layouts",
        || table_pipeline_around_a_pipeline_with_more_groups(true),
    );
}

#[test]
fn gpu_compute_table_pipeline_around_one_with_more_groups_default_layouts() {
    isolated(
        "gpu_compute_table_pipeline_around_one_with_more_groups_default_layouts",
        || table_pipeline_around_a_pipeline_with_more_groups(false),
    );
}

/// Vertex stage: a quad over pixel column `instance_index` of a 3×1 target.
const COLUMN_VS: &str = r#"
@vertex
fn vs(@builtin(vertex_index) v: u32, @builtin(instance_index) column: u32) -> @builtin(position) vec4<f32> {
    let corner = array(vec2(0.0, 0.0), vec2(1.0, 0.0), vec2(0.0, 1.0), vec2(1.0, 0.0), vec2(1.0, 1.0), vec2(0.0, 1.0))[v];
    let x = (f32(column) + corner.x) / 3.0 * 2.0 - 1.0;
    return vec4(x, corner.y * 2.0 - 1.0, 0.0, 1.0);
}
"#;

const TABLE_FS: &str = r#"
enable resource_table;
@group(0) @binding(0) var<storage, read> data: array<u32>;
@fragment
fn fs() -> @location(0) vec4<u32> {
    return vec4(data[0] + textureLoad(getResource<texture_2d<u32>>(0u), vec2(0, 0), 0).x, 0u, 0u, 1u);
}
"#;

const TWO_GROUPS_FS: &str = r#"
@group(0) @binding(0) var<storage, read> data: array<u32>;
@group(1) @binding(0) var<storage, read> other: array<u32>;
@fragment
fn fs() -> @location(0) vec4<u32> {
    return vec4(data[0] + other[0], 0u, 0u, 1u);
}
"#;

/// The render form of the compute case: columns 0 and 2 drawn with the table pipeline,
/// column 1 with a pipeline of two groups, directly in the pass or in a bundle.
fn render_table_pipeline_around_a_pipeline_with_more_groups(bundle: bool) {
    let gpu = sampling();
    let table = table(&gpu, 4);
    let (_texture, view) = pinned_u32_texture(&gpu, 5);
    table.update(0, wgpu::BindingResource::TextureView(&view)).unwrap();
    let data = buffer_of(&gpu, &[100], wgpu::BufferUsages::STORAGE);
    let other = buffer_of(&gpu, &[20], wgpu::BufferUsages::STORAGE);
    let bgl = storage_layout(&gpu, wgpu::ShaderStages::FRAGMENT, true);
    let a = gpu
        .device
        .create_pipeline_layout_with_resource_table(&wgpu::PipelineLayoutDescriptor {
            label: None,
            bind_group_layouts: &[Some(&bgl)],
            immediate_size: 0,
        });
    let b = gpu.device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
        label: None,
        bind_group_layouts: &[Some(&bgl), Some(&bgl)],
        immediate_size: 0,
    });
    let format = wgpu::TextureFormat::R32Uint;
    let with_table = hal_ext::harness::render_pipeline(
        &gpu.device,
        &module(&gpu, &format!("{TABLE_FS}{COLUMN_VS}")),
        Some(&a),
        format,
    );
    let two_groups = hal_ext::harness::render_pipeline(
        &gpu.device,
        &module(&gpu, &format!("{TWO_GROUPS_FS}{COLUMN_VS}")),
        Some(&b),
        format,
    );
    let (g0, g1) = (group(&gpu, &bgl, &data), group(&gpu, &bgl, &other));
    let target = texture_2d(
        &gpu.device,
        format,
        3,
        1,
        wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
    );
    let target_view = target.create_view(&Default::default());
    macro_rules! draws {
        ($pass:expr) => {
            $pass.set_resource_table(Some(&table));
            $pass.set_pipeline(&with_table);
            $pass.set_bind_group(0, &g0, &[]);
            $pass.draw(0..6, 0..1);
            $pass.set_pipeline(&two_groups);
            $pass.set_bind_group(1, &g1, &[]);
            $pass.draw(0..6, 1..2);
            $pass.set_pipeline(&with_table);
            $pass.draw(0..6, 2..3);
        };
    }
    let mut encoder = gpu.device.create_command_encoder(&Default::default());
    let recorded = bundle.then(|| {
        let mut b = hal_ext::harness::bundle_encoder(&gpu.device, None, format);
        draws!(b);
        b.finish(&Default::default())
    });
    {
        let mut pass = hal_ext::harness::clear_pass(&mut encoder, &target_view, wgpu::Color::BLACK);
        match &recorded {
            Some(bundle) => pass.execute_bundles([bundle]),
            None => {
                draws!(pass);
            }
        }
    }
    gpu.queue.submit([encoder.finish()]);
    let pixels = gpu.read_texture(&target);
    assert_eq!(words(&pixels), [105, 120, 105]);
}

#[test]
fn gpu_render_table_pipeline_around_one_with_more_groups() {
    isolated("gpu_render_table_pipeline_around_one_with_more_groups", || {
        render_table_pipeline_around_a_pipeline_with_more_groups(false)
    });
}

#[test]
fn gpu_bundle_table_pipeline_around_one_with_more_groups() {
    isolated("gpu_bundle_table_pipeline_around_one_with_more_groups", || {
        render_table_pipeline_around_a_pipeline_with_more_groups(true)
    });
}

/// `dispatch_workgroups_indirect` with wgpu's indirect validation (on in the harness, as
/// in release builds): its own dispatch binds its own sets in the pass.
#[test]
fn gpu_indirect_dispatch_with_indirect_validation_keeps_the_table_bound() {
    isolated(
        "gpu_indirect_dispatch_with_indirect_validation_keeps_the_table_bound",
        || {
            let gpu = sampling();
            let table = table(&gpu, 4);
            let (_texture, view) = pinned_u32_texture(&gpu, 5);
            table.update(0, wgpu::BindingResource::TextureView(&view)).unwrap();
            let out = buffer_of(&gpu, &[0, 0], wgpu::BufferUsages::STORAGE);
            let args = buffer_of(&gpu, &[1, 1, 1], wgpu::BufferUsages::INDIRECT);
            let pipeline = compute(&gpu, ADD_SLOT_ZERO, None);
            let g = group(&gpu, &pipeline.get_bind_group_layout(0), &out);
            let mut encoder = gpu.device.create_command_encoder(&Default::default());
            {
                let mut pass = encoder.begin_compute_pass(&Default::default());
                pass.set_resource_table(Some(&table));
                pass.set_pipeline(&pipeline);
                pass.set_bind_group(0, &g, &[]);
                pass.dispatch_workgroups(1, 1, 1);
                pass.dispatch_workgroups_indirect(&args, 0);
                pass.dispatch_workgroups_indirect(&args, 0);
            }
            gpu.queue.submit([encoder.finish()]);
            assert_eq!(words(&gpu.read_buffer(&out)), [15, 0]);
        },
    );
}

/// `[hasResource, texel]` of slot 0 for a sampled `u32` texture.
const PROBE_SLOT_ZERO: &str = r#"
enable resource_table;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(1)
fn main() {
    out[0] = u32(hasResource<texture_2d<u32>>(0u));
    out[1] = textureLoad(getResource<texture_2d<u32>>(0u), vec2(0, 0), 0).x;
}
"#;

fn probe(gpu: &GpuContext, table: &wgpu::ResourceTable) -> Vec<u32> {
    run_probe(gpu, table, PROBE_SLOT_ZERO, 2)
}

/// Runs `source` (its `main`, group 0 binding 0 an `out: array<u32>` of `len` words filled
/// with 9s) in one single-workgroup dispatch with `table`, and returns `out`.
fn run_probe(gpu: &GpuContext, table: &wgpu::ResourceTable, source: &str, len: usize) -> Vec<u32> {
    let out = buffer_of(gpu, &vec![9; len], wgpu::BufferUsages::STORAGE);
    let pipeline = compute(gpu, source, None);
    let g = group(gpu, &pipeline.get_bind_group_layout(0), &out);
    gpu.queue
        .submit([one_dispatch(gpu, table, &pipeline, Some(&g), 1).finish()]);
    words(&gpu.read_buffer(&out))
}

/// A 1×1 texture of `format` with `usage`, pinned `pin`, bound in `slot` of `table`.
fn pinned_in_slot(
    gpu: &GpuContext,
    table: &wgpu::ResourceTable,
    slot: u32,
    format: wgpu::TextureFormat,
    usage: wgpu::TextureUsages,
    pin: PinnedUsage,
) -> wgpu::Texture {
    let texture = texture_2d(&gpu.device, format, 1, 1, usage);
    texture.pin(pin);
    let view = texture.create_view(&Default::default());
    table.update(slot, wgpu::BindingResource::TextureView(&view)).unwrap();
    texture
}

/// A destroyed texture is no longer visible through the table from the next submission
/// on, whether or not queue writes to it were pending when it was destroyed.
fn destroyed_texture_leaves_the_table(pending_write: bool) {
    let gpu = sampling();
    let table = table(&gpu, 4);
    let (texture, view) = pinned_u32_texture(&gpu, 5);
    table.insert(wgpu::BindingResource::TextureView(&view)).unwrap();
    assert_eq!(probe(&gpu, &table), [1, 5]);
    gpu.wait();
    if pending_write {
        write_texel(&gpu, &texture, 6);
    }
    texture.destroy();
    assert_eq!(probe(&gpu, &table), [0, 0]);
}

#[test]
fn gpu_destroyed_texture_is_not_visible() {
    destroyed_texture_leaves_the_table(false);
}

#[test]
fn gpu_destroyed_texture_with_pending_writes_is_not_visible() {
    destroyed_texture_leaves_the_table(true);
}

/// A buffer range a bind group would refuse is a device-timeline error of `update` (the
/// slot stays taken); nothing reaches the driver, and the table keeps working.
#[test]
fn gpu_buffer_range_out_of_bounds_is_refused() {
    use wgpu_core::resource_table::ResourceTableBindingError as E;
    let gpu = GpuContext::new(
        wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE,
        wgpu::Limits {
            max_storage_buffer_binding_size: 1024,
            ..limits()
        },
    );
    let table = table(&gpu, 8);
    let data = buffer_of(&gpu, &[1, 2, 3, 4], wgpu::BufferUsages::STORAGE);
    let big = buffer_of(&gpu, &[0; 512], wgpu::BufferUsages::STORAGE);
    data.pin(PinnedUsage::StorageRead);
    let alignment = u64::from(gpu.device.limits().min_storage_buffer_offset_alignment);
    assert!(alignment > 4);
    type Check = fn(&E) -> bool;
    let cases: [(&wgpu::Buffer, u64, Option<u64>, Check); 6] = [
        (
            &data,
            alignment,
            Some(4),
            |e| matches!(e, E::BufferRange { offset, size: Some(4), buffer_size: 16, .. } if *offset > 0),
        ),
        (&data, 0, Some(20), |e| {
            matches!(
                e,
                E::BufferRange {
                    offset: 0,
                    size: Some(20),
                    buffer_size: 16,
                    ..
                }
            )
        }),
        (&data, 2 * alignment, None, |e| {
            matches!(
                e,
                E::BufferRange {
                    size: None,
                    buffer_size: 16,
                    ..
                }
            )
        }),
        (&data, 4, Some(4), |e| {
            matches!(e, E::UnalignedBufferOffset { offset: 4, .. })
        }),
        (&data, 0, Some(6), |e| {
            matches!(
                e,
                E::BufferRange {
                    offset: 0,
                    size: Some(6),
                    ..
                }
            )
        }),
        (&big, 0, None, |e| {
            matches!(e, E::BufferBindingTooLarge { size: 2048, max: 1024 })
        }),
    ];
    for (slot, (buffer, offset, size, check)) in cases.into_iter().enumerate() {
        let binding = wgpu::BindingResource::Buffer(wgpu::BufferBinding {
            buffer,
            offset,
            size: size.and_then(wgpu::BufferSize::new),
        });
        let (result, error) = validation_error(&gpu.device, || table.update(slot as u32, binding));
        assert_eq!(result, Ok(()), "the slot is taken either way");
        let error = error.unwrap_or_else(|| panic!("case {slot}: {offset}+{size:?} accepted"));
        let found = find_source::<E>(&error);
        assert!(found.is_some_and(check), "case {slot}: {error:?}");
    }
    // The table still works: slot 0 freed and given a valid range.
    table.remove(0).unwrap();
    gpu.wait();
    table.update(0, data.as_entire_binding()).unwrap();
    let out = buffer_of(&gpu, &[0], wgpu::BufferUsages::STORAGE);
    let pipeline = compute(
        &gpu,
        r#"
enable resource_table;
struct Data { values: array<u32> }
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(1)
fn main() {
    out[0] = (*getResource<ptr<storage, Data, read>>(0u)).values[3];
}
"#,
        None,
    );
    let g = group(&gpu, &pipeline.get_bind_group_layout(0), &out);
    let encoder = one_dispatch(&gpu, &table, &pipeline, Some(&g), 1);
    gpu.queue.submit([encoder.finish()]);
    assert_eq!(words(&gpu.read_buffer(&out)), [4]);
}

/// Pinned `Sampled`: sampling it through a bind group in dispatch 1 is allowed, binding it
/// as read-write storage in dispatch 2 of the same pass is not.
#[test]
fn gpu_misuse_later_in_a_compute_pass_is_refused() {
    let gpu = sampling();
    let texture = texture_2d(
        &gpu.device,
        wgpu::TextureFormat::R32Uint,
        1,
        1,
        wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::STORAGE_BINDING,
    );
    texture.pin(PinnedUsage::Sampled);
    let view = texture.create_view(&Default::default());
    let out = buffer_of(&gpu, &[0], wgpu::BufferUsages::STORAGE);
    let sample = compute(
        &gpu,
        r#"
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@group(0) @binding(1) var t: texture_2d<u32>;
@compute @workgroup_size(1)
fn main() { out[0] = textureLoad(t, vec2(0, 0), 0).x; }
"#,
        None,
    );
    let store = compute(
        &gpu,
        r#"
@group(0) @binding(0) var t: texture_storage_2d<r32uint, read_write>;
@compute @workgroup_size(1)
fn main() { textureStore(t, vec2(0, 0), vec4(textureLoad(t, vec2(0, 0)).x + 1u)); }
"#,
        None,
    );
    let sample_group = hal_ext::harness::group_0(
        &gpu.device,
        &sample,
        vec![out.as_entire_binding(), wgpu::BindingResource::TextureView(&view)],
    );
    let store_group = hal_ext::harness::group_0(&gpu.device, &store, vec![wgpu::BindingResource::TextureView(&view)]);
    let mut encoder = gpu.device.create_command_encoder(&Default::default());
    {
        let mut pass = encoder.begin_compute_pass(&Default::default());
        pass.set_pipeline(&sample);
        pass.set_bind_group(0, &sample_group, &[]);
        pass.dispatch_workgroups(1, 1, 1);
        pass.set_pipeline(&store);
        pass.set_bind_group(0, &store_group, &[]);
        pass.dispatch_workgroups(1, 1, 1);
    }
    let command_buffer = encoder.finish();
    let (_, error) = validation_error(&gpu.device, || gpu.queue.submit([command_buffer]));
    let error = error.expect("a storage use of a texture pinned for sampling was accepted");
    match find_source::<wgpu_core::device::queue::QueueSubmitError>(&error) {
        Some(wgpu_core::device::queue::QueueSubmitError::PinnedResourceMisused(e)) => {
            assert_eq!(e.pinned, PinnedUsage::Sampled);
            assert_eq!(e.used, "TextureUses(STORAGE_READ_WRITE)");
        }
        _ => panic!("{error:?}"),
    }
}

/// A sampling-only device has no storage arrays: a texture pinned for storage while in a
/// table is simply not visible (it used to index a set the table does not have).
#[test]
fn gpu_storage_pin_on_a_sampling_only_device_is_invisible() {
    isolated("gpu_storage_pin_on_a_sampling_only_device_is_invisible", || {
        let gpu = sampling();
        let table = table(&gpu, 4);
        let texture = texture_2d(
            &gpu.device,
            wgpu::TextureFormat::R32Uint,
            1,
            1,
            wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::STORAGE_BINDING | wgpu::TextureUsages::COPY_DST,
        );
        write_texel(&gpu, &texture, 9);
        texture.pin(PinnedUsage::Sampled);
        let view = texture.create_view(&Default::default());
        table.update(0, wgpu::BindingResource::TextureView(&view)).unwrap();
        assert_eq!(probe(&gpu, &table), [1, 9]);
        texture.pin(PinnedUsage::StorageRead);
        assert_eq!(table.slot_type_id(0), 0);
        assert_eq!(probe(&gpu, &table), [0, 0]);
        texture.pin(PinnedUsage::Sampled);
        assert_eq!(probe(&gpu, &table), [1, 9]);
    });
}

/// A submission that fails validation leaves the table writes it prepared pending; the
/// table dropped before the next submission must not take its metadata buffer with it.
#[test]
fn gpu_table_dropped_after_a_failed_submit() {
    isolated("gpu_table_dropped_after_a_failed_submit", || {
        let gpu = sampling();
        let table = table(&gpu, 4);
        let (_texture, view) = pinned_u32_texture(&gpu, 5);
        table.update(0, wgpu::BindingResource::TextureView(&view)).unwrap();
        let source = buffer_of(&gpu, &[1], wgpu::BufferUsages::empty());
        let dst = buffer_of(&gpu, &[0], wgpu::BufferUsages::empty());
        let mut encoder = gpu.device.create_command_encoder(&Default::default());
        encoder.copy_buffer_to_buffer(&source, 0, &dst, 0, 4);
        let doomed = encoder.finish();
        source.destroy();
        let (_, error) = validation_error(&gpu.device, || gpu.queue.submit([doomed]));
        assert!(
            error.is_some(),
            "a command buffer using a destroyed buffer was accepted"
        );
        drop(table);
        drop(view);
        // The pending table writes run with this submission.
        gpu.queue.submit([]);
        gpu.wait();
        // And the device still works.
        let table = self::table(&gpu, 4);
        let (_texture, view) = pinned_u32_texture(&gpu, 8);
        table.update(0, wgpu::BindingResource::TextureView(&view)).unwrap();
        assert_eq!(probe(&gpu, &table), [1, 8]);
    });
}

/// Slot updates, submissions and destruction from three threads at once (the lock order of
/// the table's state, the snatch lock and the queue): finishes, with every result exact.
#[test]
fn gpu_updates_submits_and_destroys_from_three_threads() {
    isolated("gpu_updates_submits_and_destroys_from_three_threads", three_threads);
}

fn three_threads() {
    // A deadlock fails the test (this process) instead of hanging it.
    std::thread::spawn(|| {
        std::thread::sleep(std::time::Duration::from_secs(300));
        eprintln!("deadlock: the three threads did not finish in 300 s");
        std::process::abort();
    });
    let gpu = sampling();
    let table = table(&gpu, 64);
    let pipeline = compute(&gpu, PROBE_SLOT_ZERO, None);
    let (_keep, view) = pinned_u32_texture(&gpu, 3);
    table.update(0, wgpu::BindingResource::TextureView(&view)).unwrap();
    let rounds = 200;
    std::thread::scope(|s| {
        s.spawn(|| {
            for i in 0..rounds {
                let (texture, view) = pinned_u32_texture(&gpu, i);
                let slot = 1 + (i % 63);
                // A slot still waiting for its submission is refused on the spot; fine here.
                if table.update(slot, wgpu::BindingResource::TextureView(&view)).is_ok() {
                    table.remove(slot).unwrap();
                }
                texture.destroy();
            }
        });
        s.spawn(|| {
            for _ in 0..rounds {
                let (texture, view) = pinned_u32_texture(&gpu, 1);
                if let Ok(slot) = table.insert(wgpu::BindingResource::TextureView(&view)) {
                    texture.unpin();
                    table.remove(slot).unwrap();
                }
                texture.destroy();
                let _ = gpu.device.poll(wgpu::PollType::Poll);
            }
        });
        s.spawn(|| {
            let out = buffer_of(&gpu, &[0, 0], wgpu::BufferUsages::STORAGE);
            let g = group(&gpu, &pipeline.get_bind_group_layout(0), &out);
            for _ in 0..rounds {
                let encoder = one_dispatch(&gpu, &table, &pipeline, Some(&g), 1);
                gpu.queue.submit([encoder.finish()]);
            }
            assert_eq!(words(&gpu.read_buffer(&out)), [1, 3]);
        });
    });
}

/// Every dispatch adds 1 to each of 16,384 words of a buffer it reaches only through the
/// table, 32 dispatches in each of two passes: nothing in a usage scope orders them, so the
/// table barrier must (a lost increment shows as a word below 64). lavapipe runs dispatches
/// one after the other whatever the barriers, so this can fail only on a GPU that overlaps
/// them (the NVIDIA run of the suite); here it checks the values.
#[test]
fn gpu_writes_through_the_table_are_ordered() {
    const WORDS: usize = 16_384;
    let gpu = heterogeneous();
    let table = table(&gpu, 4);
    let data = buffer_of(&gpu, &vec![0; WORDS], wgpu::BufferUsages::STORAGE);
    data.pin(PinnedUsage::StorageReadWrite);
    table.update(0, data.as_entire_binding()).unwrap();
    let step = compute(
        &gpu,
        r#"
enable resource_table;
struct Data { values: array<u32> }
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let data = getResource<ptr<storage, Data, read_write>>(0u);
    (*data).values[id.x] = (*data).values[id.x] + 1u;
}
"#,
        None,
    );
    let mut encoder = gpu.device.create_command_encoder(&Default::default());
    for _pass in 0..2 {
        let mut pass = encoder.begin_compute_pass(&Default::default());
        pass.set_resource_table(Some(&table));
        pass.set_pipeline(&step);
        for _ in 0..32 {
            pass.dispatch_workgroups(WORDS as u32 / 64, 1, 1);
        }
    }
    gpu.queue.submit([encoder.finish()]);
    data.unpin();
    let got = words(&gpu.read_buffer(&data));
    let wrong = got.iter().filter(|w| **w != 64).count();
    assert_eq!(
        wrong,
        0,
        "{wrong} of {WORDS} words lost increments (first: {:?})",
        &got[..8]
    );
}

/// A texture pinned for storage, then for sampling, then for storage again while earlier
/// submissions may still run: its slot's sampled and storage descriptors (in arrays of
/// their own, on every layout) are each written once, and every read sees the texture.
#[test]
fn gpu_texture_switching_between_storage_and_sampled_pins() {
    let gpu = heterogeneous();
    let table = table(&gpu, 4);
    let texture = texture_2d(
        &gpu.device,
        wgpu::TextureFormat::R32Uint,
        1,
        1,
        wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::STORAGE_BINDING | wgpu::TextureUsages::COPY_DST,
    );
    write_texel(&gpu, &texture, 41);
    texture.pin(PinnedUsage::StorageRead);
    let view = texture.create_view(&Default::default());
    table.update(0, wgpu::BindingResource::TextureView(&view)).unwrap();
    let pipeline = compute(
        &gpu,
        r#"
enable resource_table;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(1)
fn main() {
    out[0] = u32(hasResource<texture_2d<u32>>(0u)) * 10u + u32(hasResource<texture_storage_2d<u32, read>>(0u));
    out[1] = textureLoad(getResource<texture_2d<u32>>(0u), vec2(0, 0), 0).x
        + textureLoad(getResource<texture_storage_2d<u32, read>>(0u), vec2(0, 0)).x;
}
"#,
        None,
    );
    let outs = (0..3)
        .map(|_| buffer_of(&gpu, &[7, 7], wgpu::BufferUsages::STORAGE))
        .collect::<Vec<_>>();
    let submit = |out: &wgpu::Buffer| {
        let g = group(&gpu, &pipeline.get_bind_group_layout(0), out);
        let encoder = one_dispatch(&gpu, &table, &pipeline, Some(&g), 1);
        gpu.queue.submit([encoder.finish()]);
    };
    // No waiting in between: each pin change finds the previous submission in flight.
    submit(&outs[0]);
    texture.pin(PinnedUsage::Sampled);
    submit(&outs[1]);
    texture.pin(PinnedUsage::StorageRead);
    submit(&outs[2]);
    assert_eq!(words(&gpu.read_buffer(&outs[0])), [1, 41]);
    assert_eq!(words(&gpu.read_buffer(&outs[1])), [10, 41]);
    assert_eq!(words(&gpu.read_buffer(&outs[2])), [1, 41]);
}

/// A binding removed while a submission that reads it runs is kept until that submission
/// completes, then released by the device's maintenance (`poll`), with no later operation
/// on the table.
#[test]
fn gpu_removed_bindings_are_released_by_poll() {
    let gpu = sampling();
    let table = table(&gpu, 4);
    let (texture, view) = pinned_u32_texture(&gpu, 5);
    let slot = table.insert(wgpu::BindingResource::TextureView(&view)).unwrap();
    let out = buffer_of(&gpu, &[0], wgpu::BufferUsages::STORAGE);
    // Long enough (tens of millions of loads) to be still running when the slot is removed.
    let slow = compute(&gpu, SLOW_SLOT_ZERO_READER, None);
    let g = group(&gpu, &slow.get_bind_group_layout(0), &out);
    let encoder = one_dispatch(&gpu, &table, &slow, Some(&g), 64);
    let views = || gpu.device.get_internal_counters().hal.texture_views.read();
    let before = views();
    gpu.queue.submit([encoder.finish()]);
    let running = in_flight(&gpu.device);
    table.remove(slot).unwrap();
    drop(view);
    drop(texture);
    if running {
        assert_eq!(
            views(),
            before,
            "the submission in flight may still read the removed view"
        );
    }
    gpu.wait();
    assert_eq!(views(), before - 1, "released once the submission completed");
    assert_eq!(words(&gpu.read_buffer(&out)), [100_000]);
}

fn mappable_heterogeneous() -> GpuContext {
    GpuContext::new(
        wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE | wgpu::Features::MAPPABLE_PRIMARY_BUFFERS,
        limits(),
    )
}

const READ_BUFFER_SLOT: &str = r#"
enable resource_table;
struct Data { values: array<u32> }
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(1)
fn main() {
    out[0] = u32(hasResource<ptr<storage, Data, read_write>>(0u));
    out[1] = (*getResource<ptr<storage, Data, read_write>>(0u)).values[0];
}
"#;

/// A program reading slot 0 of a table through `source` (`out[0]`: whether the slot holds
/// the buffer, `out[1]`: what it read), one dispatch per [`SlotReader::run`].
struct SlotReader {
    table: wgpu::ResourceTable,
    pipeline: wgpu::ComputePipeline,
    group: wgpu::BindGroup,
    out: wgpu::Buffer,
}

impl SlotReader {
    /// `data` pinned `usage` in slot 0 of a new table.
    fn new(gpu: &GpuContext, source: &str, data: &wgpu::Buffer, usage: PinnedUsage) -> Self {
        let table = table(gpu, 4);
        data.pin(usage);
        table.update(0, data.as_entire_binding()).unwrap();
        let out = buffer_of(gpu, &[7, 7], wgpu::BufferUsages::STORAGE);
        let pipeline = compute(gpu, source, None);
        let group = group(gpu, &pipeline.get_bind_group_layout(0), &out);
        Self {
            table,
            pipeline,
            group,
            out,
        }
    }

    fn run(&self, gpu: &GpuContext) -> Vec<u32> {
        let encoder = one_dispatch(gpu, &self.table, &self.pipeline, Some(&self.group), 1);
        gpu.queue.submit([encoder.finish()]);
        words(&gpu.read_buffer(&self.out))
    }
}

/// A mappable buffer holding 9, pinned read-write in slot 0 of a table, and a reader of that
/// slot, which sees it (checked).
fn mappable_in_slot_zero() -> (GpuContext, wgpu::Buffer, SlotReader) {
    let gpu = mappable_heterogeneous();
    let data = buffer_of(&gpu, &[9], wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::MAP_READ);
    let reader = SlotReader::new(&gpu, READ_BUFFER_SLOT, &data, PinnedUsage::StorageReadWrite);
    assert_eq!(reader.run(&gpu), [1, 9]);
    (gpu, data, reader)
}

/// A mapped buffer is not visible through tables (as a bind group's use of it would fail
/// submit with `BufferStillMapped`), and is again once unmapped.
#[test]
fn gpu_mapped_buffer_is_not_visible_through_the_table() {
    let (gpu, data, reader) = mappable_in_slot_zero();
    let run = || reader.run(&gpu);
    data.slice(..).map_async(wgpu::MapMode::Read, |r| r.unwrap());
    gpu.wait();
    assert_eq!(run(), [0, 0], "mapped: the default buffer");
    data.unmap();
    assert_eq!(run(), [1, 9]);
}

/// A device with tables whose queue is already dropped.
fn device_without_queue() -> wgpu::Device {
    let adapter = hal_ext::harness::vulkan_adapter().unwrap();
    let (device, queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
        required_features: wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE,
        ..Default::default()
    }))
    .unwrap();
    // Dropping the queue frees buffers of its own: counted after.
    drop(queue);
    device
}

/// Review finding: once the queue is dropped nothing can be submitted, and a pin queued
/// for the next submission (here by `pin`; also by `unmap` of a pinned buffer) kept its
/// buffer, and so the device, alive for good (a reference cycle through the device).
#[test]
fn gpu_pins_after_the_queue_is_dropped_keep_nothing_alive() {
    let device = device_without_queue();
    let buffers = || device.get_internal_counters().hal.buffers.read();
    let before = buffers();
    let data = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("pinned after the queue"),
        size: 16,
        usage: wgpu::BufferUsages::STORAGE,
        mapped_at_creation: false,
    });
    assert_eq!(buffers(), before + 1);
    data.pin(PinnedUsage::StorageRead);
    drop(data);
    device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
    assert_eq!(
        buffers(),
        before,
        "the pin queued after the queue was dropped kept the buffer"
    );
}

/// `unmap` of a mapping still pending (aborted: its callback gets `MapAborted`) shows the
/// buffer through the table again at the next submission, as an unmap of an active mapping
/// does.
#[test]
fn gpu_aborted_mapping_is_visible_through_the_table_again() {
    let (gpu, data, reader) = mappable_in_slot_zero();
    let run = || reader.run(&gpu);
    let status = std::sync::Arc::new(std::sync::Mutex::new(None));
    let seen = status.clone();
    data.slice(..)
        .map_async(wgpu::MapMode::Read, move |r| *seen.lock().unwrap() = Some(r));
    data.unmap();
    gpu.wait();
    assert!(
        matches!(*status.lock().unwrap(), Some(Err(_))),
        "the mapping was aborted by unmap"
    );
    assert_eq!(run(), [1, 9], "visible again after the aborted mapping");
}

/// `unmap` of a mapping still pending after a submission's flush hid the buffer: the mapping
/// is aborted, and the next submission shows the buffer through the table again. (The test
/// above aborts before any flush, while the slot's written type id never changed.)
///
/// The map waits for a slow submission that may reach the buffer through the table. lavapipe
/// runs one submission at a time: the next `submit` writes the slot as empty (the buffer is
/// being mapped), then waits in the driver for the slow one, before its own poll could map
/// the buffer. Meanwhile another thread unmaps it. (Only there is the order sure: elsewhere
/// the test checks just that the buffer is visible again.)
#[test]
fn gpu_mapping_aborted_after_a_flush_hid_the_buffer_shows_it_again() {
    use std::time::{Duration, Instant};
    let (gpu, data, reader) = mappable_in_slot_zero();
    let run = || reader.run(&gpu);
    let out = buffer_of(&gpu, &[0], wgpu::BufferUsages::STORAGE);
    // Ten times `SLOW_SLOT_ZERO_READER`'s work (a second or more on lavapipe).
    let slow = compute(&gpu, &SLOW_SLOT_ZERO_READER.replace("20000u", "200000u"), None);
    let g = group(&gpu, &slow.get_bind_group_layout(0), &out);
    gpu.queue
        .submit([one_dispatch(&gpu, &reader.table, &slow, Some(&g), 64).finish()]);
    let status = std::sync::Arc::new(std::sync::Mutex::new(None));
    let seen = status.clone();
    data.slice(..)
        .map_async(wgpu::MapMode::Read, move |r| *seen.lock().unwrap() = Some(r));
    // The unmap waits for the submit to start, then for its flush (milliseconds).
    let submitting = std::sync::Barrier::new(2);
    let (unmapped, submitted) = std::thread::scope(|s| {
        let start = Instant::now();
        let (data, submitting) = (&data, &submitting);
        let unmapper = s.spawn(move || {
            submitting.wait();
            std::thread::sleep(Duration::from_millis(100));
            data.unmap();
            start.elapsed()
        });
        submitting.wait();
        gpu.queue.submit([]);
        let submitted = start.elapsed();
        (unmapper.join().unwrap(), submitted)
    });
    gpu.wait();
    let aborted = matches!(*status.lock().unwrap(), Some(Err(_)));
    if std::env::var_os("BINDLESS_EXPECT_LAVAPIPE").is_some() {
        assert!(
            unmapped < submitted,
            "the unmap ({unmapped:?}) came after the submit returned ({submitted:?}): the test checked nothing"
        );
        assert!(aborted, "the mapping was aborted by unmap");
    }
    assert_eq!(
        run(),
        [1, 9],
        "visible again after the aborted mapping (aborted: {aborted})"
    );
}

/// A buffer mapped at creation, pinned and put in a slot, then submitted with the table
/// before `unmap`: while mapped the table shows the default buffer; `unmap` copies the
/// mapped contents in (a staging copy without `MAP_WRITE`, the buffer itself with it) and
/// queues the pin's transition after that copy, so the next submission reads exactly what
/// was written through the mapping, including words written after the first submission.
fn mapped_at_creation_then_pinned(usage: wgpu::BufferUsages) {
    let gpu = mappable_heterogeneous();
    let data = gpu.device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("mapped at creation"),
        size: 16,
        usage: wgpu::BufferUsages::STORAGE | usage,
        mapped_at_creation: true,
    });
    let write = |words: [u32; 4]| {
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        data.slice(..).get_mapped_range_mut().unwrap().copy_from_slice(&bytes);
    };
    write([5, 6, 7, 8]);
    let reader = SlotReader::new(&gpu, READ_BUFFER_SLOT_READ_ONLY, &data, PinnedUsage::StorageRead);
    let run = || reader.run(&gpu);
    assert_eq!(run(), [0, 0], "mapped at creation: the default buffer");
    write([11, 12, 13, 14]);
    data.unmap();
    assert_eq!(
        run(),
        [1, 11 + 12 + 13 + 14],
        "unmapped: the words written while mapped"
    );
    // The buffer stays pinned and readable through later submissions.
    assert_eq!(run(), [1, 50]);
}

const READ_BUFFER_SLOT_READ_ONLY: &str = r#"
enable resource_table;
struct Data { values: array<u32, 4> }
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(1)
fn main() {
    out[0] = u32(hasResource<ptr<storage, Data, read>>(0u));
    let data = getResource<ptr<storage, Data, read>>(0u);
    out[1] = (*data).values[0] + (*data).values[1] + (*data).values[2] + (*data).values[3];
}
"#;

#[test]
fn gpu_buffer_mapped_at_creation_pinned_and_submitted_before_unmap() {
    mapped_at_creation_then_pinned(wgpu::BufferUsages::empty());
}

#[test]
fn gpu_mappable_buffer_mapped_at_creation_pinned_and_submitted_before_unmap() {
    mapped_at_creation_then_pinned(wgpu::BufferUsages::MAP_WRITE);
}

/// `map_async` of a buffer that tables may hold waits for every submission, not only those
/// whose own commands used it: here one that writes it through the table.
#[test]
fn gpu_map_waits_for_submissions_writing_through_the_table() {
    let gpu = mappable_heterogeneous();
    let table = table(&gpu, 4);
    let data = buffer_of(&gpu, &[0], wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::MAP_READ);
    data.pin(PinnedUsage::StorageReadWrite);
    table.update(0, data.as_entire_binding()).unwrap();
    // The pin's transition and the table writes go with this submission: the next one
    // reaches the buffer only through the table.
    gpu.queue.submit([]);
    gpu.wait();
    let slow = compute(
        &gpu,
        r#"
enable resource_table;
struct Data { values: array<u32> }
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let unused = getResource<ptr<storage, Data, read_write>>(1u);
    var sum = 0u;
    for (var i = 0u; i < 20000u; i++) {
        // Each load waits for the previous one (`harness::in_flight`).
        sum += (*unused).values[sum & (id.x >> 31u)] + 1u;
    }
    let data = getResource<ptr<storage, Data, read_write>>(0u);
    if id.x == 0u { (*data).values[0] = sum; }
}
"#,
        None,
    );
    let encoder = one_dispatch(&gpu, &table, &slow, None, 64);
    gpu.queue.submit([encoder.finish()]);
    let mapped = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let flag = mapped.clone();
    data.slice(..).map_async(wgpu::MapMode::Read, move |r| {
        r.unwrap();
        flag.store(true, std::sync::atomic::Ordering::SeqCst);
    });
    // Exact either way: the map resolves in the poll that sees the writer complete.
    let running = in_flight(&gpu.device);
    assert_eq!(
        mapped.load(std::sync::atomic::Ordering::SeqCst),
        !running,
        "mapped while a submission writing it through the table still runs, or not mapped once it completed"
    );
    gpu.wait();
    assert!(mapped.load(std::sync::atomic::Ordering::SeqCst));
    assert_eq!(words(&data.slice(..).get_mapped_range().unwrap()), [20_000]);
    data.unmap();
}

/// Second review (6): once a buffer left its table slot and the submissions before that
/// completed, mapping it does not wait for later submissions that use the table (its
/// back-reference used to linger and make every map wait for the latest submission).
#[test]
fn gpu_map_of_a_buffer_removed_from_a_table_does_not_wait_for_later_submissions() {
    let gpu = mappable_heterogeneous();
    let table = table(&gpu, 4);
    let data = buffer_of(&gpu, &[0], wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::MAP_READ);
    data.pin(PinnedUsage::StorageRead);
    table.update(0, data.as_entire_binding()).unwrap();
    gpu.queue.submit([]);
    table.remove(0).unwrap();
    gpu.wait();
    // A slow submission with the table, which can no longer reach the buffer.
    let out = buffer_of(&gpu, &[0], wgpu::BufferUsages::STORAGE);
    let slow = compute(&gpu, SLOW_SLOT_ZERO_READER, None);
    let g = group(&gpu, &slow.get_bind_group_layout(0), &out);
    gpu.queue
        .submit([one_dispatch(&gpu, &table, &slow, Some(&g), 64).finish()]);
    let mapped = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let flag = mapped.clone();
    data.slice(..).map_async(wgpu::MapMode::Read, move |r| {
        r.unwrap();
        flag.store(true, std::sync::atomic::Ordering::SeqCst);
    });
    // Polls (on lavapipe the slow submission is still running then: `in_flight` checks).
    in_flight(&gpu.device);
    assert!(
        mapped.load(std::sync::atomic::Ordering::SeqCst),
        "the map waited for a submission that cannot reach the buffer"
    );
    gpu.wait();
}

/// The table's arrays count against the same per-stage limits as the layout's own groups:
/// a layout next to the table may have 1,024 bindings of a kind per stage, and gets
/// upstream's `TooManyBindings` beyond (instead of a layout the driver refuses).
#[test]
fn gpu_layouts_beside_the_table_keep_to_their_per_stage_room() {
    let gpu = GpuContext::new(
        wgpu::Features::SAMPLING_RESOURCE_TABLE | wgpu::Features::TEXTURE_BINDING_ARRAY,
        wgpu::Limits {
            max_sampled_textures_per_shader_stage: 2048,
            max_binding_array_elements_per_shader_stage: 2048,
            ..limits()
        },
    );
    let layout_of = |count: u32| {
        let bgl = gpu.device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: None,
            entries: &[wgpu::BindGroupLayoutEntry {
                binding: 0,
                visibility: wgpu::ShaderStages::COMPUTE,
                ty: wgpu::BindingType::Texture {
                    sample_type: wgpu::TextureSampleType::Float { filterable: true },
                    view_dimension: wgpu::TextureViewDimension::D2,
                    multisampled: false,
                },
                count: std::num::NonZeroU32::new(count),
            }],
        });
        validation_error(&gpu.device, || {
            gpu.device
                .create_pipeline_layout_with_resource_table(&wgpu::PipelineLayoutDescriptor {
                    label: None,
                    bind_group_layouts: &[Some(&bgl)],
                    immediate_size: 0,
                })
        })
        .1
    };
    // The miss report's ring takes one binding of each stage's room.
    let room = 1024 - u32::from(hal_ext::harness::diagnostics());
    assert!(layout_of(room).is_none());
    let error = layout_of(room + 1).expect("one sampled texture more than the room next to the table");
    assert!(
        matches!(
            find_source::<wgpu_core::binding_model::CreatePipelineLayoutError>(&error),
            Some(wgpu_core::binding_model::CreatePipelineLayoutError::TooManyBindings(_))
        ),
        "{error:?}"
    );
}

/// The pin is checked at submit, against every use the commands make: encoded while
/// unpinned (sampled, then rendered to), pinned before submit, the render use is refused;
/// encoded while pinned and unpinned before submit, the same commands are accepted.
#[test]
fn gpu_pins_are_checked_at_submit_against_every_use() {
    let gpu = sampling();
    let texture = texture_2d(
        &gpu.device,
        wgpu::TextureFormat::R32Uint,
        1,
        1,
        wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::RENDER_ATTACHMENT,
    );
    let view = texture.create_view(&Default::default());
    let out = buffer_of(&gpu, &[0], wgpu::BufferUsages::STORAGE);
    let sample = compute(
        &gpu,
        r#"
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@group(0) @binding(1) var t: texture_2d<u32>;
@compute @workgroup_size(1)
fn main() { out[0] = textureLoad(t, vec2(0, 0), 0).x; }
"#,
        None,
    );
    let g = hal_ext::harness::group_0(
        &gpu.device,
        &sample,
        vec![out.as_entire_binding(), wgpu::BindingResource::TextureView(&view)],
    );
    let encode = || {
        let mut encoder = gpu.device.create_command_encoder(&Default::default());
        {
            let mut pass = encoder.begin_compute_pass(&Default::default());
            pass.set_pipeline(&sample);
            pass.set_bind_group(0, &g, &[]);
            pass.dispatch_workgroups(1, 1, 1);
        }
        hal_ext::harness::clear_pass(&mut encoder, &view, wgpu::Color::BLACK);
        encoder.finish()
    };
    // Encoded unpinned, submitted pinned: the attachment use is against the pin.
    let commands = encode();
    texture.pin(PinnedUsage::Sampled);
    let (_, error) = validation_error(&gpu.device, || gpu.queue.submit([commands]));
    match error
        .as_ref()
        .and_then(find_source::<wgpu_core::device::queue::QueueSubmitError>)
    {
        Some(wgpu_core::device::queue::QueueSubmitError::PinnedResourceMisused(e)) => {
            assert_eq!(e.pinned, PinnedUsage::Sampled);
            assert_eq!(e.used, "TextureUses(COLOR_TARGET)");
        }
        _ => panic!("pinned at submit, rendered to: {error:?}"),
    }
    // Encoded pinned, submitted unpinned: nothing to refuse.
    let commands = encode();
    texture.unpin();
    let (_, error) = validation_error(&gpu.device, || gpu.queue.submit([commands]));
    assert!(error.is_none(), "{error:?}");
}

/// A texture destroyed while a running submission reads it through a table is freed only
/// after that submission, also when its table slot was removed and its back-references
/// since forgotten (bound into another table enough times that the list was trimmed, that
/// table dropped unsubmitted).
fn destroyed_while_read(trim_back_references: bool) {
    let gpu = sampling();
    let table = table(&gpu, 4);
    let (texture, view) = pinned_u32_texture(&gpu, 5);
    table.update(0, wgpu::BindingResource::TextureView(&view)).unwrap();
    let out = buffer_of(&gpu, &[0], wgpu::BufferUsages::STORAGE);
    let slow = compute(&gpu, SLOW_SLOT_ZERO_READER, None);
    let g = group(&gpu, &slow.get_bind_group_layout(0), &out);
    let encoder = one_dispatch(&gpu, &table, &slow, Some(&g), 64);
    gpu.queue.submit([]);
    gpu.wait();
    let textures = || gpu.device.get_internal_counters().hal.textures.read();
    let before = textures();
    gpu.queue.submit([encoder.finish()]);
    let running = in_flight(&gpu.device);
    if trim_back_references {
        table.remove(0).unwrap();
        let other = self::table(&gpu, 8);
        for _ in 0..5 {
            other.insert(wgpu::BindingResource::TextureView(&view)).unwrap();
        }
        drop(other);
    }
    texture.destroy();
    if running {
        assert_eq!(
            textures(),
            before,
            "destroyed while a submission reads it through a table"
        );
    }
    gpu.wait();
    assert_eq!(words(&gpu.read_buffer(&out)), [100_000]);
    gpu.queue.submit([]);
    gpu.wait();
    assert_eq!(
        textures(),
        before - 1,
        "freed once the submissions that could read it completed"
    );
}

#[test]
fn gpu_texture_destroyed_while_read_through_the_table() {
    destroyed_while_read(false);
}

#[test]
fn gpu_texture_destroyed_while_read_from_a_removed_slot() {
    destroyed_while_read(true);
}

/// Item 11: task and mesh shaders reach the table like the other stages (the table's sets
/// are visible to them, and its barriers wait for them), where the device has them.
const MESH_READS_THE_TABLE: &str = r#"
enable wgpu_mesh_shader;
enable resource_table;

struct Payload { from_task: u32 }
var<task_payload> payload: Payload;

@task @payload(payload) @workgroup_size(1)
fn ts() -> @builtin(mesh_task_size) vec3<u32> {
    payload.from_task = textureLoad(getResource<texture_2d<u32>>(0u), vec2(0, 0), 0).x;
    return vec3(1u, 1u, 1u);
}

struct Vertex {
    @builtin(position) position: vec4<f32>,
    @location(0) @interpolate(flat) value: u32,
}
struct Primitive { @builtin(triangle_indices) indices: vec3<u32> }
struct MeshOutput {
    @builtin(vertices) vertices: array<Vertex, 3>,
    @builtin(primitives) primitives: array<Primitive, 1>,
    @builtin(vertex_count) vertex_count: u32,
    @builtin(primitive_count) primitive_count: u32,
}
var<workgroup> mesh_output: MeshOutput;

@mesh(mesh_output) @payload(payload) @workgroup_size(1)
fn ms() {
    let value = payload.from_task + textureLoad(getResource<texture_2d<u32>>(1u), vec2(0, 0), 0).x;
    mesh_output.vertex_count = 3u;
    mesh_output.primitive_count = 1u;
    let corners = array(vec2(-1.0, -1.0), vec2(3.0, -1.0), vec2(-1.0, 3.0));
    for (var i = 0u; i < 3u; i++) {
        mesh_output.vertices[i].position = vec4(corners[i], 0.0, 1.0);
        mesh_output.vertices[i].value = value;
    }
    mesh_output.primitives[0].indices = vec3(0u, 1u, 2u);
}

@fragment
fn fs(vertex: Vertex) -> @location(0) vec4<u32> {
    return vec4(vertex.value, 0u, 0u, 1u);
}
"#;

#[test]
fn gpu_task_and_mesh_shaders_read_the_table() {
    let adapter = hal_ext::harness::vulkan_adapter().expect("a Vulkan adapter");
    let adapter_features = adapter.features();
    if !adapter_features.contains(wgpu::Features::EXPERIMENTAL_MESH_SHADER) {
        // lavapipe has mesh shaders: there the case must run.
        assert!(
            std::env::var_os("BINDLESS_EXPECT_LAVAPIPE").is_none(),
            "lavapipe reports no mesh shaders"
        );
        return;
    }
    let gpu = GpuContext::with_descriptor(&wgpu::DeviceDescriptor {
        label: Some("mesh"),
        required_features: wgpu::Features::SAMPLING_RESOURCE_TABLE | wgpu::Features::EXPERIMENTAL_MESH_SHADER,
        // The mesh limits are 0 by default.
        required_limits: adapter.limits(),
        // SAFETY: the test uses mesh shaders as documented; its device is its own.
        experimental_features: unsafe { wgpu::ExperimentalFeatures::enabled() },
        ..Default::default()
    });
    let table = table(&gpu, 4);
    let (_a, a) = pinned_u32_texture(&gpu, 5);
    let (_b, b) = pinned_u32_texture(&gpu, 7);
    table.update(0, wgpu::BindingResource::TextureView(&a)).unwrap();
    table.update(1, wgpu::BindingResource::TextureView(&b)).unwrap();
    let module = module(&gpu, MESH_READS_THE_TABLE);
    let layout = gpu
        .device
        .create_pipeline_layout_with_resource_table(&wgpu::PipelineLayoutDescriptor {
            label: None,
            bind_group_layouts: &[],
            immediate_size: 0,
        });
    let format = wgpu::TextureFormat::R32Uint;
    let pipeline = gpu.device.create_mesh_pipeline(&wgpu::MeshPipelineDescriptor {
        label: Some("mesh reads the table"),
        layout: Some(&layout),
        task: Some(wgpu::TaskState {
            module: &module,
            entry_point: Some("ts"),
            compilation_options: Default::default(),
        }),
        mesh: wgpu::MeshState {
            module: &module,
            entry_point: Some("ms"),
            compilation_options: Default::default(),
        },
        primitive: Default::default(),
        depth_stencil: None,
        multisample: Default::default(),
        fragment: Some(wgpu::FragmentState {
            module: &module,
            entry_point: Some("fs"),
            compilation_options: Default::default(),
            targets: &[Some(format.into())],
        }),
        multiview: None,
        cache: None,
    });
    let target = texture_2d(
        &gpu.device,
        format,
        1,
        1,
        wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
    );
    let view = target.create_view(&Default::default());
    let mut encoder = gpu.device.create_command_encoder(&Default::default());
    {
        let mut pass = hal_ext::harness::clear_pass(&mut encoder, &view, wgpu::Color::BLACK);
        pass.set_resource_table(Some(&table));
        pass.set_pipeline(&pipeline);
        pass.draw_mesh_tasks(1, 1, 1);
    }
    gpu.queue.submit([encoder.finish()]);
    assert_eq!(words(&gpu.read_texture(&target)), [12]);
}

/// Second review: what a shader writes through a writable type's default resource (an
/// out-of-range or empty slot) must not show through the read-only types' defaults, which
/// read zero — in this table and in every other table of the device.
#[test]
fn gpu_writes_to_writable_defaults_do_not_reach_read_only_defaults() {
    let gpu = heterogeneous();
    let writer = table(&gpu, 4);
    let reader = table(&gpu, 8);
    let out = buffer_of(
        &gpu,
        &[7, 7],
        wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
    );
    let write = compute(
        &gpu,
        r#"
enable resource_table;
struct Data { values: array<u32> }
@compute @workgroup_size(1)
fn main() {
    let data = getResource<ptr<storage, Data, read_write>>(100u);
    (*data).values[0] = 0xdeadu;
    textureStore(getResource<texture_storage_2d<u32, write>>(100u), vec2(0, 0), vec4(0xbeefu));
}
"#,
        None,
    );
    let read = compute(
        &gpu,
        r#"
enable resource_table;
struct Data { values: array<u32> }
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(1)
fn main() {
    out[0] = (*getResource<ptr<storage, Data, read>>(100u)).values[0];
    out[1] = textureLoad(getResource<texture_storage_2d<u32, read>>(100u), vec2(0, 0)).x;
}
"#,
        None,
    );
    let g = group(&gpu, &read.get_bind_group_layout(0), &out);
    let first = one_dispatch(&gpu, &writer, &write, None, 1);
    gpu.queue.submit([first.finish()]);
    for table in [&writer, &reader] {
        let encoder = one_dispatch(&gpu, table, &read, Some(&g), 1);
        gpu.queue.submit([encoder.finish()]);
        assert_eq!(words(&gpu.read_buffer(&out)), [0, 0]);
    }
}

/// Item 8: storage textures are reached through the table without a format, so their
/// visibility follows the driver's format-less read/write support (hal's `TableFormats`),
/// not WebGPU's read-write storage formats: the formats lavapipe supports format-less,
/// `rgba8unorm` and `rgba16float` among them (which WebGPU does not allow as `read_write`
/// storage), are visible read-only and writable. Other drivers may lack some: there only
/// `rgba8unorm` (in Vulkan's list of formats that need no format) is checked.
#[test]
fn gpu_storage_pins_follow_formatless_support() {
    use wgpu::TextureFormat as F;
    let gpu = heterogeneous();
    let formats = [
        (F::Rgba8Unorm, "f32"),
        (F::Rgba16Float, "f32"),
        (F::R32Float, "f32"),
        (F::Rgba32Float, "f32"),
        (F::Rgba8Uint, "u32"),
        (F::R32Uint, "u32"),
        (F::Rgba16Sint, "i32"),
    ];
    let table = table(&gpu, 2 * formats.len() as u32);
    let mut textures = Vec::new();
    let mut checks = String::new();
    for (i, &(format, texel)) in formats.iter().enumerate() {
        for (j, pin) in [PinnedUsage::StorageRead, PinnedUsage::StorageReadWrite]
            .into_iter()
            .enumerate()
        {
            let slot = (2 * i + j) as u32;
            textures.push(pinned_in_slot(
                &gpu,
                &table,
                slot,
                format,
                wgpu::TextureUsages::STORAGE_BINDING,
                pin,
            ));
            checks += &format!(
                "    out[{slot}] = u32(hasResource<texture_storage_2d<{texel}, read>>({slot}u)) \
                 | u32(hasResource<texture_storage_2d<{texel}, read_write>>({slot}u)) << 1u;\n"
            );
        }
    }
    let source = format!(
        "enable resource_table;\n\
         @group(0) @binding(0) var<storage, read_write> out: array<u32>;\n\
         @compute @workgroup_size(1)\nfn main() {{\n{checks}}}\n"
    );
    // Read-only pins: visible to `read`; writable pins: to `read` and `read_write`.
    let seen = run_probe(&gpu, &table, &source, 2 * formats.len());
    if std::env::var_os("BINDLESS_EXPECT_LAVAPIPE").is_some() {
        assert_eq!(seen, [1, 3].repeat(formats.len()));
    } else {
        assert_eq!(seen[..2], [1, 3]);
    }
}

/// Item 8: a format the driver cannot read or write without a format stays invisible to
/// every storage type however it is pinned (hal's test hook stands in for such a driver:
/// lavapipe supports every format), while other formats stay visible.
#[test]
fn gpu_storage_pins_of_formats_without_formatless_support_are_invisible() {
    isolated(
        "gpu_storage_pins_of_formats_without_formatless_support_are_invisible",
        || {
            // Safe: this process runs this test alone (nextest, or `isolated`'s child).
            std::env::set_var("WGPU_RESOURCE_TABLE_NO_FORMATLESS", "R32Float");
            let gpu = heterogeneous();
            let table = table(&gpu, 4);
            let _textures = [
                (0, wgpu::TextureFormat::R32Float, PinnedUsage::StorageRead),
                (1, wgpu::TextureFormat::R32Float, PinnedUsage::StorageReadWrite),
                (2, wgpu::TextureFormat::Rgba32Float, PinnedUsage::StorageReadWrite),
            ]
            .map(|(slot, format, pin)| {
                pinned_in_slot(&gpu, &table, slot, format, wgpu::TextureUsages::STORAGE_BINDING, pin)
            });
            let source = r#"
enable resource_table;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(1)
fn main() {
    for (var i = 0u; i < 3u; i++) {
        out[i] = u32(hasResource<texture_storage_2d<f32, read>>(i))
            | u32(hasResource<texture_storage_2d<f32, read_write>>(i)) << 1u;
    }
}
"#;
            assert_eq!(run_probe(&gpu, &table, source, 3), [0, 0, 3]);
        },
    );
}

/// Item 8: a storage buffer binding is visible as `ptr<storage, S>` only if it holds
/// WebGPU's minimum binding size of `S` (a runtime-sized array counting one element);
/// smaller bindings read as the default buffer.
#[test]
fn gpu_buffer_bindings_smaller_than_the_struct_are_not_visible() {
    let gpu = heterogeneous();
    let table = table(&gpu, 4);
    let usage = wgpu::BufferUsages::STORAGE;
    let small = buffer_of(&gpu, &[7; 4], usage);
    let big = buffer_of(&gpu, &(100..116).collect::<Vec<u32>>(), usage);
    let wide = buffer_of(&gpu, &[5; 128], usage);
    for b in [&small, &big, &wide] {
        b.pin(PinnedUsage::StorageRead);
    }
    table.update(0, small.as_entire_binding()).unwrap();
    table.update(1, big.as_entire_binding()).unwrap();
    table
        .update(
            2,
            wgpu::BindingResource::Buffer(wgpu::BufferBinding {
                buffer: &wide,
                offset: 256,
                size: wgpu::BufferSize::new(8),
            }),
        )
        .unwrap();
    table
        .update(
            3,
            wgpu::BindingResource::Buffer(wgpu::BufferBinding {
                buffer: &wide,
                offset: 0,
                size: wgpu::BufferSize::new(24),
            }),
        )
        .unwrap();
    let source = r#"
enable resource_table;
struct Big { v: array<u32, 16> }
struct Small { v: array<u32, 4> }
struct Runtime { head: u32, tail: array<u32> }
struct Padded { head: vec4<u32>, tail: array<u32> }
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(1)
fn main() {
    for (var i = 0u; i < 4u; i++) {
        out[i] = u32(hasResource<ptr<storage, Big, read>>(i)) * 1000u
            + u32(hasResource<ptr<storage, Padded, read>>(i)) * 100u
            + u32(hasResource<ptr<storage, Small, read>>(i)) * 10u
            + u32(hasResource<ptr<storage, Runtime, read>>(i));
    }
    out[4] = (*getResource<ptr<storage, Big, read>>(0u)).v[0];
    out[5] = (*getResource<ptr<storage, Big, read>>(1u)).v[15];
    out[6] = (*getResource<ptr<storage, Runtime, read>>(2u)).tail[0];
}
"#;
    // `Padded` needs 32 bytes (its 20 rounded up to its 16-byte alignment): not 24.
    assert_eq!(run_probe(&gpu, &table, source, 7), [11, 1111, 1, 11, 0, 115, 5]);
}

/// Item 8, filtering: any table sampler may sample any float texture of the table, so a
/// format the driver cannot filter linearly is not visible to those types (hal's test hook
/// stands in for such a driver: lavapipe filters every format). Formats WebGPU calls
/// unfilterable but the driver filters (`r32float` here, where the adapter reports
/// `FLOAT32_FILTERABLE`) stay visible: the driver decides.
fn unfilterable_formats_case(hooked: bool) {
    let gpu = sampling();
    let table = table(&gpu, 4);
    let _textures = [(0, wgpu::TextureFormat::R32Float), (1, wgpu::TextureFormat::Rgba8Unorm)].map(|(slot, format)| {
        pinned_in_slot(
            &gpu,
            &table,
            slot,
            format,
            wgpu::TextureUsages::TEXTURE_BINDING,
            PinnedUsage::Sampled,
        )
    });
    let source = r#"
enable resource_table;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(1)
fn main() {
    out[0] = u32(hasResource<texture_2d<f32>>(0u));
    out[1] = u32(hasResource<texture_2d<f32>>(1u));
}
"#;
    let filters_r32float = gpu.adapter.features().contains(wgpu::Features::FLOAT32_FILTERABLE);
    assert_eq!(
        run_probe(&gpu, &table, source, 2),
        [u32::from(!hooked && filters_r32float), 1]
    );
}

#[test]
fn gpu_formats_the_driver_filters_are_visible_for_sampling() {
    unfilterable_formats_case(false);
}

#[test]
fn gpu_formats_the_driver_cannot_filter_are_not_visible_for_sampling() {
    isolated(
        "gpu_formats_the_driver_cannot_filter_are_not_visible_for_sampling",
        || {
            // Safe: this process runs this test alone (nextest, or `isolated`'s child).
            std::env::set_var("WGPU_RESOURCE_TABLE_NO_LINEAR_FILTER", "R32Float");
            unfilterable_formats_case(true);
        },
    );
}

/// A submission that fails validation on its second command buffer runs nothing, so the
/// device's idea of each texture's state must stay as it was: the first command buffer,
/// which samples a texture with a queue write still pending, must not leave the texture
/// "sampled" for the next queue write's barrier. Found by the differential tester on an
/// NVIDIA H200 (a layout mismatch at the next `write_texture`); no table is needed.
#[test]
fn gpu_a_failed_submission_leaves_the_texture_states_as_they_were() {
    isolated("gpu_a_failed_submission_leaves_the_texture_states_as_they_were", || {
        let gpu = GpuContext::new(wgpu::Features::empty(), limits());
        let texture = texture_2d(
            &gpu.device,
            wgpu::TextureFormat::R32Uint,
            1,
            1,
            wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
        );
        let view = texture.create_view(&Default::default());
        let pipeline = compute_pipeline(
            &gpu.device,
            "@group(0) @binding(0) var t: texture_2d<u32>;
                 @group(0) @binding(1) var<storage, read_write> out: array<u32>;
                 @compute @workgroup_size(1) fn main() { out[0] = textureLoad(t, vec2(0), 0).x; }",
        );
        let out = buffer_of(&gpu, &[0], wgpu::BufferUsages::STORAGE);
        let group = group_0(
            &gpu.device,
            &pipeline,
            vec![wgpu::BindingResource::TextureView(&view), out.as_entire_binding()],
        );
        let sample = |gpu: &GpuContext| {
            let mut encoder = gpu.device.create_command_encoder(&Default::default());
            {
                let mut pass = encoder.begin_compute_pass(&Default::default());
                pass.set_pipeline(&pipeline);
                pass.set_bind_group(0, &group, &[]);
                pass.dispatch_workgroups(1, 1, 1);
            }
            encoder.finish()
        };
        // A queue write pending (copied in the next submission's pending writes).
        write_texel(&gpu, &texture, 8);
        let sampled = sample(&gpu);
        let (invalid, finish_error) = validation_error(&gpu.device, || {
            let mut encoder = gpu.device.create_command_encoder(&Default::default());
            encoder
                .begin_compute_pass(&Default::default())
                .dispatch_workgroups(1, 1, 1);
            encoder.finish()
        });
        assert!(finish_error.is_some(), "a dispatch without a pipeline was accepted");
        let (_, submit_error) = validation_error(&gpu.device, || gpu.queue.submit([sampled, invalid]));
        assert!(submit_error.is_some(), "an invalid command buffer was submitted");
        // Both queue writes land in the next submission, then the sampling reads the last.
        write_texel(&gpu, &texture, 498);
        gpu.queue.submit([sample(&gpu)]);
        assert_eq!(words(&gpu.read_buffer(&out)), [498]);
        let messages = gpu.take_validation_messages();
        assert!(messages.is_empty(), "{messages:#?}");
    });
}
