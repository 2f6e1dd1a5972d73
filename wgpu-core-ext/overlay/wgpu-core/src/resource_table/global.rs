//! The `Global` entry points of tables and pinning.

use alloc::{boxed::Box, string::ToString as _, sync::Arc, vec::Vec};

#[cfg(feature = "trace")]
use super::trace::{trace, TraceAction};
use super::{
    pin::{repin_buffer, repin_texture},
    CreateResourceTableError, PinError, ResourceTable, ResourceTableBindingError, ResourceTableSlotError,
    ResourceTableUpdateError, TableEntry, TableResourceKind, TrackedCounts,
};
use crate::{
    api_log,
    binding_model::{BindingResource, BufferBinding},
    global::Global,
    id,
    resource::{Buffer, Fallible, Labeled as _, Sampler, TextureView},
};

impl Global {
    /// [`crate::instance::Adapter::max_resource_table_size`].
    pub fn adapter_max_resource_table_size(&self, adapter_id: id::AdapterId) -> u32 {
        self.hub.adapters.get(adapter_id).max_resource_table_size()
    }

    /// [`Device::max_resource_table_size`](crate::device::Device::max_resource_table_size).
    pub fn device_max_resource_table_size(&self, device_id: id::DeviceId) -> u32 {
        self.hub.devices.get(device_id).max_resource_table_size()
    }

    pub fn device_create_resource_table(
        &self,
        device_id: id::DeviceId,
        desc: &wgt::ResourceTableDescriptor<crate::Label>,
        id_in: Option<id::ResourceTableId>,
    ) -> (id::ResourceTableId, Option<CreateResourceTableError>) {
        profiling::scope!("Device::create_resource_table");
        let fid = self.hub.resource_tables.prepare(id_in);
        let device = self.hub.devices.get(device_id);
        match device.create_resource_table(desc) {
            Ok((table, error)) => {
                #[cfg(feature = "trace")]
                {
                    use crate::device::trace::IntoTrace as _;
                    trace(&device, || TraceAction::CreateResourceTable {
                        id: table.to_trace(),
                        desc: desc.map_label(|l| l.as_ref().map(|l| alloc::borrow::Cow::Owned(l.to_string()))),
                    });
                }
                let id = fid.assign(Fallible::Valid(table));
                api_log!("Device::create_resource_table -> {id:?}");
                (id, error)
            }
            Err(error) => {
                let label = desc.label.as_deref().unwrap_or("").to_string();
                (fid.assign(Fallible::Invalid(Arc::new(label))), Some(error))
            }
        }
    }

    fn resource_table(&self, id: id::ResourceTableId) -> Result<Arc<ResourceTable>, ResourceTableSlotError> {
        self.hub
            .resource_tables
            .get(id)
            .get()
            .map_err(|_| ResourceTableSlotError::Invalid)
    }

    /// Resolves the ids of a binding resource into a table entry.
    fn table_entry(&self, resource: &BindingResource) -> Result<TableEntry, ResourceTableBindingError> {
        let hub = &self.hub;
        Self::table_entry_with(
            resource,
            |id| hub.texture_views.get(id),
            |id| hub.samplers.get(id),
            |id| hub.buffers.get(id),
        )
    }

    /// [`Self::table_entry`] with the registries' lookups given.
    fn table_entry_with(
        resource: &BindingResource,
        view: impl FnOnce(id::TextureViewId) -> Fallible<TextureView>,
        sampler: impl FnOnce(id::SamplerId) -> Fallible<Sampler>,
        buffer: impl FnOnce(id::BufferId) -> Fallible<Buffer>,
    ) -> Result<TableEntry, ResourceTableBindingError> {
        Ok(match *resource {
            BindingResource::TextureView(id) => TableEntry::TextureView(view(id).get()?),
            BindingResource::Sampler(id) => TableEntry::Sampler(sampler(id).get()?),
            BindingResource::Buffer(BufferBinding {
                buffer: id,
                offset,
                size,
            }) => TableEntry::Buffer {
                buffer: buffer(id).get()?,
                offset,
                size,
            },
            BindingResource::BufferArray(_) => {
                return Err(ResourceTableBindingError::Unsupported(TableResourceKind::BufferArray))
            }
            BindingResource::SamplerArray(_) => {
                return Err(ResourceTableBindingError::Unsupported(TableResourceKind::SamplerArray))
            }
            BindingResource::TextureViewArray(_) => {
                return Err(ResourceTableBindingError::Unsupported(
                    TableResourceKind::TextureViewArray,
                ))
            }
            BindingResource::AccelerationStructure(_) | BindingResource::AccelerationStructureArray(_) => {
                return Err(ResourceTableBindingError::Unsupported(
                    TableResourceKind::AccelerationStructure,
                ))
            }
            BindingResource::ExternalTexture(_) => {
                return Err(ResourceTableBindingError::Unsupported(
                    TableResourceKind::ExternalTexture,
                ))
            }
        })
    }

