//! Any text after `enable resource_table;` must parse, validate and compile (SPIR-V, HLSL,
//! MSL) or fail with an error: never panic.
//!
//! The capabilities are wgpu's defaults plus the heterogeneous resource table: what a device
//! with our features validates against. (With `Capabilities::all()` the fuzzer soon finds
//! upstream naga's MSL backend panicking on `f64`, which Metal devices never enable.)

#![no_main]

use libfuzzer_sys::fuzz_target;
use naga::{back, resource_table, valid};

fuzz_target!(|data: &[u8]| {
    let Ok(body) = std::str::from_utf8(data) else { return };
    let source = format!("enable resource_table;\n{body}");
    let caps = valid::Capabilities::default() | valid::Capabilities::HETEROGENEOUS_RESOURCE_TABLE;
    let mut options = naga::front::wgsl::Options::new();
    options.capabilities = caps;
    let Ok(mut module) = naga::front::wgsl::Frontend::new_with_options(options).parse(&source) else {
        return;
    };
    let Ok(info) = valid::Validator::new(valid::ValidationFlags::all(), caps)
        .validate(&module)
    else {
        return;
    };
    resource_table::place(&mut module, 1, &resource_table::Bindings::default());
    let spv = back::spv::Options {
        lang_version: (1, 5),
        ..Default::default()
    };
    let _ = back::spv::write_vec(&module, &info, &spv, None);
    let mut hlsl = String::new();
    let hlsl_options = back::hlsl::Options::default();
    let hlsl_pipeline = back::hlsl::PipelineOptions::default();
    let _ = back::hlsl::Writer::new(&mut hlsl, &hlsl_options, &hlsl_pipeline).write(&module, &info, None);
    let _ = back::msl::write_string(&module, &info, &Default::default(), &Default::default());
});
