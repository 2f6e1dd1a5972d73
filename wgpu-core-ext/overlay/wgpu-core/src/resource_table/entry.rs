//! What a slot holds, and the type id shaders see it as.

use alloc::sync::Arc;

use crate::{
    device::Device,
    resource::{Buffer, Sampler, TextureView},
    SubmissionIndex,
};

use super::Pin;

/// What a slot holds.
#[derive(Debug, Clone)]
pub enum TableEntry {
    TextureView(Arc<TextureView>),
    Sampler(Arc<Sampler>),
    Buffer {
        buffer: Arc<Buffer>,
        offset: wgt::BufferAddress,
        size: Option<wgt::BufferAddress>,
    },
}

impl TableEntry {
    /// The entry's resource left its slot when `last` was the last submission.
    pub(super) fn left_slot(&self, last: SubmissionIndex) {
        if let Some(pin) = self.pin() {
            pin.left_slot(last);
        }
    }

    /// The pin of the entry's resource (samplers have none).
    pub(super) fn pin(&self) -> Option<&Pin> {
        match self {
            Self::TextureView(view) => Some(&view.parent.pinned),
            Self::Buffer { buffer, .. } => Some(&buffer.pinned),
            Self::Sampler(_) => None,
        }
    }

    pub(crate) fn device(&self) -> &Arc<Device> {
        match self {
            Self::TextureView(view) => &view.device,
            Self::Sampler(sampler) => &sampler.device,
            Self::Buffer { buffer, .. } => &buffer.device,
        }
    }

    /// The slot's type id: which `getResource<T>` sees it. Textures and buffers are visible
    /// only while pinned, with the pinned usage deciding sampled or storage (and read-only or
    /// writable); samplers need no pin.
    pub fn type_id(&self) -> naga::resource_table::TypeId {
        use naga::resource_table::{DepthShape, SampledDimension as Sd, StorageDimension, TexelKind, TypeId};
        use wgt::{PinnedUsage as P, TextureSampleType as St, TextureViewDimension as Vd};
        match self {
            Self::Sampler(sampler) => TypeId::sampler(sampler.comparison),
            Self::Buffer { buffer, .. } => match buffer.pinned.get() {
                Some(P::StorageRead) => TypeId::storage_buffer(false),
                Some(P::StorageReadWrite) => TypeId::storage_buffer(true),
                Some(P::Sampled) | None => TypeId::EMPTY,
            },
            Self::TextureView(view) => {
                let Some(pin) = view.parent.pinned.get() else {
                    return TypeId::EMPTY;
                };
                let aspect = view.desc.range.aspect;
                let features = view.device.features;
                let Some(sample_type) = view.desc.format.sample_type(Some(aspect), Some(features)) else {
                    return TypeId::EMPTY;
                };
                let texel = match sample_type {
                    St::Float { .. } => TexelKind::Float,
                    St::Sint => TexelKind::Sint,
                    St::Uint => TexelKind::Uint,
                    St::Depth => TexelKind::Float,
                };
                let multisampled = view.samples > 1;
                match pin {
                    P::Sampled if view.desc.usage.contains(wgt::TextureUsages::TEXTURE_BINDING) => {
                        // Table samplers may filter whatever the shader samples: float
                        // formats the driver cannot filter stay out of the types samplers take.
                        if matches!(sample_type, St::Float { .. })
                            && !multisampled
                            && !view.device.resource_tables.raw.sampled_visible(view.desc.format)
                        {
                            return TypeId::EMPTY;
                        }
                        match (sample_type, view.desc.dimension, multisampled) {
                            (St::Depth, Vd::D2, true) => TypeId::depth(DepthShape::Multisampled2d),
                            (St::Depth, Vd::D2, false) => TypeId::depth(DepthShape::D2),
                            (St::Depth, Vd::D2Array, false) => TypeId::depth(DepthShape::D2Array),
                            (St::Depth, Vd::Cube, false) => TypeId::depth(DepthShape::Cube),
                            (St::Depth, Vd::CubeArray, false) => TypeId::depth(DepthShape::CubeArray),
                            (St::Depth, ..) => TypeId::EMPTY,
                            (_, Vd::D2, true) => TypeId::multisampled(texel),
                            (_, _, true) => TypeId::EMPTY,
                            (_, dim, false) => TypeId::sampled(
                                match dim {
                                    Vd::D1 => Sd::D1,
                                    Vd::D2 => Sd::D2,
                                    Vd::D2Array => Sd::D2Array,
                                    Vd::D3 => Sd::D3,
                                    Vd::Cube => Sd::Cube,
                                    Vd::CubeArray => Sd::CubeArray,
                                },
                                texel,
                            ),
                        }
                    }
                    // Sampling-only tables have no storage arrays: storage pins hide the
                    // texture there.
                    P::StorageRead | P::StorageReadWrite
                        if features.contains(wgt::Features::HETEROGENEOUS_RESOURCE_TABLE)
                            && view.desc.usage.contains(wgt::TextureUsages::STORAGE_BINDING)
                            && sample_type != St::Depth
                            && !multisampled =>
                    {
                        let dim = match view.desc.dimension {
                            Vd::D1 => StorageDimension::D1,
                            Vd::D2 => StorageDimension::D2,
                            Vd::D2Array => StorageDimension::D2Array,
                            Vd::D3 => StorageDimension::D3,
                            Vd::Cube | Vd::CubeArray => return TypeId::EMPTY,
                        };
                        let writable = pin == P::StorageReadWrite;
                        // Table shaders declare storage textures without a format.
                        if !view
                            .device
                            .resource_tables
                            .raw
                            .storage_visible(view.desc.format, writable)
                        {
                            return TypeId::EMPTY;
                        }
                        TypeId::storage_texture(dim, texel, writable)
                    }
                    _ => TypeId::EMPTY,
                }
            }
        }
    }
}
