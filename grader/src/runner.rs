//! Running one check: the probe in a process of its own, with a time limit after
//! which everything it started is killed, and stdout and stderr captured up to a
//! cap. The grader writes the request (which producer, on which input) to the
//! probe's stdin; the answer comes back as one JSON line on the result channel. No
//! path is handed to the student's code: nothing it could create, link or fill
//! decides a check. Whatever the channel holds is judged like any answer, and
//! anything but exactly one answer to the question asked is no answer at all.
//!
//! [`run_batch`] asks one process several questions in a row; only the answers that
//! came back in order and in time are taken, and the grader runs the rest alone.
//!
//! # Verdicts that do not depend on how busy the machine is
//!
//! A check run alone is held to its time limit in CPU time, not on the wall clock
//! (where the sandbox can read CPU time: Linux): the probe's process may use that
//! much CPU (`RLIMIT_CPU`), and the wall clock gives it [`WALL_FACTOR`] times as
//! long, so that a machine busy with other work slows a check down without failing
//! it. A check that used its CPU time is a loop that never ends; one that spends a
//! stretch of its time limit on the wall clock using next to no CPU is waiting (a
//! thread that sleeps, a channel nobody sends on), and is ended then
//! ([`sandbox::Exit::Idle`]).
//! Either way, the same code gets the same words on a quiet machine and a busy one.
//! Without a CPU reading (macOS, Windows) the time limit is on the wall clock, as the
//! words then say.
//!
//! How many threads the student's code may start is counted in the probe, one call
//! at a time ([`THREADS_PER_CALL`]; `wire::threads` in the probe): a count the maze
//! decides, unlike how many threads are alive at once, which the scheduler does.

use std::path::Path;
use std::time::Duration;

use anyhow::Context as _;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::sandbox::{self, Exit, Job, Level, Mode};

/// How many threads one call of the student's code may start: a question, or one
/// `solve` of a question that solves several mazes. The handout's design starts one
/// (its watchdog) besides rayon's pool of two, which starts once per process; a
/// thread for each branch of a search starts one per junction, more than this on
/// any maze the checks solve (measured: `grader/bench/thread_per_branch.sh`).
pub const THREADS_PER_CALL: u64 = 16;

/// How many times its time limit a check run alone may take on the wall clock, its
/// CPU time being held to the limit itself. A check that waits is ended long before,
/// after a stretch of its time limit spent using next to no CPU
/// ([`sandbox::IDLE_SHARE`]); one that computes reaches its CPU limit before this
/// while it gets a tenth of a core or more, however busy the machine.
pub const WALL_FACTOR: u32 = 10;

/// `SIGXCPU`, which the kernel sends at the CPU limit.
#[cfg(unix)]
const SIGXCPU: i32 = libc::SIGXCPU;
#[cfg(not(unix))]
const SIGXCPU: i32 = 24;

/// How much of each output stream is kept.
pub const OUTPUT_CAP: usize = 16 * 1024;
/// How much of the result channel is read: far more than any honest answer.
pub const CHANNEL_CAP: usize = 8 * 1024 * 1024;
/// The largest answer to one question that is read at all: about 4.6 times the
/// reference's largest (55 KiB, `maze_complexity_texture`). An answer is parsed into
/// a tree 20 to 50 times its size (a list of pairs, of one-field objects) and a judge
/// may copy it once, with up to four checks at once: at 1 MiB that took the grader to
/// 160 MB on answers just under the cap; at 256 KiB it stays near 50 MB, so the
/// grader keeps within the 256 MB of a small container whatever a submission answers.
pub const ANSWER_CAP: usize = 256 * 1024;
/// The most JSON a batch's answers taken together are read from: those past it run
/// again alone, each then held to [`ANSWER_CAP`]. A batch's answers are kept parsed
/// until they are judged, so without this a batch of answers each just under the cap
/// held eight trees of tens of MB at once; honest answers come nowhere near it.
pub const BATCH_ANSWERS_CAP: usize = ANSWER_CAP;

/// What became of a check's process.
#[derive(Debug, Clone, PartialEq)]
pub enum RunOutcome {
    /// The probe reported an output, to be judged.
    Reported(Value),
    /// The code panicked (including `todo!()`).
    Panicked {
        /// The panic's message.
        message: String,
        /// Where, as `file:line`, when known.
        location: Option<String>,
    },
    /// The process died: a stack overflow, an abort, a signal, a limit.
    Crashed(String),
    /// The code used its whole time limit of CPU time (this much), and everything
    /// the check started was killed.
    OutOfCpu(Duration),
    /// Time ran out on the wall clock (after `wall`) before the CPU limit did, and
    /// everything the check started was killed: the code was waiting, when `cpu`
    /// (what it used) says so; `None` where CPU time cannot be read.
    TimedOut {
        /// How long it had on the wall clock.
        wall: Duration,
        /// The CPU time it used, where it can be read.
        cpu: Option<Duration>,
    },
    /// What was left of the grading budget for all checks ran out before this check
    /// finished.
    OutOfBudget,
    /// The process ended without one proper answer.
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
    /// What its process cost besides time (nothing for a run that never started,
    /// or a batch's answer, whose process is counted once for the batch).
    pub usage: sandbox::Usage,
}

