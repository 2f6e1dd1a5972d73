//! The regression suite: trace directories with an `expect.ron` beside `trace.ron` saying what
//! replaying them must give (read-back contents, or the exact error).

use std::path::{Path, PathBuf};

use crate::replay::{self, Backend, Contents, ReplayError, ResourceName};

/// How a case failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CaseError {
    #[error("{}: {source}", path.display())]
    ReadExpect {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{}: {source}", path.display())]
    ParseExpect {
        path: PathBuf,
        #[source]
        source: Box<ron::error::SpannedError>,
    },
    /// The replay failed with another error than `expect.ron`'s.
    #[error("failed with\n  {error}\ninstead of\n  {wanted}")]
    WrongError {
        #[source]
        error: Box<ReplayError>,
        wanted: String,
    },
    #[error("failed: {0}")]
    Failed(#[source] Box<ReplayError>),
    #[error("replayed without the expected error\n  {0}")]
    NoError(String),
    #[error("{0} was not read back")]
    NotReadBack(ResourceName),
    /// `expect.ron` expects something that the resource cannot hold (the `Debug` text of
    /// what it holds).
    #[error("{name}: {wanted:?} does not fit what it is: {contents}")]
    Misfit {
        name: ResourceName,
        wanted: Expected,
        contents: String,
    },
    #[error("{name}: expected {expected:?}, found {found:?}")]
    Contents {
        name: ResourceName,
        expected: Expected,
        found: Expected,
    },
}

/// The file of a case that says what its replay must give.
pub const EXPECT_FILE: &str = "expect.ron";

/// `expect.ron`.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub struct Expect {
    /// What the case covers (one line).
    pub about: String,
    /// The replay must fail with a message that starts with this (on every backend): what
    /// differs between devices, such as the size limit a `TooLarge` error names, is left off.
    #[serde(default)]
    pub error: Option<String>,
    /// Contents read back after a Vulkan replay (the noop backend runs no GPU work, so there
    /// only the validation of every action is checked).
    #[serde(default)]
    pub checks: Vec<Check>,
}

/// One resource to read back (by label) and what it must hold.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub struct Check {
    pub resource: String,
    pub expect: Expected,
}

#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Expected {
    /// A buffer's contents as little-endian `u32`s.
    U32(Vec<u32>),
    /// Every texel of an 8-bit, four-component texture equals this one.
    EveryTexel([u8; 4]),
}

/// The case directories under `root` (those with an `expect.ron`), sorted.
pub fn list(root: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut dirs = Vec::new();
    for entry in std::fs::read_dir(root)? {
        let path = entry?.path();
        if path.join(EXPECT_FILE).is_file() {
            dirs.push(path);
        }
    }
    dirs.sort();
    Ok(dirs)
}

pub fn read_expect(dir: &Path) -> Result<Expect, CaseError> {
    let path = dir.join(EXPECT_FILE);
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(source) => return Err(CaseError::ReadExpect { path, source }),
    };
    ron::from_str(&text).map_err(|source| CaseError::ParseExpect {
        path,
        source: Box::new(source),
    })
}

/// Replays the case in `dir` on `backend` and checks it; the error says what differed.
pub fn check(dir: &Path, backend: Backend, validation: bool) -> Result<(), CaseError> {
    let expect = read_expect(dir)?;
    let read_back = match backend {
        Backend::Vulkan => expect
            .checks
            .iter()
            .map(|c| ResourceName::Label(c.resource.clone()))
            .collect(),
        Backend::Noop => Vec::new(),
    };
    let options = replay::Options {
        backend,
        until: None,
        read_back,
        validation,
    };
    let outcome = replay::replay(dir, &options, |_, _| {});
    let outcome = match (outcome, &expect.error) {
        (Err(e), Some(wanted)) if e.to_string().starts_with(wanted.as_str()) => return Ok(()),
        (Err(error), Some(wanted)) => {
            return Err(CaseError::WrongError {
                error: Box::new(error),
                wanted: wanted.clone(),
            })
        }
        (Err(e), None) => return Err(CaseError::Failed(Box::new(e))),
        (Ok(_), Some(wanted)) => return Err(CaseError::NoError(wanted.clone())),
        (Ok(outcome), None) => outcome,
    };
    for check in expect.checks.iter().filter(|_| backend == Backend::Vulkan) {
        let name = ResourceName::Label(check.resource.clone());
        let (_, contents) = outcome
            .contents
            .iter()
            .find(|(n, _)| *n == name)
            .ok_or_else(|| CaseError::NotReadBack(name.clone()))?;
        let found = match (&check.expect, contents) {
            (Expected::U32(_), Contents::Buffer(bytes)) => Expected::U32(
                bytes
                    .chunks_exact(4)
                    .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
                    .collect(),
            ),
            (Expected::EveryTexel(texel), Contents::Texture { data, .. }) => {
                match data.chunks_exact(4).find(|t| *t != texel) {
                    Some(other) => Expected::EveryTexel(other.try_into().expect("four components")),
                    None => Expected::EveryTexel(*texel),
                }
            }
            (wanted, _) => {
                return Err(CaseError::Misfit {
                    name,
                    wanted: wanted.clone(),
                    contents: format!("{contents:?}"),
                })
            }
        };
        if found != check.expect {
            return Err(CaseError::Contents {
                name,
                expected: check.expect.clone(),
                found,
            });
        }
    }
    Ok(())
}
