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
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use anyhow::{Context as _, bail};
use cargo_metadata::Message;
use cargo_metadata::diagnostic::DiagnosticLevel;

use crate::checks::Part;
use crate::sandbox::{self, Exit, Job, Mode};

/// The probe's sources, built into the grader so that it cannot drift from the judges.
const PROBE_SOURCES: [(&str, &str); 7] = [
    ("lib.rs", include_str!("../probe/src/lib.rs")),
    ("main.rs", include_str!("../probe/src/main.rs")),
    ("part1.rs", include_str!("../probe/src/part1.rs")),
    ("part2.rs", include_str!("../probe/src/part2.rs")),
    ("part3.rs", include_str!("../probe/src/part3.rs")),
    ("part4.rs", include_str!("../probe/src/part4.rs")),
    ("part5.rs", include_str!("../probe/src/part5.rs")),
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
    /// The starter's pristine `src/` (the kit's own copy, never the submission's):
    /// when one part of a submission does not compile, its files are replaced by
    /// these stubs so that the other part can still be graded.
    pub stubs: Option<PathBuf>,
    /// How strictly builds are sandboxed.
    pub sandbox: Mode,
    /// Whether builds say on stderr what they are doing (a spinner on a terminal, a
    /// plain line otherwise): on for a person waiting on one submission, off where a
    /// caller shows progress of its own (`grade-all`).
    pub progress: bool,
}

/// A note on stderr for as long as a build step runs: a spinner with `message` when
/// stderr is a terminal, one plain line otherwise, nothing when the workspace does not
/// ask for it. Never on stdout, where reports go.
struct Note(Option<indicatif::ProgressBar>);

