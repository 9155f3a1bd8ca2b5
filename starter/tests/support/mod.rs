//! Helpers shared by the Part 3 and Part 4 tests: a perfectness check and texture
//! measures, read straight from the walls (not through the library's neighbour
//! queries, which are tested elsewhere).

#![allow(dead_code)]

use std::collections::{HashSet, VecDeque};

use maze::{Direction, Maze, Position};

/// Every position of `maze`, row by row.
pub fn all_positions(maze: &Maze) -> Vec<Position> {
    (0..maze.height())
        .flat_map(|y| (0..maze.width()).map(move |x| Position::new(x, y)))
        .collect()
}

fn inside(maze: &Maze, p: Position) -> bool {
    (0..maze.width()).contains(&p.x) && (0..maze.height()).contains(&p.y)
}

/// The open neighbours of `p`.
pub fn open_neighbors(maze: &Maze, p: Position) -> Vec<Position> {
    Direction::CARDINALS
        .into_iter()
        .filter(|&d| !maze[p].walls.contains(d))
        .map(|d| p.moved(d))
        .filter(|&q| inside(maze, q))
        .collect()
}

/// Why `maze` is not perfect (connected, exactly cells − 1 passages, closed border,
/// symmetric walls, distinct start and end inside), or `None` when it is.
pub fn imperfection(maze: &Maze) -> Option<String> {
    let mut passages = 0;
    for p in all_positions(maze) {
        for d in Direction::CARDINALS {
            let q = p.moved(d);
            let open = !maze[p].walls.contains(d);
            if !inside(maze, q) {
                if open {
                    return Some(format!("the border is open at {p} going {d:?}"));
                }
                continue;
            }
            let back = match d {
                Direction::NORTH => Direction::SOUTH,
                Direction::SOUTH => Direction::NORTH,
                Direction::EAST => Direction::WEST,
                _ => Direction::EAST,
            };
            if open == maze[q].walls.contains(back) {
                return Some(format!("the wall between {p} and {q} is one-sided"));
            }
            if open && (d == Direction::EAST || d == Direction::SOUTH) {
                passages += 1;
            }
        }
    }
    let cells = (maze.width() * maze.height()) as usize;
    if passages != cells - 1 {
        return Some(format!("{passages} passages for {cells} cells"));
    }
    let reached = distances(maze, maze.start());
    if reached.len() != cells {
        return Some(format!("only {} of {cells} cells reached", reached.len()));
    }
    if maze.start() == maze.end() || !inside(maze, maze.end()) {
        return Some(format!("start {} and end {}", maze.start(), maze.end()));
    }
    None
}

/// The distance of every reachable cell from `from`, by breadth-first search.
pub fn distances(maze: &Maze, from: Position) -> std::collections::HashMap<Position, usize> {
    let mut distance = std::collections::HashMap::from([(from, 0)]);
    let mut queue = VecDeque::from([from]);
    while let Some(p) = queue.pop_front() {
        let here = distance[&p];
        for q in open_neighbors(maze, p) {
            if let std::collections::hash_map::Entry::Vacant(entry) = distance.entry(q) {
                entry.insert(here + 1);
                queue.push_back(q);
            }
        }
    }
    distance
}

/// The cells of the shortest path from start to end, found by breadth-first search.
pub fn bfs_path(maze: &Maze) -> Vec<Position> {
    let mut came_from = std::collections::HashMap::new();
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

/// How many passages run east–west, and how many in all.
pub fn passages(maze: &Maze) -> (usize, usize) {
    let mut east_west = 0;
    let mut all = 0;
    for p in all_positions(maze) {
        if p.x + 1 < maze.width() && !maze[p].walls.contains(Direction::EAST) {
            east_west += 1;
            all += 1;
        }
        if p.y + 1 < maze.height() && !maze[p].walls.contains(Direction::SOUTH) {
            all += 1;
        }
    }
    (east_west, all)
}

/// The lengths, in passages, of the straight corridors: the longest runs of passages
/// one after the other along a row or a column.
pub fn corridor_lengths(maze: &Maze) -> Vec<usize> {
    let mut runs = Vec::new();
    let mut count = |open: &mut dyn Iterator<Item = bool>| {
        let mut run = 0;
        for is_open in open {
            if is_open {
                run += 1;
            } else if run > 0 {
                runs.push(run);
                run = 0;
            }
        }
        if run > 0 {
            runs.push(run);
        }
    };
    for y in 0..maze.height() {
        count(&mut (0..maze.width() - 1).map(|x| !maze[(x, y)].walls.contains(Direction::EAST)));
    }
    for x in 0..maze.width() {
        count(&mut (0..maze.height() - 1).map(|y| !maze[(x, y)].walls.contains(Direction::SOUTH)));
    }
    runs
}

/// The number of dead ends: cells with one way out.
pub fn dead_ends(maze: &Maze) -> usize {
    all_positions(maze)
        .into_iter()
        .filter(|&p| open_neighbors(maze, p).len() == 1)
        .count()
}

/// The lengths, in passages, of the branches of the maze: the stretches between two
/// cells that are not simply on the way (junctions and dead ends). A cell with two
/// ways out lies inside a branch; every other cell ends branches.
pub fn branch_lengths(maze: &Maze) -> Vec<usize> {
    let is_node = |p: Position| open_neighbors(maze, p).len() != 2;
    let mut lengths = Vec::new();
    for start in all_positions(maze).into_iter().filter(|&p| is_node(p)) {
        for first in open_neighbors(maze, start) {
            let (mut before, mut here, mut length) = (start, first, 1);
            while !is_node(here) {
                let next = open_neighbors(maze, here)
                    .into_iter()
                    .find(|&q| q != before)
                    .expect("two ways out");
                (before, here, length) = (here, next, length + 1);
            }
            // Each branch is walked from both of its ends; keep it once.
            if (start.y, start.x) < (here.y, here.x) {
                lengths.push(length);
            }
        }
    }
    lengths
}

/// The mean of `values`.
pub fn mean(values: &[f64]) -> f64 {
    values.iter().sum::<f64>() / values.len() as f64
}
