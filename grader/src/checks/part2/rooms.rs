//! §7.4 rooms and doors: the checks of `RatMaze::new`, `set_door` and the
//! neighbours of a room when a door is open on one side only.

use super::*;

pub(super) fn rooms_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let mut neighbor = Vec::new();
    for room in 0..9 {
        for d in CARDINALS {
            neighbor.push(json!([3, room, d]));
        }
    }
    neighbor.extend([
        json!([3, 9, NORTH]),
        json!([3, 100, SOUTH]),
        json!([3, 4, NORTH | EAST]),
        json!([3, 4, 0]),
        json!([3, 4, 15]),
        json!([5, 4, EAST]),
        json!([5, 5, WEST]),
        json!([5, 9, EAST]),
        json!([5, 10, WEST]),
        json!([5, 24, SOUTH]),
        json!([5, 25, NORTH]),
        json!([5, 12, NORTH]),
        json!([5, 12, SOUTH]),
        json!([5, 12, EAST]),
        json!([5, 12, WEST]),
        json!([1, 0, NORTH]),
        json!([1, 0, SOUTH]),
        json!([1, 0, EAST]),
        json!([1, 0, WEST]),
    ]);
    let set = |room: usize, d: u8, open: bool| json!(["set_door", room, d, open]);
    let ask = |what: &str, room: usize, d: u8| json!([what, room, d]);
    let doors = vec![
        json!(["doors"]),
        set(4, EAST, true),
        ask("door_open", 4, EAST),
        ask("door_open", 5, WEST),
        // Several directions at once: whether all of those doors are open.
        ask("door_open", 4, NORTH | EAST),
        ask("passage", 4, EAST),
        ask("passage", 5, WEST),
        json!(["neighbors", 4]),
        set(5, WEST, true),
        ask("passage", 4, EAST),
        ask("passage", 5, WEST),
        json!(["neighbors", 4]),
        json!(["neighbors", 5]),
        // Closing one door: it closes, and the room's other doors stay as they were.
        set(4, SOUTH, true),
        set(4, EAST, false),
        ask("door_open", 4, EAST),
        ask("door_open", 4, SOUTH),
        set(4, SOUTH, false),
        ask("passage", 4, EAST),
        ask("passage", 5, WEST),
        ask("door_open", 5, WEST),
        // Border doors can be set too.
        set(0, WEST, true),
        ask("door_open", 0, WEST),
        ask("door_open", 0, NORTH | WEST),
        ask("passage", 0, WEST),
        ask("passage", 0, NORTH),
        ask("passage", 8, SOUTH),
        set(2, EAST, true),
        ask("door_open", 2, EAST),
        ask("passage", 2, EAST),
        json!(["open_between", 1, 4]),
        ask("door_open", 1, SOUTH),
        ask("door_open", 4, NORTH),
        json!(["neighbors", 1]),
        json!(["open_between", 4, 5]),
        json!(["open_between", 4, 3]),
        json!(["open_between", 7, 4]),
        json!(["neighbors", 4]),
        json!(["open_between", 0, 8]),
        json!(["open_between", 2, 3]),
        json!(["open_between", 1, 1]),
        json!(["open_between", 8, 9]),
        json!(["open_between", 8, 7]),
        json!(["neighbors", 7]),
        json!(["doors"]),
    ];
    let sizes = inputs.vary(vec![0, 1, 2, 3, 5, 1000, 1001], |rng| {
        [
            rng.random_range(0..=5),
            rng.random_range(6..=999),
            rng.random_range(1001..5000),
        ][rng.random_range(0..3)]
    });
    // New questions: a room of a grid of any small size (or just past its last room)
    // and any set of directions.
    let neighbor = inputs.vary(neighbor, |rng| {
        let n = rng.random_range(1..=8);
        json!([n, rng.random_range(0..n * n + 2), rng.random_range(0u8..16)])
    });
    let mut doors = doors;
    let mut n = 3;
    if inputs.private() {
        // Then a grid of another size and random doors set and asked about.
        let mut rng = inputs.rng();
        n = rng.random_range(2..=6);
        let rooms = n * n;
        doors = vec![json!(["doors"])];
        for _ in 0..rng.random_range(25..45) {
            let room = rng.random_range(0..rooms);
            let d = CARDINALS[rng.random_range(0..4)];
            doors.push(match rng.random_range(0..6) {
                0 | 1 => set(room, d, rng.random_bool(0.7)),
                2 => ask("door_open", room, rng.random_range(1u8..16)),
                3 => ask("passage", room, d),
                4 => json!(["open_between", room, rng.random_range(0..rooms + 1)]),
                _ => json!(["neighbors", room]),
            });
        }
        doors.push(json!(["doors"]));
    }
    Ok(json!({
        "sizes": sizes,
        "show_doors_up_to": 5,
        "neighbor": neighbor,
        "doors": { "n": n, "ops": doors },
    }))
}

