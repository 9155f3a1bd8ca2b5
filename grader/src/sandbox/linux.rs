//! The grader's side of a sandboxed job on Linux: probing what the kernel offers,
//! choosing the job's uid (as root), preparing the pipes, starting the supervisor
//! (`grader __sandbox-init`, see `init.rs`), feeding and reading the job, enforcing
//! the wall clock, and turning the init's report into a [`Finished`].
//!
//! File descriptors of the supervisor: 0, 1, 2 are the job's stdin, stdout and
//! stderr; 3 the result channel's write end (when asked for); [`REPORT_FD`] the
//! report pipe (lines the init writes: the payload's status, the peak number of
//! tasks, setup errors); [`SPEC_FD`] the job as JSON; [`CONTROL_FD`] a pipe from the
//! grader whose first byte (or closing) tells the supervisor to kill the job.

use std::collections::HashSet;
use std::ffi::OsStr;
use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::os::fd::{AsFd, AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{MetadataExt, OpenOptionsExt, PermissionsExt};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use nix::fcntl::{FcntlArg, OFlag, fcntl};
use nix::poll::{PollFd, PollFlags, PollTimeout, poll};
use nix::unistd::{Uid, pipe2};
use serde::{Deserialize, Serialize};

use super::capture::{self, Reader};
use super::unconfined::DRAIN_GRACE;
use super::{
    ANSWER_POLL, Exit, Finished, Job, Level, SandboxError, Seen, Support, all_markers, violation,
};

/// The supervisor's report pipe (write end).
pub(super) const REPORT_FD: i32 = 4;
/// The supervisor's spec pipe (read end).
pub(super) const SPEC_FD: i32 = 5;
/// The supervisor's control pipe (read end).
pub(super) const CONTROL_FD: i32 = 6;
/// The result channel in the job.
pub(super) const CHANNEL_FD: i32 = 3;

/// The first uid (and gid) handed to jobs when the grader runs as root.
const FIRST_JOB_ID: u32 = 64_000;
/// How many ids jobs may use at once (across every grader on the machine).
const JOB_IDS: u32 = 1_000;
/// At the container level, job `id`'s leftovers are killed by a process whose real
/// and saved uid is `id + KILLER_OFFSET` (used by nothing else): the job's
/// processes cannot signal it, and it can signal only them.
const KILLER_OFFSET: u32 = JOB_IDS;
/// How long the supervisor has to kill the job after a time-out before the grader
/// kills the supervisor itself.
const KILL_GRACE: Duration = Duration::from_secs(2);
/// The newest Landlock ABI whose rights this module has been tested with.
pub(super) const LANDLOCK_ABI_TESTED: u32 = 7;

/// The job as the supervisor receives it. Paths and strings are bytes: Unix paths
/// need not be UTF-8.
#[derive(Debug, Serialize, Deserialize)]
pub(super) struct Spec {
    pub program: Vec<u8>,
    pub args: Vec<Vec<u8>>,
    pub env: Vec<(Vec<u8>, Vec<u8>)>,
    pub cwd: Vec<u8>,
    /// What the job's root filesystem shows, before symlinks are resolved.
    pub mounts: Vec<MountSpec>,
    /// An empty directory to build the job's root in.
    pub root: Vec<u8>,
    /// As root: the uid and gid the payload switches to.
    pub switch_to: Option<u32>,
    /// The container level: no namespaces and no root of the job's own; the
    /// supervisor is the job's child subreaper and ends it by uid (see
    /// `container.rs`), with this uid as the real and saved uid of its killer.
    pub container: Option<u32>,
    /// Not root: the caller's uid and gid, mapped to themselves in a new user namespace.
    pub map_self: Option<(u32, u32)>,
    pub memory: u64,
    /// The job's process limit ([`super::Limits::processes`]).
    pub processes: u64,
    /// `RLIMIT_NPROC` as set: the job's processes plus the sandbox's own processes
    /// counted under the same uid.
    pub nproc: u64,
    pub file_size: u64,
    pub open_files: u64,
    pub channel: bool,
    pub network: bool,
    /// The Landlock ABI whose rights the ruleset handles.
    pub landlock_abi: u32,
    /// Mode::Required: every layer must be fully in force, or the job does not start.
    pub required: bool,
    /// Set everything up, then end instead of executing the program (the probe).
    pub dry_run: bool,
}

/// One path to show in the job's root.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub(super) struct MountSpec {
    pub path: Vec<u8>,
    pub access: Access,
    /// Whether a missing path is an error (the caller's paths) or skipped (system
    /// paths that differ between distributions).
    pub required: bool,
}

