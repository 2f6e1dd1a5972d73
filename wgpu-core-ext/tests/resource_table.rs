//! Resource tables through the wgpu API on the noop backend (wgpu-core's full validation,
//! no GPU): creation rules, the slot lifecycle with submission indices, and the binding
//! rules, each asserting the exact error.

use hal_ext::harness::{find_source, noop_device, validation_error};
use wgpu::{ResourceTableDescriptor, ResourceTableError};
use wgpu_core::resource_table::{CreateResourceTableError, ResourceTableBindingError, TableResourceKind};

fn limits() -> wgpu::Limits {
    wgpu::Limits::default()
}

fn sampling() -> (wgpu::Device, wgpu::Queue) {
    noop_device(wgpu::Features::SAMPLING_RESOURCE_TABLE, limits())
}

fn heterogeneous() -> (wgpu::Device, wgpu::Queue) {
    noop_device(wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE, limits())
}

fn table(device: &wgpu::Device, size: u32) -> wgpu::ResourceTable {
    let (table, error) = validation_error(device, || {
        device.create_pinned_resource_table(&ResourceTableDescriptor {
            label: Some("table"),
            size,
        })
    });
    assert!(error.is_none(), "{error:?}");
    table
}

fn texture_view(device: &wgpu::Device, usage: wgpu::TextureUsages) -> (wgpu::Texture, wgpu::TextureView) {
    let texture = device.create_texture(&wgpu::TextureDescriptor {
        label: Some("texture"),
        size: wgpu::Extent3d {
            width: 4,
            height: 4,
            depth_or_array_layers: 1,
        },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: wgpu::TextureFormat::Rgba8Unorm,
        usage,
        view_formats: &[],
    });
    let view = texture.create_view(&Default::default());
    (texture, view)
}

fn sampler(device: &wgpu::Device) -> wgpu::Sampler {
    device.create_sampler(&Default::default())
}

fn submit_something(device: &wgpu::Device, queue: &wgpu::Queue) {
    let encoder = device.create_command_encoder(&Default::default());
    queue.submit([encoder.finish()]);
}

fn poll(device: &wgpu::Device) {
    device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
}

#[test]
fn creation_needs_the_feature() {
    // Without the feature the device's limit is 0, so only an empty table gets past the
    // size check (`too_large_is_refused_before_the_feature_check`) to the feature check.
    let (device, _queue) = noop_device(wgpu::Features::empty(), limits());
    let (_table, error) = validation_error(&device, || {
        device.create_pinned_resource_table(&ResourceTableDescriptor { label: None, size: 0 })
    });
    let error = error.expect("a validation error");
    assert!(
        matches!(
            find_source::<CreateResourceTableError>(&error),
            Some(CreateResourceTableError::MissingFeatures(m)) if m.0 == wgpu::Features::SAMPLING_RESOURCE_TABLE
        ),
        "{error:?}"
    );
}

