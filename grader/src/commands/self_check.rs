//! `grader self-check`: what CI runs to keep the kit honest. The reference solution
//! scores full marks; the starter compiles without warnings (clippy included) and
//! scores 0 with a reason on every check; the starter is what `grader starter` would
//! write; every snapshot answers the inputs the rubric's secret draws, a part's
//! turned off too; blessing would change no snapshot; the probe and the grader know
//! the same checks; and the rubric's budget covers the checks one endless loop can
//! stop.

use std::process::{Command, Stdio};

use anyhow::Context as _;

use super::Setup;
use super::bless::{blessed, build_solution};
use crate::Status;
use crate::checks;
use crate::cli::KitArgs;
use crate::rubric::points;
use crate::starter;

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
            "every snapshot answers the inputs the rubric's checks and secret draw, every part's"
                .to_owned()
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
        format!(
            "the solution scores {}/{} on {} checks{}",
            points(solution.score),
            points(solution.max_score),
            solution.checks.len(),
            if failed.is_empty() {
                String::new()
            } else {
                format!(" (failed: {})", failed.join(", "))
            }
        ),
    );

    let starter_dir = setup.kit.starter();
    let expected = starter::generate(&setup.kit.root)?;
    let stale = starter::differences(&starter_dir, &expected);
    report(
        stale.is_empty(),
        if stale.is_empty() {
            "starter/ is up to date with solution/".to_owned()
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
            "the starter compiles with no warnings, clippy included".to_owned()
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
        format!(
            "the starter scores {}/{} with a reason on every check{}",
            points(graded.score),
            points(graded.max_score),
            if without_reason.is_empty() {
                String::new()
            } else {
                format!(" (not so: {})", without_reason.join(", "))
            }
        ),
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
            "blessing would change no snapshot".to_owned()
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
    let unused: Vec<&str> = checks::all()
        .iter()
        .filter(|spec| {
            !setup.rubric.checks.iter().any(|c| c.spec.name == spec.name)
                && setup.rubric.turned_off_with(spec.name).is_none()
        })
        .map(|spec| spec.name)
        .collect();
    report(
        in_probe == in_grader,
        format!(
            "the probe and the grader know the same {} producers{}",
            in_grader.len(),
            if unused.is_empty() {
                String::new()
            } else {
                format!(" (not in the rubric: {})", unused.join(", "))
            }
        ),
    );

    for off in &setup.rubric.turned_off {
        println!(
            "note {} ({}) is turned off in the rubric: its {} check(s) are not graded, `grader dist` and `grader gradescope` leave them out, and the kit's tests still test it",
            off.part.id(),
            off.title,
            off.checks.len()
        );
    }

    if failures == 0 {
        println!("self-check passed");
        Ok(Status::Success)
    } else {
        println!("self-check failed: {failures} problem(s)");
        Ok(Status::CheckFailed)
    }
}
