//! The grade of one submission and the formats it is written in: for a person
//! (human, markdown) and for machines (json, Gradescope's results.json, JUnit XML).
//! Everything but the timings is the same each time the same submission is graded.
//!
//! A report quotes the student's code (messages, output, diffs, compiler errors) and
//! so is rendered as hostile text: [`Report::render`] first passes every text through
//! [`text::visible`], then each format quotes it in its own way.
//!
//! A report is written for an [`Audience`]. The instructor's (the human and JSON
//! formats, and `grade-all`'s `instructor/` files) shows everything the grader found;
//! a student's (every other format, and the reports `grade-all` and Gradescope hand
//! out) shows nothing a hidden check asked or expected, nor a twin's own words: see
//! [`Report::for_students`].

mod classroom;
pub mod gradescope;
pub(crate) mod html;
pub(crate) mod human;
mod junit;
pub(crate) mod markdown;
pub(crate) mod style;
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
    /// The last line of the message when other failing checks run this check's code
    /// ("fix direction_opposite first: …"), set by the grading: it names checks, not
    /// inputs, so a student's report keeps it where it hides the rest of a hidden
    /// check's message.
    #[serde(skip)]
    pub fix_first: Option<String>,
    /// How long it ran (left out of the JSON report, which stays identical between
    /// runs).
    #[serde(skip)]
    pub duration: Duration,
}

fn part_id<S: serde::Serializer>(part: &Part, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(part.id())
}

/// A check's verdict on its twin: the same check asked on an input the course keeps
/// private. Its message can describe that input, so only the instructor's reports
/// show it; a student's says that the twin failed, and nothing of its input.
#[derive(Debug, Clone, Serialize)]
pub struct Twin {
    /// Whether the twin passed.
    pub passed: bool,
    /// What its judge found (empty in a student's report).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub message: String,
}

/// How the message of a check whose own question passes and whose twin fails
/// begins ([`twin_failed`] writes the rest).
pub const TWIN_FAILED: &str =
    "right on the input shown here, wrong on another input of the same check";

/// The kind of mistake of a check right on its own input and wrong on its twin's.
pub const TWIN_MISTAKE: &str = "right on the input shown, wrong on another of the same check";

/// What a student is told of a check right on its own input and wrong on its twin:
/// that the twin is another input of the same check (whose title says what it tests),
/// its size (the first `WxH` its judge names, never a seed or a value), what kind of
/// input it is where its judge says ([`Verdict::case`]), which kind of failure it was,
/// and the rule such an input tests where its judge or the check's hint for a run out
/// of time names one ([`Verdict::hint`]); nothing that would let code answer it.
pub fn twin_failed(title: &str, twin: &Verdict) -> String {
    let kind = twin
        .mistake
        .as_deref()
        .map_or(crate::checks::mistake::WRONG_RESULT, |m| m.kind.as_str());
    let size = first_size(&twin.message)
        .map(|size| format!(", of size {size}"))
        .unwrap_or_default();
    let case = twin
        .case
        .as_deref()
        .map(|case| format!(" ({case})"))
        .unwrap_or_default();
    // What such an input tests, when its judge (or a run out of time) knows the rule;
    // otherwise where inputs of the same check differ.
    let tests = match twin.hint {
        Some(hint) => format!(
            "Such an input tests this rule: {hint}. Try yours on more inputs, with the tests and \
             the driver"
        ),
        None => {
            "Inputs of other sizes and shapes reach code the one shown here may not (a border, \
                 a longer corridor, a non-square grid): try yours on more of them, with the tests \
                 and the driver"
                .to_owned()
        }
    };
    format!("{TWIN_FAILED} ({title}), which the course keeps private{size}{case}: {kind}. {tests}")
}

/// The first size `WxH` in `words`: a word of digits, `x`, digits.
fn first_size(words: &str) -> Option<String> {
    let digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    words
        .split(|c: char| !c.is_ascii_alphanumeric())
        .find(|word| {
            word.split_once('x')
                .is_some_and(|(width, height)| digits(width) && digits(height))
        })
        .map(str::to_owned)
}

/// What a student's report says of a hidden check that passed.
pub const HIDDEN_PASSED: &str = "passed on inputs the course keeps private";

/// What a student's report says of a hidden check that failed, after the kind of
/// failure: the check's title says which property it tests, the inputs and the
/// expected answers stay private.
pub const HIDDEN_FAILED: &str = "on inputs the course keeps private, which this report does not \
     show, nor the expected answers: the check's title says what it tests, and the public checks \
     of the same code show the details";

