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

/// `text` on one line (its non-empty lines joined with " | "), at most about `max`
/// characters: the first line and the end, where a command's own error comes after its
/// progress output.
pub fn one_line(text: &str, max: usize) -> String {
    let lines: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    let joined = lines.join(" | ");
    let count = joined.chars().count();
    if count <= max {
        return joined;
    }
    let first: String = lines[0].chars().take(max / 3).collect();
    let tail_len = max - first.chars().count();
    let tail: String = joined.chars().skip(count - tail_len).collect();
    format!("{first} … {tail}")
}

/// The free space of the file system holding `path`, in GiB (from `df -Pk`); `None` where
/// `df` cannot say.
pub fn free_disk_gib(path: &Path) -> Option<f64> {
    let out = Command::new("df")
        .arg("-Pk")
        .arg(path)
        .stdin(Stdio::null())
        .output()
        .ok()?;
    parse_df(&String::from_utf8(out.stdout).ok()?)
}

/// The available GiB of `df -Pk`'s one file system: the field before the capacity (the
/// first ending in `%`), counted from there since a file system's name may hold spaces.
fn parse_df(text: &str) -> Option<f64> {
    let fields: Vec<&str> = text.lines().nth(1)?.split_whitespace().collect();
    let capacity = fields.iter().position(|f| f.ends_with('%'))?;
    let kib: f64 = fields.get(capacity.checked_sub(1)?)?.parse().ok()?;
    Some(kib / (1024.0 * 1024.0))
}

#[cfg(test)]
mod tests {
    use super::{one_line, parse_df};

    #[test]
    fn a_failed_steps_reason_is_one_line_with_its_start_and_end() {
        assert_eq!(
            one_line(
                "`cargo build` failed (exit status: 101)\n\n  caused by: no space\n",
                100
            ),
            "`cargo build` failed (exit status: 101) | caused by: no space"
        );
        // Too long: the first line's start, then the end, where cargo's `error:` is.
        let long = format!(
            "`cargo build` failed:\n{}error: No space left on device",
            "Compiling x\n".repeat(50)
        );
        let line = one_line(&long, 60);
        assert_eq!(line, "`cargo build` failed … iling x | error: No space left on device");
        assert_eq!(line.chars().count(), 60 + " … ".chars().count());
        // Characters, not bytes.
        assert_eq!(one_line("ééééééééé", 6), "éé … éééé");
        assert_eq!(one_line("abc", 3), "abc");
    }

    #[test]
    fn df_output_gives_the_available_gib() {
        let gnu = "Filesystem     1024-blocks     Used Available Capacity Mounted on\n\
                   /dev/vda         263174212 88123456  6291456      94% /\n";
        assert_eq!(parse_df(gnu), Some(6.0));
        let spaced = "Filesystem 1024-blocks Used Available Capacity Mounted on\n\
                      map auto_home 0 0 1048576 100% /System/Volumes/Data/home\n";
        assert_eq!(parse_df(spaced), Some(1.0));
        assert_eq!(parse_df(""), None);
        assert_eq!(parse_df("Filesystem\n"), None);
    }
}
