//! Every way the kit knows to solve a maze, behind one trait and in one list
//! (provided code).
//!
//! Part 1's parallel search ([`Maze::solve`]) and Part 4's backtracking search
//! ([`backtrack`](crate::backtrack)) each implement [`Solver`], and [`SOLVERS`]
//! lists them; `maze solve --solver` offers exactly that list.

use std::fmt;

use crate::backtrack::Backtracking;
use crate::direction::Direction;
use crate::error::SolveError;
use crate::maze::Maze;
use crate::position::Position;

// ANCHOR: solver
/// One way of solving a maze.
pub trait Solver: fmt::Debug + Sync {
    /// The solver's name, as given on the command line (`--solver backtrack`).
    fn name(&self) -> &'static str;

    /// One line saying how it searches, for `--help`.
    fn about(&self) -> &'static str;

    /// Finds the directions from the start to the end of `maze`, keeps them as the
    /// maze's [`solution`](Maze::solution) and returns them.
    fn solve(&self, maze: &mut Maze) -> Result<Vec<Direction>, SolveError>;
}

/// Every solver, in the order the command line lists them; the first is the default.
pub const SOLVERS: [&dyn Solver; 2] = [&Parallel, &Backtracking];
// ANCHOR_END: solver

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

/// The directions of the steps along `path`, a list of cells each next to the one
/// before: one direction fewer than cells.
pub fn directions_along(path: &[Position]) -> Vec<Direction> {
    path.windows(2)
        .map(|pair| {
            let (from, to) = (pair[0], pair[1]);
            Direction::CARDINALS
                .into_iter()
                .find(|&direction| from.moved(direction) == to)
                .unwrap_or(Direction::NONE)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directions_along_a_path_name_each_step() {
        let path = [
            Position::new(1, 1),
            Position::new(2, 1),
            Position::new(2, 2),
            Position::new(1, 2),
            Position::new(1, 1),
        ];
        assert_eq!(
            directions_along(&path),
            vec![
                Direction::EAST,
                Direction::SOUTH,
                Direction::WEST,
                Direction::NORTH
            ]
        );
        assert!(directions_along(&path[..1]).is_empty());
    }

    #[test]
    fn names_are_distinct_and_found_again() {
        assert_eq!(find("parallel").unwrap().name(), "parallel");
        assert_eq!(find("backtrack").unwrap().name(), "backtrack");
        assert!(find("astar").is_none());
    }
}
