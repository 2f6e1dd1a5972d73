//! `player`: reads, replays and compares wgpu traces (resource-table actions included).

use std::{path::PathBuf, process::ExitCode};

use clap::{Parser, Subcommand, ValueEnum};
use player::{
    compare,
    replay::{self, Backend, ResourceName},
};

#[derive(Parser)]
#[command(about = "Reads and replays wgpu traces (DeviceDescriptor::trace), resource tables included")]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Clone, Copy, ValueEnum)]
enum BackendArg {
    Vulkan,
    Noop,
}

#[derive(Subcommand)]
enum Cmd {
    /// Summarize a trace: actions by kind, resource tables and their sizes, missing data files.
    Info { trace_dir: PathBuf },
    /// Replay a trace on a device; every action is validated again and the first failure stops it.
    Replay {
        trace_dir: PathBuf,
        #[arg(long, value_enum, default_value = "vulkan")]
        backend: BackendArg,
        /// Stop after this action (0-based, in call order: trace.ron and resource_tables.ron merged, as `player info` counts them; 0 is Init).
        #[arg(long, value_name = "ACTION")]
        until: Option<usize>,
        /// Write the bytes of a buffer or texture (its label, or its PointerId number) to a file,
        /// read the last time it is alive. Repeatable.
        #[arg(long, value_name = "RESOURCE=FILE", value_parser = parse_dump)]
        dump: Vec<(String, PathBuf)>,
        /// Write an 8-bit RGBA/BGRA texture (label or PointerId number) as a PNG.
        #[arg(long, num_args = 2, value_names = ["TEXTURE", "PNG"])]
        screenshot: Vec<String>,
        /// Turn on the Vulkan validation layer; any message it prints fails the replay.
        #[arg(long)]
        validation: bool,
        /// No progress bar, only errors.
        #[arg(long, short)]
        quiet: bool,
    },
    /// Run regression cases (trace directories with an expect.ron, docs/src/traces.md).
    Check {
        #[arg(required = true)]
        cases: Vec<PathBuf>,
        #[arg(long, value_enum, default_value = "vulkan")]
        backend: BackendArg,
        /// Turn on the Vulkan validation layer; any message it prints fails the run.
        #[arg(long)]
        validation: bool,
    },
    /// Compare two PNGs (per RGBA component) or two dumps (per byte); exit status 1 if they differ.
    Diff {
        a: PathBuf,
        b: PathBuf,
        /// The largest difference of a component that still counts as equal.
        #[arg(long, default_value_t = 0)]
        tolerance: u8,
    },
}

impl From<BackendArg> for Backend {
    fn from(arg: BackendArg) -> Self {
        match arg {
            BackendArg::Vulkan => Backend::Vulkan,
            BackendArg::Noop => Backend::Noop,
        }
    }
}

fn parse_dump(text: &str) -> Result<(String, PathBuf), String> {
    let (name, file) = text.split_once('=').ok_or("expected RESOURCE=FILE")?;
    Ok((name.to_string(), PathBuf::from(file)))
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
        Cmd::Replay {
            trace_dir,
            backend,
            until,
            dump,
            screenshot,
            validation,
            quiet,
        } => {
            let screenshots: Vec<(String, PathBuf)> = screenshot
                .chunks(2)
                .map(|pair| (pair[0].clone(), PathBuf::from(&pair[1])))
                .collect();
            let options = replay::Options {
                backend: backend.into(),
                until,
                read_back: dump
                    .iter()
                    .chain(&screenshots)
                    .map(|(name, _)| ResourceName::parse(name))
                    .collect(),
                validation,
            };
            let log = validation.then(hal_ext::harness::ValidationLog::install);
            let bar = indicatif::ProgressBar::new(0);
            if quiet {
                bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
            } else {
                bar.set_style(
                    indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} actions {elapsed}")
                        .expect("a valid progress template"),
                );
            }
            let result = replay::replay(&trace_dir, &options, |done, total| {
                bar.set_length(total as u64);
                bar.set_position(done as u64);
            });
            bar.finish_and_clear();
            let outcome = match result {
                Ok(outcome) => outcome,
                Err(e) => {
                    eprintln!("player: {e}");
                    return ExitCode::FAILURE;
                }
            };
            let mut status = ExitCode::SUCCESS;
            for (name, contents) in &outcome.contents {
                let write = |(wanted, file): &(String, PathBuf), png: bool| -> Result<(), compare::CompareError> {
                    if ResourceName::parse(wanted) != *name {
                        return Ok(());
                    }
                    if png {
                        compare::write_png(file, contents)
                    } else {
                        std::fs::write(file, compare::bytes(contents)).map_err(|source| compare::CompareError::Io {
                            path: file.clone(),
                            source,
                        })
                    }
                };
                let written = dump
                    .iter()
                    .try_for_each(|d| write(d, false))
                    .and_then(|()| screenshots.iter().try_for_each(|s| write(s, true)));
                if let Err(e) = written {
                    eprintln!("player: {e}");
                    status = ExitCode::FAILURE;
                }
            }
            if let Some(log) = log {
                let messages = log.take();
                if !messages.is_empty() {
                    eprintln!("player: the validation layer reported {} message(s)", messages.len());
                    status = ExitCode::FAILURE;
                }
            }
            if !quiet {
                println!("replayed {} actions", outcome.replayed);
                if outcome.truncated {
                    eprintln!("player: note: the trace is truncated (its program did not drop the device); its complete actions were replayed");
                }
            }
            status
        }
        Cmd::Check {
            cases,
            backend,
            validation,
        } => {
            let log = validation.then(hal_ext::harness::ValidationLog::install);
            let mut failed = 0;
            for dir in &cases {
                match player::cases::check(dir, backend.into(), validation) {
                    Ok(()) => println!("PASS {}", dir.display()),
                    Err(e) => {
                        failed += 1;
                        println!("FAIL {}: {e}", dir.display());
                    }
                }
            }
            let messages = log.map_or(0, |log| log.take().len());
            println!(
                "{} passed, {failed} failed, {messages} validation messages",
                cases.len() - failed
            );
            if failed == 0 && messages == 0 {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
        Cmd::Diff { a, b, tolerance } => match compare::diff(&a, &b, tolerance) {
            Ok(diff) => {
                println!("{diff}");
                if diff.differing == 0 {
                    ExitCode::SUCCESS
                } else {
                    ExitCode::FAILURE
                }
            }
            Err(e) => {
                eprintln!("player: {e}");
                ExitCode::from(2)
            }
        },
    }
}
