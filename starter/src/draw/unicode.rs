//! The maze in box-drawing characters, for terminals with Unicode (provided code).
//!
//! The layout is the one of the [`text`](crate::draw::text) drawing: three
//! characters a cell across, one line a cell down, a line of walls between rows. The
//! difference is at the corners: each one shows the glyph that joins exactly the
//! walls that meet there (`┌ ┬ ┐ ├ ┼ ┤ └ ┴ ┘ ─ │`), and a wall that stops in the
//! middle of the maze ends with a half line (`╴ ╵ ╶ ╷`). The start shows `S`, the end
//! `E`, and each other cell on the solution's path a middle dot `·`.
//!
//! No line ends in a space, and the drawing ends with a newline.

use crate::direction::Direction;
use crate::draw::{Drawing, Mark, character_grid, wall_on_north_side, wall_on_west_side};
use crate::maze::Maze;

/// The box-drawing picture, as an entry of [`DRAWINGS`](crate::draw::DRAWINGS).
#[derive(Debug, Clone, Copy)]
pub struct Unicode;

impl Drawing for Unicode {
    fn name(&self) -> &'static str {
        "unicode"
    }

    fn about(&self) -> &'static str {
        "box-drawing characters: `┌───┐` corners and `│` walls"
    }

    fn draw(&self, maze: &Maze) -> String {
        draw(maze)
    }
}

/// Draws `maze` with box-drawing characters, with its solution when it has one.
pub fn draw(maze: &Maze) -> String {
    character_grid(maze, '│', wall_line, inside)
}

/// The line of corners and horizontal walls along the north side of row `y`
/// (`y` = height gives the south border).
fn wall_line(maze: &Maze, y: i32) -> String {
    let mut line = String::new();
    for x in 0..maze.width() {
        line.push(corner(maze, x, y));
        line.push_str(if wall_on_north_side(maze, x, y) {
            "───"
        } else {
            "   "
        });
    }
    line.push(corner(maze, maze.width(), y));
    line
}

/// The glyph at the north-west corner of cell (`x`, `y`).
///
/// Four walls can meet at a corner: one going up, one down, one right, one left. A
/// set of directions says which of them stand, so the glyph is looked up by that
/// set's bits (N=1, S=2, E=4, W=8), which run from 0 to 15.
fn corner(maze: &Maze, x: i32, y: i32) -> char {
    let mut arms = Direction::NONE;
    if wall_on_west_side(maze, x, y - 1) {
        arms.insert(Direction::NORTH);
    }
    if wall_on_west_side(maze, x, y) {
        arms.insert(Direction::SOUTH);
    }
    if wall_on_north_side(maze, x, y) {
        arms.insert(Direction::EAST);
    }
    if wall_on_north_side(maze, x - 1, y) {
        arms.insert(Direction::WEST);
    }
    CORNERS[usize::from(arms.bits())]
}

/// The corner glyphs, indexed by the bits of the walls that meet there.
#[rustfmt::skip]
const CORNERS: [char; 16] = [
    ' ', // nothing
    '╵', // N
    '╷', // S
    '│', // N S
    '╶', // E
    '└', // N E
    '┌', // S E
    '├', // N S E
    '╴', // W
    '┘', // N W
    '┐', // S W
    '┤', // N S W
    '─', // E W
    '┴', // N E W
    '┬', // S E W
    '┼', // N S E W
];

