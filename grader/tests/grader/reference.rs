//! The reference solution and the starter, graded.

use serde_json::Value;

use super::support::{Submission, grade_dir, kit_root};

#[test]
fn the_reference_solution_scores_full_marks() {
    let (code, stdout) = grade_dir(&kit_root().join("solution"), "gradescope");
    assert_eq!(code, 0);
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
fn the_starter_scores_zero_with_a_reason_for_every_check() {
    let (code, stdout) = grade_dir(&kit_root().join("starter"), "gradescope");
    assert_eq!(code, 0);
    let results: Value = serde_json::from_str(&stdout).expect("results.json parses");
    assert_eq!(results["score"].as_f64(), Some(0.0));
    for test in results["tests"].as_array().expect("tests") {
        assert_eq!(test["status"], "failed", "{test}");
        let output = test["output"].as_str().unwrap_or_default();
        assert!(output.starts_with("not implemented: "), "{output}");
        assert!(output.contains("(handout §"), "{output}");
    }
}
