//! The rat mazes the Part 2 checks send (from the kit's fixture files or drawn at
//! random) and [`Rooms`], the judge's view of a reported maze: its doors, groups and
//! passages.

use rand_chacha::ChaCha8Rng;

use super::*;

/// A maze the grader sends: a name for messages, its size and its open doors.
#[derive(Debug, Clone, Deserialize)]
pub(in crate::checks) struct GivenMaze {
    pub(in crate::checks) name: String,
    pub(in crate::checks) n: usize,
    pub(in crate::checks) open: Vec<u8>,
}

impl GivenMaze {
    pub(in crate::checks) fn value(&self) -> Value {
        json!({ "name": self.name, "n": self.n, "open": self.open })
    }
}

/// The door bits of a maze file's text: `0` is an open door, `1` a closed one, four
/// values a room in N, S, E, W order. The kit's fixtures are valid files; anything
/// else is the kit's fault.
pub(super) fn parse_rat_file(name: &str, text: &str) -> anyhow::Result<GivenMaze> {
    let mut words = text.split_whitespace();
    let n: usize = words
        .next()
        .and_then(|w| w.parse().ok())
        .filter(|n| (1..=1000).contains(n))
        .ok_or_else(|| anyhow::anyhow!("the kit's fixture rat/{name} has no size 1..=1000"))?;
    let values: Vec<&str> = words.collect();
    if values.len() != 4 * n * n || values.iter().any(|v| *v != "0" && *v != "1") {
        anyhow::bail!("the kit's fixture rat/{name} is not a {n}x{n} maze file");
    }
    let open = values
        .chunks(4)
        .map(|doors| {
            doors
                .iter()
                .zip(CARDINALS)
                .filter(|(v, _)| **v == "0")
                .map(|(_, bit)| bit)
                .sum()
        })
        .collect();
    Ok(GivenMaze {
        name: name.to_owned(),
        n,
        open,
    })
}

/// Every maze in fixtures/rat, by file name.
pub(super) fn fixture_mazes(inputs: &Inputs) -> anyhow::Result<Vec<GivenMaze>> {
    let fixed = inputs
        .fixture_files("rat", "txt")?
        .iter()
        .map(|(name, text)| parse_rat_file(name, text))
        .collect::<anyhow::Result<Vec<GivenMaze>>>()?;
    Ok(inputs.vary(fixed, private_maze))
}

/// A maze for a private question: random doors in a grid of a random size.
pub(super) fn private_maze(rng: &mut ChaCha8Rng) -> GivenMaze {
    let n = if rng.random_range(0..4) == 0 {
        rng.random_range(20..=40)
    } else {
        rng.random_range(1..=12)
    };
    GivenMaze {
        name: format!("a private {n}x{n} maze"),
        n,
        open: random_doors(rng, n),
    }
}

/// A maze's text in the file format: the size, then one line per room with its
/// north, south, east and west doors, `0` open and `1` closed.
pub(super) fn rat_file_text(maze: &GivenMaze) -> String {
    let mut text = format!("{}\n", maze.n);
    for doors in &maze.open {
        let values: Vec<&str> = CARDINALS
            .iter()
            .map(|&d| if doors & d != 0 { "0" } else { "1" })
            .collect();
        text.push_str(&values.join(" "));
        text.push('\n');
    }
    text
}

/// A random n×n door grid: three pairs of facing doors in four open together (so
/// there are loops), some open on one side only, some closed; a few border doors
/// open (they lead nowhere); the way in and the way out open.
pub(in crate::checks) fn random_doors(rng: &mut impl rand::Rng, n: usize) -> Vec<u8> {
    let mut open = vec![0u8; n * n];
    let mut pair = |open: &mut Vec<u8>, a: usize, b: usize, d: u8| {
        match rng.random_range(0..100) {
            0..76 => {
                open[a] |= d;
                open[b] |= facing(d);
            }
            76..84 => open[a] |= d,
            84..92 => open[b] |= facing(d),
            _ => {}
        }
        if rng.random_range(0..8) == 0 {
            // A border door, open.
            let room = rng.random_range(0..n * n);
            let (row, col) = (room / n, room % n);
            let border: Vec<u8> = [
                (row == 0, NORTH),
                (row + 1 == n, SOUTH),
                (col + 1 == n, EAST),
                (col == 0, WEST),
            ]
            .iter()
            .filter(|(on, _)| *on)
            .map(|&(_, d)| d)
            .collect();
            if let Some(&d) = border.first() {
                open[room] |= d;
            }
        }
    };
    for room in 0..n * n {
        let (row, col) = (room / n, room % n);
        if col + 1 < n {
            pair(&mut open, room, room + 1, EAST);
        }
        if row + 1 < n {
            pair(&mut open, room, room + n, SOUTH);
        }
    }
    open[0] |= NORTH;
    open[n * n - 1] |= SOUTH;
    open
}

