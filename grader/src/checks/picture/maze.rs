//! Maze pictures: the expected maze beside the student's, the walls that differ
//! drawn in the legend's patterns on the student's side, with paths, the cells a
//! search took out and the first difference circled.

use std::fmt::Write as _;

use super::cells::first_wrong;
use super::legend::{LEGEND_ROW, LegendRow, legend_svg};
use super::marks::{hatched_cell, open_side, polyline, ring, svg_open};
use super::side::{Drawing, EXPECTED, Shown, YOURS};
use super::walls::{Wall, compared, wall, wall_places};
use super::words::describe_sides;
use crate::checks::model::{Grid, MazeData, NORTH, SOUTH, WEST};

/// The expected drawing and the student's side by side; walls that differ are drawn
/// on the student's side in the patterns of the legend.
pub fn side_by_side(expected: &Drawing, yours: &Drawing) -> String {
    let (w, h) = expected
        .grid
        .or(yours.grid)
        .map_or((1, 1), |g| (g.width, g.height));
    let cell = (360 / w.max(h)).clamp(4, 28);
    let margin = 16;
    let panel = (w * cell, h * cell);
    let top = 22;
    let legend = LegendRow::MAZE.len() as i32 * LEGEND_ROW + 4;
    // Wide enough for the legend's longest line.
    let width = (2 * panel.0 + 3 * margin).max(400);
    let height = top + panel.1 + margin + legend;
    let mut svg = svg_open(width, height, &describe_sides(expected, yours));
    for (index, (label, drawing, other)) in
        [(EXPECTED, expected, None), (YOURS, yours, expected.grid)]
            .into_iter()
            .enumerate()
    {
        open_side(&mut svg, index, label, panel.0, (margin, top));
        panel_svg(&mut svg, drawing, other, cell);
        svg.push_str("</g>");
    }
    legend_svg(&mut svg, LegendRow::MAZE, margin, top + panel.1 + margin);
    svg.push_str("</svg>");
    svg
}

/// One side: shaded cells, walls (compared with `other` when given), path, marks.
fn panel_svg(svg: &mut String, drawing: &Drawing, other: Option<&Grid>, cell: i32) {
    let centre = |(x, y): (i32, i32)| (x * cell + cell / 2, y * cell + cell / 2);
    let shown = Shown::of(drawing);
    for &(x, y) in &shown.shaded {
        hatched_cell(svg, x * cell, y * cell, cell);
    }
    if let Some(grid) = drawing.grid {
        let other = other.filter(|o| o.width == grid.width && o.height == grid.height);
        for ((x, y), side) in wall_places(grid) {
            let kind = compared(grid, other, (x, y), side);
            if kind == Wall::Same && !wall(grid, (x, y), side) {
                continue;
            }
            let (ax, ay, bx, by) = match side {
                NORTH => (0, 0, 1, 0),
                WEST => (0, 0, 0, 1),
                SOUTH => (0, 1, 1, 1),
                _ => (1, 0, 1, 1),
            };
            let _ = write!(
                svg,
                "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" {} stroke-linecap=\"square\"/>",
                (x + ax) * cell,
                (y + ay) * cell,
                (x + bx) * cell,
                (y + by) * cell,
                kind.style()
            );
        }
    }
    polyline(
        svg,
        shown.path.iter().map(|&p| centre(p)),
        (cell / 4).max(1),
    );
    for (at, letter) in [(shown.start, "S"), (shown.end, "E")] {
        if let Some(at) = at {
            let (cx, cy) = centre(at);
            let _ = write!(
                svg,
                "<text x=\"{cx}\" y=\"{}\" text-anchor=\"middle\" font-weight=\"bold\" font-size=\"{}\">{letter}</text>",
                cy + cell / 4,
                (cell * 2 / 3).max(6)
            );
        }
    }
    if let Some(at) = shown.mark {
        let (cx, cy) = centre(at);
        ring(svg, cx, cy, (cell * 2 / 3).max(4));
    }
}

/// Two mazes of the same size, the student's walls compared with the expected ones,
/// the first cell whose walls differ circled.
pub fn mazes(expected: &MazeData, yours: &MazeData) -> String {
    let differs = (0..yours.grid.height)
        .flat_map(|y| (0..yours.grid.width).map(move |x| (x, y)))
        .find(|&at| expected.grid.inside(at) && expected.grid.at(at) != yours.grid.at(at));
    let start_or_end = (expected.start != yours.start)
        .then_some(yours.start)
        .or((expected.end != yours.end).then_some(yours.end));
    side_by_side(
        &Drawing {
            grid: Some(&expected.grid),
            start: Some(expected.start),
            end: Some(expected.end),
            ..Drawing::default()
        },
        &Drawing {
            grid: Some(&yours.grid),
            start: Some(yours.start),
            end: Some(yours.end),
            mark: start_or_end.or(differs),
            ..Drawing::default()
        },
    )
}

/// The expected path beside the student's through the same maze, the cell where
/// the student's first leaves the expected one circled.
pub fn paths(
    grid: &Grid,
    ends: ((i32, i32), (i32, i32)),
    expected: &[(i32, i32)],
    yours: &[(i32, i32)],
) -> String {
    let side = |path: &[(i32, i32)], mark| Drawing {
        grid: Some(grid),
        start: Some(ends.0),
        end: Some(ends.1),
        path: path.to_vec(),
        mark,
        ..Drawing::default()
    };
    side_by_side(
        &side(expected, None),
        &side(yours, first_wrong(expected, yours)),
    )
}

#[cfg(test)]
mod tests {
    use super::super::samples::{snake, snake_picture};
    use super::*;

    #[test]
    fn a_picture_is_well_formed_svg_with_both_sides_and_a_legend() {
        let svg = snake_picture();
        let document = roxmltree::Document::parse(&svg).expect("the SVG parses as XML");
        let texts: Vec<&str> = document
            .descendants()
            .filter_map(|node| node.text())
            .collect();
        assert!(texts.contains(&"expected") && texts.contains(&"yours"));
        assert!(svg.contains("<circle"));
    }

    #[test]
    fn differences_are_told_by_pattern_as_well_as_colour_here_and_in_the_legend() {
        let svg = snake_picture();
        let lines = |style: &str| svg.matches(style).count();
        // Each once in the picture and once in the legend: the wall only yours has is
        // thicker than the shared ones, the one only the expected maze has is dashed.
        assert_eq!(lines(&Wall::Extra.style()), 2);
        assert_eq!(lines(&Wall::Missing.style()), 2);
        assert!(Wall::Extra.style().contains("stroke-width=\"4\""));
        assert!(Wall::Same.style().contains("stroke-width=\"2\""));
        assert!(Wall::Missing.style().contains("stroke-dasharray"));
        assert!(!Wall::Extra.style().contains("stroke-dasharray"));
        // The circle of the first difference, beside the legend's.
        assert_eq!(svg.matches("<circle").count(), 2);
    }

    #[test]
    fn cells_a_submission_reports_off_the_grid_are_left_out_not_drawn() {
        let grid = snake();
        let far = Drawing {
            grid: Some(&grid),
            path: vec![(0, 0), (i32::MAX, i32::MIN), (1, 0)],
            shaded: vec![(-5, 9)],
            mark: Some((i32::MIN, 0)),
            ..Drawing::default()
        };
        let svg = side_by_side(&far, &far);
        roxmltree::Document::parse(&svg).expect("the SVG parses as XML");
        // Only the legend's circle: the mark lies off the grid.
        assert!(!svg.contains("2147483647") && svg.matches("<circle").count() == 1);
    }
}
