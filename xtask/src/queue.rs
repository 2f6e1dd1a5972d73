//! The patch queue: materializing a patched crate as a git repository, and saving the edits
//! made in it back into patch files.
//!
//! A materialized tree is a git repository with this history:
//!
//! 1. `upstream` (tag): the pristine crate, byte for byte as published.
//! 2. one commit per patch file, applied in file-name order with `git am`.
//!
//! A crate's series is a *series of stories*: each patch carries the new files it adds,
//! whole, beside its hunks in upstream files, so that every prefix of the series is
//! self-contained (`cargo xtask check-series`). Saving inverts materializing: every commit
//! after `upstream`, all paths, becomes a patch file (`git format-patch`). Both directions
//! are deterministic, so patch → save is lossless.

use std::{
    collections::BTreeSet,
    fs,
    path::{Path, PathBuf},
    process::Command,
};

use anyhow::{bail, Context as _, Result};
use serde::{Deserialize, Serialize};

use crate::util::{self, git};

/// Bumped whenever materialization changes in a way that must rebuild existing trees.
const FORMAT: &str = "patch-queue/2";

const BOT_NAME: &str = "wgpu-bindless xtask";
const BOT_EMAIL: &str = "xtask@wgpu-bindless.invalid";
const BOT_DATE: &str = "2000-01-01T00:00:00+0000";

/// The inputs and output of one crate's materialization.
#[derive(Clone, Debug)]
pub struct Queue {
    /// Crate name, for messages.
    pub name: String,
    /// Identity of the pristine sources (version and checksum); part of the stamp.
    pub pristine_id: String,
    pub pristine: PathBuf,
    pub patches: PathBuf,
    pub tree: PathBuf,
}

#[derive(Serialize, Deserialize, PartialEq, Eq, Debug)]
struct Stamp {
    inputs: String,
    head: String,
}

#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    UpToDate,
    Materialized { patches: usize },
}

/// One difference between the committed patch queue and a materialized tree.
#[derive(Debug, PartialEq, Eq, Clone)]
pub struct Difference(pub String);

impl Queue {
    fn stamp_path(&self) -> PathBuf {
        self.tree.join(".git/xtask-stamp.json")
    }

    fn patch_files(&self) -> Result<Vec<PathBuf>> {
        Ok(util::files_under(&self.patches)?
            .into_iter()
            .filter(|f| f.ends_with(".patch") && !f.contains('/'))
            .map(|f| self.patches.join(f))
            .collect())
    }

    /// Hash of everything the materialized tree is made from.
    fn inputs_hash(&self) -> Result<String> {
        let mut all = format!("{FORMAT}\n{}\n", self.pristine_id).into_bytes();
        for patch in self.patch_files()? {
            all.extend_from_slice(patch.file_name().unwrap().to_string_lossy().as_bytes());
            all.push(0);
            all.extend(fs::read(&patch)?);
            all.push(0);
        }
        Ok(util::sha256_hex(all))
    }

    /// Whether the queue has any patch (naga-types, say, is pinned but has none).
    pub fn has_patches(&self) -> Result<bool> {
        Ok(!self.patch_files()?.is_empty())
    }

    /// The files of the tree that upstream does not have: ours, wherever they are kept.
    pub fn our_files(&self) -> Result<Vec<String>> {
        let upstream = tree_files(&self.tree, "upstream")?;
        Ok(tree_files(&self.tree, "HEAD")?.difference(&upstream).cloned().collect())
    }

    /// Commits the tree as it is (the pristine sources just copied in) as `upstream <id>`.
    fn commit_upstream(&self) -> Result<()> {
        bot(git(&self.tree).args(["add", "--all", "--force"]))?;
        bot(git(&self.tree).args(["commit", "--quiet", "--allow-empty", "-m", &self.upstream_subject()]))
    }

    /// The subject of the commit that holds this queue's pristine sources.
    fn upstream_subject(&self) -> String {
        format!("upstream {}", self.pristine_id)
    }

    fn head(&self) -> Result<String> {
        Ok(util::output_string(git(&self.tree).args(["rev-parse", "HEAD"]))?
            .trim()
            .to_string())
    }

    fn is_dirty(&self) -> Result<bool> {
        let status = util::output(git(&self.tree).args(["status", "--porcelain", "--untracked-files=all"]))?;
        Ok(!status.is_empty())
    }

    /// Whether the tree holds work that `save` has not written back yet.
    pub fn has_unsaved_work(&self) -> Result<bool> {
        if !self.tree.join(".git").exists() {
            return Ok(false);
        }
        let head = self.head()?;
        let stamp = read_stamp(&self.stamp_path());
        Ok(self.is_dirty()? || stamp.is_none_or(|s| s.head != head))
    }

