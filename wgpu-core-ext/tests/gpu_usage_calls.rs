//! `set_resource_usage` in the command stream (the standard's `GPUCommandEncoder` and
//! `GPUComputePassEncoder.setResourceUsage`), on Vulkan with the validation layer on: calls
//! take effect in command order, carry to the command buffers submitted after them, and
//! stay in the table once submitted. Exact values read back; every test ends layer clean.

use hal_ext::harness::{
    compute_pipeline, group_0, texture_2d, validation_error, words, write_texel, GpuContext, SHOWN_AS_READ_AND_WRITE,
};
use wgpu::ResourceTableUsage as Usage;

/// Slot 0's and slot 1's visibility and texel, as four words.
const READ_TWO_SLOTS: &str = "
enable resource_table;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(1) fn main() {
    for (var i = 0u; i < 2u; i++) {
        out[2u * i] = u32(hasResource<texture_2d<u32>>(i));
        out[2u * i + 1u] = textureLoad(getResource<texture_2d<u32>>(i), vec2(0), 0).x;
    }
}";

/// An automatic table with a 1×1 `R32Uint` texture to render to at slot 0 (`target`) and a
/// material holding 31 at slot 1.
struct Scene {
    gpu: GpuContext,
    target: wgpu::Texture,
    target_view: wgpu::TextureView,
    _material: wgpu::Texture,
    table: wgpu::ResourceTable,
    pipeline: wgpu::ComputePipeline,
}

fn scene() -> Scene {
    let gpu = GpuContext::new(wgpu::Features::SAMPLING_RESOURCE_TABLE, wgpu::Limits::default());
    let target = texture_2d(
        &gpu.device,
        wgpu::TextureFormat::R32Uint,
        1,
        1,
        wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::RENDER_ATTACHMENT,
    );
    let target_view = target.create_view(&Default::default());
    let material = texture_2d(
        &gpu.device,
        wgpu::TextureFormat::R32Uint,
        1,
        1,
        wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
    );
    write_texel(&gpu.queue, &material, 31);
    let table = gpu.device.create_resource_table(&wgpu::ResourceTableDescriptor {
        label: Some("scene"),
        size: 4,
    });
    assert_eq!(table.insert(wgpu::BindingResource::TextureView(&target_view)), Ok(0));
    let material_view = material.create_view(&Default::default());
    assert_eq!(table.insert(wgpu::BindingResource::TextureView(&material_view)), Ok(1));
    let pipeline = compute_pipeline(&gpu.device, READ_TWO_SLOTS);
    Scene {
        gpu,
        target,
        target_view,
        _material: material,
        table,
        pipeline,
    }
}

impl Scene {
    fn out(&self) -> (wgpu::Buffer, wgpu::BindGroup) {
        let out = self.gpu.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("out"),
            size: 16,
            usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
            mapped_at_creation: false,
        });
        let group = group_0(&self.gpu.device, &self.pipeline, vec![out.as_entire_binding()]);
        (out, group)
    }

    /// A compute pass of one dispatch reading slots 0 and 1 into a buffer of its own.
    fn read(&self, encoder: &mut wgpu::CommandEncoder) -> wgpu::Buffer {
        let (out, group) = self.out();
        let mut pass = encoder.begin_compute_pass(&Default::default());
        pass.set_resource_table(Some(&self.table));
        pass.set_pipeline(&self.pipeline);
        pass.set_bind_group(0, &group, &[]);
        pass.dispatch_workgroups(1, 1, 1);
        drop(pass);
        out
    }

    /// A render pass clearing the target to `value`.
    fn render(&self, encoder: &mut wgpu::CommandEncoder, value: f64) {
        self.render_then(encoder, value, wgpu::StoreOp::Store);
    }

    /// A render pass clearing the target to `value`, then storing or discarding it.
    fn render_then(&self, encoder: &mut wgpu::CommandEncoder, value: f64, store: wgpu::StoreOp) {
        encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: Some("render to the target"),
            color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                view: &self.target_view,
                depth_slice: None,
                resolve_target: None,
                ops: wgpu::Operations {
                    load: wgpu::LoadOp::Clear(wgpu::Color {
                        r: value,
                        g: 0.0,
                        b: 0.0,
                        a: 0.0,
                    }),
                    store,
                },
            })],
            ..Default::default()
        });
    }

    /// One command buffer reading the table, submitted alone.
    fn read_now(&self) -> Vec<u32> {
        let mut encoder = self.gpu.device.create_command_encoder(&Default::default());
        let out = self.read(&mut encoder);
        self.gpu.queue.submit([encoder.finish()]);
        self.words(&out)
    }

    fn words(&self, buffer: &wgpu::Buffer) -> Vec<u32> {
        words(&self.gpu.read_buffer(buffer))
    }

    fn assert_layer_clean(&self) {
        let messages = self.gpu.take_validation_messages();
        assert!(messages.is_empty(), "{messages:#?}");
    }
}

/// The standard's shadow-map example, in one command buffer: `None` before the passes that
/// render to the texture, `ReadOnly` before the pass that reads it. Between the calls the
/// table reads the default (not even the pass after the render pass sees it), after the
/// second it reads what was rendered; the material is never touched. Once submitted, the
/// table keeps the last usage: a command buffer without calls sees it.
#[test]
fn gpu_encoder_calls_hide_and_show_in_command_order() {
    let scene = scene();
    let mut encoder = scene.gpu.device.create_command_encoder(&Default::default());
    let before = scene.read(&mut encoder);
    encoder.set_resource_usage(&scene.table, &scene.target, Usage::None);
    scene.render(&mut encoder, 7.0);
    let between = scene.read(&mut encoder);
    encoder.set_resource_usage(&scene.table, &scene.target, Usage::ReadOnly);
    let after = scene.read(&mut encoder);
    scene.gpu.queue.submit([encoder.finish()]);
    assert_eq!(scene.words(&before), [1, 0, 1, 31], "zeros: never written");
    assert_eq!(scene.words(&between), [0, 0, 1, 31]);
    assert_eq!(scene.words(&after), [1, 7, 1, 31]);
    assert_eq!(scene.read_now(), [1, 7, 1, 31]);

    // Ending with `None`: the next submission, without calls, still hides it.
    let mut encoder = scene.gpu.device.create_command_encoder(&Default::default());
    encoder.set_resource_usage(&scene.table, &scene.target, Usage::None);
    scene.render(&mut encoder, 9.0);
    scene.gpu.queue.submit([encoder.finish()]);
    assert_eq!(scene.read_now(), [0, 0, 1, 31]);
    scene.table.set_resource_usage(&scene.target, Usage::ReadOnly);
    assert_eq!(scene.read_now(), [1, 9, 1, 31]);
    scene.assert_layer_clean();
}

