//! The random number generator every maze is made with (provided code: use it as it
//! is, do not change it).
//!
//! Mazes are graded by comparing them with the reference solution's, which only works
//! when the same seed gives the same numbers on every machine. [`MazeRng`] wraps
//! ChaCha8, whose output is fixed by its specification, and the kit pins the exact
//! versions of `rand` and `rand_chacha`. It offers only the few draws the handout
//! uses, so that "the order of random calls" is a short, checkable list.

use std::fmt;
use std::ops::RangeInclusive;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A seeded, reproducible source of random numbers.
#[derive(Clone)]
pub struct MazeRng(ChaCha8Rng);

impl fmt::Debug for MazeRng {
    // The generator's internal state is 100-odd numbers that help nobody reading a
    // message; its name is enough.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("MazeRng")
    }
}

impl MazeRng {
    // ANCHOR: seed_from_u64
    /// A generator whose whole sequence is fixed by `seed`.
    pub fn seed_from_u64(seed: u64) -> MazeRng {
        MazeRng(ChaCha8Rng::seed_from_u64(seed))
    }
    // ANCHOR_END: seed_from_u64

    // ANCHOR: in_range
    /// A whole number drawn uniformly from `range`, both ends included.
    ///
    /// # Panics
    /// If the range is empty (its start is after its end).
    pub fn in_range(&mut self, range: RangeInclusive<i32>) -> i32 {
        assert!(
            !range.is_empty(),
            "MazeRng::in_range needs a non-empty range, got {range:?}: both ends of the range are included, so one value v is the range v..=v"
        );
        self.0.random_range(range)
    }
    // ANCHOR_END: in_range

    // ANCHOR: in_range_u64
    /// A whole number drawn uniformly from `range`, both ends included, for ranges
    /// too wide for [`in_range`](MazeRng::in_range) (Part 3's weighted draw, whose
    /// total weight can pass `i32::MAX`). Added for Part 3: the draws of Parts 1 and 2
    /// do not use it, so their mazes are unchanged.
    ///
    /// # Panics
    /// If the range is empty (its start is after its end).
    pub fn in_range_u64(&mut self, range: RangeInclusive<u64>) -> u64 {
        assert!(
            !range.is_empty(),
            "MazeRng::in_range_u64 needs a non-empty range, got {range:?}: both ends of the range are included, so one value v is the range v..=v"
        );
        self.0.random_range(range)
    }
    // ANCHOR_END: in_range_u64

    // ANCHOR: chance
    /// A number drawn uniformly from `[0, 1)`.
    pub fn chance(&mut self) -> f64 {
        self.0.random::<f64>()
    }
    // ANCHOR_END: chance

    // ANCHOR: pick
    /// One element of `items`, each equally likely; `None` when `items` is empty.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            return None;
        }
        let index = self.0.random_range(0..items.len());
        items.get(index)
    }
    // ANCHOR_END: pick
}
