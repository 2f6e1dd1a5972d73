//! `set_resource_table` on render passes and render bundles (noop backend): draws of
//! pipelines that read the table need one set, executing bundles unsets it, bundles set
//! their own, and a destroyed table set by a bundle fails the submit.

use hal_ext::harness::{find_source, noop_device, render_pipeline, validation_error};
use wgpu_core::device::queue::QueueSubmitError;

const SHADER: &str = "
enable resource_table;
@vertex
fn vs(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
    return vec4(f32(i & 1u), f32(i >> 1u), 0.0, 1.0);
}
@fragment
fn fs(@builtin(position) p: vec4<f32>) -> @location(0) vec4<f32> {
    return textureLoad(getResource<texture_2d<f32>>(u32(p.x)), vec2(0), 0);
}
";

const MISSING: &str = "reads the resource table, but no resource table is set";
const FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba8Unorm;

struct Fixture {
    device: wgpu::Device,
    queue: wgpu::Queue,
    pipeline: wgpu::RenderPipeline,
    table: wgpu::ResourceTable,
    view: wgpu::TextureView,
}

fn fixture() -> Fixture {
    let (device, queue) = noop_device(wgpu::Features::SAMPLING_RESOURCE_TABLE, wgpu::Limits::default());
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: None,
        source: wgpu::ShaderSource::Wgsl(SHADER.into()),
    });
    let pipeline = render_pipeline(&device, &module, None, FORMAT);
    let target = device.create_texture(&wgpu::TextureDescriptor {
        label: None,
        size: wgpu::Extent3d {
            width: 8,
            height: 8,
            depth_or_array_layers: 1,
        },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: FORMAT,
        usage: wgpu::TextureUsages::RENDER_ATTACHMENT,
        view_formats: &[],
    });
    let view = target.create_view(&Default::default());
    let table = device.create_pinned_resource_table(&wgpu::ResourceTableDescriptor {
        label: Some("textures"),
        size: 64,
    });
    Fixture {
        device,
        queue,
        pipeline,
        table,
        view,
    }
}

fn record(f: &Fixture, body: impl FnOnce(&mut wgpu::RenderPass<'_>)) -> (wgpu::CommandBuffer, Option<wgpu::Error>) {
    validation_error(&f.device, || {
        let mut encoder = f.device.create_command_encoder(&Default::default());
        {
            let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
                color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                    view: &f.view,
                    depth_slice: None,
                    resolve_target: None,
                    ops: Default::default(),
                })],
                ..Default::default()
            });
            body(&mut pass);
        }
        encoder.finish()
    })
}

fn bundle<'f>(
    f: &'f Fixture,
    body: impl FnOnce(&mut wgpu::RenderBundleEncoder<'f>),
) -> (wgpu::RenderBundle, Option<wgpu::Error>) {
    validation_error(&f.device, || {
        let mut encoder = f
            .device
            .create_render_bundle_encoder(&wgpu::RenderBundleEncoderDescriptor {
                label: Some("bundle"),
                color_formats: &[Some(FORMAT)],
                depth_stencil: None,
                sample_count: 1,
                multiview: None,
            });
        body(&mut encoder);
        encoder.finish(&Default::default())
    })
}

#[test]
fn draws_need_a_table() {
    let f = fixture();
    let (_cb, error) = record(&f, |pass| {
        pass.set_pipeline(&f.pipeline);
        pass.draw(0..3, 0..1);
    });
    let error = error.expect("a validation error");
    assert!(error.to_string().contains(MISSING), "{error}");
    let (_cb, error) = record(&f, |pass| {
        pass.set_pipeline(&f.pipeline);
        pass.set_resource_table(Some(&f.table));
        pass.draw(0..3, 0..1);
    });
    assert!(error.is_none(), "{error:?}");
}

#[test]
fn executing_bundles_unsets_the_table() {
    let f = fixture();
    let (empty, error) = bundle(&f, |_| {});
    assert!(error.is_none(), "{error:?}");
    let (_cb, error) = record(&f, |pass| {
        pass.set_resource_table(Some(&f.table));
        pass.execute_bundles([&empty]);
        pass.set_pipeline(&f.pipeline);
        pass.draw(0..3, 0..1);
    });
    let error = error.expect("a validation error");
    assert!(error.to_string().contains(MISSING), "{error}");
}

#[test]
fn bundles_set_their_own_table() {
    let f = fixture();
    // (A bundle that draws without setting a table fails `finish`, with the same
    // "no resource table is set" error; wgpu makes render-bundle errors fatal, so that case
    // is not exercised in-process here.)
    let (with_table, error) = bundle(&f, |b| {
        b.set_resource_table(Some(&f.table));
        b.set_pipeline(&f.pipeline);
        b.draw(0..3, 0..1);
    });
    assert!(error.is_none(), "{error:?}");
    let (cb, error) = record(&f, |pass| pass.execute_bundles([&with_table]));
    assert!(error.is_none(), "{error:?}");
    let (_i, error) = validation_error(&f.device, || f.queue.submit([cb]));
    assert!(error.is_none(), "{error:?}");

    // A table the bundle set is checked at submit like the pass's own.
    let (cb, _) = record(&f, |pass| pass.execute_bundles([&with_table]));
    f.table.destroy();
    let (_i, error) = validation_error(&f.device, || f.queue.submit([cb]));
    let error = error.expect("a validation error");
    assert!(
        matches!(
            find_source::<QueueSubmitError>(&error),
            Some(QueueSubmitError::DestroyedResource(_))
        ),
        "{error:?}"
    );
}
