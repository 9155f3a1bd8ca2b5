//! Part 5 checks (arrow mazes): for each, the input the grader builds and the judge of
//! what the student's code made of it.
//!
//! Inputs are the grader's: file texts (the kit's fixtures, layout variations of them
//! and small malformed texts written here) for `parse`, and boards for the graph and
//! the search: read by the grader from the fixture files, written here, or drawn from
//! the check's generator. A board travels as its size and its squares row by row, each
//! as the three values of its file line (`"R N E"`, `"B C SW"`, `"X N X"`); the probe
//! builds it with the provided `Board::new`, so the graph and search checks do not
//! depend on the student's `parse`.
//!
//! Answers (the boards and errors `parse` gives, adjacency lists, paths) come from the
//! blessed reference outputs. Properties are judged here, on what the probe reported,
//! after its shape has been checked against the board the grader sent: whether a path
//! is legal move by move (the rules of the puzzle, applied to the path, not a search),
//! and, to explain a difference, whether a stop lies on the line of an arrow and has
//! another colour.

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{Case, CheckSpec, Inputs, Judged, Part, Verdict};

const fn check(
    name: &'static str,
    producer: &'static str,
    input: fn(&Inputs) -> anyhow::Result<Value>,
    judge: fn(&Case) -> Judged,
) -> CheckSpec {
    CheckSpec::new(Part::Part5, name, producer, input, judge, true)
}

/// The Part 5 checks, in report order.
pub const CHECKS: &[CheckSpec] = &[
    check(
        "arrows_parse_fixtures",
        "arrows_parse",
        parse_fixtures_input,
        arrows_parse_fixtures,
    ),
    check(
        "arrows_parse_invalid",
        "arrows_parse",
        parse_invalid_input,
        arrows_parse_invalid,
    ),
    check(
        "arrows_graph_rules",
        "arrows_graph",
        graph_rules_input,
        arrows_graph,
    ),
    check(
        "arrows_graph_fixtures",
        "arrows_graph",
        graph_fixtures_input,
        arrows_graph,
    ),
    check(
        "arrows_solve_sample",
        "arrows_solve",
        solve_sample_input,
        arrows_solve,
    ),
    check(
        "arrows_solve_fixtures",
        "arrows_solve",
        solve_fixtures_input,
        arrows_solve,
    ),
    check(
        "arrows_solve_unsolvable",
        "arrows_solve",
        solve_unsolvable_input,
        arrows_solve,
    ),
    check(
        "arrows_solve_non_square",
        "arrows_solve",
        solve_non_square_input,
        arrows_solve,
    ),
    check(
        "arrows_path_legal",
        "arrows_solve",
        path_legal_input,
        arrows_path_legal,
    ),
];

// ---------------------------------------------------------------- boards

/// The eight directions as a file writes them, clockwise from north, with their step
/// as (change of row, change of column); the opposite of direction `i` is `i + 4`.
const ARROWS: [(&str, i32, i32); 8] = [
    ("N", -1, 0),
    ("NE", -1, 1),
    ("E", 0, 1),
    ("SE", 1, 1),
    ("S", 1, 0),
    ("SW", 1, -1),
    ("W", 0, -1),
    ("NW", -1, -1),
];

/// A square of a board the grader sent, as the judges read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Sq {
    Target,
    Arrow {
        red: bool,
        /// The index of the direction in [`ARROWS`].
        arrow: usize,
        circled: bool,
    },
}

impl Sq {
    /// The square written `"R N E"`, `"B C SW"` or `"X N X"`.
    fn read(text: &str) -> Option<Sq> {
        let values: Vec<&str> = text.split(' ').collect();
        match values.as_slice() {
            ["X", "N", "X"] => Some(Sq::Target),
            [color, circled, arrow] => Some(Sq::Arrow {
                red: match *color {
                    "R" => true,
                    "B" => false,
                    _ => return None,
                },
                circled: match *circled {
                    "C" => true,
                    "N" => false,
                    _ => return None,
                },
                arrow: ARROWS.iter().position(|(name, _, _)| name == arrow)?,
            }),
            _ => None,
        }
    }

    /// The square in words: `red, arrow NE, circled` or `the target`.
    fn describe(self) -> String {
        match self {
            Sq::Target => "the target".to_owned(),
            Sq::Arrow {
                red,
                arrow,
                circled,
            } => format!(
                "{}, arrow {}{}",
                if red { "red" } else { "blue" },
                ARROWS[arrow].0,
                if circled { ", circled" } else { "" }
            ),
        }
    }
}

/// A board the grader sends: a name for messages, its size, its squares row by row
/// (each `"R N E"`, `"B C SW"` or `"X N X"`), and for the graph check the squares
/// whose nodes are asked about.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(super) struct GivenBoard {
    pub(super) name: String,
    pub(super) rows: usize,
    pub(super) cols: usize,
    pub(super) squares: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(super) query: Vec<(usize, usize)>,
}

impl GivenBoard {
    /// The square (`row`, `col`), counted from 1, if it is on the board and readable.
    fn square(&self, row: usize, col: usize) -> Option<Sq> {
        if !(1..=self.rows).contains(&row) || !(1..=self.cols).contains(&col) {
            return None;
        }
        self.squares
            .get((row - 1) * self.cols + (col - 1))
            .and_then(|text| Sq::read(text))
    }

    /// Whether the board is one the grader can judge: as many readable squares as its
    /// size says and one target. Anything else is the grader's own fault.
    fn checked(&self) -> Result<(usize, usize), Verdict> {
        let fault = |what: &str| {
            Err(Verdict::grader_error(format!(
                "its own board {} {what}",
                self.name
            )))
        };
        if self.rows == 0 || self.cols == 0 || self.squares.len() != self.rows * self.cols {
            return fault("has the wrong number of squares");
        }
        if self.squares.iter().any(|text| Sq::read(text).is_none()) {
            return fault("has an unreadable square");
        }
        let targets: Vec<usize> = (0..self.squares.len())
            .filter(|&i| self.squares[i] == "X N X")
            .collect();
        match targets.as_slice() {
            [index] => Ok((index / self.cols + 1, index % self.cols + 1)),
            _ => fault("does not have exactly one target"),
        }
    }

    /// The same board asking about the nodes of every square.
    pub(super) fn querying_all(mut self) -> GivenBoard {
        self.query = (1..=self.rows)
            .flat_map(|row| (1..=self.cols).map(move |col| (row, col)))
            .collect();
        self
    }
}

/// The board in a fixture's text (the kit's fixtures are valid board files; anything
/// else is the kit's fault). Lines may come in any order.
pub(super) fn read_board(name: &str, text: &str) -> anyhow::Result<GivenBoard> {
    let mut lines = text
        .lines()
        .map(|line| line.split_whitespace().collect::<Vec<_>>())
        .filter(|words| !words.is_empty());
    let size = lines
        .next()
        .ok_or_else(|| anyhow::anyhow!("the kit's board {name} is empty"))?;
    let [rows, cols] = size.as_slice() else {
        anyhow::bail!("the kit's board {name} has no size line");
    };
    let (rows, cols): (usize, usize) = (rows.parse()?, cols.parse()?);
    if !(1..=200).contains(&rows) || !(1..=200).contains(&cols) {
        anyhow::bail!("the kit's board {name} is {rows}x{cols}, larger than a board may be");
    }
    let mut squares = vec![String::new(); rows * cols];
    for words in lines {
        let [row, col, color, circled, arrow] = words.as_slice() else {
            anyhow::bail!(
                "the kit's board {name} has a line of {} values",
                words.len()
            );
        };
        let (row, col): (usize, usize) = (row.parse()?, col.parse()?);
        let text = format!("{color} {circled} {arrow}");
        if !(1..=rows).contains(&row) || !(1..=cols).contains(&col) || Sq::read(&text).is_none() {
            anyhow::bail!("the kit's board {name} has a bad square line");
        }
        squares[(row - 1) * cols + (col - 1)] = text;
    }
    let board = GivenBoard {
        name: name.to_owned(),
        rows,
        cols,
        squares,
        query: Vec::new(),
    };
    board
        .checked()
        .map_err(|_| anyhow::anyhow!("the kit's board {name} is not a whole board"))?;
    Ok(board)
}

/// The kit's board file `fixtures/arrows/{file}`.
fn fixture_board(inputs: &Inputs, file: &str) -> anyhow::Result<GivenBoard> {
    read_board(file, &inputs.fixture(&format!("arrows/{file}"))?)
}

/// A random square: red or blue, any arrow, circled one time in `1 / circle_one_in`.
fn random_square(rng: &mut impl rand::Rng, circle_one_in: u32) -> String {
    format!(
        "{} {} {}",
        if rng.random_bool(0.5) { "R" } else { "B" },
        if rng.random_ratio(1, circle_one_in) {
            "C"
        } else {
            "N"
        },
        ARROWS[rng.random_range(0..ARROWS.len())].0
    )
}

