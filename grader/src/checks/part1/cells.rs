//! §4: the checks of `MazeCell` and `MazeCellArray`: indexing by pair and by position,
//! ranges, reset and resize, neighbours, and removing a wall on both sides.

use rand::Rng as _;

use super::*;

pub(super) fn cell_default(case: &Case) -> Judged {
    let got: Value = case.output()?;
    let want: Value = case.expected()?;
    if got == want {
        return Ok(Verdict::pass(
            "the default cell is at (0, 0) with every wall",
        ));
    }
    Ok(Verdict::fail(format!(
        "MazeCell::default() is at {} with walls {}; expected {} with walls {}",
        xy(&got["position"]),
        bits(&got["walls"]),
        xy(&want["position"]),
        bits(&want["walls"])
    )))
}

pub(super) fn cell_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let new = inputs.vary(
        vec![
            json!([[2, 3], 9]),
            json!([[0, 0], 0]),
            json!([[49, 12], 15]),
        ],
        |rng| {
            let at = [rng.random_range(0..50), rng.random_range(0..50)];
            json!([at, rng.random_range(0u8..16)])
        },
    );
    let removals = inputs.vary(
        vec![[15, 4], [15, 1], [1, 2], [15, 3], [6, 6], [0, 8], [15, 15]],
        |rng| [rng.random_range(0u8..16), rng.random_range(0u8..16)],
    );
    Ok(json!({ "new": new, "removals": removals }))
}

pub(super) fn cell_new_and_remove_wall(case: &Case) -> Judged {
    #[derive(Deserialize)]
    struct Input {
        new: Vec<(Xy, u8)>,
        removals: Vec<(u8, u8)>,
    }
    let input: Input = case.input()?;
    let got: Value = case.output()?;
    let want: Value = case.expected()?;
    let (Some(got_new), Some(got_removed)) = (got["new"].as_array(), got["removals"].as_array())
    else {
        return Ok(Verdict::fail("the probe's report could not be read"));
    };
    if got_new.len() != input.new.len() || got_removed.len() != input.removals.len() {
        return Ok(Verdict::fail(
            "the probe reported a different number of cells than the grader asked for",
        ));
    }
    let mut problems = Vec::new();
    for (i, &(p, walls)) in input.new.iter().enumerate() {
        if got_new[i] != want["new"][i] {
            problems.push(format!(
                "MazeCell::new({}, {}) gave a cell at {} with walls {}",
                show(p),
                direction_name(walls),
                xy(&got_new[i]["position"]),
                bits(&got_new[i]["walls"])
            ));
        }
    }
    for (i, &(start, wall)) in input.removals.iter().enumerate() {
        if got_removed[i] != want["removals"][i] {
            problems.push(format!(
                "removing {} from walls {} left {} at {}, expected {}",
                direction_name(wall),
                direction_name(start),
                bits(&got_removed[i]["walls"]),
                xy(&got_removed[i]["position"]),
                bits(&want["removals"][i]["walls"])
            ));
        }
    }
    Ok(Verdict::from_problems(
        problems,
        "new keeps position and walls; remove_wall takes away exactly the walls given",
    ))
}

pub(super) fn array_sizes_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let fixed = vec![
        (5, 5),
        (50, 50),
        (5, 50),
        (50, 5),
        (12, 7),
        (4, 5),
        (5, 4),
        (51, 5),
        (5, 51),
        (0, 0),
        (-5, 5),
    ];
    // Mostly sizes in range, some just outside it.
    let sizes = inputs.vary(fixed, |rng| {
        (rng.random_range(-2..=56), rng.random_range(-2..=56))
    });
    Ok(json!({ "sizes": sizes }))
}

