//! `cargo xtask`: the task runner of wgpu-bindless.

mod consumers;
mod copycheck;
mod dawn;
mod export;
mod pins;
mod queue;
mod semver;
mod series;
mod tasks;
mod util;
mod vulkan;

use std::{path::PathBuf, process::ExitCode};

use anyhow::{bail, Result};
use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "cargo xtask", about = "wgpu-bindless task runner", version)]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Materialize the patched upstream crates into `patched/` (only what changed).
    Patch {
        /// Rebuild even over edits in `patched/` that were never saved.
        #[arg(long)]
        force: bool,
    },
    /// Move the patch series to another release of the upstream crates: repin them at
    /// VERSION, replay each crate's series onto the new sources with three-way merges, and
    /// save. A conflict stops in `patched/<crate>`: resolve it there, `git rebase
    /// --continue`, then `cargo xtask rebase --continue`.
    Rebase {
        /// The release to move to (all pinned crates, e.g. `30.0.0`).
        #[arg(required_unless_present = "continue_")]
        version: Option<String>,
        /// Finish a rebase whose conflicts were resolved.
        #[arg(long = "continue")]
        continue_: bool,
    },
    /// Write edits made in `patched/<crate>` back to the patch queue.
    Save {
        /// Only this crate (default: all).
        #[arg(long = "crate")]
        krate: Option<String>,
        /// Commit message for uncommitted edits (they become a new patch).
        #[arg(short, long)]
        message: Option<String>,
        /// Write nothing; fail if saving would change the repository.
        #[arg(long)]
        check: bool,
    },
    /// Copy the patched crates to DIR and print the `[patch.crates-io]` lines to use them; or,
    /// with `--into PROJECT`, copy them into the project's `.cargo/wgpu-bindless/` and write
    /// (or, on a later run, update) those lines in its `.cargo/config.toml`.
    Export {
        /// Where to copy the crates (the lines are printed, to paste).
        #[arg(required_unless_present = "into", conflicts_with = "into")]
        dir: Option<PathBuf>,
        /// A Cargo project (or workspace) to patch: its `Cargo.toml` stays as it is.
        #[arg(long, value_name = "PROJECT")]
        into: Option<PathBuf>,
    },
    /// Check for (and, as root on Debian, install) lavapipe, the validation layer, spirv-val,
    /// and install cargo-semver-checks and Dawn (npm's `webgpu`, for the Dawn scenarios).
    Setup,
    /// cargo-semver-checks on every patched crate against its crates.io release: no major
    /// change may remain (drop-in).
    Semver,
    /// Build published wgpu 30 / naga 30 crates (wgpu-info, naga_oil, wgpu-profiler, glyphon)
    /// against the exported crates and run them headless on lavapipe.
    Consumers,
    /// Build every prefix of every crate's patch series (`cargo check` of the crate at each
    /// commit, the other crates whole): each patch must stand on the ones before it.
    CheckSeries {
        /// Only this crate (default: all).
        #[arg(long = "crate")]
        krate: Option<String>,
    },
    /// Fail if a committed file is an upstream file or a near copy of one.
    CheckUpstream {
        /// Also plant real upstream text in memory and make sure the check catches it.
        #[arg(long)]
        self_test: bool,
    },
    /// rustfmt and clippy, warnings denied, on our crates, xtask and our modules in the
    /// patched crates (a step of `test`).
    Style,
    /// Run every test: the patch queue, our crates, upstream's unit tests, GPU tests on
    /// lavapipe with the validation layer, and a downstream drop-in build.
    Test(tasks::TestArgs),
    /// Benchmarks on lavapipe (release, validation layer off), each printing one table: CPU
    /// cost per dispatch and draw against bind groups and binding arrays (`cpu_cost`), dispatches whose bindings are table members (`conflict_cost`), slot updates per second against raw `vkUpdateDescriptorSets` (`slot_updates`), GPU
    /// time of `getResource` against binding arrays (`shader_cost`).
    Bench {
        /// Only this benchmark.
        #[arg(long)]
        only: Option<String>,
        /// Also write the tables into their sections of docs/src/benchmarks.md.
        #[arg(long)]
        write: bool,
        /// Arguments for the benchmark binaries (`--runs 9 --sizes 100000`), given to each one
        /// run; flags of one benchmark only (`--backend`, `--invocations`, `--only`) need
        /// `--only` here.
        #[arg(last = true)]
        args: Vec<String>,
    },
    /// The main job: the bindless demo on Vulkan (4,096 textures, one instanced draw through a
    /// resource table, next to the bindful frame); writes bindless.png and checks it.
    Demo,
    /// Install the trace player (`player`: `info`, `replay`, `diff`) with `cargo install`,
    /// built against the patched crates; extra arguments go to `cargo install` (`--root DIR`).
    InstallPlayer {
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("xtask: error: {err:#}");
            ExitCode::FAILURE
        }
    }
}

