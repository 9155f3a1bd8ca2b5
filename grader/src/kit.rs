//! Where the kit's pieces are: the directory holding `fixtures/rubric.toml`, found
//! from the current directory upwards unless `--kit` names it.

use std::path::{Path, PathBuf};

use anyhow::bail;

/// The kit's root directory.
#[derive(Debug, Clone)]
pub struct Kit {
    /// The root.
    pub root: PathBuf,
}

impl Kit {
    /// The kit at `explicit`, or the nearest directory upwards from here that has a
    /// `fixtures/rubric.toml`.
    pub fn locate(explicit: Option<&Path>) -> anyhow::Result<Kit> {
        if let Some(root) = explicit {
            if !root.join("fixtures/rubric.toml").is_file() {
                bail!(
                    "{} is not a Perfect Mazes kit: it has no fixtures/rubric.toml",
                    root.display()
                );
            }
            return Ok(Kit {
                root: root.to_path_buf(),
            });
        }
        let here = std::env::current_dir()?;
        match here
            .ancestors()
            .find(|dir| dir.join("fixtures/rubric.toml").is_file())
        {
            Some(root) => Ok(Kit {
                root: root.to_path_buf(),
            }),
            None => bail!(
                "no fixtures/rubric.toml in {} or above it: run the grader inside the kit, or name the kit with --kit DIR",
                here.display()
            ),
        }
    }

    /// `fixtures/`.
    pub fn fixtures(&self) -> PathBuf {
        self.root.join("fixtures")
    }

    /// `fixtures/rubric.toml`.
    pub fn rubric(&self) -> PathBuf {
        self.root.join("fixtures/rubric.toml")
    }

    /// `fixtures/snapshots/`.
    pub fn snapshots(&self) -> PathBuf {
        self.root.join("fixtures/snapshots")
    }

    /// The lock file whose versions every harness keeps: the starter's, which holds
    /// exactly the library's dependencies at the kit's versions (`grader starter`
    /// derives it from the kit's `Cargo.lock`) and is there in a student template too.
    pub fn lock_file(&self) -> PathBuf {
        let starter = self.root.join("starter/Cargo.lock");
        if starter.is_file() {
            starter
        } else {
            self.root.join("Cargo.lock")
        }
    }

    /// `solution/` (only in the instructors' kit).
    #[cfg(feature = "instructor")]
    pub fn solution(&self) -> PathBuf {
        self.root.join("solution")
    }

    /// `starter/`.
    pub fn starter(&self) -> PathBuf {
        self.root.join("starter")
    }

    /// The crate whose `src/` holds the pristine starter stubs: `fixtures/stubs/` in a
    /// student template (where `starter/` is the student's own work), else `starter/`.
    pub fn stubs(&self) -> PathBuf {
        let kept = self.root.join("fixtures/stubs");
        if kept.join("src/lib.rs").is_file() {
            kept
        } else {
            self.starter()
        }
    }

    /// Where harnesses are built unless told otherwise.
    pub fn default_work_dir(&self) -> PathBuf {
        self.root.join("target/grader")
    }
}
