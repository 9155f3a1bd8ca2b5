//! The Gradescope autograder package (`grader gradescope OUT.zip`).
//!
//! Gradescope builds an image from the zip once (`setup.sh`) and runs
//! `run_autograder` for every submission, with the student's files in
//! `/autograder/submission` and the grade expected in
//! `/autograder/results/results.json`. The package is the course's grader as the
//! instructor has it — hidden checks, the course's secret and every blessed output
//! included, since students never see the package — without the reference solution
//! (nor the mutation report, which quotes it) and without the kit's own tests and
//! benchmarks: the grader needs none of them to grade.
//!
//! `setup.sh` installs the toolchain under /usr/local (where the sandbox's job uids
//! can read it), builds the grader, makes `source/` root's alone, checks the sandbox
//! with `grader sandbox-check`, and builds the harness's dependencies once (from the
//! starter's stubs), so that grading a submission compiles only the student's own
//! code. `run_autograder` grades with the sandbox required, and always leaves a
//! results.json (one marked as no grade when the grader could not grade).
//! Both honour `AUTOGRADER_ROOT` (default `/autograder`), and `run_autograder`
//! `MAZE_GRADER_BIN` and `MAZE_GRADER_WORK_DIR`: that is how `grader gradescope
//! --try` and the kit's tests run the zip in a folder of their own.

use std::collections::BTreeMap;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use anyhow::Context as _;

use crate::dist::{copy_tree, workspace_manifest};
use crate::kit::Kit;
use crate::rubric::points;
use crate::starter::trimmed_lock;

/// The toolchain `setup.sh` installs: the one the kit is tested with.
pub const TOOLCHAIN: &str = "1.95.0";

/// The line that says what to type as the assignment's **Autograder points**: what
/// a submission that passes everything scores with the course's rubric (the
/// assigned parts' checks, and the `[style]` section's points when it is read).
pub fn total_line(rubric: &crate::rubric::Rubric) -> String {
    let checks: f64 = rubric.checks.iter().map(|c| c.points).sum();
    let style = if rubric.style.enabled {
        rubric.style.points
    } else {
        0.0
    };
    let of = if style > 0.0 {
        format!(
            "{} for the checks and {} for style",
            points(checks),
            points(style)
        )
    } else {
        format!("{} checks", rubric.checks.len())
    };
    format!(
        "Autograder points: {} (the rubric's total: {of}); type it into the assignment's settings",
        points(checks + style)
    )
}

/// Every file of the package, by path relative to `/autograder/source`, with whether
/// it is executable.
pub fn files(kit: &Kit) -> anyhow::Result<BTreeMap<PathBuf, (Vec<u8>, bool)>> {
    let mut files = BTreeMap::new();
    copy_tree(&kit.root, "starter", &["target"], &mut files)?;
    // Neither the kit's tests nor its benchmarks (grader/bench/: the maintainers'
    // measurements): the grader needs neither to grade.
    copy_tree(
        &kit.root,
        "grader",
        &["tests", "target", "bench"],
        &mut files,
    )?;
    copy_tree(&kit.root, "fixtures", &[], &mut files)?;
    // The mutation report quotes the solution's lines (each survivor's mutated line):
    // the package holds no line of the reference solution.
    files.remove(Path::new("fixtures/mutants.md"));
    files.insert(
        "Cargo.toml".into(),
        workspace_manifest(&kit.root)?.into_bytes(),
    );
    files.insert(
        "Cargo.lock".into(),
        trimmed_lock(&files, &kit.root.join("Cargo.lock"))?,
    );
    let mut package: BTreeMap<PathBuf, (Vec<u8>, bool)> = files
        .into_iter()
        .map(|(path, bytes)| (path, (bytes, false)))
        .collect();
    package.insert(
        "setup.sh".into(),
        (SETUP.replace("@TOOLCHAIN@", TOOLCHAIN).into_bytes(), true),
    );
    package.insert("run_autograder".into(), (RUN.as_bytes().to_vec(), true));
    package.insert("README.md".into(), (README.as_bytes().to_vec(), false));
    Ok(package)
}

