//! §9.1: Prim mazes — perfect at every size, the start and the end where the handout
//! puts them, the reference's mazes bit for bit.

use super::*;
use crate::checks::model::Imperfection;

type Spec = (i32, i32, u64);

pub(super) fn label((w, h, seed): Spec) -> String {
    format!("{w}x{h} Prim, seed {seed}")
}

pub(super) fn specs(input: &Value) -> Result<Vec<Spec>, Verdict> {
    serde_json::from_value(input["mazes"].clone())
        .map_err(|error| Verdict::grader_error(format!("its input has no maze list ({error})")))
}

pub(super) fn reported_mazes(case: &Case, specs: &[Spec]) -> Result<Vec<MazeData>, Verdict> {
    let reported: Vec<ReportedMaze> = case.output_list(specs.len())?;
    reported
        .into_iter()
        .zip(specs)
        .map(|(maze, &spec)| {
            MazeData::checked(maze, spec.0, spec.1, label(spec)).map_err(Verdict::fail)
        })
        .collect()
}

pub(super) fn square_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let mut mazes = inputs.vary(
        vec![[5, 5, 1], [20, 20, 2], [30, 30, 3], [50, 50, 4]],
        |rng| {
            let side = rng.random_range(5..=50);
            [side, side, rng.random_range(0..1_000_000)]
        },
    );
    // Last, a grid handed over with every wall down: generate_prim puts every wall
    // back up first (its doc comment, §9.1).
    let used_from = mazes.len();
    mazes.push(if inputs.private() {
        let mut rng = inputs.rng();
        let side = rng.random_range(5..=20);
        [side, side, rng.random_range(0..1_000_000)]
    } else {
        [12, 12, 5]
    });
    Ok(json!({ "mazes": mazes, "used_from": used_from }))
}

pub(super) fn non_square_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let fixed = vec![[5, 50, 5], [50, 5, 6], [9, 31, 7], [31, 9, 8], [6, 5, 9]];
    let mazes = inputs.vary(fixed, |rng| {
        let w = rng.random_range(5..=50);
        let h = if w > 27 {
            w - 22
        } else {
            w + 1 + rng.random_range(0..22)
        };
        [w, h, rng.random_range(0..1_000_000)]
    });
    Ok(json!({ "mazes": mazes }))
}

pub(super) fn prim_perfect(case: &Case) -> Judged {
    let specs = specs(case.input)?;
    let mazes = reported_mazes(case, &specs)?;
    let used_from = case.input["used_from"]
        .as_u64()
        .map_or(mazes.len(), |from| from as usize);
    for (index, maze) in mazes.iter().enumerate() {
        if let Some(problem) = maze.grid.imperfection() {
            // The source's bug: the start is not marked, so it is added twice.
            let one_sided = maze.grid.one_sided_wall();
            let hint = if index >= used_from {
                " (it was given a grid with every wall down: generate_prim puts every wall back up first)".to_owned()
            } else if let Some(wall) = one_sided.as_ref().filter(|wall| *wall != &problem) {
                format!(
                    ". Also, {wall}: a wall comes down on both sides (cells.remove_cell_wall opens both cells)"
                )
            } else if one_sided.is_some() {
                " (a wall comes down on both sides: cells.remove_cell_wall opens both cells)"
                    .to_owned()
            } else if matches!(
                problem,
                Imperfection::Loop { .. } | Imperfection::Closed { .. }
            ) {
                " (is the start marked as in the maze from the beginning?)".to_owned()
            } else {
                String::new()
            };
            let verdict = Verdict {
                diff: Some(maze.render()),
                ..Verdict::fail(format!(
                    "the {} maze is not perfect: {problem}{hint}",
                    maze.name()
                ))
            };
            return Ok(if index < used_from && one_sided.is_some() {
                verdict.with_hint(
                    "handout §9.1: remove the wall with cells.remove_cell_wall, which opens both sides",
                )
            } else {
                verdict
            });
        }
    }
    let sizes: Vec<String> = specs.iter().map(|s| format!("{}x{}", s.0, s.1)).collect();
    Ok(Verdict::pass(format!("perfect: {}", sizes.join(", "))))
}

pub(super) fn ends_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let mut rng = inputs.rng();
    let mazes: Vec<Value> = (0..200u64)
        .map(|index| {
            let seed = if inputs.private() {
                rng.random_range(0..1_000_000u64)
            } else {
                index
            };
            if index.is_multiple_of(2) {
                json!([6, 5, seed])
            } else {
                json!([5, 7, seed])
            }
        })
        .collect();
    Ok(json!({ "mazes": mazes }))
}

