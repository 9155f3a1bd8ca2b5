//! Random arrow mazes with long solutions (provided code).
//!
//! [`generate`] climbs a hill. It starts from a random board and then, round after
//! round, redraws one random square and keeps the change unless it makes the board
//! worse. A board is better when it can be solved at all, then when its shortest
//! solution has more moves, then when that solution stops on a circled square. It
//! stops as soon as the shortest solution has at least the moves asked for and stops
//! on a circled square (a board of fewer than 3 squares has no room for one, and is
//! let off), or gives up after [`MAX_ROUNDS`] rounds (fewer on a large board, see
//! [`WORK`]). Half of the rounds redraw a square of the current shortest solution,
//! which is where a change is most likely to make the solution longer.
//!
//! It judges boards with your [`solve`], so it works once `solve` does, and makes
//! the same boards as the reference solution's when your `solve` finds the same
//! paths. The random draws, in order, all from one [`MazeRng`]:
//!
//! 1. the target: `rng.in_range(1..=rows × cols − 1)`, a square index row by row,
//!    never 0, which is (1,1) (no draw on a 1×1 board, whose only square is the
//!    target);
//! 2. every other square, row by row: its colour (`rng.chance() < 0.5` is red), its
//!    arrow (`rng.pick(&Arrow::ALL)`), whether it is circled
//!    (`rng.chance() < CIRCLE_CHANCE`);
//! 3. each round: which square to redraw. When the board has a solution and
//!    `rng.chance() < ON_PATH_CHANCE`, it is `rng.pick` of the squares of the
//!    shortest solution but the target; when it has none and `rng.chance() < 0.5`,
//!    it is (1,1), whose arrow may point off the board; otherwise it is the index
//!    `rng.in_range(0..=rows × cols − 1)`, drawn again while it is the target's. Then
//!    the new square is drawn as in step 2. (A 1×1 board has nothing to redraw, and
//!    no rounds.)

use super::board::{Arrow, Board, Color, Square};
use super::error::{ArrowsError, Problem};
use super::search::solve;
use crate::rng::MazeRng;

/// How many rounds [`generate`] tries at most before it gives up.
pub const MAX_ROUNDS: usize = 20_000;

/// How many squares' worth of searching [`generate`] does at most: a round on a
/// board of `n` squares costs about `n`, so a large board gets fewer rounds (at
/// least [`MIN_ROUNDS`]).
pub const WORK: usize = 4_000_000;

/// The fewest rounds [`generate`] tries, however large the board.
pub const MIN_ROUNDS: usize = 200;

/// The chance that a round redraws a square of the current shortest solution
/// rather than any square.
pub const ON_PATH_CHANCE: f64 = 0.5;

/// The rounds allowed for a board of `count` squares.
fn rounds_for(count: usize) -> usize {
    (WORK / count).clamp(MIN_ROUNDS, MAX_ROUNDS)
}

/// The chance that a square is drawn circled.
pub const CIRCLE_CHANCE: f64 = 0.2;

// ANCHOR: generate
/// A random `rows × cols` board whose shortest solution has at least `min_moves`
/// moves and stops on a circled square, made as the [module](self) documentation
/// describes; or an error if the size is not allowed or no such board was found in
/// the rounds allowed.
pub fn generate(
    rows: usize,
    cols: usize,
    min_moves: usize,
    rng: &mut MazeRng,
) -> Result<Board, ArrowsError> {
    Board::check_size(rows, cols)?;
    let count = rows * cols;
    // At most MAX_SIZE² = 40,000 squares: every index fits in an i32.
    let last = (count - 1) as i32;
    let target = if count == 1 {
        0
    } else {
        rng.in_range(1..=last) as usize
    };
    let mut squares: Vec<Square> = (0..count)
        .map(|index| {
            if index == target {
                Square::Target
            } else {
                random_square(rng)
            }
        })
        .collect();
    let needs_circle = count >= 3;
    let mut board = Board::new(rows, cols, squares.clone())?;
    let (mut best, mut path) = score(&board);
    let rounds = if count == 1 { 0 } else { rounds_for(count) };
    for _ in 0..rounds {
        if best.good_enough(min_moves, needs_circle) {
            return Ok(board);
        }
        let index = match path.as_deref() {
            // Redraw a square the shortest way stops on (not the target): that
            // way is then gone, and the next best may be longer.
            Some([stops @ .., _target]) if rng.chance() < ON_PATH_CHANCE => {
                let &(row, col) = rng.pick(stops).expect("a way has a start");
                (row - 1) * cols + (col - 1)
            }
            // No way at all: the start itself may point off the board.
            None if rng.chance() < 0.5 => 0,
            _ => {
                let mut index = target;
                while index == target {
                    index = rng.in_range(0..=last) as usize;
                }
                index
            }
        };
        let old = squares[index];
        squares[index] = random_square(rng);
        let candidate = Board::new(rows, cols, squares.clone())?;
        let (candidate_score, candidate_path) = score(&candidate);
        if candidate_score >= best {
            board = candidate;
            best = candidate_score;
            path = candidate_path;
        } else {
            squares[index] = old;
        }
    }
    if best.good_enough(min_moves, needs_circle) {
        return Ok(board);
    }
    Err(ArrowsError::Board(Problem::GeneratorGaveUp {
        rows,
        cols,
        min_moves,
        best: best.moves.unwrap_or(0),
    }))
}
// ANCHOR_END: generate

