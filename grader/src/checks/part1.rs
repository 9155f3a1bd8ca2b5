//! Part 1 checks: for each, the input the grader builds and the judge of what the
//! student's code made of it. Judges point at the method (and the mistake) when they
//! fail. Where the answer is the reference's, it comes from the blessed output.

use serde::Deserialize;
use serde_json::{Value, json};

use super::model::{EAST, Grid, MazeData, NORTH, ReportedMaze, SOUTH, WEST, direction_name, show};
use super::{Case, CheckSpec, Inputs, Judged, Part, Verdict, compare_items};

pub(super) type Xy = (i32, i32);

const fn check(
    name: &'static str,
    producer: &'static str,
    input: fn(&Inputs) -> anyhow::Result<Value>,
    judge: fn(&Case) -> Judged,
    blessed: bool,
) -> CheckSpec {
    CheckSpec::new(Part::Part1, name, producer, input, judge, blessed)
}

/// The Part 1 checks, in report order.
pub const CHECKS: &[CheckSpec] = &[
    check(
        "direction_opposite",
        "direction_opposite",
        opposite_input,
        direction_opposite,
        true,
    ),
    check(
        "position_equality",
        "position_equality",
        equality_input,
        position_equality,
        true,
    ),
    check(
        "position_hash",
        "position_hash",
        hash_input,
        position_hash,
        false,
    ),
    check(
        "position_display",
        "position_display",
        display_input,
        position_display,
        true,
    ),
    check(
        "position_moved",
        "position_moved",
        moved_input,
        position_moved,
        true,
    ),
    check(
        "position_random",
        "position_random",
        random_input,
        position_random,
        false,
    ),
    check("cell_default", "cell_default", no_input, cell_default, true),
    check(
        "cell_new_and_remove_wall",
        "cell_new_and_remove_wall",
        cell_input,
        cell_new_and_remove_wall,
        true,
    ),
    check(
        "array_new_sizes",
        "array_new_sizes",
        array_sizes_input,
        array_new_sizes,
        true,
    ),
    check(
        "array_ranges",
        "array_ranges",
        ranges_input,
        array_ranges,
        true,
    ),
    check(
        "array_indexers",
        "array_indexers",
        indexers_input,
        array_indexers,
        false,
    ),
    check(
        "array_reset_and_resize",
        "array_reset_and_resize",
        reset_input,
        array_reset_and_resize,
        true,
    ),
    check(
        "array_neighbors_with_all_walls",
        "array_neighbors_with_all_walls",
        all_walls_input,
        array_neighbors_with_all_walls,
        true,
    ),
    check(
        "array_accessible_neighbors",
        "array_accessible_neighbors",
        accessible_input,
        array_accessible_neighbors,
        true,
    ),
    check(
        "array_remove_cell_wall",
        "array_remove_cell_wall",
        removal_input,
        array_remove_cell_wall,
        true,
    ),
    check(
        "array_border_stays_closed",
        "array_remove_cell_wall",
        border_input,
        array_border_stays_closed,
        true,
    ),
    check(
        "maze_size_validation",
        "maze_size_validation",
        maze_sizes_input,
        maze_size_validation,
        true,
    ),
    check(
        "maze_complexity_validation",
        "maze_complexity_validation",
        complexity_input,
        maze_complexity_validation,
        true,
    ),
    check(
        "maze_perfect_square",
        "created_mazes",
        square_input,
        mazes_are_perfect,
        false,
    ),
    check(
        "maze_perfect_non_square",
        "created_mazes",
        non_square_input,
        mazes_are_perfect,
        false,
    ),
    check(
        "maze_start_end_distinct",
        "maze_start_end_distinct",
        start_end_input,
        maze_start_end_distinct,
        false,
    ),
    check(
        "maze_same_seed_same_maze",
        "maze_same_seed_same_maze",
        same_seed_input,
        maze_same_seed_same_maze,
        false,
    ),
    check(
        "maze_matches_reference",
        "created_mazes",
        reference_input,
        maze_matches_reference,
        true,
    ),
    check(
        "maze_complexity_texture",
        "maze_complexity_texture",
        texture_input,
        maze_complexity_texture,
        false,
    ),
    check(
        "solve_before_create",
        "solve_before_create",
        before_create_input,
        solve_before_create,
        true,
    ),
    check(
        "solve_path_valid",
        "solved_mazes",
        valid_path_input,
        solve_path_valid,
        false,
    ),
    check(
        "solve_path_unique",
        "solved_mazes",
        unique_path_input,
        solve_path_unique,
        true,
    ),
    check(
        "solve_maze_with_loops",
        "solved_mazes",
        loops_input,
        solve_maze_with_loops,
        false,
    ),
    check(
        "solve_unreachable_end",
        "solved_mazes",
        unreachable_input,
        solve_unreachable_end,
        true,
    ),
    check(
        "solve_timeout",
        "solved_repeatedly",
        timeout_input,
        solve_timeout,
        false,
    ),
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

fn no_input(_: &Inputs) -> anyhow::Result<Value> {
    Ok(json!({}))
}

// ---------------------------------------------------------------- §2 Direction

fn opposite_input(_: &Inputs) -> anyhow::Result<Value> {
    Ok(json!({ "directions": (0u8..16).collect::<Vec<_>>() }))
}

fn direction_opposite(case: &Case) -> Judged {
    let directions = list(case.input, "directions")?;
    compare_items(
        case,
        &directions,
        |d, got, want| {
            format!(
                "opposite of {} gave {}, expected {}",
                bits(d),
                bits(got),
                bits(want)
            )
        },
        "opposite is right for all 16 sets of directions",
    )
}

// ---------------------------------------------------------------- §3 Position

fn equality_input(_: &Inputs) -> anyhow::Result<Value> {
    Ok(json!({ "pairs": [
        [[3, 4], [3, 4]], [[3, 4], [4, 3]], [[3, 4], [3, 5]], [[3, 4], [2, 4]],
        [[0, 0], [0, 0]], [[-1, 7], [-1, 7]], [[5, 5], [6, 6]], [[12, 0], [0, 12]],
    ] }))
}

fn position_equality(case: &Case) -> Judged {
    let pairs = list(case.input, "pairs")?;
    compare_items(
        case,
        &pairs,
        |pair, got, want| {
            let (a, b) = (xy(&pair[0]), xy(&pair[1]));
            if got[0] != want[0] {
                format!("{a} == {b} gave {}, expected {}", got[0], want[0])
            } else {
                format!("{a} != {b} gave {}, expected {}", got[1], want[1])
            }
        },
        "== and != compare both coordinates",
    )
}

fn hash_input(_: &Inputs) -> anyhow::Result<Value> {
    Ok(json!({
        "hashed_twice": [[3, 4], [0, 0], [-1, 7]],
        "inserted": [[1, 2], [2, 1], [1, 2], [0, 0], [3, 3], [0, 0], [2, 1], [-4, 4], [4, -4]],
    }))
}

#[derive(Deserialize)]
struct HashReport {
    same_hash: Vec<bool>,
    set_len: usize,
    found: Vec<bool>,
}

fn position_hash(case: &Case) -> Judged {
    #[derive(Deserialize)]
    struct Input {
        hashed_twice: Vec<Xy>,
        inserted: Vec<Xy>,
    }
    let input: Input = case.input()?;
    let report: HashReport = case.output()?;
    if report.same_hash.len() != input.hashed_twice.len()
        || report.found.len() != input.inserted.len()
    {
        return Ok(Verdict::fail(
            "the probe reported a different number of positions than the grader sent",
        ));
    }
    if let Some((&p, _)) = input
        .hashed_twice
        .iter()
        .zip(&report.same_hash)
        .find(|(_, same)| !**same)
    {
        return Ok(Verdict::fail(format!(
            "hashing {} twice gave two different hashes: the hash must depend only on x and y",
            show(p)
        )));
    }
    let mut distinct = input.inserted.clone();
    distinct.sort_unstable();
    distinct.dedup();
    if report.set_len != distinct.len() {
        return Ok(Verdict::fail(format!(
            "a HashSet of {} positions ({} distinct) holds {}: equal positions must hash alike and unequal ones must compare unequal",
            input.inserted.len(),
            distinct.len(),
            report.set_len
        )));
    }
    if report.found.iter().any(|found| !found) {
        return Ok(Verdict::fail(
            "a position put into a HashSet could not be found again",
        ));
    }
    Ok(Verdict::pass(
        "equal positions hash alike and a HashSet keeps distinct ones apart",
    ))
}

fn display_input(_: &Inputs) -> anyhow::Result<Value> {
    Ok(json!({ "positions": [[3, 4], [0, 0], [-1, 12], [49, 5]] }))
}

fn position_display(case: &Case) -> Judged {
    let positions = list(case.input, "positions")?;
    compare_items(
        case,
        &positions,
        |p, got, want| {
            let (x, y) = (&p[0], &p[1]);
            format!("Position {{ x: {x}, y: {y} }} displays as {got}, expected {want}")
        },
        "positions display as (x, y)",
    )
}

fn moved_input(_: &Inputs) -> anyhow::Result<Value> {
    let mut moves: Vec<Value> = (0u8..16).map(|d| json!([[3, 3], d])).collect();
    moves.extend([
        json!([[0, 0], 8]),
        json!([[0, 0], 1]),
        json!([[49, 12], 4 | 2]),
    ]);
    Ok(json!({ "moves": moves }))
}

fn position_moved(case: &Case) -> Judged {
    let moves = list(case.input, "moves")?;
    compare_items(
        case,
        &moves,
        |m, got, want| {
            format!(
                "{} moved {} gave {}, expected {} (north is y - 1)",
                xy(&m[0]),
                bits(&m[1]),
                xy(got),
                xy(want)
            )
        },
        "moved goes one step in every direction and combination",
    )
}

fn random_input(_: &Inputs) -> anyhow::Result<Value> {
    Ok(json!({ "seed": 2024, "draws": [
        { "x": [0, 4], "y": [10, 12], "count": 600 },
        { "x": [7, 7], "y": [-3, 3], "count": 600 },
        { "x": [0, 49], "y": [0, 4], "count": 600 },
    ] }))
}

#[derive(Deserialize)]
struct Draw {
    x: Xy,
    y: Xy,
    count: usize,
}

fn position_random(case: &Case) -> Judged {
    #[derive(Deserialize)]
    struct Input {
        draws: Vec<Draw>,
    }
    let input: Input = case.input()?;
    let draws: Vec<Vec<Xy>> = case.output_list(input.draws.len())?;
    for (draw, positions) in input.draws.iter().zip(&draws) {
        let (xs, ys) = (draw.x.0..=draw.x.1, draw.y.0..=draw.y.1);
        if positions.len() != draw.count {
            return Ok(Verdict::fail(format!(
                "the probe reported {} of {} draws",
                positions.len(),
                draw.count
            )));
        }
        if let Some(&p) = positions
            .iter()
            .find(|p| !xs.contains(&p.0) || !ys.contains(&p.1))
        {
            return Ok(Verdict::fail(format!(
                "Position::random({xs:?}, {ys:?}) gave {}, outside the ranges (is x drawn from the x range and y from the y range?)",
                show(p)
            )));
        }
        let missing = xs
            .clone()
            .find(|x| !positions.iter().any(|p| p.0 == *x))
            .map(|x| format!("x = {x}"))
            .or_else(|| {
                ys.clone()
                    .find(|y| !positions.iter().any(|p| p.1 == *y))
                    .map(|y| format!("y = {y}"))
            });
        if let Some(value) = missing {
            return Ok(Verdict::fail(format!(
                "{} draws of Position::random({xs:?}, {ys:?}) never gave {value}: both ends of the range are included",
                positions.len()
            )));
        }
    }
    Ok(Verdict::pass(
        "random positions cover both ranges, ends included, and stay inside",
    ))
}

// ---------------------------------------------------------------- §4 cells

fn cell_default(case: &Case) -> Judged {
    let got: Value = case.output()?;
    let want: Value = case.expected()?;
    if got == want {
        return Ok(Verdict::pass(
            "the default cell is at (0, 0) with every wall",
        ));
    }
    Ok(Verdict::fail(format!(
        "MazeCell::default() is at {} with walls {}; expected {} with walls {}",
        xy(&got["position"]),
        bits(&got["walls"]),
        xy(&want["position"]),
        bits(&want["walls"])
    )))
}

fn cell_input(_: &Inputs) -> anyhow::Result<Value> {
    Ok(json!({
        "new": [[[2, 3], 9], [[0, 0], 0], [[49, 12], 15]],
        "removals": [[15, 4], [15, 1], [1, 2], [15, 3], [6, 6], [0, 8], [15, 15]],
    }))
}

fn cell_new_and_remove_wall(case: &Case) -> Judged {
    #[derive(Deserialize)]
    struct Input {
        new: Vec<(Xy, u8)>,
        removals: Vec<(u8, u8)>,
    }
    let input: Input = case.input()?;
    let got: Value = case.output()?;
    let want: Value = case.expected()?;
    let (Some(got_new), Some(got_removed)) = (got["new"].as_array(), got["removals"].as_array())
    else {
        return Ok(Verdict::fail("the probe's report could not be read"));
    };
    if got_new.len() != input.new.len() || got_removed.len() != input.removals.len() {
        return Ok(Verdict::fail(
            "the probe reported a different number of cells than the grader asked for",
        ));
    }
    let mut problems = Vec::new();
    for (i, &(p, walls)) in input.new.iter().enumerate() {
        if got_new[i] != want["new"][i] {
            problems.push(format!(
                "MazeCell::new({}, {}) gave a cell at {} with walls {}",
                show(p),
                direction_name(walls),
                xy(&got_new[i]["position"]),
                bits(&got_new[i]["walls"])
            ));
        }
    }
    for (i, &(start, wall)) in input.removals.iter().enumerate() {
        if got_removed[i] != want["removals"][i] {
            problems.push(format!(
                "removing {} from walls {} left {} at {}, expected {}",
                direction_name(wall),
                direction_name(start),
                bits(&got_removed[i]["walls"]),
                xy(&got_removed[i]["position"]),
                bits(&want["removals"][i]["walls"])
            ));
        }
    }
    Ok(Verdict::from_problems(
        problems,
        "new keeps position and walls; remove_wall takes away exactly the walls given",
    ))
}

fn array_sizes_input(_: &Inputs) -> anyhow::Result<Value> {
    Ok(
        json!({ "sizes": [[5, 5], [50, 50], [5, 50], [50, 5], [12, 7], [4, 5], [5, 4], [51, 5], [5, 51], [0, 0], [-5, 5]] }),
    )
}

fn size_mismatch(what: &str, size: &Value, got: &Value, want: &Value) -> String {
    let (w, h) = (&size[0], &size[1]);
    match (is_ok(got), is_ok(want)) {
        (true, false) => format!(
            "{what}({w}, {h}) was accepted; sizes outside 5..=50 must be an Err (expected {})",
            outcome(want)
        ),
        (false, true) => format!(
            "{what}({w}, {h}) was refused ({}), but 5..=50 is allowed",
            outcome(got)
        ),
        _ => format!(
            "{what}({w}, {h}) gave {}, expected {}",
            outcome(got),
            outcome(want)
        ),
    }
}

fn array_new_sizes(case: &Case) -> Judged {
    let sizes = list(case.input, "sizes")?;
    compare_items(
        case,
        &sizes,
        |size, got, want| size_mismatch("MazeCellArray::new", size, got, want),
        "sizes in 5..=50 make grids of that size; others are errors naming the size",
    )
}

fn ranges_input(_: &Inputs) -> anyhow::Result<Value> {
    let arrays: Vec<Value> = [(5, 50), (50, 5), (7, 13), (20, 20)]
        .iter()
        .map(|&(w, h)| {
            json!({ "size": [w, h], "contains": [[0, 0], [w - 1, h - 1], [h - 1, w - 1], [w, 0], [0, h], [-1, 0], [0, -1]] })
        })
        .collect();
    Ok(json!({ "arrays": arrays }))
}

fn array_ranges(case: &Case) -> Judged {
    let arrays = list(case.input, "arrays")?;
    compare_items(
        case,
        &arrays,
        |query, got, want| {
            let size = format!("{}x{}", query["size"][0], query["size"][1]);
            let range = |v: &Value| format!("{}..={}", v[0], v[1]);
            if got["x_range"] != want["x_range"] {
                format!(
                    "x_range of a {size} array is {}, expected {}",
                    range(&got["x_range"]),
                    range(&want["x_range"])
                )
            } else if got["y_range"] != want["y_range"] {
                let hint = if got["y_range"] == want["x_range"] {
                    " (it returns the x range)"
                } else {
                    ""
                };
                format!(
                    "y_range of a {size} array is {}, expected {}{hint}",
                    range(&got["y_range"]),
                    range(&want["y_range"])
                )
            } else {
                let probes = query["contains"].as_array().cloned().unwrap_or_default();
                let wrong = probes
                    .iter()
                    .enumerate()
                    .find(|(i, _)| got["contains"][i] != want["contains"][i]);
                match wrong {
                    Some((i, p)) => format!(
                        "contains({}) on a {size} array gave {}, expected {}",
                        xy(p),
                        got["contains"][i],
                        want["contains"][i]
                    ),
                    None => format!("the ranges of a {size} array differ from the reference's"),
                }
            }
        },
        "ranges and contains follow width and height, on non-square arrays too",
    )
}

fn pattern(rng: &mut impl rand::Rng, (w, h): Xy) -> Vec<Vec<u8>> {
    (0..h)
        .map(|_| (0..w).map(|_| rng.random_range(0..16u8)).collect())
        .collect()
}

fn indexers_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let mut rng = inputs.rng();
    let size = (7, 13);
    Ok(
        json!({ "size": [size.0, size.1], "first": pattern(&mut rng, size), "second": pattern(&mut rng, size) }),
    )
}

