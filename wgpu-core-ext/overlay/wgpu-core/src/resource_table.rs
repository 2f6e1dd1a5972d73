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

mod entry;
mod error;
mod global;
mod pass;
mod pin;
mod raw;
mod slots;
mod table;
#[cfg(any(feature = "trace", feature = "serde"))]
mod trace;

pub use entry::TableEntry;
pub use error::{
    CreateResourceTableError, ResourceTableBindingError, ResourceTableSlotError, ResourceTableStageError,
    ResourceTableUpdateError, TableResourceKind,
};
pub(crate) use pass::{check_bound, check_layout, check_submit, pipeline_layout_table, set_in_bundle, PassTables};
pub use pass::{PassTable, RecordedTable, TableSet, TablesUsed, TrackedCounts};
pub(crate) use pin::{
    check_pinned_buffer, check_pinned_texture, map_state_changed, merge_pinned_misuse, reachable_through_tables,
    repin_buffer, repin_texture, NotedUses,
};
pub use pin::{Pin, PinError, PinnedUseError};
pub(crate) use raw::{
    after_pass, before_dispatch, before_render_pass, bind as bind_raw, on_destroy, prepare_submit, BoundTable,
    PendingPin,
};
#[cfg(feature = "trace")]
pub(crate) use trace::{write_trace_format, TraceTables};
#[cfg(feature = "serde")]
pub use trace::{TraceAction, TraceEntry, TraceTableEntry};

use alloc::{
    string::{String, ToString as _},
    sync::Arc,
};
use core::sync::atomic::{AtomicU64, Ordering};

use parking_lot::Mutex;

use crate::{device::Device, SubmissionIndex};
use slots::TableState;

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
