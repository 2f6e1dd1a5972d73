//! Pinning (noop backend): the rules of `pin`, and the type ids slots get from their
//! resource's pin — the visibility the shader's `hasResource`/`getResource` see (numbers from
//! the resource-table ABI in docs/src/abi.md).

use hal_ext::harness::{find_source, noop_device, validation_error};
use wgpu::PinnedUsage;
use wgpu_core::resource_table::PinError;

fn device(features: wgpu::Features) -> (wgpu::Device, wgpu::Queue) {
    noop_device(features, wgpu::Limits::default())
}

fn texture(
    device: &wgpu::Device,
    format: wgpu::TextureFormat,
    usage: wgpu::TextureUsages,
    layers: u32,
    samples: u32,
) -> wgpu::Texture {
    device.create_texture(&wgpu::TextureDescriptor {
        label: Some("pinned"),
        size: wgpu::Extent3d {
            width: 4,
            height: 4,
            depth_or_array_layers: layers,
        },
        mip_level_count: 1,
        sample_count: samples,
        dimension: wgpu::TextureDimension::D2,
        format,
        usage,
        view_formats: &[],
    })
}

fn pin_error(device: &wgpu::Device, f: impl FnOnce()) -> wgpu::Error {
    validation_error(device, f).1.expect("a validation error")
}

#[test]
fn pin_needs_the_feature_the_usage_and_a_live_resource() {
    let (plain, _q) = device(wgpu::Features::empty());
    let t = texture(
        &plain,
        wgpu::TextureFormat::Rgba8Unorm,
        wgpu::TextureUsages::TEXTURE_BINDING,
        1,
        1,
    );
    let error = pin_error(&plain, || t.pin(PinnedUsage::Sampled));
    assert!(
        matches!(find_source::<PinError>(&error), Some(PinError::MissingFeatures(m)) if m.0 == wgpu::Features::SAMPLING_RESOURCE_TABLE),
        "{error:?}"
    );

    let (device, _q) = device(wgpu::Features::SAMPLING_RESOURCE_TABLE);
    let attachment = texture(
        &device,
        wgpu::TextureFormat::Rgba8Unorm,
        wgpu::TextureUsages::RENDER_ATTACHMENT,
        1,
        1,
    );
    let error = pin_error(&device, || attachment.pin(PinnedUsage::Sampled));
    assert_eq!(
        find_source::<PinError>(&error).map(ToString::to_string).as_deref(),
        Some("Texture with 'pinned' label cannot be pinned for Sampled: it was not created with TEXTURE_BINDING")
    );
    let error = pin_error(&device, || attachment.pin(PinnedUsage::StorageReadWrite));
    assert!(matches!(
        find_source::<PinError>(&error),
        Some(PinError::MissingUsage(
            _,
            PinnedUsage::StorageReadWrite,
            "STORAGE_BINDING"
        ))
    ));

    let sampled = texture(
        &device,
        wgpu::TextureFormat::Rgba8Unorm,
        wgpu::TextureUsages::TEXTURE_BINDING,
        1,
        1,
    );
    sampled.destroy();
    let error = pin_error(&device, || sampled.pin(PinnedUsage::Sampled));
    assert!(
        matches!(find_source::<PinError>(&error), Some(PinError::DestroyedResource(_))),
        "{error:?}"
    );

    let buffer = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("uniform"),
        size: 64,
        usage: wgpu::BufferUsages::UNIFORM,
        mapped_at_creation: false,
    });
    let error = pin_error(&device, || buffer.pin(PinnedUsage::StorageRead));
    assert!(matches!(
        find_source::<PinError>(&error),
        Some(PinError::MissingUsage(_, _, "STORAGE"))
    ));
    // Unpinning needs only the feature, and unbalanced calls are fine.
    let (_, error) = validation_error(&device, || {
        buffer.unpin();
        buffer.unpin();
    });
    assert!(error.is_none(), "{error:?}");
}

