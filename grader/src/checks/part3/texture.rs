//! The texture each favor promises, measured over many mazes (runs, turns, dead ends),
//! so that code whose weights are ignored loses those points though its mazes are
//! perfect.

use rand::Rng as _;

use super::*;

/// Mazes per favor and their size. 12 mazes of 16×16 give the reference the same
/// shares and corridors as 30 of 20×20 did, within a few hundredths (72 % and 29 %
/// east–west; corridors 1.40 and 2.90), and dead ends in proportion (81 against 68
/// per maze), far inside the margins below, in a fifth of the time.
const SEEDS: std::ops::Range<u64> = 1000..1012;
const SIZE: Xy = (16, 16);

fn measured_input(inputs: &Inputs, favors: &[&str]) -> Value {
    let seeds: Vec<u64> = if inputs.private() {
        let first = inputs.rng().random_range(2_000..1_000_000u64);
        (first..first + 12).collect()
    } else {
        SEEDS.collect()
    };
    json!({ "size": [SIZE.0, SIZE.1], "favors": favors, "seeds": seeds })
}

pub(super) fn axis_input(inputs: &Inputs) -> anyhow::Result<Value> {
    Ok(measured_input(inputs, &["horizontal", "vertical"]))
}

pub(super) fn turns_input(inputs: &Inputs) -> anyhow::Result<Value> {
    Ok(measured_input(inputs, &["zigzag", "straight"]))
}

pub(super) fn age_input(inputs: &Inputs) -> anyhow::Result<Value> {
    Ok(measured_input(inputs, &["none", "age"]))
}

/// The mazes of each favor the grader asked for, each checked for shape and
/// perfectness: `(favor, grids)`.
fn measured_mazes(case: &Case) -> Result<Vec<(String, Vec<Grid>)>, Verdict> {
    #[derive(Deserialize)]
    struct Input {
        size: Xy,
        favors: Vec<String>,
        seeds: Vec<u64>,
    }
    let input: Input = case.input()?;
    let groups: Vec<Vec<Vec<Vec<u8>>>> = case.output_list(input.favors.len())?;
    let (w, h) = input.size;
    let mut all = Vec::new();
    for (favor, group) in input.favors.iter().zip(groups) {
        if group.len() != input.seeds.len() {
            return Err(Verdict::fail(format!(
                "the probe reported {} of {} mazes for --favor {favor}",
                group.len(),
                input.seeds.len()
            )));
        }
        let mut grids = Vec::new();
        for (walls, seed) in group.into_iter().zip(&input.seeds) {
            let grid = Grid::from_rows(w, h, walls).map_err(|problem| {
                Verdict::fail(format!(
                    "the {w}x{h} --favor {favor} maze from seed {seed} has the wrong shape: {problem}"
                ))
            })?;
            if let Some(problem) = grid.imperfection() {
                return Err(Verdict::fail(format!(
                    "the {w}x{h} --favor {favor} maze from seed {seed} is not perfect: {problem}"
                )));
            }
            grids.push(grid);
        }
        all.push((favor.clone(), grids));
    }
    Ok(all)
}

/// The mean of `figure` over the mazes of `favor`.
fn mean_of(
    groups: &[(String, Vec<Grid>)],
    favor: &str,
    figure: fn(&Grid) -> f64,
) -> Result<f64, Verdict> {
    let (_, grids) = groups
        .iter()
        .find(|(f, _)| f == favor)
        .ok_or_else(|| Verdict::grader_error(format!("its input has no --favor {favor}")))?;
    Ok(grids.iter().map(figure).sum::<f64>() / grids.len().max(1) as f64)
}

/// The share of all passages that run east–west.
fn east_west_share(grid: &Grid) -> f64 {
    let (mut east_west, mut all) = (0usize, 0usize);
    for y in 0..grid.height {
        for x in 0..grid.width {
            if x + 1 < grid.width && grid.at((x, y)) & EAST == 0 {
                east_west += 1;
                all += 1;
            }
            if y + 1 < grid.height && grid.at((x, y)) & SOUTH == 0 {
                all += 1;
            }
        }
    }
    east_west as f64 / all.max(1) as f64
}

/// The mean length, in passages, of a straight corridor: a longest run of passages
/// one after another along a row or a column.
fn corridor_length(grid: &Grid) -> f64 {
    let mut runs: Vec<usize> = Vec::new();
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
    for y in 0..grid.height {
        count(&mut (0..grid.width - 1).map(|x| grid.at((x, y)) & EAST == 0));
    }
    for x in 0..grid.width {
        count(&mut (0..grid.height - 1).map(|y| grid.at((x, y)) & SOUTH == 0));
    }
    runs.iter().sum::<usize>() as f64 / runs.len().max(1) as f64
}

/// The number of dead ends: cells with one way out.
fn dead_ends(grid: &Grid) -> f64 {
    let cells = (0..grid.height).flat_map(|y| (0..grid.width).map(move |x| (x, y)));
    cells
        .filter(|&p| grid.open_neighbors(p).count() == 1)
        .count() as f64
}

/// The east–west share of passages without a favor: on a square grid every draw is
/// as likely as its mirror image across the diagonal, so half (the reference
/// measures 0.50). Not measured again here: `texture_weights` checks None's weights.
const UNFAVORED_SHARE: f64 = 0.5;
/// The east–west share of horizontal must exceed the unfavored share by this much,
/// and vertical's fall short of it by as much. The reference measures about 0.71 for
/// horizontal and 0.29 for vertical: a margin of 0.21 each way, twice the threshold;
/// ignored weights give 0.50 for both.
const AXIS_MARGIN: f64 = 0.10;
/// Straight's mean corridor must be this many times zigzag's: the reference measures
/// about 2.9 against 1.4, a ratio of 2; ignored weights give about 2.0 for both.
const CORRIDOR_RATIO: f64 = 1.5;
/// Age must have this many fewer dead ends per 16×16 maze than none: the reference
/// measures about 68 against 81, twice the margin; ignored weights give the same for
/// both.
const DEAD_END_MARGIN: f64 = 6.0;

