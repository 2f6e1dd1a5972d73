//! The miss report's rewrite (`naga::resource_table::miss::instrument`): which call sites it
//! numbers, what it leaves alone, and that the result validates and compiles to SPIR-V.

use naga::back;
use naga::resource_table::{self, miss};
use naga::valid;
use naga_ext::Capabilities;

const SOURCE: &str = "enable resource_table;
struct Particles { v: array<vec4<f32>> }
@group(0) @binding(0) var<storage, read_write> out: array<vec4<f32>>;

fn albedo(i: u32) -> vec4<f32> {
    return textureLoad(getResource<texture_2d<f32>>(i), vec2(0), 0);
}

fn position(i: u32) -> vec4<f32> {
    return select(vec4(1.0), vec4(0.0), all(textureLoad(getResource<texture_2d<u32>>(i), vec2(0), 0) == vec4(0u)));
}

@compute @workgroup_size(1) fn cull(@builtin(global_invocation_id) id: vec3<u32>) {
    var sum = albedo(id.x);
    if hasResource<sampler>(id.x) { sum += vec4(1.0); }
    for (var k = 0u; k < 2u; k++) {
        sum += (*getResource<ptr<storage, Particles, read>>(k + 1u)).v[0];
    }
    out[id.x] = sum;
}

@vertex fn vs(@builtin(vertex_index) v: u32) -> @builtin(position) vec4<f32> {
    return vec4(position(v).xy, 0.0, 1.0);
}

@fragment fn fs() -> @location(0) vec4<f32> {
    return textureSample(getResource<texture_2d<f32>>(3), getResource<sampler>(4), vec2(0.5));
}
";

/// What wgpu rewrites on a device with fragment stores and without vertex stores.
const STAGES: &[naga::ShaderStage] = &[naga::ShaderStage::Compute, naga::ShaderStage::Fragment];

fn parsed(source: &str) -> naga::Module {
    let mut options = naga::front::wgsl::Options::new();
    options.capabilities = Capabilities::All.naga();
    naga::front::wgsl::Frontend::new_with_options(options)
        .parse(source)
        .unwrap_or_else(|e| panic!("{}", e.emit_to_string(source)))
}

fn validate(module: &naga::Module) -> valid::ModuleInfo {
    valid::Validator::new(valid::ValidationFlags::all(), Capabilities::All.naga())
        .validate(module)
        .unwrap_or_else(|e| panic!("{e:?}"))
}

/// `line:column` of a site.
fn place(site: &miss::MissSite, source: &str) -> String {
    let loc = site.span.location(source);
    format!("{}:{}", loc.line_number, loc.line_position)
}

#[test]
fn numbers_every_get_resource_outside_vertex_stages() {
    let mut module = parsed(SOURCE);
    let sites = miss::instrument(&mut module, 40, STAGES);
    let got = sites
        .iter()
        .map(|s| {
            format!(
                "{} {} {}{} {}",
                s.id,
                place(s, SOURCE),
                s.function.as_deref().unwrap_or("?"),
                if s.entry_point { " (entry point)" } else { "" },
                s.ty
            )
        })
        .collect::<Vec<_>>();
    // `position` is reached from the vertex stage only: no ring there. `hasResource` is a
    // query. Functions come before entry points, in expression order within each.
    assert_eq!(
        got,
        [
            "40 6:24 albedo texture_2d<f32>",
            "41 17:18 cull (entry point) ptr<storage, Particles, read>",
            "42 27:26 fs (entry point) texture_2d<f32>",
            "43 27:59 fs (entry point) sampler",
        ]
    );
    let ring = module
        .global_variables
        .iter()
        .find(|(_, v)| v.name.as_deref() == Some(miss::ring_name().as_str()))
        .map(|(_, v)| v)
        .expect("the ring global");
    assert!(miss::is_ring(ring) && resource_table::is_table_global(ring));
    assert_eq!(resource_table::global_kind(ring), None);

    let info = validate(&module);
    // The ring is reached by the compute and fragment entry points, not the vertex one.
    let ring_handle = module
        .global_variables
        .iter()
        .find(|(_, v)| v.name.as_deref() == Some(miss::ring_name().as_str()))
        .unwrap()
        .0;
    let uses = module
        .entry_points
        .iter()
        .enumerate()
        .map(|(i, ep)| (ep.name.as_str(), !info.get_entry_point(i)[ring_handle].is_empty()))
        .collect::<Vec<_>>();
    assert_eq!(uses, [("cull", true), ("vs", false), ("fs", true)]);

    // And it compiles, placed as wgpu places it.
    resource_table::place(&mut module, 1, &resource_table::Bindings::default());
    assert_eq!(
        module.global_variables[ring_handle].binding,
        Some(naga::ResourceBinding {
            group: 1,
            binding: miss::RING_BINDING
        })
    );
    let words = back::spv::write_vec(
        &module,
        &info,
        &back::spv::Options {
            lang_version: (1, 5),
            ..Default::default()
        },
        None,
    )
    .expect("SPIR-V");
    assert!(words.len() > 100);
}

