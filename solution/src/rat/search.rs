//! Breadth-first and depth-first search from the start room to the goal.
//!
//! Both searches are the same loop; only the container of rooms still to look at
//! differs. [`bfs`] uses your [`Queue`](super::Queue), so it takes rooms out in the
//! order it found them and looks at every room one step away before any room two
//! steps away: its path is a shortest one. [`dfs`] uses your
//! [`Stack`](super::Stack), so it always goes on from the room it found last.
//!
//! The loop, with "put in" and "take out" being enqueue and dequeue, or push and pop:
//!
//! 1. put in room 0 and mark it visited;
//! 2. while the container is not empty: take out a room and add it to
//!    [`visited`](SearchResult::visited); if it is the goal, stop; otherwise, for each
//!    room joined to it by a passage, in north, south, east, west order
//!    ([`RatMaze::neighbors`]), that is not marked visited yet: put it in, mark it
//!    visited and remember which room it was found from.
//!
//! A room is marked when it is *put in*, not when it is taken out, so it is never put
//! in twice. Following "found from" back from the goal gives the path in reverse.
//!
//! [`SEARCHES`] lists both searches by name; the report runs them in that order.

use super::maze::RatMaze;
// BEGIN SOLUTION ONLY
use super::queue::Queue;
use super::stack::Stack;
// END SOLUTION

// ANCHOR: search_result
/// What a search did.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SearchResult {
    /// The rooms in the order they were taken out of the queue or stack, ending with
    /// the goal when it was reached.
    pub visited: Vec<usize>,
    /// The rooms from the start (room 0) to the goal (room n² − 1), each joined to
    /// the next by a passage; empty when the goal cannot be reached.
    pub path: Vec<usize>,
}
// ANCHOR_END: search_result

// ANCHOR: found
impl SearchResult {
    /// Whether the search reached the goal.
    pub fn found(&self) -> bool {
        !self.path.is_empty()
    }
}
// ANCHOR_END: found

// ANCHOR: search
/// A search algorithm with the name the report prints for it.
#[derive(Debug, Clone, Copy)]
pub struct Search {
    /// The name in the report: "BFS" or "DFS".
    pub name: &'static str,
    /// The search itself.
    pub run: fn(&RatMaze) -> SearchResult,
}
// ANCHOR_END: search

// ANCHOR: searches
/// Every search, in the order the report runs them.
pub const SEARCHES: [Search; 2] = [
    Search {
        name: "BFS",
        run: bfs,
    },
    Search {
        name: "DFS",
        run: dfs,
    },
];
// ANCHOR_END: searches

// ANCHOR: bfs
/// Breadth-first search from room 0 to the goal with a [`Queue`](super::Queue), as
/// the [module](self) documentation describes.
pub fn bfs(maze: &RatMaze) -> SearchResult {
    // BEGIN SOLUTION bfs (§7.6): search {maze:?} breadth first with your Queue
    let mut found_from: Vec<Option<usize>> = vec![None; maze.rooms()];
    let mut marked = vec![false; maze.rooms()];
    let mut visited = Vec::new();
    let mut queue = Queue::new();
    queue.enqueue(maze.start());
    marked[maze.start()] = true;
    while let Some(room) = queue.dequeue() {
        visited.push(room);
        if room == maze.goal() {
            let path = path_back(maze, &found_from);
            return SearchResult { visited, path };
        }
        for next in maze.neighbors(room) {
            if !marked[next] {
                queue.enqueue(next);
                marked[next] = true;
                found_from[next] = Some(room);
            }
        }
    }
    SearchResult {
        visited,
        path: Vec::new(),
    }
    // END SOLUTION
}
// ANCHOR_END: bfs

// ANCHOR: dfs
/// Depth-first search from room 0 to the goal with a [`Stack`](super::Stack), as the
/// [module](self) documentation describes.
pub fn dfs(maze: &RatMaze) -> SearchResult {
    // BEGIN SOLUTION dfs (§7.6): search {maze:?} depth first with your Stack
    let mut found_from: Vec<Option<usize>> = vec![None; maze.rooms()];
    let mut marked = vec![false; maze.rooms()];
    let mut visited = Vec::new();
    let mut stack = Stack::new();
    stack.push(maze.start());
    marked[maze.start()] = true;
    while let Some(room) = stack.pop() {
        visited.push(room);
        if room == maze.goal() {
            let path = path_back(maze, &found_from);
            return SearchResult { visited, path };
        }
        for next in maze.neighbors(room) {
            if !marked[next] {
                stack.push(next);
                marked[next] = true;
                found_from[next] = Some(room);
            }
        }
    }
    SearchResult {
        visited,
        path: Vec::new(),
    }
    // END SOLUTION
}
// ANCHOR_END: dfs