/// A random `rows × cols` board: the target anywhere but (1,1) (unless the board has
/// one square), every other square drawn by [`random_square`].
pub(super) fn random_board(
    rng: &mut impl rand::Rng,
    name: String,
    rows: usize,
    cols: usize,
) -> GivenBoard {
    let count = rows * cols;
    let target = if count == 1 {
        0
    } else {
        rng.random_range(1..count)
    };
    let squares = (0..count)
        .map(|index| {
            if index == target {
                "X N X".to_owned()
            } else {
                random_square(rng, 4)
            }
        })
        .collect();
    GivenBoard {
        name,
        rows,
        cols,
        squares,
        query: Vec::new(),
    }
}

/// A random `rows × cols` board (at least 2 squares) with a way to the target planted
/// in it: from (1,1), up to `moves` moves, each to a new square along one of the eight
/// lines, of the other colour, circled one time in three (the way of moving flips
/// there, and the arrow of the next square is set for it); the last square is the
/// target, and every other square is drawn by [`random_square`]. So the target can be
/// reached, perhaps in fewer moves than planted; how, only the blessed answer says.
pub(super) fn planted_board(
    rng: &mut impl rand::Rng,
    name: String,
    rows: usize,
    cols: usize,
    moves: usize,
) -> GivenBoard {
    let index = |(row, col): (usize, usize)| (row - 1) * cols + (col - 1);
    let mut squares: Vec<Option<String>> = vec![None; rows * cols];
    let mut here = (1, 1);
    let mut used = vec![here];
    let mut red = rng.random_bool(0.5);
    let mut circled = rng.random_ratio(1, 3);
    let mut backward = false;
    for _ in 0..moves {
        let mut candidates = Vec::new();
        for (arrow, &(_, dr, dc)) in ARROWS.iter().enumerate() {
            let (mut row, mut col) = (here.0 as i64 + i64::from(dr), here.1 as i64 + i64::from(dc));
            while (1..=rows as i64).contains(&row) && (1..=cols as i64).contains(&col) {
                let square = (row as usize, col as usize);
                if !used.contains(&square) {
                    candidates.push((arrow, square));
                }
                row += i64::from(dr);
                col += i64::from(dc);
            }
        }
        if candidates.is_empty() {
            break;
        }
        let (arrow, next) = candidates[rng.random_range(0..candidates.len())];
        let arrow = if backward { (arrow + 4) % 8 } else { arrow };
        squares[index(here)] = Some(format!(
            "{} {} {}",
            if red { "R" } else { "B" },
            if circled { "C" } else { "N" },
            ARROWS[arrow].0
        ));
        here = next;
        used.push(here);
        red = !red;
        circled = rng.random_ratio(1, 3);
        if circled {
            backward = !backward;
        }
    }
    squares[index(here)] = Some("X N X".to_owned());
    GivenBoard {
        name,
        rows,
        cols,
        squares: squares
            .into_iter()
            .map(|square| square.unwrap_or_else(|| random_square(rng, 4)))
            .collect(),
        query: Vec::new(),
    }
}

/// `board` with `changes` of its arrow squares drawn again at random: a board close to
/// a kit's board (whose solutions are long), but new.
pub(super) fn redrawn(rng: &mut impl rand::Rng, board: &GivenBoard, changes: usize) -> GivenBoard {
    let mut board = board.clone();
    for _ in 0..changes {
        let index = rng.random_range(0..board.squares.len());
        if board.squares[index] != "X N X" {
            board.squares[index] = random_square(rng, 4);
        }
    }
    board.name = format!("{} with {changes} squares drawn again", board.name);
    board
}

/// A board written in the file format here, for the hand-made cases (trusted).
fn board_of(name: &str, text: &str) -> anyhow::Result<GivenBoard> {
    read_board(name, text)
}

pub(super) fn boards_value(boards: &[GivenBoard]) -> Value {
    json!({ "boards": boards })
}

fn given_boards(case: &Case) -> Result<Vec<GivenBoard>, Verdict> {
    #[derive(Deserialize)]
    struct Input {
        boards: Vec<GivenBoard>,
    }
    case.input::<Input>().map(|input| input.boards)
}

/// The blessed list, checked to have one item per input item.
fn blessed_list(case: &Case, count: usize) -> Result<Vec<Value>, Verdict> {
    let want: Vec<Value> = case.expected()?;
    if want.len() != count {
        return Err(Verdict::grader_error(
            "the blessed results do not match the input: run `grader bless`",
        ));
    }
    Ok(want)
}

/// The words for a panic the probe caught on one item, if it reported one, as the
/// grader words a panic elsewhere: a `todo!()` as `not implemented: …`, any other
/// panic as `panicked at src/…:LINE: message`.
fn panic_of(item: &Value) -> Option<String> {
    let message = item.get("panic")?;
    let message = message.as_str().unwrap_or("a panic");
    let location = item
        .get("location")
        .and_then(Value::as_str)
        .map(|l| l.strip_prefix("submission/").unwrap_or(l))
        .filter(|l| !l.starts_with("probe/") && !l.contains("(grader probe)"));
    Some(cut(
        match (message.strip_prefix("not yet implemented"), location) {
            (Some(what), _) => format!("not implemented{what}"),
            (None, Some(place)) => format!("panicked at {place}: {message}"),
            (None, None) => format!("panicked: {message}"),
        },
    ))
}

/// A panic of `call` on the item `name`, in words. A `todo!()` comes first, as the
/// grader words it elsewhere; another panic after the item and the call.
fn panicked(name: &str, call: &str, message: &str) -> String {
    if message.starts_with("not implemented") {
        format!("{message} (on {name})")
    } else {
        format!("{name}: {call} {message}")
    }
}

// ---------------------------------------------------------------- wording helpers

/// The most characters of a reported text a message quotes.
const QUOTE: usize = 160;

/// `text`, cut to [`QUOTE`] characters.
fn cut(text: String) -> String {
    if text.chars().count() <= QUOTE {
        return text;
    }
    let mut shortened: String = text.chars().take(QUOTE).collect();
    shortened.push('…');
    shortened
}

/// `moves` moves, or `1 move`.
fn moves(count: usize) -> String {
    if count == 1 {
        "1 move".to_owned()
    } else {
        format!("{count} moves")
    }
}

/// A way of moving.
fn way(backward: bool) -> &'static str {
    if backward { "backward" } else { "forward" }
}

/// A path as the program prints it: `(1,1) (1,3) (2,3)`, shortened when long.
fn path_line(path: &[(usize, usize)]) -> String {
    const SHOWN: usize = 12;
    let squares: Vec<String> = path.iter().map(|(r, c)| format!("({r},{c})")).collect();
    if squares.len() > SHOWN {
        format!(
            "{} … {}",
            squares[..SHOWN - 2].join(" "),
            squares[squares.len() - 2..].join(" ")
        )
    } else {
        squares.join(" ")
    }
}

/// A path for a diff: one square a line, numbered by move, and the count at the end.
fn path_text(path: Option<&[(usize, usize)]>) -> String {
    match path {
        None => "No solution exists\n".to_owned(),
        Some(path) => {
            let mut text = String::new();
            for (step, (r, c)) in path.iter().enumerate().take(500) {
                if step == 0 {
                    text.push_str(&format!("start  ({r},{c})\n"));
                } else {
                    text.push_str(&format!("move {step:>2} ({r},{c})\n"));
                }
            }
            if path.len() > 500 {
                text.push_str("…\n");
            }
            text.push_str(&format!("({})\n", moves(path.len().saturating_sub(1))));
            text
        }
    }
}

// ---------------------------------------------------------------- §10.1 parse

#[derive(Deserialize)]
struct GivenFile {
    name: String,
    text: String,
}

pub(super) fn files_value(files: &[(String, String)]) -> Value {
    json!({ "files": files.iter().map(|(name, text)| json!({ "name": name, "text": text })).collect::<Vec<_>>() })
}

fn parse_fixtures_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let mut files = inputs.fixture_files("arrows", "txt")?;
    let text = |name: &str| -> anyhow::Result<String> {
        files
            .iter()
            .find(|(file, _)| file == name)
            .map(|(_, text)| text.clone())
            .ok_or_else(|| anyhow::anyhow!("the kit has no fixture arrows/{name}"))
    };
    let sample = text("sample.txt")?;
    let reversal = text("reversal.txt")?;
    let non_square = text("non_square_4x9.txt")?;
    // The layout the format allows: \r\n, a byte-order mark, lines in any order,
    // tabs and runs of spaces, blank lines, no line end at the end.
    let mut shuffled: Vec<&str> = reversal.lines().collect();
    if let Some((_, squares)) = shuffled.split_first_mut() {
        squares.reverse();
    }
    let messy = shuffled
        .iter()
        .map(|line| format!("  {}\t\n\n", line.replace(' ', "\t  ")))
        .collect::<String>();
    files.extend([
        (
            "sample.txt with \\r\\n line ends and a byte-order mark".to_owned(),
            format!("\u{feff}{}", sample.replace('\n', "\r\n")),
        ),
        (
            "reversal.txt with its square lines in reverse order, tabs and blank lines".to_owned(),
            messy,
        ),
        (
            "non_square_4x9.txt without a line end after its last line".to_owned(),
            non_square.trim_end().to_owned(),
        ),
        (
            "a 1x1 board whose only square is the target".to_owned(),
            "1 1\n1 1 X N X\n".to_owned(),
        ),
    ]);
    Ok(files_value(&files))
}

