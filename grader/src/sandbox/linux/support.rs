//! What the machine offers: which sandbox level can run here and what is missing,
//! tried once (namespaces, Landlock's ABI, seccomp).

use std::io::{self};
use std::time::Duration;

use nix::unistd::Uid;

use super::run::{run_supervised, with_user};
use crate::sandbox::{Exit, Job, Level, SandboxError, Support};

/// Probes Landlock, seccomp and the namespaces (by forking a child that tries them),
/// then sets up a trial job at the strongest level that might work: the full level
/// where namespaces can be made, else (as root) the container level.
pub(in crate::sandbox) fn probe() -> Support {
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
        limits: crate::sandbox::Limits {
            wall: Duration::from_secs(10),
            ..crate::sandbox::Limits::default()
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
pub(in crate::sandbox) fn namespace_flags(as_root: bool, network: bool) -> libc::c_int {
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
