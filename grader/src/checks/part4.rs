//! Part 4 (Prim mazes and the backtracking solver) checks: for each, the input the grader builds and the judge of what the
//! student's code made of it.

use super::CheckSpec;

/// The Part 4 checks, in report order.
pub const CHECKS: &[CheckSpec] = &[];
