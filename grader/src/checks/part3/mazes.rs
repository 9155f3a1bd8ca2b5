//! §8: the checks of the weighted generator's mazes: perfect, and the reference's
//! mazes for given seeds and favors.

use rand::Rng as _;

use super::*;

type Spec = (i32, i32, String, String, u64);

fn label((w, h, favor, root, seed): &Spec) -> String {
    format!("{w}x{h} --favor {favor} --root {root} seed {seed}")
}

fn specs(input: &Value) -> Result<Vec<Spec>, Verdict> {
    serde_json::from_value(input["mazes"].clone())
        .map_err(|error| Verdict::grader_error(format!("its input has no maze list ({error})")))
}

fn reported_mazes(case: &Case, specs: &[Spec]) -> Result<Vec<MazeData>, Verdict> {
    let reported: Vec<ReportedMaze> = case.output_list(specs.len())?;
    reported
        .into_iter()
        .zip(specs)
        .map(|(maze, spec)| {
            MazeData::checked(maze, spec.0, spec.1, label(spec)).map_err(Verdict::fail)
        })
        .collect()
}

/// Every favor on each size, the roots taking turns.
fn every_favor(sizes: &[Xy], first_seed: u64) -> Value {
    let mut mazes = Vec::new();
    let mut seed = first_seed;
    for &(w, h) in sizes {
        for favor in FAVORS {
            let root = if seed.is_multiple_of(2) {
                "corner"
            } else {
                "center"
            };
            mazes.push(json!([w, h, favor, root, seed]));
            seed += 1;
        }
    }
    json!({ "mazes": mazes })
}

pub(super) fn square_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let sizes = inputs.vary(vec![(5, 5), (12, 12), (24, 24)], |rng| {
        let side = rng.random_range(5..=30);
        (side, side)
    });
    Ok(every_favor(&sizes, first_seed(inputs, 1)))
}

/// The first seed of a run of mazes: `fixed`, or one drawn for a private question.
fn first_seed(inputs: &Inputs, fixed: u64) -> u64 {
    if inputs.private() {
        inputs.rng().random_range(1_000..1_000_000)
    } else {
        fixed
    }
}

pub(super) fn non_square_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let sizes = inputs.vary(vec![(5, 50), (50, 5), (9, 31), (31, 9)], |rng| {
        let w = rng.random_range(5..=50);
        (
            w,
            if w > 27 {
                w - 22
            } else {
                w + 1 + rng.random_range(0..22)
            },
        )
    });
    Ok(every_favor(&sizes, first_seed(inputs, 101)))
}

pub(super) fn mazes_are_perfect(case: &Case) -> Judged {
    let specs = specs(case.input)?;
    let mazes = reported_mazes(case, &specs)?;
    for maze in &mazes {
        if let Some(problem) = maze.grid.imperfection() {
            return Ok(Verdict {
                diff: Some(maze.render()),
                ..Verdict::fail(format!(
                    "the {} maze is not perfect: {problem}",
                    maze.name()
                ))
            });
        }
    }
    let sizes: Vec<String> = specs
        .iter()
        .map(|s| format!("{}x{}", s.0, s.1))
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    Ok(Verdict::pass(format!(
        "perfect for every favor and both roots: {}",
        sizes.join(", ")
    )))
}

pub(super) fn reference_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let mut mazes = Vec::new();
    for (i, favor) in (0u64..).zip(FAVORS) {
        mazes.push(json!([12, 7, favor, "corner", 3 + i]));
        mazes.push(json!([9, 13, favor, "center", 30 + i]));
    }
    let mazes = inputs.vary(mazes, |rng| {
        let root = ["corner", "center"][rng.random_range(0..2)];
        json!([
            rng.random_range(5..=20),
            rng.random_range(5..=20),
            FAVORS[rng.random_range(0..FAVORS.len())],
            root,
            rng.random_range(0..1_000_000u64)
        ])
    });
    Ok(json!({ "mazes": mazes }))
}

pub(super) fn texture_matches_reference(case: &Case) -> Judged {
    let specs = specs(case.input)?;
    let got = reported_mazes(case, &specs)?;
    let want: Vec<ReportedMaze> = case.expected()?;
    if want.len() != specs.len() {
        return Err(Verdict::grader_error(
            "the blessed mazes do not match the input: run `grader bless`",
        ));
    }
    for ((maze, want), spec) in got.iter().zip(want).zip(&specs) {
        let want =
            MazeData::checked(want, spec.0, spec.1, label(spec)).map_err(Verdict::grader_error)?;
        if maze.grid != want.grid || maze.start != want.start || maze.end != want.end {
            return Ok(Verdict::maze_mismatch(
                format!(
                    "the {} maze differs from the reference's: the generator is provided, so the weights (§8.1) or the draw (§8.2) differ",
                    maze.name()
                ),
                &want,
                maze,
            ));
        }
    }
    Ok(Verdict::pass(
        "every favor and both roots give the reference's mazes exactly",
    ))
}
