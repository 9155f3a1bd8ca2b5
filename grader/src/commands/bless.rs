//! `grader bless`: re-creates the expected outputs from the reference solution.

use anyhow::{Context as _, bail};

use super::Setup;
use crate::Status;
use crate::checks::Judge;
use crate::cli::KitArgs;
use crate::harness;
use crate::runner::{self, RunOutcome};
use crate::snapshots::Snapshots;

/// Snapshots of every snapshot check, as the reference solution produces them.
pub fn blessed(setup: &Setup) -> anyhow::Result<Snapshots> {
    let solution = setup.kit.solution();
    if !solution.join("src/lib.rs").is_file() {
        bail!(
            "{} has no reference solution to bless from",
            solution.display()
        );
    }
    let build =
        harness::build(&setup.workspace, &solution).context("building the reference solution")?;
    let fixtures = setup
        .kit
        .fixtures()
        .canonicalize()
        .unwrap_or_else(|_| setup.kit.fixtures());
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
    let fresh = blessed(&setup)?;
    let changed = setup.snapshots.differences(&fresh);
    fresh.save(&setup.kit.snapshots())?;
    if changed.is_empty() {
        println!("snapshots unchanged");
    } else {
        println!("blessed: {}", changed.join(", "));
    }
    Ok(Status::Success)
}
