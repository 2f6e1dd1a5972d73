//! The operations of a program, how they print (one Rust-like line each), and the
//! `proptest-state-machine` reference machine that generates them: it tracks only what
//! generation needs (which handles exist); the outcomes are the model's business.

use std::fmt;

use proptest::prelude::*;
use proptest::strategy::{BoxedStrategy, Union};
use proptest_state_machine::ReferenceStateMachine;

use crate::model::{
    BufRange, Conflict, Format, Member, Pin, Res, SlotIndex, TableSize, TexKind, TexShape, Usage, ViewDim, ViewShape,
    STORAGE_OFFSET_ALIGNMENT,
};

/// The models a run's tables take: both (the default), or one, for a soak of each model.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Models {
    /// First tables are of either model, as are created ones (featureless devices: pinned).
    #[default]
    Both,
    /// Every table of the pinning model, on devices with and without the features.
    Pinned,
    /// Every table of the automatic model (so every device has the features).
    Automatic,
}

thread_local! {
    /// The models the programs generated on this thread take: [`crate::run`] sets it from
    /// [`crate::RunConfig::models`] (the state machine's strategies are functions without
    /// arguments).
    static MODELS: std::cell::Cell<Models> = const { std::cell::Cell::new(Models::Both) };
}

/// Sets the models that programs generated on this thread take.
pub(crate) fn set_models(models: Models) {
    MODELS.with(|m| m.set(models));
}

fn models() -> Models {
    MODELS.with(std::cell::Cell::get)
}

/// How a probe reaches the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProbeKind {
    /// A compute pass, `dispatch_workgroups`.
    Compute,
    /// A compute pass, `dispatch_workgroups_indirect` (wgpu's indirect validation binds
    /// sets of its own in the pass).
    ComputeIndirect,
    /// A render pass drawing a column of eight pixels per slot (four words each).
    Render,
    /// The same with `draw_indirect`.
    RenderIndirect,
    /// The render pass's commands recorded in a render bundle.
    Bundle,
    /// A render pass drawing eight points per slot, the table read in the vertex stage.
    Vertex,
}

impl ProbeKind {
    pub fn render(self) -> bool {
        matches!(
            self,
            ProbeKind::Render | ProbeKind::RenderIndirect | ProbeKind::Bundle | ProbeKind::Vertex
        )
    }
}

/// How a probe may lose its table before its draw or dispatch (which then fails
/// validation: the command buffer is invalid).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unset {
    No,
    /// `set_resource_table(None)` right before the draw/dispatch (not in bundles).
    Null,
    /// Render passes: an (empty) render bundle executed after the table was set.
    /// > Similar to `GPUBindGroups`, reset `[[resource_table]]` after a call to
    /// > `executeBundles`. (Other kinds ignore it.)
    EmptyBundle,
}

/// One command buffer: a pass that probes table `table`, with another pipeline (`groups`
/// bind groups of its own, no table) before and/or after the probe pipeline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Probe {
    pub table: usize,
    pub kind: ProbeKind,
    /// Bind groups of the probe pipeline's own layout (1..=3; the table's sets come after).
    pub groups: u32,
    pub before: Option<u32>,
    pub after: Option<u32>,
    /// `set_resource_table` at the start of the pass (else right before the probe pipeline).
    pub table_first: bool,
    /// The probe pipeline has an automatic layout (`layout: None`): its own bind groups are
    /// the ones its shader uses (compute: one; render: none), and the `groups` bind groups
    /// are set all the same (those past its layout are ignored).
    pub auto_layout: bool,
    pub unset: Unset,
    /// A bind group set in the probe's render pass (before anything else) that uses one of
    /// the program's textures or buffers outside the table: the pass's usage scope may then
    /// hide it from the table. Submitted probes of automatic tables' render passes only
    /// (recorded ones would need the table as it is at submit, which the model does not
    /// replay for a scope recorded earlier).
    pub conflict: Option<Conflict>,
    /// A queue-timeline `set_resource_usage` of the probe's table in its command buffer.
    /// Submitted probes of automatic tables only (recorded ones would need the member's
    /// state at `finish()`, which the model does not keep).
    pub call: Option<UsageCall>,
}

/// Where a probe's [`UsageCall`] is recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CallAt {
    /// `encoder.set_resource_usage` before the pass (any kind of probe).
    Encoder,
    /// `pass.set_resource_usage` in a compute probe's pass, right before its dispatch.
    Pass,
    /// `pass.set_resource_usage` in a compute probe's pass, after its dispatch: it changes
    /// what later command buffers and submissions see, not this dispatch.
    AfterDispatch,
}

/// `set_resource_usage(&table, member, usage)` on the queue timeline: of the `n`-th
/// (modulo their number) of the textures and buffers the probed slots of the probe's table
/// hold, else of all of the program's, whose handles are alive (resolved when the probe is
/// recorded: `Model::call_candidates`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UsageCall {
    pub n: usize,
    pub usage: Usage,
    pub at: CallAt,
}

impl fmt::Display for UsageCall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let on = match self.at {
            CallAt::Encoder => "encoder",
            CallAt::Pass => "pass",
            CallAt::AfterDispatch => "pass_after_dispatch",
        };
        write!(
            f,
            "{on}.set_resource_usage(member #{}, Usage::{:?})",
            self.n, self.usage
        )
    }
}

impl Probe {
    /// The probe pipeline's bind groups (`None`: automatic layout).
    pub fn layout(&self) -> Option<u32> {
        (!self.auto_layout).then_some(self.groups)
    }

    /// Whether the probe's draw/dispatch finds no table (a validation error). A render pass
    /// begun with a table (a table of the `automatic` model) keeps it through bundles; its
    /// probes never unset it ([`RefState::probe_strategy`]).
    pub fn loses_table(&self, automatic: bool) -> bool {
        if automatic && self.kind.render() {
            return false;
        }
        match self.unset {
            Unset::No => false,
            // wgpu makes an invalid render bundle a fatal error (`RenderBundleEncoder::finish`
            // panics, upstream): bundles ignore `Null`.
            Unset::Null => self.kind != ProbeKind::Bundle,
            Unset::EmptyBundle => {
                matches!(
                    self.kind,
                    ProbeKind::Render | ProbeKind::RenderIndirect | ProbeKind::Vertex
                )
            }
        }
    }
}

