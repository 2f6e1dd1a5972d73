//! The system under test: a program's operations run on a wgpu device (Vulkan with the
//! validation layer through `hal_ext::harness`, or wgpu's noop backend), each outcome checked
//! against the [`Model`] as it happens.

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::rc::Rc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use hal_ext::harness::{find_source, texture_2d, GpuContext, ValidationLog};
use proptest_state_machine::StateMachineTest;
use wgpu::util::DeviceExt as _;

use crate::model::{
    texel, Conflict, ConflictClass, DeviceError, Member, Model, Res, TableSize, TexKind, TexShape, Texel, Usage,
    ViewShape, Why, EDGE_POSITIONS, PROBED_SLOTS, STRIDE, WORDS,
};
use crate::ops::{CallAt, Op, Probe, ProbeKind, Programs, RefState, Unset};

/// Operations applied (by all programs, shrinking runs included), for the soak's count.
pub static OPS: AtomicU64 = AtomicU64::new(0);
/// Programs started.
pub static PROGRAMS: AtomicU64 = AtomicU64::new(0);
/// Probes read back and compared, and those of them where some slot showed a texel.
pub static PROBES: AtomicU64 = AtomicU64::new(0);
pub static PROBES_WITH_TEXEL: AtomicU64 = AtomicU64::new(0);
/// Probes whose pass used a resource outside the table ([`crate::ops::Probe::conflict`]),
/// and those of them in which the model hid a slot that would be visible otherwise.
pub static CONFLICTS: AtomicU64 = AtomicU64::new(0);
pub static CONFLICTS_HIDING: AtomicU64 = AtomicU64::new(0);
/// Queue-timeline `set_resource_usage` calls in submitted probes; of the probes compared,
/// those in which a called member's slots could read either as the standard says or hidden
/// (`Sut::expect`), and those in which they read hidden.
pub static USAGE_CALLS: AtomicU64 = AtomicU64::new(0);
pub static CALLS_EITHER: AtomicU64 = AtomicU64::new(0);
pub static CALLS_HIDDEN: AtomicU64 = AtomicU64::new(0);
/// Holds whose submission wgpu had already seen complete (or on noop), so the model did
/// not assume it pending.
pub static HOLDS_MISSED: AtomicU64 = AtomicU64::new(0);
/// Holds submitted, and those whose premise held (still pending when wgpu last looked, so
/// that the model checked every slot operation against the pending submission until wgpu
/// looked again).
pub static HOLDS: AtomicU64 = AtomicU64::new(0);
pub static HELD: AtomicU64 = AtomicU64::new(0);
/// The least and the largest loop count devices chose for their holds (about 8 ms each).
pub static SPIN_MIN: AtomicU64 = AtomicU64::new(u64::MAX);
pub static SPIN_MAX: AtomicU64 = AtomicU64::new(0);
/// Operations that raised several validation errors.
pub static SEVERAL_ERRORS: AtomicU64 = AtomicU64::new(0);
/// Write-throughs submitted, and those of them that found a writable slot.
pub static WRITES: AtomicU64 = AtomicU64::new(0);
pub static WRITES_FOUND: AtomicU64 = AtomicU64::new(0);
/// Slot operations answered `NotYetAvailable` (completion seen lagging).
pub static NOT_YET_AVAILABLE: AtomicU64 = AtomicU64::new(0);
/// Probes in which some slot's `hasResource<T>` was true, by word of [`WORDS`] (for
/// [`crate::model::HAS_WORDS`]).
pub static TYPES_SEEN: [AtomicU64; STRIDE] = [const { AtomicU64::new(0) }; STRIDE];

/// The types of [`crate::model::HAS_WORDS`] no probe so far found a resource of.
pub fn unseen_types() -> Vec<&'static str> {
    crate::model::HAS_WORDS
        .iter()
        .filter(|&&k| TYPES_SEEN[k].load(Ordering::Relaxed) == 0)
        .map(|&k| WORDS[k])
        .collect()
}

