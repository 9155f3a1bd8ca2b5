//! `grader mutants`: mutation testing of the grader's checks.
//!
//! A check is only as good as the wrong code it catches. This takes cargo-mutants'
//! mutants of the reference solution (`cargo mutants --list --json`), keeps those
//! inside the student-written regions (`// BEGIN SOLUTION` … `// END SOLUTION`,
//! `BEGIN SOLUTION ONLY` helpers included), applies each to a copy of the solution
//! and grades the copy. A mutant that loses points is caught; one at full marks
//! survived (a check is missing, or the mutant is equivalent: it behaves exactly as
//! the solution does); one that does not compile is unviable and not counted.
//!
//! Each grade runs the grader's own binary as a subprocess and reads the JSON
//! report's `score`, `max_score`, `build_errors` and `checks[].name/passed`, so this
//! depends on nothing inside the grader but that stable format. Every mutant of one
//! worker is graded in the same directory with the same build directory, so a grade
//! rebuilds only the mutated crate.
//!
//! The survivors are written to a Markdown file (default `fixtures/mutants.md`, which
//! `grader dist` never ships) with a column for the instructor to say why each is
//! equivalent; notes already in that file are kept when it is written again.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context as _, bail};
use serde::Deserialize;

use crate::Status;
use crate::cli::MutantsArgs;
use crate::kit::Kit;
use crate::report::points;
use crate::report::text::longest_backtick_run;

/// Runs `grader mutants`.
pub fn run(args: &MutantsArgs) -> anyhow::Result<Status> {
    let kit = Kit::locate(args.kit.as_deref())?;
    let solution = kit.solution();
    if !solution.join("src/lib.rs").is_file() {
        bail!("{} has no reference solution to mutate", solution.display());
    }
    let selection = Selection::choose(args, &solution)?;
    if args.list {
        // The names alone on stdout, for scripts; the count on stderr.
        eprintln!("{}", selection.header());
        let mut stdout = std::io::stdout().lock();
        for mutant in &selection.mutants {
            if writeln!(stdout, "{}", mutant.name).is_err() {
                break;
            }
        }
        return Ok(Status::Success);
    }
    println!("{}", selection.header());

    let work_dir = args
        .work_dir
        .clone()
        .unwrap_or_else(|| kit.default_work_dir());
    let lab = Lab::new(&kit, &work_dir)?;
    let started = Instant::now();
    let baseline = lab.grade(0, None)?;
    if baseline.score < baseline.max_score {
        bail!(
            "the unmutated solution scores {}/{} (failed: {}): every mutant would look caught; fix the solution or the grader first",
            points(baseline.score),
            points(baseline.max_score),
            baseline.failed.join(", ")
        );
    }
    println!(
        "the unmutated solution scores {}/{} ({:.1} s)",
        points(baseline.score),
        points(baseline.max_score),
        baseline.duration.as_secs_f64()
    );
    let jobs = args.jobs.unwrap_or(1).max(1);
    let results = lab.grade_all(&selection.mutants, jobs, baseline.max_score);
    let summary = Summary::of(&results);
    println!("{summary} (in {})", minutes_and_seconds(started.elapsed()));
    if !results.is_empty() {
        let output = args
            .output
            .clone()
            .unwrap_or_else(|| kit.fixtures().join("mutants.md"));
        let old = std::fs::read_to_string(&output).unwrap_or_default();
        let text = survivors_file(&results, &summary, &selection.sentence(), &old);
        super::grade::write_atomically(&output, text.as_bytes())
            .with_context(|| format!("writing the survivors to {}", output.display()))?;
        println!("survivors written to {}", output.display());
    }
    if summary.errors > 0 {
        eprintln!(
            "grader: {} mutant(s) could not be graded (see the lines marked `error`)",
            summary.errors
        );
        return Ok(Status::CheckFailed);
    }
    Ok(Status::Success)
}

/// The mutants a run grades, and how they were chosen.
struct Selection {
    mutants: Vec<Mutant>,
    /// How many mutants were listed, anywhere.
    listed: usize,
    /// How many of them are in solution regions (and match `--filter`).
    eligible: usize,
    /// Whether `--filter` was given.
    filtered: bool,
}

