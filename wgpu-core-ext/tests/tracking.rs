//! What a table costs the trackers (noop backend): setting a table of 100,000 slots for
//! 10,000 dispatches adds one table to the command buffer and none of its slots' resources,
//! so nothing per entry is merged, tracked or transitioned.

use hal_ext::harness::{noop_device, texture_2d, validation_error};

const SLOTS: u32 = 100_000;
const DISPATCHES: u32 = 10_000;

#[test]
fn a_table_of_100k_slots_is_one_tracked_object_for_10k_dispatches() {
    let (device, queue) = noop_device(wgpu::Features::SAMPLING_RESOURCE_TABLE, wgpu::Limits::default());
    let texture = texture_2d(
        &device,
        wgpu::TextureFormat::Rgba8Unorm,
        1,
        1,
        wgpu::TextureUsages::TEXTURE_BINDING,
    );
    texture.pin(wgpu::PinnedUsage::Sampled);
    let table = device.create_pinned_resource_table(&wgpu::ResourceTableDescriptor {
        label: Some("big"),
        size: SLOTS,
    });
    let view = texture.create_view(&Default::default());
    for _ in 0..SLOTS {
        table.insert(wgpu::BindingResource::TextureView(&view)).unwrap();
    }
    assert_eq!(table.slot_type_id(SLOTS - 1), 2, "texture_2d<f32>");

    let out = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("out"),
        size: 4,
        usage: wgpu::BufferUsages::STORAGE,
        mapped_at_creation: false,
    });
    let pipeline = hal_ext::harness::compute_pipeline(
        &device,
        "enable resource_table;
             @group(0) @binding(0) var<storage, read_write> out: u32;
             @compute @workgroup_size(1) fn main() {
                 out = textureDimensions(getResource<texture_2d<f32>>(99999u)).x;
             }",
    );
    let group = hal_ext::harness::group_0(&device, &pipeline, vec![out.as_entire_binding()]);
    let (commands, error) = validation_error(&device, || {
        let mut encoder = device.create_command_encoder(&Default::default());
        {
            let mut pass = encoder.begin_compute_pass(&Default::default());
            pass.set_pipeline(&pipeline);
            pass.set_bind_group(0, &group, &[]);
            pass.set_resource_table(Some(&table));
            for _ in 0..DISPATCHES {
                pass.dispatch_workgroups(1, 1, 1);
            }
        }
        encoder.finish()
    });
    assert!(error.is_none(), "{error:?}");
    // (buffers, textures, tables): the output buffer, no texture, one table.
    assert_eq!(commands.tracked_resource_counts(), Some((1, 0, 1)));
    let (_, error) = validation_error(&device, || queue.submit([commands]));
    assert!(error.is_none(), "{error:?}");
}
