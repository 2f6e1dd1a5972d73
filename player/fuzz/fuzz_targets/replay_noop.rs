//! Any `trace.ron` that parses must replay on the noop backend or stop with an error: never
//! panic. (The data files of the regression cases sit beside it, so seeds from the suite get
//! past their shader and texture actions.) Seed it with the suite's traces:
//!
//! ```sh
//! mkdir -p fuzz/corpus/replay_noop
//! for c in tests/cases/*/; do cp $c/trace.ron fuzz/corpus/replay_noop/$(basename $c).ron; done
//! cargo +nightly fuzz run replay_noop
//! ```

#![no_main]

use std::{path::PathBuf, sync::OnceLock};

use libfuzzer_sys::fuzz_target;
use player::replay::{self, Backend, Options, ResourceName};

/// One directory per fuzzing process, holding the data files of every case.
fn dir() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("player-fuzz-replay-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let cases = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/cases");
        for case in std::fs::read_dir(cases).unwrap() {
            for file in std::fs::read_dir(case.unwrap().path()).unwrap() {
                let file = file.unwrap();
                let name = file.file_name();
                if name.to_string_lossy().starts_with("data") {
                    let _ = std::fs::copy(file.path(), dir.join(&name));
                }
            }
        }
        dir
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if player::parse(text).is_err() {
        return;
    }
    let dir = dir();
    std::fs::write(dir.join("trace.ron"), text).unwrap();
    let options = Options {
        backend: Backend::Noop,
        read_back: vec![ResourceName::Label("slots".into())],
        ..Options::default()
    };
    let _ = replay::replay(dir, &options, |_, _| {});
});