pub(super) fn size_mismatch(what: &str, size: &Value, got: &Value, want: &Value) -> String {
    let (w, h) = (&size[0], &size[1]);
    match (is_ok(got), is_ok(want)) {
        (true, false) => format!(
            "{what}({w}, {h}) was accepted; sizes outside 5..=50 must be an Err (expected {})",
            outcome(want)
        ),
        (false, true) => format!(
            "{what}({w}, {h}) was refused ({}), but 5..=50 is allowed",
            outcome(got)
        ),
        _ => format!(
            "{what}({w}, {h}) gave {}, expected {}",
            outcome(got),
            outcome(want)
        ),
    }
}

pub(super) fn array_new_sizes(case: &Case) -> Judged {
    let sizes = list(case.input, "sizes")?;
    compare_items(
        case,
        &sizes,
        |size, got, want| size_mismatch("MazeCellArray::new", size, got, want),
        "sizes in 5..=50 make grids of that size; others are errors naming the size",
    )
}

pub(super) fn ranges_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let sizes = inputs.vary(vec![(5, 50), (50, 5), (7, 13), (20, 20)], |rng| {
        (rng.random_range(5..=50), rng.random_range(5..=50))
    });
    let arrays: Vec<Value> = sizes
        .iter()
        .map(|&(w, h)| {
            json!({ "size": [w, h], "contains": [[0, 0], [w - 1, h - 1], [h - 1, w - 1], [w, 0], [0, h], [-1, 0], [0, -1]] })
        })
        .collect();
    Ok(json!({ "arrays": arrays }))
}

pub(super) fn array_ranges(case: &Case) -> Judged {
    let arrays = list(case.input, "arrays")?;
    compare_items(
        case,
        &arrays,
        |query, got, want| {
            let size = format!("{}x{}", query["size"][0], query["size"][1]);
            let range = |v: &Value| format!("{}..={}", v[0], v[1]);
            // An end one past the last coordinate: the size itself, where the range
            // includes its end.
            let one_past = |axis: &str| {
                let (got, want) = (&got[axis], &want[axis]);
                got[0] == want[0]
                    && got[1]
                        .as_i64()
                        .zip(want[1].as_i64())
                        .is_some_and(|(g, w)| g == w + 1)
            };
            let past = " (both ends are included: the last coordinate is the size − 1)";
            if got["x_range"] != want["x_range"] {
                let hint = if one_past("x_range") { past } else { "" };
                format!(
                    "x_range of a {size} array is {}, expected {}{hint}",
                    range(&got["x_range"]),
                    range(&want["x_range"])
                )
            } else if got["y_range"] != want["y_range"] {
                // Where the width is the height + 1, the x range is also the y range
                // one past its end: both mistakes fit.
                let hint = match (got["y_range"] == want["x_range"], one_past("y_range")) {
                    (true, true) => {
                        " (it returns the x range, or ends one past the last y: both ends are included, the last y is the height − 1)"
                    }
                    (true, false) => " (it returns the x range)",
                    (false, true) => past,
                    (false, false) => "",
                };
                format!(
                    "y_range of a {size} array is {}, expected {}{hint}",
                    range(&got["y_range"]),
                    range(&want["y_range"])
                )
            } else {
                let probes = query["contains"].as_array().cloned().unwrap_or_default();
                let wrong = probes
                    .iter()
                    .enumerate()
                    .find(|(i, _)| got["contains"][i] != want["contains"][i]);
                match wrong {
                    Some((i, p)) => format!(
                        "contains({}) on a {size} array gave {}, expected {}",
                        xy(p),
                        got["contains"][i],
                        want["contains"][i]
                    ),
                    None => format!("the ranges of a {size} array differ from the reference's"),
                }
            }
        },
        "ranges and contains follow width and height, on non-square arrays too",
    )
}

fn pattern(rng: &mut impl rand::Rng, (w, h): Xy) -> Vec<Vec<u8>> {
    (0..h)
        .map(|_| (0..w).map(|_| rng.random_range(0..16u8)).collect())
        .collect()
}

