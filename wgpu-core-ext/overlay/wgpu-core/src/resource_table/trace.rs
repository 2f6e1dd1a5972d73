//! Traces: the resource-table actions, recorded beside upstream's `trace.ron` so that its
//! `Action` gains no variant.

#[cfg(feature = "trace")]
use crate::device::Device;
use crate::id;

#[cfg(feature = "trace")]
use super::{TableEntry, TRACE_FORMAT, TRACE_FORMAT_FILE, TRACE_TABLES_FILE};

/// A slot's binding as recorded in traces (`TraceAction::UpdateResourceTable`).
#[cfg(feature = "serde")]
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub enum TraceTableEntry {
    TextureView(id::PointerId<id::markers::TextureView>),
    Sampler(id::PointerId<id::markers::Sampler>),
    Buffer {
        buffer: id::PointerId<id::markers::Buffer>,
        offset: wgt::BufferAddress,
        size: Option<wgt::BufferAddress>,
    },
}

#[cfg(feature = "trace")]
pub(crate) fn write_trace_format(dir: &std::path::Path) -> std::io::Result<()> {
    std::fs::write(
        dir.join(TRACE_FORMAT_FILE),
        alloc::format!("(format: {TRACE_FORMAT}, wgpu: \"{}\")\n", env!("CARGO_PKG_VERSION")),
    )
}

/// A resource-table action in a trace, kept apart from upstream's [`Action`] (which gains
/// no variant) and ordered against it by [`TraceEntry::at`].
///
/// [`Action`]: crate::device::trace::Action
#[cfg(feature = "serde")]
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub enum TraceAction {
    CreateResourceTable {
        id: id::PointerId<id::markers::ResourceTable>,
        desc: wgt::ResourceTableDescriptor<crate::Label<'static>>,
    },
    /// `update` and `insert_binding` (recorded with the slot it chose).
    UpdateResourceTable {
        id: id::PointerId<id::markers::ResourceTable>,
        slot: u32,
        entry: TraceTableEntry,
    },
    RemoveResourceTableBinding {
        id: id::PointerId<id::markers::ResourceTable>,
        slot: u32,
    },
    DestroyResourceTable(id::PointerId<id::markers::ResourceTable>),
    DropResourceTable(id::PointerId<id::markers::ResourceTable>),
    /// `pin` (`Some`) and `unpin` (`None`) of a texture.
    PinTexture(id::PointerId<id::markers::Texture>, Option<wgt::PinnedUsage>),
    /// `pin` (`Some`) and `unpin` (`None`) of a buffer.
    PinBuffer(id::PointerId<id::markers::Buffer>, Option<wgt::PinnedUsage>),
    CreatePipelineLayoutWithResourceTable(
        id::PointerId<id::markers::PipelineLayout>,
        crate::binding_model::ResolvedPipelineLayoutDescriptor<'static, id::PointerId<id::markers::BindGroupLayout>>,
    ),
}

/// One line of [`TRACE_TABLES_FILE`](super::TRACE_TABLES_FILE).
#[cfg(feature = "serde")]
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub struct TraceEntry {
    /// How many of `trace.ron`'s actions came before this one.
    pub at: usize,
    pub action: TraceAction,
}

/// A disk trace's resource-table side: how many actions `trace.ron` has so far, and the
/// file of table actions (created with the first).
#[cfg(feature = "trace")]
#[derive(Debug)]
pub(crate) struct TraceTables<W> {
    pub(crate) actions: usize,
    file: Option<W>,
}

#[cfg(feature = "trace")]
impl<W> Default for TraceTables<W> {
    fn default() -> Self {
        Self { actions: 0, file: None }
    }
}

#[cfg(feature = "trace")]
impl TraceTables<std::fs::File> {
    pub(crate) fn write(&mut self, dir: &std::path::Path, action: TraceAction, config: &ron::ser::PrettyConfig) {
        use std::io::Write as _;
        let file = match &mut self.file {
            Some(file) => file,
            None => match std::fs::File::create(dir.join(TRACE_TABLES_FILE)) {
                Ok(mut file) => {
                    let _ = file.write_all(b"[\n");
                    self.file.insert(file)
                }
                Err(e) => {
                    log::warn!("Could not create {TRACE_TABLES_FILE}: {e}");
                    return;
                }
            },
        };
        let entry = TraceEntry {
            at: self.actions,
            action,
        };
        match ron::ser::to_string_pretty(&entry, config.clone()) {
            Ok(string) => {
                let _ = writeln!(file, "{string},");
            }
            Err(e) => log::warn!("RON serialization failure: {e:?}"),
        }
    }

    pub(crate) fn finish(&mut self) {
        use std::io::Write as _;
        if let Some(file) = &mut self.file {
            let _ = file.write_all(b"]");
        }
    }
}

/// Records `action` in the device's trace, if it has one.
#[cfg(feature = "trace")]
pub(super) fn trace(device: &Device, action: impl FnOnce() -> TraceAction) {
    if let Some(trace) = device.trace.lock().as_mut() {
        trace.add_resource_table(action());
    }
}

#[cfg(feature = "trace")]
impl TableEntry {
    pub(super) fn to_trace(&self) -> TraceTableEntry {
        use crate::device::trace::IntoTrace as _;
        match self {
            Self::TextureView(view) => TraceTableEntry::TextureView(view.to_trace()),
            Self::Sampler(sampler) => TraceTableEntry::Sampler(sampler.to_trace()),
            Self::Buffer { buffer, offset, size } => TraceTableEntry::Buffer {
                buffer: buffer.to_trace(),
                offset: *offset,
                size: *size,
            },
        }
    }
}
