//! Part 3 (textured mazes) checks: for each, the input the grader builds and the
//! judge of what the student's code made of it. Weights and draws are compared with
//! the reference's blessed outputs; perfectness is judged here; the texture each
//! favor promises is measured here over many mazes, so that code whose weights are
//! ignored loses those points even though its mazes are perfect.

use serde::Deserialize;
use serde_json::{Value, json};

use super::model::{EAST, Grid, MazeData, NORTH, ReportedMaze, SOUTH, WEST, direction_name, show};
use super::{Case, CheckSpec, Inputs, Judged, Part, Verdict};

type Xy = (i32, i32);

const fn check(
    name: &'static str,
    producer: &'static str,
    input: fn(&Inputs) -> anyhow::Result<Value>,
    judge: fn(&Case) -> Judged,
    blessed: bool,
) -> CheckSpec {
    CheckSpec::new(Part::Part3, name, producer, input, judge, blessed)
}

/// The Part 3 checks, in report order.
pub const CHECKS: &[CheckSpec] = &[
    check(
        "texture_weights",
        "texture_weights",
        weights_input,
        texture_weights,
        true,
    ),
    check(
        "texture_draw_fair",
        "texture_picks",
        fair_input,
        texture_draw_fair,
        false,
    ),
    check(
        "texture_draw_reference",
        "texture_picks",
        draw_reference_input,
        texture_draw_reference,
        true,
    ),
    check(
        "texture_perfect_square",
        "weighted_mazes",
        square_input,
        mazes_are_perfect,
        false,
    ),
    check(
        "texture_perfect_non_square",
        "weighted_mazes",
        non_square_input,
        mazes_are_perfect,
        false,
    ),
    check(
        "texture_matches_reference",
        "weighted_mazes",
        reference_input,
        texture_matches_reference,
        true,
    ),
    check(
        "texture_horizontal_vertical",
        "weighted_walls",
        axis_input,
        texture_horizontal_vertical,
        false,
    ),
    check(
        "texture_straight_zigzag",
        "weighted_walls",
        turns_input,
        texture_straight_zigzag,
        false,
    ),
    check(
        "texture_age_dead_ends",
        "weighted_walls",
        age_input,
        texture_age_dead_ends,
        false,
    ),
];

// ---------------------------------------------------------------- wording helpers

/// Every favor's command-line name, in the kit's order.
const FAVORS: [&str; 6] = [
    "none",
    "age",
    "horizontal",
    "vertical",
    "zigzag",
    "straight",
];

/// `Favor::ZigZag` for `"zigzag"`.
fn favor_name(name: &str) -> String {
    let variant = match name {
        "none" => "None",
        "age" => "Age",
        "horizontal" => "Horizontal",
        "vertical" => "Vertical",
        "zigzag" => "ZigZag",
        "straight" => "Straight",
        other => other,
    };
    format!("Favor::{variant}")
}

/// A panic's message as the report shows it: `todo!()` as "not implemented", long
/// messages shortened.
fn panic_words(message: &str) -> String {
    let short: String = message.chars().take(300).collect();
    let short = if short.len() < message.len() {
        format!("{short}…")
    } else {
        short
    };
    match short.strip_prefix("not yet implemented: ") {
        Some(what) => format!("not implemented: {what}"),
        None if short == "not yet implemented" => "not implemented".to_owned(),
        None => format!("panicked: {short}"),
    }
}

/// The value of an `{"ok": …}` report, or why there is none.
fn ok_or_panic<T: serde::de::DeserializeOwned>(report: &Value) -> Result<T, String> {
    if let Some(message) = report.get("panic").and_then(Value::as_str) {
        return Err(panic_words(message));
    }
    report
        .get("ok")
        .and_then(|ok| serde_json::from_value(ok.clone()).ok())
        .ok_or_else(|| "the probe's report could not be read".to_owned())
}

/// A `todo!()` among the reports, worded as the grader words any other: the stub is
/// all there is to say.
fn not_implemented(reports: &[Value]) -> Option<Verdict> {
    reports
        .iter()
        .filter_map(|report| report.get("panic").and_then(Value::as_str))
        .find(|message| message.starts_with("not yet implemented"))
        .map(|message| Verdict::fail(panic_words(message)))
}

/// A link as the grader sends it.
#[derive(Debug, Clone, Copy, Deserialize)]
struct GivenLink {
    from: Xy,
    to: Xy,
    direction: u8,
    age: u32,
    previous: Option<u8>,
}

