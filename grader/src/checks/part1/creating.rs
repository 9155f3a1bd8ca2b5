//! §5: the checks of `Maze::new` and `Maze::create`: sizes and their errors, perfect
//! mazes, and the reference's mazes for given seeds and complexities.

use rand::Rng as _;

use super::*;
use crate::checks::mistake::{self, Mistake, without_numbers};

pub(super) fn maze_sizes_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let fixed = vec![
        (5, 5),
        (50, 50),
        (5, 50),
        (50, 5),
        (4, 5),
        (5, 4),
        (51, 50),
        (50, 51),
        (0, 0),
        (-7, 10),
    ];
    let sizes = inputs.vary(fixed, |rng| {
        (rng.random_range(-3..=56), rng.random_range(-3..=56))
    });
    // A valid maze, then a refused resize of it.
    let resize = if inputs.private() {
        let mut rng = inputs.rng();
        let from = (rng.random_range(5..=50), rng.random_range(5..=50));
        let to = match rng.random_range(0..4) {
            0 => (rng.random_range(-3..5), rng.random_range(5..=50)),
            1 => (rng.random_range(5..=50), rng.random_range(-3..5)),
            2 => (rng.random_range(51..60), rng.random_range(5..=50)),
            _ => (rng.random_range(5..=50), rng.random_range(51..60)),
        };
        json!([from, to])
    } else {
        json!([[9, 6], [2, 6]])
    };
    // A created maze with a solution, resized: refused (it stays as it was), then
    // allowed (it forgets its creation and its solution).
    let created = if inputs.private() {
        let mut rng = inputs.rng();
        let from = (rng.random_range(5..=50), rng.random_range(5..=50));
        let refused = (rng.random_range(51..60), rng.random_range(5..=50));
        json!([
            from,
            [
                refused,
                [rng.random_range(5..=50), rng.random_range(5..=50)]
            ]
        ])
    } else {
        json!([[6, 9], [[2, 6], [7, 5]]])
    };
    Ok(json!({ "sizes": sizes, "resize": resize, "created": created }))
}

/// What a resize of a created maze with a solution did wrong, compared with the
/// reference's: the outcome, then what the maze is afterwards.
fn created_resize_problem(from: &Value, to: &Value, got: &Value, want: &Value) -> Option<String> {
    let what = format!(
        "Maze::resize({}, {}) of a created {}x{} maze with a solution",
        to[0], to[1], from[0], from[1]
    );
    if got["resize"] != want["resize"] {
        return Some(format!(
            "{what} gave {}, expected {}",
            outcome(&got["resize"]),
            outcome(&want["resize"])
        ));
    }
    let rule = if is_ok(&want["resize"]) {
        "resize forgets the creation and the solution, and puts every wall up"
    } else {
        "a refused resize leaves the maze as it was"
    };
    let solution = |v: &Value| match v.as_u64() {
        Some(moves) => format!("a solution of {moves} moves"),
        None => "no solution".to_owned(),
    };
    let (g, w) = (&got, &want);
    let found = if g["size"] != w["size"] {
        format!(
            "is then {}x{}, expected {}x{}",
            g["size"][0], g["size"][1], w["size"][0], w["size"][1]
        )
    } else if g["is_created"] != w["is_created"] {
        format!(
            "leaves is_created() {}, expected {}",
            g["is_created"], w["is_created"]
        )
    } else if g["solution"] != w["solution"] {
        format!(
            "leaves {}, expected {}",
            solution(&g["solution"]),
            solution(&w["solution"])
        )
    } else if g["walls"] != w["walls"] {
        "leaves other walls than the reference's".to_owned()
    } else {
        return None;
    };
    Some(format!("{what} {found}: {rule}"))
}

