//! Resource tables on Vulkan (see `crate::resource_table` for the HAL contract).
//!
//! Each descriptor kind gets its own descriptor set, so that every array can be the last
//! binding of its set and use `VARIABLE_DESCRIPTOR_COUNT`: a table costs memory for its own
//! size, not for the device's maximum, and one device-wide layout fits tables of every size.
//!
//! | set (after the layout's groups) | binding 0 | binding 1 |
//! |---|---|---|
//! | `+0` | metadata storage buffer | sampled images |
//! | `+1` | samplers | |
//! | `+2` (heterogeneous) | storage images | |
//! | `+3` (heterogeneous) | storage buffers | |
//!
//! With `VK_EXT_mutable_descriptor_type`, heterogeneous tables keep sampled images, storage
//! images and storage buffers in one `MUTABLE_EXT` array (set `+0`, binding 1): one
//! descriptor per slot instead of three, and two sets instead of four. Samplers keep their
//! own set (mutable descriptors need not support them).
//!
//! The arrays are `PARTIALLY_BOUND | UPDATE_AFTER_BIND | UPDATE_UNUSED_WHILE_PENDING`:
//! slots are written while submissions that use other slots are in flight (wgpu-core
//! guarantees a slot is not rewritten while a submission that may read it is pending).
//! The SPIR-V side needs no change to the module: the table globals that naga's front end
//! left in `naga::resource_table::UNPLACED_GROUP` are mapped to these sets through the
//! pipeline layout's binding map.

use alloc::{collections::BTreeMap, vec::Vec};

use arrayvec::ArrayVec;
use ash::{ext, vk};
use naga::resource_table::{Kind, UNPLACED_GROUP};

use crate::resource_table::DEFAULT_SLOTS;

mod formats;
mod objects;

/// The table sets' place of each kind: (set offset, binding).
const fn placement(kind: Kind, mutable: bool) -> (u32, u32) {
    match kind {
        Kind::Metadata => (0, 0),
        Kind::SampledTexture => (0, 1),
        Kind::Sampler => (1, 0),
        Kind::StorageTexture | Kind::StorageBuffer if mutable => (0, 1),
        Kind::StorageTexture => (2, 0),
        Kind::StorageBuffer => (3, 0),
    }
}

/// What the mutable array (set `+0`, binding 1) of a mutable layout holds.
const MUTABLE_TYPES: [vk::DescriptorType; 3] = [
    vk::DescriptorType::SAMPLED_IMAGE,
    vk::DescriptorType::STORAGE_IMAGE,
    vk::DescriptorType::STORAGE_BUFFER,
];

/// The mutable-descriptor feature to enable, when the extension is and the device has it.
pub(super) fn mutable_feature(
    enabled_extensions: &[&'static core::ffi::CStr],
    supported: Option<&vk::PhysicalDeviceMutableDescriptorTypeFeaturesEXT>,
) -> Option<vk::PhysicalDeviceMutableDescriptorTypeFeaturesEXT<'static>> {
    (enabled_extensions.contains(&ext::mutable_descriptor_type::NAME)
        && supported.is_some_and(|f| f.mutable_descriptor_type != 0))
    .then(|| vk::PhysicalDeviceMutableDescriptorTypeFeaturesEXT::default().mutable_descriptor_type(true))
}

/// The array kinds, in set order.
const ARRAYS: [Kind; 4] = [
    Kind::SampledTexture,
    Kind::Sampler,
    Kind::StorageTexture,
    Kind::StorageBuffer,
];

const fn descriptor_type(kind: Kind) -> vk::DescriptorType {
    match kind {
        Kind::Metadata | Kind::StorageBuffer => vk::DescriptorType::STORAGE_BUFFER,
        Kind::SampledTexture => vk::DescriptorType::SAMPLED_IMAGE,
        Kind::Sampler => vk::DescriptorType::SAMPLER,
        Kind::StorageTexture => vk::DescriptorType::STORAGE_IMAGE,
    }
}

