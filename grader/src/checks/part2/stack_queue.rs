//! §7.1 and §7.2: the checks of the students' `Stack<T>` and `Queue<T>`, driven by
//! scripts of operations and judged step by step against the reference's reports.

use super::*;

pub(super) fn stack_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let mut ops = vec![json!(["new"]), json!(["pop"]), json!(["peek"])];
    ops.extend((1..=5).map(|item| json!(["push", item])));
    ops.extend([
        json!(["pop"]),
        json!(["pop"]),
        json!(["push", 6]),
        json!(["peek"]),
    ]);
    ops.extend((0..6).map(|_| json!(["pop"])));
    ops.extend([
        json!(["default"]),
        json!(["push", 7]),
        json!(["push", 7]),
        json!(["pop"]),
        json!(["peek"]),
        json!(["pop"]),
        json!(["pop"]),
    ]);
    let mut many = 3000;
    if inputs.private() {
        // Then a fresh stack and a run of random pushes, pops and peeks.
        let mut rng = inputs.rng();
        let start = ["new", "default"][rng.random_range(0..2)];
        ops.push(json!([start]));
        ops.extend(
            (0..rng.random_range(20..40)).map(|_| match rng.random_range(0..5) {
                0 | 1 => json!(["push", rng.random_range(0..1000)]),
                2 | 3 => json!(["pop"]),
                _ => json!(["peek"]),
            }),
        );
        many = rng.random_range(2000..4000);
    }
    Ok(json!({ "ops": ops, "many": many, "timed": timed_input(inputs) }))
}

/// How many items a timed run puts in and takes out (a private question draws from
/// 200,000 up to this): enough that the handout's stack and queue need a few
/// milliseconds and a stack or queue that moves every item each time needs many times
/// [`TIMED_CPU_MS`]. Measured at the harness's opt-level 0 on a 2-core VM: the
/// reference's queue puts in and takes out 262,144 items in 10 ms of CPU time; the
/// same queue taking its front out with `Vec::remove(0)` (moving every item along)
/// needs about 20 s, and a stack whose top is index 0 (`insert(0)`, `remove(0)`) about
/// 9 s; 200,000 items take about 60 % of that.
const TIMED_ITEMS: u64 = 1 << 18;

/// The CPU time each half of a timed run (putting in, taking out) may use, in
/// milliseconds. CPU time, which the probe reads for its own thread, so that how busy
/// the machine is does not change the verdict; well inside the check's time limit.
const TIMED_CPU_MS: u64 = 1000;

/// A large run of the container, timed in CPU time by the probe (see
/// [`timed_problem`]).
fn timed_input(inputs: &Inputs) -> Value {
    let items = if inputs.private() {
        inputs.rng().random_range(200_000..=TIMED_ITEMS)
    } else {
        TIMED_ITEMS
    };
    json!({ "items": items, "cpu_ms": TIMED_CPU_MS })
}

/// Which container a timed run was of, for the words of its verdict.
#[derive(Clone, Copy)]
enum Container {
    Stack,
    Queue,
}