fn new_maze_problem(n: &Value, got: &Value, want: &Value) -> String {
    // The words after "panicked" are quoted up to QUOTE characters, as for a value.
    if let Some(panic) = Panic::of(got, QUOTE + "panicked".len()) {
        return if is_ok(want) {
            format!("RatMaze::new({n}) {panic}")
        } else {
            format!(
                "RatMaze::new({n}) {panic}; sizes outside 1..=MAX_SIZE must be an Err before anything is made, expected {}",
                outcome(want)
            )
        };
    }
    match (is_ok(got), is_ok(want)) {
        (true, false) => format!(
            "RatMaze::new({n}) was accepted; sizes outside 1..=MAX_SIZE must be an Err, expected {}",
            outcome(want)
        ),
        (false, true) => format!(
            "RatMaze::new({n}) was refused ({}), but 1..=MAX_SIZE is allowed",
            outcome(got)
        ),
        (false, false) => format!(
            "RatMaze::new({n}) gave {}, expected {}",
            outcome(got),
            outcome(want)
        ),
        (true, true) => {
            let (g, w) = (&got["ok"], &want["ok"]);
            let field = ["size", "rooms", "start", "goal", "open"]
                .into_iter()
                .find(|&k| g.get(k) != w.get(k))
                .unwrap_or("size");
            if field == "open" {
                let bits =
                    |v: &Value| serde_json::from_value::<Vec<u8>>(v.clone()).unwrap_or_default();
                let (got_open, want_open) = (bits(&g["open"]), bits(&w["open"]));
                // In one room, one of the two doors opened: the other opening closed it.
                let one_of_two = n.as_u64() == Some(1)
                    && want_open == [NORTH | SOUTH]
                    && matches!(got_open.as_slice(), [doors] if *doors == NORTH || *doors == SOUTH);
                let note = if one_of_two {
                    ", so opening the second must leave the first open: set_door changes one door of one room, leaving its other doors as they were"
                } else {
                    ""
                };
                format!(
                    "in RatMaze::new({n}) {}: a new maze has every door closed but room 0's north door and the goal's south door (for n = 1 both are doors of room 0{note})",
                    door_difference(&got_open, &want_open)
                )
            } else {
                format!(
                    "RatMaze::new({n}).{field}() is {}, expected {}",
                    short(&g[field]),
                    short(&w[field])
                )
            }
        }
    }
}

fn door_call(op: &Value) -> String {
    let name = op_name(op);
    let arg = |i: usize| op.get(i).map(short).unwrap_or_default();
    let dir = |i: usize| {
        op.get(i)
            .and_then(Value::as_u64)
            .and_then(|b| u8::try_from(b).ok())
            .map_or_else(|| arg(i), |b| format!("Direction::{}", direction_name(b)))
    };
    match name {
        "set_door" => format!("set_door({}, {}, {})", arg(1), dir(2), arg(3)),
        "door_open" | "passage" => format!("{name}({}, {})", arg(1), dir(2)),
        "neighbors" => format!("neighbors({})", arg(1)),
        "open_between" => format!("open_between({}, {})", arg(1), arg(2)),
        _ => format!("{name}()"),
    }
}

/// A call's room and single direction (`set_door(4, EAST, …)`, `door_open(4, EAST)`),
/// if it names one door.
fn one_door(op: &Value) -> Option<(u64, u8)> {
    let room = op.get(1).and_then(Value::as_u64)?;
    let d = op
        .get(2)
        .and_then(Value::as_u64)
        .and_then(|b| u8::try_from(b).ok())
        .filter(|b| CARDINALS.contains(b))?;
    Some((room, d))
}

/// Whether a door is on the border of an n×n maze.
fn on_border(n: usize, room: u64, d: u8) -> bool {
    let n = n as u64;
    let (row, column) = (room / n.max(1), room % n.max(1));
    (d == NORTH && row == 0)
        || (d == SOUTH && row + 1 == n)
        || (d == EAST && column + 1 == n)
        || (d == WEST && column == 0)
}