/// How a check's process is confined, and what it may use.
#[derive(Debug, Clone, Copy)]
pub struct Confinement {
    /// How strictly.
    pub mode: Mode,
    /// Memory of the check's processes, in bytes.
    pub memory: u64,
    /// Processes (and threads) at once.
    pub processes: u64,
}

/// What one check asks of the probe.
#[derive(Debug, Clone, Copy)]
pub struct Request<'a> {
    /// The probe binary.
    pub probe: &'a Path,
    /// The producer it calls.
    pub producer: &'a str,
    /// The input the grader built.
    pub input: &'a Value,
    /// How long it may run.
    pub time_limit: Duration,
}

impl Run {
    /// A check that was never started, for `reason`.
    pub fn not_run(reason: &str) -> Run {
        Run {
            outcome: RunOutcome::NoReport(reason.to_owned()),
            stdout: String::new(),
            stderr: String::new(),
            duration: Duration::ZERO,
            usage: sandbox::Usage::default(),
        }
    }
}

impl Request<'_> {
    /// The bytes written to the probe's stdin.
    pub fn body(&self) -> Vec<u8> {
        json!({ "producer": self.producer, "input": self.input, "threads": THREADS_PER_CALL })
            .to_string()
            .into_bytes()
    }
}

/// How the process ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    /// It exited with this code.
    Code(i32),
    /// A signal ended it.
    Signal(i32),
    /// The time limit ran out.
    TimedOut,
}

/// The limits one run alone is held to: its time limit as CPU time with a looser
/// wall clock (see the module's documentation), each cut to what is left of the
/// grading budget.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Times {
    /// CPU time (`None` where it cannot be read: the limit is then on the wall).
    cpu: Option<Duration>,
    /// Wall-clock time.
    wall: Duration,
    /// Whether the budget cut the CPU limit, and the wall-clock one.
    cut: (bool, bool),
}

impl Times {
    /// For a check whose own limit is `limit`, with `left` of the budget.
    fn new(limit: Duration, left: Duration, reads_cpu: bool) -> Times {
        let wall = if reads_cpu {
            limit * WALL_FACTOR
        } else {
            limit
        };
        Times {
            cpu: reads_cpu.then(|| limit.min(left)),
            wall: wall.min(left),
            cut: (left < limit, left < wall),
        }
    }

    /// What a run that ended as `exit`, having used `cpu`, says of time; `None` when
    /// time did not end it.
    fn outcome(&self, exit: Exit, cpu: Option<Duration>) -> Option<RunOutcome> {
        let spent = |limit: Duration| cpu.is_some_and(|used| used >= limit);
        let (cpu_cut, wall_cut) = self.cut;
        let outcome = match (exit, self.cpu) {
            // SIGXCPU only the kernel sends, at the limit (or the code itself, which
            // then fails all the same); a kill or the wall clock after that much CPU
            // (a process that caught SIGXCPU; children each with limits of their
            // own) is the CPU limit too.
            (Exit::Signal(SIGXCPU), Some(limit)) => (RunOutcome::OutOfCpu(limit), cpu_cut),
            (Exit::Signal(9) | Exit::TimedOut, Some(limit)) if spent(limit) => {
                (RunOutcome::OutOfCpu(limit), cpu_cut)
            }
            (Exit::Idle(after), Some(_)) => (RunOutcome::TimedOut { wall: after, cpu }, cpu_cut),
            (Exit::TimedOut, _) => (
                RunOutcome::TimedOut {
                    wall: self.wall,
                    cpu: self.cpu.and(cpu),
                },
                wall_cut,
            ),
            _ => return None,
        };
        Some(match outcome {
            (_, true) => RunOutcome::OutOfBudget,
            (outcome, false) => outcome,
        })
    }
}

/// The longest line that can be the probe's limit line (`{"limit": "threads",
/// "per_call": N}` is some 40 bytes). Every other line of the channel is an answer or
/// junk, and is not parsed again here: an answer of megabytes parsed into a tree
/// (a refused 8 MiB one was, whole) took the grader to 270 MB.
const LIMIT_LINE_CAP: usize = 256;

/// What a limit the probe stopped the student's code at (see `wire::threads`)
/// means for a student: the probe's line on the result channel, in words.
fn probe_limit_in_words(channel: &[u8], processes: u64) -> Option<String> {
    let text = std::str::from_utf8(channel).ok()?;
    text.lines()
        .filter(|line| line.len() <= LIMIT_LINE_CAP)
        .find_map(|line| {
            let line: Value = serde_json::from_str(line).ok()?;
            match line.get("limit")?.as_str()? {
                "threads" => Some(threads_in_words(line.get("per_call")?.as_u64()?)),
                "refused" => Some(violation_in_words(&sandbox::Violation::Processes {
                    limit: processes,
                })),
                _ => None,
            }
        })
}

