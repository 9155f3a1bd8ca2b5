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

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{Context as _, bail};
use cargo_metadata::Message;
use cargo_metadata::diagnostic::DiagnosticLevel;

use crate::checks::Part;

/// The probe's sources, built into the grader so that it cannot drift from the judges.
const PROBE_SOURCES: [(&str, &str); 3] = [
    ("main.rs", include_str!("../probe/src/main.rs")),
    ("part1.rs", include_str!("../probe/src/part1.rs")),
    ("part2.rs", include_str!("../probe/src/part2.rs")),
];

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

/// How many compiler errors a report shows, and how many lines of each.
const ERRORS_SHOWN: usize = 3;
const LINES_PER_ERROR: usize = 24;

/// Where harnesses are built.
#[derive(Debug, Clone)]
pub struct Workspace {
    /// Holds one harness directory per submission and the shared target directory.
    pub root: PathBuf,
    /// The kit's `Cargo.lock`, whose versions every harness keeps.
    pub lock_file: PathBuf,
}

/// What came of building a submission.
#[derive(Debug, Clone)]
pub struct Build {
    /// For each part, the probe to run, or why there is none.
    pub parts: BTreeMap<Part, Result<PathBuf, String>>,
    /// Warnings from the submission's own code, shortened (shown, never graded).
    pub warnings: Vec<String>,
}

impl Build {
    /// A build in which no part can run, for `reason`.
    fn failed_everywhere(reason: String, warnings: Vec<String>) -> Build {
        Build {
            parts: Part::ALL
                .iter()
                .map(|&p| (p, Err(reason.clone())))
                .collect(),
            warnings,
        }
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

/// Writes `contents` to `path` unless it already holds exactly that, so that cargo
/// sees an unchanged submission as unchanged and the warm re-grade does no work.
pub fn write_if_changed(path: &Path, contents: &[u8]) -> anyhow::Result<()> {
    if fs::read(path).is_ok_and(|old| old == contents) {
        return Ok(());
    }
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent).with_context(|| format!("creating {}", parent.display()))?;
    }
    fs::write(path, contents).with_context(|| format!("writing {}", path.display()))
}

/// Copies `src/**/*.rs` of the submission into `dest`, and removes `.rs` files left
/// there from an earlier version of the submission.
fn copy_sources(submission: &Path, dest: &Path) -> anyhow::Result<()> {
    let src = submission.join("src");
    let mut copied = BTreeSet::new();
    for entry in walkdir::WalkDir::new(&src)
        .follow_links(false)
        .sort_by_file_name()
    {
        let entry = entry.with_context(|| format!("reading {}", src.display()))?;
        let is_rust =
            entry.file_type().is_file() && entry.path().extension().is_some_and(|e| e == "rs");
        if !is_rust {
            continue;
        }
        let relative = entry
            .path()
            .strip_prefix(&src)
            .context("a file outside src/")?;
        let contents = fs::read(entry.path())
            .with_context(|| format!("reading {}", entry.path().display()))?;
        write_if_changed(&dest.join(relative), &contents)?;
        copied.insert(relative.to_path_buf());
    }
    if dest.exists() {
        for entry in walkdir::WalkDir::new(dest).contents_first(true) {
            let entry = entry?;
            let relative = entry.path().strip_prefix(dest)?.to_path_buf();
            if entry.file_type().is_file() && !copied.contains(&relative) {
                fs::remove_file(entry.path())?;
            }
        }
    }
    Ok(())
}

/// Lays out the harness for `submission` and returns its directory and id.
fn prepare(workspace: &Workspace, submission: &Path) -> anyhow::Result<(PathBuf, String)> {
    let id = submission_id(submission);
    let dir = workspace.root.join("harness").join(&id);
    let submission_manifest = format!(
        "[package]\nname = \"maze-submission-{id}\"\nversion = \"0.1.0\"\nedition = \"2024\"\nbuild = false\nautobins = false\nautoexamples = false\nautotests = false\nautobenches = false\n\n[lib]\nname = \"maze\"\npath = \"src/lib.rs\"\n\n[dependencies]\n{SUBMISSION_DEPENDENCIES}"
    );
    let probe_manifest = format!(
        "[package]\nname = \"maze-probe-{id}\"\nversion = \"0.1.0\"\nedition = \"2024\"\nbuild = false\n\n[[bin]]\nname = \"probe-{id}\"\npath = \"src/main.rs\"\n\n[features]\npart1 = []\npart2 = []\n\n[dependencies]\nmaze = {{ path = \"../submission\", package = \"maze-submission-{id}\" }}\nserde_json = \"1\"\nserde = {{ version = \"1\", features = [\"derive\"] }}\n"
    );
    let workspace_manifest = "[workspace]\nresolver = \"3\"\nmembers = [\"submission\", \"probe\"]\n\n[profile.dev]\ndebug = false\n\n[profile.dev.package.\"*\"]\nopt-level = 1\n";
    write_if_changed(&dir.join("Cargo.toml"), workspace_manifest.as_bytes())?;
    write_if_changed(
        &dir.join("submission/Cargo.toml"),
        submission_manifest.as_bytes(),
    )?;
    write_if_changed(&dir.join("probe/Cargo.toml"), probe_manifest.as_bytes())?;
    for (name, source) in PROBE_SOURCES {
        write_if_changed(&dir.join("probe/src").join(name), source.as_bytes())?;
    }
    copy_sources(submission, &dir.join("submission/src"))?;
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
    }
    Ok((dir, id))
}

