//! wgpu's trace (`DeviceDescriptor::trace`) records every resource-table call, so that the
//! player can replay them (#6).

use hal_ext::harness::{noop_device_tracing, validation_error};

#[test]
fn resource_table_calls_are_recorded() {
    let dir = std::env::temp_dir().join(format!("wgpu-bindless-trace-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    {
        let (device, queue) = noop_device_tracing(
            wgpu::Features::SAMPLING_RESOURCE_TABLE,
            wgpu::Limits::default(),
            wgpu::Trace::Directory(dir.clone()),
        );
        let sampler = device.create_sampler(&Default::default());
        let table = device.create_resource_table(&wgpu::ResourceTableDescriptor {
            label: Some("traced"),
            size: 8,
        });
        assert_eq!(
            table.insert_binding(wgpu::BindingResource::Sampler(&sampler)),
            Ok(0)
        );
        table
            .update(5, wgpu::BindingResource::Sampler(&sampler))
            .unwrap();
        table.remove_binding(0).unwrap();
        let texture = hal_ext::harness::texture_2d(
            &device,
            wgpu::TextureFormat::Rgba8Unorm,
            1,
            1,
            wgpu::TextureUsages::TEXTURE_BINDING,
        );
        texture.pin(wgpu::PinnedUsage::Sampled);
        texture.unpin();
        let layout =
            device.create_pipeline_layout_with_resource_table(&wgpu::PipelineLayoutDescriptor {
                label: Some("with table"),
                bind_group_layouts: &[],
                immediate_size: 0,
            });
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: None,
            source: wgpu::ShaderSource::Wgsl(
                "enable resource_table;
                 @compute @workgroup_size(1) fn main() { _ = hasResource<sampler>(5u); }"
                    .into(),
            ),
        });
        let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: None,
            layout: Some(&layout),
            module: &module,
            entry_point: None,
            compilation_options: Default::default(),
            cache: None,
        });
        let (cb, error) = validation_error(&device, || {
            let mut encoder = device.create_command_encoder(&Default::default());
            {
                let mut pass = encoder.begin_compute_pass(&Default::default());
                pass.set_pipeline(&pipeline);
                pass.set_resource_table(Some(&table));
                pass.dispatch_workgroups(1, 1, 1);
            }
            encoder.finish()
        });
        assert!(error.is_none(), "{error:?}");
        queue.submit([cb]);
        table.destroy();
    }
    let trace = std::fs::read_to_string(dir.join("trace.ron")).expect("a trace file");
    for action in [
        "CreateResourceTable(",
        "label: Some(\"traced\")",
        "UpdateResourceTable(",
        "slot: 5",
        "RemoveResourceTableBinding(",
        "CreatePipelineLayoutWithResourceTable(",
        "SetResourceTable(Some(",
        "DestroyResourceTable(",
        "DropResourceTable(",
    ] {
        assert!(
            trace.contains(action),
            "`{action}` missing from the trace:\n{trace}"
        );
    }
    // pin, then unpin, in order.
    let pins = trace
        .match_indices("PinTexture(")
        .map(|(at, _)| trace[at..].lines().take(3).collect::<String>())
        .collect::<Vec<_>>();
    assert_eq!(pins.len(), 2, "{trace}");
    assert!(pins[0].contains("Some(Sampled)"), "{}", pins[0]);
    assert!(pins[1].contains("None"), "{}", pins[1]);
    let _ = std::fs::remove_dir_all(&dir);
}