/// Sizes in and out of 5..=50. An error is compared as its derived `Debug`, that is
/// the variant and its value (`WidthOutOfRange(4)`): the handout's §4 gives both,
/// the width checked first; the words of the message are never compared.
pub(super) fn maze_size_validation(case: &Case) -> Judged {
    let sizes = list(case.input, "sizes")?;
    let got: Value = case.output()?;
    let want: Value = case.expected()?;
    let got_new = got["new"].as_array().cloned().unwrap_or_default();
    if got_new.len() != sizes.len() {
        return Ok(Verdict::fail(format!(
            "the probe reported {} of {} sizes",
            got_new.len(),
            sizes.len()
        )));
    }
    let mut problems: Vec<String> = sizes
        .iter()
        .enumerate()
        .filter(|(i, _)| got_new[*i] != want["new"][*i])
        .map(|(i, size)| size_mismatch("Maze::new", size, &got_new[i], &want["new"][i]))
        .collect();
    if got["default"] != want["default"] {
        problems.push(format!(
            "Maze::default() is {}x{}, expected {}x{}",
            got["default"][0], got["default"][1], want["default"][0], want["default"][1]
        ));
    }
    let resize = &case.input["resize"][1];
    if got["resize"] != want["resize"] {
        problems.push(size_mismatch(
            "Maze::resize",
            resize,
            &got["resize"],
            &want["resize"],
        ));
    } else if got["size_after_resize"] != want["size_after_resize"] {
        problems.push("a refused Maze::resize changed the maze's size".to_owned());
    }
    if let Some(created) = case.input.get("created") {
        let (from, resizes) = (
            &created[0],
            created[1].as_array().cloned().unwrap_or_default(),
        );
        let empty = Vec::new();
        let got_created = got["created"].as_array().unwrap_or(&empty);
        if got_created.len() != resizes.len() {
            problems.push(format!(
                "the probe reported {} of {} resizes of a created maze",
                got_created.len(),
                resizes.len()
            ));
        } else {
            problems.extend(resizes.iter().enumerate().filter_map(|(i, to)| {
                created_resize_problem(from, to, &got_created[i], &want["created"][i])
            }));
        }
    }
    Ok(Verdict::from_problems(
        problems,
        "Maze sizes are checked against 5..=50",
    ))
}

pub(super) fn complexity_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let fixed = ["-0.1", "1.5", "2", "NaN", "-0", "0", "1", "0.5", "inf"];
    let complexities = inputs.vary(fixed.map(str::to_owned).to_vec(), |rng| {
        match rng.random_range(0..3) {
            0 => format!("{:.2}", rng.random_range(0.0..=1.0)),
            1 => format!("{:.2}", rng.random_range(1.01..3.0)),
            _ => format!("-{:.2}", rng.random_range(0.01..2.0)),
        }
    });
    let (size, seed) = if inputs.private() {
        let mut rng = inputs.rng();
        let side = rng.random_range(5..=12);
        (
            (side, rng.random_range(5..=12)),
            rng.random_range(0..1_000_000u64),
        )
    } else {
        ((6, 9), 5)
    };
    // A maze created (with the first complexity), then created again with a refused
    // one from another seed: it must stay as it was, and that MazeRng untouched.
    let on_created = if inputs.private() {
        let mut rng = inputs.rng();
        let refused = format!("{:.2}", rng.random_range(1.01..3.0));
        json!([0.5, refused, rng.random_range(0..1_000_000u64)])
    } else {
        json!([0.5, "1.5", 9])
    };
    Ok(json!({
        "size": [size.0, size.1],
        "seed": seed,
        "complexities": complexities,
        "on_created": on_created,
    }))
}

/// What a refused `create` on a created maze with a solution did that it must not:
/// change the maze (compared with the maze before it), or draw from the MazeRng
/// (compared with the reference's next draw).
fn refused_on_created(input: &Value, got: &Value, want: &Value) -> Option<String> {
    let then = input[1].as_str().unwrap_or("?");
    let what = format!("create with complexity {then} on a created maze with a solution");
    if got["create"] != want["create"] {
        return Some(format!(
            "{what} gave {}, expected {}",
            outcome(&got["create"]),
            outcome(&want["create"])
        ));
    }
    let fields = [
        ("walls", "walls"),
        ("start", "start"),
        ("end", "end"),
        ("complexity", "complexity()"),
        ("is_created", "is_created()"),
        ("solution", "solution()"),
    ];
    if let Some((_, name)) = fields
        .iter()
        .find(|(key, _)| got["before"][key] != got["after"][key])
    {
        return Some(format!(
            "{what} changed its {name}: a refused create changes nothing, so check the complexity before anything else"
        ));
    }
    (got["next_draw"] != want["next_draw"]).then(|| {
        format!(
            "{what} drew from the MazeRng it was given before refusing: check the complexity before drawing any random number"
        )
    })
}

