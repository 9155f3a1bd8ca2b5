//! Part 4: the maze game's recursive backtracking solver, with its recursion made
//! explicit.
//!
//! The source's solver is a recursive function: to search from a cell, mark it as
//! searched, then search from each open neighbour in turn; a neighbour that reaches
//! the end makes this cell part of the path, and a cell whose neighbours all fail is a
//! dead end, so the search backs up ("backtracks") to the cell before.
//!
//! Written as real recursion, the search goes one call deeper per cell of the path,
//! and a 50×50 maze can have a path of 2,500 cells: enough to overflow a thread's
//! stack. So the calls live in a `Vec` instead, one frame per cell on the way: the
//! cell and how many of its directions it has tried. Entering a neighbour pushes a
//! frame (a call), a dead end pops one (a return). The heap holds the frames, so the
//! depth is bounded only by the number of cells, and when the end is reached the
//! frames on the stack *are* the path.

use crate::direction::Direction;
use crate::error::SolveError;
use crate::maze::Maze;
use crate::position::Position;
use crate::solving::{Solver, directions_along};

// ANCHOR: backtrack_order
/// The order in which the source's solver tries a cell's neighbours: east, south,
/// west, north (its code checks the right, down, left and up cells in that order).
pub const BACKTRACK_ORDER: [Direction; 4] = [
    Direction::EAST,
    Direction::SOUTH,
    Direction::WEST,
    Direction::NORTH,
];
// ANCHOR_END: backtrack_order

// ANCHOR: solve_backtracking
/// The cells from the maze's start to its end (both included), found by depth-first
/// backtracking.
///
/// From the start, try the directions of [`BACKTRACK_ORDER`] in turn, skipping a
/// direction with a wall, one that leaves the grid and a cell already searched; go
/// into the first that is left, and do the same there. A cell with nothing left to
/// try is a dead end: go back to the cell before and try its next direction. Stop at
/// the end. Keep the cells on the way in a `Vec` (a stack), not in recursive calls,
/// so that a 50×50 maze cannot overflow the thread's stack.
///
/// Errors: [`SolveError::NotCreated`] when the maze is not created;
/// [`SolveError::NoPath`] when every way from the start ends in a dead end.
pub fn solve_backtracking(maze: &Maze) -> Result<Vec<Position>, SolveError> {
    // TODO (handout §9.2): write solve_backtracking.
    todo!(
        "solve_backtracking (handout §9.2): find the cells from the start {:?} to the end {:?} with a stack",
        maze.start,
        maze.end
    )
}
// ANCHOR_END: solve_backtracking

/// Part 4's backtracking solver, for the list of solvers.
#[derive(Debug, Clone, Copy)]
pub struct Backtracking;

impl Solver for Backtracking {
    fn name(&self) -> &'static str {
        "backtrack"
    }

    fn about(&self) -> &'static str {
        "Part 4: depth-first backtracking on one thread"
    }

    fn solve(&self, maze: &mut Maze) -> Result<Vec<Direction>, SolveError> {
        let path = solve_backtracking(maze)?;
        let directions = directions_along(&path);
        maze.set_solution(directions.clone());
        Ok(directions)
    }
}