pub(super) fn indexers_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let mut rng = inputs.rng();
    let size = (7, 13);
    let (first, second) = (pattern(&mut rng, size), pattern(&mut rng, size));
    // Outside the array: one column past the east edge and one before the west
    // edge, which `y * width + x` alone would take for the cells (0, 1) and (6, 0);
    // one row past the south edge and one above the north edge.
    let outside = inputs.vary(vec![(7, 0), (-1, 1), (0, 13), (3, -1)], |rng| {
        let (x, y) = (rng.random_range(0..7), rng.random_range(0..12));
        match rng.random_range(0..4) {
            0 => (7, y),
            1 => (-1, y + 1),
            2 => (x, 13 + rng.random_range(0..3)),
            _ => (x, -1 - rng.random_range(0..3)),
        }
    });
    Ok(json!({ "size": [size.0, size.1], "first": first, "second": second, "outside": outside }))
}

/// The four indexers, in the order the probe tries them on a position outside.
const INDEXERS: [&str; 4] = [
    "array[({x}, {y})]",
    "&mut array[({x}, {y})]",
    "array[Position::new({x}, {y})]",
    "&mut array[Position::new({x}, {y})]",
];

/// What was wrong with an indexer given `(x, y)`, outside a `w`×`h` array: it
/// returned a cell (the bounds were not checked one coordinate at a time), or it
/// panicked with a message that does not name both the cell and the grid's size, the
/// way §4 asks.
fn outside_problem((w, h): Xy, (x, y): Xy, indexer: &str, report: &Value) -> Option<String> {
    let call = indexer
        .replace("{x}", &x.to_string())
        .replace("{y}", &y.to_string());
    if let Some(cell) = report.get("cell") {
        let wrapped = (x >= w && y + 1 < h) || (x < 0 && y > 0);
        let how = if wrapped {
            format!(
                " (testing only y * width + x against the length lets ({x}, {y}) wrap round to {})",
                xy(cell)
            )
        } else {
            String::new()
        };
        return Some(format!(
            "{call} on a {w}x{h} array returned the cell at {} instead of panicking: check x against 0..{w} and y against 0..{h}, each coordinate on its own, before the position becomes an index{how}",
            xy(cell)
        ));
    }
    let message = report
        .get("panic")
        .and_then(Value::as_str)
        .unwrap_or_default();
    // §4 gives `cell (5, 0) is outside the 5x5 grid` as an example ("such as"): any
    // words do, as long as they name the cell and the grid's size.
    let grid = format!("outside the {w}x{h} grid");
    let cell = show((x, y));
    if message.contains(&cell)
        && [format!("{w}x{h}"), format!("{w}×{h}")]
            .iter()
            .any(|size| message.contains(size.as_str()))
    {
        return None;
    }
    let quoted: String = message.chars().take(100).collect();
    let cut = if quoted.len() < message.len() {
        "…"
    } else {
        ""
    };
    Some(format!(
        "{call} on a {w}x{h} array panicked with \"{quoted}{cut}\", which does not name the cell and the grid: check each coordinate on its own, and panic with a message such as `cell {cell} is {grid}`"
    ))
}

