//! Running cargo for a harness: the toolchain's real cargo and rustc, the grader's
//! own cargo home, the harness's lock brought in line with its manifests, and the
//! build itself in the sandbox.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::Duration;

use anyhow::{Context as _, bail};

use super::layout::{SYNCED, private_dir, write_wrapper};
use super::{Workspace, clippy};
use crate::sandbox::{self, Exit, Job, usage};

/// The target directory of the harness `id`: one per harness, so that no build can
/// read or change another submission's artifacts (or the reference's probe).
pub(super) fn target_dir(workspace: &Workspace, id: &str) -> PathBuf {
    workspace.root.join("targets").join(id)
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
    Ok(vec![
        toolchain()?.sysroot.clone(),
        user_cargo_home()?.join("registry"),
    ])
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

/// The toolchain's `clippy-driver`, when clippy is installed with it.
pub fn clippy_driver() -> anyhow::Result<PathBuf> {
    let sysroot = &toolchain()?.sysroot;
    let driver = sysroot
        .join("bin")
        .join(format!("clippy-driver{}", std::env::consts::EXE_SUFFIX));
    if driver.is_file() {
        Ok(driver)
    } else {
        bail!(
            "clippy is not installed with the toolchain at {} (rustup component add clippy)",
            sysroot.display()
        )
    }
}

/// The user's cargo home, whose crate registry the builds read.
fn user_cargo_home() -> anyhow::Result<PathBuf> {
    std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".cargo")))
        .context("neither CARGO_HOME nor HOME is set")
}

/// The folder, inside the user's cargo home, that builds use as theirs.
const GRADER_HOME: &str = "perfect-mazes-grader";

/// The grader's own `CARGO_HOME`: only the crate registry (a link to the user's) is
/// shared, so no `config.toml` or credentials of the user's are read by a build.
///
/// It lives in the user's cargo home, beside the registry, and not in the work dir:
/// cargo fingerprints a registry crate by the absolute path of its sources
/// (`$CARGO_HOME/registry/src/…`), so a home inside the work dir would make a work
/// dir seeded once and then copied or mounted elsewhere (a Slurm task's scratch, a
/// restored CI cache) rebuild every dependency. Where the user's cargo home cannot
/// take it (read-only), the work dir's is used, and a copied seed rebuilds.
///
/// Returns the home, the registry and the rustc wrapper written there (see
/// [`super::layout::write_wrapper`]).
fn cargo_home(workspace: &Workspace) -> anyhow::Result<(PathBuf, PathBuf, PathBuf)> {
    let user = user_cargo_home()?;
    let registry = user.join("registry");
    fs::create_dir_all(&registry).with_context(|| format!("creating {}", registry.display()))?;
    let beside = user.join(GRADER_HOME);
    let (home, wrapper) = match home_with_registry(&beside, Path::new("../registry"))
        .and_then(|()| write_wrapper(&beside))
    {
        Ok(wrapper) => (beside, wrapper),
        Err(_) => {
            let inside = workspace.root.join("cargo-home");
            home_with_registry(&inside, &registry)?;
            let wrapper = write_wrapper(&inside)?;
            (inside, wrapper)
        }
    };
    Ok((home, registry, wrapper))
}

/// Makes `home` a cargo home whose `registry` is a link to `registry`.
fn home_with_registry(home: &Path, registry: &Path) -> anyhow::Result<()> {
    fs::create_dir_all(home).with_context(|| format!("creating {}", home.display()))?;
    #[cfg(unix)]
    if fs::symlink_metadata(home.join("registry")).is_err() {
        match std::os::unix::fs::symlink(registry, home.join("registry")) {
            // Another grader made it meanwhile.
            Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => {}
            other => {
                other.with_context(|| format!("linking {}", home.join("registry").display()))?
            }
        }
    }
    Ok(())
}

/// `cargo build` in the sandbox: it may read the toolchain and the crate registry,
/// and read and write only its own harness and target directory, so no `include_str!`
/// or `#[path]` of a student's reaches a file outside them.
pub(super) fn sandboxed_cargo(
    workspace: &Workspace,
    dir: &Path,
    target: &Path,
    args: &[&str],
) -> anyhow::Result<CargoRun> {
    let toolchain = toolchain()?;
    let (home, registry, wrapper) = cargo_home(workspace)?;
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
            ("RUSTC_WORKSPACE_WRAPPER".into(), wrapper.into()),
        ]
        .into_iter()
        .chain(incremental(workspace).map(|value| ("CARGO_INCREMENTAL".into(), value.into())))
        // The job's environment holds only what is listed: clippy's variables when
        // it lints, none otherwise.
        .chain(
            clippy::environment(dir, workspace.clippy.as_ref())
                .into_iter()
                .filter_map(|(name, value)| Some((name, value?))),
        )
        .collect(),
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
    Ok(CargoRun {
        stdout: finished.stdout.bytes,
        stderr,
        success,
        cpu: finished.usage.cpu,
    })
}

