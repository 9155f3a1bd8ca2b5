//! The figures of the instructor's guide that depend on the rubric and the checks:
//! how many checks and points the rubric grades, how many snapshots a new secret
//! changes, what `self-check` prints, the budget rule. `grader bless` writes them into
//! [`FILE`], one anchor each, and the guide's pages include them by anchor
//! (`{{#include ../figures/kit.txt:points}}`), so that a course that changes points
//! or limits and blesses has a guide that states its own rubric; `self-check` fails
//! when the file is not the rubric's. Every figure is computed here from what the
//! grader has loaded (the rubric, the checks' list, the producers), never copied.
//!
//! The handout states none of these: a student's template has its own rubric, and the
//! handout's one sample report (`handout/src/figures/grade-starter.txt`) is drawn by
//! `handout/figures.sh --with-report`.

use std::path::PathBuf;

use anyhow::Context as _;

use super::Setup;
use super::self_check::lines::{
    BLESSED, PASSED, SNAPSHOTS_ANSWER, STARTER_CLEAN, STARTER_CURRENT, budget_line,
    grader_producers, producers_line, solution_line, starter_line, turned_off_note,
};
use crate::checks;
use crate::rubric::points;

/// Where the figures are, relative to the kit's root.
pub const FILE: &str = "guide/src/figures/kit.txt";

/// One figure: its anchor, what it is (the file says so above it) and its text.
struct Figure {
    anchor: &'static str,
    what: &'static str,
    text: String,
}

/// The figures file for the kit of `setup`: a header, then each figure between its
/// `ANCHOR:` and `ANCHOR_END:` lines, as mdBook includes them.
pub fn text(setup: &Setup) -> anyhow::Result<String> {
    let mut out = String::from(
        "The figures the instructor's guide quotes, computed from fixtures/rubric.toml and\n\
         the grader's checks by `grader bless` (grader/src/commands/figures.rs): do not\n\
         edit. The pages include each one by its anchor.\n",
    );
    for figure in figures(setup)? {
        out.push_str(&format!(
            "\n{}:\nANCHOR: {}\n{}\nANCHOR_END: {}\n",
            figure.what, figure.anchor, figure.text, figure.anchor
        ));
    }
    Ok(out)
}

/// The file's path in the kit of `setup`, when the kit has the guide (a copy of a
/// few of its folders has none).
pub fn path(setup: &Setup) -> Option<PathBuf> {
    let path = setup.kit.root.join(FILE);
    path.parent()
        .is_some_and(|dir| dir.is_dir())
        .then_some(path)
}

/// Whether the file holds the figures of the kit of `setup` (`None`: no guide).
pub fn current(setup: &Setup) -> anyhow::Result<Option<bool>> {
    let Some(path) = path(setup) else {
        return Ok(None);
    };
    let written = std::fs::read_to_string(&path).unwrap_or_default();
    Ok(Some(written == text(setup)?))
}

/// Writes the file when it is not current; whether it did (`None`: no guide).
pub fn write(setup: &Setup) -> anyhow::Result<Option<bool>> {
    let Some(path) = path(setup) else {
        return Ok(None);
    };
    let fresh = text(setup)?;
    if std::fs::read_to_string(&path).is_ok_and(|written| written == fresh) {
        return Ok(Some(false));
    }
    std::fs::write(&path, fresh).with_context(|| format!("writing {}", path.display()))?;
    Ok(Some(true))
}

/// The most points the reference can earn: every graded check's, and the style
/// section's when it is read.
pub fn max_score(setup: &Setup) -> f64 {
    let checks: f64 = setup.rubric.checks.iter().map(|c| c.points).sum();
    let style = &setup.rubric.style;
    checks + if style.enabled { style.points } else { 0.0 }
}

/// How many producers the grader knows (the probe must know the same).
pub fn producers() -> usize {
    grader_producers().len()
}

/// `(changed, all)`: how many of the snapshots `bless` writes a new secret changes
/// (every hidden check's and every twin's), and how many it writes, found by drawing
/// every blessed question with two secrets and comparing their digests.
fn changed_by_a_new_secret(setup: &Setup) -> anyhow::Result<(usize, usize)> {
    let fixtures = setup.kit.fixtures();
    let checks: Vec<_> = setup
        .rubric
        .checks
        .iter()
        .chain(&setup.rubric.dormant)
        .cloned()
        .collect();
    let digests = |secret: &str| -> anyhow::Result<Vec<(String, String)>> {
        let (inputs, twins) = super::inputs_of(&fixtures, Some(secret), &checks)?;
        Ok(super::questions_of(&checks, &inputs, &twins)
            .into_iter()
            .filter(|(_, check, _)| check.spec.blessed)
            .map(|(name, _, input)| (name, checks::digest(input)))
            .collect())
    };
    let before = digests("one course's secret")?;
    let after = digests("another course's secret")?;
    let changed = before
        .iter()
        .filter(|question| !after.contains(question))
        .count();
    Ok((changed, before.len()))
}

