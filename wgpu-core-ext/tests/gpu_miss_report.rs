//! The miss report (`InstanceFlags::RESOURCE_TABLE_DIAGNOSTICS`) on Vulkan, validation layer
//! on: programs whose shaders read defaults get one warning per call site, table and slot
//! once the queue is idle, in words that name the call, the slot, what it holds and why the
//! call's type does not read it. Without the flag the same programs read the same values and
//! nothing is said.

use hal_ext::harness::{group_0, words, write_texel, GpuContext};
use wgpu::ResourceTableDescriptor;

const DIAGNOSTICS: wgpu::InstanceFlags = wgpu::InstanceFlags::RESOURCE_TABLE_DIAGNOSTICS;

fn gpu(flags: wgpu::InstanceFlags) -> GpuContext {
    GpuContext::with_instance_flags(flags, wgpu::Features::SAMPLING_RESOURCE_TABLE)
}

/// A compute pipeline of `wgsl` from a module labelled `label`.
fn pipeline(gpu: &GpuContext, label: &str, wgsl: &str) -> wgpu::ComputePipeline {
    let module = gpu.device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some(label),
        source: wgpu::ShaderSource::Wgsl(wgsl.into()),
    });
    gpu.device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: Some(label),
        layout: None,
        module: &module,
        entry_point: Some("main"),
        compilation_options: Default::default(),
        cache: None,
    })
}

/// Submits one compute pass that dispatches `pipeline` (`invocations` workgroups of one)
/// through `table`, with a new `out` of `words_out` words at group 0; returns `out`, without
/// waiting.
fn submit_dispatch(
    device: &wgpu::Device,
    queue: &wgpu::Queue,
    table: &wgpu::ResourceTable,
    pipeline: &wgpu::ComputePipeline,
    invocations: u32,
    words_out: u64,
) -> wgpu::Buffer {
    let out = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("out"),
        size: 4 * words_out,
        usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
        mapped_at_creation: false,
    });
    let group = group_0(device, pipeline, vec![out.as_entire_binding()]);
    let mut encoder = device.create_command_encoder(&Default::default());
    {
        let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
            label: Some("cull"),
            timestamp_writes: None,
        });
        pass.set_resource_table(Some(table));
        pass.set_pipeline(pipeline);
        pass.set_bind_group(0, &group, &[]);
        pass.dispatch_workgroups(invocations, 1, 1);
    }
    queue.submit([encoder.finish()]);
    out
}

/// [`submit_dispatch`], then what it wrote to `out`.
fn run(
    gpu: &GpuContext,
    table: &wgpu::ResourceTable,
    pipeline: &wgpu::ComputePipeline,
    invocations: u32,
    words_out: u64,
) -> Vec<u32> {
    let out = submit_dispatch(&gpu.device, &gpu.queue, table, pipeline, invocations, words_out);
    words(&gpu.read_buffer(&out))
}

fn rgba8_texture(gpu: &GpuContext, label: &str, texel: u32) -> wgpu::Texture {
    let texture = gpu.device.create_texture(&wgpu::TextureDescriptor {
        label: Some(label),
        size: wgpu::Extent3d::default(),
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: wgpu::TextureFormat::Rgba8Unorm,
        usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
        view_formats: &[],
    });
    write_texel(&gpu.queue, &texture, texel);
    texture
}

const WRONG_TYPE: &str = "enable resource_table;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(1) fn main(@builtin(workgroup_id) id: vec3<u32>) {
    let right = textureLoad(getResource<texture_2d<f32>>(2), vec2(0), 0);
    let wrong = textureLoad(getResource<texture_2d<u32>>(2), vec2(0), 0);
    if id.x == 0u {
        out[0] = u32(right.r * 255.0);
        out[1] = wrong.r + 7u;
    }
}";