/// Malformed texts written here, beyond the kit's one file per rule: values the
/// fixtures do not try (a number too large for a `usize`, non-ASCII text, a lone
/// `\r`), and rules met in another place.
const MORE_INVALID: &[(&str, &str)] = &[
    (
        "a size too large for any number type",
        "99999999999999999999999 1\n",
    ),
    ("a negative column", "2 2\n1 -1 R N E\n"),
    ("a lower-case direction", "1 2\n1 1 R N e\n1 2 X N X\n"),
    (
        "a direction written as an arrow character after a tab",
        "1 2\n1\t1 B N ↗\n1 2 X N X\n",
    ),
    (
        "a non-ASCII colour before another error",
        "1 2\n1 2 X N X\n1 1 É N E E\n",
    ),
    ("only the size line", "2 3\n"),
    (
        "blank lines before a size line with 3 values",
        "\n\n2 2 2\n",
    ),
    ("a 1x1 board without its target", "1 1\n1 1 R N E\n"),
    (
        "a duplicate of the target",
        "1 2\n1 2 X N X\n1 1 R N E\n1 2 X N X\n",
    ),
    (
        "a second target given after every square",
        "1 3\n1 1 X N X\n1 2 R N E\n1 3 X N X\n",
    ),
    ("a size of 200x201", "200 201\n"),
    ("a row of 0 on a square line", "1 2\n0 1 R N E\n"),
    (
        "lines separated by a lone \\r",
        "1 2\r1 1 R N E\r1 2 X N X\r",
    ),
];

fn parse_invalid_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let mut files = inputs.fixture_files("invalid/arrows", "txt")?;
    files.extend(
        MORE_INVALID
            .iter()
            .map(|(name, text)| ((*name).to_owned(), (*text).to_owned())),
    );
    Ok(files_value(&files))
}

/// What `parse` made of a file.
enum Parsed {
    Board {
        rows: usize,
        cols: usize,
        squares: Vec<String>,
    },
    Error {
        line: Option<usize>,
        column: Option<usize>,
        kind: String,
        message: String,
    },
    Panic(String),
}

impl Parsed {
    /// The probe's report of one file, or why it cannot be read.
    fn read(value: &Value) -> Result<Parsed, String> {
        #[derive(Deserialize)]
        struct Board {
            rows: usize,
            cols: usize,
            squares: Vec<String>,
        }
        #[derive(Deserialize)]
        struct Error {
            line: Option<usize>,
            column: Option<usize>,
            kind: String,
            message: String,
        }
        if let Some(message) = panic_of(value) {
            return Ok(Parsed::Panic(message));
        }
        if let Some(ok) = value.get("ok") {
            let board = Board::deserialize(ok).map_err(|e| e.to_string())?;
            if board.squares.len() != board.rows.saturating_mul(board.cols) {
                return Err(format!(
                    "a {}x{} board with {} squares",
                    board.rows,
                    board.cols,
                    board.squares.len()
                ));
            }
            return Ok(Parsed::Board {
                rows: board.rows,
                cols: board.cols,
                squares: board.squares,
            });
        }
        if let Some(err) = value.get("err") {
            let error = Error::deserialize(err).map_err(|e| e.to_string())?;
            return Ok(Parsed::Error {
                line: error.line,
                column: error.column,
                kind: error.kind,
                message: error.message,
            });
        }
        Err("neither a board nor an error".to_owned())
    }

    /// The error in words: `DuplicateSquare at line 5, column 1 (`…`)`.
    fn error_text(&self) -> String {
        match self {
            Parsed::Error {
                line,
                column,
                kind,
                message,
            } => {
                let place = match (line, column) {
                    (Some(line), Some(column)) => format!("line {line}, column {column}"),
                    _ => "no place in the file".to_owned(),
                };
                format!("{kind} at {place} (`{}`)", cut(message.clone()))
            }
            Parsed::Board { rows, cols, .. } => format!("a {rows}x{cols} board"),
            Parsed::Panic(message) => message.clone(),
        }
    }
}

/// Line `line` of `text` (counted from 1, as the format counts), quoted for a message.
fn quoted_line(text: &str, line: usize) -> Option<String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let found = text.split('\n').nth(line.checked_sub(1)?)?;
    let found = found.strip_suffix('\r').unwrap_or(found);
    Some(format!(
        "line {line} of the file is `{}`",
        cut(found.escape_debug().to_string())
    ))
}

/// The line of `text` that gives square (`row`, `col`), if one does.
fn line_of_square(text: &str, row: usize, col: usize) -> Option<usize> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.split('\n').enumerate().skip(1).find_map(|(i, line)| {
        let words: Vec<&str> = line
            .split([' ', '\t', '\r'])
            .filter(|w| !w.is_empty())
            .collect();
        (words.len() >= 2 && words[0] == row.to_string() && words[1] == col.to_string())
            .then_some(i + 1)
    })
}

/// Where the handout (§10.1) says the error of a rule is, by the rule's name.
fn rule_of(kind: &str) -> &'static str {
    match kind {
        "Empty" => "a file without a single value is Empty, at line 1, column 1",
        "BadNumber" => {
            "a value that must be a whole number and is not one (str::parse::<usize>() refuses it) is BadNumber, at the value"
        }
        "MissingValue" => {
            "a line that ends before its last value is MissingValue, just after the last value there is (Word::end_column)"
        }
        "ExtraValue" => "a value after the last one a line may have is ExtraValue, at that value",
        "SizeOutOfRange" => {
            "a size that Board::check_size refuses is SizeOutOfRange, at the column of the rows"
        }
        "OutsideBoard" => {
            "a row outside 1..=ROWS or a column outside 1..=COLS is OutsideBoard, at the value"
        }
        "BadColor" => "a COLOR other than R, B or X is BadColor, at the value",
        "BadCircle" => "a CIRCLED other than C or N is BadCircle, at the value",
        "CircledTarget" => "C on the target is CircledTarget, at the circle mark",
        "TargetWithArrow" => {
            "a direction other than X on the target is TargetWithArrow, at the direction"
        }
        "MissingArrow" => {
            "X as the direction of a red or blue square is MissingArrow, at the direction"
        }
        "BadArrow" => "a direction that is none of the eight (nor X) is BadArrow, at the direction",
        "DuplicateSquare" => {
            "a square that had a line already is DuplicateSquare, at the column of R, naming the first line"
        }
        "TwoTargets" => "a second target is TwoTargets, at the column of COLOR",
        "MissingSquare" => {
            "after the last line with values, the first square (row by row) without a line is MissingSquare, at the next line, column 1"
        }
        "NoTarget" => {
            "a board without a target is NoTarget, at the line after the last line with values, column 1 (Board::new finds it: place its error with .at)"
        }
        _ => "each error is at the column of the value it is about",
    }
}

