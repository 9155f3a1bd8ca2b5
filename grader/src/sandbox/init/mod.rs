//! Inside `grader __sandbox-init`: the three processes that put a job in the sandbox.
//!
//! 1. The **supervisor** (this process, started by the grader; outside the job's PID
//!    namespace) reads the job, unshares the namespaces (a user namespace too when
//!    not root, mapping the caller's uid to itself), forks the init, and waits for it
//!    — killing it when the grader writes to (or closes) the control pipe.
//! 2. The **init** (PID 1 of the new PID namespace) builds the job's root filesystem
//!    and `pivot_root`s into it, forks the payload, drops its capabilities, reaps
//!    orphans, counts the job's tasks (for telling a process-limit violation), and
//!    reports the payload's status. When it exits, the kernel kills the namespace.
//! 3. The **payload** switches to the job's uid, sets the rlimits,
//!    `PR_SET_NO_NEW_PRIVS`, the Landlock ruleset and the seccomp filter, and
//!    executes the program.
//!
//! Errors before the program runs are reported on the report pipe as one line
//! (`error …`, or `exec ERRNO`) and become a `SandboxError::Spawn` in the grader.
//!
//! This module is the supervisor (at the full level; [`super::supervisor`] reads the
//! job and picks the level's) and the init; [`root`] builds the job's root
//! filesystem and [`payload`] confines the job and executes its program.

use std::convert::Infallible;
use std::fs::{self, File};
use std::io::Write;
use std::os::fd::{AsFd, AsRawFd, OwnedFd};

use nix::errno::Errno;
use nix::fcntl::OFlag;
use nix::poll::{PollFd, PollFlags, PollTimeout, poll};
use nix::sched::{CloneFlags, unshare};
use nix::sys::prctl;
use nix::sys::signal::{SigSet, Signal, kill};
use nix::sys::signalfd::{SfdFlags, SignalFd};
use nix::sys::wait::{WaitPidFlag, WaitStatus, waitpid};
use nix::unistd::{ForkResult, Pid, fork, pipe2};

use super::linux::{CHANNEL_FD, Load, Spec, namespace_flags, pids};

mod payload;
mod root;

use payload::{Failure, payload};
pub(super) use root::Shown;
use root::build_root;

/// The supervisor at the full level: unshares the namespaces, forks the init and
/// waits for it (see [`super::supervisor`] for how a job reaches it).
pub(super) fn supervise(spec: &Spec, control: OwnedFd, report: &File) -> Result<(), String> {
    let flags = namespace_flags(spec.map_self.is_none(), spec.network);
    unshare(CloneFlags::from_bits_retain(flags))
        .map_err(|e| format!("could not create the job's namespaces: {e}"))?;
    if let Some((uid, gid)) = spec.map_self {
        let write = |file: &str, text: String| {
            fs::write(file, text).map_err(|e| format!("could not write {file}: {e}"))
        };
        write("/proc/self/setgroups", "deny".to_owned())?;
        write("/proc/self/uid_map", format!("{uid} {uid} 1"))?;
        write("/proc/self/gid_map", format!("{gid} {gid} 1"))?;
    }

    // The init learns through this pipe whether the supervisor is still alive when
    // it arms PR_SET_PDEATHSIG.
    let (alive_r, alive_w) = pipe2(OFlag::O_CLOEXEC).map_err(|e| format!("pipe: {e}"))?;
    let children = child_signals()?;
    // SAFETY: this process is single-threaded (a fresh exec), so fork is safe.
    match unsafe { fork() }.map_err(|e| format!("could not fork the init: {e}"))? {
        ForkResult::Child => {
            drop((alive_w, children, control));
            let Err(message) = init(spec, alive_r, report);
            tell(report, &format!("error {message}"));
            std::process::exit(1)
        }
        ForkResult::Parent { child } => {
            drop(alive_r);
            quiet_standard_fds(spec.channel);
            let mut fds = [
                PollFd::new(control.as_fd(), PollFlags::POLLIN),
                PollFd::new(children.as_fd(), PollFlags::POLLIN),
            ];
            loop {
                match poll(&mut fds, PollTimeout::NONE) {
                    Err(Errno::EINTR) => continue,
                    Err(e) => return Err(format!("poll: {e}")),
                    Ok(_) => {}
                }
                let asked_to_kill = fds[0].any().unwrap_or(false);
                if asked_to_kill {
                    // A time-out, or the grader is gone. The init is our child and not
                    // yet reaped, so its pid cannot have been reused.
                    let _ = kill(child, Signal::SIGKILL);
                }
                while children.read_signal().ok().flatten().is_some() {}
                let status = waitpid(child, (!asked_to_kill).then_some(WaitPidFlag::WNOHANG));
                if !matches!(status, Ok(WaitStatus::StillAlive) | Err(Errno::EINTR)) {
                    // The init is reaped only once every process of its namespace is.
                    drop(alive_w);
                    return Ok(());
                }
            }
        }
    }
}

