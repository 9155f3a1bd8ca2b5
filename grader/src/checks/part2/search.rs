//! §7.6: the checks of breadth-first and depth-first search (visit order and path),
//! on the sample file and the kit's fixtures; the hidden checks reuse them.

use super::*;

pub(in crate::checks) fn search_input(search: &str, mazes: &[GivenMaze]) -> Value {
    json!({ "search": search, "mazes": mazes_value(mazes) })
}

pub(super) fn sample(inputs: &Inputs) -> anyhow::Result<Vec<GivenMaze>> {
    let sample = parse_rat_file("sample.txt", &inputs.fixture("rat/sample.txt")?)?;
    Ok(inputs.vary(vec![sample], private_maze))
}

pub(super) fn bfs_sample_input(inputs: &Inputs) -> anyhow::Result<Value> {
    Ok(search_input("bfs", &sample(inputs)?))
}

pub(super) fn dfs_sample_input(inputs: &Inputs) -> anyhow::Result<Value> {
    Ok(search_input("dfs", &sample(inputs)?))
}

pub(super) fn bfs_fixtures_input(inputs: &Inputs) -> anyhow::Result<Value> {
    Ok(search_input(
        "bfs",
        &unreachable_first(fixture_mazes(inputs)?),
    ))
}

pub(super) fn dfs_fixtures_input(inputs: &Inputs) -> anyhow::Result<Value> {
    Ok(search_input(
        "dfs",
        &unreachable_first(fixture_mazes(inputs)?),
    ))
}

/// `mazes` with those whose goal cannot be reached from room 0 first. A search that
/// takes a room out twice (room 0, when it is not marked as it is put in) may leave
/// a loop in found_from, which a path followed back from the goal walks until memory
/// runs out; where the goal cannot be reached no path is built, so the search ends
/// and shows the room it took out twice, and the probe searches no further maze.
fn unreachable_first(mut mazes: Vec<GivenMaze>) -> Vec<GivenMaze> {
    let reachable = |maze: &GivenMaze| {
        Rooms::checked(maze.n, &maze.open).is_ok_and(|rooms| {
            let (group, _) = rooms.groups();
            group.first() == group.last()
        })
    };
    mazes.sort_by_key(reachable);
    mazes
}

#[derive(Deserialize)]
struct SearchResult {
    #[serde(default)]
    pub(super) visited: Vec<usize>,
    #[serde(default)]
    pub(super) path: Vec<usize>,
    /// Set by the probe for a maze it did not search, after a search that took a
    /// room out twice.
    #[serde(default)]
    pub(super) skipped: bool,
}

/// The first room a search took out a second time: its place in `visited`, and the
/// room.
fn taken_twice(visited: &[usize]) -> Option<(usize, usize)> {
    let mut seen = std::collections::HashSet::new();
    visited
        .iter()
        .enumerate()
        .find(|&(_, &room)| !seen.insert(room))
        .map(|(at, &room)| (at, room))
}

/// The rat maze with the rooms each search took out, up to and including the
/// `at`-th (the first that differs, circled on the student's side), and the paths.
fn search_picture(maze: &GivenMaze, want: &SearchResult, got: &SearchResult, at: usize) -> String {
    use crate::checks::picture::{
        Drawing, first_wrong, rat_grid, rat_side, room_cell, side_by_side,
    };
    let Some(grid) = rat_grid(maze.n, &maze.open) else {
        return String::new();
    };
    let cells = |rooms: &[usize]| -> Vec<(i32, i32)> {
        rooms.iter().map(|&room| room_cell(maze.n, room)).collect()
    };
    let side = |result: &SearchResult| Drawing {
        path: cells(&result.path),
        shaded: cells(&result.visited[..result.visited.len().min(at + 1)]),
        ..rat_side(&grid)
    };
    let mark = match got.visited.get(at) {
        Some(&room) => Some(room_cell(maze.n, room)),
        None => first_wrong(&cells(&want.path), &cells(&got.path)),
    };
    side_by_side(&side(want), &Drawing { mark, ..side(got) })
}

