//! Every scenario of `scenarios/` on our implementation (Vulkan, validation layer on) and on
//! Dawn (node + the `webgpu` package), each compared with the values the proposal's text
//! gives.

use std::time::Instant;

use dawn_scenarios::{dawn, describe_difference, load_all, ours, Run, Scenario, Verdict};

/// The scenarios parse and are consistent (no GPU, no node needed).
#[test]
fn scenarios_parse() {
    let scenarios = load_all().unwrap_or_else(|e| panic!("{e}"));
    assert!(scenarios.len() >= 8, "only {} scenarios", scenarios.len());
    for (name, s) in &scenarios {
        assert!(
            !s.about.is_empty() && !s.text.is_empty(),
            "{name}: `about` and `text` are required"
        );
        assert!(
            !(s.needs_automatic && s.ours_deviation.is_some()),
            "{name}: a scenario our side skips cannot record a deviation of ours"
        );
    }
}

fn verdict_of(scenario: &Scenario, deviation: Option<&String>, run: &Result<Run, String>) -> Verdict {
    match run {
        Ok(run) => Verdict::of(scenario, deviation, run),
        Err(e) => Verdict::Failed(e.clone()),
    }
}

/// Runs in all of a `timing: true` scenario, on each side, before a mismatch counts.
const RUNS: usize = 5;

#[test]
fn gpu_dawn_scenarios() {
    let start = Instant::now();
    let setup = dawn::check_setup().unwrap_or_else(|e| panic!("Dawn scenarios cannot run: {e}"));
    let scenarios = load_all().unwrap_or_else(|e| panic!("{e}"));

    // Dawn runs in child processes while our side runs here.
    let (dawn_runs, our_runs) = std::thread::scope(|s| {
        let dawn_thread = s.spawn(|| scenarios.iter().map(|(_, sc)| dawn::run(sc)).collect::<Vec<_>>());
        let ours = scenarios
            .iter()
            .map(|(_, sc)| (!sc.needs_automatic).then(|| ours::run(sc)))
            .collect::<Vec<_>>();
        (dawn_thread.join().expect("the Dawn thread panicked"), ours)
    });

    // Scenarios whose premise is a submission still running: a mismatch may be the machine's
    // load, not the implementation; run them again, alone, up to five runs in all. (nextest
    // runs this test alone too: `.config/nextest.toml`.) The runs they took are printed.
    let mut our_runs = our_runs;
    let mut dawn_runs = dawn_runs;
    let mut reruns = Vec::new();
    for (i, (name, scenario)) in scenarios.iter().enumerate() {
        if !scenario.timing {
            continue;
        }
        let (mut ours_count, mut dawn_count) = (1, 1);
        for _ in 1..RUNS {
            let ours_ok = our_runs[i]
                .as_ref()
                .is_none_or(|run| Verdict::of(scenario, scenario.ours_deviation.as_ref(), run).ok());
            if !ours_ok {
                our_runs[i] = Some(ours::run(scenario));
                ours_count += 1;
            }
            if !verdict_of(scenario, scenario.dawn_deviation.as_ref(), &dawn_runs[i]).ok() {
                dawn_runs[i] = dawn::run(scenario);
                dawn_count += 1;
            }
        }
        reruns.push(format!("{name}: ours {ours_count}, Dawn {dawn_count}"));
    }

    let expect_lavapipe = std::env::var_os("BINDLESS_EXPECT_LAVAPIPE").is_some();
    let mut failures = Vec::new();
    let mut deviations = Vec::new();
    let width = scenarios.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
    let mut table = format!("{:width$}  {:16}  {:16}  about\n", "scenario", "ours", "Dawn");
    let mut adapters = (None, None);
    for (((name, scenario), ours), dawn) in scenarios.iter().zip(&our_runs).zip(&dawn_runs) {
        let ours_verdict = match ours {
            None => Verdict::Skipped,
            Some(run) => Verdict::of(scenario, scenario.ours_deviation.as_ref(), run),
        };
        let dawn_verdict = verdict_of(scenario, scenario.dawn_deviation.as_ref(), dawn);
        if let Ok(run) = dawn {
            if expect_lavapipe && !run.adapter.contains("llvmpipe") {
                failures.push(format!("{name}: Dawn ran on {:?}, not lavapipe", run.adapter));
            }
            adapters.1.get_or_insert(run.adapter.clone());
        }
        if let Some(run) = ours {
            adapters.0.get_or_insert(run.adapter.clone());
        }
        table.push_str(&format!(
            "{name:width$}  {:16}  {:16}  {}\n",
            ours_verdict.to_string(),
            dawn_verdict.to_string(),
            scenario.about
        ));
        for (side, verdict, run, deviation) in [
            ("ours", &ours_verdict, ours.clone().map(Ok), &scenario.ours_deviation),
            ("Dawn", &dawn_verdict, Some(dawn.clone()), &scenario.dawn_deviation),
        ] {
            if let (Verdict::KnownDeviation, Some(Ok(run)), Some(why)) = (verdict, &run, deviation) {
                deviations.push(format!(
                    "{name} on {side}: {why}\n{}",
                    describe_difference(scenario, run)
                ));
            }
            if verdict.ok() {
                continue;
            }
            let detail = match (verdict, run) {
                (Verdict::Failed(e), _) => e.clone(),
                (Verdict::DeviationGone, _) => "matches the text now: remove its recorded deviation".to_string(),
                (_, Some(Ok(run))) => describe_difference(scenario, &run),
                _ => String::new(),
            };
            failures.push(format!("{name} on {side}: {verdict}\n{detail}"));
        }
    }
    println!("{setup}");
    println!("ours: {}", adapters.0.unwrap_or_default());
    println!("Dawn: {}", adapters.1.unwrap_or_default());
    println!("{table}");
    println!("Runs of the timing scenarios: {}", reruns.join("; "));
    println!("Known deviations from the text:\n{}\n", deviations.join("\n"));
    println!(
        "{} scenarios in {:.1} s",
        scenarios.len(),
        start.elapsed().as_secs_f64()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