/// A compute pass's calls between its dispatches: visible, hidden, visible within one pass,
/// and the hiding a dispatch did before a call is decided again after it.
#[test]
fn gpu_compute_pass_calls_change_visibility_between_dispatches() {
    let scene = scene();
    let mut encoder = scene.gpu.device.create_command_encoder(&Default::default());
    scene.render(&mut encoder, 5.0);
    let outs = [(); 4].map(|()| scene.out());
    let mut pass = encoder.begin_compute_pass(&Default::default());
    pass.set_resource_table(Some(&scene.table));
    pass.set_pipeline(&scene.pipeline);
    for (i, (_, group)) in outs.iter().enumerate() {
        match i {
            1 => pass.set_resource_usage(&scene.table, &scene.target, Usage::None),
            2 => pass.set_resource_usage(&scene.table, &scene.target, Usage::ReadOnly),
            3 => pass.set_resource_usage(&scene.table, &scene.target, Usage::None),
            _ => {}
        }
        pass.set_bind_group(0, group, &[]);
        pass.dispatch_workgroups(1, 1, 1);
    }
    drop(pass);
    scene.gpu.queue.submit([encoder.finish()]);
    let read = outs.map(|(out, _)| scene.words(&out));
    assert_eq!(read, [[1, 5, 1, 31], [0, 0, 1, 31], [1, 5, 1, 31], [0, 0, 1, 31]]);
    // The table took the pass's last usage: a slot written again from it stays hidden.
    assert_eq!(scene.table.remove(0), Ok(()));
    scene.gpu.wait();
    assert_eq!(
        scene
            .table
            .update(0, wgpu::BindingResource::TextureView(&scene.target_view)),
        Ok(())
    );
    assert_eq!(scene.read_now(), [0, 0, 1, 31], "the pass's last call stays");
    scene.assert_layer_clean();
}

/// A call reaches the command buffers submitted after its own, whenever they were finished,
/// and not the ones submitted before it.
#[test]
fn gpu_a_call_reaches_the_command_buffers_submitted_after_it() {
    let scene = scene();
    let mut encoder = scene.gpu.device.create_command_encoder(&Default::default());
    scene.render(&mut encoder, 3.0);
    scene.gpu.queue.submit([encoder.finish()]);

    // The reader is finished first, then the call's command buffer; submitted after it.
    let mut reader = scene.gpu.device.create_command_encoder(&Default::default());
    let late = scene.read(&mut reader);
    let reader = reader.finish();
    let mut caller = scene.gpu.device.create_command_encoder(&Default::default());
    caller.set_resource_usage(&scene.table, &scene.target, Usage::None);
    scene.gpu.queue.submit([caller.finish(), reader]);
    assert_eq!(scene.words(&late), [0, 0, 1, 31]);

    // Submitted before the call that shows it again: still hidden there; after it, shown.
    let mut reader = scene.gpu.device.create_command_encoder(&Default::default());
    let early = scene.read(&mut reader);
    let mut caller = scene.gpu.device.create_command_encoder(&Default::default());
    caller.set_resource_usage(&scene.table, &scene.target, Usage::ReadOnly);
    let mut after = scene.gpu.device.create_command_encoder(&Default::default());
    let shown = scene.read(&mut after);
    scene
        .gpu
        .queue
        .submit([reader.finish(), caller.finish(), after.finish()]);
    assert_eq!(scene.words(&early), [0, 0, 1, 31]);
    assert_eq!(scene.words(&shown), [1, 3, 1, 31]);
    assert_eq!(scene.read_now(), [1, 3, 1, 31]);
    scene.assert_layer_clean();
}

/// A texture without `STORAGE_BINDING` has no type a `Writable` usage shows: after such a
/// call the table reads the default; `ReadOnly` shows it again, in the same command buffer.
#[test]
fn gpu_writable_shows_a_sampled_texture_as_nothing_until_read_only() {
    let scene = scene();
    let mut encoder = scene.gpu.device.create_command_encoder(&Default::default());
    scene.render(&mut encoder, 6.0);
    encoder.set_resource_usage(&scene.table, &scene.target, Usage::Writable);
    let writable = scene.read(&mut encoder);
    encoder.set_resource_usage(&scene.table, &scene.target, Usage::ReadOnly);
    let read_only = scene.read(&mut encoder);
    scene.gpu.queue.submit([encoder.finish()]);
    assert_eq!(scene.words(&writable), [0, 0, 1, 31]);
    assert_eq!(scene.words(&read_only), [1, 6, 1, 31]);
    scene.assert_layer_clean();
}

/// A table of the pinning model refuses the call: the encoder is invalid, and `finish`
/// reports `PinnedTable` with its text; the device stays usable.
#[test]
fn gpu_a_call_on_a_pinned_table_invalidates_the_encoder() {
    let scene = scene();
    let pinned = scene
        .gpu
        .device
        .create_pinned_resource_table(&wgpu::ResourceTableDescriptor {
            label: Some("pinned"),
            size: 4,
        });
    let mut encoder = scene.gpu.device.create_command_encoder(&Default::default());
    encoder.set_resource_usage(&pinned, &scene.target, Usage::None);
    let (_, error) = validation_error(&scene.gpu.device, || encoder.finish());
    let error = error.expect("the call on a pinned table was accepted");
    let Some(wgpu_core::command::CommandEncoderError::ResourceTable(
        wgpu_core::resource_table::ResourceTableUseError::PinnedTable { table },
    )) = hal_ext::harness::find_source::<wgpu_core::command::CommandEncoderError>(&error)
    else {
        panic!("{error:?}")
    };
    assert_eq!(table.to_string(), "ResourceTable with 'pinned' label");
    assert_eq!(scene.read_now(), [1, 0, 1, 31]);
    scene.assert_layer_clean();
}

/// A buffer whose table usage is `Writable`, called `ReadOnly` and back within a compute
/// pass: each dispatch sees the call before it. The dispatch that binds the buffer as
/// read-only storage after the `ReadOnly` call sees it, as a `ReadOnly` entry (the table's
/// `Writable` would hide it there: read-only storage is not writable storage). The other
/// way (`Writable` called on a buffer whose table usage is `ReadOnly`) moves it to the
/// writable state: shown as `Writable` after the call, and in the next submission.
#[test]
fn gpu_a_buffer_called_read_only_and_back_within_a_pass() {
    let gpu = GpuContext::new(wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE, wgpu::Limits::default());
    let read_write = compute_pipeline(&gpu.device, SHOWN_AS_READ_AND_WRITE);
    let read_only = compute_pipeline(
        &gpu.device,
        &SHOWN_AS_READ_AND_WRITE.replace("read_write> k", "read> k"),
    );
    let table = gpu.device.create_resource_table(&wgpu::ResourceTableDescriptor {
        label: Some("buffers"),
        size: 4,
    });
    // k = 3 at word 64 (byte 256).
    let mut contents = [0u32; 128];
    contents[64] = 3;
    let data = hal_ext::harness::buffer_of_words(&gpu.device, &gpu.queue, &contents, wgpu::BufferUsages::STORAGE);
    assert_eq!(table.insert(data.as_entire_binding()), Ok(0));
    table.set_resource_usage(&data, Usage::Writable);
    let k = |k: u32| hal_ext::harness::buffer_of_words(&gpu.device, &gpu.queue, &[k], wgpu::BufferUsages::STORAGE);
    let (k0, k1, k2, k4) = (k(0), k(1), k(2), k(4));
    let out = || hal_ext::harness::buffer_of_words(&gpu.device, &gpu.queue, &[99; 10], wgpu::BufferUsages::STORAGE);
    let high_words = wgpu::BindingResource::Buffer(wgpu::BufferBinding {
        buffer: &data,
        offset: 256,
        size: None,
    });
    let first = out();
    let group = |pipeline: &wgpu::ComputePipeline, out: &wgpu::Buffer, k: wgpu::BindingResource<'_>| {
        group_0(&gpu.device, pipeline, vec![out.as_entire_binding(), k])
    };
    let steps = [
        (&read_write, group(&read_write, &first, k0.as_entire_binding()), None),
        (
            &read_write,
            group(&read_write, &first, k1.as_entire_binding()),
            Some(Usage::ReadOnly),
        ),
        (&read_only, group(&read_only, &first, high_words), None),
        (
            &read_write,
            group(&read_write, &first, k2.as_entire_binding()),
            Some(Usage::Writable),
        ),
    ];
    let mut encoder = gpu.device.create_command_encoder(&Default::default());
    {
        let mut pass = encoder.begin_compute_pass(&Default::default());
        pass.set_resource_table(Some(&table));
        for (pipeline, group, call) in &steps {
            if let Some(usage) = call {
                pass.set_resource_usage(&table, &data, *usage);
            }
            pass.set_pipeline(pipeline);
            pass.set_bind_group(0, group, &[]);
            pass.dispatch_workgroups(1, 1, 1);
        }
    }
    gpu.queue.submit([encoder.finish()]);
    assert_eq!(words(&gpu.read_buffer(&first)), [1, 1, 1, 0, 1, 1, 1, 0, 99, 99]);

    // `Writable` where the table's usage is `ReadOnly`: another state, which the call moves
    // the buffer to.
    table.set_resource_usage(&data, Usage::ReadOnly);
    let read = |encoder: &mut wgpu::CommandEncoder, out: &wgpu::Buffer| {
        let group = group(&read_write, out, k4.as_entire_binding());
        let mut pass = encoder.begin_compute_pass(&Default::default());
        pass.set_resource_table(Some(&table));
        pass.set_pipeline(&read_write);
        pass.set_bind_group(0, &group, &[]);
        pass.dispatch_workgroups(1, 1, 1);
    };
    let (same, next) = (out(), out());
    let mut encoder = gpu.device.create_command_encoder(&Default::default());
    encoder.set_resource_usage(&table, &data, Usage::Writable);
    read(&mut encoder, &same);
    gpu.queue.submit([encoder.finish()]);
    let mut encoder = gpu.device.create_command_encoder(&Default::default());
    read(&mut encoder, &next);
    gpu.queue.submit([encoder.finish()]);
    assert_eq!(words(&gpu.read_buffer(&same))[8..], [1, 1], "Writable after the call");
    assert_eq!(
        words(&gpu.read_buffer(&next))[8..],
        [1, 1],
        "Writable in the next submission"
    );
    let messages = gpu.take_validation_messages();
    assert!(messages.is_empty(), "{messages:#?}");
}

