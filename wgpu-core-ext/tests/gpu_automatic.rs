//! The automatic model on Vulkan (validation layer on): textures read through a table with no
//! `pin` at all. What is built so far: a texture joins its table state when a table shows it
//! (zeroing what was never written), returns to it after queue writes, and after passes that
//! render to it or dispatches that write it (before the next pass or dispatch that reads
//! tables, and at the end of the command buffer). Render passes take their table when they
//! begin, and their bundles use it. A usage scope (a dispatch, a render pass) that uses a
//! member in a way that conflicts with its table usage does not see it through the table:
//! the last tests read a slot visible, hidden and visible again across dispatches and
//! passes.

use hal_ext::harness::{
    compute_pipeline, group_0, texture_2d, words, write_texel, GpuContext, SHOWN_AS_READ_AND_WRITE,
};
use wgpu::ResourceTableUsage as Usage;

const READ_THREE_SLOTS: &str = "
enable resource_table;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(1) fn main() {
    for (var i = 0u; i < 3u; i++) {
        out[2u * i] = u32(hasResource<texture_2d<u32>>(i));
        out[2u * i + 1u] = textureLoad(getResource<texture_2d<u32>>(i), vec2(0), 0).x;
    }
}";

/// Runs `pipeline` once with `table` and returns the six words it wrote.
fn run(gpu: &GpuContext, table: &wgpu::ResourceTable, pipeline: &wgpu::ComputePipeline) -> Vec<u32> {
    let mut encoder = gpu.device.create_command_encoder(&Default::default());
    let out = read_through(gpu, &mut encoder, table, pipeline);
    gpu.queue.submit([encoder.finish()]);
    words(&gpu.read_buffer(&out))
}

fn u32_texture(gpu: &GpuContext) -> wgpu::Texture {
    texture_2d(
        &gpu.device,
        wgpu::TextureFormat::R32Uint,
        1,
        1,
        wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
    )
}

/// An automatic table labelled "scene".
fn scene_table(gpu: &GpuContext, size: u32) -> wgpu::ResourceTable {
    gpu.device.create_resource_table(&wgpu::ResourceTableDescriptor {
        label: Some("scene"),
        size,
    })
}

/// A 1×1 `R32Uint` texture to render to and read through tables.
fn u32_attachment(gpu: &GpuContext) -> wgpu::Texture {
    texture_2d(
        &gpu.device,
        wgpu::TextureFormat::R32Uint,
        1,
        1,
        wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::RENDER_ATTACHMENT,
    )
}

/// Three 1×1 render targets of `format` to read back, and their views.
fn three_targets(gpu: &GpuContext, format: wgpu::TextureFormat) -> ([wgpu::Texture; 3], [wgpu::TextureView; 3]) {
    let targets = [(); 3].map(|()| {
        texture_2d(
            &gpu.device,
            format,
            1,
            1,
            wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
        )
    });
    let views = targets.each_ref().map(|t| t.create_view(&Default::default()));
    (targets, views)
}

/// The validation layer said nothing.
fn assert_layer_clean(gpu: &GpuContext) {
    let messages = gpu.take_validation_messages();
    assert!(messages.is_empty(), "{messages:#?}");
}

#[test]
fn gpu_sampled_without_a_pin_reads_written_texels_and_zeros_where_never_written() {
    let gpu = GpuContext::new(wgpu::Features::SAMPLING_RESOURCE_TABLE, wgpu::Limits::default());
    let table = scene_table(&gpu, 4);
    let (written, never) = (u32_texture(&gpu), u32_texture(&gpu));
    write_texel(&gpu.queue, &written, 0xA11CE);
    let (vw, vn) = (
        written.create_view(&Default::default()),
        never.create_view(&Default::default()),
    );
    assert_eq!(table.insert(wgpu::BindingResource::TextureView(&vw)), Ok(0));
    assert_eq!(table.insert(wgpu::BindingResource::TextureView(&vn)), Ok(1));
    let pipeline = compute_pipeline(&gpu.device, READ_THREE_SLOTS);
    assert_eq!(
        run(&gpu, &table, &pipeline),
        [1, 0xA11CE, 1, 0, 0, 0],
        "(has, texel) of slots 0 (written), 1 (never written: zeros), 2 (empty: the default)"
    );

    // A queue write between submissions: the texture goes back to its table state after it.
    write_texel(&gpu.queue, &written, 0xB0B);
    assert_eq!(run(&gpu, &table, &pipeline), [1, 0xB0B, 1, 0, 0, 0]);

    // `None` hides it from the next submission on; `ReadOnly` shows it again.
    table.set_resource_usage(&written, Usage::None);
    assert_eq!(run(&gpu, &table, &pipeline), [0, 0, 1, 0, 0, 0]);
    table.set_resource_usage(&written, Usage::ReadOnly);
    write_texel(&gpu.queue, &written, 7);
    assert_eq!(run(&gpu, &table, &pipeline), [1, 7, 1, 0, 0, 0]);
    assert_layer_clean(&gpu);
}

/// A texture whose contents a render pass discarded before it joined a table reads zeros
/// there, not what the pass left in memory (lavapipe keeps it: a join that did not zero the
/// texture would read 5).
#[test]
fn gpu_discarded_contents_read_as_zeros_through_the_table() {
    discarded_contents(false);
}

/// The same through a pinned table.
#[test]
fn gpu_discarded_contents_read_as_zeros_through_a_pinned_table() {
    discarded_contents(true);
}

fn discarded_contents(pinned: bool) {
    let gpu = GpuContext::new(wgpu::Features::SAMPLING_RESOURCE_TABLE, wgpu::Limits::default());
    let texture = u32_attachment(&gpu);
    let view = texture.create_view(&Default::default());
    clear_then_discard(&gpu, &view, 5.0);
    let desc = wgpu::ResourceTableDescriptor {
        label: Some("scene"),
        size: 4,
    };
    let table = if pinned {
        texture.pin(wgpu::PinnedUsage::Sampled);
        gpu.device.create_pinned_resource_table(&desc)
    } else {
        gpu.device.create_resource_table(&desc)
    };
    assert_eq!(table.model() == wgpu::ResourceTableModel::Pinned, pinned);
    assert_eq!(table.insert(wgpu::BindingResource::TextureView(&view)), Ok(0));
    let pipeline = compute_pipeline(&gpu.device, READ_THREE_SLOTS);
    assert_eq!(run(&gpu, &table, &pipeline), [1, 0, 0, 0, 0, 0]);
    assert_layer_clean(&gpu);
}

/// Buffers without pins: `ReadOnly` by default, written through the table once `Writable`,
/// and a usage set before the buffer's first insertion holds from that insertion.
#[test]
fn gpu_buffers_follow_their_usage_without_pins() {
    let gpu = GpuContext::new(wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE, wgpu::Limits::default());
    let table = gpu.device.create_resource_table(&wgpu::ResourceTableDescriptor {
        label: Some("buffers"),
        size: 4,
    });
    let data = hal_ext::harness::buffer_of_words(
        &gpu.device,
        &gpu.queue,
        &[40, 41, 42, 43],
        wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC | wgpu::BufferUsages::COPY_DST,
    );
    let hidden = hal_ext::harness::buffer_of_words(&gpu.device, &gpu.queue, &[9; 4], wgpu::BufferUsages::STORAGE);
    // Set before it is in the table: the first insertion already shows it hidden.
    table.set_resource_usage(&hidden, Usage::None);
    assert_eq!(table.insert(data.as_entire_binding()), Ok(0));
    assert_eq!(table.insert(hidden.as_entire_binding()), Ok(1));
    const PROGRAM: &str = "
enable resource_table;
struct Words { w: array<u32> }
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(1) fn main() {
    out[0] = u32(hasResource<ptr<storage, Words, read>>(0u));
    out[1] = u32(hasResource<ptr<storage, Words, read_write>>(0u));
    let readable = getResource<ptr<storage, Words, read>>(0u);
    out[2] = readable.w[2];
    out[3] = u32(hasResource<ptr<storage, Words, read>>(1u));
    if hasResource<ptr<storage, Words, read_write>>(0u) {
        let written = getResource<ptr<storage, Words, read_write>>(0u);
        written.w[3] = 77u;
    }
    out[4] = 0u;
    out[5] = 0u;
}";
    let pipeline = compute_pipeline(&gpu.device, PROGRAM);
    assert_eq!(
        run(&gpu, &table, &pipeline),
        [1, 0, 42, 0, 0, 0],
        "ReadOnly: read, not written"
    );
    table.set_resource_usage(&data, Usage::Writable);
    assert_eq!(run(&gpu, &table, &pipeline), [1, 1, 42, 0, 0, 0], "Writable: both");
    assert_eq!(
        words(&gpu.read_buffer(&data)),
        [40, 41, 42, 77],
        "the write through the table landed"
    );
    assert_layer_clean(&gpu);
}

/// A render pass that clears `view` to `red`, then discards it (lavapipe keeps the clear in
/// memory; wgpu counts the texture as never written again).
fn clear_then_discard(gpu: &GpuContext, view: &wgpu::TextureView, red: f64) {
    let mut encoder = gpu.device.create_command_encoder(&Default::default());
    render_to(&mut encoder, view, red, wgpu::StoreOp::Discard);
    gpu.queue.submit([encoder.finish()]);
}

/// A texture that left the table, was rendered to and discarded, and joined again reads
/// zeros: every join puts it back in its table state and zeroes what was discarded, not only
/// its first.
#[test]
fn gpu_a_texture_joining_again_is_zeroed_again() {
    let gpu = GpuContext::new(wgpu::Features::SAMPLING_RESOURCE_TABLE, wgpu::Limits::default());
    let texture = texture_2d(
        &gpu.device,
        wgpu::TextureFormat::R32Uint,
        1,
        1,
        wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_DST,
    );
    write_texel(&gpu.queue, &texture, 9);
    let view = texture.create_view(&Default::default());
    let table = scene_table(&gpu, 4);
    let pipeline = compute_pipeline(&gpu.device, READ_THREE_SLOTS);
    assert_eq!(table.insert(wgpu::BindingResource::TextureView(&view)), Ok(0));
    assert_eq!(run(&gpu, &table, &pipeline), [1, 9, 0, 0, 0, 0]);
    table.remove(0).unwrap();
    clear_then_discard(&gpu, &view, 5.0);
    gpu.wait();
    gpu.device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
    assert_eq!(table.insert(wgpu::BindingResource::TextureView(&view)), Ok(0));
    assert_eq!(run(&gpu, &table, &pipeline), [1, 0, 0, 0, 0, 0]);
    assert_layer_clean(&gpu);
}

