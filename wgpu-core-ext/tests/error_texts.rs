//! The errors a first program meets, read as its author reads them: the whole text wgpu
//! reports (`wgpu::Error`'s description, the error and its causes), each naming the fix by
//! its Rust name: the feature to request, the method to call. Noop backend.

use hal_ext::harness::{noop_device, validation_error};

const TABLE_SHADER: &str = "
enable resource_table;
@group(0) @binding(0) var<storage, read_write> out: array<vec4<f32>>;
@compute @workgroup_size(1)
fn main() {
    out[0] = textureLoad(getResource<texture_2d<f32>>(0u), vec2(0), 0);
}
";

/// The text the error handler gets.
fn text(error: Option<wgpu::Error>) -> String {
    match error.expect("a validation error") {
        wgpu::Error::Validation { description, .. } => description,
        other => panic!("not a validation error: {other:?}"),
    }
}

fn no_feature() -> (wgpu::Device, wgpu::Queue) {
    noop_device(wgpu::Features::empty(), wgpu::Limits::default())
}

const FIX: &str = "add it to `DeviceDescriptor::required_features` (`Adapter::features()` says \
                   whether the adapter offers it)";
const REQUEST: &str = "which the device was not created with: add it to \
                       `DeviceDescriptor::required_features` (`Adapter::features()` says whether \
                       the adapter offers it)";

#[test]
fn a_table_on_a_device_without_the_feature_names_the_feature() {
    let (device, _queue) = no_feature();
    let desc = wgpu::ResourceTableDescriptor {
        label: Some("materials"),
        size: 1024,
    };
    let (_table, error) = validation_error(&device, || device.create_resource_table(&desc));
    assert_eq!(
        text(error),
        format!(
            "Validation Error\n\nCaused by:\n  In Device::create_resource_table, label = 'materials'\n    \
             Resource tables need `wgpu::Features::SAMPLING_RESOURCE_TABLE`, {REQUEST}\n"
        )
    );
    // The 2025 draft's tables check their size against the device's limit first, which is 0
    // without the feature: the size error says why.
    let (_table, error) = validation_error(&device, || device.create_pinned_resource_table(&desc));
    assert_eq!(
        text(error),
        format!(
            "Validation Error\n\nCaused by:\n  In Device::create_pinned_resource_table, label = 'materials'\n    \
             Resource table size 1024 is greater than the device's `max_resource_table_size()` (0): \
             the device was created without `wgpu::Features::SAMPLING_RESOURCE_TABLE`: {FIX}\n"
        )
    );
}

#[test]
fn a_table_shader_on_a_device_without_the_feature_names_the_feature() {
    let (device, _queue) = no_feature();
    let (_module, error) = validation_error(&device, || {
        device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("cull"),
            source: wgpu::ShaderSource::Wgsl(TABLE_SHADER.into()),
        })
    });
    let text = text(error);
    assert!(
        text.contains(
            "  = note: wgpu: create the device with `wgpu::Features::SAMPLING_RESOURCE_TABLE` \
             (`HETEROGENEOUS_RESOURCE_TABLE` for storage textures and buffers) in \
             `DeviceDescriptor::required_features`\n  \
             = note: naga: parse with `Capabilities::RESOURCE_TABLE` (or \
             `HETEROGENEOUS_RESOURCE_TABLE`) in `front::wgsl::Options::capabilities`\n"
        ),
        "{text}"
    );
}

