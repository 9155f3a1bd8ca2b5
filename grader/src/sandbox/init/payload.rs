//! The payload: switches to the job's uid, sets the rlimits, `PR_SET_NO_NEW_PRIVS`,
//! the Landlock ruleset and the seccomp filter, and executes the job's program.

use std::convert::Infallible;
use std::ffi::{CString, OsStr};
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::Path;

use landlock::{
    ABI, Access as _, AccessFs, AccessNet, BitFlags, CompatLevel, Compatible, PathBeneath, PathFd,
    Ruleset, RulesetAttr, RulesetCreated, RulesetCreatedAttr, RulesetStatus, Scope,
};
use nix::errno::Errno;
use nix::sys::prctl;
use nix::sys::resource::{Resource, getrlimit, setrlimit};
use nix::sys::signal::{SigHandler, SigSet, Signal, signal};
use nix::unistd::{Gid, Uid, setresgid, setresuid};
use seccompiler::{
    BpfProgram, SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter,
    SeccompRule, TargetArch, sock_filter,
};

use super::drop_capabilities;
use super::root::Shown;
use crate::sandbox::linux::{Access, CHANNEL_FD, Spec, os};

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
pub(super) fn payload(spec: &Spec, shown: &[Shown], report: &std::fs::File) -> Failure {
    match confine_and_exec(spec, shown, report) {
        Ok(never) => match never {},
        Err(failure) => failure,
    }
}

fn confine_and_exec(
    spec: &Spec,
    shown: &[Shown],
    report: &std::fs::File,
) -> Result<Infallible, Failure> {
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
    // The sandbox is set up: the grader counts the time until here as starting it.
    super::tell(report, "ready");
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
    if spec.cpu_seconds > 0 {
        // SIGXCPU at the limit; SIGKILL a second later for a job that catches it.
        let (_, hard) =
            getrlimit(Resource::RLIMIT_CPU).map_err(|e| format!("getrlimit RLIMIT_CPU: {e}"))?;
        let soft = spec.cpu_seconds.min(hard);
        setrlimit(Resource::RLIMIT_CPU, soft, (soft + 1).min(hard))
            .map_err(|e| format!("setrlimit RLIMIT_CPU: {e}"))?;
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
