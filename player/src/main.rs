//! The trace player. Recording and replay of resource-table traces land with issue #6; until
//! then this binary says so instead of pretending to work.

use std::process::ExitCode;

fn main() -> ExitCode {
    eprintln!("player: trace replay is not implemented yet (tracked by issue #6)");
    ExitCode::from(2)
}
