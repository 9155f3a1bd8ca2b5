//! The rubric: which checks count, for how many points, who sees them, how long each
//! may run and where the handout explains what it tests. Instructors edit
//! `fixtures/rubric.toml`; a mistake in it is an error that names the line.

use std::path::Path;
use std::time::Duration;

use serde::Deserialize;
use toml::Spanned;

use crate::checks::{self, CheckSpec, Part};

pub use crate::checks::Visibility;

/// One check as the rubric grades it.
#[derive(Debug, Clone)]
pub struct RubricCheck {
    /// What the check is and how it is judged.
    pub spec: CheckSpec,
    /// A short title for reports.
    pub title: String,
    /// Points for passing.
    pub points: f64,
    /// Who sees the result.
    pub visibility: Visibility,
    /// How long the check's process may run: CPU time where the grader can read it
    /// (Linux), with three times as long on the wall clock; elsewhere wall-clock time
    /// (see [`crate::runner`]).
    pub time_limit: Duration,
    /// Where to look when it fails, e.g. "handout §3, Position".
    pub hint: String,
}

impl RubricCheck {
    /// Whether students may know the check's inputs: only `visible` checks go into the
    /// student template; every other check is hidden, and its inputs are drawn with
    /// the course's secret.
    pub fn is_public(&self) -> bool {
        self.visibility == Visibility::Visible
    }
}

/// A part the course does not assign (`enabled = false` in its `[[parts]]` entry).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnedOff {
    /// The part.
    pub part: Part,
    /// Its title in the rubric (its name when the rubric has no entry for it).
    pub title: String,
    /// Whether the rubric has a `[[parts]]` entry for it (`enabled = false`).
    pub listed: bool,
    /// The names of its checks (not graded): those this grader declares, and any
    /// other the rubric names for it.
    pub checks: Vec<String>,
}

impl Rubric {
    /// The part turned off that lists the check `name`, if one does.
    pub fn turned_off_with(&self, name: &str) -> Option<&TurnedOff> {
        self.turned_off
            .iter()
            .find(|off| off.checks.iter().any(|check| check == name))
    }
}

/// The budget rule (`Rubric::budget_rule`), for `grader self-check`.
#[cfg(feature = "instructor")]
pub mod budget;
/// The rubric's `[style]` table.
pub mod style;

pub(crate) use style::RawStyle;
pub use style::{EarnedBy, Settings};

/// Points without a needless `.0`: `2`, `2.5`, as every report and page writes a
/// rubric's numbers.
pub fn points(value: f64) -> String {
    // Adding 0.0 turns the -0 of an empty sum into 0.
    let value = value + 0.0;
    if value.fract() == 0.0 {
        format!("{value:.0}")
    } else {
        format!("{value}")
    }
}

/// What one submission may use, from the rubric's `[grader]` table.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Limits {
    /// Wall-clock time for all of a submission's checks together (`budget`, seconds).
    pub budget: Duration,
    /// Memory of one check's processes (`memory_mb`).
    pub memory: u64,
    /// Processes one check may have at once (`processes`).
    pub processes: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            budget: Duration::from_secs(120),
            memory: 1024 * 1024 * 1024,
            processes: 64,
        }
    }
}