/// What the job may do below a path.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(super) enum Access {
    /// Read files and list directories.
    Read,
    /// Read and execute.
    ReadExec,
    /// A device node to read and write (`/dev/null`).
    Device,
    /// A device node to read (`/dev/urandom`).
    DeviceRead,
    /// Everything.
    ReadWrite,
}

/// System libraries and the dynamic loader: read and execute.
const SYSTEM_LIBRARIES: &[&str] = &[
    "/lib",
    "/lib64",
    "/lib32",
    "/usr/lib",
    "/usr/lib64",
    "/usr/lib32",
    "/etc/ld.so.cache",
    "/etc/ld.so.conf",
    "/etc/ld.so.conf.d",
];
/// Read-only system information programs ask for: the CPUs (for the number of
/// threads to start), the local time, and Debian's alternatives (symbolic links such
/// as /usr/bin/cc -> /etc/alternatives/cc -> gcc).
const SYSTEM_INFO: &[&str] = &[
    "/sys/devices/system/cpu",
    "/etc/localtime",
    "/etc/alternatives",
];
/// What name resolution and TLS need, added only for jobs with network access.
const NETWORK_FILES: &[&str] = &[
    "/etc/resolv.conf",
    "/etc/hosts",
    "/etc/host.conf",
    "/etc/nsswitch.conf",
    "/etc/gai.conf",
    "/etc/services",
    "/etc/ssl",
    "/etc/ca-certificates",
    "/etc/pki",
    "/usr/share/ca-certificates",
];
/// Device nodes: (path, may write).
pub(super) const DEVICES: &[(&str, bool)] = &[
    ("/dev/null", true),
    ("/dev/zero", true),
    ("/dev/full", true),
    ("/dev/random", false),
    ("/dev/urandom", false),
];

// ---------------------------------------------------------------------------------
// What the machine offers

/// Probes Landlock, seccomp and the namespaces (by forking a child that tries them),
/// then sets up a trial job at the strongest level that might work: the full level
/// where namespaces can be made, else (as root) the container level.
pub(super) fn probe() -> Support {
    let as_root = Uid::effective().is_root();
    let mut missing = Vec::new();
    let landlock_abi = landlock_abi();
    if landlock_abi == 0 {
        missing.push("landlock (Linux 5.13+ with CONFIG_SECURITY_LANDLOCK)".to_owned());
    }
    let seccomp = seccomp_filters();
    if !seccomp {
        missing.push("seccomp filters (CONFIG_SECCOMP_FILTER)".to_owned());
    }
    let namespaces = namespaces_work(as_root);
    if !namespaces {
        missing.push(if as_root {
            "namespaces (PID, network, mount, IPC)".to_owned()
        } else {
            "user namespaces".to_owned()
        });
    }
    let mut support = Support {
        level: None,
        missing,
        landlock_abi,
        as_root,
    };
    // Everything is there in principle; make sure it works together, e.g. that a
    // user namespace grants the capabilities to mount (AppArmor may say no) and that
    // /proc can be mounted (a container may mask it).
    if support.missing.is_empty() {
        match dry_run(&support, Level::Full) {
            Ok(()) => support.level = Some(Level::Full),
            Err(error) => support.missing.push(format!("a working sandbox ({error})")),
        }
    }
    // Root without namespaces (a container with Docker's defaults): the container
    // level needs only seccomp and the right to change uid; Landlock where present.
    if support.level.is_none() && as_root && seccomp {
        match dry_run(&support, Level::Container) {
            Ok(()) => support.level = Some(Level::Container),
            // E.g. a pod whose security context drops CAP_SETUID.
            Err(error) => support
                .missing
                .push(format!("a working container level ({error})")),
        }
    }
    support
}

