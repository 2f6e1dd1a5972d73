//! What the miss report (`InstanceFlags::RESOURCE_TABLE_DIAGNOSTICS`) costs, off and on: the
//! CPU time of 1,000 dispatches and of 1,000 draws in a render pass through an automatic table
//! (encode + finish + submit + poll), and the time of one dispatch of 65,536 invocations that
//! each read 16 slots with `getResource`, all of them holding the type read (hits: the
//! rewritten shader's test alone) or none (misses: each invocation sets its `seen` bits too).
//! Off and on take turns, best of the runs of each turn.
//!
//! `cargo bench -p wgpu-core-ext --bench miss_report [-- --runs 5 --backend noop|vulkan]`
//! (noop: the CPU rows only.)

use std::time::{Duration, Instant};

#[path = "common/mod.rs"]
mod common;

const CALLS: u32 = 1000;
const FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba8Unorm;
const SLOTS: u32 = 1024;

#[derive(clap::Parser, Debug)]
struct Cli {
    #[command(flatten)]
    common: common::Common,
    #[command(flatten)]
    backend: common::Backend,
}

/// A device of an instance with or without the report, and the work's objects.
struct Setup {
    device: wgpu::Device,
    queue: wgpu::Queue,
    table: wgpu::ResourceTable,
    touch: wgpu::ComputePipeline,
    draw: wgpu::RenderPipeline,
    hits: wgpu::ComputePipeline,
    misses: wgpu::ComputePipeline,
    out: wgpu::Buffer,
    target: wgpu::TextureView,
}

const TOUCH: &str = "enable resource_table;
@compute @workgroup_size(1) fn main() { _ = textureLoad(getResource<texture_2d<f32>>(0u), vec2(0), 0); }
@vertex fn vs(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
    return vec4(f32(i & 1u), f32(i >> 1u), 0.0, 1.0);
}
@fragment fn fs() -> @location(0) vec4<f32> { return textureLoad(getResource<texture_2d<f32>>(0u), vec2(0), 0); }";

/// 16 reads per invocation of slots `(id + k) % 1024` as `T`.
fn reads(ty: &str) -> String {
    format!(
        "enable resource_table;
@group(0) @binding(0) var<storage, read_write> out: array<f32>;
@compute @workgroup_size(64) fn main(@builtin(global_invocation_id) id: vec3<u32>) {{
    var sum = 0.0;
    for (var k = 0u; k < 16u; k++) {{
        sum += f32(textureLoad(getResource<{ty}>((id.x + k * 61u) % {SLOTS}u), vec2(0), 0).x);
    }}
    out[id.x] = sum;
}}"
    )
}