pub(super) fn prim_start_and_end(case: &Case) -> Judged {
    let specs = specs(case.input)?;
    let mazes = reported_mazes(case, &specs)?;
    for (maze, &(_, h, _)) in mazes.iter().zip(&specs) {
        let (start, end) = (maze.start, maze.end);
        if !maze.grid.inside(start) || start.1 != h - 1 {
            return Ok(Verdict::fail(format!(
                "the {} maze starts at {}, not in the bottom row (y = {}): the start is a cell of the bottom row, its x drawn with in_range(x_range())",
                maze.name(),
                show(start),
                h - 1
            )));
        }
        if !maze.grid.inside(end) || end.1 != 0 {
            return Ok(Verdict::fail(format!(
                "the {} maze ends at {}, not in the top row (y = 0): the end is a cell of the top row, its x drawn after the maze is finished",
                maze.name(),
                show(end)
            )));
        }
    }
    // Over many seeds, every column must come up for the start and for the end.
    for (which, pick) in [
        ("start", (|m: &MazeData| m.start.0) as fn(&MazeData) -> i32),
        ("end", |m: &MazeData| m.end.0),
    ] {
        for width in specs.iter().map(|s| s.0).collect::<BTreeSet<_>>() {
            let columns: BTreeSet<i32> = mazes
                .iter()
                .zip(&specs)
                .filter(|(_, s)| s.0 == width)
                .map(|(m, _)| pick(m))
                .collect();
            if let Some(missing) = (0..width).find(|x| !columns.contains(x)) {
                return Ok(Verdict::fail(format!(
                    "over {} mazes {width} cells wide from different seeds, no {which} was ever in column {missing}: draw its x with rng.in_range(cells.x_range())",
                    specs.iter().filter(|s| s.0 == width).count()
                )));
            }
        }
    }
    // The end's column is a draw of its own: over many seeds, a start column meets
    // more than one end column. An end that follows from the start (its column
    // copied, or mirrored: two readings of "opposite the entrance") never does.
    for width in specs.iter().map(|s| s.0).collect::<BTreeSet<_>>() {
        let same_width: Vec<&MazeData> = mazes
            .iter()
            .zip(&specs)
            .filter(|(_, s)| s.0 == width)
            .map(|(m, _)| m)
            .collect();
        let mut ends_of_start: BTreeMap<i32, BTreeSet<i32>> = BTreeMap::new();
        for maze in &same_width {
            ends_of_start
                .entry(maze.start.0)
                .or_default()
                .insert(maze.end.0);
        }
        if same_width.len() > 2 * ends_of_start.len()
            && ends_of_start.values().all(|ends| ends.len() == 1)
        {
            let how = if same_width.iter().all(|m| m.end.0 == m.start.0) {
                "always in the start's column"
            } else if same_width.iter().all(|m| m.end.0 == width - 1 - m.start.0) {
                "always in the start's mirror column (width − 1 − x)"
            } else {
                "always in the same column for the same start column"
            };
            return Ok(Verdict::fail(format!(
                "over {} mazes {width} cells wide from different seeds, the end is {how}: the end's x is a draw of its own, rng.in_range(cells.x_range()) after the maze is finished, not worked out from the start",
                same_width.len()
            )));
        }
    }
    Ok(Verdict::pass(format!(
        "{} mazes: the start in the bottom row, the end in the top row, every column used, the end's column drawn apart from the start's",
        mazes.len()
    )))
}

pub(super) fn reference_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let fixed = vec![[12, 8, 2], [5, 5, 1], [9, 14, 7], [20, 6, 11]];
    let mazes = inputs.vary(fixed, |rng| {
        [
            rng.random_range(5..=20),
            rng.random_range(5..=20),
            rng.random_range(0..1_000_000),
        ]
    });
    Ok(json!({ "mazes": mazes }))
}

pub(super) fn prim_matches_reference(case: &Case) -> Judged {
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
            let what = if maze.start != want.start {
                let rule = if maze.start.1 == want.start.1 {
                    "its x is the first draw, before any other"
                } else {
                    "the start is in the bottom row, its x the first draw"
                };
                format!(
                    "starts at {}, the reference's at {}: {rule}",
                    show(maze.start),
                    show(want.start)
                )
            } else if maze.grid != want.grid {
                "has other walls than the reference's: each step picks a cell from the list of cells in the maze (in the order they joined), then, only if it has neighbours outside, one of them in west, north, east, south order; a cell picked in vain stays in the list (the list only grows), and nothing else draws from the rng".to_owned()
            } else {
                format!(
                    "ends at {}, the reference's at {}: the end's x is drawn after the maze is finished",
                    show(maze.end),
                    show(want.end)
                )
            };
            return Ok(Verdict::maze_mismatch(
                format!("the {} maze {what}", maze.name()),
                &want,
                maze,
            ));
        }
    }
    Ok(Verdict::pass("matches the reference exactly"))
}

