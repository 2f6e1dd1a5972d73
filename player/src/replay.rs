//! Replaying a trace on a device through wgpu-core's `Global`, the entry points the traced
//! program called: every action is validated again, and the first one that fails stops the
//! replay with its number, its kind and wgpu's error.
//!
//! Objects are named in traces by `PointerId`s (the address of the object when it was
//! recorded); the player keeps one map per object kind from those to the ids `Global` gives
//! the objects it creates. An address can be reused once an object is dropped, so creating
//! an object replaces the entry and dropping it removes the entry.

use std::{borrow::Cow, collections::HashMap, fmt, path::Path, sync::Arc};

use wgpu_core::{
    binding_model::{BindGroupDescriptor, BindGroupEntry, BindingResource, BufferBinding, PipelineLayoutDescriptor},
    command::{
        BasePass, Command, ComputeCommand, ComputePassDescriptor, DrawCommandFamily, PassChannel, PassTimestampWrites,
        PointerReferences, RenderBundleEncoder, RenderCommand, RenderPassColorAttachment,
        RenderPassDepthStencilAttachment, RenderPassDescriptor, ResolvedPassChannel,
    },
    device::trace::{self, Data, DataKind},
    device::HostMap,
    global::Global,
    id::{self, markers, PointerId},
    pipeline,
    resource::{BufferAccessError, BufferMapOperation},
    resource_table::{
        PassMember, PassTable, PassUsage, ResourceTableSlotError, ResourceTableUpdateError, TableSet, TraceAction,
        TraceTableEntry,
    },
};
use wgpu_types as wgt;

use crate::{Action, UpstreamAction};

/// The backend a trace is replayed on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Vulkan,
    /// wgpu's noop backend: full validation, no GPU (buffer contents are kept, nothing runs).
    Noop,
}

/// A resource to read back: by its label, or by the `PointerId` number the trace gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResourceName {
    Label(String),
    Pointer(usize),
}

impl ResourceName {
    pub fn parse(text: &str) -> Self {
        match text.parse::<usize>() {
            Ok(n) => Self::Pointer(n),
            Err(_) => Self::Label(text.to_string()),
        }
    }

    fn matches(&self, pointer: usize, label: Option<&str>) -> bool {
        match self {
            Self::Pointer(p) => *p == pointer,
            Self::Label(l) => label == Some(l.as_str()),
        }
    }
}

impl fmt::Display for ResourceName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Label(l) => write!(f, "\"{l}\""),
            Self::Pointer(p) => write!(f, "PointerId({p})"),
        }
    }
}

/// What to replay and what to read back.
#[derive(Clone, Debug)]
pub struct Options {
    pub backend: Backend,
    /// Stop after this action (0-based, in call order: `trace.ron`'s actions and
    /// `resource_tables.ron`'s merged, as `player info` counts them).
    pub until: Option<usize>,
    /// Buffers and textures whose contents to read back (each the last time it is alive: just
    /// before the action that destroys or drops it, or at the end of the replay).
    pub read_back: Vec<ResourceName>,
    /// Turn on the Vulkan validation layer.
    pub validation: bool,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            backend: Backend::Vulkan,
            until: None,
            read_back: Vec::new(),
            validation: false,
        }
    }
}

/// The contents of a resource read back after (or during) a replay.
#[derive(Clone, Debug, PartialEq)]
pub enum Contents {
    Buffer(Vec<u8>),
    /// Tightly packed rows of mip 0, layer 0.
    Texture {
        format: wgt::TextureFormat,
        width: u32,
        height: u32,
        data: Vec<u8>,
    },
}

