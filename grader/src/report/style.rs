//! The style section ("how your code reads", see [`crate::style`]) in each format:
//! after the checks, each finding with its place, clippy's words, a sentence for a
//! student and the lint's name. Each format quotes the texts its own way, as it
//! does a check's: they come from clippy, which quotes the student's code.

use std::fmt::Write as _;

use owo_colors::OwoColorize;
use serde_json::{Value, json};

use super::text::{escape, inline};
use crate::style::{Finding, NOT_COMPILED, Section};

/// The section's title.
const TITLE: &str = "How your code reads (clippy)";

/// How many findings the terminal shows; every one is in the other formats.
const SHOWN: usize = 10;

/// What the section says in one line before its findings: nothing to point out, how
/// many findings, or why the code was not read.
fn headline(section: &Section) -> String {
    if !section.checked {
        return section
            .note
            .clone()
            .unwrap_or_else(|| "not checked".to_owned());
    }
    match section.findings.len() {
        0 => "nothing to point out".to_owned(),
        1 => "1 finding".to_owned(),
        n => format!("{n} findings"),
    }
}

/// Whether a format shows the section at all: it always has something to say, but
/// a code that does not compile, when no point rides on it, is said at the top of
/// the report already.
fn worth_showing(section: &Section) -> bool {
    section.checked || section.max_score > 0.0 || section.note.as_deref() != Some(NOT_COMPILED)
}

/// A note that is not the headline (unknown lints in the rubric), if any.
fn extra_note(section: &Section) -> Option<&str> {
    section.note.as_deref().filter(|_| section.checked)
}

/// The terminal's section, after the checks.
pub(super) fn human(
    out: &mut String,
    section: &Section,
    paint: &impl Fn(&str, fn(&str) -> String) -> String,
) {
    if !worth_showing(section) {
        return;
    }
    let _ = writeln!(
        out,
        "\n{}: {}  [{}]",
        paint(TITLE, |t| t.bold().to_string()),
        headline(section),
        section.points_line()
    );
    if let Some(note) = extra_note(section) {
        let _ = writeln!(out, "  note: {note}");
    }
    for finding in section.findings.iter().take(SHOWN) {
        let _ = writeln!(out, "  {}  {}", finding.place(), finding.message);
        let _ = writeln!(
            out,
            "      {}  {}",
            finding.explanation,
            paint(&format!("[{}]", finding.lint), |t| t.dimmed().to_string())
        );
    }
    if section.findings.len() > SHOWN {
        let _ = writeln!(
            out,
            "  … and {} more: every finding is in the HTML and JSON reports",
            section.findings.len() - SHOWN
        );
    }
}

/// The Markdown section: a table of the findings.
pub(super) fn markdown(out: &mut String, section: &Section) {
    if !worth_showing(section) {
        return;
    }
    let _ = writeln!(
        out,
        "### {TITLE}: {} ({})\n",
        inline(&headline(section)),
        section.points_line()
    );
    if let Some(note) = extra_note(section) {
        let _ = writeln!(out, "Note: {}\n", inline(note));
    }
    if section.findings.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "| where | what clippy says | what reads better | lint |\n|---|---|---|---|"
    );
    for finding in &section.findings {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} |",
            inline(&finding.place()),
            inline(&finding.message),
            inline(&finding.explanation),
            inline(&finding.lint)
        );
    }
    out.push('\n');
}

/// The HTML section: a table of the findings, each lint linked to its page in
/// clippy's documentation.
pub(super) fn html(out: &mut String, section: &Section) {
    if !worth_showing(section) {
        return;
    }
    let _ = write!(
        out,
        "<h2 id=\"style\">{TITLE}</h2><p>{} ({}).</p>",
        escape(&headline(section)),
        escape(&section.points_line())
    );
    if let Some(note) = extra_note(section) {
        let _ = write!(out, "<p>Note: {}.</p>", escape(note));
    }
    if section.findings.is_empty() {
        return;
    }
    out.push_str("<table><tr><th>where</th><th>what clippy says</th><th>what reads better</th><th>lint</th></tr>");
    for finding in &section.findings {
        let _ = write!(
            out,
            "<tr><td><code>{}</code></td><td>{}</td><td>{}</td><td><a href=\"{}\"><code>{}</code></a></td></tr>",
            escape(&finding.place()),
            with_code(&finding.message),
            with_code(&finding.explanation),
            escape(&finding.documentation()),
            escape(&finding.lint)
        );
    }
    out.push_str("</table>");
}