pub(super) fn array_indexers(case: &Case) -> Judged {
    #[derive(Deserialize)]
    struct Input {
        size: Xy,
        first: Vec<Vec<u8>>,
        second: Vec<Vec<u8>>,
    }
    #[derive(Deserialize)]
    struct Output {
        positions: Vec<Vec<Xy>>,
        first_read_by_position: Vec<Vec<u8>>,
        second_read_by_pair: Vec<Vec<u8>>,
        outside: Option<Vec<Vec<Value>>>,
    }
    let input: Input = case.input()?;
    let output: Output = case.output()?;
    let (w, h) = input.size;
    let cell = |rows: &[Vec<u8>], x: i32, y: i32| {
        usize::try_from(y)
            .ok()
            .zip(usize::try_from(x).ok())
            .and_then(|(y, x)| rows.get(y)?.get(x).copied())
    };
    for y in 0..h {
        for x in 0..w {
            let position = output
                .positions
                .get(y as usize)
                .and_then(|row| row.get(x as usize));
            if position != Some(&(x, y)) {
                return Ok(Verdict::fail(format!(
                    "in a new {w}x{h} array the cell at index ({x}, {y}) says it is at {}",
                    position.map_or("nowhere".to_owned(), |&p| show(p))
                )));
            }
            let (first, read) = (
                cell(&input.first, x, y),
                cell(&output.first_read_by_position, x, y),
            );
            if read != first {
                return Ok(Verdict::fail(format!(
                    "walls written through array[({x}, {y})] read back through array[Position::new({x}, {y})] as {read:?}, expected {first:?}: the two indexers disagree"
                )));
            }
            let (second, read) = (
                cell(&input.second, x, y),
                cell(&output.second_read_by_pair, x, y),
            );
            if read != second {
                return Ok(Verdict::fail(format!(
                    "walls written through array[Position::new({x}, {y})] read back through array[({x}, {y})] as {read:?}, expected {second:?}"
                )));
            }
        }
    }
    let outside: Vec<Xy> = match case.input.get("outside") {
        Some(_) => serde_json::from_value(case.input["outside"].clone()).map_err(|error| {
            Verdict::grader_error(format!("its own input is unreadable ({error})"))
        })?,
        None => Vec::new(),
    };
    if !outside.is_empty() {
        let reports = output.outside.unwrap_or_default();
        if reports.len() != outside.len()
            || reports.iter().any(|tries| tries.len() != INDEXERS.len())
        {
            return Ok(Verdict::fail(
                "the probe reported another number of positions outside the array than the grader asked for",
            ));
        }
        for (&p, tries) in outside.iter().zip(&reports) {
            for (indexer, report) in INDEXERS.iter().zip(tries) {
                if let Some(problem) = outside_problem(input.size, p, indexer, report) {
                    return Ok(Verdict::fail(problem));
                }
            }
        }
    }
    Ok(Verdict::pass(format!(
        "both indexers reach the same cell everywhere on a {w}x{h} array, and panic outside it naming the cell and the grid"
    )))
}

/// The size of the array that is reset, then resized.
const RESET_SIZE: (i32, i32) = (6, 9);

pub(super) fn reset_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let touch = inputs.vary(vec![[2, 3, 0], [5, 8, 1], [0, 0, 6]], |rng| {
        [
            rng.random_range(0..6),
            rng.random_range(0..9),
            rng.random_range(0..15),
        ]
    });
    // The first resize keeps the size: the probe changes the cells `touch` names again
    // after the reset, so only a resize that resets the grid puts their walls back.
    let mut resizes = vec![RESET_SIZE];
    resizes.extend(
        inputs.vary(vec![(8, 5), (3, 7), (50, 5), (5, 51), (5, 50)], |rng| {
            (rng.random_range(2..=53), rng.random_range(2..=53))
        }),
    );
    Ok(json!({ "size": RESET_SIZE, "touch": touch, "resizes": resizes }))
}

/// The first field of an array's state that differs from the reference's, in words.
fn state_difference(what: &str, got: &Value, want: &Value) -> Option<String> {
    if got["size"] != want["size"] {
        return Some(format!(
            "{what} the array is {}x{}, expected {}x{}",
            got["size"][0], got["size"][1], want["size"][0], want["size"][1]
        ));
    }
    for (key, words) in [
        ("x_range", "x_range"),
        ("y_range", "y_range"),
        ("walls", "the walls (every wall must be up)"),
        ("positions", "the cells' own positions"),
    ] {
        if got[key] != want[key] {
            return Some(format!("{what} {words} differ from the reference's"));
        }
    }
    None
}