#[test]
fn an_invalid_table_answers_slot_operations_like_a_valid_one() {
    // A table made on a destroyed device is invalid, but its slots follow the content-timeline
    // rules (the proposal checks validity on the device timeline): slot errors are thrown as
    // for a valid table, and each operation that passes them reports the invalid table.
    // (Without the feature a table above size 0 is refused as too large, so a lost device is
    // how a program gets an invalid table with slots; the creation's own error, of the
    // device-lost type, reaches no error scope.)
    let (device, _queue) = sampling();
    let s = sampler(&device);
    device.destroy();
    let (table, error) = validation_error(&device, || {
        device.create_pinned_resource_table(&ResourceTableDescriptor { label: None, size: 8 })
    });
    assert!(error.is_none(), "{error:?}");
    assert_eq!(table.size(), 8);
    let invalid = |error: Option<wgpu::Error>| {
        let error = error.expect("a validation error");
        assert!(
            matches!(
                find_source::<ResourceTableBindingError>(&error),
                Some(ResourceTableBindingError::InvalidResource(_))
            ),
            "{error:?}"
        );
    };
    let (result, error) = validation_error(&device, || table.update(0, wgpu::BindingResource::Sampler(&s)));
    assert_eq!(result, Ok(()));
    invalid(error);
    let (result, error) = validation_error(&device, || table.insert(wgpu::BindingResource::Sampler(&s)));
    assert_eq!(result, Ok(1), "slot 0 was taken by the update");
    invalid(error);
    let (result, error) = validation_error(&device, || table.update(0, wgpu::BindingResource::Sampler(&s)));
    assert_eq!(result, Err(ResourceTableError::InUse { slot: 0 }));
    assert!(error.is_none(), "{error:?}");
    let (result, error) = validation_error(&device, || table.update(8, wgpu::BindingResource::Sampler(&s)));
    assert_eq!(result, Err(ResourceTableError::OutOfRange { slot: 8, size: 8 }));
    assert!(error.is_none(), "{error:?}");
    let (result, error) = validation_error(&device, || table.remove(0));
    assert_eq!(result, Ok(()));
    invalid(error);
    // `update_range` takes its slots and reports the invalid table once per slot.
    let errors = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let sink = errors.clone();
    device.on_uncaptured_error(std::sync::Arc::new(move |e| sink.lock().unwrap().push(e)));
    let samplers = [wgpu::BindingResource::Sampler(&s), wgpu::BindingResource::Sampler(&s)];
    assert_eq!(table.update_range(2, &samplers), Ok(()));
    let errors = std::mem::take(&mut *errors.lock().unwrap());
    assert_eq!(errors.len(), 2, "one error per slot: {errors:#?}");
    for error in errors {
        invalid(Some(error));
    }
    assert_eq!(
        table.update(3, wgpu::BindingResource::Sampler(&s)),
        Err(ResourceTableError::InUse { slot: 3 })
    );
    table.destroy();
    assert_eq!(table.remove(0), Err(ResourceTableError::Destroyed));
}

#[test]
fn size_above_the_limit_is_refused() {
    let (device, _queue) = sampling();
    let max = device.max_resource_table_size();
    let at_limit = table(&device, max);
    assert_eq!(at_limit.size(), max);
    let (too_big, error) = validation_error(&device, || {
        device.create_pinned_resource_table(&ResourceTableDescriptor {
            label: None,
            size: max + 1,
        })
    });
    let error = error.expect("a validation error");
    assert!(
        matches!(
            find_source::<CreateResourceTableError>(&error),
            Some(CreateResourceTableError::TooLarge { size, max: m }) if *size == max + 1 && *m == max
        ),
        "{error:?}"
    );
    assert_eq!(too_big.remove(0), Err(ResourceTableError::Invalid));
}

