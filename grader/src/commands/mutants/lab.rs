//! Grading the mutants: one work directory per worker, the grader's own binary run on
//! each mutated copy, its JSON report read into an outcome, and the summary and
//! lines the command prints.

use super::*;

/// What grading a mutant showed.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Outcome {
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
pub(super) struct Graded {
    pub(super) score: f64,
    pub(super) max_score: f64,
    /// The checks it failed.
    pub(super) failed: Vec<String>,
    /// Whether it failed to build.
    pub(super) unviable: bool,
    pub(super) duration: Duration,
}

/// A mutant and what grading it showed.
pub(super) struct MutantResult {
    pub(super) mutant: Mutant,
    pub(super) outcome: Outcome,
    pub(super) graded: Option<Graded>,
    pub(super) duration: Duration,
}

/// The parts of the grader's JSON report read here.
#[derive(Debug, Deserialize)]
struct JsonReport {
    pub(super) score: f64,
    pub(super) max_score: f64,
    #[serde(default)]
    pub(super) build_errors: Vec<String>,
    #[serde(default)]
    pub(super) checks: Vec<JsonCheck>,
}

/// One check of the JSON report.
#[derive(Debug, Deserialize)]
struct JsonCheck {
    pub(super) name: String,
    pub(super) passed: bool,
}

/// Where mutants are graded: one copy of the solution per worker, and one build
/// directory for all.
pub(super) struct Lab {
    pub(super) kit: PathBuf,
    pub(super) work_dir: PathBuf,
    /// The grader's own binary.
    pub(super) grader: PathBuf,
    /// The solution's `Cargo.toml` and `src/**` as they are.
    pub(super) pristine: BTreeMap<PathBuf, Vec<u8>>,
}

impl Lab {
    pub(super) fn new(kit: &Kit, work_dir: &Path) -> anyhow::Result<Lab> {
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
    pub(super) fn slot_dir(&self, slot: usize) -> PathBuf {
        self.work_dir.join("mutants").join(format!("mutant{slot}"))
    }

    /// Lays out the solution in `slot`'s directory with `mutant` applied, writing
    /// only files that differ so that the build stays warm.
    pub(super) fn prepare(&self, slot: usize, mutant: Option<&Mutant>) -> anyhow::Result<PathBuf> {
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
    pub(super) fn grade(&self, slot: usize, mutant: Option<&Mutant>) -> anyhow::Result<Graded> {
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
    pub(super) fn grade_all(
        &self,
        mutants: &[Mutant],
        jobs: usize,
        full: f64,
    ) -> Vec<MutantResult> {
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
    pub(super) fn new(
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
    pub(super) fn line(&self) -> String {
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
pub(super) struct Summary {
    pub(super) caught: usize,
    pub(super) survived: usize,
    pub(super) unviable: usize,
    pub(super) errors: usize,
}

impl Summary {
    pub(super) fn of(results: &[MutantResult]) -> Summary {
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
pub(super) fn minutes_and_seconds(duration: Duration) -> String {
    let seconds = duration.as_secs();
    if seconds < 60 {
        format!("{seconds} s")
    } else {
        format!("{} min {} s", seconds / 60, seconds % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands::mutants::tests::*;

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
}