/// Complexities in and out of 0..=1; an error is compared as its derived `Debug`,
/// `ComplexityOutOfRange(c)` with the complexity given (§5), never as words.
pub(super) fn maze_complexity_validation(case: &Case) -> Judged {
    let complexities = list(case.input, "complexities")?;
    let got: Value = case.output()?;
    let want: Value = case.expected()?;
    let each = Case {
        input: case.input,
        output: &got["complexities"],
        expected: Some(&want["complexities"]),
    };
    let verdict = compare_items(
        &each,
        &complexities,
        |c, got, want| {
            let c = c.as_str().unwrap_or("?");
            if got["create"] == want["create"] && got["is_created"] != want["is_created"] {
                let rule = if is_ok(&want["create"]) {
                    "a successful create marks the maze as created"
                } else {
                    "a refused create leaves the maze uncreated"
                };
                return format!(
                    "after create with complexity {c} gave {}, is_created() is {}, expected {}: {rule}",
                    outcome(&got["create"]),
                    got["is_created"],
                    want["is_created"]
                );
            }
            if got["create"] == want["create"] {
                let rule = if is_ok(&want["create"]) {
                    "create remembers the complexity it was given"
                } else {
                    "a refused create changes nothing"
                };
                return format!(
                    "after create with complexity {c} gave {}, complexity() is {}, expected {}: {rule}",
                    outcome(&got["create"]),
                    got["complexity"],
                    want["complexity"]
                );
            }
            match (is_ok(&got["create"]), is_ok(&want["create"])) {
                (true, false) => format!(
                    "create with complexity {c} was accepted; anything outside 0..=1{} must be an Err (expected {})",
                    if c == "NaN" { " (NaN included)" } else { "" },
                    outcome(&want["create"])
                ),
                (false, true) => format!(
                    "create with complexity {c} was refused ({}), but 0..=1 is allowed",
                    outcome(&got["create"])
                ),
                _ => format!(
                    "create with complexity {c} gave {}, expected {}",
                    outcome(&got["create"]),
                    outcome(&want["create"])
                ),
            }
        },
        "complexities outside 0..=1 are refused and leave the maze uncreated",
    )?;
    if !verdict.passed {
        return Ok(verdict);
    }
    match refused_on_created(
        &case.input["on_created"],
        &got["on_created"],
        &want["on_created"],
    ) {
        Some(problem) => Ok(Verdict::fail(problem)),
        None => Ok(Verdict::pass(
            "complexities outside 0..=1 are refused, leaving the maze and the MazeRng untouched; allowed ones are remembered",
        )),
    }
}

type Spec = (i32, i32, f64, u64);

fn specs(input: &Value) -> Result<Vec<Spec>, Verdict> {
    serde_json::from_value(input["mazes"].clone())
        .map_err(|error| Verdict::grader_error(format!("its input has no maze list ({error})")))
}

fn label((w, h, c, seed): Spec) -> String {
    format!("{w}x{h}, complexity {c}, seed {seed}")
}

/// The reported mazes, each checked against the size the grader asked for.
fn reported_mazes(case: &Case, specs: &[Spec]) -> Result<Vec<MazeData>, Verdict> {
    let reported: Vec<ReportedMaze> = case.output_list(specs.len())?;
    reported
        .into_iter()
        .zip(specs)
        .map(|(maze, &spec)| {
            MazeData::checked(maze, spec.0, spec.1, label(spec)).map_err(Verdict::fail)
        })
        .collect()
}