/// The two constructors differ in the table's model and in the largest size: the standard's
/// `create_resource_table` gives automatic tables of at most 65,536 slots, the 2025 draft's
/// pinned tables take up to the device's `max_resource_table_size()` (2²⁰ on noop). Both
/// refuse a larger table with an invalid one and need the feature. (The standard's maximum
/// is a constant; the pinned one comes from the device.)
#[test]
fn the_two_constructors_give_their_model_and_their_largest_size() {
    type Create = fn(&wgpu::Device, &ResourceTableDescriptor<'_>) -> wgpu::ResourceTable;
    let constructors: [(&str, Create, wgpu::ResourceTableModel); 2] = [
        (
            "create_resource_table",
            wgpu::Device::create_resource_table,
            wgpu::ResourceTableModel::Automatic,
        ),
        (
            "create_pinned_resource_table",
            wgpu::Device::create_pinned_resource_table,
            wgpu::ResourceTableModel::Pinned,
        ),
    ];
    assert_eq!(wgpu::ResourceTableModel::default(), wgpu::ResourceTableModel::Automatic);
    for (name, create, model) in constructors {
        let (device, _queue) = sampling();
        let (table, error) = validation_error(&device, || {
            create(&device, &ResourceTableDescriptor { label: None, size: 4 })
        });
        assert!(error.is_none(), "{name}: {error:?}");
        assert_eq!((table.model(), table.size()), (model, 4), "{name}");
        let max = match model {
            wgpu::ResourceTableModel::Automatic => wgpu::MAX_RESOURCE_TABLE_SIZE,
            _ => device.max_resource_table_size(),
        };
        assert_eq!(
            max,
            [65_536, 1 << 20][(model == wgpu::ResourceTableModel::Pinned) as usize]
        );
        let (largest, error) = validation_error(&device, || {
            create(&device, &ResourceTableDescriptor { label: None, size: max })
        });
        assert!(error.is_none(), "{name}: {error:?}");
        assert_eq!(
            largest.insert(wgpu::BindingResource::Sampler(&sampler(&device))),
            Ok(0),
            "{name}"
        );
        let (too_big, error) = validation_error(&device, || {
            create(
                &device,
                &ResourceTableDescriptor {
                    label: None,
                    size: max + 1,
                },
            )
        });
        let error = error.expect("a validation error");
        let error = find_source::<CreateResourceTableError>(&error);
        let expected = match model {
            wgpu::ResourceTableModel::Automatic => {
                "Resource table size 65537 is greater than 65536, the largest the WebGPU standard allows"
            }
            _ => "Resource table size 1048577 is greater than the device's `max_resource_table_size()` (1048576)",
        };
        assert_eq!(error.map(|e| e.to_string()).as_deref(), Some(expected), "{name}");
        assert!(
            matches!(
                (model, error),
                (
                    wgpu::ResourceTableModel::Automatic,
                    Some(CreateResourceTableError::AboveStandardMaximum {
                        size: 65_537,
                        max: 65_536
                    })
                ) | (
                    wgpu::ResourceTableModel::Pinned,
                    Some(CreateResourceTableError::TooLarge {
                        size: 1_048_577,
                        max: 1_048_576
                    })
                )
            ),
            "{name}: {error:?}"
        );
        assert_eq!(too_big.remove(0), Err(ResourceTableError::Invalid), "{name}");
        let (device, _queue) = noop_device(wgpu::Features::empty(), limits());
        let (_table, error) = validation_error(&device, || {
            create(&device, &ResourceTableDescriptor { label: None, size: 0 })
        });
        assert!(
            matches!(
                find_source::<CreateResourceTableError>(&error.expect("a validation error")),
                Some(CreateResourceTableError::MissingFeatures(m)) if m.0 == wgpu::Features::SAMPLING_RESOURCE_TABLE
            ),
            "{name}"
        );
    }
}

/// `maxResourceTableSize` is a method, not a field of `Limits` (wgpu 30's `Limits` keeps its
/// fields): the adapter's figure, which a device with the feature gets whole; 0 without it.
#[test]
fn the_table_size_limit_follows_the_feature() {
    let adapter = hal_ext::harness::noop_adapter();
    assert_eq!(adapter.max_resource_table_size(), 1 << 20);
    for (features, expected) in [
        (wgpu::Features::empty(), 0),
        (wgpu::Features::SAMPLING_RESOURCE_TABLE, 1 << 20),
        (wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE, 1 << 20),
    ] {
        let (device, _queue) = noop_device(features, wgpu::Limits::default());
        assert_eq!(device.max_resource_table_size(), expected, "{features:?}");
    }
}

/// The proposal's RangeError comes before anything else, the feature check included.
#[test]
fn too_large_is_refused_before_the_feature_check() {
    let (device, _queue) = noop_device(wgpu::Features::empty(), wgpu::Limits::default());
    let (_table, error) = validation_error(&device, || {
        device.create_pinned_resource_table(&ResourceTableDescriptor { label: None, size: 1 })
    });
    let error = error.expect("a table without the feature");
    assert!(
        matches!(
            find_source::<CreateResourceTableError>(&error),
            Some(CreateResourceTableError::TooLarge { size: 1, max: 0 })
        ),
        "{error:?}"
    );
    // Size 0 passes the size check and fails on the feature.
    let (_table, error) = validation_error(&device, || {
        device.create_pinned_resource_table(&ResourceTableDescriptor { label: None, size: 0 })
    });
    assert!(matches!(
        find_source::<CreateResourceTableError>(&error.unwrap()),
        Some(CreateResourceTableError::MissingFeatures(_))
    ));
}

#[test]
fn heterogeneous_implies_sampling() {
    let (device, _queue) = heterogeneous();
    assert!(device
        .features()
        .contains(wgpu::Features::SAMPLING_RESOURCE_TABLE | wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE));
}

#[test]
fn insert_takes_the_lowest_available_slot() {
    let (device, _queue) = sampling();
    let table = table(&device, 8);
    let s = sampler(&device);
    let bind = || table.insert(wgpu::BindingResource::Sampler(&s));
    assert_eq!(bind(), Ok(0));
    assert_eq!(bind(), Ok(1));
    table.update(3, wgpu::BindingResource::Sampler(&s)).unwrap();
    assert_eq!(bind(), Ok(2));
    assert_eq!(bind(), Ok(4));
    // Removing before any submission frees the slot at once (submission 0 is complete).
    table.remove(1).unwrap();
    assert_eq!(bind(), Ok(1));
    assert_eq!(bind(), Ok(5));
    assert_eq!(bind(), Ok(6));
    assert_eq!(bind(), Ok(7));
    assert_eq!(bind(), Err(ResourceTableError::Full));
}

/// The 2025 draft's names stay, deprecated, and do exactly what `insert` and `remove` do;
/// a binding error is reported under the method the program called.
#[test]
#[allow(deprecated)]
fn insert_binding_and_remove_binding_are_the_old_names_of_insert_and_remove() {
    let (device, _queue) = sampling();
    let table = table(&device, 2);
    let s = sampler(&device);
    assert_eq!(table.insert_binding(wgpu::BindingResource::Sampler(&s)), Ok(0));
    assert_eq!(table.insert(wgpu::BindingResource::Sampler(&s)), Ok(1));
    assert_eq!(
        table.insert_binding(wgpu::BindingResource::Sampler(&s)),
        Err(ResourceTableError::Full)
    );
    assert_eq!(table.remove_binding(0), Ok(()));
    assert_eq!(table.remove_binding(0), Ok(()));
    assert_eq!(
        table.remove_binding(2),
        Err(ResourceTableError::OutOfRange { slot: 2, size: 2 })
    );
    assert_eq!(table.insert_binding(wgpu::BindingResource::Sampler(&s)), Ok(0));
}

#[test]
fn update_checks_range_and_occupancy() {
    let (device, _queue) = sampling();
    let table = table(&device, 4);
    let s = sampler(&device);
    assert_eq!(
        table.update(4, wgpu::BindingResource::Sampler(&s)),
        Err(ResourceTableError::OutOfRange { slot: 4, size: 4 })
    );
    assert_eq!(
        table.remove(9),
        Err(ResourceTableError::OutOfRange { slot: 9, size: 4 })
    );
    table.update(2, wgpu::BindingResource::Sampler(&s)).unwrap();
    assert_eq!(
        table.update(2, wgpu::BindingResource::Sampler(&s)),
        Err(ResourceTableError::InUse { slot: 2 })
    );
}

#[test]
fn update_range_takes_its_slots_all_or_none() {
    let (device, queue) = sampling();
    let table = table(&device, 8);
    let s = sampler(&device);
    let samplers = |n: usize| vec![wgpu::BindingResource::Sampler(&s); n];
    let free = |slot: u32| table.slot_type_id(slot) == 0;
    table.update(5, wgpu::BindingResource::Sampler(&s)).unwrap();
    // A slot in the middle holds a binding: the error names it, and 3 and 4 stay free.
    assert_eq!(
        table.update_range(3, &samplers(3)),
        Err(ResourceTableError::InUse { slot: 5 })
    );
    assert!(free(3) && free(4));
    // Range checks come before availability: the first slot past the end, though 6 is free
    // and 5 would fail too.
    assert_eq!(
        table.update_range(5, &samplers(4)),
        Err(ResourceTableError::OutOfRange { slot: 8, size: 8 })
    );
    assert_eq!(
        table.update_range(u32::MAX, &samplers(1)),
        Err(ResourceTableError::OutOfRange {
            slot: u32::MAX,
            size: 8
        })
    );
    table.update(7, wgpu::BindingResource::Sampler(&s)).unwrap();
    table.remove(7).unwrap();
    assert!(free(6));
    // (A slot waiting for a submission, `NotYetAvailable`, needs a submission still running:
    // the differential tester's `update_range` programs on Vulkan check it against the
    // model; on noop every submission has completed by the time `submit` returns.)
    submit_something(&device, &queue);
    table.remove(5).unwrap();
    poll(&device);
    // Now every slot of the range is taken, in order, as by `update`.
    assert_eq!(table.update_range(2, &samplers(4)), Ok(()));
    let sampler_id = table.slot_type_id(2);
    assert_ne!(sampler_id, 0);
    assert_eq!(
        (2..6).map(|slot| table.slot_type_id(slot)).collect::<Vec<_>>(),
        vec![sampler_id; 4]
    );
    assert_eq!(
        table.update(4, wgpu::BindingResource::Sampler(&s)),
        Err(ResourceTableError::InUse { slot: 4 })
    );
    assert_eq!(table.insert(wgpu::BindingResource::Sampler(&s)), Ok(0));
    // An empty range is no `update` call: nothing to check, wherever it starts.
    assert_eq!(table.update_range(8, &[]), Ok(()));
    assert_eq!(table.update_range(9, &[]), Ok(()));
    assert_eq!(table.update_range(u32::MAX, &[]), Ok(()));
    table.destroy();
    assert_eq!(table.update_range(6, &samplers(1)), Err(ResourceTableError::Destroyed));
    assert_eq!(table.update_range(6, &[]), Ok(()));
}

#[test]
fn update_range_reports_each_bad_binding_and_still_takes_its_slot() {
    let (device, _queue) = sampling();
    let table = table(&device, 4);
    let s = sampler(&device);
    let (_t, not_sampled) = texture_view(&device, wgpu::TextureUsages::COPY_DST);
    let resources = [
        wgpu::BindingResource::TextureView(&not_sampled),
        wgpu::BindingResource::Sampler(&s),
        wgpu::BindingResource::TextureView(&not_sampled),
    ];
    let errors = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let sink = errors.clone();
    device.on_uncaptured_error(std::sync::Arc::new(move |e| sink.lock().unwrap().push(e)));
    assert_eq!(table.update_range(1, &resources), Ok(()));
    let errors = std::mem::take(&mut *errors.lock().unwrap());
    assert_eq!(errors.len(), 2, "one error per bad binding: {errors:#?}");
    for error in &errors {
        assert!(
            matches!(
                find_source::<ResourceTableBindingError>(error),
                Some(ResourceTableBindingError::MissingTextureUsage(..))
            ),
            "{error:?}"
        );
    }
    // The bad bindings' slots are taken and hold nothing; the sampler is in its slot.
    assert_eq!(
        table.update(1, wgpu::BindingResource::Sampler(&s)),
        Err(ResourceTableError::InUse { slot: 1 })
    );
    assert_eq!(
        table.update(3, wgpu::BindingResource::Sampler(&s)),
        Err(ResourceTableError::InUse { slot: 3 })
    );
    assert_eq!((table.slot_type_id(1), table.slot_type_id(3)), (0, 0));
    assert_ne!(table.slot_type_id(2), 0);
}

/// On the noop backend every submission completes at once, and `queue.submit` already
/// observes it, so a removed slot is reusable right after the next submission. (Slots that
/// wait for a submission still running are covered by wgpu-core's unit tests of the slot
/// state machine, and on the GPU by the Vulkan tests.)
#[test]
fn removed_slot_is_reusable_once_its_submission_completed() {
    let (device, queue) = sampling();
    let table = table(&device, 4);
    let s = sampler(&device);
    table.update(0, wgpu::BindingResource::Sampler(&s)).unwrap();
    submit_something(&device, &queue); // submission 1 may read slot 0
    table.remove(0).unwrap();
    poll(&device);
    table.update(0, wgpu::BindingResource::Sampler(&s)).unwrap();
    assert_eq!(table.insert(wgpu::BindingResource::Sampler(&s)), Ok(1));
}

#[test]
fn destroyed_table_refuses_everything() {
    let (device, _queue) = sampling();
    let table = table(&device, 4);
    let s = sampler(&device);
    table.update(0, wgpu::BindingResource::Sampler(&s)).unwrap();
    table.destroy();
    assert_eq!(
        table.update(1, wgpu::BindingResource::Sampler(&s)),
        Err(ResourceTableError::Destroyed)
    );
    assert_eq!(
        table.insert(wgpu::BindingResource::Sampler(&s)),
        Err(ResourceTableError::Destroyed)
    );
    assert_eq!(table.remove(0), Err(ResourceTableError::Destroyed));
    table.destroy(); // twice is fine
}

fn binding_error(device: &wgpu::Device, f: impl FnOnce() -> Result<(), ResourceTableError>) -> wgpu::Error {
    let (result, error) = validation_error(device, f);
    assert_eq!(result, Ok(()), "binding errors go to the error sink, not to the caller");
    error.expect("a validation error")
}

#[test]
fn sampled_textures_need_texture_binding_usage() {
    let (device, _queue) = sampling();
    let table = table(&device, 4);
    let (_t, attachment) = texture_view(&device, wgpu::TextureUsages::RENDER_ATTACHMENT);
    let error = binding_error(&device, || {
        table.update(0, wgpu::BindingResource::TextureView(&attachment))
    });
    assert!(
        matches!(
            find_source::<ResourceTableBindingError>(&error),
            Some(ResourceTableBindingError::MissingTextureUsage(_, actual, expected))
                if *actual == wgpu::TextureUsages::RENDER_ATTACHMENT && *expected == wgpu::TextureUsages::TEXTURE_BINDING
        ),
        "{error:?}"
    );
    // The slot was taken all the same (the proposal reserves it before validating).
    let (_t2, sampled) = texture_view(&device, wgpu::TextureUsages::TEXTURE_BINDING);
    assert_eq!(
        table.update(0, wgpu::BindingResource::TextureView(&sampled)),
        Err(ResourceTableError::InUse { slot: 0 })
    );
    let (result, error) = validation_error(&device, || {
        table.update(1, wgpu::BindingResource::TextureView(&sampled))
    });
    assert_eq!((result, error.is_none()), (Ok(()), true));
}

#[test]
fn buffers_need_the_heterogeneous_table() {
    let (device, _queue) = sampling();
    let table = table(&device, 4);
    let buffer = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("storage"),
        size: 64,
        usage: wgpu::BufferUsages::STORAGE,
        mapped_at_creation: false,
    });
    let error = binding_error(&device, || table.update(0, buffer.as_entire_binding()));
    assert!(
        matches!(
            find_source::<ResourceTableBindingError>(&error),
            Some(ResourceTableBindingError::MissingFeatures(m)) if m.0 == wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE
        ),
        "{error:?}"
    );
}

