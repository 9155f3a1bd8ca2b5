//! `grader`: grades Perfect Mazes submissions.
//!
//! Exit codes: 0 when grading worked (and the score reached `--min-score`), 1 when the
//! score is below `--min-score`, 2 when the grader itself could not run (bad
//! arguments, a missing directory, a bad rubric, cargo missing). A submission that
//! does not compile, panics or hangs is not a grader failure: it is graded.

mod checks;
mod cli;
mod commands;
mod grade;
mod harness;
mod kit;
mod report;
mod rubric;
mod runner;
mod snapshots;
mod starter;

use std::process::ExitCode;

use clap::Parser;

/// How a command that ran went.
pub enum Status {
    /// Done.
    Success,
    /// Graded, but below `--min-score`.
    BelowMinScore,
}

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    match commands::run(cli.command) {
        Ok(Status::Success) => ExitCode::SUCCESS,
        Ok(Status::BelowMinScore) => ExitCode::from(1),
        Err(error) => {
            eprintln!("grader: error: {error:#}");
            ExitCode::from(2)
        }
    }
}
