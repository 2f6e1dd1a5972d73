//! Fixed seeds of the differential tester (see the crate docs): random programs run on
//! Vulkan (lavapipe in CI) with the validation layer and on wgpu's noop backend, each result
//! compared with the model of the proposal. A failure prints the shrunk program.
//!
//! Seeds 1 and 2 take about 110 s each in a debug build on a 2-core machine (lavapipe),
//! seeds 3 and 5 about half that, so that together the tester stays within 5 minutes of
//! CI; the short seed 4 also runs in CI's build with lock-order checks. `cargo run --release -p difftest -- --soak <minutes>`
//! runs many more.

use difftest::{run, Backend, RunConfig};
use hal_ext::harness::isolated;

fn check(config: RunConfig) {
    if let Err(failure) = run(&config) {
        panic!("seed {}: {failure}", config.seed);
    }
    eprintln!("seed {}: {}", config.seed, difftest::counters());
    if config.backend == Backend::Vulkan {
        // Some hold was still pending when wgpu looked, so that slot reuse was checked
        // against pending work (a seed whose holds all finished too soon checked none).
        let get = |c: &std::sync::atomic::AtomicU64| c.load(std::sync::atomic::Ordering::Relaxed);
        assert!(
            get(&difftest::gpu::HELD) > 0,
            "seed {}: no hold was still pending when wgpu looked ({})",
            config.seed,
            difftest::counters()
        );
    }
}

fn gpu(seed: u64, cases: u32) -> RunConfig {
    RunConfig {
        max_ops: 30,
        // Shrinking on lavapipe in debug is slow: keep a failing run within minutes.
        max_shrink_ms: 150_000,
        ..RunConfig::new(Backend::Vulkan, seed, cases)
    }
}

#[test]
fn gpu_differential_seed_1() {
    isolated("gpu_differential_seed_1", || check(gpu(1, 300)));
}

#[test]
fn gpu_differential_seed_2() {
    isolated("gpu_differential_seed_2", || check(gpu(2, 300)));
}

#[test]
fn gpu_differential_seed_3_one_device_for_many_programs() {
    isolated("gpu_differential_seed_3_one_device_for_many_programs", || {
        check(RunConfig {
            programs_per_device: 20,
            ..gpu(3, 250)
        })
    });
}

/// Seed 3's kind, another half (two tests of half the time pack better on two threads).
#[test]
fn gpu_differential_seed_5_one_device_for_many_programs() {
    isolated("gpu_differential_seed_5_one_device_for_many_programs", || {
        check(RunConfig {
            programs_per_device: 20,
            ..gpu(5, 250)
        })
    });
}

/// Short: CI also runs it with wgpu-core's lock-order checks (its read-backs, indirect draws
/// and held submissions take paths the noop seed does not).
#[test]
fn gpu_differential_seed_4_short() {
    isolated("gpu_differential_seed_4_short", || {
        check(RunConfig {
            programs_per_device: 10,
            ..gpu(4, 60)
        })
    });
}

/// API results and validation errors only (no read-backs): cheap, so many programs.
/// Also: every (operation, outcome) pair the model can produce on noop occurred (a pair
/// that stops occurring means the generator no longer reaches it).
#[test]
fn noop_differential() {
    check(RunConfig {
        programs_per_device: 16,
        ..RunConfig::new(Backend::Noop, 7, 2000)
    });
    let missing = difftest::missing_outcomes(Backend::Noop, difftest::ops::Models::Both);
    assert!(missing.is_empty(), "pairs that never occurred: {missing:?}");
    // The generator reaches a slot of every probed type holding a real resource (the GPU
    // seeds compare what they reach; soaks on Vulkan fail when one never occurred).
    let unseen = difftest::gpu::unseen_types();
    assert!(unseen.is_empty(), "no probe would find a resource of {unseen:?}");
    // Operations that raise several errors (a range of bad bindings, a write to every level
    // of a destroyed texture) were compared error by error.
    assert!(difftest::gpu::SEVERAL_ERRORS.load(std::sync::atomic::Ordering::Relaxed) > 0);
    // Probes with queue-timeline calls were recorded and submitted.
    assert!(difftest::gpu::USAGE_CALLS.load(std::sync::atomic::Ordering::Relaxed) > 0);
}

