//! The regression suite: every case under `tests/cases` replayed on the noop backend
//! (validation of every action, exact errors) and on Vulkan with the validation layer on
//! (read-back contents too; any layer message fails).

use std::path::{Path, PathBuf};

use player::{cases, replay::Backend};

fn all() -> Vec<PathBuf> {
    let cases = cases::list(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases")).unwrap();
    assert!(cases.len() >= 9, "the suite lost cases: {cases:?}");
    cases
}

fn run_all(backend: Backend, validation: bool) {
    let failures: Vec<String> = all()
        .iter()
        .filter_map(|dir| {
            let name = dir.file_name().unwrap().to_string_lossy().into_owned();
            cases::check(dir, backend, validation)
                .err()
                .map(|e| format!("{name}: {e}"))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} case(s) failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn regression_cases_on_noop() {
    run_all(Backend::Noop, false);
}

#[test]
fn gpu_regression_cases_on_vulkan() {
    let log = hal_ext::harness::ValidationLog::install();
    run_all(Backend::Vulkan, true);
    let messages = log.take();
    assert!(messages.is_empty(), "validation layer messages: {messages:#?}");
}

/// A check that cannot pass must fail: the suite compares what it reads back.
#[test]
fn gpu_a_wrong_expectation_fails() {
    let dir = std::env::temp_dir().join(format!("player-wrong-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/upstream_format");
    for entry in std::fs::read_dir(&source).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), dir.join(entry.file_name())).unwrap();
    }
    let mut expect = cases::read_expect(&dir).unwrap();
    expect.checks[0].expect = cases::Expected::U32(vec![0, 1, 4, 10]);
    std::fs::write(dir.join(cases::EXPECT_FILE), ron::to_string(&expect).unwrap()).unwrap();
    let error = cases::check(&dir, Backend::Vulkan, false).unwrap_err();
    assert_eq!(
        error.to_string(),
        "\"squares\": expected U32([0, 1, 4, 10]), found U32([0, 1, 4, 9])"
    );
    match error {
        cases::CaseError::Contents { name, expected, found } => {
            assert_eq!(name, player::replay::ResourceName::Label("squares".into()));
            assert_eq!(expected, cases::Expected::U32(vec![0, 1, 4, 10]));
            assert_eq!(found, cases::Expected::U32(vec![0, 1, 4, 9]));
        }
        other => panic!("expected a contents mismatch, got {other:?}"),
    }
    // On noop nothing runs, so only the validation is checked there.
    assert!(cases::check(&dir, Backend::Noop, false).is_ok());
}
