//! Resource tables on the wgpu-core backend.

use alloc::borrow::Cow::Borrowed;

use wgc::{binding_model as bm, resource_table as rt};

use super::{ContextWgpuCore, CoreDevice, ErrorSink};
use crate::{api::ResourceTableError, BindingResource, BufferBinding};

#[derive(Debug)]
pub struct CoreResourceTable {
    context: ContextWgpuCore,
    id: wgc::id::ResourceTableId,
    error_sink: ErrorSink,
}

impl super::CoreAdapter {
    pub(crate) fn max_resource_table_size(&self) -> u32 {
        self.context.0.adapter_max_resource_table_size(self.id)
    }
}

impl CoreDevice {
    pub(crate) fn max_resource_table_size(&self) -> u32 {
        self.context.0.device_max_resource_table_size(self.id)
    }

    pub(crate) fn create_resource_table(
        &self,
        desc: &crate::ResourceTableDescriptor<'_>,
    ) -> CoreResourceTable {
        let (id, error) = self.context.0.device_create_resource_table(
            self.id,
            &desc.map_label(|l| l.map(Borrowed)),
            None,
        );
        if let Some(cause) = error {
            self.context
                .handle_error(&self.error_sink, cause, desc.label, "Device::create_resource_table");
        }
        CoreResourceTable {
            context: self.context.clone(),
            id,
            error_sink: self.error_sink.clone(),
        }
    }
}

/// The core form of a binding resource a table can hold.
fn core_resource<'a>(resource: &BindingResource<'a>) -> bm::BindingResource<'a> {
    match *resource {
        BindingResource::Buffer(BufferBinding { buffer, offset, size }) => {
            bm::BindingResource::Buffer(bm::BufferBinding {
                buffer: buffer.inner.as_core().id,
                offset,
                size: size.map(wgt::BufferSize::get),
            })
        }
        BindingResource::Sampler(sampler) => bm::BindingResource::Sampler(sampler.inner.as_core().id),
        BindingResource::TextureView(view) => bm::BindingResource::TextureView(view.inner.as_core().id),
        // Arrays and the rest cannot go in a table; wgpu-core says so through the error sink.
        BindingResource::BufferArray(_) => bm::BindingResource::BufferArray(Borrowed(&[])),
        BindingResource::SamplerArray(_) => bm::BindingResource::SamplerArray(Borrowed(&[])),
        BindingResource::TextureViewArray(_) => bm::BindingResource::TextureViewArray(Borrowed(&[])),
        BindingResource::AccelerationStructure(tlas) => {
            bm::BindingResource::AccelerationStructure(tlas.inner.as_core().id)
        }
        BindingResource::AccelerationStructureArray(_) => {
            bm::BindingResource::AccelerationStructureArray(Borrowed(&[]))
        }
        BindingResource::ExternalTexture(texture) => {
            bm::BindingResource::ExternalTexture(texture.inner.as_core().id)
        }
    }
}

impl CoreResourceTable {
    /// Splits wgpu-core's answer: slot errors are the caller's; binding errors go to the
    /// error sink, and the slot is still returned (it was taken, as the proposal orders).
    fn settle(&self, result: Result<u32, rt::ResourceTableUpdateError>, fn_ident: &'static str) -> Result<u32, ResourceTableError> {
        match result {
            Ok(slot) => Ok(slot),
            Err(rt::ResourceTableUpdateError::Slot(e)) => Err(ResourceTableError::from(e)),
            Err(rt::ResourceTableUpdateError::Binding { slot, error }) => {
                self.context.handle_error_nolabel(&self.error_sink, error, fn_ident);
                Ok(slot)
            }
        }
    }

    pub(crate) fn update(&self, slot: u32, resource: &BindingResource<'_>) -> Result<(), ResourceTableError> {
        let result = self.context.0.resource_table_update(self.id, slot, &core_resource(resource));
        self.settle(result.map(|()| slot), "ResourceTable::update").map(drop)
    }

