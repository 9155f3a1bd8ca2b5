//! A student's pull request that edits its own grader: the workflow grades it with
//! the course's grader at its pinned commit, and the feedback-only workflow says
//! whose grader it ran.

use std::path::{Path, PathBuf};

use super::dist_target;
use crate::actions::{Runner, copy_dir};
use crate::support::{grader, kit_root, work_dir};

/// A grader that gives full marks to anything: what a student puts in their own
/// repository's `grader/src/main.rs` to grade themselves. It writes every report it
/// is asked for with a score of 1000 and prints that score.
const SELF_GRADER: &str = r##"//! Full marks, whatever is graded.
fn main() {
    let args: Vec<String> = std::env::args().collect();
    for pair in args.windows(2).filter(|pair| pair[0] == "--report") {
        let (format, path) = pair[1].split_once('=').expect("FORMAT=FILE");
        let text = match format {
            "markdown" => "Score: 1000/1000\n".to_owned(),
            "classroom" => r#"{"version":1,"status":"pass","max_score":1000,"tests":[{"name":"all","status":"pass","score":1000}]}"#.to_owned(),
            _ => r#"{"score":1000.0,"max_score":1000.0,"tests":[]}"#.to_owned(),
        };
        std::fs::write(path, text).expect("writing a report");
    }
    println!("Score: 1000/1000");
}
"##;

/// `template` as a student's repository: their Part 1 direction work done (the
/// reference's `direction.rs`), and `grader/src/main.rs` replaced by [`SELF_GRADER`].
fn students_repository(template: &Path, into: &Path) {
    let _ = std::fs::remove_dir_all(into);
    copy_dir(template, into);
    std::fs::copy(
        kit_root().join("solution/src/direction.rs"),
        into.join("starter/src/direction.rs"),
    )
    .expect("the student's work");
    std::fs::write(into.join("grader/src/main.rs"), SELF_GRADER).expect("the edited grader");
}

/// Runs git in `dir`, as the course's automation would.
fn git(dir: &Path, args: &[&str]) -> String {
    let output = std::process::Command::new("git")
        .args([
            "-c",
            "user.name=Course",
            "-c",
            "user.email=course@example.org",
        ])
        .args(args)
        .current_dir(dir)
        .output()
        .expect("git runs");
    assert!(
        output.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).trim().to_owned()
}

/// The score of a results.json.
fn score(results: &Path) -> f64 {
    let text = std::fs::read_to_string(results).expect("results.json");
    let json: serde_json::Value = serde_json::from_str(&text).expect("results.json is JSON");
    json["score"].as_f64().expect("a score")
}

