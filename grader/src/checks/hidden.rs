//! The hidden checks: their inputs are drawn with the course's secret, so only a
//! grader holding the instructor's rubric can know them. This module is left out of
//! the student template (`grader dist` drops it and the `hidden-checks` feature), with
//! the hidden checks' rubric entries and blessed outputs.

use rand::Rng as _;
use rand::seq::SliceRandom as _;
use serde_json::{Value, json};

use super::part1::{
    GivenMaze, Xy, fixture_maze, maze_matches_reference, solve_input, solve_path_unique,
};
use super::part2::{self, random_doors, rat_search, search_input};
use super::part5::{
    GivenBoard, arrows_graph, arrows_solve, boards_value, files_value, parse_verdict,
    planted_board, random_board, read_board, redrawn,
};
use super::{Case, CheckSpec, Inputs, Judged, Part};

/// The checks of the code each hidden check also runs (see `checks::prerequisites`).
pub const PREREQUISITES: &[(&str, &[&str])] = &[
    ("maze_matches_reference_hidden", super::CARVING),
    ("solve_path_unique_hidden", super::WALKING),
    ("rat_bfs_hidden", super::RAT_BFS),
    ("rat_dfs_hidden", super::RAT_DFS),
    ("arrows_solve_hidden", super::ARROWS_SEARCH),
];

/// The hidden checks, in report order.
pub const CHECKS: &[CheckSpec] = &[
    CheckSpec {
        name: "maze_matches_reference_hidden",
        part: Part::Part1,
        producer: "created_mazes",
        input: hidden_reference_input,
        judge: maze_matches_reference,
        blessed: true,
    },
    CheckSpec {
        name: "solve_path_unique_hidden",
        part: Part::Part1,
        producer: "solved_mazes",
        input: hidden_unique_path_input,
        judge: solve_path_unique,
        blessed: true,
    },
    CheckSpec {
        name: "rat_bfs_hidden",
        part: Part::Part2,
        producer: "rat_search",
        input: bfs_hidden_input,
        judge: rat_search,
        blessed: true,
    },
    CheckSpec {
        name: "rat_dfs_hidden",
        part: Part::Part2,
        producer: "rat_search",
        input: dfs_hidden_input,
        judge: rat_search,
        blessed: true,
    },
    CheckSpec {
        name: "arrows_parse_hidden",
        part: Part::Part5,
        producer: "arrows_parse",
        input: arrows_parse_hidden_input,
        judge: arrows_parse_altered,
        blessed: true,
    },
    CheckSpec {
        name: "arrows_graph_hidden",
        part: Part::Part5,
        producer: "arrows_graph",
        input: arrows_graph_hidden_input,
        judge: arrows_graph,
        blessed: true,
    },
    CheckSpec {
        name: "arrows_solve_hidden",
        part: Part::Part5,
        producer: "arrows_solve",
        input: arrows_solve_hidden_input,
        judge: arrows_solve,
        blessed: true,
    },
];

/// Four mazes of secret sizes, complexities and seeds.
fn hidden_reference_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let mut rng = inputs.rng();
    let mazes: Vec<Value> = (0..4)
        .map(|_| {
            let complexity = [0.0, 0.25, 0.5, 0.75, 1.0][rng.random_range(0..5usize)];
            json!([
                rng.random_range(5..=50),
                rng.random_range(5..=50),
                complexity,
                rng.random_range(0..1_000_000u64)
            ])
        })
        .collect();
    Ok(json!({ "mazes": mazes }))
}

/// Four of the kit's mazes, each mirrored or transposed a secret number of times,
/// with a secret start and end.
fn hidden_unique_path_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let mut rng = inputs.rng();
    let mut names = vec![
        "maze-5x5-c0.5-s21",
        "maze-12x7-c0.0-s22",
        "maze-5x50-c1.0-s23",
        "maze-50x5-c0.5-s24",
        "maze-50x50-c0.5-s25",
        "maze-9x9-c1.0-s31",
        "maze-33x14-c0.3-s32",
        "maze-14x33-c0.8-s33",
        "maze-50x50-c1.0-s34",
    ];
    names.shuffle(&mut rng);
    let mut mazes = Vec::new();
    for name in names.iter().take(4) {
        let mut maze = fixture_maze(inputs, name)?;
        for _ in 0..rng.random_range(1..=3) {
            maze = transformed(&maze, rng.random_range(0..3));
        }
        // A new start and end, distinct.
        let cells = maze.size.0 * maze.size.1;
        let start = rng.random_range(0..cells);
        let end = (start + rng.random_range(1..cells)) % cells;
        maze.start = (start % maze.size.0, start / maze.size.0);
        maze.end = (end % maze.size.0, end / maze.size.0);
        maze.name = format!("hidden {}x{}", maze.size.0, maze.size.1);
        mazes.push(maze);
    }
    Ok(solve_input(mazes, 4000))
}

