//! Writes the regression suite's cases (`player/tests/cases/<name>/`): small programs that
//! use every resource-table call, recorded on the noop backend, each with an `expect.ron`
//! holding the values the program is built to produce. Run it again after changing the trace
//! format (the traces in the repository are its output):
//!
//! ```sh
//! cargo test -p player --test record_cases -- --ignored
//! ```
//!
//! The error cases are recordings edited the way a damaged or hand-made trace would be: wgpu
//! records only calls it accepted, so a failing action has to be written in.

use std::path::{Path, PathBuf};

use hal_ext::harness::{compute_pipeline, group_0, texture_2d};
use player::cases::{Check, Expect, Expected, EXPECT_FILE};
use wgpu::PinnedUsage;

fn cases_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases")
}

/// A noop device recording into `cases/<name>` (emptied first).
fn traced_device(name: &str, features: wgpu::Features) -> (wgpu::Device, wgpu::Queue, PathBuf) {
    let dir = cases_dir().join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (device, queue) = pollster::block_on(hal_ext::harness::noop_adapter().request_device(
        &wgpu::DeviceDescriptor {
            label: Some(name),
            required_features: features,
            required_limits: wgpu::Limits::default(),
            trace: wgpu::Trace::Directory(dir.clone()),
            ..Default::default()
        },
    ))
    .unwrap();
    (device, queue, dir)
}

fn write_expect(dir: &Path, expect: Expect) {
    let text = ron::ser::to_string_pretty(&expect, ron::ser::PrettyConfig::default().compact_arrays(true)).unwrap();
    std::fs::write(dir.join(EXPECT_FILE), text + "\n").unwrap();
}

fn check(resource: &str, expect: Expected) -> Check {
    Check {
        resource: resource.to_string(),
        expect,
    }
}

/// A 1×1 `R32Uint` texture holding `value`, pinned for sampling unless `pin` is false.
fn value_texture(device: &wgpu::Device, queue: &wgpu::Queue, value: u32, pin: bool) -> wgpu::Texture {
    let texture = texture_2d(
        device,
        wgpu::TextureFormat::R32Uint,
        1,
        1,
        wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
    );
    queue.write_texture(
        texture.as_image_copy(),
        &value.to_le_bytes(),
        wgpu::TexelCopyBufferLayout {
            offset: 0,
            bytes_per_row: Some(4),
            rows_per_image: None,
        },
        texture.size(),
    );
    if pin {
        texture.pin(PinnedUsage::Sampled);
    }
    texture
}

fn result_buffer(device: &wgpu::Device, label: &str, words: u64) -> wgpu::Buffer {
    device.create_buffer(&wgpu::BufferDescriptor {
        label: Some(label),
        size: words * 4,
        usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
        mapped_at_creation: false,
    })
}

/// `out[i] = 1000 * hasResource<texture_2d<u32>>(i) + the texel of getResource(i)`.
const READ_SLOTS: &str = r#"
enable resource_table;

@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(8)
fn main(@builtin(local_invocation_index) i: u32) {
    let texture = getResource<texture_2d<u32>>(i);
    out[i] = 1000u * u32(hasResource<texture_2d<u32>>(i)) + textureLoad(texture, vec2(0), 0).x;
}
"#;

/// Dispatches [`READ_SLOTS`] over 8 slots of `table` into `out`.
fn read_slots(device: &wgpu::Device, queue: &wgpu::Queue, table: &wgpu::ResourceTable, out: &wgpu::Buffer) {
    let pipeline = compute_pipeline(device, READ_SLOTS);
    let group = group_0(device, &pipeline, vec![out.as_entire_binding()]);
    let mut encoder = device.create_command_encoder(&Default::default());
    {
        let mut pass = encoder.begin_compute_pass(&Default::default());
        pass.set_pipeline(&pipeline);
        pass.set_bind_group(0, &group, &[]);
        pass.set_resource_table(Some(table));
        pass.dispatch_workgroups(1, 1, 1);
    }
    queue.submit([encoder.finish()]);
}