#[test]
fn heterogeneous_tables_hold_storage_buffers_but_never_uniform_buffers() {
    let (device, _queue) = heterogeneous();
    let table = table(&device, 4);
    let storage = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("storage"),
        size: 64,
        usage: wgpu::BufferUsages::STORAGE,
        mapped_at_creation: false,
    });
    let (result, error) = validation_error(&device, || table.insert(storage.as_entire_binding()));
    assert_eq!((result, error.is_none()), (Ok(0), true));
    let uniform = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("uniform"),
        size: 64,
        usage: wgpu::BufferUsages::UNIFORM,
        mapped_at_creation: false,
    });
    let (result, error) = validation_error(&device, || table.insert(uniform.as_entire_binding()));
    assert_eq!(
        result,
        Ok(1),
        "the slot is returned even though the binding was refused"
    );
    let error = error.expect("a validation error");
    assert!(
        matches!(
            find_source::<ResourceTableBindingError>(&error),
            Some(ResourceTableBindingError::NotAStorageBuffer(_, usage)) if *usage == wgpu::BufferUsages::UNIFORM
        ),
        "{error:?}"
    );
    // Storage textures too.
    let (_t, storage_view) = texture_view(&device, wgpu::TextureUsages::STORAGE_BINDING);
    let (result, error) = validation_error(&device, || {
        table.insert(wgpu::BindingResource::TextureView(&storage_view))
    });
    assert_eq!((result, error.is_none()), (Ok(2), true));
}

