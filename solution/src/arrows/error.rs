//! The errors of Part 5 (provided code).
//!
//! Every rule a board or a board file can break is one variant of [`Problem`], with a
//! message that says what was wrong and what is allowed. An [`ArrowsError`] is a
//! problem and, when it comes from a file, the place in the file where it is: the
//! line and column, both counted from 1. [`Board::new`](super::Board::new) has no
//! file to point into, so its errors have no place; [`ArrowsError::at`] gives them
//! one.
//!
//! Texts quoted from a file (`found`) are kept as they were; the message shortens
//! them when long and shows invisible characters as escapes such as `\r`.
//!
//! An error is judged by its rule (the [`Problem`] variant), its place, and the
//! values in its fields: the numbers and the text found. The words of a `what` field
//! are yours to choose, and the message is this file's `Display` of it all, so
//! neither is compared.

use super::MAX_SIZE;

// ANCHOR: arrows_error
/// Why a board or a board file was refused: the [`Problem`], and where in the file
/// it is when there is a file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ArrowsError {
    /// A problem at a place in a board file.
    #[error("line {line}, column {column}: {problem}")]
    InFile {
        /// The line, counted from 1.
        line: usize,
        /// The column, counted from 1 in characters (a tab counts as one).
        column: usize,
        /// What was wrong there.
        problem: Problem,
    },
    /// A problem with a board made in code, which has no file and so no place.
    #[error("{0}")]
    Board(Problem),
}
// ANCHOR_END: arrows_error

// ANCHOR: arrows_error_impl
impl ArrowsError {
    /// The error for `problem` at `line` and `column` of a file.
    pub fn in_file(line: usize, column: usize, problem: Problem) -> ArrowsError {
        ArrowsError::InFile {
            line,
            column,
            problem,
        }
    }

    /// The same problem placed at `line` and `column` of a file; an error that has a
    /// place already keeps it.
    pub fn at(self, line: usize, column: usize) -> ArrowsError {
        match self {
            ArrowsError::Board(problem) => ArrowsError::in_file(line, column, problem),
            placed => placed,
        }
    }

    /// The line of the problem, or `None` for a board made in code.
    pub fn line(&self) -> Option<usize> {
        match self {
            ArrowsError::InFile { line, .. } => Some(*line),
            ArrowsError::Board(_) => None,
        }
    }

    /// The column of the problem, or `None` for a board made in code.
    pub fn column(&self) -> Option<usize> {
        match self {
            ArrowsError::InFile { column, .. } => Some(*column),
            ArrowsError::Board(_) => None,
        }
    }

    /// What was wrong.
    pub fn problem(&self) -> &Problem {
        match self {
            ArrowsError::InFile { problem, .. } | ArrowsError::Board(problem) => problem,
        }
    }

    /// The name of the rule that was broken (the [`Problem`] variant's name, such as
    /// `"DuplicateSquare"`), for comparing errors without comparing their messages.
    pub fn kind(&self) -> &'static str {
        self.problem().kind()
    }
}
// ANCHOR_END: arrows_error_impl

