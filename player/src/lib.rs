//! Reading wgpu traces (`trace.ron` and its data files), resource-table actions included.
//!
//! The trace format is wgpu-core's (`DeviceDescriptor::trace`): a RON list of
//! `wgpu_core::device::trace::Action`s, written one action at a time and closed with `]`
//! when the device is dropped. The resource-table actions are in `resource_tables.ron`
//! beside it, each saying how many of `trace.ron`'s actions precede it; reading merges the
//! two lists into the order the program made the calls. A program that crashed leaves the
//! lists unclosed; such a trace is read up to its last complete actions and reported as
//! truncated.

pub mod cases;
pub mod compare;
pub mod replay;

use std::{collections::BTreeMap, fmt, path::Path};

use wgpu_core::{
    command::PointerReferences,
    device::trace,
    resource_table::{TraceAction, TraceEntry, TRACE_TABLES_FILE},
};

/// An action of upstream's `trace.ron`.
pub type UpstreamAction = trace::Action<'static, PointerReferences>;

/// An action of a trace, from either of its lists.
// Upstream's actions are large (440 bytes): a trace of thousands of actions wastes well
// under a megabyte, and a box would cost an allocation per action and a deref in every
// match of the replay.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
pub enum Action {
    Upstream(UpstreamAction),
    Table(TraceAction),
}

/// A trace read from a directory.
pub struct Trace {
    /// Its format (`format.ron`; 0 for upstream traces, which have none).
    pub format: u32,
    pub actions: Vec<Action>,
    /// The file lacked its closing `]` (the traced program did not drop its device).
    pub truncated: bool,
}

/// Why a trace could not be read.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("{0}: no such file (is this a trace directory?)")]
    Missing(String),
    #[error("{0}: {1}")]
    Io(String, #[source] std::io::Error),
    /// `line`/`column` are 1-based positions in `trace.ron`.
    #[error("{file}:{line}:{column}: {message}")]
    Parse {
        file: &'static str,
        line: usize,
        column: usize,
        message: String,
    },
    /// `format.ron` names a format newer than this player reads.
    #[error("the trace has format {found}, newer than this player's {supported}: update the player")]
    FutureFormat { found: u32, supported: u32 },
    /// `format.ron` names a format older ones wrote that this player no longer reads.
    #[error(
        "the trace has format {found}, which wgpu-bindless wrote before its table actions moved to {TRACE_TABLES_FILE}: record it again"
    )]
    OldFormat { found: u32 },
    #[error("{TRACE_FORMAT_FILE}: {0}")]
    BadFormatFile(String),
}

use wgpu_core::resource_table::{TRACE_FORMAT, TRACE_FORMAT_FILE};

/// What `format.ron` says.
#[derive(serde::Deserialize)]
struct Format {
    format: u32,
}

/// The trace format in `dir` (0 when there is no `format.ron`: an upstream trace).
pub fn format(dir: &Path) -> Result<u32, LoadError> {
    let path = dir.join(TRACE_FORMAT_FILE);
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(0),
        Err(e) => return Err(LoadError::Io(path.display().to_string(), e)),
    };
    let found = ron::from_str::<Format>(&text)
        .map_err(|e| LoadError::BadFormatFile(e.to_string()))?
        .format;
    if found > TRACE_FORMAT {
        return Err(LoadError::FutureFormat {
            found,
            supported: TRACE_FORMAT,
        });
    }
    if found == 1 {
        return Err(LoadError::OldFormat { found });
    }
    Ok(found)
}

/// Reads `dir/trace.ron` and `dir/resource_tables.ron` (after checking the format).
pub fn load(dir: &Path) -> Result<Trace, LoadError> {
    let format = format(dir)?;
    let path = dir.join(trace::FILE_NAME);
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(LoadError::Missing(path.display().to_string()))
        }
        Err(e) => return Err(LoadError::Io(path.display().to_string(), e)),
    };
    let tables_path = dir.join(TRACE_TABLES_FILE);
    let tables = match std::fs::read_to_string(&tables_path) {
        Ok(text) => Some(text),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(LoadError::Io(tables_path.display().to_string(), e)),
    };
    Ok(Trace {
        format,
        ..parse_with_tables(&text, tables.as_deref())?
    })
}

/// Parses the text of a `trace.ron` (a trace without resource-table actions).
pub fn parse(text: &str) -> Result<Trace, LoadError> {
    parse_with_tables(text, None)
}

/// Parses the texts of a `trace.ron` and its `resource_tables.ron`, merged in call order.
pub fn parse_with_tables(text: &str, tables: Option<&str>) -> Result<Trace, LoadError> {
    let (upstream, mut truncated) = parse_list::<UpstreamAction>(trace::FILE_NAME, text)?;
    let entries = match tables {
        Some(tables) => {
            let (entries, cut) = parse_list::<TraceEntry>(TRACE_TABLES_FILE, tables)?;
            truncated |= cut;
            entries
        }
        None => Vec::new(),
    };
    let mut actions = Vec::with_capacity(upstream.len() + entries.len());
    let len = upstream.len();
    let mut entries = entries.into_iter().peekable();
    for (index, action) in upstream.into_iter().enumerate() {
        while let Some(entry) = entries.next_if(|entry| entry.at <= index) {
            actions.push(Action::Table(entry.action));
        }
        actions.push(Action::Upstream(action));
    }
    // Table actions made after trace.ron's last complete action: only where that file was
    // cut short (it ends first when a program crashes) do any come after more.
    for entry in entries {
        if entry.at > len {
            truncated = true;
            break;
        }
        actions.push(Action::Table(entry.action));
    }
    Ok(Trace {
        format: TRACE_FORMAT,
        actions,
        truncated,
    })
}

