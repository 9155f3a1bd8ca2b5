//! The hidden checks: their inputs are drawn with the course's secret, so only a
//! grader holding the instructor's rubric can know them. This module is left out of
//! the student template (`grader dist` drops it and the `hidden-checks` feature), with
//! the hidden checks' rubric entries and blessed outputs.

use rand::Rng as _;
use rand::seq::SliceRandom as _;
use serde_json::{Value, json};

use super::part1::{
    disguised, fixture_maze, maze_matches_reference, solve_input, solve_path_unique,
};
use super::part2::{self, random_doors, rat_search, search_input};
use super::part5::{
    GivenBoard, altered_files, arrows_graph, arrows_solve, boards_value, files_value,
    parse_verdict, planted_board, random_board, read_board, redrawn,
};
use super::{Case, CheckSpec, Inputs, Judged, Producer, Visibility, producers};

/// The hidden checks, in report order.
pub const CHECKS: &[CheckSpec] = &[
    CheckSpec::new(
        "maze_matches_reference_hidden",
        Producer::Part1(producers::Part1::CreatedMazes),
        hidden_reference_input,
        maze_matches_reference,
        true,
    )
    .rubric(
        2.0,
        "the same mazes as the reference on hidden sizes and seeds",
        "handout §5: the order of random calls",
    )
    .visibility(Visibility::Hidden)
    .after(super::CARVING),
    CheckSpec::new(
        "solve_path_unique_hidden",
        Producer::Part1(producers::Part1::SolvedMazes),
        hidden_unique_path_input,
        solve_path_unique,
        true,
    )
    .rubric(
        2.0,
        "the one path through hidden mazes",
        "handout §6: solving",
    )
    .visibility(Visibility::Hidden)
    .after(super::WALKING),
    CheckSpec::new(
        "rat_bfs_hidden",
        Producer::Part2(producers::Part2::RatSearch),
        bfs_hidden_input,
        rat_search,
        true,
    )
    .rubric(
        2.0,
        "BFS on hidden mazes with loops and one-sided doors",
        "handout §7.6: BFS",
    )
    .visibility(Visibility::Hidden)
    .after(part2::RAT_BFS),
    CheckSpec::new(
        "rat_dfs_hidden",
        Producer::Part2(producers::Part2::RatSearch),
        dfs_hidden_input,
        rat_search,
        true,
    )
    .rubric(
        2.0,
        "DFS on hidden mazes with loops and one-sided doors",
        "handout §7.6: DFS",
    )
    .visibility(Visibility::Hidden)
    .after(part2::RAT_DFS),
    CheckSpec::new(
        "arrows_parse_hidden",
        Producer::Part5(producers::Part5::Parse),
        arrows_parse_hidden_input,
        arrows_parse_altered,
        true,
    )
    .rubric(
        1.0,
        "parse on hidden altered board files",
        "handout §10.1: errors that say where",
    )
    .visibility(Visibility::Hidden),
    CheckSpec::new(
        "arrows_graph_hidden",
        Producer::Part5(producers::Part5::Graph),
        arrows_graph_hidden_input,
        arrows_graph,
        true,
    )
    .rubric(
        1.0,
        "the doubled graph of hidden boards",
        "handout §10.2: the doubled graph",
    )
    .visibility(Visibility::Hidden),
    CheckSpec::new(
        "arrows_solve_hidden",
        Producer::Part5(producers::Part5::Solve),
        arrows_solve_hidden_input,
        arrows_solve,
        true,
    )
    .rubric(
        2.0,
        "solve on hidden boards",
        "handout §10.3: the search and the path",
    )
    .visibility(Visibility::Hidden)
    .after(super::part5::ARROWS_SEARCH),
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
        let mut maze = disguised(fixture_maze(inputs, name)?, &mut rng);
        maze.name = format!("hidden {}x{}", maze.size.0, maze.size.1);
        mazes.push(maze);
    }
    Ok(solve_input(mazes, 4000))
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
        for spec in CHECKS
            .iter()
            .filter(|spec| spec.part == crate::checks::Part::Part5)
        {
            let inputs = Inputs {
                check: spec.name,
                ..inputs
            };
            assert!((spec.input)(&inputs).is_ok(), "{}", spec.name);
        }
    }
}