fn array_indexers(case: &Case) -> Judged {
    #[derive(Deserialize)]
    struct Input {
        size: Xy,
        first: Vec<Vec<u8>>,
        second: Vec<Vec<u8>>,
    }
    #[derive(Deserialize)]
    struct Output {
        positions: Vec<Vec<Xy>>,
        first_read_by_position: Vec<Vec<u8>>,
        second_read_by_pair: Vec<Vec<u8>>,
    }
    let input: Input = case.input()?;
    let output: Output = case.output()?;
    let (w, h) = input.size;
    let cell = |rows: &[Vec<u8>], x: i32, y: i32| {
        usize::try_from(y)
            .ok()
            .zip(usize::try_from(x).ok())
            .and_then(|(y, x)| rows.get(y)?.get(x).copied())
    };
    for y in 0..h {
        for x in 0..w {
            let position = output
                .positions
                .get(y as usize)
                .and_then(|row| row.get(x as usize));
            if position != Some(&(x, y)) {
                return Ok(Verdict::fail(format!(
                    "in a new {w}x{h} array the cell at index ({x}, {y}) says it is at {}",
                    position.map_or("nowhere".to_owned(), |&p| show(p))
                )));
            }
            let (first, read) = (
                cell(&input.first, x, y),
                cell(&output.first_read_by_position, x, y),
            );
            if read != first {
                return Ok(Verdict::fail(format!(
                    "walls written through array[({x}, {y})] read back through array[Position::new({x}, {y})] as {read:?}, expected {first:?}: the two indexers disagree"
                )));
            }
            let (second, read) = (
                cell(&input.second, x, y),
                cell(&output.second_read_by_pair, x, y),
            );
            if read != second {
                return Ok(Verdict::fail(format!(
                    "walls written through array[Position::new({x}, {y})] read back through array[({x}, {y})] as {read:?}, expected {second:?}"
                )));
            }
        }
    }
    Ok(Verdict::pass(format!(
        "both indexers reach the same cell everywhere on a {w}x{h} array"
    )))
}

