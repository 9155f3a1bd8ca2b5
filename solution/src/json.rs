//! Maze JSON: the kit's file format for a whole maze (provided code).
//!
//! ```json
//! {
//!   "width": 5,
//!   "height": 5,
//!   "start": {"x": 0, "y": 3},
//!   "end": {"x": 4, "y": 0},
//!   "walls": [
//!     [9, 5, 11, 9, 7],
//!     ...
//!   ],
//!   "solution": ["E", "N", ...]
//! }
//! ```
//!
//! `walls[y][x]` holds the walls that stand around cell (x, y) as the bits of
//! [`Direction`]: north 1, south 2, east 4, west 8. `solution` is optional: the
//! directions that lead from the start to the end, one letter a step.
//!
//! [`to_string`] writes a maze, one row of walls a line so that a person can read
//! the file. [`from_str`] reads one back and checks everything a maze relies on, so
//! a file that a person edited by hand cannot break the solver or the drawings:
//! the shape of `walls`, the wall bits, that the two sides of every inner wall agree,
//! that the border is closed, the start and the end, and that the solution (if any)
//! really leads from the start to the end. Each [`JsonError`] names what was wrong,
//! where (the cell, the row, the step) and what is allowed.

use serde::{Deserialize, Serialize};

use crate::cell_array::MazeCellArray;
use crate::direction::{Direction, DirectionExt};
use crate::error::MazeError;
use crate::maze::Maze;
use crate::position::Position;

/// What is wrong with a Maze JSON text.
#[derive(Debug, thiserror::Error)]
pub enum JsonError {
    /// The text is not JSON, or not JSON of the right shape (a field is missing or
    /// has the wrong type). serde's message gives the line and column.
    ///
    /// serde's error is part of this message and so is not also given as its
    /// `source()`: a program that prints an error with its chain of sources (anyhow's
    /// `{:#}`) would otherwise print serde's message twice.
    #[error("not valid Maze JSON: {0}")]
    Syntax(serde_json::Error),
    /// The text is JSON, but not an object `{...}`.
    #[error("Maze JSON must be an object {{\"width\": …, \"height\": …, …}}, not {found}")]
    NotAnObject {
        /// What the text is instead: "an array", "a number", ….
        found: &'static str,
    },
    /// The size is outside what a maze allows, or the start or end is outside the
    /// maze or both are the same cell.
    #[error(transparent)]
    Maze(#[from] MazeError),
    /// `walls` does not have one row per row of the maze.
    #[error(
        "walls has {rows} rows, but the height is {height}: there must be one row of walls per row of the maze"
    )]
    RowCount {
        /// How many rows `walls` has.
        rows: usize,
        /// The maze's height.
        height: i32,
    },
    /// A row of `walls` does not have one number per column of the maze.
    #[error(
        "row {y} of walls has {cells} cells, but the width is {width}: there must be one number per cell"
    )]
    RowLength {
        /// Which row (its y).
        y: i32,
        /// How many numbers the row has.
        cells: usize,
        /// The maze's width.
        width: i32,
    },
    /// A cell's number is not a set of wall bits.
    #[error("cell {cell} has wall bits {bits}; allowed are 0..=15 (N=1, S=2, E=4, W=8)")]
    UnknownBits {
        /// The cell.
        cell: Position,
        /// The number found.
        bits: i64,
    },
    /// A cell on the border has no wall on the border's side.
    #[error("cell {cell} has no {side} wall, but it is on the border")]
    OpenBorder {
        /// The cell.
        cell: Position,
        /// The side without a wall: "north", "south", "east" or "west".
        side: &'static str,
    },
    /// One side of an inner wall says it is there, the other says it is not.
    #[error(
        "walls between {cell} and {neighbor} disagree: {cell} has {} {side} wall but {neighbor} has {} {neighbor_side} wall",
        a_or_no(*.cell_has_it),
        a_or_no(!*.cell_has_it)
    )]
    Asymmetric {
        /// The cell on the west or north of the wall.
        cell: Position,
        /// The cell on the other side of the wall.
        neighbor: Position,
        /// The side of `cell` that faces `neighbor`: "east" or "south".
        side: &'static str,
        /// The side of `neighbor` that faces `cell`: "west" or "north".
        neighbor_side: &'static str,
        /// Whether `cell` has the wall (then `neighbor` does not, and the other way round).
        cell_has_it: bool,
    },
    /// A step of the solution is not one of the four letters.
    #[error("solution step {index} is {found:?}; allowed are \"N\", \"S\", \"E\" and \"W\"")]
    BadDirection {
        /// The step's index in the list, from 0.
        index: usize,
        /// What the step was.
        found: String,
    },
    /// A step of the solution goes through a wall.
    #[error("solution step {index} goes {side} from {from}, through a wall")]
    BlockedStep {
        /// The step's index in the list, from 0.
        index: usize,
        /// The way it goes: "north", "south", "east" or "west".
        side: &'static str,
        /// The cell it starts from.
        from: Position,
    },
    /// The solution stops somewhere other than the end.
    #[error("the solution leads to {reached}, but the end is {end}")]
    MissesTheEnd {
        /// Where the solution leads.
        reached: Position,
        /// The maze's end.
        end: Position,
    },
}