fn table(device: &wgpu::Device, label: &str, size: u32) -> wgpu::ResourceTable {
    device.create_pinned_resource_table(&wgpu::ResourceTableDescriptor {
        label: Some(label),
        size,
    })
}

fn view(texture: &wgpu::Texture) -> wgpu::TextureView {
    texture.create_view(&Default::default())
}

/// update, insertBinding (lowest free slot), removeBinding, a sampler slot, an unpinned
/// texture, destroy.
fn table_calls() {
    let (device, queue, dir) = traced_device("table_calls", wgpu::Features::SAMPLING_RESOURCE_TABLE);
    let table = table(&device, "calls", 8);
    let seven = value_texture(&device, &queue, 7, true);
    let nine = value_texture(&device, &queue, 9, true);
    let unpinned = value_texture(&device, &queue, 11, false);
    let sampler = device.create_sampler(&Default::default());
    table
        .update(0, wgpu::BindingResource::TextureView(&view(&seven)))
        .unwrap();
    assert_eq!(table.insert(wgpu::BindingResource::TextureView(&view(&nine))), Ok(1));
    assert_eq!(table.insert(wgpu::BindingResource::Sampler(&sampler)), Ok(2));
    table
        .update(3, wgpu::BindingResource::TextureView(&view(&unpinned)))
        .unwrap();
    table
        .update(5, wgpu::BindingResource::TextureView(&view(&nine)))
        .unwrap();
    table
        .update(6, wgpu::BindingResource::TextureView(&view(&seven)))
        .unwrap();
    table.remove(6).unwrap();
    let out = result_buffer(&device, "slots", 8);
    read_slots(&device, &queue, &table, &out);
    table.destroy();
    drop(out);
    write_expect(
        &dir,
        Expect {
            about:
                "update, insertBinding, removeBinding, a sampler slot, an unpinned texture; compute reads every slot"
                    .into(),
            error: None,
            // Slot 3's texture is not pinned and slot 2 holds a sampler: both read as empty.
            checks: vec![check("slots", Expected::U32(vec![1007, 1009, 0, 0, 0, 1009, 0, 0]))],
        },
    );
}

/// Pinned, unpinned to be rendered to, pinned again: the table sees each rendering.
fn pin_transitions() {
    let (device, queue, dir) = traced_device("pin_transitions", wgpu::Features::SAMPLING_RESOURCE_TABLE);
    let table = table(&device, "pinned", 8);
    let texture = texture_2d(
        &device,
        wgpu::TextureFormat::R32Uint,
        1,
        1,
        wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::RENDER_ATTACHMENT,
    );
    let target = view(&texture);
    table.update(0, wgpu::BindingResource::TextureView(&target)).unwrap();
    for (value, label) in [(5.0, "first"), (6.0, "second")] {
        // Render a value into the texture while it is unpinned (an attachment use), then pin
        // it and read it through the table.
        texture.unpin();
        let mut encoder = device.create_command_encoder(&Default::default());
        hal_ext::harness::clear_pass(
            &mut encoder,
            &target,
            wgpu::Color {
                r: value,
                g: 0.0,
                b: 0.0,
                a: 1.0,
            },
        );
        queue.submit([encoder.finish()]);
        texture.pin(PinnedUsage::Sampled);
        let out = result_buffer(&device, label, 8);
        read_slots(&device, &queue, &table, &out);
    }
    write_expect(
        &dir,
        Expect {
            about: "a texture rendered to while unpinned, pinned and read through the table, twice".into(),
            error: None,
            checks: vec![
                check("first", Expected::U32(vec![1005, 0, 0, 0, 0, 0, 0, 0])),
                check("second", Expected::U32(vec![1006, 0, 0, 0, 0, 0, 0, 0])),
            ],
        },
    );
}

