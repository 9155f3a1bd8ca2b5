//! `grader self-check`: what CI runs to keep the kit honest. The reference solution
//! scores full marks; the starter compiles without warnings (clippy included) and
//! scores 0 with a reason on every check; the starter is what `grader starter` would
//! write; every snapshot answers the inputs the rubric's secret draws, a part's
//! turned off too; blessing would change no snapshot; the probe and the grader know
//! the same checks; the rubric's budget covers the checks one endless loop can
//! stop; and the guide's figures (`super::figures`) are the rubric's.

use std::process::{Command, Stdio};

use anyhow::Context as _;

use super::Setup;
use super::bless::{blessed, build_solution};
use crate::Status;
use crate::checks;
use crate::cli::KitArgs;
use crate::rubric::TurnedOff;
use crate::rubric::budget::BudgetRule;
use crate::rubric::points;
use crate::starter;

// The words of each line when it passes, which the guide quotes through
// `super::figures` (see [`passing`]).
const SNAPSHOTS_ANSWER: &str =
    "every snapshot answers the inputs the rubric's checks and secret draw, every part's";
const STARTER_CURRENT: &str = "starter/ is up to date with solution/";
const STARTER_CLEAN: &str = "the starter compiles with no warnings, clippy included";
const BLESSED: &str = "blessing would change no snapshot";
const PASSED: &str = "self-check passed";

/// What `self-check` prints for the kit of `setup` when every line passes: the
/// figures of the guide quote it (`super::figures`), and the guide's walk runs
/// `self-check` and compares.
pub fn passing(setup: &Setup) -> Vec<String> {
    let ok = |line: String| format!("ok   {line}");
    let max = super::figures::max_score(setup);
    let mut lines = Vec::new();
    lines.extend(setup.rubric.budget_rule().as_ref().map(budget_line));
    lines.push(ok(SNAPSHOTS_ANSWER.to_owned()));
    lines.push(ok(solution_line(max, max, setup.rubric.checks.len(), &[])));
    lines.push(ok(STARTER_CURRENT.to_owned()));
    lines.push(ok(STARTER_CLEAN.to_owned()));
    lines.push(ok(starter_line(0.0, max, &[])));
    lines.push(ok(BLESSED.to_owned()));
    lines.push(ok(producers_line(super::figures::producers(), setup)));
    if super::figures::path(setup).is_some() {
        lines.push(ok(figures_line(true)));
    }
    lines.extend(setup.rubric.turned_off.iter().map(turned_off_note));
    let failures = lines.iter().filter(|line| line.starts_with("FAIL")).count();
    lines.push(if failures == 0 {
        PASSED.to_owned()
    } else {
        format!("self-check failed: {failures} problem(s)")
    });
    lines
}

/// The budget rule's line, as `self-check` prints it: `ok   the budget …` or
/// `FAIL the budget …`.
pub fn budget_line(rule: &BudgetRule) -> String {
    format!("{} {rule}", if rule.holds() { "ok  " } else { "FAIL" })
}

