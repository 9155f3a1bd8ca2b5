//! The synthetic class's code: five independent ways to write
//! `DirectionExt::opposite`, a breadth-first search and a disjoint set, and disguised
//! copies of some of them (renamed, reordered, re-commented and re-spaced, padded with
//! dead code, a function split in two, two functions merged).

use regex::Regex;

/// Each author's three items: opposite, breadth-first search, disjoint set.
pub const ORIGINALS: [[&str; 3]; 5] = [
    // Author 0: flag by flag, VecDeque, union by rank with recursive find.
    [
        r#"impl DirectionExt for Direction {
    fn opposite(self) -> Direction {
        let mut result = Direction::NONE;
        if self.contains(Direction::NORTH) { result.insert(Direction::SOUTH); }
        if self.contains(Direction::SOUTH) { result.insert(Direction::NORTH); }
        if self.contains(Direction::EAST) { result.insert(Direction::WEST); }
        if self.contains(Direction::WEST) { result.insert(Direction::EAST); }
        result
    }
}"#,
        r#"pub fn breadth_first(maze: &RatMaze, start: usize, goal: usize) -> Option<Vec<usize>> {
    let mut visited = vec![false; maze.rooms()];
    let mut parent: Vec<Option<usize>> = vec![None; maze.rooms()];
    let mut queue = VecDeque::new();
    visited[start] = true;
    queue.push_back(start);
    while let Some(room) = queue.pop_front() {
        if room == goal {
            let mut path = vec![goal];
            let mut current = goal;
            while let Some(previous) = parent[current] {
                path.push(previous);
                current = previous;
            }
            path.reverse();
            return Some(path);
        }
        for next in maze.open_doors(room) {
            if !visited[next] {
                visited[next] = true;
                parent[next] = Some(room);
                queue.push_back(next);
            }
        }
    }
    None
}"#,
        r#"pub struct DisjointSet { parent: Vec<usize>, rank: Vec<u8> }

impl DisjointSet {
    pub fn new(size: usize) -> DisjointSet {
        DisjointSet { parent: (0..size).collect(), rank: vec![0; size] }
    }
    pub fn find(&mut self, item: usize) -> usize {
        if self.parent[item] != item {
            let root = self.find(self.parent[item]);
            self.parent[item] = root;
        }
        self.parent[item]
    }
    pub fn union(&mut self, a: usize, b: usize) -> bool {
        let (root_a, root_b) = (self.find(a), self.find(b));
        if root_a == root_b { return false; }
        if self.rank[root_a] < self.rank[root_b] {
            self.parent[root_a] = root_b;
        } else if self.rank[root_a] > self.rank[root_b] {
            self.parent[root_b] = root_a;
        } else {
            self.parent[root_b] = root_a;
            self.rank[root_a] += 1;
        }
        true
    }
}"#,
    ],
    // Author 1: bit arithmetic, the student's own Queue and a HashMap of parents,
    // union by size with path halving.
    [
        r#"impl DirectionExt for Direction {
    fn opposite(self) -> Direction {
        let bits = self.bits();
        let vertical = (bits & 0b0001) << 1 | (bits & 0b0010) >> 1;
        let horizontal = (bits & 0b0100) << 1 | (bits & 0b1000) >> 1;
        Direction::from_bits_truncate(vertical | horizontal)
    }
}"#,
        r#"pub fn bfs(maze: &RatMaze, from: usize, to: usize) -> Option<Vec<usize>> {
    let mut came_from: HashMap<usize, usize> = HashMap::new();
    let mut seen: HashSet<usize> = HashSet::new();
    let mut pending = Queue::new();
    pending.enqueue(from);
    seen.insert(from);
    loop {
        let here = match pending.dequeue() { Some(room) => room, None => break };
        if here == to { break; }
        for there in maze.open_doors(here) {
            if seen.insert(there) {
                came_from.insert(there, here);
                pending.enqueue(there);
            }
        }
    }
    if !seen.contains(&to) { return None; }
    let mut route = Vec::new();
    let mut at = to;
    route.insert(0, at);
    while at != from {
        at = came_from[&at];
        route.insert(0, at);
    }
    Some(route)
}"#,
        r#"pub struct DisjointSet { up: Vec<usize>, size: Vec<usize> }

