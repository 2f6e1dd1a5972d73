//! docs/src/abi.md's type-id table is the ABI that naga (the shader side), wgpu-core (the
//! metadata it writes) and hal (the default slots) share. This test renders that table from
//! naga itself, each type written in WGSL, parsed, and its id taken from
//! `ResourceType::from_type`, and compares it with the document's (between
//! `<!-- abi:type-ids -->` markers). `BLESS=1` rewrites the document's table instead.

use naga::resource_table::{ResourceType, TypeId};
use naga_ext::Capabilities;

/// The id of the WGSL type `ty`, through the front end and `ResourceType::from_type`.
fn id_of(ty: &str) -> u32 {
    let source = format!("enable resource_table; struct S {{ v: u32 }} alias T = {ty};");
    let v = naga_ext::validate(&source, "abi.wgsl", Capabilities::All).unwrap_or_else(|e| panic!("{ty}: {e}"));
    let ids: Vec<u32> = v
        .module
        .types
        .iter()
        .filter_map(|(handle, _)| ResourceType::from_type(&v.module.types, handle))
        .map(|r| r.type_id().0)
        .collect();
    assert_eq!(ids.len(), 1, "{ty}: one table type expected, found ids {ids:?}");
    ids[0]
}

/// `first–last`, or `a, b` for two ids, or one id.
fn range(ids: &[u32]) -> String {
    for pair in ids.windows(2) {
        assert_eq!(pair[1], pair[0] + 1, "ids of one row must be consecutive: {ids:?}");
    }
    match ids {
        [one] => one.to_string(),
        [a, b] => format!("{a}, {b}"),
        [first, .., last] => format!("{first}–{last}"),
        [] => unreachable!(),
    }
}

fn render() -> String {
    let mut rows = vec!["| ids | types |".to_string(), "| --- | --- |".to_string()];
    let mut covered = vec![false; TypeId::COUNT as usize];
    let row = |types: Vec<String>, rows: &mut Vec<String>, covered: &mut Vec<bool>| {
        let ids: Vec<u32> = types.iter().map(|t| id_of(t)).collect();
        for &id in &ids {
            assert!(!covered[id as usize], "id {id} given twice");
            covered[id as usize] = true;
        }
        let list: Vec<String> = types.iter().map(|t| format!("`{t}`")).collect();
        rows.push(format!("| {} | {} |", range(&ids), list.join(", ")));
    };
    assert_eq!(TypeId::EMPTY.0, 0);
    covered[0] = true;
    let c = &mut covered;
    rows.push("| 0 | empty / not visible |".to_string());
    let dims = ["1d", "2d", "2d_array", "3d", "cube", "cube_array"];
    for texel in ["f32", "i32", "u32"] {
        row(
            dims.iter().map(|d| format!("texture_{d}<{texel}>")).collect(),
            &mut rows,
            c,
        );
    }
    row(
        ["f32", "i32", "u32"]
            .iter()
            .map(|t| format!("texture_multisampled_2d<{t}>"))
            .collect(),
        &mut rows,
        c,
    );
    row(
        ["2d", "2d_array", "cube", "cube_array", "multisampled_2d"]
            .iter()
            .map(|s| format!("texture_depth_{s}"))
            .collect(),
        &mut rows,
        c,
    );
    row(vec!["sampler".into(), "sampler_comparison".into()], &mut rows, c);
    // Storage textures: the formula the document states, checked for every combination.
    let storage_dims = ["1d", "2d", "2d_array", "3d"];
    let texels = ["f32", "i32", "u32"];
    let base = id_of("texture_storage_1d<f32, read>");
    let mut last = base;
    for (d, dim) in storage_dims.iter().enumerate() {
        for (t, texel) in texels.iter().enumerate() {
            for (writable, access) in ["read", "read_write"].iter().enumerate() {
                let id = id_of(&format!("texture_storage_{dim}<{texel}, {access}>"));
                assert_eq!(id, base + ((d * 3 + t) * 2 + writable) as u32, "{dim} {texel} {access}");
                // Write-only views take the writable id (they need a writable pin).
                if writable == 1 {
                    assert_eq!(id_of(&format!("texture_storage_{dim}<{texel}, write>")), id);
                }
                assert!(!covered[id as usize], "id {id} given twice");
                covered[id as usize] = true;
                last = last.max(id);
            }
        }
    }
    assert_eq!(base % 2, 0, "read-only storage ids are even");
    // The ids between the samplers and the storage textures are unused padding.
    for id in 0..base {
        if !covered[id as usize] {
            rows.push(format!("| {id} | unused (keeps read-only storage ids even) |"));
            covered[id as usize] = true;
        }
    }
    rows.push(format!(
        "| {base}–{last} | storage textures: `{base} + (dim × 3 + texel) × 2 + writable`, dim = {}; texel = {} |",
        storage_dims.join(", "),
        texels.join(", ")
    ));
    let buffers = [id_of("ptr<storage, S, read>"), id_of("ptr<storage, S, read_write>")];
    for id in buffers {
        assert!(!covered[id as usize], "id {id} given twice");
        covered[id as usize] = true;
    }
    rows.push(format!(
        "| {} | storage buffer pinned read-only, writable |",
        range(&buffers)
    ));
    let missing: Vec<usize> = (0..covered.len()).filter(|&i| !covered[i]).collect();
    assert!(
        missing.is_empty(),
        "ids below TypeId::COUNT that no type has: {missing:?}"
    );
    assert_eq!(buffers[1] + 1, TypeId::COUNT, "the storage buffers are the last ids");
    // The unused row sorts before the storage textures; keep the table in id order.
    let (head, tail) = rows.split_at(2);
    let mut body = tail.to_vec();
    body.sort_by_key(|r| {
        r[2..]
            .split(|c: char| !c.is_ascii_digit())
            .next()
            .unwrap()
            .parse::<u32>()
            .unwrap()
    });
    let mut out = head.to_vec();
    out.extend(body);
    out.join("\n")
}

#[test]
fn the_abi_pages_type_id_table_matches_naga() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/src/abi.md");
    let doc = std::fs::read_to_string(path).unwrap();
    let (start, end) = ("<!-- abi:type-ids -->\n", "\n<!-- /abi:type-ids -->");
    let a = doc.find(start).expect("docs/src/abi.md marks its type-id table") + start.len();
    let b = a + doc[a..].find(end).expect("the table's end marker");
    // Every descriptor array has a default slot per type id after the API slots.
    let defaults = format!("`size + {}`", TypeId::COUNT - 1);
    assert!(
        doc.contains(&defaults),
        "docs/src/abi.md gives the arrays' length as {defaults}"
    );
    let rendered = render();
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(path, format!("{}{rendered}{}", &doc[..a], &doc[b..])).unwrap();
        return;
    }
    assert_eq!(
        doc[a..b],
        rendered,
        "docs/src/abi.md's type-id table differs from naga's TypeId (BLESS=1 rewrites it)"
    );
}
