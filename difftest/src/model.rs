//! The CPU model of the bindless proposal (`shared/seeds/bindless-proposal.md`) and, for tables
//! of the automatic model, of the standard's current text (`bindless-proposal-2026-08.md`:
//! `setResourceUsage`, `isShaderVisible` outside conflicting usage scopes): the executable
//! spec the GPU runs are compared with.
//!
//! Quotes from the proposal are marked `>`. Where wgpu-core makes a choice the proposal
//! leaves open (the error variant, which slot `insertBinding` returns, the numbering of
//! submissions), the model follows it and says so.
//!
//! Completion is nondeterministic: the model knows `[[lastSubmitIndex]]` exactly but
//! `[[completedSubmitIndex]]` only as a range `completed_lo ..= last`. An operation whose
//! outcome depends on where in that range the real value is accepts every outcome that some
//! value in the range explains, and raises `completed_lo` to what the observed outcome proves
//! (completion only grows, so lower bounds stay true; upper bounds do not, and are not kept).

use std::collections::BTreeMap;
use std::fmt;

/// A resource table's slot error, as `wgpu::ResourceTableError` reports it.
pub use wgpu::ResourceTableError as SlotError;

/// `GPUTexture.pin(usage)` / `GPUBuffer.pin(usage)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pin {
    Sampled,
    StorageRead,
    StorageReadWrite,
}

impl Pin {
    pub fn wgpu(self) -> wgpu::PinnedUsage {
        match self {
            Pin::Sampled => wgpu::PinnedUsage::Sampled,
            Pin::StorageRead => wgpu::PinnedUsage::StorageRead,
            Pin::StorageReadWrite => wgpu::PinnedUsage::StorageReadWrite,
        }
    }

    fn storage(self) -> bool {
        self != Pin::Sampled
    }
}

/// `GPUResourceTableUsage`: what a table of the automatic model lets shaders reach of one of
/// its textures or buffers (`setResourceUsage`; `ReadOnly` until set).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Usage {
    None,
    ReadOnly,
    Writable,
}

impl Usage {
    pub fn wgpu(self) -> wgpu::ResourceTableUsage {
        match self {
            Usage::None => wgpu::ResourceTableUsage::None,
            Usage::ReadOnly => wgpu::ResourceTableUsage::ReadOnly,
            Usage::Writable => wgpu::ResourceTableUsage::Writable,
        }
    }
}

/// The bindful use of a [`crate::ops::Probe`]'s conflict: the `n`-th texture or buffer of the program
/// (modulo their number, when the probe is recorded; none if that one cannot be bound so:
/// [`Model::conflict`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Conflict {
    /// A sampled-texture binding: not storage, no write.
    Sampled(usize),
    /// A write-only storage-texture binding of mip 0: storage, a write.
    StorageWrite(usize),
    /// A uniform-buffer binding: not storage, no write.
    Uniform(usize),
    /// A read-only storage-buffer binding: WebGPU's "storage-read", not "storage" (hides a
    /// `Writable` entry), no write.
    StorageRead(usize),
    /// A read-write storage-buffer binding: storage, a write.
    StorageReadWrite(usize),
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Conflict::Sampled(n) => write!(f, "sampled(texture #{n})"),
            Conflict::StorageWrite(n) => write!(f, "storage_write(texture #{n})"),
            Conflict::Uniform(n) => write!(f, "uniform(buffer #{n})"),
            Conflict::StorageRead(n) => write!(f, "storage_read(buffer #{n})"),
            Conflict::StorageReadWrite(n) => write!(f, "storage_read_write(buffer #{n})"),
        }
    }
}

/// How a usage scope uses a resource outside the table, as `isShaderVisible` asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConflictClass {
    /// Some subresource is used as writable (a storage write, an attachment).
    pub writes: bool,
    /// Some usage is not WebGPU's "storage" (writable storage): sampled, read-only storage,
    /// uniform, an attachment, vertex, index, indirect.
    pub not_storage: bool,
}

/// The texture or buffer of a `setResourceUsage` (indices into the model's lists).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Member {
    Texture(usize),
    Buffer(usize),
}

/// What a slot may hold (indices into the model's lists).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Res {
    /// The (one, default) view of texture `i`.
    Texture(usize),
    Sampler(usize),
    /// A range of buffer `i`.
    Buffer(usize, BufRange),
}

/// The part of a buffer a table entry binds: from `offset`, `size` bytes (`None`: to the
/// end). wgpu's `BufferBinding` (its size is never 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BufRange {
    pub offset: u32,
    pub size: Option<u32>,
}

impl BufRange {
    pub const WHOLE: BufRange = BufRange { offset: 0, size: None };

    /// The end of the range in a buffer of `len` bytes (`None`: past `u32::MAX`).
    fn end(self, len: u32) -> Option<u32> {
        self.size.map_or(Some(len), |s| self.offset.checked_add(s))
    }
}

impl fmt::Display for Res {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Res::Texture(i) => write!(f, "view(&tex{i})"),
            Res::Sampler(i) => write!(f, "&sampler{i}"),
            Res::Buffer(i, BufRange::WHOLE) => write!(f, "buf{i}.as_entire_binding()"),
            Res::Buffer(i, BufRange { offset, size }) => {
                write!(
                    f,
                    "BufferBinding {{ buffer: &buf{i}, offset: {offset}, size: {size:?} }}"
                )
            }
        }
    }
}

/// A texture's format: the texel type a shader reads it as follows from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    R32Uint,
    R32Sint,
    /// Unfilterable float in WebGPU. **Ours:** tables show a float format to
    /// `texture_*<f32>` only where the driver filters it (table samplers may filter); the
    /// model assumes it does, as lavapipe and NVIDIA do for `R32Float` (a driver that cannot
    /// would diverge here, on purpose: the model would need the device's set).
    R32Float,
    /// Filterable float.
    Rgba8Unorm,
    /// Read as a depth texture; no queue write may copy to it.
    Depth32Float,
}

/// What a shader reads a format as: WebGPU's `GPUTextureSampleType`, less filterability.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Texel {
    Uint,
    Sint,
    Float,
    Depth,
}

impl Format {
    pub fn wgpu(self) -> wgpu::TextureFormat {
        match self {
            Format::R32Uint => wgpu::TextureFormat::R32Uint,
            Format::R32Sint => wgpu::TextureFormat::R32Sint,
            Format::R32Float => wgpu::TextureFormat::R32Float,
            Format::Rgba8Unorm => wgpu::TextureFormat::Rgba8Unorm,
            Format::Depth32Float => wgpu::TextureFormat::Depth32Float,
        }
    }

    pub fn texel(self) -> Texel {
        match self {
            Format::R32Uint => Texel::Uint,
            Format::R32Sint => Texel::Sint,
            Format::R32Float | Format::Rgba8Unorm => Texel::Float,
            Format::Depth32Float => Texel::Depth,
        }
    }
}

/// A texture's dimension and sample count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TexKind {
    D2,
    /// `layers` is the depth.
    D3,
    /// 2D, four samples, one mip and layer, `RENDER_ATTACHMENT`; no queue write may copy to
    /// it.
    Multisampled,
}

/// A texture's shape: `size`×`size`, `mips` levels, `layers` array layers (a 3D texture's
/// depth).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TexShape {
    pub kind: TexKind,
    pub size: u32,
    pub mips: u32,
    pub layers: u32,
    pub format: Format,
}

impl TexShape {
    /// Queue writes may copy to it (WebGPU refuses copies to multisampled and
    /// `depth32float` textures).
    pub fn copyable(&self) -> bool {
        self.kind != TexKind::Multisampled && self.format != Format::Depth32Float
    }

    /// The depth of mip `mip` (1 but for 3D textures).
    pub fn depth(&self, mip: u32) -> u32 {
        match self.kind {
            TexKind::D3 => (self.layers >> mip).max(1),
            _ => 1,
        }
    }

    /// The (mip, layer or depth slice) pairs a queue write of the whole texture writes, one
    /// `write_texture` each.
    pub fn subresources(&self) -> Vec<(u32, u32)> {
        (0..self.mips)
            .flat_map(|mip| {
                let n = match self.kind {
                    TexKind::D3 => self.depth(mip),
                    _ => self.layers,
                };
                (0..n).map(move |z| (mip, z))
            })
            .collect()
    }
}

/// A view's dimension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewDim {
    D2,
    D2Array,
    D3,
    Cube,
    CubeArray,
}

impl ViewDim {
    pub fn wgpu(self) -> wgpu::TextureViewDimension {
        match self {
            ViewDim::D2 => wgpu::TextureViewDimension::D2,
            ViewDim::D2Array => wgpu::TextureViewDimension::D2Array,
            ViewDim::D3 => wgpu::TextureViewDimension::D3,
            ViewDim::Cube => wgpu::TextureViewDimension::Cube,
            ViewDim::CubeArray => wgpu::TextureViewDimension::CubeArray,
        }
    }
}

/// The one view of a texture that tables hold: its dimension and its subresources (a 3D
/// view has one layer).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ViewShape {
    pub dim: ViewDim,
    pub base_mip: u32,
    pub mip_count: u32,
    pub base_layer: u32,
    pub layer_count: u32,
}

impl ViewShape {
    /// `createView()` without a descriptor: every mip and layer; `3d` for a 3D texture,
    /// else `2d-array` when the texture has several layers (WebGPU's "resolving
    /// GPUTextureViewDescriptor defaults": never a cube).
    pub fn default_of(shape: &TexShape) -> Self {
        let (dim, layer_count) = match shape.kind {
            TexKind::D3 => (ViewDim::D3, 1),
            _ if shape.layers > 1 => (ViewDim::D2Array, shape.layers),
            _ => (ViewDim::D2, 1),
        };
        Self {
            dim,
            base_mip: 0,
            mip_count: shape.mips,
            base_layer: 0,
            layer_count,
        }
    }
}

