//! Part 4: Prim's generator (perfect on every grid, start in the bottom row, end in
//! the top row, the same maze for the same seed) and the backtracking solver (the
//! shortest path on every generator's mazes, its errors, no stack overflow at 50×50).

mod deadline;
mod support;

use std::collections::{HashMap, HashSet, VecDeque};
use std::thread;

use deadline::Cause;
use maze::backtrack::solve_backtracking;
use maze::draw::text;
use maze::generate::{GENERATORS, Settings};
use maze::prim::generate_prim;
use maze::solver::{SOLVERS, directions_along};
use maze::texture::{Favor, Root};
use maze::{Direction, Maze, MazeCellArray, MazeRng, Position, SolveError};
use support::{imperfection, open_neighbors};

/// The cells of the shortest path from start to end, found by breadth-first search.
pub fn bfs_path(maze: &Maze) -> Vec<Position> {
    let mut came_from = HashMap::new();
    let mut seen = HashSet::from([maze.start()]);
    let mut queue = VecDeque::from([maze.start()]);
    while let Some(p) = queue.pop_front() {
        for q in open_neighbors(maze, p) {
            if seen.insert(q) {
                came_from.insert(q, p);
                queue.push_back(q);
            }
        }
    }
    let mut path = vec![maze.end()];
    while let Some(&p) = came_from.get(path.last().unwrap()) {
        path.push(p);
    }
    path.reverse();
    path
}

/// Prim's maze of `width` × `height` from `seed`.
#[track_caller]
fn prim(width: i32, height: i32, seed: u64) -> Maze {
    let what = format!("generate_prim of a {width}x{height} maze, seed {seed},");
    deadline::within(30, &what, Cause::Prim, move || {
        let mut cells = MazeCellArray::new(width, height).unwrap();
        let ends = generate_prim(&mut cells, &mut MazeRng::seed_from_u64(seed));
        Maze::from_cells(cells, ends.start, ends.end).unwrap()
    })
}

/// What `solve_backtracking` returns on `maze`, or a failed test naming the likely
/// cause when it has not returned within a minute.
#[track_caller]
fn backtracked(maze: &Maze) -> Result<Vec<Position>, SolveError> {
    let what = format!(
        "solve_backtracking on a {}x{} maze from {} to {}",
        maze.width(),
        maze.height(),
        maze.start(),
        maze.end()
    );
    let maze = maze.clone();
    deadline::within(60, &what, Cause::Backtracking, move || {
        solve_backtracking(&maze)
    })
}

const SIZES: [(i32, i32); 7] = [
    (5, 5),
    (5, 50),
    (50, 5),
    (9, 6),
    (13, 31),
    (30, 30),
    (50, 50),
];

#[test]
fn prim_mazes_are_perfect_on_every_grid() {
    for (width, height) in SIZES {
        for seed in 0..5 {
            if let Some(why) = imperfection(&prim(width, height, seed)) {
                panic!("{width}x{height} seed {seed}: {why}");
            }
        }
    }
}

#[test]
fn prim_starts_in_the_bottom_row_and_ends_in_the_top_row() {
    for (width, height) in SIZES {
        for seed in 0..5 {
            let maze = prim(width, height, seed);
            assert_eq!(maze.start().y, height - 1, "{width}x{height} seed {seed}");
            assert_eq!(maze.end().y, 0, "{width}x{height} seed {seed}");
        }
    }
}

#[test]
fn prim_starts_in_every_column_over_many_seeds() {
    let columns: std::collections::BTreeSet<i32> =
        (0..200).map(|seed| prim(6, 5, seed).start().x).collect();
    assert_eq!(
        columns.into_iter().collect::<Vec<_>>(),
        vec![0, 1, 2, 3, 4, 5]
    );
}

#[test]
fn same_seed_gives_same_prim_maze() {
    let first = prim(12, 8, 2);
    assert_eq!(first.cells(), prim(12, 8, 2).cells());
    assert_ne!(first.cells(), prim(12, 8, 3).cells());
}

