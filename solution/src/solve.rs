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

// BEGIN SOLUTION ONLY
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;

use crate::direction::DirectionExt;
use crate::position::Position;
// END SOLUTION
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
        // BEGIN SOLUTION Maze::solve (§6): find the directions from the start {:?} to the end {:?} | self.start, self.end
        if !self.created {
            return Err(SolveError::NotCreated);
        }
        let search = Search {
            maze: self,
            cell_count: usize::try_from(self.width() * self.height()).unwrap_or(usize::MAX),
            done: AtomicBool::new(false),
            outcome: Mutex::new(None),
        };
        let timeout = self.solve_timeout;
        let timed_out = AtomicBool::new(false);
        let (finished, wake_up) = mpsc::channel::<()>();
        thread::scope(|threads| {
            // The watchdog as handout §6 shows it: the receiver, which cannot be
            // shared between threads, moves into it; the flags are references that
            // the `move` copies. Dropping `finished` below wakes it with Disconnected.
            let (done, timed_out) = (&search.done, &timed_out);
            threads.spawn(move || {
                if let Err(RecvTimeoutError::Timeout) = wake_up.recv_timeout(timeout) {
                    timed_out.store(true, Ordering::SeqCst);
                    done.store(true, Ordering::SeqCst);
                }
            });
            rayon::scope(|tasks| search.follow(tasks, self.start, Direction::NONE, Vec::new()));
            drop(finished);
        });
        let outcome = search
            .outcome
            .into_inner()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let result = match outcome {
            Some(result) => result,
            None if timed_out.load(Ordering::SeqCst) => Err(SolveError::Timeout(timeout)),
            None => Err(SolveError::NoPath(self.end)),
        };
        self.solution = result.as_ref().ok().cloned();
        result
        // END SOLUTION
    }
    // ANCHOR_END: solve
}

// BEGIN SOLUTION ONLY
/// What all the tasks of one search share.
struct Search<'m> {
    maze: &'m Maze,
    cell_count: usize,
    /// Raised by the task that finishes the search; every task checks it at every step.
    done: AtomicBool,
    /// The first result: the directions to the end, or the error that ended the search.
    outcome: Mutex<Option<Result<Vec<Direction>, SolveError>>>,
}

impl Search<'_> {
    /// Walks on from `position`, entered going `heading` after `directions`.
    fn follow<'s>(
        &'s self,
        tasks: &rayon::Scope<'s>,
        mut position: Position,
        mut heading: Direction,
        mut directions: Vec<Direction>,
    ) {
        loop {
            if self.done.load(Ordering::SeqCst) {
                return;
            }
            if directions.len() > self.cell_count {
                self.finish(Err(SolveError::PathTooLong {
                    moves: directions.len(),
                    cells: self.cell_count,
                }));
                return;
            }
            if heading != Direction::NONE {
                directions.push(heading);
            }
            if position == self.maze.end {
                self.finish(Ok(directions));
                return;
            }
            let ways_on = self
                .maze
                .cells
                .accessible_neighbors(position, heading.opposite());
            if ways_on.len() == 1 {
                // A corridor: keep walking on this task.
                let (&direction, &next) = ways_on.iter().next().expect("one way on");
                heading = direction;
                position = next;
                continue;
            }
            // A dead end (no way on) ends here; a junction hands each way on to a
            // task of its own with its own copy of the path so far.
            for (direction, next) in ways_on {
                let directions = directions.clone();
                tasks.spawn(move |tasks| self.follow(tasks, next, direction, directions));
            }
            return;
        }
    }

    /// Records `result` unless another task got there first, and stops every task.
    fn finish(&self, result: Result<Vec<Direction>, SolveError>) {
        let mut outcome = self
            .outcome
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if outcome.is_none() {
            *outcome = Some(result);
        }
        self.done.store(true, Ordering::SeqCst);
    }
}
// END SOLUTION
