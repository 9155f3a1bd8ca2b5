//! Building a submission against the trusted probe.
//!
//! Only the submission's `src/**/*.rs` is copied, into a harness crate whose manifest
//! the grader writes: the kit's own dependencies at the kit's locked versions, no build
//! script, no `.cargo/` or toolchain file of the student's (the harness lives outside
//! the submission, so cargo and rustup never see them). Each submission gets a package
//! name of its own: submissions share one target directory to stay fast, and with a
//! shared name cargo would silently reuse another submission's build.
//!
//! The probe is built with one cargo feature per part. When the whole build fails
//! because of the submission's own code, nothing can run; when only the probe fails
//! (a signature it calls has changed), each part is built alone so that only the part
//! whose signatures changed loses its checks.
//!
//! By topic: [`layout`] writes a harness (the sources, the manifests, the lock),
//! [`cargo`] runs cargo for it (the toolchain, the cargo home, the sandbox),
//! [`probe`] builds the probe and reads what the compiler said, [`seed`] builds the
//! shared dependencies once and copies them to each harness; this module builds a
//! submission part by part from those, and says what each step cost.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::{Path, PathBuf};

use anyhow::Context as _;

use crate::checks::Part;
use crate::sandbox::Mode;

mod advice;
mod cargo;
mod clippy;
mod layout;
mod probe;
mod seed;

use cargo::{lock, sync_once, target_dir};
use layout::prepare;
use probe::{Attempt, build_probe_into, lint_crate, summarize};
use seed::{Seeding, lock_from_seed, seed_target};

use crate::timings::{Phase, Stopwatch};

pub use cargo::{clippy_driver, find_toolchain};
pub use clippy::{Clippy, Lint};
pub use layout::{Sources, read_sources};
// For the instructor's commands (`grader sandbox-check`, `grader starter`).
#[cfg(feature = "instructor")]
pub use {cargo::build_inputs, cargo::sync_lock, layout::write_if_changed};

/// Where harnesses are built.
#[derive(Debug, Clone)]
pub struct Workspace {
    /// Holds one harness directory per submission and the shared target directory.
    pub root: PathBuf,
    /// The kit's `Cargo.lock`, whose versions every harness keeps.
    pub lock_file: PathBuf,
    /// The starter's pristine `src/` (the kit's own copy, never the submission's):
    /// when one part of a submission does not compile, its files are replaced by
    /// these stubs so that the other part can still be graded.
    pub stubs: Option<PathBuf>,
    /// How strictly builds are sandboxed.
    pub sandbox: Mode,
    /// Whether cargo compiles incrementally: worth it where the same submission is
    /// built again after an edit (`grade`, `watch`), not for a class, whose builds
    /// are each made once.
    pub incremental: bool,
    /// Whether builds say on stderr what they are doing (a spinner on a terminal, a
    /// plain line otherwise): on for a person waiting on one submission, off where a
    /// caller shows progress of its own (`grade-all`).
    pub progress: bool,
    /// Whether and how the build lints the student's crate with clippy (see
    /// [`clippy`]).
    pub clippy: Option<Clippy>,
    /// The parts the rubric assigns, in order: the probe is built for these alone,
    /// so that a part the course leaves out (no module for it in the starter, see
    /// `grader dist --unassigned leave-out`) is never called and costs nothing.
    pub parts: Vec<Part>,
}

impl Workspace {
    /// The probe's features for [`Workspace::parts`], as cargo's `--features` takes
    /// them: `part1,part3,part4`.
    fn probe_features(&self) -> String {
        let ids: Vec<&str> = self.parts.iter().map(|part| part.id()).collect();
        ids.join(",")
    }
}

/// A note on stderr for as long as a build step runs: a spinner with `message` when
/// stderr is a terminal, one plain line otherwise, nothing when the workspace does not
/// ask for it. Never on stdout, where reports go.
struct Note(Option<indicatif::ProgressBar>);

