//! How the code reads: clippy's findings on the student's own code, as a section of
//! every report that the course can give points to.
//!
//! The checks say whether the code is right; this says how it is written. The build
//! lints the student's crate with the toolchain's clippy (in the same compilation,
//! see [`crate::harness::Clippy`]), with the lints the rubric's `[style]` table
//! names ([`Settings`]); this module keeps the findings that are the student's and
//! turns them into a [`Section`]: where each is, a sentence for a student, the lint's
//! name, and the points.
//!
//! A finding is the student's when the code it points at holds a line the student
//! wrote or changed: a line diff of each file against the kit's pristine starter
//! (see [`authorship`]). So nothing the kit provides (the given files, the provided
//! functions inside files students complete, the stubs' signatures) is ever held
//! against them, however the provided code is written; a file of their own is all
//! theirs. The lints come from the toolchain: groups are expanded with what this
//! clippy says they hold ([`Catalog`]), so a finding counts only when its lint is
//! one the course chose, whatever the student's own attributes turn on.

mod authorship;
mod catalog;
mod explain;

use std::collections::BTreeSet;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::harness::{Clippy, Lint, Sources};
use crate::rubric::{EarnedBy, Settings, Visibility};

pub use catalog::Catalog;
pub use explain::explanation;

/// The default of a section's `earned_by` read from an older report.
fn checks() -> EarnedBy {
    EarnedBy::Checks
}

/// The note of a section whose code does not compile.
pub const NOT_COMPILED: &str = "not checked: your code does not compile";

/// The note of a section that waits for the checks (`grader grade` and `grader
/// watch` while a check fails, where `[style]` gives no points).
pub const WAITS_FOR_CHECKS: &str =
    "not read yet: clippy reads your code once every check passes (add --style to read it now)";

/// One finding in the student's code.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Finding {
    /// The lint, `clippy::needless_range_loop`.
    pub lint: String,
    /// The file, `src/rat/stack.rs`.
    pub file: String,
    /// The line (1-based).
    pub line: usize,
    /// What clippy says of this place.
    pub message: String,
    /// What it means, in a sentence for a student.
    pub explanation: String,
}

impl Finding {
    /// `src/rat/stack.rs:31`.
    pub fn place(&self) -> String {
        format!("{}:{}", self.file, self.line)
    }

    /// The address of the lint's page in clippy's documentation.
    pub fn documentation(&self) -> String {
        format!(
            "https://rust-lang.github.io/rust-clippy/stable/index.html#{}",
            self.lint.trim_start_matches("clippy::")
        )
    }
}

/// The style section of a report.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Section {
    /// Whether clippy read the code; when not, why (`note`).
    pub checked: bool,
    /// Why the code was not read, or what else the reader should know.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Points earned.
    pub score: f64,
    /// Points possible (0: feedback only).
    pub max_score: f64,
    /// The points the student's code earned by passing checks (see
    /// [`Settings::earned`]), from which the findings take theirs: code nobody
    /// wrote earns none.
    #[serde(default)]
    pub earned: f64,
    /// How `earned` was earned (the rubric's `earned_by`).
    #[serde(default = "checks")]
    pub earned_by: EarnedBy,
    /// Points off for each finding.
    pub per_finding: f64,
    /// Who sees it on Gradescope.
    pub visibility: Visibility,
    /// How many lints count.
    pub lints: usize,
    /// The student's findings, by file and line.
    pub findings: Vec<Finding>,
    /// Findings left out because they point at code the kit provides, unchanged.
    pub not_yours: usize,
}

impl Section {
    /// Whether the section waits for the checks (see [`WAITS_FOR_CHECKS`]): not read,
    /// and nothing to say of the code yet.
    pub fn waits(&self) -> bool {
        !self.checked && self.note.as_deref() == Some(WAITS_FOR_CHECKS)
    }

    /// A section that could not be read: `max_score` counts (the code is the
    /// student's) or not (clippy is missing here: the grade is the checks' alone).
    fn not_checked(settings: &Settings, note: String, max_score: f64) -> Section {
        Section {
            checked: false,
            note: Some(note),
            score: 0.0,
            max_score,
            earned: 0.0,
            earned_by: settings.earned_by,
            per_finding: settings.per_finding,
            visibility: settings.visibility,
            lints: 0,
            findings: Vec::new(),
            not_yours: 0,
        }
    }

