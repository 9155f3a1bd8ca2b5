//! §8.2: the checks of `texture::weighted_pick`: the draws compared with the
//! reference's, one ticket too many, an index past the list.

use rand::Rng as _;

use super::*;

/// Two links of weight 1 each (no favor), drawn `repeat` times from one seed.
fn equal_links(count: usize, seed: u64, repeat: usize) -> Value {
    let links: Vec<Value> = DIRECTIONS
        .iter()
        .take(count)
        .map(|&d| link(d, None, 0).value())
        .collect();
    json!({ "seed": seed, "rounds": [{ "favor": "none", "links": links, "repeat": repeat }] })
}

pub(super) fn fair_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let sequences = vec![equal_links(2, 11, 3000), equal_links(4, 12, 4000)];
    let sequences = inputs.vary(sequences, |rng| {
        equal_links(
            rng.random_range(2..=4),
            rng.random_range(0..1_000_000),
            rng.random_range(3000..=4000),
        )
    });
    Ok(json!({ "sequences": sequences }))
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
pub(super) fn shares(picks: &[usize], length: usize) -> Vec<f64> {
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
    pub(super) message: String,
    pub(super) one_ticket_too_many: bool,
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
    } else if first < 0.25 * fair {
        // `running > r` with r from 1..=total: r = 1 passes the first link by.
        format!(
            "{what}. The first link never comes up: is the test `running > r`? The pick is the first link whose running sum reaches r, `running >= r`, so r = 1 is the first link's"
        )
    } else {
        format!("{what}: draw r from 1..=total and take the first link whose running sum reaches r")
    };
    Some(Unfair {
        message,
        one_ticket_too_many,
    })
}

pub(super) fn texture_draw_fair(case: &Case) -> Judged {
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

pub(super) fn draw_reference_input(inputs: &Inputs) -> anyhow::Result<Value> {
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
    // New sequences: rounds of every favour over the mixed links from a random seed.
    let sequences = inputs.vary(sequences, |rng| {
        let rounds: Vec<Value> = (0..rng.random_range(1..=4))
            .map(|_| {
                let favor = FAVORS[rng.random_range(0..FAVORS.len())];
                round(favor, &mixed, rng.random_range(4..=15))
            })
            .collect();
        json!({ "seed": rng.random_range(0..1_000_000u64), "rounds": rounds })
    });
    Ok(json!({ "sequences": sequences }))
}

/// The first draw of a sequence (counted from 1) that returned a link of weight 0
/// while another link weighed more: its number, the index and the link in words. Only
/// Age's weights are known here without the student's `weight` (age × age, handout
/// §8.1), and they are the ones a round of new links makes 0.
fn weightless_pick(input: &Value, picks: &[usize]) -> Option<(usize, usize, String)> {
    let mut seen = 0;
    for round in input["rounds"].as_array().into_iter().flatten() {
        let repeat = usize::try_from(round["repeat"].as_u64().unwrap_or(1)).unwrap_or(1);
        let given: Vec<GivenLink> =
            serde_json::from_value(round["links"].clone()).unwrap_or_default();
        if round["favor"] == "age" && given.iter().any(|link| link.age > 0) {
            for (draw, &index) in picks.iter().enumerate().skip(seen).take(repeat) {
                if let Some(link) = given.get(index).filter(|link| link.age == 0) {
                    return Some((draw + 1, index, link.words()));
                }
            }
        }
        seen += repeat;
    }
    None
}

pub(super) fn texture_draw_reference(case: &Case) -> Judged {
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
        let weightless = weightless_pick(input, picks);
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
        if let Some((draw, index, link)) = weightless {
            return Ok(Verdict::fail(format!(
                "{message}. Draw {draw} gave index {index}, {link}, whose Age weight is 0: a link of weight 0 holds no ticket and is never returned (add a link's weight to the running sum before comparing the sum with r)",
            ))
            .with_hint("handout §8.2: a link of weight 0 is never returned"));
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checks::part3::tests::*;

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
    fn a_pick_of_a_link_of_age_0_under_age_is_named_and_an_all_new_round_is_not() {
        let round = |links: &[GivenLink], repeat: usize| {
            let links: Vec<Value> = links.iter().map(|l| l.value()).collect();
            json!({ "favor": "age", "links": links, "repeat": repeat })
        };
        let fresh = [link(EAST, None, 0), link(SOUTH, None, 0)];
        let mixed = [link(EAST, None, 0), link(SOUTH, None, 3)];
        let input = json!({ "rounds": [round(&fresh, 2), round(&mixed, 3)] });
        // Index 0 of the all-new round is what the handout asks; in the mixed round
        // the third draw (the fifth in all) picks the link of age 0.
        let picked = weightless_pick(&input, &[0, 0, 1, 1, 0]);
        assert_eq!(picked.map(|(draw, index, _)| (draw, index)), Some((5, 0)));
        assert_eq!(weightless_pick(&input, &[0, 0, 1, 1, 1]), None);
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
    fn a_first_link_that_never_comes_up_is_told_the_running_sum_reaches_r() {
        // `running > r` over three equal links: r = 1 and r = 2 pick the second and
        // third, r = 3 falls through to the last.
        let picks: Vec<usize> = (0..3000).map(|i| [1, 2, 2][i % 3]).collect();
        let problem = unfair(&picks, 3, 5).expect("unfair");
        assert!(!problem.one_ticket_too_many, "{problem:?}");
        assert!(
            problem
                .message
                .contains("The first link never comes up: is the test `running > r`?"),
            "{problem:?}"
        );
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
}
