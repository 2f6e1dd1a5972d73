//! Resource tables: the WebGPU bindless proposal's `GPUResourceTable`.
//!
//! A table is a fixed-size array of slots. Slots are filled with [`ResourceTable::update`] or
//! [`ResourceTable::insert_binding`] and emptied with [`ResourceTable::remove_binding`]; an
//! emptied slot becomes available again only once every submission that might still read it
//! has completed (the proposal's `[[availableAfterSubmit]]`, compared with the queue's last
//! and completed submission indices).
//!
//! The checks the proposal puts on the content timeline (destroyed table, slot range, slot
//! availability) fail immediately with a [`ResourceTableSlotError`]; those of the device
//! timeline (the resource itself) go to the device's error sink as
//! [`ResourceTableBindingError`], after the slot was taken, exactly as the proposal orders
//! them.

mod raw;

pub(crate) use raw::{
    after_pass, before_dispatch, before_render_pass, bind as bind_raw, on_destroy, prepare_submit,
    BoundTable, PendingPin,
};

use alloc::{
    boxed::Box,
    collections::VecDeque,
    string::{String, ToString as _},
    sync::{Arc, Weak},
    vec,
    vec::Vec,
};
use core::sync::atomic::{AtomicU64, AtomicU8, Ordering};

use parking_lot::Mutex;
use thiserror::Error;
use wgt::error::{ErrorType, WebGpuError};

use crate::{
    api_log,
    binding_model::{BindingResource, BufferBinding},
    device::{Device, DeviceError, MissingFeatures},
    global::Global,
    id,
    resource::{
        Buffer, DestroyedResourceError, Fallible, InvalidResourceError, Labeled, ParentDevice,
        ResourceErrorIdent, Sampler, TextureView,
    },
    snatch::SnatchGuard,
    SubmissionIndex,
};

/// `[[availableAfterSubmit]]` of a slot that holds a binding.
const IN_USE: SubmissionIndex = SubmissionIndex::MAX;

/// Per-device state for resource tables: the queue's completed submission index as last
/// observed by `poll`/`maintain` (the proposal's `[[completedSubmitIndex]]`).
#[derive(Debug, Default)]
pub(crate) struct DeviceTables {
    completed_submission_index: AtomicU64,
    /// The GPU side: layout, default resources, pending writes and transitions.
    pub(crate) raw: raw::DeviceRaw,
}

impl DeviceTables {
    /// Called by `Device::maintain` with the fence value it observed.
    pub(crate) fn observe_completed(&self, index: SubmissionIndex) {
        self.completed_submission_index.fetch_max(index, Ordering::AcqRel);
        self.raw.release_completed(self.completed());
    }

    pub(crate) fn completed(&self) -> SubmissionIndex {
        self.completed_submission_index.load(Ordering::Acquire)
    }
}

/// `heterogeneous-resource-table` depends on `sampling-resource-table`: requesting it
/// enables both.
pub(crate) fn imply_features(features: &mut wgt::Features) {
    if features.contains(wgt::Features::HETEROGENEOUS_RESOURCE_TABLE) {
        *features |= wgt::Features::SAMPLING_RESOURCE_TABLE;
    }
}

/// The usage a texture or buffer is pinned to (`pin`/`unpin`), read wherever a use of the
/// resource is validated (one atomic byte), and the tables that hold the resource, so that
/// pinning, unpinning and destroying rewrite exactly the type ids of its slots (each table
/// keeps the list of a resource's slots: [`TableState::slots_of`]).
#[derive(Debug, Default)]
pub struct Pin {
    usage: AtomicU8,
    /// The tables with a slot holding the resource, each once: kept under the table's state
    /// lock as the resource enters and leaves the table (dropped tables linger until the
    /// next change).
    tables: Mutex<Vec<Weak<ResourceTable>>>,
    /// The last submission index when the resource last left a table slot (removed, or its
    /// table destroyed): submissions up to it may still reach it through that slot.
    left_table_after: AtomicU64,
}

impl Pin {
    pub fn get(&self) -> Option<wgt::PinnedUsage> {
        match self.usage.load(Ordering::Acquire) {
            1 => Some(wgt::PinnedUsage::Sampled),
            2 => Some(wgt::PinnedUsage::StorageRead),
            3 => Some(wgt::PinnedUsage::StorageReadWrite),
            _ => None,
        }
    }

    fn set(&self, usage: Option<wgt::PinnedUsage>) {
        self.usage.store(usage.map_or(0, |u| u as u8), Ordering::Release);
    }

    /// The resource entered `table` (whose state the caller holds): its first slot there.
    fn entered_table(&self, table: &Arc<ResourceTable>) {
        let mut tables = self.tables.lock();
        tables.retain(|t| t.strong_count() > 0);
        tables.push(Arc::downgrade(table));
    }

    /// The resource left its last slot of `table` (whose state the caller holds).
    fn left_table_entirely(&self, table: &ResourceTable) {
        self.tables
            .lock()
            .retain(|t| t.strong_count() > 0 && !core::ptr::eq(t.as_ptr(), table));
    }

    /// Whether any table holds the resource.
    fn in_tables(&self) -> bool {
        self.tables.lock().iter().any(|t| t.strong_count() > 0)
    }

    /// The resource left a table slot when `last` was the last submission: that index
    /// stands for the slot from now on, so mapping and destroying wait only for the
    /// submissions that could still reach it.
    fn left_slot(&self, last: SubmissionIndex) {
        self.left_table_after.fetch_max(last, Ordering::AcqRel);
    }

    /// Whether a submission not yet observed complete (`completed`) may reach the resource
    /// through a table: it is in one, or left one after a submission still running.
    pub(crate) fn reachable(&self, completed: SubmissionIndex) -> bool {
        // The list first: a resource leaves a table's list only after raising the index
        // (`ResourceTable::remove_binding`, `destroy`), so a list without the table is
        // followed by the raised index.
        self.in_tables() || self.left_table_after.load(Ordering::Acquire) > completed
    }

    /// Marks the slots holding the resource for rewriting at the next submission.
    pub(crate) fn slots_changed(&self) {
        // Copied first: table states are locked before pins (lock order).
        let tables = self.tables.lock().clone();
        for table in tables.iter().filter_map(Weak::upgrade) {
            let mut state = table.state.lock();
            let slots = state.slots_of(self).collect::<Vec<_>>();
            for slot in slots {
                table.mark_dirty(&mut state, slot);
            }
        }
    }
}

/// The key of a resource in [`TableState::holders`]: the address of its [`Pin`] (stable, as
/// the table's bindings keep the resource alive).
fn pin_key(pin: &Pin) -> usize {
    // Without the alignment bits, which Fx hashing would keep as zeros in the bucket index.
    core::ptr::from_ref(pin).addr() >> 3
}

/// No slot: the ends of [`TableState::links`] lists.
const NO_SLOT: u32 = u32::MAX;

/// A command buffer used a pinned resource outside resource tables with another usage than
/// its pin (checked at submit, next to the destroyed checks).
#[derive(Clone, Debug, Error)]
#[error(
    "{res} is pinned for {pinned:?}, but the commands use it as {used}; a pinned resource may \
     only be used with its pinned usage (unpin it first)"
)]
pub struct PinnedUseError {
    pub res: ResourceErrorIdent,
    pub pinned: wgt::PinnedUsage,
    pub used: String,
}

impl WebGpuError for PinnedUseError {
    fn webgpu_error_type(&self) -> ErrorType {
        ErrorType::Validation
    }
}

/// The error for using `buffer` as `uses` outside the tables, if it is pinned to another
/// usage.
fn buffer_misuse(buffer: &Buffer, uses: wgt::BufferUses) -> Option<PinnedUseError> {
    let pinned = buffer.pinned.get()?;
    let allowed = match pinned {
        wgt::PinnedUsage::StorageRead => wgt::BufferUses::STORAGE_READ_ONLY,
        _ => wgt::BufferUses::STORAGE_READ_WRITE,
    };
    let extra = uses.difference(allowed);
    (!extra.is_empty()).then(|| PinnedUseError {
        res: buffer.error_ident(),
        pinned,
        used: alloc::format!("{extra:?}"),
    })
}

/// [`buffer_misuse`] for textures.
fn texture_misuse(texture: &crate::resource::Texture, uses: wgt::TextureUses) -> Option<PinnedUseError> {
    let pinned = texture.pinned.get()?;
    let extra = uses.difference(raw::texture_uses(pinned));
    (!extra.is_empty()).then(|| PinnedUseError {
        res: texture.error_ident(),
        pinned,
        used: alloc::format!("{extra:?}"),
    })
}

/// The use of every state change a tracker makes (a resource's first use is its tracker's
/// start state), so that every use a command buffer makes is checked against the pins *at
/// submit*, as the proposal checks `[[destroyed]]`: a pin may change between encoding and
/// submitting. Weak references: noting keeps nothing alive. O(state changes), which is what
/// the tracker already spends on barriers (command-buffer and pass trackers only: the
/// device's trackers are of another type).
#[derive(Debug)]
pub(crate) struct NotedUses<R, U>(Vec<(Weak<R>, U)>);

impl<R, U> Default for NotedUses<R, U> {
    fn default() -> Self {
        Self(Vec::new())
    }
}

impl<R: ParentDevice, U: Copy> NotedUses<R, U> {
    /// Notes a state change's use, on devices that can pin at all (others pay nothing).
    pub(crate) fn note(&mut self, resource: &Arc<R>, uses: U) {
        if resource.device().features.contains(wgt::Features::SAMPLING_RESOURCE_TABLE) {
            self.0.push((Arc::downgrade(resource), uses));
        }
    }

}

impl<R, U: Copy> NotedUses<R, U> {
    fn extend(&mut self, other: &Self) {
        self.0.extend(other.0.iter().map(|(r, u)| (r.clone(), *u)));
    }

    /// The first noted use that `misuse` refuses.
    fn first_misuse(&self, misuse: impl Fn(&R, U) -> Option<PinnedUseError>) -> Option<PinnedUseError> {
        self.0.iter().find_map(|(r, u)| misuse(&*r.upgrade()?, *u))
    }
}

/// A queue write to a pinned texture leaves it in the copy state: the next submission puts
/// it back in its pinned state, after the write (writes are allowed while pinned). `pin`
/// queues the first transition the same way.
pub(crate) fn repin_texture(texture: &Arc<crate::resource::Texture>) {
    if texture.pinned.get().is_some() {
        texture
            .device
            .resource_tables
            .raw
            .push_pin(PendingPin::Texture(texture.clone()));
    }
}

/// `map_async` or `unmap` of a buffer: a mapped buffer is not visible through tables (the
/// table's form of `BufferStillMapped`), so its slots are rewritten at the next submission;
/// after unmapping (a buffer mapped at creation was just written with a copy) it returns to
/// its pinned state.
pub(crate) fn map_state_changed(buffer: &Arc<Buffer>) {
    buffer.pinned.slots_changed();
    if matches!(*buffer.map_state.lock(), crate::resource::BufferMapState::Idle) {
        repin_buffer(buffer);
    }
}

