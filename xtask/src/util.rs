//! Small helpers shared by the tasks: running programs with readable errors, hashing and
//! walking folders.

use std::{
    ffi::OsStr,
    fs,
    path::{Path, PathBuf},
    process::{Command, Stdio},
};

use anyhow::{bail, Context as _, Result};
use sha2::{Digest as _, Sha256};

/// The repository root (the folder holding `upstream/` and `xtask/`).
pub fn repo_root() -> PathBuf {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    here.parent()
        .expect("xtask lives in a folder of the repo")
        .to_path_buf()
}

fn describe(cmd: &Command) -> String {
    let mut s = cmd.get_program().to_string_lossy().into_owned();
    for arg in cmd.get_args() {
        s.push(' ');
        s.push_str(&arg.to_string_lossy());
    }
    if s.len() > 300 {
        s.truncate(300);
        s.push_str(" …");
    }
    s
}

/// Runs `cmd` with inherited stdio and fails if it does not exit successfully.
pub fn run(cmd: &mut Command) -> Result<()> {
    let status = cmd
        .status()
        .with_context(|| format!("could not start `{}`", describe(cmd)))?;
    if !status.success() {
        bail!("`{}` failed ({status})", describe(cmd));
    }
    Ok(())
}

/// Runs `cmd`, returning its standard output; its standard error is part of the error.
pub fn output(cmd: &mut Command) -> Result<Vec<u8>> {
    let out = cmd
        .stdin(Stdio::null())
        .output()
        .with_context(|| format!("could not start `{}`", describe(cmd)))?;
    if !out.status.success() {
        bail!(
            "`{}` failed ({}):\n{}",
            describe(cmd),
            out.status,
            String::from_utf8_lossy(&out.stderr).trim_end()
        );
    }
    Ok(out.stdout)
}

/// Like [`output`], as text.
pub fn output_string(cmd: &mut Command) -> Result<String> {
    Ok(String::from_utf8(output(cmd)?)?)
}

/// `git` in `dir`, isolated from the user's global hooks and templates so that results are
/// the same on every machine.
pub fn git(dir: &Path) -> Command {
    let mut cmd = Command::new("git");
    cmd.current_dir(dir)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("GIT_TERMINAL_PROMPT", "0")
        .args(["-c", "core.autocrlf=false", "-c", "core.hooksPath=/dev/null"]);
    cmd
}

/// A string field of `[package]` in the manifest of the crate at `dir` (`version`, `edition`).
pub fn package_field(dir: &Path, key: &str) -> Result<Option<String>> {
    let manifest = dir.join("Cargo.toml");
    let text = std::fs::read_to_string(&manifest).with_context(|| format!("reading {}", manifest.display()))?;
    let table = toml::from_str::<toml::Table>(&text).with_context(|| format!("parsing {}", manifest.display()))?;
    Ok(table
        .get("package")
        .and_then(|p| p.get(key))
        .and_then(|v| v.as_str())
        .map(str::to_string))
}

pub fn sha256_hex(bytes: impl AsRef<[u8]>) -> String {
    let digest = Sha256::digest(bytes.as_ref());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// Every file under `dir`, as paths relative to it with `/` separators, sorted. A missing
/// folder has no files.
pub fn files_under(dir: &Path) -> Result<Vec<String>> {
    let mut out = Vec::new();
    if dir.exists() {
        walk(dir, dir, &mut out)?;
    }
    out.sort();
    Ok(out)
}

fn walk(base: &Path, dir: &Path, out: &mut Vec<String>) -> Result<()> {
    for entry in fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))? {
        let entry = entry?;
        let path = entry.path();
        let kind = entry.file_type()?;
        if kind.is_dir() {
            if path.file_name() == Some(OsStr::new(".git")) {
                continue;
            }
            walk(base, &path, out)?;
        } else if kind.is_file() {
            let rel = path.strip_prefix(base).unwrap();
            let rel: Vec<_> = rel.components().map(|c| c.as_os_str().to_string_lossy()).collect();
            out.push(rel.join("/"));
        }
    }
    Ok(())
}

/// Copies the files of `from` into `to` (created if needed), skipping `.git`.
pub fn copy_tree(from: &Path, to: &Path) -> Result<()> {
    for rel in files_under(from)? {
        let dst = to.join(&rel);
        if let Some(parent) = dst.parent() {
            fs::create_dir_all(parent)?;
        }
        fs::copy(from.join(&rel), &dst)
            .with_context(|| format!("copying {} to {}", from.join(&rel).display(), dst.display()))?;
    }
    Ok(())
}

/// Removes `dir` and everything below it if it exists.
pub fn remove_dir_if_exists(dir: &Path) -> Result<()> {
    if dir.exists() {
        fs::remove_dir_all(dir).with_context(|| format!("removing {}", dir.display()))?;
    }
    Ok(())
}

/// `true` when the program answers `--version`.
pub fn have_program(name: &str) -> bool {
    Command::new(name)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// `text` on one line (newlines become " | "), cut after `max` characters.
pub fn one_line(text: &str, max: usize) -> String {
    let joined = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" | ");
    match joined.char_indices().nth(max) {
        Some((cut, _)) => format!("{} …", &joined[..cut]),
        None => joined,
    }
}

/// The free space of the file system holding `path`, in GiB (from `df`); `None` where `df`
/// cannot say.
pub fn free_disk_gib(path: &Path) -> Option<f64> {
    let out = Command::new("df")
        .args(["-Pk"])
        .arg(path)
        .stdin(Stdio::null())
        .output()
        .ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    // "Filesystem 1024-blocks Used Available Capacity Mounted on", then one line.
    let kib: f64 = text.lines().nth(1)?.split_whitespace().nth(3)?.parse().ok()?;
    Some(kib / (1024.0 * 1024.0))
}