/// A slot the resource takes between the command buffer's `finish` and its submission did
/// not exist for the call: hidden to the end of that submission (the call said `None`; the
/// table's usage would show it), then shown from the table's usage, which the call set.
#[test]
fn gpu_a_slot_taken_after_finish_is_hidden_for_the_submission() {
    let scene = scene();
    assert_eq!(scene.table.remove(1), Ok(()));
    scene.gpu.wait();
    let mut encoder = scene.gpu.device.create_command_encoder(&Default::default());
    scene.render(&mut encoder, 4.0);
    encoder.set_resource_usage(&scene.table, &scene.target, Usage::None);
    let hidden = scene.read(&mut encoder);
    encoder.set_resource_usage(&scene.table, &scene.target, Usage::ReadOnly);
    let shown = scene.read(&mut encoder);
    let buffer = encoder.finish();
    assert_eq!(
        scene
            .table
            .update(1, wgpu::BindingResource::TextureView(&scene.target_view)),
        Ok(())
    );
    scene.gpu.queue.submit([buffer]);
    assert_eq!(scene.words(&hidden), [0, 0, 0, 0]);
    assert_eq!(scene.words(&shown), [1, 4, 0, 0], "slot 1 is new to the call");
    assert_eq!(scene.read_now(), [1, 4, 1, 4]);
    scene.assert_layer_clean();
}

/// A compute pass's call after its last dispatch still takes effect: the command buffer
/// after it in the submission does not see the resource.
#[test]
fn gpu_a_call_after_the_last_dispatch_reaches_the_next_command_buffer() {
    let scene = scene();
    let mut encoder = scene.gpu.device.create_command_encoder(&Default::default());
    scene.render(&mut encoder, 2.0);
    let (first, group) = scene.out();
    {
        let mut pass = encoder.begin_compute_pass(&Default::default());
        pass.set_resource_table(Some(&scene.table));
        pass.set_pipeline(&scene.pipeline);
        pass.set_bind_group(0, &group, &[]);
        pass.dispatch_workgroups(1, 1, 1);
        pass.set_resource_usage(&scene.table, &scene.target, Usage::None);
    }
    let mut next = scene.gpu.device.create_command_encoder(&Default::default());
    let second = scene.read(&mut next);
    scene.gpu.queue.submit([encoder.finish(), next.finish()]);
    assert_eq!(scene.words(&first), [1, 2, 1, 31]);
    assert_eq!(scene.words(&second), [0, 0, 1, 31]);
    scene.assert_layer_clean();
}

/// A slot that another binding takes between a command buffer's `finish` and its submission
/// is zeroed by the command buffer's call (it was the member's): hidden from there to the end
/// of that submission, and written again for its new holder by the next one.
#[test]
fn gpu_a_slot_the_call_no_longer_owns_is_written_again_for_its_holder() {
    let scene = scene();
    let mut encoder = scene.gpu.device.create_command_encoder(&Default::default());
    encoder.set_resource_usage(&scene.table, &scene.target, Usage::None);
    let buffer = encoder.finish();
    assert_eq!(scene.table.remove(0), Ok(()));
    scene.gpu.wait();
    let other = texture_2d(
        &scene.gpu.device,
        wgpu::TextureFormat::R32Uint,
        1,
        1,
        wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
    );
    write_texel(&scene.gpu.queue, &other, 55);
    let other_view = other.create_view(&Default::default());
    assert_eq!(
        scene.table.update(0, wgpu::BindingResource::TextureView(&other_view)),
        Ok(())
    );
    let mut reader = scene.gpu.device.create_command_encoder(&Default::default());
    let same = scene.read(&mut reader);
    scene.gpu.queue.submit([buffer, reader.finish()]);
    assert_eq!(
        scene.words(&same),
        [0, 0, 1, 31],
        "zeroed by the call, to the end of the submission"
    );
    assert_eq!(scene.read_now(), [1, 55, 1, 31]);
    scene.assert_layer_clean();
}

