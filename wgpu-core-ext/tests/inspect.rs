//! `ResourceTable::inspect_slot`: what a slot holds and why a shader reads its default, for
//! the silent failures a first program meets (a forgotten pin, a shader type that does not
//! match the view, a texture dropped while the table holds it) and every other reason,
//! asserting the reports' exact fields and texts. Noop backend.

use hal_ext::harness::noop_device;
use wgpu::{
    ResourceTableBinding, ResourceTableDescriptor, ResourceTableError, ResourceTableUsage, ScopeConflict, SlotHidden,
    SlotUsage,
};

fn device(features: wgpu::Features) -> (wgpu::Device, wgpu::Queue) {
    noop_device(features, wgpu::Limits::default())
}

fn texture(device: &wgpu::Device, label: &str, usage: wgpu::TextureUsages) -> wgpu::Texture {
    device.create_texture(&wgpu::TextureDescriptor {
        label: Some(label),
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
    })
}

fn view(texture: &wgpu::Texture) -> wgpu::TextureView {
    texture.create_view(&wgpu::TextureViewDescriptor {
        label: Some("albedo view"),
        ..Default::default()
    })
}

fn albedo_binding(usage: SlotUsage) -> Option<ResourceTableBinding> {
    Some(ResourceTableBinding::Texture {
        label: "albedo".into(),
        view_label: "albedo view".into(),
        format: wgpu::TextureFormat::Rgba8Unorm,
        dimension: wgpu::TextureViewDimension::D2,
        sample_count: 1,
        mip_level_count: 1,
        usage,
        filterable: true,
    })
}

#[test]
fn a_shader_type_that_does_not_match_the_view_is_named() {
    let (device, _queue) = device(wgpu::Features::SAMPLING_RESOURCE_TABLE);
    let table = device.create_resource_table(&ResourceTableDescriptor {
        label: Some("materials"),
        size: 64,
    });
    let albedo = texture(&device, "albedo", wgpu::TextureUsages::TEXTURE_BINDING);
    let slot = table
        .insert(wgpu::BindingResource::TextureView(&view(&albedo)))
        .unwrap();
    let report = table.inspect_slot(slot).unwrap();
    assert_eq!(report.slot, 0);
    assert_eq!(
        report.binding,
        albedo_binding(SlotUsage::table(ResourceTableUsage::ReadOnly, None))
    );
    assert_eq!(report.visible_as, ["texture_2d<f32>"]);
    assert_eq!(report.hidden, None);
    assert_eq!(report.hidden_in, Some(ScopeConflict::Writes));
    assert_eq!(
        report.explain("texture_2d<u32>"),
        "slot 0 holds texture 'albedo' (Rgba8Unorm, D2, usage ReadOnly), which reads as \
         `texture_2d<f32>`, not as `texture_2d<u32>`: the type must match the view"
    );
    assert_eq!(
        report.explain("texture_2d< f32 >"),
        "slot 0 holds texture 'albedo' (Rgba8Unorm, D2, usage ReadOnly), which `texture_2d< f32 >` \
         reads (except in a dispatch or render pass that writes it)"
    );
    assert_eq!(
        report.to_string(),
        "slot 0 holds texture 'albedo' (Rgba8Unorm, D2, usage ReadOnly), read as \
         `texture_2d<f32>` except in a dispatch or render pass that writes it"
    );
}

