//! Making sure the machine has a Vulkan driver good enough for resource tables (Mesa's
//! lavapipe ≥ 25: descriptor indexing, update-after-bind, mutable descriptors), the Khronos
//! validation layer and spirv-val; installing them as root on Debian, otherwise saying
//! exactly what to install. Never falls back silently to an older Mesa.

use std::{
    fs,
    path::{Path, PathBuf},
    process::Command,
};

use anyhow::{bail, Result};

use crate::util;

/// Oldest Mesa whose lavapipe has everything resource tables need.
pub const MIN_MESA_MAJOR: u32 = 25;

const ICD_DIR: &str = "/usr/share/vulkan/icd.d";
const VALIDATION_LAYER: &str = "/usr/share/vulkan/explicit_layer.d/VkLayer_khronos_validation.json";
const BACKPORTS_LIST: &str = "/etc/apt/sources.list.d/wgpu-bindless-backports.list";

/// What the GPU tests and demos run on.
#[derive(Debug)]
pub struct Vulkan {
    /// The lavapipe ICD manifest.
    pub lavapipe_icd: PathBuf,
    /// Mesa's package version, where the package manager tells it.
    pub mesa_version: Option<String>,
}

impl Vulkan {
    /// Environment for programs that must run on lavapipe with validation on. A driver the
    /// user chose through `VK_DRIVER_FILES`/`VK_ICD_FILENAMES` is respected (that is how the
    /// tests run on real GPUs); then the harness accepts any Vulkan adapter.
    pub fn env(&self) -> Vec<(String, String)> {
        let mut env = vec![("WGPU_BACKEND".into(), "vulkan".into())];
        let user_chose_driver =
            std::env::var_os("VK_DRIVER_FILES").is_some() || std::env::var_os("VK_ICD_FILENAMES").is_some();
        if !user_chose_driver {
            env.push(("VK_DRIVER_FILES".into(), self.lavapipe_icd.display().to_string()));
            env.push(("BINDLESS_EXPECT_LAVAPIPE".into(), MIN_MESA_MAJOR.to_string()));
        }
        env
    }
}

#[derive(Debug, Default)]
struct Missing {
    lavapipe: bool,
    old_mesa: Option<String>,
    validation_layer: bool,
    spirv_val: bool,
}

impl Missing {
    fn any(&self) -> bool {
        self.lavapipe || self.old_mesa.is_some() || self.validation_layer || self.spirv_val
    }

    fn describe(&self) -> String {
        let mut parts = Vec::new();
        if self.lavapipe {
            parts.push("lavapipe (mesa-vulkan-drivers)".to_string());
        }
        if let Some(v) = &self.old_mesa {
            parts.push(format!(
                "Mesa ≥ {MIN_MESA_MAJOR} (installed: {v}, which lacks descriptor indexing)"
            ));
        }
        if self.validation_layer {
            parts.push("the Khronos validation layer (vulkan-validationlayers)".to_string());
        }
        if self.spirv_val {
            parts.push("spirv-val (spirv-tools)".to_string());
        }
        parts.join(", ")
    }
}

fn lavapipe_icd() -> Option<PathBuf> {
    let mut found: Vec<PathBuf> = fs::read_dir(ICD_DIR)
        .ok()?
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("lvp_icd") && n.ends_with(".json"))
        })
        .collect();
    found.sort();
    // Prefer this machine's architecture when several are installed.
    let arch = std::env::consts::ARCH;
    found
        .iter()
        .find(|p| p.to_string_lossy().contains(arch))
        .or(found.first())
        .cloned()
}

fn package_version(name: &str) -> Option<String> {
    let out = Command::new("dpkg-query")
        .args(["-W", "-f=${Version}", name])
        .output()
        .ok()?;
    let v = String::from_utf8(out.stdout).ok()?;
    (out.status.success() && !v.is_empty()).then_some(v)
}

/// The major version in a Debian version such as `25.0.7-2~bpo12+1` or `1:24.2.8-1`.
pub fn mesa_major(version: &str) -> Option<u32> {
    let no_epoch = version.split_once(':').map_or(version, |(_, v)| v);
    no_epoch.split('.').next()?.parse().ok()
}

fn inspect() -> (Missing, Option<PathBuf>, Option<String>) {
    let icd = lavapipe_icd();
    let mesa = package_version("mesa-vulkan-drivers");
    let missing = Missing {
        lavapipe: icd.is_none(),
        old_mesa: mesa
            .clone()
            .filter(|v| mesa_major(v).is_none_or(|m| m < MIN_MESA_MAJOR)),
        validation_layer: !Path::new(VALIDATION_LAYER).exists(),
        spirv_val: !util::have_program("spirv-val"),
    };
    (missing, icd, mesa)
}

