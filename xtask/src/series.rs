//! `cargo xtask check-series`: every prefix of every crate's series must build, so that each
//! patch can be reviewed, bisected and upstreamed on its own.
//!
//! A crate's prefixes are the commits after `upstream` in its materialized tree, one per
//! patch. Each is checked out in a worktree of its own and
//! built with `cargo check` in a scratch workspace whose `[patch.crates-io]` takes that
//! crate from the worktree and every other pinned crate from its whole series (prefixes
//! of one crate only ever meet the finished series of the others).

use std::{fmt::Write as _, fs, path::Path};

use anyhow::{bail, Context as _, Result};

use crate::{
    queue::Queue,
    util::{self, git},
};

/// The features that reach our code in each crate (its default features stay on).
fn features(krate: &str) -> &'static str {
    match krate {
        "naga" => "wgsl-in,wgsl-out,spv-out,hlsl-out,msl-out,glsl-out,serialize,deserialize",
        "wgpu-hal" => "vulkan",
        "wgpu-core" => "vulkan,wgsl,trace,serde,replay",
        "wgpu-types" => "serde,trace",
        "wgpu" => "trace",
        _ => "",
    }
}

/// Checks the prefixes of `only` (default: every crate); prints one line per prefix and
/// fails if any does not build. Returns how many were checked.
pub fn check(root: &Path, only: Option<&str>) -> Result<usize> {
    let (checked, failed) = check_counting(root, only)?;
    if failed > 0 {
        bail!("{failed} of {checked} prefixes do not build");
    }
    Ok(checked)
}

