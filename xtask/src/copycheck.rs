//! The guard against committing upstream source: every committed file is compared with the
//! pinned upstream crates, and patch files may carry only the context lines git needs.
//!
//! A file is flagged when it is
//! - identical to an upstream file (after collapsing whitespace),
//! - a near copy: more than half of its significant lines occur upstream, or
//! - holds a copied block: `WINDOW` consecutive significant lines that occur, in that order,
//!   in an upstream file.
//!
//! A patch is flagged when a hunk carries a run of more than `MAX_CONTEXT_RUN` context lines.

use std::{
    collections::HashSet,
    fs,
    hash::{DefaultHasher, Hasher as _},
    path::{Path, PathBuf},
};

use anyhow::Result;

use crate::util;

/// Lines shorter than this (after collapsing whitespace) are too common to mean anything.
const SIGNIFICANT_LEN: usize = 25;
/// Consecutive significant lines that make a copied block.
const WINDOW: usize = 10;
/// `git diff -U3` never needs more than 2 × 3 context lines in a row inside a hunk.
const MAX_CONTEXT_RUN: usize = 6;

const TEXT_EXTENSIONS: &[&str] = &["rs", "wgsl", "toml", "md", "ron", "txt", "json", "yml", "yaml", "sh"];

#[derive(Debug, PartialEq, Eq)]
pub struct Finding {
    pub file: String,
    pub reason: String,
}

/// What we know of the upstream sources.
#[derive(Default)]
pub struct Upstream {
    whole: HashSet<u64>,
    lines: HashSet<String>,
    windows: HashSet<u64>,
}

fn hash_of<T: std::hash::Hash + ?Sized>(t: &T) -> u64 {
    let mut h = DefaultHasher::new();
    t.hash(&mut h);
    h.finish()
}

fn normalized(text: &str) -> Vec<String> {
    text.lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect()
}

fn significant(lines: &[String]) -> Vec<&String> {
    lines
        .iter()
        .filter(|l| l.len() >= SIGNIFICANT_LEN && !l.starts_with("//"))
        .collect()
}

impl Upstream {
    pub fn add_text(&mut self, text: &str) {
        let lines = normalized(text);
        self.whole.insert(hash_of(&lines));
        let sig = significant(&lines);
        for window in sig.windows(WINDOW) {
            self.windows.insert(hash_of(window));
        }
        self.lines.extend(sig.into_iter().cloned());
    }

    /// Indexes every text file under each root.
    pub fn index(roots: &[PathBuf]) -> Result<Self> {
        let mut upstream = Self::default();
        for root in roots {
            for rel in util::files_under(root)? {
                if is_text_path(&rel) {
                    if let Ok(text) = fs::read_to_string(root.join(&rel)) {
                        upstream.add_text(&text);
                    }
                }
            }
        }
        Ok(upstream)
    }

    /// Findings for one file of ours.
    pub fn check(&self, name: &str, text: &str) -> Option<Finding> {
        let finding = |reason: String| {
            Some(Finding {
                file: name.to_string(),
                reason,
            })
        };
        if name.ends_with(".patch") || name.ends_with(".diff") {
            if let Some(reason) = check_patch(text) {
                return finding(reason);
            }
            // The whole new files a patch carries are held to the rules of committed files;
            // the lines it adds to existing files (upstream's, or ours from an earlier patch)
            // must hold no copied block.
            return added_text(text).into_iter().find_map(|(path, added, new)| {
                let reason = if new {
                    self.check(&format!("{name}: {path}"), &added).map(|f| f.reason)
                } else {
                    self.copied_block(&significant(&normalized(&added)))
                };
                reason.map(|reason| Finding {
                    file: name.to_string(),
                    reason: format!("{path}: {reason}"),
                })
            });
        }
        let lines = normalized(text);
        if text.len() > 200 && self.whole.contains(&hash_of(&lines)) {
            return finding("identical to an upstream file".into());
        }
        let sig = significant(&lines);
        let shared = sig.iter().filter(|l| self.lines.contains(**l)).count();
        if sig.len() >= 30 && shared * 2 > sig.len() {
            return finding(format!(
                "near copy: {shared} of its {} significant lines occur upstream",
                sig.len()
            ));
        }
        self.copied_block(&sig).and_then(finding)
    }

