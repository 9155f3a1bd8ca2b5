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
    Ok(json!({ "ops": ops, "many": many }))
}

/// What each step of a container's script reports, in order.
const STEP_FIELDS: [&str; 5] = ["returned", "len()", "is_empty()", "peek()", "capacity()"];

/// The first step of a script whose reported `fields` differ from the reference's,
/// in words. `got` and `want` have one step per operation.
fn step_problem(
    type_name: &str,
    ops: &[Value],
    got: &[Value],
    want: &[Value],
    fields: &[usize],
) -> Option<String> {
    let calls: Vec<String> = ops.iter().map(|op| call(op, type_name)).collect();
    for (i, (got, want)) in got.iter().zip(want).enumerate() {
        let field = fields.iter().copied().find(|&k| got.get(k) != want.get(k));
        let Some(field) = field else {
            continue;
        };
        let (g, w) = (
            got.get(field).unwrap_or(&Value::Null),
            want.get(field).unwrap_or(&Value::Null),
        );
        let this = calls.get(i).map_or("?", String::as_str);
        let before = calls.get(..i).map(so_far).unwrap_or_default();
        let full = calls.get(..=i).map(so_far).unwrap_or_default();
        if got.as_array().is_none_or(|g| g.len() <= field) {
            return Some(format!(
                "after {full}, the probe's report could not be read"
            ));
        }
        return Some(match field {
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
        });
    }
    None
}

fn drained_problem(what: &str, got: &[Value], want: &[Value]) -> Option<String> {
    let i = first_difference(got, want)?;
    Some(match (got.get(i), want.get(i)) {
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
    })
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
    if let Some(problem) = step_problem("Stack", &input.ops, &got.steps, &want.steps, &[0, 1, 2, 3])
    {
        return Ok(Verdict::fail(format!(
            "{problem} (last in, first out: the end of the Vec is the top)"
        )));
    }
    let what = format!(
        "pushing 0 to {} and popping until None",
        input.many.saturating_sub(1)
    );
    if let Some(problem) = drained_problem(&what, &got.drained, &want.drained) {
        return Ok(Verdict::fail(problem));
    }
    Ok(Verdict::pass(format!(
        "push, pop, peek, len and is_empty behave; {} items come back in reverse",
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

pub(super) fn rat_queue(case: &Case) -> Judged {
    let (input, got, want) = queue_report(case)?;
    for ((ops, got), want) in input.scripts.iter().zip(&got.scripts).zip(&want.scripts) {
        if let Some(problem) = step_problem("Queue", ops, got, want, &[0, 1, 2, 3]) {
            return Ok(Verdict::fail(format!(
                "{problem} (first in, first out: dequeue takes the item in slot head and moves head on, wrapping round)"
            )));
        }
    }
    let what = format!(
        "enqueueing 0 to {} two at a time, dequeueing one after every second, then the rest",
        input.interleaved.saturating_sub(1)
    );
    if let Some(problem) = drained_problem(&what, &got.interleaved, &want.interleaved) {
        return Ok(Verdict::fail(format!(
            "{problem}: growing while wrapped round must move the items front first"
        )));
    }
    Ok(Verdict::pass(format!(
        "first in, first out through wrap-around and growth; {} interleaved items in order",
        input.interleaved
    )))
}

pub(super) fn rat_queue_capacity(case: &Case) -> Judged {
    let (input, got, want) = queue_report(case)?;
    for ((ops, got), want) in input.scripts.iter().zip(&got.scripts).zip(&want.scripts) {
        if let Some(problem) = step_problem("Queue", ops, got, want, &[4]) {
            return Ok(Verdict::fail(format!(
                "{problem} (new() has no slots and with_capacity(n) has n; only an enqueue into a full queue grows it, to twice as many slots, 4 if it had none; a queue wrapped round into its free slots is not full)"
            )));
        }
    }
    Ok(Verdict::pass(
        "capacity() follows §7.2: 0 for new(), n for with_capacity(n), 4 at the first enqueue, doubling only when full, also while wrapped round",
    ))
}