/// What a cargo build printed, whether it succeeded and what CPU it took.
pub(super) struct CargoRun {
    pub(super) stdout: Vec<u8>,
    pub(super) stderr: String,
    pub(super) success: bool,
    pub(super) cpu: Option<Duration>,
}

/// `CARGO_INCREMENTAL` for the harness's builds: a class's builds are each made once
/// and gain nothing from what incremental compilation saves (it costs a third more
/// to make a crate from nothing), so it is forced off (`0`); a student's re-grade
/// after an edit gains, and gets cargo's default (on for the harness's own crates).
/// Never forced on: that would override the wire's own setting (off, see
/// [`super::layout`]), and the wire must stay the seed's whichever command built it.
pub(super) fn incremental(workspace: &Workspace) -> Option<&'static str> {
    (!workspace.incremental).then_some("0")
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
pub(super) fn cargo(workspace: &Workspace, dir: &Path, target: &Path) -> anyhow::Result<Command> {
    let (home, _, wrapper) = cargo_home(workspace)?;
    let mut command = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    command
        .current_dir(dir)
        .env("CARGO_HOME", home)
        .env("CARGO_TARGET_DIR", target)
        .env("CARGO_TERM_COLOR", "never")
        .env_remove("CARGO_INCREMENTAL");
    if let Some(value) = incremental(workspace) {
        command.env("CARGO_INCREMENTAL", value);
    }
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
    for (name, value) in clippy::environment(dir, workspace.clippy.as_ref()) {
        match value {
            Some(value) => command.env(name, value),
            None => command.env_remove(name),
        };
    }
    // A shell script: where there is no sh (Windows), builds go untimed, and clippy's
    // driver is the wrapper itself (it lints the probe too, whose findings are not
    // the student's and are left out).
    if cfg!(unix) {
        command.env("RUSTC_WORKSPACE_WRAPPER", wrapper);
    } else if let Some(clippy) = &workspace.clippy {
        command.env("RUSTC_WORKSPACE_WRAPPER", &clippy.driver);
    }
    Ok(command)
}

/// Syncs the lock of the harness at `dir` unless it is already in line; returns
/// whether builds can be offline, and the CPU time that took.
pub(super) fn sync_once(dir: &Path) -> anyhow::Result<(bool, Duration)> {
    if dir.join(SYNCED).is_file() {
        return Ok((true, Duration::ZERO));
    }
    let (offline, cpu) = sync_lock_counted(dir)?;
    fs::write(dir.join(SYNCED), b"")
        .with_context(|| format!("writing {}", dir.join(SYNCED).display()))?;
    Ok((offline, cpu))
}

/// Brings the `Cargo.lock` of the workspace at `dir` in line with its manifests while
/// keeping every version already locked (path packages added, unused packages
/// dropped), for a workspace that is shipped rather than built here (the Gradescope
/// package, the student template). `cargo update --workspace` resolves from the
/// registry's index alone: unlike `cargo metadata` it downloads no package, so a
/// machine that built the grader (the kit's image) needs no network for it, though
/// the lock names packages for other platforms. Tries offline first.
#[cfg(feature = "instructor")]
pub fn sync_lock(dir: &Path) -> anyhow::Result<()> {
    offline_first(dir, &["update", "--workspace", "--quiet"]).map(drop)
}

/// Runs `cargo metadata` in the workspace at `dir`, which brings its `Cargo.lock` in
/// line with its manifests as [`sync_lock`] does, and downloads every package the
/// lock names, so that afterwards builds can be `--locked`, and `--offline` when
/// offline was enough here (which it returns), and the CPU time it took.
fn sync_lock_counted(dir: &Path) -> anyhow::Result<(bool, Duration)> {
    offline_first(dir, &["metadata", "--format-version", "1", "--quiet"])
}

/// Runs cargo with `args` in `dir`, offline first, online only when something is not
/// cached yet; returns whether offline was enough, and the CPU time it took.
fn offline_first(dir: &Path, args: &[&str]) -> anyhow::Result<(bool, Duration)> {
    let mut cpu = Duration::ZERO;
    for offline in [true, false] {
        let mut command = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
        command.args(args).current_dir(dir);
        if offline {
            command.arg("--offline");
        }
        let (output, spent) = usage::output(command.stdin(Stdio::null()))
            .context("running cargo (is it installed?)")?;
        cpu += spent.unwrap_or_default();
        if output.status.success() {
            return Ok((offline, cpu));
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
