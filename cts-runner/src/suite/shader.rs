//! WGSL tests: what `getResource`/`hasResource` return for every kind of `T` and every slot
//! state (on Vulkan), and which shaders are refused (noop).

use hal_ext::harness::{noop_device, texture_2d, validation_error, GpuContext};
use wgpu::{PinnedUsage, ResourceTableDescriptor};

use super::{bools, ensure, expect_no_error, strs, Backend, NotPassed, Test};

const SIZE: u32 = 4;

fn gpu(heterogeneous: bool) -> GpuContext {
    let features = if heterogeneous {
        wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE
    } else {
        wgpu::Features::SAMPLING_RESOURCE_TABLE
    };
    GpuContext::new(features, wgpu::Limits::default())
}

/// Runs `body` (a WGSL statement list writing `out[0..n]`) in one invocation with the table
/// set, after `prelude` (module-scope declarations); returns `out`.
fn run_probe(gpu: &GpuContext, table: &wgpu::ResourceTable, prelude: &str, body: &str, n: usize) -> Vec<u32> {
    let source = format!(
        "enable resource_table;
         {prelude}
         @group(0) @binding(0) var<storage, read_write> out: array<u32>;
         @compute @workgroup_size(1) fn main() {{ {body} }}"
    );
    let pipeline = hal_ext::harness::compute_pipeline(&gpu.device, &source);
    let out = gpu.device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("out"),
        size: (n * 4) as u64,
        usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
        mapped_at_creation: false,
    });
    let group = hal_ext::harness::group_0(&gpu.device, &pipeline, vec![out.as_entire_binding()]);
    let mut encoder = gpu.device.create_command_encoder(&Default::default());
    {
        let mut pass = encoder.begin_compute_pass(&Default::default());
        pass.set_pipeline(&pipeline);
        pass.set_bind_group(0, &group, &[]);
        pass.set_resource_table(Some(table));
        pass.dispatch_workgroups(1, 1, 1);
    }
    gpu.queue.submit([encoder.finish()]);
    gpu.read_buffer(&out)
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// The index a state probes, as WGSL, and whether the state leaves slot 0 for the probe.
fn probe_index(state: &str) -> &'static str {
    match state {
        "out_of_range" => "4u",
        "negative" => "-1i",
        _ => "0u",
    }
}

/// A texel format of each kind, and a texel whose first channel reads back as `value`.
fn texel(kind: &str) -> (wgpu::TextureFormat, Vec<u8>, u32) {
    match kind {
        "f32" => (
            wgpu::TextureFormat::R32Float,
            2.5f32.to_le_bytes().to_vec(),
            2.5f32.to_bits(),
        ),
        "i32" => (
            wgpu::TextureFormat::R32Sint,
            (-5i32).to_le_bytes().to_vec(),
            (-5i32) as u32,
        ),
        _ => (wgpu::TextureFormat::R32Uint, 42u32.to_le_bytes().to_vec(), 42),
    }
}

fn filled_texture(gpu: &GpuContext, kind: &str, usage: wgpu::TextureUsages) -> (wgpu::Texture, u32) {
    let (format, data, value) = texel(kind);
    let texture = texture_2d(&gpu.device, format, 2, 2, usage | wgpu::TextureUsages::COPY_DST);
    gpu.queue.write_texture(
        texture.as_image_copy(),
        &data.repeat(4),
        wgpu::TexelCopyBufferLayout {
            offset: 0,
            bytes_per_row: Some(2 * data.len() as u32),
            rows_per_image: None,
        },
        texture.size(),
    );
    (texture, value)
}

/// Puts what `state` says in slot 0 of `table`; returns what must stay alive.
fn fill_slot(
    table: &wgpu::ResourceTable,
    state: &str,
    matching: &wgpu::Texture,
    wrong: &wgpu::Texture,
    pin: PinnedUsage,
) -> Result<Vec<wgpu::TextureView>, String> {
    let view = |t: &wgpu::Texture| t.create_view(&Default::default());
    let put = |v: &wgpu::TextureView| {
        table
            .update(0, wgpu::BindingResource::TextureView(v))
            .map_err(|e| e.to_string())
    };
    Ok(match state {
        "matching" | "out_of_range" | "negative" => {
            matching.pin(pin);
            let v = view(matching);
            put(&v)?;
            vec![v]
        }
        "unpinned" => {
            let v = view(matching);
            put(&v)?;
            vec![v]
        }
        "wrong_type" => {
            wrong.pin(pin);
            let v = view(wrong);
            put(&v)?;
            vec![v]
        }
        "removed" => {
            matching.pin(pin);
            let v = view(matching);
            put(&v)?;
            table.remove(0).map_err(|e| e.to_string())?;
            vec![v]
        }
        _ => vec![],
    })
}