/// An `Rgba8Unorm` texture read as `texture_2d<u32>` by 1,000 invocations: the default
/// (zeros), one warning. The same call site reading the right type says nothing.
#[test]
fn gpu_a_texture_read_as_the_wrong_type_is_reported_once() {
    for flags in [wgpu::InstanceFlags::empty(), DIAGNOSTICS] {
        let gpu = gpu(flags);
        let table = gpu.device.create_resource_table(&ResourceTableDescriptor {
            label: Some("materials"),
            size: 8,
        });
        let albedo = rgba8_texture(&gpu, "albedo", 0xff00_0080);
        let view = albedo.create_view(&Default::default());
        table.update(2, wgpu::BindingResource::TextureView(&view)).unwrap();
        let cull = pipeline(&gpu, "cull", WRONG_TYPE);
        // The right type reads the texel; the wrong one the default, zero.
        assert_eq!(run(&gpu, &table, &cull, 1000, 2), [128, 7]);
        let told = gpu.take_table_warnings();
        if flags.is_empty() {
            assert_eq!(told, Vec::<String>::new());
        } else {
            assert_eq!(
                told,
                [
                    "getResource<texture_2d<u32>>(2) in shader 'cull' (line 5, column 29, fn main) \
                  read the default of table 'materials': slot 2 holds texture 'albedo' \
                  (Rgba8Unorm, D2, usage ReadOnly), which reads as `texture_2d<f32>`, not as \
                  `texture_2d<u32>`: the type must match the view"
                ]
            );
        }
        // Once per device: the same miss again says nothing.
        assert_eq!(run(&gpu, &table, &cull, 10, 2), [128, 7]);
        assert_eq!(gpu.take_table_warnings(), Vec::<String>::new());
    }
}

/// The pinning model without `pin()`: every cell reads the default, and the report says why.
#[test]
fn gpu_a_forgotten_pin_is_reported() {
    let gpu = gpu(DIAGNOSTICS);
    let table = gpu.device.create_pinned_resource_table(&ResourceTableDescriptor {
        label: Some("cells"),
        size: 16,
    });
    let cell = rgba8_texture(&gpu, "cell", 0xff00_00ff);
    let view = cell.create_view(&Default::default());
    table.update(9, wgpu::BindingResource::TextureView(&view)).unwrap();
    let grid = pipeline(
        &gpu,
        "grid",
        "enable resource_table;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(1) fn main(@builtin(workgroup_id) id: vec3<u32>) {
    out[id.x] = u32(textureLoad(getResource<texture_2d<f32>>(9u), vec2(0), 0).r * 255.0) + 1u;
}",
    );
    assert_eq!(run(&gpu, &table, &grid, 4, 4), [1, 1, 1, 1]);
    assert_eq!(
        gpu.take_table_warnings(),
        [
            "getResource<texture_2d<f32>>(9) in shader 'grid' (line 4, column 33, fn main) read \
          the default of table 'cells': slot 9 holds texture 'cell' (Rgba8Unorm, D2, not \
          pinned), which no type reads: it is not pinned (`pin` it: the table is of the \
          pinning model)"
        ]
    );
    // Pinned, it reads the texel; nothing more is said.
    cell.pin(wgpu::PinnedUsage::Sampled);
    assert_eq!(run(&gpu, &table, &grid, 4, 4), [256; 4]);
    assert_eq!(gpu.take_table_warnings(), Vec::<String>::new());
}

/// A texture whose last handle the program dropped while a table holds it keeps rendering;
/// the flag says so when it is dropped (and nothing when the shader reads it: it is no miss).
#[test]
fn gpu_a_texture_dropped_while_held_is_reported_and_keeps_its_slot() {
    let gpu = gpu(DIAGNOSTICS);
    let table = gpu.device.create_resource_table(&ResourceTableDescriptor {
        label: Some("materials"),
        size: 8,
    });
    let albedo = rgba8_texture(&gpu, "albedo", 0xff00_0040);
    table
        .update(
            3,
            wgpu::BindingResource::TextureView(&albedo.create_view(&Default::default())),
        )
        .unwrap();
    gpu.wait();
    drop(albedo);
    assert_eq!(
        gpu.take_table_warnings(),
        [
            "texture 'albedo' was dropped, but table 'materials' holds it in slot 3: shaders \
          keep reading it until its slots are removed or the table is destroyed"
        ]
    );
    let read = pipeline(
        &gpu,
        "read",
        "enable resource_table;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(1) fn main() {
    out[0] = u32(textureLoad(getResource<texture_2d<f32>>(3), vec2(0), 0).r * 255.0);
}",
    );
    assert_eq!(run(&gpu, &table, &read, 1, 1), [64]);
    assert_eq!(gpu.take_table_warnings(), Vec::<String>::new());
}