impl Note {
    fn new(workspace: &Workspace, message: &'static str) -> Note {
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

/// Lays out the harness `id` with `sources` and returns its directory.
fn prepare(workspace: &Workspace, id: &str, sources: &Sources) -> anyhow::Result<PathBuf> {
    let dir = workspace.root.join("harness").join(id);
    private_dir(&dir)?;
    let submission_manifest = format!(
        "[package]\nname = \"maze-submission-{id}\"\nversion = \"0.1.0\"\nedition = \"2024\"\nbuild = false\nautobins = false\nautoexamples = false\nautotests = false\nautobenches = false\n\n[lib]\nname = \"maze\"\npath = \"src/lib.rs\"\n\n[dependencies]\n{SUBMISSION_DEPENDENCIES}"
    );
    let features: String = Part::ALL
        .iter()
        .map(|part| format!("{} = []\n", part.id()))
        .collect();
    let probe_manifest = format!(
        "[package]\nname = \"maze-probe-{id}\"\nversion = \"0.1.0\"\nedition = \"2024\"\nbuild = false\n\n[lib]\nname = \"maze_probe\"\npath = \"src/lib.rs\"\n\n[[bin]]\nname = \"probe-{id}\"\npath = \"src/main.rs\"\n\n[features]\n{features}\n[dependencies]\nmaze = {{ path = \"../submission\", package = \"maze-submission-{id}\" }}\nserde_json = \"1\"\nserde = {{ version = \"1\", features = [\"derive\"] }}\n"
    );
    let workspace_manifest = "[workspace]\nresolver = \"3\"\nmembers = [\"submission\", \"probe\"]\n\n[profile.dev]\ndebug = false\n\n[profile.dev.package.\"*\"]\nopt-level = 1\n";
    let mut manifests_changed =
        write_if_changed(&dir.join("Cargo.toml"), workspace_manifest.as_bytes())?;
    manifests_changed |= write_if_changed(
        &dir.join("submission/Cargo.toml"),
        submission_manifest.as_bytes(),
    )?;
    manifests_changed |=
        write_if_changed(&dir.join("probe/Cargo.toml"), probe_manifest.as_bytes())?;
    for (name, source) in PROBE_SOURCES {
        write_if_changed(&dir.join("probe/src").join(name), source.as_bytes())?;
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

/// Marks a harness whose lock was brought in line with its manifests, which stay
/// unchanged while only the submission's sources change.
const SYNCED: &str = "lock-synced";

/// Syncs the lock of the harness at `dir` unless it is already in line; returns
/// whether builds can be offline.
fn sync_once(dir: &Path) -> anyhow::Result<bool> {
    if dir.join(SYNCED).is_file() {
        return Ok(true);
    }
    let offline = sync_lock(dir)?;
    fs::write(dir.join(SYNCED), b"")
        .with_context(|| format!("writing {}", dir.join(SYNCED).display()))?;
    Ok(offline)
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

/// The target directory of the harness `id`: one per harness, so that no build can
/// read or change another submission's artifacts (or the reference's probe).
fn target_dir(workspace: &Workspace, id: &str) -> PathBuf {
    workspace.root.join("targets").join(id)
}

/// The dependencies, built once by the grader from the starter's stubs.
fn seed_dir(workspace: &Workspace) -> PathBuf {
    workspace.root.join("targets").join(SEED_ID)
}

/// The seed's harness id: submission ids end in a 12-digit hash, so none is this.
const SEED_ID: &str = "seed-dependencies";

/// Marks a seed whose build finished.
const SEEDED: &str = "seeded";

/// Gives a new harness target directory a copy of the seed (the dependencies already
/// built, with their timestamps, so cargo finds them fresh), building the seed first
/// when there is none. Without a seed, or where copying fails, the harness simply
/// builds its dependencies itself.
fn seed_target(workspace: &Workspace, id: &str) -> anyhow::Result<()> {
    let target = target_dir(workspace, id);
    if target.exists() || !cfg!(unix) {
        return Ok(());
    }
    let Some(stubs) = workspace.stubs.as_deref() else {
        return Ok(());
    };
    let seed = seed_dir(workspace);
    // Graders running at once (a class graded in parallel, tests) build the seed once.
    let _seeding = lock(workspace, SEED_ID)?;
    if !seed.join(SEEDED).is_file() {
        let _note = Note::new(
            workspace,
            "building dependencies — first time only, about a minute…",
        );
        let sources = read_sources(stubs)
            .map_err(|problem| anyhow::anyhow!("the kit's starter stubs: {problem}"))?;
        let dir = prepare(workspace, SEED_ID, &sources)?;
        let offline = sync_once(&dir)?;
        let all: Vec<&str> = Part::ALL.iter().map(|p| p.id()).collect();
        let attempt = build_probe_into(workspace, &dir, SEED_ID, &seed, &all.join(","), offline)?;
        if attempt.executable.is_none() {
            return Ok(());
        }
        fs::write(seed.join(SEEDED), b"")?;
    }
    if let Some(parent) = target.parent() {
        fs::create_dir_all(parent)?;
    }
    let copied = Command::new("cp")
        .args(["-a", "--reflink=auto"])
        .arg(&seed)
        .arg(&target)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
    if !copied.is_ok_and(|status| status.success()) {
        let _ = fs::remove_dir_all(&target);
    }
    Ok(())
}

/// The toolchain builds run with: the real `cargo` and `rustc` of the sysroot (not
/// rustup's proxies), found once.
struct Toolchain {
    sysroot: PathBuf,
    cargo: PathBuf,
    rustc: PathBuf,
}

/// Looks the toolchain up now, so that the first build does not wait for it; what it
/// finds (or why it failed) is kept for the build.
pub fn find_toolchain() {
    let _ = toolchain();
}

/// What a build job reads besides the harness: the toolchain's sysroot and the
/// user's crate registry (for `grader sandbox-check`).
#[cfg(feature = "instructor")]
pub fn build_inputs() -> anyhow::Result<Vec<PathBuf>> {
    let user = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".cargo")))
        .context("neither CARGO_HOME nor HOME is set")?;
    Ok(vec![toolchain()?.sysroot.clone(), user.join("registry")])
}

fn toolchain() -> anyhow::Result<&'static Toolchain> {
    static TOOLCHAIN: OnceLock<Result<Toolchain, String>> = OnceLock::new();
    TOOLCHAIN
        .get_or_init(|| {
            let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
            let output = Command::new(&rustc)
                .args(["--print", "sysroot"])
                .stdin(Stdio::null())
                .output()
                .map_err(|error| format!("running rustc --print sysroot: {error}"))?;
            let sysroot = PathBuf::from(String::from_utf8_lossy(&output.stdout).trim());
            let bin = sysroot.join("bin");
            let exe = std::env::consts::EXE_SUFFIX;
            let (cargo, rustc) = (
                bin.join(format!("cargo{exe}")),
                bin.join(format!("rustc{exe}")),
            );
            if !output.status.success() || !cargo.is_file() || !rustc.is_file() {
                return Err(format!(
                    "no cargo and rustc in the toolchain's sysroot {}",
                    sysroot.display()
                ));
            }
            Ok(Toolchain {
                sysroot,
                cargo,
                rustc,
            })
        })
        .as_ref()
        .map_err(|problem| anyhow::anyhow!("{problem}"))
}

/// The grader's own `CARGO_HOME`: only the crate registry (a link to the user's) is
/// shared, so no `config.toml` or credentials of the user's are read by a build.
fn cargo_home(workspace: &Workspace) -> anyhow::Result<(PathBuf, PathBuf)> {
    let user = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".cargo")))
        .context("neither CARGO_HOME nor HOME is set")?;
    let registry = user.join("registry");
    fs::create_dir_all(&registry).with_context(|| format!("creating {}", registry.display()))?;
    let home = workspace.root.join("cargo-home");
    fs::create_dir_all(&home).with_context(|| format!("creating {}", home.display()))?;
    #[cfg(unix)]
    if fs::symlink_metadata(home.join("registry")).is_err() {
        std::os::unix::fs::symlink(&registry, home.join("registry"))
            .with_context(|| format!("linking {}", home.join("registry").display()))?;
    }
    Ok((home, registry))
}

