//! What a class got wrong: each check's failures grouped by their mistake key (see
//! [`crate::checks::mistake`]), read back from each student's `results.json`, so
//! that a class graded in shards and merged groups exactly as one graded whole.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::checks::{self, Mistake};
use crate::report::{TWIN_FAILED, TWIN_MISTAKE};

/// One student's failure of one check, as their `results.json` keeps it.
#[derive(Debug, Clone, PartialEq)]
pub struct Failure {
    /// The student (the class folder's entry name).
    pub student: String,
    /// What was wrong.
    pub mistake: Mistake,
    /// The check's message in the student's report.
    pub message: String,
    /// The grader's picture of the student's result beside the expected one.
    pub picture: Option<String>,
}

/// The failures of one check that share a mistake.
#[derive(Debug, Clone, PartialEq)]
pub struct Group {
    /// The mistake they share.
    pub mistake: Mistake,
    /// Each student's failure, by student name; the first stands for the group.
    pub failures: Vec<Failure>,
}

/// The failed checks of one student's JSON report, by check name. A report written
/// before checks kept a mistake key gets one from its message, as a judge that
/// keys nothing would have given it.
pub fn failures(student: &str, report: &Value) -> Vec<(String, Failure)> {
    let Some(checks) = report["checks"].as_array() else {
        return Vec::new();
    };
    checks
        .iter()
        .filter(|check| check["passed"] == false)
        .filter_map(|check| {
            let name = check["name"].as_str()?.to_owned();
            let message = check["message"].as_str().unwrap_or_default().to_owned();
            let mistake = serde_json::from_value(check["mistake"].clone())
                .ok()
                .unwrap_or_else(|| {
                    if check["grader_error"] == true {
                        Mistake::kind(checks::GRADER_ERROR)
                    } else if message.starts_with(TWIN_FAILED) {
                        Mistake::kind(TWIN_MISTAKE)
                    } else {
                        Mistake::of_message(&message)
                    }
                });
            let picture = check["picture"].as_str().map(str::to_owned);
            Some((
                name,
                Failure {
                    student: student.to_owned(),
                    mistake,
                    message,
                    picture,
                },
            ))
        })
        .collect()
}