/// 100 invocations read 100 different slots (8 in range, all empty): the ring keeps 64
/// distinct (slot, site) pairs and counts the rest; pairs whose bit another pair set first
/// are not counted (the CPU model of the hash, `miss::seen_bit`, says how many). The same
/// dispatch again reports the rest, once: the pairs told already keep their bits.
#[test]
fn gpu_misses_past_the_ring_are_counted() {
    let gpu = gpu(DIAGNOSTICS);
    let table = gpu
        .device
        .create_resource_table(&ResourceTableDescriptor { label: None, size: 8 });
    let probe = pipeline(
        &gpu,
        "probe",
        "enable resource_table;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(1) fn main(@builtin(workgroup_id) id: vec3<u32>) {
    out[id.x] = textureLoad(getResource<texture_2d<u32>>(id.x), vec2(0), 0).x;
}",
    );
    assert_eq!(run(&gpu, &table, &probe, 100, 100), [0; 100]);
    let told = gpu.take_table_warnings();
    // The first call site of the device is site 0.
    let mut bits = (0..100)
        .map(|slot| naga::resource_table::miss::seen_bit(slot, 0))
        .collect::<Vec<_>>();
    bits.sort();
    bits.dedup();
    let distinct = bits.len();
    assert!(distinct > 64, "{distinct}");
    assert_eq!(told.len(), 65, "{told:#?}");
    let (slots, overflow) = told.split_at(64);
    for line in slots {
        let slot: u32 = line
            .strip_prefix("getResource<texture_2d<u32>>(")
            .and_then(|rest| rest.split_once(')'))
            .and_then(|(slot, _)| slot.parse().ok())
            .unwrap_or_else(|| panic!("{line}"));
        let why = if slot < 8 {
            format!("slot {slot} is empty: `texture_2d<u32>` reads the default")
        } else {
            format!("slot {slot} is outside the table, which has 8 slots")
        };
        assert_eq!(
            line,
            &format!(
                "getResource<texture_2d<u32>>({slot}) in shader 'probe' (line 4, column 29, fn \
                 main) read the default of table (no label): {why}"
            )
        );
    }
    assert_eq!(
        overflow,
        [format!(
            "table (no label): {} more call sites and slots read defaults, which the miss \
             report did not keep (it keeps 64 until the queue has no work in flight; they come \
             in a later report if they read defaults again)",
            distinct - 64
        )]
    );
    let slot_of = |line: &String| -> u32 {
        line.strip_prefix("getResource<texture_2d<u32>>(")
            .and_then(|rest| rest.split_once(')'))
            .and_then(|(slot, _)| slot.parse().ok())
            .unwrap_or_else(|| panic!("{line}"))
    };
    let first: std::collections::BTreeSet<u32> = slots.iter().map(slot_of).collect();
    assert_eq!(run(&gpu, &table, &probe, 100, 100), [0; 100]);
    let second = gpu.take_table_warnings();
    assert_eq!(second.len(), distinct - 64, "{second:#?}");
    assert!(second.iter().all(|line| !first.contains(&slot_of(line))), "{second:#?}");
    assert_eq!(run(&gpu, &table, &probe, 100, 100), [0; 100]);
    assert_eq!(gpu.take_table_warnings(), Vec::<String>::new());
}