impl Note {
    fn new(workspace: &Workspace, message: impl Into<String>) -> Note {
        let message: String = message.into();
        if !workspace.progress {
            return Note(None);
        }
        if std::io::IsTerminal::is_terminal(&std::io::stderr()) {
            let spinner = indicatif::ProgressBar::new_spinner();
            spinner.set_message(message);
            spinner.enable_steady_tick(std::time::Duration::from_millis(120));
            Note(Some(spinner))
        } else {
            eprintln!("grader: {message}");
            Note(None)
        }
    }
}

impl Drop for Note {
    fn drop(&mut self) {
        if let Some(spinner) = self.0.take() {
            spinner.finish_and_clear();
        }
    }
}

/// What came of building a submission.
#[derive(Debug, Clone)]
pub struct Build {
    /// For each part, the probe to run, or why there is none.
    pub parts: BTreeMap<Part, Result<PathBuf, String>>,
    /// Warnings from the submission's own code, shortened (shown, never graded).
    pub warnings: Vec<String>,
    /// What each step took, in the order they ran (see [`crate::timings`]).
    pub phases: Vec<Phase>,
    /// Dependencies cargo compiled for this submission rather than find them in
    /// the seed (`name@version`).
    pub dependencies_compiled: Vec<String>,
    /// Clippy's findings in the submission's own crate: `None` when the build did
    /// not lint it (no clippy asked for, or the crate does not compile).
    pub lints: Option<Vec<Lint>>,
    /// Whether the submission's own crate compiled, whatever became of the probe.
    pub compiles: bool,
}

impl Build {
    /// A build in which none of `parts` can run, for `reason`.
    fn failed_everywhere(parts: &[Part], reason: String, warnings: Vec<String>) -> Build {
        Build {
            parts: parts.iter().map(|&p| (p, Err(reason.clone()))).collect(),
            warnings,
            phases: Vec::new(),
            dependencies_compiled: Vec::new(),
            lints: None,
            compiles: false,
        }
    }
}

/// The steps of one build and what each cost.
#[derive(Default)]
struct Costs {
    phases: Vec<Phase>,
    compiled: Vec<String>,
}

impl Costs {
    /// Seeds the target directory of `id` (building the seed the first time), then
    /// builds the probe there; notes both, the build as the phase `name`.
    fn build_probe(
        &mut self,
        workspace: &Workspace,
        dir: &Path,
        id: &str,
        name: String,
        features: &str,
        offline: bool,
    ) -> anyhow::Result<Attempt> {
        self.seed(workspace, id)?;
        let attempt = build_probe_into(
            workspace,
            dir,
            id,
            &target_dir(workspace, id),
            features,
            offline,
        )?;
        self.phases.push(Phase {
            name,
            ..attempt.cost.clone()
        });
        self.compiled.extend(attempt.compiled.iter().cloned());
        Ok(attempt)
    }

    /// Seeds the target directory of `id`, noting the seed's build (the first time
    /// only) as a phase of its own.
    fn seed(&mut self, workspace: &Workspace, id: &str) -> anyhow::Result<Seeding> {
        let seeding = seed_target(workspace, id)?;
        if let Some(built) = &seeding.built {
            self.phases.push(Phase {
                name: "build the shared dependencies (first time only)".to_owned(),
                ..built.clone()
            });
        }
        Ok(seeding)
    }

    /// A finished build's parts, with its costs.
    fn finish(
        self,
        parts: BTreeMap<Part, Result<PathBuf, String>>,
        warnings: Vec<String>,
        compiles: bool,
    ) -> Build {
        Build {
            parts,
            warnings,
            phases: self.phases,
            dependencies_compiled: self.compiled,
            lints: None,
            compiles,
        }
    }
}

/// Deletes the builds of `submission` (its target directories, some 160 MB each) and
/// keeps the shared dependency seed: grading a class would otherwise keep one build
/// per student. Grading it again copies the seed again.
#[cfg(feature = "instructor")]
pub fn discard_builds(workspace: &Workspace, submission: &Path) {
    let id = submission_id(submission);
    for id in [id.clone(), rescue_id(&id)] {
        let _ = fs::remove_dir_all(target_dir(workspace, &id));
    }
}

