//! The board file format: [`parse`] (you write it) and [`write`] (provided).
//!
//! A board file is plain text. Its first line holds the size, `ROWS COLS`. Every
//! other line describes one square with five values, `R C COLOR CIRCLED DIR`:
//!
//! - `R` and `C`, the square's row and column, counted from 1;
//! - `COLOR`: `R` (red), `B` (blue), or `X` for the target;
//! - `CIRCLED`: `C` (circled) or `N` (not circled); the target is never circled;
//! - `DIR`: `N`, `NE`, `E`, `SE`, `S`, `SW`, `W` or `NW`; `X` on the target, which
//!   has no arrow, and only there.
//!
//! A 1×3 board whose red (1,1) points east, past the red (1,2), to the target:
//!
//! ```text
//! 1 3
//! 1 1 R N E
//! 1 2 R C W
//! 1 3 X N X
//! ```
//!
//! The square lines may come in any order, but every square needs exactly one.
//! Values are separated by spaces or tabs (any number), lines may end in `\r\n`,
//! the text may start with a byte-order mark, and blank lines are ignored wherever
//! they are. [`lines`] and [`words`] (provided) take care of all that layout.
//!
//! Anything else is refused with an [`ArrowsError`] naming the line and column of
//! the *first* problem, checked in this order:
//!
//! 1. A file without a value is [`Problem::Empty`], at line 1, column 1.
//! 2. The first line with a value is the size line. Its values, left to right: the
//!    rows, then the columns, each a whole number, that is text that
//!    `str::parse::<usize>` accepts ([`Problem::BadNumber`] at the value, also for a
//!    number too large for a `usize`;
//!    [`Problem::MissingValue`] just after the last value when the columns are
//!    missing); nothing after them ([`Problem::ExtraValue`] at the extra value);
//!    then a size allowed by [`Board::check_size`] ([`Problem::SizeOutOfRange`] at
//!    the rows' column).
//! 3. Every later line with values is a square line, read left to right, each value
//!    checked as soon as it is read (a missing value is [`Problem::MissingValue`]
//!    just after the last value):
//!    `R` a whole number ([`Problem::BadNumber`]) from 1 to ROWS
//!    ([`Problem::OutsideBoard`]); `C` the same with COLS; `COLOR`
//!    ([`Problem::BadColor`]); `CIRCLED` ([`Problem::BadCircle`], or
//!    [`Problem::CircledTarget`] for `C` on the target); `DIR`
//!    ([`Problem::TargetWithArrow`] for anything but `X` on the target,
//!    [`Problem::MissingArrow`] for `X` on a red or blue square,
//!    [`Problem::BadArrow`] for any other text); then nothing more
//!    ([`Problem::ExtraValue`]). Each of these errors is at the column of the value.
//!    Then, at the column of `R`, a square given before is
//!    [`Problem::DuplicateSquare`]; then, at the column of `COLOR`, a target when
//!    there is one already is [`Problem::TwoTargets`].
//! 4. After the last line with values, at the line just after it and column 1: the
//!    first square, row by row, that has no line is [`Problem::MissingSquare`]; a
//!    board without a target is [`Problem::NoTarget`].
//!
//! [`write`] puts out the size and then every square, row by row, so that reading
//! what it wrote gives back the same board.

use super::board::{Board, Square};
use super::error::ArrowsError;

// ANCHOR: parse
/// Reads a board from the text of a board file, or says where and why the text is
/// not one, following the rules and the order of the [module](self) documentation.
/// Never panics, whatever the text.
pub fn parse(text: &str) -> Result<Board, ArrowsError> {
    // TODO (handout §10.1): write parse.
    todo!(
        "parse (handout §10.1): read the board file of {} lines, or say where it is wrong",
        text.lines().count()
    )
}
// ANCHOR_END: parse