/// The titles of the parts, and the checks in report order.
#[derive(Debug, Clone)]
pub struct Rubric {
    /// `(part, title)` in order: the parts the course assigns.
    pub parts: Vec<(Part, String)>,
    /// The parts the course turns off (`enabled = false`, or no `[[parts]]` entry):
    /// `(part, title, the names of their checks)`. Nothing of them is graded; the names let a
    /// command say why such a check is not there, and `bless` keep its snapshots.
    pub turned_off: Vec<TurnedOff>,
    /// The checks of the parts turned off that this grader has, with the course's
    /// changes: never graded, but blessed with the course's secret like the others, so
    /// that turning a part on again needs no bless. Only the instructors' commands
    /// read it: the template's grader blesses nothing.
    #[cfg_attr(not(feature = "instructor"), allow(dead_code))]
    pub dormant: Vec<RubricCheck>,
    /// The checks of the parts the course assigns, in declared order (see
    /// [`checks::all`]), each its declaration's defaults with the course's changes;
    /// without a secret, only the visible ones.
    pub checks: Vec<RubricCheck>,
    /// The checks of those parts that the course leaves out (`enabled = false` in
    /// their `[[check]]` entry).
    pub left_out: Vec<&'static str>,
    /// The course's secret, which makes hidden checks' inputs unknowable.
    pub secret: Option<String>,
    /// What one submission may use.
    pub limits: Limits,
    /// How the code reads: the `[style]` table (see [`crate::style`]).
    pub style: Settings,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRubric {
    #[serde(default)]
    grader: RawSettings,
    parts: Vec<RawPart>,
    #[serde(rename = "check", default)]
    checks: Vec<RawCheck>,
    style: Option<RawStyle>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSettings {
    #[serde(default = "default_time_limit")]
    time_limit: Spanned<f64>,
    #[serde(default)]
    secret: Option<String>,
    budget: Option<Spanned<f64>>,
    memory_mb: Option<Spanned<u64>>,
    processes: Option<Spanned<u64>>,
}

impl Default for RawSettings {
    fn default() -> RawSettings {
        RawSettings {
            time_limit: default_time_limit(),
            secret: None,
            budget: None,
            memory_mb: None,
            processes: None,
        }
    }
}

fn default_time_limit() -> Spanned<f64> {
    Spanned::new(0..0, 10.0)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPart {
    id: Spanned<String>,
    title: String,
    #[serde(default = "enabled")]
    enabled: bool,
}

fn enabled() -> bool {
    true
}

/// A `[[check]]` entry: the course's change to one check's declared defaults. Every
/// field but `name` is optional; `part`, when given, must be the check's own.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCheck {
    name: Spanned<String>,
    part: Option<Spanned<String>>,
    title: Option<String>,
    points: Option<Spanned<f64>>,
    visibility: Option<Visibility>,
    time_limit: Option<Spanned<f64>>,
    hint: Option<String>,
    #[serde(default = "enabled")]
    enabled: bool,
}

/// A mistake in the rubric, with the line it is on.
#[derive(Debug, thiserror::Error)]
#[error("{file} line {line}: {message}")]
pub struct RubricError {
    file: String,
    line: usize,
    message: String,
}

fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

/// Reads the rubric at `path`.
pub fn load(path: &Path) -> anyhow::Result<Rubric> {
    let text = std::fs::read_to_string(path)
        .map_err(|error| anyhow::anyhow!("cannot read the rubric {}: {error}", path.display()))?;
    Ok(parse(&text, &path.display().to_string())?)
}

/// Reads a rubric from `text`; `file` names it in errors.
pub fn parse(text: &str, file: &str) -> Result<Rubric, RubricError> {
    let error_at = |offset: usize, message: String| RubricError {
        file: file.to_owned(),
        line: line_of(text, offset),
        message,
    };
    let raw: RawRubric = toml::from_str(text).map_err(|error| {
        let offset = error.span().map_or(0, |span| span.start);
        error_at(offset, error.message().trim().to_owned())
    })?;

    let check_limit = |limit: &Spanned<f64>| {
        let seconds = *limit.get_ref();
        if seconds.is_finite() && (0.1..=600.0).contains(&seconds) {
            Ok(Duration::from_secs_f64(seconds))
        } else {
            Err(error_at(
                limit.span().start,
                format!("time_limit {seconds} is outside 0.1..=600 seconds"),
            ))
        }
    };
    let default_limit = check_limit(&raw.grader.time_limit)?;
    let mut limits = Limits::default();
    if let Some(budget) = &raw.grader.budget {
        let seconds = *budget.get_ref();
        if !(seconds.is_finite() && (1.0..=3600.0).contains(&seconds)) {
            return Err(error_at(
                budget.span().start,
                format!("budget {seconds} is outside 1..=3600 seconds"),
            ));
        }
        limits.budget = Duration::from_secs_f64(seconds);
    }
    if let Some(memory) = &raw.grader.memory_mb {
        let mb = *memory.get_ref();
        if !(64..=65_536).contains(&mb) {
            return Err(error_at(
                memory.span().start,
                format!("memory_mb {mb} is outside 64..=65536"),
            ));
        }
        limits.memory = mb * 1024 * 1024;
    }
    if let Some(processes) = &raw.grader.processes {
        let count = *processes.get_ref();
        if !(1..=4096).contains(&count) {
            return Err(error_at(
                processes.span().start,
                format!("processes {count} is outside 1..=4096"),
            ));
        }
        limits.processes = count;
    }

    let style = match raw.style {
        Some(style) => style
            .settings()
            .map_err(|(offset, message)| error_at(offset, message))?,
        None => Settings::default(),
    };

    let mut parts = Vec::new();
    let mut disabled: Vec<TurnedOff> = Vec::new();
    for part in &raw.parts {
        let Some(id) = Part::from_id(part.id.get_ref()) else {
            return Err(error_at(
                part.id.span().start,
                format!(
                    "unknown part {:?}; the parts are {}",
                    part.id.get_ref(),
                    Part::ids()
                ),
            ));
        };
        if parts.iter().any(|(p, _)| *p == id) || disabled.iter().any(|off| off.part == id) {
            return Err(error_at(
                part.id.span().start,
                format!("part {} is listed twice", id.id()),
            ));
        }
        if part.enabled {
            parts.push((id, part.title.clone()));
        } else {
            disabled.push(TurnedOff {
                part: id,
                title: part.title.clone(),
                listed: true,
                checks: Vec::new(),
            });
        }
    }

    // A part with no [[parts]] entry is not graded, as if it said `enabled = false`.
    for part in Part::ALL {
        if !parts.iter().any(|(p, _)| *p == part) && !disabled.iter().any(|off| off.part == part) {
            disabled.push(TurnedOff {
                part,
                title: part.name(),
                listed: false,
                checks: Vec::new(),
            });
        }
    }

    // The course's changes, checked against the declarations.
    let mut changes: Vec<RawCheck> = Vec::new();
    for raw_check in raw.checks {
        let name = raw_check.name.get_ref();
        let Some(spec) = checks::find(name) else {
            // A part the course does not assign may name checks this grader does not
            // have (a template without that part's checks, a part still being written).
            let off = raw_check
                .part
                .as_ref()
                .and_then(|part| Part::from_id(part.get_ref()))
                .and_then(|p| disabled.iter_mut().find(|off| off.part == p));
            if let Some(off) = off {
                if !off.checks.contains(name) {
                    off.checks.push(name.clone());
                }
                continue;
            }
            let known: Vec<&str> = checks::all().iter().map(|c| c.name).collect();
            return Err(error_at(
                raw_check.name.span().start,
                format!("unknown check {name:?}; known checks: {}", known.join(", ")),
            ));
        };
        if changes.iter().any(|raw| raw.name.get_ref() == spec.name) {
            return Err(error_at(
                raw_check.name.span().start,
                format!("check {name:?} is listed twice"),
            ));
        }
        if let Some(part) = &raw_check.part
            && part.get_ref() != spec.part.id()
        {
            return Err(error_at(
                part.span().start,
                format!(
                    "check {name:?} belongs to {}, not {}",
                    spec.part.id(),
                    part.get_ref()
                ),
            ));
        }
        if let Some(points) = &raw_check.points {
            let value = *points.get_ref();
            if !(value.is_finite() && (0.0..=1000.0).contains(&value)) {
                return Err(error_at(
                    points.span().start,
                    format!("points {value} are outside 0..=1000"),
                ));
            }
        }
        if let Some(limit) = &raw_check.time_limit {
            check_limit(limit)?;
        }
        changes.push(raw_check);
    }

    // Every check the grader declares, in its declared order, with the course's
    // changes over its defaults.
    let mut checks = Vec::new();
    let mut dormant = Vec::new();
    let mut left_out = Vec::new();
    for spec in checks::all() {
        let change = changes.iter().find(|raw| raw.name.get_ref() == spec.name);
        if change.is_some_and(|raw| !raw.enabled) {
            if !disabled.iter().any(|off| off.part == spec.part) {
                left_out.push(spec.name);
            }
            continue;
        }
        let time_limit = match change.and_then(|raw| raw.time_limit.as_ref()) {
            Some(limit) => check_limit(limit)?,
            None => match spec.time_limit {
                Some(seconds) => check_limit(&Spanned::new(0..0, seconds))?,
                None => default_limit,
            },
        };
        let check = RubricCheck {
            spec,
            title: change
                .and_then(|raw| raw.title.clone())
                .unwrap_or_else(|| spec.title.to_owned()),
            points: change
                .and_then(|raw| raw.points.as_ref())
                .map_or(spec.points, |p| *p.get_ref()),
            visibility: change
                .and_then(|raw| raw.visibility)
                .unwrap_or(spec.visibility),
            time_limit,
            hint: change
                .and_then(|raw| raw.hint.clone())
                .unwrap_or_else(|| spec.hint.to_owned()),
        };
        // A part the course does not assign: its checks are not graded, but they are
        // blessed with the course's secret, ready for the part to be turned on.
        if let Some(off) = disabled.iter_mut().find(|off| off.part == spec.part) {
            off.checks.push(spec.name.to_owned());
            dormant.push(check);
        } else {
            checks.push(check);
        }
    }
    // A hidden check's inputs are drawn with the course's secret: a rubric without one
    // (the student template's) grades none, whatever grader reads it.
    let secret = raw.grader.secret.filter(|s| !s.is_empty());
    if secret.is_none() {
        checks.retain(RubricCheck::is_public);
    }
    if checks.is_empty() {
        return Err(error_at(
            text.len(),
            "the rubric grades no check: every part is turned off, or every check has `enabled = false`"
                .to_owned(),
        ));
    }
    Ok(Rubric {
        parts,
        turned_off: disabled,
        dormant,
        checks,
        left_out,
        secret,
        limits,
        style,
    })
}

/// The kit's rubric as the instructor commands' unit tests read it:
/// `fixtures/rubric.toml` as this checkout holds it, with every part turned on. The
/// tests draw class pages and templates of every part, so a part the course turned off
/// is turned on for them; the course's points, limits and secret stay as they are, and
/// no test expects particular ones. There is no second copy of the rubric to keep.
/// Not in the student template, which has neither the instructor commands nor these
/// tests.
#[cfg(all(test, feature = "instructor"))]
pub(crate) fn kit_text() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/rubric.toml");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("reading {}: {error}", path.display()));
    every_part_on(&text.replace("\r\n", "\n"))
}

/// [`kit_text`], parsed.
#[cfg(all(test, feature = "instructor"))]
pub(crate) fn kit() -> Rubric {
    parse(&kit_text(), "fixtures/rubric.toml").expect("the kit's rubric")
}

/// `rubric`'s text with every `[[parts]]` entry's `enabled = false` made `true`.
#[cfg(all(test, feature = "instructor"))]
fn every_part_on(rubric: &str) -> String {
    let mut in_part = false;
    rubric
        .lines()
        .map(|line| {
            let trimmed = line.trim();
            if trimmed.starts_with('[') {
                in_part = trimmed == "[[parts]]";
            }
            let key = trimmed.split('#').next().unwrap_or_default();
            if in_part && key.replace(' ', "") == "enabled=false" {
                "enabled = true\n".to_owned()
            } else {
                format!("{line}\n")
            }
        })
        .collect()
}

/// `rubric`'s text with the part whose `[[parts]]` entry holds `marker` turned off:
/// its `enabled = true` (every part of [`kit_text`] says it) made `false`. For
/// the tests that grade a kit without one of its parts (instructor commands all).
#[cfg(all(test, feature = "instructor"))]
pub(crate) fn turned_off(rubric: &str, marker: &str) -> String {
    let at = rubric.find(marker).expect("the part's entry") + marker.len();
    let (before, after) = rubric.split_at(at);
    format!(
        "{before}{}",
        after.replacen("enabled = true\n", "enabled = false\n", 1)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r#"
[grader]
time_limit = 5

[[parts]]
id = "part1"
title = "Part 1"

[[check]]
name = "direction_opposite"
part = "part1"
title = "opposite"
points = 2
hint = "§2"
"#;

    fn graded<'a>(rubric: &'a Rubric, name: &str) -> &'a RubricCheck {
        rubric
            .checks
            .iter()
            .find(|check| check.spec.name == name)
            .expect("the check is graded")
    }

