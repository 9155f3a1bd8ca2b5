//! The checks the grader knows: one list, each entry a name, the part it belongs to,
//! how the grader builds its input and how it judges the output.
//!
//! The trust boundary runs through here. The grader decides every input (fixed
//! values, fixture files, or values drawn from a generator seeded by the check's
//! name and, for hidden checks, the course's secret) and sends it to the probe; the
//! probe returns only what the student's code produced for that input. A judge reads
//! the input it sent, never the probe's idea of it, validates the shape of the output
//! against that input before looking at any value, and never panics on what it is
//! given (the grader also runs every judge under `catch_unwind`, so a judge bug costs
//! one check, reported as the grader's fault). Where a check compares with the
//! reference solution, the reference's output for the same input was recorded by
//! `grader bless`: the grader itself contains no code that computes an answer.

#[cfg(feature = "hidden-checks")]
mod hidden;
pub mod mistake;
// A template that leaves Part 2 or Part 5 out has the grader without its checks
// (features `part2`, `part5`): the helpers only those checks use are then unused.
#[cfg_attr(
    not(all(feature = "part2", feature = "part5")),
    allow(dead_code, unused_imports)
)]
pub mod model;
mod part1;
#[cfg(feature = "part2")]
mod part2;
mod part3;
mod part4;
#[cfg(feature = "part5")]
mod part5;
#[cfg_attr(
    not(all(feature = "part2", feature = "part5")),
    allow(dead_code, unused_imports)
)]
pub mod picture;
/// The producers the probe runs, named by a type the probe's wire compiles too.
// A template that leaves a part out names none of that part's producers, and only the
// instructor's self-check lists them all.
#[cfg_attr(
    not(all(feature = "part2", feature = "part5", feature = "instructor")),
    allow(dead_code)
)]
#[path = "../../probe/wire/src/producers.rs"]
pub mod producers;
#[cfg(any(feature = "part2", feature = "part5"))]
mod words;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

use anyhow::Context as _;
use rand::SeedableRng as _;
use rand_chacha::ChaCha8Rng;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest as _, Sha256};

pub use mistake::Mistake;
pub use producers::Producer;

/// A part of the assignment: each is built and can fail to compile on its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Part {
    /// Perfect mazes.
    Part1,
    /// Rat in a maze.
    Part2,
    /// Textured mazes: weighted random spanning trees.
    Part3,
    /// Prim mazes, the backtracking solver and the game.
    Part4,
    /// Arrow mazes: a doubled graph and breadth-first search.
    Part5,
}

impl Part {
    /// Every part, in order.
    pub const ALL: [Part; 5] = [
        Part::Part1,
        Part::Part2,
        Part::Part3,
        Part::Part4,
        Part::Part5,
    ];

