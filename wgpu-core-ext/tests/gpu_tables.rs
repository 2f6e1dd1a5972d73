//! Resource tables on a real Vulkan driver (lavapipe in CI), validation layer on: what
//! shaders read through `getResource`/`hasResource` is checked value by value.

use hal_ext::harness::{in_flight, isolated, texture_2d, validation_error, GpuContext};
use wgpu::{PinnedUsage, ResourceTableDescriptor};

const SIZE: u32 = 1000;

fn limits() -> wgpu::Limits {
    wgpu::Limits::default()
}

fn sampling() -> GpuContext {
    GpuContext::new(wgpu::Features::SAMPLING_RESOURCE_TABLE, limits())
}

fn heterogeneous() -> GpuContext {
    GpuContext::new(wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE, limits())
}

/// A 1×1 texture of `format` holding `texel`.
fn texel_texture(
    gpu: &GpuContext,
    format: wgpu::TextureFormat,
    texel: &[u8],
    usage: wgpu::TextureUsages,
) -> wgpu::Texture {
    square_texture(gpu, format, 1, texel, usage)
}

/// A `side`×`side` texture of `format` with every texel `texel`.
fn square_texture(
    gpu: &GpuContext,
    format: wgpu::TextureFormat,
    side: u32,
    texel: &[u8],
    usage: wgpu::TextureUsages,
) -> wgpu::Texture {
    let size = wgpu::Extent3d {
        width: side,
        height: side,
        depth_or_array_layers: 1,
    };
    let texture = texture_2d(&gpu.device, format, side, side, usage | wgpu::TextureUsages::COPY_DST);
    let data = texel.repeat((side * side) as usize);
    gpu.queue.write_texture(
        texture.as_image_copy(),
        &data,
        wgpu::TexelCopyBufferLayout {
            offset: 0,
            bytes_per_row: Some(side * texel.len() as u32),
            rows_per_image: None,
        },
        size,
    );
    texture
}

fn storage_buffer(gpu: &GpuContext, words: usize) -> wgpu::Buffer {
    gpu.device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("out"),
        size: (words * 4) as u64,
        usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    })
}

fn words(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// Runs `main` of `source` over `invocations` with the table set and `out` at group 0
/// binding 0; returns `out`'s words.
fn dispatch(
    gpu: &GpuContext,
    source: &str,
    table: &wgpu::ResourceTable,
    out: &wgpu::Buffer,
    invocations: u32,
) -> Vec<u32> {
    dispatch_with(gpu, source, table, &[out], invocations)
}

/// [`dispatch`] with more buffers at group 0 (binding = position); returns the first's words.
fn dispatch_with(
    gpu: &GpuContext,
    source: &str,
    table: &wgpu::ResourceTable,
    buffers: &[&wgpu::Buffer],
    invocations: u32,
) -> Vec<u32> {
    Kernel::new(gpu, source, buffers).run(gpu, table, buffers, invocations)
}

/// `source` made with every runtime check off (`create_shader_module_trusted`): naga adds
/// no bounds checks, and only the device's robust buffer access keeps a read in its buffer.
fn trusted_module(gpu: &GpuContext, source: &str) -> wgpu::ShaderModule {
    // SAFETY: the shaders given here index only within their own buffers; the table's
    // indices may be anything (that is what is tested).
    unsafe {
        gpu.device.create_shader_module_trusted(
            wgpu::ShaderModuleDescriptor {
                label: Some("trusted"),
                source: wgpu::ShaderSource::Wgsl(source.into()),
            },
            wgpu::ShaderRuntimeChecks::unchecked(),
        )
    }
}

/// [`Kernel::run`] of `module`'s `main` with `layout` (`None`: the default layout).
fn dispatch_module(
    gpu: &GpuContext,
    module: &wgpu::ShaderModule,
    layout: Option<&wgpu::PipelineLayout>,
    table: &wgpu::ResourceTable,
    buffers: &[&wgpu::Buffer],
    invocations: u32,
) -> Vec<u32> {
    let pipeline = gpu.device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: None,
        layout,
        module,
        entry_point: Some("main"),
        compilation_options: Default::default(),
        cache: None,
    });
    Kernel::with_pipeline(gpu, pipeline, buffers).run(gpu, table, buffers, invocations)
}

/// `source` compiled as wgpu's Vulkan backend compiles it for a device without
/// `robustBufferAccess2` (buffer accesses `Restrict`: naga clamps the metadata read), which
/// neither lavapipe nor the H100 is: the SPIR-V goes in through passthrough, with the table
/// at group 1 placed as the ABI (docs/src/abi.md) says (metadata and sampled textures in the
/// table's first set, samplers in the next), and the layout for it: group 0 holds `buffers`
/// storage buffers, the first read-write, the rest read-only.
fn restricted_module(gpu: &GpuContext, source: &str, buffers: u32) -> (wgpu::ShaderModule, wgpu::PipelineLayout) {
    use naga::resource_table::{Bindings, Kind};
    let capabilities = naga::valid::Capabilities::all();
    let mut options = naga::front::wgsl::Options::new();
    options.capabilities = capabilities;
    let mut module = naga::front::wgsl::Frontend::new_with_options(options)
        .parse(source)
        .unwrap();
    let info = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), capabilities)
        .validate(&module)
        .unwrap();
    naga::resource_table::place(&mut module, 1, &Bindings::default());
    let at = |group, binding, descriptor_set, set_binding| {
        (
            naga::ResourceBinding { group, binding },
            naga::back::spv::BindingInfo {
                descriptor_set,
                binding: set_binding,
                binding_array_size: None,
            },
        )
    };
    let mut binding_map: naga::back::spv::BindingMap = (0..buffers).map(|b| at(0, b, 0, b)).collect();
    binding_map.extend([
        at(1, Kind::Metadata.default_binding(), 1, 0),
        at(1, Kind::SampledTexture.default_binding(), 1, 1),
        at(1, Kind::Sampler.default_binding(), 2, 0),
    ]);
    let options = naga::back::spv::Options {
        lang_version: (1, 5),
        bounds_check_policies: naga::proc::BoundsCheckPolicies {
            index: naga::proc::BoundsCheckPolicy::Restrict,
            buffer: naga::proc::BoundsCheckPolicy::Restrict,
            image_load: naga::proc::BoundsCheckPolicy::Restrict,
            binding_array: naga::proc::BoundsCheckPolicy::Unchecked,
        },
        binding_map,
        ..Default::default()
    };
    let spirv = naga::back::spv::write_vec(&module, &info, &options, None).unwrap();
    // What this run shows is that the Restrict code gives the same results, and that the
    // binding map follows the ABI; it cannot show that the clamp keeps far reads in bounds,
    // as this device's robustness returns 0 for them anyway. naga-ext's
    // `the_type_id_read_is_bounded_by_the_buffer_policy` checks the clamp's code.
    // SAFETY: the SPIR-V is naga's, for the layout below.
    let shader = unsafe {
        gpu.device
            .create_shader_module_passthrough(wgpu::ShaderModuleDescriptorPassthrough {
                label: Some("restricted"),
                entry_points: std::borrow::Cow::Borrowed(&[wgpu::PassthroughShaderEntryPoint {
                    name: std::borrow::Cow::Borrowed("main"),
                    workgroup_size: (64, 1, 1),
                }]),
                spirv: Some(std::borrow::Cow::Owned(spirv)),
                ..Default::default()
            })
    };
    let entries = (0..buffers)
        .map(|binding| wgpu::BindGroupLayoutEntry {
            binding,
            visibility: wgpu::ShaderStages::COMPUTE,
            ty: wgpu::BindingType::Buffer {
                ty: wgpu::BufferBindingType::Storage { read_only: binding > 0 },
                has_dynamic_offset: false,
                min_binding_size: None,
            },
            count: None,
        })
        .collect::<Vec<_>>();
    let group_layout = gpu.device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
        label: Some("restricted"),
        entries: &entries,
    });
    let layout = gpu
        .device
        .create_pipeline_layout_with_resource_table(&wgpu::PipelineLayoutDescriptor {
            label: Some("restricted"),
            bind_group_layouts: &[Some(&group_layout)],
            immediate_size: 0,
        });
    (shader, layout)
}

/// A compute pipeline (entry point `main`, default layout) with its buffers at group 0.
struct Kernel {
    pipeline: wgpu::ComputePipeline,
    group: wgpu::BindGroup,
}

impl Kernel {
    fn new(gpu: &GpuContext, source: &str, buffers: &[&wgpu::Buffer]) -> Self {
        Self::with_pipeline(gpu, hal_ext::harness::compute_pipeline(&gpu.device, source), buffers)
    }

    fn with_pipeline(gpu: &GpuContext, pipeline: wgpu::ComputePipeline, buffers: &[&wgpu::Buffer]) -> Self {
        let resources = buffers.iter().map(|b| b.as_entire_binding()).collect();
        let group = hal_ext::harness::group_0(&gpu.device, &pipeline, resources);
        Self { pipeline, group }
    }

