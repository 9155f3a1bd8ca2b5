//! The walls of a maze picture: every wall place of a grid, whether a wall stands
//! there, how it compares with the other side's (`Wall`) and how each kind is drawn.

use super::marks::{EXTRA, INK, MISSING};
use crate::checks::model::{EAST, Grid, NORTH, SOUTH, WEST};

/// A wall place, compared between the two sides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Wall {
    /// Both sides have it (or there is nothing to compare with).
    Same,
    /// Only the student's side has it.
    Extra,
    /// Only the expected side has it.
    Missing,
}

impl Wall {
    /// How the wall is drawn: a shared wall thin and dark, a wall only yours has thick
    /// and solid, one only the expected maze has dashed.
    pub(super) fn style(self) -> String {
        match self {
            Wall::Same => format!("stroke=\"{INK}\" stroke-width=\"2\""),
            Wall::Extra => format!("stroke=\"{EXTRA}\" stroke-width=\"4\""),
            Wall::Missing => {
                format!("stroke=\"{MISSING}\" stroke-width=\"2\" stroke-dasharray=\"4 3\"")
            }
        }
    }
}

/// Every wall place of `grid` once, as (cell, side): each cell's north and west
/// sides, and the south and east sides of the cells on those borders.
pub(super) fn wall_places(grid: &Grid) -> impl Iterator<Item = ((i32, i32), u8)> + '_ {
    (0..grid.height).flat_map(move |y| {
        (0..grid.width).flat_map(move |x| {
            [NORTH, WEST, SOUTH, EAST]
                .into_iter()
                .filter(move |&side| {
                    (side != SOUTH || y + 1 == grid.height) && (side != EAST || x + 1 == grid.width)
                })
                .map(move |side| ((x, y), side))
        })
    })
}

/// How the wall place `side` of cell `at` of `grid` compares with `other`: `Same`
/// too where neither has a wall there (nothing is drawn then).
pub(super) fn compared(grid: &Grid, other: Option<&Grid>, at: (i32, i32), side: u8) -> Wall {
    match (wall(grid, at, side), other.map(|o| wall(o, at, side))) {
        (true, Some(false)) => Wall::Extra,
        (false, Some(true)) => Wall::Missing,
        _ => Wall::Same,
    }
}

/// Whether a wall stands on `side` of cell `at`: on either cell it parts, so that a
/// one-sided wall shows too.
pub(super) fn wall(grid: &Grid, (x, y): (i32, i32), side: u8) -> bool {
    let (neighbour, facing) = match side {
        NORTH => ((x, y - 1), SOUTH),
        SOUTH => ((x, y + 1), NORTH),
        EAST => ((x + 1, y), WEST),
        _ => ((x - 1, y), EAST),
    };
    grid.at((x, y)) & side != 0 || (grid.inside(neighbour) && grid.at(neighbour) & facing != 0)
}