/// A full table: removing a slot frees it for insertBinding only once the submission that
/// used it completed (the program waits; the player must too).
fn slot_reuse() {
    let (device, queue, dir) = traced_device("slot_reuse", wgpu::Features::SAMPLING_RESOURCE_TABLE);
    let table = table(&device, "one slot", 1);
    let first = value_texture(&device, &queue, 21, true);
    let second = value_texture(&device, &queue, 22, true);
    assert_eq!(table.insert(wgpu::BindingResource::TextureView(&view(&first))), Ok(0));
    let before = result_buffer(&device, "before", 8);
    read_slots(&device, &queue, &table, &before);
    table.remove(0).unwrap();
    device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
    assert_eq!(table.insert(wgpu::BindingResource::TextureView(&view(&second))), Ok(0));
    let after = result_buffer(&device, "after", 8);
    read_slots(&device, &queue, &table, &after);
    write_expect(
        &dir,
        Expect {
            about: "a removed slot reused by insertBinding after the submission that read it completed".into(),
            error: None,
            checks: vec![
                check("before", Expected::U32(vec![1021, 0, 0, 0, 0, 0, 0, 0])),
                check("after", Expected::U32(vec![1022, 0, 0, 0, 0, 0, 0, 0])),
            ],
        },
    );
}

const SAMPLE_SLOT_0: &str = r#"
enable resource_table;

@vertex
fn vs(@builtin(vertex_index) i: u32) -> @builtin(position) vec4f {
    let uv = vec2f(f32((i << 1u) & 2u), f32(i & 2u));
    return vec4f(uv * 2.0 - 1.0, 0.0, 1.0);
}

@fragment
fn fs() -> @location(0) vec4f {
    return textureSampleLevel(getResource<texture_2d<f32>>(0), getResource<sampler>(1), vec2f(0.5), 0.0);
}
"#;

/// The fragment stage samples through the table, in a pass and in a bundle.
fn render_and_bundle() {
    let (device, queue, dir) = traced_device("render_and_bundle", wgpu::Features::SAMPLING_RESOURCE_TABLE);
    let table = table(&device, "material", 4);
    let texture = texture_2d(
        &device,
        wgpu::TextureFormat::Rgba8Unorm,
        1,
        1,
        wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
    );
    queue.write_texture(
        texture.as_image_copy(),
        &[10, 20, 200, 255],
        wgpu::TexelCopyBufferLayout {
            offset: 0,
            bytes_per_row: Some(4),
            rows_per_image: None,
        },
        texture.size(),
    );
    texture.pin(PinnedUsage::Sampled);
    table
        .update(0, wgpu::BindingResource::TextureView(&view(&texture)))
        .unwrap();
    let sampler = device.create_sampler(&Default::default());
    table.update(1, wgpu::BindingResource::Sampler(&sampler)).unwrap();
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some("sample slot 0"),
        source: wgpu::ShaderSource::Wgsl(SAMPLE_SLOT_0.into()),
    });
    let format = wgpu::TextureFormat::Rgba8Unorm;
    let pipeline = hal_ext::harness::render_pipeline(&device, &module, None, format);
    let mut bundle = hal_ext::harness::bundle_encoder(&device, Some("table bundle"), format);
    bundle.set_pipeline(&pipeline);
    bundle.set_resource_table(Some(&table));
    bundle.draw(0..3, 0..1);
    let bundle = bundle.finish(&Default::default());
    let mut targets = Vec::new();
    for label in ["pass frame", "bundle frame"] {
        let target = device.create_texture(&wgpu::TextureDescriptor {
            label: Some(label),
            size: wgpu::Extent3d {
                width: 4,
                height: 4,
                depth_or_array_layers: 1,
            },
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format,
            usage: wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
            view_formats: &[],
        });
        let mut encoder = device.create_command_encoder(&Default::default());
        {
            let target_view = view(&target);
            let mut pass = hal_ext::harness::clear_pass(&mut encoder, &target_view, wgpu::Color::BLACK);
            if label == "bundle frame" {
                pass.execute_bundles([&bundle]);
            } else {
                pass.set_pipeline(&pipeline);
                pass.set_resource_table(Some(&table));
                pass.draw(0..3, 0..1);
            }
        }
        queue.submit([encoder.finish()]);
        targets.push(target);
    }
    write_expect(
        &dir,
        Expect {
            about: "a fragment shader samples a texture and a sampler through the table, in a pass and in a bundle"
                .into(),
            error: None,
            checks: vec![
                check("pass frame", Expected::EveryTexel([10, 20, 200, 255])),
                check("bundle frame", Expected::EveryTexel([10, 20, 200, 255])),
            ],
        },
    );
}