#[test]
fn destroyed_resources_and_arrays_are_refused() {
    let (device, _queue) = sampling();
    let table = table(&device, 4);
    let (texture, view) = texture_view(&device, wgpu::TextureUsages::TEXTURE_BINDING);
    texture.destroy();
    let error = binding_error(&device, || table.update(0, wgpu::BindingResource::TextureView(&view)));
    assert!(
        matches!(
            find_source::<ResourceTableBindingError>(&error),
            Some(ResourceTableBindingError::DestroyedResource(_))
        ),
        "{error:?}"
    );
    let (_t, ok_view) = texture_view(&device, wgpu::TextureUsages::TEXTURE_BINDING);
    let error = binding_error(&device, || {
        table.update(1, wgpu::BindingResource::TextureViewArray(&[&ok_view]))
    });
    assert!(
        matches!(
            find_source::<ResourceTableBindingError>(&error),
            Some(ResourceTableBindingError::Unsupported(
                TableResourceKind::TextureViewArray
            ))
        ),
        "{error:?}"
    );
}

/// A lost device never panics and keeps the content-timeline rules: creating a table gives
/// an invalid one, and an existing table still answers slot operations.
#[test]
fn device_loss_leaves_tables_usable_without_panics() {
    let (device, _queue) = sampling();
    let existing = table(&device, 4);
    let s = sampler(&device);
    device.destroy();
    let (created, _error) = validation_error(&device, || {
        device.create_pinned_resource_table(&ResourceTableDescriptor { label: None, size: 4 })
    });
    // Invalid (the device is lost): the slot is taken all the same, and the invalid table
    // reported like other calls on a lost device.
    let (result, _error) = validation_error(&device, || created.update(0, wgpu::BindingResource::Sampler(&s)));
    assert_eq!(result, Ok(()));
    assert_eq!(
        created.update(0, wgpu::BindingResource::Sampler(&s)),
        Err(ResourceTableError::InUse { slot: 0 })
    );
    assert_eq!(existing.insert(wgpu::BindingResource::Sampler(&s)), Ok(0));
    assert_eq!(existing.remove(0), Ok(()));
    existing.destroy();
    assert_eq!(existing.remove(0), Err(ResourceTableError::Destroyed));
}