/// The words for a call of the student's code that started more than `budget`
/// threads.
fn threads_in_words(budget: u64) -> String {
    format!(
        "killed: too many threads started: one call of your code started more than {budget}. \
         A thread for each branch of a search starts one at every junction; handout §6 (The \
         Rust tools) runs the branches as tasks on rayon's pool of threads instead"
    )
}

/// Whether a panic's message is a process or thread that could not be started
/// because the system refused it (`EAGAIN`, Rust's `WouldBlock`): in the sandbox,
/// the process limit. (The probe stops a thread refused so before the student's
/// code can panic; a process spawned and unwrapped panics like this.)
fn refused_start(message: &str) -> bool {
    message.contains("Resource temporarily unavailable") || message.contains("kind: WouldBlock")
}

const PANIC_MARKER: &str = "@@maze-probe-panic@@";
const RESULT_MARKER: &str = "@@maze-probe-result@@";

#[derive(Deserialize)]
struct PanicReport {
    message: String,
    location: Option<String>,
}

/// Captured bytes as text, with a note when they were cut.
pub fn captured_text(bytes: &[u8], truncated: bool) -> String {
    let mut text = String::from_utf8_lossy(bytes).into_owned();
    if truncated {
        text.push_str("\n[output cut at 16 KiB]");
    }
    text
}

/// Runs one check's request in the sandbox and says what became of it. The probe
/// may read only its own directory (the submission's own target directory) and the
/// system libraries, write only a fresh scratch directory, and answers on fd 3.
///
/// With the sandbox off (or unavailable under `auto`) the same job runs unconfined
/// ([`sandbox::run`] decides): in a process group killed once the probe has ended,
/// its output read against a deadline, so a child that outlives the probe holding
/// stdout open cannot keep the grader waiting. Without Unix there is no fd 3: the
/// answer is the probe's marked line on stdout. (Only `bless` runs outside a
/// grading's budget, and the student template's grader has no `bless`.)
#[cfg(feature = "instructor")]
pub fn run(request: &Request, confinement: &Confinement) -> anyhow::Result<Run> {
    run_within(request, confinement, Duration::MAX)
}

/// [`run`] with `left` of the grading budget for all checks: no limit of the run
/// goes past it, and a run that it ends is [`RunOutcome::OutOfBudget`].
pub fn run_within(
    request: &Request,
    confinement: &Confinement,
    left: Duration,
) -> anyhow::Result<Run> {
    let times = Times::new(request.time_limit, left, sandbox::READS_CPU);
    let scratch = tempfile::tempdir()?;
    let mut job = probe_job(
        request.probe,
        scratch.path(),
        request.body(),
        times.wall,
        confinement,
    )?;
    job.limits.cpu = times.cpu;
    let finished = sandbox::run(&job, confinement.mode)?;
    let ended = match finished.exit {
        Exit::Code(code) => Ended::Code(code),
        Exit::Signal(signal) => Ended::Signal(signal),
        Exit::TimedOut | Exit::Idle(_) => Ended::TimedOut,
    };
    let kept = |bytes: &[u8], truncated: bool| {
        let end = bytes.len().min(OUTPUT_CAP);
        captured_text(&bytes[..end], truncated || end < bytes.len())
    };
    let stderr = kept(&finished.stderr.bytes, finished.stderr.truncated);
    let (channel, stdout) = if job.result_channel {
        (
            Some(finished.channel.bytes),
            kept(&finished.stdout.bytes, finished.stdout.truncated),
        )
    } else {
        let (channel, printed) = split_marked_answer(&finished.stdout.bytes);
        let cut = finished.stdout.truncated && channel.is_none();
        (channel, kept(&printed, cut))
    };
    let mut run = finish(
        request,
        ended,
        channel.as_deref(),
        stdout,
        &stderr,
        finished.duration,
    );
    // One limit, named the same way whichever sign of it this run shows: time
    // first (it ended the process), then the probe's own stop, the sandbox's
    // evidence, and a start of a process or thread the system refused.
    let processes = sandbox::Violation::Processes {
        limit: confinement.processes,
    };
    let stopped_by_probe = channel
        .as_deref()
        .filter(|_| !matches!(run.outcome, RunOutcome::Reported(_)))
        .and_then(|channel| probe_limit_in_words(channel, confinement.processes));
    if let Some(outcome) = times.outcome(finished.exit, finished.usage.cpu) {
        run.outcome = outcome;
    } else if let Some(words) = stopped_by_probe {
        run.outcome = RunOutcome::Crashed(words);
    } else if let Some(violation) = &finished.violation {
        run.outcome = RunOutcome::Crashed(violation_in_words(violation));
    } else if matches!(&run.outcome, RunOutcome::Panicked { message, .. } if refused_start(message))
    {
        run.outcome = RunOutcome::Crashed(violation_in_words(&processes));
    }
    run.usage = finished.usage;
    Ok(run)
}