#[test]
fn a_forgotten_pin_is_named() {
    let (device, queue) = device(wgpu::Features::SAMPLING_RESOURCE_TABLE);
    let table = device.create_pinned_resource_table(&ResourceTableDescriptor {
        label: Some("materials"),
        size: 64,
    });
    let albedo = texture(&device, "albedo", wgpu::TextureUsages::TEXTURE_BINDING);
    table
        .update(9, wgpu::BindingResource::TextureView(&view(&albedo)))
        .unwrap();
    let report = table.inspect_slot(9).unwrap();
    assert_eq!(report.binding, albedo_binding(SlotUsage::Pin(None)));
    assert_eq!(report.visible_as, Vec::<String>::new());
    assert_eq!(report.hidden, Some(SlotHidden::NotPinned));
    assert_eq!(report.hidden_in, None);
    assert_eq!(
        report.explain("texture_2d<f32>"),
        "slot 9 holds texture 'albedo' (Rgba8Unorm, D2, not pinned), which no type reads: it is \
         not pinned (`pin` it: the table is of the pinning model)"
    );
    albedo.pin(wgpu::PinnedUsage::Sampled);
    queue.submit([]);
    let report = table.inspect_slot(9).unwrap();
    assert_eq!(
        report.binding,
        albedo_binding(SlotUsage::Pin(Some(wgpu::PinnedUsage::Sampled)))
    );
    assert_eq!(report.visible_as, ["texture_2d<f32>"]);
    // Pinned tables check uses at submit instead of hiding.
    assert_eq!(report.hidden_in, None);
}

#[test]
fn a_texture_dropped_while_the_table_holds_it_is_still_there() {
    let (device, _queue) = device(wgpu::Features::SAMPLING_RESOURCE_TABLE);
    let table = device.create_resource_table(&ResourceTableDescriptor { label: None, size: 4 });
    let albedo = texture(&device, "albedo", wgpu::TextureUsages::TEXTURE_BINDING);
    table
        .update(2, wgpu::BindingResource::TextureView(&view(&albedo)))
        .unwrap();
    drop(albedo);
    let report = table.inspect_slot(2).unwrap();
    assert_eq!(
        report.to_string(),
        "slot 2 holds texture 'albedo' (Rgba8Unorm, D2, usage ReadOnly), read as \
         `texture_2d<f32>` except in a dispatch or render pass that writes it"
    );
    // `destroy` (or `remove`) is what takes it out of shaders' reach.
    let albedo = texture(&device, "albedo", wgpu::TextureUsages::TEXTURE_BINDING);
    table
        .update(3, wgpu::BindingResource::TextureView(&view(&albedo)))
        .unwrap();
    albedo.destroy();
    let report = table.inspect_slot(3).unwrap();
    assert_eq!(report.hidden, Some(SlotHidden::Destroyed));
    assert_eq!(
        report.to_string(),
        "slot 3 holds texture 'albedo' (Rgba8Unorm, D2, usage ReadOnly), which no type reads: \
         it was destroyed"
    );
}

#[test]
fn usages_decide_the_types_and_the_scopes() {
    let (device, _queue) = device(wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE);
    let table = device.create_resource_table(&ResourceTableDescriptor { label: None, size: 8 });
    let sampled = texture(&device, "sampled", wgpu::TextureUsages::TEXTURE_BINDING);
    let storage = texture(
        &device,
        "storage",
        wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::STORAGE_BINDING,
    );
    table
        .update(
            0,
            wgpu::BindingResource::TextureView(&sampled.create_view(&Default::default())),
        )
        .unwrap();
    table
        .update(
            1,
            wgpu::BindingResource::TextureView(&storage.create_view(&Default::default())),
        )
        .unwrap();

    table.set_resource_usage(&sampled, ResourceTableUsage::None);
    let report = table.inspect_slot(0).unwrap();
    assert_eq!(report.hidden, Some(SlotHidden::UsageNone));
    assert_eq!(
        report.explain("texture_2d<f32>"),
        "slot 0 holds texture 'sampled' (Rgba8Unorm, D2, usage None), which no type reads: its \
         usage in the table is `None`"
    );
    // `Writable` shows storage access only: a texture without `STORAGE_BINDING` is no type.
    table.set_resource_usage(&sampled, ResourceTableUsage::Writable);
    assert_eq!(table.inspect_slot(0).unwrap().hidden, Some(SlotHidden::NoType));

    table.set_resource_usage(&storage, ResourceTableUsage::Writable);
    let report = table.inspect_slot(1).unwrap();
    assert_eq!(
        report.visible_as,
        ["texture_storage_2d<f32, read>", "texture_storage_2d<f32, read_write>"]
    );
    assert_eq!(report.hidden_in, Some(ScopeConflict::UsesOtherThanWritableStorage));
    assert!(report.explain("texture_storage_2d<f32, write>").ends_with(
        "which `texture_storage_2d<f32, write>` reads (except in a dispatch or render pass that \
         uses it other than as writable storage)"
    ));

    let sampler = device.create_sampler(&wgpu::SamplerDescriptor {
        label: Some("linear"),
        ..Default::default()
    });
    table.update(2, wgpu::BindingResource::Sampler(&sampler)).unwrap();
    let report = table.inspect_slot(2).unwrap();
    assert_eq!(report.visible_as, ["sampler"]);
    assert_eq!(report.hidden_in, None);
    assert_eq!(report.to_string(), "slot 2 holds sampler 'linear', read as `sampler`");
}

