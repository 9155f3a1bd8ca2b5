//! A deadline for the tests that run code which could loop for ever (the solvers,
//! the generators, the searches): the code runs on a thread of its own, and the test
//! fails with a message naming the likely cause when the thread has not finished in
//! time, so that `cargo test` ends with a result instead of hanging.
//!
//! A late thread cannot be stopped from outside; it is left running, and ends with
//! the test program once the other tests are done. The deadlines are many times what
//! the reference takes in a debug build on a busy machine: reaching one means the code
//! does not end, not that it is slow.
//!
//! The integration tests include this file as `mod deadline;`, and the library's unit
//! tests include the same file (see `src/lib.rs`), so it is written once.

use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::Duration;

/// The code a test runs under a deadline, for the likely cause a late test names.
#[derive(Debug, Clone, Copy)]
// Each test program names the kinds of code it runs, not all of them.
#[allow(dead_code)]
pub enum Cause {
    /// `Maze::create` (§5).
    Create,
    /// `Maze::solve` (§6).
    Solve,
    /// `rat::generate` and `rat::generate_perfect` (§7.5).
    RatGenerate,
    /// `rat::bfs` and `rat::dfs` (§7.6).
    RatSearch,
    /// `generate_weighted`'s loop, which calls `weighted_pick` (§8.2).
    WeightedPick,
    /// `generate_prim` (§9.1).
    Prim,
    /// `solve_backtracking` (§9.2).
    Backtracking,
    /// `arrows::solve` (§10.3), which `arrows::generate` calls too.
    ArrowsSolve,
}

impl Cause {
    /// What code of this kind that does not end most likely does wrong.
    fn words(self) -> &'static str {
        match self {
            Cause::Create => {
                "a loop that never ends? The end is drawn again only until it differs \
                 from the start, and process_cell carves only into neighbours that still \
                 have all four walls, so each cell is carved once (handout §5)"
            }
            Cause::Solve => {
                "do the tasks stop? Each task reads the done flag and stops once it is \
                 raised (by the task that reaches the end, or by the watchdog when the \
                 time is up), and the length guard stops a path longer than the maze has \
                 cells (handout §6)"
            }
            Cause::RatGenerate => {
                "a loop that never ends? `generate` stops once the start and the goal are \
                 in the same group, and `generate_perfect` once it has opened rooms − 1 \
                 doors, counting only the rounds whose union joined two groups (handout \
                 §7.5)"
            }
            Cause::RatSearch => {
                "a search that never ends? A room is marked when it is put into the queue \
                 or onto the stack and is never put in again, and the search stops when \
                 the queue or the stack is empty (handout §7.6)"
            }
            Cause::WeightedPick => {
                "a loop that never ends in weighted_pick? Its walk goes through the links \
                 once and returns at the first link whose running sum reaches r (handout \
                 §8.2)"
            }
            Cause::Prim => {
                "a loop that never ends? The generator adds only neighbours not yet in the \
                 maze and stops when every cell is in, so it counts the cells it has added \
                 (handout §9.1)"
            }
            Cause::Backtracking => {
                "a search that never ends? A cell once searched stays searched, also after \
                 the search backs out of it, and the search backs up when a cell has no \
                 way on left (handout §9.2)"
            }
            Cause::ArrowsSolve => {
                "a search that never ends? A node is marked when it is put into the queue \
                 and never put in again, the search stops when the queue is empty, and the \
                 walk along the parents from the target ends at the start node, which has \
                 no parent (handout §10.3)"
            }
        }
    }
}

/// Runs `work` on a thread of its own and returns what it returns. When it has not
/// finished after `seconds`, the test fails with "`what` did not finish within
/// `seconds` s: " and the likely `cause`. A panic inside `work` fails the test with
/// its own message, as if `work` had run on the test's thread. A late test's message
/// points at the line that called `within`, not at this file.
#[track_caller]
pub fn within<T: Send + 'static>(
    seconds: u64,
    what: &str,
    cause: Cause,
    work: impl FnOnce() -> T + Send + 'static,
) -> T {
    let (sender, receiver) = mpsc::channel();
    let worker = thread::Builder::new()
        .name(what.to_owned())
        .spawn(move || {
            // The receiver is gone only when the deadline has passed: nobody is
            // waiting for the result any more.
            let _ = sender.send(work());
        })
        .expect("a thread for the code under test");
    match receiver.recv_timeout(Duration::from_secs(seconds)) {
        Ok(value) => value,
        Err(RecvTimeoutError::Timeout) => {
            panic!(
                "{what} did not finish within {seconds} s: {}",
                cause.words()
            )
        }
        // The worker ended without sending: it panicked, and its message has been
        // printed; fail with the same payload.
        Err(RecvTimeoutError::Disconnected) => match worker.join() {
            Err(payload) => std::panic::resume_unwind(payload),
            Ok(()) => unreachable!("the worker sends before it ends"),
        },
    }
}
