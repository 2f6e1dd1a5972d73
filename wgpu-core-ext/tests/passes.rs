//! `set_resource_table` on compute passes (noop backend): dispatches of pipelines that read
//! the table need one set, `None` unsets it, the feature gates it, and submitting commands
//! that set a destroyed table fails.

use hal_ext::harness::{find_source, noop_adapter, noop_device, validation_error};
use wgpu_core::command::ComputePassErrorInner;
use wgpu_core::device::queue::QueueSubmitError;

const SHADER: &str = "
enable resource_table;
@group(0) @binding(0) var<storage, read_write> out: array<vec4<f32>>;
@compute @workgroup_size(1)
fn reads_table() {
    out[0] = textureLoad(getResource<texture_2d<f32>>(0u), vec2(0), 0);
}
@compute @workgroup_size(1)
fn plain() {
    out[0] = vec4(1.0);
}
";

const MISSING: &str = "reads the resource table, but no resource table is set";

struct Fixture {
    device: wgpu::Device,
    queue: wgpu::Queue,
    table: wgpu::ResourceTable,
    reads_table: wgpu::ComputePipeline,
    plain: wgpu::ComputePipeline,
    group: wgpu::BindGroup,
    plain_group: wgpu::BindGroup,
}

fn fixture() -> Fixture {
    let (device, queue) = noop_device(wgpu::Features::SAMPLING_RESOURCE_TABLE, wgpu::Limits::default());
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: None,
        source: wgpu::ShaderSource::Wgsl(SHADER.into()),
    });
    let pipeline = |entry| {
        device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: Some(entry),
            layout: None,
            module: &module,
            entry_point: Some(entry),
            compilation_options: Default::default(),
            cache: None,
        })
    };
    let reads_table = pipeline("reads_table");
    let plain = pipeline("plain");
    let buffer = device.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size: 64,
        usage: wgpu::BufferUsages::STORAGE,
        mapped_at_creation: false,
    });
    let group_for = |p: &wgpu::ComputePipeline| {
        device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: None,
            layout: &p.get_bind_group_layout(0),
            entries: &[wgpu::BindGroupEntry {
                binding: 0,
                resource: buffer.as_entire_binding(),
            }],
        })
    };
    let group = group_for(&reads_table);
    let plain_group = group_for(&plain);
    let table = device.create_pinned_resource_table(&wgpu::ResourceTableDescriptor {
        label: Some("materials"),
        size: 1000,
    });
    Fixture {
        device,
        queue,
        table,
        reads_table,
        plain,
        group,
        plain_group,
    }
}

