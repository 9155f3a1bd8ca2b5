//! The sandbox every piece of student code runs in: the build of a submission and
//! each check of the probe.
//!
//! The grader calls [`run`] with a [`Job`] (program, arguments, the whole
//! environment, what it may read and write, limits) and gets back a [`Finished`]:
//! how it ended, its output (capped), the result channel, and — where the sandbox
//! can tell — which limit stopped it. After `run` returns, nothing the job started
//! is alive.
//!
//! # What it needs from the kernel, and what each part protects against
//!
//! | layer | kernel feature | protects against |
//! | --- | --- | --- |
//! | own user | root (a dedicated uid/gid per job, 64 000 and up, no supplementary groups) or an unprivileged **user namespace** (the caller's uid mapped to itself) | touching the grader's files and processes through ordinary permissions; makes `RLIMIT_NPROC` count this job only |
//! | PID namespace | `CLONE_NEWPID` | seeing or signalling the grader (`kill -9 <grader>`, `kill(-1, …)`); leftovers: the namespace's init is ours, and when it ends the kernel kills every process in it — daemons, `setsid` children, processes that ignore `SIGTERM` |
//! | network namespace | `CLONE_NEWNET` | any network: the namespace has only a loopback that is down, so even `127.0.0.1` is unreachable; abstract Unix sockets are per namespace too |
//! | mount namespace | `CLONE_NEWNS`, `pivot_root` | seeing the rest of the filesystem at all: the job's `/` is a fresh read-only tmpfs holding only the system libraries, the paths in [`Job::readable`] (read-only) and [`Job::writable`], a `/proc` of its own PID namespace and a few `/dev` nodes |
//! | IPC and UTS namespaces | `CLONE_NEWIPC`, `CLONE_NEWUTS` | System V shared memory and semaphores of the host; the hostname |
//! | Landlock, ABI ≥ 1 (Linux 5.13) | `CONFIG_SECURITY_LANDLOCK`, enabled in `lsm=` | the same path rules again, enforced by an LSM rather than by what is mounted: read and execute only below the readable paths and the system libraries, writes only below the writable ones. Newer ABIs add: renaming and linking across directories (2, Linux 5.19), truncation (3, 6.2), TCP bind/connect (4, 6.7: all TCP denied), `ioctl` on devices (5, 6.10), signals and abstract Unix sockets scoped to the sandbox (6, 6.12), audit logging (7, 6.15). The ruleset handles every right of the running kernel's ABI (up to 7, the newest tested here) |
//! | seccomp | `CONFIG_SECCOMP_FILTER`, `PR_SET_NO_NEW_PRIVS` | the kernel's larger attack surface: `ptrace`, `process_vm_readv/writev`, `mount`, `pivot_root`, `unshare`/`setns` and namespace flags on `clone`, `kexec`, `bpf`, `perf_event_open`, keyrings, `io_uring`, modules, `open_by_handle_at`, `userfaultfd`, and sockets of any family but `AF_UNIX`, and every call of the x32 ABI — each fails with `EPERM` (not a kill, so the student sees a readable error); `clone3` fails with `ENOSYS` so that libc falls back to `clone`, whose flags the filter can see |
//! | rlimits | always there | `RLIMIT_AS` (memory), `RLIMIT_NPROC` (processes and threads), `RLIMIT_FSIZE` (file size), `RLIMIT_CORE` = 0, `RLIMIT_NOFILE`, and for a job with a CPU limit `RLIMIT_CPU` |
//! | wall clock | — | a job that never ends: on expiry the namespace's init is killed, and with it everything; a job with a CPU limit that uses next to none of it during a stretch that long is ended then, as waiting ([`Exit::Idle`]) |
//!
//! Capabilities: the job never has any (it runs as a non-root uid, or as a non-zero
//! uid inside its user namespace, so `execve` clears them; the init drops its own).
//!
//! # How a job is started: the grader re-executes itself as the namespace's init
//!
//! `run` starts the grader's own binary as `grader __sandbox-init` ([`INIT_ARG`],
//! dispatched by [`dispatch_init`] at the top of `main`, before anything else) and
//! sends it the job as JSON on a pipe. That process (the *supervisor*) unshares the
//! namespaces and forks the *init*, PID 1 of the new PID namespace, which builds the
//! job's root filesystem, forks the *payload* process, which drops to the job's uid,
//! sets the rlimits, `PR_SET_NO_NEW_PRIVS`, Landlock and seccomp, and executes the
//! program. The init reaps orphans, watches how many tasks the job has, and reports
//! the payload's exit status on a report pipe; when the payload ends the init exits
//! and the kernel kills the rest of the namespace. The supervisor stays outside the
//! namespace: on a time-out (or when the grader dies and the control pipe closes) it
//! kills the init, and it exits only once the init is reaped — which the kernel
//! allows only when every process of the namespace is gone. So when the report pipe
//! reaches end-of-file and the supervisor is reaped, the job is dead.
//!
//! Why re-execute rather than fork twice in a `pre_exec` hook: between `fork` and
//! `exec` in the multi-threaded grader only async-signal-safe calls are allowed, and
//! this setup is long (mount points, symlinks, a Landlock ruleset, a BPF program,
//! error messages). A freshly executed process is single-threaded — which
//! `unshare(CLONE_NEWUSER)` requires anyway — so all of it is ordinary Rust with
//! ordinary error handling. (A process forked in `pre_exec` that stays behind to
//! wait would also hold the pipe through which `Command::spawn` learns that `exec`
//! happened, so `spawn` would not return until the job ended.) The cost is one extra
//! `execve` of the grader per job: `run` of `/bin/true` takes about 6 ms sandboxed
//! against 1.5 ms unconfined. The unit tests' binary is not the grader, so
//! it carries the same entry point in a constructor (`ctor`, test builds only).
//!
//! Why crates (`nix`, `landlock`, `seccompiler`) rather than bubblewrap or nsjail:
//! the grader must run where students run it, with nothing to install, and must tell
//! *why* a job died (memory, processes, file size) — which needs the init in our
//! hands. bubblewrap and nsjail are C programs to be installed separately (and
//! bubblewrap is setuid on some distributions); what we need from them is a few
//! hundred lines of documented system calls, tested here as root and as an ordinary
//! user.
//!
//! # Telling why a job died
//!
//! Only from evidence, never from a guess ([`Violation`]): `SIGXFSZ` (or a shell
//! saying its child died of it) is the file-size limit; a failed exit with an
//! allocation failure on stderr ("memory allocation of N bytes failed", `ENOMEM`'s
//! text) is the memory limit; a fork or thread-spawn failure on stderr ("Resource
//! temporarily unavailable", dash's "Cannot fork") is the process limit when the job
//! then failed, or when the init saw it at that limit (a job that ended well is
//! overruled only then). The init counts the job's tasks through its own `/proc`
//! every 20 ms (every 1 ms during the first 100 ms and near the limit); a bomb whose
//! processes give up at their first failure can shrink below the limit between two
//! samples, which is why a failed job's own words decide rather than the sample. Landlock and seccomp denials are not reported as violations: the
//! program sees `EACCES`/`EPERM`/`ENOENT` and says so on stderr itself.
//!
//! # Two levels: full and container
//!
//! Everything above is the **full** level ([`Level::Full`]). Root in a container
//! started with Docker's defaults (Gradescope, `docker run`, Kubernetes pods) may
//! change uid, set rlimits, Landlock and seccomp, but may not make namespaces or
//! mount anything. There the sandbox runs at the **container** level
//! ([`Level::Container`], `container.rs`): the same payload (uid, no groups, rlimits,
//! `PR_SET_NO_NEW_PRIVS`, Landlock where the kernel has it, seccomp) without the
//! namespaces and the root of its own; the supervisor is the job's child subreaper
//! and ends it by uid; seccomp refuses every socket but Unix ones (all of them where
//! Landlock cannot scope abstract sockets) and System V IPC; what the job left in the
//! world-writable directories is deleted; and since the job sees the real
//! filesystem, its private paths are protected by ownership and mode (writable paths
//! are 0700 and its own while it runs, readable ones must be reachable through
//! directories others may search, and the grader keeps each submission's files 0700
//! and refuses a kit or class folder that any uid can read). [`support`] tries the
//! full level first and the container level as root where namespaces fail.
//! `emulate.rs` reproduces Docker's confinement for the tests.
//!
//! # Where it cannot confine
//!
//! [`support`] says what is missing, after a trial job that goes through the whole
//! setup (so a user namespace without the right to mount, as Ubuntu's AppArmor
//! policy makes it, counts as missing). Where neither level runs, with [`Mode::Auto`] the job then runs
//! unconfined — in a process group (a job object on Windows) that is killed on
//! time-out and after the job exits, output capped, `sandboxed: false` — and with
//! [`Mode::Required`] `run` refuses. Unconfined, a `setsid` child escapes the group
//! kill; output capture still has a deadline, so `run` returns on time. The result
//! channel (fd 3) needs Unix: on Windows a job asking for it is an error.
#![allow(
    unsafe_code,
    reason = "system calls the sandbox makes itself: fork, setresuid, seccomp, Landlock, rlimits"
)]