/// The shader stages a table is visible to, and the pipeline stages that run them: task and
/// mesh shaders too where the device enabled them (naming them otherwise is invalid).
fn stages(features: wgt::Features) -> (vk::ShaderStageFlags, vk::PipelineStageFlags) {
    let mut shader = vk::ShaderStageFlags::VERTEX | vk::ShaderStageFlags::FRAGMENT | vk::ShaderStageFlags::COMPUTE;
    let mut pipeline = vk::PipelineStageFlags::VERTEX_SHADER
        | vk::PipelineStageFlags::FRAGMENT_SHADER
        | vk::PipelineStageFlags::COMPUTE_SHADER;
    if features.contains(wgt::Features::EXPERIMENTAL_MESH_SHADER) {
        shader |= vk::ShaderStageFlags::TASK_EXT | vk::ShaderStageFlags::MESH_EXT;
        pipeline |= vk::PipelineStageFlags::TASK_SHADER_EXT | vk::PipelineStageFlags::MESH_SHADER_EXT;
    }
    (shader, pipeline)
}

/// Descriptors of each kind a pipeline layout keeps for its own bind groups, per stage,
/// next to a table (`ResourceTableLayoutInfo::max_bindings_per_stage`).
const PER_STAGE_HEADROOM: u32 = 1024;

/// The same for `maxPerStageUpdateAfterBindResources`, which counts uniform and storage
/// buffers, sampled and storage images together.
const RESOURCES_HEADROOM: u32 = 4 * PER_STAGE_HEADROOM;

/// The table part of a [`super::BindGroupLayout`] made by `create_resource_table_layout`:
/// `raw` of the layout is the first set's; these are the others.
#[derive(Debug)]
pub struct TableLayout {
    extra_sets: ArrayVec<vk::DescriptorSetLayout, 3>,
    heterogeneous: bool,
    /// Heterogeneous kinds share one mutable array.
    mutable: bool,
}

impl TableLayout {
    /// The kinds that have an array of their own, in set order.
    fn kinds(&self) -> &'static [Kind] {
        if self.heterogeneous && !self.mutable {
            &ARRAYS
        } else {
            &ARRAYS[..2]
        }
    }

    /// Every kind shaders may reach.
    fn reachable(&self) -> &'static [Kind] {
        if self.heterogeneous {
            &ARRAYS
        } else {
            &ARRAYS[..2]
        }
    }
}

/// A table's own pool and sets (a [`super::BindGroup`] of the table kind).
#[derive(Debug)]
pub struct Table {
    pool: vk::DescriptorPool,
    sets: ArrayVec<vk::DescriptorSet, 4>,
    mutable: bool,
}

impl super::BindGroup {
    /// The descriptor sets `set_bind_group` binds, from its index on.
    pub(super) fn raw_sets(&self) -> ArrayVec<vk::DescriptorSet, 4> {
        match self.inner {
            super::BindGroupKind::Set(ref set) => [set.raw()].into_iter().collect(),
            super::BindGroupKind::Table(ref table) => table.sets.clone(),
        }
    }
}

/// The largest table the device supports (0: none), from its descriptor-indexing limits.
pub(super) fn max_size(
    props: Option<&vk::PhysicalDeviceDescriptorIndexingPropertiesEXT>,
    limits: &vk::PhysicalDeviceLimits,
) -> u32 {
    let Some(p) = props else { return 0 };
    // The three non-sampler arrays share `maxPerStageUpdateAfterBindResources`.
    let shared = p
        .max_per_stage_update_after_bind_resources
        .saturating_sub(RESOURCES_HEADROOM)
        / 3;
    // The per-stage update-after-bind limits count every descriptor of a pipeline layout,
    // the program's own bind groups included: each kind leaves them `PER_STAGE_HEADROOM`
    // (wgpu-core refuses layouts whose groups need more), the storage buffers one more for
    // the metadata buffer.
    let room = |limit: u32| limit.saturating_sub(PER_STAGE_HEADROOM);
    let per_kind = p
        .max_descriptor_set_update_after_bind_sampled_images
        .min(room(p.max_per_stage_descriptor_update_after_bind_sampled_images))
        .min(p.max_descriptor_set_update_after_bind_samplers)
        .min(room(p.max_per_stage_descriptor_update_after_bind_samplers))
        .min(p.max_descriptor_set_update_after_bind_storage_images)
        .min(room(p.max_per_stage_descriptor_update_after_bind_storage_images))
        .min(p.max_descriptor_set_update_after_bind_storage_buffers.saturating_sub(1))
        .min(room(p.max_per_stage_descriptor_update_after_bind_storage_buffers).saturating_sub(1))
        .min(shared)
        .min(p.max_update_after_bind_descriptors_in_all_pools / 4);
    let size = per_kind.saturating_sub(DEFAULT_SLOTS).min(1 << 20);
    // Room for the table's sets next to at least four bind groups.
    if limits.max_bound_descriptor_sets < 4 + 4 || size < MIN_SIZE {
        return 0;
    }
    size
}

