//! The report for a person at a terminal.
//!
//! The student's text never stands where the grader's own lines do: it arrives with
//! its control characters shown as escapes (so no `\r` or ANSI sequence can move the
//! cursor or repaint a line), messages and diffs are indented under their check,
//! compiler errors and what the code printed sit behind a `│ ` gutter, and the
//! `Score:` line is the last line, written only here.

use std::fmt::Write as _;

use owo_colors::OwoColorize;

use super::{Report, points};

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

/// How many lines of a check's captured output are shown.
const OUTPUT_LINES: usize = 12;

/// The human report; colours only when `color` is set.
pub fn render(report: &Report, color: bool) -> String {
    let mut out = String::new();
    let paint =
        |text: &str, style: fn(&str) -> String| if color { style(text) } else { text.to_owned() };
    let _ = writeln!(out, "Grading {}", report.submission);
    for error in &report.build_errors {
        let _ = writeln!(out);
        for line in error.lines() {
            let _ = writeln!(out, "  {}", gutter(&paint(line, |t| t.red().to_string())));
        }
    }
    for part in &report.parts {
        let _ = writeln!(
            out,
            "\n{}  {}/{}",
            paint(&part.title, |t| t.bold().to_string()),
            points(part.score),
            points(part.max_score)
        );
        for check in report.checks.iter().filter(|c| c.part.id() == part.id) {
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
            if check.passed {
                continue;
            }
            for line in check.message.lines() {
                let _ = writeln!(out, "      {line}");
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
            let _ = writeln!(
                out,
                "      hint: {}",
                paint(&check.hint, |t| t.cyan().to_string())
            );
        }
    }
    if !report.warnings.is_empty() {
        let _ = writeln!(
            out,
            "\n{} compiler warning(s) in your code (not graded; `cargo build` shows them all)",
            report.warnings.len()
        );
    }
    let passed = report.checks.iter().filter(|c| c.passed).count();
    let _ = writeln!(
        out,
        "\nScore: {}/{}  ({passed} of {} checks passed)",
        paint(&points(report.score), |t| t.bold().to_string()),
        points(report.max_score),
        report.checks.len()
    );
    out
}
