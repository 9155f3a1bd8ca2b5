//! §6: the checks of `Maze::solve`: paths on fixture mazes, the unique path of a
//! perfect maze, `NotCreated`, and the length guard on mazes with loops.

use rand::Rng as _;

use super::*;
use crate::checks::picture::cells_of;

pub(super) fn before_create_input(inputs: &Inputs) -> anyhow::Result<Value> {
    if !inputs.private() {
        return Ok(json!({ "size": [5, 5] }));
    }
    let mut rng = inputs.rng();
    Ok(json!({ "size": [rng.random_range(5..=50), rng.random_range(5..=50)] }))
}

pub(super) fn solve_before_create(case: &Case) -> Judged {
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
pub(in crate::checks) struct GivenMaze {
    pub(in crate::checks) size: Xy,
    pub(in crate::checks) start: Xy,
    pub(in crate::checks) end: Xy,
    pub(in crate::checks) walls: Vec<Vec<u8>>,
    #[serde(default)]
    pub(in crate::checks) name: String,
}

impl GivenMaze {
    pub(in crate::checks) fn grid(&self) -> Result<Grid, Verdict> {
        Grid::from_rows(self.size.0, self.size.1, self.walls.clone()).map_err(Verdict::grader_error)
    }

    /// Walls the end cell in, both sides of every wall: no way leads to it.
    pub(in crate::checks) fn wall_in_end(&mut self) {
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

    pub(in crate::checks) fn value(&self) -> Value {
        json!({ "name": self.name, "size": [self.size.0, self.size.1], "start": [self.start.0, self.start.1], "end": [self.end.0, self.end.1], "walls": self.walls })
    }
}

/// A maze from the kit's Maze JSON files in fixtures/mazes (made by the reference).
pub(in crate::checks) fn fixture_maze(inputs: &Inputs, name: &str) -> anyhow::Result<GivenMaze> {
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

pub(in crate::checks) fn solve_input(mazes: Vec<GivenMaze>, timeout_ms: u64) -> Value {
    json!({ "mazes": mazes.iter().map(GivenMaze::value).collect::<Vec<_>>(), "timeout_ms": timeout_ms })
}

fn fixture_mazes(inputs: &Inputs, names: &[&str]) -> anyhow::Result<Vec<GivenMaze>> {
    let mut rng = inputs.rng();
    names
        .iter()
        .map(|name| asked_maze(inputs, &mut rng, name))
        .collect()
}

/// The kit's maze `name` for a question the template may know; for a private one,
/// the same maze mirrored or turned (still perfect, new to the student) with a new
/// start and end.
pub(in crate::checks) fn asked_maze(
    inputs: &Inputs,
    rng: &mut impl rand::Rng,
    name: &str,
) -> anyhow::Result<GivenMaze> {
    let maze = fixture_maze(inputs, name)?;
    if !inputs.private() {
        return Ok(maze);
    }
    let mut maze = disguised(maze, rng);
    maze.name = format!("a private {}x{} maze", maze.size.0, maze.size.1);
    Ok(maze)
}

/// A maze turned a quarter, or mirrored: still perfect, and new to the student.
/// `maze` mirrored or turned one to three times, with a new start and end (distinct).
pub(in crate::checks) fn disguised(mut maze: GivenMaze, rng: &mut impl rand::Rng) -> GivenMaze {
    for _ in 0..rng.random_range(1..=3) {
        maze = transformed(&maze, rng.random_range(0..3));
    }
    let cells = maze.size.0 * maze.size.1;
    let start = rng.random_range(0..cells);
    let end = (start + rng.random_range(1..cells)) % cells;
    maze.start = (start % maze.size.0, start / maze.size.0);
    maze.end = (end % maze.size.0, end / maze.size.0);
    maze
}

pub(in crate::checks) fn transformed(maze: &GivenMaze, how: u8) -> GivenMaze {
    let (w, h) = maze.size;
    // Wall bits N=1, S=2, E=4, W=8 under each transform.
    let map_bits = |b: u8, table: [u8; 4]| {
        (0..4)
            .filter(|i| b & (1 << i) != 0)
            .fold(0, |acc, i| acc | table[i])
    };
    type Place = Box<dyn Fn(Xy) -> Xy>;
    let (size, place, table): (Xy, Place, [u8; 4]) = match how % 3 {
        // Mirror left-right: east and west swap.
        0 => ((w, h), Box::new(move |(x, y)| (w - 1 - x, y)), [1, 2, 8, 4]),
        // Mirror top-bottom: north and south swap.
        1 => ((w, h), Box::new(move |(x, y)| (x, h - 1 - y)), [2, 1, 4, 8]),
        // Transpose: x and y swap, so north↔west and south↔east.
        _ => ((h, w), Box::new(|(x, y)| (y, x)), [8, 4, 2, 1]),
    };
    let mut walls = vec![vec![15u8; size.0 as usize]; size.1 as usize];
    for y in 0..h {
        for x in 0..w {
            let (nx, ny) = place((x, y));
            walls[ny as usize][nx as usize] = map_bits(maze.walls[y as usize][x as usize], table);
        }
    }
    GivenMaze {
        size,
        start: place(maze.start),
        end: place(maze.end),
        walls,
        name: format!("{} (transformed)", maze.name),
    }
}

pub(super) fn valid_path_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let names = [
        "maze-5x5-c0.5-s21",
        "maze-12x7-c0.0-s22",
        "maze-5x50-c1.0-s23",
        "maze-50x5-c0.5-s24",
        "maze-50x50-c0.5-s25",
    ];
    let mut input = solve_input(fixture_mazes(inputs, &names)?, 4000);
    // The probe also reports the solution each maze keeps (§6: a successful path is
    // kept in `self.solution`, which the drawings show).
    input["kept"] = json!(true);
    Ok(input)
}

pub(super) fn unique_path_input(inputs: &Inputs) -> anyhow::Result<Value> {
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
    pub(super) mazes: Vec<GivenMaze>,
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
/// Why a solve's result is not a path from start to end, and the hint its words point
/// at when they tell a cause (a search that walked past the end, moves that were
/// lost): quoted in a check's own words, or made its failure whole.
pub(super) struct PathProblem {
    words: String,
    hint: Option<&'static str>,
}

impl PathProblem {
    fn new(words: String) -> PathProblem {
        PathProblem { words, hint: None }
    }

    /// The failure this problem is, with its hint if it has one.
    fn verdict(self) -> Verdict {
        Verdict::fail(self.words).with_hint(self.hint)
    }

    /// A failure saying `words` (which quote this problem), with its hint if it has one.
    pub(super) fn fail(&self, words: String) -> Verdict {
        Verdict::fail(words).with_hint(self.hint)
    }
}

impl std::fmt::Display for PathProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.words)
    }
}