/// How often each (operation, outcome) pair occurred (see [`crate::model::OUTCOMES`]).
static OUTCOMES: Mutex<BTreeMap<(&'static str, String), u64>> = Mutex::new(BTreeMap::new());

/// The (operation, outcome) pairs seen so far, with their counts.
pub fn outcomes() -> BTreeMap<(&'static str, String), u64> {
    OUTCOMES.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

/// The pairs of [`crate::model::OUTCOMES`] not seen so far that `backend` and `models` can
/// produce (see [`crate::model::impossible`]).
pub fn missing_outcomes(backend: Backend, models: crate::ops::Models) -> Vec<(&'static str, &'static str)> {
    let seen = outcomes();
    crate::model::OUTCOMES
        .iter()
        .filter(|pair| !crate::model::impossible(backend, models, **pair))
        .filter(|(op, outcome)| !seen.contains_key(&(*op, outcome.to_string())))
        .copied()
        .collect()
}

/// The pairs seen so far that [`crate::model::impossible`] says `backend` and `models`
/// cannot produce: a wrong exclusion there, which would hide a coverage gap.
pub fn impossible_seen(backend: Backend, models: crate::ops::Models) -> Vec<(&'static str, String)> {
    outcomes()
        .into_keys()
        .filter(|(op, outcome)| crate::model::impossible(backend, models, (op, outcome)))
        .collect()
}

/// A slot operation's result as outcomes name it: `Ok`, or `Err(<variant>)`.
fn slot_outcome<T>(result: &Result<T, wgpu::ResourceTableError>) -> String {
    match result {
        Ok(_) => "Ok".to_string(),
        Err(e) => {
            let text = format!("{e:?}");
            let variant = text.split([' ', '{', '(']).next().unwrap_or_default();
            format!("Err({variant})")
        }
    }
}

/// One line of the counters above.
pub fn counters() -> String {
    let get = |c: &AtomicU64| c.load(Ordering::Relaxed);
    format!(
        "{} ops, {} programs, {} probes compared ({} showing a texel), {} write-throughs ({} \
         finding a writable slot), {} probes with a conflicting use ({} hiding a slot), {} queue-timeline usage calls \
         ({} probes where a called member may read hidden, {} where it did), {} NotYetAvailable, {} holds ({} held, {} seen complete at once; \
         spins of {}–{} iterations), {} operations raising several errors; probes finding a \
         resource, by type: {}",
        get(&OPS),
        get(&PROGRAMS),
        get(&PROBES),
        get(&PROBES_WITH_TEXEL),
        get(&WRITES),
        get(&WRITES_FOUND),
        get(&CONFLICTS),
        get(&CONFLICTS_HIDING),
        get(&USAGE_CALLS),
        get(&CALLS_EITHER),
        get(&CALLS_HIDDEN),
        get(&NOT_YET_AVAILABLE),
        get(&HOLDS),
        get(&HELD),
        get(&HOLDS_MISSED),
        get(&SPIN_MIN).min(get(&SPIN_MAX)),
        get(&SPIN_MAX),
        get(&SEVERAL_ERRORS),
        crate::model::HAS_WORDS
            .map(|k| format!("{} {}", WORDS[k].trim_start_matches("hasResource"), get(&TYPES_SEEN[k])))
            .join(", "),
    )
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// Vulkan (lavapipe in CI) with the Khronos validation layer: probes read back.
    Vulkan,
    /// wgpu's noop backend: API results and validation errors only.
    Noop,
}

/// How programs run; set per thread with [`configure`] before a run.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    pub backend: Backend,
    /// Programs one device serves before a fresh one is made (1: a device per program).
    /// A device that saw a failure is never used again.
    pub programs_per_device: u32,
}

/// A kept device and how many programs it served.
type KeptDevice = Option<(Rc<Dev>, u32)>;

thread_local! {
    static SETTINGS: RefCell<Settings> = const {
        RefCell::new(Settings { backend: Backend::Vulkan, programs_per_device: 1 })
    };
    /// Devices kept between programs, by [`Dev::key`], with the programs they served.
    static DEVICES: RefCell<[KeptDevice; 3]> = const { RefCell::new([None, None, None]) };
}

pub fn configure(settings: Settings) {
    SETTINGS.with(|s| *s.borrow_mut() = settings);
    DEVICES.with(|d| *d.borrow_mut() = [None, None, None]);
}

fn settings() -> Settings {
    SETTINGS.with(|s| *s.borrow())
}

/// Render probes draw into a 32×8 `Rgba32Uint` target: columns `0..31` probe slots (row `r`
/// words `4r..4r + 4`), column 31 is where the other pipeline draws.
const TARGET_WIDTH: u32 = 32;
const TARGET_HEIGHT: u32 = STRIDE as u32 / 4;
const TARGET_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba32Uint;
/// What the other render pipeline writes: `[Σ marker, MARK, groups, 1]`.
const MARK: u32 = 0xC0DE;

/// The statements that read every word of [`crate::model::WORDS`] for the slot at index
/// `s`, each word stored to `word(k)` (the storage words only on heterogeneous devices).
fn probe_body(heterogeneous: bool, word: impl Fn(u32) -> String) -> String {
    let mut lines = vec![
        "let t = getResource<texture_2d<u32>>(s);".to_string(),
        format!("{} = u32(hasResource<texture_2d<u32>>(s));", word(0)),
        format!("{} = u32(hasResource<texture_2d<f32>>(s));", word(1)),
        format!("{} = u32(hasResource<sampler>(s));", word(2)),
        format!("{} = textureLoad(t, vec2(0, 0), 0).x;", word(3)),
        format!("{} = textureDimensions(t).x;", word(8)),
        format!("{} = textureNumLevels(t);", word(9)),
        "let a = getResource<texture_2d_array<u32>>(s);".to_string(),
        "let layers = textureNumLayers(a);".to_string(),
        format!("{} = u32(hasResource<texture_2d_array<u32>>(s));", word(10)),
        format!("{} = layers;", word(11)),
        format!("{} = textureLoad(a, vec2(0, 0), layers - 1u, 0).x;", word(12)),
        format!("{} = textureNumLevels(a);", word(15)),
        "let ti = getResource<texture_2d<i32>>(s);".to_string(),
        format!("{} = u32(hasResource<texture_2d<i32>>(s));", word(16)),
        format!("{} = bitcast<u32>(textureLoad(ti, vec2(0, 0), 0).x);", word(17)),
        "let t3 = getResource<texture_3d<u32>>(s);".to_string(),
        "let d3 = textureDimensions(t3);".to_string(),
        format!("{} = u32(hasResource<texture_3d<u32>>(s));", word(18)),
        format!("{} = d3.z;", word(19)),
        format!("{} = textureLoad(t3, vec3(0u, 0u, d3.z - 1u), 0).x;", word(20)),
        format!("{} = d3.x;", word(21)),
        "let c = getResource<texture_cube<u32>>(s);".to_string(),
        format!("{} = u32(hasResource<texture_cube<u32>>(s));", word(22)),
        format!("{} = textureDimensions(c).x;", word(23)),
        format!("{} = textureNumLevels(c);", word(24)),
        format!("{} = u32(hasResource<texture_cube_array<u32>>(s));", word(25)),
        "let ca = getResource<texture_cube_array<u32>>(s);".to_string(),
        format!(
            "{} = textureNumLayers(ca) | textureDimensions(ca).x << 8u | textureNumLevels(ca) << 16u;",
            word(26)
        ),
        "let ms = getResource<texture_multisampled_2d<f32>>(s);".to_string(),
        format!("{} = u32(hasResource<texture_multisampled_2d<f32>>(s));", word(27)),
        format!("{} = textureNumSamples(ms) | textureDimensions(ms).x << 8u;", word(28)),
        "let d = getResource<texture_depth_2d>(s);".to_string(),
        format!(
            "{} = bitcast<u32>(textureLoad(ms, vec2(0, 0), 0).x) | bitcast<u32>(textureLoad(d, vec2(0, 0), 0));",
            word(29)
        ),
        format!("{} = u32(hasResource<texture_depth_2d>(s));", word(30)),
        format!("{} = textureDimensions(d).x | textureNumLevels(d) << 8u;", word(31)),
    ];
    if heterogeneous {
        lines.extend([
            format!("{} = u32(hasResource<texture_storage_2d<u32, read>>(s));", word(4)),
            format!(
                "{} = textureLoad(getResource<texture_storage_2d<u32, read>>(s), vec2(0, 0)).x;",
                word(5)
            ),
            format!(
                "{} = textureDimensions(getResource<texture_storage_2d<u32, read>>(s)).x;",
                word(14)
            ),
            "let p = getResource<ptr<storage, Data, read>>(s);".to_string(),
            format!("{} = u32(hasResource<ptr<storage, Data, read>>(s));", word(6)),
            format!("{} = (*p).values[0];", word(7)),
            format!("{} = arrayLength(&(*p).values);", word(13)),
        ]);
    }
    lines.iter().map(|l| format!("\n    {l}")).collect()
}

/// Compute probe: [`STRIDE`] words per slot (see [`crate::model::WORDS`]). One body, for a
/// `u32` index and for an `i32` one: position [`EDGE_POSITIONS`]`[0]` reads `i32::MIN`
/// (computed, not a constant), `[1]` reads `u32::MAX`.
fn compute_probe_wgsl(heterogeneous: bool) -> String {
    let body = probe_body(heterogeneous, |k| format!("out[b + {k}u]"));
    let [negative, max] = EDGE_POSITIONS;
    format!(
        r#"
enable resource_table;
struct Data {{ values: array<u32> }}
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
fn probe_u32(b: u32, s: u32) {{{body}
}}
fn probe_i32(b: u32, s: i32) {{{body}
}}
@compute @workgroup_size(32)
fn main(@builtin(local_invocation_index) i: u32) {{
    if i >= {PROBED_SLOTS}u {{ return; }}
    let b = i * {STRIDE}u;
    if i == {negative}u {{
        probe_i32(b, i32(i) - {negative1} - 2147483647);
    }} else if i == {max}u {{
        probe_u32(b, 0xffffffffu);
    }} else {{
        probe_u32(b, i);
    }}
}}
"#,
        negative1 = negative + 1,
    )
}

/// Render and vertex probes: `words(s)`, every word of the slot at index `s`, and
/// `slot(i)`, the index column `i` reads ([`EDGE_POSITIONS`]: out of range).
fn render_words_wgsl(heterogeneous: bool) -> String {
    let body = probe_body(heterogeneous, |k| format!("w[{k}]"));
    let [low, max] = EDGE_POSITIONS;
    format!(
        r#"
struct Data {{ values: array<u32> }}
fn words(s: u32) -> array<u32, {STRIDE}> {{
    var w: array<u32, {STRIDE}>;{body}
    return w;
}}
fn row(w: array<u32, {STRIDE}>, r: u32) -> vec4<u32> {{
    var v = w;
    return vec4(v[4u * r], v[4u * r + 1u], v[4u * r + 2u], v[4u * r + 3u]);
}}
fn slot(i: u32) -> u32 {{
    if i == {low}u {{ return 0x80000000u; }}
    if i == {max}u {{ return 0xffffffffu; }}
    return i;
}}
"#
    )
}

/// The other compute pipeline: adds 1 to word 0 of each of its `k` groups' buffers.
fn compute_other_wgsl(k: u32) -> String {
    let mut s = String::new();
    let mut body = String::new();
    for j in 0..k {
        s += &format!("@group({j}) @binding(0) var<storage, read_write> m{j}: array<u32>;\n");
        body += &format!("    m{j}[0] = m{j}[0] + 1u;\n");
    }
    format!("{s}@compute @workgroup_size(1)\nfn main() {{\n{body}}}\n")
}

/// Vertices `0..6` cover columns `0..31`, vertices `6..12` column 31. (Not instances:
/// an indirect draw with a non-zero first instance is skipped without
/// `INDIRECT_FIRST_INSTANCE`.)
const COLUMNS_VS: &str = r#"
@vertex
fn vs(@builtin(vertex_index) v: u32) -> @builtin(position) vec4<f32> {
    let corner = array(vec2(0.0, 0.0), vec2(1.0, 0.0), vec2(0.0, 1.0), vec2(1.0, 0.0), vec2(1.0, 1.0), vec2(0.0, 1.0))[v % 6u];
    let other = v >= 6u;
    let x0 = select(0.0, 31.0, other);
    let x1 = select(31.0, 32.0, other);
    let x = mix(x0, x1, corner.x) / 32.0 * 2.0 - 1.0;
    return vec4(x, corner.y * 2.0 - 1.0, 0.0, 1.0);
}
"#;

/// Render probe: pixel (column `i`, row `r`) holds words `4r..4r + 4` of the slot column
/// `i` reads.
const RENDER_PROBE_FS: &str = r#"
@fragment
fn fs(@builtin(position) pos: vec4<f32>) -> @location(0) vec4<u32> {
    return row(words(slot(u32(pos.x))), u32(pos.y));
}
"#;

/// Vertex-stage probe: eight points per slot (vertex `v` at column `v / 8`, row `v % 8`),
/// each with four of the words the vertex shader read, passed on flat.
const VERTEX_PROBE: &str = r#"
struct Out {
    @builtin(position) pos: vec4<f32>,
    @location(0) @interpolate(flat) words: vec4<u32>,
}
@vertex
fn vs(@builtin(vertex_index) v: u32) -> Out {
    let i = v / 8u;
    let r = v % 8u;
    var out: Out;
    out.pos = vec4((f32(i) + 0.5) / 32.0 * 2.0 - 1.0, 1.0 - (f32(r) + 0.5) / 4.0, 0.0, 1.0);
    out.words = row(words(slot(i)), r);
    return out;
}
@fragment
fn fs(in: Out) -> @location(0) vec4<u32> {
    return in.words;
}
"#;
const _: () = assert!(
    TARGET_WIDTH == 32 && TARGET_HEIGHT == 8,
    "the probes' WGSL assumes a 32×8 target"
);

/// The other render pipeline: `[Σ m_j[0], MARK, k, 1]` from its `k` read-only groups.
fn render_other_fs(k: u32) -> String {
    let mut s = String::new();
    let mut sum = String::from("0u");
    for j in 0..k {
        s += &format!("@group({j}) @binding(0) var<storage, read> m{j}: array<u32>;\n");
        sum += &format!(" + m{j}[0]");
    }
    format!("{s}@fragment\nfn fs() -> @location(0) vec4<u32> {{\n    return vec4({sum}, {MARK}u, {k}u, 1u);\n}}\n")
}

/// Writes [`texel`]`(value, mip, layer)` at (0, 0) of every mip and layer (3D: depth slice)
/// of `texture`, and zeros to the rest of each (the 4-byte texels of every format the tester
/// makes), one `write_texture` each.
fn write_texels(queue: &wgpu::Queue, texture: &wgpu::Texture, shape: &TexShape, value: u32) {
    for (mip, layer) in shape.subresources() {
        let side = (shape.size >> mip).max(1);
        {
            let mut data = vec![0u32; (side * side) as usize];
            data[0] = texel(value, mip, layer);
            queue.write_texture(
                wgpu::TexelCopyTextureInfo {
                    texture,
                    mip_level: mip,
                    origin: wgpu::Origin3d { x: 0, y: 0, z: layer },
                    aspect: wgpu::TextureAspect::All,
                },
                &data.iter().flat_map(|w| w.to_le_bytes()).collect::<Vec<_>>(),
                wgpu::TexelCopyBufferLayout {
                    offset: 0,
                    bytes_per_row: Some(4 * side),
                    rows_per_image: None,
                },
                wgpu::Extent3d {
                    width: side,
                    height: side,
                    depth_or_array_layers: 1,
                },
            );
        }
    }
}

/// [`Op::WriteThrough`]: the value to write is word `2 * PROBED_SLOTS` of `out`; words
/// `2 * i`, `2 * i + 1` say what slot `i` held that was writable.
fn write_through_wgsl() -> String {
    format!(
        r#"
enable resource_table;
struct Data {{ values: array<u32> }}
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(32)
fn main(@builtin(local_invocation_index) i: u32) {{
    if i >= {PROBED_SLOTS}u {{ return; }}
    let value = out[{value}u];
    let buffer = hasResource<ptr<storage, Data, read_write>>(i);
    let texture = hasResource<texture_storage_2d<u32, read_write>>(i);
    if buffer {{
        let p = getResource<ptr<storage, Data, read_write>>(i);
        (*p).values[0] = value;
    }}
    if texture {{
        textureStore(getResource<texture_storage_2d<u32, read_write>>(i), vec2(0, 0), vec4(value));
    }}
    out[i * 2u] = u32(buffer);
    out[i * 2u + 1u] = u32(texture);
}}
"#,
        value = 2 * PROBED_SLOTS
    )
}

/// [`Op::Hold`]'s loop: a chain of dependent multiply-adds whose count the shader reads
/// from its buffer, so that no compiler can shorten it.
const SPIN_WGSL: &str = r#"
@group(0) @binding(0) var<storage, read_write> m: array<u32>;
@compute @workgroup_size(1)
fn main() {
    var x = m[1];
    for (var i = 0u; i < m[0]; i++) {
        x = x * 1664525u + 1013904223u;
    }
    m[1] = x;
}
"#;
/// How long a hold runs: far longer than `queue.submit` takes between handing the work to
/// the driver and looking at the fence, and short enough that holds do not make the GPU the
/// soak's bottleneck (a fixed count of 20M, about 250 ms on lavapipe, held the H200 so long
/// that 14 processes sharing it ran 14 times slower than one; one chain of multiply-adds
/// runs at very different speeds on different devices, so each device measures its own).
const SPIN_TARGET: std::time::Duration = std::time::Duration::from_millis(8);
/// The loop count each device first times the spin with (again with a larger one if that
/// took under [`SPIN_RETIME`]), and the bounds of what it picks.
const SPIN_PROBE_ITERATIONS: u32 = 1 << 14;
const SPIN_RETIME: std::time::Duration = std::time::Duration::from_millis(2);
const SPIN_ITERATIONS: std::ops::RangeInclusive<u32> = (1 << 10)..=(1 << 25);

/// Word 0 of read-only marker buffer `j` (bound by the other render pipeline's group `j`).
fn marker_value(j: u32) -> u32 {
    1000 + j
}

/// A device and what every program on it shares: layouts, pipelines (made on first use),
/// indirect arguments, padding and marker buffers.
pub struct Dev {
    shared: RefCell<Shared>,
    device: wgpu::Device,
    queue: wgpu::Queue,
    heterogeneous: bool,
    vulkan: bool,
    /// A one-slot table of the tester's own, and a sampler for it: [`Dev::still_running`]
    /// (none on a device without the feature).
    sentinel: Option<(wgpu::ResourceTable, wgpu::Sampler)>,
    featureless: bool,
    /// Whether a program failed on it (then it is not used again).
    poisoned: std::cell::Cell<bool>,
    /// Every validation error no inner error scope caught, in order (the device's uncaptured
    /// error handler): each operation takes those it raised.
    errors: Arc<Mutex<Vec<wgpu::Error>>>,
    /// Last: dropping it checks the validation log after the device is gone.
    _ctx: Option<GpuContext>,
}

#[derive(Default)]
struct Shared {
    /// Pipelines by (probe, own bind groups).
    /// By (probe, bind groups of its layout; `None`: automatic layout).
    compute: HashMap<(bool, Option<u32>), wgpu::ComputePipeline>,
    /// By (0: the other pipeline, 1: the fragment probe, 2: the vertex probe; groups).
    render: HashMap<(u8, Option<u32>), wgpu::RenderPipeline>,
    write_through: Option<wgpu::ComputePipeline>,
    statics: Option<Statics>,
}

struct Statics {
    rw: wgpu::BindGroupLayout,
    ro: wgpu::BindGroupLayout,
    /// Compute probe's padding groups 1 and 2 (read-write, never written).
    pads: Vec<wgpu::BindGroup>,
    /// Read-only marker groups `m_j = [marker_value(j)]` (render padding and markers).
    markers: Vec<wgpu::BindGroup>,
    dispatch_args: wgpu::Buffer,
    /// [`Op::Hold`]'s pipeline and its group (the loop's count and where its result goes).
    spin: wgpu::ComputePipeline,
    spin_group: wgpu::BindGroup,
    /// `[6, 1, 0, 0]` (probe: vertices 0..6) then `[6, 1, 6, 0]` (other: vertices 6..12).
    draw_args: wgpu::Buffer,
    _keep: Vec<wgpu::Buffer>,
}

impl Dev {
    /// Where [`DEVICES`] keeps a device of these features.
    fn key(heterogeneous: bool, featureless: bool) -> usize {
        if featureless {
            2
        } else {
            usize::from(heterogeneous)
        }
    }

    fn new(heterogeneous: bool, featureless: bool) -> Self {
        let features = if featureless {
            wgpu::Features::empty()
        } else if heterogeneous {
            wgpu::Features::HETEROGENEOUS_RESOURCE_TABLE
        } else {
            wgpu::Features::SAMPLING_RESOURCE_TABLE
        };
        let (device, queue, ctx, vulkan) = match settings().backend {
            Backend::Vulkan => {
                let ctx = GpuContext::new(features, wgpu::Limits::default());
                (ctx.device.clone(), ctx.queue.clone(), Some(ctx), true)
            }
            Backend::Noop => {
                let (d, q) = hal_ext::harness::noop_device(features, wgpu::Limits::default());
                (d, q, None, false)
            }
        };
        let max = device.max_resource_table_size();
        assert!(
            featureless || (crate::model::MIN_LIMIT..=crate::model::MAX_TABLE_SIZE).contains(&max),
            "the model assumes 50,000 <= max_resource_table_size() <= 2^20, the device has {max}"
        );
        let sentinel = (!featureless).then(|| {
            (
                device.create_pinned_resource_table(&wgpu::ResourceTableDescriptor { label: None, size: 1 }),
                device.create_sampler(&Default::default()),
            )
        });
        let errors = Arc::new(Mutex::new(Vec::new()));
        let sink = errors.clone();
        device.on_uncaptured_error(Arc::new(move |e| {
            sink.lock().unwrap_or_else(|e| e.into_inner()).push(e);
        }));
        Self {
            errors,
            sentinel,
            shared: RefCell::default(),
            device,
            queue,
            heterogeneous,
            featureless,
            vulkan,
            poisoned: std::cell::Cell::new(false),
            _ctx: ctx,
        }
    }

    /// A device for a program: a kept one, or a new one.
    fn get(heterogeneous: bool, featureless: bool) -> Rc<Dev> {
        let per_device = settings().programs_per_device.max(1);
        DEVICES.with(|d| {
            let mut d = d.borrow_mut();
            let slot = &mut d[Dev::key(heterogeneous, featureless)];
            if let Some((dev, used)) = slot {
                if *used < per_device && !dev.poisoned.get() {
                    *used += 1;
                    return dev.clone();
                }
            }
            *slot = None;
            let dev = Rc::new(Dev::new(heterogeneous, featureless));
            *slot = Some((dev.clone(), 1));
            dev
        })
    }

    /// Whether wgpu still takes submission `index` (the last) for running: a slot removed now
    /// is not available. (Leaves the sentinel's slot filled.)
    fn still_running(&self, index: u64) -> bool {
        let Some((table, sampler)) = &self.sentinel else {
            // Without the feature no slot can wait for anything.
            return false;
        };
        if table.remove(0).is_err() {
            return false;
        }
        matches!(
            table.update(0, wgpu::BindingResource::Sampler(sampler)),
            Err(wgpu::ResourceTableError::NotYetAvailable { available_after, completed, .. })
                if available_after == index && completed < index
        )
    }

    /// Runs the spin once and waits for it: how long it took.
    fn spin_once(&self, spin: &wgpu::ComputePipeline, group: &wgpu::BindGroup) -> std::time::Duration {
        let commands = self.spin_commands(spin, group);
        let start = std::time::Instant::now();
        self.queue.submit([commands]);
        let _ = self.device.poll(wgpu::PollType::wait_indefinitely());
        start.elapsed()
    }

    /// A command buffer of one spin, `group` holding its loop count.
    fn spin_commands(&self, spin: &wgpu::ComputePipeline, group: &wgpu::BindGroup) -> wgpu::CommandBuffer {
        let mut encoder = self.device.create_command_encoder(&Default::default());
        {
            let mut pass = encoder.begin_compute_pass(&Default::default());
            pass.set_pipeline(spin);
            pass.set_bind_group(0, group, &[]);
            pass.dispatch_workgroups(1, 1, 1);
        }
        encoder.finish()
    }

    /// The validation errors the device's handler collected since the last call.
    fn take_errors(&self) -> Vec<wgpu::Error> {
        std::mem::take(&mut *self.errors.lock().unwrap_or_else(|e| e.into_inner()))
    }

    fn module(&self, source: &str) -> wgpu::ShaderModule {
        self.device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: None,
            source: wgpu::ShaderSource::Wgsl(source.into()),
        })
    }

    fn statics<R>(&self, f: impl FnOnce(&Statics) -> R) -> R {
        let mut shared = self.shared.borrow_mut();
        let statics = shared.statics.get_or_insert_with(|| {
            let layout = |visibility, read_only| {
                self.device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
                    label: None,
                    entries: &[wgpu::BindGroupLayoutEntry {
                        binding: 0,
                        visibility,
                        ty: wgpu::BindingType::Buffer {
                            ty: wgpu::BufferBindingType::Storage { read_only },
                            has_dynamic_offset: false,
                            min_binding_size: None,
                        },
                        count: None,
                    }],
                })
            };
            let rw = layout(wgpu::ShaderStages::COMPUTE, false);
            let ro = layout(wgpu::ShaderStages::FRAGMENT, true);
            let words = |usage, data: &[u32]| {
                self.device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                    label: None,
                    contents: &data.iter().flat_map(|w| w.to_le_bytes()).collect::<Vec<_>>(),
                    usage,
                })
            };
            let mut keep = Vec::new();
            let mut group = |bgl: &wgpu::BindGroupLayout, data: &[u32]| {
                let buffer = words(wgpu::BufferUsages::STORAGE, data);
                let g = self.device.create_bind_group(&wgpu::BindGroupDescriptor {
                    label: None,
                    layout: bgl,
                    entries: &[wgpu::BindGroupEntry {
                        binding: 0,
                        resource: buffer.as_entire_binding(),
                    }],
                });
                keep.push(buffer);
                g
            };
            let pads = (0..3).map(|_| group(&rw, &[0; 4])).collect();
            let spin = self.device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                label: Some("spin"),
                layout: Some(&self.layout(&rw, 1, false)),
                module: &self.module(SPIN_WGSL),
                entry_point: Some("main"),
                compilation_options: Default::default(),
                cache: None,
            });
            // The device's speed: a timed spin (the pipeline already made, so that its
            // compilation is not timed), again longer if that one was too short to time
            // well, scaled to `SPIN_TARGET`.
            let scale = |count: u32, to: std::time::Duration, took: std::time::Duration| {
                let took = took.max(std::time::Duration::from_micros(10));
                (f64::from(count) * to.as_secs_f64() / took.as_secs_f64())
                    .clamp(f64::from(*SPIN_ITERATIONS.start()), f64::from(*SPIN_ITERATIONS.end()))
                    as u32
            };
            let mut count = SPIN_PROBE_ITERATIONS;
            let mut took = self.spin_once(&spin, &group(&rw, &[count, 0, 0, 0]));
            if took < SPIN_RETIME {
                count = scale(count, 2 * SPIN_RETIME, took);
                took = self.spin_once(&spin, &group(&rw, &[count, 0, 0, 0]));
            }
            let iterations = scale(count, SPIN_TARGET, took);
            SPIN_MIN.fetch_min(u64::from(iterations), Ordering::Relaxed);
            SPIN_MAX.fetch_max(u64::from(iterations), Ordering::Relaxed);
            let spin_group = group(&rw, &[iterations, 0, 0, 0]);
            let markers = (0..3).map(|j| group(&ro, &[marker_value(j), 0, 0, 0])).collect();
            Statics {
                dispatch_args: words(wgpu::BufferUsages::INDIRECT, &[1, 1, 1]),
                draw_args: words(wgpu::BufferUsages::INDIRECT, &[6, 1, 0, 0, 6, 1, 6, 0]),
                spin,
                spin_group,
                rw,
                ro,
                pads,
                markers,
                _keep: keep,
            }
        });
        f(statics)
    }

    fn layout(&self, bgl: &wgpu::BindGroupLayout, groups: u32, table: bool) -> wgpu::PipelineLayout {
        let layouts = vec![Some(bgl); groups as usize];
        let desc = wgpu::PipelineLayoutDescriptor {
            label: None,
            bind_group_layouts: &layouts,
            immediate_size: 0,
        };
        if table {
            self.device.create_pipeline_layout_with_resource_table(&desc)
        } else {
            self.device.create_pipeline_layout(&desc)
        }
    }

    /// `groups`: the bind groups of an explicit layout (`None`: `layout: None`, the
    /// probe's only).
    fn compute_pipeline(&self, probe: bool, groups: Option<u32>) -> wgpu::ComputePipeline {
        if let Some(p) = self.shared.borrow().compute.get(&(probe, groups)) {
            return p.clone();
        }
        let layout = groups.map(|k| self.statics(|s| self.layout(&s.rw, k, probe)));
        let source = if probe {
            compute_probe_wgsl(self.heterogeneous)
        } else {
            compute_other_wgsl(groups.expect("explicit layout"))
        };
        let pipeline = self.device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: Some(if probe { "probe" } else { "other" }),
            layout: layout.as_ref(),
            module: &self.module(&source),
            entry_point: Some("main"),
            compilation_options: Default::default(),
            cache: None,
        });
        self.shared
            .borrow_mut()
            .compute
            .insert((probe, groups), pipeline.clone());
        pipeline
    }

    fn write_through_pipeline(&self) -> wgpu::ComputePipeline {
        if let Some(p) = &self.shared.borrow().write_through {
            return p.clone();
        }
        let layout = self.statics(|s| self.layout(&s.rw, 1, true));
        let pipeline = self.device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: Some("write-through"),
            layout: Some(&layout),
            module: &self.module(&write_through_wgsl()),
            entry_point: Some("main"),
            compilation_options: Default::default(),
            cache: None,
        });
        self.shared.borrow_mut().write_through = Some(pipeline.clone());
        pipeline
    }

    /// `kind`: the probe's (`None`: the other pipeline's).
    /// `groups`: as for [`Dev::compute_pipeline`].
    fn render_pipeline(&self, kind: Option<ProbeKind>, groups: Option<u32>) -> wgpu::RenderPipeline {
        let vertex = kind == Some(ProbeKind::Vertex);
        let key = (kind.map_or(0, |_| 1 + u8::from(vertex)), groups);
        if let Some(p) = self.shared.borrow().render.get(&key) {
            return p.clone();
        }
        let layout = groups.map(|k| self.statics(|s| self.layout(&s.ro, k, kind.is_some())));
        let source = match kind {
            Some(ProbeKind::Vertex) => {
                format!(
                    "enable resource_table;\n{}{VERTEX_PROBE}",
                    render_words_wgsl(self.heterogeneous)
                )
            }
            Some(_) => format!(
                "enable resource_table;\n{}{RENDER_PROBE_FS}{COLUMNS_VS}",
                render_words_wgsl(self.heterogeneous)
            ),
            None => format!("{}{COLUMNS_VS}", render_other_fs(groups.expect("explicit layout"))),
        };
        let module = self.module(&source);
        let pipeline = self.device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
            label: Some(if kind.is_some() { "probe" } else { "other" }),
            layout: layout.as_ref(),
            vertex: wgpu::VertexState {
                module: &module,
                entry_point: Some("vs"),
                compilation_options: Default::default(),
                buffers: &[],
            },
            primitive: wgpu::PrimitiveState {
                topology: if vertex {
                    wgpu::PrimitiveTopology::PointList
                } else {
                    wgpu::PrimitiveTopology::TriangleList
                },
                ..Default::default()
            },
            depth_stencil: None,
            multisample: Default::default(),
            fragment: Some(wgpu::FragmentState {
                module: &module,
                entry_point: Some("fs"),
                compilation_options: Default::default(),
                targets: &[Some(TARGET_FORMAT.into())],
            }),
            multiview_mask: None,
            cache: None,
        });
        self.shared.borrow_mut().render.insert(key, pipeline.clone());
        pipeline
    }
}

