//! The upstream pins (`upstream/Cargo.toml` + `upstream/Cargo.lock`) and the verified,
//! pristine sources they name.

use std::{
    collections::BTreeMap,
    fs,
    io::Read as _,
    path::{Path, PathBuf},
    process::Command,
};

use anyhow::{anyhow, bail, Context as _, Result};
use serde::Deserialize;

use crate::util;

/// One upstream crate we patch.
#[derive(Clone, Debug)]
pub struct Pin {
    pub name: String,
    pub version: String,
    /// The crates.io checksum recorded in `upstream/Cargo.lock`.
    pub checksum: String,
    /// The folder of ours that carries this crate's patches (`wgpu-core-ext`, …).
    pub ext: String,
}

impl Pin {
    pub fn patches_dir(&self, root: &Path) -> PathBuf {
        root.join(&self.ext).join("patches").join(&self.name)
    }

    /// Where an older layout of the queue kept new files (refused if present).
    pub fn overlay_dir(&self, root: &Path) -> PathBuf {
        root.join(&self.ext).join("overlay").join(&self.name)
    }
}

#[derive(Deserialize)]
struct Manifest {
    dependencies: BTreeMap<String, toml::Value>,
    package: ManifestPackage,
}

#[derive(Deserialize)]
struct ManifestPackage {
    metadata: ManifestMetadata,
}

#[derive(Deserialize)]
struct ManifestMetadata {
    #[serde(rename = "patch-queue")]
    patch_queue: BTreeMap<String, String>,
}

#[derive(Deserialize)]
struct Lock {
    package: Vec<LockPackage>,
}

#[derive(Deserialize)]
struct LockPackage {
    name: String,
    version: String,
    source: Option<String>,
    checksum: Option<String>,
}

/// Reads the pins from `<root>/upstream`.
pub fn load(root: &Path) -> Result<Vec<Pin>> {
    let manifest_path = root.join("upstream/Cargo.toml");
    let manifest: Manifest = toml::from_str(
        &fs::read_to_string(&manifest_path).with_context(|| format!("reading {}", manifest_path.display()))?,
    )
    .with_context(|| format!("parsing {}", manifest_path.display()))?;
    let lock_path = root.join("upstream/Cargo.lock");
    let lock: Lock =
        toml::from_str(&fs::read_to_string(&lock_path).with_context(|| format!("reading {}", lock_path.display()))?)
            .with_context(|| format!("parsing {}", lock_path.display()))?;

    let mut pins = Vec::new();
    for (name, req) in &manifest.dependencies {
        let req = req
            .as_str()
            .ok_or_else(|| anyhow!("upstream pin `{name}` must be a plain version string"))?;
        let Some(version) = req.strip_prefix('=') else {
            bail!("upstream pin `{name} = \"{req}\"` must be exact (`=x.y.z`)");
        };
        let ext = manifest
            .package
            .metadata
            .patch_queue
            .get(name)
            .ok_or_else(|| anyhow!("upstream pin `{name}` has no folder in [package.metadata.patch-queue]"))?
            .clone();
        let locked = lock
            .package
            .iter()
            .find(|p| {
                &p.name == name
                    && p.version == version
                    && p.source.as_deref().is_some_and(|s| s.contains("crates.io-index"))
            })
            .ok_or_else(|| {
                anyhow!("{name} {version} is not in upstream/Cargo.lock: run `cargo update --manifest-path upstream/Cargo.toml`")
            })?;
        let checksum = locked
            .checksum
            .clone()
            .ok_or_else(|| anyhow!("{name} {version} has no checksum in upstream/Cargo.lock"))?;
        pins.push(Pin {
            name: name.clone(),
            version: version.to_string(),
            checksum,
            ext,
        });
    }
    for name in manifest.package.metadata.patch_queue.keys() {
        if !manifest.dependencies.contains_key(name) {
            bail!("[package.metadata.patch-queue] names `{name}`, which is not pinned");
        }
    }
    Ok(pins)
}

fn cargo_home() -> PathBuf {
    if let Some(home) = std::env::var_os("CARGO_HOME") {
        return PathBuf::from(home);
    }
    let home = std::env::var_os("HOME").map(PathBuf::from).unwrap_or_default();
    home.join(".cargo")
}

/// Makes sure every pinned `.crate` archive is in cargo's download cache (through
/// `cargo fetch --locked`, so the lock file's checksums are enforced by cargo too).
pub fn fetch(root: &Path) -> Result<()> {
    util::run(
        Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
            .args(["fetch", "--locked", "--manifest-path"])
            .arg(root.join("upstream/Cargo.toml")),
    )
    .context("fetching the pinned upstream crates")
}