/// A cargo command for the harness, with an environment that the student's or the
/// caller's settings cannot bend.
fn cargo(workspace: &Workspace, dir: &Path) -> Command {
    let mut command = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    command
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", workspace.root.join("target"))
        .env("CARGO_TERM_COLOR", "never");
    for variable in [
        "RUSTFLAGS",
        "CARGO_ENCODED_RUSTFLAGS",
        "RUSTC_WRAPPER",
        "RUSTC_WORKSPACE_WRAPPER",
        "CARGO_BUILD_TARGET",
        "CARGO_BUILD_RUSTFLAGS",
        "CARGO_MAKEFLAGS",
    ] {
        command.env_remove(variable);
    }
    command
}

/// Runs `cargo metadata` in the workspace at `dir`, which brings its `Cargo.lock` in
/// line with its manifests while keeping every version already locked: path packages
/// are added and unused packages dropped. Afterwards builds can be `--locked`. Tries
/// offline first and goes online only when something is not cached yet; returns
/// whether offline was enough.
pub fn sync_lock(dir: &Path) -> anyhow::Result<bool> {
    for offline in [true, false] {
        let mut command = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
        command
            .args(["metadata", "--format-version", "1", "--quiet"])
            .current_dir(dir);
        if offline {
            command.arg("--offline");
        }
        let output = command
            .stdin(Stdio::null())
            .output()
            .context("running cargo (is it installed?)")?;
        if output.status.success() {
            return Ok(offline);
        }
        if !offline {
            bail!(
                "cargo could not resolve the dependencies of {}: {}",
                dir.display(),
                first_line(&String::from_utf8_lossy(&output.stderr))
            );
        }
    }
    unreachable!("the loop returns on its last pass")
}

fn first_line(text: &str) -> &str {
    text.lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("no message")
}

/// What one `cargo build` of the probe gave.
struct Attempt {
    executable: Option<PathBuf>,
    /// Errors in the submission's own code.
    submission_errors: Vec<String>,
    /// Errors in the probe (a signature it calls does not match).
    probe_errors: Vec<String>,
    warnings: Vec<String>,
}

fn build_probe(
    workspace: &Workspace,
    dir: &Path,
    id: &str,
    features: &str,
    offline: bool,
) -> anyhow::Result<Attempt> {
    let mut command = cargo(workspace, dir);
    command.args([
        "build",
        "--locked",
        "--message-format=json",
        "-p",
        &format!("maze-probe-{id}"),
        "--features",
        features,
    ]);
    if offline {
        command.arg("--offline");
    }
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .context("running cargo build")?;
    let stderr = child.stderr.take();
    let stderr_reader = std::thread::spawn(move || {
        let mut text = String::new();
        if let Some(mut stderr) = stderr {
            let _ = std::io::Read::read_to_string(&mut stderr, &mut text);
        }
        text
    });
    let mut attempt = Attempt {
        executable: None,
        submission_errors: Vec::new(),
        probe_errors: Vec::new(),
        warnings: Vec::new(),
    };
    let stdout = child.stdout.take().context("cargo's stdout")?;
    for message in Message::parse_stream(BufReader::new(stdout)) {
        match message.context("reading cargo's messages")? {
            Message::CompilerMessage(message) => {
                let from_submission = message.target.name == "maze";
                let rendered = shorten(
                    message
                        .message
                        .rendered
                        .as_deref()
                        .unwrap_or(&message.message.message),
                );
                match (message.message.level, from_submission) {
                    (DiagnosticLevel::Error | DiagnosticLevel::Ice, true) => {
                        attempt.submission_errors.push(rendered)
                    }
                    (DiagnosticLevel::Error | DiagnosticLevel::Ice, false) => {
                        attempt.probe_errors.push(rendered)
                    }
                    (DiagnosticLevel::Warning, true) => attempt.warnings.push(rendered),
                    _ => {}
                }
            }
            Message::CompilerArtifact(artifact)
                if artifact.target.name == format!("probe-{id}") =>
            {
                attempt.executable = artifact.executable.map(|p| p.into_std_path_buf());
            }
            _ => {}
        }
    }
    let status = child.wait().context("waiting for cargo build")?;
    let stderr = stderr_reader.join().unwrap_or_default();
    if !status.success() && attempt.submission_errors.is_empty() && attempt.probe_errors.is_empty()
    {
        bail!(
            "cargo build failed without a compiler error: {}",
            first_line(&stderr)
        );
    }
    Ok(attempt)
}

