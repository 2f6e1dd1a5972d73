//! `cargo xtask semver`: the patched crates against their crates.io releases, by
//! `cargo-semver-checks`. Drop-in means no major change in any of them.
//!
//! cargo-semver-checks builds the crate it checks on its own, outside our workspace, so it
//! would see crates.io's dependencies instead of our patched ones (wgpu-hal does not build
//! against unpatched naga). So both sides are rustdoc JSON we build ourselves, from the same
//! throwaway crate that depends on every patched crate with the features wgpu users enable:
//! once as it is (the baseline: crates.io), once with the `[patch.crates-io]` lines of
//! `cargo xtask export` (the current: what a user of ours compiles).

use std::{fs, path::Path};

use anyhow::{bail, Context as _, Result};

use crate::{export, pins, tasks::cargo, util};

/// The cargo-semver-checks release `cargo xtask setup` installs (its rustdoc JSON reader
/// must know the format of this toolchain's rustdoc).
pub const TOOL_VERSION: &str = "0.51.0";

/// Each patched crate and the features it is checked with: the defaults plus what wgpu users
/// turn on (wgpu-core's trace/replay, naga's front and back ends and wgpu's access to its IR,
/// wgpu-hal's Vulkan and GL, the counters).
pub const CRATES: &[(&str, &[&str])] = &[
    ("wgpu-types", &["serde", "trace"]),
    ("naga-types", &["serialize", "deserialize"]),
    (
        "naga",
        &[
            "wgsl-in",
            "spv-in",
            "glsl-in",
            "spv-out",
            "hlsl-out",
            "msl-out",
            "glsl-out",
            "wgsl-out",
            "dot-out",
            "serialize",
            "deserialize",
        ],
    ),
    ("wgpu-naga-bridge", &[]),
    ("wgpu-hal", &["vulkan", "gles"]),
    (
        "wgpu-core",
        &[
            "trace", "replay", "vulkan", "gles", "serde", "wgsl", "glsl", "spirv", "counters",
        ],
    ),
    (
        "wgpu",
        &["serde", "trace", "spirv", "glsl", "noop", "naga-ir", "counters"],
    ),
];