fn run(cmd: Cmd) -> Result<()> {
    let root = util::repo_root();
    match cmd {
        Cmd::Patch { force } => patch(&root, force).map(drop),
        Cmd::Rebase { version, continue_ } => rebase(&root, version.as_deref(), continue_),
        Cmd::Save { krate, message, check } => save(&root, krate.as_deref(), message.as_deref(), check),
        Cmd::Export { dir, into } => match (dir, into) {
            (_, Some(project)) => export::export_into(&root, &project),
            (Some(dir), None) => export::export(&root, &dir).map(drop),
            (None, None) => unreachable!("clap requires one"),
        },
        Cmd::Setup => {
            semver::ensure_tool()?;
            let vk = vulkan::ensure(true)?;
            println!(
                "xtask: Vulkan ready: lavapipe at {} (Mesa {}), validation layer, spirv-val",
                vk.lavapipe_icd.display(),
                vk.mesa_version.as_deref().unwrap_or("version unknown")
            );
            dawn::ensure(&root)
        }
        Cmd::Semver => semver::check(&root).map(drop),
        Cmd::Consumers => {
            let vk = vulkan::ensure(false)?;
            crate::patch(&root, false)?;
            consumers::check(&root, &vk.env()).map(drop)
        }
        Cmd::CheckSeries { krate } => series::check(&root, krate.as_deref()).map(drop),
        Cmd::CheckUpstream { self_test } => tasks::check_upstream(&root, self_test),
        Cmd::Test(args) => tasks::test(&root, &args),
        Cmd::Demo => tasks::demo(&root),
        Cmd::InstallPlayer { args } => tasks::install_player(&root, &args),
        Cmd::Bench { only, write, args } => tasks::bench(&root, only.as_deref(), write, &args),
        Cmd::Style => tasks::style(&root),
    }
}

/// The queue of every pinned crate.
pub fn queues(root: &std::path::Path) -> Result<Vec<queue::Queue>> {
    pins::all_pristine(root)?
        .into_iter()
        .map(|(pin, pristine)| {
            queue::refuse_overlay(&pin.overlay_dir(root), &pin.name)?;
            Ok(queue::Queue {
                name: pin.name.clone(),
                pristine_id: format!("{} {} sha256:{}", pin.name, pin.version, pin.checksum),
                pristine,
                patches: pin.patches_dir(root),
                tree: root.join("patched").join(&pin.name),
            })
        })
        .collect()
}

/// `cargo xtask patch`.
pub fn patch(root: &std::path::Path, force: bool) -> Result<Vec<queue::Queue>> {
    check_workspace_patch_table(root)?;
    let queues = queues(root)?;
    for q in &queues {
        match q.materialize(force)? {
            queue::Outcome::UpToDate => {}
            queue::Outcome::Materialized { patches } => {
                println!("xtask: materialized patched/{} ({patches} patches)", q.name)
            }
        }
    }
    Ok(queues)
}

