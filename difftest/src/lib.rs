//! Differential (model-based) testing of resource tables.
//!
//! `proptest-state-machine` generates random programs of the bindless API
//! ([`ops::Op`]), on devices with either table feature or neither:
//!
//! - textures of several shapes (2D 1×1 to 4×4 with 1–3 mips and 1–6 or 12 layers; 3D up
//!   to 4×4×4; multisampled, four samples) and formats (`R32Uint`, `R32Sint`, `R32Float`,
//!   `Rgba8Unorm`, `Depth32Float`), with their default view or a view of some mips and
//!   layers (`2d`, `2d-array`, `cube`, `cube-array`, `3d`), samplers,
//!   and buffers of 4 to 512 bytes (storage, uniform-only, or neither) bound whole or by a
//!   range, aligned or not, in bounds or not: created, written, pinned, unpinned, destroyed,
//!   and their handles dropped (a texture's, its view's, a sampler's, a buffer's) while
//!   tables hold them, so that a table is their last owner;
//! - tables of either model: the pinning model's, and the standard's automatic model's (no
//!   pins: `set_resource_usage` of a texture or buffer to `None`, `ReadOnly` or `Writable`
//!   decides what shaders see; render passes begin with the table and bundles use the
//!   pass's; at most 65,536 slots), with `isShaderVisible` per usage scope: submitted render
//!   probes of automatic tables may bind one of the program's textures or buffers outside
//!   the table in their pass ([`ops::Probe::conflict`]: a sampled or write-only storage
//!   texture, a uniform, read-only or read-write storage buffer), which hides its slots
//!   where the rules say so (compute probes' dispatches never bind a table's resources);
//! - tables of 4–16 slots, or at an edge (0, 1, 63–65, 1,023–1,025 slots, the device's
//!   limit −1, 0 and +1, 65,537 for the automatic model, `u32::MAX`), created, destroyed and
//!   dropped; `update`,
//!   `update_range`, `insert` and `remove`, on slots in range, at the
//!   table's last slot and the two past it (whatever size the device gave it), at
//!   `i32::MAX` and at `u32::MAX`;
//! - queue-timeline `set_resource_usage` calls of an automatic table in its submitted
//!   probes ([`ops::Probe::call`]: on the command encoder before the pass, or in a compute
//!   pass before or after the dispatch), in effect from their place in the command stream
//!   and kept by the table once submitted. Within its submission ours shows a call's
//!   usage only where it could move the member (one table holds it, some table showed it),
//!   and hides members that a call left in another state from the command buffers after
//!   it: the model keeps neither, so a `None` call, and a
//!   pinned member's call in its own command buffer, are exact; otherwise the called
//!   member's slots read either as the standard says or hidden, slot by slot (counted:
//!   [`gpu::CALLS_EITHER`], [`gpu::CALLS_HIDDEN`]);
//! - command buffers recorded now and submitted later; submissions of probes read back at
//!   once or later; submissions held running ([`ops::Op::Hold`]); `poll` and waits.
//!
//! Each operation runs on a wgpu device ([`gpu::Sut`]) and on the CPU model of the
//! proposal ([`model::Model`], the executable spec), and every observable result is
//! compared as it happens:
//!
//! - each slot operation's result: `Ok`, the exact [`wgpu::ResourceTableError`], and the slot
//!   `insert` returns (the lowest available one);
//! - every validation error each operation raises, in order (the device's uncaptured-error
//!   handler, not an error scope, which keeps only the first): the wgpu-core error type
//!   (binding, pin, queue write, submit, table creation, a draw or dispatch without a
//!   table), and for binding and pin errors the variant;
//! - for each probe, value by value, what a shader reads for slots `0..29` and for two
//!   indices out of every table's range (`i32::MIN` as an `i32` and `u32::MAX` in compute
//!   probes):
//!   per type (`texture_2d<u32>`, `<i32>` and `<f32>`, `texture_2d_array<u32>`,
//!   `texture_3d<u32>`, `texture_cube<u32>`, `texture_cube_array<u32>`,
//!   `texture_multisampled_2d<f32>`, `texture_depth_2d`, `sampler`, and on heterogeneous
//!   devices `texture_storage_2d<u32, read>` and a storage buffer) `hasResource`, and of the
//!   resource or the default `getResource` gives, its dimensions, mip levels, layers,
//!   samples, `arrayLength` and a texel of a chosen mip and layer or slice (textures no
//!   queue write can reach read their lazily initialised zeros) ([`model::WORDS`]); probes
//!   are compute passes (`dispatch_workgroups` or `_indirect`), render passes drawing a
//!   column of eight pixels per slot, render bundles, or render passes reading the table in
//!   the vertex stage, eight points per slot, every word of every slot in each, with another pipeline of 0–3
//!   bind groups of its own and no table before and/or after the probe pipeline in the same
//!   pass, whose writes are checked too;
//! - writes through the table ([`ops::Op::WriteThrough`]): which slots a shader finds
//!   writable (`read_write` storage types: writable pins only), and what the later probes
//!   read of the buffers and storage textures it wrote;
//! - on Vulkan, any message of the Khronos validation layer, whose synchronization
//!   validation wgpu-hal turns on with it (hazards between passes, submissions, queue
//!   writes and the table's own writes are messages); and any panic.
//!
//! Each (operation, outcome) pair is counted ([`gpu::outcomes`]); a soak fails when a pair
//! the model can produce ([`model::OUTCOMES`]) never occurred, and on Vulkan when a probed
//! type never met a real resource ([`gpu::unseen_types`]); the noop seed checks that the
//! generator reaches both.
//! Probe pipelines have an explicit layout or `layout: None` (the table's set then follows
//! the groups the shader uses).
//!
//! A failure is shrunk by proptest to a minimal program, printed one Rust-like line per
//! operation ([`ops::program_text`]).
//!
//! **Completion.** The GPU completes submissions when it does, and wgpu learns of it only
//! when it looks at the fence (after each submission, and on `poll`): slot operations see
//! the completed index it last saw. The model knows `[[lastSubmitIndex]]` exactly but
//! `[[completedSubmitIndex]]` only as a range `completed_lo ..= last`; an operation whose
//! outcome depends on completion (`update` of a removed slot, `insert`) accepts
//! every outcome some completed index in that range explains and raises `completed_lo` to
//! what the outcome proves (`Ok` from `update` of a slot removed after submission `k`:
//! `completed >= k`; `NotYetAvailable` reports the completed index itself). A wait, a
//! read-back, or a poll that finds the queue empty sets `completed_lo = last`. A held
//! submission (a compute pass that loops for some milliseconds, its count measured for each
//! device) is still running when wgpu looks at the fence right after submitting it, so
//! until wgpu looks again the range ends below it, and handing out a slot removed after it
//! is a divergence. Probe results do not depend on completion: they see the state at their
//! submission.
//!
//! **Running.**
//! - `cargo nextest run -p difftest` runs the fixed seeds of `tests/differential.rs` (GPU
//!   tests, named `gpu_*`, need `VK_DRIVER_FILES=/usr/share/vulkan/icd.d/lvp_icd.json
//!   BINDLESS_EXPECT_LAVAPIPE=25 WGPU_BACKEND=vulkan` on lavapipe), and a noop-backend variant.
//! - `cargo run --release -p difftest -- --soak <minutes> [--seed N]` runs random programs
//!   until the time is up, printing progress (operations, programs, divergences), and exits
//!   non-zero with the minimal program on the first divergence, or at the end when some
//!   (operation, outcome) pair never occurred. `--models pinned` or `--models automatic`
//!   gives every table of the programs that model (a soak of one model); by default
//!   programs mix them. Pairs only the other model or a device without the features can
//!   produce are then not expected.

