//! The limits every maze keeps. A maze smaller than 5×5 is not much of a puzzle and
//! one larger than 50×50 no longer fits a terminal, so sizes outside these bounds
//! are refused with an error rather than clamped.

// ANCHOR: limits
/// The narrowest maze, in cells.
pub const MIN_WIDTH: i32 = 5;
/// The widest maze, in cells.
pub const MAX_WIDTH: i32 = 50;
/// The shortest maze, in cells.
pub const MIN_HEIGHT: i32 = 5;
/// The tallest maze, in cells.
pub const MAX_HEIGHT: i32 = 50;
// ANCHOR_END: limits
