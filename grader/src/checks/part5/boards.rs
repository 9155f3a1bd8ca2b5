//! The arrow boards the Part 5 checks send: read from the kit's fixture files, written
//! here, or drawn at random (with a planted way to the target), and how they travel to
//! the probe.

use super::*;

/// A square of a board the grader sent, as the judges read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Sq {
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
    pub(super) fn read(text: &str) -> Option<Sq> {
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
    pub(super) fn describe(self) -> String {
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
pub(in crate::checks) struct GivenBoard {
    pub(in crate::checks) name: String,
    pub(in crate::checks) rows: usize,
    pub(in crate::checks) cols: usize,
    pub(in crate::checks) squares: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(in crate::checks) query: Vec<(usize, usize)>,
}

impl GivenBoard {
    /// The square (`row`, `col`), counted from 1, if it is on the board and readable.
    pub(super) fn square(&self, row: usize, col: usize) -> Option<Sq> {
        if !(1..=self.rows).contains(&row) || !(1..=self.cols).contains(&col) {
            return None;
        }
        self.squares
            .get((row - 1) * self.cols + (col - 1))
            .and_then(|text| Sq::read(text))
    }

    /// Whether the board is one the grader can judge: as many readable squares as its
    /// size says and one target. Anything else is the grader's own fault.
    pub(super) fn checked(&self) -> Result<(usize, usize), Verdict> {
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

    /// The board turned over its main diagonal: row and column swap, and each arrow
    /// with them (north ↔ west, south ↔ east, north-east ↔ south-west). The start
    /// (1,1) stays where it is, so the board is as solvable as before, and new.
    pub(in crate::checks) fn transposed(&self) -> GivenBoard {
        // ARROWS' index of each direction's mirror image across the diagonal.
        const TURNED: [usize; 8] = [6, 5, 4, 3, 2, 1, 0, 7];
        let squares = (0..self.cols)
            .flat_map(|col| (0..self.rows).map(move |row| (row, col)))
            .map(|(row, col)| {
                let text = &self.squares[row * self.cols + col];
                match Sq::read(text) {
                    Some(Sq::Arrow {
                        red,
                        arrow,
                        circled,
                    }) => format!(
                        "{} {} {}",
                        if red { "R" } else { "B" },
                        if circled { "C" } else { "N" },
                        ARROWS[TURNED[arrow]].0
                    ),
                    _ => text.clone(),
                }
            })
            .collect();
        GivenBoard {
            name: format!("{} turned over its diagonal", self.name),
            rows: self.cols,
            cols: self.rows,
            squares,
            query: self.query.iter().map(|&(row, col)| (col, row)).collect(),
        }
    }

    /// The board in the file format: its size, then one line per square.
    pub(in crate::checks) fn text(&self) -> String {
        let mut text = format!("{} {}\n", self.rows, self.cols);
        for (index, square) in self.squares.iter().enumerate() {
            let (row, col) = (index / self.cols + 1, index % self.cols + 1);
            text.push_str(&format!("{row} {col} {square}\n"));
        }
        text
    }

    /// The same board asking about the nodes of every square.
    pub(in crate::checks) fn querying_all(mut self) -> GivenBoard {
        self.query = (1..=self.rows)
            .flat_map(|row| (1..=self.cols).map(move |col| (row, col)))
            .collect();
        self
    }
}

/// The board in a fixture's text (the kit's fixtures are valid board files; anything
/// else is the kit's fault). Lines may come in any order.
pub(in crate::checks) fn read_board(name: &str, text: &str) -> anyhow::Result<GivenBoard> {
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
pub(super) fn fixture_board(inputs: &Inputs, file: &str) -> anyhow::Result<GivenBoard> {
    let board = read_board(file, &inputs.fixture(&format!("arrows/{file}"))?)?;
    Ok(if inputs.private() {
        board.transposed()
    } else {
        board
    })
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
pub(in crate::checks) fn random_board(
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
pub(in crate::checks) fn planted_board(
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
pub(in crate::checks) fn redrawn(
    rng: &mut impl rand::Rng,
    board: &GivenBoard,
    changes: usize,
) -> GivenBoard {
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
pub(super) fn board_of(name: &str, text: &str) -> anyhow::Result<GivenBoard> {
    read_board(name, text)
}

pub(in crate::checks) fn boards_value(boards: &[GivenBoard]) -> Value {
    json!({ "boards": boards })
}

pub(super) fn given_boards(case: &Case) -> Result<Vec<GivenBoard>, Verdict> {
    #[derive(Deserialize)]
    struct Input {
        boards: Vec<GivenBoard>,
    }
    case.input::<Input>().map(|input| input.boards)
}

/// The blessed list, checked to have one item per input item.
pub(super) fn blessed_list(case: &Case, count: usize) -> Result<Vec<Value>, Verdict> {
    let want: Vec<Value> = case.expected()?;
    if want.len() != count {
        return Err(Verdict::grader_error(
            "the blessed results do not match the input: run `grader bless`",
        ));
    }
    Ok(want)
}

/// The panic the probe caught on one item, if it reported one, worded as the grader
/// words a panic elsewhere (see [`Panic::of`]).
pub(super) fn panic_of(item: &Value) -> Option<Panic> {
    Panic::of(item, QUOTE)
}

/// A panic of `call` on the item `name`, in words. A `todo!()` comes first, as the
/// grader words it elsewhere; another panic after the item and the call.
pub(super) fn panicked(name: &str, call: &str, panic: &Panic) -> String {
    if panic.stub {
        format!("{panic} (on {name})")
    } else {
        format!("{name}: {call} {panic}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checks::part5::tests::*;

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
}
