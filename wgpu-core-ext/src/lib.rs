//! `wgpu-core-ext` is two things:
//!
//! - the patch series for `wgpu-types`, `wgpu-core`, `wgpu` and `wgpu-naga-bridge`
//!   (`patches/<crate>/*.patch`, applied in order; each patch carries the new modules it
//!   wires in), materialized by `cargo xtask patch` into `patched/<crate>`;
//! - this small crate: tests, examples and benches of the patched wgpu.
//!
//! See ARCHITECTURE.md at the repository root.

pub mod demo;
