//! Part 4 (Prim mazes and the backtracking solver) checks: for each, the input the
//! grader builds and the judge of what the student's code made of it. Perfectness,
//! where the start and end lie and path validity are judged here; the exact mazes and
//! paths are the reference's, blessed. The solver also runs on a 50×50 snake in a
//! thread with a small stack: a recursive solver overflows it, which kills the probe,
//! and the grader reports that crash as this check's failure.

use std::collections::{BTreeMap, BTreeSet};

use rand::Rng as _;
use serde::Deserialize;
use serde_json::{Value, json};

use super::model::{EAST, Grid, MazeData, NORTH, ReportedMaze, SOUTH, WEST, show};
use super::part1::{GivenMaze, asked_maze, fixture_maze, transformed};
use super::{Case, CheckSpec, Inputs, Judged, Part, Verdict};

type Xy = (i32, i32);

const fn check(
    name: &'static str,
    producer: &'static str,
    input: fn(&Inputs) -> anyhow::Result<Value>,
    judge: fn(&Case) -> Judged,
    blessed: bool,
) -> CheckSpec {
    CheckSpec::new(Part::Part4, name, producer, input, judge, blessed)
}

/// The Part 4 checks, in report order.
pub const CHECKS: &[CheckSpec] = &[
    check(
        "prim_perfect_square",
        "prim_mazes",
        square_input,
        prim_perfect,
        false,
    ),
    check(
        "prim_perfect_non_square",
        "prim_mazes",
        non_square_input,
        prim_perfect,
        false,
    ),
    check(
        "prim_start_and_end",
        "prim_mazes",
        ends_input,
        prim_start_and_end,
        false,
    ),
    check(
        "prim_matches_reference",
        "prim_mazes",
        reference_input,
        prim_matches_reference,
        true,
    ),
    check(
        "backtrack_path_valid",
        "backtrack_solve",
        valid_input,
        backtrack_path_valid,
        false,
    ),
    check(
        "backtrack_matches_reference",
        "backtrack_solve",
        loops_input,
        backtrack_matches_reference,
        true,
    ),
    check(
        "backtrack_errors",
        "backtrack_errors",
        errors_input,
        backtrack_errors,
        true,
    ),
    check(
        "backtrack_no_stack_overflow",
        "backtrack_small_stack",
        snake_input,
        backtrack_no_stack_overflow,
        false,
    ),
];

// ---------------------------------------------------------------- §9.1 Prim

type Spec = (i32, i32, u64);

fn label((w, h, seed): Spec) -> String {
    format!("{w}x{h} Prim, seed {seed}")
}

fn specs(input: &Value) -> Result<Vec<Spec>, Verdict> {
    serde_json::from_value(input["mazes"].clone())
        .map_err(|error| Verdict::grader_error(format!("its input has no maze list ({error})")))
}

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

fn square_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let mazes = inputs.vary(
        vec![[5, 5, 1], [20, 20, 2], [30, 30, 3], [50, 50, 4]],
        |rng| {
            let side = rng.random_range(5..=50);
            [side, side, rng.random_range(0..1_000_000)]
        },
    );
    Ok(json!({ "mazes": mazes }))
}

fn non_square_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let fixed = vec![[5, 50, 5], [50, 5, 6], [9, 31, 7], [31, 9, 8], [6, 5, 9]];
    let mazes = inputs.vary(fixed, |rng| {
        let w = rng.random_range(5..=50);
        let h = if w > 27 {
            w - 22
        } else {
            w + 1 + rng.random_range(0..22)
        };
        [w, h, rng.random_range(0..1_000_000)]
    });
    Ok(json!({ "mazes": mazes }))
}

fn prim_perfect(case: &Case) -> Judged {
    let specs = specs(case.input)?;
    let mazes = reported_mazes(case, &specs)?;
    for maze in &mazes {
        if let Some(problem) = maze.grid.imperfection() {
            // The source's bug: the start is not marked, so it is added twice.
            let hint = if problem.contains("loop") || problem.contains("cannot be reached") {
                " (is the start marked as in the maze from the beginning?)"
            } else {
                ""
            };
            return Ok(Verdict {
                diff: Some(maze.render()),
                ..Verdict::fail(format!(
                    "the {} maze is not perfect: {problem}{hint}",
                    maze.name()
                ))
            });
        }
    }
    let sizes: Vec<String> = specs.iter().map(|s| format!("{}x{}", s.0, s.1)).collect();
    Ok(Verdict::pass(format!("perfect: {}", sizes.join(", "))))
}