/// What a student's report says of a hidden check the grader could not judge.
pub const HIDDEN_GRADER_ERROR: &str = "the grader could not judge this check, on inputs the course \
     keeps private (a fault of the grader or the kit, not of your code: the course staff will look \
     at it)";

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
        // A failure's own hint, when its judge saw the cause, replaces the check's (a
        // pass has none: see `Verdict::with_hint`).
        let hint = verdict
            .hint
            .map_or_else(|| check.hint.clone(), str::to_owned);
        let (message, diff, picture, mistake) = match &twin {
            Some(twin) if twin_failed && !twin.grader_error => (
                self::twin_failed(&check.title, twin),
                None,
                None,
                Some(Mistake::new(
                    TWIN_MISTAKE,
                    twin.mistake.as_deref().map_or("", |m| m.kind.as_str()),
                )),
            ),
            Some(twin) if twin_failed => (
                self::twin_failed(&check.title, twin),
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
            hint,
            grader_error,
            visibility: check.visibility,
            output,
            picture,
            mistake: mistake.filter(|_| !passed),
            twin: twin.map(|t| Twin {
                passed: t.passed,
                message: t.message,
            }),
            fix_first: None,
            duration,
        }
    }

    /// This result as a student may see it: a hidden check says whether it passed,
    /// and if not, which kind of failure and what to fix first; never its message,
    /// the expected-against-actual diff, the picture (both drawn from the reference's
    /// answer), what the code printed (the code can print its inputs), how long it
    /// ran or the mistake's detail. A public check loses only its twin's words.
    fn for_students(&self) -> CheckResult {
        let twin = self.twin.as_ref().map(|twin| Twin {
            passed: twin.passed,
            message: String::new(),
        });
        if self.visibility == Visibility::Visible {
            let twin_failed = twin.as_ref().is_some_and(|t| !t.passed);
            return CheckResult {
                twin,
                // A failing twin's mistake may be its own (a grader error), keyed
                // from its words: only the kind is the student's to see.
                mistake: match &self.mistake {
                    Some(mistake) if twin_failed => Some(Mistake::kind(mistake.kind.clone())),
                    other => other.clone(),
                },
                ..self.clone()
            };
        }
        let kind = self.mistake.as_ref().map(|mistake| mistake.kind.clone());
        let message = if self.passed {
            HIDDEN_PASSED.to_owned()
        } else if self.grader_error {
            HIDDEN_GRADER_ERROR.to_owned()
        } else if kind.as_deref() == Some(crate::checks::mistake::BUILD_ERROR) {
            // The build's headline: the same words under every check of the part.
            self.message.clone()
        } else {
            let kind = kind
                .as_deref()
                .unwrap_or(crate::checks::mistake::WRONG_RESULT);
            let mut message = format!("failed ({kind}) {HIDDEN_FAILED}");
            if let Some(fix) = &self.fix_first {
                message.push('\n');
                message.push_str(fix);
            }
            message
        };
        CheckResult {
            message,
            diff: None,
            output: String::new(),
            picture: None,
            mistake: kind.map(Mistake::kind),
            twin: None,
            // The code decides how long it runs, so a time shown per check could
            // carry its input out (a millisecond per cell): JUnit and Classroom show
            // none for a hidden check.
            duration: Duration::ZERO,
            ..self.clone()
        }
    }
}

/// Who a report is written for (see the module's documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Audience {
    /// A student, or anyone a report may reach: nothing of a hidden check's inputs
    /// or expected answers, nothing of a twin's.
    Students,
    /// The course's staff: everything the grader found.
    Instructor,
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
    /// What this part's failing checks call in an earlier part that is not written,
    /// does not compile or fails its own checks: said once, at the top of the part,
    /// rather than under every check.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub needs: Vec<String>,
    /// Whether this part's own code failed to compile (or the grader could not call
    /// it): the class page names these parts alone.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub build_failed: bool,
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
                    needs: Vec::new(),
                    build_failed: false,
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

    /// The report in `format`, for the audience the format is written for (see
    /// [`Format::audience`]); `color` only matters to the human format. Every text is
    /// shown with [`text::visible`] first, in every format.
    pub fn render(&self, format: Format, color: bool) -> String {
        self.render_for(format, color, format.audience())
    }

    /// The report in `format` for `audience`.
    pub fn render_for(&self, format: Format, color: bool, audience: Audience) -> String {
        let report = match audience {
            Audience::Students => self.for_students().visible(),
            Audience::Instructor => self.visible(),
        };
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

    /// A copy a student may read: every check as [`CheckResult::for_students`] shows
    /// it. The totals, the build's errors and the warnings are the student's own.
    pub fn for_students(&self) -> Report {
        Report {
            checks: self.checks.iter().map(CheckResult::for_students).collect(),
            ..self.clone()
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
                    needs: part.needs.iter().map(|n| shown(n)).collect(),
                    ..part.clone()
                })
                .collect(),
            checks: self.checks.iter().map(visible_check).collect(),
            build_errors: self.build_errors.iter().map(|e| shown(e)).collect(),
            warnings: self.warnings.iter().map(|w| shown(w)).collect(),
            style: self.style.as_ref().map(|section| section.shown(shown)),
            ..self.clone()
        }
    }
}

/// A copy of `check` whose every text shows its control characters as escapes (see
/// [`Report::visible`]).
fn visible_check(check: &CheckResult) -> CheckResult {
    let shown = |text: &str| text::visible(text).into_owned();
    CheckResult {
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
    }
}

/// One piece of news of a grading under way, which a grading tells as soon as it
/// knows it (the grading's `Stream` says to whom).
pub enum News<'r> {
    /// The build is done, and these parts' code does not compile.
    CompileErrors(&'r [String]),
    /// A check failed: its result as the report will show it, less what only the
    /// whole grading can add (which other failing check to fix first).
    Failed(&'r CheckResult),
}

/// What `grader watch` shows of a grading under way, as soon as the grading knows
/// it: the compiler's errors, or a failing check in full, as the short view will
/// show it.
pub fn render_news(news: &News<'_>, color: bool) -> String {
    match news {
        News::CompileErrors(errors) => {
            let errors: Vec<String> = errors
                .iter()
                .map(|error| text::visible(error).into_owned())
                .collect();
            human::early_build_errors(&errors, color)
        }
        News::Failed(check) => human::early_failure(&visible_check(check), color),
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

impl Format {
    /// Who a report in this format is for: the human and JSON reports are the
    /// instructor's (the grader's full account, which `grader grade` prints); every
    /// other format is made to be handed to the student (Gradescope, GitHub Classroom
    /// and CI show it to them), so it shows nothing of a hidden check's inputs.
    pub fn audience(self) -> Audience {
        match self {
            Format::Human | Format::Json => Audience::Instructor,
            Format::Gradescope
            | Format::Junit
            | Format::Markdown
            | Format::Html
            | Format::Classroom => Audience::Students,
        }
    }
}