fn maze_problem(maze: &MazeData) -> Option<String> {
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

pub(super) fn square_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let fixed = vec![
        json!([5, 5, 0.0, 1]),
        json!([5, 5, 1.0, 2]),
        json!([17, 17, 0.5, 3]),
        json!([30, 30, 0.2, 4]),
        json!([50, 50, 0.5, 5]),
        json!([50, 50, 1.0, 6]),
    ];
    let mazes = inputs.vary(fixed, |rng| {
        let side = rng.random_range(5..=50);
        json!([
            side,
            side,
            drawn_complexity(rng),
            rng.random_range(0..1_000_000u64)
        ])
    });
    Ok(json!({ "mazes": mazes }))
}

pub(super) fn non_square_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let fixed = vec![
        json!([5, 50, 0.5, 7]),
        json!([50, 5, 0.5, 8]),
        json!([9, 31, 0.0, 9]),
        json!([31, 9, 1.0, 10]),
        json!([40, 12, 0.7, 11]),
        json!([6, 5, 0.3, 12]),
    ];
    let mazes = inputs.vary(fixed, |rng| {
        let w = rng.random_range(5..=50);
        let h = loop {
            let h = rng.random_range(5..=50);
            if h != w {
                break h;
            }
        };
        json!([
            w,
            h,
            drawn_complexity(rng),
            rng.random_range(0..1_000_000u64)
        ])
    });
    Ok(json!({ "mazes": mazes }))
}

/// A complexity for a private question: one of the handout's round values or any
/// value between 0 and 1 in hundredths.
pub(in crate::checks) fn drawn_complexity(rng: &mut impl rand::Rng) -> f64 {
    if rng.random_bool(0.5) {
        [0.0, 0.25, 0.5, 0.75, 1.0][rng.random_range(0..5usize)]
    } else {
        f64::from(rng.random_range(0..=100u32)) / 100.0
    }
}

pub(super) fn mazes_are_perfect(case: &Case) -> Judged {
    let specs = specs(case.input)?;
    let mazes = reported_mazes(case, &specs)?;
    for maze in &mazes {
        if let Some(problem) = maze_problem(maze) {
            return Ok(Verdict {
                diff: Some(maze.render()),
                ..Verdict::fail(problem)
            });
        }
    }
    let sizes: Vec<String> = specs.iter().map(|s| format!("{}x{}", s.0, s.1)).collect();
    Ok(Verdict::pass(format!("perfect: {}", sizes.join(", "))))
}

/// How many 5x5 mazes [`start_end_input`] asks for besides its 150 others: a redraw
/// of the end lands on the start again for about one seed in 625 (1/25 twice). A
/// course's drawn seeds need this many for such a seed to be among them (all miss
/// about once in 600 secrets).
const ONE_CELL_IN_25_TWICE: u64 = 4000;

/// The same for the template's question, whose seeds are `0..` this: with the
/// handout's order of random draws, seeds 790 and 938 draw the end on the start
/// twice (the next are 2339 and 3338), so an end drawn again only once shows. A
/// quarter of the mazes: this check was a fifth of the CPU time of the checks of a
/// student's grading.
const TEMPLATE_5X5: u64 = 1000;

pub(super) fn start_end_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let mut rng = inputs.rng();
    let mut seed = |index: u64| {
        if inputs.private() {
            rng.random_range(0..1_000_000u64)
        } else {
            index
        }
    };
    let mut mazes: Vec<Value> = (0..150u64)
        .map(|index| {
            if index % 2 == 0 {
                json!([5, 6, 0.5, seed(index)])
            } else {
                json!([6, 5, 0.5, seed(index)])
            }
        })
        .collect();
    let many = if inputs.private() {
        ONE_CELL_IN_25_TWICE
    } else {
        TEMPLATE_5X5
    };
    mazes.extend((0..many).map(|index| json!([5, 5, 0.5, seed(index)])));
    Ok(json!({ "mazes": mazes }))
}