fn ends_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let mut rng = inputs.rng();
    let mazes: Vec<Value> = (0..200u64)
        .map(|index| {
            let seed = if inputs.private() {
                rng.random_range(0..1_000_000u64)
            } else {
                index
            };
            if index.is_multiple_of(2) {
                json!([6, 5, seed])
            } else {
                json!([5, 7, seed])
            }
        })
        .collect();
    Ok(json!({ "mazes": mazes }))
}

fn prim_start_and_end(case: &Case) -> Judged {
    let specs = specs(case.input)?;
    let mazes = reported_mazes(case, &specs)?;
    for (maze, &(_, h, _)) in mazes.iter().zip(&specs) {
        let (start, end) = (maze.start, maze.end);
        if !maze.grid.inside(start) || start.1 != h - 1 {
            return Ok(Verdict::fail(format!(
                "the {} maze starts at {}, not in the bottom row (y = {}): the start is a cell of the bottom row, its x drawn with in_range(x_range())",
                maze.name(),
                show(start),
                h - 1
            )));
        }
        if !maze.grid.inside(end) || end.1 != 0 {
            return Ok(Verdict::fail(format!(
                "the {} maze ends at {}, not in the top row (y = 0): the end is a cell of the top row, its x drawn after the maze is finished",
                maze.name(),
                show(end)
            )));
        }
    }
    // Over many seeds, every column must come up for the start and for the end.
    for (which, pick) in [
        ("start", (|m: &MazeData| m.start.0) as fn(&MazeData) -> i32),
        ("end", |m: &MazeData| m.end.0),
    ] {
        for width in specs.iter().map(|s| s.0).collect::<BTreeSet<_>>() {
            let columns: BTreeSet<i32> = mazes
                .iter()
                .zip(&specs)
                .filter(|(_, s)| s.0 == width)
                .map(|(m, _)| pick(m))
                .collect();
            if let Some(missing) = (0..width).find(|x| !columns.contains(x)) {
                return Ok(Verdict::fail(format!(
                    "over {} mazes {width} cells wide from different seeds, no {which} was ever in column {missing}: draw its x with rng.in_range(cells.x_range())",
                    specs.iter().filter(|s| s.0 == width).count()
                )));
            }
        }
    }
    // The end's column is a draw of its own: over many seeds, a start column meets
    // more than one end column. An end that follows from the start (its column
    // copied, or mirrored: two readings of "opposite the entrance") never does.
    for width in specs.iter().map(|s| s.0).collect::<BTreeSet<_>>() {
        let same_width: Vec<&MazeData> = mazes
            .iter()
            .zip(&specs)
            .filter(|(_, s)| s.0 == width)
            .map(|(m, _)| m)
            .collect();
        let mut ends_of_start: BTreeMap<i32, BTreeSet<i32>> = BTreeMap::new();
        for maze in &same_width {
            ends_of_start
                .entry(maze.start.0)
                .or_default()
                .insert(maze.end.0);
        }
        if same_width.len() > 2 * ends_of_start.len()
            && ends_of_start.values().all(|ends| ends.len() == 1)
        {
            let how = if same_width.iter().all(|m| m.end.0 == m.start.0) {
                "always in the start's column"
            } else if same_width.iter().all(|m| m.end.0 == width - 1 - m.start.0) {
                "always in the start's mirror column (width − 1 − x)"
            } else {
                "always in the same column for the same start column"
            };
            return Ok(Verdict::fail(format!(
                "over {} mazes {width} cells wide from different seeds, the end is {how}: the end's x is a draw of its own, rng.in_range(cells.x_range()) after the maze is finished, not worked out from the start",
                same_width.len()
            )));
        }
    }
    Ok(Verdict::pass(format!(
        "{} mazes: the start in the bottom row, the end in the top row, every column used, the end's column drawn apart from the start's",
        mazes.len()
    )))
}

fn reference_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let fixed = vec![[12, 8, 2], [5, 5, 1], [9, 14, 7], [20, 6, 11]];
    let mazes = inputs.vary(fixed, |rng| {
        [
            rng.random_range(5..=20),
            rng.random_range(5..=20),
            rng.random_range(0..1_000_000),
        ]
    });
    Ok(json!({ "mazes": mazes }))
}