/// Why a replay stopped.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ReplayError {
    #[error(transparent)]
    Load(crate::LoadError),
    /// The trace does not start with `Init`.
    #[error("the trace does not start with Init")]
    NoInit,
    /// No adapter for the backend.
    #[error("no {backend:?} adapter: {reason}")]
    NoAdapter { backend: Backend, reason: String },
    /// The adapter refused the device the trace asks for.
    #[error("the device the trace asks for: {0}")]
    Device(#[source] ActionError),
    /// Reading back at the end of the replay failed.
    #[error("{0}")]
    Finish(#[source] ActionError),
    /// Waiting for the device at the end of the replay failed.
    #[error("waiting for the device: {0}")]
    Wait(#[source] ActionError),
    /// Action `index` (0-based) failed.
    #[error("action #{index} ({kind}): {source}")]
    Action {
        index: usize,
        kind: String,
        #[source]
        source: ActionError,
    },
    /// A resource the options ask to read back was never created.
    #[error("reading back {0}: no buffer or texture of the replayed actions has this label or PointerId")]
    NotFound(ResourceName),
}

/// Why one action, or one read-back, failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ActionError {
    /// wgpu refused a call: its error with its sources, as text (wgpu-core's errors are of
    /// many types, and the replay only reports them).
    #[error("{0}")]
    Wgpu(String),
    #[error("unknown {kind} PointerId({pointer}) (the trace never creates it)")]
    UnknownObject { kind: &'static str, pointer: usize },
    #[error("PointerId({pointer}) is dropped twice")]
    DroppedTwice { pointer: usize },
    #[error("Init may only be the first action")]
    InitNotFirst,
    /// What the player cannot replay, said as a sentence.
    #[error("{0}")]
    NotReplayed(&'static str),
    #[error("the data file holds {held} bytes, the action writes {written}")]
    DataSize { held: usize, written: u64 },
    #[error("data file {name}: {source}")]
    DataFile {
        name: String,
        #[source]
        source: std::io::Error,
    },
    #[error("shader data file {0}: unknown kind")]
    ShaderKind(String),
    #[error("shader source is not UTF-8: {0}")]
    ShaderUtf8(#[source] std::string::FromUtf8Error),
    #[error("naga module: {0}")]
    NagaModule(#[source] Box<ron::error::SpannedError>),
    #[error("SPIR-V data is not a whole number of words")]
    SpirvLength,
    /// The traced program's commands failed there; what follows assumed it.
    #[error("the traced program's command buffer failed when {when}: {error}")]
    FailedCommands { when: &'static str, error: String },
    #[error("reading back {name}: {source}")]
    ReadBack {
        name: ResourceName,
        #[source]
        source: Box<ActionError>,
    },
    #[error("cannot read back a texture of format {0:?}")]
    UnreadableFormat(wgt::TextureFormat),
    #[error("the mapping did not complete")]
    MappingIncomplete,
    /// A pass or bundle names a table other than by pointer (the form traces use).
    #[error("a trace names tables by pointer, not as {0}")]
    TableNotByPointer(String),
    #[error("a render bundle cannot hold {0}")]
    NotInBundle(String),
    /// `set_resource_usage` is a call of command encoders and compute passes.
    #[error("a render pass or bundle cannot hold a `set_resource_usage` call")]
    UsageCallNotInComputePass,
    /// A recorded pass's commands reach past the data it recorded (dynamic offsets, debug
    /// text, immediate data).
    #[error("the pass names more {0} than it recorded")]
    PassData(&'static str),
    #[error("shaders of kind {0} are not replayed")]
    ShaderKindNotReplayed(String),
}

/// What a replay did.
#[derive(Debug, Default)]
pub struct Outcome {
    /// Actions replayed (Init included).
    pub replayed: usize,
    /// Read-back contents, in the order asked.
    pub contents: Vec<(ResourceName, Contents)>,
    /// The trace was not closed (see [`crate::Trace::truncated`]).
    pub truncated: bool,
}

/// The error of one action, before its number is known.
type Fallible = Result<(), ActionError>;

fn fail<E: std::error::Error>(error: E) -> ActionError {
    // wgpu's errors keep the detail in their sources.
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(inner) = source {
        let more = inner.to_string();
        if !text.contains(&more) {
            text.push_str(": ");
            text.push_str(&more);
        }
        source = inner.source();
    }
    ActionError::Wgpu(text)
}

fn check<E: std::error::Error>(error: Option<E>) -> Fallible {
    error.map_or(Ok(()), |e| Err(fail(e)))
}

/// Records what a `Global` create call gave for `p` (an invalid object too: later actions
/// may name it) and fails with its error.
fn created<T: id::Marker, E: std::error::Error>(
    global: &Global,
    ids: &mut Ids<T>,
    p: PointerId<T>,
    (id, error): (id::Id<T>, Option<E>),
) -> Fallible {
    ids.insert(global, p, id);
    check(error)
}

/// `PointerId` → the id `Global` gave the object.
///
/// A program may drop its handle of an object that commands it already recorded still use
/// (wgpu keeps the object alive for them), and the trace shows the drop before the `Submit`
/// that holds those commands. So a dropped object stays resolvable here until its address is
/// reused by a newer object (then the old one is certainly gone in the traced program) or the
/// replay ends; only then does the player drop its id.
struct Ids<T: id::Marker> {
    live: HashMap<PointerId<T>, id::Id<T>>,
    dropped: HashMap<PointerId<T>, id::Id<T>>,
    drop: fn(&Global, id::Id<T>),
}

impl<T: id::Marker> Ids<T> {
    fn new(drop: fn(&Global, id::Id<T>)) -> Self {
        Self {
            live: HashMap::new(),
            dropped: HashMap::new(),
            drop,
        }
    }

    fn get(&self, p: PointerId<T>) -> Result<id::Id<T>, ActionError> {
        self.live
            .get(&p)
            .or_else(|| self.dropped.get(&p))
            .copied()
            .ok_or_else(|| {
                let kind = std::any::type_name::<T>().rsplit("::").next().unwrap_or("object");
                ActionError::UnknownObject {
                    kind,
                    pointer: pointer(p),
                }
            })
    }

    /// The object that held `p` before, if any (a newer object now has its address).
    fn previous(&self, p: PointerId<T>) -> Option<id::Id<T>> {
        self.live.get(&p).or_else(|| self.dropped.get(&p)).copied()
    }

    /// Records a new object, dropping the one that had its address before.
    fn insert(&mut self, global: &Global, p: PointerId<T>, id: id::Id<T>) {
        let old = [self.live.insert(p, id), self.dropped.remove(&p)];
        for old in old.into_iter().flatten() {
            (self.drop)(global, old);
        }
    }

    /// The program dropped its handle.
    fn retire(&mut self, p: PointerId<T>) -> Result<(), ActionError> {
        let id = self.live.remove(&p).ok_or_else(|| {
            self.get(p)
                .map_or_else(|e| e, |_| ActionError::DroppedTwice { pointer: pointer(p) })
        })?;
        self.dropped.insert(p, id);
        Ok(())
    }

    fn all(&self) -> Vec<(PointerId<T>, id::Id<T>)> {
        self.live.iter().chain(&self.dropped).map(|(p, id)| (*p, *id)).collect()
    }
}

fn pointer<T: id::Marker>(p: PointerId<T>) -> usize {
    let PointerId::PointerId(n, _) = p;
    n.get()
}

/// What the player keeps of a buffer's descriptor, to read the buffer back.
#[derive(Clone)]
struct BufferInfo {
    label: Option<String>,
    usage: wgt::BufferUsages,
    size: wgt::BufferAddress,
}

/// What the player keeps of a texture's descriptor, to read the texture back.
#[derive(Clone)]
struct TextureInfo {
    label: Option<String>,
    format: wgt::TextureFormat,
    size: wgt::Extent3d,
}

/// Replays one trace.
pub struct Player {
    global: Global,
    device: id::DeviceId,
    queue: id::QueueId,
    buffers: Ids<markers::Buffer>,
    buffer_descs: HashMap<id::BufferId, BufferInfo>,
    textures: Ids<markers::Texture>,
    texture_descs: HashMap<id::TextureId, TextureInfo>,
    texture_views: Ids<markers::TextureView>,
    samplers: Ids<markers::Sampler>,
    bind_group_layouts: Ids<markers::BindGroupLayout>,
    pipeline_layouts: Ids<markers::PipelineLayout>,
    bind_groups: Ids<markers::BindGroup>,
    shader_modules: Ids<markers::ShaderModule>,
    compute_pipelines: Ids<markers::ComputePipeline>,
    render_pipelines: Ids<markers::RenderPipeline>,
    pipeline_caches: Ids<markers::PipelineCache>,
    render_bundles: Ids<markers::RenderBundle>,
    query_sets: Ids<markers::QuerySet>,
    resource_tables: Ids<markers::ResourceTable>,
    read_back: Vec<ResourceName>,
    contents: Vec<(ResourceName, Contents)>,
    /// The command encoder's `set_resource_usage` calls for the next `Submit`.
    usage_calls: Vec<wgpu_core::resource_table::TraceUsageCall>,
}

/// Replays the trace in `dir`.
pub fn replay(dir: &Path, options: &Options, mut progress: impl FnMut(usize, usize)) -> Result<Outcome, ReplayError> {
    let trace = crate::load(dir).map_err(ReplayError::Load)?;
    let truncated = trace.truncated;
    let mut actions = trace.actions.into_iter();
    let Some(Action::Upstream(trace::Action::Init { desc, .. })) = actions.next() else {
        return Err(ReplayError::NoInit);
    };
    let mut player = Player::new(options, &desc)?;
    let total = options
        .until
        .map_or(actions.len() + 1, |u| (u + 1).min(actions.len() + 1));
    progress(1, total);
    let mut replayed = 1;
    for (index, action) in actions.enumerate().map(|(i, a)| (i + 1, a)) {
        if options.until.is_some_and(|until| index > until) {
            break;
        }
        let kind = crate::action_kind(&action);
        player
            .process(dir, action)
            .map_err(|source| ReplayError::Action { index, kind, source })?;
        replayed += 1;
        progress(replayed, total);
    }
    player.finish()?;
    Ok(Outcome {
        replayed,
        contents: player.contents,
        truncated,
    })
}

impl Player {
    fn new(options: &Options, desc: &wgt::DeviceDescriptor<wgpu_core::Label>) -> Result<Self, ReplayError> {
        let mut instance = wgt::InstanceDescriptor::new_without_display_handle();
        instance.backends = instance_backends(options.backend);
        if options.backend == Backend::Noop {
            instance.backend_options.noop = wgt::NoopBackendOptions::enabled();
        }
        instance.flags = if options.validation {
            wgt::InstanceFlags::VALIDATION | wgt::InstanceFlags::DEBUG
        } else {
            wgt::InstanceFlags::empty()
        };
        let global = Global::new("player", instance, None);
        let adapter = global
            .request_adapter(
                &wgt::RequestAdapterOptions::default(),
                instance_backends(options.backend),
                None,
            )
            .map_err(|e| ReplayError::NoAdapter {
                backend: options.backend,
                reason: e.to_string(),
            })?;
        let mut desc = desc.clone();
        desc.trace = wgt::Trace::Off;
        let (device, queue) = global
            .adapter_request_device(adapter, &desc, None, None)
            .map_err(|e| ReplayError::Device(fail(e)))?;
        Ok(Self {
            global,
            device,
            queue,
            buffers: Ids::new(|g, id| g.buffer_drop(id)),
            buffer_descs: HashMap::new(),
            textures: Ids::new(|g, id| g.texture_drop(id)),
            texture_descs: HashMap::new(),
            texture_views: Ids::new(|g, id| g.texture_view_drop(id)),
            samplers: Ids::new(|g, id| g.sampler_drop(id)),
            bind_group_layouts: Ids::new(|g, id| g.bind_group_layout_drop(id)),
            pipeline_layouts: Ids::new(|g, id| g.pipeline_layout_drop(id)),
            bind_groups: Ids::new(|g, id| g.bind_group_drop(id)),
            shader_modules: Ids::new(|g, id| g.shader_module_drop(id)),
            compute_pipelines: Ids::new(|g, id| g.compute_pipeline_drop(id)),
            render_pipelines: Ids::new(|g, id| g.render_pipeline_drop(id)),
            pipeline_caches: Ids::new(|g, id| g.pipeline_cache_drop(id)),
            render_bundles: Ids::new(|g, id| g.render_bundle_drop(id)),
            query_sets: Ids::new(|g, id| g.query_set_drop(id)),
            resource_tables: Ids::new(|g, id| g.resource_table_drop(id)),
            read_back: options.read_back.clone(),
            contents: Vec::new(),
            usage_calls: Vec::new(),
        })
    }

    /// The read-back name of a buffer or texture, if it is to be read back and has not been.
    fn watched(&self, pointer: usize, label: Option<&str>) -> Option<ResourceName> {
        self.read_back
            .iter()
            .find(|name| name.matches(pointer, label) && !self.contents.iter().any(|(n, _)| n == *name))
            .cloned()
    }

    fn process(&mut self, dir: &Path, action: Action) -> Fallible {
        match action {
            Action::Upstream(action) => self.process_upstream(dir, action),
            Action::Table(action) => self.process_table(action),
        }
    }

    fn process_table(&mut self, action: TraceAction) -> Fallible {
        use TraceAction as T;
        let g = &self.global;
        let device = self.device;
        match action {
            T::CreatePipelineLayoutWithResourceTable(p, desc) => {
                let desc = self.pipeline_layout(desc)?;
                let made = g.device_create_pipeline_layout_with_resource_table(device, &desc, None);
                created(g, &mut self.pipeline_layouts, p, made)?;
            }
            T::CreateResourceTable { id: p, desc, model } => {
                created(
                    g,
                    &mut self.resource_tables,
                    p,
                    g.device_create_resource_table_with_model(device, &desc, model, None),
                )?;
            }
            T::UpdateResourceTable { id: p, slot, entry } => {
                let table = self.resource_tables.get(p)?;
                let resource = self.table_entry(entry)?;
                match g.resource_table_update(table, slot, &resource) {
                    Err(ResourceTableUpdateError::Slot(ResourceTableSlotError::NotYetAvailable { .. })) => {
                        // The traced program saw the submission that freed the slot complete
                        // (polls are not traced): wait for it too.
                        g.device_poll(device, wgt::PollType::wait_indefinitely())
                            .map_err(fail)?;
                        g.resource_table_update(table, slot, &resource).map_err(fail)?;
                    }
                    other => other.map_err(fail)?,
                }
            }
            T::RemoveResourceTableBinding { id: p, slot } => g
                .resource_table_remove_binding(self.resource_tables.get(p)?, slot)
                .map_err(fail)?,
            T::DestroyResourceTable(p) => g.resource_table_destroy(self.resource_tables.get(p)?),
            T::DropResourceTable(p) => self.resource_tables.retire(p)?,
            T::PinTexture(p, usage) => {
                let texture = self.textures.get(p)?;
                match usage {
                    Some(usage) => g.texture_pin(texture, usage),
                    None => g.texture_unpin(texture),
                }
                .map_err(fail)?
            }
            T::EncoderResourceUsages { calls } => self.usage_calls = calls,
            T::SetResourceUsage { id: p, member, usage } => {
                let table = self.resource_tables.get(p)?;
                let member = self.member(member)?;
                g.resource_table_set_resource_usage(table, member, usage)
                    .map_err(fail)?
            }
            T::PinBuffer(p, usage) => {
                let buffer = self.buffers.get(p)?;
                match usage {
                    Some(usage) => g.buffer_pin(buffer, usage),
                    None => g.buffer_unpin(buffer),
                }
                .map_err(fail)?
            }
        }
        Ok(())
    }

    fn process_upstream(&mut self, dir: &Path, action: UpstreamAction) -> Fallible {
        use trace::Action as A;
        // Destroying a buffer or texture ends its contents: read it back first.
        match action {
            A::DestroyBuffer(p) => self.read_back_buffer(p, self.buffers.get(p)?)?,
            A::DestroyTexture(p) => self.read_back_texture(p, self.textures.get(p)?)?,
            _ => {}
        }
        let g = &self.global;
        let device = self.device;
        match action {
            A::Init { .. } => return Err(ActionError::InitNotFirst),
            A::CreateBuffer(p, mut desc) => {
                self.read_back_previous_buffer(p)?;
                let label = desc.label.as_deref().map(str::to_string);
                if self.watched(pointer(p), label.as_deref()).is_some()
                    && !desc.usage.contains(wgt::BufferUsages::MAP_READ)
                {
                    // To read it back; COPY_SRC changes no validation rule the trace can hit.
                    desc.usage |= wgt::BufferUsages::COPY_SRC;
                }
                let g = &self.global;
                let (id, error) = g.device_create_buffer(device, &desc, None);
                self.buffer_descs.insert(
                    id,
                    BufferInfo {
                        label,
                        usage: desc.usage,
                        size: desc.size,
                    },
                );
                created(g, &mut self.buffers, p, (id, error))?;
            }
            A::DestroyBuffer(p) => g.buffer_destroy(self.buffers.get(p)?),
            A::DropBuffer(p) => self.buffers.retire(p)?,
            A::CreateTexture(p, mut desc) | A::CreateTextureError(p, mut desc) => {
                self.read_back_previous_texture(p)?;
                let label = desc.label.as_deref().map(str::to_string);
                if self.watched(pointer(p), label.as_deref()).is_some() {
                    desc.usage |= wgt::TextureUsages::COPY_SRC;
                }
                let g = &self.global;
                let (id, error) = g.device_create_texture(device, &desc, None);
                self.texture_descs.insert(
                    id,
                    TextureInfo {
                        label,
                        format: desc.format,
                        size: desc.size,
                    },
                );
                created(g, &mut self.textures, p, (id, error))?;
            }
            A::DestroyTexture(p) => g.texture_destroy(self.textures.get(p)?),
            A::DropTexture(p) => self.textures.retire(p)?,
            A::CreateTextureView { id: p, parent, desc } => {
                created(
                    g,
                    &mut self.texture_views,
                    p,
                    g.texture_create_view(self.textures.get(parent)?, &desc, None),
                )?;
            }
            A::DropTextureView(p) => self.texture_views.retire(p)?,
            A::CreateSampler(p, desc) => {
                created(g, &mut self.samplers, p, g.device_create_sampler(device, &desc, None))?;
            }
            A::DropSampler(p) => self.samplers.retire(p)?,
            A::CreateBindGroupLayout(p, desc) => {
                created(
                    g,
                    &mut self.bind_group_layouts,
                    p,
                    g.device_create_bind_group_layout(device, &desc, None),
                )?;
            }
            A::GetRenderPipelineBindGroupLayout { id: p, pipeline, index } => {
                let pipeline = self.render_pipelines.get(pipeline)?;
                created(
                    g,
                    &mut self.bind_group_layouts,
                    p,
                    g.render_pipeline_get_bind_group_layout(pipeline, index, None),
                )?;
            }
            A::GetComputePipelineBindGroupLayout { id: p, pipeline, index } => {
                let pipeline = self.compute_pipelines.get(pipeline)?;
                created(
                    g,
                    &mut self.bind_group_layouts,
                    p,
                    g.compute_pipeline_get_bind_group_layout(pipeline, index, None),
                )?;
            }
            // Pipelines made without a layout drop the implicit layouts they created, which the
            // trace never shows being created (unless the program asked for them).
            A::DropBindGroupLayout(p) => {
                let _ = self.bind_group_layouts.retire(p);
            }
            A::CreatePipelineLayout(p, desc) => {
                let desc = self.pipeline_layout(desc)?;
                created(
                    g,
                    &mut self.pipeline_layouts,
                    p,
                    g.device_create_pipeline_layout(device, &desc, None),
                )?;
            }
            A::DropPipelineLayout(p) => {
                let _ = self.pipeline_layouts.retire(p);
            }
            A::CreateBindGroup(p, desc) => {
                let desc = self.bind_group(desc)?;
                created(
                    g,
                    &mut self.bind_groups,
                    p,
                    g.device_create_bind_group(device, &desc, None),
                )?;
            }
            A::DropBindGroup(p) => self.bind_groups.retire(p)?,
            A::CreateShaderModule { id: p, desc, data } => {
                let source = shader_source(dir, &data)?;
                created(
                    g,
                    &mut self.shader_modules,
                    p,
                    g.device_create_shader_module(device, &desc, source, None),
                )?;
            }
            A::DropShaderModule(p) => self.shader_modules.retire(p)?,
            A::CreateComputePipeline { id: p, desc } => {
                let desc = pipeline::ComputePipelineDescriptor {
                    label: desc.label,
                    layout: desc.layout.map(|l| self.pipeline_layouts.get(l)).transpose()?,
                    stage: self.stage(desc.stage)?,
                    cache: desc.cache.map(|c| self.pipeline_caches.get(c)).transpose()?,
                };
                created(
                    g,
                    &mut self.compute_pipelines,
                    p,
                    g.device_create_compute_pipeline(device, &desc, None),
                )?;
            }
            A::DropComputePipeline(p) => self.compute_pipelines.retire(p)?,
            A::CreateGeneralRenderPipeline { id: p, desc } => {
                let made = self.render_pipeline(desc)?;
                created(g, &mut self.render_pipelines, p, made)?;
            }
            A::DropRenderPipeline(p) => self.render_pipelines.retire(p)?,
            A::CreatePipelineCache { id: p, desc } => {
                // SAFETY: the cache data comes from the trace, which recorded what the driver
                // gave; `validate` in the descriptor is honoured by wgpu-core.
                let made = unsafe { g.device_create_pipeline_cache(device, &desc, None) };
                created(g, &mut self.pipeline_caches, p, made)?;
            }
            A::DropPipelineCache(p) => self.pipeline_caches.retire(p)?,
            A::CreateRenderBundle { id: p, desc, base } => {
                let made = self.render_bundle(&desc, base)?;
                created(g, &mut self.render_bundles, p, made)?;
            }
            A::DropRenderBundle(p) => self.render_bundles.retire(p)?,
            A::CreateQuerySet { id: p, desc } => {
                created(
                    g,
                    &mut self.query_sets,
                    p,
                    g.device_create_query_set(device, &desc, None),
                )?;
            }
            A::DropQuerySet(p) => self.query_sets.retire(p)?,
            A::DestroyQuerySet(p) => g.query_set_destroy(self.query_sets.get(p)?),
            A::WriteBuffer {
                id: p,
                data,
                offset,
                size,
                queued,
            } => {
                let bytes = load(dir, &data)?;
                let bytes = bytes.get(..size as usize).ok_or(ActionError::DataSize {
                    held: bytes.len(),
                    written: size,
                })?;
                let buffer = self.buffers.get(p)?;
                let mappable = self
                    .buffer_descs
                    .get(&buffer)
                    .is_some_and(|d| d.usage.contains(wgt::BufferUsages::MAP_WRITE));
                if queued || !mappable {
                    // Writes through a mapping at creation are recorded on a COPY_DST buffer.
                    g.queue_write_buffer(self.queue, buffer, offset, bytes).map_err(fail)?;
                } else {
                    self.write_mapped(buffer, offset, bytes)?;
                }
            }
            A::WriteTexture { to, data, layout, size } => {
                let bytes = load(dir, &data)?;
                let to = self.texel_copy_texture(to)?;
                g.queue_write_texture(self.queue, &to, &bytes, &layout, &size)
                    .map_err(fail)?;
            }
            A::Submit(_, commands) => {
                let calls = std::mem::take(&mut self.usage_calls);
                let buffer = self.encode(commands, calls)?;
                self.global
                    .queue_submit(self.queue, &[buffer])
                    .map_err(|(_, e)| fail(e))?;
            }
            // What follows in the trace assumed these commands failed; the replay stops here,
            // with the error the traced program got.
            A::FailedCommands {
                error,
                failed_at_submit,
                ..
            } => {
                let when = if failed_at_submit.is_some() {
                    "submitted"
                } else {
                    "finished"
                };
                return Err(ActionError::FailedCommands { when, error });
            }
            A::ConfigureSurface(..)
            | A::GetSurfaceTexture { .. }
            | A::Present(_)
            | A::DiscardSurfaceTexture(_)
            | A::ReleaseSurfaceTexture(_) => {
                return Err(ActionError::NotReplayed(
                    "surfaces are not replayed (the player has no window); record into a texture",
                ))
            }
            A::CreateExternalTexture { .. } | A::DestroyExternalTexture(_) | A::DropExternalTexture(_) => {
                return Err(ActionError::NotReplayed("external textures are not replayed"))
            }
            A::CreateShaderModulePassthrough { .. } => {
                return Err(ActionError::NotReplayed("passthrough shaders are not replayed"))
            }
            A::CreateBlas { .. } | A::DropBlas(_) | A::CreateTlas { .. } | A::DropTlas(_) => {
                return Err(ActionError::NotReplayed("acceleration structures are not replayed"))
            }
        }
        Ok(())
    }

    /// Reads back what is still alive and waits for the device.
    fn finish(&mut self) -> Result<(), ReplayError> {
        for (p, id) in self.buffers.all() {
            self.read_back_buffer(p, id).map_err(ReplayError::Finish)?;
        }
        for (p, id) in self.textures.all() {
            self.read_back_texture(p, id).map_err(ReplayError::Finish)?;
        }
        if let Some(name) = self
            .read_back
            .iter()
            .find(|n| !self.contents.iter().any(|(c, _)| c == *n))
        {
            return Err(ReplayError::NotFound(name.clone()));
        }
        self.global
            .device_poll(self.device, wgt::PollType::wait_indefinitely())
            .map_err(|e| ReplayError::Wait(fail(e)))?;
        Ok(())
    }

    /// Before a new buffer takes the address of an old one, the old one's last contents.
    fn read_back_previous_buffer(&mut self, p: PointerId<markers::Buffer>) -> Fallible {
        match self.buffers.previous(p) {
            Some(old) => self.read_back_buffer(p, old),
            None => Ok(()),
        }
    }

    fn read_back_previous_texture(&mut self, p: PointerId<markers::Texture>) -> Fallible {
        match self.textures.previous(p) {
            Some(old) => self.read_back_texture(p, old),
            None => Ok(()),
        }
    }

    fn read_back_buffer(&mut self, p: PointerId<markers::Buffer>, buffer: id::BufferId) -> Fallible {
        let Some(info) = self.buffer_descs.get(&buffer).cloned() else {
            return Ok(());
        };
        let Some(name) = self.watched(pointer(p), info.label.as_deref()) else {
            return Ok(());
        };
        let bytes = self.read_buffer(buffer, &info).map_err(|e| ActionError::ReadBack {
            name: name.clone(),
            source: Box::new(e),
        })?;
        self.contents.push((name, Contents::Buffer(bytes)));
        Ok(())
    }

    fn read_buffer(&self, buffer: id::BufferId, info: &BufferInfo) -> Result<Vec<u8>, ActionError> {
        if info.usage.contains(wgt::BufferUsages::MAP_READ) {
            return self.map_read(buffer, info.size);
        }
        self.through_staging(info.size, |g, encoder, staging| {
            g.command_encoder_copy_buffer_to_buffer(encoder, buffer, 0, staging, 0, Some(info.size))
        })
    }

    fn read_back_texture(&mut self, p: PointerId<markers::Texture>, texture: id::TextureId) -> Fallible {
        let Some(info) = self.texture_descs.get(&texture).cloned() else {
            return Ok(());
        };
        let Some(name) = self.watched(pointer(p), info.label.as_deref()) else {
            return Ok(());
        };
        let data = self.read_texture(texture, &info).map_err(|e| ActionError::ReadBack {
            name: name.clone(),
            source: Box::new(e),
        })?;
        let (format, width, height) = (info.format, info.size.width, info.size.height);
        self.contents.push((
            name,
            Contents::Texture {
                format,
                width,
                height,
                data,
            },
        ));
        Ok(())
    }

    /// Mip 0, layer 0 of a texture, rows tightly packed.
    fn read_texture(&self, texture: id::TextureId, info: &TextureInfo) -> Result<Vec<u8>, ActionError> {
        let format = info.format;
        let block = format
            .block_copy_size(None)
            .filter(|_| format.block_dimensions() == (1, 1))
            .ok_or(ActionError::UnreadableFormat(format))?;
        let (width, height) = (info.size.width, info.size.height);
        let row = width * block;
        let padded = row.div_ceil(wgt::COPY_BYTES_PER_ROW_ALIGNMENT) * wgt::COPY_BYTES_PER_ROW_ALIGNMENT;
        let size = u64::from(padded) * u64::from(height);
        let padded_bytes = self.through_staging(size, |g, encoder, staging| {
            let src = wgt::TexelCopyTextureInfo {
                texture,
                mip_level: 0,
                origin: wgt::Origin3d::ZERO,
                aspect: wgt::TextureAspect::All,
            };
            let layout = wgt::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(padded),
                rows_per_image: Some(height),
            };
            let dst = wgt::TexelCopyBufferInfo {
                buffer: staging,
                layout,
            };
            let extent = wgt::Extent3d {
                width,
                height,
                depth_or_array_layers: 1,
            };
            g.command_encoder_copy_texture_to_buffer(encoder, &src, &dst, &extent)
        })?;
        Ok(padded_bytes
            .chunks(padded as usize)
            .flat_map(|r| &r[..row as usize])
            .copied()
            .collect())
    }

    /// Copies into a new `size`-byte staging buffer with `copy`, submits, and maps it back.
    fn through_staging(
        &self,
        size: u64,
        copy: impl FnOnce(&Global, id::CommandEncoderId, id::BufferId) -> Result<(), wgpu_core::command::EncoderStateError>,
    ) -> Result<Vec<u8>, ActionError> {
        let staging = self.staging(size)?;
        let result = self
            .submit_copy(|g, encoder| copy(g, encoder, staging))
            .and_then(|()| self.map_read(staging, size));
        self.global.buffer_drop(staging);
        result
    }

    fn staging(&self, size: u64) -> Result<id::BufferId, ActionError> {
        let desc = wgt::BufferDescriptor {
            label: Some(Cow::Borrowed("player read-back")),
            size,
            usage: wgt::BufferUsages::MAP_READ | wgt::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        };
        let (id, error) = self.global.device_create_buffer(self.device, &desc, None);
        check(error)?;
        Ok(id)
    }

    /// Encodes and submits one copy the player needs (ids, not trace pointers).
    fn submit_copy(
        &self,
        copy: impl FnOnce(&Global, id::CommandEncoderId) -> Result<(), wgpu_core::command::EncoderStateError>,
    ) -> Fallible {
        let g = &self.global;
        let (encoder, error) =
            g.device_create_command_encoder(self.device, &wgt::CommandEncoderDescriptor { label: None }, None);
        check(error)?;
        copy(g, encoder).map_err(fail)?;
        let (buffer, error) = g.command_encoder_finish(encoder, &wgt::CommandBufferDescriptor { label: None }, None);
        check(error.map(|(_, e)| e))?;
        g.queue_submit(self.queue, &[buffer]).map_err(|(_, e)| fail(e))?;
        Ok(())
    }

    fn map(&self, buffer: id::BufferId, host: HostMap, size: Option<u64>) -> Fallible {
        let result = Arc::new(std::sync::Mutex::new(None));
        let sink = result.clone();
        let op = BufferMapOperation {
            host,
            callback: Some(Box::new(move |r: Result<(), BufferAccessError>| {
                *sink.lock().unwrap() = Some(r.map_err(fail));
            })),
        };
        self.global.buffer_map_async(buffer, 0, size, op).map_err(fail)?;
        self.global
            .device_poll(self.device, wgt::PollType::wait_indefinitely())
            .map_err(fail)?;
        let outcome = result.lock().unwrap().take();
        outcome.unwrap_or(Err(ActionError::MappingIncomplete))
    }

    fn map_read(&self, buffer: id::BufferId, size: u64) -> Result<Vec<u8>, ActionError> {
        self.map(buffer, HostMap::Read, Some(size))?;
        let (ptr, len) = self
            .global
            .buffer_get_mapped_range(buffer, 0, Some(size))
            .map_err(fail)?;
        // SAFETY: the range is mapped for reading and stays mapped until `unmap` below.
        let bytes = unsafe { std::slice::from_raw_parts(ptr.as_ptr(), len as usize) }.to_vec();
        self.global.buffer_unmap(buffer).map_err(fail)?;
        Ok(bytes)
    }

    fn write_mapped(&self, buffer: id::BufferId, offset: u64, bytes: &[u8]) -> Fallible {
        self.map(buffer, HostMap::Write, None)?;
        let (ptr, len) = self
            .global
            .buffer_get_mapped_range(buffer, offset, Some(bytes.len() as u64))
            .map_err(fail)?;
        // SAFETY: the range is mapped for writing, `len` bytes long, until `unmap` below.
        unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), ptr.as_ptr(), bytes.len().min(len as usize)) };
        self.global.buffer_unmap(buffer).map_err(fail)
    }

    fn pipeline_layout<'a>(
        &self,
        desc: PipelineLayoutDescriptor<'a, PointerId<markers::BindGroupLayout>>,
    ) -> Result<PipelineLayoutDescriptor<'a>, ActionError> {
        Ok(PipelineLayoutDescriptor {
            label: desc.label,
            bind_group_layouts: desc
                .bind_group_layouts
                .iter()
                .map(|l| l.map(|l| self.bind_group_layouts.get(l)).transpose())
                .collect::<Result<_, _>>()?,
            immediate_size: desc.immediate_size,
        })
    }

    fn bind_group<'a>(
        &self,
        desc: trace::TraceBindGroupDescriptor<'a>,
    ) -> Result<BindGroupDescriptor<'a>, ActionError> {
        let buffer = |b: &BufferBinding<PointerId<markers::Buffer>>| -> Result<BufferBinding, ActionError> {
            Ok(BufferBinding {
                buffer: self.buffers.get(b.buffer)?,
                offset: b.offset,
                size: b.size,
            })
        };
        let entries = desc
            .entries
            .iter()
            .map(|entry| {
                let resource = match &entry.resource {
                    BindingResource::Buffer(b) => BindingResource::Buffer(buffer(b)?),
                    BindingResource::BufferArray(bs) => {
                        BindingResource::BufferArray(bs.iter().map(buffer).collect::<Result<_, _>>()?)
                    }
                    BindingResource::Sampler(s) => BindingResource::Sampler(self.samplers.get(*s)?),
                    BindingResource::SamplerArray(ss) => BindingResource::SamplerArray(
                        ss.iter().map(|s| self.samplers.get(*s)).collect::<Result<_, _>>()?,
                    ),
                    BindingResource::TextureView(v) => BindingResource::TextureView(self.texture_views.get(*v)?),
                    BindingResource::TextureViewArray(vs) => BindingResource::TextureViewArray(
                        vs.iter()
                            .map(|v| self.texture_views.get(*v))
                            .collect::<Result<_, _>>()?,
                    ),
                    BindingResource::AccelerationStructure(_)
                    | BindingResource::AccelerationStructureArray(_)
                    | BindingResource::ExternalTexture(_) => {
                        return Err(ActionError::NotReplayed(
                            "bind groups with acceleration structures or external textures are not replayed",
                        ))
                    }
                };
                Ok(BindGroupEntry {
                    binding: entry.binding,
                    resource,
                })
            })
            .collect::<Result<Vec<_>, ActionError>>()?;
        Ok(BindGroupDescriptor {
            label: desc.label,
            layout: self.bind_group_layouts.get(desc.layout)?,
            entries: Cow::Owned(entries),
        })
    }

    fn table_entry(&self, entry: TraceTableEntry) -> Result<BindingResource<'static>, ActionError> {
        Ok(match entry {
            TraceTableEntry::TextureView(v) => BindingResource::TextureView(self.texture_views.get(v)?),
            TraceTableEntry::Sampler(s) => BindingResource::Sampler(self.samplers.get(s)?),
            TraceTableEntry::Buffer { buffer, offset, size } => BindingResource::Buffer(BufferBinding {
                buffer: self.buffers.get(buffer)?,
                offset,
                size,
            }),
        })
    }

    fn stage<'a>(
        &self,
        stage: pipeline::ProgrammableStageDescriptor<'a, PointerId<markers::ShaderModule>>,
    ) -> Result<pipeline::ProgrammableStageDescriptor<'a>, ActionError> {
        Ok(pipeline::ProgrammableStageDescriptor {
            module: self.shader_modules.get(stage.module)?,
            entry_point: stage.entry_point,
            constants: stage.constants,
            zero_initialize_workgroup_memory: stage.zero_initialize_workgroup_memory,
        })
    }

    fn render_pipeline(
        &self,
        desc: trace::TraceGeneralRenderPipelineDescriptor,
    ) -> Result<(id::RenderPipelineId, Option<pipeline::CreateRenderPipelineError>), ActionError> {
        let layout = desc.layout.map(|l| self.pipeline_layouts.get(l)).transpose()?;
        let cache = desc.cache.map(|c| self.pipeline_caches.get(c)).transpose()?;
        let fragment = desc
            .fragment
            .map(|f| -> Result<_, ActionError> {
                Ok(pipeline::FragmentState {
                    stage: self.stage(f.stage)?,
                    targets: f.targets,
                })
            })
            .transpose()?;
        Ok(match desc.vertex {
            pipeline::RenderPipelineVertexProcessor::Vertex(vertex) => {
                let desc = pipeline::RenderPipelineDescriptor {
                    label: desc.label,
                    layout,
                    vertex: pipeline::VertexState {
                        stage: self.stage(vertex.stage)?,
                        buffers: vertex.buffers,
                    },
                    primitive: desc.primitive,
                    depth_stencil: desc.depth_stencil,
                    multisample: desc.multisample,
                    fragment,
                    multiview_mask: desc.multiview_mask,
                    cache,
                };
                self.global.device_create_render_pipeline(self.device, &desc, None)
            }
            pipeline::RenderPipelineVertexProcessor::Mesh(task, mesh) => {
                let desc = pipeline::MeshPipelineDescriptor {
                    label: desc.label,
                    layout,
                    task: task
                        .map(|t| -> Result<_, ActionError> {
                            Ok(pipeline::TaskState {
                                stage: self.stage(t.stage)?,
                            })
                        })
                        .transpose()?,
                    mesh: pipeline::MeshState {
                        stage: self.stage(mesh.stage)?,
                    },
                    primitive: desc.primitive,
                    depth_stencil: desc.depth_stencil,
                    multisample: desc.multisample,
                    fragment,
                    multiview: desc.multiview_mask,
                    cache,
                };
                self.global.device_create_mesh_pipeline(self.device, &desc, None)
            }
        })
    }

    fn texel_copy_texture(
        &self,
        info: wgt::TexelCopyTextureInfo<PointerId<markers::Texture>>,
    ) -> Result<wgt::TexelCopyTextureInfo<id::TextureId>, ActionError> {
        Ok(wgt::TexelCopyTextureInfo {
            texture: self.textures.get(info.texture)?,
            mip_level: info.mip_level,
            origin: info.origin,
            aspect: info.aspect,
        })
    }

    fn texel_copy_buffer(
        &self,
        info: wgt::TexelCopyBufferInfo<PointerId<markers::Buffer>>,
    ) -> Result<wgt::TexelCopyBufferInfo<id::BufferId>, ActionError> {
        Ok(wgt::TexelCopyBufferInfo {
            buffer: self.buffers.get(info.buffer)?,
            layout: info.layout,
        })
    }

    fn timestamp_writes(
        &self,
        writes: Option<PassTimestampWrites<PointerId<markers::QuerySet>>>,
    ) -> Result<Option<PassTimestampWrites>, ActionError> {
        writes
            .map(|w| {
                Ok(PassTimestampWrites {
                    query_set: self.query_sets.get(w.query_set)?,
                    beginning_of_pass_write_index: w.beginning_of_pass_write_index,
                    end_of_pass_write_index: w.end_of_pass_write_index,
                })
            })
            .transpose()
    }

    /// Records a traced command buffer through the encoder entry points; returns it finished.
    fn encode(
        &self,
        commands: Vec<Command<PointerReferences>>,
        calls: Vec<wgpu_core::resource_table::TraceUsageCall>,
    ) -> Result<id::CommandBufferId, ActionError> {
        let g = &self.global;
        let (encoder, error) =
            g.device_create_command_encoder(self.device, &wgt::CommandEncoderDescriptor { label: None }, None);
        check(error)?;
        let mut calls = calls.into_iter().peekable();
        let mut usage_calls_before = |index: usize| -> Fallible {
            while let Some(call) = calls.next_if(|call| call.before <= index) {
                let table = self.resource_tables.get(call.table)?;
                g.command_encoder_set_resource_usage(encoder, table, self.member(call.member)?, call.usage)
                    .map_err(fail)?;
            }
            Ok(())
        };
        for (index, command) in commands.into_iter().enumerate() {
            usage_calls_before(index)?;
            match command {
                Command::CopyBufferToBuffer {
                    src,
                    src_offset,
                    dst,
                    dst_offset,
                    size,
                } => g.command_encoder_copy_buffer_to_buffer(
                    encoder,
                    self.buffers.get(src)?,
                    src_offset,
                    self.buffers.get(dst)?,
                    dst_offset,
                    size,
                ),
                Command::CopyBufferToTexture { src, dst, size } => g.command_encoder_copy_buffer_to_texture(
                    encoder,
                    &self.texel_copy_buffer(src)?,
                    &self.texel_copy_texture(dst)?,
                    &size,
                ),
                Command::CopyTextureToBuffer { src, dst, size } => g.command_encoder_copy_texture_to_buffer(
                    encoder,
                    &self.texel_copy_texture(src)?,
                    &self.texel_copy_buffer(dst)?,
                    &size,
                ),
                Command::CopyTextureToTexture { src, dst, size } => g.command_encoder_copy_texture_to_texture(
                    encoder,
                    &self.texel_copy_texture(src)?,
                    &self.texel_copy_texture(dst)?,
                    &size,
                ),
                Command::ClearBuffer { dst, offset, size } => {
                    g.command_encoder_clear_buffer(encoder, self.buffers.get(dst)?, offset, size)
                }
                Command::ClearTexture { dst, subresource_range } => {
                    g.command_encoder_clear_texture(encoder, self.textures.get(dst)?, &subresource_range)
                }
                Command::WriteTimestamp { query_set, query_index } => {
                    g.command_encoder_write_timestamp(encoder, self.query_sets.get(query_set)?, query_index)
                }
                Command::ResolveQuerySet {
                    query_set,
                    start_query,
                    query_count,
                    destination,
                    destination_offset,
                } => g.command_encoder_resolve_query_set(
                    encoder,
                    self.query_sets.get(query_set)?,
                    start_query,
                    query_count,
                    self.buffers.get(destination)?,
                    destination_offset,
                ),
                Command::PushDebugGroup(label) => g.command_encoder_push_debug_group(encoder, &label),
                Command::PopDebugGroup => g.command_encoder_pop_debug_group(encoder),
                Command::InsertDebugMarker(label) => g.command_encoder_insert_debug_marker(encoder, &label),
                Command::RunComputePass { pass, timestamp_writes } => {
                    self.compute_pass(encoder, pass, timestamp_writes)?;
                    Ok(())
                }
                Command::RunRenderPass {
                    pass,
                    color_attachments,
                    depth_stencil_attachment,
                    timestamp_writes,
                    occlusion_query_set,
                    multiview_mask,
                } => {
                    let color_attachments = color_attachments
                        .into_iter()
                        .map(|a| {
                            a.map(|a| -> Result<_, ActionError> {
                                Ok(RenderPassColorAttachment {
                                    view: self.texture_views.get(a.view)?,
                                    depth_slice: a.depth_slice,
                                    resolve_target: a.resolve_target.map(|r| self.texture_views.get(r)).transpose()?,
                                    load_op: a.load_op,
                                    store_op: a.store_op,
                                })
                            })
                            .transpose()
                        })
                        .collect::<Result<Vec<_>, _>>()?;
                    let depth_stencil_attachment = depth_stencil_attachment
                        .map(|d| -> Result<_, ActionError> {
                            Ok(RenderPassDepthStencilAttachment {
                                view: self.texture_views.get(d.view)?,
                                depth: pass_channel(d.depth),
                                stencil: pass_channel(d.stencil),
                            })
                        })
                        .transpose()?;
                    let desc = RenderPassDescriptor {
                        label: pass.label.clone().map(Cow::Owned),
                        color_attachments: Cow::Owned(color_attachments),
                        depth_stencil_attachment,
                        timestamp_writes: self.timestamp_writes(timestamp_writes)?,
                        occlusion_query_set: occlusion_query_set.map(|q| self.query_sets.get(q)).transpose()?,
                        multiview_mask,
                    };
                    self.render_pass(encoder, &desc, pass)?;
                    Ok(())
                }
                Command::BuildAccelerationStructures { .. } => {
                    return Err(ActionError::NotReplayed(
                        "acceleration structure builds are not replayed",
                    ))
                }
                Command::TransitionResources { .. } => {
                    return Err(ActionError::NotReplayed(
                        "explicit resource transitions are not replayed",
                    ))
                }
            }
            .map_err(fail)?;
        }
        usage_calls_before(usize::MAX)?;
        let (buffer, error) = g.command_encoder_finish(encoder, &wgt::CommandBufferDescriptor { label: None }, None);
        check(error.map(|(_, e)| e))?;
        Ok(buffer)
    }

    fn compute_pass(
        &self,
        encoder: id::CommandEncoderId,
        base: BasePass<ComputeCommand<PointerReferences>, std::convert::Infallible>,
        timestamp_writes: Option<PassTimestampWrites<PointerId<markers::QuerySet>>>,
    ) -> Fallible {
        let g = &self.global;
        let desc = ComputePassDescriptor {
            label: base.label.clone().map(Cow::Owned),
            timestamp_writes: self.timestamp_writes(timestamp_writes)?,
        };
        let (mut pass, error) = g.command_encoder_begin_compute_pass(encoder, &desc);
        check(error)?;
        let mut data = PassData::new(&base);
        let mut tables = self.table_sets(&base.resource_tables)?;
        for (index, command) in base.commands.into_iter().enumerate() {
            for (table, _, usage) in tables.before(index) {
                set_compute_pass_table(g, &mut pass, table, usage)?;
            }
            match command {
                ComputeCommand::SetBindGroup {
                    index,
                    num_dynamic_offsets,
                    bind_group,
                } => {
                    let group = bind_group.map(|b| self.bind_groups.get(b)).transpose()?;
                    g.compute_pass_set_bind_group(&mut pass, index, group, data.offsets(num_dynamic_offsets)?)
                }
                ComputeCommand::SetPipeline(p) => {
                    g.compute_pass_set_pipeline(&mut pass, self.compute_pipelines.get(p)?)
                }
                ComputeCommand::SetImmediate {
                    offset,
                    size_bytes,
                    values_offset,
                } => {
                    let bytes = data.immediates(Some(values_offset), size_bytes)?;
                    g.compute_pass_set_immediates(&mut pass, offset, &bytes)
                }
                ComputeCommand::DispatchWorkgroups([x, y, z]) => g.compute_pass_dispatch_workgroups(&mut pass, x, y, z),
                ComputeCommand::DispatchWorkgroupsIndirect { buffer, offset } => {
                    g.compute_pass_dispatch_workgroups_indirect(&mut pass, self.buffers.get(buffer)?, offset)
                }
                ComputeCommand::PushDebugGroup { color, len } => {
                    g.compute_pass_push_debug_group(&mut pass, &data.string(len)?, color)
                }
                ComputeCommand::PopDebugGroup => g.compute_pass_pop_debug_group(&mut pass),
                ComputeCommand::InsertDebugMarker { color, len } => {
                    g.compute_pass_insert_debug_marker(&mut pass, &data.string(len)?, color)
                }
                ComputeCommand::WriteTimestamp { query_set, query_index } => {
                    g.compute_pass_write_timestamp(&mut pass, self.query_sets.get(query_set)?, query_index)
                }
                ComputeCommand::BeginPipelineStatisticsQuery { query_set, query_index } => g
                    .compute_pass_begin_pipeline_statistics_query(
                        &mut pass,
                        self.query_sets.get(query_set)?,
                        query_index,
                    ),
                ComputeCommand::EndPipelineStatisticsQuery => g.compute_pass_end_pipeline_statistics_query(&mut pass),
                ComputeCommand::TransitionResources { .. } => {
                    return Err(ActionError::NotReplayed(
                        "explicit resource transitions are not replayed",
                    ))
                }
            }
            .map_err(fail)?;
        }
        for (table, _, usage) in tables.before(usize::MAX) {
            set_compute_pass_table(g, &mut pass, table, usage)?;
        }
        g.compute_pass_end(&mut pass).map_err(fail)
    }

    fn render_pass(
        &self,
        encoder: id::CommandEncoderId,
        desc: &RenderPassDescriptor,
        base: BasePass<RenderCommand<PointerReferences>, std::convert::Infallible>,
    ) -> Fallible {
        let g = &self.global;
        let (mut pass, error) = g.command_encoder_begin_render_pass(encoder, desc);
        check(error)?;
        let mut data = PassData::new(&base);
        let mut tables = self.table_sets(&base.resource_tables)?;
        for (index, command) in base.commands.into_iter().enumerate() {
            for (table, fixed, usage) in tables.before(index) {
                set_render_pass_table(g, &mut pass, table, fixed, usage)?;
            }
            let pass = &mut pass;
            match command {
                RenderCommand::SetBindGroup {
                    index,
                    num_dynamic_offsets,
                    bind_group,
                } => {
                    let group = bind_group.map(|b| self.bind_groups.get(b)).transpose()?;
                    g.render_pass_set_bind_group(pass, index, group, data.offsets(num_dynamic_offsets)?)
                }
                RenderCommand::SetPipeline(p) => g.render_pass_set_pipeline(pass, self.render_pipelines.get(p)?),
                RenderCommand::SetIndexBuffer {
                    buffer,
                    index_format,
                    offset,
                    size,
                } => g.render_pass_set_index_buffer(pass, self.buffers.get(buffer)?, index_format, offset, size),
                RenderCommand::SetVertexBuffer {
                    slot,
                    buffer,
                    offset,
                    size,
                } => {
                    let buffer = buffer.map(|b| self.buffers.get(b)).transpose()?;
                    g.render_pass_set_vertex_buffer(pass, slot, buffer, offset, size)
                }
                RenderCommand::SetBlendConstant(color) => g.render_pass_set_blend_constant(pass, color),
                RenderCommand::SetStencilReference(value) => g.render_pass_set_stencil_reference(pass, value),
                RenderCommand::SetViewport {
                    rect,
                    depth_min,
                    depth_max,
                } => g.render_pass_set_viewport(pass, rect.x, rect.y, rect.w, rect.h, depth_min, depth_max),
                RenderCommand::SetScissor(rect) => g.render_pass_set_scissor_rect(pass, rect.x, rect.y, rect.w, rect.h),
                RenderCommand::SetImmediate {
                    offset,
                    size_bytes,
                    values_offset,
                } => {
                    let bytes = data.immediates(values_offset, size_bytes)?;
                    g.render_pass_set_immediates(pass, offset, &bytes)
                }
                RenderCommand::Draw {
                    vertex_count,
                    instance_count,
                    first_vertex,
                    first_instance,
                } => g.render_pass_draw(pass, vertex_count, instance_count, first_vertex, first_instance),
                RenderCommand::DrawIndexed {
                    index_count,
                    instance_count,
                    first_index,
                    base_vertex,
                    first_instance,
                } => g.render_pass_draw_indexed(
                    pass,
                    index_count,
                    instance_count,
                    first_index,
                    base_vertex,
                    first_instance,
                ),
                RenderCommand::DrawMeshTasks {
                    group_count_x,
                    group_count_y,
                    group_count_z,
                } => {
                    g.render_pass_draw_mesh_tasks(pass, group_count_x, group_count_y, group_count_z)
                        .map_err(fail)?;
                    Ok(())
                }
                RenderCommand::DrawIndirect {
                    buffer,
                    offset,
                    count,
                    family,
                    ..
                } => {
                    let buffer = self.buffers.get(buffer)?;
                    match (family, count) {
                        (DrawCommandFamily::Draw, 1) => g.render_pass_draw_indirect(pass, buffer, offset),
                        (DrawCommandFamily::DrawIndexed, 1) => {
                            g.render_pass_draw_indexed_indirect(pass, buffer, offset)
                        }
                        (DrawCommandFamily::DrawMeshTasks, 1) => {
                            g.render_pass_draw_mesh_tasks_indirect(pass, buffer, offset)
                                .map_err(fail)?;
                            Ok(())
                        }
                        (DrawCommandFamily::Draw, n) => g.render_pass_multi_draw_indirect(pass, buffer, offset, n),
                        (DrawCommandFamily::DrawIndexed, n) => {
                            g.render_pass_multi_draw_indexed_indirect(pass, buffer, offset, n)
                        }
                        (DrawCommandFamily::DrawMeshTasks, n) => {
                            g.render_pass_multi_draw_mesh_tasks_indirect(pass, buffer, offset, n)
                                .map_err(fail)?;
                            Ok(())
                        }
                    }
                }
                RenderCommand::MultiDrawIndirectCount {
                    buffer,
                    offset,
                    count_buffer,
                    count_buffer_offset,
                    max_count,
                    family,
                } => {
                    let (buffer, count_buffer) = (self.buffers.get(buffer)?, self.buffers.get(count_buffer)?);
                    let f = match family {
                        DrawCommandFamily::Draw => Global::render_pass_multi_draw_indirect_count,
                        DrawCommandFamily::DrawIndexed => Global::render_pass_multi_draw_indexed_indirect_count,
                        DrawCommandFamily::DrawMeshTasks => {
                            g.render_pass_multi_draw_mesh_tasks_indirect_count(
                                pass,
                                buffer,
                                offset,
                                count_buffer,
                                count_buffer_offset,
                                max_count,
                            )
                            .map_err(fail)?;
                            continue;
                        }
                    };
                    f(g, pass, buffer, offset, count_buffer, count_buffer_offset, max_count)
                }
                RenderCommand::PushDebugGroup { color, len } => {
                    g.render_pass_push_debug_group(pass, &data.string(len)?, color)
                }
                RenderCommand::PopDebugGroup => g.render_pass_pop_debug_group(pass),
                RenderCommand::InsertDebugMarker { color, len } => {
                    g.render_pass_insert_debug_marker(pass, &data.string(len)?, color)
                }
                RenderCommand::WriteTimestamp { query_set, query_index } => {
                    g.render_pass_write_timestamp(pass, self.query_sets.get(query_set)?, query_index)
                }
                RenderCommand::BeginOcclusionQuery { query_index } => {
                    g.render_pass_begin_occlusion_query(pass, query_index)
                }
                RenderCommand::EndOcclusionQuery => g.render_pass_end_occlusion_query(pass),
                RenderCommand::BeginPipelineStatisticsQuery { query_set, query_index } => {
                    g.render_pass_begin_pipeline_statistics_query(pass, self.query_sets.get(query_set)?, query_index)
                }
                RenderCommand::EndPipelineStatisticsQuery => g.render_pass_end_pipeline_statistics_query(pass),
                RenderCommand::ExecuteBundle(bundle) => {
                    g.render_pass_execute_bundles(pass, &[self.render_bundles.get(bundle)?])
                }
            }
            .map_err(fail)?;
        }
        for (table, fixed, usage) in tables.before(usize::MAX) {
            set_render_pass_table(g, &mut pass, table, fixed, usage)?;
        }
        g.render_pass_end(&mut pass).map_err(fail)
    }

    /// The replayed texture or buffer of a traced `set_resource_usage`.
    fn member(
        &self,
        member: wgpu_core::resource_table::TraceMember,
    ) -> Result<wgpu_core::resource_table::TableMemberId, ActionError> {
        use wgpu_core::resource_table::{TableMemberId, TraceMember};
        Ok(match member {
            TraceMember::Texture(t) => TableMemberId::Texture(self.textures.get(t)?),
            TraceMember::Buffer(b) => TableMemberId::Buffer(self.buffers.get(b)?),
        })
    }

    /// A pass's or bundle's `set_resource_table` calls, with the tables replayed so far.
    fn table_sets(&self, sets: &[TableSet]) -> Result<TableSets, ActionError> {
        let sets = sets
            .iter()
            .map(|set| {
                let table = match &set.table {
                    None => None,
                    Some(PassTable::Pointer(pointer)) => Some(self.resource_tables.get(*pointer)?),
                    Some(other) => return Err(ActionError::TableNotByPointer(format!("{other:?}"))),
                };
                let usage = match &set.usage {
                    None => None,
                    Some(PassUsage {
                        member: PassMember::Pointer(member),
                        usage,
                    }) => Some((self.member(*member)?, *usage)),
                    Some(other) => return Err(ActionError::TableNotByPointer(format!("{other:?}"))),
                };
                Ok((set.before, table, set.fixed, usage))
            })
            .collect::<Result<Vec<_>, ActionError>>()?;
        Ok(TableSets(sets.into_iter().peekable()))
    }

    fn render_bundle(
        &self,
        desc: &wgpu_core::command::RenderBundleEncoderDescriptor,
        base: BasePass<RenderCommand<PointerReferences>, std::convert::Infallible>,
    ) -> Result<(id::RenderBundleId, Option<wgpu_core::command::RenderBundleError>), ActionError> {
        let g = &self.global;
        let (mut bundle, error) = g.device_create_render_bundle_encoder(self.device, desc);
        if let Some(error) = error {
            return Err(fail(error));
        }
        let mut data = PassData::new(&base);
        let mut tables = self.table_sets(&base.resource_tables)?;
        for (index, command) in base.commands.into_iter().enumerate() {
            for (table, _, usage) in tables.before(index) {
                if usage.is_some() {
                    return Err(ActionError::UsageCallNotInComputePass);
                }
                bundle.set_resource_table(table).map_err(fail)?;
            }
            let encoder: &mut RenderBundleEncoder = &mut bundle;
            match command {
                RenderCommand::SetBindGroup {
                    index,
                    num_dynamic_offsets,
                    bind_group,
                } => {
                    let group = bind_group.map(|b| self.bind_groups.get(b)).transpose()?;
                    encoder.set_bind_group(index, group, data.offsets(num_dynamic_offsets)?)
                }
                RenderCommand::SetPipeline(p) => encoder.set_pipeline(self.render_pipelines.get(p)?),
                RenderCommand::SetIndexBuffer {
                    buffer,
                    index_format,
                    offset,
                    size,
                } => encoder.set_index_buffer(self.buffers.get(buffer)?, index_format, offset, size),
                RenderCommand::SetVertexBuffer {
                    slot,
                    buffer,
                    offset,
                    size,
                } => encoder.set_vertex_buffer(slot, buffer.map(|b| self.buffers.get(b)).transpose()?, offset, size),
                RenderCommand::SetImmediate {
                    offset,
                    size_bytes,
                    values_offset,
                } => {
                    let bytes = data.immediates(values_offset, size_bytes)?;
                    encoder.set_immediates(offset, &bytes)
                }
                RenderCommand::Draw {
                    vertex_count,
                    instance_count,
                    first_vertex,
                    first_instance,
                } => encoder.draw(vertex_count, instance_count, first_vertex, first_instance),
                RenderCommand::DrawIndexed {
                    index_count,
                    instance_count,
                    first_index,
                    base_vertex,
                    first_instance,
                } => encoder.draw_indexed(index_count, instance_count, first_index, base_vertex, first_instance),
                RenderCommand::DrawIndirect {
                    buffer,
                    offset,
                    family: DrawCommandFamily::Draw,
                    count: 1,
                    ..
                } => encoder.draw_indirect(self.buffers.get(buffer)?, offset),
                RenderCommand::DrawIndirect {
                    buffer,
                    offset,
                    family: DrawCommandFamily::DrawIndexed,
                    count: 1,
                    ..
                } => encoder.draw_indexed_indirect(self.buffers.get(buffer)?, offset),
                RenderCommand::PushDebugGroup { len, .. } => encoder.push_debug_group(&data.string(len)?),
                RenderCommand::PopDebugGroup => encoder.pop_debug_group(),
                RenderCommand::InsertDebugMarker { len, .. } => encoder.insert_debug_marker(&data.string(len)?),
                other => return Err(ActionError::NotInBundle(format!("{other:?}"))),
            }
            .map_err(fail)?;
        }
        for (table, _, usage) in tables.before(usize::MAX) {
            if usage.is_some() {
                return Err(ActionError::UsageCallNotInComputePass);
            }
            bundle.set_resource_table(table).map_err(fail)?;
        }
        let label = desc.label.clone();
        let (id, error) = g.render_bundle_encoder_finish(&mut bundle, &wgt::RenderBundleDescriptor { label }, None);
        Ok((id, error))
    }
}

