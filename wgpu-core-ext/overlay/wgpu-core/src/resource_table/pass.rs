//! Pipeline layouts that use the table, `setResourceTable` in passes and bundles, and the
//! checks at draw, dispatch and submit.

use alloc::{sync::Arc, vec, vec::Vec};

use super::{
    pin::{buffer_misuse, texture_misuse},
    raw, ResourceTable, ResourceTableStageError,
};
use crate::{
    device::{Device, DeviceError, MissingFeatures},
    id,
    resource::{DestroyedResourceError, InvalidResourceError, Labeled as _, ParentDevice},
};

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
        return Err(crate::binding_model::CreatePipelineLayoutError::NoRoomForResourceTable { actual: groups, max });
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
pub struct TablesUsed(pub(super) Vec<Arc<ResourceTable>>);

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
        self.0
            .iter()
            .any(|t| t.device.features.contains(wgt::Features::HETEROGENEOUS_RESOURCE_TABLE))
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
        Self {
            before,
            table: table.map(|table| PassTable::Arc(RecordedTable(table))),
        }
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
pub(super) fn set_on_pass<E>(
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
