//! The puzzle: a board of coloured arrows (provided code).
//!
//! A board has `rows × cols` squares. Rows and columns are numbered from 1, as in
//! the file format and in the path the program prints: square (1,1) is the
//! upper-left corner, where the player starts, and row numbers grow downwards. Every
//! square but one is an arrow square ([`Square::Arrow`]): red or blue, with one of
//! eight directions, circled or not. The one other square is the target
//! ([`Square::Target`]).
//!
//! A [`Board`] keeps its own rules: [`Board::new`] refuses a size outside
//! 1..=[`MAX_SIZE`], the wrong number of squares, and any number of targets but one,
//! so code that holds a `Board` never has to check them again. The target may be
//! (1,1) itself; then the puzzle is solved before the first move.

use std::fmt;

use super::MAX_SIZE;
use super::error::{ArrowsError, Problem};

// ANCHOR: color
/// The colour of an arrow square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Color {
    /// Red, written `R` in a file.
    Red,
    /// Blue, written `B` in a file.
    Blue,
}
// ANCHOR_END: color

impl Color {
    /// The letter a file uses for the colour: `R` or `B`.
    pub fn letter(self) -> &'static str {
        match self {
            Color::Red => "R",
            Color::Blue => "B",
        }
    }
}

// ANCHOR: arrow
/// The direction of an arrow: the four points of the compass and the four between
/// them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Arrow {
    /// North: up, towards row 1.
    N,
    /// North-east: up and right.
    NE,
    /// East: right, towards the last column.
    E,
    /// South-east: down and right.
    SE,
    /// South: down, towards the last row.
    S,
    /// South-west: down and left.
    SW,
    /// West: left, towards column 1.
    W,
    /// North-west: up and left.
    NW,
}
// ANCHOR_END: arrow

impl Arrow {
    // ANCHOR: arrow_all
    /// All eight directions, clockwise from north.
    pub const ALL: [Arrow; 8] = [
        Arrow::N,
        Arrow::NE,
        Arrow::E,
        Arrow::SE,
        Arrow::S,
        Arrow::SW,
        Arrow::W,
        Arrow::NW,
    ];
    // ANCHOR_END: arrow_all

    // ANCHOR: step
    /// One step in this direction as (change of row, change of column). North is a
    /// row up, so `Arrow::N.step()` is `(-1, 0)`; `Arrow::SE.step()` is `(1, 1)`.
    pub fn step(self) -> (i32, i32) {
        match self {
            Arrow::N => (-1, 0),
            Arrow::NE => (-1, 1),
            Arrow::E => (0, 1),
            Arrow::SE => (1, 1),
            Arrow::S => (1, 0),
            Arrow::SW => (1, -1),
            Arrow::W => (0, -1),
            Arrow::NW => (-1, -1),
        }
    }
    // ANCHOR_END: step

    // ANCHOR: opposite
    /// The direction that points the other way: `N` for `S`, `SW` for `NE`, ….
    pub fn opposite(self) -> Arrow {
        match self {
            Arrow::N => Arrow::S,
            Arrow::NE => Arrow::SW,
            Arrow::E => Arrow::W,
            Arrow::SE => Arrow::NW,
            Arrow::S => Arrow::N,
            Arrow::SW => Arrow::NE,
            Arrow::W => Arrow::E,
            Arrow::NW => Arrow::SE,
        }
    }
    // ANCHOR_END: opposite

    // ANCHOR: name
    /// The direction as a file writes it: `N`, `NE`, `E`, `SE`, `S`, `SW`, `W` or
    /// `NW`.
    pub fn name(self) -> &'static str {
        match self {
            Arrow::N => "N",
            Arrow::NE => "NE",
            Arrow::E => "E",
            Arrow::SE => "SE",
            Arrow::S => "S",
            Arrow::SW => "SW",
            Arrow::W => "W",
            Arrow::NW => "NW",
        }
    }

    /// The direction a file writes as `name`, if it is one of the eight (upper case
    /// only).
    pub fn from_name(name: &str) -> Option<Arrow> {
        Arrow::ALL.into_iter().find(|arrow| arrow.name() == name)
    }
    // ANCHOR_END: name

    /// The arrow as one character: `↑`, `↗`, `→`, `↘`, `↓`, `↙`, `←` or `↖`.
    pub fn glyph(self) -> char {
        match self {
            Arrow::N => '↑',
            Arrow::NE => '↗',
            Arrow::E => '→',
            Arrow::SE => '↘',
            Arrow::S => '↓',
            Arrow::SW => '↙',
            Arrow::W => '←',
            Arrow::NW => '↖',
        }
    }
}

