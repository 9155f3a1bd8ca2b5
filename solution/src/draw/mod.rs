//! Drawings of a maze (provided code).
//!
//! Each drawing style lives in a file of its own ([`text`], [`unicode`], [`svg`]) with
//! a `draw` function that takes a [`Maze`] and returns the whole picture as a
//! `String`. When the maze has been solved, the picture shows its
//! [`solution`](Maze::solution) too.
//!
//! Every style also implements the [`Drawing`] trait, and [`DRAWINGS`] lists them
//! all. The `maze` command line offers exactly the styles of that list, so adding a
//! style is adding a file and one entry to the list, nothing else.
//!
//! All styles see the walls the same way, through [`wall_on_west_side`] and
//! [`wall_on_north_side`]: a wall is drawn where either of the two cells it
//! separates has it. In a well-made maze both cells agree, and if they do not (a
//! bug), the drawing still shows that something is there.

pub mod svg;
pub mod text;
pub mod unicode;

use std::fmt;

use crate::direction::Direction;
use crate::maze::Maze;
use crate::position::Position;

pub use svg::Svg;
pub use text::Text;
pub use unicode::Unicode;

/// One style of drawing a maze.
pub trait Drawing: fmt::Debug + Sync {
    /// The style's name, as given on the command line (`--format text`).
    fn name(&self) -> &'static str;

    /// One line saying what the drawing looks like, for `--help`.
    fn about(&self) -> &'static str;

    /// Draws `maze`, with its solution when it has one.
    fn draw(&self, maze: &Maze) -> String;
}

/// Every drawing style, in the order the command line lists them.
pub const DRAWINGS: [&dyn Drawing; 3] = [&Text, &Unicode, &Svg];

/// The drawing style called `name`, if there is one.
pub fn find(name: &str) -> Option<&'static dyn Drawing> {
    DRAWINGS.into_iter().find(|drawing| drawing.name() == name)
}

/// Whether a wall stands on the west side of cell (`x`, `y`), that is between
/// cells (`x` − 1, `y`) and (`x`, `y`).
///
/// `x` may be the maze's width: that asks for the east border of row `y`.
/// Outside the maze there are no walls.
pub fn wall_on_west_side(maze: &Maze, x: i32, y: i32) -> bool {
    has_wall(maze, Position::new(x, y), Direction::WEST)
        || has_wall(maze, Position::new(x - 1, y), Direction::EAST)
}

/// Whether a wall stands on the north side of cell (`x`, `y`), that is between
/// cells (`x`, `y` − 1) and (`x`, `y`).
///
/// `y` may be the maze's height: that asks for the south border of column `x`.
/// Outside the maze there are no walls.
pub fn wall_on_north_side(maze: &Maze, x: i32, y: i32) -> bool {
    has_wall(maze, Position::new(x, y), Direction::NORTH)
        || has_wall(maze, Position::new(x, y - 1), Direction::SOUTH)
}

/// Whether the cell at `position` exists and has a wall on its `side`.
fn has_wall(maze: &Maze, position: Position, side: Direction) -> bool {
    maze.cells().contains(position) && maze[position].walls.contains(side)
}

/// The cells the maze's solution passes through, from the start to the end, or an
/// empty list when the maze has no solution.
///
/// A step that would leave the maze ends the list there, so a drawing never has to
/// deal with positions outside the maze.
pub fn solution_path(maze: &Maze) -> Vec<Position> {
    let Some(solution) = maze.solution() else {
        return Vec::new();
    };
    let mut position = maze.start();
    let mut path = vec![position];
    for &direction in solution {
        position = position.moved(direction);
        if !maze.cells().contains(position) {
            break;
        }
        path.push(position);
    }
    path
}

/// The pieces of a cell that a text drawing shows inside it: the start, the end, a
/// cell on the solution's path, or nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// The cell the solver starts from.
    Start,
    /// The cell the solver must reach.
    End,
    /// A cell on the way from the start to the end.
    Path,
    /// Any other cell.
    Empty,
}

/// What each cell shows, as a grid: `marks[y][x]` is the mark of cell (x, y).
pub fn marks(maze: &Maze) -> Vec<Vec<Mark>> {
    let width = usize::try_from(maze.width()).unwrap_or(0);
    let height = usize::try_from(maze.height()).unwrap_or(0);
    let mut marks = vec![vec![Mark::Empty; width]; height];
    let mut set = |position: Position, mark: Mark| {
        // Positions come from the maze or from `solution_path`, so they are inside
        // and the conversions cannot fail.
        if let (Ok(x), Ok(y)) = (usize::try_from(position.x), usize::try_from(position.y)) {
            marks[y][x] = mark;
        }
    };
    for position in solution_path(maze) {
        set(position, Mark::Path);
    }
    // Start and end go last so that the path never hides them.
    set(maze.start(), Mark::Start);
    set(maze.end(), Mark::End);
    marks
}