/// The proposal's minimum `maxResourceTableSize`.
const MIN_SIZE: u32 = 50_000;

/// The table features the device supports.
pub(super) fn features(
    indexing: Option<&vk::PhysicalDeviceDescriptorIndexingFeaturesEXT>,
    core: &vk::PhysicalDeviceFeatures,
    max_size: u32,
) -> wgt::Features {
    let Some(f) = indexing else {
        return wgt::Features::empty();
    };
    let base = max_size >= MIN_SIZE
        && f.runtime_descriptor_array != 0
        && f.descriptor_binding_partially_bound != 0
        && f.descriptor_binding_variable_descriptor_count != 0
        && f.descriptor_binding_update_unused_while_pending != 0;
    let sampling = base
        && f.descriptor_binding_sampled_image_update_after_bind != 0
        && f.shader_sampled_image_array_non_uniform_indexing != 0
        && f.descriptor_binding_storage_buffer_update_after_bind != 0;
    let heterogeneous = sampling
        && f.descriptor_binding_storage_image_update_after_bind != 0
        && f.shader_storage_image_array_non_uniform_indexing != 0
        && f.shader_storage_buffer_array_non_uniform_indexing != 0
        && core.shader_storage_image_read_without_format != 0
        && core.shader_storage_image_write_without_format != 0;
    let mut features = wgt::Features::empty();
    features.set(wgt::Features::SAMPLING_RESOURCE_TABLE, sampling);
    features.set(wgt::Features::HETEROGENEOUS_RESOURCE_TABLE, heterogeneous);
    features
}

/// SPIR-V capabilities shaders that use the table need.
pub(super) fn spirv_capabilities(features: wgt::Features) -> &'static [naga::back::spv::Capability] {
    use naga::back::spv::Capability as C;
    if features.contains(wgt::Features::HETEROGENEOUS_RESOURCE_TABLE) {
        &[
            C::RuntimeDescriptorArray,
            C::ShaderNonUniform,
            C::StorageImageReadWithoutFormat,
            C::StorageImageWriteWithoutFormat,
        ]
    } else if features.contains(wgt::Features::SAMPLING_RESOURCE_TABLE) {
        &[C::RuntimeDescriptorArray, C::ShaderNonUniform]
    } else {
        &[]
    }
}

/// Adds the table's sets (after the first, which is the layout's `raw`) to a pipeline
/// layout's set layouts. The table layout is always the last one.
pub(super) fn extend_set_layouts(
    set_layouts: &mut Vec<vk::DescriptorSetLayout>,
    groups: &[Option<&super::BindGroupLayout>],
) {
    if let Some(Some(table)) = groups.last().map(|g| g.and_then(|g| g.resource_table.as_ref())) {
        set_layouts.extend(table.extra_sets.iter().copied());
    }
}

/// Maps the table globals of shaders to the table's sets.
pub(super) fn extend_binding_map(
    binding_map: &mut BTreeMap<naga::ResourceBinding, naga::back::spv::BindingInfo>,
    groups: &[Option<&super::BindGroupLayout>],
) {
    let Some(Some(table)) = groups.last().map(|g| g.and_then(|g| g.resource_table.as_ref())) else {
        return;
    };
    let first_set = groups.len() as u32 - 1;
    let kinds = core::iter::once(Kind::Metadata).chain(table.reachable().iter().copied());
    for kind in kinds {
        let (set, binding) = placement(kind, table.mutable);
        binding_map.insert(
            naga::ResourceBinding {
                group: UNPLACED_GROUP,
                binding: kind.default_binding(),
            },
            naga::back::spv::BindingInfo {
                descriptor_set: first_set + set,
                binding,
                binding_array_size: None,
            },
        );
    }
}