/// `update_range` checks each binding as `update` does: on a sampling-only device a buffer is
/// refused for the missing feature; on a heterogeneous one a range past the buffer's end is
/// refused with its exact offset and size. Each refused binding still takes its slot.
#[test]
fn update_range_checks_buffers_like_update() {
    let collect = |device: &wgpu::Device| {
        let errors = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let sink = errors.clone();
        device.on_uncaptured_error(std::sync::Arc::new(move |e| sink.lock().unwrap().push(e)));
        errors
    };
    let storage = |device: &wgpu::Device| {
        device.create_buffer(&wgpu::BufferDescriptor {
            label: None,
            size: 64,
            usage: wgpu::BufferUsages::STORAGE,
            mapped_at_creation: false,
        })
    };
    let (device, _queue) = sampling();
    let errors = collect(&device);
    let (table, s, buffer) = (table(&device, 4), sampler(&device), storage(&device));
    let resources = [wgpu::BindingResource::Sampler(&s), buffer.as_entire_binding()];
    assert_eq!(table.update_range(0, &resources), Ok(()));
    let errors = std::mem::take(&mut *errors.lock().unwrap());
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert!(
        matches!(
            find_source::<ResourceTableBindingError>(&errors[0]),
            Some(ResourceTableBindingError::MissingFeatures(m)) if m.0 == wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE
        ),
        "{:?}",
        errors[0]
    );
    assert_eq!(
        table.update(1, wgpu::BindingResource::Sampler(&s)),
        Err(ResourceTableError::InUse { slot: 1 })
    );

    let (device, _queue) = heterogeneous();
    let errors = collect(&device);
    let (table, buffer) = (self::table(&device, 4), storage(&device));
    let past_the_end = wgpu::BindingResource::Buffer(wgpu::BufferBinding {
        buffer: &buffer,
        offset: 256,
        size: wgpu::BufferSize::new(4),
    });
    assert_eq!(
        table.update_range(2, &[buffer.as_entire_binding(), past_the_end]),
        Ok(())
    );
    let errors = std::mem::take(&mut *errors.lock().unwrap());
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert!(
        matches!(
            find_source::<ResourceTableBindingError>(&errors[0]),
            Some(ResourceTableBindingError::BufferRange {
                offset: 256,
                size: Some(4),
                buffer_size: 64,
                ..
            })
        ),
        "{:?}",
        errors[0]
    );
    assert_eq!(
        table.update(3, buffer.as_entire_binding()),
        Err(ResourceTableError::InUse { slot: 3 })
    );
}