/// The layout the two character drawings share: for each row, the line of corners
/// and walls along its north side (`wall_line`), then the row's cells, each after
/// the `vertical` wall or a gap on its west side and drawn as `inside` its mark, then
/// the east border; last, the south border. Lines lose their trailing spaces and the
/// drawing ends with a newline.
pub fn character_grid(
    maze: &Maze,
    vertical: char,
    wall_line: fn(&Maze, i32) -> String,
    inside: fn(Mark) -> &'static str,
) -> String {
    let marks = marks(maze);
    let mut lines = Vec::new();
    for y in 0..maze.height() {
        lines.push(wall_line(maze, y));
        let mut line = String::new();
        for (x, &mark) in (0..maze.width()).zip(&marks[y as usize]) {
            line.push(if wall_on_west_side(maze, x, y) {
                vertical
            } else {
                ' '
            });
            line.push_str(inside(mark));
        }
        line.push(if wall_on_west_side(maze, maze.width(), y) {
            vertical
        } else {
            ' '
        });
        lines.push(line);
    }
    lines.push(wall_line(maze, maze.height()));

    let mut drawing = String::new();
    for line in lines {
        drawing.push_str(line.trim_end());
        drawing.push('\n');
    }
    drawing
}

/// Mazes for the drawings' tests.
#[cfg(test)]
pub(crate) mod examples {
    use crate::maze::Maze;
    use crate::rng::MazeRng;

    /// A created maze.
    pub fn created(width: i32, height: i32, seed: u64) -> Maze {
        let mut maze = Maze::new(width, height).unwrap();
        maze.create(0.5, &mut MazeRng::seed_from_u64(seed)).unwrap();
        maze
    }

    /// A created and solved maze.
    pub fn solved(width: i32, height: i32, seed: u64) -> Maze {
        let mut maze = created(width, height, seed);
        maze.solve().unwrap();
        maze
    }
}

#[cfg(test)]
mod tests {
    use super::examples::created;
    use super::*;

    #[test]
    fn every_drawing_can_be_found_by_its_name() {
        for drawing in DRAWINGS {
            assert_eq!(find(drawing.name()).unwrap().name(), drawing.name());
        }
        assert!(find("json").is_none());
    }

    #[test]
    fn drawing_names_are_distinct() {
        let mut names: Vec<&str> = DRAWINGS.iter().map(|d| d.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), DRAWINGS.len());
    }

    #[test]
    fn the_border_is_a_wall_all_round() {
        let maze = created(7, 5, 3);
        for x in 0..7 {
            assert!(wall_on_north_side(&maze, x, 0));
            assert!(wall_on_north_side(&maze, x, 5));
        }
        for y in 0..5 {
            assert!(wall_on_west_side(&maze, 0, y));
            assert!(wall_on_west_side(&maze, 7, y));
        }
    }

    #[test]
    fn a_wall_on_one_side_only_is_still_seen() {
        let mut maze = created(5, 5, 1);
        maze[(2, 2)].walls = Direction::NONE;
        maze[(1, 2)].walls.insert(Direction::EAST);
        assert!(wall_on_west_side(&maze, 2, 2));
    }

    #[test]
    fn an_unsolved_maze_has_no_path() {
        assert!(solution_path(&created(5, 5, 1)).is_empty());
    }

    #[test]
    fn the_path_runs_from_start_to_end_one_step_at_a_time() {
        let mut maze = created(12, 7, 2);
        let solution = maze.solve().unwrap();
        let path = solution_path(&maze);
        assert_eq!(path.len(), solution.len() + 1);
        assert_eq!(path.first(), Some(&maze.start()));
        assert_eq!(path.last(), Some(&maze.end()));
    }

    #[test]
    fn start_and_end_marks_win_over_the_path() {
        let mut maze = created(6, 5, 4);
        maze.solve().unwrap();
        let marks = marks(&maze);
        let (start, end) = (maze.start(), maze.end());
        assert_eq!(marks[start.y as usize][start.x as usize], Mark::Start);
        assert_eq!(marks[end.y as usize][end.x as usize], Mark::End);
        let on_path = marks.iter().flatten().filter(|&&m| m == Mark::Path).count();
        assert_eq!(on_path, maze.solution().unwrap().len() - 1);
    }
}
