//! CPU cost of 1,000 dispatches, 1,000 draws in a render pass and 1,000 draws in a render
//! bundle, each able to reach N textures: one bound texture (the bindful baseline), a
//! binding array of N views (upstream's way), a resource table of N slots of the pinning
//! model, set once or before every call, and one of the standard's automatic model (no pin;
//! set on the compute pass, taken by render passes when they begin, and used by bundles that
//! set none; at most 65,536 slots); on Vulkan also the physical limit: the same dispatches and render-pass
//! draws of a one-texture shader recorded through raw Vulkan (`ash`) on the same device.
//!
//! `cargo bench -p wgpu-core-ext --bench cpu_cost [-- --sizes 1000,10000 --runs 5
//! --backend noop|vulkan]`
//!
//! Each measurement is encode (pass, pipeline, group or table, 1,000 calls) + finish +
//! submit + poll, the best of many runs; bundles are encoded and executed in a pass each
//! time. A row's baseline, tables and raw calls take turns, 30 ms each, `max(10, --runs)`
//! times after one untimed turn, so that a slow spell of the machine lands on all of them alike; the binding array
//! (whose device must be gone before the tables' are made, see `main`) is the best of
//! `--runs` runs and as many more as fit in 0.3 s, beside a baseline measured the same way. `--until-submit` stops the clock when `submit`
//! returns (the wait follows, untimed): the CPU's part alone, as #14 defines the row, without
//! the GPU's time for the 1,000 calls, which on a fast GPU is as long as the CPU's. On
//! wgpu's noop backend (the default), which performs all of wgpu-core's validation and
//! tracking and nothing on a GPU, the numbers are the CPU cost of the API itself; on Vulkan
//! they include the driver and the GPU's work (one-invocation dispatches, one-pixel draws).
//! Sizes above the adapter's limits are left out.

use std::time::{Duration, Instant};

#[path = "common/mod.rs"]
mod common;
#[path = "common/raw.rs"]
mod raw;

const CALLS: u32 = 1000;
const FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba8Unorm;

#[derive(clap::Parser, Debug)]
struct Cli {
    #[command(flatten)]
    common: common::Common,
    #[command(flatten)]
    backend: common::Backend,
    /// Time up to the end of `submit`, not of the wait for the GPU (which still follows,
    /// untimed): the CPU cost alone, without the GPU's work on the 1,000 calls.
    #[arg(long)]
    until_submit: bool,
}

/// `--until-submit`.
static UNTIL_SUBMIT: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

fn until_submit() -> bool {
    UNTIL_SUBMIT.load(std::sync::atomic::Ordering::Relaxed)
}

/// How the shaders reach their texture.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Access {
    /// One `texture_2d<f32>` in a bind group.
    OneTexture,
    /// A `binding_array<texture_2d<f32>, N>` in a bind group.
    BindingArray,
    /// The table's `getResource`, the table set once per pass.
    Table,
    /// The same, the table set again before every call.
    TablePerCall,
    /// A table of the automatic model: set once on compute passes, given to render passes
    /// when they begin, and used by bundles that set none.
    AutomaticTable,
}

/// A device, pipelines and bindings for one [`Access`] of `size` textures.
struct Setup {
    device: wgpu::Device,
    queue: wgpu::Queue,
    compute: wgpu::ComputePipeline,
    render: wgpu::RenderPipeline,
    group: Option<wgpu::BindGroup>,
    table: Option<wgpu::ResourceTable>,
    per_call: bool,
    /// The table is of the automatic model.
    automatic: bool,
    target: wgpu::TextureView,
    /// The texture the shaders read.
    view: wgpu::TextureView,
}