/// The standard's form: a table of the automatic model (no pins) that render passes take
/// when they begin, drawn through directly and by a bundle that sets no table.
fn pass_table() {
    let (device, queue, dir) = traced_device("pass_table", wgpu::Features::SAMPLING_RESOURCE_TABLE);
    let table = device.create_resource_table(&wgpu::ResourceTableDescriptor {
        label: Some("scene"),
        size: 4,
    });
    let texture = texture_2d(
        &device,
        wgpu::TextureFormat::Rgba8Unorm,
        1,
        1,
        wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
    );
    queue.write_texture(
        texture.as_image_copy(),
        &[30, 60, 90, 255],
        wgpu::TexelCopyBufferLayout {
            offset: 0,
            bytes_per_row: Some(4),
            rows_per_image: None,
        },
        texture.size(),
    );
    assert_eq!(table.insert(wgpu::BindingResource::TextureView(&view(&texture))), Ok(0));
    let sampler = device.create_sampler(&Default::default());
    assert_eq!(table.insert(wgpu::BindingResource::Sampler(&sampler)), Ok(1));
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some("sample slot 0"),
        source: wgpu::ShaderSource::Wgsl(SAMPLE_SLOT_0.into()),
    });
    let format = wgpu::TextureFormat::Rgba8Unorm;
    let pipeline = hal_ext::harness::render_pipeline(&device, &module, None, format);
    let mut bundle = hal_ext::harness::bundle_encoder(&device, Some("inheriting bundle"), format);
    bundle.set_pipeline(&pipeline);
    bundle.draw(0..3, 0..1);
    let bundle = bundle.finish(&Default::default());
    let labels = ["pass frame", "bundle frame"];
    let targets = labels.map(|label| {
        device.create_texture(&wgpu::TextureDescriptor {
            label: Some(label),
            size: wgpu::Extent3d {
                width: 4,
                height: 4,
                depth_or_array_layers: 1,
            },
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format,
            usage: wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
            view_formats: &[],
        })
    });
    let mut encoder = device.create_command_encoder(&Default::default());
    for (target, label) in targets.iter().zip(labels) {
        let target_view = view(target);
        let mut pass = hal_ext::harness::clear_pass_with_table(&mut encoder, &target_view, wgpu::Color::BLACK, &table);
        if label == "bundle frame" {
            pass.execute_bundles([&bundle]);
        } else {
            pass.set_pipeline(&pipeline);
            pass.draw(0..3, 0..1);
        }
    }
    queue.submit([encoder.finish()]);
    write_expect(
        &dir,
        Expect {
            about: "render passes begun with a table of the automatic model sample through it, directly and \
                    in a bundle that sets no table"
                .into(),
            error: None,
            checks: vec![
                check("pass frame", Expected::EveryTexel([30, 60, 90, 255])),
                check("bundle frame", Expected::EveryTexel([30, 60, 90, 255])),
            ],
        },
    );
}

const STORAGE_BUFFER: &str = r#"
enable resource_table;

struct Data {
    values: array<u32>,
}

@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) i: u32) {
    let data = getResource<ptr<storage, Data, read_write>>(2u);
    (*data).values[i] = (*data).values[i] * 3u;
    // A buffer pinned read-write is also visible as read-only storage: 1 + 2.
    out[i] = u32(hasResource<ptr<storage, Data, read_write>>(2u)) + 2u * u32(hasResource<ptr<storage, Data, read>>(2u));
}
"#;