const STATES: &[&str] = &[
    "matching",
    "wrong_type",
    "empty",
    "removed",
    "unpinned",
    "out_of_range",
    "negative",
];

pub fn tests() -> Vec<Test> {
    vec![
        Test {
            file: "shader,execution,get_resource",
            name: "sampled_texture",
            backend: Backend::Vulkan,
            params: vec![("texel", strs(&["f32", "i32", "u32"])), ("state", strs(STATES))],
            spec: "hasResource returns true if the item at index is of type T; getResource returns it, else (out of bounds, wrong type, empty, unpinned) a default resource of type T",
            run: |p| {
                let (kind, state) = (p.str("texel"), p.str("state"));
                let gpu = gpu(false);
                let table = gpu.device.create_pinned_resource_table(&ResourceTableDescriptor { label: None, size: SIZE });
                let usage = wgpu::TextureUsages::TEXTURE_BINDING;
                let (matching, value) = filled_texture(&gpu, kind, usage);
                let (wrong, _) = filled_texture(&gpu, if kind == "u32" { "i32" } else { "u32" }, usage);
                let _alive = fill_slot(&table, state, &matching, &wrong, PinnedUsage::Sampled)?;
                let index = probe_index(state);
                let body = format!(
                    "let t = getResource<texture_2d<{kind}>>({index});
                     out[0] = u32(hasResource<texture_2d<{kind}>>({index}));
                     out[1] = bitcast<u32>(textureLoad(t, vec2(1, 1), 0).x);
                     out[2] = textureDimensions(t).x;"
                );
                let got = run_probe(&gpu, &table, "", &body, 3);
                let visible = matches!(state, "matching");
                // The default resource is a zeroed 1×1 texture.
                let expected = if visible { vec![1, value, 2] } else { vec![0, 0, 1] };
                ensure(got == expected, || format!("expected {expected:?}, got {got:?}"))
            },
        },
        Test {
            file: "shader,execution,get_resource",
            name: "sampler",
            backend: Backend::Vulkan,
            params: vec![("slot", strs(&["sampler", "comparison_sampler", "texture", "empty"]))],
            spec: "hasResource<sampler>/<sampler_comparison> is true only for a sampler of that kind; samplers need no pin",
            run: |p| {
                let gpu = gpu(false);
                let table = gpu.device.create_pinned_resource_table(&ResourceTableDescriptor { label: None, size: SIZE });
                let sampler = gpu.device.create_sampler(&Default::default());
                let comparison = gpu.device.create_sampler(&wgpu::SamplerDescriptor {
                    compare: Some(wgpu::CompareFunction::Less),
                    ..Default::default()
                });
                let (texture, _) = filled_texture(&gpu, "f32", wgpu::TextureUsages::TEXTURE_BINDING);
                texture.pin(PinnedUsage::Sampled);
                let view = texture.create_view(&Default::default());
                let slot = p.str("slot");
                let resource = match slot {
                    "sampler" => Some(wgpu::BindingResource::Sampler(&sampler)),
                    "comparison_sampler" => Some(wgpu::BindingResource::Sampler(&comparison)),
                    "texture" => Some(wgpu::BindingResource::TextureView(&view)),
                    _ => None,
                };
                if let Some(resource) = resource {
                    table.update(0, resource).map_err(|e| NotPassed::Fail(e.to_string()))?;
                }
                let got = run_probe(
                    &gpu,
                    &table,
                    "",
                    "out[0] = u32(hasResource<sampler>(0u)); out[1] = u32(hasResource<sampler_comparison>(0u));",
                    2,
                );
                let expected = vec![u32::from(slot == "sampler"), u32::from(slot == "comparison_sampler")];
                ensure(got == expected, || format!("expected {expected:?}, got {got:?}"))
            },
        },
        Test {
            file: "shader,execution,get_resource",
            name: "storage_buffer",
            backend: Backend::Vulkan,
            params: vec![("pin", strs(&["read_write", "read", "none"])), ("access", strs(&["read", "read_write"]))],
            spec: "heterogeneous tables: storage buffers are visible when pinned; a read-only access sees buffers pinned read-only or writable, a writable access only writable ones",
            run: |p| {
                let (pin, access) = (p.str("pin"), p.str("access"));
                let gpu = gpu(true);
                let table = gpu.device.create_pinned_resource_table(&ResourceTableDescriptor { label: None, size: SIZE });
                let buffer = gpu.device.create_buffer(&wgpu::BufferDescriptor {
                    label: None,
                    size: 16,
                    usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
                    mapped_at_creation: false,
                });
                gpu.queue.write_buffer(&buffer, 0, &[9u32, 8, 7, 6].map(u32::to_le_bytes).concat());
                match pin {
                    "read_write" => buffer.pin(PinnedUsage::StorageReadWrite),
                    "read" => buffer.pin(PinnedUsage::StorageRead),
                    _ => {}
                }
                table.update(0, buffer.as_entire_binding()).map_err(|e| NotPassed::Fail(e.to_string()))?;
                let body = format!(
                    "out[0] = u32(hasResource<ptr<storage, Data, {access}>>(0u));
                     out[1] = (*getResource<ptr<storage, Data, {access}>>(0u)).v[0];"
                );
                let got = run_probe(&gpu, &table, "struct Data { v: array<u32> }", &body, 2);
                let visible = pin == "read_write" || (pin == "read" && access == "read");
                let expected = if visible { vec![1, 9] } else { vec![0, 0] };
                ensure(got == expected, || format!("expected {expected:?}, got {got:?}"))
            },
        },
        Test {
            file: "shader,execution,get_resource",
            name: "storage_texture",
            backend: Backend::Vulkan,
            params: vec![("texel", strs(&["f32", "i32", "u32"])), ("pinned", bools())],
            spec: "heterogeneous tables: format-less storage textures texture_storage_2d<T, access> through the table, visible when pinned for storage",
            run: |p| {
                let (kind, pinned) = (p.str("texel"), p.bool("pinned"));
                let gpu = gpu(true);
                let table = gpu.device.create_pinned_resource_table(&ResourceTableDescriptor { label: None, size: SIZE });
                let (texture, value) = filled_texture(&gpu, kind, wgpu::TextureUsages::STORAGE_BINDING);
                if pinned {
                    texture.pin(PinnedUsage::StorageRead);
                }
                let view = texture.create_view(&Default::default());
                table.update(0, wgpu::BindingResource::TextureView(&view)).map_err(|e| NotPassed::Fail(e.to_string()))?;
                let body = format!(
                    "out[0] = u32(hasResource<texture_storage_2d<{kind}, read>>(0u));
                     out[1] = bitcast<u32>(textureLoad(getResource<texture_storage_2d<{kind}, read>>(0u), vec2(1u, 1u)).x);"
                );
                let got = run_probe(&gpu, &table, "", &body, 2);
                let expected = if pinned { vec![1, value] } else { vec![0, 0] };
                ensure(got == expected, || format!("expected {expected:?}, got {got:?}"))
            },
        },
        Test {
            file: "shader,validation",
            name: "enable_required",
            backend: Backend::Noop,
            params: vec![("enable", bools())],
            spec: "the enable name is resource_table: getResource/hasResource need it",
            run: |p| {
                let (device, _q) = noop_device(wgpu::Features::SAMPLING_RESOURCE_TABLE, Default::default());
                let enable = if p.bool("enable") { "enable resource_table;" } else { "" };
                let source = format!("{enable} @compute @workgroup_size(1) fn main() {{ _ = hasResource<sampler>(0u); }}");
                let (_m, error) = validation_error(&device, || {
                    device.create_shader_module(wgpu::ShaderModuleDescriptor {
                        label: None,
                        source: wgpu::ShaderSource::Wgsl(source.into()),
                    })
                });
                if p.bool("enable") {
                    expect_no_error(error)
                } else {
                    ensure(error.as_ref().is_some_and(|e| e.to_string().contains("enable resource_table")), || {
                        format!("expected a note to enable resource_table, got {error:?}")
                    })
                }
            },
        },
        Test {
            file: "shader,validation",
            name: "resource_type",
            backend: Backend::Noop,
            params: vec![
                ("features", strs(&["sampling", "heterogeneous"])),
                (
                    "type",
                    strs(&[
                        "texture_2d<f32>",
                        "texture_depth_cube",
                        "texture_multisampled_2d<u32>",
                        "sampler_comparison",
                        "texture_storage_2d<f32, read>",
                        "ptr<storage, Data, read>",
                        "ptr<storage, array<u32>, read>",
                        "texture_external",
                        "u32",
                    ]),
                ),
            ],
            spec: "T is a format-less storage texture, sampled, multisampled or depth texture, or sampler (storage types, and storage buffers as ptr<storage, S, access> to a struct, with the heterogeneous table only); anything else is an error",
            run: |p| {
                let (f, ty) = (p.str("features"), p.str("type"));
                let features = if f == "heterogeneous" {
                    wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE
                } else {
                    wgpu::Features::SAMPLING_RESOURCE_TABLE
                };
                let (device, _q) = noop_device(features, Default::default());
                let source = format!(
                    "enable resource_table; struct Data {{ v: array<u32> }}
                     @compute @workgroup_size(1) fn main() {{ _ = hasResource<{ty}>(0u); }}"
                );
                let (_m, error) = validation_error(&device, || {
                    device.create_shader_module(wgpu::ShaderModuleDescriptor {
                        label: None,
                        source: wgpu::ShaderSource::Wgsl(source.into()),
                    })
                });
                let storage = ty.starts_with("texture_storage") || ty.starts_with("ptr");
                // Storage buffers are pointers to a struct.
                let allowed = !matches!(ty, "texture_external" | "u32" | "ptr<storage, array<u32>, read>")
                    && (!storage || f == "heterogeneous");
                if allowed {
                    expect_no_error(error)
                } else {
                    ensure(error.is_some(), || format!("{ty} must be refused with {f}"))
                }
            },
        },
        Test {
            file: "shader,execution,get_resource",
            name: "texture_types",
            backend: Backend::Vulkan,
            params: vec![
                (
                    "type",
                    strs(&[
                        "texture_1d<f32>",
                        "texture_2d_array<f32>",
                        "texture_3d<f32>",
                        "texture_cube<f32>",
                        "texture_cube_array<f32>",
                        "texture_multisampled_2d<f32>",
                        "texture_depth_2d",
                        "texture_depth_2d_array",
                        "texture_depth_cube",
                        "texture_depth_cube_array",
                        "texture_depth_multisampled_2d",
                    ]),
                ),
                ("state", strs(&["matching", "empty"])),
            ],
            spec: "T is a sampled, multisampled or depth texture of any dimension; a missing or mismatched slot gives the default resource of T",
            run: |p| {
                let (ty, state) = (p.str("type"), p.str("state"));
                let gpu = gpu(false);
                let table = gpu.device.create_pinned_resource_table(&ResourceTableDescriptor { label: None, size: SIZE });
                let _alive = if state == "matching" {
                    let (texture, view) = texture_of_type(&gpu.device, ty);
                    texture.pin(PinnedUsage::Sampled);
                    table
                        .update(0, wgpu::BindingResource::TextureView(&view))
                        .map_err(|e| e.to_string())?;
                    Some((texture, view))
                } else {
                    None
                };
                // textureDimensions of a 1D texture is a scalar.
                let width = if ty.contains("1d") { "" } else { ".x" };
                let body = format!(
                    "out[0] = u32(hasResource<{ty}>(0u));
                     out[1] = textureDimensions(getResource<{ty}>(0u)){width};"
                );
                let got = run_probe(&gpu, &table, "", &body, 2);
                // Real textures are 2 texels wide, the defaults 1.
                let expected = if state == "matching" { vec![1, 2] } else { vec![0, 1] };
                ensure(got == expected, || format!("expected {expected:?}, got {got:?}"))
            },
        },
        Test {
            file: "shader,execution,encoding",
            name: "bundle_sets_its_own_table",
            backend: Backend::Vulkan,
            params: vec![("pass_table", bools())],
            spec: "setResourceTable on GPURenderBundleEncoder: the bundle's draws read the table the bundle set (executeBundles resets the pass's table)",
            run: |p| {
                let gpu = gpu(false);
                let table = gpu.device.create_pinned_resource_table(&ResourceTableDescriptor { label: None, size: SIZE });
                let (texture, _) = filled_texture(&gpu, "u32", wgpu::TextureUsages::TEXTURE_BINDING);
                texture.pin(PinnedUsage::Sampled);
                let view = texture.create_view(&Default::default());
                table
                    .update(0, wgpu::BindingResource::TextureView(&view))
                    .map_err(|e| e.to_string())?;
                let module = gpu.device.create_shader_module(wgpu::ShaderModuleDescriptor {
                    label: None,
                    source: wgpu::ShaderSource::Wgsl(
                        "enable resource_table;
                         @vertex fn vs(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
                             return vec4(f32(i & 1u) * 4.0 - 1.0, f32(i >> 1u) * 4.0 - 1.0, 0.0, 1.0);
                         }
                         @fragment fn fs() -> @location(0) vec4<u32> {
                             return vec4(textureLoad(getResource<texture_2d<u32>>(0u), vec2(0, 0), 0).x);
                         }"
                        .into(),
                    ),
                });
                let format = wgpu::TextureFormat::R32Uint;
                let pipeline = hal_ext::harness::render_pipeline(&gpu.device, &module, None, format);
                let mut bundle = hal_ext::harness::bundle_encoder(&gpu.device, None, format);
                bundle.set_pipeline(&pipeline);
                bundle.set_resource_table(Some(&table));
                bundle.draw(0..3, 0..1);
                let bundle = bundle.finish(&Default::default());
                let target = texture_2d(
                    &gpu.device,
                    format,
                    1,
                    1,
                    wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
                );
                let target_view = target.create_view(&Default::default());
                let mut encoder = gpu.device.create_command_encoder(&Default::default());
                {
                    let mut pass = hal_ext::harness::clear_pass(&mut encoder, &target_view, wgpu::Color::BLACK);
                    if p.bool("pass_table") {
                        pass.set_resource_table(Some(&table));
                    }
                    pass.execute_bundles([&bundle]);
                }
                gpu.queue.submit([encoder.finish()]);
                let got = u32::from_le_bytes(gpu.read_texture(&target)[..4].try_into().unwrap());
                ensure(got == 42, || format!("expected 42, got {got}"))
            },
        },
    ]
}

