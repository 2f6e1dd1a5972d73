//! Resource tables (the WebGPU bindless proposal) at the HAL level.
//!
//! A table is a bind group of a special, device-wide layout: one runtime-sized,
//! partially bound, update-after-bind array per descriptor kind plus the metadata buffer of
//! `naga::resource_table` (the ABI shared with naga). wgpu-core creates the layout once per
//! device with [`Device::create_resource_table_layout`], puts it *last* in the pipeline
//! layouts that use the table, creates tables with [`Device::create_resource_table`], writes
//! slots in batches with [`Device::write_resource_table`] and binds a table with the usual
//! [`CommandEncoder::set_bind_group`] at the index right after the layout's bind groups.
//! Tables and their layout are destroyed with `destroy_bind_group` /
//! `destroy_bind_group_layout`.
//!
//! Backends that do not support tables keep the default methods, which fail; they never
//! report the features, so wgpu-core never calls them there.
//!
//! [`Device::create_resource_table_layout`]: crate::Device::create_resource_table_layout
//! [`Device::create_resource_table`]: crate::Device::create_resource_table
//! [`Device::write_resource_table`]: crate::Device::write_resource_table
//! [`CommandEncoder::set_bind_group`]: crate::CommandEncoder::set_bind_group

use alloc::{boxed::Box, vec::Vec};

use crate::{
    Api, BufferBinding, Device, DeviceError, DynBindGroup, DynBindGroupLayout, DynBuffer,
    DynResource, DynSampler, DynTextureView, Label,
};

/// Slots after the API-visible ones: one default resource per type id
/// (`naga::resource_table`: the default of type id `t` is at `size + t - 1`).
pub const DEFAULT_SLOTS: u32 = naga::resource_table::TypeId::COUNT - 1;

/// What the noop backend reports as its largest table: Vulkan's usual figure (2^20), so
/// programs tested on noop see the sizes real devices give them.
pub const NOOP_MAX_SIZE: u32 = 1 << 20;

/// The device-wide layout of resource tables.
#[derive(Clone, Debug)]
pub struct ResourceTableLayoutDescriptor<'a> {
    pub label: Label<'a>,
    /// Whether tables also hold storage textures and storage buffers
    /// (`heterogeneous-resource-table`).
    pub heterogeneous: bool,
    /// The largest table (API-visible slots) of this layout: the device's
    /// `max_resource_table_size` ([`crate::Adapter::max_resource_table_size`]).
    pub max_size: u32,
}

/// What a table layout costs a pipeline layout, and what its arrays can hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResourceTableLayoutInfo {
    /// The most bind groups a pipeline layout that uses the table may have of its own.
    pub max_other_groups: u32,
    /// Sampled textures, storage textures and storage buffers share one array (Vulkan's
    /// mutable descriptors): a slot has one descriptor for all of them.
    pub shared_array: bool,
    /// The most bindings of each kind (sampled textures, samplers, storage textures, storage
    /// and uniform buffers) a pipeline layout's own bind groups may have per stage next to
    /// the table.
    pub max_bindings_per_stage: u32,
    /// The formats the table must hide from some types, because shaders reach them in ways
    /// the driver may not support for every format.
    pub formats: TableFormats,
}

/// Formats a table hides from some of the types shaders read it as. Empty lists where every
/// format works.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TableFormats {
    /// Storage formats shaders cannot read through a storage texture declared without a
    /// format (table shaders declare none; Vulkan: no `STORAGE_READ_WITHOUT_FORMAT`).
    pub unreadable_storage: Vec<wgt::TextureFormat>,
    /// The same for writes (Vulkan: no `STORAGE_WRITE_WITHOUT_FORMAT`).
    pub unwritable_storage: Vec<wgt::TextureFormat>,
    /// Float formats the driver cannot filter linearly (Vulkan: no
    /// `SAMPLED_IMAGE_FILTER_LINEAR`): a table's filtering sampler could sample them, which
    /// the driver does not define.
    pub unfilterable: Vec<wgt::TextureFormat>,
}

impl TableFormats {
    /// Whether a storage texture of `format` may be visible through a table: read-only
    /// (`writable == false`) needs format-less reads; writable needs reads and writes, since
    /// `read_write` access sees writable slots.
    pub fn storage_visible(&self, format: wgt::TextureFormat, writable: bool) -> bool {
        !(self.unreadable_storage.contains(&format) || writable && self.unwritable_storage.contains(&format))
    }

