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

/// The rubric these tests are written for: the kit's `fixtures/rubric.toml` as the
/// kit ships it (every part on, the demo secret, the kit's points and limits).
pub const RUBRIC_AS_SHIPPED: &str = include_str!("rubric-as-shipped.toml");

/// The kit the tests grade with: the checkout itself while its rubric is the one the
/// tests are written for, else a copy of the checkout with that rubric, blessed once
/// per run. A course's rubric (a part turned off, its own secret, other points)
/// changes what its students are graded on, not what the kit's own tests check;
/// `grader self-check` checks the course's rubric.
pub fn kit_root() -> PathBuf {
    static KIT: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    KIT.get_or_init(|| {
        let checkout = checkout();
        let rubric = std::fs::read_to_string(checkout.join("fixtures/rubric.toml"))
            .expect("reading the kit's rubric")
            .replace("\r\n", "\n");
        if rubric == RUBRIC_AS_SHIPPED {
            return checkout;
        }
        let copy = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("kit-as-shipped");
        eprintln!(
            "note: fixtures/rubric.toml is not the kit's as shipped (grader/tests/grader/rubric-as-shipped.toml): the grader's tests run on a copy of the kit with the shipped rubric, {}",
            copy.display()
        );
        copy_checkout(&checkout, &copy);
        std::fs::write(copy.join("fixtures/rubric.toml"), RUBRIC_AS_SHIPPED)
            .expect("writing the copy's rubric");
        let blessed = std::process::Command::new(env!("CARGO_BIN_EXE_grader"))
            .args(["bless", "--kit"])
            .arg(&copy)
            .arg("--work-dir")
            .arg(work_dir())
            .env("NO_COLOR", "1")
            .output()
            .expect("running grader bless");
        assert!(
            blessed.status.success(),
            "blessing the copy of the kit failed: {}",
            String::from_utf8_lossy(&blessed.stderr)
        );
        copy
    })
    .clone()
}

/// Copies the checkout's files into `copy` (emptied first), leaving out what is built
/// or installed (`target/`, `.git/`, `node_modules/`, a built book); installed
/// packages are linked instead. A link stays a link to the same place (the guide's
/// `theme` is `../handout/theme`), as a clone has it.
pub fn copy_checkout(checkout: &Path, copy: &Path) {
    let _ = std::fs::remove_dir_all(copy);
    let skipped = ["target", ".git", "node_modules", "book"];
    let walker = walkdir::WalkDir::new(checkout)
        .into_iter()
        .filter_entry(|entry| {
            !(entry.file_type().is_dir() && skipped.iter().any(|name| entry.file_name() == *name))
        });
    for entry in walker {
        let entry = entry.expect("reading the checkout");
        let target = copy.join(entry.path().strip_prefix(checkout).expect("below"));
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target).expect("a directory");
        } else if entry.file_type().is_file() {
            std::fs::copy(entry.path(), &target).expect("a file");
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
        .env("NO_COLOR", "1")
        .env("RUST_BACKTRACE", "0");
    command
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

/// A submission: a copy of the reference solution's `src/` with changes.
pub struct Submission {
    pub dir: PathBuf,
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

/// Grades `dir` in `format`.
pub fn grade_dir(dir: &Path, format: &str) -> (i32, String) {
    let output = grader()
        .args(["grade", "--format", format, "--work-dir"])
        .arg(work_dir())
        .arg(dir)
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
    let (_, stdout) = submission.grade("human");
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

/// The kit's rubric, as TOML.
pub fn kit_rubric() -> toml::Table {
    std::fs::read_to_string(kit_root().join("fixtures/rubric.toml"))
        .expect("the rubric")
        .parse()
        .expect("the rubric is TOML")
}

/// The kit's checks that the course keeps private (any visibility but `visible`).
pub fn private_checks() -> Vec<String> {
    kit_rubric()["check"]
        .as_array()
        .expect("checks")
        .iter()
        .filter(|check| {
            check
                .get("visibility")
                .and_then(toml::Value::as_str)
                .unwrap_or("visible")
                != "visible"
        })
        .filter_map(|check| check.get("name")?.as_str().map(str::to_owned))
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
