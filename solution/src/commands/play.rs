//! `maze play`: walk a maze in the terminal (provided code).

use anyhow::bail;

use crate::cli::PlayArgs;

/// Runs `maze play`.
pub fn run(args: PlayArgs) -> anyhow::Result<()> {
    let _ = args;
    bail!("maze play is not ready yet")
}
