//! The harness on disk: the submission's sources copied in, the manifests the
//! grader writes, the probe's sources, the kit's lock and the rustc wrapper that
//! times the compiler.

use std::collections::BTreeMap;
use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use anyhow::Context as _;

use super::Workspace;
use crate::checks::Part;

/// The probe's sources, built into the grader so that it cannot drift from the judges.
/// (A part left out of the template, see the features `part2` and `part5`, has no
/// probe source: the harness never builds its probe feature.)
const PROBE_SOURCES: &[(&str, &str)] = &[
    ("lib.rs", include_str!("../../probe/src/lib.rs")),
    ("main.rs", include_str!("../../probe/src/main.rs")),
    ("part1.rs", include_str!("../../probe/src/part1.rs")),
    #[cfg(feature = "part2")]
    ("part2.rs", include_str!("../../probe/src/part2.rs")),
    ("part3.rs", include_str!("../../probe/src/part3.rs")),
    ("part4.rs", include_str!("../../probe/src/part4.rs")),
    #[cfg(feature = "part5")]
    ("part5.rs", include_str!("../../probe/src/part5.rs")),
];

/// The probe's wire (its protocol, its JSON and the data it reads; no student code):
/// a crate of its own, so that the seed builds it once for every submission.
const WIRE_SOURCE: &str = include_str!("../../probe/wire/src/lib.rs");

/// The wire's list of producers, a module the grader compiles too
/// ([`crate::checks::producers`]).
const WIRE_PRODUCERS: &str = include_str!("../../probe/wire/src/producers.rs");

/// The wire's package name, with a hash of its source in it. Every harness writes the
/// wire anew, so its file is given an old time (below) for cargo to find the seed's
/// build of it fresh; the name is what tells a changed wire (a new grader on an old
/// work dir) from the one the seed built, and gets it built again.
pub(super) fn wire_package() -> &'static str {
    static NAME: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    NAME.get_or_init(|| {
        use sha2::{Digest as _, Sha256};
        let hash = Sha256::new()
            .chain_update(WIRE_SOURCE.as_bytes())
            .chain_update(WIRE_PRODUCERS.as_bytes())
            .finalize();
        let hex: String = hash.iter().take(6).map(|b| format!("{b:02x}")).collect();
        format!("grader-wire-{hex}")
    })
}

/// The time the wire's source is given in every harness (2001-09-09): before any
/// build of it, so that cargo never finds it newer than the seed's.
const WIRE_MTIME_S: u64 = 1_000_000_000;

/// The dependencies a submission may use: the kit's own, at the versions of the kit's
/// lock file. A test keeps this list equal to the solution's manifest.
pub const SUBMISSION_DEPENDENCIES: &str = r#"bitflags = "2.9"
rand = { version = "=0.9.2", default-features = false, features = ["std"] }
rand_chacha = { version = "=0.9.0", default-features = false, features = ["std"] }
rayon = "1.10"
thiserror = "2"
serde = { version = "1", features = ["derive"] }
serde_json = "1"
"#;

/// The harness's dependencies whose code never runs in a check: the derive macros
/// (serde's and thiserror's) with the parser they are built on, and zerocopy, whose
/// code is generic and compiled, optimised, where rand uses it. The dependencies are
/// optimised (`opt-level = 1`) for the checks' sake; these are not, since optimising
/// them only slows the seed's build, which a student waits for once (41 s wall with
/// them optimised, 23 s without, the seed built alone on a quiet 2-core machine;
/// every dependency unoptimised would give 19 s). Cargo warns of a name that is not
/// in the build, so a test keeps each one a dependency of [`SUBMISSION_DEPENDENCIES`]
/// in the kit's lock.
pub(super) const COMPILE_TIME_ONLY: [&str; 7] = [
    "proc-macro2",
    "quote",
    "unicode-ident",
    "syn",
    "serde_derive",
    "thiserror-impl",
    "zerocopy",
];

/// The edition the harness builds a submission with: the starter's.
pub(super) const EDITION: &str = "2024";

