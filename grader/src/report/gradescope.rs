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
    let mut tests: Vec<_> = report
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
            let mut test = json!({
                "name": format!("{}: {}", check.name, check.title),
                "score": check.score,
                "max_score": check.max_score,
                "status": if check.passed { "passed" } else { "failed" },
                "output": output,
                "visibility": check.visibility,
            });
            // With a picture the output is HTML: the text escaped in a <pre>, then
            // the grader's SVG (drawn from numbers alone).
            if let Some(svg) = check.picture.as_ref().filter(|_| !check.passed) {
                test["output"] = json!(format!(
                    "<pre>{}</pre><figure>{svg}<figcaption>Expected (left) and yours (right).</figcaption></figure>",
                    super::text::escape(&output)
                ));
                test["output_format"] = json!("html");
            }
            test
        })
        .collect();
    // How the code reads: a test of its own, after the checks.
    tests.extend(report.style.as_ref().and_then(super::style::gradescope));
    let summary: Vec<String> = report
        .parts
        .iter()
        .map(|p| {
            format!(
                "{}: {}/{}",
                p.title,
                crate::rubric::points(p.score),
                crate::rubric::points(p.max_score)
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

/// The name of the one test of a results.json written when the grader could not
/// grade: how an instructor finds these among real grades (a real zero lists every
/// check of the rubric).
pub const NOT_GRADED: &str = "Autograder error (not a grade)";

/// A results.json for a submission the grader could not grade: score 0 with no
/// points possible, one test named [`NOT_GRADED`] whose output says why, and
/// `extra_data.autograder_error`, so that the student reads that it is not their
/// grade and the instructor can find it and regrade.
pub fn not_graded(error: &str) -> String {
    let output = format!(
        "The autograder could not grade this submission, so this is not a grade; the \
         course staff will look at it.\n\n{}",
        super::text::visible(error)
    );
    let results = json!({
        "score": 0.0,
        "output": output,
        "visibility": "visible",
        "stdout_visibility": "hidden",
        "tests": [{
            "name": NOT_GRADED,
            "score": 0.0,
            "max_score": 0.0,
            "status": "failed",
            "output": output,
            "visibility": "visible",
        }],
        "extra_data": { "autograder_error": true },
    });
    serde_json::to_string_pretty(&results).unwrap_or_default() + "\n"
}
