//! `maze generate`.

use crate::cli::GenerateArgs;

/// Runs `maze generate`.
pub fn run(args: GenerateArgs) -> anyhow::Result<()> {
    anyhow::bail!("maze generate is not written yet ({args:?})")
}
