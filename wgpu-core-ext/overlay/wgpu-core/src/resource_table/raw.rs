//! The GPU side of resource tables: the device-wide table layout, the default resources,
//! each table's hal bind group and metadata buffer, the batched writes of dirty slots and
//! the one-time transitions of pinned resources, both flushed at the start of
//! `Queue::submit`, and binding a table in passes and bundles.
//!
//! Everything here costs O(1) per `set_resource_table`, draw and dispatch, and O(slots
//! changed) per submission: table contents never enter usage scopes or barriers.

use alloc::{boxed::Box, collections::VecDeque, sync::Arc, sync::Weak, vec::Vec};
use core::{mem::ManuallyDrop, sync::atomic::Ordering};

use naga::resource_table::TypeId;
use parking_lot::Mutex;

use super::{ResourceTable, TableEntry};
use crate::{
    binding_model::PipelineLayout,
    device::{
        queue::{PendingWrites, Queue, QueueSubmitError, TempResource},
        Device, DeviceError,
    },
    init_tracker::TextureInitRange,
    resource::{Buffer, RawResourceAccess as _, StagingBuffer, Texture},
    snatch::SnatchGuard,
    SubmissionIndex,
};

/// The device-wide hal layout of tables, created on first use.
#[derive(Debug)]
pub(crate) struct TableLayout {
    pub(crate) raw: ManuallyDrop<Box<dyn hal::DynBindGroupLayout>>,
    pub(crate) info: hal::resource_table::ResourceTableLayoutInfo,
}

/// A resource the next submission must transition to its pinned state (and initialize).
#[derive(Debug)]
pub(crate) enum PendingPin {
    Texture(Arc<Texture>),
    Buffer(Arc<Buffer>),
}

/// Per-device GPU state of resource tables.
#[derive(Debug, Default)]
pub(crate) struct DeviceRaw {
    layout: Mutex<Option<Arc<TableLayout>>>,
    /// The formats the layout hides from some types, set with the layout (read without a
    /// lock when slots get their type ids).
    formats: crate::OnceCellOrLock<hal::resource_table::TableFormats>,
    /// The default resource of every type id (created once, pinned, shared by all tables).
    defaults: Mutex<Option<Defaults>>,
    /// Tables with slots to write at the next submission.
    dirty: Mutex<Vec<Weak<ResourceTable>>>,
    pins: Mutex<Vec<PendingPin>>,
    /// Bindings removed from tables (or in destroyed tables) that submissions in flight
    /// may still read, with the last submission at their removal; released by the device's
    /// maintenance (`poll`, submit) once it completed.
    retired: Mutex<VecDeque<(SubmissionIndex, TableEntry)>>,
}


impl DeviceRaw {
    /// Whether a storage texture of `format` may be visible through tables (always, before
    /// the device's first table).
    pub(crate) fn storage_visible(&self, format: wgt::TextureFormat, writable: bool) -> bool {
        self.formats.get().is_none_or(|f| f.storage_visible(format, writable))
    }

    /// Whether a float texture of `format` may be visible for sampling (always, before the
    /// device's first table).
    pub(crate) fn sampled_visible(&self, format: wgt::TextureFormat) -> bool {
        self.formats.get().is_none_or(|f| f.sampled_visible(format))
    }

    pub(crate) fn push_pin(&self, pin: PendingPin) {
        self.pins.lock().push(pin);
    }

    pub(crate) fn push_dirty(&self, table: &Arc<ResourceTable>) {
        self.dirty.lock().push(Arc::downgrade(table));
    }

    /// Keeps removed bindings alive until submission `index` completes.
    pub(crate) fn retire(&self, index: SubmissionIndex, bindings: impl IntoIterator<Item = TableEntry>) {
        let mut retired = self.retired.lock();
        retired.extend(bindings.into_iter().map(|b| (index, b)));
    }

    /// Releases the bindings completed submissions no longer need. Removals are recorded in
    /// about index order (threads may interleave): one completing late holds back the ones
    /// behind it until it completes, never the reverse.
    pub(crate) fn release_completed(&self, completed: SubmissionIndex) {
        let mut released = Vec::new();
        {
            let mut retired = self.retired.lock();
            while retired.front().is_some_and(|(index, _)| *index <= completed) {
                released.extend(retired.pop_front().map(|(_, b)| b));
            }
        }
        // Dropped without the lock: a binding may hold the last reference to its resource.
        drop(released);
    }

    /// The default resources break the device's reference cycle here: called when the
    /// queue is dropped (nothing can be submitted afterwards).
    pub(crate) fn release(&self) {
        self.pins.lock().clear();
        self.dirty.lock().clear();
        self.retired.lock().clear();
        let defaults = self.defaults.lock().take();
        if let Some(device) = defaults.as_ref().and_then(|d| d.first()).map(|(_, e)| e.device().clone()) {
            untraced(&device, || drop(defaults));
        }
    }

    /// Destroys the layout (from `Device::drop`).
    pub(crate) fn destroy(&self, raw: &dyn hal::DynDevice) {
        if let Some(layout) = self.layout.lock().take() {
            if let Some(mut layout) = Arc::into_inner(layout) {
                // SAFETY: the layout is dropped here and never used again.
                unsafe { raw.destroy_bind_group_layout(ManuallyDrop::take(&mut layout.raw)) };
            }
        }
    }
}