    /// `WINDOW` consecutive significant lines that occur, in that order, upstream.
    fn copied_block(&self, sig: &[&String]) -> Option<String> {
        let at = sig.windows(WINDOW).position(|w| self.windows.contains(&hash_of(w)))?;
        Some(format!(
            "holds a block of {WINDOW} lines copied from upstream, starting at `{}`",
            sig[at]
        ))
    }
}

/// The lines a patch adds, by file, and whether it creates the file (`new file mode`).
/// Header lines are told from content by position: inside a hunk, every line is content
/// (an added line `++ x` is content, not a header).
fn added_text(text: &str) -> Vec<(String, String, bool)> {
    let mut out: Vec<(String, String, bool)> = Vec::new();
    let mut current: Option<(String, String, bool)> = None;
    let mut in_hunk = false;
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("diff --git a/") {
            out.extend(current.take());
            in_hunk = false;
            let path = rest.split(" b/").next().unwrap_or(rest).to_string();
            current = Some((path, String::new(), false));
        } else if line == "-- " {
            out.extend(current.take());
            in_hunk = false;
        } else if line.starts_with("@@") {
            in_hunk = true;
        } else if let Some((_, added, new)) = current.as_mut() {
            if !in_hunk {
                *new |= line.starts_with("new file mode");
            } else if let Some(body) = line.strip_prefix('+') {
                added.push_str(body);
                added.push('\n');
            }
        }
    }
    out.extend(current);
    out.retain(|(_, added, _)| !added.is_empty());
    out
}

fn check_patch(text: &str) -> Option<String> {
    let mut in_hunk = false;
    let mut run = 0;
    for line in text.lines() {
        if line.starts_with("@@") {
            in_hunk = true;
            run = 0;
        } else if line.starts_with("diff --git") || line == "-- " {
            in_hunk = false;
        } else if in_hunk {
            if line.starts_with(' ') || line.is_empty() {
                run += 1;
                if run > MAX_CONTEXT_RUN {
                    return Some(format!(
                        "a hunk carries more than {MAX_CONTEXT_RUN} upstream context lines in a row \
                         (make patches with git's default -U3)"
                    ));
                }
            } else {
                run = 0;
            }
        }
    }
    None
}

fn is_text_path(rel: &str) -> bool {
    Path::new(rel)
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| TEXT_EXTENSIONS.contains(&e) || e == "patch" || e == "diff")
}

/// Checks the given files (name, text) and returns the findings.
pub fn check_all<'a>(upstream: &Upstream, files: impl IntoIterator<Item = (&'a str, &'a str)>) -> Vec<Finding> {
    files
        .into_iter()
        .filter_map(|(name, text)| upstream.check(name, text))
        .collect()
}