/// The texel the tester writes at (0, 0) of mip `mip`, layer `layer` of a texture written
/// `value` (every other texel is 0): each subresource reads differently.
pub fn texel(value: u32, mip: u32, layer: u32) -> u32 {
    value + 1000 * mip + 100_000 * layer
}

/// A texture, always with `COPY_DST`, and its view.
#[derive(Clone, Debug)]
pub struct Texture {
    /// The value last written (the next submission sees it; see [`texel`]).
    pub value: u32,
    pub shape: TexShape,
    pub view: ViewShape,
    /// `TEXTURE_BINDING` / `STORAGE_BINDING` usages.
    pub sampled: bool,
    pub storage: bool,
    pub pin: Option<Pin>,
    pub destroyed: bool,
    /// Texels (0, 0) written by shaders since the last queue write, by (mip, layer).
    pub stored: Vec<((u32, u32), u32)>,
}

impl Texture {
    /// The texel a shader reads at (0, 0) of the view's mip 0 and view layer `layer` (a 3D
    /// view's depth slice): textures no queue write reaches read zeros (the lazy
    /// initialisation WebGPU requires).
    fn view_texel(&self, layer: u32) -> u32 {
        let at = (self.view.base_mip, self.view.base_layer + layer);
        let written = || match self.shape.copyable() {
            true => texel(self.value, at.0, at.1),
            false => 0,
        };
        self.stored
            .iter()
            .find(|(sub, _)| *sub == at)
            .map_or_else(written, |(_, v)| *v)
    }

    /// The depth of the view's mip 0 (1 but for 3D views).
    fn view_depth(&self) -> u32 {
        self.shape.depth(self.view.base_mip)
    }

    /// The width of the view's mip 0.
    fn view_width(&self) -> u32 {
        (self.shape.size >> self.view.base_mip).max(1)
    }
}

/// A `STORAGE | COPY_DST` buffer (or without `STORAGE`) of `size` bytes, whose
/// first word is `value`.
#[derive(Clone, Debug)]
pub struct Buffer {
    /// Word 0 (what the program writes), and the words written through the table at the
    /// offsets of ranges (the rest are zeros).
    pub value: u32,
    pub written: BTreeMap<u32, u32>,
    pub size: u32,
    pub storage: bool,
    /// `UNIFORM` usage.
    pub uniform: bool,
    pub pin: Option<Pin>,
    pub destroyed: bool,
}

impl Buffer {
    /// Word `k`: word 0 as last written, others as written through the table, or 0.
    pub fn word(&self, k: u32) -> u32 {
        match k {
            0 => self.value,
            _ => self.written.get(&k).copied().unwrap_or(0),
        }
    }
}

/// > An `Array<Number>` called `[[availableAfterSubmit]]` of size `this.size` initially
/// > filled with `0` values. (`update` sets it to `Infinity`: [`Avail::InUse`].)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Avail {
    After(u64),
    InUse,
}

#[derive(Clone, Debug)]
pub struct Slot {
    pub avail: Avail,
    /// The entry the shader sees (`None`: empty, or the device timeline refused it).
    pub binding: Option<Res>,
}

/// Above every device's `max_resource_table_size()`: Vulkan caps tables at 2^20 slots and
/// noop reports 2^20; the tester checks its device is within `MIN_LIMIT..=MAX_TABLE_SIZE`.
/// (The 2025 proposal's limit is the device's `maxResourceTableSize`, at least 50,000; programs
/// are generated without a device, so they ask for sizes relative to it with
/// [`TableSize::Limit`], and the model learns it from the device: [`Model::max_table_size`].)
pub const MAX_TABLE_SIZE: u32 = 1 << 20;
/// The standard's hard maximum size of a table (gpuweb #5564): tables of the automatic model
/// stop there.
pub const MAX_AUTOMATIC_TABLE_SIZE: u32 = 65_536;
/// The least `maxResourceTableSize` the 2025 proposal allows a device with the feature
/// (wgpu's devices report at least 65,536, but the model needs only this).
pub const MIN_LIMIT: u32 = 50_000;
/// The size the tester creates too-large tables with.
pub const TOO_LARGE: u32 = u32::MAX;

/// A slot as a program names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SlotIndex {
    At(u32),
    /// The table's size plus this: −1 its last slot, 0 and 1 the two past it (on the table
    /// the operation runs on, whatever size the device gave it).
    End(i8),
}

impl SlotIndex {
    /// The slot in a table of `size` slots.
    pub fn on(self, size: u32) -> u32 {
        match self {
            SlotIndex::At(n) => n,
            SlotIndex::End(d) => size.saturating_add_signed(i32::from(d)),
        }
    }

    /// As a program writes it, for table `t`.
    pub fn text(self, t: usize) -> String {
        match self {
            SlotIndex::At(n) => n.to_string(),
            SlotIndex::End(0) => format!("t{t}.size()"),
            SlotIndex::End(d) if d < 0 => format!("t{t}.size().saturating_sub({})", d.unsigned_abs()),
            SlotIndex::End(d) => format!("t{t}.size() + {d}"),
        }
    }
}

/// A table's size as a program asks for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableSize {
    /// That many slots.
    Slots(u32),
    /// The device's `max_resource_table_size()` plus this (−1, 0 or 1).
    Limit(i8),
}

impl TableSize {
    /// The number of slots on a device whose limit is `max`.
    pub fn on(self, max: u32) -> u32 {
        match self {
            TableSize::Slots(n) => n,
            TableSize::Limit(d) => max.saturating_add_signed(i32::from(d)),
        }
    }

    /// Above the limit of every device the tester accepts.
    pub fn too_large(self) -> bool {
        match self {
            TableSize::Slots(n) => n > MAX_TABLE_SIZE,
            TableSize::Limit(d) => d > 0,
        }
    }

    /// Slots known to be in range on every such device (valid tables).
    pub fn at_least(self) -> u32 {
        match self {
            TableSize::Slots(n) => n,
            TableSize::Limit(d) => MIN_LIMIT.saturating_add_signed(i32::from(d)),
        }
    }
}

impl std::fmt::Display for TableSize {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            TableSize::Slots(n) => write!(f, "{n}"),
            TableSize::Limit(0) => f.write_str("device.max_resource_table_size()"),
            TableSize::Limit(d) if d < 0 => write!(
                f,
                "device.max_resource_table_size().saturating_sub({})",
                d.unsigned_abs()
            ),
            TableSize::Limit(d) => write!(f, "device.max_resource_table_size() + {d}"),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Table {
    pub size: u32,
    /// Created above `max_resource_table_size`:
    /// > if `desc.size > this.limits.maxResourceTableSize` throw a `RangeError` and return.
    ///
    /// (wgpu returns an invalid table and reports the error; its slot operations fail with
    /// `Invalid`.)
    pub invalid: bool,
    pub destroyed: bool,
    pub slots: Vec<Slot>,
    /// Of the standard's automatic model (no pins: `usages` decide), else of the pinning
    /// model.
    pub automatic: bool,
    /// `[[resource_usage]]`: the usages `setResourceUsage` set, by resource (absent:
    /// `ReadOnly`). They outlive the resource's slots.
    pub usages: BTreeMap<Member, Usage>,
}

/// The words a probe writes for one slot (all of [`WORDS`]; render probes in eight pixels).
pub const STRIDE: usize = 32;
/// `min_storage_buffer_offset_alignment` of the devices the tester makes (the default).
pub const STORAGE_OFFSET_ALIGNMENT: u32 = 256;

/// Probes read slots `0..PROBED_SLOTS`, but for the [`EDGE_POSITIONS`].
pub const PROBED_SLOTS: usize = 31;
/// Probe positions that read an index out of every table's range instead of their own
/// slot: compute probes read `i32::MIN` (an `i32`) at the first and `u32::MAX` at the second;
/// render and vertex probes `0x8000_0000` and `u32::MAX` (see [`probed_slot`]).
pub const EDGE_POSITIONS: [usize; 2] = [PROBED_SLOTS - 2, PROBED_SLOTS - 1];

/// The slot a probe's position `k` reads (`None`: an index out of every table's range).
pub fn probed_slot(k: usize) -> Option<usize> {
    (!EDGE_POSITIONS.contains(&k)).then_some(k)
}

/// The device-level state and every object of a program.
#[derive(Clone, Debug)]
pub struct Model {
    /// `heterogeneous-resource-table` (else only `sampling-resource-table`).
    pub heterogeneous: bool,
    /// `[[lastSubmitIndex]]`. wgpu-core numbers submissions with an index it also spends on
    /// failed submissions and internal flushes, and raises the last index only on a
    /// successful one (a failed submission reads no slot, so this only makes slots available
    /// sooner): the model learns the number from `queue.submit`'s return value.
    pub last: u64,
    /// What is known of `[[completedSubmitIndex]]`: at least this, at most `last`.
    pub completed_lo: u64,
    /// And at most this, while a held submission is known not to have completed when wgpu
    /// last looked ([`Model::held`]).
    pub completed_hi: Option<u64>,
    pub textures: Vec<Texture>,
    pub samplers: usize,
    pub buffers: Vec<Buffer>,
    pub tables: Vec<Table>,
    /// The device's `max_resource_table_size()` (`maxResourceTableSize`).
    pub max_table_size: u32,
    /// The device has neither table feature: making a table is a validation error, and so
    /// are `pin` and `unpin`:
    /// > Validation for `GPUTexture.pin(usage)`: […] `"sampling-resource-table"` must be
    /// > enabled on the device (explicitly or implicitly with `"heterogeneous-resource-table"`).
    ///
    /// (and the same for `unpin()`)
    ///
    /// (**Ours:** the same for buffers, whose `pin` is the text's TODO #5375; and the
    /// device's `max_resource_table_size()` is 0, where the text defines the limit only
    /// "when either optional feature is available".)
    pub featureless: bool,
}

/// Which validation error an operation must raise on the device timeline (`None`: none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeviceError {
    /// `ResourceTableBindingError` from `update`/`insertBinding`, and its variant.
    Binding(Why),
    /// `PinError` from `pin`, and its variant.
    Pin(Why),
    /// `QueueWriteError` from `write_texture`/`write_buffer`.
    Write,
    /// `QueueSubmitError` from `submit`.
    Submit,
    /// `CreateResourceTableError`, and its variant: `TooLarge` (the proposal's
    /// `RangeError`) or `MissingFeatures`.
    CreateTable(Why),
    /// `ResourceTableUseError` from `setResourceUsage`, and its variant.
    Usage(Why),
    /// A draw or dispatch whose pipeline uses the table found none set:
    /// > In the validation for `dispatch*` and `draw*` add a check that if
    /// > `pipeline.[[desc]].layout.[[desc]].usesResourceTable` is `true`, then the encoder's
    /// > `[[resource_table]]` is not null.
    MissingTable,
}

