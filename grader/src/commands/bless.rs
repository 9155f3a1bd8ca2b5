//! `grader bless`: re-creates the expected outputs from the reference solution.

use anyhow::{Context as _, bail};

use super::Setup;
use crate::Status;
use crate::checks;
use crate::cli::BlessArgs;
use crate::harness::{self, Build};
use crate::runner::{self, Request, RunOutcome};
use crate::snapshots::{Blessed, Snapshots};

/// The reference solution built against the probe.
pub fn build_solution(setup: &Setup) -> anyhow::Result<Build> {
    let solution = setup.kit.solution();
    if !solution.join("src/lib.rs").is_file() {
        bail!(
            "{} has no reference solution to bless from",
            solution.display()
        );
    }
    harness::build(&setup.workspace, &solution).context("building the reference solution")
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
                producer: check.spec.producer,
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

/// Writes the blessed snapshots over fixtures/snapshots, showing a diff of each file
/// it changes; with `--check`, writes nothing and fails when a file would change.
pub fn run(args: &BlessArgs) -> anyhow::Result<Status> {
    let setup = Setup::load(&args.kit)?;
    let fresh = blessed(&setup, &build_solution(&setup)?)?;
    let dir = setup.kit.snapshots();
    let (changes, unchanged) = fresh.changes(&dir)?;
    let mut out = String::new();
    for change in &changes {
        out.push_str(&change.diff());
    }
    let files: Vec<&str> = changes.iter().map(|c| c.file.as_str()).collect();
    if args.check {
        if !changes.is_empty() {
            print!("{out}");
            eprintln!(
                "grader: blessing would change {} snapshot(s) ({}): run `grader bless` and review the diff",
                changes.len(),
                files.join(", ")
            );
            return Ok(Status::CheckFailed);
        }
    } else {
        fresh.save(&dir)?;
        print!("{out}");
        if !changes.is_empty() {
            println!(
                "blessed {} snapshot(s): {}",
                changes.len(),
                files.join(", ")
            );
        }
    }
    println!("{unchanged} snapshot(s) unchanged");
    Ok(Status::Success)
}
