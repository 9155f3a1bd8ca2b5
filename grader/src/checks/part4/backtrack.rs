//! §9.2: the backtracking solver — valid paths, the reference's path through loops,
//! NotCreated and NoPath, and no stack overflow on a snake through every cell.

use super::*;

pub(super) fn value(maze: &GivenMaze) -> Value {
    json!({
        "name": maze.name,
        "size": [maze.size.0, maze.size.1],
        "start": [maze.start.0, maze.start.1],
        "end": [maze.end.0, maze.end.1],
        "walls": maze.walls,
    })
}

pub(super) fn solve_input(mazes: &[GivenMaze]) -> Value {
    json!({ "mazes": mazes.iter().map(value).collect::<Vec<_>>() })
}

pub(super) fn valid_input(inputs: &Inputs) -> anyhow::Result<Value> {
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
pub(super) fn open_room(size: Xy, start: Xy, end: Xy, name: &str) -> GivenMaze {
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
pub(super) fn with_loops(
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

pub(super) fn loops_input(inputs: &Inputs) -> anyhow::Result<Value> {
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

pub(super) fn given_mazes(case: &Case, key: &str) -> Result<Vec<GivenMaze>, Verdict> {
    serde_json::from_value(case.input[key].clone())
        .map_err(|error| Verdict::grader_error(format!("its input has no maze list ({error})")))
}

/// The cells of a solver's `{"ok": [[x, y], …]}`, or why there are none.
pub(super) fn cells_of(maze: &GivenMaze, result: &Value) -> Result<Vec<Xy>, String> {
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
pub(super) fn path_problem(maze: &GivenMaze, grid: &Grid, cells: &[Xy]) -> Option<String> {
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
        // The first cell met again, and where: on a perfect maze the cells between
        // its two visits went into a dead end and came back the same way.
        let mut seen = BTreeMap::new();
        let again = cells
            .iter()
            .enumerate()
            .find_map(|(i, &cell)| seen.insert(cell, i).map(|first| (cell, first, i)));
        let (cell, first, second) = again.unwrap_or((maze.start, 0, 0));
        let between = match second.saturating_sub(first + 1) {
            1 => "the cell between leads".to_owned(),
            n => format!("the {n} cells between lead"),
        };
        return Some(format!(
            "the path through the {name} maze holds {} twice, as cells {} and {}: {between} away from it and back. The path is the cells of the frames still on the stack when the end is reached: backing out of a dead end pops its frame, and its cell leaves the path",
            show(cell),
            first + 1,
            second + 1,
        ));
    }
    None
}

/// Each given maze with its grid and the solver's result for it.
pub(super) fn solutions(case: &Case) -> Result<Vec<(GivenMaze, Grid, Value)>, Verdict> {
    let mazes = given_mazes(case, "mazes")?;
    let results: Vec<Value> = case.output_list(mazes.len())?;
    mazes
        .into_iter()
        .zip(results)
        .map(|(maze, result)| Ok((maze.clone(), maze.grid()?, result)))
        .collect()
}

pub(super) fn backtrack_path_valid(case: &Case) -> Judged {
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

pub(super) fn backtrack_matches_reference(case: &Case) -> Judged {
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
            .with_picture(crate::checks::picture::paths(
                grid,
                (maze.start, maze.end),
                &want,
                &cells,
            )));
        }
    }
    Ok(Verdict::pass(format!(
        "{} mazes with loops: the same path as the reference's",
        solved.len()
    )))
}

pub(super) fn errors_input(inputs: &Inputs) -> anyhow::Result<Value> {
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

/// An open room whose end is walled in, so that no way reaches it. A search that
/// leaves each cell searched once marked looks at each cell once and fails at once.
/// One that unmarks a cell when its frame is popped, or counts as searched only the
/// cells of the frames on its stack, tries every way through the room instead: more
/// than 500 million from corner to corner of a 7x7 room, more than any time limit.
pub(super) fn searched_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let mut rng = inputs.rng();
    let (size, start, end) = if inputs.private() {
        let size: Xy = (rng.random_range(7..=10), rng.random_range(7..=10));
        let mut cell = || (rng.random_range(0..size.0), rng.random_range(0..size.1));
        let start = cell();
        let mut end = cell();
        while end == start {
            end = cell();
        }
        (size, start, end)
    } else {
        ((7, 7), (0, 0), (6, 6))
    };
    let mut room = open_room(
        size,
        start,
        end,
        &format!("open {}x{} room whose end is walled in", size.0, size.1),
    );
    room.wall_in_end();
    Ok(json!({ "not_created": [size.0, size.1], "no_path": [value(&room)] }))
}

/// `NotCreated` before create, `NoPath(end)` when the end cannot be reached: the
/// errors are compared whole (their derived `Debug`: the variant and its fields), as
/// the handout (§9.2) gives both; no words of the student's are in them.
pub(super) fn backtrack_errors(case: &Case) -> Judged {
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
        (Some(ok), _) => match ok.as_array().map_or(0, Vec::len) {
            1 => "Ok(1 cell)".to_owned(),
            cells => format!("Ok({cells} cells)"),
        },
        (_, Some(Value::String(err))) => format!("Err({err})"),
        _ => result.to_string(),
    };
    let mut problems = Vec::new();
    if got.not_created != want.not_created {
        let (w, h): Xy = serde_json::from_value(case.input["not_created"].clone())
            .map_err(|error| Verdict::grader_error(format!("its input has no size ({error})")))?;
        problems.push(format!(
            "solve_backtracking on a {w}x{h} maze that was never created gave {}, expected {}: check is_created before anything else",
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

pub(super) fn snake_input(inputs: &Inputs) -> anyhow::Result<Value> {
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

pub(super) fn backtrack_no_stack_overflow(case: &Case) -> Judged {
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
    use super::super::tests::{input_of, judged};
    use super::*;

    #[test]
    fn a_path_of_one_cell_is_counted_in_the_singular() {
        let input = input_of("backtrack_errors");
        let want = json!({ "not_created": { "err": "NotCreated" }, "no_path": [] });
        let got = json!({ "not_created": { "ok": [[0, 0]] }, "no_path": [] });
        let input = json!({ "not_created": input["not_created"], "no_path": [] });
        let verdict = judged("backtrack_errors", &input, &got, Some(&want));
        assert!(
            verdict
                .message
                .contains("never created gave Ok(1 cell), expected Err(NotCreated)"),
            "{}",
            verdict.message
        );
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
