//! One module per subcommand, each with a `run` that returns what went wrong as an
//! error for `main` to print.

mod arrows;
mod generate;
mod play;
mod rat;
mod solve;

use crate::cli::Command;

/// Runs one subcommand.
pub fn run(command: Command) -> anyhow::Result<()> {
    match command {
        Command::Generate(args) => generate::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Rat(args) => rat::run(args),
        Command::Play(args) => play::run(args),
        Command::Arrows(args) => arrows::run(args),
    }
}