/// The type lists of the first set's bindings (metadata: none; the array: [`MUTABLE_TYPES`]).
fn mutable_lists(mutable: bool) -> [vk::MutableDescriptorTypeListEXT<'static>; 2] {
    let array = if mutable { &MUTABLE_TYPES[..] } else { &[] };
    [
        vk::MutableDescriptorTypeListEXT::default(),
        vk::MutableDescriptorTypeListEXT::default().descriptor_types(array),
    ]
}

/// A global memory barrier from shader writes to shader reads and writes: what tables reach
/// is in no usage scope, so wgpu-core orders it with this at scope boundaries.
pub(super) unsafe fn barrier(device: &super::DeviceShared, cmd: vk::CommandBuffer) {
    let (_, stages) = stages(device.features);
    let memory = vk::MemoryBarrier::default()
        .src_access_mask(vk::AccessFlags::SHADER_WRITE)
        .dst_access_mask(vk::AccessFlags::SHADER_READ | vk::AccessFlags::SHADER_WRITE);
    unsafe {
        device
            .raw
            .cmd_pipeline_barrier(cmd, stages, stages, vk::DependencyFlags::empty(), &[memory], &[], &[])
    };
}

#[cfg(test)]
mod tests {
    use super::{max_size, DEFAULT_SLOTS};
    use ash::vk;

    /// Limits of the shape NVIDIA reports: every update-after-bind limit 2^20, the ordinary
    /// per-stage ones small.
    fn nvidia_like() -> (
        vk::PhysicalDeviceDescriptorIndexingPropertiesEXT<'static>,
        vk::PhysicalDeviceLimits,
    ) {
        let m = 1 << 20;
        let props = vk::PhysicalDeviceDescriptorIndexingPropertiesEXT {
            max_update_after_bind_descriptors_in_all_pools: u32::MAX,
            max_per_stage_descriptor_update_after_bind_samplers: m,
            max_per_stage_descriptor_update_after_bind_uniform_buffers: m,
            max_per_stage_descriptor_update_after_bind_storage_buffers: m,
            max_per_stage_descriptor_update_after_bind_sampled_images: m,
            max_per_stage_descriptor_update_after_bind_storage_images: m,
            max_per_stage_update_after_bind_resources: u32::MAX,
            max_descriptor_set_update_after_bind_samplers: m,
            max_descriptor_set_update_after_bind_storage_buffers: m,
            max_descriptor_set_update_after_bind_sampled_images: m,
            max_descriptor_set_update_after_bind_storage_images: m,
            ..Default::default()
        };
        let limits = vk::PhysicalDeviceLimits {
            max_bound_descriptor_sets: 32,
            max_per_stage_descriptor_samplers: 4000,
            max_per_stage_descriptor_sampled_images: 1 << 16,
            max_per_stage_descriptor_storage_images: 1 << 16,
            max_per_stage_descriptor_storage_buffers: 1 << 16,
            ..Default::default()
        };
        (props, limits)
    }

    #[test]
    fn a_largest_table_leaves_each_stage_its_headroom() {
        let (props, limits) = nvidia_like();
        let size = max_size(Some(&props), &limits);
        let table = size + DEFAULT_SLOTS;
        let own = super::PER_STAGE_HEADROOM;
        assert!(table + own <= props.max_per_stage_descriptor_update_after_bind_samplers);
        assert!(table + own <= props.max_per_stage_descriptor_update_after_bind_sampled_images);
        assert!(table + own <= props.max_per_stage_descriptor_update_after_bind_storage_images);
        // The metadata buffer is one more storage buffer.
        assert!(table + 1 + own <= props.max_per_stage_descriptor_update_after_bind_storage_buffers);
        assert_eq!(size, (1 << 20) - own - 1 - DEFAULT_SLOTS);
    }
}
