//! Judges of the Part 1 checks. Each reads what the probe reported and decides, with
//! a message that points at the method (and the mistake) when it fails.

use serde::Deserialize;
use serde_json::Value;

use super::model::{CARDINALS, Grid, MazeData, direction_name, opposite, show, step};
use super::{Judge, Verdict, judged};

/// The Part 1 checks, by name.
pub const CHECKS: &[(&str, Judge)] = &[
    ("direction_opposite", Judge::Rule(direction_opposite)),
    ("position_equality", Judge::Rule(position_equality)),
    ("position_hash", Judge::Rule(position_hash)),
    ("position_display", Judge::Rule(position_display)),
    ("position_moved", Judge::Rule(position_moved)),
    ("position_random", Judge::Rule(position_random)),
    ("cell_default", Judge::Rule(cell_default)),
    (
        "cell_new_and_remove_wall",
        Judge::Rule(cell_new_and_remove_wall),
    ),
    ("array_new_sizes", Judge::Rule(array_new_sizes)),
    ("array_ranges", Judge::Rule(array_ranges)),
    ("array_indexers", Judge::Rule(array_indexers)),
    (
        "array_reset_and_resize",
        Judge::Rule(array_reset_and_resize),
    ),
    (
        "array_neighbors_with_all_walls",
        Judge::Rule(array_neighbors_with_all_walls),
    ),
    (
        "array_accessible_neighbors",
        Judge::Rule(array_accessible_neighbors),
    ),
    (
        "array_remove_cell_wall",
        Judge::Rule(array_remove_cell_wall),
    ),
    (
        "array_border_stays_closed",
        Judge::Rule(array_border_stays_closed),
    ),
    ("maze_size_validation", Judge::Rule(maze_size_validation)),
    (
        "maze_complexity_validation",
        Judge::Rule(maze_complexity_validation),
    ),
    ("maze_perfect_square", Judge::Rule(mazes_are_perfect)),
    ("maze_perfect_non_square", Judge::Rule(mazes_are_perfect)),
    (
        "maze_start_end_distinct",
        Judge::Rule(maze_start_end_distinct),
    ),
    (
        "maze_same_seed_same_maze",
        Judge::Rule(maze_same_seed_same_maze),
    ),
    (
        "maze_matches_reference",
        Judge::Snapshot(render_reference_mazes),
    ),
    (
        "maze_complexity_texture",
        Judge::Rule(maze_complexity_texture),
    ),
    ("solve_before_create", Judge::Rule(solve_before_create)),
    ("solve_path_valid", Judge::Rule(solve_path_valid)),
    ("solve_path_unique", Judge::Rule(solve_path_unique)),
    ("solve_maze_with_loops", Judge::Rule(solve_maze_with_loops)),
    ("solve_unreachable_end", Judge::Rule(solve_unreachable_end)),
];

fn direction_opposite(data: &Value) -> Verdict {
    judged(data, |results: Vec<u8>| {
        let problems = (0u8..16)
            .zip(&results)
            .filter(|&(bits, &got)| got != opposite(bits))
            .map(|(bits, &got)| {
                format!(
                    "opposite of {} gave {}, expected {}",
                    direction_name(bits),
                    direction_name(got),
                    direction_name(opposite(bits))
                )
            })
            .collect();
        if results.len() != 16 {
            return Verdict::fail("the probe reported the wrong number of results");
        }
        Verdict::from_problems(problems, "opposite is right for all 16 sets of directions")
    })
}

#[derive(Deserialize)]
struct Equality {
    a: (i32, i32),
    b: (i32, i32),
    eq: bool,
    ne: bool,
}

fn position_equality(data: &Value) -> Verdict {
    judged(data, |pairs: Vec<Equality>| {
        let mut problems = Vec::new();
        for pair in pairs {
            let equal = pair.a == pair.b;
            if pair.eq != equal {
                problems.push(format!(
                    "{} == {} gave {}, expected {equal}",
                    show(pair.a),
                    show(pair.b),
                    pair.eq
                ));
            } else if pair.ne == equal {
                problems.push(format!(
                    "{} != {} gave {}, expected {}",
                    show(pair.a),
                    show(pair.b),
                    pair.ne,
                    !equal
                ));
            }
        }
        Verdict::from_problems(problems, "== and != compare both coordinates")
    })
}

#[derive(Deserialize)]
struct HashReport {
    equal_pairs: Vec<SameHash>,
    inserted: Vec<(i32, i32)>,
    set_len: usize,
    all_found: bool,
}

#[derive(Deserialize)]
struct SameHash {
    p: (i32, i32),
    same_hash: bool,
}