/// What a `door_open(room, d)` that gave another answer than the reference's says of
/// the calls that changed the maze before it (`changes`, in order): the door it asks
/// about was just set, another door of its room was set after it, or an
/// `open_between` of its room was the last change there.
fn door_open_rule(n: usize, op: &Value, changes: &[&Value]) -> Option<String> {
    let (room, d) = one_door(op)?;
    let last = changes.iter().rev().find(|change| match op_name(change) {
        "set_door" => change.get(1).and_then(Value::as_u64) == Some(room),
        "open_between" => (1..=2).any(|i| change.get(i).and_then(Value::as_u64) == Some(room)),
        _ => false,
    })?;
    let door = direction_name(d);
    Some(match op_name(last) {
        "open_between" => {
            let (a, b) = (short(&last[1]), short(&last[2]));
            format!(
                "{} opens both facing doors, room {a}'s towards {b} and room {b}'s towards {a}",
                door_call(last)
            )
        }
        _ if one_door(last) == Some((room, d)) => {
            let open = last.get(3).and_then(Value::as_bool).unwrap_or(true);
            let border = if on_border(n, room, d) {
                ", border doors too (they make no passage)"
            } else {
                ""
            };
            format!(
                "door_open says what set_door last set: {} {} room {room}'s {door} door{border}",
                door_call(last),
                if open { "opens" } else { "closes" }
            )
        }
        _ => format!(
            "set_door changes one door of one room: {} must leave room {room}'s {door} door as it was",
            door_call(last)
        ),
    })
}

/// A `door_open(room, d)` right after `set_door(room, d, open)` that does not say
/// `open`, the first in the script: whatever the maze was, door_open must then report
/// what set_door set, so this is told before anything that a wrong set_door may
/// explain (a new maze's doors are opened with it).
fn set_then_asked(n: usize, ops: &[Value], got: &[Value]) -> Option<String> {
    let mut changes: Vec<&Value> = Vec::new();
    let mut calls = vec![format!("RatMaze::new({n})")];
    for (i, op) in ops.iter().enumerate() {
        if ["set_door", "open_between"].contains(&op_name(op)) {
            changes.push(op);
            calls.push(door_call(op));
            continue;
        }
        let Some(set) = i.checked_sub(1).and_then(|j| ops.get(j)) else {
            continue;
        };
        let asked_what_was_set = op_name(op) == "door_open"
            && op_name(set) == "set_door"
            && one_door(op).is_some()
            && one_door(op) == one_door(set);
        let answer = got.get(i).and_then(Value::as_bool);
        if asked_what_was_set && answer != set.get(3).and_then(Value::as_bool) {
            let rule = door_open_rule(n, op, &changes)?;
            return Some(format!(
                "after {}, {} gave {}: {rule}",
                so_far(&calls),
                door_call(op),
                got.get(i).map_or("nothing".to_owned(), short)
            ));
        }
    }
    None
}

