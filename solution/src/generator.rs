//! What a generator is: the trait every way of creating a maze implements, what it
//! is told besides the size ([`Settings`], with Part 3's [`Favor`] and [`Root`]) and
//! what the Part 3 and Part 4 generators hand back ([`Ends`]) (provided code).
//!
//! This module stands apart from the list of generators (`generate::GENERATORS`) so
//! that the generators can use it and the list can name them without either
//! importing the other. A new generator is a file that implements [`Generator`] and
//! one entry in that list.

use std::fmt;

use crate::error::MazeError;
use crate::maze::Maze;
use crate::position::Position;
use crate::rng::MazeRng;

// ANCHOR: generator
/// One way of creating a perfect maze.
pub trait Generator: fmt::Debug + Sync {
    /// The generator's name, as given on the command line (`--algorithm prim`).
    fn name(&self) -> &'static str;

    /// One line saying what its mazes look like, for `--help`.
    fn about(&self) -> &'static str;

    /// A created `width` × `height` maze, made with `rng` and the `settings` this
    /// generator reads; an error when the size (or a setting it reads) is not allowed.
    fn generate(
        &self,
        width: i32,
        height: i32,
        settings: &Settings,
        rng: &mut MazeRng,
    ) -> Result<Maze, MazeError>;
}
// ANCHOR_END: generator

// ANCHOR: settings
/// What the generators may be told besides the size. Each one reads only its own
/// settings: the backtracker the complexity, the weighted generator the favor and the
/// root; Prim's generator reads none.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Settings {
    /// Part 1's complexity, 0..=1: 0 makes long corridors, 1 many turns.
    pub complexity: f64,
    /// Part 3: which links the weighted generator prefers.
    pub favor: Favor,
    /// Part 3: where the weighted generator's tree starts.
    pub root: Root,
}

impl Default for Settings {
    /// Complexity 0.5, no favor, the root in the corner: the command line's defaults.
    fn default() -> Settings {
        Settings {
            complexity: 0.5,
            favor: Favor::None,
            root: Root::Corner,
        }
    }
}
// ANCHOR_END: settings

// ANCHOR: ends
/// Where a generated maze starts and ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ends {
    /// The cell the player or solver starts from.
    pub start: Position,
    /// The cell to reach.
    pub end: Position,
}
// ANCHOR_END: ends

// ANCHOR: favor
/// Which links the weighted generator prefers, and so the maze's texture.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Favor {
    /// Every link weighs 1: no texture.
    None,
    /// A link weighs its age squared: old links win, which makes long paths.
    Age,
    /// An east–west link weighs 5, any other 1: long horizontal corridors.
    Horizontal,
    /// A north–south link weighs 5, any other 1: long vertical corridors.
    Vertical,
    /// A link that turns weighs 10, one that goes straight on 1: zigzag walls.
    ZigZag,
    /// A link that goes straight on weighs 10, one that turns 1: long straight runs.
    Straight,
}
// ANCHOR_END: favor

impl Favor {
    /// Every favor, in the order the command line and the figures list them.
    pub const ALL: [Favor; 6] = [
        Favor::None,
        Favor::Age,
        Favor::Horizontal,
        Favor::Vertical,
        Favor::ZigZag,
        Favor::Straight,
    ];

    /// The favor's name on the command line (`--favor zigzag`).
    pub fn name(self) -> &'static str {
        match self {
            Favor::None => "none",
            Favor::Age => "age",
            Favor::Horizontal => "horizontal",
            Favor::Vertical => "vertical",
            Favor::ZigZag => "zigzag",
            Favor::Straight => "straight",
        }
    }

    /// One line on what the favor does, for `--help`.
    pub fn about(self) -> &'static str {
        match self {
            Favor::None => "every link alike: no texture",
            Favor::Age => "links waiting longest first: long paths",
            Favor::Horizontal => "east-west links 5 times as likely: wide corridors",
            Favor::Vertical => "north-south links 5 times as likely: tall corridors",
            Favor::ZigZag => "turning links 10 times as likely: zigzag walls",
            Favor::Straight => "straight-on links 10 times as likely: long straight runs",
        }
    }
}

// ANCHOR: root
/// Where the tree starts growing; the start of the maze is this cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Root {
    /// The top-left cell, (0, 0), as in the source article.
    Corner,
    /// The middle cell, (width / 2, height / 2) rounded down.
    Center,
}
// ANCHOR_END: root

impl Root {
    /// Both roots, in the order the command line lists them.
    pub const ALL: [Root; 2] = [Root::Corner, Root::Center];

    /// The root's name on the command line (`--root center`).
    pub fn name(self) -> &'static str {
        match self {
            Root::Corner => "corner",
            Root::Center => "center",
        }
    }

    /// One line on where the tree starts, for `--help`.
    pub fn about(self) -> &'static str {
        match self {
            Root::Corner => "the top-left cell",
            Root::Center => "the middle cell",
        }
    }

    /// The root cell of a `width` × `height` grid.
    pub fn position(self, width: i32, height: i32) -> Position {
        match self {
            Root::Corner => Position::new(0, 0),
            Root::Center => Position::new(width / 2, height / 2),
        }
    }
}
