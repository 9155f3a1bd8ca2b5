//! Building throwaway submissions and running the grader on them.

use std::path::{Path, PathBuf};

use serde_json::Value;

/// The checkout these tests were built from.
pub fn checkout() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("grader/ is inside the kit")
        .to_path_buf()
}

/// The kit the tests grade with: this checkout, its `fixtures/rubric.toml` as it is.
/// There is no second copy of the rubric: a test that needs something a course may
/// change (a part turned on, the demo secret) asks for it with [`skip_unless`] and is
/// skipped, saying why, where the course changed it.
pub fn kit_root() -> PathBuf {
    checkout()
}

/// Whether the kit's rubric grades `part` (`part1` … `part5`); when it does not,
/// prints why the calling test is skipped. A test of a part's checks starts with
/// `if !part_on("part5", "…") { return; }`.
pub fn part_on(part: &str, test: &str) -> bool {
    let on = kit_rubric()["parts"]
        .as_array()
        .expect("[[parts]] tables")
        .iter()
        .any(|entry| {
            entry["id"].as_str() == Some(part)
                && entry.get("enabled").and_then(toml::Value::as_bool) != Some(false)
        });
    if !on {
        eprintln!(
            "skipped: {test} grades {part}, which fixtures/rubric.toml turns off (enabled = false)"
        );
    }
    on
}

/// Copies the checkout's files into `copy` (emptied first), with their modification
/// times, leaving out what is built or installed (`target/`, `.git/`, `node_modules/`,
/// a built book); installed packages are linked instead. A link stays a link to the same place (the guide's
/// `theme` is `../handout/theme`), as a clone has it.
pub fn copy_checkout(checkout: &Path, copy: &Path) {
    let _ = std::fs::remove_dir_all(copy);
    let skipped = ["target", ".git", "node_modules", "book"];
    let walker = walkdir::WalkDir::new(checkout)
        .into_iter()
        .filter_entry(|entry| {
            // A folder, or a link to one (a clone whose `node_modules` links elsewhere).
            let folder = entry.file_type().is_dir() || entry.path_is_symlink();
            !(folder && skipped.iter().any(|name| entry.file_name() == *name))
        });
    for entry in walker {
        let entry = entry.expect("reading the checkout");
        let target = copy.join(entry.path().strip_prefix(checkout).expect("below"));
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target).expect("a directory");
        } else if entry.file_type().is_file() {
            std::fs::copy(entry.path(), &target).expect("a file");
            // With its time, as a clone made with `cp -p` has it: cargo then finds the
            // copy's crates as fresh as the checkout's in a shared target directory
            // (it keeps their paths relative to the workspace).
            let modified = std::fs::metadata(entry.path())
                .and_then(|m| m.modified())
                .expect("a time");
            std::fs::File::options()
                .write(true)
                .open(&target)
                .and_then(|file| file.set_modified(modified))
                .expect("setting a file's time");
        } else if entry.file_type().is_symlink() {
            let to = std::fs::read_link(entry.path()).expect("a link");
            #[cfg(unix)]
            std::os::unix::fs::symlink(&to, &target).expect("a link");
            #[cfg(not(unix))]
            let _ = to;
        }
    }
    let packages = checkout.join("grader/tests/browser/node_modules");
    #[cfg(unix)]
    if packages.is_dir() {
        std::os::unix::fs::symlink(&packages, copy.join("grader/tests/browser/node_modules"))
            .expect("linking the browser check's packages");
    }
}

/// One build directory shared by every test, as instructors share one between
/// submissions: it is what makes the unique package names matter.
pub fn work_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("grader-work")
}

/// The grader with a clean environment, pointed at the kit and the shared build
/// directory.
pub fn grader() -> assert_cmd::Command {
    assert_cmd::Command::from_std(grader_process())
}

/// [`grader`] as a plain process, for a test that talks to it while it runs.
pub fn grader_process() -> std::process::Command {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_grader"));
    command
        .current_dir(kit_root())
        .env_remove("MAZE_GRADER_WORK_DIR")
        .env_remove("RUSTFLAGS")
        // CI turns it off for its own builds; `grade` would build submissions once.
        .env_remove("CARGO_INCREMENTAL")
        .env("NO_COLOR", "1")
        .env("RUST_BACKTRACE", "0");
    command
}

