//! `grader sandbox-check`: what the sandbox can do on this machine, found by running
//! real trial jobs rather than guessed from kernel versions. An instructor runs it
//! inside the Gradescope image, the pod or the CI runner they will grade in: it
//! prints each layer as active or missing with what that means for a grade, then
//! each trial (a job that tries what a hostile submission would), and exits 1 when
//! `--sandbox required` would refuse to grade here.

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::Context as _;

use crate::Status;
use crate::cli::SandboxCheckArgs;
use crate::kit::Kit;
use crate::sandbox::{self, Job, Level, Limits, Mode, trial::TRIAL_ARG};

/// Prints the layers and the trials; `CheckFailed` when `required` would refuse.
pub fn run(args: &SandboxCheckArgs) -> anyhow::Result<Status> {
    let support = sandbox::support();
    println!(
        "The sandbox on this machine ({}, {}):\n",
        kernel(),
        if support.as_root {
            "running as root".to_owned()
        } else {
            format!("running as uid {}", nix::unistd::Uid::current())
        }
    );
    let mut refusals: Vec<String> = Vec::new();
    let lacks = |word: &str| support.missing.iter().find(|m| m.contains(word));

    println!("Layers");
    layer(
        true,
        "own uid",
        if support.as_root {
            "each job runs as a uid of its own (64000 and up) with no groups: it cannot touch the grader's files or processes".to_owned()
        } else {
            "each job runs in a user namespace of the grader's uid: only the namespaces keep it from the grader's files".to_owned()
        },
    );
    match support.level {
        Some(Level::Full) => layer(
            true,
            "namespaces",
            "PID, network, mount, IPC: the job sees none of the machine beyond its own files"
                .to_owned(),
        ),
        _ => layer(
            false,
            "namespaces",
            format!(
                "missing ({}): {}",
                lacks("namespaces").map_or("cannot be made here", |m| {
                    m.trim_start_matches("namespaces ").trim_matches(['(', ')'])
                }),
                if support.as_root {
                    "the container level stands in: leftovers killed by uid, no sockets but Unix ones, files kept by ownership"
                } else {
                    "as an ordinary user the sandbox needs them"
                }
            ),
        ),
    }
    layer(
        support.landlock_abi > 0,
        "Landlock",
        if support.landlock_abi > 0 {
            format!(
                "ABI {}: the kernel lets a job read only the system libraries and its own paths",
                support.landlock_abi
            )
        } else {
            "missing: at the container level only ownership and mode keep jobs from the kit's files (checked below)".to_owned()
        },
    );
    let seccomp = lacks("seccomp").is_none();
    layer(
        seccomp,
        "seccomp",
        if seccomp {
            "ptrace, mounts, namespaces, bpf, io_uring, System V IPC and every socket but Unix ones fail with EPERM".to_owned()
        } else {
            "missing: no level of the sandbox runs without it".to_owned()
        },
    );
    layer(
        true,
        "rlimits",
        "memory, processes and threads, file size and open files of each job are capped".to_owned(),
    );

    let Some(level) = support.level else {
        println!(
            "\nNo level of the sandbox can run here: --sandbox required refuses to grade.\n{}",
            support.missing_line()
        );
        return Ok(Status::CheckFailed);
    };
    println!("\nTrial jobs at the {level} level");
    let kit = Kit::locate(args.kit.as_deref()).ok();
    let work_dir = args
        .work_dir
        .clone()
        .or_else(|| kit.as_ref().map(Kit::default_work_dir));
    match trials(kit.as_ref(), work_dir.as_deref()) {
        Ok(failed) => refusals.extend(failed),
        Err(error) => refusals.push(format!("a trial job could not run: {error:#}")),
    }
    if level == Level::Container {
        match &kit {
            Some(kit) => {
                let open = super::private_paths_open_to_jobs(
                    kit,
                    work_dir.as_deref().unwrap_or(Path::new("/nonexistent")),
                );
                let ok = open.is_empty();
                layer(
                    ok,
                    "kit private by mode",
                    if ok {
                        "fixtures/, solution/ and grader/ are closed to other uids, Landlock or not"
                            .to_owned()
                    } else {
                        let names: Vec<String> =
                            open.iter().map(|p| p.display().to_string()).collect();
                        format!(
                            "{} can be read by any uid: chmod -R o-rwx {}",
                            names.join(", "),
                            names.join(" ")
                        )
                    },
                );
                if !ok {
                    refusals.push("the kit's private files can be read by any uid".to_owned());
                }
            }
            None => println!(
                "  - kit private by mode  (no kit here: give --kit DIR to check its files)"
            ),
        }
    }

    if refusals.is_empty() {
        println!("\n--sandbox required grades here, at the {level} level.");
        Ok(Status::Success)
    } else {
        println!(
            "\n--sandbox required would refuse to grade here: {}.",
            refusals.join("; ")
        );
        Ok(Status::CheckFailed)
    }
}