/// The variant of a binding or pin error (named as wgpu-core's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    DestroyedResource,
    MissingTextureUsage,
    MissingFeatures,
    NotAStorageBuffer,
    /// A range's offset is not a multiple of `min_storage_buffer_offset_alignment`.
    UnalignedBufferOffset,
    /// A range is empty, ends past the buffer or is not a multiple of 4 bytes.
    BufferRange,
    /// A table above `max_resource_table_size()`.
    TooLarge,
    /// A table of the automatic model above the standard's 65,536 slots.
    AboveStandardMaximum,
    MissingUsage,
    /// `setResourceUsage` of an invalid table.
    InvalidTable,
    /// `setResourceUsage` of a table of the pinning model.
    PinnedTable,
    /// A variant the model never expects.
    Other,
}

pub type Divergence = String;

/// Every (operation, outcome) pair the model can produce, as the tester counts them
/// ([`crate::gpu::outcomes`]): a slot operation's result (`Ok`, `Err(<variant>)`) and the
/// validation errors ([`DeviceError`]) the operation raised, joined by ` + `; `ok` for an
/// operation with neither. A long enough soak on Vulkan meets all of them; on noop, every
/// submission completes at once, so never `NotYetAvailable`.
pub const OUTCOMES: &[(&str, &str)] = &[
    ("create_table", "ok"),
    ("create_table", "CreateTable(TooLarge)"),
    ("create_table", "CreateTable(AboveStandardMaximum)"),
    ("create_table", "CreateTable(MissingFeatures)"),
    ("destroy_table", "ok"),
    ("set_resource_usage", "ok"),
    ("set_resource_usage", "Usage(InvalidTable)"),
    ("set_resource_usage", "Usage(PinnedTable)"),
    ("drop_table", "ok"),
    ("create_texture", "ok"),
    ("write_texture", "ok"),
    ("write_texture", "Write"),
    ("pin_texture", "ok"),
    ("pin_texture", "Pin(DestroyedResource)"),
    ("pin_texture", "Pin(MissingUsage)"),
    ("pin_texture", "Pin(MissingFeatures)"),
    ("destroy_texture", "ok"),
    ("drop_texture", "ok"),
    ("drop_view", "ok"),
    ("drop_sampler", "ok"),
    ("drop_buffer", "ok"),
    ("create_sampler", "ok"),
    ("create_buffer", "ok"),
    ("write_buffer", "ok"),
    ("write_buffer", "Write"),
    ("pin_buffer", "ok"),
    ("pin_buffer", "Pin(DestroyedResource)"),
    ("pin_buffer", "Pin(MissingUsage)"),
    ("pin_buffer", "Pin(MissingFeatures)"),
    ("destroy_buffer", "ok"),
    ("update", "Ok"),
    ("update", "Ok + Binding(DestroyedResource)"),
    ("update", "Ok + Binding(MissingTextureUsage)"),
    ("update", "Ok + Binding(MissingFeatures)"),
    ("update", "Ok + Binding(NotAStorageBuffer)"),
    ("update", "Ok + Binding(UnalignedBufferOffset)"),
    ("update", "Ok + Binding(BufferRange)"),
    ("update", "Err(InUse)"),
    ("update", "Err(NotYetAvailable)"),
    ("update", "Err(OutOfRange)"),
    ("update", "Err(Destroyed)"),
    ("update", "Err(Invalid)"),
    ("update_range", "Ok"),
    ("update_range", "Ok + Binding(DestroyedResource)"),
    ("update_range", "Ok + Binding(MissingTextureUsage)"),
    ("update_range", "Ok + Binding(MissingFeatures)"),
    ("update_range", "Ok + Binding(NotAStorageBuffer)"),
    ("update_range", "Err(InUse)"),
    ("update_range", "Err(NotYetAvailable)"),
    ("update_range", "Err(OutOfRange)"),
    ("update_range", "Err(Destroyed)"),
    ("update_range", "Err(Invalid)"),
    ("insert", "Ok"),
    ("insert", "Ok + Binding(DestroyedResource)"),
    ("insert", "Ok + Binding(MissingTextureUsage)"),
    ("insert", "Ok + Binding(MissingFeatures)"),
    ("insert", "Ok + Binding(NotAStorageBuffer)"),
    ("insert", "Ok + Binding(UnalignedBufferOffset)"),
    ("insert", "Ok + Binding(BufferRange)"),
    ("insert", "Err(Full)"),
    ("insert", "Err(Destroyed)"),
    ("insert", "Err(Invalid)"),
    ("remove", "Ok"),
    ("remove", "Err(OutOfRange)"),
    ("remove", "Err(Destroyed)"),
    ("remove", "Err(Invalid)"),
    ("record", "ok"),
    ("record", "MissingTable"),
    ("submit", "ok"),
    ("submit", "Submit"),
    ("submit", "Submit + MissingTable"),
    ("write_through", "ok"),
    ("write_through", "Submit"),
    ("hold", "ok"),
    ("poll", "ok"),
    ("wait", "ok"),
];

/// Whether `backend` running programs whose tables take `models` can never produce `pair`.
pub fn impossible(backend: crate::Backend, models: crate::ops::Models, (op, outcome): (&str, &str)) -> bool {
    use crate::ops::Models;
    // noop never answers `NotYetAvailable`.
    let noop = backend == crate::Backend::Noop && outcome.contains("NotYetAvailable");
    let model = match models {
        Models::Both => false,
        // Only automatic tables take the standard's maximum and usages.
        Models::Pinned => {
            outcome == "CreateTable(AboveStandardMaximum)" || (op, outcome) == ("set_resource_usage", "ok")
        }
        // Every device has a table feature (bindings of buffers on sampling-only devices
        // still miss one); automatic tables take destroyed resources (and hide them), and
        // refuse sizes above the standard's maximum before the device's.
        Models::Automatic => {
            outcome == "CreateTable(MissingFeatures)"
                || outcome == "Pin(MissingFeatures)"
                || outcome == "CreateTable(TooLarge)"
                || outcome == "Usage(PinnedTable)"
                || outcome == "Ok + Binding(DestroyedResource)"
        }
    };
    noop || model
}

impl Model {
    pub fn new(heterogeneous: bool, last: u64) -> Self {
        Self {
            heterogeneous,
            last,
            completed_lo: last,
            completed_hi: None,
            textures: Vec::new(),
            samplers: 0,
            buffers: Vec::new(),
            tables: Vec::new(),
            max_table_size: MAX_TABLE_SIZE,
            featureless: false,
        }
    }

    // ---- objects -------------------------------------------------------------------------

    /// > if `desc.size > this.limits.maxResourceTableSize` throw a `RangeError` and return.
    ///
    /// (A size of 0 is valid: the text sets no lower bound.) **wgpu's choice** (Rust has no
    /// exceptions): the `RangeError` is a validation error, and the call returns an invalid
    /// table whose slot operations fail with `Invalid`.
    ///
    /// A table of the automatic model refuses sizes above the standard's hard maximum,
    /// 65,536 (gpuweb #5564), before anything else (programs make them only on devices with
    /// the feature, and never between the device's limit and 65,536).
    pub fn create_table(&mut self, size: u32, automatic: bool) -> Option<DeviceError> {
        let above_standard = automatic && size > MAX_AUTOMATIC_TABLE_SIZE;
        let invalid = above_standard || size > self.max_table_size;
        // wgpu makes an automatic table between the device's limit and 65,536, or one on a
        // device without the feature, an invalid table with slots (a device-timeline error):
        // not modelled, and never generated.
        debug_assert!(!automatic || above_standard || !(invalid || self.featureless));
        self.tables.push(Table {
            automatic,
            usages: BTreeMap::new(),
            size,
            invalid,
            destroyed: false,
            slots: vec![
                Slot {
                    avail: Avail::After(0),
                    binding: None
                };
                if invalid { 0 } else { size as usize }
            ],
        });
        // Without the feature (only a size of 0 passes the `RangeError` then): a validation
        // error, and wgpu returns a table whose content-timeline steps work as usual (every
        // slot out of range) and whose device-timeline steps fail.
        if above_standard {
            Some(DeviceError::CreateTable(Why::AboveStandardMaximum))
        } else if invalid {
            Some(DeviceError::CreateTable(Why::TooLarge))
        } else {
            self.featureless
                .then_some(DeviceError::CreateTable(Why::MissingFeatures))
        }
    }

