//! A whole maze: its grid, its start and end, and how it is created.
//!
//! [`Maze::create`] carves a perfect maze with a randomised depth-first search: from
//! the start cell it knocks down the wall to a random untouched neighbour, moves
//! there and repeats, backing up when it reaches a dead end. The complexity decides
//! how often the carver keeps going straight (0: long corridors) rather than picking
//! a new random direction (1: many turns). Solving lives in a module of its own.

use std::ops::{Index, IndexMut};
use std::time::Duration;

use crate::cell::MazeCell;
use crate::cell_array::MazeCellArray;
use crate::constants::{MIN_HEIGHT, MIN_WIDTH};
use crate::direction::Direction;
use crate::error::MazeError;
use crate::position::Position;
use crate::rng::MazeRng;

// ANCHOR: default_solve_timeout
/// How long [`Maze::solve`] searches before giving up, unless told otherwise.
pub const DEFAULT_SOLVE_TIMEOUT: Duration = Duration::from_secs(30);
// ANCHOR_END: default_solve_timeout

// ANCHOR: maze
/// A rectangular maze with a start and an end cell.
#[derive(Debug, Clone)]
pub struct Maze {
    pub(crate) cells: MazeCellArray,
    pub(crate) start: Position,
    pub(crate) end: Position,
    pub(crate) complexity: f64,
    pub(crate) created: bool,
    pub(crate) solution: Option<Vec<Direction>>,
    pub(crate) solve_timeout: Duration,
}
// ANCHOR_END: maze

impl Maze {
    // ANCHOR: new
    /// A `width` × `height` maze with every wall up, not yet created; or an error if
    /// either size is outside 5..=50.
    pub fn new(width: i32, height: i32) -> Result<Maze, MazeError> {
        let mut maze = Maze {
            cells: MazeCellArray::new(MIN_WIDTH, MIN_HEIGHT)?,
            start: Position::new(0, 0),
            end: Position::new(0, 0),
            complexity: 0.0,
            created: false,
            solution: None,
            solve_timeout: DEFAULT_SOLVE_TIMEOUT,
        };
        maze.resize(width, height)?;
        Ok(maze)
    }
    // ANCHOR_END: new

    /// A maze built from a finished grid, such as one read from a file. Start and end
    /// must be different cells inside the grid. The maze counts as created, so it can
    /// be solved; its complexity is unknown and reads as 0.
    pub fn from_cells(
        cells: MazeCellArray,
        start: Position,
        end: Position,
    ) -> Result<Maze, MazeError> {
        for (what, position) in [("start", start), ("end", end)] {
            if !cells.contains(position) {
                return Err(MazeError::PositionOutside {
                    what,
                    position,
                    width: cells.width(),
                    height: cells.height(),
                });
            }
        }
        if start == end {
            return Err(MazeError::StartIsEnd(start));
        }
        Ok(Maze {
            cells,
            start,
            end,
            complexity: 0.0,
            created: true,
            solution: None,
            solve_timeout: DEFAULT_SOLVE_TIMEOUT,
        })
    }

    // ANCHOR: resize
    /// Changes the size to `width` × `height`, puts every wall back up and forgets
    /// any earlier creation and solution. On an error the maze is left as it was.
    pub fn resize(&mut self, width: i32, height: i32) -> Result<(), MazeError> {
        // TODO (handout §5): write Maze::resize.
        todo!(
            "Maze::resize (handout §5): make the maze {width}x{height} cells with every wall up, not yet created or solved"
        )
    }
    // ANCHOR_END: resize

    /// The number of columns.
    pub fn width(&self) -> i32 {
        self.cells.width()
    }

    /// The number of rows.
    pub fn height(&self) -> i32 {
        self.cells.height()
    }

    /// The grid of cells.
    pub fn cells(&self) -> &MazeCellArray {
        &self.cells
    }

    /// The grid of cells, to change (for example to open a wall and make a loop).
    pub fn cells_mut(&mut self) -> &mut MazeCellArray {
        &mut self.cells
    }

    /// The cell the solver starts from.
    pub fn start(&self) -> Position {
        self.start
    }

    /// The cell the solver must reach.
    pub fn end(&self) -> Position {
        self.end
    }

    /// The complexity the maze was created with, from 0 (long corridors) to 1 (many
    /// turns).
    pub fn complexity(&self) -> f64 {
        self.complexity
    }

    /// Whether [`create`](Maze::create) has run (or the maze came finished from
    /// [`from_cells`](Maze::from_cells)).
    pub fn is_created(&self) -> bool {
        self.created
    }

    /// The directions from start to end found by the last successful
    /// [`solve`](Maze::solve), if any.
    pub fn solution(&self) -> Option<&[Direction]> {
        self.solution.as_deref()
    }

    // ANCHOR: set_solve_timeout
    /// Keeps `solution` as the maze's solution without solving, for a solution that
    /// comes from elsewhere, such as a file (the caller has checked that it leads from
    /// start to end).
    pub fn set_solution(&mut self, solution: Vec<Direction>) {
        self.solution = Some(solution);
    }

    /// How long [`solve`](Maze::solve) may search before it gives up with
    /// [`SolveError::Timeout`](crate::SolveError::Timeout). 30 seconds unless changed.
    pub fn set_solve_timeout(&mut self, timeout: Duration) {
        self.solve_timeout = timeout;
    }
    // ANCHOR_END: set_solve_timeout

    // ANCHOR: create
    /// Carves a perfect maze into the grid.
    ///
    /// Puts every wall back up, picks a random start and a different random end, then
    /// carves from the start. The random draws come in this order, which the handout
    /// spells out so that the same seed gives everyone the same maze: start x, start
    /// y, then end x, end y (again until the end differs from the start), then, for
    /// each cell the carver enters that still has an untouched neighbour, one
    /// [`chance`](MazeRng::chance), followed by one [`pick`](MazeRng::pick) among the
    /// remaining directions (in N, S, E, W order) each time it needs a new heading —
    /// a pick from a single direction still draws a number.
    ///
    /// `complexity` must be within 0..=1; otherwise nothing changes and the error
    /// says so.
    pub fn create(&mut self, complexity: f64, rng: &mut MazeRng) -> Result<(), MazeError> {
        // TODO (handout §5): write Maze::create.
        todo!(
            "Maze::create (handout §5): choose a start and an end, then carve the passages with complexity {complexity}, drawing from {rng:?}"
        )
    }
    // ANCHOR_END: create
}

impl Default for Maze {
    /// A 5×5 maze, not yet created.
    fn default() -> Maze {
        Maze::new(MIN_WIDTH, MIN_HEIGHT).expect("the smallest size is always allowed")
    }
}

impl Index<(i32, i32)> for Maze {
    type Output = MazeCell;

    fn index(&self, index: (i32, i32)) -> &MazeCell {
        &self.cells[index]
    }
}

impl IndexMut<(i32, i32)> for Maze {
    fn index_mut(&mut self, index: (i32, i32)) -> &mut MazeCell {
        &mut self.cells[index]
    }
}

impl Index<Position> for Maze {
    type Output = MazeCell;

    fn index(&self, position: Position) -> &MazeCell {
        &self.cells[position]
    }
}

impl IndexMut<Position> for Maze {
    fn index_mut(&mut self, position: Position) -> &mut MazeCell {
        &mut self.cells[position]
    }
}