    fn write_stamp(&self) -> Result<()> {
        let stamp = Stamp {
            inputs: self.inputs_hash()?,
            head: self.head()?,
        };
        fs::write(self.stamp_path(), serde_json::to_vec_pretty(&stamp)?)?;
        Ok(())
    }

    /// Builds `tree` from the pristine sources and the patches, unless it is
    /// already up to date. Refuses to discard unsaved edits unless `force`.
    pub fn materialize(&self, force: bool) -> Result<Outcome> {
        if self.tree.join(".git").exists() {
            let unsaved = self.has_unsaved_work()?;
            if !unsaved
                && read_stamp(&self.stamp_path()).is_some_and(|s| s.inputs == self.inputs_hash().unwrap_or_default())
            {
                return Ok(Outcome::UpToDate);
            }
            if unsaved && !force {
                bail!(
                    "{} has edits that are not saved to {}: run `cargo xtask save` \
                     (or `cargo xtask patch --force` to throw them away)",
                    self.tree.display(),
                    self.patches.display()
                );
            }
        }
        util::remove_dir_if_exists(&self.tree)?;
        fs::create_dir_all(&self.tree)?;
        util::copy_tree(&self.pristine, &self.tree)?;

        bot(git(&self.tree).args(["init", "--quiet", "--initial-branch=patched"]))?;
        // Commits a developer makes in the tree carry their own identity; where git has none,
        // the tree gets the project's so that `git commit` works out of the box.
        if util::output(git(&self.tree).args(["config", "user.email"])).is_err() {
            bot(git(&self.tree).args(["config", "user.name", BOT_NAME]))?;
            bot(git(&self.tree).args(["config", "user.email", BOT_EMAIL]))?;
        }
        self.commit_upstream()?;
        bot(git(&self.tree).args(["tag", "upstream"]))?;

        let patches = self.patch_files()?;
        for patch in &patches {
            let applied = util::output(
                git(&self.tree)
                    .env("GIT_COMMITTER_NAME", BOT_NAME)
                    .env("GIT_COMMITTER_EMAIL", BOT_EMAIL)
                    .args([
                        "am",
                        "--quiet",
                        "--keep-cr",
                        "--whitespace=nowarn",
                        "--committer-date-is-author-date",
                    ])
                    .arg(patch),
            );
            if let Err(err) = applied {
                let _ = util::output(git(&self.tree).args(["am", "--abort"]));
                return Err(err).with_context(|| format!("patch {} does not apply to {}", patch.display(), self.name));
            }
        }
        self.write_stamp()?;
        Ok(Outcome::Materialized { patches: patches.len() })
    }

    /// Writes the tree's state back as patches. With `check`, writes
    /// nothing and returns the differences it would have made (uncommitted edits count as
    /// one). Without it, uncommitted edits are first committed with `message`.
    pub fn save(&self, message: Option<&str>, check: bool) -> Result<Vec<Difference>> {
        if !self.tree.join(".git").exists() {
            bail!(
                "{} is not materialized: run `cargo xtask patch` first",
                self.tree.display()
            );
        }
        if self.rebase_pending() || self.rebasing() {
            bail!(
                "{} is being moved to another upstream: finish with `git rebase --continue` there and \
                 `cargo xtask rebase --continue` before saving",
                self.tree.display()
            );
        }
        // A tree materialized by an older xtask has its new files in one `overlay` commit,
        // which would be saved as a patch of its own.
        if util::output(git(&self.tree).args(["rev-parse", "--verify", "--quiet", "refs/tags/overlay"])).is_ok() {
            bail!(
                "{} was materialized in the older overlay layout: save it with the xtask of that \
                 time, or rebuild it (`cargo xtask patch --force`)",
                self.tree.display()
            );
        }
        let mut differences = Vec::new();
        if self.is_dirty()? {
            if check {
                differences.push(Difference(format!("{}: uncommitted edits", self.tree.display())));
            } else {
                util::output(git(&self.tree).args(["add", "--all"]))?;
                let message = message.unwrap_or("Work in progress (saved by cargo xtask save)");
                util::output(git(&self.tree).args(["commit", "--quiet", "-m", message]))?;
            }
        }

        let staging = self.tree.parent().unwrap().join(".save").join(&self.name);
        util::remove_dir_if_exists(&staging)?;
        let staged_patches = staging.join("patches");
        fs::create_dir_all(&staged_patches)?;
        util::output(
            git(&self.tree)
                .args([
                    "format-patch",
                    "--quiet",
                    "--zero-commit",
                    "--no-signature",
                    "--full-index",
                    "--no-renames",
                    "--no-numbered",
                    "-o",
                ])
                .arg(&staged_patches)
                .arg("upstream..HEAD"),
        )?;

        differences.extend(compare(&staged_patches, &self.patches, "patches", |f| {
            f.ends_with(".patch")
        })?);
        if !check {
            replace(&staged_patches, &self.patches, |f| f.ends_with(".patch"))?;
            self.write_stamp()?;
        }
        util::remove_dir_if_exists(&staging)?;
        Ok(differences)
    }
}

