//! Pictures for failed checks: the expected result beside the student's, as SVG, with
//! the differences marked and a legend. The grader draws them from numbers alone
//! (walls, cells, squares, steps); the only words in a picture are its own labels,
//! so nothing a submission reports can become markup.
//!
//! Everyone can read them. Each picture is an image with a text alternative (its
//! `<title>` and `aria-label`) that says what differs, counted from the very cells and
//! walls the picture draws. Each difference is told by shape or pattern as well as by
//! colour (thick solid, dashed, hatched, circled, a notched corner), so that a reader
//! who does not tell red from green still sees it, and the legend shows each pattern.
//! The colours are from Okabe and Ito's palette for colour-blind readers, each at
//! least 3:1 against the white ground (WCAG 1.4.11).

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
    /// Whether the cells are the rooms of a rat maze, which words name by number
    /// (row by row from 0) rather than as (x, y).
    pub rooms: bool,
}

/// The side of a picture a mark belongs to.
const EXPECTED: &str = "expected";
const YOURS: &str = "yours";

/// Colours (Okabe–Ito): walls both sides share, a wall only yours has (vermilion), a
/// wall only the expected one has (blue), paths (bluish green), the pale ground and
/// the hatch of the cells a search took out, and the circle of a first difference.
const INK: &str = "#222";
const EXTRA: &str = "#d55e00";
const MISSING: &str = "#0072b2";
const PATH: &str = "#009e73";
const SHADE: &str = "#fbe8a6";
const HATCH: &str = "#6b6b6b";
const MARK: &str = "#d55e00";

/// A wall place, compared between the two sides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Wall {
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
    fn style(self) -> String {
        match self {
            Wall::Same => format!("stroke=\"{INK}\" stroke-width=\"2\""),
            Wall::Extra => format!("stroke=\"{EXTRA}\" stroke-width=\"4\""),
            Wall::Missing => {
                format!("stroke=\"{MISSING}\" stroke-width=\"2\" stroke-dasharray=\"4 3\"")
            }
        }
    }
}

/// What of a side is drawn: only cells on the grid (what a submission reported may
/// lie anywhere and run long), and no more of a path than a walk could need. The
/// text alternative counts these, so it tells what the picture shows.
struct Shown {
    shaded: Vec<(i32, i32)>,
    path: Vec<(i32, i32)>,
    start: Option<(i32, i32)>,
    end: Option<(i32, i32)>,
    mark: Option<(i32, i32)>,
}

impl Shown {
    fn of(drawing: &Drawing) -> Shown {
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
        let x0 = margin + index as i32 * (panel.0 + margin);
        let _ = write!(
            svg,
            "<g transform=\"translate({x0},{top})\"><text x=\"0\" y=\"-6\">{label}</text>"
        );
        panel_svg(&mut svg, drawing, other, cell);
        svg.push_str("</g>");
    }
    legend_svg(&mut svg, LegendRow::MAZE, margin, top + panel.1 + margin);
    svg.push_str("</svg>");
    svg
}

/// The opening of a picture `width` × `height` pixels on a white ground: an image
/// whose name is `words` (the same words as its title, for readers that show one).
fn svg_open(width: i32, height: i32, words: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" role=\"img\" aria-label=\"{words}\" font-family=\"sans-serif\" font-size=\"12\"><title>{words}</title><rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>"
    )
}