/// Two threads fill and empty disjoint ranges of one table at once, one with `update_range`,
/// the other with `update` and `remove`: every slot ends as its thread left it.
#[test]
fn update_range_and_updates_on_two_threads() {
    let (device, _queue) = sampling();
    let table = table(&device, 2048);
    let s = sampler(&device);
    std::thread::scope(|scope| {
        scope.spawn(|| {
            for first in (0..1024).step_by(64) {
                table
                    .update_range(first, &vec![wgpu::BindingResource::Sampler(&s); 64])
                    .unwrap();
            }
        });
        scope.spawn(|| {
            for slot in 1024..2048 {
                table.update(slot, wgpu::BindingResource::Sampler(&s)).unwrap();
                if slot % 2 == 1 {
                    table.remove(slot).unwrap();
                }
            }
        });
    });
    let id = table.slot_type_id(0);
    assert_ne!(id, 0);
    let got: Vec<u32> = (0..2048).map(|slot| table.slot_type_id(slot)).collect();
    let expected: Vec<u32> = (0..2048)
        .map(|slot| if slot >= 1024 && slot % 2 == 1 { 0 } else { id })
        .collect();
    assert_eq!(got, expected);
}

/// `update_range` holds the device's snatch lock (read) and then the table's state for its
/// whole range; `destroy()` of a texture takes the snatch lock to write, and, once it has
/// released it, the table's state to rewrite the texture's slots. Both threads start
/// together, on the same textures: neither may block the other for good, and every slot ends
/// taken (a view destroyed before its slot was bound is a binding error, its slot still
/// taken).
#[test]
fn update_range_beside_destroys_of_its_textures() {
    let (device, _queue) = sampling();
    // Views destroyed first are binding errors, reported here.
    device.on_uncaptured_error(std::sync::Arc::new(|_| {}));
    let table = table(&device, 4096);
    let textures: Vec<_> = (0..256)
        .map(|_| {
            let (texture, view) = texture_view(&device, wgpu::TextureUsages::TEXTURE_BINDING);
            texture.pin(wgpu::PinnedUsage::Sampled);
            (texture, view)
        })
        .collect();
    let views: Vec<_> = textures
        .iter()
        .map(|(_, view)| wgpu::BindingResource::TextureView(view))
        .collect();
    let start = std::sync::Barrier::new(2);
    std::thread::scope(|scope| {
        scope.spawn(|| {
            start.wait();
            for first in (0..4096).step_by(256) {
                table.update_range(first, &views).unwrap();
            }
        });
        scope.spawn(|| {
            start.wait();
            for (texture, _) in &textures {
                texture.destroy();
            }
        });
    });
    let s = sampler(&device);
    for slot in 0..4096 {
        assert_eq!(
            table.update(slot, wgpu::BindingResource::Sampler(&s)),
            Err(ResourceTableError::InUse { slot })
        );
    }
}

