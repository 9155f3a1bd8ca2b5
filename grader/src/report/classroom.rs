//! GitHub Classroom's autograding result: the JSON that the
//! `autograding-grading-reporter` action reads (base64-encoded, from a variable named
//! `<RUNNER>_RESULTS`) to give the points to Classroom.
//!
//! `version` 1, an overall `status` (`pass` when every check passed, else `fail`),
//! `max_score`, and one test per check with its score and message.

use serde_json::json;

use super::Report;

/// The results text.
pub fn render(report: &Report) -> String {
    let mut tests: Vec<_> = report
        .checks
        .iter()
        .map(|check| {
            json!({
                "name": format!("{}: {}", check.name, check.title),
                "status": if check.passed { "pass" } else { "fail" },
                "score": check.score,
                "message": if check.passed {
                    String::new()
                } else {
                    format!("{} (hint: {})", check.message, check.hint)
                },
                "line_no": 0,
                "execution_time": format!("{:.2}s", check.duration.as_secs_f64()),
            })
        })
        .collect();
    tests.extend(report.style.as_ref().and_then(super::style::classroom));
    let status = if report.checks.iter().all(|c| c.passed) {
        "pass"
    } else {
        "fail"
    };
    let results = json!({
        "version": 1,
        "status": status,
        "max_score": report.max_score,
        "sandbox": report.sandbox,
        "tests": tests,
    });
    serde_json::to_string(&results).unwrap_or_default() + "\n"
}
