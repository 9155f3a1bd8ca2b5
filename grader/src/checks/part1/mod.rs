//! Part 1 checks: for each, the input the grader builds and the judge of what the
//! student's code made of it. Judges point at the method (and the mistake) when they
//! fail. Where the answer is the reference's, it comes from the blessed output.
//!
//! One module per section of the handout (Direction and Position, cells, creating,
//! solving), each with its tests; this one holds the list of checks in report order
//! and the wording helpers the judges share.

use rand::Rng as _;
use serde::Deserialize;
use serde_json::{Value, json};

use super::model::{
    EAST, Grid, MazeData, NORTH, ReportedMaze, SOUTH, WEST, across, direction_name, show,
};
use super::{Case, CheckSpec, Inputs, Judged, Producer, Verdict, compare_items, producers};

mod cells;
mod creating;
mod direction_position;
mod parallel;
mod solving;

use cells::*;
use creating::*;
use direction_position::*;
use parallel::*;
use solving::*;

pub(super) type Xy = (i32, i32);

// What Part 4 reuses.
pub(super) use solving::{GivenMaze, asked_maze, fixture_maze, transformed};
// What the hidden checks reuse as well.
#[cfg(feature = "hidden-checks")]
pub(super) use creating::maze_matches_reference;
#[cfg(feature = "hidden-checks")]
pub(super) use solving::{disguised, solve_input, solve_path_unique};

const fn check(
    name: &'static str,
    producer: producers::Part1,
    input: fn(&Inputs) -> anyhow::Result<Value>,
    judge: fn(&Case) -> Judged,
    blessed: bool,
) -> CheckSpec {
    CheckSpec::new(name, Producer::Part1(producer), input, judge, blessed)
}

