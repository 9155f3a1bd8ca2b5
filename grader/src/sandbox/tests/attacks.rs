//! In the sandbox: what a hostile job tries (reading and writing outside its paths,
//! the network, memory, fork bombs, signals, system calls, leftovers) and what an
//! honest job gets. Each check is a test here, and [`IMPORTANT`] lists the checks
//! that [`suites`](super::suites) runs again as an unprivileged user and at the
//! container level.

use std::path::Path;
use std::time::{Duration, Instant};

use super::*;

fn check_honest_job_gets_stdin_and_returns_output_exit_code_and_channel() {
    let scratch = open_dir("maze-sandbox-test-");
    let mut job = sh(
        "read a; read b; echo \"got $a $b\"; echo oops >&2; printf '{\"ok\":true}' >&3; \
         echo data > out.txt; cat out.txt; exit 7",
        scratch.path(),
    );
    job.stdin = b"one\ntwo\n".to_vec();
    job.result_channel = true;
    let finished = sandboxed(&job);
    assert_eq!(finished.exit, Exit::Code(7), "{finished:?}");
    assert_eq!(text(&finished.stdout), "got one two\ndata\n");
    assert_eq!(text(&finished.stderr), "oops\n");
    assert_eq!(text(&finished.channel), "{\"ok\":true}");
    assert_eq!(finished.violation, None);
    assert_eq!(
        std::fs::read_to_string(scratch.path().join("out.txt")).unwrap(),
        "data\n"
    );
}

/// A job answering several questions on the channel is ended as soon as one answer
/// is overdue, long before its wall limit; the answers that came in are timed.
fn answer_that_is_overdue_ends_the_job(mode: Mode) {
    let scratch = open_dir("maze-sandbox-test-");
    let marker = sleep_marker();
    let mut job = sh(
        &format!("echo one >&3; sleep 0.2; echo two >&3; sleep {marker}; echo three >&3"),
        scratch.path(),
    );
    job.result_channel = true;
    job.limits.wall = Duration::from_secs(20);
    job.answer_limits = vec![
        Duration::from_secs(5),
        Duration::from_secs(5),
        Duration::from_millis(300),
    ];
    let started = Instant::now();
    let finished = run(&job, mode).unwrap();
    assert_eq!(finished.exit, Exit::TimedOut, "{finished:?}");
    assert!(
        started.elapsed() < Duration::from_secs(4),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(text(&finished.channel), "one\ntwo\n");
    let [first, second] = finished.answered_at.as_slice() else {
        panic!("two answers timed: {:?}", finished.answered_at);
    };
    assert!(
        *second >= *first + Duration::from_millis(150),
        "{first:?} {second:?}"
    );
    assert!(alive_with(&format!("sleep {marker}")).is_empty());
}

#[test]
fn an_overdue_answer_ends_an_unconfined_job() {
    answer_that_is_overdue_ends_the_job(Mode::Off);
}

fn check_an_overdue_answer_ends_a_sandboxed_job() {
    answer_that_is_overdue_ends_the_job(Mode::Required);
}

fn check_background_children_ignoring_sigterm_do_not_survive() {
    let scratch = open_dir("maze-sandbox-test-");
    let marker = sleep_marker();
    let job = sh(
        &format!(
            "trap '' TERM; for i in $(seq 50); do sleep {marker} & done; echo started; exit 0"
        ),
        scratch.path(),
    );
    let finished = sandboxed(&job);
    assert_eq!(finished.exit, Exit::Code(0), "{finished:?}");
    assert_eq!(text(&finished.stdout), "started\n");
    assert_eq!(alive_with(&format!("sleep {marker}")), Vec::<String>::new());
}

fn check_setsid_child_holding_stdout_does_not_delay_run() {
    let scratch = open_dir("maze-sandbox-test-");
    let marker = sleep_marker();
    let mut job = sh(&format!("setsid sleep {marker} & echo bye"), scratch.path());
    job.limits.wall = Duration::from_secs(3);
    let started = Instant::now();
    let finished = sandboxed(&job);
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "took {:?}",
        started.elapsed()
    );
    assert_eq!(finished.exit, Exit::Code(0), "{finished:?}");
    assert_eq!(text(&finished.stdout), "bye\n");
    assert_eq!(alive_with(&format!("sleep {marker}")), Vec::<String>::new());
}