/// `count` and `noun`, the noun plural unless the count is one.
fn counted(count: usize, noun: &str) -> String {
    if count == 1 {
        format!("1 {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

/// A cell in words: a rat maze's room by number, any other cell as (x, y).
fn cell_words(drawing: &Drawing, (x, y): (i32, i32)) -> String {
    match drawing.grid {
        Some(grid) if drawing.rooms => format!("room {}", y * grid.width + x),
        _ => format!("({x}, {y})"),
    }
}

/// The text alternative of a picture of two sides: what it shows and what differs,
/// from the same cells and walls it draws. Only numbers and the grader's own words.
fn describe_sides(expected: &Drawing, yours: &Drawing) -> String {
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

/// Every wall place of `grid` once, as (cell, side): each cell's north and west
/// sides, and the south and east sides of the cells on those borders.
fn wall_places(grid: &Grid) -> impl Iterator<Item = ((i32, i32), u8)> + '_ {
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
fn compared(grid: &Grid, other: Option<&Grid>, at: (i32, i32), side: u8) -> Wall {
    match (wall(grid, at, side), other.map(|o| wall(o, at, side))) {
        (true, Some(false)) => Wall::Extra,
        (false, Some(true)) => Wall::Missing,
        _ => Wall::Same,
    }
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

/// A cell a search took out: a pale ground and a diagonal hatch, which shows
/// without its colour.
fn hatched_cell(svg: &mut String, x: i32, y: i32, size: i32) {
    let _ = write!(
        svg,
        "<rect x=\"{x}\" y=\"{y}\" width=\"{size}\" height=\"{size}\" fill=\"{SHADE}\"/><path d=\"M{x} {}L{} {y}M{} {}L{} {}\" stroke=\"{HATCH}\" stroke-width=\"1\"/>",
        y + size,
        x + size,
        x + size / 2,
        y + size,
        x + size,
        y + size / 2
    );
}

/// The circle around a first difference: thick, so it shows as a shape.
fn ring(svg: &mut String, cx: i32, cy: i32, r: i32) {
    let _ = write!(
        svg,
        "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\" fill=\"none\" stroke=\"{MARK}\" stroke-width=\"3\"/>"
    );
}

/// A path through the centres of its cells, when it has two or more.
fn polyline(svg: &mut String, points: impl Iterator<Item = (i32, i32)>, width: i32) {
    let points: Vec<String> = points.map(|(x, y)| format!("{x},{y}")).collect();
    if points.len() > 1 {
        let _ = write!(
            svg,
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{PATH}\" stroke-width=\"{width}\" stroke-linejoin=\"round\"/>",
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

/// The height of a row of a legend.
const LEGEND_ROW: i32 = 18;

/// A row of a legend: a sample drawn as in the picture, and its words.
#[derive(Debug, Clone, Copy)]
enum LegendRow {
    /// A line in a style, for walls.
    Wall(Wall, &'static str),
    /// The green path.
    Path(&'static str),
    /// A hatched cell.
    Hatch(&'static str),
    /// The circle of a first difference.
    Ring(&'static str),
    /// A square of an arrow board, red (with its notch) or blue.
    Square(bool, &'static str),
}

impl LegendRow {
    /// The legend of a maze picture.
    const MAZE: &[LegendRow] = &[
        LegendRow::Wall(
            Wall::Extra,
            "thick solid: a wall yours has and the expected maze lacks",
        ),
        LegendRow::Wall(
            Wall::Missing,
            "dashed: a wall the expected maze has and yours lacks",
        ),
        LegendRow::Path("the path, cell by cell"),
        LegendRow::Hatch("hatched: cells a search took out, in order"),
        LegendRow::Ring("circled: where yours first goes wrong"),
    ];

    /// The legend of an arrow board's picture.
    const BOARD: &[LegendRow] = &[
        LegendRow::Path("the path, square by square (X: the target)"),
        LegendRow::Ring("circled thick: where yours first goes elsewhere"),
        LegendRow::Square(true, "a red square (notched corner; thin ring: circled)"),
        LegendRow::Square(false, "a blue square"),
    ];
}

/// The legend at (`x`, `y`): one row per entry, each with its sample.
fn legend_svg(svg: &mut String, rows: &[LegendRow], x: i32, y: i32) {
    for (row, entry) in rows.iter().enumerate() {
        let ly = y + 8 + row as i32 * LEGEND_ROW;
        let words = match *entry {
            LegendRow::Wall(kind, words) => {
                let _ = write!(
                    svg,
                    "<line x1=\"{x}\" y1=\"{ly}\" x2=\"{}\" y2=\"{ly}\" {}/>",
                    x + 24,
                    kind.style()
                );
                words
            }
            LegendRow::Path(words) => {
                polyline(svg, [(x, ly), (x + 24, ly)].into_iter(), 3);
                words
            }
            LegendRow::Hatch(words) => {
                hatched_cell(svg, x + 6, ly - 6, 12);
                words
            }
            LegendRow::Ring(words) => {
                ring(svg, x + 12, ly, 6);
                words
            }
            LegendRow::Square(red, words) => {
                square(svg, x + 6, ly - 6, 12, red);
                words
            }
        };
        let _ = write!(
            svg,
            "<text x=\"{}\" y=\"{}\">{words}</text>",
            x + 32,
            ly + 4
        );
    }
}

/// A square of an arrow board: red ones pale vermilion with a solid corner notch,
/// blue ones pale blue, others grey.
fn square(svg: &mut String, x: i32, y: i32, size: i32, red: bool) {
    let fill = if red { "#fad4bd" } else { "#cfe3f3" };
    let _ = write!(
        svg,
        "<rect x=\"{x}\" y=\"{y}\" width=\"{size}\" height=\"{size}\" fill=\"{fill}\" stroke=\"{INK}\"/>"
    );
    if red {
        let notch = (size / 3).max(3);
        let _ = write!(
            svg,
            "<path d=\"M{x} {y}h{notch}L{x} {}z\" fill=\"{EXTRA}\"/>",
            y + notch
        );
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
        let x0 = margin + index as i32 * (panel.0 + margin);
        let _ = write!(
            svg,
            "<g transform=\"translate({x0},{top})\"><text x=\"0\" y=\"-6\">{label}</text>"
        );
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

/// The text alternative of an arrow board's picture, from the paths it draws.
fn describe_boards(
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

    /// The snake beside a copy with one wall taken out (between (1, 0) and (1, 1))
    /// and one put in (south of (2, 0)), the paths through each, yours circled.
    fn snake_picture() -> String {
        let expected = snake();
        let mut yours = snake();
        yours.walls[0][1] &= !SOUTH;
        yours.walls[1][1] &= !NORTH;
        yours.walls[0][2] |= SOUTH;
        side_by_side(
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
        )
    }

    /// The picture's name: its `<title>`, which must be its `aria-label` too.
    fn text_alternative(svg: &str) -> String {
        let document = roxmltree::Document::parse(svg).expect("the SVG parses as XML");
        let root = document.root_element();
        assert_eq!(root.attribute("role"), Some("img"));
        let title = root
            .children()
            .find(|node| node.has_tag_name("title"))
            .and_then(|node| node.text())
            .expect("a title");
        assert_eq!(root.attribute("aria-label"), Some(title));
        title.to_owned()
    }

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
    fn the_colours_stand_out_from_the_white_ground_by_three_to_one() {
        // WCAG 2.1's relative luminance and contrast ratio (1.4.11: 3:1 for graphics).
        let luminance = |hex: &str| -> f64 {
            let channel = |at: usize| {
                let c = f64::from(u8::from_str_radix(&hex[at..at + 2], 16).expect("hex")) / 255.0;
                if c <= 0.040_45 {
                    c / 12.92
                } else {
                    ((c + 0.055) / 1.055).powf(2.4)
                }
            };
            0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
        };
        for colour in [EXTRA, MISSING, PATH, MARK, HATCH] {
            let ratio = 1.05 / (luminance(colour) + 0.05);
            assert!(ratio >= 3.0, "{colour} against white: {ratio:.2}");
        }
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
