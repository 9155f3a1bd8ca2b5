//! The errors of Part 1. Each message says what was wrong *and* what is allowed, so
//! that a person who sees it knows how to fix the call without reading the code.

use std::time::Duration;

use crate::constants::{MAX_HEIGHT, MAX_WIDTH, MIN_HEIGHT, MIN_WIDTH};
use crate::position::Position;

// ANCHOR: maze_error
/// Why a maze could not be sized or created.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum MazeError {
    /// The width is outside `MIN_WIDTH..=MAX_WIDTH`.
    #[error("width {0} is outside {MIN_WIDTH}..={MAX_WIDTH}")]
    WidthOutOfRange(i32),
    /// The height is outside `MIN_HEIGHT..=MAX_HEIGHT`.
    #[error("height {0} is outside {MIN_HEIGHT}..={MAX_HEIGHT}")]
    HeightOutOfRange(i32),
    /// The complexity is not a number in `0..=1`.
    #[error("complexity {0} is outside 0..=1 (0 = long corridors, 1 = many turns)")]
    ComplexityOutOfRange(f64),
    /// A start or end position lies outside the maze.
    #[error("{what} {position} is outside the {width}x{height} maze")]
    PositionOutside {
        /// Which position: "start" or "end".
        what: &'static str,
        /// The position given.
        position: Position,
        /// The maze's width.
        width: i32,
        /// The maze's height.
        height: i32,
    },
    /// Start and end are the same cell.
    #[error("start and end are both {0}; they must be different cells")]
    StartIsEnd(Position),
}
// ANCHOR_END: maze_error

// ANCHOR: solve_error
/// Why a maze could not be solved.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// `solve` was called before `create`.
    #[error("the maze has not been created yet: call create before solve")]
    NotCreated,
    /// A path grew longer than the maze has cells, which only a maze with a loop allows.
    #[error(
        "a path grew to {moves} moves, more than the {cells} cells of the maze: the maze has a loop"
    )]
    PathTooLong {
        /// How long the path had grown.
        moves: usize,
        /// How many cells the maze has.
        cells: usize,
    },
    /// Every path from the start ended in a dead end.
    #[error("every path from the start ends in a dead end: the end {0} cannot be reached")]
    NoPath(Position),
    /// No task reached the end within the time allowed.
    #[error("no path to the end was found within {} s", .0.as_secs_f64())]
    Timeout(Duration),
}
// ANCHOR_END: solve_error

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_error_message_says_what_is_allowed() {
        let messages = [
            MazeError::WidthOutOfRange(4).to_string(),
            MazeError::HeightOutOfRange(51).to_string(),
            MazeError::ComplexityOutOfRange(1.5).to_string(),
            MazeError::ComplexityOutOfRange(f64::NAN).to_string(),
            MazeError::PositionOutside {
                what: "end",
                position: Position::new(7, 2),
                width: 6,
                height: 5,
            }
            .to_string(),
            MazeError::StartIsEnd(Position::new(1, 1)).to_string(),
            SolveError::NotCreated.to_string(),
            SolveError::PathTooLong {
                moves: 26,
                cells: 25,
            }
            .to_string(),
            SolveError::NoPath(Position::new(4, 0)).to_string(),
            SolveError::Timeout(Duration::from_millis(2500)).to_string(),
        ];
        insta::assert_snapshot!(messages.join("\n"));
    }
}
