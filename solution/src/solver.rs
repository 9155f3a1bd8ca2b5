//! Every way the kit knows to solve a maze, in one list (provided code).
//!
//! Part 1's parallel search ([`Maze::solve`]) and Part 4's backtracking search
//! ([`backtrack`](crate::backtrack)) each implement [`Solver`] (in
//! [`solving`](crate::solving), which they and this list both use), and [`SOLVERS`]
//! lists them; `maze solve --solver` offers exactly that list.

use crate::backtrack::Backtracking;
use crate::direction::Direction;
use crate::error::SolveError;
use crate::maze::Maze;

// The trait and its helper by the paths the driver, the tests and students' code use
// (`maze::solver::directions_along`).
pub use crate::solving::{Solver, directions_along};

// ANCHOR: solvers
/// Every solver, in the order the command line lists them; the first is the default.
pub const SOLVERS: [&dyn Solver; 2] = [&Parallel, &Backtracking];
// ANCHOR_END: solvers

/// The solver called `name`, if there is one.
pub fn find(name: &str) -> Option<&'static dyn Solver> {
    SOLVERS.into_iter().find(|solver| solver.name() == name)
}

/// Part 1's parallel search, [`Maze::solve`].
#[derive(Debug, Clone, Copy)]
pub struct Parallel;

impl Solver for Parallel {
    fn name(&self) -> &'static str {
        "parallel"
    }

    fn about(&self) -> &'static str {
        "Part 1: a task per branch, the first to reach the end wins"
    }

    fn solve(&self, maze: &mut Maze) -> Result<Vec<Direction>, SolveError> {
        maze.solve()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_distinct_and_found_again() {
        assert_eq!(find("parallel").unwrap().name(), "parallel");
        assert_eq!(find("backtrack").unwrap().name(), "backtrack");
        assert!(find("astar").is_none());
    }
}