/// Why what `parse` made of `file` is not what the reference made of it, if it is not.
fn parse_problem(file: &GivenFile, got: &Value, want: &Value) -> Result<Option<String>, Verdict> {
    let name = &file.name;
    let want = Parsed::read(want).map_err(|problem| {
        Verdict::grader_error(format!(
            "the blessed result for {name} is unreadable ({problem}): run `grader bless`"
        ))
    })?;
    let got = match Parsed::read(got) {
        Ok(got) => got,
        Err(problem) => {
            return Ok(Some(format!(
                "{name}: the probe's report could not be read ({problem})"
            )));
        }
    };
    Ok(match (&got, &want) {
        (Parsed::Panic(message), _) if message.starts_with("not implemented") => {
            Some(panicked(name, "parse", message))
        }
        (Parsed::Panic(message), _) => Some(format!(
            "{name}: parse {message} (parse must never panic: no unwrap() or indexing on what comes from the file; expected {})",
            want.error_text()
        )),
        (
            Parsed::Board {
                rows,
                cols,
                squares,
            },
            Parsed::Board {
                rows: want_rows,
                cols: want_cols,
                squares: want_squares,
            },
        ) => {
            if (rows, cols) != (want_rows, want_cols) {
                Some(format!(
                    "{name}: the board read is {rows}x{cols}, expected {want_rows}x{want_cols} (the first line is ROWS COLS)"
                ))
            } else {
                squares
                    .iter()
                    .zip(want_squares)
                    .position(|(got, want)| got != want)
                    .map(|index| {
                        let (row, col) = (index / cols + 1, index % cols + 1);
                        let line = line_of_square(&file.text, row, col)
                            .map(|line| format!(" (line {line})"))
                            .unwrap_or_default();
                        let shown = |text: &str| {
                            Sq::read(text).map_or_else(|| format!("`{text}`"), Sq::describe)
                        };
                        format!(
                            "{name}: square ({row},{col}){line} was read as {}, expected {} (a square's line is `R C COLOR CIRCLED DIR`; lines may come in any order)",
                            shown(&squares[index]),
                            shown(&want_squares[index])
                        )
                    })
            }
        }
        (Parsed::Error { line, .. }, Parsed::Board { .. }) => {
            let quoted = line
                .and_then(|line| quoted_line(&file.text, line))
                .map(|quoted| format!("; {quoted}"))
                .unwrap_or_default();
            Some(format!(
                "{name}: parse refused a valid file with {}{quoted}; expected {} (spaces and tabs, blank lines, \\r\\n line ends, a byte-order mark and lines in any order are all allowed)",
                got.error_text(),
                want.error_text()
            ))
        }
        (Parsed::Board { .. }, Parsed::Error { line, kind, .. }) => {
            let quoted = line
                .and_then(|line| quoted_line(&file.text, line))
                .map(|quoted| format!("; {quoted}"))
                .unwrap_or_default();
            Some(format!(
                "{name}: parse accepted a malformed file ({}); expected the error {}{quoted} ({})",
                got.error_text(),
                want.error_text(),
                rule_of(kind)
            ))
        }
        (
            Parsed::Error {
                line,
                column,
                kind,
                message,
            },
            Parsed::Error {
                line: want_line,
                column: want_column,
                kind: want_kind,
                message: want_message,
            },
        ) => {
            if (line, column, kind) == (want_line, want_column, want_kind) {
                // The words are the provided Display of what parse put in the error.
                (message != want_message).then(|| {
                    format!(
                        "{name}: parse gave the right error at the right place, but with other values in it: `{message}`, expected `{want_message}` ({})",
                        rule_of(want_kind)
                    )
                })
            } else {
                let rule = rule_of(want_kind);
                let hint = if line.is_none() {
                    "an error of Board::new or Board::check_size has no place: give it one with .at(line, column)".to_owned()
                } else if kind != want_kind {
                    format!(
                        "{rule}; check the rules in the handout's order and return the first problem"
                    )
                } else if line == want_line {
                    format!("the right rule on the right line, at another column: {rule}")
                } else {
                    format!("the right rule, on another line: {rule}")
                };
                let quoted = want_line
                    .and_then(|line| quoted_line(&file.text, line))
                    .map(|quoted| format!("; {quoted}"))
                    .unwrap_or_default();
                Some(format!(
                    "{name}: parse gave {}, expected {}{quoted} ({hint})",
                    got.error_text(),
                    want.error_text()
                ))
            }
        }
        (_, Parsed::Panic(_)) => {
            return Err(Verdict::grader_error(format!(
                "the blessed result for {name} is a panic: run `grader bless`"
            )));
        }
    })
}

/// Judges `parse` on every file the grader sent against the reference's results.
pub(super) fn parse_verdict(case: &Case, summary: impl FnOnce(usize) -> String) -> Judged {
    #[derive(Deserialize)]
    struct Input {
        files: Vec<GivenFile>,
    }
    let files = case.input::<Input>()?.files;
    let got: Vec<Value> = case.output_list(files.len())?;
    let want = blessed_list(case, files.len())?;
    let mut problems = Vec::new();
    for ((file, got), want) in files.iter().zip(&got).zip(&want) {
        if let Some(problem) = parse_problem(file, got, want)? {
            problems.push((problem, None));
        }
    }
    Ok(verdict_of_items(
        problems,
        summary(files.len()),
        "file",
        "files",
    ))
}

fn arrows_parse_fixtures(case: &Case) -> Judged {
    parse_verdict(case, |count| {
        format!(
            "all {count} board files read as the reference reads them, every layout the format allows included"
        )
    })
}

fn arrows_parse_invalid(case: &Case) -> Judged {
    parse_verdict(case, |count| {
        format!(
            "all {count} malformed files are errors of the reference's kind at its line and column, none a panic"
        )
    })
}

// ---------------------------------------------------------------- §10.2 the graph

/// Small boards written here, one rule of the graph each.
const RULE_BOARDS: &[(&str, &str)] = &[
    (
        "a 1x6 row where (1,2) has the colour of (1,1)",
        "1 6\n1 1 R N E\n1 2 R N E\n1 3 B N E\n1 4 R N E\n1 5 B N W\n1 6 X N X\n",
    ),
    (
        "a 3x1 column with a circled square",
        "3 1\n1 1 R N S\n2 1 B C N\n3 1 X N X\n",
    ),
    (
        "the handout's 2x3 board",
        "2 3\n1 1 R N E\n1 2 R N S\n1 3 B C N\n2 1 B N NE\n2 2 B N W\n2 3 X N X\n",
    ),
    (
        "a 2x3 board where a backward node leads onto a circled square",
        "2 3\n1 1 B N W\n1 2 R C E\n1 3 B N W\n2 1 B N NE\n2 2 B N N\n2 3 X N X\n",
    ),
    (
        "a 1x2 board whose target is (1,1)",
        "1 2\n1 1 X N X\n1 2 R N W\n",
    ),
    (
        "a 3x3 board with diagonals to the corners",
        "3 3\n1 1 B N E\n1 2 B N E\n1 3 X N X\n2 1 B N E\n2 2 R N E\n2 3 B N E\n3 1 B N E\n3 2 B N E\n3 3 R N NW\n",
    ),
    (
        "a 4x4 board of circled squares in both colours",
        "4 4\n1 1 R C SE\n1 2 B C S\n1 3 R C SW\n1 4 B C W\n2 1 B C E\n2 2 R C NE\n2 3 B C N\n2 4 R C NW\n3 1 R C N\n3 2 B C S\n3 3 X N X\n3 4 B C SW\n4 1 B C NE\n4 2 R C E\n4 3 R C NW\n4 4 B C N\n",
    ),
];

fn graph_rules_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let mut boards = RULE_BOARDS
        .iter()
        .map(|(name, text)| board_of(name, text))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let mut rng = inputs.rng();
    for (rows, cols) in [(2, 7), (6, 3), (5, 5)] {
        boards.push(random_board(
            &mut rng,
            format!("a random {rows}x{cols} board"),
            rows,
            cols,
        ));
    }
    let boards: Vec<GivenBoard> = boards.into_iter().map(GivenBoard::querying_all).collect();
    Ok(boards_value(&boards))
}

fn graph_fixtures_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let boards = inputs
        .fixture_files("arrows", "txt")?
        .iter()
        .map(|(name, text)| read_board(name, text).map(GivenBoard::querying_all))
        .collect::<anyhow::Result<Vec<_>>>()?;
    Ok(boards_value(&boards))
}

/// A node of a board the grader sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Node {
    row: usize,
    col: usize,
    backward: bool,
}

impl Node {
    /// The node numbered `index` on a board of `cols` columns (the provided
    /// numbering, `Graph::index`).
    fn of(index: usize, cols: usize) -> Node {
        let square = index / 2;
        Node {
            row: square / cols + 1,
            col: square % cols + 1,
            backward: index % 2 == 1,
        }
    }

    fn text(self) -> String {
        format!("({},{}) {}", self.row, self.col, way(self.backward))
    }
}