// Named apart from the generator's tests (`prim_…`), which handout §9.1 runs before
// the backtracking solver of §9.2 is written.
#[test]
fn backtracking_draws_its_path_on_the_seed_2_maze_of_prim() {
    let first = prim(12, 8, 2);
    let solved = first.clone();
    let what = "the backtrack solver on the 12x8 Prim maze, seed 2,";
    let solved = deadline::within(60, what, Cause::Backtracking, move || {
        let mut solved = solved;
        maze::solver::find("backtrack")
            .unwrap()
            .solve(&mut solved)
            .unwrap();
        solved
    });
    insta::assert_snapshot!(format!("{}\n{}", text::draw(&first), text::draw(&solved)));
}

/// One maze of every generator (and every favor) for each size and seed.
fn every_generators_mazes() -> Vec<(String, Maze)> {
    let mut mazes = Vec::new();
    for (width, height) in [(5, 5), (50, 5), (7, 23), (50, 50)] {
        for seed in 0..3 {
            for generator in GENERATORS {
                for favor in Favor::ALL {
                    let settings = Settings {
                        favor,
                        root: Root::Center,
                        ..Settings::default()
                    };
                    let name = format!(
                        "{} {favor:?} {width}x{height} seed {seed}",
                        generator.name()
                    );
                    let what = format!("the generator {name}");
                    let maze = deadline::within(30, &what, Cause::Prim, move || {
                        let mut rng = MazeRng::seed_from_u64(seed);
                        generator
                            .generate(width, height, &settings, &mut rng)
                            .unwrap()
                    });
                    mazes.push((name, maze));
                    if generator.name() != "weighted" {
                        break; // the others do not read the favor
                    }
                }
            }
        }
    }
    mazes
}

#[test]
fn backtracking_finds_the_shortest_path_on_every_generators_mazes() {
    for (name, maze) in every_generators_mazes() {
        let path = backtracked(&maze).unwrap();
        assert_eq!(path, bfs_path(&maze), "{name}");
    }
}

#[test]
fn every_listed_solver_finds_the_same_directions_and_keeps_them() {
    for (name, maze) in every_generators_mazes() {
        let expected = directions_along(&bfs_path(&maze));
        for solver in SOLVERS {
            let what = format!("the solver {} on {name}", solver.name());
            let cause = if solver.name() == "backtrack" {
                Cause::Backtracking
            } else {
                Cause::Solve
            };
            let maze = maze.clone();
            let (maze, directions) = deadline::within(60, &what, cause, move || {
                // A pool of its own, as in tests/properties.rs: tasks that never stop
                // then hold up no other test's solve.
                let pool = rayon::ThreadPoolBuilder::new().build().unwrap();
                let mut maze = maze;
                let directions = pool.install(|| solver.solve(&mut maze));
                (maze, directions)
            });
            let directions = directions.unwrap();
            assert_eq!(directions, expected, "{} on {name}", solver.name());
            assert_eq!(
                maze.solution(),
                Some(&expected[..]),
                "{} on {name}",
                solver.name()
            );
        }
    }
}

#[test]
fn backtracking_tries_east_south_west_north_on_a_maze_with_a_loop() {
    // An open 5×5 room: every wall inside is down. Trying east first, then south,
    // the search runs along the top row to the east border, then down the east
    // column to the end at the bottom-right corner.
    let mut cells = MazeCellArray::new(5, 5).unwrap();
    for y in 0..5 {
        for x in 0..5 {
            cells.remove_cell_wall(Position::new(x, y), Direction::EAST);
            cells.remove_cell_wall(Position::new(x, y), Direction::SOUTH);
        }
    }
    let maze = Maze::from_cells(cells, Position::new(0, 0), Position::new(4, 4)).unwrap();
    let path = backtracked(&maze).unwrap();
    let expected: Vec<Position> = (0..5)
        .map(|x| Position::new(x, 0))
        .chain((1..5).map(|y| Position::new(4, y)))
        .collect();
    assert_eq!(path, expected);
}

