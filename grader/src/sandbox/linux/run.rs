//! Running a job: the pipes, the supervisor started with them, feeding and reading
//! the job, the wall clock, and the init's report turned into a [`Finished`].

use std::fs::File;
use std::io::{self, Read, Write};
use std::os::fd::{AsFd, AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Command, Stdio};
use std::time::Instant;

use nix::fcntl::{FcntlArg, OFlag, fcntl};
use nix::poll::{PollFd, PollFlags, PollTimeout, poll};
use nix::unistd::{Uid, pipe2};

use super::job_user::{Handover, JobUser};
use super::paths::{absolute, check_paths, mounts};
use super::{CHANNEL_FD, CONTROL_FD, KILL_GRACE, LANDLOCK_ABI_TESTED, REPORT_FD, SPEC_FD, Spec};
use crate::sandbox::capture::{self, Reader};
use crate::sandbox::unconfined::DRAIN_GRACE;
use crate::sandbox::{
    ANSWER_POLL, Exit, Finished, Job, Level, SandboxError, Seen, Support, all_markers, violation,
};

/// Runs `job` in the sandbox at `level` (full or container).
pub(in crate::sandbox) fn run(
    job: &Job,
    required: bool,
    support: &Support,
    level: Level,
) -> Result<Finished, SandboxError> {
    check_paths(job, support.as_root, level)?;
    with_user(job, support, |user| {
        run_supervised(job, required, false, support, user, level)
    })
}

/// Runs `f` with a uid of the job's own when root (the writable paths handed to it
/// for the while), with none otherwise.
pub(super) fn with_user<T>(
    job: &Job,
    support: &Support,
    f: impl FnOnce(Option<&JobUser>) -> Result<T, SandboxError>,
) -> Result<T, SandboxError> {
    if !support.as_root {
        return f(None);
    }
    let user = JobUser::allocate()?;
    let handed = Handover::give(&job.writable, user.id)?;
    let result = f(Some(&user));
    drop(handed); // writable paths back to the grader's uid
    result
}

/// A close-on-exec pipe whose descriptors are numbered 10 or above, so the dup2s
/// into 3..=6 in the child never clobber one another.
fn pipe() -> io::Result<(OwnedFd, OwnedFd)> {
    let (r, w) = pipe2(OFlag::O_CLOEXEC).map_err(io::Error::from)?;
    Ok((high(r)?, high(w)?))
}

fn high(fd: OwnedFd) -> io::Result<OwnedFd> {
    let new = fcntl(fd.as_fd(), FcntlArg::F_DUPFD_CLOEXEC(10)).map_err(io::Error::from)?;
    // SAFETY: fcntl just returned this new descriptor, owned by nobody else.
    Ok(unsafe { OwnedFd::from_raw_fd(new) })
}

/// The program that acts as the supervisor: this very binary (through /proc, which
/// still finds it if the file was replaced or deleted since the grader started).
const INIT_PROGRAM: &str = "/proc/self/exe";

