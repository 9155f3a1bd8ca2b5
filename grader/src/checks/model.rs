//! The grader's own model of a maze, built from what the probe reported, for the
//! properties any correct answer has: perfectness and path validity. It validates;
//! it computes no answer (the expected answers are the reference's, blessed). A grid
//! is only ever built through [`Grid::from_rows`], which checks its shape against the
//! size the grader asked for, so nothing here indexes out of bounds or allocates by a
//! size the student's code made up.
//! The directions (wall bits, the arrow boards' eight) live here too: the judges and
//! the pictures of failed checks both read them.

use std::collections::VecDeque;

use serde::Deserialize;

/// Wall bits, as the kit stores them.
pub const NORTH: u8 = 1;
/// South wall bit.
pub const SOUTH: u8 = 2;
/// East wall bit.
pub const EAST: u8 = 4;
/// West wall bit.
pub const WEST: u8 = 8;
/// The four directions in the kit's order.
pub const CARDINALS: [u8; 4] = [NORTH, SOUTH, EAST, WEST];

/// The eight directions of an arrow board (Part 5) as a file writes them, clockwise
/// from north, with their step as (change of row, change of column); the opposite of
/// direction `i` is `i + 4`. Here, beside the wall bits, because both the Part 5
/// judges and the pictures read them.
pub const ARROWS: [(&str, i32, i32); 8] = [
    ("N", -1, 0),
    ("NE", -1, 1),
    ("E", 0, 1),
    ("SE", 1, 1),
    ("S", 1, 0),
    ("SW", 1, -1),
    ("W", 0, -1),
    ("NW", -1, -1),
];

/// `NORTH | EAST`-style names for a set of direction bits.
pub fn direction_name(bits: u8) -> String {
    let names: Vec<&str> = [
        (NORTH, "NORTH"),
        (SOUTH, "SOUTH"),
        (EAST, "EAST"),
        (WEST, "WEST"),
    ]
    .iter()
    .filter(|(bit, _)| bits & bit != 0)
    .map(|&(_, name)| name)
    .collect();
    match (names.is_empty(), bits & !15) {
        (_, 0) if !names.is_empty() => names.join(" | "),
        (true, 0) => "NONE".to_owned(),
        _ => format!("{bits:#b} (not a set of directions)"),
    }
}

/// The four sides of a cell, for validating walls: the side's bit, the offset of
/// the cell behind it, and the bit of the facing wall in that cell. (A table of the
/// four single directions, not a function over sets of them: the grader computes no
/// student answer.)
const SIDES: [(u8, (i32, i32), u8); 4] = [
    (NORTH, (0, -1), SOUTH),
    (SOUTH, (0, 1), NORTH),
    (EAST, (1, 0), WEST),
    (WEST, (-1, 0), EAST),
];

/// The bit of the wall (or door) facing side `d` across it, for a single direction;
/// 0 for anything else.
pub fn facing(d: u8) -> u8 {
    SIDES
        .iter()
        .find(|side| side.0 == d)
        .map_or(0, |side| side.2)
}

/// The cell behind side `d` of `(x, y)` and the facing wall's bit, for a single
/// direction; `None` for anything else.
pub fn across((x, y): (i32, i32), d: u8) -> Option<((i32, i32), u8)> {
    SIDES
        .iter()
        .find(|side| side.0 == d)
        .map(|&(_, (dx, dy), back)| ((x + dx, y + dy), back))
}

/// `(x, y)` the way the kit prints a position.
pub fn show((x, y): (i32, i32)) -> String {
    format!("({x}, {y})")
}

/// JSON for a person to read in a snapshot or a diff: objects and nested arrays one
/// item per line, arrays of plain values on one line.
#[cfg(feature = "instructor")]
pub fn pretty(value: &serde_json::Value) -> String {
    use serde_json::Value;
    fn write(value: &Value, indent: usize, out: &mut String) {
        let pad = "  ".repeat(indent + 1);
        let close = "  ".repeat(indent);
        match value {
            Value::Array(items) if items.iter().any(|i| i.is_array() || i.is_object()) => {
                out.push_str("[\n");
                for (i, item) in items.iter().enumerate() {
                    out.push_str(&pad);
                    write(item, indent + 1, out);
                    out.push_str(if i + 1 < items.len() { ",\n" } else { "\n" });
                }
                out.push_str(&close);
                out.push(']');
            }
            Value::Object(map) if !map.is_empty() => {
                out.push_str("{\n");
                for (i, (key, item)) in map.iter().enumerate() {
                    out.push_str(&pad);
                    out.push_str(&Value::String(key.clone()).to_string());
                    out.push_str(": ");
                    write(item, indent + 1, out);
                    out.push_str(if i + 1 < map.len() { ",\n" } else { "\n" });
                }
                out.push_str(&close);
                out.push('}');
            }
            other => out.push_str(&other.to_string()),
        }
    }
    let mut out = String::new();
    write(value, 0, &mut out);
    out.push('\n');
    out
}

