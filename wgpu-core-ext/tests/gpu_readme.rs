//! The README's example is `examples/readme.rs` and `examples/readme.wgsl`, word for word, and
//! it runs: on Vulkan (lavapipe in CI) with the validation layer on, reading back the exact
//! texels it asserts.

// The example's `main` (a test binary's own entry point is the harness's).
include!("../examples/readme.rs");

/// The README's fenced block of `lang` that starts with `first_line`.
fn readme_block(lang: &str, first_line: &str) -> String {
    let readme = include_str!("../../README.md");
    let fence = format!("```{lang}\n{first_line}");
    let start = readme
        .find(&fence)
        .unwrap_or_else(|| panic!("README.md has no ```{lang} block starting {first_line:?}"))
        + lang.len()
        + 4;
    let end = start + readme[start..].find("\n```\n").expect("the block's end") + 1;
    readme[start..end].to_string()
}

#[test]
fn the_readme_shows_the_example_whole() {
    assert_eq!(
        readme_block("rust", "use wgpu::util::DeviceExt;"),
        include_str!("../examples/readme.rs"),
        "README.md's Rust block differs from wgpu-core-ext/examples/readme.rs"
    );
    assert_eq!(
        readme_block("wgsl", "enable resource_table;"),
        include_str!("../examples/readme.wgsl"),
        "README.md's WGSL block differs from wgpu-core-ext/examples/readme.wgsl"
    );
}

#[test]
fn gpu_the_readme_example_runs() {
    let log = hal_ext::harness::ValidationLog::install();
    log.take();
    // The example takes its backend and validation from the environment, as its users run it.
    std::env::set_var("WGPU_BACKEND", "vulkan");
    std::env::set_var("WGPU_VALIDATION", "1");
    main().expect("the README's example");
    assert_eq!(log.take(), Vec::<String>::new(), "validation-layer messages");
}
