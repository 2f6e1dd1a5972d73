//! wgpu's trace (`DeviceDescriptor::trace`) records every resource-table call, so that the
//! player can replay them (#6).

use hal_ext::harness::{noop_device_tracing, validation_error};

/// An empty directory, and a noop device with the table feature tracing into it.
fn traced_device(name: &str) -> (std::path::PathBuf, wgpu::Device, wgpu::Queue) {
    let dir = std::env::temp_dir().join(format!("wgpu-bindless-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (device, queue) = noop_device_tracing(
        wgpu::Features::SAMPLING_RESOURCE_TABLE,
        wgpu::Limits::default(),
        wgpu::Trace::Directory(dir.clone()),
    );
    (dir, device, queue)
}

#[test]
fn resource_table_calls_are_recorded() {
    let (dir, device, queue) = traced_device("trace");
    {
        let sampler = device.create_sampler(&Default::default());
        let table = device.create_pinned_resource_table(&wgpu::ResourceTableDescriptor {
            label: Some("traced"),
            size: 8,
        });
        assert_eq!(table.insert(wgpu::BindingResource::Sampler(&sampler)), Ok(0));
        table.update(5, wgpu::BindingResource::Sampler(&sampler)).unwrap();
        table.remove(0).unwrap();
        let texture = hal_ext::harness::texture_2d(
            &device,
            wgpu::TextureFormat::Rgba8Unorm,
            1,
            1,
            wgpu::TextureUsages::TEXTURE_BINDING,
        );
        texture.pin(wgpu::PinnedUsage::Sampled);
        texture.unpin();
        let layout = device.create_pipeline_layout_with_resource_table(&wgpu::PipelineLayoutDescriptor {
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
            {
                // Several sets, one before the first command, two between the same pair of
                // commands, one after the last.
                let mut pass = encoder.begin_compute_pass(&Default::default());
                pass.set_resource_table(Some(&table));
                pass.set_pipeline(&pipeline);
                pass.set_resource_table(None);
                pass.set_resource_table(Some(&table));
                pass.dispatch_workgroups(2, 1, 1);
                pass.set_resource_table(None);
            }
            encoder.finish()
        });
        assert!(error.is_none(), "{error:?}");
        queue.submit([cb]);
        table.destroy();
    }
    // The trace is closed when the device goes.
    drop((device, queue));
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
    let kinds = entries
        .iter()
        .map(|e| format!("{:?}", e.action).split(['(', ' ']).next().unwrap().to_string())
        .collect::<Vec<_>>();
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
    let T::CreateResourceTable { id: table, desc, model } = &entries[0].action else {
        unreachable!()
    };
    assert_eq!((desc.label.as_deref(), desc.size), (Some("traced"), 8));
    assert_eq!(*model, wgpu::ResourceTableModel::Pinned);
    let format = std::fs::read_to_string(dir.join(wgpu_core::resource_table::TRACE_FORMAT_FILE)).unwrap();
    assert!(format.starts_with("(format: 4, "), "{format}");
    assert!(matches!(entries[1].action, T::UpdateResourceTable { id, slot: 0, .. } if id == *table));
    assert!(matches!(entries[2].action, T::UpdateResourceTable { id, slot: 5, .. } if id == *table));
    assert!(matches!(entries[3].action, T::RemoveResourceTableBinding { id, slot: 0 } if id == *table));
    assert!(matches!(
        entries[4].action,
        T::PinTexture(_, Some(wgpu::PinnedUsage::Sampled))
    ));
    assert!(matches!(entries[5].action, T::PinTexture(_, None)));
    assert!(matches!(entries[7].action, T::DestroyResourceTable(id) if id == *table));
    // In call order among upstream's actions: the sampler before the table's first update,
    // the texture before its pins, the layout before the pipeline that uses it, the
    // submission before the destruction.
    assert!(
        upstream(at(1) - 1).starts_with("CreateSampler("),
        "{}",
        upstream(at(1) - 1)
    );
    assert!(
        upstream(at(4) - 1).starts_with("CreateTexture("),
        "{}",
        upstream(at(4) - 1)
    );
    assert!(upstream(at(6)).starts_with("CreateShaderModule"), "{}", upstream(at(6)));
    assert!(upstream(at(7) - 1).starts_with("Submit("), "{}", upstream(at(7) - 1));
    assert!(entries.windows(2).all(|w| w[0].at <= w[1].at));
    // The pass's set_resource_table is beside its commands: before command 1 (the dispatch).
    let passes = actions
        .iter()
        .flat_map(|a| match a {
            Action::Submit(_, commands) => commands.iter().collect(),
            _ => Vec::new(),
        })
        .filter_map(|c| match c {
            Command::RunComputePass { pass, .. } => Some(pass),
            _ => None,
        })
        .collect::<Vec<_>>();
    assert_eq!(passes.len(), 2);
    let sets = |i: usize| {
        passes[i]
            .resource_tables
            .iter()
            .map(|set| match set.table {
                Some(PassTable::Pointer(id)) if id == *table => (set.before, true),
                None => (set.before, false),
                ref other => panic!("{other:?}"),
            })
            .collect::<Vec<_>>()
    };
    assert!(
        matches!(
            passes[0].commands[..],
            [
                ComputeCommand::SetPipeline(_),
                ComputeCommand::DispatchWorkgroups([1, 1, 1])
            ]
        ),
        "{:?}",
        passes[0].commands
    );
    assert_eq!(sets(0), [(1, true)]);
    assert!(
        matches!(
            passes[1].commands[..],
            [
                ComputeCommand::SetPipeline(_),
                ComputeCommand::DispatchWorkgroups([2, 1, 1])
            ]
        ),
        "{:?}",
        passes[1].commands
    );
    assert_eq!(sets(1), [(0, true), (1, false), (1, true), (2, false)]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A program that makes no table call gets no table actions' file.
#[test]
fn a_program_without_tables_writes_no_table_file() {
    let (dir, device, queue) = traced_device("trace-none");
    let encoder = device.create_command_encoder(&Default::default());
    queue.submit([encoder.finish()]);
    // The trace is closed when the device goes.
    drop((device, queue));
    assert!(dir.join("trace.ron").is_file());
    assert!(!dir.join(wgpu_core::resource_table::TRACE_TABLES_FILE).exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Passes (and so render bundle encoders) serialize in formats without field names too:
/// their table sets are always written, never skipped, so bincode reads back what it wrote,
/// with or without sets.
#[test]
fn passes_round_trip_through_bincode() {
    use std::{marker::PhantomData, num::NonZeroUsize};
    use wgpu_core::{
        command::{BasePass, ComputeCommand, PointerReferences},
        id::PointerId,
        resource_table::{PassMember, PassTable, PassUsage, TableSet, TraceMember},
    };
    type Pass = BasePass<ComputeCommand<PointerReferences>, std::convert::Infallible>;
    let table = PointerId::PointerId(NonZeroUsize::new(64).unwrap(), PhantomData);
    for sets in [
        vec![],
        vec![
            TableSet {
                before: 0,
                table: Some(PassTable::Pointer(table)),
                fixed: false,
                usage: None,
            },
            TableSet {
                before: 1,
                table: None,
                fixed: false,
                usage: None,
            },
            // A compute pass's `set_resource_usage`.
            TableSet {
                before: 1,
                table: Some(PassTable::Pointer(table)),
                fixed: false,
                usage: Some(PassUsage {
                    member: PassMember::Pointer(TraceMember::Texture(PointerId::PointerId(
                        NonZeroUsize::new(96).unwrap(),
                        PhantomData,
                    ))),
                    usage: wgpu::ResourceTableUsage::None,
                }),
            },
        ],
        // A render pass's table, as passes record it (bincode reads the field back).
        vec![TableSet {
            before: 0,
            table: Some(PassTable::Pointer(table)),
            fixed: true,
            usage: None,
        }],
    ] {
        let pass = Pass {
            label: Some("pass".into()),
            error: None,
            commands: vec![
                ComputeCommand::DispatchWorkgroups([1, 2, 3]),
                ComputeCommand::PopDebugGroup,
            ],
            dynamic_offsets: vec![7],
            string_data: vec![1, 2],
            immediates_data: vec![9],
            resource_tables: sets,
        };
        let bytes = bincode::serialize(&pass).expect("serializes");
        let back: Pass = bincode::deserialize(&bytes).expect("reads back what it wrote");
        assert_eq!(format!("{back:?}"), format!("{pass:?}"));
    }
}

/// Format 2 recorded no model: its tables were all pinned, and read as such.
#[test]
fn a_format_2_table_creation_reads_as_pinned() {
    use wgpu_core::resource_table::{TraceAction as T, TraceEntry};
    let format_2 = "(at: 1, action: CreateResourceTable(id: PointerId(7), desc: (label: None, size: 4)))";
    let entry: TraceEntry = ron::from_str(format_2).unwrap();
    let T::CreateResourceTable { desc, model, .. } = entry.action else {
        panic!("{:?}", entry.action)
    };
    assert_eq!((desc.size, model), (4, wgpu::ResourceTableModel::Pinned));
    let format_3 =
        "(at: 1, action: CreateResourceTable(id: PointerId(7), desc: (label: None, size: 4), model: Pinned))";
    let entry: TraceEntry = ron::from_str(format_3).unwrap();
    assert!(matches!(
        entry.action,
        T::CreateResourceTable {
            model: wgpu::ResourceTableModel::Pinned,
            ..
        }
    ));
    let unknown =
        "(at: 1, action: CreateResourceTable(id: PointerId(7), desc: (label: None, size: 4), model: Sometimes))";
    assert!(ron::from_str::<TraceEntry>(unknown).is_err());
}