/// A heterogeneous table: a storage buffer read and written through the table.
fn storage_buffer() {
    let (device, queue, dir) = traced_device("storage_buffer", wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE);
    let table = table(&device, "storage", 4);
    let data = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("data"),
        size: 16,
        usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::COPY_SRC,
        mapped_at_creation: false,
    });
    queue.write_buffer(&data, 0, &[1u32, 2, 3, 4].map(u32::to_le_bytes).concat());
    data.pin(PinnedUsage::StorageReadWrite);
    table.update(2, data.as_entire_binding()).unwrap();
    let out = result_buffer(&device, "flags", 4);
    let pipeline = compute_pipeline(&device, STORAGE_BUFFER);
    let group = group_0(&device, &pipeline, vec![out.as_entire_binding()]);
    let mut encoder = device.create_command_encoder(&Default::default());
    {
        let mut pass = encoder.begin_compute_pass(&Default::default());
        pass.set_pipeline(&pipeline);
        pass.set_bind_group(0, &group, &[]);
        pass.set_resource_table(Some(&table));
        pass.dispatch_workgroups(1, 1, 1);
    }
    queue.submit([encoder.finish()]);
    data.unpin();
    write_expect(
        &dir,
        Expect {
            about: "a storage buffer pinned read-write, read and written through a heterogeneous table".into(),
            error: None,
            checks: vec![
                check("data", Expected::U32(vec![3, 6, 9, 12])),
                check("flags", Expected::U32(vec![3; 4])),
            ],
        },
    );
}

const SQUARES: &str = r#"
@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) i: u32) {
    out[i] = i * i;
}
"#;

/// Upstream's actions only and no `format.ron`: what unpatched wgpu 30 writes.
fn upstream_trace() {
    let dir = {
        let (device, queue, dir) = traced_device("upstream_format", wgpu::Features::empty());
        let out = result_buffer(&device, "squares", 4);
        let pipeline = compute_pipeline(&device, SQUARES);
        let group = group_0(&device, &pipeline, vec![out.as_entire_binding()]);
        let mut encoder = device.create_command_encoder(&Default::default());
        {
            let mut pass = encoder.begin_compute_pass(&Default::default());
            pass.set_pipeline(&pipeline);
            pass.set_bind_group(0, &group, &[]);
            pass.dispatch_workgroups(1, 1, 1);
        }
        queue.submit([encoder.finish()]);
        // Everything goes here, so the trace is closed before it is edited.
        dir
    };
    // Unpatched wgpu 30 writes no `format.ron` (and the same `Limits`: ours has no new field).
    std::fs::remove_file(dir.join(wgpu_core::resource_table::TRACE_FORMAT_FILE)).unwrap();
    write_expect(
        &dir,
        Expect {
            about: "a trace in unpatched wgpu 30's shape: upstream actions and limits, no format.ron (format 0)".into(),
            error: None,
            checks: vec![check("squares", Expected::U32(vec![0, 1, 4, 9]))],
        },
    );
}

/// Records a table with a sampler in slot 1, then rewrites its `resource_tables.ron` with `edit`.
fn edited(name: &str, about: &str, edit: impl FnOnce(String) -> String, error: &str) {
    let (device, queue, dir) = traced_device(name, wgpu::Features::SAMPLING_RESOURCE_TABLE);
    let table = table(&device, "edited", 4);
    let sampler = device.create_sampler(&Default::default());
    table.update(1, wgpu::BindingResource::Sampler(&sampler)).unwrap();
    // The trace is closed when the device goes, queue included.
    drop((table, sampler, device, queue));
    let path = dir.join(wgpu_core::resource_table::TRACE_TABLES_FILE);
    let text = std::fs::read_to_string(&path).unwrap();
    let changed = edit(text.clone());
    assert_ne!(changed, text, "the edit of {name} changed nothing");
    std::fs::write(&path, changed).unwrap();
    write_expect(
        &dir,
        Expect {
            about: about.into(),
            error: Some(error.into()),
            checks: Vec::new(),
        },
    );
}