/// A render pass to `view` (an `R32Uint` texture) that clears it to `value`, storing it or
/// discarding it.
fn render_to(encoder: &mut wgpu::CommandEncoder, view: &wgpu::TextureView, value: f64, store: wgpu::StoreOp) {
    let red = wgpu::Color {
        r: value,
        g: 0.0,
        b: 0.0,
        a: 0.0,
    };
    hal_ext::harness::clear_pass_with(encoder, view, red, store);
}

/// Records `pipeline` reading `table` into a fresh buffer, returned to be read back.
fn read_through(
    gpu: &GpuContext,
    encoder: &mut wgpu::CommandEncoder,
    table: &wgpu::ResourceTable,
    pipeline: &wgpu::ComputePipeline,
) -> wgpu::Buffer {
    let out = gpu.device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("out"),
        size: 24,
        usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
        mapped_at_creation: false,
    });
    hal_ext::harness::dispatch_through_table(&gpu.device, encoder, table, pipeline, &out);
    out
}

/// A member rendered to, then read through its table with no call in between: in the next
/// pass of the same command buffer, and in the next command buffer. What was stored reads
/// as stored (a program check: lavapipe ignores layouts, so only a real GPU could show a
/// missing transition here; `automatic.rs` checks the states); what was discarded reads as
/// zeros (lavapipe keeps a discarded clear in memory, so a read that skipped the zeroing
/// would see it).
#[test]
fn gpu_a_member_rendered_to_reads_as_rendered_in_the_next_pass_and_command_buffer() {
    let gpu = GpuContext::new(wgpu::Features::SAMPLING_RESOURCE_TABLE, wgpu::Limits::default());
    let texture = u32_attachment(&gpu);
    let view = texture.create_view(&Default::default());
    let table = scene_table(&gpu, 4);
    assert_eq!(table.insert(wgpu::BindingResource::TextureView(&view)), Ok(0));
    let pipeline = compute_pipeline(&gpu.device, READ_THREE_SLOTS);
    let mut results = Vec::new();
    for (value, store) in [
        (7.0, wgpu::StoreOp::Store),
        (5.0, wgpu::StoreOp::Discard),
        (8.0, wgpu::StoreOp::Store),
    ] {
        // The same command buffer.
        let mut encoder = gpu.device.create_command_encoder(&Default::default());
        render_to(&mut encoder, &view, value, store);
        let same = read_through(&gpu, &mut encoder, &table, &pipeline);
        gpu.queue.submit([encoder.finish()]);
        // The next command buffer.
        let mut encoder = gpu.device.create_command_encoder(&Default::default());
        render_to(&mut encoder, &view, value + 1.0, store);
        let first = encoder.finish();
        let mut encoder = gpu.device.create_command_encoder(&Default::default());
        let next = read_through(&gpu, &mut encoder, &table, &pipeline);
        gpu.queue.submit([first, encoder.finish()]);
        results.push((words(&gpu.read_buffer(&same))[1], words(&gpu.read_buffer(&next))[1]));
    }
    assert_eq!(results, [(7, 8), (0, 0), (8, 9)]);
    assert_layer_clean(&gpu);
}

/// A texture that joins a table after the command buffer rendering to it was finished (and
/// before it is submitted): the command buffer did not know to restore it, so its submission
/// queues the texture's return to its table state for the next one. Rendered and discarded,
/// it then reads zeros through the table, not what the pass left in memory (lavapipe keeps
/// it: without the return, the table reads 5). A command buffer after it in the same
/// submission does not see it (it is not shown again after a command buffer that discards
/// it: that would read what was discarded).
#[test]
fn gpu_a_texture_joining_after_finish_reads_its_discarded_contents_as_zeros() {
    let gpu = GpuContext::new(wgpu::Features::SAMPLING_RESOURCE_TABLE, wgpu::Limits::default());
    let texture = u32_attachment(&gpu);
    let view = texture.create_view(&Default::default());
    let table = scene_table(&gpu, 4);
    let pipeline = compute_pipeline(&gpu.device, READ_THREE_SLOTS);
    let mut encoder = gpu.device.create_command_encoder(&Default::default());
    render_to(&mut encoder, &view, 5.0, wgpu::StoreOp::Discard);
    let rendered = encoder.finish();
    assert_eq!(table.insert(wgpu::BindingResource::TextureView(&view)), Ok(0));
    let mut reader = gpu.device.create_command_encoder(&Default::default());
    let same = read_through(&gpu, &mut reader, &table, &pipeline);
    gpu.queue.submit([rendered, reader.finish()]);
    assert_eq!(words(&gpu.read_buffer(&same)), [0; 6], "the same submission: hidden");
    assert_eq!(run(&gpu, &table, &pipeline), [1, 0, 0, 0, 0, 0]);
    assert_layer_clean(&gpu);
}

/// A 4×4 `Depth32Float` shadow map at slot 0 and a material texture holding 31 at slot 1 of
/// an automatic table.
struct ShadowScene {
    shadow: wgpu::Texture,
    shadow_view: wgpu::TextureView,
    _material: wgpu::Texture,
    table: wgpu::ResourceTable,
}

fn shadow_scene(gpu: &GpuContext) -> ShadowScene {
    let shadow = texture_2d(
        &gpu.device,
        wgpu::TextureFormat::Depth32Float,
        4,
        4,
        wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::RENDER_ATTACHMENT,
    );
    let shadow_view = shadow.create_view(&Default::default());
    let material = u32_texture(gpu);
    write_texel(&gpu.queue, &material, 31);
    let table = scene_table(gpu, 8);
    assert_eq!(table.insert(wgpu::BindingResource::TextureView(&shadow_view)), Ok(0));
    let material_view = material.create_view(&Default::default());
    assert_eq!(table.insert(wgpu::BindingResource::TextureView(&material_view)), Ok(1));
    ShadowScene {
        shadow,
        shadow_view,
        _material: material,
        table,
    }
}

/// The shadow pass: clears the shadow map to `depth`, then stores or discards it.
fn shadow_pass(encoder: &mut wgpu::CommandEncoder, view: &wgpu::TextureView, depth: f32, store: wgpu::StoreOp) {
    encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
        label: Some("shadow"),
        depth_stencil_attachment: Some(wgpu::RenderPassDepthStencilAttachment {
            view,
            depth_ops: Some(wgpu::Operations {
                load: wgpu::LoadOp::Clear(depth),
                store,
            }),
            stencil_ops: None,
        }),
        ..Default::default()
    });
}

/// A shadow-map-shaped program, with no `pin` and no usage call while it renders: each frame
/// renders the shadow map (a depth texture the table holds) in one pass and reads it, with a
/// material texture, through the table in the next. Every frame reads that frame's depth, or
/// zeros in the frame whose pass discards it (lavapipe keeps the clear: a missing restore
/// reads 375). Then `None` hides the shadow map from the table while it is rendered, and `ReadOnly`
/// shows it again with what was rendered meanwhile.
#[test]
fn gpu_a_shadow_map_is_rendered_then_read_through_the_table_every_frame() {
    let gpu = GpuContext::new(wgpu::Features::SAMPLING_RESOURCE_TABLE, wgpu::Limits::default());
    let ShadowScene {
        shadow,
        shadow_view,
        table,
        ..
    } = shadow_scene(&gpu);
    let pipeline = compute_pipeline(
        &gpu.device,
        "
enable resource_table;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(1) fn main() {
    out[0] = u32(hasResource<texture_depth_2d>(0u));
    if hasResource<texture_depth_2d>(0u) {
        out[1] = u32(textureLoad(getResource<texture_depth_2d>(0u), vec2(3, 2), 0) * 1000.0);
    }
    out[2] = textureLoad(getResource<texture_2d<u32>>(1u), vec2(0), 0).x;
}",
    );
    let frame_with = |depth: f32, store: wgpu::StoreOp| {
        let mut encoder = gpu.device.create_command_encoder(&Default::default());
        shadow_pass(&mut encoder, &shadow_view, depth, store);
        let out = read_through(&gpu, &mut encoder, &table, &pipeline);
        gpu.queue.submit([encoder.finish()]);
        words(&gpu.read_buffer(&out))[..3].to_vec()
    };
    let frame = |depth| frame_with(depth, wgpu::StoreOp::Store);
    let frames: Vec<_> = [0.25, 0.5, 0.75].map(frame).into();
    assert_eq!(frames, [[1, 250, 31], [1, 500, 31], [1, 750, 31]]);
    assert_eq!(frame_with(0.375, wgpu::StoreOp::Discard), [1, 0, 31], "discarded");
    table.set_resource_usage(&shadow, Usage::None);
    assert_eq!(frame(0.125), [0, 0, 31], "hidden");
    table.set_resource_usage(&shadow, Usage::ReadOnly);
    let mut encoder = gpu.device.create_command_encoder(&Default::default());
    let out = read_through(&gpu, &mut encoder, &table, &pipeline);
    gpu.queue.submit([encoder.finish()]);
    assert_eq!(words(&gpu.read_buffer(&out))[..3], [1, 125, 31], "shown again");
    assert_layer_clean(&gpu);
}