/// A render pass: the fragment stage's miss is reported; the vertex stage reads the same slot
/// as the same wrong type and records nothing unless the device has
/// `VERTEX_WRITABLE_STORAGE` (Vulkan lets vertex shaders write storage buffers only with
/// `vertexPipelineStoresAndAtomics`).
#[test]
fn gpu_a_fragment_shader_miss_is_reported_and_the_vertex_stage_only_with_vertex_stores() {
    for vertex_stores in [false, true] {
        let features = wgpu::Features::SAMPLING_RESOURCE_TABLE
            | match vertex_stores {
                true => wgpu::Features::VERTEX_WRITABLE_STORAGE,
                false => wgpu::Features::empty(),
            };
        render_miss(GpuContext::with_instance_flags(DIAGNOSTICS, features), vertex_stores);
    }
}

fn render_miss(gpu: GpuContext, vertex_stores: bool) {
    // What the device before said as its resources went.
    gpu.take_table_warnings();
    let table = gpu.device.create_resource_table(&ResourceTableDescriptor {
        label: Some("materials"),
        size: 4,
    });
    let albedo = rgba8_texture(&gpu, "albedo", 0xff00_0080);
    table
        .update(
            1,
            wgpu::BindingResource::TextureView(&albedo.create_view(&Default::default())),
        )
        .unwrap();
    let module = gpu.device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some("material"),
        source: wgpu::ShaderSource::Wgsl(
            "enable resource_table;
@vertex fn vs(@builtin(vertex_index) v: u32) -> @builtin(position) vec4<f32> {
    let zero = f32(textureDimensions(getResource<texture_2d<u32>>(1)).x);
    let p = array(vec2(-1.0, -1.0), vec2(3.0, -1.0), vec2(-1.0, 3.0))[v];
    return vec4(p, zero, 1.0);
}
@fragment fn fs() -> @location(0) vec4<u32> {
    return textureLoad(getResource<texture_2d<u32>>(1), vec2(0), 0) + vec4(5u);
}"
            .into(),
        ),
    });
    let format = wgpu::TextureFormat::R32Uint;
    let draw = hal_ext::harness::render_pipeline(&gpu.device, &module, None, format);
    let target = hal_ext::harness::texture_2d(
        &gpu.device,
        format,
        1,
        1,
        wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
    );
    let view = target.create_view(&Default::default());
    let mut encoder = gpu.device.create_command_encoder(&Default::default());
    {
        let mut pass = hal_ext::harness::clear_pass_with_table(&mut encoder, &view, wgpu::Color::BLACK, &table);
        pass.set_pipeline(&draw);
        pass.draw(0..3, 0..1);
    }
    gpu.queue.submit([encoder.finish()]);
    assert_eq!(words(&gpu.read_texture(&target)), [5]);
    let line = |place: &str| {
        format!(
            "getResource<texture_2d<u32>>(1) in shader 'material' ({place}) read the default of \
             table 'materials': slot 1 holds texture 'albedo' (Rgba8Unorm, D2, usage ReadOnly), \
             which reads as `texture_2d<f32>`, not as `texture_2d<u32>`: the type must match \
             the view"
        )
    };
    let mut expected = vec![line("line 8, column 24, fn fs")];
    if vertex_stores {
        expected.insert(0, line("line 3, column 38, fn vs"));
    }
    assert_eq!(gpu.take_table_warnings(), expected);
}

