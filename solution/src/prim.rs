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
// BEGIN SOLUTION ONLY
use crate::position::Position;
// END SOLUTION
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
    // BEGIN SOLUTION generate_prim (§9.1): carve a Prim maze into {cells:?} with {rng:?}
    cells.reset();
    let width = cells.width();
    let height = cells.height();
    let index = |position: Position| (position.y * width + position.x) as usize;
    let mut in_maze = vec![false; (width * height) as usize];
    let start = Position::new(rng.in_range(cells.x_range()), height - 1);
    // The source forgets to mark its start cell as visited, so a neighbour can later
    // "add" the start a second time and make a loop; here it is marked at once.
    in_maze[index(start)] = true;
    let mut maze = vec![start];
    let mut outside = width * height - 1;
    while outside > 0 {
        let cell = *rng.pick(&maze).expect("the maze holds the start");
        let choices: Vec<Direction> = PRIM_ORDER
            .into_iter()
            .filter(|&direction| {
                let next = cell.moved(direction);
                cells.contains(next) && !in_maze[index(next)]
            })
            .collect();
        let Some(&direction) = rng.pick(&choices) else {
            continue;
        };
        let next = cell.moved(direction);
        cells.remove_cell_wall(cell, direction);
        in_maze[index(next)] = true;
        maze.push(next);
        outside -= 1;
    }
    let end = Position::new(rng.in_range(cells.x_range()), 0);
    Ends { start, end }
    // END SOLUTION
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