pub(super) fn path_of(
    maze: &GivenMaze,
    grid: &Grid,
    result: &Value,
) -> Result<Vec<u8>, PathProblem> {
    let path: Vec<u8> = match result.get("ok") {
        Some(path) => serde_json::from_value(path.clone()).map_err(|_| {
            PathProblem::new(format!(
                "solving the {} maze returned an unreadable path",
                maze.name
            ))
        })?,
        None => {
            let no_path = result
                .get("err")
                .and_then(Value::as_str)
                .is_some_and(|err| err.starts_with("NoPath"));
            // A search that never saw the end, where the end can be reached, walked
            // past it (a corridor's cells left unchecked) or stopped too soon.
            let failed = format!("solving the {} maze failed: {}", maze.name, outcome(result));
            return Err(if no_path && grid.reaches(maze.start, maze.end) {
                PathProblem {
                    words: format!(
                        "{failed}, though its end can be reached: no task saw it. A task sees whether its cell is the end at every cell it enters, a corridor's cells too, before it asks for the ways on without the way back (heading.opposite())"
                    ),
                    hint: Some(
                        "handout §6: one task, step by step: if the position is the maze's end, finish with Ok(directions); else ask for the ways on",
                    ),
                }
            } else {
                PathProblem::new(failed)
            });
        }
    };
    grid.walk(maze.start, maze.end, &path).map_err(|problem| {
        // A real way to the end that starts elsewhere lost the moves before its first
        // cell: a task that went on with directions another task had taken (or that
        // started with none).
        let words = format!(
            "the solution of the {} maze is not a path from start to end: {problem}",
            maze.name
        );
        if path.first() == Some(&0) {
            // NONE first: the start's heading, which is no move.
            return PathProblem {
                words: format!(
                    "{words}: the start's heading NONE is no move, and is not pushed"
                ),
                hint: Some(
                    "handout §6: one task, step by step: if the heading is not NONE, push it onto the directions",
                ),
            };
        }
        match grid.start_of_way_to(maze.end, &path) {
            Some(from) if from != maze.start => PathProblem {
                words: format!(
                    "{words}: its {} moves are a way to the end from {}, not from the start {}: the moves before {} are missing; each new task goes on with its own copy of the directions taken so far",
                    path.len(),
                    show(from),
                    show(maze.start),
                    show(from)
                ),
                hint: Some(
                    "handout §6: at a junction, each new task continues down its branch with its own copy of the directions taken so far",
                ),
            },
            _ => PathProblem::new(words),
        }
    })?;
    Ok(path)
}