/// What was wrong with a timed run (see [`timed_input`]), in words: a half that used
/// its CPU time (the operation does work in proportion to the container's size, where
/// the handout's way does a fixed amount), or an item that came back wrong.
fn timed_problem(container: Container, input: &Value, report: &Value) -> Option<String> {
    let items = input["items"].as_u64().unwrap_or_default();
    let seconds = input["cpu_ms"].as_u64().unwrap_or_default() as f64 / 1000.0;
    let (put, take) = match container {
        Container::Stack => ("push", "pop"),
        Container::Queue => ("enqueue", "dequeue"),
    };
    if let Some(slow) = report["slow"].as_str() {
        return Some(match (container, slow == put) {
            (Container::Stack, true) => format!(
                "push does work in proportion to the stack's size (does it insert at index 0?): pushing {items} items used more than {seconds} s of CPU time, where Vec::push at the end of the Vec takes a few milliseconds; keep the top of the stack at the end of the Vec, so that push and pop never move the other items"
            ),
            (Container::Stack, false) => format!(
                "pop does work in proportion to the stack's size (does it remove index 0?): popping {items} items used more than {seconds} s of CPU time, where Vec::pop at the end of the Vec takes a few milliseconds; keep the top of the stack at the end of the Vec, so that push and pop never move the other items"
            ),
            (Container::Queue, true) => format!(
                "enqueue does work in proportion to the queue's length: enqueueing {items} items into Queue::new() used more than {seconds} s of CPU time, where the ring buffer of §7.2 takes a few milliseconds; store the item in slot (head + len) % capacity, and grow only when every slot is full, to twice as many slots"
            ),
            (Container::Queue, false) => format!(
                "dequeue does work in proportion to the queue's length (does it move every item one slot along?): dequeueing {items} items used more than {seconds} s of CPU time, where the ring buffer of §7.2 takes a few milliseconds; take the item out of slot head and move head on by one, leaving the other items where they are (moving them all costs n moves a dequeue, n² to empty the queue)"
            ),
        });
    }
    let wrong = report["wrong"].as_array()?;
    let k = wrong.first().and_then(Value::as_u64).unwrap_or_default();
    let expected = match container {
        Container::Stack => items.saturating_sub(k + 1),
        Container::Queue => k,
    };
    Some(format!(
        "after {put}ing 0 to {}, the {} {take} gave {}, expected Some({expected})",
        items.saturating_sub(1),
        ordinal(k as usize + 1),
        option(wrong.get(1).unwrap_or(&Value::Null))
    ))
}

/// The report of a timed run, when the check's input asked for one and the report
/// holds a problem.
fn timed_verdict(container: Container, case: &Case, output: &Value) -> Option<Verdict> {
    let input = case.input.get("timed")?;
    let report = output.get("timed").unwrap_or(&Value::Null);
    if report.get("slow").is_none() || report.get("wrong").is_none() {
        return Some(Verdict::fail(
            "the probe's report of the timed run could not be read",
        ));
    }
    timed_problem(container, input, report).map(Verdict::fail)
}

/// What each step of a container's script reports, in order.
const STEP_FIELDS: [&str; 5] = ["returned", "len()", "is_empty()", "peek()", "capacity()"];

/// A container's names for its words: its type, its take and the rule of an empty
/// one, with the hint of a take that panicked on it.
struct Names {
    type_name: &'static str,
    take: &'static str,
    empty: &'static str,
    empty_hint: &'static str,
}

const STACK: Names = Names {
    type_name: "Stack",
    take: "pop",
    empty: "pop and peek of an empty stack return None",
    empty_hint: "handout §7.1: pop and peek of an empty stack return None, never panic",
};

const QUEUE: Names = Names {
    type_name: "Queue",
    take: "dequeue",
    empty: "dequeue and peek of an empty queue return None",
    empty_hint: "handout §7.2: dequeue and peek of an empty queue return None, never panic",
};

/// What was wrong with a container's script.
enum Problem {
    /// A call of the student's code panicked: the words, the panic's message (the
    /// key of the mistake), and whether the call should have returned `None` from an
    /// empty container.
    Panicked {
        words: String,
        message: String,
        on_empty: bool,
    },
    /// A call gave another value than the reference's, in words.
    Differs(String),
}

impl Problem {
    /// The failing verdict, the words of a difference followed by `rule`.
    fn verdict(self, names: &Names, rule: &str) -> Verdict {
        match self {
            Problem::Panicked {
                words,
                message,
                on_empty,
            } => {
                let verdict = Verdict::fail(words).with_mistake(Mistake::of_panic(&message));
                if on_empty {
                    verdict.with_hint(names.empty_hint)
                } else {
                    verdict
                }
            }
            Problem::Differs(words) => Verdict::fail(format!("{words}{rule}")),
        }
    }
}