impl GivenLink {
    fn value(self) -> Value {
        json!({ "from": [self.from.0, self.from.1], "to": [self.to.0, self.to.1], "direction": self.direction, "age": self.age, "previous": self.previous })
    }

    /// "the EAST link from (2, 2) after NORTH, age 3"
    fn words(self) -> String {
        let after = match self.previous {
            Some(previous) => format!("after {}", direction_name(previous)),
            None => "from the root (no previous link)".to_owned(),
        };
        format!(
            "the {} link from {} {after}, age {}",
            direction_name(self.direction),
            show(self.from),
            self.age
        )
    }
}

/// A link from (2, 2) going `direction` (one of the four), after a link going
/// `previous`, `age` rounds old.
fn link(direction: u8, previous: Option<u8>, age: u32) -> GivenLink {
    let to = match direction {
        NORTH => (2, 1),
        SOUTH => (2, 3),
        EAST => (3, 2),
        _ => (1, 2),
    };
    GivenLink {
        from: (2, 2),
        to,
        direction,
        age,
        previous,
    }
}

const DIRECTIONS: [u8; 4] = [NORTH, SOUTH, EAST, WEST];

// ---------------------------------------------------------------- §8.1 weights

/// Every direction from the root, and every direction after every direction, at
/// ages 0 and up.
fn every_turn() -> Vec<GivenLink> {
    let mut links: Vec<GivenLink> = DIRECTIONS.iter().map(|&d| link(d, None, 0)).collect();
    let mut age = 0;
    for previous in DIRECTIONS {
        for direction in DIRECTIONS {
            links.push(link(direction, Some(previous), age));
            age = (age + 3) % 13;
        }
    }
    links
}

fn weights_input(_: &Inputs) -> anyhow::Result<Value> {
    let turns: Vec<Value> = every_turn().into_iter().map(GivenLink::value).collect();
    let ages: Vec<Value> = [0, 1, 2, 3, 7, 12, 255, 65_535]
        .iter()
        .zip(DIRECTIONS.iter().cycle())
        .map(|(&age, &d)| link(d, Some(NORTH), age).value())
        .collect();
    // Squares past u32::MAX: the weight is a u64. A case of its own, so that an
    // overflow costs only its own line of the message.
    let old: Vec<Value> = [65_536, 100_000, u32::MAX]
        .iter()
        .map(|&age| link(EAST, None, age).value())
        .collect();
    let mut cases: Vec<Value> = FAVORS
        .iter()
        .map(|&favor| json!({ "favor": favor, "links": turns }))
        .collect();
    cases.insert(2, json!({ "favor": "age", "links": ages }));
    cases.insert(3, json!({ "favor": "age", "links": old }));
    Ok(json!({ "cases": cases }))
}

fn texture_weights(case: &Case) -> Judged {
    #[derive(Deserialize)]
    struct WeightCase {
        favor: String,
        links: Vec<GivenLink>,
    }
    #[derive(Deserialize)]
    struct Input {
        cases: Vec<WeightCase>,
    }
    let input: Input = case.input()?;
    let got: Vec<Value> = case.output_list(input.cases.len())?;
    if let Some(verdict) = not_implemented(&got) {
        return Ok(verdict);
    }
    let want: Vec<Value> = case.expected()?;
    if want.len() != input.cases.len() {
        return Err(Verdict::grader_error(
            "the blessed weights do not match the input: run `grader bless`",
        ));
    }
    let mut problems = Vec::new();
    for ((weights, got), want) in input.cases.iter().zip(&got).zip(&want) {
        let favor = favor_name(&weights.favor);
        let want: Vec<u64> = ok_or_panic(want).map_err(Verdict::grader_error)?;
        let got: Vec<u64> = match ok_or_panic(got) {
            Ok(got) => got,
            Err(problem) => {
                let overflow = if problem.contains("overflow") {
                    ": the weight is a u64, so square the age as a u64 (ages here reach u32::MAX)"
                } else {
                    ""
                };
                let first = weights.links.first().map(|l| l.words()).unwrap_or_default();
                problems.push(format!(
                    "weight({favor}, …) on {} links starting with {first}: {problem}{overflow}",
                    weights.links.len()
                ));
                continue;
            }
        };
        if got.len() != weights.links.len() || want.len() != weights.links.len() {
            problems.push(format!(
                "the probe reported {} weights for {} links",
                got.len(),
                weights.links.len()
            ));
            continue;
        }
        for ((link, got), want) in weights.links.iter().zip(&got).zip(&want) {
            if got != want {
                problems.push(format!(
                    "weight({favor}, {}) gave {got}, expected {want}",
                    link.words()
                ));
            }
        }
    }
    Ok(Verdict::from_problems(
        problems,
        "every favor weighs every link as the handout's table says, ages 0 and past u32 included",
    ))
}

