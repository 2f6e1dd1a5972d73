//! `hal-ext` is two things:
//!
//! - the patch series for `wgpu-hal` (`patches/wgpu-hal/*.patch`: stories, each carrying the
//!   whole new modules it adds), materialized by `cargo xtask patch`;
//! - this small crate: the GPU test harness the workspace's tests share ([`harness`]).
//!
//! See ARCHITECTURE.md at the repository root.

pub mod harness;