fn position_hash(data: &Value) -> Verdict {
    judged(data, |report: HashReport| {
        if let Some(pair) = report.equal_pairs.iter().find(|pair| !pair.same_hash) {
            return Verdict::fail(format!(
                "two equal positions {} got different hashes",
                show(pair.p)
            ));
        }
        let mut distinct = report.inserted.clone();
        distinct.sort_unstable();
        distinct.dedup();
        if report.set_len != distinct.len() {
            return Verdict::fail(format!(
                "a HashSet of {} positions ({} distinct) holds {}: equal positions must hash alike and unequal ones must compare unequal",
                report.inserted.len(),
                distinct.len(),
                report.set_len
            ));
        }
        if !report.all_found {
            return Verdict::fail("a position put into a HashSet could not be found again");
        }
        Verdict::pass("equal positions hash alike and a HashSet keeps distinct ones apart")
    })
}

#[derive(Deserialize)]
struct Shown {
    p: (i32, i32),
    text: String,
}

fn position_display(data: &Value) -> Verdict {
    judged(data, |shown: Vec<Shown>| {
        let problems = shown
            .iter()
            .filter(|s| s.text != show(s.p))
            .map(|s| {
                format!(
                    "Position {{ x: {}, y: {} }} displays as {:?}, expected {:?}",
                    s.p.0,
                    s.p.1,
                    s.text,
                    show(s.p)
                )
            })
            .collect();
        Verdict::from_problems(problems, "positions display as (x, y)")
    })
}

fn position_moved(data: &Value) -> Verdict {
    judged(data, |moved: Vec<(i32, i32)>| {
        if moved.len() != 16 {
            return Verdict::fail("the probe reported the wrong number of moves");
        }
        let problems = (0u8..16)
            .zip(&moved)
            .filter(|&(bits, &got)| got != step((3, 3), bits))
            .map(|(bits, &got)| {
                format!(
                    "(3, 3) moved {} gave {}, expected {} (north is y - 1)",
                    direction_name(bits),
                    show(got),
                    show(step((3, 3), bits))
                )
            })
            .collect();
        Verdict::from_problems(
            problems,
            "moved goes one step in every direction and combination",
        )
    })
}

#[derive(Deserialize)]
struct RandomDraws {
    x: (i32, i32),
    y: (i32, i32),
    positions: Vec<(i32, i32)>,
}

fn position_random(data: &Value) -> Verdict {
    judged(data, |draws: Vec<RandomDraws>| {
        for draw in &draws {
            let (xs, ys) = (draw.x.0..=draw.x.1, draw.y.0..=draw.y.1);
            if let Some(&p) = draw
                .positions
                .iter()
                .find(|p| !xs.contains(&p.0) || !ys.contains(&p.1))
            {
                return Verdict::fail(format!(
                    "Position::random({xs:?}, {ys:?}) gave {}, outside the ranges (is x drawn from the x range and y from the y range?)",
                    show(p)
                ));
            }
            for x in xs.clone() {
                if !draw.positions.iter().any(|p| p.0 == x) {
                    return Verdict::fail(format!(
                        "{} draws of Position::random({xs:?}, {ys:?}) never gave x = {x}: both ends of the range are included",
                        draw.positions.len()
                    ));
                }
            }
            for y in ys.clone() {
                if !draw.positions.iter().any(|p| p.1 == y) {
                    return Verdict::fail(format!(
                        "{} draws of Position::random({xs:?}, {ys:?}) never gave y = {y}: both ends of the range are included",
                        draw.positions.len()
                    ));
                }
            }
        }
        Verdict::pass("random positions cover both ranges, ends included, and stay inside")
    })
}

#[derive(Deserialize)]
struct CellReport {
    walls: u8,
    position: (i32, i32),
}

fn cell_default(data: &Value) -> Verdict {
    judged(data, |cell: CellReport| {
        if cell.walls != 15 {
            Verdict::fail(format!(
                "MazeCell::default() has walls {}, expected all four",
                direction_name(cell.walls)
            ))
        } else if cell.position != (0, 0) {
            Verdict::fail(format!(
                "MazeCell::default() is at {}, expected (0, 0)",
                show(cell.position)
            ))
        } else {
            Verdict::pass("the default cell is at (0, 0) with every wall")
        }
    })
}

#[derive(Deserialize)]
struct NewAndRemove {
    new: CellReport,
    removals: Vec<Removal>,
}

#[derive(Deserialize)]
struct Removal {
    start: u8,
    remove: u8,
    walls: u8,
    position: (i32, i32),
}