#[test]
fn buffers_show_their_range_and_hide_while_mapped_at_creation() {
    let (device, _queue) = device(wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE);
    let table = device.create_resource_table(&ResourceTableDescriptor { label: None, size: 8 });
    let particles = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("particles"),
        size: 1024,
        usage: wgpu::BufferUsages::STORAGE,
        mapped_at_creation: true,
    });
    table
        .update(
            4,
            wgpu::BindingResource::Buffer(wgpu::BufferBinding {
                buffer: &particles,
                offset: 256,
                size: None,
            }),
        )
        .unwrap();
    assert_eq!(table.inspect_slot(4).unwrap().hidden, Some(SlotHidden::Mapped));
    particles.unmap();
    let report = table.inspect_slot(4).unwrap();
    assert_eq!(
        report.binding,
        Some(ResourceTableBinding::Buffer {
            label: "particles".into(),
            offset: 256,
            size: 768,
            usage: SlotUsage::table(ResourceTableUsage::ReadOnly, None),
        })
    );
    assert_eq!(report.visible_as, ["ptr<storage, S, read>"]);
    let head = "slot 4 holds buffer 'particles' (bytes 256..1024, usage ReadOnly)";
    assert_eq!(
        report.explain("ptr<storage, Particles, read>"),
        format!(
            "{head}, which `ptr<storage, Particles, read>` reads (except in a dispatch or render \
             pass that writes it; if `S` takes at most 768 bytes)"
        )
    );
    // The access defaults to `read`.
    assert!(report
        .explain("ptr<storage, Particles>")
        .contains("which `ptr<storage, Particles>` reads"));
    assert_eq!(
        report.explain("ptr<storage, Particles, read_write>"),
        format!(
            "{head}, which reads as `ptr<storage, S, read>`, not as `ptr<storage, Particles, \
             read_write>`: writing needs the usage `Writable` (`set_resource_usage`)"
        )
    );
    // Only a struct is a table's storage type.
    assert_eq!(
        report.explain("ptr<storage, array<u32>, read>"),
        format!(
            "{head}, which reads as `ptr<storage, S, read>`, not as `ptr<storage, array<u32>, \
             read>`: a buffer reads as a pointer to a struct in storage"
        )
    );
}