/// Writes the package as a zip at `out`: the scripts at its root (where Gradescope
/// looks for them), executable.
pub fn write_zip(out: &Path, files: &BTreeMap<PathBuf, (Vec<u8>, bool)>) -> anyhow::Result<()> {
    let dir = match out.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let temporary = tempfile::Builder::new()
        .prefix(".grader-gradescope-")
        .tempfile_in(dir)
        .with_context(|| format!("creating a file in {}", dir.display()))?;
    let mut zip = zip::ZipWriter::new(temporary.reopen()?);
    for (path, (bytes, executable)) in files {
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated)
            .unix_permissions(if *executable { 0o755 } else { 0o644 });
        // Zip paths use forward slashes on every platform.
        let name = path
            .components()
            .map(|c| c.as_os_str().to_string_lossy())
            .collect::<Vec<_>>()
            .join("/");
        zip.start_file(name, options)?;
        zip.write_all(bytes)?;
    }
    zip.finish()?;
    temporary
        .persist(out)
        .map_err(|error| error.error)
        .with_context(|| format!("writing {}", out.display()))?;
    Ok(())
}

const SETUP: &str = r#"#!/usr/bin/env bash
# Gradescope runs this once, when it builds the autograder's image: install the Rust
# toolchain, build the grader, make the course's files private, check the sandbox,
# and build the harness's dependencies once so that grading a submission compiles
# only the student's own code.
set -euo pipefail
root="${AUTOGRADER_ROOT:-/autograder}"
source_dir="$root/source"

# Rust under /usr/local, not root's home: Gradescope's containers give the grader
# root without namespaces, where the sandbox's jobs run as uids of their own that
# must reach the toolchain and cargo's registry (root's home is private).
export RUSTUP_HOME="${RUSTUP_HOME:-/usr/local/rustup}" CARGO_HOME="${CARGO_HOME:-/usr/local/cargo}"
export PATH="$CARGO_HOME/bin:$PATH"
if ! command -v cargo >/dev/null 2>&1; then
    if command -v apt-get >/dev/null 2>&1; then
        apt-get update
        apt-get install -y --no-install-recommends ca-certificates curl gcc libc6-dev
    fi
    curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs \
        | sh -s -- -y --no-modify-path --profile minimal --default-toolchain @TOOLCHAIN@
fi
# Clippy reads how the code is written (the reports' style section); where it is
# missing, the section says so and the grade is the checks' alone.
if command -v rustup >/dev/null 2>&1; then
    rustup component add clippy || true
fi

cd "$source_dir"
cargo build --release --locked -p maze-grader
# The rubric's secret, the blessed outputs and the hidden checks: root's alone. The
# sandbox's jobs reach nothing below source/ (their builds live in $root/work).
chmod -R go-rwx "$source_dir"
chmod o+x "$root"
# What the sandbox can do in this image, tried with real jobs; stops the build when
# --sandbox required would refuse to grade here.
if [ "${MAZE_GRADER_SANDBOX:-required}" = required ]; then
    ./target/release/grader sandbox-check --kit "$source_dir" --work-dir "$root/work"
fi
# Grading the starter builds the dependencies every submission shares (and shows
# that the grader works here); it scores 0, as it should.
./target/release/grader grade starter --kit "$source_dir" --work-dir "$root/work" \
    --sandbox "${MAZE_GRADER_SANDBOX:-required}" --format json --output "$root/starter-grade.json"
"#;

const RUN: &str = r#"#!/usr/bin/env bash
# Gradescope runs this for every submission: grade /autograder/submission (the
# crate, or a repository with the crate in starter/) in the sandbox and write
# /autograder/results/results.json. A results.json is always written: when the
# grader cannot grade, one that says so (see the README: not a grade).
set -uo pipefail
root="${AUTOGRADER_ROOT:-/autograder}"
grader="${MAZE_GRADER_BIN:-$root/source/target/release/grader}"
# The Rust already set up (rustup's usual place in a home folder, when run by hand);
# where there is none, the one setup.sh installs under /usr/local in Gradescope's image.
if ! cargo --version >/dev/null 2>&1; then
    export RUSTUP_HOME="${RUSTUP_HOME:-/usr/local/rustup}" CARGO_HOME="${CARGO_HOME:-/usr/local/cargo}"
    export PATH="$CARGO_HOME/bin:$PATH"
