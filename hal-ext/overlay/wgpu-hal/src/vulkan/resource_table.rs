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

use crate::resource_table::{
    ResourceTableDescriptor, ResourceTableLayoutDescriptor, ResourceTableLayoutInfo,
    ResourceTableResource, ResourceTableWrite, DEFAULT_SLOTS,
};

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

/// The uncompressed color formats, which storage textures may have.
const STORAGE_CANDIDATES: &[wgt::TextureFormat] = {
    use wgt::TextureFormat as F;
    &[
        F::R8Unorm, F::R8Snorm, F::R8Uint, F::R8Sint, F::R16Uint, F::R16Sint, F::R16Unorm,
        F::R16Snorm, F::R16Float, F::Rg8Unorm, F::Rg8Snorm, F::Rg8Uint, F::Rg8Sint, F::R32Uint,
        F::R32Sint, F::R32Float, F::Rg16Uint, F::Rg16Sint, F::Rg16Unorm, F::Rg16Snorm,
        F::Rg16Float, F::Rgba8Unorm, F::Rgba8UnormSrgb, F::Rgba8Snorm, F::Rgba8Uint, F::Rgba8Sint,
        F::Bgra8Unorm, F::Bgra8UnormSrgb, F::Rgb9e5Ufloat, F::Rgb10a2Uint, F::Rgb10a2Unorm,
        F::Rg11b10Ufloat, F::R64Uint, F::Rg32Uint, F::Rg32Sint, F::Rg32Float, F::Rgba16Uint,
        F::Rgba16Sint, F::Rgba16Unorm, F::Rgba16Snorm, F::Rgba16Float, F::Rgba32Uint,
        F::Rgba32Sint, F::Rgba32Float,
    ]
};

/// The formats that may be sampled as float textures. Depth formats are left out: no
/// Vulkan format must filter depth linearly, and hiding them would hide every shadow map
/// (and the default depth texture) on such a driver; desktop drivers filter them.
const SAMPLED_CANDIDATES: &[wgt::TextureFormat] = {
    use wgt::TextureFormat as F;
    &[
        F::R8Unorm, F::R8Snorm, F::R16Unorm, F::R16Snorm, F::R16Float, F::Rg8Unorm, F::Rg8Snorm,
        F::R32Float, F::Rg16Unorm, F::Rg16Snorm, F::Rg16Float, F::Rgba8Unorm, F::Rgba8UnormSrgb,
        F::Rgba8Snorm, F::Bgra8Unorm, F::Bgra8UnormSrgb, F::Rgb9e5Ufloat, F::Rgb10a2Unorm,
        F::Rg11b10Ufloat, F::Rg32Float, F::Rgba16Unorm, F::Rgba16Snorm, F::Rgba16Float,
        F::Rgba32Float,
    ]
};

/// Whether format features allow format-less reads and writes.
fn formatless_support(features: vk::FormatFeatureFlags2) -> (bool, bool) {
    (
        features.contains(vk::FormatFeatureFlags2::STORAGE_READ_WITHOUT_FORMAT),
        features.contains(vk::FormatFeatureFlags2::STORAGE_WRITE_WITHOUT_FORMAT),
    )
}

