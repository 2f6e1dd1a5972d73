//! `difftest --soak <minutes> [--seed N] [--models both|pinned|automatic]`: random programs until the time is up (see the
//! crate docs). Exits non-zero with the minimal program on the first divergence.

use std::time::{Duration, Instant};

use clap::Parser;
use difftest::{counters, missing_outcomes, ops::Models, outcomes, run, Backend, RunConfig, OPS, PROGRAMS};

#[derive(Parser)]
#[command(about = "Differential tester of resource tables: random programs against the proposal's model")]
struct Args {
    /// Minutes to run for.
    #[arg(long)]
    soak: f64,
    /// First seed (each batch of programs takes the next one); random if absent.
    #[arg(long)]
    seed: Option<u64>,
    /// `vulkan` (probes read back, validation layer on) or `noop` (API results only).
    #[arg(long, default_value = "vulkan")]
    backend: String,
    /// Programs per batch (one seed each).
    #[arg(long, default_value_t = 25)]
    batch: u32,
    /// Operations per program at most.
    #[arg(long, default_value_t = 40)]
    max_ops: usize,
    /// Programs one device serves before a fresh one is made.
    #[arg(long, default_value_t = 10)]
    programs_per_device: u32,
    /// The tables' models: `both` (programs mix them), `pinned` or `automatic` (a soak of one
    /// model: every table of that model).
    #[arg(long, default_value = "both")]
    models: String,
    /// Seconds between progress lines.
    #[arg(long, default_value_t = 30)]
    progress: u64,
}

fn main() {
    let args = Args::parse();
    let backend = match args.backend.as_str() {
        "vulkan" => Backend::Vulkan,
        "noop" => Backend::Noop,
        other => {
            eprintln!("unknown backend {other:?} (vulkan or noop)");
            std::process::exit(2);
        }
    };
    let models = match args.models.as_str() {
        "both" => Models::Both,
        "pinned" => Models::Pinned,
        "automatic" => Models::Automatic,
        other => {
            eprintln!("unknown models {other:?} (both, pinned or automatic)");
            std::process::exit(2);
        }
    };
    let first_seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64 % 1_000_000_000)
    });
    let start = Instant::now();
    let deadline = start + Duration::from_secs_f64(args.soak * 60.0);
    let program_file = std::env::temp_dir().join(format!("difftest-{}-program.txt", std::process::id()));
    println!(
        "difftest: {backend:?}, tables of {models:?} models, seeds from {first_seed}, {} min; if the process crashes, the program \
         it was running is in {}",
        args.soak,
        program_file.display()
    );
    if backend == Backend::Vulkan {
        if let Ok(adapter) = hal_ext::harness::vulkan_adapter() {
            let info = adapter.get_info();
            println!(
                "difftest: adapter {} ({}, {})",
                info.name, info.driver, info.driver_info
            );
        }
    }
    let mut last_progress = Instant::now();
    let progress = |seed: u64| {
        println!(
            "soak: {:.1}/{} min, seed {seed}: {}, 0 divergences",
            start.elapsed().as_secs_f64() / 60.0,
            args.soak,
            counters(),
        );
    };
    let mut seed = first_seed;
    while Instant::now() < deadline {
        let config = RunConfig {
            max_ops: args.max_ops,
            programs_per_device: args.programs_per_device,
            current_program_file: Some(program_file.clone()),
            models,
            ..RunConfig::new(backend, seed, args.batch)
        };
        if let Err(failure) = run(&config) {
            println!(
                "soak: DIVERGENCE with seed {seed} after {} ops, {} programs (--seed {seed} --batch {} reproduces it)\n{failure}",
                OPS.load(std::sync::atomic::Ordering::Relaxed),
                PROGRAMS.load(std::sync::atomic::Ordering::Relaxed),
                args.batch,
            );
            std::process::exit(1);
        }
        if last_progress.elapsed() >= Duration::from_secs(args.progress) {
            progress(seed);
            last_progress = Instant::now();
        }
        seed += 1;
    }
    progress(seed - 1);
    let _ = std::fs::remove_file(&program_file);
    println!(
        "soak: done in {:.1} min: {}, 0 divergences",
        start.elapsed().as_secs_f64() / 60.0,
        counters()
    );
    println!("soak: (operation, outcome) pairs:");
    for ((op, outcome), n) in outcomes() {
        println!("  {op:<16} {outcome:<32} {n}");
    }
    let get = |c: &std::sync::atomic::AtomicU64| c.load(std::sync::atomic::Ordering::Relaxed);
    if backend == Backend::Vulkan && get(&difftest::gpu::HOLDS) > 0 && get(&difftest::gpu::HELD) == 0 {
        println!(
            "soak: FAILED: no hold was still pending when wgpu looked (slot reuse against pending work went unchecked)"
        );
        std::process::exit(1);
    }
    let unseen = difftest::gpu::unseen_types();
    if backend == Backend::Vulkan && !unseen.is_empty() {
        println!("soak: FAILED: no probe found a resource of {unseen:?} (only their defaults were checked)");
        std::process::exit(1);
    }
    let impossible = difftest::gpu::impossible_seen(backend, models);
    if !impossible.is_empty() {
        println!("soak: FAILED: pairs said to be impossible for {models:?} occurred: {impossible:?}");
        std::process::exit(1);
    }
    let missing = missing_outcomes(backend, models);
    if !missing.is_empty() {
        println!(
            "soak: FAILED: {} pairs the model can produce never occurred: {missing:?}",
            missing.len()
        );
        std::process::exit(1);
    }
    println!("soak: every pair the model can produce occurred");
}
