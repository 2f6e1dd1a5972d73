//! Dawn, the reference the `dawn-scenarios` crate compares our tables with: npm's `webgpu`
//! package (Dawn built for node), installed from `dawn-scenarios/dawn/package-lock.json`.

use std::{path::Path, process::Command};

use anyhow::{bail, Context as _, Result};

/// The folder of the node runner and its lock file.
const DIR: &str = "dawn-scenarios/dawn";

/// Installs the locked `webgpu` package with `npm ci` unless it is there already.
pub fn ensure(root: &Path) -> Result<()> {
    let dir = root.join(DIR);
    if dir.join("node_modules/webgpu/package.json").is_file() {
        println!("dawn: webgpu installed in {}", dir.display());
        return Ok(());
    }
    println!("xtask: NOTICE: installing Dawn (npm ci in {})", dir.display());
    let status = Command::new("npm")
        // The package's install script matters on macOS only.
        .args(["ci", "--no-audit", "--no-fund", "--ignore-scripts"])
        .current_dir(&dir)
        .status()
        .context("running npm (node 20 and npm are needed for the Dawn scenarios)")?;
    if !status.success() {
        bail!("`npm ci` in {} failed ({status})", dir.display());
    }
    Ok(())
}