/// Parses one of a trace's RON lists; an unclosed one is read up to its last complete
/// element (`true`: it was cut short).
fn parse_list<T: serde::de::DeserializeOwned>(file: &'static str, text: &str) -> Result<(Vec<T>, bool), LoadError> {
    let trimmed = text.trim_end();
    let truncated = !trimmed.ends_with(']');
    let parse = |text: &str| {
        ron::from_str::<Vec<T>>(text).map_err(|e| LoadError::Parse {
            file,
            line: e.span.start.line,
            column: e.span.start.col,
            message: e.code.to_string(),
        })
    };
    let actions = if truncated {
        // Keep the complete actions. Each is written at the top level (column 0) and ends on
        // an unindented line with `,`; lines inside an action are indented. A line cut short
        // can look like such an end too, so try the candidate ends from the last one back.
        let mut ends = Vec::new();
        let mut offset = 0;
        for line in trimmed.split_inclusive('\n') {
            let content = line.trim_end();
            if !content.is_empty() && !content.starts_with(char::is_whitespace) && content.ends_with(',') {
                ends.push(offset + content.len());
            }
            offset += line.len();
        }
        let mut first_error = None;
        let mut found = None;
        for &end in ends.iter().rev().take(8) {
            match parse(&format!("{}\n]", &trimmed[..end])) {
                Ok(actions) => {
                    found = Some(actions);
                    break;
                }
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        match (found, first_error) {
            (Some(actions), _) => actions,
            (None, Some(e)) if !ends.is_empty() => return Err(e),
            _ => parse("[]")?,
        }
    } else {
        parse(text)?
    };
    Ok((actions, truncated))
}

/// The variant name of an action (`CreateBuffer`, `Submit`, `CreateResourceTable`, …).
pub fn action_kind(action: &Action) -> String {
    let text = match action {
        Action::Upstream(action) => format!("{action:?}"),
        Action::Table(action) => format!("{action:?}"),
    };
    text.split(|c: char| !c.is_alphanumeric() && c != '_')
        .next()
        .unwrap_or_default()
        .to_string()
}

/// What `player info` prints.
pub struct Summary {
    pub actions: usize,
    pub by_kind: BTreeMap<String, usize>,
    /// `(label, size, model)` of every resource table the trace creates.
    pub tables: Vec<(Option<String>, u32, wgpu_types::ResourceTableModel)>,
    /// Data files the actions name that are not in the directory.
    pub missing_data: Vec<String>,
    pub truncated: bool,
    pub format: u32,
}

impl Summary {
    pub fn of(trace: &Trace, dir: &Path) -> Self {
        let mut by_kind = BTreeMap::new();
        let mut tables = Vec::new();
        let mut missing_data = Vec::new();
        for action in &trace.actions {
            *by_kind.entry(action_kind(action)).or_insert(0) += 1;
            match action {
                Action::Table(TraceAction::CreateResourceTable { desc, model, .. }) => {
                    tables.push((desc.label.as_ref().map(|l| l.to_string()), desc.size, *model))
                }
                Action::Upstream(
                    trace::Action::CreateShaderModule { data, .. }
                    | trace::Action::WriteBuffer { data, .. }
                    | trace::Action::WriteTexture { data, .. },
                ) => {
                    if let trace::Data::File(name) = data {
                        if !dir.join(name).exists() {
                            missing_data.push(name.clone());
                        }
                    }
                }
                _ => {}
            }
        }
        Self {
            actions: trace.actions.len(),
            by_kind,
            tables,
            missing_data,
            truncated: trace.truncated,
            format: trace.format,
        }
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let format = match self.format {
            0 => "upstream wgpu (no format.ron)".to_string(),
            n => format!("{n} (resource tables)"),
        };
        writeln!(f, "format: {format}")?;
        writeln!(
            f,
            "{} actions{}",
            self.actions,
            if self.truncated {
                " (truncated: the traced program did not close the trace)"
            } else {
                ""
            }
        )?;
        for (kind, n) in &self.by_kind {
            writeln!(f, "  {kind}: {n}")?;
        }
        writeln!(f, "resource tables: {}", self.tables.len())?;
        for (label, size, model) in &self.tables {
            let model = match model {
                wgpu_types::ResourceTableModel::Pinned => "pinned",
                wgpu_types::ResourceTableModel::Automatic => "automatic",
                _ => "another model",
            };
            writeln!(
                f,
                "  {} ({size} slots, {model})",
                label.as_deref().unwrap_or("<unlabeled>")
            )?;
        }
        if !self.missing_data.is_empty() {
            writeln!(f, "missing data files: {}", self.missing_data.join(", "))?;
        }
        Ok(())
    }
}
