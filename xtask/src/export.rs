//! `cargo xtask export <dir>`: how a wgpu user consumes wgpu-bindless.

use std::{fs, path::Path};

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

/// `cargo xtask export --into <project>`: copies the patched crates to the project's
/// `.cargo/wgpu-bindless/` and writes their `[patch.crates-io]` entries into its
/// `.cargo/config.toml`, keeping everything else there; a later run replaces both.
pub fn export_into(root: &Path, project: &Path) -> Result<()> {
    if !project.join("Cargo.toml").is_file() {
        bail!(
            "{} has no Cargo.toml: --into takes a Cargo project's folder",
            project.display()
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
    Ok(())
}

/// `config` (a `.cargo/config.toml`'s text) with `[patch.crates-io]` entries for `crates`
/// under [`INTO_DIR`], replacing earlier entries of the same names and keeping the rest.
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
    let crates_io = crates_io
        .as_table_like_mut()
        .context("`patch.crates-io` is not a table")?;
    for name in crates {
        let mut entry = InlineTable::new();
        entry.insert("path", format!("{INTO_DIR}/{name}").into());
        crates_io.insert(name, value(entry));
    }
    let mut text = doc.to_string();
    let note = "# [patch.crates-io]: wgpu-bindless's crates, written by `cargo xtask export --into`\n";
    if !text.contains(note) {
        if let Some(at) = text.find("[patch.crates-io]") {
            text.insert_str(at, note);
        }
    }
    Ok(text)
}

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
    fn a_config_that_is_not_toml_is_refused() {
        assert!(patch_config("[patch\n", CRATES).is_err());
        assert!(patch_config("patch = 1\n", CRATES).is_err());
    }
}