    /// Dispatches `invocations` with `table` set; returns the first buffer's words.
    fn run(
        &self,
        gpu: &GpuContext,
        table: &wgpu::ResourceTable,
        buffers: &[&wgpu::Buffer],
        invocations: u32,
    ) -> Vec<u32> {
        gpu.queue.submit([self.encode(gpu, table, invocations.div_ceil(64))]);
        words(&gpu.read_buffer(buffers[0]))
    }

    /// A command buffer dispatching `workgroups` with `table` set.
    fn encode(&self, gpu: &GpuContext, table: &wgpu::ResourceTable, workgroups: u32) -> wgpu::CommandBuffer {
        let mut encoder = gpu.device.create_command_encoder(&Default::default());
        {
            let mut pass = encoder.begin_compute_pass(&Default::default());
            pass.set_pipeline(&self.pipeline);
            pass.set_bind_group(0, &self.group, &[]);
            pass.set_resource_table(Some(table));
            pass.dispatch_workgroups(workgroups, 1, 1);
        }
        encoder.finish()
    }
}

/// 1×1 `R32Uint` textures holding `values`, pinned `Sampled`, and a view of each.
fn u32_textures(gpu: &GpuContext, values: impl Iterator<Item = u32>) -> (Vec<wgpu::Texture>, Vec<wgpu::TextureView>) {
    values.map(|value| u32_texture(gpu, value)).unzip()
}

const READ_EVERY_SLOT: &str = r#"
enable resource_table;

@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let n = arrayLength(&out) - 1u;
    if id.x < n {
        // A different slot per invocation: a non-uniform index.
        out[id.x] = textureLoad(getResource<texture_2d<u32>>(id.x), vec2(0, 0), 0).x;
    }
    if id.x == 0u {
        // The same slot in every iteration: uniform indices.
        var sum = 0u;
        for (var slot = 0u; slot < n; slot++) {
            sum += textureLoad(getResource<texture_2d<u32>>(slot), vec2(0, 0), 0).x;
        }
        out[n] = sum;
    }
}
"#;

#[test]
fn gpu_compute_reads_a_thousand_distinct_textures() {
    let gpu = sampling();
    let table = gpu.device.create_pinned_resource_table(&ResourceTableDescriptor {
        label: Some("thousand"),
        size: SIZE,
    });
    let value = |slot: u32| slot * 7 + 1;
    let (_textures, views) = u32_textures(&gpu, (0..SIZE).map(value));
    for (slot, view) in (0..SIZE).zip(&views) {
        assert_eq!(table.insert(wgpu::BindingResource::TextureView(view)), Ok(slot));
    }
    let out = storage_buffer(&gpu, SIZE as usize + 1);
    let got = dispatch(&gpu, READ_EVERY_SLOT, &table, &out, SIZE);
    let expected = (0..SIZE).map(value).collect::<Vec<_>>();
    assert_eq!(&got[..SIZE as usize], &expected[..]);
    assert_eq!(got[SIZE as usize], expected.iter().sum::<u32>());
}

/// The same thousand textures put in with `update_range`, in ranges of 1 to 300 slots
/// around a slot filled with `update`: every slot reads its own texture.
#[test]
fn gpu_update_range_fills_the_table_as_updates_would() {
    let gpu = sampling();
    let table = gpu.device.create_pinned_resource_table(&ResourceTableDescriptor {
        label: Some("ranges"),
        size: SIZE,
    });
    let value = |slot: u32| slot * 5 + 3;
    let (_textures, views) = u32_textures(&gpu, (0..SIZE).map(value));
    let resources: Vec<_> = views.iter().map(wgpu::BindingResource::TextureView).collect();
    table.update(500, resources[500].clone()).unwrap();
    for range in [0..1, 1..301, 301..500, 501..801, 801..SIZE as usize] {
        table.update_range(range.start as u32, &resources[range]).unwrap();
    }
    let out = storage_buffer(&gpu, SIZE as usize + 1);
    let got = dispatch(&gpu, READ_EVERY_SLOT, &table, &out, SIZE);
    let expected = (0..SIZE).map(value).collect::<Vec<_>>();
    assert_eq!(&got[..SIZE as usize], &expected[..]);
    assert_eq!(got[SIZE as usize], expected.iter().sum::<u32>());
}

const TEXEL_OR_SAMPLER: &str = r#"
enable resource_table;

@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    if id.x < arrayLength(&out) {
        let texel = textureLoad(getResource<texture_2d<u32>>(id.x), vec2(0, 0), 0).x;
        out[id.x] = select(0u, texel, hasResource<texture_2d<u32>>(id.x))
            + select(0u, 1000000u, hasResource<sampler>(id.x));
    }
}
"#;

/// 2,600 slots of textures with samplers between them (every 7th slot), put in with
/// `update_range` calls longer than the flush's chunk of descriptor writes: every slot
/// reads what it holds, whatever the chunk and run boundaries.
#[test]
fn gpu_update_range_with_mixed_kinds_across_write_chunks() {
    const SLOTS: u32 = 2600;
    let gpu = sampling();
    let table = gpu.device.create_pinned_resource_table(&ResourceTableDescriptor {
        label: Some("mixed"),
        size: SLOTS,
    });
    let value = |i: u32| i * 11 + 2;
    let (_textures, views) = u32_textures(&gpu, (0..64).map(value));
    // A submission first, so that the table's whole first write is done and the ranges
    // below take the incremental path (metadata runs broken by the samplers).
    gpu.queue.submit([]);
    let sampler = gpu.device.create_sampler(&Default::default());
    let is_sampler = |slot: u32| slot % 7 == 3;
    let resources: Vec<_> = (0..SLOTS)
        .map(|slot| match is_sampler(slot) {
            true => wgpu::BindingResource::Sampler(&sampler),
            false => wgpu::BindingResource::TextureView(&views[slot as usize % 64]),
        })
        .collect();
    for range in [0..1500, 1500..SLOTS as usize] {
        table.update_range(range.start as u32, &resources[range]).unwrap();
    }
    let out = storage_buffer(&gpu, SLOTS as usize);
    let got = dispatch(&gpu, TEXEL_OR_SAMPLER, &table, &out, SLOTS);
    let expected: Vec<u32> = (0..SLOTS)
        .map(|slot| match is_sampler(slot) {
            true => 1000000,
            false => value(slot % 64),
        })
        .collect();
    assert_eq!(got, expected);
}

/// One texture in six slots; removing the list's head, a middle slot and its tail, then
/// unpinning and pinning again reaches exactly the slots still holding it.
#[test]
fn gpu_pin_changes_reach_the_slots_left_after_removals() {
    let gpu = sampling();
    let table = gpu.device.create_pinned_resource_table(&ResourceTableDescriptor {
        label: Some("links"),
        size: 8,
    });
    let texture = texel_texture(
        &gpu,
        wgpu::TextureFormat::R32Uint,
        &77u32.to_le_bytes(),
        wgpu::TextureUsages::TEXTURE_BINDING,
    );
    texture.pin(PinnedUsage::Sampled);
    let view = texture.create_view(&Default::default());
    table
        .update_range(0, &vec![wgpu::BindingResource::TextureView(&view); 6])
        .unwrap();
    for slot in [5, 2, 0] {
        table.remove(slot).unwrap();
    }
    let out = storage_buffer(&gpu, 8);
    let read = || dispatch(&gpu, TEXEL_OR_SAMPLER, &table, &out, 8);
    assert_eq!(read(), [0, 77, 0, 77, 77, 0, 0, 0]);
    texture.unpin();
    assert_eq!(read(), [0; 8]);
    texture.pin(PinnedUsage::Sampled);
    assert_eq!(read(), [0, 77, 0, 77, 77, 0, 0, 0]);
    // Back in the table (slot 6, then the freed slot 0 once its submissions completed),
    // it is reached there too.
    table.update(6, wgpu::BindingResource::TextureView(&view)).unwrap();
    gpu.wait();
    table.update(0, wgpu::BindingResource::TextureView(&view)).unwrap();
    texture.unpin();
    assert_eq!(read(), [0; 8]);
    texture.pin(PinnedUsage::Sampled);
    assert_eq!(read(), [77, 77, 0, 77, 77, 0, 77, 0]);
    // In a second table too; destroying that one leaves the first reached.
    let other = gpu.device.create_pinned_resource_table(&ResourceTableDescriptor {
        label: Some("other"),
        size: 4,
    });
    other.update(3, wgpu::BindingResource::TextureView(&view)).unwrap();
    assert_eq!(dispatch(&gpu, TEXEL_OR_SAMPLER, &other, &out, 4)[..4], [0, 0, 0, 77]);
    other.destroy();
    texture.unpin();
    assert_eq!(read(), [0; 8]);
    texture.pin(PinnedUsage::Sampled);
    assert_eq!(read(), [77, 77, 0, 77, 77, 0, 77, 0]);
    // Out of every slot, then back in one: the table is found again.
    for slot in [0, 1, 3, 4, 6] {
        table.remove(slot).unwrap();
    }
    gpu.wait();
    table.update(2, wgpu::BindingResource::TextureView(&view)).unwrap();
    assert_eq!(read(), [0, 0, 77, 0, 0, 0, 0, 0]);
    texture.unpin();
    assert_eq!(read(), [0; 8]);
    texture.pin(PinnedUsage::Sampled);
    assert_eq!(read(), [0, 0, 77, 0, 0, 0, 0, 0]);
}