/// A folder removed when the test ends, passed or not.
pub struct Removed(pub PathBuf);

impl Drop for Removed {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Copies the kit's `parts` (folders and files, relative to the kit's root) into
/// `into`, keeping their places.
pub fn copy_kit(parts: &[&str], into: &Path) {
    for part in parts {
        for entry in walkdir::WalkDir::new(kit_root().join(part)) {
            let entry = entry.expect("reading the kit");
            let target = into.join(
                entry
                    .path()
                    .strip_prefix(kit_root())
                    .expect("below the kit"),
            );
            if entry.file_type().is_dir() {
                std::fs::create_dir_all(&target).expect("a directory");
            } else {
                if let Some(parent) = target.parent() {
                    std::fs::create_dir_all(parent).expect("a directory");
                }
                std::fs::copy(entry.path(), &target).expect("a file");
            }
        }
    }
}

/// A copy of the kit as the student template grades: the same rubric and snapshots,
/// without the course's secret.
pub fn kit_without_secret(into: &Path) {
    copy_kit(&["Cargo.lock", "fixtures", "starter/Cargo.lock"], into);
    let rubric = into.join("fixtures/rubric.toml");
    let text = std::fs::read_to_string(&rubric).expect("the copied rubric");
    let kept: Vec<&str> = text
        .lines()
        .filter(|line| !line.starts_with("secret"))
        .collect();
    assert!(kept.len() < text.lines().count(), "the rubric has a secret");
    std::fs::write(&rubric, kept.join("\n") + "\n").expect("writing the rubric");
}

/// A submission: a copy of the reference solution's `src/` with changes. Its builds
/// in the tests' work dirs go when it does (see [`builds_of`]).
pub struct Submission {
    pub dir: PathBuf,
}

/// A test's submission takes its builds with it (see [`DiscardsBuilds`]); its sources
/// stay, to look at after a failure.
impl Drop for Submission {
    fn drop(&mut self) {
        discard_builds_of(&self.dir);
    }
}

/// Removes, when dropped, what grading the crate at its path has left in the tests'
/// work dirs: some 130 to 200 MB for each crate graded, which a full-tier run would
/// otherwise keep to its end (gigabytes: CI's disk has run out of room with them).
/// For a test that grades a crate in a folder of its own (a template's starter, a
/// copy of the kit's solution); a [`Submission`] does it by itself. Declare it after
/// the folder, so that it goes first, while the crate's path still resolves.
pub struct DiscardsBuilds(pub PathBuf);

impl Drop for DiscardsBuilds {
    fn drop(&mut self) {
        discard_builds_of(&self.0);
    }
}

fn discard_builds_of(dir: &Path) {
    for build in builds_of(dir) {
        let _ = std::fs::remove_dir_all(build);
    }
}

/// What grading the crate at `dir` has left in the tests' work dirs (the shared one
/// and those of tests that keep their own, each a folder of the scratch space): its
/// harness and its target directory, and the same of its rescue (the harness where a
/// part that does not compile is replaced by the starter's stubs).
fn builds_of(dir: &Path) -> Vec<PathBuf> {
    let id = harness_id(dir);
    let ids = [format!("{id}-rescue"), id];
    let scratch = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let Ok(entries) = std::fs::read_dir(scratch) else {
        return Vec::new();
    };
    entries
        .filter_map(Result::ok)
        .flat_map(|entry| {
            let work = entry.path();
            ids.iter()
                .flat_map(|id| [work.join("harness").join(id), work.join("targets").join(id)])
                .collect::<Vec<_>>()
        })
        .filter(|build| build.exists())
        .collect()
}

impl Submission {
    /// A fresh copy of the solution named `name`.
    pub fn from_solution(name: &str) -> Submission {
        Submission::copy_of("solution", name)
    }

    /// A fresh copy of the starter (every method a `todo!()`) named `name`.
    pub fn from_starter(name: &str) -> Submission {
        Submission::copy_of("starter", name)
    }