fn cell_new_and_remove_wall(data: &Value) -> Verdict {
    judged(data, |report: NewAndRemove| {
        if report.new.walls != (1 | 8) || report.new.position != (2, 3) {
            return Verdict::fail(format!(
                "MazeCell::new((2, 3), NORTH | WEST) gave a cell at {} with walls {}",
                show(report.new.position),
                direction_name(report.new.walls)
            ));
        }
        let problems = report
            .removals
            .iter()
            .filter(|r| r.walls != r.start & !r.remove || r.position != (1, 1))
            .map(|r| {
                format!(
                    "removing {} from walls {} left {}, expected {}",
                    direction_name(r.remove),
                    direction_name(r.start),
                    direction_name(r.walls),
                    direction_name(r.start & !r.remove)
                )
            })
            .collect();
        Verdict::from_problems(
            problems,
            "new keeps position and walls; remove_wall takes away exactly the walls given",
        )
    })
}

#[derive(Deserialize)]
struct SizeResult {
    size: (i32, i32),
    #[serde(default)]
    ok: Option<Value>,
    #[serde(default)]
    err: Option<String>,
}

fn valid_size((w, h): (i32, i32)) -> bool {
    (5..=50).contains(&w) && (5..=50).contains(&h)
}

/// Problems with the results of constructors called on valid and invalid sizes;
/// `dims` reads the width and height out of a success.
fn size_problems(
    results: &[SizeResult],
    what: &str,
    dims: impl Fn(&Value) -> Option<(i32, i32)>,
) -> Vec<String> {
    let mut problems = Vec::new();
    for result in results {
        let (w, h) = result.size;
        match (&result.ok, &result.err, valid_size(result.size)) {
            (Some(ok), _, true) if dims(ok) != Some((w, h)) => problems.push(format!(
                "{what}({w}, {h}) made a grid of the wrong size: {ok}"
            )),
            (_, Some(err), true) => problems.push(format!(
                "{what}({w}, {h}) was refused ({err}), but 5..=50 is allowed"
            )),
            (Some(_), _, false) => problems.push(format!(
                "{what}({w}, {h}) was accepted; sizes outside 5..=50 must be an Err"
            )),
            _ => {}
        }
    }
    problems
}

fn array_new_sizes(data: &Value) -> Verdict {
    judged(data, |results: Vec<SizeResult>| {
        let problems = size_problems(&results, "MazeCellArray::new", |ok| {
            Some((ok["width"].as_i64()? as i32, ok["height"].as_i64()? as i32))
        });
        Verdict::from_problems(
            problems,
            "sizes in 5..=50 make grids of that size; others are errors",
        )
    })
}

#[derive(Deserialize)]
struct Ranges {
    size: (i32, i32),
    x_range: (i32, i32),
    y_range: (i32, i32),
    contains: Vec<(i32, i32, bool)>,
}

fn array_ranges(data: &Value) -> Verdict {
    judged(data, |all: Vec<Ranges>| {
        let mut problems = Vec::new();
        for r in all {
            let (w, h) = r.size;
            if r.x_range != (0, w - 1) {
                problems.push(format!(
                    "x_range of a {w}x{h} array is {}..={}, expected 0..={}",
                    r.x_range.0,
                    r.x_range.1,
                    w - 1
                ));
            }
            if r.y_range != (0, h - 1) {
                let hint = if r.y_range == (0, w - 1) {
                    " (it returns the x range)"
                } else {
                    ""
                };
                problems.push(format!(
                    "y_range of a {w}x{h} array is {}..={}, expected 0..={}{hint}",
                    r.y_range.0,
                    r.y_range.1,
                    h - 1
                ));
            }
            for (x, y, inside) in r.contains {
                let expected = (0..w).contains(&x) && (0..h).contains(&y);
                if inside != expected {
                    problems.push(format!(
                        "contains({}) on a {w}x{h} array gave {inside}, expected {expected}",
                        show((x, y))
                    ));
                }
            }
        }
        Verdict::from_problems(
            problems,
            "ranges and contains follow width and height, on non-square arrays too",
        )
    })
}

#[derive(Deserialize)]
struct Indexers {
    size: (i32, i32),
    positions: Vec<Vec<(i32, i32)>>,
    written_by_pair_read_by_position: Vec<Vec<u8>>,
    written_by_position_read_by_pair: Vec<Vec<u8>>,
}