/// The device's table layout, created on first use.
pub(crate) fn layout(device: &Arc<Device>) -> Result<Arc<TableLayout>, DeviceError> {
    let mut layout = device.resource_tables.raw.layout.lock();
    if let Some(layout) = layout.as_ref() {
        return Ok(layout.clone());
    }
    let desc = hal::resource_table::ResourceTableLayoutDescriptor {
        label: Some("(wgpu internal) resource table layout"),
        heterogeneous: device
            .features
            .contains(wgt::Features::HETEROGENEOUS_RESOURCE_TABLE),
        max_size: device.max_resource_table_size(),
    };
    let (raw, info) = unsafe { device.raw().create_resource_table_layout(&desc) }
        .map_err(|e| device.handle_hal_error(e))?;
    let _ = device
        .resource_tables
        .raw
        .formats
        .set(info.formats.clone());
    let created = Arc::new(TableLayout {
        raw: ManuallyDrop::new(raw),
        info,
    });
    *layout = Some(created.clone());
    Ok(created)
}

/// A table's hal objects.
#[derive(Debug)]
pub(crate) struct RawTable {
    group: ManuallyDrop<Box<dyn hal::DynBindGroup>>,
    /// Sampled textures, storage textures and storage buffers share one array.
    shared_array: bool,
    /// An internal wgpu-core buffer, so that the pending writes that copy into it keep it
    /// alive until their submission completes, however early the table is dropped.
    metadata: Arc<Buffer>,
}

impl RawTable {
    pub(crate) fn destroy(mut self, device: &dyn hal::DynDevice) {
        // SAFETY: dropped here, once, after every submission that used it (command buffers
        // keep the table alive; pending writes never use the group).
        unsafe { device.destroy_bind_group(ManuallyDrop::take(&mut self.group)) };
    }
}

fn metadata_size(size: u32) -> wgt::BufferAddress {
    4 * (u64::from(size) + 1).max(2)
}

/// Creates the hal table and writes the default resources into it.
pub(crate) fn create(device: &Arc<Device>, size: u32, label: Option<&str>) -> Result<RawTable, DeviceError> {
    let layout = layout(device)?;
    let defaults = defaults(device)?;
    let raw = device.raw();
    // Not traced: wgpu-core traces buffers in `Global::device_create_buffer`.
    let metadata = device
        .create_buffer(&wgt::BufferDescriptor {
            label: Some(alloc::borrow::Cow::Borrowed("(wgpu internal) resource table metadata")),
            size: metadata_size(size),
            usage: wgt::BufferUsages::STORAGE | wgt::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        })
    .map_err(|e| match e {
        crate::resource::CreateBufferError::Device(e) => e,
        e => {
            log::error!("resource table metadata: {e}");
            DeviceError::OutOfMemory
        }
    })?;
    let guard = device.snatchable_lock.read();
    let Some(metadata_raw) = metadata.raw(&guard) else {
        return Err(DeviceError::Lost);
    };
    let desc = hal::resource_table::ResourceTableDescriptor {
        label,
        layout: layout.raw.as_ref(),
        size,
        metadata: hal::BufferBinding::new_unchecked(metadata_raw, 0, None),
    };
    let group = unsafe { raw.create_resource_table(&desc) }.map_err(|e| device.handle_hal_error(e))?;
    let writes = defaults
        .iter()
        .filter_map(|(id, entry)| write_of(entry, *id, size + id.default_slot_offset(), &guard))
        .collect::<Vec<_>>();
    unsafe { raw.write_resource_table(group.as_ref(), &writes) };
    Ok(RawTable {
        group: ManuallyDrop::new(group),
        shared_array: layout.info.shared_array,
        metadata,
    })
}

/// The hal write of `entry` seen as type id `id` into array element `index`.
fn write_of<'a>(
    entry: &'a TableEntry,
    id: TypeId,
    index: u32,
    guard: &'a SnatchGuard,
) -> Option<hal::resource_table::DynResourceTableWrite<'a>> {
    use hal::resource_table::ResourceTableResource as R;
    use naga::resource_table::Kind;
    let resource = match (entry, id.kind()?) {
        (TableEntry::TextureView(view), Kind::SampledTexture) => R::SampledTexture(view.raw(guard)?),
        (TableEntry::TextureView(view), Kind::StorageTexture) => R::StorageTexture(view.raw(guard)?),
        (TableEntry::Sampler(sampler), Kind::Sampler) => R::Sampler(sampler.raw()),
        (TableEntry::Buffer { buffer, offset, size }, Kind::StorageBuffer) => {
            R::StorageBuffer(hal::BufferBinding::new_unchecked(
                buffer.raw(guard)?,
                *offset,
                size.and_then(wgt::BufferSize::new),
            ))
        }
        _ => return None,
    };
    Some(hal::resource_table::ResourceTableWrite { index, resource })
}

/// What the metadata holds for a slot of type id `id` holding `entry`: the id, and for a
/// buffer its binding's size (`naga::resource_table::TypeId::metadata_word`).
fn metadata_word(entry: Option<&TableEntry>, id: TypeId) -> u32 {
    let size = match entry {
        Some(TableEntry::Buffer { buffer, offset, size }) => Some(size.unwrap_or(buffer.size.saturating_sub(*offset))),
        _ => None,
    };
    id.metadata_word(size)
}

