//! `grader __sandbox-init`, the supervisor's entry point: it reads the job the grader
//! sent and supervises it at the job's level, with namespaces ([`super::init`]) or
//! in a container without them ([`super::container`]). Both report on the same pipe,
//! in the same words (see [`super::init::tell`]).

use std::fs::File;
use std::io::Read as _;
use std::os::fd::{FromRawFd as _, OwnedFd};

use super::init::{self, set_cloexec, tell};
use super::linux::{CONTROL_FD, REPORT_FD, SPEC_FD, Spec};

/// The supervisor's entry point; never returns.
pub(super) fn main() -> ! {
    // SAFETY: the grader set up REPORT_FD for this process; nothing else owns it.
    let report = unsafe { File::from_raw_fd(REPORT_FD) };
    let code = match supervise(&report) {
        Ok(()) => 0,
        Err(message) => {
            tell(&report, &format!("error {message}"));
            1
        }
    };
    std::process::exit(code)
}

/// Reads the job and supervises it at its level.
fn supervise(report: &File) -> Result<(), String> {
    for fd in [REPORT_FD, SPEC_FD, CONTROL_FD] {
        set_cloexec(fd);
    }
    // SAFETY: the grader set up SPEC_FD and CONTROL_FD for this process.
    let (mut spec_pipe, control) =
        unsafe { (File::from_raw_fd(SPEC_FD), OwnedFd::from_raw_fd(CONTROL_FD)) };
    let mut bytes = Vec::new();
    spec_pipe
        .read_to_end(&mut bytes)
        .map_err(|e| format!("could not read the job description: {e}"))?;
    drop(spec_pipe);
    let spec: Spec = serde_json::from_slice(&bytes)
        .map_err(|e| format!("bad job description from the grader: {e}"))?;
    match spec.container {
        Some(killer) => super::container::supervise(&spec, killer, control, report),
        None => init::supervise(&spec, control, report),
    }
}