    pub(crate) fn update_range(&self, first_slot: u32, resources: &[BindingResource<'_>]) -> Result<(), ResourceTableError> {
        let core = resources.iter().map(core_resource).collect::<alloc::vec::Vec<_>>();
        let errors = self
            .context
            .0
            .resource_table_update_range(self.id, first_slot, &core)
            .map_err(ResourceTableError::from)?;
        for error in errors {
            self.settle(Err(error), "ResourceTable::update_range")?;
        }
        Ok(())
    }

    pub(crate) fn insert_binding(&self, resource: &BindingResource<'_>) -> Result<u32, ResourceTableError> {
        let result = self.context.0.resource_table_insert_binding(self.id, &core_resource(resource));
        self.settle(result, "ResourceTable::insert_binding")
    }

    pub(crate) fn remove_binding(&self, slot: u32) -> Result<(), ResourceTableError> {
        let result = self.context.0.resource_table_remove_binding(self.id, slot);
        self.settle(result.map(|()| slot), "ResourceTable::remove_binding").map(drop)
    }

    pub(crate) fn destroy(&self) {
        self.context.0.resource_table_destroy(self.id);
    }
}

impl Drop for CoreResourceTable {
    fn drop(&mut self) {
        self.context.0.resource_table_drop(self.id);
    }
}

impl CoreDevice {
    /// `create_pipeline_layout` with the proposal's `usesResourceTable: true`.
    pub(crate) fn create_pipeline_layout_with_resource_table(
        &self,
        desc: &crate::PipelineLayoutDescriptor<'_>,
    ) -> super::CorePipelineLayout {
        let layouts: alloc::vec::Vec<_> = desc
            .bind_group_layouts
            .iter()
            .map(|bgl| bgl.map(|bgl| bgl.inner.as_core().id))
            .collect();
        let descriptor = wgc::binding_model::PipelineLayoutDescriptor {
            label: desc.label.map(Borrowed),
            bind_group_layouts: Borrowed(&layouts),
            immediate_size: desc.immediate_size,
        };
        let (id, error) = self
            .context
            .0
            .device_create_pipeline_layout_with_resource_table(self.id, &descriptor, None);
        if let Some(cause) = error {
            self.context.handle_error(
                &self.error_sink,
                cause,
                desc.label,
                "Device::create_pipeline_layout_with_resource_table",
            );
        }
        super::CorePipelineLayout {
            context: self.context.clone(),
            id,
        }
    }
}

impl super::CoreComputePass {
    pub(crate) fn set_resource_table(&mut self, table: Option<&CoreResourceTable>) {
        if let Err(cause) = self
            .context
            .0
            .compute_pass_set_resource_table(&mut self.pass, table.map(|t| t.id))
        {
            self.context.handle_error(
                &self.error_sink,
                cause,
                self.pass.label(),
                "ComputePass::set_resource_table",
            );
        }
    }
}

impl super::CoreRenderPass {
    pub(crate) fn set_resource_table(&mut self, table: Option<&CoreResourceTable>) {
        if let Err(cause) = self
            .context
            .0
            .render_pass_set_resource_table(&mut self.pass, table.map(|t| t.id))
        {
            self.context.handle_error(
                &self.error_sink,
                cause,
                self.pass.label(),
                "RenderPass::set_resource_table",
            );
        }
    }
}

impl super::CoreRenderBundleEncoder {
    pub(crate) fn set_resource_table(&mut self, table: Option<&CoreResourceTable>) {
        self.encoder
            .set_resource_table(table.map(|t| t.id))
            .expect("RenderBundleEncoder should not have ended");
    }
}

/// `pin(usage)` (`Some`) or `unpin()` (`None`) of a texture or buffer; errors to the sink.
fn pin(
    context: &ContextWgpuCore,
    sink: &ErrorSink,
    usage: Option<wgt::PinnedUsage>,
    result: Result<(), rt::PinError>,
    (pin_ident, unpin_ident): (&'static str, &'static str),
) {
    if let Err(cause) = result {
        let fn_ident = if usage.is_some() { pin_ident } else { unpin_ident };
        context.handle_error_nolabel(sink, cause, fn_ident);
    }
}

impl super::CoreTexture {
    pub(crate) fn pin(&self, usage: Option<wgt::PinnedUsage>) {
        let result = match usage {
            Some(usage) => self.context.0.texture_pin(self.id, usage),
            None => self.context.0.texture_unpin(self.id),
        };
        pin(&self.context, &self.error_sink, usage, result, ("Texture::pin", "Texture::unpin"));
    }
}

impl super::CoreBuffer {
    pub(crate) fn pin(&self, usage: Option<wgt::PinnedUsage>) {
        let result = match usage {
            Some(usage) => self.context.0.buffer_pin(self.id, usage),
            None => self.context.0.buffer_unpin(self.id),
        };
        pin(&self.context, &self.error_sink, usage, result, ("Buffer::pin", "Buffer::unpin"));
    }
}

impl CoreResourceTable {
    pub(crate) fn type_id(&self, slot: u32) -> u32 {
        self.context.0.resource_table_type_id(self.id, slot)
    }
}

impl super::CoreCommandBuffer {
    pub(crate) fn tracked(&self) -> Option<wgc::resource_table::TrackedCounts> {
        self.context.0.command_buffer_tracked(self.id)
    }
}