fn prim_matches_reference(case: &Case) -> Judged {
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
            let what = if maze.start != want.start {
                let rule = if maze.start.1 == want.start.1 {
                    "its x is the first draw, before any other"
                } else {
                    "the start is in the bottom row, its x the first draw"
                };
                format!(
                    "starts at {}, the reference's at {}: {rule}",
                    show(maze.start),
                    show(want.start)
                )
            } else if maze.grid != want.grid {
                "other walls than the reference's: each step picks a cell from the list of cells in the maze (in the order they joined), then, only if it has neighbours outside, one of them in west, north, east, south order; a cell picked in vain stays in the list (the list only grows), and nothing else draws from the rng".to_owned()
            } else {
                format!(
                    "ends at {}, the reference's at {}: the end's x is drawn after the maze is finished",
                    show(maze.end),
                    show(want.end)
                )
            };
            return Ok(Verdict::fail_with_diff(
                format!("the {} maze {what}", maze.name()),
                &want.render(),
                &maze.render(),
            )
            .with_picture(crate::checks::picture::mazes(&want, maze)));
        }
    }
    Ok(Verdict::pass("matches the reference exactly"))
}

// ---------------------------------------------------------------- §9.2 backtracking

fn value(maze: &GivenMaze) -> Value {
    json!({
        "name": maze.name,
        "size": [maze.size.0, maze.size.1],
        "start": [maze.start.0, maze.start.1],
        "end": [maze.end.0, maze.end.1],
        "walls": maze.walls,
    })
}

fn solve_input(mazes: &[GivenMaze]) -> Value {
    json!({ "mazes": mazes.iter().map(value).collect::<Vec<_>>() })
}

fn valid_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let mut rng = inputs.rng();
    let mazes = [
        "maze-5x5-c0.5-s21",
        "maze-12x7-c0.0-s22",
        "maze-5x50-c1.0-s23",
        "maze-14x33-c0.8-s33",
        "maze-50x50-c0.5-s25",
    ]
    .iter()
    .map(|name| asked_maze(inputs, &mut rng, name))
    .collect::<anyhow::Result<Vec<_>>>()?;
    Ok(solve_input(&mazes))
}

/// Every wall between two cells of `maze` comes down (both sides); the border stays.
fn open_room(size: Xy, start: Xy, end: Xy, name: &str) -> GivenMaze {
    let (w, h) = size;
    let walls = (0..h)
        .map(|y| {
            (0..w)
                .map(|x| {
                    let mut walls = 15u8;
                    if y > 0 {
                        walls &= !NORTH;
                    }
                    if y < h - 1 {
                        walls &= !SOUTH;
                    }
                    if x < w - 1 {
                        walls &= !EAST;
                    }
                    if x > 0 {
                        walls &= !WEST;
                    }
                    walls
                })
                .collect()
        })
        .collect();
    GivenMaze {
        size,
        start,
        end,
        walls,
        name: name.to_owned(),
    }
}

/// Takes down `count` walls between cells of `maze`, chosen by `rng`: loops.
fn with_loops(
    mut maze: GivenMaze,
    rng: &mut impl rand::Rng,
    count: usize,
    name: &str,
) -> GivenMaze {
    let (w, h) = maze.size;
    for _ in 0..count {
        let (x, y) = (rng.random_range(0..w), rng.random_range(0..h));
        let (x, y) = (x as usize, y as usize);
        if rng.random_bool(0.5) && x + 1 < w as usize {
            maze.walls[y][x] &= !EAST;
            maze.walls[y][x + 1] &= !WEST;
        } else if y + 1 < h as usize {
            maze.walls[y][x] &= !SOUTH;
            maze.walls[y + 1][x] &= !NORTH;
        }
    }
    maze.name = name.to_owned();
    maze
}