/// Whether a submission in flight may reach `buffer` through a table (its mapping waits for
/// them all).
pub(crate) fn reachable_through_tables(buffer: &Buffer) -> bool {
    buffer.pinned.reachable(buffer.device.resource_tables.completed())
}

/// [`repin_texture`] for buffers.
pub(crate) fn repin_buffer(buffer: &Arc<Buffer>) {
    if buffer.pinned.get().is_some() {
        buffer
            .device
            .resource_tables
            .raw
            .push_pin(PendingPin::Buffer(buffer.clone()));
    }
}

/// A compute pass tracks its dispatches in trackers of its own, merged into the command
/// buffer's as first and last use only: the uses they noted in between move along.
pub(crate) fn merge_pinned_misuse(base: &mut crate::track::Tracker, head: &crate::track::Tracker) {
    base.buffers.pinned_uses.extend(&head.buffers.pinned_uses);
    base.textures.pinned_uses.extend(&head.textures.pinned_uses);
}

/// Submit: a command buffer may use a pinned buffer outside the tables only with its pinned
/// usage. Its first use is checked here; later ones in [`check_submit`].
pub(crate) fn check_pinned_buffer(
    buffer: &Arc<Buffer>,
    tracker: &crate::track::BufferTracker,
) -> Result<(), PinnedUseError> {
    match buffer_misuse(buffer, tracker.first_use(buffer).unwrap_or(wgt::BufferUses::empty())) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// [`check_pinned_buffer`] for textures.
pub(crate) fn check_pinned_texture(
    texture: &Arc<crate::resource::Texture>,
    tracker: &crate::track::TextureTracker,
) -> Result<(), PinnedUseError> {
    // Most textures are not pinned: that is known before folding their subresources.
    match texture.pinned.get().and_then(|_| texture_misuse(texture, tracker.first_uses(texture))) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Why `pin` was refused (reported to the error sink; the pin is unchanged).
#[derive(Clone, Debug, Error)]
#[non_exhaustive]
pub enum PinError {
    #[error(transparent)]
    InvalidResource(#[from] InvalidResourceError),
    #[error(transparent)]
    DestroyedResource(#[from] DestroyedResourceError),
    #[error(transparent)]
    MissingFeatures(#[from] MissingFeatures),
    #[error("{0} cannot be pinned for {1:?}: it was not created with {2}")]
    MissingUsage(ResourceErrorIdent, wgt::PinnedUsage, &'static str),
}

impl WebGpuError for PinError {
    fn webgpu_error_type(&self) -> ErrorType {
        ErrorType::Validation
    }
}

/// What a slot holds.
#[derive(Debug, Clone)]
pub enum TableEntry {
    TextureView(Arc<TextureView>),
    Sampler(Arc<Sampler>),
    Buffer {
        buffer: Arc<Buffer>,
        offset: wgt::BufferAddress,
        size: Option<wgt::BufferAddress>,
    },
}

/// A slot's binding as recorded in traces (`TraceAction::UpdateResourceTable`).
#[cfg(feature = "serde")]
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub enum TraceTableEntry {
    TextureView(id::PointerId<id::markers::TextureView>),
    Sampler(id::PointerId<id::markers::Sampler>),
    Buffer {
        buffer: id::PointerId<id::markers::Buffer>,
        offset: wgt::BufferAddress,
        size: Option<wgt::BufferAddress>,
    },
}

/// The file beside `trace.ron` that says which actions a trace may hold. Upstream traces
/// have none (format 0: upstream's actions only).
pub const TRACE_FORMAT_FILE: &str = "format.ron";

/// The trace format this crate writes: 2 = upstream's `trace.ron`, whose passes and bundles
/// may list `resource_tables` (their `set_resource_table` calls), and beside it
/// [`TRACE_TABLES_FILE`], the resource-table actions. Format 1 (these actions as variants of
/// upstream's `Action`) is no longer read.
pub const TRACE_FORMAT: u32 = 2;

/// The file beside `trace.ron` with the resource-table actions, a list of [`TraceEntry`]
/// (absent when the program made none).
pub const TRACE_TABLES_FILE: &str = "resource_tables.ron";

#[cfg(feature = "trace")]
pub(crate) fn write_trace_format(dir: &std::path::Path) -> std::io::Result<()> {
    std::fs::write(
        dir.join(TRACE_FORMAT_FILE),
        alloc::format!("(format: {TRACE_FORMAT}, wgpu: \"{}\")\n", env!("CARGO_PKG_VERSION")),
    )
}

/// A resource-table action in a trace, kept apart from upstream's [`Action`] (which gains
/// no variant) and ordered against it by [`TraceEntry::at`].
///
/// [`Action`]: crate::device::trace::Action
#[cfg(feature = "serde")]
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub enum TraceAction {
    CreateResourceTable {
        id: id::PointerId<id::markers::ResourceTable>,
        desc: wgt::ResourceTableDescriptor<crate::Label<'static>>,
    },
    /// `update` and `insert_binding` (recorded with the slot it chose).
    UpdateResourceTable {
        id: id::PointerId<id::markers::ResourceTable>,
        slot: u32,
        entry: TraceTableEntry,
    },
    RemoveResourceTableBinding {
        id: id::PointerId<id::markers::ResourceTable>,
        slot: u32,
    },
    DestroyResourceTable(id::PointerId<id::markers::ResourceTable>),
    DropResourceTable(id::PointerId<id::markers::ResourceTable>),
    /// `pin` (`Some`) and `unpin` (`None`) of a texture.
    PinTexture(id::PointerId<id::markers::Texture>, Option<wgt::PinnedUsage>),
    /// `pin` (`Some`) and `unpin` (`None`) of a buffer.
    PinBuffer(id::PointerId<id::markers::Buffer>, Option<wgt::PinnedUsage>),
    CreatePipelineLayoutWithResourceTable(
        id::PointerId<id::markers::PipelineLayout>,
        crate::binding_model::ResolvedPipelineLayoutDescriptor<
            'static,
            id::PointerId<id::markers::BindGroupLayout>,
        >,
    ),
}

/// One line of [`TRACE_TABLES_FILE`].
#[cfg(feature = "serde")]
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub struct TraceEntry {
    /// How many of `trace.ron`'s actions came before this one.
    pub at: usize,
    pub action: TraceAction,
}

/// A disk trace's resource-table side: how many actions `trace.ron` has so far, and the
/// file of table actions (created with the first).
#[cfg(feature = "trace")]
#[derive(Debug)]
pub(crate) struct TraceTables<W> {
    pub(crate) actions: usize,
    file: Option<W>,
}

#[cfg(feature = "trace")]
impl<W> Default for TraceTables<W> {
    fn default() -> Self {
        Self { actions: 0, file: None }
    }
}

#[cfg(feature = "trace")]
impl TraceTables<std::fs::File> {
    pub(crate) fn write(
        &mut self,
        dir: &std::path::Path,
        action: TraceAction,
        config: &ron::ser::PrettyConfig,
    ) {
        use std::io::Write as _;
        let file = match &mut self.file {
            Some(file) => file,
            None => match std::fs::File::create(dir.join(TRACE_TABLES_FILE)) {
                Ok(mut file) => {
                    let _ = file.write_all(b"[\n");
                    self.file.insert(file)
                }
                Err(e) => {
                    log::warn!("Could not create {TRACE_TABLES_FILE}: {e}");
                    return;
                }
            },
        };
        let entry = TraceEntry { at: self.actions, action };
        match ron::ser::to_string_pretty(&entry, config.clone()) {
            Ok(string) => {
                let _ = writeln!(file, "{string},");
            }
            Err(e) => log::warn!("RON serialization failure: {e:?}"),
        }
    }

    pub(crate) fn finish(&mut self) {
        use std::io::Write as _;
        if let Some(file) = &mut self.file {
            let _ = file.write_all(b"]");
        }
    }
}

/// Records `action` in the device's trace, if it has one.
#[cfg(feature = "trace")]
fn trace(device: &Device, action: impl FnOnce() -> TraceAction) {
    if let Some(trace) = device.trace.lock().as_mut() {
        trace.add_resource_table(action());
    }
}

#[cfg(feature = "trace")]
use trace as trace_pin;

#[cfg(feature = "trace")]
impl TableEntry {
    fn to_trace(&self) -> TraceTableEntry {
        use crate::device::trace::IntoTrace as _;
        match self {
            Self::TextureView(view) => TraceTableEntry::TextureView(view.to_trace()),
            Self::Sampler(sampler) => TraceTableEntry::Sampler(sampler.to_trace()),
            Self::Buffer { buffer, offset, size } => TraceTableEntry::Buffer {
                buffer: buffer.to_trace(),
                offset: *offset,
                size: *size,
            },
        }
    }
}

impl TableEntry {
    /// The entry's resource left its slot when `last` was the last submission.
    fn left_slot(&self, last: SubmissionIndex) {
        if let Some(pin) = self.pin() {
            pin.left_slot(last);
        }
    }

    /// The pin of the entry's resource (samplers have none).
    fn pin(&self) -> Option<&Pin> {
        match self {
            Self::TextureView(view) => Some(&view.parent.pinned),
            Self::Buffer { buffer, .. } => Some(&buffer.pinned),
            Self::Sampler(_) => None,
        }
    }

    pub(crate) fn device(&self) -> &Arc<Device> {
        match self {
            Self::TextureView(view) => &view.device,
            Self::Sampler(sampler) => &sampler.device,
            Self::Buffer { buffer, .. } => &buffer.device,
        }
    }

    /// The slot's type id: which `getResource<T>` sees it. Textures and buffers are visible
    /// only while pinned, with the pinned usage deciding sampled or storage (and read-only or
    /// writable); samplers need no pin.
    pub fn type_id(&self) -> naga::resource_table::TypeId {
        use naga::resource_table::{
            DepthShape, SampledDimension as Sd, StorageDimension, TexelKind, TypeId,
        };
        use wgt::{PinnedUsage as P, TextureSampleType as St, TextureViewDimension as Vd};
        match self {
            Self::Sampler(sampler) => TypeId::sampler(sampler.comparison),
            Self::Buffer { buffer, .. } => match buffer.pinned.get() {
                Some(P::StorageRead) => TypeId::storage_buffer(false),
                Some(P::StorageReadWrite) => TypeId::storage_buffer(true),
                Some(P::Sampled) | None => TypeId::EMPTY,
            },
            Self::TextureView(view) => {
                let Some(pin) = view.parent.pinned.get() else {
                    return TypeId::EMPTY;
                };
                let aspect = view.desc.range.aspect;
                let features = view.device.features;
                let Some(sample_type) = view.desc.format.sample_type(Some(aspect), Some(features)) else {
                    return TypeId::EMPTY;
                };
                let texel = match sample_type {
                    St::Float { .. } => TexelKind::Float,
                    St::Sint => TexelKind::Sint,
                    St::Uint => TexelKind::Uint,
                    St::Depth => TexelKind::Float,
                };
                let multisampled = view.samples > 1;
                match pin {
                    P::Sampled if view.desc.usage.contains(wgt::TextureUsages::TEXTURE_BINDING) => {
                        // Table samplers may filter whatever the shader samples: float
                        // formats the driver cannot filter stay out of the types samplers take.
                        if matches!(sample_type, St::Float { .. })
                            && !multisampled
                            && !view.device.resource_tables.raw.sampled_visible(view.desc.format)
                        {
                            return TypeId::EMPTY;
                        }
                        match (sample_type, view.desc.dimension, multisampled) {
                            (St::Depth, Vd::D2, true) => TypeId::depth(DepthShape::Multisampled2d),
                            (St::Depth, Vd::D2, false) => TypeId::depth(DepthShape::D2),
                            (St::Depth, Vd::D2Array, false) => TypeId::depth(DepthShape::D2Array),
                            (St::Depth, Vd::Cube, false) => TypeId::depth(DepthShape::Cube),
                            (St::Depth, Vd::CubeArray, false) => TypeId::depth(DepthShape::CubeArray),
                            (St::Depth, ..) => TypeId::EMPTY,
                            (_, Vd::D2, true) => TypeId::multisampled(texel),
                            (_, _, true) => TypeId::EMPTY,
                            (_, dim, false) => TypeId::sampled(
                                match dim {
                                    Vd::D1 => Sd::D1,
                                    Vd::D2 => Sd::D2,
                                    Vd::D2Array => Sd::D2Array,
                                    Vd::D3 => Sd::D3,
                                    Vd::Cube => Sd::Cube,
                                    Vd::CubeArray => Sd::CubeArray,
                                },
                                texel,
                            ),
                        }
                    }
                    // Sampling-only tables have no storage arrays: storage pins hide the
                    // texture there.
                    P::StorageRead | P::StorageReadWrite
                        if features.contains(wgt::Features::HETEROGENEOUS_RESOURCE_TABLE)
                            && view.desc.usage.contains(wgt::TextureUsages::STORAGE_BINDING)
                            && sample_type != St::Depth
                            && !multisampled =>
                    {
                        let dim = match view.desc.dimension {
                            Vd::D1 => StorageDimension::D1,
                            Vd::D2 => StorageDimension::D2,
                            Vd::D2Array => StorageDimension::D2Array,
                            Vd::D3 => StorageDimension::D3,
                            Vd::Cube | Vd::CubeArray => return TypeId::EMPTY,
                        };
                        let writable = pin == P::StorageReadWrite;
                        // Table shaders declare storage textures without a format.
                        if !view
                            .device
                            .resource_tables
                            .raw
                            .storage_visible(view.desc.format, writable)
                        {
                            return TypeId::EMPTY;
                        }
                        TypeId::storage_texture(dim, texel, writable)
                    }
                    _ => TypeId::EMPTY,
                }
            }
        }
    }
}

/// Which slots are free right now, with the lowest one found in `O(n / 4096)` word scans
/// (two-level bitmap: a bit per slot, and a bit per non-empty word).
#[derive(Debug)]
struct FreeSlots {
    words: Vec<u64>,
    summary: Vec<u64>,
}

impl FreeSlots {
    fn all_free(size: u32) -> Self {
        let size = size as usize;
        let mut words = vec![u64::MAX; size.div_ceil(64)];
        if !size.is_multiple_of(64) {
            if let Some(last) = words.last_mut() {
                *last = (1u64 << (size % 64)) - 1;
            }
        }
        let mut summary = vec![0u64; words.len().div_ceil(64)];
        for (i, w) in words.iter().enumerate() {
            if *w != 0 {
                summary[i / 64] |= 1 << (i % 64);
            }
        }
        Self { words, summary }
    }

    fn set(&mut self, slot: u32, free: bool) {
        let (w, b) = (slot as usize / 64, slot % 64);
        if free {
            self.words[w] |= 1 << b;
        } else {
            self.words[w] &= !(1 << b);
        }
        let (s, sb) = (w / 64, w % 64);
        if self.words[w] != 0 {
            self.summary[s] |= 1 << sb;
        } else {
            self.summary[s] &= !(1 << sb);
        }
    }

    fn lowest(&self) -> Option<u32> {
        let (s, bits) = self.summary.iter().enumerate().find(|(_, s)| **s != 0)?;
        let w = s * 64 + bits.trailing_zeros() as usize;
        Some((w * 64) as u32 + self.words[w].trailing_zeros())
    }
}

#[derive(Debug)]
struct TableState {
    destroyed: bool,
    /// `[[availableAfterSubmit]]`: 0 for never-used slots, [`IN_USE`] while a binding is
    /// there, the last submission index at removal afterwards.
    available_after: Vec<SubmissionIndex>,
    /// Slots free now (available and not in use).
    free: FreeSlots,
    /// Removed slots waiting for their submission, in removal order (so in non-decreasing
    /// submission order).
    pending: VecDeque<(SubmissionIndex, u32)>,
    /// The bindings, by slot: as long as the highest slot used so far (slots are taken
    /// lowest first), so that a slot's binding is one index away.
    entries: Vec<Option<TableEntry>>,
    /// Per slot (as long as `entries`), the previous and next slot holding the same texture
    /// or buffer ([`NO_SLOT`] at the ends): each resource's slots form a list, found
    /// through `holders`, so that pin changes reach exactly its slots and removals unlink
    /// in O(1).
    links: Vec<[u32; 2]>,
    /// The first slot of each held resource's list, by [`pin_key`].
    holders: crate::FastHashMap<usize, u32>,
    /// Which arrays already hold each slot's binding (`raw::written_after`).
    written: Vec<u8>,
    /// Slots to write at the next submission.
    dirty: raw::Dirty,
}

impl TableState {
    fn new(size: u32) -> Self {
        Self {
            destroyed: false,
            available_after: vec![0; size as usize],
            free: FreeSlots::all_free(size),
            pending: VecDeque::new(),
            entries: Vec::new(),
            links: Vec::new(),
            holders: Default::default(),
            written: vec![0; size as usize],
            dirty: raw::Dirty {
                all: true,
                ..Default::default()
            },
        }
    }

    fn size(&self) -> u32 {
        self.available_after.len() as u32
    }

    /// The binding in `slot`.
    pub(crate) fn entry(&self, slot: u32) -> Option<&TableEntry> {
        self.entries.get(slot as usize)?.as_ref()
    }

    /// Makes `entries` and `links` at least `len` long (as long as the highest slot used:
    /// slots are taken lowest first).
    fn grow_to(&mut self, len: u32) {
        let len = len as usize;
        if len > self.entries.len() {
            self.entries.resize_with(len, || None);
            self.links.resize(len, [NO_SLOT; 2]);
        }
    }

    /// Puts `entry` in `slot`, which holds none. Returns whether the entry's texture or
    /// buffer is in no other slot of the table.
    fn put(&mut self, slot: u32, entry: TableEntry) -> bool {
        let index = slot as usize;
        self.grow_to(slot + 1);
        debug_assert!(self.entries[index].is_none());
        let mut first = false;
        if let Some(pin) = entry.pin() {
            let next = match self.holders.entry(pin_key(pin)) {
                hashbrown::hash_map::Entry::Occupied(mut head) => core::mem::replace(head.get_mut(), slot),
                hashbrown::hash_map::Entry::Vacant(head) => {
                    head.insert(slot);
                    first = true;
                    NO_SLOT
                }
            };
            self.links[index] = [NO_SLOT, next];
            if next != NO_SLOT {
                self.links[next as usize][0] = slot;
            }
        }
        self.entries[index] = Some(entry);
        first
    }

    /// Empties `slot`, returning its binding and whether its texture or buffer left the
    /// table (is in no other slot).
    fn take_entry(&mut self, slot: u32) -> Option<(TableEntry, bool)> {
        let removed = self.entries.get_mut(slot as usize)?.take()?;
        let mut left = false;
        if let Some(pin) = removed.pin() {
            let [prev, next] = core::mem::replace(&mut self.links[slot as usize], [NO_SLOT; 2]);
            if next != NO_SLOT {
                self.links[next as usize][0] = prev;
            }
            if prev != NO_SLOT {
                self.links[prev as usize][1] = next;
            } else if next != NO_SLOT {
                self.holders.insert(pin_key(pin), next);
            } else {
                self.holders.remove(&pin_key(pin));
                left = true;
            }
        }
        Some((removed, left))
    }

    /// The slots holding the resource whose pin is `pin`.
    fn slots_of(&self, pin: &Pin) -> impl Iterator<Item = u32> + '_ {
        let first = self.holders.get(&pin_key(pin)).copied();
        core::iter::successors(first, |&slot| {
            let next = self.links[slot as usize][1];
            (next != NO_SLOT).then_some(next)
        })
    }

    /// The bound slots, in order.
    pub(crate) fn bound_slots(&self) -> impl Iterator<Item = u32> + '_ {
        self.entries
            .iter()
            .enumerate()
            .filter(|(_, e)| e.is_some())
            .map(|(slot, _)| slot as u32)
    }

    /// The content-timeline checks every slot operation starts with: the table is not
    /// destroyed, and `slot` is in range.
    fn check_slot(&self, slot: u32) -> Result<(), ResourceTableSlotError> {
        if self.destroyed {
            return Err(ResourceTableSlotError::Destroyed);
        }
        let size = self.size();
        if slot >= size {
            return Err(ResourceTableSlotError::OutOfRange { slot, size });
        }
        Ok(())
    }

    fn take(&mut self, slot: u32, completed: SubmissionIndex) -> Result<(), ResourceTableSlotError> {
        self.take_range(slot, 1, completed)
    }

    /// `[[availableAfterSubmit]][slot] <= completedSubmitIndex`, told apart: a slot holding
    /// a binding is `InUse`, one waiting for a submission `NotYetAvailable`.
    fn check_available(&self, slot: u32, completed: SubmissionIndex) -> Result<(), ResourceTableSlotError> {
        match self.available_after[slot as usize] {
            IN_USE => Err(ResourceTableSlotError::InUse { slot }),
            after if after > completed => Err(ResourceTableSlotError::NotYetAvailable {
                slot,
                available_after: after,
                completed,
            }),
            _ => Ok(()),
        }
    }

    /// Takes `count` slots from `first` on, all or none: each must pass [`Self::take`]'s
    /// checks, and the first that does not is the error.
    fn take_range(&mut self, first: u32, count: u32, completed: SubmissionIndex) -> Result<(), ResourceTableSlotError> {
        if self.destroyed {
            return Err(ResourceTableSlotError::Destroyed);
        }
        let size = self.size();
        if count > 0 && u64::from(first) + u64::from(count) > u64::from(size) {
            // The first slot of the range at or past the end.
            let slot = first.max(size);
            return Err(ResourceTableSlotError::OutOfRange { slot, size });
        }
        self.release_completed(completed);
        let range = first..first + count;
        for slot in range.clone() {
            self.check_available(slot, completed)?;
        }
        for slot in range {
            self.claim(slot);
        }
        Ok(())
    }

    /// Marks an available slot as holding a binding.
    fn claim(&mut self, slot: u32) {
        self.available_after[slot as usize] = IN_USE;
        self.free.set(slot, false);
    }

    /// The lowest available slot, taken. The free bitmap holds exactly the available slots,
    /// so the slot needs no further checks.
    fn take_lowest(&mut self, completed: SubmissionIndex) -> Result<u32, ResourceTableSlotError> {
        if self.destroyed {
            return Err(ResourceTableSlotError::Destroyed);
        }
        self.release_completed(completed);
        let slot = self.free.lowest().ok_or(ResourceTableSlotError::Full)?;
        self.claim(slot);
        Ok(slot)
    }

    /// `removeBinding`: the slot is available once submission `last` has completed.
    /// Returns the binding it held, which submissions up to `last` may still read.
    fn remove(
        &mut self,
        slot: u32,
        last: SubmissionIndex,
        completed: SubmissionIndex,
    ) -> Result<Option<(TableEntry, bool)>, ResourceTableSlotError> {
        self.check_slot(slot)?;
        self.available_after[slot as usize] = last;
        let removed = self.take_entry(slot);
        self.free.set(slot, false);
        self.pending.push_back((last, slot));
        self.release_completed(completed);
        Ok(removed)
    }

    /// Makes the slots whose submissions have completed free.
    fn release_completed(&mut self, completed: SubmissionIndex) {
        while let Some(&(index, slot)) = self.pending.front() {
            if index > completed {
                break;
            }
            self.pending.pop_front();
            // A slot may have been removed twice; only its latest removal counts.
            if self.available_after[slot as usize] == index {
                self.free.set(slot, true);
            }
        }
    }
}

/// A resource table (`GPUResourceTable`).
#[derive(Debug)]
pub struct ResourceTable {
    pub(crate) device: Arc<Device>,
    pub(crate) label: String,
    pub(crate) size: u32,
    state: Mutex<TableState>,
    /// The hal table (`None` for an invalid table).
    raw: Option<raw::RawTable>,
    /// The table failed validation on the device timeline (missing feature, lost device, out
    /// of memory): its slots still follow the content-timeline rules, and every operation's
    /// device-timeline step reports it invalid. (A table above `max_resource_table_size()` is
    /// refused before it exists, as the proposal's `RangeError`.)
    invalid: bool,
}

impl Drop for ResourceTable {
    fn drop(&mut self) {
        if let Some(raw) = self.raw.take() {
            raw.destroy(self.device.raw());
        }
    }
}

crate::impl_resource_type!(ResourceTable);
crate::impl_labeled!(ResourceTable);
crate::impl_parent_device!(ResourceTable);
crate::impl_storage_item!(ResourceTable);

#[derive(Clone, Debug, Error)]
#[non_exhaustive]
pub enum CreateResourceTableError {
    #[error(transparent)]
    Device(#[from] DeviceError),
    #[error(transparent)]
    MissingFeatures(#[from] MissingFeatures),
    #[error("Resource table size {size} is greater than the device's `max_resource_table_size()` ({max})")]
    TooLarge { size: u32, max: u32 },
}

impl WebGpuError for CreateResourceTableError {
    fn webgpu_error_type(&self) -> ErrorType {
        match self {
            Self::Device(e) => e.webgpu_error_type(),
            Self::MissingFeatures(e) => e.webgpu_error_type(),
            Self::TooLarge { .. } => ErrorType::Validation,
        }
    }
}

/// Why `update`, `insert_binding` or `remove_binding` was refused on the spot (the proposal's
/// `OperationError`). Nothing changed.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum ResourceTableSlotError {
    #[error("The resource table is invalid")]
    Invalid,
    #[error("The resource table has been destroyed")]
    Destroyed,
    #[error("Slot {slot} is out of range for a resource table of size {size}")]
    OutOfRange { slot: u32, size: u32 },
    #[error("Slot {slot} holds a binding; remove it first")]
    InUse { slot: u32 },
    #[error(
        "Slot {slot} was removed after submission {available_after}, which has not completed \
         (completed: {completed}); poll the device and try again"
    )]
    NotYetAvailable {
        slot: u32,
        available_after: SubmissionIndex,
        completed: SubmissionIndex,
    },
    #[error("No slot of the resource table is available")]
    Full,
}

/// What can be put in a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableResourceKind {
    Buffer,
    BufferArray,
    Sampler,
    SamplerArray,
    TextureView,
    TextureViewArray,
    AccelerationStructure,
    ExternalTexture,
}

/// Why a binding was refused on the device timeline (reported to the error sink; the slot
/// stays taken until removed, as in the proposal).
#[derive(Clone, Debug, Error)]
#[non_exhaustive]
pub enum ResourceTableBindingError {
    #[error(transparent)]
    InvalidResource(#[from] InvalidResourceError),
    #[error(transparent)]
    DestroyedResource(#[from] DestroyedResourceError),
    #[error(transparent)]
    Device(#[from] DeviceError),
    #[error(transparent)]
    MissingFeatures(#[from] MissingFeatures),
    #[error("The resource table has been destroyed")]
    TableDestroyed,
    #[error("{0:?} bindings cannot be put in a resource table")]
    Unsupported(TableResourceKind),
    #[error("{0} has usages {actual:?}; a resource table needs {expected:?}", actual = .1, expected = .2)]
    MissingTextureUsage(ResourceErrorIdent, wgt::TextureUsages, wgt::TextureUsages),
    #[error("{0} has usages {actual:?}; a resource table holds only storage buffers (never uniform buffers)", actual = .1)]
    NotAStorageBuffer(ResourceErrorIdent, wgt::BufferUsages),
    #[error(
        "{buffer}: the binding at offset {offset} of size {size:?} is empty, ends past the \
         buffer's {buffer_size} bytes or is not a multiple of 4 bytes"
    )]
    BufferRange {
        buffer: ResourceErrorIdent,
        offset: wgt::BufferAddress,
        size: Option<wgt::BufferAddress>,
        buffer_size: wgt::BufferAddress,
    },
    #[error("Buffer offset {offset} is not a multiple of `min_storage_buffer_offset_alignment` ({alignment})")]
    UnalignedBufferOffset { offset: wgt::BufferAddress, alignment: u32 },
    #[error("A buffer binding of {size} bytes is larger than `max_storage_buffer_binding_size` ({max})")]
    BufferBindingTooLarge { size: wgt::BufferAddress, max: u64 },
}

/// The range of a storage buffer binding, as a bind group checks it: an aligned offset,
/// a non-empty range inside the buffer, a multiple of 4 bytes, at most
/// `max_storage_buffer_binding_size`.
fn check_buffer_range(
    device: &Device,
    buffer: &Buffer,
    offset: wgt::BufferAddress,
    size: Option<wgt::BufferAddress>,
) -> Result<(), ResourceTableBindingError> {
    let alignment = device.limits.min_storage_buffer_offset_alignment;
    if !offset.is_multiple_of(u64::from(alignment)) {
        return Err(ResourceTableBindingError::UnalignedBufferOffset { offset, alignment });
    }
    let range_error = || ResourceTableBindingError::BufferRange {
        buffer: buffer.error_ident(),
        offset,
        size,
        buffer_size: buffer.size,
    };
    let end = match size {
        Some(size) => offset.checked_add(size).ok_or_else(range_error)?,
        None => buffer.size,
    };
    if offset >= end || end > buffer.size || !(end - offset).is_multiple_of(4) {
        return Err(range_error());
    }
    let max = device.limits.max_storage_buffer_binding_size;
    if end - offset > max {
        return Err(ResourceTableBindingError::BufferBindingTooLarge { size: end - offset, max });
    }
    Ok(())
}

impl WebGpuError for ResourceTableBindingError {
    fn webgpu_error_type(&self) -> ErrorType {
        match self {
            Self::Device(e) => e.webgpu_error_type(),
            _ => ErrorType::Validation,
        }
    }
}

/// A pipeline stage and its layout disagree about the resource table.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum ResourceTableStageError {
    #[error(
        "The shader reads the resource table, but the pipeline layout was not created with \
         `uses_resource_table`"
    )]
    NotInLayout,
}

/// The table's hal layout for a pipeline layout that uses the table and has `groups` bind
/// groups of its own, which must leave the table room under the device's bound-set limit,
/// and hold at most the backend's `max_bindings_per_stage` of each kind per stage (the
/// table's arrays count against the same per-stage limits): checked by upstream's own
/// binding counter, so the error is its `TooManyBindings`.
pub(crate) fn pipeline_layout_table(
    device: &Arc<Device>,
    uses_resource_table: bool,
    groups: usize,
    bindings: &crate::binding_model::BindingTypeMaxCountValidator,
) -> Result<Option<Arc<raw::TableLayout>>, crate::binding_model::CreatePipelineLayoutError> {
    if !uses_resource_table {
        return Ok(None);
    }
    let layout = raw::layout(device)?;
    let room = layout.info.max_bindings_per_stage;
    let limits = wgt::Limits {
        max_sampled_textures_per_shader_stage: device.limits.max_sampled_textures_per_shader_stage.min(room),
        max_samplers_per_shader_stage: device.limits.max_samplers_per_shader_stage.min(room),
        max_storage_buffers_per_shader_stage: device.limits.max_storage_buffers_per_shader_stage.min(room),
        max_storage_textures_per_shader_stage: device.limits.max_storage_textures_per_shader_stage.min(room),
        max_uniform_buffers_per_shader_stage: device.limits.max_uniform_buffers_per_shader_stage.min(room),
        // Binding arrays are counted apart (all their kinds together: stricter than needed).
        max_binding_array_elements_per_shader_stage: device
            .limits
            .max_binding_array_elements_per_shader_stage
            .min(room),
        max_binding_array_sampler_elements_per_shader_stage: device
            .limits
            .max_binding_array_sampler_elements_per_shader_stage
            .min(room),
        ..device.limits.clone()
    };
    bindings
        .validate(&limits, device.instance_flags)
        .map_err(crate::binding_model::CreatePipelineLayoutError::TooManyBindings)?;
    let max = layout.info.max_other_groups as usize;
    if groups > max {
        return Err(
            crate::binding_model::CreatePipelineLayoutError::NoRoomForResourceTable {
                actual: groups,
                max,
            },
        );
    }
    Ok(Some(layout))
}

/// Checks a stage's use of the table against an explicit pipeline layout.
pub(crate) fn check_layout(
    usage: &naga::resource_table::Usage,
    layout: &crate::binding_model::PipelineLayout,
) -> Result<(), ResourceTableStageError> {
    if usage.uses_table() && !layout.uses_resource_table {
        return Err(ResourceTableStageError::NotInLayout);
    }
    Ok(())
}

/// The result of `update`/`insert_binding`: the slot error is the caller's (nothing
/// changed), the binding error the error sink's (the slot was taken all the same).
#[derive(Clone, Debug, Error)]
pub enum ResourceTableUpdateError {
    #[error(transparent)]
    Slot(#[from] ResourceTableSlotError),
    #[error("Slot {slot}: {error}")]
    Binding {
        slot: u32,
        #[source]
        error: ResourceTableBindingError,
    },
}

impl crate::instance::Adapter {
    /// The proposal's `maxResourceTableSize` of the adapter: the largest table a device with
    /// [`wgt::Features::SAMPLING_RESOURCE_TABLE`] accepts (0 where tables are not supported).
    ///
    /// Not a field of [`wgt::Limits`]: a new field would break every program that builds or
    /// destructures `Limits` exhaustively, so wgpu 30's `Limits` stays as it is.
    pub fn max_resource_table_size(&self) -> u32 {
        // 0 where the backend withheld the feature (a driver without runtime arrays, say),
        // whatever size its limits would allow.
        if self.raw.features.contains(wgt::Features::SAMPLING_RESOURCE_TABLE) {
            self.raw.adapter.max_resource_table_size()
        } else {
            0
        }
    }
}

impl Device {
    /// The device's `maxResourceTableSize`: the adapter's whole figure when the device has
    /// [`wgt::Features::SAMPLING_RESOURCE_TABLE`], 0 otherwise. A device cannot ask for less
    /// or more (the limit is not in [`wgt::Limits`]).
    pub fn max_resource_table_size(&self) -> u32 {
        if self.features.contains(wgt::Features::SAMPLING_RESOURCE_TABLE) {
            self.adapter.max_resource_table_size()
        } else {
            0
        }
    }

    /// `createResourceTable`: `Err` only for the proposal's `RangeError`; a table that fails
    /// validation afterwards is returned invalid, with its error.
    pub(crate) fn create_resource_table(
        self: &Arc<Self>,
        desc: &wgt::ResourceTableDescriptor<crate::Label>,
    ) -> Result<(Arc<ResourceTable>, Option<CreateResourceTableError>), CreateResourceTableError> {
        // The proposal's RangeError, on the content timeline: before anything else.
        let max = self.max_resource_table_size();
        if desc.size > max {
            return Err(CreateResourceTableError::TooLarge { size: desc.size, max });
        }
        let raw = self
            .check_is_valid()
            .map_err(CreateResourceTableError::from)
            .and_then(|()| Ok(self.require_features(wgt::Features::SAMPLING_RESOURCE_TABLE)?))
            .and_then(|()| Ok(raw::create(self, desc.size, desc.label.as_deref())?));
        let (raw, error) = match raw {
            Ok(raw) => (Some(raw), None),
            Err(error) => (None, Some(error)),
        };
        let table = Arc::new(ResourceTable {
            device: self.clone(),
            label: desc.label.as_deref().unwrap_or("").to_string(),
            size: desc.size,
            state: Mutex::new(TableState::new(desc.size)),
            invalid: raw.is_none(),
            raw,
        });
        if !table.invalid {
            self.resource_tables.raw.push_dirty(&table);
            table.state.lock().dirty.queued = true;
        }
        Ok((table, error))
    }
}

impl ResourceTable {
    pub fn size(&self) -> u32 {
        self.size
    }

    /// `update(slot, resource)`.
    pub fn update(
        self: &Arc<Self>,
        slot: u32,
        entry: Result<TableEntry, ResourceTableBindingError>,
    ) -> Result<(), ResourceTableUpdateError> {
        let check = self.check(&entry);
        let mut state = self.state.lock();
        state.take(slot, self.completed())?;
        self.bind(&mut state, slot, entry, check)
    }

    /// The device-timeline checks of one binding (`update`, `insert_binding`), made before
    /// the table's state is locked: they take the snatch lock, which submissions hold while
    /// they lock tables (lock order: snatch lock, then table). Their error is reported only
    /// if the slot checks, which come first in the proposal, pass. (`update_range` holds
    /// both locks instead, and checks each binding once its slots are taken.)
    fn check(&self, entry: &Result<TableEntry, ResourceTableBindingError>) -> Result<(), ResourceTableBindingError> {
        self.check_valid()?;
        match entry {
            Ok(entry) => self.check_entry(entry, &self.device.snatchable_lock.read()),
            Err(_) => Ok(()),
        }
    }

    /// The device-timeline check "`this` is valid".
    fn check_valid(&self) -> Result<(), InvalidResourceError> {
        match self.invalid {
            true => Err(InvalidResourceError(self.error_ident())),
            false => Ok(()),
        }
    }

    fn completed(&self) -> SubmissionIndex {
        self.device.resource_tables.completed()
    }

    /// `insertBinding(resource)`: the lowest available slot.
    pub fn insert_binding(
        self: &Arc<Self>,
        entry: Result<TableEntry, ResourceTableBindingError>,
    ) -> Result<u32, ResourceTableUpdateError> {
        let check = self.check(&entry);
        let mut state = self.state.lock();
        let slot = state.take_lowest(self.completed())?;
        self.bind(&mut state, slot, entry, check)?;
        Ok(slot)
    }

    /// `update` of consecutive slots from `first` on, one per entry, in one step: the
    /// slots are taken all or none (the error is the first slot's that cannot be taken,
    /// and then nothing changes). A binding that fails its device-timeline checks still
    /// takes its slot, as with `update`; those errors are returned, by slot.
    ///
    /// The snatch lock (read) and the table's state are held for the whole range, so a
    /// `destroy()` of any resource waits for it: callers batch in ranges of thousands,
    /// not millions. (The range cannot be bound in chunks with the locks released in
    /// between: its slots are taken, and a `remove_binding` could empty one first.)
    pub fn update_range(
        self: &Arc<Self>,
        first: u32,
        entries: Vec<Result<TableEntry, Box<ResourceTableBindingError>>>,
    ) -> Result<Vec<ResourceTableUpdateError>, ResourceTableSlotError> {
        // No `update` calls: nothing to check or change.
        if entries.is_empty() {
            return Ok(Vec::new());
        }
        let count = u32::try_from(entries.len()).unwrap_or(u32::MAX);
        // One pass under both locks (lock order: snatch lock, then the table): the slots
        // first, all or none, then each binding's device-timeline checks, as in `update`.
        let guard = self.device.snatchable_lock.read();
        let valid = self.check_valid();
        let mut state = self.state.lock();
        state.take_range(first, count, self.completed())?;
        state.grow_to(first + count);
        #[cfg(feature = "trace")]
        if let Some(trace) = self.device.trace.lock().as_mut() {
            for (slot, entry) in (first..).zip(&entries) {
                self.trace_update(&mut **trace, slot, entry.as_ref().ok());
            }
        }
        // Errors are rare: boxed, so that the entries stay small.
        let mut errors = Vec::new();
        for (slot, entry) in (first..).zip(entries) {
            // As in `update`: the resource's own error first, then the table's validity,
            // then the binding's checks.
            let checked = entry.map_err(|e| *e).and_then(|entry| {
                valid.clone()?;
                self.check_entry(&entry, &guard)?;
                Ok(entry)
            });
            match checked {
                Ok(entry) => self.put_binding(&mut state, slot, entry),
                Err(error) => errors.push(ResourceTableUpdateError::Binding { slot, error }),
            }
        }
        Ok(errors)
    }

    /// The device-timeline half of `update`.
    fn bind(
        self: &Arc<Self>,
        state: &mut TableState,
        slot: u32,
        entry: Result<TableEntry, ResourceTableBindingError>,
        check: Result<(), ResourceTableBindingError>,
    ) -> Result<(), ResourceTableUpdateError> {
        #[cfg(feature = "trace")]
        if let Some(trace) = self.device.trace.lock().as_mut() {
            self.trace_update(&mut **trace, slot, entry.as_ref().ok());
        }
        let entry = entry
            .and_then(|entry| check.map(|()| entry))
            .map_err(|error| ResourceTableUpdateError::Binding { slot, error })?;
        self.put_binding(state, slot, entry);
        Ok(())
    }

    #[cfg(feature = "trace")]
    fn trace_update(
        self: &Arc<Self>,
        trace: &mut dyn crate::device::trace::Trace,
        slot: u32,
        entry: Option<&TableEntry>,
    ) {
        if let Some(entry) = entry {
            use crate::device::trace::IntoTrace as _;
            trace.add_resource_table(TraceAction::UpdateResourceTable {
                id: self.to_trace(),
                slot,
                entry: entry.to_trace(),
            });
        }
    }

    /// Puts a checked binding in a taken slot.
    fn put_binding(self: &Arc<Self>, state: &mut TableState, slot: u32, entry: TableEntry) {
        if state.put(slot, entry) {
            if let Some(pin) = state.entry(slot).and_then(TableEntry::pin) {
                pin.entered_table(self);
            }
        }
        state.written[slot as usize] = 0;
        self.mark_dirty(state, slot);
    }

    /// Queues `slot` for rewriting (its descriptor and type id) at the next submission.
    fn mark_dirty(self: &Arc<Self>, state: &mut TableState, slot: u32) {
        if state.destroyed {
            return;
        }
        // A whole rewrite (a new table) finds its bound slots itself.
        if !state.dirty.all {
            state.dirty.slots.push(slot);
        }
        if !state.dirty.queued {
            state.dirty.queued = true;
            self.device.resource_tables.raw.push_dirty(self);
        }
    }

    fn check_entry(&self, entry: &TableEntry, guard: &SnatchGuard) -> Result<(), ResourceTableBindingError> {
        let heterogeneous = self
            .device
            .features
            .contains(wgt::Features::HETEROGENEOUS_RESOURCE_TABLE);
        match entry {
            TableEntry::TextureView(view) => {
                view.same_device(&self.device)?;
                view.parent.check_destroyed(guard)?;
                let usage = view.desc.usage;
                let sampled = usage.contains(wgt::TextureUsages::TEXTURE_BINDING);
                let storage = heterogeneous && usage.contains(wgt::TextureUsages::STORAGE_BINDING);
                if !(sampled || storage) {
                    let expected = if heterogeneous {
                        wgt::TextureUsages::TEXTURE_BINDING | wgt::TextureUsages::STORAGE_BINDING
                    } else {
                        wgt::TextureUsages::TEXTURE_BINDING
                    };
                    return Err(ResourceTableBindingError::MissingTextureUsage(
                        view.error_ident(),
                        usage,
                        expected,
                    ));
                }
            }
            TableEntry::Sampler(sampler) => sampler.same_device(&self.device)?,
            TableEntry::Buffer { buffer, offset, size } => {
                buffer.same_device(&self.device)?;
                if !heterogeneous {
                    return Err(MissingFeatures(wgt::Features::HETEROGENEOUS_RESOURCE_TABLE).into());
                }
                buffer.check_destroyed(guard)?;
                if !buffer.usage.contains(wgt::BufferUsages::STORAGE) {
                    return Err(ResourceTableBindingError::NotAStorageBuffer(
                        buffer.error_ident(),
                        buffer.usage,
                    ));
                }
                check_buffer_range(&self.device, buffer, *offset, *size)?;
            }
        }
        Ok(())
    }

    /// `removeBinding(slot)`: the slot is free again once the last submission so far has
    /// completed.
    pub fn remove_binding(self: &Arc<Self>, slot: u32) -> Result<(), ResourceTableUpdateError> {
        {
            // No submission prepares its table writes while this is held (lock order:
            // command indices, then the table).
            let indices = self.device.command_indices.read();
            let last = self
                .device
                .last_successful_submission_index
                .load(Ordering::Acquire);
            let mut state = self.state.lock();
            let removed = state.remove(slot, last, self.completed())?;
            self.mark_dirty(&mut state, slot);
            let removed = removed.map(|(entry, left)| {
                self.entry_left(&entry, left, last);
                entry
            });
            drop(state);
            drop(indices);
            self.device.resource_tables.raw.retire(last, removed);
        }
        #[cfg(feature = "trace")]
        {
            use crate::device::trace::IntoTrace as _;
            trace(&self.device, || TraceAction::RemoveResourceTableBinding {
                id: self.to_trace(),
                slot,
            });
        }
        self.check_valid()
            .map_err(|e| ResourceTableUpdateError::Binding { slot, error: e.into() })
    }

    /// `entry` left its slot when `last` was the last submission, and, if `left_table`, the
    /// table too (its resource is in no other slot). Called under the table's state lock, so
    /// that a concurrent `update` cannot put the resource back in between; the index is raised
    /// before the table leaves the resource's list (`Pin::reachable` reads them the other way).
    fn entry_left(&self, entry: &TableEntry, left_table: bool, last: SubmissionIndex) {
        entry.left_slot(last);
        if let (Some(pin), true) = (entry.pin(), left_table) {
            pin.left_table_entirely(self);
        }
    }

    /// `destroy()`: later calls fail, submissions that use the table fail, and the
    /// bindings are released.
    pub fn destroy(self: &Arc<Self>) {
        #[cfg(feature = "trace")]
        {
            use crate::device::trace::IntoTrace as _;
            trace(&self.device, || TraceAction::DestroyResourceTable(self.to_trace()));
        }
        let indices = self.device.command_indices.read();
        let mut state = self.state.lock();
        state.destroyed = true;
        // Submissions in flight may still read the bindings.
        let last = self
            .device
            .last_successful_submission_index
            .load(Ordering::Acquire);
        drop(indices);
        state.links = Vec::new();
        let mut holders = core::mem::take(&mut state.holders);
        let entries = core::mem::take(&mut state.entries).into_iter().flatten();
        self.device.resource_tables.raw.retire(
            last,
            entries.inspect(|e| {
                let left = e.pin().is_some_and(|pin| holders.remove(&pin_key(pin)).is_some());
                self.entry_left(e, left, last);
            }),
        );
        state.pending = VecDeque::new();
        state.available_after = Vec::new();
    }

    pub fn is_destroyed(&self) -> bool {
        self.state.lock().destroyed
    }

    /// The binding in `slot`, if any.
    pub fn entry(&self, slot: u32) -> Option<TableEntry> {
        self.state.lock().entry(slot).cloned()
    }

    /// The type id shaders see in `slot` (0 when empty or not visible).
    pub fn type_id(&self, slot: u32) -> u32 {
        self.state
            .lock()
            .entry(slot)
            .map_or(0, |e| e.type_id().0)
    }
}

/// Resources a command buffer tracks ([`Global::command_buffer_tracked`]).
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrackedCounts {
    pub buffers: usize,
    pub textures: usize,
    pub resource_tables: usize,
}

/// The resource tables a command buffer sets: kept alive with it and checked at submit
/// (`[[resource_tables_used]]`). One entry per distinct table: setting a table costs the same
/// whatever its size.
#[derive(Debug, Default)]
pub struct TablesUsed(Vec<Arc<ResourceTable>>);

impl TablesUsed {
    pub(crate) fn insert(&mut self, table: &Arc<ResourceTable>) {
        if !self.0.iter().any(|t| Arc::ptr_eq(t, table)) {
            self.0.push(table.clone());
        }
    }

    /// Adds the tables of a render bundle executed in the pass.
    pub(crate) fn extend(&mut self, other: &TablesUsed) {
        for table in &other.0 {
            self.insert(table);
        }
    }

    /// Whether shaders may write through one of the tables (heterogeneous devices).
    pub(crate) fn reach_writable(&self) -> bool {
        self.0.iter().any(|t| {
            t.device
                .features
                .contains(wgt::Features::HETEROGENEOUS_RESOURCE_TABLE)
        })
    }

}

/// A `setResourceTable` in a pass or bundle: the table set from command `before` on (a
/// command index in [`BasePass::commands`]). Passes keep these beside their commands, in
/// [`BasePass::resource_tables`], so that upstream's command enums gain no variant.
///
/// [`BasePass::commands`]: crate::command::BasePass::commands
/// [`BasePass::resource_tables`]: crate::command::BasePass::resource_tables
#[doc(hidden)]
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TableSet {
    pub before: usize,
    /// `None` unsets the table.
    pub table: Option<PassTable>,
}

/// A table as passes name it: by id in render bundle encoders, by `Arc` once recorded, by
/// pointer in traces (the three forms of `IdReferences`, `ArcReferences` and
/// `PointerReferences`, which stay as upstream has them). Where a form other than these is
/// found (a hand-built pass), it sets no table, and the next draw or dispatch whose layout
/// uses the table fails its check.
#[doc(hidden)]
#[derive(Clone, Debug)]
pub enum PassTable {
    Id(id::ResourceTableId),
    Arc(RecordedTable),
    #[cfg(feature = "serde")]
    Pointer(id::PointerId<id::markers::ResourceTable>),
}

/// A table as recorded passes hold it. Unwind-safe, as the ids and pointers of the other
/// forms are, so that upstream's command and trace types keep their auto traits: a table's
/// state is behind non-poisoning locks and atomics, and a pass only holds it.
#[doc(hidden)]
#[derive(Clone, Debug)]
pub struct RecordedTable(pub(crate) Arc<ResourceTable>);

impl core::panic::UnwindSafe for RecordedTable {}
impl core::panic::RefUnwindSafe for RecordedTable {}

/// Serialized as the id or, for `Arc`s, as the pointer traces use.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
enum PassTableRepr {
    Id(id::ResourceTableId),
    Pointer(id::PointerId<id::markers::ResourceTable>),
}

#[cfg(feature = "serde")]
impl serde::Serialize for PassTable {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Self::Id(id) => PassTableRepr::Id(*id),
            Self::Arc(table) => PassTableRepr::Pointer(id::PointerId::from(&table.0)),
            Self::Pointer(pointer) => PassTableRepr::Pointer(*pointer),
        }
        .serialize(serializer)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for PassTable {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(match PassTableRepr::deserialize(deserializer)? {
            PassTableRepr::Id(id) => Self::Id(id),
            PassTableRepr::Pointer(pointer) => Self::Pointer(pointer),
        })
    }
}

impl TableSet {
    pub(crate) fn recorded(before: usize, table: Option<Arc<ResourceTable>>) -> Self {
        Self { before, table: table.map(|table| PassTable::Arc(RecordedTable(table))) }
    }

    /// The table of a recorded pass's or finished bundle's set (these hold only `Arc`s).
    pub(crate) fn recorded_table(&self) -> Option<Arc<ResourceTable>> {
        match &self.table {
            Some(PassTable::Arc(table)) => Some(table.0.clone()),
            _ => None,
        }
    }

    #[cfg(feature = "trace")]
    pub(crate) fn into_trace(self) -> Self {
        Self {
            before: self.before,
            table: self.table.map(|table| match table {
                PassTable::Arc(table) => PassTable::Pointer(id::PointerId::from(&table.0)),
                other => other,
            }),
        }
    }
}

/// Finishing a render bundle: `setResourceTable` for a set its encoder recorded, noted in
/// `sets` for the bundle's commands (`before` = how many the bundle has so far).
pub(crate) fn set_in_bundle<E>(
    hub: &crate::hub::Hub,
    device: &Arc<Device>,
    used: &mut TablesUsed,
    current: &mut Option<Arc<ResourceTable>>,
    sets: &mut Vec<TableSet>,
    before: usize,
    set: &TableSet,
) -> Result<(), E>
where
    E: From<MissingFeatures> + From<DeviceError> + From<InvalidResourceError>,
{
    let table = match &set.table {
        Some(PassTable::Id(id)) => Some(hub.resource_tables.get(*id).get()?),
        Some(PassTable::Arc(table)) => Some(table.0.clone()),
        _ => None,
    };
    set_on_pass::<E>(device, used, current, table.clone())?;
    sets.push(TableSet::recorded(before, table));
    Ok(())
}

/// A recorded pass's table sets, taken in command order while it is encoded.
pub(crate) struct PassTables(core::iter::Peekable<vec::IntoIter<TableSet>>);

impl PassTables {
    pub(crate) fn new(sets: Vec<TableSet>) -> Self {
        Self(sets.into_iter().peekable())
    }

    /// The next table set before command `index` (`usize::MAX`: the next of those left).
    /// Recorded passes and bundles hold only `Arc`s (their set calls looked the ids up).
    pub(crate) fn next_before(&mut self, index: usize) -> Option<Option<Arc<ResourceTable>>> {
        let set = self.0.next_if(|set| set.before <= index)?;
        Some(match set.table {
            Some(PassTable::Arc(table)) => Some(table.0),
            _ => None,
        })
    }

    /// Encoding a pass: `setResourceTable` for each table set before command `index`.
    /// Called before every command: inlined down to one comparison when there is none.
    #[inline]
    pub(crate) fn set_before<E>(
        &mut self,
        index: usize,
        device: &Arc<Device>,
        used: &mut TablesUsed,
        current: &mut Option<Arc<ResourceTable>>,
    ) -> Result<(), E>
    where
        E: From<MissingFeatures> + From<DeviceError> + From<InvalidResourceError>,
    {
        match self.0.peek() {
            Some(set) if set.before <= index => self.set_each_before(index, device, used, current),
            _ => Ok(()),
        }
    }

    // Out of line: `set_before` is inlined before every command.
    #[inline(never)]
    fn set_each_before<E>(
        &mut self,
        index: usize,
        device: &Arc<Device>,
        used: &mut TablesUsed,
        current: &mut Option<Arc<ResourceTable>>,
    ) -> Result<(), E>
    where
        E: From<MissingFeatures> + From<DeviceError> + From<InvalidResourceError>,
    {
        while let Some(table) = self.next_before(index) {
            set_on_pass::<E>(device, used, current, table)?;
        }
        Ok(())
    }
}


/// `setResourceTable(table)` while a pass executes: sets the encoder state's
/// `[[resource_table]]` (`current`) and records the table in the command buffer's
/// `[[resource_tables_used]]` (`used`).
pub(crate) fn set_on_pass<E>(
    device: &Arc<Device>,
    used: &mut TablesUsed,
    current: &mut Option<Arc<ResourceTable>>,
    table: Option<Arc<ResourceTable>>,
) -> Result<(), E>
where
    E: From<MissingFeatures> + From<DeviceError> + From<InvalidResourceError>,
{
    device.require_features(wgt::Features::SAMPLING_RESOURCE_TABLE)?;
    if let Some(table) = &table {
        table.same_device(device)?;
        table.check_valid()?;
        used.insert(table);
    }
    *current = table;
    Ok(())
}

/// Draw/dispatch: a pipeline whose layout uses the table needs one set.
pub(crate) fn check_bound(
    layout: Option<&crate::binding_model::PipelineLayout>,
    table: &Option<Arc<ResourceTable>>,
) -> Result<(), ()> {
    match layout {
        Some(layout) if layout.uses_resource_table && table.is_none() => Err(()),
        _ => Ok(()),
    }
}

/// `queue.submit`: no table the commands set may be destroyed, and every use after a
/// resource's first must match its pin as it is now.
#[allow(clippy::result_large_err)] // upstream's error type, returned as `Queue::submit` does
pub(crate) fn check_submit(trackers: &crate::track::Tracker) -> Result<(), crate::device::queue::QueueSubmitError> {
    if let Some(table) = trackers.resource_tables.0.iter().find(|t| t.is_destroyed()) {
        return Err(DestroyedResourceError(table.error_ident()).into());
    }
    let misuse = trackers
        .buffers
        .pinned_uses
        .first_misuse(buffer_misuse)
        .or_else(|| trackers.textures.pinned_uses.first_misuse(texture_misuse));
    match misuse {
        Some(e) => Err(e.into()),
        None => Ok(()),
    }
}

impl Global {
    /// [`crate::instance::Adapter::max_resource_table_size`].
    pub fn adapter_max_resource_table_size(&self, adapter_id: id::AdapterId) -> u32 {
        self.hub.adapters.get(adapter_id).max_resource_table_size()
    }

    /// [`Device::max_resource_table_size`].
    pub fn device_max_resource_table_size(&self, device_id: id::DeviceId) -> u32 {
        self.hub.devices.get(device_id).max_resource_table_size()
    }

    pub fn device_create_resource_table(
        &self,
        device_id: id::DeviceId,
        desc: &wgt::ResourceTableDescriptor<crate::Label>,
        id_in: Option<id::ResourceTableId>,
    ) -> (id::ResourceTableId, Option<CreateResourceTableError>) {
        profiling::scope!("Device::create_resource_table");
        let fid = self.hub.resource_tables.prepare(id_in);
        let device = self.hub.devices.get(device_id);
        match device.create_resource_table(desc) {
            Ok((table, error)) => {
                #[cfg(feature = "trace")]
                {
                    use crate::device::trace::IntoTrace as _;
                    trace(&device, || TraceAction::CreateResourceTable {
                        id: table.to_trace(),
                        desc: desc.map_label(|l| {
                            l.as_ref().map(|l| alloc::borrow::Cow::Owned(l.to_string()))
                        }),
                    });
                }
                let id = fid.assign(Fallible::Valid(table));
                api_log!("Device::create_resource_table -> {id:?}");
                (id, error)
            }
            Err(error) => {
                let label = desc.label.as_deref().unwrap_or("").to_string();
                (fid.assign(Fallible::Invalid(Arc::new(label))), Some(error))
            }
        }
    }

    fn resource_table(&self, id: id::ResourceTableId) -> Result<Arc<ResourceTable>, ResourceTableSlotError> {
        self.hub
            .resource_tables
            .get(id)
            .get()
            .map_err(|_| ResourceTableSlotError::Invalid)
    }

    /// Resolves the ids of a binding resource into a table entry.
    fn table_entry(&self, resource: &BindingResource) -> Result<TableEntry, ResourceTableBindingError> {
        let hub = &self.hub;
        Self::table_entry_with(resource, |id| hub.texture_views.get(id), |id| hub.samplers.get(id), |id| {
            hub.buffers.get(id)
        })
    }

    /// [`Self::table_entry`] with the registries' lookups given.
    fn table_entry_with(
        resource: &BindingResource,
        view: impl FnOnce(id::TextureViewId) -> Fallible<TextureView>,
        sampler: impl FnOnce(id::SamplerId) -> Fallible<Sampler>,
        buffer: impl FnOnce(id::BufferId) -> Fallible<Buffer>,
    ) -> Result<TableEntry, ResourceTableBindingError> {
        Ok(match *resource {
            BindingResource::TextureView(id) => TableEntry::TextureView(view(id).get()?),
            BindingResource::Sampler(id) => TableEntry::Sampler(sampler(id).get()?),
            BindingResource::Buffer(BufferBinding { buffer: id, offset, size }) => TableEntry::Buffer {
                buffer: buffer(id).get()?,
                offset,
                size,
            },
            BindingResource::BufferArray(_) => {
                return Err(ResourceTableBindingError::Unsupported(TableResourceKind::BufferArray))
            }
            BindingResource::SamplerArray(_) => {
                return Err(ResourceTableBindingError::Unsupported(TableResourceKind::SamplerArray))
            }
            BindingResource::TextureViewArray(_) => {
                return Err(ResourceTableBindingError::Unsupported(TableResourceKind::TextureViewArray))
            }
            BindingResource::AccelerationStructure(_) | BindingResource::AccelerationStructureArray(_) => {
                return Err(ResourceTableBindingError::Unsupported(
                    TableResourceKind::AccelerationStructure,
                ))
            }
            BindingResource::ExternalTexture(_) => {
                return Err(ResourceTableBindingError::Unsupported(TableResourceKind::ExternalTexture))
            }
        })
    }

    pub fn resource_table_update(
        &self,
        table_id: id::ResourceTableId,
        slot: u32,
        resource: &BindingResource,
    ) -> Result<(), ResourceTableUpdateError> {
        api_log!("ResourceTable::update {table_id:?} {slot}");
        let table = self.resource_table(table_id)?;
        table.update(slot, self.table_entry(resource))
    }

    /// `update` of the slots from `first_slot` on, one per resource, in one call (see
    /// [`ResourceTable::update_range`]): `Err` if a slot cannot be taken (nothing changed
    /// then), else the binding errors of the slots, which took their slots.
    pub fn resource_table_update_range(
        &self,
        table_id: id::ResourceTableId,
        first_slot: u32,
        resources: &[BindingResource],
    ) -> Result<Vec<ResourceTableUpdateError>, ResourceTableSlotError> {
        api_log!("ResourceTable::update_range {table_id:?} {first_slot} +{}", resources.len());
        // As many `update` calls as resources: none, nothing to check.
        if resources.is_empty() {
            return Ok(Vec::new());
        }
        let table = self.resource_table(table_id)?;
        // Each registry is read once for the whole range, in the order
        // `device_create_bind_group` takes them, released in reverse.
        let hub = &self.hub;
        let buffers = hub.buffers.read();
        let views = hub.texture_views.read();
        let samplers = hub.samplers.read();
        let entries = resources
            .iter()
            .map(|r| {
                Self::table_entry_with(r, |id| views.get(id), |id| samplers.get(id), |id| buffers.get(id))
                    .map_err(Box::new)
            })
            .collect();
        drop(samplers);
        drop(views);
        drop(buffers);
        table.update_range(first_slot, entries)
    }

    pub fn resource_table_insert_binding(
        &self,
        table_id: id::ResourceTableId,
        resource: &BindingResource,
    ) -> Result<u32, ResourceTableUpdateError> {
        api_log!("ResourceTable::insert_binding {table_id:?}");
        let table = self.resource_table(table_id)?;
        table.insert_binding(self.table_entry(resource))
    }

    pub fn resource_table_remove_binding(
        &self,
        table_id: id::ResourceTableId,
        slot: u32,
    ) -> Result<(), ResourceTableUpdateError> {
        api_log!("ResourceTable::remove_binding {table_id:?} {slot}");
        self.resource_table(table_id)?.remove_binding(slot)
    }

    /// `createPipelineLayout` with `usesResourceTable: true`.
    pub fn device_create_pipeline_layout_with_resource_table(
        &self,
        device_id: id::DeviceId,
        desc: &crate::binding_model::PipelineLayoutDescriptor,
        id_in: Option<id::PipelineLayoutId>,
    ) -> (
        id::PipelineLayoutId,
        Option<crate::binding_model::CreatePipelineLayoutError>,
    ) {
        profiling::scope!("Device::create_pipeline_layout_with_resource_table");
        let fid = self.hub.pipeline_layouts.prepare(id_in);
        let device = self.hub.devices.get(device_id);
        let bind_group_layouts = {
            let guard = self.hub.bind_group_layouts.read();
            desc.bind_group_layouts
                .iter()
                .map(|bgl| bgl.map(|bgl| guard.get(bgl)))
                .collect::<Vec<_>>()
        };
        let desc = crate::binding_model::ResolvedPipelineLayoutDescriptor {
            label: desc.label.clone(),
            bind_group_layouts: alloc::borrow::Cow::Owned(bind_group_layouts),
            immediate_size: desc.immediate_size,
        };
        let (layout, error) = match device.create_pipeline_layout_impl(&desc, false, true) {
            Ok(layout) => (layout, None),
            Err(e) => (
                crate::binding_model::PipelineLayout::invalid(
                    device.clone(),
                    desc.label.as_deref().unwrap_or("").to_string(),
                ),
                Some(e),
            ),
        };
        #[cfg(feature = "trace")]
        {
            use crate::device::trace::IntoTrace as _;
            trace(&device, || {
                let desc = desc.to_trace();
                TraceAction::CreatePipelineLayoutWithResourceTable(
                    layout.to_trace(),
                    crate::binding_model::PipelineLayoutDescriptor {
                        label: desc.label.map(|l| alloc::borrow::Cow::Owned(l.into_owned())),
                        bind_group_layouts: alloc::borrow::Cow::Owned(
                            desc.bind_group_layouts.into_owned(),
                        ),
                        immediate_size: desc.immediate_size,
                    },
                )
            });
        }
        api_log!("Device::create_pipeline_layout_with_resource_table -> {:?}", Arc::as_ptr(&layout));
        (fid.assign(layout), error)
    }

    /// `GPUTexture.pin(usage)`: replaces any previous pin.
    pub fn texture_pin(&self, texture_id: id::TextureId, usage: wgt::PinnedUsage) -> Result<(), PinError> {
        api_log!("Texture::pin {texture_id:?} {usage:?}");
        let texture = self.hub.textures.get(texture_id);
        texture.device.require_features(wgt::Features::SAMPLING_RESOURCE_TABLE)?;
        texture
            .try_inner(&texture.device.snatchable_lock.read())
            .map_err(|e| match e {
                crate::resource::InvalidOrDestroyedResourceError::InvalidResource(e) => {
                    PinError::InvalidResource(e)
                }
                crate::resource::InvalidOrDestroyedResourceError::DestroyedResource(e) => {
                    PinError::DestroyedResource(e)
                }
            })?;
        let (needed, name) = match usage {
            wgt::PinnedUsage::Sampled => (wgt::TextureUsages::TEXTURE_BINDING, "TEXTURE_BINDING"),
            _ => (wgt::TextureUsages::STORAGE_BINDING, "STORAGE_BINDING"),
        };
        if !texture.desc.usage.contains(needed) {
            return Err(PinError::MissingUsage(texture.error_ident(), usage, name));
        }
        texture.pinned.set(Some(usage));
        #[cfg(feature = "trace")]
        trace_pin(&texture.device, || {
            use crate::device::trace::IntoTrace as _;
            TraceAction::PinTexture(texture.to_trace(), Some(usage))
        });
        repin_texture(&texture);
        texture.pinned.slots_changed();
        Ok(())
    }

    /// `GPUTexture.unpin()`.
    pub fn texture_unpin(&self, texture_id: id::TextureId) -> Result<(), PinError> {
        api_log!("Texture::unpin {texture_id:?}");
        let texture = self.hub.textures.get(texture_id);
        texture.device.require_features(wgt::Features::SAMPLING_RESOURCE_TABLE)?;
        texture.pinned.set(None);
        #[cfg(feature = "trace")]
        trace_pin(&texture.device, || {
            use crate::device::trace::IntoTrace as _;
            TraceAction::PinTexture(texture.to_trace(), None)
        });
        texture.pinned.slots_changed();
        Ok(())
    }

    /// `GPUBuffer.pin(usage)` (the proposal's TODO #5375): storage usages only.
    pub fn buffer_pin(&self, buffer_id: id::BufferId, usage: wgt::PinnedUsage) -> Result<(), PinError> {
        api_log!("Buffer::pin {buffer_id:?} {usage:?}");
        let buffer = self.hub.buffers.get(buffer_id).get()?;
        buffer.device.require_features(wgt::Features::SAMPLING_RESOURCE_TABLE)?;
        buffer.check_destroyed(&buffer.device.snatchable_lock.read())?;
        if usage == wgt::PinnedUsage::Sampled || !buffer.usage.contains(wgt::BufferUsages::STORAGE) {
            return Err(PinError::MissingUsage(buffer.error_ident(), usage, "STORAGE"));
        }
        buffer.pinned.set(Some(usage));
        #[cfg(feature = "trace")]
        trace_pin(&buffer.device, || {
            use crate::device::trace::IntoTrace as _;
            TraceAction::PinBuffer(buffer.to_trace(), Some(usage))
        });
        repin_buffer(&buffer);
        buffer.pinned.slots_changed();
        Ok(())
    }

    /// `GPUBuffer.unpin()`.
    pub fn buffer_unpin(&self, buffer_id: id::BufferId) -> Result<(), PinError> {
        api_log!("Buffer::unpin {buffer_id:?}");
        let buffer = self.hub.buffers.get(buffer_id).get()?;
        buffer.device.require_features(wgt::Features::SAMPLING_RESOURCE_TABLE)?;
        buffer.pinned.set(None);
        #[cfg(feature = "trace")]
        trace_pin(&buffer.device, || {
            use crate::device::trace::IntoTrace as _;
            TraceAction::PinBuffer(buffer.to_trace(), None)
        });
        buffer.pinned.slots_changed();
        Ok(())
    }

    /// What a finished command buffer tracks (for tests of the per-draw cost: a table is
    /// one entry, whatever its size). `None` unless the buffer is finished and unsubmitted.
    #[doc(hidden)]
    pub fn command_buffer_tracked(&self, id: id::CommandBufferId) -> Option<TrackedCounts> {
        let cmd_buf = self.hub.command_buffers.get(id);
        let data = cmd_buf.data.lock();
        let crate::command::CommandEncoderStatus::Finished(inner) = &*data else {
            return None;
        };
        Some(TrackedCounts {
            buffers: inner.trackers.buffers.used_resources().count(),
            textures: inner.trackers.textures.used_resources().count(),
            resource_tables: inner.trackers.resource_tables.0.len(),
        })
    }

    #[doc(hidden)]
    pub fn resource_table_type_id(&self, table_id: id::ResourceTableId, slot: u32) -> u32 {
        self.resource_table(table_id).map_or(0, |t| t.type_id(slot))
    }

    pub fn resource_table_destroy(&self, table_id: id::ResourceTableId) {
        api_log!("ResourceTable::destroy {table_id:?}");
        if let Ok(table) = self.resource_table(table_id) {
            table.destroy();
        }
    }

    pub fn resource_table_drop(&self, table_id: id::ResourceTableId) {
        api_log!("ResourceTable::drop {table_id:?}");
        let _table = self.hub.resource_tables.remove(table_id);
        #[cfg(feature = "trace")]
        if let Ok(table) = _table.get() {
            use crate::device::trace::IntoTrace as _;
            trace(&table.device, || TraceAction::DropResourceTable(table.to_trace()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{FreeSlots, ResourceTableSlotError as E, TableState};

    /// The slot lifecycle with explicit submission indices: what a GPU that is still busy
    /// looks like (the noop backend completes every submission at once).
    #[test]
    fn removed_slots_wait_for_their_submission() {
        let mut t = TableState::new(4);
        assert_eq!(t.take(0, 0), Ok(()));
        assert_eq!(t.take(1, 0), Ok(()));
        assert_eq!(t.take(0, 0), Err(E::InUse { slot: 0 }));
        // Submission 5 was the last one when slot 0 was removed; 3 have completed.
        assert!(matches!(t.remove(0, 5, 3), Ok(None)));
        assert_eq!(
            t.take(0, 3),
            Err(E::NotYetAvailable {
                slot: 0,
                available_after: 5,
                completed: 3
            })
        );
        assert_eq!(t.take_lowest(4), Ok(2));
        assert_eq!(t.take_lowest(4), Ok(3));
        assert_eq!(t.take_lowest(4), Err(E::Full));
        assert_eq!(t.take_lowest(5), Ok(0));
        // Removed twice: the later removal decides.
        assert!(matches!(t.remove(1, 6, 5), Ok(None)));
        assert!(matches!(t.remove(1, 8, 6), Ok(None)));
        assert_eq!(t.take_lowest(7), Err(E::Full));
        assert_eq!(t.take_lowest(8), Ok(1));
        assert_eq!(t.take(4, 8), Err(E::OutOfRange { slot: 4, size: 4 }));
        assert!(matches!(t.remove(9, 8, 8), Err(E::OutOfRange { slot: 9, size: 4 })));
    }

    #[test]
    fn a_range_of_slots_is_taken_all_or_none() {
        let mut t = TableState::new(8);
        assert_eq!(t.take(4, 0), Ok(()));
        assert!(matches!(t.remove(4, 5, 0), Ok(None)));
        assert_eq!(t.take(6, 0), Ok(()));
        // Slot 4 waits for submission 5: the range stops there, and 2 and 3 stay free.
        assert_eq!(
            t.take_range(2, 3, 4),
            Err(E::NotYetAvailable {
                slot: 4,
                available_after: 5,
                completed: 4
            })
        );
        assert_eq!(t.take_lowest(4), Ok(0));
        assert_eq!(t.take_lowest(4), Ok(1));
        assert_eq!(t.take_lowest(4), Ok(2));
        assert!(matches!(t.remove(2, 0, 4), Ok(None)));
        // Past the end comes first, then the first slot in use.
        assert_eq!(t.take_range(5, 4, 5), Err(E::OutOfRange { slot: 8, size: 8 }));
        assert_eq!(t.take_range(9, 1, 5), Err(E::OutOfRange { slot: 9, size: 8 }));
        assert_eq!(t.take_range(u32::MAX, 2, 5), Err(E::OutOfRange { slot: u32::MAX, size: 8 }));
        assert_eq!(t.take_range(2, 5, 5), Err(E::InUse { slot: 6 }));
        assert_eq!(t.take_range(2, 3, 5), Ok(()));
        assert_eq!(t.take_lowest(5), Ok(5));
        assert_eq!(t.take_lowest(5), Ok(7));
        assert_eq!(t.take_lowest(5), Err(E::Full));
        t.destroyed = true;
        assert_eq!(t.take_range(0, 1, 5), Err(E::Destroyed));
    }

    #[test]
    fn a_huge_table_finds_slots_without_scanning_them() {
        let mut t = TableState::new(1_000_000);
        for expected in 0..10 {
            assert_eq!(t.take_lowest(0), Ok(expected));
        }
        assert_eq!(t.take(999_999, 0), Ok(()));
        assert!(matches!(t.remove(3, 1, 0), Ok(None)));
        assert_eq!(t.take_lowest(0), Ok(10));
        assert_eq!(t.take_lowest(1), Ok(3));
    }

    #[test]
    fn free_slots_find_the_lowest() {
        for size in [1u32, 63, 64, 65, 4095, 4096, 4097, 100_000] {
            let mut free = FreeSlots::all_free(size);
            assert_eq!(free.lowest(), Some(0), "size {size}");
            for slot in 0..size.min(200) {
                free.set(slot, false);
            }
            assert_eq!(free.lowest(), (size > 200).then_some(200), "size {size}");
            if size > 5000 {
                for slot in 200..4500 {
                    free.set(slot, false);
                }
                assert_eq!(free.lowest(), Some(4500));
                free.set(7, true);
                assert_eq!(free.lowest(), Some(7));
            }
        }
        let mut free = FreeSlots::all_free(70);
        for slot in 0..70 {
            free.set(slot, false);
        }
        assert_eq!(free.lowest(), None);
        free.set(69, true);
        assert_eq!(free.lowest(), Some(69));
    }
}