fn reset_input(_: &Inputs) -> anyhow::Result<Value> {
    Ok(json!({
        "size": [6, 9],
        "touch": [[2, 3, 0], [5, 8, 1], [0, 0, 6]],
        "resizes": [[8, 5], [3, 7], [50, 5], [5, 51], [5, 50]],
    }))
}

/// The first field of an array's state that differs from the reference's, in words.
fn state_difference(what: &str, got: &Value, want: &Value) -> Option<String> {
    if got["size"] != want["size"] {
        return Some(format!(
            "{what} the array is {}x{}, expected {}x{}",
            got["size"][0], got["size"][1], want["size"][0], want["size"][1]
        ));
    }
    for (key, words) in [
        ("x_range", "x_range"),
        ("y_range", "y_range"),
        ("walls", "the walls (every wall must be up)"),
        ("positions", "the cells' own positions"),
    ] {
        if got[key] != want[key] {
            return Some(format!("{what} {words} differ from the reference's"));
        }
    }
    None
}

fn array_reset_and_resize(case: &Case) -> Judged {
    let resizes = list(case.input, "resizes")?;
    let got: Value = case.output()?;
    let want: Value = case.expected()?;
    if let Some(problem) =
        state_difference("after reset()", &got["after_reset"], &want["after_reset"])
    {
        return Ok(Verdict::fail(problem));
    }
    let got_steps = got["resizes"].as_array().cloned().unwrap_or_default();
    if got_steps.len() != resizes.len() {
        return Ok(Verdict::fail(format!(
            "the probe reported {} of {} resizes",
            got_steps.len(),
            resizes.len()
        )));
    }
    for (i, size) in resizes.iter().enumerate() {
        let (w, h) = (&size[0], &size[1]);
        let (got, want) = (&got_steps[i], &want["resizes"][i]);
        if got["resize"] != want["resize"] {
            return Ok(Verdict::fail(size_mismatch(
                "MazeCellArray::resize",
                size,
                &got["resize"],
                &want["resize"],
            )));
        }
        let what = if is_ok(&want["resize"]) {
            format!("after resize({w}, {h})")
        } else {
            format!("after a refused resize({w}, {h}), which must leave the array as it was,")
        };
        if let Some(problem) = state_difference(&what, &got["after"], &want["after"]) {
            return Ok(Verdict::fail(problem));
        }
    }
    Ok(Verdict::pass(
        "reset puts every wall up; resize changes the size, and a refused resize changes nothing",
    ))
}