// ANCHOR: square
/// One square of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Square {
    /// A red or blue square with an arrow, perhaps circled.
    Arrow {
        /// Its colour.
        color: Color,
        /// Where its arrow points.
        arrow: Arrow,
        /// Whether stopping here turns forward into backward and back.
        circled: bool,
    },
    /// The target: no colour (it differs from every square's), no arrow, no circle.
    Target,
}
// ANCHOR_END: square

// ANCHOR: board
/// A board of `rows × cols` squares with exactly one target.
#[derive(Clone, PartialEq, Eq)]
pub struct Board {
    rows: usize,
    cols: usize,
    /// The squares row by row: square (r, c) is `squares[(r − 1) * cols + (c − 1)]`.
    squares: Vec<Square>,
}
// ANCHOR_END: board

impl Board {
    // ANCHOR: board_new
    /// A board of `rows × cols` squares, given row by row (`squares[0]` is (1,1),
    /// `squares[1]` is (1,2), …); or an error, without a place, if the size is
    /// outside 1..=[`MAX_SIZE`], the number of squares is not `rows × cols`, or the
    /// board has no target or more than one.
    pub fn new(rows: usize, cols: usize, squares: Vec<Square>) -> Result<Board, ArrowsError> {
        Board::check_size(rows, cols)?;
        if squares.len() != rows * cols {
            return Err(ArrowsError::Board(Problem::WrongSquareCount {
                rows,
                cols,
                found: squares.len(),
            }));
        }
        let mut target = None;
        for (index, square) in squares.iter().enumerate() {
            if *square == Square::Target {
                let here = (index / cols + 1, index % cols + 1);
                if let Some(first) = target {
                    let problem = Problem::TwoTargets {
                        first,
                        second: here,
                    };
                    return Err(ArrowsError::Board(problem));
                }
                target = Some(here);
            }
        }
        if target.is_none() {
            return Err(ArrowsError::Board(Problem::NoTarget));
        }
        Ok(Board {
            rows,
            cols,
            squares,
        })
    }
    // ANCHOR_END: board_new

    // ANCHOR: check_size
    /// `Ok` when a board may have `rows` rows and `cols` columns, each from 1 to
    /// [`MAX_SIZE`]; otherwise the [`Problem::SizeOutOfRange`] error, without a place.
    pub fn check_size(rows: usize, cols: usize) -> Result<(), ArrowsError> {
        if (1..=MAX_SIZE).contains(&rows) && (1..=MAX_SIZE).contains(&cols) {
            Ok(())
        } else {
            Err(ArrowsError::Board(Problem::SizeOutOfRange { rows, cols }))
        }
    }
    // ANCHOR_END: check_size

    // ANCHOR: accessors
    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Whether (`row`, `col`) is a square of the board (both counted from 1). Takes
    /// `i32`s so that a step off the board, to row 0 or −1, can be asked about.
    pub fn contains(&self, row: i32, col: i32) -> bool {
        row >= 1 && col >= 1 && row as usize <= self.rows && col as usize <= self.cols
    }

    /// The square in row `row` and column `col`, both counted from 1.
    ///
    /// # Panics
    /// If the square is not on the board.
    pub fn square(&self, row: usize, col: usize) -> &Square {
        assert!(
            (1..=self.rows).contains(&row) && (1..=self.cols).contains(&col),
            "square ({row},{col}) is not on the {}x{} board",
            self.rows,
            self.cols
        );
        &self.squares[(row - 1) * self.cols + (col - 1)]
    }

    /// Where the target is, as (row, column).
    pub fn target(&self) -> (usize, usize) {
        let index = self
            .squares
            .iter()
            .position(|square| *square == Square::Target)
            .expect("Board::new makes sure there is a target");
        (index / self.cols + 1, index % self.cols + 1)
    }
    // ANCHOR_END: accessors

    /// Every square with its place, row by row: ((row, column), square).
    pub fn squares(&self) -> impl Iterator<Item = ((usize, usize), &Square)> {
        let cols = self.cols;
        self.squares
            .iter()
            .enumerate()
            .map(move |(index, square)| ((index / cols + 1, index % cols + 1), square))
    }
}

