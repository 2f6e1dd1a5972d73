//! Runs a scenario on our implementation: wgpu with resource tables, on the Vulkan device of
//! `hal_ext::harness` (the validation layer on).
//!
//! Tables are of the standard's automatic model (`create_resource_table`): no pins.
//! The scenarios of slots hidden within a usage scope ([`Scenario::needs_automatic`]) are not
//! run here: their values agree with the text, but the validation layer of this machine
//! (1.3.239) reports a read-after-write hazard on the hidden slot's descriptor. Its
//! synchronization validation takes every descriptor of a bound array as accessed, whatever
//! the shader reads (KhronosGroup/Vulkan-ValidationLayers#3450; layers from 1.3.268 skip
//! runtime descriptor arrays), and a hidden slot keeps its descriptor: only its metadata word
//! hides it. It shows when the command buffer's first use of the texture is the conflicting
//! one (each scenario step submits its own command buffer); the GPU tests record their
//! scopes in one. Every other scenario renders to a texture, if at all, before it enters
//! the table.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use hal_ext::harness::{find_source, words, GpuContext};
use wgpu_core::resource_table::CreateResourceTableError;

use crate::{AddressMode, Filter, Outcome, Run, Scenario, Step};

/// The WGSL extension our implementation enables.
pub const ENABLE: &str = "resource_table";

struct Storage {
    layout: wgpu::PipelineLayout,
    group: wgpu::BindGroup,
    pipeline: Option<wgpu::ComputePipeline>,
}

struct Texture {
    texture: wgpu::Texture,
    view: wgpu::TextureView,
    format: wgpu::TextureFormat,
}

/// Runs `scenario` on a fresh Vulkan device and returns what it gave. Validation-layer
/// messages become [`Run::errors`] (the device's drop would otherwise fail the test before
/// the summary is printed).
pub fn run(scenario: &Scenario) -> Run {
    let gpu = GpuContext::new(wgpu::Features::SAMPLING_RESOURCE_TABLE, wgpu::Limits::default());
    let info = gpu.adapter.get_info();
    let mut run = Runner::new(&gpu, scenario).run();
    run.adapter = format!("{} ({} {})", info.name, info.driver, info.driver_info);
    run.errors.extend(
        gpu.take_validation_messages()
            .into_iter()
            .map(|m| format!("validation layer: {m}")),
    );
    run
}

struct Runner<'a> {
    gpu: &'a GpuContext,
    scenario: &'a Scenario,
    /// Validation errors outside any step's scope.
    uncaptured: Arc<Mutex<Vec<String>>>,
    textures: HashMap<String, Texture>,
    samplers: HashMap<String, wgpu::Sampler>,
    table: wgpu::ResourceTable,
    layout: wgpu::PipelineLayout,
    module: wgpu::ShaderModule,
    group: wgpu::BindGroup,
    out: wgpu::Buffer,
    results: wgpu::Buffer,
    compute: Option<wgpu::ComputePipeline>,
    render: HashMap<wgpu::TextureFormat, wgpu::RenderPipeline>,
    /// For dispatches with `storage`: the layout with group 1, its group, and the pipeline.
    storage: Option<Storage>,
    /// Command buffers of [`Step::Record`] not submitted yet.
    recorded: Vec<wgpu::CommandBuffer>,
    /// Blocks of `results` written so far.
    block: u64,
}