/// A call that panicked where the reference's returned `want`, in words: what it
/// should have returned, and the empty container's rule when that was `None`.
fn panicked(names: &Names, what: &str, item: &Value, want: Option<&Value>) -> Option<Problem> {
    let panic = Panic::of(item, QUOTE)?;
    let on_empty = want.is_some_and(Value::is_null);
    let words = match want {
        Some(_) if on_empty => format!(
            "{what} {panic}, where it should return None: {}",
            names.empty
        ),
        Some(want) => format!("{what} {panic}, where it should return {}", short(want)),
        None => format!("{what} {panic}"),
    };
    Some(Problem::Panicked {
        words,
        message: panic.message,
        on_empty,
    })
}

/// The first step of a script whose reported `fields` differ from the reference's,
/// or that panicked: its index, and the problem in words. `got` and `want` have one
/// step per operation.
fn step_problem(
    names: &Names,
    ops: &[Value],
    got: &[Value],
    want: &[Value],
    fields: &[usize],
) -> Option<(usize, Problem)> {
    let calls: Vec<String> = ops.iter().map(|op| call(op, names.type_name)).collect();
    for (i, (got, want)) in got.iter().zip(want).enumerate() {
        let this = calls.get(i).map_or("?", String::as_str);
        let before = calls.get(..i).map(so_far).unwrap_or_default();
        let full = calls.get(..=i).map(so_far).unwrap_or_default();
        if got.get("panic").is_some() {
            // Which call of the step panicked: the operation, or a look after it.
            let field = got
                .get("field")
                .and_then(Value::as_u64)
                .and_then(|k| usize::try_from(k).ok())
                .filter(|&k| k < STEP_FIELDS.len())
                .unwrap_or(0);
            let what = match field {
                0 => then(&before, this),
                k => format!("{full}, then {}", STEP_FIELDS[k]),
            };
            // What it should have returned: nothing to say of one that returns ().
            let returns = field > 0
                || ops
                    .get(i)
                    .is_some_and(|op| ["pop", "dequeue", "peek"].contains(&op_name(op)));
            let want = want.get(field).filter(|_| returns);
            return panicked(names, &what, got, want).map(|problem| (i, problem));
        }
        let field = fields.iter().copied().find(|&k| got.get(k) != want.get(k));
        let Some(field) = field else {
            continue;
        };
        let (g, w) = (
            got.get(field).unwrap_or(&Value::Null),
            want.get(field).unwrap_or(&Value::Null),
        );
        if got.as_array().is_none_or(|g| g.len() <= field) {
            return Some((
                i,
                Problem::Differs(format!(
                    "after {full}, the probe's report could not be read"
                )),
            ));
        }
        let words = match field {
            0 => format!(
                "{} returned {}, expected {}",
                then(&before, this),
                option(g),
                option(w)
            ),
            3 => format!(
                "after {full}, peek() is {}, expected {}",
                option(g),
                option(w)
            ),
            _ => format!(
                "after {full}, {} is {}, expected {}",
                STEP_FIELDS[field],
                short(g),
                short(w)
            ),
        };
        return Some((i, Problem::Differs(words)));
    }
    None
}

/// The first item of a drained container that differs from the reference's, or the
/// take that panicked, in words; `what` says how it was filled.
fn drained_problem(names: &Names, what: &str, got: &[Value], want: &[Value]) -> Option<Problem> {
    let i = first_difference(got, want)?;
    let take = format!("{what}: the {} {}()", ordinal(i + 1), names.take);
    if let Some(problem) = got.get(i).and_then(|item| {
        panicked(
            names,
            &take,
            item,
            Some(want.get(i).unwrap_or(&Value::Null)),
        )
    }) {
        return Some(problem);
    }
    Some(Problem::Differs(match (got.get(i), want.get(i)) {
        (Some(g), Some(w)) => format!(
            "{what}: the {} item out was {}, expected {}",
            ordinal(i + 1),
            short(g),
            short(w)
        ),
        (None, _) => format!(
            "{what}: only {} items came out, expected {}",
            got.len(),
            want.len()
        ),
        (Some(g), None) => format!(
            "{what}: {} came out after all {} items",
            short(g),
            want.len()
        ),
    }))
}

