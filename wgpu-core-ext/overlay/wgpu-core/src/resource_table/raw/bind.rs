//! Binding a table's sets in passes and bundles, and the barriers around passes that reach
//! a table.

use alloc::sync::Arc;

use super::ResourceTable;
use crate::binding_model::PipelineLayout;

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
    pub(crate) fn bundle_reaches(&mut self, tables: &crate::resource_table::TablesUsed) {
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