fn os_release() -> (String, String) {
    let text = fs::read_to_string("/etc/os-release").unwrap_or_default();
    let field = |key: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(key).and_then(|v| v.strip_prefix('=')))
            .unwrap_or("")
            .trim_matches('"')
            .to_string()
    };
    (field("ID"), field("VERSION_CODENAME"))
}

fn is_root() -> bool {
    util::output_string(Command::new("id").arg("-u")).is_ok_and(|s| s.trim() == "0")
}

const HOW_TO_INSTALL: &str = "\
On Debian bookworm, as root:
    echo 'deb http://deb.debian.org/debian bookworm-backports main' > /etc/apt/sources.list.d/backports.list
    apt-get update
    apt-get install -t bookworm-backports mesa-vulkan-drivers
    apt-get install vulkan-validationlayers spirv-tools
On Debian trixie or newer, Ubuntu 24.04 or newer (Mesa 25 from its updates):
    apt-get install mesa-vulkan-drivers vulkan-validationlayers spirv-tools
Elsewhere: Mesa ≥ 25 with lavapipe, the Khronos validation layer and SPIRV-Tools from your
distribution; then run this command again.";

fn apt(args: &[&str]) -> Result<()> {
    util::run(
        Command::new("apt-get")
            .env("DEBIAN_FRONTEND", "noninteractive")
            .args(["-q", "-y", "-o", "Dpkg::Use-Pty=0"])
            .args(args),
    )
}

fn install(id: &str, codename: &str) -> Result<()> {
    let base = ["install", "--no-install-recommends"];
    let tools = ["libvulkan1", "vulkan-validationlayers", "spirv-tools"];
    if id == "debian" && codename == "bookworm" {
        let listed = fs::read_dir("/etc/apt/sources.list.d")
            .into_iter()
            .flatten()
            .flatten()
            .any(|e| fs::read_to_string(e.path()).is_ok_and(|t| t.contains("bookworm-backports")))
            || fs::read_to_string("/etc/apt/sources.list").is_ok_and(|t| t.contains("bookworm-backports"));
        if !listed {
            println!("xtask: adding the bookworm-backports source ({BACKPORTS_LIST})");
            fs::write(
                BACKPORTS_LIST,
                "deb http://deb.debian.org/debian bookworm-backports main\n",
            )?;
        }
        apt(&["update"])?;
        apt(&[&base[..], &["-t", "bookworm-backports", "mesa-vulkan-drivers"]].concat())?;
        apt(&[&base[..], &tools[..]].concat())
    } else {
        apt(&["update"])?;
        apt(&[&base[..], &["mesa-vulkan-drivers"], &tools[..]].concat())
    }
}

/// Checks the machine and, where allowed and possible, installs what is missing.
pub fn ensure(install_allowed: bool) -> Result<Vulkan> {
    let (missing, icd, mesa) = inspect();
    if !missing.any() {
        return Ok(Vulkan {
            lavapipe_icd: icd.unwrap(),
            mesa_version: mesa,
        });
    }
    let (id, codename) = os_release();
    let debian_like = matches!(id.as_str(), "debian" | "ubuntu");
    if !(install_allowed && is_root() && debian_like) {
        bail!("missing: {}.\n{HOW_TO_INSTALL}", missing.describe());
    }
    println!(
        "xtask: NOTICE: installing {} with apt-get (running as root on {id} {codename})",
        missing.describe()
    );
    install(&id, &codename)?;
    let (still, icd, mesa) = inspect();
    if still.any() {
        bail!(
            "still missing after installing: {}. Refusing to run GPU tests on a driver without \
             descriptor indexing.\n{HOW_TO_INSTALL}",
            still.describe()
        );
    }
    Ok(Vulkan {
        lavapipe_icd: icd.unwrap(),
        mesa_version: mesa,
    })
}

#[cfg(test)]
mod tests {
    use super::mesa_major;

    #[test]
    fn mesa_versions() {
        assert_eq!(mesa_major("25.0.7-2~bpo12+1"), Some(25));
        assert_eq!(mesa_major("22.3.6-1+deb12u1"), Some(22));
        assert_eq!(mesa_major("1:24.2.8-1ubuntu1~24.04.1"), Some(24));
        assert_eq!(mesa_major("garbage"), None);
    }
}