/// Nodes as a list in words, or `nothing`.
fn nodes_text(nodes: &[Node]) -> String {
    if nodes.is_empty() {
        "nothing".to_owned()
    } else {
        nodes
            .iter()
            .map(|n| n.text())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The reported adjacency of one board: for every square asked about, the node
/// numbers its forward and backward nodes lead to.
type Lists = Vec<(Vec<usize>, Vec<usize>)>;

/// The adjacency lists of a board's report, checked against the board: the size the
/// graph says, one pair of lists per square asked about, every number a node.
fn graph_lists(board: &GivenBoard, item: &Value) -> Result<Lists, String> {
    #[derive(Deserialize)]
    struct Report {
        size: (usize, usize),
        nodes: Option<Lists>,
    }
    let name = &board.name;
    if let Some(message) = panic_of(item) {
        let hint = if message.contains("index out of bounds") {
            " (adjacency needs one list for each of the 2 × rows × cols nodes)"
        } else {
            ""
        };
        return Err(format!("{}{hint}", panicked(name, "Graph::new", &message)));
    }
    let report = Report::deserialize(item)
        .map_err(|error| format!("{name}: the probe's report could not be read ({error})"))?;
    if report.size != (board.rows, board.cols) {
        return Err(format!(
            "{name}: the graph says it has {} rows and {} columns, but the board is {}x{}",
            report.size.0, report.size.1, board.rows, board.cols
        ));
    }
    let lists = report.nodes.unwrap_or_default();
    if lists.len() != board.query.len() {
        return Err(format!(
            "{name}: the probe reported the nodes of {} squares, but the grader asked about {}",
            lists.len(),
            board.query.len()
        ));
    }
    let count = 2 * board.rows * board.cols;
    for ((row, col), (forward, backward)) in board.query.iter().zip(&lists) {
        for (backward_node, list) in [(false, forward), (true, backward)] {
            if let Some(bad) = list.iter().find(|&&index| index >= count) {
                return Err(format!(
                    "{name}: the {} node of ({row},{col}) leads to node number {bad}, but a {}x{} board has {count} nodes, numbered 0 to {} (use graph.index)",
                    way(backward_node),
                    board.rows,
                    board.cols,
                    count - 1
                ));
            }
        }
    }
    Ok(lists)
}

/// Whether `to` lies on the line from `from` in direction `arrow`, and how many steps
/// away.
fn steps_along(from: (usize, usize), to: (usize, usize), arrow: usize) -> Option<usize> {
    let (_, dr, dc) = ARROWS[arrow];
    let row = to.0 as i64 - from.0 as i64;
    let col = to.1 as i64 - from.1 as i64;
    let steps = if dr != 0 {
        row / i64::from(dr)
    } else {
        col / i64::from(dc)
    };
    (steps > 0 && row == steps * i64::from(dr) && col == steps * i64::from(dc))
        .then_some(steps as usize)
}

/// Why the list `got` of the node `from` differs from `want`, in words.
fn edge_problem(board: &GivenBoard, from: Node, got: &[Node], want: &[Node]) -> String {
    let here = board.square(from.row, from.col);
    let place = |node: Node| format!("({},{})", node.row, node.col);
    let Some(Sq::Arrow { red, arrow, .. }) = here else {
        return "the target has no edges out: the search ends there".to_owned();
    };
    let line = if from.backward {
        (arrow + 4) % 8
    } else {
        arrow
    };
    let line_text = if from.backward {
        format!(
            "the {} line (moving backward, the opposite of its arrow {})",
            ARROWS[line].0, ARROWS[arrow].0
        )
    } else {
        format!("the {} line of its arrow", ARROWS[line].0)
    };
    if let Some(&missing) = want.iter().find(|node| !got.contains(node)) {
        let other_way = Node {
            backward: !missing.backward,
            ..missing
        };
        return match board.square(missing.row, missing.col) {
            _ if !got.contains(&other_way) => format!(
                "{} is missing: it is on {line_text} and its colour differs (walk the whole line to the edge of the board; squares of your own colour are jumped over, and the walk goes on past them)",
                place(missing)
            ),
            Some(Sq::Target) => format!(
                "every edge into the target goes to its forward node, so {} is {}",
                place(missing),
                missing.text()
            ),
            Some(Sq::Arrow { circled: true, .. }) => format!(
                "{} is circled, so stopping there flips the way of moving: the edge goes into its {} node",
                place(missing),
                way(missing.backward)
            ),
            _ => format!(
                "{} is not circled, so the way of moving stays {}: the edge goes into its {} node",
                place(missing),
                way(from.backward),
                way(missing.backward)
            ),
        };
    }
    if let Some(&extra) = got.iter().find(|node| !want.contains(node)) {
        let to = (extra.row, extra.col);
        return match board.square(extra.row, extra.col) {
            _ if steps_along((from.row, from.col), to, line).is_none() => {
                format!("{} is not on {line_text}", place(extra))
            }
            Some(Sq::Arrow { red: other, .. }) if other == red => format!(
                "{} has the same colour as ({},{}): it is jumped over, not a stop",
                place(extra),
                from.row,
                from.col
            ),
            _ => format!("{} is not a stop from here", place(extra)),
        };
    }
    if got.len() == want.len() {
        "the same stops in another order: list them nearest first".to_owned()
    } else {
        "a stop is listed more than once".to_owned()
    }
}

/// The adjacency of the squares asked about, one node a line, for a diff.
fn adjacency_text(board: &GivenBoard, lists: &Lists) -> String {
    let nodes =
        |list: &[usize]| -> Vec<Node> { list.iter().map(|&i| Node::of(i, board.cols)).collect() };
    let size = format!("{}x{}", board.rows, board.cols);
    let mut text = if board.name.contains(&size) {
        format!("{}:\n", board.name)
    } else {
        format!("{} ({size}):\n", board.name)
    };
    for (&(row, col), (forward, backward)) in board.query.iter().zip(lists) {
        for (is_backward, list) in [(false, forward), (true, backward)] {
            let from = Node {
                row,
                col,
                backward: is_backward,
            };
            text.push_str(&format!(
                "{} -> {}\n",
                from.text(),
                nodes_text(&nodes(list))
            ));
        }
    }
    text
}

/// Judges the adjacency lists of the squares asked about on every board against the
/// reference's.
pub(super) fn arrows_graph(case: &Case) -> Judged {
    let boards = given_boards(case)?;
    for board in &boards {
        board.checked()?;
    }
    let got: Vec<Value> = case.output_list(boards.len())?;
    let want = blessed_list(case, boards.len())?;
    let mut problems: Vec<Problem> = Vec::new();
    for ((board, got), want) in boards.iter().zip(&got).zip(&want) {
        let want = graph_lists(board, want).map_err(|problem| {
            Verdict::grader_error(format!(
                "the blessed result is unusable ({problem}): run `grader bless`"
            ))
        })?;
        let got = match graph_lists(board, got) {
            Ok(got) => got,
            Err(problem) => {
                problems.push((problem, None));
                continue;
            }
        };
        if got == want {
            continue;
        }
        let Some((&(row, col), (mine, theirs))) = board
            .query
            .iter()
            .zip(got.iter().zip(&want))
            .find(|(_, (mine, theirs))| mine != theirs)
        else {
            continue;
        };
        let (backward, mine, theirs) = if mine.0 != theirs.0 {
            (false, &mine.0, &theirs.0)
        } else {
            (true, &mine.1, &theirs.1)
        };
        let from = Node { row, col, backward };
        let to_nodes = |list: &[usize]| -> Vec<Node> {
            list.iter().map(|&i| Node::of(i, board.cols)).collect()
        };
        let (mine, theirs) = (to_nodes(mine), to_nodes(theirs));
        let square = board
            .square(row, col)
            .map_or_else(String::new, |sq| format!(" ({})", sq.describe()));
        problems.push((
            format!(
                "{}: the {} node of ({row},{col}){square} leads to {}, expected {}: {}",
                board.name,
                way(backward),
                nodes_text(&mine),
                nodes_text(&theirs),
                edge_problem(board, from, &mine, &theirs)
            ),
            Some((adjacency_text(board, &want), adjacency_text(board, &got))),
        ));
    }
    Ok(verdict_of(
        problems,
        format!(
            "the adjacency lists of both nodes of every square asked about are the reference's on {} boards",
            boards.len()
        ),
    ))
}

/// A finding about one board, and the expected and actual texts of a diff when one
/// helps.
type Problem = (String, Option<(String, String)>);

/// The first of a list of problems (with a diff when it has one), or a pass.
fn verdict_of(problems: Vec<Problem>, summary: String) -> Verdict {
    verdict_of_items(problems, summary, "board", "boards")
}

/// [`verdict_of`] for items named `one` and `many`.
fn verdict_of_items(problems: Vec<Problem>, summary: String, one: &str, many: &str) -> Verdict {
    let more = problems.len().saturating_sub(1);
    match problems.into_iter().next() {
        None => Verdict::pass(summary),
        Some((message, diff)) => {
            let message = if more > 0 {
                format!(
                    "{message} (and {more} more {} like it)",
                    if more == 1 { one } else { many }
                )
            } else {
                message
            };
            match diff {
                Some((expected, actual)) => Verdict::fail_with_diff(message, &expected, &actual),
                None => Verdict::fail(message),
            }
        }
    }
}

// ---------------------------------------------------------------- §10.3 the search

fn fixture_boards(inputs: &Inputs, files: &[&str]) -> anyhow::Result<Vec<GivenBoard>> {
    files
        .iter()
        .map(|file| fixture_board(inputs, file))
        .collect()
}

fn solve_sample_input(inputs: &Inputs) -> anyhow::Result<Value> {
    Ok(boards_value(&fixture_boards(inputs, &["sample.txt"])?))
}

/// Square boards written here: where the start is the target, where a circle turns
/// the player round, and where a node is reached twice before it is taken out of the
/// queue (from the same layer, and from the next), which the source's "marked when
/// taken out, parent written when put in" gets wrong.
const SQUARE_BOARDS: &[(&str, &str)] = &[
    (
        "a 1x1 board whose only square is the target",
        "1 1\n1 1 X N X\n",
    ),
    (
        "a 2x2 board where a circle turns the player round",
        "2 2\n1 1 R N E\n1 2 B C N\n2 1 R N N\n2 2 X N X\n",
    ),
    (
        "a 3x3 board where (2,2), on the way, is reached from (1,2) and from (1,3)",
        "3 3\n1 1 R N E\n1 2 B N S\n1 3 B N SW\n2 1 X N X\n2 2 R N W\n2 3 R N N\n3 1 B N N\n3 2 B N N\n3 3 R N N\n",
    ),
    (
        "a 4x4 board where the target is reached from (1,3) and, a move later, from (3,3)",
        "4 4\n1 1 R N E\n1 2 B N S\n1 3 B N S\n1 4 R N N\n2 1 R N N\n2 2 R N S\n2 3 R N N\n2 4 R N N\n3 1 B N E\n3 2 B N N\n3 3 R N S\n3 4 R N N\n4 1 R N N\n4 2 B N E\n4 3 X N X\n4 4 R N N\n",
    ),
];

fn solve_fixtures_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let mut boards = fixture_boards(
        inputs,
        &[
            "generated_5x5_seed1.txt",
            "generated_12x12_seed3.txt",
            "reversal.txt",
        ],
    )?;
    for (name, text) in SQUARE_BOARDS {
        boards.push(board_of(name, text)?);
    }
    let mut rng = inputs.rng();
    for (n, moves) in [(6, 8), (9, 12)] {
        boards.push(planted_board(
            &mut rng,
            format!("a random {n}x{n} board with a way of {moves} moves or fewer"),
            n,
            n,
            moves,
        ));
    }
    Ok(boards_value(&boards))
}

fn solve_unsolvable_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let mut boards = fixture_boards(inputs, &["unsolvable.txt"])?;
    boards.push(board_of(
        "a 1x2 board whose (1,1) points off the board",
        "1 2\n1 1 R N W\n1 2 X N X\n",
    )?);
    boards.push(board_of(
        "a 2x2 board where an uncircled (1,2) points off the board",
        "2 2\n1 1 R N E\n1 2 B N N\n2 1 R N N\n2 2 X N X\n",
    )?);
    boards.push(board_of(
        "a 3x3 board whose moves go round in a loop",
        "3 3\n1 1 R N E\n1 2 B N S\n1 3 R N W\n2 1 B N N\n2 2 R N N\n2 3 R N N\n3 1 R N N\n3 2 R N N\n3 3 X N X\n",
    )?);
    Ok(boards_value(&boards))
}