/// Finds the downloaded archive of `pin` whose SHA-256 matches the lock file.
fn verified_archive(pin: &Pin) -> Result<Vec<u8>> {
    let cache = cargo_home().join("registry/cache");
    let file_name = format!("{}-{}.crate", pin.name, pin.version);
    let mut seen = Vec::new();
    if let Ok(registries) = fs::read_dir(&cache) {
        for registry in registries.flatten() {
            let candidate = registry.path().join(&file_name);
            if let Ok(bytes) = fs::read(&candidate) {
                if util::sha256_hex(&bytes) == pin.checksum {
                    return Ok(bytes);
                }
                seen.push(candidate);
            }
        }
    }
    if seen.is_empty() {
        bail!(
            "{file_name} is not in {}: run `cargo xtask patch` with network access",
            cache.display()
        );
    }
    bail!(
        "{file_name} does not match the checksum in upstream/Cargo.lock ({}); refusing to use {:?}",
        pin.checksum,
        seen
    )
}

/// The pristine sources of `pin`, extracted from its verified archive into
/// `patched/.upstream/<name>-<version>` (once; the folder is reused while the checksum noted
/// beside it, in `<name>-<version>.checksum`, still matches the lock file).
pub fn pristine(root: &Path, pin: &Pin) -> Result<PathBuf> {
    let base = root.join("patched/.upstream");
    let dir = base.join(format!("{}-{}", pin.name, pin.version));
    let stamp = base.join(format!("{}-{}.checksum", pin.name, pin.version));
    if fs::read_to_string(&stamp).is_ok_and(|s| s == pin.checksum) {
        return Ok(dir);
    }
    let archive = match verified_archive(pin) {
        Ok(bytes) => bytes,
        Err(_) => {
            fetch(root)?;
            verified_archive(pin)?
        }
    };
    util::remove_dir_if_exists(&dir)?;
    extract(&archive, &format!("{}-{}", pin.name, pin.version), &dir)?;
    fs::write(&stamp, &pin.checksum)?;
    Ok(dir)
}

/// Unpacks a `.crate` (gzip'd tar whose entries live under `<prefix>/`) into `dest`.
fn extract(archive: &[u8], prefix: &str, dest: &Path) -> Result<()> {
    let mut tar = tar::Archive::new(flate2::read::GzDecoder::new(archive));
    for entry in tar.entries()? {
        let mut entry = entry?;
        if !entry.header().entry_type().is_file() {
            continue;
        }
        let path = entry.path()?.into_owned();
        let rel = path
            .strip_prefix(prefix)
            .with_context(|| format!("archive entry {} is outside {prefix}/", path.display()))?;
        if rel.components().any(|c| !matches!(c, std::path::Component::Normal(_))) {
            bail!("archive entry {} has an unsafe path", path.display());
        }
        let out = dest.join(rel);
        fs::create_dir_all(out.parent().unwrap())?;
        let mut bytes = Vec::new();
        entry.read_to_end(&mut bytes)?;
        fs::write(&out, bytes)?;
    }
    Ok(())
}

/// Pristine sources for every pin, fetching what is missing.
pub fn all_pristine(root: &Path) -> Result<Vec<(Pin, PathBuf)>> {
    load(root)?
        .into_iter()
        .map(|pin| {
            let dir = pristine(root, &pin)?;
            Ok((pin, dir))
        })
        .collect()
}

/// Pins every upstream crate at `version` (the same release of the whole wgpu family): the
/// exact requirements in `upstream/Cargo.toml` and in the workspace's
/// `[workspace.dependencies]`, then `upstream/Cargo.lock` (through cargo, which fetches the
/// new checksums; the workspace's own lock follows at its next build). Every pin must have
/// moved; on any failure both manifests and the lock are restored.
pub fn repin(root: &Path, pins: &[Pin], version: &str) -> Result<()> {
    let files = [
        root.join("upstream/Cargo.toml"),
        root.join("Cargo.toml"),
        root.join("upstream/Cargo.lock"),
    ];
    let saved = files
        .iter()
        .map(|f| fs::read(f).with_context(|| format!("reading {}", f.display())))
        .collect::<Result<Vec<_>>>()?;
    let result = (|| -> Result<()> {
        for manifest in &files[..2] {
            let text = fs::read_to_string(manifest)?;
            let mut out = String::with_capacity(text.len());
            for line in text.split_inclusive('\n') {
                let pinned = pins
                    .iter()
                    .find(|p| line.trim_end() == format!("{} = \"={}\"", p.name, p.version));
                match pinned {
                    Some(p) => out.push_str(&format!("{} = \"={version}\"\n", p.name)),
                    None => out.push_str(line),
                }
            }
            fs::write(manifest, out)?;
        }
        let mut update = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
        update.args(["update", "--quiet", "--manifest-path"]).arg(&files[0]);
        for pin in pins {
            update.args(["-p", &pin.name]);
        }
        util::run(&mut update).with_context(|| format!("locking the upstream crates at {version}"))?;
        let moved = load(root)?;
        if let Some(stuck) = moved.iter().find(|p| p.version != version) {
            bail!(
                "upstream/Cargo.toml still pins {} at {} (a pin must be a line `name = \"=x.y.z\"`)",
                stuck.name,
                stuck.version
            );
        }
        Ok(())
    })();
    if result.is_err() {
        for (file, bytes) in files.iter().zip(&saved) {
            let _ = fs::write(file, bytes);
        }
    }
    result
}
