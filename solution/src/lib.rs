//! # Perfect Mazes
//!
//! A library that creates and solves *perfect* mazes: rectangular grids of cells in
//! which exactly one path joins any two cells. Part 1 builds the maze from a handful
//! of small types ([`Direction`], [`Position`], [`MazeCell`], [`MazeCellArray`]) up to
//! [`Maze`], which carves a maze with a randomised depth-first search and solves it
//! with parallel tasks. Part 2 ([`rat`]) is the "rat in a maze" project: a file
//! format, your own stack, queue and disjoint set, and breadth- and depth-first search.
//! Part 3 ([`texture`]) grows mazes with a texture from a weighted random spanning
//! tree; Part 4 makes Prim-style mazes ([`prim`]), solves them by backtracking
//! ([`backtrack`]) and plays them ([`game`]).
//! Part 5 ([`arrows`]) solves arrow mazes by breadth-first search in a graph with two
//! nodes for every square.
//!
//! The modules are in the order the handout teaches them. [`MazeRng`], [`json`],
//! [`draw`], the lists of generators ([`generate`]) and solvers ([`solver`]), what a
//! generator and a solver are ([`generator`], [`solving`]) and the game's rules
//! ([`game`]) are provided: use them as they are.

pub mod arrows;
pub mod backtrack;
pub mod cell;
pub mod cell_array;
pub mod constants;
pub mod direction;
pub mod draw;
pub mod error;
pub mod game;
pub mod generate;
pub mod generator;
pub mod json;
pub mod maze;
pub mod position;
pub mod prim;
pub mod rat;
pub mod rng;
mod solve;
pub mod solver;
pub mod solving;
pub mod texture;

// The unit tests' deadline for code that could loop for ever: the same file the
// integration tests include (`tests/deadline/mod.rs`), so it is written once.
#[cfg(test)]
#[path = "../tests/deadline/mod.rs"]
mod deadline;

pub use cell::MazeCell;
pub use cell_array::MazeCellArray;
pub use constants::{MAX_HEIGHT, MAX_WIDTH, MIN_HEIGHT, MIN_WIDTH};
pub use direction::{Direction, DirectionExt};
pub use error::{MazeError, SolveError};
pub use maze::Maze;
pub use position::Position;
pub use rng::MazeRng;