impl Selection {
    /// The mutants in solution regions that match `--filter`, `--limit` of them.
    fn choose(args: &MutantsArgs, solution: &Path) -> anyhow::Result<Selection> {
        let filter = args
            .filter
            .as_deref()
            .map(regex::Regex::new)
            .transpose()
            .context("--filter is not a valid regular expression")?;
        let listed = match &args.mutants {
            Some(file) => read_mutants(file)?,
            None => cargo_mutants(solution)?,
        };
        let listed_count = listed.len();
        let mut mutants = in_solution_regions(listed, solution)?;
        if let Some(filter) = &filter {
            mutants.retain(|mutant| filter.is_match(&mutant.name));
        }
        let eligible = mutants.len();
        if let Some(limit) = args.limit {
            mutants = spread(mutants, limit);
        }
        Ok(Selection {
            mutants,
            listed: listed_count,
            eligible,
            filtered: filter.is_some(),
        })
    }

    /// `702 mutants listed, 255 in solution regions, 30 of them chosen (--limit)`.
    fn header(&self) -> String {
        let mut header = format!(
            "{} mutants listed, {} in solution regions",
            self.listed, self.eligible
        );
        if self.filtered {
            header.push_str(" and matching --filter");
        }
        if self.mutants.len() < self.eligible {
            let _ = write!(header, ", {} of them chosen (--limit)", self.mutants.len());
        }
        header
    }

    /// What share was graded, for the survivors file.
    fn sentence(&self) -> String {
        if self.mutants.len() == self.eligible && !self.filtered {
            return format!(
                "All {} mutants in solution regions were graded.",
                self.eligible
            );
        }
        format!(
            "{} of the {} mutants in solution regions{} were graded in this run.",
            self.mutants.len(),
            self.eligible,
            if self.filtered {
                " that match the filter"
            } else {
                ""
            }
        )
    }
}

/// A mutant as cargo-mutants lists it (`--list --json`): the fields used here.
#[derive(Debug, Deserialize)]
struct RawMutant {
    /// `solution/src/position.rs:40:9: replace == with != in Position::eq`.
    name: String,
    /// The file, relative to the tree cargo-mutants ran in (the kit or solution/).
    file: String,
    /// What is replaced.
    span: Span,
    /// What it is replaced with.
    replacement: String,
    /// The change as a unified diff.
    #[serde(default)]
    diff: String,
}

/// A region of a source file, 1-based lines and columns counted in characters, the
/// end exclusive (as cargo-mutants counts them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
struct Span {
    start: LineColumn,
    end: LineColumn,
}

/// A place in a source file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
struct LineColumn {
    line: usize,
    column: usize,
}

/// One mutant of the solution.
#[derive(Debug, Clone)]
struct Mutant {
    /// Its name without the `solution/` prefix: `src/position.rs:40:9: replace …`.
    name: String,
    /// The file, relative to solution/ (`src/position.rs`).
    file: PathBuf,
    span: Span,
    replacement: String,
    diff: String,
}

impl Mutant {
    /// The mutant, unless it is outside solution/src (cargo-mutants also lists other
    /// packages' and targets' mutants when asked to).
    fn from_raw(raw: RawMutant) -> Option<Mutant> {
        let file = raw.file.strip_prefix("solution/").unwrap_or(&raw.file);
        if !file.starts_with("src/") || file.split('/').any(|part| part == "..") {
            return None;
        }
        Some(Mutant {
            name: raw
                .name
                .strip_prefix("solution/")
                .unwrap_or(&raw.name)
                .to_owned(),
            file: PathBuf::from(file),
            span: raw.span,
            replacement: raw.replacement,
            diff: raw.diff,
        })
    }
}

/// The mutants whose span lies inside a solution region of `solution`'s sources.
fn in_solution_regions(listed: Vec<RawMutant>, solution: &Path) -> anyhow::Result<Vec<Mutant>> {
    let mut regions: BTreeMap<PathBuf, Vec<Region>> = BTreeMap::new();
    let mut mutants = Vec::new();
    for mutant in listed.into_iter().filter_map(Mutant::from_raw) {
        if !regions.contains_key(&mutant.file) {
            let path = solution.join(&mutant.file);
            let source = std::fs::read_to_string(&path)
                .with_context(|| format!("reading {}", path.display()))?;
            regions.insert(mutant.file.clone(), solution_regions(&source));
        }
        let inside = regions
            .get(&mutant.file)
            .is_some_and(|regions| regions.iter().any(|region| region.holds(mutant.span)));
        if inside {
            mutants.push(mutant);
        }
    }
    Ok(mutants)
}

