//! The errors of table creation and slot operations.

use thiserror::Error;
use wgt::error::{ErrorType, WebGpuError};

use crate::{
    device::{DeviceError, MissingFeatures},
    resource::{DestroyedResourceError, InvalidResourceError, ResourceErrorIdent},
    SubmissionIndex,
};

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