/// Makes a rendered diagnostic fit a report: paths relative to the submission, at
/// most a screenful of lines.
fn shorten(rendered: &str) -> String {
    let text = rendered
        .replace("submission/src/", "src/")
        .replace("probe/src/", "(grader probe) ");
    let lines: Vec<&str> = text.trim_end().lines().collect();
    if lines.len() <= LINES_PER_ERROR {
        return lines.join("\n");
    }
    format!(
        "{}\n... ({} more lines)",
        lines[..LINES_PER_ERROR].join("\n"),
        lines.len() - LINES_PER_ERROR
    )
}

/// Joins the first few errors into one message.
fn summarize(errors: &[String]) -> String {
    let mut text = errors
        .iter()
        .take(ERRORS_SHOWN)
        .cloned()
        .collect::<Vec<_>>()
        .join("\n\n");
    if errors.len() > ERRORS_SHOWN {
        text.push_str(&format!(
            "\n\n... and {} more errors",
            errors.len() - ERRORS_SHOWN
        ));
    }
    text
}

/// Builds `submission` with the probe for every part, part by part when needed.
pub fn build(workspace: &Workspace, submission: &Path) -> anyhow::Result<Build> {
    if !submission.join("src").join("lib.rs").is_file() {
        let reason = format!(
            "{} has no src/lib.rs: a submission is a crate in the starter's layout",
            submission.display()
        );
        return Ok(Build::failed_everywhere(reason, Vec::new()));
    }
    let (dir, id) = prepare(workspace, submission)?;
    let offline = sync_lock(&dir)?;
    let all_features: Vec<&str> = Part::ALL.iter().map(|p| p.id()).collect();
    let whole = build_probe(workspace, &dir, &id, &all_features.join(","), offline)?;
    let warnings = whole.warnings.clone();
    if let Some(executable) = whole.executable {
        return Ok(Build {
            parts: Part::ALL
                .iter()
                .map(|&p| (p, Ok(executable.clone())))
                .collect(),
            warnings,
        });
    }
    if !whole.submission_errors.is_empty() {
        let reason = format!(
            "your code does not compile:\n{}",
            summarize(&whole.submission_errors)
        );
        return Ok(Build::failed_everywhere(reason, warnings));
    }
    // Only the probe failed: some signature it calls has changed. Build each part on
    // its own, keeping each probe under a name of its own.
    let mut parts = BTreeMap::new();
    for part in Part::ALL {
        let attempt = build_probe(workspace, &dir, &id, part.id(), offline)?;
        let result = match attempt.executable {
            Some(executable) => {
                let kept = dir.join(format!(
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
    Ok(Build { parts, warnings })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn submission_dependencies_match_the_starter_manifest() {
        // The starter's manifest is generated from the solution's with the workspace's
        // versions filled in, and it ships in student templates too.
        let manifest: toml::Table =
            toml::from_str(include_str!("../../starter/Cargo.toml")).unwrap();
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
        let driver_only = ["clap", "anyhow"];
        for name in theirs.keys().filter(|n| !driver_only.contains(&n.as_str())) {
            assert!(
                ours.contains_key(name),
                "{name} is missing from SUBMISSION_DEPENDENCIES"
            );
        }
    }

    #[test]
    fn ids_differ_between_directories_and_are_stable() {
        let a = submission_id(Path::new("/tmp/alice/starter"));
        assert_eq!(a, submission_id(Path::new("/tmp/alice/starter")));
        assert_ne!(a, submission_id(Path::new("/tmp/bob/starter")));
        assert!(a.starts_with("starter-"));
    }

    #[test]
    fn diagnostics_point_into_the_submission() {
        assert_eq!(
            shorten("error: x\n --> submission/src/lib.rs:3:5\n"),
            "error: x\n --> src/lib.rs:3:5"
        );
    }
}