/// The type id shaders see for `entry` now: none once its resource is destroyed.
pub(crate) fn visible_type_id(entry: &TableEntry, guard: &SnatchGuard) -> TypeId {
    let alive = match entry {
        // A view's own handle outlives `destroy()` of its texture until the texture is
        // freed: the texture decides.
        TableEntry::TextureView(view) => view.parent.raw(guard).is_some() && view.raw(guard).is_some(),
        TableEntry::Sampler(_) => true,
        TableEntry::Buffer { buffer, .. } => {
            buffer.raw(guard).is_some()
                && matches!(*buffer.map_state.lock(), crate::resource::BufferMapState::Idle)
        }
    };
    if alive {
        entry.type_id()
    } else {
        TypeId::EMPTY
    }
}

/// The default resource of every type id, with its id.
type Defaults = Arc<Vec<(TypeId, TableEntry)>>;

/// The shape and format of each default texture, by texel kind: tiny, zeroed, pinned.
fn defaults(device: &Arc<Device>) -> Result<Defaults, DeviceError> {
    let mut defaults = device.resource_tables.raw.defaults.lock();
    if let Some(d) = defaults.as_ref() {
        return Ok(d.clone());
    }
    let created = Arc::new(untraced(device, || create_defaults(device))?);
    *defaults = Some(created.clone());
    Ok(created)
}

/// Runs `f` with the device's trace set aside: the default resources are the device's own,
/// not calls of the traced program, and a replay creates its own.
fn untraced<R>(device: &Device, f: impl FnOnce() -> R) -> R {
    #[cfg(feature = "trace")]
    let trace = device.trace.lock().take();
    #[cfg(not(feature = "trace"))]
    let _ = device;
    let result = f();
    #[cfg(feature = "trace")]
    if let Some(trace) = trace {
        *device.trace.lock() = Some(trace);
    }
    result
}