    /// The rubric's and the probe feature's name: `part1` … `part5`.
    pub fn id(self) -> &'static str {
        match self {
            Part::Part1 => "part1",
            Part::Part2 => "part2",
            Part::Part3 => "part3",
            Part::Part4 => "part4",
            Part::Part5 => "part5",
        }
    }

    /// Its name in words: `Part 2`.
    pub fn name(self) -> String {
        format!("Part {}", self.id().trim_start_matches("part"))
    }

    /// Every part's id, for messages: `part1, part2, …`.
    pub fn ids() -> String {
        Part::ALL.map(Part::id).join(", ")
    }

    /// The part named `id`.
    pub fn from_id(id: &str) -> Option<Part> {
        Part::ALL.into_iter().find(|part| part.id() == id)
    }

    /// The handout's chapters that teach this part: §1 to §6 are Part 1's, §7 Part
    /// 2's, §8 Part 3's, §9 Part 4's, §10 Part 5's (their pages in `handout/src` start
    /// with the number: `07-…`).
    pub fn chapters(self) -> std::ops::RangeInclusive<u32> {
        match self {
            Part::Part1 => 1..=6,
            Part::Part2 => 7..=7,
            Part::Part3 => 8..=8,
            Part::Part4 => 9..=9,
            Part::Part5 => 10..=10,
        }
    }

    /// The part a handout section belongs to (`"7.4"` is Part 2's, see
    /// [`Part::chapters`]); `None` for another.
    pub fn of_section(section: &str) -> Option<Part> {
        let chapter: u32 = section.split('.').next()?.parse().ok()?;
        Part::ALL
            .into_iter()
            .find(|part| part.chapters().contains(&chapter))
    }

    /// The part whose code a source file (a path below `src/`) holds: Part 2 is
    /// `rat/`, Part 3 `texture.rs`, Part 4 `prim.rs` and `backtrack.rs`, Part 5
    /// `arrows/`; everything else, provided code included, belongs to Part 1.
    pub fn owning(file: &Path) -> Part {
        if file.starts_with("rat") {
            Part::Part2
        } else if file.starts_with("texture.rs") {
            Part::Part3
        } else if file.starts_with("prim.rs") || file.starts_with("backtrack.rs") {
            Part::Part4
        } else if file.starts_with("arrows") {
            Part::Part5
        } else {
            Part::Part1
        }
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
    /// The grader, not the submission, is at fault: a judge failed or the kit's data
    /// is inconsistent. The check fails, and the report says so.
    pub grader_error: bool,
    /// The student's result beside the expected one, as SVG (see [`picture`]).
    pub picture: Option<String>,
    /// What was wrong, as a key the class page groups failures by (see
    /// [`mistake`]); `None` for a pass. (Boxed: a judge returns verdicts in a
    /// `Result` and they stay small.)
    pub mistake: Option<Box<Mistake>>,
    /// Where to look, when the judge saw what the failure comes from: it replaces the
    /// check's hint for this failure (see [`Verdict::with_hint`]). Words fixed in the
    /// grader's code, never drawn from the input, so that a twin's may be shown.
    pub hint: Option<&'static str>,
    /// What kind of input this failure met, in words that give nothing of the input
    /// itself ("a board whose start square is circled"): what a student is told of a
    /// twin that fails where the input shown passed (see [`Verdict::with_case`]).
    /// (A boxed `str`: verdicts stay small.)
    pub case: Option<Box<str>>,
}

/// A diff longer than this many lines is cut to a window (see [`diff_window`]).
const DIFF_WINDOW: usize = 24;

/// The lines of the texts a window shows: from three before the first line that
/// differs, this many.
const WINDOW_SPAN: usize = 10;

/// The unified diff of `expected` and `actual`; when it is longer than
/// [`DIFF_WINDOW`] lines, the diff of a window of both texts around their first
/// difference instead (so that the student's lines show beside the expected ones),
/// with how much more differs. (Where the check has a picture, the report says where
/// it draws both whole.)
fn diff_window(expected: &str, actual: &str) -> String {
    let unified = |expected: &str, actual: &str, header: (&str, &str)| {
        similar::TextDiff::from_lines(expected, actual)
            .unified_diff()
            .context_radius(3)
            .header(header.0, header.1)
            .to_string()
    };
    let whole = unified(expected, actual, ("expected", "yours"));
    if whole.lines().count() <= DIFF_WINDOW {
        return whole;
    }
    let (want, got): (Vec<&str>, Vec<&str>) =
        (expected.lines().collect(), actual.lines().collect());
    let first = want
        .iter()
        .zip(&got)
        .position(|(a, b)| a != b)
        .unwrap_or(want.len().min(got.len()));
    let from = first.saturating_sub(3);
    let window = |lines: &[&str]| -> String {
        lines
            .iter()
            .skip(from)
            .take(WINDOW_SPAN)
            .map(|line| format!("{line}\n"))
            .collect()
    };
    // The window's hunks numbered as lines of the whole texts.
    let shown: String = unified(&window(&want), &window(&got), ("expected", "yours"))
        .lines()
        .map(|line| match hunk_starts(line) {
            Some((old, new, rest)) => {
                format!("@@ -{}{} +{}{}\n", old + from, rest.0, new + from, rest.1)
            }
            None => format!("{line}\n"),
        })
        .collect();
    format!(
        "{shown}… and more below: the whole diff has {} lines\n",
        whole.lines().count()
    )
}

