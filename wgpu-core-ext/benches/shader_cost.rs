//! GPU time of texture access through a resource table against the same access through
//! upstream's binding arrays and through one bound texture (#14): what `getResource<T>(i)`'s
//! metadata check costs per access.
//!
//! `cargo bench -p wgpu-core-ext --bench shader_cost [-- --runs 9]`
//!
//! A compute shader makes 16 `textureLoad`s per invocation, 65,536 invocations
//! (`--invocations`), over 4,096
//! distinct 1×1 textures: each load's index either differs per invocation (non-uniform), or is
//! the same in every invocation, computed from a value read from a buffer (as a material id is)
//! or known to the compiler (constant). Timestamps around the pass (timestamp queries),
//! median (and best) of `--runs`; Vulkan without the validation layer.

use std::num::NonZeroU32;

#[path = "common/mod.rs"]
mod common;

const TEXTURES: u32 = 4096;
const LOADS: u32 = 16;
/// The fragment rows' target width; its height makes about `--invocations` fragments.
const WIDTH: u32 = 1024;

#[derive(clap::Parser, Debug)]
struct Cli {
    #[command(flatten)]
    common: common::Common,
    /// Invocations per dispatch (a multiple of 64; more for fast GPUs).
    #[arg(long, default_value_t = 65536)]
    invocations: u32,
}

/// Which texture each load reads.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Indices {
    /// A different index in every invocation (`NonUniformResourceIndex` territory).
    NonUniform,
    /// The same index in every invocation, computed from a value read from a buffer: a
    /// material id from a buffer or an immediate, as renderers index. (A storage buffer:
    /// wgpu refuses uniform buffers beside binding arrays.)
    Uniform,
    /// The same index in every invocation, known to the compiler (the loop unrolls to
    /// constant indices, so a binding array's descriptor addresses fold to constants).
    Constant,
}

impl Indices {
    fn name(self) -> &'static str {
        match self {
            Self::NonUniform => "non-uniform",
            Self::Uniform => "uniform (from a buffer)",
            Self::Constant => "uniform (constant)",
        }
    }
}

/// How a load finds its texture.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Access {
    /// `binding_array<texture_2d<f32>, 4096>` indexed.
    BindingArray,
    /// The binding array behind the least check any table needs: one load of the slot's
    /// type id, and slot 0 in its place when it does not match (no length check of ours,
    /// no defaults; naga still clamps `ids[i]` to the array's length where the device has
    /// no `robustBufferAccess2`). What a check costs at least, next to what the table's
    /// costs. With constant indices it also loses the folding of descriptor addresses:
    /// the texture index comes from a load.
    CheckedArray,
    /// `getResource<texture_2d<f32>>(i)` from the table.
    Table,
    /// One bound `texture_2d<f32>`, the same for every load (no indexing at all).
    OneTexture,
}

impl Access {
    fn name(self) -> &'static str {
        match self {
            Self::BindingArray => "binding array",
            Self::CheckedArray => "binding array + a type-id load",
            Self::Table => "resource table (getResource)",
            Self::OneTexture => "one bound texture",
        }
    }

    fn source(self, indices: Indices) -> String {
        let (enable, decl, texture) = match self {
            Self::BindingArray => (
                "enable wgpu_binding_array;",
                format!("@group(0) @binding(1) var textures: binding_array<texture_2d<f32>, {TEXTURES}>;"),
                "textures[i]",
            ),
            Self::CheckedArray => (
                "enable wgpu_binding_array;",
                format!(
                    "@group(0) @binding(1) var textures: binding_array<texture_2d<f32>, {TEXTURES}>;
                     @group(0) @binding(3) var<storage, read> ids: array<u32>;"
                ),
                "textures[select(0u, i, ids[i] == 1u)]",
            ),
            Self::Table => (
                "enable resource_table;",
                String::new(),
                "getResource<texture_2d<f32>>(i)",
            ),
            Self::OneTexture => (
                "",
                "@group(0) @binding(1) var texture: texture_2d<f32>;".to_string(),
                "texture",
            ),
        };
        // The index forms do the same integer work; only uniformity (and whether the
        // compiler knows the index) differs. `p` is the invocation's (or fragment's) number.
        let index = match indices {
            Indices::NonUniform => "(p * 16u + k)",
            Indices::Uniform => "(k * 257u + base)",
            Indices::Constant => "(k * 257u + 11u)",
        };
        // The same loads in both stages, written out in each entry point.
        let loads = format!(
            "var acc = vec4(0.0);
             for (var k = 0u; k < {LOADS}u; k++) {{
                 let i = {index} % {TEXTURES}u;
                 // Always texel (0, 0), but not provably so: no load is folded away.
                 let x = i32((p + k) >> 31u);
                 acc += textureLoad({texture}, vec2(x, 0), 0);
             }}"
        );
        format!(
            "{enable}
             @group(0) @binding(0) var<storage, read_write> out: array<vec4<f32>>;
             {decl}
             @group(0) @binding(2) var<storage, read> base: u32;
             @compute @workgroup_size(64)
             fn main(@builtin(global_invocation_id) id: vec3<u32>) {{
                 let p = id.x;
                 {loads}
                 out[p] = acc;
             }}
             @vertex
             fn vs(@builtin(vertex_index) v: u32) -> @builtin(position) vec4<f32> {{
                 // One triangle over the whole target.
                 let uv = vec2(f32((v << 1u) & 2u), f32(v & 2u));
                 return vec4(uv * 2.0 - 1.0, 0.0, 1.0);
             }}
             @fragment
             fn fs(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {{
                 // Rows 8 apart in index: `(p * 16u + k) % {TEXTURES}u` depends on `p % 256`,
                 // which must differ between the rows of a quad and of a warp's tile.
                 let p = u32(position.x) + u32(position.y) * ({WIDTH}u + 8u);
                 {loads}
                 return acc;
             }}"
        )
    }
}