/// The Part 1 checks, in report order.
pub const CHECKS: &[CheckSpec] = &[
    check(
        "direction_opposite",
        producers::Part1::DirectionOpposite,
        opposite_input,
        direction_opposite,
        true,
    )
    .rubric(
        2.0,
        "opposite() of all 16 sets of directions",
        "handout §2: Direction and its opposite",
    ),
    check(
        "position_equality",
        producers::Part1::PositionEquality,
        equality_input,
        position_equality,
        true,
    )
    .rubric(
        2.0,
        "== and != compare both coordinates",
        "handout §3: equality",
    ),
    check(
        "position_hash",
        producers::Part1::PositionHash,
        hash_input,
        position_hash,
        false,
    )
    .rubric(
        2.0,
        "equal positions hash alike",
        "handout §3: equal positions hash alike",
    ),
    check(
        "position_display",
        producers::Part1::PositionDisplay,
        display_input,
        position_display,
        true,
    )
    .rubric(1.0, "a position displays as (x, y)", "handout §3: Display"),
    check(
        "position_moved",
        producers::Part1::PositionMoved,
        moved_input,
        position_moved,
        true,
    )
    .rubric(
        2.0,
        "moved() in every direction, north is y - 1",
        "handout §3: moved",
    ),
    check(
        "position_random",
        producers::Part1::PositionRandom,
        random_input,
        position_random,
        false,
    )
    .rubric(
        2.0,
        "random() stays in its ranges, ends included",
        "handout §3: Position::random",
    ),
    check(
        "cell_default",
        producers::Part1::CellDefault,
        default_input,
        cell_default,
        true,
    )
    .rubric(
        1.0,
        "the default cell is at (0, 0) with every wall",
        "handout §4: MazeCell",
    ),
    check(
        "cell_new_and_remove_wall",
        producers::Part1::CellNewAndRemoveWall,
        cell_input,
        cell_new_and_remove_wall,
        true,
    )
    .rubric(2.0, "new() and remove_wall()", "handout §4: MazeCell"),
    check(
        "array_new_sizes",
        producers::Part1::ArrayNewSizes,
        array_sizes_input,
        array_new_sizes,
        true,
    )
    .rubric(
        2.0,
        "MazeCellArray::new checks 5..=50",
        "handout §4: MazeCellArray::new and resize",
    ),
    check(
        "array_ranges",
        producers::Part1::ArrayRanges,
        ranges_input,
        array_ranges,
        true,
    )
    .rubric(
        3.0,
        "x_range, y_range and contains on non-square arrays",
        "handout §4: ranges (y_range is not the x range)",
    ),
    check(
        "array_indexers",
        producers::Part1::ArrayIndexers,
        indexers_input,
        array_indexers,
        false,
    )
    .rubric(
        3.0,
        "both indexers reach the same cell",
        "handout §4: Index and IndexMut",
    ),
    check(
        "array_reset_and_resize",
        producers::Part1::ArrayResetAndResize,
        reset_input,
        array_reset_and_resize,
        true,
    )
    .rubric(2.0, "reset() and resize()", "handout §4: reset and resize"),
    check(
        "array_neighbors_with_all_walls",
        producers::Part1::ArrayNeighborsWithAllWalls,
        all_walls_input,
        array_neighbors_with_all_walls,
        true,
    )
    .rubric(
        3.0,
        "untouched neighbours, in N, S, E, W order",
        "handout §4: neighbors_with_all_walls",
    )
    .after(&["position_moved"]),
    check(
        "array_accessible_neighbors",
        producers::Part1::ArrayAccessibleNeighbors,
        accessible_input,
        array_accessible_neighbors,
        true,
    )
    .rubric(
        3.0,
        "open neighbours, without the excluded one",
        "handout §4: accessible_neighbors",
    )
    .after(&["position_moved"]),
    check(
        "array_remove_cell_wall",
        producers::Part1::ArrayRemoveCellWall,
        removal_input,
        array_remove_cell_wall,
        true,
    )
    .rubric(
        3.0,
        "removing a wall opens both cells",
        "handout §4: remove_cell_wall",
    )
    .after(&["direction_opposite", "position_moved"]),
    check(
        "array_border_stays_closed",
        producers::Part1::ArrayRemoveCellWall,
        border_input,
        array_border_stays_closed,
        true,
    )
    .rubric(
        2.0,
        "the border never opens",
        "handout §4: remove_cell_wall at the border",
    ),
    check(
        "maze_size_validation",
        producers::Part1::MazeSizeValidation,
        maze_sizes_input,
        maze_size_validation,
        true,
    )
    .rubric(
        2.0,
        "Maze sizes outside 5..=50 are errors",
        "handout §5: Maze::new and resize",
    )
    // A created maze (from_cells, create) checks its positions with `contains` and
    // draws them from the ranges.
    .after(&["array_ranges"]),
    check(
        "maze_complexity_validation",
        producers::Part1::MazeComplexityValidation,
        complexity_input,
        maze_complexity_validation,
        true,
    )
    .rubric(
        2.0,
        "complexity outside 0..=1 is an error",
        "handout §5: create",
    )
    .after(super::CREATING),
    check(
        "maze_perfect_square",
        producers::Part1::CreatedMazes,
        square_input,
        mazes_are_perfect,
        false,
    )
    .rubric(
        5.0,
        "created square mazes are perfect",
        "handout §5: creating a maze; §1: the rules",
    )
    .when_slow(super::CREATE_ENDS)
    .after(super::CARVING),
    check(
        "maze_perfect_non_square",
        producers::Part1::CreatedMazes,
        non_square_input,
        mazes_are_perfect,
        false,
    )
    .rubric(
        5.0,
        "created non-square mazes are perfect",
        "handout §5: creating a maze (watch x against y)",
    )
    .when_slow(super::CREATE_ENDS)
    .after(super::CARVING),
    check(
        "maze_start_end_distinct",
        producers::Part1::MazeStartEndDistinct,
        start_end_input,
        maze_start_end_distinct,
        false,
    )
    .rubric(
        2.0,
        "start and end are distinct cells",
        "handout §5: picking start and end",
    )
    .after(super::CARVING),
    check(
        "maze_same_seed_same_maze",
        producers::Part1::MazeSameSeedSameMaze,
        same_seed_input,
        maze_same_seed_same_maze,
        false,
    )
    .rubric(
        2.0,
        "the same seed gives the same maze",
        "handout §5: use only the MazeRng you are given",
    )
    .when_slow(super::CREATE_ENDS)
    .after(super::CARVING),
    check(
        "maze_matches_reference",
        producers::Part1::CreatedMazes,
        reference_input,
        maze_matches_reference,
        true,
    )
    .rubric(
        1.0,
        "mazes match the reference bit for bit",
        "handout §5: the order of random calls",
    )
    .when_slow(super::CREATE_ENDS)
    .after(super::CARVING),
    check(
        "maze_complexity_texture",
        producers::Part1::MazeComplexityTexture,
        texture_input,
        maze_complexity_texture,
        false,
    )
    .rubric(
        2.0,
        "higher complexity, fewer straight corridors",
        "handout §5: the complexity rule",
    )
    .when_slow(super::CREATE_ENDS)
    .after(super::CARVING),
    check(
        "solve_before_create",
        producers::Part1::SolveBeforeCreate,
        before_create_input,
        solve_before_create,
        true,
    )
    .rubric(
        1.0,
        "solve() before create() is an error",
        "handout §6: solve",
    ),
    check(
        "solve_path_valid",
        producers::Part1::SolvedMazes,
        valid_path_input,
        solve_path_valid,
        false,
    )
    .rubric(
        4.0,
        "the solution walks from start to end",
        "handout §6: solving",
    )
    .when_slow(super::SOLVE_ENDS)
    .when_waiting(super::SOLVE_WAITS)
    .time_limit(5.0)
    .after(super::WALKING),
    check(
        "solve_path_unique",
        producers::Part1::SolvedMazes,
        unique_path_input,
        solve_path_unique,
        true,
    )
    .rubric(
        3.0,
        "the solution is the one path, no detours",
        "handout §6: never step back the way you came",
    )
    .when_slow(super::SOLVE_ENDS)
    .when_waiting(super::SOLVE_WAITS)
    .time_limit(5.0)
    .after(super::WALKING),
    check(
        "solve_maze_with_loops",
        producers::Part1::SolvedMazes,
        loops_input,
        solve_maze_with_loops,
        false,
    )
    .rubric(
        2.0,
        "solve() ends on a maze with loops",
        "handout §6: the length guard",
    )
    .when_slow(super::SOLVE_ENDS)
    .when_waiting(super::SOLVE_WAITS)
    // The student's own watchdog ends each solve here (3 s of wall clock a maze, on
    // rayon's 2 threads): a CPU limit above what that can use keeps the verdict the
    // watchdog's, on a quiet machine as on a busy one.
    .time_limit(15.0)
    .after(super::WALKING),
    check(
        "solve_unreachable_end",
        producers::Part1::SolvedMazes,
        unreachable_input,
        solve_unreachable_end,
        true,
    )
    .rubric(
        1.0,
        "a walled-in end is Err(NoPath)",
        "handout §6: when every task ends",
    )
    .when_slow(super::SOLVE_ENDS)
    .when_waiting(super::SOLVE_WAITS)
    // The same watchdog's limit as solve_maze_with_loops'.
    .time_limit(15.0)
    .after(super::WALKING),
    check(
        "solve_timeout",
        producers::Part1::SolvedRepeatedly,
        timeout_input,
        solve_timeout,
        false,
    )
    .rubric(
        1.0,
        "a timeout of 0 ends solve() with Err(Timeout)",
        "handout §6: the timeout (a watchdog thread)",
    )
    .time_limit(20.0)
    .when_slow(super::SOLVE_ENDS)
    .when_waiting(super::SOLVE_WAITS)
    .after(super::WALKING),
    check(
        "solve_in_parallel",
        producers::Part1::SolvedInParallel,
        parallel_input,
        solve_in_parallel,
        false,
    )
    .rubric(
        2.0,
        "solve searches in parallel: more than one thread runs its tasks",
        "handout §6: at a junction, one new task per way on",
    )
    .when_slow(super::SOLVE_ENDS)
    .when_waiting(super::SOLVE_WAITS)
    .after(super::WALKING),
];

