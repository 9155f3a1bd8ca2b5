//! Part 5 as a whole: the fixture boards (their drawings, paths and error messages
//! snapshotted with insta), paths checked move by move against the rules by code
//! written here, generated boards, a mutation test of the reader, and the
//! `maze arrows` command line.
//!
//! The unit tests of each piece (board, reader, graph, search, generator, drawings)
//! live next to it in `src/arrows/`.

mod deadline;

use std::collections::VecDeque;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use deadline::Cause;
use maze::MazeRng;
use maze::arrows::{self, ArrowsError, Board, Graph, Node, Problem, Square, draw};

/// The generated fixtures and the `maze arrows --generate` arguments that made them:
/// (file, rows, cols, min moves, seed).
const GENERATED: [(&str, usize, usize, usize, u64); 5] = [
    ("sample.txt", 7, 7, 15, 0),
    ("generated_5x5_seed1.txt", 5, 5, 8, 1),
    ("generated_3x8_seed2.txt", 3, 8, 8, 2),
    ("generated_12x12_seed3.txt", 12, 12, 12, 3),
    ("non_square_4x9.txt", 4, 9, 8, 4),
];

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures")
}

/// The `.txt` files of a fixture folder, sorted by name.
fn txt_files(folder: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(fixtures().join(folder))
        .unwrap_or_else(|error| panic!("fixtures/{folder}: {error}"))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "txt"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no .txt files in fixtures/{folder}");
    files
}