/// Writes one line to the report pipe in a single write: the init and the payload
/// write concurrently, and a line of less than `PIPE_BUF` bytes written at once is
/// never interleaved with another (`writeln!` may split it into several writes).
pub(super) fn tell(mut report: &File, line: &str) {
    let mut line = line.replace('\n', " ");
    let mut end = line.len().min(1000);
    while !line.is_char_boundary(end) {
        end -= 1;
    }
    line.truncate(end);
    line.push('\n');
    let _ = report.write_all(line.as_bytes());
}

/// SIGCHLD blocked and delivered through a descriptor, for poll.
pub(super) fn child_signals() -> Result<SignalFd, String> {
    let mut mask = SigSet::empty();
    mask.add(Signal::SIGCHLD);
    mask.thread_block()
        .map_err(|e| format!("sigprocmask: {e}"))?;
    SignalFd::with_flags(&mask, SfdFlags::SFD_CLOEXEC | SfdFlags::SFD_NONBLOCK)
        .map_err(|e| format!("signalfd: {e}"))
}

/// Points stdin, stdout and stderr at /dev/null and closes the result channel (when
/// the job has one: otherwise descriptor 3 is one of this process's own, such as its
/// signalfd), so that only the job's processes hold the grader's pipes.
pub(super) fn quiet_standard_fds(channel: bool) {
    if let Ok(null) = fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open("/dev/null")
    {
        for fd in 0..3 {
            // SAFETY: dup2 onto the standard descriptors of this process.
            unsafe { libc::dup2(null.as_raw_fd(), fd) };
        }
    }
    if channel {
        // SAFETY: closing a descriptor number nothing in this process uses any more.
        unsafe { libc::close(CHANNEL_FD) };
    }
}

pub(super) fn set_cloexec(fd: i32) {
    // SAFETY: only sets a flag on a descriptor of this process.
    unsafe { libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC) };
}

// ---------------------------------------------------------------------------------
// The init

/// PID 1 of the job's namespace: builds the root, forks the payload, reaps.
fn init(spec: &Spec, alive: OwnedFd, report: &File) -> Result<Infallible, String> {
    prctl::set_pdeathsig(Signal::SIGKILL).map_err(|e| format!("PR_SET_PDEATHSIG: {e}"))?;
    let mut fds = [PollFd::new(alive.as_fd(), PollFlags::POLLIN)];
    if poll(&mut fds, PollTimeout::ZERO).is_ok_and(|n| n > 0) {
        std::process::exit(1); // the supervisor died before PDEATHSIG was armed
    }
    let shown = build_root(spec)?;
    let _ = nix::unistd::sethostname("maze-sandbox");
    let children = child_signals()?;
    let child = fork_payload(spec, &shown, report)?;
    drop(alive);
    quiet_standard_fds(spec.channel);
    drop_capabilities();
    let _ = prctl::set_no_new_privs();
    // Not dumpable: the job (which may share our uid inside a user namespace) cannot
    // ptrace us or read /proc/1/mem.
    let _ = prctl::set_dumpable(false);
    reap(child, spec, &children, report)
}

/// Forks the payload, which confines itself and executes the job's program (or
/// reports why it could not); returns its pid. Every descriptor of this process but
/// the job's own is closed when the program is executed (see `confine_and_exec`).
pub(super) fn fork_payload(spec: &Spec, shown: &[Shown], report: &File) -> Result<Pid, String> {
    // SAFETY: the caller is single-threaded (a fresh exec, or forked from one).
    match unsafe { fork() }.map_err(|e| format!("could not fork the job: {e}"))? {
        ForkResult::Child => {
            let line = match payload(spec, shown, report) {
                Failure::Exec(errno) => format!("exec {}", errno as i32),
                Failure::Setup(message) => format!("error {message}"),
            };
            tell(report, &line);
            // SAFETY: _exit ends this process without running anything else.
            unsafe { libc::_exit(127) }
        }
        ForkResult::Parent { child } => Ok(child),
    }
}

