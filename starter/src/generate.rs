//! Every way the kit knows to create a maze, behind one trait and in one list
//! (provided code).
//!
//! Part 1's carver ([`Maze::create`]), Part 3's weighted spanning tree
//! ([`texture`](crate::texture)) and Part 4's Prim generator ([`prim`](crate::prim))
//! each implement [`Generator`], and [`GENERATORS`] lists them. The `maze` command
//! line, the tests and the benchmarks go through that list, so adding a generator is
//! adding a file and one entry here.
//!
//! A generator only builds the grid and chooses the start and the end; solving and
//! drawing stay elsewhere.

use std::fmt;

use crate::error::MazeError;
use crate::maze::Maze;
use crate::position::Position;
use crate::prim::Prim;
use crate::rng::MazeRng;
use crate::texture::{Favor, Root, Weighted};

// ANCHOR: settings
/// What the generators may be told besides the size. Each one reads only its own
/// settings: the backtracker the complexity, the weighted generator the favor and the
/// root; Prim's generator reads none.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Settings {
    /// Part 1's complexity, 0..=1: 0 makes long corridors, 1 many turns.
    pub complexity: f64,
    /// Part 3: which links the weighted generator prefers.
    pub favor: Favor,
    /// Part 3: where the weighted generator's tree starts.
    pub root: Root,
}

impl Default for Settings {
    /// Complexity 0.5, no favor, the root in the corner: the command line's defaults.
    fn default() -> Settings {
        Settings {
            complexity: 0.5,
            favor: Favor::None,
            root: Root::Corner,
        }
    }
}
// ANCHOR_END: settings

// ANCHOR: ends
/// Where a generated maze starts and ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ends {
    /// The cell the player or solver starts from.
    pub start: Position,
    /// The cell to reach.
    pub end: Position,
}
// ANCHOR_END: ends

// ANCHOR: generator
/// One way of creating a perfect maze.
pub trait Generator: fmt::Debug + Sync {
    /// The generator's name, as given on the command line (`--algorithm prim`).
    fn name(&self) -> &'static str;

    /// One line saying what its mazes look like, for `--help`.
    fn about(&self) -> &'static str;

    /// A created `width` × `height` maze, made with `rng` and the `settings` this
    /// generator reads; an error when the size (or a setting it reads) is not allowed.
    fn generate(
        &self,
        width: i32,
        height: i32,
        settings: &Settings,
        rng: &mut MazeRng,
    ) -> Result<Maze, MazeError>;
}

/// Every generator, in the order the command line lists them; the first is the
/// default.
pub const GENERATORS: [&dyn Generator; 3] = [&Backtracker, &Weighted, &Prim];
// ANCHOR_END: generator

/// The generator called `name`, if there is one.
pub fn find(name: &str) -> Option<&'static dyn Generator> {
    GENERATORS
        .into_iter()
        .find(|generator| generator.name() == name)
}

/// Part 1's randomised depth-first carver, [`Maze::create`].
#[derive(Debug, Clone, Copy)]
pub struct Backtracker;

impl Generator for Backtracker {
    fn name(&self) -> &'static str {
        "backtracker"
    }

    fn about(&self) -> &'static str {
        "Part 1: a randomised depth-first carver (reads --complexity)"
    }

    fn generate(
        &self,
        width: i32,
        height: i32,
        settings: &Settings,
        rng: &mut MazeRng,
    ) -> Result<Maze, MazeError> {
        let mut maze = Maze::new(width, height)?;
        maze.create(settings.complexity, rng)?;
        Ok(maze)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_distinct_and_found_again() {
        let mut names: Vec<&str> = GENERATORS.iter().map(|g| g.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), GENERATORS.len());
        for generator in GENERATORS {
            assert_eq!(find(generator.name()).unwrap().name(), generator.name());
        }
        assert!(find("kruskal").is_none());
    }

    #[test]
    fn the_backtracker_makes_exactly_what_maze_create_makes() {
        let settings = Settings {
            complexity: 0.3,
            ..Settings::default()
        };
        let listed = Backtracker
            .generate(12, 7, &settings, &mut MazeRng::seed_from_u64(4))
            .unwrap();
        let mut direct = Maze::new(12, 7).unwrap();
        direct.create(0.3, &mut MazeRng::seed_from_u64(4)).unwrap();
        assert_eq!(listed.cells(), direct.cells());
        assert_eq!(
            (listed.start(), listed.end()),
            (direct.start(), direct.end())
        );
    }
}
