//! Part 2 producers (rat in a maze; several checks may share one): each calls the
//! student's code on the grader's input and returns what it produced. A maze is sent
//! and reported as its size and, per room, the bits of its OPEN doors (N=1, S=2, E=4,
//! W=8). The probe builds every maze it is sent with `RatMaze::new` and `set_door`
//! only, so a check of the searches does not depend on the file reader or the
//! generator. Every list in the output has one item per item of the input; loops that
//! wait for a container to run empty stop after as many steps as it can hold.
//!
//! Each call of a stack's or queue's script runs behind `wire::caught::run`: a panic of
//! the student's code (but a `todo!()`, left to end the run) becomes that step's
//! `{"panic": message, "location": "file:line", "field": k}`, `k` saying which call
//! of the step panicked (0 the operation, then `len`, `is_empty`, `peek`,
//! `capacity`), so the grader can name the call that panicked and what it should
//! have returned. A run that drains a container ends with such a panic when the
//! last take panics. So does each `RatMaze::new` of a size the grader asks about,
//! so that a size accepted and then indexed can be told that it is an error.

use maze::rat::{self, DisjointSet, Queue, RatMaze, Stack};
use maze::{Direction, MazeRng};
use serde_json::{Value, json};

use wire::producers::Part2;
use wire::cpu::Budget;
use wire::part2::{GivenFile, GivenMaze, SetScript, Timed};

use crate::{Producer, field};

/// The function that runs each of Part 2's producers (the `match` is exhaustive: a
/// producer the grader can name and this part lacks does not compile).
pub fn producer(which: Part2) -> Producer {
    match which {
        Part2::StackScript => stack_script,
        Part2::QueueScript => queue_script,
        Part2::DisjointSetScript => disjoint_set_script,
        Part2::RatMazeRooms => rat_maze_rooms,
        Part2::RatNeighbors => rat_neighbors,
        Part2::RatRead => rat_read,
        Part2::RatWriteRead => rat_write_read,
        Part2::RatSearch => rat_search,
        Part2::RatGenerate => rat_generate,
    }
}

fn dir(bits: u8) -> Direction {
    Direction::from_bits_retain(bits)
}

/// An operation of a script: its name and its arguments.
fn op(step: &[Value]) -> (&str, Vec<u64>) {
    let name = step.first().and_then(Value::as_str).expect("the grader's operations have a name");
    (name, step.iter().skip(1).map(|v| v.as_u64().expect("the grader's arguments are numbers")).collect())
}

fn arg(args: &[u64], i: usize) -> usize {
    args[i] as usize
}

fn option<T: serde::Serialize>(value: Option<T>) -> Value {
    json!(value)
}

/// The open doors of every room, as `door_open` answers them.
fn open_doors(maze: &RatMaze, rooms: usize) -> Vec<u8> {
    (0..rooms)
        .map(|room| Direction::CARDINALS.iter().filter(|&&d| maze.door_open(room, d)).map(|d| d.bits()).sum())
        .collect()
}

/// The grader's maze, built with `RatMaze::new` and `set_door` alone.
fn built(given: &GivenMaze) -> RatMaze {
    let mut maze = RatMaze::new(given.n).expect("RatMaze::new on the grader's size");
    for (room, &bits) in given.open.iter().enumerate() {
        for d in Direction::CARDINALS {
            maze.set_door(room, d, bits & d.bits() != 0);
        }
    }
    maze
}

/// Runs `work`: its value, or the panic of the student's code as `{"panic": message,
/// "location": "file:line"}`. A `todo!()` goes on unwinding, so that an unwritten
/// method is reported as not implemented, as everywhere.
fn guarded(work: impl FnOnce() -> Value) -> Result<Value, Value> {
    wire::caught::run(work).map_err(|panic| panic.unless_todo().value())
}