/// `cargo build` in the sandbox: it may read the toolchain and the crate registry,
/// and read and write only its own harness and target directory, so no `include_str!`
/// or `#[path]` of a student's reaches a file outside them. Returns cargo's stdout,
/// its stderr and whether it succeeded.
fn sandboxed_cargo(
    workspace: &Workspace,
    dir: &Path,
    target: &Path,
    args: &[&str],
) -> anyhow::Result<(Vec<u8>, String, bool)> {
    let toolchain = toolchain()?;
    let (home, registry) = cargo_home(workspace)?;
    private_dir(target)?;
    let tmp = target.join("tmp-build");
    fs::create_dir_all(&tmp).with_context(|| format!("creating {}", tmp.display()))?;
    let path = std::env::join_paths([
        toolchain.sysroot.join("bin"),
        "/usr/bin".into(),
        "/bin".into(),
    ])?;
    let job = Job {
        args: args.iter().map(Into::into).collect(),
        env: vec![
            ("PATH".into(), path),
            ("HOME".into(), tmp.clone().into()),
            ("TMPDIR".into(), tmp.clone().into()),
            ("CARGO_HOME".into(), home.clone().into()),
            ("RUSTC".into(), toolchain.rustc.clone().into()),
            ("CARGO_TARGET_DIR".into(), target.into()),
            ("CARGO_TERM_COLOR".into(), "never".into()),
        ],
        cwd: dir.to_path_buf(),
        readable: vec![
            toolchain.sysroot.clone(),
            home,
            registry,
            "/usr/bin".into(),
            "/bin".into(),
            "/usr/libexec".into(),
        ],
        // The harness is private to this submission (0700): the build's uid gets it
        // for the run. No student code runs in a build (no build script, no
        // procedural macro of the student's), only the compiler reading it.
        writable: vec![target.to_path_buf(), dir.to_path_buf()],
        limits: sandbox::Limits {
            output: 32 * 1024 * 1024,
            ..sandbox::Limits::build()
        },
        ..Job::new(&toolchain.cargo)
    };
    let finished = sandbox::run(&job, workspace.sandbox)?;
    let stderr = String::from_utf8_lossy(&finished.stderr.bytes).into_owned();
    let success = finished.exit == Exit::Code(0);
    if finished.exit == Exit::TimedOut {
        bail!("cargo build ran out of its time limit");
    }
    Ok((finished.stdout.bytes, stderr, success))
}

/// Holds the lock named `name` in the work dir until dropped: one build of a
/// harness (or of the seed) at a time, across processes.
fn lock(workspace: &Workspace, name: &str) -> anyhow::Result<fs::File> {
    let dir = workspace.root.join("locks");
    fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    let path = dir.join(format!("{name}.lock"));
    let file = fs::File::create(&path).with_context(|| format!("creating {}", path.display()))?;
    file.lock()
        .with_context(|| format!("locking {}", path.display()))?;
    Ok(file)
}

