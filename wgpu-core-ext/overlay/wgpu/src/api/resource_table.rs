use crate::*;

/// A resource table: a fixed-size, sparse array of bindings that shaders index with WGSL's
/// `getResource<T>(slot)` and `hasResource<T>(slot)` (`enable resource_table;`).
///
/// Created with [`Device::create_resource_table`]; needs
/// [`Features::SAMPLING_RESOURCE_TABLE`] (sampled textures and samplers) or
/// [`Features::HETEROGENEOUS_RESOURCE_TABLE`] (storage textures and storage buffers too).
///
/// Slots are filled with [`ResourceTable::update`] or [`ResourceTable::insert_binding`] and
/// emptied with [`ResourceTable::remove_binding`]. An emptied slot can be filled again once
/// every submission made before the removal has completed (observed by [`Device::poll`]).
///
/// Corresponds to the WebGPU bindless proposal's `GPUResourceTable`.
#[derive(Debug)]
pub struct ResourceTable {
    #[cfg(wgpu_core)]
    pub(crate) inner: Option<crate::backend::wgpu_core::CoreResourceTable>,
    pub(crate) size: u32,
}
#[cfg(send_sync)]
static_assertions::assert_impl_all!(ResourceTable: Send, Sync);

impl Adapter {
    /// The largest [`ResourceTable`] a device of this adapter can create: the WebGPU
    /// bindless proposal's `maxResourceTableSize`. At least 50,000 where the adapter has
    /// [`Features::SAMPLING_RESOURCE_TABLE`], 0 where it has not.
    ///
    /// A method rather than a field of [`Limits`]: a new field would break every program
    /// that writes or destructures `Limits` exhaustively, and wgpu 30 programs must build
    /// unchanged. So a device cannot request this limit: one created with
    /// [`Features::SAMPLING_RESOURCE_TABLE`] gets the adapter's whole figure
    /// ([`Device::max_resource_table_size`]). A program that wants to stay within what every
    /// adapter supports keeps its tables at 50,000 slots or fewer.
    pub fn max_resource_table_size(&self) -> u32 {
        #[cfg(wgpu_core)]
        if let Some(adapter) = self.inner.as_core_opt() {
            return adapter.max_resource_table_size();
        }
        0
    }
}

impl Device {
    /// The largest `size` [`Device::create_resource_table`] accepts (the proposal's
    /// `maxResourceTableSize`): the adapter's [`Adapter::max_resource_table_size`] when the
    /// device was created with [`Features::SAMPLING_RESOURCE_TABLE`], 0 otherwise.
    pub fn max_resource_table_size(&self) -> u32 {
        #[cfg(wgpu_core)]
        if let Some(device) = self.inner.as_core_opt() {
            return device.max_resource_table_size();
        }
        0
    }
}

/// Describes a [`ResourceTable`].
///
/// For use with [`Device::create_resource_table`].
pub type ResourceTableDescriptor<'a> = wgt::ResourceTableDescriptor<Label<'a>>;
static_assertions::assert_impl_all!(ResourceTableDescriptor<'_>: Send, Sync);

/// Why [`ResourceTable::update`], [`ResourceTable::insert_binding`] or
/// [`ResourceTable::remove_binding`] was refused on the spot; nothing changed. (Problems with
/// the resource itself go to the device's error handler instead, like other validation
/// errors.)
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ResourceTableError {
    /// The table was refused before it existed: its size was above
    /// [`Device::max_resource_table_size`] (the proposal's `RangeError`). A table that failed
    /// validation otherwise (missing feature, lost device) still answers slot operations
    /// like a valid one, and reports itself invalid to the device's error handler.
    Invalid,
    /// [`ResourceTable::destroy`] was called.
    Destroyed,
    /// `slot` is not below the table's size.
    OutOfRange {
        /// The slot asked for.
        slot: u32,
        /// The table's size.
        size: u32,
    },
    /// The slot holds a binding: remove it first.
    InUse {
        /// The slot asked for.
        slot: u32,
    },
    /// The slot was removed after a submission that has not completed yet (as observed by
    /// [`Device::poll`]).
    NotYetAvailable {
        /// The slot asked for.
        slot: u32,
        /// The submission index after whose completion the slot is available.
        available_after: u64,
        /// The last submission index observed complete.
        completed: u64,
    },
    /// No slot is available.
    Full,
    /// The backend has no resource tables.
    Unsupported,
}

impl core::fmt::Display for ResourceTableError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match *self {
            Self::Invalid => write!(f, "the resource table is invalid"),
            Self::Destroyed => write!(f, "the resource table has been destroyed"),
            Self::OutOfRange { slot, size } => {
                write!(f, "slot {slot} is out of range for a resource table of size {size}")
            }
            Self::InUse { slot } => write!(f, "slot {slot} holds a binding; remove it first"),
            Self::NotYetAvailable {
                slot,
                available_after,
                completed,
            } => write!(
                f,
                "slot {slot} becomes available after submission {available_after} completes \
                 (completed so far: {completed})"
            ),
            Self::Full => write!(f, "no slot of the resource table is available"),
            Self::Unsupported => write!(f, "this backend has no resource tables"),
        }
    }
}

