//! Part 1 checks: each calls the student's code on fixed inputs and returns what it
//! produced. Walls are reported as bits (N=1, S=2, E=4, W=8), positions as `[x, y]`,
//! errors as their `Debug` text. Expected values live in the grader, not here.

use std::collections::HashSet;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::time::Duration;

use maze::{Direction, DirectionExt, Maze, MazeCell, MazeCellArray, MazeRng, Position};
use serde_json::{Value, json};

use crate::{Context, Producer};

/// The Part 1 checks, by the names the rubric uses.
pub const CHECKS: &[(&str, Producer)] = &[
    ("direction_opposite", direction_opposite),
    ("position_equality", position_equality),
    ("position_hash", position_hash),
    ("position_display", position_display),
    ("position_moved", position_moved),
    ("position_random", position_random),
    ("cell_default", cell_default),
    ("cell_new_and_remove_wall", cell_new_and_remove_wall),
    ("array_new_sizes", array_new_sizes),
    ("array_ranges", array_ranges),
    ("array_indexers", array_indexers),
    ("array_reset_and_resize", array_reset_and_resize),
    ("array_neighbors_with_all_walls", array_neighbors_with_all_walls),
    ("array_accessible_neighbors", array_accessible_neighbors),
    ("array_remove_cell_wall", array_remove_cell_wall),
    ("array_border_stays_closed", array_border_stays_closed),
    ("maze_size_validation", maze_size_validation),
    ("maze_complexity_validation", maze_complexity_validation),
    ("maze_perfect_square", maze_perfect_square),
    ("maze_perfect_non_square", maze_perfect_non_square),
    ("maze_start_end_distinct", maze_start_end_distinct),
    ("maze_same_seed_same_maze", maze_same_seed_same_maze),
    ("maze_matches_reference", maze_matches_reference),
    ("maze_complexity_texture", maze_complexity_texture),
    ("solve_before_create", solve_before_create),
    ("solve_path_valid", solve_path_valid),
    ("solve_path_unique", solve_path_unique),
    ("solve_maze_with_loops", solve_maze_with_loops),
    ("solve_unreachable_end", solve_unreachable_end),
];

fn pos(p: Position) -> Value {
    json!([p.x, p.y])
}

fn dir(bits: u8) -> Direction {
    Direction::from_bits_retain(bits)
}

/// The walls of a grid, row by row, read through the `(x, y)` indexer.
fn grid_walls(width: i32, height: i32, cell: impl Fn(i32, i32) -> MazeCell) -> Value {
    let rows: Vec<Vec<u8>> =
        (0..height).map(|y| (0..width).map(|x| cell(x, y).walls.bits()).collect()).collect();
    json!(rows)
}

fn array_json(array: &MazeCellArray) -> Value {
    json!({
        "width": array.width(),
        "height": array.height(),
        "walls": grid_walls(array.width(), array.height(), |x, y| array[(x, y)]),
    })
}

fn maze_json(maze: &Maze) -> Value {
    json!({
        "width": maze.width(),
        "height": maze.height(),
        "start": pos(maze.start()),
        "end": pos(maze.end()),
        "walls": grid_walls(maze.width(), maze.height(), |x, y| maze[(x, y)]),
    })
}

fn created(width: i32, height: i32, complexity: f64, seed: u64) -> Maze {
    let mut maze = Maze::new(width, height).expect("Maze::new on a valid size");
    maze.create(complexity, &mut MazeRng::seed_from_u64(seed)).expect("Maze::create on a valid complexity");
    maze
}

fn created_json(specs: &[(i32, i32, f64, u64)]) -> Value {
    let mazes: Vec<Value> = specs
        .iter()
        .map(|&(w, h, c, seed)| {
            let mut value = maze_json(&created(w, h, c, seed));
            value["label"] = json!(format!("{w}x{h}, complexity {c}, seed {seed}"));
            value
        })
        .collect();
    json!(mazes)
}

fn direction_opposite(_: &Context) -> Value {
    json!((0u8..16).map(|bits| dir(bits).opposite().bits()).collect::<Vec<_>>())
}

const PAIRS: [((i32, i32), (i32, i32)); 8] = [
    ((3, 4), (3, 4)),
    ((3, 4), (4, 3)),
    ((3, 4), (3, 5)),
    ((3, 4), (2, 4)),
    ((0, 0), (0, 0)),
    ((-1, 7), (-1, 7)),
    ((5, 5), (6, 6)),
    ((12, 0), (0, 12)),
];

