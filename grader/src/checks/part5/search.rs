//! §10.3: the checks of `solve`, the breadth-first search of the doubled graph: paths
//! compared with the reference's and judged legal move by move.

use super::*;

fn fixture_boards(inputs: &Inputs, files: &[&str]) -> anyhow::Result<Vec<GivenBoard>> {
    files
        .iter()
        .map(|file| fixture_board(inputs, file))
        .collect()
}

pub(super) fn solve_sample_input(inputs: &Inputs) -> anyhow::Result<Value> {
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

pub(super) fn solve_fixtures_input(inputs: &Inputs) -> anyhow::Result<Value> {
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

pub(super) fn solve_unsolvable_input(inputs: &Inputs) -> anyhow::Result<Value> {
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
    if inputs.private() {
        // Turned over the diagonal (the fixture is already): still without a way.
        for board in boards.iter_mut().skip(1) {
            *board = board.transposed();
        }
    }
    Ok(boards_value(&boards))
}

pub(super) fn solve_non_square_input(inputs: &Inputs) -> anyhow::Result<Value> {
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

pub(super) fn path_legal_input(inputs: &Inputs) -> anyhow::Result<Value> {
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
    if let Some(panic) = panic_of(item) {
        return Err(panicked(name, "solve", &panic));
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
        Err(problem) => return Ok(Some(Problem::from(problem))),
    };
    if got == want {
        return Ok(None);
    }
    let diff = Some((path_text(want.as_deref()), path_text(got.as_deref())));
    // A legal path longer than the shortest: the search is not breadth first.
    let mut longer = false;
    // A circled (1,1) tempts a search to start on its backward node; the start is
    // its forward node whatever its circle says (§10.3, step 1). Said when no path
    // came back, or when the path's first move runs along (1,1)'s line backward.
    let circled_start = match (board.square(1, 1), &got) {
        (Some(Sq::Arrow { circled: true, .. }), None) => true,
        (
            Some(Sq::Arrow {
                circled: true,
                arrow,
                ..
            }),
            Some(path),
        ) => match path.as_slice() {
            [first, second, ..] => {
                steps_along(*first, *second, arrow).is_none()
                    && steps_along(*first, *second, (arrow + 4) % 8).is_some()
            }
            _ => false,
        },
        _ => false,
    };
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
        // The player starts on the target: no edge is needed, so the graph is not
        // the cause; the search never looked at the start itself.
        (None, Some(path)) if path.len() == 1 => format!(
            "{name}: solve returned None (`No solution exists`), but the player starts on the target, so the path is the start alone, {}: look for the target when a node is taken out of the queue (the start's included), not only among its neighbours",
            path_line(path)
        ),
        (None, Some(path)) => format!(
            "{name}: solve returned None (`No solution exists`), but the target can be reached in {}: {}{}",
            moves(path.len().saturating_sub(1)),
            path_line(path),
            if circled_start {
                ""
            } else {
                " (the search follows your graph's edges: if a graph check fails, fix Graph::new first)"
            }
        ),
        (Some(path), Some(expected)) => {
            if let Some(hint) = modulus_hint(board, path, expected) {
                format!("{name}: the path differs from the reference's: {hint}")
            } else if let Some(why) = illegal_move(board, target, path) {
                format!(
                    "{name}: your path is not a legal way: {why} (every move of the path is an edge of your graph: check Graph::new, then how the path is read back from the parents)"
                )
            } else if path.len() > expected.len() {
                longer = true;
                format!(
                    "{name}: your path is legal but has {}, and the shortest has {}: the search takes the node at the front of the queue out (first in, first out, which finds the shortest way; taking the back one searches depth first), marks a node when it is put in, and keeps the first parent it is given (a later parent can be further from the start); or, if a graph check fails, an edge is missing from Graph::new",
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
    let (message, hint, case) = if circled_start {
        (
            format!(
                "{message} ((1,1) is circled on this board: the search still starts on its forward node; a circle only sends a move that lands on it to the other half)"
            ),
            Some(CIRCLED_START),
            Some("a board whose start square (1,1) is circled".to_owned()),
        )
    } else {
        (message, longer.then_some(SHORTEST_FIRST), None)
    };
    Ok(Some(Problem {
        message,
        diff,
        hint,
        case,
    }))
}

/// The hint of a legal path longer than the shortest.
const SHORTEST_FIRST: &str = "handout §10.3: take the front node out of the queue, mark a node \
     when it is put in: the first path to reach the target is the shortest";

/// The hint of a wrong path on a board whose start square is circled.
const CIRCLED_START: &str =
    "handout §10.3, step 1: the start node is square (1,1) moving forward, circled or not";

/// Judges the paths `solve` found on every board against the reference's.
pub(in crate::checks) fn arrows_solve(case: &Case) -> Judged {
    let boards = given_boards(case)?;
    let got: Vec<Value> = case.output_list(boards.len())?;
    let want = blessed_list(case, boards.len())?;
    let mut problems = Vec::new();
    let mut solvable = 0;
    let mut picture = None;
    for ((board, got), want) in boards.iter().zip(&got).zip(&want) {
        if want.get("path").is_some_and(|path| !path.is_null()) {
            solvable += 1;
        }
        if let Some(problem) = solve_problem(board, got, want)? {
            if picture.is_none() {
                picture = board_picture(board, got, want);
            }
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
    let verdict = verdict_of(problems, summary);
    Ok(match picture {
        Some(svg) if !verdict.passed => verdict.with_picture(svg),
        _ => verdict,
    })
}

/// The board with the reference's path beside the student's, when both can be read.
fn board_picture(board: &GivenBoard, got: &Value, want: &Value) -> Option<String> {
    let want = reported_path(board, want).ok()?;
    let got = reported_path(board, got).ok()?;
    Some(crate::checks::picture::boards(
        board.rows,
        board.cols,
        &board.squares,
        want.as_deref(),
        got.as_deref(),
    ))
}

/// Judges each path by the rules alone: legal move by move and as short as the
/// reference's (any shortest way passes); `None` exactly where the reference's is.
pub(super) fn arrows_path_legal(case: &Case) -> Judged {
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
                problems.push(Problem::from(problem));
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
        problems.extend(problem.map(Problem::from));
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
    use super::*;
    use crate::checks::part5::tests::*;

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
    fn a_start_on_the_target_is_not_blamed_on_the_graph() {
        let board = read_board("one", "1 1\n1 1 X N X\n").unwrap();
        let verdict = solve_case(&board, json!({ "path": null }), json!({ "path": [[1, 1]] }));
        assert!(
            verdict.message.contains("the player starts on the target")
                && verdict.message.contains("the start's included"),
            "{}",
            verdict.message
        );
        assert!(
            !verdict.message.contains("Graph::new"),
            "{}",
            verdict.message
        );
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
            longer.message.contains("keeps the first parent")
                && longer
                    .message
                    .contains("takes the node at the front of the queue out"),
            "{}",
            longer.message
        );
        assert_eq!(longer.hint, Some(SHORTEST_FIRST));
        assert!(longer.diff.is_some());
    }
}
