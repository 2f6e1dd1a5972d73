//! The automatic model's table usages (noop backend): which types a slot is visible as with no
//! pin at all, as `setResourceUsage` (device timeline) changes them, per table and per
//! resource. The numbers are type ids of the resource-table ABI (docs/src/wgsl.md), as in
//! `pinning.rs`. What usage scopes hide is not built yet: these tests read the slots'
//! visibility outside any scope, and the states command buffers leave members in.

use hal_ext::harness::{find_source, noop_device, validation_error};
use wgpu::{PinnedUsage, ResourceTableUsage as Usage};
use wgpu_core::resource_table::ResourceTableUseError;

const TEXTURE_2D_F32: u32 = 2;
const STORAGE_2D_F32_READ: u32 = 36;
const STORAGE_2D_F32_READ_WRITE: u32 = 37;
const SAMPLER: u32 = 27;

fn storage_buffer(writable: bool) -> u32 {
    naga::resource_table::TypeId::storage_buffer(writable).0
}

fn device(features: wgpu::Features) -> (wgpu::Device, wgpu::Queue) {
    noop_device(features, wgpu::Limits::default())
}

fn automatic(device: &wgpu::Device, size: u32) -> wgpu::ResourceTable {
    let (table, error) = validation_error(device, || {
        device.create_resource_table(&wgpu::ResourceTableDescriptor {
            label: Some("automatic"),
            size,
        })
    });
    assert!(error.is_none(), "{error:?}");
    assert_eq!(table.model(), wgpu::ResourceTableModel::Automatic);
    table
}

fn texture(device: &wgpu::Device, format: wgpu::TextureFormat, usage: wgpu::TextureUsages) -> wgpu::Texture {
    hal_ext::harness::texture_2d(device, format, 4, 4, usage)
}

/// A 4×4 `Rgba8Unorm` texture to sample.
fn sampled_texture(device: &wgpu::Device) -> wgpu::Texture {
    texture(
        device,
        wgpu::TextureFormat::Rgba8Unorm,
        wgpu::TextureUsages::TEXTURE_BINDING,
    )
}

fn insert_view(table: &wgpu::ResourceTable, view: &wgpu::TextureView) -> u32 {
    table.insert(wgpu::BindingResource::TextureView(view)).unwrap()
}

/// Sets a usage and asserts the call was accepted.
fn set(device: &wgpu::Device, table: &wgpu::ResourceTable, resource: wgpu::ResourceTableMember<'_>, usage: Usage) {
    let ((), error) = validation_error(device, || table.set_resource_usage(resource, usage));
    assert!(error.is_none(), "{usage:?}: {error:?}");
}

fn use_error(device: &wgpu::Device, f: impl FnOnce()) -> (ResourceTableUseError, String) {
    let error = validation_error(device, f).1.expect("a validation error");
    let source = find_source::<ResourceTableUseError>(&error)
        .unwrap_or_else(|| panic!("not a ResourceTableUseError: {error:?}"))
        .clone();
    (source, error.to_string())
}

#[test]
fn a_sampled_texture_is_visible_without_a_pin_and_follows_its_usage() {
    let (device, _queue) = device(wgpu::Features::SAMPLING_RESOURCE_TABLE);
    let table = automatic(&device, 8);
    let albedo = sampled_texture(&device);
    let view = albedo.create_view(&Default::default());
    let slot = insert_view(&table, &view);
    assert_eq!(
        table.slot_type_id(slot),
        TEXTURE_2D_F32,
        "ReadOnly on first insertion: visible, no pin"
    );
    set(&device, &table, (&albedo).into(), Usage::None);
    assert_eq!(table.slot_type_id(slot), 0, "None hides it");
    set(&device, &table, (&albedo).into(), Usage::Writable);
    assert_eq!(table.slot_type_id(slot), 0, "Writable never shows a sampled texture");
    set(&device, &table, (&albedo).into(), Usage::ReadOnly);
    assert_eq!(table.slot_type_id(slot), TEXTURE_2D_F32);
    // Samplers have no usage: always visible.
    let sampler = device.create_sampler(&Default::default());
    let s = table.insert(wgpu::BindingResource::Sampler(&sampler)).unwrap();
    assert_eq!(table.slot_type_id(s), SAMPLER);
}

