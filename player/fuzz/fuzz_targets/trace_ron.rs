//! Any bytes given as `trace.ron` must parse or fail with an error: never panic.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(trace) = player::parse(text) {
        // Summaries of whatever parsed must not panic either.
        let summary = player::Summary::of(&trace, std::path::Path::new("/nonexistent"));
        let _ = summary.to_string();
    }
});