impl fmt::Debug for Board {
    /// The size and, for a board of up to 10×10, one string a row with three
    /// characters a square (colour letter, arrow, `o` when circled; `X` for the
    /// target): short enough for a failed assertion or a `todo!` message.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut debug = f.debug_struct("Board");
        debug.field("rows", &self.rows).field("cols", &self.cols);
        if self.rows <= 10 && self.cols <= 10 {
            let rows: Vec<String> = self
                .squares
                .chunks(self.cols.max(1))
                .map(|row| {
                    let cells: Vec<String> = row
                        .iter()
                        .map(|square| match square {
                            Square::Arrow {
                                color,
                                arrow,
                                circled,
                            } => format!(
                                "{}{}{}",
                                color.letter(),
                                arrow.glyph(),
                                if *circled { "o" } else { "" }
                            ),
                            Square::Target => "X".to_owned(),
                        })
                        .collect();
                    cells.join(" ")
                })
                .collect();
            debug.field("squares", &rows);
        }
        debug.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn red(arrow: Arrow) -> Square {
        Square::Arrow {
            color: Color::Red,
            arrow,
            circled: false,
        }
    }

    #[test]
    fn every_arrow_has_a_unit_step_and_an_opposite_that_undoes_it() {
        for arrow in Arrow::ALL {
            let (dr, dc) = arrow.step();
            assert!(dr.abs() <= 1 && dc.abs() <= 1 && (dr, dc) != (0, 0));
            assert_eq!(arrow.opposite().step(), (-dr, -dc));
            assert_eq!(arrow.opposite().opposite(), arrow);
            assert_eq!(Arrow::from_name(arrow.name()), Some(arrow));
        }
        assert_eq!(Arrow::N.step(), (-1, 0));
        assert_eq!(Arrow::from_name("X"), None);
        assert_eq!(Arrow::from_name("ne"), None);
    }

    #[test]
    fn squares_are_numbered_from_one_row_by_row() {
        let board = Board::new(
            2,
            3,
            vec![
                red(Arrow::N),
                red(Arrow::NE),
                red(Arrow::E),
                red(Arrow::SE),
                red(Arrow::S),
                Square::Target,
            ],
        )
        .unwrap();
        assert_eq!(*board.square(1, 2), red(Arrow::NE));
        assert_eq!(*board.square(2, 1), red(Arrow::SE));
        assert_eq!(board.target(), (2, 3));
        assert!(board.contains(2, 3));
        assert!(!board.contains(0, 1));
        assert!(!board.contains(3, 1));
        assert!(!board.contains(1, 4));
    }

    #[test]
    fn a_board_needs_an_allowed_size_every_square_and_one_target() {
        let problem = |result: Result<Board, ArrowsError>| result.unwrap_err().problem().clone();
        assert_eq!(
            problem(Board::new(0, 3, vec![])),
            Problem::SizeOutOfRange { rows: 0, cols: 3 }
        );
        assert_eq!(
            problem(Board::new(1, MAX_SIZE + 1, vec![])),
            Problem::SizeOutOfRange {
                rows: 1,
                cols: MAX_SIZE + 1
            }
        );
        assert_eq!(
            problem(Board::new(1, 2, vec![Square::Target])),
            Problem::WrongSquareCount {
                rows: 1,
                cols: 2,
                found: 1
            }
        );
        assert_eq!(
            problem(Board::new(1, 2, vec![red(Arrow::E), red(Arrow::W)])),
            Problem::NoTarget
        );
        assert_eq!(
            problem(Board::new(
                1,
                3,
                vec![Square::Target, red(Arrow::E), Square::Target]
            )),
            Problem::TwoTargets {
                first: (1, 1),
                second: (1, 3)
            }
        );
    }

    #[test]
    fn the_target_may_be_the_start() {
        let board = Board::new(1, 1, vec![Square::Target]).unwrap();
        assert_eq!(board.target(), (1, 1));
    }

    #[test]
    fn debug_shows_small_boards_square_by_square() {
        let board = Board::new(
            1,
            3,
            vec![
                red(Arrow::E),
                Square::Arrow {
                    color: Color::Blue,
                    arrow: Arrow::SW,
                    circled: true,
                },
                Square::Target,
            ],
        )
        .unwrap();
        assert_eq!(
            format!("{board:?}"),
            r#"Board { rows: 1, cols: 3, squares: ["R→ B↙o X"] }"#
        );
    }
}
