//! §7.3: the checks of the students' `DisjointSet`: scripts of `find` and `union`,
//! union by rank, and path compression watched through the set's `Debug` text.

use super::*;

fn set_script(n: usize, ops: Vec<Value>) -> Value {
    json!({ "n": n, "ops": ops })
}

fn unions(pairs: &[(usize, usize)]) -> Vec<Value> {
    pairs.iter().map(|&(a, b)| json!(["union", a, b])).collect()
}

pub(super) fn disjoint_set_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let mut twelve = unions(&[
        (0, 1),
        (2, 3),
        (1, 3),
        (4, 5),
        (5, 6),
        (6, 4),
        (0, 2),
        (7, 7),
        (8, 11),
        (11, 9),
        (9, 8),
        (3, 6),
    ]);
    for a in 0..12 {
        for b in 0..12 {
            twelve.push(json!(["same_set", a, b]));
            twelve.push(json!(["same_root", a, b]));
        }
    }
    twelve.extend([json!(["len"]), json!(["is_empty"])]);
    let mut small = unions(&[(2, 2), (3, 4), (4, 3), (0, 4)]);
    small.extend([json!(["same_set", 0, 3]), json!(["same_set", 1, 2])]);
    let chain = vec![
        json!(["chain", 0, 20_000]),
        json!(["same_set", 0, 19_999]),
        json!(["same_set", 12_345, 67]),
        json!(["len"]),
    ];
    let scripts = vec![
        set_script(12, twelve),
        set_script(5, small),
        set_script(0, vec![json!(["len"]), json!(["is_empty"])]),
        set_script(20_000, chain),
    ];
    Ok(json!({ "scripts": inputs.vary(scripts, random_set_script) }))
}

/// Random unions of a set of random size, with questions after each few.
fn random_set_script(rng: &mut rand_chacha::ChaCha8Rng) -> Value {
    let n = rng.random_range(1..=30);
    let mut ops = Vec::new();
    for _ in 0..rng.random_range(3..12) {
        ops.push(json!([
            "union",
            rng.random_range(0..n),
            rng.random_range(0..n)
        ]));
        for _ in 0..rng.random_range(1..4) {
            let what = ["same_set", "same_root"][rng.random_range(0..2)];
            ops.push(json!([
                what,
                rng.random_range(0..n),
                rng.random_range(0..n)
            ]));
        }
    }
    ops.extend([json!(["len"]), json!(["is_empty"])]);
    set_script(n, ops)
}

fn finds(range: std::ops::Range<usize>) -> Vec<Value> {
    range.map(|x| json!(["find", x])).collect()
}

pub(super) fn rank_input(inputs: &Inputs) -> anyhow::Result<Value> {
    // The handout's tie rule, then a lower tree going under a higher one.
    let mut four = vec![
        json!(["union", 0, 1]),
        json!(["find", 1]),
        json!(["find", 0]),
    ];
    four.extend([json!(["union", 2, 0]), json!(["find", 2])]);
    four.extend([json!(["union", 3, 2]), json!(["find", 3])]);
    // Ties decided by the order of the arguments, both ways round.
    let mut six = vec![json!(["union", 1, 0]), json!(["find", 0])];
    six.extend([json!(["union", 2, 3]), json!(["find", 3])]);
    six.extend([json!(["union", 3, 1])]);
    six.extend(finds(0..4));
    six.extend([json!(["union", 4, 5]), json!(["union", 5, 0])]);
    six.extend(finds(0..6));
    // Random unions, every root checked now and then.
    let mut rng = inputs.rng();
    let n = 24;
    let mut random = Vec::new();
    for round in 0..6 {
        for _ in 0..(4 + round) {
            random.push(json!([
                "union",
                rng.random_range(0..n),
                rng.random_range(0..n)
            ]));
        }
        random.extend(finds(0..n));
    }
    Ok(json!({ "scripts": [set_script(4, four), set_script(6, six), set_script(n, random)] }))
}

/// One script's results, checked against the script the grader sent.
#[derive(Deserialize)]
pub(super) struct SetScript {
    pub(super) n: usize,
    pub(super) ops: Vec<Value>,
}

fn set_scripts(case: &Case) -> Result<(Vec<SetScript>, Vec<Vec<Value>>), Verdict> {
    #[derive(Deserialize)]
    struct Input {
        scripts: Vec<SetScript>,
    }
    let input: Input = case.input()?;
    let got: Vec<Vec<Value>> = case.output_list(input.scripts.len())?;
    if let Some((script, results)) = input
        .scripts
        .iter()
        .zip(&got)
        .find(|(script, results)| script.ops.len() != results.len())
    {
        return Err(Verdict::fail(format!(
            "the probe reported {} results for a script of {} operations",
            results.len(),
            script.ops.len()
        )));
    }
    Ok((input.scripts, got))
}