/// Writes `contents` to `path` unless it already holds exactly that, so that cargo
/// sees an unchanged submission as unchanged and the warm re-grade does no work.
/// Returns whether it wrote.
pub fn write_if_changed(path: &Path, contents: &[u8]) -> anyhow::Result<bool> {
    if fs::read(path).is_ok_and(|old| old == contents) {
        return Ok(false);
    }
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent).with_context(|| format!("creating {}", parent.display()))?;
    }
    fs::write(path, contents).with_context(|| format!("writing {}", path.display()))?;
    Ok(true)
}

/// A harness's library sources: path below `src/` → contents.
pub type Sources = BTreeMap<PathBuf, Vec<u8>>;

/// The most sources a submission may have, in files and in bytes.
const MAX_SOURCE_FILES: usize = 2_000;
const MAX_SOURCE_BYTES: u64 = 32 * 1024 * 1024;

/// Reads `src/**/*.rs` of `crate_dir`. A symbolic link anywhere (the `src`
/// directory itself included) is refused rather than followed: a link could pull in
/// any file the grader can read. `Err` holds the reason in words for the report.
pub fn read_sources(crate_dir: &Path) -> Result<Sources, String> {
    let src = crate_dir.join("src");
    match fs::symlink_metadata(&src) {
        Ok(meta) if meta.file_type().is_symlink() => {
            return Err(
                "src is a symbolic link: a submission's sources must be regular files in src/"
                    .to_owned(),
            );
        }
        Ok(meta) if meta.is_dir() => {}
        _ => {
            return Err(format!(
                "{} has no src/ directory: a submission is a crate in the starter's layout",
                crate_dir.display()
            ));
        }
    }
    let mut sources = Sources::new();
    let mut total = 0u64;
    for entry in walkdir::WalkDir::new(&src)
        .follow_links(false)
        .follow_root_links(false)
        .sort_by_file_name()
    {
        let entry = entry.map_err(|error| format!("cannot read the submission's src/: {error}"))?;
        let relative = entry
            .path()
            .strip_prefix(&src)
            .unwrap_or(entry.path())
            .to_path_buf();
        if entry.path_is_symlink() {
            return Err(format!(
                "src/{} is a symbolic link: a submission's sources must be regular files",
                relative.display()
            ));
        }
        let is_rust =
            entry.file_type().is_file() && entry.path().extension().is_some_and(|e| e == "rs");
        if !is_rust {
            continue;
        }
        total += entry.metadata().map(|m| m.len()).unwrap_or(0);
        if sources.len() >= MAX_SOURCE_FILES || total > MAX_SOURCE_BYTES {
            return Err(format!(
                "src/ holds more than {MAX_SOURCE_FILES} .rs files or {} MiB of them",
                MAX_SOURCE_BYTES / 1024 / 1024
            ));
        }
        let contents = fs::read(entry.path())
            .map_err(|error| format!("cannot read src/{}: {error}", relative.display()))?;
        sources.insert(relative, contents);
    }
    if !sources.contains_key(Path::new("lib.rs")) {
        return Err(format!(
            "{} has no src/lib.rs: a submission is a crate in the starter's layout",
            crate_dir.display()
        ));
    }
    Ok(sources)
}

/// Writes `sources` into `dest`, and removes `.rs` files left there from an earlier
/// version of the submission.
fn write_sources(sources: &Sources, dest: &Path) -> anyhow::Result<()> {
    for (relative, contents) in sources {
        write_if_changed(&dest.join(relative), contents)?;
    }
    if dest.exists() {
        for entry in walkdir::WalkDir::new(dest).contents_first(true) {
            let entry = entry?;
            let relative = entry.path().strip_prefix(dest)?.to_path_buf();
            if entry.file_type().is_file() && !sources.contains_key(&relative) {
                fs::remove_file(entry.path())?;
            }
        }
    }
    Ok(())
}

/// How many codegen units the probe is compiled in. Built once from nothing (a
/// class, without incremental data), one: split into many (cargo's default) it costs
/// a quarter more CPU for the same program. Built again after each edit (incremental
/// `grade` and `watch`), sixteen: in one unit, an edit of a generic item of the
/// student's (`Stack<T>`, `Queue<T>`, a `Hash` impl), which the probe instantiates,
/// makes the whole probe be generated again (0.62–0.68 s against 0.15–0.16 s for an
/// edit of a plain function, on a 2-core machine); in sixteen, only the units that
/// hold it (0.17–0.21 s, and 0.17–0.18 s for the plain edit). The student's crate
/// keeps cargo's default: no gain measured there.
pub(super) fn probe_codegen_units(incremental: bool) -> u32 {
    if incremental { 16 } else { 1 }
}

