//! CPU cost of dispatches whose bind groups use members of an automatic table outside it:
//! 1,000 dispatches alternating two bind groups of 16 write-only storage textures each, of
//! which 0, 1 or 16 are also in a 65,536-slot automatic table (`ReadOnly`: each such
//! binding hides its slot from that dispatch), against the same dispatches and bind groups
//! with no table; and the same as 1,000 draws in one render pass (one usage scope, whose
//! hiding is decided once).
//!
//! `cargo bench -p wgpu-core-ext --bench conflict_cost [-- --runs 9 --backend noop|vulkan]`
//!
//! Alternating the groups changes what is hidden at every dispatch: the table case restores
//! the last dispatch's slots and hides this one's each time (two barriers and the copies),
//! its worst case; with one group bound throughout (the second row of each), the slots are
//! hidden once. The rows marked `None` first set the table's usage of every member to `None`
//! in the command buffer (the standard's remedy: no hiding, no restores). Each
//! measurement is encode + finish + submit + poll, the best of `--runs` runs and as many
//! more as fit in 0.3 s, baseline and table in turn.

use std::time::{Duration, Instant};

#[path = "common/mod.rs"]
mod common;

const CALLS: u32 = 1000;
const BINDINGS: u32 = 16;
const TABLE_SIZE: u32 = 65_536;

#[derive(clap::Parser, Debug)]
struct Cli {
    #[command(flatten)]
    common: common::Common,
    #[command(flatten)]
    backend: common::Backend,
}

/// One configuration: `members` of each group's 16 textures in the table (or no table).
struct Setup {
    device: wgpu::Device,
    queue: wgpu::Queue,
    pipeline: wgpu::ComputePipeline,
    render_pipeline: wgpu::RenderPipeline,
    target: wgpu::TextureView,
    groups: [wgpu::BindGroup; 2],
    table: Option<wgpu::ResourceTable>,
    /// The table's members among the groups' textures.
    members: Vec<wgpu::Texture>,
}

