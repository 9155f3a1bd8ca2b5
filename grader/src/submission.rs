//! Finding the crate to grade in what a student hands in.
//!
//! A submission arrives in one of a few shapes: the crate itself (the starter's
//! layout, `src/lib.rs` at its root), a repository made from the student template
//! (the crate in `starter/`), or either of those one folder down, as a Gradescope
//! upload or a downloaded archive unpacks them (`submission_123/perfect-mazes-main/`).
//! `grade`, `grade-all` and `watch` all find the crate the same way, and a folder
//! with no crate in it is reported as such rather than graded as a zero.
//!
//! A submission is only its own files. The grader follows no symbolic link to find
//! the crate: the folder it is given, each folder on the way from there to the
//! crate, the crate's folder and its `Cargo.toml` must be real folders and files,
//! and the crate must resolve inside the submission's folder. Otherwise
//! `bob/starter -> ../alice` would grade Alice's code as Bob's, and a link to the
//! reference solution would earn full marks. Such a submission is refused, naming
//! the link; the sources below `src/` are checked the same way when they are read
//! ([`crate::harness::read_sources`]).

use std::path::{Path, PathBuf};

/// The places, relative to a folder, where a submission's crate may be.
const LAYOUTS: [&str; 2] = ["", "starter"];

/// Why a folder holds no crate to grade.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotASubmission {
    /// Not a directory at all.
    #[error("the submission {0} is not a directory")]
    NotADirectory(String),
    /// No `src/lib.rs` where a crate could be.
    #[error(
        "{0} holds no submission: no src/lib.rs in it, in its starter/, or one folder down (a submission is a crate in the starter's layout, or a repository with the crate in starter/)"
    )]
    NoCrate(String),
    /// More than one crate one folder down, and no way to tell which is meant.
    #[error("{folder} holds more than one crate ({}): grade one of them", .crates.join(", "))]
    Ambiguous {
        /// The folder.
        folder: String,
        /// The crates found, relative to it.
        crates: Vec<String>,
    },
    /// A symbolic link where the submission's folder, a folder on the way to its
    /// crate, the crate's folder or its manifest is.
    #[error(
        "{link} is a symbolic link (to {target}): a submission is only its own files, so its folder, the folders down to its crate and the crate's Cargo.toml must be real folders and files, not links"
    )]
    Link {
        /// The link, as the grader found it.
        link: String,
        /// What it points to, as written in the link.
        target: String,
    },
    /// The crate or its manifest resolves to a place outside the submission's folder.
    #[error(
        "{path} resolves to {real}, outside the submission {folder}: a submission is only its own files"
    )]
    Outside {
        /// The crate or manifest, as found.
        path: String,
        /// Where it really is.
        real: String,
        /// The submission's folder.
        folder: String,
    },
}

impl NotASubmission {
    /// Whether the folder was refused (a link, or a crate outside it), rather than
    /// found to hold no crate.
    #[cfg(any(test, feature = "instructor"))]
    pub fn is_refused(&self) -> bool {
        matches!(
            self,
            NotASubmission::Link { .. } | NotASubmission::Outside { .. }
        )
    }
}

/// The crate to grade in `folder`: `folder` itself, `folder/starter`, or one of those
/// below the single subfolder that has one; refused when a symbolic link leads to it.
pub fn locate(folder: &Path) -> Result<PathBuf, NotASubmission> {
    // Without a trailing `/` or `/.`, which would make the system follow a link.
    let folder: PathBuf = match folder.components().collect::<PathBuf>() {
        path if path.as_os_str().is_empty() => PathBuf::from("."),
        path => path,
    };
    refuse_link(&folder)?;
    if !folder.is_dir() {
        return Err(NotASubmission::NotADirectory(folder.display().to_string()));
    }
    let found = find(&folder)?;
    refuse_link(&found.join("Cargo.toml"))?;
    inside(&folder, &found)?;
    inside(&folder, &found.join("Cargo.toml"))?;
    Ok(found)
}

