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
            let files = match parse_patch(text) {
                Ok(files) => files,
                Err(reason) => return finding(reason),
            };
            if let Some(f) = files.iter().find(|f| f.context_run > MAX_CONTEXT_RUN) {
                return finding(format!(
                    "{}: a hunk carries more than {MAX_CONTEXT_RUN} upstream context lines in a row \
                     (make patches with git's default -U3)",
                    f.path
                ));
            }
            // The whole new files a patch carries are held to the rules of committed files;
            // the lines it adds to existing files (upstream's, or ours from an earlier patch)
            // must hold no copied block. Lines it only moves or re-indents (removed and added
            // again, whitespace aside) are not new text.
            return files.into_iter().find_map(|f| {
                let added = f.added.join("\n");
                let reason = if f.new {
                    self.check(&f.path, &added).map(|f| f.reason)
                } else {
                    let removed: HashSet<String> = normalized(&f.removed.join("\n")).into_iter().collect();
                    let lines: Vec<String> = normalized(&added)
                        .into_iter()
                        .filter(|l| !removed.contains(l))
                        .collect();
                    self.copied_block(&significant(&lines))
                };
                reason.map(|reason| Finding {
                    file: name.to_string(),
                    reason: format!("{}: {reason}", f.path),
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

/// One file's part of a patch.
#[derive(Debug, Default, PartialEq, Eq)]
struct FileDiff {
    path: String,
    /// The patch creates the file (`new file mode`).
    new: bool,
    added: Vec<String>,
    removed: Vec<String>,
    /// The longest run of context lines in one of its hunks.
    context_run: usize,
}

/// The files of a patch (`git format-patch` or `git diff` output), hunk by hunk. Hunks are
/// read by the line counts of their `@@ -a,b +c,d @@` headers, so any line inside one is
/// content (an added `++ x`, a removed `- ` that reads `-- `), and the text around them
/// (message, diffstat, signature) is not. A header that cannot be read is an error.
fn parse_patch(text: &str) -> Result<Vec<FileDiff>, String> {
    let mut files: Vec<FileDiff> = Vec::new();
    // Lines left in the current hunk: (old, new).
    let mut left = (0usize, 0usize);
    let count_down = |n: &mut usize| -> Result<(), String> {
        *n = n.checked_sub(1).ok_or("a hunk longer than its header says")?;
        Ok(())
    };
    let mut run = 0;
    for line in text.lines() {
        if left != (0, 0) {
            let file = files.last_mut().expect("a hunk belongs to a file");
            match line.as_bytes().first() {
                Some(b'+') => {
                    file.added.push(line[1..].to_string());
                    count_down(&mut left.1)?;
                    run = 0;
                }
                Some(b'-') => {
                    file.removed.push(line[1..].to_string());
                    count_down(&mut left.0)?;
                    run = 0;
                }
                Some(b'\\') => {} // "\ No newline at end of file"
                Some(b' ') | None => {
                    count_down(&mut left.0)?;
                    count_down(&mut left.1)?;
                    run += 1;
                    file.context_run = file.context_run.max(run);
                }
                Some(_) => return Err(format!("an unreadable line inside a hunk: `{line}`")),
            }
            continue;
        }
        if let Some(rest) = line.strip_prefix("diff --git ") {
            files.push(FileDiff {
                path: diff_path(rest).ok_or_else(|| format!("an unreadable file header: `{line}`"))?,
                ..Default::default()
            });
        } else if let Some(file) = files.last_mut() {
            if line.starts_with("new file mode") {
                file.new = true;
            } else if let Some(header) = line.strip_prefix("@@ -") {
                left = hunk_counts(header).ok_or_else(|| format!("an unreadable hunk header: `{line}`"))?;
                run = 0;
            }
        }
    }
    if left != (0, 0) {
        return Err("the patch ends inside a hunk".into());
    }
    Ok(files)
}

/// The old path of `diff --git a/x b/x` (after `diff --git `), quoted or not.
fn diff_path(rest: &str) -> Option<String> {
    if let Some(quoted) = rest.strip_prefix('"') {
        // Git's C-style quoting: the path ends at the first unescaped quote.
        let mut escaped = false;
        let end = quoted.char_indices().find_map(|(i, c)| {
            let end = c == '"' && !escaped;
            escaped = c == '\\' && !escaped;
            end.then_some(i)
        })?;
        return quoted[..end].strip_prefix("a/").map(str::to_string);
    }
    let path = rest.strip_prefix("a/")?;
    Some(path.split(" b/").next().unwrap_or(path).to_string())
}

/// The old and new line counts of a hunk header (after `@@ -`): `a,b +c,d @@`, a count
/// being 1 when left out.
fn hunk_counts(header: &str) -> Option<(usize, usize)> {
    let (old, rest) = header.split_once(" +")?;
    let (new, _) = rest.split_once(" @@")?;
    let count = |range: &str| -> Option<usize> {
        match range.split_once(',') {
            Some((_, n)) => n.parse().ok(),
            None => range.parse::<usize>().ok().map(|_| 1),
        }
    };
    Some((count(old)?, count(new)?))
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
        let patch = "diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1,6 +1,7 @@\n a\n b\n c\n+d\n e\n f\n g\n";
        assert_eq!(index().check("0001-x.patch", patch), None);
    }

    #[test]
    fn patch_with_wide_context_is_flagged() {
        let patch = "diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1,7 +1,8 @@\n a\n b\n c\n d\n e\n f\n g\n+h\n";
        let f = index().check("0001-x.patch", patch).unwrap();
        assert!(
            f.reason
                .starts_with("x: a hunk carries more than 6 upstream context lines"),
            "{}",
            f.reason
        );
    }

    #[test]
    fn hunks_are_read_by_their_line_counts() {
        // A removed line `- ` (reads `-- `, the signature's marker), an added `++ x`, a
        // missing newline, two hunks, a quoted path: all inside hunks, all content.
        let patch = "Subject: [PATCH] x\n---\n src/a.rs | 2 +-\n\n\
                     diff --git \"a/src/\\303\\251.rs\" \"b/src/\\303\\251.rs\"\n--- a\n+++ b\n\
                     @@ -1,2 +1,2 @@\n a\n-- \n\\ No newline at end of file\n+++ x\n\
                     @@ -9 +9,2 @@\n b\n+c\n-- \n2.39.5\n";
        let files = parse_patch(patch).unwrap();
        assert_eq!(
            files,
            vec![FileDiff {
                path: "src/\\303\\251.rs".into(),
                new: false,
                added: vec!["++ x".into(), "c".into()],
                removed: vec!["- ".into()],
                context_run: 1,
            }]
        );
        // Counts that do not match the lines are an error, not silently dropped text.
        assert_eq!(
            parse_patch("diff --git a/x b/x\n@@ -1,2 +1,3 @@\n a\n+b\n").unwrap_err(),
            "the patch ends inside a hunk"
        );
        assert!(index()
            .check("0001-x.patch", "diff --git x\n")
            .unwrap()
            .reason
            .starts_with("an unreadable file header"));
    }

    #[test]
    fn moved_or_reindented_upstream_lines_are_not_copies() {
        let removed: String = upstream_file().lines().take(12).map(|l| format!("-{l}\n")).collect();
        let added: String = upstream_file()
            .lines()
            .take(12)
            .map(|l| format!("+    {l}\n"))
            .collect();
        let patch = format!(
            "diff --git a/src/x.rs b/src/x.rs\n--- a/src/x.rs\n+++ b/src/x.rs\n@@ -1,12 +1,12 @@\n{removed}{added}"
        );
        assert_eq!(index().check("0001-x.patch", &patch), None);
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
        let files = parse_patch(&patch_adding(&ours)).unwrap();
        assert_eq!(
            files
                .iter()
                .map(|f| (f.path.as_str(), f.new, f.added.join("\n") + "\n"))
                .collect::<Vec<_>>(),
            vec![
                ("src/lib.rs", false, "pub mod new;\n".to_string()),
                ("src/new.rs", true, ours)
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
        assert_eq!(
            parse_patch(&patch).unwrap()[0].added.last().map(String::as_str),
            Some("+ not a header")
        );
    }
}