fn instance_backends(backend: Backend) -> wgt::Backends {
    match backend {
        Backend::Vulkan => wgt::Backends::VULKAN,
        Backend::Noop => wgt::Backends::NOOP,
    }
}

/// A recorded depth or stencil channel as the pass descriptor asks for it.
fn pass_channel<V: Copy>(channel: ResolvedPassChannel<V>) -> PassChannel<Option<V>> {
    match channel {
        ResolvedPassChannel::ReadOnly => PassChannel {
            load_op: None,
            store_op: None,
            read_only: true,
        },
        ResolvedPassChannel::Operational(ops) => PassChannel {
            load_op: Some(match ops.load {
                wgt::LoadOp::Clear(v) => wgt::LoadOp::Clear(Some(v)),
                wgt::LoadOp::Load => wgt::LoadOp::Load,
                wgt::LoadOp::DontCare(token) => wgt::LoadOp::DontCare(token),
            }),
            store_op: Some(ops.store),
            read_only: false,
        },
    }
}

/// The side data of a recorded pass (dynamic offsets, debug strings, immediates), consumed
/// in command order.
/// A pass's table sets in command order (see [`TableSet`]).
/// A pass's table sets: (before command, table, whether it is the table a render pass was
/// begun with, and for a compute pass's `set_resource_usage` its resource and usage).
struct TableSets(std::iter::Peekable<std::vec::IntoIter<TableStep>>);