#[cfg(test)]
mod tests {
    use super::super::tests::{input_of, judged};
    use super::*;

    /// The output of `prim_start_and_end`'s input with starts and ends placed by
    /// `ends(width, seed)` (start column, end column); every wall stays up.
    fn placed(ends: impl Fn(i32, u64) -> (i32, i32)) -> (Value, Value) {
        let input = input_of("prim_start_and_end");
        let specs: Vec<Spec> = serde_json::from_value(input["mazes"].clone()).unwrap();
        let output = specs
            .iter()
            .map(|&(w, h, seed)| {
                let (start, end) = ends(w, seed);
                json!({ "start": [start, h - 1], "end": [end, 0], "walls": vec![vec![15u8; w as usize]; h as usize] })
            })
            .collect::<Vec<_>>();
        (input, json!(output))
    }

    #[test]
    fn an_end_worked_out_from_the_start_is_caught() {
        // Two readings of "opposite the entrance": the start's column, and its mirror.
        type Ends = fn(i32, u64) -> (i32, i32);
        let cases: [(&str, Ends); 2] = [
            ("always in the start's column", |w, seed| {
                let x = (seed / 2 % w as u64) as i32;
                (x, x)
            }),
            ("always in the start's mirror column", |w, seed| {
                let x = (seed / 2 % w as u64) as i32;
                (x, w - 1 - x)
            }),
        ];
        for (words, ends) in cases {
            let (input, output) = placed(ends);
            let verdict = judged("prim_start_and_end", &input, &output, None);
            assert!(
                !verdict.passed && verdict.message.contains(words),
                "{}",
                verdict.message
            );
            assert!(
                verdict.message.contains("a draw of its own"),
                "{}",
                verdict.message
            );
        }
        // Columns drawn apart: the start's column meets several end columns.
        let (input, output) = placed(|w, seed| {
            let x = (seed / 2 % w as u64) as i32;
            (x, (seed / 2 / w as u64 % w as u64) as i32)
        });
        let verdict = judged("prim_start_and_end", &input, &output, None);
        assert!(verdict.passed, "{}", verdict.message);
    }

    #[test]
    fn other_walls_than_the_references_are_said_in_a_sentence() {
        let input = json!({ "mazes": [[5, 5, 1]] });
        let mut walls = vec![vec![15u8; 5]; 5];
        let want = json!([{ "start": [2, 4], "end": [1, 0], "walls": walls.clone() }]);
        walls[0][0] = 11; // (0, 0) without its east wall
        walls[0][1] = 7; // (1, 0) without its west wall
        let output = json!([{ "start": [2, 4], "end": [1, 0], "walls": walls }]);
        let verdict = judged("prim_matches_reference", &input, &output, Some(&want));
        assert!(
            verdict
                .message
                .starts_with("the 5x5 Prim, seed 1 maze has other walls than the reference's: "),
            "{}",
            verdict.message
        );
    }

    #[test]
    fn a_start_outside_the_bottom_row_is_named() {
        let input = json!({ "mazes": [[5, 5, 1]] });
        let walls = vec![vec![15u8; 5]; 5];
        let output = json!([{ "start": [2, 0], "end": [1, 0], "walls": walls }]);
        let verdict = prim_start_and_end(&Case {
            input: &input,
            output: &output,
            expected: None,
        })
        .unwrap_or_else(|v| v);
        assert!(
            verdict.message.starts_with(
                "the 5x5 Prim, seed 1 maze starts at (2, 0), not in the bottom row (y = 4)"
            ),
            "{}",
            verdict.message
        );
    }

    #[test]
    fn a_loop_in_a_prim_maze_points_at_the_unmarked_start() {
        let input = json!({ "mazes": [[5, 5, 1]] });
        let room = open_room((5, 5), (0, 4), (0, 0), "room");
        let output = json!([{ "start": [0, 4], "end": [0, 0], "walls": room.walls }]);
        let verdict = judged("prim_perfect_square", &input, &output, None);
        assert!(
            verdict
                .message
                .starts_with("the 5x5 Prim, seed 1 maze is not perfect:")
                && verdict.message.ends_with(
                    "there is a loop (is the start marked as in the maze from the beginning?)"
                ),
            "{}",
            verdict.message
        );
        let mut one_sided = room.walls.clone();
        one_sided[0][0] |= EAST;
        let output = json!([{ "start": [0, 4], "end": [0, 0], "walls": one_sided }]);
        let verdict = judged("prim_perfect_square", &input, &output, None);
        assert!(
            verdict.message.contains("one-sided") && !verdict.message.contains("marked"),
            "{}",
            verdict.message
        );
    }
}