/// The initial state of the hand-written programs: one automatic table of 4 slots on a
/// heterogeneous device.
fn one_automatic_table() -> difftest::ops::RefState {
    use difftest::{model::TableSize, ops::RefTable};
    difftest::ops::RefState {
        heterogeneous: true,
        featureless: false,
        tables: vec![RefTable {
            size: TableSize::Slots(4),
            dropped: false,
            featureless: false,
            automatic: true,
        }],
        textures: Vec::new(),
        samplers: Vec::new(),
        buffers: Vec::new(),
        recorded: 0,
        held: false,
    }
}

/// A probe of table 0 of `kind`: one bind group, no other pipeline, the table set first.
fn probe_of_table_0(kind: difftest::ops::ProbeKind) -> difftest::ops::Probe {
    difftest::ops::Probe {
        table: 0,
        kind,
        groups: 1,
        before: None,
        after: None,
        table_first: true,
        auto_layout: false,
        unset: difftest::ops::Unset::No,
        conflict: None,
        call: None,
    }
}

/// `setResourceUsage` on table 0.
fn usage(member: difftest::model::Member, usage: difftest::model::Usage) -> difftest::ops::Op {
    difftest::ops::Op::SetResourceUsage {
        table: 0,
        member,
        usage,
    }
}

/// A 1×1 `R32Uint` texture (sampled and storage, texel 5) in slot 0 and a 16-byte storage
/// buffer (word 0: 9; `uniform` too if asked) inserted in slot 1 of table 0.
fn texture_and_buffer_in_slots_0_and_1(uniform: bool) -> Vec<difftest::ops::Op> {
    use difftest::model::{BufRange, Format, Res, SlotIndex, TexKind, TexShape};
    use difftest::ops::Op;
    vec![
        Op::CreateTexture {
            value: 5,
            shape: TexShape {
                kind: TexKind::D2,
                size: 1,
                mips: 1,
                layers: 1,
                format: Format::R32Uint,
            },
            view: None,
            sampled: true,
            storage: true,
            pin: None,
        },
        Op::CreateBuffer {
            value: 9,
            size: 16,
            storage: true,
            uniform,
            pin: None,
        },
        Op::Update {
            table: 0,
            slot: SlotIndex::At(0),
            res: Res::Texture(0),
        },
        Op::Insert {
            table: 0,
            res: Res::Buffer(0, BufRange::WHOLE),
        },
    ]
}

/// A hand-written program of the standard's automatic model, run on Vulkan and compared
/// with the model: no pins; a texture and a buffer through each usage, probed by compute
/// passes, render passes begun with the table, and bundles that use the pass's table; a
/// write through a `Writable` buffer.
#[test]
fn gpu_automatic_model_program() {
    use difftest::model::{Member, Usage};
    use difftest::ops::{Op, ProbeKind};
    let init = one_automatic_table();
    let submit = |kinds: &[ProbeKind]| Op::Submit {
        probes: kinds.iter().map(|&k| probe_of_table_0(k)).collect(),
        read_back: true,
    };
    let all = [
        ProbeKind::Compute,
        ProbeKind::Render,
        ProbeKind::Bundle,
        ProbeKind::Vertex,
    ];
    let mut program = texture_and_buffer_in_slots_0_and_1(false);
    program.extend([
        submit(&all),
        usage(Member::Texture(0), Usage::None),
        usage(Member::Buffer(0), Usage::None),
        submit(&all),
        usage(Member::Texture(0), Usage::Writable),
        usage(Member::Buffer(0), Usage::Writable),
        Op::WriteThrough { table: 0, value: 77 },
        submit(&all),
        usage(Member::Texture(0), Usage::ReadOnly),
        usage(Member::Buffer(0), Usage::ReadOnly),
        submit(&all),
    ]);
    isolated("gpu_automatic_model_program", || {
        difftest::run_program(Backend::Vulkan, init, program)
    });
}