/// The three characters inside a cell.
fn inside(mark: Mark) -> &'static str {
    match mark {
        Mark::Start => " S ",
        Mark::End => " E ",
        Mark::Path => " · ",
        Mark::Empty => "   ",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::examples::{created, solved};

    #[test]
    fn the_outer_corners_are_the_four_corner_glyphs() {
        let drawing = draw(&created(5, 5, 1));
        let lines: Vec<&str> = drawing.lines().collect();
        assert!(lines[0].starts_with('┌') && lines[0].ends_with('┐'));
        assert!(lines[10].starts_with('└') && lines[10].ends_with('┘'));
    }

    #[test]
    fn the_drawing_has_the_same_shape_as_the_text_one() {
        let maze = solved(9, 6, 5);
        let unicode = draw(&maze);
        let text = crate::draw::text::draw(&maze);
        assert_eq!(unicode.lines().count(), text.lines().count());
        for (u, t) in unicode.lines().zip(text.lines()) {
            assert_eq!(u.chars().count(), t.chars().count());
        }
    }

    #[test]
    fn corners_join_exactly_the_walls_that_meet_there() {
        // A maze with no inner walls at all: every inner corner is empty, and the
        // border corners are straight lines or the four outer corners.
        let mut maze = created(5, 5, 1);
        for y in 0..5 {
            for x in 0..5 {
                let mut walls = Direction::NONE;
                if y == 0 {
                    walls.insert(Direction::NORTH)
                }
                if y == 4 {
                    walls.insert(Direction::SOUTH)
                }
                if x == 4 {
                    walls.insert(Direction::EAST)
                }
                if x == 0 {
                    walls.insert(Direction::WEST)
                }
                maze[(x, y)].walls = walls;
            }
        }
        assert_eq!(corner(&maze, 2, 2), ' ');
        assert_eq!(corner(&maze, 2, 0), '─');
        assert_eq!(corner(&maze, 0, 3), '│');
        assert_eq!(corner(&maze, 5, 5), '┘');
        // One wall sticking out of the north border into the maze.
        maze[(1, 0)].walls.insert(Direction::EAST);
        maze[(2, 0)].walls.insert(Direction::WEST);
        assert_eq!(corner(&maze, 2, 0), '┬');
        assert_eq!(corner(&maze, 2, 1), '╵');
        // And one crossing in the middle.
        maze[(1, 1)]
            .walls
            .insert(Direction::EAST | Direction::SOUTH);
        maze[(2, 1)]
            .walls
            .insert(Direction::WEST | Direction::SOUTH);
        maze[(1, 2)]
            .walls
            .insert(Direction::NORTH | Direction::EAST);
        maze[(2, 2)]
            .walls
            .insert(Direction::NORTH | Direction::WEST);
        assert_eq!(corner(&maze, 2, 2), '┼');
        assert_eq!(corner(&maze, 1, 2), '╶');
        assert_eq!(corner(&maze, 3, 2), '╴');
        assert_eq!(corner(&maze, 2, 3), '╵');
    }

    #[test]
    fn start_end_and_path_are_marked() {
        let maze = solved(12, 7, 2);
        let drawing = draw(&maze);
        assert_eq!(drawing.matches('S').count(), 1);
        assert_eq!(drawing.matches('E').count(), 1);
        assert_eq!(
            drawing.matches('·').count(),
            maze.solution().unwrap().len() - 1
        );
    }

    #[test]
    fn lines_have_no_trailing_spaces_and_the_drawing_ends_with_a_newline() {
        let drawing = draw(&solved(9, 5, 3));
        assert!(drawing.ends_with('\n'));
        assert!(drawing.lines().all(|line| !line.ends_with(' ')));
    }

    #[test]
    fn snapshot_5x5() {
        insta::assert_snapshot!(draw(&created(5, 5, 1)));
    }

    #[test]
    fn snapshot_5x5_solved() {
        insta::assert_snapshot!(draw(&solved(5, 5, 1)));
    }

    #[test]
    fn snapshot_12x7() {
        insta::assert_snapshot!(draw(&created(12, 7, 42)));
    }

    #[test]
    fn snapshot_12x7_solved() {
        insta::assert_snapshot!(draw(&solved(12, 7, 42)));
    }

    #[test]
    fn snapshot_5x12_solved() {
        insta::assert_snapshot!(draw(&solved(5, 12, 7)));
    }
}
