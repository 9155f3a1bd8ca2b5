//! The fallback when the sandbox is off or unavailable: the job runs as the grader's
//! user in a process group of its own (a job object on Windows) that is killed when
//! the time runs out and again once the main process has exited, with its output
//! capped and read against a deadline. Nothing else is confined: a `setsid` child
//! leaves the group and survives.

use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use process_wrap::std::*;

use super::capture::{self, Reader};
use super::{Exit, Finished, Job, SandboxError};

/// How long output is still read after the job ended (a stray process may hold the
/// pipes open; what it writes later is dropped).
pub(super) const DRAIN_GRACE: Duration = Duration::from_millis(500);

/// Runs `job` unconfined.
pub(super) fn run(job: &Job) -> Result<Finished, SandboxError> {
    let mut command = Command::new(&job.program);
    command
        .args(&job.args)
        .env_clear()
        .envs(job.env.iter().map(|(k, v)| (k, v)))
        .current_dir(&job.cwd)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());

    #[cfg(unix)]
    if let Some(cpu) = job.limits.cpu {
        cpu_limit::set(&mut command, super::whole_seconds(cpu));
    }
    #[cfg(unix)]
    let channel = if job.result_channel {
        Some(channel::attach(&mut command)?)
    } else {
        None
    };
    #[cfg(not(unix))]
    if job.result_channel {
        return Err(SandboxError::Spawn(std::io::Error::new(
            std::io::ErrorKind::Unsupported,
            "a result channel (file descriptor 3) needs a Unix system",
        )));
    }

    let mut wrapped = CommandWrap::from(command);
    #[cfg(unix)]
    wrapped.wrap(ProcessGroup::leader());
    #[cfg(windows)]
    wrapped.wrap(JobObject);

    let started = Instant::now();
    let mut child = wrapped.spawn()?;
    #[cfg(unix)]
    let channel = channel.map(|(reader, writer)| {
        drop(writer); // the child has its copy as fd 3
        Reader::spawn_lines(reader, job.limits.channel, job.answer_limits.len())
    });
    if let Some(stdin) = child.stdin().take() {
        capture::feed(stdin, job.stdin.clone());
    }
    let stdout = child
        .stdout()
        .take()
        .map(|s| Reader::spawn(s, job.limits.output, &[]));
    let stderr = child
        .stderr()
        .take()
        .map(|s| Reader::spawn(s, job.limits.output, &[]));

    let mut pause = Duration::from_millis(1);
    let mut idle_watch = super::IdleWatch::new(&job.limits, started);
    // The CPU time read as the job was ended for its time (none otherwise).
    let mut cpu = None;
    let exit = loop {
        if let Some(status) = child.try_wait()? {
            break exit_of(status);
        }
        if let Some(watch) = idle_watch.as_mut().filter(|w| Instant::now() >= w.next) {
            let used = super::usage::tree_cpu(child.id());
            if let Some(after) = watch.look(used) {
                cpu = used;
                let _ = child.kill();
                let _ = child.wait();
                break Exit::Idle(after);
            }
        }
        #[cfg(unix)]
        let overdue = channel.as_ref().is_some_and(|channel| {
            super::answer_due(channel, &job.answer_limits, started)
                .is_some_and(|due| Instant::now() >= due)
        });
        #[cfg(not(unix))]
        let overdue = false;
        if overdue || started.elapsed() >= job.limits.wall {
            cpu = super::usage::tree_cpu(child.id());
            let _ = child.kill();
            let _ = child.wait();
            break Exit::TimedOut;
        }
        let next = idle_watch
            .as_ref()
            .map_or(job.limits.wall, |w| w.next - started);
        thread::sleep(pause.min(next.saturating_sub(started.elapsed())));
        pause = (pause * 2).min(Duration::from_millis(10));
    };
    let duration = started.elapsed();
    // Whatever the main process left behind in its group goes too.
    #[cfg(unix)]
    if let Ok(group) = i32::try_from(child.id()) {
        // SAFETY: killpg only sends a signal; the group id is the child's pid, which
        // stays reserved while any member of its group is alive.
        unsafe { libc::killpg(group, libc::SIGKILL) };
    }

    let deadline = Instant::now() + DRAIN_GRACE;
    let take = |reader: Option<Reader>| {
        reader
            .map(|r| r.finish(deadline).capture)
            .unwrap_or_default()
    };
    #[cfg(unix)]
    let (channel, answered_at) = channel
        .map(|c| super::collected_lines(c.finish(deadline), started))
        .unwrap_or_default();
    #[cfg(not(unix))]
    let (channel, answered_at) = (super::Capture::default(), Vec::new());
    Ok(Finished {
        exit,
        stdout: take(stdout),
        stderr: take(stderr),
        channel,
        answered_at,
        duration,
        violation: None,
        usage: super::Usage { cpu, startup: None },
        sandboxed: false,
    })
}