#[test]
fn a_refused_binding_an_overstepped_pin_and_an_unfilterable_format() {
    let (device, _queue) = device(wgpu::Features::SAMPLING_RESOURCE_TABLE);
    let table = device.create_resource_table(&ResourceTableDescriptor { label: None, size: 8 });
    // A storage buffer in a sampling-only table: the slot is taken, the binding refused.
    let buffer = device.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size: 64,
        usage: wgpu::BufferUsages::STORAGE,
        mapped_at_creation: false,
    });
    let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
    assert_eq!(table.insert(buffer.as_entire_binding()), Ok(0));
    assert!(pollster::block_on(scope.pop()).is_some());
    let report = table.inspect_slot(0).unwrap();
    assert_eq!(
        (report.binding.clone(), report.hidden),
        (None, Some(SlotHidden::Refused))
    );
    assert_eq!(
        report.explain("ptr<storage, S, read>"),
        "slot 0 is empty (its last `update` or `insert` failed validation, see the error \
         handler; `remove` it to fill it again): `ptr<storage, S, read>` reads the default"
    );

    // Pinned `Sampled`, but of usage `Writable` in the table: the pin wins. (In this
    // sampling-only table `Writable` would show no type even unpinned: `NoType`.)
    let storage = texture(
        &device,
        "albedo",
        wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::STORAGE_BINDING,
    );
    storage.pin(wgpu::PinnedUsage::Sampled);
    table
        .update(1, wgpu::BindingResource::TextureView(&view(&storage)))
        .unwrap();
    assert_eq!(table.inspect_slot(1).unwrap().visible_as, ["texture_2d<f32>"]);
    table.set_resource_usage(&storage, ResourceTableUsage::Writable);
    assert_eq!(table.inspect_slot(1).unwrap().hidden, Some(SlotHidden::NoType));
    let (hdevice, _hqueue) = noop_device(wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE, wgpu::Limits::default());
    let htable = hdevice.create_resource_table(&ResourceTableDescriptor { label: None, size: 8 });
    let storage = texture(
        &hdevice,
        "albedo",
        wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::STORAGE_BINDING,
    );
    storage.pin(wgpu::PinnedUsage::Sampled);
    htable
        .update(1, wgpu::BindingResource::TextureView(&view(&storage)))
        .unwrap();
    htable.set_resource_usage(&storage, ResourceTableUsage::Writable);
    let report = htable.inspect_slot(1).unwrap();
    assert_eq!(report.hidden, Some(SlotHidden::PinConflict));
    assert_eq!(
        report.to_string(),
        "slot 1 holds texture 'albedo' (Rgba8Unorm, D2, usage Writable, pinned Sampled), which \
         no type reads: it is pinned, and its usage in the table would show it otherwise than \
         its pin allows"
    );

    // `R32Float` without `FLOAT32_FILTERABLE`: visible, but not to a filtering sampler.
    let depth_like = device.create_texture(&wgpu::TextureDescriptor {
        label: Some("heights"),
        size: wgpu::Extent3d::default(),
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: wgpu::TextureFormat::R32Float,
        usage: wgpu::TextureUsages::TEXTURE_BINDING,
        view_formats: &[],
    });
    table
        .update(
            2,
            wgpu::BindingResource::TextureView(&depth_like.create_view(&Default::default())),
        )
        .unwrap();
    assert_eq!(
        table.inspect_slot(2).unwrap().explain("texture_2d<f32>"),
        "slot 2 holds texture 'heights' (R32Float, D2, unfilterable, usage ReadOnly), which \
         `texture_2d<f32>` reads (except in a dispatch or render pass that writes it; not with a \
         filtering sampler: its format is unfilterable-float)"
    );
    let sampler = device.create_sampler(&Default::default());
    table.update(3, wgpu::BindingResource::Sampler(&sampler)).unwrap();
    assert_eq!(
        table.inspect_slot(3).unwrap().explain("texture_2d<f32>"),
        "slot 3 holds sampler (no label), which reads as `sampler`, not as `texture_2d<f32>`: a \
         sampler reads as `sampler` or `sampler_comparison`, as it was created"
    );
}

#[test]
fn empty_and_out_of_range_slots() {
    let (device, queue) = device(wgpu::Features::SAMPLING_RESOURCE_TABLE);
    let table = device.create_resource_table(&ResourceTableDescriptor { label: None, size: 4 });
    let report = table.inspect_slot(1).unwrap();
    assert_eq!((report.binding.clone(), report.hidden), (None, Some(SlotHidden::Empty)));
    assert_eq!(
        report.explain("sampler"),
        "slot 1 is empty: `sampler` reads the default"
    );
    let sampler = device.create_sampler(&Default::default());
    table.update(1, wgpu::BindingResource::Sampler(&sampler)).unwrap();
    queue.submit([]);
    table.remove(1).unwrap();
    // On noop a submission has completed when `submit` returns: the slot is free at once
    // (`gpu_tables`' slot lifecycle test sees one removed while its submission runs).
    assert_eq!(table.inspect_slot(1).unwrap().hidden, Some(SlotHidden::Empty));

    assert_eq!(
        table.inspect_slot(4),
        Err(ResourceTableError::OutOfRange { slot: 4, size: 4 })
    );
    table.destroy();
    assert_eq!(table.inspect_slot(0), Err(ResourceTableError::Destroyed));
}

