//! How fast mazes are created and solved, 50 × 50 (the largest size).
//!
//! Every benchmark works through the same eight seeded mazes, so the figures compare:
//!
//! - `create`: [`Maze::new`] and [`Maze::create`] with complexity 0.5;
//! - `solve/parallel`: the library's [`Maze::solve`], with a task per branch;
//! - `solve/sequential_bfs`: a plain breadth-first search written below, on one
//!   thread, using only [`MazeCellArray::accessible_neighbors`](maze::MazeCellArray::accessible_neighbors);
//! - `generate/<name>`: every generator of [`GENERATORS`] (the weighted one once per
//!   favor, rooted in the corner), with its default settings;
//! - `solve/backtrack`: Part 4's backtracking solver on Part 1's mazes.
//!
//! Run with `cargo bench --bench maze` in this crate's folder. Criterion reports the time
//! for the eight mazes and, as throughput, mazes per second.

use std::collections::VecDeque;
use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_main};
use maze::backtrack::solve_backtracking;
use maze::generate::{GENERATORS, Settings};
use maze::texture::Favor;
use maze::{Direction, DirectionExt, Maze, MazeRng, Position};

/// The seeds of the mazes every benchmark uses.
const SEEDS: [u64; 8] = [1, 2, 3, 4, 5, 6, 7, 8];
/// The size of the mazes: the largest allowed.
const SIZE: i32 = 50;
/// The complexity of the mazes: halfway between long corridors and many turns.
const COMPLEXITY: f64 = 0.5;

/// The maze made from `seed`.
fn created(seed: u64) -> Maze {
    let mut maze = Maze::new(SIZE, SIZE).expect("50 is an allowed size");
    maze.create(COMPLEXITY, &mut MazeRng::seed_from_u64(seed))
        .expect("0.5 is an allowed complexity");
    maze
}

/// The directions from start to end found by a breadth-first search on one thread,
/// or `None` when the end cannot be reached.
fn sequential_bfs(maze: &Maze) -> Option<Vec<Direction>> {
    let width = maze.width();
    let index = |position: Position| (position.y * width + position.x) as usize;
    // How each cell was first reached; the start is marked reached by `NONE`.
    let mut reached_by: Vec<Option<Direction>> = vec![None; (width * maze.height()) as usize];
    reached_by[index(maze.start())] = Some(Direction::NONE);
    let mut queue = VecDeque::from([maze.start()]);
    while let Some(position) = queue.pop_front() {
        if position == maze.end() {
            break;
        }
        for (direction, next) in maze.cells().accessible_neighbors(position, Direction::NONE) {
            if reached_by[index(next)].is_none() {
                reached_by[index(next)] = Some(direction);
                queue.push_back(next);
            }
        }
    }
    // Walk back from the end to the start, then turn the steps round.
    let mut steps = Vec::new();
    let mut position = maze.end();
    while position != maze.start() {
        let direction = reached_by[index(position)]?;
        steps.push(direction);
        position = position.moved(direction.opposite());
    }
    steps.reverse();
    Some(steps)
}

fn create(c: &mut Criterion) {
    let mut group = c.benchmark_group("create");
    group.throughput(Throughput::Elements(SEEDS.len() as u64));
    group.bench_function("50x50", |b| {
        b.iter(|| {
            for seed in SEEDS {
                black_box(created(black_box(seed)));
            }
        })
    });
    group.finish();
}

fn solve(c: &mut Criterion) {
    let mut mazes: Vec<Maze> = SEEDS.into_iter().map(created).collect();
    // Both solvers must find the same path (a perfect maze has only one), or the
    // comparison means nothing.
    for maze in &mut mazes {
        let bfs = sequential_bfs(maze).expect("the end can be reached");
        assert_eq!(maze.solve().expect("the maze can be solved"), bfs);
    }

    let mut group = c.benchmark_group("solve");
    group.throughput(Throughput::Elements(mazes.len() as u64));
    group.bench_function("parallel", |b| {
        b.iter(|| {
            for maze in mazes.iter_mut() {
                black_box(maze.solve().expect("the maze can be solved"));
            }
        })
    });
    group.bench_function("backtrack", |b| {
        b.iter(|| {
            for maze in &mazes {
                black_box(solve_backtracking(black_box(maze)).expect("the maze can be solved"));
            }
        })
    });
    group.bench_function("sequential_bfs", |b| {
        b.iter(|| {
            for maze in &mazes {
                black_box(sequential_bfs(black_box(maze)));
            }
        })
    });
    group.finish();
}

fn generate(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate");
    group.throughput(Throughput::Elements(SEEDS.len() as u64));
    for generator in GENERATORS {
        // Only the weighted generator reads the favor: once per favor for it, once
        // for the others.
        let favors: &[Favor] = if generator.name() == "weighted" {
            &Favor::ALL
        } else {
            &[Favor::None]
        };
        for &favor in favors {
            let settings = Settings {
                favor,
                ..Settings::default()
            };
            let name = if generator.name() == "weighted" {
                format!("weighted-{}", favor.name())
            } else {
                generator.name().to_owned()
            };
            group.bench_function(name, |b| {
                b.iter(|| {
                    for seed in SEEDS {
                        let mut rng = MazeRng::seed_from_u64(black_box(seed));
                        black_box(generator.generate(SIZE, SIZE, &settings, &mut rng))
                            .expect("50x50 is allowed");
                    }
                })
            });
        }
    }
    group.finish();
}

/// The benchmark group. It sits in a module of its own because `criterion_group!`
/// makes a public function without documentation.
mod group {
    use super::{create, generate, solve};

    criterion::criterion_group!(benches, create, generate, solve);
}

criterion_main!(group::benches);