/// What a limit the sandbox enforced means for a student's code.
fn violation_in_words(violation: &sandbox::Violation) -> String {
    match violation {
        sandbox::Violation::Processes { limit } => format!(
            "killed: too many processes and threads at once (limit {limit}). Every thread \
             counts: a thread for each branch of a search reaches the limit quickly; handout §6 \
             (The Rust tools) runs the branches as tasks on rayon's pool of threads instead"
        ),
        other => other.to_string(),
    }
}

/// Whether the probe answers on a result channel (fd 3): only Unix has one; elsewhere
/// the answer is the probe's marked line on stdout, and every check runs alone.
const RESULT_CHANNEL: bool = cfg!(unix);

/// The probe as a sandbox job, with `stdin` as its request: it may read only its own
/// directory (the submission's own target directory) and the system libraries, write
/// only `scratch`, and answers on fd 3. At the sandbox's container level, where the
/// job sees the real filesystem and the submission's target directory is private
/// (0700), the probe runs from a copy in the job's own scratch directory instead.
fn probe_job(
    probe: &Path,
    scratch: &Path,
    stdin: Vec<u8>,
    wall: Duration,
    confinement: &Confinement,
) -> anyhow::Result<Job> {
    let (program, readable) = if sandbox::level(confinement.mode) == Some(Level::Container) {
        let copy = scratch.join("probe");
        std::fs::copy(probe, &copy)
            .with_context(|| format!("copying the probe {} for its job", probe.display()))?;
        (copy, Vec::new())
    } else {
        (
            probe.to_path_buf(),
            probe.parent().map(Path::to_path_buf).into_iter().collect(),
        )
    };
    Ok(Job {
        args: Vec::new(),
        env: vec![
            ("RUST_BACKTRACE".into(), "0".into()),
            // Threads count against the process limit: rayon's pool stays small.
            ("RAYON_NUM_THREADS".into(), "2".into()),
        ],
        cwd: scratch.to_path_buf(),
        stdin,
        readable,
        writable: vec![scratch.to_path_buf()],
        limits: sandbox::Limits {
            wall,
            memory: confinement.memory,
            processes: confinement.processes,
            // Without a channel the answer comes on stdout: as much of it is read as
            // of a channel, and what is kept of the printed text is cut to the
            // usual size afterwards (`run`).
            output: if RESULT_CHANNEL {
                OUTPUT_CAP
            } else {
                CHANNEL_CAP
            },
            channel: CHANNEL_CAP,
            ..sandbox::Limits::default()
        },
        result_channel: RESULT_CHANNEL,
        ..Job::new(program)
    })
}

/// One question of a batch: which producer, on which input, within how long.
#[derive(Debug, Clone, Copy)]
pub struct Question<'a> {
    /// The producer the probe calls.
    pub producer: &'a str,
    /// The input the grader built.
    pub input: &'a Value,
    /// How long this one may take, counted from the answer before it.
    pub time_limit: Duration,
}

/// What came of a batch.
#[derive(Debug, Clone, Default)]
pub struct BatchRun {
    /// The answers of the longest prefix of questions that came back whole, in
    /// order, and each within its own time limit (timed by the grader, as each line
    /// arrived): `(output, how long it took)`. A question whose answer was overdue
    /// is not judged here: a batch's time is the wall clock's, which a busy machine
    /// stretches, and that question runs again alone, where its time is CPU time.
    pub answers: Vec<(Value, Duration)>,
    /// How long the process ran, and what else it cost.
    pub duration: Duration,
    /// What the process cost besides time.
    pub usage: sandbox::Usage,
}

/// Runs several checks' requests in order in one sandboxed process, which saves a
/// process start for each (the most a quick check costs). The process ends as soon
/// as an answer is overdue. Whatever comes after the answers taken (a panic, a
/// crash, a line that is not the next answer, an answer overdue) is for the caller
/// to run again alone, where it gets the whole verdict of [`run`].
pub fn run_batch(
    probe: &Path,
    questions: &[Question],
    wall: Duration,
    confinement: &Confinement,
) -> anyhow::Result<BatchRun> {
    let scratch = tempfile::tempdir()?;
    let batch: Vec<Value> = questions
        .iter()
        .map(|q| json!({ "producer": q.producer, "input": q.input }))
        .collect();
    let job = Job {
        answer_limits: questions.iter().map(|q| q.time_limit).collect(),
        ..probe_job(
            probe,
            scratch.path(),
            json!({ "batch": batch, "threads": THREADS_PER_CALL })
                .to_string()
                .into_bytes(),
            wall,
            confinement,
        )?
    };
    let finished = sandbox::run(&job, confinement.mode)?;
    let answers = batch_answers(questions, &finished.channel.bytes, &finished.answered_at);
    Ok(BatchRun {
        answers,
        duration: finished.duration,
        usage: finished.usage,
    })
}

