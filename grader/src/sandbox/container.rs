//! The container level: a job confined without namespaces, for root in a container
//! started with Docker's defaults (Gradescope's autograders, `docker run`,
//! Kubernetes pods), where `unshare`, `mount` and namespace flags on `clone` are
//! refused.
//!
//! What stands in for each namespace of the full level:
//!
//! | full level | container level |
//! | --- | --- |
//! | PID namespace: when its init ends, the kernel kills everything in it | this supervisor is the job's *child subreaper*, so every process the job starts, however detached, stays its descendant; at the end a *killer* process whose effective uid is the job's sends `kill(-1, SIGKILL)`, which reaches every process of that uid at once (the kernel holds the task list while it signals, and a process with a pending `SIGKILL` cannot fork), and the supervisor reaps until it has no child left |
//! | the job cannot see or signal the grader | the job's uid is not root's: it cannot signal the grader, the supervisor or the killer (whose real and saved uid are a second id of the job's, see `linux::KILLER_OFFSET`), nor read their `/proc` entries beyond the world-readable ones |
//! | network namespace | seccomp refuses every socket but `AF_UNIX` (and every `socket` call when Landlock cannot scope abstract sockets, ABI < 6); Landlock ABI 4 refuses TCP again |
//! | mount namespace and a root of its own | Landlock (when the kernel has it) allows reading only the system libraries and the job's paths; in any case the files a job must not read are protected by ownership and mode (`linux::check_paths` and the grader's own checks of the kit, see `commands::private_paths`) |
//! | IPC namespace | seccomp refuses System V IPC and POSIX message queues |
//! | a fresh `/tmp` per job | after the job, whatever its uid left in the machine's world-writable directories (`/tmp`, `/var/tmp`, `/dev/shm`, `/run/lock`) is deleted |
//!
//! The uid, rlimits, `PR_SET_NO_NEW_PRIVS`, Landlock and seccomp are set by the
//! same payload code as at the full level (`init::payload`).

use std::fs::{self, File};
use std::os::fd::{AsFd, OwnedFd};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use nix::errno::Errno;
use nix::poll::{PollFd, PollFlags, PollTimeout, poll};
use nix::sys::prctl;
use nix::sys::signalfd::SignalFd;
use nix::sys::wait::{WaitPidFlag, WaitStatus, waitpid};
use nix::unistd::{ForkResult, Pid, fork};

use super::init::{Shown, child_signals, fork_payload, quiet_standard_fds, tell};
use super::linux::{Access, Load, MountSpec, Spec, os, pids};

/// World-writable directories where a job without Landlock could leave files for
/// later jobs; swept after each job.
const SHARED_WRITABLE: &[&str] = &["/tmp", "/var/tmp", "/dev/shm", "/run/lock"];

/// Runs the job at the container level: forks the payload, watches it, reports its
/// status, then ends every process of the job's uid and reaps them all.
pub(super) fn supervise(
    spec: &Spec,
    killer: u32,
    control: OwnedFd,
    report: &File,
) -> Result<(), String> {
    let job = spec
        .switch_to
        .ok_or("the container level needs a uid of the job's own")?;
    // Out of the grader's session, so that a Ctrl-C in its terminal does not end this
    // process before it has ended the job: the grader's end closes the control pipe.
    let _ = nix::unistd::setsid();
    prctl::set_child_subreaper(true).map_err(|e| format!("PR_SET_CHILD_SUBREAPER: {e}"))?;
    let shown = resolve(&spec.mounts)?;
    let children = child_signals()?;
    let payload_pid = fork_payload(spec, &shown, report)?;
    quiet_standard_fds(spec.channel);
    let _ = prctl::set_dumpable(false);
    let status = watch(payload_pid, job, spec, &control, &children, report);
    if let Some(line) = status {
        tell(report, &line);
    }
    end_all(job, killer, &children);
    let writable: Vec<PathBuf> = shown
        .iter()
        .filter(|s| s.access == Access::ReadWrite)
        .map(|s| s.path.clone())
        .collect();
    sweep(job, &writable);
    Ok(())
}

