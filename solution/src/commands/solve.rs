//! `maze solve`.

use crate::cli::SolveArgs;

/// Runs `maze solve`.
pub fn run(args: SolveArgs) -> anyhow::Result<()> {
    anyhow::bail!("maze solve is not written yet ({args:?})")
}