/// Mutants from a file in the format of `cargo mutants --list --json`.
fn read_mutants(file: &Path) -> anyhow::Result<Vec<RawMutant>> {
    let text =
        std::fs::read_to_string(file).with_context(|| format!("reading {}", file.display()))?;
    serde_json::from_str(&text).with_context(|| {
        format!(
            "{} is not a list of mutants as `cargo mutants --list --json` writes it",
            file.display()
        )
    })
}

/// Mutants of the solution as cargo-mutants lists them.
fn cargo_mutants(solution: &Path) -> anyhow::Result<Vec<RawMutant>> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let installed = Command::new(&cargo)
        .args(["mutants", "--version"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    if !installed {
        bail!(
            "cargo-mutants is not installed: install it with `cargo install --locked cargo-mutants`"
        );
    }
    let output = Command::new(&cargo)
        .args(["mutants", "--list", "--json", "--diff"])
        .current_dir(solution)
        .stdin(Stdio::null())
        .output()
        .context("running cargo mutants --list")?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        bail!(
            "cargo mutants --list failed: {}",
            stderr.lines().last().unwrap_or("no message")
        );
    }
    serde_json::from_slice(&output.stdout).context("reading the JSON of cargo mutants --list")
}

/// The lines of a `// BEGIN SOLUTION` marker and of its `// END SOLUTION`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Region {
    begin: usize,
    end: usize,
}

impl Region {
    /// Whether `span` lies between the two markers.
    fn holds(self, span: Span) -> bool {
        self.begin < span.start.line && span.end.line < self.end
    }
}

/// The solution regions of a source file (`BEGIN SOLUTION ONLY` ones included); a
/// marker without its partner is left out (`grader starter` reports those).
fn solution_regions(source: &str) -> Vec<Region> {
    let mut regions = Vec::new();
    let mut begin = None;
    for (index, line) in source.lines().enumerate() {
        let line_number = index + 1;
        let trimmed = line.trim_start();
        if trimmed.starts_with("// BEGIN SOLUTION") {
            begin = Some(line_number);
        } else if trimmed.starts_with("// END SOLUTION")
            && let Some(begin) = begin.take()
        {
            regions.push(Region {
                begin,
                end: line_number,
            });
        }
    }
    regions
}

/// The byte offset of `place` in `source`, counting as cargo-mutants does (a `\r`
/// is part of the column before it).
fn offset(source: &str, place: LineColumn) -> Option<usize> {
    let (mut line, mut column) = (1, 1);
    for (index, c) in source.char_indices() {
        if (line, column) == (place.line, place.column) {
            return Some(index);
        }
        if c == '\n' {
            line += 1;
            column = 1;
        } else if c != '\r' {
            column += 1;
        }
    }
    ((line, column) == (place.line, place.column)).then_some(source.len())
}

/// `source` with `span` replaced by `replacement`.
fn apply(source: &str, span: Span, replacement: &str) -> anyhow::Result<String> {
    let (Some(start), Some(end)) = (offset(source, span.start), offset(source, span.end)) else {
        bail!(
            "the span {span:?} is not in the file (has the solution changed since the mutants were listed?)"
        );
    };
    if end < start {
        bail!("the span {span:?} ends before it starts");
    }
    Ok(format!(
        "{}{replacement}{}",
        &source[..start],
        &source[end..]
    ))
}

/// `count` mutants spread evenly over `mutants`, in their order, so that a small
/// sample still reaches every file.
fn spread(mutants: Vec<Mutant>, count: usize) -> Vec<Mutant> {
    let total = mutants.len();
    if count >= total {
        return mutants;
    }
    let picks: BTreeSet<usize> = (0..count).map(|i| i * total / count).collect();
    mutants
        .into_iter()
        .enumerate()
        .filter(|(index, _)| picks.contains(index))
        .map(|(_, mutant)| mutant)
        .collect()
}

/// What grading a mutant showed.
#[derive(Debug, Clone, PartialEq)]
enum Outcome {
    /// It lost points.
    Caught,
    /// It kept full marks.
    Survived,
    /// It does not compile.
    Unviable,
    /// The grader could not grade it.
    Error(String),
}

/// One graded copy of the solution.
#[derive(Debug, Clone)]
struct Graded {
    score: f64,
    max_score: f64,
    /// The checks it failed.
    failed: Vec<String>,
    /// Whether it failed to build.
    unviable: bool,
    duration: Duration,
}

