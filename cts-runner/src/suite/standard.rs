//! The 2026-08 standard's sentences that the 2025 draft did not have: the hard maximum size,
//! `setResourceUsage`'s validation, and `isShaderVisible` (a table's usage for a resource,
//! and the usage scope's conflicting uses). Validation on noop, execution on Vulkan.

use hal_ext::harness::{noop_device, texture_2d, validation_error, GpuContext};
use wgpu::{ResourceTableDescriptor, ResourceTableUsage as Usage};
use wgpu_core::resource_table::{CreateResourceTableError, ResourceTableUseError};

use super::{ensure, expect_error, expect_no_error, nums, strs, Backend, CaseResult, Params, Test};

/// A 1×1 `R32Uint` texture holding 42, sampled and storage-capable.
fn texture_42(device: &wgpu::Device, queue: &wgpu::Queue) -> wgpu::Texture {
    let texture = texture_2d(
        device,
        wgpu::TextureFormat::R32Uint,
        1,
        1,
        wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::STORAGE_BINDING | wgpu::TextureUsages::COPY_DST,
    );
    hal_ext::harness::write_texel(queue, &texture, 42);
    texture
}

/// The WGSL type through which a case reads the table, and its load of texel (0, 0).
fn table_type(name: &str) -> (&'static str, &'static str) {
    match name {
        "sampled" => ("texture_2d<u32>", "textureLoad(t, vec2(0), 0).x"),
        "storage_read" => ("texture_storage_2d<u32, read>", "textureLoad(t, vec2(0)).x"),
        _ => ("texture_storage_2d<u32, read_write>", "textureLoad(t, vec2(0)).x"),
    }
}

/// One dispatch with an automatic table holding `texture` in slot 0, its usage set to `usage`
/// (unless `None`: the default) before the submission, and `texture` also bound in group 0 as
/// `bindful` (a WGSL declaration and a use of `b`, or nothing), and destroyed first if
/// `destroy`. Returns `[shown, texel]` read through the table as `read_as`.
fn probe(
    usage: Option<Usage>,
    read_as: &str,
    bindful: Option<(&str, &str)>,
    destroy: bool,
) -> Result<[u32; 2], String> {
    Ok(probe_calls(usage, read_as, bindful, destroy, None)?[0])
}

/// [`probe`], with a queue-timeline `setResourceUsage` of the texture (`call`: on the command
/// encoder before the pass, or in the pass before the dispatch) in the same command buffer;
/// then a second submission without calls. Returns what each dispatch read.
fn probe_calls(
    usage: Option<Usage>,
    read_as: &str,
    bindful: Option<(&str, &str)>,
    destroy: bool,
    call: Option<(&str, Usage)>,
) -> Result<Vec<[u32; 2]>, String> {
    let gpu = GpuContext::new(wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE, wgpu::Limits::default());
    let texture = texture_42(&gpu.device, &gpu.queue);
    let view = texture.create_view(&Default::default());
    let table = gpu.device.create_resource_table(&ResourceTableDescriptor {
        label: Some("cts"),
        size: 2,
    });
    table
        .insert(wgpu::BindingResource::TextureView(&view))
        .map_err(|e| e.to_string())?;
    if let Some(usage) = usage {
        table.set_resource_usage(&texture, usage);
    }
    if destroy {
        texture.destroy();
    }
    let (ty, load) = table_type(read_as);
    let (declaration, use_b) = bindful.unwrap_or(("", ""));
    let source = format!(
        "enable resource_table;
         @group(0) @binding(0) var<storage, read_write> out: array<u32>;
         {declaration}
         @compute @workgroup_size(1) fn main() {{
             out[0] = u32(hasResource<{ty}>(0u));
             let t = getResource<{ty}>(0u);
             out[1] = {load};
             {use_b}
         }}"
    );
    let pipeline = hal_ext::harness::compute_pipeline(&gpu.device, &source);
    let out = hal_ext::harness::buffer_of_words(&gpu.device, &gpu.queue, &[99, 99, 99], wgpu::BufferUsages::STORAGE);
    let mut entries = vec![out.as_entire_binding()];
    if bindful.is_some() && !destroy {
        entries.push(wgpu::BindingResource::TextureView(&view));
    }
    let group = hal_ext::harness::group_0(&gpu.device, &pipeline, entries);
    let mut read = Vec::new();
    for call in [call, None].into_iter().take(if call.is_some() { 2 } else { 1 }) {
        let mut encoder = gpu.device.create_command_encoder(&Default::default());
        if let Some(("encoder", call)) = call {
            encoder.set_resource_usage(&table, &texture, call);
        }
        {
            let mut pass = encoder.begin_compute_pass(&Default::default());
            pass.set_pipeline(&pipeline);
            pass.set_bind_group(0, &group, &[]);
            pass.set_resource_table(Some(&table));
            if let Some(("compute_pass", call)) = call {
                pass.set_resource_usage(&table, &texture, call);
            }
            pass.dispatch_workgroups(1, 1, 1);
        }
        gpu.queue.submit([encoder.finish()]);
        let words = hal_ext::harness::words(&gpu.read_buffer(&out));
        read.push([words[0], words[1]]);
    }
    Ok(read)
}

