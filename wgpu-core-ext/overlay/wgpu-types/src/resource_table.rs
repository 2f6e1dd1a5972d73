//! Types of resource tables, the WebGPU bindless proposal (`GPUResourceTable`).

/// Describes a resource table: a sparse, fixed-size array of bindings that shaders index
/// with WGSL's `getResource<T>(slot)` / `hasResource<T>(slot)`.
///
/// Needs [`crate::Features::SAMPLING_RESOURCE_TABLE`]; `size` may not exceed the device's
/// `max_resource_table_size()` (see that feature).
///
/// Corresponds to the proposal's `GPUResourceTableDescriptor`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ResourceTableDescriptor<L> {
    /// Debug label of the table.
    pub label: L,
    /// Number of slots, `0..size`.
    pub size: u32,
}

impl<L> ResourceTableDescriptor<L> {
    /// Takes a closure and maps the label of the descriptor into another.
    #[must_use]
    pub fn map_label<K>(&self, fun: impl FnOnce(&L) -> K) -> ResourceTableDescriptor<K> {
        ResourceTableDescriptor {
            label: fun(&self.label),
            size: self.size,
        }
    }
}

/// The one usage a texture or buffer is pinned to with `pin` (the WebGPU bindless proposal's
/// usage pinning). Only slots whose resource is pinned with a usage that fits the shader's
/// `getResource<T>` are visible; resources outside tables are not affected.
///
/// The proposal's open question #5376 (storage read versus read-write) is answered by having
/// both: a resource pinned [`PinnedUsage::StorageRead`] is visible only to read-only access
/// (`texture_storage_*<T, read>`, `ptr<storage, S, read>`), one pinned
/// [`PinnedUsage::StorageReadWrite`] to every access.
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum PinnedUsage {
    /// Sampled texture reads (textures created with `TEXTURE_BINDING`).
    Sampled = 1,
    /// Read-only storage access (textures with `STORAGE_BINDING`, buffers with `STORAGE`).
    StorageRead = 2,
    /// Read-write storage access (textures with `STORAGE_BINDING`, buffers with `STORAGE`).
    StorageReadWrite = 3,
}

/// The table features take bits that wgpu 30 left free in [`crate::FeaturesWGPU`]. A release
/// that gives one of them to another feature must fail to build here, not ship two features
/// on one bit: every flag whose bits meet ours is one of ours.
const _: () = {
    use bitflags::Flags as _;
    let ours = crate::FeaturesWGPU::SAMPLING_RESOURCE_TABLE
        .union(crate::FeaturesWGPU::HETEROGENEOUS_RESOURCE_TABLE)
        .bits();
    let flags = crate::FeaturesWGPU::FLAGS;
    let mut meeting = 0;
    let mut i = 0;
    while i < flags.len() {
        if flags[i].value().bits() & ours != 0 {
            meeting += 1;
        }
        i += 1;
    }
    assert!(
        meeting == 2,
        "a wgpu feature shares a bit with SAMPLING_RESOURCE_TABLE or HETEROGENEOUS_RESOURCE_TABLE: move ours to free bits"
    );
};
