//! The class summary: what an instructor reads after grading a class, to see which
//! parts of the handout the class got wrong.
//!
//! `summary.md` has the score distribution, each part's mean, every check's pass
//! rate (hardest first, with the handout section its hint names) and the folders
//! that were not graded; `histogram.svg` draws the distribution.

use std::fmt::Write as _;

use super::{Grade, Outcome, Row};
use crate::report::text::inline;
use crate::rubric::Rubric;
use crate::rubric::points;
use crate::timings::{Spent, Timings};

/// How many bars the histogram has: tenths of the maximum score.
const BUCKETS: usize = 10;

/// The graded rows' grades.
pub(super) fn grades(rows: &[Row]) -> Vec<&Grade> {
    rows.iter()
        .filter_map(|row| match &row.outcome {
            Outcome::Graded(grade) => Some(grade),
            _ => None,
        })
        .collect()
}

/// How many grades fall in each tenth of the maximum (full marks in the last).
pub fn buckets(grades: &[&Grade]) -> [usize; BUCKETS] {
    let mut counts = [0; BUCKETS];
    for grade in grades {
        let share = if grade.max_score > 0.0 {
            (grade.score / grade.max_score).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let bucket = ((share * BUCKETS as f64) as usize).min(BUCKETS - 1);
        counts[bucket] += 1;
    }
    counts
}

/// The label of bucket `i`: `0–9 %`, …, `90–100 %`.
pub(super) fn bucket_label(i: usize) -> String {
    let low = i * 100 / BUCKETS;
    let high = if i + 1 == BUCKETS {
        100
    } else {
        (i + 1) * 100 / BUCKETS - 1
    };
    format!("{low}–{high} %")
}

/// The median of `values` (sorted here), or 0 for none.
pub(super) fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    match values.len() {
        0 => 0.0,
        n if n % 2 == 1 => values[n / 2],
        n => (values[n / 2 - 1] + values[n / 2]) / 2.0,
    }
}

/// One decimal, without a needless `.0`.
pub(super) fn round1(value: f64) -> String {
    points((value * 10.0).round() / 10.0)
}

/// `summary.md`.
pub fn markdown(rubric: &Rubric, rows: &[Row], sandbox: crate::sandbox::Level) -> String {
    let graded = grades(rows);
    let mut out = String::from("# Class summary\n\n");
    let _ = writeln!(out, "Sandbox: {}\n", sandbox.describe());
    let not_graded: Vec<&Row> = rows
        .iter()
        .filter(|row| !matches!(row.outcome, Outcome::Graded(_)))
        .collect();
    let _ = writeln!(out, "{} of {} entries graded.", graded.len(), rows.len());
    if graded.is_empty() {
        out.push('\n');
    } else {
        let max = graded[0].max_score;
        let mut scores: Vec<f64> = graded.iter().map(|g| g.score).collect();
        let mean = scores.iter().sum::<f64>() / scores.len() as f64;
        let _ = writeln!(
            out,
            "Mean score {} of {}, median {}; {} with full marks.\n",
            round1(mean),
            points(max),
            round1(median(&mut scores)),
            graded.iter().filter(|g| g.score >= g.max_score).count()
        );
        out.push_str("## Scores\n\n![score histogram](histogram.svg)\n\n");
        out.push_str("| share of the points | submissions |\n| --- | ---: |\n");
        for (i, count) in buckets(&graded).iter().enumerate().rev() {
            let _ = writeln!(out, "| {} | {count} |", bucket_label(i));
        }
        out.push_str("\n## Parts\n\n| part | mean | of |\n| --- | ---: | ---: |\n");
        for (part, title) in &rubric.parts {
            let of_part: Vec<_> = rubric
                .checks
                .iter()
                .filter(|c| c.spec.part == *part)
                .collect();
            if of_part.is_empty() {
                continue;
            }
            let possible: f64 = of_part.iter().map(|c| c.points).sum();
            let total: f64 = graded
                .iter()
                .map(|grade| {
                    grade
                        .checks
                        .iter()
                        .filter(|(name, _, _)| of_part.iter().any(|c| c.spec.name == name))
                        .map(|(_, score, _)| score)
                        .sum::<f64>()
                })
                .sum();
            let _ = writeln!(
                out,
                "| {} | {} | {} |",
                inline(title),
                round1(total / graded.len() as f64),
                points(possible)
            );
        }
        out.push_str(
            "\n## Checks, hardest first\n\n| check | points | passed | pass rate | where the handout explains it |\n| --- | ---: | ---: | ---: | --- |\n",
        );
        for (check, passed) in hardest_first(rubric, &graded) {
            let _ = writeln!(
                out,
                "| `{}` | {} | {passed}/{} | {} % | {} |",
                check.spec.name,
                points(check.points),
                graded.len(),
                passed * 100 / graded.len(),
                inline(&check.hint)
            );
        }
        out.push('\n');
    }
    if !not_graded.is_empty() {
        out.push_str("## Not graded\n\n");
        for row in not_graded {
            let (what, reason) = match &row.outcome {
                Outcome::NotASubmission(reason) => ("no submission", reason),
                Outcome::Refused(reason) => ("refused", reason),
                Outcome::Failed(reason) => ("the grader could not grade it", reason),
                Outcome::Graded(_) => continue,
            };
            let _ = writeln!(out, "- {}: {what}: {}", inline(&row.name), inline(reason));
        }
        out.push('\n');
    }
    out
}

