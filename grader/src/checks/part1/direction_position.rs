//! §2 and §3: the checks of `Direction` (opposites of single and combined flags) and
//! of `Position` (equality, hashing, display, `moved`, `random`).

use rand::Rng as _;

use super::*;

pub(super) fn opposite_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let directions = inputs.vary((0u8..16).collect(), |rng| rng.random_range(0u8..16));
    Ok(json!({ "directions": directions }))
}

pub(super) fn direction_opposite(case: &Case) -> Judged {
    let directions = list(case.input, "directions")?;
    compare_items(
        case,
        &directions,
        |d, got, want| {
            let rule = match d.as_u64().map_or(0, u64::count_ones) {
                0 => "a set without a flag has no flag to flip",
                1 => "NORTH and SOUTH, EAST and WEST are each other's opposites",
                _ => "each flag of a set flips on its own, so a set of several flags gives several",
            };
            format!(
                "opposite of {} gave {}, expected {}: {rule}",
                bits(d),
                bits(got),
                bits(want)
            )
        },
        "opposite is right for all 16 sets of directions",
    )
}

// ---------------------------------------------------------------- §3 Position

pub(super) fn equality_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let fixed = vec![
        json!([[3, 4], [3, 4]]),
        json!([[3, 4], [4, 3]]),
        json!([[3, 4], [3, 5]]),
        json!([[3, 4], [2, 4]]),
        json!([[0, 0], [0, 0]]),
        json!([[-1, 7], [-1, 7]]),
        json!([[5, 5], [6, 6]]),
        json!([[12, 0], [0, 12]]),
    ];
    // New pairs: equal, swapped, or one coordinate off by one.
    let pairs = inputs.vary(fixed, |rng| {
        let (x, y) = (rng.random_range(-5..50), rng.random_range(-5..50));
        let other = match rng.random_range(0..4) {
            0 => (x, y),
            1 => (y, x),
            2 => (x + 1, y),
            _ => (x, y - 1),
        };
        json!([[x, y], [other.0, other.1]])
    });
    Ok(json!({ "pairs": pairs }))
}

pub(super) fn position_equality(case: &Case) -> Judged {
    let pairs = list(case.input, "pairs")?;
    compare_items(
        case,
        &pairs,
        |pair, got, want| {
            let (a, b) = (xy(&pair[0]), xy(&pair[1]));
            if got[0] != want[0] && pair[0] == pair[1] {
                format!(
                    "{a} == {b} gave {}, expected {}: every position equals itself (compare x with x and y with y)",
                    got[0], want[0]
                )
            } else if got[0] != want[0] {
                format!("{a} == {b} gave {}, expected {}", got[0], want[0])
            } else {
                format!("{a} != {b} gave {}, expected {}", got[1], want[1])
            }
        },
        "== and != compare both coordinates",
    )
}

pub(super) fn hash_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let hashed_twice = inputs.vary(vec![(3, 4), (0, 0), (-1, 7)], |rng| {
        (rng.random_range(-10..50), rng.random_range(-10..50))
    });
    // Few coordinates, so that positions repeat and mirror each other.
    let inserted = inputs.vary(
        vec![
            (1, 2),
            (2, 1),
            (1, 2),
            (0, 0),
            (3, 3),
            (0, 0),
            (2, 1),
            (-4, 4),
            (4, -4),
        ],
        |rng| (rng.random_range(-4..5), rng.random_range(-4..5)),
    );
    Ok(json!({ "hashed_twice": hashed_twice, "inserted": inserted }))
}

#[derive(Deserialize)]
struct HashReport {
    pub(super) same_hash: Vec<bool>,
    pub(super) set_len: usize,
    pub(super) found: Vec<bool>,
}

pub(super) fn position_hash(case: &Case) -> Judged {
    #[derive(Deserialize)]
    struct Input {
        hashed_twice: Vec<Xy>,
        inserted: Vec<Xy>,
    }
    let input: Input = case.input()?;
    let report: HashReport = case.output()?;
    if report.same_hash.len() != input.hashed_twice.len()
        || report.found.len() != input.inserted.len()
    {
        return Ok(Verdict::fail(
            "the probe reported a different number of positions than the grader sent",
        ));
    }
    if let Some((&p, _)) = input
        .hashed_twice
        .iter()
        .zip(&report.same_hash)
        .find(|(_, same)| !**same)
    {
        return Ok(Verdict::fail(format!(
            "hashing {} twice gave two different hashes: the hash must depend only on x and y",
            show(p)
        )));
    }
    let mut distinct = input.inserted.clone();
    distinct.sort_unstable();
    distinct.dedup();
    if report.set_len != distinct.len() {
        return Ok(Verdict::fail(format!(
            "a HashSet of {} positions ({} distinct) holds {}: equal positions must hash alike and unequal ones must compare unequal",
            input.inserted.len(),
            distinct.len(),
            report.set_len
        )));
    }
    if report.found.iter().any(|found| !found) {
        return Ok(Verdict::fail(
            "a position put into a HashSet could not be found again with an equal position: equal positions hash alike, so the hash depends only on x and y (feed both to the state, nothing else)",
        ));
    }
    Ok(Verdict::pass(
        "equal positions hash alike and a HashSet keeps distinct ones apart",
    ))
}