/// One row: ✓ or ✗, the name, what it means.
fn layer(ok: bool, name: &str, meaning: String) {
    println!("  {} {name:<20} {meaning}", if ok { "✓" } else { "✗" });
}

/// The kernel's release, for the first line.
fn kernel() -> String {
    std::fs::read_to_string("/proc/sys/kernel/osrelease")
        .map(|r| format!("Linux {}", r.trim()))
        .unwrap_or_else(|_| std::env::consts::OS.to_owned())
}

/// Runs each trial job and prints its row; returns what failed.
fn trials(kit: Option<&Kit>, work_dir: Option<&Path>) -> anyhow::Result<Vec<String>> {
    // The trial program is this binary, copied where any job's uid can run it.
    let dir = tempfile::Builder::new()
        .prefix("maze-sandbox-check-")
        .tempdir()
        .context("making a directory for the trial program")?;
    let program = dir.path().join("grader-trial");
    let me = std::env::current_exe().context("finding the grader's own binary")?;
    std::fs::copy(&me, &program).with_context(|| format!("copying {}", me.display()))?;
    #[cfg(unix)]
    {
        // The grader's own binary may be root's alone (setup.sh makes the kit so):
        // the copy is for the jobs.
        use std::os::unix::fs::PermissionsExt as _;
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755))?;
        std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755))?;
    }
    let scratch = tempfile::tempdir()?;
    let run_with = |args: &[&str], readable: &[PathBuf]| -> anyhow::Result<String> {
        let job = Job {
            args: std::iter::once(TRIAL_ARG)
                .chain(args.iter().copied())
                .map(Into::into)
                .collect(),
            cwd: scratch.path().to_owned(),
            readable: std::iter::once(dir.path().to_owned())
                .chain(readable.iter().cloned())
                .collect(),
            writable: vec![scratch.path().to_owned()],
            ..Job::new(&program)
        };
        let finished = sandbox::run(&job, Mode::Required)?;
        Ok(String::from_utf8_lossy(&finished.stdout.bytes)
            .trim()
            .to_owned())
    };
    let job = |args: &[&str]| run_with(args, &[]);
    let mut failed = Vec::new();
    let mut row = |ok: bool, name: &str, meaning: String| {
        layer(ok, name, meaning);
        if !ok {
            failed.push(format!("trial '{name}' failed"));
        }
    };

    let identity = job(&["identity"])?;
    let uid: u32 = identity
        .split_whitespace()
        .nth(1)
        .and_then(|u| u.parse().ok())
        .unwrap_or(0);
    let confined = uid != 0
        && identity.contains("no_new_privs 1")
        && identity.contains("seccomp 2")
        && (!sandbox::support().as_root || identity.contains("groups []"));
    row(
        confined,
        "identity",
        format!("the job saw itself as: {identity}"),
    );

    let listener = std::net::TcpListener::bind("127.0.0.1:0")?;
    let port = listener.local_addr()?.port().to_string();
    let connect = job(&["connect", &port])?;
    row(
        connect.starts_with("refused"),
        "no network",
        format!("a connection to a listener on 127.0.0.1: {connect}"),
    );

    let grader = std::process::id().to_string();
    let signal = job(&["signal", &grader])?;
    row(
        signal.starts_with("refused"),
        "grader untouchable",
        format!("signal 0 to the grader (pid {grader}): {signal}"),
    );

    let marker = format!("maze-sandbox-check-{}", std::process::id());
    let left = job(&["leave", &marker])?;
    std::thread::sleep(Duration::from_millis(100));
    let alive = alive_with(&marker);
    row(
        left == "started" && alive == 0,
        "nothing outlives",
        format!("a detached process the job started ({left}): {alive} still alive afterwards"),
    );

    let limits = job(&["limits"])?;
    let wanted = Limits::default();
    let expected = format!(
        "memory {} processes {}",
        wanted.memory,
        wanted.processes + u64::from(!sandbox::support().as_root) * 2
    );
    row(
        limits.starts_with(&expected),
        "limits",
        format!("inside the job: {limits}"),
    );

    // What a build reads: at the container level every directory above it must let
    // the job's uid pass (a toolchain under a private /root does not).
    match crate::harness::build_inputs() {
        Ok(inputs) => {
            let names: Vec<String> = inputs.iter().map(|p| p.display().to_string()).collect();
            let mut args = vec!["read"];
            args.extend(names.iter().map(String::as_str));
            match run_with(&args, &inputs).map_err(|e| e.to_string()) {
                Ok(read) => row(
                    !read.contains("=closed"),
                    "toolchain readable",
                    format!("what a build reads: {read}"),
                ),
                Err(error) => row(false, "toolchain readable", error),
            }
        }
        Err(error) => row(false, "toolchain readable", format!("{error:#}")),
    }

    let mut private: Vec<PathBuf> = Vec::new();
    if let Some(kit) = kit {
        private.extend([
            kit.rubric(),
            kit.snapshots(),
            kit.solution().join("src/lib.rs"),
        ]);
    }
    if let Some(work_dir) = work_dir {
        private.extend([work_dir.join("harness"), work_dir.join("targets")]);
    }
    private.retain(|p| p.exists());
    if private.is_empty() {
        println!(
            "  - {:<20} (no kit here: give --kit DIR to try its files)",
            "kit files closed"
        );
    } else {
        let names: Vec<String> = private.iter().map(|p| p.display().to_string()).collect();
        let mut args = vec!["read"];
        args.extend(names.iter().map(String::as_str));
        let read = job(&args)?;
        row(
            !read.contains("=read"),
            "kit files closed",
            format!("the job tried the kit's secrets and builds: {read}"),
        );
    }
    Ok(failed)
}

