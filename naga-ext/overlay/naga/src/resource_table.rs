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

use alloc::{format, string::String};

use crate::{
    arena::{Handle, UniqueArena},
    valid::{Capabilities, FunctionInfo, GlobalUse},
    AddressSpace, GlobalVariable, ImageClass, ImageDimension, Module, ResourceBinding, ScalarKind,
    StorageAccess, Type, TypeInner,
};

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

/// View dimensions of sampled textures, in type-id order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SampledDimension {
    D1,
    D2,
    D2Array,
    D3,
    Cube,
    CubeArray,
}

/// Depth texture shapes, in type-id order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DepthShape {
    D2,
    D2Array,
    Cube,
    CubeArray,
    Multisampled2d,
}

/// Storage texture dimensions, in type-id order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StorageDimension {
    D1,
    D2,
    D2Array,
    D3,
}

/// The scalar kind of a texture's texels, in type-id order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TexelKind {
    Float,
    Sint,
    Uint,
}

impl TexelKind {
    const fn from_scalar(kind: ScalarKind) -> Option<Self> {
        match kind {
            ScalarKind::Float => Some(Self::Float),
            ScalarKind::Sint => Some(Self::Sint),
            ScalarKind::Uint => Some(Self::Uint),
            _ => None,
        }
    }
}

/// A type a table slot can be read as: the `T` of `getResource<T>` / `hasResource<T>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ResourceType {
    Sampled {
        dim: SampledDimension,
        kind: TexelKind,
    },
    Multisampled {
        kind: TexelKind,
    },
    Depth(DepthShape),
    Sampler {
        comparison: bool,
    },
    StorageTexture {
        dim: StorageDimension,
        kind: TexelKind,
        /// Whether the shader writes (`write` or `read_write` access).
        writes: bool,
    },
    StorageBuffer {
        /// Whether the shader writes (`read_write` access).
        writes: bool,
    },
}

/// The bits of a metadata word that hold the type id.
pub const ID_BITS: u32 = 8;

/// The largest binding size a storage buffer slot's metadata word holds, in 4-byte units
/// (64 MiB - 4 bytes); larger bindings saturate to it.
pub const MAX_BUFFER_UNITS: u32 = u32::MAX >> ID_BITS;

/// WebGPU's minimum binding size of a storage buffer whose contents are `ty` — its size with
/// a runtime-sized array counting one element, naga's `span` (what wgpu-core requires of
/// bindful bindings) — in 4-byte units, rounded up.
pub fn min_binding_units(module_types: &UniqueArena<Type>, ty: Handle<Type>) -> u32 {
    let bytes = match module_types[ty].inner {
        TypeInner::Struct { span, .. } => span,
        _ => 0,
    };
    bytes.div_ceil(4)
}

/// The type id of a slot: which resource it holds, as far as shaders can tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TypeId(pub u32);

impl TypeId {
    /// An empty slot, or one whose resource is not visible (not pinned for this use).
    pub const EMPTY: Self = Self(0);
    /// Every type id is below this; the table keeps `COUNT - 1` default resources.
    pub const COUNT: u32 = 56;

    const SAMPLED: u32 = 1;
    const MULTISAMPLED: u32 = 19;
    const DEPTH: u32 = 22;
    const SAMPLER: u32 = 27;
    const COMPARISON_SAMPLER: u32 = 28;
    // 29 is unused, so that every read-only storage id is even and its writable twin odd.
    const STORAGE_TEXTURE: u32 = 30;
    const STORAGE_BUFFER: u32 = 54;

    pub const fn sampled(dim: SampledDimension, kind: TexelKind) -> Self {
        Self(Self::SAMPLED + kind as u32 * 6 + dim as u32)
    }

    pub const fn multisampled(kind: TexelKind) -> Self {
        Self(Self::MULTISAMPLED + kind as u32)
    }

    pub const fn depth(shape: DepthShape) -> Self {
        Self(Self::DEPTH + shape as u32)
    }

    pub const fn sampler(comparison: bool) -> Self {
        Self(if comparison {
            Self::COMPARISON_SAMPLER
        } else {
            Self::SAMPLER
        })
    }