fn array_indexers(data: &Value) -> Verdict {
    judged(data, |report: Indexers| {
        let (w, h) = report.size;
        for y in 0..h {
            for x in 0..w {
                let (ux, uy) = (x as usize, y as usize);
                let position = report.positions.get(uy).and_then(|row| row.get(ux));
                if position != Some(&(x, y)) {
                    return Verdict::fail(format!(
                        "in a new {w}x{h} array the cell at index ({x}, {y}) says it is at {}",
                        position.map_or("nowhere".to_owned(), |&p| show(p))
                    ));
                }
                let first = ((x * 3 + y * 5) % 16) as u8;
                let second = ((x * 7 + y) % 16) as u8;
                let by_position = report
                    .written_by_pair_read_by_position
                    .get(uy)
                    .and_then(|row| row.get(ux));
                if by_position != Some(&first) {
                    return Verdict::fail(format!(
                        "walls written through array[({x}, {y})] read back through array[Position::new({x}, {y})] as {by_position:?}, expected {first}: the two indexers disagree"
                    ));
                }
                let by_pair = report
                    .written_by_position_read_by_pair
                    .get(uy)
                    .and_then(|row| row.get(ux));
                if by_pair != Some(&second) {
                    return Verdict::fail(format!(
                        "walls written through array[Position::new({x}, {y})] read back through array[({x}, {y})] as {by_pair:?}, expected {second}"
                    ));
                }
            }
        }
        Verdict::pass("both indexers reach the same cell everywhere on a 7x13 array")
    })
}

#[derive(Deserialize)]
struct ResetResize {
    after_reset: Grid,
    resize_8x5: bool,
    after_resize: Grid,
    positions_after_resize: Vec<(i32, i32)>,
    resize_3x7: Option<String>,
    size_after_refused_resize: (i32, i32),
    after_resize_50x5: WideRanges,
}

#[derive(Deserialize)]
struct WideRanges {
    x_range: (i32, i32),
    y_range: (i32, i32),
    width: i32,
    height: i32,
}

fn all_walls_up(grid: &Grid) -> bool {
    grid.walls.iter().flatten().all(|&w| w == 15)
}

fn array_reset_and_resize(data: &Value) -> Verdict {
    judged(data, |r: ResetResize| {
        if (r.after_reset.width, r.after_reset.height) != (6, 9) || !all_walls_up(&r.after_reset) {
            return Verdict::fail(
                "after reset() a 6x9 array does not have every wall of every cell up",
            );
        }
        if !r.resize_8x5 {
            return Verdict::fail("resize(8, 5) was refused");
        }
        if (r.after_resize.width, r.after_resize.height) != (8, 5) || !all_walls_up(&r.after_resize)
        {
            return Verdict::fail(format!(
                "after resize(8, 5) the array is {}x{} and its walls are not all up",
                r.after_resize.width, r.after_resize.height
            ));
        }
        let expected: Vec<(i32, i32)> = (0..5).flat_map(|y| (0..8).map(move |x| (x, y))).collect();
        if r.positions_after_resize != expected {
            return Verdict::fail("after resize(8, 5) some cells do not know their own position");
        }
        if r.resize_3x7.is_none() {
            return Verdict::fail("resize(3, 7) was accepted; widths below 5 must be an Err");
        }
        if r.size_after_refused_resize != (8, 5) {
            return Verdict::fail(format!(
                "a refused resize(3, 7) changed the size to {}x{}; it must leave the array as it was",
                r.size_after_refused_resize.0, r.size_after_refused_resize.1
            ));
        }
        let wide = &r.after_resize_50x5;
        if (wide.width, wide.height, wide.x_range, wide.y_range) != (50, 5, (0, 49), (0, 4)) {
            return Verdict::fail(format!(
                "after resize(50, 5): width {}, height {}, x_range 0..={}, y_range 0..={}; expected 50, 5, 0..=49, 0..=4",
                wide.width, wide.height, wide.x_range.1, wide.y_range.1
            ));
        }
        Verdict::pass(
            "reset puts every wall up; resize changes the size, and a refused resize changes nothing",
        )
    })
}

#[derive(Deserialize)]
struct NeighborQuery {
    from: (i32, i32),
    #[serde(default)]
    exclude: u8,
    neighbors: Vec<(u8, i32, i32)>,
}

fn neighbor_problems(
    queries: &[NeighborQuery],
    what: &str,
    expected: impl Fn(&NeighborQuery) -> Vec<(u8, i32, i32)>,
) -> Vec<String> {
    let list = |n: &[(u8, i32, i32)]| {
        let items: Vec<String> = n
            .iter()
            .map(|&(d, x, y)| format!("{} → {}", direction_name(d), show((x, y))))
            .collect();
        format!("[{}]", items.join(", "))
    };
    queries
        .iter()
        .filter_map(|q| {
            let want = expected(q);
            (q.neighbors != want).then(|| {
                let exclude = if q.exclude != 0 {
                    format!(", excluding {}", direction_name(q.exclude))
                } else {
                    String::new()
                };
                format!(
                    "{what}({}{exclude}) gave {}, expected {} (in N, S, E, W order)",
                    show(q.from),
                    list(&q.neighbors),
                    list(&want)
                )
            })
        })
        .collect()
}