/// How breadth-first search first reached a cell: `None` for the cell it started
/// from, otherwise the direction of the step and the cell it came from.
type Reached = Option<(u8, (i32, i32))>;

/// A grid of walls as the probe reports it: `walls[y][x]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid {
    /// Columns.
    pub width: i32,
    /// Rows.
    pub height: i32,
    /// Wall bits, row by row.
    pub walls: Vec<Vec<u8>>,
}

/// Why a grid is not a perfect maze: one fault, the first found (cells row by row,
/// then whether every cell is reached, then the count of passages). A judge that
/// builds on the fault matches on it; `Display` is the words every report shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Imperfection {
    /// The rows or their cells do not match the grid's size (see
    /// [`Grid::shape_problem`]).
    Shape(String),
    /// A cell's wall bits are outside 0..=15.
    WallBits {
        /// The cell.
        cell: (i32, i32),
        /// Its bits.
        walls: u8,
    },
    /// A cell has all four walls, so nothing reaches it.
    Closed {
        /// The cell.
        cell: (i32, i32),
    },
    /// A cell has no wall on a side that is the border.
    OpenBorder {
        /// The cell.
        cell: (i32, i32),
        /// The side without its wall.
        side: u8,
    },
    /// A wall that one of its two cells has and the other does not.
    OneSided {
        /// The first cell (row by row).
        cell: (i32, i32),
        /// Its side toward `to`.
        side: u8,
        /// Whether `cell` is open on that side (then `to` is closed on its side).
        open: bool,
        /// The neighbour.
        to: (i32, i32),
        /// The neighbour's side toward `cell`.
        back: u8,
    },
    /// Some cells cannot be reached from (0, 0).
    Unreached {
        /// How many can.
        reached: usize,
        /// How many there are.
        cells: usize,
    },
    /// Every cell is reached, through more passages than cells − 1: a loop.
    Loop {
        /// The open walls between cells.
        passages: usize,
        /// How many cells there are.
        cells: usize,
    },
}

impl std::fmt::Display for Imperfection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Imperfection::Shape(problem) => f.write_str(problem),
            Imperfection::WallBits { cell, walls } => {
                write!(
                    f,
                    "cell {} has wall bits {walls}, outside 0..=15",
                    show(*cell)
                )
            }
            Imperfection::Closed { cell } => write!(
                f,
                "cell {} has all four walls, so it cannot be reached",
                show(*cell)
            ),
            Imperfection::OpenBorder { cell, side } => write!(
                f,
                "cell {} has no {} wall, but that wall is on the border",
                show(*cell),
                direction_name(*side)
            ),
            Imperfection::OneSided {
                cell,
                side,
                open,
                to,
                back,
            } => write!(
                f,
                "the wall between {} and {} is one-sided: {} has {} {} wall and {} has {} {} wall",
                show(*cell),
                show(*to),
                show(*cell),
                if *open { "no" } else { "a" },
                direction_name(*side).to_lowercase(),
                show(*to),
                if *open { "a" } else { "no" },
                direction_name(*back).to_lowercase(),
            ),
            Imperfection::Unreached { reached, cells } => write!(
                f,
                "only {reached} of the {cells} cells can be reached from (0, 0)"
            ),
            Imperfection::Loop { passages, cells } => write!(
                f,
                "{passages} open walls between cells, but a perfect maze of {cells} cells has exactly {}: there is a loop",
                cells - 1
            ),
        }
    }
}

/// A maze as the probe reports it, before its shape is checked.
#[derive(Debug, Clone, Deserialize)]
pub struct ReportedMaze {
    /// Start cell.
    pub start: (i32, i32),
    /// End cell.
    pub end: (i32, i32),
    /// Wall bits, row by row.
    pub walls: Vec<Vec<u8>>,
}

/// A maze whose grid has the size the grader asked for.
#[derive(Debug, Clone)]
pub struct MazeData {
    /// The grid.
    pub grid: Grid,
    /// Start cell.
    pub start: (i32, i32),
    /// End cell.
    pub end: (i32, i32),
    /// What the grader asked for, for messages ("12x7, complexity 0.5, seed 1").
    pub label: String,
}