#[test]
fn backtracking_backs_out_of_dead_ends() {
    // East of the start, a corridor ends at (2, 0); the end (0, 1) lies south. The
    // search tries east first, finds the dead end, backs up to the start and goes
    // south: the dead end is not part of the path.
    let mut cells = MazeCellArray::new(5, 5).unwrap();
    cells.remove_cell_wall(Position::new(0, 0), Direction::EAST);
    cells.remove_cell_wall(Position::new(1, 0), Direction::EAST);
    cells.remove_cell_wall(Position::new(0, 0), Direction::SOUTH);
    let maze = Maze::from_cells(cells, Position::new(0, 0), Position::new(0, 1)).unwrap();
    assert_eq!(
        backtracked(&maze),
        Ok(vec![Position::new(0, 0), Position::new(0, 1)])
    );
}

#[test]
fn backtracking_an_uncreated_maze_is_an_error() {
    let maze = Maze::new(5, 5).unwrap();
    assert_eq!(backtracked(&maze), Err(SolveError::NotCreated));
}

#[test]
fn backtracking_to_a_walled_in_end_is_no_path() {
    let mut cells = MazeCellArray::new(5, 5).unwrap();
    for x in 0..3 {
        cells.remove_cell_wall(Position::new(x, 0), Direction::EAST);
    }
    let maze = Maze::from_cells(cells, Position::new(0, 0), Position::new(4, 4)).unwrap();
    assert_eq!(
        backtracked(&maze),
        Err(SolveError::NoPath(Position::new(4, 4)))
    );
}

#[test]
fn backtracking_searches_each_cell_once_in_an_open_room() {
    // Every inner wall down, the end walled in: a search that searched a cell again
    // would try every one of the room's countless ways before giving up.
    let mut cells = MazeCellArray::new(7, 7).unwrap();
    for y in 0..7 {
        for x in 0..7 {
            if x + 1 < 7 && (x + 1, y) != (6, 6) && (x, y) != (6, 6) {
                cells.remove_cell_wall(Position::new(x, y), Direction::EAST);
            }
            if y + 1 < 7 && (x, y + 1) != (6, 6) && (x, y) != (6, 6) {
                cells.remove_cell_wall(Position::new(x, y), Direction::SOUTH);
            }
        }
    }
    let maze = Maze::from_cells(cells, Position::new(0, 0), Position::new(6, 6)).unwrap();
    assert_eq!(
        backtracked(&maze),
        Err(SolveError::NoPath(Position::new(6, 6)))
    );
}

#[test]
fn backtracking_a_50x50_snake_does_not_overflow_a_small_stack() {
    // A snake through every cell: a path of 2,500 cells, the deepest search a 50×50
    // maze allows. The thread's stack is 64 KiB, far too small for 2,500 recursive
    // calls, so this passes only if the search keeps its frames on the heap.
    let mut cells = MazeCellArray::new(50, 50).unwrap();
    for y in 0..50 {
        for x in 0..49 {
            cells.remove_cell_wall(Position::new(x, y), Direction::EAST);
        }
        if y > 0 {
            let x = if y % 2 == 1 { 49 } else { 0 };
            cells.remove_cell_wall(Position::new(x, y - 1), Direction::SOUTH);
        }
    }
    let maze = Maze::from_cells(cells, Position::new(0, 0), Position::new(0, 49)).unwrap();
    let what = "solve_backtracking on a 50x50 snake";
    let length = deadline::within(60, what, Cause::Backtracking, move || {
        thread::Builder::new()
            .stack_size(64 * 1024)
            .spawn(move || solve_backtracking(&maze).map(|path| path.len()))
            .unwrap()
            .join()
            .expect("the search overflowed its stack")
    });
    assert_eq!(length, Ok(2500));
}