/// Paths as the job sees them (the real ones: there is no root of its own), for
/// the Landlock ruleset.
fn resolve(mounts: &[MountSpec]) -> Result<Vec<Shown>, String> {
    let mut shown = Vec::new();
    for mount in mounts {
        let path = Path::new(os(&mount.path));
        match fs::canonicalize(path) {
            Ok(real) => shown.push(Shown {
                is_dir: real.is_dir(),
                path: real,
                access: mount.access,
            }),
            Err(_) if mount.required => return Err(format!("{} does not exist", path.display())),
            Err(_) => {}
        }
    }
    Ok(shown)
}

/// Waits for the payload, reaping orphans on the way and reporting each new peak of
/// the job's task count, until it ends (its status line is returned) or the grader
/// asks to kill it or goes away (`None`). When the job's processes together hold
/// more resident memory than its memory limit (which `RLIMIT_AS` sets for each
/// process alone), a line `memory` tells the grader, and the payload is reported
/// killed: the caller then kills every process of the job.
fn watch(
    payload: Pid,
    job: u32,
    spec: &Spec,
    control: &OwnedFd,
    children: &SignalFd,
    report: &File,
) -> Option<String> {
    let processes = spec.processes;
    let mut peak = 0;
    loop {
        let Load { tasks, resident } = measure(job);
        if spec.memory_together && resident > spec.memory {
            tell(report, "memory");
            return Some(format!("signal {}", libc::SIGKILL));
        }
        if tasks > peak {
            peak = tasks;
            tell(report, &format!("peak {peak}"));
        }
        loop {
            match waitpid(None, Some(WaitPidFlag::WNOHANG | WaitPidFlag::__WALL)) {
                Ok(WaitStatus::Exited(pid, code)) if pid == payload => {
                    return Some(format!("exit {code}"));
                }
                Ok(WaitStatus::Signaled(pid, signal, _)) if pid == payload => {
                    return Some(format!("signal {}", signal as i32));
                }
                Ok(WaitStatus::StillAlive) | Err(_) => break,
                Ok(_) => {}
            }
        }
        // Every 20 ms; every millisecond while the job is within a quarter of its
        // limit, where a bomb hovers. (Unlike the full level's init, this count is
        // not free during a job's first moments: no fast start.)
        let fast = tasks * 4 >= processes * 3;
        let mut fds = [
            PollFd::new(control.as_fd(), PollFlags::POLLIN),
            PollFd::new(children.as_fd(), PollFlags::POLLIN),
        ];
        let _ = poll(&mut fds, PollTimeout::from(if fast { 1u8 } else { 20 }));
        // A byte (a time-out) or the end of the pipe (the grader is gone).
        let asked_to_kill = fds[0]
            .revents()
            .is_some_and(|r| r.intersects(PollFlags::POLLIN | PollFlags::POLLHUP));
        while children.read_signal().ok().flatten().is_some() {}
        if asked_to_kill {
            return None;
        }
    }
}

/// The job's tasks (processes, zombies included, and their threads) and resident
/// memory. Every process of the job descends from this supervisor (its child
/// subreaper), so the count walks that tree (each process's main thread's
/// `children`, and its thread count from its `task` directory), which costs in
/// proportion to the job rather than to the machine; where the kernel has no
/// `children` files it counts every process of the machine whose `/proc` entry
/// belongs to the job's uid. The count can only fall short (a process started
/// between two reads), and a limit is reported only when the job is seen beyond it.
fn measure(job: u32) -> Load {
    let me = std::process::id();
    if !Path::new(&format!("/proc/{me}/task/{me}/children")).exists() {
        return measure_uid(job);
    }
    let mut load = Load::default();
    let mut pending = vec![me];
    while let Some(pid) = pending.pop() {
        // Each thread's children: a process started from a thread other than the
        // main one is that thread's child.
        let Ok(threads) = fs::read_dir(format!("/proc/{pid}/task")) else {
            continue; // ended meanwhile
        };
        for thread in threads.flatten() {
            let Ok(children) = fs::read_to_string(thread.path().join("children")) else {
                continue;
            };
            pending.extend(
                children
                    .split_whitespace()
                    .filter_map(|c| c.parse::<u32>().ok()),
            );
        }
        if pid != me {
            load.add(pid);
        }
    }
    load
}