pub(super) fn op_name(op: &Value) -> &str {
    op.get(0).and_then(Value::as_str).unwrap_or("?")
}

fn op_arg(op: &Value, i: usize) -> Option<usize> {
    op.get(i)
        .and_then(Value::as_u64)
        .and_then(|a| usize::try_from(a).ok())
}

/// A disjoint-set script compared with the reference's results, the first
/// difference in words; `rule` says what decides a `find`.
fn set_problem(script: &SetScript, got: &[Value], want: &[Value], rule: &str) -> Option<String> {
    let mut calls = vec![format!("DisjointSet::new({})", script.n)];
    for ((op, got), want) in script.ops.iter().zip(got).zip(want) {
        let this = call(op, "DisjointSet");
        let name = op_name(op);
        let before = so_far(&calls);
        if ["union", "find", "chain"].contains(&name) {
            calls.push(this.clone());
        }
        if got == want {
            continue;
        }
        let (g, w) = (short(got), short(want));
        let arg = |i: usize| op.get(i).map(short).unwrap_or_default();
        let (a, b) = (arg(1), arg(2));
        return Some(match name {
            "union" => format!(
                "{before}, then union({a}, {b}) returned {g}, expected {w}: it returns true when it joined two different sets, false (changing nothing) when they were one already"
            ),
            "same_root" => format!(
                "{before}, then find({a}) == find({b}) is {g}, expected {w}: the elements of one set lead to one root"
            ),
            "find" => format!("{before}, then find({a}) gave {g}, expected {w}{rule}"),
            "chain" => format!(
                "{before}, then joining {a}–{}, …, {}–{} one pair at a time made {g} joins, expected {w}",
                op_arg(op, 1).map_or(0, |x| x + 1),
                op_arg(op, 2).map_or(0, |x| x.saturating_sub(2)),
                op_arg(op, 2).map_or(0, |x| x.saturating_sub(1)),
            ),
            _ => format!("{before}, then {this} gave {g}, expected {w}"),
        });
    }
    None
}

fn set_verdict(case: &Case, rule: &str, summary: &str) -> Judged {
    let (scripts, got) = set_scripts(case)?;
    let want: Vec<Vec<Value>> = case.expected()?;
    if want.len() != scripts.len()
        || scripts
            .iter()
            .zip(&want)
            .any(|(script, want)| script.ops.len() != want.len())
    {
        return Err(Verdict::grader_error(
            "the blessed results do not match the input: run `grader bless`",
        ));
    }
    for ((script, got), want) in scripts.iter().zip(&got).zip(&want) {
        if let Some(problem) = set_problem(script, got, want, rule) {
            return Ok(Verdict::fail(problem));
        }
    }
    Ok(Verdict::pass(summary))
}

pub(super) fn rat_disjoint_set(case: &Case) -> Judged {
    set_verdict(
        case,
        "",
        "union, find, same_set and len keep the right sets; 20 000 unions in a chain join the ends",
    )
}

pub(super) fn rat_disjoint_set_rank(case: &Case) -> Judged {
    set_verdict(
        case,
        ": union hangs the root of lower rank under the other; on a tie, b's root goes under a's root, whose rank grows by one (after union(0, 1) on fresh sets, find(1) is 0)",
        "find gives the roots union by rank and the tie rule make",
    )
}

