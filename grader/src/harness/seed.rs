//! The shared dependencies: built once per work dir from the starter's stubs (the
//! seed), then copied into each new harness's target directory, so that a
//! submission compiles only its own code.
//!
//! A work dir can be seeded once and copied or mounted anywhere else (a Slurm
//! task's node-local scratch, a container image, a restored CI cache): nothing in the
//! seed depends on where the work dir is (see [`super::cargo`] on the cargo home).
//! The seed keeps the dependencies alone: the stubs' own build, which no submission
//! reuses, is removed once the seed is built, so every copy is smaller.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use super::cargo::{lock, sync_once, target_dir};
use super::layout::{SYNCED, prepare, read_sources, wire_package};
use super::probe::build_probe_into;
use super::{Note, Workspace};
use crate::sandbox::usage;
use crate::timings::Phase;

/// The dependencies, built once by the grader from the starter's stubs.
fn seed_dir(workspace: &Workspace) -> PathBuf {
    workspace.root.join("targets").join(SEED_ID)
}

/// The seed's harness id: submission ids end in a 12-digit hash, so none is this.
const SEED_ID: &str = "seed-dependencies";

/// Marks a seed whose build finished; holds [`marker`].
const SEEDED: &str = "seeded";

/// What a seed's marker holds: the name of the probe's wire it built, and the form
/// of seeding. Form 2: a harness target is only ever a whole copy of a seed, or built
/// by cargo itself. (A grader of form 1 copied the seed's build of the wire alone
/// into targets seeded before it, where the dependencies the wire was built against
/// could be other builds of the same versions, which rustc refuses: every target it
/// marked is seeded again.) Form 3: the rustc wrapper has a new path (see
/// [`super::layout::WRAPPER`]), which cargo mixes into the wire's artifact names, so
/// a seed of form 2 holds a wire no harness of this grader would reuse. Form 4: the
/// derive macros and the crates they are built on are no longer optimised (see
/// [`super::layout::COMPILE_TIME_ONLY`]), so a seed of form 3 holds other builds of
/// them than a harness of this grader asks for.
fn marker(wire: &str) -> String {
    format!("{wire}\nform 4\n")
}

/// Whether the target directory `dir` holds a finished seed, or a copy of one, with
/// the wire `wire`, seeded the way this grader seeds.
fn seeded_with(dir: &Path, wire: &str) -> bool {
    fs::read_to_string(dir.join(SEEDED)).is_ok_and(|built| built == marker(wire))
}

/// The entries of `folder` whose names begin with one of `prefixes`.
fn entries_named(folder: &Path, prefixes: &[&str]) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(folder) else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter(|entry| {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            prefixes.iter().any(|prefix| name.starts_with(prefix))
        })
        .map(|entry| entry.path())
        .collect()
}

/// What seeding a harness's target directory cost.
#[derive(Default)]
pub(super) struct Seeding {
    /// What the seed's build cost, when this call built it (the first time only).
    pub(super) built: Option<Phase>,
    /// The CPU time of copying the seed.
    pub(super) copy_cpu: Duration,
}

/// Gives a new harness target directory a copy of the seed (the dependencies already
/// built, with their timestamps, so cargo finds them fresh), building the seed first
/// when there is none. Without a seed, or where copying fails, the harness simply
/// builds its dependencies itself.
pub(super) fn seed_target(workspace: &Workspace, id: &str) -> anyhow::Result<Seeding> {
    let mut seeding = Seeding::default();
    let target = target_dir(workspace, id);
    let wire = wire_package();
    if !cfg!(unix) {
        return Ok(seeding);
    }
    // A target seeded by an older grader (a student's harness kept across an update of
    // the kit) lacks this grader's wire, and may hold dependencies built another way
    // (another cargo home, another toolchain) under the same names: the seed's build
    // of the wire would not fit them. It is seeded again, below, which costs its
    // student's crate one more compile, once. Where it cannot be removed, cargo builds
    // what it lacks there.
    if target.exists() && (seeded_with(&target, wire) || fs::remove_dir_all(&target).is_err()) {
        return Ok(seeding);
    }
    let seed = seed_dir(workspace);
    // Graders running at once (a class graded in parallel, tests) build the seed once.
    let _seeding = lock(workspace, SEED_ID)?;
    // A seed made before this grader's wire (an older grader, the same work dir) is
    // built again: cargo then compiles only the wire, and no harness has to. Without
    // the starter's stubs there is no seed to build, and the harness builds its
    // dependencies itself.
    if !seeded_with(&seed, wire) {
        let Some(stubs) = workspace.stubs.as_deref() else {
            built_here(&target, wire);
            return Ok(seeding);
        };
        let sources = read_sources(stubs)
            .map_err(|problem| anyhow::anyhow!("the kit's starter stubs: {problem}"))?;
        let dir = prepare(workspace, SEED_ID, &sources)?;
        let (offline, _) = sync_once(&dir)?;
        // Once, and the longest wait of a first grading after the grader's own build:
        // say what it is and how long it takes (measured on a quiet 2-core machine).
        let _note = Note::new(
            workspace,
            format!(
                "building the crates your code and the grader's probe use (rayon, rand, serde…) — first time only, {SEED_TIME} on 2 cores…"
            ),
        );
        // The stubs are not linted: their crate is removed from the seed anyway.
        let unlinted = Workspace {
            clippy: None,
            ..workspace.clone()
        };
        let attempt = build_probe_into(
            &unlinted,
            &dir,
            SEED_ID,
            &seed,
            &workspace.probe_features(),
            offline,
        )?;
        seeding.built = Some(attempt.cost);
        if attempt.executable.is_none() {
            built_here(&target, wire);
            return Ok(seeding);
        }
        keep_dependencies_only(&seed);
        fs::write(seed.join(SEEDED), marker(wire))?;
    }
    if let Some(parent) = target.parent() {
        fs::create_dir_all(parent)?;
    }
    let copied = usage::output(
        Command::new("cp")
            .args(["-a", "--reflink=auto"])
            .arg(&seed)
            .arg(&target)
            .stdin(Stdio::null()),
    );
    match copied {
        Ok((output, cpu)) if output.status.success() => {
            seeding.copy_cpu = cpu.unwrap_or_default();
        }
        _ => {
            let _ = fs::remove_dir_all(&target);
            built_here(&target, wire);
        }
    }
    Ok(seeding)
}