/// A texture in slots spread over a 5,000-slot table, put in by an `update_range` across a
/// word of the free bitmap (64 slots) and by `update`s, beside a second texture in
/// neighbouring slots: pin changes reach every slot of the first and no other (its slots
/// are one list through the table), also after removals that unlink the list's head, a
/// middle slot and range slots, and it is found again in a slot it gets back.
#[test]
fn gpu_pin_changes_reach_slots_across_the_table() {
    const SLOTS: u32 = 5000;
    let gpu = sampling();
    let table = gpu.device.create_pinned_resource_table(&ResourceTableDescriptor {
        label: Some("spread"),
        size: SLOTS,
    });
    let (a, a_view) = u32_texture(&gpu, 7);
    let (b, b_view) = u32_texture(&gpu, 9);
    let a_binding = || wgpu::BindingResource::TextureView(&a_view);
    // Slots 3070..3080 cross a bitmap word (3072 = 48 × 64); the `update`s come after, so
    // the last one (4999) heads the texture's list.
    table.update_range(3070, &vec![a_binding(); 10]).unwrap();
    for slot in [0, 1023, 1024, 2047, 3000, 4999] {
        table.update(slot, a_binding()).unwrap();
    }
    let b_slots = [1, 1025, 2048, 3069, 3080, 4998];
    for slot in b_slots {
        table.update(slot, wgpu::BindingResource::TextureView(&b_view)).unwrap();
    }
    let out = storage_buffer(&gpu, SLOTS as usize);
    // The slots that read a texel, with it: every other slot reads 0.
    let read = || {
        let words = dispatch(&gpu, TEXEL_OR_SAMPLER, &table, &out, SLOTS);
        (0..SLOTS).zip(words).filter(|&(_, w)| w != 0).collect::<Vec<_>>()
    };
    let expected = |a_slots: &[u32], b_pinned: bool| {
        let mut read: Vec<(u32, u32)> = a_slots.iter().map(|&slot| (slot, 7)).collect();
        if b_pinned {
            read.extend(b_slots.map(|slot| (slot, 9)));
        }
        read.sort();
        read
    };
    let mut a_slots: Vec<u32> = (3070..3080).chain([0, 1023, 1024, 2047, 3000, 4999]).collect();
    assert_eq!(read(), expected(&a_slots, true));
    a.unpin();
    assert_eq!(read(), expected(&[], true));
    a.pin(PinnedUsage::Sampled);
    assert_eq!(read(), expected(&a_slots, true));
    // The head (4999), a middle slot (1024, between 2047 and 1023 in the list), and slots
    // of the range on both sides of its word boundary (3071, 3072).
    for slot in [4999, 1024, 3071, 3072] {
        table.remove(slot).unwrap();
        a_slots.retain(|&s| s != slot);
    }
    a.unpin();
    assert_eq!(read(), expected(&[], true));
    a.pin(PinnedUsage::Sampled);
    assert_eq!(read(), expected(&a_slots, true));
    // Out of every slot, then back in its last head's slot.
    for &slot in &a_slots {
        table.remove(slot).unwrap();
    }
    gpu.wait();
    table.update(4999, a_binding()).unwrap();
    assert_eq!(read(), expected(&[4999], true));
    a.unpin();
    assert_eq!(read(), expected(&[], true));
    a.pin(PinnedUsage::Sampled);
    assert_eq!(read(), expected(&[4999], true));
    // The second texture was never touched by any of it.
    b.unpin();
    assert_eq!(read(), expected(&[4999], false));
}

/// Two threads on one 4,096-slot table (one word of the free bitmap's summary): one binds
/// the upper half with `update_range` (slots taken a bitmap word at a time), the other the
/// lower half with `insert` (the lowest free slot), then each empties its half, and
/// again (the readback waited for the last submission, so the removed slots are free at
/// once; `gpu_slot_lifecycle_follows_submissions` covers removals that wait). The lowest
/// free slot is always in the lower half, so both succeed: `insert` returns exactly
/// the lower half, in order, the table is then full, and every slot reads its thread's
/// texel.
#[test]
fn gpu_update_range_and_insert_from_two_threads() {
    isolated("gpu_update_range_and_insert_from_two_threads", || {
        const SLOTS: u32 = 4096;
        const HALF: u32 = SLOTS / 2;
        const RANGE: u32 = 100;
        let gpu = sampling();
        let table = gpu.device.create_pinned_resource_table(&ResourceTableDescriptor {
            label: Some("two threads"),
            size: SLOTS,
        });
        let (_ranged, ranged_view) = u32_texture(&gpu, 3);
        let (_inserted, inserted_view) = u32_texture(&gpu, 5);
        let out = storage_buffer(&gpu, SLOTS as usize);
        let expected: Vec<u32> = (0..SLOTS).map(|slot| if slot < HALF { 5 } else { 3 }).collect();
        for round in 0..2 {
            std::thread::scope(|s| {
                s.spawn(|| {
                    let resources = vec![wgpu::BindingResource::TextureView(&ranged_view); RANGE as usize];
                    for first in (HALF..SLOTS).step_by(RANGE as usize) {
                        let count = RANGE.min(SLOTS - first) as usize;
                        table.update_range(first, &resources[..count]).unwrap();
                    }
                });
                let inserted: Vec<u32> = (0..HALF)
                    .map(|_| {
                        table
                            .insert(wgpu::BindingResource::TextureView(&inserted_view))
                            .unwrap()
                    })
                    .collect();
                assert_eq!(inserted, (0..HALF).collect::<Vec<_>>(), "round {round}");
            });
            // Every slot taken, by one thread or the other.
            assert_eq!(
                table.insert(wgpu::BindingResource::TextureView(&inserted_view)),
                Err(wgpu::ResourceTableError::Full),
                "round {round}"
            );
            assert_eq!(
                dispatch(&gpu, TEXEL_OR_SAMPLER, &table, &out, SLOTS),
                expected,
                "round {round}"
            );
            std::thread::scope(|s| {
                s.spawn(|| {
                    for slot in HALF..SLOTS {
                        table.remove(slot).unwrap();
                    }
                });
                for slot in 0..HALF {
                    table.remove(slot).unwrap();
                }
            });
        }
    });
}

/// Probes: `(index, expected)` where `expected` is what the shader writes for the index:
/// `[has u32 texture, texel, width, has f32 texture, has sampler]`.
const HAS_RESOURCE: &str = r#"
enable resource_table;

@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@group(0) @binding(1) var<storage, read> probes: array<i32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    if id.x >= arrayLength(&probes) {
        return;
    }
    let signed = probes[id.x];
    let index = u32(signed);
    let base = id.x * 5u;
    out[base] = u32(hasResource<texture_2d<u32>>(signed));
    out[base + 1u] = textureLoad(getResource<texture_2d<u32>>(index), vec2(0, 0), 0).x;
    out[base + 2u] = textureDimensions(getResource<texture_2d<u32>>(index)).x;
    out[base + 3u] = u32(hasResource<texture_2d<f32>>(index));
    out[base + 4u] = u32(hasResource<sampler>(index));
}
"#;

