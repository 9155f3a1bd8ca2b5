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

use std::io::{Read, Write};
use std::process::ExitCode;

use serde_json::{Value, json};

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

/// A producer: runs the student's code on the grader's input and returns the output.
pub type Producer = fn(&Value) -> Value;

/// Every producer this probe was built with.
fn checks() -> Vec<(&'static str, Producer)> {
    let mut all: Vec<(&'static str, Producer)> = Vec::new();
    #[cfg(feature = "part1")]
    all.extend_from_slice(part1::CHECKS);
    #[cfg(feature = "part2")]
    all.extend_from_slice(part2::CHECKS);
    #[cfg(feature = "part3")]
    all.extend_from_slice(part3::CHECKS);
    #[cfg(feature = "part4")]
    all.extend_from_slice(part4::CHECKS);
    #[cfg(feature = "part5")]
    all.extend_from_slice(part5::CHECKS);
    all
}

/// Reads a field of the grader's input as `T`; a mismatch is a bug of the grader's,
/// reported as a panic in the probe (never blamed on the student).
pub fn field<T: serde::de::DeserializeOwned>(input: &Value, name: &str) -> T {
    serde_json::from_value(input[name].clone())
        .unwrap_or_else(|error| panic!("the grader's input has no valid {name:?}: {error}"))
}

/// Marks the one line of stderr the grader reads a panic's message from.
const PANIC_MARKER: &str = "@@maze-probe-panic@@";
/// Marks the answer on stdout where there is no result channel.
const RESULT_MARKER: &str = "@@maze-probe-result@@";
/// The most input the probe reads.
const INPUT_CAP: u64 = 64 * 1024 * 1024;

/// The result channel, taken over from fd 3 and re-opened close-on-exec, so that a
/// process the student's code starts cannot inherit it.
#[cfg(unix)]
fn result_channel() -> Option<std::fs::File> {
    use std::os::fd::{BorrowedFd, FromRawFd, OwnedFd};
    // SAFETY: fd 3 is only borrowed for the duplication; if it is not open, the
    // duplication fails with EBADF and nothing else happens.
    let copy = unsafe { BorrowedFd::borrow_raw(3) }.try_clone_to_owned().ok()?;
    // SAFETY: fd 3 is open (it was just duplicated) and nothing else in this process
    // owns it; closing it leaves only the close-on-exec copy.
    drop(unsafe { OwnedFd::from_raw_fd(3) });
    Some(std::fs::File::from(copy))
}

#[cfg(not(unix))]
fn result_channel() -> Option<std::fs::File> {
    None
}

/// The probe's `main`: reads the request on stdin, runs it and answers. A library
/// so that cargo compiles it while the submission's code is still being generated
/// (it needs only the submission's metadata), leaving only a small link for the
/// probe binary once the submission is built.
pub fn run() -> ExitCode {
    let mut channel = result_channel();
    if std::env::args().nth(1).as_deref() == Some("--list") {
        for (name, _) in checks() {
            println!("{name}");
        }
        return ExitCode::SUCCESS;
    }
    let mut request = String::new();
    if std::io::stdin().take(INPUT_CAP).read_to_string(&mut request).is_err() {
        eprintln!("probe: the grader's request is not UTF-8 text");
        return ExitCode::from(64);
    }
    let Ok(request) = serde_json::from_str::<Value>(&request) else {
        eprintln!("probe: the grader's request is not JSON");
        return ExitCode::from(64);
    };
    let (questions, batch): (Vec<&Value>, bool) =
        match request.get("batch").and_then(Value::as_array) {
            Some(batch) => (batch.iter().collect(), true),
            None => (vec![&request], false),
        };
    let known = checks();
    let mut producers = Vec::new();
    for question in &questions {
        let Some(name) = question["producer"].as_str() else {
            eprintln!("probe: the grader's request names no producer");
            return ExitCode::from(64);
        };
        let Some(&(_, producer)) = known.iter().find(|(listed, _)| listed == &name) else {
            eprintln!("probe: no producer named {name}");
            return ExitCode::from(64);
        };
        producers.push((name, producer));
    }

    // Report a panic's message and place on one marked line, for the grader to put
    // into words. The default hook's text is left out: it repeats the message and
    // names a thread id that would make two gradings of the same code differ.
    std::panic::set_hook(Box::new(|info| {
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic without a message".to_owned());
        let location = info.location().map(|l| format!("{}:{}", l.file(), l.line()));
        eprintln!("{PANIC_MARKER}{}", json!({ "message": message, "location": location }));
    }));

    for (index, ((name, producer), question)) in producers.into_iter().zip(questions).enumerate() {
        let output = producer(&question["input"]);
        let answer = if batch {
            json!({ "index": index, "producer": name, "output": output })
        } else {
            json!({ "producer": name, "output": output })
        }
        .to_string();
        let written = match channel.as_mut() {
            Some(channel) => writeln!(channel, "{answer}").and_then(|()| channel.flush()),
            None => {
                let mut stdout = std::io::stdout().lock();
                writeln!(stdout, "\n{RESULT_MARKER}{answer}").and_then(|()| stdout.flush())
            }
        };
        if let Err(error) = written {
            eprintln!("probe: cannot write the answer: {error}");
            return ExitCode::from(70);
        }
    }
    ExitCode::SUCCESS
}