/// A buffer whose table usage becomes `Writable` after a first command buffer that copies
/// into it was finished: that command buffer puts it back in the read-only state it knew,
/// and hides it to the end of the submission. A second command buffer, finished after the
/// change, calls `Writable`: the call's barrier moves the buffer to that state, so the call
/// shows it there, and the next submission too. The same for a call in a compute pass. A
/// call on one of two tables holding the buffer does not move it (the other may show it in
/// its table state meanwhile): it shows nothing in that submission, the next shows it.
#[test]
fn gpu_a_call_moves_a_member_an_earlier_command_buffer_left_elsewhere() {
    let gpu = GpuContext::new(wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE, wgpu::Limits::default());
    let pipeline = compute_pipeline(&gpu.device, SHOWN_AS_READ_AND_WRITE);
    let k0 = hal_ext::harness::buffer_of_words(&gpu.device, &gpu.queue, &[0], wgpu::BufferUsages::STORAGE);
    let run = |in_pass: bool, tables: usize| {
        let tables: Vec<_> = (0..tables)
            .map(|_| {
                gpu.device.create_resource_table(&wgpu::ResourceTableDescriptor {
                    label: Some("buffers"),
                    size: 4,
                })
            })
            .collect();
        let data = hal_ext::harness::buffer_of_words(
            &gpu.device,
            &gpu.queue,
            &[0; 16],
            wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
        );
        for table in &tables {
            assert_eq!(table.insert(data.as_entire_binding()), Ok(0));
        }
        let source = hal_ext::harness::buffer_of_words(&gpu.device, &gpu.queue, &[7; 16], wgpu::BufferUsages::COPY_SRC);
        let mut copy = gpu.device.create_command_encoder(&Default::default());
        copy.copy_buffer_to_buffer(&source, 0, &data, 0, 64);
        let copy = copy.finish();
        for table in &tables {
            table.set_resource_usage(&data, Usage::Writable);
        }
        // The call and the read are on the last table.
        let table = tables.last().unwrap();
        let read = |call: bool| {
            let out = hal_ext::harness::buffer_of_words(&gpu.device, &gpu.queue, &[99; 2], wgpu::BufferUsages::STORAGE);
            let group = group_0(
                &gpu.device,
                &pipeline,
                vec![out.as_entire_binding(), k0.as_entire_binding()],
            );
            let mut encoder = gpu.device.create_command_encoder(&Default::default());
            if call && !in_pass {
                encoder.set_resource_usage(table, &data, Usage::Writable);
            }
            {
                let mut pass = encoder.begin_compute_pass(&Default::default());
                pass.set_resource_table(Some(table));
                pass.set_pipeline(&pipeline);
                pass.set_bind_group(0, &group, &[]);
                if call && in_pass {
                    pass.set_resource_usage(table, &data, Usage::Writable);
                }
                pass.dispatch_workgroups(1, 1, 1);
            }
            (out, encoder.finish())
        };
        let (same, calling) = read(true);
        gpu.queue.submit([copy, calling]);
        let (next, plain) = read(false);
        gpu.queue.submit([plain]);
        [words(&gpu.read_buffer(&same)), words(&gpu.read_buffer(&next))]
    };
    for (in_pass, tables, call_shows) in [(false, 1, 1), (true, 1, 1), (true, 2, 0)] {
        assert_eq!(
            run(in_pass, tables),
            [[call_shows; 2], [1, 1]],
            "in a pass: {in_pass}, tables: {tables}"
        );
    }
    let messages = gpu.take_validation_messages();
    assert!(messages.is_empty(), "{messages:#?}");
}

/// Within a compute pass, what the dispatch before a call hid is decided again after it,
/// with the call's usage, for the same pipeline and bind groups: a buffer bound read-only,
/// whose table usage `Writable` hides it, is seen after a `ReadOnly` call (the pass's cached
/// lookup is not reused), and stays hidden after a `Writable` call (what the call wrote is
/// hidden again, not taken for hidden already).
#[test]
fn gpu_a_call_between_two_identical_dispatches_is_decided_again() {
    let gpu = GpuContext::new(wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE, wgpu::Limits::default());
    let read_only = compute_pipeline(
        &gpu.device,
        &SHOWN_AS_READ_AND_WRITE.replace("read_write> k", "read> k"),
    );
    let run = |call: Usage| {
        let table = gpu.device.create_resource_table(&wgpu::ResourceTableDescriptor {
            label: Some("buffers"),
            size: 4,
        });
        // k = 0 at word 64 (byte 256): the dispatch binds those words read-only as `k`.
        let data = hal_ext::harness::buffer_of_words(&gpu.device, &gpu.queue, &[0; 128], wgpu::BufferUsages::STORAGE);
        assert_eq!(table.insert(data.as_entire_binding()), Ok(0));
        table.set_resource_usage(&data, Usage::Writable);
        let out = hal_ext::harness::buffer_of_words(&gpu.device, &gpu.queue, &[99; 2], wgpu::BufferUsages::STORAGE);
        let high_words = wgpu::BindingResource::Buffer(wgpu::BufferBinding {
            buffer: &data,
            offset: 256,
            size: None,
        });
        let group = group_0(&gpu.device, &read_only, vec![out.as_entire_binding(), high_words]);
        let mut encoder = gpu.device.create_command_encoder(&Default::default());
        {
            let mut pass = encoder.begin_compute_pass(&Default::default());
            pass.set_resource_table(Some(&table));
            pass.set_pipeline(&read_only);
            pass.set_bind_group(0, &group, &[]);
            pass.dispatch_workgroups(1, 1, 1);
            pass.set_resource_usage(&table, &data, call);
            pass.dispatch_workgroups(1, 1, 1);
        }
        gpu.queue.submit([encoder.finish()]);
        words(&gpu.read_buffer(&out))
    };
    assert_eq!(
        run(Usage::ReadOnly),
        [1, 0],
        "ReadOnly: read-only storage does not conflict"
    );
    assert_eq!(run(Usage::Writable), [0, 0], "Writable: hidden again");
    let messages = gpu.take_validation_messages();
    assert!(messages.is_empty(), "{messages:#?}");
}

/// Draws one value per pixel: 1000 if slot 0 shows a `texture_2d<u32>`, plus its texel.
const DRAW_SLOT_0: &str = "
enable resource_table;
@vertex fn vs(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
    return vec4(f32(i & 1u) * 4.0 - 1.0, f32(i >> 1u) * 4.0 - 1.0, 0.0, 1.0);
}
@fragment fn fs() -> @location(0) vec4<u32> {
    let shown = u32(hasResource<texture_2d<u32>>(0u));
    return vec4(shown * 1000u + textureLoad(getResource<texture_2d<u32>>(0u), vec2(0), 0).x);
}";

/// A render bundle that sets no table draws through the table of the pass that runs it:
/// the encoder's calls before the pass decide what it sees, as for the pass's own draws.
#[test]
fn gpu_bundles_see_the_calls_before_their_pass() {
    let scene = scene();
    let device = &scene.gpu.device;
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some("draw slot 0"),
        source: wgpu::ShaderSource::Wgsl(DRAW_SLOT_0.into()),
    });
    let format = wgpu::TextureFormat::R32Uint;
    let pipeline = hal_ext::harness::render_pipeline(device, &module, None, format);
    let mut bundle = hal_ext::harness::bundle_encoder(device, Some("draw slot 0"), format);
    bundle.set_pipeline(&pipeline);
    bundle.draw(0..3, 0..1);
    let bundle = bundle.finish(&Default::default());
    let outputs = [(); 3].map(|()| {
        texture_2d(
            device,
            format,
            1,
            1,
            wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
        )
    });
    let views = outputs.each_ref().map(|t| t.create_view(&Default::default()));
    let black = wgpu::Color::BLACK;
    let mut encoder = device.create_command_encoder(&Default::default());
    scene.render(&mut encoder, 4.0);
    hal_ext::harness::clear_pass_with_table(&mut encoder, &views[0], black, &scene.table).execute_bundles([&bundle]);
    encoder.set_resource_usage(&scene.table, &scene.target, Usage::None);
    hal_ext::harness::clear_pass_with_table(&mut encoder, &views[1], black, &scene.table).execute_bundles([&bundle]);
    encoder.set_resource_usage(&scene.table, &scene.target, Usage::ReadOnly);
    hal_ext::harness::clear_pass_with_table(&mut encoder, &views[2], black, &scene.table).execute_bundles([&bundle]);
    scene.gpu.queue.submit([encoder.finish()]);
    let read = outputs.each_ref().map(|t| words(&scene.gpu.read_texture(t))[0]);
    assert_eq!(
        read,
        [1004, 0, 1004],
        "before the calls, after `None`, after `ReadOnly`"
    );
    scene.assert_layer_clean();
}

