//! The resource table in HLSL: the Shader Model 6.6 descriptor-heap form.
//!
//! The table's metadata buffer stays a root `ByteAddressBuffer` at the binding map's target
//! for the metadata global (`t<register>, space<space>`); next to it, two root constants at
//! `b<register>` of the same space say where the table starts in the two shader-visible
//! heaps:
//!
//! ```hlsl
//! ByteAddressBuffer _resource_table_metadata : register(t0, space1);
//! cbuffer naga_resource_table_bases : register(b0, space1) { uint naga_resource_table_resources; uint naga_resource_table_samplers; }
//! Texture2D<float4> naga_resource_table_texture_2d_f32(uint i) { return ResourceDescriptorHeap[naga_resource_table_resources + i]; }
//! ```
//!
//! Every descriptor array of the table becomes an accessor function over a heap, so all the
//! kinds share one run of `size + 55` heap descriptors (D3D12 heap descriptors have no fixed
//! type: a heterogeneous table needs no more room than a sampling one), and samplers have a
//! run in the sampler heap. `getResource<T>(i)` is lowered to an index into the array of `T`
//! (`i`, or the default slot of `T`), which becomes a call of its accessor; a non-uniform
//! index calls the `_nonuniform` accessor, which wraps the heap index in
//! `NonUniformResourceIndex`. Storage buffers are `(RW)ByteAddressBuffer`s from the heap, as
//! this backend writes every storage buffer: a storage access chain that starts at a table
//! buffer uses its accessor call where it would name the buffer. Older shader models cannot
//! index the heaps and are refused.

use alloc::{format, string::String};

use super::{BackendResult, Error, ShaderModel};
use crate::{back, proc::NameKey, resource_table, Expression, Handle, Module, TypeInner};

const BASES: &str = "naga_resource_table_bases";
const RESOURCE_BASE: &str = "naga_resource_table_resources";
const SAMPLER_BASE: &str = "naga_resource_table_samplers";

/// A table global of a module after `resource_table::place`.
fn is_table_global(var: &crate::GlobalVariable) -> bool {
    var.binding.is_some() && resource_table::has_table_name(var)
}

/// The descriptor array of the table that `var` is, if it is one (not the metadata).
fn table_array(module: &Module, var: &crate::GlobalVariable) -> Option<Handle<crate::Type>> {
    match module.types[var.ty].inner {
        TypeInner::BindingArray { base, .. } if is_table_global(var) => Some(base),
        _ => None,
    }
}

/// The accessor function of a table array (a `naga_` name, which user names cannot take).
fn accessor(var: &crate::GlobalVariable, non_uniform: bool) -> String {
    let name = var.name.as_deref().unwrap_or_default().trim_start_matches('_');
    format!("naga_{name}{}", if non_uniform { "_nonuniform" } else { "" })
}

/// An index into a table array: an expression, or a constant.
pub(super) enum TableIndex {
    Expression(Handle<Expression>),
    Constant(u32),
}

