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
//!
//! One module per topic of the handout (the mazes the checks send, the stack and
//! queue, the disjoint set, rooms and doors, the file format, the searches, the
//! generator), each with its tests; this one holds the list of checks in report
//! order, the wording helpers every judge shares, and the judges' fuzz test.

use rand::Rng as _;
use serde::Deserialize;
use serde_json::{Value, json};

use super::model::{CARDINALS, EAST, NORTH, SOUTH, WEST, direction_name, facing};
use super::words::Panic;
use super::{Case, CheckSpec, Inputs, Judged, Mistake, Producer, Verdict, producers};

mod disjoint_set;
mod file_format;
mod generator;
mod mazes;
mod rooms;
mod search;
mod stack_queue;

use disjoint_set::*;
use file_format::*;
use generator::*;
use mazes::*;
use rooms::*;
use search::*;
use stack_queue::*;

// What the hidden checks reuse.
#[cfg(feature = "hidden-checks")]
pub(super) use mazes::{GivenMaze, random_doors};
#[cfg(feature = "hidden-checks")]
pub(super) use search::{rat_search, search_input};

const fn check(
    name: &'static str,
    producer: producers::Part2,
    input: fn(&Inputs) -> anyhow::Result<Value>,
    judge: fn(&Case) -> Judged,
    blessed: bool,
) -> CheckSpec {
    CheckSpec::new(name, Producer::Part2(producer), input, judge, blessed)
}

/// What the rat's searches run besides themselves (see [`CheckSpec::after`]).
pub(crate) const RAT_BFS: &[&str] = &["rat_maze_rooms", "rat_queue"];
pub(crate) const RAT_DFS: &[&str] = &["rat_maze_rooms", "rat_stack"];
/// What the rat's generator runs besides itself.
const RAT_GENERATE: &[&str] = &["rat_maze_rooms", "rat_disjoint_set"];

// The hints of a run out of time (see `CheckSpec::when_slow`).

/// `rat::generate` (§7.5).
const GENERATE_ENDS: &str =
    "handout §7.5: generate stops once the start and the goal are in the same group";

/// `rat::generate_perfect` (§7.5).
const GENERATE_PERFECT_ENDS: &str = "handout §7.5: generate_perfect stops after \
     rooms − 1 successful rounds, counting only the rounds whose union joined two groups";

