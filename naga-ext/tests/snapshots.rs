//! Snapshot tests in naga's style: `tests/in/<name>.wgsl` → `tests/out/<name>.{spvasm,hlsl,metal}`.
//!
//! Every SPIR-V module must pass `spirv-val --target-env vulkan1.2`. Outputs a backend
//! cannot produce yet are snapshotted as `error: …` lines, so a change there shows up too.
//! `NAGA_EXT_BLESS=1 cargo nextest run -p naga-ext` rewrites the snapshots.

use std::{fs, path::PathBuf, process::Command};

use naga_ext::{Capabilities, Output, Target};

fn dir(sub: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests").join(sub)
}

fn tool(name: &str) -> Command {
    let mut cmd = Command::new(name);
    if Command::new(name).arg("--version").output().is_err() {
        panic!("`{name}` is missing: run `cargo xtask setup` (it installs spirv-tools)");
    }
    cmd.env_remove("LD_PRELOAD");
    cmd
}

/// SPIR-V words → validated → disassembled text.
fn spirv_text(name: &str, words: &[u32]) -> String {
    let path = std::env::temp_dir().join(format!("naga-ext-{name}-{}.spv", std::process::id()));
    fs::write(&path, words.iter().flat_map(|w| w.to_le_bytes()).collect::<Vec<u8>>()).unwrap();
    let val = tool("spirv-val")
        .args(["--target-env", "vulkan1.2"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        val.status.success(),
        "{name}: spirv-val rejected the module:\n{}{}",
        String::from_utf8_lossy(&val.stdout),
        String::from_utf8_lossy(&val.stderr)
    );
    let dis = tool("spirv-dis").arg("--no-color").arg(&path).output().unwrap();
    assert!(dis.status.success(), "{name}: spirv-dis failed");
    fs::remove_file(&path).ok();
    String::from_utf8(dis.stdout).unwrap()
}

fn check(name: &str) {
    let source = fs::read_to_string(dir("in").join(format!("{name}.wgsl"))).unwrap();
    let validated = naga_ext::validate(&source, &format!("{name}.wgsl"), Capabilities::All)
        .unwrap_or_else(|e| panic!("{name} does not validate:\n{e}"));
    let bless = std::env::var_os("NAGA_EXT_BLESS").is_some();
    let mut mismatches = Vec::new();
    for (target, ext) in [
        (Target::Spirv, "spvasm"),
        (Target::Hlsl, "hlsl"),
        (Target::Msl, "metal"),
    ] {
        let text = match naga_ext::compile(&validated, target, None) {
            Ok(Output::Words(words)) => spirv_text(name, &words),
            Ok(Output::Text(text)) => text,
            Err(e) => format!("error: {e}\n"),
        };
        let path = dir("out").join(format!("{name}.{ext}"));
        if bless {
            fs::write(&path, &text).unwrap();
        } else if fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
            mismatches.push(path.display().to_string());
        }
    }
    assert!(
        mismatches.is_empty(),
        "snapshots differ: {mismatches:?} (NAGA_EXT_BLESS=1 rewrites them; review the diff)"
    );
}

macro_rules! snapshots {
    ($($name:ident),* $(,)?) => {
        $(
            #[test]
            fn $name() {
                check(stringify!($name));
            }
        )*

        /// Every input has a test above.
        #[test]
        fn every_input_is_listed() {
            let mut listed = vec![$(stringify!($name)),*];
            listed.sort();
            let mut found: Vec<String> = fs::read_dir(dir("in"))
                .unwrap()
                .map(|e| e.unwrap().path().file_stem().unwrap().to_string_lossy().into_owned())
                .collect();
            found.sort();
            assert_eq!(found, listed);
        }
    };
}

snapshots!(
    filterability,
    indices,
    sampled_types,
    samplers_and_has,
    stages_and_functions,
    storage_buffers,
    storage_textures,
    with_bind_groups,
);

/// The SPIR-V of a non-uniform index carries NonUniform decorations; a uniform one none.
#[test]
fn non_uniform_indices_are_decorated() {
    let spv = fs::read_to_string(dir("out").join("indices.spvasm")).unwrap();
    assert!(spv.contains("OpCapability ShaderNonUniform"), "{spv}");
    assert!(spv.contains("OpDecorate") && spv.contains("NonUniform"), "{spv}");
    let uniform_only = "enable resource_table;
        @group(0) @binding(0) var<storage, read_write> out: vec4<f32>;
        @compute @workgroup_size(1) fn main() {
            out = textureLoad(getResource<texture_2d<f32>>(2u), vec2(0), 0);
        }";
    let validated = naga_ext::validate(uniform_only, "uniform.wgsl", Capabilities::All).unwrap();
    let Output::Words(words) = naga_ext::compile(&validated, Target::Spirv, None).unwrap() else {
        unreachable!()
    };
    let text = spirv_text("uniform_only", &words);
    assert!(!text.contains("NonUniform"), "{text}");
}