/// Records one compute pass with `f`, finishes the encoder and returns the command buffer
/// and the validation error, if any.
fn record(f: &Fixture, body: impl FnOnce(&mut wgpu::ComputePass<'_>)) -> (wgpu::CommandBuffer, Option<wgpu::Error>) {
    validation_error(&f.device, || {
        let mut encoder = f.device.create_command_encoder(&Default::default());
        {
            let mut pass = encoder.begin_compute_pass(&Default::default());
            body(&mut pass);
        }
        encoder.finish()
    })
}

#[test]
fn dispatch_needs_a_table_when_the_pipeline_reads_one() {
    let f = fixture();
    let (_cb, error) = record(&f, |pass| {
        pass.set_pipeline(&f.reads_table);
        pass.set_bind_group(0, &f.group, &[]);
        pass.dispatch_workgroups(1, 1, 1);
    });
    let error = error.expect("a validation error");
    assert!(error.to_string().contains(MISSING), "{error}");

    let (_cb, error) = record(&f, |pass| {
        pass.set_pipeline(&f.reads_table);
        pass.set_bind_group(0, &f.group, &[]);
        pass.set_resource_table(Some(&f.table));
        pass.dispatch_workgroups(1, 1, 1);
    });
    assert!(error.is_none(), "{error:?}");

    // The table may be set before the pipeline, and stays set across pipelines.
    let (_cb, error) = record(&f, |pass| {
        pass.set_resource_table(Some(&f.table));
        pass.set_pipeline(&f.plain);
        pass.set_bind_group(0, &f.plain_group, &[]);
        pass.dispatch_workgroups(1, 1, 1);
        pass.set_pipeline(&f.reads_table);
        pass.set_bind_group(0, &f.group, &[]);
        pass.dispatch_workgroups(1, 1, 1);
    });
    assert!(error.is_none(), "{error:?}");
}

#[test]
fn none_unsets_the_table() {
    let f = fixture();
    let (_cb, error) = record(&f, |pass| {
        pass.set_resource_table(Some(&f.table));
        pass.set_pipeline(&f.reads_table);
        pass.set_bind_group(0, &f.group, &[]);
        pass.dispatch_workgroups(1, 1, 1);
        pass.set_resource_table(None);
        pass.dispatch_workgroups(1, 1, 1);
    });
    let error = error.expect("a validation error");
    assert!(error.to_string().contains(MISSING), "{error}");
}

#[test]
fn pipelines_that_do_not_read_the_table_do_not_need_one() {
    let f = fixture();
    let (_cb, error) = record(&f, |pass| {
        pass.set_pipeline(&f.plain);
        pass.set_bind_group(0, &f.plain_group, &[]);
        pass.dispatch_workgroups(1, 1, 1);
    });
    assert!(error.is_none(), "{error:?}");
}

/// One dispatch of the pipeline that reads `f.table`, with the table set.
fn record_dispatch_reading_table(f: &Fixture) -> (wgpu::CommandBuffer, Option<wgpu::Error>) {
    record(f, |pass| {
        pass.set_resource_table(Some(&f.table));
        pass.set_pipeline(&f.reads_table);
        pass.set_bind_group(0, &f.group, &[]);
        pass.dispatch_workgroups(1, 1, 1);
    })
}

#[test]
fn submitting_a_destroyed_table_fails() {
    let f = fixture();
    let (cb, error) = record_dispatch_reading_table(&f);
    assert!(error.is_none(), "{error:?}");
    f.table.destroy();
    let (_index, error) = validation_error(&f.device, || f.queue.submit([cb]));
    let error = error.expect("a validation error");
    let Some(QueueSubmitError::DestroyedResource(destroyed)) = find_source::<QueueSubmitError>(&error) else {
        panic!("{error:?}")
    };
    assert_eq!(
        destroyed.to_string(),
        "ResourceTable with 'materials' label has been destroyed"
    );

    // A table that is merely set, even if no dispatch used it, counts too (the proposal's
    // `[[resource_tables_used]]`).
    let other = f.device.create_pinned_resource_table(&wgpu::ResourceTableDescriptor {
        label: Some("other"),
        size: 4,
    });
    let (cb, _) = record(&f, |pass| pass.set_resource_table(Some(&other)));
    other.destroy();
    let (_index, error) = validation_error(&f.device, || f.queue.submit([cb]));
    assert!(error.is_some());
}

/// A pass encoded with a table destroyed before it finds no hal table to bind, as a pass
/// whose bind group's resources were destroyed does: its error is the pass's
/// `DestroyedResourceError`, reported when the command buffer is submitted, so the
/// submission fails as the proposal says, with the same message.
#[test]
fn a_pass_encoded_after_its_table_was_destroyed_fails_at_submit() {
    let f = fixture();
    f.table.destroy();
    let (cb, error) = record_dispatch_reading_table(&f);
    assert!(error.is_none(), "{error:?}");
    let (_index, error) = validation_error(&f.device, || f.queue.submit([cb]));
    let error = error.expect("a validation error");
    let Some(QueueSubmitError::CommandEncoder(_)) = find_source::<QueueSubmitError>(&error) else {
        panic!("{error:?}")
    };
    let Some(ComputePassErrorInner::DestroyedResource(destroyed)) = find_source::<ComputePassErrorInner>(&error) else {
        panic!("{error:?}")
    };
    assert_eq!(
        destroyed.to_string(),
        "ResourceTable with 'materials' label has been destroyed"
    );
}

#[test]
fn setting_a_table_needs_the_feature() {
    // Two devices of one adapter: the table comes from the one with the feature.
    let adapter = noop_adapter();
    let device = |features| {
        pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
            required_features: features,
            required_limits: wgpu::Limits::default(),
            ..Default::default()
        }))
        .unwrap()
    };
    let (with, _with_queue) = device(wgpu::Features::SAMPLING_RESOURCE_TABLE);
    let (without, _without_queue) = device(wgpu::Features::empty());
    let table = with.create_pinned_resource_table(&wgpu::ResourceTableDescriptor { label: None, size: 16 });
    let (_cb, error) = validation_error(&without, || {
        let mut encoder = without.create_command_encoder(&Default::default());
        {
            let mut pass = encoder.begin_compute_pass(&Default::default());
            pass.set_resource_table(Some(&table));
        }
        encoder.finish()
    });
    let error = error.expect("a validation error");
    assert!(
        error.to_string().contains("In a pass parameter") && error.to_string().contains("SAMPLING_RESOURCE_TABLE"),
        "{error}"
    );
}
