//! Runs scenarios by hand: `cargo run -p dawn-scenarios -- [--ours|--dawn|--json] [NAME...]`.
//!
//! Without names, every scenario; `--ours` or `--dawn` runs one side only; `--json` prints
//! the scenarios as the Dawn runner reads them. Set the GPU environment as for the tests
//! (`WGPU_BACKEND=vulkan VK_DRIVER_FILES=…/lvp_icd.json`).

use dawn_scenarios::{dawn, describe_difference, load_all, ours, Verdict};

fn main() {
    let args = std::env::args().skip(1).collect::<Vec<_>>();
    let flag = |f: &str| args.iter().any(|a| a == f);
    let names = args.iter().filter(|a| !a.starts_with("--")).collect::<Vec<_>>();
    let scenarios = load_all().unwrap_or_else(|e| panic!("{e}"));
    let chosen = scenarios
        .iter()
        .filter(|(n, _)| names.is_empty() || names.contains(&n))
        .collect::<Vec<_>>();
    if chosen.is_empty() {
        eprintln!(
            "no such scenario; there are: {:?}",
            scenarios.iter().map(|(n, _)| n).collect::<Vec<_>>()
        );
        std::process::exit(2);
    }
    for (name, scenario) in chosen {
        if flag("--json") {
            println!("{}", serde_json::to_string(scenario).expect("serializable"));
            continue;
        }
        println!("== {name}: {}", scenario.about);
        if !flag("--dawn") {
            if scenario.needs_automatic {
                println!("ours: skipped (needs the automatic model)");
            } else {
                let run = ours::run(scenario);
                let verdict = Verdict::of(scenario, scenario.ours_deviation.as_ref(), &run);
                println!("ours: {verdict}  out {:?}  steps {:?}", run.out, run.steps);
                println!("{}", describe_difference(scenario, &run));
            }
        }
        if !flag("--ours") {
            match dawn::run(scenario) {
                Ok(run) => {
                    let verdict = Verdict::of(scenario, scenario.dawn_deviation.as_ref(), &run);
                    println!("Dawn: {verdict}  out {:?}  steps {:?}", run.out, run.steps);
                    println!("{}", describe_difference(scenario, &run));
                }
                Err(e) => println!("Dawn: runner failed: {e}"),
            }
        }
    }
}