/// A mutant and what grading it showed.
struct MutantResult {
    mutant: Mutant,
    outcome: Outcome,
    graded: Option<Graded>,
    duration: Duration,
}

/// The parts of the grader's JSON report read here.
#[derive(Debug, Deserialize)]
struct JsonReport {
    score: f64,
    max_score: f64,
    #[serde(default)]
    build_errors: Vec<String>,
    #[serde(default)]
    checks: Vec<JsonCheck>,
}

/// One check of the JSON report.
#[derive(Debug, Deserialize)]
struct JsonCheck {
    name: String,
    passed: bool,
}

/// Where mutants are graded: one copy of the solution per worker, and one build
/// directory for all.
struct Lab {
    kit: PathBuf,
    work_dir: PathBuf,
    /// The grader's own binary.
    grader: PathBuf,
    /// The solution's `Cargo.toml` and `src/**` as they are.
    pristine: BTreeMap<PathBuf, Vec<u8>>,
}

impl Lab {
    fn new(kit: &Kit, work_dir: &Path) -> anyhow::Result<Lab> {
        let solution = kit.solution();
        let mut pristine = BTreeMap::new();
        pristine.insert(
            PathBuf::from("Cargo.toml"),
            std::fs::read(solution.join("Cargo.toml")).context("reading solution/Cargo.toml")?,
        );
        let src = solution.join("src");
        for entry in walkdir::WalkDir::new(&src).sort_by_file_name() {
            let entry = entry.with_context(|| format!("reading {}", src.display()))?;
            if entry.file_type().is_file() {
                let relative = entry.path().strip_prefix(&solution)?.to_path_buf();
                let contents = std::fs::read(entry.path())
                    .with_context(|| format!("reading {}", entry.path().display()))?;
                pristine.insert(relative, contents);
            }
        }
        Ok(Lab {
            kit: kit.root.clone(),
            work_dir: work_dir.to_path_buf(),
            grader: std::env::current_exe().context("finding the grader's own binary")?,
            pristine,
        })
    }

    /// The copy of the solution that worker `slot` grades in.
    fn slot_dir(&self, slot: usize) -> PathBuf {
        self.work_dir.join("mutants").join(format!("mutant{slot}"))
    }

    /// Lays out the solution in `slot`'s directory with `mutant` applied, writing
    /// only files that differ so that the build stays warm.
    fn prepare(&self, slot: usize, mutant: Option<&Mutant>) -> anyhow::Result<PathBuf> {
        let dir = self.slot_dir(slot);
        for (relative, contents) in &self.pristine {
            let mutated;
            let contents = match mutant {
                Some(mutant) if *relative == mutant.file => {
                    let source = std::str::from_utf8(contents)
                        .with_context(|| format!("{} is not UTF-8", relative.display()))?;
                    mutated = apply(source, mutant.span, &mutant.replacement)?;
                    mutated.as_bytes()
                }
                _ => contents.as_slice(),
            };
            let path = dir.join(relative);
            if std::fs::read(&path).is_ok_and(|old| old == contents) {
                continue;
            }
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent)
                    .with_context(|| format!("creating {}", parent.display()))?;
            }
            std::fs::write(&path, contents)
                .with_context(|| format!("writing {}", path.display()))?;
        }
        Ok(dir)
    }

    /// Grades the solution in `slot`'s directory with `mutant` applied.
    fn grade(&self, slot: usize, mutant: Option<&Mutant>) -> anyhow::Result<Graded> {
        let dir = self.prepare(slot, mutant)?;
        let started = Instant::now();
        let output = Command::new(&self.grader)
            .arg("grade")
            .arg(&dir)
            .args(["--format", "json", "--kit"])
            .arg(&self.kit)
            .arg("--work-dir")
            .arg(&self.work_dir)
            .stdin(Stdio::null())
            .output()
            .context("running the grader")?;
        let duration = started.elapsed();
        if !output.status.success() {
            bail!(
                "the grader failed ({}): {}",
                output.status,
                what_went_wrong(&String::from_utf8_lossy(&output.stderr))
            );
        }
        let report: JsonReport =
            serde_json::from_slice(&output.stdout).context("reading the grader's JSON report")?;
        Ok(Graded {
            score: report.score,
            max_score: report.max_score,
            failed: report
                .checks
                .into_iter()
                .filter(|c| !c.passed)
                .map(|c| c.name)
                .collect(),
            // A compile error costs only its part when grading, but a mutant that does not
            // compile is unviable all the same, as cargo-mutants counts it.
            unviable: !report.build_errors.is_empty(),
            duration,
        })
    }

    /// Grades every mutant, `jobs` at once, printing one line for each as it ends;
    /// `full` is the unmutated solution's score.
    fn grade_all(&self, mutants: &[Mutant], jobs: usize, full: f64) -> Vec<MutantResult> {
        let next = AtomicUsize::new(0);
        let results: Mutex<Vec<Option<MutantResult>>> = Mutex::new(
            std::iter::repeat_with(|| None)
                .take(mutants.len())
                .collect(),
        );
        std::thread::scope(|scope| {
            for slot in 0..jobs.min(mutants.len()) {
                let (next, results) = (&next, &results);
                scope.spawn(move || {
                    loop {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        let Some(mutant) = mutants.get(index) else {
                            break;
                        };
                        let started = Instant::now();
                        let graded = self.grade(slot, Some(mutant));
                        let result =
                            MutantResult::new(mutant.clone(), graded, full, started.elapsed());
                        println!("{}", result.line());
                        if let Ok(mut results) = results.lock() {
                            results[index] = Some(result);
                        }
                    }
                });
            }
        });
        results
            .into_inner()
            .unwrap_or_default()
            .into_iter()
            .flatten()
            .collect()
    }
}

