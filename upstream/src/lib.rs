//! Intentionally empty: this package exists only to pin and fetch the upstream crates.