/// One entry of [`TableSets`].
type TableStep = (usize, Option<id::ResourceTableId>, bool, Option<Usage>);

/// A `set_resource_usage` call's resource and usage.
type Usage = (wgpu_core::resource_table::TableMemberId, wgt::ResourceTableUsage);

impl TableSets {
    /// The tables set before command `index` (`usize::MAX`: those left after the last), each
    /// with whether it is the table the render pass was begun with, or a usage call.
    fn before(
        &mut self,
        index: usize,
    ) -> impl Iterator<Item = (Option<id::ResourceTableId>, bool, Option<Usage>)> + '_ {
        std::iter::from_fn(move || {
            self.0
                .next_if(|(before, _, _, _)| *before <= index)
                .map(|(_, table, fixed, usage)| (table, fixed, usage))
        })
    }
}

/// Replays a compute pass's table set or `set_resource_usage` call.
fn set_compute_pass_table(
    g: &wgpu_core::global::Global,
    pass: &mut wgpu_core::command::ComputePass,
    table: Option<id::ResourceTableId>,
    usage: Option<Usage>,
) -> Fallible {
    match (table, usage) {
        (Some(table), Some((member, usage))) => g.compute_pass_set_resource_usage(pass, table, member, usage),
        (None, Some(_)) => {
            return Err(ActionError::TableNotByPointer(
                "a `set_resource_usage` without a table".into(),
            ))
        }
        (table, None) => g.compute_pass_set_resource_table(pass, table),
    }
    .map_err(fail)
}

