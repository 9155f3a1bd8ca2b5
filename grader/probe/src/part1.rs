//! Part 1 producers (several checks may share one): each calls the student's code on the grader's input and returns
//! what it produced. Walls are bits (N=1, S=2, E=4, W=8), positions `[x, y]`, errors
//! their `Debug` text. Every list in the output has one item per item of the input.

use std::collections::{BTreeMap, HashSet};
use std::hash::{DefaultHasher, Hash, Hasher};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Duration;

use maze::{Direction, DirectionExt, Maze, MazeCell, MazeCellArray, MazeRng, Position};
use serde_json::{Value, json};

use wire::producers::Part1;
use wire::part1::{Draws, GivenMaze, Grid, RangeQuery};

use crate::{Producer, field};

/// The function that runs each of Part 1's producers (the `match` is exhaustive: a
/// producer the grader can name and this part lacks does not compile).
pub fn producer(which: Part1) -> Producer {
    match which {
        Part1::DirectionOpposite => direction_opposite,
        Part1::PositionEquality => position_equality,
        Part1::PositionHash => position_hash,
        Part1::PositionDisplay => position_display,
        Part1::PositionMoved => position_moved,
        Part1::PositionRandom => position_random,
        Part1::CellDefault => cell_default,
        Part1::CellNewAndRemoveWall => cell_new_and_remove_wall,
        Part1::ArrayNewSizes => array_new_sizes,
        Part1::ArrayRanges => array_ranges,
        Part1::ArrayIndexers => array_indexers,
        Part1::ArrayResetAndResize => array_reset_and_resize,
        Part1::ArrayNeighborsWithAllWalls => array_neighbors_with_all_walls,
        Part1::ArrayAccessibleNeighbors => array_accessible_neighbors,
        Part1::ArrayRemoveCellWall => array_remove_cell_wall,
        Part1::MazeSizeValidation => maze_size_validation,
        Part1::MazeComplexityValidation => maze_complexity_validation,
        Part1::CreatedMazes => created_mazes,
        Part1::MazeStartEndDistinct => maze_start_end_distinct,
        Part1::MazeSameSeedSameMaze => maze_same_seed_same_maze,
        Part1::MazeComplexityTexture => maze_complexity_texture,
        Part1::SolveBeforeCreate => solve_before_create,
        Part1::SolvedMazes => solved_mazes,
        Part1::SolvedRepeatedly => solved_repeatedly,
        Part1::SolvedInParallel => solved_in_parallel,
    }
}

use wire::Xy;

fn pos(p: Position) -> Value {
    json!([p.x, p.y])
}

fn at((x, y): Xy) -> Position {
    Position::new(x, y)
}

fn dir(bits: u8) -> Direction {
    Direction::from_bits_retain(bits)
}

fn result<T>(result: Result<T, impl std::fmt::Debug>, ok: impl FnOnce(T) -> Value) -> Value {
    match result {
        Ok(value) => json!({ "ok": ok(value) }),
        Err(error) => json!({ "err": format!("{error:?}") }),
    }
}

/// The walls of a grid, row by row, read through the `(x, y)` indexer.
fn grid_walls(width: i32, height: i32, cell: impl Fn(i32, i32) -> MazeCell) -> Value {
    let rows: Vec<Vec<u8>> =
        (0..height).map(|y| (0..width).map(|x| cell(x, y).walls.bits()).collect()).collect();
    json!(rows)
}

fn maze_json(maze: &Maze) -> Value {
    json!({
        "start": pos(maze.start()),
        "end": pos(maze.end()),
        "walls": grid_walls(maze.width(), maze.height(), |x, y| maze[(x, y)]),
    })
}

/// An array of the grader's size with the grader's walls, set through the indexer
/// (so that a check of the neighbour queries does not depend on remove_cell_wall).
fn array_with(size: Xy, walls: &[Vec<u8>]) -> MazeCellArray {
    let mut array = MazeCellArray::new(size.0, size.1).expect("MazeCellArray::new on a valid size");
    for (y, row) in walls.iter().enumerate() {
        for (x, &bits) in row.iter().enumerate() {
            array[(x as i32, y as i32)].walls = dir(bits);
        }
    }
    array
}