/// Views of one mip level and one layer of a texture of three mips and two layers, two of
/// them in the table: a call on the texture (a pass's `None`, then the encoder's
/// `ReadOnly`) covers every slot that holds a view of it, and each shows its own
/// subresource again.
#[test]
fn gpu_a_call_covers_every_view_of_its_texture() {
    let gpu = GpuContext::new(wgpu::Features::SAMPLING_RESOURCE_TABLE, wgpu::Limits::default());
    let texture = gpu.device.create_texture(&wgpu::TextureDescriptor {
        label: Some("mips and layers"),
        size: wgpu::Extent3d {
            width: 4,
            height: 4,
            depth_or_array_layers: 2,
        },
        mip_level_count: 3,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: wgpu::TextureFormat::R32Uint,
        usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
        view_formats: &[],
    });
    // Texel value 10 × mip + layer + 1 everywhere in each subresource.
    for mip in 0..3u32 {
        let side = 4 >> mip;
        for layer in 0..2u32 {
            let value = 10 * mip + layer + 1;
            gpu.queue.write_texture(
                wgpu::TexelCopyTextureInfo {
                    texture: &texture,
                    mip_level: mip,
                    origin: wgpu::Origin3d { x: 0, y: 0, z: layer },
                    aspect: wgpu::TextureAspect::All,
                },
                &vec![value; (side * side) as usize]
                    .iter()
                    .flat_map(|v| v.to_le_bytes())
                    .collect::<Vec<u8>>(),
                wgpu::TexelCopyBufferLayout {
                    offset: 0,
                    bytes_per_row: Some(4 * side),
                    rows_per_image: None,
                },
                wgpu::Extent3d {
                    width: side,
                    height: side,
                    depth_or_array_layers: 1,
                },
            );
        }
    }
    let view = |mip: u32, layer: u32| {
        texture.create_view(&wgpu::TextureViewDescriptor {
            dimension: Some(wgpu::TextureViewDimension::D2),
            base_mip_level: mip,
            mip_level_count: Some(1),
            base_array_layer: layer,
            array_layer_count: Some(1),
            ..Default::default()
        })
    };
    let (mip_1_layer_1, mip_2_layer_0) = (view(1, 1), view(2, 0));
    let table = gpu.device.create_resource_table(&wgpu::ResourceTableDescriptor {
        label: Some("views"),
        size: 4,
    });
    assert_eq!(table.insert(wgpu::BindingResource::TextureView(&mip_1_layer_1)), Ok(0));
    assert_eq!(table.insert(wgpu::BindingResource::TextureView(&mip_2_layer_0)), Ok(1));
    let pipeline = compute_pipeline(&gpu.device, READ_TWO_SLOTS);
    // A compute pass of one dispatch reading slots 0 and 1, after a pass call if any.
    let dispatch = |encoder: &mut wgpu::CommandEncoder, call: Option<Usage>| {
        let out = gpu.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("out"),
            size: 16,
            usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
            mapped_at_creation: false,
        });
        let group = group_0(&gpu.device, &pipeline, vec![out.as_entire_binding()]);
        let mut pass = encoder.begin_compute_pass(&Default::default());
        pass.set_resource_table(Some(&table));
        pass.set_pipeline(&pipeline);
        pass.set_bind_group(0, &group, &[]);
        if let Some(usage) = call {
            pass.set_resource_usage(&table, &texture, usage);
        }
        pass.dispatch_workgroups(1, 1, 1);
        drop(pass);
        out
    };
    let mut encoder = gpu.device.create_command_encoder(&Default::default());
    let first = dispatch(&mut encoder, None);
    let hidden = dispatch(&mut encoder, Some(Usage::None));
    encoder.set_resource_usage(&table, &texture, Usage::ReadOnly);
    let shown = dispatch(&mut encoder, None);
    gpu.queue.submit([encoder.finish()]);
    let read_words = |b: &wgpu::Buffer| words(&gpu.read_buffer(b));
    assert_eq!(read_words(&first), [1, 12, 1, 21], "mip 1 layer 1, mip 2 layer 0");
    assert_eq!(read_words(&hidden), [0, 0, 0, 0]);
    assert_eq!(read_words(&shown), [1, 12, 1, 21]);
    let messages = gpu.take_validation_messages();
    assert!(messages.is_empty(), "{messages:#?}");
}

/// Two threads record command buffers with calls on one table at once, each hiding its own
/// texture; submitted together, each command buffer sees the calls of those before it in
/// the submission, and the table keeps both. Then two threads show them again the same way.
#[test]
fn gpu_calls_recorded_on_two_threads() {
    let scene = scene();
    let device = &scene.gpu.device;
    let second = texture_2d(
        device,
        wgpu::TextureFormat::R32Uint,
        1,
        1,
        wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
    );
    write_texel(&scene.gpu.queue, &second, 8);
    let second_view = second.create_view(&Default::default());
    // Slot 1 (the material) holds the second texture instead.
    assert_eq!(scene.table.remove(1), Ok(()));
    scene.gpu.wait();
    assert_eq!(
        scene.table.update(1, wgpu::BindingResource::TextureView(&second_view)),
        Ok(())
    );
    let mut encoder = device.create_command_encoder(&Default::default());
    scene.render(&mut encoder, 2.0);
    scene.gpu.queue.submit([encoder.finish()]);
    assert_eq!(scene.read_now(), [1, 2, 1, 8]);

    let record_on_two_threads = |usage: Usage| {
        std::thread::scope(|s| {
            let on = |texture: &'static str| {
                let scene = &scene;
                let second = &second;
                s.spawn(move || {
                    let mut encoder = scene.gpu.device.create_command_encoder(&Default::default());
                    let member = if texture == "target" { &scene.target } else { second };
                    encoder.set_resource_usage(&scene.table, member, usage);
                    let out = scene.read(&mut encoder);
                    (encoder.finish(), out)
                })
            };
            let (a, b) = (on("target"), on("second"));
            (a.join().unwrap(), b.join().unwrap())
        })
    };
    let ((a, a_out), (b, b_out)) = record_on_two_threads(Usage::None);
    scene.gpu.queue.submit([a, b]);
    assert_eq!(scene.words(&a_out), [0, 0, 1, 8], "its own call");
    assert_eq!(scene.words(&b_out), [0, 0, 0, 0], "its own call and the one before it");
    assert_eq!(scene.read_now(), [0, 0, 0, 0]);

    let ((a, a_out), (b, b_out)) = record_on_two_threads(Usage::ReadOnly);
    scene.gpu.queue.submit([a, b]);
    assert_eq!(scene.words(&a_out), [1, 2, 0, 0], "its own call");
    assert_eq!(scene.words(&b_out), [1, 2, 1, 8], "its own call and the one before it");
    assert_eq!(scene.read_now(), [1, 2, 1, 8]);
    scene.assert_layer_clean();
}

/// A compute pass of one dispatch of `pipeline` (group 0: an output of two words, 99 each)
/// with `table`; returns the output.
fn dispatch_through(
    gpu: &GpuContext,
    encoder: &mut wgpu::CommandEncoder,
    table: &wgpu::ResourceTable,
    pipeline: &wgpu::ComputePipeline,
) -> wgpu::Buffer {
    let out = hal_ext::harness::buffer_of_words(&gpu.device, &gpu.queue, &[99; 2], wgpu::BufferUsages::STORAGE);
    hal_ext::harness::dispatch_through_table(&gpu.device, encoder, table, pipeline, &out);
    out
}

