//! The `maze` binary run as a user runs it: `maze generate` and `maze solve` with
//! their formats, files and errors.

use std::collections::VecDeque;
use std::path::Path;
use std::time::Duration;

use assert_cmd::Command;
use serde_json::Value;

/// The `maze` binary of this package. A solver or generator that never ends is
/// killed after a minute rather than left to hang the test.
fn maze() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_maze"));
    command.timeout(Duration::from_secs(60));
    command
}

/// The path of a file under `tests/data/`.
fn data(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
        .display()
        .to_string()
}

/// Runs `command`, expects success, and returns its stdout.
fn stdout_of(command: &mut Command) -> String {
    let output = command.output().unwrap();
    assert!(
        output.status.success(),
        "{command:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// Runs `command`, expects exit code 2 with nothing on stdout and exactly one line
/// on stderr, and returns that line.
fn error_of(command: &mut Command) -> String {
    let output = command.output().unwrap();
    assert_eq!(output.status.code(), Some(2), "{command:?}");
    assert!(output.stdout.is_empty(), "{command:?} wrote to stdout");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "not one line: {stderr}");
    assert!(stderr.starts_with("error: "), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr.trim_end().to_string()
}

/// Checks Maze JSON the way a person would, without the library: every cell can be
/// reached from the start through open walls, there are exactly cells − 1 passages
/// (so no loop), and the solution walks from the start to the end without crossing
/// a wall. Returns the solution's length.
fn check_solved_perfect_maze(json: &str) -> usize {
    let maze: Value = serde_json::from_str(json).unwrap();
    let width = maze["width"].as_i64().unwrap();
    let height = maze["height"].as_i64().unwrap();
    let walls = |x: i64, y: i64| maze["walls"][y as usize][x as usize].as_u64().unwrap();
    let steps = [
        ("N", 1, 0, -1),
        ("S", 2, 0, 1),
        ("E", 4, 1, 0),
        ("W", 8, -1, 0),
    ];
    let start = (
        maze["start"]["x"].as_i64().unwrap(),
        maze["start"]["y"].as_i64().unwrap(),
    );
    let end = (
        maze["end"]["x"].as_i64().unwrap(),
        maze["end"]["y"].as_i64().unwrap(),
    );

    let mut passages = 0;
    for y in 0..height {
        for x in 0..width {
            passages += u64::from(x + 1 < width && walls(x, y) & 4 == 0);
            passages += u64::from(y + 1 < height && walls(x, y) & 2 == 0);
        }
    }
    assert_eq!(
        passages,
        (width * height - 1) as u64,
        "a perfect maze has cells − 1 passages"
    );

    let mut seen = vec![start];
    let mut queue = VecDeque::from([start]);
    while let Some((x, y)) = queue.pop_front() {
        for (_, bit, dx, dy) in steps {
            let next = (x + dx, y + dy);
            if walls(x, y) & bit == 0 && !seen.contains(&next) {
                seen.push(next);
                queue.push_back(next);
            }
        }
    }
    assert_eq!(seen.len() as i64, width * height, "every cell is reachable");

    let solution = maze["solution"].as_array().expect("a solution");
    let mut position = start;
    for step in solution {
        let (_, bit, dx, dy) = steps
            .into_iter()
            .find(|s| s.0 == step)
            .expect("N, S, E or W");
        assert_eq!(
            walls(position.0, position.1) & bit,
            0,
            "step {step} through a wall"
        );
        position = (position.0 + dx, position.1 + dy);
    }
    assert_eq!(position, end, "the solution ends at the end");
    solution.len()
}

mod generate {
    use super::*;

    #[test]
    fn text_is_the_default_format() {
        let text =
            stdout_of(maze().args(["generate", "--width", "6", "--height", "5", "--seed", "1"]));
        assert!(text.starts_with("+---+---+---+---+---+---+\n"), "{text}");
        assert_eq!(text.lines().count(), 11);
        assert_eq!(text.matches('S').count(), 1);
        assert_eq!(text.matches('E').count(), 1);
    }

    #[test]
    fn every_format_draws_the_maze() {
        for (format, beginning) in [
            ("text", "+---"),
            ("unicode", "┌───"),
            ("svg", "<svg "),
            ("json", "{"),
        ] {
            let output = stdout_of(maze().args(["generate", "--seed", "2", "--format", format]));
            assert!(output.starts_with(beginning), "{format}: {output}");
            assert!(output.ends_with('\n'), "{format}");
        }
    }

    #[test]
    fn json_describes_a_perfect_maze_without_a_solution() {
        let json = stdout_of(maze().args([
            "generate", "--width", "17", "--height", "9", "--seed", "3", "--format", "json",
        ]));
        let value: Value = serde_json::from_str(&json).unwrap();
        assert_eq!(value["width"], 17);
        assert_eq!(value["height"], 9);
        assert!(value.get("solution").is_none());
    }

    #[test]
    fn the_same_seed_gives_the_same_maze() {
        let args = [
            "generate", "--width", "20", "--height", "10", "--seed", "77",
        ];
        assert_eq!(stdout_of(maze().args(args)), stdout_of(maze().args(args)));
    }

    #[test]
    fn without_a_seed_the_seed_used_is_printed_and_makes_the_same_maze() {
        let output = maze()
            .args(["generate", "--format", "json"])
            .output()
            .unwrap();
        assert!(output.status.success());
        let stderr = String::from_utf8(output.stderr).unwrap();
        let seed = stderr
            .trim()
            .strip_prefix("seed: ")
            .expect("seed: N on stderr");
        let again = stdout_of(maze().args(["generate", "--format", "json", "--seed", seed]));
        assert_eq!(String::from_utf8(output.stdout).unwrap(), again);
    }

    #[test]
    fn output_writes_the_file_and_nothing_to_stdout() {
        let directory = tempfile::tempdir().unwrap();
        let path = directory.path().join("maze.svg");
        let stdout = stdout_of(
            maze()
                .args(["generate", "--seed", "4", "--format", "svg", "--output"])
                .arg(&path),
        );
        assert!(stdout.is_empty());
        let written = std::fs::read_to_string(&path).unwrap();
        assert_eq!(
            written,
            stdout_of(maze().args(["generate", "--seed", "4", "--format", "svg"]))
        );
        // Nothing else is left in the directory: the temporary file was renamed.
        assert_eq!(std::fs::read_dir(directory.path()).unwrap().count(), 1);
    }

    #[test]
    fn output_replaces_an_existing_file() {
        let directory = tempfile::tempdir().unwrap();
        let path = directory.path().join("maze.txt");
        std::fs::write(&path, "old").unwrap();
        stdout_of(
            maze()
                .args(["generate", "--seed", "4", "--output"])
                .arg(&path),
        );
        assert!(std::fs::read_to_string(&path).unwrap().starts_with("+---"));
    }

    #[test]
    fn output_into_a_missing_directory_fails_naming_the_path() {
        let directory = tempfile::tempdir().unwrap();
        let path = directory.path().join("no such directory").join("maze.txt");
        // Without --seed: the seed is only printed when all went well, so the error
        // stays the one line on stderr.
        let message = error_of(maze().args(["generate", "--output"]).arg(&path));
        assert!(
            message.contains(&format!("writing {}", path.display())),
            "{message}"
        );
        assert!(!directory.path().join("no such directory").exists());
    }

    #[test]
    fn width_4_fails_with_the_allowed_range() {
        let message = error_of(maze().args(["generate", "--width", "4"]));
        assert_eq!(message, "error: width 4 is outside 5..=50");
    }

    #[test]
    fn height_51_fails_with_the_allowed_range() {
        let message = error_of(maze().args(["generate", "--height", "51", "--seed", "1"]));
        assert_eq!(message, "error: height 51 is outside 5..=50");
    }

    #[test]
    fn a_negative_width_fails_like_any_other_bad_width() {
        let message = error_of(maze().args(["generate", "--width", "-3", "--seed", "1"]));
        assert!(message.contains("5..=50"), "{message}");
    }

    #[test]
    fn complexity_outside_zero_to_one_fails_with_the_allowed_range() {
        let message = error_of(maze().args(["generate", "--complexity", "1.5", "--seed", "1"]));
        assert!(
            message.contains("complexity 1.5 is outside 0..=1"),
            "{message}"
        );
    }
}

mod solve {
    use super::*;

    #[test]
    fn json_output_is_a_perfect_maze_whose_solution_walks_from_start_to_end() {
        for (width, height, seed) in [
            ("5", "5", "1"),
            ("12", "7", "2"),
            ("5", "12", "3"),
            ("50", "50", "4"),
        ] {
            let json = stdout_of(maze().args([
                "solve", "--width", width, "--height", height, "--seed", seed, "--format", "json",
            ]));
            assert!(check_solved_perfect_maze(&json) > 0);
        }
    }

    #[test]
    fn solving_draws_the_path() {
        let text =
            stdout_of(maze().args(["solve", "--width", "12", "--height", "7", "--seed", "42"]));
        assert!(text.contains(" . "), "{text}");
        let svg = stdout_of(maze().args(["solve", "--seed", "42", "--format", "svg"]));
        assert!(svg.contains("<polyline"));
    }

    #[test]
    fn a_generated_file_is_read_back_and_solved() {
        let directory = tempfile::tempdir().unwrap();
        let path = directory.path().join("maze.json");
        stdout_of(
            maze()
                .args([
                    "generate", "--width", "9", "--height", "6", "--seed", "5", "--format", "json",
                    "--output",
                ])
                .arg(&path),
        );
        let from_file = stdout_of(
            maze()
                .args(["solve", "--format", "json", "--input"])
                .arg(&path),
        );
        let direct = stdout_of(maze().args([
            "solve", "--width", "9", "--height", "6", "--seed", "5", "--format", "json",
        ]));
        assert_eq!(from_file, direct);
        check_solved_perfect_maze(&from_file);
    }

    #[test]
    fn the_comb_is_solved_up_across_and_down() {
        insta::assert_snapshot!(stdout_of(maze().args(["solve", "--input", &data("comb.json")])), @r"
        +---+---+---+---+---+
        | .   .   .   .   . |
        +   +   +   +   +   +
        | . |   |   |   | . |
        +   +   +   +   +   +
        | . |   |   |   | . |
        +   +   +   +   +   +
        | . |   |   |   | . |
        +   +   +   +   +   +
        | S |   |   |   | E |
        +---+---+---+---+---+
        ");
    }

    #[test]
    fn an_asymmetric_wall_fails_naming_the_file_and_the_cell() {
        let path = data("asymmetric.json");
        let message = error_of(maze().args(["solve", "--input", &path]));
        assert_eq!(
            message,
            format!(
                "error: reading {path}: walls between (3, 2) and (4, 2) disagree: \
                 (3, 2) has no east wall but (4, 2) has a west wall"
            )
        );
    }

    #[test]
    fn a_missing_file_fails_naming_the_path() {
        let directory = tempfile::tempdir().unwrap();
        let path = directory.path().join("nowhere.json");
        let message = error_of(maze().args(["solve", "--input"]).arg(&path));
        assert!(
            message.starts_with(&format!("error: reading {}: ", path.display())),
            "{message}"
        );
    }

    #[test]
    fn a_file_that_is_not_json_fails_with_line_and_column() {
        let directory = tempfile::tempdir().unwrap();
        let path = directory.path().join("broken.json");
        std::fs::write(&path, "{\n  \"width\": 5\n  \"height\": 5\n}\n").unwrap();
        let message = error_of(maze().args(["solve", "--input"]).arg(&path));
        assert!(message.contains("line 3 column 3"), "{message}");
    }

    #[test]
    fn garbage_input_names_the_problem_once() {
        let directory = tempfile::tempdir().unwrap();
        let path = directory.path().join("garbage.json");
        std::fs::write(&path, "garbage\n").unwrap();
        let message = error_of(maze().args(["solve", "--input"]).arg(&path));
        assert_eq!(
            message,
            format!(
                "error: reading {}: not valid Maze JSON: expected value at line 1 column 1",
                path.display()
            )
        );
    }

    #[test]
    fn input_and_generation_options_do_not_mix() {
        let output = maze()
            .args(["solve", "--input", &data("comb.json"), "--seed", "1"])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2));
        assert!(
            String::from_utf8(output.stderr)
                .unwrap()
                .contains("cannot be used with")
        );
    }

    #[test]
    fn width_4_fails_with_the_allowed_range() {
        let message = error_of(maze().args(["solve", "--width", "4"]));
        assert!(message.contains("5..=50"), "{message}");
    }
}

/// Parts 3 and 4 on the command line: `--algorithm`, `--favor`, `--root` and
/// `--solver`, whose values come from the library's lists.
mod algorithms {
    use super::*;
    use maze::generate::GENERATORS;
    use maze::solver::SOLVERS;
    use maze::texture::{Favor, Root};

    #[test]
    fn backtracker_is_the_default_algorithm_and_draws_as_before() {
        let default = stdout_of(maze().args(["generate", "--seed", "1"]));
        let named =
            stdout_of(maze().args(["generate", "--seed", "1", "--algorithm", "backtracker"]));
        assert_eq!(default, named);
        // The handout's figure of Part 1, made before Part 3 existed.
        let figure = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../handout/src/figures/generate-12x8-seed1.txt");
        assert_eq!(default, std::fs::read_to_string(figure).unwrap());
    }

    #[test]
    fn every_algorithm_makes_a_perfect_maze_in_every_format() {
        for generator in GENERATORS {
            let name = generator.name();
            for format in ["text", "unicode", "svg"] {
                let drawing = stdout_of(maze().args([
                    "generate",
                    "--algorithm",
                    name,
                    "--seed",
                    "5",
                    "--format",
                    format,
                ]));
                assert!(!drawing.is_empty(), "{name} {format}");
            }
            for solver in SOLVERS {
                let json = stdout_of(maze().args([
                    "solve",
                    "--algorithm",
                    name,
                    "--solver",
                    solver.name(),
                    "--seed",
                    "5",
                    "--width",
                    "17",
                    "--height",
                    "9",
                    "--format",
                    "json",
                ]));
                check_solved_perfect_maze(&json);
            }
        }
    }

    #[test]
    fn every_favor_and_root_is_accepted_and_changes_the_maze() {
        let mut drawings = Vec::new();
        for favor in Favor::ALL {
            for root in Root::ALL {
                let json = stdout_of(maze().args([
                    "solve",
                    "--algorithm",
                    "weighted",
                    "--favor",
                    favor.name(),
                    "--root",
                    root.name(),
                    "--seed",
                    "3",
                    "--format",
                    "json",
                ]));
                check_solved_perfect_maze(&json);
                drawings.push(json);
            }
        }
        drawings.sort();
        drawings.dedup();
        assert_eq!(drawings.len(), Favor::ALL.len() * Root::ALL.len());
    }

    #[test]
    fn both_solvers_draw_the_same_path() {
        let parallel = stdout_of(maze().args(["solve", "--algorithm", "prim", "--seed", "2"]));
        let backtrack = stdout_of(maze().args([
            "solve",
            "--algorithm",
            "prim",
            "--seed",
            "2",
            "--solver",
            "backtrack",
        ]));
        assert_eq!(parallel, backtrack);
        assert!(parallel.contains(" . "), "{parallel}");
    }

    #[test]
    fn a_file_is_solved_by_backtracking() {
        let json = stdout_of(maze().args([
            "solve",
            "--input",
            &data("comb.json"),
            "--solver",
            "backtrack",
            "--format",
            "json",
        ]));
        check_solved_perfect_maze(&json);
    }

    #[test]
    fn an_unknown_algorithm_fails_in_one_line() {
        let message = error_of(maze().args(["generate", "--algorithm", "kruskal"]));
        assert!(message.contains("kruskal"), "{message}");
        insta::assert_snapshot!(message);
    }

    #[test]
    fn an_unknown_favor_fails_in_one_line() {
        let message =
            error_of(maze().args(["generate", "--algorithm", "weighted", "--favor", "diagonal"]));
        assert!(message.contains("diagonal"), "{message}");
    }

    #[test]
    fn algorithm_and_input_do_not_mix() {
        let output = maze()
            .args([
                "solve",
                "--input",
                &data("comb.json"),
                "--algorithm",
                "prim",
            ])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2));
        assert!(
            String::from_utf8(output.stderr)
                .unwrap()
                .contains("cannot be used with")
        );
    }
}

