//! Part 3: the weights of each favor on hand-built links, the weighted draw, and the
//! weighted generator's mazes: perfect on every grid, the same for the same seed, and
//! textured the way each favor promises, measured over many seeds.

mod deadline;
mod support;

use deadline::Cause;
use maze::draw::text;
use maze::generate::{GENERATORS, Settings};
use maze::texture::{Favor, Link, Root, generate_weighted, weight, weighted_pick};
use maze::{Direction, Maze, MazeCellArray, MazeRng, Position};
use support::{all_positions, distances, imperfection, open_neighbors};

/// How many passages run east–west, and how many in all.
pub fn passages(maze: &Maze) -> (usize, usize) {
    let mut east_west = 0;
    let mut all = 0;
    for p in all_positions(maze) {
        if p.x + 1 < maze.width() && !maze[p].walls.contains(Direction::EAST) {
            east_west += 1;
            all += 1;
        }
        if p.y + 1 < maze.height() && !maze[p].walls.contains(Direction::SOUTH) {
            all += 1;
        }
    }
    (east_west, all)
}

/// The lengths, in passages, of the straight corridors: the longest runs of passages
/// one after the other along a row or a column.
pub fn corridor_lengths(maze: &Maze) -> Vec<usize> {
    let mut runs = Vec::new();
    let mut count = |open: &mut dyn Iterator<Item = bool>| {
        let mut run = 0;
        for is_open in open {
            if is_open {
                run += 1;
            } else if run > 0 {
                runs.push(run);
                run = 0;
            }
        }
        if run > 0 {
            runs.push(run);
        }
    };
    for y in 0..maze.height() {
        count(&mut (0..maze.width() - 1).map(|x| !maze[(x, y)].walls.contains(Direction::EAST)));
    }
    for x in 0..maze.width() {
        count(&mut (0..maze.height() - 1).map(|y| !maze[(x, y)].walls.contains(Direction::SOUTH)));
    }
    runs
}

/// The number of dead ends: cells with one way out.
pub fn dead_ends(maze: &Maze) -> usize {
    all_positions(maze)
        .into_iter()
        .filter(|&p| open_neighbors(maze, p).len() == 1)
        .count()
}

/// The lengths, in passages, of the branches of the maze: the stretches between two
/// cells that are not simply on the way (junctions and dead ends). A cell with two
/// ways out lies inside a branch; every other cell ends branches.
pub fn branch_lengths(maze: &Maze) -> Vec<usize> {
    let is_node = |p: Position| open_neighbors(maze, p).len() != 2;
    let mut lengths = Vec::new();
    for start in all_positions(maze).into_iter().filter(|&p| is_node(p)) {
        for first in open_neighbors(maze, start) {
            let (mut before, mut here, mut length) = (start, first, 1);
            while !is_node(here) {
                let next = open_neighbors(maze, here)
                    .into_iter()
                    .find(|&q| q != before)
                    .expect("two ways out");
                (before, here, length) = (here, next, length + 1);
            }
            // Each branch is walked from both of its ends; keep it once.
            if (start.y, start.x) < (here.y, here.x) {
                lengths.push(length);
            }
        }
    }
    lengths
}

/// The mean of `values`.
pub fn mean(values: &[f64]) -> f64 {
    values.iter().sum::<f64>() / values.len() as f64
}

/// A link from (2, 2) going `direction`, after a link going `previous`, `age` rounds
/// old.
fn link(direction: Direction, previous: Option<Direction>, age: u32) -> Link {
    let from = Position::new(2, 2);
    Link {
        from,
        to: from.moved(direction),
        direction,
        age,
        previous,
    }
}

const N: Direction = Direction::NORTH;
const S: Direction = Direction::SOUTH;
const E: Direction = Direction::EAST;
const W: Direction = Direction::WEST;

/// The weighted generator's maze of `width` × `height` from `seed`, or a failed test
/// naming the likely cause when it has not been made within 30 s. The loop is
/// provided; what it calls of yours is `weight` and `weighted_pick`.
#[track_caller]
fn weighted(width: i32, height: i32, favor: Favor, root: Root, seed: u64) -> Maze {
    let what = format!("generate_weighted of a {width}x{height} maze, {favor:?}, seed {seed},");
    deadline::within(30, &what, Cause::WeightedPick, move || {
        let mut cells = MazeCellArray::new(width, height).unwrap();
        let ends = generate_weighted(&mut cells, favor, root, &mut MazeRng::seed_from_u64(seed));
        Maze::from_cells(cells, ends.start, ends.end).unwrap()
    })
}

#[test]
fn weight_is_one_for_every_link_without_a_favor() {
    for direction in Direction::CARDINALS {
        assert_eq!(weight(Favor::None, &link(direction, None, 0)), 1);
        assert_eq!(weight(Favor::None, &link(direction, Some(N), 7)), 1);
    }
}

