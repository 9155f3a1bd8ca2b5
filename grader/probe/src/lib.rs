//! The probe: runs one check of the rubric against the student's `maze` library. The
//! grader sends the name of a producer (what to call) and the check's input as one
//! JSON object on stdin; the probe
//! calls the student's code on exactly that input and returns what it produced as
//! one JSON line on the result channel. It decides nothing and reads no file: pass or
//! fail is decided by the grader, in another process, from the output alone.
//!
//! The result channel is file descriptor 3, a pipe the grader made (on Unix). The
//! probe takes it over before any check runs and keeps it out of every process the
//! student's code may start. Where the grader could not pass a pipe (Windows), the
//! answer goes to stdout on a marked line instead.
//!
//! Several checks may share one process: `{"batch": [{"producer": NAME, "input": …},
//! …]}` runs them in order and answers each on its own line as soon as it is done,
//! `{"index": K, "producer": NAME, "output": …}`, so that the grader can time each.
//!
//! Usage: `probe < {"producer": NAME, "input": …}`, `probe < {"batch": […]}`, or
//! `probe --list`.

use std::process::ExitCode;

pub use wire::{Producer, field};

#[cfg(feature = "part1")]
mod part1;
#[cfg(feature = "part2")]
mod part2;
#[cfg(feature = "part3")]
mod part3;
#[cfg(feature = "part4")]
mod part4;
#[cfg(feature = "part5")]
mod part5;

/// Every producer this probe was built with: each part's, named by the wire's
/// [`wire::producers`] and run by the part's exhaustive `producer`.
fn checks() -> Vec<(&'static str, Producer)> {
    let mut all: Vec<(&'static str, Producer)> = Vec::new();
    #[cfg(feature = "part1")]
    all.extend(wire::producers::Part1::ALL.iter().map(|&p| (p.name(), part1::producer(p))));
    #[cfg(feature = "part2")]
    all.extend(wire::producers::Part2::ALL.iter().map(|&p| (p.name(), part2::producer(p))));
    #[cfg(feature = "part3")]
    all.extend(wire::producers::Part3::ALL.iter().map(|&p| (p.name(), part3::producer(p))));
    #[cfg(feature = "part4")]
    all.extend(wire::producers::Part4::ALL.iter().map(|&p| (p.name(), part4::producer(p))));
    #[cfg(feature = "part5")]
    all.extend(wire::producers::Part5::ALL.iter().map(|&p| (p.name(), part5::producer(p))));
    all
}

/// The probe's `main`: reads the request on stdin, runs it and answers (the protocol is
/// the wire's, built once in the seed). A library so that cargo compiles it while the
/// submission's code is still being generated (it needs only the submission's
/// metadata), leaving only a small link for the probe binary once the submission is
/// built.
pub fn run() -> ExitCode {
    wire::run(checks)
}