fn position_equality(_: &Context) -> Value {
    let results: Vec<Value> = PAIRS
        .iter()
        .map(|&((ax, ay), (bx, by))| {
            let (a, b) = (Position::new(ax, ay), Position::new(bx, by));
            json!({ "a": [ax, ay], "b": [bx, by], "eq": a == b, "ne": a != b })
        })
        .collect();
    json!(results)
}

fn hash_of(p: Position) -> u64 {
    let mut hasher = DefaultHasher::new();
    p.hash(&mut hasher);
    hasher.finish()
}

fn position_hash(_: &Context) -> Value {
    let equal_pairs: Vec<Value> = PAIRS
        .iter()
        .filter(|(a, b)| a == b)
        .map(|&((x, y), _)| json!({ "p": [x, y], "same_hash": hash_of(Position::new(x, y)) == hash_of(Position::new(x, y)) }))
        .collect();
    let coordinates: Vec<(i32, i32)> =
        vec![(1, 2), (2, 1), (1, 2), (0, 0), (3, 3), (0, 0), (2, 1), (-4, 4), (4, -4)];
    let set: HashSet<Position> = coordinates.iter().map(|&(x, y)| Position::new(x, y)).collect();
    let found: Vec<bool> = coordinates.iter().map(|&(x, y)| set.contains(&Position::new(x, y))).collect();
    json!({
        "equal_pairs": equal_pairs,
        "inserted": coordinates,
        "set_len": set.len(),
        "all_found": found.iter().all(|&f| f),
    })
}

fn position_display(_: &Context) -> Value {
    let positions = [(3, 4), (0, 0), (-1, 12), (49, 5)];
    json!(positions
        .iter()
        .map(|&(x, y)| json!({ "p": [x, y], "text": Position::new(x, y).to_string() }))
        .collect::<Vec<_>>())
}

fn position_moved(_: &Context) -> Value {
    let from = Position::new(3, 3);
    json!((0u8..16).map(|bits| pos(from.moved(dir(bits)))).collect::<Vec<_>>())
}

fn position_random(_: &Context) -> Value {
    let mut rng = MazeRng::seed_from_u64(2024);
    let draws = |x: std::ops::RangeInclusive<i32>, y: std::ops::RangeInclusive<i32>, rng: &mut MazeRng| {
        (0..600).map(|_| pos(Position::random(x.clone(), y.clone(), rng))).collect::<Vec<_>>()
    };
    json!([
        { "x": [0, 4], "y": [10, 12], "positions": draws(0..=4, 10..=12, &mut rng) },
        { "x": [7, 7], "y": [-3, 3], "positions": draws(7..=7, -3..=3, &mut rng) },
        { "x": [0, 49], "y": [0, 4], "positions": draws(0..=49, 0..=4, &mut rng) },
    ])
}

fn cell_default(_: &Context) -> Value {
    let cell = MazeCell::default();
    json!({ "walls": cell.walls.bits(), "position": pos(cell.position) })
}

fn cell_new_and_remove_wall(_: &Context) -> Value {
    let made = MazeCell::new(Position::new(2, 3), dir(1 | 8));
    let remove = |start: u8, wall: u8| {
        let mut cell = MazeCell::new(Position::new(1, 1), dir(start));
        cell.remove_wall(dir(wall));
        json!({ "start": start, "remove": wall, "walls": cell.walls.bits(), "position": pos(cell.position) })
    };
    json!({
        "new": { "walls": made.walls.bits(), "position": pos(made.position) },
        "removals": [remove(15, 4), remove(15, 1), remove(1, 2), remove(15, 3), remove(6, 6), remove(0, 8), remove(15, 15)],
    })
}

fn array_new_sizes(_: &Context) -> Value {
    let sizes = [(5, 5), (50, 50), (5, 50), (50, 5), (12, 7), (4, 5), (5, 4), (51, 5), (5, 51), (0, 0), (-5, 5)];
    json!(sizes
        .iter()
        .map(|&(w, h)| match MazeCellArray::new(w, h) {
            Ok(array) => json!({ "size": [w, h], "ok": { "width": array.width(), "height": array.height() } }),
            Err(error) => json!({ "size": [w, h], "err": format!("{error:?}") }),
        })
        .collect::<Vec<_>>())
}

fn array_ranges(_: &Context) -> Value {
    let sizes = [(5, 50), (50, 5), (7, 13), (20, 20)];
    json!(sizes
        .iter()
        .map(|&(w, h)| {
            let array = MazeCellArray::new(w, h).expect("MazeCellArray::new on a valid size");
            let (x, y) = (array.x_range(), array.y_range());
            let probes = [(0, 0), (w - 1, h - 1), (h - 1, w - 1), (w, 0), (0, h), (-1, 0)];
            json!({
                "size": [w, h],
                "x_range": [x.start(), x.end()],
                "y_range": [y.start(), y.end()],
                "contains": probes.iter().map(|&(px, py)| json!([px, py, array.contains(Position::new(px, py))])).collect::<Vec<_>>(),
            })
        })
        .collect::<Vec<_>>())
}