/// The start lines of a unified diff's hunk header `@@ -A,B +C,D @@`, with what
/// follows each (`,B` and `,D @@`).
fn hunk_starts(line: &str) -> Option<(usize, usize, (&str, &str))> {
    let rest = line.strip_prefix("@@ -")?;
    let (old, rest) = rest.split_at(rest.find(|c: char| !c.is_ascii_digit())?);
    let (old_tail, rest) = rest.split_at(rest.find(" +")?);
    let rest = &rest[2..];
    let (new, new_tail) = rest.split_at(rest.find(|c: char| !c.is_ascii_digit())?);
    Some((old.parse().ok()?, new.parse().ok()?, (old_tail, new_tail)))
}

impl Verdict {
    /// A pass with a short note of what was checked.
    pub fn pass(message: impl Into<String>) -> Verdict {
        Verdict {
            passed: true,
            message: message.into(),
            diff: None,
            grader_error: false,
            picture: None,
            mistake: None,
            hint: None,
            case: None,
        }
    }

    /// A failure saying what was wrong, keyed by its message (see
    /// [`Mistake::of_message`]) until [`Verdict::with_mistake`] says better.
    pub fn fail(message: impl Into<String>) -> Verdict {
        let message = message.into();
        Verdict {
            passed: false,
            mistake: Some(Box::new(Mistake::of_message(&message))),
            message,
            diff: None,
            grader_error: false,
            picture: None,
            hint: None,
            case: None,
        }
    }

    /// A failure that is the grader's fault, not the submission's.
    pub fn grader_error(message: impl std::fmt::Display) -> Verdict {
        Verdict {
            passed: false,
            message: format!("the grader could not judge this: {message}"),
            diff: None,
            grader_error: true,
            picture: None,
            mistake: Some(Box::new(Mistake::kind(GRADER_ERROR))),
            hint: None,
            case: None,
        }
    }

    /// A failure naming a maze that differs from the expected one, with a diff of
    /// the two drawings and a picture of them side by side.
    pub fn maze_mismatch(
        message: impl Into<String>,
        expected: &model::MazeData,
        yours: &model::MazeData,
    ) -> Verdict {
        let mut message = message.into();
        if let Some((cell, want, got)) = expected.grid.first_difference(&yours.grid) {
            message.push_str(&format!(
                " (the first cell that differs, row by row from the top left, is {}: the reference's has the walls {}, yours {})",
                model::show(cell),
                model::direction_name(want),
                model::direction_name(got)
            ));
        }
        Verdict::fail_with_diff(message, &expected.render(), &yours.render())
            .with_picture(picture::mazes(expected, yours))
    }

    /// The same failure keyed by `mistake`, what its judge knows was wrong (a pass
    /// stays without one).
    pub fn with_mistake(self, mistake: Mistake) -> Verdict {
        Verdict {
            mistake: Some(Box::new(mistake)).filter(|_| !self.passed),
            ..self
        }
    }

    /// The same failure with the hint that leads to what its judge saw, instead of the
    /// check's own (a pass keeps none): a check meets more than one cause, and its
    /// fixed hint names only the likeliest. `None` keeps the hint it has.
    pub fn with_hint(self, hint: impl Into<Option<&'static str>>) -> Verdict {
        Verdict {
            hint: hint.into().or(self.hint).filter(|_| !self.passed),
            ..self
        }
    }

    /// The same failure saying what kind of input it met, without the input itself
    /// (see [`Verdict::case`]; a pass keeps none).
    pub fn with_case(self, case: impl Into<String>) -> Verdict {
        Verdict {
            case: Some(case.into().into_boxed_str()).filter(|_| !self.passed),
            ..self
        }
    }

    /// The same verdict with a picture of the student's result beside the expected one.
    pub fn with_picture(self, svg: String) -> Verdict {
        Verdict {
            picture: Some(svg).filter(|svg| !svg.is_empty()),
            ..self
        }
    }

    /// A failure with a diff of the expected and the actual text, cut to a window
    /// around the first difference when it is long (a whole 50-row maze that differs
    /// everywhere would bury the report): the reason says where, the HTML report
    /// draws both whole.
    pub fn fail_with_diff(message: impl Into<String>, expected: &str, actual: &str) -> Verdict {
        Verdict {
            diff: Some(diff_window(expected, actual)),
            ..Verdict::fail(message)
        }
    }