#[test]
fn each_model_reads_its_own_state_of_one_texture() {
    let (device, _queue) = device(wgpu::Features::SAMPLING_RESOURCE_TABLE);
    let table = automatic(&device, 4);
    let pinned = device.create_pinned_resource_table(&wgpu::ResourceTableDescriptor { label: None, size: 4 });
    let albedo = sampled_texture(&device);
    let view = albedo.create_view(&Default::default());
    let (a, p) = (insert_view(&table, &view), insert_view(&pinned, &view));
    assert_eq!((table.slot_type_id(a), pinned.slot_type_id(p)), (TEXTURE_2D_F32, 0));
    albedo.pin(PinnedUsage::Sampled);
    set(&device, &table, (&albedo).into(), Usage::None);
    assert_eq!(
        (table.slot_type_id(a), pinned.slot_type_id(p)),
        (0, TEXTURE_2D_F32),
        "each model reads its own state of one texture"
    );
}

/// A pinned texture or buffer rests in its pin's state, not in a table state: an automatic
/// table shows it only as that state allows (descriptors of another layout would be
/// undefined behaviour on a GPU that keeps layouts apart).
#[test]
fn an_automatic_table_shows_a_pinned_resource_only_as_its_pin_allows() {
    let (device, _queue) = device(wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE);
    let table = automatic(&device, 8);
    let both = texture(
        &device,
        wgpu::TextureFormat::R32Float,
        wgpu::TextureUsages::STORAGE_BINDING | wgpu::TextureUsages::TEXTURE_BINDING,
    );
    let view = both.create_view(&Default::default());
    let slot = insert_view(&table, &view);
    let buffer = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("particles"),
        size: 256,
        usage: wgpu::BufferUsages::STORAGE,
        mapped_at_creation: false,
    });
    let b = table.insert(buffer.as_entire_binding()).unwrap();
    let seen = |usage: Usage| {
        set(&device, &table, (&both).into(), usage);
        set(&device, &table, (&buffer).into(), usage);
        (table.slot_type_id(slot), table.slot_type_id(b))
    };
    both.pin(PinnedUsage::Sampled);
    buffer.pin(PinnedUsage::StorageRead);
    assert_eq!(
        seen(Usage::ReadOnly),
        (TEXTURE_2D_F32, storage_buffer(false)),
        "as pinned"
    );
    assert_eq!(seen(Usage::Writable), (0, 0), "pinned for reading: not writable");
    both.pin(PinnedUsage::StorageReadWrite);
    buffer.pin(PinnedUsage::StorageReadWrite);
    assert_eq!(
        seen(Usage::Writable),
        (STORAGE_2D_F32_READ_WRITE, storage_buffer(true)),
        "as pinned"
    );
    assert_eq!(
        seen(Usage::ReadOnly),
        (0, storage_buffer(false)),
        "a storage pin's state does not sample; a buffer's read-only storage needs no other"
    );
    both.unpin();
    buffer.unpin();
    assert_eq!(
        seen(Usage::ReadOnly),
        (TEXTURE_2D_F32, storage_buffer(false)),
        "members again"
    );
}

#[test]
fn a_usage_is_per_table_per_resource_for_every_view_and_outlives_removal() {
    let (device, _queue) = device(wgpu::Features::SAMPLING_RESOURCE_TABLE);
    let (t1, t2) = (automatic(&device, 8), automatic(&device, 8));
    let albedo = sampled_texture(&device);
    let other = sampled_texture(&device);
    let (v1, v2, vo) = (
        albedo.create_view(&Default::default()),
        albedo.create_view(&Default::default()),
        other.create_view(&Default::default()),
    );
    let (a1, a2, o) = (insert_view(&t1, &v1), insert_view(&t1, &v2), insert_view(&t1, &vo));
    let b = insert_view(&t2, &v1);
    set(&device, &t1, (&albedo).into(), Usage::None);
    assert_eq!(
        [
            t1.slot_type_id(a1),
            t1.slot_type_id(a2),
            t1.slot_type_id(o),
            t2.slot_type_id(b)
        ],
        [0, 0, TEXTURE_2D_F32, TEXTURE_2D_F32],
        "both views in t1 follow the texture's usage; the other texture and the other table do not"
    );
    // The usage belongs to the table's map, not to the slot: it stays through removal and
    // comes back with the next insertion (into a fresh slot: the removed one waits for no
    // submission here, none having been made).
    t1.remove(a1).unwrap();
    t1.remove(a2).unwrap();
    let again = insert_view(&t1, &v1);
    assert_eq!(t1.slot_type_id(again), 0, "still None after removal and insertion");
}

