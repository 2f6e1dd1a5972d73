//! Types of resource tables, the WebGPU bindless proposal (`GPUResourceTable`).

/// Describes a resource table: a sparse, fixed-size array of bindings that shaders index
/// with WGSL's `getResource<T>(slot)` / `hasResource<T>(slot)`.
///
/// Needs [`crate::Features::SAMPLING_RESOURCE_TABLE`]; `size` may not exceed
/// [`crate::Limits::max_resource_table_size`].
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
