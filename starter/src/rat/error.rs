//! The errors of Part 2.
//!
//! [`RatError`] is what the maze itself refuses (a size out of range, joining two
//! rooms that are not side by side). [`FormatError`] is what the file reader refuses:
//! it always names the line and column (both counted from 1) where the trouble is,
//! and says what was expected there, so a person can fix the file in an editor.

use super::MAX_SIZE;

// ANCHOR: rat_error
/// Why a maze could not be made or changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RatError {
    /// The size n is outside `1..=MAX_SIZE`.
    #[error("maze size {0} is outside 1..={MAX_SIZE}")]
    SizeOutOfRange(usize),
    /// Two rooms that do not share a wall (or are not in the maze) cannot be joined.
    #[error(
        "rooms {a} and {b} are not side by side in the {size}x{size} maze; \
         only rooms next to each other (north, south, east or west) can be joined"
    )]
    NotAdjacent {
        /// The first room.
        a: usize,
        /// The second room.
        b: usize,
        /// The maze's size n.
        size: usize,
    },
}
// ANCHOR_END: rat_error

/// Why a text is not a maze file: where, and what was wrong there.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct FormatError {
    /// The line of the problem, counted from 1.
    pub line: usize,
    /// The column of the problem, counted from 1 in characters (a tab counts as one).
    pub column: usize,
    /// What was wrong.
    pub kind: FormatErrorKind,
}

/// What was wrong in a maze file. Texts quoted from the file (`found`) are shortened
/// when long and show invisible characters as escapes such as `\r`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FormatErrorKind {
    /// The file is empty or holds nothing but white space.
    #[error("the file is empty or blank; expected the maze size n (1 to {MAX_SIZE}) on line 1")]
    Empty,
    /// Line 1 is blank although later lines are not.
    #[error("expected the maze size n (1 to {MAX_SIZE}) on line 1, found an empty line")]
    MissingSize,
    /// The size is not a whole number.
    #[error("expected the maze size n, a whole number from 1 to {MAX_SIZE}, found `{found}`")]
    SizeNotANumber {
        /// The text found instead.
        found: String,
    },
    /// The size is 0.
    #[error("the maze size is 0; it must be from 1 to {MAX_SIZE}")]
    SizeIsZero,
    /// The size is larger than [`MAX_SIZE`].
    #[error("the maze size {found} is larger than the limit of {MAX_SIZE}")]
    SizeTooLarge {
        /// The size as written in the file (it may not even fit in a number).
        found: String,
    },
    /// Line 1 holds more than the size.
    #[error("expected only the maze size on line 1, found `{found}` after it")]
    TextAfterSize {
        /// The first extra text.
        found: String,
    },
    /// A door value is neither 0 nor 1.
    #[error("expected 0 (open) or 1 (closed) for the {door} door of room {room}, found `{found}`")]
    BadDoor {
        /// The room whose line this is.
        room: usize,
        /// Which door: "north", "south", "east" or "west".
        door: &'static str,
        /// The text found instead.
        found: String,
    },
    /// A room line ends before its four door values (a short or empty line).
    #[error(
        "expected the {door} door of room {room} (0 or 1), found the end of the line; \
         each room needs 4 values: north south east west"
    )]
    MissingDoor {
        /// The room whose line this is.
        room: usize,
        /// The first door missing: "north", "south", "east" or "west".
        door: &'static str,
    },
    /// A room line holds more than four values.
    #[error(
        "room {room} already has its 4 doors (north south east west), found `{found}` after them"
    )]
    ExtraValue {
        /// The room whose line this is.
        room: usize,
        /// The first extra text.
        found: String,
    },
    /// The file ends before every room has its line.
    #[error("the file ends after {found} of the {expected} rooms of a {size}x{size} maze")]
    TooFewRooms {
        /// How many room lines were read.
        found: usize,
        /// How many rooms the maze has (n²).
        expected: usize,
        /// The maze's size n.
        size: usize,
    },
    /// A room line follows the last room.
    #[error(
        "found a line of doors after the last room; a {size}x{size} maze has exactly {expected} rooms"
    )]
    TooManyRooms {
        /// How many rooms the maze has (n²).
        expected: usize,
        /// The maze's size n.
        size: usize,
    },
    /// Text other than a room line follows the last room.
    #[error("expected nothing after the last room, found `{found}`")]
    TrailingText {
        /// The first extra text.
        found: String,
    },
}