pub(super) fn array_reset_and_resize(case: &Case) -> Judged {
    let resizes = list(case.input, "resizes")?;
    let got: Value = case.output()?;
    let want: Value = case.expected()?;
    if let Some(problem) =
        state_difference("after reset()", &got["after_reset"], &want["after_reset"])
    {
        return Ok(Verdict::fail(problem));
    }
    let got_steps = got["resizes"].as_array().cloned().unwrap_or_default();
    if got_steps.len() != resizes.len() {
        return Ok(Verdict::fail(format!(
            "the probe reported {} of {} resizes",
            got_steps.len(),
            resizes.len()
        )));
    }
    for (i, size) in resizes.iter().enumerate() {
        let (w, h) = (&size[0], &size[1]);
        // The first resize keeps the size, after the cells changed again (see
        // `reset_input`).
        let same_size = i == 0;
        let (got, want) = (&got_steps[i], &want["resizes"][i]);
        if got["resize"] != want["resize"] {
            return Ok(Verdict::fail(size_mismatch(
                "MazeCellArray::resize",
                size,
                &got["resize"],
                &want["resize"],
            )));
        }
        let what = if is_ok(&want["resize"]) && same_size {
            format!(
                "after resize({w}, {h}), the size it already had (its cells changed since the reset: an accepted resize puts every wall back up, whatever the size),"
            )
        } else if is_ok(&want["resize"]) {
            format!("after resize({w}, {h})")
        } else {
            format!("after a refused resize({w}, {h}), which must leave the array as it was,")
        };
        if let Some(problem) = state_difference(&what, &got["after"], &want["after"]) {
            return Ok(Verdict::fail(problem));
        }
    }
    Ok(Verdict::pass(
        "reset puts every wall up; resize changes the size, and a refused resize changes nothing",
    ))
}

fn walls_with(size: Xy, changes: &[(Xy, u8)]) -> Vec<Vec<u8>> {
    let mut walls = vec![vec![15u8; size.0 as usize]; size.1 as usize];
    for &((x, y), w) in changes {
        walls[y as usize][x as usize] = w;
    }
    walls
}

pub(super) fn all_walls_input(inputs: &Inputs) -> anyhow::Result<Value> {
    // The handout's example on a 5x7 grid, with walls taken down on ONE side only:
    // (0, 2) lost its north wall (its neighbour (0, 1) still has all four) and (2, 2)
    // its east wall; whether a neighbour counts depends on that neighbour's own walls.
    let walls = walls_with(
        (5, 7),
        &[((0, 2), 15 & !1), ((2, 2), 15 & !4), ((4, 5), 15 & !2)],
    );
    let queries = inputs.vary(
        vec![
            [1, 2],
            [0, 0],
            [4, 6],
            [4, 0],
            [0, 6],
            [2, 4],
            [3, 2],
            [0, 1],
            [4, 4],
            [0, 3],
        ],
        |rng| [rng.random_range(0..5), rng.random_range(0..7)],
    );
    Ok(json!({ "grid": { "size": [5, 7], "walls": walls }, "queries": queries }))
}

pub(super) fn array_neighbors_with_all_walls(case: &Case) -> Judged {
    let queries = list(case.input, "queries")?;
    compare_items(
        case,
        &queries,
        |from, got, want| {
            format!(
                "neighbors_with_all_walls({}) gave {}, expected {} (in N, S, E, W order; a neighbour counts when its own four walls are up)",
                xy(from),
                neighbours(got),
                neighbours(want)
            )
        },
        "only untouched neighbours inside the grid, in N, S, E, W order",
    )
}

