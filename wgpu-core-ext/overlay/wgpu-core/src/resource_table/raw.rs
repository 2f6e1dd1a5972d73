//! The GPU side of resource tables: the device-wide table layout, the default resources,
//! each table's hal bind group and metadata buffer, the batched writes of dirty slots and
//! the one-time transitions of pinned resources, both flushed at the start of
//! `Queue::submit`, and binding a table in passes and bundles.
//!
//! Everything here costs O(1) per `set_resource_table`, draw and dispatch, and O(slots
//! changed) per submission: table contents never enter usage scopes or barriers.

use alloc::{boxed::Box, collections::VecDeque, sync::Arc, sync::Weak, vec::Vec};
use core::mem::ManuallyDrop;

use naga::resource_table::TypeId;
use parking_lot::Mutex;

use super::{ResourceTable, TableEntry};
use crate::{
    device::{Device, DeviceError},
    resource::{Buffer, RawResourceAccess as _, Texture},
    snatch::SnatchGuard,
    SubmissionIndex,
};

mod bind;
mod defaults;
mod submit;

pub(crate) use bind::{after_pass, before_dispatch, before_render_pass, bind, BoundTable};
use defaults::{defaults, untraced, Defaults};
pub(crate) use submit::{on_destroy, prepare_submit, texture_uses, Dirty};

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
        if let Some(device) = defaults
            .as_ref()
            .and_then(|d| d.first())
            .map(|(_, e)| e.device().clone())
        {
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
        heterogeneous: device.features.contains(wgt::Features::HETEROGENEOUS_RESOURCE_TABLE),
        max_size: device.max_resource_table_size(),
    };
    let (raw, info) =
        unsafe { device.raw().create_resource_table_layout(&desc) }.map_err(|e| device.handle_hal_error(e))?;
    let _ = device.resource_tables.raw.formats.set(info.formats.clone());
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
        (TableEntry::Buffer { buffer, offset, size }, Kind::StorageBuffer) => R::StorageBuffer(
            hal::BufferBinding::new_unchecked(buffer.raw(guard)?, *offset, size.and_then(wgt::BufferSize::new)),
        ),
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
            buffer.raw(guard).is_some() && matches!(*buffer.map_state.lock(), crate::resource::BufferMapState::Idle)
        }
    };
    if alive {
        entry.type_id()
    } else {
        TypeId::EMPTY
    }
}