#[test]
fn a_module_without_get_resource_is_left_as_it_was() {
    let source = "enable resource_table;
        @group(0) @binding(0) var<storage, read_write> out: array<u32>;
        @compute @workgroup_size(1) fn main() { out[0] = u32(hasResource<sampler>(0u)); }";
    let before = parsed(source);
    let mut after = parsed(source);
    assert_eq!(miss::instrument(&mut after, 0, STAGES), []);
    assert_eq!(format!("{before:?}"), format!("{after:?}"));
}

#[test]
fn the_ring_layout_is_what_readers_expect() {
    assert_eq!(miss::RING_ENTRIES, 64);
    assert_eq!(
        (
            miss::COUNT_OFFSET,
            miss::SEEN_OFFSET,
            miss::MISSES_OFFSET,
            miss::RING_SIZE
        ),
        (0, 4, 264, 776)
    );
    // The validator's layouter agrees with the offsets the rewrite declares.
    let mut module = parsed(SOURCE);
    miss::instrument(&mut module, 0, STAGES);
    let mut layouter = naga::proc::Layouter::default();
    layouter.update(module.to_ctx()).unwrap();
    let (_, ring) = module
        .global_variables
        .iter()
        .find(|(_, v)| v.name.as_deref() == Some(miss::ring_name().as_str()))
        .unwrap();
    assert_eq!(layouter[ring.ty].size as u64, miss::RING_SIZE);
}

/// A helper that the vertex entry point also calls gets no ring writes (Vulkan's vertex
/// stores), from any stage; with vertex stores allowed, every entry point's call is numbered.
#[test]
fn functions_a_left_out_stage_reaches_are_left_out() {
    let source = "enable resource_table;
fn material(i: u32) -> vec4<f32> { return textureLoad(getResource<texture_2d<f32>>(i), vec2(0), 0); }
@vertex fn vs(@builtin(vertex_index) v: u32) -> @builtin(position) vec4<f32> { return material(v); }
@fragment fn fs() -> @location(0) vec4<f32> { return material(1u); }
@compute @workgroup_size(1) fn cs() { _ = material(2u); }";
    let mut module = parsed(source);
    assert_eq!(miss::instrument(&mut module, 0, STAGES), []);
    let mut module = parsed(source);
    let all = [
        naga::ShaderStage::Vertex,
        naga::ShaderStage::Fragment,
        naga::ShaderStage::Compute,
    ];
    let sites = miss::instrument(&mut module, 0, &all);
    assert_eq!(sites.len(), 1);
    assert_eq!(sites[0].function.as_deref(), Some("material"));
    validate(&module);
}

/// The shader's hash, as readers model it.
#[test]
fn seen_bits_spread_over_the_set() {
    assert_eq!(miss::seen_bit(0, 0), 0);
    let bits = (0..64u32)
        .map(|slot| miss::seen_bit(slot, 7))
        .collect::<std::collections::BTreeSet<_>>();
    assert!(bits.len() >= 62, "{}", bits.len());
    assert!(bits.iter().all(|&b| b < 2048));
}