/// A maze turned a quarter, or mirrored: still perfect, and new to the student.
fn transformed(maze: &GivenMaze, how: u8) -> GivenMaze {
    let (w, h) = maze.size;
    // Wall bits N=1, S=2, E=4, W=8 under each transform.
    let map_bits = |b: u8, table: [u8; 4]| {
        (0..4)
            .filter(|i| b & (1 << i) != 0)
            .fold(0, |acc, i| acc | table[i])
    };
    type Place = Box<dyn Fn(Xy) -> Xy>;
    let (size, place, table): (Xy, Place, [u8; 4]) = match how % 3 {
        // Mirror left-right: east and west swap.
        0 => ((w, h), Box::new(move |(x, y)| (w - 1 - x, y)), [1, 2, 8, 4]),
        // Mirror top-bottom: north and south swap.
        1 => ((w, h), Box::new(move |(x, y)| (x, h - 1 - y)), [2, 1, 4, 8]),
        // Transpose: x and y swap, so north↔west and south↔east.
        _ => ((h, w), Box::new(|(x, y)| (y, x)), [8, 4, 2, 1]),
    };
    let mut walls = vec![vec![15u8; size.0 as usize]; size.1 as usize];
    for y in 0..h {
        for x in 0..w {
            let (nx, ny) = place((x, y));
            walls[ny as usize][nx as usize] = map_bits(maze.walls[y as usize][x as usize], table);
        }
    }
    GivenMaze {
        size,
        start: place(maze.start),
        end: place(maze.end),
        walls,
        name: format!("{} (transformed)", maze.name),
    }
}

/// Mazes only the course knows: random doors, loops and one-sided doors included.
fn hidden_mazes(inputs: &Inputs) -> Vec<part2::GivenMaze> {
    let mut rng = inputs.rng();
    let mut sizes: Vec<usize> = (0..5).map(|_| rng.random_range(3..=12)).collect();
    sizes.push(rng.random_range(20..=35));
    sizes
        .into_iter()
        .enumerate()
        .map(|(i, n)| part2::GivenMaze {
            name: format!("hidden maze {} ({n}x{n})", i + 1),
            n,
            open: random_doors(&mut rng, n),
        })
        .collect()
}

fn bfs_hidden_input(inputs: &Inputs) -> anyhow::Result<Value> {
    Ok(search_input("bfs", &hidden_mazes(inputs)))
}

fn dfs_hidden_input(inputs: &Inputs) -> anyhow::Result<Value> {
    Ok(search_input("dfs", &hidden_mazes(inputs)))
}

/// `count` of the kit's arrow board files, each altered once: a value changed,
/// removed or added, a line removed or given twice. Some stay valid (a colour changed),
/// most break one rule somewhere the kit's invalid files do not.
fn altered_files(
    inputs: &Inputs,
    rng: &mut impl rand::Rng,
    count: usize,
) -> anyhow::Result<Vec<(String, String)>> {
    const TOKENS: [&str; 14] = [
        "R", "B", "X", "C", "N", "NE", "SW", "0", "1", "3", "-2", "13", "é", "RR",
    ];
    let originals = inputs.fixture_files("arrows", "txt")?;
    let mut files = Vec::new();
    for _ in 0..count {
        let (name, text) = &originals[rng.random_range(0..originals.len())];
        let mut lines: Vec<Vec<String>> = text
            .lines()
            .map(|line| line.split(' ').map(str::to_owned).collect())
            .collect();
        let at = rng.random_range(0..lines.len());
        let token = TOKENS[rng.random_range(0..TOKENS.len())].to_owned();
        let what = match rng.random_range(0..5) {
            0 => {
                let value = rng.random_range(0..lines[at].len());
                lines[at][value] = token;
                format!("value {} of line {} changed", value + 1, at + 1)
            }
            1 => {
                let value = rng.random_range(0..lines[at].len());
                lines[at].remove(value);
                format!("value {} of line {} removed", value + 1, at + 1)
            }
            2 => {
                lines[at].push(token);
                format!("a value added to line {}", at + 1)
            }
            3 => {
                lines.remove(at);
                format!("line {} removed", at + 1)
            }
            _ => {
                let copy = lines[at].clone();
                let to = rng.random_range(at + 1..=lines.len());
                lines.insert(to, copy);
                format!("line {} given twice", at + 1)
            }
        };
        let text: String = lines.iter().map(|line| line.join(" ") + "\n").collect();
        files.push((format!("{name} with {what}"), text));
    }
    Ok(files)
}

