//! The tests that run everywhere: the sandbox's decisions (which level, what is
//! missing), its messages, and the unconfined fallback.

use std::time::{Duration, Instant};

use super::*;

#[test]
fn violations_read_in_words() {
    assert_eq!(
        Violation::Memory { limit: 1 << 30 }.to_string(),
        "out of memory (limit 1 GiB)"
    );
    assert_eq!(
        Violation::Memory { limit: 256 << 20 }.to_string(),
        "out of memory (limit 256 MiB)"
    );
    assert_eq!(
        Violation::Processes { limit: 64 }.to_string(),
        "killed: too many processes (limit 64)"
    );
    assert_eq!(
        Violation::FileSize.to_string(),
        "wrote a file larger than the limit"
    );
}

#[test]
fn required_mode_refuses_when_no_level_can_run_and_names_the_ways_out() {
    let support = missing(&["landlock (Linux 5.13+ with CONFIG_SECURITY_LANDLOCK)"]);
    let job = Job::new("/bin/true");
    let error = run_with(&job, Mode::Required, &support).unwrap_err();
    assert!(matches!(error, SandboxError::Unavailable(_)));
    let message = error.to_string();
    assert!(
        message.starts_with(
            "--sandbox required, but this machine cannot sandbox: it lacks landlock (Linux \
             5.13+ with CONFIG_SECURITY_LANDLOCK); ways out: run the grader as root"
        ),
        "{message}"
    );
    assert!(
        message.contains("kernel.apparmor_restrict_unprivileged_userns=0"),
        "{message}"
    );
    assert!(message.contains("--sandbox auto"), "{message}");
}

#[test]
fn required_mode_names_everything_missing_on_one_line() {
    let support = missing(&["not Linux", "user namespaces"]);
    let error = decide(Mode::Required, &support).unwrap_err().to_string();
    assert!(
        error.starts_with(
            "--sandbox required, but this machine cannot sandbox: it lacks not Linux, user \
             namespaces;"
        ),
        "{error}"
    );
    assert!(!error.contains('\n'));
}

#[test]
fn required_mode_grades_at_the_container_level() {
    let support = Support {
        level: Some(Level::Container),
        as_root: true,
        ..missing(&["namespaces (PID, network, mount, IPC)"])
    };
    assert_eq!(decide(Mode::Required, &support).unwrap(), Level::Container);
    assert_eq!(decide(Mode::Auto, &support).unwrap(), Level::Container);
    assert_eq!(decide(Mode::Off, &support).unwrap(), Level::Unconfined);
}

#[test]
fn auto_mode_falls_back_to_unconfined_when_no_level_can_run() {
    assert_eq!(
        decide(Mode::Auto, &missing(&["user namespaces"])).unwrap(),
        Level::Unconfined
    );
    let full = Support {
        level: Some(Level::Full),
        ..missing(&[])
    };
    assert_eq!(decide(Mode::Auto, &full).unwrap(), Level::Full);
    assert_eq!(decide(Mode::Off, &full).unwrap(), Level::Unconfined);
}

#[cfg(unix)]
#[test]
fn unconfined_fallback_runs_the_job_with_output_channel_and_time_limit() {
    let scratch = open_dir("maze-sandbox-test-");
    let mut job = sh(
        "read line; echo \"out $line\"; echo err >&2; echo chan >&3; exit 3",
        scratch.path(),
    );
    job.stdin = b"hello\n".to_vec();
    job.result_channel = true;
    let finished = run_with(&job, Mode::Auto, &missing(&["user namespaces"])).unwrap();
    assert!(!finished.sandboxed);
    assert_eq!(finished.exit, Exit::Code(3));
    assert_eq!(text(&finished.stdout), "out hello\n");
    assert_eq!(text(&finished.stderr), "err\n");
    assert_eq!(text(&finished.channel), "chan\n");

    let marker = sleep_marker();
    let mut job = sh(&format!("sleep {marker}"), scratch.path());
    job.limits.wall = Duration::from_millis(300);
    let started = Instant::now();
    let finished = run(&job, Mode::Off).unwrap();
    assert_eq!(finished.exit, Exit::TimedOut);
    assert!(started.elapsed() < Duration::from_secs(3));
    assert!(alive_with(&format!("sleep {marker}")).is_empty());
}

