//! The grader's command line: exit codes, errors, outputs.

use super::support::{Removed, Submission, copy_kit, grader, kit_root, work_dir};

/// `grader grade --format json --check position_display`: one quick check of
/// `submission`, built in `work_dir`.
fn grade_position_display(
    work_dir: impl AsRef<std::path::Path>,
    submission: impl AsRef<std::path::Path>,
) -> std::process::Output {
    grade_position_display_by(grader(), work_dir, submission)
}

/// [`grade_position_display`] run by `command` (the grader with an environment of
/// its own).
fn grade_position_display_by(
    mut command: assert_cmd::Command,
    work_dir: impl AsRef<std::path::Path>,
    submission: impl AsRef<std::path::Path>,
) -> std::process::Output {
    command
        .args([
            "grade",
            "--format",
            "json",
            "--check",
            "position_display",
            "--work-dir",
        ])
        .arg(work_dir.as_ref())
        .arg(submission.as_ref())
        .output()
        .expect("runs")
}

#[test]
#[ignore = "full tier: builds a submission of its own, twice"]
fn cargo_incremental_0_builds_a_submission_once_keeping_nothing_as_a_class_does() {
    let submission = Submission::from_solution("incremental-off");
    let work = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("incremental-off-work");
    let _ = std::fs::remove_dir_all(&work);
    // A work dir of its own, with a seed of its own: some 230 MB gone when it ends.
    let _gone_after = Removed(work.clone());
    // The submission's harness (named after its folder), and what its build keeps.
    let harness = || {
        let dir = std::fs::read_dir(work.join("harness"))
            .expect("a harness")
            .filter_map(Result::ok)
            .map(|entry| entry.path())
            .find(|path| {
                path.file_name()
                    .is_some_and(|name| name.to_string_lossy().starts_with("incrementaloff-"))
            })
            .expect("the submission's harness");
        let id = dir.file_name().expect("a name").to_owned();
        let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).expect("its manifest");
        let units = manifest
            .split("[profile.dev.package.maze-probe-")
            .nth(1)
            .and_then(|rest| rest.lines().nth(1))
            .unwrap_or_default()
            .to_owned();
        let kept = work
            .join("targets")
            .join(id)
            .join("debug/incremental")
            .read_dir()
            .map(|entries| entries.count())
            .unwrap_or(0);
        (units, kept)
    };
    let graded = |incremental: Option<&str>| {
        let mut command = grader();
        if let Some(value) = incremental {
            command.env("CARGO_INCREMENTAL", value);
        }
        let output = grade_position_display_by(command, &work, &submission.dir);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
    };
    graded(Some("0"));
    assert_eq!(
        harness(),
        ("codegen-units = 1".to_owned(), 0),
        "built once: the probe in one unit, no incremental data"
    );
    graded(None);
    let (units, kept) = harness();
    assert_eq!(units, "codegen-units = 16", "built again after edits");
    assert!(kept > 0, "incremental data kept for the next build");
}

#[test]
fn a_missing_submission_is_a_grader_error_with_exit_code_2() {
    let output = grader()
        .args(["grade", "no/such/dir"])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        stderr.trim(),
        "grader: error: the submission no/such/dir is not a directory"
    );
}

#[test]
fn a_reader_that_closes_the_pipe_early_leaves_the_report_files_and_the_exit_code_as_they_were() {
    // `grader grade | head -3`: the reader is gone before the report is written. The
    // grading ends without an error, still writes its report files and still says, in
    // its exit code, that the score is below the minimum.
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let dir = tempfile::tempdir().expect("temp dir");
    let json = dir.path().join("report.json");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_grader"))
        .args([
            "grade",
            "--check",
            "position_display",
            "--min-score",
            "1000",
        ])
        .arg("--report")
        .arg(format!("json={}", json.display()))
        .arg("--work-dir")
        .arg(work_dir())
        .arg(kit_root().join("solution"))
        .stdout(writer)
        .stderr(std::process::Stdio::piped())
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("error"), "{stderr}");
    assert!(stderr.contains("below the minimum 1000"), "{stderr}");
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    let report: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&json).expect("the JSON report")).expect("JSON");
    assert_eq!(
        report["checks"].as_array().map(Vec::len),
        Some(1),
        "{report}"
    );
}