impl DisjointSet {
    pub fn new(count: usize) -> Self {
        let up = (0..count).collect();
        Self { up, size: vec![1; count] }
    }
    pub fn find(&mut self, mut x: usize) -> usize {
        while self.up[x] != x {
            self.up[x] = self.up[self.up[x]];
            x = self.up[x];
        }
        x
    }
    pub fn union(&mut self, x: usize, y: usize) -> bool {
        let mut big = self.find(x);
        let mut small = self.find(y);
        if big == small { return false; }
        if self.size[big] < self.size[small] { std::mem::swap(&mut big, &mut small); }
        self.up[small] = big;
        self.size[big] += self.size[small];
        true
    }
}"#,
    ],
    // Author 2: a table of pairs folded, level-by-level frontiers with distances,
    // a HashMap forest without compression.
    [
        r#"const PAIRS: [(Direction, Direction); 4] = [
    (Direction::NORTH, Direction::SOUTH),
    (Direction::SOUTH, Direction::NORTH),
    (Direction::EAST, Direction::WEST),
    (Direction::WEST, Direction::EAST),
];

impl DirectionExt for Direction {
    fn opposite(self) -> Direction {
        PAIRS
            .iter()
            .filter(|(side, _)| self.contains(*side))
            .fold(Direction::NONE, |acc, (_, other)| acc | *other)
    }
}"#,
        r#"pub fn shortest(maze: &RatMaze, start: usize, end: usize) -> Option<Vec<usize>> {
    let mut distance = vec![usize::MAX; maze.rooms()];
    distance[start] = 0;
    let mut frontier = vec![start];
    let mut steps = 0;
    while !frontier.is_empty() && distance[end] == usize::MAX {
        steps += 1;
        let mut next_frontier = Vec::new();
        for &cell in &frontier {
            for neighbour in maze.open_doors(cell) {
                if distance[neighbour] == usize::MAX {
                    distance[neighbour] = steps;
                    next_frontier.push(neighbour);
                }
            }
        }
        frontier = next_frontier;
    }
    if distance[end] == usize::MAX { return None; }
    let mut walk = vec![end];
    let mut cell = end;
    while cell != start {
        cell = maze.open_doors(cell).find(|&n| distance[n] + 1 == distance[cell]).unwrap();
        walk.push(cell);
    }
    walk.reverse();
    Some(walk)
}"#,
        r#"#[derive(Default)]
pub struct DisjointSet { links: HashMap<usize, usize> }

impl DisjointSet {
    pub fn new(_n: usize) -> DisjointSet { DisjointSet::default() }
    pub fn find(&self, node: usize) -> usize {
        let mut top = node;
        while let Some(&above) = self.links.get(&top) { top = above; }
        top
    }
    pub fn union(&mut self, left: usize, right: usize) -> bool {
        let l = self.find(left);
        let r = self.find(right);
        if l != r { self.links.insert(l, r); }
        l != r
    }
}"#,
    ],
    // Author 3: iterator with a match per flag, iterator-heavy search, negative sizes.
    [
        r#"impl DirectionExt for Direction {
    fn opposite(self) -> Direction {
        self.iter()
            .map(|flag| match flag {
                Direction::NORTH => Direction::SOUTH,
                Direction::SOUTH => Direction::NORTH,
                Direction::EAST => Direction::WEST,
                _ => Direction::EAST,
            })
            .fold(Direction::empty(), Direction::union)
    }
}"#,
        r#"pub fn search(maze: &RatMaze, source: usize, target: usize) -> Option<Vec<usize>> {
    let rooms = maze.rooms();
    let mut before = vec![usize::MAX; rooms];
    before[source] = source;
    let mut todo: VecDeque<usize> = [source].into();
    while let Some(room) = todo.pop_front() {
        let fresh: Vec<usize> = maze.open_doors(room).filter(|&r| before[r] == usize::MAX).collect();
        for &r in &fresh { before[r] = room; }
        todo.extend(fresh);
    }
    (before[target] != usize::MAX).then(|| {
        let mut path: Vec<usize> = std::iter::successors(Some(target), |&r| (r != source).then(|| before[r])).collect();
        path.reverse();
        path
    })
}"#,
        r#"pub struct DisjointSet(Vec<isize>);

