//! Resource-table scenarios: small programs run on our implementation (wgpu with resource
//! tables, [`ours`]) and on Dawn (Chromium's WebGPU through the `webgpu` npm package,
//! [`dawn`]), each compared value by value with what the WebGPU bindless proposal's text
//! says they give.
//!
//! A scenario is one RON file of `scenarios/` ([`Scenario`]): textures and samplers, a
//! table, a list of [`Step`]s (slot operations, submissions of the scenario's shader,
//! waits), the outcome each step must have, and the words the shader must write. The
//! expected values come from the text, not from either implementation; where Dawn departs
//! from the text, `dawn_deviation` says how (and the test then checks that it still does,
//! so that a fix in Dawn shows up).

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

pub mod dawn;
pub mod ours;

/// One scenario (a RON file of `scenarios/`).
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// What the scenario checks, in one line.
    pub about: String,
    /// The sentence(s) of the proposal's text it checks, quoted briefly.
    pub text: String,
    /// The size of the scenario's table.
    pub table_size: u32,
    /// The scenario hides a slot within a usage scope (a member rendered to or written while
    /// in the table): our side skips it, because this machine's validation layer (1.3.239)
    /// reports a false hazard on the hidden slot's descriptor (see `ours.rs`).
    #[serde(default)]
    pub needs_automatic: bool,
    /// The steps rely on a submission still running when later steps run (a slow shader):
    /// a run where the GPU finished first (a busy machine can hold the runner back that long)
    /// is run again, up to five runs in all, on either side.
    #[serde(default)]
    pub timing: bool,
    #[serde(default)]
    pub textures: Vec<TextureSpec>,
    #[serde(default)]
    pub samplers: Vec<SamplerSpec>,
    /// What happens, in order.
    pub steps: Vec<Step>,
    /// WGSL without the `enable` line and without the `out` declaration, which each runner
    /// prepends (`@group(0) @binding(0) var<storage, read_write> out: array<u32>;`). Entry
    /// points: `main` (compute, for [`Step::Dispatch`] and [`Step::Record`]), `main_storage`
    /// (for [`Step::Dispatch`] with `storage`), `vs` and `fs` (for [`Step::Draw`]).
    pub shader: String,
    /// How many words of `out` each dispatch, record or draw reads back.
    pub out_len: u32,
    /// The words the text says the scenario gives: `out_len` per dispatch, record or draw, in
    /// step order (a submission that fails validation leaves its block zero).
    pub expected: Vec<u32>,
    /// An `r32uint` texture (one of `textures`) that [`Step::Dispatch`] with `storage: true`
    /// binds as `@group(1) @binding(0) var st: texture_storage_2d<r32uint, write>` (the
    /// shader declares it), running the entry point `main_storage` instead of `main`.
    #[serde(default)]
    pub storage_texture: Option<String>,
    /// Why Dawn gives something else than the text says (the test then requires that it does).
    #[serde(default)]
    pub dawn_deviation: Option<String>,
    /// Why our implementation gives something else than the text says (the test then
    /// requires that it does).
    #[serde(default)]
    pub ours_deviation: Option<String>,
}

/// A texture of the scenario, with the view that goes into the table.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct TextureSpec {
    /// How steps name it.
    pub name: String,
    pub format: Format,
    /// Width and height of mip level 0.
    pub size: (u32, u32),
    #[serde(default = "one")]
    pub layers: u32,
    #[serde(default = "one")]
    pub mips: u32,
    /// The texels to upload (none: the texture stays zero).
    #[serde(default)]
    pub data: Texels,
    /// The dimension of the view that steps put into the table (and of the texture).
    #[serde(default)]
    pub view: ViewDimension,
    /// The table gets the texture's default view (all of the texture's usages) instead of a
    /// view whose usage is exactly `TEXTURE_BINDING`.
    #[serde(default)]
    pub full_usage_view: bool,
    /// Whether [`Step::Draw`] may render to it (`RENDER_ATTACHMENT`).
    #[serde(default)]
    pub render_target: bool,
}

fn one() -> u32 {
    1
}

/// Texture formats both implementations can put in a sampling table.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq)]
pub enum Format {
    Rgba8Unorm,
    R32Float,
    R32Uint,
    R32Sint,
    /// No texels can be uploaded (`data` must be `Zero`); reads 0.0 (a new texture is zero).
    Depth32Float,
}

impl Format {
    pub fn wgpu(self) -> wgpu::TextureFormat {
        match self {
            Self::Rgba8Unorm => wgpu::TextureFormat::Rgba8Unorm,
            Self::R32Float => wgpu::TextureFormat::R32Float,
            Self::R32Uint => wgpu::TextureFormat::R32Uint,
            Self::R32Sint => wgpu::TextureFormat::R32Sint,
            Self::Depth32Float => wgpu::TextureFormat::Depth32Float,
        }
    }
}