/// The harness of a submission whose broken part is replaced by the starter's stubs.
fn rescue_id(id: &str) -> String {
    format!("{id}-rescue")
}

/// Kept in a submission's harness while its last grading had a check that failed (or
/// did not compile): a guess at the next grading's, for where that grading reads the
/// code with clippy (see [`crate::grade::StylePass::OnceChecksPass`]). It never
/// changes a report, only which pass computes its style section.
const CHECKS_FAILED: &str = "checks-failed";

/// Where [`CHECKS_FAILED`] is kept for `submission`: in its harness.
fn checks_failed_marker(workspace: &Workspace, submission: &Path) -> PathBuf {
    let id = submission_id(submission);
    workspace.root.join("harness").join(id).join(CHECKS_FAILED)
}

/// Whether the last grading of `submission` in this work dir had a check that failed
/// (`false` before its first).
pub fn checks_failed_last_time(workspace: &Workspace, submission: &Path) -> bool {
    checks_failed_marker(workspace, submission).exists()
}

/// Notes whether this grading of `submission` had a check that failed, for
/// [`checks_failed_last_time`]. A note that cannot be written only costs the next
/// grading a guess.
pub fn note_checks_failed(workspace: &Workspace, submission: &Path, failed: bool) {
    let marker = checks_failed_marker(workspace, submission);
    if failed {
        let _ = fs::write(marker, "");
    } else {
        let _ = fs::remove_file(marker);
    }
}

/// A short, stable id for a submission directory: its package name is derived from it.
pub fn submission_id(submission: &Path) -> String {
    let canonical = submission
        .canonicalize()
        .unwrap_or_else(|_| submission.to_path_buf());
    let mut hasher = DefaultHasher::new();
    canonical.hash(&mut hasher);
    let name: String = canonical
        .file_name()
        .map(|n| {
            n.to_string_lossy()
                .chars()
                .filter(char::is_ascii_alphanumeric)
                .take(16)
                .collect()
        })
        .unwrap_or_default();
    format!(
        "{}-{:012x}",
        if name.is_empty() {
            "submission".to_owned()
        } else {
            name.to_lowercase()
        },
        hasher.finish() & 0xffff_ffff_ffff
    )
}