/// [`check`], returning how many prefixes were checked and how many of them failed.
///
/// `cargo check` of one crate keeps about one core busy, so the crates' series are shared
/// out over as many lanes as the machine has cores (two in CI), each with a build folder of
/// its own, longest series first.
pub fn check_counting(root: &Path, only: Option<&str>) -> Result<(usize, usize)> {
    let queues = crate::patch(root, false)?;
    if let Some(name) = only {
        if !queues.iter().any(|q| q.name == name) {
            bail!("`{name}` is not a pinned crate (see upstream/Cargo.toml)");
        }
    }
    let work = root.join("target/series");
    let mut series = Vec::new();
    for q in queues.iter().filter(|q| only.is_none_or(|n| n == q.name)) {
        let commits = util::output_string(git(&q.tree).args(["rev-list", "--reverse", "upstream..HEAD"]))?;
        let commits: Vec<String> = commits.lines().map(str::to_string).collect();
        if !commits.is_empty() {
            series.push((q, commits));
        }
    }
    series.sort_by_key(|(_, commits)| std::cmp::Reverse(commits.len()));
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut lanes: Vec<Vec<(&Queue, Vec<String>)>> =
        (0..cores.clamp(1, series.len().max(1))).map(|_| Vec::new()).collect();
    for s in series {
        let lane = lanes
            .iter_mut()
            .min_by_key(|lane| lane.iter().map(|(_, c)| c.len()).sum::<usize>())
            .expect("at least one lane");
        lane.push(s);
    }
    let results: Vec<Result<(usize, usize)>> = std::thread::scope(|scope| {
        let handles: Vec<_> = lanes
            .iter()
            .enumerate()
            .map(|(i, lane)| {
                let (work, queues) = (&work, &queues);
                scope.spawn(move || {
                    let target = work.join(format!("target-{i}"));
                    let (mut checked, mut failed) = (0, 0);
                    for (q, commits) in lane {
                        let (c, f) = check_queue(root, work, &target, queues, q, commits)?;
                        checked += c;
                        failed += f;
                    }
                    Ok((checked, failed))
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err(anyhow::anyhow!("a lane of check-series panicked")))
            })
            .collect()
    });
    let (mut checked, mut failed) = (0, 0);
    for r in results {
        let (c, f) = r?;
        checked += c;
        failed += f;
    }
    Ok((checked, failed))
}

/// Checks every prefix (`commits`, oldest first) of `q`'s series in `target`.
fn check_queue(
    root: &Path,
    work: &Path,
    target: &Path,
    queues: &[Queue],
    q: &Queue,
    commits: &[String],
) -> Result<(usize, usize)> {
    let (mut checked, mut failed) = (0, 0);
    let last = commits.last().expect("a series with a patch");
    let worktree = work.join("trees").join(&q.name);
    let _ = util::output(git(&q.tree).args(["worktree", "remove", "--force"]).arg(&worktree));
    util::remove_dir_if_exists(&worktree)?;
    let _ = util::output(git(&q.tree).args(["worktree", "prune"]));
    util::output(
        git(&q.tree)
            .args(["worktree", "add", "--quiet", "--detach"])
            .arg(&worktree)
            .arg("upstream"),
    )?;
    let scratch = work.join("ws").join(&q.name);
    scratch_workspace(root, &scratch, queues, q, &worktree)?;
    // Once per crate, online, at the whole series (whose dependencies are those of
    // every prefix, unless a patch removes one): a fresh machine's registry cache lacks
    // what only this crate's feature set needs; then every prefix is checked offline.
    util::output(git(&worktree).args(["checkout", "--quiet", "--detach", last]))?;
    util::run(crate::tasks::cargo().current_dir(&scratch).args(["fetch", "--quiet"]))
        .context("fetching the scratch workspace's dependencies")?;
    for (i, commit) in commits.iter().enumerate() {
        util::output(git(&worktree).args(["checkout", "--quiet", "--detach", commit]))?;
        let subject = util::output_string(git(&worktree).args(["log", "-1", "--format=%s"]))?;
        let result = crate::tasks::cargo()
            .current_dir(&scratch)
            .args(["check", "--quiet", "--offline", "--message-format=short"])
            .env("CARGO_TARGET_DIR", target)
            // Incremental even in CI: each prefix differs from the last by one patch, and
            // rustc then redoes only what it touched (about 10 s a prefix of wgpu-core
            // instead of 30). The folder is dropped after the step.
            .env("CARGO_INCREMENTAL", "1")
            .output()
            .context("running cargo check")?;
        let error = (!result.status.success()).then(|| {
            let stderr = String::from_utf8_lossy(&result.stderr);
            stderr
                .lines()
                .find(|l| l.contains("error"))
                .unwrap_or("cargo check failed")
                .to_string()
        });
        println!(
            "{} {}/{} {}: {}",
            q.name,
            i + 1,
            commits.len(),
            subject.trim(),
            error.as_deref().unwrap_or("ok")
        );
        checked += 1;
        failed += usize::from(error.is_some());
    }
    util::output(git(&q.tree).args(["worktree", "remove", "--force"]).arg(&worktree))?;
    Ok((checked, failed))
}

/// A workspace that builds `checked` (with [`features`]) from `worktree` and every other
/// pinned crate from its materialized tree, starting from the workspace's lock so that the
/// prefixes build against the versions the workspace tests.
fn scratch_workspace(root: &Path, dir: &Path, queues: &[Queue], checked: &Queue, worktree: &Path) -> Result<()> {
    fs::create_dir_all(dir.join("src"))?;
    fs::write(dir.join("src/lib.rs"), "")?;
    fs::copy(root.join("Cargo.lock"), dir.join("Cargo.lock")).context("the workspace's Cargo.lock")?;
    let version = util::package_field(&checked.pristine, "version")?.context("the crate's version")?;
    let mut manifest = format!(
        "[package]\nname = \"series-check\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
         [workspace]\n\n[dependencies]\n{} = {{ version = \"={version}\", features = [{}] }}\n\n[patch.crates-io]\n",
        checked.name,
        features(&checked.name)
            .split(',')
            .filter(|f| !f.is_empty())
            .map(|f| format!("{f:?}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    for q in queues {
        let path = if q.name == checked.name {
            worktree
        } else {
            q.tree.as_path()
        };
        let path = path.display().to_string().replace('\\', "\\\\").replace('"', "\\\"");
        writeln!(manifest, "{} = {{ path = \"{path}\" }}", q.name)?;
    }
    fs::write(dir.join("Cargo.toml"), manifest)?;
    Ok(())
}
