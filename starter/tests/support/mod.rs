//! Helpers shared by the Part 3 and Part 4 tests: a perfectness check and the
//! distances it rests on, read straight from the walls (not through the library's
//! neighbour queries, which are tested elsewhere). What one test file alone uses
//! lives in that file, so each file that includes this module uses all of it.

use std::collections::VecDeque;

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
/// symmetric walls, distinct start and end inside), or `None` when it is. A fault
/// is worded as the grader words it (`checks/model.rs` in the grader): a test and
/// the grader say the same of the same maze.
pub fn imperfection(maze: &Maze) -> Option<String> {
    let mut passages = 0;
    for p in all_positions(maze) {
        for d in Direction::CARDINALS {
            let q = p.moved(d);
            let open = !maze[p].walls.contains(d);
            if !inside(maze, q) {
                if open {
                    return Some(format!(
                        "cell {p} has no {} wall, but that wall is on the border",
                        side_name(d)
                    ));
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
                return Some(format!(
                    "the wall between {p} and {q} is one-sided: {p} has {} {} wall and {q} has {} {} wall",
                    if open { "no" } else { "a" },
                    side_name(d).to_lowercase(),
                    if open { "a" } else { "no" },
                    side_name(back).to_lowercase(),
                ));
            }
            if open && (d == Direction::EAST || d == Direction::SOUTH) {
                passages += 1;
            }
        }
    }
    let cells = (maze.width() * maze.height()) as usize;
    let reached = distances(maze, maze.start());
    if reached.len() != cells {
        return Some(format!(
            "only {} of the {cells} cells can be reached from {}",
            reached.len(),
            maze.start()
        ));
    }
    if passages != cells - 1 {
        return Some(format!(
            "{passages} open walls between cells, but a perfect maze of {cells} cells has exactly {}: there is a loop",
            cells - 1
        ));
    }
    if maze.start() == maze.end() || !inside(maze, maze.end()) {
        return Some(format!("start {} and end {}", maze.start(), maze.end()));
    }
    None
}

/// A side's name, as the grader writes it: `NORTH`.
fn side_name(d: Direction) -> &'static str {
    match d {
        Direction::NORTH => "NORTH",
        Direction::SOUTH => "SOUTH",
        Direction::EAST => "EAST",
        _ => "WEST",
    }
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