/// The texels of a texture, one value per texel (every [`Format`] has 4-byte texels): mip
/// level 0 first, within a level layer by layer, within a layer row by row.
/// `rgba8unorm` texels are words `0xAABBGGRR`.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
pub enum Texels {
    #[default]
    Zero,
    Words(Vec<u32>),
    Floats(Vec<f32>),
    Ints(Vec<i32>),
}

impl Texels {
    /// The texels as little-endian bytes, checked against the texel count.
    pub fn bytes(&self, texels: usize) -> Result<Vec<u8>, String> {
        let words: Vec<u32> = match self {
            Self::Zero => vec![0; texels],
            Self::Words(w) => w.clone(),
            Self::Floats(f) => f.iter().map(|f| f.to_bits()).collect(),
            Self::Ints(i) => i.iter().map(|&i| i as u32).collect(),
        };
        if words.len() != texels {
            return Err(format!("{} texel values for {texels} texels", words.len()));
        }
        Ok(words.iter().flat_map(|w| w.to_le_bytes()).collect())
    }
}

/// The dimension of the view that goes into the table; it decides the texture's too (`D1`:
/// a 1D texture, `size.1` and `layers` 1; `D3`: a 3D texture of `layers` slices, one mip;
/// the others: a 2D texture).
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
pub enum ViewDimension {
    D1,
    #[default]
    D2,
    D2Array,
    Cube,
    CubeArray,
    D3,
}

impl ViewDimension {
    pub fn wgpu(self) -> wgpu::TextureViewDimension {
        match self {
            Self::D1 => wgpu::TextureViewDimension::D1,
            Self::D2 => wgpu::TextureViewDimension::D2,
            Self::D2Array => wgpu::TextureViewDimension::D2Array,
            Self::Cube => wgpu::TextureViewDimension::Cube,
            Self::CubeArray => wgpu::TextureViewDimension::CubeArray,
            Self::D3 => wgpu::TextureViewDimension::D3,
        }
    }

    /// The dimension of the texture such views are made of.
    pub fn texture(self) -> wgpu::TextureDimension {
        match self {
            Self::D1 => wgpu::TextureDimension::D1,
            Self::D3 => wgpu::TextureDimension::D3,
            _ => wgpu::TextureDimension::D2,
        }
    }
}

/// A sampler of the scenario (the same filter for magnification and minification, the same
/// address mode on every axis).
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct SamplerSpec {
    pub name: String,
    #[serde(default)]
    pub filter: Filter,
    #[serde(default)]
    pub address: AddressMode,
}

#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize)]
pub enum Filter {
    #[default]
    Nearest,
    Linear,
}

#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize)]
pub enum AddressMode {
    #[default]
    ClampToEdge,
    Repeat,
    MirrorRepeat,
}

/// One step of a scenario. Resources are named by their texture's or sampler's name (a
/// texture stands for its table view).
#[derive(Clone, Debug, Deserialize, Serialize)]
pub enum Step {
    /// `table.insert(resource)`.
    Insert { resource: String, expect: Outcome },
    /// `table.update(slot, resource)`.
    Update {
        slot: u32,
        resource: String,
        expect: Outcome,
    },
    /// `table.remove(slot)`.
    Remove { slot: u32, expect: Outcome },
    /// `table.destroy()`.
    DestroyTable,
    /// `texture.destroy()` of the named texture.
    DestroyTexture(String),
    /// `device.createResourceTable({size})` of a second table, dropped at once.
    CreateTable { size: u32, expect: Outcome },
    /// One submission: clear `out`, a compute pass with the table set dispatching one
    /// workgroup of `main`, copy `out` to the next block of the results. With `storage`,
    /// `main_storage` with the scenario's `storage_texture` bound in group 1.
    Dispatch {
        expect: Outcome,
        #[serde(default)]
        storage: bool,
    },
    /// Records the command buffer [`Step::Dispatch`] submits (its block of the results is
    /// the next one) without submitting it.
    Record,
    /// Submits the command buffers recorded so far, in order, in one submission.
    SubmitRecorded { expect: Outcome },
    /// One submission: clear `out`, a render pass on mip 0, layer 0 of `target` (cleared
    /// to zero) with the table set, drawing 3 vertices with `vs`/`fs`, copy `out` to the
    /// next block of the results.
    Draw { target: String, expect: Outcome },
    /// Wait until every submission so far has completed (`onSubmittedWorkDone`; ours: a
    /// blocking poll). The only point where completions are observed by the scenario.
    Wait,
}