/// A command buffer's probe, waiting for its submission and read-back.
struct Recorded {
    probe: Probe,
    /// What the probe's conflict binds, and how (`None`: no conflict, or none that applies).
    conflict: Option<(Member, ConflictClass)>,
    /// The probe's queue-timeline call, and its member (`None`: no call, or no member).
    call: Option<(Member, Usage, CallAt)>,
    /// Where the results are copied (`None` on noop: nothing is read back).
    staging: Option<wgpu::Buffer>,
}

/// A submitted probe (or, `None`, a [`Op::WriteThrough`]) whose results are awaited.
struct Readback {
    step: usize,
    probe: Option<Probe>,
    staging: wgpu::Buffer,
    /// `Some(Ok(()))` once mapped, `Some(Err(why))` if the mapping failed.
    mapped: Arc<std::sync::Mutex<Option<Result<(), String>>>>,
    expected: Vec<u32>,
    /// What the probe may read instead, slot by slot: the called members whose slots may
    /// read hidden, hidden (`Sut::expect`).
    alt: Option<Vec<u32>>,
}

/// The objects of a running program, next to its model.
pub struct Sut {
    model: Model,
    tables: Vec<Option<wgpu::ResourceTable>>,
    /// Handles the program dropped are `None` (the tables holding them keep them alive).
    textures: Vec<(Option<wgpu::Texture>, Option<wgpu::TextureView>)>,
    samplers: Vec<Option<wgpu::Sampler>>,
    buffers: Vec<Option<wgpu::Buffer>>,
    recorded: Vec<(wgpu::CommandBuffer, Recorded)>,
    pending: Vec<Readback>,
    /// The current operation's own result, for its outcome (a slot operation's, or a
    /// submission's error).
    result: Option<String>,
    /// The validation errors the model expects of the current operation after its first.
    more_errors: Vec<DeviceError>,
    step: usize,
    finished: bool,
    /// Last: the device outlives the program's objects.
    dev: Rc<Dev>,
}

