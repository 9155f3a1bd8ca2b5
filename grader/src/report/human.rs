//! The report for a person at a terminal.
//!
//! The student's text never stands where the grader's own lines do: it arrives with
//! its control characters shown as escapes (so no `\r` or ANSI sequence can move the
//! cursor or repaint a line), messages and diffs are indented under their check,
//! compiler errors and what the code printed sit behind a `│ ` gutter, and the
//! `Score:` line is the last line, written only here.

use std::fmt::Write as _;

use owo_colors::OwoColorize;

use super::{CheckResult, Report, TWINS_ELSEWHERE};
use crate::rubric::points;
use crate::sandbox::Level;

/// What marks a line that the student's code printed or the compiler said of it.
const GUTTER: &str = "│ ";

/// `line` behind the gutter (with no space after it when the line is empty).
fn gutter(line: &str) -> String {
    if line.is_empty() {
        GUTTER.trim_end().to_owned()
    } else {
        format!("{GUTTER}{line}")
    }
}

/// The first line's note of the sandbox level the code ran at.
fn sandbox_tag(level: Level) -> String {
    match level {
        Level::Unconfined => "[no sandbox: for your own feedback only]".to_owned(),
        level => format!("[sandbox: {level}]"),
    }
}

/// How many lines of a check's captured output are shown.
const OUTPUT_LINES: usize = 12;

/// The human report; colours only when `color` is set.
pub fn render(report: &Report, color: bool) -> String {
    let mut out = String::new();
    let paint = painter(color);
    let _ = writeln!(
        out,
        "Grading {}  {}",
        report.submission,
        paint(&sandbox_tag(report.sandbox), |t| t.dimmed().to_string())
    );
    build_errors(&mut out, &report.build_errors, &paint);
    for part in &report.parts {
        let _ = writeln!(
            out,
            "\n{}  {}/{}",
            paint(&part.title, |t| t.bold().to_string()),
            points(part.score),
            points(part.max_score)
        );
        for need in &part.needs {
            let _ = writeln!(out, "  {} {need}", paint("!", |t| t.yellow().to_string()));
        }
        for check in report.checks.iter().filter(|c| c.part.id() == part.id) {
            check_line(&mut out, check, &paint);
            if !check.passed {
                failure(&mut out, check, &paint);
            }
        }
    }
    if let Some(section) = &report.style {
        super::style::human(&mut out, section, &paint);
    }
    if !report.warnings.is_empty() {
        let _ = writeln!(
            out,
            "\n{} compiler warning(s) in your code (not graded; `cargo build` shows them all)",
            report.warnings.len()
        );
    }
    if report.twins_elsewhere() {
        let _ = writeln!(out, "\nNote: {TWINS_ELSEWHERE}.");
    }
    score_line(&mut out, report, &paint);
    out
}

/// The short view of `grader watch`, like rustlings' watch mode rather than the whole
/// report: the compiler's errors if any, the first failing check in full (what to
/// work on next), one progress line per part, and the score, last as in the report.
pub fn summary(report: &Report, color: bool) -> String {
    let mut out = String::new();
    let paint = painter(color);
    let _ = writeln!(out, "Grading {}", report.submission);
    build_errors(&mut out, &report.build_errors, &paint);
    match report.checks.iter().find(|c| !c.passed) {
        Some(check) => {
            let _ = writeln!(out, "\nNext, the first failing check:");
            check_line(&mut out, check, &paint);
            failure(&mut out, check, &paint);
        }
        None => {
            let _ = writeln!(
                out,
                "\n{}",
                paint("Every check passes.", |t| t.green().to_string())
            );
            // Then, and only then, how the code reads is what to work on next.
            if let Some(section) = &report.style {
                super::style::human(&mut out, section, &paint);
            }
        }
    }
    let _ = writeln!(out);
    let width = report
        .parts
        .iter()
        .map(|part| part.title.chars().count())
        .max()
        .unwrap_or(0);
    for part in &report.parts {
        let _ = writeln!(
            out,
            "{:<width$}  {}  {}/{}",
            part.title,
            progress_bar(part.score, part.max_score),
            points(part.score),
            points(part.max_score)
        );
    }
    score_line(&mut out, report, &paint);
    out
}

/// The first line of what `grader watch` shows before the whole grading is done.
pub const EARLY: &str = "(the other checks are still running)";

/// A failing check in full, as soon as its verdict is in, before the short view
/// (`grader watch`): what to work on next, while the other checks run.
pub fn early_failure(check: &CheckResult, color: bool) -> String {
    let mut out = String::new();
    let paint = painter(color);
    let _ = writeln!(out, "First failing check {EARLY}:");
    check_line(&mut out, check, &paint);
    failure(&mut out, check, &paint);
    out
}

