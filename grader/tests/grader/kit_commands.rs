//! The instructors' kit commands on a copy of the kit: `starter --check` and
//! `bless [--check]`, with the exit codes the README promises (0 ok, 1 "ran, and the
//! answer is no", 2 "could not run").

use super::support::{DiscardsBuilds, copy_kit, grader, turned_off, work_dir};

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
fn bless_says_what_changed_in_a_line_each_shows_diffs_on_request_and_check_writes_nothing() {
    let kit = tempfile::tempdir().expect("temp dir");
    copy_kit(&["Cargo.lock", "solution", "fixtures"], kit.path());
    let _builds = DiscardsBuilds(kit.path().join("solution"));
    let snapshot = kit.path().join("fixtures/snapshots/position_display.snap");
    let blessed = std::fs::read_to_string(&snapshot).expect("a blessed snapshot");
    let tampered = blessed.replace("(3, 4)", "(3,4)");
    assert_ne!(tampered, blessed, "the snapshot shows (3, 4)");
    std::fs::write(&snapshot, &tampered).expect("writing");
    let bless = |flags: &[&str]| {
        let output = grader()
            .arg("bless")
            .args(flags)
            .arg("--kit")
            .arg(kit.path())
            .arg("--work-dir")
            .arg(work_dir())
            .output()
            .expect("runs");
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stdout).into_owned(),
            String::from_utf8_lossy(&output.stderr).into_owned(),
        )
    };

    let (code, stdout, stderr) = bless(&["--check"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stdout.starts_with(
            "would change 1 snapshot(s):\n  position_display.snap: another output for the same input (the reference solution changed) (+1 -1 lines)\n"
        ),
        "{stdout}"
    );
    assert!(
        stdout.ends_with("`grader bless --diff --check` shows each change line by line\n"),
        "{stdout}"
    );
    assert!(!stdout.contains("+++"), "no diff unless asked: {stdout}");
    assert!(stderr.contains("run `grader bless`"), "{stderr}");

    let (code, stdout, _) = bless(&["--check", "--diff"]);
    assert_eq!(code, Some(1));
    assert!(
        stdout.starts_with("--- a/position_display.snap\n+++ b/position_display.snap\n@@ "),
        "{stdout}"
    );
    assert!(stdout.contains("\n-[\"(3,4)\","), "{stdout}");
    assert!(stdout.contains("\n+[\"(3, 4)\","), "{stdout}");
    assert_eq!(
        std::fs::read_to_string(&snapshot).expect("reading"),
        tampered,
        "--check writes nothing"
    );

    let (code, stdout, _) = bless(&[]);
    assert_eq!(code, Some(0), "{stdout}");
    assert!(
        stdout.starts_with("changed 1 snapshot(s):\n  position_display.snap: "),
        "{stdout}"
    );
    assert_eq!(
        std::fs::read_to_string(&snapshot).expect("reading"),
        blessed
    );
    let (code, stdout, _) = bless(&["--check"]);
    assert_eq!(code, Some(0), "{stdout}");
    assert!(stdout.ends_with(" snapshot(s) unchanged\n"), "{stdout}");

    // A new secret changes every hidden check's input: one line each, not their diffs.
    let rubric = kit.path().join("fixtures/rubric.toml");
    let text = std::fs::read_to_string(&rubric).expect("rubric");
    let secret = text
        .lines()
        .find(|line| line.starts_with("secret = "))
        .expect("the kit's rubric has a secret");
    std::fs::write(&rubric, text.replace(secret, "secret = \"another course\"")).expect("writing");
    let (code, stdout, _) = bless(&["--check"]);
    assert_eq!(code, Some(1));
    let changed: Vec<&str> = stdout
        .lines()
        .filter(|line| line.starts_with("  "))
        .collect();
    assert!(changed.len() > 10, "{stdout}");
    assert!(
        changed.iter().all(|line| line
            .contains(": another input (the check's inputs or the course's secret changed) (+")),
        "{stdout}"
    );
    assert_eq!(stdout.lines().count(), changed.len() + 3, "{stdout}");
}