// ANCHOR: write
/// The text of a board file for `board`: the size, then one line a square, row by
/// row, each line ending in `\n`. [`parse`] reads it back as the same board.
pub fn write(board: &Board) -> String {
    let mut text = format!("{} {}\n", board.rows(), board.cols());
    for ((row, col), square) in board.squares() {
        let line = match square {
            Square::Arrow {
                color,
                arrow,
                circled,
            } => {
                let mark = if *circled { "C" } else { "N" };
                format!("{row} {col} {} {mark} {}\n", color.letter(), arrow.name())
            }
            Square::Target => format!("{row} {col} X N X\n"),
        };
        text.push_str(&line);
    }
    text
}
// ANCHOR_END: write

// ANCHOR: words
/// One value on a line, and the column where it starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Word<'a> {
    /// The value's text: no spaces or tabs in it.
    pub text: &'a str,
    /// The column of its first character, counted from 1 in characters (a tab
    /// counts as one).
    pub column: usize,
}

impl Word<'_> {
    /// The column just after the value's last character: where a value missing
    /// after this one is reported.
    pub fn end_column(&self) -> usize {
        self.column + self.text.chars().count()
    }
}

/// The lines of `text` with their numbers, counted from 1: a byte-order mark at the
/// start and the `\r` of a `\r\n` line end are left out. Blank lines are included
/// (so the numbers stay right); skip them yourself.
pub fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.split('\n')
        .map(|line| line.strip_suffix('\r').unwrap_or(line))
        .enumerate()
        .map(|(index, line)| (index + 1, line))
}