fn board(name: &str) -> Board {
    let path = fixtures().join("arrows").join(name);
    let text = fs::read_to_string(&path).unwrap();
    arrows::parse(&text).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

fn file_name(path: &Path) -> String {
    path.file_name().unwrap().to_string_lossy().into_owned()
}

/// Runs `check` once per fixture file with insta's snapshot suffix set to the file's
/// name, as `insta::glob!` does (whose `glob` feature this workspace does not
/// enable).
fn for_each_fixture(folder: &str, mut check: impl FnMut(&Path)) {
    for path in txt_files(folder) {
        let mut settings = insta::Settings::clone_current();
        settings.set_snapshot_suffix(file_name(&path));
        settings.set_input_file(&path);
        settings.bind(|| check(&path));
    }
}

/// `arrows::solve(board)`, or a failed test naming the likely cause when it has not
/// returned within 30 s.
#[track_caller]
fn solved(board: &Board) -> Option<Vec<(usize, usize)>> {
    let what = format!("arrows::solve on a {}x{} board", board.rows(), board.cols());
    let board = board.clone();
    deadline::within(30, &what, Cause::ArrowsSolve, move || arrows::solve(&board))
}

/// `arrows::generate` (provided, but it calls your `solve` on every board it tries),
/// with a deadline of a minute.
#[track_caller]
fn generated(rows: usize, cols: usize, min_moves: usize, seed: u64) -> Result<Board, ArrowsError> {
    let what = format!("arrows::generate({rows}, {cols}, {min_moves}) with seed {seed}");
    deadline::within(60, &what, Cause::ArrowsSolve, move || {
        arrows::generate(rows, cols, min_moves, &mut MazeRng::seed_from_u64(seed))
    })
}

// ---------------------------------------------------------------- the rules, written again

/// The state of a player: where she stands and whether she moves backward.
type State = (usize, usize, bool);

/// Where a player in `state` may stop next, nearest first, and the state she is
/// then in: the rules of the puzzle, written without the library's graph.
fn moves_from(board: &Board, (row, col, backward): State) -> Vec<State> {
    let Square::Arrow { color, arrow, .. } = *board.square(row, col) else {
        return Vec::new();
    };
    let line = if backward { arrow.opposite() } else { arrow };
    let (dr, dc) = line.step();
    let mut stops = Vec::new();
    for distance in 1.. {
        let (r, c) = (row as i32 + distance * dr, col as i32 + distance * dc);
        if !board.contains(r, c) {
            break;
        }
        let (r, c) = (r as usize, c as usize);
        match *board.square(r, c) {
            Square::Target => stops.push((r, c, false)),
            Square::Arrow {
                color: other,
                circled,
                ..
            } if other != color => stops.push((r, c, backward ^ circled)),
            Square::Arrow { .. } => {}
        }
    }
    stops
}

/// Checks that `path` is a legal way from (1,1) to the target, move by move.
fn check_legal(board: &Board, path: &[(usize, usize)]) {
    assert_eq!(path.first(), Some(&(1, 1)), "{path:?}");
    assert_eq!(path.last(), Some(&board.target()), "{path:?}");
    let mut state = (1, 1, false);
    for (step, &(row, col)) in path.iter().enumerate().skip(1) {
        let next = moves_from(board, state)
            .into_iter()
            .find(|&(r, c, _)| (r, c) == (row, col))
            .unwrap_or_else(|| {
                panic!("move {step} to ({row},{col}) is not allowed from {state:?}")
            });
        state = next;
    }
}

/// The fewest moves from (1,1) to the target, by a search over states written here;
/// `None` when the target cannot be reached. With `avoid_circles`, the player may
/// not stop on a circled square.
fn fewest_moves(board: &Board, avoid_circles: bool) -> Option<usize> {
    let mut distance = std::collections::HashMap::from([((1, 1, false), 0)]);
    let mut queue = VecDeque::from([(1, 1, false)]);
    while let Some(state) = queue.pop_front() {
        if (state.0, state.1) == board.target() {
            return Some(distance[&state]);
        }
        for next in moves_from(board, state) {
            let circled = matches!(
                board.square(next.0, next.1),
                Square::Arrow { circled: true, .. }
            );
            if (avoid_circles && circled) || distance.contains_key(&next) {
                continue;
            }
            distance.insert(next, distance[&state] + 1);
            queue.push_back(next);
        }
    }
    None
}

/// Checks what `solve` returns for `board` against the rules written here.
fn check_solution(board: &Board, name: &str) -> Option<Vec<(usize, usize)>> {
    let path = solved(board);
    match (&path, fewest_moves(board, false)) {
        (Some(path), Some(fewest)) => {
            check_legal(board, path);
            assert_eq!(path.len() - 1, fewest, "{name}: not a shortest path");
        }
        (None, None) => {}
        (found, fewest) => panic!("{name}: solve gave {found:?}, the fewest moves are {fewest:?}"),
    }
    path
}

// ---------------------------------------------------------------- fixtures

#[test]
fn every_fixture_is_solved_by_a_legal_shortest_path() {
    for path in txt_files("arrows") {
        let name = file_name(&path);
        check_solution(&board(&name), &name);
    }
}

#[test]
fn every_fixture_drawing_and_path_matches_its_snapshot() {
    for_each_fixture("arrows", |path| {
        let board = board(&file_name(path));
        let solution = solved(&board);
        let text = format!(
            "{}\n{}\n",
            draw::text(&board, false),
            draw::path_line(solution.as_deref())
        );
        insta::assert_snapshot!("solution", text);
    });
}

#[test]
fn every_fixture_is_written_back_as_it_was_read() {
    for path in txt_files("arrows") {
        let text = fs::read_to_string(&path).unwrap();
        let board = arrows::parse(&text).unwrap();
        assert_eq!(arrows::parse(&arrows::write(&board)).unwrap(), board);
        assert_eq!(arrows::write(&board), text, "{}", path.display());
    }
}

#[test]
fn the_generated_fixtures_come_from_their_seeds() {
    for (name, rows, cols, min_moves, seed) in GENERATED {
        let board = generated(rows, cols, min_moves, seed).unwrap();
        let text = fs::read_to_string(fixtures().join("arrows").join(name)).unwrap();
        assert_eq!(arrows::write(&board), text, "{name}");
    }
}

#[test]
fn the_sample_needs_at_least_15_moves_and_a_circle() {
    let sample = board("sample.txt");
    assert_eq!((sample.rows(), sample.cols()), (7, 7));
    let path = check_solution(&sample, "sample").unwrap();
    assert!(path.len() > 15, "{} moves", path.len() - 1);
    assert_eq!(
        fewest_moves(&sample, true),
        None,
        "a way that avoids every circle"
    );
}

#[test]
fn the_sample_path_is_the_one_bfs_finds_first() {
    let path = solved(&board("sample.txt")).unwrap();
    assert_eq!(
        draw::path_line(Some(&path)),
        "(1,1) (3,1) (3,5) (4,6) (7,6) (6,6) (6,4) (3,4) (2,5) (4,3) (4,4) (2,4) (5,4) (3,6) \
         (5,4) (7,2) (7,7) (7,1) (1,7) (1,5) (5,5)"
    );
}

#[test]
fn the_hand_made_fixtures_show_what_they_are_named_after() {
    assert_eq!(solved(&board("one_by_two.txt")), Some(vec![(1, 1), (1, 2)]));
    assert_eq!(solved(&board("unsolvable.txt")), None);

    // The shortest way stops on the circled (1,2) and turns round; a way without a
    // turn exists, but is a move longer.
    let reversal = board("reversal.txt");
    assert_eq!(solved(&reversal), Some(vec![(1, 1), (1, 2), (3, 2)]));
    assert_eq!(fewest_moves(&reversal, true), Some(3));
}

#[test]
fn a_non_square_board_prints_columns_beyond_the_row_count() {
    // The source printed a column as (index % rows) + 1: right only on square
    // boards. Here the target is in column 9 of a 4-row board.
    let board = board("non_square_4x9.txt");
    let path = check_solution(&board, "non_square_4x9").unwrap();
    assert_eq!(path.last(), Some(&(4, 9)));
    assert!(draw::path_line(Some(&path)).ends_with("(3,9) (4,9)"));
}

#[test]
fn the_graph_of_the_reversal_board_has_the_edges_of_the_rules() {
    let board = board("reversal.txt");
    let graph = Graph::new(&board);
    assert_eq!(graph.node_count(), 18);
    for index in 0..graph.node_count() {
        let node = graph.node(index);
        let expected: Vec<Node> = if (node.row, node.col) == board.target() {
            Vec::new()
        } else {
            moves_from(&board, (node.row, node.col, node.backward))
                .into_iter()
                .map(|(row, col, backward)| Node { row, col, backward })
                .collect()
        };
        assert_eq!(graph.neighbors(node), expected, "{node:?}");
    }
    assert_eq!(
        graph.neighbors(Node::forward(1, 1)),
        vec![Node::backward(1, 2), Node::forward(1, 3)]
    );
}

// ---------------------------------------------------------------- invalid files

/// `error` with the words of its `what` field (which §10.1 leaves to you) replaced
/// by `_`: what is left is what the grader compares, the rule (the `Problem`
/// variant), the place and the values of the other fields.
fn without_your_words(error: &ArrowsError) -> ArrowsError {
    let problem = match error.problem().clone() {
        Problem::BadNumber { found, .. } => Problem::BadNumber { what: "_", found },
        Problem::MissingValue { .. } => Problem::MissingValue { what: "_" },
        Problem::OutsideBoard { value, max, .. } => Problem::OutsideBoard {
            what: "_",
            value,
            max,
        },
        other => other,
    };
    match (error.line(), error.column()) {
        (Some(line), Some(column)) => ArrowsError::in_file(line, column, problem),
        _ => ArrowsError::Board(problem),
    }
}

#[test]
fn every_invalid_fixture_gives_its_rule_place_and_fields() {
    for_each_fixture("invalid/arrows", |path| {
        let text = fs::read_to_string(path).unwrap();
        let error = match arrows::parse(&text) {
            Ok(_) => panic!("{} was read as a board", path.display()),
            Err(error) => error,
        };
        assert!(
            error.line().is_some() && error.column().is_some(),
            "{error}"
        );
        // Your message is printed when the snapshot differs, but not compared.
        insta::with_settings!({ description => format!("your message: {error}") }, {
            insta::assert_debug_snapshot!("error", without_your_words(&error));
        });
    });
}

#[test]
fn every_invalid_fixture_breaks_the_rule_it_is_named_after() {
    let expected = [
        ("arrow_square_with_x.txt", "MissingArrow", 3),
        ("bad_arrow.txt", "BadArrow", 3),
        ("bad_circle.txt", "BadCircle", 2),
        ("bad_color.txt", "BadColor", 2),
        ("circled_target.txt", "CircledTarget", 5),
        ("col_outside.txt", "OutsideBoard", 4),
        ("duplicate_square.txt", "DuplicateSquare", 5),
        ("empty.txt", "Empty", 1),
        ("extra_value.txt", "ExtraValue", 4),
        ("missing_square.txt", "MissingSquare", 5),
        ("no_target.txt", "NoTarget", 6),
        ("row_not_a_number.txt", "BadNumber", 3),
        ("row_outside.txt", "OutsideBoard", 3),
        ("short_line.txt", "MissingValue", 3),
        ("size_extra_value.txt", "ExtraValue", 1),
        ("size_missing_cols.txt", "MissingValue", 1),
        ("size_not_a_number.txt", "BadNumber", 1),
        ("size_too_large.txt", "SizeOutOfRange", 1),
        ("size_zero.txt", "SizeOutOfRange", 1),
        ("target_with_arrow.txt", "TargetWithArrow", 5),
        ("two_targets.txt", "TwoTargets", 5),
    ];
    let files: Vec<String> = txt_files("invalid/arrows")
        .iter()
        .map(|path| file_name(path))
        .collect();
    assert_eq!(
        files,
        expected.map(|(name, _, _)| name.to_owned()),
        "one file per rule"
    );
    for (name, kind, line) in expected {
        let text = fs::read_to_string(fixtures().join("invalid/arrows").join(name)).unwrap();
        let error = arrows::parse(&text).unwrap_err();
        assert_eq!((error.kind(), error.line()), (kind, Some(line)), "{name}");
    }
}

/// Characters a mutation may put into a file: the format's own, and ones it must
/// refuse without panicking.
const MUTATION_CHARACTERS: [char; 16] = [
    '0', '1', '2', '9', ' ', '\t', '\n', '\r', 'R', 'B', 'X', 'C', 'N', 'E', 'é', '\u{feff}',
];

/// One random change: replace, delete or insert a character, delete or repeat a line,
/// or cut the text short.
fn mutate(text: &str, rng: &mut MazeRng) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let last = chars.len() as i32; // fixtures are far smaller than i32::MAX characters
    let at = rng.in_range(0..=last) as usize;
    let character = *rng.pick(&MUTATION_CHARACTERS).unwrap();
    match rng.in_range(0..=5) {
        0 if at < chars.len() => chars[at] = character,
        1 if at < chars.len() => {
            chars.remove(at);
        }
        2 => chars.insert(at, character),
        3 | 4 => {
            let mut lines: Vec<&str> = text.split_inclusive('\n').collect();
            if !lines.is_empty() {
                let line = rng.in_range(0..=lines.len() as i32 - 1) as usize;
                if rng.chance() < 0.5 {
                    lines.remove(line);
                } else {
                    lines.insert(line, lines[line]);
                }
            }
            return lines.concat();
        }
        _ => chars.truncate(at),
    }
    chars.into_iter().collect()
}