/// Two tables, one pipeline, three command buffers in one submission: the call that hits in
/// one table and misses in the other is reported for that table only; after `remove`, the
/// table that held the texture misses too, and says why.
#[test]
fn gpu_one_call_site_is_reported_per_table() {
    let gpu = gpu(DIAGNOSTICS);
    let lit = gpu.device.create_resource_table(&ResourceTableDescriptor {
        label: Some("lit"),
        size: 4,
    });
    let unlit = gpu.device.create_resource_table(&ResourceTableDescriptor {
        label: Some("unlit"),
        size: 4,
    });
    let albedo = rgba8_texture(&gpu, "albedo", 0xff00_0010);
    let view = albedo.create_view(&Default::default());
    lit.update(1, wgpu::BindingResource::TextureView(&view)).unwrap();
    let shade = pipeline(
        &gpu,
        "shade",
        "enable resource_table;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(1) fn main(@builtin(workgroup_id) id: vec3<u32>) {
    out[id.x] = u32(textureLoad(getResource<texture_2d<f32>>(1), vec2(0), 0).r * 255.0);
}",
    );
    let out = gpu.device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("out"),
        size: 12,
        usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
        mapped_at_creation: false,
    });
    let group = group_0(&gpu.device, &shade, vec![out.as_entire_binding()]);
    // Command buffer k dispatches k + 1 invocations through `table`.
    let record = |table: &wgpu::ResourceTable, k: u32| {
        let mut encoder = gpu.device.create_command_encoder(&Default::default());
        {
            let mut pass = encoder.begin_compute_pass(&Default::default());
            pass.set_resource_table(Some(table));
            pass.set_pipeline(&shade);
            pass.set_bind_group(0, &group, &[]);
            pass.dispatch_workgroups(k + 1, 1, 1);
        }
        encoder.finish()
    };
    gpu.queue.submit([record(&lit, 0), record(&unlit, 1), record(&lit, 2)]);
    // Command buffer k writes out[0..=k]: the third, through lit, writes all three last.
    assert_eq!(words(&gpu.read_buffer(&out)), [16, 16, 16]);
    assert_eq!(
        gpu.take_table_warnings(),
        [
            "getResource<texture_2d<f32>>(1) in shader 'shade' (line 4, column 33, fn main) read \
          the default of table 'unlit': slot 1 is empty: `texture_2d<f32>` reads the default"
        ]
    );
    // Removed from lit: the slot waits for the submissions that could read it, and lit's
    // dispatch reads the default.
    lit.remove(1).unwrap();
    gpu.queue.submit([record(&lit, 0)]);
    assert_eq!(words(&gpu.read_buffer(&out))[0], 0);
    assert_eq!(
        gpu.take_table_warnings(),
        [
            "getResource<texture_2d<f32>>(1) in shader 'shade' (line 4, column 33, fn main) read \
          the default of table 'lit': slot 1 is empty: `texture_2d<f32>` reads the default"
        ]
    );
}

/// A storage buffer smaller than the struct the shader reads it as (heterogeneous table).
#[test]
fn gpu_a_buffer_smaller_than_its_struct_is_reported() {
    let gpu = GpuContext::with_instance_flags(DIAGNOSTICS, wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE);
    let table = gpu.device.create_resource_table(&ResourceTableDescriptor {
        label: Some("particles"),
        size: 4,
    });
    let small = hal_ext::harness::buffer_of_words(&gpu.device, &gpu.queue, &[7; 4], wgpu::BufferUsages::STORAGE);
    table.update(0, small.as_entire_binding()).unwrap();
    let read = pipeline(
        &gpu,
        "read",
        "enable resource_table;
struct Big { v: array<vec4<u32>, 4> }
struct Small { v: vec4<u32> }
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(1) fn main() {
    out[0] = (*getResource<ptr<storage, Small, read>>(0)).v.x;
    out[1] = (*getResource<ptr<storage, Big, read>>(0)).v[0].x + 1u;
}",
    );
    assert_eq!(run(&gpu, &table, &read, 1, 2), [7, 1]);
    assert_eq!(
        gpu.take_table_warnings(),
        [
            "getResource<ptr<storage, Big, read>>(0) in shader 'read' (line 7, column 16, fn main) \
          read the default of table 'particles': slot 0 holds buffer 'test data' (bytes 0..16), \
          16 bytes, fewer than the 64 that `ptr<storage, Big, read>` reads (WebGPU's minimum \
          binding size; a runtime-sized array counts one element)"
        ]
    );
}