/// The student's `RatMaze` against the reference's, call by call. An error is compared
/// as its message, which is the provided `Display` of the variant and its fields
/// (`SizeOutOfRange(n)`, `NotAdjacent { a, b, size }`, all given by the handout's
/// §7.4): no words of the student's are in it.
pub(super) fn rat_maze_rooms(case: &Case) -> Judged {
    #[derive(Deserialize)]
    struct Input {
        sizes: Vec<Value>,
        neighbor: Vec<Value>,
        doors: SetScript,
    }
    #[derive(Deserialize)]
    struct Output {
        sizes: Vec<Value>,
        neighbor: Vec<Value>,
        doors: Vec<Value>,
    }
    let input: Input = case.input()?;
    let got: Output = case.output()?;
    let want: Output = case.expected()?;
    let shapes = |o: &Output| (o.sizes.len(), o.neighbor.len(), o.doors.len());
    let sent = (
        input.sizes.len(),
        input.neighbor.len(),
        input.doors.ops.len(),
    );
    if shapes(&want) != sent {
        return Err(Verdict::grader_error(
            "the blessed results do not match the input: run `grader bless`",
        ));
    }
    if shapes(&got) != sent {
        return Ok(Verdict::fail(
            "the probe reported another number of results than the grader asked for",
        ));
    }
    if let Some(problem) = set_then_asked(input.doors.n, &input.doors.ops, &got.doors) {
        return Ok(Verdict::fail(problem));
    }
    for ((n, got), want) in input.sizes.iter().zip(&got.sizes).zip(&want.sizes) {
        if got != want {
            return Ok(Verdict::fail(new_maze_problem(n, got, want)));
        }
    }
    for ((query, got), want) in input.neighbor.iter().zip(&got.neighbor).zip(&want.neighbor) {
        if got != want {
            let d = query[2]
                .as_u64()
                .and_then(|b| u8::try_from(b).ok())
                .map_or_else(|| short(&query[2]), direction_name);
            return Ok(Verdict::fail(format!(
                "in a {0}x{0} maze, neighbor({1}, {d}) gave {2}, expected {3} (rooms are numbered row by row; None past the border, for a room outside the maze and for anything but exactly one direction)",
                query[0],
                query[1],
                option(got),
                option(want)
            )));
        }
    }
    let n = input.doors.n;
    let mut calls = vec![format!("RatMaze::new({n})")];
    let mut changed: Vec<&Value> = Vec::new();
    for ((op, got), want) in input.doors.ops.iter().zip(&got.doors).zip(&want.doors) {
        let this = door_call(op);
        let changes = ["set_door", "open_between"].contains(&op_name(op));
        if got != want {
            let context = so_far(&calls);
            let several = op_name(op) == "door_open"
                && op
                    .get(2)
                    .and_then(Value::as_u64)
                    .is_some_and(|bits| bits.count_ones() > 1);
            let door_rule = door_open_rule(n, op, &changed).filter(|_| !several);
            let rule = match op_name(op) {
                "door_open" if several => {
                    "door_open of several directions says whether all of those doors are open"
                }
                "door_open" if door_rule.is_some() => door_rule.as_deref().unwrap_or_default(),
                "door_open" | "set_door" => {
                    "set_door and door_open work on one door of one room, never the one facing it"
                }
                "passage" => {
                    "a passage needs a room on that side and both facing doors open; a border door is never one"
                }
                "neighbors" => "the rooms joined by a passage, in N, S, E, W order",
                "open_between" => {
                    "only rooms side by side can be joined, opening both facing doors; anything else is Err(NotAdjacent) and changes nothing"
                }
                _ => "set_door changes one door of one room; open_between opens both facing doors",
            };
            let (g, w) = match op_name(op) {
                "open_between" => (outcome(got), outcome(want)),
                "doors" => {
                    let bits = |v: &Value| {
                        serde_json::from_value::<Vec<u8>>(v.clone()).unwrap_or_default()
                    };
                    return Ok(Verdict::fail(format!(
                        "after {context}, {}: {rule}",
                        door_difference(&bits(got), &bits(want))
                    )));
                }
                _ => (short(got), short(want)),
            };
            return Ok(Verdict::fail(format!(
                "after {context}, {this} gave {g}, expected {w}: {rule}"
            )));
        }
        if changes {
            calls.push(this);
            changed.push(op);
        }
    }
    Ok(Verdict::pass(
        "new, size, rooms, neighbor, door_open, set_door, passage, neighbors and open_between keep the rules",
    ))
}

pub(super) fn one_sided_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let mut mazes: Vec<GivenMaze> = fixture_mazes(inputs)?
        .into_iter()
        .filter(|maze| maze.n <= 10)
        .collect();
    let mut rng = inputs.rng();
    for n in [4, 7] {
        mazes.push(GivenMaze {
            name: format!("a {n}x{n} maze with random one-sided doors"),
            n,
            open: random_doors(&mut rng, n),
        });
    }
    Ok(json!({ "mazes": mazes_value(&mazes) }))
}

pub(super) fn given_mazes(case: &Case) -> Result<Vec<GivenMaze>, Verdict> {
    #[derive(Deserialize)]
    struct Input {
        mazes: Vec<GivenMaze>,
    }
    case.input::<Input>().map(|input| input.mazes)
}

