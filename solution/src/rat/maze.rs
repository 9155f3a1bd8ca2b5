//! The rooms of a rat maze and their doors.
//!
//! An n×n maze has n² rooms, numbered row by row: room `r` is in row `r / n`, column
//! `r % n`, so room 0 is the upper-left start and room n² − 1 the bottom-right goal.
//! Each room keeps its *own* four doors, as a [`Direction`] set of the doors that are
//! open. Keeping them per room is what the file format does, and it means a door can
//! be open on one side and closed on the other: such a half-open door is no way
//! through. [`passage`](RatMaze::passage) is the one question the searches ask, and it
//! needs both doors open and a room on the other side.
//!
//! The start's north door and the goal's south door lead out of the maze; they are
//! open in a new maze, like the doors in and out of a real one, but never count as a
//! passage.

use std::fmt;

use super::error::RatError;
use crate::direction::Direction;
// BEGIN SOLUTION ONLY
use super::MAX_SIZE;
use crate::direction::DirectionExt;
// END SOLUTION

// ANCHOR: rat_maze
/// An n×n maze of rooms numbered 0 to n² − 1, each with its own four doors.
#[derive(Clone, PartialEq, Eq)]
pub struct RatMaze {
    /// The size n: the maze has n rows of n rooms.
    size: usize,
    /// `open[room]` is the set of the room's doors that are open.
    open: Vec<Direction>,
}
// ANCHOR_END: rat_maze

impl RatMaze {
    // ANCHOR: new
    /// An n×n maze with every door closed except the start's north door and the
    /// goal's south door (for n = 1 both are doors of room 0); or an error if n is
    /// outside 1..=[`MAX_SIZE`](super::MAX_SIZE).
    pub fn new(n: usize) -> Result<RatMaze, RatError> {
        // BEGIN SOLUTION RatMaze::new (§7.4): make a maze of {n}x{n} rooms with only the way in and the way out open, or return an error if {n} rooms a side are not allowed
        if !(1..=MAX_SIZE).contains(&n) {
            return Err(RatError::SizeOutOfRange(n));
        }
        let mut maze = RatMaze {
            size: n,
            open: vec![Direction::NONE; n * n],
        };
        maze.set_door(0, Direction::NORTH, true);
        maze.set_door(n * n - 1, Direction::SOUTH, true);
        Ok(maze)
        // END SOLUTION
    }
    // ANCHOR_END: new

    // ANCHOR: size
    /// The size n: the number of rows, and of rooms in a row.
    pub fn size(&self) -> usize {
        // BEGIN SOLUTION RatMaze::size (§7.4): the size n of {self:?}
        self.size
        // END SOLUTION
    }
    // ANCHOR_END: size

    // ANCHOR: rooms
    /// The number of rooms, n².
    pub fn rooms(&self) -> usize {
        // BEGIN SOLUTION RatMaze::rooms (§7.4): the number of rooms of {self:?}
        self.size * self.size
        // END SOLUTION
    }
    // ANCHOR_END: rooms

    // ANCHOR: start
    /// The start room, where the rat sets off: always 0, the upper-left room.
    pub fn start(&self) -> usize {
        0
    }
    // ANCHOR_END: start

    // ANCHOR: goal
    /// The goal room, where the rat wants to be: n² − 1, the bottom-right room.
    pub fn goal(&self) -> usize {
        self.rooms() - 1
    }
    // ANCHOR_END: goal

    // ANCHOR: neighbor
    /// The room next to `room` in `direction` (one of the four), or `None` when that
    /// would be outside the maze. Doors do not matter here. `None` as well for a
    /// `room` outside the maze and for a direction that is not exactly one of the
    /// four.
    pub fn neighbor(&self, room: usize, direction: Direction) -> Option<usize> {
        // BEGIN SOLUTION RatMaze::neighbor (§7.4): the room next to room {room} going {direction:?} in {self:?}
        if room >= self.rooms() {
            return None;
        }
        let n = self.size;
        let row = room / n;
        let column = room % n;
        if direction == Direction::NORTH && row > 0 {
            Some(room - n)
        } else if direction == Direction::SOUTH && row + 1 < n {
            Some(room + n)
        } else if direction == Direction::EAST && column + 1 < n {
            Some(room + 1)
        } else if direction == Direction::WEST && column > 0 {
            Some(room - 1)
        } else {
            None
        }
        // END SOLUTION
    }
    // ANCHOR_END: neighbor

    // ANCHOR: door_open
    /// Whether the door of `room` in `direction` is open. The door is the room's own;
    /// the room on the other side has a door of its own. (Given several directions at
    /// once, whether all those doors are open.)
    ///
    /// # Panics
    /// If `room` is not below [`rooms`](RatMaze::rooms).
    pub fn door_open(&self, room: usize, direction: Direction) -> bool {
        // BEGIN SOLUTION RatMaze::door_open (§7.4): is the {direction:?} door of room {room} open in {self:?}
        self.open[room].contains(direction)
        // END SOLUTION
    }
    // ANCHOR_END: door_open