impl From<serde_json::Error> for JsonError {
    fn from(error: serde_json::Error) -> JsonError {
        JsonError::Syntax(error)
    }
}

/// A position as it is written in Maze JSON: `{"x": 3, "y": 4}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JsonPosition {
    /// The column.
    pub x: i32,
    /// The row.
    pub y: i32,
}

/// A Maze JSON file just as it is written, before any check.
///
/// Reading a file into this type only checks that the fields are there and have
/// the right types; [`from_str`] then checks that they make a maze.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MazeFile {
    /// The number of columns.
    pub width: i32,
    /// The number of rows.
    pub height: i32,
    /// The cell the solver starts from.
    pub start: JsonPosition,
    /// The cell the solver must reach.
    pub end: JsonPosition,
    /// `walls[y][x]` holds the walls of cell (x, y) as bits N=1, S=2, E=4, W=8.
    pub walls: Vec<Vec<i64>>,
    /// The directions from start to end, one letter ("N", "S", "E", "W") a step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solution: Option<Vec<String>>,
}

impl MazeFile {
    /// The file that describes `maze` (with its solution, when it has one).
    pub fn from_maze(maze: &Maze) -> MazeFile {
        let mut walls = Vec::new();
        for y in maze.cells().y_range() {
            let mut row = Vec::new();
            for x in maze.cells().x_range() {
                row.push(i64::from(maze[(x, y)].walls.bits()));
            }
            walls.push(row);
        }
        let solution = maze
            .solution()
            .map(|steps| steps.iter().map(|&step| letter(step).to_string()).collect());
        MazeFile {
            width: maze.width(),
            height: maze.height(),
            start: JsonPosition {
                x: maze.start().x,
                y: maze.start().y,
            },
            end: JsonPosition {
                x: maze.end().x,
                y: maze.end().y,
            },
            walls,
            solution,
        }
    }

    /// The maze this file describes, or what is wrong with it. The checks run in
    /// the order a person would fix things: size, shape of `walls`, each cell's bits,
    /// the border, the inner walls, start and end, the solution.
    pub fn into_maze(self) -> Result<Maze, JsonError> {
        // `MazeCellArray::new` checks the size and says what is allowed.
        let mut cells = MazeCellArray::new(self.width, self.height)?;

        if self.walls.len() != cells.y_range().count() {
            return Err(JsonError::RowCount {
                rows: self.walls.len(),
                height: self.height,
            });
        }
        for (y, row) in cells.y_range().zip(&self.walls) {
            if row.len() != cells.x_range().count() {
                return Err(JsonError::RowLength {
                    y,
                    cells: row.len(),
                    width: self.width,
                });
            }
            for (x, &bits) in cells.x_range().zip(row) {
                let cell = Position::new(x, y);
                let walls = u8::try_from(bits).ok().and_then(Direction::from_bits);
                let Some(walls) = walls else {
                    return Err(JsonError::UnknownBits { cell, bits });
                };
                cells[cell].walls = walls;
            }
        }

        check_border(&cells)?;
        check_inner_walls(&cells)?;

        let start = Position::new(self.start.x, self.start.y);
        let end = Position::new(self.end.x, self.end.y);
        let mut maze = Maze::from_cells(cells, start, end)?;

        if let Some(letters) = &self.solution {
            let steps = parse_solution(letters)?;
            check_walk(&maze, &steps)?;
            maze.set_solution(steps);
        }
        Ok(maze)
    }
}