/// Replays a render pass's table set: `set_resource_table`, or the table it was begun with.
fn set_render_pass_table(
    g: &wgpu_core::global::Global,
    pass: &mut wgpu_core::command::RenderPass,
    table: Option<id::ResourceTableId>,
    fixed: bool,
    usage: Option<Usage>,
) -> Fallible {
    if usage.is_some() {
        return Err(ActionError::UsageCallNotInComputePass);
    }
    match (table, fixed) {
        (Some(table), true) => g.render_pass_set_pass_resource_table(pass, table),
        (table, _) => g.render_pass_set_resource_table(pass, table),
    }
    .map_err(fail)
}

struct PassData {
    offsets: Vec<wgt::DynamicOffset>,
    next_offset: usize,
    strings: Vec<u8>,
    next_string: usize,
    immediates: Vec<u32>,
}

impl PassData {
    fn new<C>(base: &BasePass<C, std::convert::Infallible>) -> Self {
        Self {
            offsets: base.dynamic_offsets.clone(),
            next_offset: 0,
            strings: base.string_data.clone(),
            next_string: 0,
            immediates: base.immediates_data.clone(),
        }
    }

    fn offsets(&mut self, count: usize) -> Result<&[wgt::DynamicOffset], ActionError> {
        let range =
            next(&mut self.next_offset, count, self.offsets.len()).ok_or(ActionError::PassData("dynamic offsets"))?;
        Ok(&self.offsets[range])
    }