/// The compiler's errors as soon as the build is done, before the short view
/// (`grader watch`).
pub fn early_build_errors(errors: &[String], color: bool) -> String {
    let mut out = String::new();
    let paint = painter(color);
    let _ = write!(out, "Your code does not compile {EARLY}:");
    build_errors(&mut out, errors, &paint);
    out
}

/// How many characters wide a part's progress bar is.
const BAR: usize = 20;

/// `[#######-------------]`: the share of a part's points earned.
fn progress_bar(score: f64, max: f64) -> String {
    let share = if max > 0.0 {
        (score / max).clamp(0.0, 1.0)
    } else {
        0.0
    };
    // Rounded down, so that a bar is full only when every point is earned.
    let filled = ((share * BAR as f64).floor() as usize).min(BAR);
    format!("[{}{}]", "#".repeat(filled), "-".repeat(BAR - filled))
}

/// Paints a text with a style when `color` is set, and leaves it plain otherwise.
fn painter(color: bool) -> impl Fn(&str, fn(&str) -> String) -> String {
    move |text, style| if color { style(text) } else { text.to_owned() }
}

/// The compiler's errors, behind the gutter.
fn build_errors(
    out: &mut String,
    errors: &[String],
    paint: &impl Fn(&str, fn(&str) -> String) -> String,
) {
    for error in errors {
        let _ = writeln!(out);
        for line in error.lines() {
            let _ = writeln!(out, "  {}", gutter(&paint(line, |t| t.red().to_string())));
        }
    }
}

/// A check's line: ✓ or ✗, name, points, title.
fn check_line(
    out: &mut String,
    check: &CheckResult,
    paint: &impl Fn(&str, fn(&str) -> String) -> String,
) {
    let mark = if check.passed {
        paint("✓", |t| t.green().to_string())
    } else {
        paint("✗", |t| t.red().to_string())
    };
    let _ = writeln!(
        out,
        "  {mark} {:<32} {:>5}  {}",
        check.name,
        format!("{}/{}", points(check.score), points(check.max_score)),
        check.title
    );
}

/// The last line: `Score: 12/99  (5 of 30 checks passed)`.
fn score_line(
    out: &mut String,
    report: &Report,
    paint: &impl Fn(&str, fn(&str) -> String) -> String,
) {
    let passed = report.checks.iter().filter(|c| c.passed).count();
    let score = paint(&points(report.score), |t| t.bold().to_string());
    let _ = writeln!(
        out,
        "\n{}",
        score_words(&score, report.max_score, passed, report.checks.len())
    );
}

/// The words of the last line, the score as it is shown (painted or not):
/// `Score: 12/99  (5 of 30 checks passed)`.
pub fn score_words(score: &str, max_score: f64, passed: usize, checks: usize) -> String {
    format!(
        "Score: {score}/{}  ({passed} of {checks} checks passed)",
        points(max_score)
    )
}

/// A failed check's reason, diff, output and hint, indented under its line.
fn failure(
    out: &mut String,
    check: &CheckResult,
    paint: &impl Fn(&str, fn(&str) -> String) -> String,
) {
    for line in check.message.lines() {
        let _ = writeln!(out, "      {line}");
    }
    // The twin's own words describe its private input: shown in the human report,
    // which the course's grading prints for the instructor (Gradescope's students
    // see results.json, which leaves them out).
    // Only under a passing question: when both fail, the question's own words say
    // what to fix.
    if let Some(twin) = check
        .twin
        .as_ref()
        .filter(|t| !t.passed && check.message.starts_with(super::TWIN_FAILED))
    {
        let _ = writeln!(out, "      on the private input (instructor's view):");
        for line in twin.message.lines() {
            let _ = writeln!(out, "      {}", gutter(line));
        }
    }
    if let Some(diff) = &check.diff {
        for line in diff.lines() {
            let styled = match line.chars().next() {
                Some('-') => paint(line, |t| t.red().to_string()),
                Some('+') => paint(line, |t| t.green().to_string()),
                _ => line.to_owned(),
            };
            let _ = writeln!(out, "      {styled}");
        }
    }
    if !check.output.is_empty() {
        let _ = writeln!(out, "      your code printed:");
        let lines: Vec<&str> = check.output.lines().collect();
        for line in lines.iter().take(OUTPUT_LINES) {
            let _ = writeln!(out, "      {}", gutter(line));
        }
        if lines.len() > OUTPUT_LINES {
            let _ = writeln!(
                out,
                "      {GUTTER}… {} more line(s), in the JSON report",
                lines.len() - OUTPUT_LINES
            );
        }
    }
    if check.picture.is_some() {
        let _ = writeln!(
            out,
            "      picture: yours beside the expected one in the HTML report (--format html)"
        );
    }
    let _ = writeln!(
        out,
        "      hint: {}",
        paint(&check.hint, |t| t.cyan().to_string())
    );
}
