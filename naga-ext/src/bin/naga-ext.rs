//! `naga-ext in.wgsl out.{spv,hlsl,metal,glsl}`: naga with the `resource_table` extension.

use std::{fs, process::ExitCode};

use clap::Parser;
use naga_ext::{Capabilities, Output, Target};

#[derive(Parser)]
#[command(
    name = "naga-ext",
    version,
    about = "Compile WGSL with `enable resource_table;` to SPIR-V, HLSL, MSL or GLSL"
)]
struct Cli {
    /// The WGSL source.
    input: String,
    /// Output files; the extension picks the target (.spv, .hlsl, .metal, .glsl). None: only
    /// validate.
    outputs: Vec<String>,
    /// The capability set to validate against.
    #[arg(long, value_enum, default_value = "all")]
    capabilities: CapArg,
    /// The group of the resource table (default: the first after the module's own groups).
    #[arg(long)]
    table_group: Option<u32>,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum CapArg {
    All,
    Sampling,
    Heterogeneous,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let source = match fs::read_to_string(&cli.input) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("naga-ext: cannot read {}: {e}", cli.input);
            return ExitCode::FAILURE;
        }
    };
    let caps = match cli.capabilities {
        CapArg::All => Capabilities::All,
        CapArg::Sampling => Capabilities::Sampling,
        CapArg::Heterogeneous => Capabilities::Heterogeneous,
    };
    let validated = match naga_ext::validate(&source, &cli.input, caps) {
        Ok(v) => v,
        Err(rendered) => {
            eprint!("{rendered}");
            return ExitCode::FAILURE;
        }
    };
    for path in &cli.outputs {
        let Some(target) = Target::from_path(path) else {
            eprintln!("naga-ext: unknown output type for {path} (use .spv, .hlsl, .metal or .glsl)");
            return ExitCode::FAILURE;
        };
        let bytes = match naga_ext::compile(&validated, target, cli.table_group) {
            Ok(Output::Words(words)) => words.iter().flat_map(|w| w.to_le_bytes()).collect(),
            Ok(Output::Text(text)) => text.into_bytes(),
            Err(e) => {
                eprintln!("naga-ext: {path}: {e}");
                return ExitCode::FAILURE;
            }
        };
        if let Err(e) = fs::write(path, bytes) {
            eprintln!("naga-ext: cannot write {path}: {e}");
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