#[test]
fn storage_textures_and_buffers_follow_read_only_and_writable() {
    let (device, _queue) = device(wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE);
    let table = automatic(&device, 8);
    let storage_only = texture(
        &device,
        wgpu::TextureFormat::R32Float,
        wgpu::TextureUsages::STORAGE_BINDING,
    );
    let both = texture(
        &device,
        wgpu::TextureFormat::R32Float,
        wgpu::TextureUsages::STORAGE_BINDING | wgpu::TextureUsages::TEXTURE_BINDING,
    );
    let (vs, vb) = (
        storage_only.create_view(&Default::default()),
        both.create_view(&Default::default()),
    );
    let (s, d) = (insert_view(&table, &vs), insert_view(&table, &vb));
    assert_eq!(
        (table.slot_type_id(s), table.slot_type_id(d)),
        (STORAGE_2D_F32_READ, TEXTURE_2D_F32),
        "ReadOnly: a storage-only view reads as read-only storage, a sampling view samples"
    );
    set(&device, &table, (&storage_only).into(), Usage::Writable);
    set(&device, &table, (&both).into(), Usage::Writable);
    assert_eq!(
        (table.slot_type_id(s), table.slot_type_id(d)),
        (STORAGE_2D_F32_READ_WRITE, STORAGE_2D_F32_READ_WRITE),
        "Writable: storage of every access, the dual-usage texture's too"
    );

    let buffer = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("particles"),
        size: 256,
        usage: wgpu::BufferUsages::STORAGE,
        mapped_at_creation: false,
    });
    let slot = table.insert(buffer.as_entire_binding()).unwrap();
    // A buffer's word is its id (the size lives above `ID_BITS` in the metadata, not here).
    assert_eq!(table.slot_type_id(slot), storage_buffer(false));
    set(&device, &table, (&buffer).into(), Usage::Writable);
    assert_eq!(table.slot_type_id(slot), storage_buffer(true));
    set(&device, &table, (&buffer).into(), Usage::None);
    assert_eq!(table.slot_type_id(slot), 0);
}

#[test]
fn destroyed_and_mapped_resources_are_hidden() {
    let (device, _queue) = device(wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE);
    let table = automatic(&device, 4);
    let albedo = sampled_texture(&device);
    let view = albedo.create_view(&Default::default());
    let slot = insert_view(&table, &view);
    albedo.destroy();
    assert_eq!(table.slot_type_id(slot), 0, "isShaderVisible: destroyed → false");

    let buffer = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("mapped"),
        size: 256,
        usage: wgpu::BufferUsages::STORAGE,
        mapped_at_creation: true,
    });
    let slot = table.insert(buffer.as_entire_binding()).unwrap();
    assert_eq!(table.slot_type_id(slot), 0, "mapped: hidden");
    buffer.unmap();
    assert_eq!(table.slot_type_id(slot), storage_buffer(false));
}

#[test]
fn set_resource_usage_is_refused_with_a_clear_error() {
    let [(device, _queue), (other, _other_queue)] =
        hal_ext::harness::two_noop_devices(wgpu::Features::SAMPLING_RESOURCE_TABLE);
    let albedo = sampled_texture(&device);

    let pinned = device.create_pinned_resource_table(&wgpu::ResourceTableDescriptor {
        label: Some("pins"),
        size: 4,
    });
    let (error, text) = use_error(&device, || pinned.set_resource_usage(&albedo, Usage::None));
    assert!(matches!(error, ResourceTableUseError::PinnedTable { .. }), "{error:?}");
    assert!(
        text.contains(
            "ResourceTable with 'pins' label is a table of the pinning model, where pins decide \
             visibility: `set_resource_usage` needs a table of the automatic model"
        ),
        "{text}"
    );

    let foreign = sampled_texture(&other);
    let table = automatic(&device, 4);
    let (error, _) = use_error(&device, || table.set_resource_usage(&foreign, Usage::ReadOnly));
    assert!(
        matches!(
            error,
            ResourceTableUseError::Device(wgpu_core::device::DeviceError::DeviceMismatch(_))
        ),
        "{error:?}"
    );

    // An invalid texture (made with an error).
    let (invalid, _) = validation_error(&device, || {
        texture(&device, wgpu::TextureFormat::Rgba8Unorm, wgpu::TextureUsages::empty())
    });
    let (error, _) = use_error(&device, || table.set_resource_usage(&invalid, Usage::ReadOnly));
    assert!(matches!(error, ResourceTableUseError::InvalidResource(_)), "{error:?}");

    // An invalid table (made with an error: above the size limit).
    let max = device.max_resource_table_size();
    let (invalid_table, _) = validation_error(&device, || {
        device.create_resource_table(&wgpu::ResourceTableDescriptor {
            label: None,
            size: max + 1,
        })
    });
    let (error, _) = use_error(&device, || invalid_table.set_resource_usage(&albedo, Usage::None));
    assert!(matches!(error, ResourceTableUseError::InvalidTable(_)), "{error:?}");

    // None of the refused calls changed the usage of `albedo` in `table`.
    let view = albedo.create_view(&Default::default());
    let slot = insert_view(&table, &view);
    assert_eq!(table.slot_type_id(slot), TEXTURE_2D_F32);
}