fn create_defaults(device: &Arc<Device>) -> Result<Vec<(TypeId, TableEntry)>, DeviceError> {
    use naga::resource_table::{
        DepthShape, SampledDimension as Sd, StorageDimension as Stor, TexelKind,
    };
    use wgt::{TextureDimension as Td, TextureFormat as F, TextureUsages as U, TextureViewDimension as Vd};

    let internal = |e: &dyn core::fmt::Debug| {
        log::error!("resource table defaults: {e:?}");
        DeviceError::OutOfMemory
    };
    let texture = |dim: Td, format: F, layers: u32, samples: u32, usage: U| -> Result<Arc<Texture>, DeviceError> {
        let desc = wgt::TextureDescriptor {
            label: Some(alloc::borrow::Cow::Borrowed("(wgpu internal) resource table default")),
            size: wgt::Extent3d {
                width: 1,
                height: 1,
                depth_or_array_layers: layers,
            },
            mip_level_count: 1,
            sample_count: samples,
            dimension: dim,
            format,
            usage: usage
                | if samples > 1 || format.is_depth_stencil_format() {
                    U::RENDER_ATTACHMENT
                } else {
                    U::COPY_DST
                },
            view_formats: Vec::new(),
        };
        match device.create_texture(&desc) {
            (t, None) => Ok(t),
            (_, Some(e)) => Err(internal(&e)),
        }
    };
    let view = |t: &Arc<Texture>, dimension: Vd, usage: U| -> Result<TableEntry, DeviceError> {
        let desc = crate::resource::TextureViewDescriptor {
            label: Some(alloc::borrow::Cow::Borrowed("(wgpu internal) resource table default")),
            format: None,
            dimension: Some(dimension),
            usage: Some(usage),
            range: wgt::ImageSubresourceRange {
                array_layer_count: Some(if dimension == Vd::D2 { 1 } else { t.desc.size.depth_or_array_layers }),
                ..Default::default()
            },
        };
        device
            .create_texture_view(t, &desc)
            .map(TableEntry::TextureView)
            .map_err(|e| internal(&e))
    };
    let pin = |t: &Arc<Texture>, usage: wgt::PinnedUsage| {
        t.pinned.set(Some(usage));
        device.resource_tables.raw.push_pin(PendingPin::Texture(t.clone()));
    };

    let mut out = Vec::new();
    let heterogeneous = device
        .features
        .contains(wgt::Features::HETEROGENEOUS_RESOURCE_TABLE);
    for (kind, format) in [
        (TexelKind::Float, F::Rgba8Unorm),
        (TexelKind::Sint, F::Rgba8Sint),
        (TexelKind::Uint, F::Rgba8Uint),
    ] {
        let d1 = texture(Td::D1, format, 1, 1, U::TEXTURE_BINDING)?;
        let d2 = texture(Td::D2, format, 6, 1, U::TEXTURE_BINDING)?;
        let d3 = texture(Td::D3, format, 1, 1, U::TEXTURE_BINDING)?;
        let ms = texture(Td::D2, format, 1, 4, U::TEXTURE_BINDING)?;
        for t in [&d1, &d2, &d3, &ms] {
            pin(t, wgt::PinnedUsage::Sampled);
        }
        for (dim, t, vd) in [
            (Sd::D1, &d1, Vd::D1),
            (Sd::D2, &d2, Vd::D2),
            (Sd::D2Array, &d2, Vd::D2Array),
            (Sd::D3, &d3, Vd::D3),
            (Sd::Cube, &d2, Vd::Cube),
            (Sd::CubeArray, &d2, Vd::CubeArray),
        ] {
            out.push((TypeId::sampled(dim, kind), view(t, vd, U::TEXTURE_BINDING)?));
        }
        out.push((TypeId::multisampled(kind), view(&ms, Vd::D2, U::TEXTURE_BINDING)?));
        if heterogeneous {
            let storage_format = match kind {
                TexelKind::Float => F::R32Float,
                TexelKind::Sint => F::R32Sint,
                TexelKind::Uint => F::R32Uint,
            };
            // Read-only types get defaults of their own, which no shader can write: what
            // shaders write through the writable defaults never shows through them.
            for writable in [false, true] {
                let usage = if writable {
                    wgt::PinnedUsage::StorageReadWrite
                } else {
                    wgt::PinnedUsage::StorageRead
                };
                let s1 = texture(Td::D1, storage_format, 1, 1, U::STORAGE_BINDING)?;
                let s2 = texture(Td::D2, storage_format, 1, 1, U::STORAGE_BINDING)?;
                let s3 = texture(Td::D3, storage_format, 1, 1, U::STORAGE_BINDING)?;
                for t in [&s1, &s2, &s3] {
                    pin(t, usage);
                }
                for (dim, t, vd) in [
                    (Stor::D1, &s1, Vd::D1),
                    (Stor::D2, &s2, Vd::D2),
                    (Stor::D2Array, &s2, Vd::D2Array),
                    (Stor::D3, &s3, Vd::D3),
                ] {
                    out.push((TypeId::storage_texture(dim, kind, writable), view(t, vd, U::STORAGE_BINDING)?));
                }
            }
        }
    }
    let depth = texture(Td::D2, F::Depth32Float, 6, 1, U::TEXTURE_BINDING)?;
    let depth_ms = texture(Td::D2, F::Depth32Float, 1, 4, U::TEXTURE_BINDING)?;
    pin(&depth, wgt::PinnedUsage::Sampled);
    pin(&depth_ms, wgt::PinnedUsage::Sampled);
    for (shape, vd) in [
        (DepthShape::D2, Vd::D2),
        (DepthShape::D2Array, Vd::D2Array),
        (DepthShape::Cube, Vd::Cube),
        (DepthShape::CubeArray, Vd::CubeArray),
    ] {
        out.push((TypeId::depth(shape), view(&depth, vd, U::TEXTURE_BINDING)?));
    }
    out.push((
        TypeId::depth(DepthShape::Multisampled2d),
        view(&depth_ms, Vd::D2, U::TEXTURE_BINDING)?,
    ));
    for comparison in [false, true] {
        let desc = crate::resource::SamplerDescriptor {
            label: Some(alloc::borrow::Cow::Borrowed("(wgpu internal) resource table default")),
            address_modes: [wgt::AddressMode::ClampToEdge; 3],
            mag_filter: wgt::FilterMode::Nearest,
            min_filter: wgt::FilterMode::Nearest,
            mipmap_filter: wgt::MipmapFilterMode::Nearest,
            lod_min_clamp: 0.0,
            lod_max_clamp: 32.0,
            compare: comparison.then_some(wgt::CompareFunction::Less),
            anisotropy_clamp: 1,
            border_color: None,
        };
        let sampler = device.create_sampler(&desc).map_err(|e| internal(&e))?;
        out.push((TypeId::sampler(comparison), TableEntry::Sampler(sampler)));
    }
    if heterogeneous {
        // As for storage textures: the read-only default is a buffer of its own.
        for writable in [false, true] {
            let buffer = device
                .create_buffer(&wgt::BufferDescriptor {
                    label: Some(alloc::borrow::Cow::Borrowed("(wgpu internal) resource table default")),
                    size: 16,
                    usage: wgt::BufferUsages::STORAGE,
                    mapped_at_creation: false,
                })
                .map_err(|e| internal(&e))?;
            buffer.pinned.set(Some(if writable {
                wgt::PinnedUsage::StorageReadWrite
            } else {
                wgt::PinnedUsage::StorageRead
            }));
            device.resource_tables.raw.push_pin(PendingPin::Buffer(buffer.clone()));
            let entry = TableEntry::Buffer {
                buffer,
                offset: 0,
                size: None,
            };
            out.push((TypeId::storage_buffer(writable), entry));
        }
    }
    Ok(out)
}

/// What a table must write at the next submission.
#[derive(Debug, Default)]
pub(crate) struct Dirty {
    /// The whole metadata buffer (a new table).
    pub(crate) all: bool,
    pub(crate) slots: Vec<u32>,
    /// Whether the table is in the device's dirty list.
    pub(crate) queued: bool,
}

/// The start of `Queue::submit`, once its index is allocated: transitions newly pinned
/// resources and writes the slots of dirty tables, in the pending-writes encoder (which
/// runs before the submitted command buffers). It runs under the device's command-index
/// lock, which `remove_binding` and `destroy` take to read the last submission index: a
/// table change is either in this submission's writes or counted after it.
#[allow(clippy::result_large_err)] // upstream's error type, returned as `Queue::submit` does
pub(crate) fn prepare_submit(queue: &Queue, guard: &SnatchGuard) -> Result<(), QueueSubmitError> {
    prepare(&queue.device, &mut queue.pending_writes.lock(), guard).map_err(QueueSubmitError::Queue)
}