#[test]
fn gpu_has_resource_matrix_and_default_resources() {
    let gpu = GpuContext::new(
        wgpu::Features::SAMPLING_RESOURCE_TABLE | wgpu::Features::PASSTHROUGH_SHADERS,
        limits(),
    );
    let table = gpu.device.create_pinned_resource_table(&ResourceTableDescriptor {
        label: Some("matrix"),
        size: 16,
    });
    let usage = wgpu::TextureUsages::TEXTURE_BINDING;
    // Slot 0: the right type, pinned (2×2, so its width tells it from a 1×1 default).
    let right = square_texture(&gpu, wgpu::TextureFormat::R32Uint, 2, &42u32.to_le_bytes(), usage);
    right.pin(PinnedUsage::Sampled);
    // Slot 1: a float texture (the wrong type for texture_2d<u32>).
    let float = square_texture(&gpu, wgpu::TextureFormat::Rgba8Unorm, 2, &[255; 4], usage);
    float.pin(PinnedUsage::Sampled);
    // Slot 3: removed. Slot 4: the right type, never pinned. Slot 5: a sampler.
    let removed = square_texture(&gpu, wgpu::TextureFormat::R32Uint, 2, &7u32.to_le_bytes(), usage);
    removed.pin(PinnedUsage::Sampled);
    let unpinned = square_texture(&gpu, wgpu::TextureFormat::R32Uint, 2, &9u32.to_le_bytes(), usage);
    let sampler = gpu.device.create_sampler(&Default::default());
    let views = [&right, &float, &removed, &unpinned].map(|t| t.create_view(&Default::default()));
    for (slot, view) in [0, 1, 3, 4].into_iter().zip(&views) {
        table
            .update(slot, wgpu::BindingResource::TextureView(view))
            .expect("free slot");
    }
    table
        .update(5, wgpu::BindingResource::Sampler(&sampler))
        .expect("free slot");
    table.remove(3).unwrap();

    // Out of range: past the end, the defaults' slots, far past the metadata buffer, and
    // indices whose byte offset `4 + 4 * i` wraps in 32 bits onto slot 0 (visible) or 5
    // (a sampler): the shader reads `type_ids[i]` whatever `i` is, and only the length
    // check may decide.
    let probes: [(i32, [u32; 5]); 16] = [
        (0, [1, 42, 2, 0, 0]),
        (1, [0, 0, 1, 1, 0]),
        (2, [0, 0, 1, 0, 0]),
        (3, [0, 0, 1, 0, 0]),
        (4, [0, 0, 1, 0, 0]),
        (5, [0, 0, 1, 0, 1]),
        (16, [0, 0, 1, 0, 0]),
        (17, [0, 0, 1, 0, 0]),
        (16 + 55, [0, 0, 1, 0, 0]),
        (100_000, [0, 0, 1, 0, 0]),
        (-1, [0, 0, 1, 0, 0]),
        (1 << 30, [0, 0, 1, 0, 0]),
        ((1 << 30) + 5, [0, 0, 1, 0, 0]),
        (i32::MIN, [0, 0, 1, 0, 0]),
        (-(1 << 30), [0, 0, 1, 0, 0]),
        (i32::MAX, [0, 0, 1, 0, 0]),
    ];
    let probe_buffer = gpu.device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("probes"),
        size: (probes.len() * 4) as u64,
        usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    let indices = probes.iter().flat_map(|(i, _)| i.to_le_bytes()).collect::<Vec<_>>();
    gpu.queue.write_buffer(&probe_buffer, 0, &indices);
    let out = storage_buffer(&gpu, probes.len() * 5);
    let got = dispatch_with(&gpu, HAS_RESOURCE, &table, &[&out, &probe_buffer], probes.len() as u32);
    for (n, (index, expected)) in probes.iter().enumerate() {
        assert_eq!(&got[n * 5..n * 5 + 5], expected, "probe index {index}");
    }
    // The same with bounds checks off: the metadata reads of far indices are then the
    // device's robust buffer access's to keep in the buffer (the table features need it).
    gpu.queue.write_buffer(&out, 0, &[0xAB; 4].repeat(probes.len() * 5));
    let buffers = [&out, &probe_buffer];
    let module = trusted_module(&gpu, HAS_RESOURCE);
    let got = dispatch_module(&gpu, &module, None, &table, &buffers, probes.len() as u32);
    for (n, (index, expected)) in probes.iter().enumerate() {
        assert_eq!(
            &got[n * 5..n * 5 + 5],
            expected,
            "probe index {index}, no bounds checks"
        );
    }
    // And under the policy of devices without `robustBufferAccess2`, where naga's clamp of
    // the metadata read is what keeps far indices in the buffer.
    gpu.queue.write_buffer(&out, 0, &[0xAB; 4].repeat(probes.len() * 5));
    let (module, layout) = restricted_module(&gpu, HAS_RESOURCE, buffers.len() as u32);
    let got = dispatch_module(&gpu, &module, Some(&layout), &table, &buffers, probes.len() as u32);
    for (n, (index, expected)) in probes.iter().enumerate() {
        assert_eq!(
            &got[n * 5..n * 5 + 5],
            expected,
            "probe index {index}, buffer accesses Restrict"
        );
    }
}

const KIND_PROBE: &str = r#"
enable resource_table;

@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    if id.x >= 11u {
        return;
    }
    let base = id.x * 6u;
    out[base] = u32(hasResource<texture_2d<u32>>(id.x));
    out[base + 1u] = u32(hasResource<texture_2d_array<u32>>(id.x));
    out[base + 2u] = u32(hasResource<texture_2d<i32>>(id.x));
    out[base + 3u] = u32(hasResource<texture_depth_2d>(id.x));
    out[base + 4u] = u32(hasResource<texture_2d<f32>>(id.x));
    out[base + 5u] = u32(hasResource<texture_multisampled_2d<f32>>(id.x));
}
"#;

/// A texture view's type id is computed once for a run of views of one kind, when the
/// bindings are put (`update_range`) and at the flush (for slots whose textures were
/// pinned or unpinned since). Each slot here differs from the one before in one of the
/// properties that decide the id (view dimension, pin, format, sample count), so a kind
/// that missed one would hand the previous slot's id on; the table is read after the
/// `update_range`, then again after every texture's pin changed, which leaves the flush to
/// compute every id. (Checked: the test fails when the kind leaves out the pin, and when
/// the flush hands one id to every slot whose id it computes. A
/// depth-stencil texture's aspects are views of two formats, `Depth24Plus` and `Stencil8`,
/// so the aspect is not tested apart from the format; the view's usage matters only on
/// heterogeneous devices, and is not tested here.)
#[test]
fn gpu_type_ids_of_neighbouring_slots_that_differ_in_one_property() {
    let gpu = sampling();
    let table = gpu.device.create_pinned_resource_table(&ResourceTableDescriptor {
        label: Some("kinds"),
        size: 11,
    });
    let usage = wgpu::TextureUsages::TEXTURE_BINDING;
    let pinned = texel_texture(&gpu, wgpu::TextureFormat::R32Uint, &1u32.to_le_bytes(), usage);
    let unpinned = texel_texture(&gpu, wgpu::TextureFormat::R32Uint, &2u32.to_le_bytes(), usage);
    let signed = texel_texture(&gpu, wgpu::TextureFormat::R32Sint, &3i32.to_le_bytes(), usage);
    let depth_stencil = texture_2d(&gpu.device, wgpu::TextureFormat::Depth24PlusStencil8, 1, 1, usage);
    let color = texel_texture(&gpu, wgpu::TextureFormat::Rgba8Unorm, &[9; 4], usage);
    let multisampled = gpu.device.create_texture(&wgpu::TextureDescriptor {
        label: Some("multisampled"),
        size: wgpu::Extent3d {
            width: 1,
            height: 1,
            depth_or_array_layers: 1,
        },
        mip_level_count: 1,
        sample_count: 4,
        dimension: wgpu::TextureDimension::D2,
        format: wgpu::TextureFormat::Rgba8Unorm,
        usage: usage | wgpu::TextureUsages::RENDER_ATTACHMENT,
        view_formats: &[],
    });
    let visible = [&pinned, &signed, &depth_stencil, &color, &multisampled];
    for texture in visible {
        texture.pin(PinnedUsage::Sampled);
    }
    let view = |texture: &wgpu::Texture, dimension, aspect| {
        texture.create_view(&wgpu::TextureViewDescriptor {
            dimension: Some(dimension),
            aspect,
            ..Default::default()
        })
    };
    use wgpu::{TextureAspect as A, TextureViewDimension as D};
    let views = [
        view(&pinned, D::D2, A::All),
        view(&pinned, D::D2Array, A::All),
        view(&pinned, D::D2, A::All),
        view(&unpinned, D::D2, A::All),
        view(&pinned, D::D2, A::All),
        view(&signed, D::D2, A::All),
        view(&depth_stencil, D::D2, A::DepthOnly),
        view(&depth_stencil, D::D2, A::StencilOnly),
        view(&color, D::D2, A::All),
        view(&multisampled, D::D2, A::All),
        view(&color, D::D2, A::All),
    ];
    let resources = views.iter().map(wgpu::BindingResource::TextureView).collect::<Vec<_>>();
    table.update_range(0, &resources).expect("free slots");
    // [texture_2d<u32>, texture_2d_array<u32>, texture_2d<i32>, texture_depth_2d,
    //  texture_2d<f32>, texture_multisampled_2d<f32>]
    let expected: [[u32; 6]; 11] = [
        [1, 0, 0, 0, 0, 0],
        [0, 1, 0, 0, 0, 0], // dimension
        [1, 0, 0, 0, 0, 0], // dimension back
        [0, 0, 0, 0, 0, 0], // not pinned
        [1, 0, 0, 0, 0, 0], // pinned
        [0, 0, 1, 0, 0, 0], // format
        [0, 0, 0, 1, 0, 0], // the depth aspect
        [1, 0, 0, 0, 0, 0], // the stencil aspect: unsigned integers
        [0, 0, 0, 0, 1, 0], // format
        [0, 0, 0, 0, 0, 1], // sample count
        [0, 0, 0, 0, 1, 0], // sample count back
    ];
    let out = storage_buffer(&gpu, 11 * 6);
    for round in ["put", "pins changed"] {
        let got = dispatch(&gpu, KIND_PROBE, &table, &out, 11);
        for (slot, expected) in expected.iter().enumerate() {
            assert_eq!(&got[slot * 6..slot * 6 + 6], expected, "slot {slot}, ids {round}");
        }
        // Every texture's pin changes and comes back: the flush computes every slot's id.
        for texture in visible {
            texture.unpin();
            texture.pin(PinnedUsage::Sampled);
        }
        unpinned.pin(PinnedUsage::Sampled);
        unpinned.unpin();
    }
}

