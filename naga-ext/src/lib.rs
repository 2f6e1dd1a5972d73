//! `naga-ext` is two things:
//!
//! - the patch series for `naga` and `naga-types` (`patches/<crate>/*.patch`) and the whole new
//!   modules they wire in (`overlay/<crate>/…`), materialized by `cargo xtask patch`;
//! - this small crate: the tests of the patched naga (and, with the WGSL extension, the
//!   `naga-ext` command-line compiler).
//!
//! See ARCHITECTURE.md at the repository root.
