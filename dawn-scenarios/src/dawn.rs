//! Runs a scenario on Dawn: `node dawn/run.mjs`, the scenario as JSON on its stdin, what it
//! gave as JSON on its stdout (see `dawn/run.mjs`).

use std::io::{Read as _, Write as _};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::{Run, Scenario};

/// The WGSL extension Dawn enables (`run.mjs` writes it; here for reference).
pub const ENABLE: &str = "chromium_experimental_resource_table";

/// The `webgpu` package's version that `dawn/package.json` pins.
pub const WEBGPU_VERSION: &str = "0.6.2";

/// What to run to install Dawn.
pub const SETUP: &str = "cd dawn-scenarios/dawn && npm ci";

/// How long one scenario may take on Dawn.
const TIMEOUT: Duration = Duration::from_secs(60);

/// The folder of `run.mjs` and its `node_modules`.
pub fn runner_dir() -> PathBuf {
    crate::crate_dir().join("dawn")
}

/// Checks that `node` runs and that `node_modules/webgpu` is the pinned version; the error
/// says how to install them.
pub fn check_setup() -> Result<String, String> {
    let node = Command::new("node")
        .arg("--version")
        .output()
        .map_err(|e| format!("`node` does not run ({e}): install Node.js 20 or newer, then run `{SETUP}`"))?;
    if !node.status.success() {
        return Err(format!(
            "`node --version` failed: install Node.js 20 or newer, then run `{SETUP}`"
        ));
    }
    let package = runner_dir().join("node_modules/webgpu/package.json");
    let text = std::fs::read_to_string(&package).map_err(|_| {
        format!(
            "Dawn is not installed ({} is missing): run `{SETUP}`",
            package.display()
        )
    })?;
    let manifest: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}; run `{SETUP}`", package.display()))?;
    let version = manifest["version"].as_str().unwrap_or_default();
    if version != WEBGPU_VERSION {
        return Err(format!(
            "node_modules has webgpu {version}, not {WEBGPU_VERSION}: run `{SETUP}`"
        ));
    }
    Ok(format!(
        "node {}, webgpu {version}",
        String::from_utf8_lossy(&node.stdout).trim()
    ))
}

/// Runs `scenario` on Dawn. `Err` when the runner itself failed (no JSON came back).
pub fn run(scenario: &Scenario) -> Result<Run, String> {
    let json = serde_json::to_string(scenario).map_err(|e| e.to_string())?;
    let mut child = Command::new("node")
        .arg("run.mjs")
        .current_dir(runner_dir())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("starting node: {e}; run `{SETUP}`"))?;
    let mut stdin = child.stdin.take().expect("piped");
    // The scenario is small: written whole before reading (the pipe's buffer holds it).
    stdin
        .write_all(json.as_bytes())
        .map_err(|e| format!("writing to node: {e}"))?;
    drop(stdin);
    // Read both pipes on threads so that neither fills up while we wait.
    let mut stdout = child.stdout.take().expect("piped");
    let mut stderr = child.stderr.take().expect("piped");
    let out_reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stdout.read_to_string(&mut s);
        s
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stderr.read_to_string(&mut s);
        s
    });
    let deadline = Instant::now() + TIMEOUT;
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("node did not finish in {TIMEOUT:?}"));
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let stdout = out_reader.join().unwrap_or_default();
    let stderr = err_reader.join().unwrap_or_default();
    let last = stdout.lines().rev().find(|l| l.starts_with('{'));
    let Some(last) = last else {
        return Err(format!(
            "node exited with {status} without a result\nstdout: {stdout}\nstderr: {}",
            relevant_stderr(&stderr)
        ));
    };
    let mut run: Run = serde_json::from_str(last).map_err(|e| format!("node's result {last}: {e}"))?;
    if !status.success() {
        run.errors.push(format!("node exited with {status}"));
    }
    Ok(run)
}

/// Dawn's stderr without the lines it prints on every device creation.
fn relevant_stderr(stderr: &str) -> String {
    stderr
        .lines()
        .filter(|l| !l.contains("artificially reduced"))
        .collect::<Vec<_>>()
        .join("\n")
}
