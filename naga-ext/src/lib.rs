//! `naga-ext` is two things:
//!
//! - the patch series for `naga` and `naga-types` (`patches/<crate>/*.patch`: stories, each
//!   carrying the whole new modules it adds), materialized by `cargo xtask patch`: the WGSL
//!   `resource_table` extension (see `naga::resource_table` and docs/src/abi.md);
//! - this small crate: [`compile`], the one pipeline the `naga-ext` command-line compiler and
//!   the snapshot tests share.

use naga::{back, resource_table, valid};

/// What to produce.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// SPIR-V 1.5 (Vulkan 1.2) words.
    Spirv,
    /// HLSL for Shader Model 6.6.
    Hlsl,
    /// Metal Shading Language 3.0.
    Msl,
    /// GLSL 4.50 (one entry point).
    Glsl,
}

impl Target {
    /// The target for an output file name, by extension.
    pub fn from_path(path: &str) -> Option<Self> {
        Some(match path.rsplit('.').next()? {
            "spv" => Self::Spirv,
            "hlsl" => Self::Hlsl,
            "metal" | "msl" => Self::Msl,
            "glsl" | "comp" | "vert" | "frag" => Self::Glsl,
            _ => return None,
        })
    }
}

/// The capability sets the compiler validates against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Capabilities {
    /// Everything naga supports, the heterogeneous table included.
    #[default]
    All,
    /// wgpu's defaults plus `sampling-resource-table`.
    Sampling,
    /// wgpu's defaults plus `heterogeneous-resource-table`.
    Heterogeneous,
}

impl Capabilities {
    pub fn naga(self) -> valid::Capabilities {
        match self {
            Self::All => valid::Capabilities::all(),
            Self::Sampling => valid::Capabilities::default() | valid::Capabilities::RESOURCE_TABLE,
            Self::Heterogeneous => valid::Capabilities::default() | valid::Capabilities::HETEROGENEOUS_RESOURCE_TABLE,
        }
    }
}

/// A compiled shader.
#[derive(Debug)]
pub enum Output {
    Words(Vec<u32>),
    Text(String),
}

/// A validated module.
pub struct Validated {
    pub module: naga::Module,
    pub info: valid::ModuleInfo,
}

/// Parses and validates WGSL; errors come back rendered (codespan) with `path` as the file
/// name.
pub fn validate(source: &str, path: &str, caps: Capabilities) -> Result<Validated, String> {
    let mut options = naga::front::wgsl::Options::new();
    options.capabilities = caps.naga();
    let module = naga::front::wgsl::Frontend::new_with_options(options)
        .parse(source)
        .map_err(|e| e.emit_to_string_with_path(source, path))?;
    let info = valid::Validator::new(valid::ValidationFlags::all(), caps.naga())
        .validate(&module)
        .map_err(|e| e.emit_to_string_with_path(source, path))?;
    Ok(Validated { module, info })
}

/// The group the table takes when nobody says: the first one after every group the module
/// binds itself (what wgpu does with a pipeline layout that has exactly those groups).
pub fn implicit_table_group(module: &naga::Module) -> u32 {
    module
        .global_variables
        .iter()
        .filter(|(_, v)| !resource_table::is_table_global(v))
        .filter_map(|(_, v)| v.binding.map(|b| b.group + 1))
        .max()
        .unwrap_or(0)
}

/// Places the table at `table_group` (or [`implicit_table_group`]) and writes `target`.
pub fn compile(validated: &Validated, target: Target, table_group: Option<u32>) -> Result<Output, String> {
    // Overrides take their defaults: a pipeline sets the filterability rule's from its
    // layout, and without one they take the default resource wherever the table asks.
    // (Before `place`: the validator lets only unplaced table arrays share a binding.)
    let (module, info) =
        back::pipeline_constants::process_overrides(&validated.module, &validated.info, None, &Default::default())
            .map_err(|e| format!("overrides: {e}"))?;
    let mut module = module.into_owned();
    let group = table_group.unwrap_or_else(|| implicit_table_group(&module));
    resource_table::place(&mut module, group, &resource_table::Bindings::default());
    let (module, info) = (&module, &*info);
    match target {
        Target::Spirv => {
            let options = back::spv::Options {
                lang_version: (1, 5),
                ..Default::default()
            };
            back::spv::write_vec(module, info, &options, None)
                .map(Output::Words)
                .map_err(|e| format!("SPIR-V backend: {e}"))
        }
        Target::Hlsl => {
            let options = back::hlsl::Options {
                shader_model: back::hlsl::ShaderModel::V6_6,
                ..Default::default()
            };
            let pipeline = back::hlsl::PipelineOptions::default();
            let mut out = String::new();
            back::hlsl::Writer::new(&mut out, &options, &pipeline)
                .write(module, info, None)
                .map_err(|e| format!("HLSL backend: {e}"))?;
            Ok(Output::Text(out))
        }
        Target::Msl => {
            let options = back::msl::Options {
                lang_version: (3, 0),
                ..Default::default()
            };
            back::msl::write_string(module, info, &options, &back::msl::PipelineOptions::default())
                .map(|(text, _)| Output::Text(text))
                .map_err(|e| format!("MSL backend: {e}"))
        }
        Target::Glsl => {
            let ep = module
                .entry_points
                .first()
                .ok_or("GLSL backend: the module has no entry point")?;
            let options = back::glsl::Options {
                version: back::glsl::Version::Desktop(450),
                ..Default::default()
            };
            let pipeline = back::glsl::PipelineOptions {
                shader_stage: ep.stage,
                entry_point: ep.name.clone(),
                multiview: None,
            };
            let mut out = String::new();
            back::glsl::Writer::new(&mut out, module, info, &options, &pipeline, Default::default())
                .and_then(|mut w| w.write().map(drop))
                .map_err(|e| format!("GLSL backend: {e}"))?;
            Ok(Output::Text(out))
        }
    }
}