impl fmt::Display for Probe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind {
            ProbeKind::Compute => "compute",
            ProbeKind::ComputeIndirect => "compute_indirect",
            ProbeKind::Render => "render",
            ProbeKind::RenderIndirect => "render_indirect",
            ProbeKind::Bundle => "bundle",
            ProbeKind::Vertex => "vertex",
        };
        write!(f, "probe_{kind}(&t{}, groups: {}", self.table, self.groups)?;
        if let Some(k) = self.before {
            write!(f, ", before: pipeline_with_groups({k})")?;
        }
        if let Some(k) = self.after {
            write!(f, ", after: pipeline_with_groups({k})")?;
        }
        if !self.table_first {
            write!(f, ", set_table_late")?;
        }
        if self.auto_layout {
            write!(f, ", layout: None")?;
        }
        match self.unset {
            Unset::No => {}
            Unset::Null => write!(f, ", then_set_resource_table(None)")?,
            Unset::EmptyBundle => write!(f, ", then_execute_bundles([empty])")?,
        }
        if let Some(c) = self.conflict {
            write!(f, ", in_the_pass: {c}")?;
        }
        if let Some(c) = self.call {
            write!(f, ", {c}")?;
        }
        write!(f, ")")
    }
}

/// One operation of a program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Op {
    /// `automatic`: a table of the standard's automatic model (`create_resource_table`),
    /// else of the pinning model.
    CreateTable {
        size: TableSize,
        automatic: bool,
    },
    /// `table.set_resource_usage(&texture or &buffer, usage)` (the device timeline's).
    SetResourceUsage {
        table: usize,
        member: Member,
        usage: Usage,
    },
    DestroyTable {
        table: usize,
    },
    DropTable {
        table: usize,
    },
    /// `pin`: pinned right after creation (as most programs do), to a usage it has. `view`: the
    /// view tables hold (`None`: the default view).
    CreateTexture {
        value: u32,
        shape: TexShape,
        view: Option<ViewShape>,
        sampled: bool,
        storage: bool,
        pin: Option<Pin>,
    },
    WriteTexture {
        tex: usize,
        value: u32,
    },
    PinTexture {
        tex: usize,
        pin: Option<Pin>,
    },
    DestroyTexture {
        tex: usize,
    },
    /// Drops the `Texture` handle; its view (what tables hold) lives on.
    DropTexture {
        tex: usize,
    },
    /// Drops the texture's view, what tables hold: a table holding it is then its last
    /// owner (with the texture too once `DropTexture` ran), and must keep both alive.
    DropView {
        tex: usize,
    },
    /// Drops the `Sampler` handle (tables holding it keep it alive).
    DropSampler {
        sampler: usize,
    },
    /// Drops the `Buffer` handle (tables holding it keep it alive).
    DropBuffer {
        buf: usize,
    },
    CreateSampler,
    /// `pin`: pinned right after creation (storage buffers only).
    CreateBuffer {
        value: u32,
        /// Bytes, a multiple of 4.
        size: u32,
        storage: bool,
        /// `UNIFORM` too (a uniform-only buffer when not `storage`: tables refuse it).
        uniform: bool,
        pin: Option<Pin>,
    },
    WriteBuffer {
        buf: usize,
        value: u32,
    },
    PinBuffer {
        buf: usize,
        pin: Option<Pin>,
    },
    DestroyBuffer {
        buf: usize,
    },
    Update {
        table: usize,
        slot: SlotIndex,
        res: Res,
    },
    /// `update_range(first, res)`: wgpu's batch form of `update`.
    UpdateRange {
        table: usize,
        first: SlotIndex,
        res: Vec<Res>,
    },
    Insert {
        table: usize,
        res: Res,
    },
    Remove {
        table: usize,
        slot: SlotIndex,
    },
    /// Records a command buffer, submitted by the next `Submit`.
    Record(Probe),
    /// Submits the recorded command buffers and `probes`, one command buffer each; reads the
    /// results back at once (waiting) or later.
    Submit {
        probes: Vec<Probe>,
        read_back: bool,
    },
    /// Heterogeneous devices: submits a compute pass that, through table `table`, writes
    /// `value` to word 0 of every buffer and texel (0, 0) of every storage texture that
    /// `hasResource` finds writable (`ptr<storage, Data, read_write>`,
    /// `texture_storage_2d<u32, read_write>`), and reports, per slot, what it found.
    WriteThrough {
        table: usize,
        value: u32,
    },
    /// Submits a compute pass that runs for a while (about 8 ms on each device): it is
    /// still running when `queue.submit` looks at the fence, so until the next submission
    /// or poll wgpu knows it pending, and a slot removed after it must not be handed out.
    Hold,
    /// `device.poll(PollType::Poll)`.
    Poll,
    /// `device.poll(PollType::wait_indefinitely())`.
    Wait,
}

impl Op {
    /// The operation's name, as outcome counts list it (the API call's, in snake case).
    pub fn name(&self) -> &'static str {
        match self {
            Op::CreateTable { .. } => "create_table",
            Op::SetResourceUsage { .. } => "set_resource_usage",
            Op::DestroyTable { .. } => "destroy_table",
            Op::DropTable { .. } => "drop_table",
            Op::CreateTexture { .. } => "create_texture",
            Op::WriteTexture { .. } => "write_texture",
            Op::PinTexture { .. } => "pin_texture",
            Op::DestroyTexture { .. } => "destroy_texture",
            Op::DropTexture { .. } => "drop_texture",
            Op::DropView { .. } => "drop_view",
            Op::DropSampler { .. } => "drop_sampler",
            Op::DropBuffer { .. } => "drop_buffer",
            Op::CreateSampler => "create_sampler",
            Op::CreateBuffer { .. } => "create_buffer",
            Op::WriteBuffer { .. } => "write_buffer",
            Op::PinBuffer { .. } => "pin_buffer",
            Op::DestroyBuffer { .. } => "destroy_buffer",
            Op::Update { .. } => "update",
            Op::UpdateRange { .. } => "update_range",
            Op::Insert { .. } => "insert",
            Op::Remove { .. } => "remove",
            Op::Record(_) => "record",
            Op::Submit { .. } => "submit",
            Op::WriteThrough { .. } => "write_through",
            Op::Hold => "hold",
            Op::Poll => "poll",
            Op::Wait => "wait",
        }
    }
}