/// Reads a 4×4 `Rgba8Unorm` render target back.
fn read_target(gpu: &GpuContext, target: &wgpu::Texture) -> Vec<[u8; 4]> {
    gpu.read_texture(target)
        .chunks_exact(4)
        .map(|p| p.try_into().unwrap())
        .collect()
}

const SAMPLE_THROUGH_TABLE: &str = r#"
enable resource_table;

@vertex
fn vs(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
    let uv = vec2<f32>(f32((i << 1u) & 2u), f32(i & 2u));
    return vec4<f32>(uv * 2.0 - 1.0, 0.0, 1.0);
}

@fragment
fn fs(@builtin(position) p: vec4<f32>) -> @location(0) vec4<f32> {
    // Left half: slot 0, right half: slot 1; the sampler is in slot 2.
    let slot = select(0u, 1u, p.x >= 2.0);
    return textureSample(getResource<texture_2d<f32>>(slot), getResource<sampler>(2u), vec2(0.5));
}
"#;

#[test]
fn gpu_fragment_shader_samples_through_the_table_in_passes_and_bundles() {
    let gpu = sampling();
    let table = gpu.device.create_pinned_resource_table(&ResourceTableDescriptor {
        label: Some("render"),
        size: 8,
    });
    let usage = wgpu::TextureUsages::TEXTURE_BINDING;
    let red = texel_texture(&gpu, wgpu::TextureFormat::Rgba8Unorm, &[255, 0, 0, 255], usage);
    let green = texel_texture(&gpu, wgpu::TextureFormat::Rgba8Unorm, &[0, 255, 0, 255], usage);
    let views = [&red, &green].map(|t| {
        t.pin(PinnedUsage::Sampled);
        t.create_view(&Default::default())
    });
    for view in &views {
        table.insert(wgpu::BindingResource::TextureView(view)).unwrap();
    }
    let sampler = gpu.device.create_sampler(&Default::default());
    assert_eq!(table.insert(wgpu::BindingResource::Sampler(&sampler)), Ok(2));

    let module = gpu.device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some("sample through table"),
        source: wgpu::ShaderSource::Wgsl(SAMPLE_THROUGH_TABLE.into()),
    });
    let format = wgpu::TextureFormat::Rgba8Unorm;
    let pipeline = hal_ext::harness::render_pipeline(&gpu.device, &module, None, format);
    let mut bundle = hal_ext::harness::bundle_encoder(&gpu.device, Some("table bundle"), format);
    bundle.set_pipeline(&pipeline);
    bundle.set_resource_table(Some(&table));
    bundle.draw(0..3, 0..1);
    let bundle = bundle.finish(&Default::default());

    let expected = (0..16)
        .map(|i| if i % 4 < 2 { [255, 0, 0, 255] } else { [0, 255, 0, 255] })
        .collect::<Vec<_>>();
    for use_bundle in [false, true] {
        let target = gpu.device.create_texture(&wgpu::TextureDescriptor {
            label: Some("target"),
            size: wgpu::Extent3d {
                width: 4,
                height: 4,
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
        let mut encoder = gpu.device.create_command_encoder(&Default::default());
        {
            let mut pass = hal_ext::harness::clear_pass(&mut encoder, &view, wgpu::Color::BLACK);
            if use_bundle {
                pass.execute_bundles([&bundle]);
            } else {
                pass.set_pipeline(&pipeline);
                pass.set_resource_table(Some(&table));
                pass.draw(0..3, 0..1);
            }
        }
        gpu.queue.submit([encoder.finish()]);
        assert_eq!(read_target(&gpu, &target), expected, "bundle: {use_bundle}");
    }
}

const READ_SLOT_ZERO: &str = r#"
enable resource_table;

@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    if id.x < arrayLength(&out) {
        out[id.x] = textureLoad(getResource<texture_2d<u32>>(id.x), vec2(0, 0), 0).x;
    }
}
"#;

fn u32_texture(gpu: &GpuContext, value: u32) -> (wgpu::Texture, wgpu::TextureView) {
    let texture = texel_texture(
        gpu,
        wgpu::TextureFormat::R32Uint,
        &value.to_le_bytes(),
        wgpu::TextureUsages::TEXTURE_BINDING,
    );
    texture.pin(PinnedUsage::Sampled);
    let view = texture.create_view(&Default::default());
    (texture, view)
}

#[test]
fn gpu_slot_lifecycle_follows_submissions() {
    use wgpu::ResourceTableError as E;
    let gpu = sampling();
    let table = gpu.device.create_pinned_resource_table(&ResourceTableDescriptor {
        label: Some("lifecycle"),
        size: 4,
    });
    let out = storage_buffer(&gpu, 2);
    let (a_texture, a) = u32_texture(&gpu, 11);
    let (_b, b) = u32_texture(&gpu, 22);
    let (_c, c) = u32_texture(&gpu, 33);
    table.update(0, wgpu::BindingResource::TextureView(&a)).unwrap();
    table.update(1, wgpu::BindingResource::TextureView(&b)).unwrap();
    assert_eq!(dispatch(&gpu, READ_SLOT_ZERO, &table, &out, 2), [11, 22]);

    // A long submission that reads slot 0 goes out; removing the slot is immediate, reusing
    // it waits until the device has observed that submission complete.
    let index = submit_busy_reader(&gpu, &table, &out);
    let running = in_flight(&gpu.device);
    table.remove(0).unwrap();
    if running {
        let report = table.inspect_slot(0).unwrap();
        let after = index_value(&index);
        assert_eq!(
            report.hidden,
            Some(wgpu::SlotHidden::Removed { available_after: after })
        );
        assert_eq!(
            report.explain("texture_2d<u32>"),
            format!(
                "slot 0 is empty (removed; it can be filled again once submission {after} has \
                 completed): `texture_2d<u32>` reads the default"
            )
        );
        match table.update(0, wgpu::BindingResource::TextureView(&c)) {
            Err(E::NotYetAvailable {
                slot: 0,
                available_after,
                ..
            }) => assert_eq!(available_after, index_value(&index)),
            other => panic!("expected NotYetAvailable, got {other:?}"),
        }
        // Meanwhile insert skips it.
        assert_eq!(table.insert(wgpu::BindingResource::TextureView(&c)), Ok(2));
    }
    gpu.wait();
    table.update(0, wgpu::BindingResource::TextureView(&c)).unwrap();
    assert_eq!(dispatch(&gpu, READ_SLOT_ZERO, &table, &out, 2), [33, 22]);

    // Remove and reinsert: the lowest available slot once completed.
    table.remove(1).unwrap();
    gpu.wait();
    assert_eq!(table.insert(wgpu::BindingResource::TextureView(&a)), Ok(1));
    assert_eq!(dispatch(&gpu, READ_SLOT_ZERO, &table, &out, 2), [33, 11]);

    // Queue writes to a pinned texture are allowed; the next submission sees the new data.
    gpu.queue.write_texture(
        a_texture.as_image_copy(),
        &44u32.to_le_bytes(),
        wgpu::TexelCopyBufferLayout::default(),
        a_texture.size(),
    );
    assert_eq!(dispatch(&gpu, READ_SLOT_ZERO, &table, &out, 2), [33, 44]);
}

/// Reads slot 0 in a loop long enough (hundreds of milliseconds on lavapipe) to be still
/// running when the next call comes.
const BUSY_READER: &str = r#"
enable resource_table;

@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    var acc = id.x;
    for (var i = 0u; i < 200000u; i++) {
        // Each load waits for the previous one (`harness::in_flight`).
        let x = i32(acc & (id.x >> 31u));
        acc = acc * 1664525u + textureLoad(getResource<texture_2d<u32>>(0u), vec2(x, 0), 0).x;
    }
    if acc == 0xdeadbeefu {
        out[0] = acc;
    }
}
"#;

fn submit_busy_reader(gpu: &GpuContext, table: &wgpu::ResourceTable, out: &wgpu::Buffer) -> wgpu::SubmissionIndex {
    let kernel = Kernel::new(gpu, BUSY_READER, &[out]);
    gpu.queue.submit([kernel.encode(gpu, table, 16)])
}