    // ANCHOR: set_door
    /// Opens (`open` = true) or closes the door of `room` in `direction`, and only
    /// that one: the room on the other side keeps its own door as it is. Doors on
    /// the border can be set too; they never make a passage out of the maze.
    ///
    /// # Panics
    /// If `room` is not below [`rooms`](RatMaze::rooms).
    pub fn set_door(&mut self, room: usize, direction: Direction, open: bool) {
        // BEGIN SOLUTION RatMaze::set_door (§7.4): make the {direction:?} door of room {room} open: {open} in {self:?}
        if open {
            self.open[room].insert(direction);
        } else {
            self.open[room].remove(direction);
        }
        // END SOLUTION
    }
    // ANCHOR_END: set_door

    // ANCHOR: passage
    /// Whether the rat can go from `room` in `direction`: there is a room on that
    /// side, and both facing doors (this room's and that room's) are open.
    ///
    /// # Panics
    /// If `room` is not below [`rooms`](RatMaze::rooms).
    pub fn passage(&self, room: usize, direction: Direction) -> bool {
        // BEGIN SOLUTION RatMaze::passage (§7.4): can the rat go {direction:?} from room {room} in {self:?}
        match self.neighbor(room, direction) {
            Some(other) => {
                self.door_open(room, direction) && self.door_open(other, direction.opposite())
            }
            None => false,
        }
        // END SOLUTION
    }
    // ANCHOR_END: passage

    // ANCHOR: neighbors
    /// The rooms joined to `room` by a passage, in north, south, east, west order.
    ///
    /// # Panics
    /// If `room` is not below [`rooms`](RatMaze::rooms).
    pub fn neighbors(&self, room: usize) -> Vec<usize> {
        // BEGIN SOLUTION RatMaze::neighbors (§7.4): the rooms joined to room {room} in {self:?}
        let mut rooms = Vec::new();
        for direction in Direction::CARDINALS {
            if self.passage(room, direction)
                && let Some(other) = self.neighbor(room, direction)
            {
                rooms.push(other);
            }
        }
        rooms
        // END SOLUTION
    }
    // ANCHOR_END: neighbors

    // ANCHOR: open_between
    /// Opens both facing doors between rooms `a` and `b`, making a passage; or an
    /// error, changing nothing, if the two are not side by side in the maze.
    pub fn open_between(&mut self, a: usize, b: usize) -> Result<(), RatError> {
        // BEGIN SOLUTION RatMaze::open_between (§7.4): open the doors between rooms {a} and {b} of {self:?}
        for direction in Direction::CARDINALS {
            if self.neighbor(a, direction) == Some(b) {
                self.set_door(a, direction, true);
                self.set_door(b, direction.opposite(), true);
                return Ok(());
            }
        }
        Err(RatError::NotAdjacent {
            a,
            b,
            size: self.size,
        })
        // END SOLUTION
    }
    // ANCHOR_END: open_between
}

impl fmt::Debug for RatMaze {
    /// The size, and for a maze of up to 16×16 one line a row with a hex digit a room
    /// for its open doors (N=1, S=2, E=4, W=8): short enough for a failed assertion
    /// or a `todo!` message. It reads the fields directly, so it works before the
    /// methods do.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut debug = f.debug_struct("RatMaze");
        debug.field("size", &self.size);
        if self.size <= 16 {
            let rows: Vec<String> = self
                .open
                .chunks(self.size.max(1))
                .map(|row| {
                    row.iter()
                        .map(|doors| format!("{:x}", doors.bits()))
                        .collect()
                })
                .collect();
            debug.field("open", &rows);
        }
        debug.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rat::MAX_SIZE;

    #[test]
    fn a_new_maze_has_only_the_way_in_and_the_way_out_open() {
        let maze = RatMaze::new(3).unwrap();
        assert_eq!(maze.size(), 3);
        assert_eq!(maze.rooms(), 9);
        assert_eq!((maze.start(), maze.goal()), (0, 8));
        for room in 0..9 {
            for direction in Direction::CARDINALS {
                let expected = (room, direction) == (0, Direction::NORTH)
                    || (room, direction) == (8, Direction::SOUTH);
                assert_eq!(
                    maze.door_open(room, direction),
                    expected,
                    "{room} {direction:?}"
                );
            }
        }
    }

