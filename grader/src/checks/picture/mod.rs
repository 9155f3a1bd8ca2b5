//! Pictures for failed checks: the expected result beside the student's, as SVG, with
//! the differences marked and a legend. The grader draws them from numbers alone
//! (walls, cells, squares, steps); the only words in a picture are its own labels,
//! so nothing a submission reports can become markup.
//!
//! Everyone can read them. Each picture is an image with a text alternative (its
//! `<title>` and `aria-label`) that says what differs, counted from the very cells and
//! walls the picture draws. Each difference is told by shape or pattern as well as by
//! colour (thick solid, dashed, hatched, circled, a notched corner), so that a reader
//! who does not tell red from green still sees it, and the legend shows each pattern.
//! The colours are from Okabe and Ito's palette for colour-blind readers, each at
//! least 3:1 against the white ground (WCAG 1.4.11).
//!
//! One file a topic: `side` is what each side of a picture shows, `maze` and `board`
//! draw the two kinds of picture (a maze's walls, paths and searched cells; an arrow
//! board's squares and paths), `words` writes their text alternatives, `walls`,
//! `marks` and `legend` are what they are drawn with, and `cells` turns what the
//! checks hold (steps, rooms, doors) into cells to draw.

mod board;
mod cells;
mod legend;
mod marks;
mod maze;
mod side;
mod walls;
mod words;

#[cfg(test)]
mod samples;

pub use board::boards;
pub use cells::{cells_of, first_wrong, rat_grid, rat_side, room_cell};
pub use maze::{mazes, paths, side_by_side};
pub use side::Drawing;
