/*!
The resource table of the WebGPU bindless proposal (`enable resource_table;` in WGSL).

The table has no type or name in the shader: `getResource<T>(i)` and `hasResource<T>(i)` reach
it. The WGSL front end lowers both to ordinary IR over a few globals it synthesizes, so every
backend and the validator handle them like any other binding array. This module is the one
place that defines how those globals look: the *resource-table ABI* that naga's backends and
wgpu-hal share (documented with the same numbers in the repository's ARCHITECTURE.md).

# The ABI

- All table globals share one bind group (descriptor set / register space). The front end
  leaves it as [`UNPLACED_GROUP`]; whoever builds the pipeline calls [`place`] to move them
  to their real group (wgpu puts the table right after the pipeline layout's bind groups).
- Inside that group ([`Bindings`], defaults in parentheses):
  - the metadata (0): a read-only storage buffer `{ length: u32, type_ids: array<u32> }`;
  - sampled textures (1), samplers (2), storage textures (3), storage buffers (4): one
    runtime-sized binding array per kind. Every texture type the shader uses gets its own
    array variable at the sampled-texture binding (Vulkan allows such aliasing), and so on.
- A slot `i < length` holds at most one resource; `type_ids[i]` is its metadata word
  ([`TypeId::metadata_word`]): its [`TypeId`] in the low [`ID_BITS`] bits, or
  [`TypeId::EMPTY`] when the slot is empty *or not visible* (an unpinned resource), so pinning
  only rewrites ids. A storage buffer slot also carries its binding's size, in 4-byte units
  (saturating at [`MAX_BUFFER_UNITS`]), in the bits above.
- After the `length` API-visible slots come the default resources, one per type id: the
  default of type id `t` lives in slot `length + t - 1` of its kind's array.
- `hasResource<T>(i)` is `i < length && type_ids[i] ∈ ids(T)` — for `ptr<storage, S>` also
  `size(type_ids[i]) >= ` [`min_binding_units`]`(S)`, WebGPU's minimum binding size; `getResource<T>(i)` is the
  resource in slot `i` when `hasResource<T>(i)`, else slot `length + ID(T) - 1`. Indices are
  `u32`; an `i32` index is reinterpreted, so negative indices are out of range.
*/

mod module;
mod types;

pub use module::*;
pub use types::*;

/// The group of table globals before [`place`] gives them their real one.
pub const UNPLACED_GROUP: u32 = u32::MAX;

/// Names of the globals the front end synthesizes start with this (WGSL reserves
/// identifiers starting with `__`, so no user declaration can collide).
pub const GLOBAL_PREFIX: &str = "__resource_table";

/// The kinds of descriptors a table holds, each at its own binding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// The `{ length, type_ids }` storage buffer.
    Metadata,
    SampledTexture,
    Sampler,
    StorageTexture,
    StorageBuffer,
}

impl Kind {
    /// All kinds, in default binding order.
    pub const ALL: [Kind; 5] = [
        Kind::Metadata,
        Kind::SampledTexture,
        Kind::Sampler,
        Kind::StorageTexture,
        Kind::StorageBuffer,
    ];

    /// The binding the front end gives this kind ([`Bindings::default`]).
    pub const fn default_binding(self) -> u32 {
        self as u32
    }

    /// Whether only heterogeneous tables may hold this kind.
    pub const fn is_heterogeneous(self) -> bool {
        matches!(self, Kind::StorageTexture | Kind::StorageBuffer)
    }
}

/// Binding numbers of each kind inside the table's group.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serialize", derive(serde::Serialize))]
#[cfg_attr(feature = "deserialize", derive(serde::Deserialize))]
pub struct Bindings {
    pub metadata: u32,
    pub sampled_textures: u32,
    pub samplers: u32,
    pub storage_textures: u32,
    pub storage_buffers: u32,
}

impl Default for Bindings {
    fn default() -> Self {
        Self {
            metadata: Kind::Metadata.default_binding(),
            sampled_textures: Kind::SampledTexture.default_binding(),
            samplers: Kind::Sampler.default_binding(),
            storage_textures: Kind::StorageTexture.default_binding(),
            storage_buffers: Kind::StorageBuffer.default_binding(),
        }
    }
}

impl Bindings {
    pub const fn of(&self, kind: Kind) -> u32 {
        match kind {
            Kind::Metadata => self.metadata,
            Kind::SampledTexture => self.sampled_textures,
            Kind::Sampler => self.samplers,
            Kind::StorageTexture => self.storage_textures,
            Kind::StorageBuffer => self.storage_buffers,
        }
    }
}
