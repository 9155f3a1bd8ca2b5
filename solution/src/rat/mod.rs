//! Part 2: the rat in a maze.
//!
//! A rat starts in the upper-left room of an n×n maze and looks for the bottom-right
//! room. Rooms are numbered row by row from 0 (the start) to n² − 1 (the goal), and
//! every room has four doors of its own; two rooms are joined by a passage only when
//! *both* facing doors are open, so a door can be open on one side and closed on the
//! other. This part of the kit is built from small pieces, each in its own file, in
//! the order the handout teaches them:
//!
//! - [`Stack`], [`Queue`] and [`DisjointSet`]: your own data structures (handout §7.1,
//!   §7.2 and §7.3);
//! - [`RatMaze`]: the rooms and their doors (handout §7.4);
//! - [`read`] and [`write`]: the text file format (provided);
//! - [`generate`] and [`generate_perfect`]: random mazes from a disjoint set (handout §7.5);
//! - [`bfs`] and [`dfs`]: breadth- and depth-first search for the goal (handout §7.6);
//! - [`report`] and [`draw`]: the text the program prints (provided).
//!
//! Generating, searching and drawing stay apart: the generators change a maze, the
//! searches only read one, and the report only formats what the searches return.

pub mod disjoint_set;
pub mod error;
pub mod format;
pub mod generate;
pub mod maze;
pub mod queue;
pub mod report;
pub mod search;
pub mod stack;

pub use disjoint_set::DisjointSet;
pub use error::{FormatError, FormatErrorKind, RatError};
pub use format::{read, write};
pub use generate::{generate, generate_perfect};
pub use maze::RatMaze;
pub use queue::Queue;
pub use report::{draw, report};
pub use search::{SEARCHES, Search, SearchResult, bfs, dfs};
pub use stack::Stack;

// ANCHOR: max_size
/// The largest maze size n allowed (a maze of n × n rooms).
///
/// A million rooms is far more than a terminal can show, and keeps every room
/// number small enough for the random generator's `i32` ranges.
pub const MAX_SIZE: usize = 1000;
// ANCHOR_END: max_size
