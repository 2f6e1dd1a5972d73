//! `cargo xtask consumers`: published crates.io programs built on wgpu 30 and naga 30, built
//! against the exported patched crates and run headless on Vulkan (lavapipe in CI).
//!
//! Nothing of theirs is committed: cargo downloads them (`cargo fetch` of a throwaway crate),
//! and a throwaway workspace under `target/consumers/` makes them members beside the
//! `[patch.crates-io]` lines of `cargo xtask export`.

use std::{
    fs,
    path::{Path, PathBuf},
    process::Command,
};

use anyhow::{bail, Context as _, Result};

use crate::{
    export,
    tasks::{cargo, cargo_throwaway},
    util,
};

/// A published crate, its version, and why it is here.
pub struct Consumer {
    pub name: &'static str,
    pub version: &'static str,
    pub why: &'static str,
}

/// The consumers, chosen among the most downloaded crates that depend on wgpu 30 or naga 30,
/// one of each kind.
pub const CONSUMERS: &[Consumer] = &[
    Consumer {
        name: "wgpu-info",
        version: "30.0.1",
        why: "upstream's adapter report; destructures `Limits` exhaustively",
    },
    Consumer {
        name: "naga_oil",
        version: "0.23.0",
        why: "Bevy's shader composer, built on naga's IR; its tests compare WGSL text",
    },
    Consumer {
        name: "wgpu-profiler",
        version: "0.28.0",
        why: "GPU timer scopes; its tests create devices and encode passes",
    },
    Consumer {
        name: "glyphon",
        version: "0.12.0",
        why: "text renderer (cosmic-text); built with its examples and benchmarks",
    },
];

/// Downloads the consumers and returns their source directories, in [`CONSUMERS`] order.
fn fetch(work: &Path) -> Result<Vec<PathBuf>> {
    let dir = work.join("fetch");
    fs::create_dir_all(&dir)?;
    let deps: String = CONSUMERS
        .iter()
        .map(|c| format!("{} = \"={}\"\n", c.name, c.version))
        .collect();
    fs::write(
        dir.join("Cargo.toml"),
        format!(
            "[package]\nname = \"fetch-consumers\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
             [workspace]\n\n[lib]\npath = \"lib.rs\"\n\n[dependencies]\n{deps}"
        ),
    )?;
    fs::write(dir.join("lib.rs"), "")?;
    // `cargo fetch` downloads every package of the resolve, binary-only ones (wgpu-info)
    // too, which `cargo metadata` then leaves out as dependencies without a library: they
    // are found beside the others, in the registry's source folder.
    util::run(cargo().current_dir(&dir).args(["fetch", "--quiet"]))?;
    let out = util::output(cargo().current_dir(&dir).args(["metadata", "--format-version", "1"]))?;
    let meta: serde_json::Value = serde_json::from_slice(&out)?;
    let packages = meta["packages"].as_array().context("cargo metadata: no packages")?;
    let registry_src = packages
        .iter()
        .find(|p| p["name"] == "wgpu" && p["source"].as_str().is_some_and(|s| s.starts_with("registry+")))
        .and_then(|p| p["manifest_path"].as_str())
        .and_then(|m| Path::new(m).parent()?.parent())
        .context("wgpu's source folder in the registry")?
        .to_path_buf();
    CONSUMERS
        .iter()
        .map(|c| {
            let src = registry_src.join(format!("{}-{}", c.name, c.version));
            if !src.join("Cargo.toml").is_file() {
                bail!("{} {} was not downloaded to {}", c.name, c.version, src.display());
            }
            Ok(src)
        })
        .collect()
}

/// A workspace in `dir` whose members are copies of `sources`, with `patch` after it.
fn workspace(dir: &Path, sources: &[&Path], patch: &str) -> Result<()> {
    util::remove_dir_if_exists(dir)?;
    fs::create_dir_all(dir)?;
    let mut members = Vec::new();
    for src in sources {
        let name = src
            .file_name()
            .context("a source folder's name")?
            .to_string_lossy()
            .to_string();
        util::copy_tree(src, &dir.join(&name))?;
        // A member's own lock file would be ignored anyway; the workspace resolves once.
        let _ = fs::remove_file(dir.join(&name).join("Cargo.lock"));
        members.push(format!("{name:?}"));
    }
    fs::write(
        dir.join("Cargo.toml"),
        format!(
            "[workspace]\nresolver = \"2\"\nmembers = [{}]\n\n{patch}",
            members.join(", ")
        ),
    )?;
    Ok(())
}