/// The crate below `folder`, found without following a link.
fn find(folder: &Path) -> Result<PathBuf, NotASubmission> {
    if let Some(found) = crate_in(folder)? {
        return Ok(found);
    }
    let mut entries: Vec<PathBuf> = std::fs::read_dir(folder)
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| !is_hidden(path))
        .collect();
    entries.sort();
    let mut below = Vec::new();
    for path in entries {
        if is_link(&path) {
            // A link one folder down is no place of the submission's own; it is
            // refused only when it leads to a crate, which is what it would pass off.
            if crate_in_following(&path) {
                return Err(link_error(&path));
            }
        } else if path.is_dir()
            && let Some(found) = crate_in(&path)?
        {
            below.push(found);
        }
    }
    match below.len() {
        0 => Err(NotASubmission::NoCrate(folder.display().to_string())),
        1 => Ok(below.remove(0)),
        _ => Err(NotASubmission::Ambiguous {
            folder: folder.display().to_string(),
            crates: below
                .iter()
                .map(|path| {
                    path.strip_prefix(folder)
                        .unwrap_or(path)
                        .display()
                        .to_string()
                })
                .collect(),
        }),
    }
}

/// `folder` or `folder/starter`, whichever has `src/lib.rs` (the folder itself
/// first); a `starter` that is a link to a crate is refused.
fn crate_in(folder: &Path) -> Result<Option<PathBuf>, NotASubmission> {
    for layout in LAYOUTS {
        let dir = match layout {
            "" => folder.to_path_buf(),
            layout => folder.join(layout),
        };
        if is_link(&dir) {
            if crate_in_following(&dir) {
                return Err(link_error(&dir));
            }
            continue;
        }
        if has_lib(&dir) {
            return Ok(Some(dir));
        }
    }
    Ok(None)
}

/// Whether following the link `path` would find a crate (in it or its `starter/`).
fn crate_in_following(path: &Path) -> bool {
    LAYOUTS.iter().any(|layout| has_lib(&path.join(layout)))
}

/// Whether `dir` holds `src/lib.rs`.
fn has_lib(dir: &Path) -> bool {
    dir.join("src/lib.rs").is_file()
}

/// Refuses `path` when it is a symbolic link.
fn refuse_link(path: &Path) -> Result<(), NotASubmission> {
    if is_link(path) {
        return Err(link_error(path));
    }
    Ok(())
}

/// The refusal of the link `path`.
fn link_error(path: &Path) -> NotASubmission {
    NotASubmission::Link {
        link: path.display().to_string(),
        target: std::fs::read_link(path)
            .map_or_else(|_| "somewhere".to_owned(), |t| t.display().to_string()),
    }
}

/// Refuses `path` when it resolves outside `folder`: a last guard beside the
/// link checks, for whatever else a system can redirect a path with. A path that
/// does not exist (a crate without a `Cargo.toml`) is nowhere, so not outside.
fn inside(folder: &Path, path: &Path) -> Result<(), NotASubmission> {
    let (Ok(root), Ok(real)) = (folder.canonicalize(), path.canonicalize()) else {
        return Ok(());
    };
    if real.starts_with(&root) {
        return Ok(());
    }
    Err(NotASubmission::Outside {
        path: path.display().to_string(),
        real: real.display().to_string(),
        folder: folder.display().to_string(),
    })
}

/// Whether `path` is itself a symbolic link (not followed).
fn is_link(path: &Path) -> bool {
    path.symlink_metadata()
        .is_ok_and(|m| m.file_type().is_symlink())
}