    /// The first failure of a list of findings, or a pass with `summary`.
    pub fn from_problems(problems: Vec<String>, summary: impl Into<String>) -> Verdict {
        // Keyed by the first problem alone: how many follow varies with the input.
        match problems.split_first() {
            None => Verdict::pass(summary),
            Some((first, [])) => Verdict::fail(first.clone()),
            Some((first, rest)) => Verdict::fail(format!(
                "{first} (and {} more {} like it)",
                rest.len(),
                if rest.len() == 1 {
                    "problem"
                } else {
                    "problems"
                }
            ))
            .with_mistake(Mistake::of_message(first)),
        }
    }
}

/// The kind of mistake of a check the grader could not judge (its own fault).
pub const GRADER_ERROR: &str = "the grader could not judge it";

/// What a judge returns: a verdict either way; `Err` lets a judge stop early with `?`
/// when the output cannot even be read.
pub type Judged = Result<Verdict, Verdict>;

/// What the grader knows when it builds a check's input.
pub struct Inputs<'a> {
    /// The kit's fixture directory (read by the grader only; the probe never sees it).
    pub fixtures: &'a Path,
    /// The check's name.
    pub check: &'a str,
    /// The course's secret, for hidden checks and the twins of visible ones; `None`
    /// for the questions whose inputs the student template may know.
    pub secret: Option<&'a str>,
}

/// The name a visible check's twin is blessed under: `<check>.twin`.
///
/// In the course's grading (where the rubric holds the secret), every visible check
/// is asked twice: on the input the student template knows, and on its *twin*, the
/// same check's input built with the course's secret: new draws of the same
/// generator, or other fixtures of the same kind. A check earns its points only when
/// both pass, so code that answers only the questions it has seen (a table of the
/// template's blessed outputs) earns nothing.
pub fn twin_name(check: &str) -> String {
    format!("{check}.twin")
}

impl Inputs<'_> {
    /// Whether this input must be one the student template cannot know: a hidden
    /// check's, or a visible check's twin. Input builders that use fixed values or
    /// fixture files build other ones of the same kind then (see [`twin_name`]).
    pub fn private(&self) -> bool {
        self.secret.is_some()
    }

    /// The cases of a question: `fixed` as they are for a question the template may
    /// know; for a private one, half as many new ones made by `draw` (at least one).
    /// The twin keeps the question's kind at half its cost, and answers to the known
    /// cases do not fit it.
    pub fn vary<T>(&self, fixed: Vec<T>, mut draw: impl FnMut(&mut ChaCha8Rng) -> T) -> Vec<T> {
        if !self.private() {
            return fixed;
        }
        let mut rng = self.rng();
        (0..fixed.len().div_ceil(2).max(1))
            .map(|_| draw(&mut rng))
            .collect()
    }

    /// A generator for this check's inputs: the same for every grading of every
    /// submission, different per check, and for hidden checks unknowable without
    /// the course's secret.
    pub fn rng(&self) -> ChaCha8Rng {
        let mut hash = Sha256::new();
        hash.update(b"perfect-mazes inputs\0");
        hash.update(self.check.as_bytes());
        hash.update(b"\0");
        if let Some(secret) = self.secret {
            hash.update(secret.as_bytes());
        }
        ChaCha8Rng::from_seed(hash.finalize().into())
    }

    /// The text of a fixture file.
    pub fn fixture(&self, relative: &str) -> anyhow::Result<String> {
        let path = self.fixtures.join(relative);
        std::fs::read_to_string(&path)
            .with_context(|| format!("reading the kit's fixture {}", path.display()))
    }

    /// The name and text of each file in a fixture directory with the given
    /// extension, sorted by name.
    #[cfg_attr(not(any(feature = "part2", feature = "part5")), allow(dead_code))]
    pub fn fixture_files(
        &self,
        dir: &str,
        extension: &str,
    ) -> anyhow::Result<Vec<(String, String)>> {
        let path = self.fixtures.join(dir);
        let mut files = Vec::new();
        for entry in std::fs::read_dir(&path)
            .with_context(|| format!("reading the kit's fixtures in {}", path.display()))?
        {
            let file = entry?.path();
            if file.extension().is_some_and(|e| e == extension) && file.is_file() {
                let name = file
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                let text = std::fs::read_to_string(&file)
                    .with_context(|| format!("reading the kit's fixture {}", file.display()))?;
                files.push((name, text));
            }
        }
        files.sort();
        if files.is_empty() {
            anyhow::bail!("the kit has no .{extension} fixtures in {}", path.display());
        }
        Ok(files)
    }
}