// ANCHOR: problem
/// A rule of boards and board files, broken.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    /// The file holds nothing but white space.
    #[error("the file is empty or blank; expected the board size `ROWS COLS` on its first line")]
    Empty,
    /// A value that must be a whole number is not one: text that
    /// `str::parse::<usize>` refuses, a number too large for a `usize` included.
    #[error("expected {what}, a whole number, found `{}`", shown(.found))]
    BadNumber {
        /// Which value, in words of your choice: "the number of rows", "the row", ….
        what: &'static str,
        /// The text found instead.
        found: String,
    },
    /// A line ends before all its values.
    #[error(
        "the line ends where {what} should be; the first line is `ROWS COLS` and \
         every other line `R C COLOR CIRCLED DIR`"
    )]
    MissingValue {
        /// The first value missing, in words of your choice: "the number of
        /// columns", "the colour", ….
        what: &'static str,
    },
    /// A line has more values than it should.
    #[error(
        "expected nothing more on this line, found `{}`; the first line is `ROWS COLS` \
         and every other line `R C COLOR CIRCLED DIR`",
        shown(.found)
    )]
    ExtraValue {
        /// The first extra text.
        found: String,
    },
    /// The board has no rows or no columns, or too many. (A size too large for a
    /// `usize` never gets here: it is not a whole number, so it is
    /// [`BadNumber`](Problem::BadNumber).)
    #[error(
        "a board of {rows}x{cols} squares is not allowed; rows and columns must each be \
         from 1 to {MAX_SIZE}"
    )]
    SizeOutOfRange {
        /// The number of rows asked for.
        rows: usize,
        /// The number of columns asked for.
        cols: usize,
    },
    /// A row or column number is not on the board. (A number too large for a `usize`
    /// never gets here: it is not a whole number, so it is
    /// [`BadNumber`](Problem::BadNumber).)
    #[error("{what} {value} is not on the board; {what}s go from 1 to {max}")]
    OutsideBoard {
        /// Which value, in words of your choice: "row" or "column".
        what: &'static str,
        /// The number given.
        value: usize,
        /// The largest row or column of the board.
        max: usize,
    },
    /// A colour that is not `R`, `B` or `X`.
    #[error("expected the colour R (red), B (blue) or X (the target), found `{}`", shown(.found))]
    BadColor {
        /// The text found instead.
        found: String,
    },
    /// A circle mark that is not `C` or `N`.
    #[error("expected C (circled) or N (not circled), found `{}`", shown(.found))]
    BadCircle {
        /// The text found instead.
        found: String,
    },
    /// A direction that is not one of the eight, nor `X`.
    #[error(
        "expected a direction N, NE, E, SE, S, SW, W or NW (or X on the target), found `{}`",
        shown(.found)
    )]
    BadArrow {
        /// The text found instead.
        found: String,
    },
    /// The target's line says `C`.
    #[error("the target cannot be circled: its CIRCLED value must be N")]
    CircledTarget,
    /// The target's line has a direction other than `X`.
    #[error("the target has no arrow: its direction must be X, found `{}`", shown(.found))]
    TargetWithArrow {
        /// The direction found.
        found: String,
    },
    /// A red or blue square's line has the direction `X`.
    #[error(
        "square ({row},{col}) is red or blue, so it needs a direction N, NE, E, SE, S, SW, \
         W or NW; only the target has X"
    )]
    MissingArrow {
        /// The square's row.
        row: usize,
        /// The square's column.
        col: usize,
    },
    /// A square is given a second time.
    #[error(
        "square ({row},{col}) was already given on line {first_line}; every square has exactly one line"
    )]
    DuplicateSquare {
        /// The square's row.
        row: usize,
        /// The square's column.
        col: usize,
        /// The line where it was given first.
        first_line: usize,
    },
    /// A second square is the target.
    #[error(
        "square ({},{}) is a second target after ({},{}); a board has exactly one target",
        .second.0, .second.1, .first.0, .first.1
    )]
    TwoTargets {
        /// The first target, as (row, column).
        first: (usize, usize),
        /// The second target, as (row, column).
        second: (usize, usize),
    },
    /// The file has no line for a square.
    #[error(
        "the file ends without a line for square ({row},{col}); a {rows}x{cols} board \
         needs one line for each of its {} squares",
        .rows * .cols
    )]
    MissingSquare {
        /// The square's row (the first missing square, row by row).
        row: usize,
        /// The square's column.
        col: usize,
        /// The board's rows.
        rows: usize,
        /// The board's columns.
        cols: usize,
    },
    /// No square is the target.
    #[error("the board has no target; exactly one square must have the colour X")]
    NoTarget,
    /// [`Board::new`](super::Board::new) was given the wrong number of squares.
    #[error("a {rows}x{cols} board has {} squares, but {found} were given", .rows * .cols)]
    WrongSquareCount {
        /// The board's rows.
        rows: usize,
        /// The board's columns.
        cols: usize,
        /// How many squares were given.
        found: usize,
    },
    /// [`generate`](super::generate) could not make a board with a long enough
    /// solution.
    #[error(
        "could not make a {rows}x{cols} board whose shortest solution has at least \
         {min_moves} moves through a circled square (the best found had {best}); ask for \
         fewer moves or a larger board"
    )]
    GeneratorGaveUp {
        /// The board's rows.
        rows: usize,
        /// The board's columns.
        cols: usize,
        /// The number of moves asked for.
        min_moves: usize,
        /// The most moves of a board it made.
        best: usize,
    },
}
// ANCHOR_END: problem

impl Problem {
    /// The variant's name, such as `"DuplicateSquare"`.
    pub fn kind(&self) -> &'static str {
        match self {
            Problem::Empty => "Empty",
            Problem::BadNumber { .. } => "BadNumber",
            Problem::MissingValue { .. } => "MissingValue",
            Problem::ExtraValue { .. } => "ExtraValue",
            Problem::SizeOutOfRange { .. } => "SizeOutOfRange",
            Problem::OutsideBoard { .. } => "OutsideBoard",
            Problem::BadColor { .. } => "BadColor",
            Problem::BadCircle { .. } => "BadCircle",
            Problem::BadArrow { .. } => "BadArrow",
            Problem::CircledTarget => "CircledTarget",
            Problem::TargetWithArrow { .. } => "TargetWithArrow",
            Problem::MissingArrow { .. } => "MissingArrow",
            Problem::DuplicateSquare { .. } => "DuplicateSquare",
            Problem::TwoTargets { .. } => "TwoTargets",
            Problem::MissingSquare { .. } => "MissingSquare",
            Problem::NoTarget => "NoTarget",
            Problem::WrongSquareCount { .. } => "WrongSquareCount",
            Problem::GeneratorGaveUp { .. } => "GeneratorGaveUp",
        }
    }
}

/// Quoted texts longer than this many characters are cut short in messages.
const MAX_SHOWN: usize = 20;

/// A text from a file as a message shows it: invisible characters escaped, and cut
/// short with `…` after [`MAX_SHOWN`] characters.
fn shown(text: &str) -> String {
    let mut result: String = text
        .chars()
        .take(MAX_SHOWN)
        .collect::<String>()
        .escape_debug()
        .to_string();
    if text.chars().count() > MAX_SHOWN {
        result.push('…');
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_error_names_its_line_and_column() {
        let error = ArrowsError::in_file(3, 7, Problem::BadColor { found: "G".into() });
        assert_eq!(
            error.to_string(),
            "line 3, column 7: expected the colour R (red), B (blue) or X (the target), found `G`"
        );
        assert_eq!((error.line(), error.column()), (Some(3), Some(7)));
        assert_eq!(error.kind(), "BadColor");
    }

    #[test]
    fn a_board_error_has_no_place_until_given_one() {
        let error = ArrowsError::Board(Problem::NoTarget);
        assert_eq!(error.line(), None);
        assert_eq!(error.column(), None);
        let placed = error.at(9, 1);
        assert_eq!(placed.line(), Some(9));
        assert_eq!(placed.at(2, 2).line(), Some(9), "a place is kept");
    }

    #[test]
    fn quoted_text_is_escaped_and_shortened() {
        let error = Problem::BadArrow {
            found: format!("N\r{}", "x".repeat(30)),
        };
        let message = error.to_string();
        assert!(
            message.ends_with(&format!("`N\\r{}…`", "x".repeat(18))),
            "{message}"
        );
    }
}