// ---------------------------------------------------------------- §8.2 the draw

/// Two links of weight 1 each (no favor), drawn `repeat` times from one seed.
fn equal_links(count: usize, seed: u64, repeat: usize) -> Value {
    let links: Vec<Value> = DIRECTIONS
        .iter()
        .take(count)
        .map(|&d| link(d, None, 0).value())
        .collect();
    json!({ "seed": seed, "rounds": [{ "favor": "none", "links": links, "repeat": repeat }] })
}

fn fair_input(_: &Inputs) -> anyhow::Result<Value> {
    Ok(json!({ "sequences": [equal_links(2, 11, 3000), equal_links(4, 12, 4000)] }))
}

/// One sequence's picks, and the length of the list each was drawn from.
type Picks = (Vec<usize>, Vec<usize>);

/// The picks of each sequence, each index checked against the length of the list it
/// was drawn from: `(picks, lengths)` for each sequence, or why not.
fn reported_picks(case: &Case) -> Result<Vec<Picks>, Verdict> {
    #[derive(Deserialize)]
    struct Round {
        links: Vec<Value>,
        #[serde(default = "one")]
        repeat: usize,
    }
    fn one() -> usize {
        1
    }
    #[derive(Deserialize)]
    struct Sequence {
        seed: u64,
        rounds: Vec<Round>,
    }
    #[derive(Deserialize)]
    struct Input {
        sequences: Vec<Sequence>,
    }
    let input: Input = case.input()?;
    let reports: Vec<Value> = case.output_list(input.sequences.len())?;
    if let Some(verdict) = not_implemented(&reports) {
        return Err(verdict);
    }
    let mut all = Vec::new();
    for (sequence, report) in input.sequences.iter().zip(&reports) {
        let picks: Vec<usize> = ok_or_panic(report).map_err(|problem| {
            Verdict::fail(format!(
                "weighted_pick with a MazeRng seeded {}: {problem}",
                sequence.seed
            ))
        })?;
        let lengths: Vec<usize> = sequence
            .rounds
            .iter()
            .flat_map(|round| std::iter::repeat_n(round.links.len(), round.repeat))
            .collect();
        if picks.len() != lengths.len() {
            return Err(Verdict::fail(format!(
                "the probe reported {} of {} picks: the report does not match the grader's input",
                picks.len(),
                lengths.len()
            )));
        }
        if let Some((i, (pick, length))) = picks
            .iter()
            .zip(&lengths)
            .enumerate()
            .find(|(_, (pick, length))| pick >= length)
        {
            return Err(Verdict::fail(format!(
                "weighted_pick returned index {pick} for a list of {length} links (draw {} from seed {}): an index must be below the list's length",
                i + 1,
                sequence.seed
            )));
        }
        all.push((picks, lengths));
    }
    Ok(all)
}

/// How often each index of a list of `length` links came up, as shares of all picks.
fn shares(picks: &[usize], length: usize) -> Vec<f64> {
    let mut counts = vec![0usize; length];
    for &pick in picks {
        if let Some(count) = counts.get_mut(pick) {
            *count += 1;
        }
    }
    counts
        .iter()
        .map(|&c| c as f64 / picks.len().max(1) as f64)
        .collect()
}

fn percent(shares: &[f64]) -> String {
    let each: Vec<String> = shares
        .iter()
        .map(|s| format!("{:.1}%", s * 100.0))
        .collect();
    each.join(", ")
}

/// Draws over equal links that are not fair: what was seen, in words, and whether
/// it looks like the source's draw from 0..=total.
#[derive(Debug, PartialEq)]
struct Unfair {
    message: String,
    one_ticket_too_many: bool,
}

