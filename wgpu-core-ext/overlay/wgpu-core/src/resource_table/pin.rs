//! Pinning: the usage a texture or buffer is pinned to, the tables that hold it, and the
//! checks of every other use a command buffer makes of a pinned resource.

use alloc::{
    string::String,
    sync::{Arc, Weak},
    vec::Vec,
};
use core::sync::atomic::{AtomicU64, AtomicU8, Ordering};

use parking_lot::Mutex;
use thiserror::Error;
use wgt::error::{ErrorType, WebGpuError};

use super::{raw, PendingPin, ResourceTable};
use crate::{
    device::MissingFeatures,
    resource::{Buffer, DestroyedResourceError, InvalidResourceError, Labeled, ParentDevice, ResourceErrorIdent},
    SubmissionIndex,
};

/// The usage a texture or buffer is pinned to (`pin`/`unpin`), read wherever a use of the
/// resource is validated (one atomic byte), and the tables that hold the resource, so that
/// pinning, unpinning and destroying rewrite exactly the type ids of its slots (each table
/// keeps the list of a resource's slots: [`TableState::slots_of`](super::slots::TableState::slots_of)).
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

    pub(super) fn set(&self, usage: Option<wgt::PinnedUsage>) {
        self.usage.store(usage.map_or(0, |u| u as u8), Ordering::Release);
    }

    /// The resource entered `table` (whose state the caller holds): its first slot there.
    pub(super) fn entered_table(&self, table: &Arc<ResourceTable>) {
        let mut tables = self.tables.lock();
        tables.retain(|t| t.strong_count() > 0);
        tables.push(Arc::downgrade(table));
    }

    /// The resource left its last slot of `table` (whose state the caller holds).
    pub(super) fn left_table_entirely(&self, table: &ResourceTable) {
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
    pub(super) fn left_slot(&self, last: SubmissionIndex) {
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

/// The key of a resource in [`TableState::holders`](super::slots::TableState::holders): the address of its [`Pin`] (stable, as
/// the table's bindings keep the resource alive).
pub(super) fn pin_key(pin: &Pin) -> usize {
    // Without the alignment bits, which Fx hashing would keep as zeros in the bucket index.
    core::ptr::from_ref(pin).addr() >> 3
}

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
pub(super) fn buffer_misuse(buffer: &Buffer, uses: wgt::BufferUses) -> Option<PinnedUseError> {
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
pub(super) fn texture_misuse(texture: &crate::resource::Texture, uses: wgt::TextureUses) -> Option<PinnedUseError> {
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
        if resource
            .device()
            .features
            .contains(wgt::Features::SAMPLING_RESOURCE_TABLE)
        {
            self.0.push((Arc::downgrade(resource), uses));
        }
    }
}

impl<R, U: Copy> NotedUses<R, U> {
    pub(super) fn extend(&mut self, other: &Self) {
        self.0.extend(other.0.iter().map(|(r, u)| (r.clone(), *u)));
    }

    /// The first noted use that `misuse` refuses.
    pub(super) fn first_misuse(&self, misuse: impl Fn(&R, U) -> Option<PinnedUseError>) -> Option<PinnedUseError> {
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
/// usage. Its first use is checked here; later ones in [`check_submit`](super::check_submit).
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
    match texture
        .pinned
        .get()
        .and_then(|_| texture_misuse(texture, tracker.first_uses(texture)))
    {
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