#[test]
#[ignore = "full tier: builds the course's grader and the student's, and grades through the workflow"]
fn a_pull_request_that_edits_its_own_grader_gets_the_course_graders_score() {
    let scratch = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("dist-workflow");
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(&scratch).expect("scratch");

    // The course writes its grader repository, pushes it and pins its commit.
    let course = scratch.join("course-grader");
    grader()
        .arg("publish-grader")
        .arg(&course)
        .assert()
        .success();
    git(&course, &["init", "-q"]);
    git(&course, &["add", "-A"]);
    git(&course, &["commit", "-q", "-m", "The course grader"]);
    let pinned = git(&course, &["rev-parse", "HEAD"]);
    let template = scratch.join("template");
    grader()
        .args([
            "dist",
            "--grader-repo",
            "course/grader",
            "--grader-rev",
            &pinned,
        ])
        .arg(&template)
        .assert()
        .success();
    // Later commits to the course's repository do not change what the workflow runs.
    std::fs::write(course.join("LATER.md"), "a later commit\n").expect("a file");
    git(&course, &["add", "-A"]);
    git(&course, &["commit", "-q", "-m", "Later"]);

    // The student's pull request: some work, and a grader that gives full marks.
    let student = scratch.join("student");
    students_repository(&template, &student);
    // Actions' rust-cache keeps the course's build; the tests' work dir keeps the seed.
    let target = dist_target();
    let work = work_dir();
    let machine: [(&str, &Path); 2] = [
        ("CARGO_TARGET_DIR", &target),
        ("MAZE_GRADER_WORK_DIR", &work),
    ];
    let run = Runner {
        repository: ("student/perfect-mazes", &student),
        others: &[("course/grader", &course)],
        workspace: &scratch.join("runner/workspace"),
        machine_env: &machine,
    }
    .run();
    let steps: Vec<String> = run.steps.iter().map(|(n, s)| format!("{n}: {s}")).collect();
    let expected_skips = [
        "dtolnay/rust-toolchain@stable",
        "Swatinem/rust-cache@v2",
        "Points to GitHub Classroom",
        "Keep results.json",
    ];
    for skipped in expected_skips {
        assert!(
            steps.contains(&format!("{skipped}: skipped: third-party action")),
            "{steps:#?}"
        );
    }
    assert!(
        steps
            .iter()
            .any(|s| s.contains(&format!("checked out course/grader at {pinned}"))),
        "{steps:#?}"
    );
    assert!(steps.contains(&"Grade: ran".to_owned()), "{steps:#?}");
    assert!(
        steps.contains(&"Minimum score: ran".to_owned()),
        "{steps:#?}"
    );

    // What Classroom would get, what results.json says and the summary's score are the
    // course grader's, on the student's work: not the 1000 the student's grader gives.
    let workflow_score = score(&run.workspace.join("results.json"));
    let direct =
        std::process::Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
            .args(["run", "--locked", "-q", "-p", "maze-grader", "--", "grade"])
            .arg(&student)
            .args(["--format", "json"])
            .current_dir(&course)
            .env("CARGO_TARGET_DIR", &target)
            .env("MAZE_GRADER_WORK_DIR", &work)
            .env_remove("RUSTFLAGS")
            .output()
            .expect("the course's grader runs");
    let direct: serde_json::Value = serde_json::from_slice(&direct.stdout).expect("a JSON report");
    assert_eq!(Some(workflow_score), direct["score"].as_f64(), "{direct:#}");
    assert!(
        workflow_score > 0.0 && workflow_score < 1000.0,
        "{workflow_score}"
    );
    let classroom = &run.third_party_env["classroom-resources/autograding-grading-reporter@v1"]["GRADER_RESULTS"];
    let decoded = std::process::Command::new("base64")
        .arg("-d")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write as _;
            child
                .stdin
                .take()
                .expect("stdin")
                .write_all(classroom.as_bytes())?;
            child.wait_with_output()
        })
        .expect("base64 runs");
    let classroom: serde_json::Value =
        serde_json::from_slice(&decoded.stdout).expect("Classroom's result is JSON");
    let points: f64 = classroom["tests"]
        .as_array()
        .expect("tests")
        .iter()
        .filter_map(|t| t["score"].as_f64())
        .sum();
    assert_eq!(points, workflow_score, "{classroom:#}");
    assert!(
        run.summary
            .contains("Graded with the course's grader, course/grader at"),
        "{}",
        run.summary
    );
    assert!(!run.summary.contains("1000/1000"), "{}", run.summary);

    // The control: the same edit under a feedback-only workflow runs the student's own
    // grader (so the run above could have), and that workflow sends no points and says so.
    let feedback_template = scratch.join("feedback-template");
    grader()
        .args(["dist", "--feedback-only"])
        .arg(&feedback_template)
        .assert()
        .success();
    let feedback_student = scratch.join("feedback-student");
    students_repository(&feedback_template, &feedback_student);
    let feedback = Runner {
        repository: ("student/perfect-mazes", &feedback_student),
        others: &[],
        workspace: &scratch.join("feedback-runner/workspace"),
        machine_env: &machine,
    }
    .run();
    assert_eq!(score(&feedback.workspace.join("results.json")), 1000.0);
    assert!(
        feedback.summary.starts_with("**Feedback only.**"),
        "{}",
        feedback.summary
    );
    assert!(
        !feedback
            .third_party_env
            .keys()
            .any(|uses| uses.contains("classroom")),
        "{:?}",
        feedback.steps
    );
}