fn check_time_limit_kills_the_whole_job() {
    let scratch = open_dir("maze-sandbox-test-");
    let marker = sleep_marker();
    let mut job = sh(
        &format!(
            "trap '' TERM; setsid sleep {marker} & sleep {marker} & echo waiting; sleep {marker}"
        ),
        scratch.path(),
    );
    job.limits.wall = Duration::from_millis(500);
    let started = Instant::now();
    let finished = sandboxed(&job);
    assert_eq!(finished.exit, Exit::TimedOut, "{finished:?}");
    assert!(started.elapsed() < Duration::from_millis(500) + Duration::from_secs(2));
    assert_eq!(text(&finished.stdout), "waiting\n");
    assert_eq!(alive_with(&format!("sleep {marker}")), Vec::<String>::new());
}

fn check_files_outside_readable_cannot_be_read() {
    let secret_dir = open_dir("maze-sandbox-secret-");
    let secret = secret_dir.path().join("secret.txt");
    std::fs::write(&secret, "the answers").unwrap();
    let scratch = open_dir("maze-sandbox-test-");
    let job = sh(
        &format!(
            "cat {} /etc/shadow /etc/passwd /etc/hostname; ls /root /home; \
             cat /proc/1/environ; echo done",
            secret.display()
        ),
        scratch.path(),
    );
    let finished = sandboxed(&job);
    let stdout = text(&finished.stdout);
    assert_eq!(stdout, "done\n", "stderr: {}", text(&finished.stderr));
    assert!(!stdout.contains("the answers"));
    // Not there at all at the full level; there but refused at the container level.
    let refused = |path: &str| {
        let stderr = text(&finished.stderr);
        [": No such file", ": Permission denied"]
            .iter()
            .any(|why| stderr.contains(&format!("{path}{why}")))
    };
    let stderr = text(&finished.stderr);
    assert!(refused(&secret.display().to_string()), "{stderr}");
    assert!(refused("/etc/shadow"), "{stderr}");
}

fn check_files_outside_writable_cannot_be_written() {
    let elsewhere = open_dir("maze-sandbox-elsewhere-");
    let readable = open_dir("maze-sandbox-readonly-");
    let scratch = open_dir("maze-sandbox-test-");
    let mut job = sh(
        &format!(
            "echo x > {0}/new.txt; echo x > {1}/new.txt; echo x > /new.txt; \
             echo x > /usr/bin/new.txt; touch {1}/touched; echo x > ok.txt && echo wrote",
            elsewhere.path().display(),
            readable.path().display()
        ),
        scratch.path(),
    );
    job.readable.push(readable.path().to_owned());
    let finished = sandboxed(&job);
    assert_eq!(
        text(&finished.stdout),
        "wrote\n",
        "{}",
        text(&finished.stderr)
    );
    assert!(!elsewhere.path().join("new.txt").exists());
    assert!(!readable.path().join("new.txt").exists());
    assert!(!readable.path().join("touched").exists());
    assert!(!Path::new("/new.txt").exists());
    assert!(!Path::new("/usr/bin/new.txt").exists());
    let stderr = text(&finished.stderr);
    assert!(
        stderr.contains("Read-only file system") || stderr.contains("Permission denied"),
        "{stderr}"
    );
}

