//! Shaders that read the resource table and the pipeline layouts they need (noop backend):
//! explicit layouts must say `uses_resource_table`, default layouts infer it, and the
//! device's features decide what a shader may read from the table.

use hal_ext::harness::{find_source, noop_device, render_pipeline, validation_error};
use wgpu_core::{
    binding_model::CreatePipelineLayoutError,
    pipeline::{CreateComputePipelineError, CreateRenderPipelineError, CreateShaderModuleError},
    resource_table::ResourceTableStageError,
    validation::StageError,
};

const COMPUTE: &str = "
enable resource_table;
@group(0) @binding(0) var<storage, read_write> out: array<vec4<f32>>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    out[id.x] = textureLoad(getResource<texture_2d<f32>>(id.x), vec2(0), 0);
}
@compute @workgroup_size(1)
fn plain() {
    out[0] = vec4(1.0);
}
";

const RENDER: &str = "
enable resource_table;
@vertex
fn vs(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
    return vec4(f32(i), 0.0, 0.0, 1.0);
}
@fragment
fn fs(@builtin(position) p: vec4<f32>) -> @location(0) vec4<f32> {
    return textureSample(getResource<texture_2d<f32>>(u32(p.x)), getResource<sampler>(0u), p.xy);
}
";

const STORAGE: &str = "
enable resource_table;
struct Data { values: array<u32> }
@compute @workgroup_size(1)
fn main() {
    let data = getResource<ptr<storage, Data, read_write>>(0u);
    (*data).values[0] = 1u;
}
";

fn limits() -> wgpu::Limits {
    wgpu::Limits::default()
}

fn module(device: &wgpu::Device, source: &str) -> (wgpu::ShaderModule, Option<wgpu::Error>) {
    validation_error(device, || {
        device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("table shader"),
            source: wgpu::ShaderSource::Wgsl(source.into()),
        })
    })
}

fn compute(
    device: &wgpu::Device,
    layout: Option<&wgpu::PipelineLayout>,
    module: &wgpu::ShaderModule,
    entry: &str,
) -> (wgpu::ComputePipeline, Option<wgpu::Error>) {
    validation_error(device, || {
        device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: Some("table pipeline"),
            layout,
            module,
            entry_point: Some(entry),
            compilation_options: Default::default(),
            cache: None,
        })
    })
}

fn storage_bgl(device: &wgpu::Device) -> wgpu::BindGroupLayout {
    device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
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
    })
}

#[test]
fn shaders_need_the_feature() {
    let (device, _queue) = noop_device(wgpu::Features::empty(), wgpu::Limits::default());
    let (_module, error) = module(&device, COMPUTE);
    let error = error.expect("a validation error");
    let Some(CreateShaderModuleError::Parsing(parse)) = find_source::<CreateShaderModuleError>(&error) else {
        panic!("{error:?}")
    };
    let text = parse.to_string();
    assert!(
        text.trim_start().starts_with(
            "Shader 'table shader' parsing error: the `resource_table` extension is not supported in the current environment"
        ) && text.contains("unsupported enable-extension"),
        "{text}"
    );
}

#[test]
fn storage_types_need_the_heterogeneous_feature() {
    let (device, _queue) = noop_device(wgpu::Features::SAMPLING_RESOURCE_TABLE, limits());
    let (_module, error) = module(&device, STORAGE);
    let error = error.expect("a validation error");
    assert!(
        matches!(
            find_source::<CreateShaderModuleError>(&error),
            Some(CreateShaderModuleError::Validation(_))
        ),
        "{error:?}"
    );
    assert!(
        format!("{error:?}").contains("HETEROGENEOUS_RESOURCE_TABLE"),
        "{error:?}"
    );

    let (device, _queue) = noop_device(wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE, limits());
    let (module, error) = module(&device, STORAGE);
    assert!(error.is_none(), "{error:?}");
    let (_pipeline, error) = compute(&device, None, &module, "main");
    assert!(error.is_none(), "{error:?}");
}

