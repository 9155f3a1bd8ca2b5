//! The grade of one submission and the formats it is written in: for a person
//! (human, markdown) and for machines (json, Gradescope's results.json, JUnit XML).
//! Everything but the timings is the same each time the same submission is graded.
//!
//! A report quotes the student's code (messages, output, diffs, compiler errors) and
//! so is rendered as hostile text: [`Report::render`] first passes every text through
//! [`text::visible`], then each format quotes it in its own way.

mod classroom;
pub mod gradescope;
pub(crate) mod html;
mod human;
mod junit;
pub(crate) mod markdown;
mod style;
pub mod text;

#[cfg(test)]
mod tests;

use std::path::Path;
use std::time::Duration;

use clap::ValueEnum;
use serde::Serialize;

use crate::checks::{Mistake, Part, Verdict};
use crate::rubric::{Rubric, RubricCheck, Visibility};
use crate::sandbox::Level;

/// The result of one check.
#[derive(Debug, Clone, Serialize)]
pub struct CheckResult {
    /// The check's name.
    pub name: String,
    /// Its title.
    pub title: String,
    /// Its part.
    #[serde(serialize_with = "part_id")]
    pub part: Part,
    /// Points earned.
    pub score: f64,
    /// Points possible.
    pub max_score: f64,
    /// Whether it passed.
    pub passed: bool,
    /// What was found.
    pub message: String,
    /// Expected against actual, when it helps.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub diff: Option<String>,
    /// Where to look in the handout.
    pub hint: String,
    /// The grader, not the submission, could not judge this check (a grader bug or
    /// inconsistent kit data); the check counts as failed.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub grader_error: bool,
    /// Who sees it.
    pub visibility: Visibility,
    /// What the student's code printed.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub output: String,
    /// The student's result beside the expected one, as SVG drawn by the grader from
    /// numbers alone (see [`crate::checks::picture`]); only for a failure on the
    /// input the report shows, never for a twin's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub picture: Option<String>,
    /// What was wrong, as a key that groups a class's failures (see
    /// [`crate::checks::mistake`]); `None` for a pass.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mistake: Option<Mistake>,
    /// How the check did on its twin, in the course's grading (see
    /// [`crate::checks::twin_name`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub twin: Option<Twin>,
    /// How long it ran (left out of the JSON report, which stays identical between
    /// runs).
    #[serde(skip)]
    pub duration: Duration,
}

fn part_id<S: serde::Serializer>(part: &Part, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(part.id())
}

/// A check's verdict on its twin: the same check asked on an input the course keeps
/// private. Its message can describe that input, so only the instructor's formats
/// (human and JSON) show it; the others say that the twin failed, and nothing of
/// its input.
#[derive(Debug, Clone, Serialize)]
pub struct Twin {
    /// Whether the twin passed.
    pub passed: bool,
    /// What its judge found.
    pub message: String,
}

/// The message of a check whose own question passes and whose twin fails.
pub const TWIN_FAILED: &str = "right on the input shown here, wrong on the same check asked with an input \
     the course keeps private: the code answers the input it was shown, not others like it";

/// The kind of mistake of a check right on its own input and wrong on its twin's.
pub const TWIN_MISTAKE: &str = "right on the input shown, wrong on a private one";

/// What the student template's report says, where there is no secret and so no twin.
pub const TWINS_ELSEWHERE: &str = "the course's grading also asks each check on inputs it keeps \
     private: a check earns its points only when both answers are right";

impl CheckResult {
    /// The result of `check` judged `verdict` on its own input and `twin` on its
    /// twin's, if it has one: it passes when both do.
    pub fn new(
        check: &RubricCheck,
        verdict: Verdict,
        twin: Option<Verdict>,
        output: String,
        duration: Duration,
    ) -> CheckResult {
        // A check that fails on its own input has failed, and reports no twin: whether
        // its twin ran at all depends on how its batch went, and a report must not.
        let twin = twin.filter(|_| verdict.passed);
        let twin_failed = twin.as_ref().is_some_and(|t| !t.passed);
        let passed = verdict.passed && !twin_failed;
        let grader_error = verdict.grader_error || twin.as_ref().is_some_and(|t| t.grader_error);
        let (message, diff, picture, mistake) = match &twin {
            Some(twin) if twin_failed && !twin.grader_error => (
                TWIN_FAILED.to_owned(),
                None,
                None,
                Some(Mistake::kind(TWIN_MISTAKE)),
            ),
            Some(twin) if twin_failed => (
                TWIN_FAILED.to_owned(),
                None,
                None,
                twin.mistake.as_deref().cloned(),
            ),
            _ => (
                verdict.message,
                verdict.diff,
                verdict.picture,
                verdict.mistake.map(|mistake| *mistake),
            ),
        };
        CheckResult {
            name: check.spec.name.to_owned(),
            title: check.title.clone(),
            part: check.spec.part,
            score: if passed { check.points } else { 0.0 },
            max_score: check.points,
            passed,
            message,
            diff,
            hint: check.hint.clone(),
            grader_error,
            visibility: check.visibility,
            output,
            picture,
            mistake: mistake.filter(|_| !passed),
            twin: twin.map(|t| Twin {
                passed: t.passed,
                message: t.message,
            }),
            duration,
        }
    }
}

/// The totals of one part.
#[derive(Debug, Clone, Serialize)]
pub struct PartSummary {
    /// `part1`, `part2`.
    pub id: String,
    /// Its title.
    pub title: String,
    /// Points earned.
    pub score: f64,
    /// Points possible.
    pub max_score: f64,
}