/// Draws the first instance with the shadow map's depth at (3, 2) × 1000 and the second
/// with the material's texel, reading both through the pass's table (slots 0 and 1).
const DRAW_THROUGH_THE_PASS_TABLE: &str = "
enable resource_table;
struct V { @builtin(position) p: vec4<f32>, @location(0) @interpolate(flat) which: u32 }
@vertex fn vs(@builtin(vertex_index) i: u32, @builtin(instance_index) which: u32) -> V {
    let xy = vec2(f32(i & 1u) * 4.0 - 1.0, f32(i >> 1u) * 4.0 - 1.0);
    return V(vec4(xy, 0.0, 1.0), which);
}
@fragment fn fs(v: V) -> @location(0) vec4<u32> {
    if v.which == 0u {
        return vec4(u32(textureLoad(getResource<texture_depth_2d>(0u), vec2(3, 2), 0) * 1000.0));
    }
    return vec4(textureLoad(getResource<texture_2d<u32>>(1u), vec2(0), 0).x);
}";

/// A frame in the standard's form: a shadow pass renders a depth map the table shows, then
/// render passes begun with the table read it, drawing directly and through a render bundle
/// that sets no table (it uses the pass's). No `pin`, no `set_resource_table`, one command
/// buffer: the first pass reads the depth just rendered, the bundle reads the material, and
/// a draw after the bundle still has the pass's table, with a pipeline whose layout has a
/// bind group more (the table's set moves from group 0 to group 1).
#[test]
fn gpu_render_passes_begun_with_a_table_draw_and_run_bundles_through_it() {
    let gpu = GpuContext::new(wgpu::Features::SAMPLING_RESOURCE_TABLE, wgpu::Limits::default());
    let ShadowScene { shadow_view, table, .. } = shadow_scene(&gpu);
    let module = gpu.device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some("draw through the pass table"),
        source: wgpu::ShaderSource::Wgsl(DRAW_THROUGH_THE_PASS_TABLE.into()),
    });
    let format = wgpu::TextureFormat::R32Uint;
    let pipeline = hal_ext::harness::render_pipeline(&gpu.device, &module, None, format);
    let empty = gpu.device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
        label: Some("empty"),
        entries: &[],
    });
    let empty_group = gpu.device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: Some("empty"),
        layout: &empty,
        entries: &[],
    });
    let one_group_more = gpu
        .device
        .create_pipeline_layout_with_resource_table(&wgpu::PipelineLayoutDescriptor {
            label: Some("a group, then the table"),
            bind_group_layouts: &[Some(&empty)],
            immediate_size: 0,
        });
    let pipeline_after = hal_ext::harness::render_pipeline(&gpu.device, &module, Some(&one_group_more), format);
    let mut bundle = hal_ext::harness::bundle_encoder(&gpu.device, Some("material"), format);
    bundle.set_pipeline(&pipeline);
    bundle.draw(0..3, 1..2);
    let bundle = bundle.finish(&Default::default());
    assert!(bundle.uses_resource_table());

    let (targets, views) = three_targets(&gpu, format);
    let mut encoder = gpu.device.create_command_encoder(&Default::default());
    shadow_pass(&mut encoder, &shadow_view, 0.5, wgpu::StoreOp::Store);
    let black = wgpu::Color::BLACK;
    {
        let mut pass = hal_ext::harness::clear_pass_with_table(&mut encoder, &views[0], black, &table);
        pass.set_pipeline(&pipeline);
        pass.draw(0..3, 0..1);
    }
    hal_ext::harness::clear_pass_with_table(&mut encoder, &views[1], black, &table).execute_bundles([&bundle]);
    {
        let mut pass = hal_ext::harness::clear_pass_with_table(&mut encoder, &views[2], black, &table);
        pass.execute_bundles([&bundle]);
        pass.set_pipeline(&pipeline_after);
        pass.set_bind_group(0, &empty_group, &[]);
        pass.draw(0..3, 0..1);
    }
    gpu.queue.submit([encoder.finish()]);
    let read = targets.each_ref().map(|t| words(&gpu.read_texture(t))[0]);
    assert_eq!(read, [500, 31, 500], "direct draw, bundle, draw after the bundle");
    assert_layer_clean(&gpu);
}

/// Side of the texture the dispatches write and read.
const SIDE: u32 = 128;

/// Stores `k` in every texel of `written` (a bindful storage binding).
const WRITE: &str = "
@group(0) @binding(0) var written: texture_storage_2d<r32uint, write>;
@group(0) @binding(1) var<storage, read> k: u32;
@compute @workgroup_size(8, 8) fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    textureStore(written, id.xy, vec4(k));
}";

/// Reads every texel through the table (slot 0) and counts those that are not `expected` in
/// `out[expected]`, keeping the texel at (0, 0) in `out[16 + expected]`.
const READ_THROUGH_THE_TABLE: &str = "
enable resource_table;
@group(0) @binding(0) var<storage, read_write> out: array<atomic<u32>>;
@group(0) @binding(1) var<storage, read> expected: u32;
@compute @workgroup_size(8, 8) fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let texel = textureLoad(getResource<texture_2d<u32>>(0u), id.xy, 0).x;
    if texel != expected {
        atomicAdd(&out[expected], 1u);
    }
    if all(id.xy == vec2(0u)) {
        atomicStore(&out[16u + expected], texel);
    }
}";

/// Eight pairs of dispatches in one compute pass of `table`: `write` stores `k` (1 to 8)
/// through a bind group holding `written`, then `check` reads it through the table, counting
/// what did not read `k` in `out[k]` and keeping the first value it read in `out[16 + k]`.
/// Returns `out`.
fn write_then_read_eight_times(
    gpu: &GpuContext,
    table: &wgpu::ResourceTable,
    (write, check): (&str, &str),
    written: wgpu::BindingResource<'_>,
    [x, y]: [u32; 2],
) -> Vec<u32> {
    let (write, check) = (
        compute_pipeline(&gpu.device, write),
        compute_pipeline(&gpu.device, check),
    );
    let out = hal_ext::harness::buffer_of_words(&gpu.device, &gpu.queue, &[0; 32], wgpu::BufferUsages::STORAGE);
    let frames: Vec<_> = (1..=8u32)
        .map(|k| {
            let k = hal_ext::harness::buffer_of_words(&gpu.device, &gpu.queue, &[k], wgpu::BufferUsages::STORAGE);
            let writes = group_0(&gpu.device, &write, vec![written.clone(), k.as_entire_binding()]);
            let checks = group_0(
                &gpu.device,
                &check,
                vec![out.as_entire_binding(), k.as_entire_binding()],
            );
            (writes, checks)
        })
        .collect();
    let mut encoder = gpu.device.create_command_encoder(&Default::default());
    {
        let mut pass = encoder.begin_compute_pass(&Default::default());
        pass.set_resource_table(Some(table));
        for (writes, checks) in &frames {
            pass.set_pipeline(&write);
            pass.set_bind_group(0, writes, &[]);
            pass.dispatch_workgroups(x, y, 1);
            pass.set_pipeline(&check);
            pass.set_bind_group(0, checks, &[]);
            pass.dispatch_workgroups(x, y, 1);
        }
    }
    gpu.queue.submit([encoder.finish()]);
    words(&gpu.read_buffer(&out))
}

/// A storage texture the table shows, written by one dispatch through a bind group and read
/// through the table by the next, eight times in one compute pass: each read sees every
/// texel the dispatch before it wrote. Between the two the texture goes back to its table
/// state (a layout transition and a memory dependency). Lavapipe runs dispatches in order,
/// so a missing barrier shows only on a GPU that overlaps them (the H100 run in the notes).
#[test]
fn gpu_a_dispatch_reads_through_the_table_what_the_dispatch_before_it_wrote() {
    let gpu = GpuContext::new(wgpu::Features::SAMPLING_RESOURCE_TABLE, wgpu::Limits::default());
    let texture = texture_2d(
        &gpu.device,
        wgpu::TextureFormat::R32Uint,
        SIDE,
        SIDE,
        wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::STORAGE_BINDING,
    );
    let view = texture.create_view(&Default::default());
    let table = scene_table(&gpu, 4);
    assert_eq!(table.insert(wgpu::BindingResource::TextureView(&view)), Ok(0));
    let words = write_then_read_eight_times(
        &gpu,
        &table,
        (WRITE, READ_THROUGH_THE_TABLE),
        wgpu::BindingResource::TextureView(&view),
        [SIDE / 8, SIDE / 8],
    );
    assert_eq!(
        words[1..=8],
        [0; 8],
        "texels that did not read as written, per dispatch pair"
    );
    assert_eq!(
        words[17..=24],
        [1, 2, 3, 4, 5, 6, 7, 8],
        "the texel at (0, 0), per pair"
    );
    assert_layer_clean(&gpu);
}

/// Side of the target whose fragments write through the table, one word each.
const FRAGMENTS: u32 = 64;

/// The fragment stage writes its instance index `k` to the word of its pixel in the
/// `Writable` buffer at slot 0; `check` reads every word through the table and counts those
/// that are not `expected` in `out[expected]`.
const WRITE_IN_A_BUNDLE_THEN_READ: &str = "
enable resource_table;
struct Words { w: array<u32> }
struct V { @builtin(position) p: vec4<f32>, @location(0) @interpolate(flat) k: u32 }
@vertex fn vs(@builtin(vertex_index) i: u32, @builtin(instance_index) k: u32) -> V {
    let xy = vec2(f32(i & 1u) * 4.0 - 1.0, f32(i >> 1u) * 4.0 - 1.0);
    return V(vec4(xy, 0.0, 1.0), k);
}
@fragment fn fs(v: V) -> @location(0) vec4<f32> {
    let words = getResource<ptr<storage, Words, read_write>>(0u);
    let at = u32(v.p.y) * 64u + u32(v.p.x);
    words.w[at] = v.k;
    return vec4(0.0);
}
@group(0) @binding(0) var<storage, read_write> out: array<atomic<u32>>;
@group(0) @binding(1) var<storage, read> expected: u32;
@compute @workgroup_size(64) fn check(@builtin(global_invocation_id) id: vec3<u32>) {
    let words = getResource<ptr<storage, Words, read>>(0u);
    if words.w[id.x] != expected {
        atomicAdd(&out[expected], 1u);
    }
}";

