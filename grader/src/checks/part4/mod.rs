//! Part 4 (Prim mazes and the backtracking solver) checks: for each, the input the
//! grader builds and the judge of what the student's code made of it. Perfectness,
//! where the start and end lie and path validity are judged here; the exact mazes and
//! paths are the reference's, blessed. The solver also runs on a 50×50 snake in a
//! thread with a small stack: a recursive solver overflows it, which kills the probe,
//! and the grader reports that crash as this check's failure.

use std::collections::{BTreeMap, BTreeSet};

use rand::Rng as _;
use serde::Deserialize;
use serde_json::{Value, json};

use super::model::{EAST, Grid, MazeData, NORTH, ReportedMaze, SOUTH, WEST, show};
use super::part1::{GivenMaze, asked_maze, fixture_maze, transformed};
use super::{Case, CheckSpec, Inputs, Judged, Producer, Verdict, producers};

mod backtrack;
mod prim;

use backtrack::*;
use prim::*;

type Xy = (i32, i32);

const fn check(
    name: &'static str,
    producer: producers::Part4,
    input: fn(&Inputs) -> anyhow::Result<Value>,
    judge: fn(&Case) -> Judged,
    blessed: bool,
) -> CheckSpec {
    CheckSpec::new(name, Producer::Part4(producer), input, judge, blessed)
}

/// The Part 4 checks, in report order.
pub const CHECKS: &[CheckSpec] = &[
    check(
        "prim_perfect_square",
        producers::Part4::PrimMazes,
        square_input,
        prim_perfect,
        false,
    )
    .rubric(
        2.0,
        "Prim makes perfect square mazes",
        "handout §9.1: mark the start as in the maze",
    )
    .when_slow(super::PRIM_ENDS)
    .after(super::CARVING),
    check(
        "prim_perfect_non_square",
        producers::Part4::PrimMazes,
        non_square_input,
        prim_perfect,
        false,
    )
    .rubric(
        1.0,
        "Prim makes perfect non-square mazes",
        "handout §9.1: the idea",
    )
    .when_slow(super::PRIM_ENDS)
    .after(super::CARVING),
    check(
        "prim_start_and_end",
        producers::Part4::PrimMazes,
        ends_input,
        prim_start_and_end,
        false,
    )
    .rubric(
        1.0,
        "Prim starts in the bottom row and ends in the top row",
        "handout §9.1: exactly as the game does it (the start in the bottom row; the end in the top row, its column a draw of its own)",
    )
    .when_slow(super::PRIM_ENDS)
    .after(super::CARVING),
    check(
        "prim_matches_reference",
        producers::Part4::PrimMazes,
        reference_input,
        prim_matches_reference,
        true,
    )
    .rubric(
        1.0,
        "Prim makes the reference's mazes bit for bit",
        "handout §9.1: exactly as the game does it (each step picks a cell, then a neighbour only if it has one; a cell picked in vain stays in the list)",
    )
    .when_slow(super::PRIM_ENDS)
    .after(super::CARVING),
    check(
        "backtrack_path_valid",
        producers::Part4::BacktrackSolve,
        valid_input,
        backtrack_path_valid,
        false,
    )
    .rubric(
        2.0,
        "backtracking finds a valid path through perfect mazes",
        "handout §9.2: the idea",
    )
    .when_slow(super::SEARCHED_ONCE)
    .after(&["position_moved"]),
    check(
        "backtrack_matches_reference",
        producers::Part4::BacktrackSolve,
        loops_input,
        backtrack_matches_reference,
        true,
    )
    .rubric(
        2.0,
        "backtracking finds the reference's path through mazes with loops",
        "handout §9.2: east, south, west, north",
    )
    .when_slow(super::SEARCHED_ONCE)
    .after(&["position_moved"]),
    check(
        "backtrack_errors",
        producers::Part4::BacktrackErrors,
        errors_input,
        backtrack_errors,
        true,
    )
    .rubric(
        1.0,
        "backtracking reports NotCreated and NoPath",
        "handout §9.2: NotCreated before searching, NoPath(end) when the Vec is empty",
    )
    .when_slow(super::SEARCHED_ONCE)
    .after(&["position_moved"]),
    check(
        "backtrack_searched_once",
        producers::Part4::BacktrackErrors,
        searched_input,
        backtrack_errors,
        true,
    )
    .rubric(
        2.0,
        "backtracking fails at once in an open room whose end is walled in",
        "handout §9.2: a cell once searched stays searched (a popped frame leaves its cell marked)",
    )
    .when_slow(super::SEARCHED_ONCE)
    .after(&["position_moved"]),
    check(
        "backtrack_no_stack_overflow",
        producers::Part4::BacktrackSmallStack,
        snake_input,
        backtrack_no_stack_overflow,
        false,
    )
    .rubric(
        2.0,
        "backtracking solves a 50x50 snake in a 64 KiB thread",
        "handout §9.2: keep the frames in a Vec, not in recursive calls",
    )
    .after(&["position_moved"]),
];

#[cfg(test)]
mod tests {
    use super::*;

    pub(super) fn input_of(name: &str) -> Value {
        let spec = CHECKS
            .iter()
            .find(|c| c.name == name)
            .expect("a Part 4 check");
        (spec.input)(&Inputs {
            fixtures: &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures"),
            check: name,
            secret: None,
        })
        .expect("the input builds")
    }

    pub(super) fn judged(
        name: &str,
        input: &Value,
        output: &Value,
        expected: Option<&Value>,
    ) -> Verdict {
        let spec = CHECKS
            .iter()
            .find(|c| c.name == name)
            .expect("a Part 4 check");
        super::super::judge(
            spec,
            &Case {
                input,
                output,
                expected,
            },
        )
    }

    #[test]
    fn hostile_outputs_fail_every_judge_without_a_panic() {
        let hostile = [
            json!(null),
            json!([]),
            json!({ "ok": [] }),
            json!({ "ok": [[0, 0], [5, 5]] }),
            json!([{ "ok": [[-1, 99999]] }]),
            json!("passed"),
            json!({ "not_created": 1, "no_path": [] }),
        ];
        for spec in CHECKS {
            let input = input_of(spec.name);
            for output in &hostile {
                let verdict = judged(spec.name, &input, output, Some(&json!([])));
                assert!(!verdict.passed, "{}: {output}", spec.name);
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
