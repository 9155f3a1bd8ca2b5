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
        /// The calls of the student's code the probe was making, when it names them.
        calling: Option<String>,
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
    #[serde(default)]
    calling: Option<String>,
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
                calling: panic.calling,
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
mod tests;
