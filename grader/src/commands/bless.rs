//! `grader bless`: re-creates the expected outputs from the reference solution.

use anyhow::{Context as _, bail};

use super::Setup;
use crate::Status;
use crate::checks::Judge;
use crate::cli::KitArgs;
use crate::harness::{self, Build};
use crate::runner::{self, RunOutcome};
use crate::snapshots::Snapshots;

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

/// Snapshots of every snapshot check, as the reference solution (`build`) produces them.
pub fn blessed(setup: &Setup, build: &Build) -> anyhow::Result<Snapshots> {
    let fixtures = setup.fixtures();
    let mut snapshots = Snapshots::default();
    for check in &setup.rubric.checks {
        let Judge::Snapshot(render) = check.spec.judge else {
            continue;
        };
        let probe = match &build.parts[&check.spec.part] {
            Ok(probe) => probe,
            Err(reason) => bail!("the reference solution does not build: {reason}"),
        };
        let run = runner::run(probe, check.spec.name, &fixtures, check.time_limit)?;
        let RunOutcome::Reported(data) = run.outcome else {
            bail!(
                "the reference solution failed check {}: {:?}",
                check.spec.name,
                run.outcome
            );
        };
        let text = render(&data)
            .map_err(|problem| anyhow::anyhow!("check {}: {problem}", check.spec.name))?;
        snapshots.insert(check.spec.name, text);
    }
    Ok(snapshots)
}

/// Writes the blessed snapshots over fixtures/snapshots.
pub fn run(args: &KitArgs) -> anyhow::Result<Status> {
    let setup = Setup::load(args)?;
    let fresh = blessed(&setup, &build_solution(&setup)?)?;
    let changed = setup.snapshots.differences(&fresh);
    fresh.save(&setup.kit.snapshots())?;
    if changed.is_empty() {
        println!("snapshots unchanged");
    } else {
        println!("blessed: {}", changed.join(", "));
    }
    Ok(Status::Success)
}
