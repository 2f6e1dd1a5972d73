//! `cargo xtask export <dir>`: how a wgpu user consumes wgpu-bindless.

use std::{
    fs,
    path::{Path, PathBuf},
};

use anyhow::{bail, Context as _, Result};

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

/// Where `export --into` puts the crates, relative to the project: beside the config that
/// names them, so that the project can move (Cargo reads a config's relative paths from the
/// folder that holds its `.cargo`).
const INTO_DIR: &str = ".cargo/wgpu-bindless";

/// `cargo xtask export --into <project>`: copies the patched crates to the `.cargo/wgpu-bindless/`
/// of the project's workspace root (where Cargo looks for `.cargo/config.toml` when it runs
/// anywhere in the workspace) and writes their `[patch.crates-io]` entries into that root's
/// `.cargo/config.toml`, keeping everything else there; a later run replaces both.
pub fn export_into(root: &Path, project: &Path) -> Result<()> {
    if !project.join("Cargo.toml").is_file() {
        bail!(
            "{} has no Cargo.toml: --into takes a Cargo project's folder",
            project.display()
        );
    }
    let given = project;
    let project = workspace_root(given)?;
    let member_config = given.join(".cargo/config.toml");
    if project != given.canonicalize()? && fs::read_to_string(&member_config).is_ok_and(|text| text.contains(INTO_DIR))
    {
        eprintln!(
            "xtask: WARNING: {} holds entries of an earlier `export --into` of this member; Cargo \
             prefers it when run in the member's folder: remove them and its .cargo/wgpu-bindless/",
            member_config.display()
        );
    }
    let queues = crate::patch(root, false)?;
    let crates = project.join(INTO_DIR);
    util::remove_dir_if_exists(&crates)?;
    for q in &queues {
        util::copy_tree(&q.tree, &crates.join(&q.name))?;
    }
    let config = project.join(".cargo/config.toml");
    let before = match fs::read_to_string(&config) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(e).with_context(|| format!("reading {}", config.display())),
    };
    let names: Vec<&str> = queues.iter().map(|q| q.name.as_str()).collect();
    let after = patch_config(&before, &names).with_context(|| format!("{} is not valid TOML", config.display()))?;
    fs::write(&config, after).with_context(|| format!("writing {}", config.display()))?;
    eprintln!(
        "xtask: exported {} patched crates to {}, and patched crates.io with them in {}; \
         the project's Cargo.toml is unchanged",
        queues.len(),
        crates.display(),
        config.display()
    );
    if project.join(".cargo/config").is_file() {
        eprintln!(
            "xtask: WARNING: {} also exists, and Cargo reads it instead of config.toml: move \
             its settings into config.toml",
            project.join(".cargo/config").display()
        );
    }
    Ok(())
}

/// The folder of the workspace root manifest of the project in `dir` (the project itself
/// when it is not a workspace member).
fn workspace_root(dir: &Path) -> Result<PathBuf> {
    let out = util::output(crate::tasks::cargo().current_dir(dir).args([
        "locate-project",
        "--workspace",
        "--message-format",
        "plain",
    ]))
    .with_context(|| format!("finding the workspace of {}", dir.display()))?;
    let manifest = PathBuf::from(String::from_utf8(out)?.trim());
    Ok(manifest
        .parent()
        .context("a manifest path without a folder")?
        .to_path_buf())
}

