//! Hostile submissions against the sandbox (`--sandbox required`): each tries to read,
//! write, reach, outlive or kill something it must not. Each must gain no points,
//! leave nothing running, let the grader finish with a report, and leave the next
//! submission unaffected. On a machine that cannot sandbox, each test says so and
//! stops (the sandbox module's own tests cover what it can check there).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde_json::Value;

use super::support::{Submission, check, grader, kit_root};

/// One build directory for these tests, apart from the others'.
fn work_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("grader-work-sandboxed")
}

/// Grades `dir` sandboxed; `None` when this machine cannot sandbox.
fn grade(dir: &Path, extra: &[&str]) -> Option<Value> {
    let output = grader()
        .args([
            "grade",
            "--sandbox",
            "required",
            "--format",
            "json",
            "--work-dir",
        ])
        .arg(work_dir())
        .args(extra)
        .arg(dir)
        .timeout(Duration::from_secs(600))
        .output()
        .expect("running the grader");
    let stderr = String::from_utf8_lossy(&output.stderr);
    if output.status.code() == Some(2) && stderr.contains("cannot sandbox") {
        eprintln!("note: skipped, this machine cannot sandbox: {stderr}");
        return None;
    }
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    Some(serde_json::from_slice(&output.stdout).expect("a JSON report"))
}

fn passed(report: &Value, name: &str) -> bool {
    check(report, name)["passed"] == true
}