/// Lays out the harness `id` with `sources` and returns its directory.
pub(super) fn prepare(
    workspace: &Workspace,
    id: &str,
    sources: &Sources,
) -> anyhow::Result<PathBuf> {
    let dir = workspace.root.join("harness").join(id);
    private_dir(&dir)?;
    let submission_manifest = format!(
        "[package]\nname = \"maze-submission-{id}\"\nversion = \"0.1.0\"\nedition = \"{EDITION}\"\nbuild = false\nautobins = false\nautoexamples = false\nautotests = false\nautobenches = false\n\n[lib]\nname = \"maze\"\npath = \"src/lib.rs\"\n\n[dependencies]\n{SUBMISSION_DEPENDENCIES}"
    );
    let features: String = Part::ALL
        .iter()
        .map(|part| format!("{} = []\n", part.id()))
        .collect();
    let wire = wire_package();
    let probe_manifest = format!(
        "[package]\nname = \"maze-probe-{id}\"\nversion = \"0.1.0\"\nedition = \"2024\"\nbuild = false\n\n[lib]\nname = \"maze_probe\"\npath = \"src/lib.rs\"\n\n[[bin]]\nname = \"probe-{id}\"\npath = \"src/main.rs\"\n\n[features]\n{features}\n[dependencies]\nmaze = {{ path = \"../submission\", package = \"maze-submission-{id}\" }}\nwire = {{ path = \"../wire\", package = \"{wire}\" }}\nserde_json = \"1\"\nserde = {{ version = \"1\", features = [\"derive\"] }}\n"
    );
    let wire_manifest = format!(
        "[package]\nname = \"{wire}\"\nversion = \"0.1.0\"\nedition = \"2024\"\nbuild = false\n\n[lib]\nname = \"wire\"\npath = \"src/lib.rs\"\n\n[dependencies]\nserde_json = \"1\"\nserde = {{ version = \"1\", features = [\"derive\"] }}\n"
    );
    // The probe's codegen units (see [`probe_codegen_units`]). The wire, built once,
    // is optimised like the dependencies and, like them, never incremental (so that
    // grade and grade-all build it alike).
    let probe_units = probe_codegen_units(workspace.incremental);
    let compile_time_only: String = COMPILE_TIME_ONLY
        .iter()
        .map(|package| format!("\n[profile.dev.package.{package}]\nopt-level = 0\n"))
        .collect();
    let workspace_manifest = format!(
        "[workspace]\nresolver = \"3\"\nmembers = [\"submission\", \"probe\", \"wire\"]\n\n[profile.dev]\ndebug = false\n\n[profile.dev.package.\"*\"]\nopt-level = 1\n{compile_time_only}\n[profile.dev.package.maze-probe-{id}]\ncodegen-units = {probe_units}\n\n[profile.dev.package.{wire}]\nopt-level = 1\nincremental = false\n"
    );
    let mut manifests_changed =
        write_if_changed(&dir.join("Cargo.toml"), workspace_manifest.as_bytes())?;
    manifests_changed |= write_if_changed(
        &dir.join("submission/Cargo.toml"),
        submission_manifest.as_bytes(),
    )?;
    manifests_changed |=
        write_if_changed(&dir.join("probe/Cargo.toml"), probe_manifest.as_bytes())?;
    manifests_changed |= write_if_changed(&dir.join("wire/Cargo.toml"), wire_manifest.as_bytes())?;
    for (name, source) in PROBE_SOURCES {
        write_if_changed(&dir.join("probe/src").join(name), source.as_bytes())?;
    }
    for (name, source) in [("lib.rs", WIRE_SOURCE), ("producers.rs", WIRE_PRODUCERS)] {
        let wire_source = dir.join("wire/src").join(name);
        write_if_changed(&wire_source, source.as_bytes())?;
        fs::File::options()
            .write(true)
            .open(&wire_source)
            .and_then(|file| {
                file.set_modified(
                    std::time::UNIX_EPOCH + std::time::Duration::from_secs(WIRE_MTIME_S),
                )
            })
            .with_context(|| format!("setting the time of {}", wire_source.display()))?;
    }
    write_sources(sources, &dir.join("submission/src"))?;
    let lock = fs::read(&workspace.lock_file).with_context(|| {
        format!(
            "reading the kit's lock file {}",
            workspace.lock_file.display()
        )
    })?;
    // The kit's lock, which cargo then extends with the two harness packages while
    // keeping every locked version; kept as a copy to tell when the kit's lock changed.
    if fs::read(dir.join("kit.lock")).ok().as_deref() != Some(lock.as_slice()) {
        write_if_changed(&dir.join("Cargo.lock"), &lock)?;
        write_if_changed(&dir.join("kit.lock"), &lock)?;
        manifests_changed = true;
    }
    if manifests_changed {
        let _ = fs::remove_file(dir.join(SYNCED));
    }
    Ok(dir)
}