fn solve_non_square_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let mut boards = fixture_boards(
        inputs,
        &[
            "non_square_4x9.txt",
            "generated_3x8_seed2.txt",
            "one_by_two.txt",
        ],
    )?;
    boards.push(board_of(
        "a 2x3 board where (2,2) is reached from (1,2) and from (1,3)",
        "2 3\n1 1 R N E\n1 2 B N S\n1 3 B N SW\n2 1 X N X\n2 2 R N W\n2 3 R N N\n",
    )?);
    boards.push(board_of(
        "a 3x1 column with a circled square",
        "3 1\n1 1 R N S\n2 1 B C N\n3 1 X N X\n",
    )?);
    let mut rng = inputs.rng();
    for (rows, cols, moves) in [(5, 8, 10), (9, 4, 10), (2, 11, 6)] {
        boards.push(planted_board(
            &mut rng,
            format!("a random {rows}x{cols} board with a way of {moves} moves or fewer"),
            rows,
            cols,
            moves,
        ));
    }
    Ok(boards_value(&boards))
}

fn path_legal_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let mut boards: Vec<GivenBoard> = inputs
        .fixture_files("arrows", "txt")?
        .iter()
        .map(|(name, text)| read_board(name, text))
        .collect::<anyhow::Result<_>>()?;
    let mut rng = inputs.rng();
    let originals = boards.clone();
    for original in &originals {
        if original.squares.len() >= 9 {
            boards.push(redrawn(&mut rng, original, 2));
        }
    }
    for (rows, cols) in [(3, 3), (8, 5)] {
        boards.push(random_board(
            &mut rng,
            format!("a random {rows}x{cols} board"),
            rows,
            cols,
        ));
    }
    for (rows, cols, moves) in [(4, 4, 6), (3, 6, 5), (6, 9, 10), (10, 10, 14), (12, 5, 12)] {
        boards.push(planted_board(
            &mut rng,
            format!("a random {rows}x{cols} board with a way of {moves} moves or fewer"),
            rows,
            cols,
            moves,
        ));
    }
    Ok(boards_value(&boards))
}

/// The path a report holds, checked to be squares: `Ok(None)` for no path.
type Found = Option<Vec<(usize, usize)>>;

fn reported_path(board: &GivenBoard, item: &Value) -> Result<Found, String> {
    #[derive(Deserialize)]
    struct Report {
        path: Found,
    }
    let name = &board.name;
    if let Some(message) = panic_of(item) {
        return Err(panicked(name, "solve", &message));
    }
    if item.get("path").is_none() {
        return Err(format!(
            "{name}: the probe's report could not be read (it holds no path)"
        ));
    }
    Report::deserialize(item)
        .map(|report| report.path)
        .map_err(|error| format!("{name}: the probe's report could not be read ({error})"))
}

/// Why `path` is not a legal way from (1,1) to the target of `board`, move by move, if
/// it is not: each move stops on a square along the line of the arrow (its opposite
/// when moving backward) of another colour (the target counts as one); stopping on a
/// circled square flips the way of moving; the path ends on the target, and only there.
fn illegal_move(
    board: &GivenBoard,
    target: (usize, usize),
    path: &[(usize, usize)],
) -> Option<String> {
    let Some(&first) = path.first() else {
        return Some("the path is empty; it starts with (1,1), where the player starts".to_owned());
    };
    if first != (1, 1) {
        return Some(format!(
            "the path starts at ({},{}), not at (1,1)",
            first.0, first.1
        ));
    }
    let mut backward = false;
    for (step, pair) in path.windows(2).enumerate() {
        let (from, to) = (pair[0], pair[1]);
        let number = step + 1;
        let Some(here) = board.square(from.0, from.1) else {
            return None; // reported for `from` at the step before
        };
        let Some(there) = board.square(to.0, to.1) else {
            return Some(format!(
                "move {number} goes to ({},{}), which is not on the {}x{} board",
                to.0, to.1, board.rows, board.cols
            ));
        };
        let Sq::Arrow {
            red,
            arrow,
            circled: _,
        } = here
        else {
            return Some(format!(
                "move {number} leaves the target ({},{}); the path ends where it first reaches the target",
                from.0, from.1
            ));
        };
        let line = if backward { (arrow + 4) % 8 } else { arrow };
        if steps_along(from, to, line).is_none() {
            return Some(format!(
                "move {number}, ({},{}) to ({},{}), is not along the {} line of ({},{}) (arrow {}, moving {})",
                from.0,
                from.1,
                to.0,
                to.1,
                ARROWS[line].0,
                from.0,
                from.1,
                ARROWS[arrow].0,
                way(backward)
            ));
        }
        match there {
            Sq::Arrow { red: other, .. } if other == red => {
                return Some(format!(
                    "move {number} stops on ({},{}), which has the colour of ({},{}): it can be jumped over, not stopped on",
                    to.0, to.1, from.0, from.1
                ));
            }
            Sq::Arrow { circled: true, .. } => backward = !backward,
            _ => {}
        }
    }
    let last = path[path.len() - 1];
    (last != target).then(|| {
        format!(
            "the path ends on ({},{}), not on the target ({},{})",
            last.0, last.1, target.0, target.1
        )
    })
}

/// The path with its columns (or rows) computed with the wrong count, as the source's
/// bug computes them, if `got` is one of those.
fn modulus_hint(
    board: &GivenBoard,
    got: &[(usize, usize)],
    want: &[(usize, usize)],
) -> Option<String> {
    let (rows, cols) = (board.rows, board.cols);
    if rows == cols {
        return None;
    }
    let index = |(r, c): (usize, usize)| r.saturating_sub(1) * cols + c.saturating_sub(1);
    // Square number i (row by row from 0) placed with the wrong count: the source's
    // column, both with the rows, the row with the rows.
    let wrong = |i: usize, how: usize| match how {
        0 => (i / cols + 1, i % rows + 1),
        1 => (i / rows + 1, i % rows + 1),
        _ => (i / rows + 1, i % cols + 1),
    };
    let names = [
        "column as `index % rows + 1`",
        "row and column computed with the number of rows",
        "row as `index / rows + 1`",
    ];
    (0..names.len()).find_map(|how| {
        let mapped: Vec<(usize, usize)> = want.iter().map(|&sq| wrong(index(sq), how)).collect();
        (mapped == got).then(|| {
            format!(
                "your squares are the reference's with the {}: on a {rows}x{cols} board square number i (row by row from 0) is in row `i / cols + 1` and column `i % cols + 1` (the source's bug, invisible on square boards; graph.node(index) does it right)",
                names[how]
            )
        })
    })
}