pub(in crate::checks) fn rat_search(case: &Case) -> Judged {
    #[derive(Deserialize)]
    struct Input {
        search: String,
        mazes: Vec<GivenMaze>,
    }
    let input: Input = case.input()?;
    let (name, container) = match input.search.as_str() {
        "bfs" => ("BFS", "Queue"),
        _ => ("DFS", "Stack"),
    };
    let got: Vec<SearchResult> = case.output_list(input.mazes.len())?;
    let want: Vec<SearchResult> = case.expected()?;
    if want.len() != input.mazes.len() {
        return Err(Verdict::grader_error(
            "the blessed results do not match the input: run `grader bless`",
        ));
    }
    for ((maze, got), want) in input.mazes.iter().zip(&got).zip(&want) {
        if got.skipped {
            return Ok(Verdict::fail(format!(
                "{}: not searched, after a search that took a room out twice (mark a room when it goes into the {container})",
                maze.name
            )));
        }
        if let Some(at) = first_difference(&got.visited, &want.visited) {
            let label = format!("Rooms visited by {name}");
            let twice = taken_twice(&got.visited).filter(|&(again, _)| again <= at);
            let which = if let Some((again, room)) = twice {
                let start = if room == 0 {
                    ": room 0 too must be marked when it is put in, at the start, or its neighbours put it in again"
                } else {
                    ""
                };
                format!(
                    "the {} room taken out is {room} a second time: a room is put in at most once, because it is marked when it goes into the {container}{start}",
                    ordinal(again + 1)
                )
            } else if at < got.visited.len() && at < want.visited.len() {
                format!(
                    "the {} room taken out is {}, expected {}",
                    ordinal(at + 1),
                    got.visited[at],
                    want.visited[at]
                )
            } else if at >= got.visited.len() {
                format!(
                    "it stopped after {} rooms, expected {}",
                    got.visited.len(),
                    want.visited.len()
                )
            } else {
                format!("it went on after the {} rooms expected", want.visited.len())
            };
            return Ok(Verdict::fail_with_diff(
                format!(
                    "{}: {name} visited the rooms in another order: {which} (take neighbours N, S, E, W; mark a room when it goes into the {container}; stop when the goal comes out)",
                    maze.name
                ),
                &rooms_text(&label, &want.visited),
                &rooms_text(&label, &got.visited),
            )
            .with_picture(search_picture(maze, want, got, at))
            // The first room out of order tells one misreading of §7.6 from another.
            .with_mistake(Mistake::new("visit order", format!("{}: {which}", maze.name))));
        }
        if got.path != want.path {
            let problem = match (got.path.is_empty(), want.path.is_empty()) {
                (true, false) => "its path is empty although the goal was reached: follow found_from back from the goal to room 0".to_owned(),
                (false, true) => "it returned a path although the goal cannot be reached: the path is empty then".to_owned(),
                _ => match found_later(&want.visited, &want.path, &got.path) {
                    Some((room, theirs, first)) => format!(
                        "the path differs: it reaches room {room} from room {theirs}, but room {first} found it first ({first} was taken out of the {container} before {theirs}): mark a room when it goes into the {container}, and set its found_from then, so that no room taken out later finds it again"
                    ),
                    None => "the path differs: follow found_from back from the goal to room 0, then reverse it so it runs from 0 to the goal".to_owned(),
                },
            };
            let label = "This is the path (in reverse)";
            let reversed = |path: &[usize]| path.iter().rev().copied().collect::<Vec<_>>();
            return Ok(Verdict::fail_with_diff(
                format!(
                    "{}: {name} visited the right rooms, but {problem}",
                    maze.name
                ),
                &rooms_text(label, &reversed(&want.path)),
                &rooms_text(label, &reversed(&got.path)),
            )
            .with_picture(search_picture(maze, want, got, want.visited.len()))
            .with_mistake(Mistake::new("path", problem)));
        }
    }
    Ok(Verdict::pass(format!(
        "{name} visit orders and paths are exact on {} mazes",
        input.mazes.len()
    )))
}

/// Where a path goes back through a room that found its room later than the
/// reference's did, the mark of a search that marks rooms when they come out (a room
/// found again by a later room gets that room as its found_from): walking both paths
/// back from the goal, the first room whose predecessor differs, the student's
/// predecessor and the reference's, when the student's was taken out later.
fn found_later(visited: &[usize], want: &[usize], got: &[usize]) -> Option<(usize, usize, usize)> {
    let taken = |room: usize| visited.iter().position(|&r| r == room);
    let (want, got): (Vec<usize>, Vec<usize>) = (
        want.iter().rev().copied().collect(),
        got.iter().rev().copied().collect(),
    );
    let at = want.iter().zip(&got).position(|(a, b)| a != b)?;
    let room = *want.get(at.checked_sub(1)?)?;
    let (first, theirs) = (want[at], got[at]);
    (taken(theirs)? > taken(first)?).then_some((room, theirs, first))
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::checks::Inputs;

    #[test]
    fn a_path_to_a_goal_that_cannot_be_reached_is_said_in_one_clause() {
        let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures");
        let input = bfs_sample_input(&Inputs {
            fixtures: &fixtures,
            check: "rat_bfs_sample",
            secret: None,
        })
        .unwrap();
        let want = json!([{ "visited": [0, 5], "path": [] }]);
        let got = json!([{ "visited": [0, 5], "path": [0, 5] }]);
        let verdict = rat_search(&Case {
            input: &input,
            output: &got,
            expected: Some(&want),
        })
        .unwrap_or_else(|verdict| verdict);
        assert!(
            verdict.message.ends_with(
                "BFS visited the right rooms, but it returned a path although the goal cannot be reached: the path is empty then"
            ),
            "{}",
            verdict.message
        );
    }

    #[test]
    fn a_room_taken_out_twice_is_named_room_0_with_its_mark() {
        assert_eq!(taken_twice(&[0, 1, 0, 2]), Some((2, 0)));
        assert_eq!(taken_twice(&[0, 1, 2]), None);
        let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures");
        let input = dfs_sample_input(&Inputs {
            fixtures: &fixtures,
            check: "rat_dfs_sample",
            secret: None,
        })
        .unwrap();
        let want = json!([{ "visited": [0, 5, 10], "path": [] }]);
        let got = json!([{ "visited": [0, 5, 0, 10], "path": [] }]);
        let verdict = rat_search(&Case {
            input: &input,
            output: &got,
            expected: Some(&want),
        })
        .unwrap_or_else(|verdict| verdict);
        assert!(
            verdict.message.contains(
                "the 3rd room taken out is 0 a second time: a room is put in at most once, because it is marked when it goes into the Stack: room 0 too must be marked when it is put in, at the start"
            ),
            "{}",
            verdict.message
        );
    }

    #[test]
    fn mazes_whose_goal_cannot_be_reached_are_searched_first() {
        let maze = |name: &str, open: Vec<u8>| GivenMaze {
            name: name.to_owned(),
            n: 2,
            open,
        };
        let joined = maze("joined", vec![NORTH | SOUTH, 0, NORTH | EAST, SOUTH | WEST]);
        let apart = maze("apart", vec![NORTH, 0, 0, SOUTH]);
        let names: Vec<String> = unreachable_first(vec![joined, apart])
            .into_iter()
            .map(|maze| maze.name)
            .collect();
        assert_eq!(names, ["apart", "joined"]);
    }
}
