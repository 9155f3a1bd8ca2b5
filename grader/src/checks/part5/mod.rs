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
//!
//! One module per topic (the boards the checks send, `parse`, the graph, the search),
//! each with its tests; this one holds the list of checks in report order, the wording
//! helpers the judges share, and the helpers the topics' tests share.

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::model::ARROWS;
use super::words::Panic;
use super::{Case, CheckSpec, Inputs, Judged, Producer, Verdict, producers};

mod boards;
mod graph;
mod parse;
mod search;

use boards::*;
use graph::*;
use parse::*;
use search::*;

// What the hidden checks reuse.
#[cfg(feature = "hidden-checks")]
pub(super) use boards::{
    GivenBoard, boards_value, planted_board, random_board, read_board, redrawn,
};
#[cfg(feature = "hidden-checks")]
pub(super) use graph::arrows_graph;
#[cfg(feature = "hidden-checks")]
pub(super) use parse::{altered_files, files_value, parse_verdict};
#[cfg(feature = "hidden-checks")]
pub(super) use search::arrows_solve;

const fn check(
    name: &'static str,
    producer: producers::Part5,
    input: fn(&Inputs) -> anyhow::Result<Value>,
    judge: fn(&Case) -> Judged,
) -> CheckSpec {
    CheckSpec::new(name, Producer::Part5(producer), input, judge, true)
}

/// What the search runs besides itself: the doubled graph (see [`CheckSpec::after`]).
pub(crate) const ARROWS_SEARCH: &[&str] = &["arrows_graph_rules", "arrows_graph_fixtures"];

// The hints of a run out of time (see `CheckSpec::when_slow`).

/// The board game's search (§10.3).
const QUEUED_ONCE: &str = "handout §10.3: a node is marked when it is put in the \
     queue, so it is put in only once";

/// The Part 5 checks, in report order.
pub const CHECKS: &[CheckSpec] = &[
    check(
        "arrows_parse_fixtures",
        producers::Part5::Parse,
        parse_fixtures_input,
        arrows_parse_fixtures,
    )
    .rubric(
        2.0,
        "parse reads every board file, in any layout the format allows",
        "handout §10.1: the file format and parse",
    ),
    check(
        "arrows_parse_invalid",
        producers::Part5::Parse,
        parse_invalid_input,
        arrows_parse_invalid,
    )
    .rubric(
        2.0,
        "malformed board files: the reference's rule, line and column, never a panic",
        "handout §10.1: errors that say where (the rules in order; the rule, its place and its values count, not the words)",
    ),
    check(
        "arrows_graph_rules",
        producers::Part5::Graph,
        graph_rules_input,
        arrows_graph,
    )
    .rubric(
        2.0,
        "the doubled graph on small boards: stops, circles, the target, the border",
        "handout §10.2: the doubled graph",
    ),
    check(
        "arrows_graph_fixtures",
        producers::Part5::Graph,
        graph_fixtures_input,
        arrows_graph,
    )
    .rubric(
        2.0,
        "the adjacency lists of every node of every fixture board",
        "handout §10.2: adjacency lists, nearest stop first",
    ),
    check(
        "arrows_solve_sample",
        producers::Part5::Solve,
        solve_sample_input,
        arrows_solve,
    )
    .rubric(
        2.0,
        "solve finds the reference's path on the sample board",
        "handout §10.3: the search, exactly",
    )
    .when_slow(QUEUED_ONCE)
    .after(ARROWS_SEARCH),
    check(
        "arrows_solve_fixtures",
        producers::Part5::Solve,
        solve_fixtures_input,
        arrows_solve,
    )
    .rubric(
        2.0,
        "solve finds the reference's paths on square boards",
        "handout §10.3: the search and the path",
    )
    .when_slow(QUEUED_ONCE)
    .after(ARROWS_SEARCH),
    check(
        "arrows_solve_unsolvable",
        producers::Part5::Solve,
        solve_unsolvable_input,
        arrows_solve,
    )
    .rubric(
        1.0,
        "solve returns None (No solution exists) when the target cannot be reached",
        "handout §10.3: the search, exactly, step 3",
    )
    .when_slow(QUEUED_ONCE)
    .after(ARROWS_SEARCH),
    check(
        "arrows_solve_non_square",
        producers::Part5::Solve,
        solve_non_square_input,
        arrows_solve,
    )
    .rubric(
        2.0,
        "solve finds the reference's paths on boards that are not square",
        "handout §10.3: two bugs to learn from (a column computed with the wrong number)",
    )
    .when_slow(QUEUED_ONCE)
    .after(ARROWS_SEARCH),
    check(
        "arrows_path_legal",
        producers::Part5::Solve,
        path_legal_input,
        arrows_path_legal,
    )
    .rubric(
        2.0,
        "every path is legal move by move and as short as can be",
        "handout §10: the rules of the puzzle; §10.3: the path",
    )
    .after(ARROWS_SEARCH),
];

// ---------------------------------------------------------------- wording helpers

/// The most characters of a reported text a message quotes.
const QUOTE: usize = 160;

/// `text`, cut to [`QUOTE`] characters.
fn cut(text: String) -> String {
    super::words::cut_to(text, QUOTE)
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

#[cfg(test)]
mod tests {
    use std::path::{Path as FsPath, PathBuf};

    use super::*;
    use crate::snapshots::Snapshots;

    pub(super) fn kit_fixtures() -> PathBuf {
        FsPath::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures")
    }

    pub(super) fn inputs(check: &str) -> Inputs<'static> {
        let fixtures: &'static FsPath = Box::leak(kit_fixtures().into_boxed_path());
        Inputs {
            fixtures,
            check: Box::leak(check.to_owned().into_boxed_str()),
            secret: None,
        }
    }

    pub(super) fn spec(name: &str) -> CheckSpec {
        *CHECKS.iter().find(|c| c.name == name).unwrap()
    }

    /// Judges `output` for the input of check `name`, with `expected` blessed.
    pub(super) fn judged(name: &str, output: Value, expected: Value) -> Verdict {
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

    pub(super) const ONE_BY_THREE: &str = "1 3\n1 1 R N E\n1 2 B C W\n1 3 X N X\n";

    pub(super) fn solve_case(board: &GivenBoard, got: Value, want: Value) -> Verdict {
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
    fn a_caught_panic_is_worded_as_the_grader_words_panics() {
        let todo = json!({ "panic": "not yet implemented: parse (handout §10.1): read", "location": "submission/src/arrows/format.rs:67" });
        assert!(panic_of(&todo).is_some_and(|panic| panic.stub));
        assert_eq!(
            panic_of(&todo).map(|p| p.to_string()).as_deref(),
            Some("not implemented: parse (handout §10.1): read")
        );
        let index = json!({ "panic": "index out of bounds", "location": "submission/src/arrows/format.rs:80" });
        assert_eq!(
            panic_of(&index).map(|p| p.to_string()).as_deref(),
            Some("panicked at src/arrows/format.rs:80: index out of bounds")
        );
        let nowhere = json!({ "panic": "boom", "location": null });
        assert_eq!(
            panic_of(&nowhere).map(|p| p.to_string()).as_deref(),
            Some("panicked: boom")
        );
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
}