mod capture;
#[cfg(target_os = "linux")]
mod container;
#[cfg(target_os = "linux")]
pub mod emulate;
#[cfg(target_os = "linux")]
mod init;
#[cfg(target_os = "linux")]
mod linux;
#[cfg(target_os = "linux")]
mod supervisor;
// The attack suites: the kit's, not the student template's.
#[cfg(all(test, target_os = "linux", feature = "instructor"))]
mod tests;
#[cfg(target_os = "linux")]
pub mod trial;
mod unconfined;
pub mod usage;

pub use usage::Usage;

use std::ffi::OsString;
use std::fmt;
use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// The hidden first argument that makes the grader's binary act as the sandbox's
/// supervisor and init instead of parsing a command line.
pub const INIT_ARG: &str = "__sandbox-init";

/// How strictly to sandbox (the CLI flag `--sandbox auto|required|off`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, Default)]
pub enum Mode {
    /// Sandbox when this machine can; otherwise run unconfined (output capped, the
    /// process group killed on time-out) and say so in the report.
    #[default]
    Auto,
    /// Refuse to run anything unless it can be sandboxed.
    Required,
    /// Never sandbox (for debugging a check on a trusted submission).
    Off,
}

/// How strongly a machine confines a job: the sandbox's levels, strongest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Namespaces (PID, network, mount, IPC, UTS) around a job of its own uid, with
    /// Landlock, seccomp and rlimits: a bare Linux host, or root in a privileged
    /// container, or an ordinary user where user namespaces are allowed.
    Full,
    /// Root without namespaces, as in a container started with Docker's defaults
    /// (Gradescope, `docker run`, Kubernetes pods): a uid of the job's own with no
    /// groups, seccomp, Landlock where the kernel has it, rlimits, and files the job
    /// must not read protected by ownership and mode; leftovers killed by uid.
    Container,
    /// No sandbox: a process group, a time limit and capped output (macOS, Windows,
    /// `--sandbox off`, or `auto` where neither level can run).
    Unconfined,
}