/// Why the path `got` of `board` is not the reference's `want`, if it is not, with a
/// diff of the two paths.
fn solve_problem(
    board: &GivenBoard,
    got: &Value,
    want: &Value,
) -> Result<Option<Problem>, Verdict> {
    let name = &board.name;
    let target = board.checked()?;
    let want = reported_path(board, want).map_err(|problem| {
        Verdict::grader_error(format!(
            "the blessed result is unusable ({problem}): run `grader bless`"
        ))
    })?;
    let got = match reported_path(board, got) {
        Ok(got) => got,
        Err(problem) => return Ok(Some((problem, None))),
    };
    if got == want {
        return Ok(None);
    }
    let diff = Some((path_text(want.as_deref()), path_text(got.as_deref())));
    let message = match (&got, &want) {
        (Some(path), None) => {
            let illegal = illegal_move(board, target, path)
                .map(|why| format!("; and it is not a legal way: {why}"))
                .unwrap_or_default();
            format!(
                "{name}: solve returned a path of {}, but the target cannot be reached (the program prints `No solution exists`): return None when the queue runs empty{illegal}",
                moves(path.len().saturating_sub(1))
            )
        }
        (None, Some(path)) => format!(
            "{name}: solve returned None (`No solution exists`), but the target can be reached in {}: {} (the search follows your graph's edges: if a graph check fails, fix Graph::new first)",
            moves(path.len().saturating_sub(1)),
            path_line(path)
        ),
        (Some(path), Some(expected)) => {
            if let Some(hint) = modulus_hint(board, path, expected) {
                format!("{name}: the path differs from the reference's: {hint}")
            } else if let Some(why) = illegal_move(board, target, path) {
                format!(
                    "{name}: your path is not a legal way: {why} (every move of the path is an edge of your graph: check Graph::new, then how the path is read back from the parents)"
                )
            } else if path.len() > expected.len() {
                format!(
                    "{name}: your path is legal but has {}, and the shortest has {}: mark a node when it is put in the queue and keep the first parent it is given (a later parent can be further from the start), or, if a graph check fails, an edge is missing from Graph::new",
                    moves(path.len().saturating_sub(1)),
                    moves(expected.len().saturating_sub(1))
                )
            } else if path.len() < expected.len() {
                format!(
                    "{name}: your path is legal and has {}, fewer than the reference's {}",
                    moves(path.len().saturating_sub(1)),
                    moves(expected.len().saturating_sub(1))
                )
            } else {
                let at = path
                    .iter()
                    .zip(expected)
                    .position(|(a, b)| a != b)
                    .unwrap_or(0);
                format!(
                    "{name}: your path is another shortest way; move {at} goes to ({},{}), expected ({},{}): take the neighbours in list order (nearest stop first), mark a node when it is put in the queue, and keep the first parent it is given",
                    path[at].0, path[at].1, expected[at].0, expected[at].1
                )
            }
        }
        (None, None) => return Ok(None),
    };
    Ok(Some((message, diff)))
}

/// Judges the paths `solve` found on every board against the reference's.
pub(super) fn arrows_solve(case: &Case) -> Judged {
    let boards = given_boards(case)?;
    let got: Vec<Value> = case.output_list(boards.len())?;
    let want = blessed_list(case, boards.len())?;
    let mut problems = Vec::new();
    let mut solvable = 0;
    for ((board, got), want) in boards.iter().zip(&got).zip(&want) {
        if want.get("path").is_some_and(|path| !path.is_null()) {
            solvable += 1;
        }
        if let Some(problem) = solve_problem(board, got, want)? {
            problems.push(problem);
        }
    }
    let summary = match (boards.len(), solvable) {
        (1, 1) => "the path is exactly the reference's".to_owned(),
        (count, 0) => format!("solve returns None (`No solution exists`) on all {count} boards"),
        (count, solvable) => format!(
            "the paths are exactly the reference's on {count} boards ({solvable} solvable, {} not)",
            count - solvable
        ),
    };
    Ok(verdict_of(problems, summary))
}

/// Judges each path by the rules alone: legal move by move and as short as the
/// reference's (any shortest way passes); `None` exactly where the reference's is.
fn arrows_path_legal(case: &Case) -> Judged {
    let boards = given_boards(case)?;
    let got: Vec<Value> = case.output_list(boards.len())?;
    let want = blessed_list(case, boards.len())?;
    let mut problems = Vec::new();
    for ((board, got), want) in boards.iter().zip(&got).zip(&want) {
        let target = board.checked()?;
        let name = &board.name;
        let want = reported_path(board, want).map_err(|problem| {
            Verdict::grader_error(format!(
                "the blessed result is unusable ({problem}): run `grader bless`"
            ))
        })?;
        let got = match reported_path(board, got) {
            Ok(got) => got,
            Err(problem) => {
                problems.push((problem, None));
                continue;
            }
        };
        let problem = match (&got, &want) {
            (None, None) => None,
            (Some(path), None) => Some(format!(
                "{name}: solve returned a path of {}, but the target cannot be reached{}",
                moves(path.len().saturating_sub(1)),
                illegal_move(board, target, path)
                    .map(|why| format!(" ({why})"))
                    .unwrap_or_default()
            )),
            (None, Some(path)) => Some(format!(
                "{name}: solve returned None, but the target can be reached in {}",
                moves(path.len().saturating_sub(1))
            )),
            (Some(path), Some(expected)) => match illegal_move(board, target, path) {
                Some(why) => Some(format!("{name}: {why} ({})", path_line(path))),
                None if path.len() > expected.len() => Some(format!(
                    "{name}: the path is legal but has {}; the shortest has {} ({})",
                    moves(path.len().saturating_sub(1)),
                    moves(expected.len().saturating_sub(1)),
                    path_line(path)
                )),
                None => None,
            },
        };
        problems.extend(problem.map(|problem| (problem, None)));
    }
    Ok(verdict_of(
        problems,
        format!(
            "on {} boards every path is legal move by move, as short as can be, and None only where the target cannot be reached",
            boards.len()
        ),
    ))
}

#[cfg(test)]
mod tests {
    use std::path::{Path as FsPath, PathBuf};

    use super::*;
    use crate::snapshots::Snapshots;

    fn kit_fixtures() -> PathBuf {
        FsPath::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures")
    }