    #[test]
    fn a_good_rubric_is_read() {
        let rubric = parse(GOOD, "r.toml").unwrap();
        let opposite = graded(&rubric, "direction_opposite");
        assert_eq!(opposite.time_limit, Duration::from_secs(5));
        assert_eq!(opposite.points, 2.0);
        assert_eq!(opposite.title, "opposite");
        assert_eq!(opposite.hint, "§2");
    }

    #[test]
    fn a_check_the_rubric_does_not_name_is_graded_as_declared() {
        let rubric = parse(GOOD, "r.toml").unwrap();
        let declared: Vec<&str> = checks::all()
            .iter()
            .filter(|spec| spec.part == Part::Part1 && spec.visibility == Visibility::Visible)
            .map(|spec| spec.name)
            .collect();
        let graded_names: Vec<&str> = rubric.checks.iter().map(|c| c.spec.name).collect();
        assert_eq!(
            graded_names, declared,
            "every visible Part 1 check, in declared order (no secret: no hidden check)"
        );
        let spec = checks::find("position_equality").unwrap();
        let equality = graded(&rubric, "position_equality");
        assert_eq!(
            (
                equality.points,
                equality.title.as_str(),
                equality.hint.as_str()
            ),
            (spec.points, spec.title, spec.hint)
        );
        assert_eq!(equality.visibility, spec.visibility);
        let loops = graded(&rubric, "solve_maze_with_loops");
        assert_eq!(
            Some(loops.time_limit.as_secs_f64()),
            checks::find("solve_maze_with_loops").unwrap().time_limit,
            "a declared limit wins over [grader] time_limit"
        );
    }