fn prepare(
    device: &Arc<Device>,
    pending_writes: &mut PendingWrites,
    guard: &SnatchGuard,
) -> Result<(), DeviceError> {
    let pins = core::mem::take(&mut *device.resource_tables.raw.pins.lock());
    let dirty = core::mem::take(&mut *device.resource_tables.raw.dirty.lock());
    if pins.is_empty() && dirty.is_empty() {
        return Ok(());
    }
    let result = pins
        .iter()
        .try_for_each(|pin| match pin {
            PendingPin::Texture(texture) => transition_texture(device, pending_writes, texture, guard),
            PendingPin::Buffer(buffer) => transition_buffer(device, pending_writes, buffer, guard),
        })
        .and_then(|()| write_tables(device, pending_writes, &dirty, guard));
    if result.is_err() {
        requeue(device, pins, &dirty);
    }
    result
}

/// After a failed preparation (the device may survive it, out of memory say), nothing is
/// lost: the pins are queued again (a transition to the state a resource is in does
/// nothing), and the tables are queued for a whole rewrite of their metadata (descriptors
/// already written are known per slot and not written again).
fn requeue(device: &Device, pins: Vec<PendingPin>, dirty: &[Weak<ResourceTable>]) {
    device.resource_tables.raw.pins.lock().extend(pins);
    for table in dirty.iter().filter_map(Weak::upgrade) {
        // Tables not reached yet are still marked queued but left the device's list: queued
        // again either way (twice is harmless, the second finds nothing to do).
        let mut state = table.state.lock();
        state.dirty.all = true;
        state.dirty.queued = true;
        device.resource_tables.raw.push_dirty(&table);
    }
}

pub(crate) fn texture_uses(usage: wgt::PinnedUsage) -> wgt::TextureUses {
    match usage {
        wgt::PinnedUsage::Sampled => wgt::TextureUses::RESOURCE,
        wgt::PinnedUsage::StorageRead => wgt::TextureUses::STORAGE_READ_ONLY,
        wgt::PinnedUsage::StorageReadWrite => wgt::TextureUses::STORAGE_READ_WRITE,
    }
}

fn transition_texture(
    device: &Arc<Device>,
    pending_writes: &mut PendingWrites,
    texture: &Arc<Texture>,
    guard: &SnatchGuard,
) -> Result<(), DeviceError> {
    let Some(usage) = texture.pinned.get() else {
        return Ok(());
    };
    let Some(raw) = texture.raw(guard) else {
        return Ok(());
    };
    let encoder = pending_writes.activate();
    let mut trackers = device.trackers.lock();
    // Tables read every subresource: zero what was never written.
    {
        let mut status = texture.initialization_status.write();
        for mip in texture.full_range.mips.clone() {
            let ranges = status.mips[mip as usize]
                .drain(texture.full_range.layers.clone())
                .collect::<Vec<_>>();
            for layer_range in ranges {
                crate::command::clear_texture(
                    texture,
                    TextureInitRange {
                        mip_range: mip..mip + 1,
                        layer_range,
                    },
                    encoder,
                    &mut trackers.textures,
                    &device.alignments,
                    device.zero_buffer.as_ref(),
                    guard,
                    device.instance_flags,
                )
                .map_err(|e| {
                    log::error!("resource table: clearing a pinned texture: {e}");
                    DeviceError::OutOfMemory
                })?;
            }
        }
    }
    let barriers = trackers
        .textures
        .set_single(texture, texture.full_range.clone(), texture_uses(usage))
        .map(|pending| pending.into_hal(raw))
        .collect::<Vec<_>>();
    unsafe { encoder.transition_textures(&barriers) };
    pending_writes.insert_texture(texture);
    Ok(())
}

fn transition_buffer(
    device: &Arc<Device>,
    pending_writes: &mut PendingWrites,
    buffer: &Arc<Buffer>,
    guard: &SnatchGuard,
) -> Result<(), DeviceError> {
    let uses = match buffer.pinned.get() {
        Some(wgt::PinnedUsage::StorageRead) => wgt::BufferUses::STORAGE_READ_ONLY,
        Some(wgt::PinnedUsage::StorageReadWrite) => wgt::BufferUses::STORAGE_READ_WRITE,
        _ => return Ok(()),
    };
    let Some(raw) = buffer.raw(guard) else {
        return Ok(());
    };
    let encoder = pending_writes.activate();
    let mut trackers = device.trackers.lock();
    let uninit = buffer
        .initialization_status
        .write()
        .drain(0..buffer.size)
        .collect::<Vec<_>>();
    if !uninit.is_empty() {
        let barriers = trackers
            .buffers
            .set_single(buffer, wgt::BufferUses::COPY_DST)
            .map(|pending| pending.into_hal(buffer, guard))
            .into_iter()
            .collect::<Vec<_>>();
        unsafe { encoder.transition_buffers(&barriers) };
        for range in uninit {
            let end = wgt::math::align_to(range.end, wgt::COPY_BUFFER_ALIGNMENT).min(buffer.size);
            unsafe { encoder.clear_buffer(raw, range.start..end) };
        }
    }
    let barriers = trackers
        .buffers
        .set_single(buffer, uses)
        .map(|pending| pending.into_hal(buffer, guard))
        .into_iter()
        .collect::<Vec<_>>();
    unsafe { encoder.transition_buffers(&barriers) };
    pending_writes.insert_buffer(buffer);
    Ok(())
}