fn walls_with(size: Xy, changes: &[(Xy, u8)]) -> Vec<Vec<u8>> {
    let mut walls = vec![vec![15u8; size.0 as usize]; size.1 as usize];
    for &((x, y), w) in changes {
        walls[y as usize][x as usize] = w;
    }
    walls
}

fn all_walls_input(_: &Inputs) -> anyhow::Result<Value> {
    // The handout's example on a 5x7 grid, with walls taken down on ONE side only:
    // (0, 2) lost its north wall (its neighbour (0, 1) still has all four) and (2, 2)
    // its east wall; whether a neighbour counts depends on that neighbour's own walls.
    let walls = walls_with(
        (5, 7),
        &[((0, 2), 15 & !1), ((2, 2), 15 & !4), ((4, 5), 15 & !2)],
    );
    Ok(json!({
        "grid": { "size": [5, 7], "walls": walls },
        "queries": [[1, 2], [0, 0], [4, 6], [4, 0], [0, 6], [2, 4], [3, 2], [0, 1], [4, 4], [0, 3]],
    }))
}

fn array_neighbors_with_all_walls(case: &Case) -> Judged {
    let queries = list(case.input, "queries")?;
    compare_items(
        case,
        &queries,
        |from, got, want| {
            format!(
                "neighbors_with_all_walls({}) gave {}, expected {} (in N, S, E, W order; a neighbour counts when its own four walls are up)",
                xy(from),
                neighbours(got),
                neighbours(want)
            )
        },
        "only untouched neighbours inside the grid, in N, S, E, W order",
    )
}

fn accessible_input(_: &Inputs) -> anyhow::Result<Value> {
    // (2, 2) is open on all four sides, (5, 7) to the north and (0, 0) to the east,
    // both sides each. Three walls disagree between neighbours: (4, 4) is open to the
    // east while (5, 4) keeps its west wall, and (1, 6) is open to the north while
    // (1, 5) keeps its south wall. Only the cell's own wall decides.
    let walls = walls_with(
        (6, 8),
        &[
            ((2, 2), 0),
            ((2, 1), 15 & !2),
            ((2, 3), 15 & !1),
            ((1, 2), 15 & !4),
            ((3, 2), 15 & !8),
            ((5, 7), 15 & !1),
            ((5, 6), 15 & !2),
            ((0, 0), 15 & !4),
            ((1, 0), 15 & !8),
            ((4, 4), 15 & !4),
            ((1, 6), 15 & !1),
        ],
    );
    Ok(json!({
        "grid": { "size": [6, 8], "walls": walls },
        "queries": [[2, 2, 0], [2, 2, 2], [2, 2, 8], [2, 2, 15], [2, 1, 0], [2, 1, 2], [5, 7, 0], [0, 0, 0], [4, 4, 0], [5, 4, 0], [1, 6, 0], [1, 5, 0], [3, 3, 0]],
    }))
}

fn array_accessible_neighbors(case: &Case) -> Judged {
    let queries = list(case.input, "queries")?;
    compare_items(
        case,
        &queries,
        |q, got, want| {
            let exclude = if q[2] != 0 {
                format!(", excluding {}", bits(&q[2]))
            } else {
                String::new()
            };
            format!(
                "accessible_neighbors(({}, {}){exclude}) gave {}, expected {} (in N, S, E, W order; only the cell's own wall decides)",
                q[0],
                q[1],
                neighbours(got),
                neighbours(want)
            )
        },
        "only neighbours behind the cell's open walls, without the excluded direction, in N, S, E, W order",
    )
}

fn removal_input(_: &Inputs) -> anyhow::Result<Value> {
    Ok(
        json!({ "size": [5, 7], "removals": [[1, 1, 4], [3, 5, 2], [4, 6, 1], [2, 0, 8], [0, 3, 4], [4, 2, 8]] }),
    )
}

fn border_input(_: &Inputs) -> anyhow::Result<Value> {
    Ok(json!({ "size": [6, 5], "removals": [
        [0, 0, 1], [0, 0, 8], [5, 0, 1], [5, 0, 4], [0, 4, 2], [0, 4, 8],
        [5, 4, 2], [5, 4, 4], [3, 0, 1], [3, 4, 2], [0, 2, 8], [5, 2, 4],
    ] }))
}

fn removal_verdict(case: &Case, summary: &str) -> Judged {
    #[derive(Deserialize)]
    struct Input {
        size: Xy,
        removals: Vec<(i32, i32, u8)>,
    }
    let input: Input = case.input()?;
    let (w, h) = input.size;
    let shape = |rows| Grid::from_rows(w, h, rows);
    let got = shape(case.output()?).map_err(|problem| {
        Verdict::fail(format!(
            "the array after the removals has the wrong shape: {problem}"
        ))
    })?;
    let want = shape(case.expected()?).map_err(Verdict::grader_error)?;
    if got == want {
        return Ok(Verdict::pass(summary));
    }
    let calls: Vec<String> = input
        .removals
        .iter()
        .map(|&(x, y, d)| format!("remove_cell_wall({}, {})", show((x, y)), direction_name(d)))
        .collect();
    let (x, y) = (0..h)
        .flat_map(|y| (0..w).map(move |x| (x, y)))
        .find(|&p| got.at(p) != want.at(p))
        .unwrap_or((0, 0));
    let border = if x == 0 || y == 0 || x == w - 1 || y == h - 1 {
        " (a border cell: border walls stay up)"
    } else {
        " (a wall comes down on both sides)"
    };
    Ok(Verdict::fail_with_diff(
        format!(
            "after {} the cell {}{border} has walls {}, expected {}",
            calls.join(", "),
            show((x, y)),
            direction_name(got.at((x, y))),
            direction_name(want.at((x, y)))
        ),
        &want.render(None, None),
        &got.render(None, None),
    ))
}

fn array_remove_cell_wall(case: &Case) -> Judged {
    removal_verdict(case, "removing a wall opens both cells")
}

fn array_border_stays_closed(case: &Case) -> Judged {
    removal_verdict(case, "walls on the outer border never come down")
}

// ---------------------------------------------------------------- §5 creating

fn maze_sizes_input(_: &Inputs) -> anyhow::Result<Value> {
    Ok(json!({
        "sizes": [[5, 5], [50, 50], [5, 50], [50, 5], [4, 5], [5, 4], [51, 50], [50, 51], [0, 0], [-7, 10]],
        "resize": [[9, 6], [2, 6]],
    }))
}

