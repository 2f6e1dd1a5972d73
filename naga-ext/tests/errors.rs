//! Every misuse of the extension gets an exact, rendered diagnostic with its source span,
//! and never a panic.

use std::fs;

use naga_ext::Capabilities;

/// A test input: `tests/<dir>/<name>.wgsl`.
fn source(dir: &str, name: &str) -> String {
    fs::read_to_string(format!("{}/tests/{dir}/{name}.wgsl", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

fn rendered(name: &str, caps: Capabilities) -> String {
    let source = source("errors", name);
    match naga_ext::validate(&source, &format!("{name}.wgsl"), caps) {
        Ok(_) => panic!("{name} was accepted"),
        Err(e) => e,
    }
}

#[test]
fn missing_enable() {
    assert_eq!(
        rendered("missing_enable", Capabilities::All),
        r#"error: the `resource_table` enable extension is not enabled
  ┌─ missing_enable.wgsl:3:24
  │
3 │     return textureLoad(getResource<texture_2d<f32>>(0u), vec2(0), 0);
  │                        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^ the `resource_table` "Enable Extension" is needed for this functionality, but it is not currently enabled.
  │
  = note: You can enable this extension by adding `enable resource_table;` at the top of the shader, before any other items.

"#
    );
}

#[test]
fn bad_type() {
    assert_eq!(
        rendered("bad_type", Capabilities::All),
        "error: `array<u32, 4>` cannot be read from a resource table
  ┌─ bad_type.wgsl:4:25
  │
4 │     let b = getResource<array<u32, 4>>(0u);
  │                         ^^^^^^^^^^^^^ not a resource-table type
  │
  = note: a resource table holds texture_1d<T>, texture_2d<T>, texture_2d_array<T>, texture_3d<T>, texture_cube<T>, texture_cube_array<T>, texture_multisampled_2d<T> (T = f32, i32 or u32), texture_depth_2d, texture_depth_2d_array, texture_depth_cube, texture_depth_cube_array, texture_depth_multisampled_2d, sampler, sampler_comparison, and with the heterogeneous resource table texture_storage_1d<T, A>, texture_storage_2d<T, A>, texture_storage_2d_array<T, A>, texture_storage_3d<T, A> (A = read, write or read_write), ptr<storage, S, read> or ptr<storage, S, read_write> (S = a struct)

"
    );
}

#[test]
fn bad_index_type() {
    assert_eq!(
        rendered("bad_index", Capabilities::All),
        "error: resource table index must be `i32` or `u32`, found `f32`
  ┌─ bad_index.wgsl:4:42
  │
4 │     let t = getResource<texture_2d<f32>>(1.5);
  │                                          ^^^ must be `i32` or `u32`

"
    );
}

#[test]
fn unused_result() {
    assert_eq!(
        rendered("unused", Capabilities::All),
        "error: unused return value from function annotated with @must_use
  ┌─ unused.wgsl:4:5
  │
4 │     hasResource<sampler>(3u);
  │     ^^^^^^^^^^^^^^^^^^^^
  │
  = note: function 'hasResource<sampler>' is declared with `@must_use` attribute
  = note: use a phony assignment or declare a value using the function call as the initializer

"
    );
}

#[test]
fn storage_buffer_needs_the_heterogeneous_table() {
    assert_eq!(
        rendered("storage_in_sampling", Capabilities::Sampling),
        "error: Global variable [1] '__resource_table_storage_read_write_2' is invalid
  ┌─ storage_in_sampling.wgsl:5:13
  │
5 │     let d = getResource<ptr<storage, Data, read_write>>(0u);
  │             ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ naga::ir::GlobalVariable [1]
  │
  = Capability Capabilities(HETEROGENEOUS_RESOURCE_TABLE) is not supported

"
    );
    // …and the same shader is fine with the heterogeneous table.
    let source = source("errors", "storage_in_sampling");
    naga_ext::validate(&source, "storage_in_sampling.wgsl", Capabilities::Heterogeneous).unwrap();
}

/// Without the capability, `enable resource_table;` itself is refused.
#[test]
fn enable_without_the_capability() {
    let source = "enable resource_table;\n@compute @workgroup_size(1) fn main() {}\n";
    let mut options = naga::front::wgsl::Options::new();
    options.capabilities = naga::valid::Capabilities::default();
    let err = naga::front::wgsl::Frontend::new_with_options(options)
        .parse(source)
        .unwrap_err()
        .emit_to_string(source);
    assert!(
        err.starts_with("error: the `resource_table` extension is not supported in the current environment"),
        "{err}"
    );
    // The notes name the fix, for wgpu and for naga alone.
    assert!(
        err.ends_with(
            "  = note: wgpu: create the device with `wgpu::Features::SAMPLING_RESOURCE_TABLE` \
             (`HETEROGENEOUS_RESOURCE_TABLE` for storage textures and buffers) in \
             `DeviceDescriptor::required_features`\n  \
             = note: naga: parse with `Capabilities::RESOURCE_TABLE` (or \
             `HETEROGENEOUS_RESOURCE_TABLE`) in `front::wgsl::Options::capabilities`\n\n"
        ),
        "{err:?}"
    );
}

/// Sampled types validate with only the sampling capability.
#[test]
fn sampling_capability_is_enough_for_textures_and_samplers() {
    let source = source("in", "samplers_and_has");
    naga_ext::validate(&source, "samplers_and_has.wgsl", Capabilities::Sampling).unwrap();
}

/// Format-less storage textures exist only inside the table: not as bind-group globals…
#[test]
fn formatless_storage_texture_global() {
    assert_eq!(
        rendered("formatless_global", Capabilities::All),
        "error: Global variable [0] 'image' is invalid
  ┌─ formatless_global.wgsl:2:23
  │
2 │ @group(0) @binding(0) var image: texture_storage_2d<f32, write>;
  │                       ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ naga::ir::GlobalVariable [0]
  │
  = Type isn't compatible with address space Handle

"
    );
}

/// …and not without the extension.
#[test]
fn formatless_storage_texture_without_enable() {
    assert_eq!(
        rendered("formatless_without_enable", Capabilities::All),
        r#"error: the `resource_table` enable extension is not enabled
  ┌─ formatless_without_enable.wgsl:1:28
  │
1 │ fn f(t: texture_storage_2d<f32, read>) -> vec4<f32> {
  │                            ^^^ the `resource_table` "Enable Extension" is needed for this functionality, but it is not currently enabled.
  │
  = note: You can enable this extension by adding `enable resource_table;` at the top of the shader, before any other items.

"#
    );
}

/// Every error input renders without panicking, whatever the capability set.
#[test]
fn no_error_input_panics() {
    for entry in fs::read_dir(format!("{}/tests/errors", env!("CARGO_MANIFEST_DIR"))).unwrap() {
        let path = entry.unwrap().path();
        let source = fs::read_to_string(&path).unwrap();
        for caps in [Capabilities::All, Capabilities::Sampling, Capabilities::Heterogeneous] {
            let _ = naga_ext::validate(&source, "input.wgsl", caps);
        }
    }
}

/// `hasResource` of a storage type needs the heterogeneous table too (the proposal: "the
/// types used to access the resource tables" must be supported), although it reads only the
/// metadata.
#[test]
fn has_resource_of_a_storage_type_needs_the_heterogeneous_table() {
    assert_eq!(
        rendered("has_storage_in_sampling", Capabilities::Sampling),
        "error: Global variable [1] '__resource_table_texture_storage_2d_f32_read' is invalid
  ┌─ has_storage_in_sampling.wgsl:5:9
  │
5 │     _ = hasResource<texture_storage_2d<f32, read>>(0u);
  │         ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ naga::ir::GlobalVariable [1]
  │
  = Capability Capabilities(HETEROGENEOUS_RESOURCE_TABLE) is not supported

"
    );
    let source = source("errors", "has_storage_in_sampling");
    naga_ext::validate(&source, "has_storage_in_sampling.wgsl", Capabilities::Heterogeneous).unwrap();
}

/// A call of a function with hidden filterability parameters counts the declared ones only.
#[test]
fn filter_hidden_parameters_are_not_counted() {
    assert_eq!(
        rendered("filter_arity", Capabilities::All),
        "error: wrong number of arguments: expected 2, found 1
  ┌─ filter_arity.wgsl:8:9
  │
8 │     _ = f(bound);
  │         ^^^^^^^^ wrong number of arguments

"
    );
    let extra = source("errors", "filter_arity").replace("f(bound)", "f(bound, vec2(0.5), 1.0)");
    let Err(error) = naga_ext::validate(&extra, "filter_arity.wgsl", Capabilities::All) else {
        panic!("an extra argument was accepted");
    };
    assert_eq!(
        error,
        "error: wrong number of arguments: expected 2, found 3
  ┌─ filter_arity.wgsl:8:9
  │
8 │     _ = f(bound, vec2(0.5), 1.0);
  │         ^^^^^^^^^^^^^^^^^^^^^^^^ wrong number of arguments

"
    );
    // A function without hidden parameters keeps naga's own (validator) error.
    let plain = "fn g(a: f32) -> f32 { return a; }\n@compute @workgroup_size(1) fn main() { _ = g(); }\n";
    let Err(error) = naga_ext::validate(plain, "plain.wgsl", Capabilities::All) else {
        panic!("a call without its argument was accepted");
    };
    assert_eq!(
        error,
        "error: Entry point main at Compute is invalid
  ┌─ plain.wgsl:2:45
  │
2 │ @compute @workgroup_size(1) fn main() { _ = g(); }
  │                                             ^^^ invalid function call
  │
  = Call to [0] is invalid
  = Requires 1 arguments, but 0 are provided

"
    );
}