    fn inputs(check: &str) -> Inputs<'static> {
        let fixtures: &'static FsPath = Box::leak(kit_fixtures().into_boxed_path());
        Inputs {
            fixtures,
            check: Box::leak(check.to_owned().into_boxed_str()),
            secret: None,
        }
    }

    fn spec(name: &str) -> CheckSpec {
        *CHECKS.iter().find(|c| c.name == name).unwrap()
    }

    /// Judges `output` for the input of check `name`, with `expected` blessed.
    fn judged(name: &str, output: Value, expected: Value) -> Verdict {
        let spec = spec(name);
        let input = (spec.input)(&inputs(name)).unwrap();
        super::super::judge(
            &spec,
            &Case {
                input: &input,
                output: &output,
                expected: Some(&expected),
            },
        )
    }

    const ONE_BY_THREE: &str = "1 3\n1 1 R N E\n1 2 B C W\n1 3 X N X\n";

    fn solve_case(board: &GivenBoard, got: Value, want: Value) -> Verdict {
        let input = boards_value(std::slice::from_ref(board));
        let output = json!([got]);
        let expected = json!([want]);
        super::super::judge(
            &spec("arrows_solve_fixtures"),
            &Case {
                input: &input,
                output: &output,
                expected: Some(&expected),
            },
        )
    }

    #[test]
    fn every_input_is_built_from_the_kit() {
        for spec in CHECKS {
            let input = (spec.input)(&inputs(spec.name));
            assert!(input.is_ok(), "{}: {input:?}", spec.name);
        }
    }

    #[test]
    fn fixture_boards_read_row_by_row() {
        let board = read_board("x", "1 3\n1 3 X N X\n1 1 R N E\n1 2 B C W\n").unwrap();
        assert_eq!(board.squares, ["R N E", "B C W", "X N X"]);
        assert_eq!(board.checked().unwrap(), (1, 3));
        assert!(read_board("x", "1 2\n1 1 R N E\n").is_err());
        assert!(read_board("x", "1 2\n1 1 R N Q\n1 2 X N X\n").is_err());
    }

    #[test]
    fn random_boards_have_one_target_off_the_start() {
        let mut rng = inputs("x").rng();
        for (rows, cols) in [(1, 1), (1, 2), (7, 3)] {
            let board = random_board(&mut rng, "r".into(), rows, cols);
            let target = board.checked().unwrap();
            assert!(rows * cols == 1 || target != (1, 1));
        }
    }

    #[test]
    fn a_planted_way_is_legal() {
        let mut rng = inputs("x").rng();
        for (rows, cols, moves) in [(1, 2, 3), (2, 1, 1), (5, 7, 9), (12, 12, 20)] {
            let board = planted_board(&mut rng, "p".into(), rows, cols, moves);
            assert!(board.checked().is_ok());
        }
    }

    #[test]
    fn a_legal_path_has_no_illegal_move() {
        let board = read_board("b", ONE_BY_THREE).unwrap();
        assert_eq!(
            illegal_move(&board, (1, 3), &[(1, 1), (1, 2), (1, 3)]),
            None
        );
        // Moving backward after the circle: (1,2)'s arrow W reversed is E.
        let why = illegal_move(&board, (1, 3), &[(1, 1), (1, 3), (1, 2)]).unwrap();
        assert!(why.contains("leaves the target"), "{why}");
        let why = illegal_move(&board, (1, 3), &[(1, 1), (1, 2), (1, 1)]).unwrap();
        assert!(why.contains("not along the E line"), "{why}");
        let why = illegal_move(&board, (1, 3), &[(1, 2)]).unwrap();
        assert!(why.contains("not at (1,1)"), "{why}");
        let why = illegal_move(&board, (1, 3), &[(1, 1), (1, 9)]).unwrap();
        assert!(why.contains("not on the 1x3 board"), "{why}");
        let why = illegal_move(&board, (1, 3), &[(1, 1), (1, 2)]).unwrap();
        assert!(why.contains("not on the target"), "{why}");
        assert!(illegal_move(&board, (1, 3), &[]).is_some());
        let same = read_board("s", "1 3\n1 1 R N E\n1 2 R N W\n1 3 X N X\n").unwrap();
        let why = illegal_move(&same, (1, 3), &[(1, 1), (1, 2), (1, 3)]).unwrap();
        assert!(why.contains("colour of (1,1)"), "{why}");
    }

    #[test]
    fn a_path_with_the_row_count_as_modulus_is_named() {
        let board = random_board(&mut inputs("x").rng(), "4x9".into(), 4, 9);
        let want = [(1, 1), (1, 9), (4, 9)];
        // (4,9) is index 35: the bug prints column 35 % 4 + 1 = 4.
        let got = [(1, 1), (1, 1), (4, 4)];
        let hint = modulus_hint(&board, &got, &want).unwrap();
        assert!(hint.contains("index % rows + 1"), "{hint}");
        assert_eq!(modulus_hint(&board, &want, &want), None);
    }

    #[test]
    fn solve_differences_are_worded() {
        let board = read_board("b", ONE_BY_THREE).unwrap();
        let want = json!({ "path": [[1, 1], [1, 2], [1, 3]] });
        assert!(solve_case(&board, want.clone(), want.clone()).passed);
        let none = solve_case(&board, json!({ "path": null }), want.clone());
        assert!(none.message.contains("returned None"), "{}", none.message);
        let some = solve_case(&board, want.clone(), json!({ "path": null }));
        assert!(
            some.message.contains("cannot be reached"),
            "{}",
            some.message
        );
        let panic = solve_case(
            &board,
            json!({ "panic": "not yet implemented: solve" }),
            want.clone(),
        );
        assert!(
            panic.message == "not implemented: solve (on b)",
            "a todo!() reads as the grader words it elsewhere: {}",
            panic.message
        );
        let longer = solve_case(
            &board,
            json!({ "path": [[1, 1], [1, 2], [1, 3]] }),
            json!({ "path": [[1, 1], [1, 3]] }),
        );
        assert!(
            longer.message.contains("keep the first parent"),
            "{}",
            longer.message
        );
        assert!(longer.diff.is_some());
    }

    #[test]
    fn a_caught_panic_is_worded_as_the_grader_words_panics() {
        let todo = json!({ "panic": "not yet implemented: parse (handout §10.1): read", "location": "submission/src/arrows/format.rs:67" });
        assert_eq!(
            panic_of(&todo).as_deref(),
            Some("not implemented: parse (handout §10.1): read")
        );
        let index = json!({ "panic": "index out of bounds", "location": "submission/src/arrows/format.rs:80" });
        assert_eq!(
            panic_of(&index).as_deref(),
            Some("panicked at src/arrows/format.rs:80: index out of bounds")
        );
        let nowhere = json!({ "panic": "boom", "location": null });
        assert_eq!(panic_of(&nowhere).as_deref(), Some("panicked: boom"));
        assert_eq!(panic_of(&json!({ "path": null })), None);
    }

    #[test]
    fn hostile_outputs_fail_with_a_message_never_a_panic() {
        let snapshots = Snapshots::load(&kit_fixtures().join("snapshots")).unwrap();
        let hostile = [
            json!(null),
            json!(7),
            json!("passed"),
            json!([]),
            json!([null]),
            json!([{ "path": "everything" }]),
            json!([{ "path": [[0, 0], [-1, 2]] }]),
            json!([{ "path": [[1, 1], [99999999999u64, 1]] }]),
            json!([{ "path": [] }]),
            json!([{ "size": [1, 2], "nodes": [[[999999], []]] }]),
            json!([{ "ok": { "rows": 5, "cols": 5, "squares": [] } }]),
            json!([{ "err": { "line": "one" } }]),
            json!([{ "panic": 3 }]),
        ];
        for spec in CHECKS {
            let input = (spec.input)(&inputs(spec.name)).unwrap();
            let count = input
                .get("boards")
                .or_else(|| input.get("files"))
                .and_then(Value::as_array)
                .map_or(0, Vec::len);
            for output in &hostile {
                // The hostile item repeated for every case the grader sent, so that the
                // shape check passes and the items themselves are judged.
                let output = match output.as_array().and_then(|items| items.first()) {
                    Some(item) => json!(vec![item.clone(); count]),
                    None => output.clone(),
                };
                let verdict = super::super::judge(
                    spec,
                    &Case {
                        input: &input,
                        output: &output,
                        expected: snapshots.get(spec.name).map(|blessed| &blessed.output),
                    },
                );
                assert!(!verdict.passed, "{}: {output}", spec.name);
                assert!(!verdict.message.is_empty());
                assert!(
                    !verdict.message.contains("its judge failed"),
                    "{}: {}",
                    spec.name,
                    verdict.message
                );
            }
        }
    }

    #[test]
    fn parse_differences_name_the_file_and_the_place() {
        let name = "arrows_parse_invalid";
        let input = (spec(name).input)(&inputs(name)).unwrap();
        let files = input["files"].as_array().unwrap();
        let at = files
            .iter()
            .position(|f| f["name"] == "duplicate_square.txt")
            .unwrap();
        let error = |line: usize, column: usize, kind: &str| json!({ "err": { "line": line, "column": column, "kind": kind, "message": format!("line {line}, column {column}: …") } });
        let want: Vec<Value> = (0..files.len()).map(|_| error(1, 1, "Empty")).collect();
        let mut got = want.clone();
        got[at] = json!({ "ok": { "rows": 2, "cols": 2, "squares": ["R N E", "B N S", "B C N", "X N X"] } });
        let verdict = judged(name, json!(got), json!(want));
        assert!(
            verdict
                .message
                .starts_with("duplicate_square.txt: parse accepted a malformed file"),
            "{}",
            verdict.message
        );
        got[at] = error(5, 3, "Empty");
        let verdict = judged(name, json!(got), json!(want));
        assert!(
            verdict.message.contains("at line 5, column 3"),
            "{}",
            verdict.message
        );
        got[at] =
            json!({ "err": { "line": null, "column": null, "kind": "Empty", "message": "…" } });
        let verdict = judged(name, json!(got), json!(want));
        assert!(
            verdict.message.contains(".at(line, column)"),
            "{}",
            verdict.message
        );
        got[at] = json!({ "panic": "index out of bounds" });
        let verdict = judged(name, json!(got), json!(want));
        assert!(
            verdict
                .message
                .contains("parse panicked: index out of bounds (parse must never panic"),
            "{}",
            verdict.message
        );
        assert!(judged(name, json!(want), json!(want)).passed);
    }

    #[test]
    fn graph_reports_are_checked_against_the_board_sent() {
        let board = read_board("b", ONE_BY_THREE).unwrap().querying_all();
        let lists = |nodes: Value| json!({ "size": [1, 3], "nodes": nodes });
        let fine = lists(json!([[[3, 4], []], [[], [0]], [[], []]]));
        assert_eq!(graph_lists(&board, &fine).unwrap()[0].0, vec![3, 4]);
        let too_far = graph_lists(&board, &lists(json!([[[6], []], [[], []], [[], []]])));
        assert!(
            too_far
                .unwrap_err()
                .contains("node number 6, but a 1x3 board has 6 nodes")
        );
        let short = graph_lists(&board, &lists(json!([[[], []]])));
        assert!(short.unwrap_err().contains("nodes of 1 squares"));
        let size = graph_lists(&board, &json!({ "size": [3, 1], "nodes": [] }));
        assert!(size.unwrap_err().contains("3 rows and 1 columns"));
        let panic = graph_lists(
            &board,
            &json!({ "panic": "index out of bounds: the len is 0" }),
        );
        assert!(
            panic
                .unwrap_err()
                .contains("one list for each of the 2 × rows × cols nodes")
        );
        let negative = graph_lists(&board, &lists(json!([[[-1], []], [[], []], [[], []]])));
        assert!(negative.unwrap_err().contains("could not be read"));
    }

    #[test]
    fn graph_differences_say_which_rule_was_broken() {
        let board = read_board("row", "1 4\n1 1 R N E\n1 2 R N E\n1 3 B C E\n1 4 X N X\n").unwrap();
        let from = Node {
            row: 1,
            col: 1,
            backward: false,
        };
        let node = |col, backward| Node {
            row: 1,
            col,
            backward,
        };
        let want = [node(3, true), node(4, false)];
        let why = edge_problem(&board, from, &[node(3, false), node(4, false)], &want);
        assert!(why.contains("circled"), "{why}");
        let why = edge_problem(
            &board,
            from,
            &[node(2, false), node(3, true), node(4, false)],
            &want,
        );
        assert!(why.contains("same colour"), "{why}");
        let why = edge_problem(&board, from, &[node(3, true)], &want);
        assert!(why.contains("(1,4) is missing"), "{why}");
        let why = edge_problem(&board, from, &[node(4, false), node(3, true)], &want);
        assert!(why.contains("nearest first"), "{why}");
        let why = edge_problem(&board, from, &[node(3, true), node(4, true)], &want);
        assert!(why.contains("target goes to its forward node"), "{why}");
    }
}