    /// A storage texture pinned read-only (`writable == false`) or writable.
    pub const fn storage_texture(dim: StorageDimension, kind: TexelKind, writable: bool) -> Self {
        Self(Self::STORAGE_TEXTURE + (dim as u32 * 3 + kind as u32) * 2 + writable as u32)
    }

    /// A storage buffer pinned read-only or writable.
    pub const fn storage_buffer(writable: bool) -> Self {
        Self(Self::STORAGE_BUFFER + writable as u32)
    }

    /// The slot's metadata word: the id, and for storage buffers the binding's size in
    /// 4-byte units above [`ID_BITS`] (saturating; WebGPU binding sizes are multiples of 4).
    pub fn metadata_word(self, buffer_binding_size: Option<u64>) -> u32 {
        match (self.kind(), buffer_binding_size) {
            (Some(Kind::StorageBuffer), Some(size)) => {
                let units = u32::try_from(size / 4).unwrap_or(u32::MAX).min(MAX_BUFFER_UNITS);
                self.0 | units << ID_BITS
            }
            _ => self.0,
        }
    }

    /// Where this id's default resource lives, counted from the table's length.
    pub const fn default_slot_offset(self) -> u32 {
        self.0 - 1
    }

    /// The descriptor kind of slots with this id.
    pub const fn kind(self) -> Option<Kind> {
        Some(match self.0 {
            0 | 29 => return None,
            1..=26 => Kind::SampledTexture,
            27 | 28 => Kind::Sampler,
            30..=53 => Kind::StorageTexture,
            54 | 55 => Kind::StorageBuffer,
            _ => return None,
        })
    }
}

impl ResourceType {
    /// The `T` a naga type stands for, if a table can hold it. Storage buffers are written
    /// `ptr<storage, S, access>` and stand for their pointee.
    pub fn from_type(types: &UniqueArena<Type>, ty: Handle<Type>) -> Option<Self> {
        Some(match types[ty].inner {
            TypeInner::Image {
                dim,
                arrayed,
                class,
            } => match class {
                ImageClass::Sampled { kind, multi: false } => Self::Sampled {
                    dim: match (dim, arrayed) {
                        (ImageDimension::D1, false) => SampledDimension::D1,
                        (ImageDimension::D2, false) => SampledDimension::D2,
                        (ImageDimension::D2, true) => SampledDimension::D2Array,
                        (ImageDimension::D3, false) => SampledDimension::D3,
                        (ImageDimension::Cube, false) => SampledDimension::Cube,
                        (ImageDimension::Cube, true) => SampledDimension::CubeArray,
                        _ => return None,
                    },
                    kind: TexelKind::from_scalar(kind)?,
                },
                ImageClass::Sampled { kind, multi: true } => match (dim, arrayed) {
                    (ImageDimension::D2, false) => Self::Multisampled {
                        kind: TexelKind::from_scalar(kind)?,
                    },
                    _ => return None,
                },
                ImageClass::Depth { multi } => Self::Depth(match (dim, arrayed, multi) {
                    (ImageDimension::D2, false, false) => DepthShape::D2,
                    (ImageDimension::D2, true, false) => DepthShape::D2Array,
                    (ImageDimension::Cube, false, false) => DepthShape::Cube,
                    (ImageDimension::Cube, true, false) => DepthShape::CubeArray,
                    (ImageDimension::D2, false, true) => DepthShape::Multisampled2d,
                    _ => return None,
                }),
                ImageClass::Storage { format, access } if is_formatless(access) => {
                    Self::StorageTexture {
                        dim: match (dim, arrayed) {
                            (ImageDimension::D1, false) => StorageDimension::D1,
                            (ImageDimension::D2, false) => StorageDimension::D2,
                            (ImageDimension::D2, true) => StorageDimension::D2Array,
                            (ImageDimension::D3, false) => StorageDimension::D3,
                            _ => return None,
                        },
                        kind: match crate::Scalar::from(format).kind {
                            ScalarKind::Sint => TexelKind::Sint,
                            ScalarKind::Uint => TexelKind::Uint,
                            _ => TexelKind::Float,
                        },
                        writes: access.contains(StorageAccess::STORE),
                    }
                }
                ImageClass::External | ImageClass::Storage { .. } => return None,
            },
            TypeInner::Sampler { comparison } => Self::Sampler { comparison },
            // Binding arrays hold structs only: the buffer's contents are a struct `S`.
            TypeInner::Pointer {
                base,
                space: AddressSpace::Storage { access },
            } if matches!(types[base].inner, TypeInner::Struct { .. }) => Self::StorageBuffer {
                writes: access.contains(StorageAccess::STORE),
            },
            _ => return None,
        })
    }