/// The submission index as the slot errors report it.
fn index_value(index: &wgpu::SubmissionIndex) -> u64 {
    // `SubmissionIndex` is opaque; its debug form carries the number.
    let text = format!("{index:?}");
    text.chars()
        .filter(char::is_ascii_digit)
        .collect::<String>()
        .parse()
        .unwrap()
}

#[test]
fn gpu_destroying_a_table_with_work_in_flight_is_safe() {
    let gpu = sampling();
    let table = gpu.device.create_pinned_resource_table(&ResourceTableDescriptor {
        label: Some("destroyed"),
        size: 4,
    });
    let (texture, view) = u32_texture(&gpu, 5);
    table.update(0, wgpu::BindingResource::TextureView(&view)).unwrap();
    drop(view);
    let out = storage_buffer(&gpu, 1);
    let kernel = Kernel::new(&gpu, READ_SLOT_ZERO, &[&out]);
    let encode = || kernel.encode(&gpu, &table, 1);
    let first = encode();
    let second = encode();
    gpu.queue.submit([first]);
    // Destroy the table and the texture in it while that submission may run.
    table.destroy();
    texture.destroy();
    drop(table);
    gpu.wait();
    assert_eq!(words(&gpu.read_buffer(&out)), [5]);
    let (_, error) = hal_ext::harness::validation_error(&gpu.device, || gpu.queue.submit([second]));
    assert!(
        error.as_ref().is_some_and(|e| e.to_string().contains("destroyed")),
        "{error:?}"
    );
}

#[test]
fn gpu_pinning_transitions_a_rendered_texture_once() {
    let gpu = sampling();
    let table = gpu.device.create_pinned_resource_table(&ResourceTableDescriptor {
        label: Some("pinned render target"),
        size: 4,
    });
    let texture = texture_2d(
        &gpu.device,
        wgpu::TextureFormat::R32Uint,
        1,
        1,
        wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::TEXTURE_BINDING,
    );
    let view = texture.create_view(&Default::default());
    let clear = |value: f64| {
        let mut encoder = gpu.device.create_command_encoder(&Default::default());
        hal_ext::harness::clear_pass(
            &mut encoder,
            &view,
            wgpu::Color {
                r: value,
                g: 0.0,
                b: 0.0,
                a: 0.0,
            },
        );
        encoder.finish()
    };
    gpu.queue.submit([clear(77.0)]);
    texture.pin(PinnedUsage::Sampled);
    table.update(0, wgpu::BindingResource::TextureView(&view)).unwrap();
    let out = storage_buffer(&gpu, 1);
    assert_eq!(dispatch(&gpu, READ_SLOT_ZERO, &table, &out, 1), [77]);

    // Pinned for sampling, the texture cannot be an attachment; unpinned, it can again.
    let (_, error) = hal_ext::harness::validation_error(&gpu.device, || gpu.queue.submit([clear(1.0)]));
    let error = error.expect("using a pinned texture as an attachment is an error");
    assert!(error.to_string().contains("pinned"), "{error}");
    texture.unpin();
    assert_eq!(
        dispatch(&gpu, READ_SLOT_ZERO, &table, &out, 1),
        [0],
        "unpinned: not visible"
    );
    gpu.queue.submit([clear(88.0)]);
    texture.pin(PinnedUsage::Sampled);
    assert_eq!(dispatch(&gpu, READ_SLOT_ZERO, &table, &out, 1), [88]);
}

const STORAGE_THROUGH_TABLE: &str = r#"
enable resource_table;

struct Data {
    values: array<u32>,
}

@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) i: u32) {
    // Slot 0: a storage texture to write, slot 1: a buffer to read and write.
    textureStore(getResource<texture_storage_2d<u32, write>>(0u), vec2(i, 0u), vec4(i * 10u + 1u));
    let data = getResource<ptr<storage, Data, read_write>>(1u);
    (*data).values[i] = (*data).values[i] * 3u;
    out[i] = u32(hasResource<texture_storage_2d<u32, read>>(0u))
        + 2u * u32(hasResource<ptr<storage, Data, read_write>>(1u))
        + 4u * u32(hasResource<ptr<storage, Data, read>>(1u));
}
"#;

#[test]
fn gpu_heterogeneous_table_writes_storage_textures_and_buffers() {
    storage_through_the_table(&heterogeneous());
}

/// A storage texture written and a storage buffer read and written through the table.
fn storage_through_the_table(gpu: &GpuContext) {
    let table = gpu.device.create_pinned_resource_table(&ResourceTableDescriptor {
        label: Some("storage"),
        size: 4,
    });
    let image = texture_2d(
        &gpu.device,
        wgpu::TextureFormat::R32Uint,
        4,
        1,
        wgpu::TextureUsages::STORAGE_BINDING | wgpu::TextureUsages::COPY_SRC,
    );
    image.pin(PinnedUsage::StorageReadWrite);
    let data = storage_buffer(gpu, 4);
    gpu.queue
        .write_buffer(&data, 0, &[1u32, 2, 3, 4].map(u32::to_le_bytes).concat());
    data.pin(PinnedUsage::StorageReadWrite);
    let view = image.create_view(&Default::default());
    table.update(0, wgpu::BindingResource::TextureView(&view)).unwrap();
    table.update(1, data.as_entire_binding()).unwrap();
    let out = storage_buffer(gpu, 4);
    assert_eq!(dispatch(gpu, STORAGE_THROUGH_TABLE, &table, &out, 4), [7; 4]);

    data.unpin();
    image.unpin();
    assert_eq!(words(&gpu.read_buffer(&data)), [3, 6, 9, 12]);
    assert_eq!(words(&gpu.read_texture(&image)), [1, 11, 21, 31]);
}

#[test]
fn gpu_demo_frame_equals_the_cpu_reference() {
    use wgpu_core_ext::demo;
    let gpu = GpuContext::new(wgpu::Features::SAMPLING_RESOURCE_TABLE, wgpu::Limits::default());
    let report = demo::run(&gpu.adapter, &gpu.device, &gpu.queue, 1);
    let reference = demo::reference_image();
    let differing = report
        .image
        .chunks_exact(4)
        .zip(reference.chunks_exact(4))
        .filter(|(a, b)| a != b)
        .count();
    assert_eq!(differing, 0, "pixels differing from the CPU reference");
    assert!(
        report.bindful_matches,
        "the bindful frame differs from the bindless one"
    );
}

#[test]
fn gpu_a_layout_must_leave_room_for_the_table_sets() {
    // The heterogeneous table takes 3 descriptor sets after the layout's groups with mutable
    // descriptors (lavapipe, NVIDIA: sampled images and storage buffers share one), 4
    // without; the miss report's ring one more.
    let max = room_for_the_table(&heterogeneous_with_8_groups());
    if std::env::var_os("BINDLESS_EXPECT_LAVAPIPE").is_some() {
        let ring = usize::from(hal_ext::harness::diagnostics());
        assert_eq!(max, 5 - ring, "lavapipe: 8 sets, 3 for the table (and the ring)");
    }
}

fn heterogeneous_with_8_groups() -> GpuContext {
    GpuContext::new(
        wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE,
        wgpu::Limits {
            max_bind_groups: 8,
            ..limits()
        },
    )
}

/// How many bind groups a pipeline layout with the table may have, checked around that
/// number.
fn room_for_the_table(gpu: &GpuContext) -> usize {
    use wgpu_core::binding_model::CreatePipelineLayoutError;
    let empty = gpu.device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
        label: Some("empty"),
        entries: &[],
    });
    let layout = |groups: usize| {
        hal_ext::harness::validation_error(&gpu.device, || {
            gpu.device
                .create_pipeline_layout_with_resource_table(&wgpu::PipelineLayoutDescriptor {
                    label: Some("with table"),
                    bind_group_layouts: &vec![Some(&empty); groups],
                    immediate_size: 0,
                })
        })
        .1
    };
    // Eight groups never fit with the table under wgpu's limit of 8; how many do depends on
    // the device's bound-set limit and the table's set count.
    let error = layout(8).expect("no room for the table's sets");
    let Some(&CreatePipelineLayoutError::NoRoomForResourceTable { actual: 8, max }) =
        hal_ext::harness::find_source::<CreatePipelineLayoutError>(&error)
    else {
        panic!("expected NoRoomForResourceTable, got {error:?}");
    };
    assert!((4..8).contains(&max), "max {max}");
    assert!(layout(max).is_none(), "{max} groups fit");
    let error = layout(max + 1).expect("one group more does not fit");
    assert!(
        matches!(
            hal_ext::harness::find_source::<CreatePipelineLayoutError>(&error),
            Some(CreatePipelineLayoutError::NoRoomForResourceTable { .. })
        ),
        "{error:?}"
    );
    max
}