    /// `GPUResourceTable.setResourceUsage(resource, usage)` on the device timeline (from the
    /// next submission on). **Ours:** on a table of the pinning model, where pins decide,
    /// a validation error; a destroyed resource or table takes it silently; no internal
    /// `queue.submit` (the text's), so `[[lastSubmitIndex]]` does not move (design §8).
    pub fn set_resource_usage(&mut self, t: usize, member: Member, usage: Usage) -> Option<DeviceError> {
        let table = &self.tables[t];
        if table.invalid || self.featureless {
            return Some(DeviceError::Usage(Why::InvalidTable));
        }
        if !table.automatic {
            return Some(DeviceError::Usage(Why::PinnedTable));
        }
        self.put_usage(t, member, usage);
        None
    }

    /// Table `t`'s usage of `member` becomes `usage` (`ReadOnly` is the default, kept as no
    /// entry).
    fn put_usage(&mut self, t: usize, member: Member, usage: Usage) {
        let usages = &mut self.tables[t].usages;
        match usage {
            Usage::ReadOnly => usages.remove(&member),
            _ => usages.insert(member, usage),
        };
    }

    /// A queue-timeline `set_resource_usage` of table `t` in a submission that was made: the
    /// table keeps the usage from then on, as a device-timeline call's.
    pub fn queue_usage_call(&mut self, t: usize, member: Member, usage: Usage) {
        self.put_usage(t, member, usage);
    }

    /// The textures and buffers a probe's queue-timeline call picks from in table `t`
    /// ([`crate::ops::UsageCall`]): those its probed slots hold, else all of the program's.
    pub fn call_candidates(&self, t: usize) -> Vec<Member> {
        let mut held = self.probed_members(t);
        if held.is_empty() {
            held = (0..self.textures.len())
                .map(Member::Texture)
                .chain((0..self.buffers.len()).map(Member::Buffer))
                .collect();
        }
        held
    }

    /// The textures and buffers table `t`'s probed slots hold, sorted, each once.
    fn probed_members(&self, t: usize) -> Vec<Member> {
        let mut held: Vec<Member> = (0..PROBED_SLOTS)
            .filter_map(|k| match self.tables[t].slots.get(probed_slot(k)?)?.binding? {
                Res::Texture(i) => Some(Member::Texture(i)),
                Res::Buffer(i, _) => Some(Member::Buffer(i)),
                Res::Sampler(_) => None,
            })
            .collect();
        held.sort();
        held.dedup();
        held
    }

    /// Whether `member` is pinned (then it rests in its pin's state).
    pub fn pinned(&self, member: Member) -> bool {
        match member {
            Member::Texture(i) => self.textures[i].pin.is_some(),
            Member::Buffer(i) => self.buffers[i].pin.is_some(),
        }
    }

    /// [`Model::probe_in_scope`] with table `t`'s usages of some members as `usages` says, in
    /// order (the queue-timeline calls in effect in the scope).
    pub fn probe_with_usages(
        &mut self,
        t: usize,
        conflict: Option<(Member, ConflictClass)>,
        usages: &[(Member, Usage)],
    ) -> Vec<u32> {
        let saved = self.tables[t].usages.clone();
        for &(member, usage) in usages {
            self.put_usage(t, member, usage);
        }
        let out = self.probe_in_scope(t, conflict);
        self.tables[t].usages = saved;
        out
    }

    /// What decides which types table `t` shows `member` as: its pin (the pinning model), or
    /// its usage in the table turned into the pin that shows the same types (the automatic
    /// model).
    ///
    /// **Ours** (the text's "compatible with" is TODO #5374; design §8): `ReadOnly` is
    /// sampled for a view with `TEXTURE_BINDING` (views are made with the texture's usages,
    /// so the texture's say), else read-only storage; `Writable` is storage of every access,
    /// never sampled; `None` is nothing. A pinned resource rests in its pin's state, so an
    /// automatic table shows it only as that state allows: the same usage, or read-only
    /// storage under a `StorageReadWrite` pin.
    fn pin_in(&self, t: usize, member: Member) -> Option<Pin> {
        let table = &self.tables[t];
        let pin = match member {
            Member::Texture(i) => self.textures[i].pin,
            Member::Buffer(i) => self.buffers[i].pin,
        };
        if !table.automatic {
            return pin;
        }
        let usage = match table.usages.get(&member).copied().unwrap_or(Usage::ReadOnly) {
            Usage::None => None,
            Usage::ReadOnly => match member {
                Member::Texture(i) if self.textures[i].sampled => Some(Pin::Sampled),
                _ => Some(Pin::StorageRead),
            },
            Usage::Writable => Some(Pin::StorageReadWrite),
        }?;
        match pin {
            Some(pin) if usage != pin && !(usage == Pin::StorageRead && pin == Pin::StorageReadWrite) => None,
            _ => Some(usage),
        }
    }

    /// > On the device timeline, set `this.[[destroyed]]` to `true`.
    pub fn destroy_table(&mut self, t: usize) {
        let table = &mut self.tables[t];
        table.destroyed = true;
        for slot in &mut table.slots {
            slot.binding = None;
        }
    }

    pub fn create_texture(&mut self, value: u32, shape: TexShape, view: ViewShape, sampled: bool, storage: bool) {
        self.textures.push(Texture {
            value,
            shape,
            view,
            sampled,
            storage,
            pin: None,
            destroyed: false,
            stored: Vec::new(),
        });
    }

    /// A queue write. Writing a destroyed texture is a validation error.
    ///
    /// **Our choice, against a reading of the text.** The proposal says: "when pinned only
    /// the single pinned usage is allowed" and "every check for `GPUTexture.[[destroyed]]`
    /// for use with `usage` of the texture by the GPU has an additional check that the
    /// pinned usage, if any, matches `usage`", which would refuse a queue write (a copy) to a
    /// pinned texture. wgpu allows it (the copy happens before the submission that puts the
    /// texture back in its pinned state), and so does the model.
    ///
    /// Copies to multisampled and `depth32float` textures are validation errors too
    /// (WebGPU's copy rules).
    pub fn write_texture(&mut self, i: usize, value: u32) -> Option<DeviceError> {
        let tex = &mut self.textures[i];
        if tex.destroyed || !tex.shape.copyable() {
            return Some(DeviceError::Write);
        }
        tex.value = value;
        tex.stored.clear();
        None
    }

    /// > Validation for `GPUTexture.pin(usage)`: `this` must not have been destroyed;
    /// > `usage` must be a single shader usage. […] Pinning replaces the currently pinned
    /// > usage, if any.
    ///
    /// **Ours:** the texture must also have been created with that usage.
    pub fn pin_texture(&mut self, i: usize, pin: Option<Pin>) -> Option<DeviceError> {
        if self.featureless {
            return Some(DeviceError::Pin(Why::MissingFeatures));
        }
        let tex = &mut self.textures[i];
        if let Some(p) = pin {
            let has_usage = if p.storage() { tex.storage } else { tex.sampled };
            if tex.destroyed {
                return Some(DeviceError::Pin(Why::DestroyedResource));
            }
            if !has_usage {
                return Some(DeviceError::Pin(Why::MissingUsage));
            }
        }
        // > Validation for `GPUTexture.unpin()`: the feature must be enabled (only).
        tex.pin = pin;
        None
    }

    pub fn destroy_texture(&mut self, i: usize) {
        self.textures[i].destroyed = true;
    }

    pub fn create_buffer(&mut self, value: u32, size: u32, storage: bool, uniform: bool) {
        self.buffers.push(Buffer {
            value,
            written: BTreeMap::new(),
            size,
            storage,
            uniform,
            pin: None,
            destroyed: false,
        });
    }

    pub fn write_buffer(&mut self, i: usize, value: u32) -> Option<DeviceError> {
        let buf = &mut self.buffers[i];
        if buf.destroyed {
            return Some(DeviceError::Write);
        }
        buf.value = value;
        None
    }

    /// Buffers pin only to the storage usages. **Our choice:** the proposal has only
    /// "TODO #5375: Add the similar interface for `GPUBuffer`"; wgpu's follows `pin` for
    /// textures, with the usages a table can hold a buffer for.
    pub fn pin_buffer(&mut self, i: usize, pin: Option<Pin>) -> Option<DeviceError> {
        if self.featureless {
            return Some(DeviceError::Pin(Why::MissingFeatures));
        }
        let buf = &mut self.buffers[i];
        if let Some(p) = pin {
            if buf.destroyed {
                return Some(DeviceError::Pin(Why::DestroyedResource));
            }
            if !buf.storage || !p.storage() {
                return Some(DeviceError::Pin(Why::MissingUsage));
            }
        }
        buf.pin = pin;
        None
    }

    pub fn destroy_buffer(&mut self, i: usize) {
        self.buffers[i].destroyed = true;
    }

    // ---- slots ----------------------------------------------------------------------------

    /// The content-timeline checks every slot operation starts with:
    /// > `this.destroy()` has never been called. `slot` must be `< this.size`.
    fn check_slot(&self, t: usize, slot: u32) -> Result<(), SlotError> {
        let table = &self.tables[t];
        if table.invalid {
            return Err(SlotError::Invalid);
        }
        if table.destroyed {
            return Err(SlotError::Destroyed);
        }
        if slot >= table.size {
            return Err(SlotError::OutOfRange { slot, size: table.size });
        }
        Ok(())
    }

