//! Running cargo for a harness: the toolchain's real cargo and rustc, the grader's
//! own cargo home, the dependencies built once as a seed for every harness, and the
//! build itself in the sandbox.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use anyhow::{Context as _, bail};

use super::layout::{prepare, private_dir, read_sources, sync_once};
use super::probe::build_probe_into;
use super::{Note, Workspace};
use crate::checks::Part;
use crate::sandbox::{self, Exit, Job};

/// The target directory of the harness `id`: one per harness, so that no build can
/// read or change another submission's artifacts (or the reference's probe).
pub(super) fn target_dir(workspace: &Workspace, id: &str) -> PathBuf {
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
pub(super) fn seed_target(workspace: &Workspace, id: &str) -> anyhow::Result<()> {
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
pub(super) fn sandboxed_cargo(
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
pub(super) fn lock(workspace: &Workspace, name: &str) -> anyhow::Result<fs::File> {
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
pub(super) fn cargo(dir: &Path, target: &Path) -> Command {
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

pub(super) fn first_line(text: &str) -> &str {
    text.lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("no message")
}