/// A cargo command for the harness, with an environment that the student's or the
/// caller's settings cannot bend.
fn cargo(dir: &Path, target: &Path) -> Command {
    let mut command = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    command
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", target)
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
    /// The files (below `src/`) those errors are in; `None` for an error without a
    /// place.
    error_files: Vec<Option<PathBuf>>,
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
    seed_target(workspace, id)?;
    build_probe_into(
        workspace,
        dir,
        id,
        &target_dir(workspace, id),
        features,
        offline,
    )
}

fn build_probe_into(
    workspace: &Workspace,
    dir: &Path,
    id: &str,
    target: &Path,
    features: &str,
    offline: bool,
) -> anyhow::Result<Attempt> {
    let package = format!("maze-probe-{id}");
    let mut args = vec![
        "build",
        "--locked",
        "--message-format=json",
        "-p",
        &package,
        "--features",
        features,
    ];
    if offline {
        args.push("--offline");
    }
    let (stdout, stderr, success) = if workspace.sandbox == Mode::Off || !cfg!(unix) {
        let output = cargo(dir, target)
            .args(&args)
            .stdin(Stdio::null())
            .output()
            .context("running cargo build")?;
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        (output.stdout, stderr, output.status.success())
    } else {
        sandboxed_cargo(workspace, dir, target, &args)?
    };
    let mut attempt = Attempt {
        executable: None,
        submission_errors: Vec::new(),
        error_files: Vec::new(),
        probe_errors: Vec::new(),
        warnings: Vec::new(),
    };
    for message in Message::parse_stream(stdout.as_slice()) {
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
                        attempt.submission_errors.push(rendered);
                        let file = message
                            .message
                            .spans
                            .iter()
                            .find(|span| span.is_primary)
                            .and_then(|span| {
                                Path::new(&span.file_name)
                                    .strip_prefix("submission/src")
                                    .ok()
                                    .map(Path::to_path_buf)
                            });
                        attempt.error_files.push(file);
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
    if !success && attempt.submission_errors.is_empty() && attempt.probe_errors.is_empty() {
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
    let sources = match read_sources(submission) {
        Ok(sources) => sources,
        Err(reason) => return Ok(Build::failed_everywhere(reason, Vec::new())),
    };
    let id = submission_id(submission);
    // One grading of this submission builds at a time (its harness and target dir).
    let _building = lock(workspace, &id)?;
    let dir = prepare(workspace, &id, &sources)?;
    let offline = sync_once(&dir)?;
    // The dependencies first (the first time only), each step with its own note.
    seed_target(workspace, &id)?;
    let _note = Note::new(workspace, "building your code…");
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
        return rescue(workspace, &id, &sources, &whole, reason, warnings);
    }
    // Only the probe failed: some signature it calls has changed. Build each part on
    // its own, keeping each probe under a name of its own.
    let mut parts = BTreeMap::new();
    // Beside the build (a directory of its own, as readable as target/debug is), not
    // in the harness, which only the build's uid may enter.
    let kept_dir = target_dir(workspace, &id).join("kept");
    fs::create_dir_all(&kept_dir).with_context(|| format!("creating {}", kept_dir.display()))?;
    for part in Part::ALL {
        let attempt = build_probe(workspace, &dir, &id, part.id(), offline)?;
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
    Ok(Build { parts, warnings })
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
) -> anyhow::Result<Build> {
    let broken: BTreeSet<Part> = whole
        .error_files
        .iter()
        .flat_map(|file| match file {
            Some(file) => vec![Part::owning(file)],
            None => Part::ALL.to_vec(),
        })
        .collect();
    let healthy: Vec<Part> = Part::ALL
        .into_iter()
        .filter(|p| !broken.contains(p))
        .collect();
    let Some(stubs) = workspace.stubs.as_deref().filter(|_| !healthy.is_empty()) else {
        return Ok(Build::failed_everywhere(reason, warnings));
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
    let dir = prepare(workspace, &rescued, &patched)?;
    let offline = sync_once(&dir)?;
    let features: Vec<&str> = healthy.iter().map(|p| p.id()).collect();
    let attempt = build_probe(workspace, &dir, &rescued, &features.join(","), offline)?;
    let Some(executable) = attempt.executable else {
        return Ok(Build::failed_everywhere(reason, warnings));
    };
    let parts = Part::ALL
        .into_iter()
        .map(|part| {
            let result = if broken.contains(&part) {
                Err(reason.clone())
            } else {
                Ok(executable.clone())
            };
            (part, result)
        })
        .collect();
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
        let driver_only = ["clap", "anyhow", "ratatui", "crossterm"];
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