/// Writes 5 to word 0 of slot 0's buffer where it is writable through the table.
const WRITE_THROUGH_SLOT_0: &str = "
enable resource_table;
struct Words { w: array<u32> }
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(1) fn main() {
    out[0] = u32(hasResource<ptr<storage, Words, read_write>>(0u));
    if hasResource<ptr<storage, Words, read_write>>(0u) {
        let p = getResource<ptr<storage, Words, read_write>>(0u);
        (*p).w[0] = 5u;
    }
}";

/// Reads word 0 of slot 0's buffer where it is readable through the table.
const READ_THROUGH_SLOT_0: &str = "
enable resource_table;
struct Words { w: array<u32> }
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(1) fn main() {
    out[0] = u32(hasResource<ptr<storage, Words, read>>(0u));
    let p = getResource<ptr<storage, Words, read>>(0u);
    out[1] = (*p).w[0];
}";

/// A `Writable` call moves a buffer whose table usage is `ReadOnly` to the writable state,
/// and the dispatch after it writes through the table. A command buffer after it in the
/// submission, finished before the call and reading the buffer through the table only (it
/// does not move it back), does not see it there (conservative: the standard would show
/// what was written, with no barrier between the write and that read); the next
/// submission does, with the call's usage.
#[test]
fn gpu_a_moved_member_is_hidden_from_the_command_buffers_after_the_call() {
    let gpu = GpuContext::new(wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE, wgpu::Limits::default());
    let (write, read) = (
        compute_pipeline(&gpu.device, WRITE_THROUGH_SLOT_0),
        compute_pipeline(&gpu.device, READ_THROUGH_SLOT_0),
    );
    let table = gpu.device.create_resource_table(&wgpu::ResourceTableDescriptor {
        label: Some("buffers"),
        size: 4,
    });
    let data = hal_ext::harness::buffer_of_words(&gpu.device, &gpu.queue, &[1; 4], wgpu::BufferUsages::STORAGE);
    assert_eq!(table.insert(data.as_entire_binding()), Ok(0));
    let dispatch = |encoder: &mut wgpu::CommandEncoder, pipeline: &wgpu::ComputePipeline| {
        dispatch_through(&gpu, encoder, &table, pipeline)
    };
    let read_now = || {
        let mut encoder = gpu.device.create_command_encoder(&Default::default());
        let out = dispatch(&mut encoder, &read);
        gpu.queue.submit([encoder.finish()]);
        words(&gpu.read_buffer(&out))
    };
    assert_eq!(read_now(), [1, 1]);

    let mut late = gpu.device.create_command_encoder(&Default::default());
    let late_out = dispatch(&mut late, &read);
    let late = late.finish();
    let mut calling = gpu.device.create_command_encoder(&Default::default());
    calling.set_resource_usage(&table, &data, Usage::Writable);
    let wrote = dispatch(&mut calling, &write);
    gpu.queue.submit([calling.finish(), late]);
    assert_eq!(words(&gpu.read_buffer(&wrote)), [1, 99], "written through the table");
    assert_eq!(
        words(&gpu.read_buffer(&late_out)),
        [0, 0],
        "hidden after the moving call"
    );
    assert_eq!(read_now(), [1, 5], "the call's usage, and what was written");
    let messages = gpu.take_validation_messages();
    assert!(messages.is_empty(), "{messages:#?}");
}

/// A call that moves a buffer only its table held at `finish()`, which another table takes
/// before the submission: every table hides it from the start of that command buffer to the
/// end of the submission (the other table would show it in its table state), except where
/// the call shows it, as it says.
#[test]
fn gpu_a_moved_member_another_table_took_since_finish_is_hidden_there() {
    let gpu = GpuContext::new(wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE, wgpu::Limits::default());
    let (write, read) = (
        compute_pipeline(&gpu.device, WRITE_THROUGH_SLOT_0),
        compute_pipeline(&gpu.device, READ_THROUGH_SLOT_0),
    );
    let table = |label| {
        gpu.device.create_resource_table(&wgpu::ResourceTableDescriptor {
            label: Some(label),
            size: 4,
        })
    };
    let (called, other) = (table("called"), table("other"));
    let data = hal_ext::harness::buffer_of_words(
        &gpu.device,
        &gpu.queue,
        &[1; 4],
        wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
    );
    assert_eq!(called.insert(data.as_entire_binding()), Ok(0));
    let dispatch =
        |encoder: &mut wgpu::CommandEncoder, table: &wgpu::ResourceTable, pipeline: &wgpu::ComputePipeline| {
            dispatch_through(&gpu, encoder, table, pipeline)
        };
    let mut encoder = gpu.device.create_command_encoder(&Default::default());
    let before = dispatch(&mut encoder, &called, &read);
    encoder.set_resource_usage(&called, &data, Usage::Writable);
    let wrote = dispatch(&mut encoder, &called, &write);
    let through_other = dispatch(&mut encoder, &other, &read);
    let commands = encoder.finish();
    assert_eq!(other.insert(data.as_entire_binding()), Ok(0));
    gpu.queue.submit([commands]);
    assert_eq!(
        words(&gpu.read_buffer(&through_other)),
        [0, 0],
        "the other table hides it"
    );
    assert_eq!(
        words(&gpu.read_buffer(&before)),
        [0, 0],
        "hidden from the command buffer's start (conservative)"
    );
    assert_eq!(words(&gpu.read_buffer(&wrote)), [1, 99], "writable after it");
    assert_eq!(words(&gpu.read_buffer(&data))[0], 5, "written");
    let mut encoder = gpu.device.create_command_encoder(&Default::default());
    let next = dispatch(&mut encoder, &called, &read);
    gpu.queue.submit([encoder.finish()]);
    assert_eq!(
        words(&gpu.read_buffer(&next)),
        [1, 5],
        "the call's usage from the next submission"
    );
    let messages = gpu.take_validation_messages();
    assert!(messages.is_empty(), "{messages:#?}");
}

/// Reads slot 0 as a sampled `texture_2d<u32>`: shown, texel (0, 0).
const SAMPLE_SLOT_0: &str = "
enable resource_table;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(1) fn main() {
    out[0] = u32(hasResource<texture_2d<u32>>(0u));
    out[1] = textureLoad(getResource<texture_2d<u32>>(0u), vec2(0), 0).x;
}";

/// Stores 7 at texel (0, 0) of slot 0 where it is a read-write storage texture.
const STORE_SLOT_0: &str = "
enable resource_table;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(1) fn main() {
    out[0] = u32(hasResource<texture_storage_2d<u32, read_write>>(0u));
    if hasResource<texture_storage_2d<u32, read_write>>(0u) {
        textureStore(getResource<texture_storage_2d<u32, read_write>>(0u), vec2(0), vec4(7u));
    }
}";