    pub const fn kind(self) -> Kind {
        match self {
            Self::Sampled { .. } | Self::Multisampled { .. } | Self::Depth(_) => Kind::SampledTexture,
            Self::Sampler { .. } => Kind::Sampler,
            Self::StorageTexture { .. } => Kind::StorageTexture,
            Self::StorageBuffer { .. } => Kind::StorageBuffer,
        }
    }

    /// The id whose default resource `getResource` returns for this type.
    pub const fn type_id(self) -> TypeId {
        match self {
            Self::Sampled { dim, kind } => TypeId::sampled(dim, kind),
            Self::Multisampled { kind } => TypeId::multisampled(kind),
            Self::Depth(shape) => TypeId::depth(shape),
            Self::Sampler { comparison } => TypeId::sampler(comparison),
            Self::StorageTexture { dim, kind, writes } => TypeId::storage_texture(dim, kind, writes),
            Self::StorageBuffer { writes } => TypeId::storage_buffer(writes),
        }
    }

    /// `(mask, expected)` such that a slot's id is this type's exactly when
    /// `type_ids[i] & mask == expected`. Read-only access accepts read-only and writable
    /// slots alike (their ids differ only in bit 0); everything else wants its own id.
    /// Storage buffers also leave out the size bits, which [`min_binding_units`] checks.
    pub const fn visibility_test(self) -> (u32, u32) {
        const ID_MASK: u32 = (1 << ID_BITS) - 1;
        match self {
            Self::StorageTexture { writes: false, .. } => (!1, self.type_id().0),
            Self::StorageBuffer { writes: false } => (ID_MASK & !1, self.type_id().0),
            Self::StorageBuffer { writes: true } => (ID_MASK, self.type_id().0),
            _ => (!0, self.type_id().0),
        }
    }

    /// Whether a slot of type id `id` is visible as this type.
    pub const fn accepts(self, id: TypeId) -> bool {
        let (mask, expected) = self.visibility_test();
        id.0 != 0 && id.0 & mask == expected
    }

    /// A name fragment for the global holding this type (`texture_2d_f32`, …).
    pub fn global_suffix(self) -> String {
        let kind = |k: TexelKind| match k {
            TexelKind::Float => "f32",
            TexelKind::Sint => "i32",
            TexelKind::Uint => "u32",
        };
        match self {
            Self::Sampled { dim, kind: k } => {
                let dim = match dim {
                    SampledDimension::D1 => "1d",
                    SampledDimension::D2 => "2d",
                    SampledDimension::D2Array => "2d_array",
                    SampledDimension::D3 => "3d",
                    SampledDimension::Cube => "cube",
                    SampledDimension::CubeArray => "cube_array",
                };
                format!("texture_{dim}_{}", kind(k))
            }
            Self::Multisampled { kind: k } => format!("texture_multisampled_2d_{}", kind(k)),
            Self::Depth(shape) => String::from(match shape {
                DepthShape::D2 => "texture_depth_2d",
                DepthShape::D2Array => "texture_depth_2d_array",
                DepthShape::Cube => "texture_depth_cube",
                DepthShape::CubeArray => "texture_depth_cube_array",
                DepthShape::Multisampled2d => "texture_depth_multisampled_2d",
            }),
            Self::Sampler { comparison: false } => String::from("sampler"),
            Self::Sampler { comparison: true } => String::from("sampler_comparison"),
            // The access (`read`, `write`, `read_write`) is part of the type, so the front end
            // appends it: `write` and `read_write` share a type id but not a type.
            Self::StorageTexture { dim, kind: k, .. } => {
                let dim = match dim {
                    StorageDimension::D1 => "1d",
                    StorageDimension::D2 => "2d",
                    StorageDimension::D2Array => "2d_array",
                    StorageDimension::D3 => "3d",
                };
                format!("texture_storage_{dim}_{}", kind(k))
            }
            Self::StorageBuffer { writes } => {
                String::from(if writes { "storage_read_write" } else { "storage_read" })
            }
        }
    }
}

