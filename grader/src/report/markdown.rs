//! Markdown, for a CI job summary: a table per part and the failures in detail.

use std::fmt::Write as _;

use super::{Report, points};

fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
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
    for error in &report.build_errors {
        let (headline, details) = error.split_once('\n').unwrap_or((error, ""));
        let headline = headline.trim_end_matches(':');
        let _ = writeln!(
            out,
            "**{headline}**\n\n```text\n{}\n```\n",
            details.trim_end()
        );
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
                cell(first)
            );
        }
        out.push('\n');
    }
    let failures: Vec<_> = report
        .checks
        .iter()
        .filter(|c| !c.passed && (c.diff.is_some() || c.message.contains('\n')))
        .collect();
    for check in failures {
        let _ = writeln!(
            out,
            "<details><summary><code>{}</code></summary>\n\n```text\n{}",
            check.name,
            check.message.trim_end()
        );
        if let Some(diff) = &check.diff {
            let _ = writeln!(out, "\n{}", diff.trim_end());
        }
        let _ = writeln!(out, "```\n\nhint: {}\n</details>\n", check.hint);
    }
    out
}