#[test]
fn parse_never_panics_on_mutated_files() {
    let sources: Vec<String> = ["one_by_two.txt", "reversal.txt", "unsolvable.txt"]
        .iter()
        .map(|name| fs::read_to_string(fixtures().join("arrows").join(name)).unwrap())
        .collect();
    let mut rng = MazeRng::seed_from_u64(2025);
    let (mut accepted, mut refused) = (0, 0);
    for _ in 0..3000 {
        let mut text = rng.pick(&sources).unwrap().clone();
        for _ in 0..rng.in_range(1..=2) {
            text = mutate(&text, &mut rng);
        }
        match arrows::parse(&text) {
            Ok(board) => {
                accepted += 1;
                assert_eq!(arrows::parse(&arrows::write(&board)).unwrap(), board);
                check_solution(&board, &format!("{text:?}"));
            }
            Err(error) => {
                refused += 1;
                let lines = text.split('\n').count();
                let line = error.line().expect("a file error has a line");
                assert!(line >= 1 && line <= lines + 1, "{error} in {text:?}");
                assert!(error.column().is_some_and(|column| column >= 1));
            }
        }
    }
    assert!(
        accepted > 100 && refused > 1000,
        "accepted {accepted}, refused {refused}"
    );
}

// ---------------------------------------------------------------- generator

