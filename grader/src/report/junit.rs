//! JUnit XML: one test suite per part, one test case per check, for CI systems that
//! show test results.
//!
//! CI keeps a test's history by its name, so a test case is named after its check
//! alone (`direction_opposite`, class name `part1`); the points go in the test
//! case's properties. The student's text arrives with every character that XML 1.0
//! forbids already shown as an escape (see [`super::text`]); quick-junit escapes
//! `<`, `&` and `>` (and would silently drop ANSI escapes and C0 controls, which by
//! then are plain text).

use quick_junit::{
    NonSuccessKind, Property, Report as JunitReport, TestCase, TestCaseStatus, TestSuite,
};

use super::Report;
use crate::rubric::points;

/// The JUnit XML text.
pub fn render(report: &Report) -> String {
    let mut junit = JunitReport::new("perfect-mazes");
    for part in &report.parts {
        let mut suite = TestSuite::new(part.title.clone());
        for check in report.checks.iter().filter(|c| c.part.id() == part.id) {
            let status = if check.passed {
                TestCaseStatus::success()
            } else {
                let mut status = TestCaseStatus::non_success(NonSuccessKind::Failure);
                status.set_message(check.message.lines().next().unwrap_or_default().to_owned());
                let mut description = check.message.trim_end().to_owned();
                if let Some(diff) = &check.diff {
                    description.push_str("\n\n");
                    description.push_str(diff.trim_end());
                }
                description.push_str(&format!("\n\nhint: {}", check.hint));
                status.set_description(description);
                status
            };
            let mut case = TestCase::new(check.name.clone(), status);
            case.set_classname(part.id.clone());
            case.set_time(check.duration);
            case.add_properties([
                Property::new("title", check.title.clone()),
                Property::new("score", points(check.score)),
                Property::new("max_score", points(check.max_score)),
            ]);
            if !check.output.is_empty() {
                case.set_system_out(check.output.clone());
            }
            suite.add_test_case(case);
        }
        suite.add_properties([
            Property::new("score", points(part.score)),
            Property::new("max_score", points(part.max_score)),
            Property::new("sandbox", report.sandbox.name()),
        ]);
        junit.add_test_suite(suite);
    }
    if let Some(section) = &report.style {
        let (outcome, headline, text) = super::style::junit(section);
        let status = match outcome {
            super::style::Outcome::Passed => TestCaseStatus::success(),
            super::style::Outcome::Failed => {
                let mut status = TestCaseStatus::non_success(NonSuccessKind::Failure);
                status.set_message(headline);
                status.set_description(text.clone());
                status
            }
            super::style::Outcome::Skipped => {
                let mut status = TestCaseStatus::skipped();
                status.set_message(headline);
                status
            }
        };
        let mut case = TestCase::new("style", status);
        case.set_classname("style");
        case.add_properties([
            Property::new("score", points(section.score)),
            Property::new("max_score", points(section.max_score)),
            Property::new("findings", section.findings.len().to_string()),
        ]);
        case.set_system_out(text);
        let mut suite = TestSuite::new("How your code reads (clippy)");
        suite.add_test_case(case);
        junit.add_test_suite(suite);
    }
    if !report.build_errors.is_empty() {
        let mut suite = TestSuite::new("build");
        let mut status = TestCaseStatus::non_success(NonSuccessKind::Error);
        status.set_message("the submission does not build");
        status.set_description(report.build_errors.join("\n\n"));
        suite.add_test_case(TestCase::new("build", status));
        junit.add_test_suite(suite);
    }
    junit.set_time(report.execution_time);
    junit.to_string().unwrap_or_default()
}