/// [`guarded`] for call `field` of a container's step, which its panic names.
fn step_call(field: usize, work: impl FnOnce() -> Value) -> Result<Value, Value> {
    guarded(work).map_err(|mut panic| {
        panic["field"] = json!(field);
        panic
    })
}

/// Takes items out of a container with `take` until it gives `None` (at most
/// `most` items): the items, then the panic of the last take if it panicked.
fn drained<T: serde::Serialize>(most: usize, mut take: impl FnMut() -> Option<T>) -> Vec<Value> {
    let mut out = Vec::new();
    while out.len() < most {
        match guarded(|| json!(take())) {
            Ok(Value::Null) => break,
            Ok(item) => out.push(item),
            Err(panic) => {
                out.push(panic);
                break;
            }
        }
    }
    out
}

fn stack_script(input: &Value) -> Value {
    let ops: Vec<Vec<Value>> = field(input, "ops");
    let many: u32 = field(input, "many");
    let mut stack: Stack<u64> = Stack::new();
    let steps: Vec<Value> = ops
        .iter()
        .map(|step| {
            let (name, args) = op(step);
            let mut run = || -> Result<Value, Value> {
                let result = step_call(0, || match name {
                    "new" => {
                        stack = Stack::new();
                        Value::Null
                    }
                    "default" => {
                        stack = Stack::default();
                        Value::Null
                    }
                    "push" => {
                        stack.push(args[0]);
                        Value::Null
                    }
                    "pop" => option(stack.pop()),
                    "peek" => option(stack.peek().copied()),
                    other => panic!("the grader sent an unknown stack operation {other}"),
                })?;
                Ok(json!([
                    result,
                    step_call(1, || json!(stack.len()))?,
                    step_call(2, || json!(stack.is_empty()))?,
                    step_call(3, || option(stack.peek().copied()))?,
                ]))
            };
            run().unwrap_or_else(|panic| panic)
        })
        .collect();
    let mut big = Stack::new();
    for item in 0..many {
        big.push(item);
    }
    let drained = drained(many as usize + 1, || big.pop());
    let mut answer = json!({ "steps": steps, "drained": drained });
    if input.get("timed").is_some() {
        answer["timed"] = timed_stack(&field(input, "timed"));
    }
    answer
}

/// How many operations of a timed run go by between two looks at the CPU clock.
const CHUNK: u64 = 256;

/// `items` pushed, then popped, each half within the run's CPU time: where a half ran
/// out of it (`"slow"`), or the first item that came back wrong (`"wrong"`: which pop,
/// and what it gave), or neither.
fn timed_stack(timed: &Timed) -> Value {
    timed_run(
        timed,
        Stack::new(),
        ("push", |stack, item| stack.push(item)),
        ("pop", |stack| stack.pop()),
        |k| timed.items - 1 - k,
    )
}

/// [`timed_stack`] for the queue: `items` enqueued, then dequeued.
fn timed_queue(timed: &Timed) -> Value {
    timed_run(
        timed,
        Queue::new(),
        ("enqueue", |queue, item| queue.enqueue(item)),
        ("dequeue", |queue| queue.dequeue()),
        |k| k,
    )
}

/// `timed.items` put into `container`, then taken out (the `k`th out should be
/// `expected(k)`), each half within the run's CPU time; each operation with its name.
fn timed_run<C>(
    timed: &Timed,
    mut container: C,
    (put_name, put): (&str, fn(&mut C, u64)),
    (take_name, take): (&str, fn(&mut C) -> Option<u64>),
    expected: impl Fn(u64) -> u64,
) -> Value {
    let budget = Budget::new(timed.cpu_ms);
    for item in 0..timed.items {
        put(&mut container, item);
        if item % CHUNK == CHUNK - 1 && budget.spent() {
            return json!({ "slow": put_name, "wrong": null });
        }
    }
    let budget = Budget::new(timed.cpu_ms);
    for k in 0..timed.items {
        let got = take(&mut container);
        if got != Some(expected(k)) {
            return json!({ "slow": null, "wrong": [k, got] });
        }
        if k % CHUNK == CHUNK - 1 && budget.spent() {
            return json!({ "slow": take_name, "wrong": null });
        }
    }
    json!({ "slow": null, "wrong": null })
}