pub(super) fn accessible_input(inputs: &Inputs) -> anyhow::Result<Value> {
    // (2, 2) is open on all four sides, (5, 7) to the north and (0, 0) to the east,
    // both sides each. Three walls disagree between neighbours: (4, 4) is open to the
    // east while (5, 4) keeps its west wall, and (1, 6) is open to the north while
    // (1, 5) keeps its south wall. Only the cell's own wall decides. (0, 5) and (3, 0)
    // are open through the border, where no neighbour is: the grid has none to give.
    let walls = walls_with(
        (6, 8),
        &[
            ((2, 2), 0),
            ((2, 1), 15 & !2),
            ((2, 3), 15 & !1),
            ((1, 2), 15 & !4),
            ((3, 2), 15 & !8),
            ((5, 7), 15 & !1),
            ((5, 6), 15 & !2),
            ((0, 0), 15 & !4),
            ((1, 0), 15 & !8),
            ((4, 4), 15 & !4),
            ((1, 6), 15 & !1),
            // Border walls down on one side: nothing is behind them.
            ((0, 5), 15 & !8),
            ((3, 0), 15 & !1),
        ],
    );
    let fixed = vec![
        [2, 2, 0],
        [2, 2, 2],
        [2, 2, 8],
        [2, 2, 15],
        [2, 1, 0],
        [2, 1, 2],
        [5, 7, 0],
        [0, 0, 0],
        [4, 4, 0],
        [5, 4, 0],
        [1, 6, 0],
        [1, 5, 0],
        [3, 3, 0],
        [0, 5, 0],
        [3, 0, 0],
    ];
    let queries = inputs.vary(fixed, |rng| {
        [
            rng.random_range(0..6),
            rng.random_range(0..8),
            rng.random_range(0..16),
        ]
    });
    Ok(json!({ "grid": { "size": [6, 8], "walls": walls }, "queries": queries }))
}

pub(super) fn array_accessible_neighbors(case: &Case) -> Judged {
    let queries = list(case.input, "queries")?;
    let size = &case.input["grid"]["size"];
    let (w, h) = (size[0].as_i64().unwrap_or(0), size[1].as_i64().unwrap_or(0));
    compare_items(
        case,
        &queries,
        |q, got, want| {
            let exclude = if q[2] != 0 {
                format!(", excluding {}", bits(&q[2]))
            } else {
                String::new()
            };
            // A neighbour outside the grid, behind a border wall that is down: §4
            // keeps a neighbour only when it is inside.
            let outside = serde_json::from_value::<Vec<(u8, i64, i64)>>(got.clone())
                .unwrap_or_default()
                .iter()
                .any(|&(_, x, y)| !(0..w).contains(&x) || !(0..h).contains(&y));
            let rule = if outside {
                "a neighbour outside the grid is never kept, even behind an open border wall"
            } else {
                "in N, S, E, W order; only the cell's own wall decides"
            };
            format!(
                "accessible_neighbors(({}, {}){exclude}) gave {}, expected {} ({rule})",
                q[0],
                q[1],
                neighbours(got),
                neighbours(want)
            )
        },
        "only neighbours behind the cell's open walls, without the excluded direction, in N, S, E, W order",
    )
}

pub(super) fn removal_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let fixed = vec![
        [1, 1, 4],
        [3, 5, 2],
        [4, 6, 1],
        [2, 0, 8],
        [0, 3, 4],
        [4, 2, 8],
    ];
    // New removals between two cells of the 5x7 grid, never through its border.
    let removals = inputs.vary(fixed, |rng| {
        loop {
            let (x, y) = (rng.random_range(0..5), rng.random_range(0..7));
            let (direction, (nx, ny)) = match rng.random_range(0..4) {
                0 => (NORTH, (x, y - 1)),
                1 => (SOUTH, (x, y + 1)),
                2 => (EAST, (x + 1, y)),
                _ => (WEST, (x - 1, y)),
            };
            if (0..5).contains(&nx) && (0..7).contains(&ny) {
                break [x, y, i32::from(direction)];
            }
        }
    });
    Ok(json!({ "size": [5, 7], "removals": removals }))
}

