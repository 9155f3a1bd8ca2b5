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
//!
//! By topic: [`support`] (what the machine offers), [`paths`] (what a job may see),
//! [`run`] (running a job), [`job_user`] (as root, a uid of the job's own); this module
//! holds what they and the init share: the job's description and the descriptors.

use std::ffi::OsStr;
use std::fs::{self};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::MetadataExt;
use std::time::Duration;

use serde::{Deserialize, Serialize};

mod job_user;
mod paths;
mod run;
mod support;

pub use paths::open_to_others;
pub(super) use run::run;
// The tests read the init's report lines.
#[cfg(all(test, feature = "instructor"))]
pub(super) use run::Report;
pub(super) use support::{namespace_flags, probe};

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
    /// Whether `memory` bounds the job's processes together too (see
    /// `Limits::memory_together`).
    pub memory_together: bool,
    /// The job's process limit ([`super::Limits::processes`]).
    pub processes: u64,
    /// `RLIMIT_NPROC` as set: the job's processes plus the sandbox's own processes
    /// counted under the same uid.
    pub nproc: u64,
    pub file_size: u64,
    pub open_files: u64,
    /// `RLIMIT_CPU` in whole seconds (0: none): [`super::Limits::cpu`] rounded up.
    pub cpu_seconds: u64,
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

/// The resident memory of process `pid` in bytes (its `statm`), 0 when it cannot be
/// read (it ended meanwhile). Pages a process shares with others count in each.
pub(super) fn resident_of(pid: u32) -> u64 {
    let Ok(statm) = fs::read_to_string(format!("/proc/{pid}/statm")) else {
        return 0;
    };
    let pages: u64 = statm
        .split_whitespace()
        .nth(1)
        .and_then(|pages| pages.parse().ok())
        .unwrap_or(0);
    pages.saturating_mul(page_size())
}

/// The system's page size in bytes, read once.
fn page_size() -> u64 {
    static PAGE: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *PAGE.get_or_init(|| {
        // SAFETY: sysconf only reads a constant of the system.
        let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
        u64::try_from(page).unwrap_or(4096)
    })
}

/// A job's processes at one look: their tasks (threads, zombies included) and
/// their resident memory together.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Load {
    pub tasks: u64,
    pub resident: u64,
}

impl Load {
    /// Adds process `pid`.
    pub(super) fn add(&mut self, pid: u32) {
        self.tasks += threads_of(pid);
        self.resident = self.resident.saturating_add(resident_of(pid));
    }
}

/// `OsStr` from bytes (used by the init, which receives paths as bytes).
pub(super) fn os(bytes: &[u8]) -> &OsStr {
    OsStr::from_bytes(bytes)
}