/// How many processes of the machine have `marker` as a whole argument: another
/// check's `maze-sandbox-check-12345` is not this one's `maze-sandbox-check-1234`.
fn alive_with(marker: &str) -> usize {
    sandbox::pids()
        .into_iter()
        .filter(|pid| {
            std::fs::read(format!("/proc/{pid}/cmdline"))
                .is_ok_and(|c| c.split(|b| *b == 0).any(|arg| arg == marker.as_bytes()))
        })
        .count()
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    #[test]
    fn a_leftover_is_found_by_its_whole_marker_not_by_a_longer_one() {
        let marker = format!("maze-sandbox-check-{}7", std::process::id());
        // `sh -c SCRIPT NAME`: NAME is the shell's $0, a whole argument of its own. The
        // script is a builtin waiting on stdin, so the shell neither forks nor execs.
        let mut child = std::process::Command::new("sh")
            .args(["-c", "read line", &marker])
            .stdin(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        // The command line is readable a moment after the spawn: the kernel closes the
        // spawner's pipe before it lays out the new program's arguments.
        let deadline = std::time::Instant::now() + Duration::from_secs(5);
        while alive_with(&marker) == 0 && std::time::Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(5));
        }
        let whole = alive_with(&marker);
        let shorter = alive_with(&marker[..marker.len() - 1]);
        drop(child.stdin.take());
        child.wait().unwrap();
        assert_eq!((whole, shorter), (1, 0));
    }
}