fn created(spec: (i32, i32, f64, u64)) -> Maze {
    let (w, h, c, seed) = spec;
    let mut maze = Maze::new(w, h).expect("Maze::new on a valid size");
    maze.create(c, &mut MazeRng::seed_from_u64(seed)).expect("Maze::create on a valid complexity");
    maze
}

fn direction_opposite(input: &Value) -> Value {
    let directions: Vec<u8> = field(input, "directions");
    json!(directions.iter().map(|&bits| dir(bits).opposite().bits()).collect::<Vec<_>>())
}

fn position_equality(input: &Value) -> Value {
    let pairs: Vec<(Xy, Xy)> = field(input, "pairs");
    json!(pairs.iter().map(|&(a, b)| json!([at(a) == at(b), at(a) != at(b)])).collect::<Vec<_>>())
}

fn hash_of(p: Position) -> u64 {
    let mut hasher = DefaultHasher::new();
    p.hash(&mut hasher);
    hasher.finish()
}

fn position_hash(input: &Value) -> Value {
    let twice: Vec<Xy> = field(input, "hashed_twice");
    let inserted: Vec<Xy> = field(input, "inserted");
    let set: HashSet<Position> = inserted.iter().map(|&p| at(p)).collect();
    json!({
        "same_hash": twice.iter().map(|&p| hash_of(at(p)) == hash_of(at(p))).collect::<Vec<_>>(),
        "set_len": set.len(),
        "found": inserted.iter().map(|&p| set.contains(&at(p))).collect::<Vec<_>>(),
    })
}

fn position_display(input: &Value) -> Value {
    let positions: Vec<Xy> = field(input, "positions");
    json!(positions.iter().map(|&p| at(p).to_string()).collect::<Vec<_>>())
}

fn position_moved(input: &Value) -> Value {
    let moves: Vec<(Xy, u8)> = field(input, "moves");
    json!(moves.iter().map(|&(from, bits)| pos(at(from).moved(dir(bits)))).collect::<Vec<_>>())
}

fn position_random(input: &Value) -> Value {
    let mut rng = MazeRng::seed_from_u64(field(input, "seed"));
    let draws: Vec<Draws> = field(input, "draws");
    json!(draws
        .iter()
        .map(|d| (0..d.count).map(|_| pos(Position::random(d.x.0..=d.x.1, d.y.0..=d.y.1, &mut rng))).collect::<Vec<_>>())
        .collect::<Vec<_>>())
}

fn cell_default(input: &Value) -> Value {
    let mut cell = MazeCell::default();
    // A course's private twin of the check takes walls down afterwards.
    let removals: Vec<u8> = match input.get("then_remove") {
        Some(_) => field(input, "then_remove"),
        None => Vec::new(),
    };
    for wall in removals {
        cell.remove_wall(dir(wall));
    }
    json!({ "walls": cell.walls.bits(), "position": pos(cell.position) })
}

fn cell_new_and_remove_wall(input: &Value) -> Value {
    let made: Vec<(Xy, u8)> = field(input, "new");
    let removals: Vec<(u8, u8)> = field(input, "removals");
    let made: Vec<Value> = made
        .iter()
        .map(|&(p, walls)| {
            let cell = MazeCell::new(at(p), dir(walls));
            json!({ "walls": cell.walls.bits(), "position": pos(cell.position) })
        })
        .collect();
    let removed: Vec<Value> = removals
        .iter()
        .map(|&(start, wall)| {
            let mut cell = MazeCell::new(Position::new(1, 1), dir(start));
            cell.remove_wall(dir(wall));
            json!({ "walls": cell.walls.bits(), "position": pos(cell.position) })
        })
        .collect();
    json!({ "new": made, "removals": removed })
}

fn array_new_sizes(input: &Value) -> Value {
    let sizes: Vec<Xy> = field(input, "sizes");
    json!(sizes
        .iter()
        .map(|&(w, h)| result(MazeCellArray::new(w, h), |a| json!([a.width(), a.height()])))
        .collect::<Vec<_>>())
}

