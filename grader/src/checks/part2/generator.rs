//! §7.5: the checks of the disjoint-set maze generator: the reference's mazes for
//! given seeds, and properties (no loop, every room joined) of generated ones.

use super::*;

fn generator_input(generator: &str, mazes: &[(usize, u64)]) -> Value {
    json!({ "generator": generator, "mazes": mazes })
}

fn property_specs() -> Vec<(usize, u64)> {
    let mut specs = Vec::new();
    for n in [1usize, 2, 3, 5, 8, 13, 30] {
        for seed in 0..3 {
            specs.push((n, seed + 10 * n as u64));
        }
    }
    specs
}

pub(super) fn joins_input(inputs: &Inputs) -> anyhow::Result<Value> {
    Ok(generator_input(
        "generate",
        &drawn_specs(inputs, property_specs()),
    ))
}

/// `fixed` sizes and seeds, or for a private question half of them and new ones.
fn drawn_specs(inputs: &Inputs, fixed: Vec<(usize, u64)>) -> Vec<(usize, u64)> {
    inputs.vary(fixed, |rng| {
        (rng.random_range(1..=30), rng.random_range(0..1_000_000u64))
    })
}

pub(super) fn perfect_input(inputs: &Inputs) -> anyhow::Result<Value> {
    Ok(generator_input(
        "generate_perfect",
        &drawn_specs(inputs, property_specs()),
    ))
}

pub(super) fn generate_reference_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let fixed = vec![(1, 1), (2, 5), (5, 3), (8, 1), (12, 2026), (20, 7)];
    Ok(generator_input(
        "generate",
        &with_refused_sizes(inputs, drawn_specs(inputs, fixed)),
    ))
}

pub(super) fn perfect_reference_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let fixed = vec![(2, 2), (5, 3), (9, 4), (15, 99)];
    Ok(generator_input(
        "generate_perfect",
        &with_refused_sizes(inputs, drawn_specs(inputs, fixed)),
    ))
}

/// `specs` and sizes outside 1..=MAX_SIZE, which a generator must refuse (§7.5): 0
/// and 1001, or for a private question one of them with a new seed.
fn with_refused_sizes(inputs: &Inputs, mut specs: Vec<(usize, u64)>) -> Vec<(usize, u64)> {
    if inputs.private() {
        let mut rng = inputs.rng();
        let n = [0, 1001 + rng.random_range(0..100)][rng.random_range(0..2)];
        specs.push((n, rng.random_range(0..1_000_000u64)));
    } else {
        specs.extend([(0, 1), (1001, 1)]);
    }
    specs
}

/// The reference's rat maze beside the student's, doors that differ in the legend's
/// colours and the first room whose doors differ circled.
fn rooms_picture(n: usize, expected: &[u8], yours: &[u8]) -> String {
    use crate::checks::picture::{Drawing, rat_grid, rat_side, room_cell, side_by_side};
    let (Some(want), Some(got)) = (rat_grid(n, expected), rat_grid(n, yours)) else {
        return String::new();
    };
    let first = expected
        .iter()
        .zip(yours)
        .position(|(a, b)| a != b)
        .map(|room| room_cell(n, room));
    side_by_side(
        &rat_side(&want),
        &Drawing {
            mark: first,
            ..rat_side(&got)
        },
    )
}

#[derive(Deserialize)]
struct GeneratorInput {
    pub(super) generator: String,
    pub(super) mazes: Vec<(usize, u64)>,
}