pub mod gpu;
pub mod model;
pub mod ops;

use proptest::test_runner::{Config, RngSeed, TestError, TestRunner};
use proptest_state_machine::{ReferenceStateMachine as _, StateMachineTest as _};

pub use gpu::{counters, missing_outcomes, outcomes, Backend, Settings, OPS, PROGRAMS};

/// A batch of random programs.
#[derive(Clone, Debug)]
pub struct RunConfig {
    pub backend: Backend,
    pub seed: u64,
    pub cases: u32,
    /// Programs have `1..max_ops` operations (after the initial table).
    pub max_ops: usize,
    /// Programs one device serves (see [`Settings::programs_per_device`]).
    pub programs_per_device: u32,
    /// Milliseconds of shrinking at most.
    pub max_shrink_ms: u32,
    /// Where the program being run is written before it runs (a crash leaves it there).
    pub current_program_file: Option<std::path::PathBuf>,
    /// The models the programs' tables take.
    pub models: ops::Models,
}

impl RunConfig {
    pub fn new(backend: Backend, seed: u64, cases: u32) -> Self {
        Self {
            backend,
            seed,
            cases,
            max_ops: 40,
            programs_per_device: 1,
            max_shrink_ms: 120_000,
            current_program_file: None,
            models: ops::Models::Both,
        }
    }
}

/// A program whose run diverged from the model, shrunk.
#[derive(Debug)]
pub struct Failure {
    pub reason: String,
    pub program: String,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}\n\nminimal program:\n{}", self.reason, self.program)
    }
}

/// Runs `config.cases` random programs; the first failure is shrunk and returned.
pub fn run(config: &RunConfig) -> Result<(), Failure> {
    gpu::configure(Settings {
        backend: config.backend,
        programs_per_device: config.programs_per_device,
    });
    let proptest_config = Config {
        cases: config.cases,
        failure_persistence: None,
        rng_seed: RngSeed::Fixed(config.seed),
        max_shrink_time: config.max_shrink_ms,
        max_shrink_iters: 10_000,
        // Preconditions reject some shrinks: allow plenty.
        max_global_rejects: 100_000,
        ..Config::default()
    };
    ops::set_models(config.models);
    let mut runner = TestRunner::new(proptest_config.clone());
    let strategy = ops::Programs::sequential_strategy(1..config.max_ops);
    // Panics are how a run fails (proptest catches them): keep the shrinking runs quiet.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let result = runner.run(&strategy, |(init, program, seen)| {
        if let Some(path) = &config.current_program_file {
            let _ = std::fs::write(path, ops::program_text(&init, &program));
        }
        gpu::Sut::test_sequential(proptest_config.clone(), init, program, seen);
        Ok(())
    });
    std::panic::set_hook(hook);
    gpu::configure(Settings {
        backend: config.backend,
        programs_per_device: 1,
    });
    match result {
        Ok(()) => Ok(()),
        Err(TestError::Fail(reason, (init, program, _))) => Err(Failure {
            reason: reason.message().to_string(),
            program: ops::program_text(&init, &program),
        }),
        Err(TestError::Abort(reason)) => Err(Failure {
            reason: format!("proptest aborted: {}", reason.message()),
            program: String::new(),
        }),
    }
}

/// Runs one given program (for minimized regression tests); panics on a divergence.
pub fn run_program(backend: Backend, init: ops::RefState, program: Vec<ops::Op>) {
    gpu::configure(Settings {
        backend,
        programs_per_device: 1,
    });
    gpu::Sut::test_sequential(Config::default(), init, program, None);
    gpu::configure(Settings {
        backend,
        programs_per_device: 1,
    });
}