impl Level {
    /// The level's name as reports print it.
    pub fn name(self) -> &'static str {
        match self {
            Level::Full => "full",
            Level::Container => "container",
            Level::Unconfined => "unconfined",
        }
    }

    /// One line for a report: the level and what it means for the grade.
    pub fn describe(self) -> &'static str {
        match self {
            Level::Full => {
                "full (namespaces, own uid, Landlock, seccomp, rlimits): student code saw none of the grader's files or processes"
            }
            Level::Container => {
                "container (own uid, seccomp, Landlock where the kernel has it, rlimits, private files by ownership): student code could not read the grader's files or signal its processes"
            }
            Level::Unconfined => {
                "unconfined (no sandbox): for a student's own feedback only, not for grading others' code"
            }
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What this machine offers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Support {
    /// The strongest level that a trial job reached here; `None` when neither the
    /// full nor the container level can run.
    pub level: Option<Level>,
    /// What the full level lacks here, in words ("landlock (Linux 5.13+ with
    /// CONFIG_SECURITY_LANDLOCK)", "user namespaces", "not Linux"); empty when the
    /// full level runs.
    pub missing: Vec<String>,
    /// The kernel's Landlock ABI version (0 when Landlock is not available).
    pub landlock_abi: u32,
    /// Whether the grader runs as root, so that jobs get a uid of their own rather
    /// than a user namespace.
    pub as_root: bool,
}

impl Support {
    /// One line naming what is missing and the ways out, for
    /// [`SandboxError::Unavailable`] and `--sandbox required`.
    pub fn missing_line(&self) -> String {
        let ways_out = if self.as_root {
            "grade on a bare Linux host, or in a container with Docker's default capabilities and seccomp \
             (the container level needs CAP_SETUID and CAP_SETGID to run each job as a uid of its own), \
             or with --sandbox auto for feedback only"
        } else {
            "run the grader as root (in a container the container level needs nothing beyond Docker's defaults), \
             allow user namespaces (Ubuntu 24.04: sysctl kernel.apparmor_restrict_unprivileged_userns=0), \
             or grade with --sandbox auto for feedback only"
        };
        format!(
            "--sandbox required, but this machine cannot sandbox: it lacks {}; ways out: {ways_out} (grader sandbox-check tells more)",
            self.missing.join(", ")
        )
    }
}

#[cfg(target_os = "linux")]
pub use linux::open_to_others;
#[cfg(all(target_os = "linux", feature = "instructor"))]
pub use linux::pids;

/// The level jobs run at under `mode` on this machine (`None`: `required` refuses).
pub fn level(mode: Mode) -> Option<Level> {
    decide(mode, support()).ok()
}

/// What this machine offers; probed once and cached. The probe asks the kernel for
/// Landlock and seccomp, forks a process that tries the namespaces, and then sets up
/// a whole trial job that ends just before executing anything (about 10 ms), so that
/// "nothing missing" means jobs really can run here.
pub fn support() -> &'static Support {
    static SUPPORT: OnceLock<Support> = OnceLock::new();
    SUPPORT.get_or_init(|| {
        #[cfg(target_os = "linux")]
        {
            linux::probe()
        }
        #[cfg(not(target_os = "linux"))]
        {
            Support {
                level: None,
                missing: vec!["not Linux".to_owned()],
                landlock_abi: 0,
                as_root: false,
            }
        }
    })
}