    /// A copy whose every text went through `shown` (the report's
    /// [`crate::report::text::visible`]): clippy's messages quote the student's code.
    pub fn shown(&self, shown: impl Fn(&str) -> String) -> Section {
        Section {
            note: self.note.as_deref().map(&shown),
            findings: self
                .findings
                .iter()
                .map(|finding| Finding {
                    lint: shown(&finding.lint),
                    file: shown(&finding.file),
                    message: shown(&finding.message),
                    explanation: shown(&finding.explanation),
                    ..finding.clone()
                })
                .collect(),
            ..self.clone()
        }
    }

    /// One line on the points: `3/5, 1 point per finding`, with what the code
    /// earned when it is less than the whole (`0/10: 0 of 10 earned by the checks
    /// passed, 1 point per finding`), or `feedback only`.
    pub fn points_line(&self) -> String {
        if self.max_score == 0.0 {
            return "feedback only, no points".to_owned();
        }
        let earned = if self.earned < self.max_score {
            format!(
                ": {} of {} earned by {}",
                crate::rubric::points(self.earned),
                crate::rubric::points(self.max_score),
                self.earned_by.words()
            )
        } else {
            String::new()
        };
        format!(
            "{}/{}{earned}, {} per finding",
            crate::rubric::points(self.score),
            crate::rubric::points(self.max_score),
            plural_points(self.per_finding)
        )
    }
}

/// `1 point`, `0.5 points`.
fn plural_points(value: f64) -> String {
    let shown = crate::rubric::points(value);
    if shown == "1" {
        "1 point".to_owned()
    } else {
        format!("{shown} points")
    }
}

/// What one grading lints, and how: the flags for the build, and the lints that count.
#[derive(Debug, Clone)]
pub struct Plan {
    /// The build's clippy.
    pub clippy: Clippy,
    /// Every lint that counts, groups expanded (`clippy::len_zero`).
    pub counted: BTreeSet<String>,
    /// Names in the rubric that this clippy does not know (left out of the flags).
    pub unknown: Vec<String>,
}

/// The plan for `settings` with the toolchain's clippy, or why there is none (clippy
/// is not installed, or cannot tell its lints).
pub fn plan(settings: &Settings) -> Result<Plan, String> {
    let driver = crate::harness::clippy_driver().map_err(|error| format!("{error:#}"))?;
    let catalog = Catalog::of(&driver)?;
    Ok(plan_with(settings, catalog, driver))
}

fn plan_with(settings: &Settings, catalog: &Catalog, driver: std::path::PathBuf) -> Plan {
    let mut counted = BTreeSet::new();
    let mut unknown = Vec::new();
    let mut known = Vec::new();
    for name in &settings.lints {
        let members = catalog.expand(name);
        if members.is_empty() {
            unknown.push(name.clone());
        } else {
            known.push(name.clone());
            counted.extend(members);
        }
    }
    // Every clippy lint off, then the course's on: at `--force-warn`, which no
    // attribute in the student's code can lower (an `#[allow]` is reported), or at
    // `-W` when the course honours its students' `#[allow]`s.
    let level = if settings.honour_allow {
        "-W"
    } else {
        "--force-warn"
    };
    let mut args = vec!["-A".to_owned(), "clippy::all".to_owned()];
    for name in known {
        args.push(level.to_owned());
        args.push(name);
    }
    Plan {
        clippy: Clippy { driver, args },
        counted,
        unknown,
    }
}