/// [`measure`] by scanning every process of the machine.
fn measure_uid(job: u32) -> Load {
    let mut load = Load::default();
    for pid in pids()
        .into_iter()
        .filter(|pid| fs::metadata(format!("/proc/{pid}")).is_ok_and(|m| m.uid() == job))
    {
        load.add(pid);
    }
    load
}

/// Ends every process of uid `job` and reaps them: this supervisor is their child
/// subreaper, so once it has no child left, none of them is alive anywhere.
fn end_all(job: u32, killer: u32, children: &SignalFd) {
    loop {
        kill_uid(job, killer);
        loop {
            match waitpid(None, Some(WaitPidFlag::WNOHANG | WaitPidFlag::__WALL)) {
                Err(Errno::ECHILD) => return,
                Err(Errno::EINTR) | Ok(WaitStatus::Exited(..) | WaitStatus::Signaled(..)) => {}
                Ok(_) | Err(_) => break,
            }
        }
        // Killed processes take a moment to become zombies.
        let mut fds = [PollFd::new(children.as_fd(), PollFlags::POLLIN)];
        let _ = poll(&mut fds, PollTimeout::from(5u8));
        while children.read_signal().ok().flatten().is_some() {}
    }
}

/// Forks the killer: real and saved uid `killer`, effective uid `job`, so that
/// `kill(-1, SIGKILL)` reaches exactly the processes of `job` (and of `killer`,
/// which nothing else uses), while those cannot signal it.
fn kill_uid(job: u32, killer: u32) {
    // SAFETY: the supervisor is single-threaded; the child makes only raw system
    // calls and exits.
    match unsafe { fork() } {
        Ok(ForkResult::Child) => unsafe {
            let groups: [libc::gid_t; 0] = [];
            libc::syscall(libc::SYS_setgroups, 0, groups.as_ptr());
            libc::syscall(libc::SYS_setresgid, killer, killer, killer);
            if libc::syscall(libc::SYS_setresuid, killer, job, killer) == 0 {
                libc::kill(-1, libc::SIGKILL);
            }
            libc::_exit(0)
        },
        Ok(ForkResult::Parent { child }) => {
            while let Err(Errno::EINTR) = waitpid(child, Some(WaitPidFlag::__WALL)) {}
        }
        Err(_) => {}
    }
}

/// Deletes what uid `job` left in the world-writable directories, but for its own
/// writable paths (a scratch directory in /tmp), which the grader reads and cleans.
fn sweep(job: u32, writable: &[PathBuf]) {
    // Real paths, as the writable ones are, and each once (/var/lock is often a link
    // to /run/lock).
    let mut dirs: Vec<PathBuf> = SHARED_WRITABLE
        .iter()
        .filter_map(|dir| fs::canonicalize(dir).ok())
        .collect();
    dirs.sort();
    dirs.dedup();
    for dir in dirs {
        sweep_dir(&dir, job, writable, 0);
    }
}

fn sweep_dir(dir: &Path, job: u32, writable: &[PathBuf], depth: usize) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path: PathBuf = entry.path();
        let Ok(meta) = fs::symlink_metadata(&path) else {
            continue;
        };
        if writable.contains(&path) {
            continue;
        }
        if meta.uid() == job {
            let _ = if meta.is_dir() {
                fs::remove_dir_all(&path)
            } else {
                fs::remove_file(&path)
            };
        } else if meta.is_dir() && depth < 8 && meta.mode() & 0o002 != 0 {
            // Only world-writable directories can hold the job's files.
            sweep_dir(&path, job, writable, depth + 1);
        }
    }
}
