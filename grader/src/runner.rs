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

use std::path::Path;
use std::time::Duration;

use anyhow::Context as _;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::sandbox::{self, Exit, Job, Level, Mode};

/// How much of each output stream is kept.
pub const OUTPUT_CAP: usize = 16 * 1024;
/// How much of the result channel is read: far more than any honest answer.
pub const CHANNEL_CAP: usize = 8 * 1024 * 1024;
/// The largest answer to one question that is read at all: about 18 times the
/// reference's largest (55 KiB, `maze_complexity_texture`). An answer is parsed into
/// a tree several times its size and judged, so this is what keeps the grader's own
/// memory small (containers have tight limits) whatever a submission answers.
pub const ANSWER_CAP: usize = 1024 * 1024;

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
    /// The time limit ran out and everything the check started was killed.
    TimedOut(Duration),
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
        json!({ "producer": self.producer, "input": self.input })
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
/// answer is the probe's marked line on stdout.
pub fn run(request: &Request, confinement: &Confinement) -> anyhow::Result<Run> {
    let scratch = tempfile::tempdir()?;
    let job = probe_job(
        request.probe,
        scratch.path(),
        request.body(),
        request.time_limit,
        confinement,
    )?;
    let finished = sandbox::run(&job, confinement.mode)?;
    let ended = match finished.exit {
        Exit::Code(code) => Ended::Code(code),
        Exit::Signal(signal) => Ended::Signal(signal),
        Exit::TimedOut => Ended::TimedOut,
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
    if let (Some(violation), false) = (&finished.violation, ended == Ended::TimedOut) {
        run.outcome = RunOutcome::Crashed(violation_in_words(violation));
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
    /// arrived): `(output, how long it took)`.
    pub answers: Vec<(Value, Duration)>,
    /// When the process was ended because the next answer was overdue: how long
    /// that question had had. Only then; a batch that ended otherwise says nothing
    /// about the question it did not answer.
    pub overdue: Option<Duration>,
    /// What the process printed, capped, for all its questions together.
    pub stdout: String,
    /// The same for stderr, without the probe's marker lines.
    pub stderr: String,
    /// How long the process ran, and what else it cost.
    pub duration: Duration,
    /// What the process cost besides time.
    pub usage: sandbox::Usage,
}

/// Runs several checks' requests in order in one sandboxed process, which saves a
/// process start for each (the most a quick check costs). The process ends as soon
/// as an answer is overdue. Whatever comes after the answers taken (a panic, a
/// crash, a line that is not the next answer) is for the caller to run again alone,
/// where it gets the whole verdict of [`run`].
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
            json!({ "batch": batch }).to_string().into_bytes(),
            wall,
            confinement,
        )?
    };
    let finished = sandbox::run(&job, confinement.mode)?;
    let answers = batch_answers(questions, &finished.channel.bytes, &finished.answered_at);
    // Overdue only if every earlier answer was taken: a question the batch never
    // reached in order was not what kept it waiting.
    let overdue = (finished.exit == Exit::TimedOut
        && answers.len() == finished.answered_at.len()
        && answers.len() < questions.len())
    .then(|| {
        let since = finished.answered_at.last().copied().unwrap_or_default();
        finished.duration.saturating_sub(since)
    });
    Ok(BatchRun {
        answers,
        overdue,
        stdout: captured_text(&finished.stdout.bytes, finished.stdout.truncated),
        stderr: without_markers(&captured_text(
            &finished.stderr.bytes,
            finished.stderr.truncated,
        )),
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
        (Ended::TimedOut, _) => RunOutcome::TimedOut(request.time_limit),
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
    fn an_answer_over_the_cap_is_refused_unparsed_with_its_size() {
        let output = vec![[1, 1]; 300_000];
        let line = format!(
            "{}\n",
            json!({ "producer": "created_mazes", "output": output })
        );
        assert!(line.len() > ANSWER_CAP);
        match outcome(line.as_bytes()) {
            RunOutcome::NoReport(problem) => {
                assert!(
                    problem.starts_with("the answer was 1757 KiB of JSON;"),
                    "{problem}"
                );
                assert!(problem.contains("no answer to this question needs more than 1024 KiB"));
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