/// A noop device of an instance with `flags`.
fn device_with_flags(features: wgpu::Features, flags: wgpu::InstanceFlags) -> (wgpu::Device, wgpu::Queue) {
    let adapter = hal_ext::harness::noop_adapter_with_flags(flags);
    pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
        required_features: features,
        ..Default::default()
    }))
    .unwrap()
}

/// The warnings of `wgpu_core::resource_table`, recorded (one logger per test process:
/// nextest runs each test in its own).
struct TableLog(std::sync::Mutex<Vec<String>>);

impl log::Log for TableLog {
    fn enabled(&self, meta: &log::Metadata) -> bool {
        meta.target() == "wgpu_core::resource_table"
    }

    fn log(&self, record: &log::Record) {
        if self.enabled(record.metadata()) {
            self.0.lock().unwrap().push(record.args().to_string());
        }
    }

    fn flush(&self) {}
}

impl TableLog {
    fn take(&self) -> Vec<String> {
        std::mem::take(&mut *self.0.lock().unwrap())
    }
}

#[test]
fn dropping_what_a_table_holds_is_told_under_the_diagnostics_flag() {
    static LOG: TableLog = TableLog(std::sync::Mutex::new(Vec::new()));
    log::set_logger(&LOG).unwrap();
    log::set_max_level(log::LevelFilter::Warn);
    let log = &LOG;
    for diagnostics in [false, true] {
        let mut flags = wgpu::InstanceFlags::debugging();
        flags.set(wgpu::InstanceFlags::RESOURCE_TABLE_DIAGNOSTICS, diagnostics);
        let (device, _queue) = device_with_flags(wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE, flags);
        let materials = device.create_resource_table(&ResourceTableDescriptor {
            label: Some("materials"),
            size: 8,
        });
        let shadows = device.create_resource_table(&ResourceTableDescriptor { label: None, size: 8 });
        let albedo = texture(&device, "albedo", wgpu::TextureUsages::TEXTURE_BINDING);
        let albedo_view = view(&albedo);
        materials
            .update(2, wgpu::BindingResource::TextureView(&albedo_view))
            .unwrap();
        materials
            .update(5, wgpu::BindingResource::TextureView(&albedo_view))
            .unwrap();
        shadows
            .update(0, wgpu::BindingResource::TextureView(&albedo_view))
            .unwrap();
        let particles = device.create_buffer(&wgpu::BufferDescriptor {
            label: None,
            size: 64,
            usage: wgpu::BufferUsages::STORAGE,
            mapped_at_creation: false,
        });
        materials.update(7, particles.as_entire_binding()).unwrap();
        // Not in a table: nothing to tell.
        let loose = texture(&device, "loose", wgpu::TextureUsages::TEXTURE_BINDING);
        log.take();
        // The program's last handles: the texture's views hold it too.
        drop((albedo, albedo_view, particles, loose));
        let told = log.take();
        if diagnostics {
            // Destroyed, then dropped: its slots read the default already, nothing to tell.
            let gone = texture(&device, "gone", wgpu::TextureUsages::TEXTURE_BINDING);
            materials
                .update(6, wgpu::BindingResource::TextureView(&view(&gone)))
                .unwrap();
            gone.destroy();
            drop(gone);
            assert_eq!(log.take(), Vec::<String>::new());
        }
        if !diagnostics {
            assert_eq!(told, Vec::<String>::new());
            continue;
        }
        assert_eq!(
            told,
            [
                "texture 'albedo' was dropped, but table 'materials' holds it in slots 2, 5, and table \
                 (no label) holds it in slot 0: shaders keep reading it until its slots are removed or \
                 the table is destroyed",
                "buffer (no label) was dropped, but table 'materials' holds it in slot 7: shaders keep \
                 reading it until its slots are removed or the table is destroyed",
            ]
        );
    }
}