#[test]
fn a_bad_rubric_is_an_error_naming_the_line() {
    let kit = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir_all(kit.path().join("fixtures")).expect("fixtures");
    let rubric = std::fs::read_to_string(kit_root().join("fixtures/rubric.toml")).expect("rubric");
    // A course's change to one check, with a word where a number belongs.
    let changed = format!(
        "{}\n\n[[check]]\nname = \"direction_opposite\"\npoints = \"two\"\n",
        rubric.trim_end()
    );
    std::fs::write(kit.path().join("fixtures/rubric.toml"), &changed).expect("write");
    let output = grader()
        .args(["grade", "--kit"])
        .arg(kit.path())
        .arg(kit_root().join("solution"))
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    let line = changed.lines().count();
    assert!(
        stderr.contains(&format!("rubric.toml line {line}:")),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

#[test]
#[ignore = "full tier: builds and grades a broken submission of its own"]
fn a_score_below_min_score_exits_with_code_1() {
    let submission = Submission::from_solution("min-score").replace(
        "direction.rs",
        "result.insert(Direction::SOUTH);",
        "result.insert(Direction::NORTH);",
    );
    let output = grader()
        .args([
            "grade",
            "--format",
            "markdown",
            "--min-score",
            "1000",
            "--work-dir",
        ])
        .arg(work_dir())
        .arg(&submission.dir)
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("below the minimum 1000"));
    let markdown = String::from_utf8_lossy(&output.stdout);
    assert!(markdown.starts_with("## Perfect Mazes: "), "{markdown}");
    assert!(
        markdown.contains("| ❌ | `direction_opposite`"),
        "{markdown}"
    );
}

#[test]
#[ignore = "full tier: grades a submission once per report format"]
fn reports_go_to_the_output_file_in_every_format() {
    let dir = tempfile::tempdir().expect("temp dir");
    for (format, start) in [
        ("junit", "<?xml"),
        ("gradescope", "{"),
        ("json", "{"),
        ("markdown", "## "),
        ("human", "Grading "),
    ] {
        let file = dir.path().join(format!("report.{format}"));
        grader()
            .args(["grade", "--format", format, "--work-dir"])
            .arg(work_dir())
            .arg("--output")
            .arg(&file)
            .arg(kit_root().join("solution"))
            .assert()
            .success();
        let text = std::fs::read_to_string(&file).expect("the report was written");
        assert!(text.starts_with(start), "{format}: {text}");
        assert!(!text.contains('\u{1b}'), "{format} report has colour codes");
    }
}

#[test]
fn a_broken_kit_fixture_is_the_kits_error_with_exit_code_2_not_the_students() {
    let kit = tempfile::tempdir().expect("temp dir");
    copy_kit(&["fixtures"], kit.path());
    std::fs::write(
        kit.path().join("fixtures/mazes/maze-5x5-c0.5-s21.json"),
        "{ \"width\": 5",
    )
    .expect("write");
    let output = grader()
        .args(["grade", "--kit"])
        .arg(kit.path())
        .arg(kit_root().join("solution"))
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("maze-5x5-c0.5-s21.json is not Maze JSON"),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

#[test]
fn check_runs_only_the_named_check_and_an_unknown_name_lists_the_checks() {
    let output = grade_position_display(work_dir(), kit_root().join("solution"));
    assert_eq!(output.status.code(), Some(0));
    // What the grader is doing goes to stderr, as a plain line when it is no
    // terminal; stdout holds the report alone.
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr
            .lines()
            .any(|line| line == "grader: building your code…"),
        "{stderr}"
    );
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("a JSON report");
    let names: Vec<&str> = report["checks"]
        .as_array()
        .expect("checks")
        .iter()
        .filter_map(|c| c["name"].as_str())
        .collect();
    assert_eq!(names, ["position_display"]);
    assert_eq!(report["max_score"].as_f64(), Some(1.0));

    let output = grader()
        .args(["grade", "--check", "position_dispaly"])
        .arg(kit_root().join("solution"))
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.starts_with(
            "grader: error: there is no check \"position_dispaly\" in the rubric; the checks are "
        ) && stderr.contains(", position_display, "),
        "{stderr}"
    );
}

#[test]
#[ignore = "full tier: builds the starter in a repository of its own"]
fn a_repository_root_is_graded_through_its_starter_and_an_empty_folder_is_named() {
    let repo = tempfile::tempdir().expect("temp dir");
    let output = grade_position_display(work_dir(), repo.path());
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("holds no submission: no src/lib.rs"),
        "{stderr}"
    );

    let starter = Submission::from_starter("repository-root");
    std::fs::create_dir_all(repo.path().join("starter")).expect("starter/");
    std::fs::rename(starter.dir.join("src"), repo.path().join("starter/src")).expect("moving");
    let output = grade_position_display(work_dir(), repo.path());
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("a JSON report");
    assert!(
        report["submission"]
            .as_str()
            .is_some_and(|s| s.ends_with("starter")),
        "{report}"
    );
    assert_eq!(report["score"].as_f64(), Some(0.0));
}

#[test]
#[ignore = "full tier: builds the dependencies again in a new work dir"]
fn a_relative_work_dir_is_taken_from_the_current_directory() {
    // A relative work dir names one below the kit, where cargo's target usually is.
    let Ok(relative) = work_dir()
        .strip_prefix(kit_root())
        .map(std::path::Path::to_path_buf)
    else {
        println!(
            "skipped: the suite's work dir {} is outside the kit (CARGO_TARGET_DIR points \
             elsewhere), so no relative path from the kit names it",
            work_dir().display()
        );
        return;
    };
    assert!(relative.is_relative());
    let output = grade_position_display(&relative, kit_root().join("solution"));
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("a JSON report");
    assert_eq!(report["score"].as_f64(), Some(1.0), "{report}");
}
