//! The maze as an SVG picture, which any web browser opens (provided code).
//!
//! Every cell is a 20 × 20 square and the picture has a 10-unit margin, so every
//! coordinate is a whole number and the same maze always gives the very same file.
//! On a white background the picture shows, from bottom to top:
//!
//! - the start as a green square and the end as a red one,
//! - the solution, when the maze has one, as a blue line through the centres of
//!   its cells,
//! - the walls as black lines, one `<line>` for each straight run of wall.

use crate::draw::{Drawing, solution_path, wall_on_north_side, wall_on_west_side};
use crate::maze::Maze;
use crate::position::Position;

/// The SVG picture, as an entry of [`DRAWINGS`](crate::draw::DRAWINGS).
#[derive(Debug, Clone, Copy)]
pub struct Svg;

impl Drawing for Svg {
    fn name(&self) -> &'static str {
        "svg"
    }

    fn about(&self) -> &'static str {
        "an SVG picture, for a web browser"
    }

    fn draw(&self, maze: &Maze) -> String {
        draw(maze)
    }
}

/// The side of a cell, in SVG units.
const CELL: i32 = 20;
/// The space around the maze, in SVG units.
const MARGIN: i32 = 10;
/// How far the start and end squares stay from their cell's walls.
const INSET: i32 = 4;

const START_COLOUR: &str = "#2a9d3a";
const END_COLOUR: &str = "#d62828";
const SOLUTION_COLOUR: &str = "#3a6ee8";
const WALL_COLOUR: &str = "#000000";

/// Draws `maze` as a standalone SVG document, with its solution when it has one.
pub fn draw(maze: &Maze) -> String {
    let width = maze.width() * CELL + 2 * MARGIN;
    let height = maze.height() * CELL + 2 * MARGIN;
    let mut svg = String::new();
    svg.push_str(&format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\">\n"
    ));
    svg.push_str(&format!(
        "<title>{}x{} maze</title>\n",
        maze.width(),
        maze.height()
    ));
    svg.push_str(&format!(
        "<rect width=\"{width}\" height=\"{height}\" fill=\"white\"/>\n"
    ));

    svg.push_str(&square(maze.start(), START_COLOUR));
    svg.push_str(&square(maze.end(), END_COLOUR));

    let path = solution_path(maze);
    if !path.is_empty() {
        let mut points = Vec::new();
        for position in path {
            let (x, y) = centre(position);
            points.push(format!("{x},{y}"));
        }
        svg.push_str(&format!(
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{SOLUTION_COLOUR}\" stroke-width=\"4\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n",
            points.join(" ")
        ));
    }

    svg.push_str(&format!(
        "<g stroke=\"{WALL_COLOUR}\" stroke-width=\"2\" stroke-linecap=\"square\">\n"
    ));
    for (x1, y1, x2, y2) in wall_runs(maze) {
        svg.push_str(&format!(
            "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\"/>\n"
        ));
    }
    svg.push_str("</g>\n");
    svg.push_str("</svg>\n");
    svg
}

/// A filled square inside the cell at `position`, on a line of its own.
fn square(position: Position, colour: &str) -> String {
    let x = MARGIN + position.x * CELL + INSET;
    let y = MARGIN + position.y * CELL + INSET;
    let side = CELL - 2 * INSET;
    format!("<rect x=\"{x}\" y=\"{y}\" width=\"{side}\" height=\"{side}\" fill=\"{colour}\"/>\n")
}

/// The centre of the cell at `position`, in SVG units.
fn centre(position: Position) -> (i32, i32) {
    (
        MARGIN + position.x * CELL + CELL / 2,
        MARGIN + position.y * CELL + CELL / 2,
    )
}

/// The walls as straight runs `(x1, y1, x2, y2)` in SVG units: first the horizontal
/// ones row line by row line, west to east, then the vertical ones column line by
/// column line, north to south. Joining neighbouring wall pieces into one run keeps
/// the file small.
fn wall_runs(maze: &Maze) -> Vec<(i32, i32, i32, i32)> {
    let mut runs = Vec::new();
    for y in 0..=maze.height() {
        let mut x = 0;
        while x < maze.width() {
            if wall_on_north_side(maze, x, y) {
                let first = x;
                while x < maze.width() && wall_on_north_side(maze, x, y) {
                    x += 1;
                }
                let line_y = MARGIN + y * CELL;
                runs.push((MARGIN + first * CELL, line_y, MARGIN + x * CELL, line_y));
            } else {
                x += 1;
            }
        }
    }
    for x in 0..=maze.width() {
        let mut y = 0;
        while y < maze.height() {
            if wall_on_west_side(maze, x, y) {
                let first = y;
                while y < maze.height() && wall_on_west_side(maze, x, y) {
                    y += 1;
                }
                let line_x = MARGIN + x * CELL;
                runs.push((line_x, MARGIN + first * CELL, line_x, MARGIN + y * CELL));
            } else {
                y += 1;
            }
        }
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::examples::{created, solved};

    #[test]
    fn the_picture_is_a_whole_svg_document_sized_to_the_maze() {
        let svg = draw(&created(12, 7, 1));
        assert!(
            svg.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" width="260" height="160""#)
        );
        assert!(svg.ends_with("</svg>\n"));
    }

    #[test]
    fn start_and_end_are_coloured_squares() {
        let svg = draw(&created(5, 5, 1));
        assert_eq!(svg.matches(START_COLOUR).count(), 1);
        assert_eq!(svg.matches(END_COLOUR).count(), 1);
    }

    #[test]
    fn the_solution_is_a_polyline_only_when_there_is_one() {
        assert!(!draw(&created(5, 5, 1)).contains("<polyline"));
        let maze = solved(5, 5, 1);
        let svg = draw(&maze);
        let line = svg
            .lines()
            .find(|line| line.starts_with("<polyline"))
            .unwrap();
        let (x, y) = centre(maze.start());
        assert!(line.starts_with(&format!(r#"<polyline points="{x},{y} "#)));
    }

    #[test]
    fn the_border_is_four_runs_when_no_inner_wall_touches_it() {
        let mut maze = created(5, 5, 1);
        for y in 0..5 {
            for x in 0..5 {
                maze[(x, y)].walls = crate::direction::Direction::NONE;
            }
        }
        for i in 0..5 {
            maze[(i, 0)]
                .walls
                .insert(crate::direction::Direction::NORTH);
            maze[(i, 4)]
                .walls
                .insert(crate::direction::Direction::SOUTH);
            maze[(0, i)].walls.insert(crate::direction::Direction::WEST);
            maze[(4, i)].walls.insert(crate::direction::Direction::EAST);
        }
        assert_eq!(
            wall_runs(&maze),
            vec![
                (10, 10, 110, 10),
                (10, 110, 110, 110),
                (10, 10, 10, 110),
                (110, 10, 110, 110)
            ]
        );
    }

    #[test]
    fn the_same_maze_gives_the_same_picture() {
        assert_eq!(draw(&solved(20, 10, 9)), draw(&solved(20, 10, 9)));
    }

    #[test]
    fn snapshot_5x5() {
        insta::assert_snapshot!(draw(&created(5, 5, 1)));
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