/// A usage entry counts for the resource it was set for only: a texture freed after its usage
/// was set, whose tracker index a new texture takes, leaves the new one at `ReadOnly`.
#[test]
fn a_freed_resource_s_usage_does_not_pass_to_its_successor() {
    let (device, _queue) = device(wgpu::Features::SAMPLING_RESOURCE_TABLE);
    let table = automatic(&device, 8);
    let make = || sampled_texture(&device);
    let first = make();
    set(&device, &table, (&first).into(), Usage::None);
    drop(first);
    device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
    let second = make();
    let view = second.create_view(&Default::default());
    let slot = insert_view(&table, &view);
    assert_eq!(table.slot_type_id(slot), TEXTURE_2D_F32);
}

/// The standard's hard maximum, 65,536 slots, is its `RangeError` for automatic tables,
/// before anything else; pinned tables keep the device's limit.
#[test]
fn automatic_tables_stop_at_the_standard_s_maximum() {
    let (device, _queue) = device(wgpu::Features::SAMPLING_RESOURCE_TABLE);
    assert_eq!(wgpu::MAX_RESOURCE_TABLE_SIZE, 65_536);
    assert!(device.max_resource_table_size() > 65_537);
    let at_max = automatic(&device, 65_536);
    assert_eq!(at_max.size(), 65_536);
    let (above, error) = validation_error(&device, || {
        device.create_resource_table(&wgpu::ResourceTableDescriptor {
            label: None,
            size: 65_537,
        })
    });
    let error = error.expect("a validation error");
    assert!(
        matches!(
            find_source::<wgpu_core::resource_table::CreateResourceTableError>(&error),
            Some(
                wgpu_core::resource_table::CreateResourceTableError::AboveStandardMaximum {
                    size: 65_537,
                    max: 65_536
                }
            )
        ),
        "{error:?}"
    );
    assert!(
        error
            .to_string()
            .contains("Resource table size 65537 is greater than 65536, the largest the WebGPU standard allows"),
        "{error}"
    );
    assert_eq!(above.remove(0), Err(wgpu::ResourceTableError::Invalid));
    // Before the feature check too.
    let (bare, _bare_queue) = noop_device(wgpu::Features::empty(), wgpu::Limits::default());
    let (_table, error) = validation_error(&bare, || {
        bare.create_resource_table(&wgpu::ResourceTableDescriptor {
            label: None,
            size: 70_000,
        })
    });
    assert!(matches!(
        find_source::<wgpu_core::resource_table::CreateResourceTableError>(&error.unwrap()),
        Some(wgpu_core::resource_table::CreateResourceTableError::AboveStandardMaximum { .. })
    ));
    let (pinned, error) = validation_error(&device, || {
        device.create_pinned_resource_table(&wgpu::ResourceTableDescriptor {
            label: None,
            size: 65_537,
        })
    });
    assert!(error.is_none(), "{error:?}");
    assert_eq!(pinned.size(), 65_537);
}

/// The standard's `update` takes a destroyed resource (it is valid, only hidden); the 2025
/// draft's, which pinned tables follow, refuses it.
#[test]
fn automatic_tables_take_destroyed_resources_hidden() {
    let (device, _queue) = device(wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE);
    let table = automatic(&device, 4);
    let gone = sampled_texture(&device);
    let view = gone.create_view(&Default::default());
    gone.destroy();
    let (slot, error) = validation_error(&device, || table.insert(wgpu::BindingResource::TextureView(&view)));
    assert!(error.is_none(), "{error:?}");
    assert_eq!(table.slot_type_id(slot.unwrap()), 0);
    let buffer = device.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size: 64,
        usage: wgpu::BufferUsages::STORAGE,
        mapped_at_creation: false,
    });
    buffer.destroy();
    let (slot, error) = validation_error(&device, || table.insert(buffer.as_entire_binding()));
    assert!(error.is_none(), "{error:?}");
    assert_eq!(table.slot_type_id(slot.unwrap()), 0);
    // A submission writes those slots (their ids read at the flush) without a fault.
    let ((), error) = validation_error(&device, || {
        let encoder = device.create_command_encoder(&Default::default());
        _queue.submit([encoder.finish()]);
    });
    assert!(error.is_none(), "{error:?}");

    let pinned = device.create_pinned_resource_table(&wgpu::ResourceTableDescriptor { label: None, size: 4 });
    let (_, error) = validation_error(&device, || pinned.insert(wgpu::BindingResource::TextureView(&view)));
    assert!(
        matches!(
            find_source::<wgpu_core::resource_table::ResourceTableBindingError>(&error.expect("an error")),
            Some(wgpu_core::resource_table::ResourceTableBindingError::DestroyedResource(
                _
            ))
        ),
        "pinned tables refuse it"
    );
}

