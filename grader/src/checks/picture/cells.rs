//! From what the checks hold to the cells a picture draws: a walk's steps, where two
//! paths part, and a rat maze's rooms and doors as a grid.

use super::side::Drawing;
use crate::checks::model::{EAST, Grid, NORTH, SOUTH, WEST};

/// The cells of a walk from `start` along `steps` (direction bits), stopping where a
/// step is not a single direction.
pub fn cells_of(start: (i32, i32), steps: &[u8]) -> Vec<(i32, i32)> {
    let mut cells = vec![start];
    let mut at = start;
    for &step in steps {
        at = match step {
            NORTH => (at.0, at.1 - 1),
            SOUTH => (at.0, at.1 + 1),
            EAST => (at.0 + 1, at.1),
            WEST => (at.0 - 1, at.1),
            _ => break,
        };
        cells.push(at);
    }
    cells
}

/// The first place two paths part: the first cell of `yours` that differs from
/// `expected` (or the first one past the shorter of the two).
pub fn first_wrong(expected: &[(i32, i32)], yours: &[(i32, i32)]) -> Option<(i32, i32)> {
    let at = expected
        .iter()
        .zip(yours)
        .position(|(a, b)| a != b)
        .unwrap_or(expected.len().min(yours.len()));
    (expected.len() != yours.len() || at < yours.len())
        .then(|| yours.get(at).or(yours.last()).copied())
        .flatten()
}

/// An n×n rat maze as a grid: a room's side has a wall where its door is closed.
pub fn rat_grid(n: usize, open: &[u8]) -> Option<Grid> {
    let side = i32::try_from(n).ok()?;
    let walls = (0..n)
        .map(|row| {
            (0..n)
                .map(|col| !open.get(row * n + col).copied().unwrap_or(0) & 15)
                .collect()
        })
        .collect();
    Grid::from_rows(side, side, walls).ok()
}

/// A side showing a rat maze's grid, with the way in (room 0) and the way out (the
/// last room) as its start and end.
pub fn rat_side(grid: &Grid) -> Drawing<'_> {
    Drawing {
        grid: Some(grid),
        start: Some((0, 0)),
        end: Some((grid.width - 1, grid.height - 1)),
        rooms: true,
        ..Drawing::default()
    }
}

/// Room `room` of an n×n rat maze as a cell (column, row).
pub fn room_cell(n: usize, room: usize) -> (i32, i32) {
    let n = n.max(1);
    (
        i32::try_from(room % n).unwrap_or(0),
        i32::try_from(room / n).unwrap_or(0),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_wrong_cell_is_where_the_paths_part() {
        let expected = [(0, 0), (1, 0), (2, 0)];
        assert_eq!(first_wrong(&expected, &[(0, 0), (0, 1)]), Some((0, 1)));
        assert_eq!(first_wrong(&expected, &[(0, 0), (1, 0)]), Some((1, 0)));
        assert_eq!(first_wrong(&expected, &expected), None);
    }

    #[test]
    fn a_rat_maze_has_walls_where_its_doors_are_closed() {
        let grid = rat_grid(2, &[NORTH | EAST, WEST, 0, NORTH | SOUTH]).unwrap();
        assert_eq!(grid.at((0, 0)), SOUTH | WEST);
        assert_eq!(grid.at((1, 1)), EAST | WEST);
        assert_eq!(room_cell(2, 3), (1, 1));
    }
}