/// The WGSL spelling of the types a table can hold, for diagnostics.
pub const ALLOWED_TYPES: &str = "texture_1d<T>, texture_2d<T>, texture_2d_array<T>, texture_3d<T>, \
     texture_cube<T>, texture_cube_array<T>, texture_multisampled_2d<T> (T = f32, i32 or u32), \
     texture_depth_2d, texture_depth_2d_array, texture_depth_cube, texture_depth_cube_array, \
     texture_depth_multisampled_2d, sampler, sampler_comparison, and with the heterogeneous \
     resource table texture_storage_1d<T, A>, texture_storage_2d<T, A>, \
     texture_storage_2d_array<T, A>, texture_storage_3d<T, A> (A = read, write or read_write), \
     ptr<storage, S, read> or ptr<storage, S, read_write> (S = a struct)";

/// Whether `var` is one of the table globals the front end synthesizes (before [`place`]).
pub fn is_table_global(var: &GlobalVariable) -> bool {
    var.binding.is_some_and(|b| b.group == UNPLACED_GROUP) && has_table_name(var)
}

/// Whether `var` has a table global's name: true of table globals before and after
/// [`place`] (WGSL names cannot start with [`GLOBAL_PREFIX`]).
pub fn has_table_name(var: &GlobalVariable) -> bool {
    var.name.as_deref().is_some_and(|n| n.starts_with(GLOBAL_PREFIX))
}

/// Whether `module` uses the resource table: table globals, placed or not (their names
/// give them away), or format-less storage texture types.
pub fn module_has_table(module: &Module) -> bool {
    module
        .global_variables
        .iter()
        .any(|(_, v)| has_table_name(v))
        || module.types.iter().any(|(_, ty)| {
            matches!(ty.inner, TypeInner::Image { class: ImageClass::Storage { access, .. }, .. } if is_formatless(access))
        })
}

/// The WGSL enable extension of resource tables: `enable resource_table;`.
pub const ENABLE_EXTENSION: &str = "resource_table";

/// The format a format-less storage texture of the WGSL texel type `word` (`f32`, `i32`,
/// `u32`) carries in the IR: the 32-bit four-channel format of that type, beside
/// [`StorageAccess::FORMATLESS`]. (A format-less texture is no new [`crate::StorageFormat`]
/// variant: that enum is public and exhaustive.)
pub fn formatless_storage_format(word: &str) -> Option<crate::StorageFormat> {
    Some(match word {
        "f32" => crate::StorageFormat::Rgba32Float,
        "i32" => crate::StorageFormat::Rgba32Sint,
        "u32" => crate::StorageFormat::Rgba32Uint,
        _ => return None,
    })
}

/// Whether a storage image of this access is format-less.
pub const fn is_formatless(access: StorageAccess) -> bool {
    access.contains(StorageAccess::FORMATLESS)
}

/// How WGSL names the format of a format-less storage texture: its texel type.
pub fn formatless_wgsl(format: crate::StorageFormat, access: StorageAccess) -> Option<&'static str> {
    if !is_formatless(access) {
        return None;
    }
    Some(match crate::Scalar::from(format).kind {
        ScalarKind::Sint => "i32",
        ScalarKind::Uint => "u32",
        _ => "f32",
    })
}

/// The kind of a table global, from the binding the front end gave it.
pub fn global_kind(var: &GlobalVariable) -> Option<Kind> {
    if !is_table_global(var) {
        return None;
    }
    let binding = var.binding?.binding;
    Kind::ALL.into_iter().find(|k| k.default_binding() == binding)
}

/// Moves the table globals of `module` to `group`, at `bindings`. Returns whether the
/// module has any. Call it once, on a copy of the module, before handing it to a backend.
pub fn place(module: &mut Module, group: u32, bindings: &Bindings) -> bool {
    let mut any = false;
    for (_, var) in module.global_variables.iter_mut() {
        if let Some(kind) = global_kind(var) {
            var.binding = Some(ResourceBinding {
                group,
                binding: bindings.of(kind),
            });
            any = true;
        }
    }
    any
}