fn arrows_parse_hidden_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let mut rng = inputs.rng();
    Ok(files_value(&altered_files(inputs, &mut rng, 12)?))
}

/// Judged as `arrows_parse_invalid` is: the rule, its place and the values of its
/// fields, never the words of an error's message.
fn arrows_parse_altered(case: &Case) -> Judged {
    parse_verdict(case, |count| {
        format!("all {count} altered board files read as the reference reads them")
    })
}

/// Random boards of secret sizes, the sizes different both ways as often as not.
fn hidden_boards(
    rng: &mut impl rand::Rng,
    count: usize,
    sizes: std::ops::RangeInclusive<usize>,
) -> Vec<GivenBoard> {
    (0..count)
        .map(|i| {
            let (rows, cols) = (
                rng.random_range(sizes.clone()),
                rng.random_range(sizes.clone()),
            );
            random_board(
                rng,
                format!("hidden board {} ({rows}x{cols})", i + 1),
                rows,
                cols,
            )
        })
        .collect()
}

fn arrows_graph_hidden_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let mut rng = inputs.rng();
    let boards: Vec<GivenBoard> = hidden_boards(&mut rng, 3, 2..=9)
        .into_iter()
        .map(GivenBoard::querying_all)
        .collect();
    Ok(boards_value(&boards))
}

/// Secret random boards, and the kit's boards with a few squares drawn again (close
/// to boards with long solutions, but new).
fn arrows_solve_hidden_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let mut rng = inputs.rng();
    let mut boards = hidden_boards(&mut rng, 2, 3..=12);
    for i in 0..4 {
        let (rows, cols) = (rng.random_range(3..=12), rng.random_range(3..=12));
        let moves = rng.random_range(4..=14);
        boards.push(planted_board(
            &mut rng,
            format!("hidden board {} ({rows}x{cols})", i + 3),
            rows,
            cols,
            moves,
        ));
    }
    let fixtures: Vec<GivenBoard> = inputs
        .fixture_files("arrows", "txt")?
        .iter()
        .map(|(name, text)| read_board(name, text))
        .collect::<anyhow::Result<Vec<_>>>()?
        .into_iter()
        .filter(|board| board.squares.len() >= 9)
        .collect();
    for i in 0..3 {
        let original = &fixtures[rng.random_range(0..fixtures.len())];
        let changes = rng.random_range(1..=3);
        let mut board = redrawn(&mut rng, original, changes);
        board.name = format!("hidden board {} ({})", i + 7, board.name);
        boards.push(board);
    }
    Ok(boards_value(&boards))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transforming_a_perfect_maze_keeps_it_perfect() {
        #[rustfmt::skip]
        let maze = GivenMaze {
            size: (3, 2),
            start: (0, 0),
            end: (0, 1),
            walls: vec![vec![1 | 8 | 2, 1 | 2, 1 | 4], vec![2 | 8 | 1, 2 | 1, 2 | 4]],
            name: "snake".to_owned(),
        };
        for how in 0..3 {
            let turned = transformed(&maze, how);
            let grid = turned.grid().unwrap();
            assert_eq!(grid.imperfection(), None, "transform {how}");
        }
    }

    #[test]
    fn altered_arrow_files_say_how_they_were_altered() {
        let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures");
        let inputs = Inputs {
            fixtures: &fixtures,
            check: "arrows_parse_hidden",
            secret: Some("s"),
        };
        let files = altered_files(&inputs, &mut inputs.rng(), 20).unwrap();
        assert_eq!(files.len(), 20);
        assert!(files.iter().all(|(name, _)| name.contains(".txt with ")));
        for spec in CHECKS.iter().filter(|spec| spec.part == Part::Part5) {
            let inputs = Inputs {
                check: spec.name,
                ..inputs
            };
            assert!((spec.input)(&inputs).is_ok(), "{}", spec.name);
        }
    }
}
