//! Lowering of `getResource<T>(i)` and `hasResource<T>(i)` (`enable resource_table;`).
//!
//! Both become plain IR over the table globals described in [`crate::resource_table`]:
//!
//! ```text
//! i'      = u32(i)                                  (bit pattern: negative → huge)
//! word    = meta.type_ids[select(0, i', i' < meta.length)]
//! ok      = i' < meta.length && (word & mask) == id
//!           [&& (word >> ID_BITS) >= min_binding_units(S)   for ptr<storage, S> of S > 4 bytes]
//! has     = ok
//! get     = table_T[select(meta.length + ID(T) - 1, i', ok)]
//! ```
//!
//! so every backend, the uniformity analysis (non-uniform indices get their decorations)
//! and the validator treat them like any other binding-array access.

use alloc::{borrow::ToOwned, boxed::Box, format, string::String, vec, vec::Vec};

use super::{ExpressionContext, Lowerer, MustUse};
use crate::common::wgsl::TypeContext as _;
use crate::front::wgsl::error::Error;
use crate::front::wgsl::lower::template_list::TemplateListIter;
use crate::front::wgsl::parse::ast;
use crate::front::wgsl::Result;
use crate::resource_table::{self as rt, Kind, ResourceType};
use crate::{ir, Handle, Span};

/// What can go wrong in a resource-table call; rendered by `Error::as_parse_error`.
#[derive(Clone, Debug)]
pub(crate) enum ResourceTableError {
    /// `T` is not a type a table can hold.
    BadType { span: Span, ty: String },
    /// The index is not an `i32` or `u32` scalar.
    BadIndex { span: Span, ty: String },
    /// The table is used without `enable resource_table;`.
    NotEnabled { span: Span },
    /// `enable resource_table;` where the validator's capabilities have no table.
    NotSupported { span: Span },
}

/// The error of a table feature used without `enable resource_table;`.
pub(crate) fn require_enabled(enabled: bool, span: Span) -> Result<'static, ()> {
    if enabled {
        Ok(())
    } else {
        Err(Box::new(Error::ResourceTable(ResourceTableError::NotEnabled { span })))
    }
}

/// `enable resource_table;` needs either table capability.
pub(crate) fn check_supported(capabilities: crate::valid::Capabilities, span: Span) -> Result<'static, ()> {
    let table = crate::valid::Capabilities::RESOURCE_TABLE | crate::valid::Capabilities::HETEROGENEOUS_RESOURCE_TABLE;
    if capabilities.intersects(table) {
        Ok(())
    } else {
        Err(Box::new(Error::ResourceTable(ResourceTableError::NotSupported { span })))
    }
}

