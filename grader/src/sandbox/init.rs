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

use std::collections::VecDeque;
use std::convert::Infallible;
use std::ffi::{CString, OsStr, OsString};
use std::fs::{self, File};
use std::io::{Read, Write};
use std::os::fd::{AsFd, AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::{Component, Path, PathBuf};

use landlock::{
    ABI, Access as _, AccessFs, AccessNet, BitFlags, CompatLevel, Compatible, PathBeneath, PathFd,
    Ruleset, RulesetAttr, RulesetCreated, RulesetCreatedAttr, RulesetStatus, Scope,
};
use nix::errno::Errno;
use nix::fcntl::OFlag;
use nix::mount::{MntFlags, MsFlags, mount, umount2};
use nix::poll::{PollFd, PollFlags, PollTimeout, poll};
use nix::sched::{CloneFlags, unshare};
use nix::sys::prctl;
use nix::sys::resource::{Resource, getrlimit, setrlimit};
use nix::sys::signal::{SigHandler, SigSet, Signal, kill, signal};
use nix::sys::signalfd::{SfdFlags, SignalFd};
use nix::sys::statvfs::{FsFlags, statvfs};
use nix::sys::wait::{WaitPidFlag, WaitStatus, waitpid};
use nix::unistd::{ForkResult, Gid, Pid, Uid, fork, pipe2, pivot_root, setresgid, setresuid};
use seccompiler::{
    BpfProgram, SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter,
    SeccompRule, TargetArch, sock_filter,
};

use super::linux::{
    Access, CHANNEL_FD, CONTROL_FD, MountSpec, REPORT_FD, SPEC_FD, Spec, namespace_flags, os, pids,
    threads_of,
};

/// The supervisor's entry point; never returns.
pub(super) fn main() -> ! {
    // SAFETY: the grader set up REPORT_FD for this process; nothing else owns it.
    let report = unsafe { File::from_raw_fd(REPORT_FD) };
    let code = match supervise(&report) {
        Ok(()) => 0,
        Err(message) => {
            tell(&report, &format!("error {message}"));
            1
        }
    };
    std::process::exit(code)
}

/// Reads the job, unshares, forks the init and waits for it.
fn supervise(report: &File) -> Result<(), String> {
    for fd in [REPORT_FD, SPEC_FD, CONTROL_FD] {
        set_cloexec(fd);
    }
    // SAFETY: the grader set up SPEC_FD and CONTROL_FD for this process.
    let (mut spec_pipe, control) =
        unsafe { (File::from_raw_fd(SPEC_FD), OwnedFd::from_raw_fd(CONTROL_FD)) };
    let mut bytes = Vec::new();
    spec_pipe
        .read_to_end(&mut bytes)
        .map_err(|e| format!("could not read the job description: {e}"))?;
    drop(spec_pipe);
    let spec: Spec = serde_json::from_slice(&bytes)
        .map_err(|e| format!("bad job description from the grader: {e}"))?;
    if let Some(killer) = spec.container {
        return super::container::supervise(&spec, killer, control, report);
    }

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
            let Err(message) = init(&spec, alive_r, report);
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

fn set_cloexec(fd: i32) {
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
    reap(child, spec.processes, &children, report)
}

/// Forks the payload, which confines itself and executes the job's program (or
/// reports why it could not); returns its pid. Every descriptor of this process but
/// the job's own is closed when the program is executed (see `confine_and_exec`).
pub(super) fn fork_payload(spec: &Spec, shown: &[Shown], report: &File) -> Result<Pid, String> {
    // SAFETY: the caller is single-threaded (a fresh exec, or forked from one).
    match unsafe { fork() }.map_err(|e| format!("could not fork the job: {e}"))? {
        ForkResult::Child => {
            let line = match payload(spec, shown) {
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
/// is left of the namespace.
///
/// The count is sampled every 20 ms; every 1 ms during the job's first 100 ms (a
/// fork bomb reaches its limit within milliseconds) and while the job is within a
/// quarter of its process limit, where a bomb hovers — its processes failing to fork,
/// exiting and making room for others. Sampling can miss a bomb that gives up at
/// once; a job that is not at its limit when seen is never reported.
fn reap(payload: Pid, processes: u64, children: &SignalFd, report: &File) -> ! {
    let mut peak = 0;
    let started = std::time::Instant::now();
    loop {
        // Counted before reaping, so a job that just hit its limit and ended is seen
        // with its zombies (which still count against RLIMIT_NPROC).
        let tasks = count_tasks();
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

/// The job's tasks (processes, zombies included, and their threads) in this PID
/// namespace, without the init.
fn count_tasks() -> u64 {
    pids()
        .into_iter()
        .filter(|pid| *pid != 1)
        .map(threads_of)
        .sum()
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

// ---------------------------------------------------------------------------------
// The job's root filesystem

/// A path shown in the job's root, resolved.
pub(super) struct Shown {
    /// Its real path, the same inside the job's root as outside.
    pub path: PathBuf,
    pub access: Access,
    pub is_dir: bool,
}

/// Builds the job's root in `spec.root` and moves into it.
fn build_root(spec: &Spec) -> Result<Vec<Shown>, String> {
    let root = PathBuf::from(os(&spec.root));
    mount(
        None::<&str>,
        "/",
        None::<&str>,
        MsFlags::MS_REC | MsFlags::MS_PRIVATE,
        None::<&str>,
    )
    .map_err(|e| format!("could not make the mounts private: {e}"))?;
    mount(
        Some("tmpfs"),
        &root,
        Some("tmpfs"),
        MsFlags::MS_NOSUID | MsFlags::MS_NODEV,
        Some("mode=0755,size=4m,nr_inodes=4096"),
    )
    .map_err(|e| format!("could not mount the job's root: {e}"))?;

    let mut shown: Vec<Shown> = Vec::new();
    for MountSpec {
        path,
        access,
        required,
    } in &spec.mounts
    {
        let path = Path::new(os(path));
        match resolve(path, &root)? {
            Some(real) => {
                let is_dir = fs::metadata(&real).map(|m| m.is_dir()).unwrap_or(false);
                shown.push(Shown {
                    path: real,
                    access: *access,
                    is_dir,
                });
            }
            None if *required => {
                return Err(format!("{} does not exist", path.display()));
            }
            None => {}
        }
    }
    // Parents before children, so that a writable directory inside a readable one
    // is mounted over it; the same path twice keeps the strongest access.
    shown.sort_by(|a, b| {
        (a.path.components().count(), &a.path, a.access).cmp(&(
            b.path.components().count(),
            &b.path,
            b.access,
        ))
    });
    shown.dedup_by(|later, earlier| {
        if later.path == earlier.path {
            earlier.access = earlier.access.max(later.access);
            true
        } else {
            false
        }
    });
    for entry in &shown {
        bind(entry, &root)?;
    }

    let proc = root.join("proc");
    fs::create_dir_all(&proc).map_err(|e| format!("mkdir {}: {e}", proc.display()))?;
    mount(
        Some("proc"),
        &proc,
        Some("proc"),
        MsFlags::MS_NOSUID | MsFlags::MS_NODEV | MsFlags::MS_NOEXEC,
        None::<&str>,
    )
    .map_err(|e| format!("could not mount /proc: {e}"))?;
    let dev = root.join("dev");
    fs::create_dir_all(&dev).map_err(|e| format!("mkdir {}: {e}", dev.display()))?;
    for (name, target) in [
        ("fd", "/proc/self/fd"),
        ("stdin", "/proc/self/fd/0"),
        ("stdout", "/proc/self/fd/1"),
        ("stderr", "/proc/self/fd/2"),
    ] {
        let _ = std::os::unix::fs::symlink(target, dev.join(name));
    }
    mount(
        None::<&str>,
        &root,
        None::<&str>,
        MsFlags::MS_REMOUNT | MsFlags::MS_BIND | MsFlags::MS_RDONLY | MsFlags::MS_NOSUID,
        None::<&str>,
    )
    .map_err(|e| format!("could not make the job's root read-only: {e}"))?;

    nix::unistd::chdir(&root).map_err(|e| format!("chdir {}: {e}", root.display()))?;
    pivot_root(".", ".").map_err(|e| format!("pivot_root: {e}"))?;
    umount2(".", MntFlags::MNT_DETACH)
        .map_err(|e| format!("could not detach the old root: {e}"))?;
    nix::unistd::chdir("/").map_err(|e| format!("chdir /: {e}"))?;
    Ok(shown)
}

/// The real path of `path`, or `None` when it does not exist. Every symbolic link met
/// on the way is copied into `root` (e.g. `/lib -> usr/lib`), so the same path leads
/// to the same place inside the job's root.
fn resolve(path: &Path, root: &Path) -> Result<Option<PathBuf>, String> {
    let mut pending: VecDeque<OsString> = names(path);
    let mut real = PathBuf::from("/");
    let mut links = 0;
    while let Some(name) = pending.pop_front() {
        if name == ".." {
            real.pop();
            continue;
        }
        let candidate = real.join(&name);
        let meta = match fs::symlink_metadata(&candidate) {
            Ok(meta) => meta,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(format!("{}: {e}", candidate.display())),
        };
        if !meta.file_type().is_symlink() {
            real = candidate;
            continue;
        }
        links += 1;
        if links > 40 {
            return Err(format!("{}: too many symbolic links", path.display()));
        }
        let target =
            fs::read_link(&candidate).map_err(|e| format!("{}: {e}", candidate.display()))?;
        let copy = inside(root, &candidate);
        if fs::symlink_metadata(&copy).is_err() {
            if let Some(parent) = copy.parent() {
                fs::create_dir_all(parent)
                    .map_err(|e| format!("mkdir {}: {e}", parent.display()))?;
            }
            std::os::unix::fs::symlink(&target, &copy)
                .map_err(|e| format!("symlink {}: {e}", copy.display()))?;
        }
        if target.is_absolute() {
            real = PathBuf::from("/");
        }
        for name in names(&target).into_iter().rev() {
            pending.push_front(name);
        }
    }
    Ok(Some(real))
}

/// The names of a path's components, with `..` kept and `.` and `/` dropped.
fn names(path: &Path) -> VecDeque<OsString> {
    path.components()
        .filter_map(|c| match c {
            Component::Normal(name) => Some(name.to_owned()),
            Component::ParentDir => Some(OsString::from("..")),
            _ => None,
        })
        .collect()
}

/// Where `path` is inside `root`.
fn inside(root: &Path, path: &Path) -> PathBuf {
    root.join(path.strip_prefix("/").unwrap_or(path))
}

/// Bind-mounts `entry` at its own path inside `root`: read-only unless writable,
/// never set-uid, device nodes only where they are meant to be.
fn bind(entry: &Shown, root: &Path) -> Result<(), String> {
    let target = inside(root, &entry.path);
    if fs::symlink_metadata(&target).is_err() {
        let made = if entry.is_dir {
            fs::create_dir_all(&target)
        } else {
            target
                .parent()
                .map_or(Ok(()), fs::create_dir_all)
                .and_then(|()| File::create(&target).map(drop))
        };
        made.map_err(|e| format!("could not show {}: {e}", entry.path.display()))?;
    }
    mount(
        Some(&entry.path),
        &target,
        None::<&str>,
        MsFlags::MS_BIND | MsFlags::MS_REC,
        None::<&str>,
    )
    .map_err(|e| format!("could not show {}: {e}", entry.path.display()))?;
    // A remount must keep the flags the kernel locked on the original mount (in a
    // user namespace it refuses to clear them), so start from those.
    let current = statvfs(&target)
        .map_err(|e| format!("statvfs {}: {e}", entry.path.display()))?
        .flags();
    let mut flags = MsFlags::MS_REMOUNT | MsFlags::MS_BIND | MsFlags::MS_NOSUID;
    for (has, keep) in [
        (FsFlags::ST_RDONLY, MsFlags::MS_RDONLY),
        (FsFlags::ST_NODEV, MsFlags::MS_NODEV),
        (FsFlags::ST_NOEXEC, MsFlags::MS_NOEXEC),
        (FsFlags::ST_NOATIME, MsFlags::MS_NOATIME),
        (FsFlags::ST_NODIRATIME, MsFlags::MS_NODIRATIME),
        (FsFlags::ST_RELATIME, MsFlags::MS_RELATIME),
    ] {
        if current.contains(has) {
            flags |= keep;
        }
    }
    match entry.access {
        Access::Read | Access::ReadExec => flags |= MsFlags::MS_RDONLY | MsFlags::MS_NODEV,
        Access::ReadWrite => flags |= MsFlags::MS_NODEV,
        Access::Device | Access::DeviceRead => flags |= MsFlags::MS_NOEXEC,
    }
    mount(None::<&str>, &target, None::<&str>, flags, None::<&str>)
        .map_err(|e| format!("could not restrict {}: {e}", entry.path.display()))
}

// ---------------------------------------------------------------------------------
// The payload

/// Why the payload did not become the job's program.
pub(super) enum Failure {
    /// `execve` failed.
    Exec(Errno),
    /// The sandbox could not be set up.
    Setup(String),
}

impl From<String> for Failure {
    fn from(message: String) -> Self {
        Failure::Setup(message)
    }
}

/// Confines this process and executes the job's program; returns only on failure.
pub(super) fn payload(spec: &Spec, shown: &[Shown]) -> Failure {
    match confine_and_exec(spec, shown) {
        Ok(never) => match never {},
        Err(failure) => failure,
    }
}

fn confine_and_exec(spec: &Spec, shown: &[Shown]) -> Result<Infallible, Failure> {
    // Signal state is inherited through exec: nothing blocked, SIGPIPE as default.
    let _ = SigSet::empty().thread_set_mask();
    // SAFETY: resetting a disposition to the default has no handler to run.
    let _ = unsafe { signal(Signal::SIGPIPE, SigHandler::SigDfl) };
    let _ = nix::unistd::setsid();
    let cwd = os(&spec.cwd);
    nix::unistd::chdir(cwd)
        .map_err(|e| format!("working directory {}: {e}", Path::new(cwd).display()))?;

    // Everything that allocates or opens files happens before the limits apply.
    let program = find_program(spec).map_err(Failure::Exec)?;
    let argv: Vec<CString> = std::iter::once(&spec.program)
        .chain(&spec.args)
        .map(|a| c_string(a))
        .collect::<Result<_, _>>()?;
    let envp: Vec<CString> = spec
        .env
        .iter()
        .map(|(k, v)| c_string(&[k.as_slice(), b"=", v.as_slice()].concat()))
        .collect::<Result<_, _>>()?;
    // At the container level without Landlock's scoping (ABI 6), abstract Unix
    // sockets are shared with every process of the container: no sockets at all.
    let unix_sockets = spec.container.is_none() || spec.landlock_abi >= 6;
    let filters = seccomp_filters(spec.network, unix_sockets)?;
    // The container level runs where the kernel has no Landlock too; the full
    // level never does (the probe requires it).
    let ruleset = if spec.container.is_some() && spec.landlock_abi == 0 {
        None
    } else {
        Some(landlock_ruleset(spec, shown)?)
    };

    if let Some(id) = spec.switch_to {
        nix::unistd::setgroups(&[]).map_err(|e| format!("setgroups: {e}"))?;
        setresgid(Gid::from_raw(id), Gid::from_raw(id), Gid::from_raw(id))
            .map_err(|e| format!("setresgid {id}: {e}"))?;
        setresuid(Uid::from_raw(id), Uid::from_raw(id), Uid::from_raw(id))
            .map_err(|e| format!("setresuid {id}: {e}"))?;
    }
    drop_capabilities();
    set_limits(spec)?;

    prctl::set_no_new_privs().map_err(|e| format!("PR_SET_NO_NEW_PRIVS: {e}"))?;
    if let Some(ruleset) = ruleset {
        let status = ruleset
            .restrict_self()
            .map_err(|e| format!("Landlock: {e}"))?;
        if spec.required && status.ruleset != RulesetStatus::FullyEnforced {
            return Err(Failure::Setup(format!(
                "the sandbox is required but Landlock is only {:?} (ABI {})",
                status.ruleset, spec.landlock_abi
            )));
        }
    }
    for filter in &filters {
        seccompiler::apply_filter(filter).map_err(|e| format!("seccomp: {e}"))?;
    }
    // Only stdin, stdout, stderr and the result channel reach the program.
    let first = if spec.channel {
        CHANNEL_FD + 1
    } else {
        CHANNEL_FD
    };
    // SAFETY: close_range only marks descriptors of this process close-on-exec.
    unsafe {
        libc::syscall(
            libc::SYS_close_range,
            first as libc::c_uint,
            libc::c_uint::MAX,
            libc::CLOSE_RANGE_CLOEXEC,
        )
    };
    if spec.dry_run {
        // SAFETY: _exit ends this process at once; the init reports exit code 0.
        unsafe { libc::_exit(0) }
    }
    let mut errno = nix::unistd::execve(&program, &argv, &envp).unwrap_err();
    // "Text file busy": a program the grader has just written (the container level
    // runs the probe from a fresh copy) can still be open for writing in a process
    // that another of the grader's threads forked meanwhile, until that one executes
    // its own program, a moment later. Wait for it, briefly.
    for _ in 0..200 {
        if errno != Errno::ETXTBSY {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
        errno = nix::unistd::execve(&program, &argv, &envp).unwrap_err();
    }
    Err(Failure::Exec(errno))
}

fn c_string(bytes: &[u8]) -> Result<CString, Failure> {
    CString::new(bytes).map_err(|_| {
        Failure::Setup(format!(
            "{:?} contains a NUL byte",
            String::from_utf8_lossy(bytes)
        ))
    })
}

/// The program's path: as given when it contains a `/`, else looked up in the job's
/// own `PATH` (not the supervisor's, which is empty).
fn find_program(spec: &Spec) -> Result<CString, Errno> {
    let program = &spec.program;
    let as_given = || CString::new(program.clone()).map_err(|_| Errno::EINVAL);
    if program.contains(&b'/') {
        return as_given();
    }
    let path = spec
        .env
        .iter()
        .find(|(k, _)| k == b"PATH")
        .map_or(&b"/usr/bin:/bin"[..], |(_, v)| v.as_slice());
    for dir in path.split(|b| *b == b':').filter(|d| !d.is_empty()) {
        let candidate = Path::new(OsStr::from_bytes(dir)).join(OsStr::from_bytes(program));
        if candidate.is_file() {
            return CString::new(candidate.into_os_string().into_vec()).map_err(|_| Errno::EINVAL);
        }
    }
    Err(Errno::ENOENT)
}

/// rlimits, each clamped to the current hard limit (only root may raise that).
fn set_limits(spec: &Spec) -> Result<(), String> {
    let limits = [
        (Resource::RLIMIT_CORE, 0),
        (Resource::RLIMIT_FSIZE, spec.file_size),
        (Resource::RLIMIT_NOFILE, spec.open_files),
        (Resource::RLIMIT_NPROC, spec.nproc),
        // Last: nothing below allocates much.
        (Resource::RLIMIT_AS, spec.memory),
    ];
    for (resource, wanted) in limits {
        let (_, hard) = getrlimit(resource).map_err(|e| format!("getrlimit {resource:?}: {e}"))?;
        let value = wanted.min(hard);
        setrlimit(resource, value, value).map_err(|e| format!("setrlimit {resource:?}: {e}"))?;
    }
    Ok(())
}

/// The Landlock ruleset: what `shown` allows, plus /proc to read; no TCP unless the
/// job has the network; signals and abstract sockets scoped to the job (ABI 6).
fn landlock_ruleset(spec: &Spec, shown: &[Shown]) -> Result<RulesetCreated, String> {
    let abi = ABI::from(spec.landlock_abi as i32);
    let level = if spec.required {
        CompatLevel::HardRequirement
    } else {
        CompatLevel::BestEffort
    };
    let failed = |e: landlock::RulesetError| format!("Landlock (ABI {}): {e}", spec.landlock_abi);
    let mut ruleset = Ruleset::default()
        .set_compatibility(level)
        .handle_access(AccessFs::from_all(abi))
        .map_err(failed)?;
    if abi >= ABI::V4 && !spec.network {
        ruleset = ruleset
            .handle_access(AccessNet::from_all(abi))
            .map_err(failed)?;
    }
    if abi >= ABI::V6 {
        ruleset = ruleset.scope(Scope::from_all(abi)).map_err(failed)?;
    }
    let mut created = ruleset.create().map_err(failed)?;
    let read = AccessFs::ReadFile | AccessFs::ReadDir;
    let rules = shown
        .iter()
        .map(|s| (s.path.as_path(), rights(s.access, abi), s.is_dir))
        .chain([(Path::new("/proc"), read, true)]);
    for (path, access, is_dir) in rules {
        let access = if is_dir {
            access
        } else {
            access & AccessFs::from_file(abi)
        };
        let fd = PathFd::new(path).map_err(|e| format!("Landlock: {}: {e}", path.display()))?;
        created = created
            .add_rule(PathBeneath::new(fd, access))
            .map_err(failed)?;
    }
    Ok(created)
}

fn rights(access: Access, abi: ABI) -> BitFlags<AccessFs> {
    match access {
        Access::Read => AccessFs::ReadFile | AccessFs::ReadDir,
        Access::ReadExec => AccessFs::from_read(abi),
        Access::Device => AccessFs::from_file(abi) & !AccessFs::Execute,
        Access::DeviceRead => AccessFs::ReadFile.into(),
        Access::ReadWrite => AccessFs::from_all(abi),
    }
}

/// The seccomp filters: `EPERM` for the listed system calls (and for sockets other
/// than `AF_UNIX` without network — or any `socket` without `unix_sockets` — and for
/// namespace flags on `clone`), `ENOSYS` for `clone3` (whose flags a filter cannot
/// read; libc then falls back to `clone`).
fn seccomp_filters(network: bool, unix_sockets: bool) -> Result<Vec<BpfProgram>, String> {
    let arch = TargetArch::try_from(std::env::consts::ARCH)
        .map_err(|e| format!("seccomp: {e} (the sandbox supports x86_64, aarch64, riscv64)"))?;
    let failed = |e: seccompiler::BackendError| format!("seccomp: {e}");
    let mut denied: std::collections::BTreeMap<i64, Vec<SeccompRule>> =
        DENIED.iter().map(|nr| (*nr, Vec::new())).collect();
    let arg = |index, op, value| {
        SeccompCondition::new(index, SeccompCmpArgLen::Qword, op, value)
            .and_then(|c| SeccompRule::new(vec![c]))
    };
    if !network {
        for nr in [libc::SYS_socket, libc::SYS_socketpair] {
            let rule = arg(0, SeccompCmpOp::Ne, libc::AF_UNIX as u64).map_err(failed)?;
            denied.insert(nr, vec![rule]);
        }
        if !unix_sockets {
            // A socket pair has no address anyone else could reach; it stays.
            denied.insert(libc::SYS_socket, Vec::new());
        }
    }
    let namespaces = [
        libc::CLONE_NEWUSER,
        libc::CLONE_NEWNS,
        libc::CLONE_NEWPID,
        libc::CLONE_NEWNET,
        libc::CLONE_NEWIPC,
        libc::CLONE_NEWUTS,
        libc::CLONE_NEWCGROUP,
    ];
    let clone_rules = namespaces
        .iter()
        .map(|flag| {
            let flag = *flag as u64;
            arg(0, SeccompCmpOp::MaskedEq(flag), flag)
        })
        .collect::<Result<Vec<_>, _>>()
        .map_err(failed)?;
    denied.insert(libc::SYS_clone, clone_rules);

    let eperm = SeccompAction::Errno(libc::EPERM as u32);
    let mut main: BpfProgram = SeccompFilter::new(denied, SeccompAction::Allow, eperm, arch)
        .and_then(BpfProgram::try_from)
        .map_err(failed)?;
    if cfg!(target_arch = "x86_64") {
        // The x32 ABI shares x86_64's audit arch but numbers its calls from bit 30;
        // refuse them all so they cannot bypass the list above.
        const X32_SYSCALL_BIT: u32 = 0x4000_0000;
        let prefix = [
            sock_filter {
                code: 0x20,
                jt: 0,
                jf: 0,
                k: 0,
            }, // load the call number
            sock_filter {
                code: 0x35,
                jt: 0,
                jf: 1,
                k: X32_SYSCALL_BIT,
            }, // jge
            sock_filter {
                code: 0x06,
                jt: 0,
                jf: 0,
                k: libc::SECCOMP_RET_ERRNO | libc::EPERM as u32,
            },
        ];
        main.splice(0..0, prefix);
    }
    let clone3: BpfProgram = SeccompFilter::new(
        [(libc::SYS_clone3, Vec::new())].into_iter().collect(),
        SeccompAction::Allow,
        SeccompAction::Errno(libc::ENOSYS as u32),
        arch,
    )
    .and_then(BpfProgram::try_from)
    .map_err(failed)?;
    Ok(vec![clone3, main])
}

/// System calls a job never needs, each answered with `EPERM`.
const DENIED: &[i64] = &[
    libc::SYS_ptrace,
    libc::SYS_process_vm_readv,
    libc::SYS_process_vm_writev,
    libc::SYS_mount,
    libc::SYS_umount2,
    libc::SYS_pivot_root,
    libc::SYS_chroot,
    libc::SYS_unshare,
    libc::SYS_setns,
    libc::SYS_open_tree,
    libc::SYS_move_mount,
    libc::SYS_fsopen,
    libc::SYS_fsconfig,
    libc::SYS_fsmount,
    libc::SYS_fspick,
    libc::SYS_mount_setattr,
    libc::SYS_kexec_load,
    libc::SYS_kexec_file_load,
    libc::SYS_bpf,
    libc::SYS_perf_event_open,
    libc::SYS_keyctl,
    libc::SYS_add_key,
    libc::SYS_request_key,
    libc::SYS_userfaultfd,
    libc::SYS_open_by_handle_at,
    libc::SYS_name_to_handle_at,
    libc::SYS_init_module,
    libc::SYS_finit_module,
    libc::SYS_delete_module,
    libc::SYS_io_uring_setup,
    libc::SYS_io_uring_enter,
    libc::SYS_io_uring_register,
    libc::SYS_swapon,
    libc::SYS_swapoff,
    libc::SYS_reboot,
    libc::SYS_acct,
    libc::SYS_syslog,
    libc::SYS_quotactl,
    libc::SYS_settimeofday,
    libc::SYS_clock_settime,
    libc::SYS_clock_adjtime,
    libc::SYS_vhangup,
    // System V and POSIX message IPC: without an IPC namespace (the container
    // level) they would be shared with every other job and outlive this one.
    libc::SYS_shmget,
    libc::SYS_shmat,
    libc::SYS_shmctl,
    libc::SYS_semget,
    libc::SYS_semop,
    libc::SYS_semtimedop,
    libc::SYS_semctl,
    libc::SYS_msgget,
    libc::SYS_msgsnd,
    libc::SYS_msgrcv,
    libc::SYS_msgctl,
    libc::SYS_mq_open,
    libc::SYS_mq_unlink,
    libc::SYS_mq_timedsend,
    libc::SYS_mq_timedreceive,
    libc::SYS_mq_notify,
    libc::SYS_mq_getsetattr,
];
