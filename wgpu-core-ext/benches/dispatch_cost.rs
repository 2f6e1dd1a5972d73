//! CPU cost of 1,000 dispatches that can reach N textures: a bind group holding a binding
//! array of N views (upstream's way) against a resource table of N slots.
//!
//! `cargo bench -p wgpu-core-ext --bench dispatch_cost [-- --sizes 1000,10000 --runs 5
//! --backend noop|vulkan]`
//!
//! Each measurement is encode (pass, set pipeline, set group or table, 1,000 dispatches) +
//! finish + submit + poll, best of `--runs`. On wgpu's noop backend (the default), which
//! performs all of wgpu-core's validation and tracking and nothing on a GPU, the numbers are
//! the CPU cost of the API itself; on Vulkan they include the driver and the GPU's work
//! (1,000 one-invocation dispatches). Sizes above the adapter's limits are left out.

use std::time::{Duration, Instant};

const DISPATCHES: u32 = 1000;

fn adapter(backends: wgpu::Backends) -> wgpu::Adapter {
    let mut desc = wgpu::InstanceDescriptor::new_without_display_handle();
    desc.backends = backends;
    desc.backend_options.noop = wgpu::NoopBackendOptions::enabled();
    desc.flags = wgpu::InstanceFlags::empty();
    let instance = wgpu::Instance::new(desc);
    pollster::block_on(instance.request_adapter(&Default::default()))
        .expect("an adapter of the backend")
}

/// A device that can hold `max` textures in a binding array or a table, if the adapter can.
fn device(backends: wgpu::Backends, max: u32, table: bool) -> Option<(wgpu::Device, wgpu::Queue)> {
    let adapter = adapter(backends);
    let limits = adapter.limits();
    let fits = if table {
        max <= adapter.max_resource_table_size()
    } else {
        max <= limits.max_binding_array_elements_per_shader_stage
            && max <= limits.max_sampled_textures_per_shader_stage
    };
    if !fits {
        return None;
    }
    let mut required = wgpu::Limits::default();
    if !table {
        required.max_binding_array_elements_per_shader_stage = max;
        required.max_sampled_textures_per_shader_stage =
            max.max(required.max_sampled_textures_per_shader_stage);
    }
    pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
        required_features: if table {
            wgpu::Features::SAMPLING_RESOURCE_TABLE
        } else {
            wgpu::Features::TEXTURE_BINDING_ARRAY
                | wgpu::Features::SAMPLED_TEXTURE_AND_STORAGE_BUFFER_ARRAY_NON_UNIFORM_INDEXING
        },
        required_limits: required,
        ..Default::default()
    }))
    .ok()
}

fn view(device: &wgpu::Device) -> wgpu::TextureView {
    let texture = hal_ext::harness::texture_2d(
        device,
        wgpu::TextureFormat::Rgba8Unorm,
        1,
        1,
        wgpu::TextureUsages::TEXTURE_BINDING,
    );
    // Tables see pinned textures only (and pinning changes nothing for binding arrays).
    if device
        .features()
        .contains(wgpu::Features::SAMPLING_RESOURCE_TABLE)
    {
        texture.pin(wgpu::PinnedUsage::Sampled);
    }
    texture.create_view(&Default::default())
}

fn pipeline(
    device: &wgpu::Device,
    source: &str,
    layout: Option<&wgpu::PipelineLayout>,
) -> wgpu::ComputePipeline {
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: None,
        source: wgpu::ShaderSource::Wgsl(source.into()),
    });
    device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: None,
        layout,
        module: &module,
        entry_point: Some("main"),
        compilation_options: Default::default(),
        cache: None,
    })
}