fn usage(sampled: bool, storage: bool) -> String {
    let mut u = vec!["COPY_DST"];
    if sampled {
        u.push("TEXTURE_BINDING");
    }
    if storage {
        u.push("STORAGE_BINDING");
    }
    u.join(" | ")
}

fn pin_call(name: &str, pin: Option<Pin>) -> String {
    match pin {
        Some(p) => format!("{name}.pin(PinnedUsage::{p:?});"),
        None => format!("{name}.unpin();"),
    }
}

impl fmt::Display for Op {
    /// One Rust-like line (`tN`, `texN`, `samplerN`, `bufN` number the objects in creation
    /// order).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Op::CreateTable { size, automatic } => write!(f, "let t = {};", create_table_call(*size, *automatic)),
            Op::SetResourceUsage { table, member, usage } => {
                let member = match member {
                    Member::Texture(i) => format!("&tex{i}"),
                    Member::Buffer(i) => format!("&buf{i}"),
                };
                write!(f, "t{table}.set_resource_usage({member}, Usage::{usage:?});")
            }
            Op::DestroyTable { table } => write!(f, "t{table}.destroy();"),
            Op::DropTable { table } => write!(f, "drop(t{table});"),
            Op::CreateTexture {
                value,
                shape,
                view,
                sampled,
                storage,
                pin,
            } => {
                write!(
                    f,
                    "let tex = texture({:?}, {}x{}, mips: {}, layers: {}, {:?}, {value}, {});",
                    shape.kind,
                    shape.size,
                    shape.size,
                    shape.mips,
                    shape.layers,
                    shape.format,
                    usage(*sampled, *storage),
                )?;
                match view {
                    None => write!(f, " let view = tex.create_view(default);")?,
                    Some(v) => write!(
                        f,
                        " let view = tex.create_view({:?}, mips: {}..{}, layers: {}..{});",
                        v.dim,
                        v.base_mip,
                        v.base_mip + v.mip_count,
                        v.base_layer,
                        v.base_layer + v.layer_count
                    )?,
                }
                if let Some(p) = pin {
                    write!(f, " tex.pin(PinnedUsage::{p:?});")?;
                }
                Ok(())
            }
            Op::WriteTexture { tex, value } => {
                write!(f, "queue.write_texture(&tex{tex}, {value});")
            }
            Op::PinTexture { tex, pin } => f.write_str(&pin_call(&format!("tex{tex}"), *pin)),
            Op::DestroyTexture { tex } => write!(f, "tex{tex}.destroy();"),
            Op::DropTexture { tex } => write!(f, "drop(tex{tex}); // its view lives on"),
            Op::DropView { tex } => write!(f, "drop(view{tex});"),
            Op::DropSampler { sampler } => write!(f, "drop(sampler{sampler});"),
            Op::DropBuffer { buf } => write!(f, "drop(buf{buf});"),
            Op::CreateSampler => write!(f, "let sampler = device.create_sampler(&Default::default());"),
            Op::CreateBuffer {
                value,
                size,
                storage,
                uniform,
                pin,
            } => {
                write!(
                    f,
                    "let buf = buffer({size} bytes, [{value}, 0, …], {}{}COPY_DST);",
                    if *storage { "STORAGE | " } else { "" },
                    if *uniform { "UNIFORM | " } else { "" },
                )?;
                if let Some(p) = pin {
                    write!(f, " buf.pin(PinnedUsage::{p:?});")?;
                }
                Ok(())
            }
            Op::WriteBuffer { buf, value } => {
                write!(f, "queue.write_buffer(&buf{buf}, 0, [{value}]);")
            }
            Op::PinBuffer { buf, pin } => f.write_str(&pin_call(&format!("buf{buf}"), *pin)),
            Op::DestroyBuffer { buf } => write!(f, "buf{buf}.destroy();"),
            Op::Update { table, slot, res } => write!(f, "t{table}.update({}, {res});", slot.text(*table)),
            Op::UpdateRange { table, first, res } => {
                let res: Vec<String> = res.iter().map(|r| r.to_string()).collect();
                write!(
                    f,
                    "t{table}.update_range({}, &[{}]);",
                    first.text(*table),
                    res.join(", ")
                )
            }
            Op::Insert { table, res } => write!(f, "t{table}.insert({res});"),
            Op::Remove { table, slot } => write!(f, "t{table}.remove({});", slot.text(*table)),
            Op::Record(p) => write!(f, "recorded.push({p});"),
            Op::Submit { probes, read_back } => {
                write!(f, "queue.submit(recorded.drain(..).chain([")?;
                for (i, p) in probes.iter().enumerate() {
                    if i > 0 {
                        write!(f, ", ")?;
                    }
                    write!(f, "{p}")?;
                }
                write!(f, "]));")?;
                if *read_back {
                    write!(f, " read_back_and_wait();")?;
                }
                Ok(())
            }
            Op::WriteThrough { table, value } => write!(
                f,
                "queue.submit([write_through(&t{table}, {value})]); // every writable slot's word 0 / texel (0, 0)"
            ),
            Op::Hold => write!(f, "queue.submit([spin_for_a_while()]);"),
            Op::Poll => write!(f, "device.poll(PollType::Poll);"),
            Op::Wait => write!(f, "device.poll(PollType::wait_indefinitely());"),
        }
    }
}

/// Prints a program, one numbered line per operation.
/// `device.create_resource_table(size: …)` (the automatic model) or
/// `device.create_pinned_resource_table(size: …)`.
fn create_table_call(size: TableSize, automatic: bool) -> String {
    let model = if automatic { "" } else { "pinned_" };
    format!("device.create_{model}resource_table(size: {size})")
}