/// A hand-written program of conflicting usage scopes, run on Vulkan and compared with the
/// model: render passes begun with an automatic table that also bind its texture or buffer
/// outside it (a storage-texture write, a sampled texture, a uniform, read-only and
/// read-write storage buffers), under `ReadOnly` and under `Writable`. Five of the nine hide
/// a slot (the model's `isShaderVisible` per scope); the others leave it visible.
#[test]
fn gpu_automatic_model_conflicting_scopes() {
    use difftest::model::{Conflict, Member, Usage};
    use difftest::ops::{Op, Probe, ProbeKind};
    use std::sync::atomic::Ordering;
    let init = one_automatic_table();
    let with = |kind, conflict| Op::Submit {
        probes: vec![Probe {
            conflict: Some(conflict),
            ..probe_of_table_0(kind)
        }],
        read_back: true,
    };
    let mut program = texture_and_buffer_in_slots_0_and_1(true);
    program.extend([
        // ReadOnly: hidden by writes only.
        with(ProbeKind::Render, Conflict::StorageWrite(0)),
        with(ProbeKind::Render, Conflict::Sampled(0)),
        with(ProbeKind::Bundle, Conflict::StorageReadWrite(0)),
        with(ProbeKind::Vertex, Conflict::Uniform(0)),
        usage(Member::Texture(0), Usage::Writable),
        usage(Member::Buffer(0), Usage::Writable),
        // Writable: hidden by every use but writable storage.
        with(ProbeKind::Render, Conflict::Sampled(0)),
        with(ProbeKind::Render, Conflict::StorageWrite(0)),
        with(ProbeKind::Bundle, Conflict::StorageRead(0)),
        with(ProbeKind::RenderIndirect, Conflict::StorageReadWrite(0)),
        with(ProbeKind::Vertex, Conflict::Uniform(0)),
    ]);
    isolated("gpu_automatic_model_conflicting_scopes", || {
        let (before, hiding) = (
            difftest::gpu::CONFLICTS.load(Ordering::Relaxed),
            difftest::gpu::CONFLICTS_HIDING.load(Ordering::Relaxed),
        );
        difftest::run_program(Backend::Vulkan, init, program);
        assert_eq!(
            (
                difftest::gpu::CONFLICTS.load(Ordering::Relaxed) - before,
                difftest::gpu::CONFLICTS_HIDING.load(Ordering::Relaxed) - hiding,
            ),
            (9, 5),
            "probes with a conflicting use, and those in which the model hid a slot"
        );
    });
}

/// A hand-written program of queue-timeline `set_resource_usage` calls, run on Vulkan and
/// compared with the model: a `None` call in a pass hides the texture from its dispatch and,
/// once submitted, from the next submissions; a `ReadOnly` call on the encoder shows it
/// again; a call after a dispatch changes the command buffers after it, not the dispatch; a
/// `Writable` call before a render pass.
#[test]
fn gpu_automatic_model_usage_calls() {
    use difftest::model::Usage;
    use difftest::ops::{CallAt, Op, Probe, ProbeKind, UsageCall};
    use std::sync::atomic::Ordering;
    let init = one_automatic_table();
    // Member #0 is the texture, #1 the buffer (the candidates are the probed slots' members).
    let call = |kind, n, usage, at| Probe {
        call: Some(UsageCall { n, usage, at }),
        ..probe_of_table_0(kind)
    };
    let submit = |probes: Vec<Probe>| Op::Submit {
        probes,
        read_back: true,
    };
    let plain = probe_of_table_0;
    let mut program = texture_and_buffer_in_slots_0_and_1(false);
    program.extend([
        submit(vec![call(ProbeKind::Compute, 0, Usage::None, CallAt::Pass)]),
        submit(vec![plain(ProbeKind::Compute)]),
        submit(vec![
            call(ProbeKind::ComputeIndirect, 0, Usage::ReadOnly, CallAt::Encoder),
            plain(ProbeKind::Render),
        ]),
        submit(vec![plain(ProbeKind::Compute)]),
        submit(vec![
            call(ProbeKind::Compute, 1, Usage::None, CallAt::AfterDispatch),
            plain(ProbeKind::Compute),
        ]),
        submit(vec![call(ProbeKind::Render, 1, Usage::Writable, CallAt::Encoder)]),
        submit(vec![plain(ProbeKind::Bundle), plain(ProbeKind::Compute)]),
    ]);
    isolated("gpu_automatic_model_usage_calls", || {
        let get = |c: &std::sync::atomic::AtomicU64| c.load(Ordering::Relaxed);
        let before = (
            get(&difftest::gpu::USAGE_CALLS),
            get(&difftest::gpu::CALLS_EITHER),
            get(&difftest::gpu::CALLS_HIDDEN),
        );
        difftest::run_program(Backend::Vulkan, init, program);
        // Every `ReadOnly` or `Writable` call moves its member (one table holds it, which
        // showed it), and `None` calls hide it exactly: none reads hidden where the standard
        // shows it.
        assert_eq!(
            (
                get(&difftest::gpu::USAGE_CALLS) - before.0,
                get(&difftest::gpu::CALLS_EITHER) - before.1,
                get(&difftest::gpu::CALLS_HIDDEN) - before.2,
            ),
            (4, 3, 0),
            "calls, probes in which a called member could read hidden, and did"
        );
        eprintln!("{}", difftest::counters());
    });
}

