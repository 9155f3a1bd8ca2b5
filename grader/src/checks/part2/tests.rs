//! The Part 2 checks' judges, fed outputs of right and wrong code.

use std::path::{Path, PathBuf};

use rand::SeedableRng as _;
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::checks::{self, Inputs};
use crate::snapshots::Snapshots;

/// The kit's fixtures folder.
pub(super) fn kit_fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures")
}

#[test]
fn ordinals_read_naturally() {
    assert_eq!(
        [1, 2, 3, 4, 11, 12, 13, 21, 22, 111].map(ordinal),
        [
            "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "111th"
        ]
    );
}

#[test]
fn a_missing_fixture_is_an_error_of_the_input_not_a_panic() {
    let inputs = Inputs {
        fixtures: Path::new("/nonexistent/fixtures"),
        check: "rat_bfs_sample",
        secret: None,
    };
    for spec in CHECKS {
        let _ = (spec.input)(&inputs);
    }
    assert!(bfs_sample_input(&inputs).is_err());
    assert!(read_fixtures_input(&inputs).is_err());
    assert!(invalid_files_input(&inputs).is_err());
}

// ------------------------------------------------------------ fuzzing the judges

/// Object keys the probe's reports use, so that random objects sometimes fit.
const KEYS: &[&str] = &[
    "ok",
    "err",
    "n",
    "open",
    "visited",
    "path",
    "steps",
    "drained",
    "scripts",
    "interleaved",
    "sizes",
    "neighbor",
    "doors",
    "neighbors",
    "passages",
    "built",
    "again",
    "line",
    "column",
    "message",
    "size",
    "rooms",
    "start",
    "goal",
    "walls",
    "end",
    "first",
    "other_seed",
    "same_hash",
    "set_len",
    "found",
    "new",
    "removals",
    "positions",
    "first_read_by_position",
    "second_read_by_pair",
    "after_reset",
    "resizes",
    "resize",
    "after",
    "x_range",
    "y_range",
    "contains",
    "default",
    "size_after_resize",
    "create",
    "is_created",
    "position",
];

fn random_number(rng: &mut ChaCha8Rng) -> Value {
    match rng.random_range(0..10) {
        0 => json!(u64::MAX),
        1 => json!(i64::MIN),
        2 => json!(-1),
        3 => json!(rng.random::<f64>() * 1e300),
        4 => json!(f64::MIN_POSITIVE),
        5 => json!(rng.random::<u64>()),
        6 => json!(usize::MAX as u64 - 1),
        _ => json!(rng.random_range(0..40)),
    }
}

/// A random JSON value of at most `depth` levels (serde_json reads at most 128).
fn random_value(rng: &mut ChaCha8Rng, depth: usize) -> Value {
    let kind = if depth == 0 {
        rng.random_range(0..4)
    } else {
        rng.random_range(0..8)
    };
    match kind {
        0 => Value::Null,
        1 => json!(rng.random::<bool>()),
        2 => random_number(rng),
        3 => match rng.random_range(0..4) {
            0 => json!(""),
            1 => json!("x".repeat(rng.random_range(0..5000))),
            2 => json!("DisjointSet { parent: [0, 0, 9999999999999999999999], rank: [] }"),
            _ => json!(KEYS[rng.random_range(0..KEYS.len())]),
        },
        4 | 5 => {
            let len = match rng.random_range(0..10) {
                0 => rng.random_range(0..20_000),
                _ => rng.random_range(0..8),
            };
            let item_depth = depth - 1;
            let item_depth = if len > 50 { 0 } else { item_depth };
            Value::Array((0..len).map(|_| random_value(rng, item_depth)).collect())
        }
        6 => {
            // A deep chain of single-item arrays or objects.
            let mut value = random_number(rng);
            for _ in 0..rng.random_range(0..120) {
                value = if rng.random() {
                    json!([value])
                } else {
                    json!({ KEYS[rng.random_range(0..KEYS.len())]: value })
                };
            }
            value
        }
        _ => {
            let len = rng.random_range(0..6);
            let map = (0..len)
                .map(|_| {
                    (
                        KEYS[rng.random_range(0..KEYS.len())].to_owned(),
                        random_value(rng, depth - 1),
                    )
                })
                .collect();
            Value::Object(map)
        }
    }
}