fn exit_of(status: std::process::ExitStatus) -> Exit {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return Exit::Signal(signal);
        }
    }
    Exit::Code(status.code().unwrap_or(-1))
}

/// The CPU limit without the sandbox: `RLIMIT_CPU` set in the child before it
/// executes the program.
#[cfg(unix)]
mod cpu_limit {
    use std::os::unix::process::CommandExt;
    use std::process::Command;

    /// Limits `command`'s process to `seconds` of CPU time (`SIGXCPU`), and one more
    /// (`SIGKILL`) for a program that catches the signal.
    pub(super) fn set(command: &mut Command, seconds: u64) {
        let soft = seconds as libc::rlim_t;
        // SAFETY: setrlimit is async-signal-safe and touches only the child.
        unsafe {
            command.pre_exec(move || {
                let mut limit = libc::rlimit {
                    rlim_cur: 0,
                    rlim_max: 0,
                };
                if libc::getrlimit(libc::RLIMIT_CPU, &mut limit) == 0 {
                    // Only root may raise a hard limit: a lower one is kept.
                    let hard = limit.rlim_max;
                    limit.rlim_cur = soft.min(hard);
                    limit.rlim_max = (soft + 1).min(hard);
                    let _ = libc::setrlimit(libc::RLIMIT_CPU, &limit);
                }
                Ok(())
            });
        }
    }
}

/// The result channel without the sandbox: a pipe whose write end becomes the
/// child's fd 3.
#[cfg(unix)]
mod channel {
    use std::fs::File;
    use std::io;
    use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
    use std::os::unix::process::CommandExt;
    use std::process::Command;

    /// A pipe whose write end `command` will get as fd 3.
    pub(super) fn attach(command: &mut Command) -> io::Result<(File, OwnedFd)> {
        let mut fds = [0; 2];
        // SAFETY: `fds` has room for the two descriptors pipe() writes.
        if unsafe { libc::pipe(fds.as_mut_ptr()) } != 0 {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: pipe() just returned these two descriptors, owned by nobody else.
        let (reader, writer) = unsafe { (File::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
        let reader = cloexec_above(reader, 10)?;
        let writer = cloexec_above(writer, 10)?;
        let raw = writer.as_raw_fd();
        // SAFETY: dup2 is async-signal-safe; `raw` stays open in the parent until
        // after spawn, and is at least 10, so it is never fd 3 itself.
        unsafe {
            command.pre_exec(move || {
                if libc::dup2(raw, 3) == -1 {
                    return Err(io::Error::last_os_error());
                }
                Ok(())
            });
        }
        Ok((reader, writer))
    }

    /// `fd` moved to a descriptor number of at least `min`, close-on-exec, so that a
    /// concurrent spawn never inherits it and dup2 to a low number never clobbers it.
    fn cloexec_above<T: From<OwnedFd> + AsRawFd>(fd: T, min: i32) -> io::Result<T> {
        // SAFETY: F_DUPFD_CLOEXEC duplicates a descriptor we own into a new one.
        let new = unsafe { libc::fcntl(fd.as_raw_fd(), libc::F_DUPFD_CLOEXEC, min) };
        if new == -1 {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: fcntl just returned this new descriptor.
        Ok(T::from(unsafe { OwnedFd::from_raw_fd(new) }))
    }
}
