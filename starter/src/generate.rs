//! Every way the kit knows to create a maze, in one list (provided code).
//!
//! Part 1's carver ([`Maze::create`]), Part 3's weighted spanning tree
//! ([`texture`](crate::texture)) and Part 4's Prim generator ([`prim`](crate::prim))
//! each implement [`Generator`] (in [`generator`](crate::generator), which they and
//! this list both use), and [`GENERATORS`] lists them. The `maze` command line, the
//! tests and the benchmarks go through that list, so adding a generator is adding a
//! file and one entry here.
//!
//! A generator only builds the grid and chooses the start and the end; solving and
//! drawing stay elsewhere.

use crate::error::MazeError;
use crate::maze::Maze;
use crate::prim::Prim;
use crate::rng::MazeRng;
use crate::texture::Weighted;

// The trait and its settings by the paths the driver, the tests and students' code
// use (`maze::generate::Settings`).
pub use crate::generator::{Ends, Generator, Settings};

// ANCHOR: generators
/// Every generator, in the order the command line lists them; the first is the
/// default.
pub const GENERATORS: [&dyn Generator; 3] = [&Backtracker, &Weighted, &Prim];
// ANCHOR_END: generators

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
    use crate::deadline::{Cause, within};

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
        within(
            30,
            "Maze::create and the backtracker",
            Cause::Create,
            || {
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
            },
        );
    }
}