/// What a step gives.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
pub enum Outcome {
    /// Returned, no validation error.
    Ok,
    /// `insert` returned this slot, no validation error.
    Slot(u32),
    /// Threw an `OperationError` (ours: returned an `Err`).
    OperationError,
    /// Threw a `RangeError`.
    RangeError,
    /// Returned, and generated a validation error.
    ValidationError,
    /// `insert` returned this slot, and generated a validation error.
    SlotWithValidationError(u32),
    /// Something no scenario expects (another exception, a panic): the runner's words.
    Other(String),
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Ok => write!(f, "ok"),
            Self::Slot(s) => write!(f, "slot {s}"),
            Self::OperationError => write!(f, "OperationError"),
            Self::RangeError => write!(f, "RangeError"),
            Self::ValidationError => write!(f, "validation error"),
            Self::SlotWithValidationError(s) => write!(f, "slot {s} + validation error"),
            Self::Other(o) => write!(f, "{o}"),
        }
    }
}

impl Step {
    /// The outcome the scenario expects of this step.
    pub fn expected(&self) -> Outcome {
        match self {
            Self::Insert { expect, .. }
            | Self::Update { expect, .. }
            | Self::Remove { expect, .. }
            | Self::CreateTable { expect, .. }
            | Self::Dispatch { expect, .. }
            | Self::SubmitRecorded { expect }
            | Self::Draw { expect, .. } => expect.clone(),
            Self::DestroyTable | Self::DestroyTexture(_) | Self::Record | Self::Wait => Outcome::Ok,
        }
    }

    /// Whether the step reads `out` back (one block of `out_len` words).
    pub fn reads_out(&self) -> bool {
        matches!(self, Self::Dispatch { .. } | Self::Draw { .. } | Self::Record)
    }
}

/// What one implementation gave for a scenario.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Run {
    /// The adapter it ran on.
    #[serde(default)]
    pub adapter: String,
    /// The words read back, `out_len` per dispatch or draw.
    pub out: Vec<u32>,
    /// Each step's outcome.
    pub steps: Vec<Outcome>,
    /// Anything else that went wrong: shader compilation errors, validation errors outside
    /// the steps, validation-layer messages, an aborted run.
    pub errors: Vec<String>,
}

impl Scenario {
    /// Parses a scenario and checks that it is consistent.
    pub fn from_ron(text: &str) -> Result<Self, String> {
        let scenario: Self = ron::from_str(text).map_err(|e| e.to_string())?;
        scenario.check()?;
        Ok(scenario)
    }

    fn check(&self) -> Result<(), String> {
        let blocks = self.steps.iter().filter(|s| s.reads_out()).count();
        if self.expected.len() != blocks * self.out_len as usize {
            return Err(format!(
                "`expected` has {} words; {blocks} dispatches/draws of {} words need {}",
                self.expected.len(),
                self.out_len,
                blocks * self.out_len as usize
            ));
        }
        for t in &self.textures {
            t.data.bytes(t.texel_count())?;
            let cube = matches!(t.view, ViewDimension::Cube | ViewDimension::CubeArray);
            if cube && (t.layers % 6 != 0 || t.size.0 != t.size.1) {
                return Err(format!("texture {}: a cube view needs square faces, 6n layers", t.name));
            }
            if t.view == ViewDimension::D1 && (t.size.1 != 1 || t.layers != 1 || t.mips != 1) {
                return Err(format!(
                    "texture {}: a 1D texture has height 1, one layer, one mip",
                    t.name
                ));
            }
            if t.view == ViewDimension::D3 && t.mips != 1 {
                return Err(format!("texture {}: 3D textures here have one mip", t.name));
            }
            if t.format == Format::Depth32Float && (!matches!(t.data, Texels::Zero) || t.render_target) {
                return Err(format!(
                    "texture {}: depth textures here are neither uploaded nor rendered to",
                    t.name
                ));
            }
        }
        let names = self
            .textures
            .iter()
            .map(|t| &t.name)
            .chain(self.samplers.iter().map(|s| &s.name))
            .collect::<Vec<_>>();
        for step in &self.steps {
            let named = match step {
                Step::Insert { resource, .. } | Step::Update { resource, .. } => Some(resource),
                Step::DestroyTexture(t) => Some(t),
                Step::Draw { target, .. } => {
                    if !self.textures.iter().any(|t| &t.name == target && t.render_target) {
                        return Err(format!("draw target {target} is not a texture with `render_target`"));
                    }
                    None
                }
                _ => None,
            };
            if let Some(name) = named {
                if !names.contains(&name) {
                    return Err(format!("no texture or sampler named {name}"));
                }
            }
        }
        let storage = self
            .steps
            .iter()
            .any(|s| matches!(s, Step::Dispatch { storage: true, .. }));
        if let Some(name) = &self.storage_texture {
            let found = self
                .textures
                .iter()
                .any(|t| &t.name == name && t.format == Format::R32Uint);
            if !found {
                return Err(format!("storage_texture {name} is not an r32uint texture"));
            }
        } else if storage {
            return Err("a dispatch with `storage` needs `storage_texture`".into());
        }
        if self.dawn_deviation.is_some() && self.ours_deviation.is_some() {
            return Err("both implementations deviating is a scenario to rethink".into());
        }
        Ok(())
    }