pub(super) fn solve_path_valid(case: &Case) -> Judged {
    let solved = solutions(case)?;
    for (maze, grid, result) in &solved {
        let path = match path_of(maze, grid, result) {
            Ok(path) => path,
            Err(problem) => return Ok(problem.verdict()),
        };
        if case.input.get("kept").is_some() && result.get("kept") != Some(&json!(path)) {
            let kept = match result.get("kept") {
                Some(Value::Array(kept)) => format!("a path of {} moves", kept.len()),
                _ => "None".to_owned(),
            };
            return Ok(Verdict::fail(format!(
                "solve returned the path of the {} maze, {} moves, but solution() is then {kept}: keep a successful path in self.solution (the drawings show it)",
                maze.name,
                path.len()
            )));
        }
    }
    Ok(Verdict::pass(format!(
        "{} mazes solved with valid paths, each kept as the maze's solution",
        solved.len()
    )))
}

pub(in crate::checks) fn solve_path_unique(case: &Case) -> Judged {
    let solved = solutions(case)?;
    let want: Vec<Value> = case.expected()?;
    for ((maze, grid, result), want) in solved.iter().zip(&want) {
        let path = match path_of(maze, grid, result) {
            Ok(path) => path,
            Err(problem) => return Ok(problem.verdict()),
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
            ))
            .with_picture(crate::checks::picture::paths(
                grid,
                (maze.start, maze.end),
                &cells_of(maze.start, &unique),
                &cells_of(maze.start, &path),
            )));
        }
    }
    Ok(Verdict::pass(format!(
        "{} mazes solved along their one path",
        solved.len()
    )))
}

pub(super) fn loops_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let mut maze = asked_maze(inputs, &mut inputs.rng(), "maze-12x12-c0.5-s41")?;
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
pub(super) fn solve_maze_with_loops(case: &Case) -> Judged {
    // The kind of maze a failing twin met, as its report says.
    loops_verdict(case).map(|verdict| verdict.with_case("a maze full of loops"))
}

