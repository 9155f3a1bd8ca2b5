//! §10.2: the checks of `Graph::new`, the doubled graph of a board: small boards with
//! one rule each, fixtures and random boards, and which rule a difference breaks.

use super::*;

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

pub(super) fn graph_rules_input(inputs: &Inputs) -> anyhow::Result<Value> {
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

pub(super) fn graph_fixtures_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let boards = inputs
        .fixture_files("arrows", "txt")?
        .iter()
        .map(|(name, text)| read_board(name, text).map(GivenBoard::querying_all))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let boards: Vec<GivenBoard> = if inputs.private() {
        boards.iter().map(GivenBoard::transposed).collect()
    } else {
        boards
    };
    Ok(boards_value(&boards))
}

/// A node of a board the grader sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Node {
    pub(super) row: usize,
    pub(super) col: usize,
    pub(super) backward: bool,
}

impl Node {
    /// The node numbered `index` on a board of `cols` columns (the provided
    /// numbering, `Graph::index`).
    pub(super) fn of(index: usize, cols: usize) -> Node {
        let square = index / 2;
        Node {
            row: square / cols + 1,
            col: square % cols + 1,
            backward: index % 2 == 1,
        }
    }

    pub(super) fn text(self) -> String {
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
    if let Some(panic) = panic_of(item) {
        // The student's own panic message says what it met.
        let hint = if panic.to_string().contains("index out of bounds") {
            // Two usual causes: too few lists, or a walk along an arrow that
            // does not stop at the edge of the board.
            " (adjacency needs one list for each of the 2 × rows × cols nodes, and the walk along an arrow stops at the board's edge)"
        } else {
            ""
        };
        return Err(format!("{}{hint}", panicked(name, "Graph::new", &panic)));
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
pub(super) fn steps_along(from: (usize, usize), to: (usize, usize), arrow: usize) -> Option<usize> {
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

/// The hint of stops found along a line whose row and column steps are swapped.
const SWAPPED_STEPS: &str = "handout §10.2: walk a line by adding arrow.step()'s first number \
     to the row and its second to the column";

/// Words for the stops `got` of the node `from` when they all lie on its line with
/// the row and the column steps swapped (north walked as west), if they do.
fn swapped_steps(board: &GivenBoard, from: Node, got: &[Node]) -> Option<String> {
    let Some(Sq::Arrow { arrow, .. }) = board.square(from.row, from.col) else {
        return None;
    };
    let line = if from.backward {
        (arrow + 4) % 8
    } else {
        arrow
    };
    let (_, dr, dc) = ARROWS[line];
    let swapped = ARROWS
        .iter()
        .position(|&(_, r, c)| (r, c) == (dc, dr))
        .filter(|&swapped| swapped != line)?;
    let on_swapped =
        |node: &Node| steps_along((from.row, from.col), (node.row, node.col), swapped).is_some();
    (!got.is_empty() && got.iter().all(on_swapped)).then(|| {
        format!(
            "every stop listed lies on the {} line, which is the {} line with its row and column steps swapped: a step ({dr}, {dc}) adds {dr} to the row and {dc} to the column",
            ARROWS[swapped].0, ARROWS[line].0
        )
    })
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
pub(in crate::checks) fn arrows_graph(case: &Case) -> Judged {
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
                problems.push(Problem::from(problem));
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
        let (why, hint) = match swapped_steps(board, from, &mine) {
            Some(swapped) => (swapped, Some(SWAPPED_STEPS)),
            None => (edge_problem(board, from, &mine, &theirs), None),
        };
        problems.push(Problem {
            message: format!(
                "{}: the {} node of ({row},{col}){square} leads to {}, expected {}: {}",
                board.name,
                way(backward),
                nodes_text(&mine),
                nodes_text(&theirs),
                why
            ),
            diff: Some((adjacency_text(board, &want), adjacency_text(board, &got))),
            hint,
            case: None,
        });
    }
    Ok(verdict_of(
        problems,
        format!(
            "the adjacency lists of both nodes of every square asked about are the reference's on {} boards",
            boards.len()
        ),
    ))
}

/// A finding about one board, the expected and actual texts of a diff when one
/// helps, and the hint that leads to its cause when the judge saw it.
pub(super) struct Problem {
    pub(super) message: String,
    pub(super) diff: Option<(String, String)>,
    pub(super) hint: Option<&'static str>,
    /// What kind of board it met, when that is the cause (see [`Verdict::with_case`]).
    pub(super) case: Option<String>,
}

impl From<String> for Problem {
    fn from(message: String) -> Problem {
        Problem {
            message,
            diff: None,
            hint: None,
            case: None,
        }
    }
}

/// The first of a list of problems (with a diff when it has one), or a pass.
pub(super) fn verdict_of(problems: Vec<Problem>, summary: String) -> Verdict {
    verdict_of_items(problems, summary, "board", "boards")
}

/// [`verdict_of`] for items named `one` and `many`.
pub(super) fn verdict_of_items(
    problems: Vec<Problem>,
    summary: String,
    one: &str,
    many: &str,
) -> Verdict {
    let more = problems.len().saturating_sub(1);
    match problems.into_iter().next() {
        None => Verdict::pass(summary),
        Some(Problem {
            message,
            diff,
            hint,
            case,
        }) => {
            let message = if more > 0 {
                format!(
                    "{message} (and {more} more {} like it)",
                    if more == 1 { one } else { many }
                )
            } else {
                message
            };
            let verdict = match diff {
                Some((expected, actual)) => Verdict::fail_with_diff(message, &expected, &actual),
                None => Verdict::fail(message),
            };
            let verdict = verdict.with_hint(hint);
            match case {
                Some(case) => verdict.with_case(case),
                None => verdict,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checks::part5::tests::*;

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
    fn stops_on_the_line_with_its_steps_swapped_are_named_so() {
        // (1,1) points south; with (row, column) swapped a walk goes east instead.
        let board =
            read_board("sq", "3 3\n1 1 R N S\n1 2 B N W\n1 3 B N W\n2 1 B N N\n2 2 R N N\n2 3 R N N\n3 1 B N N\n3 2 R N N\n3 3 X N X\n")
                .unwrap();
        let from = Node {
            row: 1,
            col: 1,
            backward: false,
        };
        let east = [
            Node {
                row: 1,
                col: 2,
                backward: false,
            },
            Node {
                row: 1,
                col: 3,
                backward: false,
            },
        ];
        let why = swapped_steps(&board, from, &east).expect("east is south swapped");
        assert!(
            why.contains("the E line, which is the S line with its row and column steps swapped"),
            "{why}"
        );
        let south = [Node {
            row: 2,
            col: 1,
            backward: false,
        }];
        assert_eq!(swapped_steps(&board, from, &south), None, "the right line");
        assert_eq!(
            swapped_steps(&board, from, &[]),
            None,
            "no stop says nothing"
        );
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