fn array_neighbors_with_all_walls(data: &Value) -> Verdict {
    // The probe's 5x7 grid: (0, 2) and (0, 1) share an opening, and so do (2, 2) and (3, 2).
    let opened = [(0, 2), (0, 1), (2, 2), (3, 2)];
    judged(data, |queries: Vec<NeighborQuery>| {
        let problems = neighbor_problems(&queries, "neighbors_with_all_walls", |q| {
            CARDINALS
                .into_iter()
                .map(|d| (d, step(q.from, d)))
                .filter(|&(_, (x, y))| {
                    (0..5).contains(&x) && (0..7).contains(&y) && !opened.contains(&(x, y))
                })
                .map(|(d, (x, y))| (d, x, y))
                .collect()
        });
        Verdict::from_problems(
            problems,
            "only untouched neighbours inside the grid, in N, S, E, W order",
        )
    })
}

fn array_accessible_neighbors(data: &Value) -> Verdict {
    // The probe's 6x8 grid: (2, 2) is open on all four sides, (5, 7) to the north and
    // (0, 0) to the east; every other wall is up.
    let openings = [
        ((2, 2), 1u8),
        ((2, 2), 2),
        ((2, 2), 4),
        ((2, 2), 8),
        ((5, 7), 1),
        ((0, 0), 4),
    ];
    let open = |from: (i32, i32), d: u8| {
        openings.iter().any(|&(cell, dir)| {
            (cell == from && dir == d) || (step(cell, dir) == from && opposite(dir) == d)
        })
    };
    judged(data, |queries: Vec<NeighborQuery>| {
        let problems = neighbor_problems(&queries, "accessible_neighbors", |q| {
            CARDINALS
                .into_iter()
                .filter(|&d| d & q.exclude == 0 && open(q.from, d))
                .map(|d| {
                    let (x, y) = step(q.from, d);
                    (d, x, y)
                })
                .collect()
        });
        Verdict::from_problems(
            problems,
            "only neighbours behind open walls, without the excluded direction, in N, S, E, W order",
        )
    })
}

#[derive(Deserialize)]
struct Removals {
    removals: Vec<(i32, i32, u8)>,
    array: Grid,
}

/// The grid a fresh array becomes after `removals`, done right.
fn expected_after(width: i32, height: i32, removals: &[(i32, i32, u8)]) -> Grid {
    let mut grid = Grid {
        width,
        height,
        walls: vec![vec![15; width as usize]; height as usize],
    };
    for &(x, y, d) in removals {
        let to = step((x, y), d);
        if grid.inside((x, y)) && grid.inside(to) {
            grid.walls[y as usize][x as usize] &= !d;
            grid.walls[to.1 as usize][to.0 as usize] &= !opposite(d);
        }
    }
    grid
}

/// What the first call of `removals` whose effect is wrong did wrong, if one did.
fn wrong_removal(r: &Removals) -> Option<String> {
    for &(x, y, d) in &r.removals {
        let call = format!("remove_cell_wall({}, {})", show((x, y)), direction_name(d));
        let to = step((x, y), d);
        let here_open = r.array.at((x, y)) & d == 0;
        if !r.array.inside(to) {
            if here_open {
                return Some(format!(
                    "{call} opened the outer border; a border wall must stay up"
                ));
            }
            continue;
        }
        let there_open = r.array.at(to) & opposite(d) == 0;
        match (here_open, there_open) {
            (true, false) => {
                return Some(format!(
                    "{call} opened {} but left the {} wall of its neighbour {}: remove both sides",
                    show((x, y)),
                    direction_name(opposite(d)).to_lowercase(),
                    show(to)
                ));
            }
            (false, true) => {
                return Some(format!(
                    "{call} opened the neighbour {} but not {} itself",
                    show(to),
                    show((x, y))
                ));
            }
            (false, false) => {
                return Some(format!(
                    "{call} left the wall between {} and {} standing",
                    show((x, y)),
                    show(to)
                ));
            }
            (true, true) => {}
        }
    }
    None
}

