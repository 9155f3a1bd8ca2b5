//! Finding the crate to grade in what a student hands in.
//!
//! A submission arrives in one of a few shapes: the crate itself (the starter's
//! layout, `src/lib.rs` at its root), a repository made from the student template
//! (the crate in `starter/`), or either of those one folder down, as a Gradescope
//! upload or a downloaded archive unpacks them (`submission_123/perfect-mazes-main/`).
//! `grade`, `grade-all` and `watch` all find the crate the same way, and a folder
//! with no crate in it is reported as such rather than graded as a zero.

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
}

/// The crate to grade in `folder`: `folder` itself, `folder/starter`, or one of those
/// below the single subfolder that has one.
pub fn locate(folder: &Path) -> Result<PathBuf, NotASubmission> {
    if !folder.is_dir() {
        return Err(NotASubmission::NotADirectory(folder.display().to_string()));
    }
    if let Some(found) = crate_in(folder) {
        return Ok(found);
    }
    let mut below: Vec<PathBuf> = std::fs::read_dir(folder)
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| is_real_dir(path) && !is_hidden(path))
        .filter_map(|path| crate_in(&path))
        .collect();
    below.sort();
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

/// `folder` or `folder/starter`, whichever has `src/lib.rs` (the folder itself first).
fn crate_in(folder: &Path) -> Option<PathBuf> {
    LAYOUTS
        .iter()
        .map(|layout| match *layout {
            "" => folder.to_path_buf(),
            layout => folder.join(layout),
        })
        .find(|dir| dir.join("src/lib.rs").is_file())
}

/// A directory that is not a symbolic link (links are never followed into).
fn is_real_dir(path: &Path) -> bool {
    path.symlink_metadata().is_ok_and(|m| m.is_dir())
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
    #[test]
    fn a_symbolic_link_is_not_followed_into() {
        let dir = tempfile::tempdir().unwrap();
        let elsewhere = tempfile::tempdir().unwrap();
        make_crate(elsewhere.path());
        std::os::unix::fs::symlink(elsewhere.path(), dir.path().join("link")).unwrap();
        assert!(matches!(
            locate(dir.path()),
            Err(NotASubmission::NoCrate(_))
        ));
    }
}