impl Setup {
    fn new(backends: wgpu::Backends, access: Access, size: u32) -> Option<Self> {
        let adapter = common::adapter(backends);
        let limits = adapter.limits();
        let table = matches!(access, Access::Table | Access::TablePerCall | Access::AutomaticTable);
        let automatic = access == Access::AutomaticTable;
        let fits = match access {
            Access::OneTexture => true,
            Access::BindingArray => {
                size <= limits.max_binding_array_elements_per_shader_stage
                    && size <= limits.max_sampled_textures_per_shader_stage
            }
            Access::Table | Access::TablePerCall => size <= adapter.max_resource_table_size(),
            Access::AutomaticTable => size <= adapter.max_resource_table_size().min(65_536),
        };
        if !fits {
            return None;
        }
        let mut required = wgpu::Limits::default();
        let mut features = wgpu::Features::empty();
        match access {
            Access::OneTexture => {}
            Access::BindingArray => {
                required.max_binding_array_elements_per_shader_stage = size;
                required.max_sampled_textures_per_shader_stage =
                    size.max(required.max_sampled_textures_per_shader_stage);
                features = wgpu::Features::TEXTURE_BINDING_ARRAY
                    | wgpu::Features::SAMPLED_TEXTURE_AND_STORAGE_BUFFER_ARRAY_NON_UNIFORM_INDEXING;
            }
            Access::Table | Access::TablePerCall | Access::AutomaticTable => {
                features = wgpu::Features::SAMPLING_RESOURCE_TABLE
            }
        }
        let (device, queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
            required_features: features,
            required_limits: required,
            ..Default::default()
        }))
        .ok()?;
        let texture = hal_ext::harness::texture_2d(&device, FORMAT, 1, 1, wgpu::TextureUsages::TEXTURE_BINDING);
        if table && !automatic {
            texture.pin(wgpu::PinnedUsage::Sampled);
        }
        let view = texture.create_view(&Default::default());
        let (enable, decl, texture_expr) = match access {
            Access::OneTexture => (
                "",
                "@group(0) @binding(0) var texture: texture_2d<f32>;".to_string(),
                "texture",
            ),
            Access::BindingArray => (
                "enable wgpu_binding_array;",
                format!("@group(0) @binding(0) var textures: binding_array<texture_2d<f32>, {size}>;"),
                "textures[0]",
            ),
            Access::Table | Access::TablePerCall | Access::AutomaticTable => (
                "enable resource_table;",
                String::new(),
                "getResource<texture_2d<f32>>(0u)",
            ),
        };
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: None,
            source: wgpu::ShaderSource::Wgsl(
                format!(
                    "{enable}
                     {decl}
                     @compute @workgroup_size(1) fn main() {{ _ = textureLoad({texture_expr}, vec2(0), 0); }}
                     @vertex fn vs(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {{
                         return vec4(f32(i & 1u) * 4.0 - 1.0, f32(i >> 1u) * 4.0 - 1.0, 0.0, 1.0);
                     }}
                     @fragment fn fs() -> @location(0) vec4<f32> {{ return textureLoad({texture_expr}, vec2(0), 0); }}"
                )
                .into(),
            ),
        });
        let (layout, group) = match access {
            Access::Table | Access::TablePerCall | Access::AutomaticTable => (
                device.create_pipeline_layout_with_resource_table(&wgpu::PipelineLayoutDescriptor {
                    label: None,
                    bind_group_layouts: &[],
                    immediate_size: 0,
                }),
                None,
            ),
            Access::OneTexture | Access::BindingArray => {
                let count = (access == Access::BindingArray).then(|| std::num::NonZeroU32::new(size).unwrap());
                let bgl = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
                    label: None,
                    entries: &[wgpu::BindGroupLayoutEntry {
                        binding: 0,
                        visibility: wgpu::ShaderStages::COMPUTE | wgpu::ShaderStages::FRAGMENT,
                        ty: wgpu::BindingType::Texture {
                            sample_type: wgpu::TextureSampleType::Float { filterable: true },
                            view_dimension: wgpu::TextureViewDimension::D2,
                            multisampled: false,
                        },
                        count,
                    }],
                });
                let views: Vec<&wgpu::TextureView> = vec![&view; size as usize];
                let resource = match access {
                    Access::BindingArray => wgpu::BindingResource::TextureViewArray(&views),
                    _ => wgpu::BindingResource::TextureView(&view),
                };
                let group = device.create_bind_group(&wgpu::BindGroupDescriptor {
                    label: None,
                    layout: &bgl,
                    entries: &[wgpu::BindGroupEntry { binding: 0, resource }],
                });
                let layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
                    label: None,
                    bind_group_layouts: &[Some(&bgl)],
                    immediate_size: 0,
                });
                (layout, Some(group))
            }
        };
        let compute = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: None,
            layout: Some(&layout),
            module: &module,
            entry_point: Some("main"),
            compilation_options: Default::default(),
            cache: None,
        });
        let render = hal_ext::harness::render_pipeline(&device, &module, Some(&layout), FORMAT);
        let table = table.then(|| {
            let desc = wgpu::ResourceTableDescriptor { label: None, size };
            let table = match automatic {
                true => device.create_resource_table(&desc),
                false => device.create_pinned_resource_table(&desc),
            };
            let resources = vec![wgpu::BindingResource::TextureView(&view); size as usize];
            table.update_range(0, &resources).unwrap();
            table
        });
        let target = hal_ext::harness::texture_2d(&device, FORMAT, 1, 1, wgpu::TextureUsages::RENDER_ATTACHMENT)
            .create_view(&Default::default());
        Some(Self {
            device,
            queue,
            compute,
            render,
            group,
            table,
            per_call: access == Access::TablePerCall,
            automatic,
            target,
            view,
        })
    }

    /// Best time of `encode` + finish + submit + poll (up to the end of submit with
    /// `--until-submit`) over `budget`'s runs and as many more as fit in its time (at most
    /// 2,000): the cheap rows are a tenth of a millisecond, where a handful of runs is at the
    /// mercy of the scheduler.
    fn measure(&self, budget: Budget, encode: impl Fn(&mut wgpu::CommandEncoder)) -> Duration {
        let started = Instant::now();
        let mut best = Duration::MAX;
        let mut done = 0;
        while done < budget.runs || (started.elapsed() < budget.time && done < 2000) {
            let start = Instant::now();
            let mut encoder = self.device.create_command_encoder(&Default::default());
            encode(&mut encoder);
            self.queue.submit([encoder.finish()]);
            let submitted = start.elapsed();
            self.device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
            best = best.min(if until_submit() { submitted } else { start.elapsed() });
            done += 1;
        }
        best
    }

    fn dispatches(&self, budget: Budget) -> Duration {
        self.measure(budget, |encoder| {
            let mut pass = encoder.begin_compute_pass(&Default::default());
            pass.set_pipeline(&self.compute);
            if let Some(group) = &self.group {
                pass.set_bind_group(0, group, &[]);
            }
            if let Some(table) = &self.table {
                pass.set_resource_table(Some(table));
            }
            for _ in 0..CALLS {
                if self.per_call {
                    pass.set_resource_table(self.table.as_ref());
                }
                pass.dispatch_workgroups(1, 1, 1);
            }
        })
    }

    /// A render pass, begun with the table if it is of the automatic model.
    fn render_pass<'e>(&self, encoder: &'e mut wgpu::CommandEncoder) -> wgpu::RenderPass<'e> {
        match (&self.table, self.automatic) {
            (Some(table), true) => {
                hal_ext::harness::clear_pass_with_table(encoder, &self.target, wgpu::Color::BLACK, table)
            }
            _ => hal_ext::harness::clear_pass(encoder, &self.target, wgpu::Color::BLACK),
        }
    }

    /// The table render passes and bundles set themselves (the pinning model's).
    fn table_to_set(&self) -> Option<&wgpu::ResourceTable> {
        self.table.as_ref().filter(|_| !self.automatic)
    }

    fn draws(&self, budget: Budget) -> Duration {
        self.measure(budget, |encoder| {
            let mut pass = self.render_pass(encoder);
            pass.set_pipeline(&self.render);
            if let Some(group) = &self.group {
                pass.set_bind_group(0, group, &[]);
            }
            if let Some(table) = self.table_to_set() {
                pass.set_resource_table(Some(table));
            }
            for _ in 0..CALLS {
                if self.per_call {
                    pass.set_resource_table(self.table.as_ref());
                }
                pass.draw(0..3, 0..1);
            }
        })
    }

    fn bundle_draws(&self, budget: Budget) -> Duration {
        self.measure(budget, |encoder| {
            let mut bundle = self
                .device
                .create_render_bundle_encoder(&wgpu::RenderBundleEncoderDescriptor {
                    label: None,
                    color_formats: &[Some(FORMAT)],
                    depth_stencil: None,
                    sample_count: 1,
                    multiview: None,
                });
            bundle.set_pipeline(&self.render);
            if let Some(group) = &self.group {
                bundle.set_bind_group(0, group, &[]);
            }
            if let Some(table) = self.table_to_set() {
                bundle.set_resource_table(Some(table));
            }
            for _ in 0..CALLS {
                if self.per_call {
                    bundle.set_resource_table(self.table.as_ref());
                }
                bundle.draw(0..3, 0..1);
            }
            let bundle = bundle.finish(&Default::default());
            let mut pass = self.render_pass(encoder);
            pass.execute_bundles([&bundle]);
        })
    }
}

