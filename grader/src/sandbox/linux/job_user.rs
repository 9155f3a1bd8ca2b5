//! As root: a uid of the job's own, free of every account and every other job, and
//! the job's writable paths handed to it for the run.

use std::collections::HashSet;
use std::fs::{self, File};
use std::io;
use std::os::fd::AsRawFd;
use std::os::unix::fs::{MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use nix::unistd::Uid;

use super::{FIRST_JOB_ID, JOB_IDS, KILLER_OFFSET};

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
pub(super) struct Handover {
    paths: Vec<PathBuf>,
    id: u32,
    /// Each path's mode before the job: while it runs, the top of each is 0700, so
    /// no other job's uid can look in (at the container level nothing else hides it).
    modes: Vec<Option<u32>>,
}

impl Handover {
    /// Everything below `paths` owned by the grader or by an earlier job goes to `id`.
    /// Links are not followed; sticky directories (like /tmp) are left alone.
    pub(super) fn give(paths: &[PathBuf], id: u32) -> io::Result<Handover> {
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