/// A table dropped (or destroyed) before the queue was idle is still reported, and the
/// report says the table is gone.
#[test]
fn gpu_a_table_dropped_before_the_report_is_still_reported() {
    let gpu = gpu(DIAGNOSTICS);
    let probe = pipeline(&gpu, "cull", WRONG_TYPE);
    for destroy in [false, true] {
        let table = gpu.device.create_resource_table(&ResourceTableDescriptor {
            label: Some("frame"),
            size: 4,
        });
        submit_dispatch(&gpu.device, &gpu.queue, &table, &probe, 1, 2);
        if destroy {
            table.destroy();
        }
        drop(table);
        let told = gpu.take_table_warnings();
        let line = |ty: &str, line: u32| {
            format!(
                "getResource<{ty}>(2) in shader 'cull' (line {line}, column 29, fn main) read \
                 the default of table 'frame': the table has since been dropped or destroyed"
            )
        };
        assert_eq!(
            told,
            [line("texture_2d<f32>", 4), line("texture_2d<u32>", 5)],
            "destroy: {destroy}"
        );
    }
}

/// A program that never waits for the device hears of its misses at a later `submit` that
/// finds the queue idle.
#[test]
fn gpu_a_later_submit_reports_without_a_poll() {
    let gpu = gpu(DIAGNOSTICS);
    let table = gpu.device.create_resource_table(&ResourceTableDescriptor {
        label: Some("materials"),
        size: 8,
    });
    let albedo = rgba8_texture(&gpu, "albedo", 0xff00_0080);
    let view = albedo.create_view(&Default::default());
    table.update(2, wgpu::BindingResource::TextureView(&view)).unwrap();
    let cull = pipeline(&gpu, "cull", WRONG_TYPE);
    submit_dispatch(&gpu.device, &gpu.queue, &table, &cull, 1, 2);
    // Empty submissions until one finds the queue idle (each one is work in flight too, for
    // a moment); no poll.
    let log = hal_ext::harness::ValidationLog::install();
    let mut told = Vec::new();
    for _ in 0..500 {
        std::thread::sleep(std::time::Duration::from_millis(10));
        gpu.queue.submit([]);
        told = log.take_table_warnings();
        if !told.is_empty() {
            break;
        }
    }
    assert_eq!(
        told,
        [
            "getResource<texture_2d<u32>>(2) in shader 'cull' (line 5, column 29, fn main) \
          read the default of table 'materials': slot 2 holds texture 'albedo' \
          (Rgba8Unorm, D2, usage ReadOnly), which reads as `texture_2d<f32>`, not as \
          `texture_2d<u32>`: the type must match the view"
        ]
    );
}

/// A program that never polls hears of its misses when it drops its queue (the queue waits
/// for its work, and the report reads the rings a last time before letting them go: they
/// hold the device).
#[test]
fn gpu_dropping_the_queue_reports_what_no_poll_did() {
    let log = hal_ext::harness::ValidationLog::install();
    let mut desc = wgpu::InstanceDescriptor::new_without_display_handle();
    desc.backends = wgpu::Backends::VULKAN;
    desc.flags = wgpu::InstanceFlags::VALIDATION | wgpu::InstanceFlags::DEBUG | DIAGNOSTICS;
    let instance = wgpu::Instance::new(desc);
    let adapter = pollster::block_on(instance.request_adapter(&Default::default())).expect("a Vulkan adapter");
    let (device, queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
        required_features: wgpu::Features::SAMPLING_RESOURCE_TABLE,
        ..Default::default()
    }))
    .expect("a device with tables");
    let table = device.create_resource_table(&ResourceTableDescriptor {
        label: Some("last"),
        size: 4,
    });
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some("cull"),
        source: wgpu::ShaderSource::Wgsl(WRONG_TYPE.into()),
    });
    let cull = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: None,
        layout: None,
        module: &module,
        entry_point: Some("main"),
        compilation_options: Default::default(),
        cache: None,
    });
    let out = submit_dispatch(&device, &queue, &table, &cull, 1, 2);
    log.take_table_warnings();
    drop(queue);
    let line = |ty: &str, line: u32| {
        format!(
            "getResource<{ty}>(2) in shader 'cull' (line {line}, column 29, fn main) read the \
             default of table 'last': slot 2 is empty: `{ty}` reads the default"
        )
    };
    assert_eq!(
        log.take_table_warnings(),
        [line("texture_2d<f32>", 4), line("texture_2d<u32>", 5)]
    );
    // The table outlives the device and queue; everything goes without a layer message.
    drop((device, out, cull, module));
    drop(table);
    drop((adapter, instance));
    assert_eq!(log.take(), Vec::<String>::new(), "validation-layer messages");
}

