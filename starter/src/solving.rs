//! What a solver is: the trait every way of solving a maze implements, and
//! [`directions_along`], which turns a path of cells into the steps a solver returns
//! (provided code).
//!
//! This module stands apart from the list of solvers (`solver::SOLVERS`) so that the
//! solvers can use it and the list can name them without either importing the other.
//! A new solver is a file that implements [`Solver`] and one entry in that list.

use std::fmt;

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
// ANCHOR_END: solver

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
}