fn array_ranges(input: &Value) -> Value {
    let arrays: Vec<RangeQuery> = field(input, "arrays");
    json!(arrays
        .iter()
        .map(|q| {
            let array = MazeCellArray::new(q.size.0, q.size.1).expect("MazeCellArray::new on a valid size");
            let (x, y) = (array.x_range(), array.y_range());
            json!({
                "x_range": [x.start(), x.end()],
                "y_range": [y.start(), y.end()],
                "contains": q.contains.iter().map(|&p| array.contains(at(p))).collect::<Vec<_>>(),
            })
        })
        .collect::<Vec<_>>())
}

fn array_indexers(input: &Value) -> Value {
    let (w, h): Xy = field(input, "size");
    let first: Vec<Vec<u8>> = field(input, "first");
    let second: Vec<Vec<u8>> = field(input, "second");
    let mut array = MazeCellArray::new(w, h).expect("MazeCellArray::new on a valid size");
    let positions: Vec<Vec<Value>> =
        (0..h).map(|y| (0..w).map(|x| pos(array[(x, y)].position)).collect()).collect();
    // Write through one indexer, read through the other.
    for y in 0..h {
        for x in 0..w {
            array[(x, y)].walls = dir(first[y as usize][x as usize]);
        }
    }
    let first_read = grid_walls(w, h, |x, y| array[Position::new(x, y)]);
    for y in 0..h {
        for x in 0..w {
            array[Position::new(x, y)].walls = dir(second[y as usize][x as usize]);
        }
    }
    let second_read = grid_walls(w, h, |x, y| array[(x, y)]);
    let mut answer = json!({ "positions": positions, "first_read_by_position": first_read, "second_read_by_pair": second_read });
    if input.get("outside").is_some() {
        let outside: Vec<Xy> = field(input, "outside");
        answer["outside"] = json!(outside.iter().map(|&p| indexed_outside(&mut array, p)).collect::<Vec<_>>());
    }
    answer
}

/// What each of the four indexers does with `(x, y)`, a position outside the array:
/// `(x, y)`, `&mut (x, y)`, `Position`, `&mut Position`, each `{"cell": [x, y]}` (the
/// position of the cell it returned) or `{"panic": message}`.
fn indexed_outside(array: &mut MazeCellArray, (x, y): Xy) -> Vec<Value> {
    let mut tries: Vec<Box<dyn FnMut(&mut MazeCellArray) -> Position>> = vec![
        Box::new(|array| array[(x, y)].position),
        Box::new(|array| (&mut array[(x, y)]).position),
        Box::new(|array| array[Position::new(x, y)].position),
        Box::new(|array| (&mut array[Position::new(x, y)]).position),
    ];
    tries
        .iter_mut()
        .map(|index| match catch_unwind(AssertUnwindSafe(|| index(array))) {
            Ok(cell) => json!({ "cell": pos(cell) }),
            Err(payload) => json!({ "panic": wire::panic_message(payload.as_ref()) }),
        })
        .collect()
}

fn array_state(array: &MazeCellArray) -> Value {
    let (w, h) = (array.width(), array.height());
    json!({
        "size": [w, h],
        "x_range": [array.x_range().start(), array.x_range().end()],
        "y_range": [array.y_range().start(), array.y_range().end()],
        "walls": grid_walls(w, h, |x, y| array[(x, y)]),
        "positions": (0..h).map(|y| (0..w).map(|x| pos(array[(x, y)].position)).collect::<Vec<_>>()).collect::<Vec<_>>(),
    })
}

fn array_reset_and_resize(input: &Value) -> Value {
    let (w, h): Xy = field(input, "size");
    let touched: Vec<(i32, i32, u8)> = field(input, "touch");
    let resizes: Vec<Xy> = field(input, "resizes");
    let mut array = MazeCellArray::new(w, h).expect("MazeCellArray::new on a valid size");
    for &(x, y, walls) in &touched {
        array[(x, y)].walls = dir(walls);
    }
    array.reset();
    let after_reset = array_state(&array);
    // The same cells changed again, so that a resize that keeps the size shows whether
    // it puts the walls back up.
    for &(x, y, walls) in &touched {
        array[(x, y)].walls = dir(walls);
    }
    let steps: Vec<Value> = resizes
        .iter()
        .map(|&(w, h)| {
            let outcome = result(array.resize(w, h), |()| Value::Null);
            json!({ "resize": outcome, "after": array_state(&array) })
        })
        .collect();
    json!({ "after_reset": after_reset, "resizes": steps })
}