/// A diagnostic's message, labels and notes.
pub(crate) type DiagnosticParts = (String, Vec<(Span, alloc::borrow::Cow<'static, str>)>, Vec<String>);

impl ResourceTableError {
    /// `(message, labels, notes)` of the diagnostic.
    pub(crate) fn parts(&self) -> DiagnosticParts {
        match *self {
            Self::BadType { span, ref ty } => (
                format!("`{ty}` cannot be read from a resource table"),
                vec![(span, "not a resource-table type".into())],
                vec![format!("a resource table holds {}", rt::ALLOWED_TYPES)],
            ),
            Self::BadIndex { span, ref ty } => (
                format!("resource table index must be `i32` or `u32`, found `{ty}`"),
                vec![(span, "must be `i32` or `u32`".into())],
                vec![],
            ),
            // Worded as wgsl-in words every enable extension.
            Self::NotEnabled { span } => (
                format!("the `{}` enable extension is not enabled", rt::ENABLE_EXTENSION),
                vec![(
                    span,
                    format!(
                        "the `{}` \"Enable Extension\" is needed for this functionality, but it is not currently enabled.",
                        rt::ENABLE_EXTENSION
                    )
                    .into(),
                )],
                vec![format!(
                    "You can enable this extension by adding `enable {};` at the top of the shader, before any other items.",
                    rt::ENABLE_EXTENSION
                )],
            ),
            Self::NotSupported { span } => (
                format!("the `{}` extension is not supported in the current environment", rt::ENABLE_EXTENSION),
                vec![(span, "unsupported enable-extension".into())],
                vec![],
            ),
        }
    }
}

impl<'source> Lowerer<'source, '_> {
    /// `getResource<T>(index)` (`get`) or `hasResource<T>(index)`.
    pub(super) fn resource_table_call(
        &mut self,
        get: bool,
        function_span: Span,
        arguments: &[Handle<ast::Expression<'source>>],
        template_params: &mut TemplateListIter<'_, 'source>,
        ctx: &mut ExpressionContext<'source, '_, '_>,
    ) -> Result<'source, (Handle<ir::Expression>, MustUse)> {
        ctx.enable_extensions.require_resource_table(function_span)?;
        let (ty, ty_span) = template_params.ty_with_span(self, ctx)?;
        let Some(resource) = ResourceType::from_type(&ctx.module.types, ty) else {
            return Err(Box::new(Error::ResourceTable(ResourceTableError::BadType {
                span: ty_span,
                ty: ctx.type_to_string(ty),
            })));
        };

        let mut args = ctx.prepare_args(arguments, 1, function_span);
        let index_arg = args.next()?;
        args.finish()?;
        let index = self.expression(index_arg, ctx)?;
        let index_kind = match *super::resolve_inner!(ctx, index) {
            ir::TypeInner::Scalar(ir::Scalar { kind, width: 4 })
                if matches!(kind, ir::ScalarKind::Sint | ir::ScalarKind::Uint) =>
            {
                kind
            }
            _ => {
                let resolution = super::resolve!(ctx, index);
                let ty = ctx.type_resolution_to_string(resolution);
                return Err(Box::new(Error::ResourceTable(ResourceTableError::BadIndex {
                    span: ctx.ast_expressions.get_span(index_arg),
                    ty,
                })));
            }
        };

        let metadata = metadata_global(ctx, function_span);
        let span = function_span;
        let index = if index_kind == ir::ScalarKind::Sint {
            ctx.append_expression(
                ir::Expression::As {
                    expr: index,
                    kind: ir::ScalarKind::Uint,
                    convert: None,
                },
                span,
            )?
        } else {
            index
        };
        let append = |ctx: &mut ExpressionContext<'source, '_, '_>, expr| ctx.append_expression(expr, span);
        let literal = |ctx: &mut ExpressionContext<'source, '_, '_>, value: u32| {
            append(ctx, ir::Expression::Literal(ir::Literal::U32(value)))
        };
        let binary = |ctx: &mut ExpressionContext<'source, '_, '_>, op, left, right| {
            append(ctx, ir::Expression::Binary { op, left, right })
        };
        use ir::BinaryOperator as Op;

        let meta = append(ctx, ir::Expression::GlobalVariable(metadata))?;
        let length_ptr = append(ctx, ir::Expression::AccessIndex { base: meta, index: 0 })?;
        let length = append(ctx, ir::Expression::Load { pointer: length_ptr })?;
        let in_range = binary(ctx, Op::Less, index, length)?;
        // Never read `type_ids` out of bounds, even where robustness is off.
        let zero = literal(ctx, 0)?;
        let safe_index = append(
            ctx,
            ir::Expression::Select {
                condition: in_range,
                accept: index,
                reject: zero,
            },
        )?;
        let ids_ptr = append(ctx, ir::Expression::AccessIndex { base: meta, index: 1 })?;
        let id_ptr = append(
            ctx,
            ir::Expression::Access {
                base: ids_ptr,
                index: safe_index,
            },
        )?;
        let word = append(ctx, ir::Expression::Load { pointer: id_ptr })?;
        let mut id = word;
        let (mask, expected) = resource.visibility_test();
        if mask != !0 {
            let mask = literal(ctx, mask)?;
            id = binary(ctx, Op::And, id, mask)?;
        }
        let expected = literal(ctx, expected)?;
        let mut id_matches = binary(ctx, Op::Equal, id, expected)?;
        // A buffer binding smaller than `S` is not visible as `ptr<storage, S>` (WebGPU's
        // minimum binding size); every binding holds at least 4 bytes.
        if let ir::TypeInner::Pointer { base, .. } = ctx.module.types[ty].inner {
            // A saturated size means "at least `MAX_BUFFER_UNITS`".
            let units = rt::min_binding_units(&ctx.module.types, base).min(rt::MAX_BUFFER_UNITS);
            if units > 1 {
                let shift = literal(ctx, rt::ID_BITS)?;
                let size = binary(ctx, Op::ShiftRight, word, shift)?;
                let units = literal(ctx, units)?;
                let big_enough = binary(ctx, Op::GreaterEqual, size, units)?;
                id_matches = binary(ctx, Op::LogicalAnd, id_matches, big_enough)?;
            }
        }
        let visible = binary(ctx, Op::LogicalAnd, in_range, id_matches)?;
        if !get {
            // Declare the array all the same for the heterogeneous kinds, so that the
            // validator refuses `hasResource` of a storage type without the heterogeneous
            // capability, as it does `getResource`.
            if resource.kind().is_heterogeneous() {
                resource_global(ctx, resource, ty, span);
            }
            return Ok((visible, MustUse::Yes));
        }

        let offset = literal(ctx, resource.type_id().default_slot_offset())?;
        let default_slot = binary(ctx, Op::Add, length, offset)?;
        let slot = append(
            ctx,
            ir::Expression::Select {
                condition: visible,
                accept: index,
                reject: default_slot,
            },
        )?;
        let array = resource_global(ctx, resource, ty, span);
        let array = append(ctx, ir::Expression::GlobalVariable(array))?;
        let resource = append(ctx, ir::Expression::Access { base: array, index: slot })?;
        Ok((resource, MustUse::Yes))
    }
}