/// `value` with one random part replaced, cut, grown or retyped: an answer that
/// is nearly right, which reaches deeper into a judge than noise does.
fn mutated(rng: &mut ChaCha8Rng, value: &Value) -> Value {
    let mut value = value.clone();
    mutate_in(rng, &mut value);
    value
}

fn mutate_in(rng: &mut ChaCha8Rng, value: &mut Value) {
    let descend = rng.random_range(0..4) != 0;
    match value {
        Value::Array(items) if descend && !items.is_empty() => {
            let i = rng.random_range(0..items.len());
            return mutate_in(rng, &mut items[i]);
        }
        Value::Object(map) if descend && !map.is_empty() => {
            let i = rng.random_range(0..map.len());
            if let Some(item) = map.values_mut().nth(i) {
                return mutate_in(rng, item);
            }
        }
        _ => {}
    }
    match (rng.random_range(0..6), &mut *value) {
        (0, Value::Array(items)) => items.truncate(rng.random_range(0..=items.len())),
        (1, Value::Array(items)) => {
            for _ in 0..rng.random_range(1..5) {
                items.push(random_value(rng, 2));
            }
        }
        (2, Value::Object(map)) => {
            if let Some(key) = map.keys().next().cloned() {
                map.remove(&key);
            }
        }
        (3, _) => *value = random_number(rng),
        _ => *value = random_value(rng, 3),
    }
}

/// A grid of random wall bits with the size `[w, h]` of `size`.
fn random_grid(rng: &mut ChaCha8Rng, size: &Value) -> Value {
    let side = |i: usize| size[i].as_u64().unwrap_or(1).min(60) as usize;
    let rows: Vec<Vec<u8>> = (0..side(1))
        .map(|_| (0..side(0)).map(|_| rng.random_range(0..16)).collect())
        .collect();
    json!(rows)
}

fn random_maze(rng: &mut ChaCha8Rng, size: &Value) -> Value {
    json!({ "start": [0, 0], "end": [1, 0], "walls": random_grid(rng, size) })
}

fn list_of(input: &Value, key: &str) -> Vec<Value> {
    input[key].as_array().cloned().unwrap_or_default()
}

/// A report of the right shape for a check no blessed output shows the shape
/// of, with random contents, built from the input; `Null` for the others.
fn plausible(rng: &mut ChaCha8Rng, producer: &str, input: &Value) -> Value {
    match producer {
        "rat_generate" => json!(
            list_of(input, "mazes")
                .iter()
                .map(|spec| {
                    let n = spec[0].as_u64().unwrap_or(1) as usize;
                    let open: Vec<u8> = (0..n * n).map(|_| rng.random_range(0..16)).collect();
                    json!({ "ok": { "n": n, "open": open } })
                })
                .collect::<Vec<_>>()
        ),
        "rat_write_read" => json!(
            list_of(input, "mazes")
                .iter()
                .map(|maze| {
                    let again = json!({ "ok": { "n": maze["n"], "open": maze["open"] } });
                    json!({ "built": maze["open"], "again": again })
                })
                .collect::<Vec<_>>()
        ),
        "disjoint_set_script" => json!(
            list_of(input, "scripts")
                .iter()
                .map(|script| {
                    let n = script["n"].as_u64().unwrap_or(0) as usize;
                    list_of(script, "ops")
                        .iter()
                        .enumerate()
                        .map(|(i, op)| match op_name(op) {
                            "debug" => {
                                // Parents below their element make a forest; now and then
                                // one is anything at all.
                                let parent: Vec<String> = (0..n)
                                    .map(|x| match rng.random_range(0..12) {
                                        _ if i == 0 => x.to_string(),
                                        0 => rng.random_range(0..n + 2).to_string(),
                                        1..4 => x.min(rng.random_range(0..n.max(1))).to_string(),
                                        _ => x.to_string(),
                                    })
                                    .collect();
                                json!(format!(
                                    "DisjointSet {{ parent: [{}], rank: [] }}",
                                    parent.join(", ")
                                ))
                            }
                            "find" => json!(rng.random_range(0..n.max(1))),
                            _ => json!(rng.random::<bool>()),
                        })
                        .collect::<Vec<_>>()
                })
                .collect::<Vec<_>>()
        ),
        "created_mazes" => json!(
            list_of(input, "mazes")
                .iter()
                .map(|spec| random_maze(rng, spec))
                .collect::<Vec<_>>()
        ),
        "solved_mazes" => json!(
            list_of(input, "mazes")
                .iter()
                .map(|_| {
                    let path: Vec<u8> = (0..rng.random_range(0..40))
                        .map(|_| [1, 2, 4, 8][rng.random_range(0..4)])
                        .collect();
                    json!({ "ok": path })
                })
                .collect::<Vec<_>>()
        ),
        "maze_start_end_distinct" => json!(
            list_of(input, "mazes")
                .iter()
                .map(|_| json!([[0, 0], [rng.random_range(0..3), 0]]))
                .collect::<Vec<_>>()
        ),
        "maze_same_seed_same_maze" => {
            let size = &input["maze"];
            json!({ "first": random_maze(rng, size), "again": random_maze(rng, size), "other_seed": random_maze(rng, size) })
        }
        "maze_complexity_texture" => json!(
            list_of(input, "complexities")
                .iter()
                .map(|_| list_of(input, "seeds")
                    .iter()
                    .map(|_| random_grid(rng, &input["size"]))
                    .collect::<Vec<_>>())
                .collect::<Vec<_>>()
        ),
        "position_hash" => json!({
            "same_hash": list_of(input, "hashed_twice").iter().map(|_| rng.random::<bool>()).collect::<Vec<_>>(),
            "set_len": rng.random_range(0..12),
            "found": list_of(input, "inserted").iter().map(|_| true).collect::<Vec<_>>(),
        }),
        "position_random" => json!(
            list_of(input, "draws")
                .iter()
                .map(|draw| {
                    let count = draw["count"].as_u64().unwrap_or(0);
                    (0..count)
                        .map(|_| json!([rng.random_range(-1..50), rng.random_range(-4..14)]))
                        .collect::<Vec<_>>()
                })
                .collect::<Vec<_>>()
        ),
        "array_indexers" => json!({
            "positions": random_grid(rng, &input["size"]).as_array().map(|rows| rows.iter().enumerate().map(|(y, row)| (0..row.as_array().map_or(0, Vec::len)).map(|x| json!([x, y])).collect::<Vec<_>>()).collect::<Vec<_>>()),
            "first_read_by_position": input["first"],
            "second_read_by_pair": input["second"],
        }),
        _ => Value::Null,
    }
}