fi
mkdir -p "$root/results"
results="$root/results/results.json"
# --style: clippy reads every submission, its checks passing or not (a student's own
# `grade` waits for them to pass). CARGO_INCREMENTAL=0: the submission is built once,
# on a machine of its own, so nothing is kept for a build that never comes.
CARGO_INCREMENTAL=0 "$grader" grade "$root/submission" --style \
    --kit "$root/source" \
    --work-dir "${MAZE_GRADER_WORK_DIR:-$root/work}" \
    --sandbox "${MAZE_GRADER_SANDBOX:-required}" \
    --format gradescope \
    --output "$results"
status=$?
if [ "$status" -ne 0 ] && [ "$status" -ne 1 ]; then
    echo "run_autograder: the grader could not grade this submission (exit code $status)" >&2
    # The grader writes a results.json that says why (marked as not a grade); this is
    # for when it could not even start.
    if [ ! -s "$results" ]; then
        printf '{"score":0,"output":"The autograder could not grade this submission (exit code %s), so this is not a grade.","tests":[{"name":"Autograder error (not a grade)","score":0,"max_score":0,"status":"failed","visibility":"visible"}],"extra_data":{"autograder_error":true}}\n' "$status" > "$results"
    fi
fi
exit 0
"#;

const README: &str = r#"# Perfect Mazes: Gradescope autograder

Made by `grader gradescope`, which also printed the total to type as the
assignment's Autograder points. Upload this zip as a Programming Assignment's
autograder ("Zip file upload"), after trying it on your machine with
`grader gradescope OUT.zip --try SUBMISSION`: it runs this zip's run_autograder on
SUBMISSION laid out as Gradescope lays it out.

- **Base image:** Ubuntu 22.04 (any recent one works: `setup.sh` installs Rust with
  rustup under /usr/local and needs gcc and curl, which it installs with apt).
- **Memory:** 2 GB or more (the compiler); 2 CPUs make building faster.
- **Sandbox:** Gradescope runs autograders in Docker containers: root, but no
  namespaces of its own to create. There the grader's sandbox runs at its
  *container level* — each build and check under a uid of its own with no groups,
  seccomp (no network, no ptrace, no mounts), Landlock where the host's kernel has
  it, memory, process and file limits, and nothing left running after a check.
  `setup.sh` makes `source/` (the rubric's secret, every blessed output, the hidden
  checks) readable by root alone and runs `grader sandbox-check`, which tries all of
  this with real jobs and stops the image build if `--sandbox required` would refuse
  to grade. Every results.json names the level it was graded at in its output
  ("Sandbox: container …"). Setting `MAZE_GRADER_SANDBOX=auto` at the top of both
  scripts grades without a sandbox where none can run: don't, for a real course.
- **When the grader cannot grade** (a broken image, a full disk): results.json is
  still written, with score 0, no points possible, one test named
  "Autograder error (not a grade)" saying why, and `"autograder_error": true` in its
  `extra_data`. A real zero lists every check of the rubric; regrade these once the
  cause is fixed.
- Students upload either their `starter/` crate (with `src/`) or their whole
  repository; the grader finds the crate.

This package holds the course's hidden checks, the rubric's secret and every blessed
output: keep it private.
"#;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_scripts_honour_the_autograder_root() {
        for script in [SETUP, RUN] {
            assert!(script.contains("root=\"${AUTOGRADER_ROOT:-/autograder}\""));
        }
    }

    #[test]
    fn the_submission_is_graded_with_the_sandbox_required() {
        assert!(RUN.contains("--sandbox \"${MAZE_GRADER_SANDBOX:-required}\""));
        assert!(RUN.contains("--format gradescope"));
        assert!(RUN.contains("$root/results/results.json"));
    }
}