/// A texture with both sampled and storage usages in a heterogeneous table, switched within
/// one command buffer: read sampled, written through its storage descriptor after a
/// `Writable` call, read sampled again after a `ReadOnly` one. Its slot holds both
/// descriptors (storage images have an array of their own), so each call takes effect where
/// it stands.
#[test]
fn gpu_a_texture_switches_between_its_sampled_and_storage_descriptors_in_one_command_buffer() {
    let gpu = GpuContext::new(wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE, wgpu::Limits::default());
    let texture = texture_2d(
        &gpu.device,
        wgpu::TextureFormat::R32Uint,
        1,
        1,
        wgpu::TextureUsages::TEXTURE_BINDING
            | wgpu::TextureUsages::STORAGE_BINDING
            | wgpu::TextureUsages::COPY_DST
            | wgpu::TextureUsages::COPY_SRC,
    );
    write_texel(&gpu.queue, &texture, 42);
    let view = texture.create_view(&Default::default());
    let table = gpu.device.create_resource_table(&wgpu::ResourceTableDescriptor {
        label: Some("both"),
        size: 4,
    });
    assert_eq!(table.insert(wgpu::BindingResource::TextureView(&view)), Ok(0));
    let (sample, store) = (
        compute_pipeline(&gpu.device, SAMPLE_SLOT_0),
        compute_pipeline(&gpu.device, STORE_SLOT_0),
    );
    let mut encoder = gpu.device.create_command_encoder(&Default::default());
    let sampled = dispatch_through(&gpu, &mut encoder, &table, &sample);
    encoder.set_resource_usage(&table, &texture, Usage::Writable);
    let hidden_from_sampling = dispatch_through(&gpu, &mut encoder, &table, &sample);
    let stored = dispatch_through(&gpu, &mut encoder, &table, &store);
    encoder.set_resource_usage(&table, &texture, Usage::ReadOnly);
    let sampled_again = dispatch_through(&gpu, &mut encoder, &table, &sample);
    gpu.queue.submit([encoder.finish()]);
    let read = |b: &wgpu::Buffer| words(&gpu.read_buffer(b));
    assert_eq!(read(&sampled), [1, 42]);
    assert_eq!(read(&hidden_from_sampling), [0, 0], "`Writable` is storage only");
    assert_eq!(read(&stored), [1, 99]);
    assert_eq!(read(&sampled_again), [1, 7]);
    assert_eq!(words(&gpu.read_texture(&texture)), [7]);
    let messages = gpu.take_validation_messages();
    assert!(messages.is_empty(), "{messages:#?}");
}

/// After a `None` call nothing puts the member back in the table's state, so a render pass
/// may discard what it rendered; a later call that shows it again reads zeros, as a bindful
/// read of a discarded texture does: in the same command buffer (an encoder's call, and a
/// compute pass's), and in a later submission.
#[test]
fn gpu_a_member_discarded_after_none_reads_zeros_when_shown_again() {
    let scene = scene();
    let discard = |encoder: &mut wgpu::CommandEncoder| {
        encoder.set_resource_usage(&scene.table, &scene.target, Usage::None);
        scene.render_then(encoder, 7.0, wgpu::StoreOp::Discard);
    };
    // Stored first, so that the discard has something to throw away.
    let mut encoder = scene.gpu.device.create_command_encoder(&Default::default());
    scene.render(&mut encoder, 5.0);
    let stored = scene.read(&mut encoder);
    discard(&mut encoder);
    encoder.set_resource_usage(&scene.table, &scene.target, Usage::ReadOnly);
    let encoder_call = scene.read(&mut encoder);
    discard(&mut encoder);
    let (in_pass, group) = scene.out();
    {
        let mut pass = encoder.begin_compute_pass(&Default::default());
        pass.set_resource_table(Some(&scene.table));
        pass.set_pipeline(&scene.pipeline);
        pass.set_resource_usage(&scene.table, &scene.target, Usage::ReadOnly);
        pass.set_bind_group(0, &group, &[]);
        pass.dispatch_workgroups(1, 1, 1);
    }
    discard(&mut encoder);
    scene.gpu.queue.submit([encoder.finish()]);
    assert_eq!(scene.words(&stored), [1, 5, 1, 31]);
    assert_eq!(scene.words(&encoder_call), [1, 0, 1, 31], "the encoder's call");
    assert_eq!(scene.words(&in_pass), [1, 0, 1, 31], "the compute pass's call");
    assert_eq!(scene.read_now(), [0, 0, 1, 31], "left `None`");
    let mut encoder = scene.gpu.device.create_command_encoder(&Default::default());
    encoder.set_resource_usage(&scene.table, &scene.target, Usage::ReadOnly);
    let later = scene.read(&mut encoder);
    scene.gpu.queue.submit([encoder.finish()]);
    assert_eq!(scene.words(&later), [1, 0, 1, 31], "a later submission's call");
    scene.assert_layer_clean();
}

/// Four slots' visibility and texel, as eight words.
const READ_FOUR_SLOTS: &str = "
enable resource_table;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(1) fn main() {
    for (var i = 0u; i < 4u; i++) {
        out[2u * i] = u32(hasResource<texture_2d<u32>>(i));
        out[2u * i + 1u] = textureLoad(getResource<texture_2d<u32>>(i), vec2(0), 0).x;
    }
}";

/// A material's word read through the table's slot 3 (a buffer), plus 100 where slot 0
/// shows a texture, written into the target. (The pass's shader reads no texture through
/// the table: the layer of this machine takes every descriptor of a texture array a shader
/// uses as read, and so reports the shadow map each pass renders to as read there;
/// KhronosGroup/Vulkan-ValidationLayers#3450.)
const DRAW_SLOT_3: &str = "
enable resource_table;
struct Words { w: array<u32> }
@vertex fn vs(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
    return vec4(f32(i & 1u) * 4.0 - 1.0, f32(i >> 1u) * 4.0 - 1.0, 0.0, 1.0);
}
@fragment fn fs() -> @location(0) vec4<u32> {
    let material = getResource<ptr<storage, Words, read>>(3u);
    return vec4((*material).w[0] + 100u * u32(hasResource<texture_2d<u32>>(0u)));
}";