/// A render bundle that sets no table writes through the table its pass was begun with (a
/// `Writable` buffer, from the fragment stage), and the next compute pass reads every word
/// through the table: eight frames in one command buffer. (The table barrier after such a
/// pass orders the writes; neither lavapipe nor an H100 showed its absence: with it
/// removed this still passed 5 runs of 5 there. What fails here is the bundle not drawing
/// with the pass's table.)
#[test]
fn gpu_an_inheriting_bundle_writes_through_the_pass_table_and_the_next_pass_reads_it() {
    let gpu = GpuContext::new(wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE, wgpu::Limits::default());
    let table = scene_table(&gpu, 4);
    let words = FRAGMENTS * FRAGMENTS;
    let buffer = hal_ext::harness::buffer_of_words(
        &gpu.device,
        &gpu.queue,
        &vec![0; words as usize],
        wgpu::BufferUsages::STORAGE,
    );
    assert_eq!(table.insert(buffer.as_entire_binding()), Ok(0));
    table.set_resource_usage(&buffer, Usage::Writable);
    let module = gpu.device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some("write in a bundle, then read"),
        source: wgpu::ShaderSource::Wgsl(WRITE_IN_A_BUNDLE_THEN_READ.into()),
    });
    let format = wgpu::TextureFormat::R8Unorm;
    let draw = hal_ext::harness::render_pipeline(&gpu.device, &module, None, format);
    let check = gpu.device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: Some("check"),
        layout: None,
        module: &module,
        entry_point: Some("check"),
        compilation_options: Default::default(),
        cache: None,
    });
    let target = texture_2d(
        &gpu.device,
        format,
        FRAGMENTS,
        FRAGMENTS,
        wgpu::TextureUsages::RENDER_ATTACHMENT,
    );
    let view = target.create_view(&Default::default());
    let out = hal_ext::harness::buffer_of_words(
        &gpu.device,
        &gpu.queue,
        &[0; 16],
        wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
    );
    let frames: Vec<_> = (1..=8u32)
        .map(|k| {
            let mut bundle = hal_ext::harness::bundle_encoder(&gpu.device, Some("writes"), format);
            bundle.set_pipeline(&draw);
            bundle.draw(0..3, k..k + 1);
            let expected =
                hal_ext::harness::buffer_of_words(&gpu.device, &gpu.queue, &[k], wgpu::BufferUsages::STORAGE);
            let group = group_0(
                &gpu.device,
                &check,
                vec![out.as_entire_binding(), expected.as_entire_binding()],
            );
            (bundle.finish(&Default::default()), group)
        })
        .collect();
    let mut encoder = gpu.device.create_command_encoder(&Default::default());
    for (bundle, group) in &frames {
        hal_ext::harness::clear_pass_with_table(&mut encoder, &view, wgpu::Color::BLACK, &table)
            .execute_bundles([bundle]);
        let mut pass = encoder.begin_compute_pass(&Default::default());
        pass.set_resource_table(Some(&table));
        pass.set_pipeline(&check);
        pass.set_bind_group(0, group, &[]);
        pass.dispatch_workgroups(words / 64, 1, 1);
    }
    gpu.queue.submit([encoder.finish()]);
    let read = hal_ext::harness::words(&gpu.read_buffer(&out));
    assert_eq!(
        read[1..=8],
        [0; 8],
        "words that did not read as the bundle wrote them, per frame"
    );
    assert_layer_clean(&gpu);
}

/// Each round renders `100 + round` into the texture at slot 0, then a dispatch of the same
/// command buffer writes what it reads there through the table into `out[round]`.
const READ_SLOT_ZERO_INTO_ROUND: &str = "
enable resource_table;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@group(0) @binding(1) var<storage, read> round: array<u32>;
@compute @workgroup_size(1) fn main() {
    let missing = select(0u, 1000000u, !hasResource<texture_2d<u32>>(0u));
    out[round[0]] = textureLoad(getResource<texture_2d<u32>>(0u), vec2(0), 0).x + missing;
}";

/// One automatic table, three threads and no pin: one streams textures in and out of it
/// (`insert`, `set_resource_usage`, `remove`, `destroy`), one flips another member between
/// `None` and `ReadOnly`, and one renders to the member at slot 0 and reads it through the
/// table in the same command buffer, round after round. Every round reads exactly what it
/// rendered, the last usage holds, and the validation layer says nothing.
#[test]
fn gpu_one_automatic_table_from_three_threads() {
    hal_ext::harness::isolated("gpu_one_automatic_table_from_three_threads", || {
        // A deadlock fails the test (this process) instead of hanging it.
        std::thread::spawn(|| {
            std::thread::sleep(std::time::Duration::from_secs(300));
            eprintln!("deadlock: the three threads did not finish in 300 s");
            std::process::abort();
        });
        const ROUNDS: u32 = 60;
        let gpu = GpuContext::new(wgpu::Features::SAMPLING_RESOURCE_TABLE, wgpu::Limits::default());
        // Room for every insertion at once: a removed slot waits for submissions.
        let table = scene_table(&gpu, 2 + 2 * ROUNDS);
        let target = u32_attachment(&gpu);
        let target_view = target.create_view(&Default::default());
        assert_eq!(table.insert(wgpu::BindingResource::TextureView(&target_view)), Ok(0));
        let flipped = u32_texture(&gpu);
        write_texel(&gpu.queue, &flipped, 0xF11B);
        let flipped_view = flipped.create_view(&Default::default());
        assert_eq!(table.insert(wgpu::BindingResource::TextureView(&flipped_view)), Ok(1));
        let pipeline = compute_pipeline(&gpu.device, READ_SLOT_ZERO_INTO_ROUND);
        let words_of = |data: &[u32], usage| hal_ext::harness::buffer_of_words(&gpu.device, &gpu.queue, data, usage);
        let out = words_of(&[0; ROUNDS as usize], wgpu::BufferUsages::STORAGE);
        let round = words_of(&[0], wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST);
        let group = group_0(
            &gpu.device,
            &pipeline,
            vec![out.as_entire_binding(), round.as_entire_binding()],
        );
        std::thread::scope(|s| {
            s.spawn(|| {
                for i in 0..ROUNDS {
                    let texture = u32_texture(&gpu);
                    write_texel(&gpu.queue, &texture, i);
                    let view = texture.create_view(&Default::default());
                    let slot = table.insert(wgpu::BindingResource::TextureView(&view)).unwrap();
                    table.set_resource_usage(&texture, if i % 2 == 0 { Usage::None } else { Usage::Writable });
                    table.remove(slot).unwrap();
                    texture.destroy();
                    let _ = gpu.device.poll(wgpu::PollType::Poll);
                }
            });
            s.spawn(|| {
                for i in 0..ROUNDS {
                    let usage = if i % 2 == 0 { Usage::ReadOnly } else { Usage::None };
                    table.set_resource_usage(&flipped, usage);
                    let slot = table.insert(wgpu::BindingResource::TextureView(&flipped_view)).unwrap();
                    table.remove(slot).unwrap();
                }
            });
            s.spawn(|| {
                for r in 0..ROUNDS {
                    gpu.queue.write_buffer(&round, 0, &r.to_le_bytes());
                    let mut encoder = gpu.device.create_command_encoder(&Default::default());
                    let clear = wgpu::Color {
                        r: f64::from(100 + r),
                        g: 0.0,
                        b: 0.0,
                        a: 0.0,
                    };
                    drop(hal_ext::harness::clear_pass(&mut encoder, &target_view, clear));
                    {
                        let mut pass = encoder.begin_compute_pass(&Default::default());
                        pass.set_resource_table(Some(&table));
                        pass.set_pipeline(&pipeline);
                        pass.set_bind_group(0, &group, &[]);
                        pass.dispatch_workgroups(1, 1, 1);
                    }
                    gpu.queue.submit([encoder.finish()]);
                }
            });
        });
        let expected: Vec<u32> = (0..ROUNDS).map(|r| 100 + r).collect();
        assert_eq!(words(&gpu.read_buffer(&out)), expected);
        // The flipping thread's last usage was `None` (not the default): slot 1 hides the
        // texture; `ReadOnly` shows it again.
        let three = compute_pipeline(&gpu.device, READ_THREE_SLOTS);
        assert_eq!(run(&gpu, &table, &three)[..4], [1, 100 + ROUNDS - 1, 0, 0]);
        table.set_resource_usage(&flipped, Usage::ReadOnly);
        assert_eq!(run(&gpu, &table, &three)[..4], [1, 100 + ROUNDS - 1, 1, 0xF11B]);
        assert_layer_clean(&gpu);
    });
}

/// Words of the buffer the dispatches write and read.
const BUFFER_WORDS: u32 = 16_384;

/// Stores `k` in every word of `written` (a bindful storage binding).
const WRITE_WORDS: &str = "
@group(0) @binding(0) var<storage, read_write> written: array<u32>;
@group(0) @binding(1) var<storage, read> k: u32;
@compute @workgroup_size(64) fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    written[id.x] = k;
}";

/// Reads every word through the table (slot 0, `ReadOnly` by default) and counts those that
/// are not `expected` in `out[expected]`, keeping word 0 in `out[16 + expected]`.
const READ_WORDS_THROUGH_THE_TABLE: &str = "
enable resource_table;
struct Words { w: array<u32> }
@group(0) @binding(0) var<storage, read_write> out: array<atomic<u32>>;
@group(0) @binding(1) var<storage, read> expected: u32;
@compute @workgroup_size(64) fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let word = (*getResource<ptr<storage, Words, read>>(0u)).w[id.x];
    if word != expected {
        atomicAdd(&out[expected], 1u);
    }
    if id.x == 0u {
        atomicStore(&out[16u + expected], word);
    }
}";