// ---------------------------------------------------------------- wording helpers

/// `Ok(…)` / `Err(…)` for a reported result.
fn outcome(value: &Value) -> String {
    match (value.get("ok"), value.get("err")) {
        (Some(ok), _) if ok.is_null() => "Ok(())".to_owned(),
        (Some(ok), _) => format!("Ok({ok})"),
        (_, Some(Value::String(err))) => format!("Err({err})"),
        _ => value.to_string(),
    }
}

fn is_ok(value: &Value) -> bool {
    value.get("ok").is_some()
}

fn xy(value: &Value) -> String {
    serde_json::from_value::<Xy>(value.clone()).map_or_else(|_| value.to_string(), show)
}

fn bits(value: &Value) -> String {
    value
        .as_u64()
        .and_then(|b| u8::try_from(b).ok())
        .map_or_else(|| value.to_string(), direction_name)
}

fn neighbours(value: &Value) -> String {
    let Ok(items) = serde_json::from_value::<Vec<(u8, i32, i32)>>(value.clone()) else {
        return value.to_string();
    };
    let items: Vec<String> = items
        .iter()
        .map(|&(d, x, y)| format!("{} → {}", direction_name(d), show((x, y))))
        .collect();
    format!("[{}]", items.join(", "))
}

fn list(input: &Value, key: &str) -> Result<Vec<Value>, Verdict> {
    input
        .get(key)
        .and_then(Value::as_array)
        .cloned()
        .ok_or_else(|| Verdict::grader_error(format!("its input has no list {key:?}")))
}

/// Nothing to ask but `MazeCell::default()`; the private twin then takes a few walls
/// down, so that its answer is not the one the template has blessed.
fn default_input(inputs: &Inputs) -> anyhow::Result<Value> {
    if !inputs.private() {
        return Ok(json!({}));
    }
    let mut rng = inputs.rng();
    let removals: Vec<u8> = (0..rng.random_range(1..=3))
        .map(|_| rng.random_range(1u8..16))
        .collect();
    Ok(json!({ "then_remove": removals }))
}