impl super::Device {
    /// The formats tables hide from some types ([`crate::resource_table::TableFormats`]).
    /// Format-less storage needs `VkFormatProperties3` (Vulkan 1.3) per format; before it, the
    /// device features that heterogeneous tables require covered every storage format.
    ///
    /// `WGPU_RESOURCE_TABLE_NO_FORMATLESS` and `WGPU_RESOURCE_TABLE_NO_LINEAR_FILTER` (format
    /// names as `Debug` prints them, comma separated) add formats to the lists, so that the
    /// hiding can be tested on drivers that support every format.
    unsafe fn table_formats(&self, heterogeneous: bool) -> crate::resource_table::TableFormats {
        let mut out = crate::resource_table::TableFormats::default();
        let named = |var: &str, format: wgt::TextureFormat| {
            std::env::var_os(var).is_some_and(|names| {
                let names = names.to_string_lossy();
                let name = alloc::format!("{format:?}");
                names.split(',').any(|n| n.trim() == name)
            })
        };
        let instance = &self.shared.instance;
        let phd = self.shared.physical_device;
        let vk_format = |format| self.shared.private_caps.map_texture_format(format);
        for &format in SAMPLED_CANDIDATES {
            let features = unsafe { instance.raw.get_physical_device_format_properties(phd, vk_format(format)) }
                .optimal_tiling_features;
            let filterable = !features.contains(vk::FormatFeatureFlags::SAMPLED_IMAGE)
                || features.contains(vk::FormatFeatureFlags::SAMPLED_IMAGE_FILTER_LINEAR);
            if !filterable || named("WGPU_RESOURCE_TABLE_NO_LINEAR_FILTER", format) {
                out.unfilterable.push(format);
            }
        }
        if !heterogeneous {
            return out;
        }
        let device_version = unsafe { instance.raw.get_physical_device_properties(phd) }.api_version;
        let flags2 = instance.instance_api_version.min(device_version) >= vk::API_VERSION_1_3;
        for &format in STORAGE_CANDIDATES {
            let (mut read, mut write) = (true, true);
            if flags2 {
                let mut properties3 = vk::FormatProperties3::default();
                let mut properties2 = vk::FormatProperties2::default().push_next(&mut properties3);
                unsafe { instance.raw.get_physical_device_format_properties2(phd, vk_format(format), &mut properties2) };
                if properties2
                    .format_properties
                    .optimal_tiling_features
                    .contains(vk::FormatFeatureFlags::STORAGE_IMAGE)
                {
                    (read, write) = formatless_support(properties3.optimal_tiling_features);
                }
            }
            let hooked = named("WGPU_RESOURCE_TABLE_NO_FORMATLESS", format);
            if !read || hooked {
                out.unreadable_storage.push(format);
            }
            if !write || hooked {
                out.unwritable_storage.push(format);
            }
        }
        out
    }

    unsafe fn create_set_layout(
        &self,
        bindings: &[(u32, Kind, u32)],
        mutable: bool,
    ) -> Result<vk::DescriptorSetLayout, crate::DeviceError> {
        let array_flags = vk::DescriptorBindingFlags::PARTIALLY_BOUND
            | vk::DescriptorBindingFlags::UPDATE_AFTER_BIND
            | vk::DescriptorBindingFlags::UPDATE_UNUSED_WHILE_PENDING
            | vk::DescriptorBindingFlags::VARIABLE_DESCRIPTOR_COUNT;
        let vk_bindings = bindings
            .iter()
            .map(|&(binding, kind, count)| vk::DescriptorSetLayoutBinding {
                binding,
                descriptor_type: if mutable && binding == 1 {
                    vk::DescriptorType::MUTABLE_EXT
                } else {
                    descriptor_type(kind)
                },
                descriptor_count: count,
                stage_flags: stages(self.shared.features).0,
                ..Default::default()
            })
            .collect::<ArrayVec<_, 2>>();
        let flags = bindings
            .iter()
            .map(|&(_, kind, _)| match kind {
                Kind::Metadata => vk::DescriptorBindingFlags::empty(),
                _ => array_flags,
            })
            .collect::<ArrayVec<_, 2>>();
        let mut flag_info =
            vk::DescriptorSetLayoutBindingFlagsCreateInfo::default().binding_flags(&flags);
        let lists = mutable_lists(mutable);
        let mut mutable_info =
            vk::MutableDescriptorTypeCreateInfoEXT::default().mutable_descriptor_type_lists(&lists);
        let mut info = vk::DescriptorSetLayoutCreateInfo::default()
            .flags(vk::DescriptorSetLayoutCreateFlags::UPDATE_AFTER_BIND_POOL)
            .bindings(&vk_bindings)
            .push_next(&mut flag_info);
        if mutable {
            info = info.push_next(&mut mutable_info);
        }
        unsafe { self.shared.raw.create_descriptor_set_layout(&info, None) }
            .map_err(super::map_host_device_oom_err)
    }