#[test]
fn sampled_type_ids_follow_the_view_and_the_pin() {
    let (device, _q) = device(wgpu::Features::SAMPLING_RESOURCE_TABLE);
    let table = device.create_pinned_resource_table(&wgpu::ResourceTableDescriptor { label: None, size: 16 });
    let sampled = wgpu::TextureUsages::TEXTURE_BINDING;
    let add = |texture: &wgpu::Texture, desc: &wgpu::TextureViewDescriptor<'_>| {
        let view = texture.create_view(desc);
        table.insert(wgpu::BindingResource::TextureView(&view)).unwrap()
    };

    let float2d = texture(&device, wgpu::TextureFormat::Rgba8Unorm, sampled, 1, 1);
    let slot = add(&float2d, &Default::default());
    assert_eq!(table.slot_type_id(slot), 0, "unpinned resources are invisible");
    float2d.pin(PinnedUsage::Sampled);
    assert_eq!(table.slot_type_id(slot), 2, "texture_2d<f32>");
    float2d.unpin();
    assert_eq!(table.slot_type_id(slot), 0);
    float2d.pin(PinnedUsage::Sampled);

    let uint2d = texture(&device, wgpu::TextureFormat::Rgba8Uint, sampled, 1, 1);
    uint2d.pin(PinnedUsage::Sampled);
    assert_eq!(
        table.slot_type_id(add(&uint2d, &Default::default())),
        14,
        "texture_2d<u32>"
    );

    let layers = texture(&device, wgpu::TextureFormat::Rgba8Unorm, sampled, 6, 1);
    layers.pin(PinnedUsage::Sampled);
    let array = wgpu::TextureViewDescriptor {
        dimension: Some(wgpu::TextureViewDimension::D2Array),
        ..Default::default()
    };
    assert_eq!(table.slot_type_id(add(&layers, &array)), 3, "texture_2d_array<f32>");
    let cube = wgpu::TextureViewDescriptor {
        dimension: Some(wgpu::TextureViewDimension::Cube),
        ..Default::default()
    };
    assert_eq!(table.slot_type_id(add(&layers, &cube)), 5, "texture_cube<f32>");

    let depth = texture(&device, wgpu::TextureFormat::Depth32Float, sampled, 1, 1);
    depth.pin(PinnedUsage::Sampled);
    assert_eq!(
        table.slot_type_id(add(&depth, &Default::default())),
        22,
        "texture_depth_2d"
    );

    let msaa = texture(
        &device,
        wgpu::TextureFormat::Rgba8Unorm,
        sampled | wgpu::TextureUsages::RENDER_ATTACHMENT,
        1,
        4,
    );
    msaa.pin(PinnedUsage::Sampled);
    assert_eq!(
        table.slot_type_id(add(&msaa, &Default::default())),
        19,
        "texture_multisampled_2d<f32>"
    );

    let filtering = device.create_sampler(&Default::default());
    let comparison = device.create_sampler(&wgpu::SamplerDescriptor {
        compare: Some(wgpu::CompareFunction::Less),
        ..Default::default()
    });
    let s1 = table.insert(wgpu::BindingResource::Sampler(&filtering)).unwrap();
    let s2 = table.insert(wgpu::BindingResource::Sampler(&comparison)).unwrap();
    assert_eq!(
        (table.slot_type_id(s1), table.slot_type_id(s2)),
        (27, 28),
        "samplers need no pin"
    );
    assert_eq!(table.slot_type_id(15), 0, "empty slot");
}

#[test]
fn storage_type_ids_say_read_only_or_writable() {
    let (device, _q) = device(wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE);
    let table = device.create_pinned_resource_table(&wgpu::ResourceTableDescriptor { label: None, size: 8 });
    let both = wgpu::TextureUsages::STORAGE_BINDING | wgpu::TextureUsages::TEXTURE_BINDING;
    let image = texture(&device, wgpu::TextureFormat::R32Float, both, 1, 1);
    let view = image.create_view(&Default::default());
    let slot = table.insert(wgpu::BindingResource::TextureView(&view)).unwrap();
    image.pin(PinnedUsage::StorageRead);
    assert_eq!(table.slot_type_id(slot), 36, "texture_storage_2d<f32>, read-only");
    image.pin(PinnedUsage::StorageReadWrite);
    assert_eq!(table.slot_type_id(slot), 37, "… writable (a new pin replaces the old)");
    image.pin(PinnedUsage::Sampled);
    assert_eq!(table.slot_type_id(slot), 2, "the same view, pinned for sampling");

    let buffer = device.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size: 64,
        usage: wgpu::BufferUsages::STORAGE,
        mapped_at_creation: false,
    });
    let slot = table.insert(buffer.as_entire_binding()).unwrap();
    assert_eq!(table.slot_type_id(slot), 0);
    buffer.pin(PinnedUsage::StorageRead);
    assert_eq!(table.slot_type_id(slot), 54);
    buffer.pin(PinnedUsage::StorageReadWrite);
    assert_eq!(table.slot_type_id(slot), 55);
}

