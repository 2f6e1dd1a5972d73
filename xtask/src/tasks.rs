//! `cargo xtask test`, `cargo xtask demo` and `cargo xtask check-upstream`.

use std::{
    fs,
    io::{BufRead as _, BufReader, Read},
    path::{Path, PathBuf},
    process::{Command, Stdio},
    thread,
    time::Instant,
};

use anyhow::{bail, Context as _, Result};

use crate::{copycheck, export, pins, queue, util, vulkan};

/// The upstream crates whose own unit tests we run on the patched sources (naga-types and
/// wgpu-naga-bridge ship none; wgpu-hal's need winit and glutin, so our GPU tests cover it).
const UPSTREAM_TESTED: &[&str] = &["naga", "wgpu-types", "wgpu-core", "wgpu", "wgpu-hal"];
/// naga's tests need `std` (its `fs` feature) and cover the front and back ends we patch;
/// wgpu-hal's the Vulkan backend we patch.
const UPSTREAM_FEATURES: &str = "naga/fs,naga/wgsl-in,naga/wgsl-out,naga/spv-in,naga/spv-out,\
                                 naga/glsl-in,naga/glsl-out,naga/hlsl-out,naga/msl-out,wgpu-hal/vulkan";

#[derive(clap::Args, Debug)]
pub struct TestArgs {
    /// Leave out the GPU tests (named `gpu_*`) and the downstream run, for machines without
    /// Vulkan. CI never passes this.
    #[arg(long)]
    no_gpu: bool,
    /// Only our workspace's tests: skip upstream's unit tests and the downstream drop-in builds.
    #[arg(long)]
    quick: bool,
    /// Only the steps whose names contain this text (the Vulkan check and the patch queue's
    /// materialization always run), e.g. `--only rebase` or `--only lock-order`; fails if
    /// none does.
    #[arg(long)]
    only: Option<String>,
}

#[derive(Default, Debug, Clone, Copy)]
struct Counts {
    passed: u64,
    failed: u64,
    skipped: u64,
}

impl std::ops::AddAssign for Counts {
    fn add_assign(&mut self, o: Self) {
        self.passed += o.passed;
        self.failed += o.failed;
        self.skipped += o.skipped;
    }
}

/// Reads "N passed", "N failed", "N skipped"/"N ignored" from a test runner's summary line
/// (nextest's `Summary [...] 3 tests run: 3 passed, 0 skipped`, libtest's
/// `test result: ok. 3 passed; 0 failed; 0 ignored; …`, cts-runner's whole-line
/// `3 passed, 0 failed, 0 skipped`).
fn parse_counts(line: &str) -> Option<Counts> {
    let cts = line.split(", ").count() == 3
        && line.ends_with(" skipped")
        && line
            .split(", ")
            .zip(["passed", "failed", "skipped"])
            .all(|(part, word)| {
                part.split_once(' ')
                    .is_some_and(|(n, w)| w == word && n.parse::<u64>().is_ok())
            });
    if !(cts || line.contains("tests run:") || line.contains("test run:") || line.starts_with("test result:")) {
        return None;
    }
    let words: Vec<&str> = line.split_whitespace().collect();
    let mut counts = Counts::default();
    for pair in words.windows(2) {
        let Ok(n) = pair[0].parse::<u64>() else { continue };
        let word = pair[1].trim_end_matches([',', ';']);
        match word {
            "passed" => counts.passed += n,
            "failed" => counts.failed += n,
            "skipped" | "ignored" => counts.skipped += n,
            _ => {}
        }
    }
    Some(counts)
}

/// Runs `cmd`, echoing its output, and adds up the test counts of its summary lines.
fn run_counting(cmd: &mut Command) -> Result<(bool, Counts)> {
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .context("starting a test runner")?;
    fn pump(stream: impl Read + Send + 'static, to_stderr: bool) -> thread::JoinHandle<Counts> {
        thread::spawn(move || {
            let mut counts = Counts::default();
            for line in BufReader::new(stream).lines().map_while(Result::ok) {
                if to_stderr {
                    eprintln!("{line}");
                } else {
                    println!("{line}");
                }
                if let Some(c) = parse_counts(&line) {
                    counts += c;
                }
            }
            counts
        })
    }
    let out = pump(child.stdout.take().unwrap(), false);
    let err = pump(child.stderr.take().unwrap(), true);
    let status = child.wait()?;
    let mut counts = out.join().unwrap();
    counts += err.join().unwrap();
    Ok((status.success(), counts))
}

/// A throwaway build's cargo (the drop-in programs, the consumers): debug information of
/// line tables only, as our workspace's profile has (theirs would default to full debug
/// information, a good part of their build time).
pub(crate) fn cargo_throwaway() -> Command {
    let mut cmd = cargo();
    cmd.env("CARGO_PROFILE_DEV_DEBUG", "line-tables-only");
    cmd
}