/// Marks a harness whose lock was brought in line with its manifests (by
/// [`super::cargo::sync_once`]), which stay unchanged while only the submission's
/// sources change: writing a manifest anew removes it.
pub(super) const SYNCED: &str = "lock-synced";

/// The program cargo runs in place of rustc for the harness's own packages: it runs
/// rustc and notes how long it took, for `grader grade --timings`. A shell script, so
/// that the build's uid can run it wherever the grader lies; `times` writes the CPU
/// time of the compiler (the shell's children) without a subshell, which would count
/// none of it. It lives in the builds' cargo home, one path for every harness: cargo
/// mixes the wrapper's path into the names of a workspace's own artifacts, and the
/// wire (a member of every harness) must keep the seed's name to be reused.
///
/// When a grading reads the student's code with clippy, the wrapper compiles the
/// student's crate (and only it: `CARGO_CRATE_NAME` `maze`) with clippy's driver in
/// place of rustc, named by `GRADER_CLIPPY_DRIVER`: one compilation both builds the
/// crate the probe links and lints it, so the code clippy reads is the code the
/// checks run. The name changed with that (it was `grader-rustc.sh`): a grader
/// of before, sharing the cargo home, rewrites its own script, never this one.
pub(super) const WRAPPER: &str = "grader-rustc-2.sh";

const WRAPPER_SCRIPT: &str = r#"#!/bin/sh
# Written by the grader: runs rustc (clippy's driver for the student's crate when the
# grading lints it) and notes its wall and CPU time (grader grade --timings).
start=$(date +%s%N 2>/dev/null)
if [ -n "$GRADER_CLIPPY_DRIVER" ] && [ "$CARGO_CRATE_NAME" = maze ]; then
    "$GRADER_CLIPPY_DRIVER" "$@"
else
    "$@"
fi
status=$?
end=$(date +%s%N 2>/dev/null)
note="$CARGO_TARGET_DIR/grader-timings/$CARGO_CRATE_NAME.$$"
if mkdir -p "$CARGO_TARGET_DIR/grader-timings" 2>/dev/null; then
    times >"$note.cpu" 2>/dev/null
    echo "$start $end" >"$note.wall" 2>/dev/null
fi
exit $status
"#;

/// Writes the rustc wrapper into the cargo home `home` (once: by a rename, so that a
/// build running at the same time never sees half of it); returns its path.
pub(super) fn write_wrapper(home: &Path) -> anyhow::Result<PathBuf> {
    let path = home.join(WRAPPER);
    if fs::read(&path).is_ok_and(|old| old == WRAPPER_SCRIPT.as_bytes()) {
        return Ok(path);
    }
    // A file of this call's own: two builds of one `grade-all` may both get here.
    let mut fresh = tempfile::Builder::new()
        .prefix(&format!("{WRAPPER}."))
        .suffix(".new")
        .tempfile_in(home)
        .with_context(|| format!("writing a new {WRAPPER} in {}", home.display()))?;
    fresh
        .write_all(WRAPPER_SCRIPT.as_bytes())
        .with_context(|| format!("writing {}", fresh.path().display()))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(fresh.path(), fs::Permissions::from_mode(0o755))
            .with_context(|| format!("setting the mode of {}", fresh.path().display()))?;
    }
    // Closed before the rename: a program still open for writing cannot be run.
    fresh
        .into_temp_path()
        .persist(&path)
        .with_context(|| format!("writing {}", path.display()))?;
    Ok(path)
}