/// A 2-texel-wide texture of WGSL type `ty` and its view.
fn texture_of_type(device: &wgpu::Device, ty: &str) -> (wgpu::Texture, wgpu::TextureView) {
    use wgpu::{TextureDimension as D, TextureViewDimension as V};
    let depth = ty.starts_with("texture_depth");
    let multisampled = ty.contains("multisampled");
    let (dimension, layers, view) = match ty.trim_start_matches("texture_depth_").trim_start_matches("texture_") {
        t if t.starts_with("1d") => (D::D1, 1, V::D1),
        t if t.starts_with("2d_array") => (D::D2, 2, V::D2Array),
        t if t.starts_with("3d") => (D::D3, 2, V::D3),
        t if t.starts_with("cube_array") => (D::D2, 12, V::CubeArray),
        t if t.starts_with("cube") => (D::D2, 6, V::Cube),
        _ => (D::D2, 1, V::D2),
    };
    let format = if depth {
        wgpu::TextureFormat::Depth32Float
    } else {
        wgpu::TextureFormat::Rgba8Unorm
    };
    let mut usage = wgpu::TextureUsages::TEXTURE_BINDING;
    if multisampled || depth {
        usage |= wgpu::TextureUsages::RENDER_ATTACHMENT;
    }
    let texture = device.create_texture(&wgpu::TextureDescriptor {
        label: Some(ty),
        size: wgpu::Extent3d {
            width: 2,
            height: if dimension == D::D1 { 1 } else { 2 },
            depth_or_array_layers: layers,
        },
        mip_level_count: 1,
        sample_count: if multisampled { 4 } else { 1 },
        dimension,
        format,
        usage,
        view_formats: &[],
    });
    let view = texture.create_view(&wgpu::TextureViewDescriptor {
        dimension: Some(view),
        ..Default::default()
    });
    (texture, view)
}