pub fn program_text(init: &RefState, ops: &[Op]) -> String {
    let mut s = format!(
        "// device with {}\n   let t0 = {};\n",
        if init.featureless {
            "neither table feature"
        } else if init.heterogeneous {
            "HETEROGENEOUS_RESOURCE_TABLE"
        } else {
            "SAMPLING_RESOURCE_TABLE"
        },
        create_table_call(init.tables[0].size, init.tables[0].automatic)
    );
    for (i, op) in ops.iter().enumerate() {
        s += &format!("{i:>2} {op}\n");
    }
    s
}

/// What generation knows of a program so far.
#[derive(Clone, Debug)]
pub struct RefState {
    pub heterogeneous: bool,
    /// A device with neither table feature (`heterogeneous` is then false): every table is
    /// invalid, so no probes; pins fail.
    pub featureless: bool,
    pub tables: Vec<RefTable>,
    /// Per texture: whether its handle was dropped, and whether its view's was.
    pub textures: Vec<(bool, bool)>,
    /// Per sampler and per buffer: whether its handle was dropped.
    pub samplers: Vec<bool>,
    pub buffers: Vec<bool>,
    pub recorded: usize,
    /// A held submission may still be pending ([`Op::Hold`], until the next submission,
    /// poll or wait): slot operations are then more likely, so that removed slots meet it.
    pub held: bool,
}

#[derive(Clone, Debug)]
pub struct RefTable {
    pub size: TableSize,
    pub dropped: bool,
    /// Made on a device without the feature.
    pub featureless: bool,
    /// Of the automatic model (never on a device without the feature).
    pub automatic: bool,
}

impl RefTable {
    /// Above `max_resource_table_size` (or, of the automatic model, the standard's 65,536),
    /// or on a device without the feature: slot operations fail, probes are not generated.
    pub fn invalid(&self) -> bool {
        self.featureless
            || match self.automatic {
                true => self.size.at_least() > crate::model::MAX_AUTOMATIC_TABLE_SIZE,
                false => self.size.too_large(),
            }
    }
}

pub struct Programs;

fn pin_strategy() -> BoxedStrategy<Option<Pin>> {
    prop_oneof![
        5 => Just(Some(Pin::Sampled)),
        1 => Just(Some(Pin::StorageRead)),
        1 => Just(Some(Pin::StorageReadWrite)),
        1 => Just(None),
    ]
    .boxed()
}

fn value() -> BoxedStrategy<u32> {
    (1u32..1000).boxed()
}

/// Mostly 2D `R32Uint` textures, often of one texel, one mip and one layer (on which slots
/// of a program meet); else up to 4×4, every mip count the size allows, up to 6 layers
/// (or 12: two cubes), a signed, float (filterable or not) or depth format; 3D textures up
/// to 4×4×4; and multisampled ones.
fn tex_shape() -> BoxedStrategy<TexShape> {
    let format = prop_oneof![
        8 => Just(Format::R32Uint),
        2 => Just(Format::R32Float),
        1 => Just(Format::Rgba8Unorm),
        3 => Just(Format::R32Sint),
        2 => Just(Format::Depth32Float),
    ];
    let size = || prop_oneof![3 => Just(1u32), 1 => Just(2u32), 2 => Just(4u32)];
    // One texel, one mip, one layer.
    let simple = prop_oneof![
        4 => Just(Format::R32Uint),
        1 => Just(Format::R32Sint),
        1 => Just(Format::R32Float),
        1 => Just(Format::Depth32Float)
    ]
    .prop_map(|format| (TexKind::D2, 1, 1, format));
    let layers = prop_oneof![3 => Just(1u32), 1 => 2u32..=5, 4 => Just(6u32), 2 => Just(12u32)];
    let d2 = (size(), layers, format).prop_map(|(size, layers, format)| (TexKind::D2, size, layers, format));
    let d3 = (
        size(),
        1u32..=4,
        prop_oneof![3 => Just(Format::R32Uint), 1 => Just(Format::R32Sint)],
    )
        .prop_map(|(size, depth, format)| (TexKind::D3, size, depth, format));
    let multisampled = size().prop_map(|size| (TexKind::Multisampled, size, 1, Format::Rgba8Unorm));
    prop_oneof![6 => simple, 6 => d2, 2 => d3, 1 => multisampled]
        .prop_flat_map(|(kind, size, layers, format)| {
            let largest = match kind {
                TexKind::D3 => size.max(layers),
                TexKind::D2 => size,
                TexKind::Multisampled => 1,
            };
            (1..=largest.ilog2() + 1).prop_map(move |mips| TexShape {
                kind,
                size,
                mips,
                layers,
                format,
            })
        })
        .boxed()
}

/// The default view (most often), or a view of some mips (and layers): of a 2D texture `2d`
/// when it has one layer (or by choice) and `2d-array` otherwise, or a cube or cube array
/// over six layers (twelve); of a 3D texture `3d`; multisampled textures have the default.
fn view_shape(shape: TexShape) -> BoxedStrategy<Option<ViewShape>> {
    let view = move |dim, base_mip, mip_count, base_layer, layer_count| {
        Some(ViewShape {
            dim,
            base_mip,
            mip_count,
            base_layer,
            layer_count,
        })
    };
    match shape.kind {
        TexKind::Multisampled => Just(None).boxed(),
        TexKind::D3 => {
            let explicit = (0..shape.mips).prop_flat_map(move |base_mip| {
                (1..=shape.mips - base_mip).prop_map(move |count| view(ViewDim::D3, base_mip, count, 0, 1))
            });
            prop_oneof![2 => Just(None), 1 => explicit].boxed()
        }
        TexKind::D2 => {
            let explicit =
                (0..shape.mips, 0..shape.layers, any::<bool>()).prop_flat_map(move |(base_mip, base_layer, array)| {
                    (1..=shape.mips - base_mip, 1..=shape.layers - base_layer).prop_map(
                        move |(mip_count, layer_count)| {
                            let dim = match array || layer_count > 1 {
                                true => ViewDim::D2Array,
                                false => ViewDim::D2,
                            };
                            view(dim, base_mip, mip_count, base_layer, layer_count)
                        },
                    )
                });
            if shape.layers < 6 {
                return prop_oneof![2 => Just(None), 1 => explicit].boxed();
            }
            // Base layer 0 half the time, so that twelve layers often make two cubes.
            let base = prop_oneof![Just(0), 0..=shape.layers - 6];
            let cubes = (0..shape.mips, base, any::<bool>()).prop_flat_map(move |(base_mip, base_layer, array)| {
                let cubes = (shape.layers - base_layer) / 6;
                (1..=shape.mips - base_mip, 1..=cubes).prop_map(move |(mip_count, n)| match array {
                    true => view(ViewDim::CubeArray, base_mip, mip_count, base_layer, 6 * n),
                    false => view(ViewDim::Cube, base_mip, mip_count, base_layer, 6),
                })
            });
            prop_oneof![2 => Just(None), 1 => explicit, 4 => cubes].boxed()
        }
    }
}

