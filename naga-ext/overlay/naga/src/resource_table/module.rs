//! The table in a module: its globals, their placement, what an entry point uses, and
//! the validator's checks.

use crate::{
    arena::UniqueArena,
    valid::{Capabilities, FunctionInfo, GlobalUse},
    GlobalVariable, ImageClass, Module, ResourceBinding, ScalarKind, StorageAccess, Type, TypeInner,
};

use super::{Bindings, Kind, GLOBAL_PREFIX, UNPLACED_GROUP};

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
        self.metadata || self.sampled_textures || self.samplers || self.storage_textures || self.storage_buffers
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