impl MazeData {
    /// Checks `reported` against the size the grader asked for.
    pub fn checked(
        reported: ReportedMaze,
        width: i32,
        height: i32,
        label: String,
    ) -> Result<MazeData, String> {
        let grid = Grid::from_rows(width, height, reported.walls)
            .map_err(|problem| format!("the {label} maze has the wrong shape: {problem}"))?;
        Ok(MazeData {
            grid,
            start: reported.start,
            end: reported.end,
            label,
        })
    }

    /// A name for messages.
    pub fn name(&self) -> &str {
        &self.label
    }

    /// The drawing with start and end marked.
    pub fn render(&self) -> String {
        self.grid.render(Some(self.start), Some(self.end))
    }
}

/// The largest side a grid may have in any input the grader builds.
pub const MAX_SIDE: i32 = 1000;

impl Grid {
    /// A grid of `width` × `height` cells from reported rows, or why the rows do not
    /// have that shape. `width` and `height` come from the grader's own input.
    pub fn from_rows(width: i32, height: i32, walls: Vec<Vec<u8>>) -> Result<Grid, String> {
        if !(1..=MAX_SIDE).contains(&width) || !(1..=MAX_SIDE).contains(&height) {
            return Err(format!("a {width}x{height} grid is outside 1..={MAX_SIDE}"));
        }
        let grid = Grid {
            width,
            height,
            walls,
        };
        match grid.shape_problem() {
            Some(problem) => Err(problem),
            None => Ok(grid),
        }
    }

    /// Whether `(x, y)` is inside.
    pub fn inside(&self, (x, y): (i32, i32)) -> bool {
        (0..self.width).contains(&x) && (0..self.height).contains(&y)
    }

    /// The walls of `(x, y)`; 15 (closed) outside the grid.
    pub fn at(&self, (x, y): (i32, i32)) -> u8 {
        usize::try_from(y)
            .ok()
            .zip(usize::try_from(x).ok())
            .and_then(|(y, x)| self.walls.get(y)?.get(x).copied())
            .unwrap_or(15)
    }

    /// The first cell, reading row by row from the top left, whose walls differ from
    /// `other`'s, with both cells' wall bits (grids of the same size).
    pub fn first_difference(&self, other: &Grid) -> Option<((i32, i32), u8, u8)> {
        (0..self.height)
            .flat_map(|y| (0..self.width).map(move |x| (x, y)))
            .find(|&cell| self.at(cell) != other.at(cell))
            .map(|cell| (cell, self.at(cell), other.at(cell)))
    }

    /// Why the rows do not match the width and height, if they do not.
    pub fn shape_problem(&self) -> Option<String> {
        if self.walls.len() != usize::try_from(self.height).unwrap_or(0) {
            return Some(format!(
                "{} rows of walls for a height of {}",
                self.walls.len(),
                self.height
            ));
        }
        self.walls.iter().enumerate().find_map(|(y, row)| {
            (row.len() != usize::try_from(self.width).unwrap_or(0)).then(|| {
                format!(
                    "row {y} has {} cells for a width of {}",
                    row.len(),
                    self.width
                )
            })
        })
    }