/// Table sizes: mostly 4–16 slots; else at an edge (none, one, powers of two ±1), too large
/// for any device, or at the device's limit ±1.
/// Sizes of tables of the automatic model: as [`table_size`], with the standard's maximum's
/// edges for the device's (whose ±1 would be above the maximum on every device).
fn automatic_table_size() -> BoxedStrategy<TableSize> {
    // In a soak of the automatic model alone, tables above the maximum are the only invalid
    // ones (no device lacks the features): more of them, so that usage calls meet them.
    let invalid = if models() == Models::Automatic { 4 } else { 1 };
    prop_oneof![
        40 => (4u32..=16).prop_map(TableSize::Slots),
        1 => proptest::sample::select(vec![0u32, 1, 63, 64, 65, 1023, 1024, 1025]).prop_map(TableSize::Slots),
        invalid => proptest::sample::select(vec![
            crate::model::MAX_AUTOMATIC_TABLE_SIZE + 1,
            crate::model::TOO_LARGE
        ])
        .prop_map(TableSize::Slots),
    ]
    .boxed()
}

fn usage_strategy() -> BoxedStrategy<Usage> {
    prop_oneof![
        2 => Just(Usage::None),
        2 => Just(Usage::ReadOnly),
        3 => Just(Usage::Writable),
    ]
    .boxed()
}

fn table_size() -> BoxedStrategy<TableSize> {
    prop_oneof![
        40 => (4u32..=16).prop_map(TableSize::Slots),
        1 => proptest::sample::select(vec![0u32, 1, 63, 64, 65, 1023, 1024, 1025]).prop_map(TableSize::Slots),
        1 => Just(TableSize::Slots(crate::model::TOO_LARGE)),
        1 => (-1i8..=1).prop_map(TableSize::Limit),
    ]
    .boxed()
}

/// Buffer sizes: one word, the 16 bytes most programs use, and larger ones (room for a
/// range at the first aligned offset past 0).
fn buffer_size() -> BoxedStrategy<u32> {
    prop_oneof![
        1 => Just(4u32),
        4 => Just(16u32),
        1 => Just(64u32),
        1 => Just(260u32),
        1 => Just(2 * STORAGE_OFFSET_ALIGNMENT)
    ]
    .boxed()
}

/// What a table entry binds of a buffer: mostly all of it; else a range at offset 0 or at
/// the first aligned offset past it, to the end or of a few words, or a range wgpu refuses
/// (an unaligned offset; a size that is not a multiple of 4 or ends past the buffer; an
/// offset at or past its end, at the limit of what the buffer sizes above allow).
fn buf_range() -> BoxedStrategy<BufRange> {
    let a = STORAGE_OFFSET_ALIGNMENT;
    let range = |offset, size| BufRange { offset, size };
    prop_oneof![
        12 => Just(BufRange::WHOLE),
        4 => proptest::sample::select(vec![
            range(0, Some(4)),
            range(0, Some(12)),
            range(a, None),
            range(a, Some(4)),
            range(a, Some(8)),
        ]),
        2 => proptest::sample::select(vec![
            range(4, None),
            range(a / 2, Some(4)),
            range(0, Some(6)),
            range(0, Some(2 * a + 4)),
            range(2 * a, None),
            range(a, Some(u32::MAX - 3)),
        ]),
    ]
    .boxed()
}

impl RefState {
    fn live_tables(&self) -> Vec<usize> {
        (0..self.tables.len()).filter(|&t| !self.tables[t].dropped).collect()
    }

    fn live_textures(&self) -> Vec<usize> {
        (0..self.textures.len()).filter(|&t| !self.textures[t].0).collect()
    }

    fn live_views(&self) -> Vec<usize> {
        (0..self.textures.len()).filter(|&t| !self.textures[t].1).collect()
    }

    fn live_samplers(&self) -> Vec<usize> {
        (0..self.samplers.len()).filter(|&s| !self.samplers[s]).collect()
    }

    fn live_buffers(&self) -> Vec<usize> {
        (0..self.buffers.len()).filter(|&b| !self.buffers[b]).collect()
    }

    /// A resource whose handle (a texture's view) the program still has.
    fn res_strategy(&self) -> Option<BoxedStrategy<Res>> {
        let mut arms: Vec<(u32, BoxedStrategy<Res>)> = Vec::new();
        let views = self.live_views();
        if !views.is_empty() {
            arms.push((4, proptest::sample::select(views).prop_map(Res::Texture).boxed()));
        }
        let samplers = self.live_samplers();
        if !samplers.is_empty() {
            arms.push((1, proptest::sample::select(samplers).prop_map(Res::Sampler).boxed()));
        }
        let buffers = self.live_buffers();
        if !buffers.is_empty() {
            arms.push((
                3,
                (proptest::sample::select(buffers), buf_range())
                    .prop_map(|(i, range)| Res::Buffer(i, range))
                    .boxed(),
            ));
        }
        (!arms.is_empty()).then(|| Union::new_weighted(arms).boxed())
    }

