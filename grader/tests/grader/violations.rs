//! The handout's rules proven by violations: `handout/violations.toml` holds changes
//! to the reference a student could make, each breaking one rule of
//! `handout/rules.toml`. The default tier checks the table against the rules and the
//! reference; the full tier grades each violation as the student template's grader
//! does and asserts its check fails with words that lead to the rule.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;
use serde_json::Value;

use super::rules::rules_and_checks;
use super::support::{
    Submission, check, checkout, graded_checks, grader, kit_without_secret, private_checks,
    work_dir,
};

/// One `[[violation]]` of the table.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Violation {
    rule: String,
    what: String,
    file: String,
    find: String,
    replace: String,
    check: String,
    says: String,
}

fn violations() -> Vec<Violation> {
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Table {
        violation: Vec<Violation>,
    }
    let path = checkout().join("handout/violations.toml");
    let text = std::fs::read_to_string(&path).expect("reading handout/violations.toml");
    let table: Table =
        toml::from_str(&text).unwrap_or_else(|error| panic!("handout/violations.toml: {error}"));
    table.violation
}

#[test]
fn every_violation_breaks_a_rule_that_its_check_grades_in_code_the_reference_holds() {
    let rules: BTreeMap<String, Vec<String>> = rules_and_checks().into_iter().collect();
    let private = private_checks();
    let graded: Vec<&str> = graded_checks()
        .iter()
        .filter_map(|check| check["name"].as_str())
        .collect();
    let mut problems = Vec::new();
    for violation in violations() {
        let name = format!("{:?} ({})", violation.what, violation.rule);
        match rules.get(&violation.rule) {
            None => problems.push(format!("{name}: handout/rules.toml has no such rule")),
            Some(checks) if !checks.contains(&violation.check) => problems.push(format!(
                "{name}: its rule is graded by {checks:?}, not by {}",
                violation.check
            )),
            Some(_) => {}
        }
        if !graded.contains(&violation.check.as_str()) || private.contains(&violation.check) {
            problems.push(format!(
                "{name}: {} is not a visible check the kit grades",
                violation.check
            ));
        }
        let path = checkout().join("solution/src").join(&violation.file);
        match std::fs::read_to_string(&path) {
            Ok(text) if text.matches(&violation.find).count() == 1 => {}
            Ok(text) => problems.push(format!(
                "{name}: solution/src/{} holds its `find` {} times, not once",
                violation.file,
                text.matches(&violation.find).count()
            )),
            Err(error) => {
                problems.push(format!("{name}: solution/src/{}: {error}", violation.file))
            }
        }
        if violation.find == violation.replace || violation.says.trim().is_empty() {
            problems.push(format!("{name}: changes nothing, or says nothing"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_rules_with_a_violation_are_counted() {
    let rules = rules_and_checks();
    let violations = violations();
    let proven: Vec<&str> = rules
        .iter()
        .map(|(rule, _)| rule.as_str())
        .filter(|rule| violations.iter().any(|v| v.rule == *rule))
        .collect();
    println!(
        "{} of the {} rules of handout/rules.toml have a violation in handout/violations.toml ({} violations)",
        proven.len(),
        rules.len(),
        violations.len()
    );
    assert!(!proven.is_empty(), "no rule has a violation");
}

/// Grades `submission` against the kit at `kit` with the one check `name`, JSON.
fn graded(submission: &Path, kit: &Path, name: &str) -> Value {
    let output = grader()
        .args(["grade", "--format", "json", "--check", name, "--kit"])
        .arg(kit)
        .arg("--work-dir")
        .arg(work_dir())
        .arg(submission)
        .output()
        .expect("running the grader");
    serde_json::from_slice(&output.stdout).unwrap_or_else(|error| {
        panic!(
            "no JSON report ({error}): {}",
            String::from_utf8_lossy(&output.stderr)
        )
    })
}

#[test]
#[ignore = "full tier: builds and grades each violation of handout/violations.toml (about a minute)"]
fn each_violation_costs_its_check_with_words_that_lead_to_its_rule() {
    let template = tempfile::tempdir().expect("a temp dir");
    kit_without_secret(template.path());
    // MAZE_VIOLATIONS=words grades only the violations whose rule or `what` holds them,
    // for whoever is writing new ones.
    let only = std::env::var("MAZE_VIOLATIONS").unwrap_or_default();
    let violations: Vec<Violation> = violations()
        .into_iter()
        .filter(|v| v.rule.contains(&only) || v.what.contains(&only))
        .collect();
    let submissions: Vec<Submission> = violations
        .iter()
        .enumerate()
        .map(|(index, violation)| {
            Submission::from_solution(&format!("violation-{index}")).replace(
                &violation.file,
                &violation.find,
                &violation.replace,
            )
        })
        .collect();
    // Two at a time: each build and check is mostly one core's work.
    let reports: Vec<Value> = std::thread::scope(|scope| {
        let mut reports = Vec::new();
        for pair in violations
            .iter()
            .zip(&submissions)
            .collect::<Vec<_>>()
            .chunks(2)
        {
            let running: Vec<_> = pair
                .iter()
                .map(|(violation, submission)| {
                    scope.spawn(|| graded(&submission.dir, template.path(), &violation.check))
                })
                .collect();
            reports.extend(running.into_iter().map(|r| r.join().expect("grading")));
        }
        reports
    });
    let mut problems = Vec::new();
    for (violation, report) in violations.iter().zip(&reports) {
        let graded = check(report, &violation.check);
        let words = format!(
            "{} {}",
            graded["message"].as_str().unwrap_or_default(),
            graded["hint"].as_str().unwrap_or_default()
        );
        println!(
            "{} ({}): {} {} — {words}",
            violation.what,
            violation.rule,
            violation.check,
            if graded["passed"] == true {
                "PASSED"
            } else {
                "failed"
            }
        );
        if graded["passed"] == true {
            problems.push(format!(
                "{:?} passes {}: the template's grader does not catch it",
                violation.what, violation.check
            ));
        } else if !words.contains(&violation.says) {
            problems.push(format!(
                "{:?} fails {}, but its words do not say {:?}: {words}",
                violation.what, violation.check, violation.says
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