/// Without the feature, an automatic table is invalid on the device timeline, as the
/// standard says (only sizes above 65,536 are refused before it exists): its slots follow
/// the content-timeline rules, and each operation reports the invalid table.
#[test]
fn an_automatic_table_without_the_feature_is_invalid_not_refused() {
    let (device, _queue) = noop_device(wgpu::Features::empty(), wgpu::Limits::default());
    let (table, error) = validation_error(&device, || {
        device.create_resource_table(&wgpu::ResourceTableDescriptor { label: None, size: 10 })
    });
    assert!(
        matches!(
            find_source::<wgpu_core::resource_table::CreateResourceTableError>(&error.expect("an error")),
            Some(wgpu_core::resource_table::CreateResourceTableError::MissingFeatures(_))
        ),
        "the feature check, not the size"
    );
    let sampler = device.create_sampler(&Default::default());
    let (slot, error) = validation_error(&device, || table.insert(wgpu::BindingResource::Sampler(&sampler)));
    assert_eq!(slot, Ok(0), "content-timeline rules as for a valid table");
    assert!(error.is_some(), "the device-timeline step reports the invalid table");
    assert_eq!(
        table.remove(10),
        Err(wgpu::ResourceTableError::OutOfRange { slot: 10, size: 10 })
    );
}

/// A render pass to `view` that clears it and stores the clear.
fn render_to(encoder: &mut wgpu::CommandEncoder, view: &wgpu::TextureView) {
    hal_ext::harness::clear_pass(encoder, view, wgpu::Color::RED);
}

/// A command buffer that renders to members of an automatic table, or copies into them,
/// leaves them in their table state (sampled for a `ReadOnly` texture, storage for a
/// `Writable` one), so that the next command buffer's table reads find them there; textures
/// that no table shows, or that their table never showed (`None` from the start), stay as the
/// commands left them.
#[test]
fn command_buffers_leave_the_members_they_moved_in_their_table_state() {
    let (device, _queue) = device(wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE | wgpu::Features::CLEAR_TEXTURE);
    let table = automatic(&device, 8);
    let attachment = || {
        texture(
            &device,
            wgpu::TextureFormat::Rgba8Unorm,
            wgpu::TextureUsages::TEXTURE_BINDING
                | wgpu::TextureUsages::STORAGE_BINDING
                | wgpu::TextureUsages::RENDER_ATTACHMENT
                | wgpu::TextureUsages::COPY_DST,
        )
    };
    let (rendered, copied, writable, hidden, outsider) =
        (attachment(), attachment(), attachment(), attachment(), attachment());
    let views = [&rendered, &copied, &writable, &hidden, &outsider].map(|t| t.create_view(&Default::default()));
    set(&device, &table, (&writable).into(), Usage::Writable);
    set(&device, &table, (&hidden).into(), Usage::None);
    for view in &views[..4] {
        insert_view(&table, view);
    }
    let mut encoder = device.create_command_encoder(&Default::default());
    for view in [&views[0], &views[2], &views[3], &views[4]] {
        render_to(&mut encoder, view);
    }
    encoder.clear_texture(&copied, &Default::default());
    let commands = encoder.finish();
    let last = |texture: &wgpu::Texture| commands.texture_uses(texture).unwrap().1;
    assert_eq!(last(&rendered), wgpu::TextureUses::RESOURCE);
    assert_eq!(last(&copied), wgpu::TextureUses::RESOURCE);
    assert_eq!(last(&writable), wgpu::TextureUses::STORAGE_READ_WRITE);
    assert_eq!(last(&hidden), wgpu::TextureUses::COLOR_TARGET);
    assert_eq!(last(&outsider), wgpu::TextureUses::COLOR_TARGET);
}