pub(super) fn border_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let fixed = vec![
        [0, 0, 1],
        [0, 0, 8],
        [5, 0, 1],
        [5, 0, 4],
        [0, 4, 2],
        [0, 4, 8],
        [5, 4, 2],
        [5, 4, 4],
        [3, 0, 1],
        [3, 4, 2],
        [0, 2, 8],
        [5, 2, 4],
        // From a position outside the grid onto its border: the neighbour is inside,
        // but both must be for a wall to come down.
        [-1, 2, 4],
        [6, 3, 8],
        [2, -1, 2],
        [4, 5, 1],
    ];
    // New removals through the 6x5 grid's border: a border cell and an outward side,
    // or a position just outside and the side facing the grid.
    let removals = inputs.vary(fixed, |rng| match rng.random_range(0..5) {
        0 => [rng.random_range(0..6), 0, i32::from(NORTH)],
        1 => [rng.random_range(0..6), 4, i32::from(SOUTH)],
        2 => [5, rng.random_range(0..5), i32::from(EAST)],
        3 => [0, rng.random_range(0..5), i32::from(WEST)],
        _ => [-1, rng.random_range(0..5), i32::from(EAST)],
    });
    Ok(json!({ "size": [6, 5], "removals": removals }))
}

fn removal_verdict(case: &Case, summary: &str) -> Judged {
    #[derive(Deserialize)]
    struct Input {
        size: Xy,
        removals: Vec<(i32, i32, u8)>,
    }
    let input: Input = case.input()?;
    let (w, h) = input.size;
    let shape = |rows| Grid::from_rows(w, h, rows);
    let got = shape(case.output()?).map_err(|problem| {
        Verdict::fail(format!(
            "the array after the removals has the wrong shape: {problem}"
        ))
    })?;
    let want = shape(case.expected()?).map_err(Verdict::grader_error)?;
    if got == want {
        return Ok(Verdict::pass(summary));
    }
    let calls: Vec<String> = input
        .removals
        .iter()
        .map(|&(x, y, d)| format!("remove_cell_wall({}, {})", show((x, y)), direction_name(d)))
        .collect();
    let (x, y) = (0..h)
        .flat_map(|y| (0..w).map(move |x| (x, y)))
        .find(|&p| got.at(p) != want.at(p))
        .unwrap_or((0, 0));
    let inside = |(x, y): Xy| (0..w).contains(&x) && (0..h).contains(&y);
    // A removal from outside the grid onto this cell: the neighbour is inside, the
    // position is not, and §4 asks for both.
    let from_outside = input.removals.iter().find(|&&(rx, ry, d)| {
        !inside((rx, ry)) && across((rx, ry), d).is_some_and(|(to, _)| to == (x, y))
    });
    let border = if let Some(&(rx, ry, d)) = from_outside {
        format!(
            " (remove_cell_wall({}, {}) starts outside the grid: a wall comes down only when both the position and its neighbour are inside)",
            show((rx, ry)),
            direction_name(d)
        )
    } else if (got.at((x, y)) ^ want.at((x, y))) & border_walls((x, y), (w, h)) != 0 {
        " (a border cell: border walls stay up)".to_owned()
    } else {
        " (a wall comes down on both sides)".to_owned()
    };
    Ok(Verdict::fail_with_diff(
        format!(
            "after {} the cell {}{border} has walls {}, expected {}",
            calls.join(", "),
            show((x, y)),
            direction_name(got.at((x, y))),
            direction_name(want.at((x, y)))
        ),
        &want.render(None, None),
        &got.render(None, None),
    ))
}

/// The walls of `cell` that lie on the outer border of a `w` × `h` grid.
fn border_walls((x, y): Xy, (w, h): Xy) -> u8 {
    [
        (y == 0, NORTH),
        (y == h - 1, SOUTH),
        (x == w - 1, EAST),
        (x == 0, WEST),
    ]
    .into_iter()
    .filter(|&(on_border, _)| on_border)
    .fold(0, |walls, (_, wall)| walls | wall)
}

pub(super) fn array_remove_cell_wall(case: &Case) -> Judged {
    removal_verdict(case, "removing a wall opens both cells")
}

pub(super) fn array_border_stays_closed(case: &Case) -> Judged {
    removal_verdict(case, "walls on the outer border never come down")
}
