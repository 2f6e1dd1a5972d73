//! Tables in render passes and render bundles (noop backend). A pass begun with a table
//! (the standard's `GPURenderPassDescriptor.resourceTable`) keeps it for every draw, and the
//! bundles it executes use it unless they set their own. `set_resource_table` (the pinning
//! model's): draws of pipelines that read the table need one set, executing bundles unsets
//! it, bundles set their own, and a destroyed table set by a bundle fails the submit.

use hal_ext::harness::{find_source, noop_device, render_pipeline, validation_error};
use wgpu_core::{device::queue::QueueSubmitError, resource_table::ResourceTableUseError};

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
    /// A table of the automatic model, labelled "scene".
    automatic: wgpu::ResourceTable,
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
    let automatic = device.create_resource_table(&wgpu::ResourceTableDescriptor {
        label: Some("scene"),
        size: 64,
    });
    Fixture {
        device,
        queue,
        pipeline,
        table,
        automatic,
        view,
    }
}

fn record(f: &Fixture, body: impl FnOnce(&mut wgpu::RenderPass<'_>)) -> (wgpu::CommandBuffer, Option<wgpu::Error>) {
    record_in(f, None, body)
}

/// Records a render pass begun with `table`, or without a table.
fn record_in(
    f: &Fixture,
    table: Option<&wgpu::ResourceTable>,
    body: impl FnOnce(&mut wgpu::RenderPass<'_>),
) -> (wgpu::CommandBuffer, Option<wgpu::Error>) {
    validation_error(&f.device, || {
        let mut encoder = f.device.create_command_encoder(&Default::default());
        {
            let attachments = [Some(wgpu::RenderPassColorAttachment {
                view: &f.view,
                depth_slice: None,
                resolve_target: None,
                ops: Default::default(),
            })];
            let desc = wgpu::RenderPassDescriptor {
                color_attachments: &attachments,
                ..Default::default()
            };
            let mut pass = match table {
                Some(table) => encoder.begin_render_pass_with_resource_table(&desc, table),
                None => encoder.begin_render_pass(&desc),
            };
            body(&mut pass);
        }
        encoder.finish()
    })
}

/// The table error a pass failed with, and its text.
fn use_error(error: Option<wgpu::Error>) -> (ResourceTableUseError, String) {
    use wgpu_core::command::{RenderCommandError, RenderPassErrorInner};
    let error = error.expect("a validation error");
    match find_source::<RenderPassErrorInner>(&error) {
        Some(RenderPassErrorInner::RenderCommand(RenderCommandError::ResourceTable(found))) => {
            (found.clone(), found.to_string())
        }
        _ => panic!("{error:?}"),
    }
}

fn submit(f: &Fixture, cb: wgpu::CommandBuffer) -> Option<wgpu::Error> {
    validation_error(&f.device, || f.queue.submit([cb])).1
}

fn bundle<'f>(
    f: &'f Fixture,
    body: impl FnOnce(&mut wgpu::RenderBundleEncoder<'f>),
) -> (wgpu::RenderBundle, Option<wgpu::Error>) {
    validation_error(&f.device, || {
        let mut encoder = hal_ext::harness::bundle_encoder(&f.device, Some("bundle"), FORMAT);
        body(&mut encoder);
        encoder.finish(&wgpu::RenderBundleDescriptor { label: Some("bundle") })
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

#[test]
fn a_pass_begun_with_a_table_keeps_it_for_every_draw_and_after_bundles() {
    let f = fixture();
    let (empty, error) = bundle(&f, |_| {});
    assert!(error.is_none(), "{error:?}");
    for table in [&f.table, &f.automatic] {
        let (cb, error) = record_in(&f, Some(table), |pass| {
            pass.set_pipeline(&f.pipeline);
            pass.draw(0..3, 0..1);
            pass.execute_bundles([&empty]);
            pass.set_pipeline(&f.pipeline);
            pass.draw(0..3, 0..1);
        });
        assert!(error.is_none(), "{:?}: {error:?}", table.model());
        assert!(submit(&f, cb).is_none());
    }
}

#[test]
fn a_pass_begun_with_a_table_cannot_change_it() {
    let f = fixture();
    for set in [Some(&f.automatic), Some(&f.table), None] {
        let (_cb, error) = record_in(&f, Some(&f.automatic), |pass| pass.set_resource_table(set));
        let (error, text) = use_error(error);
        assert!(
            matches!(error, ResourceTableUseError::TableFixedForPass { .. }),
            "{error:?}"
        );
        assert_eq!(
            text,
            "The render pass was begun with ResourceTable with 'scene' label, its table for the \
             whole pass: `set_resource_table` cannot change it"
        );
    }
}

#[test]
fn set_resource_table_takes_tables_of_the_pinning_model_only() {
    let f = fixture();
    let (_cb, error) = record(&f, |pass| pass.set_resource_table(Some(&f.automatic)));
    let (error, text) = use_error(error);
    assert!(
        matches!(error, ResourceTableUseError::AutomaticTableNeedsPassDescriptor { .. }),
        "{error:?}"
    );
    let expected = "ResourceTable with 'scene' label is a table of the automatic model: a render pass \
                    takes it when it begins (`begin_render_pass_with_resource_table`) and its render \
                    bundles inherit it; `set_resource_table` on a render pass or render bundle \
                    encoder takes tables of the pinning model only";
    assert_eq!(text, expected);

    // A bundle that set one finishes (wgpu makes errors of `finish()` fatal) and fails the
    // pass that executes it, whatever table the pass has.
    let (sets_automatic, error) = bundle(&f, |b| b.set_resource_table(Some(&f.automatic)));
    assert!(error.is_none(), "{error:?}");
    for table in [None, Some(&f.table)] {
        let (_cb, error) = record_in(&f, table, |pass| pass.execute_bundles([&sets_automatic]));
        let (error, text) = use_error(error);
        assert!(
            matches!(error, ResourceTableUseError::AutomaticTableNeedsPassDescriptor { .. }),
            "{error:?}"
        );
        assert_eq!(text, expected);
    }
}

#[test]
fn a_table_a_pass_was_begun_with_is_checked_at_submit() {
    let f = fixture();
    let (inherits, _) = bundle(&f, |b| {
        b.set_pipeline(&f.pipeline);
        b.draw(0..3, 0..1);
    });
    let (cb, error) = record_in(&f, Some(&f.table), |pass| pass.execute_bundles([&inherits]));
    assert!(error.is_none(), "{error:?}");
    f.table.destroy();
    let error = submit(&f, cb).expect("a validation error");
    assert!(
        matches!(
            find_source::<QueueSubmitError>(&error),
            Some(QueueSubmitError::DestroyedResource(_))
        ),
        "{error:?}"
    );
}

#[test]
fn bundles_that_set_no_table_use_the_pass_s() {
    let f = fixture();
    let (inherits, error) = bundle(&f, |b| {
        b.set_pipeline(&f.pipeline);
        b.draw(0..3, 0..1);
    });
    assert!(error.is_none(), "{error:?}");
    let (empty, _) = bundle(&f, |_| {});
    let (own, _) = bundle(&f, |b| {
        b.set_resource_table(Some(&f.table));
        b.set_pipeline(&f.pipeline);
        b.draw(0..3, 0..1);
    });
    let uses = [&inherits, &empty, &own].map(wgpu::RenderBundle::uses_resource_table);
    assert_eq!(uses, [true, false, true]);

    for table in [&f.automatic, &f.table] {
        let (cb, error) = record_in(&f, Some(table), |pass| pass.execute_bundles([&inherits, &empty]));
        assert!(error.is_none(), "{:?}: {error:?}", table.model());
        assert!(submit(&f, cb).is_none());
    }
    // In a pass begun without a table, even one set with `set_resource_table`.
    let needs = "RenderBundle with 'bundle' label draws with a pipeline that uses a resource table \
                 and sets none, so it uses the render pass's; this pass was not begun with one \
                 (`begin_render_pass_with_resource_table`)";
    for set in [false, true] {
        let (_cb, error) = record(&f, |pass| {
            if set {
                pass.set_resource_table(Some(&f.table));
            }
            pass.execute_bundles([&inherits]);
        });
        let (error, text) = use_error(error);
        assert!(
            matches!(error, ResourceTableUseError::BundleNeedsTable { .. }),
            "{error:?}"
        );
        assert_eq!(text, needs);
    }
    // A bundle that uses no table runs anywhere.
    let (_cb, error) = record(&f, |pass| pass.execute_bundles([&empty]));
    assert!(error.is_none(), "{error:?}");
}

#[test]
fn a_bundle_with_its_own_table_cannot_run_in_a_pass_begun_with_one() {
    let f = fixture();
    let (own, _) = bundle(&f, |b| b.set_resource_table(Some(&f.table)));
    let (_cb, error) = record_in(&f, Some(&f.automatic), |pass| pass.execute_bundles([&own]));
    let (error, text) = use_error(error);
    assert!(
        matches!(error, ResourceTableUseError::BundleSetsTable { .. }),
        "{error:?}"
    );
    assert_eq!(
        text,
        "RenderBundle with 'bundle' label sets its own resource table, but the render pass was \
         begun with ResourceTable with 'scene' label, which the bundles it executes use"
    );
}