/// The submission index wgpu returned (its `Debug` form is the only public view of it).
fn index_of(index: &wgpu::SubmissionIndex) -> u64 {
    let text = format!("{index:?}");
    text.chars()
        .filter(char::is_ascii_digit)
        .collect::<String>()
        .parse()
        .unwrap_or_else(|_| panic!("cannot read a submission index from {text}"))
}

/// Which kind of validation error `error` is (by the wgpu-core error in its sources).
fn classify(error: &wgpu::Error) -> Option<DeviceError> {
    use wgpu_core::device::queue::{QueueSubmitError, QueueWriteError};
    use wgpu_core::resource_table::{
        CreateResourceTableError, PinError, ResourceTableBindingError, ResourceTableUseError,
    };
    if let Some(e) = find_source::<CreateResourceTableError>(error) {
        Some(DeviceError::CreateTable(match e {
            CreateResourceTableError::TooLarge { .. } => Why::TooLarge,
            CreateResourceTableError::AboveStandardMaximum { .. } => Why::AboveStandardMaximum,
            CreateResourceTableError::MissingFeatures(_) => Why::MissingFeatures,
            _ => Why::Other,
        }))
    } else if let Some(e) = find_source::<ResourceTableBindingError>(error) {
        Some(DeviceError::Binding(match e {
            ResourceTableBindingError::DestroyedResource(_) => Why::DestroyedResource,
            ResourceTableBindingError::MissingTextureUsage(..) => Why::MissingTextureUsage,
            ResourceTableBindingError::MissingFeatures(_) => Why::MissingFeatures,
            ResourceTableBindingError::NotAStorageBuffer(..) => Why::NotAStorageBuffer,
            ResourceTableBindingError::UnalignedBufferOffset { .. } => Why::UnalignedBufferOffset,
            ResourceTableBindingError::BufferRange { .. } => Why::BufferRange,
            _ => Why::Other,
        }))
    } else if let Some(e) = find_source::<ResourceTableUseError>(error) {
        Some(DeviceError::Usage(match e {
            ResourceTableUseError::InvalidTable(_) => Why::InvalidTable,
            ResourceTableUseError::PinnedTable { .. } => Why::PinnedTable,
            _ => Why::Other,
        }))
    } else if let Some(e) = find_source::<PinError>(error) {
        Some(DeviceError::Pin(match e {
            PinError::DestroyedResource(_) => Why::DestroyedResource,
            PinError::MissingUsage(..) => Why::MissingUsage,
            PinError::MissingFeatures(_) => Why::MissingFeatures,
            _ => Why::Other,
        }))
    } else if find_source::<QueueWriteError>(error).is_some() {
        Some(DeviceError::Write)
    } else if find_source::<QueueSubmitError>(error).is_some() {
        Some(DeviceError::Submit)
    } else if format!("{error:?}").contains("MissingResourceTable") {
        // `BinderError` is private to wgpu-core.
        Some(DeviceError::MissingTable)
    } else {
        None
    }
}

impl Sut {
    fn new(init: &RefState) -> Self {
        PROGRAMS.fetch_add(1, Ordering::Relaxed);
        let dev = Dev::get(init.heterogeneous, init.featureless);
        // Start from an idle device: every earlier submission (of an earlier program on a
        // kept device) complete, and the last index known.
        let last = index_of(&dev.queue.submit([]));
        dev.device
            .poll(wgpu::PollType::wait_indefinitely())
            .expect("waiting for the device");
        if dev.vulkan {
            let messages = ValidationLog::install().take();
            assert!(
                messages.is_empty(),
                "validation messages before the program: {messages:#?}"
            );
        }
        let mut model = Model::new(init.heterogeneous, last);
        model.max_table_size = dev.device.max_resource_table_size();
        model.featureless = init.featureless;
        let mut sut = Self {
            model,
            tables: Vec::new(),
            textures: Vec::new(),
            samplers: Vec::new(),
            buffers: Vec::new(),
            recorded: Vec::new(),
            pending: Vec::new(),
            result: None,
            more_errors: Vec::new(),
            step: usize::MAX,
            finished: false,
            dev,
        };
        // Table 0: valid, unless the device lacks the feature.
        let expected = init.featureless.then_some(DeviceError::CreateTable(Why::TooLarge));
        assert_eq!(
            sut.create_table(init.tables[0].size, init.tables[0].automatic),
            expected
        );
        let errors = sut.dev.take_errors();
        assert!(
            errors.iter().map(classify).eq(expected.map(Some)),
            "validation errors before the program: {:?}",
            errors.iter().map(|e| format!("{e}")).collect::<Vec<_>>()
        );
        sut.step = 0;
        sut
    }