impl core::error::Error for ResourceTableError {}

#[cfg(wgpu_core)]
impl From<wgc::resource_table::ResourceTableSlotError> for ResourceTableError {
    fn from(e: wgc::resource_table::ResourceTableSlotError) -> Self {
        use wgc::resource_table::ResourceTableSlotError as E;
        match e {
            E::Invalid => Self::Invalid,
            E::Destroyed => Self::Destroyed,
            E::OutOfRange { slot, size } => Self::OutOfRange { slot, size },
            E::InUse { slot } => Self::InUse { slot },
            E::NotYetAvailable {
                slot,
                available_after,
                completed,
            } => Self::NotYetAvailable {
                slot,
                available_after,
                completed,
            },
            E::Full => Self::Full,
            _ => Self::Invalid,
        }
    }
}

impl ResourceTable {
    /// The number of slots (`0..size`).
    pub fn size(&self) -> u32 {
        self.size
    }

    /// Puts `resource` in `slot` (the proposal's `update`). The slot must be available: never
    /// used, or emptied by [`ResourceTable::remove_binding`] before a submission that has
    /// since completed.
    pub fn update(&self, slot: u32, resource: BindingResource<'_>) -> Result<(), ResourceTableError> {
        #[cfg(wgpu_core)]
        if let Some(inner) = &self.inner {
            return inner.update(slot, &resource);
        }
        let _ = (slot, resource);
        Err(ResourceTableError::Unsupported)
    }

    /// [`ResourceTable::update`] of the slots `first_slot..first_slot + resources.len()`,
    /// one resource each, in one call: much faster than one call per slot when filling a
    /// table. Not part of the proposal; it behaves exactly as the same `update` calls in
    /// order, except that the slots are taken all or none: if one of them cannot be
    /// taken, the table is unchanged and the error is, first, `Destroyed`; then
    /// `OutOfRange` for the first slot past the end; then, in slot order, the first slot
    /// holding a binding or not yet available. An empty range does nothing and succeeds.
    /// Bindings that fail validation are reported to the device's error handler, one error
    /// per slot, and still take their slots, as with `update`.
    ///
    /// A call holds the device's resource-destruction lock for its whole range: batch in
    /// ranges of thousands of slots (a frame's streaming), not millions at once.
    pub fn update_range(&self, first_slot: u32, resources: &[BindingResource<'_>]) -> Result<(), ResourceTableError> {
        #[cfg(wgpu_core)]
        if let Some(inner) = &self.inner {
            return inner.update_range(first_slot, resources);
        }
        let _ = (first_slot, resources);
        Err(ResourceTableError::Unsupported)
    }

    /// Puts `resource` in the lowest available slot and returns it (the proposal's
    /// `insertBinding`).
    pub fn insert_binding(&self, resource: BindingResource<'_>) -> Result<u32, ResourceTableError> {
        #[cfg(wgpu_core)]
        if let Some(inner) = &self.inner {
            return inner.insert_binding(&resource);
        }
        let _ = resource;
        Err(ResourceTableError::Unsupported)
    }

    /// Empties `slot` (the proposal's `removeBinding`). Shaders see nothing there from the
    /// next submission on; the slot can be filled again once the submissions made so far
    /// have completed.
    pub fn remove_binding(&self, slot: u32) -> Result<(), ResourceTableError> {
        #[cfg(wgpu_core)]
        if let Some(inner) = &self.inner {
            return inner.remove_binding(slot);
        }
        let _ = slot;
        Err(ResourceTableError::Unsupported)
    }

    /// The type id shaders see in `slot` (0: empty or not visible), as defined by the
    /// resource-table ABI. For tests and debugging.
    #[doc(hidden)]
    pub fn slot_type_id(&self, slot: u32) -> u32 {
        #[cfg(wgpu_core)]
        if let Some(inner) = &self.inner {
            return inner.type_id(slot);
        }
        let _ = slot;
        0
    }

    /// Destroys the table: later updates fail, and submitting commands that use it is a
    /// validation error.
    pub fn destroy(&self) {
        #[cfg(wgpu_core)]
        if let Some(inner) = &self.inner {
            inner.destroy();
        }
    }
}

impl CommandBuffer {
    /// How many buffers, textures and resource tables the command buffer tracks (`None` on
    /// backends other than wgpu-core, or once submitted). For tests of the per-draw cost of
    /// tables: a table counts once, and its slots not at all.
    #[doc(hidden)]
    pub fn tracked_resource_counts(&self) -> Option<(usize, usize, usize)> {
        #[cfg(wgpu_core)]
        if let Some(buffer) = self.buffer.as_core_opt() {
            return buffer
                .tracked()
                .map(|c| (c.buffers, c.textures, c.resource_tables));
        }
        None
    }
}