/// `text` escaped, its `quoted code` set as code (when its backticks pair up).
pub(crate) fn with_code(text: &str) -> String {
    let pieces: Vec<&str> = text.split('`').collect();
    if pieces.len().is_multiple_of(2) {
        return escape(text);
    }
    pieces
        .iter()
        .enumerate()
        .map(|(index, piece)| {
            if index % 2 == 1 {
                format!("<code>{}</code>", escape(piece))
            } else {
                escape(piece)
            }
        })
        .collect()
}

/// The findings as plain lines, for the formats that hold one text.
fn text(section: &Section) -> String {
    let mut text = format!(
        "{}: {} ({})",
        TITLE,
        headline(section),
        section.points_line()
    );
    if let Some(note) = extra_note(section) {
        let _ = write!(text, "\nNote: {note}");
    }
    for finding in &section.findings {
        let _ = write!(text, "\n\n{}", finding_text(finding));
    }
    text
}

/// One finding in two lines.
fn finding_text(finding: &Finding) -> String {
    format!(
        "{}  {}\n    {}  [{}]",
        finding.place(),
        finding.message,
        finding.explanation,
        finding.lint
    )
}

/// Whether the section passes as a test: nothing found, or every point kept.
fn passed(section: &Section) -> bool {
    section.checked && (section.findings.is_empty() || section.score >= section.max_score)
}

/// Gradescope's test of its own for the section; none for a section that waits for
/// the checks (Gradescope has no test that is not run yet; the course's
/// `run_autograder` grades with `--style`, so its sections never wait).
pub(super) fn gradescope(section: &Section) -> Option<Value> {
    (!section.waits()).then(|| json!({
        "name": TITLE,
        "score": section.score,
        "max_score": section.max_score,
        "status": if section.checked && section.findings.is_empty() { "passed" } else { "failed" },
        "output": text(section),
        "visibility": section.visibility,
    }))
}

/// GitHub Classroom's test for the section, when points ride on it (a section of
/// feedback only adds nothing to Classroom's sum, and would mark it failed).
pub(super) fn classroom(section: &Section) -> Option<Value> {
    (section.max_score > 0.0).then(|| {
        json!({
            "name": TITLE,
            "status": if passed(section) { "pass" } else { "fail" },
            "score": section.score,
            "message": text(section),
            "line_no": 0,
            "execution_time": "0.00s",
        })
    })
}

/// How the JUnit test case of the section ends.
pub(super) enum Outcome {
    /// Read, and no point lost.
    Passed,
    /// Points lost, or not read where points ride on it.
    Failed,
    /// Not read yet: it waits for the checks.
    Skipped,
}

/// The JUnit test case's outcome and text: a failure only where points are lost.
pub(super) fn junit(section: &Section) -> (Outcome, String, String) {
    let outcome = if section.waits() {
        Outcome::Skipped
    } else if passed(section) {
        Outcome::Passed
    } else {
        Outcome::Failed
    };
    (outcome, headline(section), text(section))
}

#[cfg(test)]
mod tests {
    use std::path::Path;
    use std::time::Duration;

    use super::*;
    use crate::report::{Format, Report};
    use crate::rubric::Visibility;

    /// A report of no check with a style section of one finding whose texts are
    /// hostile (clippy quotes the student's code).
    fn report(findings: usize) -> Report {
        let rubric = crate::rubric::parse(
            "[[parts]]\nid = \"part1\"\ntitle = \"Part 1\"\n\n[[check]]\nname = \"direction_opposite\"\npart = \"part1\"\ntitle = \"opposite\"\npoints = 2\nhint = \"§2\"\n",
            "r.toml",
        )
        .expect("a rubric");
        let mut report = Report::new(
            Path::new("s"),
            &rubric,
            Vec::new(),
            Vec::new(),
            Duration::ZERO,
        );
        report.style = Some(Section {
            checked: true,
            note: None,
            score: 1.0,
            max_score: 2.0,
            earned: 2.0,
            earned_by: crate::rubric::EarnedBy::Checks,
            per_finding: 1.0,
            visibility: Visibility::Visible,
            lints: 1,
            findings: (0..findings)
                .map(|line| Finding {
                    lint: "clippy::needless_return".to_owned(),
                    file: "src/\x1b[2Ja.rs".to_owned(),
                    line: line + 1,
                    message: "unneeded `return` <script>\u{202e}".to_owned(),
                    explanation: "no `return` needed".to_owned(),
                })
                .collect(),
            not_yours: 0,
        });
        report
    }

