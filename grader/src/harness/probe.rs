//! One `cargo build` of the probe against a submission, and what the compiler's
//! messages say: the submission's errors and warnings (shortened for a report, with
//! the files they are in) apart from the probe's.

use std::path::{Path, PathBuf};
use std::process::Stdio;

use anyhow::{Context as _, bail};
use serde::Deserialize;

use super::Workspace;
use super::cargo::{CargoRun, cargo, first_line, sandboxed_cargo};
use super::clippy::Lint;
use crate::sandbox::{Mode, usage};
use crate::timings::{Phase, Spent, Stopwatch};

/// How many compiler errors a report shows, and how many lines of each.
const ERRORS_SHOWN: usize = 3;
const LINES_PER_ERROR: usize = 24;

/// What one `cargo build` of the probe gave.
pub(super) struct Attempt {
    pub(super) executable: Option<PathBuf>,
    /// Errors in the submission's own code.
    pub(super) submission_errors: Vec<String>,
    /// The files (below `src/`) those errors are in; `None` for an error without a
    /// place.
    pub(super) error_files: Vec<Option<PathBuf>>,
    /// Errors in the probe (a signature it calls does not match).
    pub(super) probe_errors: Vec<String>,
    pub(super) warnings: Vec<String>,
    /// Clippy's findings in the submission's own code, when the build linted it (see
    /// [`super::clippy`]); its errors among them are in `submission_errors` too.
    pub(super) lints: Vec<Lint>,
    /// How many of `submission_errors` are clippy's.
    pub(super) clippy_errors: usize,
    /// What the build took: cargo's job as a whole, with the compiler's runs for the
    /// submission's crate and the probe as details.
    pub(super) cost: Phase,
    /// Dependencies cargo compiled rather than found built (`name@version`).
    pub(super) compiled: Vec<String>,
}

impl Attempt {
    /// Whether the submission's crate failed to compile only because of clippy's
    /// lints that its own attributes raise to errors.
    pub(super) fn only_clippy_errors(&self) -> bool {
        !self.submission_errors.is_empty() && self.submission_errors.len() == self.clippy_errors
    }
}

pub(super) fn build_probe_into(
    workspace: &Workspace,
    dir: &Path,
    id: &str,
    target: &Path,
    features: &str,
    offline: bool,
) -> anyhow::Result<Attempt> {
    let package = format!("maze-probe-{id}");
    let mut args = vec![
        "build",
        "--locked",
        "--message-format=json",
        "-p",
        &package,
        "--features",
        features,
    ];
    if offline {
        args.push("--offline");
    }
    let notes = target.join("grader-timings");
    let _ = std::fs::remove_dir_all(&notes);
    let watch = Stopwatch::start();
    let CargoRun {
        stdout,
        stderr,
        success,
        cpu,
    } = run_cargo(workspace, dir, target, &args)?;
    let mut attempt = Attempt {
        executable: None,
        submission_errors: Vec::new(),
        error_files: Vec::new(),
        probe_errors: Vec::new(),
        warnings: Vec::new(),
        lints: Vec::new(),
        clippy_errors: 0,
        cost: Phase {
            details: compiler_runs(&notes),
            ..Phase::new("build", watch.spent(cpu.unwrap_or_default()))
        },
        compiled: Vec::new(),
    };
    for line in String::from_utf8_lossy(&stdout).lines() {
        // cargo prints one JSON object a line; anything else is not a message.
        let Ok(message) = serde_json::from_str::<CargoMessage>(line) else {
            continue;
        };
        match message {
            CargoMessage::CompilerMessage {
                target: built,
                message,
            } => {
                let from_submission = built.name == "maze";
                let error = message.level == "error" || message.level.starts_with("error:");
                // A finding goes to the style section, never among the warnings; an
                // error of clippy's (a lint the student's code denies) is an error
                // too, which the build decides about (see `super::build`).
                if let Some(lint) = message.lint().filter(|_| from_submission) {
                    attempt.lints.push(lint);
                    if !error {
                        continue;
                    }
                    attempt.clippy_errors += 1;
                } else if from_submission && message.names_a_clippy_lint() {
                    // Said only where clippy's driver compiles the crate: neither a
                    // warning nor a finding, so that the report is the same whichever
                    // compiler built it; an error (`#![deny(warnings)]`) is clippy's.
                    if !error {
                        continue;
                    }
                    attempt.clippy_errors += 1;
                }
                let rendered = shorten(message.rendered.as_deref().unwrap_or(&message.message));
                match (error, message.level == "warning", from_submission) {
                    (true, _, true) => {
                        attempt.submission_errors.push(rendered);
                        let file =
                            message
                                .spans
                                .iter()
                                .find(|span| span.is_primary)
                                .and_then(|span| {
                                    Path::new(&span.file_name)
                                        .strip_prefix("submission/src")
                                        .ok()
                                        .map(Path::to_path_buf)
                                });
                        attempt.error_files.push(file);
                    }
                    (true, _, false) => attempt.probe_errors.push(rendered),
                    (false, true, true) => attempt.warnings.push(rendered),
                    _ => {}
                }
            }
            CargoMessage::CompilerArtifact {
                target: built,
                executable,
                ..
            } if built.name == format!("probe-{id}") => {
                // Only a probe cargo built: the compiler's own output goes to this
                // stream too, and clippy's `#[clippy::author]` and `#[clippy::dump]`
                // have a student's crate print there.
                attempt.executable = executable.filter(|path| path.starts_with(target));
            }
            CargoMessage::CompilerArtifact {
                package_id,
                fresh: false,
                ..
            } => {
                // `registry+https://…#serde@1.0.228`, or a path package's
                // `path+file:///…#maze-probe-…@0.1.0`.
                let name = package_id.rsplit('#').next().unwrap_or(&package_id);
                if !name.starts_with("maze-submission-") && !name.starts_with("maze-probe-") {
                    attempt.compiled.push(name.to_owned());
                }
            }
            _ => {}
        }
    }
    if !success && attempt.submission_errors.is_empty() && attempt.probe_errors.is_empty() {
        bail!(
            "cargo build failed without a compiler error: {}",
            first_line(&stderr)
        );
    }
    Ok(attempt)
}

