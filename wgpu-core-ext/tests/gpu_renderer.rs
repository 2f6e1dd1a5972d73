//! A renderer-shaped program through a resource table, frame after frame, on Vulkan with the
//! validation layer on, every frame checked against a CPU reference, in each model: with
//! pins, and in the standard's automatic model without a single pin or usage call (its
//! main pass is begun with the table, which its bundle inherits):
//! - a shadow map rendered each frame (while unpinned), then sampled through the table
//!   (pinned);
//! - one object's texture streamed out (`remove`, `destroy`) and a new one in
//!   (`insert`, reusing freed slots) each frame;
//! - a compute culling pass writing indirect draw arguments, and indirect draws;
//! - pipelines with different bind-group counts in one pass, a render bundle, two command
//!   buffers per frame.

use hal_ext::harness::{buffer_of_words, isolated, texture_2d, words, write_texel, GpuContext};
use wgpu::{PinnedUsage, ResourceTableDescriptor, ResourceTableModel};

const OBJECTS: u32 = 8;
/// Columns of the target: one per object, the background, the bundle's copy of object 0.
const COLUMNS: u32 = OBJECTS + 2;
const BACKGROUND: u32 = OBJECTS;
const FRAMES: u32 = 12;

const CULL: &str = r#"
struct Args { vertex_count: u32, instance_count: u32, first_vertex: u32, first_instance: u32 }
@group(0) @binding(0) var<storage, read_write> args: array<Args>;
@group(0) @binding(1) var<storage, read> frame: array<u32>;
@compute @workgroup_size(8)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    // Object i is visible unless (i + frame) is a multiple of 3.
    let visible = (id.x + frame[0]) % 3u != 0u;
    args[id.x] = Args(6u, select(0u, 1u, visible), 0u, id.x);
}
"#;

const COLUMN_VS: &str = r#"
struct Out { @builtin(position) position: vec4<f32>, @location(0) @interpolate(flat) column: u32 }
@vertex
fn vs(@builtin(vertex_index) v: u32, @builtin(instance_index) column: u32) -> Out {
    let corner = array(vec2(0.0, 0.0), vec2(1.0, 0.0), vec2(0.0, 1.0), vec2(1.0, 0.0), vec2(1.0, 1.0), vec2(0.0, 1.0))[v];
    let x = (f32(column) + corner.x) / 10.0 * 2.0 - 1.0;
    return Out(vec4(x, corner.y * 2.0 - 1.0, 0.0, 1.0), column);
}
"#;

/// The object's texel plus the shadow map's, both through the table; `slots[column]` is the
/// object's slot, `slots[OBJECTS + 1]` the shadow map's.
const OBJECT_FS: &str = r#"
enable resource_table;
@group(0) @binding(0) var<storage, read> slots: array<u32>;
@fragment
fn fs(@location(0) @interpolate(flat) column: u32) -> @location(0) vec4<u32> {
    let object = textureLoad(getResource<texture_2d<u32>>(slots[column]), vec2(0, 0), 0).x;
    let shadow = textureLoad(getResource<texture_2d<u32>>(slots[10]), vec2(0, 0), 0).x;
    return vec4(object + shadow, 0u, 0u, 1u);
}
"#;

const BACKGROUND_FS: &str = r#"
@group(0) @binding(0) var<storage, read> a: array<u32>;
@group(1) @binding(0) var<storage, read> b: array<u32>;
@fragment
fn fs(@location(0) @interpolate(flat) column: u32) -> @location(0) vec4<u32> {
    return vec4(a[0] * 100u + b[0], 0u, 0u, 1u);
}
"#;