/// `.git`, `.github` and the like.
fn is_hidden(path: &Path) -> bool {
    path.file_name()
        .is_some_and(|name| name.to_string_lossy().starts_with('.'))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn make_crate(dir: &Path) {
        std::fs::create_dir_all(dir.join("src")).unwrap();
        std::fs::write(dir.join("src/lib.rs"), "").unwrap();
    }

    #[test]
    fn a_crate_is_its_own_submission() {
        let dir = tempfile::tempdir().unwrap();
        make_crate(dir.path());
        assert_eq!(locate(dir.path()), Ok(dir.path().to_path_buf()));
    }

    #[test]
    fn a_repository_root_is_graded_through_its_starter() {
        let dir = tempfile::tempdir().unwrap();
        make_crate(&dir.path().join("starter"));
        assert_eq!(locate(dir.path()), Ok(dir.path().join("starter")));
    }

    #[test]
    fn an_upload_one_folder_down_is_found() {
        let dir = tempfile::tempdir().unwrap();
        make_crate(&dir.path().join("perfect-mazes-main/starter"));
        std::fs::create_dir_all(dir.path().join(".git")).unwrap();
        assert_eq!(
            locate(dir.path()),
            Ok(dir.path().join("perfect-mazes-main/starter"))
        );
    }

    #[test]
    fn a_folder_without_a_crate_is_named_not_graded() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("notes.txt"), "hello").unwrap();
        let error = locate(dir.path()).unwrap_err();
        assert!(matches!(error, NotASubmission::NoCrate(_)));
        assert!(error.to_string().contains("no src/lib.rs"), "{error}");
    }

    #[test]
    fn two_crates_one_folder_down_are_ambiguous() {
        let dir = tempfile::tempdir().unwrap();
        make_crate(&dir.path().join("a"));
        make_crate(&dir.path().join("b"));
        let error = locate(dir.path()).unwrap_err();
        assert_eq!(
            error.to_string(),
            format!(
                "{} holds more than one crate (a, b): grade one of them",
                dir.path().display()
            )
        );
    }

    #[cfg(unix)]
    fn link(target: impl AsRef<Path>, link: &Path) {
        std::os::unix::fs::symlink(target, link).unwrap();
    }

    /// The one-line refusal of `link`, pointing to `target`.
    fn refusal(link: &Path, target: &str) -> String {
        format!(
            "{} is a symbolic link (to {target}): a submission is only its own files, so its folder, the folders down to its crate and the crate's Cargo.toml must be real folders and files, not links",
            link.display()
        )
    }

    #[cfg(unix)]
    #[test]
    fn a_starter_linked_to_another_crate_is_refused_naming_the_link() {
        let class = tempfile::tempdir().unwrap();
        make_crate(&class.path().join("alice"));
        std::fs::create_dir(class.path().join("bob")).unwrap();
        link("../alice", &class.path().join("bob/starter"));
        let error = locate(&class.path().join("bob")).unwrap_err();
        assert!(error.is_refused());
        assert_eq!(
            error.to_string(),
            refusal(&class.path().join("bob/starter"), "../alice")
        );
    }

    #[cfg(unix)]
    #[test]
    fn an_absolute_link_to_a_crate_elsewhere_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let elsewhere = tempfile::tempdir().unwrap();
        make_crate(elsewhere.path());
        link(elsewhere.path(), &dir.path().join("starter"));
        let error = locate(dir.path()).unwrap_err();
        assert_eq!(
            error.to_string(),
            refusal(
                &dir.path().join("starter"),
                &elsewhere.path().display().to_string()
            )
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_submission_folder_that_is_a_link_is_refused_with_or_without_a_trailing_slash() {
        let dir = tempfile::tempdir().unwrap();
        make_crate(&dir.path().join("alice"));
        link("alice", &dir.path().join("bob"));
        let bob = dir.path().join("bob");
        for named in [
            bob.clone(),
            dir.path().join("bob/"),
            dir.path().join("bob/."),
        ] {
            let error = locate(&named).unwrap_err();
            assert_eq!(
                error.to_string(),
                refusal(&bob, "alice"),
                "{}",
                named.display()
            );
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_link_on_the_way_to_the_crate_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let elsewhere = tempfile::tempdir().unwrap();
        make_crate(&elsewhere.path().join("starter"));
        link(elsewhere.path(), &dir.path().join("perfect-mazes-main"));
        let error = locate(dir.path()).unwrap_err();
        assert!(error.is_refused(), "{error}");
        assert!(
            error.to_string().starts_with(&format!(
                "{} is a symbolic link",
                dir.path().join("perfect-mazes-main").display()
            )),
            "{error}"
        );
        // And the crate's folder one folder down.
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("perfect-mazes-main")).unwrap();
        link(
            elsewhere.path().join("starter"),
            &dir.path().join("perfect-mazes-main/starter"),
        );
        assert!(locate(dir.path()).unwrap_err().is_refused());
    }

    #[cfg(unix)]
    #[test]
    fn a_manifest_that_is_a_link_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        make_crate(&dir.path().join("starter"));
        link("/etc/hostname", &dir.path().join("starter/Cargo.toml"));
        let error = locate(dir.path()).unwrap_err();
        assert_eq!(
            error.to_string(),
            refusal(&dir.path().join("starter/Cargo.toml"), "/etc/hostname")
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_link_that_leads_to_no_crate_is_passed_over() {
        let dir = tempfile::tempdir().unwrap();
        make_crate(&dir.path().join("work/starter"));
        std::fs::write(dir.path().join("work/starter/Cargo.toml"), "").unwrap();
        link("/tmp", &dir.path().join("scratch"));
        link("missing", &dir.path().join("starter"));
        assert_eq!(locate(dir.path()), Ok(dir.path().join("work/starter")));
    }
}