pub(crate) fn cargo() -> Command {
    let mut cmd = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    if in_ci() {
        // A clean clone never reuses incremental state, and it costs gigabytes of disk.
        cmd.env("CARGO_INCREMENTAL", "0");
    }
    cmd
}

fn in_ci() -> bool {
    std::env::var_os("CI").is_some_and(|v| !v.is_empty())
}

/// In CI, drops a throwaway build directory once its step is done, so that the later steps
/// have the disk (each throwaway workspace builds wgpu again, several gigabytes).
fn drop_in_ci(dir: &Path) {
    if in_ci() {
        let _ = std::fs::remove_dir_all(dir);
    }
}

struct Report {
    /// Each step's name, whether it passed, its seconds, and why it failed (its error and the
    /// disk left then: a full disk shows as any command failing).
    steps: Vec<(String, bool, f64, Option<String>)>,
    counts: Counts,
    /// The repository, whose file system's free space a failed step reports.
    root: PathBuf,
    /// `--only`: the steps to run, by a part of their names.
    only: Option<String>,
    /// Whether `--only` selected a step.
    matched: bool,
}

impl Report {
    /// Runs the step unless `--only` leaves it out (then it counts as passed, unreported).
    fn step(&mut self, name: &str, f: impl FnOnce(&mut Counts) -> Result<()>) -> bool {
        if self.only.as_ref().is_some_and(|only| !name.contains(only.as_str())) {
            return true;
        }
        self.matched = true;
        self.run_step(name, f)
    }

    /// Runs the step whatever `--only` says: the later steps need it.
    fn run_step(&mut self, name: &str, f: impl FnOnce(&mut Counts) -> Result<()>) -> bool {
        println!("\n==> {name}");
        let start = Instant::now();
        let mut counts = Counts::default();
        let result = f(&mut counts);
        let ok = match &result {
            Ok(()) => counts.failed == 0,
            Err(e) => {
                eprintln!("xtask: {name}: {e:#}");
                false
            }
        };
        if !ok && counts.failed == 0 {
            // A step that broke without a test runner's count is one failed check.
            counts.failed = 1;
        }
        let why = (!ok).then(|| {
            let mut why = match &result {
                Err(e) => util::one_line(&format!("{e:#}"), 600),
                Ok(()) => format!("{} failed (see above)", counts.failed),
            };
            if let Some(gib) = util::free_disk_gib(&self.root) {
                why.push_str(&format!(" [disk: {gib:.1} GiB free]"));
            }
            why
        });
        self.counts += counts;
        self.steps
            .push((name.to_string(), ok, start.elapsed().as_secs_f64(), why));
        ok
    }
}

/// A release other than the pinned one that the series must move to (`xtask rebase`): the
/// previous release, whose sources differ from the pinned ones (wgpu-core's `Send`/`Sync`
/// checks, registry ids and buffer destruction). Move it along when the pins move.
const REBASE_PROBE: &str = "30.0.1";

/// The conflicts moving to [`REBASE_PROBE`] is expected to stop at, as (crate, file): code
/// of the pinned release that the probe's release lacks and the series wires into. 30.0.2's
/// compile-time `Send`/`Sync` check of `Hub` lists every registry, the table registry too;
/// 30.0.1 has no such check. Any other conflict fails the probe.
const PROBE_CONFLICTS: &[(&str, &str)] = &[("wgpu-core", "src/hub.rs")];

