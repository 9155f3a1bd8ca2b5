//! `index.html`: the class at a glance in a browser. One self-contained page (no
//! script, nothing fetched, its style inline, the histogram inline as SVG) with the
//! score distribution, every check's pass rate (hardest first, as `summary.md`
//! orders them), what the class got wrong (each check's failures grouped by mistake,
//! see [`super::mistakes`]), a link to each student's `report.html` and the entries
//! not graded with why.
//!
//! Everything a student's code or folder name brought in (names, messages, mistake
//! details, reasons) is shown with [`text::visible`] and escaped with the HTML
//! report's [`escape`]; the only markup not written here is the grader's own
//! pictures and histogram (SVG drawn from numbers). The page is written for everyone
//! to read: headings in order, tables with header cells, text for every number the
//! histogram draws, visible focus, no meaning told by colour alone, nothing that
//! scrolls on its own.
//!
//! It is written from the rows and each graded student's `results.json`, which a
//! shard's output keeps too, so `grader merge` writes the page grading the class
//! whole writes.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use super::mistakes::{self, Failure, Group};
use super::summary::{self, bucket_label, buckets, grades, hardest_first, median, round1};
use super::{Outcome, Row};
use crate::checks::Mistake;
use crate::report::html::escape;
use crate::report::{points, text};
use crate::rubric::Rubric;

/// The sentence that says how failures are grouped.
pub const GROUPING: &str = "Each check's failures are grouped by what was wrong (the same \
    kind of error, such as code that does not compile, a todo!(), a panic or a timeout, or \
    the same first wrong value or order), leaving out the places, sizes and counts that \
    change from one input or submission to the next; each group shows one of its messages.";

const STYLE: &str = "body{font-family:sans-serif;max-width:72rem;margin:1rem auto;padding:0 1rem;color:#222;background:#fff;line-height:1.4}\
a{color:#0b57a4}a:focus-visible{outline:3px solid #0b57a4;outline-offset:2px}\
table{border-collapse:collapse;margin:.5rem 0 1rem}caption{text-align:left;font-weight:bold;padding:.25rem 0}\
td,th{border-bottom:1px solid #bbb;padding:.25rem .5rem;text-align:left;vertical-align:top}.n{text-align:right;white-space:nowrap}\
pre{background:#f6f8fa;border:1px solid #ddd;padding:.5rem;white-space:pre-wrap;overflow-wrap:anywhere}\
svg{max-width:100%;height:auto}figure{margin:.5rem 0}\
.group{border:1px solid #bbb;border-radius:6px;padding:0 1rem;margin:1rem 0}";

/// The failures of each check in the graded students' `results.json` below `out`.
pub fn read_failures(out: &Path, rows: &[Row]) -> BTreeMap<String, Vec<Failure>> {
    let mut by_check: BTreeMap<String, Vec<Failure>> = BTreeMap::new();
    for row in rows {
        if !matches!(row.outcome, Outcome::Graded(_)) {
            continue;
        }
        let report = std::fs::read_to_string(out.join(&row.name).join("results.json"))
            .ok()
            .and_then(|text| serde_json::from_str(&text).ok())
            .unwrap_or_default();
        for (check, failure) in mistakes::failures(&row.name, &report) {
            by_check.entry(check).or_default().push(failure);
        }
    }
    by_check
}

/// Student-derived text for the page: control characters shown, markup escaped.
fn shown(text: &str) -> String {
    escape(&text::visible(text))
}

/// A link's address for the entry `name`'s file `file`: the name percent-encoded
/// (every byte but letters, digits and `-._~`), so that any folder name is one path
/// segment.
fn href(name: &str, file: &str) -> String {
    let mut out = String::new();
    for byte in name.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
            out.push(char::from(byte));
        } else {
            let _ = write!(out, "%{byte:02X}");
        }
    }
    format!("{out}/{file}")
}

/// A link to a student's own page.
fn student_link(name: &str) -> String {
    format!(
        "<a href=\"{}\">{}</a>",
        href(name, "report.html"),
        shown(name)
    )
}

/// A mistake in words: `visit order: the 2nd room …`, or its kind alone.
fn in_words(mistake: &Mistake) -> String {
    if mistake.detail.is_empty() {
        mistake.kind.clone()
    } else {
        format!("{}: {}", mistake.kind, mistake.detail)
    }
}

/// `count` and `noun`, with an `s` when not 1.
fn plural(count: usize, noun: &str) -> String {
    format!("{count} {noun}{}", if count == 1 { "" } else { "s" })
}

