//! Reflection: which entry points use the table, and which kinds of resources they read
//! from it (what wgpu-core needs for `usesResourceTable` and feature checks).

use naga::resource_table::{self, Usage};
use naga_ext::Capabilities;

fn usages(source: &str) -> Vec<(String, Usage)> {
    let v = naga_ext::validate(source, "reflect.wgsl", Capabilities::All).unwrap();
    v.module
        .entry_points
        .iter()
        .enumerate()
        .map(|(i, ep)| {
            (
                ep.name.clone(),
                resource_table::usage(&v.module, v.info.get_entry_point(i)),
            )
        })
        .collect()
}

#[test]
fn per_entry_point_usage() {
    let source = "enable resource_table;
        @group(0) @binding(0) var<storage, read_write> out: array<vec4<f32>>;
        struct Data { v: array<vec4<f32>> }
        @compute @workgroup_size(1) fn plain() { out[0] = vec4(1.0); }
        @compute @workgroup_size(1) fn textures() {
            out[0] = textureLoad(getResource<texture_2d<f32>>(0u), vec2(0), 0);
        }
        @compute @workgroup_size(1) fn check_only() {
            out[0] = select(vec4(0.0), vec4(1.0), hasResource<sampler>(1u));
        }
        @compute @workgroup_size(1) fn sampled() {
            out[0] = textureSampleLevel(getResource<texture_2d<f32>>(0u), getResource<sampler>(1u), vec2(0.5), 0.0);
        }
        @compute @workgroup_size(1) fn buffers() {
            out[0] = (*getResource<ptr<storage, Data, read>>(2u)).v[0];
        }";
    let got = usages(source);
    let usage = |name: &str| got.iter().find(|(n, _)| n == name).unwrap().1;

    assert_eq!(usage("plain"), Usage::default());
    assert!(!usage("plain").uses_table());

    let t = usage("textures");
    assert!(t.uses_table() && t.metadata && t.sampled_textures && !t.samplers && !t.needs_heterogeneous());

    // `hasResource` reads only the metadata, but that is still using the table.
    let c = usage("check_only");
    assert!(c.uses_table() && c.metadata && !c.samplers && !c.sampled_textures);

    let s = usage("sampled");
    assert!(s.sampled_textures && s.samplers && !s.needs_heterogeneous());

    let b = usage("buffers");
    assert!(b.storage_buffers && b.needs_heterogeneous() && !b.sampled_textures);
}

#[test]
fn placement_moves_only_table_globals() {
    let source =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/in/with_bind_groups.wgsl")).unwrap();
    let v = naga_ext::validate(&source, "with_bind_groups.wgsl", Capabilities::All).unwrap();
    assert_eq!(naga_ext::implicit_table_group(&v.module), 2);
    let mut module = v.module.clone();
    let bindings = resource_table::Bindings {
        metadata: 10,
        sampled_textures: 11,
        samplers: 12,
        storage_textures: 13,
        storage_buffers: 14,
        miss_report: 15,
    };
    assert!(resource_table::place(&mut module, 3, &bindings));
    let mut placed: Vec<(String, u32, u32)> = module
        .global_variables
        .iter()
        .filter_map(|(_, g)| g.binding.map(|b| (g.name.clone().unwrap(), b.group, b.binding)))
        .collect();
    placed.sort();
    assert_eq!(
        placed,
        [
            ("__resource_table_metadata".to_string(), 3, 10),
            ("__resource_table_sampler".to_string(), 3, 12),
            ("__resource_table_texture_2d_f32".to_string(), 3, 11),
            ("camera".to_string(), 0, 0),
            ("out".to_string(), 1, 2),
            ("shadow_map".to_string(), 1, 0),
            ("shadow_sampler".to_string(), 1, 1),
        ]
    );
    // Usage is still found once the table has a real group.
    let usage = resource_table::usage(&module, v.info.get_entry_point(0));
    assert!(usage.sampled_textures && usage.samplers && usage.metadata);
}

/// A format-less storage texture is the Rgba32 format of its texel type plus
/// `StorageAccess::FORMATLESS` (no new `StorageFormat` variant: that enum is public and
/// exhaustive), a type distinct from the same format written out.
#[test]
fn formatless_storage_textures_in_the_ir() {
    use naga::{ImageClass, StorageAccess as Sa, StorageFormat as Sf, TypeInner};
    let source = "enable resource_table;
        @group(0) @binding(0) var plain: texture_storage_2d<rgba32float, read_write>;
        fn f(t: texture_storage_2d<f32, read_write>, u: texture_storage_2d<u32, read>, i: texture_storage_2d<i32, write>) {}";
    let v = naga_ext::validate(source, "formatless.wgsl", Capabilities::All).unwrap();
    let mut storage: Vec<(Sf, Sa)> = v
        .module
        .types
        .iter()
        .filter_map(|(_, ty)| match ty.inner {
            TypeInner::Image {
                class: ImageClass::Storage { format, access },
                ..
            } => Some((format, access)),
            _ => None,
        })
        .collect();
    storage.sort();
    let rw = Sa::LOAD | Sa::STORE;
    assert_eq!(
        storage,
        [
            (Sf::Rgba32Uint, Sa::LOAD | Sa::FORMATLESS),
            (Sf::Rgba32Sint, Sa::STORE | Sa::FORMATLESS),
            (Sf::Rgba32Float, rw),
            (Sf::Rgba32Float, rw | Sa::FORMATLESS),
        ]
    );
    // The SPIR-V (`ImageFormat::Unknown`), HLSL and MSL of these types are in the snapshots.
}

/// wgpu-hal lists the SPIR-V capabilities a device has, without `RuntimeDescriptorArray`
/// for plain binding arrays: a shader with an unsized `binding_array` must still compile
/// there as it does upstream (found by the #13 review: it failed with MissingCapabilities).
#[test]
fn unsized_binding_arrays_compile_without_runtime_descriptor_array() {
    use naga::back::spv;
    let source = "enable wgpu_binding_array;
        @group(0) @binding(0) var textures: binding_array<texture_2d<f32>>;
        @fragment fn main(@builtin(position) p: vec4<f32>) -> @location(0) vec4<f32> {
            return textureLoad(textures[u32(p.x)], vec2(0), 0);
        }";
    let module = naga::front::wgsl::parse_str(source).unwrap();
    let info = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), naga::valid::Capabilities::all())
        .validate(&module)
        .unwrap();
    let listed = |extra: &[spv::Capability]| spv::Options {
        capabilities: Some(
            [spv::Capability::Shader, spv::Capability::ShaderNonUniform]
                .iter()
                .chain(extra)
                .copied()
                .collect(),
        ),
        ..Default::default()
    };
    let words = spv::write_vec(&module, &info, &listed(&[]), None).expect("upstream's module");
    let declares = |words: &[u32]| {
        words
            .windows(2)
            .any(|w| w[0] == (2 << 16 | 17) && w[1] == spv::Capability::RuntimeDescriptorArray as u32)
    };
    assert!(!declares(&words));
    let words = spv::write_vec(
        &module,
        &info,
        &listed(&[spv::Capability::RuntimeDescriptorArray]),
        None,
    )
    .unwrap();
    assert!(declares(&words), "declared where the caller allows it");
}