/// The grade of a submission.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// The submission's directory as given.
    pub submission: String,
    /// Points earned.
    pub score: f64,
    /// Points possible.
    pub max_score: f64,
    /// Per part.
    pub parts: Vec<PartSummary>,
    /// Per check, in rubric order.
    pub checks: Vec<CheckResult>,
    /// Why a part could not be built: the compiler's errors, shortened, once each.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub build_errors: Vec<String>,
    /// Compiler warnings in the submission (not graded).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
    /// The sandbox level the submission's code ran at (`full`, `container` or
    /// `unconfined`).
    pub sandbox: Level,
    /// Whether the visible checks were also asked on their twins (the course's
    /// grading, where the rubric holds the secret).
    pub twins: bool,
    /// How long grading took.
    #[serde(skip)]
    pub execution_time: Duration,
    /// Where the time went, phase by phase: in the JSON report only when asked for
    /// (`grader grade --timings`), since no two gradings take the same time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timings: Option<crate::timings::Timings>,
    /// How the code reads (clippy's findings on the student's own code), when the
    /// grading read it; its points are in `score` and `max_score`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub style: Option<crate::style::Section>,
}

impl Report {
    /// Sums up `checks`.
    pub fn new(
        submission: &Path,
        rubric: &Rubric,
        checks: Vec<CheckResult>,
        warnings: Vec<String>,
        execution_time: Duration,
    ) -> Report {
        let parts = rubric
            .parts
            .iter()
            .map(|(part, title)| {
                let of_part = checks.iter().filter(|c| c.part == *part);
                PartSummary {
                    id: part.id().to_owned(),
                    title: title.clone(),
                    score: of_part.clone().map(|c| c.score).sum(),
                    max_score: of_part.map(|c| c.max_score).sum(),
                }
            })
            .collect();
        Report {
            submission: submission.display().to_string(),
            score: checks.iter().map(|c| c.score).sum(),
            max_score: checks.iter().map(|c| c.max_score).sum(),
            parts,
            checks,
            build_errors: Vec::new(),
            warnings,
            sandbox: Level::Unconfined,
            twins: false,
            execution_time,
            timings: None,
            style: None,
        }
    }

    /// The report in `format`; `color` only matters to the human format. Every text
    /// is shown with [`text::visible`] first, in every format.
    pub fn render(&self, format: Format, color: bool) -> String {
        let report = self.visible();
        match format {
            Format::Human => human::render(&report, color),
            Format::Json => serde_json::to_string_pretty(&report).unwrap_or_default() + "\n",
            Format::Gradescope => gradescope::render(&report),
            Format::Junit => junit::render(&report),
            Format::Markdown => markdown::render(&report),
            Format::Html => html::render(&report),
            Format::Classroom => classroom::render(&report),
        }
    }

    /// Whether the report should say that the course's grading asks each check on
    /// private inputs too: in the student template (built without the hidden checks,
    /// and without the secret), where no twin was asked.
    pub fn twins_elsewhere(&self) -> bool {
        !self.twins && cfg!(not(feature = "hidden-checks"))
    }

    /// The short view `grader watch` shows after each save: the progress of each part,
    /// the score and the first failing check (see [`human::summary`]).
    pub fn render_summary(&self, color: bool) -> String {
        human::summary(&self.visible(), color)
    }

    /// A copy whose every text shows its control characters, bidi controls and
    /// noncharacters as escapes. The student's texts are what this is for; the
    /// rubric's (names, titles, hints) go through too, which costs nothing and keeps
    /// one rule for all of it.
    fn visible(&self) -> Report {
        let shown = |text: &str| text::visible(text).into_owned();
        Report {
            submission: shown(&self.submission),
            parts: self
                .parts
                .iter()
                .map(|part| PartSummary {
                    title: shown(&part.title),
                    ..part.clone()
                })
                .collect(),
            checks: self
                .checks
                .iter()
                .map(|check| CheckResult {
                    name: shown(&check.name),
                    title: shown(&check.title),
                    message: shown(&check.message),
                    diff: check.diff.as_deref().map(shown),
                    hint: shown(&check.hint),
                    output: shown(&check.output),
                    mistake: check.mistake.as_ref().map(|mistake| Mistake {
                        kind: shown(&mistake.kind),
                        detail: shown(&mistake.detail),
                    }),
                    twin: check.twin.as_ref().map(|twin| Twin {
                        message: shown(&twin.message),
                        ..twin.clone()
                    }),
                    ..check.clone()
                })
                .collect(),
            build_errors: self.build_errors.iter().map(|e| shown(e)).collect(),
            warnings: self.warnings.iter().map(|w| shown(w)).collect(),
            style: self.style.as_ref().map(|section| section.shown(shown)),
            ..self.clone()
        }
    }
}

/// The report formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// For a terminal: per part and check, ✓/✗, points, reason, diff and hint.
    Human,
    /// The whole report as JSON.
    Json,
    /// Gradescope's results.json.
    Gradescope,
    /// JUnit XML, one test case per check.
    Junit,
    /// Markdown, for a CI job summary.
    Markdown,
    /// One self-contained HTML page (no script, nothing fetched), with a picture of
    /// the student's result beside the expected one under each failure that has one.
    Html,
    /// GitHub Classroom's autograding result (for the grading reporter action).
    Classroom,
}

/// Points without a needless `.0`: `2`, `2.5`.
pub fn points(value: f64) -> String {
    // Adding 0.0 turns the -0 of an empty sum into 0.
    let value = value + 0.0;
    if value.fract() == 0.0 {
        format!("{value:.0}")
    } else {
        format!("{value}")
    }
}