    #[test]
    fn a_rubric_with_a_secret_grades_the_hidden_checks_and_one_without_grades_none() {
        let hidden = |rubric: &Rubric| rubric.checks.iter().filter(|c| !c.is_public()).count();
        assert_eq!(hidden(&parse(GOOD, "r.toml").unwrap()), 0);
        let with_secret = parse(
            &GOOD.replace("time_limit = 5", "time_limit = 5\nsecret = \"s\""),
            "r.toml",
        )
        .unwrap();
        let declared = checks::all()
            .iter()
            .filter(|spec| spec.part == Part::Part1 && spec.visibility != Visibility::Visible)
            .count();
        assert_eq!(hidden(&with_secret), declared);
    }

    #[test]
    fn enabled_false_leaves_a_check_out_and_part_may_be_left_out() {
        let text = format!("{GOOD}\n[[check]]\nname = \"position_hash\"\nenabled = false\n");
        let rubric = parse(&text, "r.toml").unwrap();
        assert!(!rubric.checks.iter().any(|c| c.spec.name == "position_hash"));
        assert!(
            rubric
                .checks
                .iter()
                .any(|c| c.spec.name == "position_equality")
        );
    }

    #[test]
    fn a_part_without_an_entry_is_turned_off() {
        let rubric = parse(GOOD, "r.toml").unwrap();
        assert!(rubric.checks.iter().all(|c| c.spec.part == Part::Part1));
        let off: Vec<Part> = rubric.turned_off.iter().map(|off| off.part).collect();
        assert_eq!(off, [Part::Part2, Part::Part3, Part::Part4, Part::Part5]);
        assert!(rubric.turned_off_with("texture_weights").is_some());
    }