fn generated_verdict(case: &Case, perfect: bool) -> Judged {
    let input: GeneratorInput = case.input()?;
    let reports: Vec<Value> = case.output_list(input.mazes.len())?;
    let generator = &input.generator;
    for (&(n, seed), report) in input.mazes.iter().zip(&reports) {
        let label = format!("{n}x{n} maze from seed {seed}");
        let Some(maze) = read_maze(report) else {
            return Ok(Verdict::fail(format!(
                "{generator}({n}, seed {seed}) gave {}",
                outcome(report)
            )));
        };
        if maze.n != n {
            return Ok(Verdict::fail(format!(
                "{generator}({n}, …) made a maze of size() {}",
                maze.n
            )));
        }
        let rooms = Rooms::checked(n, &maze.open).map_err(|problem| {
            Verdict::fail(format!(
                "the generated {label} has the wrong shape: {problem}"
            ))
        })?;
        let fail = |problem: String| -> Judged {
            Ok(Verdict {
                diff: Some(rooms.render()),
                ..Verdict::fail(problem)
            })
        };
        if let Some(problem) = rooms.door_problem() {
            return fail(format!("the generated {label}: {problem}"));
        }
        let (group, groups) = rooms.groups();
        let goal = rooms.rooms() - 1;
        if group.first() != group.get(goal) {
            return fail(format!(
                "the generated {label} does not join room 0 to the goal room {goal}: go on until start and goal are in the same set"
            ));
        }
        // Without a loop, the passages form a forest: each group of k joined rooms
        // has exactly k − 1 passages.
        let passages = rooms.passage_count();
        if passages != rooms.rooms() - groups {
            return fail(format!(
                "the generated {label} has a loop: {passages} passages among {} rooms in {groups} groups, where a maze without loops has {} (open doors only when union says it joined two sets)",
                rooms.rooms(),
                rooms.rooms() - groups
            ));
        }
        if perfect && groups != 1 {
            let cut_off = group.iter().filter(|&&g| g != group[0]).count();
            return fail(format!(
                "the generated {label} is not perfect: {cut_off} rooms cannot be reached from room 0 (go on until rooms − 1 pairs have been joined)"
            ));
        }
    }
    Ok(Verdict::pass(if perfect {
        format!("{} generated mazes are perfect", input.mazes.len())
    } else {
        format!(
            "{} generated mazes join start and goal without a loop",
            input.mazes.len()
        )
    }))
}

pub(super) fn rat_generate_joins(case: &Case) -> Judged {
    generated_verdict(case, false)
}

pub(super) fn rat_generate_perfect(case: &Case) -> Judged {
    generated_verdict(case, true)
}

pub(super) fn rat_generate_reference(case: &Case) -> Judged {
    let input: GeneratorInput = case.input()?;
    let got: Vec<Value> = case.output_list(input.mazes.len())?;
    let want: Vec<Value> = case.expected()?;
    if want.len() != input.mazes.len() {
        return Err(Verdict::grader_error(
            "the blessed mazes do not match the input: run `grader bless`",
        ));
    }
    let generator = &input.generator;
    for ((&(n, seed), got), want) in input.mazes.iter().zip(&got).zip(&want) {
        if got == want {
            continue;
        }
        if want.get("err").is_some() {
            // A refused size: the error is compared, not what was drawn before it.
            if got.get("err") == want.get("err") {
                continue;
            }
            return Ok(Verdict::fail(format!(
                "{generator}({n}, seed {seed}) gave {}, expected {}: a size outside 1..=MAX_SIZE is an error, not a maze",
                outcome(got),
                outcome(want)
            )));
        }
        let Some(expected) = read_maze(want) else {
            return Err(Verdict::grader_error(
                "a blessed maze is unreadable: run `grader bless`",
            ));
        };
        let theirs = Rooms::checked(n, &expected.open).map_err(Verdict::grader_error)?;
        let rule = "each round draws a room with in_range(0..=rooms − 1), then picks one of the directions in which it has a neighbour, listed in N, S, E, W order; union decides whether the doors open";
        let Some(maze) = read_maze(got).filter(|m| m.n == n) else {
            return Ok(Verdict::fail(format!(
                "{generator}({n}, seed {seed}) gave {}, expected the reference's {n}x{n} maze",
                outcome(got)
            )));
        };
        if maze.open == expected.open {
            // The same maze, but the MazeRng's next number differs: it drew more.
            let why = if n == 1 {
                "a 1×1 maze needs no round at all, and draws no number".to_owned()
            } else {
                let stop = if generator == "generate" {
                    "start and goal are joined"
                } else {
                    "every room is in one group"
                };
                format!("one in_range and one pick a round, and no more draws once {stop}")
            };
            return Ok(Verdict::fail(format!(
                "{generator}({n}, seed {seed}) made the reference's maze, but drew other numbers from the MazeRng than the reference: {why}"
            )));
        }
        let message = format!(
            "{generator}({n}, seed {seed}) made another maze than the reference: {} ({rule})",
            door_difference(&maze.open, &expected.open)
        );
        return Ok(match Rooms::checked(n, &maze.open) {
            Ok(mine) => Verdict::fail_with_diff(message, &theirs.render(), &mine.render())
                .with_picture(rooms_picture(n, &expected.open, &maze.open)),
            Err(_) => Verdict::fail(message),
        });
    }
    Ok(Verdict::pass(format!(
        "{generator} makes the reference's mazes for {} seeds",
        input.mazes.len()
    )))
}
