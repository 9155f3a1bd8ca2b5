//! Compass directions as bit flags.
//!
//! A cell's walls are a *set* of directions, and so is a diagonal move such as
//! north-east. Bit flags store such a set in one byte: each direction owns one bit,
//! `|` (or [`insert`](Direction::insert)) adds one, [`remove`](Direction::remove)
//! takes one away and [`contains`](Direction::contains) asks for one.
//!
//! The bits are ordered north, south, east, west, so anything sorted by direction,
//! such as the neighbour maps of [`MazeCellArray`](crate::MazeCellArray), comes out
//! in that order. The maze generator's random picks depend on it.

// ANCHOR: direction
bitflags::bitflags! {
    /// A set of compass directions: none, one, several or all four.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
    pub struct Direction: u8 {
        /// Up: towards y − 1.
        const NORTH = 1;
        /// Down: towards y + 1.
        const SOUTH = 2;
        /// Right: towards x + 1.
        const EAST = 4;
        /// Left: towards x − 1.
        const WEST = 8;
        /// All four directions: a cell with every wall up.
        const ALL = Self::NORTH.bits() | Self::SOUTH.bits() | Self::EAST.bits() | Self::WEST.bits();
    }
}
// ANCHOR_END: direction

// ANCHOR: direction_consts
impl Direction {
    /// No direction at all: a cell without walls, or "no heading yet".
    pub const NONE: Direction = Direction::empty();

    /// The four single directions in the order every loop in the kit uses:
    /// north, south, east, west.
    pub const CARDINALS: [Direction; 4] = [
        Direction::NORTH,
        Direction::SOUTH,
        Direction::EAST,
        Direction::WEST,
    ];
}
// ANCHOR_END: direction_consts

// ANCHOR: direction_ext
/// Extra behaviour for [`Direction`], added from outside the type.
///
/// This is Rust's counterpart of a C# extension method: a trait with the new method,
/// implemented for the existing type. Any code that has the trait in scope
/// (`use maze::DirectionExt;`) can write `direction.opposite()`.
pub trait DirectionExt {
    /// The direction pointing the other way, flag by flag: north ↔ south and
    /// east ↔ west. `NORTH | EAST` gives `SOUTH | WEST`; `NONE` gives `NONE` and
    /// `ALL` gives `ALL`.
    fn opposite(self) -> Direction;
}
// ANCHOR_END: direction_ext

// ANCHOR: opposite
impl DirectionExt for Direction {
    fn opposite(self) -> Direction {
        // TODO (handout §2): write DirectionExt::opposite.
        todo!("DirectionExt::opposite (handout §2): the opposite of {self:?}")
    }
}
// ANCHOR_END: opposite

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cardinals_are_in_north_south_east_west_order() {
        assert_eq!(
            Direction::CARDINALS,
            [
                Direction::NORTH,
                Direction::SOUTH,
                Direction::EAST,
                Direction::WEST
            ]
        );
        assert!(Direction::CARDINALS.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn flags_have_the_documented_bits() {
        assert_eq!(Direction::NORTH.bits(), 1);
        assert_eq!(Direction::SOUTH.bits(), 2);
        assert_eq!(Direction::EAST.bits(), 4);
        assert_eq!(Direction::WEST.bits(), 8);
        assert_eq!(Direction::ALL.bits(), 15);
        assert_eq!(Direction::NONE.bits(), 0);
    }

    #[test]
    fn opposite_of_each_single_direction() {
        assert_eq!(Direction::NORTH.opposite(), Direction::SOUTH);
        assert_eq!(Direction::SOUTH.opposite(), Direction::NORTH);
        assert_eq!(Direction::EAST.opposite(), Direction::WEST);
        assert_eq!(Direction::WEST.opposite(), Direction::EAST);
    }

    #[test]
    fn opposite_of_none_is_none_and_of_all_is_all() {
        assert_eq!(Direction::NONE.opposite(), Direction::NONE);
        assert_eq!(Direction::ALL.opposite(), Direction::ALL);
    }

    #[test]
    fn opposite_of_a_combination_flips_every_flag() {
        assert_eq!(
            (Direction::NORTH | Direction::EAST).opposite(),
            Direction::SOUTH | Direction::WEST
        );
        assert_eq!(
            (Direction::NORTH | Direction::SOUTH).opposite(),
            Direction::NORTH | Direction::SOUTH
        );
    }

    #[test]
    fn opposite_twice_is_the_same_for_all_sixteen_sets() {
        for bits in 0..16 {
            let direction = Direction::from_bits(bits).expect("every 4-bit value is a set");
            assert_eq!(direction.opposite().opposite(), direction, "{direction:?}");
            assert_eq!(direction.opposite().bits().count_ones(), bits.count_ones());
        }
    }
}
