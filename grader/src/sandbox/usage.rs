//! What a job cost in CPU, and how long its sandbox took to start: the figures
//! `grader grade --timings` adds up (see [`crate::timings`]).
//!
//! A job's CPU is read when it is reaped: `wait4` gives the user and system time of
//! the process and of every descendant it waited for, and the sandbox's supervisor
//! and init reap everything the job started. So the figure is the job's own, even
//! while other jobs of the grader run at once (the process-wide counters mix them).

use std::io;
use std::process::{Child, ExitStatus};
use std::time::Duration;

/// What a job cost besides its wall-clock time.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Usage {
    /// User and system time of the job and all it started; `None` where it could not
    /// be read (off Unix, or a job run unconfined).
    pub cpu: Option<Duration>,
    /// From starting the sandbox to the job's program starting; `None` where the
    /// sandbox does not say (a job run unconfined starts at once).
    pub startup: Option<Duration>,
}

/// Waits for `child` and returns its status with the CPU time it and its reaped
/// descendants used.
pub fn wait(child: &mut Child) -> io::Result<(ExitStatus, Option<Duration>)> {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt as _;
        let pid = libc::pid_t::try_from(child.id()).map_err(io::Error::other)?;
        let mut status = 0;
        // SAFETY: rusage is plain data that wait4 fills in; the pid is our child's,
        // not yet reaped (std reaps only in its own wait calls, not made here).
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        loop {
            // SAFETY: as above; the pointers are valid for the call.
            let reaped = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
            if reaped == pid {
                return Ok((ExitStatus::from_raw(status), Some(cpu_of(&usage))));
            }
            let error = io::Error::last_os_error();
            if error.kind() != io::ErrorKind::Interrupted {
                return Err(error);
            }
        }
    }
    #[cfg(not(unix))]
    {
        Ok((child.wait()?, None))
    }
}

/// Runs `command` to its end with stdout and stderr captured, like
/// [`std::process::Command::output`], and says how much CPU it took.
pub fn output(
    command: &mut std::process::Command,
) -> io::Result<(std::process::Output, Option<Duration>)> {
    use std::io::Read as _;
    use std::process::Stdio;
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    let mut stdout = child.stdout.take();
    let reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        if let Some(stdout) = stdout.as_mut() {
            let _ = stdout.read_to_end(&mut bytes);
        }
        bytes
    });
    let mut stderr = Vec::new();
    if let Some(mut pipe) = child.stderr.take() {
        let _ = pipe.read_to_end(&mut stderr);
    }
    let stdout = reader.join().unwrap_or_default();
    let (status, cpu) = wait(&mut child)?;
    Ok((
        std::process::Output {
            status,
            stdout,
            stderr,
        },
        cpu,
    ))
}

/// The CPU time the calling thread has used so far (zero where it cannot be read).
pub fn thread_cpu() -> Duration {
    #[cfg(unix)]
    {
        let mut now = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: clock_gettime fills in the timespec it is given.
        if unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) } != 0 {
            return Duration::ZERO;
        }
        Duration::new(
            u64::try_from(now.tv_sec).unwrap_or(0),
            u32::try_from(now.tv_nsec).unwrap_or(0),
        )
    }
    #[cfg(not(unix))]
    {
        Duration::ZERO
    }
}

