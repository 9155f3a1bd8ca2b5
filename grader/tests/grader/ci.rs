//! `.ci/run`'s closing block when a test failed: `.ci/why-failed.awk` on a log of
//! `cargo test`, as CI's excerpt of a failed run shows only its first failure's
//! neighbourhood and its last lines.

use std::process::Command;

use super::support::kit_root;

/// What `.ci/why-failed.awk` says of `log`, the output of a `cargo test`, read from
/// a file as `.ci/run` has it read; the reason when awk does not run it through.
pub(super) fn why_failed(log: &str) -> Result<String, String> {
    let scratch = tempfile::tempdir().map_err(|e| format!("a temporary folder: {e}"))?;
    let file = scratch.path().join("ci-tests.log");
    std::fs::write(&file, log).map_err(|e| format!("writing {}: {e}", file.display()))?;
    let output = Command::new("awk")
        .arg("-f")
        .arg(kit_root().join(".ci/why-failed.awk"))
        .arg(&file)
        .output()
        .map_err(|e| format!("awk: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "awk: {}: {}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}

/// A log as `cargo test` writes it: one binary that passed, one with two failed
/// tests (captured output before each panic, a message longer than a line may be),
/// and one that a signal ended.
const LOG: &str = "\
     Running unittests src/main.rs (target/debug/deps/grader-1)
test a::passes ... ok
test result: ok. 1 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.01s

     Running tests/grader/main.rs (target/debug/deps/grader-2)
test watch::saves ... FAILED
test style::reads ... FAILED

failures:

---- watch::saves stdout ----
what the test printed before it failed

thread 'watch::saves' (7) panicked at grader/tests/grader/watch.rs:33:14:
no report within 900s; read so far:
line 1
line 2
line 3
line 4
line 5
line 6
note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace

---- style::reads stdout ----

thread 'style::reads' (8) panicked at grader/tests/grader/style.rs:9:5:
@LONG@
stack backtrace:
   0: __rustc::rust_begin_unwind

failures:
    style::reads
    watch::saves

test result: FAILED. 0 passed; 2 failed; 0 ignored; 0 measured; 0 filtered out; finished in 1.00s

error: test failed, to rerun pass `-p maze-grader --test grader`
     Running tests/play.rs (target/debug/deps/play-3)
error: test failed, to rerun pass `-p maze --test play`

Caused by:
  process didn't exit successfully: `target/debug/deps/play-3` (signal: 9, SIGKILL: kill)
";

#[test]
fn a_failed_run_ends_with_each_failed_tests_panic_its_first_lines_and_how_a_binary_died() {
    let said = why_failed(&LOG.replace("@LONG@", &"y".repeat(400))).expect("awk runs the script");
    let expected = format!(
        "\
x watch::saves
    thread 'watch::saves' (7) panicked at grader/tests/grader/watch.rs:33:14:
    no report within 900s; read so far:
    line 1
    line 2
    line 3
    line 4
    line 5
x style::reads
    thread 'style::reads' (8) panicked at grader/tests/grader/style.rs:9:5:
    {}…
error: test failed, to rerun pass `-p maze-grader --test grader`
error: test failed, to rerun pass `-p maze --test play`
  process didn't exit successfully: `target/debug/deps/play-3` (signal: 9, SIGKILL: kill)
",
        "y".repeat(300)
    );
    assert_eq!(said, expected);
}
