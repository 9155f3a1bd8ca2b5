//! Solving a maze with parallel tasks.
//!
//! The search walks from the start. Along a corridor (one way on) it simply keeps
//! walking on the task it is on; at a junction it starts a new task for every way on,
//! each with its own copy of the directions taken so far, and never goes back the
//! way it came. The first task to reach the end records its directions and raises a
//! shared "done" flag that every task checks at every step, so the others stop.
//!
//! Two guards keep a broken maze from running forever: a path longer than the maze
//! has cells can only come from going round a loop, so it ends the search with an
//! error; and a watchdog ends it after the maze's timeout.

use crate::direction::Direction;
use crate::error::SolveError;
use crate::maze::Maze;

impl Maze {
    // ANCHOR: solve
    /// Finds the directions that lead from the start to the end, keeps them (see
    /// [`solution`](Maze::solution)) and returns them.
    ///
    /// Errors: [`SolveError::NotCreated`] before [`create`](Maze::create);
    /// [`SolveError::PathTooLong`] when a path grows longer than the maze has cells
    /// (the maze has a loop); [`SolveError::NoPath`] when every path ends in a dead
    /// end; [`SolveError::Timeout`] when no task reaches the end in time.
    pub fn solve(&mut self) -> Result<Vec<Direction>, SolveError> {
        // TODO (handout §6): write Maze::solve.
        todo!(
            "Maze::solve (handout §6): find the directions from the start {:?} to the end {:?}",
            self.start,
            self.end
        )
    }
    // ANCHOR_END: solve
}
