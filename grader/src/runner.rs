//! Running one check: the probe in a process of its own, in a new process group,
//! with a time limit after which the whole group is killed, and stdout and stderr
//! captured up to a cap. The student's code runs in that process; nothing it prints
//! or returns as an exit code decides the check — only the result file does, and the
//! grader judges its contents.

use std::io::Read;
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use process_wrap::std::*;
use serde::Deserialize;
use serde_json::Value;

/// How much of each output stream is kept.
pub const OUTPUT_CAP: usize = 16 * 1024;

/// What became of a check's process.
#[derive(Debug, Clone, PartialEq)]
pub enum RunOutcome {
    /// The probe reported data, to be judged.
    Reported(Value),
    /// The code panicked (including `todo!()`).
    Panicked {
        /// The panic's message.
        message: String,
        /// Where, as `file:line`, when known.
        location: Option<String>,
    },
    /// The process died: a stack overflow, an abort, a signal.
    Crashed(String),
    /// The time limit ran out and the process group was killed.
    TimedOut(Duration),
    /// The process ended by itself without reporting anything.
    NoReport(String),
}

/// A finished run.
#[derive(Debug, Clone)]
pub struct Run {
    /// What happened.
    pub outcome: RunOutcome,
    /// What the process printed, capped.
    pub stdout: String,
    /// What it printed on stderr, capped, without the probe's own marker lines.
    pub stderr: String,
    /// How long it ran.
    pub duration: Duration,
}

const PANIC_MARKER: &str = "@@maze-probe-panic@@";

#[derive(Deserialize)]
struct PanicReport {
    message: String,
    location: Option<String>,
}

/// Reads up to `OUTPUT_CAP` bytes of a stream on a thread of its own, draining and
/// dropping the rest so the child never blocks on a full pipe.
fn capture(stream: Option<impl Read + Send + 'static>) -> thread::JoinHandle<String> {
    thread::spawn(move || {
        let Some(mut stream) = stream else {
            return String::new();
        };
        let mut kept = Vec::new();
        let mut buffer = [0u8; 8192];
        let mut truncated = false;
        while let Ok(n) = stream.read(&mut buffer) {
            if n == 0 {
                break;
            }
            let room = OUTPUT_CAP.saturating_sub(kept.len());
            kept.extend_from_slice(&buffer[..n.min(room)]);
            truncated |= n > room;
        }
        let mut text = String::from_utf8_lossy(&kept).into_owned();
        if truncated {
            text.push_str("\n[output cut at 16 KiB]");
        }
        text
    })
}

/// Runs check `name` with the probe at `probe`, reading fixtures from `fixtures`.
pub fn run(
    probe: &Path,
    name: &str,
    fixtures: &Path,
    time_limit: Duration,
) -> std::io::Result<Run> {
    let scratch = tempfile::tempdir()?;
    let result_file = scratch.path().join("result.json");
    let mut command = Command::new(probe);
    command
        .arg(name)
        .arg(fixtures)
        .arg(&result_file)
        .current_dir(scratch.path())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .env("RUST_BACKTRACE", "0");
    let mut wrapped = CommandWrap::from(command);
    #[cfg(unix)]
    wrapped.wrap(ProcessGroup::leader());
    #[cfg(windows)]
    wrapped.wrap(JobObject);

    let started = Instant::now();
    let mut child = wrapped.spawn()?;
    let stdout = capture(child.stdout().take());
    let stderr = capture(child.stderr().take());
    let mut timed_out = false;
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break status;
        }
        if started.elapsed() >= time_limit {
            timed_out = true;
            // Kill the whole group: threads and any processes the code started.
            let _ = child.kill();
            break child.wait()?;
        }
        thread::sleep(Duration::from_millis(5));
    };
    let duration = started.elapsed();
    let stdout = stdout.join().unwrap_or_default();
    let raw_stderr = stderr.join().unwrap_or_default();

    let panic = raw_stderr
        .lines()
        .filter_map(|line| line.strip_prefix(PANIC_MARKER))
        .find_map(|json| serde_json::from_str::<PanicReport>(json).ok());
    let stderr: String = raw_stderr
        .lines()
        .filter(|line| !line.starts_with(PANIC_MARKER))
        .collect::<Vec<_>>()
        .join("\n");

    let outcome = if timed_out {
        RunOutcome::TimedOut(time_limit)
    } else if let Some(report) = read_result(&result_file, name).filter(|_| status.success()) {
        report
    } else if let Some(panic) = panic {
        RunOutcome::Panicked {
            message: panic.message,
            location: panic.location,
        }
    } else if let Some(crash) = crash_reason(status, &raw_stderr) {
        RunOutcome::Crashed(crash)
    } else {
        RunOutcome::NoReport(format!(
            "the check ended without reporting a result: the code ended the process itself (exit code {})",
            status.code().map_or("none".to_owned(), |c| c.to_string())
        ))
    };
    Ok(Run {
        outcome,
        stdout,
        stderr,
        duration,
    })
}

/// The data in the result file, if the probe wrote one for this check.
fn read_result(path: &Path, name: &str) -> Option<RunOutcome> {
    let text = std::fs::read_to_string(path).ok()?;
    let value: Value = serde_json::from_str(&text).ok()?;
    (value.get("check")?.as_str()? == name).then(|| RunOutcome::Reported(value["data"].clone()))
}

/// Words for how a process died, or `None` when it simply exited.
fn crash_reason(status: ExitStatus, stderr: &str) -> Option<String> {
    if stderr.contains("has overflowed its stack") {
        return Some(
            "crashed: stack overflow (a recursion that never ends, or too deep)".to_owned(),
        );
    }
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            let name = match signal {
                6 => "aborted (SIGABRT)",
                9 => "killed (SIGKILL; out of memory?)",
                11 => "segmentation fault (SIGSEGV)",
                _ => "killed by a signal",
            };
            return Some(format!("crashed: {name}, signal {signal}"));
        }
    }
    #[cfg(windows)]
    {
        // 0xC00000FD is STATUS_STACK_OVERFLOW; 0xC0000005 an access violation.
        match status.code().map(|c| c as u32) {
            Some(0xC000_00FD) => return Some("crashed: stack overflow".to_owned()),
            Some(0xC000_0005) => return Some("crashed: access violation".to_owned()),
            Some(0xC000_0409) => return Some("crashed: aborted".to_owned()),
            _ => {}
        }
    }
    let _ = status;
    None
}