impl Setup {
    fn new(backends: wgpu::Backends, report: bool) -> Self {
        let mut desc = wgpu::InstanceDescriptor::new_without_display_handle();
        desc.backends = backends;
        desc.backend_options.noop = wgpu::NoopBackendOptions::enabled();
        desc.flags = match report {
            true => wgpu::InstanceFlags::RESOURCE_TABLE_DIAGNOSTICS,
            false => wgpu::InstanceFlags::empty(),
        };
        let instance = wgpu::Instance::new(desc);
        let adapter =
            pollster::block_on(instance.request_adapter(&Default::default())).expect("an adapter of the backend");
        let (device, queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
            required_features: wgpu::Features::SAMPLING_RESOURCE_TABLE,
            ..Default::default()
        }))
        .expect("a device with tables");
        let table = device.create_resource_table(&wgpu::ResourceTableDescriptor {
            label: None,
            size: SLOTS,
        });
        let views = (0..SLOTS)
            .map(|_| {
                hal_ext::harness::texture_2d(&device, FORMAT, 1, 1, wgpu::TextureUsages::TEXTURE_BINDING)
                    .create_view(&Default::default())
            })
            .collect::<Vec<_>>();
        let bindings = views.iter().map(wgpu::BindingResource::TextureView).collect::<Vec<_>>();
        table.update_range(0, &bindings).expect("the table's slots");
        let module = |source: &str| {
            device.create_shader_module(wgpu::ShaderModuleDescriptor {
                label: None,
                source: wgpu::ShaderSource::Wgsl(source.into()),
            })
        };
        let compute = |module: &wgpu::ShaderModule| {
            device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                label: None,
                layout: None,
                module,
                entry_point: Some("main"),
                compilation_options: Default::default(),
                cache: None,
            })
        };
        let touch_module = module(TOUCH);
        let touch = compute(&touch_module);
        let draw = hal_ext::harness::render_pipeline(&device, &touch_module, None, FORMAT);
        let hits = compute(&module(&reads("texture_2d<f32>")));
        let misses = compute(&module(&reads("texture_2d<u32>")));
        let out = device.create_buffer(&wgpu::BufferDescriptor {
            label: None,
            size: 4 * 65_536,
            usage: wgpu::BufferUsages::STORAGE,
            mapped_at_creation: false,
        });
        let target = hal_ext::harness::texture_2d(&device, FORMAT, 1, 1, wgpu::TextureUsages::RENDER_ATTACHMENT)
            .create_view(&Default::default());
        Self {
            device,
            queue,
            table,
            touch,
            draw,
            hits,
            misses,
            out,
            target,
        }
    }

    /// The best time of `runs` runs of `encode` (encode + finish + submit + poll).
    fn measure(&self, runs: usize, encode: impl Fn(&mut wgpu::CommandEncoder)) -> Duration {
        (0..runs)
            .map(|_| {
                let start = Instant::now();
                let mut encoder = self.device.create_command_encoder(&Default::default());
                encode(&mut encoder);
                self.queue.submit([encoder.finish()]);
                self.device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
                start.elapsed()
            })
            .min()
            .unwrap_or(Duration::MAX)
    }

    fn dispatches(&self, runs: usize) -> Duration {
        self.measure(runs, |encoder| {
            let mut pass = encoder.begin_compute_pass(&Default::default());
            pass.set_resource_table(Some(&self.table));
            pass.set_pipeline(&self.touch);
            for _ in 0..CALLS {
                pass.dispatch_workgroups(1, 1, 1);
            }
        })
    }

    fn draws(&self, runs: usize) -> Duration {
        self.measure(runs, |encoder| {
            let mut pass =
                hal_ext::harness::clear_pass_with_table(encoder, &self.target, wgpu::Color::BLACK, &self.table);
            pass.set_pipeline(&self.draw);
            for _ in 0..CALLS {
                pass.draw(0..3, 0..1);
            }
        })
    }

    fn reads(&self, runs: usize, pipeline: &wgpu::ComputePipeline) -> Duration {
        let group = hal_ext::harness::group_0(&self.device, pipeline, vec![self.out.as_entire_binding()]);
        self.measure(runs, |encoder| {
            let mut pass = encoder.begin_compute_pass(&Default::default());
            pass.set_resource_table(Some(&self.table));
            pass.set_pipeline(pipeline);
            pass.set_bind_group(0, &group, &[]);
            pass.dispatch_workgroups(65_536 / 64, 1, 1);
        })
    }
}

fn ms(d: Duration) -> String {
    format!("{:.3}", d.as_secs_f64() * 1e3)
}

fn main() {
    let cli = <Cli as clap::Parser>::parse();
    let runs = cli.common.runs.unwrap_or(5);
    let backends = cli.backend.backends();
    let setups = [false, true].map(|report| Setup::new(backends, report));
    let info = common::adapter(backends).get_info();
    println!(
        "Time of each work with the miss report off and on, ms, best of {runs} runs in each of 10 turns taken \
         in alternation, {} ({:?})",
        info.name, info.backend
    );
    println!();
    println!("| work | report off | report on | on / off |");
    println!("| --- | ---: | ---: | ---: |");
    type Work = fn(&Setup, usize) -> Duration;
    let mut works: Vec<(&str, Work)> = vec![
        ("1,000 dispatches (CPU)", Setup::dispatches),
        ("1,000 draws in a render pass (CPU)", Setup::draws),
    ];
    if backends != wgpu::Backends::NOOP {
        works.push(("65,536 invocations × 16 `getResource`, all hits", |s, r| {
            s.reads(r, &s.hits)
        }));
        works.push(("65,536 invocations × 16 `getResource`, all misses", |s, r| {
            s.reads(r, &s.misses)
        }));
    }
    for (name, work) in works {
        let mut best = [Duration::MAX; 2];
        // One untimed turn each, then turns in alternation.
        for setup in &setups {
            work(setup, 1);
        }
        for _ in 0..10 {
            for (setup, best) in setups.iter().zip(&mut best) {
                *best = (*best).min(work(setup, runs));
            }
        }
        println!(
            "| {name} | {} | {} | {:.2}x |",
            ms(best[0]),
            ms(best[1]),
            best[1].as_secs_f64() / best[0].as_secs_f64()
        );
    }
}