impl DisjointSet {
    pub fn new(n: usize) -> Self { DisjointSet(vec![-1; n]) }
    pub fn find(&mut self, i: usize) -> usize {
        if self.0[i] < 0 { return i; }
        let root = self.find(self.0[i] as usize);
        self.0[i] = root as isize;
        root
    }
    pub fn union(&mut self, i: usize, j: usize) -> bool {
        let (mut p, mut q) = (self.find(i), self.find(j));
        if p == q { return false; }
        if self.0[p] > self.0[q] { (p, q) = (q, p); }
        self.0[p] += self.0[q];
        self.0[q] = p as isize;
        true
    }
}"#,
    ],
    // Author 4: a helper per cardinal, a ring buffer with sentinels, two-pass find.
    [
        r#"fn flip(one: Direction) -> Direction {
    if one == Direction::NORTH { Direction::SOUTH }
    else if one == Direction::SOUTH { Direction::NORTH }
    else if one == Direction::EAST { Direction::WEST }
    else { Direction::EAST }
}

impl DirectionExt for Direction {
    fn opposite(self) -> Direction {
        let mut out = Direction::NONE;
        for one in Direction::CARDINALS {
            if self.contains(one) { out |= flip(one); }
        }
        out
    }
}"#,
        r#"pub fn find_path(maze: &RatMaze, s: usize, t: usize) -> Option<Vec<usize>> {
    const NOBODY: usize = usize::MAX;
    let mut pred = vec![NOBODY; maze.rooms()];
    let mut ring = vec![s];
    let mut head = 0;
    pred[s] = s;
    while head < ring.len() {
        let u = ring[head];
        head += 1;
        if u == t { break; }
        for v in maze.open_doors(u) {
            if pred[v] == NOBODY { pred[v] = u; ring.push(v); }
        }
    }
    if pred[t] == NOBODY { None } else {
        let mut out = Vec::new();
        let mut u = t;
        loop { out.push(u); if u == s { break; } u = pred[u]; }
        out.reverse();
        Some(out)
    }
}"#,
        r#"pub struct DisjointSet { boss: Vec<usize> }

impl DisjointSet {
    pub fn new(n: usize) -> DisjointSet { DisjointSet { boss: (0..n).collect() } }
    pub fn find(&mut self, k: usize) -> usize {
        let mut root = k;
        while self.boss[root] != root { root = self.boss[root]; }
        let mut k = k;
        while self.boss[k] != root { let next = self.boss[k]; self.boss[k] = root; k = next; }
        root
    }
    pub fn union(&mut self, a: usize, b: usize) -> bool {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb { return false; }
        let (low, high) = if ra < rb { (ra, rb) } else { (rb, ra) };
        self.boss[high] = low;
        true
    }
}"#,
    ],
];

/// Author 0's search split in two: the path is rebuilt by a helper.
const SPLIT_SEARCH: &str = r#"fn rebuild(parent: &[Option<usize>], goal: usize) -> Vec<usize> {
    let mut path = vec![goal];
    let mut current = goal;
    while let Some(previous) = parent[current] {
        path.push(previous);
        current = previous;
    }
    path.reverse();
    path
}

pub fn breadth_first(maze: &RatMaze, start: usize, goal: usize) -> Option<Vec<usize>> {
    let mut visited = vec![false; maze.rooms()];
    let mut parent: Vec<Option<usize>> = vec![None; maze.rooms()];
    let mut queue = VecDeque::new();
    visited[start] = true;
    queue.push_back(start);
    while let Some(room) = queue.pop_front() {
        if room == goal {
            return Some(rebuild(&parent, goal));
        }
        for next in maze.open_doors(room) {
            if !visited[next] {
                visited[next] = true;
                parent[next] = Some(room);
                queue.push_back(next);
            }
        }
    }
    None
}"#;

