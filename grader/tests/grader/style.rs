//! How the code reads: clippy's findings on the student's own code, in every report
//! and on the class page. Each test builds submissions of its own (full tier); the
//! reference's and the starter's findings are asserted where `reference.rs` grades
//! them already.

use std::path::{Path, PathBuf};

use serde_json::Value;

use super::class::{copy_crate, grade_all_with};
use super::support::{Submission, failed, grade_dir_with, grader, work_dir};

/// A function in the ways the handout steers students away from: a `&Vec` taken
/// where a slice would do, `len() == 0`, an index loop, a `return` at the end (with
/// an `#[allow]` for it, which the default rubric does not honour).
const TOTAL: &str = "
/// The sum of `values`.
#[allow(clippy::needless_return)]
pub fn total(values: &Vec<i32>) -> i32 {
    if values.len() == 0 {
        return 0;
    }
    let mut sum = 0;
    for i in 0..values.len() {
        sum += values[i];
    }
    return sum;
}
";

/// The line (1-based) of `src/FILE` that holds `text`, which must occur once.
fn line_of(submission: &Submission, file: &str, text: &str) -> usize {
    let source = std::fs::read_to_string(submission.dir.join("src").join(file)).expect("a source");
    assert_eq!(source.matches(text).count(), 1, "{text:?} in {file}");
    source[..source.find(text).expect("found")]
        .matches('\n')
        .count()
        + 1
}

/// Grades `dir` once, writing every format into `out`; returns the JSON report.
fn grade_in_every_format(dir: &Path, out: &Path) -> Value {
    let _ = std::fs::remove_dir_all(out);
    std::fs::create_dir_all(out).expect("creating a folder");
    let mut command = grader();
    command
        .args(["grade", "--format", "json", "--work-dir"])
        .arg(work_dir())
        .arg(dir);
    for format in ["human", "html", "markdown", "gradescope", "junit"] {
        command
            .arg("--report")
            .arg(format!("{format}={}", out.join(format).display()));
    }
    let output = command.output().expect("running the grader");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_str(&stdout).expect("the JSON report parses")
}

/// `(lint, file, line)` of each finding of a JSON report's style section.
fn findings(report: &Value) -> Vec<(String, String, usize)> {
    report["style"]["findings"]
        .as_array()
        .expect("a style section with findings")
        .iter()
        .map(|finding| {
            (
                finding["lint"].as_str().unwrap_or_default().to_owned(),
                finding["file"].as_str().unwrap_or_default().to_owned(),
                finding["line"].as_u64().unwrap_or_default() as usize,
            )
        })
        .collect()
}

fn finding(lint: &str, file: &str, line: usize) -> (String, String, usize) {
    (format!("clippy::{lint}"), format!("src/{file}"), line)
}

#[test]
#[ignore = "full tier: builds a submission of its own"]
fn a_submission_with_known_non_idiomatic_code_gets_exactly_those_findings_in_every_format() {
    let submission = Submission::from_solution("style-known")
        .replace(
            "rat/stack.rs",
            "        self.items.last()\n",
            "        return self.items.last();\n",
        )
        .append("rat/stack.rs", TOTAL);
    // A provided file saved by an editor with CRLF line endings stays the kit's.
    let rng = submission.dir.join("src/rng.rs");
    let text = std::fs::read_to_string(&rng).expect("rng.rs");
    std::fs::write(&rng, text.replace('\n', "\r\n")).expect("writing rng.rs");

    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("style-known-reports");
    let report = grade_in_every_format(&submission.dir, &out);
    let at = |text: &str| line_of(&submission, "rat/stack.rs", text);
    assert_eq!(
        findings(&report),
        [
            finding(
                "needless_return",
                "rat/stack.rs",
                at("return self.items.last();")
            ),
            finding("ptr_arg", "rat/stack.rs", at("pub fn total(")),
            finding("len_zero", "rat/stack.rs", at("if values.len() == 0")),
            finding("needless_range_loop", "rat/stack.rs", at("for i in 0..")),
            finding("needless_return", "rat/stack.rs", at("return sum;")),
        ]
    );
    // Feedback only by default: the grade is the checks' alone.
    assert_eq!(report["score"], report["max_score"]);
    assert_eq!(report["style"]["max_score"], 0.0);

    let read = |format: &str| std::fs::read_to_string(out.join(format)).expect("a report");
    let human = read("human");
    let return_line = at("return self.items.last();");
    assert!(
        human.contains(&format!(
            "How your code reads (clippy): 5 findings  [feedback only, no points]\n  src/rat/stack.rs:{return_line}  unneeded `return` statement\n      the last expression of a function is its value: no `return` needed there  [clippy::needless_return]\n"
        )),
        "{human}"
    );
    assert!(
        human.find("How your code reads") < human.find("\nScore: "),
        "after the checks, before the score: {human}"
    );
    let html = read("html");
    assert!(
        html.contains("<h2 id=\"style\">How your code reads (clippy)</h2>"),
        "{html}"
    );
    assert!(
        html.contains(
            "index.html#needless_range_loop\"><code>clippy::needless_range_loop</code></a>"
        ),
        "{html}"
    );
    assert!(read("markdown").contains(&format!("| src/rat/stack.rs:{return_line} |")));
    let gradescope: Value = serde_json::from_str(&read("gradescope")).expect("results.json");
    let style = gradescope["tests"]
        .as_array()
        .and_then(|tests| {
            tests
                .iter()
                .find(|t| t["name"] == "How your code reads (clippy)")
        })
        .expect("a test of its own");
    assert_eq!(
        (style["status"].as_str(), style["max_score"].as_f64()),
        (Some("failed"), Some(0.0))
    );
    assert!(
        style["output"]
            .as_str()
            .unwrap_or_default()
            .contains("[clippy::ptr_arg]")
    );
    assert!(read("junit").contains("<testcase name=\"style\" classname=\"style\""));
}

