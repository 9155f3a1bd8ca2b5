//! `grader bless`: re-creates the expected outputs from the reference solution, and
//! the guide's figures of the rubric (`super::figures`).

use anyhow::{Context as _, bail};
use serde_json::Value;

use super::Setup;
use crate::Status;
use crate::checks;
use crate::cli::BlessArgs;
use crate::harness::{self, Build};
use crate::kit::Kit;
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

/// The inputs of the checks of the parts the rubric turns off that this grader has
/// ([`crate::rubric::Rubric::dormant`]), drawn as if they were on, with the course's
/// secret: `(inputs, twins)`, as [`super::inputs_of`] gives them.
pub fn dormant_inputs(setup: &Setup) -> anyhow::Result<(Vec<Value>, Vec<Option<Value>>)> {
    super::inputs_of(
        &setup.kit.fixtures(),
        setup.rubric.secret.as_deref(),
        &setup.rubric.dormant,
    )
}

/// The reference's output for every blessed check of the rubric, as the reference
/// solution (`build`) produces it for the input the check sends; the checks of a
/// part turned off too, with the course's secret, so that turning it on needs no
/// bless.
pub fn blessed(setup: &Setup, build: &Build) -> anyhow::Result<Snapshots> {
    let mut snapshots = Snapshots::default();
    let (inputs, twins) = dormant_inputs(setup)?;
    let dormant = super::questions_of(&setup.rubric.dormant, &inputs, &twins);
    for (name, check, input) in setup.questions().into_iter().chain(dormant) {
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

/// The blessed questions of every check the rubric lists, its parts turned off
/// included, whose snapshot in `kit` answers another input than the rubric draws
/// now (for a hidden check or a twin, with another secret than the rubric's), or is
/// missing for a check that is graded. The snapshots hold no secret, only each
/// input's digest, which is a digest of the secret for the questions drawn with it.
pub fn drawn_elsewhere(kit: &Kit) -> anyhow::Result<Vec<String>> {
    let rubric = crate::rubric::load(&kit.rubric())?;
    let snapshots = Snapshots::load(&kit.snapshots())?;
    let secret = rubric.secret.as_deref();
    let (inputs, twins) = super::inputs_of(&kit.fixtures(), secret, &rubric.checks)?;
    let (off_inputs, off_twins) = super::inputs_of(&kit.fixtures(), secret, &rubric.dormant)?;
    let graded = super::questions_of(&rubric.checks, &inputs, &twins);
    let dormant = super::questions_of(&rubric.dormant, &off_inputs, &off_twins);
    let mut stale = Vec::new();
    for (is_graded, (name, check, input)) in graded
        .into_iter()
        .map(|q| (true, q))
        .chain(dormant.into_iter().map(|q| (false, q)))
    {
        if !check.spec.blessed {
            continue;
        }
        match snapshots.get(&name) {
            Some(blessed) if blessed.input != checks::digest(input) => stale.push(name),
            None if is_graded => stale.push(name),
            _ => {}
        }
    }
    Ok(stale)
}

/// The one line that refuses a kit whose snapshots [`drawn_elsewhere`] names.
pub fn drawn_elsewhere_line(stale: &[String]) -> String {
    const SHOWN: usize = 6;
    let mut names = stale
        .iter()
        .take(SHOWN)
        .cloned()
        .collect::<Vec<_>>()
        .join(", ");
    if stale.len() > SHOWN {
        names.push_str(&format!(" and {} more", stale.len() - SHOWN));
    }
    format!(
        "{} snapshot(s) answer other inputs than the rubric's checks and [grader] secret draw now ({names}): run `grader bless`, which blesses every part, those turned off too",
        stale.len()
    )
}

/// Writes the blessed snapshots over fixtures/snapshots and says in one line each
/// which files changed and how (with `--diff`, each change as a unified diff); with
/// `--check`, writes nothing and fails when a file would change. Every part is
/// blessed, those the rubric turns off too; only the snapshots of a turned-off check
/// this grader does not have are left as they are.
pub fn run(args: &BlessArgs) -> anyhow::Result<Status> {
    let setup = Setup::load(&args.kit)?;
    let fresh = blessed(&setup, &build_solution(&setup)?)?;
    let dir = setup.kit.snapshots();
    let kept = |stem: &str| {
        let check = stem.strip_suffix(".twin").unwrap_or(stem);
        setup.rubric.turned_off_with(check).is_some()
            && !setup.rubric.dormant.iter().any(|c| c.spec.name == check)
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
        let (known, unknown): (Vec<&String>, Vec<&String>) = off.checks.iter().partition(|name| {
            setup
                .rubric
                .dormant
                .iter()
                .any(|c| c.spec.name == name.as_str())
        });
        let mut line = format!(
            "{} ({}) is turned off in the rubric: its {} check(s) are blessed all the same, with the course's secret, so turning it on needs no bless",
            off.part.id(),
            off.title,
            known.len()
        );
        if !unknown.is_empty() {
            line.push_str(&format!(
                "; the snapshots of {} check(s) this grader does not have are left as they are",
                unknown.len()
            ));
        }
        println!("{line}");
    }
    println!("{unchanged} snapshot(s) unchanged");
    if !changes.is_empty() && !args.diff {
        println!(
            "`grader bless --diff{}` shows each change line by line",
            if args.check { " --check" } else { "" }
        );
    }
    if args.check {
        let figures_stale = super::figures::current(&setup)? == Some(false);
        if figures_stale {
            println!(
                "would change {}: the guide's figures of this rubric",
                super::figures::FILE
            );
        }
        if !changes.is_empty() || figures_stale {
            eprintln!("grader: run `grader bless` and review what it changes");
            return Ok(Status::CheckFailed);
        }
    } else {
        fresh.save(&dir, &kept)?;
        if super::figures::write(&setup)? == Some(true) {
            println!(
                "changed {}: the guide's figures of this rubric",
                super::figures::FILE
            );
        }
    }
    Ok(Status::Success)
}