    /// The device-timeline step of `update`:
    /// > If `resource` is not possible to set in the `GPUResourceTable` (TODO #5374,
    /// > determine the compatibility rules, depending on sampling vs. heterogeneous),
    /// > generate a validation error and return.
    ///
    /// **Our choices where the text has that TODO:** a sampling table holds samplers and
    /// textures with `TEXTURE_BINDING`; a heterogeneous one also textures with
    /// `STORAGE_BINDING` and buffers with `STORAGE`. A destroyed resource cannot be set
    /// (wgpu's choice: WebGPU would accept it and fail the submission, as wgpu-core's bind
    /// groups refuse destroyed resources at creation). The error names the first rule
    /// broken, in wgpu's order: for a texture, destroyed then usage; for a buffer, the
    /// feature, destroyed, then usage.
    ///
    /// A table of the automatic model takes destroyed resources, hidden (the standard's
    /// `isShaderVisible`: destroyed → false).
    fn settable(&self, t: usize, res: Res) -> Result<(), Why> {
        let refuses_destroyed = !self.tables[t].automatic;
        match res {
            Res::Texture(i) => {
                let tex = &self.textures[i];
                if tex.destroyed && refuses_destroyed {
                    Err(Why::DestroyedResource)
                } else if !(tex.sampled || (self.heterogeneous && tex.storage)) {
                    Err(Why::MissingTextureUsage)
                } else {
                    Ok(())
                }
            }
            Res::Sampler(_) => Ok(()),
            Res::Buffer(i, range) => {
                let buf = &self.buffers[i];
                // **Ours** (TODO #5374): a bind group's rules for a storage buffer binding.
                let end = range.end(buf.size);
                if !self.heterogeneous {
                    Err(Why::MissingFeatures)
                } else if buf.destroyed && refuses_destroyed {
                    Err(Why::DestroyedResource)
                } else if !buf.storage {
                    Err(Why::NotAStorageBuffer)
                } else if range.offset % STORAGE_OFFSET_ALIGNMENT != 0 {
                    Err(Why::UnalignedBufferOffset)
                } else if end.is_none_or(|end| range.offset >= end || end > buf.size || (end - range.offset) % 4 != 0) {
                    Err(Why::BufferRange)
                } else {
                    Ok(())
                }
            }
        }
    }

    /// > Set `this.[[availableAfterSubmit]][slot]` to `Infinity`. On the device timeline: …
    /// > Set the entry at `slot` in the table to `resource`.
    fn take(&mut self, t: usize, slot: u32, res: Res) -> Option<DeviceError> {
        let settable = self.settable(t, res);
        let s = &mut self.tables[t].slots[slot as usize];
        s.avail = Avail::InUse;
        s.binding = settable.is_ok().then_some(res);
        settable.err().map(DeviceError::Binding)
    }

    /// `update(slot, resource)` returned `observed`: checks it and applies it.
    /// > If any of the following is not satisfied, throw an `OperationError`: …
    /// > `this.[[availableAfterSubmit]][slot] <= this.[[device]].queue.[[completedSubmitIndex]]`
    ///
    /// (wgpu tells a slot that holds a binding, `InUse`, from one that waits for a
    /// submission, `NotYetAvailable`.)
    pub fn update(
        &mut self,
        t: usize,
        slot: u32,
        res: Res,
        observed: &Result<(), SlotError>,
    ) -> Result<Option<DeviceError>, Divergence> {
        if let Err(e) = self.check_slot(t, slot) {
            return expect_err(observed, e);
        }
        match self.tables[t].slots[slot as usize].avail {
            Avail::InUse => expect_err(observed, SlotError::InUse { slot }),
            Avail::After(a) if a <= self.completed_lo => match observed {
                Ok(()) => Ok(self.take(t, slot, res)),
                Err(e) => Err(format!(
                    "expected Ok(()), got Err({e:?}) (completed >= {})",
                    self.completed_lo
                )),
            },
            // Depends on completion: Ok proves submission `a` completed.
            Avail::After(a) => match observed {
                Ok(()) => {
                    self.complete_at_least(a)?;
                    Ok(self.take(t, slot, res))
                }
                Err(e) => {
                    self.not_yet_available(e, slot, a)?;
                    Ok(None)
                }
            },
        }
    }

    /// `update_range(first, resources)` (wgpu's batch form of `update`) returned
    /// `observed`: the same `update`s in order, except that the slots are taken all or none.
    /// Range checks come first (the first slot out of range), then availability in slot
    /// order; a slot whose availability depends on completion either is the error or, if
    /// the call went past it, proves its submission completed.
    pub fn update_range(
        &mut self,
        t: usize,
        first: u32,
        res: &[Res],
        observed: &Result<(), SlotError>,
    ) -> Result<Vec<DeviceError>, Divergence> {
        // (Past `u32::MAX` the first slot is already out of range.)
        let slots = (0..res.len() as u32).map_while(|k| first.checked_add(k));
        if let Some(e) = slots.clone().find_map(|slot| self.check_slot(t, slot).err()) {
            return expect_err(observed, e).map(|_| Vec::new());
        }
        for slot in slots.clone() {
            match self.tables[t].slots[slot as usize].avail {
                Avail::InUse => return expect_err(observed, SlotError::InUse { slot }).map(|_| Vec::new()),
                Avail::After(a) if a <= self.completed_lo => {}
                Avail::After(a) => match observed {
                    Err(SlotError::NotYetAvailable { slot: s, .. }) if *s == slot => {
                        let e = observed.as_ref().unwrap_err();
                        self.not_yet_available(e, slot, a)?;
                        return Ok(Vec::new());
                    }
                    // The call went past this slot: its submission completed.
                    _ => self.complete_at_least(a)?,
                },
            }
        }
        if let Err(e) = observed {
            return Err(format!(
                "expected Ok(()), got Err({e:?}) (completed >= {})",
                self.completed_lo
            ));
        }
        // Every slot is taken; each binding that fails its checks is an error of its own,
        // in slot order.
        Ok(slots.zip(res).filter_map(|(slot, &r)| self.take(t, slot, r)).collect())
    }

    /// An outcome proved that submission `a` has completed: a divergence while a held
    /// submission at or before `a` is known to be pending.
    ///
    /// > `this.[[availableAfterSubmit]][slot] <= this.[[device]].queue.[[completedSubmitIndex]]`
    /// > (else throw an `OperationError`): a slot is never handed out while a submission
    /// > that may read it is pending.
    fn complete_at_least(&mut self, a: u64) -> Result<(), Divergence> {
        if let Some(hi) = self.completed_hi {
            if a > hi {
                return Err(format!(
                    "a slot removed after submission {a} was available while submission {} was \
                     still running (completed <= {hi})",
                    hi + 1
                ));
            }
        }
        self.completed_lo = self.completed_lo.max(a);
        Ok(())
    }

    /// Checks a `NotYetAvailable` for a slot available after `a`, and learns the completed
    /// index it reports.
    fn not_yet_available(&mut self, e: &SlotError, slot: u32, a: u64) -> Result<(), Divergence> {
        match *e {
            SlotError::NotYetAvailable {
                slot: s,
                available_after,
                completed,
            } if s == slot
                && available_after == a
                && completed < a
                && completed >= self.completed_lo
                && self.completed_hi.is_none_or(|hi| completed <= hi) =>
            {
                self.completed_lo = completed;
                Ok(())
            }
            _ => Err(format!(
                "expected Ok(()) or Err(NotYetAvailable {{ slot: {slot}, available_after: {a}, \
                 completed: {}..{a} }}), got Err({e:?})",
                self.completed_lo
            )),
        }
    }

    /// `insertBinding(resource)` returned `observed`.
    /// > Let `slot` be `this.[[availableAfterSubmit]].findIndex((e) => e <= completedSubmitIndex)`.
    /// > If `slot` is `undefined`, throw an `OperationError`. Call `this.update(slot, resource)`.
    ///
    /// (TODO #5466: wgpu returns the LOWEST available slot, `findIndex` as written.)
    pub fn insert(
        &mut self,
        t: usize,
        res: Res,
        observed: &Result<u32, SlotError>,
    ) -> Result<(Option<DeviceError>, u32), Divergence> {
        let table = &self.tables[t];
        if table.invalid {
            return expect_err(observed, SlotError::Invalid).map(|e| (e, u32::MAX));
        }
        if table.destroyed {
            return expect_err(observed, SlotError::Destroyed).map(|e| (e, u32::MAX));
        }
        let after = |s: &Slot| match s.avail {
            Avail::After(a) => Some(a),
            Avail::InUse => None,
        };
        let lowest_now = table
            .slots
            .iter()
            .position(|s| after(s).is_some_and(|a| a <= self.completed_lo));
        match *observed {
            Ok(slot) => {
                // Some completed index `c` in `completed_lo..=last` must make `slot` the first
                // available one: the smallest such `c` is `max(completed_lo, a)`.
                let a = table.slots.get(slot as usize).and_then(after);
                let c = a.map(|a| a.max(self.completed_lo));
                let first = c.and_then(|c| table.slots.iter().position(|s| after(s).is_some_and(|a| a <= c)));
                if first != Some(slot as usize) {
                    return Err(format!(
                        "returned slot {slot}, but the lowest available slot is {lowest_now:?} \
                         (completed >= {}, availableAfterSubmit of the first slots: {:?})",
                        self.completed_lo,
                        table.slots.iter().take(64).map(|s| s.avail).collect::<Vec<_>>()
                    ));
                }
                self.complete_at_least(c.unwrap())?;
                Ok((self.take(t, slot, res), slot))
            }
            Err(SlotError::Full) if lowest_now.is_none() => Ok((None, u32::MAX)),
            Err(ref e) => Err(format!(
                "expected Ok(slot) (lowest available now: {lowest_now:?}), got Err({e:?})"
            )),
        }
    }