/// `count` entries of the class folder.
fn entries(count: usize) -> String {
    if count == 1 {
        "1 entry".to_owned()
    } else {
        format!("{count} entries")
    }
}

/// `index.html`, from the rows and each check's failures (see [`read_failures`]).
pub fn render(
    rubric: &Rubric,
    rows: &[Row],
    sandbox: crate::sandbox::Level,
    mut failures: BTreeMap<String, Vec<Failure>>,
    lints: &super::lints::Class,
) -> String {
    let graded = grades(rows);
    let mut out = String::from(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>",
    );
    let _ = write!(
        out,
        "<title>Perfect Mazes: the class ({} of {} graded)</title><style>{STYLE}</style></head><body><main>",
        graded.len(),
        entries(rows.len())
    );
    let _ = write!(
        out,
        "<h1>Perfect Mazes: the class</h1><p>{} of {} graded. Sandbox: {}.</p>",
        graded.len(),
        entries(rows.len()),
        escape(sandbox.describe())
    );
    let _ = write!(
        out,
        "<nav aria-label=\"On this page\"><ul><li><a href=\"#scores\">Scores</a></li><li><a href=\"#checks\">Checks, hardest first</a></li><li><a href=\"#mistakes\">What the class got wrong</a></li>{}<li><a href=\"#students\">Students</a></li><li><a href=\"#not-graded\">Not graded</a></li></ul></nav>",
        super::lints::nav(lints)
    );
    scores(&mut out, rows);
    let rates = hardest_first(rubric, &graded);
    out.push_str("<h2 id=\"checks\">Checks, hardest first</h2>");
    if graded.is_empty() {
        out.push_str("<p>No submission was graded.</p>");
    } else {
        out.push_str("<table><thead><tr><th scope=\"col\">check</th><th scope=\"col\">what it checks</th><th scope=\"col\" class=\"n\">points</th><th scope=\"col\" class=\"n\">passed</th><th scope=\"col\" class=\"n\">pass rate</th><th scope=\"col\">where the handout explains it</th></tr></thead><tbody>");
        for (check, passed) in &rates {
            let name = escape(check.spec.name);
            let label = if failures.contains_key(check.spec.name) {
                format!("<a href=\"#check-{name}\"><code>{name}</code></a>")
            } else {
                format!("<code>{name}</code>")
            };
            let _ = write!(
                out,
                "<tr><th scope=\"row\">{label}</th><td>{}</td><td class=\"n\">{}</td><td class=\"n\">{passed} of {}</td><td class=\"n\">{} %</td><td>{}</td></tr>",
                shown(&check.title),
                points(check.points),
                graded.len(),
                passed * 100 / graded.len(),
                shown(&check.hint)
            );
        }
        out.push_str("</tbody></table>");
    }
    let _ = write!(
        out,
        "<h2 id=\"mistakes\">What the class got wrong</h2><p>{}</p>",
        escape(GROUPING)
    );
    let mut any = false;
    for (check, _) in &rates {
        let Some(of_check) = failures.remove(check.spec.name) else {
            continue;
        };
        any = true;
        let count = of_check.len();
        let groups = mistakes::group(of_check);
        let name = escape(check.spec.name);
        let _ = write!(
            out,
            "<h3 id=\"check-{name}\"><code>{name}</code>: {}</h3><p>{} of {} failed it, with {}. Where the handout explains it: {}.</p>",
            shown(&check.title),
            count,
            graded.len(),
            plural(groups.len(), "mistake"),
            shown(&check.hint)
        );
        for group in &groups {
            mistake_group(&mut out, group);
        }
    }
    if !any {
        out.push_str("<p>No graded submission failed a check.</p>");
    }
    super::lints::html(&mut out, lints, student_link);
    students(&mut out, rows);
    not_graded(&mut out, rows);
    out.push_str("</main></body></html>\n");
    out
}