/// The gist of the grader's stderr: its error line, or where it panicked and why.
fn what_went_wrong(stderr: &str) -> String {
    let mut lines = stderr
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty());
    match lines.next() {
        Some(line) if line.starts_with("thread ") && line.contains("panicked") => {
            let place = line
                .split_once("panicked")
                .map_or(line, |(_, at)| at.trim());
            format!("it panicked {place} {}", lines.next().unwrap_or_default())
        }
        Some(line) => line.to_owned(),
        None => "no message".to_owned(),
    }
}

impl MutantResult {
    fn new(
        mutant: Mutant,
        graded: anyhow::Result<Graded>,
        full: f64,
        duration: Duration,
    ) -> MutantResult {
        let (outcome, graded) = match graded {
            Err(error) => (Outcome::Error(format!("{error:#}")), None),
            Ok(graded) => {
                let outcome = if graded.unviable {
                    Outcome::Unviable
                } else if graded.score < full {
                    Outcome::Caught
                } else {
                    Outcome::Survived
                };
                (outcome, Some(graded))
            }
        };
        MutantResult {
            mutant,
            outcome,
            graded,
            duration,
        }
    }

    /// `caught      12/99   2.3 s  src/position.rs:40:9: replace == with != … (by position_equality)`.
    fn line(&self) -> String {
        let word = match self.outcome {
            Outcome::Caught => "caught",
            Outcome::Survived => "SURVIVED",
            Outcome::Unviable => "unviable",
            Outcome::Error(_) => "error",
        };
        let score = self.graded.as_ref().map_or(String::new(), |g| {
            format!("{}/{}", points(g.score), points(g.max_score))
        });
        let mut line = format!(
            "{word:<9}{score:>6}  {:>5.1} s  {}",
            self.duration.as_secs_f64(),
            self.mutant.name
        );
        match (&self.outcome, &self.graded) {
            (Outcome::Caught, Some(graded)) => {
                let shown: Vec<&str> = graded.failed.iter().take(3).map(String::as_str).collect();
                let _ = write!(line, "  (by {}", shown.join(", "));
                if graded.failed.len() > shown.len() {
                    let _ = write!(line, " +{}", graded.failed.len() - shown.len());
                }
                line.push(')');
            }
            (Outcome::Error(reason), _) => {
                let _ = write!(line, ": {reason}");
            }
            _ => {}
        }
        line
    }
}

/// The counts of a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Summary {
    caught: usize,
    survived: usize,
    unviable: usize,
    errors: usize,
}

impl Summary {
    fn of(results: &[MutantResult]) -> Summary {
        let count =
            |wanted: fn(&Outcome) -> bool| results.iter().filter(|r| wanted(&r.outcome)).count();
        Summary {
            caught: count(|o| *o == Outcome::Caught),
            survived: count(|o| *o == Outcome::Survived),
            unviable: count(|o| *o == Outcome::Unviable),
            errors: count(|o| matches!(o, Outcome::Error(_))),
        }
    }
}