    fn fail(&self, op: &Op, message: impl std::fmt::Display) -> ! {
        if self.step == usize::MAX {
            panic!("divergence at the end of the program (`{op}`): {message}")
        }
        panic!("divergence at step {} `{op}`: {message}", self.step)
    }

    fn create_table(&mut self, size: TableSize, automatic: bool) -> Option<DeviceError> {
        let size = size.on(self.model.max_table_size);
        let desc = wgpu::ResourceTableDescriptor { label: None, size };
        let device = &self.dev.device;
        self.tables.push(Some(match automatic {
            true => device.create_resource_table(&desc),
            false => device.create_pinned_resource_table(&desc),
        }));
        self.model.create_table(size, automatic)
    }

    /// Whether table `t` is of the automatic model (its render passes begin with it).
    fn automatic(&self, t: usize) -> bool {
        self.model.tables[t].automatic
    }

    fn table(&self, t: usize) -> &wgpu::ResourceTable {
        self.tables[t].as_ref().expect("a live table (preconditions)")
    }

    fn texture(&self, i: usize) -> &wgpu::Texture {
        self.textures[i].0.as_ref().expect("a live texture (preconditions)")
    }

    fn buffer(&self, i: usize) -> &wgpu::Buffer {
        self.buffers[i].as_ref().expect("a live buffer (preconditions)")
    }