/// The score distribution: the histogram, and the same numbers in a table.
fn scores(out: &mut String, rows: &[Row]) {
    let graded = grades(rows);
    out.push_str("<h2 id=\"scores\">Scores</h2>");
    if graded.is_empty() {
        out.push_str("<p>No submission was graded.</p>");
        return;
    }
    let mut values: Vec<f64> = graded.iter().map(|g| g.score).collect();
    let mean = values.iter().sum::<f64>() / values.len() as f64;
    let _ = write!(
        out,
        "<p>Mean score {} of {}, median {}; {} with full marks.</p>",
        round1(mean),
        points(graded[0].max_score),
        round1(median(&mut values)),
        graded.iter().filter(|g| g.score >= g.max_score).count()
    );
    let counts = buckets(&graded);
    let label = format!(
        "Histogram of the scores: {}.",
        counts
            .iter()
            .enumerate()
            .rev()
            .map(|(i, count)| format!("{count} at {}", bucket_label(i)))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let svg = summary::histogram_svg(rows).replacen(
        "<svg ",
        &format!("<svg role=\"img\" aria-label=\"{}\" ", escape(&label)),
        1,
    );
    let _ = write!(out, "<figure>{}</figure>", svg.trim_end());
    out.push_str("<table><caption>Submissions per share of the points</caption><thead><tr><th scope=\"col\">share of the points</th><th scope=\"col\" class=\"n\">submissions</th></tr></thead><tbody>");
    for (i, count) in counts.iter().enumerate().rev() {
        let _ = write!(
            out,
            "<tr><th scope=\"row\">{}</th><td class=\"n\">{count}</td></tr>",
            bucket_label(i)
        );
    }
    out.push_str("</tbody></table>");
}

/// One group of failures: how many, who, one message and its picture.
fn mistake_group(out: &mut String, group: &Group) {
    let Some(first) = group.failures.first() else {
        return;
    };
    let _ = write!(
        out,
        "<section class=\"group\"><h4>{}: {}</h4><p>Students: {}.</p><p>What {}'s report says:</p><pre>{}</pre>",
        plural(group.failures.len(), "student"),
        shown(&in_words(&group.mistake)),
        group
            .failures
            .iter()
            .map(|failure| student_link(&failure.student))
            .collect::<Vec<_>>()
            .join(", "),
        shown(&first.student),
        shown(first.message.trim_end())
    );
    if let Some(svg) = &first.picture {
        let _ = write!(
            out,
            "<figure>{svg}<figcaption>The expected result (left) and {}'s (right, labelled “yours”).</figcaption></figure>",
            shown(&first.student)
        );
    }
    out.push_str("</section>");
}

/// Every graded student with a link to their page.
fn students(out: &mut String, rows: &[Row]) {
    out.push_str("<h2 id=\"students\">Students</h2>");
    let graded: Vec<(&Row, &super::Grade)> = rows
        .iter()
        .filter_map(|row| match &row.outcome {
            Outcome::Graded(grade) => Some((row, grade)),
            _ => None,
        })
        .collect();
    if graded.is_empty() {
        out.push_str("<p>No submission was graded.</p>");
        return;
    }
    out.push_str("<table><thead><tr><th scope=\"col\">student (their report)</th><th scope=\"col\" class=\"n\">score</th><th scope=\"col\" class=\"n\">of</th><th scope=\"col\" class=\"n\">checks failed</th></tr></thead><tbody>");
    for (row, grade) in graded {
        let _ = write!(
            out,
            "<tr><th scope=\"row\">{}</th><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td></tr>",
            student_link(&row.name),
            points(grade.score),
            points(grade.max_score),
            grade.checks.iter().filter(|(_, _, passed)| !passed).count()
        );
    }
    out.push_str("</tbody></table>");
}

/// The entries that were not graded, with why.
fn not_graded(out: &mut String, rows: &[Row]) {
    out.push_str("<h2 id=\"not-graded\">Not graded</h2>");
    let entries: Vec<(&Row, &str, &String)> = rows
        .iter()
        .filter_map(|row| match &row.outcome {
            Outcome::Graded(_) => None,
            Outcome::NotASubmission(reason) => Some((row, "no submission", reason)),
            Outcome::Refused(reason) => Some((row, "refused", reason)),
            Outcome::Failed(reason) => Some((row, "the grader could not grade it", reason)),
        })
        .collect();
    if entries.is_empty() {
        out.push_str("<p>Every entry was graded.</p>");
        return;
    }
    out.push_str("<table><thead><tr><th scope=\"col\">entry</th><th scope=\"col\">status</th><th scope=\"col\">why</th></tr></thead><tbody>");
    for (row, status, reason) in entries {
        let _ = write!(
            out,
            "<tr><th scope=\"row\">{}</th><td>{status}</td><td>{}</td></tr>",
            shown(&row.name),
            shown(reason)
        );
    }
    out.push_str("</tbody></table>");
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::commands::grade_all::Grade;

    const HOSTILE: &str = "<script>alert(1)</script> & \"quotes\" \u{202e}";

    fn page() -> String {
        let rubric = crate::rubric::load(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/rubric.toml"),
        )
        .expect("the kit's rubric");
        let grade = |passed: bool| Grade {
            score: if passed { 2.0 } else { 0.0 },
            max_score: 2.0,
            checks: vec![(
                "direction_opposite".to_owned(),
                if passed { 2.0 } else { 0.0 },
                passed,
            )],
        };
        let row = |name: &str, outcome| Row {
            name: name.to_owned(),
            outcome,
            unchanged: false,
            duration: Duration::ZERO,
        };
        let rows = [
            row("ann", Outcome::Graded(grade(true))),
            row(HOSTILE, Outcome::Graded(grade(false))),
            row("bo b#1", Outcome::Graded(grade(false))),
            row(
                "notes",
                Outcome::NotASubmission(format!("no crate in {HOSTILE}")),
            ),
        ];
        let failure = |student: &str| {
            Failure {
            student: student.to_owned(),
            mistake: Mistake::of_message("opposite of EAST gave EAST"),
            message: format!("opposite of EAST gave EAST {HOSTILE}"),
            picture: Some("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1 1\"><rect width=\"1\" height=\"1\"/></svg>".to_owned()),
        }
        };
        let failures = BTreeMap::from([(
            "direction_opposite".to_owned(),
            vec![failure(HOSTILE), failure("bo b#1")],
        )]);
        render(
            &rubric,
            &rows,
            crate::sandbox::Level::Unconfined,
            failures,
            &Default::default(),
        )
    }

    #[test]
    fn the_class_page_is_well_formed_and_its_only_markup_is_the_graders() {
        let html = page();
        let options = roxmltree::ParsingOptions {
            allow_dtd: true,
            ..roxmltree::ParsingOptions::default()
        };
        let document = roxmltree::Document::parse_with_options(&html, options)
            .expect("the page is well-formed");
        let elements: Vec<roxmltree::Node> =
            document.descendants().filter(|n| n.is_element()).collect();
        assert!(elements.iter().all(|n| n.tag_name().name() != "script"));
        assert!(!html.contains("<script>"), "escaped everywhere");
        assert!(
            html.contains(
                "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot; \\u{202e}"
            )
        );
        let root = document.root_element();
        assert_eq!(root.attribute("lang"), Some("en"));
        // Headings go down one level at a time.
        let levels: Vec<u8> = elements
            .iter()
            .filter_map(|n| n.tag_name().name().strip_prefix('h')?.parse().ok())
            .collect();
        assert_eq!(levels.first(), Some(&1));
        assert!(levels.windows(2).all(|w| w[1] <= w[0] + 1), "{levels:?}");
        // Every header cell says what it heads; every link has words.
        for node in &elements {
            match node.tag_name().name() {
                "th" => assert!(node.attribute("scope").is_some(), "{node:?}"),
                "a" => assert!(
                    !node
                        .descendants()
                        .filter_map(|t| t.text())
                        .collect::<String>()
                        .trim()
                        .is_empty()
                ),
                _ => {}
            }
        }
        let links: Vec<&str> = elements
            .iter()
            .filter(|n| n.tag_name().name() == "a")
            .filter_map(|n| n.attribute("href"))
            .filter(|href| href.ends_with("/report.html"))
            .collect();
        assert!(links.contains(&"ann/report.html"), "{links:?}");
        assert!(links.contains(&"bo%20b%231/report.html"), "{links:?}");
        assert!(
            links.contains(&"%3Cscript%3Ealert%281%29%3C%2Fscript%3E%20%26%20%22quotes%22%20%E2%80%AE/report.html"),
            "{links:?}"
        );
    }

    #[test]
    fn a_mistake_in_words_leaves_out_an_empty_detail() {
        assert_eq!(in_words(&Mistake::kind("timed out")), "timed out");
        assert_eq!(
            in_words(&Mistake::new("panicked", "index out of bounds")),
            "panicked: index out of bounds"
        );
    }

    #[test]
    fn the_class_page_groups_each_check_and_says_how() {
        let html = page();
        assert!(html.contains(&escape(GROUPING)));
        assert!(
            html.contains("<h3 id=\"check-direction_opposite\">"),
            "{html}"
        );
        assert!(html.contains("2 of 3 failed it, with 1 mistake."), "{html}");
        assert!(
            html.contains("<h4>2 students: wrong result: opposite of EAST gave EAST</h4>"),
            "{html}"
        );
        assert!(html.contains("<td>no submission</td>"), "{html}");
        assert!(
            html.contains("Histogram of the scores: 1 at 90–100 %"),
            "{html}"
        );
    }
}