pub(super) fn texture_horizontal_vertical(case: &Case) -> Judged {
    let groups = measured_mazes(case)?;
    let horizontal = mean_of(&groups, "horizontal", east_west_share)?;
    let vertical = mean_of(&groups, "vertical", east_west_share)?;
    let figures = format!(
        "east–west passages: {:.0}% with --favor horizontal, {:.0}% with vertical, over {} mazes of {}x{} each (on a square grid --favor none gives {:.0}%)",
        horizontal * 100.0,
        vertical * 100.0,
        SEEDS.count(),
        SIZE.0,
        SIZE.1,
        UNFAVORED_SHARE * 100.0
    );
    let mut problems = Vec::new();
    if horizontal < UNFAVORED_SHARE + AXIS_MARGIN {
        problems.push(format!(
            "horizontal should give clearly more east–west passages than no favor (at least {:.0} points more than half)",
            AXIS_MARGIN * 100.0
        ));
    }
    if vertical > UNFAVORED_SHARE - AXIS_MARGIN {
        problems.push(format!(
            "vertical should give clearly fewer east–west passages than no favor (at least {:.0} points fewer than half)",
            AXIS_MARGIN * 100.0
        ));
    }
    if problems.is_empty() {
        return Ok(Verdict::pass(figures));
    }
    Ok(Verdict::fail(format!(
        "{figures}: {}. Does weight give 5 to the favored axis and does weighted_pick draw by the weights?",
        problems.join("; ")
    )))
}

pub(super) fn texture_straight_zigzag(case: &Case) -> Judged {
    let groups = measured_mazes(case)?;
    let zigzag = mean_of(&groups, "zigzag", corridor_length)?;
    let straight = mean_of(&groups, "straight", corridor_length)?;
    let figures = format!(
        "mean straight corridor: {zigzag:.2} passages with --favor zigzag, {straight:.2} with straight, over {} mazes of {}x{} each",
        SEEDS.count(),
        SIZE.0,
        SIZE.1
    );
    if straight > CORRIDOR_RATIO * zigzag {
        return Ok(Verdict::pass(figures));
    }
    Ok(Verdict::fail(format!(
        "{figures}: straight should make corridors at least {CORRIDOR_RATIO} times as long as zigzag. Does weight compare the link's axis with its previous link's (10 for a turn under ZigZag, 10 for going on under Straight, 1 from the root)?"
    )))
}

pub(super) fn texture_age_dead_ends(case: &Case) -> Judged {
    let groups = measured_mazes(case)?;
    let none = mean_of(&groups, "none", dead_ends)?;
    let age = mean_of(&groups, "age", dead_ends)?;
    let figures = format!(
        "dead ends per maze: {none:.1} with --favor none, {age:.1} with age, over {} mazes of {}x{} each",
        SEEDS.count(),
        SIZE.0,
        SIZE.1
    );
    if age < none - DEAD_END_MARGIN {
        return Ok(Verdict::pass(figures));
    }
    Ok(Verdict::fail(format!(
        "{figures}: age, drawing the links that waited longest first, should leave clearly fewer dead ends (at least {DEAD_END_MARGIN} fewer). Does weight give age × age?"
    )))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checks::part3::tests::*;

    #[rustfmt::skip]
    fn snake() -> Grid {
        // 3x2: (0,0) → (1,0) → (2,0) → (2,1) → (1,1) → (0,1).
        Grid { width: 3, height: 2, walls: vec![
            vec![NORTH | WEST | SOUTH, NORTH | SOUTH, NORTH | EAST],
            vec![SOUTH | WEST | NORTH, SOUTH | NORTH, SOUTH | EAST],
        ] }
    }

    #[test]
    fn texture_figures_of_a_snake() {
        let grid = snake();
        assert!((east_west_share(&grid) - 0.8).abs() < 1e-9);
        assert!((corridor_length(&grid) - 5.0 / 3.0).abs() < 1e-9);
        assert!((dead_ends(&grid) - 2.0).abs() < 1e-9);
    }

    #[test]
    fn identical_mazes_for_every_favor_fail_the_texture_checks() {
        // Weights ignored: every favor gives the same maze.
        for name in [
            "texture_horizontal_vertical",
            "texture_straight_zigzag",
            "texture_age_dead_ends",
        ] {
            let input = input_of(name);
            let favors = input["favors"].as_array().unwrap().len();
            let seeds = input["seeds"].as_array().unwrap().len();
            let mut walls = vec![vec![15u8; 16]; 16];
            for (y, row) in walls.iter_mut().enumerate() {
                for (x, cell) in row.iter_mut().enumerate() {
                    if x > 0 {
                        *cell &= !WEST;
                    }
                    if x < 15 {
                        *cell &= !EAST;
                    }
                    if x == 0 && y > 0 {
                        *cell &= !NORTH;
                    }
                    if x == 0 && y < 15 {
                        *cell &= !SOUTH;
                    }
                }
            }
            let output = json!(vec![vec![walls; seeds]; favors]);
            let verdict = judged(name, &input, &output, None);
            assert!(!verdict.passed, "{name}: {}", verdict.message);
            assert!(
                verdict.message.contains("over 12 mazes of 16x16"),
                "{name}: {}",
                verdict.message
            );
        }
    }
}