/// The type-id read is not clamped by the lowering (that would make it wait for the length's
/// load); under wgpu's Vulkan policy for devices without `robustBufferAccess2` (buffers
/// `Restrict`) naga's bounds check clamps it to the metadata's runtime array, and the length
/// alone still decides.
#[test]
fn the_type_id_read_is_bounded_by_the_buffer_policy() {
    let source = "enable resource_table;
        @group(0) @binding(0) var<storage, read_write> out: vec4<f32>;
        @group(0) @binding(1) var<storage, read> slot: u32;
        @compute @workgroup_size(1) fn main() {
            out = textureLoad(getResource<texture_2d<f32>>(slot), vec2(0), 0);
        }";
    let validated = naga_ext::validate(source, "restrict.wgsl", Capabilities::All).unwrap();
    let mut module = validated.module.clone();
    naga::resource_table::place(&mut module, 1, &naga::resource_table::Bindings::default());
    let spirv = |buffer| {
        let options = naga::back::spv::Options {
            lang_version: (1, 5),
            bounds_check_policies: naga::proc::BoundsCheckPolicies {
                buffer,
                ..Default::default()
            },
            ..Default::default()
        };
        let words = naga::back::spv::write_vec(&module, &validated.info, &options, None).unwrap();
        spirv_text(&format!("restrict-{buffer:?}"), &words)
    };
    let unchecked = spirv(naga::proc::BoundsCheckPolicy::Unchecked);
    let restrict = spirv(naga::proc::BoundsCheckPolicy::Restrict);
    assert!(!unchecked.contains("OpArrayLength"), "{unchecked}");
    assert!(
        restrict.contains("OpArrayLength %uint %__resource_table_metadata 1"),
        "{restrict}"
    );
    // Exactly one more clamp: `min(i, arrayLength - 1)` of the type-id read.
    let count = |text: &str, op: &str| text.matches(op).count();
    assert_eq!(count(&restrict, "UMin"), count(&unchecked, "UMin") + 1, "{restrict}");
    // One select, of the slot or the default: the read's index is the caller's.
    assert_eq!(count(&unchecked, "OpSelect"), 1, "{unchecked}");
    assert_eq!(count(&restrict, "OpSelect"), 1, "{restrict}");
    // The length check is the same in both: an unsigned compare with the loaded length.
    assert_eq!(count(&restrict, "OpULessThan"), 1, "{restrict}");
    assert_eq!(count(&unchecked, "OpULessThan"), 1, "{unchecked}");
}

/// Placement: the table goes to the group after the module's own, or where asked, at the
/// ABI's bindings.
#[test]
fn table_is_placed_after_the_module_groups_or_where_asked() {
    let spv = fs::read_to_string(dir("out").join("with_bind_groups.spvasm")).unwrap();
    assert!(
        spv.contains("OpDecorate %__resource_table_metadata DescriptorSet 2"),
        "{spv}"
    );
    assert!(spv.contains("OpDecorate %__resource_table_metadata Binding 0"), "{spv}");
    assert!(
        spv.contains("OpDecorate %__resource_table_texture_2d_f32 DescriptorSet 2"),
        "{spv}"
    );
    assert!(
        spv.contains("OpDecorate %__resource_table_texture_2d_f32 Binding 1"),
        "{spv}"
    );
    assert!(spv.contains("OpDecorate %__resource_table_sampler Binding 2"), "{spv}");

    let source = fs::read_to_string(dir("in").join("with_bind_groups.wgsl")).unwrap();
    let validated = naga_ext::validate(&source, "with_bind_groups.wgsl", Capabilities::All).unwrap();
    let Output::Words(words) = naga_ext::compile(&validated, Target::Spirv, Some(5)).unwrap() else {
        unreachable!()
    };
    let text = spirv_text("placed_at_5", &words);
    assert!(
        text.contains("OpDecorate %__resource_table_sampler DescriptorSet 5"),
        "{text}"
    );
}

/// GLSL has no resource tables: a clean error, no panic.
#[test]
fn glsl_refuses_the_table() {
    let source = fs::read_to_string(dir("in").join("samplers_and_has.wgsl")).unwrap();
    let validated = naga_ext::validate(&source, "samplers_and_has.wgsl", Capabilities::All).unwrap();
    let err = naga_ext::compile(&validated, Target::Glsl, None).unwrap_err();
    assert_eq!(err, "GLSL backend: resource_table is not supported by the GLSL backend");
}

/// The table's HLSL form needs descriptor-heap indexing: older shader models are refused.
#[test]
fn hlsl_below_shader_model_6_6_is_refused() {
    use naga::back::hlsl;
    let source = fs::read_to_string(dir("in").join("samplers_and_has.wgsl")).unwrap();
    let validated = naga_ext::validate(&source, "samplers_and_has.wgsl", Capabilities::All).unwrap();
    let mut module = validated.module.clone();
    naga::resource_table::place(&mut module, 1, &naga::resource_table::Bindings::default());
    for (model, refused) in [(hlsl::ShaderModel::V6_5, true), (hlsl::ShaderModel::V6_6, false)] {
        let options = hlsl::Options {
            shader_model: model,
            ..Default::default()
        };
        let mut out = String::new();
        let result = hlsl::Writer::new(&mut out, &options, &hlsl::PipelineOptions::default()).write(
            &module,
            &validated.info,
            None,
        );
        match result {
            Err(e) if refused => assert_eq!(
                e.to_string(),
                "requires shader model V6_6 for reason: the resource table (ResourceDescriptorHeap)"
            ),
            Ok(_) if !refused => assert!(out.contains("ResourceDescriptorHeap["), "{out}"),
            other => panic!("{model:?}: {:?}", other.map(drop)),
        }
    }
}
