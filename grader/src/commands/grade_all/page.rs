//! `index.html`: the class at a glance in a browser, for the course's staff. One
//! self-contained page (nothing fetched, its style and its one small script inline,
//! the histogram inline as SVG) that reads from the top down in the order a
//! professor asks: who got what (every entry of the class folder in one table:
//! score, each part, whether a part did not compile, why an entry was not graded),
//! how the scores spread, which checks the class found hardest, and what the class
//! got wrong (each check's failures grouped by mistake, see [`super::mistakes`],
//! each group folded in a `<details>`).
//!
//! The page stays readable and bounded as the class grows: the students' table is
//! sorted by name as written, and a small script (progressive enhancement: the page
//! is whole and correct without it) turns each column header into a button that
//! sorts by that column; each mistake group names at most [`NAMES_PER_GROUP`]
//! students and quotes one message cut at [`MESSAGE_CHARS`]; pictures go to the
//! largest groups first until [`PICTURE_BYTES`] are spent, the other groups point
//! at the report that holds theirs. So the page grows with the class's rows and its
//! distinct mistakes, not with students times checks.
//!
//! A student's name links to their `report.html`, the report that may be handed out;
//! the instructor's report beside it (`instructor/report.html`, with what the hidden
//! checks asked) is linked from the same row and from each mistake group.
//!
//! Everything a student's code or folder name brought in (names, messages, mistake
//! details, reasons) is shown with [`text::visible`] and escaped with the HTML
//! report's [`escape`]; the only markup not written here is the grader's own
//! pictures and histogram (SVG drawn from numbers). The page is written for everyone
//! to read: headings in order, tables with header cells, wide tables in regions that
//! scroll sideways by keyboard too, text for every number the histogram draws,
//! visible focus, no meaning told by colour alone, nothing that moves on its own.
//!
//! It is written from the rows and each graded student's instructor `results.json`,
//! which a shard's output keeps too, so `grader merge` writes the page grading the
//! class whole writes.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use serde_json::Value;

use super::mistakes::{self, Failure, Group};
use super::summary::{self, bucket_label, buckets, grades, hardest_first, median, round1};
use super::{Grade, INSTRUCTOR, Outcome, Row, counted, instructor_json};
use crate::checks::Mistake;
use crate::checks::mistake::{BUILD_ERROR, DID_NOT_RUN, NOT_IMPLEMENTED};
use crate::report::text::{self, escape};
use crate::rubric::Rubric;
use crate::rubric::points;

/// The sentence that says how failures are grouped.
pub const GROUPING: &str = "Each check's failures are grouped by what was wrong (the same \
    kind of error, such as code that does not compile, a todo!(), a panic or a timeout, or \
    the same first wrong value or order), leaving out the places, sizes and counts that \
    change from one input or submission to the next; each group shows one of its messages.";

/// The most students a mistake group names; the rest are counted.
pub const NAMES_PER_GROUP: usize = 40;

/// The most characters of the message a mistake group quotes.
pub const MESSAGE_CHARS: usize = 800;

/// The bytes of pictures the page holds at most, given to the largest groups first.
pub const PICTURE_BYTES: usize = 600_000;

/// The page's style. A region that scrolls sideways is `position:relative`: the words
/// hidden for screen readers in its rows (`.words`, placed absolutely) would otherwise
/// count in the page's own width, and at 320 px the whole page would scroll sideways.
const STYLE: &str = "body{font-family:sans-serif;max-width:72rem;margin:1rem auto;padding:0 1rem;color:#222;background:#fff;line-height:1.4}\
a{color:#0b57a4}a:focus-visible,button:focus-visible,summary:focus-visible,.scroll:focus-visible{outline:3px solid #0b57a4;outline-offset:2px}\
table{border-collapse:collapse;margin:.5rem 0 1rem}caption{text-align:left;font-weight:bold;padding:.25rem 0}\
td,th{border-bottom:1px solid #bbb;padding:.25rem .5rem;text-align:left;vertical-align:top}.n{text-align:right;white-space:nowrap}\
th button{font:inherit;font-weight:bold;color:#0b57a4;background:none;border:0;padding:0;cursor:pointer;text-align:inherit}\
th[aria-sort=ascending] button::after{content:\" \\25B2\"}th[aria-sort=descending] button::after{content:\" \\25BC\"}\
.scroll{overflow-x:auto;max-width:100%;position:relative}.bad{color:#a40e26;font-weight:bold}code{overflow-wrap:anywhere}\
pre{background:#f6f8fa;border:1px solid #ddd;padding:.5rem;white-space:pre-wrap;overflow-wrap:anywhere}\
svg{max-width:100%;height:auto}figure{margin:.5rem 0}summary{cursor:pointer;padding:.25rem 0}\
.group{border:1px solid #bbb;border-radius:6px;padding:0 1rem;margin:.5rem 0}.check{margin:1.5rem 0}\
.words{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}";