/// Best time of `runs` for one encoder with 1,000 dispatches, submitted and waited for.
fn measure(
    device: &wgpu::Device,
    queue: &wgpu::Queue,
    runs: usize,
    set: &dyn Fn(&mut wgpu::ComputePass<'_>),
) -> Duration {
    (0..runs)
        .map(|_| {
            let start = Instant::now();
            let mut encoder = device.create_command_encoder(&Default::default());
            {
                let mut pass = encoder.begin_compute_pass(&Default::default());
                set(&mut pass);
                for _ in 0..DISPATCHES {
                    pass.dispatch_workgroups(1, 1, 1);
                }
            }
            queue.submit([encoder.finish()]);
            device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
            start.elapsed()
        })
        .min()
        .unwrap()
}

fn binding_array(backends: wgpu::Backends, size: u32, runs: usize) -> Option<Duration> {
    let (device, queue) = device(backends, size.max(1), false)?;
    let view = view(&device);
    let bgl = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
        label: None,
        entries: &[wgpu::BindGroupLayoutEntry {
            binding: 0,
            visibility: wgpu::ShaderStages::COMPUTE,
            ty: wgpu::BindingType::Texture {
                sample_type: wgpu::TextureSampleType::Float { filterable: true },
                view_dimension: wgpu::TextureViewDimension::D2,
                multisampled: false,
            },
            count: std::num::NonZeroU32::new(size),
        }],
    });
    let layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
        label: None,
        bind_group_layouts: &[Some(&bgl)],
        immediate_size: 0,
    });
    let pipeline = pipeline(
        &device,
        &format!(
            "enable wgpu_binding_array;
             @group(0) @binding(0) var textures: binding_array<texture_2d<f32>, {size}>;
             @compute @workgroup_size(1) fn main() {{ _ = textureLoad(textures[0], vec2(0), 0); }}"
        ),
        Some(&layout),
    );
    let views: Vec<&wgpu::TextureView> = vec![&view; size as usize];
    let group = device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: None,
        layout: &bgl,
        entries: &[wgpu::BindGroupEntry {
            binding: 0,
            resource: wgpu::BindingResource::TextureViewArray(&views),
        }],
    });
    Some(measure(&device, &queue, runs, &|pass| {
        pass.set_pipeline(&pipeline);
        pass.set_bind_group(0, &group, &[]);
    }))
}

fn resource_table(backends: wgpu::Backends, size: u32, runs: usize) -> Option<Duration> {
    let (device, queue) = device(backends, size, true)?;
    let view = view(&device);
    let pipeline = pipeline(
        &device,
        "enable resource_table;
         @compute @workgroup_size(1) fn main() { _ = textureLoad(getResource<texture_2d<f32>>(0u), vec2(0), 0); }",
        None,
    );
    let table = device.create_resource_table(&wgpu::ResourceTableDescriptor { label: None, size });
    for _ in 0..size {
        table
            .insert_binding(wgpu::BindingResource::TextureView(&view))
            .unwrap();
    }
    Some(measure(&device, &queue, runs, &|pass| {
        pass.set_pipeline(&pipeline);
        pass.set_resource_table(Some(&table));
    }))
}

fn ms(d: Duration) -> String {
    format!("{:.3}", d.as_secs_f64() * 1e3)
}

#[path = "common/mod.rs"]
mod common;

#[derive(clap::Parser, Debug)]
struct Cli {
    #[command(flatten)]
    common: common::Common,
    /// `noop` (wgpu-core's work alone) or `vulkan`.
    #[arg(long, default_value = "noop")]
    backend: String,
}

fn main() {
    let cli = <Cli as clap::Parser>::parse();
    let sizes = cli.common.sizes.unwrap_or_else(|| vec![1_000, 10_000, 100_000, 1_000_000]);
    let runs = cli.common.runs.unwrap_or(5);
    let backends = match cli.backend.as_str() {
        "noop" => wgpu::Backends::NOOP,
        "vulkan" => wgpu::Backends::VULKAN,
        other => panic!("unknown backend {other:?}: noop or vulkan"),
    };
    let info = adapter(backends).get_info();

    println!(
        "Time per {DISPATCHES} dispatches (encode + finish + submit + poll), {} ({:?}), best of {runs}",
        info.name, info.backend
    );
    let baseline = binding_array(backends, 1, runs).expect("a 1-entry binding array");
    println!("baseline: 1-entry binding array: {} ms", ms(baseline));
    println!();
    println!("| slots | binding array (ms) | resource table (ms) | table / 1-entry array |");
    println!("| ---: | ---: | ---: | ---: |");
    for size in sizes {
        let array = binding_array(backends, size, runs);
        let table = resource_table(backends, size, runs);
        let ratio = table.map_or("—".into(), |t| {
            format!("{:.2}x", t.as_secs_f64() / baseline.as_secs_f64())
        });
        let cell = |d: Option<Duration>| d.map_or("— (over the limit)".into(), ms);
        println!("| {size} | {} | {} | {ratio} |", cell(array), cell(table));
    }
}
