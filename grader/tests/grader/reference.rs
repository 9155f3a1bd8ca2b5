//! The reference solution and the starter, graded. The default tier grades the
//! reference whole and each part alone (the part's checks only, so its probe feature
//! is built and its checks judged end to end); the rest is in the full tier.

use serde_json::Value;

use super::support::{
    Submission, grade_dir_with, graded_checks, grader, human_report_of, kit_root, part_on,
    says_what_is_not_written, work_dir,
};

/// The names of the checks of `part` (`part1`…`part5`) the kit grades, in report
/// order.
fn checks_of(part: &str) -> Vec<String> {
    graded_checks()
        .iter()
        .filter(|check| check["part"].as_str() == Some(part))
        .map(|check| check["name"].as_str().expect("a name").to_owned())
        .collect()
}

/// Grades the reference with the checks of `part` alone and asserts the JSON report
/// holds exactly those, each passed with its points, and the part's full score.
fn reference_passes_every_check_of(part: &str) {
    if !part_on(part, &format!("the reference graded on {part} alone")) {
        return;
    }
    let names = checks_of(part);
    assert!(!names.is_empty(), "the rubric has no check of {part}");
    let mut command = grader();
    command
        .args(["grade", "--format", "json", "--work-dir"])
        .arg(work_dir());
    for name in &names {
        command.args(["--check", name]);
    }
    let output = command
        .arg(kit_root().join("solution"))
        .output()
        .expect("running the grader");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    let report: Value = serde_json::from_str(&stdout).expect("the JSON report parses");
    let checks = report["checks"].as_array().expect("checks");
    let graded: Vec<&str> = checks
        .iter()
        .map(|c| c["name"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(
        graded, names,
        "the report holds {part}'s checks and no other"
    );
    for check in checks {
        assert_eq!(check["passed"], true, "{check}");
        assert_eq!(check["part"], part, "{check}");
    }
    let parts = report["parts"].as_array().expect("parts");
    assert_eq!(parts.len(), 1, "{parts:?}");
    assert_eq!(parts[0]["id"], part);
    assert!(
        parts[0]["max_score"].as_f64().unwrap_or(0.0) > 0.0,
        "{parts:?}"
    );
    assert_eq!(parts[0]["score"], parts[0]["max_score"], "{parts:?}");
}

#[test]
fn part_1_alone_the_reference_passes_every_check() {
    reference_passes_every_check_of("part1");
}

#[test]
fn part_2_alone_the_reference_passes_every_check() {
    reference_passes_every_check_of("part2");
}

#[test]
fn part_3_alone_the_reference_passes_every_check() {
    reference_passes_every_check_of("part3");
}

#[test]
fn part_4_alone_the_reference_passes_every_check() {
    reference_passes_every_check_of("part4");
}

#[test]
fn part_5_alone_the_reference_passes_every_check() {
    reference_passes_every_check_of("part5");
}

#[test]
fn the_reference_solution_scores_full_marks_and_clippy_finds_nothing_in_it() {
    let json = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("reference.json");
    let output = grader()
        .args(["grade", "--format", "gradescope", "--work-dir"])
        .arg(work_dir())
        .arg(kit_root().join("solution"))
        .arg("--report")
        .arg(format!("json={}", json.display()))
        .output()
        .expect("running the grader");
    assert_eq!(output.status.code(), Some(0));
    let stdout = String::from_utf8_lossy(&output.stdout);
    // Under the default list, nothing anywhere in the reference: neither in the
    // regions a student writes nor in the code the kit provides (which every
    // student's crate holds too).
    let report: Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("the JSON report"))
            .expect("the JSON report parses");
    assert_eq!(report["style"]["checked"], true, "{}", report["style"]);
    assert_eq!(report["style"]["findings"], serde_json::json!([]));
    assert_eq!(report["style"]["not_yours"], 0);
    let results: Value = serde_json::from_str(&stdout).expect("results.json parses");
    let tests = results["tests"].as_array().expect("tests");
    assert!(tests.len() >= 30, "only {} tests", tests.len());
    let max: f64 = tests
        .iter()
        .map(|t| t["max_score"].as_f64().unwrap_or(0.0))
        .sum();
    assert_eq!(results["score"].as_f64(), Some(max));
    for test in tests {
        assert_eq!(test["status"], "passed", "{test}");
        assert!(
            ["visible", "hidden", "after_due_date", "after_published"]
                .contains(&test["visibility"].as_str().unwrap_or(""))
        );
    }
}

#[test]
#[ignore = "full tier: builds a submission of its own and grades it twice"]
fn grading_the_same_submission_twice_gives_the_same_report() {
    let submission = Submission::from_solution("twice").replace(
        "direction.rs",
        "result.insert(Direction::WEST);",
        "result.insert(Direction::NORTH);",
    );
    let (_, first) = submission.grade("json");
    let (_, second) = submission.grade("json");
    assert_eq!(first, second);
}

#[test]
#[ignore = "full tier: builds the starter and runs every check to its todo!()"]
fn the_starter_scores_zero_with_a_reason_for_every_check() {
    // With --style, as Gradescope's run_autograder grades.
    let (code, stdout) = grade_dir_with(&kit_root().join("starter"), "gradescope", &["--style"]);
    assert_eq!(code, 0);
    let results: Value = serde_json::from_str(&stdout).expect("results.json parses");
    assert_eq!(results["score"].as_f64(), Some(0.0));
    let mut public = 0;
    for test in results["tests"].as_array().expect("tests") {
        // Nothing the starter holds is the student's yet: clippy has nothing to say.
        if test["name"] == "How your code reads (clippy)" {
            assert_eq!(test["status"], "passed", "{test}");
            assert!(
                test["output"]
                    .as_str()
                    .is_some_and(|o| o.contains("nothing to point out")),
                "{test}"
            );
            continue;
        }
        assert_eq!(test["status"], "failed", "{test}");
        let output = test["output"].as_str().unwrap_or_default();
        // A hidden check names only the kind of failure: its own message names its
        // private input.
        if output.starts_with("failed (not implemented) on inputs the course keeps private") {
            continue;
        }
        assert!(says_what_is_not_written(output), "{output}");
        public += 1;
    }
    assert!(public > 0, "no public check said why it failed");
}

/// Where a whole report is pinned, and how to pin it again: the only two tests that
/// pin a whole report are the reference's and the starter's. Every other test pins
/// the lines of the checks it is about (`support::failing_report`), so adding a check or
/// changing a course's points, limits or titles changes these two and nothing else.
const REPIN: &str = "A whole report changed: the reference's or the starter's. If you meant it \
(a check added or renamed, points, limits or titles changed in its declaration or in fixtures/rubric.toml), \
read the diff printed with this message, then pin the new report with \
`INSTA_UPDATE=always cargo test --workspace --test grader --locked reference::whole_report` \
and commit the .snap files (the guide: Test tiers and CI, Pinned lines)";

#[test]
fn whole_report_of_the_reference_is_the_pinned_one() {
    insta::with_settings!({ description => REPIN, omit_expression => true }, {
        insta::assert_snapshot!(human_report_of(&kit_root().join("solution")));
    });
}

#[test]
fn whole_report_of_the_starter_is_the_pinned_one() {
    insta::with_settings!({ description => REPIN, omit_expression => true }, {
        insta::assert_snapshot!(human_report_of(&kit_root().join("starter")));
    });
}