pub(super) fn maze_start_end_distinct(case: &Case) -> Judged {
    let specs = specs(case.input)?;
    let ends: Vec<(Xy, Xy)> = case.output_list(specs.len())?;
    for (&(w, h, ..), &(start, end)) in specs.iter().zip(&ends) {
        let inside = |(x, y): Xy| (0..w).contains(&x) && (0..h).contains(&y);
        if start == end {
            return Ok(Verdict::fail(format!(
                "a {w}x{h} maze has start and end both at {}: the end is drawn again and \
                 again until it differs from the start (a second draw can land on the start \
                 too)",
                show(start)
            ))
            .with_case("a maze whose seed draws the end on the start, once or more")
            .with_hint("handout §5, create's step 4: pick the end again and again until it differs from the start"));
        }
        if !inside(start) || !inside(end) {
            return Ok(Verdict::fail(format!(
                "a {w}x{h} maze has start {} and end {}: both must be inside",
                show(start),
                show(end)
            )));
        }
    }
    let starts: std::collections::HashSet<Xy> = ends.iter().map(|e| e.0).collect();
    if starts.len() < 5 {
        return Ok(Verdict::fail(format!(
            "{} mazes made from different seeds used only {} start cells: is the start drawn from the MazeRng?",
            ends.len(),
            starts.len()
        )));
    }
    Ok(Verdict::pass(format!(
        "{} mazes: start and end always distinct and inside",
        ends.len()
    )))
}

pub(super) fn same_seed_input(inputs: &Inputs) -> anyhow::Result<Value> {
    if !inputs.private() {
        return Ok(json!({ "maze": [23, 11, 0.4, 77], "other_seed": 78 }));
    }
    let mut rng = inputs.rng();
    let seed = rng.random_range(0..1_000_000u64);
    let maze = json!([
        rng.random_range(5..=50),
        rng.random_range(5..=50),
        drawn_complexity(&mut rng),
        seed
    ]);
    Ok(json!({ "maze": maze, "other_seed": seed + rng.random_range(1..1000u64) }))
}

pub(super) fn maze_same_seed_same_maze(case: &Case) -> Judged {
    #[derive(Deserialize)]
    struct Input {
        maze: Spec,
        other_seed: u64,
    }
    #[derive(Deserialize)]
    struct Output {
        first: ReportedMaze,
        again: ReportedMaze,
        other_seed: ReportedMaze,
        recreated: Recreated,
    }
    /// The first maze created again from the other seed.
    #[derive(Deserialize)]
    struct Recreated {
        create: Value,
        maze: ReportedMaze,
        solution: Value,
    }
    let input: Input = case.input()?;
    let output: Output = case.output()?;
    let (w, h, c, seed) = input.maze;
    let check =
        |maze, seed| MazeData::checked(maze, w, h, label((w, h, c, seed))).map_err(Verdict::fail);
    let first = check(output.first, seed)?;
    let again = check(output.again, seed)?;
    let other = check(output.other_seed, input.other_seed)?;
    let same =
        |a: &MazeData, b: &MazeData| a.grid == b.grid && a.start == b.start && a.end == b.end;
    if !same(&first, &again) {
        return Ok(Verdict::fail_with_diff(
            "two mazes created from the same seed differ: use only the MazeRng you are given for every random choice",
            &first.render(),
            &again.render(),
        ));
    }
    if same(&first, &other) {
        return Ok(Verdict::fail(format!(
            "mazes created from seeds {seed} and {} are identical: the MazeRng is not being used",
            input.other_seed
        ))
        .with_hint("handout §5: every random choice is a draw from the MazeRng you are given"));
    }
    let again = format!(
        "the maze of seed {seed}, given a solution and created again from seed {}",
        input.other_seed
    );
    let recreated = &output.recreated;
    if recreated.create.get("ok").is_none() {
        return Ok(Verdict::fail(format!(
            "{again}, gave {}: a Maze can be created several times",
            outcome(&recreated.create)
        ))
        .with_hint("handout §5, create's step 2: you can create the same Maze several times"));
    }
    let maze = check(recreated.maze.clone(), input.other_seed)?;
    if !same(&maze, &other) {
        let what = if maze.grid.imperfection().is_some() {
            "is not a perfect maze"
        } else {
            "differs from a new maze created from that seed"
        };
        return Ok(Verdict::fail_with_diff(
            format!("{again}, {what}: create puts every wall back up (reset) before carving"),
            &other.render(),
            &maze.render(),
        )
        .with_hint("handout §5, create's step 2: reset the grid so that every wall is up"));
    }
    if !recreated.solution.is_null() {
        return Ok(Verdict::fail(format!(
            "{again}, still has the old solution: create forgets it"
        ))
        .with_hint("handout §5, create's step 2: forget any old solution"));
    }
    Ok(Verdict::pass(
        "the same seed gives the same maze; another seed another maze; a maze created again is as new",
    ))
}