/// The solution's line: its score of `max` on `checks` checks, and those it failed.
fn solution_line(score: f64, max: f64, checks: usize, failed: &[&str]) -> String {
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
fn starter_line(score: f64, max: f64, without_reason: &[&str]) -> String {
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

/// The producers' line: how many the grader knows, and the checks the rubric of
/// `setup` does not list.
fn producers_line(producers: usize, setup: &Setup) -> String {
    let unused: Vec<&str> = checks::all()
        .iter()
        .filter(|spec| {
            !setup.rubric.checks.iter().any(|c| c.spec.name == spec.name)
                && setup.rubric.turned_off_with(spec.name).is_none()
        })
        .map(|spec| spec.name)
        .collect();
    format!(
        "the probe and the grader know the same {producers} producers{}",
        if unused.is_empty() {
            String::new()
        } else {
            format!(" (not in the rubric: {})", unused.join(", "))
        }
    )
}

/// The guide's figures' line: whether `guide/src/figures/kit.txt` is the rubric's.
fn figures_line(current: bool) -> String {
    if current {
        format!("{} states this rubric's figures", super::figures::FILE)
    } else {
        format!(
            "{} does not state this rubric's figures: run `grader bless`",
            super::figures::FILE
        )
    }
}

/// The note on a part the rubric turns off.
fn turned_off_note(off: &TurnedOff) -> String {
    format!(
        "note {} ({}) is turned off in the rubric: its {} check(s) are not graded, `grader dist` and `grader gradescope` leave them out, and the kit's tests still test it",
        off.part.id(),
        off.title,
        off.checks.len()
    )
}

/// Runs every self-check and prints one line for each.
pub fn run(args: &KitArgs) -> anyhow::Result<Status> {
    let setup = Setup::load(args)?;
    let mut failures = 0;
    let mut report = |ok: bool, line: String| {
        println!("{} {line}", if ok { "ok  " } else { "FAIL" });
        failures += usize::from(!ok);
    };

    if let Some(rule) = setup.rubric.budget_rule() {
        report(rule.holds(), rule.to_string());
    }

    // A snapshot drawn with another secret (a part's, blessed while it was turned
    // off before a new secret) would be blamed on students once the part is on.
    let stale = super::bless::drawn_elsewhere(&setup.kit)?;
    report(
        stale.is_empty(),
        if stale.is_empty() {
            SNAPSHOTS_ANSWER.to_owned()
        } else {
            super::bless::drawn_elsewhere_line(&stale)
        },
    );

    let grader = setup.grader();
    let solution = grader
        .grade(&setup.kit.solution())
        .context("grading the solution")?;
    let failed: Vec<&str> = solution
        .checks
        .iter()
        .filter(|c| !c.passed)
        .map(|c| c.name.as_str())
        .collect();
    report(
        failed.is_empty() && solution.score == solution.max_score,
        solution_line(
            solution.score,
            solution.max_score,
            solution.checks.len(),
            &failed,
        ),
    );

    let starter_dir = setup.kit.starter();
    let expected = starter::generate(&setup.kit.root)?;
    let stale = starter::differences(&starter_dir, &expected);
    report(
        stale.is_empty(),
        if stale.is_empty() {
            STARTER_CURRENT.to_owned()
        } else {
            format!(
                "starter/ is out of date ({}): run `grader starter`",
                starter::describe(&stale)
            )
        },
    );

    let clippy = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
        .args([
            "clippy",
            "--all-targets",
            "--locked",
            "--quiet",
            "--",
            "-D",
            "warnings",
        ])
        .current_dir(&starter_dir)
        .env_remove("RUSTFLAGS")
        .stdin(Stdio::null())
        .output()
        .context("running cargo clippy on the starter")?;
    let clippy_text = String::from_utf8_lossy(&clippy.stderr);
    report(
        clippy.status.success(),
        if clippy.status.success() {
            STARTER_CLEAN.to_owned()
        } else {
            format!(
                "the starter has warnings or errors:\n{}",
                clippy_text.trim_end()
            )
        },
    );

    let graded = grader.grade(&starter_dir).context("grading the starter")?;
    let without_reason: Vec<&str> = graded
        .checks
        .iter()
        .filter(|c| c.passed || c.message.trim().is_empty())
        .map(|c| c.name.as_str())
        .collect();
    report(
        graded.score == 0.0 && without_reason.is_empty(),
        starter_line(graded.score, graded.max_score, &without_reason),
    );

    let solution_build = build_solution(&setup)?;
    let fresh = blessed(&setup, &solution_build)?;
    // A part turned off is blessed too (`grader bless` blesses every check this
    // grader has); only a turned-off check it does not have keeps its snapshots.
    let changed: Vec<String> = setup
        .snapshots
        .differences(&fresh)
        .into_iter()
        .filter(|name| {
            let check = name.strip_suffix(".twin").unwrap_or(name);
            setup.rubric.turned_off_with(check).is_none()
                || setup.rubric.dormant.iter().any(|c| c.spec.name == check)
        })
        .collect();
    report(
        changed.is_empty(),
        if changed.is_empty() {
            BLESSED.to_owned()
        } else {
            format!(
                "blessing would change {}: run `grader bless` and review the diff",
                changed.join(", ")
            )
        },
    );

    let probe = solution_build
        .parts
        .values()
        .find_map(|p| p.as_ref().ok())
        .context("the probe did not build")?;
    let listed = Command::new(probe)
        .arg("--list")
        .output()
        .context("asking the probe for its producers")?;
    let mut in_probe: Vec<String> = String::from_utf8_lossy(&listed.stdout)
        .lines()
        .map(str::to_owned)
        .collect();
    let mut in_grader: Vec<String> = checks::Producer::all()
        .into_iter()
        .map(|producer| producer.name().to_owned())
        .collect();
    in_probe.sort();
    in_grader.sort();
    in_grader.dedup();
    report(
        in_probe == in_grader,
        producers_line(in_grader.len(), &setup),
    );

    if let Some(current) = super::figures::current(&setup)? {
        report(current, figures_line(current));
    }

    for off in &setup.rubric.turned_off {
        println!("{}", turned_off_note(off));
    }

    if failures == 0 {
        println!("{PASSED}");
        Ok(Status::Success)
    } else {
        println!("self-check failed: {failures} problem(s)");
        Ok(Status::CheckFailed)
    }
}