/// Installs cargo-semver-checks [`TOOL_VERSION`] unless it is there.
pub fn ensure_tool() -> Result<()> {
    let installed = cargo()
        .args(["semver-checks", "--version"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
    if installed.as_deref() == Some(&format!("cargo-semver-checks {TOOL_VERSION}")) {
        return Ok(());
    }
    eprintln!("xtask: installing cargo-semver-checks {TOOL_VERSION} (a few minutes, once)");
    util::run(cargo().args(["install", "--locked", "--version", TOOL_VERSION, "cargo-semver-checks"]))
}

/// The throwaway crate's manifest: every patched crate at its pinned version with its
/// features, and `patch` after it.
fn manifest(root: &Path, name: &str, patch: &str) -> Result<String> {
    let pins = pins::all_pristine(root)?;
    let mut deps = String::new();
    for (krate, features) in CRATES {
        let (pin, _) = pins
            .iter()
            .find(|(p, _)| p.name == *krate)
            .with_context(|| format!("{krate} is not pinned in upstream/Cargo.toml"))?;
        deps.push_str(&format!(
            "{krate} = {{ version = \"={}\", features = {features:?} }}\n",
            pin.version
        ));
    }
    Ok(format!(
        "[package]\nname = \"semver-{name}\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
         [workspace]\n\n[lib]\npath = \"lib.rs\"\n\n[dependencies]\n{deps}\n{patch}"
    ))
}

/// Builds the rustdoc JSON of every crate of the throwaway crate in `dir` into `out`.
fn rustdoc_json(dir: &Path, target: &Path, out: &Path) -> Result<()> {
    fs::create_dir_all(out)?;
    for (krate, _) in CRATES {
        let file = format!("{}.json", krate.replace('-', "_"));
        // Both sides share the target folder: never copy the other side's JSON.
        let _ = fs::remove_file(target.join("doc").join(&file));
        util::run(
            cargo()
                .current_dir(dir)
                .args(["rustdoc", "--quiet", "--lib", "-p", krate])
                .args(["--", "-Zunstable-options", "--output-format", "json"])
                .env("CARGO_TARGET_DIR", target)
                // rustdoc's JSON output is unstable: cargo-semver-checks builds it the same way.
                .env("RUSTC_BOOTSTRAP", "1"),
        )
        .with_context(|| format!("rustdoc JSON of {krate} in {}", dir.display()))?;
        fs::copy(target.join("doc").join(&file), out.join(&file))?;
    }
    Ok(())
}

/// Checks every patched crate; returns how many passed, or fails naming the crates with
/// major changes (cargo-semver-checks' report is printed above).
pub fn check(root: &Path) -> Result<u64> {
    ensure_tool()?;
    let work = root.join("target/semver");
    let patch_lines = export::export(root, &work.join("exported"))?;
    let target = work.join("target");
    for (side, patch) in [("baseline", ""), ("current", patch_lines.as_str())] {
        let dir = work.join(side);
        fs::create_dir_all(&dir)?;
        fs::write(dir.join("Cargo.toml"), manifest(root, side, patch)?)?;
        fs::write(dir.join("lib.rs"), "")?;
        rustdoc_json(&dir, &target, &work.join(format!("json-{side}")))?;
    }
    let known = known_findings(root)?;
    let mut failed = Vec::new();
    for (krate, _) in CRATES {
        let file = format!("{}.json", krate.replace('-', "_"));
        println!("==> cargo semver-checks: {krate}");
        let out = cargo()
            .args([
                "semver-checks",
                "--color",
                "never",
                "--release-type",
                "minor",
                "--baseline-rustdoc",
            ])
            .arg(work.join("json-baseline").join(&file))
            .arg("--current-rustdoc")
            .arg(work.join("json-current").join(&file))
            .output()
            .context("running cargo semver-checks")?;
        // The findings are on stdout; progress lines go to stderr.
        let report = String::from_utf8_lossy(&out.stdout);
        print!("{}{report}", String::from_utf8_lossy(&out.stderr));
        let found = findings(&report);
        let mut expected: Vec<String> = known
            .iter()
            .filter(|(k, _)| k == krate)
            .map(|(_, f)| f.clone())
            .collect();
        expected.sort();
        if found != expected {
            for f in found.iter().filter(|f| !expected.contains(f)) {
                println!("NEW  {krate}: {f}");
            }
            for f in expected.iter().filter(|f| !found.contains(f)) {
                println!("GONE {krate}: {f} (remove it from xtask/semver-known-findings.txt)");
            }
            failed.push(*krate);
        } else if !out.status.success() && expected.is_empty() {
            failed.push(*krate);
        }
    }
    if !failed.is_empty() {
        bail!(
            "cargo semver-checks: findings other than the recorded ones in: {}",
            failed.join(", ")
        );
    }
    let open = known.len();
    if open > 0 {
        println!("semver: {open} recorded major findings remain (xtask/semver-known-findings.txt, issue #13)");
    }
    Ok(CRATES.len() as u64)
}

/// The recorded findings still to be designed away: `<crate> <lint>: <item>` lines of
/// `xtask/semver-known-findings.txt` (`#` comments). The check fails on any other finding,
/// and on a recorded one that is gone (so the list only shrinks).
fn known_findings(root: &Path) -> Result<Vec<(String, String)>> {
    let text = fs::read_to_string(root.join("xtask/semver-known-findings.txt")).unwrap_or_default();
    Ok(text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_once(' '))
        .map(|(k, f)| (k.to_string(), f.to_string()))
        .collect())
}

/// `<lint>: <item>` for every item cargo-semver-checks lists under a failed lint (the file
/// and line it names are left off: they move with every edit).
fn findings(report: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut lint = None;
    let mut listing = false;
    for line in report.lines() {
        if let Some(rest) = line.strip_prefix("--- failure ") {
            lint = rest.split(':').next().map(str::to_string);
            listing = false;
        } else if line.starts_with("--- ") {
            lint = None;
            listing = false;
        } else if line.starts_with("Failed in:") {
            listing = lint.is_some();
        } else if listing {
            let item = line.trim();
            if item.is_empty() {
                listing = false;
                continue;
            }
            let item = item
                .split(" in /")
                .next()
                .unwrap_or(item)
                .split(" in file /")
                .next()
                .unwrap_or(item);
            out.push(format!("{}: {item}", lint.as_deref().unwrap_or("?")));
        }
    }
    out.sort();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::findings;

    #[test]
    fn findings_name_lint_and_item_without_the_place() {
        let report = "--- failure enum_variant_added: enum variant added on exhaustive enum ---\n\n\
                      Description:\nA publicly-visible enum...\n\nFailed in:\n  \
                      variant Action:PinTexture in /x/src/device/trace.rs:274\n  \
                      variant Action:PinBuffer in /x/src/device/trace.rs:276\n\n\
                      --- warning partial_ord_enum_variants_reordered: x ---\n\nFailed in:\n  ignored\n";
        assert_eq!(
            findings(report),
            [
                "enum_variant_added: variant Action:PinBuffer",
                "enum_variant_added: variant Action:PinTexture"
            ]
        );
    }
}
