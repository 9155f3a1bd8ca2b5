//! The grid of cells behind a maze.
//!
//! `MazeCellArray` owns its cells and guards the one rule a grid of walls must keep:
//! a wall between two cells belongs to both, so it is only ever removed from both
//! sides at once ([`remove_cell_wall`](MazeCellArray::remove_cell_wall)), and the
//! outer border is never opened.
//!
//! The neighbour queries return a [`BTreeMap`] keyed by [`Direction`]: it iterates
//! in north, south, east, west order, which the generator's random picks rely on. Its
//! values are positions rather than references to cells, so the caller can go on
//! changing the array while it holds the map.

use std::collections::BTreeMap;
use std::fmt;
use std::ops::{Index, IndexMut, RangeInclusive};

use crate::cell::MazeCell;
// BEGIN SOLUTION ONLY
use crate::constants::{MAX_HEIGHT, MAX_WIDTH, MIN_HEIGHT, MIN_WIDTH};
use crate::direction::DirectionExt;
// END SOLUTION
use crate::direction::Direction;
use crate::error::MazeError;
use crate::position::Position;

// ANCHOR: cell_array
/// A `width` × `height` grid of [`MazeCell`]s, indexed by `(x, y)` or by [`Position`].
#[derive(Clone, PartialEq, Eq)]
pub struct MazeCellArray {
    /// The cells row by row: cell (x, y) is at index `y * width + x`.
    cells: Vec<MazeCell>,
    width: i32,
    height: i32,
}
// ANCHOR_END: cell_array

impl MazeCellArray {
    // ANCHOR: new
    /// A grid of `width` × `height` cells, every wall up, or an error naming the
    /// size that is outside 5..=50.
    pub fn new(width: i32, height: i32) -> Result<MazeCellArray, MazeError> {
        let mut array = MazeCellArray {
            cells: Vec::new(),
            width: 0,
            height: 0,
        };
        array.resize(width, height)?;
        Ok(array)
    }
    // ANCHOR_END: new

    // ANCHOR: resize
    /// Changes the size to `width` × `height` and puts every wall back up. On an
    /// error (a size outside 5..=50) the array is left as it was.
    pub fn resize(&mut self, width: i32, height: i32) -> Result<(), MazeError> {
        // BEGIN SOLUTION MazeCellArray::resize (§4): make the grid {width} cells wide and {height} high (it is {}x{} now) with every wall up, or return an error if a size is outside 5..=50 | self.width, self.height
        if !(MIN_WIDTH..=MAX_WIDTH).contains(&width) {
            return Err(MazeError::WidthOutOfRange(width));
        }
        if !(MIN_HEIGHT..=MAX_HEIGHT).contains(&height) {
            return Err(MazeError::HeightOutOfRange(height));
        }
        self.width = width;
        self.height = height;
        self.reset();
        Ok(())
        // END SOLUTION
    }
    // ANCHOR_END: resize

    // ANCHOR: reset
    /// Replaces every cell with a new one at its own position with all walls up.
    pub fn reset(&mut self) {
        // BEGIN SOLUTION MazeCellArray::reset (§4): put up every wall of {self:?}
        self.cells.clear();
        for y in self.y_range() {
            for x in self.x_range() {
                self.cells
                    .push(MazeCell::new(Position::new(x, y), Direction::ALL));
            }
        }
        // END SOLUTION
    }
    // ANCHOR_END: reset

    // ANCHOR: width
    /// The number of columns.
    pub fn width(&self) -> i32 {
        // BEGIN SOLUTION MazeCellArray::width (§4): the number of columns of {self:?}
        self.width
        // END SOLUTION
    }
    // ANCHOR_END: width

    // ANCHOR: height
    /// The number of rows.
    pub fn height(&self) -> i32 {
        // BEGIN SOLUTION MazeCellArray::height (§4): the number of rows of {self:?}
        self.height
        // END SOLUTION
    }
    // ANCHOR_END: height

    // ANCHOR: x_range
    /// The valid x coordinates: `0..=width − 1`.
    pub fn x_range(&self) -> RangeInclusive<i32> {
        // BEGIN SOLUTION MazeCellArray::x_range (§4): the x coordinates of {self:?}
        0..=self.width - 1
        // END SOLUTION
    }
    // ANCHOR_END: x_range