    /// Whether a texture of `format` may be visible as a sampled float texture, which table
    /// samplers may filter.
    pub fn sampled_visible(&self, format: wgt::TextureFormat) -> bool {
        !self.unfilterable.contains(&format)
    }
}

/// A table of `size` API-visible slots (plus [`DEFAULT_SLOTS`]).
#[derive(Clone, Debug)]
pub struct ResourceTableDescriptor<'a, L: DynBindGroupLayout + ?Sized, B: DynBuffer + ?Sized> {
    pub label: Label<'a>,
    pub layout: &'a L,
    pub size: u32,
    /// The `{ length, type_ids }` storage buffer; wgpu-core owns and writes it.
    pub metadata: BufferBinding<'a, B>,
}

/// A descriptor written into a table's array of its kind.
#[derive(Debug)]
pub enum ResourceTableResource<'a, B: DynBuffer + ?Sized, S: DynSampler + ?Sized, T: DynTextureView + ?Sized> {
    /// A view in the `RESOURCE` state (shader-read-only layout).
    SampledTexture(&'a T),
    /// A view in a storage state (general layout).
    StorageTexture(&'a T),
    Sampler(&'a S),
    StorageBuffer(BufferBinding<'a, B>),
}

/// One slot's descriptor: `index` is the array element (an API slot, or `size + t - 1`
/// for the default of type id `t`).
#[derive(Debug)]
pub struct ResourceTableWrite<'a, B: DynBuffer + ?Sized, S: DynSampler + ?Sized, T: DynTextureView + ?Sized> {
    pub index: u32,
    pub resource: ResourceTableResource<'a, B, S, T>,
}

pub type DynResourceTableWrite<'a> =
    ResourceTableWrite<'a, dyn DynBuffer, dyn DynSampler, dyn DynTextureView>;

impl<'a> ResourceTableWrite<'a, dyn DynBuffer, dyn DynSampler, dyn DynTextureView> {
    fn expect_downcast<A: Api>(
        &self,
    ) -> ResourceTableWrite<'a, A::Buffer, A::Sampler, A::TextureView> {
        let resource = match self.resource {
            ResourceTableResource::SampledTexture(view) => {
                ResourceTableResource::SampledTexture(downcast(view))
            }
            ResourceTableResource::StorageTexture(view) => {
                ResourceTableResource::StorageTexture(downcast(view))
            }
            ResourceTableResource::Sampler(sampler) => {
                ResourceTableResource::Sampler(downcast(sampler))
            }
            ResourceTableResource::StorageBuffer(ref binding) => {
                ResourceTableResource::StorageBuffer(binding.clone().expect_downcast())
            }
        };
        ResourceTableWrite {
            index: self.index,
            resource,
        }
    }
}

// The `DynDevice` side of the three methods.

fn downcast<T: DynResource, R: DynResource + ?Sized>(resource: &R) -> &T {
    resource
        .as_any()
        .downcast_ref()
        .expect("Resource doesn't have the expected backend type.")
}

pub(crate) unsafe fn dyn_create_layout<D: Device>(
    device: &D,
    desc: &ResourceTableLayoutDescriptor,
) -> Result<(Box<dyn DynBindGroupLayout>, ResourceTableLayoutInfo), DeviceError> {
    let (layout, info) = unsafe { device.create_resource_table_layout(desc) }?;
    Ok((Box::new(layout), info))
}

pub(crate) unsafe fn dyn_create_table<D: Device>(
    device: &D,
    desc: &ResourceTableDescriptor<dyn DynBindGroupLayout, dyn DynBuffer>,
) -> Result<Box<dyn DynBindGroup>, DeviceError> {
    let desc = ResourceTableDescriptor {
        label: desc.label,
        layout: downcast(desc.layout),
        size: desc.size,
        metadata: desc.metadata.clone().expect_downcast(),
    };
    unsafe { device.create_resource_table(&desc) }.map(|t| -> Box<dyn DynBindGroup> { Box::new(t) })
}

pub(crate) unsafe fn dyn_write_table<D: Device>(
    device: &D,
    table: &dyn DynBindGroup,
    writes: &[DynResourceTableWrite],
) {
    let writes = writes
        .iter()
        .map(|w| w.expect_downcast::<D::A>())
        .collect::<Vec<_>>();
    unsafe { device.write_resource_table(downcast(table), &writes) };
}