/// Clones the committed repository, moves its series to [`REBASE_PROBE`] with its own
/// `cargo xtask rebase`, and checks that the workspace builds on the rebased crates (in this
/// repository's target folder, so that only what differs is rebuilt). The conflicts of
/// [`PROBE_CONFLICTS`] are resolved as a user would, hunk by hunk in favour of the release
/// (`git merge-file --ours`), through `git rebase --continue` and `xtask rebase --continue`:
/// the probe walks the conflict path too.
fn rebase_probe(root: &Path) -> Result<()> {
    let clone = root.join("target/rebase/repo");
    util::remove_dir_if_exists(&clone)?;
    fs::create_dir_all(clone.parent().unwrap())?;
    util::run(Command::new("git").args(["clone", "--quiet"]).arg(root).arg(&clone))?;
    let xtask = |args: &[&str]| {
        cargo()
            .current_dir(&clone)
            .arg("xtask")
            .args(args)
            // Its own: the clone's xtask must not replace this one's binary.
            .env("CARGO_TARGET_DIR", root.join("target/rebase/xtask"))
            .status()
            .context("running cargo xtask in the clone")
            .map(|s| s.success())
    };
    let clean = xtask(&["rebase", REBASE_PROBE])?;
    // Every tree the rebase left stopped, whatever crate: each of its conflicts must be one
    // of the expected ones, and together they must be all of them (a conflict that went
    // away means the list, and the conflict path it walks, are stale).
    let mut resolved = Vec::new();
    for entry in fs::read_dir(clone.join("patched"))? {
        let tree = entry?.path();
        let name = tree
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        resolved.extend(queue::resolve_for_release(&tree, |file| {
            PROBE_CONFLICTS.contains(&(name.as_str(), file))
        })?);
    }
    // A file may conflict in more than one patch.
    resolved.sort();
    resolved.dedup();
    let mut expected = PROBE_CONFLICTS
        .iter()
        .map(|(krate, file)| format!("{krate}:{file}"))
        .collect::<Vec<_>>();
    expected.sort();
    if resolved != expected {
        bail!(
            "moving to {REBASE_PROBE} conflicted in [{}], expected [{}] (PROBE_CONFLICTS){}",
            resolved.join(", "),
            expected.join(", "),
            if clean { "" } else { "; the rebase's own error is above" }
        );
    }
    if !resolved.is_empty() {
        println!(
            "xtask: rebase probe: resolved {} in favour of {REBASE_PROBE}",
            resolved.join(", ")
        );
        if !xtask(&["rebase", "--continue"])? {
            bail!("cargo xtask rebase --continue in the clone failed (above)");
        }
    }
    util::run(
        cargo()
            .current_dir(&clone)
            .args(["check", "--quiet", "--all-targets"])
            .env("CARGO_TARGET_DIR", root.join("target")),
    )
    .context("the workspace on the rebased crates")
}

