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
    // Table actions go to their own file, each placed among trace.ron's actions by `at`;
    // trace.ron holds upstream's actions only (its `Action` gains no variant).
    use wgpu_core::{
        command::{Command, ComputeCommand, PointerReferences},
        device::trace::Action,
        resource_table::{PassTable, TraceAction as T, TraceEntry, TRACE_TABLES_FILE},
    };
    let text = std::fs::read_to_string(dir.join("trace.ron")).expect("a trace file");
    let actions: Vec<Action<'static, PointerReferences>> = ron::from_str(&text).expect("trace.ron parses");
    let text = std::fs::read_to_string(dir.join(TRACE_TABLES_FILE)).expect("a table-actions file");
    let entries: Vec<TraceEntry> = ron::from_str(&text).expect("resource_tables.ron parses");
    let at = |i: usize| entries[i].at;
    let upstream = |i: usize| format!("{:?}", actions[i]);
    let kinds = entries.iter().map(|e| format!("{:?}", e.action).split(['(', ' ']).next().unwrap().to_string()).collect::<Vec<_>>();
    assert_eq!(
        kinds,
        [
            "CreateResourceTable",
            "UpdateResourceTable",
            "UpdateResourceTable",
            "RemoveResourceTableBinding",
            "PinTexture",
            "PinTexture",
            "CreatePipelineLayoutWithResourceTable",
            "DestroyResourceTable",
            "DropResourceTable",
        ]
    );
    let T::CreateResourceTable { id: table, desc } = &entries[0].action else { unreachable!() };
    assert_eq!((desc.label.as_deref(), desc.size), (Some("traced"), 8));
    assert!(matches!(entries[1].action, T::UpdateResourceTable { id, slot: 0, .. } if id == *table));
    assert!(matches!(entries[2].action, T::UpdateResourceTable { id, slot: 5, .. } if id == *table));
    assert!(matches!(entries[3].action, T::RemoveResourceTableBinding { id, slot: 0 } if id == *table));
    assert!(matches!(entries[4].action, T::PinTexture(_, Some(wgpu::PinnedUsage::Sampled))));
    assert!(matches!(entries[5].action, T::PinTexture(_, None)));
    assert!(matches!(entries[7].action, T::DestroyResourceTable(id) if id == *table));
    // In call order among upstream's actions: the sampler before the table's first update,
    // the texture before its pins, the layout before the pipeline that uses it, the
    // submission before the destruction.
    assert!(upstream(at(1) - 1).starts_with("CreateSampler("), "{}", upstream(at(1) - 1));
    assert!(upstream(at(4) - 1).starts_with("CreateTexture("), "{}", upstream(at(4) - 1));
    assert!(upstream(at(6)).starts_with("CreateShaderModule"), "{}", upstream(at(6)));
    assert!(upstream(at(7) - 1).starts_with("Submit("), "{}", upstream(at(7) - 1));
    assert!(entries.windows(2).all(|w| w[0].at <= w[1].at));
    // The pass's set_resource_table is beside its commands: before command 1 (the dispatch).
    let pass = actions
        .iter()
        .find_map(|a| match a {
            Action::Submit(_, commands) => commands.iter().find_map(|c| match c {
                Command::RunComputePass { pass, .. } => Some(pass),
                _ => None,
            }),
            _ => None,
        })
        .expect("the submitted compute pass");
    assert!(matches!(pass.commands[..], [ComputeCommand::SetPipeline(_), ComputeCommand::DispatchWorkgroups([1, 1, 1])]), "{:?}", pass.commands);
    assert_eq!(pass.resource_tables.len(), 1);
    assert_eq!(pass.resource_tables[0].before, 1);
    assert!(matches!(pass.resource_tables[0].table, Some(PassTable::Pointer(id)) if id == *table));
    let _ = std::fs::remove_dir_all(&dir);
}