#[test]
fn explicit_layouts_must_use_the_table() {
    let (device, _queue) = noop_device(wgpu::Features::SAMPLING_RESOURCE_TABLE, limits());
    let (module, error) = module(&device, COMPUTE);
    assert!(error.is_none(), "{error:?}");
    let bgl = storage_bgl(&device);
    let desc = wgpu::PipelineLayoutDescriptor {
        label: Some("layout"),
        bind_group_layouts: &[Some(&bgl)],
        immediate_size: 0,
    };

    let without = device.create_pipeline_layout(&desc);
    let (_pipeline, error) = compute(&device, Some(&without), &module, "main");
    let error = error.expect("a validation error");
    let Some(CreateComputePipelineError::Stage(StageError::ResourceTable(e))) =
        find_source::<CreateComputePipelineError>(&error)
    else {
        panic!("{error:?}")
    };
    assert_eq!(*e, ResourceTableStageError::NotInLayout);
    // An entry point that does not read the table is fine with that layout.
    let (_pipeline, error) = compute(&device, Some(&without), &module, "plain");
    assert!(error.is_none(), "{error:?}");

    let (with, error) = validation_error(&device, || device.create_pipeline_layout_with_resource_table(&desc));
    assert!(error.is_none(), "{error:?}");
    let (_pipeline, error) = compute(&device, Some(&with), &module, "main");
    assert!(error.is_none(), "{error:?}");
}

#[test]
fn default_layouts_infer_the_table_and_keep_it_out_of_bind_groups() {
    let (device, _queue) = noop_device(wgpu::Features::SAMPLING_RESOURCE_TABLE, limits());
    let (module, _) = module(&device, COMPUTE);
    let (pipeline, error) = compute(&device, None, &module, "main");
    assert!(error.is_none(), "{error:?}");
    // Group 0 is the storage buffer alone: the table's globals did not land in any group.
    let buffer = device.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size: 256,
        usage: wgpu::BufferUsages::STORAGE,
        mapped_at_creation: false,
    });
    let (_group, error) = validation_error(&device, || {
        device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: None,
            layout: &pipeline.get_bind_group_layout(0),
            entries: &[wgpu::BindGroupEntry {
                binding: 0,
                resource: buffer.as_entire_binding(),
            }],
        })
    });
    assert!(error.is_none(), "{error:?}");
}

#[test]
fn render_pipelines_too() {
    let (device, _queue) = noop_device(wgpu::Features::SAMPLING_RESOURCE_TABLE, limits());
    let (module, error) = module(&device, RENDER);
    assert!(error.is_none(), "{error:?}");
    let render = |layout: Option<&wgpu::PipelineLayout>| {
        validation_error(&device, || {
            render_pipeline(&device, &module, layout, wgpu::TextureFormat::Rgba8Unorm)
        })
    };
    let (_p, error) = render(None);
    assert!(error.is_none(), "{error:?}");
    let desc = wgpu::PipelineLayoutDescriptor {
        label: None,
        bind_group_layouts: &[],
        immediate_size: 0,
    };
    let without = device.create_pipeline_layout(&desc);
    let (_p, error) = render(Some(&without));
    let error = error.expect("a validation error");
    assert!(
        matches!(
            find_source::<CreateRenderPipelineError>(&error),
            Some(CreateRenderPipelineError::Stage {
                error: StageError::ResourceTable(ResourceTableStageError::NotInLayout),
                ..
            })
        ),
        "{error:?}"
    );
    let with = device.create_pipeline_layout_with_resource_table(&desc);
    let (_p, error) = render(Some(&with));
    assert!(error.is_none(), "{error:?}");
}

#[test]
fn table_layouts_need_the_feature() {
    let (device, _queue) = noop_device(wgpu::Features::empty(), wgpu::Limits::default());
    let (_layout, error) = validation_error(&device, || {
        device.create_pipeline_layout_with_resource_table(&wgpu::PipelineLayoutDescriptor {
            label: None,
            bind_group_layouts: &[],
            immediate_size: 0,
        })
    });
    let error = error.expect("a validation error");
    assert!(
        matches!(
            find_source::<CreatePipelineLayoutError>(&error),
            Some(CreatePipelineLayoutError::MissingFeatures(m)) if m.0 == wgpu::Features::SAMPLING_RESOURCE_TABLE
        ),
        "{error:?}"
    );
}