/// Author 1's disjoint set with find merged into union.
const MERGED_SET: &str = r#"pub struct DisjointSet { up: Vec<usize>, size: Vec<usize> }

impl DisjointSet {
    pub fn new(count: usize) -> Self {
        let up = (0..count).collect();
        Self { up, size: vec![1; count] }
    }
    pub fn union(&mut self, x: usize, y: usize) -> bool {
        let mut roots = [x, y];
        for r in roots.iter_mut() {
            let mut x = *r;
            while self.up[x] != x {
                self.up[x] = self.up[self.up[x]];
                x = self.up[x];
            }
            *r = x;
        }
        let [mut big, mut small] = roots;
        if big == small { return false; }
        if self.size[big] < self.size[small] { std::mem::swap(&mut big, &mut small); }
        self.up[small] = big;
        self.size[big] += self.size[small];
        true
    }
}"#;

/// Renames whole words.
fn rename(code: &str, names: &[(&str, &str)]) -> String {
    names.iter().fold(code.to_owned(), |code, (from, to)| {
        let word = Regex::new(&format!(r"\b{from}\b")).unwrap();
        word.replace_all(&code, *to).into_owned()
    })
}

/// New comments, other indentation, blank lines.
fn respace(code: &str) -> String {
    code.lines()
        .map(|line| {
            let body = line.trim_start();
            let depth = (line.len() - body.len()) / 4;
            format!("{}{body}", "\t".repeat(depth))
        })
        .collect::<Vec<_>>()
        .join("\n\n")
        .replace("{\n", "{ // here we go\n")
}

/// Dead code after every fourth line that opens a block.
fn pad(code: &str) -> String {
    let mut out = String::new();
    for (n, line) in code.lines().enumerate() {
        out.push_str(line);
        out.push('\n');
        if line.trim_end().ends_with('{') && n % 4 == 1 {
            out.push_str(
                "let unused_counter = 42; if unused_counter > 100 { println!(\"never\"); }\n",
            );
        }
    }
    out
}

/// The class: (folder name, real author, src/work.rs). Folder names say nothing.
pub fn submissions() -> Vec<(String, &'static str, String)> {
    let original = |n: usize| ORIGINALS[n].join("\n\n");
    let authors = ["author-0", "author-1", "author-2", "author-3", "author-4"];
    let mut class: Vec<(String, &'static str, String)> = (0..5)
        .map(|n| (format!("student-{:02}", n * 3 + 1), authors[n], original(n)))
        .collect();
    // Renamed identifiers, new comments and spacing.
    class.push((
        "student-02".into(),
        authors[0],
        respace(&rename(
            &original(0),
            &[
                ("visited", "seen_rooms"),
                ("parent", "origin"),
                ("queue", "todo"),
                ("rank", "height"),
                ("result", "flipped"),
            ],
        )),
    ));
    // Reordered items and dead code.
    let mut items: Vec<&str> = ORIGINALS[1].to_vec();
    items.reverse();
    class.push(("student-05".into(), authors[1], pad(&items.join("\n\n"))));
    // A function split in two, renamed.
    class.push((
        "student-08".into(),
        authors[0],
        rename(
            &[ORIGINALS[0][2], SPLIT_SEARCH, ORIGINALS[0][0]].join("\n\n"),
            &[
                ("breadth_first", "solve"),
                ("room", "cell"),
                ("goal", "target"),
            ],
        ),
    ));
    // Two functions merged, re-spaced.
    class.push((
        "student-11".into(),
        authors[1],
        respace(&[ORIGINALS[1][0], ORIGINALS[1][1], MERGED_SET].join("\n\n")),
    ));
    // A copy of author 2's search only, with author 3's other items and dead code.
    class.push((
        "student-14".into(),
        authors[2],
        pad(&rename(
            &[ORIGINALS[2][1], ORIGINALS[2][0]].join("\n\n"),
            &[
                ("frontier", "wave"),
                ("distance", "dist"),
                ("steps", "level"),
            ],
        )),
    ));
    class.sort();
    class
}