    fn probe_strategy(&self, conflicts: bool) -> Option<BoxedStrategy<Probe>> {
        let tables: Vec<usize> = self
            .live_tables()
            .into_iter()
            .filter(|&t| !self.tables[t].invalid())
            .collect();
        if tables.is_empty() {
            return None;
        }
        let kind = prop_oneof![
            3 => Just(ProbeKind::Compute),
            1 => Just(ProbeKind::ComputeIndirect),
            2 => Just(ProbeKind::Render),
            1 => Just(ProbeKind::RenderIndirect),
            1 => Just(ProbeKind::Bundle),
            1 => Just(ProbeKind::Vertex),
        ];
        let other = prop_oneof![2 => Just(None), 1 => (0u32..=3).prop_map(Some)];
        let unset = prop_oneof![
            18 => Just(Unset::No),
            1 => Just(Unset::Null),
            1 => Just(Unset::EmptyBundle),
        ];
        let automatic: Vec<bool> = self.tables.iter().map(|t| t.automatic).collect();
        let n = 0usize..16;
        let conflict = match conflicts {
            false => Just(None).boxed(),
            true => prop_oneof![
                2 => Just(None),
                1 => n.clone().prop_map(|n| Some(Conflict::Sampled(n))),
                1 => n.clone().prop_map(|n| Some(Conflict::StorageWrite(n))),
                1 => n.clone().prop_map(|n| Some(Conflict::Uniform(n))),
                1 => n.clone().prop_map(|n| Some(Conflict::StorageRead(n))),
                1 => n.prop_map(|n| Some(Conflict::StorageReadWrite(n))),
            ]
            .boxed(),
        };
        // Calls in submitted probes (`conflicts`) only.
        let call = match conflicts {
            false => Just(None).boxed(),
            true => prop_oneof![
                3 => Just(None),
                1 => (0usize..16, usage_strategy(), prop_oneof![
                    2 => Just(CallAt::Encoder),
                    2 => Just(CallAt::Pass),
                    1 => Just(CallAt::AfterDispatch),
                ])
                    .prop_map(|(n, usage, at)| Some(UsageCall { n, usage, at })),
            ]
            .boxed(),
        };
        Some(
            (
                proptest::sample::select(tables),
                kind,
                1u32..=3,
                other.clone(),
                other,
                any::<bool>(),
                unset,
                prop::bool::weighted(0.25),
                conflict,
                call,
            )
                .prop_map(
                    move |(table, kind, groups, before, after, table_first, unset, auto_layout, conflict, call)| {
                        Probe {
                            table,
                            kind,
                            groups,
                            before,
                            after,
                            table_first,
                            // A render pass begun with its table (the automatic model's) cannot
                            // unset it: `set_resource_table` would fail the pass.
                            unset: match unset {
                                Unset::Null if automatic[table] && kind.render() => Unset::No,
                                unset => unset,
                            },
                            auto_layout,
                            conflict: conflict.filter(|_| automatic[table] && kind.render()),
                            // Pass calls in compute passes only (render passes have none).
                            call: call.filter(|c| automatic[table] && (c.at == CallAt::Encoder || !kind.render())),
                        }
                    },
                )
                .boxed(),
        )
    }
}

impl ReferenceStateMachine for Programs {
    type State = RefState;
    type Transition = Op;

    fn init_state() -> BoxedStrategy<RefState> {
        // One device in sixteen has neither feature; half the first tables are of the
        // automatic model (unless the run takes one model).
        let models = models();
        (0u8..16, 4u32..=16, any::<bool>())
            .prop_map(move |(device, size, automatic)| {
                let (device, automatic) = match models {
                    Models::Both => (device, automatic && device != 0),
                    Models::Pinned => (device, false),
                    Models::Automatic => (device.max(1), true),
                };
                (device, size, automatic)
            })
            .prop_map(|(device, size, automatic)| RefState {
                heterogeneous: device % 2 == 1,
                featureless: device == 0,
                tables: vec![RefTable {
                    size: TableSize::Slots(size),
                    dropped: false,
                    featureless: device == 0,
                    automatic: automatic && device != 0,
                }],
                textures: Vec::new(),
                samplers: Vec::new(),
                buffers: Vec::new(),
                recorded: 0,
                held: false,
            })
            .boxed()
    }

