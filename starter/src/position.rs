//! A cell's place in the maze, as a small value type.
//!
//! `Position` is `Copy`: passing one around copies two numbers, like a C# struct.
//! Equality, hashing and display are written by hand (rather than derived) because
//! writing them is the exercise: two positions are equal when both coordinates are,
//! and equal positions must hash alike, or a `HashSet<Position>` would lose track of
//! them.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::RangeInclusive;

use crate::direction::Direction;
use crate::rng::MazeRng;

// ANCHOR: position
/// A cell's column `x` (0 at the west edge) and row `y` (0 at the north edge).
#[derive(Debug, Clone, Copy)]
pub struct Position {
    /// The column, growing eastwards.
    pub x: i32,
    /// The row, growing southwards.
    pub y: i32,
}
// ANCHOR_END: position

impl Position {
    // ANCHOR: new
    /// The position at column `x`, row `y`.
    pub const fn new(x: i32, y: i32) -> Position {
        Position { x, y }
    }
    // ANCHOR_END: new

    // ANCHOR: random
    /// A random position with `x` in `x_range` and `y` in `y_range`.
    ///
    /// Draws `x` first, then `y`, each with [`MazeRng::in_range`]: the order matters
    /// for reproducing the reference mazes.
    pub fn random(
        x_range: RangeInclusive<i32>,
        y_range: RangeInclusive<i32>,
        rng: &mut MazeRng,
    ) -> Position {
        // TODO (handout §3): write Position::random.
        todo!(
            "Position::random (handout §3): a position in {x_range:?} × {y_range:?} drawn with {rng:?}"
        )
    }
    // ANCHOR_END: random

    // ANCHOR: moved
    /// The position one step away in `direction`. North is `y − 1`, south `y + 1`,
    /// east `x + 1`, west `x − 1`; a combined direction such as `NORTH | EAST` moves
    /// diagonally, and `NONE` stays put. The result may lie outside the maze: the
    /// caller checks.
    pub fn moved(self, direction: Direction) -> Position {
        // TODO (handout §3): write Position::moved.
        todo!("Position::moved (handout §3): move {self:?} one step {direction:?}")
    }
    // ANCHOR_END: moved
}

// ANCHOR: eq
impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        // TODO (handout §3): write Position::eq.
        todo!("Position::eq (handout §3): compare {self:?} with {other:?}")
    }
}

impl Eq for Position {}
// ANCHOR_END: eq

// ANCHOR: hash
impl Hash for Position {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // TODO (handout §3): write Position::hash.
        todo!(
            "Position::hash (handout §3): feed both coordinates of {self:?} to the {} `state`",
            std::any::type_name_of_val(state)
                .rsplit("::")
                .next()
                .unwrap_or("hasher")
        )
    }
}
// ANCHOR_END: hash

// ANCHOR: display
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // TODO (handout §3): write Position::fmt.
        todo!(
            "Position::fmt (handout §3): write {self:?} in the form (x, y) into the {} `f`",
            std::any::type_name_of_val(f)
                .rsplit("::")
                .next()
                .unwrap_or("formatter")
        )
    }
}
// ANCHOR_END: display

#[cfg(test)]
mod tests {
    use std::collections::HashSet;
    use std::hash::DefaultHasher;

    use super::*;

    fn hash_of(position: Position) -> u64 {
        let mut hasher = DefaultHasher::new();
        position.hash(&mut hasher);
        hasher.finish()
    }

    #[test]
    fn positions_with_equal_coordinates_are_equal() {
        assert_eq!(Position::new(3, 4), Position::new(3, 4));
        assert_ne!(Position::new(3, 4), Position::new(4, 3));
        assert_ne!(Position::new(3, 4), Position::new(3, 5));
    }

    #[test]
    fn equal_positions_hash_alike() {
        assert_eq!(hash_of(Position::new(7, -2)), hash_of(Position::new(7, -2)));
    }

    #[test]
    fn a_hash_set_tells_swapped_coordinates_apart() {
        let set: HashSet<Position> = [
            Position::new(1, 2),
            Position::new(2, 1),
            Position::new(1, 2),
        ]
        .into_iter()
        .collect();
        assert_eq!(set.len(), 2);
        assert!(set.contains(&Position::new(2, 1)));
    }

    #[test]
    fn display_is_cartesian() {
        assert_eq!(Position::new(3, 4).to_string(), "(3, 4)");
        assert_eq!(Position::new(-1, 0).to_string(), "(-1, 0)");
    }

    #[test]
    fn moving_north_decreases_y() {
        assert_eq!(
            Position::new(2, 2).moved(Direction::NORTH),
            Position::new(2, 1)
        );
    }

    #[test]
    fn moving_in_each_direction() {
        let start = Position::new(2, 2);
        assert_eq!(start.moved(Direction::SOUTH), Position::new(2, 3));
        assert_eq!(start.moved(Direction::EAST), Position::new(3, 2));
        assert_eq!(start.moved(Direction::WEST), Position::new(1, 2));
        assert_eq!(start.moved(Direction::NONE), start);
    }

    #[test]
    fn a_combined_direction_moves_diagonally() {
        let start = Position::new(2, 2);
        assert_eq!(
            start.moved(Direction::NORTH | Direction::EAST),
            Position::new(3, 1)
        );
        assert_eq!(start.moved(Direction::ALL), start);
    }

    #[test]
    fn moving_off_the_grid_gives_a_position_outside_it() {
        assert_eq!(
            Position::new(0, 0).moved(Direction::WEST),
            Position::new(-1, 0)
        );
        assert_eq!(
            Position::new(0, 0).moved(Direction::NORTH),
            Position::new(0, -1)
        );
    }

    #[test]
    fn random_positions_stay_within_the_ranges() {
        let mut rng = MazeRng::seed_from_u64(7);
        for _ in 0..500 {
            let p = Position::random(0..=4, 10..=12, &mut rng);
            assert!((0..=4).contains(&p.x) && (10..=12).contains(&p.y), "{p}");
        }
    }

    #[test]
    fn random_positions_reach_every_corner_of_the_ranges() {
        let mut rng = MazeRng::seed_from_u64(1);
        let seen: HashSet<Position> = (0..400)
            .map(|_| Position::random(0..=2, 0..=1, &mut rng))
            .collect();
        assert_eq!(seen.len(), 6);
    }
}