fn check_tcp_to_a_listener_on_localhost_fails() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = listener.local_addr().unwrap().port().to_string();
    let scratch = open_dir("maze-sandbox-test-");
    let finished = sandboxed(&helper_job(&["connect", &port], scratch.path()));
    assert_eq!(finished.exit, Exit::Code(1), "{finished:?}");
    assert!(
        text(&finished.stdout).starts_with("connect failed"),
        "{}",
        text(&finished.stdout)
    );
    assert!(listener.accept().is_err(), "the job reached the listener");

    // The same job with the network allowed does connect: the test is not vacuous.
    let mut job = helper_job(&["connect", &port], scratch.path());
    job.network = true;
    let finished = sandboxed(&job);
    assert_eq!(text(&finished.stdout), "connected\n", "{finished:?}");
}

fn check_memory_hog_is_stopped_and_reported() {
    let scratch = open_dir("maze-sandbox-test-");
    let mut job = helper_job(&["alloc", &(4u64 << 30).to_string()], scratch.path());
    job.limits.memory = 256 << 20;
    let finished = sandboxed(&job);
    assert_eq!(finished.exit, Exit::Signal(libc::SIGABRT), "{finished:?}");
    assert_eq!(
        finished.violation,
        Some(Violation::Memory { limit: 256 << 20 })
    );
    assert_eq!(
        finished.violation.unwrap().to_string(),
        "out of memory (limit 256 MiB)"
    );
}

/// The memory limit bounds a job's processes together, not only each alone
/// (`RLIMIT_AS`): four processes of 80 MiB each under a limit of 256 MiB are ended
/// as out of memory, where two of 40 MiB hold their memory to the end.
fn check_processes_that_together_pass_the_memory_limit_are_stopped() {
    let scratch = open_dir("maze-sandbox-test-");
    let mut job = helper_job(&["hogs", "4", &(80u64 << 20).to_string()], scratch.path());
    job.limits.memory = 256 << 20;
    job.limits.wall = Duration::from_secs(30);
    let finished = sandboxed(&job);
    assert_eq!(finished.exit, Exit::Signal(libc::SIGKILL), "{finished:?}");
    assert_eq!(
        finished.violation,
        Some(Violation::Memory { limit: 256 << 20 }),
        "{finished:?}"
    );
    assert_eq!(text(&finished.stdout), "");

    let mut job = helper_job(&["hogs", "2", &(40u64 << 20).to_string()], scratch.path());
    job.limits.memory = 256 << 20;
    job.limits.wall = Duration::from_secs(30);
    let finished = sandboxed(&job);
    assert_eq!(finished.exit, Exit::Code(0), "{finished:?}");
    assert_eq!(finished.violation, None);
    assert_eq!(text(&finished.stdout), "2 held\n");
}

fn check_fork_bomb_is_bounded_reported_and_leaves_nothing() {
    let scratch = open_dir("maze-sandbox-test-");
    // A recursive bomb, at most 2^9 processes even if the limit failed (safe on any
    // machine). Its subshells give up at the first failed fork, so the init may not
    // see it at the limit: reported if the sandbox can tell, never as anything else.
    let marker = sleep_marker();
    let mut job = sh(
        &format!(
            "b() {{ if [ \"$1\" -gt 0 ]; then b $(($1 - 1)) & b $(($1 - 1)) & fi; sleep {marker}; }}; \
             b 8 & sleep 1; exit 0"
        ),
        scratch.path(),
    );
    job.limits.processes = 32;
    let started = Instant::now();
    let finished = sandboxed(&job);
    assert!(started.elapsed() < Duration::from_secs(5));
    assert!(
        matches!(
            finished.violation,
            None | Some(Violation::Processes { limit: 32 })
        ),
        "{finished:?}"
    );
    assert!(text(&finished.stderr).contains("Cannot fork"));
    assert_eq!(alive_with(&format!("sleep {marker}")), Vec::<String>::new());
    if finished.violation.is_none() {
        note("fork bomb: ended and left nothing, but the init did not see it at its limit");
    }

    // A program that keeps trying (200 times, then waits) is seen at its limit.
    let marker = sleep_marker();
    let mut job = helper_job(&["spawn", "200", &marker], scratch.path());
    job.readable.extend(["/bin".into(), "/usr/bin".into()]);
    job.limits.processes = 32;
    let finished = sandboxed(&job);
    assert_eq!(
        finished.violation,
        Some(Violation::Processes { limit: 32 }),
        "{finished:?}"
    );
    assert_eq!(
        finished.violation.unwrap().to_string(),
        "killed: too many processes (limit 32)"
    );
    assert_eq!(text(&finished.stdout), "started 31, failed 169\n");
    assert_eq!(alive_with(&format!("sleep {marker}")), Vec::<String>::new());
}