    fn member(&self, member: Member) -> wgpu::ResourceTableMember<'_> {
        match member {
            Member::Texture(i) => wgpu::ResourceTableMember::Texture(self.texture(i)),
            Member::Buffer(i) => wgpu::ResourceTableMember::Buffer(self.buffer(i)),
        }
    }

    fn resource(&self, res: Res) -> wgpu::BindingResource<'_> {
        const LIVE: &str = "a live handle (preconditions)";
        match res {
            Res::Texture(i) => wgpu::BindingResource::TextureView(self.textures[i].1.as_ref().expect(LIVE)),
            Res::Sampler(i) => wgpu::BindingResource::Sampler(self.samplers[i].as_ref().expect(LIVE)),
            Res::Buffer(i, range) => wgpu::BindingResource::Buffer(wgpu::BufferBinding {
                buffer: self.buffer(i),
                offset: u64::from(range.offset),
                size: range
                    .size
                    .map(|s| wgpu::BufferSize::new(u64::from(s)).expect("ranges are never empty")),
            }),
        }
    }

    /// Runs one operation inside a validation error scope and checks it.
    /// Runs one operation and checks it: its results, and every validation error it
    /// raised (not only the first, which is all an error scope keeps).
    fn run(&mut self, op: &Op) {
        OPS.fetch_add(1, Ordering::Relaxed);
        self.result = None;
        self.more_errors.clear();
        let first = self.execute(op);
        let expected: Vec<DeviceError> = first.into_iter().chain(self.more_errors.drain(..)).collect();
        let errors = self.dev.take_errors();
        let got: Vec<Option<DeviceError>> = errors.iter().map(classify).collect();
        if got.len() > 1 {
            SEVERAL_ERRORS.fetch_add(1, Ordering::Relaxed);
        }
        // The outcome names the first error (and whether there were more).
        let outcome = self
            .result
            .take()
            .into_iter()
            .chain(got.first().copied().flatten().map(|e| format!("{e:?}")))
            .chain((got.len() > 1).then(|| "more".to_string()))
            .collect::<Vec<_>>()
            .join(" + ");
        let outcome = if outcome.is_empty() { "ok".to_string() } else { outcome };
        *OUTCOMES
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .entry((op.name(), outcome))
            .or_default() += 1;
        if got.len() != expected.len() || got.iter().zip(&expected).any(|(g, e)| *g != Some(*e)) {
            self.fail(
                op,
                format!(
                    "expected validation errors {expected:?}, got [{}]",
                    errors.iter().map(|e| format!("{e}")).collect::<Vec<_>>().join("; ")
                ),
            );
        }
        if self.dev.vulkan {
            let messages = ValidationLog::install().take();
            if !messages.is_empty() {
                self.fail(op, format!("validation layer: {messages:#?}"));
            }
        }
    }

    /// Executes `op` and checks its immediate results; returns the validation error the
    /// model expects of it.
    fn execute(&mut self, op: &Op) -> Option<DeviceError> {
        let dev = self.dev.clone();
        match *op {
            Op::CreateTable { size, automatic } => self.create_table(size, automatic),
            Op::SetResourceUsage { table, member, usage } => {
                self.table(table).set_resource_usage(self.member(member), usage.wgpu());
                self.model.set_resource_usage(table, member, usage)
            }
            Op::DestroyTable { table } => {
                self.table(table).destroy();
                self.model.destroy_table(table);
                None
            }
            Op::DropTable { table } => {
                self.tables[table] = None;
                None
            }
            Op::CreateTexture {
                value,
                shape,
                view,
                sampled,
                storage,
                pin,
            } => {
                let mut usage = wgpu::TextureUsages::COPY_DST;
                usage.set(wgpu::TextureUsages::TEXTURE_BINDING, sampled);
                usage.set(wgpu::TextureUsages::STORAGE_BINDING, storage);
                // What multisampled textures need, and what depth textures are for.
                usage.set(wgpu::TextureUsages::RENDER_ATTACHMENT, !shape.copyable());
                let texture = dev.device.create_texture(&wgpu::TextureDescriptor {
                    label: None,
                    size: wgpu::Extent3d {
                        width: shape.size,
                        height: shape.size,
                        depth_or_array_layers: shape.layers,
                    },
                    mip_level_count: shape.mips,
                    sample_count: if shape.kind == TexKind::Multisampled { 4 } else { 1 },
                    dimension: match shape.kind {
                        TexKind::D3 => wgpu::TextureDimension::D3,
                        _ => wgpu::TextureDimension::D2,
                    },
                    format: shape.format.wgpu(),
                    usage,
                    view_formats: &[],
                });
                if shape.copyable() {
                    write_texels(&dev.queue, &texture, &shape, value);
                }
                let wgpu_view = match view {
                    None => texture.create_view(&Default::default()),
                    Some(v) => texture.create_view(&wgpu::TextureViewDescriptor {
                        dimension: Some(v.dim.wgpu()),
                        base_mip_level: v.base_mip,
                        mip_level_count: Some(v.mip_count),
                        base_array_layer: v.base_layer,
                        array_layer_count: Some(v.layer_count),
                        ..Default::default()
                    }),
                };
                let view = view.unwrap_or_else(|| ViewShape::default_of(&shape));
                self.model.create_texture(value, shape, view, sampled, storage);
                let error = pin.and_then(|p| {
                    texture.pin(p.wgpu());
                    self.model.pin_texture(self.textures.len(), Some(p))
                });
                self.textures.push((Some(texture), Some(wgpu_view)));
                error
            }
            Op::WriteTexture { tex, value } => {
                let shape = self.model.textures[tex].shape;
                write_texels(&dev.queue, self.texture(tex), &shape, value);
                // One queue write per mip and layer, each refused on its own.
                let error = self.model.write_texture(tex, value);
                let writes = shape.subresources().len();
                self.more_errors.extend(error.into_iter().cycle().take(writes - 1));
                error
            }
            Op::PinTexture { tex, pin } => {
                match pin {
                    Some(p) => self.texture(tex).pin(p.wgpu()),
                    None => self.texture(tex).unpin(),
                }
                self.model.pin_texture(tex, pin)
            }
            Op::DestroyTexture { tex } => {
                self.texture(tex).destroy();
                self.model.destroy_texture(tex);
                None
            }
            Op::DropTexture { tex } => {
                self.textures[tex].0 = None;
                None
            }
            Op::DropView { tex } => {
                self.textures[tex].1 = None;
                None
            }
            Op::DropSampler { sampler } => {
                self.samplers[sampler] = None;
                None
            }
            Op::DropBuffer { buf } => {
                self.buffers[buf] = None;
                None
            }
            Op::CreateSampler => {
                self.samplers.push(Some(dev.device.create_sampler(&Default::default())));
                self.model.samplers += 1;
                None
            }
            Op::CreateBuffer {
                value,
                size,
                storage,
                uniform,
                pin,
            } => {
                let mut usage = wgpu::BufferUsages::COPY_DST;
                usage.set(wgpu::BufferUsages::STORAGE, storage);
                usage.set(wgpu::BufferUsages::UNIFORM, uniform);
                let buffer = dev.device.create_buffer(&wgpu::BufferDescriptor {
                    label: None,
                    size: u64::from(size),
                    usage,
                    mapped_at_creation: false,
                });
                dev.queue.write_buffer(&buffer, 0, &value.to_le_bytes());
                self.model.create_buffer(value, size, storage, uniform);
                let error = pin.and_then(|p| {
                    buffer.pin(p.wgpu());
                    self.model.pin_buffer(self.buffers.len(), Some(p))
                });
                self.buffers.push(Some(buffer));
                error
            }
            Op::WriteBuffer { buf, value } => {
                dev.queue.write_buffer(self.buffer(buf), 0, &value.to_le_bytes());
                self.model.write_buffer(buf, value)
            }
            Op::PinBuffer { buf, pin } => {
                match pin {
                    Some(p) => self.buffer(buf).pin(p.wgpu()),
                    None => self.buffer(buf).unpin(),
                }
                self.model.pin_buffer(buf, pin)
            }
            Op::DestroyBuffer { buf } => {
                self.buffer(buf).destroy();
                self.model.destroy_buffer(buf);
                None
            }
            Op::Update { table, slot, res } => {
                let slot = slot.on(self.model.tables[table].size);
                let got = self.table(table).update(slot, self.resource(res));
                self.result = Some(slot_outcome(&got));
                if matches!(got, Err(wgpu::ResourceTableError::NotYetAvailable { .. })) {
                    NOT_YET_AVAILABLE.fetch_add(1, Ordering::Relaxed);
                }
                self.model
                    .update(table, slot, res, &got)
                    .unwrap_or_else(|d| self.fail(op, d))
            }
            Op::UpdateRange { table, first, ref res } => {
                let first = first.on(self.model.tables[table].size);
                let resources: Vec<_> = res.iter().map(|&r| self.resource(r)).collect();
                let got = self.table(table).update_range(first, &resources);
                self.result = Some(slot_outcome(&got));
                if matches!(got, Err(wgpu::ResourceTableError::NotYetAvailable { .. })) {
                    NOT_YET_AVAILABLE.fetch_add(1, Ordering::Relaxed);
                }
                let mut errors = self
                    .model
                    .update_range(table, first, res, &got)
                    .unwrap_or_else(|d| self.fail(op, d))
                    .into_iter();
                let first = errors.next();
                self.more_errors.extend(errors);
                first
            }
            Op::Insert { table, res } => {
                let got = self.table(table).insert(self.resource(res));
                self.result = Some(slot_outcome(&got));
                self.model
                    .insert(table, res, &got)
                    .unwrap_or_else(|d| self.fail(op, d))
                    .0
            }
            Op::Remove { table, slot } => {
                let slot = slot.on(self.model.tables[table].size);
                let got = self.table(table).remove(slot);
                self.result = Some(slot_outcome(&got));
                self.model
                    .remove(table, slot, &got)
                    .unwrap_or_else(|d| self.fail(op, d));
                None
            }
            Op::Record(ref probe) => {
                let recorded = self.record(probe);
                self.recorded.push(recorded);
                probe
                    .loses_table(self.automatic(probe.table))
                    .then_some(DeviceError::MissingTable)
            }
            Op::Submit { ref probes, read_back } => {
                let mut all = std::mem::take(&mut self.recorded);
                for probe in probes {
                    all.push(self.record(probe));
                }
                let tables: Vec<usize> = all.iter().map(|(_, r)| r.probe.table).collect();
                let invalid = all
                    .iter()
                    .any(|(_, r)| r.probe.loses_table(self.automatic(r.probe.table)));
                let expected_submit = self.model.submit_error(&tables, invalid);
                let (buffers, records): (Vec<_>, Vec<_>) = all.into_iter().unzip();
                self.model.looked();
                // The submission's own error, apart from the recording's.
                let index = self.submit_checked(op, buffers, expected_submit);
                if expected_submit.is_none() {
                    self.model.submitted(index).unwrap_or_else(|d| self.fail(op, d));
                    // The queue-timeline calls of the command buffers so far: (table, member,
                    // usage), in submission order; the tables keep them once all are in.
                    let mut calls = Vec::new();
                    for r in records {
                        let call = r.call.map(|(member, usage, _)| (r.probe.table, member, usage));
                        self.expect(r, &calls);
                        calls.extend(call);
                    }
                    for (t, member, usage) in calls {
                        self.model.queue_usage_call(t, member, usage);
                    }
                }
                if read_back {
                    self.wait(op);
                }
                // Recording a probe that loses its table is an error of its own, one per probe.
                let lost = probes.iter().filter(|p| p.loses_table(self.automatic(p.table))).count();
                self.more_errors
                    .extend(std::iter::repeat_n(DeviceError::MissingTable, lost.saturating_sub(1)));
                (lost > 0).then_some(DeviceError::MissingTable)
            }
            Op::WriteThrough { table, value } => {
                self.model.looked();
                let mut words = vec![0u32; 2 * PROBED_SLOTS];
                words.push(value);
                let out = dev.device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                    label: Some("write-through"),
                    contents: &words.iter().flat_map(|w| w.to_le_bytes()).collect::<Vec<_>>(),
                    usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
                });
                let bytes = (2 * PROBED_SLOTS * 4) as u64;
                let staging = self.staging(bytes);
                let mut encoder = dev.device.create_command_encoder(&Default::default());
                {
                    let group = self.group(&out);
                    let pipeline = dev.write_through_pipeline();
                    let mut pass = encoder.begin_compute_pass(&Default::default());
                    pass.set_resource_table(Some(self.table(table)));
                    pass.set_pipeline(&pipeline);
                    pass.set_bind_group(0, &group, &[]);
                    pass.dispatch_workgroups(1, 1, 1);
                }
                encoder.copy_buffer_to_buffer(&out, 0, &staging, 0, bytes);
                let expected_submit = self.model.submit_error(&[table], false);
                let index = self.submit_checked(op, vec![encoder.finish()], expected_submit);
                if expected_submit.is_none() {
                    self.model.submitted(index).unwrap_or_else(|d| self.fail(op, d));
                    let expected = self.model.write_through(table, value);
                    WRITES.fetch_add(1, Ordering::Relaxed);
                    if expected.contains(&1) {
                        WRITES_FOUND.fetch_add(1, Ordering::Relaxed);
                    }
                    if dev.vulkan {
                        self.read_back_later(staging, None, expected, None);
                    }
                }
                None
            }
            Op::Hold => {
                HOLDS.fetch_add(1, Ordering::Relaxed);
                self.model.looked();
                let (pipeline, group) = dev.statics(|s| (s.spin.clone(), s.spin_group.clone()));
                let index = index_of(&dev.queue.submit([dev.spin_commands(&pipeline, &group)]));
                self.model.submitted(index).unwrap_or_else(|d| self.fail(op, d));
                // The model's premise, checked on a table of the tester's own (neither reads
                // the fence): a slot removed now waits for the held submission. Were the
                // main thread held up longer than the spin between handing the work to the
                // driver and looking at the fence, the program goes on without the premise.
                if dev.vulkan && dev.still_running(index) {
                    HELD.fetch_add(1, Ordering::Relaxed);
                    self.model.held(index);
                } else if !dev.featureless {
                    HOLDS_MISSED.fetch_add(1, Ordering::Relaxed);
                }
                None
            }
            Op::Poll => {
                self.model.looked();
                let status = dev
                    .device
                    .poll(wgpu::PollType::Poll)
                    .unwrap_or_else(|e| self.fail(op, format!("poll: {e}")));
                if status.is_queue_empty() {
                    self.model.all_completed();
                }
                self.check_mapped(op, false);
                None
            }
            Op::Wait => {
                self.wait(op);
                None
            }
        }
    }

    /// Waits for all submitted work and checks every read-back.
    fn wait(&mut self, op: &Op) {
        self.model.looked();
        self.dev
            .device
            .poll(wgpu::PollType::wait_indefinitely())
            .unwrap_or_else(|e| self.fail(op, format!("wait: {e}")));
        self.model.all_completed();
        self.check_mapped(op, true);
    }

    /// A successful submission: what its probe must read, from the model now, after the
    /// queue-timeline calls `earlier` command buffers of the submission made.
    ///
    /// A call's usage is in effect from its place in the command stream on. A `None` call
    /// hides the member, and the usage of a pinned member's call shows as its pin allows,
    /// exactly; for other calls, and in command buffers after the call's, the member's slots
    /// may also read hidden (ours: within its submission a call shows a member only where
    /// it could move it, and command buffers after a call that left it in another state do
    /// not show it, `resource_table::calls`; the model keeps neither), slot by slot all as
    /// the standard says or all hidden.
    fn expect(&mut self, r: Recorded, earlier: &[(usize, Member, Usage)]) {
        let probe = r.probe;
        let t = probe.table;
        let mut usages: Vec<(Member, Usage)> = Vec::new();
        let mut either: Vec<Member> = Vec::new();
        for &(_, member, usage) in earlier.iter().filter(|c| c.0 == t) {
            usages.push((member, usage));
            either.retain(|&m| m != member);
            if usage != Usage::None {
                either.push(member);
            }
        }
        if let Some((member, usage, at)) = r.call {
            USAGE_CALLS.fetch_add(1, Ordering::Relaxed);
            if at != CallAt::AfterDispatch {
                usages.push((member, usage));
                either.retain(|&m| m != member);
                let called_before = earlier.iter().any(|c| c.1 == member);
                if usage != Usage::None && (called_before || !self.model.pinned(member)) {
                    either.push(member);
                }
            }
        }
        let slots = self.model.probe_with_usages(t, r.conflict, &usages);
        let alt_slots = (!either.is_empty())
            .then(|| {
                let hidden: Vec<(Member, Usage)> = usages
                    .iter()
                    .copied()
                    .chain(either.iter().map(|&m| (m, Usage::None)))
                    .collect();
                self.model.probe_with_usages(t, r.conflict, &hidden)
            })
            .filter(|alt| *alt != slots);
        if r.conflict.is_some() {
            CONFLICTS.fetch_add(1, Ordering::Relaxed);
            if slots != self.model.probe(probe.table) {
                CONFLICTS_HIDING.fetch_add(1, Ordering::Relaxed);
            }
        }
        // Counted on noop too, where nothing is read back: there, what the generator reaches.
        for k in crate::model::HAS_WORDS {
            if slots.chunks_exact(STRIDE).any(|w| w[k] == 1) {
                TYPES_SEEN[k].fetch_add(1, Ordering::Relaxed);
            }
        }
        let Some(staging) = r.staging else { return };
        let read = |slots: Vec<u32>| {
            if probe.kind.render() {
                // Row r, columns 0..31: words 4r..4r + 4 of each slot; column 31: the last
                // other pipeline drawn.
                let other = match probe.after.or(probe.before) {
                    Some(k) => [(0..k).map(marker_value).sum(), MARK, k, 1],
                    None => [0; 4],
                };
                let mut px = Vec::new();
                for r in 0..(STRIDE / 4) {
                    for w in slots.chunks_exact(STRIDE) {
                        px.extend_from_slice(&w[4 * r..4 * r + 4]);
                    }
                    px.extend(other);
                }
                px
            } else {
                let mut words = slots;
                for k in [probe.before, probe.after].into_iter().flatten() {
                    words.extend(std::iter::repeat_n(1, k as usize));
                }
                words
            }
        };
        let alt = alt_slots.map(read);
        if alt.is_some() {
            CALLS_EITHER.fetch_add(1, Ordering::Relaxed);
        }
        let expected = read(slots);
        self.read_back_later(staging, Some(probe), expected, alt);
    }

    /// Maps `staging` and compares it with `expected` (or, slot by slot, `alt`) once it is
    /// mapped.
    fn read_back_later(
        &mut self,
        staging: wgpu::Buffer,
        probe: Option<Probe>,
        expected: Vec<u32>,
        alt: Option<Vec<u32>>,
    ) {
        let mapped = Arc::new(std::sync::Mutex::new(None));
        let outcome = mapped.clone();
        // A failed mapping is kept for `check_mapped`, which reports it as a divergence. (A
        // panic here would run in wgpu's callback, perhaps while the device is dropped during
        // another panic's unwinding: an abort that loses the report.)
        staging.slice(..).map_async(wgpu::MapMode::Read, move |r| {
            if let Ok(mut outcome) = outcome.lock() {
                *outcome = Some(r.map_err(|e| e.to_string()));
            }
        });
        self.pending.push(Readback {
            step: self.step,
            probe,
            staging,
            mapped,
            expected,
            alt,
        });
    }

    /// Submits `buffers` in an error scope of its own and checks the submission's error
    /// against `expected`; returns the submission index.
    fn submit_checked(&mut self, op: &Op, buffers: Vec<wgpu::CommandBuffer>, expected: Option<DeviceError>) -> u64 {
        // The submission's errors apart from the operation's others (all of them: the
        // device's handler, not an error scope, which keeps the first).
        let before = self.dev.take_errors();
        let index = index_of(&self.dev.queue.submit(buffers));
        let errors = self.dev.take_errors();
        self.dev.errors.lock().unwrap_or_else(|e| e.into_inner()).extend(before);
        let got: Vec<Option<DeviceError>> = errors.iter().map(classify).collect();
        self.result = got.first().copied().flatten().map(|e| format!("{e:?}"));
        if !got.iter().copied().eq(expected.map(Some)) {
            self.fail(
                op,
                format!(
                    "expected the submission to raise {expected:?}, got [{}]",
                    errors.iter().map(|e| format!("{e}")).collect::<Vec<_>>().join("; ")
                ),
            );
        }
        index
    }

    /// Compares the read-backs that arrived (all must have, after a wait).
    fn check_mapped(&mut self, op: &Op, all: bool) {
        let pending = std::mem::take(&mut self.pending);
        for r in pending {
            let outcome = r.mapped.lock().map(|o| o.clone()).unwrap_or(None);
            match outcome {
                Some(Ok(())) => {}
                Some(Err(why)) => {
                    self.fail(op, format!("the read-back of step {} failed to map: {why}", r.step));
                }
                None => {
                    if all {
                        self.fail(
                            op,
                            format!("the read-back of step {} was not mapped after a wait", r.step),
                        );
                    }
                    self.pending.push(r);
                    continue;
                }
            }
            let got: Vec<u32> = r
                .staging
                .slice(..)
                .get_mapped_range()
                .expect("the mapped read-back")
                .chunks_exact(4)
                .take(r.expected.len())
                .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
                .collect();
            match read_as_expected(&r, &got) {
                None => self.fail(op, describe_mismatch(&r, &got)),
                Some(true) => {
                    CALLS_HIDDEN.fetch_add(1, Ordering::Relaxed);
                }
                Some(false) => {}
            }
            let Some(probe) = &r.probe else { continue };
            PROBES.fetch_add(1, Ordering::Relaxed);
            let stride = if probe.kind.render() { 4 } else { STRIDE };
            if got.chunks(stride).take(PROBED_SLOTS).any(|w| w.len() > 3 && w[3] != 0) {
                PROBES_WITH_TEXEL.fetch_add(1, Ordering::Relaxed);
            }
        }
    }

    /// Records one command buffer with `probe`'s pass, and the copies of its results.
    fn record(&self, probe: &Probe) -> (wgpu::CommandBuffer, Recorded) {
        let dev = &self.dev;
        let table = self.table(probe.table);
        let mut encoder = dev.device.create_command_encoder(&Default::default());
        let conflict = probe.conflict.and_then(|c| {
            let (member, class) = self.model.conflict(probe.table, c)?;
            Some((self.conflict_group(c, member)?, member, class))
        });
        // The call's member: of the candidates whose handles are alive.
        let call = probe.call.and_then(|c| {
            let alive: Vec<Member> = self
                .model
                .call_candidates(probe.table)
                .into_iter()
                .filter(|&m| match m {
                    Member::Texture(i) => self.textures[i].0.is_some(),
                    Member::Buffer(i) => self.buffers[i].is_some(),
                })
                .collect();
            let member = *alive.get(c.n.checked_rem(alive.len())?)?;
            Some((member, c.usage, c.at))
        });
        if let Some((member, usage, CallAt::Encoder)) = call {
            encoder.set_resource_usage(table, self.member(member), usage.wgpu());
        }
        let staging = if probe.kind.render() {
            let group = conflict.as_ref().map(|(group, ..)| group);
            self.record_render(&mut encoder, table, self.automatic(probe.table), probe, group)
        } else {
            self.record_compute(&mut encoder, table, probe, call)
        };
        (
            encoder.finish(),
            Recorded {
                conflict: conflict.map(|(_, member, class)| (member, class)),
                call,
                probe: probe.clone(),
                staging: dev.vulkan.then_some(staging),
            },
        )
    }

    /// A bind group of one binding, visible to fragments, that uses `member` as `conflict`
    /// says (`None` if its handle was dropped).
    fn conflict_group(&self, conflict: Conflict, member: Member) -> Option<wgpu::BindGroup> {
        let device = &self.dev.device;
        let (ty, resource_view, resource_buffer) = match member {
            Member::Texture(i) => {
                let texture = self.textures[i].0.as_ref()?;
                let shape = self.model.textures[i].shape;
                let dimension = match shape.kind {
                    TexKind::D3 => wgpu::TextureViewDimension::D3,
                    _ if shape.layers > 1 => wgpu::TextureViewDimension::D2Array,
                    _ => wgpu::TextureViewDimension::D2,
                };
                let storage = matches!(conflict, Conflict::StorageWrite(_));
                let view = texture.create_view(&wgpu::TextureViewDescriptor {
                    dimension: Some(dimension),
                    mip_level_count: storage.then_some(1),
                    ..Default::default()
                });
                let ty = if storage {
                    wgpu::BindingType::StorageTexture {
                        access: wgpu::StorageTextureAccess::WriteOnly,
                        format: shape.format.wgpu(),
                        view_dimension: dimension,
                    }
                } else {
                    wgpu::BindingType::Texture {
                        sample_type: match shape.format.texel() {
                            Texel::Uint => wgpu::TextureSampleType::Uint,
                            Texel::Sint => wgpu::TextureSampleType::Sint,
                            Texel::Float => wgpu::TextureSampleType::Float { filterable: false },
                            Texel::Depth => wgpu::TextureSampleType::Depth,
                        },
                        view_dimension: dimension,
                        multisampled: false,
                    }
                };
                (ty, Some(view), None)
            }
            Member::Buffer(i) => {
                let buffer = self.buffers[i].as_ref()?;
                let ty = match conflict {
                    Conflict::Uniform(_) => wgpu::BufferBindingType::Uniform,
                    Conflict::StorageRead(_) => wgpu::BufferBindingType::Storage { read_only: true },
                    _ => wgpu::BufferBindingType::Storage { read_only: false },
                };
                let ty = wgpu::BindingType::Buffer {
                    ty,
                    has_dynamic_offset: false,
                    min_binding_size: None,
                };
                (ty, None, Some(buffer))
            }
        };
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("conflict"),
            entries: &[wgpu::BindGroupLayoutEntry {
                binding: 0,
                visibility: wgpu::ShaderStages::FRAGMENT,
                ty,
                count: None,
            }],
        });
        let resource = match (&resource_view, resource_buffer) {
            (Some(view), _) => wgpu::BindingResource::TextureView(view),
            (None, Some(buffer)) => buffer.as_entire_binding(),
            (None, None) => unreachable!("a texture or a buffer"),
        };
        Some(device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("conflict"),
            layout: &layout,
            entries: &[wgpu::BindGroupEntry { binding: 0, resource }],
        }))
    }

    fn storage_buffer(&self, words: usize) -> wgpu::Buffer {
        self.dev.device.create_buffer(&wgpu::BufferDescriptor {
            label: None,
            size: (words * 4) as u64,
            usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
            mapped_at_creation: false,
        })
    }

    fn staging(&self, bytes: u64) -> wgpu::Buffer {
        self.dev.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("read-back"),
            size: bytes,
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        })
    }

    fn group(&self, buffer: &wgpu::Buffer) -> wgpu::BindGroup {
        self.dev.statics(|s| {
            self.dev.device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: None,
                layout: &s.rw,
                entries: &[wgpu::BindGroupEntry {
                    binding: 0,
                    resource: buffer.as_entire_binding(),
                }],
            })
        })
    }

    fn record_compute(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        table: &wgpu::ResourceTable,
        probe: &Probe,
        call: Option<(Member, Usage, CallAt)>,
    ) -> wgpu::Buffer {
        let dev = &self.dev;
        let out = self.storage_buffer(PROBED_SLOTS * STRIDE);
        let probe_pipeline = dev.compute_pipeline(true, probe.layout());
        let out_group = match probe.auto_layout {
            false => self.group(&out),
            true => dev.device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: None,
                layout: &probe_pipeline.get_bind_group_layout(0),
                entries: &[wgpu::BindGroupEntry {
                    binding: 0,
                    resource: out.as_entire_binding(),
                }],
            }),
        };
        // The other pipeline's buffers, before then after.
        let others: Vec<(u32, wgpu::ComputePipeline, Vec<wgpu::Buffer>)> = [probe.before, probe.after]
            .into_iter()
            .flatten()
            .map(|k| {
                (
                    k,
                    dev.compute_pipeline(false, Some(k)),
                    (0..k).map(|_| self.storage_buffer(1)).collect(),
                )
            })
            .collect();
        let other_groups: Vec<Vec<wgpu::BindGroup>> = others
            .iter()
            .map(|(_, _, bufs)| bufs.iter().map(|b| self.group(b)).collect())
            .collect();
        let (pads, args) = dev.statics(|s| (s.pads.clone(), s.dispatch_args.clone()));
        {
            let mut pass = encoder.begin_compute_pass(&Default::default());
            if probe.table_first {
                pass.set_resource_table(Some(table));
            }
            let other = |pass: &mut wgpu::ComputePass<'_>, n: usize| {
                let (k, pipeline, _) = &others[n];
                pass.set_pipeline(pipeline);
                for (j, g) in other_groups[n].iter().enumerate().take(*k as usize) {
                    pass.set_bind_group(j as u32, g, &[]);
                }
                pass.dispatch_workgroups(1, 1, 1);
            };
            if probe.before.is_some() {
                other(&mut pass, 0);
            }
            if !probe.table_first {
                pass.set_resource_table(Some(table));
            }
            pass.set_pipeline(&probe_pipeline);
            pass.set_bind_group(0, &out_group, &[]);
            for j in 1..probe.groups {
                pass.set_bind_group(j, &pads[j as usize], &[]);
            }
            if probe.unset == Unset::Null {
                pass.set_resource_table(None);
            }
            if let Some((member, usage, CallAt::Pass)) = call {
                pass.set_resource_usage(table, self.member(member), usage.wgpu());
            }
            if probe.kind == ProbeKind::ComputeIndirect {
                pass.dispatch_workgroups_indirect(&args, 0);
            } else {
                pass.dispatch_workgroups(1, 1, 1);
            }
            if let Some((member, usage, CallAt::AfterDispatch)) = call {
                pass.set_resource_usage(table, self.member(member), usage.wgpu());
            }
            if probe.after.is_some() {
                other(&mut pass, others.len() - 1);
            }
        }
        let marker_words: usize = others.iter().map(|(k, _, _)| *k as usize).sum();
        let out_bytes = (PROBED_SLOTS * STRIDE * 4) as u64;
        let staging = self.staging(out_bytes + marker_words as u64 * 4 + 4);
        encoder.copy_buffer_to_buffer(&out, 0, &staging, 0, out_bytes);
        let mut offset = out_bytes;
        for (_, _, bufs) in &others {
            for b in bufs {
                encoder.copy_buffer_to_buffer(b, 0, &staging, offset, 4);
                offset += 4;
            }
        }
        staging
    }

    /// A render pass probing `table`. A table of the `automatic` model is the pass's from
    /// its beginning (`begin_render_pass_with_resource_table`), and bundles use it: nothing
    /// sets it.
    fn record_render(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        table: &wgpu::ResourceTable,
        automatic: bool,
        probe: &Probe,
        conflict: Option<&wgpu::BindGroup>,
    ) -> wgpu::Buffer {
        let dev = &self.dev;
        let target = texture_2d(
            &dev.device,
            TARGET_FORMAT,
            TARGET_WIDTH,
            TARGET_HEIGHT,
            wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
        );
        let view = target.create_view(&Default::default());
        let probe_pipeline = dev.render_pipeline(Some(probe.kind), probe.layout());
        let others: Vec<(u32, wgpu::RenderPipeline)> = [probe.before, probe.after]
            .into_iter()
            .flatten()
            .map(|k| (k, dev.render_pipeline(None, Some(k))))
            .collect();
        let (markers, args) = dev.statics(|s| (s.markers.clone(), s.draw_args.clone()));
        // Upstream wgpu-core's indirect-draw validation asserts on the noop adapter's limits
        // (`min_storage_buffer_offset_alignment` 1): noop runs draw directly.
        let indirect = probe.kind == ProbeKind::RenderIndirect && dev.vulkan;
        // The same commands on a pass or a bundle encoder.
        macro_rules! commands {
            ($pass:ident, $before_probe:block) => {{
                if probe.table_first && !automatic {
                    $pass.set_resource_table(Some(table));
                }
                let mut n = 0;
                if probe.before.is_some() {
                    let (k, pipeline) = &others[n];
                    n += 1;
                    $pass.set_pipeline(pipeline);
                    for j in 0..*k {
                        $pass.set_bind_group(j, &markers[j as usize], &[]);
                    }
                    if indirect {
                        $pass.draw_indirect(&args, 16);
                    } else {
                        $pass.draw(6..12, 0..1);
                    }
                }
                if !probe.table_first && !automatic {
                    $pass.set_resource_table(Some(table));
                }
                $before_probe
                $pass.set_pipeline(&probe_pipeline);
                for j in 0..probe.groups {
                    $pass.set_bind_group(j, &markers[j as usize], &[]);
                }
                if probe.unset == Unset::Null && probe.kind != ProbeKind::Bundle {
                    $pass.set_resource_table(None);
                }
                if probe.kind == ProbeKind::Vertex {
                    $pass.draw(0..PROBED_SLOTS as u32 * TARGET_HEIGHT, 0..1);
                } else if indirect {
                    $pass.draw_indirect(&args, 0);
                } else {
                    $pass.draw(0..6, 0..1);
                }
                if probe.after.is_some() {
                    let (k, pipeline) = &others[n];
                    $pass.set_pipeline(pipeline);
                    for j in 0..*k {
                        $pass.set_bind_group(j, &markers[j as usize], &[]);
                    }
                    if indirect {
                        $pass.draw_indirect(&args, 16);
                    } else {
                        $pass.draw(6..12, 0..1);
                    }
                }
            }};
        }
        let bundle = (probe.kind == ProbeKind::Bundle).then(|| {
            let mut b = hal_ext::harness::bundle_encoder(&dev.device, None, TARGET_FORMAT);
            commands!(b, {});
            b.finish(&Default::default())
        });
        let empty_bundle = (probe.unset == Unset::EmptyBundle)
            .then(|| hal_ext::harness::bundle_encoder(&dev.device, None, TARGET_FORMAT).finish(&Default::default()));
        {
            let clear = wgpu::Color::TRANSPARENT;
            let mut pass = match automatic {
                true => hal_ext::harness::clear_pass_with_table(encoder, &view, clear, table),
                false => hal_ext::harness::clear_pass(encoder, &view, clear),
            };
            // In the pass's usage scope from here on, whatever the probe binds after it.
            if let Some(group) = conflict {
                pass.set_bind_group(0, group, &[]);
            }
            match &bundle {
                Some(b) => pass.execute_bundles([b]),
                None => commands!(pass, {
                    if let Some(empty) = &empty_bundle {
                        pass.execute_bundles([empty]);
                    }
                }),
            }
        }
        let row = TARGET_WIDTH * 16;
        let staging = self.staging(u64::from(row * TARGET_HEIGHT));
        encoder.copy_texture_to_buffer(
            target.as_image_copy(),
            wgpu::TexelCopyBufferInfo {
                buffer: &staging,
                layout: wgpu::TexelCopyBufferLayout {
                    offset: 0,
                    bytes_per_row: Some(row),
                    rows_per_image: None,
                },
            },
            wgpu::Extent3d {
                width: TARGET_WIDTH,
                height: TARGET_HEIGHT,
                depth_or_array_layers: 1,
            },
        );
        staging
    }

    /// The end of a program: everything submitted completes and is checked, and the
    /// validation layer said nothing.
    fn finish(&mut self) {
        self.step = usize::MAX;
        self.finished = true;
        let op = Op::Wait;
        self.wait(&op);
        self.recorded.clear();
        self.tables.clear();
        self.textures.clear();
        self.buffers.clear();
        self.samplers.clear();
        // The dropped objects' releases go with the next submission.
        self.dev.queue.submit([]);
        self.wait(&op);
        let errors = self.dev.take_errors();
        assert!(
            errors.is_empty(),
            "validation errors at the end of the program: {:?}",
            errors.iter().map(|e| format!("{e}")).collect::<Vec<_>>()
        );
        if self.dev.vulkan {
            let messages = ValidationLog::install().take();
            assert!(
                messages.is_empty(),
                "validation layer at the end of the program: {messages:#?}"
            );
        }
    }
}