/// As [`gpu_a_dispatch_reads_through_the_table_what_the_dispatch_before_it_wrote`], for a
/// storage buffer: one dispatch writes it through a bind group, the next reads it through the
/// table, eight times in one compute pass. Between the two the buffer goes back to its table
/// state, which orders the writes before the reads. That barrier could not be shown: with it
/// removed, this still passed 5 runs of 5 on an H100 (and lavapipe runs dispatches in order);
/// what fails here is a buffer the table no longer shows after a bind group wrote it.
#[test]
fn gpu_a_dispatch_reads_through_the_table_the_buffer_the_dispatch_before_it_wrote() {
    let gpu = GpuContext::new(wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE, wgpu::Limits::default());
    let words_of = |data: &[u32], usage| hal_ext::harness::buffer_of_words(&gpu.device, &gpu.queue, data, usage);
    let data = words_of(&[0; BUFFER_WORDS as usize], wgpu::BufferUsages::STORAGE);
    let table = scene_table(&gpu, 4);
    assert_eq!(table.insert(data.as_entire_binding()), Ok(0));
    let words = write_then_read_eight_times(
        &gpu,
        &table,
        (WRITE_WORDS, READ_WORDS_THROUGH_THE_TABLE),
        data.as_entire_binding(),
        [BUFFER_WORDS / 64, 1],
    );
    assert_eq!(
        words[1..=8],
        [0; 8],
        "words that did not read as written, per dispatch pair"
    );
    assert_eq!(words[17..=24], [1, 2, 3, 4, 5, 6, 7, 8], "word 0, per pair");
    assert_layer_clean(&gpu);
}

/// Writes whether slot 0 shows a `texture_2d<u32>` and its texel (0, 0) in `out[2k]` and
/// `out[2k + 1]`, then stores `10 + k` through the bindful storage texture `written`.
const READ_SLOT_ZERO_THEN_STORE: &str = "
enable resource_table;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@group(0) @binding(1) var written: texture_storage_2d<r32uint, write>;
@group(0) @binding(2) var<storage, read> k: u32;
@compute @workgroup_size(1) fn main() {
    out[2u * k] = u32(hasResource<texture_2d<u32>>(0u));
    out[2u * k + 1u] = textureLoad(getResource<texture_2d<u32>>(0u), vec2(0), 0).x;
    textureStore(written, vec2(0), vec4(10u + k));
}";

/// Dispatches of [`READ_SLOT_ZERO_THEN_STORE`] into one `out` buffer.
struct SlotZeroReads<'g> {
    gpu: &'g GpuContext,
    pipeline: wgpu::ComputePipeline,
    out: wgpu::Buffer,
}

impl<'g> SlotZeroReads<'g> {
    /// `out` of `words` words, each 99.
    fn new(gpu: &'g GpuContext, words: usize) -> Self {
        let out =
            hal_ext::harness::buffer_of_words(&gpu.device, &gpu.queue, &vec![99; words], wgpu::BufferUsages::STORAGE);
        Self {
            gpu,
            pipeline: compute_pipeline(&gpu.device, READ_SLOT_ZERO_THEN_STORE),
            out,
        }
    }

    /// Dispatch `k`'s bind group: it writes `written` (and `out[2k]`, `out[2k + 1]`).
    fn group(&self, k: u32, written: &wgpu::TextureView) -> wgpu::BindGroup {
        let gpu = self.gpu;
        let k_buffer = hal_ext::harness::buffer_of_words(&gpu.device, &gpu.queue, &[k], wgpu::BufferUsages::STORAGE);
        group_0(
            &gpu.device,
            &self.pipeline,
            vec![
                self.out.as_entire_binding(),
                wgpu::BindingResource::TextureView(written),
                k_buffer.as_entire_binding(),
            ],
        )
    }

    /// A command buffer of one compute pass per element of `passes` (each setting `table`),
    /// a dispatch per group.
    fn encode(&self, table: &wgpu::ResourceTable, passes: &[&[wgpu::BindGroup]]) -> wgpu::CommandBuffer {
        let mut encoder = self.gpu.device.create_command_encoder(&Default::default());
        for groups in passes {
            let mut pass = encoder.begin_compute_pass(&Default::default());
            pass.set_resource_table(Some(table));
            pass.set_pipeline(&self.pipeline);
            for group in *groups {
                pass.set_bind_group(0, group, &[]);
                pass.dispatch_workgroups(1, 1, 1);
            }
        }
        encoder.finish()
    }

    fn read(&self) -> Vec<u32> {
        words(&self.gpu.read_buffer(&self.out))
    }
}

/// A 1×1 `R32Uint` texture to sample, write as storage and copy to.
fn u32_storage_texture(gpu: &GpuContext) -> wgpu::Texture {
    texture_2d(
        &gpu.device,
        wgpu::TextureFormat::R32Uint,
        1,
        1,
        wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::STORAGE_BINDING | wgpu::TextureUsages::COPY_DST,
    )
}

/// An automatic table ("scene", 4 slots) holding in slot 0 a view of a 1×1 `R32Uint`
/// storage texture `T` (texel 5), and a view of another such texture, not in the table.
struct MemberAndOther {
    table: wgpu::ResourceTable,
    view: wgpu::TextureView,
    other_view: wgpu::TextureView,
}

fn member_and_other(gpu: &GpuContext) -> MemberAndOther {
    let storage = || u32_storage_texture(gpu);
    let (texture, other) = (storage(), storage());
    write_texel(&gpu.queue, &texture, 5);
    let view = texture.create_view(&Default::default());
    let table = scene_table(gpu, 4);
    assert_eq!(table.insert(wgpu::BindingResource::TextureView(&view)), Ok(0));
    MemberAndOther {
        table,
        view,
        other_view: other.create_view(&Default::default()),
    }
}

/// Dispatches of one pipeline reading slot 0 of an automatic table that holds `T`, each
/// binding a storage texture to write: `T` (`W`) or another texture (`-`). The table hides
/// `T` (a `ReadOnly` entry) in the `W` dispatches only. In the first pass `-, W, -, W, W`:
/// visible, hidden, visible (reading what the hidden one wrote), hidden, hidden again (the
/// same slots: nothing to record); the pass ends with `T` hidden, and the next pass's `-`
/// sees it again.
#[test]
fn gpu_dispatches_see_a_slot_visible_hidden_visible() {
    let gpu = GpuContext::new(wgpu::Features::SAMPLING_RESOURCE_TABLE, wgpu::Limits::default());
    let MemberAndOther {
        table,
        view,
        other_view,
    } = member_and_other(&gpu);
    let reads = SlotZeroReads::new(&gpu, 12);
    let writes_t = [false, true, false, true, true, false];
    let groups: Vec<_> = (0..6u32)
        .map(|k| reads.group(k, if writes_t[k as usize] { &view } else { &other_view }))
        .collect();
    gpu.queue.submit([reads.encode(&table, &[&groups[..5], &groups[5..]])]);
    assert_eq!(
        reads.read(),
        [1, 5, 0, 0, 1, 11, 0, 0, 0, 0, 1, 14],
        "(shown, texel) per dispatch: 0 and 0 where hidden (the default)"
    );
    assert_layer_clean(&gpu);
}

/// A texture `T` that joins the table after the `finish()` of a command buffer `A` whose
/// second dispatch writes it: `A` did not know `T` as a member (a *late member*), so `T` is
/// hidden from the whole of `A`, and shown again after it, in its table state, with what
/// `A` wrote: `B`, in the same submission, and `C`, in the next, read it. `Z`, submitted
/// before `A` and not using `T`, sees it. Within `A` this is conservative: the standard
/// would show `T` to its first and third dispatches; it never shows `T` where it is
/// written.
#[test]
fn gpu_a_texture_joining_after_finish_is_hidden_from_that_command_buffer_only() {
    let gpu = GpuContext::new(wgpu::Features::SAMPLING_RESOURCE_TABLE, wgpu::Limits::default());
    let storage = || u32_storage_texture(&gpu);
    let (texture, other) = (storage(), storage());
    write_texel(&gpu.queue, &texture, 5);
    let (view, other_view) = (
        texture.create_view(&Default::default()),
        other.create_view(&Default::default()),
    );
    let table = scene_table(&gpu, 4);
    let reads = SlotZeroReads::new(&gpu, 14);
    let group = |k, written| reads.group(k, written);
    let z = reads.encode(&table, &[&[group(0, &other_view)]]);
    let a = reads.encode(
        &table,
        &[&[group(1, &other_view), group(2, &view), group(3, &other_view)]],
    );
    assert_eq!(table.insert(wgpu::BindingResource::TextureView(&view)), Ok(0));
    let b = reads.encode(&table, &[&[group(4, &other_view)]]);
    gpu.queue.submit([z, a, b]);
    let c = reads.encode(&table, &[&[group(5, &other_view)]]);
    gpu.queue.submit([c]);
    assert_eq!(
        reads.read(),
        [1, 5, 0, 0, 0, 0, 0, 0, 1, 12, 1, 12, 99, 99],
        "(shown, texel) per dispatch: Z's shown, A's three hidden, B's and C's shown"
    );
    assert_layer_clean(&gpu);
}

/// A texture `T` that joins the table after two command buffers that write it were
/// finished, both submitted with a third that only reads the table: `T` is a late member of
/// both writers, hidden from both, and shown after them, so the reader sees what the second
/// wrote.
#[test]
fn gpu_a_texture_late_to_two_command_buffers_is_hidden_from_both_and_shown_after() {
    let gpu = GpuContext::new(wgpu::Features::SAMPLING_RESOURCE_TABLE, wgpu::Limits::default());
    let storage = || u32_storage_texture(&gpu).create_view(&Default::default());
    let (view, other_view) = (storage(), storage());
    let table = scene_table(&gpu, 4);
    let reads = SlotZeroReads::new(&gpu, 6);
    let a = reads.encode(&table, &[&[reads.group(0, &view)]]);
    let b = reads.encode(&table, &[&[reads.group(1, &view)]]);
    assert_eq!(table.insert(wgpu::BindingResource::TextureView(&view)), Ok(0));
    let c = reads.encode(&table, &[&[reads.group(2, &other_view)]]);
    gpu.queue.submit([a, b, c]);
    assert_eq!(
        reads.read(),
        [0, 0, 0, 0, 1, 11],
        "(shown, texel) per command buffer: both writers hidden, the reader sees the second's write"
    );
    assert_layer_clean(&gpu);
}