pub(super) fn reference_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let fixed = vec![
        json!([12, 7, 0.5, 1]),
        json!([5, 9, 0.0, 2]),
        json!([16, 6, 1.0, 3]),
        json!([8, 8, 0.25, 2026]),
    ];
    let mazes = inputs.vary(fixed, |rng| {
        json!([
            rng.random_range(5..=20),
            rng.random_range(5..=20),
            drawn_complexity(rng),
            rng.random_range(0..1_000_000u64)
        ])
    });
    Ok(json!({ "mazes": mazes }))
}

pub(in crate::checks) fn maze_matches_reference(case: &Case) -> Judged {
    let specs = specs(case.input)?;
    let got = reported_mazes(case, &specs)?;
    let want: Vec<ReportedMaze> = case.expected()?;
    if want.len() != specs.len() {
        return Err(Verdict::grader_error(
            "the blessed mazes do not match the input: run `grader bless`",
        ));
    }
    for ((maze, want), &spec) in got.iter().zip(want).zip(&specs) {
        let want =
            MazeData::checked(want, spec.0, spec.1, label(spec)).map_err(Verdict::grader_error)?;
        if maze.grid != want.grid || maze.start != want.start || maze.end != want.end {
            let what = if (maze.start, maze.end) != (want.start, want.end) {
                format!(
                    "start {} and end {}, the reference's {} and {}: draw start x, start y, end x, end y in that order, again until they differ",
                    show(maze.start),
                    show(maze.end),
                    show(want.start),
                    show(want.end)
                )
            } else if let Some(problem) = maze.grid.imperfection() {
                // Not a question of the order of draws: a maze that is not even
                // perfect (a wall taken down on one side only, a loop) is another
                // mistake, told and grouped apart, by its problem's words.
                let words = without_numbers(&problem.to_string());
                let kind = words.split(':').next().unwrap_or_default().trim();
                return Ok(Verdict::maze_mismatch(
                    format!(
                        "the {} maze has other walls than the reference's, and is not even a perfect maze: {problem} (maze_perfect_square says more)",
                        maze.name()
                    ),
                    &want,
                    maze,
                )
                .with_mistake(Mistake::new(
                    mistake::WRONG_RESULT,
                    format!("not a perfect maze: {kind}"),
                )));
            } else {
                // The same start and end, a perfect maze, other walls: the draws came
                // in another order, or a draw was used otherwise (the complexity test).
                return Ok(Verdict::maze_mismatch(
                    format!(
                        "the {} maze has other walls than the reference's, though a perfect maze: carve from the start cell with heading NONE, follow the handout's order of random draws exactly, and its test on each chance drawn: straight on when chance > complexity and the cell ahead is untouched, otherwise a pick among the untouched neighbours",
                        maze.name()
                    ),
                    &want,
                    maze,
                )
                .with_hint("handout §5: process_cell's steps 2 to 4, and the order of random calls"));
            };
            return Ok(Verdict::maze_mismatch(
                format!("the {} maze has {what}", maze.name()),
                &want,
                maze,
            ));
        }
    }
    Ok(Verdict::pass("matches the reference exactly"))
}

pub(super) fn texture_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let first = if inputs.private() {
        inputs.rng().random_range(1_000..1_000_000u64)
    } else {
        100
    };
    Ok(
        json!({ "size": [25, 25], "complexities": [0.0, 0.5, 1.0], "seeds": (first..first + 12).collect::<Vec<u64>>() }),
    )
}

