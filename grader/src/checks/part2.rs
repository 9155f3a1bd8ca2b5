//! Part 2 checks (rat in a maze): for each, the input the grader builds and the
//! judge of what the student's code made of it. Inputs are the grader's: scripts of
//! operations for the stack, the queue and the disjoint set, door grids (read by the
//! grader from the kit's fixture files, or drawn from the check's generator) from
//! which the probe builds each maze with `RatMaze::new` and `set_door` alone, file
//! texts, sizes and seeds. Answers (visit orders, paths, what `read` makes of a file,
//! the reference's mazes) come from the blessed reference outputs; properties (a
//! generated maze has no loop, read∘write is the identity, `find` compresses the path
//! it walks) are judged here, on what the probe reported, after its shape has been
//! checked against the input the grader sent.

use rand::Rng as _;
use serde::Deserialize;
use serde_json::{Value, json};

use super::model::{CARDINALS, EAST, NORTH, SOUTH, WEST, direction_name, facing};
use super::{Case, CheckSpec, Inputs, Judged, Part, Verdict};

const fn check(
    name: &'static str,
    producer: &'static str,
    input: fn(&Inputs) -> anyhow::Result<Value>,
    judge: fn(&Case) -> Judged,
    blessed: bool,
) -> CheckSpec {
    CheckSpec::new(Part::Part2, name, producer, input, judge, blessed)
}

/// The Part 2 checks, in report order.
pub const CHECKS: &[CheckSpec] = &[
    check("rat_stack", "stack_script", stack_input, rat_stack, true),
    check("rat_queue", "queue_script", queue_input, rat_queue, true),
    check(
        "rat_queue_capacity",
        "queue_script",
        queue_capacity_input,
        rat_queue_capacity,
        true,
    ),
    check(
        "rat_disjoint_set",
        "disjoint_set_script",
        disjoint_set_input,
        rat_disjoint_set,
        true,
    ),
    check(
        "rat_disjoint_set_rank",
        "disjoint_set_script",
        rank_input,
        rat_disjoint_set_rank,
        true,
    ),
    check(
        "rat_disjoint_set_compression",
        "disjoint_set_script",
        compression_input,
        rat_disjoint_set_compression,
        false,
    ),
    check(
        "rat_maze_rooms",
        "rat_maze_rooms",
        rooms_input,
        rat_maze_rooms,
        true,
    ),
    check(
        "rat_neighbors_one_sided",
        "rat_neighbors",
        one_sided_input,
        rat_neighbors_one_sided,
        true,
    ),
    check(
        "rat_read_fixtures",
        "rat_read",
        read_fixtures_input,
        rat_read_fixtures,
        true,
    ),
    check(
        "rat_write_read_identity",
        "rat_write_read",
        write_read_input,
        rat_write_read_identity,
        false,
    ),
    check(
        "rat_invalid_files",
        "rat_read",
        invalid_files_input,
        rat_invalid_files,
        true,
    ),
    check(
        "rat_bfs_sample",
        "rat_search",
        bfs_sample_input,
        rat_search,
        true,
    ),
    check(
        "rat_dfs_sample",
        "rat_search",
        dfs_sample_input,
        rat_search,
        true,
    ),
    check(
        "rat_bfs_fixtures",
        "rat_search",
        bfs_fixtures_input,
        rat_search,
        true,
    ),
    check(
        "rat_dfs_fixtures",
        "rat_search",
        dfs_fixtures_input,
        rat_search,
        true,
    ),
    check(
        "rat_generate_joins",
        "rat_generate",
        joins_input,
        rat_generate_joins,
        false,
    ),
    check(
        "rat_generate_perfect",
        "rat_generate",
        perfect_input,
        rat_generate_perfect,
        false,
    ),
    check(
        "rat_generate_reference",
        "rat_generate",
        generate_reference_input,
        rat_generate_reference,
        true,
    ),
    check(
        "rat_generate_perfect_reference",
        "rat_generate",
        perfect_reference_input,
        rat_generate_reference,
        true,
    ),
];

// ---------------------------------------------------------------- wording helpers

/// The most characters of a reported value a message quotes.
const QUOTE: usize = 80;

/// `text`, cut to [`QUOTE`] characters.
fn cut(text: String) -> String {
    if text.chars().count() <= QUOTE {
        return text;
    }
    let mut shortened: String = text.chars().take(QUOTE).collect();
    shortened.push('…');
    shortened
}

/// A reported value as a message quotes it.
fn short(value: &Value) -> String {
    cut(value.to_string())
}

/// A reported `Option`: `None` or `Some(…)`.
fn option(value: &Value) -> String {
    if value.is_null() {
        "None".to_owned()
    } else {
        format!("Some({})", short(value))
    }
}

/// A reported `Result<(), String>` or `Result<T, String>`.
fn outcome(value: &Value) -> String {
    match (value.get("ok"), value.get("err")) {
        (Some(Value::Null), _) => "Ok(())".to_owned(),
        (Some(ok), _) => format!("Ok({})", short(ok)),
        (_, Some(Value::String(err))) => format!("Err(`{}`)", cut(err.clone())),
        (_, Some(err)) => format!("Err({})", short(err)),
        _ => short(value),
    }
}

fn is_ok(value: &Value) -> bool {
    value.get("ok").is_some()
}

/// `1st`, `2nd`, `3rd`, `4th`, …
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// Room numbers separated by spaces.
fn join(rooms: &[usize]) -> String {
    rooms
        .iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The operation of a script as a call: `["push", 3]` is `push(3)`; constructors are
/// named with their type.
fn call(step: &Value, type_name: &str) -> String {
    let items = step.as_array().map(Vec::as_slice).unwrap_or_default();
    let name = items.first().and_then(Value::as_str).unwrap_or("?");
    let args: Vec<String> = items.iter().skip(1).map(Value::to_string).collect();
    let prefix = if ["new", "default", "with_capacity"].contains(&name) {
        format!("{type_name}::")
    } else {
        String::new()
    };
    format!("{prefix}{name}({})", args.join(", "))
}

/// The calls that led up to a step: the first (which makes the structure) and the
/// last few.
fn so_far(calls: &[String]) -> String {
    const SHOWN: usize = 8;
    match calls {
        [first, .., _] if calls.len() > SHOWN => {
            format!(
                "{first}, …, {}",
                calls[calls.len() - (SHOWN - 1)..].join(", ")
            )
        }
        _ => calls.join(", "),
    }
}

/// `this` call, after the calls `before` it when there were any.
fn then(before: &str, this: &str) -> String {
    if before.is_empty() {
        this.to_owned()
    } else {
        format!("{before}, then {this}")
    }
}

/// The first index at which two lists differ (one may be shorter).
fn first_difference<T: PartialEq>(got: &[T], want: &[T]) -> Option<usize> {
    (0..got.len().max(want.len())).find(|&i| got.get(i) != want.get(i))
}

/// A list of rooms for a diff: a heading, 20 rooms a line and at most 50 lines, and
/// the count at the end (so that a different count does not hide equal lines).
fn rooms_text(heading: &str, rooms: &[usize]) -> String {
    const PER_LINE: usize = 20;
    const LINES: usize = 50;
    let mut text = format!("{heading}:\n");
    for chunk in rooms.chunks(PER_LINE).take(LINES) {
        text.push_str(&join(chunk));
        text.push('\n');
    }
    if rooms.len() > PER_LINE * LINES {
        text.push_str("…\n");
    }
    text.push_str(&format!("({} rooms)\n", rooms.len()));
    text
}

// ---------------------------------------------------------------- rat mazes

/// A maze the grader sends: a name for messages, its size and its open doors.
#[derive(Debug, Clone, Deserialize)]
pub(super) struct GivenMaze {
    pub(super) name: String,
    pub(super) n: usize,
    pub(super) open: Vec<u8>,
}

impl GivenMaze {
    fn value(&self) -> Value {
        json!({ "name": self.name, "n": self.n, "open": self.open })
    }
}

/// The door bits of a maze file's text: `0` is an open door, `1` a closed one, four
/// values a room in N, S, E, W order. The kit's fixtures are valid files; anything
/// else is the kit's fault.
fn parse_rat_file(name: &str, text: &str) -> anyhow::Result<GivenMaze> {
    let mut words = text.split_whitespace();
    let n: usize = words
        .next()
        .and_then(|w| w.parse().ok())
        .filter(|n| (1..=1000).contains(n))
        .ok_or_else(|| anyhow::anyhow!("the kit's fixture rat/{name} has no size 1..=1000"))?;
    let values: Vec<&str> = words.collect();
    if values.len() != 4 * n * n || values.iter().any(|v| *v != "0" && *v != "1") {
        anyhow::bail!("the kit's fixture rat/{name} is not a {n}x{n} maze file");
    }
    let open = values
        .chunks(4)
        .map(|doors| {
            doors
                .iter()
                .zip(CARDINALS)
                .filter(|(v, _)| **v == "0")
                .map(|(_, bit)| bit)
                .sum()
        })
        .collect();
    Ok(GivenMaze {
        name: name.to_owned(),
        n,
        open,
    })
}

/// Every maze in fixtures/rat, by file name.
fn fixture_mazes(inputs: &Inputs) -> anyhow::Result<Vec<GivenMaze>> {
    inputs
        .fixture_files("rat", "txt")?
        .iter()
        .map(|(name, text)| parse_rat_file(name, text))
        .collect()
}

/// A random n×n door grid: three pairs of facing doors in four open together (so
/// there are loops), some open on one side only, some closed; a few border doors
/// open (they lead nowhere); the way in and the way out open.
pub(super) fn random_doors(rng: &mut impl rand::Rng, n: usize) -> Vec<u8> {
    let mut open = vec![0u8; n * n];
    let mut pair = |open: &mut Vec<u8>, a: usize, b: usize, d: u8| {
        match rng.random_range(0..100) {
            0..76 => {
                open[a] |= d;
                open[b] |= facing(d);
            }
            76..84 => open[a] |= d,
            84..92 => open[b] |= facing(d),
            _ => {}
        }
        if rng.random_range(0..8) == 0 {
            // A border door, open.
            let room = rng.random_range(0..n * n);
            let (row, col) = (room / n, room % n);
            let border: Vec<u8> = [
                (row == 0, NORTH),
                (row + 1 == n, SOUTH),
                (col + 1 == n, EAST),
                (col == 0, WEST),
            ]
            .iter()
            .filter(|(on, _)| *on)
            .map(|&(_, d)| d)
            .collect();
            if let Some(&d) = border.first() {
                open[room] |= d;
            }
        }
    };
    for room in 0..n * n {
        let (row, col) = (room / n, room % n);
        if col + 1 < n {
            pair(&mut open, room, room + 1, EAST);
        }
        if row + 1 < n {
            pair(&mut open, room, room + n, SOUTH);
        }
    }
    open[0] |= NORTH;
    open[n * n - 1] |= SOUTH;
    open
}

fn mazes_value(mazes: &[GivenMaze]) -> Vec<Value> {
    mazes.iter().map(GivenMaze::value).collect()
}

/// A reported maze whose number of rooms matches the size the grader asked for.
struct Rooms<'a> {
    n: usize,
    open: &'a [u8],
}

