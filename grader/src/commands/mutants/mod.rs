//! `grader mutants`: mutation testing of the grader's checks.
//!
//! A check is only as good as the wrong code it catches. This takes cargo-mutants'
//! mutants of the reference solution (`cargo mutants --list --json`), keeps those
//! inside the student-written regions (`// BEGIN SOLUTION` … `// END SOLUTION`,
//! `BEGIN SOLUTION ONLY` helpers included), applies each to a copy of the solution
//! and grades the copy. A mutant that loses points is caught; one at full marks
//! survived (a check is missing, or the mutant is equivalent: it behaves exactly as
//! the solution does); one that does not compile is unviable and not counted.
//!
//! Each grade runs the grader's own binary as a subprocess and reads the JSON
//! report's `score`, `max_score`, `build_errors` and `checks[].name/passed`, so this
//! depends on nothing inside the grader but that stable format. Every mutant of one
//! worker is graded in the same directory with the same build directory, so a grade
//! rebuilds only the mutated crate.
//!
//! The survivors are written to a Markdown file (default `fixtures/mutants.md`, which
//! `grader dist` never ships) with a column for the instructor to say why each is
//! equivalent; notes already in that file are kept when it is written again.
//!
//! The listing of mutants, the lab that grades them and the survivors' file are one
//! module each, with their tests; this one holds the command and what it selects.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context as _, bail};
use serde::Deserialize;

use crate::Status;
use crate::cli::MutantsArgs;
use crate::kit::Kit;
use crate::report::text::longest_backtick_run;
use crate::rubric::points;

mod lab;
mod listing;
mod survivors;

use lab::*;
use listing::*;
use survivors::*;

/// Runs `grader mutants`.
pub fn run(args: &MutantsArgs) -> anyhow::Result<Status> {
    let kit = Kit::locate(args.kit.as_deref())?;
    let solution = kit.solution();
    if !solution.join("src/lib.rs").is_file() {
        bail!("{} has no reference solution to mutate", solution.display());
    }
    let selection = Selection::choose(args, &solution)?;
    if args.list {
        // The names alone on stdout, for scripts; the count on stderr.
        eprintln!("{}", selection.header());
        let mut stdout = std::io::stdout().lock();
        for mutant in &selection.mutants {
            if writeln!(stdout, "{}", mutant.name).is_err() {
                break;
            }
        }
        return Ok(Status::Success);
    }
    println!("{}", selection.header());

    let work_dir = args
        .work_dir
        .clone()
        .unwrap_or_else(|| kit.default_work_dir());
    let lab = Lab::new(&kit, &work_dir)?;
    let started = Instant::now();
    let baseline = lab.grade(0, None)?;
    if baseline.score < baseline.max_score {
        bail!(
            "the unmutated solution scores {}/{} (failed: {}): every mutant would look caught; fix the solution or the grader first",
            points(baseline.score),
            points(baseline.max_score),
            baseline.failed.join(", ")
        );
    }
    println!(
        "the unmutated solution scores {}/{} ({:.1} s)",
        points(baseline.score),
        points(baseline.max_score),
        baseline.duration.as_secs_f64()
    );
    let jobs = args.jobs.unwrap_or(1).max(1);
    let results = lab.grade_all(&selection.mutants, jobs, baseline.max_score);
    let summary = Summary::of(&results);
    println!("{summary} (in {})", minutes_and_seconds(started.elapsed()));
    if !results.is_empty() {
        let output = args
            .output
            .clone()
            .unwrap_or_else(|| kit.fixtures().join("mutants.md"));
        let old = std::fs::read_to_string(&output).unwrap_or_default();
        let text = survivors_file(&results, &summary, &selection.sentence(), &old);
        super::grade::write_atomically(&output, text.as_bytes())
            .with_context(|| format!("writing the survivors to {}", output.display()))?;
        println!("survivors written to {}", output.display());
    }
    if summary.errors > 0 {
        eprintln!(
            "grader: {} mutant(s) could not be graded (see the lines marked `error`)",
            summary.errors
        );
        return Ok(Status::CheckFailed);
    }
    Ok(Status::Success)
}

/// The mutants a run grades, and how they were chosen.
struct Selection {
    mutants: Vec<Mutant>,
    /// How many mutants were listed, anywhere.
    listed: usize,
    /// How many of them are in solution regions (and match `--filter`).
    eligible: usize,
    /// Whether `--filter` was given.
    filtered: bool,
}

impl Selection {
    /// The mutants in solution regions that match `--filter`, `--limit` of them.
    fn choose(args: &MutantsArgs, solution: &Path) -> anyhow::Result<Selection> {
        let filter = args
            .filter
            .as_deref()
            .map(regex::Regex::new)
            .transpose()
            .context("--filter is not a valid regular expression")?;
        let listed = match &args.mutants {
            Some(file) => read_mutants(file)?,
            None => cargo_mutants(solution)?,
        };
        let listed_count = listed.len();
        let mut mutants = in_solution_regions(listed, solution)?;
        if let Some(filter) = &filter {
            mutants.retain(|mutant| filter.is_match(&mutant.name));
        }
        let eligible = mutants.len();
        if let Some(limit) = args.limit {
            mutants = spread(mutants, limit);
        }
        Ok(Selection {
            mutants,
            listed: listed_count,
            eligible,
            filtered: filter.is_some(),
        })
    }

    /// `702 mutants listed, 255 in solution regions, 30 of them chosen (--limit)`.
    fn header(&self) -> String {
        let mut header = format!(
            "{} mutants listed, {} in solution regions",
            self.listed, self.eligible
        );
        if self.filtered {
            header.push_str(" and matching --filter");
        }
        if self.mutants.len() < self.eligible {
            let _ = write!(header, ", {} of them chosen (--limit)", self.mutants.len());
        }
        header
    }

    /// What share was graded, for the survivors file.
    fn sentence(&self) -> String {
        if self.mutants.len() == self.eligible && !self.filtered {
            return format!(
                "All {} mutants in solution regions were graded.",
                self.eligible
            );
        }
        format!(
            "{} of the {} mutants in solution regions{} were graded in this run.",
            self.mutants.len(),
            self.eligible,
            if self.filtered {
                " that match the filter"
            } else {
                ""
            }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(super) fn span(start: (usize, usize), end: (usize, usize)) -> Span {
        Span {
            start: LineColumn {
                line: start.0,
                column: start.1,
            },
            end: LineColumn {
                line: end.0,
                column: end.1,
            },
        }
    }

    pub(super) fn mutant(name: &str, diff: &str) -> Mutant {
        Mutant {
            name: name.to_owned(),
            file: PathBuf::from("src/position.rs"),
            span: span((1, 1), (1, 1)),
            replacement: String::new(),
            diff: diff.to_owned(),
        }
    }

    pub(super) fn result(name: &str, outcome: Outcome) -> MutantResult {
        MutantResult {
            mutant: mutant(
                name,
                "--- a\n+++ b\n@@ -1 +1 @@\n-    a == b\n+    a != b\n",
            ),
            outcome,
            graded: None,
            duration: Duration::from_millis(2300),
        }
    }
}