impl Drop for Sut {
    fn drop(&mut self) {
        if !self.finished || std::thread::panicking() {
            // A failed program: its device is not used again (nothing it left can affect
            // a later program, the minimal one included).
            self.dev.poisoned.set(true);
            DEVICES.with(|d| {
                if let Ok(mut d) = d.try_borrow_mut() {
                    let slot = &mut d[Dev::key(self.dev.heterogeneous, self.dev.featureless)];
                    if slot.as_ref().is_some_and(|(dev, _)| Rc::ptr_eq(dev, &self.dev)) {
                        *slot = None;
                    }
                }
            });
        }
    }
}

/// Which probed slot word `i` of a probe's read-back belongs to (`None`: the other
/// pipelines' words).
fn slot_of_word(probe: &Probe, i: usize) -> Option<usize> {
    let slot = if probe.kind.render() {
        // Pixel rows of `TARGET_WIDTH` pixels of four words.
        (i % (TARGET_WIDTH as usize * 4)) / 4
    } else {
        i / STRIDE
    };
    (slot < PROBED_SLOTS).then_some(slot)
}

/// Whether `got` is what `r` expects: `Some(false)`; or, slot by slot, either that or its
/// alternative, some slot the alternative: `Some(true)`; else `None`.
fn read_as_expected(r: &Readback, got: &[u32]) -> Option<bool> {
    if got == r.expected {
        return Some(false);
    }
    let (Some(alt), Some(probe)) = (&r.alt, &r.probe) else {
        return None;
    };
    if got.len() != r.expected.len() || alt.len() != r.expected.len() {
        return None;
    }
    // Per slot: every word as expected, or every word as the alternative.
    let mut as_expected = [true; PROBED_SLOTS];
    let mut as_alt = [true; PROBED_SLOTS];
    for (i, ((g, e), a)) in got.iter().zip(&r.expected).zip(alt).enumerate() {
        match slot_of_word(probe, i) {
            Some(k) => {
                as_expected[k] &= g == e;
                as_alt[k] &= g == a;
            }
            None if g != e => return None,
            None => {}
        }
    }
    (0..PROBED_SLOTS)
        .all(|k| as_expected[k] || as_alt[k])
        .then(|| (0..PROBED_SLOTS).any(|k| !as_expected[k]))
}