fn queue_script(input: &Value) -> Value {
    let scripts: Vec<Vec<Vec<Value>>> = field(input, "scripts");
    let capacity: bool = field(input, "capacity");
    let interleaved: u32 = field(input, "interleaved");
    let runs: Vec<Value> = scripts
        .iter()
        .map(|ops| {
            let mut queue: Queue<u64> = Queue::new();
            ops.iter()
                .map(|step| {
                    let (name, args) = op(step);
                    let mut run = || -> Result<Value, Value> {
                        let result = step_call(0, || match name {
                            "new" => {
                                queue = Queue::new();
                                Value::Null
                            }
                            "default" => {
                                queue = Queue::default();
                                Value::Null
                            }
                            "with_capacity" => {
                                queue = Queue::with_capacity(arg(&args, 0));
                                Value::Null
                            }
                            "enqueue" => {
                                queue.enqueue(args[0]);
                                Value::Null
                            }
                            "dequeue" => option(queue.dequeue()),
                            "peek" => option(queue.peek().copied()),
                            other => panic!("the grader sent an unknown queue operation {other}"),
                        })?;
                        let mut seen = vec![
                            result,
                            step_call(1, || json!(queue.len()))?,
                            step_call(2, || json!(queue.is_empty()))?,
                            step_call(3, || option(queue.peek().copied()))?,
                        ];
                        if capacity {
                            seen.push(step_call(4, || json!(queue.capacity()))?);
                        }
                        Ok(json!(seen))
                    };
                    run().unwrap_or_else(|panic| panic)
                })
                .collect::<Vec<_>>()
                .into()
        })
        .collect();
    // Two in, one out, then the rest: growing while wrapped round, many times.
    let mut long = Queue::new();
    let mut out = Vec::new();
    for item in 0..interleaved {
        long.enqueue(item);
        if item % 2 == 1 {
            out.extend(long.dequeue().map(Value::from));
        }
    }
    out.extend(drained(interleaved as usize + 1, || long.dequeue()));
    let mut answer = json!({ "scripts": runs, "interleaved": out });
    if input.get("timed").is_some() {
        answer["timed"] = timed_queue(&field(input, "timed"));
    }
    answer
}

fn disjoint_set_script(input: &Value) -> Value {
    let scripts: Vec<SetScript> = field(input, "scripts");
    json!(scripts
        .iter()
        .map(|script| {
            let mut sets = DisjointSet::new(script.n);
            script
                .ops
                .iter()
                .map(|step| {
                    let (name, args) = op(step);
                    match name {
                        "union" => json!(sets.union(arg(&args, 0), arg(&args, 1))),
                        "find" => json!(sets.find(arg(&args, 0))),
                        "same_set" => json!(sets.same_set(arg(&args, 0), arg(&args, 1))),
                        "same_root" => json!(sets.find(arg(&args, 0)) == sets.find(arg(&args, 1))),
                        "len" => json!(sets.len()),
                        "is_empty" => json!(sets.is_empty()),
                        "debug" => json!(format!("{sets:?}")),
                        "chain" => {
                            let (from, to) = (arg(&args, 0), arg(&args, 1));
                            json!((from + 1..to).filter(|&x| sets.union(x - 1, x)).count())
                        }
                        other => panic!("the grader sent an unknown disjoint-set operation {other}"),
                    }
                })
                .collect::<Vec<_>>()
        })
        .collect::<Vec<_>>())
}

/// A direction's name, from its bits (for the calls a panic names).
fn dir_name(bits: u64) -> String {
    let names = [(1, "NORTH"), (2, "SOUTH"), (4, "EAST"), (8, "WEST")];
    let named: Vec<&str> = names.iter().filter(|(bit, _)| bits & bit != 0).map(|&(_, name)| name).collect();
    if named.is_empty() { "NONE".to_owned() } else { named.join(" | ") }
}