    #[test]
    fn every_format_shows_the_findings_with_the_students_text_defused() {
        let report = report(1);
        let human = report.render(Format::Human, false);
        assert!(
            human.contains("How your code reads (clippy): 1 finding  [1/2, 1 point per finding]\n  src/\\u{1b}[2Ja.rs:1  unneeded `return` <script>\\u{202e}\n      no `return` needed  [clippy::needless_return]\n"),
            "{human}"
        );
        let html = report.render(Format::Html, false);
        assert!(
            html.contains("unneeded <code>return</code> &lt;script&gt;"),
            "{html}"
        );
        assert!(!html.contains("<script>"), "{html}");
        let markdown = report.render(Format::Markdown, false);
        assert!(
            markdown.contains("unneeded \\`return\\` \\<script\\>"),
            "{markdown}"
        );
        let gradescope: Value =
            serde_json::from_str(&report.render(Format::Gradescope, false)).expect("JSON");
        let test = &gradescope["tests"][0];
        assert_eq!(test["name"], TITLE);
        assert_eq!(
            (test["score"].as_f64(), test["max_score"].as_f64()),
            (Some(1.0), Some(2.0))
        );
        let junit = report.render(Format::Junit, false);
        assert!(
            junit.contains("<testcase name=\"style\" classname=\"style\""),
            "{junit}"
        );
        let json: Value = serde_json::from_str(&report.render(Format::Json, false)).expect("JSON");
        assert_eq!(
            json["style"]["findings"][0]["lint"],
            "clippy::needless_return"
        );
    }

    #[test]
    fn the_terminal_shows_a_few_findings_and_watch_shows_them_once_every_check_passes() {
        let report = report(SHOWN + 3);
        let human = report.render(Format::Human, false);
        assert!(
            human.contains("  … and 3 more: every finding is in the HTML and JSON reports\n"),
            "{human}"
        );
        assert!(
            report
                .render_summary(false)
                .contains("How your code reads (clippy): 13 findings")
        );
        let mut failing = report.clone();
        failing.checks.push(crate::report::CheckResult {
            name: "direction_opposite".to_owned(),
            title: String::new(),
            part: crate::checks::Part::Part1,
            score: 0.0,
            max_score: 2.0,
            passed: false,
            message: "wrong".to_owned(),
            fix_first: None,
            diff: None,
            hint: String::new(),
            grader_error: false,
            visibility: Visibility::Visible,
            output: String::new(),
            picture: None,
            mistake: None,
            twin: None,
            duration: Duration::ZERO,
        });
        assert!(
            !failing
                .render_summary(false)
                .contains("How your code reads")
        );
    }

    #[test]
    fn code_that_does_not_compile_gets_no_section_unless_points_ride_on_it() {
        let mut report = report(0);
        let section = report.style.as_mut().expect("a section");
        section.checked = false;
        section.score = 0.0;
        section.note = Some(NOT_COMPILED.to_owned());
        section.max_score = 0.0;
        section.earned = 0.0;
        assert!(
            !report
                .render(Format::Human, false)
                .contains("How your code reads")
        );
        report.style.as_mut().expect("a section").max_score = 2.0;
        assert!(
            report
                .render(Format::Human, false)
                .contains("How your code reads (clippy): not checked: your code does not compile  [0/2: 0 of 2 earned by the checks passed, 1 point per finding]")
        );
    }

    #[test]
    fn a_section_that_waits_for_the_checks_says_so_and_is_no_failed_test() {
        let mut report = report(0);
        let section = report.style.as_mut().expect("a section");
        section.checked = false;
        section.score = 0.0;
        section.max_score = 0.0;
        section.note = Some(crate::style::WAITS_FOR_CHECKS.to_owned());
        assert!(section.waits());
        let human = report.render(Format::Human, false);
        assert!(
            human.contains("How your code reads (clippy): not read yet: clippy reads your code once every check passes (add --style to read it now)  [feedback only, no points]\n"),
            "{human}"
        );
        let gradescope: Value =
            serde_json::from_str(&report.render(Format::Gradescope, false)).expect("JSON");
        assert!(
            gradescope["tests"]
                .as_array()
                .expect("tests")
                .iter()
                .all(|test| test["name"] != TITLE),
            "no test for a section not read yet: {gradescope}"
        );
        let junit = report.render(Format::Junit, false);
        assert!(
            junit.contains("<testcase name=\"style\" classname=\"style\"")
                && junit.contains("<skipped message=\"not read yet: clippy reads your code once every check passes"),
            "{junit}"
        );
        assert!(!junit.contains("<failure"), "{junit}");
        // A section that could not be read for another reason does not wait.
        report.style.as_mut().expect("a section").note = Some(NOT_COMPILED.to_owned());
        assert!(!report.style.as_ref().expect("a section").waits());
    }
}
