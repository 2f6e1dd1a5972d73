//! The default resource of every type id: what an empty or invisible slot reads as.

use alloc::{sync::Arc, vec::Vec};

use naga::resource_table::TypeId;

use super::{PendingPin, TableEntry};
use crate::{
    device::{Device, DeviceError},
    resource::Texture,
};

/// The default resource of every type id, with its id.
pub(super) type Defaults = Arc<Vec<(TypeId, TableEntry)>>;

/// The shape and format of each default texture, by texel kind: tiny, zeroed, pinned.
pub(super) fn defaults(device: &Arc<Device>) -> Result<Defaults, DeviceError> {
    let mut defaults = device.resource_tables.raw.defaults.lock();
    if let Some(d) = defaults.as_ref() {
        return Ok(d.clone());
    }
    let created = Arc::new(untraced(device, || create_defaults(device))?);
    *defaults = Some(created.clone());
    Ok(created)
}

/// Runs `f` with the device's trace set aside: the default resources are the device's own,
/// not calls of the traced program, and a replay creates its own.
pub(super) fn untraced<R>(device: &Device, f: impl FnOnce() -> R) -> R {
    #[cfg(feature = "trace")]
    let trace = device.trace.lock().take();
    #[cfg(not(feature = "trace"))]
    let _ = device;
    let result = f();
    #[cfg(feature = "trace")]
    if let Some(trace) = trace {
        *device.trace.lock() = Some(trace);
    }
    result
}