pub fn test(root: &Path, args: &TestArgs) -> Result<()> {
    let mut report = Report {
        steps: Vec::new(),
        counts: Counts::default(),
        root: root.to_path_buf(),
        only: args.only.clone(),
        matched: false,
    };
    if let Some(gib) = util::free_disk_gib(root) {
        // Each step's throwaway build folders take several GiB (`drop_in_ci`).
        println!("xtask: {gib:.1} GiB of disk free at the start");
    }
    let mut gpu_env = Vec::new();
    if !args.no_gpu {
        let ready = report.run_step("Vulkan: lavapipe (Mesa >= 25), validation layer, spirv-val", |_| {
            let vk = vulkan::ensure(true)?;
            println!(
                "lavapipe: {} (Mesa {})",
                vk.lavapipe_icd.display(),
                vk.mesa_version.as_deref().unwrap_or("version unknown")
            );
            gpu_env = vk.env();
            Ok(())
        });
        if !ready {
            bail!("cannot run the GPU tests; `--no-gpu` leaves them out");
        }
        // The Dawn scenarios (a GPU test) compare with Dawn through node: without it, that
        // test fails and the others run.
        report.run_step("Dawn (npm webgpu, for the Dawn scenarios)", |_| {
            crate::dawn::ensure(root)
        });
    }
    if !report.run_step("materialize the patched crates", |_| {
        crate::patch(root, false).map(drop)
    }) {
        bail!("the patch queue does not apply");
    }
    report.step("patch queue round trip (save --check)", |counts| {
        for q in crate::queues(root)? {
            let diffs = q.save(None, true)?;
            if diffs.is_empty() {
                counts.passed += 1;
            } else {
                for d in diffs {
                    eprintln!("{}: {}", q.name, d.0);
                }
                counts.failed += 1;
            }
        }
        Ok(())
    });
    report.step("no upstream source committed", |counts| {
        check_upstream(root, true)?;
        counts.passed += 2;
        Ok(())
    });
    report.step("xtask unit tests", |counts| {
        let (ok, c) = run_counting(
            cargo()
                .args(["test", "--quiet", "--manifest-path"])
                .arg(root.join("xtask/Cargo.toml")),
        )?;
        *counts = c;
        if !ok {
            bail!("xtask's tests failed");
        }
        Ok(())
    });
    report.step(
        "rustfmt and clippy (our crates; the patched crates formatted as upstream, clippy on our modules there)",
        |counts| {
            style(root)?;
            counts.passed += 1;
            Ok(())
        },
    );
    // Every test build (our tests, the conformance runner, the demo, upstream's unit tests)
    // has wgpu-core's lock-order checks on, as upstream's own tree does for its debug
    // builds: one build of the whole graph instead of two. The drop-in steps build the
    // crates as users do.
    let locks = locks_env();
    // `cargo nextest run` of the workspace (or `filter`), with the GPU and lock-order
    // environment and `extra_env`; counts into `counts`, fails with `failure`.
    let nextest = |counts: &mut Counts, filter: &[&str], extra_env: &[(&str, &str)], failure: &str| -> Result<()> {
        let mut cmd = cargo();
        // Without `-p` in `filter`: the default members, our crates (the patched upstream
        // crates are members too).
        cmd.current_dir(root)
            .args(["nextest", "run", "--no-fail-fast", "--color", "never"])
            .args(filter)
            .envs(gpu_env.iter().cloned())
            .envs(locks.iter().cloned())
            .envs(extra_env.iter().copied());
        let (ok, c) = run_counting(&mut cmd)?;
        *counts = c;
        if !ok {
            bail!("{failure}");
        }
        Ok(())
    };
    report.step(
        "workspace tests (GPU tests on Vulkan, validation layer on, lock-order checks on)",
        |counts| {
            let filter: &[&str] = if args.no_gpu { &["-E", "not test(/gpu_/)"] } else { &[] };
            nextest(counts, filter, &[], "workspace tests failed")
        },
    );
    if !args.no_gpu {
        report.step(
            "GPU tests again with the miss report on (WGPU_RESOURCE_TABLE_DIAGNOSTICS=1: the rewritten shaders read and write the same, layer clean)",
            |counts| {
                nextest(
                    counts,
                    &["-p", "wgpu-core-ext", "-p", "hal-ext", "-E", "test(/gpu_/)"],
                    &[("WGPU_RESOURCE_TABLE_DIAGNOSTICS", "1")],
                    "GPU tests with the miss report on failed",
                )
            },
        );
    }
    report.step("wgpu-core's lock-order tests (a wrong order panics)", |counts| {
        // Compiled only with the cfg, so they also show that it took effect.
        let mut cmd = cargo();
        cmd.current_dir(root)
            .args([
                "nextest",
                "run",
                "--no-fail-fast",
                "--color",
                "never",
                "-p",
                "wgpu-core",
            ])
            .args(["-E", "test(/lock_order/)"])
            .envs(locks.iter().cloned());
        let (ok, c) = run_counting(&mut cmd)?;
        *counts = c;
        if !ok || c.passed < 2 {
            bail!(
                "wgpu-core's lock-order tests did not run and pass under the cfg ({} passed)",
                c.passed
            );
        }
        Ok(())
    });
    report.step("conformance suite (cts-runner 'bindless,*')", |counts| {
        let out = root.join("target").join("cts");
        std::fs::create_dir_all(&out)?;
        let mut cmd = Command::new(workspace_bin(root, &locks, "cts-runner")?);
        cmd.current_dir(root)
            .args(["bindless,*", "--quiet"])
            .arg("--junit")
            .arg(out.join("junit.xml"))
            .arg("--json")
            .arg(out.join("report.json"))
            .envs(gpu_env.iter().cloned())
            .envs(locks.iter().cloned());
        if args.no_gpu {
            cmd.args(["--backend", "noop"]);
        }
        let (ok, c) = run_counting(&mut cmd)?;
        *counts = c;
        if !ok {
            bail!("conformance failures (reports in target/cts/)");
        }
        Ok(())
    });
    if !args.no_gpu {
        report.step(
            "demo trace: a recorded frame replays to the demo's image (player)",
            |counts| {
                let out = root.join("target").join("demo-trace");
                let _ = std::fs::remove_dir_all(&out);
                std::fs::create_dir_all(&out)?;
                let (trace, demo, replayed) = (out.join("trace"), out.join("demo.png"), out.join("replay.png"));
                let run = |bin: &str| -> Result<Command> {
                    let mut cmd = Command::new(workspace_bin(root, &locks, bin)?);
                    cmd.current_dir(root).envs(gpu_env.iter().cloned());
                    Ok(cmd)
                };
                util::run(
                    run("bindless-demo")?
                        .args(["--frames", "1", "--no-validation", "--out"])
                        .arg(&demo)
                        .arg("--trace")
                        .arg(&trace),
                )?;
                util::run(
                    run("player")?
                        .arg("replay")
                        .arg(&trace)
                        .args(["--validation", "--quiet", "--screenshot", "frame"])
                        .arg(&replayed),
                )?;
                util::run(run("player")?.arg("diff").arg(&replayed).arg(&demo))?;
                counts.passed += 1;
                Ok(())
            },
        );
    }
    report.step("benchmarks compile (cargo check --benches)", |counts| {
        util::run(cargo().current_dir(root).args(["check", "--quiet", "--benches"]))?;
        counts.passed += 1;
        Ok(())
    });
    if !args.quick {
        report.step(
            &format!("the series moves: `xtask rebase {REBASE_PROBE}` in a clone builds (cargo check --all-targets)"),
            |counts| {
                rebase_probe(root)?;
                counts.passed += 1;
                Ok(())
            },
        );
        // Dropped after the step, so that a failed step's summary gives the disk it had.
        drop_in_ci(&root.join("target/rebase"));
        report.step("upstream unit tests on the patched crates", |counts| {
            let mut cmd = cargo();
            cmd.current_dir(root)
                .args(["nextest", "run", "--lib", "--no-fail-fast", "--color", "never"])
                .args(["--features", UPSTREAM_FEATURES])
                .envs(locks.iter().cloned());
            for name in UPSTREAM_TESTED {
                cmd.args(["-p", name]);
            }
            let (ok, c) = run_counting(&mut cmd)?;
            *counts = c;
            if !ok {
                bail!("upstream unit tests failed on the patched crates");
            }
            Ok(())
        });
        report.step(
            "semver: cargo semver-checks of every patched crate vs crates.io (no major change)",
            |counts| {
                counts.passed += crate::semver::check(root)?;
                Ok(())
            },
        );
        if !args.no_gpu {
            report.step(
                "downstream drop-in: a project patched by export --into vs the crates.io release",
                |counts| downstream(root, &gpu_env, counts),
            );
            drop_in_ci(&root.join("target/downstream/target"));
            report.step(
                "published consumers (wgpu-info, naga_oil, wgpu-profiler, glyphon) on the patched crates",
                |counts| {
                    counts.passed += crate::consumers::check(root, &gpu_env)?;
                    Ok(())
                },
            );
            drop_in_ci(&root.join("target/consumers/target"));
        }
        // Last: it builds in a target folder of its own, which nothing after it needs.
        report.step("every prefix of every series builds (xtask check-series)", |counts| {
            let (checked, failed) = crate::series::check_counting(root, None)?;
            counts.passed += (checked - failed) as u64;
            counts.failed += failed as u64;
            if failed > 0 {
                bail!("{failed} of {checked} prefixes do not build");
            }
            Ok(())
        });
        drop_in_ci(&root.join("target/series"));
    }

    println!("\n==> summary");
    for (name, ok, secs, why) in &report.steps {
        println!("{} {name} ({secs:.0} s)", if *ok { "ok  " } else { "FAIL" });
        if let Some(why) = why {
            println!("       why: {why}");
        }
    }
    let c = report.counts;
    println!(
        "summary: {} passed, {} failed, {} skipped",
        c.passed, c.failed, c.skipped
    );
    if report.steps.iter().any(|(_, ok, _, _)| !ok) {
        bail!("some steps failed");
    }
    if let (Some(only), false) = (&args.only, report.matched) {
        bail!("--only {only:?} matched no step");
    }
    Ok(())
}