pub(super) fn rat_stack(case: &Case) -> Judged {
    #[derive(Deserialize)]
    struct Input {
        ops: Vec<Value>,
        many: usize,
    }
    #[derive(Deserialize)]
    struct Output {
        steps: Vec<Value>,
        drained: Vec<Value>,
    }
    let input: Input = case.input()?;
    let output: Value = case.output()?;
    let got: Output = case.output()?;
    let want: Output = case.expected()?;
    if want.steps.len() != input.ops.len() {
        return Err(Verdict::grader_error(
            "the blessed stack steps do not match the input: run `grader bless`",
        ));
    }
    if got.steps.len() != input.ops.len() {
        return Ok(Verdict::fail(format!(
            "the probe reported {} of {} steps: the report does not match the grader's input",
            got.steps.len(),
            input.ops.len()
        )));
    }
    if let Some((_, problem)) =
        step_problem(&STACK, &input.ops, &got.steps, &want.steps, &[0, 1, 2, 3])
    {
        return Ok(problem.verdict(
            &STACK,
            " (last in, first out: the end of the Vec is the top)",
        ));
    }
    let what = format!(
        "pushing 0 to {} and popping until None",
        input.many.saturating_sub(1)
    );
    if let Some(problem) = drained_problem(&STACK, &what, &got.drained, &want.drained) {
        return Ok(problem.verdict(&STACK, ""));
    }
    if let Some(verdict) = timed_verdict(Container::Stack, case, &output) {
        return Ok(verdict);
    }
    Ok(Verdict::pass(format!(
        "push, pop, peek, len and is_empty behave; {} items come back in reverse, and a quarter of a million without moving the others",
        input.many
    )))
}

// ---------------------------------------------------------------- §7.2 the queue

fn queue_ops(start: Value, ops: &[(&str, u64)]) -> Vec<Value> {
    let mut script = vec![start];
    script.extend(ops.iter().map(|&(name, item)| match name {
        "enqueue" => json!(["enqueue", item]),
        other => json!([other]),
    }));
    script
}

fn enqueue_all(items: impl IntoIterator<Item = u64>) -> Vec<(&'static str, u64)> {
    items.into_iter().map(|item| ("enqueue", item)).collect()
}

fn dequeue_times(times: usize) -> Vec<(&'static str, u64)> {
    vec![("dequeue", 0); times]
}

pub(super) fn queue_input(inputs: &Inputs) -> anyhow::Result<Value> {
    // Wraps round, then grows while wrapped.
    let mut wrapped = vec![
        ("enqueue", 1),
        ("enqueue", 2),
        ("dequeue", 0),
        ("enqueue", 3),
        ("dequeue", 0),
        ("enqueue", 4),
        ("enqueue", 5),
        ("enqueue", 6),
        ("dequeue", 0),
        ("enqueue", 7),
    ];
    wrapped.extend(dequeue_times(5));
    wrapped.push(("peek", 0));
    let mut empty = vec![("dequeue", 0), ("peek", 0), ("enqueue", 10), ("peek", 0)];
    empty.extend(enqueue_all([20, 30]));
    empty.extend(dequeue_times(4));
    let mut many = enqueue_all(1..=9);
    many.extend(dequeue_times(10));
    let scripts = vec![
        queue_ops(json!(["with_capacity", 2]), &wrapped),
        queue_ops(json!(["new"]), &empty),
        queue_ops(json!(["default"]), &many),
    ];
    let interleaved = if inputs.private() {
        inputs.rng().random_range(2000..4000)
    } else {
        3000
    };
    Ok(json!({
        "scripts": inputs.vary(scripts, random_queue_script),
        "capacity": false,
        "interleaved": interleaved,
        "timed": timed_input(inputs),
    }))
}