fn removal_verdict(data: &Value, summary: &str) -> Verdict {
    judged(data, |r: Removals| {
        let expected = expected_after(r.array.width, r.array.height, &r.removals);
        if let Some(problem) = wrong_removal(&r) {
            return Verdict::fail_with_diff(
                problem,
                &expected.render(None, None),
                &r.array.render(None, None),
            );
        }
        let mut problems = Vec::new();
        for y in 0..expected.height {
            for x in 0..expected.width {
                let (want, got) = (expected.at((x, y)), r.array.at((x, y)));
                if want != got {
                    let border = if x == 0
                        || y == 0
                        || x == expected.width - 1
                        || y == expected.height - 1
                    {
                        " (a border cell)"
                    } else {
                        ""
                    };
                    problems.push(format!(
                        "after {} the cell {}{border} has walls {}, expected {}",
                        r.removals
                            .iter()
                            .map(|&(x, y, d)| format!(
                                "remove_cell_wall({}, {})",
                                show((x, y)),
                                direction_name(d)
                            ))
                            .collect::<Vec<_>>()
                            .join(", "),
                        show((x, y)),
                        direction_name(got),
                        direction_name(want)
                    ));
                }
            }
        }
        if problems.is_empty() {
            return Verdict::pass(summary);
        }
        let actual = r.array.render(None, None);
        Verdict::fail_with_diff(
            problems.swap_remove(0),
            &expected.render(None, None),
            &actual,
        )
    })
}

fn array_remove_cell_wall(data: &Value) -> Verdict {
    removal_verdict(data, "removing a wall opens both cells")
}

fn array_border_stays_closed(data: &Value) -> Verdict {
    removal_verdict(data, "walls on the outer border never come down")
}

#[derive(Deserialize)]
struct MazeSizes {
    new: Vec<SizeResult>,
    default: (i32, i32),
    resize_2x6: Option<String>,
    size_after_refused_resize: (i32, i32),
}

fn maze_size_validation(data: &Value) -> Verdict {
    judged(data, |r: MazeSizes| {
        let mut problems = size_problems(&r.new, "Maze::new", |ok| {
            serde_json::from_value(ok.clone()).ok()
        });
        if r.default != (5, 5) {
            problems.push(format!(
                "Maze::default() is {}x{}, expected 5x5",
                r.default.0, r.default.1
            ));
        }
        if r.resize_2x6.is_none() {
            problems
                .push("Maze::resize(2, 6) was accepted; widths below 5 must be an Err".to_owned());
        }
        if r.size_after_refused_resize != (9, 6) {
            problems.push("a refused Maze::resize changed the maze's size".to_owned());
        }
        Verdict::from_problems(problems, "Maze sizes are checked against 5..=50")
    })
}

#[derive(Deserialize)]
struct ComplexityAttempt {
    complexity: String,
    create: Option<String>,
    created: bool,
    solve: Option<String>,
}

fn maze_complexity_validation(data: &Value) -> Verdict {
    judged(data, |attempts: Vec<ComplexityAttempt>| {
        let mut problems = Vec::new();
        for a in attempts {
            let allowed = a
                .complexity
                .parse::<f64>()
                .is_ok_and(|c| (0.0..=1.0).contains(&c));
            match (allowed, a.created) {
                (true, false) => problems.push(format!(
                    "create with complexity {} was refused ({}), but 0..=1 is allowed",
                    a.complexity,
                    a.create.unwrap_or_default()
                )),
                (false, true) => problems.push(format!(
                    "create with complexity {} was accepted; anything outside 0..=1{} must be an Err",
                    a.complexity,
                    if a.complexity == "NaN" { " (NaN included: it is not a number in 0..=1)" } else { "" }
                )),
                (false, false) if a.solve.as_deref() != Some("NotCreated") => problems.push(format!(
                    "after a refused create (complexity {}), solve gave {:?} instead of Err(NotCreated): a refused create must not mark the maze created",
                    a.complexity, a.solve
                )),
                _ => {}
            }
        }
        Verdict::from_problems(
            problems,
            "complexities outside 0..=1 are refused and leave the maze uncreated",
        )
    })
}

fn maze_problems(maze: &MazeData) -> Option<String> {
    if let Some(problem) = maze.grid.imperfection() {
        return Some(format!(
            "the {} maze is not perfect: {problem}",
            maze.name()
        ));
    }
    if !maze.grid.inside(maze.start) || !maze.grid.inside(maze.end) {
        return Some(format!(
            "the {} maze has start {} and end {}, not both inside",
            maze.name(),
            show(maze.start),
            show(maze.end)
        ));
    }
    None
}

