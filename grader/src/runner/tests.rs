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
    let extra_field = "{\"index\":0,\"producer\":\"created_mazes\",\"output\":1,\"passed\":true}\n";
    assert!(batch_answers(&questions(&input), extra_field.as_bytes(), &millis(&[10])).is_empty());
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