#[test]
fn output_beyond_the_cap_is_dropped_and_marked() {
    let scratch = open_dir("maze-sandbox-test-");
    let mut job = sh("head -c 100000 /dev/zero", scratch.path());
    job.limits.output = 1000;
    for (mode, support) in [
        (Mode::Off, missing(&[])),
        (Mode::Required, support().clone()),
    ] {
        if mode == Mode::Required && !sandbox_available("output cap in the sandbox") {
            continue;
        }
        let finished = run_with(&job, mode, &support).unwrap();
        assert_eq!(finished.exit, Exit::Code(0), "{mode:?}: {finished:?}");
        assert_eq!(finished.stdout.bytes.len(), 1000);
        assert!(finished.stdout.truncated);
    }
}

#[cfg(target_os = "linux")]
#[test]
fn init_reports_are_read_line_by_line() {
    let report = linux::Report::parse(b"peak 3\npeak 7\npeak 5\nsignal 6\n");
    assert_eq!(report.exit, Some(Exit::Signal(6)));
    assert_eq!(report.peak_tasks, 7);
    let report = linux::Report::parse(b"error could not mount /proc: EPERM\n");
    assert_eq!(
        report.error.as_deref(),
        Some("could not mount /proc: EPERM")
    );
    assert_eq!(linux::Report::parse(b"exec 2\n").exec_errno, Some(2));
}

#[test]
fn violations_are_told_only_from_evidence() {
    let limits = Limits::default();
    let nothing = Seen::default();
    let memory = Seen {
        memory: true,
        ..nothing
    };
    let processes = Seen {
        processes: true,
        ..nothing
    };
    let file_size = Seen {
        file_size: true,
        ..nothing
    };
    assert_eq!(
        violation(Exit::Signal(SIGXFSZ), nothing, 0, &limits),
        Some(Violation::FileSize)
    );
    assert_eq!(
        violation(Exit::Code(153), file_size, 0, &limits),
        Some(Violation::FileSize)
    );
    assert_eq!(
        violation(Exit::Signal(6), memory, 0, &limits),
        Some(Violation::Memory { limit: 1 << 30 })
    );
    // An allocation message from a job that then succeeded is not a violation.
    assert_eq!(violation(Exit::Code(0), memory, 0, &limits), None);
    // EAGAIN on stderr from a job that then failed: the process limit, whatever the
    // last sample of its tasks saw (a sample's timing must not decide the verdict).
    assert_eq!(
        violation(Exit::Code(2), processes, 10, &limits),
        Some(Violation::Processes { limit: 64 })
    );
    // From a job that ended well, only when it was seen at the limit.
    assert_eq!(violation(Exit::Code(0), processes, 10, &limits), None);
    assert_eq!(
        violation(Exit::Code(0), processes, 64, &limits),
        Some(Violation::Processes { limit: 64 })
    );
    // At the limit but no failed fork seen: no guess.
    assert_eq!(violation(Exit::Signal(9), nothing, 64, &limits), None);
}

#[test]
fn marker_flags_split_by_kind() {
    let mut flags = vec![false; all_markers().len()];
    assert_eq!(Seen::from_flags(&flags), Seen::default());
    let last = flags.len() - 1;
    flags[last] = true;
    assert!(Seen::from_flags(&flags).file_size);
    flags[0] = true;
    assert!(Seen::from_flags(&flags).memory);
    assert!(!Seen::from_flags(&flags).processes);
}

#[test]
fn a_job_that_waits_a_whole_stretch_is_seen_and_one_that_computes_is_not() {
    let second = Duration::from_secs(1);
    let limits = Limits {
        cpu: Some(5 * second),
        wall: 50 * second,
        ..Limits::default()
    };
    let started = Instant::now();
    let mut watch = IdleWatch::new(&limits, started).expect("a CPU limit below the wall's");
    assert_eq!(watch.next, started + 5 * second);
    // A third of a core during the first stretch (a busy machine): not waiting.
    assert_eq!(watch.look(Some(Duration::from_millis(1700))), None);
    // Then next to nothing during the second: waiting, after 10 s.
    assert_eq!(
        watch.look(Some(Duration::from_millis(1800))),
        Some(10 * second)
    );
    // A figure that cannot be read decides nothing.
    assert_eq!(watch.look(None), None);
    // No CPU limit, or one the wall clock ends first: no looks.
    assert!(IdleWatch::new(&Limits::default(), started).is_none());
    let short_wall = Limits {
        wall: 5 * second,
        ..limits
    };
    assert!(IdleWatch::new(&short_wall, started).is_none());
}
