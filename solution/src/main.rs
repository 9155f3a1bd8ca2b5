//! `maze`: draws, solves and checks mazes made by the `maze` library.
//!
//! This file only turns the outcome of a command into an exit code: 0 on success, 2
//! on a user error (bad arguments, a bad file), with one line on stderr.

mod cli;
mod commands;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    match commands::run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            // `{:#}` puts the context and the cause on one line: "reading a.json: line 3 …".
            eprintln!("error: {error:#}");
            ExitCode::from(2)
        }
    }
}