/// The answers of a batch's channel that can be taken: the longest prefix of lines
/// each of which is `{"index": K, "producer": NAME, "output": …}` for the K-th
/// question, ended by a newline, that arrived within the question's time limit.
fn batch_answers(
    questions: &[Question],
    channel: &[u8],
    answered_at: &[Duration],
) -> Vec<(Value, Duration)> {
    let mut answers = Vec::new();
    let mut previous = Duration::ZERO;
    let mut read = 0;
    let lines = channel.split(|&b| b == b'\n');
    for (index, ((question, line), &at)) in questions.iter().zip(lines).zip(answered_at).enumerate()
    {
        let took = at.saturating_sub(previous);
        previous = at;
        if took > question.time_limit {
            break;
        }
        if line.len() > ANSWER_CAP {
            break; // judged alone, where the size is named
        }
        read += line.len();
        if read > BATCH_ANSWERS_CAP {
            break; // this one and the rest run alone, one answer held at a time
        }
        let Ok(Value::Object(mut answer)) = serde_json::from_slice::<Value>(line) else {
            break;
        };
        let asked = answer.get("index").and_then(Value::as_u64) == Some(index as u64)
            && answer.get("producer").and_then(Value::as_str) == Some(question.producer);
        match answer.remove("output") {
            Some(output) if asked && answer.len() == 2 => answers.push((output, took)),
            _ => break,
        }
    }
    answers
}

/// Where there is no result channel, the answer is the marked line on stdout: split
/// it from what the student's code printed.
fn split_marked_answer(stdout: &[u8]) -> (Option<Vec<u8>>, Vec<u8>) {
    let text = String::from_utf8_lossy(stdout);
    let mut answers = Vec::new();
    let mut printed = Vec::new();
    for line in text.lines() {
        match line.strip_prefix(RESULT_MARKER) {
            Some(answer) => answers.push(answer.to_owned()),
            None => printed.push(line),
        }
    }
    let channel = (!answers.is_empty()).then(|| answers.join("\n").into_bytes());
    (channel, printed.join("\n").trim().as_bytes().to_vec())
}

/// Decides what became of a run from how it ended and what the channel holds.
pub fn finish(
    request: &Request,
    ended: Ended,
    channel: Option<&[u8]>,
    stdout: String,
    raw_stderr: &str,
    duration: Duration,
) -> Run {
    let panic = raw_stderr
        .lines()
        .filter_map(|line| line.strip_prefix(PANIC_MARKER))
        .find_map(|json| serde_json::from_str::<PanicReport>(json).ok());
    let stderr = without_markers(raw_stderr);
    let answer = channel
        .filter(|bytes| !bytes.is_empty())
        .map(|bytes| read_answer(bytes, request.producer));
    let outcome = match (ended, answer) {
        // The limits' own words are [`run`]'s (`Times`); here only the wall clock.
        (Ended::TimedOut, _) => RunOutcome::TimedOut {
            wall: request.time_limit,
            cpu: None,
        },
        (Ended::Code(0), Some(Ok(output))) => RunOutcome::Reported(output),
        (Ended::Code(0), Some(Err(problem))) => RunOutcome::NoReport(problem),
        _ => match (panic, crash_reason(ended, raw_stderr)) {
            (Some(panic), _) => RunOutcome::Panicked {
                message: panic.message,
                location: panic.location,
            },
            (None, Some(crash)) => RunOutcome::Crashed(crash),
            (None, None) => RunOutcome::NoReport(format!(
                "the check ended without reporting a result: the code ended the process itself (exit code {})",
                match ended {
                    Ended::Code(code) => code.to_string(),
                    _ => "none".to_owned(),
                }
            )),
        },
    };
    Run {
        outcome,
        stdout,
        stderr,
        duration,
        usage: sandbox::Usage::default(),
    }
}