/// How many descriptor writes go to hal at once.
const WRITE_CHUNK: usize = 1024;

/// Writes the descriptors and type ids of every dirty slot: one `write_resource_table` per
/// table and one staging copy for all metadata.
fn write_tables(
    device: &Arc<Device>,
    pending_writes: &mut PendingWrites,
    dirty: &[Weak<ResourceTable>],
    guard: &SnatchGuard,
) -> Result<(), DeviceError> {
    // Bytes to stage, and where each run goes (a table is queued once, so once here).
    let mut bytes = Vec::<u8>::new();
    let mut copies = Vec::<(Arc<ResourceTable>, Vec<hal::BufferCopy>)>::new();
    // No submission starts while this runs (command-index lock): one wait serves all tables.
    let mut waited = false;
    for table in dirty.iter().filter_map(Weak::upgrade) {
        let mut state = table.state.lock();
        let work = core::mem::take(&mut state.dirty);
        if state.destroyed {
            continue;
        }
        let Some(raw) = table.raw.as_ref() else { continue };
        let mut slots = work.slots;
        let state = &mut *state;
        let mut regions = Vec::new();
        // A whole rewrite: the length, every slot empty, then the bound slots' words are
        // put in place by the loop below (one type id per slot).
        let whole = work.all.then(|| {
            let start = bytes.len();
            bytes.extend_from_slice(&table.size.to_le_bytes());
            let empty = metadata_word(None, TypeId::EMPTY).to_le_bytes();
            let words = bytes.len();
            bytes.resize(words + 4 * table.size as usize, 0);
            for word in bytes[words..].chunks_exact_mut(4) {
                word.copy_from_slice(&empty);
            }
            regions.push(hal::BufferCopy {
                src_offset: start as u64,
                dst_offset: 0,
                size: wgt::BufferSize::new(bytes.len() as u64 - start as u64).unwrap(),
            });
            slots = state.bound_slots().collect();
            start + 4
        });
        // Slots are usually filled in order: checking is cheaper than sorting.
        if !slots.is_sorted() {
            slots.sort_unstable();
        }
        slots.dedup();
        if whole.is_none() {
            bytes.reserve(4 * slots.len());
        }
        let mut writes = Vec::with_capacity(slots.len().min(WRITE_CHUNK));
        let send = |writes: &mut Vec<_>| {
            if !writes.is_empty() {
                unsafe { device.raw().write_resource_table(raw.group.as_ref(), writes) };
                writes.clear();
            }
        };
        let mut run: Option<(u64, u32, u32)> = None; // (src, first slot, count)
        for &slot in &slots {
            let entry = state.entries.get(slot as usize).and_then(Option::as_ref);
            let id = entry.map_or(TypeId::EMPTY, |e| visible_type_id(e, guard));
            if let (Some(entry), Some(kind)) = (entry, id.kind()) {
                let written = &mut state.written[slot as usize];
                let before = *written;
                let (write, replaces) = written_after(written, kind, raw.shared_array);
                if replaces && !waited {
                    // The writes so far replace nothing: out before the wait, so that a
                    // failed wait leaves exactly the slots not yet written to the requeued
                    // rewrite (this one with what its array held, so that it waits again).
                    send(&mut writes);
                    if let Err(e) = wait_for_submissions(device) {
                        state.written[slot as usize] = before;
                        return Err(e);
                    }
                    waited = true;
                }
                if let Some(w) = write.then(|| write_of(entry, id, slot, guard)).flatten() {
                    writes.push(w);
                    // Written in chunks: the lists stay small and warm, here and in hal.
                    if writes.len() == WRITE_CHUNK {
                        send(&mut writes);
                    }
                }
            }
            let word = metadata_word(entry, id).to_le_bytes();
            if let Some(words) = whole {
                let at = words + 4 * slot as usize;
                bytes[at..at + 4].copy_from_slice(&word);
            } else {
                match run {
                    Some((_, first, ref mut count)) if first + *count == slot => *count += 1,
                    _ => {
                        if let Some(done) = run.take() {
                            regions.push(region(done));
                        }
                        run = Some((bytes.len() as u64, slot, 1));
                    }
                }
                bytes.extend_from_slice(&word);
            }
        }
        if let Some(done) = run {
            regions.push(region(done));
        }
        send(&mut writes);
        if !regions.is_empty() {
            copies.push((table.clone(), regions));
        }
    }
    let Some(size) = wgt::BufferSize::new(bytes.len() as u64) else {
        return Ok(());
    };
    let mut staging = StagingBuffer::new(device, size)?;
    staging.write(&bytes);
    let staging = staging.flush();
    let encoder = pending_writes.activate();
    let read = wgt::BufferUses::STORAGE_READ_ONLY;
    let copy_dst = wgt::BufferUses::COPY_DST;
    let barrier = |buffer, from, to| hal::BufferBarrier {
        buffer,
        usage: hal::StateTransition { from, to },
    };
    unsafe {
        encoder.transition_buffers(&[barrier(
            staging.raw(),
            wgt::BufferUses::MAP_WRITE,
            wgt::BufferUses::COPY_SRC,
        )])
    };
    for (table, regions) in &copies {
        let metadata = &table.raw.as_ref().unwrap().metadata;
        let Some(raw) = metadata.raw(guard) else { continue };
        unsafe {
            encoder.transition_buffers(&[barrier(raw, read, copy_dst)]);
            encoder.copy_buffer_to_buffer(staging.raw(), raw, regions);
            encoder.transition_buffers(&[barrier(raw, copy_dst, read)]);
        }
    }
    for (table, _) in &copies {
        pending_writes.insert_buffer(&table.raw.as_ref().unwrap().metadata);
    }
    pending_writes.consume(staging);
    Ok(())
}