fn maze_size_validation(case: &Case) -> Judged {
    let sizes = list(case.input, "sizes")?;
    let got: Value = case.output()?;
    let want: Value = case.expected()?;
    let got_new = got["new"].as_array().cloned().unwrap_or_default();
    if got_new.len() != sizes.len() {
        return Ok(Verdict::fail(format!(
            "the probe reported {} of {} sizes",
            got_new.len(),
            sizes.len()
        )));
    }
    let mut problems: Vec<String> = sizes
        .iter()
        .enumerate()
        .filter(|(i, _)| got_new[*i] != want["new"][*i])
        .map(|(i, size)| size_mismatch("Maze::new", size, &got_new[i], &want["new"][i]))
        .collect();
    if got["default"] != want["default"] {
        problems.push(format!(
            "Maze::default() is {}x{}, expected {}x{}",
            got["default"][0], got["default"][1], want["default"][0], want["default"][1]
        ));
    }
    let resize = &case.input["resize"][1];
    if got["resize"] != want["resize"] {
        problems.push(size_mismatch(
            "Maze::resize",
            resize,
            &got["resize"],
            &want["resize"],
        ));
    } else if got["size_after_resize"] != want["size_after_resize"] {
        problems.push("a refused Maze::resize changed the maze's size".to_owned());
    }
    Ok(Verdict::from_problems(
        problems,
        "Maze sizes are checked against 5..=50",
    ))
}

fn complexity_input(_: &Inputs) -> anyhow::Result<Value> {
    Ok(
        json!({ "size": [6, 6], "seed": 5, "complexities": ["-0.1", "1.5", "2", "NaN", "-0", "0", "1", "0.5", "inf"] }),
    )
}

fn maze_complexity_validation(case: &Case) -> Judged {
    let complexities = list(case.input, "complexities")?;
    compare_items(
        case,
        &complexities,
        |c, got, want| {
            let c = c.as_str().unwrap_or("?");
            if got["create"] == want["create"] {
                return format!(
                    "after create with complexity {c} gave {}, is_created() is {}, expected {}: a refused create leaves the maze uncreated",
                    outcome(&got["create"]),
                    got["is_created"],
                    want["is_created"]
                );
            }
            match (is_ok(&got["create"]), is_ok(&want["create"])) {
                (true, false) => format!(
                    "create with complexity {c} was accepted; anything outside 0..=1{} must be an Err (expected {})",
                    if c == "NaN" { " (NaN included)" } else { "" },
                    outcome(&want["create"])
                ),
                (false, true) => format!(
                    "create with complexity {c} was refused ({}), but 0..=1 is allowed",
                    outcome(&got["create"])
                ),
                _ => format!(
                    "create with complexity {c} gave {}, expected {}",
                    outcome(&got["create"]),
                    outcome(&want["create"])
                ),
            }
        },
        "complexities outside 0..=1 are refused and leave the maze uncreated",
    )
}

type Spec = (i32, i32, f64, u64);

fn specs(input: &Value) -> Result<Vec<Spec>, Verdict> {
    serde_json::from_value(input["mazes"].clone())
        .map_err(|error| Verdict::grader_error(format!("its input has no maze list ({error})")))
}

fn label((w, h, c, seed): Spec) -> String {
    format!("{w}x{h}, complexity {c}, seed {seed}")
}

/// The reported mazes, each checked against the size the grader asked for.
fn reported_mazes(case: &Case, specs: &[Spec]) -> Result<Vec<MazeData>, Verdict> {
    let reported: Vec<ReportedMaze> = case.output_list(specs.len())?;
    reported
        .into_iter()
        .zip(specs)
        .map(|(maze, &spec)| {
            MazeData::checked(maze, spec.0, spec.1, label(spec)).map_err(Verdict::fail)
        })
        .collect()
}

fn maze_problem(maze: &MazeData) -> Option<String> {
    if let Some(problem) = maze.grid.imperfection() {
        return Some(format!(
            "the {} maze is not perfect: {problem}",
            maze.name()
        ));
    }
    if !maze.grid.inside(maze.start) || !maze.grid.inside(maze.end) {
        return Some(format!(
            "the {} maze has start {} and end {}, not both inside",
            maze.name(),
            show(maze.start),
            show(maze.end)
        ));
    }
    None
}

fn square_input(_: &Inputs) -> anyhow::Result<Value> {
    Ok(
        json!({ "mazes": [[5, 5, 0.0, 1], [5, 5, 1.0, 2], [17, 17, 0.5, 3], [30, 30, 0.2, 4], [50, 50, 0.5, 5], [50, 50, 1.0, 6]] }),
    )
}

fn non_square_input(_: &Inputs) -> anyhow::Result<Value> {
    Ok(
        json!({ "mazes": [[5, 50, 0.5, 7], [50, 5, 0.5, 8], [9, 31, 0.0, 9], [31, 9, 1.0, 10], [40, 12, 0.7, 11], [6, 5, 0.3, 12]] }),
    )
}

fn mazes_are_perfect(case: &Case) -> Judged {
    let specs = specs(case.input)?;
    let mazes = reported_mazes(case, &specs)?;
    for maze in &mazes {
        if let Some(problem) = maze_problem(maze) {
            return Ok(Verdict {
                diff: Some(maze.render()),
                ..Verdict::fail(problem)
            });
        }
    }
    let sizes: Vec<String> = specs.iter().map(|s| format!("{}x{}", s.0, s.1)).collect();
    Ok(Verdict::pass(format!("perfect: {}", sizes.join(", "))))
}

fn start_end_input(_: &Inputs) -> anyhow::Result<Value> {
    let mazes: Vec<Value> = (0..150u64)
        .map(|seed| {
            if seed % 2 == 0 {
                json!([5, 6, 0.5, seed])
            } else {
                json!([6, 5, 0.5, seed])
            }
        })
        .collect();
    Ok(json!({ "mazes": mazes }))
}

fn maze_start_end_distinct(case: &Case) -> Judged {
    let specs = specs(case.input)?;
    let ends: Vec<(Xy, Xy)> = case.output_list(specs.len())?;
    for (&(w, h, ..), &(start, end)) in specs.iter().zip(&ends) {
        let inside = |(x, y): Xy| (0..w).contains(&x) && (0..h).contains(&y);
        if start == end {
            return Ok(Verdict::fail(format!(
                "a {w}x{h} maze has start and end both at {}",
                show(start)
            )));
        }
        if !inside(start) || !inside(end) {
            return Ok(Verdict::fail(format!(
                "a {w}x{h} maze has start {} and end {}: both must be inside",
                show(start),
                show(end)
            )));
        }
    }
    let starts: std::collections::HashSet<Xy> = ends.iter().map(|e| e.0).collect();
    if starts.len() < 5 {
        return Ok(Verdict::fail(format!(
            "{} mazes made from different seeds used only {} start cells: is the start drawn from the MazeRng?",
            ends.len(),
            starts.len()
        )));
    }
    Ok(Verdict::pass(format!(
        "{} mazes: start and end always distinct and inside",
        ends.len()
    )))
}

fn same_seed_input(_: &Inputs) -> anyhow::Result<Value> {
    Ok(json!({ "maze": [23, 11, 0.4, 77], "other_seed": 78 }))
}

