//! What one side of a picture shows: the [`Drawing`] a check hands in, the labels
//! of the two sides, and `Shown`, the part of a drawing that is drawn and counted
//! (what a submission reported is clipped to the grid first).

use crate::checks::model::Grid;

/// What one side of a picture shows: a grid of walls, its start and end, a path
/// through it, the cells a search took out so far, and one cell to circle.
#[derive(Debug, Clone, Default)]
pub struct Drawing<'a> {
    /// The walls.
    pub grid: Option<&'a Grid>,
    /// Where a walk starts (`S`).
    pub start: Option<(i32, i32)>,
    /// Where it ends (`E`).
    pub end: Option<(i32, i32)>,
    /// A path, cell by cell.
    pub path: Vec<(i32, i32)>,
    /// Cells shaded (those a search took out, in order).
    pub shaded: Vec<(i32, i32)>,
    /// The cell where this side goes wrong, circled.
    pub mark: Option<(i32, i32)>,
    /// Whether the cells are the rooms of a rat maze, which words name by number
    /// (row by row from 0) rather than as (x, y).
    pub rooms: bool,
}

/// The side of a picture a mark belongs to.
pub(super) const EXPECTED: &str = "expected";
pub(super) const YOURS: &str = "yours";

/// What of a side is drawn: only cells on the grid (what a submission reported may
/// lie anywhere and run long), and no more of a path than a walk could need. The
/// text alternative counts these, so it tells what the picture shows.
pub(super) struct Shown {
    pub(super) shaded: Vec<(i32, i32)>,
    pub(super) path: Vec<(i32, i32)>,
    pub(super) start: Option<(i32, i32)>,
    pub(super) end: Option<(i32, i32)>,
    pub(super) mark: Option<(i32, i32)>,
}

impl Shown {
    /// The part of `drawing` that lies on its grid, each list cut to what a walk
    /// could need.
    pub(super) fn of(drawing: &Drawing) -> Shown {
        let (w, h) = drawing.grid.map_or((0, 0), |g| (g.width, g.height));
        let on_grid = |&(x, y): &(i32, i32)| (0..w).contains(&x) && (0..h).contains(&y);
        let most = 4 * (w * h).max(1) as usize;
        let cells = |cells: &[(i32, i32)]| -> Vec<(i32, i32)> {
            cells
                .iter()
                .filter(|at| on_grid(at))
                .take(most)
                .copied()
                .collect()
        };
        Shown {
            shaded: cells(&drawing.shaded),
            path: cells(&drawing.path),
            start: drawing.start.filter(on_grid),
            end: drawing.end.filter(on_grid),
            mark: drawing.mark.filter(on_grid),
        }
    }
}