#[test]
fn explain_gives_advice_that_helps() {
    let (device, _queue) = device(wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE);
    let table = device.create_resource_table(&ResourceTableDescriptor { label: None, size: 8 });
    // A buffer pinned `StorageRead`, of usage `ReadOnly`: writing needs both changed.
    let buffer = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("particles"),
        size: 64,
        usage: wgpu::BufferUsages::STORAGE,
        mapped_at_creation: false,
    });
    buffer.pin(wgpu::PinnedUsage::StorageRead);
    table.update(0, buffer.as_entire_binding()).unwrap();
    assert!(
        table
            .inspect_slot(0)
            .unwrap()
            .explain("ptr<storage, P, read_write>")
            .ends_with(
                "writing needs the usage `Writable` (`set_resource_usage`) and the pin `StorageReadWrite` \
             (or `unpin` it)"
            ),
        "{}",
        table.inspect_slot(0).unwrap().explain("ptr<storage, P, read_write>")
    );
    // An empty or invalid pointee is not a table type.
    assert!(table
        .inspect_slot(0)
        .unwrap()
        .explain("ptr<storage,>")
        .ends_with("a buffer reads as a pointer to a struct in storage"));

    // Pinned `Sampled`, usage `Writable`, no `STORAGE_BINDING`: no type even without the pin.
    let sampled = texture(&device, "sampled", wgpu::TextureUsages::TEXTURE_BINDING);
    sampled.pin(wgpu::PinnedUsage::Sampled);
    table
        .update(1, wgpu::BindingResource::TextureView(&view(&sampled)))
        .unwrap();
    table.set_resource_usage(&sampled, ResourceTableUsage::Writable);
    assert_eq!(table.inspect_slot(1).unwrap().hidden, Some(SlotHidden::NoType));

    // A storage texture declared with a format instead of a texel type.
    let storage = texture(
        &device,
        "storage",
        wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::STORAGE_BINDING,
    );
    table
        .update(2, wgpu::BindingResource::TextureView(&view(&storage)))
        .unwrap();
    table.set_resource_usage(&storage, ResourceTableUsage::Writable);
    assert!(table
        .inspect_slot(2)
        .unwrap()
        .explain("texture_storage_2d<rgba8unorm, write>")
        .ends_with(
            "a table's storage textures are declared with a texel type (`f32`, `i32`, `u32`), not a \
             format"
        ));
}

#[test]
fn a_texture_of_several_mips_and_layers() {
    let (device, _queue) = device(wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE);
    let table = device.create_resource_table(&ResourceTableDescriptor { label: None, size: 8 });
    let texture = device.create_texture(&wgpu::TextureDescriptor {
        label: Some("atlas"),
        size: wgpu::Extent3d {
            width: 8,
            height: 8,
            depth_or_array_layers: 2,
        },
        mip_level_count: 3,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: wgpu::TextureFormat::Rgba8Unorm,
        usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::STORAGE_BINDING,
        view_formats: &[],
    });
    let all = texture.create_view(&Default::default());
    let one_mip = texture.create_view(&wgpu::TextureViewDescriptor {
        base_mip_level: 1,
        mip_level_count: Some(1),
        ..Default::default()
    });
    table.update(0, wgpu::BindingResource::TextureView(&all)).unwrap();
    table.update(1, wgpu::BindingResource::TextureView(&one_mip)).unwrap();
    let report = table.inspect_slot(0).unwrap();
    assert_eq!(report.visible_as, ["texture_2d_array<f32>"]);
    assert!(
        matches!(
            report.binding,
            Some(ResourceTableBinding::Texture { mip_level_count: 3, .. })
        ),
        "{:?}",
        report.binding
    );
    // Storage access reaches one mip level: the view of three is no storage texture.
    table.set_resource_usage(&texture, ResourceTableUsage::Writable);
    assert_eq!(table.inspect_slot(0).unwrap().hidden, Some(SlotHidden::NoType));
    assert_eq!(
        table.inspect_slot(1).unwrap().visible_as,
        [
            "texture_storage_2d_array<f32, read>",
            "texture_storage_2d_array<f32, read_write>"
        ]
    );
}
