//! `grader watch` as a student runs it: graded once at the start, graded again after a
//! save, quit with `q` and Enter.

use std::io::{BufRead as _, BufReader, Write as _};
use std::process::{Child, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use crate::support::{Submission, grader, grader_process, points, work_dir};

/// How long to wait for a grading to show; generous, since the first one may build
/// the dependencies. A deadline for a hung watcher, not a timed assertion.
const PATIENCE: Duration = Duration::from_secs(15 * 60);

/// The watcher, killed when the test ends however it ends.
struct Watcher(Child);

impl Drop for Watcher {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Reads `lines` up to and including the next `Score:` line, and returns what it read.
fn next_report(lines: &Receiver<String>) -> String {
    let deadline = Instant::now() + PATIENCE;
    let mut report = String::new();
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let line = lines
            .recv_timeout(left)
            .unwrap_or_else(|_| panic!("no report within {PATIENCE:?}; read so far:\n{report}"));
        report.push_str(&line);
        report.push('\n');
        if line.starts_with("Score: ") {
            return report;
        }
    }
}

#[test]
#[ignore = "full tier: builds a submission and grades it again after a save"]
fn a_save_is_graded_again_and_shows_the_check_it_broke() {
    let submission = Submission::from_solution("watched");
    let child = grader_process()
        .args([
            "watch",
            "--check",
            "position_display",
            "--check",
            "position_moved",
            "--work-dir",
        ])
        .arg(work_dir())
        .arg(&submission.dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("starting grader watch");
    let mut watcher = Watcher(child);
    let stdout = watcher.0.stdout.take().expect("stdout is piped");
    let (send, lines) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if send.send(line).is_err() {
                break;
            }
        }
    });

    let first = next_report(&lines);
    assert!(first.contains("Every check passes."), "{first}");
    let (display, moved) = (points("position_display"), points("position_moved"));
    let full = display + moved;
    assert!(
        first.contains(&format!("Score: {full}/{full}  (2 of 2 checks passed)")),
        "{first}"
    );

    // Bound (not `let _`): a submission dropped takes its builds with it, from
    // under the watcher grading it.
    let _saved = submission.replace("position.rs", "\"({}, {})\"", "\"({},{})\"");
    let second = next_report(&lines);
    assert!(
        second.contains("Next, the first failing check:\n  ✗ position_display"),
        "{second}"
    );
    assert!(second.contains("hint: handout §3"), "{second}");
    assert!(
        second.contains(&format!("Score: {moved}/{full}  (1 of 2 checks passed)")),
        "{second}"
    );

    let mut stdin = watcher.0.stdin.take().expect("stdin is piped");
    stdin.write_all(b"q\n").expect("typing q");
    let deadline = Instant::now() + PATIENCE;
    let status = loop {
        if let Some(status) = watcher.0.try_wait().expect("waiting for the watcher") {
            break status;
        }
        assert!(Instant::now() < deadline, "q did not quit the watcher");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(status.code(), Some(0));
}

/// Grades `submission` as JSON, with `--stream` or without; returns stdout (the
/// report) and stderr.
fn graded(submission: &Submission, stream: bool) -> (String, String) {
    let mut command = grader();
    command
        .args(["grade", "--format", "json", "--work-dir"])
        .arg(work_dir())
        .arg(&submission.dir);
    if stream {
        command.arg("--stream");
    }
    let output = command.output().expect("running the grader");
    assert_eq!(output.status.code(), Some(0));
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
#[ignore = "full tier: builds a submission and grades it three times"]
fn streaming_the_first_failure_changes_no_byte_of_the_report() {
    // One failing check, and code that prints in the check that runs first when
    // streaming (Part 1's first): alone, its output would be its own; in a batch, a
    // check that passes keeps none.
    let submission = Submission::from_solution("streamed")
        .replace("position.rs", "\"({}, {})\"", "\"({},{})\"")
        .replace(
            "direction.rs",
            "let mut result = Direction::NONE;",
            "static SAID: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
        if !SAID.swap(true, std::sync::atomic::Ordering::Relaxed) {
            eprintln!(\"the opposite of {self:?}\");
        }
        let mut result = Direction::NONE;",
        );
    let (plain, _) = graded(&submission, false);
    let (streamed, news) = graded(&submission, true);
    let (again, _) = graded(&submission, true);
    assert!(
        news.contains(
            "First failing check (the other checks are still running):\n  ✗ position_display"
        ),
        "{news}"
    );
    assert!(plain.contains("\"position_display\""), "{plain}");
    assert_eq!(streamed, plain, "streaming changed the report");
    assert_eq!(again, streamed, "two streamed gradings differ");
}

#[test]
#[ignore = "full tier: builds a submission and grades it twice"]
fn clippy_in_a_pass_of_its_own_reports_what_clippy_in_the_build_reports() {
    // Findings of the student's, and clippy's lints raised to errors by the code
    // itself, which the build alone must not fail on.
    let submission = Submission::from_solution("linted-apart")
        .replace(
            "lib.rs",
            "//! # Perfect Mazes\n",
            "#![allow(clippy::all)]\n#![deny(clippy::pedantic)]\n//! # Perfect Mazes\n",
        )
        .append(
            "rat/stack.rs",
            "
/// The sum of `values`.
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
",
        );
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let graded = |jobs: usize| {
        let output = grader()
            .args(["grade", "--format", "json", "--jobs", &jobs.to_string()])
            .arg("--work-dir")
            .arg(work_dir())
            .arg(&submission.dir)
            .output()
            .expect("running the grader");
        assert_eq!(output.status.code(), Some(0));
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    // As many checks at once as cores: no core is spare, clippy reads the code in
    // the build. One at a time: in a pass of its own, beside the checks.
    let in_build = graded(cores);
    let apart = graded(1);
    assert!(
        in_build.contains("\"clippy::needless_range_loop\""),
        "{in_build}"
    );
    assert_eq!(apart, in_build);
}
