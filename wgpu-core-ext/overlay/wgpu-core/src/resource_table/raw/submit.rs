//! The flush at `Queue::submit`: transitions of newly pinned resources and the writes of
//! dirty slots (descriptors and type ids), in the pending-writes encoder.

use alloc::{
    sync::{Arc, Weak},
    vec::Vec,
};
use core::sync::atomic::Ordering;

use naga::resource_table::TypeId;

use super::{metadata_word, visible_type_id, write_of, PendingPin, ResourceTable};
use crate::{
    device::{
        queue::{PendingWrites, Queue, QueueSubmitError, TempResource},
        Device, DeviceError,
    },
    init_tracker::TextureInitRange,
    resource::{Buffer, RawResourceAccess as _, StagingBuffer, Texture},
    snatch::SnatchGuard,
};

/// What a table must write at the next submission.
#[derive(Debug, Default)]
pub(crate) struct Dirty {
    /// The whole metadata buffer (a new table, or one requeued after a failed submission).
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

fn prepare(device: &Arc<Device>, pending_writes: &mut PendingWrites, guard: &SnatchGuard) -> Result<(), DeviceError> {
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

/// `destroy()` of a texture or buffer: its slots read as empty from the next submission.
/// Submissions in flight may still reach it through a table whatever their own commands
/// used, so while a table holds it, its destruction waits for the *next* submission like a
/// resource the queue wrote to: it joins the pending writes' temporary resources, which the
/// lifetime tracker releases when that submission completes (after every earlier one).
/// Otherwise it is returned, to be destroyed as upstream does.
pub(crate) fn on_destroy(queue: &Queue, pin: &crate::resource_table::Pin, temp: TempResource) -> Option<TempResource> {
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