fn loops_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let mut rng = inputs.rng();
    let mazes = vec![
        open_room(
            (5, 5),
            (0, 0),
            (4, 4),
            "open 5x5 room from (0, 0) to (4, 4)",
        ),
        open_room(
            (7, 6),
            (3, 3),
            (0, 0),
            "open 7x6 room from (3, 3) to (0, 0)",
        ),
        open_room(
            (6, 9),
            (5, 8),
            (2, 4),
            "open 6x9 room from (5, 8) to (2, 4)",
        ),
        with_loops(
            fixture_maze(inputs, "maze-12x12-c0.5-s41")?,
            &mut rng,
            30,
            "12x12 maze with 30 extra openings",
        ),
        with_loops(
            fixture_maze(inputs, "maze-33x14-c0.3-s32")?,
            &mut rng,
            60,
            "33x14 maze with 60 extra openings",
        ),
        with_loops(
            fixture_maze(inputs, "maze-9x9-c1.0-s31")?,
            &mut rng,
            12,
            "9x9 maze with 12 extra openings",
        ),
    ];
    Ok(solve_input(&mazes))
}

fn given_mazes(case: &Case, key: &str) -> Result<Vec<GivenMaze>, Verdict> {
    serde_json::from_value(case.input[key].clone())
        .map_err(|error| Verdict::grader_error(format!("its input has no maze list ({error})")))
}

/// The cells of a solver's `{"ok": [[x, y], …]}`, or why there are none.
fn cells_of(maze: &GivenMaze, result: &Value) -> Result<Vec<Xy>, String> {
    match (result.get("ok"), result.get("err").and_then(Value::as_str)) {
        (Some(path), _) => serde_json::from_value(path.clone())
            .map_err(|_| format!("solving the {} maze returned an unreadable path", maze.name)),
        (None, Some(error)) => Err(format!(
            "solving the {} maze failed with Err({error})",
            maze.name
        )),
        (None, None) => Err(format!(
            "solving the {} maze gave an unreadable result",
            maze.name
        )),
    }
}

/// Why `cells` is not a path from the maze's start to its end through open walls.
fn path_problem(maze: &GivenMaze, grid: &Grid, cells: &[Xy]) -> Option<String> {
    let name = &maze.name;
    match (cells.first(), cells.last()) {
        (None, _) | (_, None) => {
            return Some(format!(
                "the path through the {name} maze is empty: it holds the cells from the start to the end, both included"
            ));
        }
        (Some(&first), _) if first != maze.start => {
            return Some(format!(
                "the path through the {name} maze begins at {}, not at the start {}",
                show(first),
                show(maze.start)
            ));
        }
        _ => {}
    }
    let mut steps = Vec::with_capacity(cells.len());
    for (i, pair) in cells.windows(2).enumerate() {
        let ((x0, y0), (x1, y1)) = (pair[0], pair[1]);
        let step = match (x1 - x0, y1 - y0) {
            (0, -1) => NORTH,
            (0, 1) => SOUTH,
            (1, 0) => EAST,
            (-1, 0) => WEST,
            _ => {
                return Some(format!(
                    "the path through the {name} maze jumps from {} to {} (cells {} and {}): each cell must be next to the one before",
                    show(pair[0]),
                    show(pair[1]),
                    i + 1,
                    i + 2
                ));
            }
        };
        steps.push(step);
    }
    if let Err(problem) = grid.walk(maze.start, maze.end, &steps) {
        return Some(format!("the path through the {name} maze: {problem}"));
    }
    let distinct: BTreeSet<Xy> = cells.iter().copied().collect();
    if distinct.len() != cells.len() {
        return Some(format!(
            "the path through the {name} maze visits a cell twice: a searched cell is never entered again"
        ));
    }
    None
}

/// Each given maze with its grid and the solver's result for it.
fn solutions(case: &Case) -> Result<Vec<(GivenMaze, Grid, Value)>, Verdict> {
    let mazes = given_mazes(case, "mazes")?;
    let results: Vec<Value> = case.output_list(mazes.len())?;
    mazes
        .into_iter()
        .zip(results)
        .map(|(maze, result)| Ok((maze.clone(), maze.grid()?, result)))
        .collect()
}

fn backtrack_path_valid(case: &Case) -> Judged {
    let solved = solutions(case)?;
    for (maze, grid, result) in &solved {
        let problem = match cells_of(maze, result) {
            Ok(cells) => path_problem(maze, grid, &cells),
            Err(problem) => Some(problem),
        };
        if let Some(problem) = problem {
            return Ok(Verdict::fail(problem));
        }
    }
    Ok(Verdict::pass(format!(
        "{} perfect mazes solved with valid paths from start to end",
        solved.len()
    )))
}