/// `cargo xtask rebase`.
fn rebase(root: &std::path::Path, version: Option<&str>, continue_: bool) -> Result<()> {
    let current = queues(root)?;
    if continue_ {
        if current
            .iter()
            .all(|q| !q.rebase_pending() && q.on_pinned_upstream().unwrap_or(true))
        {
            bail!("no rebase to continue");
        }
    } else {
        let version = version.expect("clap requires a version without --continue");
        let under_way: Vec<_> = current
            .iter()
            .filter(|q| q.rebase_pending())
            .map(|q| q.name.as_str())
            .collect();
        if !under_way.is_empty() {
            bail!(
                "a rebase is under way in {}: finish it with `cargo xtask rebase --continue`",
                under_way.join(", ")
            );
        }
        let pins = pins::load(root)?;
        if pins.iter().all(|p| p.version == version) {
            println!("xtask: the upstream crates are pinned at {version} already");
            return Ok(());
        }
        // The series as it is, materialized on the old release (refuses unsaved work).
        patch(root, false)?;
        pins::repin(root, &pins, version)?;
    }
    // Every crate is tried, whatever happens to the others; `--continue` finishes the trees
    // left for conflicts and moves the ones an earlier run did not reach.
    // Read again: `repin` moved the pins.
    let (mut conflicts, mut failures) = (Vec::new(), Vec::new());
    for q in queues(root)? {
        let outcome = if q.rebase_pending() {
            q.finish_rebase()
        } else if !q.on_pinned_upstream()? {
            q.rebase()
        } else {
            continue;
        };
        match outcome.and_then(|o| match o {
            queue::Rebased::Done { commits } => q.save(None, false).map(|_| Some(commits)),
            queue::Rebased::Conflict { files } => {
                println!("xtask: patched/{}: conflicts in {}", q.name, files.join(", "));
                Ok(None)
            }
        }) {
            Ok(Some(commits)) => println!(
                "xtask: rebased patched/{} ({commits} commits) onto {}",
                q.name, q.pristine_id
            ),
            Ok(None) => conflicts.push(q.name.clone()),
            Err(e) => {
                eprintln!("xtask: patched/{}: {e:#}", q.name);
                failures.push(q.name.clone());
            }
        }
    }
    if !failures.is_empty() {
        bail!(
            "the rebase failed in {} (above); fix the cause and run `cargo xtask rebase --continue`",
            failures.join(", ")
        );
    }
    if !conflicts.is_empty() {
        bail!(
            "the series of {} did not replay cleanly: in each, resolve the conflicts, `git add` \
             the files and `git rebase --continue` (as often as it stops), then run \
             `cargo xtask rebase --continue`",
            conflicts.join(", ")
        );
    }
    Ok(())
}

fn save(root: &std::path::Path, only: Option<&str>, message: Option<&str>, check: bool) -> Result<()> {
    let queues = queues(root)?;
    if let Some(name) = only {
        if !queues.iter().any(|q| q.name == name) {
            bail!("`{name}` is not a pinned crate (see upstream/Cargo.toml)");
        }
    }
    let mut out_of_sync = Vec::new();
    for q in queues.iter().filter(|q| only.is_none_or(|n| n == q.name)) {
        if !q.tree.join(".git").exists() {
            if check {
                continue;
            }
            bail!("patched/{} is not materialized: run `cargo xtask patch`", q.name);
        }
        let diffs = q.save(message, check)?;
        for d in &diffs {
            println!("xtask: {}: {}", q.name, d.0);
        }
        out_of_sync.extend(diffs);
    }
    if check && !out_of_sync.is_empty() {
        bail!(
            "the materialized trees and the patch queue differ ({} differences)",
            out_of_sync.len()
        );
    }
    if !check {
        println!("xtask: saved ({} files changed)", out_of_sync.len());
    }
    Ok(())
}

/// The root manifest must patch exactly the pinned crates, each from `patched/<name>`.
fn check_workspace_patch_table(root: &std::path::Path) -> Result<()> {
    let manifest: toml::Table = toml::from_str(&std::fs::read_to_string(root.join("Cargo.toml"))?)?;
    let table = manifest
        .get("patch")
        .and_then(|p| p.get("crates-io"))
        .and_then(|t| t.as_table())
        .cloned()
        .unwrap_or_default();
    let pins = pins::load(root)?;
    for pin in &pins {
        let expected = format!("patched/{}", pin.name);
        let path = table
            .get(&pin.name)
            .and_then(|e| e.get("path"))
            .and_then(|p| p.as_str());
        if path != Some(expected.as_str()) {
            bail!(
                "Cargo.toml's [patch.crates-io] must have `{} = {{ path = \"{expected}\" }}`",
                pin.name
            );
        }
    }
    // Pins are named once (upstream/Cargo.toml): the workspace's exact requirements follow.
    let deps = manifest
        .get("workspace")
        .and_then(|w| w.get("dependencies"))
        .and_then(|d| d.as_table())
        .cloned()
        .unwrap_or_default();
    for pin in &pins {
        let wanted = format!("={}", pin.version);
        match deps.get(&pin.name).map(|d| d.as_str()) {
            None => {}
            Some(Some(req)) if req == wanted => {}
            _ => bail!(
                "Cargo.toml's [workspace.dependencies] must pin `{} = \"{wanted}\"` as upstream/Cargo.toml does",
                pin.name
            ),
        }
    }
    for name in table.keys() {
        if !pins.iter().any(|p| &p.name == name) {
            bail!("Cargo.toml's [patch.crates-io] patches `{name}`, which upstream/Cargo.toml does not pin");
        }
    }
    Ok(())
}