    // ANCHOR: y_range
    /// The valid y coordinates: `0..=height − 1`.
    pub fn y_range(&self) -> RangeInclusive<i32> {
        // BEGIN SOLUTION MazeCellArray::y_range (§4): the y coordinates of {self:?}
        0..=self.height - 1
        // END SOLUTION
    }
    // ANCHOR_END: y_range

    // ANCHOR: contains
    /// Whether `position` lies inside the grid.
    pub fn contains(&self, position: Position) -> bool {
        // BEGIN SOLUTION MazeCellArray::contains (§4): is {position:?} inside {self:?}
        self.x_range().contains(&position.x) && self.y_range().contains(&position.y)
        // END SOLUTION
    }
    // ANCHOR_END: contains

    // ANCHOR: neighbors_with_all_walls
    /// The neighbours of `position` (inside the grid) that still have all four walls,
    /// keyed by the direction that leads to them, in N, S, E, W order.
    pub fn neighbors_with_all_walls(&self, position: Position) -> BTreeMap<Direction, Position> {
        // BEGIN SOLUTION MazeCellArray::neighbors_with_all_walls (§4): the untouched neighbours of {position:?}
        let mut neighbors = BTreeMap::new();
        for direction in Direction::CARDINALS {
            let neighbor = position.moved(direction);
            if self.contains(neighbor) && self[neighbor].walls == Direction::ALL {
                neighbors.insert(direction, neighbor);
            }
        }
        neighbors
        // END SOLUTION
    }
    // ANCHOR_END: neighbors_with_all_walls

    // ANCHOR: accessible_neighbors
    /// The neighbours that can be reached from `position` (no wall between), keyed by
    /// direction in N, S, E, W order, leaving out the direction(s) in `exclude`.
    pub fn accessible_neighbors(
        &self,
        position: Position,
        exclude: Direction,
    ) -> BTreeMap<Direction, Position> {
        // BEGIN SOLUTION MazeCellArray::accessible_neighbors (§4): the open neighbours of {position:?} except {exclude:?}
        let mut neighbors = BTreeMap::new();
        for direction in Direction::CARDINALS {
            if exclude.contains(direction) || self[position].walls.contains(direction) {
                continue;
            }
            let neighbor = position.moved(direction);
            if self.contains(neighbor) {
                neighbors.insert(direction, neighbor);
            }
        }
        neighbors
        // END SOLUTION
    }
    // ANCHOR_END: accessible_neighbors

    // ANCHOR: remove_cell_wall
    /// Removes the wall of the cell at `position` in direction `wall` *and* the
    /// matching wall of the neighbour on the other side. A wall on the outer border
    /// has no neighbour and stays up.
    pub fn remove_cell_wall(&mut self, position: Position, wall: Direction) {
        // BEGIN SOLUTION MazeCellArray::remove_cell_wall (§4): open {wall:?} between {position:?} and its neighbour
        let neighbor = position.moved(wall);
        if self.contains(position) && self.contains(neighbor) {
            self[position].remove_wall(wall);
            self[neighbor].remove_wall(wall.opposite());
        }
        // END SOLUTION
    }
    // ANCHOR_END: remove_cell_wall

    // BEGIN SOLUTION ONLY
    /// Where the cell at (`x`, `y`) is kept in `cells`.
    ///
    /// # Panics
    /// If (`x`, `y`) is outside the grid, like indexing a slice out of bounds. Only
    /// checking `y * width + x` against the length would let (width, 0) wrap around to
    /// (0, 1), so each coordinate is checked on its own.
    fn index_of(&self, x: i32, y: i32) -> usize {
        assert!(
            self.x_range().contains(&x) && self.y_range().contains(&y),
            "cell ({x}, {y}) is outside the {}x{} grid",
            self.width,
            self.height
        );
        // Both coordinates are non-negative and small here, so the casts are exact.
        (y * self.width + x) as usize
    }
    // END SOLUTION
}

impl fmt::Debug for MazeCellArray {
    /// The size and one line of hex digits a row, a digit a cell's walls (N=1, S=2,
    /// E=4, W=8): short enough for a failed assertion or a `todo!` message. It reads
    /// the fields directly, so it works even before the methods are written.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = usize::try_from(self.width).unwrap_or(0).max(1);
        let rows: Vec<String> = self
            .cells
            .chunks(width)
            .map(|row| {
                row.iter()
                    .map(|cell| format!("{:x}", cell.walls.bits()))
                    .collect()
            })
            .collect();
        f.debug_struct("MazeCellArray")
            .field("width", &self.width)
            .field("height", &self.height)
            .field("walls", &rows)
            .finish()
    }
}

