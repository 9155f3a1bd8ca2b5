//! JUnit XML: one test suite per part, one test case per check, for CI systems that
//! show test results.

use quick_junit::{NonSuccessKind, Report as JunitReport, TestCase, TestCaseStatus, TestSuite};

use super::{Report, points};

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
                let mut description = check.message.clone();
                if let Some(diff) = &check.diff {
                    description.push_str("\n\n");
                    description.push_str(diff);
                }
                description.push_str(&format!("\n\nhint: {}", check.hint));
                status.set_description(description);
                status
            };
            let mut case = TestCase::new(
                format!(
                    "{} ({}/{})",
                    check.name,
                    points(check.score),
                    points(check.max_score)
                ),
                status,
            );
            case.set_classname(part.id.clone());
            case.set_time(check.duration);
            suite.add_test_case(case);
        }
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