/// The path of `bin`, one of our crates' binaries, built as the workspace tests build it: the
/// default members with their tests (so with dev-dependencies' features too) and `env`, which
/// after the workspace tests builds nothing. `cargo run -p <crate>` would unify features over
/// that crate alone, and so build wgpu-core and wgpu once more for each binary. (Each binary
/// is still checked alone by clippy's `--all-targets` build of our crates.)
fn workspace_bin(root: &Path, env: &[(String, String)], bin: &str) -> Result<PathBuf> {
    let out = util::output(
        cargo()
            .current_dir(root)
            .args(["build", "--quiet", "--bins", "--tests", "--message-format=json"])
            .envs(env.iter().cloned()),
    )?;
    // The executable as cargo reports it: wherever the target folder is.
    String::from_utf8_lossy(&out)
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        // (`--tests` also builds each binary as a test harness: not that one.)
        .filter(|m| m["reason"] == "compiler-artifact" && m["target"]["name"] == bin && m["profile"]["test"] == false)
        .filter(|m| {
            m["target"]["kind"]
                .as_array()
                .is_some_and(|k| k.iter().any(|k| k == "bin"))
        })
        .find_map(|m| m["executable"].as_str().map(PathBuf::from))
        .with_context(|| format!("`cargo build --bins --tests` reported no binary `{bin}`"))
}

/// `RUSTFLAGS` with `--cfg wgpu_validate_locks`: wgpu-core then uses its ranked locks, which
/// panic at any acquisition that `lock::rank` does not allow, and at any release out of
/// stack order.
fn locks_env() -> Vec<(String, String)> {
    let mut flags = std::env::var("RUSTFLAGS").unwrap_or_default();
    flags.push_str(" --cfg wgpu_validate_locks");
    vec![("RUSTFLAGS".to_string(), flags.trim().to_string())]
}

/// Our crates (the workspace's default members).
const OUR_CRATES: [&str; 7] = [
    "wgpu-core-ext",
    "hal-ext",
    "naga-ext",
    "player",
    "cts-runner",
    "difftest",
    "dawn-scenarios",
];

/// The patched crates that carry modules of ours (new files of their patches).
const PATCHED_WITH_MODULES: [&str; 5] = ["wgpu-core", "wgpu-hal", "naga", "wgpu", "wgpu-types"];