/// One judging: the input the grader sent, the output the probe returned, and the
/// reference's output for the same input when the check is blessed.
pub struct Case<'a> {
    /// What the grader sent.
    pub input: &'a Value,
    /// What the probe returned.
    pub output: &'a Value,
    /// What the reference solution returned for the same input.
    pub expected: Option<&'a Value>,
}

impl Case<'_> {
    /// The input as `T`; a mismatch is the grader's own fault.
    pub fn input<T: DeserializeOwned>(&self) -> Result<T, Verdict> {
        T::deserialize(self.input).map_err(|error| {
            Verdict::grader_error(format!("its own input is unreadable ({error})"))
        })
    }

    /// The output as `T`, or a failure saying it could not be read.
    pub fn output<T: DeserializeOwned>(&self) -> Result<T, Verdict> {
        T::deserialize(self.output).map_err(|error| {
            Verdict::fail(format!(
                "the probe's report could not be read ({error}): did the code print into the result channel?"
            ))
        })
    }

    /// The reference's output as `T`.
    pub fn expected<T: DeserializeOwned>(&self) -> Result<T, Verdict> {
        let value = self
            .expected
            .ok_or_else(|| Verdict::grader_error("no expected output is blessed for it"))?;
        T::deserialize(value).map_err(|error| {
            Verdict::grader_error(format!(
                "the blessed expected output is unreadable ({error})"
            ))
        })
    }

    /// The output as a list of exactly `count` items (one per case the grader sent).
    pub fn output_list<T: DeserializeOwned>(&self, count: usize) -> Result<Vec<T>, Verdict> {
        // The items are read where they are: a copy of the list first would hold a
        // second tree as large as the answer (a megabyte of JSON is tens of MB).
        let Value::Array(items) = self.output else {
            return Err(self.output::<Vec<Value>>().err().unwrap_or_else(|| {
                Verdict::fail("the probe's report could not be read (not a list)")
            }));
        };
        if items.len() != count {
            return Err(Verdict::fail(format!(
                "the probe reported {} of {count} cases: the report does not match the grader's input",
                items.len()
            )));
        }
        items
            .iter()
            .map(|item| {
                T::deserialize(item).map_err(|error| {
                    Verdict::fail(format!("the probe's report could not be read ({error})"))
                })
            })
            .collect()
    }
}

/// One check the grader knows.
#[derive(Debug, Clone, Copy)]
pub struct CheckSpec {
    /// The name shared by rubric, probe and grader.
    pub name: &'static str,
    /// The part it belongs to.
    pub part: Part,
    /// What the probe calls (several checks may share a producer: a hidden check
    /// reuses a public one's, so the probe names no hidden check).
    pub producer: Producer,
    /// Builds the input sent to the probe.
    pub input: fn(&Inputs) -> anyhow::Result<Value>,
    /// Judges the probe's output for that input.
    pub judge: fn(&Case) -> Judged,
    /// Whether `grader bless` records the reference's output for this check (and the
    /// judge compares with it).
    pub blessed: bool,
    /// The checks of the code this check's code also runs: when one of those fails
    /// too, it is probably the cause, and the report says to fix it first (a wrong
    /// `opposite` breaks every carved maze, but the place to look is `opposite`).
    pub after: &'static [&'static str],
    /// The default rubric entry's points: what passing earns unless the course's
    /// `fixtures/rubric.toml` says otherwise (as for every field below).
    pub points: f64,
    /// A short title for reports.
    pub title: &'static str,
    /// Where to look when it fails, naming the handout's section ("handout §3: moved").
    pub hint: &'static str,
    /// Who sees the result on Gradescope; any but `Visible` makes the check hidden,
    /// its inputs drawn with the course's secret.
    pub visibility: Visibility,
    /// Seconds the check may run, when not the rubric's `[grader] time_limit`.
    pub time_limit: Option<f64>,
    /// The hint for a run that used its whole CPU time: the rule whose violation makes
    /// this check's code slow or endless, where that differs from [`CheckSpec::hint`]
    /// ("handout §9.2: a cell once searched stays searched"). A twin that times out
    /// names it too. (Code that waited is told so, with [`CheckSpec::waited`].)
    pub slow: Option<&'static str>,
    /// The hint for a run that waited out its wall-clock time using little CPU: the
    /// rule whose violation makes this check's code wait (a watchdog that sleeps for
    /// its whole timeout), where that differs from [`CheckSpec::hint`].
    pub waited: Option<&'static str>,
}