impl<W: core::fmt::Write> super::Writer<'_, W> {
    /// Refuses modules whose table the shader model cannot reach.
    pub(super) fn check_resource_table(&self, module: &Module) -> BackendResult {
        let uses_table = module.global_variables.iter().any(|(_, v)| is_table_global(v));
        if uses_table && self.options.shader_model < ShaderModel::V6_6 {
            return Err(Error::ShaderModelTooLow(
                "the resource table (ResourceDescriptorHeap)".into(),
                ShaderModel::V6_6,
            ));
        }
        Ok(())
    }

    /// Writes the declarations of a table global; `false` if `handle` is not one. The metadata
    /// global brings the heap bases and every array's accessors; the arrays declare nothing.
    pub(super) fn write_table_global(
        &mut self,
        module: &Module,
        handle: Handle<crate::GlobalVariable>,
    ) -> Result<bool, Error> {
        let var = &module.global_variables[handle];
        if !is_table_global(var) {
            return Ok(false);
        }
        if table_array(module, var).is_some() {
            return Ok(true);
        }
        let Some(Ok(bt)) = var.binding.as_ref().map(|b| self.options.resolve_resource_binding(b)) else {
            // Not reachable from the entry point being written (like any other global).
            return Ok(true);
        };
        let space = if bt.space != 0 { format!(", space{}", bt.space) } else { String::new() };
        let name = &self.names[&NameKey::GlobalVariable(handle)];
        writeln!(self.out, "ByteAddressBuffer {name} : register(t{}{space});", bt.register)?;
        writeln!(
            self.out,
            "cbuffer {BASES} : register(b{}{space}) {{ uint {RESOURCE_BASE}; uint {SAMPLER_BASE}; }}",
            bt.register
        )?;
        for (_, var) in module.global_variables.iter() {
            let Some(element) = table_array(module, var) else { continue };
            let (heap, base) = match module.types[element].inner {
                TypeInner::Sampler { .. } => ("SamplerDescriptorHeap", SAMPLER_BASE),
                _ => ("ResourceDescriptorHeap", RESOURCE_BASE),
            };
            for non_uniform in [false, true] {
                match var.space {
                    // Storage buffers are raw buffers, as everywhere in this backend.
                    crate::AddressSpace::Storage { access } if access.contains(crate::StorageAccess::STORE) => {
                        write!(self.out, "RWByteAddressBuffer")?
                    }
                    crate::AddressSpace::Storage { .. } => write!(self.out, "ByteAddressBuffer")?,
                    _ => self.write_type(module, element)?,
                }
                let index = if non_uniform {
                    format!("NonUniformResourceIndex({base} + i)")
                } else {
                    format!("{base} + i")
                };
                writeln!(self.out, " {}(uint i) {{ return {heap}[{index}]; }}", accessor(var, non_uniform))?;
            }
        }
        Ok(true)
    }

    /// Writes an element of a table array as a call of its accessor; `false` if `base` is not
    /// a table array.
    pub(super) fn write_table_access(
        &mut self,
        module: &Module,
        base: Handle<Expression>,
        index: TableIndex,
        func_ctx: &back::FunctionCtx<'_>,
    ) -> Result<bool, Error> {
        let Expression::GlobalVariable(handle) = func_ctx.expressions[base] else {
            return Ok(false);
        };
        if table_array(module, &module.global_variables[handle]).is_none() {
            return Ok(false);
        }
        let non_uniform = match index {
            TableIndex::Expression(index) => func_ctx.info[index].uniformity.non_uniform_result.is_some(),
            TableIndex::Constant(_) => false,
        };
        let name = accessor(&module.global_variables[handle], non_uniform);
        write!(self.out, "{name}(")?;
        match index {
            TableIndex::Expression(index) => self.write_expr(module, index, func_ctx)?,
            TableIndex::Constant(index) => write!(self.out, "{index}u")?,
        }
        write!(self.out, ")")?;
        Ok(true)
    }
}

impl<W: core::fmt::Write> super::Writer<'_, W> {
    /// Whether the module has binding arrays of storage buffers that are not the table's
    /// (which this backend cannot write).
    pub(super) fn has_foreign_storage_binding_array(&self, module: &Module) -> bool {
        module.global_variables.iter().any(|(_, v)| {
            matches!(v.space, crate::AddressSpace::Storage { .. })
                && matches!(module.types[v.ty].inner, TypeInner::BindingArray { .. })
                && !is_table_global(v)
        })
    }

    /// The indices of table storage buffers get names of their own (see
    /// [`Self::table_buffer_root`]).
    pub(super) fn bake_table_buffer_indices(&mut self, module: &Module, func: &crate::Function) {
        for (_, expr) in func.expressions.iter() {
            if let Expression::Access { base, index } = *expr {
                if self.table_buffer(module, &func.expressions, base).is_some() {
                    self.need_bake_expressions.insert(index);
                }
            }
        }
    }

    /// The table storage-buffer array that `base` is, if it is one.
    fn table_buffer(
        &self,
        module: &Module,
        expressions: &crate::Arena<Expression>,
        base: Handle<Expression>,
    ) -> Option<Handle<crate::GlobalVariable>> {
        let Expression::GlobalVariable(handle) = expressions[base] else { return None };
        let var = &module.global_variables[handle];
        (matches!(var.space, crate::AddressSpace::Storage { .. }) && table_array(module, var).is_some()).then_some(handle)
    }

    /// Ends a storage access chain at a table buffer: `expr` is `array[index]`. The chain's
    /// users write the buffer by its global's name, so that name becomes the accessor call,
    /// whose index was baked into a named temporary ([`Self::bake_table_buffer_indices`]).
    pub(super) fn table_buffer_root(
        &mut self,
        module: &Module,
        expr: Handle<Expression>,
        func_ctx: &back::FunctionCtx<'_>,
    ) -> Result<Option<Handle<crate::GlobalVariable>>, Error> {
        let Expression::Access { base, index } = func_ctx.expressions[expr] else { return Ok(None) };
        let Some(handle) = self.table_buffer(module, func_ctx.expressions, base) else { return Ok(None) };
        let Some(index_name) = self.named_expressions.get(&index).cloned() else {
            return Err(Error::Unimplemented("a resource-table storage buffer indexed by an unnamed expression".into()));
        };
        let non_uniform = func_ctx.info[index].uniformity.non_uniform_result.is_some();
        let call = format!("{}({index_name})", accessor(&module.global_variables[handle], non_uniform));
        self.names.insert(NameKey::GlobalVariable(handle), call);
        Ok(Some(handle))
    }
}