fn neighbor_list(map: &BTreeMap<Direction, Position>) -> Value {
    json!(map.iter().map(|(d, p)| json!([d.bits(), p.x, p.y])).collect::<Vec<_>>())
}

fn array_neighbors_with_all_walls(input: &Value) -> Value {
    let grid: Grid = field(input, "grid");
    let queries: Vec<Xy> = field(input, "queries");
    let array = array_with(grid.size, &grid.walls);
    json!(queries.iter().map(|&p| neighbor_list(&array.neighbors_with_all_walls(at(p)))).collect::<Vec<_>>())
}

fn array_accessible_neighbors(input: &Value) -> Value {
    let grid: Grid = field(input, "grid");
    let queries: Vec<(i32, i32, u8)> = field(input, "queries");
    let array = array_with(grid.size, &grid.walls);
    json!(queries
        .iter()
        .map(|&(x, y, exclude)| neighbor_list(&array.accessible_neighbors(Position::new(x, y), dir(exclude))))
        .collect::<Vec<_>>())
}

fn array_remove_cell_wall(input: &Value) -> Value {
    let (w, h): Xy = field(input, "size");
    let removals: Vec<(i32, i32, u8)> = field(input, "removals");
    let mut array = MazeCellArray::new(w, h).expect("MazeCellArray::new on a valid size");
    for &(x, y, d) in &removals {
        array.remove_cell_wall(Position::new(x, y), dir(d));
    }
    grid_walls(w, h, |x, y| array[(x, y)])
}

fn maze_size_validation(input: &Value) -> Value {
    let sizes: Vec<Xy> = field(input, "sizes");
    let (from, to): (Xy, Xy) = field(input, "resize");
    let new: Vec<Value> =
        sizes.iter().map(|&(w, h)| result(Maze::new(w, h), |m| json!([m.width(), m.height()]))).collect();
    let default = Maze::default();
    let mut maze = Maze::new(from.0, from.1).expect("Maze::new on a valid size");
    let resized = result(maze.resize(to.0, to.1), |()| Value::Null);
    let mut answer = json!({
        "new": new,
        "default": [default.width(), default.height()],
        "resize": resized,
        "size_after_resize": [maze.width(), maze.height()],
    });
    if input.get("created").is_some() {
        let (size, resizes): (Xy, Vec<Xy>) = field(input, "created");
        answer["created"] = json!(resizes.iter().map(|&to| resized_when_created(size, to)).collect::<Vec<_>>());
    }
    answer
}

/// A created maze of `size` (every wall up, made with the provided `from_cells`) with
/// a solution (the provided `set_solution`), resized to `to`: the outcome and what the
/// maze is afterwards.
fn resized_when_created((w, h): Xy, to: Xy) -> Value {
    let cells = MazeCellArray::new(w, h).expect("MazeCellArray::new on a valid size");
    let mut maze = Maze::from_cells(cells, Position::new(0, 0), Position::new(w - 1, h - 1))
        .expect("Maze::from_cells on the grader's maze");
    maze.set_solution(vec![Direction::EAST; (w - 1) as usize]);
    let resized = result(maze.resize(to.0, to.1), |()| Value::Null);
    json!({
        "resize": resized,
        "size": [maze.width(), maze.height()],
        "is_created": maze.is_created(),
        "solution": maze.solution().map(<[Direction]>::len),
        "walls": grid_walls(maze.width(), maze.height(), |x, y| maze[(x, y)]),
    })
}