/// Waits for the payload, reaping every orphan on the way and reporting each new
/// peak of the job's task count. Exits with the payload: the kernel then kills what
/// is left of the namespace. Exits at once, the payload reported killed, when the
/// job's processes together hold more resident memory than its memory limit (which
/// `RLIMIT_AS` sets for each process alone): a line `memory` tells the grader.
///
/// The count is sampled every 20 ms; every 1 ms during the job's first 100 ms (a
/// fork bomb reaches its limit within milliseconds) and while the job is within a
/// quarter of its process limit, where a bomb hovers — its processes failing to fork,
/// exiting and making room for others. Sampling can miss a bomb that gives up at
/// once; a job that is not at its limit when seen is never reported.
fn reap(payload: Pid, spec: &Spec, children: &SignalFd, report: &File) -> ! {
    let processes = spec.processes;
    let mut peak = 0;
    let started = std::time::Instant::now();
    loop {
        // Counted before reaping, so a job that just hit its limit and ended is seen
        // with its zombies (which still count against RLIMIT_NPROC).
        let Load { tasks, resident } = measure();
        if spec.memory_together && resident > spec.memory {
            tell(report, "memory");
            tell(report, &format!("signal {}", Signal::SIGKILL as i32));
            std::process::exit(0);
        }
        let near_limit = tasks * 4 >= processes * 3;
        if tasks > peak {
            peak = tasks;
            tell(report, &format!("peak {peak}"));
        }
        let mut ended = None;
        loop {
            match waitpid(None, Some(WaitPidFlag::WNOHANG | WaitPidFlag::__WALL)) {
                Ok(WaitStatus::Exited(pid, code)) if pid == payload => {
                    ended = Some(format!("exit {code}"));
                }
                Ok(WaitStatus::Signaled(pid, signal, _)) if pid == payload => {
                    ended = Some(format!("signal {}", signal as i32));
                }
                Ok(WaitStatus::StillAlive) | Err(_) => break,
                Ok(_) => {}
            }
        }
        if let Some(line) = ended {
            tell(report, &line);
            std::process::exit(0);
        }
        let mut fds = [PollFd::new(children.as_fd(), PollFlags::POLLIN)];
        let fast = near_limit || started.elapsed() < std::time::Duration::from_millis(100);
        let _ = poll(&mut fds, PollTimeout::from(if fast { 1u8 } else { 20 }));
        while children.read_signal().ok().flatten().is_some() {}
    }
}

/// The job's tasks (processes, zombies included, and their threads) and resident
/// memory in this PID namespace, without the init.
fn measure() -> Load {
    let mut load = Load::default();
    for pid in pids().into_iter().filter(|pid| *pid != 1) {
        load.add(pid);
    }
    load
}

/// Drops every capability of this process (a no-op for a uid that has none).
fn drop_capabilities() {
    // SAFETY: clearing the ambient set only takes capabilities away.
    unsafe {
        libc::prctl(
            libc::PR_CAP_AMBIENT,
            libc::PR_CAP_AMBIENT_CLEAR_ALL,
            0,
            0,
            0,
        );
    }
    let _ = set_capabilities(0);
}

/// Sets this process's effective and permitted capabilities to `mask` (bit n is
/// capability n) and its inheritable ones to none.
pub(super) fn set_capabilities(mask: u64) -> std::io::Result<()> {
    #[repr(C)]
    struct Header {
        version: u32,
        pid: i32,
    }
    #[repr(C)]
    #[derive(Clone, Copy)]
    struct Data {
        effective: u32,
        permitted: u32,
        inheritable: u32,
    }
    const VERSION_3: u32 = 0x2008_0522;
    let header = Header {
        version: VERSION_3,
        pid: 0,
    };
    let half = |bits: u64| Data {
        effective: bits as u32,
        permitted: bits as u32,
        inheritable: 0,
    };
    let data = [half(mask), half(mask >> 32)];
    // SAFETY: capset reads the header and two data structs of the version-3 layout.
    let result =
        unsafe { libc::syscall(libc::SYS_capset, &header as *const Header, data.as_ptr()) };
    if result == 0 {
        Ok(())
    } else {
        Err(std::io::Error::last_os_error())
    }
}