/// How long one measurement runs: at least `runs` runs, and more while within `time`.
#[derive(Clone, Copy)]
struct Budget {
    runs: usize,
    time: Duration,
}

/// Turns taken by the cells of a row (the baseline among them), each measuring for
/// [`TURN`]: a slow spell of the machine lands on every cell of the row alike, not on one.
const TURNS: usize = 10;
const TURN: Budget = Budget {
    runs: 1,
    time: Duration::from_millis(30),
};

/// A time and its ratio to `base`.
fn cell_of(t: Duration, base: &Duration) -> String {
    format!("{} ({:.2}x)", ms(t), t.as_secs_f64() / base.as_secs_f64())
}

fn ms(d: Duration) -> String {
    format!("{:.3}", d.as_secs_f64() * 1e3)
}

fn main() {
    let cli = <Cli as clap::Parser>::parse();
    let sizes = cli
        .common
        .sizes
        .unwrap_or_else(|| vec![1_000, 10_000, 100_000, 1_000_000]);
    let runs = cli.common.runs.unwrap_or(5);
    let backends = cli.backend.backends();
    UNTIL_SUBMIT.store(cli.until_submit, std::sync::atomic::Ordering::Relaxed);
    let timed = if cli.until_submit {
        "encode + finish + submit; the wait for the GPU untimed"
    } else {
        "encode + finish + submit + poll"
    };
    let info = common::adapter(backends).get_info();
    println!(
        "CPU time per {CALLS} calls ({timed}), ms, best of the runs in {} turns of 30 ms that a row's cells take in turn \
         after one untimed (the binding array: of {runs} runs or more, 0.3 s, beside a baseline of its own, \
         shown after its ratio), {} ({:?}); the ratio is to one bound texture",
        TURNS.max(runs),
        info.name,
        info.backend
    );
    let one = Setup::new(backends, Access::OneTexture, 1).expect("a device with one texture");
    type Work = fn(&Setup, Budget) -> Duration;
    let whole = Budget {
        runs,
        time: Duration::from_millis(300),
    };
    let works: [(&str, Work); 3] = [
        ("dispatches", Setup::dispatches),
        ("draws (render pass)", Setup::draws),
        ("draws (render bundle)", Setup::bundle_draws),
    ];
    // Raw Vulkan on the one-texture device, once wgpu has sampled the texture (so that it is
    // in the layout the raw descriptor names).
    one.dispatches(Budget {
        runs: 1,
        time: Duration::ZERO,
    });
    let raw = match backends {
        wgpu::Backends::VULKAN => unsafe { raw::Raw::new(&one.device, &one.view, None) },
        _ => None,
    };
    println!();
    println!(
        "| N | work | raw Vulkan (ash) | raw Vulkan, update-after-bind array of N | one texture | binding array of N | table of N | table set per call | automatic table of N |"
    );
    println!("| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    for size in sizes {
        // The binding array of N first, on its own device, dropped before the tables' are
        // made: on the H100, while a device holding a binding array of 20,000 to 700,000
        // descriptors was alive, 1,000 table dispatches on another device took 1.6x as long
        // (all of it after the submit, none of it wgpu's); alone, they cost what they cost.
        let array: Vec<String> = match Setup::new(backends, Access::BindingArray, size) {
            Some(setup) => works
                .iter()
                .map(|(_, work)| {
                    let base = work(&one, whole);
                    format!("{} of {}", cell_of(work(&setup, whole), &base), ms(base))
                })
                .collect(),
            None => vec!["— (over the limit)".to_string(); works.len()],
        };
        let tables =
            [Access::Table, Access::TablePerCall, Access::AutomaticTable].map(|a| Setup::new(backends, a, size));
        // What the table's set is, bound and read through raw Vulkan on the table's device
        // (which has the indexing features), once wgpu has sampled its pinned texture.
        let raw_array = match (&tables[0], backends) {
            (Some(table), wgpu::Backends::VULKAN) => {
                table.dispatches(Budget {
                    runs: 1,
                    time: Duration::ZERO,
                });
                unsafe { raw::Raw::new(&table.device, &table.view, Some(size)) }
            }
            _ => None,
        };
        for ((name, work), array) in works.into_iter().zip(array) {
            // The baseline, the tables and the raw calls take turns (the binding array was
            // measured next to a baseline of its own above).
            let raw_time = |raw: &Option<raw::Raw>| {
                let draws = match name {
                    "dispatches" => false,
                    "draws (render pass)" => true,
                    _ => return None,
                };
                raw.as_ref()
                    .map(|raw| raw.measure(TURN.runs, TURN.time, CALLS, draws, until_submit()))
            };
            let mut best: [Option<Duration>; 6] = [None; 6];
            // One turn untimed first: the first calls after devices were made and dropped
            // ran slower on the H100 (a whole row at twice the time of the others).
            for turn in 0..=TURNS.max(runs) {
                let times = [
                    Some(work(&one, TURN)),
                    tables[0].as_ref().map(|s| work(s, TURN)),
                    tables[1].as_ref().map(|s| work(s, TURN)),
                    raw_time(&raw),
                    raw_time(&raw_array),
                    tables[2].as_ref().map(|s| work(s, TURN)),
                ];
                if turn == 0 {
                    continue;
                }
                for (best, time) in best.iter_mut().zip(times) {
                    *best = match (*best, time) {
                        (Some(b), Some(t)) => Some(b.min(t)),
                        (b, t) => b.or(t),
                    };
                }
            }
            let [base, table, per_call, raw_one, raw_array_time, automatic] = best;
            let base = &base.unwrap();
            let cell = |time: Option<Duration>| match time {
                Some(t) => cell_of(t, base),
                None => "— (over the limit)".to_string(),
            };
            let raw_cell = |raw: &Option<raw::Raw>, time: Option<Duration>, over| match (raw, time) {
                (Some(_), Some(t)) => cell_of(t, base),
                (Some(_), None) => "— (no bundles)".to_string(),
                (None, _) if backends != wgpu::Backends::VULKAN => "— (Vulkan only)".to_string(),
                (None, _) => over,
            };
            let raw_one = raw_cell(&raw, raw_one, String::new());
            let raw_array = raw_cell(&raw_array, raw_array_time, "— (over the limit)".to_string());
            println!(
                "| {size} | {name} | {raw_one} | {raw_array} | {} | {array} | {} | {} | {} |",
                ms(*base),
                cell(table),
                cell(per_call),
                cell(automatic)
            );
        }
    }
}