#[test]
fn a_layout_without_the_table_names_the_method() {
    let (device, _queue) = noop_device(wgpu::Features::SAMPLING_RESOURCE_TABLE, wgpu::Limits::default());
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some("cull"),
        source: wgpu::ShaderSource::Wgsl(TABLE_SHADER.into()),
    });
    let bgl = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
        label: None,
        entries: &[wgpu::BindGroupLayoutEntry {
            binding: 0,
            visibility: wgpu::ShaderStages::COMPUTE,
            ty: wgpu::BindingType::Buffer {
                ty: wgpu::BufferBindingType::Storage { read_only: false },
                has_dynamic_offset: false,
                min_binding_size: None,
            },
            count: None,
        }],
    });
    let layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
        label: None,
        bind_group_layouts: &[Some(&bgl)],
        immediate_size: 0,
    });
    let (_pipeline, error) = validation_error(&device, || {
        device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: Some("cull"),
            layout: Some(&layout),
            module: &module,
            entry_point: Some("main"),
            compilation_options: Default::default(),
            cache: None,
        })
    });
    assert_eq!(
        text(error),
        "Validation Error\n\nCaused by:\n  In Device::create_compute_pipeline, label = 'cull'\n    \
         Error matching shader requirements against the pipeline\n      \
         The shader reads the resource table, but the pipeline layout was not created with \
         `Device::create_pipeline_layout_with_resource_table`\n"
    );
}

#[test]
fn a_dispatch_without_a_table_names_where_to_set_one() {
    let (device, queue) = noop_device(wgpu::Features::SAMPLING_RESOURCE_TABLE, wgpu::Limits::default());
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some("cull"),
        source: wgpu::ShaderSource::Wgsl(TABLE_SHADER.into()),
    });
    let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: Some("cull"),
        layout: None,
        module: &module,
        entry_point: Some("main"),
        compilation_options: Default::default(),
        cache: None,
    });
    let out = device.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size: 16,
        usage: wgpu::BufferUsages::STORAGE,
        mapped_at_creation: false,
    });
    let group = device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: None,
        layout: &pipeline.get_bind_group_layout(0),
        entries: &[wgpu::BindGroupEntry {
            binding: 0,
            resource: out.as_entire_binding(),
        }],
    });
    let (_, error) = validation_error(&device, || {
        let mut encoder = device.create_command_encoder(&Default::default());
        let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
            label: Some("cull pass"),
            timestamp_writes: None,
        });
        pass.set_pipeline(&pipeline);
        pass.set_bind_group(0, &group, &[]);
        pass.dispatch_workgroups(1, 1, 1);
        drop(pass);
        queue.submit([encoder.finish()]);
    });
    assert_eq!(
        text(error),
        "Validation Error\n\nCaused by:\n  In a CommandEncoder\n    In a dispatch command, \
         indirect:false\n      The current set ComputePipeline with 'cull' label reads the \
         resource table, but no resource table is set (a compute pass's `set_resource_table`; \
         a render pass takes its table in `CommandEncoder::begin_render_pass_with_resource_table`, \
         or, for a table of the pinning model, its own or its render bundle's `set_resource_table`)\n"
    );
}

#[test]
fn pinning_and_storage_bindings_name_the_feature() {
    let (device, _queue) = no_feature();
    let texture = hal_ext::harness::texture_2d(
        &device,
        wgpu::TextureFormat::Rgba8Unorm,
        4,
        4,
        wgpu::TextureUsages::TEXTURE_BINDING,
    );
    let (_, error) = validation_error(&device, || texture.pin(wgpu::PinnedUsage::Sampled));
    assert_eq!(
        text(error),
        format!(
            "Validation Error\n\nCaused by:\n  In Texture::pin\n    \
             Pinning needs `wgpu::Features::SAMPLING_RESOURCE_TABLE`, {REQUEST}\n"
        )
    );

    let (device, _queue) = noop_device(wgpu::Features::SAMPLING_RESOURCE_TABLE, wgpu::Limits::default());
    let table = device.create_resource_table(&wgpu::ResourceTableDescriptor {
        label: Some("materials"),
        size: 8,
    });
    let particles = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("particles"),
        size: 256,
        usage: wgpu::BufferUsages::STORAGE,
        mapped_at_creation: false,
    });
    let (slot, error) = validation_error(&device, || table.insert(particles.as_entire_binding()));
    assert_eq!(slot, Ok(0));
    assert_eq!(
        text(error),
        format!(
            "Validation Error\n\nCaused by:\n  In ResourceTable::insert\n    Slot 0\n      \
             Storage buffers and storage textures in a resource table need \
             `wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE`, {REQUEST}\n"
        )
    );
}
