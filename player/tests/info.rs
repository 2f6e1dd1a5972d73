//! Reading traces recorded by the patched wgpu (noop backend): summaries, truncated and
//! corrupt traces, missing data files.

use std::path::{Path, PathBuf};

/// Records a small trace: a buffer write, a shader, a table with two slots, a submission.
fn record(dir: &Path) {
    let (device, queue) = hal_ext::harness::noop_device_tracing(
        wgpu::Features::SAMPLING_RESOURCE_TABLE,
        wgpu::Limits::default(),
        wgpu::Trace::Directory(dir.to_path_buf()),
    );
    let buffer = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("data"),
        size: 16,
        usage: wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    queue.write_buffer(&buffer, 0, &[1; 16]);
    let _module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: None,
        source: wgpu::ShaderSource::Wgsl("@compute @workgroup_size(1) fn main() {}".into()),
    });
    let table = device.create_pinned_resource_table(&wgpu::ResourceTableDescriptor {
        label: Some("materials"),
        size: 64,
    });
    let sampler = device.create_sampler(&Default::default());
    table.insert(wgpu::BindingResource::Sampler(&sampler)).unwrap();
    table.update(9, wgpu::BindingResource::Sampler(&sampler)).unwrap();
    queue.submit([device.create_command_encoder(&Default::default()).finish()]);
}