/// Builds `submission` with the probe for every part, part by part when needed.
pub fn build(workspace: &Workspace, submission: &Path) -> anyhow::Result<Build> {
    let watch = Stopwatch::start();
    let sources = match read_sources(submission) {
        Ok(sources) => sources,
        Err(reason) => {
            return Ok(Build::failed_everywhere(
                &workspace.parts,
                reason,
                Vec::new(),
            ));
        }
    };
    let mut costs = Costs::default();
    let id = submission_id(submission);
    // One grading of this submission builds at a time (its harness and target dir).
    let _building = lock(workspace, &id)?;
    let dir = prepare(workspace, &id, &sources)?;
    clippy::prepare(&dir, workspace.clippy.as_ref())?;
    lock_from_seed(workspace, &id, &dir);
    let (offline, sync_cpu) = sync_once(&dir)?;
    // The dependencies first (the first time only), each step with its own note.
    let seeding = costs.seed(workspace, &id)?;
    // The harness's preparation, less the seed's build (a phase of its own).
    let mut prepared = watch.spent(sync_cpu + seeding.copy_cpu);
    if let Some(built) = &seeding.built {
        prepared.wall_s = (prepared.wall_s - built.spent.wall_s).max(0.0);
    }
    costs.phases.insert(
        0,
        Phase::new(
            "prepare the harness (sources, manifests, lock, a copy of the seed)",
            prepared,
        ),
    );
    let _note = Note::new(workspace, "building your code…");
    let features = workspace.probe_features();
    let mut whole = costs.build_probe(
        workspace,
        &dir,
        &id,
        "build the submission and the probe".to_owned(),
        &features,
        offline,
    )?;
    // Code that raises clippy's lints to errors itself (`#![deny(clippy::pedantic)]`)
    // builds without clippy: it is built again with every lint a warning, and so is
    // the rest of this grading. Only then, so that rustc's own lints keep the levels
    // the student gave them, as in `cargo build`.
    let capped;
    let workspace = match &workspace.clippy {
        Some(clippy) if whole.only_clippy_errors() => {
            capped = Workspace {
                clippy: Some(clippy.capped()),
                ..workspace.clone()
            };
            clippy::prepare(&dir, capped.clippy.as_ref())?;
            whole = costs.build_probe(
                &capped,
                &dir,
                &id,
                "build the submission again, clippy's lints as warnings".to_owned(),
                &features,
                offline,
            )?;
            &capped
        }
        _ => workspace,
    };
    let warnings = whole.warnings.clone();
    // The crate compiled (whatever became of the probe): clippy read all of it.
    let lints = (workspace.clippy.is_some() && whole.submission_errors.is_empty())
        .then(|| whole.lints.clone());
    if let Some(executable) = whole.executable {
        let parts = workspace
            .parts
            .iter()
            .map(|&p| (p, Ok(executable.clone())))
            .collect();
        return Ok(Build {
            lints,
            ..costs.finish(parts, warnings, true)
        });
    }
    if !whole.submission_errors.is_empty() {
        // The grader's own words first, for errors that come from how the student
        // works rather than from their Rust (see [`advice`]).
        let lock = fs::read_to_string(&workspace.lock_file).unwrap_or_default();
        let notes: String = advice::advice(submission, &sources, &whole.submission_errors, &lock)
            .iter()
            .map(|line| format!("grader: {line}\n"))
            .collect();
        let reason = format!(
            "your code does not compile:\n{notes}{}",
            summarize(&whole.submission_errors)
        );
        return rescue(workspace, &id, &sources, &whole, reason, warnings, costs);
    }
    // Only the probe failed: some signature it calls has changed. Build each part on
    // its own, keeping each probe under a name of its own.
    let mut parts = BTreeMap::new();
    // Beside the build (a directory of its own, as readable as target/debug is), not
    // in the harness, which only the build's uid may enter.
    let kept_dir = target_dir(workspace, &id).join("kept");
    fs::create_dir_all(&kept_dir).with_context(|| format!("creating {}", kept_dir.display()))?;
    for &part in &workspace.parts {
        let attempt = costs.build_probe(
            workspace,
            &dir,
            &id,
            format!("build the probe of {} alone", part.id()),
            part.id(),
            offline,
        )?;
        let result = match attempt.executable {
            Some(executable) => {
                let kept = kept_dir.join(format!(
                    "probe-{}{}",
                    part.id(),
                    std::env::consts::EXE_SUFFIX
                ));
                fs::copy(&executable, &kept)
                    .with_context(|| format!("copying the probe to {}", kept.display()))?;
                Ok(kept)
            }
            None => Err(format!(
                "the grader cannot call your {} code: a signature differs from the handout's:\n{}",
                part.id(),
                summarize(if attempt.probe_errors.is_empty() {
                    &attempt.submission_errors
                } else {
                    &attempt.probe_errors
                })
            )),
        };
        parts.insert(part, result);
    }
    Ok(Build {
        lints,
        ..costs.finish(parts, warnings, true)
    })
}

/// What clippy's pass over a built submission gave (see [`lint`]).
#[derive(Debug, Clone)]
pub struct Linting {
    /// Clippy's findings in the submission's own crate: `None` when the crate does
    /// not compile.
    pub lints: Option<Vec<Lint>>,
    /// What the pass took.
    pub phase: Phase,
}