fn check_file_size_limit_is_reported() {
    let scratch = open_dir("maze-sandbox-test-");
    // The writer as the job's main process, and as a shell's child.
    for script in [
        "exec head -c 3000000 /dev/zero > big.bin",
        "head -c 3000000 /dev/zero > big.bin",
    ] {
        let mut job = sh(script, scratch.path());
        job.limits.file_size = 1 << 20;
        let finished = sandboxed(&job);
        assert_eq!(
            finished.violation,
            Some(Violation::FileSize),
            "{finished:?}"
        );
        let size = std::fs::metadata(scratch.path().join("big.bin"))
            .unwrap()
            .len();
        assert!(size <= 1 << 20, "{size}");
    }
}

fn check_job_cannot_kill_the_grader() {
    let scratch = open_dir("maze-sandbox-test-");
    let mut job = sh(
        "kill -9 $GRADER; echo \"kill grader: $?\"; ls /proc | grep -c '^[0-9]'; \
         kill -9 -1; echo \"kill all: $?\"",
        scratch.path(),
    );
    job.env
        .push(("GRADER".into(), std::process::id().to_string().into()));
    let finished = sandboxed(&job);
    // Still here. At the full level the job saw no grader to kill and only its own
    // few processes; at the container level it sees them all but may signal none.
    let stdout = text(&finished.stdout);
    assert!(stdout.starts_with("kill grader: 1\n"), "{stdout}");
    let stderr = text(&finished.stderr);
    if support().level == Some(Level::Full) {
        let processes: u32 = stdout.lines().nth(1).unwrap().parse().unwrap();
        assert!(processes <= 4, "the job saw {processes} processes");
        assert!(stderr.contains("No such process"), "{stderr}");
    } else {
        assert!(stderr.contains("Operation not permitted"), "{stderr}");
    }
}

fn check_dangerous_system_calls_fail_with_eperm() {
    let scratch = open_dir("maze-sandbox-test-");
    let finished = sandboxed(&helper_job(&["syscalls"], scratch.path()));
    assert_eq!(finished.exit, Exit::Code(0), "{finished:?}");
    // Without a network namespace or Landlock's scoping (ABI 6) of abstract sockets,
    // the container level refuses Unix sockets too.
    let support = support();
    let unix = if support.level == Some(Level::Container) && support.landlock_abi < 6 {
        "EPERM"
    } else {
        "ok"
    };
    assert_eq!(
        text(&finished.stdout),
        format!(
            "ptrace: EPERM\n\
         process_vm_readv: EPERM\n\
         mount: EPERM\n\
         unshare: EPERM\n\
         clone(CLONE_NEWUSER): EPERM\n\
         clone3: ENOSYS\n\
         bpf: EPERM\n\
         keyctl: EPERM\n\
         io_uring_setup: EPERM\n\
         socket(AF_INET): EPERM\n\
         socket(AF_INET6): EPERM\n\
         socket(AF_NETLINK): EPERM\n\
         socket(AF_UNIX): {unix}\n\
         socketpair(AF_UNIX): ok\n\
         shmget: EPERM\n\
         fork: ok\n"
        )
    );
}