/// How long the seed's build takes from a fresh work dir on a quiet 2-core machine:
/// 23 s wall (44 s CPU), measured for the guide's "Where the time goes" (it was 41 s
/// before the derive macros were left unoptimised).
const SEED_TIME: &str = "about 25 s";

/// Marks the new, empty target directory `target` as this grader's though no seed
/// was copied into it (there is none, or `cp` failed): cargo builds every dependency
/// there itself, all alike, so the next grading must not take it for an older
/// grader's and remove it again.
fn built_here(target: &Path, wire: &str) {
    if fs::create_dir_all(target).is_ok() {
        let _ = fs::write(target.join(SEEDED), marker(wire));
    }
}

/// Gives the new harness `id` at `dir` its lock without running cargo: the seed's
/// harness has the same manifests and the same kit lock apart from the id in the two
/// harness packages' names, so its lock (which cargo already brought in line) is this
/// harness's with the id replaced. Marks the lock in line and returns true; returns
/// false (cargo then syncs it, as it always did) unless the seed is finished, its
/// kit lock is today's and each of its manifests is this harness's but for the id.
/// Saves a `cargo metadata` for every submission of a class.
pub(super) fn lock_from_seed(workspace: &Workspace, id: &str, dir: &Path) -> bool {
    if id == SEED_ID
        || dir.join(SYNCED).is_file()
        || !seeded_with(&seed_dir(workspace), wire_package())
    {
        return false;
    }
    let seed = workspace.root.join("harness").join(SEED_ID);
    let read = |root: &Path, file: &str| fs::read_to_string(root.join(file)).ok();
    let kit_lock = read(&seed, "kit.lock");
    if !seed.join(SYNCED).is_file() || kit_lock.is_none() || kit_lock != read(dir, "kit.lock") {
        return false;
    }
    let ours = |text: &str| text.replace(SEED_ID, id);
    for manifest in [
        "Cargo.toml",
        "submission/Cargo.toml",
        "probe/Cargo.toml",
        "wire/Cargo.toml",
    ] {
        match (read(&seed, manifest), read(dir, manifest)) {
            (Some(theirs), Some(mine)) if ours(&theirs) == mine => {}
            _ => return false,
        }
    }
    let Some(lock) = read(&seed, "Cargo.lock") else {
        return false;
    };
    // The id appears in the lock only as the two harness packages' names.
    let names = [
        format!("\"maze-probe-{SEED_ID}\""),
        format!("\"maze-submission-{SEED_ID}\""),
    ];
    if lock.matches(SEED_ID).count()
        != lock.matches(&names[0]).count() + lock.matches(&names[1]).count()
    {
        return false;
    }
    fs::write(dir.join("Cargo.lock"), ours(&lock)).is_ok()
        && fs::write(dir.join(SYNCED), b"").is_ok()
}

/// Removes from a finished seed what only the stubs' own build uses: their
/// incremental data, artifacts and fingerprints (the harness's per-submission
/// packages are named `maze-submission-…` or `maze-probe-…`, their crates `maze`,
/// `maze_probe` and `probe_…`, and cargo names their files after them). The probe's
/// wire (`grader-wire-…`, crate `wire`) is the same in every harness and stays, like
/// the dependencies. What cannot be removed stays: it costs only space.
fn keep_dependencies_only(seed: &Path) {
    let profile = seed.join("debug");
    let _ = fs::remove_dir_all(profile.join("incremental"));
    // No dependency's name begins so (`proc-macro2` is not `probe`).
    let ours = ["maze", "libmaze", "probe"];
    for folder in [
        profile.clone(),
        profile.join("deps"),
        profile.join(".fingerprint"),
    ] {
        for path in entries_named(&folder, &ours) {
            let _ = if path.is_dir() {
                fs::remove_dir_all(&path)
            } else {
                fs::remove_file(&path)
            };
        }
    }
}
