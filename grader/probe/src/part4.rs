//! Part 4 producers (Prim mazes and the backtracking solver; several checks may share
//! one): each calls the student's code on the grader's input and returns what it
//! produced. Mazes are reported as in Part 1 (walls as bits N=1, S=2, E=4, W=8,
//! positions `[x, y]`); a solver's result is `{"ok": [[x, y], …]}` (the cells from
//! start to end) or `{"err": Debug text}`. Every list in the output has one item per
//! item of the input.

use std::thread;

use maze::backtrack::solve_backtracking;
use maze::prim::generate_prim;
use maze::{Direction, Maze, MazeCellArray, MazeRng, Position, SolveError};
use serde_json::{Value, json};

use wire::producers::Part4;
use wire::part1::GivenMaze;

use crate::{Producer, field};

/// The function that runs each of Part 4's producers (the `match` is exhaustive: a
/// producer the grader can name and this part lacks does not compile).
pub fn producer(which: Part4) -> Producer {
    match which {
        Part4::PrimMazes => prim_mazes,
        Part4::BacktrackSolve => backtrack_solve,
        Part4::BacktrackErrors => backtrack_errors,
        Part4::BacktrackSmallStack => backtrack_small_stack,
    }
}

type Xy = (i32, i32);

/// Each `[width, height, seed]`: Prim's maze. From the index `used_from` on (when the
/// input has it), the grid is handed over with every wall down, as a used one.
fn prim_mazes(input: &Value) -> Value {
    let specs: Vec<(i32, i32, u64)> = field(input, "mazes");
    let used_from: usize = if input.get("used_from").is_some() { field(input, "used_from") } else { specs.len() };
    json!(specs
        .iter()
        .enumerate()
        .map(|(index, &(w, h, seed))| {
            let mut cells = MazeCellArray::new(w, h).expect("MazeCellArray::new on a valid size");
            if index >= used_from {
                for y in 0..h {
                    for x in 0..w {
                        cells[(x, y)].walls = Direction::NONE;
                    }
                }
            }
            let ends = generate_prim(&mut cells, &mut MazeRng::seed_from_u64(seed));
            let walls: Vec<Vec<u8>> = (0..h).map(|y| (0..w).map(|x| cells[(x, y)].walls.bits()).collect()).collect();
            json!({ "start": [ends.start.x, ends.start.y], "end": [ends.end.x, ends.end.y], "walls": walls })
        })
        .collect::<Vec<_>>())
}

/// The grader's maze, its walls set through the indexer (so that a check of the
/// solver does not depend on the generators).
fn maze_of(given: &GivenMaze) -> Maze {
    let mut cells = MazeCellArray::new(given.size.0, given.size.1).expect("MazeCellArray::new on a valid size");
    for (y, row) in given.walls.iter().enumerate() {
        for (x, &bits) in row.iter().enumerate() {
            cells[(x as i32, y as i32)].walls = Direction::from_bits_retain(bits);
        }
    }
    let at = |(x, y): Xy| Position::new(x, y);
    Maze::from_cells(cells, at(given.start), at(given.end)).expect("Maze::from_cells on the grader's maze")
}

fn solved(result: Result<Vec<Position>, SolveError>) -> Value {
    match result {
        Ok(path) => json!({ "ok": path.iter().map(|p| [p.x, p.y]).collect::<Vec<_>>() }),
        Err(error) => json!({ "err": format!("{error:?}") }),
    }
}

fn backtrack_solve(input: &Value) -> Value {
    let mazes: Vec<GivenMaze> = field(input, "mazes");
    json!(mazes.iter().map(|given| solved(solve_backtracking(&maze_of(given)))).collect::<Vec<_>>())
}

/// `solve_backtracking` on a maze of the grader's size that was never created, and on
/// the grader's mazes whose end cannot be reached.
fn backtrack_errors(input: &Value) -> Value {
    let (w, h): Xy = field(input, "not_created");
    let mazes: Vec<GivenMaze> = field(input, "no_path");
    json!({
        "not_created": solved(solve_backtracking(&Maze::new(w, h).expect("Maze::new on a valid size"))),
        "no_path": mazes.iter().map(|given| solved(solve_backtracking(&maze_of(given)))).collect::<Vec<_>>(),
    })
}

/// `solve_backtracking` on the grader's maze in a thread whose stack holds
/// `stack_kib` KiB. A solver that recurses once per cell overflows it, which ends the
/// whole process (Rust cannot recover from a stack overflow): the grader sees the
/// crash. A panic in the thread is passed on as the probe's own.
fn backtrack_small_stack(input: &Value) -> Value {
    let given: GivenMaze = field(input, "maze");
    let stack_kib: usize = field(input, "stack_kib");
    let maze = maze_of(&given);
    let result = thread::Builder::new()
        .stack_size(stack_kib * 1024)
        .spawn(move || solve_backtracking(&maze))
        .expect("starting the solver's thread")
        .join()
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
    solved(result)
}