    fn transitions(state: &RefState) -> BoxedStrategy<Op> {
        let mut arms: Vec<(u32, BoxedStrategy<Op>)> = vec![
            (
                1,
                // Without the feature, the limit is 0: sizes that pass it (0) are as common
                // as those that do not.
                if state.featureless {
                    prop_oneof![
                        1 => Just(TableSize::Slots(0)),
                        1 => (-1i8..=0).prop_map(TableSize::Limit),
                        2 => table_size(),
                    ]
                    .prop_map(|size| Op::CreateTable { size, automatic: false })
                    .boxed()
                } else {
                    match models() {
                        Models::Both => any::<bool>().boxed(),
                        Models::Pinned => Just(false).boxed(),
                        Models::Automatic => Just(true).boxed(),
                    }
                    .prop_flat_map(|automatic| {
                        let size = if automatic {
                            automatic_table_size()
                        } else {
                            table_size()
                        };
                        (size, Just(automatic))
                    })
                    .prop_map(|(size, automatic)| Op::CreateTable { size, automatic })
                    .boxed()
                },
            ),
            (
                5,
                (
                    value(),
                    tex_shape().prop_flat_map(|shape| (Just(shape), view_shape(shape))),
                    prop::bool::weighted(0.9),
                    prop::bool::weighted(0.3),
                    0u8..4,
                )
                    // A view of a texture with neither binding usage makes wgpu-hal create a
                    // `VkImageView` the validation layer refuses (upstream, VUID-…-04441).
                    .prop_map(|(value, (shape, view), sampled, storage, pin)| {
                        // WebGPU has no storage textures of these formats and kinds; a cube
                        // view's usages are the texture's sampling ones only (so it needs
                        // one).
                        let cube = view.is_some_and(|v| matches!(v.dim, ViewDim::Cube | ViewDim::CubeArray));
                        let no_storage = !shape.copyable();
                        let sampled = sampled || no_storage || cube;
                        let storage = !no_storage && (storage || !sampled);
                        // Sampled when it can be (half the time), else a storage pin.
                        let pin = match pin {
                            0 | 1 if sampled => Some(Pin::Sampled),
                            2 if storage => Some(Pin::StorageReadWrite),
                            3 if storage => Some(Pin::StorageRead),
                            _ => None,
                        };
                        Op::CreateTexture {
                            value,
                            shape,
                            view,
                            sampled,
                            storage,
                            pin,
                        }
                    })
                    .boxed(),
            ),
            (1, Just(Op::CreateSampler).boxed()),
            (
                2,
                (value(), buffer_size(), prop::bool::weighted(0.9), any::<bool>(), 0u8..4)
                    .prop_map(|(value, size, storage, uniform, pin)| Op::CreateBuffer {
                        value,
                        size,
                        storage,
                        uniform,
                        pin: match pin {
                            1 if storage => Some(Pin::StorageRead),
                            2 | 3 if storage => Some(Pin::StorageReadWrite),
                            _ => None,
                        },
                    })
                    .boxed(),
            ),
            (2, Just(Op::Poll).boxed()),
            (1, Just(Op::Hold).boxed()),
            (1, Just(Op::Wait).boxed()),
        ];
        let textures = state.live_textures();
        if !textures.is_empty() {
            let tex = || proptest::sample::select(textures.clone());
            arms.push((
                2,
                (tex(), value())
                    .prop_map(|(tex, value)| Op::WriteTexture { tex, value })
                    .boxed(),
            ));
            arms.push((
                5,
                (tex(), pin_strategy())
                    .prop_map(|(tex, pin)| Op::PinTexture { tex, pin })
                    .boxed(),
            ));
            arms.push((1, tex().prop_map(|tex| Op::DestroyTexture { tex }).boxed()));
            arms.push((1, tex().prop_map(|tex| Op::DropTexture { tex }).boxed()));
        }
        let views = state.live_views();
        if !views.is_empty() {
            arms.push((
                1,
                proptest::sample::select(views)
                    .prop_map(|tex| Op::DropView { tex })
                    .boxed(),
            ));
        }
        let samplers = state.live_samplers();
        if !samplers.is_empty() {
            arms.push((
                1,
                proptest::sample::select(samplers)
                    .prop_map(|sampler| Op::DropSampler { sampler })
                    .boxed(),
            ));
        }
        let buffers = state.live_buffers();
        if !buffers.is_empty() {
            let buf = || proptest::sample::select(buffers.clone());
            arms.push((1, buf().prop_map(|buf| Op::DropBuffer { buf }).boxed()));
            arms.push((
                1,
                (buf(), value())
                    .prop_map(|(buf, value)| Op::WriteBuffer { buf, value })
                    .boxed(),
            ));
            arms.push((
                2,
                (buf(), pin_strategy())
                    .prop_map(|(buf, pin)| Op::PinBuffer { buf, pin })
                    .boxed(),
            ));
            arms.push((1, buf().prop_map(|buf| Op::DestroyBuffer { buf }).boxed()));
        }
        let tables = state.live_tables();
        if !tables.is_empty() {
            let sizes: Vec<(usize, TableSize)> = tables.iter().map(|&t| (t, state.tables[t].size)).collect();
            // A live table and a slot: mostly one of the first four (so that operations meet
            // on slots), else in `0..size + 2` (the last two out of range), or at an edge.
            let slot = move || {
                proptest::sample::select(sizes.clone()).prop_flat_map(|(t, size)| {
                    let n = size.at_least();
                    let edges = vec![
                        SlotIndex::End(-1),
                        SlotIndex::End(0),
                        SlotIndex::End(1),
                        SlotIndex::At(i32::MAX as u32),
                        SlotIndex::At(u32::MAX),
                    ];
                    (
                        Just(t),
                        prop_oneof![
                            8 => (0..4u32).prop_map(SlotIndex::At),
                            4 => (0..n.saturating_add(2).max(1)).prop_map(SlotIndex::At),
                            1 => proptest::sample::select(edges),
                        ],
                    )
                })
            };
            let table = || proptest::sample::select(tables.clone());
            arms.push((1, table().prop_map(|table| Op::DestroyTable { table }).boxed()));
            // Of the tables' textures and buffers (by their handles).
            let mut members: Vec<Member> = state.live_textures().into_iter().map(Member::Texture).collect();
            members.extend(state.live_buffers().into_iter().map(Member::Buffer));
            if !members.is_empty() {
                arms.push((
                    4,
                    (table(), proptest::sample::select(members), usage_strategy())
                        .prop_map(|(table, member, usage)| Op::SetResourceUsage { table, member, usage })
                        .boxed(),
                ));
            }
            arms.push((1, table().prop_map(|table| Op::DropTable { table }).boxed()));
            // While held: a removal, then a slot operation on the same few slots, must find
            // them waiting for the held submission.
            let boost = if state.held { 3 } else { 1 };
            arms.push((
                4 * boost,
                slot().prop_map(|(table, slot)| Op::Remove { table, slot }).boxed(),
            ));
            if let Some(res) = state.res_strategy() {
                arms.push((
                    6 * boost,
                    (slot(), res.clone())
                        .prop_map(|((table, slot), res)| Op::Update { table, slot, res })
                        .boxed(),
                ));
                arms.push((
                    2 * boost,
                    (slot(), proptest::collection::vec(res.clone(), 0..4))
                        .prop_map(|((table, first), res)| Op::UpdateRange { table, first, res })
                        .boxed(),
                ));
                arms.push((
                    5 * boost,
                    (table(), res)
                        .prop_map(|(table, res)| Op::Insert { table, res })
                        .boxed(),
                ));
            }
        }
        if state.heterogeneous {
            let tables: Vec<usize> = state
                .live_tables()
                .into_iter()
                .filter(|&t| !state.tables[t].invalid())
                .collect();
            if !tables.is_empty() {
                arms.push((
                    2,
                    (proptest::sample::select(tables), value())
                        .prop_map(|(table, value)| Op::WriteThrough { table, value })
                        .boxed(),
                ));
            }
        }
        if let (Some(recorded), Some(probe)) = (state.probe_strategy(false), state.probe_strategy(true)) {
            arms.push((2, recorded.prop_map(Op::Record).boxed()));
            arms.push((
                6,
                (proptest::collection::vec(probe, 0..=2), prop::bool::weighted(0.6))
                    .prop_map(|(probes, read_back)| Op::Submit { probes, read_back })
                    .boxed(),
            ));
        }
        Union::new_weighted(arms).boxed()
    }