    #[test]
    fn a_check_changed_twice_names_its_line() {
        let text = format!("{GOOD}\n[[check]]\nname = \"direction_opposite\"\npoints = 1\n");
        let error = parse(&text, "r.toml").unwrap_err().to_string();
        assert_eq!(
            error,
            "r.toml line 17: check \"direction_opposite\" is listed twice"
        );
    }

    #[test]
    fn an_unknown_check_names_its_line() {
        let text = GOOD.replace("direction_opposite", "no_such_check");
        let error = parse(&text, "r.toml").unwrap_err().to_string();
        assert!(
            error.starts_with("r.toml line 10: unknown check \"no_such_check\""),
            "{error}"
        );
    }

    #[test]
    fn a_wrong_part_names_its_line() {
        let text = GOOD.replace("part = \"part1\"", "part = \"part2\"");
        let error = parse(&text, "r.toml").unwrap_err().to_string();
        assert!(
            error.starts_with("r.toml line 11: check \"direction_opposite\" belongs to part1"),
            "{error}"
        );
    }

    #[test]
    fn negative_points_name_their_line() {
        let error = parse(&GOOD.replace("points = 2", "points = -1"), "r.toml")
            .unwrap_err()
            .to_string();
        assert_eq!(error, "r.toml line 13: points -1 are outside 0..=1000");
    }