pub(super) fn run_supervised(
    job: &Job,
    required: bool,
    dry_run: bool,
    support: &Support,
    user: Option<&JobUser>,
    level: Level,
) -> Result<Finished, SandboxError> {
    let root = tempfile::Builder::new()
        .prefix(".maze-sandbox-root-")
        .tempdir()?;
    let root = root.path();
    let limits = &job.limits;
    let spec = Spec {
        program: job.program.as_os_str().as_bytes().to_vec(),
        args: job.args.iter().map(|a| a.as_bytes().to_vec()).collect(),
        env: job
            .env
            .iter()
            .map(|(k, v)| (k.as_bytes().to_vec(), v.as_bytes().to_vec()))
            .collect(),
        cwd: absolute(&job.cwd).as_os_str().as_bytes().to_vec(),
        mounts: mounts(job),
        root: root.as_os_str().as_bytes().to_vec(),
        switch_to: user.map(|u| u.id),
        container: match (level, user) {
            (Level::Container, Some(user)) => Some(user.killer()),
            (Level::Container, None) => {
                return Err(io::Error::other("the container level needs root").into());
            }
            _ => None,
        },
        map_self: (!support.as_root).then(|| {
            (
                Uid::current().as_raw(),
                nix::unistd::Gid::current().as_raw(),
            )
        }),
        memory: limits.memory,
        memory_together: limits.memory_together,
        processes: limits.processes,
        // Not root, the supervisor and the init live in the job's user namespace and
        // count against its RLIMIT_NPROC; as root they are root's (and at the
        // container level there is no init).
        nproc: limits.processes + if support.as_root { 0 } else { 2 },
        file_size: limits.file_size,
        open_files: limits.open_files,
        cpu_seconds: limits.cpu.map_or(0, crate::sandbox::whole_seconds),
        channel: job.result_channel,
        network: job.network,
        landlock_abi: support.landlock_abi.min(LANDLOCK_ABI_TESTED),
        required,
        dry_run,
    };
    let spec = serde_json::to_vec(&spec).map_err(io::Error::other)?;

    let (stdin_r, stdin_w) = pipe()?;
    let (stdout_r, stdout_w) = pipe()?;
    let (stderr_r, stderr_w) = pipe()?;
    let channel = if job.result_channel {
        Some(pipe()?)
    } else {
        None
    };
    let (report_r, report_w) = pipe()?;
    let (spec_r, spec_w) = pipe()?;
    let (control_r, control_w) = pipe()?;
    let extra = [
        channel.as_ref().map(|c| (c.1.as_raw_fd(), CHANNEL_FD)),
        Some((report_w.as_raw_fd(), REPORT_FD)),
        Some((spec_r.as_raw_fd(), SPEC_FD)),
        Some((control_r.as_raw_fd(), CONTROL_FD)),
    ];
    let mut command = Command::new(INIT_PROGRAM);
    command
        .arg(crate::sandbox::INIT_ARG)
        .env_clear()
        .current_dir("/")
        .stdin(Stdio::from(stdin_r))
        .stdout(Stdio::from(stdout_w))
        .stderr(Stdio::from(stderr_w));
    // SAFETY: only dup2 (async-signal-safe) runs between fork and exec; the source
    // descriptors stay open in the parent until spawn returns and are all >= 10.
    unsafe {
        command.pre_exec(move || {
            for (from, to) in extra.iter().flatten() {
                if libc::dup2(*from, *to) == -1 {
                    return Err(io::Error::last_os_error());
                }
            }
            Ok(())
        });
    }
    let started = Instant::now();
    let mut supervisor = command.spawn()?;
    // The grader keeps only its own ends: the child's ends close here, so end-of-file
    // on a pipe means every process holding it is gone.
    drop(command);
    drop((report_w, spec_r, control_r));
    let channel = channel.map(|(reader, writer)| {
        drop(writer);
        Reader::spawn_lines(File::from(reader), limits.channel, job.answer_limits.len())
    });
    let stdout = Reader::spawn(File::from(stdout_r), limits.output, &[]);
    let stderr = Reader::spawn(File::from(stderr_r), limits.output, all_markers());
    capture::feed(File::from(stdin_w), job.stdin.clone());
    // The spec is small; if the supervisor died before reading it the write fails
    // and the report says why.
    let _ = File::from(spec_w).write_all(&spec);

    let mut control = File::from(control_w);
    let mut report_pipe = File::from(report_r);
    let mut report = Vec::new();
    let mut timed_out = false;
    let mut deadline = started + limits.wall;
    let mut failure = None;
    let mut startup = None;
    // The waiting rule's looks at the job's CPU time (see Limits::cpu).
    let mut idle_watch = crate::sandbox::IdleWatch::new(limits, started);
    let mut idle = None;
    loop {
        let now = Instant::now();
        let due = match (&channel, timed_out) {
            (Some(channel), false) => {
                crate::sandbox::answer_due(channel, &job.answer_limits, started)
                    .map_or(deadline, |due| due.min(deadline))
            }
            _ => deadline,
        };
        let due = match &idle_watch {
            Some(watch) if !timed_out => due.min(watch.next),
            _ => due,
        };
        if let Some(watch) = idle_watch.as_mut().filter(|w| now >= w.next && !timed_out) {
            let used = crate::sandbox::usage::tree_cpu(supervisor.id());
            if let Some(after) = watch.look(used) {
                idle = Some(after);
                timed_out = true;
                let _ = control.write_all(b"k");
                deadline = now + KILL_GRACE;
            }
            continue;
        }
        if now >= due {
            if timed_out {
                // The supervisor did not finish killing in time: kill it; the init
                // then dies of PR_SET_PDEATHSIG, and the namespace with it.
                let _ = supervisor.kill();
                break;
            }
            timed_out = true;
            let _ = control.write_all(b"k");
            deadline = now + KILL_GRACE;
            continue;
        }
        // An answer arriving moves the deadline of the next: look again soon.
        let wait = if job.answer_limits.is_empty() || timed_out {
            due - now
        } else {
            (due - now).min(ANSWER_POLL)
        };
        let wait = PollTimeout::try_from(wait).unwrap_or(PollTimeout::MAX);
        let mut fds = [PollFd::new(report_pipe.as_fd(), PollFlags::POLLIN)];
        match poll(&mut fds, wait) {
            Ok(0) => continue,
            Ok(_) => {
                let mut buffer = [0u8; 4096];
                match report_pipe.read(&mut buffer) {
                    Ok(0) => break, // supervisor and init are gone
                    Ok(n) if report.len() < 64 * 1024 => {
                        report.extend_from_slice(&buffer[..n]);
                        if startup.is_none() && report.split(|&b| b == b'\n').any(|l| l == b"ready")
                        {
                            startup = Some(started.elapsed());
                        }
                    }
                    Ok(_) => {}
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) => failure = Some(e),
                }
            }
            Err(nix::errno::Errno::EINTR) => continue,
            Err(e) => failure = Some(e.into()),
        }
        if failure.is_some() {
            // Cannot watch the job any more: end it (the init dies with the
            // supervisor) rather than leave it running.
            let _ = supervisor.kill();
            break;
        }
    }
    let (supervisor_status, cpu) = crate::sandbox::usage::wait(&mut supervisor)?;
    if let Some(error) = failure {
        return Err(error.into());
    }
    let duration = started.elapsed();
    drop(control);

    let report = Report::parse(&report);
    if let Some(message) = report.error {
        return Err(io::Error::other(message).into());
    }
    if let Some(errno) = report.exec_errno {
        let error = io::Error::from_raw_os_error(errno);
        return Err(io::Error::new(
            error.kind(),
            format!(
                "{} in the sandbox: {error} (is it below a readable path, and executable \
                 by the job?)",
                job.program.display()
            ),
        )
        .into());
    }
    let exit = match (timed_out, report.exit) {
        (true, _) => idle.map_or(Exit::TimedOut, Exit::Idle),
        (false, Some(exit)) => exit,
        (false, None) => {
            return Err(io::Error::other(format!(
                "the sandbox's supervisor ended ({}) without reporting the job's status",
                describe(supervisor_status)
            ))
            .into());
        }
    };

    let drain = Instant::now() + DRAIN_GRACE;
    let stdout = stdout.finish(drain).capture;
    let stderr = stderr.finish(drain);
    let (channel, answered_at) = channel
        .map(|c| crate::sandbox::collected_lines(c.finish(drain), started))
        .unwrap_or_default();
    let mut seen = Seen::from_flags(&stderr.seen);
    // The init or the container level's supervisor killed the job for the memory
    // its processes held together: the same evidence as a process's failed
    // allocation.
    seen.memory |= report.over_memory;
    Ok(Finished {
        exit,
        violation: violation(exit, seen, report.peak_tasks, limits),
        stdout,
        stderr: stderr.capture,
        channel,
        answered_at,
        duration,
        usage: crate::sandbox::Usage { cpu, startup },
        sandboxed: true,
    })
}