fn maze_same_seed_same_maze(case: &Case) -> Judged {
    #[derive(Deserialize)]
    struct Input {
        maze: Spec,
        other_seed: u64,
    }
    #[derive(Deserialize)]
    struct Output {
        first: ReportedMaze,
        again: ReportedMaze,
        other_seed: ReportedMaze,
    }
    let input: Input = case.input()?;
    let output: Output = case.output()?;
    let (w, h, c, seed) = input.maze;
    let check =
        |maze, seed| MazeData::checked(maze, w, h, label((w, h, c, seed))).map_err(Verdict::fail);
    let first = check(output.first, seed)?;
    let again = check(output.again, seed)?;
    let other = check(output.other_seed, input.other_seed)?;
    let same =
        |a: &MazeData, b: &MazeData| a.grid == b.grid && a.start == b.start && a.end == b.end;
    if !same(&first, &again) {
        return Ok(Verdict::fail_with_diff(
            "two mazes created from the same seed differ: use only the MazeRng you are given for every random choice",
            &first.render(),
            &again.render(),
        ));
    }
    if same(&first, &other) {
        return Ok(Verdict::fail(format!(
            "mazes created from seeds {seed} and {} are identical: the MazeRng is not being used",
            input.other_seed
        )));
    }
    Ok(Verdict::pass(
        "the same seed gives the same maze; another seed another maze",
    ))
}

fn reference_input(_: &Inputs) -> anyhow::Result<Value> {
    Ok(json!({ "mazes": [[12, 7, 0.5, 1], [5, 9, 0.0, 2], [16, 6, 1.0, 3], [8, 8, 0.25, 2026]] }))
}

pub(super) fn maze_matches_reference(case: &Case) -> Judged {
    let specs = specs(case.input)?;
    let got = reported_mazes(case, &specs)?;
    let want: Vec<ReportedMaze> = case.expected()?;
    if want.len() != specs.len() {
        return Err(Verdict::grader_error(
            "the blessed mazes do not match the input: run `grader bless`",
        ));
    }
    for ((maze, want), &spec) in got.iter().zip(want).zip(&specs) {
        let want =
            MazeData::checked(want, spec.0, spec.1, label(spec)).map_err(Verdict::grader_error)?;
        if maze.grid != want.grid || maze.start != want.start || maze.end != want.end {
            let what = if (maze.start, maze.end) != (want.start, want.end) {
                format!(
                    "start {} and end {}, the reference's {} and {}: draw start x, start y, end x, end y in that order, again until they differ",
                    show(maze.start),
                    show(maze.end),
                    show(want.start),
                    show(want.end)
                )
            } else {
                "other walls than the reference's: follow the handout's order of random draws exactly".to_owned()
            };
            return Ok(Verdict::fail_with_diff(
                format!("the {} maze has {what}", maze.name()),
                &want.render(),
                &maze.render(),
            ));
        }
    }
    Ok(Verdict::pass("matches the reference exactly"))
}

fn texture_input(_: &Inputs) -> anyhow::Result<Value> {
    Ok(
        json!({ "size": [25, 25], "complexities": [0.0, 0.5, 1.0], "seeds": (100..112).collect::<Vec<u64>>() }),
    )
}

/// The share of cells a corridor passes straight through: open exactly north and
/// south, or exactly east and west.
fn straight_share(grid: &Grid) -> f64 {
    let cells: Vec<u8> = (0..grid.height)
        .flat_map(|y| (0..grid.width).map(move |x| (x, y)))
        .map(|p| grid.at(p))
        .collect();
    let straight = cells
        .iter()
        .filter(|&&w| w == (1 | 2) || w == (4 | 8))
        .count();
    straight as f64 / cells.len().max(1) as f64
}

fn maze_complexity_texture(case: &Case) -> Judged {
    #[derive(Deserialize)]
    struct Input {
        size: Xy,
        complexities: Vec<f64>,
        seeds: Vec<u64>,
    }
    let input: Input = case.input()?;
    let groups: Vec<Vec<Vec<Vec<u8>>>> = case.output_list(input.complexities.len())?;
    let mut shares = Vec::new();
    for (&complexity, group) in input.complexities.iter().zip(groups) {
        if group.len() != input.seeds.len() {
            return Ok(Verdict::fail(format!(
                "the probe reported {} of {} mazes",
                group.len(),
                input.seeds.len()
            )));
        }
        let mut total = 0.0;
        for walls in group {
            let grid = Grid::from_rows(input.size.0, input.size.1, walls).map_err(|problem| {
                Verdict::fail(format!(
                    "a maze made with complexity {complexity} has the wrong shape: {problem}"
                ))
            })?;
            if let Some(problem) = grid.imperfection() {
                return Ok(Verdict::fail(format!(
                    "a maze made with complexity {complexity} is not perfect: {problem}"
                )));
            }
            total += straight_share(&grid);
        }
        shares.push((complexity, total / input.seeds.len().max(1) as f64));
    }
    let described: Vec<String> = shares
        .iter()
        .map(|(c, s)| format!("complexity {c}: {:.0}% straight", s * 100.0))
        .collect();
    let falls = shares.windows(2).all(|w| w[0].1 > w[1].1);
    let spread = shares.first().map_or(0.0, |f| f.1) - shares.last().map_or(0.0, |l| l.1);
    if falls && spread > 0.15 {
        Ok(Verdict::pass(format!(
            "corridors get twistier as complexity rises ({})",
            described.join(", ")
        )))
    } else {
        Ok(Verdict::fail(format!(
            "the share of cells a corridor passes straight through should fall clearly as complexity rises, but: {}. \
             Keep the heading when the chance is greater than the complexity",
            described.join(", ")
        )))
    }
}

// ---------------------------------------------------------------- §6 solving

fn before_create_input(_: &Inputs) -> anyhow::Result<Value> {
    Ok(json!({ "size": [5, 5] }))
}

fn solve_before_create(case: &Case) -> Judged {
    let got: Value = case.output()?;
    let want: Value = case.expected()?;
    if got == want {
        return Ok(Verdict::pass(format!(
            "solve before create is {}",
            outcome(&want)
        )));
    }
    Ok(Verdict::fail(format!(
        "solve before create gave {}, expected {}: check is_created first, before anything else",
        outcome(&got),
        outcome(&want)
    )))
}

/// A maze the grader sends: its size, start, end and walls.
#[derive(Debug, Clone, Deserialize)]
pub(super) struct GivenMaze {
    pub(super) size: Xy,
    pub(super) start: Xy,
    pub(super) end: Xy,
    pub(super) walls: Vec<Vec<u8>>,
    #[serde(default)]
    pub(super) name: String,
}

impl GivenMaze {
    pub(super) fn grid(&self) -> Result<Grid, Verdict> {
        Grid::from_rows(self.size.0, self.size.1, self.walls.clone()).map_err(Verdict::grader_error)
    }

    /// Walls the end cell in, both sides of every wall: no way leads to it.
    pub(super) fn wall_in_end(&mut self) {
        let (w, h) = self.size;
        let (ex, ey) = self.end;
        self.walls[ey as usize][ex as usize] = 15;
        for (dx, dy, back) in [(0, -1, SOUTH), (0, 1, NORTH), (1, 0, WEST), (-1, 0, EAST)] {
            let (nx, ny) = (ex + dx, ey + dy);
            if (0..w).contains(&nx) && (0..h).contains(&ny) {
                self.walls[ny as usize][nx as usize] |= back;
            }
        }
    }

    fn value(&self) -> Value {
        json!({ "name": self.name, "size": [self.size.0, self.size.1], "start": [self.start.0, self.start.1], "end": [self.end.0, self.end.1], "walls": self.walls })
    }
}