    /// `removeBinding(slot)`.
    /// > Set `this.[[availableAfterSubmit]][slot]` to `this.[[device]].queue.[[lastSubmitIndex]]`.
    /// > On the device timeline: Remove the entry at `slot`.
    pub fn remove(&mut self, t: usize, slot: u32, observed: &Result<(), SlotError>) -> Result<(), Divergence> {
        if let Err(e) = self.check_slot(t, slot) {
            return expect_err(observed, e).map(drop);
        }
        if let Err(e) = observed {
            return Err(format!("expected Ok(()), got Err({e:?})"));
        }
        let last = self.last;
        let s = &mut self.tables[t].slots[slot as usize];
        s.avail = Avail::After(last);
        s.binding = None;
        Ok(())
    }

    // ---- submissions ----------------------------------------------------------------------

    /// > In `queue.submit`, validate that none of the tables in the various encoder's
    /// > `[[resource_tables_used]]` are destroyed.
    ///
    /// (`invalid`: some command buffer failed validation when recorded; submitting it
    /// fails too.)
    pub fn submit_error(&self, tables_used: &[usize], invalid: bool) -> Option<DeviceError> {
        (invalid || tables_used.iter().any(|&t| self.tables[t].destroyed)).then_some(DeviceError::Submit)
    }

    /// A successful submission with index `index`:
    /// > Increment `this.[[lastSubmitIndex]]`. (See [`Model::last`] for wgpu's numbering.)
    pub fn submitted(&mut self, index: u64) -> Result<(), Divergence> {
        if index <= self.last {
            return Err(format!(
                "submission index {index} is not above the last one, {}",
                self.last
            ));
        }
        self.last = index;
        Ok(())
    }

    /// All submitted work is known complete (a wait, or a poll that found the queue empty).
    pub fn all_completed(&mut self) {
        self.completed_lo = self.last;
        self.completed_hi = None;
    }

    /// Submission `index` (already [`Model::submitted`]) runs for much longer than wgpu
    /// takes to look at the fence once after submitting it: wgpu's completed index stays
    /// below it until it looks again ([`Model::looked`]). (Only on a backend that runs
    /// work: the noop backend completes everything at once.)
    pub fn held(&mut self, index: u64) {
        self.completed_hi = Some(index - 1);
    }

    /// wgpu looked at the fence again (a submission, a poll): completion may have moved.
    pub fn looked(&mut self) {
        self.completed_hi = None;
    }

    /// Whether texture `i`'s view, in a slot, is what `hasResource<ty>` looks for.
    ///
    /// > `hasResource` returns true if the item at `index` of the resource table is of type
    /// > `T`. […] This way unpinned resources are not accessible via resource tables.
    ///
    /// A destroyed resource is visible to no type (ours: docs/src/resource-tables.md).
    ///
    /// The type rules are TODO #5470 in the proposal; ours are WebGPU's binding rules for
    /// a bind group entry of that type: the view's dimension, the format's texel type, and
    /// for storage textures a view of one mip level (docs/src/wgsl.md). A pin makes the
    /// texture visible to the types of its usage only: `Sampled` to sampled textures (with
    /// `TEXTURE_BINDING`), either storage pin to read-only storage textures (with
    /// `STORAGE_BINDING`, heterogeneous tables only).
    ///
    /// In a table of the automatic model the table's usage stands for the pin ([`Model::pin_in`]).
    pub fn compatible(&self, t: usize, i: usize, ty: Ty) -> bool {
        let tex = &self.textures[i];
        if tex.destroyed {
            return false;
        }
        let pin = self.pin_in(t, Member::Texture(i));
        let dim = tex.view.dim;
        let texel = tex.shape.format.texel();
        let multisampled = tex.shape.kind == TexKind::Multisampled;
        let sampled = tex.sampled && pin == Some(Pin::Sampled);
        // A sampled type of one dimension and texel type, not multisampled.
        let single = |d, t| sampled && !multisampled && dim == d && texel == t;
        let storage = self.heterogeneous && tex.storage && pin.is_some_and(Pin::storage);
        match ty {
            Ty::Texture2dU32 => single(ViewDim::D2, Texel::Uint),
            Ty::Texture2dI32 => single(ViewDim::D2, Texel::Sint),
            // Depth formats bind to `texture_depth_*` types only (ours: WebGPU also lets
            // a bind group take them as `unfilterable-float`; table samplers filter).
            Ty::Texture2dF32 => single(ViewDim::D2, Texel::Float),
            Ty::Texture2dArrayU32 => single(ViewDim::D2Array, Texel::Uint),
            Ty::Texture3dU32 => single(ViewDim::D3, Texel::Uint),
            Ty::TextureCubeU32 => single(ViewDim::Cube, Texel::Uint),
            Ty::TextureCubeArrayU32 => single(ViewDim::CubeArray, Texel::Uint),
            Ty::TextureDepth2d => single(ViewDim::D2, Texel::Depth),
            Ty::TextureMultisampled2dF32 => sampled && multisampled && texel == Texel::Float,
            Ty::StorageRead2dU32 => storage && dim == ViewDim::D2 && tex.view.mip_count == 1 && texel == Texel::Uint,
            // > `read` accepts textures pinned read-only or writable; `write`/`read_write`
            // > only writable ones. (docs/src/wgsl.md)
            Ty::StorageReadWrite2dU32 => {
                self.compatible(t, i, Ty::StorageRead2dU32) && pin == Some(Pin::StorageReadWrite)
            }
        }
    }

    /// What a probe's [`Conflict`] binds, and how, in a probe of table `t`: of the program's
    /// textures or buffers that a bind group can take so without an error (alive, unpinned
    /// or pinned to exactly the binding's usage, with the usage the binding needs, of a shape
    /// it fits), the `n`-th (modulo their number) of those that the table's probed slots
    /// show to some type, else of those they hold, else of all of them.
    pub fn conflict(&self, t: usize, conflict: Conflict) -> Option<(Member, ConflictClass)> {
        // The pin a resource may have for this use outside the tables: the same usage.
        let pin_allowed = match conflict {
            Conflict::Sampled(_) => Some(Pin::Sampled),
            Conflict::StorageRead(_) => Some(Pin::StorageRead),
            Conflict::StorageReadWrite(_) => Some(Pin::StorageReadWrite),
            Conflict::StorageWrite(_) | Conflict::Uniform(_) => None,
        };
        let pin_fits = |pin: Option<Pin>| pin.is_none() || pin == pin_allowed;
        let texture_fits = |i: usize, storage: bool| {
            let tex = &self.textures[i];
            !tex.destroyed
                && pin_fits(tex.pin)
                && tex.shape.kind != TexKind::Multisampled
                && match storage {
                    true => tex.storage && tex.shape.format != Format::Depth32Float,
                    false => tex.sampled,
                }
        };
        let buffer_fits = |i: usize, uniform: bool| {
            let buf = &self.buffers[i];
            !buf.destroyed && pin_fits(buf.pin) && if uniform { buf.uniform } else { buf.storage }
        };
        // (n, a texture (else a buffer), its binding's storage/uniform flag, writes, not storage)
        let (n, texture, flag, writes, not_storage) = match conflict {
            Conflict::Sampled(n) => (n, true, false, false, true),
            Conflict::StorageWrite(n) => (n, true, true, true, false),
            Conflict::Uniform(n) => (n, false, true, false, true),
            Conflict::StorageRead(n) => (n, false, false, false, true),
            Conflict::StorageReadWrite(n) => (n, false, false, true, false),
        };
        let fits = |m: Member| match m {
            Member::Texture(i) => texture && texture_fits(i, flag),
            Member::Buffer(i) => !texture && buffer_fits(i, flag),
        };
        let mut held: Vec<Member> = self.probed_members(t).into_iter().filter(|&m| fits(m)).collect();
        let shown: Vec<Member> = held.iter().copied().filter(|&m| self.shows(t, m)).collect();
        if !shown.is_empty() {
            held = shown;
        }
        if held.is_empty() {
            held = (0..self.textures.len())
                .map(Member::Texture)
                .chain((0..self.buffers.len()).map(Member::Buffer))
                .filter(|&m| fits(m))
                .collect();
        }
        let member = *held.get(n.checked_rem(held.len())?)?;
        Some((member, ConflictClass { writes, not_storage }))
    }

    /// Whether table `t` may show `member` (a usage that shows something, not destroyed:
    /// outside conflicting scopes; whether a type fits is the probe's to find).
    fn shows(&self, t: usize, member: Member) -> bool {
        let destroyed = match member {
            Member::Texture(i) => self.textures[i].destroyed,
            Member::Buffer(i) => self.buffers[i].destroyed,
        };
        !destroyed && self.pin_in(t, member).is_some()
    }

    fn buffer_visible(&self, t: usize, i: usize) -> bool {
        let buf = &self.buffers[i];
        let pin = self.pin_in(t, Member::Buffer(i));
        self.heterogeneous && pin.is_some_and(Pin::storage) && buf.storage && !buf.destroyed
    }

    /// `ptr<storage, S, read_write>`: buffers pinned writable (or `Writable`) only.
    fn buffer_writable(&self, t: usize, i: usize) -> bool {
        self.buffer_visible(t, i) && self.pin_in(t, Member::Buffer(i)) == Some(Pin::StorageReadWrite)
    }