/// The standard's shadow-map program, whole: three shadow maps in the table beside a
/// material (a buffer; the probe reads slots as textures, so it reads none there); `None` on the maps, three render passes that each draw into one map through the
/// table (reading the material, and seeing no map), `ReadOnly` on the maps, then a pass that
/// reads them all. The same again in a second submission whose first command buffer leaves
/// the maps `None` and whose second, finished before it and without calls, still sees them
/// hidden; then a device-timeline `ReadOnly` shows what the last passes drew.
#[test]
fn gpu_the_shadow_map_program_with_none_and_read_only() {
    let gpu = GpuContext::new(wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE, wgpu::Limits::default());
    let device = &gpu.device;
    let format = wgpu::TextureFormat::R32Uint;
    let usage = wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::RENDER_ATTACHMENT;
    let maps = [(); 3].map(|()| texture_2d(device, format, 1, 1, usage));
    let views = maps.each_ref().map(|t| t.create_view(&Default::default()));
    let material = wgpu::util::DeviceExt::create_buffer_init(
        device,
        &wgpu::util::BufferInitDescriptor {
            label: Some("material"),
            contents: &31u32.to_le_bytes(),
            usage: wgpu::BufferUsages::STORAGE,
        },
    );
    let table = device.create_resource_table(&wgpu::ResourceTableDescriptor {
        label: Some("shadows"),
        size: 4,
    });
    for (i, view) in views.iter().enumerate() {
        assert_eq!(table.insert(wgpu::BindingResource::TextureView(view)), Ok(i as u32));
    }
    assert_eq!(table.insert(material.as_entire_binding()), Ok(3));
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some("draw slot 3"),
        source: wgpu::ShaderSource::Wgsl(DRAW_SLOT_3.into()),
    });
    let draw = hal_ext::harness::render_pipeline(device, &module, None, format);
    let reader = compute_pipeline(device, READ_FOUR_SLOTS);
    let read = |encoder: &mut wgpu::CommandEncoder| {
        let out = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("out"),
            size: 32,
            usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
            mapped_at_creation: false,
        });
        let group = group_0(device, &reader, vec![out.as_entire_binding()]);
        let mut pass = encoder.begin_compute_pass(&Default::default());
        pass.set_resource_table(Some(&table));
        pass.set_pipeline(&reader);
        pass.set_bind_group(0, &group, &[]);
        pass.dispatch_workgroups(1, 1, 1);
        drop(pass);
        out
    };
    let shadows = |encoder: &mut wgpu::CommandEncoder| {
        for map in &maps {
            encoder.set_resource_usage(&table, map, Usage::None);
        }
        for view in &views {
            let mut pass = hal_ext::harness::clear_pass_with_table(encoder, view, wgpu::Color::BLACK, &table);
            pass.set_pipeline(&draw);
            pass.draw(0..3, 0..1);
        }
    };
    let mut encoder = device.create_command_encoder(&Default::default());
    shadows(&mut encoder);
    let hidden = read(&mut encoder);
    for map in &maps {
        encoder.set_resource_usage(&table, map, Usage::ReadOnly);
    }
    let shown = read(&mut encoder);
    gpu.queue.submit([encoder.finish()]);
    let words_of = |b: &wgpu::Buffer| words(&gpu.read_buffer(b));
    assert_eq!(words_of(&hidden), [0, 0, 0, 0, 0, 0, 0, 0], "between the calls");
    assert_eq!(
        words_of(&shown),
        [1, 31, 1, 31, 1, 31, 0, 0],
        "drawn with slot 0 hidden"
    );

    let mut later = device.create_command_encoder(&Default::default());
    let later_read = read(&mut later);
    let later = later.finish();
    let mut encoder = device.create_command_encoder(&Default::default());
    shadows(&mut encoder);
    gpu.queue.submit([encoder.finish(), later]);
    assert_eq!(
        words_of(&later_read),
        [0, 0, 0, 0, 0, 0, 0, 0],
        "after a command buffer leaving them `None`"
    );
    for map in &maps {
        table.set_resource_usage(map, Usage::ReadOnly);
    }
    let mut encoder = device.create_command_encoder(&Default::default());
    let last = read(&mut encoder);
    gpu.queue.submit([encoder.finish()]);
    assert_eq!(words_of(&last), [1, 31, 1, 31, 1, 31, 0, 0]);
    let messages = gpu.take_validation_messages();
    assert!(messages.is_empty(), "{messages:#?}");
}

/// A compute pass's call changes its member's table state, and a dispatch after it writes
/// the texture through a bindful storage binding: when the pass ends, the command buffer
/// notes the member against the call's state, so the next pass that reads the table reads
/// what the dispatch wrote, in the sampled state, layer clean. Run with the member in its
/// table state before the pass, and with an encoder's `None` before it (which left it
/// without one, the call's restores elided).
#[test]
fn gpu_a_bindful_write_after_a_pass_call_is_restored_after_the_pass() {
    let gpu = GpuContext::new(wgpu::Features::SAMPLING_RESOURCE_TABLE, wgpu::Limits::default());
    let device = &gpu.device;
    let texture = texture_2d(
        device,
        wgpu::TextureFormat::R32Uint,
        1,
        1,
        wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::STORAGE_BINDING,
    );
    let view = texture.create_view(&Default::default());
    let table = device.create_resource_table(&wgpu::ResourceTableDescriptor {
        label: Some("written"),
        size: 4,
    });
    assert_eq!(table.insert(wgpu::BindingResource::TextureView(&view)), Ok(0));
    gpu.queue.submit([]);
    let writer = compute_pipeline(
        device,
        "@group(0) @binding(0) var t: texture_storage_2d<r32uint, write>;
@compute @workgroup_size(1) fn main() { textureStore(t, vec2(0), vec4(5u)); }",
    );
    let group = group_0(device, &writer, vec![wgpu::BindingResource::TextureView(&view)]);
    let reader = compute_pipeline(device, READ_TWO_SLOTS);
    for before in [None, Some(Usage::None)] {
        let out = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("out"),
            size: 16,
            usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
            mapped_at_creation: false,
        });
        let mut encoder = device.create_command_encoder(&Default::default());
        if let Some(usage) = before {
            encoder.set_resource_usage(&table, &texture, usage);
        }
        {
            let mut pass = encoder.begin_compute_pass(&Default::default());
            pass.set_resource_table(Some(&table));
            pass.set_resource_usage(&table, &texture, Usage::ReadOnly);
            pass.set_pipeline(&writer);
            pass.set_bind_group(0, &group, &[]);
            pass.dispatch_workgroups(1, 1, 1);
        }
        hal_ext::harness::dispatch_through_table(device, &mut encoder, &table, &reader, &out);
        gpu.queue.submit([encoder.finish()]);
        assert_eq!(
            words(&gpu.read_buffer(&out)),
            [1, 5, 0, 0],
            "{before:?} before the pass"
        );
        let messages = gpu.take_validation_messages();
        assert!(messages.is_empty(), "{before:?} before the pass: {messages:#?}");
    }
}

/// A buffer's `None` call elides its restores as a texture's does: a copy writes it after the
/// call, a table pass then sees it hidden, a `ReadOnly` call shows what the copy wrote, and
/// the next submission reads it too, layer clean. (The layer of this machine does not check
/// storage buffers in a mutable descriptor array: the tracker's barriers are the noop tests'.)
#[test]
fn gpu_a_buffer_written_after_none_shows_the_write_after_read_only() {
    let gpu = GpuContext::new(wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE, wgpu::Limits::default());
    let read = compute_pipeline(&gpu.device, READ_THROUGH_SLOT_0);
    let table = gpu.device.create_resource_table(&wgpu::ResourceTableDescriptor {
        label: Some("buffers"),
        size: 4,
    });
    let usage = wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::COPY_SRC;
    let data = hal_ext::harness::buffer_of_words(&gpu.device, &gpu.queue, &[1; 4], usage);
    let seven = hal_ext::harness::buffer_of_words(&gpu.device, &gpu.queue, &[7; 4], usage);
    assert_eq!(table.insert(data.as_entire_binding()), Ok(0));
    gpu.queue.submit([]);
    let mut encoder = gpu.device.create_command_encoder(&Default::default());
    let before = dispatch_through(&gpu, &mut encoder, &table, &read);
    encoder.set_resource_usage(&table, &data, Usage::None);
    encoder.copy_buffer_to_buffer(&seven, 0, &data, 0, 16);
    let hidden = dispatch_through(&gpu, &mut encoder, &table, &read);
    encoder.set_resource_usage(&table, &data, Usage::ReadOnly);
    let shown = dispatch_through(&gpu, &mut encoder, &table, &read);
    gpu.queue.submit([encoder.finish()]);
    let words_of = |b: &wgpu::Buffer| words(&gpu.read_buffer(b));
    assert_eq!(words_of(&before), [1, 1]);
    assert_eq!(words_of(&hidden), [0, 0], "after `None`");
    assert_eq!(words_of(&shown), [1, 7], "after `ReadOnly`: the copy's words");
    let mut encoder = gpu.device.create_command_encoder(&Default::default());
    let next = dispatch_through(&gpu, &mut encoder, &table, &read);
    gpu.queue.submit([encoder.finish()]);
    assert_eq!(words_of(&next), [1, 7], "the next submission");
    let messages = gpu.take_validation_messages();
    assert!(messages.is_empty(), "{messages:#?}");
}
