//! Part 4: Prim-style mazes, as the maze game of the source article makes them.
//!
//! Every wall starts up. The maze begins as one cell, a random cell of the bottom
//! row. Then, again and again: pick a random cell that is already in the maze and a
//! random neighbour of it that is not, knock down the wall between them and add the
//! neighbour to the maze — until every cell is in. A cell that has no neighbour left
//! outside the maze is simply picked in vain, and the loop draws again.
//!
//! Because every step branches off a cell chosen anywhere in the maze, Prim mazes have
//! many short dead ends and no long corridors: quite unlike Part 1's carver, which
//! runs on until it is stuck.

use crate::cell_array::MazeCellArray;
use crate::direction::Direction;
use crate::error::MazeError;
use crate::generator::{Ends, Generator, Settings};
use crate::maze::Maze;
use crate::rng::MazeRng;

// ANCHOR: neighbour_order
/// The order in which the source lists a cell's neighbours: left, top, right, bottom.
/// The random pick among a cell's neighbours outside the maze follows it.
pub const PRIM_ORDER: [Direction; 4] = [
    Direction::WEST,
    Direction::NORTH,
    Direction::EAST,
    Direction::SOUTH,
];
// ANCHOR_END: neighbour_order

// ANCHOR: generate_prim
/// Carves a Prim-style maze into `cells` and returns its start and end.
///
/// Puts every wall back up first. The random draws come in this order:
///
/// 1. the start's x with `rng.in_range(cells.x_range())`; the start is in the bottom
///    row (y = height − 1) and is the first cell of the maze;
/// 2. until every cell is in the maze: [`pick`](MazeRng::pick) a cell from the list
///    of cells in the maze (in the order they joined); list its neighbours that are
///    not in the maze, in [`PRIM_ORDER`] (west, north, east, south); if there are
///    none, draw again (the cell stays in the list); otherwise `pick` one of them,
///    remove the wall between the two cells and append the neighbour to the list;
/// 3. the end's x with `rng.in_range(cells.x_range())`, a draw of its own; the end
///    is in the top row (y = 0), so it is never the start.
pub fn generate_prim(cells: &mut MazeCellArray, rng: &mut MazeRng) -> Ends {
    // TODO (handout §9.1): write generate_prim.
    todo!("generate_prim (handout §9.1): carve a Prim maze into {cells:?} with {rng:?}")
}
// ANCHOR_END: generate_prim

/// Part 4's Prim-style generator, for the list of generators.
#[derive(Debug, Clone, Copy)]
pub struct Prim;

impl Generator for Prim {
    fn name(&self) -> &'static str {
        "prim"
    }

    fn about(&self) -> &'static str {
        "Part 4: Prim's algorithm as in the maze game: many short dead ends"
    }

    fn generate(
        &self,
        width: i32,
        height: i32,
        _settings: &Settings,
        rng: &mut MazeRng,
    ) -> Result<Maze, MazeError> {
        let mut cells = MazeCellArray::new(width, height)?;
        let ends = generate_prim(&mut cells, rng);
        Maze::from_cells(cells, ends.start, ends.end)
    }
}