fn check_concurrent_jobs_run_apart() {
    let scratch = open_dir("maze-sandbox-test-");
    // Each job waits (up to 10 s) until all eight have started, so that they really
    // run at once: a job that ended before the last one began would give its uid back.
    let job = sh(
        "id -u; cat /proc/self/uid_map | wc -l; mktemp -p . arrived.XXXXXX >/dev/null; \
         for _ in $(seq 100); do [ $(ls | grep -c '^arrived') -ge 8 ] && break; sleep 0.1; done",
        scratch.path(),
    );
    let ids: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..8)
            .map(|_| scope.spawn(|| text(&sandboxed(&job).stdout)))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    if support().as_root {
        let mut distinct = ids.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), 8, "jobs at once shared a uid: {ids:?}");
        for id in &ids {
            let uid: u32 = id.lines().next().unwrap().parse().unwrap();
            assert!((64_000..65_000).contains(&uid), "{ids:?}");
        }
    } else {
        let me = nix::unistd::Uid::current().to_string();
        assert!(
            ids.iter().all(|id| id.starts_with(&format!("{me}\n"))),
            "{ids:?}"
        );
    }
}

fn check_missing_program_is_a_spawn_error() {
    let scratch = open_dir("maze-sandbox-test-");
    let mut job = sh("true", scratch.path());
    job.program = "/nonexistent/program".into();
    let error = run(&job, Mode::Required).unwrap_err();
    assert!(matches!(error, SandboxError::Spawn(_)), "{error:?}");
    assert!(
        error
            .to_string()
            .contains("/nonexistent/program in the sandbox"),
        "{error}"
    );
}

/// Files the job's uid has no permission bits for stay closed to it at every level,
/// with or without Landlock (the container level's layer of last resort).
fn check_private_files_stay_closed_by_ownership_and_mode() {
    use std::os::unix::fs::PermissionsExt;
    if !support().as_root {
        // In a user namespace the job is its user: only the mounts keep it out.
        return;
    }
    let private_dir = tempfile::Builder::new()
        .prefix("maze-sandbox-private-")
        .permissions(std::fs::Permissions::from_mode(0o700))
        .tempdir()
        .unwrap();
    let inside = private_dir.path().join("answers.txt");
    std::fs::write(&inside, "the answers").unwrap();
    let open = open_dir("maze-sandbox-open-");
    let private_file = open.path().join("secret.txt");
    std::fs::write(&private_file, "the secret").unwrap();
    std::fs::set_permissions(&private_file, std::fs::Permissions::from_mode(0o600)).unwrap();
    let scratch = open_dir("maze-sandbox-test-");
    let mut job = sh(
        &format!(
            "cat {} {}; ls {}; echo done",
            inside.display(),
            private_file.display(),
            private_dir.path().display()
        ),
        scratch.path(),
    );
    job.readable.push(open.path().to_owned());
    let finished = sandboxed(&job);
    assert_eq!(
        text(&finished.stdout),
        "done\n",
        "{}",
        text(&finished.stderr)
    );
}

/// What a job leaves in the machine's world-writable directories does not outlive
/// it (the full level gives it no way there; the container level deletes it).
fn check_files_left_in_shared_tmp_do_not_outlive_the_job() {
    let scratch = open_dir("maze-sandbox-test-");
    let marker = format!("/tmp/maze-sandbox-left-{}", std::process::id());
    let job = sh(
        &format!("echo x > {marker}; mkdir {marker}.d && echo y > {marker}.d/f; echo done"),
        scratch.path(),
    );
    let finished = sandboxed(&job);
    assert_eq!(text(&finished.stdout), "done\n", "{finished:?}");
    assert!(!Path::new(&marker).exists(), "{marker} outlived the job");
    assert!(!Path::new(&format!("{marker}.d")).exists());
}