/// Fails if `dir` exists: the overlay folder of an older layout of the queue, which kept
/// all new files in one commit before the patches. A leftover one would be silently
/// ignored; its files belong in the patches that add them.
pub fn refuse_overlay(dir: &Path, name: &str) -> Result<()> {
    if dir.exists() {
        bail!(
            "{} is an overlay folder, a layout the patch queue no longer has: new files of {name} \
             belong in the patch that adds them. Move the folder out of the repository, run \
             `cargo xtask patch`, copy its files into patched/{name}, fold them into the commits \
             that use them (`git rebase -i`), then `cargo xtask save`",
            dir.display()
        );
    }
    Ok(())
}

/// How a rebase onto a new upstream ended.
#[derive(Debug, PartialEq, Eq)]
pub enum Rebased {
    /// The series replayed cleanly (three-way merges included): `commits` commits on top of
    /// the new upstream, tags moved. The caller saves.
    Done { commits: usize },
    /// `git rebase` stopped in the tree with these files in conflict. Resolve them in place,
    /// `git add` them and `git rebase --continue` there, then finish with
    /// [`Queue::finish_rebase`] (`cargo xtask rebase --continue`).
    Conflict { files: Vec<String> },
}

/// Where a tree being rebased remembers its new upstream commit (until the rebase is done).
const REBASE_MARK: &str = ".git/xtask-rebase-onto";

impl Queue {
    /// Replays the series of a tree materialized on the old upstream onto `self.pristine`
    /// (the new upstream): the pristine sources become a commit beside the old `upstream`,
    /// and every commit after `upstream` (the patches) is rebased onto it with
    /// git's three-way merge, so that a hunk whose context moved still applies and a real
    /// conflict stops in place, with a merge base, instead of failing as `git am` does.
    pub fn rebase(&self) -> Result<Rebased> {
        if !self.tree.join(".git").exists() {
            bail!(
                "{} is not materialized: run `cargo xtask patch` first",
                self.tree.display()
            );
        }
        if self.is_dirty()? {
            bail!(
                "{} has uncommitted edits: save or discard them first",
                self.tree.display()
            );
        }
        // The new upstream, as a commit whose parent is the old one (so both stay reachable).
        util::output(git(&self.tree).args(["checkout", "--quiet", "--detach", "upstream"]))?;
        for entry in fs::read_dir(&self.tree)? {
            let path = entry?.path();
            if path.file_name().is_some_and(|n| n == ".git") {
                continue;
            }
            if path.is_dir() {
                fs::remove_dir_all(&path)?;
            } else {
                fs::remove_file(&path)?;
            }
        }
        util::copy_tree(&self.pristine, &self.tree)?;
        self.commit_upstream()?;
        let onto = self.head()?;
        fs::write(self.tree.join(REBASE_MARK), &onto)?;
        util::output(git(&self.tree).args(["checkout", "--quiet", "patched"]))?;
        let replayed = util::output(
            git(&self.tree)
                .env("GIT_COMMITTER_NAME", BOT_NAME)
                .env("GIT_COMMITTER_EMAIL", BOT_EMAIL)
                .args(["rebase", "--quiet", "--onto", &onto, "upstream", "patched"]),
        );
        match replayed {
            Ok(_) => self.finish_rebase(),
            Err(err) => {
                let files = self.conflicted_files()?;
                if files.is_empty() {
                    return Err(err).with_context(|| format!("rebasing {}", self.name));
                }
                Ok(Rebased::Conflict { files })
            }
        }
    }

    /// Completes a rebase that [`Queue::rebase`] left for conflicts to be resolved (the user
    /// ran `git rebase --continue` until it finished): moves the `upstream` tag onto the new
    /// history. The caller saves.
    pub fn finish_rebase(&self) -> Result<Rebased> {
        let mark = self.tree.join(REBASE_MARK);
        let onto =
            fs::read_to_string(&mark).with_context(|| format!("{} has no rebase to finish", self.tree.display()))?;
        let onto = onto.trim();
        if self.rebasing() {
            let files = self.conflicted_files()?;
            bail!(
                "{} is still being rebased{}: resolve, `git add` and `git rebase --continue` there first",
                self.tree.display(),
                if files.is_empty() {
                    String::new()
                } else {
                    format!(" (conflicts in {})", files.join(", "))
                }
            );
        }
        // The series must stand on the new upstream, on its branch (not after `git rebase
        // --abort`, nor on a detached head).
        let on_onto = git(&self.tree)
            .args(["merge-base", "--is-ancestor", onto, "HEAD"])
            .status()
            .context("running git merge-base")?
            .success();
        let branch = util::output_string(git(&self.tree).args(["rev-parse", "--abbrev-ref", "HEAD"]))?;
        if !on_onto || branch.trim() != "patched" {
            bail!(
                "{} is not on the new upstream (was the git rebase aborted?): run `cargo xtask patch --force` \
                 to rebuild it from the old pins, or `cargo xtask rebase <version>` again",
                self.tree.display()
            );
        }
        let commits = util::output_string(git(&self.tree).args(["rev-list", "--reverse", &format!("{onto}..HEAD")]))?;
        let commits: Vec<&str> = commits.lines().collect();
        util::output(git(&self.tree).args(["tag", "--force", "upstream", onto]))?;
        fs::remove_file(&mark)?;
        Ok(Rebased::Done { commits: commits.len() })
    }