/// Tables are counted in a report of their own beside `Instance::generate_report` (whose
/// `HubReport` has no field for them): made, kept while the program holds them, released
/// when it drops them, destroyed or not.
#[test]
fn the_instance_reports_its_tables() {
    let mut desc = wgpu::InstanceDescriptor::new_without_display_handle();
    desc.backends = wgpu::Backends::NOOP;
    desc.backend_options.noop = wgpu::NoopBackendOptions::enabled();
    let instance = wgpu::Instance::new(desc);
    let adapter = pollster::block_on(instance.request_adapter(&Default::default())).unwrap();
    let (device, _queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
        required_features: wgpu::Features::SAMPLING_RESOURCE_TABLE,
        ..Default::default()
    }))
    .unwrap();
    let kept = |instance: &wgpu::Instance| {
        let report = instance.generate_resource_table_report().expect("a wgpu-core instance");
        (
            report.num_allocated,
            report.num_kept_from_user,
            report.num_released_from_user,
        )
    };
    assert_eq!(kept(&instance), (0, 0, 0));
    let first = table(&device, 4);
    let second = table(&device, 8);
    assert_eq!(kept(&instance), (2, 2, 0));
    second.destroy();
    assert_eq!(kept(&instance), (2, 2, 0));
    drop(second);
    assert_eq!(kept(&instance), (1, 1, 1));
    drop(first);
    assert_eq!(kept(&instance), (0, 0, 2));
}