/// Why the draws over equal links are not fair, if they are not; names the source's
/// one-ticket-too-many mistake when the first link gets about its extra share.
fn unfair(picks: &[usize], length: usize, seed: u64) -> Option<Unfair> {
    let shares = shares(picks, length);
    let fair = 1.0 / length as f64;
    // The source's draw from 0..=total gives the first of n equal links 2/(n + 1).
    let one_too_many = 2.0 / (length as f64 + 1.0);
    let off = shares.iter().any(|s| (s - fair).abs() > 0.25 * fair);
    if !off {
        return None;
    }
    let what = format!(
        "{} draws among {length} links of weight 1 each (seed {seed}) came out {}; each should come up about {:.1}% of the time",
        picks.len(),
        percent(&shares),
        fair * 100.0
    );
    let first = shares.first().copied().unwrap_or(0.0);
    let one_ticket_too_many = (first - one_too_many).abs() < 0.25 * (one_too_many - fair);
    let message = if one_ticket_too_many {
        format!(
            "{what}. The first link gets about one ticket too many: is r drawn from 0..=total instead of 1..=total? (handout §8.2, \"one ticket too many\")"
        )
    } else {
        format!("{what}: draw r from 1..=total and take the first link whose running sum reaches r")
    };
    Some(Unfair {
        message,
        one_ticket_too_many,
    })
}

fn texture_draw_fair(case: &Case) -> Judged {
    let sequences = reported_picks(case)?;
    let seeds: Vec<u64> = case.input["sequences"]
        .as_array()
        .map(|s| s.iter().map(|s| s["seed"].as_u64().unwrap_or(0)).collect())
        .unwrap_or_default();
    for ((picks, lengths), seed) in sequences.iter().zip(seeds) {
        let length = lengths.first().copied().unwrap_or(1);
        if let Some(problem) = unfair(picks, length, seed) {
            return Ok(Verdict::fail(problem.message));
        }
    }
    Ok(Verdict::pass(
        "links of equal weight are drawn equally often, the first one included",
    ))
}

fn draw_reference_input(_: &Inputs) -> anyhow::Result<Value> {
    let round = |favor: &str, links: &[GivenLink], repeat: usize| {
        let links: Vec<Value> = links.iter().map(|l| l.value()).collect();
        json!({ "favor": favor, "links": links, "repeat": repeat })
    };
    let (n, s, e, w) = (NORTH, SOUTH, EAST, WEST);
    let fresh = [link(e, None, 0), link(s, None, 0)];
    let mixed = [
        link(n, Some(e), 0),
        link(e, Some(e), 3),
        link(s, Some(n), 1),
        link(w, Some(s), 0),
        link(e, None, 2),
    ];
    let mut sequences = vec![
        // The all-new links of Age's first round weigh 0 in total: index 0 and no
        // draw, so the picks after it come from an untouched MazeRng.
        json!({ "seed": 3, "rounds": [
            round("age", &fresh, 2),
            round("horizontal", &mixed, 12),
            round("age", &[link(e, None, 0), link(s, None, 3), link(w, None, 0)], 6),
            round("age", &mixed, 12),
        ] }),
    ];
    for (seed, favor) in (21..).zip(FAVORS) {
        sequences.push(json!({ "seed": seed, "rounds": [round(favor, &mixed, 15)] }));
    }
    // Equal links in a long run: where the picks differ from the reference's, this
    // run tells whether the first link gets one ticket too many.
    sequences.push(equal_links(2, 40, 1000));
    Ok(json!({ "sequences": sequences }))
}