/// Limits of one job.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock limit; on expiry every process of the job is killed.
    pub wall: Duration,
    /// Address space of each process, in bytes (`RLIMIT_AS`); with
    /// [`memory_together`](Self::memory_together), also the resident memory of
    /// all of them together.
    pub memory: u64,
    /// Whether [`memory`](Self::memory) bounds the job's processes together as well
    /// as each alone: at the full and container levels their resident memory is
    /// summed every 20 ms (pages they share counting in each), and a job above the
    /// limit is killed and reported out of memory. Without it, a job's processes
    /// could hold the limit times the process limit. Off for builds: only the
    /// compiler runs there, and cargo starts a compiler for each core.
    pub memory_together: bool,
    /// Processes and threads of the job at once (`RLIMIT_NPROC`, counted for the
    /// job's own uid or user namespace; the sandbox's init is not counted).
    pub processes: u64,
    /// Largest file the job may write, in bytes (`RLIMIT_FSIZE`).
    pub file_size: u64,
    /// Open files per process (`RLIMIT_NOFILE`).
    pub open_files: u64,
    /// Bytes kept of each of stdout and stderr; the rest is read and dropped.
    pub output: usize,
    /// Bytes kept of the result channel; the rest is read and dropped.
    pub channel: usize,
    /// CPU time, for a job whose verdict must not depend on how busy the machine
    /// is: each of its processes may use this much (`RLIMIT_CPU`, rounded up to
    /// whole seconds: `SIGXCPU`, then `SIGKILL` a second later), and a job that
    /// uses less than a tenth of it during any stretch of this long on the wall
    /// clock is ended as waiting ([`Exit::Idle`]; Linux only, where the sandbox can
    /// read a running job's CPU time). `None`: neither.
    pub cpu: Option<Duration>,
}