fn mazes_are_perfect(data: &Value) -> Verdict {
    judged(data, |mazes: Vec<MazeData>| {
        for maze in &mazes {
            if let Some(problem) = maze_problems(maze) {
                let mut verdict = Verdict::fail(problem);
                verdict.diff = Some(maze.grid.render(Some(maze.start), Some(maze.end)));
                return verdict;
            }
        }
        let sizes: Vec<String> = mazes
            .iter()
            .map(|m| format!("{}x{}", m.grid.width, m.grid.height))
            .collect();
        Verdict::pass(format!("perfect: {}", sizes.join(", ")))
    })
}

#[derive(Deserialize)]
struct StartEnd {
    size: (i32, i32),
    start: (i32, i32),
    end: (i32, i32),
}

fn maze_start_end_distinct(data: &Value) -> Verdict {
    judged(data, |mazes: Vec<StartEnd>| {
        for m in &mazes {
            let inside =
                |(x, y): (i32, i32)| (0..m.size.0).contains(&x) && (0..m.size.1).contains(&y);
            if m.start == m.end {
                return Verdict::fail(format!(
                    "a {}x{} maze has start and end both at {}",
                    m.size.0,
                    m.size.1,
                    show(m.start)
                ));
            }
            if !inside(m.start) || !inside(m.end) {
                return Verdict::fail(format!(
                    "a {}x{} maze has start {} and end {}: both must be inside",
                    m.size.0,
                    m.size.1,
                    show(m.start),
                    show(m.end)
                ));
            }
        }
        let starts: std::collections::HashSet<(i32, i32)> = mazes.iter().map(|m| m.start).collect();
        if starts.len() < 5 {
            return Verdict::fail(format!(
                "{} mazes made from different seeds used only {} start cells: is the start drawn from the MazeRng?",
                mazes.len(),
                starts.len()
            ));
        }
        Verdict::pass(format!(
            "{} mazes: start and end always distinct and inside",
            mazes.len()
        ))
    })
}

#[derive(Deserialize)]
struct SameSeed {
    first: MazeData,
    again: MazeData,
    other_seed: MazeData,
}

fn same_maze(a: &MazeData, b: &MazeData) -> bool {
    a.grid.walls == b.grid.walls && a.start == b.start && a.end == b.end
}

fn maze_same_seed_same_maze(data: &Value) -> Verdict {
    judged(data, |r: SameSeed| {
        if !same_maze(&r.first, &r.again) {
            return Verdict::fail_with_diff(
                "two mazes created from the same seed differ: use only the MazeRng you are given for every random choice",
                &r.first.grid.render(Some(r.first.start), Some(r.first.end)),
                &r.again.grid.render(Some(r.again.start), Some(r.again.end)),
            );
        }
        if same_maze(&r.first, &r.other_seed) {
            return Verdict::fail(
                "mazes created from seeds 77 and 78 are identical: the MazeRng is not being used",
            );
        }
        Verdict::pass("the same seed gives the same maze; another seed another maze")
    })
}

fn render_reference_mazes(data: &Value) -> Result<String, String> {
    let mazes: Vec<MazeData> = super::read(data).map_err(|v| v.message)?;
    Ok(mazes
        .iter()
        .map(|m| {
            format!(
                "{} (start {}, end {})\n{}",
                m.name(),
                show(m.start),
                show(m.end),
                m.grid.render(Some(m.start), Some(m.end))
            )
        })
        .collect::<Vec<_>>()
        .join("\n"))
}

#[derive(Deserialize)]
struct Texture {
    complexity: f64,
    walls: Vec<Vec<Vec<u8>>>,
}

/// The share of cells a corridor passes straight through: open exactly north and
/// south, or exactly east and west.
fn straight_share(walls: &[Vec<u8>]) -> f64 {
    let cells: Vec<u8> = walls.iter().flatten().copied().collect();
    let straight = cells
        .iter()
        .filter(|&&w| w == (4 | 8) || w == (1 | 2))
        .count();
    straight as f64 / cells.len().max(1) as f64
}