#[test]
fn generated_boards_are_solvable_with_enough_moves_through_a_circle() {
    for (rows, cols, min_moves) in [(3, 3, 4), (4, 6, 8), (7, 7, 15), (10, 5, 10)] {
        for seed in 0..4 {
            let board = generated(rows, cols, min_moves, seed)
                .unwrap_or_else(|error| panic!("{rows}x{cols} seed {seed}: {error}"));
            assert_eq!((board.rows(), board.cols()), (rows, cols));
            let name = format!("{rows}x{cols} seed {seed}");
            let path = check_solution(&board, &name).expect("solvable");
            assert!(path.len() > min_moves, "{name}: {} moves", path.len() - 1);
            assert!(
                path[1..].iter().any(|&(r, c)| matches!(
                    board.square(r, c),
                    Square::Arrow { circled: true, .. }
                )),
                "{name}: no circle on the path"
            );
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_board() {
    let make = |seed| generated(6, 8, 10, seed).unwrap();
    assert_eq!(make(5), make(5));
    assert_ne!(make(5), make(6));
}

// ---------------------------------------------------------------- command line

fn maze_command() -> assert_cmd::Command {
    let mut command = assert_cmd::Command::new(env!("CARGO_BIN_EXE_maze"));
    // A search that never ends is killed rather than left to hang.
    command
        .current_dir(fixtures())
        .env_remove("NO_COLOR")
        .timeout(Duration::from_secs(60));
    command
}

fn stdout_of(output: &std::process::Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// Runs `maze` with `args`, expects exit code 2, nothing on stdout and one line on
/// stderr, and returns that line.
fn error_of(args: &[&str]) -> String {
    let output = maze_command().args(args).output().unwrap();
    assert_eq!(output.status.code(), Some(2), "{args:?}");
    assert!(output.stdout.is_empty(), "{args:?} wrote to stdout");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "not one line: {stderr}");
    assert!(stderr.starts_with("error: "), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr.trim_end().to_owned()
}

#[test]
fn maze_arrows_prints_the_board_and_the_path_last() {
    let output = maze_command()
        .args(["arrows", "arrows/sample.txt"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let stdout = stdout_of(&output);
    let board = board("sample.txt");
    let path = solved(&board);
    assert_eq!(
        stdout.lines().last(),
        Some(draw::path_line(path.as_deref()).as_str())
    );
    assert!(
        !stdout.contains('\x1b'),
        "no colour when stdout is not a terminal"
    );
    insta::assert_snapshot!(stdout);
}

#[test]
fn maze_arrows_says_when_there_is_no_solution() {
    let output = maze_command()
        .args(["arrows", "arrows/unsolvable.txt"])
        .output()
        .unwrap();
    assert!(output.status.success());
    assert_eq!(
        stdout_of(&output).lines().last(),
        Some("No solution exists")
    );
}

#[test]
fn maze_arrows_writes_pictures_to_a_file_and_the_path_to_stdout() {
    let folder = tempfile::tempdir().unwrap();
    // The graph is drawn without solving the board (so before §10.3 is written):
    // it has no path line to print.
    for (format, path_line) in [("svg", "(1,1) (1,2) (3,2)\n"), ("graph-svg", "")] {
        let file = folder.path().join(format!("{format}.svg"));
        let output = maze_command()
            .args([
                "arrows",
                "arrows/reversal.txt",
                "--format",
                format,
                "--output",
            ])
            .arg(&file)
            .output()
            .unwrap();
        assert!(output.status.success(), "{format}");
        assert_eq!(stdout_of(&output), path_line, "{format}");
        let picture = fs::read_to_string(&file).unwrap();
        assert!(picture.starts_with("<svg ") && picture.ends_with("</svg>\n"));
    }
    let output = maze_command()
        .args(["arrows", "arrows/reversal.txt", "--format", "svg"])
        .output()
        .unwrap();
    assert!(stdout_of(&output).starts_with("<svg "));
}

#[test]
fn maze_arrows_with_a_bad_file_names_file_line_and_column() {
    assert_eq!(
        error_of(&["arrows", "invalid/arrows/bad_color.txt"]),
        "error: invalid/arrows/bad_color.txt:2:5: expected the colour R (red), B (blue) \
         or X (the target), found `G`"
    );
    let missing = error_of(&["arrows", "arrows/no_such_file.txt"]);
    assert!(
        missing.starts_with("error: reading arrows/no_such_file.txt: "),
        "{missing}"
    );
}

#[test]
fn maze_arrows_refuses_bad_arguments_on_one_line() {
    error_of(&["arrows"]);
    error_of(&["arrows", "arrows/sample.txt", "--generate", "5"]);
    error_of(&["arrows", "arrows/sample.txt", "--rows", "5"]);
    error_of(&["arrows", "arrows/sample.txt", "--format", "png"]);
    assert_eq!(
        error_of(&["arrows", "--generate", "0"]),
        "error: a board size of 0 is not allowed; rows and columns must each be from 1 to 200"
    );
    assert_eq!(
        error_of(&["arrows", "--generate", "5", "--cols", "201", "--seed", "1"]),
        "error: a board size of 201 is not allowed; rows and columns must each be from 1 to 200"
    );
    assert_eq!(
        error_of(&["arrows", "--generate", "2", "--min-moves", "-1"]),
        "error: --min-moves -1 is negative; it must be 0 or more"
    );
    let too_many = error_of(&[
        "arrows",
        "--generate",
        "2",
        "--min-moves",
        "9",
        "--seed",
        "1",
    ]);
    assert!(
        too_many.starts_with("error: could not make a 2x2 board"),
        "{too_many}"
    );
    let too_large = error_of(&[
        "arrows",
        "arrows/generated_12x12_seed3.txt",
        "--format",
        "graph-svg",
    ]);
    assert!(too_large.contains("at most 8x8"), "{too_large}");
}

#[test]
fn maze_arrows_generate_writes_the_board_of_its_seed() {
    let output = maze_command()
        .args([
            "arrows",
            "--generate",
            "5",
            "--rows",
            "4",
            "--min-moves",
            "6",
            "--seed",
            "11",
        ])
        .output()
        .unwrap();
    assert!(output.status.success());
    assert!(output.stderr.is_empty(), "a given seed is not printed");
    let board = generated(4, 5, 6, 11).unwrap();
    assert_eq!(stdout_of(&output), arrows::write(&board));

    let output = maze_command()
        .args(["arrows", "--generate", "4"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let stderr = String::from_utf8(output.stderr.clone()).unwrap();
    let seed: u64 = stderr
        .strip_prefix("seed: ")
        .and_then(|rest| rest.trim_end().parse().ok())
        .unwrap_or_else(|| panic!("no seed on stderr: {stderr:?}"));
    let board = generated(4, 4, 8, seed).unwrap();
    assert_eq!(stdout_of(&output), arrows::write(&board));
}