/// A use against the pin between two uses that match it: the command buffer's first and last
/// uses of the texture are `RESOURCE`, the copy in between is not, and submit refuses it.
#[test]
fn uses_between_matching_ones_are_checked_too() {
    use wgpu_core::device::queue::QueueSubmitError;
    let (device, queue) = device(wgpu::Features::SAMPLING_RESOURCE_TABLE);
    let pinned = texture(
        &device,
        wgpu::TextureFormat::Rgba8Unorm,
        wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_SRC,
        1,
        1,
    );
    pinned.pin(PinnedUsage::Sampled);
    let view = pinned.create_view(&Default::default());
    let pipeline = hal_ext::harness::compute_pipeline(
        &device,
        "@group(0) @binding(0) var t: texture_2d<f32>;
             @compute @workgroup_size(1) fn main() { _ = textureLoad(t, vec2(0), 0); }",
    );
    let group = hal_ext::harness::group_0(&device, &pipeline, vec![wgpu::BindingResource::TextureView(&view)]);
    let readback = device.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size: 256 * 4,
        usage: wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    let sample = |encoder: &mut wgpu::CommandEncoder| {
        let mut pass = encoder.begin_compute_pass(&Default::default());
        pass.set_pipeline(&pipeline);
        pass.set_bind_group(0, &group, &[]);
        pass.dispatch_workgroups(1, 1, 1);
    };
    // A copy from the pinned texture: a use against its pin.
    let copy = |encoder: &mut wgpu::CommandEncoder| {
        encoder.copy_texture_to_buffer(
            pinned.as_image_copy(),
            wgpu::TexelCopyBufferInfo {
                buffer: &readback,
                layout: wgpu::TexelCopyBufferLayout {
                    offset: 0,
                    bytes_per_row: Some(256),
                    rows_per_image: None,
                },
            },
            pinned.size(),
        );
    };
    let encode = |with_copy: bool| {
        let mut encoder = device.create_command_encoder(&Default::default());
        sample(&mut encoder);
        if with_copy {
            copy(&mut encoder);
        }
        sample(&mut encoder);
        encoder.finish()
    };
    // Sampling through a bind group matches the pin.
    let (_, error) = validation_error(&device, || queue.submit([encode(false)]));
    assert!(error.is_none(), "{error:?}");
    let (_, error) = validation_error(&device, || queue.submit([encode(true)]));
    let error = error.expect("the copy uses the pinned texture against its pin");
    match find_source::<QueueSubmitError>(&error) {
        Some(QueueSubmitError::PinnedResourceMisused(e)) => {
            assert_eq!(e.pinned, PinnedUsage::Sampled);
            assert_eq!(e.used, "TextureUses(COPY_SRC)");
        }
        other => panic!("expected PinnedResourceMisused, got {other:?} ({error})"),
    }
    // A command buffer that also sets a table, destroyed before the submit: the destroyed
    // table is reported before the later uses against the pin (a first use against it is
    // reported earlier, next to each destroyed check: here the first use matches).
    let table = device.create_pinned_resource_table(&wgpu::ResourceTableDescriptor {
        label: Some("gone"),
        size: 4,
    });
    // Sampling first (the use the loop over used textures checks), then the table, then
    // the copy (a later use, checked with the table after that loop).
    let record = || {
        let mut encoder = device.create_command_encoder(&Default::default());
        sample(&mut encoder);
        encoder
            .begin_compute_pass(&Default::default())
            .set_resource_table(Some(&table));
        copy(&mut encoder);
        encoder.finish()
    };
    // Control: with the table alive, the same commands fail for the copy alone.
    let (_, error) = validation_error(&device, || queue.submit([record()]));
    match find_source::<QueueSubmitError>(error.as_ref().expect("the copy against the pin")) {
        Some(QueueSubmitError::PinnedResourceMisused(e)) => assert_eq!(e.used, "TextureUses(COPY_SRC)"),
        other => panic!("expected PinnedResourceMisused, got {other:?} ({error:?})"),
    }
    let commands = record();
    table.destroy();
    let (_, error) = validation_error(&device, || queue.submit([commands]));
    let error = error.expect("a destroyed table and a use against the pin");
    match find_source::<QueueSubmitError>(&error) {
        Some(QueueSubmitError::DestroyedResource(e)) => {
            assert_eq!(e.to_string(), "ResourceTable with 'gone' label has been destroyed")
        }
        other => panic!("expected DestroyedResource, got {other:?} ({error})"),
    }
}