    fn apply(mut state: RefState, op: &Op) -> RefState {
        match op {
            Op::CreateTable { size, automatic } => state.tables.push(RefTable {
                size: *size,
                dropped: false,
                featureless: state.featureless,
                automatic: *automatic,
            }),
            Op::DropTable { table } => state.tables[*table].dropped = true,
            Op::CreateTexture { .. } => state.textures.push((false, false)),
            Op::DropTexture { tex } => state.textures[*tex].0 = true,
            Op::DropView { tex } => state.textures[*tex].1 = true,
            Op::CreateSampler => state.samplers.push(false),
            Op::DropSampler { sampler } => state.samplers[*sampler] = true,
            Op::CreateBuffer { .. } => state.buffers.push(false),
            Op::DropBuffer { buf } => state.buffers[*buf] = true,
            Op::Record(_) => state.recorded += 1,
            Op::Submit { .. } => {
                state.recorded = 0;
                state.held = false;
            }
            Op::Hold => state.held = true,
            Op::Poll | Op::Wait | Op::WriteThrough { .. } => state.held = false,
            _ => {}
        }
        state
    }

    /// Checked during generation and shrinking: every handle an operation uses exists.
    fn preconditions(state: &RefState, op: &Op) -> bool {
        let table = |t: usize| state.tables.get(t).is_some_and(|t| !t.dropped);
        let tex = |i: usize| state.textures.get(i).is_some_and(|&(dropped, _)| !dropped);
        let view = |i: usize| state.textures.get(i).is_some_and(|&(_, dropped)| !dropped);
        let sampler = |i: usize| state.samplers.get(i).is_some_and(|dropped| !dropped);
        let buffer = |i: usize| state.buffers.get(i).is_some_and(|dropped| !dropped);
        let res = |r: &Res| match *r {
            Res::Texture(i) => view(i),
            Res::Sampler(i) => sampler(i),
            Res::Buffer(i, _) => buffer(i),
        };
        // (Shrinking renumbers tables: a probe that unsets its table may land on a table of the
        // automatic model, whose render passes cannot.)
        let probe = |p: &Probe| {
            table(p.table)
                && !state.tables[p.table].invalid()
                && !(p.unset == Unset::Null && p.kind.render() && state.tables[p.table].automatic)
                && (p.call.is_none() || state.tables[p.table].automatic)
        };
        match op {
            Op::DestroyTable { table: t } | Op::DropTable { table: t } => table(*t),
            Op::SetResourceUsage { table: t, member, .. } => {
                table(*t)
                    && match *member {
                        Member::Texture(i) => tex(i),
                        Member::Buffer(i) => buffer(i),
                    }
            }
            Op::WriteTexture { tex: i, .. }
            | Op::PinTexture { tex: i, .. }
            | Op::DestroyTexture { tex: i }
            | Op::DropTexture { tex: i } => tex(*i),
            Op::DropView { tex: i } => view(*i),
            Op::DropSampler { sampler: i } => sampler(*i),
            Op::WriteBuffer { buf, .. }
            | Op::PinBuffer { buf, .. }
            | Op::DestroyBuffer { buf }
            | Op::DropBuffer { buf } => buffer(*buf),
            Op::Update { table: t, res: r, .. } => table(*t) && res(r),
            Op::UpdateRange { table: t, res: rs, .. } => table(*t) && rs.iter().all(res),
            Op::Insert { table: t, res: r } => table(*t) && res(r),
            Op::Remove { table: t, .. } => table(*t),
            // Calls need the member's state at `finish()` (see `Probe::call`).
            Op::Record(p) => probe(p) && p.call.is_none(),
            Op::WriteThrough { table: t, .. } => state.heterogeneous && table(*t) && !state.tables[*t].invalid(),
            Op::Submit { probes, .. } => probes.iter().all(probe),
            Op::CreateTable { .. }
            | Op::CreateTexture { .. }
            | Op::CreateSampler
            | Op::CreateBuffer { .. }
            | Op::Hold
            | Op::Poll
            | Op::Wait => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::strategy::{Strategy as _, ValueTree as _};
    use proptest::test_runner::{Config, RngSeed, TestRunner};
    use proptest_state_machine::ReferenceStateMachine as _;

    use super::{set_models, Models, Op, Programs};

    /// The first table's model and every created table's, over `n` generated programs.
    fn models_of(models: Models, n: usize) -> Vec<bool> {
        set_models(models);
        let mut runner = TestRunner::new(Config {
            rng_seed: RngSeed::Fixed(11),
            ..Config::default()
        });
        let strategy = Programs::sequential_strategy(1..40);
        let mut seen = Vec::new();
        for _ in 0..n {
            let (init, program, _) = strategy.new_tree(&mut runner).expect("a program").current();
            seen.extend(init.tables.iter().map(|t| t.automatic));
            seen.extend(program.iter().filter_map(|op| match op {
                Op::CreateTable { automatic, .. } => Some(*automatic),
                _ => None,
            }));
        }
        set_models(Models::Both);
        seen
    }

    #[test]
    fn programs_of_one_model_take_only_tables_of_that_model() {
        let both = models_of(Models::Both, 300);
        assert!(both.contains(&true) && both.contains(&false), "{both:?}");
        let pinned = models_of(Models::Pinned, 300);
        assert!(pinned.len() > 300 && pinned.iter().all(|a| !a));
        let automatic = models_of(Models::Automatic, 300);
        assert!(automatic.len() > 300 && automatic.iter().all(|a| *a));
    }
}
