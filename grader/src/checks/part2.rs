//! Judges of the Part 2 checks (rat in a maze).

use super::Judge;

/// The Part 2 checks, by name.
pub const CHECKS: &[(&str, Judge)] = &[];
