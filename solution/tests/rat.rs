//! Part 2 as a whole: the source's sample run, the fixture files (reports and error
//! messages snapshotted with insta), properties of generated mazes and searches,
//! a mutation test of the reader, and the `maze rat` command line.
//!
//! The unit tests of each piece (stack, queue, disjoint set, rooms, reader, searches,
//! report) live next to it in `src/rat/`.

mod deadline;

use std::collections::VecDeque;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use deadline::Cause;
use maze::rat::{self, RatMaze, SearchResult};
use maze::{Direction, MazeRng};

/// The source's sample run, for the maze reconstructed in fixtures/rat/sample.txt.
const SAMPLE_REPORT: &str = "\
Rooms visited by BFS: 0 5 10 11 12 17 13 22 8 18 14 21 7 23 9 19 16 20 2 6 24

This is the path (in reverse): 24 23 18 13 12 11 10 5 0

This is the path.
X
X
X X X X
      X
      X X

Rooms visited by DFS: 0 5 10 11 12 13 14 19 9 4 3 18 23 24

This is the path (in reverse): 24 23 18 13 12 11 10 5 0

This is the path.
X
X
X X X X
      X
      X X
";

/// The generated fixtures and how they were made: `maze rat --size N --seed S
/// --write FILE` (the source's generator).
const GENERATED: [(&str, usize, u64); 5] = [
    ("generated_n1.txt", 1, 1),
    ("generated_n2.txt", 2, 2),
    ("generated_n3.txt", 3, 3),
    ("generated_n10.txt", 10, 10),
    ("generated_n50.txt", 50, 50),
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

fn read_fixture(path: &Path) -> RatMaze {
    let text = fs::read_to_string(path).unwrap();
    rat::read(&text).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
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

/// `rat::generate(size)` from `seed`, or a failed test naming the likely cause when
/// it has not returned within 30 s.
#[track_caller]
fn generated(size: usize, seed: u64) -> RatMaze {
    let what = format!("rat::generate({size}) with seed {seed}");
    deadline::within(30, &what, Cause::RatGenerate, move || {
        rat::generate(size, &mut MazeRng::seed_from_u64(seed)).unwrap()
    })
}

/// `rat::generate_perfect(size)` from `seed`, with the same deadline.
#[track_caller]
fn generated_perfect(size: usize, seed: u64) -> RatMaze {
    let what = format!("rat::generate_perfect({size}) with seed {seed}");
    deadline::within(30, &what, Cause::RatGenerate, move || {
        rat::generate_perfect(size, &mut MazeRng::seed_from_u64(seed)).unwrap()
    })
}

/// What `search` (`rat::bfs`, `rat::dfs`) finds in `maze`, or a failed test naming the
/// likely cause when it has not returned within 30 s.
#[track_caller]
fn searched(search: rat::Search, maze: &RatMaze) -> SearchResult {
    let what = format!(
        "{} on a maze of {}x{} rooms",
        search.name,
        maze.size(),
        maze.size()
    );
    let maze = maze.clone();
    deadline::within(30, &what, Cause::RatSearch, move || (search.run)(&maze))
}

/// `rat::report(maze)`, which runs both searches, with the same deadline.
#[track_caller]
fn reported(maze: &RatMaze) -> String {
    let what = format!(
        "rat::report (BFS, then DFS) on a maze of {}x{} rooms",
        maze.size(),
        maze.size()
    );
    let maze = maze.clone();
    deadline::within(30, &what, Cause::RatSearch, move || rat::report(&maze))
}

const BFS: rat::Search = rat::SEARCHES[0];
const DFS: rat::Search = rat::SEARCHES[1];

// ---------------------------------------------------------------- the sample run

#[test]
fn the_sample_maze_reproduces_the_sources_visit_orders_and_paths() {
    let maze = read_fixture(&fixtures().join("rat/sample.txt"));
    let report = reported(&maze);
    let lines: Vec<&str> = report.lines().collect();
    assert_eq!(
        lines[0],
        "Rooms visited by BFS: 0 5 10 11 12 17 13 22 8 18 14 21 7 23 9 19 16 20 2 6 24"
    );
    assert_eq!(
        lines[2],
        "This is the path (in reverse): 24 23 18 13 12 11 10 5 0"
    );
    assert_eq!(
        lines[11],
        "Rooms visited by DFS: 0 5 10 11 12 13 14 19 9 4 3 18 23 24"
    );
    assert_eq!(
        lines[13],
        "This is the path (in reverse): 24 23 18 13 12 11 10 5 0"
    );
    assert_eq!(report, SAMPLE_REPORT);
}

#[test]
fn the_sample_maze_starts_with_the_seven_rooms_the_source_shows() {
    let text = fs::read_to_string(fixtures().join("rat/sample.txt")).unwrap();
    #[rustfmt::skip]
    let shown = [
        "5",
        "0 0 1 1", "1 1 0 1", "1 0 1 0", "1 1 0 1", "1 0 1 0", "0 0 1 1", "1 1 0 1",
    ];
    assert_eq!(text.lines().take(8).collect::<Vec<_>>(), shown);
    assert_eq!(text.lines().count(), 26);
}

#[test]
fn the_sample_search_results_are_the_sources() {
    let maze = read_fixture(&fixtures().join("rat/sample.txt"));
    let path = vec![0, 5, 10, 11, 12, 13, 18, 23, 24];
    assert_eq!(
        searched(BFS, &maze),
        SearchResult {
            visited: vec![
                0, 5, 10, 11, 12, 17, 13, 22, 8, 18, 14, 21, 7, 23, 9, 19, 16, 20, 2, 6, 24
            ],
            path: path.clone(),
        }
    );
    assert_eq!(
        searched(DFS, &maze),
        SearchResult {
            visited: vec![0, 5, 10, 11, 12, 13, 14, 19, 9, 4, 3, 18, 23, 24],
            path
        }
    );
}

// ---------------------------------------------------------------- fixtures

#[test]
fn every_fixture_report_and_drawing_matches_its_snapshot() {
    for_each_fixture("rat", |path| {
        let maze = read_fixture(path);
        let text = format!("{}\n{}", rat::draw(&maze), reported(&maze));
        insta::assert_snapshot!("report", text);
    });
}

#[test]
fn every_invalid_fixture_gives_its_message() {
    for_each_fixture("invalid/rat", |path| {
        let text = fs::read_to_string(path).unwrap();
        let message = match rat::read(&text) {
            Ok(_) => panic!("{} was read as a maze", path.display()),
            Err(error) => error.to_string(),
        };
        assert!(message.starts_with("line "), "{message}");
        insta::assert_snapshot!("message", message);
    });
}

#[test]
fn every_fixture_is_written_back_as_it_was_read() {
    for path in txt_files("rat") {
        let maze = read_fixture(&path);
        assert_eq!(
            rat::read(&rat::write(&maze)).unwrap(),
            maze,
            "{}",
            path.display()
        );
        // The fixtures are all written in the writer's own layout.
        assert_eq!(
            rat::write(&maze),
            fs::read_to_string(&path).unwrap(),
            "{}",
            path.display()
        );
    }
}

#[test]
fn the_generated_fixtures_come_from_their_seeds() {
    for (name, size, seed) in GENERATED {
        let maze = generated(size, seed);
        let text = fs::read_to_string(fixtures().join("rat").join(name)).unwrap();
        assert_eq!(rat::write(&maze), text, "{name}");
    }
}

#[test]
fn the_hand_made_fixtures_show_what_they_are_named_after() {
    let maze = read_fixture(&fixtures().join("rat/one_sided_loops.txt"));
    let one_sided = (0..maze.rooms())
        .flat_map(|room| Direction::CARDINALS.map(|direction| (room, direction)))
        .filter(|&(room, direction)| {
            maze.neighbor(room, direction).is_some()
                && maze.door_open(room, direction)
                && !maze.passage(room, direction)
        })
        .count();
    assert!(one_sided >= 3, "{one_sided} one-sided doors");
    assert!(
        passages(&maze) > maze.rooms() - 1,
        "the maze should have a loop"
    );
    assert!(maze.door_open(12, Direction::WEST), "an open border door");

    let maze = read_fixture(&fixtures().join("rat/unreachable.txt"));
    assert!(!searched(BFS, &maze).found());
    assert!(!searched(DFS, &maze).found());
}

// ---------------------------------------------------------------- generators

/// How many passages a maze has (each counted once).
fn passages(maze: &RatMaze) -> usize {
    (0..maze.rooms())
        .map(|room| {
            usize::from(maze.passage(room, Direction::SOUTH))
                + usize::from(maze.passage(room, Direction::EAST))
        })
        .sum()
}

/// The rooms reachable from `from`, found with a flood fill written here so that it
/// does not depend on the searches under test.
fn reachable(maze: &RatMaze, from: usize) -> Vec<usize> {
    let mut seen = vec![false; maze.rooms()];
    let mut todo = VecDeque::from([from]);
    seen[from] = true;
    let mut rooms = Vec::new();
    while let Some(room) = todo.pop_front() {
        rooms.push(room);
        for direction in Direction::CARDINALS {
            if maze.passage(room, direction) {
                let next = maze.neighbor(room, direction).unwrap();
                if !seen[next] {
                    seen[next] = true;
                    todo.push_back(next);
                }
            }
        }
    }
    rooms
}

/// The number of connected groups of rooms.
fn components(maze: &RatMaze) -> usize {
    let mut counted = vec![false; maze.rooms()];
    let mut count = 0;
    for room in 0..maze.rooms() {
        if !counted[room] {
            count += 1;
            for other in reachable(maze, room) {
                counted[other] = true;
            }
        }
    }
    count
}

/// Passages inside the group of rooms reachable from room 0.
fn passages_among(maze: &RatMaze, rooms: &[usize]) -> usize {
    let mut inside = vec![false; maze.rooms()];
    for &room in rooms {
        inside[room] = true;
    }
    rooms
        .iter()
        .map(|&room| {
            [Direction::SOUTH, Direction::EAST]
                .into_iter()
                .filter(|&direction| maze.passage(room, direction))
                .filter(|&direction| inside[maze.neighbor(room, direction).unwrap()])
                .count()
        })
        .sum()
}

/// Sizes and seeds the generator tests sweep.
fn sizes_and_seeds() -> impl Iterator<Item = (usize, u64)> {
    (1..=12)
        .flat_map(|size| (0..8).map(move |seed| (size, seed)))
        .chain([(50, 1), (50, 2)])
}

#[test]
fn generate_joins_start_and_goal() {
    for (size, seed) in sizes_and_seeds() {
        let maze = generated(size, seed);
        assert_eq!(maze.size(), size);
        assert!(
            reachable(&maze, 0).contains(&maze.goal()),
            "size {size} seed {seed}"
        );
    }
}

#[test]
fn generate_makes_no_loop() {
    // Without a loop, every connected group of k rooms has exactly k − 1 passages,
    // so the whole maze has rooms − groups passages; the start's group (which holds
    // the goal) is a tree, with exactly one path from start to goal.
    for (size, seed) in sizes_and_seeds() {
        let maze = generated(size, seed);
        let group = reachable(&maze, 0);
        assert_eq!(
            passages_among(&maze, &group),
            group.len() - 1,
            "size {size} seed {seed}"
        );
        assert_eq!(
            passages(&maze),
            maze.rooms() - components(&maze),
            "size {size} seed {seed}"
        );
    }
}

#[test]
fn generate_perfect_makes_a_perfect_maze() {
    for (size, seed) in sizes_and_seeds() {
        let maze = generated_perfect(size, seed);
        assert_eq!(
            reachable(&maze, 0).len(),
            maze.rooms(),
            "connected: size {size} seed {seed}"
        );
        assert_eq!(
            passages(&maze),
            maze.rooms() - 1,
            "no loop: size {size} seed {seed}"
        );
    }
}

#[test]
fn generated_mazes_keep_the_border_closed_but_for_the_way_in_and_out() {
    for (size, seed) in sizes_and_seeds() {
        for maze in [generated(size, seed), generated_perfect(size, seed)] {
            for room in 0..maze.rooms() {
                for direction in Direction::CARDINALS {
                    let is_way_in = room == 0 && direction == Direction::NORTH;
                    let is_way_out = room == maze.goal() && direction == Direction::SOUTH;
                    if maze.neighbor(room, direction).is_none() {
                        assert_eq!(maze.door_open(room, direction), is_way_in || is_way_out);
                    } else {
                        // Inside, the generators only ever open doors in pairs.
                        assert_eq!(
                            maze.door_open(room, direction),
                            maze.passage(room, direction)
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn different_seeds_give_different_mazes() {
    let mazes: Vec<RatMaze> = (0..5).map(|seed| generated_perfect(8, seed)).collect();
    for (i, a) in mazes.iter().enumerate() {
        for b in &mazes[i + 1..] {
            assert_ne!(a, b);
        }
    }
}

#[test]
fn generated_mazes_are_written_and_read_back_unchanged() {
    for (size, seed) in sizes_and_seeds() {
        let maze = generated(size, seed);
        assert_eq!(rat::read(&rat::write(&maze)).unwrap(), maze);
    }
}

// ---------------------------------------------------------------- searches

/// Checks what a search returned against the rules of the handout.
fn check_search(maze: &RatMaze, result: &SearchResult, name: &str) {
    let mut seen = vec![false; maze.rooms()];
    for &room in &result.visited {
        assert!(!seen[room], "{name} visited room {room} twice");
        seen[room] = true;
    }
    assert_eq!(result.visited.first(), Some(&0), "{name}");
    let reached = reachable(maze, 0).contains(&maze.goal());
    if reached {
        assert_eq!(
            result.visited.last(),
            Some(&maze.goal()),
            "{name} stops at the goal"
        );
        assert_eq!(result.path.first(), Some(&0));
        assert_eq!(result.path.last(), Some(&maze.goal()));
        for step in result.path.windows(2) {
            assert!(
                maze.neighbors(step[0]).contains(&step[1]),
                "{name} path {step:?}"
            );
        }
        assert!(
            result.path.iter().all(|room| seen[*room]),
            "{name}: path through unvisited rooms"
        );
    } else {
        assert!(result.path.is_empty(), "{name}");
        assert_eq!(result.visited.len(), reachable(maze, 0).len(), "{name}");
    }
}

#[test]
fn searches_visit_each_room_once_and_follow_passages() {
    for (size, seed) in sizes_and_seeds() {
        for maze in [generated(size, seed), generated_perfect(size, seed)] {
            for search in rat::SEARCHES {
                check_search(&maze, &searched(search, &maze), search.name);
            }
        }
    }
    for path in txt_files("rat") {
        let maze = read_fixture(&path);
        for search in rat::SEARCHES {
            check_search(&maze, &searched(search, &maze), search.name);
        }
    }
}

#[test]
fn bfs_finds_a_shortest_path_in_a_maze_with_loops() {
    let maze = read_fixture(&fixtures().join("rat/one_sided_loops.txt"));
    let bfs = searched(BFS, &maze);
    // Distances from room 0 by flood fill: the goal is as far as the BFS path is long.
    let mut distance = vec![usize::MAX; maze.rooms()];
    distance[0] = 0;
    for room in reachable(&maze, 0) {
        for next in maze.neighbors(room) {
            distance[next] = distance[next].min(distance[room] + 1);
        }
    }
    assert_eq!(bfs.path.len() - 1, distance[maze.goal()]);
    assert!(searched(DFS, &maze).path.len() >= bfs.path.len());
}

// ---------------------------------------------------------------- mutation test

/// Characters a mutation may put into a file: the format's own, and ones it must
/// refuse without panicking.
const MUTATION_CHARACTERS: [char; 14] = [
    '0', '1', '2', '9', ' ', '\t', '\n', '\r', '-', 'x', '.', 'é', '\u{feff}', '\u{0}',
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
fn read_never_panics_on_mutated_files() {
    let mut sources: Vec<String> = txt_files("rat")
        .iter()
        .filter(|path| !file_name(path).contains("n50"))
        .map(|path| fs::read_to_string(path).unwrap())
        .collect();
    sources.push("1\n0 0 1 1\n".to_string());
    let mut rng = MazeRng::seed_from_u64(2024);
    let (mut accepted, mut refused) = (0, 0);
    for _ in 0..4000 {
        let source = rng.pick(&sources).unwrap().clone();
        let mut text = source;
        for _ in 0..rng.in_range(1..=3) {
            text = mutate(&text, &mut rng);
        }
        match rat::read(&text) {
            Ok(maze) => {
                accepted += 1;
                assert_eq!(rat::read(&rat::write(&maze)).unwrap(), maze, "{text:?}");
            }
            Err(error) => {
                refused += 1;
                let lines = text.split('\n').count();
                assert!(
                    error.line >= 1 && error.line <= lines + 1,
                    "{error} in {text:?}"
                );
                assert!(error.column >= 1, "{error} in {text:?}");
            }
        }
    }
    // Both outcomes must be common, or the mutations test too little.
    assert!(
        accepted > 100 && refused > 2000,
        "accepted {accepted}, refused {refused}"
    );
}

// ---------------------------------------------------------------- command line

fn maze_command() -> assert_cmd::Command {
    let mut command = assert_cmd::Command::new(env!("CARGO_BIN_EXE_maze"));
    // A generator or a search that never ends is killed rather than left to hang.
    command
        .current_dir(fixtures())
        .timeout(Duration::from_secs(60));
    command
}

fn stdout_of(output: &std::process::Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr_of(output: &std::process::Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

#[test]
fn maze_rat_with_a_file_prints_the_drawing_and_the_sample_run() {
    let output = maze_command()
        .args(["rat", "rat/sample.txt"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", stderr_of(&output));
    let stdout = stdout_of(&output);
    let maze = read_fixture(&fixtures().join("rat/sample.txt"));
    assert_eq!(stdout, format!("{}\n{SAMPLE_REPORT}", rat::draw(&maze)));
    insta::assert_snapshot!(stdout);
}

#[test]
fn maze_rat_with_a_malformed_file_says_where_on_one_line() {
    let output = maze_command()
        .args(["rat", "invalid/rat/value_is_two.txt"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr_of(&output),
        "error: reading invalid/rat/value_is_two.txt: line 3, column 5: \
         expected 0 (open) or 1 (closed) for the east door of room 1, found `2`\n"
    );
    assert!(output.stdout.is_empty());
}

#[test]
fn maze_rat_with_a_missing_file_fails_on_one_line() {
    let output = maze_command()
        .args(["rat", "rat/no_such_file.txt"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = stderr_of(&output);
    assert!(
        stderr.starts_with("error: reading rat/no_such_file.txt: "),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

#[test]
fn maze_rat_asks_for_the_size_then_searches_a_new_maze_of_it() {
    let output = maze_command()
        .arg("rat")
        .write_stdin("5\n")
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", stderr_of(&output));
    let stdout = stdout_of(&output);
    assert!(stdout.starts_with("Enter size of maze: \n"), "{stdout}");
    assert!(stdout.contains("\nRooms visited by BFS: 0 "), "{stdout}");
    assert!(stdout.contains("\nRooms visited by DFS: 0 "), "{stdout}");
    let stderr = stderr_of(&output);
    let seed: u64 = stderr
        .strip_prefix("seed: ")
        .and_then(|rest| rest.trim_end().parse().ok())
        .unwrap_or_else(|| panic!("no seed on stderr: {stderr:?}"));
    // The printed seed gives the same maze again.
    let maze = generated(5, seed);
    let expected = format!(
        "Enter size of maze: \n{}\n{}",
        rat::draw(&maze),
        reported(&maze)
    );
    assert_eq!(stdout, expected);
}

#[test]
fn maze_rat_refuses_a_size_that_is_not_a_number() {
    for (input, message) in [
        (
            "abc",
            "error: the maze size `abc` is not a whole number: expected 1 to 1000\n",
        ),
        (
            "",
            "error: no maze size was given: expected a whole number from 1 to 1000\n",
        ),
        ("0\n", "error: maze size 0 is outside 1..=1000\n"),
        ("-7\n", "error: maze size -7 is outside 1..=1000\n"),
        ("1001\n", "error: maze size 1001 is outside 1..=1000\n"),
        (
            "99999999999999999999\n",
            "error: maze size 99999999999999999999 is outside 1..=1000\n",
        ),
    ] {
        let output = maze_command()
            .arg("rat")
            .write_stdin(input)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{input:?}");
        assert_eq!(stderr_of(&output), message, "{input:?}");
    }
}

#[test]
fn maze_rat_with_size_and_seed_writes_the_maze_it_solves() {
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("maze.txt");
    let output = maze_command()
        .args(["rat", "--size", "6", "--seed", "9", "--write"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", stderr_of(&output));
    assert!(output.stderr.is_empty(), "a given seed is not printed");
    let maze = generated(6, 9);
    assert_eq!(fs::read_to_string(&file).unwrap(), rat::write(&maze));
    assert_eq!(
        stdout_of(&output),
        format!("{}\n{}", rat::draw(&maze), reported(&maze))
    );
}

#[test]
fn maze_rat_refuses_sizes_out_of_range_on_the_command_line() {
    for size in ["0", "-3", "1001"] {
        let output = maze_command()
            .args(["rat", "--size", size, "--seed", "1"])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2));
        assert_eq!(
            stderr_of(&output),
            format!("error: maze size {size} is outside 1..=1000\n")
        );
    }
}

#[test]
fn maze_rat_prints_a_random_seed_when_none_is_given() {
    let output = maze_command()
        .args(["rat", "--size", "3"])
        .output()
        .unwrap();
    assert!(output.status.success());
    assert!(stderr_of(&output).starts_with("seed: "));
}