    fn copy_of(crate_dir: &str, name: &str) -> Submission {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
            .join("submissions")
            .join(name);
        let _ = std::fs::remove_dir_all(&dir);
        let src = kit_root().join(crate_dir).join("src");
        for entry in walkdir::WalkDir::new(&src) {
            let entry = entry.expect("reading solution/src");
            let target = dir
                .join("src")
                .join(entry.path().strip_prefix(&src).expect("below src"));
            if entry.file_type().is_dir() {
                std::fs::create_dir_all(&target).expect("creating a directory");
            } else {
                std::fs::copy(entry.path(), &target).expect("copying a file");
            }
        }
        std::fs::write(
            dir.join("Cargo.toml"),
            "[package]\nname = \"submission\"\nversion = \"0.1.0\"\nedition = \"2024\"\n",
        )
        .expect("writing Cargo.toml");
        Submission { dir }
    }

    /// Replaces the one occurrence of `from` in `file` (below `src/`) with `to`.
    #[must_use = "a submission dropped takes its builds with it"]
    pub fn replace(self, file: &str, from: &str, to: &str) -> Submission {
        let path = self.dir.join("src").join(file);
        let text = std::fs::read_to_string(&path).expect("reading a source file");
        assert_eq!(
            text.matches(from).count(),
            1,
            "{from:?} must occur exactly once in {file}"
        );
        std::fs::write(&path, text.replace(from, to)).expect("writing a source file");
        self
    }

    /// Adds `code` at the end of `file` (below `src/`).
    #[must_use = "a submission dropped takes its builds with it"]
    pub fn append(self, file: &str, code: &str) -> Submission {
        let path = self.dir.join("src").join(file);
        let mut text = std::fs::read_to_string(&path).expect("reading a source file");
        text.push_str(code);
        std::fs::write(&path, text).expect("writing a source file");
        self
    }

    /// Grades the submission in `format`, returning the exit code and stdout.
    pub fn grade(&self, format: &str) -> (i32, String) {
        grade_dir(&self.dir, format)
    }
}

/// The name of the harness the grader builds the submission at `dir` in: its
/// folder's name (letters and digits, lowercase, 16 at most), then 12 hex digits of
/// a hash of its canonical path. It is the grader's `harness::submission_id`, which
/// these tests cannot call (the grader is a binary);
/// `support::a_test_submission_takes_its_builds_with_it` fails if the two part.
pub fn harness_id(dir: &Path) -> String {
    use std::hash::{DefaultHasher, Hash, Hasher};
    let canonical = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
    let mut hasher = DefaultHasher::new();
    canonical.hash(&mut hasher);
    let name: String = canonical
        .file_name()
        .map(|name| {
            name.to_string_lossy()
                .chars()
                .filter(char::is_ascii_alphanumeric)
                .take(16)
                .collect()
        })
        .unwrap_or_default();
    let name = if name.is_empty() {
        "submission".to_owned()
    } else {
        name.to_lowercase()
    };
    format!("{name}-{:012x}", hasher.finish() & 0xffff_ffff_ffff)
}

/// Grades `dir` in `format`.
pub fn grade_dir(dir: &Path, format: &str) -> (i32, String) {
    grade_dir_with(dir, format, &[])
}

/// Grades `dir` in `format`, with `extra` arguments (`--style`, `--timings`).
pub fn grade_dir_with(dir: &Path, format: &str, extra: &[&str]) -> (i32, String) {
    let output = grader()
        .args(["grade", "--format", format, "--work-dir"])
        .arg(work_dir())
        .arg(dir)
        .args(extra)
        .output()
        .expect("running the grader");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        !stderr.contains("panicked"),
        "the grader itself panicked: {stderr}"
    );
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

/// The JSON report of a submission.
pub fn json_report(submission: &Submission) -> Value {
    let (code, stdout) = submission.grade("json");
    assert_eq!(code, 0, "grading failed: {stdout}");
    serde_json::from_str(&stdout).expect("the JSON report parses")
}

/// The check named `name` of a JSON report.
pub fn check<'a>(report: &'a Value, name: &str) -> &'a Value {
    report["checks"]
        .as_array()
        .and_then(|checks| checks.iter().find(|c| c["name"] == name))
        .unwrap_or_else(|| panic!("no check {name}"))
}

/// The names of the failed checks of a JSON report.
pub fn failed(report: &Value) -> Vec<String> {
    report["checks"]
        .as_array()
        .map(|checks| {
            checks
                .iter()
                .filter(|c| c["passed"] == false)
                .map(|c| c["name"].as_str().unwrap_or_default().to_owned())
                .collect()
        })
        .unwrap_or_default()
}

