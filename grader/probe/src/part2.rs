//! Part 2 checks (rat in a maze): each calls the student's code and returns what it
//! produced. A maze is reported as its size and, per room, the bits of its OPEN doors
//! (N=1, S=2, E=4, W=8) as `door_open` answers them.

use std::path::Path;

use maze::rat::{self, DisjointSet, Queue, RatMaze, Stack};
use maze::{Direction, MazeRng};
use serde_json::{Value, json};

use crate::{Context, Producer, file_name};

/// The Part 2 checks, by the names the rubric uses.
pub const CHECKS: &[(&str, Producer)] = &[
    ("rat_stack", rat_stack),
    ("rat_queue", rat_queue),
    ("rat_disjoint_set", rat_disjoint_set),
    ("rat_maze_rooms", rat_maze_rooms),
    ("rat_neighbors_one_sided", rat_neighbors_one_sided),
    ("rat_read_fixtures", rat_read_fixtures),
    ("rat_write_read_identity", rat_write_read_identity),
    ("rat_invalid_files", rat_invalid_files),
    ("rat_bfs_sample", rat_bfs_sample),
    ("rat_dfs_sample", rat_dfs_sample),
    ("rat_bfs_fixtures", rat_bfs_fixtures),
    ("rat_dfs_fixtures", rat_dfs_fixtures),
    ("rat_generate_joins", rat_generate_joins),
    ("rat_generate_perfect", rat_generate_perfect),
];

fn open_bits(maze: &RatMaze, room: usize) -> u8 {
    Direction::CARDINALS.iter().filter(|&&d| maze.door_open(room, d)).map(|d| d.bits()).sum()
}

fn maze_json(maze: &RatMaze) -> Value {
    json!({ "n": maze.size(), "open": (0..maze.size() * maze.size()).map(|r| open_bits(maze, r)).collect::<Vec<_>>() })
}

fn read_file(path: &Path) -> Result<RatMaze, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    rat::read(&text).map_err(|e| e.to_string())
}

fn fixtures(context: &Context) -> Vec<(String, RatMaze)> {
    context
        .fixture_files("rat", "txt")
        .iter()
        .map(|path| (file_name(path), read_file(path).expect("every file in fixtures/rat is valid")))
        .collect()
}

fn rat_stack(_: &Context) -> Value {
    let mut stack = Stack::new();
    let mut seen = Vec::new();
    seen.push(json!(["new", stack.len(), stack.is_empty(), stack.peek().copied()]));
    for item in 1..=5 {
        stack.push(item);
        seen.push(json!(["push", item, stack.len(), stack.peek().copied()]));
    }
    for _ in 0..2 {
        let popped = stack.pop();
        seen.push(json!(["pop", popped, stack.len(), stack.peek().copied()]));
    }
    stack.push(6);
    seen.push(json!(["push", 6, stack.len(), stack.peek().copied()]));
    for _ in 0..6 {
        let popped = stack.pop();
        seen.push(json!(["pop", popped, stack.len(), stack.is_empty()]));
    }
    let mut big = Stack::new();
    for i in 0..10_000u32 {
        big.push(i);
    }
    let drained: Vec<u32> = std::iter::from_fn(|| big.pop()).collect();
    json!({ "steps": seen, "drained_10000_in_reverse": drained.iter().copied().eq((0..10_000).rev()) })
}

fn rat_queue(_: &Context) -> Value {
    let mut queue = Queue::with_capacity(2);
    let mut seen = Vec::new();
    seen.push(json!(["new", queue.len(), queue.is_empty(), queue.peek().copied()]));
    // Wrap around, then grow while wrapped.
    let script: [(&str, u32); 14] = [
        ("enqueue", 1), ("enqueue", 2), ("dequeue", 0), ("enqueue", 3), ("dequeue", 0), ("enqueue", 4),
        ("enqueue", 5), ("enqueue", 6), ("dequeue", 0), ("enqueue", 7), ("dequeue", 0), ("dequeue", 0),
        ("dequeue", 0), ("dequeue", 0),
    ];
    for (op, item) in script {
        if op == "enqueue" {
            queue.enqueue(item);
            seen.push(json!(["enqueue", item, queue.len(), queue.peek().copied()]));
        } else {
            let taken = queue.dequeue();
            seen.push(json!(["dequeue", taken, queue.len(), queue.peek().copied()]));
        }
    }
    let extra = queue.dequeue();
    seen.push(json!(["dequeue", extra, queue.len(), queue.is_empty()]));
    // Many interleaved operations: two in, one out.
    let mut long = Queue::new();
    let mut out = Vec::new();
    for i in 0..3_000u32 {
        long.enqueue(i);
        if i % 2 == 1 {
            out.extend(long.dequeue());
        }
    }
    while let Some(item) = long.dequeue() {
        out.push(item);
    }
    json!({ "steps": seen, "interleaved_in_order": out.iter().copied().eq(0..3_000), "interleaved_count": out.len() })
}

fn rat_disjoint_set(_: &Context) -> Value {
    let mut set = DisjointSet::new(12);
    let unions = [(0, 1), (2, 3), (1, 3), (4, 5), (5, 6), (6, 4), (0, 2), (7, 7), (8, 11), (11, 9), (9, 8), (3, 6)];
    let results: Vec<Value> = unions.iter().map(|&(a, b)| json!([a, b, set.union(a, b)])).collect();
    let mut pairs = Vec::new();
    for a in 0..12 {
        for b in 0..12 {
            pairs.push(json!([a, b, set.same_set(a, b), set.find(a) == set.find(b)]));
        }
    }
    let mut long = DisjointSet::new(20_000);
    for i in 1..20_000 {
        long.union(i - 1, i);
    }
    json!({ "len": set.len(), "unions": results, "pairs": pairs, "chain_joined": long.same_set(0, 19_999), "chain_len": long.len() })
}

