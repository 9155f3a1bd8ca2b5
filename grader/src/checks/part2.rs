//! Judges of the Part 2 checks (rat in a maze). Visit orders and paths are checked
//! against the grader's own breadth- and depth-first searches, written from the
//! source's rules: neighbours in N, S, E, W order, a room marked visited when it is
//! put in, the search over when the goal is taken out.

use std::collections::VecDeque;

use serde::Deserialize;
use serde_json::Value;

use super::model::{CARDINALS, EAST, NORTH, SOUTH, WEST, direction_name, opposite};
use super::{Judge, Verdict, judged, read};

/// The Part 2 checks, by name.
pub const CHECKS: &[(&str, Judge)] = &[
    ("rat_stack", Judge::Rule(rat_stack)),
    ("rat_queue", Judge::Rule(rat_queue)),
    ("rat_disjoint_set", Judge::Rule(rat_disjoint_set)),
    ("rat_maze_rooms", Judge::Rule(rat_maze_rooms)),
    (
        "rat_neighbors_one_sided",
        Judge::Rule(rat_neighbors_one_sided),
    ),
    ("rat_read_fixtures", Judge::Snapshot(render_fixtures)),
    (
        "rat_write_read_identity",
        Judge::Rule(rat_write_read_identity),
    ),
    ("rat_invalid_files", Judge::Rule(rat_invalid_files)),
    ("rat_bfs_sample", Judge::Snapshot(render_searches)),
    ("rat_dfs_sample", Judge::Snapshot(render_searches)),
    ("rat_bfs_fixtures", Judge::Rule(rat_bfs_fixtures)),
    ("rat_dfs_fixtures", Judge::Rule(rat_dfs_fixtures)),
    ("rat_generate_joins", Judge::Rule(rat_generate_joins)),
    ("rat_generate_perfect", Judge::Rule(rat_generate_perfect)),
];

/// A rat maze as reported: size and the open doors of each room.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct RatGrid {
    n: usize,
    open: Vec<u8>,
}

impl RatGrid {
    fn rooms(&self) -> usize {
        self.n * self.n
    }

    fn neighbor(&self, room: usize, d: u8) -> Option<usize> {
        let (row, col) = (room / self.n, room % self.n);
        match d {
            NORTH if row > 0 => Some(room - self.n),
            SOUTH if row + 1 < self.n => Some(room + self.n),
            EAST if col + 1 < self.n => Some(room + 1),
            WEST if col > 0 => Some(room - 1),
            _ => None,
        }
    }

    fn door(&self, room: usize, d: u8) -> bool {
        self.open.get(room).is_some_and(|bits| bits & d != 0)
    }

    /// Rooms joined to `room` (both doors open), in N, S, E, W order.
    fn neighbors(&self, room: usize) -> Vec<usize> {
        self.passages(room).map(|(_, to)| to).collect()
    }

    fn passage_bits(&self, room: usize) -> u8 {
        self.passages(room).map(|(d, _)| d).sum()
    }