fn loops_verdict(case: &Case) -> Judged {
    let solved = solutions(case)?;
    let [(open, open_grid, open_result), (cut_off, _, cut_off_result)] = solved.as_slice() else {
        return Err(Verdict::grader_error(
            "its input does not hold the two mazes",
        ));
    };
    match open_result.get("err").and_then(Value::as_str) {
        None => {
            if let Err(problem) = path_of(open, open_grid, open_result) {
                return Ok(problem.fail(format!("on a maze full of loops: {problem}")));
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
pub(super) fn field(debug: &str, name: &str) -> Option<usize> {
    let start = debug.find(&format!("{name}: "))? + name.len() + 2;
    let digits: String = debug[start..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

pub(super) fn unreachable_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let mut maze = asked_maze(inputs, &mut inputs.rng(), "maze-8x6-c0.5-s51")?;
    let (w, h) = maze.size;
    maze.wall_in_end();
    maze.name = format!("{w}x{h} maze with its end walled in");
    Ok(solve_input(vec![maze], 3000))
}

pub(super) fn solve_unreachable_end(case: &Case) -> Judged {
    unreachable_verdict(case).map(|verdict| verdict.with_case("a maze whose end is walled in"))
}

fn unreachable_verdict(case: &Case) -> Judged {
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
/// How many solves with a timeout of 0 follow it, of the maze and of the same maze
/// with its end walled in, each.
const ZERO_TIMEOUTS: usize = 20;

pub(super) fn timeout_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let maze = asked_maze(inputs, &mut inputs.rng(), "maze-50x50-c0.5-s25")?;
    let mut walled_in = maze.clone();
    walled_in.wall_in_end();
    let mut solves = vec![(0, BASELINE_MS)];
    solves.extend([(0, 0); ZERO_TIMEOUTS]);
    let unless_timed_out = vec![(1, 0); ZERO_TIMEOUTS];
    Ok(json!({
        "mazes": [maze.value(), walled_in.value()],
        "solves": solves,
        "unless_timed_out": unless_timed_out,
    }))
}

/// A zero timeout: the watchdog fires at once, so most solves of a 50x50 maze end
/// with `Timeout`, the rest (when the search wins the race) with the path. A solver
/// without a watchdog never times out.
///
/// The first solve has a generous timeout: it tells whether the search itself works.
/// When it does not, how the broken search races the watchdog would decide the
/// verdict, and two gradings of the same code could differ; the check then fails
/// for that reason alone, which is the same every time.
///
/// The same maze with its end walled in, solved with a timeout of 0 only when no
/// solve above gave `Timeout` (a solver that passes never meets it, whatever its
/// `NoPath` does), tells two causes of a solver that never times out apart, for the
/// words alone: where the watchdog notes that the time ran out, a search that found
/// nothing ends with `Timeout`, so the search itself does not stop (its tasks never
/// read the done flag, or the watchdog never raises it: from outside the two look the
/// same); without a watchdog it ends with `NoPath`.
pub(super) fn solve_timeout(case: &Case) -> Judged {
    #[derive(Deserialize)]
    struct Input {
        mazes: Vec<GivenMaze>,
        solves: Vec<(usize, u64)>,
    }
    #[derive(Deserialize)]
    struct Output {
        asked: Vec<Value>,
        then: Vec<Value>,
    }
    let input: Input = case.input()?;
    let Some(maze) = input.mazes.first() else {
        return Err(Verdict::grader_error("its input has no maze"));
    };
    let grid = maze.grid()?;
    let output: Output = case.output()?;
    if output.asked.len() != input.solves.len() {
        return Ok(Verdict::fail(format!(
            "{} solves were asked, and {} results came back",
            input.solves.len(),
            output.asked.len()
        )));
    }
    let Some((baseline, asked)) = output.asked.split_first() else {
        return Err(Verdict::grader_error("its input has no solve"));
    };
    if let Err(problem) = path_of(maze, &grid, baseline) {
        return Ok(problem.fail(format!(
            "the timeout cannot be judged until solve works without one; with a timeout of {} s, {problem}",
            BASELINE_MS / 1000
        )));
    }
    let mut timed_out = false;
    for result in asked {
        match result.get("err").and_then(Value::as_str) {
            Some("Timeout(0ns)") => timed_out = true,
            Some(other) => {
                return Ok(Verdict::fail(format!(
                    "with a timeout of 0, solve gave Err({other}); expected Err(Timeout(0ns)) (the timeout it was given) or the path"
                )));
            }
            None => {
                if let Err(problem) = path_of(maze, &grid, result) {
                    return Ok(problem.fail(format!("with a timeout of 0: {problem}")));
                }
            }
        }
    }
    if timed_out {
        return Ok(Verdict::pass(
            "a timeout of 0 stops the search with Err(Timeout(0ns))",
        ));
    }
    let never = format!(
        "with a timeout of 0, {} solves of a {}x{} maze all ran to the end: solve never returned Err(Timeout)",
        asked.len(),
        maze.size.0,
        maze.size.1
    );
    let watchdog_fires = output
        .then
        .iter()
        .any(|result| result.get("err").and_then(Value::as_str) == Some("Timeout(0ns)"));
    Ok(if watchdog_fires {
        Verdict::fail(format!(
            "{never}, though the same maze with its end walled in did: the time runs out, but the search does not stop when it does; the watchdog raises the done flag, and each task reads the flag at every step and stops once it is raised"
        ))
        .with_hint("handout §6: the watchdog raises the done flag, and every task checks it at every step")
    } else {
        Verdict::fail(format!(
            "{never}, nor did the same maze with its end walled in: nothing notes that the time is up; start a watchdog thread that waits for the timeout, then raises the done flag and notes that the time ran out"
        ))
        .with_hint("handout §6: the timeout (a watchdog thread)")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transforming_a_perfect_maze_keeps_it_perfect() {
        #[rustfmt::skip]
        let maze = GivenMaze {
            size: (3, 2),
            start: (0, 0),
            end: (0, 1),
            walls: vec![vec![1 | 8 | 2, 1 | 2, 1 | 4], vec![2 | 8 | 1, 2 | 1, 2 | 4]],
            name: "snake".to_owned(),
        };
        for how in 0..3 {
            let turned = transformed(&maze, how);
            let grid = turned.grid().unwrap();
            assert_eq!(grid.imperfection(), None, "transform {how}");
        }
    }

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
        crate::checks::judge(
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