/// A maze from the kit's Maze JSON files in fixtures/mazes (made by the reference).
pub(super) fn fixture_maze(inputs: &Inputs, name: &str) -> anyhow::Result<GivenMaze> {
    #[derive(Deserialize)]
    struct At {
        x: i32,
        y: i32,
    }
    #[derive(Deserialize)]
    struct File {
        width: i32,
        height: i32,
        start: At,
        end: At,
        walls: Vec<Vec<u8>>,
    }
    let relative = format!("mazes/{name}.json");
    let file: File = serde_json::from_str(&inputs.fixture(&relative)?).map_err(|error| {
        anyhow::anyhow!("the kit's fixture {relative} is not Maze JSON: {error}")
    })?;
    let maze = GivenMaze {
        size: (file.width, file.height),
        start: (file.start.x, file.start.y),
        end: (file.end.x, file.end.y),
        walls: file.walls,
        name: name.to_owned(),
    };
    if let Some(problem) = maze.grid().ok().and_then(|g| g.imperfection()) {
        anyhow::bail!("the kit's fixture {relative} is not a perfect maze: {problem}");
    }
    Ok(maze)
}

pub(super) fn solve_input(mazes: Vec<GivenMaze>, timeout_ms: u64) -> Value {
    json!({ "mazes": mazes.iter().map(GivenMaze::value).collect::<Vec<_>>(), "timeout_ms": timeout_ms })
}

fn fixture_mazes(inputs: &Inputs, names: &[&str]) -> anyhow::Result<Vec<GivenMaze>> {
    names
        .iter()
        .map(|name| fixture_maze(inputs, name))
        .collect()
}

fn valid_path_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let names = [
        "maze-5x5-c0.5-s21",
        "maze-12x7-c0.0-s22",
        "maze-5x50-c1.0-s23",
        "maze-50x5-c0.5-s24",
        "maze-50x50-c0.5-s25",
    ];
    Ok(solve_input(fixture_mazes(inputs, &names)?, 4000))
}

fn unique_path_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let names = [
        "maze-9x9-c1.0-s31",
        "maze-33x14-c0.3-s32",
        "maze-14x33-c0.8-s33",
        "maze-50x50-c1.0-s34",
    ];
    Ok(solve_input(fixture_mazes(inputs, &names)?, 4000))
}

fn given_mazes(case: &Case) -> Result<Vec<GivenMaze>, Verdict> {
    case.input::<GivenMazes>().map(|g| g.mazes)
}

#[derive(Deserialize)]
struct GivenMazes {
    mazes: Vec<GivenMaze>,
}

/// Each given maze with what `solve` returned for it.
fn solutions(case: &Case) -> Result<Vec<(GivenMaze, Grid, Value)>, Verdict> {
    let mazes = given_mazes(case)?;
    let results: Vec<Value> = case.output_list(mazes.len())?;
    mazes
        .into_iter()
        .zip(results)
        .map(|(maze, result)| Ok((maze.clone(), maze.grid()?, result)))
        .collect()
}

/// The path a result holds, or why it holds none.
fn path_of(maze: &GivenMaze, grid: &Grid, result: &Value) -> Result<Vec<u8>, String> {
    let path: Vec<u8> = match result.get("ok") {
        Some(path) => serde_json::from_value(path.clone())
            .map_err(|_| format!("solving the {} maze returned an unreadable path", maze.name))?,
        None => {
            return Err(format!(
                "solving the {} maze failed: {}",
                maze.name,
                outcome(result)
            ));
        }
    };
    grid.walk(maze.start, maze.end, &path).map_err(|problem| {
        format!(
            "the solution of the {} maze is not a path from start to end: {problem}",
            maze.name
        )
    })?;
    Ok(path)
}

fn solve_path_valid(case: &Case) -> Judged {
    let solved = solutions(case)?;
    for (maze, grid, result) in &solved {
        if let Err(problem) = path_of(maze, grid, result) {
            return Ok(Verdict::fail(problem));
        }
    }
    Ok(Verdict::pass(format!(
        "{} mazes solved with valid paths",
        solved.len()
    )))
}

pub(super) fn solve_path_unique(case: &Case) -> Judged {
    let solved = solutions(case)?;
    let want: Vec<Value> = case.expected()?;
    for ((maze, grid, result), want) in solved.iter().zip(&want) {
        let path = match path_of(maze, grid, result) {
            Ok(path) => path,
            Err(problem) => return Ok(Verdict::fail(problem)),
        };
        let unique: Vec<u8> = want
            .get("ok")
            .and_then(|p| serde_json::from_value(p.clone()).ok())
            .ok_or_else(|| {
                Verdict::grader_error("the blessed path is unreadable: run `grader bless`")
            })?;
        if path != unique {
            return Ok(Verdict::fail(format!(
                "the solution of the {} maze has {} steps, but the one path from start to end has {}: it must not wander or step back",
                maze.name,
                path.len(),
                unique.len()
            )));
        }
    }
    Ok(Verdict::pass(format!(
        "{} mazes solved along their one path",
        solved.len()
    )))
}

fn loops_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let mut maze = fixture_maze(inputs, "maze-12x12-c0.5-s41")?;
    let (w, h) = maze.size;
    // Every wall between two cells comes down (both sides); the border stays.
    for y in 0..h {
        for x in 0..w {
            let mut walls = 15u8;
            if y > 0 {
                walls &= !1;
            }
            if y < h - 1 {
                walls &= !2;
            }
            if x < w - 1 {
                walls &= !4;
            }
            if x > 0 {
                walls &= !8;
            }
            maze.walls[y as usize][x as usize] = walls;
        }
    }
    maze.name = format!("{w}x{h} maze without inner walls");
    let mut cut_off = maze.clone();
    cut_off.wall_in_end();
    cut_off.name = format!("{w}x{h} maze without inner walls and with its end walled in");
    Ok(solve_input(vec![maze, cut_off], 3000))
}

/// Two mazes full of loops. On the first any task may reach the end before another
/// trips the length guard, so a valid path and `PathTooLong` both pass. On the second
/// the end is walled in: only the guard can end the search, and by handout §6 it trips
/// when the path already holds more moves than the maze has cells, so at cells + 1.
fn solve_maze_with_loops(case: &Case) -> Judged {
    let solved = solutions(case)?;
    let [(open, open_grid, open_result), (cut_off, _, cut_off_result)] = solved.as_slice() else {
        return Err(Verdict::grader_error(
            "its input does not hold the two mazes",
        ));
    };
    match open_result.get("err").and_then(Value::as_str) {
        None => {
            if let Err(problem) = path_of(open, open_grid, open_result) {
                return Ok(Verdict::fail(format!("on a maze full of loops: {problem}")));
            }
        }
        Some(error) if error.starts_with("PathTooLong") => {}
        Some(error) => return Ok(Verdict::fail(loops_failure(error))),
    }
    let cells = cut_off.size.0 as usize * cut_off.size.1 as usize;
    let Some(error) = cut_off_result.get("err").and_then(Value::as_str) else {
        return Ok(Verdict::fail(format!(
            "solving the {} returned a path, but its end cannot be reached",
            cut_off.name
        )));
    };
    if !error.starts_with("PathTooLong") {
        return Ok(Verdict::fail(loops_failure(error)));
    }
    let (Some(moves), Some(reported_cells)) = (field(error, "moves"), field(error, "cells")) else {
        return Ok(Verdict::fail(format!(
            "solving the {} gave Err({error}), which does not show its moves and cells",
            cut_off.name
        )));
    };
    if reported_cells != cells {
        return Ok(Verdict::fail(format!(
            "the {} has {cells} cells, but PathTooLong reported cells: {reported_cells}",
            cut_off.name
        )));
    }
    if moves != cells + 1 {
        return Ok(Verdict::fail(format!(
            "on the {} the length guard stopped a path of {moves} moves; it must stop a path once it already holds more moves than the maze has cells, so at {} moves",
            cut_off.name,
            cells + 1
        )));
    }
    Ok(Verdict::pass(format!(
        "on mazes full of loops solve ended, and with the end walled in the length guard stopped a path at {} moves",
        cells + 1
    )))
}