pub(super) fn display_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let positions = inputs.vary(vec![(3, 4), (0, 0), (-1, 12), (49, 5)], |rng| {
        (rng.random_range(-20..120), rng.random_range(-20..120))
    });
    Ok(json!({ "positions": positions }))
}

pub(super) fn position_display(case: &Case) -> Judged {
    let positions = list(case.input, "positions")?;
    compare_items(
        case,
        &positions,
        |p, got, want| {
            let (x, y) = (&p[0], &p[1]);
            format!("Position {{ x: {x}, y: {y} }} displays as {got}, expected {want}")
        },
        "positions display as (x, y)",
    )
}

pub(super) fn moved_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let mut moves: Vec<Value> = (0u8..16).map(|d| json!([[3, 3], d])).collect();
    moves.extend([
        json!([[0, 0], 8]),
        json!([[0, 0], 1]),
        json!([[49, 12], 4 | 2]),
    ]);
    let moves = inputs.vary(moves, |rng| {
        let from = [rng.random_range(-3..50), rng.random_range(-3..50)];
        json!([from, rng.random_range(0u8..16)])
    });
    Ok(json!({ "moves": moves }))
}

pub(super) fn position_moved(case: &Case) -> Judged {
    let moves = list(case.input, "moves")?;
    compare_items(
        case,
        &moves,
        |m, got, want| {
            format!(
                "{} moved {} gave {}, expected {} (north is y - 1)",
                xy(&m[0]),
                bits(&m[1]),
                xy(got),
                xy(want)
            )
        },
        "moved goes one step in every direction and combination",
    )
}

pub(super) fn random_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let fixed = vec![
        json!({ "x": [0, 4], "y": [10, 12], "count": 600 }),
        json!({ "x": [7, 7], "y": [-3, 3], "count": 600 }),
        json!({ "x": [0, 49], "y": [0, 4], "count": 600 }),
    ];
    // Ranges of at most 12 values: 600 draws miss one with odds below 1e-20.
    let draws = inputs.vary(fixed, |rng| {
        let (x, y) = (rng.random_range(-10..40), rng.random_range(-10..40));
        let x_to = x + rng.random_range(0..12);
        let y_to = y + rng.random_range(0..12);
        json!({ "x": [x, x_to], "y": [y, y_to], "count": 600 })
    });
    let seed = if inputs.private() {
        inputs.rng().random_range(0..1_000_000u64)
    } else {
        2024
    };
    Ok(json!({ "seed": seed, "draws": draws }))
}

#[derive(Deserialize)]
struct Draw {
    pub(super) x: Xy,
    pub(super) y: Xy,
    pub(super) count: usize,
}

pub(super) fn position_random(case: &Case) -> Judged {
    #[derive(Deserialize)]
    struct Input {
        draws: Vec<Draw>,
    }
    let input: Input = case.input()?;
    let draws: Vec<Vec<Xy>> = case.output_list(input.draws.len())?;
    for (draw, positions) in input.draws.iter().zip(&draws) {
        let (xs, ys) = (draw.x.0..=draw.x.1, draw.y.0..=draw.y.1);
        if positions.len() != draw.count {
            return Ok(Verdict::fail(format!(
                "the probe reported {} of {} draws",
                positions.len(),
                draw.count
            )));
        }
        if let Some(&p) = positions
            .iter()
            .find(|p| !xs.contains(&p.0) || !ys.contains(&p.1))
        {
            return Ok(Verdict::fail(format!(
                "Position::random({xs:?}, {ys:?}) gave {}, outside the ranges (is x drawn from the x range and y from the y range?)",
                show(p)
            )));
        }
        let missing = xs
            .clone()
            .find(|x| !positions.iter().any(|p| p.0 == *x))
            .map(|x| format!("x = {x}"))
            .or_else(|| {
                ys.clone()
                    .find(|y| !positions.iter().any(|p| p.1 == *y))
                    .map(|y| format!("y = {y}"))
            });
        if let Some(value) = missing {
            return Ok(Verdict::fail(format!(
                "{} draws of Position::random({xs:?}, {ys:?}) never gave {value}: both ends of the range are included",
                positions.len()
            )));
        }
    }
    Ok(Verdict::pass(
        "random positions cover both ranges, ends included, and stay inside",
    ))
}