impl<'a> Runner<'a> {
    fn new(gpu: &'a GpuContext, scenario: &'a Scenario) -> Self {
        let device = &gpu.device;
        let uncaptured = Arc::new(Mutex::new(Vec::new()));
        let sink = uncaptured.clone();
        device.on_uncaptured_error(Arc::new(move |e: wgpu::Error| {
            sink.lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(format!("uncaptured: {e}"));
        }));

        let textures = scenario
            .textures
            .iter()
            .map(|spec| {
                let format = spec.format.wgpu();
                let mut usage = wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST;
                if spec.render_target {
                    usage |= wgpu::TextureUsages::RENDER_ATTACHMENT;
                }
                if scenario.storage_texture.as_ref() == Some(&spec.name) {
                    usage |= wgpu::TextureUsages::STORAGE_BINDING;
                }
                let texture = device.create_texture(&wgpu::TextureDescriptor {
                    label: Some(&spec.name),
                    size: wgpu::Extent3d {
                        width: spec.size.0,
                        height: spec.size.1,
                        depth_or_array_layers: spec.layers,
                    },
                    mip_level_count: spec.mips,
                    sample_count: 1,
                    dimension: spec.view.texture(),
                    format,
                    usage,
                    view_formats: &[],
                });
                if !matches!(spec.data, crate::Texels::Zero) {
                    let bytes = spec.data.bytes(spec.texel_count()).expect("checked when loaded");
                    let mut offset = 0;
                    for mip in 0..spec.mips {
                        let (w, h) = spec.mip_size(mip);
                        for layer in 0..spec.layers {
                            let len = (w * h * 4) as usize;
                            gpu.queue.write_texture(
                                wgpu::TexelCopyTextureInfo {
                                    texture: &texture,
                                    mip_level: mip,
                                    origin: wgpu::Origin3d { x: 0, y: 0, z: layer },
                                    aspect: wgpu::TextureAspect::All,
                                },
                                &bytes[offset..offset + len],
                                wgpu::TexelCopyBufferLayout {
                                    offset: 0,
                                    bytes_per_row: Some(w * 4),
                                    rows_per_image: Some(h),
                                },
                                wgpu::Extent3d {
                                    width: w,
                                    height: h,
                                    depth_or_array_layers: 1,
                                },
                            );
                            offset += len;
                        }
                    }
                }
                // A view whose usage is exactly TEXTURE_BINDING, as Dawn requires of table
                // views: both sides put the same views into their tables.
                let view = texture.create_view(&wgpu::TextureViewDescriptor {
                    label: Some(&spec.name),
                    dimension: Some(spec.view.wgpu()),
                    usage: (!spec.full_usage_view).then_some(wgpu::TextureUsages::TEXTURE_BINDING),
                    ..Default::default()
                });
                let texture = Texture { texture, view, format };
                (spec.name.clone(), texture)
            })
            .collect();

        let samplers = scenario
            .samplers
            .iter()
            .map(|spec| {
                let filter = match spec.filter {
                    Filter::Nearest => wgpu::FilterMode::Nearest,
                    Filter::Linear => wgpu::FilterMode::Linear,
                };
                let address = match spec.address {
                    AddressMode::ClampToEdge => wgpu::AddressMode::ClampToEdge,
                    AddressMode::Repeat => wgpu::AddressMode::Repeat,
                    AddressMode::MirrorRepeat => wgpu::AddressMode::MirrorRepeat,
                };
                let sampler = device.create_sampler(&wgpu::SamplerDescriptor {
                    label: Some(&spec.name),
                    address_mode_u: address,
                    address_mode_v: address,
                    address_mode_w: address,
                    mag_filter: filter,
                    min_filter: filter,
                    ..Default::default()
                });
                (spec.name.clone(), sampler)
            })
            .collect();

        let table = device.create_resource_table(&wgpu::ResourceTableDescriptor {
            label: Some("scenario"),
            size: scenario.table_size,
        });
        let group_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("out"),
            entries: &[wgpu::BindGroupLayoutEntry {
                binding: 0,
                visibility: wgpu::ShaderStages::COMPUTE | wgpu::ShaderStages::FRAGMENT,
                ty: wgpu::BindingType::Buffer {
                    ty: wgpu::BufferBindingType::Storage { read_only: false },
                    has_dynamic_offset: false,
                    min_binding_size: None,
                },
                count: None,
            }],
        });
        let layout = device.create_pipeline_layout_with_resource_table(&wgpu::PipelineLayoutDescriptor {
            label: Some("scenario"),
            bind_group_layouts: &[Some(&group_layout)],
            immediate_size: 0,
        });
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("scenario"),
            source: wgpu::ShaderSource::Wgsl(scenario.wgsl(ENABLE).into()),
        });
        let out_bytes = u64::from(scenario.out_len.max(1)) * 4;
        let out = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("out"),
            size: out_bytes,
            usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let blocks = scenario.steps.iter().filter(|s| s.reads_out()).count() as u64;
        let results = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("results"),
            size: (blocks * u64::from(scenario.out_len)).max(1) * 4,
            usage: wgpu::BufferUsages::COPY_SRC | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("out"),
            layout: &group_layout,
            entries: &[wgpu::BindGroupEntry {
                binding: 0,
                resource: out.as_entire_binding(),
            }],
        });
        let storage = scenario.storage_texture.as_ref().map(|name| {
            let storage_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
                label: Some("storage texture"),
                entries: &[wgpu::BindGroupLayoutEntry {
                    binding: 0,
                    visibility: wgpu::ShaderStages::COMPUTE,
                    ty: wgpu::BindingType::StorageTexture {
                        access: wgpu::StorageTextureAccess::WriteOnly,
                        format: wgpu::TextureFormat::R32Uint,
                        view_dimension: wgpu::TextureViewDimension::D2,
                    },
                    count: None,
                }],
            });
            let textures: &HashMap<String, Texture> = &textures;
            let view = textures[name].texture.create_view(&wgpu::TextureViewDescriptor {
                label: Some("storage"),
                dimension: Some(wgpu::TextureViewDimension::D2),
                usage: Some(wgpu::TextureUsages::STORAGE_BINDING),
                mip_level_count: Some(1),
                array_layer_count: Some(1),
                ..Default::default()
            });
            Storage {
                layout: device.create_pipeline_layout_with_resource_table(&wgpu::PipelineLayoutDescriptor {
                    label: Some("scenario + storage"),
                    bind_group_layouts: &[Some(&group_layout), Some(&storage_layout)],
                    immediate_size: 0,
                }),
                group: device.create_bind_group(&wgpu::BindGroupDescriptor {
                    label: Some("storage texture"),
                    layout: &storage_layout,
                    entries: &[wgpu::BindGroupEntry {
                        binding: 0,
                        resource: wgpu::BindingResource::TextureView(&view),
                    }],
                }),
                pipeline: None,
            }
        });
        Self {
            gpu,
            scenario,
            uncaptured,
            textures,
            samplers,
            table,
            layout,
            module,
            group,
            out,
            results,
            compute: None,
            render: HashMap::new(),
            storage,
            recorded: Vec::new(),
            block: 0,
        }
    }

    fn run(mut self) -> Run {
        let mut steps = Vec::new();
        for step in &self.scenario.steps {
            steps.push(self.step(step));
        }
        let blocks = self.block;
        let out = if blocks > 0 && self.scenario.out_len > 0 {
            words(&self.gpu.read_buffer(&self.results))
        } else {
            Vec::new()
        };
        let errors = std::mem::take(&mut *self.uncaptured.lock().unwrap_or_else(|e| e.into_inner()));
        Run {
            adapter: String::new(),
            out,
            steps,
            errors,
        }
    }

    /// Runs one step in a validation error scope.
    fn step(&mut self, step: &Step) -> Outcome {
        let device = self.gpu.device.clone();
        let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
        let result: Result<Option<u32>, Outcome> = match step {
            Step::Insert { resource, .. } => {
                let resource = binding(&self.textures, &self.samplers, resource);
                self.table
                    .insert(resource)
                    .map(Some)
                    .map_err(|_| Outcome::OperationError)
            }
            Step::Update { slot, resource, .. } => {
                let resource = binding(&self.textures, &self.samplers, resource);
                self.table
                    .update(*slot, resource)
                    .map(|()| None)
                    .map_err(|_| Outcome::OperationError)
            }
            Step::Remove { slot, .. } => self
                .table
                .remove(*slot)
                .map(|()| None)
                .map_err(|_| Outcome::OperationError),
            Step::DestroyTable => {
                self.table.destroy();
                Ok(None)
            }
            Step::DestroyTexture(name) => {
                self.textures[name].texture.destroy();
                Ok(None)
            }
            Step::CreateTable { size, .. } => {
                // The text's RangeError is thrown before the table exists; wgpu has no
                // exceptions, and reports it to the error scope as
                // `CreateResourceTableError::AboveStandardMaximum`, which stands for it.
                let (table, error) = {
                    let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
                    let table = device.create_resource_table(&wgpu::ResourceTableDescriptor {
                        label: Some("extra"),
                        size: *size,
                    });
                    (table, pollster::block_on(scope.pop()))
                };
                drop(table);
                match error {
                    Some(error)
                        if find_source::<CreateResourceTableError>(&error)
                            .is_some_and(|e| matches!(e, CreateResourceTableError::AboveStandardMaximum { .. })) =>
                    {
                        Err(Outcome::RangeError)
                    }
                    Some(_) => Err(Outcome::ValidationError),
                    None => Ok(None),
                }
            }
            Step::Dispatch { storage, .. } => {
                let commands = self.dispatch(*storage);
                self.gpu.queue.submit([commands]);
                Ok(None)
            }
            Step::Record => {
                let commands = self.dispatch(false);
                self.recorded.push(commands);
                Ok(None)
            }
            Step::SubmitRecorded { .. } => {
                self.gpu.queue.submit(std::mem::take(&mut self.recorded));
                Ok(None)
            }
            Step::Draw { target, .. } => {
                let commands = self.draw(target);
                self.gpu.queue.submit([commands]);
                Ok(None)
            }
            Step::Wait => {
                self.gpu.wait();
                Ok(None)
            }
        };
        let error = pollster::block_on(scope.pop());
        match (result, error) {
            (Err(outcome), _) => outcome,
            (Ok(Some(slot)), None) => Outcome::Slot(slot),
            (Ok(Some(slot)), Some(_)) => Outcome::SlotWithValidationError(slot),
            (Ok(None), None) => Outcome::Ok,
            (Ok(None), Some(_)) => Outcome::ValidationError,
        }
    }

    /// Records: clear `out`, `pass`, copy `out` to the next block of `results`.
    fn output_step(&mut self, pass: impl FnOnce(&Self, &mut wgpu::CommandEncoder)) -> wgpu::CommandBuffer {
        let mut encoder = self.gpu.device.create_command_encoder(&Default::default());
        encoder.clear_buffer(&self.out, 0, None);
        pass(self, &mut encoder);
        let len = u64::from(self.scenario.out_len) * 4;
        if len > 0 {
            encoder.copy_buffer_to_buffer(&self.out, 0, &self.results, self.block * len, len);
        }
        self.block += 1;
        encoder.finish()
    }

    fn compute_pipeline(&self, layout: &wgpu::PipelineLayout, entry: &str) -> wgpu::ComputePipeline {
        self.gpu
            .device
            .create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                label: Some(entry),
                layout: Some(layout),
                module: &self.module,
                entry_point: Some(entry),
                compilation_options: Default::default(),
                cache: None,
            })
    }

    fn dispatch(&mut self, storage: bool) -> wgpu::CommandBuffer {
        if storage {
            let s = self.storage.as_ref().expect("checked when loaded");
            if s.pipeline.is_none() {
                let pipeline = self.compute_pipeline(&s.layout, "main_storage");
                self.storage.as_mut().expect("checked").pipeline = Some(pipeline);
            }
        } else if self.compute.is_none() {
            self.compute = Some(self.compute_pipeline(&self.layout, "main"));
        }
        self.output_step(|this, encoder| {
            let mut pass = encoder.begin_compute_pass(&Default::default());
            pass.set_resource_table(Some(&this.table));
            pass.set_bind_group(0, &this.group, &[]);
            match (storage, &this.storage) {
                (true, Some(s)) => {
                    pass.set_pipeline(s.pipeline.as_ref().expect("created above"));
                    pass.set_bind_group(1, &s.group, &[]);
                }
                _ => pass.set_pipeline(this.compute.as_ref().expect("created above")),
            }
            pass.dispatch_workgroups(1, 1, 1);
        })
    }

    fn draw(&mut self, target: &str) -> wgpu::CommandBuffer {
        let format = self.textures[target].format;
        if !self.render.contains_key(&format) {
            let pipeline =
                hal_ext::harness::render_pipeline(&self.gpu.device, &self.module, Some(&self.layout), format);
            self.render.insert(format, pipeline);
        }
        let attachment = self.textures[target].texture.create_view(&wgpu::TextureViewDescriptor {
            label: Some("attachment"),
            dimension: Some(wgpu::TextureViewDimension::D2),
            usage: Some(wgpu::TextureUsages::RENDER_ATTACHMENT),
            base_mip_level: 0,
            mip_level_count: Some(1),
            base_array_layer: 0,
            array_layer_count: Some(1),
            ..Default::default()
        });
        self.output_step(|this, encoder| {
            let mut pass =
                hal_ext::harness::clear_pass_with_table(encoder, &attachment, wgpu::Color::TRANSPARENT, &this.table);
            pass.set_pipeline(&this.render[&format]);
            pass.set_bind_group(0, &this.group, &[]);
            pass.draw(0..3, 0..1);
        })
    }
}

/// The binding a step names.
fn binding<'t>(
    textures: &'t HashMap<String, Texture>,
    samplers: &'t HashMap<String, wgpu::Sampler>,
    name: &str,
) -> wgpu::BindingResource<'t> {
    if let Some(t) = textures.get(name) {
        return wgpu::BindingResource::TextureView(&t.view);
    }
    wgpu::BindingResource::Sampler(&samplers[name])
}
