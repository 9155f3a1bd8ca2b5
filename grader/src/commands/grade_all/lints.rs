//! How the class's code reads: the lints clippy found most often across the class,
//! each with who has it, for the class page and `summary.md`.
//!
//! Read from each graded student's `results.json` (its `style` section, see
//! [`crate::style`]), as the page's failures are, so that `grader merge` writes the
//! same from the shards' outputs. A class graded without the style section has none
//! of this, and its page and summary are as they were.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use super::{Outcome, Row};
use crate::report::style::with_code;
use crate::report::text::{self, escape};
use crate::style::{Section, explanation};

/// One lint across the class.
#[derive(Debug, Clone, PartialEq)]
pub struct Common {
    /// `clippy::needless_range_loop`.
    pub lint: String,
    /// What it means, for a student (the first finding's, when the grader has no
    /// sentence of its own for it).
    pub explanation: String,
    /// The students who have it, by name, with how many findings each.
    pub students: Vec<(String, usize)>,
}

impl Common {
    /// How many findings of this lint the class has.
    pub fn findings(&self) -> usize {
        self.students.iter().map(|(_, count)| count).sum()
    }
}

/// The class's lints, most students first, and how many graded reports had a style
/// section that clippy read.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Class {
    /// Every lint found, the most widespread first.
    pub lints: Vec<Common>,
    /// Reports whose code clippy read.
    pub read: usize,
}

/// The lints of the graded students' instructor reports below `out`.
pub fn read(out: &Path, rows: &[Row]) -> Class {
    let mut class = Class::default();
    let mut by_lint: BTreeMap<String, Common> = BTreeMap::new();
    for row in rows {
        if !matches!(row.outcome, Outcome::Graded(_)) {
            continue;
        }
        let section: Option<Section> =
            std::fs::read_to_string(super::instructor_json(out, &row.name))
                .ok()
                .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
                .and_then(|report| serde_json::from_value(report.get("style")?.clone()).ok());
        let Some(section) = section.filter(|section| section.checked) else {
            continue;
        };
        class.read += 1;
        let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
        for finding in &section.findings {
            *counts.entry(&finding.lint).or_default() += 1;
        }
        for (lint, count) in counts {
            let common = by_lint.entry(lint.to_owned()).or_insert_with(|| Common {
                lint: lint.to_owned(),
                explanation: explanation(lint).map(str::to_owned).unwrap_or_else(|| {
                    section
                        .findings
                        .iter()
                        .find(|finding| finding.lint == lint)
                        .map(|finding| finding.explanation.clone())
                        .unwrap_or_default()
                }),
                students: Vec::new(),
            });
            common.students.push((row.name.clone(), count));
        }
    }
    class.lints = by_lint.into_values().collect();
    class.lints.sort_by(|a, b| {
        b.students
            .len()
            .cmp(&a.students.len())
            .then(b.findings().cmp(&a.findings()))
            .then(a.lint.cmp(&b.lint))
    });
    class
}

/// The page's navigation entry, when the page has the section.
pub fn nav(class: &Class) -> &'static str {
    if class.read == 0 {
        ""
    } else {
        "<li><a href=\"#style\">How the class's code reads</a></li>"
    }
}

/// The page's section: each lint, how many students have it and who (links to their
/// reports), with what it means.
pub fn html(out: &mut String, class: &Class, link: impl Fn(&str) -> String) {
    if class.read == 0 {
        return;
    }
    let _ = write!(
        out,
        "<h2 id=\"style\">How the class's code reads</h2><p>Clippy's findings on the students' own code (never the code the kit provides), in {} of the graded reports; the lints most students have come first.</p>",
        class.read
    );
    if class.lints.is_empty() {
        out.push_str("<p>Clippy found nothing to point out in any of them.</p>");
        return;
    }
    out.push_str("<table><thead><tr><th scope=\"col\">lint</th><th scope=\"col\">what reads better</th><th scope=\"col\" class=\"n\">students</th><th scope=\"col\" class=\"n\">findings</th><th scope=\"col\">who (findings each)</th></tr></thead><tbody>");
    for common in &class.lints {
        let who: Vec<String> = common
            .students
            .iter()
            .map(|(name, count)| format!("{} ({count})", link(name)))
            .collect();
        let _ = write!(
            out,
            "<tr><th scope=\"row\"><code>{}</code></th><td>{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td>{}</td></tr>",
            shown(&common.lint),
            with_code(&text::visible(&common.explanation)),
            common.students.len(),
            common.findings(),
            who.join(", ")
        );
    }
    out.push_str("</tbody></table>");
}