/// `slot_type_id` says what the next submission writes: 0 for a destroyed texture or a
/// mapped buffer, pinned or not.
#[test]
fn destroyed_and_mapped_pinned_resources_read_as_hidden() {
    let (device, _q) = device(wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE);
    let table = device.create_pinned_resource_table(&wgpu::ResourceTableDescriptor { label: None, size: 4 });
    let image = texture(
        &device,
        wgpu::TextureFormat::Rgba8Unorm,
        wgpu::TextureUsages::TEXTURE_BINDING,
        1,
        1,
    );
    image.pin(PinnedUsage::Sampled);
    let view = image.create_view(&Default::default());
    let slot = table.insert(wgpu::BindingResource::TextureView(&view)).unwrap();
    assert_eq!(table.slot_type_id(slot), 2);
    image.destroy();
    assert_eq!(table.slot_type_id(slot), 0, "destroyed");

    let buffer = device.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size: 64,
        usage: wgpu::BufferUsages::STORAGE,
        mapped_at_creation: true,
    });
    buffer.pin(PinnedUsage::StorageRead);
    let slot = table.insert(buffer.as_entire_binding()).unwrap();
    assert_eq!(table.slot_type_id(slot), 0, "mapped");
    buffer.unmap();
    assert_eq!(
        table.slot_type_id(slot),
        naga::resource_table::TypeId::storage_buffer(false).0
    );
}

/// A pin may change between `finish()` and the submit, which checks the commands against the
/// pin as it is then, whatever passes that read tables came before: a buffer pinned
/// read-only while encoding, written through a bind group after a table pass, and pinned
/// read-write before the submit is accepted (the table pass does not make the encoding-time
/// pin a use of the buffer).
#[test]
fn a_pin_changed_after_finish_is_checked_as_it_is_at_submit_after_table_passes() {
    let (device, queue) = device(wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE);
    let buffer = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("pinned"),
        size: 16,
        usage: wgpu::BufferUsages::STORAGE,
        mapped_at_creation: false,
    });
    buffer.pin(PinnedUsage::StorageRead);
    let table = device.create_pinned_resource_table(&wgpu::ResourceTableDescriptor {
        label: Some("table"),
        size: 4,
    });
    table.insert(buffer.as_entire_binding()).unwrap();
    let pipeline = hal_ext::harness::compute_pipeline(
        &device,
        "@group(0) @binding(0) var<storage, read_write> words: array<u32>;
             @compute @workgroup_size(1) fn main() { words[0] = 1u; }",
    );
    let group = hal_ext::harness::group_0(&device, &pipeline, vec![buffer.as_entire_binding()]);
    let mut encoder = device.create_command_encoder(&Default::default());
    encoder
        .begin_compute_pass(&Default::default())
        .set_resource_table(Some(&table));
    {
        let mut pass = encoder.begin_compute_pass(&Default::default());
        pass.set_pipeline(&pipeline);
        pass.set_bind_group(0, &group, &[]);
        pass.dispatch_workgroups(1, 1, 1);
    }
    let commands = encoder.finish();
    buffer.pin(PinnedUsage::StorageReadWrite);
    let (_, error) = validation_error(&device, || queue.submit([commands]));
    assert!(error.is_none(), "{error:?}");
}