/// Runs cargo with `args` for the harness at `dir`: in the sandbox, or unconfined
/// where the sandbox is off (or there is none).
fn run_cargo(
    workspace: &Workspace,
    dir: &Path,
    target: &Path,
    args: &[&str],
) -> anyhow::Result<CargoRun> {
    if workspace.sandbox == Mode::Off || !cfg!(unix) {
        let (output, cpu) = usage::output(
            cargo(workspace, dir, target)?
                .args(args)
                .stdin(Stdio::null()),
        )
        .with_context(|| format!("running cargo {}", args.first().unwrap_or(&"")))?;
        Ok(CargoRun {
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
            stdout: output.stdout,
            success: output.status.success(),
            cpu,
        })
    } else {
        sandboxed_cargo(workspace, dir, target, args)
    }
}

/// What clippy's own pass over the student's crate gave (see [`lint_crate`]).
pub(super) struct Linted {
    /// The findings in the student's crate: `None` when clippy could not read it.
    pub(super) lints: Option<Vec<Lint>>,
    /// What the pass took: cargo's job, with the compiler's run as a detail.
    pub(super) cost: Phase,
}

/// Clippy's pass over the student's crate of the harness at `dir`, apart from the
/// build (`cargo check` of the submission's package with `workspace.clippy`, see
/// [`super::clippy`]): the findings, from a crate the build has already compiled.
///
/// A check keeps its artifacts apart from a build's (metadata only, fingerprints of
/// their own), so this pass and the build never make each other compile the crate
/// again; the dependencies' metadata is compiled once per target directory. The
/// lints are capped at warnings: the build has decided whether the code compiles,
/// and a lint the student's code raises to an error must not stop clippy halfway.
pub(super) fn lint_crate(
    workspace: &Workspace,
    dir: &Path,
    id: &str,
    target: &Path,
    offline: bool,
) -> anyhow::Result<Linted> {
    let package = format!("maze-submission-{id}");
    let mut args = vec![
        "check",
        "--locked",
        "--message-format=json",
        "-p",
        &package,
        "--lib",
    ];
    if offline {
        args.push("--offline");
    }
    let notes = target.join("grader-timings");
    let _ = std::fs::remove_dir_all(&notes);
    let watch = Stopwatch::start();
    let run = run_cargo(workspace, dir, target, &args)?;
    let mut lints = Vec::new();
    for line in String::from_utf8_lossy(&run.stdout).lines() {
        if let Ok(CargoMessage::CompilerMessage { target, message }) =
            serde_json::from_str::<CargoMessage>(line)
            && target.name == "maze"
            && let Some(lint) = message.lint()
        {
            lints.push(lint);
        }
    }
    let cost = Phase {
        details: compiler_runs(&notes),
        ..Phase::new(
            "read your code with clippy",
            watch.spent(run.cpu.unwrap_or_default()),
        )
    };
    Ok(Linted {
        lints: run.success.then_some(lints),
        cost,
    })
}

