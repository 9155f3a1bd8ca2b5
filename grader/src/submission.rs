//! Finding the crate to grade in what a student hands in.
//!
//! A submission arrives in one of a few shapes: the crate itself (the starter's
//! layout, `src/lib.rs` at its root), a repository made from the student template
//! (the crate in `starter/`), or either of those one folder down, as a Gradescope
//! upload or a downloaded archive unpacks them (`submission_123/perfect-mazes-main/`).
//! `grade`, `grade-all` and `watch` all find the crate the same way, and a folder
//! with no crate in it is reported as such rather than graded as a zero.
//!
//! A submission is only its own files: a crate folder, any folder on the way to it
//! from the submission's folder, its `src/` or its manifest that is a symbolic link,
//! or that resolves outside the submission's folder, is refused (Git keeps links, so
//! a repository could otherwise hand in `starter -> ../someone-else`). The
//! submission's folder itself is whoever named it's choice, and is followed.

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
    /// A symbolic link where the submission's own files must be.
    #[error(
        "refused: {link} is a symbolic link (to {target}); a submission is only its own files, so a crate, its src/ or its Cargo.toml reached through a link is not graded"
    )]
    Link {
        /// The link, as found below the submission's folder.
        link: String,
        /// Where it points.
        target: String,
    },
    /// The crate resolves outside the submission's folder.
    #[error("refused: {crate_dir} resolves outside the submission's folder {folder}")]
    Outside {
        /// The crate found.
        crate_dir: String,
        /// The submission's folder.
        folder: String,
    },
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
        return own_files(folder, found);
    }
    let mut below: Vec<PathBuf> = std::fs::read_dir(folder)
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.is_dir() && !is_hidden(path))
        .filter_map(|path| crate_in(&path))
        .collect();
    below.sort();
    match below.len() {
        0 => Err(NotASubmission::NoCrate(folder.display().to_string())),
        1 => own_files(folder, below.remove(0)),
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

/// `crate_dir`, found in `folder`, when it is the submission's own: no symbolic link
/// from `folder` down to it, nor at its `src/` or `Cargo.toml`, and inside `folder`
/// once every link is resolved.
fn own_files(folder: &Path, crate_dir: PathBuf) -> Result<PathBuf, NotASubmission> {
    let below = crate_dir.strip_prefix(folder).unwrap_or(Path::new(""));
    let mut on_the_way = folder.to_path_buf();
    let mut checked: Vec<PathBuf> = Vec::new();
    for part in below.components() {
        on_the_way.push(part);
        checked.push(on_the_way.clone());
    }
    checked.extend([crate_dir.join("src"), crate_dir.join("Cargo.toml")]);
    for path in &checked {
        if path
            .symlink_metadata()
            .is_ok_and(|m| m.file_type().is_symlink())
        {
            return Err(NotASubmission::Link {
                link: path.display().to_string(),
                target: std::fs::read_link(path)
                    .map_or_else(|_| "?".to_owned(), |t| t.display().to_string()),
            });
        }
    }
    let (Ok(real_folder), Ok(real_crate)) = (folder.canonicalize(), crate_dir.canonicalize())
    else {
        return Err(NotASubmission::NoCrate(folder.display().to_string()));
    };
    if !real_crate.starts_with(&real_folder) {
        return Err(NotASubmission::Outside {
            crate_dir: crate_dir.display().to_string(),
            folder: folder.display().to_string(),
        });
    }
    Ok(crate_dir)
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
    fn a_folder_one_down_that_links_elsewhere_is_refused_naming_the_link() {
        let dir = tempfile::tempdir().unwrap();
        let elsewhere = tempfile::tempdir().unwrap();
        make_crate(elsewhere.path());
        std::os::unix::fs::symlink(elsewhere.path(), dir.path().join("link")).unwrap();
        let error = locate(dir.path()).unwrap_err();
        assert!(matches!(error, NotASubmission::Link { .. }), "{error:?}");
        assert_eq!(
            error.to_string(),
            format!(
                "refused: {} is a symbolic link (to {}); a submission is only its own files, so a crate, its src/ or its Cargo.toml reached through a link is not graded",
                dir.path().join("link").display(),
                elsewhere.path().display()
            )
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_starter_that_links_to_another_crate_is_refused() {
        let class = tempfile::tempdir().unwrap();
        make_crate(&class.path().join("alice"));
        std::fs::create_dir(class.path().join("bob")).unwrap();
        std::os::unix::fs::symlink("../alice", class.path().join("bob/starter")).unwrap();
        let error = locate(&class.path().join("bob")).unwrap_err();
        assert!(
            error.to_string().starts_with(&format!(
                "refused: {} is a symbolic link (to ../alice)",
                class.path().join("bob/starter").display()
            )),
            "{error}"
        );
        // Alice's own crate is hers to be graded.
        assert_eq!(
            locate(&class.path().join("alice")),
            Ok(class.path().join("alice"))
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_linked_src_or_manifest_is_refused() {
        for linked in ["src", "Cargo.toml"] {
            let dir = tempfile::tempdir().unwrap();
            let elsewhere = tempfile::tempdir().unwrap();
            make_crate(elsewhere.path());
            std::fs::write(elsewhere.path().join("Cargo.toml"), "[package]").unwrap();
            std::fs::create_dir(dir.path().join("src")).unwrap();
            std::fs::write(dir.path().join("src/lib.rs"), "").unwrap();
            std::fs::write(dir.path().join("Cargo.toml"), "[package]").unwrap();
            let own = dir.path().join(linked);
            if own.is_dir() {
                std::fs::remove_dir_all(&own).unwrap();
            } else {
                std::fs::remove_file(&own).unwrap();
            }
            std::os::unix::fs::symlink(elsewhere.path().join(linked), &own).unwrap();
            let error = locate(dir.path()).unwrap_err();
            assert!(
                matches!(error, NotASubmission::Link { .. }),
                "{linked}: {error:?}"
            );
        }
    }

    #[cfg(unix)]
    #[test]
    fn the_submission_folder_itself_may_be_a_link() {
        let real = tempfile::tempdir().unwrap();
        make_crate(&real.path().join("starter"));
        let links = tempfile::tempdir().unwrap();
        let named = links.path().join("carol");
        std::os::unix::fs::symlink(real.path(), &named).unwrap();
        assert_eq!(locate(&named), Ok(named.join("starter")));
    }
}