fn bytes(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// The texel of object `object`'s texture streamed in at `frame` (0: the first ones).
fn texel(object: u32, frame: u32) -> u32 {
    1000 * (frame + 1) + object
}

fn shadow_value(frame: u32) -> u32 {
    7 * frame + 3
}

#[test]
fn gpu_renderer_frames_match_the_cpu_reference() {
    // Crashed lavapipe before the table was bound again after the background's groups.
    isolated("gpu_renderer_frames_match_the_cpu_reference", || {
        renderer_frames(ResourceTableModel::Pinned)
    });
}

#[test]
fn gpu_renderer_frames_match_the_cpu_reference_in_the_automatic_model() {
    isolated(
        "gpu_renderer_frames_match_the_cpu_reference_in_the_automatic_model",
        || renderer_frames(ResourceTableModel::Automatic),
    );
}

/// The program, in `model`: the lines that differ are those of pins and of how passes and
/// the bundle get the table.
fn renderer_frames(model: ResourceTableModel) {
    let pinned = model == ResourceTableModel::Pinned;
    let gpu = GpuContext::new(
        wgpu::Features::SAMPLING_RESOURCE_TABLE | wgpu::Features::INDIRECT_FIRST_INSTANCE,
        wgpu::Limits::default(),
    );
    let device = &gpu.device;
    let queue = &gpu.queue;
    let descriptor = ResourceTableDescriptor {
        label: Some("renderer"),
        size: 16,
    };
    let table = if pinned {
        device.create_pinned_resource_table(&descriptor)
    } else {
        device.create_resource_table(&descriptor)
    };
    assert_eq!(table.model(), model);
    let storage = |data: &[u32], usage: wgpu::BufferUsages| buffer_of_words(device, queue, data, usage);
    let object_texture = |value: u32| {
        let texture = texture_2d(
            device,
            wgpu::TextureFormat::R32Uint,
            1,
            1,
            wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
        );
        write_texel(queue, &texture, value);
        if pinned {
            texture.pin(PinnedUsage::Sampled);
        }
        let view = texture.create_view(&Default::default());
        (texture, view)
    };

    // The shadow map: rendered each frame, then sampled through the table.
    let shadow = texture_2d(
        device,
        wgpu::TextureFormat::R32Uint,
        1,
        1,
        wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::TEXTURE_BINDING,
    );
    let shadow_view = shadow.create_view(&Default::default());
    let shadow_slot = table.insert(wgpu::BindingResource::TextureView(&shadow_view)).unwrap();

    // Objects: (texture, view, slot).
    let mut objects = (0..OBJECTS)
        .map(|i| {
            let (texture, view) = object_texture(texel(i, 0));
            let slot = table.insert(wgpu::BindingResource::TextureView(&view)).unwrap();
            (texture, view, slot)
        })
        .collect::<Vec<_>>();
    let mut current = (0..OBJECTS).map(|i| texel(i, 0)).collect::<Vec<_>>();

    let module = |source: &str| {
        device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: None,
            source: wgpu::ShaderSource::Wgsl(source.into()),
        })
    };
    let format = wgpu::TextureFormat::R32Uint;
    let objects_pipeline =
        hal_ext::harness::render_pipeline(device, &module(&format!("{OBJECT_FS}{COLUMN_VS}")), None, format);
    let background_pipeline =
        hal_ext::harness::render_pipeline(device, &module(&format!("{BACKGROUND_FS}{COLUMN_VS}")), None, format);
    let cull = hal_ext::harness::compute_pipeline(device, CULL);

    let slots = storage(&[0; 11], wgpu::BufferUsages::STORAGE);
    let frame_buffer = storage(&[0], wgpu::BufferUsages::STORAGE);
    let args = storage(
        &[0; (OBJECTS * 4) as usize],
        wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::INDIRECT,
    );
    let (a, b) = (
        storage(&[4], wgpu::BufferUsages::STORAGE),
        storage(&[2], wgpu::BufferUsages::STORAGE),
    );
    let group = |pipeline: &wgpu::RenderPipeline, index: u32, buffer: &wgpu::Buffer| {
        device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: None,
            layout: &pipeline.get_bind_group_layout(index),
            entries: &[wgpu::BindGroupEntry {
                binding: 0,
                resource: buffer.as_entire_binding(),
            }],
        })
    };
    let slots_group = group(&objects_pipeline, 0, &slots);
    let (a_group, b_group) = (group(&background_pipeline, 0, &a), group(&background_pipeline, 1, &b));
    let cull_group = hal_ext::harness::group_0(
        device,
        &cull,
        vec![args.as_entire_binding(), frame_buffer.as_entire_binding()],
    );

    // The bundle draws object 0 again, into the last column.
    let bundle = {
        let mut encoder = hal_ext::harness::bundle_encoder(device, Some("object 0 again"), format);
        if pinned {
            encoder.set_resource_table(Some(&table));
        }
        encoder.set_pipeline(&objects_pipeline);
        encoder.set_bind_group(0, &slots_group, &[]);
        encoder.draw(0..6, COLUMNS - 1..COLUMNS);
        encoder.finish(&Default::default())
    };

    let target = texture_2d(
        device,
        format,
        COLUMNS,
        1,
        wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
    );
    let target_view = target.create_view(&Default::default());

    for frame in 0..FRAMES {
        // Stream: object `frame % OBJECTS` gets a new texture (not on the first frame).
        if frame > 0 {
            let i = (frame % OBJECTS) as usize;
            let (old, _old_view, old_slot) = &objects[i];
            table.remove(*old_slot).unwrap();
            old.destroy();
            let (texture, view) = object_texture(texel(i as u32, frame));
            let slot = table.insert(wgpu::BindingResource::TextureView(&view)).unwrap();
            objects[i] = (texture, view, slot);
            current[i] = texel(i as u32, frame);
        }
        let mut slot_words = objects.iter().map(|(_, _, s)| *s).collect::<Vec<_>>();
        slot_words.push(0); // the background column
        slot_words.push(objects[0].2); // the bundle's column
        slot_words.push(shadow_slot);
        queue.write_buffer(&slots, 0, &bytes(&slot_words[..]));
        queue.write_buffer(&frame_buffer, 0, &bytes(&[frame]));

        // Render the shadow map while unpinned, then pin it for the frame.
        if pinned {
            shadow.unpin();
        }
        let mut encoder = device.create_command_encoder(&Default::default());
        hal_ext::harness::clear_pass(
            &mut encoder,
            &shadow_view,
            wgpu::Color {
                r: f64::from(shadow_value(frame)),
                g: 0.0,
                b: 0.0,
                a: 0.0,
            },
        );
        queue.submit([encoder.finish()]);
        if pinned {
            shadow.pin(PinnedUsage::Sampled);
        }

        // Culling, then the main pass: two command buffers in one submission.
        let mut culling = device.create_command_encoder(&Default::default());
        {
            let mut pass = culling.begin_compute_pass(&Default::default());
            pass.set_pipeline(&cull);
            pass.set_bind_group(0, &cull_group, &[]);
            pass.dispatch_workgroups(1, 1, 1);
        }
        let mut main = device.create_command_encoder(&Default::default());
        {
            let mut pass = if pinned {
                let mut pass = hal_ext::harness::clear_pass(&mut main, &target_view, wgpu::Color::BLACK);
                pass.set_resource_table(Some(&table));
                pass
            } else {
                hal_ext::harness::clear_pass_with_table(&mut main, &target_view, wgpu::Color::BLACK, &table)
            };
            // Opaque objects (one group and the table), the background (two groups of its
            // own, no table), then the other objects, as renderers interleave them.
            for half in [0..OBJECTS / 2, OBJECTS / 2..OBJECTS] {
                pass.set_pipeline(&objects_pipeline);
                pass.set_bind_group(0, &slots_group, &[]);
                for i in half.clone() {
                    pass.draw_indirect(&args, u64::from(i) * 16);
                }
                if half.start == 0 {
                    pass.set_pipeline(&background_pipeline);
                    pass.set_bind_group(0, &a_group, &[]);
                    pass.set_bind_group(1, &b_group, &[]);
                    pass.draw(0..6, BACKGROUND..BACKGROUND + 1);
                }
            }
            pass.execute_bundles([&bundle]);
        }
        queue.submit([culling.finish(), main.finish()]);

        let got = words(&gpu.read_texture(&target));
        let expected = (0..COLUMNS)
            .map(|column| match column {
                BACKGROUND => 4 * 100 + 2,
                c if c == COLUMNS - 1 => current[0] + shadow_value(frame),
                i if (i + frame) % 3 != 0 => current[i as usize] + shadow_value(frame),
                _ => 0,
            })
            .collect::<Vec<_>>();
        assert_eq!(got, expected, "frame {frame}");
    }
}