/// Creates `dir` for one submission's files alone: mode 0700, in a parent that
/// others may pass through but not list (0711). Jobs run as uids of their own, and
/// at the sandbox's container level they see the real filesystem: these modes are
/// what keeps one student's sources and build from another's jobs. A job gets its
/// own directories for its run (the sandbox hands writable paths to its uid).
pub fn private_dir(dir: &Path) -> anyhow::Result<()> {
    fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let set = |path: &Path, mode| {
            fs::set_permissions(path, fs::Permissions::from_mode(mode))
                .with_context(|| format!("setting the mode of {}", path.display()))
        };
        set(dir, 0o700)?;
        if let Some(parent) = dir.parent() {
            set(parent, 0o711)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builds_writing_the_wrapper_at_once_each_get_it_whole_and_leave_no_other_file() {
        // Released together, each finds no wrapper yet and writes one; twenty times,
        // since a race is a matter of luck.
        for _ in 0..20 {
            let home = tempfile::tempdir().unwrap();
            let together = std::sync::Barrier::new(8);
            let written: Vec<PathBuf> = std::thread::scope(|scope| {
                let writers: Vec<_> = (0..8)
                    .map(|_| {
                        scope.spawn(|| {
                            together.wait();
                            write_wrapper(home.path())
                        })
                    })
                    .collect();
                writers
                    .into_iter()
                    .map(|writer| writer.join().unwrap().unwrap())
                    .collect()
            });
            assert!(
                written
                    .iter()
                    .all(|path| *path == home.path().join(WRAPPER))
            );
            assert_eq!(fs::read_to_string(&written[0]).unwrap(), WRAPPER_SCRIPT);
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                let mode = fs::metadata(&written[0]).unwrap().permissions().mode();
                assert_eq!(mode & 0o777, 0o755);
            }
            let names: Vec<_> = fs::read_dir(home.path())
                .unwrap()
                .map(|entry| entry.unwrap().file_name())
                .collect();
            assert_eq!(names, [WRAPPER], "{names:?}");
        }
    }

    #[test]
    fn submission_dependencies_match_the_starter_manifest() {
        // The starter's manifest is generated from the solution's with the workspace's
        // versions filled in, and it ships in student templates too.
        let manifest: toml::Table =
            toml::from_str(include_str!("../../../starter/Cargo.toml")).unwrap();
        let ours: toml::Table = toml::from_str(SUBMISSION_DEPENDENCIES).unwrap();
        let theirs = manifest["dependencies"].as_table().unwrap();
        for (name, spec) in &ours {
            assert_eq!(
                theirs.get(name),
                Some(spec),
                "{name} differs from starter/Cargo.toml"
            );
        }
        // The driver's own dependencies; the harness builds only the library.
        let driver_only = ["clap", "anyhow", "ratatui", "crossterm"];
        for name in theirs.keys().filter(|n| !driver_only.contains(&n.as_str())) {
            assert!(
                ours.contains_key(name),
                "{name} is missing from SUBMISSION_DEPENDENCIES"
            );
        }
    }

    #[test]
    fn each_package_built_unoptimised_is_a_dependency_of_the_submission_in_the_kits_lock() {
        // Cargo warns of a profile override for a package outside the build, and such a
        // warning would reach every student's build output.
        let lock: toml::Table = toml::from_str(include_str!("../../../Cargo.lock")).unwrap();
        let mut needs: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
        for package in lock["package"].as_array().unwrap() {
            let name = package["name"].as_str().unwrap();
            let dependencies = package.get("dependencies").and_then(|d| d.as_array());
            let names = dependencies
                .into_iter()
                .flatten()
                .map(|d| d.as_str().unwrap().split(' ').next().unwrap());
            needs.entry(name).or_default().extend(names);
        }
        let ours: toml::Table = toml::from_str(SUBMISSION_DEPENDENCIES).unwrap();
        let mut reached: Vec<&str> = ours.keys().map(String::as_str).collect();
        let mut next = 0;
        while let Some(&name) = reached.get(next) {
            next += 1;
            for &dependency in needs.get(name).into_iter().flatten() {
                if !reached.contains(&dependency) {
                    reached.push(dependency);
                }
            }
        }
        for package in COMPILE_TIME_ONLY {
            assert!(
                reached.contains(&package),
                "{package} is not among the submission's dependencies in Cargo.lock"
            );
        }
    }
}