impl Default for Limits {
    /// Limits for one check: 10 s, 1 GiB (each process, and all together), 64
    /// processes, 16 MiB files, 256 open files, 64 KiB of each output stream, 8 MiB
    /// of result channel.
    fn default() -> Self {
        Limits {
            wall: Duration::from_secs(10),
            memory: 1 << 30,
            memory_together: true,
            processes: 64,
            file_size: 16 << 20,
            open_files: 256,
            output: 64 << 10,
            channel: 8 << 20,
            cpu: None,
        }
    }
}

impl Limits {
    /// Limits for building a submission with cargo: 600 s, 4 GiB per process (not
    /// together), 512 processes and threads, 2 GiB files (debug binaries and
    /// rlibs), 1024 open files, 4 MiB of each output stream.
    pub fn build() -> Self {
        Limits {
            wall: Duration::from_secs(600),
            memory: 4 << 30,
            memory_together: false,
            processes: 512,
            file_size: 2 << 30,
            open_files: 1024,
            output: 4 << 20,
            channel: 0,
            cpu: None,
        }
    }
}

/// One program to run in the sandbox.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Job {
    /// The program: a path, or a name looked up in the job's own `PATH`.
    pub program: PathBuf,
    /// Its arguments (without the program itself).
    pub args: Vec<OsString>,
    /// The whole environment; nothing is inherited.
    pub env: Vec<(OsString, OsString)>,
    /// The working directory; it must be below `readable` or `writable`.
    pub cwd: PathBuf,
    /// Written to the job's stdin, which is then closed.
    pub stdin: Vec<u8>,
    /// Read (and execute) allowed below these, besides the system libraries and the
    /// dynamic loader, which the sandbox adds itself; paths that do not exist are
    /// skipped. As root, the job's uid must be able to read them by their permission
    /// bits (the directories above them need not be traversable: each is mounted at
    /// its own place in the job's root).
    pub readable: Vec<PathBuf>,
    /// Read and write allowed below these (a scratch dir, a target dir). They must
    /// exist, and belong to this job alone while it runs: as root they are handed to
    /// the job's uid for the run (recursively, links not followed, sticky directories
    /// such as /tmp left alone) and back to the grader's afterwards.
    pub writable: Vec<PathBuf>,
    /// Limits.
    pub limits: Limits,
    /// When true the job gets the write end of a pipe as file descriptor 3, which the
    /// grader reads (capped by [`Limits::channel`]) while the job runs.
    pub result_channel: bool,
    /// Network access (no network namespace, no socket filter, DNS and TLS files
    /// readable). Must stay false for everything that runs student code.
    pub network: bool,
    /// For a job that answers several questions on the result channel, one line
    /// each: the k-th line must arrive within `answer_limits[k]` of the line before
    /// it (of the start, for the first), or the job is ended as timed out. Empty: no
    /// limit but [`Limits::wall`], which holds in any case.
    pub answer_limits: Vec<Duration>,
}

impl Job {
    /// A job running `program` with no arguments, an empty environment, `/` as its
    /// working directory, no stdin, nothing readable or writable beyond the system
    /// libraries, the default [`Limits`], no result channel and no network.
    pub fn new(program: impl Into<PathBuf>) -> Self {
        Job {
            program: program.into(),
            args: Vec::new(),
            env: Vec::new(),
            cwd: PathBuf::from("/"),
            stdin: Vec::new(),
            readable: Vec::new(),
            writable: Vec::new(),
            limits: Limits::default(),
            result_channel: false,
            network: false,
            answer_limits: Vec::new(),
        }
    }
}

