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
use super::figures::figures_line;
use crate::Status;
use crate::cli::KitArgs;
use crate::starter;
use lines::{
    BLESSED, PASSED, SNAPSHOTS_ANSWER, STARTER_CLEAN, STARTER_CURRENT, grader_producers,
    producers_line, solution_line, starter_line, turned_off_note,
};

pub(crate) mod lines;

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
    let in_grader = grader_producers();
    in_probe.sort();
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