/// The reference's path beside the student's on the same maze, where they part circled.
fn paths_picture(grid: &Grid, maze: &GivenMaze, want: &[Xy], cells: &[Xy]) -> String {
    use crate::checks::picture::{Drawing, first_wrong, side_by_side};
    let side = |path: &[Xy], mark| Drawing {
        grid: Some(grid),
        start: Some(maze.start),
        end: Some(maze.end),
        path: path.to_vec(),
        mark,
        ..Drawing::default()
    };
    side_by_side(&side(want, None), &side(cells, first_wrong(want, cells)))
}

fn backtrack_matches_reference(case: &Case) -> Judged {
    let solved = solutions(case)?;
    let want: Vec<Value> = case.expected()?;
    if want.len() != solved.len() {
        return Err(Verdict::grader_error(
            "the blessed paths do not match the input: run `grader bless`",
        ));
    }
    for ((maze, grid, result), want) in solved.iter().zip(&want) {
        let cells = match cells_of(maze, result) {
            Ok(cells) => cells,
            Err(problem) => return Ok(Verdict::fail(problem)),
        };
        if let Some(problem) = path_problem(maze, grid, &cells) {
            return Ok(Verdict::fail(problem));
        }
        let want = cells_of(maze, want).map_err(Verdict::grader_error)?;
        if cells != want {
            let at = cells
                .iter()
                .zip(&want)
                .position(|(got, want)| got != want)
                .unwrap_or(cells.len().min(want.len()));
            let from = at
                .checked_sub(1)
                .and_then(|i| cells.get(i))
                .map_or_else(|| "the start".to_owned(), |&p| show(p));
            let went = |path: &[Xy]| {
                path.get(at)
                    .map_or_else(|| "stopped".to_owned(), |&p| format!("went to {}", show(p)))
            };
            return Ok(Verdict::fail(format!(
                "the {} maze has loops, so the order of trying decides the path: from {from} yours {}, the reference's {} ({} cells against {}). Try east, south, west, north, in that order, and never enter a searched cell",
                maze.name,
                went(&cells),
                went(&want),
                cells.len(),
                want.len()
            ))
            .with_picture(paths_picture(grid, maze, &want, &cells)));
        }
    }
    Ok(Verdict::pass(format!(
        "{} mazes with loops: the same path as the reference's",
        solved.len()
    )))
}

fn errors_input(inputs: &Inputs) -> anyhow::Result<Value> {
    // The end walled in: every way from the start ends in a dead end.
    let mut rng = inputs.rng();
    let mut walled = asked_maze(inputs, &mut rng, "maze-8x6-c0.5-s51")?;
    walled.wall_in_end();
    walled.name = format!(
        "{}x{} maze whose end is walled in",
        walled.size.0, walled.size.1
    );
    // A room with loops cut in two by a wall: the search runs around before it fails.
    let (size, cut) = if inputs.private() {
        let size = (rng.random_range(5..=20), rng.random_range(5..=20));
        (size, rng.random_range(1..size.0 - 1) as usize)
    } else {
        ((7, 5), 3)
    };
    let mut halves = open_room(
        size,
        (0, 0),
        (size.0 - 1, size.1 - 1),
        &format!(
            "open {}x{} room with a wall down its middle",
            size.0, size.1
        ),
    );
    for row in halves.walls.iter_mut() {
        row[cut] |= EAST;
        row[cut + 1] |= WEST;
    }
    let not_created = if inputs.private() {
        [rng.random_range(5..=50), rng.random_range(5..=50)]
    } else {
        [6, 5]
    };
    Ok(json!({ "not_created": not_created, "no_path": [value(&walled), value(&halves)] }))
}