#[test]
fn weight_by_age_is_the_square_of_the_age() {
    assert_eq!(weight(Favor::Age, &link(E, None, 0)), 0);
    assert_eq!(weight(Favor::Age, &link(E, None, 1)), 1);
    assert_eq!(weight(Favor::Age, &link(N, Some(S), 7)), 49);
    // Ages past 65535 square past u32: the weight is a u64.
    assert_eq!(weight(Favor::Age, &link(N, None, 100_000)), 10_000_000_000);
}

#[test]
fn weight_is_five_along_the_axis_horizontal_or_vertical_favors() {
    for (direction, horizontal, vertical) in [(E, 5, 1), (W, 5, 1), (N, 1, 5), (S, 1, 5)] {
        let l = link(direction, Some(N), 3);
        assert_eq!(weight(Favor::Horizontal, &l), horizontal, "{direction:?}");
        assert_eq!(weight(Favor::Vertical, &l), vertical, "{direction:?}");
    }
}

#[test]
fn weight_is_ten_for_a_zigzag_turn_and_for_going_straight_on() {
    #[rustfmt::skip]
    let cases = [
        // direction, previous, zigzag, straight. A link never goes back the way
        // `previous` came (§8.1), so none is asked here: straight on is the only way
        // along the same axis.
        (E, Some(E), 1, 10), (W, Some(W), 1, 10),
        (E, Some(N), 10, 1), (E, Some(S), 10, 1),
        (N, Some(N), 1, 10), (S, Some(S), 1, 10),
        (N, Some(E), 10, 1), (S, Some(W), 10, 1),
        // From the root no link came before: 1 either way.
        (E, None, 1, 1),     (S, None, 1, 1),
    ];
    for (direction, previous, zigzag, straight) in cases {
        let l = link(direction, previous, 0);
        assert_eq!(
            weight(Favor::ZigZag, &l),
            zigzag,
            "{direction:?} after {previous:?}"
        );
        assert_eq!(
            weight(Favor::Straight, &l),
            straight,
            "{direction:?} after {previous:?}"
        );
    }
}

#[test]
fn the_draw_picks_the_first_link_whose_running_sum_reaches_r() {
    // Weights 1, 5, 1 under Horizontal: r = 1 → 0, r = 2..=6 → 1, r = 7 → 2.
    let links = [link(N, None, 0), link(E, None, 0), link(S, None, 0)];
    for seed in 0..50 {
        let mut expected_rng = MazeRng::seed_from_u64(seed);
        let r = expected_rng.in_range_u64(1..=7);
        let expected = match r {
            1 => 0,
            2..=6 => 1,
            _ => 2,
        };
        let mut rng = MazeRng::seed_from_u64(seed);
        assert_eq!(
            weighted_pick(&links, Favor::Horizontal, &mut rng),
            expected,
            "r = {r}"
        );
    }
}

#[test]
fn the_draw_follows_the_weights_over_many_draws() {
    let links = [link(N, None, 0), link(E, None, 0), link(S, None, 0)];
    let mut rng = MazeRng::seed_from_u64(11);
    let mut counts = [0; 3];
    for _ in 0..7000 {
        counts[weighted_pick(&links, Favor::Horizontal, &mut rng)] += 1;
    }
    // Expected 1000, 5000, 1000.
    assert!((850..1150).contains(&counts[0]), "{counts:?}");
    assert!((4750..5250).contains(&counts[1]), "{counts:?}");
    assert!((850..1150).contains(&counts[2]), "{counts:?}");
}

#[test]
fn every_favor_and_root_gives_a_perfect_maze_on_every_grid() {
    for (width, height) in [(5, 5), (5, 50), (50, 5), (9, 6), (13, 31), (50, 50)] {
        for favor in Favor::ALL {
            for root in Root::ALL {
                for seed in 0..3 {
                    let maze = weighted(width, height, favor, root, seed);
                    if let Some(why) = imperfection(&maze) {
                        panic!("{width}x{height} {favor:?} {root:?} seed {seed}: {why}");
                    }
                }
            }
        }
    }
}

#[test]
fn the_maze_starts_at_the_root_and_ends_farthest_from_it() {
    for root in Root::ALL {
        let maze = weighted(12, 7, Favor::None, root, 5);
        let expected_start = match root {
            Root::Corner => Position::new(0, 0),
            Root::Center => Position::new(6, 3),
        };
        assert_eq!(maze.start(), expected_start);
        let from_start = distances(&maze, maze.start());
        let farthest = *from_start.values().max().unwrap();
        assert_eq!(from_start[&maze.end()], farthest, "{root:?}");
    }
}

#[test]
fn same_seed_gives_same_maze() {
    let first = weighted(16, 8, Favor::ZigZag, Root::Center, 42);
    let again = weighted(16, 8, Favor::ZigZag, Root::Center, 42);
    assert_eq!(first.cells(), again.cells());
    let other = weighted(16, 8, Favor::ZigZag, Root::Center, 43);
    assert_ne!(first.cells(), other.cells());
}

#[test]
fn each_favor_draws_its_own_maze_from_seed_3() {
    let drawings: Vec<String> = Favor::ALL
        .into_iter()
        .map(|favor| {
            let maze = weighted(16, 8, favor, Root::Corner, 3);
            format!("--favor {}\n{}", favor.name(), text::draw(&maze))
        })
        .collect();
    insta::assert_snapshot!(drawings.join("\n"));
}