/// Sets up a whole job at `level` (namespaces and root at the full level, uid,
/// limits, Landlock, seccomp) that ends just before it would execute its program.
fn dry_run(support: &Support, level: Level) -> Result<(), SandboxError> {
    let job = Job {
        limits: super::Limits {
            wall: Duration::from_secs(10),
            ..super::Limits::default()
        },
        ..Job::new("/")
    };
    let finished = with_user(&job, support, |user| {
        run_supervised(&job, false, true, support, user, level)
    })?;
    match finished.exit {
        Exit::Code(0) => Ok(()),
        other => Err(io::Error::other(format!("the trial job ended with {other:?}")).into()),
    }
}

/// The kernel's Landlock ABI version, 0 when Landlock is missing or disabled.
fn landlock_abi() -> u32 {
    const LANDLOCK_CREATE_RULESET_VERSION: libc::c_uint = 1;
    // SAFETY: with a null attribute pointer, size 0 and the VERSION flag this system
    // call only returns a number.
    let abi = unsafe {
        libc::syscall(
            libc::SYS_landlock_create_ruleset,
            std::ptr::null::<libc::c_void>(),
            0usize,
            LANDLOCK_CREATE_RULESET_VERSION,
        )
    };
    u32::try_from(abi).unwrap_or(0)
}

/// Whether seccomp filters can be installed (the kernel knows the `ERRNO` action).
fn seccomp_filters() -> bool {
    const SECCOMP_GET_ACTION_AVAIL: libc::c_uint = 2;
    let action: u32 = libc::SECCOMP_RET_ERRNO;
    // SAFETY: the kernel reads one u32 from the pointer.
    let result = unsafe {
        libc::syscall(
            libc::SYS_seccomp,
            SECCOMP_GET_ACTION_AVAIL,
            0,
            &action as *const u32,
        )
    };
    result == 0
}

/// The namespaces the supervisor unshares (plus a user namespace when not root).
pub(super) fn namespace_flags(as_root: bool, network: bool) -> libc::c_int {
    let mut flags =
        libc::CLONE_NEWNS | libc::CLONE_NEWPID | libc::CLONE_NEWIPC | libc::CLONE_NEWUTS;
    if !network {
        flags |= libc::CLONE_NEWNET;
    }
    if !as_root {
        flags |= libc::CLONE_NEWUSER;
    }
    flags
}

/// Forks a child that unshares the namespaces (and maps its uid, when not root) and
/// reports whether that worked. Only raw system calls run in the child.
fn namespaces_work(as_root: bool) -> bool {
    let flags = namespace_flags(as_root, false);
    let uid_map = format!("{0} {0} 1\0", Uid::current());
    let gid_map = format!("{0} {0} 1\0", nix::unistd::Gid::current());
    // SAFETY: between fork and _exit the child makes only async-signal-safe system
    // calls (unshare, open, write, close, _exit) on data prepared before the fork.
    unsafe {
        let pid = libc::fork();
        if pid == 0 {
            if libc::unshare(flags) != 0 {
                libc::_exit(1);
            }
            if !as_root {
                let write = |path: &[u8], data: &[u8]| -> bool {
                    let fd = libc::open(path.as_ptr().cast(), libc::O_WRONLY | libc::O_CLOEXEC);
                    if fd < 0 {
                        return false;
                    }
                    let ok = libc::write(fd, data.as_ptr().cast(), data.len() - 1)
                        == (data.len() - 1) as isize;
                    libc::close(fd);
                    ok
                };
                if !write(b"/proc/self/setgroups\0", b"deny\0")
                    || !write(b"/proc/self/uid_map\0", uid_map.as_bytes())
                    || !write(b"/proc/self/gid_map\0", gid_map.as_bytes())
                {
                    libc::_exit(2);
                }
            }
            libc::_exit(0);
        }
        if pid < 0 {
            return false;
        }
        let mut status = 0;
        while libc::waitpid(pid, &mut status, 0) == -1 {
            if io::Error::last_os_error().raw_os_error() != Some(libc::EINTR) {
                return false;
            }
        }
        libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0
    }
}

// ---------------------------------------------------------------------------------
// Running a job

