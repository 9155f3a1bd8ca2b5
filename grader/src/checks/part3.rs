//! Part 3 (textured mazes) checks: for each, the input the grader builds and the judge of what the
//! student's code made of it.

use super::CheckSpec;

/// The Part 3 checks, in report order.
pub const CHECKS: &[CheckSpec] = &[];