/// The human report with the submission's path taken out, for snapshots.
pub fn human_report(submission: &Submission) -> String {
    human_report_of(&submission.dir)
}

/// [`human_report`] of the crate in `dir`.
pub fn human_report_of(dir: &Path) -> String {
    let (_, stdout) = grade_dir(dir, "human");
    stdout
        .lines()
        .map(|line| {
            if line.starts_with("Grading ") {
                "Grading [SUBMISSION]"
            } else {
                line
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The lines of a human report that a test about some checks pins: what the report
/// says above its parts (a compiler's error), each part's title, and each failing
/// check's name with every line below it (its message, diff and hint). Left out:
/// the checks that pass, points and titles (the rubric's), the style section and the
/// score, which change whenever a check is added or a course changes its points; and
/// seconds are written `N s`, which change with its limits. The reference's and the
/// starter's whole reports are pinned once, by `grader bless` (`reports::`).
pub fn failing_report(submission: &Submission) -> String {
    failing_lines(&human_report(submission))
}

/// [`failing_report`] of a human report's text.
pub fn failing_lines(report: &str) -> String {
    static SECONDS: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    let seconds = SECONDS.get_or_init(|| regex::Regex::new(r"\b\d+(\.\d+)? s\b").expect("a regex"));
    let part_score = regex::Regex::new(r"^(Part \d: .*?)  [\d.]+/[\d.]+$").expect("a regex");
    let mut kept = Vec::new();
    // Whether the lines indented below the last unindented one are left out.
    let mut leaving = false;
    for line in report.lines() {
        let below = line.is_empty() || line.starts_with("    ");
        if below && leaving && !line.is_empty() {
            continue;
        }
        if let Some(check) = line.strip_prefix("  ✗ ") {
            leaving = false;
            let name = check.split_whitespace().next().unwrap_or_default();
            kept.push(format!("  ✗ {name}"));
        } else if line.starts_with("  ✓ ")
            || line.starts_with("Score: ")
            || line.starts_with("How your code reads")
        {
            leaving = true;
        } else if let Some(part) = part_score.captures(line) {
            leaving = false;
            kept.push(part[1].to_owned());
        } else if line.is_empty() {
            if kept.last().is_some_and(|last: &String| !last.is_empty()) {
                kept.push(String::new());
            }
        } else if !(leaving && line.starts_with("  ")) {
            leaving = false;
            kept.push(seconds.replace_all(line, "N s").into_owned());
        }
    }
    while kept.last().is_some_and(String::is_empty) {
        kept.pop();
    }
    kept.join("\n")
}

/// Whether a failed check's message says why the starter fails it: the `todo!()` it
/// reached (`not implemented: Position::moved (handout §3): …`), or, for a check of a
/// later part, the earlier part's stub it calls (`this check calls your Part 1
/// `MazeCellArray::resize`, which is not written yet (see the note at the top of Part
/// 3)`), which the part's note names with its handout section.
pub fn says_what_is_not_written(message: &str) -> bool {
    (message.starts_with("not implemented: ") && message.contains("(handout §"))
        || (message.starts_with("this check calls your Part ")
            && message.contains("which is not written yet"))
}

/// The kit's rubric, as TOML.
pub fn kit_rubric() -> toml::Table {
    std::fs::read_to_string(kit_root().join("fixtures/rubric.toml"))
        .expect("the rubric")
        .parse()
        .expect("the rubric is TOML")
}

/// Every check the kit's grader grades, as `grader rubric` prints it: each check's
/// declared defaults with the course's `fixtures/rubric.toml` over them (name, part,
/// title, points, visibility, time_limit, hint), in report order. Read once.
pub fn graded_checks() -> &'static [toml::Table] {
    static CHECKS: std::sync::OnceLock<Vec<toml::Table>> = std::sync::OnceLock::new();
    CHECKS.get_or_init(|| {
        let output = grader_process()
            .args(["rubric", "--kit"])
            .arg(kit_root())
            .output()
            .expect("running grader rubric");
        assert!(
            output.status.success(),
            "grader rubric failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let table: toml::Table = String::from_utf8(output.stdout)
            .expect("UTF-8")
            .parse()
            .expect("grader rubric prints TOML");
        table["check"]
            .as_array()
            .expect("[[check]] entries")
            .iter()
            .map(|check| check.as_table().expect("a table").clone())
            .collect()
    })
}

/// The entry of the check `name` in [`graded_checks`].
fn graded_check(name: &str) -> &'static toml::Table {
    graded_checks()
        .iter()
        .find(|check| check["name"].as_str() == Some(name))
        .unwrap_or_else(|| panic!("the kit's grader grades no check {name}"))
}

/// A number of the rubric, written `5` or `5.0`.
pub fn number(value: &toml::Value) -> Option<f64> {
    value
        .as_float()
        .or_else(|| Some(value.as_integer()? as f64))
}

/// The points the kit gives the check `name`: a test that quotes a score reads them
/// here, so that a course's new points leave the test true.
pub fn points(name: &str) -> f64 {
    number(&graded_check(name)["points"]).expect("points are a number")
}

/// The seconds the kit gives the check `name`, written as the grader's messages
/// write them (`5`, `2.5`): a test that quotes a time limit reads it here, so that a
/// course's new limits leave the test true.
pub fn time_limit(name: &str) -> String {
    let limit = number(&graded_check(name)["time_limit"]).expect("a time limit");
    format!("{limit}")
}

/// The kit's checks that the course keeps private (any visibility but `visible`).
pub fn private_checks() -> Vec<String> {
    graded_checks()
        .iter()
        .filter(|check| check["visibility"].as_str() != Some("visible"))
        .filter_map(|check| check["name"].as_str().map(str::to_owned))
        .collect()
}

/// `rubric` with the part whose `[[parts]]` entry holds `marker` turned off: its
/// `enabled = true` (every part of the kit's rubric says it) made `false`.
pub fn turned_off(rubric: &str, marker: &str) -> String {
    let at = rubric.find(marker).expect("the part's entry") + marker.len();
    let (before, after) = rubric.split_at(at);
    format!(
        "{before}{}",
        after.replacen("enabled = true\n", "enabled = false\n", 1)
    )
}

#[test]
fn a_failing_report_keeps_failing_checks_and_drops_passes_points_and_the_score() {
    let report = "Grading [SUBMISSION]  [sandbox: full]\n\
\n\
Part 1: perfect mazes  41/72\n  \
✗ direction_opposite                 0/2  opposite() of all 16 sets of directions\n      \
opposite of EAST gave EAST, expected WEST\n      \
used 15 s of CPU time\n      \
hint: handout §2: Direction and its opposite\n  \
✓ position_equality                  2/2  == and != compare both coordinates\n\
\n\
Part 2: rat in a maze  44/44\n  \
✓ rat_queue                          2/2  the queue\n\
\n\
How your code reads (clippy): nothing to point out  [feedback only, no points]\n  \
clippy::needless_range_loop  src/maze.rs:3\n\
\n\
Score: 42/161  (24 of 82 checks passed)\n";
    assert_eq!(
        failing_lines(report),
        "Grading [SUBMISSION]  [sandbox: full]\n\
\n\
Part 1: perfect mazes\n  \
✗ direction_opposite\n      \
opposite of EAST gave EAST, expected WEST\n      \
used N s of CPU time\n      \
hint: handout §2: Direction and its opposite\n\
\n\
Part 2: rat in a maze"
    );
}

#[test]
#[ignore = "full tier: builds a submission of its own"]
fn a_test_submission_takes_its_builds_with_it() {
    let submission = Submission::from_solution("support-builds");
    let (code, stdout) = grade_dir_with(&submission.dir, "json", &["--check", "position_display"]);
    assert_eq!(code, 0, "{stdout}");
    let builds = builds_of(&submission.dir);
    let work = work_dir();
    assert!(
        builds.len() == 2 && builds.iter().all(|build| build.starts_with(&work)),
        "the grader built {} in {}, and the tests find {builds:?} of it: harness_id must \
         derive a harness's name as harness::submission_id does",
        submission.dir.display(),
        work.display()
    );
    let sources = submission.dir.clone();
    drop(submission);
    assert_eq!(
        builds
            .iter()
            .filter(|build| build.exists())
            .collect::<Vec<_>>(),
        Vec::<&PathBuf>::new(),
        "gone with the submission"
    );
    assert!(sources.join("src/lib.rs").is_file(), "its sources stay");
}