/// The Part 2 checks, in report order.
pub const CHECKS: &[CheckSpec] = &[
    check(
        "rat_stack",
        producers::Part2::StackScript,
        stack_input,
        rat_stack,
        true,
    )
    .rubric(
        2.0,
        "your Stack: push, pop, peek, len",
        "handout §7.1: the stack",
    ),
    check(
        "rat_queue",
        producers::Part2::QueueScript,
        queue_input,
        rat_queue,
        true,
    )
    .rubric(
        3.0,
        "your Queue: a ring buffer that wraps and grows",
        "handout §7.2: the queue, a ring buffer",
    ),
    check(
        "rat_queue_capacity",
        producers::Part2::QueueScript,
        queue_capacity_input,
        rat_queue_capacity,
        true,
    )
    .rubric(
        2.0,
        "your Queue's capacity: 0, n, 4, then doubling only when full",
        "handout §7.2: capacity and growth",
    ),
    check(
        "rat_disjoint_set",
        producers::Part2::DisjointSetScript,
        disjoint_set_input,
        rat_disjoint_set,
        true,
    )
    .rubric(
        3.0,
        "your DisjointSet: union, find, same_set",
        "handout §7.3: the disjoint set",
    ),
    check(
        "rat_disjoint_set_rank",
        producers::Part2::DisjointSetScript,
        rank_input,
        rat_disjoint_set_rank,
        true,
    )
    .rubric(
        2.0,
        "union by rank, and on a tie b's root goes under a's",
        "handout §7.3: union by rank (after union(0, 1), find(1) is 0)",
    ),
    check(
        "rat_disjoint_set_compression",
        producers::Part2::DisjointSetScript,
        compression_input,
        rat_disjoint_set_compression,
        false,
    )
    .rubric(
        2.0,
        "find, and union through find, compress the path",
        "handout §7.3: path compression",
    ),
    check(
        "rat_maze_rooms",
        producers::Part2::RatMazeRooms,
        rooms_input,
        rat_maze_rooms,
        true,
    )
    .rubric(
        3.0,
        "RatMaze: rooms, doors, neighbours, passages",
        "handout §7.4: rooms and doors",
    )
    .after(&["direction_opposite"]),
    check(
        "rat_neighbors_one_sided",
        producers::Part2::RatNeighbors,
        one_sided_input,
        rat_neighbors_one_sided,
        true,
    )
    .rubric(
        2.0,
        "neighbours need both doors open",
        "handout §7.4: one-sided doors",
    )
    .after(&["rat_maze_rooms"]),
    check(
        "rat_read_fixtures",
        producers::Part2::RatRead,
        read_fixtures_input,
        rat_read_fixtures,
        true,
    )
    .rubric(
        1.0,
        "every fixture file reads as the reference reads it",
        "handout §7.4: the file format (read and write are provided; they use your RatMaze::new, set_door and door_open)",
    ),
    check(
        "rat_write_read_identity",
        producers::Part2::RatWriteRead,
        write_read_input,
        rat_write_read_identity,
        false,
    )
    .rubric(
        1.0,
        "reading what was written gives the same maze",
        "handout §7.4: the file format (read and write are provided; they use your RatMaze::new, set_door and door_open)",
    )
    .after(&["rat_read_fixtures"]),
    check(
        "rat_invalid_files",
        producers::Part2::RatRead,
        invalid_files_input,
        rat_invalid_files,
        true,
    )
    .rubric(
        1.0,
        "malformed files are errors, not panics",
        "handout §7.4: the file format (read and write are provided; they use your RatMaze::new, set_door and door_open)",
    ),
    check(
        "rat_bfs_sample",
        producers::Part2::RatSearch,
        bfs_sample_input,
        rat_search,
        true,
    )
    .rubric(
        3.0,
        "BFS on the source's sample maze, exactly",
        "handout §7.6: BFS and the sample run",
    )
    .after(RAT_BFS),
    check(
        "rat_dfs_sample",
        producers::Part2::RatSearch,
        dfs_sample_input,
        rat_search,
        true,
    )
    .rubric(
        3.0,
        "DFS on the source's sample maze, exactly",
        "handout §7.6: DFS and the sample run",
    )
    .after(RAT_DFS),
    check(
        "rat_bfs_fixtures",
        producers::Part2::RatSearch,
        bfs_fixtures_input,
        rat_search,
        true,
    )
    .rubric(
        3.0,
        "BFS visit order and path on every fixture",
        "handout §7.6: BFS (N, S, E, W; visited when enqueued)",
    )
    .after(RAT_BFS),
    check(
        "rat_dfs_fixtures",
        producers::Part2::RatSearch,
        dfs_fixtures_input,
        rat_search,
        true,
    )
    .rubric(
        3.0,
        "DFS visit order and path on every fixture",
        "handout §7.6: DFS (N, S, E, W; visited when pushed)",
    )
    .after(RAT_DFS),
    check(
        "rat_generate_joins",
        producers::Part2::RatGenerate,
        joins_input,
        rat_generate_joins,
        false,
    )
    .rubric(
        2.0,
        "the generator joins start and goal without a loop",
        "handout §7.5: the generator",
    )
    .when_slow(GENERATE_ENDS)
    .after(RAT_GENERATE),
    check(
        "rat_generate_perfect",
        producers::Part2::RatGenerate,
        perfect_input,
        rat_generate_perfect,
        false,
    )
    .rubric(
        2.0,
        "the full generator makes perfect mazes",
        "handout §7.5: the generator",
    )
    .when_slow(GENERATE_PERFECT_ENDS)
    .after(RAT_GENERATE),
    check(
        "rat_generate_reference",
        producers::Part2::RatGenerate,
        generate_reference_input,
        rat_generate_reference,
        true,
    )
    .rubric(
        1.0,
        "generate makes the reference's mazes bit for bit",
        "handout §7.5: the order of random calls",
    )
    .when_slow(GENERATE_ENDS)
    .after(RAT_GENERATE),
    check(
        "rat_generate_perfect_reference",
        producers::Part2::RatGenerate,
        perfect_reference_input,
        rat_generate_reference,
        true,
    )
    .rubric(
        1.0,
        "generate_perfect makes the reference's mazes bit for bit",
        "handout §7.5: the order of random calls",
    )
    .when_slow(GENERATE_PERFECT_ENDS)
    .after(RAT_GENERATE),
];

// ---------------------------------------------------------------- wording helpers

/// The most characters of a reported value a message quotes.
const QUOTE: usize = 80;

/// `text`, cut to [`QUOTE`] characters.
fn cut(text: String) -> String {
    super::words::cut_to(text, QUOTE)
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

#[cfg(test)]
mod tests;