impl Setup {
    fn new(backends: wgpu::Backends, members: Option<u32>) -> Self {
        let adapter = common::adapter(backends);
        let (device, queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
            required_features: wgpu::Features::SAMPLING_RESOURCE_TABLE,
            required_limits: wgpu::Limits {
                max_storage_textures_per_shader_stage: BINDINGS,
                ..Default::default()
            },
            ..Default::default()
        }))
        .expect("a device with tables");
        let entries: Vec<_> = (0..BINDINGS)
            .map(|binding| wgpu::BindGroupLayoutEntry {
                binding,
                visibility: wgpu::ShaderStages::COMPUTE | wgpu::ShaderStages::FRAGMENT,
                ty: wgpu::BindingType::StorageTexture {
                    access: wgpu::StorageTextureAccess::WriteOnly,
                    format: wgpu::TextureFormat::R32Uint,
                    view_dimension: wgpu::TextureViewDimension::D2,
                },
                count: None,
            })
            .collect();
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("16 storage textures"),
            entries: &entries,
        });
        let desc = wgpu::PipelineLayoutDescriptor {
            label: None,
            bind_group_layouts: &[Some(&layout)],
            immediate_size: 0,
        };
        let (pipeline_layout, source, draw_source) = match members {
            Some(_) => (
                device.create_pipeline_layout_with_resource_table(&desc),
                "enable resource_table;\n@compute @workgroup_size(1) fn main() { _ = hasResource<texture_2d<u32>>(0u); }",
                "enable resource_table;\n@vertex fn vs() -> @builtin(position) vec4<f32> { return vec4(0.0); }\n\
                 @fragment fn fs() -> @location(0) vec4<u32> { return vec4(u32(hasResource<texture_2d<u32>>(0u))); }",
            ),
            None => (
                device.create_pipeline_layout(&desc),
                "@compute @workgroup_size(1) fn main() {}",
                "@vertex fn vs() -> @builtin(position) vec4<f32> { return vec4(0.0); }\n\
                 @fragment fn fs() -> @location(0) vec4<u32> { return vec4(0u); }",
            ),
        };
        let draw_module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: None,
            source: wgpu::ShaderSource::Wgsl(draw_source.into()),
        });
        let render_pipeline = hal_ext::harness::render_pipeline(
            &device,
            &draw_module,
            Some(&pipeline_layout),
            wgpu::TextureFormat::R32Uint,
        );
        let target = hal_ext::harness::texture_2d(
            &device,
            wgpu::TextureFormat::R32Uint,
            1,
            1,
            wgpu::TextureUsages::RENDER_ATTACHMENT,
        )
        .create_view(&Default::default());
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: None,
            source: wgpu::ShaderSource::Wgsl(source.into()),
        });
        let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: None,
            layout: Some(&pipeline_layout),
            module: &module,
            entry_point: Some("main"),
            compilation_options: Default::default(),
            cache: None,
        });
        let textures: Vec<wgpu::Texture> = (0..2 * BINDINGS)
            .map(|_| {
                hal_ext::harness::texture_2d(
                    &device,
                    wgpu::TextureFormat::R32Uint,
                    1,
                    1,
                    wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::STORAGE_BINDING,
                )
            })
            .collect();
        let views: Vec<wgpu::TextureView> = textures.iter().map(|t| t.create_view(&Default::default())).collect();
        let member_textures = textures
            .chunks(BINDINGS as usize)
            .flat_map(|group| group[..members.unwrap_or(0) as usize].iter().cloned())
            .collect();
        let table = members.map(|members| {
            let table = device.create_resource_table(&wgpu::ResourceTableDescriptor {
                label: Some("65,536 slots"),
                size: TABLE_SIZE,
            });
            // The first `members` textures of each group, then the rest of the table full
            // of another texture's view.
            for group in views.chunks(BINDINGS as usize) {
                for view in &group[..members as usize] {
                    table.insert(wgpu::BindingResource::TextureView(view)).unwrap();
                }
            }
            let filler = hal_ext::harness::texture_2d(
                &device,
                wgpu::TextureFormat::R32Uint,
                1,
                1,
                wgpu::TextureUsages::TEXTURE_BINDING,
            )
            .create_view(&Default::default());
            let first = 2 * members;
            let rest: Vec<_> = (first..TABLE_SIZE)
                .map(|_| wgpu::BindingResource::TextureView(&filler))
                .collect();
            table.update_range(first, &rest).unwrap();
            queue.submit([]);
            table
        });
        let groups = [0, 1].map(|g| {
            let entries: Vec<_> = views[g * BINDINGS as usize..(g + 1) * BINDINGS as usize]
                .iter()
                .enumerate()
                .map(|(binding, view)| wgpu::BindGroupEntry {
                    binding: binding as u32,
                    resource: wgpu::BindingResource::TextureView(view),
                })
                .collect();
            device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: None,
                layout: &layout,
                entries: &entries,
            })
        });
        Self {
            device,
            queue,
            pipeline,
            render_pipeline,
            target,
            groups,
            table,
            members: member_textures,
        }
    }

    /// The best time of 1,000 dispatches (or, with `draws`, draws in one render pass: one
    /// usage scope, whose hiding is decided once) alternating the two groups (or with the
    /// first throughout); with `none`, the command buffer first sets the table's usage of
    /// every member to `None` (and so hides nothing, nor restores anything).
    fn time(&self, runs: usize, draws: bool, alternate: bool, none: bool) -> Duration {
        let started = Instant::now();
        let mut best = Duration::MAX;
        let mut done = 0;
        let group = |call: u32| &self.groups[if alternate { call as usize % 2 } else { 0 }];
        while done < runs || (started.elapsed() < Duration::from_millis(300) && done < 2000) {
            let start = Instant::now();
            let mut encoder = self.device.create_command_encoder(&Default::default());
            if let (Some(table), true) = (&self.table, none) {
                for member in &self.members {
                    encoder.set_resource_usage(table, member, wgpu::ResourceTableUsage::None);
                }
            }
            if draws {
                let black = wgpu::Color::BLACK;
                let mut pass = match &self.table {
                    Some(table) => hal_ext::harness::clear_pass_with_table(&mut encoder, &self.target, black, table),
                    None => hal_ext::harness::clear_pass(&mut encoder, &self.target, black),
                };
                pass.set_pipeline(&self.render_pipeline);
                for call in 0..CALLS {
                    pass.set_bind_group(0, group(call), &[]);
                    pass.draw(0..1, 0..1);
                }
            } else {
                let mut pass = encoder.begin_compute_pass(&Default::default());
                if let Some(table) = &self.table {
                    pass.set_resource_table(Some(table));
                }
                pass.set_pipeline(&self.pipeline);
                for call in 0..CALLS {
                    pass.set_bind_group(0, group(call), &[]);
                    pass.dispatch_workgroups(1, 1, 1);
                }
            }
            self.queue.submit([encoder.finish()]);
            self.device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
            best = best.min(start.elapsed());
            done += 1;
        }
        best
    }
}

fn main() {
    let cli = <Cli as clap::Parser>::parse();
    let backends = cli.backend.backends();
    let runs = cli.common.runs.unwrap_or(5);
    let baseline = Setup::new(backends, None);
    println!(
        "CPU time per {CALLS} dispatches, or draws in one render pass, alternating two bind groups of \
         {BINDINGS} storage textures (encode + finish + submit + poll), ms, best of {runs}+ runs, {} backend\n",
        cli.backend.backend
    );
    println!(
        "| members of a {TABLE_SIZE}-slot automatic table per group | work | groups | no table | automatic table | ratio |"
    );
    println!("| ---: | --- | --- | ---: | ---: | ---: |");
    let rows = [0, 1, BINDINGS].into_iter().flat_map(|members| {
        [(members, false), (members, true)]
            .into_iter()
            .filter(|&(m, none)| m > 0 || !none)
    });
    for (members, none) in rows {
        let table = Setup::new(backends, Some(members));
        for (draws, alternate) in [(false, true), (false, false), (true, true), (true, false)] {
            let time = |setup: &Setup, none| setup.time(runs, draws, alternate, none);
            // In turn, so that a slow spell of the machine lands on both.
            let (mut base, mut with) = (Duration::MAX, Duration::MAX);
            for _ in 0..3 {
                base = base.min(time(&baseline, false));
                with = with.min(time(&table, none));
            }
            println!(
                "| {members} | {} | {}{} | {:.3} | {:.3} | {:.2}x |",
                if draws { "draws (render pass)" } else { "dispatches" },
                if alternate { "two in turn" } else { "one" },
                if none {
                    ", members `None` (the command buffer's calls)"
                } else {
                    ""
                },
                base.as_secs_f64() * 1e3,
                with.as_secs_f64() * 1e3,
                with.as_secs_f64() / base.as_secs_f64()
            );
        }
    }
}