/// Which arrays hold the slot's current binding, a bit per [`Kind`](naga::resource_table::Kind)
/// (`TableState::written`, cleared when a binding is put in the slot).
fn kind_bit(kind: naga::resource_table::Kind) -> u8 {
    use naga::resource_table::Kind;
    match kind {
        Kind::Metadata => 0,
        Kind::SampledTexture => 1,
        Kind::Sampler => 2,
        Kind::StorageTexture => 4,
        Kind::StorageBuffer => 8,
    }
}

/// The kinds that share one array where the layout has a shared (mutable) array.
const SHARED_KINDS: u8 = 1 | 4 | 8;

/// Whether the slot's descriptor must be written for `kind`, and whether that write
/// replaces the descriptor of another kind in a shared array; updates `written`.
///
/// Descriptors a pending submission may read must not be rewritten
/// (`UPDATE_UNUSED_WHILE_PENDING`), and a slot's binding changes only once the submissions
/// that could read it completed. So a descriptor is written once per binding and array:
/// pin, unpin and destroy change only type ids, and slots in a resource's history that now
/// hold another binding are not touched. In a shared array, a texture pinned for sampling
/// and then for storage (or back) needs its one descriptor rewritten under submissions
/// that may still read it: the caller waits for them first.
fn written_after(written: &mut u8, kind: naga::resource_table::Kind, shared_array: bool) -> (bool, bool) {
    let bit = kind_bit(kind);
    if *written & bit != 0 {
        return (false, false);
    }
    if shared_array && bit & SHARED_KINDS != 0 {
        let replaces = *written & SHARED_KINDS != 0;
        *written = (*written & !SHARED_KINDS) | bit;
        (true, replaces)
    } else {
        *written |= bit;
        (true, false)
    }
}

/// Waits for every submission so far (rare: see [`written_after`]).
fn wait_for_submissions(device: &Device) -> Result<(), DeviceError> {
    let last = device.last_successful_submission_index.load(Ordering::Acquire);
    unsafe { device.raw().wait(device.fence.as_ref(), last, None) }
        .map(drop)
        .map_err(|e| device.handle_hal_error(e))
}

fn region((src, slot, count): (u64, u32, u32)) -> hal::BufferCopy {
    hal::BufferCopy {
        src_offset: src,
        dst_offset: 4 + 4 * u64::from(slot),
        size: wgt::BufferSize::new(4 * u64::from(count)).unwrap(),
    }
}

/// Binds the pass's table for the current pipeline layout, unless it is bound already:
/// called when bindings are flushed before draws and dispatches (and when bundles change
/// pipeline, table or bind groups), so it costs one comparison per draw.
///
/// `bound` is what was bound last, as (pipeline layout, table). Binding any bind group may
/// overwrite the table's sets (a layout with more groups puts one where the table was) or
/// disturb them (an incompatible layout at a lower set), so `groups_rebound` forgets it;
/// so does anything else that binds sets in the pass (indirect-call validation).
#[inline]
pub(crate) fn bind(
    bound: &mut BoundTable,
    groups_rebound: bool,
    layout: Option<&Arc<PipelineLayout>>,
    table: Option<&Arc<ResourceTable>>,
    encoder: &mut dyn hal::DynCommandEncoder,
) {
    if groups_rebound {
        bound.forget();
    }
    // Every draw and dispatch comes here: inlined down to these checks without a table,
    // and to one comparison with the table already bound.
    let (Some(layout), Some(table)) = (layout, table) else {
        bound.current = false;
        return;
    };
    let key = (Arc::as_ptr(layout) as usize, Arc::as_ptr(table) as usize);
    if bound.key == Some(key) {
        bound.current = bound.writable;
        bound.since_barrier |= bound.writable;
        return;
    }
    bind_table(bound, key, layout, table, encoder);
}

// Kept out of line so that `bind`, inlined at every draw and dispatch, stays small.
#[inline(never)]
fn bind_table(
    bound: &mut BoundTable,
    key: (usize, usize),
    layout: &Arc<PipelineLayout>,
    table: &Arc<ResourceTable>,
    encoder: &mut dyn hal::DynCommandEncoder,
) {
    bound.current = false;
    if !layout.uses_resource_table {
        return;
    }
    // What shaders reach through a heterogeneous table may be written.
    let writable = table
        .device
        .features
        .contains(wgt::Features::HETEROGENEOUS_RESOURCE_TABLE);
    bound.current = writable;
    bound.since_barrier |= writable;
    let (Ok(raw_layout), Some(raw)) = (layout.raw(), table.raw.as_ref()) else {
        return;
    };
    unsafe {
        encoder.set_bind_group(
            raw_layout,
            layout.bind_group_layouts.len() as u32,
            raw.group.as_ref(),
            &[],
        )
    };
    bound.key = Some(key);
    bound.writable = writable;
}