    pub fn resource_table_update(
        &self,
        table_id: id::ResourceTableId,
        slot: u32,
        resource: &BindingResource,
    ) -> Result<(), ResourceTableUpdateError> {
        api_log!("ResourceTable::update {table_id:?} {slot}");
        let table = self.resource_table(table_id)?;
        table.update(slot, self.table_entry(resource))
    }

    /// `update` of the slots from `first_slot` on, one per resource, in one call (see
    /// [`ResourceTable::update_range`]): `Err` if a slot cannot be taken (nothing changed
    /// then), else the binding errors of the slots, which took their slots.
    pub fn resource_table_update_range(
        &self,
        table_id: id::ResourceTableId,
        first_slot: u32,
        resources: &[BindingResource],
    ) -> Result<Vec<ResourceTableUpdateError>, ResourceTableSlotError> {
        api_log!(
            "ResourceTable::update_range {table_id:?} {first_slot} +{}",
            resources.len()
        );
        // As many `update` calls as resources: none, nothing to check.
        if resources.is_empty() {
            return Ok(Vec::new());
        }
        let table = self.resource_table(table_id)?;
        // Each registry is read once for the whole range, in the order
        // `device_create_bind_group` takes them, released in reverse.
        let hub = &self.hub;
        let buffers = hub.buffers.read();
        let views = hub.texture_views.read();
        let samplers = hub.samplers.read();
        let entries = resources
            .iter()
            .map(|r| {
                Self::table_entry_with(r, |id| views.get(id), |id| samplers.get(id), |id| buffers.get(id))
                    .map_err(Box::new)
            })
            .collect();
        drop(samplers);
        drop(views);
        drop(buffers);
        table.update_range(first_slot, entries)
    }

    pub fn resource_table_insert_binding(
        &self,
        table_id: id::ResourceTableId,
        resource: &BindingResource,
    ) -> Result<u32, ResourceTableUpdateError> {
        api_log!("ResourceTable::insert_binding {table_id:?}");
        let table = self.resource_table(table_id)?;
        table.insert_binding(self.table_entry(resource))
    }

    pub fn resource_table_remove_binding(
        &self,
        table_id: id::ResourceTableId,
        slot: u32,
    ) -> Result<(), ResourceTableUpdateError> {
        api_log!("ResourceTable::remove_binding {table_id:?} {slot}");
        self.resource_table(table_id)?.remove_binding(slot)
    }

    /// `createPipelineLayout` with `usesResourceTable: true`.
    pub fn device_create_pipeline_layout_with_resource_table(
        &self,
        device_id: id::DeviceId,
        desc: &crate::binding_model::PipelineLayoutDescriptor,
        id_in: Option<id::PipelineLayoutId>,
    ) -> (
        id::PipelineLayoutId,
        Option<crate::binding_model::CreatePipelineLayoutError>,
    ) {
        profiling::scope!("Device::create_pipeline_layout_with_resource_table");
        let fid = self.hub.pipeline_layouts.prepare(id_in);
        let device = self.hub.devices.get(device_id);
        let bind_group_layouts = {
            let guard = self.hub.bind_group_layouts.read();
            desc.bind_group_layouts
                .iter()
                .map(|bgl| bgl.map(|bgl| guard.get(bgl)))
                .collect::<Vec<_>>()
        };
        let desc = crate::binding_model::ResolvedPipelineLayoutDescriptor {
            label: desc.label.clone(),
            bind_group_layouts: alloc::borrow::Cow::Owned(bind_group_layouts),
            immediate_size: desc.immediate_size,
        };
        let (layout, error) = match device.create_pipeline_layout_impl(&desc, false, true) {
            Ok(layout) => (layout, None),
            Err(e) => (
                crate::binding_model::PipelineLayout::invalid(
                    device.clone(),
                    desc.label.as_deref().unwrap_or("").to_string(),
                ),
                Some(e),
            ),
        };
        #[cfg(feature = "trace")]
        {
            use crate::device::trace::IntoTrace as _;
            trace(&device, || {
                let desc = desc.to_trace();
                TraceAction::CreatePipelineLayoutWithResourceTable(
                    layout.to_trace(),
                    crate::binding_model::PipelineLayoutDescriptor {
                        label: desc.label.map(|l| alloc::borrow::Cow::Owned(l.into_owned())),
                        bind_group_layouts: alloc::borrow::Cow::Owned(desc.bind_group_layouts.into_owned()),
                        immediate_size: desc.immediate_size,
                    },
                )
            });
        }
        api_log!(
            "Device::create_pipeline_layout_with_resource_table -> {:?}",
            Arc::as_ptr(&layout)
        );
        (fid.assign(layout), error)
    }