fn traced(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("player-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    record(&dir);
    dir
}

#[test]
fn info_counts_actions_and_tables() {
    let dir = traced("info");
    let trace = player::load(&dir).unwrap();
    assert!(!trace.truncated);
    assert_eq!(trace.format, 4);
    // trace.ron's and resource_tables.ron's actions merged in call order.
    let kinds = trace.actions.iter().map(player::action_kind).collect::<Vec<_>>();
    assert_eq!(
        kinds,
        [
            "Init",
            "CreateBuffer",
            "WriteBuffer",
            "CreateShaderModule",
            "CreateResourceTable",
            "CreateSampler",
            "UpdateResourceTable",
            "UpdateResourceTable",
            "Submit",
            "DropSampler",
            "DropResourceTable",
            "DropShaderModule",
            "DropBuffer"
        ]
    );
    let summary = player::Summary::of(&trace, &dir);
    assert_eq!(summary.by_kind.get("UpdateResourceTable"), Some(&2));
    assert_eq!(summary.by_kind.get("CreateResourceTable"), Some(&1));
    assert_eq!(summary.by_kind.get("WriteBuffer"), Some(&1));
    assert_eq!(summary.by_kind.get("Submit"), Some(&1));
    // The table's default resources are the device's own, not the program's calls.
    assert_eq!(summary.by_kind.get("CreateTexture"), None);
    assert_eq!(summary.by_kind.get("DropTexture"), None);
    assert_eq!(
        summary.tables,
        vec![(Some("materials".to_string()), 64, wgpu::ResourceTableModel::Pinned)]
    );
    assert!(summary.missing_data.is_empty(), "{:?}", summary.missing_data);
    let text = summary.to_string();
    assert!(
        text.contains("resource tables: 1\n  materials (64 slots, pinned)\n"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_truncated_trace_keeps_its_complete_actions() {
    let dir = traced("truncated");
    let full = std::fs::read_to_string(dir.join("trace.ron")).unwrap();
    let complete = player::parse(&full).unwrap().actions.len();
    // Cut in the middle of the last action, as a crash would.
    let cut = &full[..full.len() - 40];
    let trace = player::parse(cut).unwrap();
    assert!(trace.truncated);
    assert_eq!(trace.actions.len(), complete - 1);

    // The same for the table actions' file: the complete ones are kept, in order (the cut
    // one is the table's drop).
    let tables = std::fs::read_to_string(dir.join("resource_tables.ron")).unwrap();
    let cut = &tables[..tables.len() - 40];
    let trace = player::parse_with_tables(&full, Some(cut)).unwrap();
    assert!(trace.truncated);
    let kinds = trace
        .actions
        .iter()
        .map(player::action_kind)
        .filter(|k| k.contains("ResourceTable"))
        .collect::<Vec<_>>();
    assert_eq!(
        kinds,
        ["CreateResourceTable", "UpdateResourceTable", "UpdateResourceTable"]
    );

    // trace.ron cut after its table's updates but before the submission: the table actions
    // after the cut are dropped with it, not run after the last action that was kept.
    let submit = full.find("\nSubmit(").expect("the submission") + 1;
    let trace = player::parse_with_tables(&full[..submit], Some(&tables)).unwrap();
    assert!(trace.truncated);
    let kinds = trace.actions.iter().map(player::action_kind).collect::<Vec<_>>();
    assert_eq!(
        kinds.last().map(String::as_str),
        Some("UpdateResourceTable"),
        "{kinds:?}"
    );
    assert!(!kinds.iter().any(|k| k == "DropResourceTable"), "{kinds:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn corrupt_traces_and_missing_files_are_clear_errors() {
    let error = player::parse("[\nCreateBuffer(1, oops),\n]")
        .err()
        .expect("a parse error");
    match &error {
        player::LoadError::Parse { line: 2, column, .. } => assert!(*column > 1, "{error}"),
        other => panic!("expected a parse error on line 2, got {other}"),
    }
    assert!(error.to_string().starts_with("trace.ron:2:"), "{error}");

    let nowhere = std::env::temp_dir().join("player-no-such-trace");
    let error = player::load(&nowhere).err().expect("no trace there");
    assert_eq!(
        error.to_string(),
        format!(
            "{}: no such file (is this a trace directory?)",
            nowhere.join("trace.ron").display()
        )
    );

    let dir = traced("missing");
    let data = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "bin"))
        .expect("the buffer write's data file");
    std::fs::remove_file(&data).unwrap();
    let trace = player::load(&dir).unwrap();
    let summary = player::Summary::of(&trace, &dir);
    assert_eq!(
        summary.missing_data,
        vec![data.file_name().unwrap().to_string_lossy().to_string()]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn trace_formats_upstream_ours_and_future() {
    let dir = traced("format");
    assert_eq!(player::format(&dir).unwrap(), 4);
    // An upstream trace has no format file.
    std::fs::remove_file(dir.join("format.ron")).unwrap();
    assert_eq!(player::load(&dir).unwrap().format, 0);
    assert!(player::Summary::of(&player::load(&dir).unwrap(), &dir)
        .to_string()
        .starts_with("format: upstream wgpu (no format.ron)\n"));
    std::fs::write(dir.join("format.ron"), "(format: 7, wgpu: \"31.0.0\")").unwrap();
    assert_eq!(
        player::load(&dir).err().map(|e| e.to_string()).as_deref(),
        Some("the trace has format 7, newer than this player's 4: update the player")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Automatic tables and their usages are recorded and replayed: the model on creation, each
/// `set_resource_usage` with its texture or buffer.
#[test]
fn automatic_tables_and_their_usages_replay() {
    let dir = std::env::temp_dir().join(format!("player-automatic-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    {
        let (device, queue) = hal_ext::harness::noop_device_tracing(
            wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE,
            wgpu::Limits::default(),
            wgpu::Trace::Directory(dir.clone()),
        );
        let table = device.create_resource_table(&wgpu::ResourceTableDescriptor {
            label: Some("scene"),
            size: 4,
        });
        let texture = hal_ext::harness::texture_2d(
            &device,
            wgpu::TextureFormat::Rgba8Unorm,
            1,
            1,
            wgpu::TextureUsages::TEXTURE_BINDING,
        );
        let buffer = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("particles"),
            size: 16,
            usage: wgpu::BufferUsages::STORAGE,
            mapped_at_creation: false,
        });
        let view = texture.create_view(&Default::default());
        table.insert(wgpu::BindingResource::TextureView(&view)).unwrap();
        table.insert(buffer.as_entire_binding()).unwrap();
        table.set_resource_usage(&texture, wgpu::ResourceTableUsage::None);
        table.set_resource_usage(&buffer, wgpu::ResourceTableUsage::Writable);
        queue.submit([]);
    }
    let trace = player::load(&dir).unwrap();
    let summary = player::Summary::of(&trace, &dir).to_string();
    assert!(summary.contains("  scene (4 slots, automatic)\n"), "{summary}");
    assert!(summary.contains("SetResourceUsage: 2"), "{summary}");
    use wgpu_core::resource_table::{TraceAction as T, TraceMember};
    let usages = trace
        .actions
        .iter()
        .filter_map(|a| match a {
            player::Action::Table(T::SetResourceUsage { member, usage, .. }) => {
                Some((matches!(member, TraceMember::Texture(_)), *usage))
            }
            _ => None,
        })
        .collect::<Vec<_>>();
    assert_eq!(
        usages,
        [
            (true, wgpu::ResourceTableUsage::None),
            (false, wgpu::ResourceTableUsage::Writable)
        ]
    );
    let options = player::replay::Options {
        backend: player::replay::Backend::Noop,
        ..Default::default()
    };
    player::replay::replay(&dir, &options, |_, _| {}).expect("the trace replays");
    let _ = std::fs::remove_dir_all(&dir);
}
