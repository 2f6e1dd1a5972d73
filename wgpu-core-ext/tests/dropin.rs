//! Drop-in: programs written against upstream wgpu behave exactly as before on the patched
//! crates, on Vulkan (with the validation layer) and in wgpu-core's validation (noop backend).

use std::process::Command;

use hal_ext::harness::{find_source, noop_device, validation_error, GpuContext};
use wgpu_core::resource::CreateBufferError;

/// The smoke program (plain wgpu API) computes and renders on Vulkan, checks every value
/// against the CPU and reports zero validation messages.
#[test]
fn gpu_smoke_program_verifies_compute_and_render() {
    let out = Command::new(env!("CARGO_BIN_EXE_smoke"))
        .env("WGPU_BACKEND", "vulkan")
        .env("WGPU_VALIDATION", "1")
        .output()
        .expect("running the smoke program");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "smoke failed:\n{stdout}\n{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(
        lines[0].starts_with("adapter: ") && lines[0].contains("(Vulkan, driver: "),
        "{stdout}"
    );
    if std::env::var_os("BINDLESS_EXPECT_LAVAPIPE").is_some() {
        assert!(lines[0].contains("driver: llvmpipe Mesa"), "{stdout}");
    }
    assert!(
        lines[1].starts_with("compute: 4096 values verified, checksum "),
        "{stdout}"
    );
    assert!(
        lines[2].starts_with("render: 64x64 Rgba8Unorm verified, checksum "),
        "{stdout}"
    );
    assert_eq!(&lines[3..], ["validation messages: 0", "smoke: OK"], "{stdout}");
}

/// A compute shader through the harness: exact values back from the GPU.
#[test]
fn gpu_compute_writes_every_invocation() {
    let ctx = GpuContext::new(wgpu::Features::empty(), wgpu::Limits::default());
    let device = &ctx.device;
    let n = 1000u32;
    let buffer = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("out"),
        size: u64::from(n) * 4,
        usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
        mapped_at_creation: false,
    });
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some("fill"),
        source: wgpu::ShaderSource::Wgsl(
            "@group(0) @binding(0) var<storage, read_write> out: array<u32>;
             @compute @workgroup_size(64)
             fn main(@builtin(global_invocation_id) id: vec3<u32>) {
                 if id.x < arrayLength(&out) { out[id.x] = id.x * 3u + 5u; }
             }"
            .into(),
        ),
    });
    let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: Some("fill"),
        layout: None,
        module: &module,
        entry_point: None,
        compilation_options: Default::default(),
        cache: None,
    });
    let group = device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: None,
        layout: &pipeline.get_bind_group_layout(0),
        entries: &[wgpu::BindGroupEntry {
            binding: 0,
            resource: buffer.as_entire_binding(),
        }],
    });
    let mut encoder = device.create_command_encoder(&Default::default());
    {
        let mut pass = encoder.begin_compute_pass(&Default::default());
        pass.set_pipeline(&pipeline);
        pass.set_bind_group(0, &group, &[]);
        pass.dispatch_workgroups(n.div_ceil(64), 1, 1);
    }
    ctx.queue.submit([encoder.finish()]);
    let bytes = ctx.read_buffer(&buffer);
    let values: Vec<u32> = bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    let expected: Vec<u32> = (0..n).map(|i| i * 3 + 5).collect();
    assert_eq!(values, expected);
}

/// wgpu-core's validation is unchanged: the same invalid descriptor yields the same error
/// variant, and the device stays usable.
#[test]
fn noop_buffer_usage_mismatch_is_still_refused() {
    let (device, _queue) = noop_device(wgpu::Features::empty(), wgpu::Limits::default());
    let usage = wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::STORAGE;
    let (_buffer, error) = validation_error(&device, || {
        device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("bad"),
            size: 16,
            usage,
            mapped_at_creation: false,
        })
    });
    let error = error.expect("a validation error");
    assert!(
        matches!(find_source::<CreateBufferError>(&error), Some(CreateBufferError::UsageMismatch(u)) if *u == usage),
        "{error:?}"
    );
    let (_ok, error) = validation_error(&device, || {
        device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("fine"),
            size: 16,
            usage: wgpu::BufferUsages::STORAGE,
            mapped_at_creation: false,
        })
    });
    assert!(error.is_none(), "{error:?}");
}
