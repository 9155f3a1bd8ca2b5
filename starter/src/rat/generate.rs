//! Random rat mazes, made with a disjoint set.
//!
//! Both generators start from a maze whose inner doors are all closed and a
//! [`DisjointSet`](super::DisjointSet) in which every room is a set of its own. They
//! then repeat one *round*:
//!
//! 1. draw a room: `rng.in_range(0..=rooms − 1)`;
//! 2. draw one of its directions that stays inside the maze:
//!    `rng.pick(&directions)`, where `directions` lists them in north, south, east,
//!    west order (a corner room has two, a border room three, any other room four);
//! 3. if the room and its neighbour that way are in different sets, open the doors
//!    between them and join their sets; otherwise do nothing.
//!
//! Because doors are opened only between rooms that were not yet joined, a
//! generated maze never has a loop: the passages form trees, one per set.
//!
//! [`generate`] is the source project's algorithm: it stops as soon as the start and
//! the goal are in the same set, so some rooms may stay shut off from the path.
//! [`generate_perfect`] goes on until every room is in one set, which makes a
//! *perfect* maze: exactly one path between any two rooms.

use super::error::RatError;
use super::maze::RatMaze;
use crate::rng::MazeRng;

// ANCHOR: generate
/// A random n×n maze in which the goal can be reached from the start, made by
/// rounds (see the [module](self) documentation) until room 0 and room n² − 1 are in
/// the same set; or an error if n is outside 1..=[`MAX_SIZE`](super::MAX_SIZE).
///
/// For n = 1 the start is the goal, so no round is needed and no number is drawn.
pub fn generate(n: usize, rng: &mut MazeRng) -> Result<RatMaze, RatError> {
    // TODO (handout §7.5): write generate.
    todo!(
        "generate (handout §7.5): a maze of {n}x{n} rooms whose start and goal are joined, drawing from {rng:?}"
    )
}
// ANCHOR_END: generate

// ANCHOR: generate_perfect
/// A random perfect n×n maze, made by rounds (see the [module](self) documentation)
/// until every room is in one set, that is until n² − 1 pairs have been joined; or an
/// error if n is outside 1..=[`MAX_SIZE`](super::MAX_SIZE).
pub fn generate_perfect(n: usize, rng: &mut MazeRng) -> Result<RatMaze, RatError> {
    // TODO (handout §7.5): write generate_perfect.
    todo!("generate_perfect (handout §7.5): a perfect maze of {n}x{n} rooms, drawing from {rng:?}")
}
// ANCHOR_END: generate_perfect

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deadline::{Cause, within};

    #[test]
    fn the_same_seed_gives_the_same_maze() {
        within(
            30,
            "rat::generate and rat::generate_perfect",
            Cause::RatGenerate,
            || {
                let first = generate(12, &mut MazeRng::seed_from_u64(7)).unwrap();
                let second = generate(12, &mut MazeRng::seed_from_u64(7)).unwrap();
                assert_eq!(first, second);
                let perfect = generate_perfect(12, &mut MazeRng::seed_from_u64(7)).unwrap();
                assert_eq!(
                    perfect,
                    generate_perfect(12, &mut MazeRng::seed_from_u64(7)).unwrap()
                );
            },
        );
    }

    #[test]
    fn a_one_room_maze_draws_no_numbers() {
        within(
            30,
            "rat::generate and rat::generate_perfect",
            Cause::RatGenerate,
            || {
                let mut rng = MazeRng::seed_from_u64(3);
                let maze = generate(1, &mut rng).unwrap();
                assert_eq!(maze, RatMaze::new(1).unwrap());
                assert_eq!(generate_perfect(1, &mut rng).unwrap(), maze);
                // The generator is where a fresh one with the same seed would be.
                assert_eq!(
                    rng.in_range(0..=1_000_000),
                    MazeRng::seed_from_u64(3).in_range(0..=1_000_000)
                );
            },
        );
    }

    #[test]
    fn sizes_outside_the_limits_are_refused() {
        let mut rng = MazeRng::seed_from_u64(1);
        assert_eq!(generate(0, &mut rng), Err(RatError::SizeOutOfRange(0)));
        assert_eq!(
            generate_perfect(crate::rat::MAX_SIZE + 1, &mut rng),
            Err(RatError::SizeOutOfRange(crate::rat::MAX_SIZE + 1))
        );
    }
}