pub(super) fn queue_capacity_input(inputs: &Inputs) -> anyhow::Result<Value> {
    // The first enqueue makes 4 slots; each full queue doubles.
    let mut doubling = enqueue_all(1..=9);
    doubling.extend(dequeue_times(9));
    // with_capacity(n) makes n slots, and the (n + 1)th item doubles them.
    let mut seven = enqueue_all(1..=8);
    seven.extend(dequeue_times(8));
    // Wraps round into the free slots without growing.
    let mut wrap = enqueue_all(1..=3);
    wrap.extend(dequeue_times(2));
    wrap.extend(enqueue_all([4, 5]));
    wrap.push(("peek", 0));
    wrap.extend(dequeue_times(3));
    wrap.extend(enqueue_all([6, 7]));
    // Grows while wrapped round.
    let mut grow = enqueue_all(0..4);
    grow.extend(dequeue_times(2));
    grow.extend(enqueue_all(4..=6));
    grow.extend(dequeue_times(5));
    // Taking out and looking never grows.
    let idle = vec![("dequeue", 0), ("peek", 0), ("enqueue", 1), ("dequeue", 0)];
    let mut input = json!({
        "scripts": [
            queue_ops(json!(["new"]), &doubling),
            queue_ops(json!(["with_capacity", 7]), &seven),
            queue_ops(json!(["with_capacity", 3]), &wrap),
            queue_ops(json!(["with_capacity", 4]), &grow),
            queue_ops(json!(["with_capacity", 0]), &idle),
            queue_ops(json!(["new"]), &idle),
        ],
        "capacity": true,
        "interleaved": 0,
    });
    if let Some(scripts) = input.get_mut("scripts").and_then(Value::as_array_mut) {
        *scripts = inputs.vary(std::mem::take(scripts), |rng| {
            Value::from(random_queue_script(rng))
        });
    }
    Ok(input)
}

/// A queue made one of the three ways, then random enqueues, dequeues and peeks.
fn random_queue_script(rng: &mut rand_chacha::ChaCha8Rng) -> Vec<Value> {
    let start = match rng.random_range(0..3) {
        0 => json!(["new"]),
        1 => json!(["default"]),
        _ => json!(["with_capacity", rng.random_range(0..9)]),
    };
    let ops: Vec<(&str, u64)> = (0..rng.random_range(10..40))
        .map(|_| match rng.random_range(0..7) {
            0..3 => ("enqueue", rng.random_range(0..1000)),
            3..6 => ("dequeue", 0),
            _ => ("peek", 0),
        })
        .collect();
    queue_ops(start, &ops)
}

#[derive(Deserialize)]
struct QueueInput {
    pub(super) scripts: Vec<Vec<Value>>,
    pub(super) interleaved: usize,
}

#[derive(Deserialize)]
struct QueueOutput {
    pub(super) scripts: Vec<Vec<Value>>,
    pub(super) interleaved: Vec<Value>,
}

/// The queue's report, checked against the scripts the grader sent.
fn queue_report(case: &Case) -> Result<(QueueInput, QueueOutput, QueueOutput), Verdict> {
    let input: QueueInput = case.input()?;
    let got: QueueOutput = case.output()?;
    let want: QueueOutput = case.expected()?;
    let lengths =
        |output: &QueueOutput| -> Vec<usize> { output.scripts.iter().map(Vec::len).collect() };
    let sent: Vec<usize> = input.scripts.iter().map(Vec::len).collect();
    if lengths(&want) != sent {
        return Err(Verdict::grader_error(
            "the blessed queue steps do not match the input: run `grader bless`",
        ));
    }
    if lengths(&got) != sent {
        return Err(Verdict::fail(
            "the probe reported another number of scripts or steps than the grader sent",
        ));
    }
    Ok((input, got, want))
}