/// Finds or creates the table global called `name`.
fn table_global(
    ctx: &mut ExpressionContext<'_, '_, '_>,
    name: String,
    kind: Kind,
    space: ir::AddressSpace,
    ty: Handle<ir::Type>,
    span: Span,
) -> Handle<ir::GlobalVariable> {
    if let Some((handle, _)) = ctx
        .module
        .global_variables
        .iter()
        .find(|&(_, var)| rt::is_table_global(var) && var.name.as_deref() == Some(name.as_str()))
    {
        return handle;
    }
    ctx.module.global_variables.append(
        ir::GlobalVariable {
            name: Some(name),
            space,
            binding: Some(ir::ResourceBinding {
                group: rt::UNPLACED_GROUP,
                binding: kind.default_binding(),
            }),
            ty,
            init: None,
            memory_decorations: ir::MemoryDecorations::empty(),
        },
        span,
    )
}

/// `var<storage, read> __resource_table_metadata: { length: u32, type_ids: array<u32> }`.
fn metadata_global(ctx: &mut ExpressionContext<'_, '_, '_>, span: Span) -> Handle<ir::GlobalVariable> {
    let u32_ty = ctx.ensure_type_exists(ir::TypeInner::Scalar(ir::Scalar::U32));
    let ids_ty = ctx.ensure_type_exists(ir::TypeInner::Array {
        base: u32_ty,
        size: ir::ArraySize::Dynamic,
        stride: 4,
    });
    let struct_ty = ctx.as_global().ensure_type_exists(
        Some(format!("{}_metadata_t", rt::GLOBAL_PREFIX)),
        ir::TypeInner::Struct {
            members: vec![
                ir::StructMember {
                    name: Some("length".to_owned()),
                    ty: u32_ty,
                    binding: None,
                    offset: 0,
                },
                ir::StructMember {
                    name: Some("type_ids".to_owned()),
                    ty: ids_ty,
                    binding: None,
                    offset: 4,
                },
            ],
            span: 8,
        },
    );
    table_global(
        ctx,
        format!("{}_metadata", rt::GLOBAL_PREFIX),
        Kind::Metadata,
        ir::AddressSpace::Storage {
            access: ir::StorageAccess::LOAD,
        },
        struct_ty,
        span,
    )
}

/// The binding array holding resources of type `ty` (the `T` of the call).
fn resource_global(
    ctx: &mut ExpressionContext<'_, '_, '_>,
    resource: ResourceType,
    ty: Handle<ir::Type>,
    span: Span,
) -> Handle<ir::GlobalVariable> {
    let (element, space) = match ctx.module.types[ty].inner {
        ir::TypeInner::Pointer { base, space } => (base, space),
        _ => (ty, ir::AddressSpace::Handle),
    };
    let array = ctx.ensure_type_exists(ir::TypeInner::BindingArray {
        base: element,
        size: ir::ArraySize::Dynamic,
    });
    let mut name = format!("{}_{}", rt::GLOBAL_PREFIX, resource.global_suffix());
    match ctx.module.types[ty].inner {
        // One array per pointee type: name it after the type's handle, which is unique.
        ir::TypeInner::Pointer { base, .. } => name.push_str(&format!("_{}", base.index())),
        ir::TypeInner::Image {
            class: ir::ImageClass::Storage { access, .. },
            ..
        } => name.push_str(match (access.contains(ir::StorageAccess::LOAD), access.contains(ir::StorageAccess::STORE)) {
            (true, true) => "_read_write",
            (false, true) => "_write",
            _ => "_read",
        }),
        _ => {}
    }
    table_global(ctx, name, resource.kind(), space, array, span)
}