/// `summary.md`'s section: the ten most widespread lints.
pub fn markdown(class: &Class) -> String {
    if class.read == 0 {
        return String::new();
    }
    let mut out = format!(
        "## How the class's code reads\n\nClippy's findings on the students' own code, in {} graded reports; the most widespread first.\n\n",
        class.read
    );
    if class.lints.is_empty() {
        out.push_str("Clippy found nothing to point out.\n\n");
        return out;
    }
    out.push_str("| lint | students | findings |\n|---|---:|---:|\n");
    for common in class.lints.iter().take(10) {
        let _ = writeln!(
            out,
            "| {} | {} | {} |",
            text::inline(&common.lint),
            common.students.len(),
            common.findings()
        );
    }
    out.push('\n');
    out
}

/// Student-derived text for the page: control characters shown, markup escaped.
fn shown(text: &str) -> String {
    escape(&text::visible(text))
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::commands::grade_all::Grade;
    use crate::rubric::Visibility;
    use crate::style::Finding;

    fn finding(lint: &str, line: usize) -> Finding {
        Finding {
            lint: lint.to_owned(),
            file: "src/rat/stack.rs".to_owned(),
            line,
            message: "m".to_owned(),
            explanation: "e".to_owned(),
        }
    }

    fn save(out: &Path, name: &str, findings: Vec<Finding>) -> Row {
        let section = Section {
            checked: true,
            note: None,
            score: 0.0,
            max_score: 0.0,
            earned: 0.0,
            earned_by: crate::rubric::EarnedBy::Checks,
            per_finding: 1.0,
            visibility: Visibility::Visible,
            lints: 3,
            findings,
            not_yours: 0,
        };
        let path = super::super::instructor_json(out, name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        let report =
            serde_json::json!({ "score": 0, "max_score": 0, "checks": [], "style": section });
        std::fs::write(path, report.to_string()).unwrap();
        Row {
            name: name.to_owned(),
            outcome: Outcome::Graded(Grade {
                score: 0.0,
                max_score: 0.0,
                checks: Vec::new(),
            }),
            unchanged: false,
            duration: Duration::ZERO,
        }
    }

    #[test]
    fn the_lint_most_students_have_comes_first_with_who_has_it() {
        let out = tempfile::tempdir().unwrap();
        let rows = [
            save(
                out.path(),
                "ann",
                vec![
                    finding("clippy::ptr_arg", 3),
                    finding("clippy::len_zero", 9),
                ],
            ),
            save(
                out.path(),
                "bob",
                vec![
                    finding("clippy::needless_return", 1),
                    finding("clippy::needless_return", 5),
                    finding("clippy::needless_return", 7),
                    finding("clippy::len_zero", 2),
                ],
            ),
            save(out.path(), "cy", Vec::new()),
        ];
        let class = read(out.path(), &rows);
        assert_eq!(class.read, 3);
        let order: Vec<(&str, usize, usize)> = class
            .lints
            .iter()
            .map(|c| (c.lint.as_str(), c.students.len(), c.findings()))
            .collect();
        assert_eq!(
            order,
            [
                ("clippy::len_zero", 2, 2),
                ("clippy::needless_return", 1, 3),
                ("clippy::ptr_arg", 1, 1)
            ]
        );
        assert_eq!(
            class.lints[0].students,
            [("ann".to_owned(), 1), ("bob".to_owned(), 1)]
        );
        let mut page = String::new();
        html(&mut page, &class, |name| format!("<a>{name}</a>"));
        assert!(page.contains("<a>bob</a> (3)"), "{page}");
    }

    #[test]
    fn a_class_graded_without_the_style_section_has_no_such_section() {
        let out = tempfile::tempdir().unwrap();
        let class = read(out.path(), &[]);
        assert_eq!(nav(&class), "");
        let mut page = String::new();
        html(&mut page, &class, |name| name.to_owned());
        assert!(page.is_empty());
        assert!(markdown(&class).is_empty());
    }
}
