//! The programs of `grader sandbox-check`'s trial jobs: the grader's own binary,
//! started in the sandbox as `grader __sandbox-trial WHAT …`, tries one thing a
//! hostile submission would and prints one line saying how it went. The check
//! (`commands::sandbox_check`) reads those lines; nothing here decides anything.

use std::ffi::OsString;
use std::io::Write as _;
use std::time::Duration;

/// The hidden first argument that runs a trial program.
pub const TRIAL_ARG: &str = "__sandbox-trial";

/// Runs the trial named by `args[0]`; returns the process's exit code.
pub fn main(args: &[OsString]) -> i32 {
    let args: Vec<String> = args
        .iter()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    let line = match words.as_slice() {
        ["identity"] => identity(),
        ["connect", port] => connect(port),
        ["signal", pid] => signal(pid),
        ["read", paths @ ..] => read(paths),
        ["limits"] => limits(),
        ["leave", marker] => leave(marker),
        ["linger", _marker] => {
            std::thread::sleep(Duration::from_secs(120));
            return 0;
        }
        _ => {
            eprintln!("unknown trial {words:?}");
            return 2;
        }
    };
    let mut out = std::io::stdout();
    let _ = writeln!(out, "{line}");
    0
}

/// `uid GID… no_new_privs seccomp`: who the job is.
fn identity() -> String {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .map(|v| v.split_whitespace().collect::<Vec<_>>().join(" "))
            .unwrap_or_default()
    };
    format!(
        "uid {} groups [{}] no_new_privs {} seccomp {}",
        field("Uid:").split(' ').next().unwrap_or_default(),
        field("Groups:"),
        field("NoNewPrivs:"),
        field("Seccomp:")
    )
}

/// `connected` or `refused: …`: a TCP connection to 127.0.0.1.
fn connect(port: &str) -> String {
    let Ok(port) = port.parse::<u16>() else {
        return "refused: bad port".to_owned();
    };
    match std::net::TcpStream::connect_timeout(
        &std::net::SocketAddr::from(([127, 0, 0, 1], port)),
        Duration::from_secs(2),
    ) {
        Ok(_) => "connected".to_owned(),
        Err(error) => format!("refused: {error}"),
    }
}

/// `signalled` or `refused: …`: signal 0 (existence and permission only) to a pid.
fn signal(pid: &str) -> String {
    let Ok(pid) = pid.parse::<i32>() else {
        return "refused: bad pid".to_owned();
    };
    // SAFETY: signal 0 is never delivered; kill only checks existence and permission.
    if unsafe { libc::kill(pid, 0) } == 0 {
        "signalled".to_owned()
    } else {
        format!("refused: {}", std::io::Error::last_os_error())
    }
}

/// One word per path: `read` or `closed`.
fn read(paths: &[&str]) -> String {
    paths
        .iter()
        .map(|path| {
            let opened = std::fs::File::open(path).is_ok() || std::fs::read_dir(path).is_ok();
            format!("{path}={}", if opened { "read" } else { "closed" })
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The limits in force: address space, processes, file size, open files.
fn limits() -> String {
    let get = |resource| {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit writes one struct we own.
        unsafe { libc::getrlimit(resource, &mut limit) };
        limit.rlim_cur
    };
    format!(
        "memory {} processes {} file_size {} open_files {}",
        get(libc::RLIMIT_AS),
        get(libc::RLIMIT_NPROC),
        get(libc::RLIMIT_FSIZE),
        get(libc::RLIMIT_NOFILE)
    )
}

/// Starts a detached process (its own session) that would sleep two minutes, and
/// exits at once: it must not outlive the job.
fn leave(marker: &str) -> String {
    use std::os::unix::process::CommandExt as _;
    let Ok(me) = std::env::current_exe() else {
        return "not started: no path to this program".to_owned();
    };
    let mut command = std::process::Command::new(me);
    command
        .args([TRIAL_ARG, "linger", marker])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
    // SAFETY: setsid is async-signal-safe.
    unsafe {
        command.pre_exec(|| {
            libc::setsid();
            Ok(())
        });
    }
    match command.spawn() {
        Ok(_) => "started".to_owned(),
        Err(error) => format!("not started: {error}"),
    }
}
