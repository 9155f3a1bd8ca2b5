//! Pictures for failed checks: the expected result beside the student's, as SVG, with
//! the differences marked and a legend. The grader draws them from numbers alone
//! (walls, cells, squares, steps); the only words in a picture are its own labels,
//! so nothing a submission reports can become markup.

use std::fmt::Write as _;

use super::model::{ARROWS, EAST, Grid, MazeData, NORTH, SOUTH, WEST};

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
}

/// The side of a picture a mark belongs to.
const EXPECTED: &str = "expected";
const YOURS: &str = "yours";

/// Colours: walls both sides share, a wall only yours has, a wall only the expected
/// one has, paths, shaded cells and marks.
const INK: &str = "#222";
const EXTRA: &str = "#d62728";
const MISSING: &str = "#1f77b4";
const PATH: &str = "#2ca02c";
const SHADE: &str = "#ffe9a8";
const MARK: &str = "#d62728";

/// The expected drawing and the student's side by side; walls that differ are drawn
/// on the student's side in the colours of the legend.
pub fn side_by_side(expected: &Drawing, yours: &Drawing) -> String {
    let (w, h) = expected
        .grid
        .or(yours.grid)
        .map_or((1, 1), |g| (g.width, g.height));
    let cell = (360 / w.max(h)).clamp(4, 28);
    let margin = 16;
    let panel = (w * cell, h * cell);
    let top = 22;
    let legend = 76;
    // Wide enough for the legend's longest line.
    let width = (2 * panel.0 + 3 * margin).max(400);
    let height = top + panel.1 + margin + legend;
    let mut svg = svg_open(width, height);
    for (index, (label, drawing, other)) in
        [(EXPECTED, expected, None), (YOURS, yours, expected.grid)]
            .into_iter()
            .enumerate()
    {
        let x0 = margin + index as i32 * (panel.0 + margin);
        let _ = write!(
            svg,
            "<g transform=\"translate({x0},{top})\"><text x=\"0\" y=\"-6\">{label}</text>"
        );
        panel_svg(&mut svg, drawing, other, cell);
        svg.push_str("</g>");
    }
    legend_svg(&mut svg, margin, top + panel.1 + margin);
    svg.push_str("</svg>");
    svg
}

/// The opening of a picture `width` × `height` pixels on a white ground.
fn svg_open(width: i32, height: i32) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"12\"><rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>"
    )
}