/// One check's failures grouped by mistake: the largest group first (then by the
/// mistake's words), each group's students by name.
pub fn group(failures: Vec<Failure>) -> Vec<Group> {
    let mut by_mistake: BTreeMap<Mistake, Vec<Failure>> = BTreeMap::new();
    for failure in failures {
        by_mistake
            .entry(failure.mistake.clone())
            .or_default()
            .push(failure);
    }
    let mut groups: Vec<Group> = by_mistake
        .into_iter()
        .map(|(mistake, mut failures)| {
            failures.sort_by(|a, b| a.student.cmp(&b.student));
            Group { mistake, failures }
        })
        .collect();
    // A stable sort keeps the mistakes' order among groups of one size.
    groups.sort_by_key(|group| std::cmp::Reverse(group.failures.len()));
    groups
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};
    use std::time::Duration;

    use serde_json::{Value, json};

    use super::*;
    use crate::checks::{Case, Inputs, Verdict};
    use crate::report::CheckResult;
    use crate::rubric::Rubric;
    use crate::snapshots::Snapshots;

    fn fixtures() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures")
    }

    /// The kit's rubric and blessed outputs.
    struct Kit {
        rubric: Rubric,
        snapshots: Snapshots,
    }

    impl Kit {
        fn load() -> Kit {
            Kit {
                rubric: crate::rubric::load(&fixtures().join("rubric.toml")).expect("the rubric"),
                snapshots: Snapshots::load(&fixtures().join("snapshots")).expect("the snapshots"),
            }
        }

        /// What check `name`'s own judge decides when the code answers the kit's
        /// input with the blessed output changed by `answer`.
        fn judged(&self, name: &str, answer: impl FnOnce(&mut Value)) -> Verdict {
            let spec = checks::find(name).expect("a check");
            let input = (spec.input)(&Inputs {
                fixtures: &fixtures(),
                check: name,
                secret: None,
            })
            .expect("its input");
            let expected = &self.snapshots.get(name).expect("blessed").output;
            let mut output = expected.clone();
            answer(&mut output);
            checks::judge(
                &spec,
                &Case {
                    input: &input,
                    output: &output,
                    expected: Some(expected),
                },
            )
        }

        /// `student`'s failure of `name` judged `verdict`, read back from the JSON
        /// report as the class page reads it.
        fn failure(&self, student: &str, name: &str, verdict: Verdict) -> Failure {
            let check = self
                .rubric
                .checks
                .iter()
                .find(|check| check.spec.name == name)
                .expect("a rubric check");
            let result = CheckResult::new(check, verdict, None, String::new(), Duration::ZERO);
            let report = json!({ "checks": [serde_json::to_value(&result).expect("JSON")] });
            let mut found = failures(student, &report);
            assert_eq!(found.len(), 1, "{report:#}");
            found.remove(0).1
        }
    }

    fn students(group: &Group) -> Vec<&str> {
        group.failures.iter().map(|f| f.student.as_str()).collect()
    }

    #[test]
    fn two_submissions_with_the_same_bug_share_a_group_and_another_bug_has_its_own() {
        let kit = Kit::load();
        // Neighbours taken in another order: the 2nd and 3rd rooms out swap places.
        let swapped = |output: &mut Value| {
            let visited = output[0]["visited"].as_array_mut().expect("visited");
            visited.swap(1, 2);
        };
        // Stopping early: the goal was checked when a room went in, not came out.
        let stopped = |output: &mut Value| {
            let visited = output[0]["visited"].as_array_mut().expect("visited");
            visited.truncate(5);
        };
        let right = kit.judged("rat_bfs_sample", |_| ());
        assert!(right.passed, "{right:?}");
        let groups = group(vec![
            kit.failure(
                "zoe",
                "rat_bfs_sample",
                kit.judged("rat_bfs_sample", swapped),
            ),
            kit.failure(
                "carl",
                "rat_bfs_sample",
                kit.judged("rat_bfs_sample", stopped),
            ),
            kit.failure(
                "amy",
                "rat_bfs_sample",
                kit.judged("rat_bfs_sample", swapped),
            ),
        ]);
        assert_eq!(groups.len(), 2, "{groups:#?}");
        assert_eq!(
            students(&groups[0]),
            ["amy", "zoe"],
            "the larger group first"
        );
        assert_eq!(groups[0].mistake.kind, "visit order");
        assert!(
            groups[0]
                .mistake
                .detail
                .contains("the 2nd room taken out is"),
            "{:?}",
            groups[0].mistake
        );
        assert!(groups[0].failures[0].picture.is_some(), "with its picture");
        assert_eq!(students(&groups[1]), ["carl"]);
        assert!(
            groups[1]
                .mistake
                .detail
                .contains("it stopped after 5 rooms"),
            "{:?}",
            groups[1].mistake
        );
    }

    #[test]
    fn failures_group_by_their_first_wrong_value_not_by_their_whole_message() {
        let kit = Kit::load();
        // The opposite of EAST (the 5th set, 0b0100) left as EAST by both; one of
        // them also gets NORTH | EAST wrong, later in the list.
        let east = |output: &mut Value| output[4] = json!(4);
        let east_and_more = |output: &mut Value| {
            output[4] = json!(4);
            output[5] = json!(5);
        };
        let north = |output: &mut Value| output[1] = json!(1);
        let one = kit.failure(
            "one",
            "direction_opposite",
            kit.judged("direction_opposite", east),
        );
        let two = kit.failure(
            "two",
            "direction_opposite",
            kit.judged("direction_opposite", east_and_more),
        );
        let three = kit.failure(
            "three",
            "direction_opposite",
            kit.judged("direction_opposite", north),
        );
        assert_ne!(one.message, two.message, "their messages differ");
        let groups = group(vec![one, two, three]);
        assert_eq!(groups.len(), 2, "{groups:#?}");
        assert_eq!(students(&groups[0]), ["one", "two"]);
        assert_eq!(
            groups[0].mistake,
            Mistake::new(
                checks::mistake::WRONG_RESULT,
                "opposite of EAST gave EAST, expected WEST: NORTH and SOUTH, EAST and WEST are each \
                 other's opposites"
            )
        );
        assert_eq!(students(&groups[1]), ["three"]);
    }

    #[test]
    fn a_report_without_mistake_keys_is_grouped_by_its_messages() {
        let report = json!({ "checks": [
            { "name": "a", "passed": false, "message": "step 3 goes south from (2, 4) through a wall\nfix b first" },
            { "name": "b", "passed": false, "message": TWIN_FAILED },
            { "name": "c", "passed": false, "message": "the grader could not judge this: x", "grader_error": true },
            { "name": "d", "passed": true, "message": "fine" },
        ] });
        let found: Vec<(String, Mistake)> = failures("ann", &report)
            .into_iter()
            .map(|(check, failure)| (check, failure.mistake))
            .collect();
        assert_eq!(
            found,
            [
                (
                    "a".to_owned(),
                    Mistake::of_message("step 17 goes south from (0, 1) through a wall")
                ),
                ("b".to_owned(), Mistake::kind(TWIN_MISTAKE)),
                ("c".to_owned(), Mistake::kind(checks::GRADER_ERROR)),
            ]
        );
    }
}