    pub(super) unsafe fn create_table_layout(
        &self,
        desc: &ResourceTableLayoutDescriptor,
    ) -> Result<(super::BindGroupLayout, ResourceTableLayoutInfo), crate::DeviceError> {
        let count = desc.max_size + DEFAULT_SLOTS;
        // `WGPU_RESOURCE_TABLE_NO_MUTABLE` forces one set per kind, the layout of drivers
        // without the extension (so that it can be tested where the extension exists).
        let mutable = desc.heterogeneous
            && self
                .shared
                .enabled_extensions
                .contains(&ext::mutable_descriptor_type::NAME)
            && std::env::var_os("WGPU_RESOURCE_TABLE_NO_MUTABLE").is_none();
        let table = TableLayout {
            extra_sets: ArrayVec::new(),
            heterogeneous: desc.heterogeneous,
            mutable,
        };
        let mut raws = Vec::new();
        for (i, &kind) in table.kinds().iter().enumerate() {
            let bindings: &[(u32, Kind, u32)] = if i == 0 {
                &[(0, Kind::Metadata, 1), (1, kind, count)]
            } else {
                &[(0, kind, count)]
            };
            match unsafe { self.create_set_layout(bindings, mutable && i == 0) } {
                Ok(raw) => raws.push(raw),
                Err(e) => {
                    for raw in raws {
                        unsafe { self.shared.raw.destroy_descriptor_set_layout(raw, None) };
                    }
                    return Err(e);
                }
            }
        }
        if let Some(label) = desc.label {
            for &raw in &raws {
                unsafe { self.shared.set_object_name(raw, label) };
            }
        }
        let groups = raws.len() as u32;
        let max_sets = unsafe {
            self.shared
                .instance
                .raw
                .get_physical_device_properties(self.shared.physical_device)
        }
        .limits
        .max_bound_descriptor_sets;
        let info = ResourceTableLayoutInfo {
            max_other_groups: max_sets
                .saturating_sub(groups)
                .min(crate::MAX_BIND_GROUPS as u32 - 1),
            shared_array: mutable,
            max_bindings_per_stage: PER_STAGE_HEADROOM,
            formats: unsafe { self.table_formats(desc.heterogeneous) },
        };
        let mut raws = raws.into_iter();
        let raw = raws.next().unwrap();
        let table = TableLayout {
            extra_sets: raws.collect(),
            ..table
        };
        self.counters.bind_group_layouts.add(1);
        let layout = super::BindGroupLayout {
            raw,
            desc_count: Default::default(),
            entries: Default::default(),
            binding_map: Vec::new(),
            contains_binding_arrays: true,
            resource_table: Some(alloc::boxed::Box::new(table)),
        };
        Ok((layout, info))
    }

    /// `destroy_bind_group_layout` of a table layout.
    pub(super) unsafe fn destroy_table_layout(&self, raw: vk::DescriptorSetLayout, table: &TableLayout) {
        for &set in core::iter::once(&raw).chain(table.extra_sets.iter()) {
            unsafe { self.shared.raw.destroy_descriptor_set_layout(set, None) };
        }
        self.counters.bind_group_layouts.sub(1);
    }

