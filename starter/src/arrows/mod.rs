//! Part 5: arrow mazes.
//!
//! An arrow maze is a board of squares, each red or blue with an arrow pointing in
//! one of eight directions, some of them circled, and one square that is the
//! target. A player starts on square (1,1) moving *forward*: from a square she may
//! stop on any square along the line her arrow points to, as far as she likes, as
//! long as its colour differs from her square's; squares of her own colour are passed
//! over. While moving *backward* she uses the opposite line instead. Stopping on a
//! circled square turns forward into backward and backward into forward. The puzzle
//! is to reach the target, which counts as "a different colour" for every square.
//!
//! The puzzle becomes a graph search by giving every square two nodes, one for each
//! way of moving, so that "where can I go next" depends on the node alone. This part
//! is built in the order the handout (§10) teaches it, one concern per file:
//!
//! - [`Board`], [`Square`], [`Color`], [`Arrow`]: the puzzle itself (provided);
//! - [`parse`] and [`write`]: the text file format (you write [`parse`]);
//! - [`Graph`] and [`Node`]: the doubled graph (you write [`Graph::new`]);
//! - [`solve`]: breadth-first search and the path (you write it);
//! - [`generate`]: random puzzles with long solutions (provided);
//! - [`draw`]: the board as text or SVG, the graph as SVG, and the path as the
//!   program prints it (provided).
//!
//! Generating, solving and drawing stay apart: the generator makes a board, the
//! search only reads one, and the drawings only format a board and a path.

pub mod board;
pub mod draw;
pub mod error;
pub mod format;
pub mod generate;
pub mod graph;
pub mod search;

pub use board::{Arrow, Board, Color, Square};
pub use error::{ArrowsError, Problem};
pub use format::{Word, lines, parse, words, write};
pub use generate::generate;
pub use graph::{Graph, Node};
pub use search::solve;

// ANCHOR: max_size
/// The largest number of rows, and of columns, a board may have.
///
/// 200 × 200 is 40,000 squares and 80,000 graph nodes: far more than any puzzle a
/// person solves, small enough that a search takes well under a second, and a
/// guard against a file that asks for a board of a billion squares.
pub const MAX_SIZE: usize = 200;
// ANCHOR_END: max_size

/// The square where the player starts: row 1, column 1 (the upper-left corner).
pub const START: (usize, usize) = (1, 1);
