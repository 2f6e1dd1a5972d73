//! `cargo xtask demo`: 4,096 quads, each with its own texture, drawn with one instanced draw
//! through a resource table, next to the same frame drawn with a bind group per texture.
//! Writes the frame as PNG and fails unless both frames equal the CPU reference.

use std::{path::PathBuf, process::ExitCode};

use clap::Parser;
use wgpu_core_ext::demo;

#[derive(Parser)]
#[command(about = "The bindless demo: one instanced draw over a resource table of 4,096 textures")]
struct Args {
    /// Where to write the frame.
    #[arg(long, default_value = "bindless.png")]
    out: PathBuf,
    /// Frames to time for each way of drawing (the best one is reported).
    #[arg(long, default_value_t = 10)]
    frames: u32,
    /// Run without the Vulkan validation layer (for timings; by default any validation
    /// message fails the run).
    #[arg(long)]
    no_validation: bool,
    /// Also record one frame as a wgpu trace into this directory (for `player replay`).
    #[arg(long)]
    trace: Option<PathBuf>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let features = wgpu::Features::SAMPLING_RESOURCE_TABLE;
    let limits = wgpu::Limits::default();
    // First with the Vulkan validation layer on (the test harness's device: any message
    // panics), then without it for the timings: the layer's own cost per call would swamp
    // what we measure.
    let validated = (!args.no_validation).then(|| {
        let gpu = hal_ext::harness::GpuContext::new(features, limits.clone());
        demo::run(&gpu.adapter, &gpu.device, &gpu.queue, 1).image
    });
    let mut desc = wgpu::InstanceDescriptor::new_without_display_handle();
    desc.backends = wgpu::Backends::VULKAN;
    desc.flags = wgpu::InstanceFlags::empty();
    let instance = wgpu::Instance::new(desc);
    let Ok(adapter) = pollster::block_on(instance.request_adapter(&Default::default())) else {
        eprintln!("bindless-demo: no Vulkan adapter (run `cargo xtask setup`)");
        return ExitCode::FAILURE;
    };
    let (device, queue) = match pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
        label: Some("bindless demo"),
        required_features: features,
        required_limits: limits.clone(),
        ..Default::default()
    })) {
        Ok(pair) => pair,
        Err(e) => {
            eprintln!("bindless-demo: the adapter cannot run resource tables: {e}");
            return ExitCode::FAILURE;
        }
    };
    if let Some(dir) = &args.trace {
        if let Err(e) = std::fs::create_dir_all(dir) {
            eprintln!("bindless-demo: {}: {e}", dir.display());
            return ExitCode::FAILURE;
        }
        // A device of its own: recording must not weigh on the timed frames.
        let traced = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
            label: Some("bindless demo (traced)"),
            required_features: features,
            required_limits: limits.clone(),
            trace: wgpu::Trace::Directory(dir.clone()),
            ..Default::default()
        }));
        match traced {
            Ok((device, queue)) => {
                demo::run(&adapter, &device, &queue, 1);
                println!("trace: one frame recorded in {}", dir.display());
            }
            Err(e) => {
                eprintln!("bindless-demo: a traced device: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    let report = demo::run(&adapter, &device, &queue, args.frames);
    if let Some(validated) = &validated {
        println!(
            "validation layer: no messages; validated frame {} the timed one",
            if *validated == report.image {
                "identical to"
            } else {
                "DIFFERENT FROM"
            }
        );
    }
    let validated_ok = validated.is_none_or(|v| v == report.image);
    let info = &report.adapter;
    println!(
        "adapter: {} ({:?}, {} {})",
        info.name, info.backend, info.driver, info.driver_info
    );
    println!(
        "table: {} slots ({} textures + 1 sampler), one instanced draw of {} quads",
        report.table_size, report.textures, report.textures
    );
    let per = |d: std::time::Duration| d.as_secs_f64() * 1000.0;
    println!(
        "CPU encode + submit per frame, no validation layer (best of {}): bindless {:.3} ms, bindful {:.3} ms ({} bind groups, {} draws), {:.1}x",
        report.frames,
        per(report.bindless_encode),
        per(report.bindful_encode),
        report.textures,
        report.textures,
        per(report.bindful_encode) / per(report.bindless_encode)
    );
    if let Err(e) = demo::write_png(&args.out, &report.image) {
        eprintln!("bindless-demo: writing {}: {e}", args.out.display());
        return ExitCode::FAILURE;
    }
    let reference = demo::reference_image();
    let exact = report.image == reference;
    println!(
        "image: {} ({}x{}), {} the CPU reference; bindful frame {}",
        args.out.display(),
        demo::SIDE,
        demo::SIDE,
        if exact { "equals" } else { "DIFFERS FROM" },
        if report.bindful_matches {
            "identical"
        } else {
            "DIFFERENT"
        }
    );
    if exact && report.bindful_matches && validated_ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