/// Writes `maze` as Maze JSON, ending with a newline.
///
/// The layout is fixed so that the same maze always gives the same text: one field a
/// line, and one line for each row of walls.
pub fn to_string(maze: &Maze) -> String {
    let file = MazeFile::from_maze(maze);
    let mut json = String::from("{\n");
    json.push_str(&format!("  \"width\": {},\n", file.width));
    json.push_str(&format!("  \"height\": {},\n", file.height));
    json.push_str(&format!(
        "  \"start\": {{\"x\": {}, \"y\": {}}},\n",
        file.start.x, file.start.y
    ));
    json.push_str(&format!(
        "  \"end\": {{\"x\": {}, \"y\": {}}},\n",
        file.end.x, file.end.y
    ));
    json.push_str("  \"walls\": [\n");
    let rows: Vec<String> = file
        .walls
        .iter()
        .map(|row| format!("    {}", list(row)))
        .collect();
    json.push_str(&rows.join(",\n"));
    json.push_str("\n  ]");
    if let Some(solution) = &file.solution {
        let steps: Vec<String> = solution.iter().map(|step| format!("\"{step}\"")).collect();
        json.push_str(&format!(",\n  \"solution\": {}", list(&steps)));
    }
    json.push_str("\n}\n");
    json
}

/// `[a, b, c]`.
fn list<T: ToString>(items: &[T]) -> String {
    let items: Vec<String> = items.iter().map(|item| item.to_string()).collect();
    format!("[{}]", items.join(", "))
}

/// Reads a maze from Maze JSON text, checking everything listed in the
/// [module documentation](self).
///
/// When the file has a solution, the maze that comes back is solved: its
/// [`solution`](Maze::solution) is the one of the file.
pub fn from_str(json: &str) -> Result<Maze, JsonError> {
    // serde would also accept the fields as an array `[5, 5, …]`, and then complain
    // about the wrong thing, so the text is first checked to be an object.
    let found = match serde_json::from_str::<serde_json::Value>(json)? {
        serde_json::Value::Object(_) => None,
        serde_json::Value::Array(_) => Some("an array"),
        serde_json::Value::String(_) => Some("a string"),
        serde_json::Value::Number(_) => Some("a number"),
        serde_json::Value::Bool(_) => Some("a boolean"),
        serde_json::Value::Null => Some("null"),
    };
    if let Some(found) = found {
        return Err(JsonError::NotAnObject { found });
    }
    let file: MazeFile = serde_json::from_str(json)?;
    file.into_maze()
}

/// Checks that no cell on the border lacks the wall on the border's side.
fn check_border(cells: &MazeCellArray) -> Result<(), JsonError> {
    for y in cells.y_range() {
        for x in cells.x_range() {
            let cell = Position::new(x, y);
            for side in Direction::CARDINALS {
                let on_the_border = !cells.contains(cell.moved(side));
                if on_the_border && !cells[cell].walls.contains(side) {
                    return Err(JsonError::OpenBorder {
                        cell,
                        side: side_name(side),
                    });
                }
            }
        }
    }
    Ok(())
}

/// Checks that each inner wall is on both of its sides or on neither. Looking east
/// and south from every cell visits every inner wall once.
fn check_inner_walls(cells: &MazeCellArray) -> Result<(), JsonError> {
    for y in cells.y_range() {
        for x in cells.x_range() {
            let cell = Position::new(x, y);
            for side in [Direction::EAST, Direction::SOUTH] {
                let neighbor = cell.moved(side);
                if !cells.contains(neighbor) {
                    continue;
                }
                let cell_has_it = cells[cell].walls.contains(side);
                let neighbor_has_it = cells[neighbor].walls.contains(side.opposite());
                if cell_has_it != neighbor_has_it {
                    return Err(JsonError::Asymmetric {
                        cell,
                        neighbor,
                        side: side_name(side),
                        neighbor_side: side_name(side.opposite()),
                        cell_has_it,
                    });
                }
            }
        }
    }
    Ok(())
}

/// The directions of the letters of a solution.
fn parse_solution(letters: &[String]) -> Result<Vec<Direction>, JsonError> {
    let mut steps = Vec::new();
    for (index, found) in letters.iter().enumerate() {
        let step = match found.as_str() {
            "N" => Direction::NORTH,
            "S" => Direction::SOUTH,
            "E" => Direction::EAST,
            "W" => Direction::WEST,
            _ => {
                return Err(JsonError::BadDirection {
                    index,
                    found: found.clone(),
                });
            }
        };
        steps.push(step);
    }
    Ok(steps)
}

/// Checks that `steps` walk from the maze's start to its end without going through
/// a wall. The border is closed, so a walk that passes no wall stays in the maze.
fn check_walk(maze: &Maze, steps: &[Direction]) -> Result<(), JsonError> {
    let mut position = maze.start();
    for (index, &step) in steps.iter().enumerate() {
        if maze[position].walls.contains(step) {
            return Err(JsonError::BlockedStep {
                index,
                side: side_name(step),
                from: position,
            });
        }
        position = position.moved(step);
    }
    if position != maze.end() {
        return Err(JsonError::MissesTheEnd {
            reached: position,
            end: maze.end(),
        });
    }
    Ok(())
}