#[test]
fn no_judge_fails_itself_on_adversarial_reports() {
    let fixtures = kit_fixtures();
    let rubric = crate::rubric::load(&fixtures.join("rubric.toml")).unwrap();
    let snapshots = Snapshots::load(&fixtures.join("snapshots")).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let mut cases = 0;
    for spec in checks::all() {
        // A part the course turned off is not graded, and its snapshots are left
        // as they were when it was turned off.
        if rubric.turned_off.iter().any(|off| off.part == spec.part) {
            continue;
        }
        let public = rubric
            .checks
            .iter()
            .find(|c| c.spec.name == spec.name)
            .is_none_or(|c| c.is_public());
        let inputs = Inputs {
            fixtures: &fixtures,
            check: spec.name,
            secret: if public {
                None
            } else {
                Some(rubric.secret.as_deref().unwrap_or(""))
            },
        };
        let input = (spec.input)(&inputs).unwrap();
        let expected = snapshots
            .get(spec.name)
            .filter(|b| b.input == checks::digest(&input))
            .map(|b| b.output.clone());
        if spec.blessed {
            assert!(
                expected.is_some(),
                "{} has no current blessed output",
                spec.name
            );
        }
        for round in 0..300 {
            let template = match &expected {
                Some(expected) => expected.clone(),
                None => plausible(&mut rng, spec.producer.name(), &input),
            };
            let output = match round % 4 {
                0 => random_value(&mut rng, 6),
                _ if template.is_null() => random_value(&mut rng, 4),
                1 => template,
                _ => mutated(&mut rng, &template),
            };
            let verdict = checks::judge(
                &spec,
                &Case {
                    input: &input,
                    output: &output,
                    expected: expected.as_ref(),
                },
            );
            assert!(
                !verdict.grader_error,
                "{} on {}: {}",
                spec.name,
                cut(output.to_string()),
                verdict.message
            );
            cases += 1;
        }
        if let Some(expected) = &expected {
            let verdict = checks::judge(
                &spec,
                &Case {
                    input: &input,
                    output: expected,
                    expected: Some(expected),
                },
            );
            assert!(verdict.passed, "{}: {}", spec.name, verdict.message);
        }
    }
    assert!(cases >= 10_000, "only {cases} cases");
}