fn array_indexers(_: &Context) -> Value {
    let (w, h) = (7, 13);
    let mut array = MazeCellArray::new(w, h).expect("MazeCellArray::new(7, 13)");
    let positions: Vec<Vec<Value>> =
        (0..h).map(|y| (0..w).map(|x| pos(array[(x, y)].position)).collect()).collect();
    // Write through one indexer, read through the other.
    for y in 0..h {
        for x in 0..w {
            array[(x, y)].walls = dir(((x * 3 + y * 5) % 16) as u8);
        }
    }
    let via_position = grid_walls(w, h, |x, y| array[Position::new(x, y)]);
    for y in 0..h {
        for x in 0..w {
            array[Position::new(x, y)].walls = dir(((x * 7 + y) % 16) as u8);
        }
    }
    let via_pair = grid_walls(w, h, |x, y| array[(x, y)]);
    json!({ "size": [w, h], "positions": positions, "written_by_pair_read_by_position": via_position, "written_by_position_read_by_pair": via_pair })
}

fn array_reset_and_resize(_: &Context) -> Value {
    let mut array = MazeCellArray::new(6, 9).expect("MazeCellArray::new(6, 9)");
    array[(2, 3)].walls = Direction::NONE;
    array[(5, 8)].walls = Direction::NORTH;
    array.reset();
    let after_reset = array_json(&array);
    let grown = array.resize(8, 5).map_err(|e| format!("{e:?}"));
    let after_resize = array_json(&array);
    let positions_after_resize: Vec<Value> =
        (0..array.height()).flat_map(|y| (0..array.width()).map(move |x| (x, y))).map(|(x, y)| pos(array[(x, y)].position)).collect();
    let refused = array.resize(3, 7).map_err(|e| format!("{e:?}"));
    let after_refused = json!([array.width(), array.height()]);
    array.resize(50, 5).expect("resize to 50x5");
    let wide = json!({ "x_range": [array.x_range().start(), array.x_range().end()], "y_range": [array.y_range().start(), array.y_range().end()], "width": array.width(), "height": array.height() });
    json!({
        "after_reset": after_reset,
        "resize_8x5": grown.is_ok(),
        "after_resize": after_resize,
        "positions_after_resize": positions_after_resize,
        "resize_3x7": refused.err(),
        "size_after_refused_resize": after_refused,
        "after_resize_50x5": wide,
    })
}

fn neighbor_list(map: &std::collections::BTreeMap<Direction, Position>) -> Value {
    json!(map.iter().map(|(d, p)| json!([d.bits(), p.x, p.y])).collect::<Vec<_>>())
}

fn array_neighbors_with_all_walls(_: &Context) -> Value {
    // The handout's example, on a 5x7 grid: (0, 2) lost its north wall and (2, 2) its
    // east wall, so from (1, 2) only north and south still have all four walls.
    let mut array = MazeCellArray::new(5, 7).expect("MazeCellArray::new(5, 7)");
    array[(0, 2)].walls = dir(15 & !1);
    array[(0, 1)].walls = dir(15 & !2);
    array[(2, 2)].walls = dir(15 & !4);
    array[(3, 2)].walls = dir(15 & !8);
    let queries = [(1, 2), (0, 0), (4, 6), (4, 0), (0, 6), (2, 4), (3, 2)];
    json!(queries
        .iter()
        .map(|&(x, y)| json!({ "from": [x, y], "neighbors": neighbor_list(&array.neighbors_with_all_walls(Position::new(x, y))) }))
        .collect::<Vec<_>>())
}

fn open(array: &mut MazeCellArray, (x, y): (i32, i32), d: u8) {
    // Opened by hand, both sides, so this check does not depend on remove_cell_wall.
    let here = Position::new(x, y);
    let there = match d {
        1 => Position::new(x, y - 1),
        2 => Position::new(x, y + 1),
        4 => Position::new(x + 1, y),
        _ => Position::new(x - 1, y),
    };
    let back = match d {
        1 => 2,
        2 => 1,
        4 => 8,
        _ => 4,
    };
    array[here].walls = dir(array[here].walls.bits() & !d);
    array[there].walls = dir(array[there].walls.bits() & !back);
}