#[test]
#[ignore = "full tier: runs every blessed check of the solution"]
fn a_part_turned_off_is_blessed_all_the_same_and_its_checks_are_refused_by_name_with_why() {
    let kit = tempfile::tempdir().expect("temp dir");
    copy_kit(&["Cargo.lock", "solution", "fixtures"], kit.path());
    let _builds = DiscardsBuilds(kit.path().join("solution"));
    let rubric = kit.path().join("fixtures/rubric.toml");
    let text = std::fs::read_to_string(&rubric).expect("rubric");
    let title = "title = \"Part 5: arrow mazes\"\n";
    let on = format!("{title}enabled = true\n");
    assert!(text.contains(&on), "the kit's rubric has Part 5, turned on");
    std::fs::write(&rubric, turned_off(&text, title)).expect("writing");
    let snapshots = || {
        let mut names: Vec<String> = std::fs::read_dir(kit.path().join("fixtures/snapshots"))
            .expect("snapshots")
            .map(|entry| {
                entry
                    .expect("an entry")
                    .file_name()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect();
        names.sort();
        names
    };
    let before = snapshots();
    assert!(before.iter().any(|name| name.starts_with("arrows_")));

    let output = grader()
        .args(["bless", "--kit"])
        .arg(kit.path())
        .arg("--work-dir")
        .arg(work_dir())
        .output()
        .expect("runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains("part5 (Part 5: arrow mazes) is turned off in the rubric: its 12 check(s) are blessed all the same, with the course's secret, so turning it on needs no bless\n"),
        "{stdout}"
    );
    assert!(!stdout.starts_with("changed "), "nothing changed: {stdout}");
    assert_eq!(snapshots(), before, "nothing removed");

    let output = grader()
        .args(["grade", "--check", "arrows_solve_sample", "--kit"])
        .arg(kit.path())
        .arg("--work-dir")
        .arg(work_dir())
        .arg(kit.path().join("solution"))
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr
            .contains("\"arrows_solve_sample\" is a check of part5 (Part 5: arrow mazes), which ")
            && stderr.contains("turns off (`enabled = false` in its [[parts]] entry)"),
        "{stderr}"
    );

    let output = grader()
        .args(["grade", "--format", "json", "--kit"])
        .arg(kit.path())
        .arg("--work-dir")
        .arg(work_dir())
        .arg(kit.path().join("solution"))
        .output()
        .expect("runs");
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("a JSON report");
    let parts: Vec<&str> = report["parts"]
        .as_array()
        .expect("parts")
        .iter()
        .filter_map(|part| part["id"].as_str())
        .collect();
    assert_eq!(parts, ["part1", "part2", "part3", "part4"]);
    assert_eq!(report["score"], report["max_score"]);
}

#[test]
#[ignore = "full tier: blesses and grades the reference twice"]
fn the_reference_earns_full_marks_whatever_secret_the_course_sets() {
    // Each course sets its own secret, which draws every hidden input and twin: no
    // draw may ask what the reference cannot answer (one twin once drew unions too
    // flat to show path compression, and the reference failed it).
    for secret in ["a course of its own", "CS 101, spring term"] {
        let kit = tempfile::tempdir().expect("temp dir");
        copy_kit(&["Cargo.lock", "solution", "fixtures"], kit.path());
        let _builds = DiscardsBuilds(kit.path().join("solution"));
        let rubric = kit.path().join("fixtures/rubric.toml");
        let text = std::fs::read_to_string(&rubric).expect("rubric");
        std::fs::write(&rubric, with_secret(&text, secret)).expect("writing");
        let run = |args: &[&str]| on_kit(kit.path(), args);
        let blessed = run(&["bless"]);
        assert_eq!(
            blessed.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&blessed.stderr)
        );
        let solution = kit.path().join("solution");
        let graded = run(&[
            "grade",
            "--format",
            "json",
            solution.to_str().expect("a path"),
        ]);
        let report: serde_json::Value =
            serde_json::from_slice(&graded.stdout).expect("a JSON report");
        let failed: Vec<&serde_json::Value> = report["checks"]
            .as_array()
            .expect("checks")
            .iter()
            .filter(|check| check["passed"] != true)
            .collect();
        assert!(failed.is_empty(), "with the secret {secret:?}: {failed:#?}");
        assert_eq!(report["score"], report["max_score"]);
    }
}

