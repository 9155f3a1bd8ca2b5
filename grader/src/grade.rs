//! Grading a submission: build it, send every check's input to a process of its own
//! (a few at a time), judge each output here against the input the grader sent, and
//! collect a report.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use anyhow::Context as _;

use serde_json::Value;

use crate::checks::{self, Case, Part, Verdict};
use crate::harness::{self, Workspace};
use crate::report::{CheckResult, Report};
use crate::rubric::{Rubric, RubricCheck};
use crate::runner::{self, Confinement, Request, Run, RunOutcome};
use crate::snapshots::Snapshots;

/// Ends the message of every check whose part did not compile.
const BUILD_NOTE: &str = "(the compiler's message is at the top of the report)";

/// Under a failed check that runs code another failed check tests, says to fix that
/// one first: a wrong `opposite` fails every check that carves a maze, and the
/// student should start with `opposite`.
fn point_at_causes(mut checks: Vec<CheckResult>) -> Vec<CheckResult> {
    let judged_failing =
        |c: &CheckResult| !c.passed && !c.grader_error && !c.message.ends_with(BUILD_NOTE);
    // A check whose own code is still a todo!() has nothing to fix first.
    let unwritten = |c: &CheckResult| c.message.starts_with("not implemented");
    let failing: Vec<String> = checks
        .iter()
        .filter(|c| judged_failing(c))
        .map(|c| c.name.clone())
        .collect();
    for check in checks
        .iter_mut()
        .filter(|c| judged_failing(c) && !unwritten(c))
    {
        let causes: Vec<&str> = checks::prerequisites(&check.name)
            .iter()
            .copied()
            .filter(|name| failing.iter().any(|f| f == name))
            .collect();
        let fix = match causes.as_slice() {
            [] => continue,
            [one] => format!("fix {one} first: this check runs its code too, and it fails"),
            [first @ .., last] => format!(
                "fix {} and {last} first: this check runs their code too, and they fail",
                first.join(", ")
            ),
        };
        check.message = format!("{}\n{fix}", check.message.trim_end());
    }
    checks
}

/// Everything grading needs besides the submission.
pub struct Grader<'a> {
    /// The rubric.
    pub rubric: &'a Rubric,
    /// The blessed expected outputs.
    pub snapshots: &'a Snapshots,
    /// Each rubric check's input, built by the grader, in rubric order.
    pub inputs: &'a [Value],
    /// Where harnesses are built.
    pub workspace: Workspace,
    /// How many checks run at once.
    pub jobs: usize,
    /// How checks are confined.
    pub confinement: Confinement,
}

impl Grader<'_> {
    /// Builds and grades `submission`.
    pub fn grade(&self, submission: &Path) -> anyhow::Result<Report> {
        let started = Instant::now();
        let build = harness::build(&self.workspace, submission)
            .with_context(|| format!("building {}", submission.display()))?;
        let runs = self.run_all(&build.parts)?;
        let checks = self
            .rubric
            .checks
            .iter()
            .zip(self.inputs)
            .zip(runs)
            .map(|((check, input), run)| {
                self.result(check, input, &build.parts[&check.spec.part], run)
            })
            .collect::<Vec<_>>();
        let checks = point_at_causes(checks);
        // A build failure is shown once, at the top, rather than under every check.
        let mut build_errors: Vec<String> = Vec::new();
        for reason in build.parts.values().filter_map(|part| part.as_ref().err()) {
            if !build_errors.contains(reason) {
                build_errors.push(reason.clone());
            }
        }
        let mut report = Report::new(
            submission,
            self.rubric,
            checks,
            build.warnings,
            started.elapsed(),
        );
        report.build_errors = build_errors;
        Ok(report)
    }

    /// Runs the checks whose part was built, `jobs` at a time, in rubric order.
    fn run_all(
        &self,
        parts: &BTreeMap<Part, Result<PathBuf, String>>,
    ) -> anyhow::Result<Vec<Option<Run>>> {
        let pending: Mutex<Vec<usize>> = Mutex::new((0..self.rubric.checks.len()).rev().collect());
        let results: Mutex<Vec<Option<anyhow::Result<Run>>>> =
            Mutex::new((0..self.rubric.checks.len()).map(|_| None).collect());
        // One wall-clock budget for all of the submission's checks: each check gets
        // its own limit or what is left of the budget, whichever is less.
        let deadline = Instant::now() + self.rubric.limits.budget;
        std::thread::scope(|scope| {
            for _ in 0..self.jobs.max(1) {
                scope.spawn(|| {
                    loop {
                        let Some(index) = pending.lock().unwrap_or_else(|p| p.into_inner()).pop()
                        else {
                            break;
                        };
                        let check = &self.rubric.checks[index];
                        let Ok(probe) = &parts[&check.spec.part] else {
                            continue;
                        };
                        let left = deadline.saturating_duration_since(Instant::now());
                        let run = if left < Duration::from_millis(100) {
                            Ok(Run::not_run(BUDGET_SPENT))
                        } else {
                            runner::run(
                                &Request {
                                    probe,
                                    producer: check.spec.producer,
                                    input: &self.inputs[index],
                                    time_limit: check.time_limit.min(left),
                                },
                                &self.confinement,
                            )
                        };
                        results.lock().unwrap_or_else(|p| p.into_inner())[index] = Some(run);
                    }
                });
            }
        });
        results
            .into_inner()
            .unwrap_or_else(|p| p.into_inner())
            .into_iter()
            .map(|run| run.transpose().context("starting a check's process"))
            .collect()
    }

    fn result(
        &self,
        check: &RubricCheck,
        input: &Value,
        part: &Result<PathBuf, String>,
        run: Option<Run>,
    ) -> CheckResult {
        let (verdict, output, duration) = match (part, run) {
            (Err(reason), _) => {
                let headline = reason
                    .lines()
                    .next()
                    .unwrap_or("the build failed")
                    .trim_end_matches(':');
                let message = format!("{headline} {BUILD_NOTE}");
                (Verdict::fail(message), String::new(), Duration::ZERO)
            }
            (Ok(_), None) => (
                Verdict::fail("the check did not run"),
                String::new(),
                Duration::ZERO,
            ),
            (Ok(_), Some(run)) => {
                let verdict = self.judge(check, input, &run.outcome);
                let output = captured_output(&run);
                (verdict, output, run.duration)
            }
        };
        CheckResult::new(check, verdict, output, duration)
    }

    fn judge(&self, check: &RubricCheck, input: &Value, outcome: &RunOutcome) -> Verdict {
        match outcome {
            RunOutcome::Reported(output) => checks::judge(
                &check.spec,
                &Case {
                    input,
                    output,
                    expected: self.snapshots.get(check.spec.name).map(|b| &b.output),
                },
            ),
            RunOutcome::Panicked { message, location } => {
                Verdict::fail(panic_reason(message, location.as_deref()))
            }
            RunOutcome::Crashed(reason) => Verdict::fail(reason.clone()),
            RunOutcome::TimedOut(limit) if *limit < check.time_limit => Verdict::fail(format!(
                "{BUDGET_SPENT} (the rubric's budget of {} s for all checks together)",
                self.rubric.limits.budget.as_secs_f64()
            )),
            RunOutcome::TimedOut(limit) => Verdict::fail(format!(
                "timed out after {} s: a loop or recursion that never ends?",
                limit.as_secs_f64()
            )),
            RunOutcome::NoReport(reason) => Verdict::fail(reason.clone()),
        }
    }
}

