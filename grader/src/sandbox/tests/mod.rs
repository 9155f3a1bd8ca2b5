//! The sandbox's tests. Those that need the sandbox print a note and return when
//! this machine lacks it (see `support()`), rather than pass silently; the rest
//! (decisions, messages) run everywhere.
//!
//! This test binary doubles as the sandbox's supervisor (the grader's binary does
//! that in production) and as a small helper program for jobs: a constructor checks
//! its arguments before the test harness starts.
//!
//! The tests by topic: [`everywhere`] (decisions and messages, on any machine),
//! [`attacks`] (what a hostile job tries, in the sandbox), [`suites`] (those attacks
//! again as an unprivileged user and at the container level), [`cargo`] (building
//! with cargo in the sandbox); [`programs`] are the helper programs jobs run.

use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

use super::*;

mod attacks;
mod cargo;
mod everywhere;
mod programs;
mod suites;

/// First argument that makes this test binary a helper program inside a job.
const HELPER_ARG: &str = "__sandbox-test-helper";

#[cfg(target_os = "linux")]
#[ctor::ctor(unsafe)]
fn entry_points() {
    // Read from /proc rather than std::env::args: std may not have captured the
    // arguments yet this early.
    let Ok(cmdline) = std::fs::read("/proc/self/cmdline") else {
        return;
    };
    let args: Vec<String> = cmdline
        .split(|b| *b == 0)
        .map(|a| String::from_utf8_lossy(a).into_owned())
        .collect();
    match args.get(1).map(String::as_str) {
        Some(INIT_ARG) => super::supervisor::main(),
        Some(HELPER_ARG) => programs::helper(&args[2..]),
        Some(super::emulate::DOCKER_DEFAULTS_ARG) => {
            let rest: Vec<std::ffi::OsString> = args[2..].iter().map(Into::into).collect();
            eprintln!("{}", super::emulate::exec(&rest));
            std::process::exit(2)
        }
        _ => {}
    }
}

// ---------------------------------------------------------------------------------
// Helpers

/// A note on the terminal that the test harness does not capture.
fn note(text: &str) {
    let _ = writeln!(std::io::stderr(), "note: {text}");
}

/// Whether the sandbox can run here, at either level; prints why a test is skipped
/// when it cannot.
fn sandbox_available(test: &str) -> bool {
    let missing = &support().missing;
    if support().level.is_some() {
        return true;
    }
    note(&format!(
        "{test}: skipped, this machine lacks {}",
        missing.join(", ")
    ));
    false
}

/// A directory the job's uid can read (0755, whatever the umask).
fn open_dir(prefix: &str) -> tempfile::TempDir {
    let dir = tempfile::Builder::new().prefix(prefix).tempdir().unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    dir
}

/// A shell job in a scratch directory it may write.
fn sh(script: &str, scratch: &Path) -> Job {
    Job {
        args: vec!["-c".into(), script.into()],
        env: vec![("PATH".into(), "/usr/bin:/bin".into())],
        cwd: scratch.to_owned(),
        readable: vec!["/bin".into(), "/usr/bin".into()],
        writable: vec![scratch.to_owned()],
        limits: Limits {
            wall: Duration::from_secs(20),
            ..Limits::default()
        },
        ..Job::new("/bin/sh")
    }
}

/// A job running this test binary as a helper program.
fn helper_job(args: &[&str], scratch: &Path) -> Job {
    let exe = std::env::current_exe().unwrap();
    Job {
        args: std::iter::once(HELPER_ARG)
            .chain(args.iter().copied())
            .map(Into::into)
            .collect(),
        cwd: scratch.to_owned(),
        readable: vec![exe.parent().unwrap().to_owned()],
        writable: vec![scratch.to_owned()],
        ..Job::new(exe)
    }
}

/// A `sleep` argument no other call (in this test process or another) makes, so
/// that the processes a test looks for afterwards are its own: numbered per call,
/// never per test, since tests run at once and a number chosen by hand was once
/// shared by two of them (each then saw the other's sleeps still alive).
fn sleep_marker() -> String {
    use std::sync::atomic::{AtomicU32, Ordering};
    static CALLS: AtomicU32 = AtomicU32::new(0);
    let call = CALLS.fetch_add(1, Ordering::Relaxed);
    format!("{}.{}", 4700 + call, std::process::id())
}

fn text(capture: &Capture) -> String {
    String::from_utf8_lossy(&capture.bytes).into_owned()
}

fn sandboxed(job: &Job) -> Finished {
    let finished = run(job, Mode::Required).expect("the job runs in the sandbox");
    assert!(finished.sandboxed);
    finished
}

/// Processes on the whole machine whose command line contains `needle` as whole
/// words: `sleep 4702.123` is not `sleep 4702.1234`, another test process's marker.
fn alive_with(needle: &str) -> Vec<String> {
    let padded = format!(" {needle} ");
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        if entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<u32>().ok())
            .is_none()
        {
            continue;
        }
        let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        let cmdline = String::from_utf8_lossy(&cmdline).replace('\0', " ");
        if format!(" {cmdline} ").contains(&padded) {
            found.push(format!(
                "{}: {cmdline}",
                entry.file_name().to_string_lossy()
            ));
        }
    }
    found
}

fn missing(what: &[&str]) -> Support {
    Support {
        level: None,
        missing: what.iter().map(|s| s.to_string()).collect(),
        landlock_abi: 0,
        as_root: false,
    }
}

/// Prints how long `run` takes for `/bin/true`, sandboxed and not.
#[test]
#[ignore = "full tier: 300 jobs, and what each costs is printed (cargo test --workspace sandbox_overhead -- --ignored --nocapture)"]
fn sandbox_overhead() {
    let scratch = open_dir("maze-sandbox-test-");
    for mode in [Mode::Off, Mode::Required] {
        if mode == Mode::Required && !sandbox_available("sandbox_overhead") {
            continue;
        }
        let mut job = sh("", scratch.path());
        job.program = "/bin/true".into();
        job.args.clear();
        let started = Instant::now();
        for _ in 0..100 {
            let finished = run(&job, mode).unwrap();
            assert_eq!(finished.exit, Exit::Code(0));
        }
        note(&format!(
            "{mode:?} ({}): {:?} per job (100 runs of /bin/true)",
            level(mode).map_or("refused", Level::name),
            started.elapsed() / 100
        ));
    }
}
