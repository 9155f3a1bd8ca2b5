//! `maze rat`.

use crate::cli::RatArgs;

/// Runs `maze rat`.
pub fn run(args: RatArgs) -> anyhow::Result<()> {
    anyhow::bail!("maze rat is not written yet ({args:?})")
}
