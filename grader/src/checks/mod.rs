//! The checks the grader knows: one list, each entry a name, the part it belongs to
//! and how it is judged. The rubric picks from this list and gives points; the probe
//! has a producer of the same name. Judging happens here, in the grader's process,
//! from the data the probe wrote.

pub mod model;
mod part1;
mod part2;

use serde::de::DeserializeOwned;
use serde_json::Value;

/// A part of the assignment: each is built and can fail to compile on its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Part {
    /// Perfect mazes.
    Part1,
    /// Rat in a maze.
    Part2,
}

impl Part {
    /// Every part, in order.
    pub const ALL: [Part; 2] = [Part::Part1, Part::Part2];

    /// The rubric's and the probe feature's name: `part1`, `part2`.
    pub fn id(self) -> &'static str {
        match self {
            Part::Part1 => "part1",
            Part::Part2 => "part2",
        }
    }

    /// The part named `id`.
    pub fn from_id(id: &str) -> Option<Part> {
        Part::ALL.into_iter().find(|part| part.id() == id)
    }
}

/// The grader's decision on one check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// Whether the check passed.
    pub passed: bool,
    /// What was found, in words.
    pub message: String,
    /// Expected against actual, as a unified diff, when that helps.
    pub diff: Option<String>,
}

impl Verdict {
    /// A pass with a short note of what was checked.
    pub fn pass(message: impl Into<String>) -> Verdict {
        Verdict {
            passed: true,
            message: message.into(),
            diff: None,
        }
    }

    /// A failure saying what was wrong.
    pub fn fail(message: impl Into<String>) -> Verdict {
        Verdict {
            passed: false,
            message: message.into(),
            diff: None,
        }
    }

    /// A failure with a diff of the expected and the actual text.
    pub fn fail_with_diff(message: impl Into<String>, expected: &str, actual: &str) -> Verdict {
        let diff = similar::TextDiff::from_lines(expected, actual)
            .unified_diff()
            .context_radius(3)
            .header("expected", "yours")
            .to_string();
        Verdict {
            passed: false,
            message: message.into(),
            diff: Some(diff),
        }
    }

    /// The first failure of a list of findings, or a pass with `summary`.
    pub fn from_problems(problems: Vec<String>, summary: impl Into<String>) -> Verdict {
        match problems.split_first() {
            None => Verdict::pass(summary),
            Some((first, [])) => Verdict::fail(first.clone()),
            Some((first, rest)) => Verdict::fail(format!(
                "{first} (and {} more problems like it)",
                rest.len()
            )),
        }
    }
}

/// How a check is judged.
#[derive(Debug, Clone, Copy)]
pub enum Judge {
    /// By a rule the grader computes itself.
    Rule(fn(&Value) -> Verdict),
    /// By comparing a text rendering of the data with the blessed snapshot of the
    /// reference solution. The function renders the data (or says why it cannot).
    Snapshot(fn(&Value) -> Result<String, String>),
}

/// One check the grader knows.
#[derive(Debug, Clone, Copy)]
pub struct CheckSpec {
    /// The name shared by rubric, probe and grader.
    pub name: &'static str,
    /// The part it belongs to.
    pub part: Part,
    /// How it is judged.
    pub judge: Judge,
}

/// Every check, in the order reports list them.
pub fn all() -> Vec<CheckSpec> {
    let mut all = Vec::new();
    all.extend(part1::CHECKS.iter().map(|&(name, judge)| CheckSpec {
        name,
        part: Part::Part1,
        judge,
    }));
    all.extend(part2::CHECKS.iter().map(|&(name, judge)| CheckSpec {
        name,
        part: Part::Part2,
        judge,
    }));
    all
}

/// The check named `name`.
pub fn find(name: &str) -> Option<CheckSpec> {
    all().into_iter().find(|check| check.name == name)
}

/// Reads the probe's data as `T`, or fails the check saying the data was unreadable.
pub(crate) fn read<T: DeserializeOwned>(data: &Value) -> Result<T, Verdict> {
    serde_json::from_value(data.clone())
        .map_err(|error| Verdict::fail(format!("the probe's report could not be read ({error})")))
}

/// Judges with `rule` after reading the data as `T`.
pub(crate) fn judged<T: DeserializeOwned>(
    data: &Value,
    rule: impl FnOnce(T) -> Verdict,
) -> Verdict {
    match read(data) {
        Ok(value) => rule(value),
        Err(verdict) => verdict,
    }
}

/// Compares the rendering of the student's data with the snapshot's text.
pub fn compare_with_snapshot(
    render: fn(&Value) -> Result<String, String>,
    data: &Value,
    expected: &str,
) -> Verdict {
    match render(data) {
        Err(problem) => Verdict::fail(problem),
        Ok(actual) if actual.trim_end() == expected.trim_end() => {
            Verdict::pass("matches the reference exactly")
        }
        Ok(actual) => Verdict::fail_with_diff(
            "differs from the reference solution's output",
            &format!("{}\n", expected.trim_end()),
            &format!("{}\n", actual.trim_end()),
        ),
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    #[test]
    fn check_names_are_unique() {
        let names: HashSet<&str> = all().iter().map(|c| c.name).collect();
        assert_eq!(names.len(), all().len());
    }
}