/// Drivers without `VK_EXT_mutable_descriptor_type` get one descriptor set per kind; the
/// environment variable forces that layout where the extension exists.
///
/// Setting a variable while other threads read the environment (drivers and the Vulkan
/// loader do, in every device creation) is a data race that can crash: under plain
/// `cargo test`, whose tests share a process, this test runs in a child process of its own
/// (`isolated`; nextest gives every test a process anyway). This race is the likely cause
/// of the two crashes of the `gpu_tables` binary in about 40 plain runs on an H100.
#[test]
fn gpu_heterogeneous_tables_without_mutable_descriptors() {
    isolated("gpu_heterogeneous_tables_without_mutable_descriptors", || {
        let with_mutable = room_for_the_table(&heterogeneous_with_8_groups());
        // SAFETY: this process runs this test alone (nextest, or `isolated`'s child).
        unsafe { std::env::set_var("WGPU_RESOURCE_TABLE_NO_MUTABLE", "1") };
        let gpu = heterogeneous_with_8_groups();
        let without = room_for_the_table(&gpu);
        storage_through_the_table(&gpu);
        drop(gpu);
        unsafe { std::env::remove_var("WGPU_RESOURCE_TABLE_NO_MUTABLE") };
        assert!(without <= with_mutable, "{without} > {with_mutable}");
        if std::env::var_os("BINDLESS_EXPECT_LAVAPIPE").is_some() {
            // The miss report's ring takes a set where it leaves four groups: beside the
            // mutable layout's three sets, not beside four.
            let ring = usize::from(hal_ext::harness::diagnostics());
            assert_eq!(
                (with_mutable, without),
                (5 - ring, 4),
                "lavapipe: 8 sets, 3 or 4 for the table (and the ring)"
            );
        }
    });
}

/// `update_range` bindings that fail their checks still take their slots and hold nothing,
/// on a new table (whose first flush rewrites every slot) and on one already flushed (whose
/// flush writes the slots it was told of, here with a gap where a binding failed): their
/// neighbours read what they hold, and once removed the failed slots take a binding like
/// any slot.
#[test]
fn gpu_update_range_with_failing_bindings_on_new_and_flushed_tables() {
    use wgpu::ResourceTableError::InUse;
    use wgpu_core::resource_table::ResourceTableBindingError as B;
    let gpu = sampling();
    let table = gpu.device.create_pinned_resource_table(&ResourceTableDescriptor {
        label: Some("failing"),
        size: 8,
    });
    let u32_view = |value: u32, usage| {
        let texture = texel_texture(&gpu, wgpu::TextureFormat::R32Uint, &value.to_le_bytes(), usage);
        let view = texture.create_view(&Default::default());
        (texture, view)
    };
    let (texture, view) = u32_view(77, wgpu::TextureUsages::TEXTURE_BINDING);
    texture.pin(PinnedUsage::Sampled);
    // No TEXTURE_BINDING: refused by every table (a render target, so that its view is a
    // valid Vulkan view).
    let (_unusable, unusable) = u32_view(5, wgpu::TextureUsages::RENDER_ATTACHMENT);
    // Pinned, so that it would be visible (a non-zero type id) had the table kept it, but
    // destroyed: refused.
    let (destroyed_texture, destroyed) = u32_view(6, wgpu::TextureUsages::TEXTURE_BINDING);
    destroyed_texture.pin(PinnedUsage::Sampled);
    destroyed_texture.destroy();
    let good = wgpu::BindingResource::TextureView(&view);
    let bad = || wgpu::BindingResource::TextureView(&unusable);
    let first_error = |error: Option<wgpu::Error>| {
        let error = error.expect("a binding error");
        assert!(
            matches!(
                hal_ext::harness::find_source::<B>(&error),
                Some(B::MissingTextureUsage(..))
            ),
            "{error:?}"
        );
    };
    let out = storage_buffer(&gpu, 8);
    let read = || dispatch(&gpu, TEXEL_OR_SAMPLER, &table, &out, 8);

    // A new table: its first submission rewrites every slot.
    let (result, error) = hal_ext::harness::validation_error(&gpu.device, || {
        table.update_range(0, &[good.clone(), bad(), good.clone()])
    });
    assert_eq!(result, Ok(()));
    first_error(error);
    assert_eq!(table.update(1, good.clone()), Err(InUse { slot: 1 }));
    assert_eq!(read(), [77, 0, 77, 0, 0, 0, 0, 0]);

    // Flushed: only the slots changed since are written (3, 6 and 7; 4 and 5 failed).
    let (result, error) = hal_ext::harness::validation_error(&gpu.device, || {
        table.update_range(
            3,
            &[
                good.clone(),
                bad(),
                wgpu::BindingResource::TextureView(&destroyed),
                good.clone(),
            ],
        )
    });
    assert_eq!(result, Ok(()));
    first_error(error);
    for slot in [4, 5] {
        assert_eq!(table.update(slot, good.clone()), Err(InUse { slot }));
        assert_eq!(table.slot_type_id(slot), 0, "slot {slot} holds no binding");
    }
    assert_ne!(table.slot_type_id(3), 0);
    table.update(7, good.clone()).unwrap();
    assert_eq!(read(), [77, 0, 77, 77, 0, 0, 77, 77]);

    // Removed (the submissions that read them have completed: free at once) and reused.
    table.remove(1).unwrap();
    table.remove(4).unwrap();
    table.update(4, good.clone()).unwrap();
    assert_eq!(table.insert(good), Ok(1));
    assert_eq!(read(), [77, 77, 77, 77, 77, 0, 77, 77]);
}

const MIP_PROBE: &str = r#"
enable resource_table;

@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(1)
fn main() {
    // Slot 0: the default view of a 2-mip texture; slot 1: a view of its mip 1 alone.
    out[0] = u32(hasResource<texture_storage_2d<f32, read>>(0u));
    out[1] = textureDimensions(getResource<texture_storage_2d<f32, read>>(0u)).x;
    out[2] = u32(hasResource<texture_storage_2d<f32, read>>(1u));
    out[3] = u32(textureLoad(getResource<texture_storage_2d<f32, read>>(1u), vec2(0u, 0u)).x);
    out[4] = textureDimensions(getResource<texture_storage_2d<f32, read>>(1u)).x;
    out[5] = u32(hasResource<texture_2d<f32>>(0u));
}
"#;

/// WebGPU binds storage textures through views of one mip level only: a view of several
/// mips is not a storage texture to the table, whatever its pin (Vulkan's storage image
/// descriptors must be of one level, VUID-VkWriteDescriptorSet-descriptorType-00339, which
/// the harness's layer would report), while a one-mip view of the same texture is.
#[test]
fn gpu_storage_pins_show_one_mip_views_only() {
    let gpu = heterogeneous();
    for usage in [PinnedUsage::StorageRead, PinnedUsage::StorageReadWrite] {
        let table = gpu.device.create_pinned_resource_table(&ResourceTableDescriptor {
            label: Some("mips"),
            size: 2,
        });
        let texture = gpu.device.create_texture(&wgpu::TextureDescriptor {
            label: Some("two mips"),
            size: wgpu::Extent3d {
                width: 4,
                height: 4,
                depth_or_array_layers: 1,
            },
            mip_level_count: 2,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format: wgpu::TextureFormat::R32Float,
            usage: wgpu::TextureUsages::STORAGE_BINDING
                | wgpu::TextureUsages::TEXTURE_BINDING
                | wgpu::TextureUsages::COPY_DST,
            view_formats: &[],
        });
        gpu.queue.write_texture(
            wgpu::TexelCopyTextureInfo {
                mip_level: 1,
                ..texture.as_image_copy()
            },
            &7.0f32.to_le_bytes().repeat(4),
            wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(8),
                rows_per_image: None,
            },
            wgpu::Extent3d {
                width: 2,
                height: 2,
                depth_or_array_layers: 1,
            },
        );
        texture.pin(usage);
        let whole = texture.create_view(&Default::default());
        let mip_1 = texture.create_view(&wgpu::TextureViewDescriptor {
            base_mip_level: 1,
            mip_level_count: Some(1),
            ..Default::default()
        });
        table.update(0, wgpu::BindingResource::TextureView(&whole)).unwrap();
        table.update(1, wgpu::BindingResource::TextureView(&mip_1)).unwrap();
        let out = storage_buffer(&gpu, 6);
        assert_eq!(
            dispatch(&gpu, MIP_PROBE, &table, &out, 1),
            [0, 1, 1, 7, 2, 0],
            "pinned {usage:?}"
        );
    }
}

const BUFFER_LENGTHS: &str = r#"
enable resource_table;

struct Words { data: array<u32> }
struct Headed { count: u32, data: array<u32> }
// A fixed part larger than the default buffer's 16 bytes.
struct Big { head: array<vec4<u32>, 3>, data: array<u32> }