/// The share of cells a corridor passes straight through: open exactly north and
/// south, or exactly east and west.
fn straight_share(grid: &Grid) -> f64 {
    let cells: Vec<u8> = (0..grid.height)
        .flat_map(|y| (0..grid.width).map(move |x| (x, y)))
        .map(|p| grid.at(p))
        .collect();
    let straight = cells
        .iter()
        .filter(|&&w| w == (1 | 2) || w == (4 | 8))
        .count();
    straight as f64 / cells.len().max(1) as f64
}

pub(super) fn maze_complexity_texture(case: &Case) -> Judged {
    #[derive(Deserialize)]
    struct Input {
        size: Xy,
        complexities: Vec<f64>,
        seeds: Vec<u64>,
    }
    let input: Input = case.input()?;
    let groups: Vec<Vec<Vec<Vec<u8>>>> = case.output_list(input.complexities.len())?;
    let mut shares = Vec::new();
    for (&complexity, group) in input.complexities.iter().zip(groups) {
        if group.len() != input.seeds.len() {
            return Ok(Verdict::fail(format!(
                "the probe reported {} of {} mazes",
                group.len(),
                input.seeds.len()
            )));
        }
        let mut total = 0.0;
        for walls in group {
            let grid = Grid::from_rows(input.size.0, input.size.1, walls).map_err(|problem| {
                Verdict::fail(format!(
                    "a maze made with complexity {complexity} has the wrong shape: {problem}"
                ))
            })?;
            if let Some(problem) = grid.imperfection() {
                return Ok(Verdict::fail(format!(
                    "a maze made with complexity {complexity} is not perfect: {problem}"
                )));
            }
            total += straight_share(&grid);
        }
        shares.push((complexity, total / input.seeds.len().max(1) as f64));
    }
    let described: Vec<String> = shares
        .iter()
        .map(|(c, s)| format!("complexity {c}: {:.0}% straight", s * 100.0))
        .collect();
    let falls = shares.windows(2).all(|w| w[0].1 > w[1].1);
    let spread = shares.first().map_or(0.0, |f| f.1) - shares.last().map_or(0.0, |l| l.1);
    if falls && spread > 0.15 {
        Ok(Verdict::pass(format!(
            "corridors get twistier as complexity rises ({})",
            described.join(", ")
        )))
    } else {
        Ok(Verdict::fail(format!(
            "the share of cells a corridor passes straight through should fall clearly as complexity rises, but: {}. \
             Keep the heading when the chance is greater than the complexity",
            described.join(", ")
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `maze_matches_reference`'s verdict on a 2x2 maze with these walls, the
    /// reference's being a U (open between the top two cells and down each side).
    fn against_the_u(walls: [[u8; 2]; 2]) -> Verdict {
        let maze = |walls: [[u8; 2]; 2]| json!({ "start": [0, 0], "end": [0, 1], "walls": walls });
        let input = json!({ "mazes": [[2, 2, 0.5, 1]] });
        let output = json!([maze(walls)]);
        let expected = json!([maze([[9, 5], [14, 14]])]);
        maze_matches_reference(&Case {
            input: &input,
            output: &output,
            expected: Some(&expected),
        })
        .unwrap_or_else(|verdict| verdict)
    }

    #[test]
    fn a_maze_that_is_not_perfect_is_told_and_grouped_apart_from_other_draws() {
        // Another perfect maze: the order of the draws.
        let other = against_the_u([[9, 7], [10, 7]]);
        assert!(!other.passed);
        assert!(
            other.message.contains("order of random draws"),
            "{}",
            other.message
        );
        // The U with the wall between the top two cells still up on one side (what
        // a wrong opposite() does): not perfect, a mistake of its own.
        let one_sided = against_the_u([[9, 13], [14, 14]]);
        assert!(!one_sided.passed);
        assert!(
            one_sided.message.contains("is one-sided"),
            "{}",
            one_sided.message
        );
        assert!(!one_sided.message.contains("order of random draws"));
        let key = one_sided.mistake.as_deref().expect("a key");
        assert_eq!(
            key.detail,
            "not a perfect maze: the wall between (#, #) and (#, #) is one-sided"
        );
        assert_ne!(other.mistake, one_sided.mistake);
        assert!(against_the_u([[9, 5], [14, 14]]).passed);
    }
}