/// A `setResourceUsage` validation case (`valid`, `invalid_table`, `invalid_resource`,
/// `other_device`, `pinned_table`): a noop device, and the texture and the table of the call.
struct UsageCase {
    device: wgpu::Device,
    texture: wgpu::Texture,
    table: wgpu::ResourceTable,
    /// Both devices' queues and the other device, kept alive.
    _keep: ([wgpu::Queue; 2], wgpu::Device),
}

fn usage_case(case: &str) -> UsageCase {
    let [(device, queue), (other, other_queue)] =
        hal_ext::harness::two_noop_devices(wgpu::Features::SAMPLING_RESOURCE_TABLE);
    let texture = match case {
        "other_device" => texture_42(&other, &other_queue),
        "invalid_resource" => {
            validation_error(&device, || {
                texture_2d(
                    &device,
                    wgpu::TextureFormat::R32Uint,
                    1,
                    1,
                    wgpu::TextureUsages::empty(),
                )
            })
            .0
        }
        _ => texture_42(&device, &queue),
    };
    let desc = ResourceTableDescriptor {
        label: Some("cts"),
        size: if case == "invalid_table" { 65_537 } else { 4 },
    };
    let (table, _) = validation_error(&device, || match case {
        "pinned_table" => device.create_pinned_resource_table(&desc),
        _ => device.create_resource_table(&desc),
    });
    UsageCase {
        device,
        texture,
        table,
        _keep: ([queue, other_queue], other),
    }
}

/// Whether `e` is the error of the [`usage_case`] `case`.
fn usage_error(case: &str, e: &ResourceTableUseError) -> bool {
    match case {
        "invalid_table" => matches!(e, ResourceTableUseError::InvalidTable(_)),
        "invalid_resource" => matches!(e, ResourceTableUseError::InvalidResource(_)),
        "other_device" => matches!(
            e,
            ResourceTableUseError::Device(wgpu_core::device::DeviceError::DeviceMismatch(_))
        ),
        _ => matches!(e, ResourceTableUseError::PinnedTable { .. }),
    }
}

/// What a probe reads when the slot is visible, and when it is hidden (the default texture).
fn expected(visible: bool) -> [u32; 2] {
    if visible {
        [1, 42]
    } else {
        [0, 0]
    }
}

fn usage(p: &Params) -> Option<Usage> {
    match p.str("usage") {
        "none" => Some(Usage::None),
        "readonly" => Some(Usage::ReadOnly),
        "writable" => Some(Usage::Writable),
        _ => None,
    }
}