/// Every check of the rubric with how many of `graded` passed it: the lowest pass
/// rate first, the rubric's order among equals.
pub(super) fn hardest_first<'a>(
    rubric: &'a Rubric,
    graded: &[&Grade],
) -> Vec<(&'a crate::rubric::RubricCheck, usize)> {
    let mut rates: Vec<(usize, &crate::rubric::RubricCheck, usize)> = rubric
        .checks
        .iter()
        .enumerate()
        .map(|(index, check)| {
            let passed = graded
                .iter()
                .filter(|grade| {
                    grade
                        .checks
                        .iter()
                        .any(|(name, _, passed)| name == check.spec.name && *passed)
                })
                .count();
            (index, check, passed)
        })
        .collect();
    rates.sort_by_key(|(index, _, passed)| (*passed, *index));
    rates
        .into_iter()
        .map(|(_, check, passed)| (check, passed))
        .collect()
}

/// `histogram.svg`: one bar per tenth of the maximum score, labelled with its count.
pub fn histogram_svg(rows: &[Row]) -> String {
    let counts = buckets(&grades(rows));
    let tallest = counts.iter().copied().max().unwrap_or(0).max(1);
    let (bar, gap, height, left, bottom) = (48, 8, 200, 40, 40);
    let width = left + BUCKETS * (bar + gap) + gap;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{}\" viewBox=\"0 0 {width} {}\" font-family=\"sans-serif\" font-size=\"11\">\n",
        height + bottom + 20,
        height + bottom + 20
    );
    let _ = writeln!(
        svg,
        "<text x=\"{left}\" y=\"14\">submissions per share of the points</text>"
    );
    for (i, count) in counts.iter().enumerate() {
        let x = left + gap + i * (bar + gap);
        let h = count * height / tallest;
        let y = 20 + height - h;
        let _ = writeln!(
            svg,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{bar}\" height=\"{h}\" fill=\"#4a7ab5\"/>"
        );
        let _ = writeln!(
            svg,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{count}</text>",
            x + bar / 2,
            y.saturating_sub(4).max(12)
        );
        let _ = writeln!(
            svg,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
            x + bar / 2,
            20 + height + 16,
            bucket_label(i)
        );
    }
    let _ = writeln!(
        svg,
        "<line x1=\"{left}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"black\"/>",
        20 + height,
        width - gap,
        20 + height
    );
    svg.push_str("</svg>\n");
    svg
}

/// The heading of the timings section, the last of `summary.md`: its figures differ
/// from one grading to the next, unlike everything above it.
pub const TIMINGS_HEADING: &str = "## Where the time went";

/// The timings section of `summary.md`: each phase added up over the class's
/// gradings (the ones this output holds, kept results included, as they were
/// timed), and what one submission took on average.
pub fn timings(all: &[Timings]) -> String {
    let mut out = format!("\n{TIMINGS_HEADING}\n\n");
    if all.is_empty() {
        out.push_str("No grading was timed.\n");
        return out;
    }
    let sum = Timings::sum(all);
    let n = all.len() as f64;
    let _ = writeln!(
        out,
        "Added up over {} graded submission{} (wall times of a phase's parts can \
         overlap: cargo compiles the probe while the submission's crate is still \
         being generated, and checks run several at once).\n",
        all.len(),
        if all.len() == 1 { "" } else { "s" }
    );
    out.push_str("| phase | wall (s) | CPU (s) | CPU a submission (s) |\n|---|---:|---:|---:|\n");
    let row = |out: &mut String, name: String, spent: Spent| {
        let _ = writeln!(
            out,
            "| {} | {:.1} | {:.1} | {:.2} |",
            inline(&name),
            spent.wall_s,
            spent.cpu_s,
            spent.cpu_s / n
        );
    };
    for phase in &sum.phases {
        row(&mut out, phase.name.clone(), phase.spent);
        for detail in &phase.details {
            row(&mut out, format!("↳ {}", detail.name), detail.spent);
        }
    }
    row(&mut out, "total".to_owned(), sum.total);
    if !sum.dependencies_compiled.is_empty() {
        let _ = writeln!(
            out,
            "\nDependencies compiled again for some submissions (the shared ones were not \
             in the work dir's seed): {}",
            inline(&sum.dependencies_compiled.join(", "))
        );
    }
    out
}