/// The page's one script: each header of a `table[data-sortable]` becomes a button
/// that sorts the rows by that column (a cell's `data-sort`, else its text), and
/// says how in `aria-sort`. Without it the table stays as written, sorted by name.
/// It holds no `<` or `&`, so the page stays well-formed XML, and nothing of a
/// student's: it reads the table the page wrote, escaped.
const SORTER: &str = "document.querySelectorAll('table[data-sortable]').forEach(function(table){\
var heads=table.tHead.rows[0].cells,body=table.tBodies[0];\
function key(cell){var v=cell.getAttribute('data-sort');if(v===null){return cell.textContent.trim();}\
if(v===''||isNaN(Number(v))){return v;}return Number(v);}\
Array.prototype.forEach.call(heads,function(th,column){\
var button=document.createElement('button');button.type='button';\
while(th.firstChild){button.appendChild(th.firstChild);}th.appendChild(button);\
button.addEventListener('click',function(){\
var up=th.getAttribute('aria-sort')!=='ascending';\
Array.prototype.forEach.call(heads,function(h){h.removeAttribute('aria-sort');});\
th.setAttribute('aria-sort',up?'ascending':'descending');\
var rows=Array.prototype.slice.call(body.rows);\
rows.sort(function(a,b){var x=key(a.cells[column]),y=key(b.cells[column]);\
var numbers=typeof x==='number'?typeof y==='number':false;\
var o=numbers?x-y:String(x).localeCompare(String(y));return up?o:-o;});\
rows.forEach(function(row){body.appendChild(row);});});});});";

/// What the page reads from the graded students' instructor `results.json`.
#[derive(Debug, Default)]
pub struct Reports {
    /// Each check's failures, by check name.
    pub failures: BTreeMap<String, Vec<Failure>>,
    /// The parts (their ids) that did not compile, by student.
    pub unbuilt: BTreeMap<String, Vec<String>>,
}