/// The one-letter name of a single direction, as Maze JSON writes it.
fn letter(direction: Direction) -> &'static str {
    match direction {
        Direction::NORTH => "N",
        Direction::SOUTH => "S",
        Direction::EAST => "E",
        Direction::WEST => "W",
        _ => "?",
    }
}

/// The name of a single direction, for messages.
fn side_name(direction: Direction) -> &'static str {
    match direction {
        Direction::NORTH => "north",
        Direction::SOUTH => "south",
        Direction::EAST => "east",
        Direction::WEST => "west",
        _ => "unknown",
    }
}

/// "a" when `has_it`, "no" otherwise, for messages.
fn a_or_no(has_it: bool) -> &'static str {
    if has_it { "a" } else { "no" }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::*;
    use crate::rng::MazeRng;

    /// A 5×5 comb: the top row is one corridor, and a corridor runs down from each
    /// of its cells. The only way from the bottom-left to the bottom-right corner is
    /// up, across and down.
    #[rustfmt::skip]
    const COMB: &str = r#"{
  "width": 5,
  "height": 5,
  "start": {"x": 0, "y": 4},
  "end": {"x": 4, "y": 4},
  "walls": [
    [9, 1, 1, 1, 5],
    [12, 12, 12, 12, 12],
    [12, 12, 12, 12, 12],
    [12, 12, 12, 12, 12],
    [14, 14, 14, 14, 14]
  ],
  "solution": ["N", "N", "N", "N", "E", "E", "E", "E", "S", "S", "S", "S"]
}
"#;

    /// The comb with one change made to its JSON value.
    fn comb_with(change: impl FnOnce(&mut Value)) -> String {
        let mut value: Value = serde_json::from_str(COMB).unwrap();
        change(&mut value);
        value.to_string()
    }

    /// The message of the error that reading `json` gives.
    fn error_of(json: &str) -> String {
        match from_str(json) {
            Ok(maze) => panic!("expected an error, got a maze: {:?}", maze.cells()),
            Err(error) => error.to_string(),
        }
    }

    fn created(width: i32, height: i32, seed: u64) -> Maze {
        let mut maze = Maze::new(width, height).unwrap();
        maze.create(0.5, &mut MazeRng::seed_from_u64(seed)).unwrap();
        maze
    }

    fn assert_same_maze(a: &Maze, b: &Maze) {
        assert_eq!(a.cells(), b.cells());
        assert_eq!(a.start(), b.start());
        assert_eq!(a.end(), b.end());
        assert_eq!(a.solution(), b.solution());
    }

    #[test]
    fn the_comb_is_read_with_its_walls_start_end_and_solution() {
        let maze = from_str(COMB).unwrap();
        assert_eq!((maze.width(), maze.height()), (5, 5));
        assert_eq!(maze.start(), Position::new(0, 4));
        assert_eq!(maze.end(), Position::new(4, 4));
        assert_eq!(maze[(0, 0)].walls, Direction::NORTH | Direction::WEST);
        assert_eq!(
            maze[(2, 4)].walls,
            Direction::SOUTH | Direction::EAST | Direction::WEST
        );
        let (n, s, e) = (Direction::NORTH, Direction::SOUTH, Direction::EAST);
        assert_eq!(
            maze.solution(),
            Some(&[n, n, n, n, e, e, e, e, s, s, s, s][..])
        );
    }

    #[test]
    fn writing_the_comb_gives_back_the_same_text() {
        assert_eq!(to_string(&from_str(COMB).unwrap()), COMB);
    }

    #[test]
    fn a_maze_without_solution_is_written_without_the_field() {
        let json = to_string(&created(5, 5, 1));
        assert!(!json.contains("solution"));
        assert!(from_str(&json).unwrap().solution().is_none());
    }

    #[test]
    fn each_row_of_walls_is_on_one_line() {
        let json = to_string(&created(12, 7, 3));
        let rows = json
            .lines()
            .filter(|line| line.trim_start().starts_with('['))
            .count();
        assert_eq!(rows, 7);
    }

    #[test]
    fn the_written_text_is_json_with_the_documented_fields() {
        let mut maze = created(12, 7, 3);
        maze.solve().unwrap();
        let value: Value = serde_json::from_str(&to_string(&maze)).unwrap();
        assert_eq!(value["width"], json!(12));
        assert_eq!(value["height"], json!(7));
        assert_eq!(
            value["start"],
            json!({"x": maze.start().x, "y": maze.start().y})
        );
        let (x, y) = (5, 3);
        assert_eq!(value["walls"][y][x], json!(maze[(5, 3)].walls.bits()));
        let steps = value["solution"].as_array().unwrap();
        assert_eq!(steps.len(), maze.solution().unwrap().len());
    }

    #[test]
    fn write_then_read_gives_the_same_maze() {
        for (width, height, seed) in [(5, 5, 1), (12, 7, 2), (5, 12, 3), (50, 50, 4), (31, 6, 5)] {
            let mut maze = created(width, height, seed);
            assert_same_maze(&from_str(&to_string(&maze)).unwrap(), &maze);
            maze.solve().unwrap();
            assert_same_maze(&from_str(&to_string(&maze)).unwrap(), &maze);
        }
    }

    #[test]
    fn text_that_is_not_json_is_rejected_with_line_and_column() {
        let message = error_of("{\n  \"width\": 5,\n  oops\n}");
        assert!(message.contains("line 3 column 3"), "{message}");
    }

    #[test]
    fn a_size_outside_five_to_fifty_is_rejected_with_the_allowed_range() {
        assert_eq!(
            error_of(&comb_with(|v| v["width"] = json!(4))),
            "width 4 is outside 5..=50"
        );
    }

    #[test]
    fn unknown_wall_bits_are_rejected_naming_the_cell() {
        assert_eq!(
            error_of(&comb_with(|v| v["walls"][2][3] = json!(17))),
            "cell (3, 2) has wall bits 17; allowed are 0..=15 (N=1, S=2, E=4, W=8)"
        );
    }

    #[test]
    fn an_open_border_is_rejected_naming_the_cell() {
        assert_eq!(
            error_of(&comb_with(|v| v["walls"][4][0] = json!(6))),
            "cell (0, 4) has no west wall, but it is on the border"
        );
    }

    #[test]
    fn asymmetric_wall_is_rejected_naming_the_cell() {
        assert_eq!(
            error_of(&comb_with(|v| v["walls"][2][3] = json!(8))),
            "walls between (3, 2) and (4, 2) disagree: (3, 2) has no east wall but (4, 2) has a west wall"
        );
    }

    #[test]
    fn a_solution_through_a_wall_is_rejected_naming_the_step() {
        assert_eq!(
            error_of(&comb_with(|v| v["solution"][4] = json!("N"))),
            "solution step 4 goes north from (0, 0), through a wall"
        );
    }

    #[test]
    fn every_error_message() {
        let cases: Vec<(&str, String)> = vec![
            ("not_json", "{\"width\": 5,".to_string()),
            ("not_an_object", "[1, 2, 3]".to_string()),
            (
                "missing_field",
                comb_with(|v| _ = v.as_object_mut().unwrap().remove("walls")),
            ),
            ("wrong_type", comb_with(|v| v["width"] = json!("five"))),
            ("unknown_field", comb_with(|v| v["colour"] = json!("red"))),
            (
                "fractional_bits",
                comb_with(|v| v["walls"][1][1] = json!(1.5)),
            ),
            ("width_too_small", comb_with(|v| v["width"] = json!(4))),
            ("height_too_large", comb_with(|v| v["height"] = json!(51))),
            (
                "too_few_rows",
                comb_with(|v| _ = v["walls"].as_array_mut().unwrap().pop()),
            ),
            (
                "short_row",
                comb_with(|v| _ = v["walls"][2].as_array_mut().unwrap().pop()),
            ),
            ("unknown_bits", comb_with(|v| v["walls"][2][3] = json!(17))),
            ("negative_bits", comb_with(|v| v["walls"][0][1] = json!(-1))),
            ("open_border", comb_with(|v| v["walls"][4][0] = json!(6))),
            ("no_east_wall", comb_with(|v| v["walls"][2][3] = json!(8))),
            (
                "extra_south_wall",
                comb_with(|v| v["walls"][1][1] = json!(14)),
            ),
            (
                "start_outside",
                comb_with(|v| v["start"] = json!({"x": 5, "y": 0})),
            ),
            (
                "end_outside",
                comb_with(|v| v["end"] = json!({"x": 0, "y": -1})),
            ),
            (
                "start_is_end",
                comb_with(|v| v["end"] = json!({"x": 0, "y": 4})),
            ),
            ("bad_letter", comb_with(|v| v["solution"][2] = json!("n"))),
            ("blocked_step", comb_with(|v| v["solution"][0] = json!("E"))),
            (
                "misses_the_end",
                comb_with(|v| v["solution"] = json!(["N"])),
            ),
        ];
        for (name, json) in cases {
            insta::assert_snapshot!(name, error_of(&json), &json);
        }
    }
}