    /// Whether [`Queue::rebase`] left this tree mid-way.
    pub fn rebase_pending(&self) -> bool {
        self.tree.join(REBASE_MARK).exists()
    }

    /// Whether the tree's `upstream` commit holds the pinned sources (`false`: materialized
    /// on other pins, e.g. before `cargo xtask rebase` moved them).
    pub fn on_pinned_upstream(&self) -> Result<bool> {
        if !self.tree.join(".git").exists() {
            return Ok(true);
        }
        let subject = util::output_string(git(&self.tree).args(["log", "-1", "--format=%s", "upstream"]))?;
        Ok(subject.trim() == self.upstream_subject())
    }

    /// Whether a `git rebase` is stopped in the tree.
    fn rebasing(&self) -> bool {
        self.tree.join(".git/rebase-merge").exists() || self.tree.join(".git/rebase-apply").exists()
    }

    fn conflicted_files(&self) -> Result<Vec<String>> {
        let out = util::output_string(git(&self.tree).args(["diff", "--name-only", "--diff-filter=U"]))?;
        Ok(out.lines().map(str::to_string).collect())
    }
}

/// Finishes the `git rebase` stopped in `tree` (by [`Queue::rebase`]) by resolving every
/// conflict in favour of the release moved to, hunk by hunk: each conflicted file is merged
/// again with `git merge-file --ours` (the rebase's "ours" is `HEAD`: the new upstream with
/// the patches replayed so far), so the series' other changes to the file stay. Stops, as
/// often as git does, until the rebase is done; only files that `expected` accepts may
/// conflict. Returns the files resolved, as `<tree name>:<file>`. For the rebase probe,
/// where such a conflict is the series wiring into code the other release lacks; a user
/// resolves conflicts by hand.
pub fn resolve_for_release(tree: &Path, expected: impl Fn(&str) -> bool) -> Result<Vec<String>> {
    let name = tree
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let stopped = |tree: &Path| tree.join(".git/rebase-merge").exists() || tree.join(".git/rebase-apply").exists();
    let mut resolved = Vec::new();
    while stopped(tree) {
        let files = util::output_string(git(tree).args(["diff", "--name-only", "--diff-filter=U"]))?;
        let files: Vec<&str> = files.lines().collect();
        if let Some(file) = files.iter().find(|f| !expected(f)) {
            bail!(
                "{name}: unexpected conflict in {file} (conflicts: {})",
                files.join(", ")
            );
        }
        for file in &files {
            // The three sides, in the tree's git folder (never committed).
            let dir = tree.join(".git/xtask-resolve");
            fs::create_dir_all(&dir)?;
            let stage = |n: u32| -> Result<PathBuf> {
                let path = dir.join(format!("stage{n}"));
                fs::write(&path, util::output(git(tree).arg("show").arg(format!(":{n}:{file}")))?)?;
                Ok(path)
            };
            let (base, ours, theirs) = (stage(1)?, stage(2)?, stage(3)?);
            let merged = util::output(
                git(tree)
                    .args(["merge-file", "-p", "--ours"])
                    .args([&ours, &base, &theirs]),
            )?;
            fs::write(tree.join(file), merged)?;
            fs::remove_dir_all(&dir)?;
            util::output(git(tree).args(["add", "--"]).arg(file))?;
            resolved.push(format!("{name}:{file}"));
        }
        // `git rebase --continue` stops again (non-zero) at the next conflict, if any.
        let _ = git(tree)
            .env("GIT_EDITOR", "true")
            .env("GIT_COMMITTER_NAME", BOT_NAME)
            .env("GIT_COMMITTER_EMAIL", BOT_EMAIL)
            .args(["rebase", "--continue"])
            .stdin(std::process::Stdio::null())
            .output()
            .context("running git rebase --continue")?;
        let still = util::output_string(git(tree).args(["diff", "--name-only", "--diff-filter=U"]))?;
        if stopped(tree) && still.trim().is_empty() {
            bail!("{name}: git rebase --continue stopped without a conflict");
        }
    }
    Ok(resolved)
}

