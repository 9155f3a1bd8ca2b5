//! Whether `solve` searches in parallel (§6): on mazes full of junctions, more than one
//! thread runs the search. What the probe measures is behaviour, not source: the
//! threads a solve starts, and which threads allocate while it runs. The probe's
//! allocator counts each thread's allocations; a task allocates where it runs (its
//! boxed closure, its copy of the path), and a thread that only waits for work
//! allocates nothing. A task pool's threads are started by a first solve the probe
//! does not measure; the thread that calls solve is left out. The first allocations of
//! each measured solve pause for a moment (`wire::allocations::pause_until_parallel`),
//! so that on a machine whose cores are all busy a pool's idle thread is scheduled and
//! takes tasks before one thread has run the whole search: the verdict is the code's,
//! not the scheduler's. The pauses stop as soon as two threads besides the caller
//! have allocated [`AT_LEAST`] times each, what the judge asks, so a quiet machine
//! hardly waits for them.

use rand::seq::SliceRandom as _;

use super::solving::{GivenMaze, path_of};
use super::*;

/// How many mazes are solved and measured.
const MAZES: usize = 12;
/// A thread that allocated at least this many times during a solve ran part of its
/// search (a watchdog waiting on a channel allocates once or twice).
const AT_LEAST: u64 = 8;

/// A perfect maze of `w` × `h` cells drawn from `rng` by Kruskal's algorithm (every
/// wall between two cells in a random order, knocked down when it joins two groups):
/// short branches everywhere, so a search meets a junction every few steps. Its start
/// is the top left cell and its end the bottom right one.
pub(super) fn junction_maze(w: i32, h: i32, rng: &mut impl rand::Rng) -> GivenMaze {
    let cells = (w * h) as usize;
    let mut group: Vec<usize> = (0..cells).collect();
    fn root(group: &mut [usize], mut cell: usize) -> usize {
        while group[cell] != cell {
            group[cell] = group[group[cell]];
            cell = group[cell];
        }
        cell
    }
    let mut walls: Vec<Vec<u8>> = vec![vec![NORTH | SOUTH | EAST | WEST; w as usize]; h as usize];
    let mut between: Vec<((i32, i32), u8)> = Vec::new();
    for y in 0..h {
        for x in 0..w {
            if x + 1 < w {
                between.push(((x, y), EAST));
            }
            if y + 1 < h {
                between.push(((x, y), SOUTH));
            }
        }
    }
    between.shuffle(rng);
    for ((x, y), side) in between {
        let Some(((nx, ny), back)) = across((x, y), side) else {
            continue;
        };
        let (a, b) = ((y * w + x) as usize, (ny * w + nx) as usize);
        let (ra, rb) = (root(&mut group, a), root(&mut group, b));
        if ra != rb {
            group[ra] = rb;
            walls[y as usize][x as usize] &= !side;
            walls[ny as usize][nx as usize] &= !back;
        }
    }
    GivenMaze {
        size: (w, h),
        start: (0, 0),
        end: (w - 1, h - 1),
        walls,
        name: format!("{w}x{h} junctions"),
    }
}

pub(super) fn parallel_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let mut rng = inputs.rng();
    let mazes: Vec<Value> = (0..MAZES)
        .map(|_| {
            let side = if inputs.private() {
                rng.random_range(40..=50)
            } else {
                50
            };
            junction_maze(side, side, &mut rng).value()
        })
        .collect();
    Ok(json!({ "mazes": mazes, "worked": AT_LEAST }))
}

/// One measured solve: its result, the threads it started, and how many times each
/// thread but the caller allocated during it, most first.
#[derive(Deserialize)]
struct Measured {
    result: Value,
    started: u64,
    allocations: Vec<u64>,
}

impl Measured {
    /// The threads that ran part of the search.
    fn busy(&self) -> usize {
        self.allocations
            .iter()
            .filter(|&&count| count >= AT_LEAST)
            .count()
    }

    /// Whether more than one thread ran the search: two threads besides the caller
    /// did, or the solve started more threads than a watchdog and one more.
    fn parallel(&self) -> bool {
        self.busy() >= 2 || self.started >= 3
    }
}

pub(super) fn solve_in_parallel(case: &Case) -> Judged {
    #[derive(Deserialize)]
    struct Input {
        mazes: Vec<GivenMaze>,
    }
    let input: Input = case.input()?;
    let measured: Vec<Measured> = case.output_list(input.mazes.len())?;
    for (maze, solve) in input.mazes.iter().zip(&measured) {
        let grid = maze.grid()?;
        if let Err(problem) = path_of(maze, &grid, &solve.result) {
            return Ok(problem.fail(format!(
                "whether solve searches in parallel is judged once it finds the path: {problem}"
            )));
        }
    }
    let count = measured.len();
    let size = input
        .mazes
        .first()
        .map(|maze| format!("{}x{}", maze.size.0, maze.size.1))
        .unwrap_or_default();
    if measured.iter().any(Measured::parallel) {
        return Ok(Verdict::pass(format!(
            "more than one thread ran the search of a {size} maze full of junctions"
        )));
    }
    Ok(Verdict::fail(format!(
        "each of {count} solves of a {size} maze full of junctions ran on one thread (no thread but one allocated while it searched, and the solve started no thread but perhaps a watchdog): solve searches without parallel tasks; at a junction, start one new task per way on (rayon's scope and spawn) and let the task that reached it stop"
    ))
    .with_hint("handout §6: at a junction, one new task per way on"))
}