    #[test]
    fn a_one_room_maze_has_both_doors_in_room_zero() {
        let maze = RatMaze::new(1).unwrap();
        assert_eq!(maze.rooms(), 1);
        assert_eq!(maze.goal(), 0);
        assert!(maze.door_open(0, Direction::NORTH));
        assert!(maze.door_open(0, Direction::SOUTH));
        assert!(!maze.door_open(0, Direction::EAST));
        assert!(maze.neighbors(0).is_empty());
    }

    #[test]
    fn sizes_outside_one_to_max_size_are_refused() {
        assert_eq!(RatMaze::new(0), Err(RatError::SizeOutOfRange(0)));
        assert_eq!(
            RatMaze::new(MAX_SIZE + 1),
            Err(RatError::SizeOutOfRange(MAX_SIZE + 1))
        );
        assert_eq!(
            RatError::SizeOutOfRange(0).to_string(),
            format!("maze size 0 is outside 1..={MAX_SIZE}")
        );
    }

    #[test]
    fn neighbors_are_numbered_row_by_row_and_stop_at_the_border() {
        let maze = RatMaze::new(5).unwrap();
        assert_eq!(maze.neighbor(12, Direction::NORTH), Some(7));
        assert_eq!(maze.neighbor(12, Direction::SOUTH), Some(17));
        assert_eq!(maze.neighbor(12, Direction::EAST), Some(13));
        assert_eq!(maze.neighbor(12, Direction::WEST), Some(11));
        assert_eq!(maze.neighbor(0, Direction::NORTH), None);
        assert_eq!(maze.neighbor(0, Direction::WEST), None);
        // Room 4 ends row 0: east of it is the border, not room 5.
        assert_eq!(maze.neighbor(4, Direction::EAST), None);
        assert_eq!(maze.neighbor(5, Direction::WEST), None);
        assert_eq!(maze.neighbor(24, Direction::SOUTH), None);
        assert_eq!(maze.neighbor(25, Direction::NORTH), None);
        assert_eq!(maze.neighbor(12, Direction::NORTH | Direction::EAST), None);
    }

    #[test]
    fn set_door_changes_one_side_only() {
        let mut maze = RatMaze::new(2).unwrap();
        maze.set_door(0, Direction::EAST, true);
        assert!(maze.door_open(0, Direction::EAST));
        assert!(!maze.door_open(1, Direction::WEST));
        assert!(!maze.passage(0, Direction::EAST));
        maze.set_door(1, Direction::WEST, true);
        assert!(maze.passage(0, Direction::EAST));
        assert!(maze.passage(1, Direction::WEST));
        maze.set_door(0, Direction::EAST, false);
        assert!(!maze.passage(1, Direction::WEST));
    }

    #[test]
    fn open_between_opens_both_facing_doors() {
        let mut maze = RatMaze::new(3).unwrap();
        maze.open_between(4, 1).unwrap();
        assert!(maze.door_open(4, Direction::NORTH));
        assert!(maze.door_open(1, Direction::SOUTH));
        maze.open_between(4, 5).unwrap();
        assert_eq!(maze.neighbors(4), vec![1, 5]);
        assert_eq!(maze.neighbors(1), vec![4]);
        assert_eq!(maze.neighbors(5), vec![4]);
    }

    #[test]
    fn open_between_refuses_rooms_that_are_not_side_by_side() {
        let mut maze = RatMaze::new(3).unwrap();
        let before = maze.clone();
        // 2 and 3 follow each other in number but 2 ends row 0 and 3 starts row 1.
        let error = maze.open_between(2, 3).unwrap_err();
        assert_eq!(
            error,
            RatError::NotAdjacent {
                a: 2,
                b: 3,
                size: 3
            }
        );
        assert!(
            error
                .to_string()
                .contains("rooms 2 and 3 are not side by side in the 3x3 maze")
        );
        assert!(maze.open_between(0, 4).is_err());
        assert!(maze.open_between(8, 9).is_err());
        assert!(maze.open_between(1, 1).is_err());
        assert_eq!(maze, before);
    }

    #[test]
    fn border_doors_never_make_a_passage() {
        let mut maze = RatMaze::new(2).unwrap();
        for room in 0..4 {
            for direction in Direction::CARDINALS {
                maze.set_door(room, direction, true);
            }
        }
        assert!(!maze.passage(0, Direction::NORTH));
        assert!(!maze.passage(3, Direction::SOUTH));
        assert!(!maze.passage(1, Direction::EAST));
        assert!(!maze.passage(2, Direction::WEST));
        assert_eq!(maze.neighbors(0), vec![2, 1]);
        assert_eq!(maze.neighbors(3), vec![1, 2]);
    }

    #[test]
    fn neighbors_come_in_north_south_east_west_order() {
        let mut maze = RatMaze::new(3).unwrap();
        for other in [3, 5, 1, 7] {
            maze.open_between(4, other).unwrap();
        }
        assert_eq!(maze.neighbors(4), vec![1, 7, 5, 3]);
    }
}
