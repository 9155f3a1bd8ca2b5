//! The grader.
fn main() {}
