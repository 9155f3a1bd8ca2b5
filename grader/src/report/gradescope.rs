//! Gradescope's `results.json`: the score, and one test per check with its own
//! score, status, output and visibility.
//!
//! serde escapes for JSON, but Gradescope renders the output as text, HTML or
//! Markdown, so the student's text arrives with its control characters already shown
//! as escapes (see [`super::text`]).

use serde_json::json;

use super::Report;

/// The results.json text.
pub fn render(report: &Report) -> String {
    let tests: Vec<_> = report
        .checks
        .iter()
        .map(|check| {
            let mut output = check.message.trim_end().to_owned();
            if let Some(diff) = &check.diff {
                output.push_str("\n\n");
                output.push_str(diff.trim_end());
            }
            if !check.passed && !check.output.is_empty() {
                output.push_str("\n\nYour code printed:\n");
                output.push_str(check.output.trim_end());
            }
            if !check.passed {
                output.push_str(&format!("\n\nHint: {}", check.hint));
            }
            json!({
                "name": format!("{}: {}", check.name, check.title),
                "score": check.score,
                "max_score": check.max_score,
                "status": if check.passed { "passed" } else { "failed" },
                "output": output,
                "visibility": check.visibility,
            })
        })
        .collect();
    let summary: Vec<String> = report
        .parts
        .iter()
        .map(|p| {
            format!(
                "{}: {}/{}",
                p.title,
                super::points(p.score),
                super::points(p.max_score)
            )
        })
        .collect();
    let mut output = format!(
        "Sandbox: {}\n\n{}",
        report.sandbox.describe(),
        summary.join("\n")
    );
    for error in &report.build_errors {
        output.push_str("\n\n");
        output.push_str(error);
    }
    let results = json!({
        "score": report.score,
        "execution_time": report.execution_time.as_secs(),
        "output": output,
        "sandbox": report.sandbox,
        "visibility": "visible",
        "stdout_visibility": "hidden",
        "tests": tests,
    });
    serde_json::to_string_pretty(&results).unwrap_or_default() + "\n"
}