/// A texture to render to and sample.
fn attachment(device: &wgpu::Device) -> wgpu::Texture {
    texture(
        device,
        wgpu::TextureFormat::Rgba8Unorm,
        wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::RENDER_ATTACHMENT,
    )
}

/// A compute pass that reaches `table`.
fn table_pass(device: &wgpu::Device, encoder: &mut wgpu::CommandEncoder, table: &wgpu::ResourceTable) {
    let pipeline = hal_ext::harness::compute_pipeline(
        device,
        "enable resource_table;
@compute @workgroup_size(1) fn main() { _ = hasResource<texture_2d<f32>>(0u); }",
    );
    let mut pass = encoder.begin_compute_pass(&Default::default());
    pass.set_resource_table(Some(table));
    pass.set_pipeline(&pipeline);
    pass.dispatch_workgroups(1, 1, 1);
}

/// A member first used in a command buffer after a pass that read its table starts the
/// command buffer in its table state: the barrier to its use falls after that pass, not
/// before the whole command buffer (where the pass would read it in the wrong state). Used
/// before any table pass, it starts in its use's state, as any texture does.
#[test]
fn a_member_first_used_after_a_table_pass_starts_in_its_table_state() {
    let (device, _queue) = device(wgpu::Features::SAMPLING_RESOURCE_TABLE);
    let table = automatic(&device, 4);
    let (after, before) = (attachment(&device), attachment(&device));
    let views = [&after, &before].map(|t| t.create_view(&Default::default()));
    for view in &views {
        insert_view(&table, view);
    }
    let mut encoder = device.create_command_encoder(&Default::default());
    render_to(&mut encoder, &views[1]);
    table_pass(&device, &mut encoder, &table);
    render_to(&mut encoder, &views[0]);
    let commands = encoder.finish();
    let (resource, color) = (wgpu::TextureUses::RESOURCE, wgpu::TextureUses::COLOR_TARGET);
    assert_eq!(commands.texture_uses(&after), Some((resource, resource)));
    assert_eq!(commands.texture_uses(&before), Some((color, resource)));
}

/// A texture stops being a member once no table holds it (removed from its slots, or its
/// table destroyed): command buffers leave it as they used it, with no barrier back.
#[test]
fn a_texture_no_table_holds_is_no_longer_restored() {
    let (device, _queue) = device(wgpu::Features::SAMPLING_RESOURCE_TABLE);
    let (removed, destroyed_table, kept) = (attachment(&device), attachment(&device), attachment(&device));
    let views = [&removed, &destroyed_table, &kept].map(|t| t.create_view(&Default::default()));
    let (first, second) = (automatic(&device, 4), automatic(&device, 4));
    let slots = [insert_view(&first, &views[0]), insert_view(&first, &views[0])];
    insert_view(&second, &views[1]);
    insert_view(&first, &views[2]);
    first.remove(slots[0]).unwrap();
    // Still in its second slot: still a member.
    let mut encoder = device.create_command_encoder(&Default::default());
    render_to(&mut encoder, &views[0]);
    assert_eq!(
        encoder.finish().texture_uses(&removed).unwrap().1,
        wgpu::TextureUses::RESOURCE
    );
    first.remove(slots[1]).unwrap();
    second.destroy();
    let mut encoder = device.create_command_encoder(&Default::default());
    for view in &views {
        render_to(&mut encoder, view);
    }
    let commands = encoder.finish();
    let last = |texture: &wgpu::Texture| commands.texture_uses(texture).unwrap().1;
    assert_eq!(last(&removed), wgpu::TextureUses::COLOR_TARGET);
    assert_eq!(last(&destroyed_table), wgpu::TextureUses::COLOR_TARGET);
    assert_eq!(last(&kept), wgpu::TextureUses::RESOURCE);
}