fn message(report: &Value, name: &str) -> String {
    check(report, name)["message"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

/// The processes whose command line mentions `needle`.
pub(super) fn processes_mentioning(needle: &str) -> Vec<String> {
    std::fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| std::fs::read(entry.path().join("cmdline")).ok())
        .map(|cmdline| String::from_utf8_lossy(&cmdline).replace('\0', " "))
        .filter(|cmdline| cmdline.contains(needle))
        .collect()
}

/// The processes running `submission`'s probe, named by its harness: another
/// checkout's suite grading a submission of the same name has a probe of its own.
fn processes_of(submission: &Submission) -> Vec<String> {
    processes_mentioning(&format!(
        "probe-{}",
        super::support::harness_id(&submission.dir)
    ))
}

/// A copy of the solution whose `opposite()` first runs `code` (once per process).
fn solution_that(name: &str, code: &str) -> Submission {
    Submission::from_solution(name)
        .append(
            "direction.rs",
            &format!(
                "\npub(crate) fn hostile() {{\n    static ONCE: std::sync::Once = std::sync::Once::new();\n    ONCE.call_once(|| {{ {code} }});\n}}\n"
            ),
        )
        .replace(
            "direction.rs",
            "    fn opposite(self) -> Direction {\n",
            "    fn opposite(self) -> Direction {\n        hostile();\n",
        )
}

#[test]
#[ignore = "full tier: builds and grades a hostile submission in the sandbox"]
fn including_a_kit_file_at_compile_time_does_not_compile_and_shows_nothing_of_it() {
    let snapshot = kit_root().join("fixtures/snapshots/direction_opposite.snap");
    let submission = Submission::from_starter("include-kit-file").append(
        "lib.rs",
        &format!(
            "\npub const STOLEN: &str = include_str!({:?});\n",
            snapshot.display().to_string()
        ),
    );
    let Some(report) = grade(&submission.dir, &[]) else {
        return;
    };
    assert_eq!(report["score"].as_f64(), Some(0.0));
    let errors = report["build_errors"].to_string();
    assert!(errors.contains("couldn't read"), "{errors}");
    assert!(!errors.contains("description: input"), "{errors}");
}

#[test]
#[ignore = "full tier: builds and grades a hostile submission in the sandbox"]
fn a_symlinked_src_or_source_file_is_refused() {
    let submission = Submission::from_starter("symlinked-src");
    std::fs::remove_dir_all(submission.dir.join("src")).expect("removing src");
    std::os::unix::fs::symlink(kit_root().join("solution/src"), submission.dir.join("src"))
        .expect("linking src");
    let Some(report) = grade(&submission.dir, &[]) else {
        return;
    };
    assert_eq!(report["score"].as_f64(), Some(0.0));
    assert!(
        report["build_errors"]
            .to_string()
            .contains("src is a symbolic link"),
        "{report:#}"
    );

    let linked_file = Submission::from_starter("symlinked-file");
    std::fs::remove_file(linked_file.dir.join("src/direction.rs")).expect("removing a file");
    std::os::unix::fs::symlink(
        kit_root().join("solution/src/direction.rs"),
        linked_file.dir.join("src/direction.rs"),
    )
    .expect("linking a file");
    let report = grade(&linked_file.dir, &[]).expect("sandboxed above");
    assert_eq!(report["score"].as_f64(), Some(0.0));
    assert!(
        report["build_errors"]
            .to_string()
            .contains("src/direction.rs is a symbolic link"),
        "{report:#}"
    );
}

#[test]
#[ignore = "full tier: builds and grades a hostile submission in the sandbox"]
fn the_kit_the_solution_and_the_environment_cannot_be_read_at_run_time() {
    let kit = kit_root();
    let code = format!(
        r#"
        for path in [{:?}, {:?}, {:?}, "/etc/shadow", "/root"] {{
            if std::fs::read(path).is_ok() || std::fs::read_dir(path).is_ok() {{
                panic!("read {{path}}");
            }}
        }}
        let names: Vec<String> = std::env::vars().map(|(k, _)| k).collect();
        if names.iter().any(|n| n != "RUST_BACKTRACE" && n != "RAYON_NUM_THREADS") {{
            panic!("environment: {{names:?}}");
        }}
        "#,
        kit.join("fixtures/snapshots/direction_opposite.snap")
            .display()
            .to_string(),
        kit.join("solution/src/lib.rs").display().to_string(),
        kit.join("fixtures/rubric.toml").display().to_string(),
    );
    let submission = solution_that("reads-the-host", &code);
    let Some(report) = grade(&submission.dir, &[]) else {
        return;
    };
    assert!(
        passed(&report, "direction_opposite"),
        "nothing could be read: {}",
        message(&report, "direction_opposite")
    );
}

#[test]
#[ignore = "full tier: builds and grades a hostile submission in the sandbox"]
fn a_check_cannot_poison_the_work_dir_or_the_kit_for_the_next_submission() {
    let rubric = kit_root().join("fixtures/rubric.toml");
    let before = std::fs::read(&rubric).expect("the rubric");
    let code = format!(
        r#"
        let config = "[build]\nrustc-wrapper = \"/bin/true\"\n";
        for dir in [{:?}, {:?}, {:?}] {{
            let _ = std::fs::create_dir_all(format!("{{dir}}/.cargo"));
            let _ = std::fs::write(format!("{{dir}}/.cargo/config.toml"), config);
        }}
        let _ = std::fs::OpenOptions::new().append(true).open({:?}).map(|mut f| std::io::Write::write_all(&mut f, b"\n# poisoned\n"));
        "#,
        work_dir().display().to_string(),
        work_dir().join("harness").display().to_string(),
        kit_root().display().to_string(),
        rubric.display().to_string(),
    );
    let hostile = solution_that("poisons", &code);
    let Some(_) = grade(&hostile.dir, &[]) else {
        return;
    };
    assert_eq!(std::fs::read(&rubric).expect("the rubric"), before);
    for dir in [work_dir(), work_dir().join("harness"), kit_root()] {
        assert!(
            !dir.join(".cargo/config.toml").exists(),
            "{}",
            dir.display()
        );
    }
    let honest = Submission::from_starter("after-the-poisoner");
    let report = grade(&honest.dir, &[]).expect("sandboxed above");
    assert_eq!(
        report["score"].as_f64(),
        Some(0.0),
        "the starter still scores 0"
    );
}

#[test]
#[ignore = "full tier: builds and grades a hostile submission in the sandbox"]
fn children_that_hold_the_output_open_or_outlive_the_check_are_killed() {
    // The probe starts copies of itself, each asked to run the same check; in them
    // the hostile code sleeps for good, holding stdout and stderr open, and keeps
    // trying to rewrite the report the grader is about to write.
    let out = tempfile::tempdir().expect("temp dir");
    let report_file = out.path().join("report.json");
    let code = format!(
        r##"
        if std::env::var_os("HOSTILE_CHILD").is_some() {{
            loop {{
                let _ = std::fs::write({report:?}, "{{\"score\": 99}}");
                std::thread::sleep(std::time::Duration::from_millis(100));
            }}
        }}
        for _ in 0..20 {{
            let Ok(exe) = std::env::current_exe() else {{ break }};
            let Ok(mut child) = std::process::Command::new(exe)
                .env("HOSTILE_CHILD", "1")
                .stdin(std::process::Stdio::piped())
                .spawn() else {{ break }};
            if let Some(mut stdin) = child.stdin.take() {{
                let _ = std::io::Write::write_all(&mut stdin, br#"{{"producer":"direction_opposite","input":{{"directions":[1]}}}}"#);
            }}
            std::mem::forget(child);
        }}
        "##,
        report = report_file.display().to_string(),
    );
    let submission = solution_that("leaves-children", &code);
    let started = Instant::now();
    let output = grader()
        .args([
            "grade",
            "--sandbox",
            "required",
            "--format",
            "json",
            "--work-dir",
        ])
        .arg(work_dir())
        .arg("--output")
        .arg(&report_file)
        .arg(&submission.dir)
        .timeout(Duration::from_secs(600))
        .output()
        .expect("running the grader");
    if String::from_utf8_lossy(&output.stderr).contains("cannot sandbox") {
        eprintln!("note: skipped, this machine cannot sandbox");
        return;
    }
    assert_eq!(output.status.code(), Some(0));
    assert!(started.elapsed() < Duration::from_secs(300));
    let written = std::fs::read(&report_file).expect("the report");
    std::thread::sleep(Duration::from_secs(2));
    assert_eq!(std::fs::read(&report_file).expect("the report"), written);
    let left = processes_of(&submission);
    assert!(left.is_empty(), "still running: {left:?}");
}

#[test]
#[ignore = "full tier: builds and grades a hostile submission in the sandbox"]
fn memory_and_thread_bombs_are_stopped_with_the_reason_in_words() {
    let memory = solution_that(
        "memory-bomb",
        r#"
        let mut hog: Vec<Vec<u8>> = Vec::new();
        for _ in 0..64 { hog.push(vec![1u8; 64 << 20]); }
        std::hint::black_box(&hog);
        "#,
    );
    let Some(report) = grade(&memory.dir, &[]) else {
        return;
    };
    assert!(!passed(&report, "direction_opposite"));
    assert!(
        message(&report, "direction_opposite").contains("out of memory"),
        "{}",
        message(&report, "direction_opposite")
    );

    let threads = solution_that(
        "thread-bomb",
        r#"
        let mut handles = Vec::new();
        for _ in 0..1000 {
            match std::thread::Builder::new().spawn(|| std::thread::sleep(std::time::Duration::from_secs(1000))) {
                Ok(handle) => handles.push(handle),
                Err(error) => panic!("no more threads: {error}"),
            }
        }
        "#,
    );
    let report = grade(&threads.dir, &[]).expect("sandboxed above");
    assert!(!passed(&report, "direction_opposite"));
    // Stopped by the probe's count at the seventeenth, long before the sandbox's
    // limit on threads at once: the same words however the threads were scheduled.
    assert!(
        message(&report, "direction_opposite").starts_with(
            "killed: too many threads started: one call of your code started more than 16."
        ),
        "{}",
        message(&report, "direction_opposite")
    );
    assert!(processes_of(&threads).is_empty());
}

#[test]
#[ignore = "full tier: builds and grades a hostile submission in the sandbox"]
fn a_fork_bomb_is_contained_and_told_as_the_process_limit() {
    // Processes are not counted by the probe: the sandbox's limit on processes and
    // threads at once stops them. Every copy forks on; the first refused fork
    // panics.
    let bomb = solution_that(
        "fork-bomb",
        r#"
        unsafe extern "C" { fn fork() -> i32; }
        for _ in 0..100_000 {
            if unsafe { fork() } < 0 {
                panic!("fork failed: {}", std::io::Error::last_os_error());
            }
        }
        "#,
    );
    let Some(report) = grade(&bomb.dir, &[]) else {
        return;
    };
    assert!(!passed(&report, "direction_opposite"));
    assert!(
        message(&report, "direction_opposite")
            .starts_with("killed: too many processes and threads at once (limit 64)."),
        "{}",
        message(&report, "direction_opposite")
    );
    assert!(processes_of(&bomb).is_empty());
    assert!(passed(&report, "rat_stack"), "only the bomb's check fails");
}

#[test]
#[ignore = "full tier: builds and grades a hostile submission in the sandbox"]
fn a_check_can_neither_reach_the_network_nor_kill_the_grader() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a listener");
    listener.set_nonblocking(true).expect("non-blocking");
    let port = listener.local_addr().expect("its address").port();
    let code = format!(
        r#"
        if std::net::TcpStream::connect(("127.0.0.1", {port})).is_ok() {{
            panic!("connected");
        }}
        unsafe extern "C" {{ fn kill(pid: i32, signal: i32) -> i32; fn getppid() -> i32; }}
        unsafe {{ kill(getppid(), 9); kill({grader}, 9); }}
        "#,
        grader = std::process::id(),
    );
    let submission = solution_that("network-and-kill", &code);
    let Some(report) = grade(&submission.dir, &[]) else {
        return;
    };
    assert!(
        listener.accept().is_err(),
        "a check connected to 127.0.0.1:{port}"
    );
    assert!(
        passed(&report, "direction_opposite"),
        "{}",
        message(&report, "direction_opposite")
    );
    assert!(report["max_score"].as_f64().unwrap_or(0.0) > 0.0);
}