fn maze_complexity_validation(input: &Value) -> Value {
    let (w, h): Xy = field(input, "size");
    let seed: u64 = field(input, "seed");
    let complexities: Vec<String> = field(input, "complexities");
    let each = json!(complexities
        .iter()
        .map(|c| {
            let c: f64 = c.parse().expect("the grader sends numbers");
            let mut maze = Maze::new(w, h).expect("Maze::new on a valid size");
            let outcome = result(maze.create(c, &mut MazeRng::seed_from_u64(seed)), |()| Value::Null);
            json!({ "create": outcome, "is_created": maze.is_created(), "complexity": maze.complexity() })
        })
        .collect::<Vec<_>>());
    // A maze created with the first complexity and given a solution (the provided
    // `set_solution`), then created again with the second from another seed: the
    // maze before and after, and the next number of the second MazeRng.
    let (first, then, other_seed): (f64, String, u64) = field(input, "on_created");
    let mut maze = created((w, h, first, seed));
    maze.set_solution(vec![Direction::EAST]);
    let before = maze_state(&maze);
    let mut rng = MazeRng::seed_from_u64(other_seed);
    let outcome = result(maze.create(then.parse().expect("the grader sends numbers"), &mut rng), |()| Value::Null);
    json!({
        "complexities": each,
        "on_created": { "create": outcome, "before": before, "after": maze_state(&maze), "next_draw": rng.in_range(0..=999_999) },
    })
}

/// Everything a maze shows: its walls, start and end, complexity, whether it is
/// created, and its solution.
fn maze_state(maze: &Maze) -> Value {
    let mut state = maze_json(maze);
    state["complexity"] = json!(maze.complexity());
    state["is_created"] = json!(maze.is_created());
    state["solution"] = json!(maze.solution().map(|path| path.iter().map(|d| d.bits()).collect::<Vec<_>>()));
    state
}

fn created_mazes(input: &Value) -> Value {
    let specs: Vec<(i32, i32, f64, u64)> = field(input, "mazes");
    json!(specs.iter().map(|&spec| maze_json(&created(spec))).collect::<Vec<_>>())
}

fn maze_start_end_distinct(input: &Value) -> Value {
    let specs: Vec<(i32, i32, f64, u64)> = field(input, "mazes");
    json!(specs
        .iter()
        .map(|&spec| {
            let maze = created(spec);
            json!([pos(maze.start()), pos(maze.end())])
        })
        .collect::<Vec<_>>())
}

fn maze_same_seed_same_maze(input: &Value) -> Value {
    let spec: (i32, i32, f64, u64) = field(input, "maze");
    let other: u64 = field(input, "other_seed");
    // The first maze given a solution (the provided `set_solution`) and created again
    // from the other seed: as a new maze from that seed, without the solution.
    let mut recreated = created(spec);
    recreated.set_solution(vec![Direction::EAST]);
    let again = result(recreated.create(spec.2, &mut MazeRng::seed_from_u64(other)), |()| Value::Null);
    json!({
        "first": maze_json(&created(spec)),
        "again": maze_json(&created(spec)),
        "other_seed": maze_json(&created((spec.0, spec.1, spec.2, other))),
        "recreated": { "create": again, "maze": maze_json(&recreated), "solution": recreated.solution().map(<[Direction]>::len) },
    })
}

fn maze_complexity_texture(input: &Value) -> Value {
    let (w, h): Xy = field(input, "size");
    let complexities: Vec<f64> = field(input, "complexities");
    let seeds: Vec<u64> = field(input, "seeds");
    json!(complexities
        .iter()
        .map(|&c| seeds.iter().map(|&seed| maze_json(&created((w, h, c, seed)))["walls"].clone()).collect::<Vec<_>>())
        .collect::<Vec<_>>())
}

fn solve_before_create(input: &Value) -> Value {
    let (w, h): Xy = field(input, "size");
    let mut maze = Maze::new(w, h).expect("Maze::new on a valid size");
    result(maze.solve(), |path| json!(path.len()))
}

/// One `solve` as a call of its own: the threads it starts are counted from zero
/// (the handout's design starts one, its watchdog; see `wire::threads`).
fn solve(maze: &mut Maze) -> Value {
    wire::threads::new_call();
    result(maze.solve(), |path| json!(path.iter().map(|d| d.bits()).collect::<Vec<_>>()))
}

