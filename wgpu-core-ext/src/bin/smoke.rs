//! The drop-in smoke program: plain wgpu, nothing of ours. It runs a compute shader and a
//! render pass, reads both results back and checks them against values computed on the CPU.
//!
//! The same source builds three ways: in this workspace (patched crates), in a downstream
//! crate through `cargo xtask export`'s `[patch.crates-io]` lines, and against the unpatched
//! crates.io release. Every build must print the same lines.
//!
//! Environment: `WGPU_BACKEND` picks the backend (default: all); `WGPU_VALIDATION=1` turns
//! on the API validation layer. Any validation message fails the run.

use std::{
    process::ExitCode,
    sync::{
        atomic::{AtomicBool, AtomicUsize, Ordering},
        Mutex,
    },
};

const VALUES: u32 = 4096;
const SIZE: u32 = 64;
// Multiples of 0.2 convert to unorm8 exactly (51, 102, 153, 204); halves like 0.5 fall on
// 127.5, which drivers may round either way (NVIDIA gives 127, lavapipe 128).
const CLEAR: [f64; 4] = [0.2, 0.4, 0.6, 1.0];
const TRIANGLE: [f32; 4] = [1.0, 0.0, 0.8, 1.0];

static VALIDATION_MESSAGES: AtomicUsize = AtomicUsize::new(0);
static IN_KNOWN_DEFECT: AtomicBool = AtomicBool::new(false);

/// A defect of Debian bookworm's validation layer (1.3.239), which predates SPIR-V's
/// `SourceLanguage::WGSL`; see `hal_ext::harness::KNOWN_LAYER_DEFECTS` (this program uses
/// plain wgpu only, so it keeps its own copy of the one line).
const KNOWN_LAYER_DEFECT: &str = "SPIR-V module not valid: Invalid source language operand: 10";
static LOGGER: ValidationLogger = ValidationLogger(Mutex::new(()));

/// Counts the Vulkan/GL validation messages that wgpu-hal forwards to `log`, and prints
/// every warning or error.
struct ValidationLogger(Mutex<()>);

impl log::Log for ValidationLogger {
    fn enabled(&self, meta: &log::Metadata) -> bool {
        meta.level() <= log::Level::Warn
    }

    fn log(&self, record: &log::Record) {
        if !self.enabled(record.metadata()) {
            return;
        }
        let _guard = self.0.lock();
        let text = record.args().to_string();
        // `\tobjects: …` and friends continue the message before them.
        let continuation = text.starts_with('\t');
        let known = if continuation {
            IN_KNOWN_DEFECT.load(Ordering::SeqCst)
        } else {
            let known = text.contains(KNOWN_LAYER_DEFECT);
            IN_KNOWN_DEFECT.store(known, Ordering::SeqCst);
            known
        };
        if record.target().starts_with("wgpu_hal") && !continuation && !known {
            VALIDATION_MESSAGES.fetch_add(1, Ordering::SeqCst);
        }
        if !known {
            eprintln!("[{} {}] {text}", record.level(), record.target());
        }
    }

    fn flush(&self) {}
}

const COMPUTE: &str = "
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let i = id.x;
    if i < arrayLength(&data) {
        data[i] = data[i] * data[i] + 7u * i + 1u;
    }
}
";

const RENDER: &str = "
@vertex
fn vs(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
    // A triangle over the left half of the target: x in [-1, 0].
    var p = array(vec2(-1.0, -1.0), vec2(0.0, -1.0), vec2(-1.0, 1.0));
    return vec4(p[i], 0.0, 1.0);
}

@fragment
fn fs() -> @location(0) vec4<f32> {
    return vec4(1.0, 0.0, 0.8, 1.0);
}
";

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x100_0000_01b3)
    })
}

fn unorm8(x: f64) -> u8 {
    (x * 255.0).round() as u8
}