/// Who sees a check's result on Gradescope (its own four values).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Visibility {
    /// Always shown.
    Visible,
    /// Never shown to students.
    Hidden,
    /// Shown after the due date.
    AfterDueDate,
    /// Shown once grades are published.
    AfterPublished,
}

impl CheckSpec {
    /// The check `name`: what the probe calls (whose part is the check's part), how its
    /// input is built and judged, and whether the reference's output is blessed.
    pub const fn new(
        name: &'static str,
        producer: Producer,
        input: fn(&Inputs) -> anyhow::Result<Value>,
        judge: fn(&Case) -> Judged,
        blessed: bool,
    ) -> CheckSpec {
        CheckSpec {
            name,
            part: Part::ALL[producer.part() - 1],
            producer,
            input,
            judge,
            blessed,
            after: &[],
            points: 0.0,
            title: "",
            hint: "",
            visibility: Visibility::Visible,
            time_limit: None,
            slow: None,
            waited: None,
        }
    }

    /// This check's default rubric entry: the points passing earns, the title reports
    /// show and the hint naming the handout's section. A course changes any of them in
    /// `fixtures/rubric.toml` without touching the declaration.
    pub const fn rubric(self, points: f64, title: &'static str, hint: &'static str) -> CheckSpec {
        CheckSpec {
            points,
            title,
            hint,
            ..self
        }
    }

    /// This check, allowed `seconds` instead of the rubric's `[grader] time_limit`.
    pub const fn time_limit(self, seconds: f64) -> CheckSpec {
        CheckSpec {
            time_limit: Some(seconds),
            ..self
        }
    }

    /// This check, whose run out of time hints at `hint` (see [`CheckSpec::slow`]).
    pub const fn when_slow(self, hint: &'static str) -> CheckSpec {
        CheckSpec {
            slow: Some(hint),
            ..self
        }
    }

    /// This check, whose run that waited out its time hints at `hint` (see
    /// [`CheckSpec::waited`]).
    pub const fn when_waiting(self, hint: &'static str) -> CheckSpec {
        CheckSpec {
            waited: Some(hint),
            ..self
        }
    }

    /// This check, shown to students as `visibility` says; any but `Visible` makes it
    /// a hidden check (declared in the hidden checks' module, left out of the
    /// template).
    #[cfg_attr(not(feature = "hidden-checks"), allow(dead_code))]
    pub const fn visibility(self, visibility: Visibility) -> CheckSpec {
        CheckSpec { visibility, ..self }
    }

    /// This check, whose code also runs the code the checks `before` grade (see
    /// [`CheckSpec::after`]).
    pub const fn after(self, before: &'static [&'static str]) -> CheckSpec {
        CheckSpec {
            after: before,
            ..self
        }
    }
}

/// The lists of checks this grader has: each part's, then the hidden checks'.
fn lists() -> Vec<&'static [CheckSpec]> {
    let mut lists = vec![part1::CHECKS];
    #[cfg(feature = "part2")]
    lists.push(part2::CHECKS);
    lists.push(part3::CHECKS);
    lists.push(part4::CHECKS);
    #[cfg(feature = "part5")]
    lists.push(part5::CHECKS);
    #[cfg(feature = "hidden-checks")]
    lists.push(hidden::CHECKS);
    lists
}

/// Every check, in the order reports list them: by part, each part's checks in the
/// order its list declares them, then its hidden checks.
pub fn all() -> Vec<CheckSpec> {
    let mut all: Vec<CheckSpec> = lists().concat();
    // Each part's checks together, its hidden checks last (a stable sort).
    all.sort_by_key(|check| check.part);
    all
}