/// Every figure, in the order the file gives them.
fn figures(setup: &Setup) -> anyhow::Result<Vec<Figure>> {
    let rubric = &setup.rubric;
    let max = max_score(setup);
    let visible: f64 = rubric
        .checks
        .iter()
        .filter(|c| c.is_public())
        .map(|c| c.points)
        .sum();
    let (changed, snapshots) = changed_by_a_new_secret(setup)?;
    let doubled = {
        let mut doubled = rubric.clone();
        for check in &mut doubled.checks {
            check.time_limit *= 2;
        }
        doubled.budget_rule()
    };
    let rule = |rule: Option<crate::rubric::budget::BudgetRule>| {
        rule.map_or_else(
            || "(the rubric grades no check)".to_owned(),
            |rule| budget_line(&rule),
        )
    };
    let figures = [
        (
            "parts",
            "the parts the rubric grades",
            rubric.parts.len().to_string(),
        ),
        (
            "checks",
            "the checks the rubric grades",
            rubric.checks.len().to_string(),
        ),
        (
            "points",
            "their points, the style section's included",
            points(max),
        ),
        (
            "visible-points",
            "the points of the visible checks (the template's)",
            points(visible),
        ),
        (
            "producers",
            "the producers the probe and the grader know",
            producers().to_string(),
        ),
        (
            "snapshots",
            "the snapshots `bless` writes (every part's)",
            snapshots.to_string(),
        ),
        (
            "secret-changed",
            "of them, those a new secret changes",
            changed.to_string(),
        ),
        (
            "secret-unchanged",
            "and those it leaves",
            (snapshots - changed).to_string(),
        ),
        (
            "score",
            "the last line of the reference's report",
            crate::report::human::score_words(
                &points(max),
                max,
                rubric.checks.len(),
                rubric.checks.len(),
            ),
        ),
        (
            "budget-rule",
            "the budget rule for the rubric, as `self-check` prints it",
            rule(rubric.budget_rule()),
        ),
        (
            "budget-rule-doubled",
            "the budget rule with every check's time limit doubled",
            rule(doubled),
        ),
        (
            "rubric-head",
            "what `grader rubric` prints first: its header and the first check",
            super::print_rubric::effective(rubric)
                .split("\n\n")
                .take(2)
                .collect::<Vec<_>>()
                .join("\n\n")
                .trim_end()
                .to_owned(),
        ),
        (
            "self-check",
            "what `self-check` prints when the kit is right",
            passing(setup).join("\n"),
        ),
    ];
    Ok(figures
        .into_iter()
        .map(|(anchor, what, text)| Figure { anchor, what, text })
        .collect())
}

/// What `self-check` prints for the kit of `setup` when every line passes: the
/// figures of the guide quote it, and the guide's walk runs
/// `self-check` and compares.
pub fn passing(setup: &Setup) -> Vec<String> {
    let ok = |line: String| format!("ok   {line}");
    let max = max_score(setup);
    let mut lines = Vec::new();
    lines.extend(setup.rubric.budget_rule().as_ref().map(budget_line));
    lines.push(ok(SNAPSHOTS_ANSWER.to_owned()));
    lines.push(ok(solution_line(max, max, setup.rubric.checks.len(), &[])));
    lines.push(ok(STARTER_CURRENT.to_owned()));
    lines.push(ok(STARTER_CLEAN.to_owned()));
    lines.push(ok(starter_line(0.0, max, &[])));
    lines.push(ok(BLESSED.to_owned()));
    lines.push(ok(producers_line(producers(), setup)));
    if path(setup).is_some() {
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

/// The guide's figures' line: whether `guide/src/figures/kit.txt` is the rubric's.
pub(crate) fn figures_line(current: bool) -> String {
    if current {
        format!("{} states this rubric's figures", FILE)
    } else {
        format!(
            "{} does not state this rubric's figures: run `grader bless`",
            FILE
        )
    }
}