/// A pass's table binding (`Binder::resource_table_bound`), and whether shaders may have
/// written through a table since the last table barrier.
///
/// Table contents are in no usage scope, so nothing else orders their accesses: on devices
/// whose tables may hold writable resources (heterogeneous), a global barrier
/// ([`hal::DynCommandEncoder::resource_table_barrier`]) goes before every dispatch that
/// reaches a table or follows one, at the end of such a compute pass, and before and after
/// a render pass that reaches one. One barrier per such dispatch or pass: O(1), whatever the
/// table holds.
#[derive(Debug, Default)]
pub(crate) struct BoundTable {
    /// (pipeline layout, table) last bound.
    key: Option<(usize, usize)>,
    /// The draw or dispatch being flushed reaches a heterogeneous table.
    current: bool,
    /// A draw or dispatch reached one since the last table barrier.
    since_barrier: bool,
    /// The table bound (`key`) may be written through (heterogeneous).
    writable: bool,
}

impl BoundTable {
    /// Forgets what was bound (other sets were bound over it), not what was reached.
    pub(crate) fn forget(&mut self) {
        self.key = None;
    }

    /// A render bundle executed in the pass reaches a heterogeneous table.
    pub(crate) fn bundle_reaches(&mut self, tables: &super::TablesUsed) {
        self.since_barrier |= tables.reach_writable();
    }
}

/// Before a dispatch (its bindings flushed): the barrier, if it or an earlier dispatch
/// since the last barrier reaches a table.
pub(crate) fn before_dispatch(bound: &mut BoundTable, encoder: &mut dyn hal::DynCommandEncoder) {
    if bound.since_barrier {
        unsafe { encoder.resource_table_barrier() };
    }
    bound.since_barrier = bound.current;
}

/// At the end of a compute pass, or right after a render pass: the barrier, if a dispatch or
/// draw since the last one reached a table. Returns whether a render pass needs one before
/// it too.
pub(crate) fn after_pass(bound: &mut BoundTable, encoder: &mut dyn hal::DynCommandEncoder) -> bool {
    let reached = core::mem::take(&mut bound.since_barrier);
    if reached {
        unsafe { encoder.resource_table_barrier() };
    }
    reached
}

/// Before a render pass (in its pre-pass encoder) that reaches a table.
pub(crate) fn before_render_pass(reached: bool, encoder: &mut dyn hal::DynCommandEncoder) {
    if reached {
        unsafe { encoder.resource_table_barrier() };
    }
}

/// `destroy()` of a texture or buffer: its slots read as empty from the next submission.
/// Submissions in flight may still reach it through a table whatever their own commands
/// used, so while a table holds it, its destruction waits for the *next* submission like a
/// resource the queue wrote to: it joins the pending writes' temporary resources, which the
/// lifetime tracker releases when that submission completes (after every earlier one).
/// Otherwise it is returned, to be destroyed as upstream does.
pub(crate) fn on_destroy(queue: &Queue, pin: &super::Pin, temp: TempResource) -> Option<TempResource> {
    if !pin.reachable(queue.device.resource_tables.completed()) {
        return Some(temp);
    }
    pin.slots_changed();
    let mut pending_writes = queue.pending_writes.lock();
    // An empty pending-writes encoder is submitted with the next submission, and with it
    // the resource.
    pending_writes.activate();
    pending_writes.consume_temp(temp);
    None
}

#[cfg(test)]
mod tests {
    use super::written_after;
    use naga::resource_table::Kind;

    #[test]
    fn descriptors_are_written_once_per_binding_and_array() {
        // Separate arrays: sampled, then storage, then sampled again writes twice.
        let mut written = 0;
        assert_eq!(written_after(&mut written, Kind::SampledTexture, false), (true, false));
        assert_eq!(written_after(&mut written, Kind::SampledTexture, false), (false, false));
        assert_eq!(written_after(&mut written, Kind::StorageTexture, false), (true, false));
        assert_eq!(written_after(&mut written, Kind::SampledTexture, false), (false, false));
        assert_eq!(written_after(&mut written, Kind::StorageTexture, false), (false, false));
        // One shared array: every change of kind rewrites the one descriptor, and says so.
        let mut written = 0;
        assert_eq!(written_after(&mut written, Kind::SampledTexture, true), (true, false));
        assert_eq!(written_after(&mut written, Kind::SampledTexture, true), (false, false));
        assert_eq!(written_after(&mut written, Kind::StorageTexture, true), (true, true));
        assert_eq!(written_after(&mut written, Kind::SampledTexture, true), (true, true));
        // Samplers have their own array even then.
        assert_eq!(written_after(&mut written, Kind::Sampler, true), (true, false));
        assert_eq!(written_after(&mut written, Kind::SampledTexture, true), (false, false));
    }
}