    #[test]
    fn a_syntax_error_names_its_line() {
        let error = parse(&GOOD.replace("points = 2", "points = "), "r.toml")
            .unwrap_err()
            .to_string();
        assert!(error.starts_with("r.toml line 13:"), "{error}");
    }

    #[test]
    fn limits_are_read_and_checked() {
        let text = GOOD.replace(
            "time_limit = 5",
            "time_limit = 5\nbudget = 60\nmemory_mb = 512\nprocesses = 16",
        );
        let limits = parse(&text, "r.toml").unwrap().limits;
        assert_eq!(limits.budget, Duration::from_secs(60));
        assert_eq!(limits.memory, 512 * 1024 * 1024);
        assert_eq!(limits.processes, 16);
        let error = parse(
            &GOOD.replace("time_limit = 5", "time_limit = 5\nmemory_mb = 1"),
            "r.toml",
        )
        .unwrap_err()
        .to_string();
        assert_eq!(error, "r.toml line 4: memory_mb 1 is outside 64..=65536");
    }

    #[test]
    fn a_disabled_part_drops_its_checks() {
        let text = GOOD.replace("title = \"Part 1\"", "title = \"Part 1\"\nenabled = false");
        let error = parse(&text, "r.toml").unwrap_err().to_string();
        assert!(error.contains("the rubric grades no check"), "{error}");
    }

    #[test]
    fn the_style_table_is_read_and_defaults_to_feedback_only() {
        let rubric = parse(GOOD, "r.toml").unwrap();
        assert_eq!(rubric.style, Settings::default());
        assert_eq!(rubric.style.points, 0.0);
        let text = format!(
            "{GOOD}\n[style]\npoints = 5\nper_finding = 0.5\ncap = 3\nvisibility = \"after_published\"\nhonour_allow = true\nlints = [\"clippy::style\", \"clippy::needless-range-loop\"]\n"
        );
        let style = parse(&text, "r.toml").unwrap().style;
        assert_eq!(style.points, 5.0);
        assert_eq!(style.cap(), 3.0);
        assert_eq!(style.visibility, Visibility::AfterPublished);
        assert!(style.honour_allow);
        assert_eq!(
            style.lints,
            ["clippy::style", "clippy::needless_range_loop"]
        );
    }

    #[test]
    fn a_bad_style_table_names_its_line() {
        let error = parse(&format!("{GOOD}\n[style]\npoints = -2\n"), "r.toml")
            .unwrap_err()
            .to_string();
        assert_eq!(
            error,
            "r.toml line 17: [style] points -2 is outside 0..=1000"
        );
        let error = parse(
            &format!("{GOOD}\n[style]\nlints = [\"needless_return\"]\n"),
            "r.toml",
        )
        .unwrap_err()
        .to_string();
        assert!(
            error.starts_with(
                "r.toml line 17: [style] lint \"needless_return\" is not a clippy lint or group"
            ),
            "{error}"
        );
        let error = parse(&format!("{GOOD}\n[style]\npionts = 2\n"), "r.toml")
            .unwrap_err()
            .to_string();
        assert!(
            error.starts_with("r.toml line 17: unknown field `pionts`"),
            "{error}"
        );
    }

    #[test]
    fn an_unknown_field_names_its_line() {
        let error = parse(
            &GOOD.replace("hint = \"§2\"", "hint = \"§2\"\npionts = 3"),
            "r.toml",
        )
        .unwrap_err()
        .to_string();
        assert!(
            error.starts_with("r.toml line 15: unknown field `pionts`"),
            "{error}"
        );
    }
}