/// The calls a script has made, `RatMaze::new(n)` first, the last few in full.
fn calls_so_far(n: usize, calls: &[String]) -> String {
    const SHOWN: usize = 6;
    let skipped = calls.len().saturating_sub(SHOWN);
    let mut words = format!("RatMaze::new({n})");
    if skipped > 0 {
        words.push_str(&format!(", {skipped} more calls"));
    }
    for call in &calls[skipped..] {
        words.push_str(&format!(", then {call}"));
    }
    words
}

fn rat_maze_rooms(input: &Value) -> Value {
    let sizes: Vec<usize> = field(input, "sizes");
    let show_doors_up_to: usize = field(input, "show_doors_up_to");
    let queries: Vec<(usize, usize, u8)> = field(input, "neighbor");
    let doors: SetScript = field(input, "doors");
    let sizes: Vec<Value> = sizes
        .iter()
        .map(|&n| {
            wire::calls::calling(format!("RatMaze::new({n}), then door_open of each room and direction"));
            guarded(|| match RatMaze::new(n) {
                Ok(maze) => {
                    let mut made = json!({ "size": maze.size(), "rooms": maze.rooms(), "start": maze.start(), "goal": maze.goal() });
                    if n <= show_doors_up_to {
                        made["open"] = json!(open_doors(&maze, n * n));
                    }
                    json!({ "ok": made })
                }
                Err(error) => json!({ "err": error.to_string() }),
            })
            .unwrap_or_else(|panic| panic)
        })
        .collect();
    let neighbor: Vec<Value> = queries
        .iter()
        .map(|&(n, room, bits)| {
            wire::calls::calling(format!("RatMaze::new({n}), then neighbor({room}, {})", dir_name(u64::from(bits))));
            let maze = RatMaze::new(n).expect("RatMaze::new on the grader's size");
            json!(maze.neighbor(room, dir(bits)))
        })
        .collect();
    let mut maze = RatMaze::new(doors.n).expect("RatMaze::new on the grader's size");
    let mut calls: Vec<String> = Vec::new();
    let steps: Vec<Value> = doors
        .ops
        .iter()
        .map(|step| {
            let name = step[0].as_str().expect("the grader's operations have a name");
            let number = |i: usize| step[i].as_u64().expect("the grader's arguments are numbers") as usize;
            let bits = |i: usize| dir(step[i].as_u64().expect("the grader's arguments are numbers") as u8);
            let named = |i: usize| dir_name(step[i].as_u64().unwrap_or_default());
            calls.push(match name {
                "set_door" => format!("set_door({}, {}, {})", number(1), named(2), step[3]),
                "door_open" | "passage" => format!("{name}({}, {})", number(1), named(2)),
                "neighbors" => format!("neighbors({})", number(1)),
                "open_between" => format!("open_between({}, {})", number(1), number(2)),
                _ => "door_open of each room and direction".to_owned(),
            });
            wire::calls::calling(calls_so_far(doors.n, &calls));
            match name {
                "set_door" => {
                    maze.set_door(number(1), bits(2), step[3].as_bool().expect("set_door's open is a bool"));
                    Value::Null
                }
                "door_open" => json!(maze.door_open(number(1), bits(2))),
                "passage" => json!(maze.passage(number(1), bits(2))),
                "neighbors" => json!(maze.neighbors(number(1))),
                "open_between" => match maze.open_between(number(1), number(2)) {
                    Ok(()) => json!({ "ok": null }),
                    Err(error) => json!({ "err": error.to_string() }),
                },
                "doors" => json!(open_doors(&maze, doors.n * doors.n)),
                other => panic!("the grader sent an unknown maze operation {other}"),
            }
        })
        .collect();
    json!({ "sizes": sizes, "neighbor": neighbor, "doors": steps })
}