fn solved_mazes(input: &Value) -> Value {
    let mazes: Vec<GivenMaze> = field(input, "mazes");
    let timeout: u64 = field(input, "timeout_ms");
    // Whether to report, beside each result, the solution the maze keeps afterwards.
    let kept = input.get("kept").is_some_and(|asked| asked == &json!(true));
    json!(mazes
        .iter()
        .map(|given| {
            let mut maze = maze_of(given);
            maze.set_solve_timeout(Duration::from_millis(timeout));
            let mut solved = solve(&mut maze);
            if kept {
                solved["kept"] = json!(maze.solution().map(|path| path.iter().map(|d| d.bits()).collect::<Vec<_>>()));
            }
            solved
        })
        .collect::<Vec<_>>())
}

/// The grader's maze, built with the student's `MazeCellArray` and `Maze::from_cells`.
fn maze_of(given: &GivenMaze) -> Maze {
    let cells = array_with(given.size, &given.walls);
    Maze::from_cells(cells, at(given.start), at(given.end)).expect("Maze::from_cells on the grader's maze")
}

/// Each solve asked: a maze (by its number in `mazes`) and a timeout. The solves of
/// `unless_timed_out` follow only when none of the first gave `Err(Timeout)`: they tell
/// the grader why a solver never times out, and a solver that does never meets them.
fn solved_repeatedly(input: &Value) -> Value {
    let mazes: Vec<GivenMaze> = field(input, "mazes");
    let solves: Vec<(usize, u64)> = field(input, "solves");
    let then: Vec<(usize, u64)> = field(input, "unless_timed_out");
    let solved = |list: &[(usize, u64)]| -> Vec<Value> {
        list.iter()
            .map(|&(which, timeout)| {
                let mut maze = maze_of(&mazes[which]);
                maze.set_solve_timeout(Duration::from_millis(timeout));
                solve(&mut maze)
            })
            .collect()
    };
    let asked = solved(&solves);
    let timed_out = asked.iter().any(|result| result.get("err").and_then(Value::as_str).is_some_and(|err| err.starts_with("Timeout")));
    let then = if timed_out { Vec::new() } else { solved(&then) };
    json!({ "asked": asked, "then": then })
}

/// How many of a measured solve's first allocations may pause (200 µs each, 20 ms in
/// all, until two other threads are seen working): long enough for a pool's idle
/// thread to be scheduled on a loaded machine.
const PAUSES_PER_SOLVE: u32 = 100;

/// Each maze solved, after a first solve that is not measured (a pool of threads the
/// solver uses starts there), with the threads the solve started and how many times
/// each other thread allocated during it, most first: whether threads besides the one
/// calling solve ran the search.
fn solved_in_parallel(input: &Value) -> Value {
    let mazes: Vec<GivenMaze> = field(input, "mazes");
    // How many allocations show that a thread ran part of a search (the judge's count).
    let worked: u64 = field(input, "worked");
    if let Some(first) = mazes.first() {
        solve(&mut maze_of(first));
    }
    // This thread calls solve: what it allocates is the probe's, or, for a solver
    // without tasks, the whole search's.
    let own = wire::allocations::own_slot();
    json!(mazes
        .iter()
        .map(|given| {
            let mut maze = maze_of(given);
            let before = wire::allocations::pause_until_parallel(PAUSES_PER_SOLVE, worked);
            let result = solve(&mut maze);
            wire::allocations::end_pauses();
            let started = wire::threads::started();
            let after = wire::allocations::by_thread();
            let mut allocated: Vec<u64> = after
                .iter()
                .enumerate()
                .filter(|&(slot, _)| slot != own)
                .map(|(slot, &count)| count - before.get(slot).copied().unwrap_or(0))
                .filter(|&count| count > 0)
                .collect();
            allocated.sort_unstable_by(|a, b| b.cmp(a));
            json!({ "result": result, "started": started, "allocations": allocated })
        })
        .collect::<Vec<_>>())
}