/// A texture `R` that takes (`remove`, then `update`), after a command buffer's `finish()`,
/// the slot of a member `T` that the command buffer's first dispatch hid (it writes `T`);
/// its second dispatch writes `R`, which the command buffer did not know as a member. After
/// the first dispatch the command buffer copies the slot back from the shadow, which at
/// submit holds `R`'s word: so `R` is hidden from the rest of that submission in both
/// copies (else the second dispatch would read `R` through the table while writing it), and
/// shown in the next.
#[test]
fn gpu_a_late_member_in_a_slot_its_command_buffer_hid_is_hidden_for_the_submission() {
    let gpu = GpuContext::new(wgpu::Features::SAMPLING_RESOURCE_TABLE, wgpu::Limits::default());
    let MemberAndOther {
        table,
        view,
        other_view,
    } = member_and_other(&gpu);
    let reads = SlotZeroReads::new(&gpu, 6);
    let late = u32_storage_texture(&gpu);
    write_texel(&gpu.queue, &late, 9);
    let late_view = late.create_view(&Default::default());
    let a = reads.encode(&table, &[&[reads.group(0, &view), reads.group(1, &late_view)]]);
    table.remove(0).unwrap();
    let updated = table.update(0, wgpu::BindingResource::TextureView(&late_view));
    assert_eq!(updated, Ok(()), "slot 0 is free again: no submission could reach it");
    gpu.queue.submit([a]);
    gpu.queue
        .submit([reads.encode(&table, &[&[reads.group(2, &other_view)]])]);
    assert_eq!(
        reads.read(),
        [0, 0, 0, 0, 1, 11],
        "(shown, texel) per dispatch: both of A's hidden, the next submission's shown (what A wrote)"
    );
    assert_layer_clean(&gpu);
}

/// A buffer the table holds, used outside it by dispatches of one pass: as indirect
/// arguments (dispatch 1: not storage, not a write), as a read-write storage binding (2:
/// WebGPU's "storage", a write) and as a read-only one (3: "storage-read", no write); the
/// pass ends there, and dispatch 4 in the next pass uses other buffers. A `ReadOnly` entry
/// is hidden by the write only; a `Writable` one by the indirect and read-only uses. The
/// same for a buffer pinned `StorageReadWrite`, whose `ReadOnly` entry the table shows as
/// read-only storage (its pin allows read-write storage only: dispatch 1 uses other
/// arguments, dispatch 3 binds it read-write).
#[test]
fn gpu_a_buffer_is_hidden_by_the_uses_that_conflict_with_its_usage() {
    let gpu = GpuContext::new(wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE, wgpu::Limits::default());
    let read_write = compute_pipeline(&gpu.device, SHOWN_AS_READ_AND_WRITE);
    let k_read = SHOWN_AS_READ_AND_WRITE.replace("read_write> k", "read> k");
    let read_only = compute_pipeline(&gpu.device, &k_read);
    let run = |usage: Usage, pinned: bool| {
        let table = scene_table(&gpu, 4);
        // k = 2 at word 0 and k = 3 at word 64 (byte 256); (1, 1, 1) workgroups at byte 16.
        let mut data = [0u32; 128];
        data[..8].copy_from_slice(&[2, 0, 0, 0, 1, 1, 1, 0]);
        data[64] = 3;
        let data = hal_ext::harness::buffer_of_words(
            &gpu.device,
            &gpu.queue,
            &data,
            wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::INDIRECT,
        );
        if pinned {
            data.pin(wgpu::PinnedUsage::StorageReadWrite);
        }
        assert_eq!(table.insert(data.as_entire_binding()), Ok(0));
        table.set_resource_usage(&data, usage);
        let out = hal_ext::harness::buffer_of_words(&gpu.device, &gpu.queue, &[99; 10], wgpu::BufferUsages::STORAGE);
        let k = |k: u32| {
            hal_ext::harness::buffer_of_words(
                &gpu.device,
                &gpu.queue,
                &[k],
                wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::INDIRECT,
            )
        };
        let (k0, k1, k4) = (k(0), k(1), k(4));
        let group = |pipeline: &wgpu::ComputePipeline, k: wgpu::BindingResource<'_>| {
            group_0(&gpu.device, pipeline, vec![out.as_entire_binding(), k])
        };
        let high_words = wgpu::BindingResource::Buffer(wgpu::BufferBinding {
            buffer: &data,
            offset: 256,
            size: None,
        });
        let first_pass = [
            (&read_write, group(&read_write, k0.as_entire_binding())),
            (&read_write, group(&read_write, k1.as_entire_binding())),
            (&read_write, group(&read_write, data.as_entire_binding())),
            // Its pin allows read-write storage only.
            match pinned {
                false => (&read_only, group(&read_only, high_words)),
                true => (&read_write, group(&read_write, high_words)),
            },
        ];
        let next_pass = group(&read_write, k4.as_entire_binding());
        let args =
            hal_ext::harness::buffer_of_words(&gpu.device, &gpu.queue, &[1, 1, 1, 0], wgpu::BufferUsages::INDIRECT);
        let mut encoder = gpu.device.create_command_encoder(&Default::default());
        {
            let mut pass = encoder.begin_compute_pass(&Default::default());
            pass.set_resource_table(Some(&table));
            for (k, (pipeline, group)) in first_pass.iter().enumerate() {
                pass.set_pipeline(pipeline);
                pass.set_bind_group(0, group, &[]);
                match (k, pinned) {
                    (1, false) => pass.dispatch_workgroups_indirect(&data, 16),
                    (1, true) => pass.dispatch_workgroups_indirect(&args, 0),
                    _ => pass.dispatch_workgroups(1, 1, 1),
                }
            }
        }
        {
            let mut pass = encoder.begin_compute_pass(&Default::default());
            pass.set_resource_table(Some(&table));
            pass.set_pipeline(&read_write);
            pass.set_bind_group(0, &next_pass, &[]);
            pass.dispatch_workgroups(1, 1, 1);
        }
        gpu.queue.submit([encoder.finish()]);
        words(&gpu.read_buffer(&out))
    };
    assert_eq!(
        run(Usage::ReadOnly, false),
        [1, 0, 1, 0, 0, 0, 1, 0, 1, 0],
        "ReadOnly: (read, read_write) per dispatch; hidden where bound read-write"
    );
    assert_eq!(
        run(Usage::Writable, false),
        [1, 1, 0, 0, 1, 1, 0, 0, 1, 1],
        "Writable: hidden where its words are indirect arguments or read-only storage"
    );
    assert_eq!(
        run(Usage::ReadOnly, true),
        [1, 0, 1, 0, 0, 0, 0, 0, 1, 0],
        "pinned StorageReadWrite, ReadOnly: hidden where bound read-write (2 and 3)"
    );
    assert_layer_clean(&gpu);
}

/// `10 × (slot 0 shown) + (slot 1 shown) + 100 × texel (0, 0) of slot 0`.
const DRAW_WHAT_THE_TABLE_SHOWS: &str = "
enable resource_table;
@vertex fn vs(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
    return vec4(f32(i & 1u) * 4.0 - 1.0, f32(i >> 1u) * 4.0 - 1.0, 0.0, 1.0);
}
@fragment fn fs() -> @location(0) vec4<u32> {
    let zero = textureLoad(getResource<texture_2d<u32>>(0u), vec2(0), 0).x;
    return vec4(10u * u32(hasResource<texture_2d<u32>>(0u)) + u32(hasResource<texture_2d<u32>>(1u)) + 100u * zero);
}";

/// Three 1×1 `R32Uint` render targets that can be sampled (a member, and the targets of the
/// passes before and after its own), a texture that is only sampled, their views in that
/// order, an empty automatic table ("scene", 4 slots) and a pipeline drawing what it shows
/// ([`DRAW_WHAT_THE_TABLE_SHOWS`]).
struct AttachmentScene {
    gpu: GpuContext,
    textures: [wgpu::Texture; 4],
    views: [wgpu::TextureView; 4],
    table: wgpu::ResourceTable,
    pipeline: wgpu::RenderPipeline,
    format: wgpu::TextureFormat,
}

fn attachment_scene() -> AttachmentScene {
    let gpu = GpuContext::new(wgpu::Features::SAMPLING_RESOURCE_TABLE, wgpu::Limits::default());
    let format = wgpu::TextureFormat::R32Uint;
    let target = || {
        texture_2d(
            &gpu.device,
            format,
            1,
            1,
            wgpu::TextureUsages::TEXTURE_BINDING
                | wgpu::TextureUsages::RENDER_ATTACHMENT
                | wgpu::TextureUsages::COPY_SRC,
        )
    };
    let textures = [target(), target(), target(), u32_texture(&gpu)];
    let views = textures.each_ref().map(|t| t.create_view(&Default::default()));
    let table = scene_table(&gpu, 4);
    let module = gpu.device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some("draw what the table shows"),
        source: wgpu::ShaderSource::Wgsl(DRAW_WHAT_THE_TABLE_SHOWS.into()),
    });
    let pipeline = hal_ext::harness::render_pipeline(&gpu.device, &module, None, format);
    AttachmentScene {
        gpu,
        textures,
        views,
        table,
        pipeline,
        format,
    }
}

/// Three render passes begun with one automatic table: the middle one renders to a texture
/// the table holds (slot 0), through a bundle that inherits the table. Slot 0 is hidden in
/// that pass only; slot 1 stays visible; the pass after it reads what it rendered.
#[test]
fn gpu_an_attachment_is_hidden_in_its_pass_only() {
    let AttachmentScene {
        gpu,
        textures: [member, before, after, _other],
        views,
        table,
        pipeline,
        format,
    } = attachment_scene();
    assert_eq!(table.insert(wgpu::BindingResource::TextureView(&views[0])), Ok(0));
    assert_eq!(table.insert(wgpu::BindingResource::TextureView(&views[3])), Ok(1));
    let mut bundle = hal_ext::harness::bundle_encoder(&gpu.device, Some("draw"), format);
    bundle.set_pipeline(&pipeline);
    bundle.draw(0..3, 0..1);
    let bundle = bundle.finish(&Default::default());
    let mut encoder = gpu.device.create_command_encoder(&Default::default());
    render_to(&mut encoder, &views[0], 7.0, wgpu::StoreOp::Store);
    let black = wgpu::Color::BLACK;
    for view in [&views[1], &views[0], &views[2]] {
        hal_ext::harness::clear_pass_with_table(&mut encoder, view, black, &table).execute_bundles([&bundle]);
    }
    gpu.queue.submit([encoder.finish()]);
    let read = [&before, &member, &after].map(|t| words(&gpu.read_texture(t))[0]);
    assert_eq!(
        read,
        [711, 1, 111],
        "before (both shown, 7), the member's own pass (slot 0 hidden), after (1, as rendered)"
    );
    assert_layer_clean(&gpu);
}

