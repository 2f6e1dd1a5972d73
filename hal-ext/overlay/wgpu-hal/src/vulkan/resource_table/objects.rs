//! The table's Vulkan objects: set layouts, pools and sets, and descriptor writes.

use alloc::vec::Vec;

use arrayvec::ArrayVec;
use ash::{ext, vk};
use naga::resource_table::Kind;

use super::{descriptor_type, mutable_lists, placement, stages, Table, TableLayout, PER_STAGE_HEADROOM};
use crate::resource_table::{
    ResourceTableDescriptor, ResourceTableLayoutDescriptor, ResourceTableLayoutInfo, ResourceTableResource,
    ResourceTableWrite, DEFAULT_SLOTS,
};

impl crate::vulkan::Device {
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
        let mut flag_info = vk::DescriptorSetLayoutBindingFlagsCreateInfo::default().binding_flags(&flags);
        let lists = mutable_lists(mutable);
        let mut mutable_info = vk::MutableDescriptorTypeCreateInfoEXT::default().mutable_descriptor_type_lists(&lists);
        let mut info = vk::DescriptorSetLayoutCreateInfo::default()
            .flags(vk::DescriptorSetLayoutCreateFlags::UPDATE_AFTER_BIND_POOL)
            .bindings(&vk_bindings)
            .push_next(&mut flag_info);
        if mutable {
            info = info.push_next(&mut mutable_info);
        }
        unsafe { self.shared.raw.create_descriptor_set_layout(&info, None) }
            .map_err(crate::vulkan::map_host_device_oom_err)
    }

    pub(in crate::vulkan) unsafe fn create_table_layout(
        &self,
        desc: &ResourceTableLayoutDescriptor,
    ) -> Result<(crate::vulkan::BindGroupLayout, ResourceTableLayoutInfo), crate::DeviceError> {
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
            max_other_groups: max_sets.saturating_sub(groups).min(crate::MAX_BIND_GROUPS as u32 - 1),
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
        let layout = crate::vulkan::BindGroupLayout {
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
    pub(in crate::vulkan) unsafe fn destroy_table_layout(&self, raw: vk::DescriptorSetLayout, table: &TableLayout) {
        for &set in core::iter::once(&raw).chain(table.extra_sets.iter()) {
            unsafe { self.shared.raw.destroy_descriptor_set_layout(set, None) };
        }
        self.counters.bind_group_layouts.sub(1);
    }

    pub(in crate::vulkan) unsafe fn create_table(
        &self,
        desc: &ResourceTableDescriptor<crate::vulkan::BindGroupLayout, crate::vulkan::Buffer>,
    ) -> Result<crate::vulkan::BindGroup, crate::DeviceError> {
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
            .map_err(crate::vulkan::map_host_device_oom_err)?;

        let set_layouts = core::iter::once(desc.layout.raw)
            .chain(layout.extra_sets.iter().copied())
            .collect::<ArrayVec<_, 4>>();
        let counts = [count; 4];
        let mut variable = vk::DescriptorSetVariableDescriptorCountAllocateInfo::default()
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
                    e => crate::vulkan::map_host_device_oom_err(e),
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
        Ok(crate::vulkan::BindGroup {
            inner: crate::vulkan::BindGroupKind::Table(Table {
                pool,
                sets: sets.into_iter().collect(),
                mutable: layout.mutable,
            }),
        })
    }

    /// `destroy_bind_group` of a table.
    pub(in crate::vulkan) unsafe fn destroy_table(&self, table: Table) {
        unsafe { self.shared.raw.destroy_descriptor_pool(table.pool, None) };
        self.counters.bind_groups.sub(1);
    }

    pub(in crate::vulkan) unsafe fn write_table(
        &self,
        table: &crate::vulkan::BindGroup,
        writes: &[ResourceTableWrite<crate::vulkan::Buffer, crate::vulkan::Sampler, crate::vulkan::TextureView>],
    ) {
        let crate::vulkan::BindGroupKind::Table(ref table) = table.inner else {
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
                    let layout = crate::vulkan::conv::derive_image_layout(wgt::TextureUses::RESOURCE, view.format);
                    image_infos.push(
                        vk::DescriptorImageInfo::default()
                            .image_view(view.raw)
                            .image_layout(layout),
                    );
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
                Some(run) if (run.0, run.1, run.2) == (set, binding, kind) && run.3 + run.5 == w.index => run.5 += 1,
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
