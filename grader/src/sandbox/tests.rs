//! The sandbox's tests. Those that need the sandbox print a note and return when
//! this machine lacks it (see `support()`), rather than pass silently; the rest
//! (decisions, messages) run everywhere.
//!
//! This test binary doubles as the sandbox's supervisor (the grader's binary does
//! that in production) and as a small helper program for jobs: a constructor checks
//! its arguments before the test harness starts.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::*;

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
        Some(INIT_ARG) => super::init::main(),
        Some(HELPER_ARG) => helper(&args[2..]),
        Some(super::emulate::DOCKER_DEFAULTS_ARG) => {
            let rest: Vec<std::ffi::OsString> = args[2..].iter().map(Into::into).collect();
            eprintln!("{}", super::emulate::exec(&rest));
            std::process::exit(2)
        }
        _ => {}
    }
}

/// Helper programs for jobs: `alloc BYTES` (allocate and touch), `connect PORT`
/// (TCP to 127.0.0.1).
fn helper(args: &[String]) -> ! {
    match args.first().map(String::as_str) {
        Some("alloc") => {
            let bytes: usize = args[1].parse().expect("alloc BYTES");
            let mut block = Vec::<u8>::with_capacity(bytes);
            block.resize(bytes, 1);
            println!("allocated {}", block.len());
            std::process::exit(0)
        }
        Some("connect") => {
            let port: u16 = args[1].parse().expect("connect PORT");
            match std::net::TcpStream::connect(("127.0.0.1", port)) {
                Ok(_) => {
                    println!("connected");
                    std::process::exit(0)
                }
                Err(error) => {
                    println!("connect failed: {error}");
                    std::process::exit(1)
                }
            }
        }
        Some("spawn") => {
            let count: usize = args[1].parse().expect("spawn COUNT SECONDS");
            let (mut started, mut failed) = (0, 0);
            let mut children = Vec::new();
            for _ in 0..count {
                match std::process::Command::new("/bin/sleep")
                    .arg(&args[2])
                    .spawn()
                {
                    Ok(child) => {
                        started += 1;
                        children.push(child);
                    }
                    Err(error) => {
                        failed += 1;
                        eprintln!("spawn failed: {error}");
                    }
                }
            }
            println!("started {started}, failed {failed}");
            std::thread::sleep(Duration::from_millis(300));
            std::process::exit(0)
        }
        Some("syscalls") => {
            syscalls();
            std::process::exit(0)
        }
        other => panic!("unknown helper {other:?}"),
    }
}