pub(super) fn compression_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let debug = || json!(["debug"]);
    let watched = |op: Value| vec![debug(), op, debug()];
    // A tall tree: pairs, pairs of pairs, then halves (each a tie).
    let tall = |n: usize| {
        let mut pairs = Vec::new();
        let mut width = 1;
        while width < n {
            let mut a = 0;
            while a + width < n {
                pairs.push((a, a + width));
                a += 2 * width;
            }
            width *= 2;
        }
        pairs
    };
    let mut eight = vec![debug()];
    eight.extend(unions(&tall(8)));
    eight.extend(watched(json!(["find", 7])));
    eight.extend(watched(json!(["find", 7])));
    eight.extend(watched(json!(["find", 5])));
    let mut nine = unions(&tall(8));
    nine.extend(watched(json!(["union", 7, 8])));
    nine.extend(watched(json!(["union", 5, 3])));
    let mut sixteen = Vec::new();
    for pair in unions(&tall(16)) {
        sixteen.extend(watched(pair));
    }
    sixteen.extend(watched(json!(["union", 15, 3])));
    sixteen.extend(watched(json!(["find", 11])));
    sixteen.extend(watched(json!(["find", 13])));
    // A tie of two pairs, joined through elements that are not their roots: b's
    // root, not b, goes under a's root.
    let mut pairs = unions(&[(0, 1), (2, 3)]);
    pairs.extend(watched(json!(["union", 1, 3])));
    let scripts = vec![
        set_script(8, eight),
        set_script(9, nine),
        set_script(16, sixteen),
        set_script(4, pairs),
    ];
    // New: a tall tree over eight elements drawn at random (so that a way up of
    // three steps is there to compress, whatever the course's secret draws), its
    // deepest element found, then random unions and finds; each call watched.
    let scripts = inputs.vary(scripts, |rng| {
        use rand::seq::SliceRandom as _;
        let n = rng.random_range(8..=20);
        let mut order: Vec<usize> = (0..n).collect();
        order.shuffle(rng);
        let mut ops = vec![debug()];
        let relabelled: Vec<(usize, usize)> =
            tall(8).iter().map(|&(a, b)| (order[a], order[b])).collect();
        ops.extend(unions(&relabelled));
        ops.extend(watched(json!(["find", order[7]])));
        for _ in 0..rng.random_range(n..2 * n) {
            let op = if rng.random_range(0..3) == 0 {
                json!(["find", rng.random_range(0..n)])
            } else {
                json!(["union", rng.random_range(0..n), rng.random_range(0..n)])
            };
            ops.extend(watched(op));
        }
        set_script(n, ops)
    });
    Ok(json!({ "scripts": scripts }))
}

/// The parents in the Debug text of a DisjointSet (`DisjointSet { parent: [0, 0, 2],
/// rank: [1, 0, 0] }`, provided code), each checked to be an element of `n`.
fn parents(text: &Value, n: usize) -> Result<Vec<usize>, String> {
    let unreadable = || {
        format!(
            "the Debug text of the DisjointSet, {}, does not show `parent: [...]` for {n} elements (keep the provided Debug impl)",
            short(text)
        )
    };
    let text = text
        .as_str()
        .filter(|t| t.len() <= 100_000)
        .ok_or_else(unreadable)?;
    let list = text
        .split_once("parent:")
        .and_then(|(_, rest)| rest.split_once('['))
        .and_then(|(_, rest)| rest.split_once(']'))
        .map(|(list, _)| list)
        .ok_or_else(unreadable)?;
    let parents: Vec<usize> = list
        .split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty())
        .map(str::parse)
        .collect::<Result<_, _>>()
        .map_err(|_| unreadable())?;
    if parents.len() != n {
        return Err(unreadable());
    }
    if let Some(x) = parents.iter().position(|&p| p >= n) {
        return Err(format!(
            "parent[{x}] is {}, not an element of the {n}",
            parents[x]
        ));
    }
    Ok(parents)
}

/// The way from `x` up to its root through `parent` (x first, the root last), or why
/// there is none.
fn way_up(parent: &[usize], x: usize) -> Result<Vec<usize>, String> {
    let mut way = vec![x];
    let mut at = x;
    while let Some(&up) = parent.get(at) {
        if up == at {
            return Ok(way);
        }
        if way.len() > parent.len() {
            return Err(format!(
                "the parents from {x} upwards go round in a loop and never reach a root"
            ));
        }
        way.push(up);
        at = up;
    }
    Err(format!("{x} is not an element"))
}

/// Why `after` is not `before` with every element on `ways` pointing straight at the
/// root of its way, if it is not. `what` names the call.
fn compression_problem(
    what: &str,
    before: &[usize],
    after: &[usize],
    ways: &[&[usize]],
) -> Option<String> {
    for way in ways {
        let Some(&root) = way.last() else { continue };
        for &y in &way[..way.len() - 1] {
            if after.get(y) != Some(&root) {
                let points = after.get(y).map_or("nowhere".to_owned(), usize::to_string);
                return Some(format!(
                    "{what} left {y}, on the way {} up to the root {root}, pointing at {points}: every element on the way must point straight at the root (path compression)",
                    ways_text(way)
                ));
            }
        }
    }
    let on_a_way = |y: usize| ways.iter().any(|way| way.contains(&y));
    (0..before.len())
        .find(|&y| !on_a_way(y) && before.get(y) != after.get(y))
        .map(|y| {
            format!(
                "{what} changed the parent of {y} from {} to {}, but {y} is not on the way up it walks",
                before.get(y).copied().unwrap_or(y),
                after.get(y).copied().unwrap_or(y)
            )
        })
}

fn ways_text(way: &[usize]) -> String {
    way.iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(" → ")
}

