//! Arrow board pictures: the board drawn twice, the reference's path on the left
//! and the student's on the right, the first square where they part circled.

use std::fmt::Write as _;

use super::cells::first_wrong;
use super::legend::{LEGEND_ROW, LegendRow, legend_svg};
use super::marks::{INK, open_side, polyline, ring, square, svg_open};
use super::side::{EXPECTED, YOURS};
use super::words::describe_boards;
use crate::checks::model::ARROWS;

/// An arrow board beside itself: the reference's path on the left, the student's on
/// the right, the first square where they part circled. `squares` are row by row,
/// each `"R N E"`, `"B C SW"` or `"X N X"`; paths are (row, column) from 1.
pub fn boards(
    rows: usize,
    cols: usize,
    squares: &[String],
    expected: Option<&[(usize, usize)]>,
    yours: Option<&[(usize, usize)]>,
) -> String {
    let (rows, cols) = (rows.clamp(1, 1000), cols.clamp(1, 1000));
    let cell = (360 / rows.max(cols)).clamp(12, 48) as i32;
    let margin = 16;
    let top = 22;
    let panel = (cols as i32 * cell, rows as i32 * cell);
    let width = (2 * panel.0 + 3 * margin).max(480);
    let legend = LegendRow::BOARD.len() as i32 * LEGEND_ROW + 4;
    let height = top + panel.1 + margin + 14 + legend;
    let at = |(row, col): (usize, usize)| {
        (
            (col as i32 - 1) * cell + cell / 2,
            (row as i32 - 1) * cell + cell / 2,
        )
    };
    // Only squares on the board, and no more of a path than a way could need.
    let most = 4 * rows * cols;
    let on_board = |path: Option<&[(usize, usize)]>| -> Option<Vec<(usize, usize)>> {
        path.map(|path| {
            path.iter()
                .filter(|&&(r, c)| (1..=rows).contains(&r) && (1..=cols).contains(&c))
                .take(most)
                .copied()
                .collect()
        })
    };
    let (expected, yours) = (on_board(expected), on_board(yours));
    let (expected, yours) = (expected.as_deref(), yours.as_deref());
    let to_cells = |path: Option<&[(usize, usize)]>| -> Vec<(i32, i32)> {
        path.unwrap_or_default()
            .iter()
            .map(|&(r, c)| (c as i32 - 1, r as i32 - 1))
            .collect()
    };
    let mark = first_wrong(&to_cells(expected), &to_cells(yours))
        .map(|(x, y)| (y as usize + 1, x as usize + 1));
    let words = describe_boards((rows, cols), expected, yours, mark);
    let mut svg = svg_open(width, height, &words);
    for (index, (label, path, mark)) in [(EXPECTED, expected, None), (YOURS, yours, mark)]
        .into_iter()
        .enumerate()
    {
        open_side(&mut svg, index, label, panel.0, (margin, top));
        for (i, sq) in squares.iter().enumerate().take(rows * cols) {
            let (x, y) = ((i % cols) as i32 * cell, (i / cols) as i32 * cell);
            let values: Vec<&str> = sq.split(' ').collect();
            match values.first() {
                Some(&colour @ ("R" | "B")) => square(&mut svg, x, y, cell, colour == "R"),
                _ => {
                    let _ = write!(
                        svg,
                        "<rect x=\"{x}\" y=\"{y}\" width=\"{cell}\" height=\"{cell}\" fill=\"#eee\" stroke=\"{INK}\"/>"
                    );
                }
            }
            let (cx, cy) = (x + cell / 2, y + cell / 2);
            match values.as_slice() {
                ["X", ..] => {
                    let _ = write!(
                        svg,
                        "<text x=\"{cx}\" y=\"{}\" text-anchor=\"middle\" font-weight=\"bold\">X</text>",
                        cy + 4
                    );
                }
                [_, circled, arrow] => {
                    if *circled == "C" {
                        let _ = write!(
                            svg,
                            "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"none\" stroke=\"{INK}\"/>",
                            cell * 2 / 5
                        );
                    }
                    let step = ARROWS.iter().find(|(name, _, _)| name == arrow);
                    if let Some(&(_, dr, dc)) = step {
                        let reach = cell / 3;
                        let _ = write!(
                            svg,
                            "<line x1=\"{cx}\" y1=\"{cy}\" x2=\"{}\" y2=\"{}\" stroke=\"{INK}\" stroke-width=\"2\"/><circle cx=\"{}\" cy=\"{}\" r=\"2\" fill=\"{INK}\"/>",
                            cx + dc * reach,
                            cy + dr * reach,
                            cx + dc * reach,
                            cy + dr * reach
                        );
                    }
                }
                _ => {}
            }
        }
        polyline(
            &mut svg,
            path.unwrap_or_default().iter().map(|&sq| at(sq)),
            3,
        );
        if let Some(sq) = mark {
            let (x, y) = at(sq);
            ring(&mut svg, x, y, cell / 2);
        }
        if path.is_none() {
            let _ = write!(
                svg,
                "<text x=\"0\" y=\"{}\">no way to the target</text>",
                panel.1 + 14
            );
        }
        svg.push_str("</g>");
    }
    legend_svg(
        &mut svg,
        LegendRow::BOARD,
        margin,
        top + panel.1 + margin + 14,
    );
    svg.push_str("</svg>");
    svg
}

#[cfg(test)]
mod tests {
    use super::super::marks::{EXTRA, MARK};
    use super::super::samples::text_alternative;
    use super::*;

    #[test]
    fn a_board_picture_is_well_formed_svg_and_circles_where_the_paths_part() {
        let squares: Vec<String> = ["R N E", "B C S", "X N X", "B N N"]
            .map(str::to_owned)
            .to_vec();
        let svg = boards(
            2,
            2,
            &squares,
            Some(&[(1, 1), (1, 2), (2, 2)]),
            Some(&[(1, 1), (2, 1)]),
        );
        assert_eq!(
            text_alternative(&svg),
            "The reference's path (left) beside yours (right) on a board of 2 rows and 2 \
             columns: the reference's path: 3 squares; yours: 2 squares; where yours first goes \
             elsewhere is circled, at row 2, column 1."
        );
        // The ring of the first difference, beside the legend's, and the red square's
        // notch (twice) and the legend's.
        assert_eq!(
            svg.matches(&format!("stroke=\"{MARK}\" stroke-width=\"3\""))
                .count(),
            2
        );
        assert_eq!(svg.matches(&format!("fill=\"{EXTRA}\"")).count(), 3);
        let none = boards(2, 2, &squares, Some(&[(1, 1), (1, 2)]), None);
        assert!(none.contains("no way to the target"));
        assert!(text_alternative(&none).contains("yours: no way to the target."));
    }

    #[test]
    fn squares_a_submission_reports_off_the_board_are_left_out_not_drawn() {
        let squares = vec!["X N X".to_owned()];
        let svg = boards(
            1,
            1,
            &squares,
            Some(&[(1, 1)]),
            Some(&[(usize::MAX, 0), (1, 1)]),
        );
        roxmltree::Document::parse(&svg).expect("the SVG parses as XML");
    }
}