    /// [`crate::ops::Op::WriteThrough`] of table `t` submitted now: per slot `[writable
    /// buffer, writable storage texture]` as `hasResource` finds them; and the writes.
    pub fn write_through(&mut self, t: usize, value: u32) -> Vec<u32> {
        let table = &self.tables[t];
        let mut found = vec![0; PROBED_SLOTS * 2];
        let (mut buffers, mut textures) = (Vec::new(), Vec::new());
        for (slot, words) in found.chunks_exact_mut(2).enumerate() {
            match table.slots.get(slot).and_then(|s| s.binding) {
                Some(Res::Buffer(i, range)) if self.buffer_writable(t, i) => {
                    words[0] = 1;
                    buffers.push((i, range.offset / 4));
                }
                Some(Res::Texture(i)) if self.compatible(t, i, Ty::StorageReadWrite2dU32) => {
                    words[1] = 1;
                    textures.push(i);
                }
                _ => {}
            }
        }
        for (i, word) in buffers {
            let buf = &mut self.buffers[i];
            match word {
                0 => buf.value = value,
                _ => {
                    buf.written.insert(word, value);
                }
            }
        }
        for i in textures {
            let tex = &mut self.textures[i];
            let at = (tex.view.base_mip, tex.view.base_layer);
            tex.stored.retain(|(sub, _)| *sub != at);
            tex.stored.push((at, value));
        }
        found
    }

    /// What a probe of table `t` submitted now reads for slots `0..PROBED_SLOTS`, `STRIDE`
    /// words each (see [`WORDS`]); the storage words only on heterogeneous devices (0
    /// otherwise).
    ///
    /// > If `index` is outside the bounds of the resource table then a default value of type
    /// > `T` will be returned. If the item at `index` is not of type `T` then a default value
    /// > of type `T` is returned.
    ///
    /// The default resources are TODO #5471 in the proposal; ours (docs/src/wgsl.md): a
    /// texture of one 1×1 texel of zeros, one mip level and one layer; an empty buffer
    /// (`arrayLength` 0, reads 0).
    pub fn probe(&self, t: usize) -> Vec<u32> {
        self.probe_in_scope(t, None)
    }

    /// [`Model::probe`] in a usage scope that also uses `conflict` outside the table.
    ///
    /// > `isShaderVisible(table, index, T, scope)` is false if the resource's table usage is
    /// > `"readonly"` and any subresource of it is used as writable in the scope, or if it
    /// > is `"writable"` and the resource has any usage other than storage in the scope.
    pub fn probe_in_scope(&self, t: usize, conflict: Option<(Member, ConflictClass)>) -> Vec<u32> {
        let table = &self.tables[t];
        let hidden = |res: Res| {
            let member = match res {
                Res::Texture(i) => Member::Texture(i),
                Res::Buffer(i, _) => Member::Buffer(i),
                Res::Sampler(_) => return false,
            };
            match conflict {
                Some((m, class)) if m == member && table.automatic => {
                    match table.usages.get(&member).copied().unwrap_or(Usage::ReadOnly) {
                        Usage::ReadOnly => class.writes,
                        Usage::Writable => class.not_storage,
                        Usage::None => false,
                    }
                }
                _ => false,
            }
        };
        let mut out = vec![0; PROBED_SLOTS * STRIDE];
        for (k, words) in out.chunks_exact_mut(STRIDE).enumerate() {
            let binding = probed_slot(k)
                .and_then(|slot| table.slots.get(slot)?.binding)
                .filter(|&res| !hidden(res));
            // The defaults' shape.
            for k in [8, 9, 11, 15, 19, 21, 23, 24, 26] {
                words[k] = 1;
            }
            words[26] = 1 | 1 << 8 | 1 << 16;
            words[28] = 4 | 1 << 8;
            words[31] = 1 | 1 << 8;
            if self.heterogeneous {
                words[14] = 1;
            }
            match binding {
                Some(Res::Texture(i)) => {
                    let tex = &self.textures[i];
                    let has = |ty| self.compatible(t, i, ty);
                    if has(Ty::Texture2dU32) {
                        words[0] = 1;
                        words[3] = tex.view_texel(0);
                        words[8] = tex.view_width();
                        words[9] = tex.view.mip_count;
                    }
                    words[1] = u32::from(has(Ty::Texture2dF32));
                    if has(Ty::Texture2dArrayU32) {
                        words[10] = 1;
                        words[11] = tex.view.layer_count;
                        words[12] = tex.view_texel(tex.view.layer_count - 1);
                        words[15] = tex.view.mip_count;
                    }
                    if has(Ty::StorageRead2dU32) {
                        words[4] = 1;
                        words[5] = tex.view_texel(0);
                        words[14] = tex.view_width();
                    }
                    if has(Ty::Texture2dI32) {
                        words[16] = 1;
                        words[17] = tex.view_texel(0);
                    }
                    if has(Ty::Texture3dU32) {
                        words[18] = 1;
                        words[19] = tex.view_depth();
                        words[20] = tex.view_texel(tex.view_depth() - 1);
                        words[21] = tex.view_width();
                    }
                    if has(Ty::TextureCubeU32) {
                        words[22] = 1;
                        words[23] = tex.view_width();
                        words[24] = tex.view.mip_count;
                    }
                    if has(Ty::TextureCubeArrayU32) {
                        words[25] = 1;
                        words[26] = (tex.view.layer_count / 6) | (tex.view_width() << 8) | (tex.view.mip_count << 16);
                    }
                    if has(Ty::TextureMultisampled2dF32) {
                        words[27] = 1;
                        words[28] = 4 | tex.view_width() << 8;
                        words[29] |= tex.view_texel(0);
                    }
                    if has(Ty::TextureDepth2d) {
                        words[30] = 1;
                        words[29] |= tex.view_texel(0);
                        words[31] = tex.view_width() | tex.view.mip_count << 8;
                    }
                }
                Some(Res::Sampler(_)) => words[2] = 1,
                Some(Res::Buffer(i, range)) if self.buffer_visible(t, i) => {
                    let buf = &self.buffers[i];
                    let first = range.offset / 4;
                    words[6] = 1;
                    words[7] = buf.word(first);
                    words[13] = (range.end(buf.size).unwrap_or(0) - range.offset) / 4;
                }
                Some(Res::Buffer(..)) | None => {}
            }
        }
        out
    }
}

/// The resource types a probe asks `hasResource`/`getResource` for (besides `sampler` and
/// the storage buffer `ptr<storage, Data, read>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ty {
    Texture2dU32,
    Texture2dI32,
    Texture2dF32,
    Texture2dArrayU32,
    Texture3dU32,
    TextureCubeU32,
    TextureCubeArrayU32,
    TextureMultisampled2dF32,
    TextureDepth2d,
    StorageRead2dU32,
    StorageReadWrite2dU32,
}

/// The `hasResource` words of [`WORDS`] (those of storage types only on heterogeneous
/// devices): a run in which one of them was never true checked that type against no real
/// resource ([`crate::gpu::unseen_types`]).
pub const HAS_WORDS: [usize; 12] = [0, 1, 2, 4, 6, 10, 16, 18, 22, 25, 27, 30];

/// What each of a probe's `STRIDE` words per slot is.
pub const WORDS: [&str; STRIDE] = [
    "hasResource<texture_2d<u32>>",
    "hasResource<texture_2d<f32>>",
    "hasResource<sampler>",
    "textureLoad(texture_2d<u32>, (0, 0), 0).x",
    "hasResource<texture_storage_2d<u32, read>>",
    "textureLoad(texture_storage_2d<u32, read>, (0, 0)).x",
    "hasResource<ptr<storage, Data, read>>",
    "values[0]",
    "textureDimensions(texture_2d<u32>).x",
    "textureNumLevels(texture_2d<u32>)",
    "hasResource<texture_2d_array<u32>>",
    "textureNumLayers(texture_2d_array<u32>)",
    "textureLoad(texture_2d_array<u32>, (0, 0), last layer, 0).x",
    "arrayLength(&values)",
    "textureDimensions(texture_storage_2d<u32, read>).x",
    "textureNumLevels(texture_2d_array<u32>)",
    "hasResource<texture_2d<i32>>",
    "bitcast<u32>(textureLoad(texture_2d<i32>, (0, 0), 0).x)",
    "hasResource<texture_3d<u32>>",
    "textureDimensions(texture_3d<u32>).z",
    "textureLoad(texture_3d<u32>, (0, 0, last slice), 0).x",
    "textureDimensions(texture_3d<u32>).x",
    "hasResource<texture_cube<u32>>",
    "textureDimensions(texture_cube<u32>).x",
    "textureNumLevels(texture_cube<u32>)",
    "hasResource<texture_cube_array<u32>>",
    "textureNumLayers | textureDimensions.x << 8 | textureNumLevels << 16 (texture_cube_array<u32>)",
    "hasResource<texture_multisampled_2d<f32>>",
    "textureNumSamples | textureDimensions.x << 8 (texture_multisampled_2d<f32>)",
    "the texels (0, 0) of texture_multisampled_2d<f32> (.x, sample 0) and texture_depth_2d, bits or'ed",
    "hasResource<texture_depth_2d>",
    "textureDimensions.x | textureNumLevels << 8 (texture_depth_2d)",
];

