//! The text alternatives of the pictures (their `<title>` and `aria-label`): what a
//! picture shows and what differs, counted from the very cells, walls and squares it
//! draws, in the grader's own words and numbers only.

use std::fmt::Write as _;

use super::side::{Drawing, Shown};
use super::walls::{Wall, compared, wall_places};

/// `count` and `noun`, the noun plural unless the count is one.
pub(super) fn counted(count: usize, noun: &str) -> String {
    if count == 1 {
        format!("1 {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

/// A cell in words: a rat maze's room by number, any other cell as (x, y).
pub(super) fn cell_words(drawing: &Drawing, (x, y): (i32, i32)) -> String {
    match drawing.grid {
        Some(grid) if drawing.rooms => format!("room {}", y * grid.width + x),
        _ => format!("({x}, {y})"),
    }
}

/// The text alternative of a picture of two sides: what it shows and what differs,
/// from the same cells and walls it draws. Only numbers and the grader's own words.
pub(super) fn describe_sides(expected: &Drawing, yours: &Drawing) -> String {
    let (want, got) = (Shown::of(expected), Shown::of(yours));
    let what = if yours.rooms { "rat maze" } else { "maze" };
    let mut words = match yours.grid.or(expected.grid) {
        Some(grid) => format!(
            "The expected {what} (left) beside yours (right), {} by {} cells",
            grid.width, grid.height
        ),
        None => format!("The expected {what} (left) beside yours (right)"),
    };
    let mut parts = Vec::new();
    match (expected.grid, yours.grid) {
        (Some(e), Some(y)) if (e.width, e.height) == (y.width, y.height) => {
            let walls: Vec<Wall> = wall_places(y)
                .map(|(at, side)| compared(y, Some(e), at, side))
                .collect();
            let extra = walls.iter().filter(|&&w| w == Wall::Extra).count();
            let missing = walls.iter().filter(|&&w| w == Wall::Missing).count();
            if extra + missing == 0 {
                parts.push("the walls are the same".to_owned());
            } else {
                parts.push(format!(
                    "{} only in yours (thick solid vermilion lines), {} only in the expected maze (dashed blue lines)",
                    counted(extra, "wall"),
                    counted(missing, "wall")
                ));
            }
        }
        (Some(e), Some(y)) => parts.push(format!(
            "the grids differ in size: the expected {} by {}, yours {} by {}",
            e.width, e.height, y.width, y.height
        )),
        _ => {}
    }
    for (name, letter, want, got) in [
        ("start", "S", want.start, got.start),
        ("end", "E", want.end, got.end),
    ] {
        if let (Some(want), Some(got)) = (want, got)
            && want != got
        {
            parts.push(format!(
                "your {name} ({letter}) is at {}, the expected one at {}",
                cell_words(yours, got),
                cell_words(expected, want)
            ));
        }
    }
    if !(want.path.is_empty() && got.path.is_empty()) {
        parts.push(format!(
            "the expected path has {}, yours {} (a green line through the cells)",
            counted(want.path.len(), "cell"),
            got.path.len()
        ));
    }
    if !(want.shaded.is_empty() && got.shaded.is_empty()) {
        parts.push(format!(
            "the search took out {} on the expected side, {} on yours (hatched)",
            counted(want.shaded.len(), "cell"),
            got.shaded.len()
        ));
    }
    if let Some(at) = got.mark {
        parts.push(format!(
            "where yours first differs is circled, at {}",
            cell_words(yours, at)
        ));
    }
    if !parts.is_empty() {
        words.push_str(": ");
        words.push_str(&parts.join("; "));
    }
    words.push('.');
    words
}

/// The text alternative of an arrow board's picture, from the paths it draws.
pub(super) fn describe_boards(
    (rows, cols): (usize, usize),
    expected: Option<&[(usize, usize)]>,
    yours: Option<&[(usize, usize)]>,
    mark: Option<(usize, usize)>,
) -> String {
    let way = |path: Option<&[(usize, usize)]>| match path {
        Some(path) => counted(path.len(), "square"),
        None => "no way to the target".to_owned(),
    };
    let mut words = format!(
        "The reference's path (left) beside yours (right) on a board of {rows} rows and {cols} columns: the reference's path: {}; yours: {}",
        way(expected),
        way(yours)
    );
    if let Some((row, col)) = mark {
        let _ = write!(
            words,
            "; where yours first goes elsewhere is circled, at row {row}, column {col}"
        );
    }
    words.push('.');
    words
}

#[cfg(test)]
mod tests {
    use super::super::samples::{snake_picture, text_alternative};
    use super::super::{Drawing, rat_grid, rat_side, side_by_side};
    use crate::checks::model::{EAST, NORTH, SOUTH, WEST};

    #[test]
    fn a_picture_says_in_words_what_differs() {
        assert_eq!(
            text_alternative(&snake_picture()),
            "The expected maze (left) beside yours (right), 3 by 2 cells: 1 wall only in yours \
             (thick solid vermilion lines), 1 wall only in the expected maze (dashed blue lines); \
             the expected path has 6 cells, yours 4 (a green line through the cells); where yours \
             first differs is circled, at (1, 1)."
        );
    }

    #[test]
    fn a_rat_maze_picture_names_rooms_and_counts_the_cells_a_search_took_out() {
        let grid = rat_grid(2, &[EAST, WEST | SOUTH, EAST, NORTH | WEST]).unwrap();
        let side = |shaded: Vec<(i32, i32)>, mark| Drawing {
            shaded,
            mark,
            ..rat_side(&grid)
        };
        let svg = side_by_side(
            &side(vec![(0, 0), (1, 0), (1, 1)], None),
            &side(vec![(0, 0), (0, 1)], Some((0, 1))),
        );
        assert_eq!(
            text_alternative(&svg),
            "The expected rat maze (left) beside yours (right), 2 by 2 cells: the walls are the \
             same; the search took out 3 cells on the expected side, 2 on yours (hatched); where \
             yours first differs is circled, at room 2."
        );
    }
}
