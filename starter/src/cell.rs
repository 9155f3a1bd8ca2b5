//! One square of the maze: where it is and which of its four walls stand.

use crate::direction::Direction;
use crate::position::Position;

// ANCHOR: maze_cell
/// A cell of the maze. Its `walls` hold every direction in which a wall stands; a
/// finished maze never has a cell with all four (it could not be reached).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MazeCell {
    /// The directions in which this cell has a wall.
    pub walls: Direction,
    /// Where the cell is in its maze.
    pub position: Position,
}
// ANCHOR_END: maze_cell

// ANCHOR: cell_impl
impl MazeCell {
    /// A cell at `position` with the given `walls`.
    pub fn new(position: Position, walls: Direction) -> MazeCell {
        // TODO (handout §4): write MazeCell::new.
        todo!("MazeCell::new (handout §4): a cell at {position:?} with walls {walls:?}")
    }

    /// Takes down this cell's wall(s) in `wall`; walls already down stay down. This
    /// changes only this cell: [`MazeCellArray::remove_cell_wall`](crate::MazeCellArray::remove_cell_wall)
    /// also opens the neighbour's side.
    pub fn remove_wall(&mut self, wall: Direction) {
        // TODO (handout §4): write MazeCell::remove_wall.
        todo!("MazeCell::remove_wall (handout §4): take {wall:?} away from the walls of {self:?}")
    }
}
// ANCHOR_END: cell_impl

// ANCHOR: cell_default
impl Default for MazeCell {
    /// A cell at (0, 0) with all four walls up.
    fn default() -> MazeCell {
        // TODO (handout §4): write MazeCell::default.
        todo!("MazeCell::default (handout §4): a cell at (0, 0) with every wall up")
    }
}
// ANCHOR_END: cell_default

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_cell_is_at_the_origin_with_every_wall() {
        let cell = MazeCell::default();
        assert_eq!(cell.position, Position::new(0, 0));
        assert_eq!(cell.walls, Direction::ALL);
    }

    #[test]
    fn new_cell_keeps_position_and_walls() {
        let cell = MazeCell::new(Position::new(2, 3), Direction::NORTH | Direction::WEST);
        assert_eq!(cell.position, Position::new(2, 3));
        assert_eq!(cell.walls, Direction::NORTH | Direction::WEST);
    }

    #[test]
    fn removing_a_wall_leaves_the_others() {
        let mut cell = MazeCell::default();
        cell.remove_wall(Direction::EAST);
        assert_eq!(
            cell.walls,
            Direction::NORTH | Direction::SOUTH | Direction::WEST
        );
    }

    #[test]
    fn removing_a_missing_wall_changes_nothing() {
        let mut cell = MazeCell::new(Position::new(0, 0), Direction::NORTH);
        cell.remove_wall(Direction::SOUTH);
        assert_eq!(cell.walls, Direction::NORTH);
    }

    #[test]
    fn removing_several_walls_at_once() {
        let mut cell = MazeCell::default();
        cell.remove_wall(Direction::NORTH | Direction::SOUTH);
        assert_eq!(cell.walls, Direction::EAST | Direction::WEST);
    }
}
