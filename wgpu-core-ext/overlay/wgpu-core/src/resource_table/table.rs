//! The slot operations of a table: `update`, `insert_binding`, `update_range`,
//! `remove_binding`, `destroy`.

use alloc::{boxed::Box, collections::VecDeque, vec::Vec};
use core::sync::atomic::Ordering;

#[cfg(feature = "trace")]
use super::trace::{trace, TraceAction};
use super::{
    pin::pin_key, slots::TableState, ResourceTable, ResourceTableBindingError, ResourceTableSlotError,
    ResourceTableUpdateError, TableEntry,
};
use crate::{
    device::{Device, MissingFeatures},
    resource::{Buffer, InvalidResourceError, Labeled, ParentDevice},
    snatch::SnatchGuard,
    SubmissionIndex,
};
use alloc::sync::Arc;

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
        return Err(ResourceTableBindingError::BufferBindingTooLarge {
            size: end - offset,
            max,
        });
    }
    Ok(())
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
    pub(super) fn check_valid(&self) -> Result<(), InvalidResourceError> {
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
    pub(super) fn mark_dirty(self: &Arc<Self>, state: &mut TableState, slot: u32) {
        if state.destroyed {
            return;
        }
        // A whole rewrite (a new table, or one requeued after a failed submission) finds its
        // bound slots itself.
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
            let last = self.device.last_successful_submission_index.load(Ordering::Acquire);
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
        let last = self.device.last_successful_submission_index.load(Ordering::Acquire);
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
        self.state.lock().entry(slot).map_or(0, |e| e.type_id().0)
    }
}