#[test]
fn the_listed_generator_reads_favor_and_root() {
    let generator = GENERATORS.iter().find(|g| g.name() == "weighted").unwrap();
    let settings = Settings {
        favor: Favor::Straight,
        root: Root::Center,
        ..Settings::default()
    };
    let listed = generator
        .generate(14, 9, &settings, &mut MazeRng::seed_from_u64(8))
        .unwrap();
    let direct = weighted(14, 9, Favor::Straight, Root::Center, 8);
    assert_eq!(listed.cells(), direct.cells());
    assert_eq!(
        (listed.start(), listed.end()),
        (direct.start(), direct.end())
    );
}

/// Texture figures of a favor, averaged over 40 seeds of 20×20 mazes rooted in the
/// corner.
#[derive(Debug)]
struct Texture {
    /// The share of passages that run east–west.
    east_west: f64,
    /// The mean length of a straight corridor, in passages.
    corridor: f64,
    /// The mean length of a passage between two junctions or dead ends.
    branch: f64,
    /// The number of dead ends.
    dead_ends: f64,
    /// The length of the way from the start (the root) to the end.
    path: f64,
}

fn texture(favor: Favor) -> Texture {
    let mut figures: [Vec<f64>; 5] = Default::default();
    for seed in 0..40 {
        let maze = weighted(20, 20, favor, Root::Corner, seed);
        let (east_west, all) = passages(&maze);
        figures[0].push(east_west as f64 / all as f64);
        let runs = corridor_lengths(&maze);
        figures[1].push(runs.iter().sum::<usize>() as f64 / runs.len() as f64);
        let branches = branch_lengths(&maze);
        figures[2].push(branches.iter().sum::<usize>() as f64 / branches.len() as f64);
        figures[3].push(dead_ends(&maze) as f64);
        figures[4].push(distances(&maze, maze.start())[&maze.end()] as f64);
    }
    Texture {
        east_west: mean(&figures[0]),
        corridor: mean(&figures[1]),
        branch: mean(&figures[2]),
        dead_ends: mean(&figures[3]),
        path: mean(&figures[4]),
    }
}

#[test]
fn horizontal_favors_east_west_passages_and_vertical_north_south_ones() {
    let none = texture(Favor::None).east_west;
    let horizontal = texture(Favor::Horizontal).east_west;
    let vertical = texture(Favor::Vertical).east_west;
    assert!(
        horizontal > none + 0.15,
        "horizontal {horizontal:.3}, none {none:.3}"
    );
    assert!(
        vertical < none - 0.15,
        "vertical {vertical:.3}, none {none:.3}"
    );
}

#[test]
fn straight_makes_longer_corridors_than_zigzag() {
    let straight = texture(Favor::Straight).corridor;
    let zigzag = texture(Favor::ZigZag).corridor;
    assert!(
        straight > 1.5 * zigzag,
        "straight {straight:.2}, zigzag {zigzag:.2}"
    );
}

#[test]
fn age_makes_longer_passages_between_junctions_and_fewer_dead_ends() {
    let age = texture(Favor::Age);
    let none = texture(Favor::None);
    assert!(
        age.branch > 1.08 * none.branch,
        "age {age:?}\nnone {none:?}"
    );
    assert!(
        age.dead_ends < none.dead_ends - 12.0,
        "age {age:?}\nnone {none:?}"
    );
}

#[test]
fn age_keeps_every_cell_close_to_the_root() {
    // Oldest links first grows the tree almost breadth-first, so the way from the
    // root to the farthest cell is close to the Manhattan distance (38 on 20×20),
    // shorter than without a favor: the "longer paths" age makes are the passages
    // between junctions, not the way from the root.
    let age = texture(Favor::Age);
    let none = texture(Favor::None);
    assert!(age.path < 39.0, "age {age:?}");
    assert!(age.path < none.path, "age {age:?}\nnone {none:?}");
}

/// The handout's table of texture figures (handout/src/figures/texture-table.md),
/// measured again: a change of the weighted generator that moves a figure fails here,
/// printing the table to paste into the handout.
#[test]
fn the_handouts_texture_table_is_what_the_weighted_generator_measures() {
    let mut table = String::from(
        "| favor | east–west share | straight corridor | passage between junctions | dead ends | root to end |\n| --- | --- | --- | --- | --- | --- |\n",
    );
    for favor in Favor::ALL {
        let t = texture(favor);
        table.push_str(&format!(
            "| {} | {:.0} % | {:.2} | {:.2} | {:.0} | {:.1} |\n",
            favor.name(),
            100.0 * t.east_west,
            t.corridor,
            t.branch,
            t.dead_ends,
            t.path
        ));
    }
    let figure = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../handout/src/figures/texture-table.md");
    let handout = std::fs::read_to_string(&figure)
        .unwrap_or_else(|error| panic!("reading {}: {error}", figure.display()));
    assert!(
        handout.replace("\r\n", "\n") == table,
        "{} is out of date; the generator now measures:\n{table}",
        figure.display()
    );
}