impl std::fmt::Display for Summary {
    /// `30 viable mutants: 25 caught (83 %), 5 survived; 3 unviable`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let viable = self.caught + self.survived;
        let share = (self.caught * 100 + viable / 2)
            .checked_div(viable)
            .unwrap_or(0);
        write!(
            f,
            "{viable} viable mutants: {} caught ({share} %), {} survived; {} unviable",
            self.caught, self.survived, self.unviable
        )?;
        if self.errors > 0 {
            write!(f, "; {} could not be graded", self.errors)?;
        }
        Ok(())
    }
}

/// `4 min 12 s`.
fn minutes_and_seconds(duration: Duration) -> String {
    let seconds = duration.as_secs();
    if seconds < 60 {
        format!("{seconds} s")
    } else {
        format!("{} min {} s", seconds / 60, seconds % 60)
    }
}

/// The header of the survivors' table.
const TABLE_HEADER: &str = "| mutant | change | why it is equivalent |\n|---|---|---|\n";

/// The survivors file: the summary, a table of survivors with a column for why each
/// is equivalent (notes from `old`, the file as it was, are kept), and their diffs.
fn survivors_file(
    results: &[MutantResult],
    summary: &Summary,
    selection: &str,
    old: &str,
) -> String {
    let notes = old_rows(old);
    let graded: BTreeSet<&str> = results.iter().map(|r| r.mutant.name.as_str()).collect();
    let survivors: Vec<&MutantResult> = results
        .iter()
        .filter(|r| r.outcome == Outcome::Survived)
        .collect();
    let mut out = String::from(
        "# Surviving mutants\n\n\
         `grader mutants` applies cargo-mutants' mutants of the solution's `// BEGIN SOLUTION` \
         regions and grades each. A survivor keeps full marks: no check tells it from the \
         solution. For each, add a check that catches it, or write in the last column why it \
         behaves exactly as the solution does (an equivalent mutant); notes in that column are \
         kept when the file is written again.\n\n",
    );
    let _ = writeln!(out, "{summary}. {selection}\n");
    out.push_str(TABLE_HEADER);
    for survivor in &survivors {
        let note = notes
            .get(survivor.mutant.name.as_str())
            .map_or("", |row| row.note.as_str());
        let _ = writeln!(
            out,
            "| {} | {} | {note} |",
            name_cell(&survivor.mutant.name),
            change_cell(&survivor.mutant.diff)
        );
    }
    let kept: Vec<&OldRow> = notes
        .iter()
        .filter(|(name, _)| !graded.contains(name.as_str()))
        .map(|(_, row)| row)
        .collect();
    for row in &kept {
        let _ = writeln!(out, "{}", row.line);
    }
    if !kept.is_empty() {
        let _ = writeln!(
            out,
            "\nThe last {} row(s) are kept from an earlier run: those mutants were not graded in this one.",
            kept.len()
        );
    }
    if survivors.iter().any(|s| !s.mutant.diff.is_empty()) {
        out.push_str("\n## Diffs\n");
        for survivor in survivors.iter().filter(|s| !s.mutant.diff.is_empty()) {
            let diff = survivor.mutant.diff.trim_end();
            let fence = "`".repeat((longest_backtick_run(diff) + 1).max(3));
            let _ = write!(
                out,
                "\n### {}\n\n{fence}diff\n{diff}\n{fence}\n",
                inline_code(&survivor.mutant.name)
            );
        }
    }
    out
}

/// A row of the survivors' table as it was.
struct OldRow {
    line: String,
    note: String,
}

/// The rows of an earlier survivors' table by mutant name.
fn old_rows(old: &str) -> BTreeMap<String, OldRow> {
    let mut rows = BTreeMap::new();
    let Some((_, table)) = old.split_once(TABLE_HEADER) else {
        return rows;
    };
    for line in table.lines().take_while(|line| line.starts_with('|')) {
        let cells = split_row(line);
        let (Some(name), Some(note)) = (cells.first(), cells.get(2)) else {
            continue;
        };
        let name = name.trim().trim_matches('`').trim().replace("\\|", "|");
        rows.insert(
            name,
            OldRow {
                line: line.to_owned(),
                note: note.trim().to_owned(),
            },
        );
    }
    rows
}