fn maze_complexity_texture(data: &Value) -> Verdict {
    judged(data, |groups: Vec<Texture>| {
        for group in &groups {
            for walls in &group.walls {
                let grid = Grid {
                    width: walls.first().map_or(0, Vec::len) as i32,
                    height: walls.len() as i32,
                    walls: walls.clone(),
                };
                if let Some(problem) = grid.imperfection() {
                    return Verdict::fail(format!(
                        "a maze made with complexity {} is not perfect: {problem}",
                        group.complexity
                    ));
                }
            }
        }
        let shares: Vec<(f64, f64)> = groups
            .iter()
            .map(|g| {
                (
                    g.complexity,
                    g.walls.iter().map(|w| straight_share(w)).sum::<f64>()
                        / g.walls.len().max(1) as f64,
                )
            })
            .collect();
        let described: Vec<String> = shares
            .iter()
            .map(|(c, s)| format!("complexity {c}: {:.0}% straight", s * 100.0))
            .collect();
        let falls = shares.windows(2).all(|w| w[0].1 > w[1].1);
        let spread = shares.first().map_or(0.0, |f| f.1) - shares.last().map_or(0.0, |l| l.1);
        if falls && spread > 0.15 {
            Verdict::pass(format!(
                "corridors get twistier as complexity rises ({})",
                described.join(", ")
            ))
        } else {
            Verdict::fail(format!(
                "the share of cells a corridor passes straight through should fall clearly as complexity rises, but: {}. \
                 Keep the heading when the chance is greater than the complexity",
                described.join(", ")
            ))
        }
    })
}

#[derive(Deserialize)]
struct SolveOnly {
    solve: Option<String>,
}

fn solve_before_create(data: &Value) -> Verdict {
    judged(data, |r: SolveOnly| match r.solve.as_deref() {
        Some("NotCreated") => Verdict::pass("solve before create is Err(NotCreated)"),
        Some(other) => Verdict::fail(format!(
            "solve before create gave Err({other}), expected Err(NotCreated)"
        )),
        None => {
            Verdict::fail("solve before create succeeded; it must be Err(SolveError::NotCreated)")
        }
    })
}

fn solved_mazes(data: &Value, also_unique: bool) -> Verdict {
    judged(data, |mazes: Vec<MazeData>| {
        for maze in &mazes {
            if let Some(problem) = maze_problems(maze) {
                return Verdict::fail(format!("{problem} (so it cannot be solved reliably)"));
            }
            let Some(path) = &maze.solution else {
                return Verdict::fail(format!(
                    "solving the {} maze failed: {}",
                    maze.name(),
                    maze.error.as_deref().unwrap_or("no solution")
                ));
            };
            if let Err(problem) = maze.grid.walk(maze.start, maze.end, path) {
                return Verdict::fail(format!(
                    "the solution of the {} maze is not a path from start to end: {problem}",
                    maze.name()
                ));
            }
            if also_unique {
                let unique = maze
                    .grid
                    .shortest_path(maze.start, maze.end)
                    .unwrap_or_default();
                if *path != unique {
                    return Verdict::fail(format!(
                        "the solution of the {} maze has {} steps, but the one path from start to end has {}: it must not wander or step back",
                        maze.name(),
                        path.len(),
                        unique.len()
                    ));
                }
            }
        }
        Verdict::pass(format!("{} mazes solved", mazes.len()))
    })
}

fn solve_path_valid(data: &Value) -> Verdict {
    solved_mazes(data, false)
}

fn solve_path_unique(data: &Value) -> Verdict {
    solved_mazes(data, true)
}

fn solve_maze_with_loops(data: &Value) -> Verdict {
    judged(data, |maze: MazeData| {
        match (&maze.solution, maze.error.as_deref()) {
            (Some(path), _) => match maze.grid.walk(maze.start, maze.end, path) {
                Ok(()) => Verdict::pass("on a maze full of loops solve ended with a valid path"),
                Err(problem) => Verdict::fail(format!(
                    "on a maze full of loops the solution is not a path: {problem}"
                )),
            },
            (None, Some(error)) if error.starts_with("PathTooLong") => {
                Verdict::pass("on a maze full of loops solve ended with Err(PathTooLong)")
            }
            (None, Some(error)) if error.starts_with("Timeout") => Verdict::fail(
                "on a maze full of loops solve ran until its timeout: stop as soon as a path is longer than the maze has cells (the length guard)",
            ),
            (None, error) => Verdict::fail(format!(
                "on a maze full of loops solve failed with {error:?}"
            )),
        }
    })
}

#[derive(Deserialize)]
struct Unreachable {
    end: (i32, i32),
    solve: Result<usize, String>,
}

fn solve_unreachable_end(data: &Value) -> Verdict {
    judged(data, |r: Unreachable| match r.solve {
        Err(error) if error.starts_with("NoPath") => {
            Verdict::pass("a walled-in end gives Err(NoPath)")
        }
        Err(error) => Verdict::fail(format!(
            "with the end {} walled in, solve gave Err({error}); expected Err(NoPath) as soon as every task has stopped",
            show(r.end)
        )),
        Ok(steps) => Verdict::fail(format!(
            "with the end {} walled in, solve returned a path of {steps} steps",
            show(r.end)
        )),
    })
}