    pub(super) unsafe fn create_table(
        &self,
        desc: &ResourceTableDescriptor<super::BindGroupLayout, super::Buffer>,
    ) -> Result<super::BindGroup, crate::DeviceError> {
        let layout = desc
            .layout
            .resource_table
            .as_ref()
            .expect("create_resource_table needs a resource table layout");
        let count = desc.size + DEFAULT_SLOTS;
        let kinds = layout.kinds();
        let mut sizes = kinds
            .iter()
            .map(|&kind| vk::DescriptorPoolSize {
                ty: if layout.mutable && kind == Kind::SampledTexture {
                    vk::DescriptorType::MUTABLE_EXT
                } else {
                    descriptor_type(kind)
                },
                descriptor_count: count,
            })
            .collect::<ArrayVec<_, 5>>();
        sizes.push(vk::DescriptorPoolSize {
            ty: vk::DescriptorType::STORAGE_BUFFER,
            descriptor_count: 1,
        });
        // The pool's type lists, one per pool size.
        let lists = mutable_lists(layout.mutable);
        let pool_lists = sizes
            .iter()
            .map(|size| match size.ty {
                vk::DescriptorType::MUTABLE_EXT => lists[1],
                _ => lists[0],
            })
            .collect::<ArrayVec<_, 5>>();
        let mut mutable_info =
            vk::MutableDescriptorTypeCreateInfoEXT::default().mutable_descriptor_type_lists(&pool_lists);
        let mut pool_info = vk::DescriptorPoolCreateInfo::default()
            .flags(vk::DescriptorPoolCreateFlags::UPDATE_AFTER_BIND)
            .max_sets(kinds.len() as u32)
            .pool_sizes(&sizes);
        if layout.mutable {
            pool_info = pool_info.push_next(&mut mutable_info);
        }
        let pool = unsafe { self.shared.raw.create_descriptor_pool(&pool_info, None) }
            .map_err(super::map_host_device_oom_err)?;

        let set_layouts = core::iter::once(desc.layout.raw)
            .chain(layout.extra_sets.iter().copied())
            .collect::<ArrayVec<_, 4>>();
        let counts = [count; 4];
        let mut variable =
            vk::DescriptorSetVariableDescriptorCountAllocateInfo::default()
                .descriptor_counts(&counts[..set_layouts.len()]);
        let alloc_info = vk::DescriptorSetAllocateInfo::default()
            .descriptor_pool(pool)
            .set_layouts(&set_layouts)
            .push_next(&mut variable);
        let sets = match unsafe { self.shared.raw.allocate_descriptor_sets(&alloc_info) } {
            Ok(sets) => sets,
            Err(e) => {
                unsafe { self.shared.raw.destroy_descriptor_pool(pool, None) };
                return Err(match e {
                    vk::Result::ERROR_OUT_OF_POOL_MEMORY | vk::Result::ERROR_FRAGMENTED_POOL => {
                        crate::DeviceError::OutOfMemory
                    }
                    e => super::map_host_device_oom_err(e),
                });
            }
        };
        if let Some(label) = desc.label {
            unsafe { self.shared.set_object_name(pool, label) };
            for &set in &sets {
                unsafe { self.shared.set_object_name(set, label) };
            }
        }

        let metadata = vk::DescriptorBufferInfo::default()
            .buffer(desc.metadata.buffer.raw)
            .offset(desc.metadata.offset)
            .range(desc.metadata.size.map_or(vk::WHOLE_SIZE, |s| s.get()));
        let write = vk::WriteDescriptorSet::default()
            .dst_set(sets[0])
            .dst_binding(0)
            .descriptor_type(vk::DescriptorType::STORAGE_BUFFER)
            .buffer_info(core::slice::from_ref(&metadata));
        unsafe { self.shared.raw.update_descriptor_sets(&[write], &[]) };

        self.counters.bind_groups.add(1);
        Ok(super::BindGroup {
            inner: super::BindGroupKind::Table(Table {
                pool,
                sets: sets.into_iter().collect(),
                mutable: layout.mutable,
            }),
        })
    }

    /// `destroy_bind_group` of a table.
    pub(super) unsafe fn destroy_table(&self, table: Table) {
        unsafe { self.shared.raw.destroy_descriptor_pool(table.pool, None) };
        self.counters.bind_groups.sub(1);
    }