/// The fragment rows' target.
const TARGET: wgpu::TextureFormat = wgpu::TextureFormat::Rgba32Float;

/// Where the loads run.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Stage {
    Compute,
    Fragment,
}

struct Pipelines {
    compute: wgpu::ComputePipeline,
    render: wgpu::RenderPipeline,
}

struct Bench {
    device: wgpu::Device,
    queue: wgpu::Queue,
    views: Vec<wgpu::TextureView>,
    table: wgpu::ResourceTable,
    out: wgpu::Buffer,
    /// The index base of `Indices::Uniform`, 11.
    base: wgpu::Buffer,
    /// `Access::CheckedArray`'s type ids: 1 for every texture.
    ids: wgpu::Buffer,
    invocations: u32,
    /// The fragment rows' target, `WIDTH` wide and about `invocations` fragments big.
    target: wgpu::TextureView,
    queries: wgpu::QuerySet,
    resolve: wgpu::Buffer,
    readback: wgpu::Buffer,
}

impl Bench {
    fn new(invocations: u32) -> Self {
        let adapter = common::adapter(wgpu::Backends::VULKAN);
        let limits = wgpu::Limits {
            max_binding_array_elements_per_shader_stage: TEXTURES,
            max_sampled_textures_per_shader_stage: TEXTURES,
            ..Default::default()
        };
        let (device, queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
            required_features: wgpu::Features::SAMPLING_RESOURCE_TABLE
                | wgpu::Features::TIMESTAMP_QUERY
                | wgpu::Features::TEXTURE_BINDING_ARRAY
                | wgpu::Features::SAMPLED_TEXTURE_AND_STORAGE_BUFFER_ARRAY_NON_UNIFORM_INDEXING,
            required_limits: limits,
            ..Default::default()
        }))
        .expect("a device with tables, binding arrays of 4,096 textures and timestamps");
        let views = common::pinned_views(&device, TEXTURES as usize);
        let table = device.create_pinned_resource_table(&wgpu::ResourceTableDescriptor {
            label: None,
            size: TEXTURES,
        });
        let resources: Vec<_> = views.iter().map(wgpu::BindingResource::TextureView).collect();
        table.update_range(0, &resources).unwrap();
        let buffer = |size: u64, usage| {
            device.create_buffer(&wgpu::BufferDescriptor {
                label: None,
                size,
                usage,
                mapped_at_creation: false,
            })
        };
        let out = buffer(16 * u64::from(invocations), wgpu::BufferUsages::STORAGE);
        let base = buffer(16, wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST);
        queue.write_buffer(&base, 0, &11u32.to_le_bytes());
        let ids = buffer(
            4 * u64::from(TEXTURES),
            wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
        );
        queue.write_buffer(&ids, 0, &1u32.to_le_bytes().repeat(TEXTURES as usize));
        let resolve = buffer(16, wgpu::BufferUsages::QUERY_RESOLVE | wgpu::BufferUsages::COPY_SRC);
        let readback = buffer(16, wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST);
        let target = device
            .create_texture(&wgpu::TextureDescriptor {
                label: None,
                size: wgpu::Extent3d {
                    width: WIDTH,
                    height: invocations.div_ceil(WIDTH),
                    depth_or_array_layers: 1,
                },
                mip_level_count: 1,
                sample_count: 1,
                dimension: wgpu::TextureDimension::D2,
                format: TARGET,
                usage: wgpu::TextureUsages::RENDER_ATTACHMENT,
                view_formats: &[],
            })
            .create_view(&Default::default());
        let queries = device.create_query_set(&wgpu::QuerySetDescriptor {
            label: None,
            ty: wgpu::QueryType::Timestamp,
            count: 2,
        });
        Self {
            device,
            queue,
            views,
            table,
            out,
            base,
            ids,
            invocations,
            target,
            queries,
            resolve,
            readback,
        }
    }

    /// The pipeline of `access` and its group 0.
    fn pipeline(&self, access: Access, indices: Indices) -> (Pipelines, wgpu::BindGroup) {
        let module = self.device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: None,
            source: wgpu::ShaderSource::Wgsl(access.source(indices).into()),
        });
        let texture_entry = |count| wgpu::BindGroupLayoutEntry {
            binding: 1,
            visibility: wgpu::ShaderStages::COMPUTE.union(wgpu::ShaderStages::FRAGMENT),
            ty: wgpu::BindingType::Texture {
                sample_type: wgpu::TextureSampleType::Float { filterable: true },
                view_dimension: wgpu::TextureViewDimension::D2,
                multisampled: false,
            },
            count,
        };
        let mut entries = vec![wgpu::BindGroupLayoutEntry {
            binding: 0,
            visibility: wgpu::ShaderStages::COMPUTE.union(wgpu::ShaderStages::FRAGMENT),
            ty: wgpu::BindingType::Buffer {
                ty: wgpu::BufferBindingType::Storage { read_only: false },
                has_dynamic_offset: false,
                min_binding_size: None,
            },
            count: None,
        }];
        let views: Vec<&wgpu::TextureView> = self.views.iter().collect();
        let mut resources = vec![(0, self.out.as_entire_binding())];
        match access {
            Access::BindingArray | Access::CheckedArray => {
                entries.push(texture_entry(NonZeroU32::new(TEXTURES)));
                resources.push((1, wgpu::BindingResource::TextureViewArray(&views)));
            }
            Access::OneTexture => {
                entries.push(texture_entry(None));
                resources.push((1, wgpu::BindingResource::TextureView(&self.views[11])));
            }
            Access::Table => {}
        }
        entries.push(wgpu::BindGroupLayoutEntry {
            binding: 2,
            visibility: wgpu::ShaderStages::COMPUTE.union(wgpu::ShaderStages::FRAGMENT),
            ty: wgpu::BindingType::Buffer {
                ty: wgpu::BufferBindingType::Storage { read_only: true },
                has_dynamic_offset: false,
                min_binding_size: None,
            },
            count: None,
        });
        resources.push((2, self.base.as_entire_binding()));
        if access == Access::CheckedArray {
            entries.push(wgpu::BindGroupLayoutEntry {
                binding: 3,
                ..entries[entries.len() - 1]
            });
            resources.push((3, self.ids.as_entire_binding()));
        }
        let bgl = self.device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: None,
            entries: &entries,
        });
        let desc = wgpu::PipelineLayoutDescriptor {
            label: None,
            bind_group_layouts: &[Some(&bgl)],
            immediate_size: 0,
        };
        let layout = match access {
            Access::Table => self.device.create_pipeline_layout_with_resource_table(&desc),
            _ => self.device.create_pipeline_layout(&desc),
        };
        let compute = self.device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: None,
            layout: Some(&layout),
            module: &module,
            entry_point: Some("main"),
            compilation_options: Default::default(),
            cache: None,
        });
        let render = hal_ext::harness::render_pipeline(&self.device, &module, Some(&layout), TARGET);
        let entries: Vec<_> = resources
            .into_iter()
            .map(|(binding, resource)| wgpu::BindGroupEntry { binding, resource })
            .collect();
        let group = self.device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: None,
            layout: &bgl,
            entries: &entries,
        });
        (Pipelines { compute, render }, group)
    }

    /// GPU milliseconds of one dispatch (`Stage::Compute`) or one full-target triangle
    /// (`Stage::Fragment`) of `pipelines`.
    fn time(&self, stage: Stage, pipelines: &Pipelines, group: &wgpu::BindGroup) -> f64 {
        let mut encoder = self.device.create_command_encoder(&Default::default());
        if stage == Stage::Fragment {
            let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
                label: None,
                color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                    view: &self.target,
                    depth_slice: None,
                    resolve_target: None,
                    ops: wgpu::Operations {
                        load: wgpu::LoadOp::Clear(wgpu::Color::BLACK),
                        store: wgpu::StoreOp::Store,
                    },
                })],
                depth_stencil_attachment: None,
                timestamp_writes: Some(wgpu::RenderPassTimestampWrites {
                    query_set: &self.queries,
                    beginning_of_pass_write_index: Some(0),
                    end_of_pass_write_index: Some(1),
                }),
                occlusion_query_set: None,
                multiview_mask: None,
            });
            pass.set_pipeline(&pipelines.render);
            pass.set_bind_group(0, group, &[]);
            pass.set_resource_table(Some(&self.table));
            pass.draw(0..3, 0..1);
        } else {
            let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
                label: None,
                timestamp_writes: Some(wgpu::ComputePassTimestampWrites {
                    query_set: &self.queries,
                    beginning_of_pass_write_index: Some(0),
                    end_of_pass_write_index: Some(1),
                }),
            });
            pass.set_pipeline(&pipelines.compute);
            pass.set_bind_group(0, group, &[]);
            pass.set_resource_table(Some(&self.table));
            pass.dispatch_workgroups(self.invocations / 64, 1, 1);
        }
        encoder.resolve_query_set(&self.queries, 0..2, &self.resolve, 0);
        encoder.copy_buffer_to_buffer(&self.resolve, 0, &self.readback, 0, 16);
        self.queue.submit([encoder.finish()]);
        self.readback.slice(..).map_async(wgpu::MapMode::Read, |r| r.unwrap());
        self.device
            .poll(wgpu::PollType::wait_indefinitely())
            .expect("waiting for the GPU");
        let ticks = {
            let data = self
                .readback
                .slice(..)
                .get_mapped_range()
                .expect("the mapped timestamps");
            let t = |i: usize| u64::from_le_bytes(data[i * 8..i * 8 + 8].try_into().unwrap());
            t(1).saturating_sub(t(0))
        };
        self.readback.unmap();
        ticks as f64 * f64::from(self.queue.get_timestamp_period()) / 1e6
    }
}