fn bot(cmd: &mut Command) -> Result<()> {
    util::output(
        cmd.env("GIT_AUTHOR_NAME", BOT_NAME)
            .env("GIT_AUTHOR_EMAIL", BOT_EMAIL)
            .env("GIT_AUTHOR_DATE", BOT_DATE)
            .env("GIT_COMMITTER_NAME", BOT_NAME)
            .env("GIT_COMMITTER_EMAIL", BOT_EMAIL)
            .env("GIT_COMMITTER_DATE", BOT_DATE),
    )
    .map(drop)
}

fn read_stamp(path: &Path) -> Option<Stamp> {
    serde_json::from_slice(&fs::read(path).ok()?).ok()
}

fn tree_files(tree: &Path, rev: &str) -> Result<BTreeSet<String>> {
    let out = util::output(git(tree).args(["ls-tree", "-r", "-z", "--name-only", rev]))?;
    Ok(out
        .split(|b| *b == 0)
        .filter(|s| !s.is_empty())
        .map(|s| String::from_utf8_lossy(s).into_owned())
        .collect())
}

/// Files of `new` vs `old` (only those `keep` selects), as readable differences.
fn compare(new: &Path, old: &Path, label: &str, keep: impl Fn(&str) -> bool) -> Result<Vec<Difference>> {
    let new_files: BTreeSet<_> = util::files_under(new)?.into_iter().filter(|f| keep(f)).collect();
    let old_files: BTreeSet<_> = util::files_under(old)?.into_iter().filter(|f| keep(f)).collect();
    let mut out = Vec::new();
    for f in new_files.union(&old_files) {
        let verdict = match (new_files.contains(f), old_files.contains(f)) {
            (true, false) => "new",
            (false, true) => "removed",
            _ if fs::read(new.join(f))? != fs::read(old.join(f))? => "changed",
            _ => continue,
        };
        out.push(Difference(format!("{label}/{f}: {verdict}")));
    }
    Ok(out)
}

/// Makes the files of `dst` that `keep` selects exactly those of `src`.
fn replace(src: &Path, dst: &Path, keep: impl Fn(&str) -> bool) -> Result<()> {
    let wanted: BTreeSet<_> = util::files_under(src)?.into_iter().collect();
    for f in util::files_under(dst)? {
        if keep(&f) && !wanted.contains(&f) {
            fs::remove_file(dst.join(&f))?;
        }
    }
    remove_empty_dirs(dst)?;
    if !wanted.is_empty() {
        util::copy_tree(src, dst)?;
    }
    Ok(())
}

