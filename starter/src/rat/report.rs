//! What the program prints: the report of both searches and a drawing of the maze
//! (provided code).
//!
//! [`report`] reproduces the source project's sample run. For each search in
//! [`SEARCHES`] order (BFS, then DFS) it prints one paragraph:
//!
//! ```text
//! Rooms visited by BFS: 0 5 10 11 12 17 13 22 8 18 14 21 7 23 9 19 16 20 2 6 24
//!
//! This is the path (in reverse): 24 23 18 13 12 11 10 5 0
//!
//! This is the path.
//! X
//! X
//! X X X X
//!       X
//!       X X
//! ```
//!
//! The grid has one line a row and one cell a room, `X` for a room on the path and a
//! space for any other, cells separated by one space, with spaces at the end of a line
//! left out. One blank line separates the lines above and the two paragraphs; the
//! text ends with a single newline. When a search does not reach the goal, its
//! paragraph is the "Rooms visited" line and one line saying so.
//!
//! [`draw`] shows the doors in ASCII: `_` under a room for no way south (or out, on
//! the bottom border), `|` to its right for no way east, and a first line of `_`s for
//! the north border.

use super::maze::RatMaze;
use super::search::{SEARCHES, SearchResult};
use crate::direction::Direction;

/// The text of the sample run for `maze`: BFS, then DFS, as the [module](self)
/// documentation shows.
pub fn report(maze: &RatMaze) -> String {
    let mut paragraphs = Vec::new();
    for search in SEARCHES {
        let result = (search.run)(maze);
        paragraphs.push(paragraph(search.name, maze, &result));
    }
    paragraphs.join("\n")
}

/// One search's part of the report, ending with a newline.
fn paragraph(name: &str, maze: &RatMaze, result: &SearchResult) -> String {
    let mut text = format!(
        "Rooms visited by {name}: {}\n",
        numbers(result.visited.iter())
    );
    if result.path.is_empty() {
        text.push_str(&format!(
            "\n{name} found no path: the goal (room {}) cannot be reached from the start (room 0).\n",
            maze.goal()
        ));
        return text;
    }
    text.push_str(&format!(
        "\nThis is the path (in reverse): {}\n",
        numbers(result.path.iter().rev())
    ));
    text.push_str("\nThis is the path.\n");
    text.push_str(&path_grid(maze, &result.path));
    text
}

/// Room numbers separated by single spaces.
fn numbers<'a>(rooms: impl Iterator<Item = &'a usize>) -> String {
    rooms
        .map(|room| room.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The grid of the path: `X` for a room on it, a space for any other room.
fn path_grid(maze: &RatMaze, path: &[usize]) -> String {
    let mut on_path = vec![false; maze.rooms()];
    for &room in path {
        // A room number outside the maze (from a wrong search) is left out rather
        // than allowed to stop the report.
        if let Some(flag) = on_path.get_mut(room) {
            *flag = true;
        }
    }
    let mut text = String::new();
    for row in on_path.chunks(maze.size()) {
        let cells: Vec<&str> = row.iter().map(|&on| if on { "X" } else { " " }).collect();
        text.push_str(cells.join(" ").trim_end());
        text.push('\n');
    }
    text
}

/// An ASCII drawing of `maze`, two characters a room: the first is `_` when there is
/// no way south out of the room, the second `|` when there is no way east. A line
/// starts with `|` when the first room's west door is closed, and the top line has a
/// `_` over each room whose north door is closed.
///
/// Between two rooms a wall is drawn unless there is a passage, so a half-open door
/// shows as a wall. On the border the room's own door counts, so the open north door
/// of the start and the open south door of the goal show as gaps (and so would any
/// other open border door a file has). Spaces at the ends of lines are left out.
pub fn draw(maze: &RatMaze) -> String {
    let n = maze.size();
    let mut lines = Vec::new();
    let mut top = String::from(" ");
    for room in 0..n {
        top.push(if maze.door_open(room, Direction::NORTH) {
            ' '
        } else {
            '_'
        });
        top.push(' ');
    }
    lines.push(top);
    for row in 0..n {
        let first = row * n;
        let mut line = String::new();
        line.push(if maze.door_open(first, Direction::WEST) {
            ' '
        } else {
            '|'
        });
        for room in first..first + n {
            let way_south = if row + 1 == n {
                maze.door_open(room, Direction::SOUTH)
            } else {
                maze.passage(room, Direction::SOUTH)
            };
            let way_east = if room + 1 == first + n {
                maze.door_open(room, Direction::EAST)
            } else {
                maze.passage(room, Direction::EAST)
            };
            line.push(if way_south { ' ' } else { '_' });
            line.push(if way_east { ' ' } else { '|' });
        }
        lines.push(line);
    }
    let mut text = String::new();
    for line in lines {
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_one_room_maze_reports_one_x() {
        let maze = RatMaze::new(1).unwrap();
        let expected = "\
Rooms visited by BFS: 0

This is the path (in reverse): 0

This is the path.
X

Rooms visited by DFS: 0

This is the path (in reverse): 0

This is the path.
X
";
        assert_eq!(report(&maze), expected);
    }

    #[test]
    fn an_unreachable_goal_is_said_in_one_line() {
        let maze = RatMaze::new(2).unwrap();
        let expected = "\
Rooms visited by BFS: 0

BFS found no path: the goal (room 3) cannot be reached from the start (room 0).

Rooms visited by DFS: 0

DFS found no path: the goal (room 3) cannot be reached from the start (room 0).
";
        assert_eq!(report(&maze), expected);
    }

    #[test]
    fn a_closed_maze_is_drawn_with_every_wall() {
        #[rustfmt::skip]
        let expected = concat!(
            "   _ _\n",
            "|_|_|_|\n",
            "|_|_|_|\n",
            "|_|_| |\n",
        );
        assert_eq!(draw(&RatMaze::new(3).unwrap()), expected);
    }

    #[test]
    fn passages_are_gaps_and_half_open_doors_are_walls() {
        let mut maze = RatMaze::new(2).unwrap();
        maze.open_between(0, 2).unwrap();
        maze.open_between(2, 3).unwrap();
        maze.set_door(0, Direction::EAST, true); // half open: 1's west door is closed
        #[rustfmt::skip]
        let expected = concat!(
            "   _\n",
            "| |_|\n",
            "|_  |\n",
        );
        assert_eq!(draw(&maze), expected);
    }
}