pub fn tests() -> Vec<Test> {
    vec![
        Test {
            file: "api,validation,resource_table,create",
            name: "standard_maximum",
            backend: Backend::Noop,
            params: vec![("size", nums(&[65_536, 65_537]))],
            spec: "createResourceTable (2026-08): the maximum size is hard-coded to 65,536; a larger size throws a \
                   RangeError (wgpu: a validation error and an invalid table, on every device)",
            run: |p| {
                let size = p.u32("size");
                let (device, _queue) = noop_device(wgpu::Features::SAMPLING_RESOURCE_TABLE, wgpu::Limits::default());
                ensure(device.max_resource_table_size() > 65_537, || {
                    "the noop device allows pinned tables above the standard's maximum".into()
                })?;
                let (table, error) = validation_error(&device, || {
                    device.create_resource_table(&ResourceTableDescriptor { label: None, size })
                });
                let sampler = device.create_sampler(&Default::default());
                let inserted = table.insert(wgpu::BindingResource::Sampler(&sampler));
                if size <= wgpu::MAX_RESOURCE_TABLE_SIZE {
                    expect_no_error(error)?;
                    ensure(inserted == Ok(0), || format!("insert gave {inserted:?}"))
                } else {
                    expect_error::<CreateResourceTableError>(error, "AboveStandardMaximum", |e| {
                        matches!(
                            e,
                            CreateResourceTableError::AboveStandardMaximum {
                                size: 65_537,
                                max: 65_536
                            }
                        )
                    })?;
                    ensure(inserted == Err(wgpu::ResourceTableError::Invalid), || {
                        format!("insert gave {inserted:?}")
                    })
                }
            },
        },
        Test {
            file: "api,validation,resource_table,usage",
            name: "set_resource_usage",
            backend: Backend::Noop,
            params: vec![(
                "case",
                strs(&[
                    "valid",
                    "invalid_table",
                    "invalid_resource",
                    "other_device",
                    "pinned_table",
                ]),
            )],
            spec: "GPUResourceTable.setResourceUsage: validate table is valid to use with this and resource is valid \
                   to use with this, else a validation error (wgpu: a pinned table refuses it too)",
            run: |p| -> CaseResult {
                let case = p.str("case");
                let UsageCase {
                    device,
                    texture,
                    table,
                    _keep,
                } = usage_case(case);
                let (_, error) = validation_error(&device, || table.set_resource_usage(&texture, Usage::Writable));
                match case {
                    "valid" => expect_no_error(error),
                    _ => expect_error::<ResourceTableUseError>(error, case, |e| usage_error(case, e)),
                }
            },
        },
        Test {
            file: "api,validation,resource_table,usage",
            name: "queue_timeline_set_resource_usage",
            backend: Backend::Noop,
            params: vec![
                ("level", strs(&["encoder", "compute_pass"])),
                (
                    "case",
                    strs(&[
                        "valid",
                        "invalid_table",
                        "invalid_resource",
                        "other_device",
                        "pinned_table",
                    ]),
                ),
            ],
            spec: "GPUCommandEncoder/GPUComputePassEncoder.setResourceUsage: validate table is valid to use with \
                   this and resource is valid to use with this, else invalidate this (wgpu: a pinned table \
                   refuses it too; the error comes with finish)",
            run: |p| -> CaseResult {
                let case = p.str("case");
                let UsageCase {
                    device,
                    texture,
                    table,
                    _keep,
                } = usage_case(case);
                let mut encoder = device.create_command_encoder(&Default::default());
                match p.str("level") {
                    "encoder" => encoder.set_resource_usage(&table, &texture, Usage::None),
                    _ => {
                        let mut pass = encoder.begin_compute_pass(&Default::default());
                        pass.set_resource_usage(&table, &texture, Usage::None);
                    }
                }
                let (_, error) = validation_error(&device, || encoder.finish());
                let accept = |e: &ResourceTableUseError| usage_error(case, e);
                use wgpu_core::{binding_model::BindError, command as c};
                match (case, p.str("level")) {
                    ("valid", _) => expect_no_error(error),
                    (_, "encoder") => expect_error::<c::CommandEncoderError>(
                        error,
                        case,
                        |e| matches!(e, c::CommandEncoderError::ResourceTable(e) if accept(e)),
                    ),
                    _ => expect_error::<c::ComputePassErrorInner>(
                        error,
                        case,
                        |e| matches!(e, c::ComputePassErrorInner::Bind(BindError::ResourceTable(e)) if accept(e)),
                    ),
                }
            },
        },
        Test {
            file: "shader,execution,visibility",
            name: "queue_timeline_usage",
            backend: Backend::Vulkan,
            params: vec![
                ("level", strs(&["encoder", "compute_pass"])),
                ("usage", strs(&["default", "none", "writable"])),
                ("call", strs(&["none", "readonly", "writable"])),
                ("read_as", strs(&["sampled", "storage_read_write"])),
            ],
            spec: "GPUCommandEncoder/GPUComputePassEncoder.setResourceUsage on the queue timeline: set \
                   table.[[resource_usage]](resource) to usage (the scopes after the call see it, and later \
                   submissions)",
            run: |p| {
                let read_as = p.str("read_as");
                let call = match p.str("call") {
                    "none" => Usage::None,
                    "readonly" => Usage::ReadOnly,
                    _ => Usage::Writable,
                };
                let visible = match call {
                    Usage::None => false,
                    Usage::Writable => read_as != "sampled",
                    _ => read_as == "sampled",
                };
                let got = probe_calls(usage(p), read_as, None, false, Some((p.str("level"), call)))?;
                let want = vec![expected(visible); 2];
                ensure(got == want, || {
                    format!("read [shown, texel] in the call's submission and the next = {got:?}, expected {want:?}")
                })
            },
        },
        Test {
            file: "shader,execution,visibility",
            name: "table_usage",
            backend: Backend::Vulkan,
            params: vec![
                ("usage", strs(&["default", "none", "readonly", "writable"])),
                ("read_as", strs(&["sampled", "storage_read", "storage_read_write"])),
            ],
            spec: "isShaderVisible: switch on [[resource_usage]][resource], readonly when absent: none, return false \
                   (compatible with, ours: readonly shows a sampled view as sampled, writable a storage view as \
                   storage of every access)",
            run: |p| {
                let read_as = p.str("read_as");
                let visible = match p.str("usage") {
                    "none" => false,
                    "writable" => read_as != "sampled",
                    _ => read_as == "sampled",
                };
                let got = probe(usage(p), read_as, None, false)?;
                ensure(got == expected(visible), || {
                    format!("read [shown, texel] = {got:?}, expected {:?}", expected(visible))
                })
            },
        },
        Test {
            file: "shader,execution,visibility",
            name: "conflicting_use_in_the_dispatch",
            backend: Backend::Vulkan,
            params: vec![
                ("usage", strs(&["readonly", "writable"])),
                ("bindful", strs(&["sampled", "storage_read", "storage_write"])),
            ],
            spec: "isShaderVisible: readonly, return false if any subresource of resource is writable in usage_scope; \
                   writable (storage-read-write), return false if any subresource has any usage other than \
                   \"storage\" in usage_scope (a usage scope: one dispatch)",
            run: |p| {
                let bindful = p.str("bindful");
                let binding = match bindful {
                    "sampled" => (
                        "@group(0) @binding(1) var b: texture_2d<u32>;",
                        "out[2] = textureLoad(b, vec2(0), 0).x;",
                    ),
                    "storage_read" => (
                        "@group(0) @binding(1) var b: texture_storage_2d<r32uint, read>;",
                        "out[2] = textureLoad(b, vec2(0)).x;",
                    ),
                    _ => (
                        "@group(0) @binding(1) var b: texture_storage_2d<r32uint, write>;",
                        "textureStore(b, vec2(0), vec4(42u));",
                    ),
                };
                let (visible, read_as) = match p.str("usage") {
                    "readonly" => (bindful != "storage_write", "sampled"),
                    _ => (bindful == "storage_write", "storage_read"),
                };
                let got = probe(usage(p), read_as, Some(binding), false)?;
                ensure(got == expected(visible), || {
                    format!("read [shown, texel] = {got:?}, expected {:?}", expected(visible))
                })
            },
        },
        Test {
            file: "shader,execution,visibility",
            name: "destroyed",
            backend: Backend::Vulkan,
            params: vec![("destroyed", super::bools())],
            spec: "isShaderVisible: if resource.[[destroyed]], return false",
            run: |p| {
                let destroyed = p.bool("destroyed");
                let got = probe(None, "sampled", None, destroyed)?;
                ensure(got == expected(!destroyed), || {
                    format!("read [shown, texel] = {got:?}, expected {:?}", expected(!destroyed))
                })
            },
        },
    ]
}