/// Tries system calls the seccomp filter refuses (and a few it allows), printing
/// `name: ERRNO` or `name: ok` for each.
#[cfg(target_os = "linux")]
fn syscalls() {
    use libc::*;
    let show = |name: &str, result: c_long| {
        let outcome = if result >= 0 {
            "ok".to_owned()
        } else {
            match std::io::Error::last_os_error().raw_os_error() {
                Some(EPERM) => "EPERM".to_owned(),
                Some(ENOSYS) => "ENOSYS".to_owned(),
                other => format!("errno {other:?}"),
            }
        };
        println!("{name}: {outcome}");
    };
    let mut fds = [0 as c_int; 2];
    // SAFETY: each call either fails or acts only on this process; the clone with
    // CLONE_NEWUSER fails before creating anything, and fork's child exits at once.
    unsafe {
        show("ptrace", ptrace(PTRACE_TRACEME, 0, 0, 0));
        show(
            "process_vm_readv",
            process_vm_readv(getppid(), std::ptr::null(), 0, std::ptr::null(), 0, 0) as c_long,
        );
        show(
            "mount",
            mount(
                c"none".as_ptr(),
                c"/".as_ptr(),
                c"tmpfs".as_ptr(),
                0,
                std::ptr::null(),
            ) as c_long,
        );
        show("unshare", unshare(CLONE_NEWNS) as c_long);
        show(
            "clone(CLONE_NEWUSER)",
            syscall(SYS_clone, (CLONE_NEWUSER | SIGCHLD) as c_ulong, 0, 0, 0, 0),
        );
        show(
            "clone3",
            syscall(SYS_clone3, std::ptr::null::<c_void>(), 0usize),
        );
        show("bpf", syscall(SYS_bpf, 0, std::ptr::null::<c_void>(), 0));
        show("keyctl", syscall(SYS_keyctl, 0, 0, 0, 0, 0));
        show(
            "io_uring_setup",
            syscall(SYS_io_uring_setup, 8, std::ptr::null::<c_void>()),
        );
        show("socket(AF_INET)", socket(AF_INET, SOCK_STREAM, 0) as c_long);
        show(
            "socket(AF_INET6)",
            socket(AF_INET6, SOCK_STREAM, 0) as c_long,
        );
        show(
            "socket(AF_NETLINK)",
            socket(AF_NETLINK, SOCK_RAW, 0) as c_long,
        );
        show("socket(AF_UNIX)", socket(AF_UNIX, SOCK_STREAM, 0) as c_long);
        show(
            "socketpair(AF_UNIX)",
            socketpair(AF_UNIX, SOCK_STREAM, 0, fds.as_mut_ptr()) as c_long,
        );
        show("shmget", shmget(IPC_PRIVATE, 4096, 0o600) as c_long);
        let child = fork();
        if child == 0 {
            _exit(0);
        }
        show("fork", child as c_long);
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

/// A `sleep` argument no other test (or concurrent test process) uses, so that the
/// processes a test looks for afterwards are its own.
fn sleep_marker(test: u32) -> String {
    format!("{test}.{}", std::process::id())
}

fn text(capture: &Capture) -> String {
    String::from_utf8_lossy(&capture.bytes).into_owned()
}

fn sandboxed(job: &Job) -> Finished {
    let finished = run(job, Mode::Required).expect("the job runs in the sandbox");
    assert!(finished.sandboxed);
    finished
}

/// Processes on the whole machine whose command line contains `needle`.
fn alive_with(needle: &str) -> Vec<String> {
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
        if cmdline.contains(needle) {
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

// ---------------------------------------------------------------------------------
// Everywhere

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

    let marker = sleep_marker(4701);
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
    // EAGAIN on stderr, but the job was never at its limit: not our doing.
    assert_eq!(violation(Exit::Code(2), processes, 10, &limits), None);
    assert_eq!(
        violation(Exit::Code(2), processes, 64, &limits),
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

// ---------------------------------------------------------------------------------
// In the sandbox (the checks that also run as an unprivileged user)

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
    // A marker of each mode's own: both tests run at once.
    let marker = sleep_marker(if mode == Mode::Off { 4702 } else { 4703 });
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
    let marker = sleep_marker(4702);
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
    let marker = sleep_marker(4703);
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
    let marker = sleep_marker(4704);
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

fn check_fork_bomb_is_bounded_reported_and_leaves_nothing() {
    let scratch = open_dir("maze-sandbox-test-");
    // A recursive bomb, at most 2^9 processes even if the limit failed (safe on any
    // machine). Its subshells give up at the first failed fork, so the init may not
    // see it at the limit: reported if the sandbox can tell, never as anything else.
    let marker = sleep_marker(4705);
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
    let marker = sleep_marker(4706);
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
const IMPORTANT: &[(&str, fn())] = &[
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
const NEED_LANDLOCK_OR_MOUNTS: &[&str] = &["reading", "writing"];

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
    let exact = format!("sandbox::tests::{suite}");
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
        let mut wrapper = vec![super::emulate::DOCKER_DEFAULTS_ARG];
        if variant == "without-landlock" {
            wrapper.push(super::emulate::WITHOUT_LANDLOCK);
        }
        let stderr = run_suite("container_suite", &wrapper, (CONTAINER_ENV, variant), None);
        note(&format!(
            "sandbox_works_at_the_container_level: {} checks passed {variant}",
            stderr.matches("note: container:").count()
        ));
    }
}

// ---------------------------------------------------------------------------------
// Building with cargo in the sandbox

/// The toolchain of the `rustc` on PATH and cargo's home.
fn toolchain() -> Option<(PathBuf, PathBuf)> {
    let output = std::process::Command::new("rustc")
        .args(["--print", "sysroot"])
        .output()
        .ok()?;
    let sysroot = PathBuf::from(String::from_utf8(output.stdout).ok()?.trim());
    let cargo_home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")))?;
    Some((sysroot, cargo_home))
}

/// `cargo build --offline --locked` of a one-file crate whose main.rs is `main`, as a
/// job set up the way the grader builds a submission: the crate (with its lock file)
/// read-only, CARGO_HOME and the toolchain read-only, only the target dir and a
/// TMPDIR writable. `None` when the lock file cannot be made (a dependency missing
/// from the local registry cache).
fn cargo_build(
    main: &str,
    dependencies: &str,
    sysroot: &Path,
    cargo_home: &Path,
) -> Option<(Finished, tempfile::TempDir)> {
    use std::os::unix::fs::PermissionsExt;
    let krate = open_dir("maze-sandbox-crate-");
    let src = krate.path().join("src");
    std::fs::write(
        krate.path().join("Cargo.toml"),
        format!(
            "[package]\nname = \"tiny\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n\
             [dependencies]\n{dependencies}\n\n[workspace]\n"
        ),
    )
    .unwrap();
    std::fs::create_dir(&src).unwrap();
    std::fs::set_permissions(&src, std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::write(src.join("main.rs"), main).unwrap();
    let bin = sysroot.join("bin");
    let locked = std::process::Command::new(bin.join("cargo"))
        .args(["generate-lockfile", "--offline", "--quiet"])
        .env("CARGO_HOME", cargo_home)
        .current_dir(krate.path())
        .status()
        .is_ok_and(|s| s.success());
    if !locked {
        return None;
    }
    let target = krate.path().join("target");
    let tmp = krate.path().join("tmp");
    std::fs::create_dir(&target).unwrap();
    std::fs::create_dir(&tmp).unwrap();
    let job = Job {
        args: vec![
            "build".into(),
            "--offline".into(),
            "--locked".into(),
            "--quiet".into(),
        ],
        env: vec![
            (
                "PATH".into(),
                format!("{}:/usr/bin:/bin", bin.display()).into(),
            ),
            ("HOME".into(), tmp.clone().into()),
            ("CARGO_HOME".into(), cargo_home.into()),
            ("RUSTC".into(), bin.join("rustc").into()),
            ("CARGO_TARGET_DIR".into(), target.clone().into()),
            ("TMPDIR".into(), tmp.clone().into()),
            ("CARGO_TERM_COLOR".into(), "never".into()),
        ],
        cwd: krate.path().to_owned(),
        readable: vec![
            krate.path().to_owned(),
            sysroot.to_owned(),
            cargo_home.to_owned(),
            "/usr/bin".into(),
            "/bin".into(),
            "/usr/libexec".into(),
        ],
        writable: vec![target, tmp],
        limits: Limits {
            wall: Duration::from_secs(300),
            ..Limits::build()
        },
        ..Job::new(bin.join("cargo"))
    };
    Some((sandboxed(&job), krate))
}

#[cfg(target_os = "linux")]
#[test]
fn cargo_builds_an_honest_crate_but_not_one_that_includes_files_outside() {
    if !sandbox_available("cargo_builds_an_honest_crate_but_not_one_that_includes_files_outside") {
        return;
    }
    let Some((sysroot, cargo_home)) = toolchain() else {
        note("cargo build test: skipped, no rustc on PATH");
        return;
    };
    let build = |main: &str, dependencies: &str| {
        cargo_build(main, dependencies, &sysroot, &cargo_home).expect("a lock file")
    };
    let (honest, krate) = build("fn main() { println!(\"{}\", 6 * 7); }\n", "");
    assert_eq!(honest.exit, Exit::Code(0), "{}", text(&honest.stderr));
    assert!(krate.path().join("target/debug/tiny").is_file());

    let elsewhere = open_dir("maze-sandbox-elsewhere-");
    let other = elsewhere.path().join("answers.txt");
    std::fs::write(&other, "42").unwrap();
    for path in [Path::new("/etc/hostname"), other.as_path()] {
        let (sneaky, _krate) = build(
            &format!(
                "const STOLEN: &str = include_str!({path:?});\n\
                 fn main() {{ println!(\"{{STOLEN}}\"); }}\n"
            ),
            "",
        );
        let stderr = text(&sneaky.stderr);
        assert_eq!(sneaky.exit, Exit::Code(101), "{stderr}");
        assert!(
            stderr.contains(&format!("couldn't read `{}`", path.display())),
            "{stderr}"
        );
    }
}

#[cfg(target_os = "linux")]
#[test]
fn cargo_builds_a_crate_with_a_registry_dependency_from_a_read_only_cargo_home() {
    let test = "cargo_builds_a_crate_with_a_registry_dependency_from_a_read_only_cargo_home";
    if !sandbox_available(test) {
        return;
    }
    let Some((sysroot, cargo_home)) = toolchain() else {
        note(&format!("{test}: skipped, no rustc on PATH"));
        return;
    };
    // bitflags is one of the workspace's own dependencies, so it is in the cache.
    let main = "bitflags::bitflags! { struct F: u8 { const A = 1; } }\n\
                fn main() { println!(\"{}\", F::A.bits()); }\n";
    let Some((finished, krate)) = cargo_build(main, "bitflags = \"2\"", &sysroot, &cargo_home)
    else {
        note(&format!(
            "{test}: skipped, bitflags is not in the local registry cache"
        ));
        return;
    };
    assert_eq!(finished.exit, Exit::Code(0), "{}", text(&finished.stderr));
    assert!(krate.path().join("target/debug/tiny").is_file());
}

/// Prints how long `run` takes for `/bin/true`, sandboxed and not.
#[test]
#[ignore = "full tier: 300 jobs, and what each costs is printed (cargo test -p maze-grader sandbox_overhead -- --ignored --nocapture)"]
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
