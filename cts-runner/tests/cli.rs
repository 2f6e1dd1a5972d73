//! The runner's command line: listing, query errors, expectations and reports (noop
//! cases only, so no GPU is needed).

use std::process::Command;

fn runner() -> Command {
    Command::new(env!("CARGO_BIN_EXE_cts-runner"))
}

const CASE: &str = "bindless,api,validation,resource_table,update:slot_range:backend=noop;slot=8;op=update";

#[test]
fn lists_cases_by_query() {
    let out = runner()
        .args(["--list", "bindless,api,validation,resource_table,update:slot_range:*"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let lines = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = lines.lines().collect();
    // 2 backends × 4 slots × 2 operations.
    assert_eq!(lines.len(), 16, "{lines:#?}");
    assert!(lines.contains(&CASE), "{lines:#?}");
}

#[test]
fn a_malformed_query_exits_2_with_the_reason() {
    let out = runner().arg("bindless,api*").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "cts-runner: 'bindless,api*': '*' must follow ',', ':' or ';' (a whole path component)\n"
    );
}

#[test]
fn a_known_failure_that_passes_fails_the_run_and_the_reports_say_so() {
    let dir = std::env::temp_dir().join(format!("cts-runner-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let expectations = dir.join("expectations.txt");
    std::fs::write(&expectations, format!("{CASE}  # pretend it is broken\n")).unwrap();
    let (junit, json) = (dir.join("junit.xml"), dir.join("report.json"));
    let out = runner()
        .args([CASE, "--backend", "noop", "--expectations"])
        .arg(&expectations)
        .arg("--junit")
        .arg(&junit)
        .arg("--json")
        .arg(&json)
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains(&format!(
            "UNEXPECTED PASS {CASE}: listed as a known failure (pretend it is broken)"
        )),
        "{stdout}"
    );
    assert!(stdout.ends_with("0 passed, 0 failed, 0 skipped\n"), "{stdout}");
    let report: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(report["summary"]["unexpected_passes"], 1);
    assert_eq!(report["cases"][0]["status"], "unexpected_pass");
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert!(
        xml.contains("<failure message=\"listed as a known failure (pretend it is broken) but passed\"/>"),
        "{xml}"
    );

    // Without the expectation the same case simply passes.
    std::fs::write(&expectations, "").unwrap();
    let out = runner()
        .args([CASE, "--backend", "noop", "--expectations"])
        .arg(&expectations)
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8(out.stdout)
        .unwrap()
        .ends_with("1 passed, 0 failed, 0 skipped\n"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_coverage_table_in_the_docs_is_current() {
    let out = runner().arg("--coverage").output().unwrap();
    let table = String::from_utf8(out.stdout).unwrap();
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/src/conformance.md")).unwrap();
    assert!(
        doc.contains(&table),
        "docs/src/conformance.md is out of date: replace its table with `cargo run -p cts-runner -- --coverage`"
    );
}