/// The values on `line`: the pieces between spaces and tabs, with their columns.
/// A blank line has none.
pub fn words(line: &str) -> Vec<Word<'_>> {
    let mut words = Vec::new();
    let mut start: Option<(usize, usize)> = None; // (byte index, column) of the current word
    for (column, (byte, character)) in line.char_indices().enumerate() {
        let is_gap = character == ' ' || character == '\t';
        match (start, is_gap) {
            (None, false) => start = Some((byte, column + 1)),
            (Some((from, first_column)), true) => {
                words.push(Word {
                    text: &line[from..byte],
                    column: first_column,
                });
                start = None;
            }
            _ => {}
        }
    }
    if let Some((from, first_column)) = start {
        words.push(Word {
            text: &line[from..],
            column: first_column,
        });
    }
    words
}
// ANCHOR_END: words

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arrows::board::{Arrow, Color};
    use crate::arrows::error::Problem;

    #[rustfmt::skip]
    const LINE_OF_THREE: &str = "\
1 3
1 1 R N E
1 2 R C W
1 3 X N X
";

    /// The line, column and kind of the error `parse` gives for `text`.
    fn refused(text: &str) -> (usize, usize, &'static str) {
        let error = parse(text).expect_err("the text should be refused");
        (error.line().unwrap(), error.column().unwrap(), error.kind())
    }

    #[test]
    fn words_have_the_columns_of_their_first_characters() {
        let found: Vec<(&str, usize)> = words(" 1\t2  RR é")
            .iter()
            .map(|word| (word.text, word.column))
            .collect();
        assert_eq!(found, vec![("1", 2), ("2", 4), ("RR", 7), ("é", 10)]);
        assert_eq!(words("RR")[0].end_column(), 3);
        assert!(words(" \t ").is_empty());
    }

    #[test]
    fn lines_are_numbered_from_one_without_bom_or_carriage_return() {
        let found: Vec<(usize, &str)> = lines("\u{feff}a\r\n\nb").collect();
        assert_eq!(found, vec![(1, "a"), (2, ""), (3, "b")]);
    }

    #[test]
    fn parse_reads_every_square() {
        let board = parse(LINE_OF_THREE).unwrap();
        assert_eq!((board.rows(), board.cols()), (1, 3));
        assert_eq!(
            *board.square(1, 2),
            Square::Arrow {
                color: Color::Red,
                arrow: Arrow::W,
                circled: true
            }
        );
        assert_eq!(board.target(), (1, 3));
    }

    #[test]
    fn write_gives_back_the_file_parse_read() {
        assert_eq!(write(&parse(LINE_OF_THREE).unwrap()), LINE_OF_THREE);
    }

    #[test]
    fn lines_may_come_in_any_order_with_any_spacing() {
        let messy = "\u{feff}\n  1\t3 \r\n\n1 3 X N X\r\n1 2\tR  C W\n\n1 1 R N E";
        assert_eq!(parse(messy).unwrap(), parse(LINE_OF_THREE).unwrap());
    }

    #[test]
    fn the_size_line_needs_two_allowed_whole_numbers() {
        assert_eq!(refused(""), (1, 1, "Empty"));
        assert_eq!(refused("\n \t\n"), (1, 1, "Empty"));
        assert_eq!(refused("\nthree 3\n"), (2, 1, "BadNumber"));
        assert_eq!(refused("3 -3\n"), (1, 3, "BadNumber"));
        assert_eq!(refused("3\n"), (1, 2, "MissingValue"));
        assert_eq!(refused("3 3 3\n"), (1, 5, "ExtraValue"));
        assert_eq!(refused(" 0 3\n"), (1, 2, "SizeOutOfRange"));
        assert_eq!(refused("3 201\n"), (1, 1, "SizeOutOfRange"));
    }

    #[test]
    fn square_values_are_checked_left_to_right() {
        let with = |line: &str| format!("2 2\n{line}\n");
        assert_eq!(refused(&with("1 1 R N")), (2, 8, "MissingValue"));
        assert_eq!(refused(&with("a 1 R N E")), (2, 1, "BadNumber"));
        assert_eq!(refused(&with("3 1 R N E")), (2, 1, "OutsideBoard"));
        assert_eq!(refused(&with("0 9 R N E")), (2, 1, "OutsideBoard"));
        assert_eq!(refused(&with("1 3 R N E")), (2, 3, "OutsideBoard"));
        assert_eq!(refused(&with("1 1 G N E")), (2, 5, "BadColor"));
        assert_eq!(refused(&with("1 1 R Y E")), (2, 7, "BadCircle"));
        assert_eq!(refused(&with("1 1 X C X")), (2, 7, "CircledTarget"));
        assert_eq!(refused(&with("1 1 X N E")), (2, 9, "TargetWithArrow"));
        assert_eq!(refused(&with("1 1 R N X")), (2, 9, "MissingArrow"));
        assert_eq!(refused(&with("1 1 R N UP")), (2, 9, "BadArrow"));
        assert_eq!(refused(&with("1 1 R N E E")), (2, 11, "ExtraValue"));
    }

    #[test]
    fn the_letters_of_a_square_line_are_upper_case_only() {
        let with = |line: &str| format!("1 2\n{line}\n1 2 X N X\n");
        assert_eq!(refused(&with("1 1 r N E")), (2, 5, "BadColor"));
        assert_eq!(refused(&with("1 1 b N E")), (2, 5, "BadColor"));
        assert_eq!(refused(&with("1 1 R c E")), (2, 7, "BadCircle"));
        assert_eq!(refused(&with("1 1 R n E")), (2, 7, "BadCircle"));
        assert_eq!(refused(&with("1 1 R N e")), (2, 9, "BadArrow"));
    }

    #[test]
    fn every_square_needs_exactly_one_line_and_the_board_one_target() {
        assert_eq!(
            refused("1 2\n1 1 R N E\n\n1 1 B N E\n"),
            (4, 1, "DuplicateSquare")
        );
        assert_eq!(refused("1 3\n1 1 X N X\n1 3 X N X\n"), (3, 5, "TwoTargets"));
        assert_eq!(refused("2 1\n1 1 R N S\n\n\n"), (3, 1, "MissingSquare"));
        let error = parse("2 1\n2 1 R N N\n1 1 B N S\n\n").unwrap_err();
        assert_eq!((error.line(), error.kind()), (Some(4), "NoTarget"));
        assert_eq!(error, ArrowsError::in_file(4, 1, Problem::NoTarget));
    }

    #[test]
    fn the_first_missing_square_is_named_row_by_row() {
        let error = parse("2 2\n2 2 X N X\n1 1 R N E\n").unwrap_err();
        assert_eq!(
            error.problem(),
            &Problem::MissingSquare {
                row: 1,
                col: 2,
                rows: 2,
                cols: 2
            }
        );
    }

    #[test]
    fn numbers_too_large_for_a_usize_are_not_whole_numbers() {
        assert_eq!(refused("99999999999999999999999 1\n"), (1, 1, "BadNumber"));
    }
}
