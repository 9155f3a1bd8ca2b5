//! §8.1: the checks of `texture::weight`, each favor's weight of a link compared with
//! the reference's, and the wording of a wrong or overflowing weight.

use rand::Rng as _;

use super::*;
use crate::checks::model::facing;

/// Whether a link going `direction` after `previous` can exist: it never goes back
/// the way `previous` came, since that cell is in the tree (§8.1). So "along the same
/// axis" is always straight on, and a student who compares the directions exactly
/// (`direction == previous`) weighs every link given here as the reference does.
fn can_follow(direction: u8, previous: Option<u8>) -> bool {
    previous.is_none_or(|previous| facing(previous) != direction)
}

/// Every direction from the root, and every direction after every direction it can
/// follow (a turn or straight on), at ages 0 and up.
fn every_turn() -> Vec<GivenLink> {
    let mut links: Vec<GivenLink> = DIRECTIONS.iter().map(|&d| link(d, None, 0)).collect();
    let mut age = 0;
    for previous in DIRECTIONS {
        for direction in DIRECTIONS {
            if !can_follow(direction, Some(previous)) {
                continue;
            }
            links.push(link(direction, Some(previous), age));
            age = (age + 3) % 13;
        }
    }
    links
}

pub(super) fn weights_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let turns: Vec<Value> = every_turn().into_iter().map(GivenLink::value).collect();
    let ages: Vec<Value> = [0, 1, 2, 3, 7, 12, 255, 65_535]
        .iter()
        .zip(DIRECTIONS.iter().cycle())
        // Straight on: the ages are what this case is about.
        .map(|(&age, &d)| link(d, Some(d), age).value())
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
    // New cases: a favour and links with random directions, turns and ages.
    let cases = inputs.vary(cases, |rng| {
        let links: Vec<Value> = (0..rng.random_range(4..20))
            .map(|_| {
                let direction = DIRECTIONS[rng.random_range(0..4)];
                // A turn or straight on, never back: three of the four directions.
                let previous = rng.random_bool(0.8).then(|| {
                    let followed: Vec<u8> = DIRECTIONS
                        .into_iter()
                        .filter(|&p| can_follow(direction, Some(p)))
                        .collect();
                    followed[rng.random_range(0..followed.len())]
                });
                let age = match rng.random_range(0..4) {
                    0 => rng.random_range(65_536..=u32::MAX),
                    _ => rng.random_range(0..300),
                };
                link(direction, previous, age).value()
            })
            .collect();
        json!({ "favor": FAVORS[rng.random_range(0..FAVORS.len())], "links": links })
    });
    Ok(json!({ "cases": cases }))
}

pub(super) fn texture_weights(case: &Case) -> Judged {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checks::part3::tests::*;

    #[test]
    fn a_wrong_weight_is_named_with_favor_and_link() {
        let input = input_of("texture_weights");
        let cases = input["cases"].as_array().unwrap();
        let want: Vec<Value> = cases
            .iter()
            .map(|c| json!({ "ok": vec![1; c["links"].as_array().unwrap().len()] }))
            .collect();
        let mut got = want.clone();
        got[0] = json!({ "ok": vec![2; cases[0]["links"].as_array().unwrap().len()] });
        let verdict = judged("texture_weights", &input, &json!(got), Some(&json!(want)));
        assert!(
            verdict.message.starts_with(
                "weight(Favor::None, the NORTH link from (2, 2) from the root (no previous link), age 0) gave 2, expected 1"
            ),
            "{}",
            verdict.message
        );
    }

    /// Every link of every case, and of the twins drawn with a few secrets.
    fn every_given_link() -> Vec<(String, GivenLink)> {
        let fixtures = std::path::Path::new("../fixtures");
        let twins = ["a", "b", "course secret"].map(|secret| {
            weights_input(&Inputs {
                fixtures,
                check: "texture_weights",
                secret: Some(secret),
            })
            .expect("the twin's input builds")
        });
        let mut links = Vec::new();
        for input in std::iter::once(input_of("texture_weights")).chain(twins) {
            for case in input["cases"].as_array().unwrap() {
                let favor = case["favor"].as_str().unwrap().to_owned();
                for given in case["links"].as_array().unwrap() {
                    let given: GivenLink = serde_json::from_value(given.clone()).unwrap();
                    links.push((favor.clone(), given));
                }
            }
        }
        links
    }

    #[test]
    fn no_link_goes_back_the_way_its_previous_link_came() {
        let back: Vec<String> = every_given_link()
            .into_iter()
            .filter(|(_, l)| l.previous.is_some_and(|p| facing(p) == l.direction))
            .map(|(_, l)| l.words())
            .collect();
        assert!(
            back.is_empty(),
            "links the handout says cannot exist: {back:?}"
        );
        // Straight on and turns are both asked after every direction.
        let turns = every_turn();
        assert!(
            turns
                .iter()
                .any(|l| l.previous == Some(NORTH) && l.direction == NORTH)
        );
        assert!(
            turns
                .iter()
                .any(|l| l.previous == Some(NORTH) && l.direction == EAST)
        );
    }

    #[test]
    fn comparing_directions_exactly_weighs_straight_as_comparing_axes_does() {
        let horizontal = |d: u8| d == EAST || d == WEST;
        for (favor, l) in every_given_link() {
            if favor != "straight" && favor != "zigzag" {
                continue;
            }
            let by_axis = l
                .previous
                .is_some_and(|p| horizontal(p) == horizontal(l.direction));
            let exactly = l.previous == Some(l.direction);
            assert_eq!(exactly, by_axis, "{favor}: {}", l.words());
        }
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
}