fn read_buffer(device: &wgpu::Device, buffer: &wgpu::Buffer) -> Vec<u8> {
    let slice = buffer.slice(..);
    slice.map_async(wgpu::MapMode::Read, |r| r.expect("mapping the readback buffer"));
    device
        .poll(wgpu::PollType::wait_indefinitely())
        .expect("polling the device");
    let bytes = slice.get_mapped_range().expect("reading the mapped range").to_vec();
    buffer.unmap();
    bytes
}

fn compute(device: &wgpu::Device, queue: &wgpu::Queue) -> Result<u64, String> {
    let input: Vec<u32> = (0..VALUES).map(|i| i.wrapping_mul(2_654_435_761) >> 16).collect();
    let bytes: Vec<u8> = input.iter().flat_map(|v| v.to_le_bytes()).collect();
    let size = bytes.len() as u64;
    let data = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("smoke data"),
        size,
        usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::COPY_SRC,
        mapped_at_creation: false,
    });
    let readback = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("smoke readback"),
        size,
        usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    queue.write_buffer(&data, 0, &bytes);

    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some("smoke compute"),
        source: wgpu::ShaderSource::Wgsl(COMPUTE.into()),
    });
    let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: Some("smoke compute"),
        layout: None,
        module: &module,
        entry_point: Some("main"),
        compilation_options: Default::default(),
        cache: None,
    });
    let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: Some("smoke compute"),
        layout: &pipeline.get_bind_group_layout(0),
        entries: &[wgpu::BindGroupEntry {
            binding: 0,
            resource: data.as_entire_binding(),
        }],
    });
    let mut encoder = device.create_command_encoder(&Default::default());
    {
        let mut pass = encoder.begin_compute_pass(&Default::default());
        pass.set_pipeline(&pipeline);
        pass.set_bind_group(0, &bind_group, &[]);
        pass.dispatch_workgroups(VALUES.div_ceil(64), 1, 1);
    }
    encoder.copy_buffer_to_buffer(&data, 0, &readback, 0, size);
    queue.submit([encoder.finish()]);

    let out = read_buffer(device, &readback);
    for (i, (chunk, x)) in out.chunks_exact(4).zip(&input).enumerate() {
        let got = u32::from_le_bytes(chunk.try_into().unwrap());
        let want = x.wrapping_mul(*x).wrapping_add(7 * i as u32).wrapping_add(1);
        if got != want {
            return Err(format!("compute: value {i} is {got}, expected {want}"));
        }
    }
    Ok(fnv1a(&out))
}