/// What an entry point (or any function) needs of the table: reflection for the pipeline
/// layout (`usesResourceTable`) and for feature checks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Usage {
    pub metadata: bool,
    pub sampled_textures: bool,
    pub samplers: bool,
    pub storage_textures: bool,
    pub storage_buffers: bool,
}

impl Usage {
    /// Whether the function touches the table at all.
    pub const fn uses_table(&self) -> bool {
        self.metadata
            || self.sampled_textures
            || self.samplers
            || self.storage_textures
            || self.storage_buffers
    }

    /// Whether it needs a heterogeneous table.
    pub const fn needs_heterogeneous(&self) -> bool {
        self.storage_textures || self.storage_buffers
    }
}

/// The table usage of a function, from its analysis (`ModuleInfo::get_entry_point(i)` for
/// an entry point). Works before and after [`place`]: placed globals are found by name.
pub fn usage(module: &Module, info: &FunctionInfo) -> Usage {
    let mut usage = Usage::default();
    for (handle, var) in module.global_variables.iter() {
        if !has_table_name(var) || info[handle] == GlobalUse::empty() {
            continue;
        }
        let kind = if var.binding.is_some_and(|b| b.group == UNPLACED_GROUP) {
            global_kind(var)
        } else {
            kind_of_type(module, var)
        };
        match kind {
            Some(Kind::Metadata) => usage.metadata = true,
            Some(Kind::SampledTexture) => usage.sampled_textures = true,
            Some(Kind::Sampler) => usage.samplers = true,
            Some(Kind::StorageTexture) => usage.storage_textures = true,
            Some(Kind::StorageBuffer) => usage.storage_buffers = true,
            None => {}
        }
    }
    usage
}

fn kind_of_type(module: &Module, var: &GlobalVariable) -> Option<Kind> {
    match module.types[var.ty].inner {
        TypeInner::BindingArray { base, .. } => Some(match module.types[base].inner {
            TypeInner::Image {
                class: ImageClass::Storage { .. },
                ..
            } => Kind::StorageTexture,
            TypeInner::Image { .. } => Kind::SampledTexture,
            TypeInner::Sampler { .. } => Kind::Sampler,
            _ => Kind::StorageBuffer,
        }),
        _ => Some(Kind::Metadata),
    }
}

/// Capabilities that [`Capabilities::RESOURCE_TABLE`] and
/// [`Capabilities::HETEROGENEOUS_RESOURCE_TABLE`] bring with them: the table's globals are
/// binding arrays indexed non-uniformly, so the validator must accept those.
pub(crate) const fn implied_capabilities(caps: Capabilities) -> Capabilities {
    let mut caps = caps;
    if caps.contains(Capabilities::HETEROGENEOUS_RESOURCE_TABLE) {
        caps = caps
            .union(Capabilities::RESOURCE_TABLE)
            .union(Capabilities::STORAGE_TEXTURE_BINDING_ARRAY)
            .union(Capabilities::STORAGE_TEXTURE_BINDING_ARRAY_NON_UNIFORM_INDEXING)
            .union(Capabilities::STORAGE_BUFFER_BINDING_ARRAY)
            .union(Capabilities::STORAGE_BUFFER_BINDING_ARRAY_NON_UNIFORM_INDEXING);
    }
    if caps.contains(Capabilities::RESOURCE_TABLE) {
        caps = caps
            .union(Capabilities::TEXTURE_AND_SAMPLER_BINDING_ARRAY)
            .union(Capabilities::TEXTURE_AND_SAMPLER_BINDING_ARRAY_NON_UNIFORM_INDEXING);
    }
    caps
}

/// Checks the table-specific rules for a global: a table global needs the capability of
/// its kind, and format-less storage textures exist only inside the table.
pub(crate) fn check_global(
    var: &GlobalVariable,
    types: &UniqueArena<Type>,
    caps: Capabilities,
) -> Result<(), crate::valid::GlobalVariableError> {
    if let Some(missing) = missing_capability(var, caps) {
        return Err(crate::valid::GlobalVariableError::UnsupportedCapability(missing));
    }
    let element = match types[var.ty].inner {
        TypeInner::BindingArray { base, .. } => base,
        _ => var.ty,
    };
    let formatless = matches!(
        types[element].inner,
        TypeInner::Image { class: ImageClass::Storage { access, .. }, .. } if is_formatless(access)
    );
    if formatless && !is_table_global(var) {
        return Err(crate::valid::GlobalVariableError::InvalidType(var.space));
    }
    Ok(())
}

