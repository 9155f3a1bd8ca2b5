//! One `cargo build` of the probe against a submission, and what the compiler's
//! messages say: the submission's errors and warnings (shortened for a report, with
//! the files they are in) apart from the probe's.

use std::path::{Path, PathBuf};
use std::process::Stdio;

use anyhow::{Context as _, bail};
use cargo_metadata::Message;
use cargo_metadata::diagnostic::DiagnosticLevel;

use super::Workspace;
use super::cargo::{cargo, first_line, sandboxed_cargo, seed_target, target_dir};
use crate::sandbox::Mode;

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
}

pub(super) fn build_probe(
    workspace: &Workspace,
    dir: &Path,
    id: &str,
    features: &str,
    offline: bool,
) -> anyhow::Result<Attempt> {
    seed_target(workspace, id)?;
    build_probe_into(
        workspace,
        dir,
        id,
        &target_dir(workspace, id),
        features,
        offline,
    )
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
    let (stdout, stderr, success) = if workspace.sandbox == Mode::Off || !cfg!(unix) {
        let output = cargo(dir, target)
            .args(&args)
            .stdin(Stdio::null())
            .output()
            .context("running cargo build")?;
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        (output.stdout, stderr, output.status.success())
    } else {
        sandboxed_cargo(workspace, dir, target, &args)?
    };
    let mut attempt = Attempt {
        executable: None,
        submission_errors: Vec::new(),
        error_files: Vec::new(),
        probe_errors: Vec::new(),
        warnings: Vec::new(),
    };
    for message in Message::parse_stream(stdout.as_slice()) {
        match message.context("reading cargo's messages")? {
            Message::CompilerMessage(message) => {
                let from_submission = message.target.name == "maze";
                let rendered = shorten(
                    message
                        .message
                        .rendered
                        .as_deref()
                        .unwrap_or(&message.message.message),
                );
                match (message.message.level, from_submission) {
                    (DiagnosticLevel::Error | DiagnosticLevel::Ice, true) => {
                        attempt.submission_errors.push(rendered);
                        let file = message
                            .message
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
                    (DiagnosticLevel::Error | DiagnosticLevel::Ice, false) => {
                        attempt.probe_errors.push(rendered)
                    }
                    (DiagnosticLevel::Warning, true) => attempt.warnings.push(rendered),
                    _ => {}
                }
            }
            Message::CompilerArtifact(artifact)
                if artifact.target.name == format!("probe-{id}") =>
            {
                attempt.executable = artifact.executable.map(|p| p.into_std_path_buf());
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
    fn diagnostics_point_into_the_submission() {
        assert_eq!(
            shorten("error: x\n --> submission/src/lib.rs:3:5\n"),
            "error: x\n --> src/lib.rs:3:5"
        );
    }
}