/// The rule of §7.2 that step `i` of a queue's script broke, the first whose answers
/// differ from the reference's (`got` and `want` have one step per operation). When
/// only is_empty differs there, it does not count the items. When
/// only what peek shows differs there and every dequeue of the script returns the
/// reference's item, the items are stored and taken right, so peek looks in the
/// wrong place; otherwise a step that is an enqueue stored its item in the wrong
/// slot (or grew wrongly), and one that is not broke first in, first out.
fn queue_rule(ops: &[Value], got: &[Value], want: &[Value], i: usize) -> &'static str {
    let name = |k: usize| ops.get(k).map_or("?", op_name);
    let same = |k: usize, field: usize| {
        let (g, w) = (got.get(k), want.get(k));
        g.and_then(|g| g.get(field)) == w.and_then(|w| w.get(field))
    };
    if same(i, 0) && same(i, 1) && !same(i, 2) {
        return " (is_empty is whether the queue holds no items, len() == 0, whatever its slots)";
    }
    let dequeues_right = (0..ops.len()).all(|k| name(k) != "dequeue" || same(k, 0));
    let only_peek_differs = same(i, 1) && same(i, 2) && (same(i, 0) || name(i) == "peek");
    if dequeues_right && only_peek_differs {
        return " (peek looks at the front item, the one dequeue takes next, without taking it out: here dequeue takes the right items, so peek looks at another slot than head)";
    }
    let dequeued = (0..i).any(|k| name(k) == "dequeue");
    match (name(i), dequeued) {
        ("enqueue", true) => {
            " (enqueue stores the item in slot (head + len) % capacity, behind the items already in the queue: once a dequeue has moved head on, that is not slot len)"
        }
        ("enqueue", false) => {
            " (enqueue stores the item in slot (head + len) % capacity, behind the items already in the queue, growing first when every slot is full)"
        }
        _ => {
            " (first in, first out: dequeue takes the item in slot head and moves head on, wrapping round)"
        }
    }
}

pub(super) fn rat_queue(case: &Case) -> Judged {
    let (input, got, want) = queue_report(case)?;
    for ((ops, got), want) in input.scripts.iter().zip(&got.scripts).zip(&want.scripts) {
        if let Some((i, problem)) = step_problem(&QUEUE, ops, got, want, &[0, 1, 2, 3]) {
            return Ok(problem.verdict(&QUEUE, queue_rule(ops, got, want, i)));
        }
    }
    let what = format!(
        "enqueueing 0 to {} two at a time, dequeueing one after every second, then the rest",
        input.interleaved.saturating_sub(1)
    );
    if let Some(problem) = drained_problem(&QUEUE, &what, &got.interleaved, &want.interleaved) {
        return Ok(problem.verdict(
            &QUEUE,
            ": growing while wrapped round must move the items front first",
        ));
    }
    if let Some(verdict) = timed_verdict(Container::Queue, case, &case.output()?) {
        return Ok(verdict);
    }
    Ok(Verdict::pass(format!(
        "first in, first out through wrap-around and growth; {} interleaved items in order, and a quarter of a million without moving the others",
        input.interleaved
    )))
}