/// The automatic model hides a texture in a dispatch that writes it through a bind group: the
/// table's read in that dispatch takes the default and is reported; the report says the slot
/// reads as the type now, and that it did not where the call ran. The next dispatch, which
/// does not write it, reads what the first wrote.
#[test]
fn gpu_a_texture_hidden_in_the_dispatch_that_writes_it_is_reported() {
    let gpu = gpu(DIAGNOSTICS);
    let table = gpu.device.create_resource_table(&ResourceTableDescriptor {
        label: Some("scene"),
        size: 4,
    });
    let target = gpu.device.create_texture(&wgpu::TextureDescriptor {
        label: Some("target"),
        size: wgpu::Extent3d::default(),
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: wgpu::TextureFormat::Rgba8Unorm,
        usage: wgpu::TextureUsages::TEXTURE_BINDING
            | wgpu::TextureUsages::STORAGE_BINDING
            | wgpu::TextureUsages::COPY_DST,
        view_formats: &[],
    });
    write_texel(&gpu.queue, &target, 0xff00_0020);
    let view = target.create_view(&Default::default());
    table.update(0, wgpu::BindingResource::TextureView(&view)).unwrap();
    let writes = pipeline(
        &gpu,
        "writes",
        "enable resource_table;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@group(0) @binding(1) var image: texture_storage_2d<rgba8unorm, write>;
@compute @workgroup_size(1) fn main() {
    out[0] = u32(textureLoad(getResource<texture_2d<f32>>(0), vec2(0), 0).r * 255.0) + 1u;
    textureStore(image, vec2(0), vec4(1.0, 0.0, 0.0, 1.0));
}",
    );
    let reads = pipeline(
        &gpu,
        "reads",
        "enable resource_table;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(1) fn main() {
    out[0] = u32(textureLoad(getResource<texture_2d<f32>>(0), vec2(0), 0).r * 255.0) + 1u;
}",
    );
    let out = gpu.device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("out"),
        size: 8,
        usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
        mapped_at_creation: false,
    });
    let written = group_0(
        &gpu.device,
        &writes,
        vec![out.as_entire_binding(), wgpu::BindingResource::TextureView(&view)],
    );
    let mut encoder = gpu.device.create_command_encoder(&Default::default());
    {
        let mut pass = encoder.begin_compute_pass(&Default::default());
        pass.set_resource_table(Some(&table));
        pass.set_pipeline(&writes);
        pass.set_bind_group(0, &written, &[]);
        pass.dispatch_workgroups(1, 1, 1);
    }
    gpu.queue.submit([encoder.finish()]);
    // Hidden in the dispatch that writes it: the default, 0.
    assert_eq!(words(&gpu.read_buffer(&out))[0], 1);
    assert_eq!(
        gpu.take_table_warnings(),
        [
            "getResource<texture_2d<f32>>(0) in shader 'writes' (line 5, column 30, fn main) read \
          the default of table 'scene': slot 0 holds texture 'target' (Rgba8Unorm, D2, usage \
          ReadOnly), which `texture_2d<f32>` reads (except in a dispatch or render pass that \
          writes it); it did not where the call ran (a dispatch or render pass that writes it \
          hides it), or the slot changed since"
        ]
    );
    // Visible again in a dispatch that only reads it: what the first wrote, red 1.0.
    assert_eq!(run(&gpu, &table, &reads, 1, 2), [256, 0]);
    assert_eq!(gpu.take_table_warnings(), Vec::<String>::new());
}