/// The long options a `--help` text lists (`--width`, …), `--help` left out: the
/// first word of each line that starts with `--` (a line of possible values starts
/// with `- ` and may name other options in passing).
fn options_of(help: &str) -> Vec<String> {
    help.lines()
        .map(str::trim_start)
        .filter(|line| line.starts_with("--"))
        .filter_map(|line| line.split([' ', '=', '<']).next())
        .filter(|&option| option != "--help")
        .map(str::to_owned)
        .collect()
}

/// The handout's driver reference (§11) has a section on every subcommand that
/// `maze --help` lists, naming each of its options: a student finds there every
/// option the driver takes.
#[test]
fn the_handouts_driver_reference_names_every_subcommand_and_option() {
    let chapter = Path::new(env!("CARGO_MANIFEST_DIR")).join("../handout/src/11-running.md");
    let text = std::fs::read_to_string(&chapter).unwrap();
    let help = stdout_of(maze().arg("--help"));
    let commands: Vec<&str> = help
        .lines()
        .skip_while(|line| !line.starts_with("Commands:"))
        .skip(1)
        .take_while(|line| line.starts_with("  "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|&command| command != "help")
        .collect();
    assert!(commands.contains(&"generate"), "{help}");
    for command in commands {
        let heading = format!("### `maze {command}`");
        let section = text
            .split(&heading)
            .nth(1)
            .unwrap_or_else(|| panic!("§11 has no section {heading:?}"));
        let section = section.split("\n#").next().unwrap();
        for option in options_of(&stdout_of(maze().args([command, "--help"]))) {
            assert!(
                section.contains(&format!("`{option}")),
                "§11's {heading} does not name {option}"
            );
        }
    }
}