fn main() {
    let cli = <Cli as clap::Parser>::parse();
    let runs = cli.common.runs.unwrap_or(9);
    let bench = Bench::new(cli.invocations);
    println!(
        "GPU time of {} invocations (compute) or about as many fragments ({WIDTH} x {}) x {LOADS} \
         textureLoads over {TEXTURES} textures, median (best) of {runs}",
        cli.invocations,
        cli.invocations.div_ceil(WIDTH)
    );
    println!();
    println!(
        "The last column compares what each access adds over the one bound texture (the pass's \
         fixed cost: dispatch or rasterization, the target's clear and store): (t - one texture) \
         / (binding array - one texture); — where the binding array adds less than 5%."
    );
    println!();
    println!("| stage | indices | access | GPU time | vs binding array | over one texture, vs binding array |");
    println!("| --- | --- | --- | ---: | ---: | ---: |");
    let accesses = [
        Access::BindingArray,
        Access::CheckedArray,
        Access::Table,
        Access::OneTexture,
    ];
    for stage in [Stage::Compute, Stage::Fragment] {
        for indices in [Indices::NonUniform, Indices::Uniform, Indices::Constant] {
            // The accesses take turns, run by run, so that a slow spell of the machine (this
            // one shares its cores) falls on all of them rather than on one row.
            let pipelines = accesses.map(|access| {
                let (pipelines, group) = bench.pipeline(access, indices);
                bench.time(stage, &pipelines, &group); // warm-up
                (pipelines, group)
            });
            let mut samples: [Vec<f64>; 4] = Default::default();
            for _ in 0..runs {
                for ((pipelines, group), samples) in pipelines.iter().zip(&mut samples) {
                    samples.push(bench.time(stage, pipelines, group));
                }
            }
            let times = samples.map(|mut times| {
                times.sort_by(f64::total_cmp);
                (times[times.len() / 2], times[0])
            });
            let (array, one) = (times[0].0, times[3].0);
            for (access, (median, best)) in accesses.into_iter().zip(times) {
                // Where the binding array adds less than 5% over the one texture, the
                // difference is noise and the quotient meaningless.
                let over = if array - one > 0.05 * array {
                    format!("{:.2}x", (median - one) / (array - one))
                } else {
                    "—".to_string()
                };
                println!(
                    "| {} | {} | {} | {median:.3} ms ({best:.3}) | {:.2}x | {over} |",
                    match stage {
                        Stage::Compute => "compute",
                        Stage::Fragment => "fragment",
                    },
                    indices.name(),
                    access.name(),
                    median / array,
                );
            }
        }
    }
}