/// A member with several mips and layers, rendered to through one subresource only (the
/// tracker then keeps a state per subresource): the whole texture ends in its table state.
#[test]
fn a_member_rendered_to_in_one_subresource_ends_whole_in_its_table_state() {
    let (device, _queue) = device(wgpu::Features::SAMPLING_RESOURCE_TABLE);
    let table = automatic(&device, 4);
    let texture = device.create_texture(&wgpu::TextureDescriptor {
        label: Some("mips and layers"),
        size: wgpu::Extent3d {
            width: 4,
            height: 4,
            depth_or_array_layers: 2,
        },
        mip_level_count: 2,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: wgpu::TextureFormat::Rgba8Unorm,
        usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::RENDER_ATTACHMENT,
        view_formats: &[],
    });
    insert_view(&table, &texture.create_view(&Default::default()));
    let one = texture.create_view(&wgpu::TextureViewDescriptor {
        dimension: Some(wgpu::TextureViewDimension::D2),
        base_mip_level: 1,
        mip_level_count: Some(1),
        base_array_layer: 1,
        array_layer_count: Some(1),
        ..Default::default()
    });
    let mut encoder = device.create_command_encoder(&Default::default());
    render_to(&mut encoder, &one);
    let commands = encoder.finish();
    assert_eq!(commands.texture_uses(&texture).unwrap().1, wgpu::TextureUses::RESOURCE);
}

/// A texture with both sampled and storage usages, in an automatic table (`ReadOnly`:
/// sampled), that a queue-timeline `Writable` call moves to the storage state: the command
/// buffer starts it in its table state (the passes before the call read it sampled) and
/// leaves it in the call's state; a render pass after the call gives it back to the call's
/// state, not the table's. For a call on the encoder, in a compute pass, and in a compute
/// pass followed by a render pass and a table pass.
#[test]
fn a_queue_timeline_call_moves_its_member_from_its_place_in_the_command_buffer() {
    let (device, _queue) = device(wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE);
    let table = automatic(&device, 4);
    let both = texture(
        &device,
        wgpu::TextureFormat::R32Uint,
        wgpu::TextureUsages::TEXTURE_BINDING
            | wgpu::TextureUsages::STORAGE_BINDING
            | wgpu::TextureUsages::RENDER_ATTACHMENT,
    );
    let view = both.create_view(&Default::default());
    insert_view(&table, &view);
    let (resource, storage) = (wgpu::TextureUses::RESOURCE, wgpu::TextureUses::STORAGE_READ_WRITE);

    let mut encoder = device.create_command_encoder(&Default::default());
    table_pass(&device, &mut encoder, &table);
    encoder.set_resource_usage(&table, &both, Usage::Writable);
    table_pass(&device, &mut encoder, &table);
    let commands = encoder.finish();
    assert_eq!(commands.texture_uses(&both), Some((resource, storage)), "encoder");

    let pipeline = hal_ext::harness::compute_pipeline(
        &device,
        "enable resource_table;
@compute @workgroup_size(1) fn main() { _ = hasResource<texture_2d<f32>>(0u); }",
    );
    let in_pass = |then: &dyn Fn(&mut wgpu::CommandEncoder)| {
        let mut encoder = device.create_command_encoder(&Default::default());
        {
            let mut pass = encoder.begin_compute_pass(&Default::default());
            pass.set_resource_table(Some(&table));
            pass.set_pipeline(&pipeline);
            pass.dispatch_workgroups(1, 1, 1);
            pass.set_resource_usage(&table, &both, Usage::Writable);
            pass.dispatch_workgroups(1, 1, 1);
        }
        then(&mut encoder);
        encoder.finish()
    };
    let commands = in_pass(&|_| {});
    assert_eq!(commands.texture_uses(&both), Some((resource, storage)), "compute pass");
    let commands = in_pass(&|encoder| {
        render_to(encoder, &view);
        table_pass(&device, encoder, &table);
    });
    assert_eq!(
        commands.texture_uses(&both),
        Some((resource, storage)),
        "compute pass, render pass, table pass"
    );
}

/// A `None` call elides the barriers back to its member's table state (the standard's
/// reason for it): from the call on, the command buffer leaves the member where its uses put
/// it (the render pass's attachment state), though a table pass follows; another member
/// rendered to beside it is restored as before, and a later call moves it back.
#[test]
fn a_none_call_leaves_its_member_where_its_uses_put_it() {
    let (device, _queue) = device(wgpu::Features::SAMPLING_RESOURCE_TABLE);
    let table = automatic(&device, 4);
    let (called, other) = (attachment(&device), attachment(&device));
    let views = [&called, &other].map(|t| t.create_view(&Default::default()));
    for view in &views {
        insert_view(&table, view);
    }
    let (resource, target) = (wgpu::TextureUses::RESOURCE, wgpu::TextureUses::COLOR_TARGET);
    let record = |calls: &[Usage]| {
        let mut encoder = device.create_command_encoder(&Default::default());
        table_pass(&device, &mut encoder, &table);
        if let Some(&first) = calls.first() {
            encoder.set_resource_usage(&table, &called, first);
        }
        for view in &views {
            render_to(&mut encoder, view);
        }
        table_pass(&device, &mut encoder, &table);
        for &then in calls.iter().skip(1) {
            encoder.set_resource_usage(&table, &called, then);
        }
        encoder.finish()
    };
    let commands = record(&[]);
    assert_eq!(commands.texture_uses(&called), Some((resource, resource)), "no call");
    let commands = record(&[Usage::None]);
    // Not entered at its table state after the first table pass: first used by the render
    // pass, in the attachment state.
    assert_eq!(commands.texture_uses(&called), Some((target, target)), "`None`");
    assert_eq!(commands.texture_uses(&other), Some((resource, resource)), "beside it");
    let commands = record(&[Usage::None, Usage::ReadOnly]);
    assert_eq!(
        commands.texture_uses(&called),
        Some((target, resource)),
        "then `ReadOnly`"
    );
}