/// Why a check that never started failed.
const BUDGET_SPENT: &str = "the grading time budget ran out before this check finished";

/// Words for a panic: `todo!()` reads as "not implemented", others as a panic with
/// the place in the student's code.
fn panic_reason(message: &str, location: Option<&str>) -> String {
    let location = location.map(|l| l.strip_prefix("submission/").unwrap_or(l));
    if let Some(what) = message.strip_prefix("not yet implemented: ") {
        return format!("not implemented: {what}");
    }
    if message == "not yet implemented" {
        return format!(
            "not implemented: a todo!() at {}",
            location.unwrap_or("an unknown place")
        );
    }
    match location {
        Some(place) if !place.contains("(grader probe)") && !place.starts_with("probe/") => {
            format!("panicked at {place}: {message}")
        }
        _ => format!("panicked: {message}"),
    }
}

/// The student's own output, for the report of a check (trimmed; panic noise kept,
/// since it names the line).
fn captured_output(run: &Run) -> String {
    let mut parts = Vec::new();
    if !run.stdout.trim().is_empty() {
        parts.push(format!("stdout:\n{}", run.stdout.trim_end()));
    }
    if !run.stderr.trim().is_empty() {
        parts.push(format!("stderr:\n{}", run.stderr.trim_end()));
    }
    parts.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(name: &str, passed: bool, message: &str) -> CheckResult {
        CheckResult {
            name: name.to_owned(),
            title: String::new(),
            part: Part::Part1,
            score: 0.0,
            max_score: 1.0,
            passed,
            message: message.to_owned(),
            diff: None,
            hint: String::new(),
            grader_error: false,
            visibility: crate::rubric::Visibility::Visible,
            output: String::new(),
            duration: Duration::ZERO,
        }
    }

    #[test]
    fn a_failure_whose_code_another_failing_check_tests_says_to_fix_that_first() {
        let checks = point_at_causes(vec![
            result("direction_opposite", false, "opposite of EAST gave EAST"),
            result("position_moved", true, "ok"),
            result("array_remove_cell_wall", false, "one-sided wall"),
            result("maze_perfect_square", false, "not perfect"),
            result("solve_path_valid", false, "through a wall"),
        ]);
        assert_eq!(
            checks[2].message,
            "one-sided wall\nfix direction_opposite first: this check runs its code too, and it fails"
        );
        assert_eq!(
            checks[3].message,
            "not perfect\nfix direction_opposite and array_remove_cell_wall first: this check runs their code too, and they fail"
        );
        assert_eq!(checks[0].message, "opposite of EAST gave EAST");
        assert_eq!(
            checks[4].message, "through a wall",
            "position_moved passes, so nothing is blamed"
        );
    }

    #[test]
    fn a_check_whose_own_code_is_a_todo_blames_nothing_else() {
        let checks = point_at_causes(vec![
            result("direction_opposite", false, "not implemented: opposite"),
            result(
                "maze_perfect_square",
                false,
                "not implemented: Maze::create",
            ),
        ]);
        assert_eq!(checks[1].message, "not implemented: Maze::create");
    }

    #[test]
    fn a_part_that_did_not_compile_is_not_blamed_for_the_next_one() {
        let broken = format!("your code does not compile {BUILD_NOTE}");
        let checks = point_at_causes(vec![
            result("direction_opposite", false, &broken),
            result("maze_perfect_square", false, "not perfect"),
        ]);
        assert_eq!(checks[1].message, "not perfect");
    }

    #[test]
    fn a_todo_reads_as_not_implemented() {
        assert_eq!(
            panic_reason(
                "not yet implemented: Position::moved (handout §3): move",
                Some("src/position.rs:9")
            ),
            "not implemented: Position::moved (handout §3): move"
        );
    }

    #[test]
    fn a_panic_names_the_place_in_the_submission() {
        assert_eq!(
            panic_reason(
                "index out of bounds",
                Some("submission/src/cell_array.rs:40")
            ),
            "panicked at src/cell_array.rs:40: index out of bounds"
        );
    }
}