fn rat_maze_rooms(_: &Context) -> Value {
    let sizes: Vec<Value> = [0usize, 1, 2, 5, rat::MAX_SIZE + 1]
        .iter()
        .map(|&n| match RatMaze::new(n) {
            Ok(maze) => json!({ "n": n, "ok": { "size": maze.size(), "rooms": maze.rooms(), "maze": maze_json(&maze) } }),
            Err(error) => json!({ "n": n, "err": error.to_string() }),
        })
        .collect();
    let three = RatMaze::new(3).expect("RatMaze::new(3)");
    let neighbor: Vec<Value> = (0..9)
        .map(|room| json!(Direction::CARDINALS.iter().map(|&d| three.neighbor(room, d)).collect::<Vec<_>>()))
        .collect();
    let mut doors = RatMaze::new(3).expect("RatMaze::new(3)");
    doors.set_door(4, Direction::EAST, true);
    let one_sided = [doors.passage(4, Direction::EAST), doors.passage(5, Direction::WEST)];
    doors.set_door(5, Direction::WEST, true);
    let both = [doors.passage(4, Direction::EAST), doors.passage(5, Direction::WEST)];
    doors.set_door(4, Direction::EAST, false);
    let closed_again = [doors.passage(4, Direction::EAST), doors.passage(5, Direction::WEST)];
    let mut joined = RatMaze::new(3).expect("RatMaze::new(3)");
    let adjacent = joined.open_between(1, 4).is_ok();
    let far = joined.open_between(0, 8).is_ok();
    let wrapped = joined.open_between(2, 3).is_ok();
    json!({
        "sizes": sizes,
        "neighbor_3x3": neighbor,
        "passage_one_sided": one_sided,
        "passage_both_open": both,
        "passage_closed_again": closed_again,
        "open_between_1_4": adjacent,
        "open_between_0_8": far,
        "open_between_2_3": wrapped,
        "after_open_between": maze_json(&joined),
    })
}

fn rat_neighbors_one_sided(context: &Context) -> Value {
    let mazes: Vec<Value> = fixtures(context)
        .iter()
        .filter(|(_, maze)| maze.size() <= 10)
        .map(|(name, maze)| {
            json!({
                "file": name,
                "maze": maze_json(maze),
                "neighbors": (0..maze.rooms()).map(|r| maze.neighbors(r)).collect::<Vec<_>>(),
                "passages": (0..maze.rooms()).map(|r| Direction::CARDINALS.iter().filter(|&&d| maze.passage(r, d)).map(|d| d.bits()).sum::<u8>()).collect::<Vec<_>>(),
            })
        })
        .collect();
    json!(mazes)
}

fn rat_read_fixtures(context: &Context) -> Value {
    json!(fixtures(context).iter().map(|(name, maze)| json!({ "file": name, "maze": maze_json(maze) })).collect::<Vec<_>>())
}

fn rat_write_read_identity(context: &Context) -> Value {
    let mut generated = Vec::new();
    for (n, seed) in [(1, 1), (4, 2), (9, 3)] {
        generated.push((format!("generated {n}x{n}, seed {seed}"), rat::generate(n, &mut MazeRng::seed_from_u64(seed)).expect("generate")));
    }
    let all: Vec<(String, RatMaze)> = fixtures(context).into_iter().chain(generated).collect();
    json!(all
        .iter()
        .map(|(name, maze)| {
            let text = rat::write(maze);
            let again = rat::read(&text).map(|m| maze_json(&m)).map_err(|e| e.to_string());
            json!({ "file": name, "before": maze_json(maze), "after": again, "lines": text.lines().count() })
        })
        .collect::<Vec<_>>())
}

fn rat_invalid_files(context: &Context) -> Value {
    json!(context
        .fixture_files("invalid/rat", "txt")
        .iter()
        .map(|path| match read_file(path) {
            Ok(maze) => json!({ "file": file_name(path), "ok": maze.size() }),
            Err(message) => json!({ "file": file_name(path), "err": message }),
        })
        .collect::<Vec<_>>())
}

fn search(context: &Context, only_sample: bool, run: fn(&RatMaze) -> rat::SearchResult) -> Value {
    json!(fixtures(context)
        .iter()
        .filter(|(name, _)| !only_sample || name == "sample.txt")
        .map(|(name, maze)| {
            let result = run(maze);
            json!({ "file": name, "maze": maze_json(maze), "visited": result.visited, "path": result.path })
        })
        .collect::<Vec<_>>())
}

fn rat_bfs_sample(context: &Context) -> Value {
    search(context, true, rat::bfs)
}

fn rat_dfs_sample(context: &Context) -> Value {
    search(context, true, rat::dfs)
}

fn rat_bfs_fixtures(context: &Context) -> Value {
    search(context, false, rat::bfs)
}

fn rat_dfs_fixtures(context: &Context) -> Value {
    search(context, false, rat::dfs)
}

fn generated(make: fn(usize, &mut MazeRng) -> Result<RatMaze, rat::RatError>) -> Value {
    let mut mazes = Vec::new();
    for n in [1usize, 2, 3, 5, 8, 13, 30] {
        for seed in 0..3 {
            let maze = make(n, &mut MazeRng::seed_from_u64(seed + 10 * n as u64)).map(|m| maze_json(&m)).map_err(|e| e.to_string());
            mazes.push(json!({ "label": format!("{n}x{n}, seed {}", seed + 10 * n as u64), "maze": maze }));
        }
    }
    json!(mazes)
}

fn rat_generate_joins(_: &Context) -> Value {
    generated(rat::generate)
}

fn rat_generate_perfect(_: &Context) -> Value {
    generated(rat::generate_perfect)
}