/// A compute pass's call changes its member's table state and a dispatch after it writes
/// the texture through a bindful storage binding: when the pass ends the command buffer
/// notes the member against the call's state (not its own from before the pass), so the
/// table pass after it finds it restored to the sampled state, and so does the end of the
/// command buffer. Before the pass, the member is in its table state, or an encoder's
/// `None` left it without one.
#[test]
fn a_bindful_write_after_a_pass_call_is_restored_after_the_pass() {
    let (device, _queue) = device(wgpu::Features::SAMPLING_RESOURCE_TABLE);
    let table = automatic(&device, 4);
    let written = texture(
        &device,
        wgpu::TextureFormat::R32Uint,
        wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::STORAGE_BINDING,
    );
    let view = written.create_view(&Default::default());
    insert_view(&table, &view);
    let writer = hal_ext::harness::compute_pipeline(
        &device,
        "@group(0) @binding(0) var t: texture_storage_2d<r32uint, write>;
@compute @workgroup_size(1) fn main() { textureStore(t, vec2(0), vec4(5u)); }",
    );
    let group = hal_ext::harness::group_0(&device, &writer, vec![wgpu::BindingResource::TextureView(&view)]);
    for before in [None, Some(Usage::None)] {
        let mut encoder = device.create_command_encoder(&Default::default());
        if let Some(usage) = before {
            encoder.set_resource_usage(&table, &written, usage);
        }
        {
            let mut pass = encoder.begin_compute_pass(&Default::default());
            pass.set_resource_table(Some(&table));
            pass.set_resource_usage(&table, &written, Usage::ReadOnly);
            pass.set_pipeline(&writer);
            pass.set_bind_group(0, &group, &[]);
            pass.dispatch_workgroups(1, 1, 1);
        }
        let commands = encoder.finish();
        assert_eq!(
            commands.texture_uses(&written).map(|(_, end)| end),
            Some(wgpu::TextureUses::RESOURCE),
            "{before:?} before the pass"
        );
    }
}

/// A queue-timeline call that moves its resource is a use of it, as a pass's would be: a
/// buffer destroyed between the command buffer's `finish` and its submission fails the
/// submission (`DestroyedResource`, naming the buffer). A `None` call moves nothing and is
/// no use: the submission goes through. The device stays usable.
#[test]
fn a_call_that_moves_its_resource_is_a_use_of_it_at_submit() {
    use wgpu_core::device::queue::QueueSubmitError;
    let (device, queue) = device(wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE);
    let table = automatic(&device, 4);
    for (usage, fails) in [(Usage::Writable, true), (Usage::None, false)] {
        let buffer = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("called"),
            size: 16,
            usage: wgpu::BufferUsages::STORAGE,
            mapped_at_creation: false,
        });
        let slot = table.insert(buffer.as_entire_binding()).unwrap();
        let mut encoder = device.create_command_encoder(&Default::default());
        encoder.set_resource_usage(&table, &buffer, usage);
        let commands = encoder.finish();
        buffer.destroy();
        let (_, error) = validation_error(&device, || queue.submit([commands]));
        match (fails, error) {
            (false, None) => {}
            (true, Some(error)) => {
                let Some(QueueSubmitError::DestroyedResource(destroyed)) = find_source::<QueueSubmitError>(&error)
                else {
                    panic!("{usage:?}: {error:?}");
                };
                assert_eq!(destroyed.to_string(), "Buffer with 'called' label has been destroyed");
            }
            (_, error) => panic!("{usage:?}: expected a failure: {fails}, got {error:?}"),
        }
        assert_eq!(table.remove(slot), Ok(()));
        device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
    }
}