/// The grader run with `args` on the kit copied to `kit`, with the suite's work dir.
fn on_kit(kit: &std::path::Path, args: &[&str]) -> std::process::Output {
    grader()
        .args(args)
        .arg("--kit")
        .arg(kit)
        .arg("--work-dir")
        .arg(work_dir())
        .output()
        .expect("runs")
}

/// `rubric` with its `[grader] secret` set to `secret`.
fn with_secret(rubric: &str, secret: &str) -> String {
    let line = rubric
        .lines()
        .find(|line| line.starts_with("secret = "))
        .expect("the kit's rubric has a secret");
    rubric.replace(line, &format!("secret = {secret:?}"))
}

#[test]
#[ignore = "full tier: blesses the reference and checks the blessing again"]
fn a_secret_changed_while_a_part_is_off_is_blessed_into_that_part_too() {
    let kit = tempfile::tempdir().expect("temp dir");
    copy_kit(&["Cargo.lock", "solution", "fixtures"], kit.path());
    let _builds = DiscardsBuilds(kit.path().join("solution"));
    let rubric = kit.path().join("fixtures/rubric.toml");
    let shipped = std::fs::read_to_string(&rubric).expect("rubric");
    let title = "title = \"Part 5: arrow mazes\"\n";
    let course = with_secret(&shipped, "CS 101, spring term");
    std::fs::write(&rubric, turned_off(&course, title)).expect("writing");
    let run = |args: &[&str]| on_kit(kit.path(), args);
    let blessed = run(&["bless"]);
    assert_eq!(
        blessed.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&blessed.stderr)
    );
    let stdout = String::from_utf8_lossy(&blessed.stdout);
    assert!(
        stdout
            .lines()
            .any(|line| line.starts_with("  arrows_") && line.contains(".twin.snap")),
        "Part 5's twins are drawn again with the new secret: {stdout}"
    );
    // Part 5 on again: nothing to bless.
    std::fs::write(&rubric, &course).expect("writing");
    let check = run(&["bless", "--check"]);
    let stdout = String::from_utf8_lossy(&check.stdout);
    assert_eq!(check.status.code(), Some(0), "{stdout}");
    assert!(!stdout.contains("would change"), "{stdout}");
}

#[test]
fn gradescope_refuses_a_kit_with_a_snapshot_drawn_from_another_secret_a_part_turned_off_too() {
    let kit = tempfile::tempdir().expect("temp dir");
    copy_kit(&["fixtures"], kit.path());
    let rubric = kit.path().join("fixtures/rubric.toml");
    let shipped = std::fs::read_to_string(&rubric).expect("rubric");
    std::fs::write(
        &rubric,
        turned_off(&shipped, "title = \"Part 5: arrow mazes\"\n"),
    )
    .expect("writing");
    // A twin of the part turned off, as blessed under another secret: its input's
    // digest is another (the snapshots hold no secret, only that digest).
    let twin = kit
        .path()
        .join("fixtures/snapshots/arrows_solve_sample.twin.snap");
    let text = std::fs::read_to_string(&twin).expect("the twin's snapshot");
    let digest = text
        .lines()
        .find_map(|line| line.strip_prefix("description: input "))
        .expect("a digest")
        .to_owned();
    let other: String = digest
        .chars()
        .map(|c| if c == '0' { '1' } else { '0' })
        .collect();
    std::fs::write(&twin, text.replace(&digest, &other)).expect("writing");
    let out = kit.path().join("autograder.zip");
    let refused = grader()
        .arg("gradescope")
        .arg(&out)
        .arg("--kit")
        .arg(kit.path())
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(
            "1 snapshot(s) answer other inputs than the rubric's checks and [grader] secret draw now (arrows_solve_sample.twin): run `grader bless`"
        ),
        "{stderr}"
    );
    assert!(!out.exists(), "no package written");
}