/// A random arrow square: colour, arrow, circle, drawn in that order.
fn random_square(rng: &mut MazeRng) -> Square {
    let color = if rng.chance() < 0.5 {
        Color::Red
    } else {
        Color::Blue
    };
    let arrow = *rng.pick(&Arrow::ALL).expect("there are eight arrows");
    let circled = rng.chance() < CIRCLE_CHANCE;
    Square::Arrow {
        color,
        arrow,
        circled,
    }
}

/// How good a board is, best last when sorted: unsolvable boards first, then by the
/// moves of the shortest solution, then without a circle before with one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Score {
    /// The moves of the shortest solution; `None` (less than any `Some`) when there
    /// is none.
    moves: Option<usize>,
    /// Whether the shortest solution stops on a circled square.
    circled: bool,
}

impl Score {
    fn good_enough(self, min_moves: usize, needs_circle: bool) -> bool {
        self.moves.is_some_and(|moves| moves >= min_moves) && (self.circled || !needs_circle)
    }
}

/// How good `board` is, and its shortest solution.
fn score(board: &Board) -> (Score, Option<Vec<(usize, usize)>>) {
    let path = solve(board);
    let score = match &path {
        None => Score {
            moves: None,
            circled: false,
        },
        Some(path) => Score {
            moves: Some(path.len() - 1),
            circled: path.iter().skip(1).any(|&(row, col)| {
                matches!(board.square(row, col), Square::Arrow { circled: true, .. })
            }),
        },
    };
    (score, path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deadline::{Cause, within};

    #[test]
    fn the_same_seed_gives_the_same_board() {
        within(
            30,
            "arrows::generate, which calls arrows::solve,",
            Cause::ArrowsSolve,
            || {
                let a = generate(5, 6, 6, &mut MazeRng::seed_from_u64(3)).unwrap();
                let b = generate(5, 6, 6, &mut MazeRng::seed_from_u64(3)).unwrap();
                assert_eq!(a, b);
                let c = generate(5, 6, 6, &mut MazeRng::seed_from_u64(4)).unwrap();
                assert_ne!(a, c);
            },
        );
    }

    #[test]
    fn generated_boards_have_long_enough_solutions_through_a_circle() {
        within(
            30,
            "arrows::generate, which calls arrows::solve,",
            Cause::ArrowsSolve,
            || {
                for seed in 0..6 {
                    let board = generate(6, 6, 8, &mut MazeRng::seed_from_u64(seed)).unwrap();
                    let path = solve(&board).expect("solvable");
                    assert!(path.len() > 8, "seed {seed}: {path:?}");
                    assert!(score(&board).0.circled, "seed {seed}");
                    assert_ne!(board.target(), (1, 1));
                }
            },
        );
    }

    #[test]
    fn tiny_boards_are_made_too() {
        within(
            30,
            "arrows::generate, which calls arrows::solve,",
            Cause::ArrowsSolve,
            || {
                let board = generate(1, 1, 0, &mut MazeRng::seed_from_u64(1)).unwrap();
                assert_eq!(solve(&board), Some(vec![(1, 1)]));
                let board = generate(1, 2, 1, &mut MazeRng::seed_from_u64(1)).unwrap();
                assert_eq!(solve(&board), Some(vec![(1, 1), (1, 2)]));
            },
        );
    }

    #[test]
    fn impossible_requests_are_refused() {
        within(
            30,
            "arrows::generate, which calls arrows::solve,",
            Cause::ArrowsSolve,
            || {
                let error = generate(1, 2, 2, &mut MazeRng::seed_from_u64(1)).unwrap_err();
                assert_eq!(error.kind(), "GeneratorGaveUp");
                let error = generate(1, 1, 1, &mut MazeRng::seed_from_u64(1)).unwrap_err();
                assert_eq!(error.kind(), "GeneratorGaveUp");
                let error = generate(0, 2, 2, &mut MazeRng::seed_from_u64(1)).unwrap_err();
                assert_eq!(error.kind(), "SizeOutOfRange");
            },
        );
    }
}
