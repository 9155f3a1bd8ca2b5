//! `maze`: draws, solves and checks mazes made by the `maze` library.
//!
//! This file only turns the outcome of a command into an exit code: 0 on success, 2
//! on a user error (bad arguments, a bad file), with one line on stderr. While the
//! library is unfinished, a `todo!()` it reaches is reported the same way, naming
//! what is still to write, instead of a panic and a backtrace.

mod cli;
mod commands;

use std::process::ExitCode;

use clap::Parser;
use clap::error::ErrorKind;

/// Prints a panic as one line: what is not implemented yet, or where the library
/// panicked. The process then exits with code 101, as for any panic.
fn report_panics_in_one_line() {
    std::panic::set_hook(Box::new(|info| {
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        match message.strip_prefix("not yet implemented: ") {
            Some(what) => eprintln!("error: not implemented yet: {what}"),
            None => {
                let place = info
                    .location()
                    .map(|l| format!(" at {}:{}", l.file(), l.line()))
                    .unwrap_or_default();
                eprintln!("error: the maze library panicked{place}: {message}");
            }
        }
    }));
}

fn main() -> ExitCode {
    report_panics_in_one_line();
    let cli = match cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return usage_error(&error),
    };
    match commands::run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            // `{:#}` puts the context and the cause on one line: "reading a.json: line 3 …".
            eprintln!("error: {error:#}");
            ExitCode::from(2)
        }
    }
}

/// `--help` and `--version` print as clap prints them; a mistake in the arguments is
/// one line on stderr (clap's first line, which names the argument and what is
/// allowed) and exit code 2.
fn usage_error(error: &clap::Error) -> ExitCode {
    if matches!(
        error.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        let _ = error.print();
        return if error.use_stderr() {
            ExitCode::from(2)
        } else {
            ExitCode::SUCCESS
        };
    }
    let text = error.render().to_string();
    let first = text.lines().next().unwrap_or("invalid arguments");
    let first = first.strip_prefix("error: ").unwrap_or(first);
    eprintln!("error: {first} (see --help)");
    ExitCode::from(2)
}