    fn string(&mut self, len: usize) -> Result<String, ActionError> {
        let range = next(&mut self.next_string, len, self.strings.len()).ok_or(ActionError::PassData("debug text"))?;
        Ok(String::from_utf8_lossy(&self.strings[range]).into_owned())
    }

    /// `size_bytes` of immediate data from `values_offset` on (zeros where a render command
    /// recorded none).
    fn immediates(&self, values_offset: Option<u32>, size_bytes: u32) -> Result<Vec<u8>, ActionError> {
        let Some(values_offset) = values_offset else {
            return Ok(vec![0; size_bytes as usize]);
        };
        let start = values_offset as usize;
        let words = start
            .checked_add((size_bytes as usize).div_ceil(4))
            .and_then(|end| self.immediates.get(start..end))
            .ok_or(ActionError::PassData("immediate data"))?;
        let mut bytes: Vec<u8> = words.iter().flat_map(|w| w.to_ne_bytes()).collect();
        bytes.truncate(size_bytes as usize);
        Ok(bytes)
    }
}

/// The next `len` items of side data of `total`, from `*cursor` on (advanced past them).
fn next(cursor: &mut usize, len: usize, total: usize) -> Option<std::ops::Range<usize>> {
    let range = *cursor..cursor.checked_add(len).filter(|&end| end <= total)?;
    *cursor = range.end;
    Some(range)
}

