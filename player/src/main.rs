//! `player`: reads wgpu traces (resource-table actions included). `player info` summarizes
//! a trace; replaying it on a device is issue #6's next step and says so instead of
//! pretending to work.

use std::{path::PathBuf, process::ExitCode};

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(about = "Reads and replays wgpu traces (DeviceDescriptor::trace), resource tables included")]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Summarize a trace: actions by kind, resource tables and their sizes, missing data files.
    Info { trace_dir: PathBuf },
    /// Replay a trace on a device (not implemented yet: issue #6).
    Replay { trace_dir: PathBuf },
}

fn main() -> ExitCode {
    match Cli::parse().command {
        Cmd::Info { trace_dir } => match player::load(&trace_dir) {
            Ok(trace) => {
                let summary = player::Summary::of(&trace, &trace_dir);
                print!("{summary}");
                if summary.missing_data.is_empty() {
                    ExitCode::SUCCESS
                } else {
                    ExitCode::FAILURE
                }
            }
            Err(e) => {
                eprintln!("player: {e}");
                ExitCode::FAILURE
            }
        },
        Cmd::Replay { .. } => {
            eprintln!("player: replay is not implemented yet (issue #6); `player info` reads traces");
            ExitCode::from(2)
        }
    }
}