/// One side: shaded cells, walls (compared with `other` when given), path, marks.
fn panel_svg(svg: &mut String, drawing: &Drawing, other: Option<&Grid>, cell: i32) {
    let centre = |(x, y): (i32, i32)| (x * cell + cell / 2, y * cell + cell / 2);
    // What a submission reported may lie anywhere and run long: only cells on the
    // grid are drawn, and no more of a path than a walk could need.
    let (w, h) = drawing.grid.map_or((0, 0), |g| (g.width, g.height));
    let on_grid = |&&(x, y): &&(i32, i32)| (0..w).contains(&x) && (0..h).contains(&y);
    let most = 4 * (w * h).max(1) as usize;
    let shaded: Vec<(i32, i32)> = drawing
        .shaded
        .iter()
        .filter(on_grid)
        .take(most)
        .copied()
        .collect();
    let path: Vec<(i32, i32)> = drawing
        .path
        .iter()
        .filter(on_grid)
        .take(most)
        .copied()
        .collect();
    let start = drawing.start.filter(|p| on_grid(&p));
    let end = drawing.end.filter(|p| on_grid(&p));
    let mark = drawing.mark.filter(|p| on_grid(&p));
    for &(x, y) in &shaded {
        let _ = write!(
            svg,
            "<rect x=\"{}\" y=\"{}\" width=\"{cell}\" height=\"{cell}\" fill=\"{SHADE}\"/>",
            x * cell,
            y * cell
        );
    }
    if let Some(grid) = drawing.grid {
        let other = other.filter(|o| o.width == grid.width && o.height == grid.height);
        for y in 0..grid.height {
            for x in 0..grid.width {
                let sides = [
                    (NORTH, (0, 0, 1, 0)),
                    (WEST, (0, 0, 0, 1)),
                    (SOUTH, (0, 1, 1, 1)),
                    (EAST, (1, 0, 1, 1)),
                ];
                for (side, (ax, ay, bx, by)) in sides {
                    // Inner walls are drawn once, from the cell west or north of them.
                    if (side == SOUTH && y + 1 < grid.height)
                        || (side == EAST && x + 1 < grid.width)
                    {
                        continue;
                    }
                    let here = wall(grid, (x, y), side);
                    let there = other.map(|o| wall(o, (x, y), side));
                    let style = match (here, there) {
                        (true, None | Some(true)) => format!("stroke=\"{INK}\" stroke-width=\"2\""),
                        (true, Some(false)) => format!("stroke=\"{EXTRA}\" stroke-width=\"3\""),
                        (false, Some(true)) => {
                            format!(
                                "stroke=\"{MISSING}\" stroke-width=\"2\" stroke-dasharray=\"3 2\""
                            )
                        }
                        (false, _) => continue,
                    };
                    let _ = write!(
                        svg,
                        "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" {style} stroke-linecap=\"square\"/>",
                        (x + ax) * cell,
                        (y + ay) * cell,
                        (x + bx) * cell,
                        (y + by) * cell
                    );
                }
            }
        }
    }
    polyline(svg, path.iter().map(|&p| centre(p)), (cell / 4).max(1));
    for (at, letter) in [(start, "S"), (end, "E")] {
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
    if let Some(at) = mark {
        let (cx, cy) = centre(at);
        let _ = write!(
            svg,
            "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"none\" stroke=\"{MARK}\" stroke-width=\"2\"/>",
            (cell * 2 / 3).max(4)
        );
    }
}

/// A path through the centres of its cells, when it has two or more.
fn polyline(svg: &mut String, points: impl Iterator<Item = (i32, i32)>, width: i32) {
    let points: Vec<String> = points.map(|(x, y)| format!("{x},{y}")).collect();
    if points.len() > 1 {
        let _ = write!(
            svg,
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{PATH}\" stroke-width=\"{width}\" stroke-linejoin=\"round\" stroke-opacity=\"0.85\"/>",
            points.join(" ")
        );
    }
}

/// Whether a wall stands on `side` of cell `at`: on either cell it parts, so that a
/// one-sided wall shows too.
fn wall(grid: &Grid, (x, y): (i32, i32), side: u8) -> bool {
    let (neighbour, facing) = match side {
        NORTH => ((x, y - 1), SOUTH),
        SOUTH => ((x, y + 1), NORTH),
        EAST => ((x + 1, y), WEST),
        _ => ((x - 1, y), EAST),
    };
    grid.at((x, y)) & side != 0 || (grid.inside(neighbour) && grid.at(neighbour) & facing != 0)
}

/// The legend under the two panels.
fn legend_svg(svg: &mut String, x: i32, y: i32) {
    let entries = [
        (
            format!("stroke=\"{EXTRA}\" stroke-width=\"3\""),
            "a wall yours has and the expected maze lacks",
        ),
        (
            format!("stroke=\"{MISSING}\" stroke-width=\"2\" stroke-dasharray=\"3 2\""),
            "a wall the expected maze has and yours lacks",
        ),
        (
            format!("stroke=\"{PATH}\" stroke-width=\"3\""),
            "the path; red circle: where yours first goes wrong",
        ),
    ];
    for (row, (style, words)) in entries.iter().enumerate() {
        let ly = y + 8 + row as i32 * 18;
        let _ = write!(
            svg,
            "<line x1=\"{x}\" y1=\"{ly}\" x2=\"{}\" y2=\"{ly}\" {style}/><text x=\"{}\" y=\"{}\">{words}</text>",
            x + 24,
            x + 32,
            ly + 4
        );
    }
    let _ = write!(
        svg,
        "<rect x=\"{x}\" y=\"{}\" width=\"24\" height=\"10\" fill=\"{SHADE}\"/><text x=\"{}\" y=\"{}\">cells a search took out, in order</text>",
        y + 56,
        x + 32,
        y + 65
    );
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
    let height = top + panel.1 + margin + 24;
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
    let mut svg = svg_open(width, height);
    for (index, (label, path, mark)) in [(EXPECTED, expected, None), (YOURS, yours, mark)]
        .into_iter()
        .enumerate()
    {
        let x0 = margin + index as i32 * (panel.0 + margin);
        let _ = write!(
            svg,
            "<g transform=\"translate({x0},{top})\"><text x=\"0\" y=\"-6\">{label}</text>"
        );
        for (i, square) in squares.iter().enumerate().take(rows * cols) {
            let (x, y) = ((i % cols) as i32 * cell, (i / cols) as i32 * cell);
            let values: Vec<&str> = square.split(' ').collect();
            let fill = match values.first() {
                Some(&"R") => "#f8c9c4",
                Some(&"B") => "#c6dbef",
                _ => "#eee",
            };
            let _ = write!(
                svg,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{cell}\" height=\"{cell}\" fill=\"{fill}\" stroke=\"{INK}\"/>"
            );
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
            let _ = write!(
                svg,
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"none\" stroke=\"{MARK}\" stroke-width=\"3\"/>",
                cell / 2
            );
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
    let _ = write!(
        svg,
        "<text x=\"{margin}\" y=\"{}\">green: the path, square by square; red circle: where yours first goes elsewhere</text></svg>",
        height - 8
    );
    svg
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

    fn snake() -> Grid {
        // A 3x2 snake: (0,0) → (1,0) → (2,0) → (2,1) → (1,1) → (0,1).
        Grid {
            width: 3,
            height: 2,
            walls: vec![
                vec![NORTH | WEST | SOUTH, NORTH | SOUTH, NORTH | EAST],
                vec![SOUTH | WEST | NORTH, SOUTH | NORTH, SOUTH | EAST],
            ],
        }
    }

    #[test]
    fn a_picture_is_well_formed_svg_with_both_sides_and_a_legend() {
        let expected = snake();
        let mut yours = snake();
        yours.walls[0][1] &= !SOUTH;
        yours.walls[1][1] &= !NORTH;
        yours.walls[0][2] |= SOUTH;
        let svg = side_by_side(
            &Drawing {
                grid: Some(&expected),
                start: Some((0, 0)),
                end: Some((0, 1)),
                path: cells_of((0, 0), &[EAST, EAST, SOUTH, WEST, WEST]),
                ..Drawing::default()
            },
            &Drawing {
                grid: Some(&yours),
                start: Some((0, 0)),
                end: Some((0, 1)),
                path: cells_of((0, 0), &[EAST, SOUTH, WEST]),
                mark: Some((1, 1)),
                ..Drawing::default()
            },
        );
        let document = roxmltree::Document::parse(&svg).expect("the SVG parses as XML");
        let texts: Vec<&str> = document
            .descendants()
            .filter_map(|node| node.text())
            .collect();
        assert!(texts.contains(&"expected") && texts.contains(&"yours"));
        // The wall yours lacks, dashed in blue; the one yours adds, in red.
        assert!(svg.contains(&format!(
            "stroke=\"{MISSING}\" stroke-width=\"2\" stroke-dasharray"
        )));
        assert!(
            svg.matches(&format!("stroke=\"{EXTRA}\" stroke-width=\"3\""))
                .count()
                >= 2
        );
        assert!(svg.contains("<circle"));
    }

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
        roxmltree::Document::parse(&svg).expect("the SVG parses as XML");
        assert!(svg.contains(&format!("stroke=\"{MARK}\" stroke-width=\"3\"")));
        let none = boards(2, 2, &squares, Some(&[(1, 1), (1, 2)]), None);
        assert!(none.contains("no way to the target"));
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
        assert!(!svg.contains("2147483647") && !svg.contains("<circle"));
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