/// What was kept of one output stream.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Capture {
    /// The first bytes, at most the cap.
    pub bytes: Vec<u8>,
    /// True when more was written than kept (or the stream was still open at the
    /// capture's deadline).
    pub truncated: bool,
}

/// How the job's main process ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    /// It exited with this code.
    Code(i32),
    /// It was killed by this signal.
    Signal(i32),
    /// The wall-clock limit ran out and the job was killed.
    TimedOut,
    /// During a stretch as long as its CPU limit ([`Limits::cpu`]) on the wall
    /// clock, the job used less than a tenth of that CPU time: it was waiting (asleep,
    /// or blocked on something that never comes), and was killed after this long.
    Idle(Duration),
}

/// The share of a stretch as long as its CPU limit that a job must spend on a
/// processor not to be ended as waiting ([`Exit::Idle`]). A job that computes gets a
/// tenth of a core or more until the machine runs ten times as many busy threads as
/// it has cores; a job that sleeps gets next to nothing however idle the machine
/// is. So a job that computes meets its CPU limit however busy the machine, and one
/// that waits is ended after its time limit on the wall clock however quiet.
pub const IDLE_SHARE: u32 = 10;

/// Whether the sandbox can read the CPU time of a running job here (Linux, at every
/// level: through `/proc`), which [`Limits::cpu`]'s waiting rule needs.
pub const READS_CPU: bool = cfg!(target_os = "linux");

/// Why the sandbox stopped the job, where it can tell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Violation {
    /// An allocation failed at the address-space limit.
    Memory {
        /// The limit, in bytes.
        limit: u64,
    },
    /// Starting a process or thread failed at the process limit.
    Processes {
        /// The limit.
        limit: u64,
    },
    /// A write went past the file-size limit (`SIGXFSZ`).
    FileSize,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::Memory { limit } => write!(f, "out of memory (limit {})", bytes(*limit)),
            Violation::Processes { limit } => {
                write!(f, "killed: too many processes (limit {limit})")
            }
            Violation::FileSize => f.write_str("wrote a file larger than the limit"),
        }
    }
}

/// A CPU limit as `RLIMIT_CPU` takes it: whole seconds, rounded up, at least one.
pub fn whole_seconds(limit: Duration) -> u64 {
    let seconds = limit.as_secs() + u64::from(limit.subsec_nanos() > 0);
    seconds.max(1)
}

/// The waiting rule of a job with a CPU limit ([`Limits::cpu`]): once every stretch
/// of that long on the wall clock, a look at how much CPU time the job used during
/// it.
struct IdleWatch {
    /// The CPU limit, which is also the stretch.
    period: Duration,
    started: Instant,
    /// When the next look is due.
    next: Instant,
    /// The CPU time the job had used at the previous look.
    used: Duration,
}

impl IdleWatch {
    /// For a job with `limits` started at `started`; `None` without a CPU limit,
    /// where CPU time cannot be read, or when the wall clock ends the job first.
    fn new(limits: &Limits, started: Instant) -> Option<IdleWatch> {
        let period = limits.cpu.filter(|cpu| READS_CPU && *cpu < limits.wall)?;
        Some(IdleWatch {
            period,
            started,
            next: started + period,
            used: Duration::ZERO,
        })
    }

    /// Looks at the job, which has used `used` of CPU time by now (the look being
    /// due): `Some(time on the wall clock)` when it used less than a tenth of a
    /// stretch during the last one, and is to be ended as waiting. An unreadable
    /// figure (the job just ended) decides nothing.
    fn look(&mut self, used: Option<Duration>) -> Option<Duration> {
        let at = self.next;
        self.next += self.period;
        let used = used?;
        let during = used.saturating_sub(self.used);
        self.used = used;
        (during < self.period / IDLE_SHARE).then(|| at - self.started)
    }
}

