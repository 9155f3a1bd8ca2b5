//! The important attacks again, in a copy of this test binary: started as an ordinary
//! user (the user-namespace path), and confined as Docker confines a container's
//! root (the container level, with and without Landlock).

use super::attacks::{IMPORTANT, NEED_LANDLOCK_OR_MOUNTS};
use super::*;

/// Run by `sandbox_works_as_an_unprivileged_user` in a copy of this test binary
/// started as an ordinary uid: every important check, on the user-namespace path.
#[test]
#[ignore = "run as an unprivileged user by sandbox_works_as_an_unprivileged_user"]
fn unprivileged_suite() {
    if std::env::var_os(UNPRIVILEGED_ENV).is_none() {
        note("unprivileged_suite: runs only as sandbox_works_as_an_unprivileged_user starts it");
        return;
    }
    if !sandbox_available("unprivileged_suite") {
        return;
    }
    assert!(
        !support().as_root || std::env::var_os(UNPRIVILEGED_ENV).is_none(),
        "started as an unprivileged user but still root"
    );
    for (name, check) in IMPORTANT {
        note(&format!("unprivileged: {name}"));
        check();
    }
}

/// Set in the copy of the test binary that runs as an unprivileged user.
const UNPRIVILEGED_ENV: &str = "MAZE_SANDBOX_TEST_UNPRIVILEGED";
/// The ordinary user the suite runs as (not a sandbox job id, not an account).
const UNPRIVILEGED_UID: u32 = 61_234;

#[cfg(target_os = "linux")]
#[test]
fn sandbox_works_as_an_unprivileged_user() {
    if !support().as_root {
        note(
            "sandbox_works_as_an_unprivileged_user: skipped, not root (every sandbox test already runs unprivileged)",
        );
        return;
    }
    if !sandbox_available("sandbox_works_as_an_unprivileged_user") {
        return;
    }
    let stderr = run_suite(
        "unprivileged_suite",
        &[],
        (UNPRIVILEGED_ENV, "1"),
        Some(UNPRIVILEGED_UID),
    );
    note(&format!(
        "sandbox_works_as_an_unprivileged_user: {} checks passed as uid {UNPRIVILEGED_UID}",
        stderr.matches("note: unprivileged:").count()
    ));
}

/// Runs the ignored test `suite` in a copy of this test binary (linked or copied
/// where any user can reach it: the binary may live under a private /root), started
/// through `wrapper` (arguments before the program, e.g. Docker's confinement) with
/// `env` set, as `uid` when given; asserts that it passed and returns its stderr.
fn run_suite(suite: &str, wrapper: &[&str], env: (&str, &str), uid: Option<u32>) -> String {
    use std::os::unix::process::CommandExt;
    let dir = open_dir("maze-sandbox-suite-");
    let exe = dir.path().join("grader-tests");
    let current = std::env::current_exe().unwrap();
    if std::fs::hard_link(&current, &exe).is_err() {
        std::fs::copy(&current, &exe).unwrap();
    }
    let exact = format!("sandbox::tests::suites::{suite}");
    let mut command = std::process::Command::new(&exe);
    // A wrapper (this binary's own entry point) executes the program named after it.
    command.args(wrapper);
    if !wrapper.is_empty() {
        command.arg(&exe);
    }
    command
        .args([
            "--exact",
            &exact,
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .env("TMPDIR", "/tmp")
        .env(env.0, env.1)
        .current_dir("/");
    if let Some(uid) = uid {
        command.uid(uid).gid(uid);
    }
    let output = command.output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(
        output.status.success() && stdout.contains("1 passed"),
        "{suite} ({env:?}):\n{stdout}\n{stderr}"
    );
    stderr
}

/// Set (to "landlock" or "without-landlock") in the copy of the test binary that
/// runs under Docker's default confinement.
const CONTAINER_ENV: &str = "MAZE_SANDBOX_TEST_CONTAINER";

/// Run by `sandbox_works_at_the_container_level` in a copy of this test binary
/// confined as Docker confines a container's root.
#[test]
#[ignore = "run under Docker's default confinement by sandbox_works_at_the_container_level"]
fn container_suite() {
    let Some(variant) = std::env::var_os(CONTAINER_ENV) else {
        note("container_suite: runs only as sandbox_works_at_the_container_level starts it");
        return;
    };
    let support = support();
    assert_eq!(support.level, Some(Level::Container), "{support:?}");
    let without_landlock = variant == "without-landlock";
    if without_landlock {
        assert_eq!(support.landlock_abi, 0, "{support:?}");
    }
    let checks = IMPORTANT
        .iter()
        .filter(|(name, _)| !(without_landlock && NEED_LANDLOCK_OR_MOUNTS.contains(name)));
    for (name, check) in checks {
        note(&format!("container: {name}"));
        check();
    }
}

/// Root without namespaces, as in a `docker run` with its defaults: every important
/// check at the container level, with Landlock (when this kernel has it) and as on a
/// kernel without it.
#[cfg(target_os = "linux")]
#[test]
fn sandbox_works_at_the_container_level() {
    if !support().as_root {
        note("sandbox_works_at_the_container_level: skipped, needs root (a container's root)");
        return;
    }
    for variant in ["landlock", "without-landlock"] {
        if variant == "landlock" && support().landlock_abi == 0 {
            note("sandbox_works_at_the_container_level: this kernel has no Landlock");
            continue;
        }
        let mut wrapper = vec![crate::sandbox::emulate::DOCKER_DEFAULTS_ARG];
        if variant == "without-landlock" {
            wrapper.push(crate::sandbox::emulate::WITHOUT_LANDLOCK);
        }
        let stderr = run_suite("container_suite", &wrapper, (CONTAINER_ENV, variant), None);
        note(&format!(
            "sandbox_works_at_the_container_level: {} checks passed {variant}",
            stderr.matches("note: container:").count()
        ));
    }
}