/// The passes of [`gpu_an_attachment_is_hidden_in_its_pass_only`], in a command buffer
/// finished before the member (rendered to in an earlier submission) joined the table (a
/// *late member*): hidden in all three passes of that submission (conservative: the
/// standard shows it in the first and last), shown in the next submission with what its own
/// pass rendered.
#[test]
fn gpu_an_attachment_joining_after_finish_is_hidden_from_its_command_buffer() {
    let AttachmentScene {
        gpu,
        textures: [member, before, after, _other],
        views,
        table,
        pipeline,
        ..
    } = attachment_scene();
    assert_eq!(table.update(1, wgpu::BindingResource::TextureView(&views[3])), Ok(()));
    let passes = |targets: &[&wgpu::TextureView]| {
        let mut encoder = gpu.device.create_command_encoder(&Default::default());
        for view in targets {
            let mut pass = hal_ext::harness::clear_pass_with_table(&mut encoder, view, wgpu::Color::BLACK, &table);
            pass.set_pipeline(&pipeline);
            pass.draw(0..3, 0..1);
        }
        encoder
    };
    let mut first = gpu.device.create_command_encoder(&Default::default());
    render_to(&mut first, &views[0], 7.0, wgpu::StoreOp::Store);
    gpu.queue.submit([first.finish()]);
    let a = passes(&[&views[1], &views[0], &views[2]]).finish();
    assert_eq!(table.insert(wgpu::BindingResource::TextureView(&views[0])), Ok(0));
    gpu.queue.submit([a]);
    let read = [&before, &member, &after].map(|t| words(&gpu.read_texture(t))[0]);
    gpu.queue.submit([passes(&[&views[2]]).finish()]);
    let next = words(&gpu.read_texture(&after))[0];
    assert_eq!(
        (read, next),
        ([1, 1, 1], 111),
        "slot 1 only in the late member's submission; then both, with what its pass rendered (1)"
    );
    assert_layer_clean(&gpu);
}

/// A texture pinned `Sampled` in an automatic table, rendered to by a command buffer (the
/// pin is not a member's state, so the command buffer does not restore it) whose dispatch
/// then reads the table; unpinned before that command buffer is submitted. Its table state
/// changed after `finish()`: hidden from that submission (where it is still an attachment),
/// shown with what was rendered in the next.
#[test]
fn gpu_a_texture_unpinned_after_finish_is_hidden_from_that_submission() {
    unpinned_after_finish(wgpu::PinnedUsage::Sampled);
}

/// The same with a pin (`StorageReadWrite`) that does not allow the table's usage
/// (`ReadOnly`, sampled): the table never showed the texture while pinned, and the unpin
/// makes it a member (it joins the sampled state): hidden from the submission of the
/// command buffer finished before, shown with what was rendered in the next.
#[test]
fn gpu_a_texture_pinned_otherwise_and_unpinned_after_finish_joins_and_is_hidden_from_that_submission() {
    unpinned_after_finish(wgpu::PinnedUsage::StorageReadWrite);
}

/// A render target (sampled, storage) pinned `pin` in slot 0 of an automatic table: shown
/// only if the pin allows sampling; rendered (7) and read through the table in a command
/// buffer unpinned after `finish()`.
fn unpinned_after_finish(pin: wgpu::PinnedUsage) {
    let gpu = GpuContext::new(wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE, wgpu::Limits::default());
    let texture = texture_2d(
        &gpu.device,
        wgpu::TextureFormat::R32Uint,
        1,
        1,
        wgpu::TextureUsages::TEXTURE_BINDING
            | wgpu::TextureUsages::STORAGE_BINDING
            | wgpu::TextureUsages::RENDER_ATTACHMENT,
    );
    let view = texture.create_view(&Default::default());
    let table = scene_table(&gpu, 4);
    texture.pin(pin);
    assert_eq!(table.insert(wgpu::BindingResource::TextureView(&view)), Ok(0));
    let pipeline = compute_pipeline(&gpu.device, READ_THREE_SLOTS);
    let shown = u32::from(pin == wgpu::PinnedUsage::Sampled);
    assert_eq!(run(&gpu, &table, &pipeline), [shown, 0, 0, 0, 0, 0], "while pinned");
    let mut encoder = gpu.device.create_command_encoder(&Default::default());
    render_to(&mut encoder, &view, 7.0, wgpu::StoreOp::Store);
    let out = read_through(&gpu, &mut encoder, &table, &pipeline);
    let rendered = encoder.finish();
    texture.unpin();
    gpu.queue.submit([rendered]);
    assert_eq!(
        (words(&gpu.read_buffer(&out)), run(&gpu, &table, &pipeline)),
        (vec![0, 0, 0, 0, 0, 0], vec![1, 7, 0, 0, 0, 0])
    );
    assert_layer_clean(&gpu);
}

/// `10 + (slot 0 shown as a read-only storage buffer)`.
const DRAW_WHETHER_A_BUFFER_IS_SHOWN: &str = "
enable resource_table;
struct Words { w: array<u32> }
@vertex fn vs(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
    return vec4(f32(i & 1u) * 4.0 - 1.0, f32(i >> 1u) * 4.0 - 1.0, 0.0, 1.0);
}
@fragment fn fs() -> @location(0) vec4<u32> {
    return vec4(10u + u32(hasResource<ptr<storage, Words, read>>(0u)));
}";

/// A `Writable` buffer that a render pass uses as a draw's indirect arguments (not
/// storage): hidden in that pass (the harness validates indirect calls, so the pass's scope
/// has the arguments as read-only storage, which hides the same entries as indirect use);
/// visible in a pass that draws directly.
#[test]
fn gpu_a_writable_buffer_is_hidden_in_the_pass_that_draws_with_it_as_arguments() {
    let gpu = GpuContext::new(wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE, wgpu::Limits::default());
    let format = wgpu::TextureFormat::R32Uint;
    let table = scene_table(&gpu, 4);
    let args = hal_ext::harness::buffer_of_words(
        &gpu.device,
        &gpu.queue,
        &[3, 1, 0, 0],
        wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::INDIRECT,
    );
    assert_eq!(table.insert(args.as_entire_binding()), Ok(0));
    table.set_resource_usage(&args, Usage::Writable);
    let module = gpu.device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some("draw whether a buffer is shown"),
        source: wgpu::ShaderSource::Wgsl(DRAW_WHETHER_A_BUFFER_IS_SHOWN.into()),
    });
    let pipeline = hal_ext::harness::render_pipeline(&gpu.device, &module, None, format);
    let (targets, views) = three_targets(&gpu, format);
    let mut encoder = gpu.device.create_command_encoder(&Default::default());
    for (i, view) in views.iter().enumerate() {
        let mut pass = hal_ext::harness::clear_pass_with_table(&mut encoder, view, wgpu::Color::BLACK, &table);
        pass.set_pipeline(&pipeline);
        match i {
            1 => pass.draw_indirect(&args, 0),
            _ => pass.draw(0..3, 0..1),
        }
    }
    gpu.queue.submit([encoder.finish()]);
    let read = targets.each_ref().map(|t| words(&gpu.read_texture(t))[0]);
    assert_eq!(read, [11, 10, 11], "direct draw, indirect draw, direct draw");
    assert_layer_clean(&gpu);
}

/// A member (slot 0) bound read-write by a dispatch of a command buffer finished before the
/// member took a second slot (1) of that table: at submit the dispatch writes the member,
/// whose `ReadOnly` entry in slot 1 it did not know of, so slot 1 is hidden for that
/// submission, and shown in the next.
#[test]
fn gpu_a_slot_that_a_member_takes_after_finish_is_hidden_where_its_command_buffer_conflicts() {
    let gpu = GpuContext::new(wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE, wgpu::Limits::default());
    let table = scene_table(&gpu, 4);
    let data = hal_ext::harness::buffer_of_words(&gpu.device, &gpu.queue, &[0; 4], wgpu::BufferUsages::STORAGE);
    assert_eq!(table.insert(data.as_entire_binding()), Ok(0));
    let slot_1 = SHOWN_AS_READ_AND_WRITE.replace("(0u)", "(1u)");
    let (stale, stale_out) = one_dispatch(&gpu, &table, &slot_1, &data);
    assert_eq!(table.insert(data.as_entire_binding()), Ok(1));
    gpu.queue.submit([stale]);
    let k1 = hal_ext::harness::buffer_of_words(&gpu.device, &gpu.queue, &[1], wgpu::BufferUsages::STORAGE);
    let (next, next_out) = one_dispatch(&gpu, &table, &slot_1, &k1);
    gpu.queue.submit([next]);
    assert_eq!(
        [stale_out, next_out].map(|out| words(&gpu.read_buffer(&out))),
        [[0, 0, 99, 99], [99, 99, 1, 0]],
        "slot 1 (read, read_write): in the stale submission, then in the next"
    );
    assert_layer_clean(&gpu);
}