/// The CPU time of this process and of every child it has reaped so far.
pub fn process_cpu() -> Option<Duration> {
    #[cfg(unix)]
    {
        let read = |who| {
            // SAFETY: getrusage fills in the plain-data struct it is given.
            let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
            // SAFETY: as above.
            (unsafe { libc::getrusage(who, &mut usage) } == 0).then(|| cpu_of(&usage))
        };
        Some(read(libc::RUSAGE_SELF)? + read(libc::RUSAGE_CHILDREN)?)
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// The CPU time used so far by process `root` and every process below it, each
/// with all its threads and the children it has reaped, read from `/proc` (Linux;
/// `None` elsewhere, or when `root` is gone). A process started and reaped between
/// two reads of the tree is not seen: the figure can only fall short.
pub fn tree_cpu(root: u32) -> Option<Duration> {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: sysconf only reads a system setting.
        let ticks = u64::try_from(unsafe { libc::sysconf(libc::_SC_CLK_TCK) })
            .ok()
            .filter(|t| *t > 0)?;
        let mut total = 0u64;
        let mut pending = vec![root];
        let mut seen_root = false;
        while let Some(pid) = pending.pop() {
            let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
                continue; // ended meanwhile
            };
            seen_root |= pid == root;
            // The command's name, in parentheses, may hold spaces: fields after it.
            let Some((_, fields)) = stat.rsplit_once(')') else {
                continue;
            };
            // utime, stime, cutime, cstime are fields 14 to 17 of the line; the
            // part after the name starts at field 3.
            total += fields
                .split_whitespace()
                .skip(11)
                .take(4)
                .filter_map(|f| f.parse::<u64>().ok())
                .sum::<u64>();
            let tasks = std::fs::read_dir(format!("/proc/{pid}/task"))
                .into_iter()
                .flatten()
                .flatten();
            for task in tasks {
                if let Ok(children) = std::fs::read_to_string(task.path().join("children")) {
                    pending.extend(
                        children
                            .split_whitespace()
                            .filter_map(|c| c.parse::<u32>().ok()),
                    );
                }
            }
        }
        seen_root.then(|| Duration::from_millis(total * 1000 / ticks))
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = root;
        None
    }
}

#[cfg(unix)]
fn cpu_of(usage: &libc::rusage) -> Duration {
    let time = |t: libc::timeval| {
        Duration::from_secs(u64::try_from(t.tv_sec).unwrap_or(0))
            + Duration::from_micros(u64::try_from(t.tv_usec).unwrap_or(0))
    };
    time(usage.ru_utime) + time(usage.ru_stime)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn a_busy_child_is_charged_its_cpu_time() {
        let mut child = std::process::Command::new("sh")
            .args(["-c", "i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done"])
            .spawn()
            .unwrap();
        let (status, cpu) = wait(&mut child).unwrap();
        assert!(status.success());
        assert!(cpu.unwrap() > Duration::from_millis(10), "{cpu:?}");
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_busy_grandchild_is_seen_in_its_tree_and_a_sleeping_one_is_not() {
        use std::os::unix::process::CommandExt as _;
        let mut busy = std::process::Command::new("sh")
            .args(["-c", "sh -c 'while :; do :; done' & sleep 5"])
            .process_group(0)
            .spawn()
            .unwrap();
        let mut idle = std::process::Command::new("sh")
            .args(["-c", "sleep 5 & sleep 5"])
            .process_group(0)
            .spawn()
            .unwrap();
        // However busy the machine, the grandchild's loop is seen adding up.
        let mut busy_cpu = Duration::ZERO;
        for _ in 0..400 {
            busy_cpu = tree_cpu(busy.id()).unwrap();
            if busy_cpu >= Duration::from_millis(200) {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let idle_cpu = tree_cpu(idle.id()).unwrap();
        for child in [&mut busy, &mut idle] {
            // SAFETY: only sends a signal, to the group the child leads (its
            // background loop and sleep are in it).
            unsafe { libc::kill(-(child.id() as i32), libc::SIGKILL) };
            let _ = child.kill();
            let _ = child.wait();
        }
        assert!(busy_cpu >= Duration::from_millis(200), "{busy_cpu:?}");
        assert!(idle_cpu < Duration::from_millis(100), "{idle_cpu:?}");
        assert_eq!(tree_cpu(u32::MAX), None);
    }

    #[test]
    fn output_captures_both_streams() {
        let (output, cpu) =
            output(std::process::Command::new("sh").args(["-c", "echo out; echo err >&2; exit 3"]))
                .unwrap();
        assert_eq!(output.stdout, b"out\n");
        assert_eq!(output.stderr, b"err\n");
        assert_eq!(output.status.code(), Some(3));
        assert!(cpu.is_some());
    }
}