fn array_accessible_neighbors(_: &Context) -> Value {
    let mut array = MazeCellArray::new(6, 8).expect("MazeCellArray::new(6, 8)");
    for d in [1, 2, 4, 8] {
        open(&mut array, (2, 2), d);
    }
    open(&mut array, (5, 7), 1);
    open(&mut array, (0, 0), 4);
    let queries: [((i32, i32), u8); 8] =
        [((2, 2), 0), ((2, 2), 2), ((2, 2), 8), ((2, 1), 0), ((2, 1), 2), ((5, 7), 0), ((0, 0), 0), ((4, 4), 0)];
    json!(queries
        .iter()
        .map(|&((x, y), exclude)| json!({
            "from": [x, y],
            "exclude": exclude,
            "neighbors": neighbor_list(&array.accessible_neighbors(Position::new(x, y), dir(exclude))),
        }))
        .collect::<Vec<_>>())
}

fn array_remove_cell_wall(_: &Context) -> Value {
    let mut array = MazeCellArray::new(5, 7).expect("MazeCellArray::new(5, 7)");
    let removals = [((1, 1), 4), ((3, 5), 2), ((4, 6), 1), ((2, 0), 8), ((0, 3), 4), ((4, 2), 8)];
    for &((x, y), d) in &removals {
        array.remove_cell_wall(Position::new(x, y), dir(d));
    }
    json!({ "removals": removals.iter().map(|&((x, y), d)| json!([x, y, d])).collect::<Vec<_>>(), "array": array_json(&array) })
}

fn array_border_stays_closed(_: &Context) -> Value {
    let mut array = MazeCellArray::new(6, 5).expect("MazeCellArray::new(6, 5)");
    let removals = [((0, 0), 1), ((0, 0), 8), ((5, 0), 1), ((5, 0), 4), ((0, 4), 2), ((0, 4), 8), ((5, 4), 2), ((5, 4), 4), ((3, 0), 1), ((3, 4), 2), ((0, 2), 8), ((5, 2), 4)];
    for &((x, y), d) in &removals {
        array.remove_cell_wall(Position::new(x, y), dir(d));
    }
    json!({ "removals": removals.iter().map(|&((x, y), d)| json!([x, y, d])).collect::<Vec<_>>(), "array": array_json(&array) })
}

fn maze_size_validation(_: &Context) -> Value {
    let sizes = [(5, 5), (50, 50), (5, 50), (50, 5), (4, 5), (5, 4), (51, 50), (50, 51), (0, 0), (-7, 10)];
    let new: Vec<Value> = sizes
        .iter()
        .map(|&(w, h)| match Maze::new(w, h) {
            Ok(maze) => json!({ "size": [w, h], "ok": [maze.width(), maze.height()] }),
            Err(error) => json!({ "size": [w, h], "err": format!("{error:?}") }),
        })
        .collect();
    let default = Maze::default();
    let mut maze = Maze::new(9, 6).expect("Maze::new(9, 6)");
    let refused = maze.resize(2, 6).map_err(|e| format!("{e:?}"));
    json!({
        "new": new,
        "default": [default.width(), default.height()],
        "resize_2x6": refused.err(),
        "size_after_refused_resize": [maze.width(), maze.height()],
    })
}

fn maze_complexity_validation(_: &Context) -> Value {
    let attempts: Vec<Value> = [-0.1, 1.5, 2.0, f64::NAN, -0.0, 0.0, 1.0]
        .iter()
        .map(|&c| {
            let mut maze = Maze::new(6, 6).expect("Maze::new(6, 6)");
            let result = maze.create(c, &mut MazeRng::seed_from_u64(5)).map_err(|e| format!("{e:?}"));
            let created = result.is_ok();
            // Only a refused create is followed by solve (which must say NotCreated):
            // a solver that hangs costs the solve checks, not this one.
            let solved = if created { None } else { maze.solve().err().map(|e| format!("{e:?}")) };
            json!({ "complexity": format!("{c}"), "create": result.err(), "created": created, "solve": solved })
        })
        .collect();
    json!(attempts)
}

fn maze_perfect_square(_: &Context) -> Value {
    created_json(&[(5, 5, 0.0, 1), (5, 5, 1.0, 2), (17, 17, 0.5, 3), (30, 30, 0.2, 4), (50, 50, 0.5, 5), (50, 50, 1.0, 6)])
}

fn maze_perfect_non_square(_: &Context) -> Value {
    created_json(&[(5, 50, 0.5, 7), (50, 5, 0.5, 8), (9, 31, 0.0, 9), (31, 9, 1.0, 10), (40, 12, 0.7, 11), (6, 5, 0.3, 12)])
}

