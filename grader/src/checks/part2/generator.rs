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

/// When `generate_perfect` stops, in the words of its failures.
const PERFECT_STOPS: &str = "generate_perfect goes on until rooms − 1 pairs have been joined, every room in one group, counting only the rounds whose union joined two groups";

/// Words for a generated maze that holds every open door of the reference's and more
/// (it went on after the reference stopped), or only some of them and no other while
/// it is unfinished (start and goal apart for `generate`, rooms shut off for
/// `generate_perfect`: it stopped early), with the generator's stop rule and the hint
/// that says it; `None` otherwise (the mazes differ both ways: the order of random
/// calls).
fn stop_problem(generator: &str, got: &Rooms<'_>, want: &[u8]) -> Option<(String, &'static str)> {
    let got_open = got.open;
    if got_open.len() != want.len() {
        return None;
    }
    let extra = got_open.iter().zip(want).any(|(g, w)| g & !w != 0);
    let perfect = generator == "generate_perfect";
    let (group, groups) = got.groups();
    let unfinished = if perfect {
        groups > 1
    } else {
        group.first() != group.last()
    };
    let missing = got_open.iter().zip(want).any(|(g, w)| w & !g != 0);
    let (did, rule) = match (extra, missing && unfinished, perfect) {
        _ if extra && missing => return None,
        (true, false, false) => (
            "made the reference's maze, then opened more doors",
            "generate stops as soon as the start and the goal are in the same group, leaving the rooms not joined yet shut off",
        ),
        (false, true, false) => (
            "opened only some of the reference's doors, and no other",
            "generate goes on until the start and the goal are in the same group",
        ),
        (true, false, true) => (
            "made the reference's maze, then opened more doors",
            "generate_perfect stops once every room is in one group, after rooms − 1 rounds whose union joined two groups",
        ),
        (false, true, true) => (
            "opened only some of the reference's doors, and no other",
            PERFECT_STOPS,
        ),
        _ => return None,
    };
    Some((
        format!("{did}: {} ({rule})", door_difference(got_open, want)),
        ends_hint(perfect),
    ))
}

/// The rule whose violation makes a generator stop at the wrong time, as a hint.
fn ends_hint(perfect: bool) -> &'static str {
    if perfect {
        GENERATE_PERFECT_ENDS
    } else {
        GENERATE_ENDS
    }
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
        // A maze left in pieces: the generator stopped before its rule says.
        let stopped_early = |problem: String| -> Judged {
            fail(problem).map(|verdict| verdict.with_hint(ends_hint(perfect)))
        };
        if group.first() != group.get(goal) {
            let rule = if perfect {
                PERFECT_STOPS
            } else {
                "go on until start and goal are in the same set"
            };
            return stopped_early(format!(
                "the generated {label} does not join room 0 to the goal room {goal}: {rule}"
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
            return stopped_early(format!(
                "the generated {label} is not perfect: {cut_off} rooms cannot be reached from room 0 ({PERFECT_STOPS})"
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
        let mine = Rooms::checked(n, &maze.open).ok();
        let stopped = mine
            .as_ref()
            .and_then(|mine| stop_problem(generator, mine, &expected.open));
        let (message, hint) = match stopped {
            Some((problem, hint)) => (
                format!("{generator}({n}, seed {seed}) {problem}"),
                Some(hint),
            ),
            None => (
                format!(
                    "{generator}({n}, seed {seed}) made another maze than the reference: {} ({rule})",
                    door_difference(&maze.open, &expected.open)
                ),
                None,
            ),
        };
        let verdict = match mine {
            Some(mine) => Verdict::fail_with_diff(message, &theirs.render(), &mine.render())
                .with_picture(rooms_picture(n, &expected.open, &maze.open)),
            None => Verdict::fail(message),
        };
        return Ok(verdict.with_hint(hint));
    }
    Ok(Verdict::pass(format!(
        "{generator} makes the reference's mazes for {} seeds",
        input.mazes.len()
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rooms(open: &[u8]) -> Rooms<'_> {
        Rooms::checked(2, open).unwrap()
    }

    #[test]
    fn a_maze_with_more_doors_than_the_reference_s_went_on_too_long() {
        // 0 — 2 — 3 joined; then 0 — 1 as well.
        let reference = [NORTH | SOUTH, 0, NORTH | EAST, SOUTH | WEST];
        let more = [NORTH | SOUTH | EAST, WEST, NORTH | EAST, SOUTH | WEST];
        let (words, hint) = stop_problem("generate", &rooms(&more), &reference).unwrap();
        assert!(
            words.starts_with("made the reference's maze, then opened more doors: room 0"),
            "{words}"
        );
        assert!(
            words
                .contains("generate stops as soon as the start and the goal are in the same group"),
            "{words}"
        );
        assert_eq!(hint, GENERATE_ENDS);
        let (words, hint) = stop_problem("generate_perfect", &rooms(&reference), &more).unwrap();
        assert!(
            words.contains("counting only the rounds whose union joined two groups"),
            "{words}"
        );
        assert_eq!(hint, GENERATE_PERFECT_ENDS);
    }

    #[test]
    fn a_maze_with_fewer_doors_stopped_early_only_when_unfinished() {
        let reference = [NORTH | SOUTH, 0, NORTH | EAST, SOUTH | WEST];
        let more = [NORTH | SOUTH | EAST, WEST, NORTH | EAST, SOUTH | WEST];
        // Fewer doors, but start and goal joined: generate did stop; another order.
        assert_eq!(stop_problem("generate", &rooms(&reference), &more), None);
        // Fewer doors, start and goal apart: generate stopped early.
        let apart = [NORTH | SOUTH, 0, NORTH, SOUTH];
        let (words, _) = stop_problem("generate", &rooms(&apart), &reference).unwrap();
        assert!(
            words.contains("generate goes on until the start and the goal"),
            "{words}"
        );
        // Doors that differ both ways: the order of random calls, even when the
        // maze is finished.
        let other = [NORTH | EAST, WEST, 0, SOUTH];
        assert_eq!(stop_problem("generate", &rooms(&other), &reference), None);
        let finished_otherwise = [NORTH | EAST, SOUTH | WEST, 0, NORTH | SOUTH];
        assert_eq!(
            stop_problem("generate", &rooms(&finished_otherwise), &reference),
            None
        );
    }
}