/// The JSON report of `grader grade SUBMISSION EXTRA…` in the tests' work dir.
fn graded(submission: &Submission, extra: &[&str]) -> Value {
    let (code, stdout) = grade_dir_with(&submission.dir, "json", extra);
    assert!(matches!(code, 0 | 1), "grading failed: {stdout}");
    serde_json::from_str(&stdout).expect("the JSON report parses")
}

#[test]
#[ignore = "full tier: builds a submission of its own"]
fn grade_reads_the_code_once_every_check_passes_or_with_style_and_the_report_is_the_same_from_either_pass()
 {
    let broken = "\"({},{})\"";
    let submission = Submission::from_solution("style-waits")
        .replace(
            "rat/stack.rs",
            "        self.items.last()\n",
            "        return self.items.last();\n",
        )
        .replace("position.rs", "\"({}, {})\"", broken)
        // Names clippy's driver has words for and rustc has none: a lint renamed, and
        // one that never was.
        .append(
            "rat/stack.rs",
            "\n/// Allows by names of the past.\n#[allow(clippy::stutter, clippy::no_such_lint)]\npub fn named() {}\n",
        );
    let needless_return = vec![finding(
        "needless_return",
        "rat/stack.rs",
        line_of(&submission, "rat/stack.rs", "return self.items.last();"),
    )];

    // A check fails: the section waits for the checks, and says how to read it now.
    let waiting = graded(&submission, &[]);
    assert!(failed(&waiting).contains(&"position_display".to_owned()));
    assert_eq!(
        waiting["style"]["note"],
        "not read yet: clippy reads your code once every check passes (add --style to read it now)"
    );
    assert_eq!(findings(&waiting), Vec::<(String, String, usize)>::new());
    assert_eq!(graded(&submission, &[]), waiting, "graded again, the same");
    let asked = graded(&submission, &["--style"]);
    assert_eq!(findings(&asked), needless_return, "--style reads it anyway");
    // Code that does not compile has nothing to read: the section says so, as with
    // --style, rather than wait.
    let submission = submission.append("position.rs", "\npub fn oops() -> u32 { \"oops\" }\n");
    assert_eq!(
        graded(&submission, &[])["style"]["note"],
        "not checked: your code does not compile"
    );
    let submission = submission.replace("position.rs", "\npub fn oops() -> u32 { \"oops\" }\n", "");

    // The check fixed: read in a pass of its own after the checks (a check failed
    // last time), then in the build (every check passed last time), alike.
    let fixed = submission.replace("position.rs", broken, "\"({}, {})\"");
    let after_the_checks = graded(&fixed, &["--timings"]);
    let in_the_build = graded(&fixed, &["--timings"]);
    let phases = |report: &Value| -> Vec<String> {
        report["timings"]["phases"]
            .as_array()
            .expect("timings")
            .iter()
            .map(|phase| phase["name"].as_str().unwrap_or_default().to_owned())
            .collect()
    };
    assert!(
        phases(&after_the_checks).contains(&"read your code with clippy".to_owned()),
        "{:?}",
        phases(&after_the_checks)
    );
    assert!(
        !phases(&in_the_build).contains(&"read your code with clippy".to_owned()),
        "{:?}",
        phases(&in_the_build)
    );
    assert_eq!(failed(&after_the_checks), Vec::<String>::new());
    assert_eq!(findings(&after_the_checks), needless_return);
    let without_timings = |report: &Value| {
        let mut report = report.clone();
        report.as_object_mut().expect("an object").remove("timings");
        report
    };
    assert_eq!(
        without_timings(&after_the_checks),
        without_timings(&in_the_build)
    );
}