/// What the code wrote on stderr, without the probe's panic-report lines.
fn without_markers(stderr: &str) -> String {
    stderr
        .lines()
        .filter(|line| !line.starts_with(PANIC_MARKER))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The output in the channel: exactly one JSON line answering `producer`.
fn read_answer(bytes: &[u8], producer: &str) -> Result<Value, String> {
    let refused = |why: &str| {
        Err(format!(
            "the result channel held {why}, not the probe's one answer: something else wrote into it"
        ))
    };
    if bytes.len() >= CHANNEL_CAP {
        return refused("8 MiB or more");
    }
    let Ok(text) = std::str::from_utf8(bytes) else {
        return refused("bytes that are not text");
    };
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let [line] = lines.as_slice() else {
        return refused(&format!("{} lines", lines.len()));
    };
    if line.len() > ANSWER_CAP {
        return Err(format!(
            "the answer was {} KiB of JSON; no answer to this question needs more than {} KiB \
             (the reference's largest is 55 KiB): does a loop add to a collection without end?",
            line.len() / 1024,
            ANSWER_CAP / 1024
        ));
    }
    let Ok(Value::Object(mut answer)) = serde_json::from_str::<Value>(line) else {
        return refused("something that is not a JSON object");
    };
    if answer.len() != 2 || answer.get("producer").and_then(Value::as_str) != Some(producer) {
        return refused("an answer to another question");
    }
    answer
        .remove("output")
        .map_or_else(|| refused("an answer without an output"), Ok)
}

/// Words for how a process died, or `None` when it simply exited.
fn crash_reason(ended: Ended, stderr: &str) -> Option<String> {
    if stderr.contains("has overflowed its stack") {
        return Some(
            "crashed: stack overflow (a recursion that never ends, or too deep)".to_owned(),
        );
    }
    if stderr.contains("memory allocation of") && stderr.contains("failed") {
        return Some("crashed: out of memory (an allocation failed)".to_owned());
    }
    match ended {
        Ended::Signal(signal) => {
            let name = match signal {
                6 => "aborted (SIGABRT)",
                9 => "killed (SIGKILL; out of memory?)",
                11 => "segmentation fault (SIGSEGV)",
                _ => "killed by a signal",
            };
            Some(format!("crashed: {name}, signal {signal}"))
        }
        // 0xC00000FD is STATUS_STACK_OVERFLOW; 0xC0000005 an access violation.
        Ended::Code(code) if cfg!(windows) => match code as u32 {
            0xC000_00FD => Some("crashed: stack overflow".to_owned()),
            0xC000_0005 => Some("crashed: access violation".to_owned()),
            0xC000_0409 => Some("crashed: aborted".to_owned()),
            _ => None,
        },
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(input: &Value) -> Request<'_> {
        Request {
            probe: Path::new("probe"),
            producer: "created_mazes",
            input,
            time_limit: Duration::from_secs(1),
        }
    }

    fn outcome(channel: &[u8]) -> RunOutcome {
        let input = json!({});
        finish(
            &request(&input),
            Ended::Code(0),
            Some(channel),
            String::new(),
            "",
            Duration::ZERO,
        )
        .outcome
    }

    #[test]
    fn the_process_limit_is_told_in_words_a_student_with_a_thread_per_branch_can_act_on() {
        let words = violation_in_words(&sandbox::Violation::Processes { limit: 64 });
        assert!(words.starts_with("killed: too many processes and threads at once (limit 64)."));
        assert!(words.contains("a thread for each branch"), "{words}");
        assert!(words.contains("handout §6"), "{words}");
        let memory = sandbox::Violation::Memory { limit: 1 << 30 };
        assert_eq!(violation_in_words(&memory), "out of memory (limit 1 GiB)");
    }

    #[test]
    fn a_call_past_its_thread_budget_is_told_in_the_same_words_whatever_else_happened() {
        let line = b"{\"limit\":\"threads\",\"per_call\":16}\n";
        let words = probe_limit_in_words(line, 64).expect("a limit");
        assert_eq!(words, threads_in_words(16));
        assert!(
            words.starts_with(
                "killed: too many threads started: one call of your code started more than 16."
            ),
            "{words}"
        );
        assert!(words.contains("handout §6"), "{words}");
        // After a batch's answers, and whatever the student's code wrote before it.
        let batch = [
            &answer(0, "created_mazes", 1).into_bytes()[..],
            b"junk\n",
            line,
        ]
        .concat();
        assert_eq!(probe_limit_in_words(&batch, 64), Some(words));
        // A thread the system refused is the process limit, in its own words.
        assert_eq!(
            probe_limit_in_words(b"{\"limit\":\"refused\"}\n", 64),
            Some(violation_in_words(&sandbox::Violation::Processes {
                limit: 64
            }))
        );
        assert_eq!(probe_limit_in_words(b"{\"limit\":\"fame\"}\n", 64), None);
        assert_eq!(probe_limit_in_words(b"\xff", 64), None);
    }

    #[test]
    fn a_spawn_the_system_refused_is_told_from_the_panic_it_caused() {
        assert!(refused_start(
            "failed to spawn thread: Os { code: 11, kind: WouldBlock, message: \"Resource temporarily unavailable\" }"
        ));
        assert!(refused_start(
            "fork failed: Resource temporarily unavailable (os error 11)"
        ));
        assert!(!refused_start(
            "index out of bounds: the len is 3 but the index is 7"
        ));
    }

    const SECOND: Duration = Duration::from_secs(1);

    #[test]
    fn a_loop_that_used_its_cpu_time_is_told_so_however_long_it_took_on_the_wall() {
        let times = Times::new(5 * SECOND, Duration::MAX, true);
        assert_eq!(times.cpu, Some(5 * SECOND));
        assert_eq!(times.wall, 50 * SECOND);
        let out_of_cpu = Some(RunOutcome::OutOfCpu(5 * SECOND));
        assert_eq!(
            times.outcome(Exit::Signal(SIGXCPU), Some(5 * SECOND)),
            out_of_cpu
        );
        // It caught SIGXCPU and was killed a second later; or children each used a
        // part of it until the wall clock ran out.
        assert_eq!(times.outcome(Exit::Signal(9), Some(6 * SECOND)), out_of_cpu);
        assert_eq!(times.outcome(Exit::TimedOut, Some(7 * SECOND)), out_of_cpu);
        // A kill with little CPU used is no time limit (the crash is told instead).
        assert_eq!(times.outcome(Exit::Signal(9), Some(SECOND)), None);
        assert_eq!(times.outcome(Exit::Code(0), Some(6 * SECOND)), None);
    }

    #[test]
    fn a_check_that_waits_is_told_so_at_its_time_limit_on_the_wall() {
        let times = Times::new(5 * SECOND, Duration::MAX, true);
        let asleep = Some(Duration::from_millis(40));
        assert_eq!(
            times.outcome(Exit::Idle(5 * SECOND), asleep),
            Some(RunOutcome::TimedOut {
                wall: 5 * SECOND,
                cpu: asleep
            })
        );
        // It computed for a while, then waited: seen in a later stretch.
        assert_eq!(
            times.outcome(Exit::Idle(10 * SECOND), Some(2 * SECOND)),
            Some(RunOutcome::TimedOut {
                wall: 10 * SECOND,
                cpu: Some(2 * SECOND)
            })
        );
        // Under a tenth of a core all along yet never quite idle: the wall clock.
        assert_eq!(
            times.outcome(Exit::TimedOut, Some(4 * SECOND)),
            Some(RunOutcome::TimedOut {
                wall: 50 * SECOND,
                cpu: Some(4 * SECOND)
            })
        );
    }

    #[test]
    fn without_cpu_time_the_limit_is_the_wall_clock_and_says_so() {
        let times = Times::new(5 * SECOND, Duration::MAX, false);
        assert_eq!((times.cpu, times.wall), (None, 5 * SECOND));
        assert_eq!(
            times.outcome(Exit::TimedOut, None),
            Some(RunOutcome::TimedOut {
                wall: 5 * SECOND,
                cpu: None
            })
        );
    }

    #[test]
    fn a_limit_the_grading_budget_cut_is_the_budget() {
        // 3 s left: both limits cut.
        let short = Times::new(5 * SECOND, 3 * SECOND, true);
        assert_eq!((short.cpu, short.wall), (Some(3 * SECOND), 3 * SECOND));
        assert_eq!(
            short.outcome(Exit::Signal(SIGXCPU), Some(3 * SECOND)),
            Some(RunOutcome::OutOfBudget)
        );
        assert_eq!(
            short.outcome(Exit::TimedOut, Some(SECOND)),
            Some(RunOutcome::OutOfBudget)
        );
        // 10 s left: the CPU limit is whole, the wall clock's is cut.
        let some = Times::new(5 * SECOND, 10 * SECOND, true);
        assert_eq!((some.cpu, some.wall), (Some(5 * SECOND), 10 * SECOND));
        assert_eq!(
            some.outcome(Exit::Signal(SIGXCPU), Some(5 * SECOND)),
            Some(RunOutcome::OutOfCpu(5 * SECOND))
        );
        assert_eq!(
            some.outcome(Exit::TimedOut, Some(SECOND)),
            Some(RunOutcome::OutOfBudget)
        );
    }

    #[test]
    fn an_answer_over_the_cap_is_refused_unparsed_with_its_size() {
        let output = vec![[1, 1]; 75_000];
        let line = format!(
            "{}\n",
            json!({ "producer": "created_mazes", "output": output })
        );
        assert!(line.len() > ANSWER_CAP);
        match outcome(line.as_bytes()) {
            RunOutcome::NoReport(problem) => {
                assert!(
                    problem.starts_with("the answer was 439 KiB of JSON;"),
                    "{problem}"
                );
                assert!(problem.contains("no answer to this question needs more than 256 KiB"));
            }
            other => panic!("{other:?}"),
        }
        // In a batch it is not taken: the check runs alone, where its size is named.
        let input = json!({});
        let batch = format!(
            "{}\n",
            json!({ "index": 0, "producer": "created_mazes", "output": output })
        );
        let asked = &questions(&input)[..1];
        assert!(batch_answers(asked, batch.as_bytes(), &[Duration::ZERO]).is_empty());
    }

    #[test]
    fn a_batch_takes_answers_up_to_the_cap_together_and_leaves_the_rest_to_run_alone() {
        let input = json!({});
        let asked = questions(&input);
        let large = |index: usize, producer: &str| {
            let output = vec![[1, 1]; 25_000];
            format!(
                "{}\n",
                json!({ "index": index, "producer": producer, "output": output })
            )
        };
        let (first, second) = (large(0, "created_mazes"), large(1, "direction_opposite"));
        assert!(first.len() < ANSWER_CAP && first.len() + second.len() > BATCH_ANSWERS_CAP);
        let channel = [first, second, answer(2, "created_mazes", 1)].concat();
        let taken = batch_answers(&asked, channel.as_bytes(), &[Duration::ZERO; 3]);
        assert_eq!(taken.len(), 1, "the second answer and the third run alone");
    }

    #[test]
    fn a_line_longer_than_the_probes_limit_line_is_not_read_as_one() {
        let padded = format!(
            "{{\"limit\":\"threads\",\"per_call\":16,\"pad\":\"{}\"}}\n",
            "x".repeat(LIMIT_LINE_CAP)
        );
        assert_eq!(probe_limit_in_words(padded.as_bytes(), 64), None);
    }

    fn questions(input: &Value) -> Vec<Question<'_>> {
        ["created_mazes", "direction_opposite", "created_mazes"]
            .into_iter()
            .map(|producer| Question {
                producer,
                input,
                time_limit: Duration::from_secs(1),
            })
            .collect()
    }

    fn answer(index: usize, producer: &str, output: i32) -> String {
        format!(
            "{}\n",
            json!({ "index": index, "producer": producer, "output": output })
        )
    }

    /// The three answers of [`questions`], in order.
    fn three_answers() -> String {
        answer(0, "created_mazes", 1)
            + &answer(1, "direction_opposite", 2)
            + &answer(2, "created_mazes", 3)
    }

    fn millis(at: &[u64]) -> Vec<Duration> {
        at.iter().map(|&ms| Duration::from_millis(ms)).collect()
    }

    #[test]
    fn a_batch_answered_in_order_and_in_time_is_taken_whole_and_timed_per_answer() {
        let input = json!({});
        let channel = three_answers();
        let answers = batch_answers(
            &questions(&input),
            channel.as_bytes(),
            &millis(&[30, 50, 950]),
        );
        assert_eq!(
            answers,
            vec![
                (json!(1), Duration::from_millis(30)),
                (json!(2), Duration::from_millis(20)),
                (json!(3), Duration::from_millis(900)),
            ]
        );
    }

    #[test]
    fn a_batch_answer_over_its_own_time_limit_ends_what_is_taken() {
        let input = json!({});
        let channel = three_answers();
        // The second took 1.2 s of its 1 s, though the whole batch took less than 3 s.
        let answers = batch_answers(
            &questions(&input),
            channel.as_bytes(),
            &millis(&[30, 1230, 1300]),
        );
        assert_eq!(answers, vec![(json!(1), Duration::from_millis(30))]);
    }

    #[test]
    fn a_line_that_is_not_the_next_answer_ends_what_is_taken() {
        let input = json!({});
        // Something wrote an answer of its own before the probe's second one.
        let forged = answer(0, "created_mazes", 1)
            + &answer(2, "created_mazes", 9)
            + &answer(1, "direction_opposite", 2);
        let answers = batch_answers(
            &questions(&input),
            forged.as_bytes(),
            &millis(&[10, 20, 30]),
        );
        assert_eq!(answers.len(), 1);
        let wrong_producer = answer(0, "direction_opposite", 1);
        assert!(
            batch_answers(
                &questions(&input),
                wrong_producer.as_bytes(),
                &millis(&[10])
            )
            .is_empty()
        );
        let extra_field =
            "{\"index\":0,\"producer\":\"created_mazes\",\"output\":1,\"passed\":true}\n";
        assert!(
            batch_answers(&questions(&input), extra_field.as_bytes(), &millis(&[10])).is_empty()
        );
    }

    #[test]
    fn a_batch_answer_without_its_end_of_line_is_not_taken() {
        let input = json!({});
        let channel = answer(0, "created_mazes", 1)
            + "{\"index\":1,\"producer\":\"direction_opposite\",\"output\":2}";
        let answers = batch_answers(&questions(&input), channel.as_bytes(), &millis(&[10]));
        assert_eq!(answers.len(), 1);
    }

    #[test]
    fn one_answer_to_the_question_asked_is_reported() {
        assert_eq!(
            outcome(br#"{"producer":"created_mazes","output":[1,2]}"#),
            RunOutcome::Reported(json!([1, 2]))
        );
    }

    #[test]
    fn two_answers_are_no_answer() {
        let two = b"{\"producer\":\"created_mazes\",\"output\":1}\n{\"producer\":\"created_mazes\",\"output\":2}\n";
        assert!(matches!(outcome(two), RunOutcome::NoReport(why) if why.contains("2 lines")));
    }

    #[test]
    fn an_answer_to_another_question_is_no_answer() {
        let other = br#"{"producer":"direction_opposite","output":[]}"#;
        assert!(
            matches!(outcome(other), RunOutcome::NoReport(why) if why.contains("another question"))
        );
    }

    #[test]
    fn garbage_in_the_channel_is_no_answer() {
        assert!(matches!(outcome(b"\xff\xfe"), RunOutcome::NoReport(_)));
        assert!(matches!(outcome(b"PASS"), RunOutcome::NoReport(_)));
    }

    #[test]
    fn an_answer_from_a_process_that_then_failed_is_not_taken() {
        let input = json!({});
        let run = finish(
            &request(&input),
            Ended::Code(101),
            Some(br#"{"producer":"created_mazes","output":[]}"#),
            String::new(),
            "",
            Duration::ZERO,
        );
        assert!(matches!(run.outcome, RunOutcome::NoReport(_)));
    }
}