    pub(super) unsafe fn write_table(
        &self,
        table: &super::BindGroup,
        writes: &[ResourceTableWrite<super::Buffer, super::Sampler, super::TextureView>],
    ) {
        let super::BindGroupKind::Table(ref table) = table.inner else {
            panic!("write_resource_table needs a resource table");
        };
        // The infos must stay in place while the writes point at them.
        let mut image_infos = Vec::with_capacity(writes.len());
        let mut buffer_infos = Vec::new();
        // Consecutive slots of one array become one write: drivers cost per write, not
        // per descriptor, and tables are usually filled in slot order. A run's infos are
        // consecutive in their list, as no write of another kind comes between.
        // (set, binding, kind, first array element, first info, count)
        let mut runs: Vec<(u32, u32, Kind, u32, usize, u32)> = Vec::new();
        for w in writes {
            let kind = match w.resource {
                ResourceTableResource::SampledTexture(_) => Kind::SampledTexture,
                ResourceTableResource::StorageTexture(_) => Kind::StorageTexture,
                ResourceTableResource::Sampler(_) => Kind::Sampler,
                ResourceTableResource::StorageBuffer(_) => Kind::StorageBuffer,
            };
            let (set, binding) = placement(kind, table.mutable);
            // A kind this table has no array for (a storage write to a sampling-only
            // table) is a caller bug; it is dropped rather than written out of bounds.
            if set as usize >= table.sets.len() {
                debug_assert!(false, "write_resource_table: no array for {kind:?}");
                continue;
            }
            let info = match w.resource {
                ResourceTableResource::SampledTexture(view) => {
                    let layout = super::conv::derive_image_layout(wgt::TextureUses::RESOURCE, view.format);
                    image_infos.push(vk::DescriptorImageInfo::default().image_view(view.raw).image_layout(layout));
                    image_infos.len() - 1
                }
                ResourceTableResource::StorageTexture(view) => {
                    image_infos.push(
                        vk::DescriptorImageInfo::default()
                            .image_view(view.raw)
                            .image_layout(vk::ImageLayout::GENERAL),
                    );
                    image_infos.len() - 1
                }
                ResourceTableResource::Sampler(sampler) => {
                    image_infos.push(vk::DescriptorImageInfo::default().sampler(sampler.raw));
                    image_infos.len() - 1
                }
                ResourceTableResource::StorageBuffer(ref binding) => {
                    buffer_infos.push(
                        vk::DescriptorBufferInfo::default()
                            .buffer(binding.buffer.raw)
                            .offset(binding.offset)
                            .range(binding.size.map_or(vk::WHOLE_SIZE, |s| s.get())),
                    );
                    buffer_infos.len() - 1
                }
            };
            match runs.last_mut() {
                Some(run) if (run.0, run.1, run.2) == (set, binding, kind) && run.3 + run.5 == w.index => {
                    run.5 += 1
                }
                _ => runs.push((set, binding, kind, w.index, info, 1)),
            }
        }
        let vk_writes = runs
            .iter()
            .map(|&(set, binding, kind, first, info, count)| {
                let write = vk::WriteDescriptorSet::default()
                    .dst_set(table.sets[set as usize])
                    .dst_binding(binding)
                    .dst_array_element(first)
                    .descriptor_type(descriptor_type(kind));
                let infos = info..info + count as usize;
                match kind {
                    Kind::StorageBuffer => write.buffer_info(&buffer_infos[infos]),
                    _ => write.image_info(&image_infos[infos]),
                }
            })
            .collect::<Vec<_>>();
        unsafe { self.shared.raw.update_descriptor_sets(&vk_writes, &[]) };
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
        device.raw.cmd_pipeline_barrier(
            cmd,
            stages,
            stages,
            vk::DependencyFlags::empty(),
            &[memory],
            &[],
            &[],
        )
    };
}

#[cfg(test)]
mod tests {
    use super::{formatless_support, max_size, DEFAULT_SLOTS};
    use ash::vk;

    #[test]
    fn formatless_support_reads_each_flag() {
        use vk::FormatFeatureFlags2 as F;
        assert_eq!(formatless_support(F::STORAGE_IMAGE), (false, false));
        assert_eq!(
            formatless_support(F::STORAGE_IMAGE | F::STORAGE_READ_WITHOUT_FORMAT),
            (true, false)
        );
        assert_eq!(
            formatless_support(F::STORAGE_WRITE_WITHOUT_FORMAT),
            (false, true)
        );
        assert_eq!(
            formatless_support(F::STORAGE_READ_WITHOUT_FORMAT | F::STORAGE_WRITE_WITHOUT_FORMAT),
            (true, true)
        );
    }

    /// Limits of the shape NVIDIA reports: every update-after-bind limit 2^20, the ordinary
    /// per-stage ones small.
    fn nvidia_like() -> (vk::PhysicalDeviceDescriptorIndexingPropertiesEXT<'static>, vk::PhysicalDeviceLimits) {
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