/// The fields of cargo's JSON messages (`--message-format json`, documented in The
/// Cargo Book's "JSON messages") that a build's outcome is read from. Read with serde
/// here rather than with the cargo_metadata crate: the student template's grader is
/// compiled on every student's machine before its first grading, and these six fields
/// did not pay for that crate's build.
#[derive(Deserialize)]
#[serde(tag = "reason", rename_all = "kebab-case")]
enum CargoMessage {
    /// A compiler diagnostic in one target.
    CompilerMessage {
        /// The target it is in.
        target: Target,
        /// The diagnostic.
        message: Diagnostic,
    },
    /// A target built (or found fresh).
    CompilerArtifact {
        /// `registry+…#name@version` or `path+file:///…#name@version`.
        package_id: String,
        /// The target.
        target: Target,
        /// The executable, for a binary.
        executable: Option<PathBuf>,
        /// Found built rather than compiled.
        fresh: bool,
    },
    /// Any other message (build scripts, the build's end).
    #[serde(other)]
    Other,
}

/// A message's target.
#[derive(Deserialize)]
struct Target {
    /// The target's name (`maze`, `probe-…`).
    name: String,
}

/// rustc's diagnostic, as cargo passes it on.
#[derive(Deserialize)]
pub(super) struct Diagnostic {
    /// The message's first line.
    pub(super) message: String,
    /// `error`, `warning`, `error: internal compiler error`, `note`, …
    pub(super) level: String,
    /// The lint or error code (`clippy::needless_return`, `E0308`), if any.
    pub(super) code: Option<Code>,
    /// The whole diagnostic as rustc prints it.
    rendered: Option<String>,
    /// Where it points.
    #[serde(default)]
    pub(super) spans: Vec<Span>,
}

impl Diagnostic {
    /// Whether this is rustc's word on a lint name of clippy's (`#[allow(clippy::…)]`
    /// naming a lint that is unknown, renamed or removed), which rustc alone never
    /// says: only clippy's driver knows clippy's lints.
    pub(super) fn names_a_clippy_lint(&self) -> bool {
        self.code.as_ref().is_some_and(|code| {
            matches!(
                code.code.as_str(),
                "unknown_lints" | "renamed_and_removed_lints"
            )
        }) && self.message.contains("`clippy::")
    }

    /// Clippy's finding in this message of the student's crate, if the message is
    /// one of clippy's and points into `src/`.
    pub(super) fn lint(&self) -> Option<Lint> {
        let code = &self.code.as_ref()?.code;
        if !code.starts_with("clippy::") {
            return None;
        }
        let span = self.spans.iter().find(|span| span.is_primary)?;
        let file = Path::new(&span.file_name)
            .strip_prefix("submission/src")
            .ok()?
            .to_path_buf();
        Some(Lint {
            code: code.clone(),
            message: self.message.clone(),
            file,
            lines: (span.line_start, span.line_end.max(span.line_start)),
            column: span.column_start,
        })
    }
}

/// A diagnostic's code.
#[derive(Deserialize)]
pub(super) struct Code {
    /// `clippy::needless_return`, `E0308`, …
    pub(super) code: String,
}

/// A place a diagnostic points at.
#[derive(Deserialize)]
pub(super) struct Span {
    /// Relative to the package's root.
    pub(super) file_name: String,
    /// The place the diagnostic is about (others are notes).
    pub(super) is_primary: bool,
    /// The first line it covers (1-based).
    pub(super) line_start: usize,
    /// The last line it covers (1-based).
    pub(super) line_end: usize,
    /// The column it starts at (1-based).
    pub(super) column_start: usize,
}