/// A size in words: whole GiB, MiB or KiB when it is one, bytes otherwise.
fn bytes(n: u64) -> String {
    const UNITS: [(u64, &str); 3] = [(1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")];
    for (size, unit) in UNITS {
        if n >= size && n.is_multiple_of(size) {
            return format!("{} {unit}", n / size);
        }
    }
    format!("{n} bytes")
}

/// A finished job.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finished {
    /// How the main process ended.
    pub exit: Exit,
    /// Its stdout, capped.
    pub stdout: Capture,
    /// Its stderr, capped.
    pub stderr: Capture,
    /// What it wrote on file descriptor 3, capped (empty without a result channel).
    pub channel: Capture,
    /// When each of the result channel's first lines arrived, from the start (at
    /// most as many as [`Job::answer_limits`] has; none for other jobs).
    pub answered_at: Vec<Duration>,
    /// From start to end.
    pub duration: Duration,
    /// Which limit stopped it, when the sandbox can tell.
    pub violation: Option<Violation>,
    /// Its CPU time and how long its sandbox took to start.
    pub usage: Usage,
    /// False when the job ran unconfined ([`Mode::Off`], or [`Mode::Auto`] on a
    /// machine without the sandbox's kernel features).
    pub sandboxed: bool,
}

/// Why a job could not be run.
#[derive(Debug, thiserror::Error)]
pub enum SandboxError {
    /// [`Mode::Required`] and something is missing: one line naming what.
    #[error("{0}")]
    Unavailable(String),
    /// The job could not be started (or the sandbox could not be set up around it).
    /// The error is part of the message, not a source of its own, so that a chain
    /// of errors does not say it twice.
    #[error("could not start the job: {0}")]
    Spawn(std::io::Error),
}

impl From<std::io::Error> for SandboxError {
    fn from(error: std::io::Error) -> Self {
        SandboxError::Spawn(error)
    }
}

/// Runs `job` to its end and returns what it did. Only the sandbox's own failures
/// are errors; a job that crashes, times out or breaks a limit is a [`Finished`].
pub fn run(job: &Job, mode: Mode) -> Result<Finished, SandboxError> {
    run_with(job, mode, support())
}

/// [`Mode::Off`] never sandboxes; [`Mode::Auto`] sandboxes at the strongest level
/// the machine has; [`Mode::Required`] refuses when it has neither level.
fn decide(mode: Mode, support: &Support) -> Result<Level, SandboxError> {
    match (mode, support.level) {
        (Mode::Off, _) | (Mode::Auto, None) => Ok(Level::Unconfined),
        (_, Some(level)) => Ok(level),
        (Mode::Required, None) => Err(SandboxError::Unavailable(support.missing_line())),
    }
}

/// [`run`] with the machine's support given, so tests can pretend something is
/// missing.
fn run_with(job: &Job, mode: Mode, support: &Support) -> Result<Finished, SandboxError> {
    match decide(mode, support)? {
        Level::Unconfined => unconfined::run(job),
        #[cfg(target_os = "linux")]
        level => linux::run(job, mode == Mode::Required, support, level),
        // `support` has no level off Linux, so `decide` never gets this far.
        #[cfg(not(target_os = "linux"))]
        _ => unconfined::run(job),
    }
}

/// How often a job answering several questions is looked at while it runs.
const ANSWER_POLL: Duration = Duration::from_millis(10);

/// When the next answer of a job with [`Job::answer_limits`] is due: the limit of the
/// answer after those already in, counted from the last one (or from `started`);
/// `None` when there is no limit or every answer is in.
fn answer_due(channel: &capture::Reader, limits: &[Duration], started: Instant) -> Option<Instant> {
    let (answered, last) = channel.lines();
    limits
        .get(answered)
        .map(|limit| last.unwrap_or(started) + *limit)
}

/// The channel's capture, and when its lines ended, from `started`.
fn collected_lines(collected: capture::Collected, started: Instant) -> (Capture, Vec<Duration>) {
    let at = collected
        .lines
        .iter()
        .map(|line| line.saturating_duration_since(started))
        .collect();
    (collected.capture, at)
}

/// Called first thing in `main`: when this process was started as the sandbox's
/// supervisor ([`INIT_ARG`]), it runs the job and exits without returning.
/// Otherwise (and on systems other than Linux) it returns at once.
pub fn dispatch_init() {
    #[cfg(target_os = "linux")]
    {
        let first = std::env::args_os().nth(1);
        if first.as_deref() == Some(std::ffi::OsStr::new(INIT_ARG)) {
            supervisor::main();
        }
        if first.as_deref() == Some(std::ffi::OsStr::new(trial::TRIAL_ARG)) {
            let args: Vec<OsString> = std::env::args_os().skip(2).collect();
            std::process::exit(trial::main(&args));
        }
        if first.as_deref() == Some(std::ffi::OsStr::new(emulate::DOCKER_DEFAULTS_ARG)) {
            let args: Vec<OsString> = std::env::args_os().skip(2).collect();
            eprintln!("grader: {}", emulate::exec(&args));
            std::process::exit(2);
        }
    }
}

/// Lines on stderr that mean an allocation failed: Rust's allocation error handler,
/// C++'s `bad_alloc`, libc's `ENOMEM` text, coreutils' and shells' messages.
const MEMORY_MARKERS: &[&str] = &[
    "memory allocation of ",
    "std::bad_alloc",
    "Cannot allocate memory",
    "memory exhausted",
    "Out of memory",
];

/// What shells print when a child died of `SIGXFSZ` (the signal's name in words).
const FILE_SIZE_MARKERS: &[&str] = &["File size limit exceeded"];

/// Lines on stderr that mean a process or thread could not be started (`EAGAIN`):
/// libc's text (Rust's thread and process spawning, bash, Python) and dash's.
const PROCESS_MARKERS: &[&str] = &["Resource temporarily unavailable", "Cannot fork"];

/// `SIGXFSZ`, the signal the kernel sends at the file-size limit.
#[cfg(unix)]
const SIGXFSZ: i32 = libc::SIGXFSZ;
#[cfg(not(unix))]
const SIGXFSZ: i32 = 25;

/// Which kinds of marker lines a job's stderr had.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Seen {
    memory: bool,
    processes: bool,
    file_size: bool,
}

