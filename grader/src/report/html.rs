//! The report as one self-contained HTML page: no script, no style sheet or font to
//! fetch, readable in any browser offline. Every text is escaped; the only markup
//! not written here is the grader's own pictures (SVG drawn from numbers, see
//! `checks::picture`). The page is well-formed XML too, which the tests check. Like
//! results.json, it may reach the student: a twin's own words stay out of it.

use std::fmt::Write as _;

use super::{CheckResult, Report, points};

/// `text` with the characters HTML gives a meaning escaped (element content and
/// quoted attributes).
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

const STYLE: &str = "body{font-family:sans-serif;max-width:64rem;margin:1rem auto;padding:0 1rem;color:#222}\
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.25rem .5rem;text-align:left;vertical-align:top}\
.pass{color:#1a7f37}.fail{color:#cf222e}pre{background:#f6f8fa;padding:.5rem;overflow-x:auto;white-space:pre-wrap}\
.failure{border:1px solid #ddd;border-radius:6px;padding:.5rem 1rem;margin:1rem 0}figure{margin:.5rem 0;overflow-x:auto}";

/// The HTML page.
pub fn render(report: &Report) -> String {
    let mut out =
        String::from("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/>");
    let _ = write!(
        out,
        "<title>Perfect Mazes: {}/{}</title><style>{STYLE}</style></head><body>",
        points(report.score),
        points(report.max_score)
    );
    let _ = write!(
        out,
        "<h1>Perfect Mazes: {}/{}</h1><p>Submission: <code>{}</code><br/>Sandbox: {}</p>",
        points(report.score),
        points(report.max_score),
        escape(&report.submission),
        escape(report.sandbox.describe())
    );
    if report.twins_elsewhere() {
        let _ = write!(out, "<p>Note: {}.</p>", escape(super::TWINS_ELSEWHERE));
    }
    for error in &report.build_errors {
        let _ = write!(
            out,
            "<pre class=\"fail\">{}</pre>",
            escape(error.trim_end())
        );
    }
    for part in &report.parts {
        let _ = write!(
            out,
            "<h2>{} ({}/{})</h2><table><tr><th></th><th>check</th><th>points</th><th>result</th></tr>",
            escape(&part.title),
            points(part.score),
            points(part.max_score)
        );
        for check in report.checks.iter().filter(|c| c.part.id() == part.id) {
            let (class, mark) = if check.passed {
                ("pass", "✓")
            } else {
                ("fail", "✗")
            };
            let first = check.message.lines().next().unwrap_or_default();
            let link = if check.passed {
                escape(&check.name)
            } else {
                format!("<a href=\"#{0}\">{0}</a>", escape(&check.name))
            };
            let _ = write!(
                out,
                "<tr><td class=\"{class}\">{mark}</td><td><code>{link}</code> {}</td><td>{}/{}</td><td>{}</td></tr>",
                escape(&check.title),
                points(check.score),
                points(check.max_score),
                escape(first)
            );
        }
        out.push_str("</table>");
    }
    for check in report.checks.iter().filter(|c| !c.passed) {
        failure(&mut out, check);
    }
    if !report.warnings.is_empty() {
        let _ = write!(
            out,
            "<p>{} compiler warning(s) in your code (not graded).</p>",
            report.warnings.len()
        );
    }
    out.push_str("</body></html>\n");
    out
}

/// A failed check in full: message, picture, diff, printed output, hint.
fn failure(out: &mut String, check: &CheckResult) {
    let _ = write!(
        out,
        "<section class=\"failure\" id=\"{0}\"><h3><code>{0}</code> {1}</h3><pre>{2}</pre>",
        escape(&check.name),
        escape(&check.title),
        escape(check.message.trim_end())
    );
    if let Some(svg) = &check.picture {
        let _ = write!(
            out,
            "<figure>{svg}<figcaption>Expected (left) and yours (right).</figcaption></figure>"
        );
    }
    if let Some(diff) = &check.diff {
        let _ = write!(out, "<pre>{}</pre>", escape(diff.trim_end()));
    }
    if !check.output.is_empty() {
        let _ = write!(
            out,
            "<p>Your code printed:</p><pre>{}</pre>",
            escape(check.output.trim_end())
        );
    }
    let _ = write!(out, "<p>Hint: {}</p></section>", escape(&check.hint));
}
