//! What a job may see: early, readable errors for paths it cannot use, whether
//! others can reach a path, and the job's mounts.

use std::fs::{self};
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use super::{Access, MountSpec};
use crate::sandbox::{Job, Level};

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
const DEVICES: &[(&str, bool)] = &[
    ("/dev/null", true),
    ("/dev/zero", true),
    ("/dev/full", true),
    ("/dev/random", false),
    ("/dev/urandom", false),
];

/// Early, readable errors for paths the job cannot use.
pub(super) fn check_paths(job: &Job, as_root: bool, level: Level) -> io::Result<()> {
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
pub(super) fn mounts(job: &Job) -> Vec<MountSpec> {
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

pub(super) fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_owned())
}