// ANCHOR: index_tuple
impl Index<(i32, i32)> for MazeCellArray {
    type Output = MazeCell;

    /// The cell at column `x`, row `y`. Panics outside the grid.
    fn index(&self, (x, y): (i32, i32)) -> &MazeCell {
        // BEGIN SOLUTION MazeCellArray::index (§4): the cell at ({x}, {y}) of {self:?}
        &self.cells[self.index_of(x, y)]
        // END SOLUTION
    }
}
// ANCHOR_END: index_tuple

// ANCHOR: index_mut_tuple
impl IndexMut<(i32, i32)> for MazeCellArray {
    /// The cell at column `x`, row `y`, to change. Panics outside the grid.
    fn index_mut(&mut self, (x, y): (i32, i32)) -> &mut MazeCell {
        // BEGIN SOLUTION MazeCellArray::index_mut (§4): the cell at ({x}, {y}) of {self:?}, to change
        let index = self.index_of(x, y);
        &mut self.cells[index]
        // END SOLUTION
    }
}
// ANCHOR_END: index_mut_tuple

// ANCHOR: index_position
impl Index<Position> for MazeCellArray {
    type Output = MazeCell;

    /// The cell at `position`. Panics outside the grid.
    fn index(&self, position: Position) -> &MazeCell {
        // BEGIN SOLUTION MazeCellArray::index (§4): the cell at {position:?} of {self:?}
        &self[(position.x, position.y)]
        // END SOLUTION
    }
}
// ANCHOR_END: index_position