/// `NotCreated` before create, `NoPath(end)` when the end cannot be reached: the
/// errors are compared whole (their derived `Debug`: the variant and its fields), as
/// the handout (§9.2) gives both; no words of the student's are in them.
fn backtrack_errors(case: &Case) -> Judged {
    let mazes = given_mazes(case, "no_path")?;
    #[derive(Deserialize)]
    struct Output {
        not_created: Value,
        no_path: Vec<Value>,
    }
    let got: Output = case.output()?;
    let want: Output = case.expected()?;
    if got.no_path.len() != mazes.len() {
        return Ok(Verdict::fail(format!(
            "the probe reported {} of {} mazes: the report does not match the grader's input",
            got.no_path.len(),
            mazes.len()
        )));
    }
    let words = |result: &Value| match (result.get("ok"), result.get("err")) {
        (Some(ok), _) => format!("Ok({} cells)", ok.as_array().map_or(0, Vec::len)),
        (_, Some(Value::String(err))) => format!("Err({err})"),
        _ => result.to_string(),
    };
    let mut problems = Vec::new();
    if got.not_created != want.not_created {
        problems.push(format!(
            "solve_backtracking on a 6x5 maze that was never created gave {}, expected {}: check is_created before anything else",
            words(&got.not_created),
            words(&want.not_created)
        ));
    }
    // Errors are compared by variant and fields (their derived Debug): the handout
    // gives both, NoPath naming the maze's end.
    let variant = |result: &Value| {
        result
            .get("err")
            .and_then(Value::as_str)
            .map(|err| err.split(['(', ' ']).next().unwrap_or(err).to_owned())
    };
    for ((maze, got), want) in mazes.iter().zip(&got.no_path).zip(&want.no_path) {
        if got != want {
            let rule = if variant(got).is_some() && variant(got) == variant(want) {
                format!(
                    "NoPath names the maze's end, {}, the cell that could not be reached",
                    show(maze.end)
                )
            } else {
                "when the stack runs empty, no way is left".to_owned()
            };
            problems.push(format!(
                "solve_backtracking on the {} gave {}, expected {}: {rule}",
                maze.name,
                words(got),
                words(want)
            ));
        }
    }
    Ok(Verdict::from_problems(
        problems,
        "NotCreated before create, NoPath when the end cannot be reached",
    ))
}

/// The handout promises a thread of this many KiB (§9.2): far too small for 2,500
/// recursive calls, plenty for a loop over a `Vec`.
const STACK_KIB: usize = 64;

fn snake_input(inputs: &Inputs) -> anyhow::Result<Value> {
    // A snake through every cell of 50x50: the row goes east, drops at the east or
    // west end, and the next row comes back. Its one path holds all 2,500 cells.
    let (w, h) = (50i32, 50i32);
    let mut walls = vec![vec![15u8; w as usize]; h as usize];
    for row in &mut walls {
        for (x, cell) in row.iter_mut().enumerate() {
            if x > 0 {
                *cell &= !WEST;
            }
            if x + 1 < w as usize {
                *cell &= !EAST;
            }
        }
    }
    for y in 1..h as usize {
        let x = if y.is_multiple_of(2) {
            0
        } else {
            w as usize - 1
        };
        walls[y - 1][x] &= !SOUTH;
        walls[y][x] &= !NORTH;
    }
    let mut maze = GivenMaze {
        size: (w, h),
        start: (0, 0),
        end: (0, h - 1),
        walls,
        name: "50x50 snake through every cell".to_owned(),
    };
    if inputs.private() {
        // Mirrored or turned: its path still holds every cell, from end to end.
        let mut rng = inputs.rng();
        for _ in 0..rng.random_range(1..=3) {
            maze = transformed(&maze, rng.random_range(0..3));
        }
        if rng.random_bool(0.5) {
            std::mem::swap(&mut maze.start, &mut maze.end);
        }
    }
    Ok(json!({ "maze": value(&maze), "stack_kib": STACK_KIB }))
}