/// The committed text files of the repository at `root`, with their contents.
pub fn committed_files(root: &Path) -> Result<Vec<(String, String)>> {
    let listed = util::output(util::git(root).args(["ls-files", "-z"]))?;
    let mut out = Vec::new();
    for name in listed.split(|b| *b == 0).filter(|s| !s.is_empty()) {
        let name = String::from_utf8_lossy(name).into_owned();
        if name.ends_with(".lock") || !is_text_path(&name) {
            continue;
        }
        if let Ok(text) = fs::read_to_string(root.join(&name)) {
            out.push((name, text));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn upstream_file() -> String {
        (0..60)
            .map(|i| format!("    let upstream_value_{i} = compute_something_upstream({i}, \"field {i}\");\n"))
            .collect()
    }

    fn index() -> Upstream {
        let mut up = Upstream::default();
        up.add_text(&upstream_file());
        up
    }

    #[test]
    fn identical_file_is_flagged() {
        let f = index().check("src/copied.rs", &upstream_file()).unwrap();
        assert_eq!(f.reason, "identical to an upstream file");
    }

    #[test]
    fn reindented_copy_is_still_identical() {
        let text = upstream_file().replace("    ", "\t");
        let f = index().check("src/copied.rs", &text).unwrap();
        assert_eq!(f.reason, "identical to an upstream file");
    }

    #[test]
    fn near_copy_is_flagged() {
        let mut text = upstream_file();
        text.push_str("fn ours() -> u32 { 42 }\n");
        let f = index().check("src/near.rs", &text).unwrap();
        assert_eq!(f.reason, "near copy: 60 of its 60 significant lines occur upstream");
    }

    #[test]
    fn copied_block_inside_own_file_is_flagged() {
        let mut text: String = (0..80)
            .map(|i| format!("    let our_own_value_{i} = something_we_wrote_ourselves({i});\n"))
            .collect();
        text.extend(upstream_file().lines().skip(20).take(WINDOW).map(|l| format!("{l}\n")));
        let f = index().check("src/mixed.rs", &text).unwrap();
        assert!(
            f.reason.starts_with("holds a block of 10 lines copied from upstream"),
            "{}",
            f.reason
        );
    }

    #[test]
    fn own_code_passes() {
        let text: String = (0..80)
            .map(|i| format!("    let our_own_value_{i} = something_we_wrote_ourselves({i});\n"))
            .collect();
        assert_eq!(index().check("src/ours.rs", &text), None);
    }

    #[test]
    fn nine_copied_lines_pass() {
        let text: String = upstream_file()
            .lines()
            .take(WINDOW - 1)
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!(index().check("src/short.rs", &text), None);
    }

    #[test]
    fn patch_with_default_context_passes() {
        let patch = "diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1,7 +1,8 @@\n a\n b\n c\n+d\n e\n f\n g\n";
        assert_eq!(check_patch(patch), None);
    }

    #[test]
    fn patch_with_wide_context_is_flagged() {
        let patch = "diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1,9 +1,10 @@\n a\n b\n c\n d\n e\n f\n g\n+h\n";
        assert!(check_patch(patch)
            .unwrap()
            .contains("more than 6 upstream context lines"));
    }

    /// A patch adding `text` as a new file `src/new.rs`, beside a one-line change.
    fn patch_adding(text: &str) -> String {
        let mut patch = String::from(
            "Subject: [PATCH] Story\n---\ndiff --git a/src/lib.rs b/src/lib.rs\nindex 1..2 100644\n\
             --- a/src/lib.rs\n+++ b/src/lib.rs\n@@ -1,1 +1,2 @@\n pub mod a;\n+pub mod new;\n\
             diff --git a/src/new.rs b/src/new.rs\nnew file mode 100644\nindex 0..3\n--- /dev/null\n+++ b/src/new.rs\n",
        );
        patch.push_str(&format!("@@ -0,0 +1,{} @@\n", text.lines().count()));
        for line in text.lines() {
            patch.push_str(&format!("+{line}\n"));
        }
        patch.push_str("-- \n2.39.5\n");
        patch
    }

    #[test]
    fn new_files_inside_patches_are_checked_as_files() {
        let copied = index()
            .check("0001-Story.patch", &patch_adding(&upstream_file()))
            .unwrap();
        assert_eq!(copied.reason, "src/new.rs: identical to an upstream file");
        let ours: String = (0..80)
            .map(|i| format!("    let our_own_value_{i} = something_we_wrote_ourselves({i});\n"))
            .collect();
        assert_eq!(index().check("0001-Story.patch", &patch_adding(&ours)), None);
        assert_eq!(
            added_text(&patch_adding(&ours)),
            vec![
                ("src/lib.rs".to_string(), "pub mod new;\n".to_string(), false),
                ("src/new.rs".to_string(), ours, true)
            ]
        );
    }

    #[test]
    fn lines_added_to_existing_files_hold_no_copied_block() {
        // A later patch growing a file of ours (or an upstream one) with upstream's lines.
        let block: String = upstream_file()
            .lines()
            .skip(5)
            .take(WINDOW)
            .map(|l| format!("+{l}\n"))
            .collect();
        let patch = format!(
            "Subject: [PATCH] Story\n---\ndiff --git a/src/ours.rs b/src/ours.rs\nindex 1..2 100644\n\
             --- a/src/ours.rs\n+++ b/src/ours.rs\n@@ -1,1 +1,11 @@\n pub mod a;\n{block}-- \n2.39.5\n"
        );
        let f = index().check("0002-Story.patch", &patch).unwrap();
        assert!(
            f.reason.starts_with("src/ours.rs: holds a block of 10 lines copied"),
            "{}",
            f.reason
        );
        // Nine lines pass, and an added line that looks like a header is content.
        let short: String = upstream_file()
            .lines()
            .take(WINDOW - 1)
            .map(|l| format!("+{l}\n"))
            .collect();
        let patch = patch.replace(&block, &format!("{short}++ not a header\n"));
        assert_eq!(index().check("0002-Story.patch", &patch), None);
        assert_eq!(added_text(&patch)[0].1.lines().last(), Some("+ not a header"));
    }
}