/// Reads the crate that [`build`] last built of `submission` with
/// `workspace.clippy`, in a pass of its own: for a grading that shows its checks
/// first and how the code reads after them (`grade`, `watch`), so that clippy's
/// lint passes are not part of the build the checks wait for. The same lints as a
/// build that lints (see [`clippy`]), from the same copy of the sources.
pub fn lint(workspace: &Workspace, submission: &Path) -> anyhow::Result<Linting> {
    let clippy = workspace
        .clippy
        .as_ref()
        .context("no clippy to read the code with")?;
    let id = submission_id(submission);
    let _building = lock(workspace, &id)?;
    let dir = workspace.root.join("harness").join(&id);
    let (offline, _) = sync_once(&dir)?;
    let capped = Workspace {
        clippy: Some(clippy.capped()),
        ..workspace.clone()
    };
    let linted = lint_crate(&capped, &dir, &id, &target_dir(workspace, &id), offline)?;
    Ok(Linting {
        lints: linted.lints,
        phase: linted.cost,
    })
}

/// When only some parts' files hold the compile errors, builds the other parts with
/// the starter's stubs in place of the broken part's files, so that a compile error
/// costs only its own part.
fn rescue(
    workspace: &Workspace,
    id: &str,
    sources: &Sources,
    whole: &Attempt,
    reason: String,
    warnings: Vec<String>,
    mut costs: Costs,
) -> anyhow::Result<Build> {
    let broken: BTreeSet<Part> = whole
        .error_files
        .iter()
        .flat_map(|file| match file {
            Some(file) => vec![Part::owning(file)],
            None => workspace.parts.clone(),
        })
        .collect();
    let healthy: Vec<Part> = workspace
        .parts
        .iter()
        .copied()
        .filter(|p| !broken.contains(p))
        .collect();
    let Some(stubs) = workspace.stubs.as_deref().filter(|_| !healthy.is_empty()) else {
        let parts = Build::failed_everywhere(&workspace.parts, reason, Vec::new()).parts;
        return Ok(costs.finish(parts, warnings, false));
    };
    let stubs = read_sources(stubs)
        .map_err(|problem| anyhow::anyhow!("the kit's starter stubs: {problem}"))?;
    let mut patched: Sources = sources
        .iter()
        .filter(|(file, _)| !broken.contains(&Part::owning(file)))
        .map(|(file, text)| (file.clone(), text.clone()))
        .collect();
    for (file, text) in stubs {
        if broken.contains(&Part::owning(&file)) {
            patched.insert(file, text);
        }
    }
    let rescued = rescue_id(id);
    // The stubs' crate is never linted: no style section reads a rescue's findings.
    let workspace = &Workspace {
        clippy: None,
        ..workspace.clone()
    };
    let watch = Stopwatch::start();
    let dir = prepare(workspace, &rescued, &patched)?;
    clippy::prepare(&dir, None)?;
    lock_from_seed(workspace, &rescued, &dir);
    let (offline, sync_cpu) = sync_once(&dir)?;
    costs.phases.push(Phase::new(
        "prepare the harness with the starter's stubs for the broken part",
        watch.spent(sync_cpu),
    ));
    let features: Vec<&str> = healthy.iter().map(|p| p.id()).collect();
    let attempt = costs.build_probe(
        workspace,
        &dir,
        &rescued,
        "build the parts that compile, with the stubs".to_owned(),
        &features.join(","),
        offline,
    )?;
    let Some(executable) = attempt.executable else {
        let parts = Build::failed_everywhere(&workspace.parts, reason, Vec::new()).parts;
        return Ok(costs.finish(parts, warnings, false));
    };
    let parts = workspace
        .parts
        .iter()
        .map(|&part| {
            let result = if broken.contains(&part) {
                Err(reason.clone())
            } else {
                Ok(executable.clone())
            };
            (part, result)
        })
        .collect();
    Ok(costs.finish(parts, warnings, false))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_differ_between_directories_and_are_stable() {
        let a = submission_id(Path::new("/tmp/alice/starter"));
        assert_eq!(a, submission_id(Path::new("/tmp/alice/starter")));
        assert_ne!(a, submission_id(Path::new("/tmp/bob/starter")));
        assert!(a.starts_with("starter-"));
    }
}
