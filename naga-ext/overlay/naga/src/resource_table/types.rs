//! The types a table holds and their type ids: the numbers naga's backends and wgpu-hal share.

use alloc::{format, string::String};

use crate::{
    arena::{Handle, UniqueArena},
    AddressSpace, ImageClass, ImageDimension, ScalarKind, StorageAccess, Type, TypeInner,
};

use super::{is_formatless, Kind};

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
            TypeInner::Image { dim, arrayed, class } => match class {
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
                ImageClass::Storage { format, access } if is_formatless(access) => Self::StorageTexture {
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
                },
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
            Self::StorageBuffer { writes } => String::from(if writes { "storage_read_write" } else { "storage_read" }),
        }
    }
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