/// Every marker, in the order [`Seen::from_flags`] reads them.
fn all_markers() -> &'static [&'static str] {
    static ALL: OnceLock<Vec<&'static str>> = OnceLock::new();
    ALL.get_or_init(|| [MEMORY_MARKERS, PROCESS_MARKERS, FILE_SIZE_MARKERS].concat())
}

impl Seen {
    /// From one flag per marker of [`all_markers`].
    fn from_flags(flags: &[bool]) -> Seen {
        let (memory, rest) = flags.split_at(MEMORY_MARKERS.len().min(flags.len()));
        let (processes, file_size) = rest.split_at(PROCESS_MARKERS.len().min(rest.len()));
        Seen {
            memory: memory.iter().any(|s| *s),
            processes: processes.iter().any(|s| *s),
            file_size: file_size.iter().any(|s| *s),
        }
    }
}

/// Which limit stopped a sandboxed job, judged only from evidence that cannot
/// mislead: a signal only the limit sends, or an allocation or fork failure on
/// stderr together with the job being at the limit.
fn violation(exit: Exit, stderr: Seen, peak_tasks: u64, limits: &Limits) -> Option<Violation> {
    let failed = !matches!(exit, Exit::Code(0));
    if exit == Exit::Signal(SIGXFSZ) || (failed && stderr.file_size) {
        return Some(Violation::FileSize);
    }
    if failed && stderr.memory {
        return Some(Violation::Memory {
            limit: limits.memory,
        });
    }
    // A failed start of a process or thread, and the job then failed: the process
    // limit, however many tasks the last sample saw (a bomb whose processes give up
    // at once can shrink between two samples, which made the verdict depend on the
    // timing). A job that ended well is only overruled when it was seen at the limit.
    if stderr.processes && (failed || peak_tasks >= limits.processes) {
        return Some(Violation::Processes {
            limit: limits.processes,
        });
    }
    None
}