/// The bytes of a data file (or inline data) of the trace.
fn load(dir: &Path, data: &Data) -> Result<Vec<u8>, ActionError> {
    match data {
        Data::File(name) => std::fs::read(dir.join(name)).map_err(|source| ActionError::DataFile {
            name: name.clone(),
            source,
        }),
        Data::String(_, s) => Ok(s.clone().into_bytes()),
        Data::Binary(_, b) => Ok(b.clone()),
    }
}

fn shader_source(dir: &Path, data: &Data) -> Result<pipeline::ShaderModuleSource<'static>, ActionError> {
    let kind = match data {
        Data::File(name) => [("wgsl", DataKind::Wgsl), ("ron", DataKind::Ron), ("spv", DataKind::Spv)]
            .into_iter()
            .find(|(ext, _)| name.ends_with(&format!(".{ext}")))
            .map(|(_, kind)| kind)
            .ok_or_else(|| ActionError::ShaderKind(name.clone()))?,
        Data::String(kind, _) | Data::Binary(kind, _) => *kind,
    };
    let bytes = load(dir, data)?;
    let text = || String::from_utf8(bytes.clone()).map_err(ActionError::ShaderUtf8);
    Ok(match kind {
        DataKind::Wgsl => pipeline::ShaderModuleSource::Wgsl(Cow::Owned(text()?)),
        DataKind::Ron => {
            let module = ron::from_str(&text()?).map_err(|e| ActionError::NagaModule(Box::new(e)))?;
            pipeline::ShaderModuleSource::Naga(Cow::Owned(module))
        }
        DataKind::Spv => {
            if bytes.len() % 4 != 0 {
                return Err(ActionError::SpirvLength);
            }
            let words = bytes
                .chunks_exact(4)
                .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
                .collect();
            pipeline::ShaderModuleSource::SpirV(Cow::Owned(words), Default::default())
        }
        other => return Err(ActionError::ShaderKindNotReplayed(other.to_string())),
    })
}
