//! The report as one self-contained HTML page: no script, no style sheet or font to
//! fetch, readable in any browser offline. Every text is escaped; the only markup
//! not written here is the grader's own pictures (SVG drawn from numbers, see
//! `checks::picture`). The page is well-formed XML too, which the tests check. Like
//! results.json, it may reach the student: a twin's own words stay out of it.
//!
//! Everyone can read it (axe-core's WCAG 2.1 A and AA rules pass in a browser:
//! grader/tests/browser): one `main`, headings in order, colours of enough contrast,
//! ✓ and ✗ spoken as words, each block of text that may scroll sideways reachable by
//! keyboard and named, and pictures that scale to the window and carry their own
//! text alternative.

use std::fmt::Write as _;

use super::text::escape;
use super::{CheckResult, Report};
use crate::rubric::points;

const STYLE: &str = "body{font-family:sans-serif;max-width:64rem;margin:1rem auto;padding:0 1rem;color:#222}\
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.25rem .5rem;text-align:left;vertical-align:top}\
.pass{color:#1a7f37}.fail{color:#cf222e}pre{background:#f6f8fa;padding:.5rem;overflow-x:auto;white-space:pre-wrap}\
pre:focus{outline:2px solid #0969da}.failure{border:1px solid #ddd;border-radius:6px;padding:.5rem 1rem;margin:1rem 0}\
figure{margin:.5rem 0}figure svg{max-width:100%;height:auto}\
.words{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}";

/// A block of preformatted `text`, which may scroll sideways: reachable by keyboard
/// (`tabindex`) and named by `label` (a region), so a reader knows what it holds.
/// Both are escaped.
pub(crate) fn block(label: &str, class: &str, text: &str) -> String {
    block_of_markup(label, class, &escape(text.trim_end()))
}

/// [`block`] around `markup` that is already safe (escaped text, the grader's own
/// tags); `label` is escaped.
pub(crate) fn block_of_markup(label: &str, class: &str, markup: &str) -> String {
    let class = if class.is_empty() {
        String::new()
    } else {
        format!(" class=\"{class}\"")
    };
    format!(
        "<pre{class} tabindex=\"0\" role=\"region\" aria-label=\"{}\">{markup}</pre>",
        escape(label)
    )
}

/// The HTML page.
pub fn render(report: &Report) -> String {
    let mut out =
        String::from("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/>");
    let _ = write!(
        out,
        "<title>Perfect Mazes: {}/{}</title><style>{STYLE}</style></head><body><main>",
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
        out.push_str(&block("the compiler's message", "fail", error));
    }
    for part in &report.parts {
        let _ = write!(
            out,
            "<h2>{} ({}/{})</h2><table><tr><th><span class=\"words\">passed</span></th><th>check</th><th>points</th><th>result</th></tr>",
            escape(&part.title),
            points(part.score),
            points(part.max_score)
        );
        for check in report.checks.iter().filter(|c| c.part.id() == part.id) {
            let (class, mark, words) = if check.passed {
                ("pass", "✓", "passed")
            } else {
                ("fail", "✗", "failed")
            };
            let first = check.message.lines().next().unwrap_or_default();
            let link = if check.passed {
                escape(&check.name)
            } else {
                format!("<a href=\"#{0}\">{0}</a>", escape(&check.name))
            };
            let _ = write!(
                out,
                "<tr><td class=\"{class}\"><span aria-hidden=\"true\">{mark}</span><span class=\"words\">{words}</span></td><td><code>{link}</code> {}</td><td>{}/{}</td><td>{}</td></tr>",
                escape(&check.title),
                points(check.score),
                points(check.max_score),
                escape(first)
            );
        }
        out.push_str("</table>");
    }
    if report.checks.iter().any(|c| !c.passed) {
        out.push_str("<h2>What failed</h2>");
    }
    for check in report.checks.iter().filter(|c| !c.passed) {
        failure(&mut out, check);
    }
    if let Some(section) = &report.style {
        super::style::html(&mut out, section);
    }
    if !report.warnings.is_empty() {
        let _ = write!(
            out,
            "<p>{} compiler warning(s) in your code (not graded).</p>",
            report.warnings.len()
        );
    }
    out.push_str("</main></body></html>\n");
    out
}

/// A failed check in full: message, picture, diff, printed output, hint.
fn failure(out: &mut String, check: &CheckResult) {
    let _ = write!(
        out,
        "<section class=\"failure\" id=\"{0}\"><h3><code>{0}</code> {1}</h3>{2}",
        escape(&check.name),
        escape(&check.title),
        block(&format!("what {} found", check.name), "", &check.message)
    );
    if let Some(svg) = &check.picture {
        let _ = write!(
            out,
            "<figure>{svg}<figcaption>Expected (left) and yours (right).</figcaption></figure>"
        );
    }
    if let Some(diff) = &check.diff {
        out.push_str(&block(
            &format!("the difference, for {}: expected and yours", check.name),
            "",
            diff,
        ));
    }
    if !check.output.is_empty() {
        let _ = write!(
            out,
            "<p>Your code printed:</p>{}",
            block(
                &format!("what your code printed, for {}", check.name),
                "",
                &check.output
            )
        );
    }
    let _ = write!(out, "<p>Hint: {}</p></section>", escape(&check.hint));
}