fn rat_neighbors(input: &Value) -> Value {
    let mazes: Vec<GivenMaze> = field(input, "mazes");
    json!(mazes
        .iter()
        .map(|given| {
            let maze = built(given);
            let rooms = given.n * given.n;
            json!({
                "neighbors": (0..rooms).map(|room| maze.neighbors(room)).collect::<Vec<_>>(),
                "passages": (0..rooms)
                    .map(|room| Direction::CARDINALS.iter().filter(|&&d| maze.passage(room, d)).map(|d| d.bits()).sum::<u8>())
                    .collect::<Vec<_>>(),
            })
        })
        .collect::<Vec<_>>())
}

fn rat_read(input: &Value) -> Value {
    let files: Vec<GivenFile> = field(input, "files");
    json!(files
        .iter()
        .map(|file| match rat::read(&file.text) {
            Ok(maze) => {
                let n = maze.size();
                json!({ "ok": { "n": n, "open": open_doors(&maze, n * n) } })
            }
            Err(error) => json!({ "err": { "line": error.line, "column": error.column, "message": error.to_string() } }),
        })
        .collect::<Vec<_>>())
}

fn rat_write_read(input: &Value) -> Value {
    let mazes: Vec<GivenMaze> = field(input, "mazes");
    json!(mazes
        .iter()
        .map(|given| {
            let maze = built(given);
            let rooms = given.n * given.n;
            let text = rat::write(&maze);
            let again = match rat::read(&text) {
                Ok(read) => json!({ "ok": { "n": read.size(), "open": open_doors(&read, (read.size() * read.size()).min(rooms)) } }),
                Err(error) => json!({ "err": error.to_string() }),
            };
            json!({ "built": open_doors(&maze, rooms), "again": again })
        })
        .collect::<Vec<_>>())
}

fn rat_search(input: &Value) -> Value {
    let search: String = field(input, "search");
    let mazes: Vec<GivenMaze> = field(input, "mazes");
    let run = match search.as_str() {
        "bfs" => rat::bfs,
        "dfs" => rat::dfs,
        other => panic!("the grader sent an unknown search {other}"),
    };
    // Once a search has taken a room out twice, its found_from may hold a loop,
    // which a path followed back from a reachable goal walks until memory runs out:
    // the mazes after it are not searched (the grader sends those whose goal cannot
    // be reached first), so that the report shows the room taken out twice.
    let mut twice = false;
    json!(mazes
        .iter()
        .map(|given| {
            if twice {
                return json!({ "skipped": true });
            }
            let result = run(&built(given));
            let mut seen = std::collections::HashSet::new();
            twice = !result.visited.iter().all(|room| seen.insert(*room));
            json!({ "visited": result.visited, "path": result.path })
        })
        .collect::<Vec<_>>())
}

fn rat_generate(input: &Value) -> Value {
    let generator: String = field(input, "generator");
    let specs: Vec<(usize, u64)> = field(input, "mazes");
    let make = match generator.as_str() {
        "generate" => rat::generate,
        "generate_perfect" => rat::generate_perfect,
        other => panic!("the grader sent an unknown generator {other}"),
    };
    // Each maze, then the MazeRng's next number: what it drew besides the maze. A
    // panic is left to fail the check with its own message, as everywhere (a
    // `todo!()` is then reported as not implemented).
    json!(specs
        .iter()
        .map(|&(n, seed)| {
            let mut rng = MazeRng::seed_from_u64(seed);
            let mut made = match make(n, &mut rng) {
                Ok(maze) => json!({ "ok": { "n": maze.size(), "open": open_doors(&maze, (n * n).min(maze.size() * maze.size())) } }),
                Err(error) => json!({ "err": error.to_string() }),
            };
            made["next_draw"] = json!(rng.in_range(0..=999_999));
            made
        })
        .collect::<Vec<_>>())
}