pub(super) fn rat_neighbors_one_sided(case: &Case) -> Judged {
    #[derive(Deserialize, PartialEq)]
    struct Report {
        neighbors: Vec<Vec<usize>>,
        passages: Vec<u8>,
    }
    let mazes = given_mazes(case)?;
    let got: Vec<Report> = case.output_list(mazes.len())?;
    let want: Vec<Report> = case.expected()?;
    if want.len() != mazes.len() {
        return Err(Verdict::grader_error(
            "the blessed results do not match the input: run `grader bless`",
        ));
    }
    for ((maze, got), want) in mazes.iter().zip(&got).zip(&want) {
        let rooms = maze.n * maze.n;
        if got.neighbors.len() != rooms || got.passages.len() != rooms {
            return Ok(Verdict::fail(format!(
                "{}: the probe reported {} and {} rooms for a maze of {rooms}",
                maze.name,
                got.neighbors.len(),
                got.passages.len()
            )));
        }
        if let Some(room) = first_difference(&got.neighbors, &want.neighbors) {
            let show =
                |list: Option<&Vec<usize>>| list.map_or("nothing".to_owned(), |l| format!("{l:?}"));
            return Ok(Verdict::fail(format!(
                "{}: neighbors({room}) gave {}, expected {} (the rooms joined by BOTH facing doors, in N, S, E, W order)",
                maze.name,
                cut(show(got.neighbors.get(room))),
                show(want.neighbors.get(room))
            )));
        }
        if let Some(room) = first_difference(&got.passages, &want.passages) {
            let bits = |list: &[u8]| {
                list.get(room)
                    .map_or("nothing".to_owned(), |&b| direction_name(b))
            };
            return Ok(Verdict::fail(format!(
                "{}: passage() is true out of room {room} towards {}, expected {} (a door open on one side only is no passage, nor is an open border door)",
                maze.name,
                bits(&got.passages),
                bits(&want.passages)
            )));
        }
    }
    Ok(Verdict::pass(format!(
        "neighbors and passage are right on {} mazes, one-sided doors included",
        mazes.len()
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(room: usize, d: u8, open: bool) -> Value {
        json!(["set_door", room, d, open])
    }

    fn door_open(room: usize, d: u8) -> Value {
        json!(["door_open", room, d])
    }

    #[test]
    fn a_door_asked_right_after_it_was_set_must_say_what_was_set() {
        let ops = [set(4, EAST, false), door_open(4, EAST)];
        let never_closes = set_then_asked(3, &ops, &[Value::Null, json!(true)]).unwrap();
        assert!(
            never_closes.ends_with(
                "door_open(4, Direction::EAST) gave true: door_open says what set_door last set: set_door(4, Direction::EAST, false) closes room 4's EAST door"
            ),
            "{never_closes}"
        );
        assert_eq!(set_then_asked(3, &ops, &[Value::Null, json!(false)]), None);
        let border = [set(0, WEST, true), door_open(0, WEST)];
        let ignored = set_then_asked(3, &border, &[Value::Null, json!(false)]).unwrap();
        assert!(
            ignored.ends_with("border doors too (they make no passage)"),
            "{ignored}"
        );
    }

    #[test]
    fn a_wrong_door_names_the_last_change_of_its_room() {
        let (south, east) = (set(4, SOUTH, true), set(4, EAST, false));
        let wiped = door_open_rule(3, &door_open(4, SOUTH), &[&south, &east]).unwrap();
        assert_eq!(
            wiped,
            "set_door changes one door of one room: set_door(4, Direction::EAST, false) must leave room 4's SOUTH door as it was"
        );
        let between = json!(["open_between", 1, 4]);
        let one_sided = door_open_rule(3, &door_open(4, NORTH), &[&south, &between]).unwrap();
        assert_eq!(
            one_sided,
            "open_between(1, 4) opens both facing doors, room 1's towards 4 and room 4's towards 1"
        );
        // No change of the room yet: the general words.
        assert_eq!(door_open_rule(3, &door_open(7, NORTH), &[&south]), None);
    }

    #[test]
    fn a_size_that_panics_is_told_it_must_be_an_err() {
        let panic =
            json!({ "panic": "index out of bounds", "location": "submission/src/rat/maze.rs:140" });
        let want = json!({ "err": "maze size 0 is outside 1..=1000" });
        assert_eq!(
            new_maze_problem(&json!(0), &panic, &want),
            "RatMaze::new(0) panicked at src/rat/maze.rs:140: index out of bounds; sizes outside 1..=MAX_SIZE must be an Err before anything is made, expected Err(`maze size 0 is outside 1..=1000`)"
        );
    }

    #[test]
    fn a_one_room_maze_with_one_of_its_two_doors_names_set_door() {
        let want = json!({ "ok": { "size": 1, "rooms": 1, "start": 0, "goal": 0, "open": [NORTH | SOUTH] } });
        let got =
            json!({ "ok": { "size": 1, "rooms": 1, "start": 0, "goal": 0, "open": [SOUTH] } });
        let words = new_maze_problem(&json!(1), &got, &want);
        assert!(
            words.contains("so opening the second must leave the first open"),
            "{words}"
        );
        let none = json!({ "ok": { "size": 1, "rooms": 1, "start": 0, "goal": 0, "open": [0] } });
        let words = new_maze_problem(&json!(1), &none, &want);
        assert!(!words.contains("opening the second"), "{words}");
    }
}
