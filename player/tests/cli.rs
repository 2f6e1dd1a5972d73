//! The `player` command line: exit statuses and messages of `replay` and `diff`, `--until`,
//! `--dump`, `--screenshot`.

use std::{
    path::{Path, PathBuf},
    process::{Command, Output},
};

fn case(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases").join(name)
}

fn player(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_player"))
        .args(args)
        .output()
        .expect("running player")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("player-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A copy of a case, to damage.
fn copy_of(name: &str) -> PathBuf {
    let dir = scratch(name);
    for entry in std::fs::read_dir(case(name)).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), dir.join(entry.file_name())).unwrap();
    }
    dir
}

#[test]
fn a_failing_action_is_named_with_its_number_and_the_exit_status_is_1() {
    let dir = case("error_slot_out_of_range");
    let out = player(&["replay", dir.to_str().unwrap(), "--backend", "noop", "--quiet"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "player: action #3 (UpdateResourceTable): Slot 4 is out of range for a resource table of size 4\n"
    );
    assert_eq!(text(&out.stdout), "");

    // Stopping before it replays cleanly.
    let out = player(&["replay", dir.to_str().unwrap(), "--backend", "noop", "--until", "2"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "replayed 3 actions\n");
}

#[test]
fn a_missing_data_file_stops_the_replay_at_its_action() {
    let dir = copy_of("storage_buffer");
    std::fs::remove_file(dir.join("data1.bin")).unwrap();
    let out = player(&["replay", dir.to_str().unwrap(), "--backend", "noop", "--quiet"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(
        stderr.starts_with("player: action #") && stderr.contains("(WriteBuffer): data file data1.bin: No such file"),
        "{stderr}"
    );
}

#[test]
fn an_unknown_action_and_a_future_or_old_format_are_refused() {
    let dir = copy_of("error_table_too_large");
    let trace = std::fs::read_to_string(dir.join("trace.ron")).unwrap();
    std::fs::write(
        dir.join("trace.ron"),
        trace.replacen("CreateSampler(", "CreateHologram(", 1),
    )
    .unwrap();
    let out = player(&["replay", dir.to_str().unwrap(), "--backend", "noop"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(
        stderr.starts_with("player: trace.ron:") && stderr.contains("CreateHologram"),
        "{stderr}"
    );

    // The same in the table actions' file, which names itself.
    let dir = copy_of("error_table_too_large");
    let tables = std::fs::read_to_string(dir.join("resource_tables.ron")).unwrap();
    std::fs::write(
        dir.join("resource_tables.ron"),
        tables.replacen("CreateResourceTable(", "CreateHologram(", 1),
    )
    .unwrap();
    let out = player(&["replay", dir.to_str().unwrap(), "--backend", "noop"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(
        stderr.starts_with("player: resource_tables.ron:4:") && stderr.contains("CreateHologram"),
        "{stderr}"
    );

    std::fs::write(dir.join("format.ron"), "(format: 5, wgpu: \"31.0.0\")").unwrap();
    let out = player(&["replay", dir.to_str().unwrap(), "--backend", "noop"]);
    assert_eq!(
        text(&out.stderr),
        "player: the trace has format 5, newer than this player's 4: update the player\n"
    );

    // Format 1 put the table actions in trace.ron as variants of upstream's `Action`.
    std::fs::write(dir.join("format.ron"), "(format: 1, wgpu: \"30.0.1\")").unwrap();
    let out = player(&["replay", dir.to_str().unwrap(), "--backend", "noop"]);
    assert_eq!(
        text(&out.stderr),
        "player: the trace has format 1, which wgpu-bindless wrote before its table actions moved to resource_tables.ron: record it again\n"
    );
}

#[test]
fn a_resource_to_read_back_must_exist() {
    let dir = case("table_calls");
    let out = player(&[
        "replay",
        dir.to_str().unwrap(),
        "--backend",
        "noop",
        "--dump",
        "nothing=/dev/null",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "player: reading back \"nothing\": no buffer or texture of the replayed actions has this label or PointerId\n"
    );
}

#[test]
fn gpu_dump_writes_what_the_shader_computed() {
    let out_dir = scratch("dump");
    let file = out_dir.join("slots.bin");
    let dir = case("table_calls");
    let out = player(&[
        "replay",
        dir.to_str().unwrap(),
        "--quiet",
        "--dump",
        &format!("slots={}", file.display()),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let words: Vec<u32> = std::fs::read(&file)
        .unwrap()
        .chunks_exact(4)
        .map(|w| u32::from_le_bytes(w.try_into().unwrap()))
        .collect();
    assert_eq!(words, [1007, 1009, 0, 0, 0, 1009, 0, 0]);
}

#[test]
fn gpu_screenshots_compare_with_diff() {
    let out_dir = scratch("screenshot");
    let pass = out_dir.join("pass.png");
    let bundle = out_dir.join("bundle.png");
    let dir = case("render_and_bundle");
    let out = player(&[
        "replay",
        dir.to_str().unwrap(),
        "--quiet",
        "--validation",
        "--screenshot",
        "pass frame",
        pass.to_str().unwrap(),
        "--screenshot",
        "bundle frame",
        bundle.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = player(&["diff", pass.to_str().unwrap(), bundle.to_str().unwrap()]);
    assert_eq!(text(&out.stdout), "equal: 16 pixels, largest difference 0\n");
    assert_eq!(out.status.code(), Some(0));

    // One pixel off by 3: different without a tolerance, equal with 3.
    let mut decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&pass).unwrap()))
        .read_info()
        .unwrap();
    let mut pixels = vec![0; decoder.output_buffer_size().unwrap()];
    decoder.next_frame(&mut pixels).unwrap();
    assert_eq!(&pixels[..4], [10, 20, 200, 255]);
    pixels[4 * 5 + 2] += 3;
    let changed = out_dir.join("changed.png");
    let mut encoder = png::Encoder::new(std::fs::File::create(&changed).unwrap(), 4, 4);
    encoder.set_color(png::ColorType::Rgba);
    encoder.write_header().unwrap().write_image_data(&pixels).unwrap();
    let out = player(&["diff", pass.to_str().unwrap(), changed.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        "different: 1 of 16 pixels differ beyond the tolerance (largest difference 3, first at (1, 1))\n"
    );
    let out = player(&[
        "diff",
        pass.to_str().unwrap(),
        changed.to_str().unwrap(),
        "--tolerance",
        "3",
    ]);
    assert_eq!(out.status.code(), Some(0));

    // Images of different sizes do not compare.
    let dump = out_dir.join("raw.bin");
    std::fs::write(&dump, [0u8; 64]).unwrap();
    let out = player(&["diff", pass.to_str().unwrap(), dump.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stderr), "player: cannot compare a 4×4 image with 64 bytes\n");
}

#[test]
fn check_runs_regression_cases() {
    let cases = player::cases::list(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases")).unwrap();
    let mut args = vec!["check".to_string(), "--backend".into(), "noop".into()];
    args.extend(cases.iter().map(|c| c.display().to_string()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = player(&args);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    let stdout = text(&out.stdout);
    assert_eq!(stdout.lines().filter(|l| l.starts_with("PASS ")).count(), cases.len());
    assert_eq!(
        stdout.lines().last(),
        Some(format!("{} passed, 0 failed, 0 validation messages", cases.len()).as_str())
    );

    // A case whose expected error does not come fails.
    let dir = copy_of("error_unknown_table");
    std::fs::copy(case("table_calls").join("expect.ron"), dir.join("expect.ron")).unwrap();
    let out = player(&["check", "--backend", "noop", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).contains("FAIL"), "{}", text(&out.stdout));
}

#[test]
fn a_truncated_trace_replays_its_complete_actions() {
    let dir = copy_of("table_calls");
    let trace = std::fs::read_to_string(dir.join("trace.ron")).unwrap();
    let cut = trace.find("Submit(").expect("the case submits");
    std::fs::write(dir.join("trace.ron"), &trace[..cut + 10]).unwrap();
    let out = player(&["replay", dir.to_str().unwrap(), "--backend", "noop"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stderr),
        "player: note: the trace is truncated (its program did not drop the device); its complete actions were replayed\n"
    );
}

#[test]
fn a_command_buffer_that_failed_when_traced_stops_the_replay_with_its_error() {
    let dir = scratch("failed");
    {
        let trace = wgpu::Trace::Directory(dir.clone());
        let (device, queue) = hal_ext::harness::noop_device_tracing(Default::default(), Default::default(), trace);
        let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
        let mut encoder = device.create_command_encoder(&Default::default());
        // A dispatch without a pipeline.
        encoder
            .begin_compute_pass(&Default::default())
            .dispatch_workgroups(1, 1, 1);
        queue.submit([encoder.finish()]);
        assert!(pollster::block_on(scope.pop()).is_some(), "the dispatch must fail");
    }
    let out = player(&["replay", dir.to_str().unwrap(), "--backend", "noop", "--quiet"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(
        stderr.starts_with(
            "player: action #1 (FailedCommands): the traced program's command buffer failed when finished: "
        ),
        "{stderr}"
    );
}