fn error_cases() {
    edited(
        "error_table_too_large",
        "a table larger than the device's maxResourceTableSize",
        |t| t.replacen("size: 4,", "size: 4294967295,", 1),
        // The limit differs between devices (noop: 2^20, lavapipe: 331,913): the message up to it.
        "action #1 (CreateResourceTable): Resource table size 4294967295 is greater than the device's `max_resource_table_size()` (",
    );
    edited(
        "error_slot_out_of_range",
        "update of a slot past the end of the table",
        |t| t.replacen("slot: 1,", "slot: 4,", 1),
        "action #3 (UpdateResourceTable): Slot 4 is out of range for a resource table of size 4",
    );
    edited(
        "error_unknown_table",
        "update of a table the trace never created",
        |t| {
            let start = t.find("UpdateResourceTable(").unwrap();
            let id = t[start..].find("PointerId(").unwrap() + start + "PointerId(".len();
            let end = t[id..].find(')').unwrap() + id;
            format!("{}12345{}", &t[..id], &t[end..])
        },
        "action #3 (UpdateResourceTable): unknown ResourceTable PointerId(12345) (the trace never creates it)",
    );
}

/// `set_resource_usage` on a command encoder and in a compute pass, in command order.
fn usage_calls() {
    let (device, queue, dir) = traced_device("usage_calls", wgpu::Features::SAMPLING_RESOURCE_TABLE);
    let table = device.create_resource_table(&wgpu::ResourceTableDescriptor {
        label: Some("scene"),
        size: 8,
    });
    let target = texture_2d(
        &device,
        wgpu::TextureFormat::R32Uint,
        1,
        1,
        wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::RENDER_ATTACHMENT,
    );
    let material = value_texture(&device, &queue, 31, false);
    assert_eq!(table.insert(wgpu::BindingResource::TextureView(&view(&target))), Ok(0));
    assert_eq!(
        table.insert(wgpu::BindingResource::TextureView(&view(&material))),
        Ok(1)
    );
    let pipeline = compute_pipeline(&device, READ_SLOTS);
    let labels = ["between the calls", "after the calls", "after the pass's call"];
    let outs = labels.map(|label| result_buffer(&device, label, 8));
    let groups = outs
        .each_ref()
        .map(|out| group_0(&device, &pipeline, vec![out.as_entire_binding()]));
    let mut encoder = device.create_command_encoder(&Default::default());
    encoder.set_resource_usage(&table, &target, wgpu::ResourceTableUsage::None);
    drop(hal_ext::harness::clear_pass(
        &mut encoder,
        &view(&target),
        wgpu::Color {
            r: 7.0,
            g: 0.0,
            b: 0.0,
            a: 0.0,
        },
    ));
    for (i, group) in groups.iter().enumerate() {
        if i == 1 {
            encoder.set_resource_usage(&table, &target, wgpu::ResourceTableUsage::ReadOnly);
        }
        let mut pass = encoder.begin_compute_pass(&Default::default());
        pass.set_pipeline(&pipeline);
        pass.set_resource_table(Some(&table));
        if i == 2 {
            pass.set_bind_group(0, &groups[1], &[]);
            pass.dispatch_workgroups(1, 1, 1);
            pass.set_resource_usage(&table, &target, wgpu::ResourceTableUsage::None);
        }
        pass.set_bind_group(0, group, &[]);
        pass.dispatch_workgroups(1, 1, 1);
    }
    queue.submit([encoder.finish()]);
    write_expect(
        &dir,
        Expect {
            about: "set_resource_usage on a command encoder (None around a render pass, ReadOnly after it) and \
                    in a compute pass (None between two dispatches), in command order"
                .into(),
            error: None,
            checks: vec![
                check("between the calls", Expected::U32(vec![0, 1031, 0, 0, 0, 0, 0, 0])),
                check("after the calls", Expected::U32(vec![1007, 1031, 0, 0, 0, 0, 0, 0])),
                check("after the pass's call", Expected::U32(vec![0, 1031, 0, 0, 0, 0, 0, 0])),
            ],
        },
    );
}

#[test]
#[ignore = "writes player/tests/cases/usage_calls"]
fn record_usage_calls_case() {
    usage_calls();
}

#[test]
#[ignore = "writes player/tests/cases; run by hand after changing the trace format"]
fn record_regression_cases() {
    table_calls();
    pin_transitions();
    slot_reuse();
    render_and_bundle();
    pass_table();
    storage_buffer();
    usage_calls();
    upstream_trace();
    error_cases();
}