fn maze_start_end_distinct(_: &Context) -> Value {
    let mazes: Vec<Value> = (0..150)
        .map(|seed| {
            let (w, h) = if seed % 2 == 0 { (5, 6) } else { (6, 5) };
            let maze = created(w, h, 0.5, seed);
            json!({ "size": [w, h], "start": pos(maze.start()), "end": pos(maze.end()) })
        })
        .collect();
    json!(mazes)
}

fn maze_same_seed_same_maze(_: &Context) -> Value {
    json!({
        "first": maze_json(&created(23, 11, 0.4, 77)),
        "again": maze_json(&created(23, 11, 0.4, 77)),
        "other_seed": maze_json(&created(23, 11, 0.4, 78)),
    })
}

fn maze_matches_reference(_: &Context) -> Value {
    created_json(&[(12, 7, 0.5, 1), (5, 9, 0.0, 2), (16, 6, 1.0, 3), (8, 8, 0.25, 2026)])
}

fn maze_complexity_texture(_: &Context) -> Value {
    let mut by_complexity = Vec::new();
    for complexity in [0.0, 0.5, 1.0] {
        let mazes: Vec<Value> = (0..12).map(|seed| maze_json(&created(25, 25, complexity, 100 + seed))["walls"].clone()).collect();
        by_complexity.push(json!({ "complexity": complexity, "walls": mazes }));
    }
    json!(by_complexity)
}

fn solve_before_create(_: &Context) -> Value {
    let mut maze = Maze::new(5, 5).expect("Maze::new(5, 5)");
    json!({ "solve": maze.solve().map(|p| p.len()).map_err(|e| format!("{e:?}")) .err() })
}

fn solved_json(specs: &[(i32, i32, f64, u64)]) -> Value {
    json!(specs
        .iter()
        .map(|&(w, h, c, seed)| {
            let mut maze = created(w, h, c, seed);
            maze.set_solve_timeout(Duration::from_secs(4));
            let solution = maze.solve();
            let mut value = maze_json(&maze);
            value["label"] = json!(format!("{w}x{h}, complexity {c}, seed {seed}"));
            match solution {
                Ok(path) => value["solution"] = json!(path.iter().map(|d| d.bits()).collect::<Vec<_>>()),
                Err(error) => value["error"] = json!(format!("{error:?}")),
            }
            value
        })
        .collect::<Vec<_>>())
}

fn solve_path_valid(_: &Context) -> Value {
    solved_json(&[(5, 5, 0.5, 21), (12, 7, 0.0, 22), (5, 50, 1.0, 23), (50, 5, 0.5, 24), (50, 50, 0.5, 25)])
}

fn solve_path_unique(_: &Context) -> Value {
    solved_json(&[(9, 9, 1.0, 31), (33, 14, 0.3, 32), (14, 33, 0.8, 33), (50, 50, 1.0, 34)])
}

fn solve_maze_with_loops(_: &Context) -> Value {
    let mut maze = created(12, 12, 0.5, 41);
    for y in 0..12 {
        for x in 0..12 {
            let cell = &mut maze[(x, y)];
            let mut walls = cell.walls.bits();
            if x > 0 {
                walls &= !8;
            }
            if x < 11 {
                walls &= !4;
            }
            if y > 0 {
                walls &= !1;
            }
            if y < 11 {
                walls &= !2;
            }
            cell.walls = dir(walls);
        }
    }
    maze.set_solve_timeout(Duration::from_secs(3));
    let result = maze.solve();
    let mut value = maze_json(&maze);
    match result {
        Ok(path) => value["solution"] = json!(path.iter().map(|d| d.bits()).collect::<Vec<_>>()),
        Err(error) => value["error"] = json!(format!("{error:?}")),
    }
    value
}

fn solve_unreachable_end(_: &Context) -> Value {
    let mut maze = created(8, 6, 0.5, 51);
    let end = maze.end();
    // Wall the end in, both sides of every wall, by hand.
    for (d, back, dx, dy) in [(1u8, 2u8, 0, -1), (2, 1, 0, 1), (4, 8, 1, 0), (8, 4, -1, 0)] {
        let (nx, ny) = (end.x + dx, end.y + dy);
        maze[(end.x, end.y)].walls = dir(maze[(end.x, end.y)].walls.bits() | d);
        if (0..8).contains(&nx) && (0..6).contains(&ny) {
            maze[(nx, ny)].walls = dir(maze[(nx, ny)].walls.bits() | back);
        }
    }
    maze.set_solve_timeout(Duration::from_secs(3));
    let result = maze.solve().map(|p| p.len()).map_err(|e| format!("{e:?}"));
    json!({ "end": pos(end), "solve": result })
}