/// The checks that matter most, run as root by the tests below and as an ordinary
/// user by `sandbox_works_as_an_unprivileged_user`.
pub(super) const IMPORTANT: &[(&str, fn())] = &[
    (
        "honest job",
        check_honest_job_gets_stdin_and_returns_output_exit_code_and_channel,
    ),
    (
        "background children",
        check_background_children_ignoring_sigterm_do_not_survive,
    ),
    (
        "setsid child",
        check_setsid_child_holding_stdout_does_not_delay_run,
    ),
    ("time limit", check_time_limit_kills_the_whole_job),
    ("reading", check_files_outside_readable_cannot_be_read),
    ("writing", check_files_outside_writable_cannot_be_written),
    ("tcp", check_tcp_to_a_listener_on_localhost_fails),
    ("memory", check_memory_hog_is_stopped_and_reported),
    (
        "memory together",
        check_processes_that_together_pass_the_memory_limit_are_stopped,
    ),
    (
        "fork bomb",
        check_fork_bomb_is_bounded_reported_and_leaves_nothing,
    ),
    ("file size", check_file_size_limit_is_reported),
    ("kill the grader", check_job_cannot_kill_the_grader),
    ("system calls", check_dangerous_system_calls_fail_with_eperm),
    ("missing program", check_missing_program_is_a_spawn_error),
    ("concurrent jobs", check_concurrent_jobs_run_apart),
    (
        "private files",
        check_private_files_stay_closed_by_ownership_and_mode,
    ),
    (
        "shared tmp",
        check_files_left_in_shared_tmp_do_not_outlive_the_job,
    ),
];

/// The important checks that rely on the job not seeing the rest of the machine at
/// all (reading a world-readable file outside its paths, writing a world-writable
/// place): at the container level on a kernel without Landlock they do not hold,
/// and the rest must.
pub(super) const NEED_LANDLOCK_OR_MOUNTS: &[&str] = &["reading", "writing"];

macro_rules! sandbox_tests {
    ($($name:ident => $check:ident,)*) => {$(
        #[test]
        fn $name() {
            if sandbox_available(stringify!($name)) {
                $check();
            }
        }
    )*};
}

sandbox_tests! {
    honest_job_gets_stdin_and_returns_output_exit_code_and_channel =>
        check_honest_job_gets_stdin_and_returns_output_exit_code_and_channel,
    background_children_ignoring_sigterm_do_not_survive =>
        check_background_children_ignoring_sigterm_do_not_survive,
    setsid_child_holding_stdout_does_not_delay_run =>
        check_setsid_child_holding_stdout_does_not_delay_run,
    time_limit_kills_the_whole_job => check_time_limit_kills_the_whole_job,
    an_overdue_answer_ends_a_sandboxed_job => check_an_overdue_answer_ends_a_sandboxed_job,
    files_outside_readable_cannot_be_read => check_files_outside_readable_cannot_be_read,
    files_outside_writable_cannot_be_written => check_files_outside_writable_cannot_be_written,
    tcp_to_a_listener_on_localhost_fails => check_tcp_to_a_listener_on_localhost_fails,
    memory_hog_is_stopped_and_reported => check_memory_hog_is_stopped_and_reported,
    processes_that_together_pass_the_memory_limit_are_stopped =>
        check_processes_that_together_pass_the_memory_limit_are_stopped,
    fork_bomb_is_bounded_reported_and_leaves_nothing =>
        check_fork_bomb_is_bounded_reported_and_leaves_nothing,
    file_size_limit_is_reported => check_file_size_limit_is_reported,
    job_cannot_kill_the_grader => check_job_cannot_kill_the_grader,
    dangerous_system_calls_fail_with_eperm => check_dangerous_system_calls_fail_with_eperm,
    private_files_stay_closed_by_ownership_and_mode =>
        check_private_files_stay_closed_by_ownership_and_mode,
    files_left_in_shared_tmp_do_not_outlive_the_job =>
        check_files_left_in_shared_tmp_do_not_outlive_the_job,
    missing_program_is_a_spawn_error => check_missing_program_is_a_spawn_error,
    concurrent_jobs_run_apart => check_concurrent_jobs_run_apart,
}