fn render(device: &wgpu::Device, queue: &wgpu::Queue) -> Result<u64, String> {
    let format = wgpu::TextureFormat::Rgba8Unorm;
    let target = device.create_texture(&wgpu::TextureDescriptor {
        label: Some("smoke target"),
        size: wgpu::Extent3d {
            width: SIZE,
            height: SIZE,
            depth_or_array_layers: 1,
        },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format,
        usage: wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
        view_formats: &[],
    });
    let view = target.create_view(&Default::default());
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some("smoke render"),
        source: wgpu::ShaderSource::Wgsl(RENDER.into()),
    });
    let pipeline = device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
        label: Some("smoke render"),
        layout: None,
        vertex: wgpu::VertexState {
            module: &module,
            entry_point: Some("vs"),
            compilation_options: Default::default(),
            buffers: &[],
        },
        primitive: Default::default(),
        depth_stencil: None,
        multisample: Default::default(),
        fragment: Some(wgpu::FragmentState {
            module: &module,
            entry_point: Some("fs"),
            compilation_options: Default::default(),
            targets: &[Some(format.into())],
        }),
        multiview_mask: None,
        cache: None,
    });
    let row = SIZE * 4; // 256 bytes: already a multiple of COPY_BYTES_PER_ROW_ALIGNMENT.
    let readback = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("smoke pixels"),
        size: u64::from(row * SIZE),
        usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    let mut encoder = device.create_command_encoder(&Default::default());
    {
        let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: Some("smoke render"),
            color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                view: &view,
                depth_slice: None,
                resolve_target: None,
                ops: wgpu::Operations {
                    load: wgpu::LoadOp::Clear(wgpu::Color {
                        r: CLEAR[0],
                        g: CLEAR[1],
                        b: CLEAR[2],
                        a: CLEAR[3],
                    }),
                    store: wgpu::StoreOp::Store,
                },
            })],
            ..Default::default()
        });
        pass.set_pipeline(&pipeline);
        pass.draw(0..3, 0..1);
    }
    encoder.copy_texture_to_buffer(
        target.as_image_copy(),
        wgpu::TexelCopyBufferInfo {
            buffer: &readback,
            layout: wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(row),
                rows_per_image: None,
            },
        },
        target.size(),
    );
    queue.submit([encoder.finish()]);
    let pixels = read_buffer(device, &readback);

    // Check the pixels no rasterization rule can disagree on: the clear colour everywhere on
    // the right half and in the top-left corner, the triangle colour deep inside its
    // bottom-left corner. (The checksum covers the edge pixels too, so patched and unpatched
    // builds on one driver must still agree on every byte.)
    let clear: Vec<u8> = CLEAR.iter().map(|c| unorm8(*c)).collect();
    let tri: Vec<u8> = TRIANGLE.iter().map(|c| unorm8(f64::from(*c))).collect();
    let pixel = |x: u32, y: u32| {
        let at = (y * row + x * 4) as usize;
        &pixels[at..at + 4]
    };
    for y in 0..SIZE {
        for x in SIZE / 2..SIZE {
            if pixel(x, y) != clear.as_slice() {
                return Err(format!(
                    "render: pixel ({x}, {y}) is {:?}, expected the clear colour {clear:?}",
                    pixel(x, y)
                ));
            }
        }
    }
    for (x, y) in [(0, SIZE - 1), (1, SIZE - 2), (SIZE / 8, SIZE - 1 - SIZE / 8)] {
        if pixel(x, y) != tri.as_slice() {
            return Err(format!(
                "render: pixel ({x}, {y}) is {:?}, expected the triangle colour {tri:?}",
                pixel(x, y)
            ));
        }
    }
    if pixel(2, 0) != clear.as_slice() {
        return Err(format!(
            "render: pixel (2, 0) is {:?}, expected the clear colour {clear:?}",
            pixel(2, 0)
        ));
    }
    Ok(fnv1a(&pixels))
}

fn main() -> ExitCode {
    log::set_logger(&LOGGER).expect("no other logger");
    log::set_max_level(log::LevelFilter::Warn);

    let mut desc = wgpu::InstanceDescriptor::new_without_display_handle_from_env();
    desc.flags |= wgpu::InstanceFlags::from_env_or_default() & wgpu::InstanceFlags::VALIDATION;
    let instance = wgpu::Instance::new(desc);
    let adapter = match pollster::block_on(instance.request_adapter(&Default::default())) {
        Ok(adapter) => adapter,
        Err(err) => {
            eprintln!("smoke: no adapter: {err}");
            return ExitCode::FAILURE;
        }
    };
    let info = adapter.get_info();
    println!(
        "adapter: {} ({:?}, driver: {} {})",
        info.name, info.backend, info.driver, info.driver_info
    );
    let (device, queue) = match pollster::block_on(adapter.request_device(&Default::default())) {
        Ok(pair) => pair,
        Err(err) => {
            eprintln!("smoke: no device: {err}");
            return ExitCode::FAILURE;
        }
    };

    let mut ok = true;
    match compute(&device, &queue) {
        Ok(sum) => println!("compute: {VALUES} values verified, checksum {sum:016x}"),
        Err(e) => {
            println!("{e}");
            ok = false;
        }
    }
    match render(&device, &queue) {
        Ok(sum) => println!("render: {SIZE}x{SIZE} Rgba8Unorm verified, checksum {sum:016x}"),
        Err(e) => {
            println!("{e}");
            ok = false;
        }
    }
    drop((queue, device, adapter, instance));
    let messages = VALIDATION_MESSAGES.load(Ordering::SeqCst);
    println!("validation messages: {messages}");
    if ok && messages == 0 {
        println!("smoke: OK");
        ExitCode::SUCCESS
    } else {
        println!("smoke: FAILED");
        ExitCode::FAILURE
    }
}
