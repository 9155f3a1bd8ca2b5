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
    .after(RAT_GENERATE),
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

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use rand::SeedableRng as _;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::checks::{self, Inputs};
    use crate::snapshots::Snapshots;

    /// The kit's fixtures folder.
    pub(super) fn kit_fixtures() -> PathBuf {
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
            // A part the course turned off is not graded, and its snapshots are left
            // as they were when it was turned off.
            if rubric.turned_off.iter().any(|off| off.part == spec.part) {
                continue;
            }
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
                    None => plausible(&mut rng, spec.producer.name(), &input),
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
