//! The instructors' kit commands on a copy of the kit: `starter --check` and
//! `bless [--check]`, with the exit codes the README promises (0 ok, 1 "ran, and the
//! answer is no", 2 "could not run").

use super::support::{copy_kit, grader, work_dir};

/// A copy of the kit with what `grader starter` reads and writes.
fn kit_for_starter() -> tempfile::TempDir {
    let kit = tempfile::tempdir().expect("temp dir");
    copy_kit(
        &[
            "Cargo.toml",
            "Cargo.lock",
            "solution",
            "starter",
            "fixtures/rubric.toml",
        ],
        kit.path(),
    );
    kit
}

#[test]
fn starter_check_exits_1_naming_the_stale_file_and_2_when_it_cannot_run() {
    let kit = kit_for_starter();
    let output = grader()
        .args(["starter", "--check", "--kit"])
        .arg(kit.path())
        .output()
        .expect("runs");
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "starter/ is up to date\n"
    );

    let position = kit.path().join("starter/src/position.rs");
    let mut text = std::fs::read_to_string(&position).expect("reading");
    text.push_str("// edited by hand\n");
    std::fs::write(&position, text).expect("writing");
    let output = grader()
        .args(["starter", "--check", "--kit"])
        .arg(kit.path())
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        stderr,
        "grader: starter/ is out of date with solution/ (src/position.rs differs): run `grader starter`\n"
    );

    let empty = tempfile::tempdir().expect("temp dir");
    let output = grader()
        .args(["starter", "--check", "--kit"])
        .arg(empty.path())
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
}

#[test]
#[ignore = "full tier: runs every blessed check of the solution"]
fn bless_shows_a_diff_of_each_change_and_check_writes_nothing() {
    let kit = tempfile::tempdir().expect("temp dir");
    copy_kit(&["Cargo.lock", "solution", "fixtures"], kit.path());
    let snapshot = kit.path().join("fixtures/snapshots/position_display.snap");
    let blessed = std::fs::read_to_string(&snapshot).expect("a blessed snapshot");
    let tampered = blessed.replace("(3, 4)", "(3,4)");
    assert_ne!(tampered, blessed, "the snapshot shows (3, 4)");
    std::fs::write(&snapshot, &tampered).expect("writing");
    let bless = |check: bool| {
        let mut command = grader();
        command.arg("bless");
        if check {
            command.arg("--check");
        }
        command
            .arg("--kit")
            .arg(kit.path())
            .arg("--work-dir")
            .arg(work_dir())
            .output()
            .expect("runs")
    };

    let output = bless(true);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stdout.starts_with("--- a/position_display.snap\n+++ b/position_display.snap\n@@ "),
        "{stdout}"
    );
    assert!(stdout.contains("\n-[\"(3,4)\","), "{stdout}");
    assert!(stdout.contains("\n+[\"(3, 4)\","), "{stdout}");
    assert!(
        stderr.contains("blessing would change 1 snapshot(s) (position_display.snap)"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read_to_string(&snapshot).expect("reading"),
        tampered
    );

    let output = bless(false);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.starts_with("--- a/position_display.snap\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("\nblessed 1 snapshot(s): position_display.snap\n"),
        "{stdout}"
    );
    assert!(stdout.ends_with(" snapshot(s) unchanged\n"), "{stdout}");
    assert_eq!(
        std::fs::read_to_string(&snapshot).expect("reading"),
        blessed
    );

    let output = bless(true);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    assert!(!stdout.contains("---"), "{stdout}");
    assert!(stdout.ends_with(" snapshot(s) unchanged\n"), "{stdout}");
}