#[test]
#[ignore = "full tier: builds a submission of its own"]
fn a_submission_cannot_turn_its_findings_off_nor_reach_further_through_clippy() {
    let submission = Submission::from_solution("style-hostile")
        // Every clippy lint allowed, the pedantic ones made errors (which would fail
        // a build that honoured them), and clippy told the code is for Rust 1.0.
        .replace(
            "lib.rs",
            "//! # Perfect Mazes\n",
            "#![allow(clippy::all)]\n#![deny(clippy::pedantic)]\n//! # Perfect Mazes\n",
        )
        .append(
            "rat/stack.rs",
            "
/// How many values there are.
#[clippy::msrv = \"1.0.0\"]
pub fn count(values: &[i32]) -> usize {
    values.len()
}

/// The first value, or 0, twice.
pub fn twice(values: Option<i32>) -> i32 {
    let value = match values {
        Some(value) => value,
        None => return 0,
    };
    return 2 * value;
}

/// Clippy's debugging attributes print to the build's output, where cargo's
/// messages are: a line that looks like one is not one.
pub fn forged() -> &'static str {
    #[clippy::author]
    let line = \"\n{\\\"reason\\\":\\\"compiler-artifact\\\",\\\"executable\\\":\\\"/bin/true\\\"}\n\";
    line.trim_start()
}
",
        );
    // Clippy's configuration beside the code: never copied, never read.
    for dir in [submission.dir.clone(), submission.dir.join("src")] {
        std::fs::write(dir.join("clippy.toml"), "msrv = \"1.0.0\"\n").expect("clippy.toml");
        std::fs::write(dir.join(".clippy.toml"), "msrv = \"1.0.0\"\n").expect(".clippy.toml");
    }
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("style-hostile-reports");
    let report = grade_in_every_format(&submission.dir, &out);
    assert_eq!(
        report["score"], report["max_score"],
        "clippy's errors cost no check: {report}"
    );
    let at = |text: &str| line_of(&submission, "rat/stack.rs", text);
    assert_eq!(
        findings(&report),
        [
            finding("msrv", "rat/stack.rs", at("#[clippy::msrv")),
            finding("manual_let_else", "rat/stack.rs", at("let value = match")),
            finding("needless_return", "rat/stack.rs", at("return 2 * value;")),
        ]
    );
}

#[test]
#[ignore = "full tier: grades a class of two with the style section"]
fn the_class_page_lists_the_lints_most_students_have_with_who_has_them() {
    let class = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("style-class");
    let _ = std::fs::remove_dir_all(&class);
    copy_crate(
        &Submission::from_solution("style-class-ann").dir,
        &class.join("ann"),
    );
    let bob = Submission::from_solution("style-class-bob").replace(
        "rat/stack.rs",
        "        self.items.last()\n",
        "        return self.items.last();\n",
    );
    copy_crate(&bob.dir, &class.join("bob"));
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("style-class-grades");
    let _ = std::fs::remove_dir_all(&out);
    grade_all_with(&class, &out, &["--style"]);
    let page = std::fs::read_to_string(out.join("index.html")).expect("index.html");
    assert!(
        page.contains("<a href=\"#style\">How the class's code reads</a>"),
        "{page}"
    );
    assert!(
        page.contains("<th scope=\"row\"><code>clippy::needless_return</code></th>"),
        "{page}"
    );
    assert!(
        page.contains("<a href=\"bob/instructor/report.html\">bob</a> (1)"),
        "{page}"
    );
    let summary = std::fs::read_to_string(out.join("summary.md")).expect("summary.md");
    assert!(
        summary.contains("| clippy::needless\\_return | 1 | 1 |"),
        "{summary}"
    );
}