/// Why a solve on a maze full of loops that failed with `error` (not `PathTooLong`)
/// loses the check.
fn loops_failure(error: &str) -> String {
    if error.starts_with("Timeout") {
        "on a maze full of loops solve ran until its timeout: stop as soon as a path is longer than the maze has cells (the length guard)".to_owned()
    } else {
        format!("on a maze full of loops solve failed with Err({error})")
    }
}

/// The number after `name: ` in a derived `Debug` text such as
/// `PathTooLong { moves: 145, cells: 144 }`.
fn field(debug: &str, name: &str) -> Option<usize> {
    let start = debug.find(&format!("{name}: "))? + name.len() + 2;
    let digits: String = debug[start..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

fn unreachable_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let mut maze = fixture_maze(inputs, "maze-8x6-c0.5-s51")?;
    let (w, h) = maze.size;
    maze.wall_in_end();
    maze.name = format!("{w}x{h} maze with its end walled in");
    Ok(solve_input(vec![maze], 3000))
}

fn solve_unreachable_end(case: &Case) -> Judged {
    let solved = solutions(case)?;
    let want: Vec<Value> = case.expected()?;
    let (Some((maze, _, got)), Some(want)) = (solved.first(), want.first()) else {
        return Err(Verdict::grader_error("its input has no maze"));
    };
    if got == want {
        return Ok(Verdict::pass(format!(
            "a walled-in end gives {}",
            outcome(want)
        )));
    }
    Ok(Verdict::fail(match got.get("ok") {
        Some(_) => format!(
            "with the end {} walled in, solve returned a path; expected {}",
            show(maze.end),
            outcome(want)
        ),
        None => format!(
            "with the end {} walled in, solve gave {}; expected {} as soon as every task has stopped",
            show(maze.end),
            outcome(got),
            outcome(want)
        ),
    }))
}

/// How long the first, unhurried solve of `solve_timeout` may take, in milliseconds.
const BASELINE_MS: u64 = 10_000;
/// How many solves with a timeout of 0 follow it.
const ZERO_TIMEOUTS: usize = 20;

fn timeout_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let maze = fixture_maze(inputs, "maze-50x50-c0.5-s25")?;
    let mut timeouts = vec![BASELINE_MS];
    timeouts.extend([0; ZERO_TIMEOUTS]);
    Ok(json!({ "maze": maze.value(), "timeouts_ms": timeouts }))
}

/// A zero timeout: the watchdog fires at once, so most solves of a 50x50 maze end
/// with `Timeout`, the rest (when the search wins the race) with the path. A solver
/// without a watchdog never times out.
///
/// The first solve has a generous timeout: it tells whether the search itself works.
/// When it does not, how the broken search races the watchdog would decide the
/// verdict, and two gradings of the same code could differ; the check then fails
/// for that reason alone, which is the same every time.
fn solve_timeout(case: &Case) -> Judged {
    #[derive(Deserialize)]
    struct Input {
        maze: GivenMaze,
        timeouts_ms: Vec<u64>,
    }
    let input: Input = case.input()?;
    let grid = input.maze.grid()?;
    let results: Vec<Value> = case.output_list(input.timeouts_ms.len())?;
    let Some((baseline, results)) = results.split_first() else {
        return Err(Verdict::grader_error("its input has no solve"));
    };
    if let Err(problem) = path_of(&input.maze, &grid, baseline) {
        return Ok(Verdict::fail(format!(
            "the timeout cannot be judged until solve works without one; with a timeout of {} s, {problem}",
            BASELINE_MS / 1000
        )));
    }
    let mut timed_out = false;
    for result in results {
        match result.get("err").and_then(Value::as_str) {
            Some("Timeout(0ns)") => timed_out = true,
            Some(other) => {
                return Ok(Verdict::fail(format!(
                    "with a timeout of 0, solve gave Err({other}); expected Err(Timeout(0ns)) (the timeout it was given) or the path"
                )));
            }
            None => {
                if let Err(problem) = path_of(&input.maze, &grid, result) {
                    return Ok(Verdict::fail(format!("with a timeout of 0: {problem}")));
                }
            }
        }
    }
    if !timed_out {
        return Ok(Verdict::fail(format!(
            "with a timeout of 0, {} solves of a {}x{} maze all ran to the end: solve never returned Err(Timeout); start a watchdog that raises the done flag when the time is up",
            results.len(),
            input.maze.size.0,
            input.maze.size.1
        )));
    }
    Ok(Verdict::pass(
        "a timeout of 0 stops the search with Err(Timeout(0ns))",
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn loops_case_verdict(open: Value, cut_off: Value) -> Verdict {
        let input = loops_input(&Inputs {
            fixtures: &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures"),
            check: "solve_maze_with_loops",
            secret: None,
        })
        .expect("the input builds");
        let output = json!([open, cut_off]);
        let spec = CHECKS
            .iter()
            .find(|c| c.name == "solve_maze_with_loops")
            .expect("a Part 1 check");
        super::super::judge(
            spec,
            &Case {
                input: &input,
                output: &output,
                expected: None,
            },
        )
    }

    fn too_long(moves: usize) -> Value {
        json!({ "err": format!("PathTooLong {{ moves: {moves}, cells: 144 }}") })
    }

    #[test]
    fn the_length_guard_passes_when_it_stops_a_path_at_one_move_more_than_the_cells() {
        let verdict = loops_case_verdict(too_long(145), too_long(145));
        assert!(verdict.passed, "{}", verdict.message);
    }

    #[test]
    fn a_length_guard_that_stops_a_path_as_long_as_the_cells_fails_naming_the_right_length() {
        let verdict = loops_case_verdict(too_long(145), too_long(144));
        assert!(!verdict.passed);
        assert!(
            verdict
                .message
                .contains("the length guard stopped a path of 144 moves")
                && verdict.message.contains("so at 145 moves"),
            "{}",
            verdict.message
        );
    }

    #[test]
    fn a_path_through_a_walled_in_end_fails() {
        let verdict = loops_case_verdict(too_long(145), json!({ "ok": [1, 2] }));
        assert!(!verdict.passed);
        assert!(
            verdict.message.contains("its end cannot be reached"),
            "{}",
            verdict.message
        );
    }

    #[test]
    fn a_solver_that_runs_into_its_timeout_on_loops_is_told_about_the_length_guard() {
        let verdict = loops_case_verdict(too_long(145), json!({ "err": "Timeout(3s)" }));
        assert!(!verdict.passed);
        assert!(
            verdict.message.contains("(the length guard)"),
            "{}",
            verdict.message
        );
    }

    #[test]
    fn field_reads_a_number_from_derived_debug_text() {
        let debug = "PathTooLong { moves: 145, cells: 144 }";
        assert_eq!(field(debug, "moves"), Some(145));
        assert_eq!(field(debug, "cells"), Some(144));
        assert_eq!(field(debug, "rows"), None);
    }
}