// BEGIN SOLUTION ONLY
/// The path from the start to the goal, found by following `found_from` back from
/// the goal and turning the result round.
fn path_back(maze: &RatMaze, found_from: &[Option<usize>]) -> Vec<usize> {
    let mut path = vec![maze.goal()];
    let mut room = maze.goal();
    while let Some(previous) = found_from[room] {
        path.push(previous);
        room = previous;
    }
    path.reverse();
    path
}
// END SOLUTION

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deadline::{Cause, within};
    use crate::direction::Direction;

    /// A maze with the given passages (pairs of rooms side by side).
    fn maze_with(n: usize, passages: &[(usize, usize)]) -> RatMaze {
        let mut maze = RatMaze::new(n).unwrap();
        for &(a, b) in passages {
            maze.open_between(a, b).unwrap();
        }
        maze
    }

    #[test]
    fn a_one_room_maze_is_solved_at_once() {
        within(30, "the test's searches", Cause::RatSearch, || {
            let maze = RatMaze::new(1).unwrap();
            for search in SEARCHES {
                let result = (search.run)(&maze);
                assert_eq!(
                    result,
                    SearchResult {
                        visited: vec![0],
                        path: vec![0]
                    },
                    "{}",
                    search.name
                );
            }
        });
    }

    #[test]
    fn bfs_looks_at_near_rooms_first() {
        within(30, "the test's searches", Cause::RatSearch, || {
            // 0 1 2      all of row 0 and column 0 open, and 1–4, 4–5, 5–8, 3–6, 6–7
            // 3 4 5
            // 6 7 8
            let maze = maze_with(
                3,
                &[
                    (0, 1),
                    (1, 2),
                    (0, 3),
                    (1, 4),
                    (4, 5),
                    (5, 8),
                    (3, 6),
                    (6, 7),
                ],
            );
            let result = bfs(&maze);
            assert_eq!(result.visited, vec![0, 3, 1, 6, 4, 2, 7, 5, 8]);
            assert_eq!(result.path, vec![0, 1, 4, 5, 8]);
        });
    }

    #[test]
    fn dfs_goes_on_from_the_room_found_last() {
        within(30, "the test's searches", Cause::RatSearch, || {
            let maze = maze_with(
                3,
                &[
                    (0, 1),
                    (1, 2),
                    (0, 3),
                    (1, 4),
                    (4, 5),
                    (5, 8),
                    (3, 6),
                    (6, 7),
                ],
            );
            let result = dfs(&maze);
            // From 0: push 3 (south) then 1 (east); pop 1: push 4 (south), 2 (east); pop 2;
            // pop 4: push 5; pop 5: push 8; pop 8.
            assert_eq!(result.visited, vec![0, 1, 2, 4, 5, 8]);
            assert_eq!(result.path, vec![0, 1, 4, 5, 8]);
        });
    }

    #[test]
    fn rooms_are_marked_when_put_in_so_none_is_visited_twice() {
        within(30, "the test's searches", Cause::RatSearch, || {
            // A 2×2 maze with every inner door open: a loop 0–1–3–2–0.
            let maze = maze_with(2, &[(0, 1), (1, 3), (3, 2), (2, 0)]);
            let result = bfs(&maze);
            assert_eq!(result.visited, vec![0, 2, 1, 3]);
            assert_eq!(result.path, vec![0, 2, 3]);
            let result = dfs(&maze);
            // 0 pushes 2 then 1; 1 is popped and finds 3 (2 is already marked).
            assert_eq!(result.visited, vec![0, 1, 3]);
            assert_eq!(result.path, vec![0, 1, 3]);
        });
    }

    #[test]
    fn half_open_doors_are_no_way_through() {
        within(30, "the test's searches", Cause::RatSearch, || {
            let mut maze = maze_with(2, &[(0, 2)]);
            maze.set_door(2, Direction::EAST, true); // 3's west door stays closed
            maze.set_door(1, Direction::SOUTH, true);
            maze.set_door(0, Direction::EAST, true);
            for search in SEARCHES {
                let result = (search.run)(&maze);
                assert_eq!(result.visited, vec![0, 2], "{}", search.name);
                assert!(result.path.is_empty());
                assert!(!result.found());
            }
        });
    }
}