    /// The passages out of `room` (both facing doors open), in N, S, E, W order.
    fn passages(&self, room: usize) -> impl Iterator<Item = (u8, usize)> + '_ {
        CARDINALS.into_iter().filter_map(move |d| {
            self.neighbor(room, d)
                .filter(|&to| self.door(room, d) && self.door(to, opposite(d)))
                .map(|to| (d, to))
        })
    }

    /// BFS (`depth_first` false) or DFS (true) by the source's rules: visited order
    /// and the path from 0 to the goal (empty when unreachable).
    fn search(&self, depth_first: bool) -> (Vec<usize>, Vec<usize>) {
        let goal = self.rooms() - 1;
        let mut seen = vec![false; self.rooms()];
        let mut parent = vec![None; self.rooms()];
        let mut pending = VecDeque::from([0]);
        seen[0] = true;
        let mut visited = Vec::new();
        while let Some(room) = if depth_first {
            pending.pop_back()
        } else {
            pending.pop_front()
        } {
            visited.push(room);
            if room == goal {
                let mut path = vec![goal];
                while let Some(previous) = parent[*path.last().unwrap_or(&0)] {
                    path.push(previous);
                }
                path.reverse();
                return (visited, path);
            }
            for next in self.neighbors(room) {
                if !seen[next] {
                    seen[next] = true;
                    parent[next] = Some(room);
                    pending.push_back(next);
                }
            }
        }
        (visited, Vec::new())
    }

    /// Rooms reachable from `from` through passages.
    fn component(&self, from: usize) -> Vec<usize> {
        let mut seen = vec![false; self.rooms()];
        let mut queue = VecDeque::from([from]);
        seen[from] = true;
        let mut rooms = vec![from];
        while let Some(room) = queue.pop_front() {
            for next in self.neighbors(room) {
                if !seen[next] {
                    seen[next] = true;
                    rooms.push(next);
                    queue.push_back(next);
                }
            }
        }
        rooms
    }

    /// Why this maze's doors break the rules every maze keeps, if they do: in and out
    /// open, every other border door closed, every door matched by its neighbour.
    fn door_problem(&self) -> Option<String> {
        if self.open.len() != self.rooms() {
            return Some(format!(
                "{} rooms reported for n = {}",
                self.open.len(),
                self.n
            ));
        }
        if !self.door(0, NORTH) {
            return Some("room 0's north door (the way in) is closed".to_owned());
        }
        if !self.door(self.rooms() - 1, SOUTH) {
            return Some(format!(
                "room {}'s south door (the way out) is closed",
                self.rooms() - 1
            ));
        }
        for room in 0..self.rooms() {
            for d in CARDINALS {
                let way_in_or_out =
                    (room == 0 && d == NORTH) || (room == self.rooms() - 1 && d == SOUTH);
                match self.neighbor(room, d) {
                    None if self.door(room, d) && !way_in_or_out => {
                        return Some(format!(
                            "room {room}'s {} door leads out of the maze",
                            direction_name(d).to_lowercase()
                        ));
                    }
                    Some(to) if self.door(room, d) != self.door(to, opposite(d)) => {
                        return Some(format!(
                            "the door between rooms {room} and {to} is open on one side only"
                        ));
                    }
                    _ => {}
                }
            }
        }
        None
    }

    fn passage_count(&self) -> usize {
        (0..self.rooms())
            .map(|r| self.neighbors(r).len())
            .sum::<usize>()
            / 2
    }

    fn render(&self) -> String {
        self.open
            .chunks(self.n.max(1))
            .map(|row| {
                row.iter()
                    .map(|bits| format!("{bits:x}"))
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

#[derive(Deserialize)]
struct Steps {
    steps: Vec<Vec<Value>>,
}

/// Compares the probe's steps with the steps a correct structure gives.
fn steps_verdict(
    what: &str,
    got: &[Vec<Value>],
    expected: &[Vec<Value>],
    summary: &str,
) -> Verdict {
    let describe = |step: &[Value]| {
        step.iter()
            .map(Value::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    for (i, (g, e)) in got.iter().zip(expected).enumerate() {
        if g != e {
            return Verdict::fail(format!(
                "{what} step {} [operation, item, len, top/front]: got [{}], expected [{}]",
                i + 1,
                describe(g),
                describe(e)
            ));
        }
    }
    if got.len() != expected.len() {
        return Verdict::fail(format!(
            "{what}: the probe reported {} steps, expected {}",
            got.len(),
            expected.len()
        ));
    }
    Verdict::pass(summary)
}

fn rat_stack(data: &Value) -> Verdict {
    #[derive(Deserialize)]
    struct Report {
        #[serde(flatten)]
        steps: Steps,
        drained_10000_in_reverse: bool,
    }
    judged(data, |r: Report| {
        let mut model: Vec<u32> = Vec::new();
        let top = |m: &Vec<u32>| Value::from(m.last().copied());
        let mut expected = vec![vec!["new".into(), 0.into(), true.into(), Value::Null]];
        for item in 1..=5 {
            model.push(item);
            expected.push(vec![
                "push".into(),
                item.into(),
                model.len().into(),
                top(&model),
            ]);
        }
        for _ in 0..2 {
            let popped = model.pop();
            expected.push(vec![
                "pop".into(),
                popped.into(),
                model.len().into(),
                top(&model),
            ]);
        }
        model.push(6);
        expected.push(vec![
            "push".into(),
            6.into(),
            model.len().into(),
            top(&model),
        ]);
        for _ in 0..6 {
            let popped = model.pop();
            expected.push(vec![
                "pop".into(),
                popped.into(),
                model.len().into(),
                model.is_empty().into(),
            ]);
        }
        let verdict = steps_verdict(
            "Stack",
            &r.steps.steps,
            &expected,
            "push, pop, peek, len and is_empty behave; 10 000 items come back in reverse",
        );
        if verdict.passed && !r.drained_10000_in_reverse {
            return Verdict::fail(
                "10 000 items pushed onto a Stack did not pop off in reverse order",
            );
        }
        verdict
    })
}

fn rat_queue(data: &Value) -> Verdict {
    #[derive(Deserialize)]
    struct Report {
        #[serde(flatten)]
        steps: Steps,
        interleaved_in_order: bool,
        interleaved_count: usize,
    }
    judged(data, |r: Report| {
        let mut model: VecDeque<u32> = VecDeque::new();
        let front = |m: &VecDeque<u32>| Value::from(m.front().copied());
        let mut expected = vec![vec!["new".into(), 0.into(), true.into(), Value::Null]];
        let script: [(&str, u32); 14] = [
            ("enqueue", 1),
            ("enqueue", 2),
            ("dequeue", 0),
            ("enqueue", 3),
            ("dequeue", 0),
            ("enqueue", 4),
            ("enqueue", 5),
            ("enqueue", 6),
            ("dequeue", 0),
            ("enqueue", 7),
            ("dequeue", 0),
            ("dequeue", 0),
            ("dequeue", 0),
            ("dequeue", 0),
        ];
        for (op, item) in script {
            if op == "enqueue" {
                model.push_back(item);
                expected.push(vec![
                    "enqueue".into(),
                    item.into(),
                    model.len().into(),
                    front(&model),
                ]);
            } else {
                let taken = model.pop_front();
                expected.push(vec![
                    "dequeue".into(),
                    taken.into(),
                    model.len().into(),
                    front(&model),
                ]);
            }
        }
        let extra = model.pop_front();
        expected.push(vec![
            "dequeue".into(),
            extra.into(),
            model.len().into(),
            model.is_empty().into(),
        ]);
        let verdict = steps_verdict(
            "Queue (starting with 2 slots, so it wraps around and then grows)",
            &r.steps.steps,
            &expected,
            "first in, first out through wrap-around and growth; 3 000 interleaved items in order",
        );
        if verdict.passed && !(r.interleaved_in_order && r.interleaved_count == 3_000) {
            return Verdict::fail(format!(
                "3 000 items enqueued two at a time and dequeued one at a time came out {} ({} of them): growing while wrapped must keep the order",
                if r.interleaved_in_order {
                    "in order"
                } else {
                    "out of order"
                },
                r.interleaved_count
            ));
        }
        verdict
    })
}

fn rat_disjoint_set(data: &Value) -> Verdict {
    #[derive(Deserialize)]
    struct Report {
        len: usize,
        unions: Vec<(usize, usize, bool)>,
        pairs: Vec<(usize, usize, bool, bool)>,
        chain_joined: bool,
        chain_len: usize,
    }
    judged(data, |r: Report| {
        let mut sets: Vec<usize> = (0..12).collect();
        let root = |sets: &Vec<usize>, x: usize| sets[x];
        for &(a, b, joined) in &r.unions {
            let (ra, rb) = (root(&sets, a), root(&sets, b));
            if joined != (ra != rb) {
                return Verdict::fail(format!(
                    "union({a}, {b}) returned {joined}, expected {}: it returns whether two different sets were joined",
                    ra != rb
                ));
            }
            for s in sets.iter_mut() {
                if *s == rb {
                    *s = ra;
                }
            }
        }
        for &(a, b, same, same_root) in &r.pairs {
            let expected = sets[a] == sets[b];
            if same != expected {
                return Verdict::fail(format!(
                    "same_set({a}, {b}) gave {same}, expected {expected}"
                ));
            }
            if same_root != expected {
                return Verdict::fail(format!(
                    "find({a}) == find({b}) is {same_root}, but {a} and {b} are {}in the same set",
                    if expected { "" } else { "not " }
                ));
            }
        }
        if r.len != 12 || r.chain_len != 20_000 {
            return Verdict::fail(format!(
                "len() gave {} and {}, expected 12 and 20000",
                r.len, r.chain_len
            ));
        }
        if !r.chain_joined {
            return Verdict::fail(
                "after joining 0–1, 1–2, … 19 998–19 999, rooms 0 and 19 999 are not in the same set",
            );
        }
        Verdict::pass("union, find and same_set keep the right partition")
    })
}

fn rat_maze_rooms(data: &Value) -> Verdict {
    #[derive(Deserialize)]
    struct SizeResult {
        n: usize,
        ok: Option<NewMaze>,
        err: Option<String>,
    }
    #[derive(Deserialize)]
    struct NewMaze {
        size: usize,
        rooms: usize,
        maze: RatGrid,
    }
    #[derive(Deserialize)]
    struct Report {
        sizes: Vec<SizeResult>,
        neighbor_3x3: Vec<Vec<Option<usize>>>,
        passage_one_sided: [bool; 2],
        passage_both_open: [bool; 2],
        passage_closed_again: [bool; 2],
        open_between_1_4: bool,
        open_between_0_8: bool,
        open_between_2_3: bool,
        after_open_between: RatGrid,
    }
    judged(data, |r: Report| {
        for s in &r.sizes {
            let valid = (1..=1000).contains(&s.n);
            match (&s.ok, &s.err, valid) {
                (Some(_), _, false) => {
                    return Verdict::fail(format!(
                        "RatMaze::new({}) was accepted; sizes outside 1..=MAX_SIZE must be an Err",
                        s.n
                    ));
                }
                (None, Some(err), true) => {
                    return Verdict::fail(format!("RatMaze::new({}) was refused: {err}", s.n));
                }
                (Some(m), _, true) => {
                    if m.size != s.n || m.rooms != s.n * s.n {
                        return Verdict::fail(format!(
                            "RatMaze::new({}) has size {} and {} rooms",
                            s.n, m.size, m.rooms
                        ));
                    }
                    let mut expected = vec![0u8; s.n * s.n];
                    expected[0] |= NORTH;
                    expected[s.n * s.n - 1] |= SOUTH;
                    if m.maze.open != expected {
                        return Verdict::fail(format!(
                            "a new {0}x{0} maze must have every door closed but room 0's north and room {1}'s south; its open doors are {2:?}",
                            s.n,
                            s.n * s.n - 1,
                            m.maze.open
                        ));
                    }
                }
                _ => {}
            }
        }
        let grid = RatGrid {
            n: 3,
            open: vec![0; 9],
        };
        for room in 0..9 {
            let expected: Vec<Option<usize>> =
                CARDINALS.iter().map(|&d| grid.neighbor(room, d)).collect();
            if r.neighbor_3x3.get(room) != Some(&expected) {
                return Verdict::fail(format!(
                    "in a 3x3 maze, neighbor(room {room}, N/S/E/W) gave {:?}, expected {expected:?} (rooms are numbered row by row; no room past the border)",
                    r.neighbor_3x3.get(room)
                ));
            }
        }
        if r.passage_one_sided != [false, false] {
            return Verdict::fail(
                "a door open on one side only was taken as a passage: both facing doors must be open",
            );
        }
        if r.passage_both_open != [true, true] || r.passage_closed_again != [false, false] {
            return Verdict::fail(
                "passage() does not follow the two facing doors of rooms 4 and 5",
            );
        }
        if !r.open_between_1_4 {
            return Verdict::fail("open_between(1, 4) refused two adjacent rooms");
        }
        if r.open_between_0_8 || r.open_between_2_3 {
            return Verdict::fail(
                "open_between accepted rooms that are not adjacent (0 and 8, or 2 and 3 at the ends of two rows)",
            );
        }
        let mut expected = vec![0u8; 9];
        expected[0] = NORTH;
        expected[8] = SOUTH;
        expected[1] |= SOUTH;
        expected[4] |= NORTH;
        if r.after_open_between.open != expected {
            return Verdict::fail(format!(
                "after open_between(1, 4) the open doors are {:?}, expected {expected:?}",
                r.after_open_between.open
            ));
        }
        Verdict::pass("new, neighbor, doors, passage and open_between keep the rules")
    })
}

fn rat_neighbors_one_sided(data: &Value) -> Verdict {
    #[derive(Deserialize)]
    struct Report {
        file: String,
        maze: RatGrid,
        neighbors: Vec<Vec<usize>>,
        passages: Vec<u8>,
    }
    judged(data, |mazes: Vec<Report>| {
        for m in &mazes {
            for room in 0..m.maze.rooms() {
                let expected = m.maze.neighbors(room);
                if m.neighbors.get(room) != Some(&expected) {
                    return Verdict::fail(format!(
                        "{}: neighbors({room}) gave {:?}, expected {expected:?} (rooms joined by BOTH doors, in N, S, E, W order)",
                        m.file,
                        m.neighbors.get(room)
                    ));
                }
                if m.passages.get(room) != Some(&m.maze.passage_bits(room)) {
                    return Verdict::fail(format!(
                        "{}: passage() from room {room} does not match its doors and its neighbours' doors",
                        m.file
                    ));
                }
            }
        }
        Verdict::pass(format!(
            "neighbors and passage are right on {} files, one-sided doors included",
            mazes.len()
        ))
    })
}

fn render_fixtures(data: &Value) -> Result<String, String> {
    #[derive(Deserialize)]
    struct Entry {
        file: String,
        maze: RatGrid,
    }
    let entries: Vec<Entry> = read(data).map_err(|v| v.message)?;
    Ok(entries
        .iter()
        .map(|e| {
            format!(
                "{} (n = {}; a hex digit a room: its open doors, N=1 S=2 E=4 W=8)\n{}",
                e.file,
                e.maze.n,
                e.maze.render()
            )
        })
        .collect::<Vec<_>>()
        .join("\n\n"))
}

fn rat_write_read_identity(data: &Value) -> Verdict {
    #[derive(Deserialize)]
    struct Entry {
        file: String,
        before: RatGrid,
        after: Result<RatGrid, String>,
        lines: usize,
    }
    judged(data, |entries: Vec<Entry>| {
        for e in &entries {
            match &e.after {
                Err(message) => {
                    return Verdict::fail(format!(
                        "{}: reading what write() wrote failed: {message}",
                        e.file
                    ));
                }
                Ok(after) if *after != e.before => {
                    return Verdict::fail_with_diff(
                        format!("{}: read(write(maze)) is a different maze", e.file),
                        &e.before.render(),
                        &after.render(),
                    );
                }
                Ok(_) if e.lines < e.before.rooms() + 1 => {
                    return Verdict::fail(format!(
                        "{}: write() gave {} lines, expected n, then one line per room ({})",
                        e.file,
                        e.lines,
                        e.before.rooms() + 1
                    ));
                }
                Ok(_) => {}
            }
        }
        Verdict::pass(format!(
            "read(write(maze)) gives the same maze for {} mazes",
            entries.len()
        ))
    })
}

fn rat_invalid_files(data: &Value) -> Verdict {
    #[derive(Deserialize)]
    struct Entry {
        file: String,
        ok: Option<usize>,
    }
    judged(data, |entries: Vec<Entry>| {
        let accepted: Vec<&str> = entries
            .iter()
            .filter(|e| e.ok.is_some())
            .map(|e| e.file.as_str())
            .collect();
        if entries.is_empty() {
            return Verdict::fail("no malformed files were found to test");
        }
        if accepted.is_empty() {
            Verdict::pass(format!(
                "all {} malformed files are errors, none a panic",
                entries.len()
            ))
        } else {
            Verdict::fail(format!(
                "malformed files were read as mazes: {}",
                accepted.join(", ")
            ))
        }
    })
}

#[derive(Deserialize)]
struct SearchReport {
    file: String,
    maze: RatGrid,
    visited: Vec<usize>,
    path: Vec<usize>,
}

fn join(rooms: &[usize]) -> String {
    rooms
        .iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

fn render_searches(data: &Value) -> Result<String, String> {
    let reports: Vec<SearchReport> = read(data).map_err(|v| v.message)?;
    Ok(reports
        .iter()
        .map(|r| {
            let reversed: Vec<usize> = r.path.iter().rev().copied().collect();
            format!(
                "{}\nRooms visited: {}\nThis is the path (in reverse): {}",
                r.file,
                join(&r.visited),
                join(&reversed)
            )
        })
        .collect::<Vec<_>>()
        .join("\n\n"))
}

fn searches_verdict(data: &Value, depth_first: bool) -> Verdict {
    let (name, structure) = if depth_first {
        ("DFS", "Stack")
    } else {
        ("BFS", "Queue")
    };
    judged(data, |reports: Vec<SearchReport>| {
        for r in &reports {
            if let Some(problem) = (r.maze.open.len() != r.maze.rooms())
                .then_some("the maze's rooms were not all reported")
            {
                return Verdict::fail(format!("{}: {problem}", r.file));
            }
            let (visited, path) = r.maze.search(depth_first);
            if r.visited != visited {
                let at = r
                    .visited
                    .iter()
                    .zip(&visited)
                    .position(|(a, b)| a != b)
                    .unwrap_or(r.visited.len().min(visited.len()));
                return Verdict::fail_with_diff(
                    format!(
                        "{}: {name} visited the rooms in another order, from the {} room taken out on (take neighbours N, S, E, W; mark a room visited when it goes into the {structure}; stop when the goal comes out)",
                        r.file,
                        ordinal(at + 1)
                    ),
                    &format!("{}\n", join(&visited)),
                    &format!("{}\n", join(&r.visited)),
                );
            }
            if r.path != path {
                return Verdict::fail_with_diff(
                    format!(
                        "{}: the {name} path from room 0 to the goal differs",
                        r.file
                    ),
                    &format!("{}\n", join(&path)),
                    &format!("{}\n", join(&r.path)),
                );
            }
        }
        Verdict::pass(format!(
            "{name} visit orders and paths are exact on {} files",
            reports.len()
        ))
    })
}

fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

fn rat_bfs_fixtures(data: &Value) -> Verdict {
    searches_verdict(data, false)
}

fn rat_dfs_fixtures(data: &Value) -> Verdict {
    searches_verdict(data, true)
}

#[derive(Deserialize)]
struct Generated {
    label: String,
    maze: Result<RatGrid, String>,
}

fn generated_verdict(data: &Value, perfect: bool) -> Verdict {
    judged(data, |mazes: Vec<Generated>| {
        for g in &mazes {
            let maze = match &g.maze {
                Ok(maze) => maze,
                Err(error) => {
                    return Verdict::fail(format!("generating a {} maze failed: {error}", g.label));
                }
            };
            if let Some(problem) = maze.door_problem() {
                return Verdict::fail(format!("the generated {} maze: {problem}", g.label));
            }
            let joined = maze.component(0);
            if !joined.contains(&(maze.rooms() - 1)) {
                return Verdict::fail(format!(
                    "the generated {} maze does not join room 0 to the goal room {}",
                    g.label,
                    maze.rooms() - 1
                ));
            }
            // Without a loop, the passages form a forest: each group of k joined
            // rooms has exactly k − 1 passages.
            let mut seen = vec![false; maze.rooms()];
            let mut groups = 0;
            for room in 0..maze.rooms() {
                if !seen[room] {
                    groups += 1;
                    for r in maze.component(room) {
                        seen[r] = true;
                    }
                }
            }
            if maze.passage_count() != maze.rooms() - groups {
                return Verdict::fail(format!(
                    "the generated {} maze has a loop: {} passages among {} rooms in {groups} groups (a loop-free maze has {})",
                    g.label,
                    maze.passage_count(),
                    maze.rooms(),
                    maze.rooms() - groups
                ));
            }
            if perfect && groups != 1 {
                return Verdict::fail(format!(
                    "the generated {} maze is not perfect: {} rooms cannot be reached from room 0",
                    g.label,
                    maze.rooms() - joined.len()
                ));
            }
        }
        Verdict::pass(if perfect {
            format!("{} generated mazes are perfect", mazes.len())
        } else {
            format!(
                "{} generated mazes join start and goal without a loop",
                mazes.len()
            )
        })
    })
}

fn rat_generate_joins(data: &Value) -> Verdict {
    generated_verdict(data, false)
}

fn rat_generate_perfect(data: &Value) -> Verdict {
    generated_verdict(data, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_source_sample_is_searched_as_the_source_prints_it() {
        // The source's sample maze as reconstructed in fixtures/rat/sample.txt.
        let text = include_str!("../../../fixtures/rat/sample.txt");
        let mut numbers = text.split_whitespace().map(|t| t.parse::<u8>().unwrap());
        let n = usize::from(numbers.next().unwrap());
        let values: Vec<u8> = numbers.collect();
        let open = values
            .chunks(4)
            .map(|d| {
                d.iter()
                    .zip(CARDINALS)
                    .filter(|(v, _)| **v == 0)
                    .map(|(_, bit)| bit)
                    .sum()
            })
            .collect();
        let maze = RatGrid { n, open };
        let (bfs, path) = maze.search(false);
        assert_eq!(
            join(&bfs),
            "0 5 10 11 12 17 13 22 8 18 14 21 7 23 9 19 16 20 2 6 24"
        );
        assert_eq!(join(&path), "0 5 10 11 12 13 18 23 24");
        let (dfs, path) = maze.search(true);
        assert_eq!(join(&dfs), "0 5 10 11 12 13 14 19 9 4 3 18 23 24");
        assert_eq!(join(&path), "0 5 10 11 12 13 18 23 24");
    }

    #[test]
    fn ordinals_read_naturally() {
        assert_eq!(
            [1, 2, 3, 4, 11, 12, 21].map(ordinal),
            ["1st", "2nd", "3rd", "4th", "11th", "12th", "21st"]
        );
    }
}
