//! Part 3 producers (textured mazes; several checks may share one): each calls the
//! student's code on the grader's input and returns what it produced. Favors and
//! roots are sent by their command-line names, links as `{from, to, direction,
//! age, previous}` (directions as bits N=1, S=2, E=4, W=8, `previous` null for the root),
//! mazes reported as in Part 1. Every list in the output has one item per item of the
//! input.

use std::panic::{AssertUnwindSafe, catch_unwind};

use maze::texture::{Favor, Link, Root, generate_weighted, weight, weighted_pick};
use maze::{Direction, MazeCellArray, MazeRng, Position};
use serde_json::{Value, json};

use wire::producers::Part3;
use wire::part3::{GivenLink, Sequence, WeightCase};

use crate::{Producer, field};

/// The function that runs each of Part 3's producers (the `match` is exhaustive: a
/// producer the grader can name and this part lacks does not compile).
pub fn producer(which: Part3) -> Producer {
    match which {
        Part3::TextureWeights => texture_weights,
        Part3::TexturePicks => texture_picks,
        Part3::WeightedMazes => weighted_mazes,
        Part3::WeightedWalls => weighted_walls,
    }
}

type Xy = (i32, i32);

fn favor(name: &str) -> Favor {
    match name {
        "none" => Favor::None,
        "age" => Favor::Age,
        "horizontal" => Favor::Horizontal,
        "vertical" => Favor::Vertical,
        "zigzag" => Favor::ZigZag,
        "straight" => Favor::Straight,
        other => panic!("the grader sent an unknown favor {other:?}"),
    }
}

fn root(name: &str) -> Root {
    match name {
        "corner" => Root::Corner,
        "center" => Root::Center,
        other => panic!("the grader sent an unknown root {other:?}"),
    }
}

/// The student's `Link` for the grader's.
fn link(given: &GivenLink) -> Link {
    // The far cell comes from the grader too, so that these checks do not depend on
    // Part 1's Position::moved.
    Link {
        from: Position::new(given.from.0, given.from.1),
        to: Position::new(given.to.0, given.to.1),
        direction: Direction::from_bits_retain(given.direction),
        age: given.age,
        previous: given.previous.map(Direction::from_bits_retain),
    }
}

/// `{"ok": value}`, or `{"panic": message}` when the student's code panicked, so that
/// one case's panic (an overflow, a `todo!()`) does not hide the others' answers.
fn caught(run: impl FnOnce() -> Value) -> Value {
    match catch_unwind(AssertUnwindSafe(run)) {
        Ok(value) => json!({ "ok": value }),
        Err(payload) => json!({ "panic": wire::panic_message(payload.as_ref()) }),
    }
}

fn texture_weights(input: &Value) -> Value {
    let cases: Vec<WeightCase> = field(input, "cases");
    json!(cases
        .iter()
        .map(|case| {
            let favor = favor(&case.favor);
            caught(|| json!(case.links.iter().map(|l| weight(favor, &link(l))).collect::<Vec<u64>>()))
        })
        .collect::<Vec<_>>())
}

/// For each sequence, one `MazeRng` from its seed and one pick per round (a round
/// repeated `repeat` times), in order: the indices `weighted_pick` returned.
fn texture_picks(input: &Value) -> Value {
    let sequences: Vec<Sequence> = field(input, "sequences");
    json!(sequences
        .iter()
        .map(|sequence| {
            caught(|| {
                let mut rng = MazeRng::seed_from_u64(sequence.seed);
                let mut picks = Vec::new();
                for round in &sequence.rounds {
                    let favor = favor(&round.favor);
                    let links: Vec<Link> = round.links.iter().map(link).collect();
                    for _ in 0..round.repeat {
                        picks.push(weighted_pick(&links, favor, &mut rng));
                    }
                }
                json!(picks)
            })
        })
        .collect::<Vec<_>>())
}

fn grown(width: i32, height: i32, favor_name: &str, root_name: &str, seed: u64) -> Value {
    let mut cells = MazeCellArray::new(width, height).expect("MazeCellArray::new on a valid size");
    let ends = generate_weighted(&mut cells, favor(favor_name), root(root_name), &mut MazeRng::seed_from_u64(seed));
    let walls: Vec<Vec<u8>> = (0..height).map(|y| (0..width).map(|x| cells[(x, y)].walls.bits()).collect()).collect();
    json!({ "start": [ends.start.x, ends.start.y], "end": [ends.end.x, ends.end.y], "walls": walls })
}

/// Each `[width, height, favor, root, seed]`: the weighted generator's maze.
fn weighted_mazes(input: &Value) -> Value {
    let specs: Vec<(i32, i32, String, String, u64)> = field(input, "mazes");
    json!(specs.iter().map(|(w, h, f, r, seed)| grown(*w, *h, f, r, *seed)).collect::<Vec<_>>())
}

/// For each favor, the walls of the mazes of every seed (rooted in the corner).
fn weighted_walls(input: &Value) -> Value {
    let (w, h): Xy = field(input, "size");
    let favors: Vec<String> = field(input, "favors");
    let seeds: Vec<u64> = field(input, "seeds");
    json!(favors
        .iter()
        .map(|f| seeds.iter().map(|&seed| grown(w, h, f, "corner", seed)["walls"].clone()).collect::<Vec<_>>())
        .collect::<Vec<_>>())
}