pub(super) fn rat_queue_capacity(case: &Case) -> Judged {
    let (input, got, want) = queue_report(case)?;
    for ((ops, got), want) in input.scripts.iter().zip(&got.scripts).zip(&want.scripts) {
        if let Some((_, problem)) = step_problem(&QUEUE, ops, got, want, &[4]) {
            return Ok(problem.verdict(
                &QUEUE,
                " (new() has no slots and with_capacity(n) has n; only an enqueue into a full queue grows it, to twice as many slots, 4 if it had none; a queue wrapped round into its free slots is not full)",
            ));
        }
    }
    Ok(Verdict::pass(
        "capacity() follows §7.2: 0 for new(), n for with_capacity(n), 4 at the first enqueue, doubling only when full, also while wrapped round",
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ops of a script as the grader sends them.
    fn script(ops: &[&str]) -> Vec<Value> {
        ops.iter().map(|&name| json!([name])).collect()
    }

    #[test]
    fn a_pop_that_panics_on_an_empty_stack_is_told_it_returns_none() {
        let ops = script(&["new", "pop"]);
        let want = [json!([null, 0, true, null]), json!([null, 0, true, null])];
        let panic = json!({
            "panic": "attempt to subtract with overflow",
            "location": "submission/src/rat/stack.rs:39",
            "field": 0,
        });
        let got = [want[0].clone(), panic];
        let Some((
            1,
            Problem::Panicked {
                words, on_empty, ..
            },
        )) = step_problem(&STACK, &ops, &got, &want, &[0, 1, 2, 3])
        else {
            panic!("no panic found");
        };
        assert_eq!(
            words,
            "Stack::new(), then pop() panicked at src/rat/stack.rs:39: attempt to subtract with overflow, where it should return None: pop and peek of an empty stack return None"
        );
        assert!(on_empty);
    }

    #[test]
    fn a_look_that_panics_after_a_step_is_named() {
        let ops = script(&["new"]);
        let want = [json!([null, 0, true, null])];
        let got = [json!({ "panic": "boom", "location": null, "field": 3 })];
        let Some((0, Problem::Panicked { words, .. })) =
            step_problem(&QUEUE, &ops, &got, &want, &[4])
        else {
            panic!("no panic found");
        };
        assert_eq!(
            words,
            "Queue::new(), then peek() panicked: boom, where it should return None: dequeue and peek of an empty queue return None"
        );
    }

    #[test]
    fn a_push_that_panics_is_not_told_what_to_return() {
        let ops = vec![json!(["new"]), json!(["push", 1])];
        let want = [json!([null, 0, true, null]), json!([null, 1, false, 1])];
        let got = [
            want[0].clone(),
            json!({ "panic": "boom", "location": null, "field": 0 }),
        ];
        let Some((
            1,
            Problem::Panicked {
                words, on_empty, ..
            },
        )) = step_problem(&STACK, &ops, &got, &want, &[0, 1, 2, 3])
        else {
            panic!("no panic found");
        };
        assert_eq!(words, "Stack::new(), then push(1) panicked: boom");
        assert!(!on_empty);
    }

    #[test]
    fn the_last_take_of_a_drained_stack_that_panics_is_told_it_returns_none() {
        let got = [
            json!(1),
            json!(0),
            json!({ "panic": "boom", "location": null, "field": 0 }),
        ];
        let want = [json!(1), json!(0)];
        let Some(Problem::Panicked { words, .. }) =
            drained_problem(&STACK, "pushing 0 to 1", &got, &want)
        else {
            panic!("no panic found");
        };
        assert_eq!(
            words,
            "pushing 0 to 1: the 3rd pop() panicked: boom, where it should return None: pop and peek of an empty stack return None"
        );
    }

    #[test]
    fn a_wrong_front_after_an_enqueue_blames_enqueues_slot_unless_dequeue_is_right() {
        // with_capacity(2), enqueue(1), enqueue(2), dequeue(), enqueue(3), dequeue():
        // the item 2 was overwritten by 3.
        let ops = vec![
            json!(["with_capacity", 2]),
            json!(["enqueue", 1]),
            json!(["enqueue", 2]),
            json!(["dequeue"]),
            json!(["enqueue", 3]),
            json!(["dequeue"]),
        ];
        let want = [
            json!([null, 0, true, null]),
            json!([null, 1, false, 1]),
            json!([null, 2, false, 1]),
            json!([1, 1, false, 2]),
            json!([null, 2, false, 2]),
            json!([2, 1, false, 3]),
        ];
        let mut got = want.clone();
        got[4] = json!([null, 2, false, 3]);
        got[5] = json!([3, 1, false, null]);
        let overwritten = queue_rule(&ops, &got, &want, 4);
        assert!(
            overwritten.contains("once a dequeue has moved head on"),
            "{overwritten}"
        );
        let mut lost = want.clone();
        lost[2] = json!([null, 1, false, 1]);
        assert!(queue_rule(&ops[..3], &lost, &want, 2).contains("growing first"));
        // The same wrong front, but dequeue takes the right items: peek's fault.
        got[5] = want[5].clone();
        let peek = queue_rule(&ops, &got, &want, 4);
        assert!(peek.starts_with(" (peek looks at the front item"), "{peek}");
        // A dequeue that returns the wrong item breaks first in, first out.
        got[3] = json!([2, 1, false, 2]);
        let dequeue = queue_rule(&ops, &got, &want, 3);
        assert!(
            dequeue.contains("dequeue takes the item in slot head"),
            "{dequeue}"
        );
    }
}