/// The operation must fail with exactly `expected`.
fn expect_err<T: fmt::Debug>(
    observed: &Result<T, SlotError>,
    expected: SlotError,
) -> Result<Option<DeviceError>, Divergence> {
    match observed {
        Err(e) if *e == expected => Ok(None),
        other => Err(format!("expected Err({expected:?}), got {other:?}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn removed_slot_waits_for_completion_and_narrows_it() {
        let mut m = Model::new(false, 1);
        m.create_table(4, false);
        m.create_texture(5, R32UINT_1X1, ViewShape::default_of(&R32UINT_1X1), true, false);
        assert_eq!(m.update(0, 0, Res::Texture(0), &Ok(())), Ok(None));
        m.submitted(2).unwrap();
        m.remove(0, 0, &Ok(())).unwrap();
        // Completed is 1..=2: either outcome.
        let nya = Err(SlotError::NotYetAvailable {
            slot: 0,
            available_after: 2,
            completed: 1,
        });
        assert_eq!(m.clone().update(0, 0, Res::Texture(0), &nya), Ok(None));
        // insertBinding may take slot 1 (0 not yet available) or slot 0.
        assert!(m.clone().insert(0, Res::Sampler(0), &Ok(1)).is_ok());
        let mut m2 = m.clone();
        assert!(m2.insert(0, Res::Sampler(0), &Ok(0)).is_ok());
        assert_eq!(m2.completed_lo, 2);
        assert!(m.clone().insert(0, Res::Sampler(0), &Ok(2)).is_err());
        assert_eq!(m.update(0, 0, Res::Texture(0), &Ok(())), Ok(None));
        assert_eq!(m.completed_lo, 2);
        assert!(m.update(0, 0, Res::Texture(0), &Ok(())).is_err());
    }

    #[test]
    fn a_slot_removed_after_a_held_submission_is_not_available_until_wgpu_looks_again() {
        let mut m = Model::new(false, 1);
        m.create_table(2, false);
        m.create_texture(5, R32UINT_1X1, ViewShape::default_of(&R32UINT_1X1), true, false);
        m.update(0, 0, Res::Texture(0), &Ok(())).unwrap();
        m.submitted(2).unwrap();
        m.held(2);
        m.remove(0, 0, &Ok(())).unwrap();
        assert!(m.clone().update(0, 0, Res::Texture(0), &Ok(())).is_err());
        // Slot 0 is not available, slot 1 is.
        assert!(m.clone().insert(0, Res::Sampler(0), &Ok(0)).is_err());
        assert!(m.clone().insert(0, Res::Sampler(0), &Ok(1)).is_ok());
        let nya = |completed| {
            Err(SlotError::NotYetAvailable {
                slot: 0,
                available_after: 2,
                completed,
            })
        };
        assert_eq!(m.clone().update(0, 0, Res::Texture(0), &nya(1)), Ok(None));
        m.looked();
        assert_eq!(m.update(0, 0, Res::Texture(0), &Ok(())), Ok(None));
    }

    const R32UINT_1X1: TexShape = TexShape {
        kind: TexKind::D2,
        size: 1,
        mips: 1,
        layers: 1,
        format: Format::R32Uint,
    };

    /// Word `w` of slot `slot` of a probe.
    fn word(probe: &[u32], slot: usize, w: usize) -> u32 {
        probe[slot * STRIDE + w]
    }

    #[test]
    fn defaults_have_one_texel_one_mip_one_layer_and_no_elements() {
        let mut m = Model::new(true, 0);
        m.create_table(4, false);
        let probe = m.probe(0);
        // An empty slot, and one past the end of the table.
        for slot in [0, 10] {
            let words: Vec<u32> = (0..STRIDE).map(|w| word(&probe, slot, w)).collect();
            assert_eq!(
                words,
                [
                    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 1, 0, 0, 1, 1, // 2D, 2D array, storage, buffer
                    0, 0, 0, 1, 0, 1, 0, 1, 1, 0, 0x1_0101, 0, 0x104, 0, 0,
                    0x101, // i32, 3D, cube, multisampled, depth
                ],
                "slot {slot}"
            );
        }
    }

    #[test]
    fn a_storage_pin_shows_one_mip_views_only() {
        let mut m = Model::new(true, 0);
        m.create_table(4, false);
        let shape = TexShape {
            kind: TexKind::D2,
            size: 4,
            mips: 3,
            layers: 1,
            format: Format::R32Uint,
        };
        let all = ViewShape::default_of(&shape);
        let one = ViewShape {
            base_mip: 1,
            mip_count: 1,
            ..all
        };
        m.create_texture(5, shape, all, true, true);
        m.create_texture(5, shape, one, true, true);
        m.update(0, 0, Res::Texture(0), &Ok(())).unwrap();
        m.update(0, 1, Res::Texture(1), &Ok(())).unwrap();
        m.pin_texture(0, Some(Pin::StorageRead));
        m.pin_texture(1, Some(Pin::StorageRead));
        let probe = m.probe(0);
        assert_eq!([0, 4, 5, 14].map(|w| word(&probe, 0, w)), [0, 0, 0, 1]);
        assert_eq!([0, 4, 5, 14].map(|w| word(&probe, 1, w)), [0, 1, texel(5, 1, 0), 2]);
        m.pin_texture(1, Some(Pin::Sampled));
        let probe = m.probe(0);
        assert_eq!([0, 3, 8, 9].map(|w| word(&probe, 1, w)), [1, 1005, 2, 1]);
    }

    #[test]
    fn array_views_show_their_layers() {
        let mut m = Model::new(false, 0);
        m.create_table(4, false);
        let shape = TexShape {
            kind: TexKind::D2,
            size: 2,
            mips: 2,
            layers: 6,
            format: Format::R32Uint,
        };
        let view = ViewShape {
            dim: ViewDim::D2Array,
            base_mip: 0,
            mip_count: 2,
            base_layer: 2,
            layer_count: 3,
        };
        m.create_texture(9, shape, view, true, false);
        m.update(0, 0, Res::Texture(0), &Ok(())).unwrap();
        m.pin_texture(0, Some(Pin::Sampled));
        let probe = m.probe(0);
        // Not a `texture_2d`: that word keeps the default's shape.
        assert_eq!([0, 8, 9].map(|w| word(&probe, 0, w)), [0, 1, 1]);
        assert_eq!([10, 11, 12, 15].map(|w| word(&probe, 0, w)), [1, 3, texel(9, 0, 4), 2]);
    }

    #[test]
    fn cube_3d_depth_and_multisampled_views_show_to_their_types_only() {
        let mut m = Model::new(false, 0);
        m.create_table(4, false);
        let d2 = TexShape {
            kind: TexKind::D2,
            size: 4,
            mips: 3,
            layers: 12,
            format: Format::R32Uint,
        };
        let cubes = ViewShape {
            dim: ViewDim::CubeArray,
            base_mip: 1,
            mip_count: 2,
            base_layer: 0,
            layer_count: 12,
        };
        m.create_texture(1, d2, cubes, true, false);
        let d3 = TexShape {
            kind: TexKind::D3,
            size: 2,
            mips: 3,
            layers: 4,
            format: Format::R32Uint,
        };
        m.create_texture(2, d3, ViewShape::default_of(&d3), true, false);
        let depth = TexShape {
            format: Format::Depth32Float,
            ..R32UINT_1X1
        };
        m.create_texture(3, depth, ViewShape::default_of(&depth), true, false);
        let ms = TexShape {
            kind: TexKind::Multisampled,
            format: Format::Rgba8Unorm,
            ..R32UINT_1X1
        };
        m.create_texture(4, ms, ViewShape::default_of(&ms), true, false);
        for i in 0..4 {
            m.update(0, i as u32, Res::Texture(i), &Ok(())).unwrap();
            m.pin_texture(i, Some(Pin::Sampled));
        }
        // Queue writes cannot reach depth and multisampled textures.
        assert_eq!(m.write_texture(2, 7), Some(DeviceError::Write));
        assert_eq!(m.write_texture(3, 7), Some(DeviceError::Write));
        let probe = m.probe(0);
        let has = |slot| [0, 1, 10, 16, 18, 22, 25, 27, 30].map(|w| word(&probe, slot, w));
        assert_eq!(has(0), [0, 0, 0, 0, 0, 0, 1, 0, 0]);
        // Two cubes of 2×2 (from mip 1), two levels.
        assert_eq!(word(&probe, 0, 26), 2 | 2 << 8 | 2 << 16);
        assert_eq!(has(1), [0, 0, 0, 0, 1, 0, 0, 0, 0]);
        // Depth 4 at mip 0; the last slice.
        assert_eq!([19, 20, 21].map(|w| word(&probe, 1, w)), [4, texel(2, 0, 3), 2]);
        assert_eq!(has(2), [0, 0, 0, 0, 0, 0, 0, 0, 1]);
        assert_eq!([29, 31].map(|w| word(&probe, 2, w)), [0, 1 | 1 << 8]);
        assert_eq!(has(3), [0, 0, 0, 0, 0, 0, 0, 1, 0]);
        assert_eq!([28, 29].map(|w| word(&probe, 3, w)), [4 | 1 << 8, 0]);
    }

    #[test]
    fn visibility_needs_a_sampled_pin_and_no_destroy() {
        let mut m = Model::new(false, 0);
        m.create_table(4, false);
        m.create_texture(7, R32UINT_1X1, ViewShape::default_of(&R32UINT_1X1), true, false);
        m.update(0, 1, Res::Texture(0), &Ok(())).unwrap();
        assert_eq!(m.probe(0)[STRIDE..STRIDE + 4], [0, 0, 0, 0]);
        assert_eq!(m.pin_texture(0, Some(Pin::Sampled)), None);
        assert_eq!(m.probe(0)[STRIDE..STRIDE + 4], [1, 0, 0, 7]);
        assert_eq!(
            m.pin_texture(0, Some(Pin::StorageRead)),
            Some(DeviceError::Pin(Why::MissingUsage))
        );
        m.destroy_texture(0);
        assert_eq!(m.probe(0)[STRIDE..STRIDE + 4], [0, 0, 0, 0]);
    }
}
