//! `grader bless`: re-creates the expected outputs from the reference solution.

use anyhow::{Context as _, bail};

use super::Setup;
use crate::Status;
use crate::checks;
use crate::cli::BlessArgs;
use crate::harness::{self, Build};
use crate::runner::{self, Request, RunOutcome};
use crate::snapshots::{Blessed, Snapshots};

/// The reference solution built against the probe, for every part, those the rubric
/// turns off too: the reference has them all, and `self-check` asks its probe for
/// every producer the grader knows.
pub fn build_solution(setup: &Setup) -> anyhow::Result<Build> {
    let solution = setup.kit.solution();
    if !solution.join("src/lib.rs").is_file() {
        bail!(
            "{} has no reference solution to bless from",
            solution.display()
        );
    }
    let workspace = harness::Workspace {
        parts: checks::Part::ALL.to_vec(),
        ..setup.workspace.clone()
    };
    harness::build(&workspace, &solution).context("building the reference solution")
}

/// The reference's output for every blessed check of the rubric, as the reference
/// solution (`build`) produces it for the input the check sends.
pub fn blessed(setup: &Setup, build: &Build) -> anyhow::Result<Snapshots> {
    let mut snapshots = Snapshots::default();
    for (name, check, input) in setup.questions() {
        if !check.spec.blessed {
            continue;
        }
        let probe = match &build.parts[&check.spec.part] {
            Ok(probe) => probe,
            Err(reason) => bail!("the reference solution does not build: {reason}"),
        };
        let run = runner::run(
            &Request {
                probe,
                producer: check.spec.producer.name(),
                input,
                time_limit: check.time_limit,
            },
            &setup.confinement(),
        )?;
        let RunOutcome::Reported(output) = run.outcome else {
            bail!(
                "the reference solution failed check {name}: {:?}",
                run.outcome
            );
        };
        snapshots.insert(
            &name,
            Blessed {
                input: checks::digest(input),
                output,
            },
        );
    }
    Ok(snapshots)
}

/// Writes the blessed snapshots over fixtures/snapshots and says in one line each
/// which files changed and how (with `--diff`, each change as a unified diff); with
/// `--check`, writes nothing and fails when a file would change. The snapshots of a
/// part the rubric turns off are left as they are.
pub fn run(args: &BlessArgs) -> anyhow::Result<Status> {
    let setup = Setup::load(&args.kit)?;
    let fresh = blessed(&setup, &build_solution(&setup)?)?;
    let dir = setup.kit.snapshots();
    let kept = |stem: &str| {
        let check = stem.strip_suffix(".twin").unwrap_or(stem);
        setup.rubric.turned_off_with(check).is_some()
    };
    let (changes, unchanged) = fresh.changes(&dir, &kept)?;
    if args.diff {
        for change in &changes {
            print!("{}", change.diff());
        }
    }
    let verb = if args.check {
        "would change"
    } else {
        "changed"
    };
    if !changes.is_empty() {
        println!("{verb} {} snapshot(s):", changes.len());
        for change in &changes {
            println!("  {}", change.summary());
        }
    }
    for off in &setup.rubric.turned_off {
        println!(
            "{} ({}) is turned off in the rubric: the snapshots of its {} check(s) are left as they are",
            off.part.id(),
            off.title,
            off.checks.len()
        );
    }
    println!("{unchanged} snapshot(s) unchanged");
    if !changes.is_empty() && !args.diff {
        println!(
            "`grader bless --diff{}` shows each change line by line",
            if args.check { " --check" } else { "" }
        );
    }
    if args.check {
        if !changes.is_empty() {
            eprintln!("grader: run `grader bless` and review what it changes");
            return Ok(Status::CheckFailed);
        }
    } else {
        fresh.save(&dir, &kept)?;
    }
    Ok(Status::Success)
}
