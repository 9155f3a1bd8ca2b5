//! `grader`: grades Perfect Mazes submissions.
//!
//! Exit codes: 0 when grading worked (and the score reached `--min-score`), 1 when the
//! score is below `--min-score`, a self-check failed, or `starter --check` or
//! `bless --check` found something out of date, 2 when the grader itself could not run or
//! would not grade (bad arguments, a missing directory, a bad rubric, cargo missing, a
//! submission refused for a symbolic link, a class folder with no submission). A
//! submission that does not compile, panics or hangs is not a grader failure: it is
//! graded.

mod checks;
mod cli;
mod commands;
#[cfg(feature = "instructor")]
mod dist;
mod grade;
#[cfg(feature = "instructor")]
mod gradescope;
mod harness;
mod kit;
mod report;
mod rubric;
mod runner;
mod sandbox;
#[cfg(feature = "instructor")]
mod shard;
mod snapshots;
#[cfg(feature = "instructor")]
mod starter;
mod style;
mod submission;
mod timings;

use std::process::ExitCode;
use std::sync::Mutex;

use clap::Parser;
use clap::error::ErrorKind;

/// How a command that ran went.
pub enum Status {
    /// Done.
    Success,
    /// Graded, but below `--min-score`.
    BelowMinScore,
    /// A self-check found a problem.
    CheckFailed,
}

/// The message of the last panic, kept by the panic hook instead of printed: a panic
/// in a judge is caught and reported in its check, and any other panic becomes the
/// one-line internal error below, never a backtrace or exit code 101.
static LAST_PANIC: Mutex<Option<String>> = Mutex::new(None);

fn main() -> ExitCode {
    // `grader __sandbox-init` is the sandbox's supervisor, started by the grader
    // itself; it must run before anything else (it needs a single-threaded process).
    sandbox::dispatch_init();
    std::panic::set_hook(Box::new(|info| {
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".to_owned());
        let place = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        *LAST_PANIC.lock().unwrap_or_else(|p| p.into_inner()) = Some(format!("{message}{place}"));
    }));
    let cli = match cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return usage_error(&error),
    };
    match std::panic::catch_unwind(|| commands::run(cli.command)) {
        Ok(Ok(Status::Success)) => ExitCode::SUCCESS,
        Ok(Ok(Status::BelowMinScore | Status::CheckFailed)) => ExitCode::from(1),
        Ok(Err(error)) => {
            eprintln!("grader: error: {}", one_line(&format!("{error:#}")));
            ExitCode::from(2)
        }
        Err(_) => {
            let message = LAST_PANIC
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .take()
                .unwrap_or_else(|| "a panic".to_owned());
            if printing_to_a_closed_pipe(&message) {
                return ExitCode::SUCCESS;
            }
            eprintln!(
                "grader: error: internal error ({}); this is a bug in the grader, please report it",
                one_line(&message)
            );
            ExitCode::from(2)
        }
    }
}

/// Whether a panic's message is `print!`'s on a closed pipe (`grader … | head`): the
/// reader has what it wanted, so the grader stops quietly, as ripgrep and cat do,
/// rather than reporting a bug. std panics with "failed printing to stdout: Broken
/// pipe (os error 32)" where such a write fails (Windows names the error "The pipe is
/// being closed"). Only the grader's own stdout and stderr: a broken pipe anywhere
/// else (a check's pipe to a student's program) is an error that must be seen, never
/// a quiet success.
fn printing_to_a_closed_pipe(message: &str) -> bool {
    message.starts_with("failed printing to std")
        && (message.contains("Broken pipe") || message.contains("pipe is being closed"))
}

/// An error's text on one line.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
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
    eprintln!("grader: error: {first} (see --help)");
    ExitCode::from(2)
}
