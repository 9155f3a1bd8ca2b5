//! Markdown, for a CI job summary: a table per part and the failures in detail.
//!
//! The student's text is never Markdown here: a long text goes in a code block whose
//! fence is longer than any run of backticks in it (so no ```` ``` ```` in the text can
//! close it and start a heading), and a short one in a table cell or a title has
//! every character Markdown or HTML would act on escaped with a backslash.

use std::fmt::Write as _;

use super::Report;
use super::text::{inline, longest_backtick_run};
use crate::rubric::points;

/// A table cell of the rubric's own text (which may use Markdown).
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

/// `text` in a fenced code block, followed by a blank line.
fn code_block(text: &str) -> String {
    let fence = "`".repeat((longest_backtick_run(text) + 1).max(3));
    format!("{fence}text\n{}\n{fence}\n\n", text.trim_end())
}

/// The Markdown text.
pub fn render(report: &Report) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "## Perfect Mazes: {}/{}\n",
        points(report.score),
        points(report.max_score)
    );
    let _ = writeln!(out, "Sandbox: {}\n", report.sandbox.describe());
    if report.twins_elsewhere() {
        let _ = writeln!(out, "Note: {}.\n", super::TWINS_ELSEWHERE);
    }
    for error in &report.build_errors {
        let (headline, details) = error.split_once('\n').unwrap_or((error, ""));
        let headline = headline.trim_end_matches(':');
        let _ = writeln!(out, "**{}**\n", inline(headline));
        if !details.trim().is_empty() {
            out.push_str(&code_block(details));
        }
    }
    for part in &report.parts {
        let _ = writeln!(
            out,
            "### {} ({}/{})\n",
            part.title,
            points(part.score),
            points(part.max_score)
        );
        let _ = writeln!(out, "| | check | points | result |\n|---|---|---|---|");
        for check in report.checks.iter().filter(|c| c.part.id() == part.id) {
            let mark = if check.passed { "✅" } else { "❌" };
            let first = check.message.lines().next().unwrap_or_default();
            let _ = writeln!(
                out,
                "| {mark} | `{}` {} | {}/{} | {} |",
                check.name,
                cell(&check.title),
                points(check.score),
                points(check.max_score),
                inline(first)
            );
        }
        out.push('\n');
    }
    if let Some(section) = &report.style {
        super::style::markdown(&mut out, section);
    }
    let failures = report.checks.iter().filter(|c| {
        !c.passed && (c.diff.is_some() || c.message.contains('\n') || !c.output.is_empty())
    });
    for check in failures {
        let _ = writeln!(
            out,
            "<details><summary><code>{}</code></summary>\n",
            check.name
        );
        let mut found = check.message.trim_end().to_owned();
        if let Some(diff) = &check.diff {
            found.push_str("\n\n");
            found.push_str(diff.trim_end());
        }
        out.push_str(&code_block(&found));
        if !check.output.is_empty() {
            out.push_str("Your code printed:\n\n");
            out.push_str(&code_block(&check.output));
        }
        let _ = writeln!(out, "hint: {}\n</details>\n", check.hint);
    }
    out
}
