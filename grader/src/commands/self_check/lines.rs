//! The words of `self-check`'s lines: what it prints as it runs, and what the guide's
//! figures quote of a passing run (`super::super::figures`), from one place.

use crate::checks;
use crate::rubric::TurnedOff;
use crate::rubric::budget::BudgetRule;
use crate::rubric::points;

use super::super::Setup;

// The words of each line when it passes, which the guide quotes through
// `super::super::figures::passing`.
pub(crate) const SNAPSHOTS_ANSWER: &str =
    "every snapshot answers the inputs the rubric's checks and secret draw, every part's";
pub(crate) const STARTER_CURRENT: &str = "starter/ is up to date with solution/";
pub(crate) const STARTER_CLEAN: &str = "the starter compiles with no warnings, clippy included";
pub(crate) const BLESSED: &str = "blessing would change no snapshot";
pub(crate) const PASSED: &str = "self-check passed";

/// The budget rule's line, as `self-check` prints it: `ok   the budget …` or
/// `FAIL the budget …`.
pub(crate) fn budget_line(rule: &BudgetRule) -> String {
    format!("{} {rule}", if rule.holds() { "ok  " } else { "FAIL" })
}

/// The solution's line: its score of `max` on `checks` checks, and those it failed.
pub(crate) fn solution_line(score: f64, max: f64, checks: usize, failed: &[&str]) -> String {
    format!(
        "the solution scores {}/{} on {checks} checks{}",
        points(score),
        points(max),
        if failed.is_empty() {
            String::new()
        } else {
            format!(" (failed: {})", failed.join(", "))
        }
    )
}

/// The starter's line: its score of `max`, and the checks that gave no reason.
pub(crate) fn starter_line(score: f64, max: f64, without_reason: &[&str]) -> String {
    format!(
        "the starter scores {}/{} with a reason on every check{}",
        points(score),
        points(max),
        if without_reason.is_empty() {
            String::new()
        } else {
            format!(" (not so: {})", without_reason.join(", "))
        }
    )
}

/// The producers the grader knows by name, sorted: the probe must list the same.
pub(crate) fn grader_producers() -> Vec<String> {
    let mut names: Vec<String> = checks::Producer::all()
        .into_iter()
        .map(|producer| producer.name().to_owned())
        .collect();
    names.sort();
    names.dedup();
    names
}

/// The producers' line: how many the grader knows, and the checks the rubric of
/// `setup` leaves out.
pub(crate) fn producers_line(producers: usize, setup: &Setup) -> String {
    format!(
        "the probe and the grader know the same {producers} producers{}",
        if setup.rubric.left_out.is_empty() {
            String::new()
        } else {
            format!(
                " (left out by the rubric: {})",
                setup.rubric.left_out.join(", ")
            )
        }
    )
}

/// The note on a part the rubric turns off.
pub(crate) fn turned_off_note(off: &TurnedOff) -> String {
    format!(
        "note {} ({}) is turned off in the rubric: its {} check(s) are not graded, `grader dist` and `grader gradescope` leave them out, and the kit's tests still test it",
        off.part.id(),
        off.title,
        off.checks.len()
    )
}
