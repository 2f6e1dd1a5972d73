//! The resource-table conformance runner, shaped like the WebGPU CTS: cases named by query
//! paths (`bindless,api,validation,resource_table,update:slot_range:backend=noop;slot=8;op=update`),
//! expanded from declarative parameter grids, selected by query, run on wgpu's noop
//! backend (validation) or on Vulkan with the validation layer on (execution).
//!
//! `cargo run -p cts-runner -- 'bindless,*'` runs everything; `--list` lists the cases; the
//! last line is `N passed, N failed, N skipped`; `--junit` and `--json` write reports; the
//! expectations file lists known failures, and a known failure that passes fails the run.

mod expectations;
mod query;
mod report;
mod suite;

use std::{path::PathBuf, process::ExitCode, time::Instant};

use clap::Parser;

use crate::{
    expectations::Expectations,
    query::Query,
    report::{CaseReport, Status},
    suite::{Backend, Outcome},
};

#[derive(Parser)]
#[command(about = "Conformance suite for wgpu resource tables (WebGPU bindless proposal)")]
struct Args {
    /// Which cases to run, as CTS queries (`bindless,*`, `bindless,api,*`, a test node, a case).
    #[arg(default_value = "bindless,*")]
    queries: Vec<String>,
    /// List the selected cases instead of running them.
    #[arg(long)]
    list: bool,
    /// Run only the cases of one backend (`noop` needs no GPU).
    #[arg(long, value_parser = ["noop", "vulkan", "all"], default_value = "all")]
    backend: String,
    /// Known failures: one query per line, `# reason` after it.
    #[arg(long, default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/expectations.txt"))]
    expectations: PathBuf,
    /// Write a JUnit XML report here.
    #[arg(long)]
    junit: Option<PathBuf>,
    /// Write a JSON report here.
    #[arg(long)]
    json: Option<PathBuf>,
    /// Print only failures, skips and the summary.
    #[arg(long)]
    quiet: bool,
    /// Print the table mapping the proposal's sentences to tests (docs/src/conformance.md).
    #[arg(long)]
    coverage: bool,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let queries = match args
        .queries
        .iter()
        .map(|q| Query::parse(q))
        .collect::<Result<Vec<_>, _>>()
    {
        Ok(q) => q,
        Err(e) => {
            eprintln!("cts-runner: {e}");
            return ExitCode::from(2);
        }
    };
    let expectations = match Expectations::load(&args.expectations) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("cts-runner: {}: {e}", args.expectations.display());
            return ExitCode::from(2);
        }
    };
    let tests = suite::all();
    if args.coverage {
        print!("{}", suite::coverage_table(&tests));
        return ExitCode::SUCCESS;
    }
    let cases = tests
        .iter()
        .flat_map(|t| t.cases())
        .filter(|c| queries.iter().any(|q| q.matches(&c.name)))
        .collect::<Vec<_>>();
    if cases.is_empty() {
        eprintln!("cts-runner: no case matches {:?}", args.queries);
        return ExitCode::from(2);
    }
    if args.list {
        for case in &cases {
            println!("{}", case.name);
        }
        return ExitCode::SUCCESS;
    }

    // Any panic inside a case is its failure; keep the default hook's output out of the log.
    std::panic::set_hook(Box::new(|_| {}));
    let vulkan = vulkan_available();
    let mut reports = Vec::with_capacity(cases.len());
    for case in &cases {
        let start = Instant::now();
        let outcome = match (case.backend(), args.backend.as_str(), &vulkan) {
            (Backend::Vulkan, "noop", _) => Outcome::Skip("Vulkan case, --backend noop".into()),
            (Backend::Noop, "vulkan", _) => Outcome::Skip("noop case, --backend vulkan".into()),
            (Backend::Vulkan, _, Err(why)) => Outcome::Skip(format!("no Vulkan adapter: {why}")),
            _ => run_case(case),
        };
        let expected = expectations.expected_failure(&case.name);
        let status = match (&outcome, expected) {
            (Outcome::Pass, None) => Status::Pass,
            (Outcome::Pass, Some(reason)) => Status::UnexpectedPass(reason.to_string()),
            (Outcome::Fail(m), None) => Status::Fail(m.clone()),
            (Outcome::Fail(m), Some(reason)) => Status::ExpectedFail(format!("{m} (known: {reason})")),
            (Outcome::Skip(r), _) => Status::Skip(r.clone()),
        };
        let report = CaseReport {
            name: case.name.clone(),
            spec: case.test.spec,
            status,
            duration: start.elapsed(),
        };
        report.print(args.quiet);
        reports.push(report);
    }

    let summary = report::Summary::of(&reports);
    if let Some(path) = &args.junit {
        if let Err(e) = std::fs::write(path, report::junit(&reports)) {
            eprintln!("cts-runner: writing {}: {e}", path.display());
            return ExitCode::from(2);
        }
    }
    if let Some(path) = &args.json {
        if let Err(e) = std::fs::write(path, report::json(&args.queries, &summary, &reports)) {
            eprintln!("cts-runner: writing {}: {e}", path.display());
            return ExitCode::from(2);
        }
    }
    if summary.expected_failures + summary.unexpected_passes > 0 {
        println!(
            "expectations: {} known failures, {} known failures that now pass (remove them from {})",
            summary.expected_failures,
            summary.unexpected_passes,
            args.expectations.display()
        );
    }
    println!(
        "{} passed, {} failed, {} skipped",
        summary.passed, summary.failed, summary.skipped
    );
    if summary.failed + summary.unexpected_passes == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn run_case(case: &suite::Case<'_>) -> Outcome {
    let run = case.test.run;
    let params = case.params.clone();
    match std::panic::catch_unwind(move || run(&params)) {
        Ok(Ok(())) => Outcome::Pass,
        Ok(Err(suite::NotPassed::Fail(message))) => Outcome::Fail(message),
        Ok(Err(suite::NotPassed::Skip(reason))) => Outcome::Skip(reason.into()),
        Err(panic) => Outcome::Fail(format!("panicked: {}", panic_message(&*panic))),
    }
}

fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "(no message)".into())
}

/// Whether the harness can get a Vulkan adapter (checked once, before any case).
fn vulkan_available() -> Result<(), String> {
    let instance = hal_ext::harness::vulkan_instance();
    pollster::block_on(instance.request_adapter(&Default::default()))
        .map(drop)
        .map_err(|e| format!("{e} (run `cargo xtask setup`)"))
}