/// A run of one model on noop: no divergence, and no pair occurs that the coverage check
/// leaves out for that model (an exclusion that is wrong would hide a gap). Counts are per
/// process: each runs alone (`isolated`).
fn noop_of_one_model(models: difftest::ops::Models, seed: u64) {
    check(RunConfig {
        programs_per_device: 16,
        models,
        ..RunConfig::new(Backend::Noop, seed, 400)
    });
    let impossible = difftest::gpu::impossible_seen(Backend::Noop, models);
    assert!(impossible.is_empty(), "{models:?}: {impossible:?}");
}

#[test]
fn noop_differential_of_the_pinned_model() {
    isolated("noop_differential_of_the_pinned_model", || {
        noop_of_one_model(difftest::ops::Models::Pinned, 8)
    });
}

#[test]
fn noop_differential_of_the_automatic_model() {
    isolated("noop_differential_of_the_automatic_model", || {
        noop_of_one_model(difftest::ops::Models::Automatic, 9)
    });
}

/// Shrunk from the program an H200 soak was running when its process aborted: a texture
/// with a queue write pending is sampled by a render pass's bind group in a submission
/// whose other command buffer is invalid (its dispatch finds no table). The submission runs
/// nothing, so the next queue write's barrier must start from the texture's state before it
/// (wgpu took it from the valid command buffer: a validation-layer message).
#[test]
fn gpu_a_failed_submission_leaves_a_pending_write_s_texture_as_it_was() {
    use difftest::model::{Conflict, Format, TexKind, TexShape};
    use difftest::ops::{Op, Probe, ProbeKind, Unset};
    let init = one_automatic_table();
    let program = vec![
        Op::CreateTexture {
            value: 8,
            shape: TexShape {
                kind: TexKind::D2,
                size: 1,
                mips: 1,
                layers: 1,
                format: Format::R32Float,
            },
            view: None,
            sampled: true,
            storage: false,
            pin: None,
        },
        Op::Submit {
            probes: vec![
                Probe {
                    conflict: Some(Conflict::Sampled(0)),
                    ..probe_of_table_0(ProbeKind::RenderIndirect)
                },
                Probe {
                    unset: Unset::Null,
                    ..probe_of_table_0(ProbeKind::Compute)
                },
            ],
            read_back: false,
        },
        Op::WriteTexture { tex: 0, value: 498 },
        Op::Submit {
            probes: vec![probe_of_table_0(ProbeKind::Compute)],
            read_back: true,
        },
    ];
    isolated(
        "gpu_a_failed_submission_leaves_a_pending_write_s_texture_as_it_was",
        || difftest::run_program(Backend::Vulkan, init, program),
    );
}