pub(super) fn mazes_value(mazes: &[GivenMaze]) -> Vec<Value> {
    mazes.iter().map(GivenMaze::value).collect()
}

/// A reported maze whose number of rooms matches the size the grader asked for.
pub(super) struct Rooms<'a> {
    pub(super) n: usize,
    pub(super) open: &'a [u8],
}

impl<'a> Rooms<'a> {
    /// `open` as the doors of an n×n maze, where `n` comes from the grader's input.
    pub(super) fn checked(n: usize, open: &'a [u8]) -> Result<Rooms<'a>, String> {
        if !(1..=1000).contains(&n) {
            return Err(format!("a {n}x{n} maze is outside 1..=1000"));
        }
        if open.len() != n * n {
            return Err(format!(
                "{} rooms reported for a {n}x{n} maze of {} rooms",
                open.len(),
                n * n
            ));
        }
        Ok(Rooms { n, open })
    }

    pub(super) fn rooms(&self) -> usize {
        self.open.len()
    }

    pub(super) fn neighbor(&self, room: usize, d: u8) -> Option<usize> {
        let (row, col) = (room / self.n, room % self.n);
        match d {
            _ if room >= self.rooms() => None,
            NORTH if row > 0 => Some(room - self.n),
            SOUTH if row + 1 < self.n => Some(room + self.n),
            EAST if col + 1 < self.n => Some(room + 1),
            WEST if col > 0 => Some(room - 1),
            _ => None,
        }
    }

    pub(super) fn door(&self, room: usize, d: u8) -> bool {
        self.open.get(room).is_some_and(|bits| bits & d != 0)
    }

    pub(super) fn passage(&self, room: usize, d: u8) -> bool {
        self.neighbor(room, d)
            .is_some_and(|to| self.door(room, d) && self.door(to, facing(d)))
    }

    /// Why the doors break the rules every generated maze keeps, if they do: the way
    /// in and out open, every other border door closed, no door open on one side only.
    pub(super) fn door_problem(&self) -> Option<String> {
        let goal = self.rooms() - 1;
        if let Some(room) = self.open.iter().position(|&bits| bits > 15) {
            return Some(format!(
                "room {room} has door bits {}, outside 0..=15",
                self.open[room]
            ));
        }
        if !self.door(0, NORTH) {
            return Some("room 0's north door (the way in) is closed".to_owned());
        }
        if !self.door(goal, SOUTH) {
            return Some(format!("room {goal}'s south door (the way out) is closed"));
        }
        for room in 0..self.rooms() {
            for d in CARDINALS {
                let way_in_or_out = (room == 0 && d == NORTH) || (room == goal && d == SOUTH);
                match self.neighbor(room, d) {
                    None if self.door(room, d) && !way_in_or_out => {
                        return Some(format!(
                            "room {room}'s {} door leads out of the maze",
                            direction_name(d).to_lowercase()
                        ));
                    }
                    Some(to) if self.door(room, d) != self.door(to, facing(d)) => {
                        return Some(format!(
                            "the door between rooms {room} and {to} is open on one side only (open_between opens both)"
                        ));
                    }
                    _ => {}
                }
            }
        }
        None
    }

    /// For each room the number of its group of rooms joined by passages, and the
    /// number of groups.
    pub(super) fn groups(&self) -> (Vec<usize>, usize) {
        let mut group = vec![usize::MAX; self.rooms()];
        let mut count = 0;
        for first in 0..self.rooms() {
            if group[first] != usize::MAX {
                continue;
            }
            group[first] = count;
            let mut pending = vec![first];
            while let Some(room) = pending.pop() {
                for d in CARDINALS {
                    if let Some(to) = self.neighbor(room, d).filter(|_| self.passage(room, d))
                        && group[to] == usize::MAX
                    {
                        group[to] = count;
                        pending.push(to);
                    }
                }
            }
            count += 1;
        }
        (group, count)
    }

    pub(super) fn passage_count(&self) -> usize {
        (0..self.rooms())
            .map(|room| {
                [SOUTH, EAST]
                    .iter()
                    .filter(|&&d| self.passage(room, d))
                    .count()
            })
            .sum()
    }

    /// A drawing like the one `maze rat` prints (`_` no way south, `|` no way east;
    /// a door open on one side only is a wall), then one line a row with a hex digit
    /// a room for its open doors, which shows one-sided doors too.
    pub(super) fn render(&self) -> String {
        let n = self.n;
        let mut text = String::from(" ");
        for room in 0..n {
            text.push(if self.door(room, NORTH) { ' ' } else { '_' });
            text.push(' ');
        }
        text = text.trim_end().to_owned();
        text.push('\n');
        for row in 0..n {
            let first = row * n;
            let mut line = String::from(if self.door(first, WEST) { " " } else { "|" });
            for room in first..first + n {
                let south = if row + 1 == n {
                    self.door(room, SOUTH)
                } else {
                    self.passage(room, SOUTH)
                };
                let east = if room + 1 == first + n {
                    self.door(room, EAST)
                } else {
                    self.passage(room, EAST)
                };
                line.push(if south { ' ' } else { '_' });
                line.push(if east { ' ' } else { '|' });
            }
            text.push_str(line.trim_end());
            text.push('\n');
        }
        text.push_str("open doors, a hex digit a room (N=1 S=2 E=4 W=8):\n");
        for row in self.open.chunks(n) {
            let digits: String = row.iter().map(|bits| format!("{bits:x}")).collect();
            text.push_str(&digits);
            text.push('\n');
        }
        text
    }
}

/// The first room whose doors differ between two door lists, in words.
pub(super) fn door_difference(got: &[u8], want: &[u8]) -> String {
    match first_difference(got, want) {
        Some(room) => format!(
            "room {room} has open doors {}, expected {}",
            got.get(room)
                .map_or("(none reported)".to_owned(), |&b| direction_name(b)),
            want.get(room)
                .map_or("(no such room)".to_owned(), |&b| direction_name(b))
        ),
        None => "the doors are the same".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checks::part2::tests::kit_fixtures;

    #[test]
    fn the_sample_file_parses_to_its_doors() {
        let text = std::fs::read_to_string(kit_fixtures().join("rat/sample.txt")).unwrap();
        let maze = parse_rat_file("sample.txt", &text).unwrap();
        assert_eq!(maze.n, 5);
        // Room 0: north and south open; room 1: east only.
        assert_eq!(maze.open[0], NORTH | SOUTH);
        assert_eq!(maze.open[1], EAST);
        assert!(parse_rat_file("bad", "2\n0 0 1 1\n").is_err());
        assert!(parse_rat_file("bad", "1\n0 0 1 2\n").is_err());
    }

    #[test]
    fn generated_mazes_without_loops_pass_and_loops_fail() {
        // 2x2: 0–2, 2–3 joined, 1 shut off.
        let open = [NORTH | SOUTH, 0, NORTH | EAST, WEST | SOUTH];
        let rooms = Rooms::checked(2, &open).unwrap();
        assert_eq!(rooms.door_problem(), None);
        assert_eq!(rooms.groups().1, 2);
        assert_eq!(rooms.passage_count(), 2);
        let looped = [
            NORTH | SOUTH | EAST,
            WEST | SOUTH,
            NORTH | EAST,
            WEST | SOUTH | NORTH,
        ];
        let rooms = Rooms::checked(2, &looped).unwrap();
        assert_eq!(rooms.passage_count(), 4);
        assert!(Rooms::checked(3, &open).is_err());
    }
}