    /// The neighbours reachable from `at` through open walls, in N, S, E, W order.
    pub fn open_neighbors(&self, at: (i32, i32)) -> impl Iterator<Item = (u8, (i32, i32))> + '_ {
        let walls = self.at(at);
        CARDINALS
            .into_iter()
            .filter(move |d| walls & d == 0)
            .filter_map(move |d| across(at, d).map(|(to, _)| (d, to)))
            .filter(|&(_, to)| self.inside(to))
    }

    /// Why this grid is not a perfect maze, or `None` when it is.
    pub fn imperfection(&self) -> Option<Imperfection> {
        if let Some(problem) = self.shape_problem() {
            return Some(Imperfection::Shape(problem));
        }
        let mut passages = 0usize;
        for y in 0..self.height {
            for x in 0..self.width {
                let cell = (x, y);
                let walls = self.at(cell);
                if walls > 15 {
                    return Some(Imperfection::WallBits { cell, walls });
                }
                if walls == 15 {
                    return Some(Imperfection::Closed { cell });
                }
                for (d, (dx, dy), back) in SIDES {
                    let to = (x + dx, y + dy);
                    let open = walls & d == 0;
                    if !self.inside(to) {
                        if open {
                            return Some(Imperfection::OpenBorder { cell, side: d });
                        }
                    } else if let Some(one_sided) = self.one_sided(cell, d, to, back) {
                        return Some(one_sided);
                    } else if open {
                        passages += 1;
                    }
                }
            }
        }
        let passages = passages / 2;
        let cells = usize::try_from(self.width * self.height).unwrap_or(0);
        let reached = self.reachable_from((0, 0));
        if reached < cells {
            return Some(Imperfection::Unreached { reached, cells });
        }
        if passages != cells - 1 {
            return Some(Imperfection::Loop { passages, cells });
        }
        None
    }

    /// Breadth-first search from `from`: for each cell (row by row), `None` when it
    /// cannot be reached, otherwise the step that first reached it (`None` for `from`).
    fn breadth_first(&self, from: (i32, i32)) -> Vec<Option<Reached>> {
        let index = |(x, y): (i32, i32)| usize::try_from(y * self.width + x).unwrap_or(0);
        let mut reached = vec![None; self.walls.iter().map(Vec::len).sum()];
        reached[index(from)] = Some(None);
        let mut queue = VecDeque::from([from]);
        while let Some(at) = queue.pop_front() {
            for (d, next) in self.open_neighbors(at) {
                if reached[index(next)].is_none() {
                    reached[index(next)] = Some(Some((d, at)));
                    queue.push_back(next);
                }
            }
        }
        reached
    }

    /// The first wall (row by row) that one of its two cells has and the other does
    /// not, whatever else is wrong before it: a wall taken down on one side only.
    pub fn one_sided_wall(&self) -> Option<Imperfection> {
        if self.shape_problem().is_some() {
            return None;
        }
        for y in 0..self.height {
            for x in 0..self.width {
                let cell = (x, y);
                for (d, (dx, dy), back) in SIDES {
                    let to = (x + dx, y + dy);
                    if self.inside(to)
                        && let Some(one_sided) = self.one_sided(cell, d, to, back)
                    {
                        return Some(one_sided);
                    }
                }
            }
        }
        None
    }

    /// The wall between `cell` (its side `d`) and its neighbour `to` (their side
    /// `back`), if one of the two has it and the other does not.
    fn one_sided(&self, cell: (i32, i32), d: u8, to: (i32, i32), back: u8) -> Option<Imperfection> {
        let open = self.at(cell) & d == 0;
        (open != (self.at(to) & back == 0)).then_some(Imperfection::OneSided {
            cell,
            side: d,
            open,
            to,
            back,
        })
    }

    /// Whether `to` can be reached from `from` through open walls.
    pub fn reaches(&self, from: (i32, i32), to: (i32, i32)) -> bool {
        let index = usize::try_from(to.1 * self.width + to.0).unwrap_or(usize::MAX);
        self.inside(from)
            && self.inside(to)
            && self
                .breadth_first(from)
                .get(index)
                .is_some_and(Option::is_some)
    }

    /// Where `path` starts if it is a real way through open walls that ends at `to`:
    /// the path walked backwards from its end. `None` when it crosses a wall or the
    /// border on the way.
    pub fn start_of_way_to(&self, to: (i32, i32), path: &[u8]) -> Option<(i32, i32)> {
        let mut at = to;
        for &d in path.iter().rev() {
            let back = facing(d);
            if !CARDINALS.contains(&d) || !self.inside(at) || self.at(at) & back != 0 {
                return None;
            }
            let (previous, _) = across(at, back)?;
            if !self.inside(previous) {
                return None;
            }
            at = previous;
        }
        Some(at)
    }

    fn reachable_from(&self, from: (i32, i32)) -> usize {
        self.breadth_first(from)
            .iter()
            .filter(|cell| cell.is_some())
            .count()
    }

    /// Why `path` does not lead from `from` to `to` through open walls, if it does not.
    pub fn walk(&self, from: (i32, i32), to: (i32, i32), path: &[u8]) -> Result<(), String> {
        let mut at = from;
        for (i, &d) in path.iter().enumerate() {
            if !CARDINALS.contains(&d) {
                return Err(format!(
                    "step {} is {}, not a single direction",
                    i + 1,
                    direction_name(d)
                ));
            }
            if self.at(at) & d != 0 {
                return Err(format!(
                    "step {} goes {} from {} through a wall",
                    i + 1,
                    direction_name(d).to_lowercase(),
                    show(at)
                ));
            }
            let Some((next, _)) = across(at, d) else {
                return Err(format!("step {} is not a single direction", i + 1));
            };
            if !self.inside(next) {
                return Err(format!("step {} leaves the maze at {}", i + 1, show(at)));
            }
            at = next;
        }
        if at == to {
            Ok(())
        } else {
            Err(format!(
                "the path ends at {}, not at the end {}",
                show(at),
                show(to)
            ))
        }
    }

    /// An ASCII drawing, with `S` and `E` marked when given: what a student compares
    /// in a diff.
    pub fn render(&self, start: Option<(i32, i32)>, end: Option<(i32, i32)>) -> String {
        let mut out = String::new();
        for y in 0..self.height {
            let mut top = String::from("+");
            let mut middle = String::new();
            for x in 0..self.width {
                let walls = self.at((x, y));
                top.push_str(if walls & NORTH != 0 { "---+" } else { "   +" });
                middle.push(if walls & WEST != 0 { '|' } else { ' ' });
                let mark = if Some((x, y)) == start {
                    " S "
                } else if Some((x, y)) == end {
                    " E "
                } else {
                    "   "
                };
                middle.push_str(mark);
            }
            let last = self.at((self.width - 1, y));
            middle.push(if last & EAST != 0 { '|' } else { ' ' });
            out.push_str(top.trim_end());
            out.push('\n');
            out.push_str(middle.trim_end());
            out.push('\n');
        }
        let mut bottom = String::from("+");
        for x in 0..self.width {
            bottom.push_str(if self.at((x, self.height - 1)) & SOUTH != 0 {
                "---+"
            } else {
                "   +"
            });
        }
        out.push_str(&bottom);
        out.push('\n');
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[rustfmt::skip]
    fn corridor() -> Grid {
        // A 3x2 snake: (0,0) → (1,0) → (2,0) → (2,1) → (1,1) → (0,1).
        Grid { width: 3, height: 2, walls: vec![
            vec![NORTH | WEST | SOUTH, NORTH | SOUTH, NORTH | EAST],
            vec![SOUTH | WEST | NORTH, SOUTH | NORTH, SOUTH | EAST],
        ] }
    }

    #[test]
    fn a_snake_corridor_is_perfect() {
        assert_eq!(corridor().imperfection(), None);
    }

    #[test]
    fn an_extra_opening_is_a_loop() {
        let mut grid = corridor();
        grid.walls[0][0] &= !SOUTH;
        grid.walls[1][0] &= !NORTH;
        assert!(matches!(
            grid.imperfection(),
            Some(Imperfection::Loop { .. })
        ));
    }

    #[test]
    fn a_one_sided_wall_names_both_cells() {
        let mut grid = corridor();
        grid.walls[0][0] &= !SOUTH;
        let problem = grid.imperfection().unwrap().to_string();
        assert!(
            problem.contains("(0, 0) and (0, 1) is one-sided"),
            "{problem}"
        );
    }

    #[test]
    fn an_open_border_is_named() {
        let mut grid = corridor();
        grid.walls[0][0] &= !WEST;
        assert_eq!(
            grid.imperfection().unwrap().to_string(),
            "cell (0, 0) has no WEST wall, but that wall is on the border"
        );
    }

    #[test]
    fn walking_through_a_wall_is_reported() {
        let error = corridor().walk((0, 0), (0, 1), &[SOUTH]).unwrap_err();
        assert_eq!(error, "step 1 goes south from (0, 0) through a wall");
    }

    #[test]
    fn a_wall_down_on_one_side_is_found_behind_a_closed_cell() {
        let mut grid = corridor();
        grid.walls[1][0] = NORTH | SOUTH | EAST | WEST;
        assert!(matches!(
            grid.imperfection(),
            Some(Imperfection::Closed { cell: (0, 1) })
        ));
        assert!(matches!(
            grid.one_sided_wall(),
            Some(Imperfection::OneSided {
                cell: (0, 1),
                to: (1, 1),
                ..
            })
        ));
        assert_eq!(corridor().one_sided_wall(), None);
    }

    #[test]
    fn a_way_that_ends_at_a_cell_is_walked_back_to_where_it_starts() {
        let snake = corridor();
        // The last three moves of the snake's way from (0,0) to (0,1).
        assert_eq!(
            snake.start_of_way_to((0, 1), &[SOUTH, WEST, WEST]),
            Some((2, 0))
        );
        assert_eq!(snake.start_of_way_to((0, 1), &[]), Some((0, 1)));
        // Backwards from (0,1), going up crosses the wall between (0,0) and (0,1).
        assert_eq!(snake.start_of_way_to((0, 1), &[SOUTH]), None);
        assert!(snake.reaches((0, 0), (0, 1)));
        let mut cut = corridor();
        cut.walls[0][2] |= SOUTH;
        cut.walls[1][2] |= NORTH;
        assert!(!cut.reaches((0, 0), (0, 1)));
    }

    #[test]
    fn direction_names_combine_flags() {
        assert_eq!(direction_name(NORTH | EAST), "NORTH | EAST");
        assert_eq!(direction_name(0), "NONE");
    }
}