/// Checks one `find` or `union` against the parents before and after it; returns
/// the longest way up it walked.
fn watched_call(
    op: &Value,
    result: &Value,
    before: &[usize],
    after: &[usize],
    context: &str,
) -> Result<usize, String> {
    let this = call(op, "DisjointSet");
    let what = format!("after {context}, {this}");
    let arg = |i| op_arg(op, i).ok_or_else(|| "the grader's own script is unreadable".to_owned());
    match op_name(op) {
        "find" => {
            let x = arg(1)?;
            let way = way_up(before, x)?;
            let root = way.last().copied().unwrap_or(x);
            if result.as_u64().and_then(|r| usize::try_from(r).ok()) != Some(root) {
                return Err(format!(
                    "{what} returned {}, but the parents before it lead from {x} to the root {root}",
                    short(result)
                ));
            }
            match compression_problem(&what, before, after, &[&way]) {
                Some(problem) => Err(problem),
                None => Ok(way.len() - 1),
            }
        }
        "union" => {
            let (a, b) = (arg(1)?, arg(2)?);
            let (way_a, way_b) = (way_up(before, a)?, way_up(before, b)?);
            let (ra, rb) = (
                way_a.last().copied().unwrap_or(a),
                way_b.last().copied().unwrap_or(b),
            );
            let joined = ra != rb;
            if result.as_bool() != Some(joined) {
                return Err(format!(
                    "{what} returned {}, expected {joined}",
                    short(result)
                ));
            }
            // When two sets were joined, one root now points at the other.
            let moved: Vec<usize> = [ra, rb]
                .into_iter()
                .filter(|&r| after.get(r) != Some(&r))
                .collect();
            let new_root = match (joined, moved.as_slice()) {
                (false, []) => ra,
                (false, _) => {
                    return Err(format!(
                        "{what} joined nothing, yet changed the root {}",
                        moved[0]
                    ));
                }
                (true, &[r]) => {
                    let other = if r == ra { rb } else { ra };
                    if after.get(r) != Some(&other) {
                        return Err(format!(
                            "{what} hung the root {r} under {}, not under the other root {other}",
                            after.get(r).copied().unwrap_or(r)
                        ));
                    }
                    other
                }
                (true, []) => {
                    // An element that is not a root was hung under the other group's
                    // root (not under its own, as find's compression would).
                    let hung = (0..before.len()).find(|&y| {
                        let own = if way_a.contains(&y) { ra } else { rb };
                        before.get(y) != after.get(y)
                            && after
                                .get(y)
                                .is_some_and(|&p| (p == ra || p == rb) && p != own)
                    });
                    let how = match hung {
                        Some(y) => format!(
                            ": it hung {y}, which is not a root, under {}",
                            after.get(y).copied().unwrap_or(y)
                        ),
                        None => String::new(),
                    };
                    return Err(format!(
                        "{what} returned true, but neither root, {ra} nor {rb}, was hung under the other{how}, so the group it made has two roots: union joins the roots, hanging one root under the other (on a tie b's root under a's root), so that every group has one root"
                    ));
                }
                (true, _) => {
                    return Err(format!(
                        "{what} returned true, but both roots {ra} and {rb} were moved: union hangs exactly one root under the other"
                    ));
                }
            };
            for (way, own) in [(&way_a, ra), (&way_b, rb)] {
                for &y in &way[..way.len() - 1] {
                    let points = after.get(y).copied();
                    if points != Some(own) && points != Some(new_root) {
                        return Err(format!(
                            "{what} left {y}, on the way {} up to the root {own}, pointing at {}: union must find both roots with find, which points every element on the way straight at the root (path compression)",
                            ways_text(way),
                            points.map_or("nowhere".to_owned(), |p| p.to_string())
                        ));
                    }
                }
            }
            let on_a_way = |y: usize| way_a.contains(&y) || way_b.contains(&y);
            if let Some(y) =
                (0..before.len()).find(|&y| !on_a_way(y) && before.get(y) != after.get(y))
            {
                return Err(format!(
                    "{what} changed the parent of {y}, which is on neither way up it walks"
                ));
            }
            Ok((way_a.len() - 1).max(way_b.len() - 1))
        }
        other => Err(format!("the grader's own script has no watched {other}")),
    }
}