    /// The outcomes the scenario expects of its steps.
    pub fn expected_steps(&self) -> Vec<Outcome> {
        self.steps.iter().map(Step::expected).collect()
    }

    /// The whole result the text gives: what a run must equal.
    pub fn expected_run(&self) -> (Vec<u32>, Vec<Outcome>) {
        (self.expected.clone(), self.expected_steps())
    }

    /// Whether `run` is what the text says (errors outside the steps count against it).
    pub fn matches(&self, run: &Run) -> bool {
        run.errors.is_empty() && run.out == self.expected && run.steps == self.expected_steps()
    }

    /// The WGSL both runners compile: `enable` + the `out` declaration + [`Scenario::shader`].
    pub fn wgsl(&self, enable: &str) -> String {
        format!(
            "enable {enable};\n@group(0) @binding(0) var<storage, read_write> out: array<u32>;\n{}",
            self.shader
        )
    }
}

impl TextureSpec {
    /// Texels over all mips and layers.
    pub fn texel_count(&self) -> usize {
        (0..self.mips)
            .map(|mip| {
                let (w, h) = self.mip_size(mip);
                (w * h * self.layers) as usize
            })
            .sum()
    }

    pub fn mip_size(&self, mip: u32) -> (u32, u32) {
        ((self.size.0 >> mip).max(1), (self.size.1 >> mip).max(1))
    }
}

/// This crate's folder.
pub fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every scenario of `dir` (`*.ron`), by file stem, sorted by name.
pub fn load_dir(dir: &Path) -> Result<Vec<(String, Scenario)>, String> {
    let mut scenarios = Vec::new();
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for entry in entries {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.extension().is_some_and(|e| e == "ron") {
            let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            let name = path.file_stem().unwrap_or_default().to_string_lossy().into_owned();
            let scenario = Scenario::from_ron(&text).map_err(|e| format!("{}: {e}", path.display()))?;
            scenarios.push((name, scenario));
        }
    }
    scenarios.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(scenarios)
}

/// The scenarios of this crate's `scenarios/`.
pub fn load_all() -> Result<Vec<(String, Scenario)>, String> {
    load_dir(&crate_dir().join("scenarios"))
}

/// How one implementation's run compares with the scenario's expectations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// As the text says (and no deviation is recorded).
    Pass,
    /// Differs from the text, as the recorded deviation says it does.
    KnownDeviation,
    /// Our side does not run the scenario (it needs the automatic model).
    Skipped,
    /// Differs from the text without a recorded deviation.
    Mismatch,
    /// Matches the text although a deviation is recorded: the deviation is gone.
    DeviationGone,
    /// The runner failed (Dawn's runner could not run, say).
    Failed(String),
}

impl Verdict {
    /// Whether the verdict is what the scenario's records require.
    pub fn ok(&self) -> bool {
        matches!(self, Self::Pass | Self::KnownDeviation | Self::Skipped)
    }

    /// Compares `run` with `scenario`, given the deviation recorded for this implementation.
    pub fn of(scenario: &Scenario, deviation: Option<&String>, run: &Run) -> Self {
        match (scenario.matches(run), deviation.is_some()) {
            (true, false) => Self::Pass,
            (false, true) if run.errors.is_empty() => Self::KnownDeviation,
            (false, _) => Self::Mismatch,
            (true, true) => Self::DeviationGone,
        }
    }
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Pass => write!(f, "pass"),
            Self::KnownDeviation => write!(f, "deviates (known)"),
            Self::Skipped => write!(f, "skipped"),
            Self::Mismatch => write!(f, "MISMATCH"),
            Self::DeviationGone => write!(f, "DEVIATION GONE"),
            Self::Failed(_) => write!(f, "FAILED"),
        }
    }
}

/// A human-readable account of how `run` differs from the scenario's expectations.
pub fn describe_difference(scenario: &Scenario, run: &Run) -> String {
    let mut lines = Vec::new();
    if run.out != scenario.expected {
        lines.push(format!(
            "  out:      {:?}\n  expected: {:?}",
            run.out, scenario.expected
        ));
    }
    for (i, step) in scenario.steps.iter().enumerate() {
        let got = run.steps.get(i);
        let want = step.expected();
        if got != Some(&want) {
            let got = got.map_or("(no outcome)".to_string(), |g| g.to_string());
            lines.push(format!("  step {i} {step:?}: got {got}, expected {want}"));
        }
    }
    for e in &run.errors {
        lines.push(format!("  error: {e}"));
    }
    lines.join("\n")
}