@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@group(0) @binding(1) var<storage, read> probes: array<i32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    if id.x >= arrayLength(&probes) {
        return;
    }
    let i = probes[id.x];
    let words = getResource<ptr<storage, Words, read>>(i);
    let base = id.x * 5u;
    out[base] = arrayLength(&(*words).data);
    out[base + 1u] = arrayLength(&getResource<ptr<storage, Headed, read>>(i).data);
    out[base + 2u] = arrayLength(&getResource<ptr<storage, Words, read_write>>(i).data);
    out[base + 3u] = arrayLength(&getResource<ptr<storage, Big, read>>(i).data);
    // A loop over an empty slot's array runs no iteration.
    var sum = 0u;
    for (var k = 0u; k < arrayLength(&(*words).data); k++) {
        sum += 1u + (*words).data[k];
    }
    out[base + 4u] = sum;
}
"#;

/// Runs [`BUFFER_LENGTHS`] over `slots`; returns each one's five words.
fn buffer_lengths(gpu: &GpuContext, table: &wgpu::ResourceTable, slots: &[i32]) -> Vec<[u32; 5]> {
    let probe_buffer = gpu.device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("probes"),
        size: (slots.len() * 4) as u64,
        usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    let indices = slots.iter().flat_map(|i| i.to_le_bytes()).collect::<Vec<_>>();
    gpu.queue.write_buffer(&probe_buffer, 0, &indices);
    let out = storage_buffer(gpu, slots.len() * 5);
    let got = dispatch_with(gpu, BUFFER_LENGTHS, table, &[&out, &probe_buffer], slots.len() as u32);
    got.chunks_exact(5).map(|c| c.try_into().unwrap()).collect()
}

/// The default storage buffer holds nothing: `arrayLength` of any runtime-sized array
/// reached through a slot without a visible buffer (empty, another type, unpinned, out of
/// range, negative) is 0, while a visible binding reports its own length, `(size -
/// offset) / stride`, each invocation its own slot's.
#[test]
fn gpu_default_storage_buffers_have_no_elements() {
    let gpu = heterogeneous();
    let table = gpu.device.create_pinned_resource_table(&ResourceTableDescriptor {
        label: Some("lengths"),
        size: 8,
    });
    // Slot 0: 64 bytes of 2s, read-only; 1: 32 bytes of 3s, writable; 2: a sampler; 3: an
    // unpinned buffer; 4: empty; 5: 20 bytes of 5s at offset 256 of a larger buffer.
    let read = storage_buffer(&gpu, 16);
    gpu.queue.write_buffer(&read, 0, &2u32.to_le_bytes().repeat(16));
    read.pin(PinnedUsage::StorageRead);
    let write = storage_buffer(&gpu, 8);
    gpu.queue.write_buffer(&write, 0, &3u32.to_le_bytes().repeat(8));
    write.pin(PinnedUsage::StorageReadWrite);
    let unpinned = storage_buffer(&gpu, 16);
    let sampler = gpu.device.create_sampler(&Default::default());
    let offset = storage_buffer(&gpu, 128);
    gpu.queue.write_buffer(&offset, 0, &5u32.to_le_bytes().repeat(128));
    offset.pin(PinnedUsage::StorageRead);
    table.update(0, read.as_entire_binding()).unwrap();
    table.update(1, write.as_entire_binding()).unwrap();
    table.update(2, wgpu::BindingResource::Sampler(&sampler)).unwrap();
    table.update(3, unpinned.as_entire_binding()).unwrap();
    let binding = wgpu::BufferBinding {
        buffer: &offset,
        offset: 256,
        size: wgpu::BufferSize::new(20),
    };
    table.update(5, wgpu::BindingResource::Buffer(binding)).unwrap();
    // Words, Headed, Words read_write, Big (whose 52-byte minimum binding only slot 0
    // meets), and the loop's sum of 1 + each element.
    let expected: [(i32, [u32; 5]); 8] = [
        (0, [16, 15, 0, 4, 48]),
        (1, [8, 7, 8, 0, 32]),
        (2, [0; 5]),
        (3, [0; 5]),
        (4, [0; 5]),
        (5, [5, 4, 0, 0, 30]),
        (100, [0; 5]),
        (-1, [0; 5]),
    ];
    let slots = expected.map(|(slot, _)| slot);
    for ((slot, expected), got) in expected.iter().zip(buffer_lengths(&gpu, &table, &slots)) {
        assert_eq!(&got, expected, "slot {slot}");
    }
}

/// A binding of 64 MiB or more saturates its metadata word: its `arrayLength` comes from
/// the descriptor.
#[test]
fn gpu_array_length_of_a_binding_too_large_for_the_metadata_word() {
    let gpu = heterogeneous();
    let table = gpu.device.create_pinned_resource_table(&ResourceTableDescriptor {
        label: Some("large"),
        size: 1,
    });
    const WORDS: usize = 1 << 24;
    let large = gpu.device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("64 MiB"),
        size: 4 * WORDS as u64 + 64,
        usage: wgpu::BufferUsages::STORAGE,
        mapped_at_creation: false,
    });
    large.pin(PinnedUsage::StorageReadWrite);
    table.update(0, large.as_entire_binding()).unwrap();
    // One invocation: lavapipe answers a subgroup's buffer-size queries with one
    // invocation's descriptor, and the sum's loop would read 16M elements.
    let got = buffer_lengths(&gpu, &table, &[0]);
    let words = WORDS as u32 + 16;
    assert_eq!(got[0][..4], [words, words - 1, words, words - 12]);
}

const DEFAULT_SHAPES: &str = r#"
enable resource_table;

@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(1)
fn main() {
    // Slot 0 is empty: every read is of a default.
    out[0] = textureNumLayers(getResource<texture_2d_array<f32>>(0u));
    out[1] = textureNumLayers(getResource<texture_2d_array<u32>>(0u));
    out[2] = textureNumLayers(getResource<texture_2d_array<i32>>(0u));
    out[3] = textureNumLayers(getResource<texture_depth_2d_array>(0u));
    out[4] = textureNumLayers(getResource<texture_cube_array<f32>>(0u));
    out[5] = textureNumLayers(getResource<texture_depth_cube_array>(0u));
    out[6] = textureNumLayers(getResource<texture_storage_2d_array<f32, read>>(0u));
    let d = textureDimensions(getResource<texture_2d_array<f32>>(0u));
    out[7] = d.x * 10u + d.y;
    out[8] = textureNumLevels(getResource<texture_2d_array<u32>>(0u));
    out[9] = textureNumLevels(getResource<texture_cube<f32>>(0u));
    out[10] = textureNumSamples(getResource<texture_multisampled_2d<f32>>(0u));
    out[11] = textureLoad(getResource<texture_2d_array<u32>>(0u), vec2(0, 0), 0, 0).x;
}
"#;

/// Every default texture is of the requested type and holds one texel of zeros: a 2D array
/// default has one layer (a cube array default, one cube), one mip.
#[test]
fn gpu_default_textures_have_one_layer() {
    let gpu = heterogeneous();
    let table = gpu.device.create_pinned_resource_table(&ResourceTableDescriptor {
        label: Some("defaults"),
        size: 1,
    });
    let out = storage_buffer(&gpu, 12);
    assert_eq!(
        dispatch(&gpu, DEFAULT_SHAPES, &table, &out, 1),
        [1, 1, 1, 1, 1, 1, 1, 11, 1, 1, 4, 0]
    );
}

/// A pass encoded after its table was destroyed records nothing that can fault (the
/// destroyed table's hal objects may be gone: a placeholder is bound instead), and its
/// submission fails, as the proposal checks `[[destroyed]]` at submit; the device goes on.
#[test]
fn gpu_a_pass_encoded_after_its_table_was_destroyed_fails_at_submit() {
    let gpu = sampling();
    let table = gpu.device.create_pinned_resource_table(&ResourceTableDescriptor {
        label: Some("destroyed"),
        size: 4,
    });
    let (_texture, view) = u32_texture(&gpu, 5);
    table.update(0, wgpu::BindingResource::TextureView(&view)).unwrap();
    let out = storage_buffer(&gpu, 1);
    let kernel = Kernel::new(&gpu, READ_SLOT_ZERO, &[&out]);
    // Submitted once, so that the table's writes and hal objects exist.
    gpu.queue.submit([kernel.encode(&gpu, &table, 1)]);
    table.destroy();
    gpu.device.poll(wgpu::PollType::wait_indefinitely()).unwrap();
    let (cb, error) = validation_error(&gpu.device, || kernel.encode(&gpu, &table, 1));
    assert!(error.is_none(), "encoding failed: {error:?}");
    let (_, error) = validation_error(&gpu.device, || gpu.queue.submit([cb]));
    let error = error.expect("the submission fails");
    assert!(
        error
            .to_string()
            .contains("ResourceTable with 'destroyed' label has been destroyed"),
        "{error}"
    );
    // The device goes on.
    let other = gpu.device.create_pinned_resource_table(&ResourceTableDescriptor {
        label: Some("other"),
        size: 4,
    });
    other.update(0, wgpu::BindingResource::TextureView(&view)).unwrap();
    assert_eq!(dispatch(&gpu, READ_SLOT_ZERO, &other, &out, 1), [5]);
}