/// What the rustc wrapper noted of each compiler run of the harness's own crates (see
/// [`super::layout::WRAPPER`]): the submission's crate, the probe's library and
/// its binary (mostly the link), each with its wall and CPU time. A note that cannot
/// be read is left out: these are figures, not verdicts.
fn compiler_runs(notes: &Path) -> Vec<Phase> {
    let mut runs: Vec<Phase> = Vec::new();
    let Ok(entries) = std::fs::read_dir(notes) else {
        return runs;
    };
    // `CRATE.PID.cpu` and `CRATE.PID.wall` for each run.
    let mut notes: Vec<PathBuf> = entries
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "cpu"))
        .collect();
    notes.sort();
    for note in notes {
        let file = note.file_name().unwrap_or_default().to_string_lossy();
        let krate = file.split('.').next().unwrap_or_default();
        let name = match krate {
            "maze" => "the submission's crate",
            "maze_probe" => "the probe (compile)",
            _ if krate.starts_with("probe_") => "the probe (link)",
            // Only where the seed's build of it could not be used.
            "wire" => "the probe's wire (shared, built in the seed)",
            _ => continue,
        };
        let read = |path: PathBuf| std::fs::read_to_string(path).unwrap_or_default();
        let wall = wall_of(&read(note.with_extension("wall")));
        let cpu = cpu_of(&read(note.clone()));
        let spent = Spent {
            wall_s: wall.unwrap_or(0.0),
            cpu_s: cpu.unwrap_or(0.0),
        };
        match runs.iter_mut().find(|r| r.name == name) {
            Some(run) => run.spent = run.spent.plus(spent),
            None => runs.push(Phase::new(name, spent)),
        }
    }
    runs
}

/// Seconds between the two nanosecond stamps of a wrapper's `.wall` note.
fn wall_of(text: &str) -> Option<f64> {
    let mut stamps = text.split_whitespace().map(|s| s.parse::<u128>().ok());
    let (start, end) = (stamps.next()??, stamps.next()??);
    Some(end.checked_sub(start)? as f64 / 1e9)
}

/// The children's user and system time in a shell's `times` output (its second
/// line, `0m1.234s 0m0.100s`), in seconds.
fn cpu_of(text: &str) -> Option<f64> {
    let children = text.lines().nth(1)?;
    let seconds = |field: &str| -> Option<f64> {
        let (minutes, rest) = field.split_once('m')?;
        Some(minutes.parse::<f64>().ok()? * 60.0 + rest.trim_end_matches('s').parse::<f64>().ok()?)
    };
    let mut fields = children.split_whitespace();
    Some(seconds(fields.next()?)? + seconds(fields.next()?)?)
}

/// Makes a rendered diagnostic fit a report: paths relative to the submission, at
/// most a screenful of lines.
fn shorten(rendered: &str) -> String {
    let text = rendered
        .replace("submission/src/", "src/")
        .replace("probe/src/", "(grader probe) ");
    let lines: Vec<&str> = text.trim_end().lines().collect();
    if lines.len() <= LINES_PER_ERROR {
        return lines.join("\n");
    }
    format!(
        "{}\n... ({} more lines)",
        lines[..LINES_PER_ERROR].join("\n"),
        lines.len() - LINES_PER_ERROR
    )
}

/// Joins the first few errors into one message.
pub(super) fn summarize(errors: &[String]) -> String {
    let mut text = errors
        .iter()
        .take(ERRORS_SHOWN)
        .cloned()
        .collect::<Vec<_>>()
        .join("\n\n");
    if errors.len() > ERRORS_SHOWN {
        text.push_str(&format!(
            "\n\n... and {} more errors",
            errors.len() - ERRORS_SHOWN
        ));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shells_times_give_the_childrens_cpu() {
        assert_eq!(
            cpu_of("0m0.004s 0m0.000s\n1m2.500s 0m0.250s\n"),
            Some(62.75)
        );
        assert_eq!(cpu_of("0m0.004s 0m0.000s\n"), None);
        assert_eq!(wall_of("1000000000 3500000000\n"), Some(2.5));
        assert_eq!(wall_of("%s%N %s%N\n"), None);
    }

    #[test]
    fn diagnostics_point_into_the_submission() {
        assert_eq!(
            shorten("error: x\n --> submission/src/lib.rs:3:5\n"),
            "error: x\n --> src/lib.rs:3:5"
        );
    }
}