fn texture_draw_reference(case: &Case) -> Judged {
    let sequences = reported_picks(case)?;
    let want: Vec<Value> = case.expected()?;
    if want.len() != sequences.len() {
        return Err(Verdict::grader_error(
            "the blessed picks do not match the input: run `grader bless`",
        ));
    }
    let inputs = case.input["sequences"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    for (((picks, _), want), input) in sequences.iter().zip(&want).zip(&inputs) {
        let want: Vec<usize> = ok_or_panic(want).map_err(Verdict::grader_error)?;
        if want.len() != picks.len() {
            return Err(Verdict::grader_error(
                "the blessed picks do not match the input: run `grader bless`",
            ));
        }
        let Some(at) = picks.iter().zip(&want).position(|(got, want)| got != want) else {
            continue;
        };
        // Which round the first difference is in, for the message.
        let mut round_words = String::new();
        let mut seen = 0;
        for round in input["rounds"].as_array().into_iter().flatten() {
            let repeat = usize::try_from(round["repeat"].as_u64().unwrap_or(1)).unwrap_or(1);
            if at < seen + repeat {
                let links: Vec<String> =
                    serde_json::from_value::<Vec<GivenLink>>(round["links"].clone())
                        .unwrap_or_default()
                        .iter()
                        .map(|l| l.words())
                        .collect();
                round_words = format!(
                    "{} over [{}]",
                    favor_name(round["favor"].as_str().unwrap_or("?")),
                    links.join("; ")
                );
                break;
            }
            seen += repeat;
        }
        let seed = input["seed"].as_u64().unwrap_or(0);
        let mut message = format!(
            "with a MazeRng seeded {seed}, draw {} ({round_words}) gave index {}, the reference {}: add up the weights, return 0 without drawing when the total is 0, else draw r once with in_range_u64(1..=total) and take the first link whose running sum reaches r",
            at + 1,
            picks[at],
            want[at]
        );
        // The long run of equal links, the last sequence, tells the source's
        // mistake apart.
        let last_seed = inputs.last().and_then(|s| s["seed"].as_u64()).unwrap_or(0);
        if let Some((picks, lengths)) = sequences.last()
            && let Some(problem) = unfair(picks, lengths.first().copied().unwrap_or(1), last_seed)
            && problem.one_ticket_too_many
        {
            message = format!("{message}. Also, {}", problem.message);
        }
        return Ok(Verdict::fail(message));
    }
    Ok(Verdict::pass(
        "every draw matches the reference's, the all-zero first round of Age included",
    ))
}

// ---------------------------------------------------------------- §8 the mazes

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

fn square_input(_: &Inputs) -> anyhow::Result<Value> {
    Ok(every_favor(&[(5, 5), (12, 12), (24, 24)], 1))
}

fn non_square_input(_: &Inputs) -> anyhow::Result<Value> {
    Ok(every_favor(&[(5, 50), (50, 5), (9, 31), (31, 9)], 101))
}

fn mazes_are_perfect(case: &Case) -> Judged {
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

fn reference_input(_: &Inputs) -> anyhow::Result<Value> {
    let mut mazes = Vec::new();
    for (i, favor) in (0u64..).zip(FAVORS) {
        mazes.push(json!([12, 7, favor, "corner", 3 + i]));
        mazes.push(json!([9, 13, favor, "center", 30 + i]));
    }
    Ok(json!({ "mazes": mazes }))
}

fn texture_matches_reference(case: &Case) -> Judged {
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
            return Ok(Verdict::fail_with_diff(
                format!(
                    "the {} maze differs from the reference's: the generator is provided, so the weights (§8.1) or the draw (§8.2) differ",
                    maze.name()
                ),
                &want.render(),
                &maze.render(),
            ));
        }
    }
    Ok(Verdict::pass(
        "every favor and both roots give the reference's mazes exactly",
    ))
}

// ---------------------------------------------------------------- texture, measured

/// Mazes per favor and their size. 12 mazes of 16×16 give the reference the same
/// shares and corridors as 30 of 20×20 did, within a few hundredths (72 % and 29 %
/// east–west; corridors 1.40 and 2.90), and dead ends in proportion (81 against 68
/// per maze), far inside the margins below, in a fifth of the time.
const SEEDS: std::ops::Range<u64> = 1000..1012;
const SIZE: Xy = (16, 16);

fn measured_input(favors: &[&str]) -> Value {
    json!({ "size": [SIZE.0, SIZE.1], "favors": favors, "seeds": SEEDS.collect::<Vec<u64>>() })
}

fn axis_input(_: &Inputs) -> anyhow::Result<Value> {
    Ok(measured_input(&["horizontal", "vertical"]))
}

fn turns_input(_: &Inputs) -> anyhow::Result<Value> {
    Ok(measured_input(&["zigzag", "straight"]))
}