/// rustfmt and clippy, warnings denied, on our crates and xtask; and on the patched crates,
/// rustfmt with upstream's settings (rustfmt's defaults: our lines there read as upstream's)
/// and clippy, failing on a warning in one of our modules: upstream's own files keep
/// upstream's lint state, which a newer clippy may not find clean.
pub fn style(root: &Path) -> Result<()> {
    let packages = |cmd: &mut Command, names: &[&str]| {
        for name in names {
            cmd.args(["-p", name]);
        }
    };
    let mut fmt = cargo();
    fmt.current_dir(root).args(["fmt", "--check"]);
    packages(&mut fmt, &OUR_CRATES);
    util::run(&mut fmt)?;
    util::run(cargo().current_dir(root.join("xtask")).args(["fmt", "--check"]))?;
    let mut clippy = cargo();
    clippy
        .current_dir(root)
        .args(["clippy", "--quiet", "--all-targets", "--no-deps"]);
    packages(&mut clippy, &OUR_CRATES);
    util::run(clippy.args(["--", "-D", "warnings"]))?;
    util::run(cargo().current_dir(root.join("xtask")).args([
        "clippy",
        "--quiet",
        "--all-targets",
        "--",
        "-D",
        "warnings",
    ]))?;
    // Our modules in the patched trees, as paths cargo prints (relative to the workspace);
    // and every patched crate that carries any of our lines, formatted as upstream formats
    // it: rustfmt's defaults (upstream's rustfmt.toml is empty; ours, above the trees, must
    // not apply), the crate's edition. That covers our hunks in upstream files too.
    let defaults = root.join("target/xtask/rustfmt-defaults/rustfmt.toml");
    fs::create_dir_all(defaults.parent().unwrap())?;
    fs::write(&defaults, "# rustfmt's defaults, as upstream formats its crates\n")?;
    let mut ours = Vec::new();
    for q in crate::queues(root)? {
        for rel in q.our_files()? {
            let path = q.tree.join(&rel);
            ours.push(
                path.strip_prefix(root)
                    .unwrap_or(&path)
                    .to_string_lossy()
                    .replace('\\', "/"),
            );
        }
        if !q.tree.join("src/lib.rs").exists() || !q.has_patches()? {
            continue;
        }
        let edition = util::package_field(&q.tree, "edition")?.unwrap_or_else(|| "2015".into());
        util::run(
            Command::new("rustfmt")
                .current_dir(&q.tree)
                .args(["--check", "--edition", &edition, "--config-path"])
                .arg(&defaults)
                .arg("src/lib.rs")
                .stdin(std::process::Stdio::null()),
        )
        .with_context(|| format!("rustfmt of patched/{} (fix in the patch that adds the lines)", q.name))?;
    }
    let mut clippy = cargo();
    clippy
        .current_dir(root)
        .args(["clippy", "--quiet", "--no-deps", "--message-format=json"])
        .stdin(std::process::Stdio::null());
    // Our crates too, so that the features they enable (naga's HLSL writer, wgpu-core's
    // trace and replay) compile our modules behind them; their own warnings are the
    // strict step's above. Lints are capped at warnings: a newer clippy's deny-by-default
    // lint in an upstream file must not stop the step.
    packages(&mut clippy, &PATCHED_WITH_MODULES);
    packages(&mut clippy, &OUR_CRATES);
    clippy.args(["--", "--cap-lints", "warn"]);
    let out = clippy.output().context("running clippy on the patched crates")?;
    if !out.status.success() {
        bail!(
            "clippy failed on the patched crates:\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let mut warned = Vec::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let Ok(message) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        let message = &message["message"];
        if message["level"] != "warning" {
            continue;
        }
        let primary = message["spans"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|s| s["is_primary"] == true);
        let Some(file) = primary.and_then(|s| s["file_name"].as_str()) else {
            continue;
        };
        if ours.iter().any(|p| p == file) {
            warned.push(message["rendered"].as_str().unwrap_or(file).to_string());
        }
    }
    if !warned.is_empty() {
        bail!(
            "clippy warnings in our modules of the patched crates:\n{}",
            warned.join("\n")
        );
    }
    Ok(())
}

/// Builds the smoke program as a crate outside the workspace, patched the way the README
/// tells users to (`cargo xtask export --into`: the project's `.cargo/config.toml`, its
/// `Cargo.toml` untouched), runs it on Vulkan and checks its verdict, and runs the README's
/// example there too; then builds the smoke program against the unpatched crates.io release
/// and requires identical output, byte for byte (checksums of the GPU's results included).
fn downstream(root: &Path, gpu_env: &[(String, String)], counts: &mut Counts) -> Result<()> {
    let work = root.join("target/downstream");
    let smoke = root.join("wgpu-core-ext/src/bin/smoke.rs");
    let readme = root.join("wgpu-core-ext/examples/readme.rs");
    let wgpu = crate::pins::load(root)?
        .into_iter()
        .find(|p| p.name == "wgpu")
        .context("upstream/Cargo.toml pins no wgpu")?
        .version;
    let project = |name: &str, bins: &[(&str, &Path)]| -> Result<PathBuf> {
        let dir = work.join(name);
        util::remove_dir_if_exists(&dir)?;
        fs::create_dir_all(&dir)?;
        let bins: String = bins
            .iter()
            .map(|(bin, path)| format!("[[bin]]\nname = \"{bin}\"\npath = {path:?}\n\n"))
            .collect();
        fs::write(
            dir.join("Cargo.toml"),
            format!(
                "[package]\nname = \"downstream-{name}\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
                 [workspace]\n\n{bins}[dependencies]\nwgpu = \"={wgpu}\"\npollster = \"0.4\"\nlog = \"0.4\"\n"
            ),
        )?;
        Ok(dir)
    };
    let run = |dir: &Path, bin: &str| -> Result<String> {
        let out = util::output(
            cargo_throwaway()
                .current_dir(dir)
                .args(["run", "--quiet", "--bin", bin])
                .env("CARGO_TARGET_DIR", work.join("target"))
                .env("WGPU_VALIDATION", "1")
                .envs(gpu_env.iter().cloned()),
        )
        .with_context(|| format!("{bin} in {}", dir.display()))?;
        let text = String::from_utf8(out)?;
        print!("{text}");
        Ok(text)
    };
    let patched = project("patched", &[("smoke", &smoke), ("readme", &readme)])?;
    export::export_into(root, &patched)?;
    let smoke_patched = run(&patched, "smoke")?;
    if !smoke_patched.lines().any(|l| l == "smoke: OK") {
        bail!("the downstream program did not verify its results");
    }
    counts.passed += 1;
    // The example asserts the texels it reads; this is what it prints after.
    let example = run(&patched, "readme")?;
    let expected = "[1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 0.0, 1.0, 1.0, -1.0, -1.0, -1.0, -1.0]\n";
    if example != expected {
        bail!("the README's example, built with `export --into`, printed {example:?}, not {expected:?}");
    }
    counts.passed += 1;
    let unpatched = project("unpatched", &[("smoke", &smoke)])?;
    let smoke_unpatched = run(&unpatched, "smoke")?;
    if smoke_unpatched != smoke_patched {
        bail!("patched and unpatched wgpu print different results:\n{smoke_unpatched}\nvs\n{smoke_patched}");
    }
    counts.passed += 1;
    Ok(())
}

/// `cargo xtask demo`: for now the smoke program on Vulkan with validation on.
pub fn demo(root: &Path) -> Result<()> {
    let vk = vulkan::ensure(true)?;
    crate::patch(root, false)?;
    util::run(
        cargo()
            .current_dir(root)
            .args([
                "run",
                "--quiet",
                "--release",
                "-p",
                "wgpu-core-ext",
                "--bin",
                "bindless-demo",
                "--",
            ])
            .arg("--out")
            .arg(root.join("bindless.png"))
            .envs(vk.env()),
    )
}

/// The benchmarks `cargo xtask bench` runs, each with its section of the benchmarks page
/// (`<!-- bench:NAME -->` … `<!-- /bench:NAME -->`).
pub const BENCHES: &[&str] = &[
    "cpu_cost",
    "conflict_cost",
    "slot_updates",
    "shader_cost",
    "miss_report",
];

/// The page `cargo xtask bench --write` writes.
const BENCH_PAGE: &str = "docs/src/benchmarks.md";

/// `cargo xtask bench`: runs the benchmarks (or `only` one) on lavapipe, each in one process,
/// with `args`; with `write`, puts each one's output between its markers on the benchmarks page.
pub fn bench(root: &Path, only: Option<&str>, write: bool, args: &[String]) -> Result<()> {
    let vk = vulkan::ensure(true)?;
    crate::patch(root, false)?;
    if let Some(name) = only {
        if !BENCHES.contains(&name) {
            bail!("no benchmark {name:?}: {BENCHES:?}");
        }
    }
    for name in BENCHES.iter().filter(|n| only.is_none_or(|o| o == **n)) {
        let output = cargo()
            .current_dir(root)
            .args(["bench", "--quiet", "-p", "wgpu-core-ext", "--bench", name, "--"])
            .args(args)
            .envs(vk.env())
            .stderr(Stdio::inherit())
            .output()
            .with_context(|| format!("running the {name} benchmark"))?;
        let table = String::from_utf8(output.stdout).context("benchmark output")?;
        print!("{table}");
        if !output.status.success() {
            bail!("the {name} benchmark failed ({})", output.status);
        }
        if write {
            let path = root.join(BENCH_PAGE);
            let text = fs::read_to_string(&path)?;
            let (begin, end) = (format!("<!-- bench:{name} -->\n"), format!("<!-- /bench:{name} -->"));
            let start = text
                .find(&begin)
                .with_context(|| format!("{BENCH_PAGE} has no {begin:?} marker"))?
                + begin.len();
            let stop = start
                + text[start..]
                    .find(&end)
                    .with_context(|| format!("{BENCH_PAGE} has no {end:?} marker"))?;
            fs::write(&path, format!("{}{}{}", &text[..start], table, &text[stop..]))?;
            println!("xtask: {BENCH_PAGE}'s {name} table updated");
        }
    }
    Ok(())
}

/// `cargo xtask install-player`: `cargo install` of the player from this workspace, whose
/// `[patch.crates-io]` gives it the patched crates.
pub fn install_player(root: &Path, args: &[String]) -> Result<()> {
    crate::patch(root, false)?;
    util::run(
        cargo()
            .current_dir(root)
            .args(["install", "--locked", "--path", "player"])
            .args(args),
    )
}

fn upstream_roots(root: &Path) -> Result<Vec<PathBuf>> {
    Ok(pins::all_pristine(root)?.into_iter().map(|(_, dir)| dir).collect())
}

/// `cargo xtask check-upstream`.
pub fn check_upstream(root: &Path, self_test: bool) -> Result<()> {
    // The trees as the queue makes them, for the final text of our files.
    let queues = crate::patch(root, false)?;
    let upstream = copycheck::Upstream::index(&upstream_roots(root)?)?;
    let mut files = copycheck::committed_files(root)?;
    // Our files as the whole series leaves them: a patch carries only what it adds to a
    // file an earlier patch created, and the rules on whole files (near copy) need the
    // whole text.
    for q in &queues {
        for rel in q.our_files()? {
            if let Ok(text) = fs::read_to_string(q.tree.join(&rel)) {
                files.push((format!("patched/{}/{rel} (the series' final text)", q.name), text));
            }
        }
    }
    let findings = copycheck::check_all(&upstream, files.iter().map(|(n, t)| (n.as_str(), t.as_str())));
    for f in &findings {
        println!("{}: {}", f.file, f.reason);
    }
    println!(
        "check-upstream: {} files checked, {} upstream copies",
        files.len(),
        findings.len()
    );
    if !findings.is_empty() {
        bail!("committed files copy upstream source: keep patches, never copies");
    }
    if self_test {
        // Plant real upstream text and make sure it is caught: a whole file, and a block
        // inside a file of ours.
        let pristine = pins::all_pristine(root)?;
        let (_, types) = pristine
            .iter()
            .find(|(p, _)| p.name == "wgpu-types")
            .context("wgpu-types is pinned")?;
        let planted = fs::read_to_string(types.join("src/lib.rs"))?;
        let block: String = planted
            .lines()
            .skip(planted.lines().count() / 2)
            .take(120)
            .collect::<Vec<_>>()
            .join("\n");
        let ours = fs::read_to_string(root.join("xtask/src/queue.rs"))?;
        let mixed = format!("{ours}\n{block}\n");
        let caught = copycheck::check_all(
            &upstream,
            [
                ("planted/lib.rs", planted.as_str()),
                ("planted/mixed.rs", mixed.as_str()),
            ],
        );
        if caught.len() != 2 {
            bail!("the upstream check missed planted upstream text: caught only {caught:?}");
        }
        println!("check-upstream: self-test caught both planted copies");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::parse_counts;

    #[test]
    fn nextest_summary() {
        let c = parse_counts("     Summary [   1.234s] 12 tests run: 10 passed, 2 failed, 3 skipped").unwrap();
        assert_eq!((c.passed, c.failed, c.skipped), (10, 2, 3));
        let c = parse_counts("     Summary [   0.100s] 1 test run: 1 passed, 0 skipped").unwrap();
        assert_eq!((c.passed, c.failed, c.skipped), (1, 0, 0));
    }

    #[test]
    fn libtest_summary() {
        let c = parse_counts("test result: ok. 7 passed; 0 failed; 1 ignored; 0 measured; 0 filtered out").unwrap();
        assert_eq!((c.passed, c.failed, c.skipped), (7, 0, 1));
    }

    #[test]
    fn cts_runner_summary() {
        let c = parse_counts("131 passed, 2 failed, 1 skipped").unwrap();
        assert_eq!((c.passed, c.failed, c.skipped), (131, 2, 1));
    }

    #[test]
    fn other_lines_are_not_summaries() {
        assert!(parse_counts("test foo ... ok").is_none());
        assert!(parse_counts("3 passed").is_none());
        assert!(parse_counts("PASS a:b:c=1, d passed, 2 skipped").is_none());
    }
}