pub(super) fn rat_disjoint_set_compression(case: &Case) -> Judged {
    let (scripts, got) = set_scripts(case)?;
    let mut longest = 0;
    let mut watched = 0;
    for (script, results) in scripts.iter().zip(&got) {
        let n = script.n;
        let mut calls = vec![format!("DisjointSet::new({n})")];
        let mut before: Option<Vec<usize>> = None;
        for (i, (op, result)) in script.ops.iter().zip(results).enumerate() {
            if op_name(op) != "debug" {
                calls.push(call(op, "DisjointSet"));
                continue;
            }
            let context = so_far(&calls[..calls.len().saturating_sub(1)]);
            let after = parents(result, n)
                .map_err(|problem| Verdict::fail(format!("after {}: {problem}", so_far(&calls))))?;
            if i == 0 && after.iter().enumerate().any(|(x, &p)| x != p) {
                return Ok(Verdict::fail(format!(
                    "DisjointSet::new({n}) has parents {after:?}: every element starts as its own root"
                )));
            }
            let previous = i.checked_sub(1).and_then(|j| script.ops.get(j));
            let is_watched = previous.is_some_and(|op| ["find", "union"].contains(&op_name(op)))
                && i >= 2
                && script
                    .ops
                    .get(i - 2)
                    .is_some_and(|op| op_name(op) == "debug");
            if let (true, Some(before), Some(op)) = (is_watched, &before, previous) {
                let result = results.get(i - 1).unwrap_or(&Value::Null);
                let walked =
                    watched_call(op, result, before, &after, &context).map_err(Verdict::fail)?;
                longest = longest.max(walked);
                watched += 1;
            }
            before = Some(after);
        }
    }
    if longest < 2 {
        return Ok(Verdict::fail(format!(
            "in {watched} watched calls of find and union no way up to a root was longer than one step, so path compression could not be seen: union must hang one root under the other by rank (§7.3), which builds taller trees"
        )));
    }
    Ok(Verdict::pass(format!(
        "find, and union through find, point every element on the way up straight at the root ({watched} calls watched, ways up to {longest} steps)"
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_debug_text_of_a_disjoint_set_gives_its_parents() {
        let text = json!("DisjointSet { parent: [0, 0, 2], rank: [1, 0, 0] }");
        assert_eq!(parents(&text, 3), Ok(vec![0, 0, 2]));
        assert!(parents(&text, 4).is_err());
        assert!(parents(&json!("DisjointSet { parent: [0, 7, 2] }"), 3).is_err());
        assert!(parents(&json!(17), 3).is_err());
        assert!(parents(&json!("parent: [0, -1, 2]"), 3).is_err());
    }

    #[test]
    fn a_loop_of_parents_has_no_way_up() {
        assert_eq!(way_up(&[0, 0, 1], 2), Ok(vec![2, 1, 0]));
        assert!(way_up(&[1, 2, 0], 0).is_err());
        assert!(way_up(&[0, 5], 1).is_err());
    }

    #[test]
    fn a_find_that_does_not_compress_is_named() {
        let before = [0, 0, 1, 2];
        let find = json!(["find", 3]);
        let compressed = [0, 0, 0, 0];
        assert_eq!(
            watched_call(&find, &json!(0), &before, &compressed, "x"),
            Ok(3)
        );
        let lazy = watched_call(&find, &json!(0), &before, &before, "x").unwrap_err();
        assert!(lazy.contains("path compression"), "{lazy}");
        let halving = [0, 0, 0, 1];
        assert!(watched_call(&find, &json!(0), &before, &halving, "x").is_err());
        let wrong_root = watched_call(&find, &json!(3), &before, &compressed, "x").unwrap_err();
        assert!(wrong_root.contains("returned 3"), "{wrong_root}");
    }

    #[test]
    fn a_union_must_compress_both_ways_up() {
        // 0 ← 1 ← 2 and 3 ← 4 ← 5; union(2, 5) with 3 going under 0.
        let before = [0, 0, 1, 3, 3, 4];
        let union = json!(["union", 2, 5]);
        let good = [0, 0, 0, 0, 3, 3];
        assert!(watched_call(&union, &json!(true), &before, &good, "x").is_ok());
        // Pointing at the new root after the link is fine too.
        let also_good = [0, 0, 0, 0, 3, 0];
        assert!(watched_call(&union, &json!(true), &before, &also_good, "x").is_ok());
        let not_a_root = [0, 0, 1, 3, 3, 0];
        let two_roots = watched_call(&union, &json!(true), &before, &not_a_root, "x").unwrap_err();
        assert!(
            two_roots.contains(
                "it hung 5, which is not a root, under 0, so the group it made has two roots"
            ),
            "{two_roots}"
        );
        let no_find = [0, 0, 1, 0, 3, 4];
        assert!(watched_call(&union, &json!(true), &before, &no_find, "x").is_err());
        assert!(watched_call(&union, &json!(false), &before, &good, "x").is_err());
    }
}
