//! Part 5 (arrow mazes) producers: each calls the student's code on the grader's input and returns
//! what it produced. A board is sent and reported as its size and its squares row by row, each as
//! the three values of its file line, `"R N E"`, `"B C SW"` or `"X N X"` for the target. The probe
//! builds every board it is sent with the provided `Board::new`, so a check of the graph or of the
//! search does not depend on the student's `parse`. Each board or file is run on its own behind
//! `wire::caught::run`: a panic on one becomes `{"panic": message}` for that item, and the others are
//! still reported, so the grader can name the file or board that made the code panic, with the
//! line of the student's code where it happened.

use maze::arrows::{self, Arrow, Board, Color, Graph, Node, Problem, Square};
use serde_json::{Value, json};

use wire::producers::Part5;
use wire::part2::GivenFile;
use wire::part5::GivenBoard;

use crate::{Producer, field};

/// The function that runs each of Part 5's producers (the `match` is exhaustive: a
/// producer the grader can name and this part lacks does not compile).
pub fn producer(which: Part5) -> Producer {
    match which {
        Part5::Parse => arrows_parse,
        Part5::Graph => arrows_graph,
        Part5::Solve => arrows_solve,
    }
}

/// A square as the grader writes it.
fn square(text: &str) -> Square {
    let values: Vec<&str> = text.split(' ').collect();
    match values.as_slice() {
        ["X", "N", "X"] => Square::Target,
        [color, circled, arrow] => Square::Arrow {
            color: match *color {
                "R" => Color::Red,
                "B" => Color::Blue,
                other => panic!("the grader sent an unknown colour {other}"),
            },
            circled: *circled == "C",
            arrow: Arrow::from_name(arrow).unwrap_or_else(|| panic!("the grader sent an unknown arrow {arrow}")),
        },
        _ => panic!("the grader sent an unknown square {text:?}"),
    }
}

/// A square as the grader reads it.
fn square_text(square: &Square) -> String {
    match square {
        Square::Target => "X N X".to_owned(),
        Square::Arrow { color, arrow, circled } => {
            format!("{} {} {}", color.letter(), if *circled { "C" } else { "N" }, arrow.name())
        }
    }
}

/// The grader's board, built with the provided `Board::new` alone.
fn built(given: &GivenBoard) -> Board {
    Board::new(given.rows, given.cols, given.squares.iter().map(|s| square(s)).collect())
        .expect("Board::new on the grader's board")
}

/// Runs `work` on one item, turning a panic of the student's code into
/// `{"panic": message, "location": "file:line"}`.
fn guarded(work: impl FnOnce() -> Value) -> Value {
    wire::caught::run(work).unwrap_or_else(|panic| panic.value())
}

fn arrows_parse(input: &Value) -> Value {
    let files: Vec<GivenFile> = field(input, "files");
    json!(files
        .iter()
        .map(|file| guarded(|| match arrows::parse(&file.text) {
            Ok(board) => json!({ "ok": {
                "rows": board.rows(),
                "cols": board.cols(),
                "squares": board.squares().map(|(_, square)| square_text(square)).collect::<Vec<_>>(),
            } }),
            Err(error) => json!({ "err": {
                "line": error.line(),
                "column": error.column(),
                "kind": error.kind(),
                "fields": fields(error.problem()),
                "message": error.to_string(),
            } }),
        }))
        .collect::<Vec<_>>())
}

/// The values in a problem's fields that the handout specifies: numbers, places and the
/// text found. `what` (which value a number or a missing value is) is left out: its
/// words are the student's own, and the error's column already says which value it is.
fn fields(problem: &Problem) -> Value {
    match problem {
        Problem::Empty | Problem::MissingValue { .. } | Problem::CircledTarget | Problem::NoTarget => json!({}),
        Problem::BadNumber { found, .. }
        | Problem::ExtraValue { found }
        | Problem::BadColor { found }
        | Problem::BadCircle { found }
        | Problem::BadArrow { found }
        | Problem::TargetWithArrow { found } => json!({ "found": found }),
        Problem::SizeOutOfRange { rows, cols } => json!({ "rows": rows, "cols": cols }),
        Problem::OutsideBoard { value, max, .. } => json!({ "value": value, "max": max }),
        Problem::MissingArrow { row, col } => json!({ "row": row, "col": col }),
        Problem::DuplicateSquare { row, col, first_line } => {
            json!({ "row": row, "col": col, "first_line": first_line })
        }
        Problem::TwoTargets { first, second } => json!({ "first": first, "second": second }),
        Problem::MissingSquare { row, col, rows, cols } => {
            json!({ "row": row, "col": col, "rows": rows, "cols": cols })
        }
        Problem::WrongSquareCount { rows, cols, found } => {
            json!({ "rows": rows, "cols": cols, "found": found })
        }
        Problem::GeneratorGaveUp { rows, cols, min_moves, best } => {
            json!({ "rows": rows, "cols": cols, "min_moves": min_moves, "best": best })
        }
    }
}

fn arrows_graph(input: &Value) -> Value {
    let boards: Vec<GivenBoard> = field(input, "boards");
    json!(boards
        .iter()
        .map(|given| {
            let board = built(given);
            guarded(|| {
                let graph = Graph::new(&board);
                let size = [graph.rows(), graph.cols()];
                if size != [board.rows(), board.cols()] {
                    return json!({ "size": size });
                }
                let nodes: Vec<Value> = given
                    .query
                    .iter()
                    .map(|&(row, col)| {
                        let lists: Vec<Vec<usize>> = [Node::forward(row, col), Node::backward(row, col)]
                            .into_iter()
                            .map(|node| graph.neighbor_indexes(graph.index(node)).to_vec())
                            .collect();
                        json!(lists)
                    })
                    .collect();
                json!({ "size": size, "nodes": nodes })
            })
        })
        .collect::<Vec<_>>())
}

fn arrows_solve(input: &Value) -> Value {
    let boards: Vec<GivenBoard> = field(input, "boards");
    json!(boards
        .iter()
        .map(|given| {
            let board = built(given);
            guarded(|| json!({ "path": arrows::solve(&board) }))
        })
        .collect::<Vec<_>>())
}