/// What the page needs of the graded students' reports below `out`.
pub fn read_reports(out: &Path, rows: &[Row]) -> Reports {
    let mut reports = Reports::default();
    for row in rows {
        if !matches!(row.outcome, Outcome::Graded(_)) {
            continue;
        }
        let report: Value = std::fs::read_to_string(instructor_json(out, &row.name))
            .ok()
            .and_then(|text| serde_json::from_str(&text).ok())
            .unwrap_or_default();
        for (check, failure) in mistakes::failures(&row.name, &report) {
            reports.failures.entry(check).or_default().push(failure);
        }
        // The parts whose own code did not compile: not the later parts whose checks
        // failed because that code's stubs stood in for it (their checks' mistake is
        // a build error too, which is how a report the grader wrote before parts said
        // `build_failed` is still read).
        let parts = report["parts"].as_array().into_iter().flatten();
        let mut unbuilt: Vec<String> = parts
            .filter(|part| part["build_failed"] == true)
            .filter_map(|part| part["id"].as_str().map(str::to_owned))
            .collect();
        let said = report["parts"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|part| part.get("build_failed").is_some() || part.get("needs").is_some());
        for check in report["checks"].as_array().into_iter().flatten() {
            if !said
                && check["mistake"]["kind"] == BUILD_ERROR
                && let Some(part) = check["part"].as_str()
                && !unbuilt.iter().any(|p| p == part)
            {
                unbuilt.push(part.to_owned());
            }
        }
        if !unbuilt.is_empty() {
            reports.unbuilt.insert(row.name.clone(), unbuilt);
        }
    }
    reports
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

/// A link to the instructor's report of `name`, at `check`'s failure when given.
fn instructor_link(name: &str, check: Option<&str>, words: &str) -> String {
    let anchor = check.map_or(String::new(), |check| format!("#{}", escape(check)));
    format!(
        "<a href=\"{}{anchor}\">{words}</a>",
        href(name, &format!("{INSTRUCTOR}/report.html"))
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

/// `count` entries of the class folder.
fn entries(count: usize) -> String {
    counted(count, "entry", "entries")
}

/// A part's short name for a column header: its title up to the colon (`Part 1`).
fn part_label(title: &str) -> &str {
    title.split(':').next().unwrap_or(title).trim()
}

/// A table that may be wider than the window, in a region that scrolls sideways
/// (reachable by keyboard, named by `label`).
fn scrolling(out: &mut String, label: &str, table: &str) {
    let _ = write!(
        out,
        "<div class=\"scroll\" role=\"region\" tabindex=\"0\" aria-label=\"{}\">{table}</div>",
        escape(label)
    );
}

/// `index.html`, from the rows and what their reports say (see [`read_reports`]).
pub fn render(
    rubric: &Rubric,
    rows: &[Row],
    sandbox: crate::sandbox::Level,
    reports: Reports,
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
        "<nav aria-label=\"On this page\"><ul><li><a href=\"#students\">Students</a></li><li><a href=\"#scores\">Scores</a></li><li><a href=\"#checks\">Checks, hardest first</a></li><li><a href=\"#mistakes\">What the class got wrong</a></li>{}</ul></nav>",
        super::lints::nav(lints)
    );
    students(&mut out, rubric, rows, &reports.unbuilt);
    scores(&mut out, rows);
    let rates = hardest_first(rubric, &graded);
    out.push_str("<h2 id=\"checks\">Checks, hardest first</h2>");
    if graded.is_empty() {
        out.push_str("<p>No submission was graded.</p>");
    } else {
        let mut table = String::from(
            "<table><thead><tr><th scope=\"col\">check</th><th scope=\"col\">what it checks</th><th scope=\"col\" class=\"n\">points</th><th scope=\"col\" class=\"n\">passed</th><th scope=\"col\" class=\"n\">pass rate</th><th scope=\"col\">where the handout explains it</th></tr></thead><tbody>",
        );
        for (check, passed) in &rates {
            let name = escape(check.spec.name);
            let label = if reports.failures.contains_key(check.spec.name) {
                format!("<a href=\"#check-{name}\"><code>{name}</code></a>")
            } else {
                format!("<code>{name}</code>")
            };
            let _ = write!(
                table,
                "<tr><th scope=\"row\">{label}</th><td>{}</td><td class=\"n\">{}</td><td class=\"n\">{passed} of {}</td><td class=\"n\">{} %</td><td>{}</td></tr>",
                shown(&check.title),
                points(check.points),
                graded.len(),
                passed * 100 / graded.len(),
                shown(&check.hint)
            );
        }
        table.push_str("</tbody></table>");
        scrolling(&mut out, "Checks, hardest first", &table);
    }
    mistakes_section(&mut out, &rates, reports.failures, graded.len());
    super::lints::html(&mut out, lints, |name| {
        instructor_link(name, None, &shown(name))
    });
    let _ = writeln!(out, "</main><script>{SORTER}</script></body></html>");
    out
}

/// Every entry of the class folder in one table, sorted by name: a graded one with
/// its score, each part's points, the parts that did not compile and a link to the
/// instructor's report; one not graded with why.
fn students(
    out: &mut String,
    rubric: &Rubric,
    rows: &[Row],
    unbuilt: &BTreeMap<String, Vec<String>>,
) {
    out.push_str("<h2 id=\"students\">Students</h2>");
    if rows.is_empty() {
        out.push_str("<p>The class folder has no entry.</p>");
        return;
    }
    let not_graded = rows
        .iter()
        .filter(|row| !matches!(row.outcome, Outcome::Graded(_)))
        .count();
    let _ = write!(
        out,
        "<p>A student's name opens their report, which may be handed out: it says which checks failed, \
         but nothing of what the hidden checks asked. The instructor's report beside it has everything. \
         {} did not compile in part or whole; {} not graded. The table is sorted by name; \
         with scripts on, a column's header sorts by that column.</p>",
        counted(unbuilt.len(), "submission", "submissions"),
        counted(not_graded, "entry was", "entries were"),
    );
    let mut table = String::from(
        "<table data-sortable=\"\"><caption>Every entry of the class folder</caption><thead><tr><th scope=\"col\" aria-sort=\"ascending\">student</th><th scope=\"col\" class=\"n\">score</th>",
    );
    for (_, title) in &rubric.parts {
        let _ = write!(
            table,
            "<th scope=\"col\" class=\"n\">{}</th>",
            shown(part_label(title))
        );
    }
    table.push_str("<th scope=\"col\">status</th><th scope=\"col\">instructor's report</th></tr></thead><tbody>");
    for row in rows {
        match &row.outcome {
            Outcome::Graded(grade) => graded_row(&mut table, rubric, row, grade, unbuilt),
            Outcome::NotASubmission(reason) => {
                ungraded_row(&mut table, rubric, row, "no submission", reason)
            }
            Outcome::Refused(reason) => ungraded_row(&mut table, rubric, row, "refused", reason),
            Outcome::Failed(reason) => ungraded_row(
                &mut table,
                rubric,
                row,
                "the grader could not grade it",
                reason,
            ),
        }
    }
    table.push_str("</tbody></table>");
    scrolling(out, "Students", &table);
}

/// The row of a graded entry.
fn graded_row(
    table: &mut String,
    rubric: &Rubric,
    row: &Row,
    grade: &Grade,
    unbuilt: &BTreeMap<String, Vec<String>>,
) {
    let _ = write!(
        table,
        "<tr><th scope=\"row\">{}</th><td class=\"n\" data-sort=\"{}\">{} of {}</td>",
        student_link(&row.name),
        grade.score,
        points(grade.score),
        points(grade.max_score)
    );
    for (part, _) in &rubric.parts {
        let (score, max) = rubric
            .checks
            .iter()
            .filter(|check| check.spec.part == *part)
            .fold((0.0, 0.0), |(score, max), check| {
                let earned = grade
                    .checks
                    .iter()
                    .find(|(name, _, _)| name == check.spec.name)
                    .map_or(0.0, |(_, earned, _)| *earned);
                (score + earned, max + check.points)
            });
        let _ = write!(
            table,
            "<td class=\"n\" data-sort=\"{score}\">{} of {}</td>",
            points(score),
            points(max)
        );
    }
    let failed = grade.checks.iter().filter(|(_, _, passed)| !passed).count();
    let status = match unbuilt.get(&row.name) {
        Some(parts) => {
            let titles: Vec<&str> = parts
                .iter()
                .map(|id| {
                    rubric
                        .parts
                        .iter()
                        .find(|(part, _)| part.id() == id)
                        .map_or(id.as_str(), |(_, title)| part_label(title))
                })
                .collect();
            format!(
                "<span class=\"bad\">did not compile: {}</span>; {}",
                shown(&titles.join(", ")),
                counted(failed, "check failed", "checks failed")
            )
        }
        None if failed == 0 => "graded: every check passed".to_owned(),
        None => format!(
            "graded: {}",
            counted(failed, "check failed", "checks failed")
        ),
    };
    let _ = write!(
        table,
        "<td>{status}</td><td>{}</td></tr>",
        instructor_link(
            &row.name,
            None,
            &format!(
                "everything<span class=\"words\"> for {}</span>",
                shown(&row.name)
            )
        )
    );
}

/// The row of an entry that was not graded, with why.
fn ungraded_row(table: &mut String, rubric: &Rubric, row: &Row, status: &str, reason: &str) {
    let _ = write!(
        table,
        "<tr><th scope=\"row\">{}</th><td class=\"n\" data-sort=\"-1\">none</td>",
        shown(&row.name)
    );
    for _ in &rubric.parts {
        table.push_str("<td class=\"n\" data-sort=\"-1\">none</td>");
    }
    let _ = write!(
        table,
        "<td><span class=\"bad\">not graded</span>: {status}: {}</td><td>none</td></tr>",
        shown(reason)
    );
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

/// Whether a mistake's kind says all there is: the same words for every student
/// (no message or picture to show).
fn says_all(mistake: &Mistake) -> bool {
    [BUILD_ERROR, NOT_IMPLEMENTED, DID_NOT_RUN].contains(&mistake.kind.as_str())
}

/// What the class got wrong: for each check some students failed (hardest first),
/// its groups of failures, each folded.
fn mistakes_section(
    out: &mut String,
    rates: &[(&crate::rubric::RubricCheck, usize)],
    mut failures: BTreeMap<String, Vec<Failure>>,
    graded: usize,
) {
    let _ = write!(
        out,
        "<h2 id=\"mistakes\">What the class got wrong</h2><p>{} Open a group to see who, one message and its picture.</p>",
        escape(GROUPING)
    );
    let checks: Vec<(&crate::rubric::RubricCheck, Vec<Group>, usize)> = rates
        .iter()
        .filter_map(|(check, _)| {
            let of_check = failures.remove(check.spec.name)?;
            let count = of_check.len();
            Some((*check, mistakes::group(of_check), count))
        })
        .collect();
    if checks.is_empty() {
        out.push_str("<p>No graded submission failed a check.</p>");
        return;
    }
    let pictured = pictured(&checks);
    for (index, (check, groups, count)) in checks.iter().enumerate() {
        let name = escape(check.spec.name);
        let _ = write!(
            out,
            "<section class=\"check\" id=\"check-{name}\"><h3><code>{name}</code>: {}</h3><p>{} of {} failed it, with {}. Where the handout explains it: {}.</p>",
            shown(&check.title),
            count,
            graded,
            counted(groups.len(), "mistake", "mistakes"),
            shown(&check.hint)
        );
        for (at, group) in groups.iter().enumerate() {
            mistake_group(out, check.spec.name, group, pictured.contains(&(index, at)));
        }
        out.push_str("</section>");
    }
}

/// Which groups (check's index, group's index) show their picture: the largest
/// groups first, while the pictures fit in [`PICTURE_BYTES`].
fn pictured(checks: &[(&crate::rubric::RubricCheck, Vec<Group>, usize)]) -> Vec<(usize, usize)> {
    let mut candidates: Vec<(usize, usize, usize, usize)> = Vec::new();
    for (index, (_, groups, _)) in checks.iter().enumerate() {
        for (at, group) in groups.iter().enumerate() {
            if let Some(picture) = group.failures.first().and_then(|f| f.picture.as_ref()) {
                candidates.push((group.failures.len(), index, at, picture.len()));
            }
        }
    }
    // The largest groups first; among equals, the harder check and its larger group
    // first (the order of the page).
    candidates.sort_by_key(|&(size, index, at, _)| (std::cmp::Reverse(size), index, at));
    let mut left = PICTURE_BYTES;
    let mut chosen = Vec::new();
    for (_, index, at, bytes) in candidates {
        if bytes <= left {
            left -= bytes;
            chosen.push((index, at));
        }
    }
    chosen
}

/// One group of failures, folded: how many and what in its summary; who, one
/// message and its picture (when `with_picture`) inside.
fn mistake_group(out: &mut String, check: &str, group: &Group, with_picture: bool) {
    let Some(first) = group.failures.first() else {
        return;
    };
    let _ = write!(
        out,
        "<details class=\"group\"><summary>{}: {}</summary>",
        counted(group.failures.len(), "student", "students"),
        shown(&in_words(&group.mistake)),
    );
    let names: Vec<String> = group
        .failures
        .iter()
        .take(NAMES_PER_GROUP)
        .map(|failure| instructor_link(&failure.student, Some(check), &shown(&failure.student)))
        .collect();
    let more = group.failures.len().saturating_sub(NAMES_PER_GROUP);
    let _ = write!(
        out,
        "<p>Students (each name opens the instructor's report at this check): {}{}.</p>",
        names.join(", "),
        if more > 0 {
            format!(" and {more} more (grades.csv lists every student's points on this check)")
        } else {
            String::new()
        }
    );
    if says_all(&group.mistake) {
        out.push_str("</details>");
        return;
    }
    let message = first.message.trim_end();
    let quoted: String = message.chars().take(MESSAGE_CHARS).collect();
    let cut = if quoted.len() < message.len() {
        " (cut here: the whole message is in that report)"
    } else {
        ""
    };
    let _ = write!(
        out,
        "<p>What {}'s report says{cut}:</p><pre>{}</pre>",
        shown(&first.student),
        shown(&quoted),
    );
    match &first.picture {
        Some(svg) if with_picture => {
            let _ = write!(
                out,
                "<figure>{svg}<figcaption>The expected result (left) and {}'s (right, labelled “yours”).</figcaption></figure>",
                shown(&first.student)
            );
        }
        Some(_) => {
            let _ = write!(
                out,
                "<p>The picture of the expected result beside {}'s is in {}.</p>",
                shown(&first.student),
                instructor_link(&first.student, Some(check), "their instructor's report")
            );
        }
        None => {}
    }
    out.push_str("</details>");
}
#[cfg(test)]
mod tests;