/// Runs `job` in the sandbox at `level` (full or container).
pub(super) fn run(
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
fn with_user<T>(
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

/// Early, readable errors for paths the job cannot use.
fn check_paths(job: &Job, as_root: bool, level: Level) -> io::Result<()> {
    for path in &job.writable {
        if !path.is_dir() {
            return Err(io::Error::new(
                io::ErrorKind::NotFound,
                format!(
                    "writable path {} is not an existing directory (create it first)",
                    path.display()
                ),
            ));
        }
    }
    if !job.cwd.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::NotFound,
            format!("working directory {} does not exist", job.cwd.display()),
        ));
    }
    if level == Level::Container {
        // No root of the job's own: it reaches a path through the real directories
        // above it, so each of them must let others pass.
        // Writable paths are handed to the job's uid for the run: only the
        // directories above them must let others pass.
        let writable = job.writable.iter().filter_map(|p| p.parent());
        let cwd = std::iter::once(job.cwd.as_path());
        for path in job
            .readable
            .iter()
            .map(PathBuf::as_path)
            .chain(writable)
            .chain(cwd)
        {
            if job.writable.iter().any(|w| path == w.as_path()) {
                continue;
            }
            if let Some(blocked) = unreachable_by_others(path) {
                return Err(io::Error::new(
                    io::ErrorKind::PermissionDenied,
                    format!(
                        "readable path {} cannot be reached by the job's uid at the container \
                         level: {} has mode {:o} (others need search permission: chmod o+x {}, \
                         or keep the toolchain and cargo's registry below /usr/local)",
                        path.display(),
                        blocked.display(),
                        fs::metadata(&blocked).map_or(0, |m| m.permissions().mode() & 0o7777),
                        blocked.display()
                    ),
                ));
            }
        }
    }
    if as_root {
        for path in &job.readable {
            let Ok(meta) = fs::metadata(path) else {
                continue; // a missing readable path is not shown (see Job::readable)
            };
            let needed = if meta.is_dir() { 0o005 } else { 0o004 };
            if meta.permissions().mode() & needed != needed {
                return Err(io::Error::new(
                    io::ErrorKind::PermissionDenied,
                    format!(
                        "readable path {} has mode {:o}: jobs run as a uid of their own, so \
                         others need read{} permission (chmod o+rX)",
                        path.display(),
                        meta.permissions().mode() & 0o7777,
                        if meta.is_dir() { " and search" } else { "" }
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// The first directory above `path` (or `path` itself, a directory) that others
/// cannot search, following links; `None` when others reach it (or it does not
/// exist, which the job would see just the same).
pub(crate) fn unreachable_by_others(path: &Path) -> Option<PathBuf> {
    let real = fs::canonicalize(path).ok()?;
    let mut blocked = None;
    for dir in real.ancestors().collect::<Vec<_>>().into_iter().rev() {
        let Ok(meta) = fs::metadata(dir) else {
            break;
        };
        if meta.is_dir() && meta.permissions().mode() & 0o001 == 0 {
            blocked = Some(dir.to_path_buf());
            break;
        }
    }
    blocked
}

/// Whether others (a uid and gid of no account, as a job has) can open `path`
/// for reading, or list or search it when it is a directory.
pub fn open_to_others(path: &Path) -> bool {
    let Ok(meta) = fs::metadata(path) else {
        return false;
    };
    let parent_reachable = path.parent().is_none_or(|parent| {
        parent.as_os_str().is_empty() || unreachable_by_others(parent).is_none()
    });
    parent_reachable && meta.permissions().mode() & 0o005 != 0
}

/// The mounts of a job: system paths, then the caller's.
fn mounts(job: &Job) -> Vec<MountSpec> {
    fn system(paths: &'static [&'static str], access: Access) -> impl Iterator<Item = MountSpec> {
        paths.iter().map(move |p| MountSpec {
            path: p.as_bytes().to_vec(),
            access,
            required: false,
        })
    }
    let mut mounts: Vec<MountSpec> = system(SYSTEM_LIBRARIES, Access::ReadExec)
        .chain(system(SYSTEM_INFO, Access::Read))
        .collect();
    if job.network {
        mounts.extend(system(NETWORK_FILES, Access::Read));
    }
    for (device, write) in DEVICES {
        mounts.push(MountSpec {
            path: device.as_bytes().to_vec(),
            access: if *write {
                Access::Device
            } else {
                Access::DeviceRead
            },
            required: false,
        });
    }
    let caller = |paths: &[PathBuf], access, required| {
        paths
            .iter()
            .map(move |p| MountSpec {
                path: absolute(p).as_os_str().as_bytes().to_vec(),
                access,
                required,
            })
            .collect::<Vec<_>>()
    };
    mounts.extend(caller(&job.readable, Access::ReadExec, false));
    mounts.extend(caller(&job.writable, Access::ReadWrite, true));
    mounts
}

fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_owned())
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

fn run_supervised(
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
        processes: limits.processes,
        // Not root, the supervisor and the init live in the job's user namespace and
        // count against its RLIMIT_NPROC; as root they are root's (and at the
        // container level there is no init).
        nproc: limits.processes + if support.as_root { 0 } else { 2 },
        file_size: limits.file_size,
        open_files: limits.open_files,
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
        .arg(super::INIT_ARG)
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
    loop {
        let now = Instant::now();
        let due = match (&channel, timed_out) {
            (Some(channel), false) => super::answer_due(channel, &job.answer_limits, started)
                .map_or(deadline, |due| due.min(deadline)),
            _ => deadline,
        };
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
                    Ok(n) if report.len() < 64 * 1024 => report.extend_from_slice(&buffer[..n]),
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
    let supervisor_status = supervisor.wait()?;
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
        (true, _) => Exit::TimedOut,
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
        .map(|c| super::collected_lines(c.finish(drain), started))
        .unwrap_or_default();
    let seen = Seen::from_flags(&stderr.seen);
    Ok(Finished {
        exit,
        violation: violation(exit, seen, report.peak_tasks, limits),
        stdout,
        stderr: stderr.capture,
        channel,
        answered_at,
        duration,
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
pub(super) struct Report {
    pub exit: Option<Exit>,
    pub exec_errno: Option<i32>,
    pub error: Option<String>,
    pub peak_tasks: u64,
}

impl Report {
    /// Reads lines `exit N`, `signal N`, `exec ERRNO`, `error MESSAGE`, `peak N`.
    pub(super) fn parse(bytes: &[u8]) -> Report {
        let mut report = Report::default();
        for line in String::from_utf8_lossy(bytes).lines() {
            let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
            let number = rest.trim().parse::<i64>().ok();
            match (word, number) {
                ("exit", Some(n)) => report.exit = Some(Exit::Code(n as i32)),
                ("signal", Some(n)) => report.exit = Some(Exit::Signal(n as i32)),
                ("exec", Some(n)) => report.exec_errno = Some(n as i32),
                ("peak", Some(n)) => report.peak_tasks = report.peak_tasks.max(n as u64),
                ("error", _) => {
                    report.error.get_or_insert_with(|| rest.to_owned());
                }
                _ => {}
            }
        }
        report
    }
}

// ---------------------------------------------------------------------------------
// As root: a uid of the job's own

/// A uid (and the gid of the same number) that no account and no other job uses,
/// held through a lock file for as long as the job runs.
pub(super) struct JobUser {
    pub id: u32,
    _lock: File,
}

impl JobUser {
    /// Picks the first free id from 64 000 up, skipping ids of /etc/passwd and
    /// /etc/group; another grader on the machine holding an id is seen through its
    /// lock.
    pub(super) fn allocate() -> io::Result<JobUser> {
        let dir = Path::new("/run/maze-grader-sandbox");
        fs::create_dir_all(dir)?;
        fs::set_permissions(dir, fs::Permissions::from_mode(0o700))?;
        let taken = accounts();
        for id in FIRST_JOB_ID..FIRST_JOB_ID + JOB_IDS {
            if taken.contains(&id) || taken.contains(&(id + KILLER_OFFSET)) {
                continue;
            }
            let lock = fs::OpenOptions::new()
                .create(true)
                .truncate(false)
                .write(true)
                .mode(0o600)
                .custom_flags(libc::O_NOFOLLOW)
                .open(dir.join(format!("{id}.lock")))?;
            // SAFETY: flock on a descriptor we own.
            if unsafe { libc::flock(lock.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } == 0 {
                return Ok(JobUser { id, _lock: lock });
            }
        }
        Err(io::Error::new(
            io::ErrorKind::ResourceBusy,
            format!("all {JOB_IDS} sandbox uids from {FIRST_JOB_ID} are in use by other jobs"),
        ))
    }

    /// The real and saved uid of the process that kills this job's leftovers at the
    /// container level.
    pub(super) fn killer(&self) -> u32 {
        self.id + KILLER_OFFSET
    }
}

/// The uids and gids of /etc/passwd and /etc/group.
fn accounts() -> &'static HashSet<u32> {
    static TAKEN: OnceLock<HashSet<u32>> = OnceLock::new();
    TAKEN.get_or_init(|| {
        let mut taken = HashSet::new();
        for file in ["/etc/passwd", "/etc/group"] {
            for line in fs::read_to_string(file).unwrap_or_default().lines() {
                if let Some(id) = line.split(':').nth(2).and_then(|f| f.parse().ok()) {
                    taken.insert(id);
                }
            }
        }
        taken
    })
}

/// Whether `id` is one of the sandbox's job ids.
fn is_job_id(id: u32) -> bool {
    (FIRST_JOB_ID..FIRST_JOB_ID + JOB_IDS).contains(&id)
}

/// The writable paths handed to a job's uid; dropping it hands them back.
#[derive(Default)]
struct Handover {
    paths: Vec<PathBuf>,
    id: u32,
    /// Each path's mode before the job: while it runs, the top of each is 0700, so
    /// no other job's uid can look in (at the container level nothing else hides it).
    modes: Vec<Option<u32>>,
}

impl Handover {
    /// Everything below `paths` owned by the grader or by an earlier job goes to `id`.
    /// Links are not followed; sticky directories (like /tmp) are left alone.
    fn give(paths: &[PathBuf], id: u32) -> io::Result<Handover> {
        let modes = paths
            .iter()
            .map(|path| fs::symlink_metadata(path).ok().map(|m| m.mode() & 0o7777))
            .collect();
        let handover = Handover {
            paths: paths.to_vec(),
            id,
            modes,
        };
        let me = Uid::effective().as_raw();
        for (path, mode) in paths.iter().zip(&handover.modes) {
            if let Some(mode) = mode.filter(|m| m & 0o1000 == 0) {
                fs::set_permissions(path, fs::Permissions::from_mode(mode & 0o700))?;
            }
        }
        chown_tree(paths, id, |owner| owner == me || is_job_id(owner))?;
        Ok(handover)
    }
}

impl Drop for Handover {
    fn drop(&mut self) {
        let me = Uid::effective().as_raw();
        let id = self.id;
        let _ = chown_tree(&self.paths, me, |owner| owner == id);
        for (path, mode) in self.paths.iter().zip(&self.modes) {
            if let Some(mode) = mode.filter(|m| m & 0o1000 == 0) {
                let _ = fs::set_permissions(path, fs::Permissions::from_mode(mode));
            }
        }
    }
}

/// Changes the owner (and group) of every entry below `paths` whose owner passes
/// `take` to `to`, without following links and leaving sticky directories alone.
fn chown_tree(paths: &[PathBuf], to: u32, take: impl Fn(u32) -> bool) -> io::Result<()> {
    for path in paths {
        for entry in walkdir::WalkDir::new(path).follow_links(false) {
            let entry = entry.map_err(io::Error::other)?;
            let meta = entry.metadata().map_err(io::Error::other)?;
            if meta.is_dir() && meta.mode() & 0o1000 != 0 {
                continue;
            }
            if take(meta.uid()) {
                std::os::unix::fs::lchown(entry.path(), Some(to), Some(to))?;
            }
        }
    }
    Ok(())
}

/// The pids of every process `/proc` shows (the machine's, or a PID namespace's).
pub fn pids() -> Vec<u32> {
    fs::read_dir("/proc")
        .map(|entries| {
            entries
                .flatten()
                .filter_map(|entry| entry.file_name().to_str()?.parse().ok())
                .collect()
        })
        .unwrap_or_default()
}

/// How many tasks (threads) process `pid` has, 1 when it cannot be told: its
/// `task` directory links to `.` and `..` plus one entry per thread.
pub(super) fn threads_of(pid: u32) -> u64 {
    fs::metadata(format!("/proc/{pid}/task"))
        .map(|m| m.nlink().saturating_sub(2).max(1))
        .unwrap_or(1)
}

/// `OsStr` from bytes (used by the init, which receives paths as bytes).
pub(super) fn os(bytes: &[u8]) -> &OsStr {
    OsStr::from_bytes(bytes)
}