/// The capability a table global needs that `caps` lacks, if any.
fn missing_capability(var: &GlobalVariable, caps: Capabilities) -> Option<Capabilities> {
    let kind = global_kind(var)?;
    let needed = if kind.is_heterogeneous() {
        Capabilities::HETEROGENEOUS_RESOURCE_TABLE
    } else {
        Capabilities::RESOURCE_TABLE
    };
    (!caps.contains(needed)).then_some(needed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_types() -> alloc::vec::Vec<ResourceType> {
        use ResourceType as R;
        let kinds = [TexelKind::Float, TexelKind::Sint, TexelKind::Uint];
        let mut out = alloc::vec::Vec::new();
        for kind in kinds {
            for dim in [
                SampledDimension::D1,
                SampledDimension::D2,
                SampledDimension::D2Array,
                SampledDimension::D3,
                SampledDimension::Cube,
                SampledDimension::CubeArray,
            ] {
                out.push(R::Sampled { dim, kind });
            }
            out.push(R::Multisampled { kind });
            for dim in [
                StorageDimension::D1,
                StorageDimension::D2,
                StorageDimension::D2Array,
                StorageDimension::D3,
            ] {
                for writes in [false, true] {
                    out.push(R::StorageTexture { dim, kind, writes });
                }
            }
        }
        for shape in [
            DepthShape::D2,
            DepthShape::D2Array,
            DepthShape::Cube,
            DepthShape::CubeArray,
            DepthShape::Multisampled2d,
        ] {
            out.push(R::Depth(shape));
        }
        for comparison in [false, true] {
            out.push(R::Sampler { comparison });
        }
        for writes in [false, true] {
            out.push(R::StorageBuffer { writes });
        }
        out
    }

    #[test]
    fn type_ids_are_distinct_dense_and_of_the_right_kind() {
        let types = all_types();
        let mut ids: alloc::vec::Vec<u32> = types.iter().map(|t| t.type_id().0).collect();
        for t in &types {
            assert_eq!(t.type_id().kind(), Some(t.kind()), "{t:?}");
        }
        ids.sort();
        let expected: alloc::vec::Vec<u32> = (1..TypeId::COUNT).filter(|&i| i != 29).collect();
        assert_eq!(ids, expected);
    }

    #[test]
    fn read_only_access_accepts_writable_slots_but_not_the_reverse() {
        let read = ResourceType::StorageBuffer { writes: false };
        let write = ResourceType::StorageBuffer { writes: true };
        assert!(read.accepts(TypeId::storage_buffer(false)));
        assert!(read.accepts(TypeId::storage_buffer(true)));
        assert!(!write.accepts(TypeId::storage_buffer(false)));
        assert!(write.accepts(TypeId::storage_buffer(true)));
        let tex = ResourceType::Sampled {
            dim: SampledDimension::D2,
            kind: TexelKind::Float,
        };
        assert!(tex.accepts(TypeId(2)));
        assert!(!tex.accepts(TypeId(3)));
        assert!(!tex.accepts(TypeId::EMPTY));
        assert!(!read.accepts(TypeId::EMPTY));
    }

    #[test]
    fn buffer_words_carry_the_size_above_the_id_and_the_masks_ignore_it() {
        let id = TypeId::storage_buffer(true);
        let word = id.metadata_word(Some(64));
        assert_eq!((word & ((1 << ID_BITS) - 1), word >> ID_BITS), (id.0, 16));
        assert!(ResourceType::StorageBuffer { writes: true }.accepts(TypeId(word)));
        assert!(ResourceType::StorageBuffer { writes: false }.accepts(TypeId(word)));
        assert_eq!(id.metadata_word(Some(u64::MAX)) >> ID_BITS, MAX_BUFFER_UNITS);
        // Only buffers carry a size.
        let sampler = TypeId::sampler(false);
        assert_eq!(sampler.metadata_word(Some(64)), sampler.0);
        assert_eq!(TypeId::EMPTY.metadata_word(Some(64)), 0);
    }
}