    /// `GPUTexture.pin(usage)`: replaces any previous pin.
    pub fn texture_pin(&self, texture_id: id::TextureId, usage: wgt::PinnedUsage) -> Result<(), PinError> {
        api_log!("Texture::pin {texture_id:?} {usage:?}");
        let texture = self.hub.textures.get(texture_id);
        texture
            .device
            .require_features(wgt::Features::SAMPLING_RESOURCE_TABLE)?;
        texture
            .try_inner(&texture.device.snatchable_lock.read())
            .map_err(|e| match e {
                crate::resource::InvalidOrDestroyedResourceError::InvalidResource(e) => PinError::InvalidResource(e),
                crate::resource::InvalidOrDestroyedResourceError::DestroyedResource(e) => {
                    PinError::DestroyedResource(e)
                }
            })?;
        let (needed, name) = match usage {
            wgt::PinnedUsage::Sampled => (wgt::TextureUsages::TEXTURE_BINDING, "TEXTURE_BINDING"),
            _ => (wgt::TextureUsages::STORAGE_BINDING, "STORAGE_BINDING"),
        };
        if !texture.desc.usage.contains(needed) {
            return Err(PinError::MissingUsage(texture.error_ident(), usage, name));
        }
        texture.pinned.set(Some(usage));
        #[cfg(feature = "trace")]
        trace(&texture.device, || {
            use crate::device::trace::IntoTrace as _;
            TraceAction::PinTexture(texture.to_trace(), Some(usage))
        });
        repin_texture(&texture);
        texture.pinned.slots_changed();
        Ok(())
    }

    /// `GPUTexture.unpin()`.
    pub fn texture_unpin(&self, texture_id: id::TextureId) -> Result<(), PinError> {
        api_log!("Texture::unpin {texture_id:?}");
        let texture = self.hub.textures.get(texture_id);
        texture
            .device
            .require_features(wgt::Features::SAMPLING_RESOURCE_TABLE)?;
        texture.pinned.set(None);
        #[cfg(feature = "trace")]
        trace(&texture.device, || {
            use crate::device::trace::IntoTrace as _;
            TraceAction::PinTexture(texture.to_trace(), None)
        });
        texture.pinned.slots_changed();
        Ok(())
    }

    /// `GPUBuffer.pin(usage)` (the proposal's TODO #5375): storage usages only.
    pub fn buffer_pin(&self, buffer_id: id::BufferId, usage: wgt::PinnedUsage) -> Result<(), PinError> {
        api_log!("Buffer::pin {buffer_id:?} {usage:?}");
        let buffer = self.hub.buffers.get(buffer_id).get()?;
        buffer.device.require_features(wgt::Features::SAMPLING_RESOURCE_TABLE)?;
        buffer.check_destroyed(&buffer.device.snatchable_lock.read())?;
        if usage == wgt::PinnedUsage::Sampled || !buffer.usage.contains(wgt::BufferUsages::STORAGE) {
            return Err(PinError::MissingUsage(buffer.error_ident(), usage, "STORAGE"));
        }
        buffer.pinned.set(Some(usage));
        #[cfg(feature = "trace")]
        trace(&buffer.device, || {
            use crate::device::trace::IntoTrace as _;
            TraceAction::PinBuffer(buffer.to_trace(), Some(usage))
        });
        repin_buffer(&buffer);
        buffer.pinned.slots_changed();
        Ok(())
    }

    /// `GPUBuffer.unpin()`.
    pub fn buffer_unpin(&self, buffer_id: id::BufferId) -> Result<(), PinError> {
        api_log!("Buffer::unpin {buffer_id:?}");
        let buffer = self.hub.buffers.get(buffer_id).get()?;
        buffer.device.require_features(wgt::Features::SAMPLING_RESOURCE_TABLE)?;
        buffer.pinned.set(None);
        #[cfg(feature = "trace")]
        trace(&buffer.device, || {
            use crate::device::trace::IntoTrace as _;
            TraceAction::PinBuffer(buffer.to_trace(), None)
        });
        buffer.pinned.slots_changed();
        Ok(())
    }

    /// What a finished command buffer tracks (for tests of the per-draw cost: a table is
    /// one entry, whatever its size). `None` unless the buffer is finished and unsubmitted.
    #[doc(hidden)]
    pub fn command_buffer_tracked(&self, id: id::CommandBufferId) -> Option<TrackedCounts> {
        let cmd_buf = self.hub.command_buffers.get(id);
        let data = cmd_buf.data.lock();
        let crate::command::CommandEncoderStatus::Finished(inner) = &*data else {
            return None;
        };
        Some(TrackedCounts {
            buffers: inner.trackers.buffers.used_resources().count(),
            textures: inner.trackers.textures.used_resources().count(),
            resource_tables: inner.trackers.resource_tables.0.len(),
        })
    }

    #[doc(hidden)]
    pub fn resource_table_type_id(&self, table_id: id::ResourceTableId, slot: u32) -> u32 {
        self.resource_table(table_id).map_or(0, |t| t.type_id(slot))
    }

    pub fn resource_table_destroy(&self, table_id: id::ResourceTableId) {
        api_log!("ResourceTable::destroy {table_id:?}");
        if let Ok(table) = self.resource_table(table_id) {
            table.destroy();
        }
    }

    pub fn resource_table_drop(&self, table_id: id::ResourceTableId) {
        api_log!("ResourceTable::drop {table_id:?}");
        let _table = self.hub.resource_tables.remove(table_id);
        #[cfg(feature = "trace")]
        if let Ok(table) = _table.get() {
            use crate::device::trace::IntoTrace as _;
            trace(&table.device, || TraceAction::DropResourceTable(table.to_trace()));
        }
    }
}