fn backtrack_no_stack_overflow(case: &Case) -> Judged {
    let maze: GivenMaze = serde_json::from_value(case.input["maze"].clone())
        .map_err(|error| Verdict::grader_error(format!("its input has no maze ({error})")))?;
    let grid = maze.grid()?;
    let result: Value = case.output()?;
    let cells = cells_of(&maze, &result).map_err(Verdict::fail)?;
    if let Some(problem) = path_problem(&maze, &grid, &cells) {
        return Ok(Verdict::fail(problem));
    }
    Ok(Verdict::pass(format!(
        "the {} solved in a thread with a {STACK_KIB} KiB stack: a path of {} cells",
        maze.name,
        cells.len()
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input_of(name: &str) -> Value {
        let spec = CHECKS
            .iter()
            .find(|c| c.name == name)
            .expect("a Part 4 check");
        (spec.input)(&Inputs {
            fixtures: &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures"),
            check: name,
            secret: None,
        })
        .expect("the input builds")
    }

    fn judged(name: &str, input: &Value, output: &Value, expected: Option<&Value>) -> Verdict {
        let spec = CHECKS
            .iter()
            .find(|c| c.name == name)
            .expect("a Part 4 check");
        super::super::judge(
            spec,
            &Case {
                input,
                output,
                expected,
            },
        )
    }

    /// The output of `prim_start_and_end`'s input with starts and ends placed by
    /// `ends(width, seed)` (start column, end column); every wall stays up.
    fn placed(ends: impl Fn(i32, u64) -> (i32, i32)) -> (Value, Value) {
        let input = input_of("prim_start_and_end");
        let specs: Vec<Spec> = serde_json::from_value(input["mazes"].clone()).unwrap();
        let output = specs
            .iter()
            .map(|&(w, h, seed)| {
                let (start, end) = ends(w, seed);
                json!({ "start": [start, h - 1], "end": [end, 0], "walls": vec![vec![15u8; w as usize]; h as usize] })
            })
            .collect::<Vec<_>>();
        (input, json!(output))
    }

    #[test]
    fn a_no_path_naming_another_cell_than_the_end_is_told_so() {
        let input = input_of("backtrack_errors");
        let no_path =
            |x: i32, y: i32| json!({ "err": format!("NoPath(Position {{ x: {x}, y: {y} }})") });
        let end = &input["no_path"][1]["end"];
        let (x, y) = (
            end[0].as_i64().unwrap() as i32,
            end[1].as_i64().unwrap() as i32,
        );
        let want = json!({ "not_created": { "err": "NotCreated" }, "no_path": [no_path(0, 0), no_path(x, y)] });
        assert!(judged("backtrack_errors", &input, &want, Some(&want)).passed);
        let mut got = want.clone();
        got["no_path"][1] = no_path(0, 0);
        let verdict = judged("backtrack_errors", &input, &got, Some(&want));
        assert!(
            verdict.message.ends_with(&format!(
                "NoPath names the maze's end, ({x}, {y}), the cell that could not be reached"
            )),
            "{}",
            verdict.message
        );
        got["no_path"][1] = json!({ "err": "NotCreated" });
        let verdict = judged("backtrack_errors", &input, &got, Some(&want));
        assert!(
            verdict
                .message
                .ends_with("when the stack runs empty, no way is left"),
            "{}",
            verdict.message
        );
    }

    #[test]
    fn an_end_worked_out_from_the_start_is_caught() {
        // Two readings of "opposite the entrance": the start's column, and its mirror.
        type Ends = fn(i32, u64) -> (i32, i32);
        let cases: [(&str, Ends); 2] = [
            ("always in the start's column", |w, seed| {
                let x = (seed / 2 % w as u64) as i32;
                (x, x)
            }),
            ("always in the start's mirror column", |w, seed| {
                let x = (seed / 2 % w as u64) as i32;
                (x, w - 1 - x)
            }),
        ];
        for (words, ends) in cases {
            let (input, output) = placed(ends);
            let verdict = judged("prim_start_and_end", &input, &output, None);
            assert!(
                !verdict.passed && verdict.message.contains(words),
                "{}",
                verdict.message
            );
            assert!(
                verdict.message.contains("a draw of its own"),
                "{}",
                verdict.message
            );
        }
        // Columns drawn apart: the start's column meets several end columns.
        let (input, output) = placed(|w, seed| {
            let x = (seed / 2 % w as u64) as i32;
            (x, (seed / 2 / w as u64 % w as u64) as i32)
        });
        let verdict = judged("prim_start_and_end", &input, &output, None);
        assert!(verdict.passed, "{}", verdict.message);
    }

    #[test]
    fn hostile_outputs_fail_every_judge_without_a_panic() {
        let hostile = [
            json!(null),
            json!([]),
            json!({ "ok": [] }),
            json!({ "ok": [[0, 0], [5, 5]] }),
            json!([{ "ok": [[-1, 99999]] }]),
            json!("passed"),
            json!({ "not_created": 1, "no_path": [] }),
        ];
        for spec in CHECKS {
            let input = input_of(spec.name);
            for output in &hostile {
                let verdict = judged(spec.name, &input, output, Some(&json!([])));
                assert!(!verdict.passed, "{}: {output}", spec.name);
                assert!(
                    !verdict.message.contains("judge failed"),
                    "{}: {}",
                    spec.name,
                    verdict.message
                );
            }
        }
    }

    fn snake() -> (Value, Vec<Xy>) {
        let input = input_of("backtrack_no_stack_overflow");
        let cells: Vec<Xy> = (0..50)
            .flat_map(|y| {
                let row: Vec<Xy> = (0..50).map(|x| (x, y)).collect();
                if y % 2 == 1 {
                    row.into_iter().rev().collect::<Vec<_>>()
                } else {
                    row
                }
            })
            .collect();
        (input, cells)
    }

    #[test]
    fn the_snake_is_walked_through_every_cell() {
        let (input, cells) = snake();
        assert_eq!(cells.len(), 2500);
        let verdict = judged(
            "backtrack_no_stack_overflow",
            &input,
            &json!({ "ok": cells }),
            None,
        );
        assert!(verdict.passed, "{}", verdict.message);
    }

    #[test]
    fn a_path_that_jumps_or_stops_short_is_named() {
        let (input, mut cells) = snake();
        cells.remove(10);
        let verdict = judged(
            "backtrack_no_stack_overflow",
            &input,
            &json!({ "ok": cells }),
            None,
        );
        assert!(
            verdict.message.contains("jumps from (9, 0) to (11, 0)"),
            "{}",
            verdict.message
        );
        let (input, cells) = snake();
        let verdict = judged(
            "backtrack_no_stack_overflow",
            &input,
            &json!({ "ok": cells[..100] }),
            None,
        );
        assert!(
            verdict
                .message
                .contains("the path ends at (0, 1), not at the end (0, 49)"),
            "{}",
            verdict.message
        );
    }

    #[test]
    fn a_start_outside_the_bottom_row_is_named() {
        let input = json!({ "mazes": [[5, 5, 1]] });
        let walls = vec![vec![15u8; 5]; 5];
        let output = json!([{ "start": [2, 0], "end": [1, 0], "walls": walls }]);
        let verdict = prim_start_and_end(&Case {
            input: &input,
            output: &output,
            expected: None,
        })
        .unwrap_or_else(|v| v);
        assert!(
            verdict.message.starts_with(
                "the 5x5 Prim, seed 1 maze starts at (2, 0), not in the bottom row (y = 4)"
            ),
            "{}",
            verdict.message
        );
    }

    #[test]
    fn a_loop_in_a_prim_maze_points_at_the_unmarked_start() {
        let input = json!({ "mazes": [[5, 5, 1]] });
        let room = open_room((5, 5), (0, 4), (0, 0), "room");
        let output = json!([{ "start": [0, 4], "end": [0, 0], "walls": room.walls }]);
        let verdict = judged("prim_perfect_square", &input, &output, None);
        assert!(
            verdict
                .message
                .starts_with("the 5x5 Prim, seed 1 maze is not perfect:")
                && verdict.message.ends_with(
                    "there is a loop (is the start marked as in the maze from the beginning?)"
                ),
            "{}",
            verdict.message
        );
        let mut one_sided = room.walls.clone();
        one_sided[0][0] |= EAST;
        let output = json!([{ "start": [0, 4], "end": [0, 0], "walls": one_sided }]);
        let verdict = judged("prim_perfect_square", &input, &output, None);
        assert!(
            verdict.message.contains("one-sided") && !verdict.message.contains("marked"),
            "{}",
            verdict.message
        );
    }

    #[test]
    fn a_different_path_through_loops_says_where_it_turns() {
        let input = input_of("backtrack_matches_reference");
        let count = input["mazes"].as_array().unwrap().len();
        let east_first: Vec<Xy> = (0..5)
            .map(|x| (x, 0))
            .chain((1..5).map(|y| (4, y)))
            .collect();
        let south_first: Vec<Xy> = (0..5)
            .map(|y| (0, y))
            .chain((1..5).map(|x| (x, 4)))
            .collect();
        let mut want = vec![json!({ "ok": east_first }); count];
        let got_first = json!({ "ok": south_first });
        let mut got = want.clone();
        got[0] = got_first;
        want.truncate(count);
        let verdict = judged(
            "backtrack_matches_reference",
            &input,
            &json!(got),
            Some(&json!(want)),
        );
        assert!(
            verdict.message.starts_with("the open 5x5 room from (0, 0) to (4, 4) maze has loops, so the order of trying decides the path: from (0, 0) yours went to (0, 1), the reference's went to (1, 0)"),
            "{}",
            verdict.message
        );
    }
}