/// The cells of a table row, split at the `|`s that are not escaped.
fn split_row(line: &str) -> Vec<String> {
    let inner = line.trim().trim_start_matches('|');
    let inner = inner.strip_suffix('|').unwrap_or(inner);
    let mut cells = vec![String::new()];
    let mut escaped = false;
    for c in inner.chars() {
        if c == '|' && !escaped {
            cells.push(String::new());
        } else if let Some(cell) = cells.last_mut() {
            cell.push(c);
        }
        escaped = c == '\\' && !escaped;
    }
    cells
}

/// `text` as a code span.
fn inline_code(text: &str) -> String {
    let ticks = "`".repeat(longest_backtick_run(text) + 1);
    // A space keeps a backtick at either end apart from the fence (and is not shown).
    let pad = if text.starts_with('`') || text.ends_with('`') {
        " "
    } else {
        ""
    };
    format!("{ticks}{pad}{text}{pad}{ticks}")
}

/// A mutant's name in a table cell: a code span whose `|` are escaped for the table.
fn name_cell(name: &str) -> String {
    inline_code(name).replace('|', "\\|")
}

/// The lines a diff removes and adds, as HTML code in one table cell.
fn change_cell(diff: &str) -> String {
    diff.lines()
        .filter(|line| {
            (line.starts_with('-') && !line.starts_with("---"))
                || (line.starts_with('+') && !line.starts_with("+++"))
        })
        .map(|line| {
            let escaped = line
                .replace('&', "&amp;")
                .replace('<', "&lt;")
                .replace('>', "&gt;")
                .replace('|', "&#124;")
                .replace('`', "&#96;");
            format!("<code>{escaped}</code>")
        })
        .collect::<Vec<_>>()
        .join("<br>")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn span(start: (usize, usize), end: (usize, usize)) -> Span {
        Span {
            start: LineColumn {
                line: start.0,
                column: start.1,
            },
            end: LineColumn {
                line: end.0,
                column: end.1,
            },
        }
    }

    fn mutant(name: &str, diff: &str) -> Mutant {
        Mutant {
            name: name.to_owned(),
            file: PathBuf::from("src/position.rs"),
            span: span((1, 1), (1, 1)),
            replacement: String::new(),
            diff: diff.to_owned(),
        }
    }

    fn result(name: &str, outcome: Outcome) -> MutantResult {
        MutantResult {
            mutant: mutant(
                name,
                "--- a\n+++ b\n@@ -1 +1 @@\n-    a == b\n+    a != b\n",
            ),
            outcome,
            graded: None,
            duration: Duration::from_millis(2300),
        }
    }

    #[test]
    fn a_span_is_replaced_counting_columns_in_characters() {
        let source = "fn f() -> bool {\n    «é» == b\n}\n";
        // `==` is at line 2, columns 9..11 (1-based, end exclusive), after 3 non-ASCII chars.
        assert_eq!(
            apply(source, span((2, 9), (2, 11)), "!=").unwrap(),
            "fn f() -> bool {\n    «é» != b\n}\n"
        );
    }

    #[test]
    fn a_span_over_several_lines_is_replaced_whole() {
        let source = "fn f() -> u8 {\n    let x = 1;\n    x\n}\n";
        assert_eq!(
            apply(source, span((2, 5), (3, 6)), "0").unwrap(),
            "fn f() -> u8 {\n    0\n}\n"
        );
    }

    #[test]
    fn a_span_outside_the_file_is_an_error() {
        let error = apply("x\n", span((9, 1), (9, 2)), "y").unwrap_err();
        assert!(error.to_string().contains("not in the file"), "{error}");
    }

    #[test]
    fn solution_regions_are_found_between_their_markers() {
        let source = "use a;\n// BEGIN SOLUTION ONLY\nuse b;\n// END SOLUTION\nfn f() {\n    // BEGIN SOLUTION f (§1): m\n    body();\n    // END SOLUTION\n}\n";
        assert_eq!(
            solution_regions(source),
            [Region { begin: 2, end: 4 }, Region { begin: 6, end: 8 }]
        );
    }

    #[test]
    fn only_spans_between_the_markers_are_in_a_region() {
        let region = Region { begin: 6, end: 8 };
        assert!(region.holds(span((7, 5), (7, 11))));
        assert!(!region.holds(span((5, 10), (9, 2))), "the whole function");
        assert!(
            !region.holds(span((7, 5), (8, 3))),
            "reaching the end marker"
        );
    }

    #[test]
    fn a_grader_panic_is_told_with_its_place_and_message() {
        let stderr = "\nthread 'main' (4980) panicked at grader/src/checks/model.rs:235:16:\nindex out of bounds: the len is 0 but the index is 0\nstack backtrace:\n";
        assert_eq!(
            what_went_wrong(stderr),
            "it panicked at grader/src/checks/model.rs:235:16: index out of bounds: the len is 0 but the index is 0"
        );
        assert_eq!(
            what_went_wrong("grader: error: no rubric\n"),
            "grader: error: no rubric"
        );
    }

    #[test]
    fn mutants_outside_solution_src_are_left_out() {
        let raw = |file: &str| RawMutant {
            name: format!("{file}:1:1: replace f with ()"),
            file: file.to_owned(),
            span: span((1, 1), (1, 2)),
            replacement: "()".to_owned(),
            diff: String::new(),
        };
        assert!(Mutant::from_raw(raw("solution/tests/driver.rs")).is_none());
        assert!(Mutant::from_raw(raw("grader/src/main.rs")).is_none());
        assert!(Mutant::from_raw(raw("solution/src/../../grader/src/main.rs")).is_none());
        let kept = Mutant::from_raw(raw("solution/src/cell.rs")).unwrap();
        assert_eq!(kept.file, PathBuf::from("src/cell.rs"));
        assert_eq!(kept.name, "src/cell.rs:1:1: replace f with ()");
    }

    #[test]
    fn a_limit_spreads_the_sample_over_the_whole_list() {
        let mutants: Vec<Mutant> = (0..10).map(|i| mutant(&i.to_string(), "")).collect();
        let names: Vec<String> = spread(mutants, 3).into_iter().map(|m| m.name).collect();
        assert_eq!(names, ["0", "3", "6"]);
    }

    #[test]
    fn the_summary_counts_only_viable_mutants_in_the_share() {
        let results = [
            result("a", Outcome::Caught),
            result("b", Outcome::Caught),
            result("c", Outcome::Survived),
            result("d", Outcome::Unviable),
        ];
        assert_eq!(
            Summary::of(&results).to_string(),
            "3 viable mutants: 2 caught (67 %), 1 survived; 1 unviable"
        );
    }

    #[test]
    fn a_line_names_the_outcome_the_score_the_time_and_the_checks_that_caught_it() {
        let mut caught = result(
            "src/position.rs:40:9: replace == with != in Position::eq",
            Outcome::Caught,
        );
        caught.graded = Some(Graded {
            score: 95.0,
            max_score: 99.0,
            failed: vec!["position_equality".to_owned(), "position_hash".to_owned()],
            unviable: false,
            duration: Duration::ZERO,
        });
        assert_eq!(
            caught.line(),
            "caught    95/99    2.3 s  src/position.rs:40:9: replace == with != in Position::eq  (by position_equality, position_hash)"
        );
    }

    #[test]
    fn the_survivors_file_keeps_the_instructors_notes() {
        let results = [
            result("src/a.rs:1:1: replace | with ^ in f", Outcome::Survived),
            result("src/b.rs:2:2: replace g with ()", Outcome::Survived),
            result("src/c.rs:3:3: replace h with ()", Outcome::Caught),
        ];
        let summary = Summary::of(&results);
        let first = survivors_file(&results, &summary, "All 3 were graded.", "");
        let noted = first.replacen(" |  |", " | equal when x \\| y is 0 |", 1);
        assert_ne!(first, noted, "{first}");
        let again = survivors_file(&results[..2], &summary, "2 were graded.", &noted);
        assert!(again.contains("| equal when x \\| y is 0 |"), "{again}");
        let rows: Vec<&str> = again.lines().filter(|l| l.starts_with("| `")).collect();
        assert_eq!(rows.len(), 2, "{again}");
        let partial = survivors_file(&results[1..2], &summary, "1 was graded.", &noted);
        assert!(partial.contains("| equal when x \\| y is 0 |"), "{partial}");
        assert!(partial.contains("kept from an earlier run"), "{partial}");
    }

    #[test]
    fn the_survivors_file_reads_so() {
        let results = [
            result(
                "src/position.rs:40:9: replace == with != in Position::eq",
                Outcome::Survived,
            ),
            result("src/cell.rs:3:3: replace h with ()", Outcome::Caught),
            result("src/cell.rs:4:4: replace i with ()", Outcome::Unviable),
        ];
        let summary = Summary::of(&results);
        insta::assert_snapshot!(survivors_file(
            &results,
            &summary,
            "All 3 mutants in solution regions were graded.",
            ""
        ));
    }
}