fn age_input(_: &Inputs) -> anyhow::Result<Value> {
    Ok(measured_input(&["none", "age"]))
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

fn texture_horizontal_vertical(case: &Case) -> Judged {
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

fn texture_straight_zigzag(case: &Case) -> Judged {
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

fn texture_age_dead_ends(case: &Case) -> Judged {
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

    fn judged(spec: &str, input: &Value, output: &Value, expected: Option<&Value>) -> Verdict {
        let spec = CHECKS
            .iter()
            .find(|c| c.name == spec)
            .expect("a Part 3 check");
        super::super::judge(
            spec,
            &Case {
                input,
                output,
                expected,
            },
        )
    }

    fn input_of(name: &str) -> Value {
        let spec = CHECKS
            .iter()
            .find(|c| c.name == name)
            .expect("a Part 3 check");
        (spec.input)(&Inputs {
            fixtures: std::path::Path::new("../fixtures"),
            check: name,
            secret: None,
        })
        .expect("the input builds")
    }

    #[test]
    fn hostile_outputs_fail_every_judge_without_a_panic() {
        let hostile = [
            json!(null),
            json!([]),
            json!({ "ok": 1 }),
            json!([[1, 2, 3]]),
            json!([{ "ok": [1] }]),
            json!("passed"),
            json!([[[[255]]]]),
        ];
        for spec in CHECKS {
            let input = input_of(spec.name);
            for output in &hostile {
                let verdict = judged(spec.name, &input, output, Some(&json!([])));
                assert!(!verdict.passed, "{}: {output}", spec.name);
                assert!(!verdict.message.is_empty());
                assert!(
                    !verdict.message.contains("judge failed"),
                    "{}: {}",
                    spec.name,
                    verdict.message
                );
            }
        }
    }

    #[test]
    fn a_wrong_weight_is_named_with_favor_and_link() {
        let input = input_of("texture_weights");
        let cases = input["cases"].as_array().unwrap();
        let want: Vec<Value> = cases
            .iter()
            .map(|c| json!({ "ok": vec![1; c["links"].as_array().unwrap().len()] }))
            .collect();
        let mut got = want.clone();
        got[0] = json!({ "ok": vec![2; 20] });
        let verdict = judged("texture_weights", &input, &json!(got), Some(&json!(want)));
        assert!(
            verdict.message.starts_with(
                "weight(Favor::None, the NORTH link from (2, 2) from the root (no previous link), age 0) gave 2, expected 1"
            ),
            "{}",
            verdict.message
        );
    }

    #[test]
    fn an_overflowing_square_is_explained() {
        let input = input_of("texture_weights");
        let want: Vec<Value> = input["cases"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| json!({ "ok": vec![1; c["links"].as_array().unwrap().len()] }))
            .collect();
        let mut got = want.clone();
        got[3] = json!({ "panic": "attempt to multiply with overflow" });
        let verdict = judged("texture_weights", &input, &json!(got), Some(&json!(want)));
        assert!(
            verdict.message.starts_with("weight(Favor::Age, …) on 3 links starting with the EAST link from (2, 2) from the root (no previous link), age 65536: panicked: attempt to multiply with overflow: the weight is a u64"),
            "{}",
            verdict.message
        );
    }

    #[test]
    fn a_todo_reads_as_not_implemented() {
        let input = input_of("texture_draw_fair");
        let todo =
            json!({ "panic": "not yet implemented: texture::weighted_pick (handout §8.2): draw" });
        let verdict = judged("texture_draw_fair", &input, &json!([todo, todo]), None);
        assert_eq!(
            verdict.message,
            "not implemented: texture::weighted_pick (handout §8.2): draw"
        );
    }

    #[test]
    fn one_ticket_too_many_is_recognised() {
        // The first of two equal links two times in three.
        let picks: Vec<usize> = (0..3000).map(|i| usize::from(i % 3 == 2)).collect();
        let problem = unfair(&picks, 2, 11).expect("unfair");
        assert!(problem.one_ticket_too_many, "{problem:?}");
        assert!(
            problem.message.starts_with(
                "3000 draws among 2 links of weight 1 each (seed 11) came out 66.7%, 33.3%"
            ),
            "{problem:?}"
        );
        let fair: Vec<usize> = (0..3000).map(|i| i % 2).collect();
        assert_eq!(unfair(&fair, 2, 11), None);
        let last_only = vec![1; 3000];
        let problem = unfair(&last_only, 2, 11).expect("unfair");
        assert!(!problem.one_ticket_too_many, "{problem:?}");
    }

    #[test]
    fn an_index_past_the_list_is_refused() {
        let input = fair_input(&Inputs {
            fixtures: std::path::Path::new("."),
            check: "texture_draw_fair",
            secret: None,
        })
        .unwrap();
        let output = json!([{ "ok": vec![2; 3000] }, { "ok": vec![0; 4000] }]);
        let verdict = judged("texture_draw_fair", &input, &output, None);
        assert!(
            verdict
                .message
                .starts_with("weighted_pick returned index 2 for a list of 2 links"),
            "{}",
            verdict.message
        );
    }

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