/// A buffer bound read-write by a dispatch of a command buffer finished before the buffer
/// joined the table (a late member): hidden from that command buffer only, shown
/// (read-only) to the next one of the same submission and to the next submission.
#[test]
fn gpu_a_buffer_joining_after_finish_is_hidden_from_that_command_buffer_only() {
    let gpu = GpuContext::new(wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE, wgpu::Limits::default());
    let table = scene_table(&gpu, 4);
    let data = hal_ext::harness::buffer_of_words(&gpu.device, &gpu.queue, &[0; 4], wgpu::BufferUsages::STORAGE);
    let (stale, stale_out) = one_dispatch(&gpu, &table, SHOWN_AS_READ_AND_WRITE, &data);
    assert_eq!(table.insert(data.as_entire_binding()), Ok(0));
    let k1 = hal_ext::harness::buffer_of_words(&gpu.device, &gpu.queue, &[1], wgpu::BufferUsages::STORAGE);
    let (same, same_out) = one_dispatch(&gpu, &table, SHOWN_AS_READ_AND_WRITE, &k1);
    gpu.queue.submit([stale, same]);
    let (next, next_out) = one_dispatch(&gpu, &table, SHOWN_AS_READ_AND_WRITE, &k1);
    gpu.queue.submit([next]);
    assert_eq!(
        [stale_out, same_out, next_out].map(|out| words(&gpu.read_buffer(&out))),
        [[0, 0, 99, 99], [99, 99, 1, 0], [99, 99, 1, 0]],
        "slot 0 (read, read_write): hidden from the late member's command buffer, then shown"
    );
    assert_layer_clean(&gpu);
}

/// A texture removed from its table before an upload into it is finished, and inserted again
/// before it is submitted with a reader (a ring of streamed textures does this each frame):
/// it was in no table at the upload's `finish()`, so it is hidden from the upload only, and
/// the reader sees the uploaded texel.
#[test]
fn gpu_a_texture_removed_then_uploaded_then_inserted_again_is_read_in_the_same_submission() {
    let gpu = GpuContext::new(wgpu::Features::SAMPLING_RESOURCE_TABLE, wgpu::Limits::default());
    let table = scene_table(&gpu, 4);
    let texture = u32_texture(&gpu);
    let view = texture.create_view(&Default::default());
    assert_eq!(table.insert(wgpu::BindingResource::TextureView(&view)), Ok(0));
    table.remove(0).unwrap();
    let upload = upload_texel(&gpu, &texture, 7);
    assert_eq!(table.insert(wgpu::BindingResource::TextureView(&view)), Ok(0));
    let pipeline = compute_pipeline(&gpu.device, READ_THREE_SLOTS);
    let mut reader = gpu.device.create_command_encoder(&Default::default());
    let out = read_through(&gpu, &mut reader, &table, &pipeline);
    gpu.queue.submit([upload, reader.finish()]);
    assert_eq!(words(&gpu.read_buffer(&out)), [1, 7, 0, 0, 0, 0]);
    assert_layer_clean(&gpu);
}

/// A finished command buffer that copies `value` into the 1×1 four-byte-texel `texture`.
fn upload_texel(gpu: &GpuContext, texture: &wgpu::Texture, value: u32) -> wgpu::CommandBuffer {
    let texels = hal_ext::harness::buffer_of_words(&gpu.device, &gpu.queue, &[value], wgpu::BufferUsages::empty());
    let mut upload = gpu.device.create_command_encoder(&Default::default());
    upload.copy_buffer_to_texture(
        wgpu::TexelCopyBufferInfo {
            buffer: &texels,
            layout: wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: None,
                rows_per_image: None,
            },
        },
        texture.as_image_copy(),
        wgpu::Extent3d::default(),
    );
    upload.finish()
}

/// The streaming pattern: a command buffer that uploads texels into a new texture is
/// finished, the texture is inserted, a command buffer that reads the table is finished, and
/// both are submitted together. The texture joined after the upload's `finish()` (a late
/// member of the upload only): the reader sees it, with the uploaded texel.
#[test]
fn gpu_a_texture_uploaded_then_inserted_is_read_in_the_same_submission() {
    let gpu = GpuContext::new(wgpu::Features::SAMPLING_RESOURCE_TABLE, wgpu::Limits::default());
    let table = scene_table(&gpu, 4);
    let texture = u32_texture(&gpu);
    let upload = upload_texel(&gpu, &texture, 7);
    let view = texture.create_view(&Default::default());
    assert_eq!(table.insert(wgpu::BindingResource::TextureView(&view)), Ok(0));
    let pipeline = compute_pipeline(&gpu.device, READ_THREE_SLOTS);
    let mut reader = gpu.device.create_command_encoder(&Default::default());
    let out = read_through(&gpu, &mut reader, &table, &pipeline);
    gpu.queue.submit([upload, reader.finish()]);
    assert_eq!(words(&gpu.read_buffer(&out)), [1, 7, 0, 0, 0, 0]);
    assert_layer_clean(&gpu);
}

/// One command buffer: a dispatch of `wgsl` (whose group 0 is `out` and `k`) with `table`;
/// returns it and `out`.
fn one_dispatch(
    gpu: &GpuContext,
    table: &wgpu::ResourceTable,
    wgsl: &str,
    k: &wgpu::Buffer,
) -> (wgpu::CommandBuffer, wgpu::Buffer) {
    let pipeline = compute_pipeline(&gpu.device, wgsl);
    let out = hal_ext::harness::buffer_of_words(&gpu.device, &gpu.queue, &[99; 4], wgpu::BufferUsages::STORAGE);
    let group = group_0(
        &gpu.device,
        &pipeline,
        vec![out.as_entire_binding(), k.as_entire_binding()],
    );
    let mut encoder = gpu.device.create_command_encoder(&Default::default());
    {
        let mut pass = encoder.begin_compute_pass(&Default::default());
        pass.set_resource_table(Some(table));
        pass.set_pipeline(&pipeline);
        pass.set_bind_group(0, &group, &[]);
        pass.dispatch_workgroups(1, 1, 1);
    }
    (encoder.finish(), out)
}

/// A buffer bound as read-only storage by a dispatch of a command buffer finished while the
/// table's usage for it was `ReadOnly` (no conflict), submitted after it became `Writable`
/// (read-only storage is not "storage": a conflict): hidden in that submission, shown in the
/// next.
#[test]
fn gpu_a_usage_changed_after_finish_hides_where_the_command_buffer_now_conflicts() {
    let gpu = GpuContext::new(wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE, wgpu::Limits::default());
    let table = scene_table(&gpu, 4);
    let data = hal_ext::harness::buffer_of_words(&gpu.device, &gpu.queue, &[0; 4], wgpu::BufferUsages::STORAGE);
    assert_eq!(table.insert(data.as_entire_binding()), Ok(0));
    let k_read = SHOWN_AS_READ_AND_WRITE.replace("read_write> k", "read> k");
    let (stale, stale_out) = one_dispatch(&gpu, &table, &k_read, &data);
    table.set_resource_usage(&data, Usage::Writable);
    gpu.queue.submit([stale]);
    let k1 = hal_ext::harness::buffer_of_words(&gpu.device, &gpu.queue, &[1], wgpu::BufferUsages::STORAGE);
    let (next, next_out) = one_dispatch(&gpu, &table, &k_read, &k1);
    gpu.queue.submit([next]);
    assert_eq!(
        [stale_out, next_out].map(|out| words(&gpu.read_buffer(&out))),
        [[0, 0, 99, 99], [99, 99, 1, 1]],
        "(read, read_write): in the stale submission, then in the next"
    );
    assert_layer_clean(&gpu);
}

/// Counts its dispatches in `out[0]`; for dispatch `k`, whether slot 0 shows a
/// `texture_2d<u32>` and its texel (0, 0) in `out[1 + 2k]` and `out[2 + 2k]`; then stores
/// `10 + k` through the bindful storage texture `written`.
const COUNT_READ_SLOT_ZERO_THEN_STORE: &str = "
enable resource_table;
@group(0) @binding(0) var<storage, read_write> out: array<atomic<u32>>;
@group(0) @binding(1) var written: texture_storage_2d<r32uint, write>;
@compute @workgroup_size(1) fn main() {
    let k = atomicAdd(&out[0], 1u);
    atomicStore(&out[1u + 2u * k], u32(hasResource<texture_2d<u32>>(0u)));
    atomicStore(&out[2u + 2u * k], textureLoad(getResource<texture_2d<u32>>(0u), vec2(0), 0).x);
    textureStore(written, vec2(0), vec4(10u + k));
}";

/// Two bind groups used in turn and again, as a renderer rebinds its groups: `A` writes the
/// member `T` (hidden), `B` another texture (visible). From the third dispatch on, a
/// dispatch's lookup is the one of an earlier dispatch with the same groups and table.
#[test]
fn gpu_dispatches_that_reuse_bind_groups_hide_what_their_groups_hide() {
    let gpu = GpuContext::new(wgpu::Features::SAMPLING_RESOURCE_TABLE, wgpu::Limits::default());
    let MemberAndOther {
        table,
        view,
        other_view,
    } = member_and_other(&gpu);
    let pipeline = compute_pipeline(&gpu.device, COUNT_READ_SLOT_ZERO_THEN_STORE);
    let out = hal_ext::harness::buffer_of_words(&gpu.device, &gpu.queue, &[0; 19], wgpu::BufferUsages::STORAGE);
    let [a, b] = [&view, &other_view].map(|written| {
        group_0(
            &gpu.device,
            &pipeline,
            vec![out.as_entire_binding(), wgpu::BindingResource::TextureView(written)],
        )
    });
    let mut encoder = gpu.device.create_command_encoder(&Default::default());
    for pass_groups in [&[&b, &a, &b, &a, &a, &b, &b, &a][..], &[&b]] {
        let mut pass = encoder.begin_compute_pass(&Default::default());
        pass.set_resource_table(Some(&table));
        pass.set_pipeline(&pipeline);
        for group in pass_groups {
            pass.set_bind_group(0, *group, &[]);
            pass.dispatch_workgroups(1, 1, 1);
        }
    }
    gpu.queue.submit([encoder.finish()]);
    assert_eq!(
        words(&gpu.read_buffer(&out)),
        [9, 1, 5, 0, 0, 1, 11, 0, 0, 0, 0, 1, 14, 1, 14, 0, 0, 1, 17],
        "dispatches, then (shown, texel) per dispatch: B A B A A B B A | B"
    );
    assert_layer_clean(&gpu);
}