// ANCHOR: index_mut_position
impl IndexMut<Position> for MazeCellArray {
    /// The cell at `position`, to change. Panics outside the grid.
    fn index_mut(&mut self, position: Position) -> &mut MazeCell {
        // BEGIN SOLUTION MazeCellArray::index_mut (§4): the cell at {position:?} of {self:?}, to change
        &mut self[(position.x, position.y)]
        // END SOLUTION
    }
}
// ANCHOR_END: index_mut_position

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: i32, y: i32) -> Position {
        Position::new(x, y)
    }

    #[test]
    fn a_new_array_has_every_wall_up_and_knows_each_position() {
        let array = MazeCellArray::new(6, 5).unwrap();
        for y in 0..5 {
            for x in 0..6 {
                assert_eq!(array[(x, y)], MazeCell::new(p(x, y), Direction::ALL));
            }
        }
    }

    #[test]
    fn sizes_outside_five_to_fifty_are_refused() {
        assert_eq!(MazeCellArray::new(4, 5), Err(MazeError::WidthOutOfRange(4)));
        assert_eq!(
            MazeCellArray::new(5, 51),
            Err(MazeError::HeightOutOfRange(51))
        );
        assert_eq!(
            MazeCellArray::new(-5, 5),
            Err(MazeError::WidthOutOfRange(-5))
        );
        assert!(MazeCellArray::new(5, 5).is_ok());
        assert!(MazeCellArray::new(50, 50).is_ok());
    }

    #[test]
    fn ranges_follow_width_and_height_on_a_wide_array() {
        let array = MazeCellArray::new(50, 5).unwrap();
        assert_eq!((array.width(), array.height()), (50, 5));
        assert_eq!(array.x_range(), 0..=49);
        assert_eq!(array.y_range(), 0..=4);
    }

    #[test]
    fn ranges_follow_width_and_height_on_a_tall_array() {
        let array = MazeCellArray::new(5, 50).unwrap();
        assert_eq!(array.x_range(), 0..=4);
        assert_eq!(array.y_range(), 0..=49);
        assert!(array.contains(p(4, 49)));
        assert!(!array.contains(p(49, 4)));
    }

    #[test]
    fn both_indexers_reach_the_same_cell() {
        let mut array = MazeCellArray::new(7, 9).unwrap();
        array[(6, 8)].walls = Direction::NORTH;
        assert_eq!(array[p(6, 8)].walls, Direction::NORTH);
        array[p(0, 8)].walls = Direction::EAST;
        assert_eq!(array[(0, 8)].walls, Direction::EAST);
        assert_eq!(array[(0, 8)].position, p(0, 8));
    }

    #[test]
    #[should_panic(expected = "outside the 5x5 grid")]
    fn indexing_past_the_east_edge_panics_instead_of_wrapping() {
        let array = MazeCellArray::new(5, 5).unwrap();
        let _ = array[(5, 0)];
    }

    #[test]
    fn resize_changes_the_size_and_puts_walls_back() {
        let mut array = MazeCellArray::new(5, 5).unwrap();
        array.remove_cell_wall(p(0, 0), Direction::EAST);
        array.resize(8, 6).unwrap();
        assert_eq!((array.width(), array.height()), (8, 6));
        assert!((0..6).all(|y| (0..8).all(|x| array[(x, y)].walls == Direction::ALL)));
    }

    #[test]
    fn a_refused_resize_leaves_the_array_as_it_was() {
        let mut array = MazeCellArray::new(6, 7).unwrap();
        assert_eq!(array.resize(3, 7), Err(MazeError::WidthOutOfRange(3)));
        assert_eq!((array.width(), array.height()), (6, 7));
    }

    #[test]
    fn reset_puts_every_wall_back() {
        let mut array = MazeCellArray::new(5, 6).unwrap();
        array.remove_cell_wall(p(2, 2), Direction::SOUTH);
        array.reset();
        assert_eq!(array, MazeCellArray::new(5, 6).unwrap());
    }

    #[test]
    fn carving_east_opens_both_cells() {
        let mut array = MazeCellArray::new(5, 5).unwrap();
        array.remove_cell_wall(p(1, 1), Direction::EAST);
        assert!(!array[p(1, 1)].walls.contains(Direction::EAST));
        assert!(!array[p(2, 1)].walls.contains(Direction::WEST));
        assert_eq!(array[p(1, 1)].walls, Direction::ALL - Direction::EAST);
    }

    #[test]
    fn carving_north_opens_both_cells_on_a_tall_array() {
        let mut array = MazeCellArray::new(5, 50).unwrap();
        array.remove_cell_wall(p(4, 49), Direction::NORTH);
        assert_eq!(array[p(4, 49)].walls, Direction::ALL - Direction::NORTH);
        assert_eq!(array[p(4, 48)].walls, Direction::ALL - Direction::SOUTH);
    }

    #[test]
    fn border_walls_never_come_down() {
        let mut array = MazeCellArray::new(5, 6).unwrap();
        array.remove_cell_wall(p(0, 0), Direction::NORTH);
        array.remove_cell_wall(p(0, 0), Direction::WEST);
        array.remove_cell_wall(p(4, 5), Direction::SOUTH);
        array.remove_cell_wall(p(4, 5), Direction::EAST);
        assert_eq!(array, MazeCellArray::new(5, 6).unwrap());
    }

    #[test]
    fn neighbors_with_all_walls_skip_opened_cells_and_the_border() {
        // The handout's example: from A at (1, 2), the west cell has lost its north
        // wall and the east cell its east wall, so only north and south qualify.
        let mut array = MazeCellArray::new(5, 5).unwrap();
        array.remove_cell_wall(p(0, 2), Direction::NORTH);
        array.remove_cell_wall(p(2, 2), Direction::EAST);
        let neighbors = array.neighbors_with_all_walls(p(1, 2));
        assert_eq!(
            neighbors.into_iter().collect::<Vec<_>>(),
            vec![(Direction::NORTH, p(1, 1)), (Direction::SOUTH, p(1, 3))]
        );
        let corner = array.neighbors_with_all_walls(p(4, 4));
        assert_eq!(
            corner.keys().copied().collect::<Vec<_>>(),
            vec![Direction::NORTH, Direction::WEST]
        );
    }

    #[test]
    fn accessible_neighbors_follow_open_walls_in_cardinal_order() {
        let mut array = MazeCellArray::new(5, 5).unwrap();
        for direction in [
            Direction::WEST,
            Direction::EAST,
            Direction::SOUTH,
            Direction::NORTH,
        ] {
            array.remove_cell_wall(p(2, 2), direction);
        }
        let all = array.accessible_neighbors(p(2, 2), Direction::NONE);
        assert_eq!(
            all.into_iter().collect::<Vec<_>>(),
            vec![
                (Direction::NORTH, p(2, 1)),
                (Direction::SOUTH, p(2, 3)),
                (Direction::EAST, p(3, 2)),
                (Direction::WEST, p(1, 2)),
            ]
        );
        let without_south = array.accessible_neighbors(p(2, 2), Direction::SOUTH);
        assert_eq!(without_south.len(), 3);
        assert!(!without_south.contains_key(&Direction::SOUTH));
        assert!(
            array
                .accessible_neighbors(p(0, 0), Direction::NONE)
                .is_empty()
        );
    }
}