fn create_defaults(device: &Arc<Device>) -> Result<Vec<(TypeId, TableEntry)>, DeviceError> {
    use naga::resource_table::{DepthShape, SampledDimension as Sd, StorageDimension as Stor, TexelKind};
    use wgt::{TextureDimension as Td, TextureFormat as F, TextureUsages as U, TextureViewDimension as Vd};

    let internal = |e: &dyn core::fmt::Debug| {
        log::error!("resource table defaults: {e:?}");
        DeviceError::OutOfMemory
    };
    let texture = |dim: Td, format: F, layers: u32, samples: u32, usage: U| -> Result<Arc<Texture>, DeviceError> {
        let desc = wgt::TextureDescriptor {
            label: Some(alloc::borrow::Cow::Borrowed("(wgpu internal) resource table default")),
            size: wgt::Extent3d {
                width: 1,
                height: 1,
                depth_or_array_layers: layers,
            },
            mip_level_count: 1,
            sample_count: samples,
            dimension: dim,
            format,
            usage: usage
                | if samples > 1 || format.is_depth_stencil_format() {
                    U::RENDER_ATTACHMENT
                } else {
                    U::COPY_DST
                },
            view_formats: Vec::new(),
        };
        match device.create_texture(&desc) {
            (t, None) => Ok(t),
            (_, Some(e)) => Err(internal(&e)),
        }
    };
    let view = |t: &Arc<Texture>, dimension: Vd, usage: U| -> Result<TableEntry, DeviceError> {
        let desc = crate::resource::TextureViewDescriptor {
            label: Some(alloc::borrow::Cow::Borrowed("(wgpu internal) resource table default")),
            format: None,
            dimension: Some(dimension),
            usage: Some(usage),
            range: wgt::ImageSubresourceRange {
                array_layer_count: Some(if dimension == Vd::D2 {
                    1
                } else {
                    t.desc.size.depth_or_array_layers
                }),
                ..Default::default()
            },
        };
        device
            .create_texture_view(t, &desc)
            .map(TableEntry::TextureView)
            .map_err(|e| internal(&e))
    };
    let pin = |t: &Arc<Texture>, usage: wgt::PinnedUsage| {
        t.pinned.set(Some(usage));
        device.resource_tables.raw.push_pin(PendingPin::Texture(t.clone()));
    };

    let mut out = Vec::new();
    let heterogeneous = device.features.contains(wgt::Features::HETEROGENEOUS_RESOURCE_TABLE);
    for (kind, format) in [
        (TexelKind::Float, F::Rgba8Unorm),
        (TexelKind::Sint, F::Rgba8Sint),
        (TexelKind::Uint, F::Rgba8Uint),
    ] {
        let d1 = texture(Td::D1, format, 1, 1, U::TEXTURE_BINDING)?;
        let d2 = texture(Td::D2, format, 6, 1, U::TEXTURE_BINDING)?;
        let d3 = texture(Td::D3, format, 1, 1, U::TEXTURE_BINDING)?;
        let ms = texture(Td::D2, format, 1, 4, U::TEXTURE_BINDING)?;
        for t in [&d1, &d2, &d3, &ms] {
            pin(t, wgt::PinnedUsage::Sampled);
        }
        for (dim, t, vd) in [
            (Sd::D1, &d1, Vd::D1),
            (Sd::D2, &d2, Vd::D2),
            (Sd::D2Array, &d2, Vd::D2Array),
            (Sd::D3, &d3, Vd::D3),
            (Sd::Cube, &d2, Vd::Cube),
            (Sd::CubeArray, &d2, Vd::CubeArray),
        ] {
            out.push((TypeId::sampled(dim, kind), view(t, vd, U::TEXTURE_BINDING)?));
        }
        out.push((TypeId::multisampled(kind), view(&ms, Vd::D2, U::TEXTURE_BINDING)?));
        if heterogeneous {
            let storage_format = match kind {
                TexelKind::Float => F::R32Float,
                TexelKind::Sint => F::R32Sint,
                TexelKind::Uint => F::R32Uint,
            };
            // Read-only types get defaults of their own, which no shader can write: what
            // shaders write through the writable defaults never shows through them.
            for writable in [false, true] {
                let usage = if writable {
                    wgt::PinnedUsage::StorageReadWrite
                } else {
                    wgt::PinnedUsage::StorageRead
                };
                let s1 = texture(Td::D1, storage_format, 1, 1, U::STORAGE_BINDING)?;
                let s2 = texture(Td::D2, storage_format, 1, 1, U::STORAGE_BINDING)?;
                let s3 = texture(Td::D3, storage_format, 1, 1, U::STORAGE_BINDING)?;
                for t in [&s1, &s2, &s3] {
                    pin(t, usage);
                }
                for (dim, t, vd) in [
                    (Stor::D1, &s1, Vd::D1),
                    (Stor::D2, &s2, Vd::D2),
                    (Stor::D2Array, &s2, Vd::D2Array),
                    (Stor::D3, &s3, Vd::D3),
                ] {
                    out.push((
                        TypeId::storage_texture(dim, kind, writable),
                        view(t, vd, U::STORAGE_BINDING)?,
                    ));
                }
            }
        }
    }
    let depth = texture(Td::D2, F::Depth32Float, 6, 1, U::TEXTURE_BINDING)?;
    let depth_ms = texture(Td::D2, F::Depth32Float, 1, 4, U::TEXTURE_BINDING)?;
    pin(&depth, wgt::PinnedUsage::Sampled);
    pin(&depth_ms, wgt::PinnedUsage::Sampled);
    for (shape, vd) in [
        (DepthShape::D2, Vd::D2),
        (DepthShape::D2Array, Vd::D2Array),
        (DepthShape::Cube, Vd::Cube),
        (DepthShape::CubeArray, Vd::CubeArray),
    ] {
        out.push((TypeId::depth(shape), view(&depth, vd, U::TEXTURE_BINDING)?));
    }
    out.push((
        TypeId::depth(DepthShape::Multisampled2d),
        view(&depth_ms, Vd::D2, U::TEXTURE_BINDING)?,
    ));
    for comparison in [false, true] {
        let desc = crate::resource::SamplerDescriptor {
            label: Some(alloc::borrow::Cow::Borrowed("(wgpu internal) resource table default")),
            address_modes: [wgt::AddressMode::ClampToEdge; 3],
            mag_filter: wgt::FilterMode::Nearest,
            min_filter: wgt::FilterMode::Nearest,
            mipmap_filter: wgt::MipmapFilterMode::Nearest,
            lod_min_clamp: 0.0,
            lod_max_clamp: 32.0,
            compare: comparison.then_some(wgt::CompareFunction::Less),
            anisotropy_clamp: 1,
            border_color: None,
        };
        let sampler = device.create_sampler(&desc).map_err(|e| internal(&e))?;
        out.push((TypeId::sampler(comparison), TableEntry::Sampler(sampler)));
    }
    if heterogeneous {
        // As for storage textures: the read-only default is a buffer of its own.
        for writable in [false, true] {
            let buffer = device
                .create_buffer(&wgt::BufferDescriptor {
                    label: Some(alloc::borrow::Cow::Borrowed("(wgpu internal) resource table default")),
                    size: 16,
                    usage: wgt::BufferUsages::STORAGE,
                    mapped_at_creation: false,
                })
                .map_err(|e| internal(&e))?;
            buffer.pinned.set(Some(if writable {
                wgt::PinnedUsage::StorageReadWrite
            } else {
                wgt::PinnedUsage::StorageRead
            }));
            device.resource_tables.raw.push_pin(PendingPin::Buffer(buffer.clone()));
            let entry = TableEntry::Buffer {
                buffer,
                offset: 0,
                size: None,
            };
            out.push((TypeId::storage_buffer(writable), entry));
        }
    }
    Ok(out)
}
