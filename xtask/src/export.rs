//! `cargo xtask export <dir>`: how a wgpu user consumes wgpu-bindless.

use std::{fs, path::Path};

use anyhow::{Context as _, Result};

use crate::util;

/// Copies every patched crate to `dir/<crate>` (replacing what was there) and prints, and
/// returns, the `[patch.crates-io]` section that makes a project use them.
pub fn export(root: &Path, dir: &Path) -> Result<String> {
    let queues = crate::patch(root, false)?;
    fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let dir = dir.canonicalize()?;
    let mut lines = String::from("[patch.crates-io]\n");
    for q in &queues {
        let dst = dir.join(&q.name);
        util::remove_dir_if_exists(&dst)?;
        util::copy_tree(&q.tree, &dst)?;
        // `path` values are TOML basic strings: escape what could break them.
        let path = dst.display().to_string().replace('\\', "\\\\").replace('"', "\\\"");
        lines.push_str(&format!("{} = {{ path = \"{path}\" }}\n", q.name));
    }
    eprintln!(
        "xtask: exported {} patched crates to {}; add these lines to your Cargo.toml:",
        queues.len(),
        dir.display()
    );
    print!("{lines}");
    Ok(lines)
}
