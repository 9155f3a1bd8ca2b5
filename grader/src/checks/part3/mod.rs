//! Part 3 (textured mazes) checks: for each, the input the grader builds and the
//! judge of what the student's code made of it. Weights and draws are compared with
//! the reference's blessed outputs; perfectness is judged here; the texture each
//! favor promises is measured here over many mazes, so that code whose weights are
//! ignored loses those points even though its mazes are perfect.
//!
//! One module per topic (weights, the draw, the mazes, the texture measured), each with
//! its tests; this one holds the list of checks in report order, the wording helpers
//! the judges share, and the helpers the topics' tests share.

use serde::Deserialize;
use serde_json::{Value, json};

use super::model::{EAST, Grid, MazeData, NORTH, ReportedMaze, SOUTH, WEST, direction_name, show};
use super::{Case, CheckSpec, Inputs, Judged, Producer, Verdict, producers};

mod draw;
mod mazes;
mod texture;
mod weights;

use draw::*;
use mazes::*;
use texture::*;
use weights::*;

type Xy = (i32, i32);

const fn check(
    name: &'static str,
    producer: producers::Part3,
    input: fn(&Inputs) -> anyhow::Result<Value>,
    judge: fn(&Case) -> Judged,
    blessed: bool,
) -> CheckSpec {
    CheckSpec::new(name, Producer::Part3(producer), input, judge, blessed)
}

/// The Part 3 checks, in report order.
pub const CHECKS: &[CheckSpec] = &[
    check(
        "texture_weights",
        producers::Part3::TextureWeights,
        weights_input,
        texture_weights,
        true,
    )
    .rubric(
        2.0,
        "weight of every favor on links the grader builds, ages 0 to u32::MAX",
        "handout §8.1: the weights table; the weight is a u64",
    ),
    check(
        "texture_draw_fair",
        producers::Part3::TexturePicks,
        fair_input,
        texture_draw_fair,
        false,
    )
    .rubric(
        1.0,
        "weighted_pick draws links of equal weight equally often",
        "handout §8.2: r from 1..=total, then the first link whose running sum reaches r",
    ),
    check(
        "texture_draw_reference",
        producers::Part3::TexturePicks,
        draw_reference_input,
        texture_draw_reference,
        true,
    )
    .rubric(
        1.0,
        "weighted_pick makes the reference's draws from the same seed",
        "handout §8.2: the exact draw, and no draw when the total is 0",
    ),
    check(
        "texture_perfect_square",
        producers::Part3::WeightedMazes,
        square_input,
        mazes_are_perfect,
        false,
    )
    .rubric(
        1.0,
        "every favor and root gives perfect square mazes",
        "handout §8: the spanning tree",
    )
    .after(super::CARVING),
    check(
        "texture_perfect_non_square",
        producers::Part3::WeightedMazes,
        non_square_input,
        mazes_are_perfect,
        false,
    )
    .rubric(
        1.0,
        "every favor and root gives perfect non-square mazes",
        "handout §8: the spanning tree",
    )
    .after(super::CARVING),
    check(
        "texture_matches_reference",
        producers::Part3::WeightedMazes,
        reference_input,
        texture_matches_reference,
        true,
    )
    .rubric(
        1.0,
        "every favor and root gives the reference's mazes bit for bit",
        "handout §8.1 and §8.2: the weights and the exact draw",
    )
    .after(super::TEXTURE),
    check(
        "texture_horizontal_vertical",
        producers::Part3::WeightedWalls,
        axis_input,
        texture_horizontal_vertical,
        false,
    )
    .rubric(
        2.0,
        "horizontal makes more east-west passages than none, vertical fewer (measured)",
        "handout §8.1: Horizontal and Vertical weigh 5 along their axis",
    )
    .after(super::TEXTURE),
    check(
        "texture_straight_zigzag",
        producers::Part3::WeightedWalls,
        turns_input,
        texture_straight_zigzag,
        false,
    )
    .rubric(
        2.0,
        "straight makes longer corridors than zigzag (measured)",
        "handout §8.1: ZigZag and Straight compare the link with the previous one",
    )
    .after(super::TEXTURE),
    check(
        "texture_age_dead_ends",
        producers::Part3::WeightedWalls,
        age_input,
        texture_age_dead_ends,
        false,
    )
    .rubric(
        1.0,
        "age leaves fewer dead ends than none (measured)",
        "handout §8.1: Age weighs age × age",
    )
    .after(super::TEXTURE),
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
        .map(|message| {
            Verdict::fail(panic_words(message))
                .with_mistake(super::Mistake::kind(super::mistake::NOT_IMPLEMENTED))
        })
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

#[cfg(test)]
mod tests {
    use super::*;

    pub(super) fn judged(
        spec: &str,
        input: &Value,
        output: &Value,
        expected: Option<&Value>,
    ) -> Verdict {
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

    pub(super) fn input_of(name: &str) -> Value {
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
}