fn remove_empty_dirs(dir: &Path) -> Result<bool> {
    if !dir.is_dir() {
        return Ok(false);
    }
    let mut empty = true;
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if !(path.is_dir() && remove_empty_dirs(&path)?) {
            empty = false;
        }
    }
    if empty {
        fs::remove_dir(dir)?;
    }
    Ok(empty)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fake upstream crate and an empty patch queue in a temporary folder.
    struct Fixture {
        _dir: tempfile::TempDir,
        queue: Queue,
    }

    const LIB: &str = "pub fn answer() -> u32 {\n    41\n}\n\npub fn other() -> u32 {\n    1\n}\n";

    fn fixture() -> Fixture {
        let dir = tempfile::tempdir().unwrap();
        let pristine = dir.path().join("pristine");
        fs::create_dir_all(pristine.join("src")).unwrap();
        fs::write(
            pristine.join("Cargo.toml"),
            "[package]\nname = \"demo\"\nversion = \"1.0.0\"\n",
        )
        .unwrap();
        fs::write(pristine.join("src/lib.rs"), LIB).unwrap();
        // Published crates may ship a .gitignore; its patterns must not hide upstream files.
        fs::write(pristine.join(".gitignore"), "*.txt\n").unwrap();
        fs::write(pristine.join("notes.txt"), "kept\n").unwrap();
        let queue = Queue {
            name: "demo".into(),
            pristine_id: "demo 1.0.0".into(),
            pristine,
            patches: dir.path().join("ext/patches/demo"),
            tree: dir.path().join("patched/demo"),
        };
        Fixture { _dir: dir, queue }
    }

    fn tree_snapshot(dir: &Path) -> Vec<(String, Vec<u8>)> {
        util::files_under(dir)
            .unwrap()
            .into_iter()
            .map(|f| {
                let bytes = fs::read(dir.join(&f)).unwrap();
                (f, bytes)
            })
            .collect()
    }

    /// Rebuilt from the queue alone, the tree is `edited` again, and saving finds nothing.
    fn rebuilds_the_same(q: &Queue, edited: &[(String, Vec<u8>)], patches: usize) {
        util::remove_dir_if_exists(&q.tree).unwrap();
        assert_eq!(q.materialize(false).unwrap(), Outcome::Materialized { patches });
        assert_eq!(tree_snapshot(&q.tree), edited);
        assert_eq!(q.save(None, true).unwrap(), vec![]);
    }

    fn commit_all(tree: &Path, message: &str) {
        util::output(git(tree).args(["add", "--all"])).unwrap();
        util::output(
            git(tree)
                .env("GIT_AUTHOR_DATE", "2026-11-22T12:00:00+0000")
                .args(["commit", "--quiet", "-m", message]),
        )
        .unwrap();
    }

    #[test]
    fn empty_series_materializes_pristine_upstream() {
        let f = fixture();
        let q = &f.queue;
        assert_eq!(q.materialize(false).unwrap(), Outcome::Materialized { patches: 0 });
        assert_eq!(tree_snapshot(&q.tree), tree_snapshot(&q.pristine));
        assert_eq!(q.save(None, true).unwrap(), vec![]);
        assert_eq!(q.materialize(false).unwrap(), Outcome::UpToDate);
    }

    #[test]
    fn demo_patch_round_trips_through_save() {
        let f = fixture();
        let q = &f.queue;
        q.materialize(false).unwrap();
        fs::write(
            q.tree.join("src/lib.rs"),
            format!("{}\nmod table;\n", LIB.replace("41", "42")),
        )
        .unwrap();
        fs::write(q.tree.join("src/table.rs"), "pub struct Table;\n").unwrap();
        commit_all(&q.tree, "Answer correctly and add the table module");
        let edited = tree_snapshot(&q.tree);

        let diffs = q.save(None, false).unwrap();
        assert_eq!(
            diffs,
            vec![Difference(
                "patches/0001-Answer-correctly-and-add-the-table-module.patch: new".into()
            )]
        );
        let patch = fs::read_to_string(q.patches.join("0001-Answer-correctly-and-add-the-table-module.patch")).unwrap();
        assert!(patch.contains("-    41\n+    42\n"), "{patch}");
        assert!(patch.contains("+mod table;\n"), "{patch}");
        // The new file travels in the patch that adds it.
        assert!(
            patch.contains("new file mode") && patch.contains("+pub struct Table;\n"),
            "{patch}"
        );
        // Saving was all it took: the tree is up to date with the queue.
        assert_eq!(q.materialize(false).unwrap(), Outcome::UpToDate);

        // From scratch: the same tree, and saving again changes nothing.
        let saved = tree_snapshot(&q.patches);
        rebuilds_the_same(q, &edited, 1);
        assert_eq!(q.save(None, false).unwrap(), vec![]);
        assert_eq!(tree_snapshot(&q.patches), saved);
    }

    #[test]
    fn uncommitted_edits_become_a_patch_named_by_the_message() {
        let f = fixture();
        let q = &f.queue;
        q.materialize(false).unwrap();
        fs::write(q.tree.join("src/lib.rs"), LIB.replace("    1\n", "    2\n")).unwrap();
        let check = q.save(None, true).unwrap();
        assert_eq!(check.len(), 1);
        assert!(check[0].0.ends_with("uncommitted edits"), "{check:?}");
        let diffs = q.save(Some("Make other return two"), false).unwrap();
        assert_eq!(
            diffs,
            vec![Difference("patches/0001-Make-other-return-two.patch: new".into())]
        );
        assert!(!q.has_unsaved_work().unwrap());
    }

    #[test]
    fn unsaved_edits_are_never_thrown_away_silently() {
        let f = fixture();
        let q = &f.queue;
        q.materialize(false).unwrap();
        fs::write(q.tree.join("src/lib.rs"), "pub fn lost() {}\n").unwrap();
        // The inputs change too (another release), which alone would rebuild the tree.
        let q = &Queue {
            pristine_id: "demo 1.0.0 (repacked)".into(),
            ..q.clone()
        };
        let err = q.materialize(false).unwrap_err().to_string();
        assert!(err.contains("has edits that are not saved"), "{err}");
        assert_eq!(
            fs::read_to_string(q.tree.join("src/lib.rs")).unwrap(),
            "pub fn lost() {}\n"
        );
        // Committed but unsaved work counts as unsaved too.
        commit_all(&q.tree, "Lose everything");
        assert!(q.materialize(false).is_err());
        assert_eq!(q.materialize(true).unwrap(), Outcome::Materialized { patches: 0 });
        assert_eq!(fs::read_to_string(q.tree.join("src/lib.rs")).unwrap(), LIB);
    }

    #[test]
    fn an_overlay_folder_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let overlay = dir.path().join("ext/overlay/demo");
        refuse_overlay(&overlay, "demo").unwrap();
        fs::create_dir_all(overlay.join("src")).unwrap();
        let err = refuse_overlay(&overlay, "demo").unwrap_err().to_string();
        assert!(
            err.contains("new files of demo belong in the patch that adds them"),
            "{err}"
        );
    }

    #[test]
    fn a_tree_in_the_overlay_layout_is_not_saved() {
        let f = fixture();
        let q = &f.queue;
        q.materialize(false).unwrap();
        // The older layout's tree: the new files in a commit tagged `overlay`.
        fs::write(q.tree.join("src/new.rs"), "pub fn ours() {}\n").unwrap();
        commit_all(&q.tree, "overlay: new files of wgpu-bindless");
        util::output(git(&q.tree).args(["tag", "overlay"])).unwrap();
        let err = q.save(None, false).unwrap_err().to_string();
        assert!(err.contains("was materialized in the older overlay layout"), "{err}");
        assert!(!q.patches.exists() || util::files_under(&q.patches).unwrap().is_empty());
    }

    #[test]
    fn a_patch_that_does_not_apply_is_named() {
        let f = fixture();
        let q = &f.queue;
        fs::create_dir_all(&q.patches).unwrap();
        let bad = "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n\
                   From: Someone <someone@example.invalid>\nDate: Sun, 22 Nov 2026 12:00:00 +0000\n\
                   Subject: [PATCH] Broken\n\n---\n\
                   diff --git a/src/lib.rs b/src/lib.rs\n--- a/src/lib.rs\n+++ b/src/lib.rs\n\
                   @@ -1,3 +1,3 @@\n pub fn answer() -> u32 {\n-    99\n+    100\n }\n";
        fs::write(q.patches.join("0001-Broken.patch"), bad).unwrap();
        let err = format!("{:#}", q.materialize(false).unwrap_err());
        assert!(err.contains("0001-Broken.patch does not apply to demo"), "{err}");
    }

    /// The fixture's upstream moved to 2.0.0: `lib` as its `src/lib.rs`.
    fn new_upstream(f: &Fixture, lib: &str) -> Queue {
        let pristine = f._dir.path().join("pristine-2");
        util::copy_tree(&f.queue.pristine, &pristine).unwrap();
        fs::write(pristine.join("src/lib.rs"), lib).unwrap();
        fs::write(pristine.join("notes.txt"), "new notes\n").unwrap();
        Queue {
            pristine_id: "demo 2.0.0".into(),
            pristine,
            ..f.queue.clone()
        }
    }

    /// A series of one patch: 41 → 42 in `answer`, and a new file.
    fn series(q: &Queue) {
        q.materialize(false).unwrap();
        fs::write(q.tree.join("src/lib.rs"), LIB.replace("41", "42")).unwrap();
        fs::write(q.tree.join("src/table.rs"), "pub struct Table;\n").unwrap();
        commit_all(&q.tree, "Answer correctly");
        q.save(None, false).unwrap();
        // Rebuilt from the queue: the patch on upstream.
        util::remove_dir_if_exists(&q.tree).unwrap();
        q.materialize(false).unwrap();
    }

    #[test]
    fn rebase_replays_the_series_where_its_context_moved() {
        let f = fixture();
        series(&f.queue);
        // Upstream added a function above ours: the patch's line numbers are all off.
        let moved = format!("pub fn first() -> u32 {{\n    0\n}}\n\n{LIB}");
        let q = new_upstream(&f, &moved);
        assert_eq!(q.rebase().unwrap(), Rebased::Done { commits: 1 });
        assert_eq!(
            fs::read_to_string(q.tree.join("src/lib.rs")).unwrap(),
            moved.replace("41", "42")
        );
        assert_eq!(fs::read_to_string(q.tree.join("notes.txt")).unwrap(), "new notes\n");
        assert!(!q.rebase_pending());
        assert_eq!(
            fs::read_to_string(q.tree.join("src/table.rs")).unwrap(),
            "pub struct Table;\n"
        );
        q.save(None, false).unwrap();
        // The saved queue rebuilds the same tree on the new upstream, from scratch.
        let rebased = tree_snapshot(&q.tree);
        util::remove_dir_if_exists(&q.tree).unwrap();
        q.materialize(false).unwrap();
        assert_eq!(tree_snapshot(&q.tree), rebased);
        assert_eq!(q.save(None, true).unwrap(), vec![]);
        let patch = fs::read_to_string(q.patches.join("0001-Answer-correctly.patch")).unwrap();
        assert!(patch.contains("@@ -3,7 +3,7 @@"), "{patch}");
    }

    #[test]
    fn a_rebase_conflict_stops_in_place_and_finishes_after_resolution() {
        let f = fixture();
        series(&f.queue);
        // Upstream changed the very line the patch changes.
        let q = new_upstream(&f, &LIB.replace("41", "40"));
        let files = match q.rebase().unwrap() {
            Rebased::Conflict { files } => files,
            done => panic!("expected a conflict, got {done:?}"),
        };
        assert_eq!(files, vec!["src/lib.rs".to_string()]);
        assert!(q.rebase_pending());
        let err = q.finish_rebase().unwrap_err().to_string();
        assert!(err.contains("still being rebased (conflicts in src/lib.rs)"), "{err}");
        // The conflict has a merge base: both sides are shown.
        // Saving now would write the conflict and the new upstream as patches: refused.
        let err = q.save(None, false).unwrap_err().to_string();
        assert!(err.contains("is being moved to another upstream"), "{err}");
        let conflicted = fs::read_to_string(q.tree.join("src/lib.rs")).unwrap();
        assert!(conflicted.contains("<<<<<<<") && conflicted.contains("    40") && conflicted.contains("    42"));
        fs::write(q.tree.join("src/lib.rs"), LIB.replace("41", "43")).unwrap();
        util::output(git(&q.tree).args(["add", "src/lib.rs"])).unwrap();
        util::output(git(&q.tree).env("GIT_EDITOR", "true").args(["rebase", "--continue"])).unwrap();
        assert_eq!(q.finish_rebase().unwrap(), Rebased::Done { commits: 1 });
        q.save(None, false).unwrap();
        let patch = fs::read_to_string(q.patches.join("0001-Answer-correctly.patch")).unwrap();
        assert!(patch.contains("-    40\n+    43\n"), "{patch}");
        assert_eq!(q.materialize(false).unwrap(), Outcome::UpToDate);
    }

    /// The rebase probe's resolution: the conflicting hunk takes the release's side, the
    /// series' other hunks in the file stay, and the rebase finishes.
    #[test]
    fn a_conflict_is_resolved_for_the_release_hunk_by_hunk() {
        let f = fixture();
        let q = &f.queue;
        q.materialize(false).unwrap();
        // The series changes both functions.
        let ours = LIB.replace("41", "42").replace("    1\n", "    2\n");
        fs::write(q.tree.join("src/lib.rs"), &ours).unwrap();
        commit_all(&q.tree, "Answer and other");
        q.save(None, false).unwrap();
        util::remove_dir_if_exists(&q.tree).unwrap();
        q.materialize(false).unwrap();
        // The release changed the first one's line.
        let q = new_upstream(&f, &LIB.replace("41", "40"));
        assert!(matches!(q.rebase().unwrap(), Rebased::Conflict { .. }));
        let err = resolve_for_release(&q.tree, |file| file == "other.rs").unwrap_err();
        assert!(
            format!("{err:#}").contains("unexpected conflict in src/lib.rs"),
            "{err:#}"
        );
        let resolved = resolve_for_release(&q.tree, |file| file == "src/lib.rs").unwrap();
        assert_eq!(resolved, vec!["demo:src/lib.rs".to_string()]);
        assert_eq!(
            fs::read_to_string(q.tree.join("src/lib.rs")).unwrap(),
            LIB.replace("41", "40").replace("    1\n", "    2\n")
        );
        assert_eq!(q.finish_rebase().unwrap(), Rebased::Done { commits: 1 });
    }

    #[test]
    fn each_patch_carries_the_new_files_it_adds() {
        let f = fixture();
        let q = &f.queue;
        q.materialize(false).unwrap();
        fs::write(q.tree.join("src/lib.rs"), format!("{LIB}\nmod table;\n")).unwrap();
        fs::write(q.tree.join("src/table.rs"), "pub struct Table;\n").unwrap();
        commit_all(&q.tree, "The table module");
        fs::write(q.tree.join("src/table.rs"), "pub struct Table(u32);\n").unwrap();
        commit_all(&q.tree, "A table holds a number");
        let edited = tree_snapshot(&q.tree);
        assert_eq!(
            q.save(None, false).unwrap(),
            vec![
                Difference("patches/0001-The-table-module.patch: new".into()),
                Difference("patches/0002-A-table-holds-a-number.patch: new".into()),
            ]
        );
        let first = fs::read_to_string(q.patches.join("0001-The-table-module.patch")).unwrap();
        assert!(
            first.contains("new file mode") && first.contains("+pub struct Table;\n"),
            "{first}"
        );
        assert_eq!(q.our_files().unwrap(), vec!["src/table.rs".to_string()]);
        rebuilds_the_same(q, &edited, 2);
    }

    #[test]
    fn an_aborted_rebase_is_not_finished_as_if_it_had_moved() {
        let f = fixture();
        series(&f.queue);
        let q = new_upstream(&f, &LIB.replace("41", "40"));
        assert!(matches!(q.rebase().unwrap(), Rebased::Conflict { .. }));
        util::output(git(&q.tree).args(["rebase", "--abort"])).unwrap();
        let err = q.finish_rebase().unwrap_err().to_string();
        assert!(err.contains("is not on the new upstream"), "{err}");
        // The old tags are untouched: the tree is the old series on the old upstream.
        let upstream = util::output_string(git(&q.tree).args(["log", "-1", "--format=%s", "upstream"])).unwrap();
        assert_eq!(upstream.trim(), "upstream demo 1.0.0");
    }
}
