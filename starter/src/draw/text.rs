//! The maze in plain ASCII, for any terminal (provided code).
//!
//! Every cell is three characters wide and one line high. Corners are `+`,
//! horizontal walls `---` and vertical walls `|`. The start shows `S`, the end `E`,
//! and each other cell on the solution's path a dot. A solved 5 × 5 maze (seed 1):
//!
//! ```text
//! +---+---+---+---+---+
//! |         .   . | E |
//! +   +---+   +   +   +
//! |   | .   . | .   . |
//! +---+   +---+---+   +
//! | .   . | S |   |   |
//! +   +   +   +   +   +
//! | . |   | . |   |   |
//! +   +---+   +   +   +
//! | .   .   . |       |
//! +---+---+---+---+---+
//! ```
//!
//! No line ends in a space, and the drawing ends with a newline.

use crate::draw::{Drawing, Mark, character_grid, wall_on_north_side};
use crate::maze::Maze;

/// The plain ASCII drawing, as an entry of [`DRAWINGS`](crate::draw::DRAWINGS).
#[derive(Debug, Clone, Copy)]
pub struct Text;

impl Drawing for Text {
    fn name(&self) -> &'static str {
        "text"
    }

    fn about(&self) -> &'static str {
        "ASCII: `+---+` corners and `|` walls"
    }

    fn draw(&self, maze: &Maze) -> String {
        draw(maze)
    }
}

/// Draws `maze` in ASCII, with its solution when it has one.
pub fn draw(maze: &Maze) -> String {
    character_grid(maze, '|', wall_line, inside)
}

/// The line of corners and horizontal walls along the north side of row `y`
/// (`y` = height gives the south border).
fn wall_line(maze: &Maze, y: i32) -> String {
    let mut line = String::new();
    for x in 0..maze.width() {
        line.push('+');
        line.push_str(if wall_on_north_side(maze, x, y) {
            "---"
        } else {
            "   "
        });
    }
    line.push('+');
    line
}

/// The three characters inside a cell.
fn inside(mark: Mark) -> &'static str {
    match mark {
        Mark::Start => " S ",
        Mark::End => " E ",
        Mark::Path => " . ",
        Mark::Empty => "   ",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::examples::{created, solved};

    #[test]
    fn the_drawing_has_two_lines_per_row_and_one_more() {
        let drawing = draw(&created(6, 5, 1));
        assert_eq!(drawing.lines().count(), 2 * 5 + 1);
        assert!(drawing.lines().all(|line| line.len() == 4 * 6 + 1));
    }

    #[test]
    fn the_border_is_closed() {
        let drawing = draw(&created(5, 5, 1));
        let lines: Vec<&str> = drawing.lines().collect();
        assert_eq!(lines[0], "+---+---+---+---+---+");
        assert_eq!(lines[10], "+---+---+---+---+---+");
        assert!(lines.iter().all(|line| line.starts_with(['+', '|'])));
        assert!(lines.iter().all(|line| line.ends_with(['+', '|'])));
    }

    #[test]
    fn start_and_end_are_marked_once_each() {
        let drawing = draw(&created(8, 6, 7));
        assert_eq!(drawing.matches('S').count(), 1);
        assert_eq!(drawing.matches('E').count(), 1);
        assert_eq!(drawing.matches('.').count(), 0);
    }

    #[test]
    fn the_start_is_drawn_in_its_cell() {
        let maze = created(8, 6, 7);
        let drawing = draw(&maze);
        let line = drawing
            .lines()
            .nth(2 * maze.start().y as usize + 1)
            .unwrap();
        let column = 4 * maze.start().x as usize + 2;
        assert_eq!(&line[column..=column], "S");
    }

    #[test]
    fn each_cell_of_the_solution_between_start_and_end_gets_a_dot() {
        let maze = solved(12, 7, 2);
        let drawing = draw(&maze);
        let steps = maze.solution().unwrap().len();
        assert_eq!(drawing.matches('.').count(), steps - 1);
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