/// The section of a submission whose sources are `sources`, from the build's
/// `lints` (`None`: its crate did not compile), keeping the findings that are the
/// student's: those whose code holds a line that differs from the kit's pristine
/// `stubs` (every line of a file the stubs lack). Its code `earned` that many of
/// the section's points by passing checks ([`Settings::earned`]); the findings
/// take theirs off that.
pub fn section(
    settings: &Settings,
    plan: &Result<Plan, String>,
    lints: Option<&[Lint]>,
    sources: &Sources,
    stubs: Option<&Sources>,
    earned: f64,
) -> Section {
    let plan = match plan {
        Ok(plan) => plan,
        // Not the student's doing: no points either way.
        Err(why) => {
            return Section::not_checked(settings, format!("not checked: {why}"), 0.0);
        }
    };
    let Some(lints) = lints else {
        return Section::not_checked(settings, NOT_COMPILED.to_owned(), settings.points);
    };
    let mut mine = authorship::Authorship::new(sources, stubs);
    let mut findings = Vec::new();
    let mut not_yours = 0;
    let mut seen = BTreeSet::new();
    for lint in lints {
        let name = lint.code.replace('-', "_");
        if !plan.counted.contains(&name) {
            continue;
        }
        // The same place and lint once (a message can come twice through macros).
        if !seen.insert((name.clone(), lint.file.clone(), lint.lines.0, lint.column)) {
            continue;
        }
        if !mine.wrote(&lint.file, lint.lines) {
            not_yours += 1;
            continue;
        }
        findings.push(Finding {
            explanation: explanation(&name)
                .map(str::to_owned)
                .or_else(|| plan_description(&name))
                .unwrap_or_else(|| lint.message.clone()),
            lint: name,
            file: Path::new("src").join(&lint.file).display().to_string(),
            line: lint.lines.0,
            message: lint.message.clone(),
        });
    }
    // `#[clippy::msrv = "1.0"]` would have clippy read the code as old Rust, where
    // many lints do not apply: it is a finding of its own.
    if !plan.counted.is_empty() {
        findings.extend(msrv_attributes(sources, &mut mine));
    }
    findings.sort_by(|a, b| {
        (&a.file, a.line, &a.lint, &a.message).cmp(&(&b.file, b.line, &b.lint, &b.message))
    });
    let off = (settings.per_finding * findings.len() as f64).min(settings.cap());
    Section {
        checked: true,
        note: (!plan.unknown.is_empty()).then(|| {
            format!(
                "this clippy does not know {} (named in the rubric's [style] lints), so they are not read",
                plan.unknown.join(", ")
            )
        }),
        score: (earned.min(settings.points) - off).max(0.0),
        max_score: settings.points,
        earned: earned.min(settings.points),
        earned_by: settings.earned_by,
        per_finding: settings.per_finding,
        visibility: settings.visibility,
        lints: plan.counted.len(),
        findings,
        not_yours,
    }
}

/// Whether `line` names `clippy::msrv`, in any spacing or with raw identifiers
/// (`clippy :: msrv`, `r#clippy::r#msrv`). Without the regex crate: the template's
/// grader does not build it.
fn names_msrv(line: &str) -> bool {
    let squeezed = line
        .split_whitespace()
        .collect::<String>()
        .replace("r#", "");
    squeezed.match_indices("clippy::msrv").any(|(at, found)| {
        !squeezed[at + found.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_')
    })
}

/// The student's lines that tell clippy which Rust version the code is for (the
/// `clippy::msrv` attribute, written in any spacing or as raw identifiers).
fn msrv_attributes(sources: &Sources, mine: &mut authorship::Authorship<'_>) -> Vec<Finding> {
    let mut findings = Vec::new();
    for (file, text) in sources {
        let text = String::from_utf8_lossy(text);
        for (index, line) in text.lines().enumerate() {
            if names_msrv(line) && mine.wrote(file, (index + 1, index + 1)) {
                findings.push(Finding {
                    lint: MSRV_ATTRIBUTE.to_owned(),
                    file: Path::new("src").join(file).display().to_string(),
                    line: index + 1,
                    message: "`clippy::msrv` tells clippy the code is for an older Rust".to_owned(),
                    explanation: explanation(MSRV_ATTRIBUTE).unwrap_or_default().to_owned(),
                });
            }
        }
    }
    findings
}

/// The finding of a `clippy::msrv` attribute in the student's code.
const MSRV_ATTRIBUTE: &str = "clippy::msrv";

/// Clippy's own one-line description of `lint`, when its catalog was read.
fn plan_description(lint: &str) -> Option<String> {
    Catalog::loaded().and_then(|catalog| catalog.description(lint).map(str::to_owned))
}

#[cfg(test)]
mod tests;