/// `config` (a `.cargo/config.toml`'s text) with `[patch.crates-io]` entries for `crates`
/// under [`INTO_DIR`], replacing earlier entries of the same names, and dropping entries of
/// an earlier run (paths under [`INTO_DIR`]) for crates no longer exported; the rest stays.
fn patch_config(config: &str, crates: &[&str]) -> Result<String> {
    use toml_edit::{value, DocumentMut, InlineTable, Item, Table};
    let mut doc: DocumentMut = config.parse()?;
    let patch = doc.entry("patch").or_insert_with(|| {
        let mut t = Table::new();
        t.set_implicit(true);
        Item::Table(t)
    });
    let patch = patch.as_table_like_mut().context("`patch` is not a table")?;
    let crates_io = patch.entry("crates-io").or_insert(Item::Table(Table::new()));
    if let Some(table) = crates_io.as_table_mut() {
        // A note above the header, once (kept in the table's decor, not searched for in
        // the text, so that nothing else in the file is touched).
        let decor = table.decor_mut();
        let prefix = decor.prefix().and_then(|p| p.as_str()).unwrap_or("").to_string();
        if !prefix.contains(NOTE) {
            decor.set_prefix(format!("{prefix}{NOTE}"));
        }
    }
    let crates_io = crates_io
        .as_table_like_mut()
        .context("`patch.crates-io` is not a table")?;
    let stale: Vec<String> = crates_io
        .iter()
        .filter(|(name, entry)| {
            !crates.contains(name)
                && entry
                    .get("path")
                    .and_then(|p| p.as_str())
                    .is_some_and(|p| p.starts_with(&format!("{INTO_DIR}/")))
        })
        .map(|(name, _)| name.to_string())
        .collect();
    for name in stale {
        crates_io.remove(&name);
    }
    for name in crates {
        let mut entry = InlineTable::new();
        entry.insert("path", format!("{INTO_DIR}/{name}").into());
        crates_io.insert(name, value(entry));
    }
    let text = doc.to_string();
    text.parse::<DocumentMut>()
        .context("the edited config would not be valid TOML")?;
    Ok(text)
}

/// The comment above the table `export --into` writes.
const NOTE: &str = "# [patch.crates-io]: wgpu-bindless's crates, written by `cargo xtask export --into`\n";

#[cfg(test)]
mod tests {
    use super::*;

    const CRATES: &[&str] = &["wgpu", "wgpu-core"];

    #[test]
    fn a_new_config_gets_the_table() {
        assert_eq!(
            patch_config("", CRATES).unwrap(),
            "# [patch.crates-io]: wgpu-bindless's crates, written by `cargo xtask export --into`\n\
             [patch.crates-io]\n\
             wgpu = { path = \".cargo/wgpu-bindless/wgpu\" }\n\
             wgpu-core = { path = \".cargo/wgpu-bindless/wgpu-core\" }\n"
        );
    }

    #[test]
    fn a_later_run_replaces_its_entries_and_keeps_the_rest() {
        let user = "# my settings\n[build]\njobs = 2 # two cores\n\n\
                    [patch.crates-io]\nserde = { path = \"../serde\" }\nwgpu = { path = \"/old/wgpu\" }\n";
        let once = patch_config(user, CRATES).unwrap();
        assert_eq!(
            once,
            "# my settings\n[build]\njobs = 2 # two cores\n\n\
             # [patch.crates-io]: wgpu-bindless's crates, written by `cargo xtask export --into`\n\
             [patch.crates-io]\nserde = { path = \"../serde\" }\n\
             wgpu = { path = \".cargo/wgpu-bindless/wgpu\" }\n\
             wgpu-core = { path = \".cargo/wgpu-bindless/wgpu-core\" }\n"
        );
        assert_eq!(
            patch_config(&once, CRATES).unwrap(),
            once,
            "a second run changes nothing"
        );
    }

    #[test]
    fn a_header_in_a_comment_or_a_string_is_left_alone() {
        let user = "# overrides go in [patch.crates-io] below\n[alias]\nshow = \"!echo [patch.crates-io]\"\n";
        let text = patch_config(user, CRATES).unwrap();
        assert_eq!(
            text,
            format!(
                "{user}{NOTE}[patch.crates-io]\n\
                 wgpu = {{ path = \".cargo/wgpu-bindless/wgpu\" }}\n\
                 wgpu-core = {{ path = \".cargo/wgpu-bindless/wgpu-core\" }}\n"
            )
        );
    }

    #[test]
    fn entries_of_an_earlier_run_for_crates_no_longer_exported_go() {
        let before = patch_config("", &["wgpu", "wgpu-core", "naga-types"]).unwrap();
        let user = format!("{before}serde = {{ path = \"../serde\" }}\n");
        let after = patch_config(&user, CRATES).unwrap();
        assert!(!after.contains("naga-types"), "{after}");
        assert!(after.contains("serde = { path = \"../serde\" }"), "{after}");
    }

    #[test]
    fn a_config_that_is_not_toml_is_refused() {
        assert!(patch_config("[patch\n", CRATES).is_err());
        assert!(patch_config("patch = 1\n", CRATES).is_err());
    }
}
