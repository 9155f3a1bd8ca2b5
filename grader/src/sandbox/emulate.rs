//! Docker's default confinement of a container's root, reproduced so that the kit's
//! tests can grade "inside a container" on any Linux host where they run as root:
//! `grader __docker-defaults [--without-landlock] PROGRAM ARGS…` confines itself and
//! executes PROGRAM. `--without-landlock` also answers Landlock's calls with
//! `ENOSYS`, as a host kernel built without it does (the container level must hold
//! there too).
//!
//! What it reproduces (from moby's default seccomp profile and Docker's default
//! capability list) is what decides which sandbox level can run: `unshare`,
//! `setns`, `mount`, `umount2`, `pivot_root` and the new mount API fail with
//! `EPERM`, `clone` with any namespace flag fails with `EPERM`, `clone3` with
//! `ENOSYS`; the capabilities are Docker's fourteen (no `CAP_SYS_ADMIN`,
//! `CAP_SYS_PTRACE`, `CAP_SYS_RESOURCE`, …). Landlock, seccomp, `prctl`,
//! `setresuid`, `setrlimit` and `kill` stay allowed, as in Docker. A real
//! `docker run` also masks some `/proc` and `/sys` paths; nothing the sandbox
//! relies on is among them.

use std::ffi::{CString, OsString};
use std::os::unix::ffi::OsStringExt;

use seccompiler::{
    BpfProgram, SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter,
    SeccompRule, TargetArch,
};

/// The hidden first argument that runs a program under Docker's default confinement.
pub const DOCKER_DEFAULTS_ARG: &str = "__docker-defaults";
/// Its option that takes Landlock away too.
pub const WITHOUT_LANDLOCK: &str = "--without-landlock";

/// Docker's default capabilities, by number (`linux/capability.h`): chown,
/// dac_override, fowner, fsetid, kill, setgid, setuid, setpcap, net_bind_service,
/// net_raw, sys_chroot, mknod, audit_write, setfcap.
const DOCKER_CAPABILITIES: &[u32] = &[0, 1, 3, 4, 5, 6, 7, 8, 10, 13, 18, 27, 29, 31];
/// The highest capability number the kernels of today know (checkpoint_restore).
const LAST_CAPABILITY: u32 = 40;

/// Confines this process as Docker confines a container's root, then executes
/// `args[0]` with the rest; returns only with what went wrong.
pub fn exec(args: &[OsString]) -> String {
    let without_landlock = args.first().is_some_and(|a| a == WITHOUT_LANDLOCK);
    let args = &args[usize::from(without_landlock)..];
    let Some(program) = args.first() else {
        return format!("usage: grader {DOCKER_DEFAULTS_ARG} [{WITHOUT_LANDLOCK}] PROGRAM [ARGS…]");
    };
    let argv: Result<Vec<CString>, _> = args
        .iter()
        .map(|a| CString::new(a.clone().into_vec()))
        .collect();
    let Ok(argv) = argv else {
        return "an argument contains a NUL byte".to_owned();
    };
    if let Err(message) = confine(without_landlock) {
        return message;
    }
    let error = nix::unistd::execvp(&argv[0], &argv).unwrap_err();
    format!("{}: {error}", program.to_string_lossy())
}

/// Installs the system-call filter (root may, without `PR_SET_NO_NEW_PRIVS`, as
/// Docker's runtime does) and drops every capability Docker does not grant.
pub fn confine(without_landlock: bool) -> Result<(), String> {
    let root = nix::unistd::Uid::effective().is_root();
    if !root {
        // An ordinary user (a container's `USER`): no capabilities to drop, and a
        // filter needs `PR_SET_NO_NEW_PRIVS` without `CAP_SYS_ADMIN`.
        nix::sys::prctl::set_no_new_privs().map_err(|e| format!("PR_SET_NO_NEW_PRIVS: {e}"))?;
    }
    for filter in filters(without_landlock)? {
        seccompiler::apply_filter(&filter).map_err(|e| format!("seccomp: {e}"))?;
    }
    if !root {
        return Ok(());
    }
    let mut mask = 0u64;
    for cap in DOCKER_CAPABILITIES {
        mask |= 1 << cap;
    }
    for cap in 0..=LAST_CAPABILITY {
        if mask & (1 << cap) == 0 {
            // SAFETY: only drops a capability from this process's bounding set.
            unsafe { libc::prctl(libc::PR_CAPBSET_DROP, cap as libc::c_ulong, 0, 0, 0) };
        }
    }
    super::init::set_capabilities(mask).map_err(|e| format!("capset: {e}"))
}

/// The calls a container's root cannot make (and Landlock's, on request).
fn filters(without_landlock: bool) -> Result<Vec<BpfProgram>, String> {
    let arch = TargetArch::try_from(std::env::consts::ARCH).map_err(|e| format!("seccomp: {e}"))?;
    let failed = |e: seccompiler::BackendError| format!("seccomp: {e}");
    let mut denied: std::collections::BTreeMap<i64, Vec<SeccompRule>> = [
        libc::SYS_unshare,
        libc::SYS_setns,
        libc::SYS_mount,
        libc::SYS_umount2,
        libc::SYS_pivot_root,
        libc::SYS_fsopen,
        libc::SYS_open_tree,
        libc::SYS_move_mount,
        libc::SYS_fsmount,
    ]
    .into_iter()
    .map(|nr| (nr, Vec::new()))
    .collect();
    let namespaces = [
        libc::CLONE_NEWNS,
        libc::CLONE_NEWCGROUP,
        libc::CLONE_NEWUTS,
        libc::CLONE_NEWIPC,
        libc::CLONE_NEWUSER,
        libc::CLONE_NEWPID,
        libc::CLONE_NEWNET,
    ];
    let clone_rules = namespaces
        .iter()
        .map(|flag| {
            let flag = *flag as u64;
            SeccompCondition::new(
                0,
                SeccompCmpArgLen::Qword,
                SeccompCmpOp::MaskedEq(flag),
                flag,
            )
            .and_then(|c| SeccompRule::new(vec![c]))
        })
        .collect::<Result<Vec<_>, _>>()
        .map_err(failed)?;
    denied.insert(libc::SYS_clone, clone_rules);
    let main: BpfProgram = SeccompFilter::new(
        denied,
        SeccompAction::Allow,
        SeccompAction::Errno(libc::EPERM as u32),
        arch,
    )
    .and_then(BpfProgram::try_from)
    .map_err(failed)?;
    let mut unknown = vec![libc::SYS_clone3];
    if without_landlock {
        unknown.extend([
            libc::SYS_landlock_create_ruleset,
            libc::SYS_landlock_add_rule,
            libc::SYS_landlock_restrict_self,
        ]);
    }
    let clone3: BpfProgram = SeccompFilter::new(
        unknown.into_iter().map(|nr| (nr, Vec::new())).collect(),
        SeccompAction::Allow,
        SeccompAction::Errno(libc::ENOSYS as u32),
        arch,
    )
    .and_then(BpfProgram::try_from)
    .map_err(failed)?;
    Ok(vec![clone3, main])
}