impl<'a> Rooms<'a> {
    /// `open` as the doors of an n×n maze, where `n` comes from the grader's input.
    fn checked(n: usize, open: &'a [u8]) -> Result<Rooms<'a>, String> {
        if !(1..=1000).contains(&n) {
            return Err(format!("a {n}x{n} maze is outside 1..=1000"));
        }
        if open.len() != n * n {
            return Err(format!(
                "{} rooms reported for a {n}x{n} maze of {} rooms",
                open.len(),
                n * n
            ));
        }
        Ok(Rooms { n, open })
    }

    fn rooms(&self) -> usize {
        self.open.len()
    }

    fn neighbor(&self, room: usize, d: u8) -> Option<usize> {
        let (row, col) = (room / self.n, room % self.n);
        match d {
            _ if room >= self.rooms() => None,
            NORTH if row > 0 => Some(room - self.n),
            SOUTH if row + 1 < self.n => Some(room + self.n),
            EAST if col + 1 < self.n => Some(room + 1),
            WEST if col > 0 => Some(room - 1),
            _ => None,
        }
    }

    fn door(&self, room: usize, d: u8) -> bool {
        self.open.get(room).is_some_and(|bits| bits & d != 0)
    }

    fn passage(&self, room: usize, d: u8) -> bool {
        self.neighbor(room, d)
            .is_some_and(|to| self.door(room, d) && self.door(to, facing(d)))
    }

    /// Why the doors break the rules every generated maze keeps, if they do: the way
    /// in and out open, every other border door closed, no door open on one side only.
    fn door_problem(&self) -> Option<String> {
        let goal = self.rooms() - 1;
        if let Some(room) = self.open.iter().position(|&bits| bits > 15) {
            return Some(format!(
                "room {room} has door bits {}, outside 0..=15",
                self.open[room]
            ));
        }
        if !self.door(0, NORTH) {
            return Some("room 0's north door (the way in) is closed".to_owned());
        }
        if !self.door(goal, SOUTH) {
            return Some(format!("room {goal}'s south door (the way out) is closed"));
        }
        for room in 0..self.rooms() {
            for d in CARDINALS {
                let way_in_or_out = (room == 0 && d == NORTH) || (room == goal && d == SOUTH);
                match self.neighbor(room, d) {
                    None if self.door(room, d) && !way_in_or_out => {
                        return Some(format!(
                            "room {room}'s {} door leads out of the maze",
                            direction_name(d).to_lowercase()
                        ));
                    }
                    Some(to) if self.door(room, d) != self.door(to, facing(d)) => {
                        return Some(format!(
                            "the door between rooms {room} and {to} is open on one side only (open_between opens both)"
                        ));
                    }
                    _ => {}
                }
            }
        }
        None
    }

    /// For each room the number of its group of rooms joined by passages, and the
    /// number of groups.
    fn groups(&self) -> (Vec<usize>, usize) {
        let mut group = vec![usize::MAX; self.rooms()];
        let mut count = 0;
        for first in 0..self.rooms() {
            if group[first] != usize::MAX {
                continue;
            }
            group[first] = count;
            let mut pending = vec![first];
            while let Some(room) = pending.pop() {
                for d in CARDINALS {
                    if let Some(to) = self.neighbor(room, d).filter(|_| self.passage(room, d))
                        && group[to] == usize::MAX
                    {
                        group[to] = count;
                        pending.push(to);
                    }
                }
            }
            count += 1;
        }
        (group, count)
    }

    fn passage_count(&self) -> usize {
        (0..self.rooms())
            .map(|room| {
                [SOUTH, EAST]
                    .iter()
                    .filter(|&&d| self.passage(room, d))
                    .count()
            })
            .sum()
    }

    /// A drawing like the one `maze rat` prints (`_` no way south, `|` no way east;
    /// a door open on one side only is a wall), then one line a row with a hex digit
    /// a room for its open doors, which shows one-sided doors too.
    fn render(&self) -> String {
        let n = self.n;
        let mut text = String::from(" ");
        for room in 0..n {
            text.push(if self.door(room, NORTH) { ' ' } else { '_' });
            text.push(' ');
        }
        text = text.trim_end().to_owned();
        text.push('\n');
        for row in 0..n {
            let first = row * n;
            let mut line = String::from(if self.door(first, WEST) { " " } else { "|" });
            for room in first..first + n {
                let south = if row + 1 == n {
                    self.door(room, SOUTH)
                } else {
                    self.passage(room, SOUTH)
                };
                let east = if room + 1 == first + n {
                    self.door(room, EAST)
                } else {
                    self.passage(room, EAST)
                };
                line.push(if south { ' ' } else { '_' });
                line.push(if east { ' ' } else { '|' });
            }
            text.push_str(line.trim_end());
            text.push('\n');
        }
        text.push_str("open doors, a hex digit a room (N=1 S=2 E=4 W=8):\n");
        for row in self.open.chunks(n) {
            let digits: String = row.iter().map(|bits| format!("{bits:x}")).collect();
            text.push_str(&digits);
            text.push('\n');
        }
        text
    }
}

/// The first room whose doors differ between two door lists, in words.
fn door_difference(got: &[u8], want: &[u8]) -> String {
    match first_difference(got, want) {
        Some(room) => format!(
            "room {room} has open doors {}, expected {}",
            got.get(room)
                .map_or("(none reported)".to_owned(), |&b| direction_name(b)),
            want.get(room)
                .map_or("(no such room)".to_owned(), |&b| direction_name(b))
        ),
        None => "the doors are the same".to_owned(),
    }
}

// ---------------------------------------------------------------- §7.1 the stack

fn stack_input(_: &Inputs) -> anyhow::Result<Value> {
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
    Ok(json!({ "ops": ops, "many": 3000 }))
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

fn rat_stack(case: &Case) -> Judged {
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

fn queue_input(_: &Inputs) -> anyhow::Result<Value> {
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
    Ok(json!({
        "scripts": [
            queue_ops(json!(["with_capacity", 2]), &wrapped),
            queue_ops(json!(["new"]), &empty),
            queue_ops(json!(["default"]), &many),
        ],
        "capacity": false,
        "interleaved": 3000,
    }))
}

fn queue_capacity_input(_: &Inputs) -> anyhow::Result<Value> {
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
    Ok(json!({
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
    }))
}

#[derive(Deserialize)]
struct QueueInput {
    scripts: Vec<Vec<Value>>,
    interleaved: usize,
}

#[derive(Deserialize)]
struct QueueOutput {
    scripts: Vec<Vec<Value>>,
    interleaved: Vec<Value>,
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

fn rat_queue(case: &Case) -> Judged {
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

fn rat_queue_capacity(case: &Case) -> Judged {
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

// ---------------------------------------------------------------- §7.3 the disjoint set

fn set_script(n: usize, ops: Vec<Value>) -> Value {
    json!({ "n": n, "ops": ops })
}

fn unions(pairs: &[(usize, usize)]) -> Vec<Value> {
    pairs.iter().map(|&(a, b)| json!(["union", a, b])).collect()
}

fn disjoint_set_input(_: &Inputs) -> anyhow::Result<Value> {
    let mut twelve = unions(&[
        (0, 1),
        (2, 3),
        (1, 3),
        (4, 5),
        (5, 6),
        (6, 4),
        (0, 2),
        (7, 7),
        (8, 11),
        (11, 9),
        (9, 8),
        (3, 6),
    ]);
    for a in 0..12 {
        for b in 0..12 {
            twelve.push(json!(["same_set", a, b]));
            twelve.push(json!(["same_root", a, b]));
        }
    }
    twelve.extend([json!(["len"]), json!(["is_empty"])]);
    let mut small = unions(&[(2, 2), (3, 4), (4, 3), (0, 4)]);
    small.extend([json!(["same_set", 0, 3]), json!(["same_set", 1, 2])]);
    let chain = vec![
        json!(["chain", 0, 20_000]),
        json!(["same_set", 0, 19_999]),
        json!(["same_set", 12_345, 67]),
        json!(["len"]),
    ];
    Ok(json!({ "scripts": [
        set_script(12, twelve),
        set_script(5, small),
        set_script(0, vec![json!(["len"]), json!(["is_empty"])]),
        set_script(20_000, chain),
    ] }))
}

fn finds(range: std::ops::Range<usize>) -> Vec<Value> {
    range.map(|x| json!(["find", x])).collect()
}

fn rank_input(inputs: &Inputs) -> anyhow::Result<Value> {
    // The handout's tie rule, then a lower tree going under a higher one.
    let mut four = vec![
        json!(["union", 0, 1]),
        json!(["find", 1]),
        json!(["find", 0]),
    ];
    four.extend([json!(["union", 2, 0]), json!(["find", 2])]);
    four.extend([json!(["union", 3, 2]), json!(["find", 3])]);
    // Ties decided by the order of the arguments, both ways round.
    let mut six = vec![json!(["union", 1, 0]), json!(["find", 0])];
    six.extend([json!(["union", 2, 3]), json!(["find", 3])]);
    six.extend([json!(["union", 3, 1])]);
    six.extend(finds(0..4));
    six.extend([json!(["union", 4, 5]), json!(["union", 5, 0])]);
    six.extend(finds(0..6));
    // Random unions, every root checked now and then.
    let mut rng = inputs.rng();
    let n = 24;
    let mut random = Vec::new();
    for round in 0..6 {
        for _ in 0..(4 + round) {
            random.push(json!([
                "union",
                rng.random_range(0..n),
                rng.random_range(0..n)
            ]));
        }
        random.extend(finds(0..n));
    }
    Ok(json!({ "scripts": [set_script(4, four), set_script(6, six), set_script(n, random)] }))
}

/// One script's results, checked against the script the grader sent.
#[derive(Deserialize)]
struct SetScript {
    n: usize,
    ops: Vec<Value>,
}

fn set_scripts(case: &Case) -> Result<(Vec<SetScript>, Vec<Vec<Value>>), Verdict> {
    #[derive(Deserialize)]
    struct Input {
        scripts: Vec<SetScript>,
    }
    let input: Input = case.input()?;
    let got: Vec<Vec<Value>> = case.output_list(input.scripts.len())?;
    if let Some((script, results)) = input
        .scripts
        .iter()
        .zip(&got)
        .find(|(script, results)| script.ops.len() != results.len())
    {
        return Err(Verdict::fail(format!(
            "the probe reported {} results for a script of {} operations",
            results.len(),
            script.ops.len()
        )));
    }
    Ok((input.scripts, got))
}

fn op_name(op: &Value) -> &str {
    op.get(0).and_then(Value::as_str).unwrap_or("?")
}

fn op_arg(op: &Value, i: usize) -> Option<usize> {
    op.get(i)
        .and_then(Value::as_u64)
        .and_then(|a| usize::try_from(a).ok())
}

/// A disjoint-set script compared with the reference's results, the first
/// difference in words; `rule` says what decides a `find`.
fn set_problem(script: &SetScript, got: &[Value], want: &[Value], rule: &str) -> Option<String> {
    let mut calls = vec![format!("DisjointSet::new({})", script.n)];
    for ((op, got), want) in script.ops.iter().zip(got).zip(want) {
        let this = call(op, "DisjointSet");
        let name = op_name(op);
        let before = so_far(&calls);
        if ["union", "find", "chain"].contains(&name) {
            calls.push(this.clone());
        }
        if got == want {
            continue;
        }
        let (g, w) = (short(got), short(want));
        let arg = |i: usize| op.get(i).map(short).unwrap_or_default();
        let (a, b) = (arg(1), arg(2));
        return Some(match name {
            "union" => format!(
                "{before}, then union({a}, {b}) returned {g}, expected {w}: it returns true when it joined two different sets, false (changing nothing) when they were one already"
            ),
            "same_root" => format!(
                "{before}, then find({a}) == find({b}) is {g}, expected {w}: the elements of one set lead to one root"
            ),
            "find" => format!("{before}, then find({a}) gave {g}, expected {w}{rule}"),
            "chain" => format!(
                "{before}, then joining {a}–{}, …, {}–{} one pair at a time made {g} joins, expected {w}",
                op_arg(op, 1).map_or(0, |x| x + 1),
                op_arg(op, 2).map_or(0, |x| x.saturating_sub(2)),
                op_arg(op, 2).map_or(0, |x| x.saturating_sub(1)),
            ),
            _ => format!("{before}, then {this} gave {g}, expected {w}"),
        });
    }
    None
}

fn set_verdict(case: &Case, rule: &str, summary: &str) -> Judged {
    let (scripts, got) = set_scripts(case)?;
    let want: Vec<Vec<Value>> = case.expected()?;
    if want.len() != scripts.len()
        || scripts
            .iter()
            .zip(&want)
            .any(|(script, want)| script.ops.len() != want.len())
    {
        return Err(Verdict::grader_error(
            "the blessed results do not match the input: run `grader bless`",
        ));
    }
    for ((script, got), want) in scripts.iter().zip(&got).zip(&want) {
        if let Some(problem) = set_problem(script, got, want, rule) {
            return Ok(Verdict::fail(problem));
        }
    }
    Ok(Verdict::pass(summary))
}

fn rat_disjoint_set(case: &Case) -> Judged {
    set_verdict(
        case,
        "",
        "union, find, same_set and len keep the right sets; 20 000 unions in a chain join the ends",
    )
}

fn rat_disjoint_set_rank(case: &Case) -> Judged {
    set_verdict(
        case,
        ": union hangs the root of lower rank under the other; on a tie, b's root goes under a's root, whose rank grows by one (after union(0, 1) on fresh sets, find(1) is 0)",
        "find gives the roots union by rank and the tie rule make",
    )
}

fn compression_input(_: &Inputs) -> anyhow::Result<Value> {
    let debug = || json!(["debug"]);
    let watched = |op: Value| vec![debug(), op, debug()];
    // A tall tree: pairs, pairs of pairs, then halves (each a tie).
    let tall = |n: usize| {
        let mut pairs = Vec::new();
        let mut width = 1;
        while width < n {
            let mut a = 0;
            while a + width < n {
                pairs.push((a, a + width));
                a += 2 * width;
            }
            width *= 2;
        }
        pairs
    };
    let mut eight = vec![debug()];
    eight.extend(unions(&tall(8)));
    eight.extend(watched(json!(["find", 7])));
    eight.extend(watched(json!(["find", 7])));
    eight.extend(watched(json!(["find", 5])));
    let mut nine = unions(&tall(8));
    nine.extend(watched(json!(["union", 7, 8])));
    nine.extend(watched(json!(["union", 5, 3])));
    let mut sixteen = Vec::new();
    for pair in unions(&tall(16)) {
        sixteen.extend(watched(pair));
    }
    sixteen.extend(watched(json!(["union", 15, 3])));
    sixteen.extend(watched(json!(["find", 11])));
    sixteen.extend(watched(json!(["find", 13])));
    Ok(json!({ "scripts": [set_script(8, eight), set_script(9, nine), set_script(16, sixteen)] }))
}

/// The parents in the Debug text of a DisjointSet (`DisjointSet { parent: [0, 0, 2],
/// rank: [1, 0, 0] }`, provided code), each checked to be an element of `n`.
fn parents(text: &Value, n: usize) -> Result<Vec<usize>, String> {
    let unreadable = || {
        format!(
            "the Debug text of the DisjointSet, {}, does not show `parent: [...]` for {n} elements (keep the provided Debug impl)",
            short(text)
        )
    };
    let text = text
        .as_str()
        .filter(|t| t.len() <= 100_000)
        .ok_or_else(unreadable)?;
    let list = text
        .split_once("parent:")
        .and_then(|(_, rest)| rest.split_once('['))
        .and_then(|(_, rest)| rest.split_once(']'))
        .map(|(list, _)| list)
        .ok_or_else(unreadable)?;
    let parents: Vec<usize> = list
        .split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty())
        .map(str::parse)
        .collect::<Result<_, _>>()
        .map_err(|_| unreadable())?;
    if parents.len() != n {
        return Err(unreadable());
    }
    if let Some(x) = parents.iter().position(|&p| p >= n) {
        return Err(format!(
            "parent[{x}] is {}, not an element of the {n}",
            parents[x]
        ));
    }
    Ok(parents)
}

/// The way from `x` up to its root through `parent` (x first, the root last), or why
/// there is none.
fn way_up(parent: &[usize], x: usize) -> Result<Vec<usize>, String> {
    let mut way = vec![x];
    let mut at = x;
    while let Some(&up) = parent.get(at) {
        if up == at {
            return Ok(way);
        }
        if way.len() > parent.len() {
            return Err(format!(
                "the parents from {x} upwards go round in a loop and never reach a root"
            ));
        }
        way.push(up);
        at = up;
    }
    Err(format!("{x} is not an element"))
}

/// Why `after` is not `before` with every element on `ways` pointing straight at the
/// root of its way, if it is not. `what` names the call.
fn compression_problem(
    what: &str,
    before: &[usize],
    after: &[usize],
    ways: &[&[usize]],
) -> Option<String> {
    for way in ways {
        let Some(&root) = way.last() else { continue };
        for &y in &way[..way.len() - 1] {
            if after.get(y) != Some(&root) {
                let points = after.get(y).map_or("nowhere".to_owned(), usize::to_string);
                return Some(format!(
                    "{what} left {y}, on the way {} up to the root {root}, pointing at {points}: every element on the way must point straight at the root (path compression)",
                    ways_text(way)
                ));
            }
        }
    }
    let on_a_way = |y: usize| ways.iter().any(|way| way.contains(&y));
    (0..before.len())
        .find(|&y| !on_a_way(y) && before.get(y) != after.get(y))
        .map(|y| {
            format!(
                "{what} changed the parent of {y} from {} to {}, but {y} is not on the way up it walks",
                before.get(y).copied().unwrap_or(y),
                after.get(y).copied().unwrap_or(y)
            )
        })
}

fn ways_text(way: &[usize]) -> String {
    way.iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(" → ")
}

/// Checks one `find` or `union` against the parents before and after it; returns
/// the longest way up it walked.
fn watched_call(
    op: &Value,
    result: &Value,
    before: &[usize],
    after: &[usize],
    context: &str,
) -> Result<usize, String> {
    let this = call(op, "DisjointSet");
    let what = format!("after {context}, {this}");
    let arg = |i| op_arg(op, i).ok_or_else(|| "the grader's own script is unreadable".to_owned());
    match op_name(op) {
        "find" => {
            let x = arg(1)?;
            let way = way_up(before, x)?;
            let root = way.last().copied().unwrap_or(x);
            if result.as_u64().and_then(|r| usize::try_from(r).ok()) != Some(root) {
                return Err(format!(
                    "{what} returned {}, but the parents before it lead from {x} to the root {root}",
                    short(result)
                ));
            }
            match compression_problem(&what, before, after, &[&way]) {
                Some(problem) => Err(problem),
                None => Ok(way.len() - 1),
            }
        }
        "union" => {
            let (a, b) = (arg(1)?, arg(2)?);
            let (way_a, way_b) = (way_up(before, a)?, way_up(before, b)?);
            let (ra, rb) = (
                way_a.last().copied().unwrap_or(a),
                way_b.last().copied().unwrap_or(b),
            );
            let joined = ra != rb;
            if result.as_bool() != Some(joined) {
                return Err(format!(
                    "{what} returned {}, expected {joined}",
                    short(result)
                ));
            }
            // When two sets were joined, one root now points at the other.
            let moved: Vec<usize> = [ra, rb]
                .into_iter()
                .filter(|&r| after.get(r) != Some(&r))
                .collect();
            let new_root = match (joined, moved.as_slice()) {
                (false, []) => ra,
                (false, _) => {
                    return Err(format!(
                        "{what} joined nothing, yet changed the root {}",
                        moved[0]
                    ));
                }
                (true, &[r]) => {
                    let other = if r == ra { rb } else { ra };
                    if after.get(r) != Some(&other) {
                        return Err(format!(
                            "{what} hung the root {r} under {}, not under the other root {other}",
                            after.get(r).copied().unwrap_or(r)
                        ));
                    }
                    other
                }
                (true, _) => {
                    return Err(format!(
                        "{what} returned true, but not exactly one of the roots {ra} and {rb} was hung under the other"
                    ));
                }
            };
            for (way, own) in [(&way_a, ra), (&way_b, rb)] {
                for &y in &way[..way.len() - 1] {
                    let points = after.get(y).copied();
                    if points != Some(own) && points != Some(new_root) {
                        return Err(format!(
                            "{what} left {y}, on the way {} up to the root {own}, pointing at {}: union must find both roots with find, which points every element on the way straight at the root (path compression)",
                            ways_text(way),
                            points.map_or("nowhere".to_owned(), |p| p.to_string())
                        ));
                    }
                }
            }
            let on_a_way = |y: usize| way_a.contains(&y) || way_b.contains(&y);
            if let Some(y) =
                (0..before.len()).find(|&y| !on_a_way(y) && before.get(y) != after.get(y))
            {
                return Err(format!(
                    "{what} changed the parent of {y}, which is on neither way up it walks"
                ));
            }
            Ok((way_a.len() - 1).max(way_b.len() - 1))
        }
        other => Err(format!("the grader's own script has no watched {other}")),
    }
}

fn rat_disjoint_set_compression(case: &Case) -> Judged {
    let (scripts, got) = set_scripts(case)?;
    let mut longest = 0;
    let mut watched = 0;
    for (script, results) in scripts.iter().zip(&got) {
        let n = script.n;
        let mut calls = vec![format!("DisjointSet::new({n})")];
        let mut before: Option<Vec<usize>> = None;
        for (i, (op, result)) in script.ops.iter().zip(results).enumerate() {
            if op_name(op) != "debug" {
                calls.push(call(op, "DisjointSet"));
                continue;
            }
            let context = so_far(&calls[..calls.len().saturating_sub(1)]);
            let after = parents(result, n)
                .map_err(|problem| Verdict::fail(format!("after {}: {problem}", so_far(&calls))))?;
            if i == 0 && after.iter().enumerate().any(|(x, &p)| x != p) {
                return Ok(Verdict::fail(format!(
                    "DisjointSet::new({n}) has parents {after:?}: every element starts as its own root"
                )));
            }
            let previous = i.checked_sub(1).and_then(|j| script.ops.get(j));
            let is_watched = previous.is_some_and(|op| ["find", "union"].contains(&op_name(op)))
                && i >= 2
                && script
                    .ops
                    .get(i - 2)
                    .is_some_and(|op| op_name(op) == "debug");
            if let (true, Some(before), Some(op)) = (is_watched, &before, previous) {
                let result = results.get(i - 1).unwrap_or(&Value::Null);
                let walked =
                    watched_call(op, result, before, &after, &context).map_err(Verdict::fail)?;
                longest = longest.max(walked);
                watched += 1;
            }
            before = Some(after);
        }
    }
    if longest < 2 {
        return Ok(Verdict::fail(format!(
            "in {watched} watched calls of find and union no way up to a root was longer than one step, so path compression could not be seen: union must hang one root under the other by rank (§7.3), which builds taller trees"
        )));
    }
    Ok(Verdict::pass(format!(
        "find, and union through find, point every element on the way up straight at the root ({watched} calls watched, ways up to {longest} steps)"
    )))
}

// ---------------------------------------------------------------- §7.4 rooms and doors

fn rooms_input(_: &Inputs) -> anyhow::Result<Value> {
    let mut neighbor = Vec::new();
    for room in 0..9 {
        for d in CARDINALS {
            neighbor.push(json!([3, room, d]));
        }
    }
    neighbor.extend([
        json!([3, 9, NORTH]),
        json!([3, 100, SOUTH]),
        json!([3, 4, NORTH | EAST]),
        json!([3, 4, 0]),
        json!([3, 4, 15]),
        json!([5, 4, EAST]),
        json!([5, 5, WEST]),
        json!([5, 9, EAST]),
        json!([5, 10, WEST]),
        json!([5, 24, SOUTH]),
        json!([5, 25, NORTH]),
        json!([5, 12, NORTH]),
        json!([5, 12, SOUTH]),
        json!([5, 12, EAST]),
        json!([5, 12, WEST]),
        json!([1, 0, NORTH]),
        json!([1, 0, SOUTH]),
        json!([1, 0, EAST]),
        json!([1, 0, WEST]),
    ]);
    let set = |room: usize, d: u8, open: bool| json!(["set_door", room, d, open]);
    let ask = |what: &str, room: usize, d: u8| json!([what, room, d]);
    let doors = vec![
        json!(["doors"]),
        set(4, EAST, true),
        ask("door_open", 4, EAST),
        ask("door_open", 5, WEST),
        ask("passage", 4, EAST),
        ask("passage", 5, WEST),
        json!(["neighbors", 4]),
        set(5, WEST, true),
        ask("passage", 4, EAST),
        ask("passage", 5, WEST),
        json!(["neighbors", 4]),
        json!(["neighbors", 5]),
        set(4, EAST, false),
        ask("passage", 4, EAST),
        ask("passage", 5, WEST),
        ask("door_open", 5, WEST),
        set(0, WEST, true),
        ask("passage", 0, WEST),
        ask("passage", 0, NORTH),
        ask("passage", 8, SOUTH),
        set(2, EAST, true),
        ask("passage", 2, EAST),
        json!(["open_between", 1, 4]),
        ask("door_open", 1, SOUTH),
        ask("door_open", 4, NORTH),
        json!(["neighbors", 1]),
        json!(["open_between", 4, 5]),
        json!(["open_between", 4, 3]),
        json!(["open_between", 7, 4]),
        json!(["neighbors", 4]),
        json!(["open_between", 0, 8]),
        json!(["open_between", 2, 3]),
        json!(["open_between", 1, 1]),
        json!(["open_between", 8, 9]),
        json!(["open_between", 8, 7]),
        json!(["neighbors", 7]),
        json!(["doors"]),
    ];
    Ok(json!({
        "sizes": [0, 1, 2, 3, 5, 1000, 1001],
        "show_doors_up_to": 5,
        "neighbor": neighbor,
        "doors": { "n": 3, "ops": doors },
    }))
}

fn new_maze_problem(n: &Value, got: &Value, want: &Value) -> String {
    match (is_ok(got), is_ok(want)) {
        (true, false) => format!(
            "RatMaze::new({n}) was accepted; sizes outside 1..=MAX_SIZE must be an Err, expected {}",
            outcome(want)
        ),
        (false, true) => format!(
            "RatMaze::new({n}) was refused ({}), but 1..=MAX_SIZE is allowed",
            outcome(got)
        ),
        (false, false) => format!(
            "RatMaze::new({n}) gave {}, expected {}",
            outcome(got),
            outcome(want)
        ),
        (true, true) => {
            let (g, w) = (&got["ok"], &want["ok"]);
            let field = ["size", "rooms", "start", "goal", "open"]
                .into_iter()
                .find(|&k| g.get(k) != w.get(k))
                .unwrap_or("size");
            if field == "open" {
                let bits =
                    |v: &Value| serde_json::from_value::<Vec<u8>>(v.clone()).unwrap_or_default();
                format!(
                    "in RatMaze::new({n}) {}: a new maze has every door closed but room 0's north door and the goal's south door (for n = 1 both are doors of room 0)",
                    door_difference(&bits(&g["open"]), &bits(&w["open"]))
                )
            } else {
                format!(
                    "RatMaze::new({n}).{field}() is {}, expected {}",
                    short(&g[field]),
                    short(&w[field])
                )
            }
        }
    }
}

fn door_call(op: &Value) -> String {
    let name = op_name(op);
    let arg = |i: usize| op.get(i).map(short).unwrap_or_default();
    let dir = |i: usize| {
        op.get(i)
            .and_then(Value::as_u64)
            .and_then(|b| u8::try_from(b).ok())
            .map_or_else(|| arg(i), |b| format!("Direction::{}", direction_name(b)))
    };
    match name {
        "set_door" => format!("set_door({}, {}, {})", arg(1), dir(2), arg(3)),
        "door_open" | "passage" => format!("{name}({}, {})", arg(1), dir(2)),
        "neighbors" => format!("neighbors({})", arg(1)),
        "open_between" => format!("open_between({}, {})", arg(1), arg(2)),
        _ => format!("{name}()"),
    }
}

fn rat_maze_rooms(case: &Case) -> Judged {
    #[derive(Deserialize)]
    struct Input {
        sizes: Vec<Value>,
        neighbor: Vec<Value>,
        doors: SetScript,
    }
    #[derive(Deserialize)]
    struct Output {
        sizes: Vec<Value>,
        neighbor: Vec<Value>,
        doors: Vec<Value>,
    }
    let input: Input = case.input()?;
    let got: Output = case.output()?;
    let want: Output = case.expected()?;
    let shapes = |o: &Output| (o.sizes.len(), o.neighbor.len(), o.doors.len());
    let sent = (
        input.sizes.len(),
        input.neighbor.len(),
        input.doors.ops.len(),
    );
    if shapes(&want) != sent {
        return Err(Verdict::grader_error(
            "the blessed results do not match the input: run `grader bless`",
        ));
    }
    if shapes(&got) != sent {
        return Ok(Verdict::fail(
            "the probe reported another number of results than the grader asked for",
        ));
    }
    for ((n, got), want) in input.sizes.iter().zip(&got.sizes).zip(&want.sizes) {
        if got != want {
            return Ok(Verdict::fail(new_maze_problem(n, got, want)));
        }
    }
    for ((query, got), want) in input.neighbor.iter().zip(&got.neighbor).zip(&want.neighbor) {
        if got != want {
            let d = query[2]
                .as_u64()
                .and_then(|b| u8::try_from(b).ok())
                .map_or_else(|| short(&query[2]), direction_name);
            return Ok(Verdict::fail(format!(
                "in a {0}x{0} maze, neighbor({1}, {d}) gave {2}, expected {3} (rooms are numbered row by row; None past the border, for a room outside the maze and for anything but exactly one direction)",
                query[0],
                query[1],
                option(got),
                option(want)
            )));
        }
    }
    let n = input.doors.n;
    let mut calls = vec![format!("RatMaze::new({n})")];
    for ((op, got), want) in input.doors.ops.iter().zip(&got.doors).zip(&want.doors) {
        let this = door_call(op);
        let changes = ["set_door", "open_between"].contains(&op_name(op));
        if got != want {
            let context = so_far(&calls);
            let rule = match op_name(op) {
                "door_open" | "set_door" => {
                    "set_door and door_open work on one door of one room, never the one facing it"
                }
                "passage" => {
                    "a passage needs a room on that side and both facing doors open; a border door is never one"
                }
                "neighbors" => "the rooms joined by a passage, in N, S, E, W order",
                "open_between" => {
                    "only rooms side by side can be joined, opening both facing doors; anything else is Err(NotAdjacent) and changes nothing"
                }
                _ => "set_door changes one door of one room; open_between opens both facing doors",
            };
            let (g, w) = match op_name(op) {
                "open_between" => (outcome(got), outcome(want)),
                "doors" => {
                    let bits = |v: &Value| {
                        serde_json::from_value::<Vec<u8>>(v.clone()).unwrap_or_default()
                    };
                    return Ok(Verdict::fail(format!(
                        "after {context}, {}: {rule}",
                        door_difference(&bits(got), &bits(want))
                    )));
                }
                _ => (short(got), short(want)),
            };
            return Ok(Verdict::fail(format!(
                "after {context}, {this} gave {g}, expected {w}: {rule}"
            )));
        }
        if changes {
            calls.push(this);
        }
    }
    Ok(Verdict::pass(
        "new, size, rooms, neighbor, door_open, set_door, passage, neighbors and open_between keep the rules",
    ))
}

fn one_sided_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let mut mazes: Vec<GivenMaze> = fixture_mazes(inputs)?
        .into_iter()
        .filter(|maze| maze.n <= 10)
        .collect();
    let mut rng = inputs.rng();
    for n in [4, 7] {
        mazes.push(GivenMaze {
            name: format!("a {n}x{n} maze with random one-sided doors"),
            n,
            open: random_doors(&mut rng, n),
        });
    }
    Ok(json!({ "mazes": mazes_value(&mazes) }))
}

fn given_mazes(case: &Case) -> Result<Vec<GivenMaze>, Verdict> {
    #[derive(Deserialize)]
    struct Input {
        mazes: Vec<GivenMaze>,
    }
    case.input::<Input>().map(|input| input.mazes)
}

fn rat_neighbors_one_sided(case: &Case) -> Judged {
    #[derive(Deserialize, PartialEq)]
    struct Report {
        neighbors: Vec<Vec<usize>>,
        passages: Vec<u8>,
    }
    let mazes = given_mazes(case)?;
    let got: Vec<Report> = case.output_list(mazes.len())?;
    let want: Vec<Report> = case.expected()?;
    if want.len() != mazes.len() {
        return Err(Verdict::grader_error(
            "the blessed results do not match the input: run `grader bless`",
        ));
    }
    for ((maze, got), want) in mazes.iter().zip(&got).zip(&want) {
        let rooms = maze.n * maze.n;
        if got.neighbors.len() != rooms || got.passages.len() != rooms {
            return Ok(Verdict::fail(format!(
                "{}: the probe reported {} and {} rooms for a maze of {rooms}",
                maze.name,
                got.neighbors.len(),
                got.passages.len()
            )));
        }
        if let Some(room) = first_difference(&got.neighbors, &want.neighbors) {
            let show =
                |list: Option<&Vec<usize>>| list.map_or("nothing".to_owned(), |l| format!("{l:?}"));
            return Ok(Verdict::fail(format!(
                "{}: neighbors({room}) gave {}, expected {} (the rooms joined by BOTH facing doors, in N, S, E, W order)",
                maze.name,
                cut(show(got.neighbors.get(room))),
                show(want.neighbors.get(room))
            )));
        }
        if let Some(room) = first_difference(&got.passages, &want.passages) {
            let bits = |list: &[u8]| {
                list.get(room)
                    .map_or("nothing".to_owned(), |&b| direction_name(b))
            };
            return Ok(Verdict::fail(format!(
                "{}: passage() is true out of room {room} towards {}, expected {} (a door open on one side only is no passage, nor is an open border door)",
                maze.name,
                bits(&got.passages),
                bits(&want.passages)
            )));
        }
    }
    Ok(Verdict::pass(format!(
        "neighbors and passage are right on {} mazes, one-sided doors included",
        mazes.len()
    )))
}

// ---------------------------------------------------------------- §7.4 the file format

#[derive(Deserialize)]
struct GivenFile {
    name: String,
}

fn files_value(files: &[(String, String)]) -> Value {
    json!({ "files": files.iter().map(|(name, text)| json!({ "name": name, "text": text })).collect::<Vec<_>>() })
}

fn read_fixtures_input(inputs: &Inputs) -> anyhow::Result<Value> {
    Ok(files_value(&inputs.fixture_files("rat", "txt")?))
}

fn invalid_files_input(inputs: &Inputs) -> anyhow::Result<Value> {
    Ok(files_value(&inputs.fixture_files("invalid/rat", "txt")?))
}

fn given_files(case: &Case) -> Result<Vec<GivenFile>, Verdict> {
    #[derive(Deserialize)]
    struct Input {
        files: Vec<GivenFile>,
    }
    case.input::<Input>().map(|input| input.files)
}

#[derive(Deserialize)]
struct ReadMaze {
    n: usize,
    open: Vec<u8>,
}

fn read_maze(value: &Value) -> Option<ReadMaze> {
    value
        .get("ok")
        .and_then(|ok| ReadMaze::deserialize(ok).ok())
}

fn rat_read_fixtures(case: &Case) -> Judged {
    let files = given_files(case)?;
    let got: Vec<Value> = case.output_list(files.len())?;
    let want: Vec<Value> = case.expected()?;
    if want.len() != files.len() {
        return Err(Verdict::grader_error(
            "the blessed results do not match the input: run `grader bless`",
        ));
    }
    for ((file, got), want) in files.iter().zip(&got).zip(&want) {
        if got == want {
            continue;
        }
        let name = &file.name;
        let Some(expected) = read_maze(want) else {
            return Err(Verdict::grader_error(format!(
                "the blessed result for {name} is not a maze: run `grader bless`"
            )));
        };
        let Some(maze) = read_maze(got) else {
            return Ok(Verdict::fail(format!(
                "{name}: read gave {}, expected a {n}x{n} maze (read uses your RatMaze::new and set_door)",
                outcome(got),
                n = expected.n
            )));
        };
        if maze.n != expected.n {
            return Ok(Verdict::fail(format!(
                "{name}: the maze read has size() {}, expected {}",
                maze.n, expected.n
            )));
        }
        let problem = door_difference(&maze.open, &expected.open);
        let message = format!(
            "{name}: read gave other doors than the file's: {problem} (read sets every door with set_door; door_open must report exactly what was set)"
        );
        let (Ok(mine), Ok(theirs)) = (
            Rooms::checked(maze.n, &maze.open),
            Rooms::checked(expected.n, &expected.open),
        ) else {
            return Ok(Verdict::fail(message));
        };
        return Ok(Verdict::fail_with_diff(
            message,
            &theirs.render(),
            &mine.render(),
        ));
    }
    Ok(Verdict::pass(format!(
        "all {} fixture files read as the reference reads them",
        files.len()
    )))
}

fn rat_invalid_files(case: &Case) -> Judged {
    let files = given_files(case)?;
    let got: Vec<Value> = case.output_list(files.len())?;
    let want: Vec<Value> = case.expected()?;
    if want.len() != files.len() {
        return Err(Verdict::grader_error(
            "the blessed results do not match the input: run `grader bless`",
        ));
    }
    let error = |value: &Value| {
        value.get("err").and_then(|e| e.get("message")).map_or_else(
            || outcome(value),
            |m| format!("`{}`", cut(m.as_str().unwrap_or("?").to_owned())),
        )
    };
    let problems: Vec<String> = files
        .iter()
        .zip(got.iter().zip(&want))
        .filter(|(_, (got, want))| got != want)
        .map(|(file, (got, want))| match got.get("ok") {
            Some(_) => format!(
                "{}: read accepted a malformed file ({}); expected the error {}",
                file.name,
                outcome(got),
                error(want)
            ),
            None => format!(
                "{}: read gave the error {}, expected {}",
                file.name,
                error(got),
                error(want)
            ),
        })
        .collect();
    Ok(Verdict::from_problems(
        problems,
        format!(
            "all {} malformed files are errors with the right line and column, none a panic",
            files.len()
        ),
    ))
}

fn write_read_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let mut mazes = fixture_mazes(inputs)?;
    let mut rng = inputs.rng();
    for n in [1, 4, 9] {
        mazes.push(GivenMaze {
            name: format!("a {n}x{n} maze with random doors"),
            n,
            open: random_doors(&mut rng, n),
        });
    }
    Ok(json!({ "mazes": mazes_value(&mazes) }))
}

fn rat_write_read_identity(case: &Case) -> Judged {
    #[derive(Deserialize)]
    struct Report {
        built: Vec<u8>,
        again: Value,
    }
    let mazes = given_mazes(case)?;
    let reports: Vec<Report> = case.output_list(mazes.len())?;
    for (maze, report) in mazes.iter().zip(&reports) {
        let name = &maze.name;
        let sent = Rooms::checked(maze.n, &maze.open).map_err(Verdict::grader_error)?;
        if report.built != maze.open {
            let message = format!(
                "{name}: after RatMaze::new({}) and set_door on every door, door_open says {}",
                maze.n,
                door_difference(&report.built, &maze.open)
            );
            return Ok(match Rooms::checked(maze.n, &report.built) {
                Ok(built) => Verdict::fail_with_diff(message, &sent.render(), &built.render()),
                Err(_) => Verdict::fail(message),
            });
        }
        let Some(again) = read_maze(&report.again) else {
            return Ok(Verdict::fail(format!(
                "{name}: reading what write() wrote gave {}",
                outcome(&report.again)
            )));
        };
        if again.n != maze.n {
            return Ok(Verdict::fail(format!(
                "{name}: read(write(maze)) has size() {}, expected {}",
                again.n, maze.n
            )));
        }
        if again.open != maze.open {
            let message = format!(
                "{name}: read(write(maze)) is another maze: {}",
                door_difference(&again.open, &maze.open)
            );
            return Ok(match Rooms::checked(maze.n, &again.open) {
                Ok(read) => Verdict::fail_with_diff(message, &sent.render(), &read.render()),
                Err(_) => Verdict::fail(message),
            });
        }
    }
    Ok(Verdict::pass(format!(
        "read(write(maze)) gives the same maze for {} mazes, one-sided doors included",
        mazes.len()
    )))
}

// ---------------------------------------------------------------- §7.6 searching

pub(super) fn search_input(search: &str, mazes: &[GivenMaze]) -> Value {
    json!({ "search": search, "mazes": mazes_value(mazes) })
}

fn sample(inputs: &Inputs) -> anyhow::Result<Vec<GivenMaze>> {
    Ok(vec![parse_rat_file(
        "sample.txt",
        &inputs.fixture("rat/sample.txt")?,
    )?])
}

fn bfs_sample_input(inputs: &Inputs) -> anyhow::Result<Value> {
    Ok(search_input("bfs", &sample(inputs)?))
}

fn dfs_sample_input(inputs: &Inputs) -> anyhow::Result<Value> {
    Ok(search_input("dfs", &sample(inputs)?))
}

fn bfs_fixtures_input(inputs: &Inputs) -> anyhow::Result<Value> {
    Ok(search_input("bfs", &fixture_mazes(inputs)?))
}

fn dfs_fixtures_input(inputs: &Inputs) -> anyhow::Result<Value> {
    Ok(search_input("dfs", &fixture_mazes(inputs)?))
}

#[derive(Deserialize)]
struct SearchResult {
    visited: Vec<usize>,
    path: Vec<usize>,
}

pub(super) fn rat_search(case: &Case) -> Judged {
    #[derive(Deserialize)]
    struct Input {
        search: String,
        mazes: Vec<GivenMaze>,
    }
    let input: Input = case.input()?;
    let (name, container) = match input.search.as_str() {
        "bfs" => ("BFS", "Queue"),
        _ => ("DFS", "Stack"),
    };
    let got: Vec<SearchResult> = case.output_list(input.mazes.len())?;
    let want: Vec<SearchResult> = case.expected()?;
    if want.len() != input.mazes.len() {
        return Err(Verdict::grader_error(
            "the blessed results do not match the input: run `grader bless`",
        ));
    }
    for ((maze, got), want) in input.mazes.iter().zip(&got).zip(&want) {
        if let Some(at) = first_difference(&got.visited, &want.visited) {
            let label = format!("Rooms visited by {name}");
            let which = if at < got.visited.len() && at < want.visited.len() {
                format!(
                    "the {} room taken out is {}, expected {}",
                    ordinal(at + 1),
                    got.visited[at],
                    want.visited[at]
                )
            } else if at >= got.visited.len() {
                format!(
                    "it stopped after {} rooms, expected {}",
                    got.visited.len(),
                    want.visited.len()
                )
            } else {
                format!("it went on after the {} rooms expected", want.visited.len())
            };
            return Ok(Verdict::fail_with_diff(
                format!(
                    "{}: {name} visited the rooms in another order: {which} (take neighbours N, S, E, W; mark a room when it goes into the {container}; stop when the goal comes out)",
                    maze.name
                ),
                &rooms_text(&label, &want.visited),
                &rooms_text(&label, &got.visited),
            ));
        }
        if got.path != want.path {
            let problem = match (got.path.is_empty(), want.path.is_empty()) {
                (true, false) => "the path is empty, but the goal was reached: follow found_from back from the goal to room 0".to_owned(),
                (false, true) => "a path was returned, but the goal cannot be reached: the path is empty then".to_owned(),
                _ => "the path differs: follow found_from back from the goal to room 0, then reverse it so it runs from 0 to the goal".to_owned(),
            };
            let label = "This is the path (in reverse)";
            let reversed = |path: &[usize]| path.iter().rev().copied().collect::<Vec<_>>();
            return Ok(Verdict::fail_with_diff(
                format!(
                    "{}: {name} visited the right rooms, but {problem}",
                    maze.name
                ),
                &rooms_text(label, &reversed(&want.path)),
                &rooms_text(label, &reversed(&got.path)),
            ));
        }
    }
    Ok(Verdict::pass(format!(
        "{name} visit orders and paths are exact on {} mazes",
        input.mazes.len()
    )))
}

// ---------------------------------------------------------------- §7.5 the generator

fn generator_input(generator: &str, mazes: &[(usize, u64)]) -> Value {
    json!({ "generator": generator, "mazes": mazes })
}

fn property_specs() -> Vec<(usize, u64)> {
    let mut specs = Vec::new();
    for n in [1usize, 2, 3, 5, 8, 13, 30] {
        for seed in 0..3 {
            specs.push((n, seed + 10 * n as u64));
        }
    }
    specs
}

fn joins_input(_: &Inputs) -> anyhow::Result<Value> {
    Ok(generator_input("generate", &property_specs()))
}

fn perfect_input(_: &Inputs) -> anyhow::Result<Value> {
    Ok(generator_input("generate_perfect", &property_specs()))
}

fn generate_reference_input(_: &Inputs) -> anyhow::Result<Value> {
    Ok(generator_input(
        "generate",
        &[(1, 1), (2, 5), (5, 3), (8, 1), (12, 2026), (20, 7)],
    ))
}

fn perfect_reference_input(_: &Inputs) -> anyhow::Result<Value> {
    Ok(generator_input(
        "generate_perfect",
        &[(2, 2), (5, 3), (9, 4), (15, 99)],
    ))
}

#[derive(Deserialize)]
struct GeneratorInput {
    generator: String,
    mazes: Vec<(usize, u64)>,
}

fn generated_verdict(case: &Case, perfect: bool) -> Judged {
    let input: GeneratorInput = case.input()?;
    let reports: Vec<Value> = case.output_list(input.mazes.len())?;
    let generator = &input.generator;
    for (&(n, seed), report) in input.mazes.iter().zip(&reports) {
        let label = format!("{n}x{n} maze from seed {seed}");
        let Some(maze) = read_maze(report) else {
            return Ok(Verdict::fail(format!(
                "{generator}({n}, seed {seed}) gave {}",
                outcome(report)
            )));
        };
        if maze.n != n {
            return Ok(Verdict::fail(format!(
                "{generator}({n}, …) made a maze of size() {}",
                maze.n
            )));
        }
        let rooms = Rooms::checked(n, &maze.open).map_err(|problem| {
            Verdict::fail(format!(
                "the generated {label} has the wrong shape: {problem}"
            ))
        })?;
        let fail = |problem: String| -> Judged {
            Ok(Verdict {
                diff: Some(rooms.render()),
                ..Verdict::fail(problem)
            })
        };
        if let Some(problem) = rooms.door_problem() {
            return fail(format!("the generated {label}: {problem}"));
        }
        let (group, groups) = rooms.groups();
        let goal = rooms.rooms() - 1;
        if group.first() != group.get(goal) {
            return fail(format!(
                "the generated {label} does not join room 0 to the goal room {goal}: go on until start and goal are in the same set"
            ));
        }
        // Without a loop, the passages form a forest: each group of k joined rooms
        // has exactly k − 1 passages.
        let passages = rooms.passage_count();
        if passages != rooms.rooms() - groups {
            return fail(format!(
                "the generated {label} has a loop: {passages} passages among {} rooms in {groups} groups, where a maze without loops has {} (open doors only when union says it joined two sets)",
                rooms.rooms(),
                rooms.rooms() - groups
            ));
        }
        if perfect && groups != 1 {
            let cut_off = group.iter().filter(|&&g| g != group[0]).count();
            return fail(format!(
                "the generated {label} is not perfect: {cut_off} rooms cannot be reached from room 0 (go on until rooms − 1 pairs have been joined)"
            ));
        }
    }
    Ok(Verdict::pass(if perfect {
        format!("{} generated mazes are perfect", input.mazes.len())
    } else {
        format!(
            "{} generated mazes join start and goal without a loop",
            input.mazes.len()
        )
    }))
}

fn rat_generate_joins(case: &Case) -> Judged {
    generated_verdict(case, false)
}

fn rat_generate_perfect(case: &Case) -> Judged {
    generated_verdict(case, true)
}

fn rat_generate_reference(case: &Case) -> Judged {
    let input: GeneratorInput = case.input()?;
    let got: Vec<Value> = case.output_list(input.mazes.len())?;
    let want: Vec<Value> = case.expected()?;
    if want.len() != input.mazes.len() {
        return Err(Verdict::grader_error(
            "the blessed mazes do not match the input: run `grader bless`",
        ));
    }
    let generator = &input.generator;
    for ((&(n, seed), got), want) in input.mazes.iter().zip(&got).zip(&want) {
        if got == want {
            continue;
        }
        let Some(expected) = read_maze(want) else {
            return Err(Verdict::grader_error(
                "a blessed maze is unreadable: run `grader bless`",
            ));
        };
        let theirs = Rooms::checked(n, &expected.open).map_err(Verdict::grader_error)?;
        let rule = "each round draws a room with in_range(0..=rooms − 1), then picks one of the directions in which it has a neighbour, listed in N, S, E, W order; union decides whether the doors open";
        let Some(maze) = read_maze(got).filter(|m| m.n == n) else {
            return Ok(Verdict::fail(format!(
                "{generator}({n}, seed {seed}) gave {}, expected the reference's {n}x{n} maze",
                outcome(got)
            )));
        };
        let message = format!(
            "{generator}({n}, seed {seed}) made another maze than the reference: {} ({rule})",
            door_difference(&maze.open, &expected.open)
        );
        return Ok(match Rooms::checked(n, &maze.open) {
            Ok(mine) => Verdict::fail_with_diff(message, &theirs.render(), &mine.render()),
            Err(_) => Verdict::fail(message),
        });
    }
    Ok(Verdict::pass(format!(
        "{generator} makes the reference's mazes for {} seeds",
        input.mazes.len()
    )))
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use rand::SeedableRng as _;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::checks::{self, Inputs};
    use crate::snapshots::Snapshots;

    fn kit_fixtures() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures")
    }

    #[test]
    fn ordinals_read_naturally() {
        assert_eq!(
            [1, 2, 3, 4, 11, 12, 13, 21, 22, 111].map(ordinal),
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "111th"
            ]
        );
    }

    #[test]
    fn the_sample_file_parses_to_its_doors() {
        let text = std::fs::read_to_string(kit_fixtures().join("rat/sample.txt")).unwrap();
        let maze = parse_rat_file("sample.txt", &text).unwrap();
        assert_eq!(maze.n, 5);
        // Room 0: north and south open; room 1: east only.
        assert_eq!(maze.open[0], NORTH | SOUTH);
        assert_eq!(maze.open[1], EAST);
        assert!(parse_rat_file("bad", "2\n0 0 1 1\n").is_err());
        assert!(parse_rat_file("bad", "1\n0 0 1 2\n").is_err());
    }

    #[test]
    fn a_missing_fixture_is_an_error_of_the_input_not_a_panic() {
        let inputs = Inputs {
            fixtures: Path::new("/nonexistent/fixtures"),
            check: "rat_bfs_sample",
            secret: None,
        };
        for spec in CHECKS {
            let _ = (spec.input)(&inputs);
        }
        assert!(bfs_sample_input(&inputs).is_err());
        assert!(read_fixtures_input(&inputs).is_err());
        assert!(invalid_files_input(&inputs).is_err());
    }

    #[test]
    fn the_debug_text_of_a_disjoint_set_gives_its_parents() {
        let text = json!("DisjointSet { parent: [0, 0, 2], rank: [1, 0, 0] }");
        assert_eq!(parents(&text, 3), Ok(vec![0, 0, 2]));
        assert!(parents(&text, 4).is_err());
        assert!(parents(&json!("DisjointSet { parent: [0, 7, 2] }"), 3).is_err());
        assert!(parents(&json!(17), 3).is_err());
        assert!(parents(&json!("parent: [0, -1, 2]"), 3).is_err());
    }

    #[test]
    fn a_loop_of_parents_has_no_way_up() {
        assert_eq!(way_up(&[0, 0, 1], 2), Ok(vec![2, 1, 0]));
        assert!(way_up(&[1, 2, 0], 0).is_err());
        assert!(way_up(&[0, 5], 1).is_err());
    }

    #[test]
    fn a_find_that_does_not_compress_is_named() {
        let before = [0, 0, 1, 2];
        let find = json!(["find", 3]);
        let compressed = [0, 0, 0, 0];
        assert_eq!(
            watched_call(&find, &json!(0), &before, &compressed, "x"),
            Ok(3)
        );
        let lazy = watched_call(&find, &json!(0), &before, &before, "x").unwrap_err();
        assert!(lazy.contains("path compression"), "{lazy}");
        let halving = [0, 0, 0, 1];
        assert!(watched_call(&find, &json!(0), &before, &halving, "x").is_err());
        let wrong_root = watched_call(&find, &json!(3), &before, &compressed, "x").unwrap_err();
        assert!(wrong_root.contains("returned 3"), "{wrong_root}");
    }

    #[test]
    fn a_union_must_compress_both_ways_up() {
        // 0 ← 1 ← 2 and 3 ← 4 ← 5; union(2, 5) with 3 going under 0.
        let before = [0, 0, 1, 3, 3, 4];
        let union = json!(["union", 2, 5]);
        let good = [0, 0, 0, 0, 3, 3];
        assert!(watched_call(&union, &json!(true), &before, &good, "x").is_ok());
        // Pointing at the new root after the link is fine too.
        let also_good = [0, 0, 0, 0, 3, 0];
        assert!(watched_call(&union, &json!(true), &before, &also_good, "x").is_ok());
        let no_find = [0, 0, 1, 0, 3, 4];
        assert!(watched_call(&union, &json!(true), &before, &no_find, "x").is_err());
        assert!(watched_call(&union, &json!(false), &before, &good, "x").is_err());
    }

    #[test]
    fn generated_mazes_without_loops_pass_and_loops_fail() {
        // 2x2: 0–2, 2–3 joined, 1 shut off.
        let open = [NORTH | SOUTH, 0, NORTH | EAST, WEST | SOUTH];
        let rooms = Rooms::checked(2, &open).unwrap();
        assert_eq!(rooms.door_problem(), None);
        assert_eq!(rooms.groups().1, 2);
        assert_eq!(rooms.passage_count(), 2);
        let looped = [
            NORTH | SOUTH | EAST,
            WEST | SOUTH,
            NORTH | EAST,
            WEST | SOUTH | NORTH,
        ];
        let rooms = Rooms::checked(2, &looped).unwrap();
        assert_eq!(rooms.passage_count(), 4);
        assert!(Rooms::checked(3, &open).is_err());
    }

    // ------------------------------------------------------------ fuzzing the judges

    /// Object keys the probe's reports use, so that random objects sometimes fit.
    const KEYS: &[&str] = &[
        "ok",
        "err",
        "n",
        "open",
        "visited",
        "path",
        "steps",
        "drained",
        "scripts",
        "interleaved",
        "sizes",
        "neighbor",
        "doors",
        "neighbors",
        "passages",
        "built",
        "again",
        "line",
        "column",
        "message",
        "size",
        "rooms",
        "start",
        "goal",
        "walls",
        "end",
        "first",
        "other_seed",
        "same_hash",
        "set_len",
        "found",
        "new",
        "removals",
        "positions",
        "first_read_by_position",
        "second_read_by_pair",
        "after_reset",
        "resizes",
        "resize",
        "after",
        "x_range",
        "y_range",
        "contains",
        "default",
        "size_after_resize",
        "create",
        "is_created",
        "position",
    ];

    fn random_number(rng: &mut ChaCha8Rng) -> Value {
        match rng.random_range(0..10) {
            0 => json!(u64::MAX),
            1 => json!(i64::MIN),
            2 => json!(-1),
            3 => json!(rng.random::<f64>() * 1e300),
            4 => json!(f64::MIN_POSITIVE),
            5 => json!(rng.random::<u64>()),
            6 => json!(usize::MAX as u64 - 1),
            _ => json!(rng.random_range(0..40)),
        }
    }

    /// A random JSON value of at most `depth` levels (serde_json reads at most 128).
    fn random_value(rng: &mut ChaCha8Rng, depth: usize) -> Value {
        let kind = if depth == 0 {
            rng.random_range(0..4)
        } else {
            rng.random_range(0..8)
        };
        match kind {
            0 => Value::Null,
            1 => json!(rng.random::<bool>()),
            2 => random_number(rng),
            3 => match rng.random_range(0..4) {
                0 => json!(""),
                1 => json!("x".repeat(rng.random_range(0..5000))),
                2 => json!("DisjointSet { parent: [0, 0, 9999999999999999999999], rank: [] }"),
                _ => json!(KEYS[rng.random_range(0..KEYS.len())]),
            },
            4 | 5 => {
                let len = match rng.random_range(0..10) {
                    0 => rng.random_range(0..20_000),
                    _ => rng.random_range(0..8),
                };
                let item_depth = depth - 1;
                let item_depth = if len > 50 { 0 } else { item_depth };
                Value::Array((0..len).map(|_| random_value(rng, item_depth)).collect())
            }
            6 => {
                // A deep chain of single-item arrays or objects.
                let mut value = random_number(rng);
                for _ in 0..rng.random_range(0..120) {
                    value = if rng.random() {
                        json!([value])
                    } else {
                        json!({ KEYS[rng.random_range(0..KEYS.len())]: value })
                    };
                }
                value
            }
            _ => {
                let len = rng.random_range(0..6);
                let map = (0..len)
                    .map(|_| {
                        (
                            KEYS[rng.random_range(0..KEYS.len())].to_owned(),
                            random_value(rng, depth - 1),
                        )
                    })
                    .collect();
                Value::Object(map)
            }
        }
    }

    /// `value` with one random part replaced, cut, grown or retyped: an answer that
    /// is nearly right, which reaches deeper into a judge than noise does.
    fn mutated(rng: &mut ChaCha8Rng, value: &Value) -> Value {
        let mut value = value.clone();
        mutate_in(rng, &mut value);
        value
    }

    fn mutate_in(rng: &mut ChaCha8Rng, value: &mut Value) {
        let descend = rng.random_range(0..4) != 0;
        match value {
            Value::Array(items) if descend && !items.is_empty() => {
                let i = rng.random_range(0..items.len());
                return mutate_in(rng, &mut items[i]);
            }
            Value::Object(map) if descend && !map.is_empty() => {
                let i = rng.random_range(0..map.len());
                if let Some(item) = map.values_mut().nth(i) {
                    return mutate_in(rng, item);
                }
            }
            _ => {}
        }
        match (rng.random_range(0..6), &mut *value) {
            (0, Value::Array(items)) => items.truncate(rng.random_range(0..=items.len())),
            (1, Value::Array(items)) => {
                for _ in 0..rng.random_range(1..5) {
                    items.push(random_value(rng, 2));
                }
            }
            (2, Value::Object(map)) => {
                if let Some(key) = map.keys().next().cloned() {
                    map.remove(&key);
                }
            }
            (3, _) => *value = random_number(rng),
            _ => *value = random_value(rng, 3),
        }
    }

    /// A grid of random wall bits with the size `[w, h]` of `size`.
    fn random_grid(rng: &mut ChaCha8Rng, size: &Value) -> Value {
        let side = |i: usize| size[i].as_u64().unwrap_or(1).min(60) as usize;
        let rows: Vec<Vec<u8>> = (0..side(1))
            .map(|_| (0..side(0)).map(|_| rng.random_range(0..16)).collect())
            .collect();
        json!(rows)
    }

    fn random_maze(rng: &mut ChaCha8Rng, size: &Value) -> Value {
        json!({ "start": [0, 0], "end": [1, 0], "walls": random_grid(rng, size) })
    }

    fn list_of(input: &Value, key: &str) -> Vec<Value> {
        input[key].as_array().cloned().unwrap_or_default()
    }

    /// A report of the right shape for a check no blessed output shows the shape
    /// of, with random contents, built from the input; `Null` for the others.
    fn plausible(rng: &mut ChaCha8Rng, producer: &str, input: &Value) -> Value {
        match producer {
            "rat_generate" => json!(
                list_of(input, "mazes")
                    .iter()
                    .map(|spec| {
                        let n = spec[0].as_u64().unwrap_or(1) as usize;
                        let open: Vec<u8> = (0..n * n).map(|_| rng.random_range(0..16)).collect();
                        json!({ "ok": { "n": n, "open": open } })
                    })
                    .collect::<Vec<_>>()
            ),
            "rat_write_read" => json!(
                list_of(input, "mazes")
                    .iter()
                    .map(|maze| {
                        let again = json!({ "ok": { "n": maze["n"], "open": maze["open"] } });
                        json!({ "built": maze["open"], "again": again })
                    })
                    .collect::<Vec<_>>()
            ),
            "disjoint_set_script" => json!(
                list_of(input, "scripts")
                    .iter()
                    .map(|script| {
                        let n = script["n"].as_u64().unwrap_or(0) as usize;
                        list_of(script, "ops")
                            .iter()
                            .enumerate()
                            .map(|(i, op)| match op_name(op) {
                                "debug" => {
                                    // Parents below their element make a forest; now and then
                                    // one is anything at all.
                                    let parent: Vec<String> = (0..n)
                                        .map(|x| match rng.random_range(0..12) {
                                            _ if i == 0 => x.to_string(),
                                            0 => rng.random_range(0..n + 2).to_string(),
                                            1..4 => {
                                                x.min(rng.random_range(0..n.max(1))).to_string()
                                            }
                                            _ => x.to_string(),
                                        })
                                        .collect();
                                    json!(format!(
                                        "DisjointSet {{ parent: [{}], rank: [] }}",
                                        parent.join(", ")
                                    ))
                                }
                                "find" => json!(rng.random_range(0..n.max(1))),
                                _ => json!(rng.random::<bool>()),
                            })
                            .collect::<Vec<_>>()
                    })
                    .collect::<Vec<_>>()
            ),
            "created_mazes" => json!(
                list_of(input, "mazes")
                    .iter()
                    .map(|spec| random_maze(rng, spec))
                    .collect::<Vec<_>>()
            ),
            "solved_mazes" => json!(
                list_of(input, "mazes")
                    .iter()
                    .map(|_| {
                        let path: Vec<u8> = (0..rng.random_range(0..40))
                            .map(|_| [1, 2, 4, 8][rng.random_range(0..4)])
                            .collect();
                        json!({ "ok": path })
                    })
                    .collect::<Vec<_>>()
            ),
            "maze_start_end_distinct" => json!(
                list_of(input, "mazes")
                    .iter()
                    .map(|_| json!([[0, 0], [rng.random_range(0..3), 0]]))
                    .collect::<Vec<_>>()
            ),
            "maze_same_seed_same_maze" => {
                let size = &input["maze"];
                json!({ "first": random_maze(rng, size), "again": random_maze(rng, size), "other_seed": random_maze(rng, size) })
            }
            "maze_complexity_texture" => json!(
                list_of(input, "complexities")
                    .iter()
                    .map(|_| list_of(input, "seeds")
                        .iter()
                        .map(|_| random_grid(rng, &input["size"]))
                        .collect::<Vec<_>>())
                    .collect::<Vec<_>>()
            ),
            "position_hash" => json!({
                "same_hash": list_of(input, "hashed_twice").iter().map(|_| rng.random::<bool>()).collect::<Vec<_>>(),
                "set_len": rng.random_range(0..12),
                "found": list_of(input, "inserted").iter().map(|_| true).collect::<Vec<_>>(),
            }),
            "position_random" => json!(
                list_of(input, "draws")
                    .iter()
                    .map(|draw| {
                        let count = draw["count"].as_u64().unwrap_or(0);
                        (0..count)
                            .map(|_| json!([rng.random_range(-1..50), rng.random_range(-4..14)]))
                            .collect::<Vec<_>>()
                    })
                    .collect::<Vec<_>>()
            ),
            "array_indexers" => json!({
                "positions": random_grid(rng, &input["size"]).as_array().map(|rows| rows.iter().enumerate().map(|(y, row)| (0..row.as_array().map_or(0, Vec::len)).map(|x| json!([x, y])).collect::<Vec<_>>()).collect::<Vec<_>>()),
                "first_read_by_position": input["first"],
                "second_read_by_pair": input["second"],
            }),
            _ => Value::Null,
        }
    }

    #[test]
    fn no_judge_fails_itself_on_adversarial_reports() {
        let fixtures = kit_fixtures();
        let rubric = crate::rubric::load(&fixtures.join("rubric.toml")).unwrap();
        let snapshots = Snapshots::load(&fixtures.join("snapshots")).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(2026);
        let mut cases = 0;
        for spec in checks::all() {
            let public = rubric
                .checks
                .iter()
                .find(|c| c.spec.name == spec.name)
                .is_none_or(|c| c.is_public());
            let inputs = Inputs {
                fixtures: &fixtures,
                check: spec.name,
                secret: if public {
                    None
                } else {
                    Some(rubric.secret.as_deref().unwrap_or(""))
                },
            };
            let input = (spec.input)(&inputs).unwrap();
            let expected = snapshots
                .get(spec.name)
                .filter(|b| b.input == checks::digest(&input))
                .map(|b| b.output.clone());
            if spec.blessed {
                assert!(
                    expected.is_some(),
                    "{} has no current blessed output",
                    spec.name
                );
            }
            for round in 0..300 {
                let template = match &expected {
                    Some(expected) => expected.clone(),
                    None => plausible(&mut rng, spec.producer, &input),
                };
                let output = match round % 4 {
                    0 => random_value(&mut rng, 6),
                    _ if template.is_null() => random_value(&mut rng, 4),
                    1 => template,
                    _ => mutated(&mut rng, &template),
                };
                let verdict = checks::judge(
                    &spec,
                    &Case {
                        input: &input,
                        output: &output,
                        expected: expected.as_ref(),
                    },
                );
                assert!(
                    !verdict.grader_error,
                    "{} on {}: {}",
                    spec.name,
                    cut(output.to_string()),
                    verdict.message
                );
                cases += 1;
            }
            if let Some(expected) = &expected {
                let verdict = checks::judge(
                    &spec,
                    &Case {
                        input: &input,
                        output: expected,
                        expected: Some(expected),
                    },
                );
                assert!(verdict.passed, "{}: {}", spec.name, verdict.message);
            }
        }
        assert!(cases >= 10_000, "only {cases} cases");
    }
}
