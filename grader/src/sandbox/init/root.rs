//! The job's root filesystem, built by the init: a tmpfs with only the paths the job
//! may see bound into it, read-only or writable, and `pivot_root` into it.

use std::collections::VecDeque;
use std::ffi::OsString;
use std::fs::{self, File};
use std::path::{Component, Path, PathBuf};

use nix::mount::{MntFlags, MsFlags, mount, umount2};
use nix::sys::statvfs::{FsFlags, statvfs};
use nix::unistd::pivot_root;

use crate::sandbox::linux::{Access, MountSpec, Spec, os};

/// A path shown in the job's root, resolved.
pub(in crate::sandbox) struct Shown {
    /// Its real path, the same inside the job's root as outside.
    pub path: PathBuf,
    pub access: Access,
    pub is_dir: bool,
}

/// Builds the job's root in `spec.root` and moves into it.
pub(super) fn build_root(spec: &Spec) -> Result<Vec<Shown>, String> {
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