/// `wgpu-info -vv` built in the workspace `dir`.
fn wgpu_info(dir: &Path, target: &Path, gpu_env: &[(String, String)]) -> Result<String> {
    util::run(
        cargo_throwaway()
            .current_dir(dir)
            .args(["build", "--quiet", "-p", "wgpu-info"])
            .env("CARGO_TARGET_DIR", target),
    )?;
    let out = util::output(
        Command::new(target.join("debug/wgpu-info"))
            .arg("-vv")
            .envs(gpu_env.iter().cloned()),
    )?;
    Ok(String::from_utf8(out)?)
}

/// Lines that name the new features: the only ones allowed to differ.
fn names_a_new_feature(line: &str) -> bool {
    let l = line.to_ascii_lowercase();
    l.contains("resource_table") || l.contains("resource-table")
}

/// What is left of a report once the lines naming the new features are taken out.
pub fn without_new_features(report: &str) -> Vec<&str> {
    report.lines().filter(|l| !names_a_new_feature(l)).collect()
}

/// Builds and runs every consumer; returns the number of checks that passed.
pub fn check(root: &Path, gpu_env: &[(String, String)]) -> Result<u64> {
    for c in CONSUMERS {
        println!("consumers: {} {}: {}", c.name, c.version, c.why);
    }
    let work = root.join("target/consumers");
    let patch = export::export(root, &work.join("exported"))?;
    let sources = fetch(&work)?;
    let target = work.join("target");
    let mut passed = 0;

    // wgpu-info: the same report as unpatched wgpu, but for the new features' names.
    let info_src = [sources[0].as_path()];
    workspace(&work.join("unpatched"), &info_src, "")?;
    let unpatched = wgpu_info(&work.join("unpatched"), &target, gpu_env).context("unpatched wgpu-info")?;
    let all: Vec<&Path> = sources.iter().map(PathBuf::as_path).collect();
    let patched_ws = work.join("patched");
    workspace(&patched_ws, &all, &patch)?;
    let patched = wgpu_info(&patched_ws, &target, gpu_env).context("wgpu-info on the patched crates")?;
    fs::write(work.join("wgpu-info-unpatched.txt"), &unpatched)?;
    fs::write(work.join("wgpu-info-patched.txt"), &patched)?;
    if without_new_features(&patched) != without_new_features(&unpatched) {
        bail!(
            "wgpu-info -vv differs from the unpatched report beyond the new feature names \
             (target/consumers/wgpu-info-{{patched,unpatched}}.txt)"
        );
    }
    // wgpu-info lists every known feature as `NAME: true|false`: lavapipe has both.
    let supported = |name: &str| patched.lines().any(|l| l.trim() == format!("{name}: true"));
    if !supported("SAMPLING_RESOURCE_TABLE") || !supported("HETEROGENEOUS_RESOURCE_TABLE") {
        bail!("wgpu-info -vv on the patched crates does not report the table features as supported");
    }
    println!("consumers: wgpu-info -vv equals the unpatched report but for the new feature names");
    passed += 1;

    // The others: their own tests. glyphon's are benchmarks and windowed examples: they are
    // built only (its benchmark device asks for `adapter.features()`, which on lavapipe
    // include experimental features wgpu 30 refuses without opting in, patched or not).
    for (args, what) in [
        (&["test", "-p", "naga_oil"][..], "naga_oil's tests"),
        // (`--tests`: its doctest calls `InstanceDescriptor::default()`, which wgpu 30 itself
        // no longer has.)
        (&["test", "-p", "wgpu-profiler", "--tests"][..], "wgpu-profiler's tests"),
        (
            &["build", "-p", "glyphon", "--all-targets"][..],
            "glyphon with its examples and benchmarks",
        ),
    ] {
        util::run(
            cargo_throwaway()
                .current_dir(&patched_ws)
                .args(args)
                .env("CARGO_TARGET_DIR", &target)
                .envs(gpu_env.iter().cloned()),
        )
        .with_context(|| format!("{what} on the patched crates"))?;
        println!("consumers: {what}: ok on the patched crates");
        passed += 1;
    }
    Ok(passed)
}

#[cfg(test)]
mod tests {
    use super::without_new_features;

    #[test]
    fn only_lines_naming_the_new_features_may_differ() {
        let unpatched = "Features\n  TEXTURE_BINDING_ARRAY: true\nLimits\n  Max Bind Groups: 4\n";
        let patched = "Features\n  TEXTURE_BINDING_ARRAY: true\n  SAMPLING_RESOURCE_TABLE: true\n  \
                       wgpu-heterogeneous-resource-table: true\nLimits\n  Max Bind Groups: 4\n";
        assert_eq!(without_new_features(patched), without_new_features(unpatched));
        let other = patched.replace("Max Bind Groups: 4", "Max Bind Groups: 8");
        assert_ne!(without_new_features(&other), without_new_features(unpatched));
    }
}