/// Names the words of a probe that differ from the model.
fn describe_mismatch(r: &Readback, got: &[u32]) -> String {
    const WRITABLE: [&str; 2] = [
        "hasResource<ptr<storage, Data, read_write>>",
        "hasResource<texture_storage_2d<u32, read_write>>",
    ];
    let Some(probe) = &r.probe else {
        let lines: Vec<String> = got
            .iter()
            .zip(&r.expected)
            .enumerate()
            .filter(|(_, (g, e))| g != e)
            .map(|(i, (g, e))| format!("slot {} {}: GPU {g}, model {e}", i / 2, WRITABLE[i % 2]))
            .collect();
        return format!(
            "the write-through of step {} found:\n    {}",
            r.step,
            lines.join("\n    ")
        );
    };
    let render = probe.kind.render();
    let mut lines = Vec::new();
    for (i, (g, e)) in got.iter().zip(&r.expected).enumerate() {
        if g == e {
            continue;
        }
        let (slot, word) = if render {
            // Pixel rows of `TARGET_WIDTH` pixels of four words.
            let row_words = TARGET_WIDTH as usize * 4;
            ((i % row_words) / 4, (i / row_words) * 4 + i % 4)
        } else {
            (i / STRIDE, i % STRIDE)
        };
        let what = if slot < PROBED_SLOTS {
            format!("slot {slot} {}", WORDS[word])
        } else if render {
            format!("the other pipeline's pixel, word {word}")
        } else {
            format!("the other pipeline's marker {}", i - PROBED_SLOTS * STRIDE)
        };
        match r.alt.as_ref().map(|alt| alt[i]) {
            Some(a) if a != *e => lines.push(format!("{what}: GPU {g}, model {e} (or, hidden by a call, {a})")),
            _ => lines.push(format!("{what}: GPU {g}, model {e}")),
        }
        if lines.len() == 12 {
            lines.push("…".into());
            break;
        }
    }
    format!(
        "probe of step {} `{}` read:\n    {}",
        r.step,
        probe,
        lines.join("\n    ")
    )
}

impl StateMachineTest for Sut {
    type SystemUnderTest = Sut;
    type Reference = Programs;

    fn init_test(init: &RefState) -> Sut {
        Sut::new(init)
    }

    fn apply(mut sut: Sut, _: &RefState, op: Op) -> Sut {
        sut.run(&op);
        sut.step += 1;
        sut
    }

    fn teardown(mut sut: Sut) {
        sut.finish();
    }
}