// What makes each kind of the student's code endless: the hint of a check of that code
// that ran out of time (see `CheckSpec::when_slow`), which a twin out of time names too.

/// Creating (§5).
pub(crate) const CREATE_ENDS: &str = "handout §5: process_cell, step 4: each direction tried \
     leaves the map, so the loop ends when the map is empty, and a cell without untouched \
     neighbours returns at once";
/// Solving (§6).
pub(crate) const SOLVE_ENDS: &str = "handout §6: every task stops once the done flag is \
     raised, and the length guard stops a path longer than the maze has cells";
/// What makes a solve wait (§6): the hint of a solving check whose run waited out its
/// time using little CPU (see `CheckSpec::when_waiting`).
pub(crate) const SOLVE_WAITS: &str = "handout §6: the timeout: the watchdog waits on the \
     channel with recv_timeout, which wakes it as soon as the search is over";
/// Prim (§9.1).
pub(crate) const PRIM_ENDS: &str = "handout §9.1: the loop ends when no cell is left outside: \
     each cell joins once, marked at its own index y * width + x, the start marked at once";
/// Backtracking (§9.2).
pub(crate) const SEARCHED_ONCE: &str = "handout §9.2: a cell once searched stays searched (a \
     popped frame leaves its cell marked), so each cell is searched once";

/// What a maze carved by the student's code runs of the student's Part 1.
pub(crate) const CARVING: &[&str] = &[
    "direction_opposite",
    "position_moved",
    "array_remove_cell_wall",
];
/// What creating a maze runs of the student's Part 1: carving, in a grid whose ranges
/// the start and end are drawn from.
pub(crate) const CREATING: &[&str] = &[
    "direction_opposite",
    "position_moved",
    "array_remove_cell_wall",
    "array_ranges",
];
/// What a walk through a maze by the student's solver runs of the student's Part 1.
pub(crate) const WALKING: &[&str] = &["position_moved", "array_accessible_neighbors"];
const TEXTURE: &[&str] = &[
    "direction_opposite",
    "position_moved",
    "array_remove_cell_wall",
    "texture_weights",
    "texture_draw_fair",
];

/// The checks of the code that check `name` also runs (its declaration's
/// [`CheckSpec::after`]); none for a check this grader does not have.
pub fn prerequisites(name: &str) -> &'static [&'static str] {
    find(name).map_or(&[], |check| check.after)
}

/// The check named `name`.
pub fn find(name: &str) -> Option<CheckSpec> {
    lists()
        .into_iter()
        .flatten()
        .find(|check| check.name == name)
        .copied()
}

/// Judges `case` with `spec`'s judge, turning a panic of the judge into a verdict
/// that blames the grader: whatever the probe reported, judging never crashes.
pub fn judge(spec: &CheckSpec, case: &Case) -> Verdict {
    match catch_unwind(AssertUnwindSafe(|| (spec.judge)(case))) {
        Ok(Ok(verdict) | Err(verdict)) => verdict,
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".to_owned());
            Verdict::grader_error(format!("its judge failed ({what}); please report this"))
        }
    }
}

/// Judges a list of cases item by item against the blessed list: `describe(input,
/// got, expected)` words a mismatch. The output must have one item per input case.
pub fn compare_items(
    case: &Case,
    inputs: &[Value],
    describe: impl Fn(&Value, &Value, &Value) -> String,
    summary: &str,
) -> Judged {
    let got: Vec<Value> = case.output_list(inputs.len())?;
    let want: Vec<Value> = case.expected()?;
    if want.len() != inputs.len() {
        return Err(Verdict::grader_error(
            "the blessed expected output does not match the input: run `grader bless`",
        ));
    }
    let problems = inputs
        .iter()
        .zip(got.iter().zip(&want))
        .filter(|(_, (got, want))| got != want)
        .map(|(input, (got, want))| describe(input, got, want))
        .collect();
    Ok(Verdict::from_problems(problems, summary))
}

/// The digest of an input, which ties a blessed output to the input it answers.
pub fn digest(input: &Value) -> String {
    let hash = Sha256::digest(input.to_string().as_bytes());
    hash.iter().take(12).map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests;