fn describe(status: std::process::ExitStatus) -> String {
    match (status.code(), status.signal()) {
        (Some(code), _) => format!("exit code {code}"),
        (_, Some(signal)) => format!("signal {signal}"),
        _ => "unknown status".to_owned(),
    }
}

/// What the supervisor, the init and the payload (before `exec`) reported.
#[derive(Debug, Default, PartialEq, Eq)]
pub(in crate::sandbox) struct Report {
    pub exit: Option<Exit>,
    pub exec_errno: Option<i32>,
    pub error: Option<String>,
    pub peak_tasks: u64,
    /// The job's processes together held more memory than its limit, and were
    /// killed for it.
    pub over_memory: bool,
}

impl Report {
    /// Reads lines `exit N`, `signal N`, `exec ERRNO`, `error MESSAGE`, `peak N`,
    /// `memory`.
    pub(in crate::sandbox) fn parse(bytes: &[u8]) -> Report {
        let mut report = Report::default();
        for line in String::from_utf8_lossy(bytes).lines() {
            let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
            let number = rest.trim().parse::<i64>().ok();
            match (word, number) {
                ("exit", Some(n)) => report.exit = Some(Exit::Code(n as i32)),
                ("signal", Some(n)) => report.exit = Some(Exit::Signal(n as i32)),
                ("exec", Some(n)) => report.exec_errno = Some(n as i32),
                ("peak", Some(n)) => report.peak_tasks = report.peak_tasks.max(n as u64),
                ("memory", None) => report.over_memory = true,
                ("error", _) => {
                    report.error.get_or_insert_with(|| rest.to_owned());
                }
                _ => {}
            }
        }
        report
    }
}
