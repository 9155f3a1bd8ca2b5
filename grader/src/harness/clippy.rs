//! Clippy in the build: how a harness's build lints the student's crate, and the
//! lints it reports.
//!
//! Where a grading's checks should not wait for clippy (`watch`; `grade` with a
//! core to spare), clippy reads the crate in a pass of its own instead, after the
//! build: `cargo check` with the same driver and flags (see [`super::lint`]),
//! whose artifacts are apart from the build's. Otherwise there is no second
//! compilation for clippy. The rustc wrapper of the builds' cargo
//! home (see [`super::layout::WRAPPER`]) compiles the student's crate with clippy's
//! driver in place of rustc when `GRADER_CLIPPY_DRIVER` names it, with the lint
//! flags in `CLIPPY_ARGS`, the variable clippy's driver reads them from (and tells
//! cargo to track, so a build with other flags compiles the crate again). Measured
//! against linting with `cargo clippy` after the build, which checks the crate a
//! second time: 0.2 of a compilation of the crate more instead of 0.7 (the driver's
//! lint passes, nothing else), and the dependencies stay the seed's, untouched,
//! since the wrapper only ever runs for the harness's own packages. The checks then
//! run the very code clippy read, `cfg(clippy)` included: nothing can be shown to
//! clippy and hidden from the checks.
//!
//! Clippy's configuration comes from the grader alone: `CLIPPY_CONF_DIR` names an
//! empty folder of the harness's (clippy otherwise looks for a `clippy.toml` in the
//! manifest's folder and every folder above it, which the grader does not control),
//! and only `src/**/*.rs` of a submission is ever copied.

use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};

use anyhow::Context as _;

/// How the student's crate is linted: clippy's driver and the flags it runs with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clippy {
    /// The toolchain's `clippy-driver`.
    pub driver: PathBuf,
    /// The lint flags (`-A clippy::all`, `--force-warn clippy::len_zero`, …).
    pub args: Vec<String>,
}

impl Clippy {
    /// The same flags with every lint level capped at a warning: for a crate whose
    /// only errors are clippy's, raised by its own `#![deny(clippy::…)]` (the
    /// build without clippy would have none of them).
    pub(super) fn capped(&self) -> Clippy {
        let mut args = self.args.clone();
        args.push("--cap-lints=warn".to_owned());
        Clippy {
            driver: self.driver.clone(),
            args,
        }
    }

    /// `CLIPPY_ARGS`: the flags joined as clippy's cargo subcommand joins them.
    fn encoded(&self) -> String {
        self.args.join("__CLIPPY_HACKERY__")
    }
}

/// The folder `CLIPPY_CONF_DIR` names for the harness at `dir`: empty, the grader's.
fn conf_dir(dir: &Path) -> PathBuf {
    dir.join("clippy-conf")
}

/// The environment of a build of the harness at `dir`: with `clippy`, the
/// variables that make the wrapper lint the student's crate; without, their
/// absence (a build without clippy must not inherit them from the grader's caller).
pub(super) fn environment(
    dir: &Path,
    clippy: Option<&Clippy>,
) -> Vec<(OsString, Option<OsString>)> {
    match clippy {
        Some(clippy) => vec![
            (
                "GRADER_CLIPPY_DRIVER".into(),
                Some(clippy.driver.clone().into()),
            ),
            ("CLIPPY_ARGS".into(), Some(clippy.encoded().into())),
            ("CLIPPY_CONF_DIR".into(), Some(conf_dir(dir).into())),
        ],
        None => ["GRADER_CLIPPY_DRIVER", "CLIPPY_ARGS", "CLIPPY_CONF_DIR"]
            .into_iter()
            .map(|name| (name.into(), None))
            .collect(),
    }
}

/// What the student's crate was last compiled with, kept in the harness.
const COMPILED_WITH: &str = "compiled-with";

/// Makes the next build of the harness at `dir` compile the student's crate when it
/// was last compiled another way (with clippy and now without, or the other way
/// round): cargo tracks clippy's flags only in a crate clippy compiled, so a crate
/// compiled by rustc would look fresh to a build that asks for clippy, and its
/// replayed messages would hold no lint. The crate's root file is given the time of
/// now, which cargo takes for a change.
pub(super) fn prepare(dir: &Path, clippy: Option<&Clippy>) -> anyhow::Result<()> {
    fs::create_dir_all(conf_dir(dir))
        .with_context(|| format!("creating {}", conf_dir(dir).display()))?;
    let mode = match clippy {
        Some(clippy) => format!("{}\n{}\n", clippy.driver.display(), clippy.encoded()),
        None => "rustc\n".to_owned(),
    };
    let marker = dir.join(COMPILED_WITH);
    if fs::read_to_string(&marker).is_ok_and(|old| old == mode) {
        return Ok(());
    }
    let root = dir.join("submission/src/lib.rs");
    if let Ok(file) = fs::File::options().write(true).open(&root) {
        file.set_modified(std::time::SystemTime::now())
            .with_context(|| format!("setting the time of {}", root.display()))?;
    }
    fs::write(&marker, mode).with_context(|| format!("writing {}", marker.display()))
}

/// One of clippy's findings in the student's crate, as the compiler reported it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lint {
    /// The lint, `clippy::needless_range_loop`.
    pub code: String,
    /// Clippy's words for this place (`the loop variable `i` is only used to index
    /// `v``).
    pub message: String,
    /// The file below the crate's `src/`.
    pub file: PathBuf,
    /// The first and last line of the code it points at (1-based).
    pub lines: (usize, usize),
    /// The column it starts at (1-based).
    pub column: usize,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clippy() -> Clippy {
        Clippy {
            driver: "/toolchain/bin/clippy-driver".into(),
            args: vec!["-A".into(), "clippy::all".into()],
        }
    }

    #[test]
    fn a_build_without_clippy_clears_the_variables_that_would_turn_it_on() {
        let cleared = environment(Path::new("/h"), None);
        assert!(cleared.iter().all(|(_, value)| value.is_none()));
        assert_eq!(
            cleared.len(),
            environment(Path::new("/h"), Some(&clippy())).len()
        );
    }

    #[test]
    fn the_flags_travel_as_clippy_joins_them_and_a_cap_comes_last() {
        let capped = clippy().capped();
        assert_eq!(
            capped.encoded(),
            "-A__CLIPPY_HACKERY__clippy::all__CLIPPY_HACKERY__--cap-lints=warn"
        );
    }

    #[test]
    fn switching_clippy_on_makes_the_crate_compile_again() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("submission/src/lib.rs");
        fs::create_dir_all(root.parent().unwrap()).unwrap();
        fs::write(&root, "").unwrap();
        let old = std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_000_000_000);
        let age = |path: &Path| fs::metadata(path).unwrap().modified().unwrap();
        let set_old = || {
            fs::File::options()
                .write(true)
                .open(&root)
                .unwrap()
                .set_modified(old)
                .unwrap()
        };
        prepare(dir.path(), None).unwrap();
        set_old();
        prepare(dir.path(), None).unwrap();
        assert_eq!(age(&root), old, "the same mode leaves the crate as it is");
        prepare(dir.path(), Some(&clippy())).unwrap();
        assert!(age(&root) > old, "another mode makes it new");
    }
}
