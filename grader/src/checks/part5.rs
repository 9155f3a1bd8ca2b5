//! Part 5 (arrow mazes) checks: for each, the input the grader builds and the judge of what the
//! student's code made of it.

use super::CheckSpec;

/// The Part 5 checks, in report order.
pub const CHECKS: &[CheckSpec] = &[];
