//! Breadth-first search through the doubled graph, and the path it finds.
//!
//! [`solve`] runs breadth-first search (BFS) on [`Graph::new`]'s graph, exactly so:
//!
//! 1. Put the start node, square (1,1) moving forward, in a queue and mark it.
//! 2. While the queue is not empty, take out its front node. If it is the target's
//!    (forward) node, stop. Otherwise, for each node its edges lead to, in the
//!    graph's order (nearest stop first), that is not marked yet: mark it, remember
//!    the node it was reached from (its *parent*), and put it at the back of the
//!    queue.
//! 3. If the queue runs empty, the target cannot be reached.
//!
//! A node is marked when it is put in the queue, so it is put in at most once and
//! keeps the first parent it was given. Following the parents back from the target
//! to the start, and turning that list round, gives the path: one of the shortest,
//! and with this order always the same one.
//!
//! The parents live in a `Vec` with one entry per node, indexed by
//! [`Graph::index`]: a *parent array*.

use super::board::Board;

// ANCHOR: solve
/// The squares of the shortest way from (1,1) to the target, found by the
/// breadth-first search of the [module](self) documentation, as (row, column)
/// pairs from (1,1) to the target, both included; or `None` when the target cannot
/// be reached. When (1,1) is the target, the way is just `[(1, 1)]`.
pub fn solve(board: &Board) -> Option<Vec<(usize, usize)>> {
    // TODO (handout §10.3): write solve.
    todo!(
        "solve (handout §10.3): search the doubled graph of {board:?} breadth first from (1,1) and return the path to the target"
    )
}
// ANCHOR_END: solve

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arrows::format::parse;
    use crate::deadline::{Cause, within};

    #[test]
    fn a_start_on_the_target_needs_no_move() {
        within(
            30,
            "arrows::solve on the test's boards",
            Cause::ArrowsSolve,
            || {
                let board = parse("1 1\n1 1 X N X\n").unwrap();
                assert_eq!(solve(&board), Some(vec![(1, 1)]));
            },
        );
    }

    #[test]
    fn one_move_reaches_a_target_on_the_line() {
        within(
            30,
            "arrows::solve on the test's boards",
            Cause::ArrowsSolve,
            || {
                let board = parse("1 2\n1 1 R N E\n1 2 X N X\n").unwrap();
                assert_eq!(solve(&board), Some(vec![(1, 1), (1, 2)]));
            },
        );
    }

    #[test]
    fn a_target_off_every_line_cannot_be_reached() {
        within(
            30,
            "arrows::solve on the test's boards",
            Cause::ArrowsSolve,
            || {
                let board = parse("1 2\n1 1 R N W\n1 2 X N X\n").unwrap();
                assert_eq!(solve(&board), None);
            },
        );
    }

    #[test]
    fn bfs_prefers_fewer_moves() {
        within(
            30,
            "arrows::solve on the test's boards",
            Cause::ArrowsSolve,
            || {
                // R→ B↓ B← X: straight to the target in one move, although (1,2) and (1,3)
                // are nearer stops.
                let board = parse("1 4\n1 1 R N E\n1 2 B N S\n1 3 B N W\n1 4 X N X\n").unwrap();
                assert_eq!(solve(&board), Some(vec![(1, 1), (1, 4)]));
            },
        );
    }

    #[test]
    fn lines_run_diagonally_too() {
        within(
            30,
            "arrows::solve on the test's boards",
            Cause::ArrowsSolve,
            || {
                // (1,1) points south-east to the blue (2,2), which points north to the target.
                let board = parse("2 2\n1 1 R N SE\n1 2 X N X\n2 1 R N E\n2 2 B N N\n").unwrap();
                assert_eq!(solve(&board), Some(vec![(1, 1), (2, 2), (1, 2)]));
            },
        );
    }

    #[test]
    fn a_node_keeps_the_first_parent_it_is_given() {
        within(
            30,
            "arrows::solve on the test's boards",
            Cause::ArrowsSolve,
            || {
                // (1,1) R→ stops on (1,2) B↓ and then (1,3) B↙; both lead to (2,2) R←, which
                // leads to the target (2,1). (2,2) is first reached from the nearer (1,2),
                // and keeps that parent.
                let board = parse(
                    "2 3\n1 1 R N E\n1 2 B N S\n1 3 B N SW\n2 1 X N X\n2 2 R N W\n2 3 R N N\n",
                )
                .unwrap();
                assert_eq!(solve(&board), Some(vec![(1, 1), (1, 2), (2, 2), (2, 1)]));
            },
        );
    }

    #[test]
    fn a_circle_turns_the_player_round() {
        within(
            30,
            "arrows::solve on the test's boards",
            Cause::ArrowsSolve,
            || {
                // (1,1) R→ stops on (1,2), whose arrow points north, off the board. Circled,
                // it turns the player round: moving backward, (1,2) points south, onto the
                // target.
                let circled = parse("2 2\n1 1 R N E\n1 2 B C N\n2 1 R N N\n2 2 X N X\n").unwrap();
                assert_eq!(solve(&circled), Some(vec![(1, 1), (1, 2), (2, 2)]));
                let plain = parse("2 2\n1 1 R N E\n1 2 B N N\n2 1 R N N\n2 2 X N X\n").unwrap();
                assert_eq!(solve(&plain), None);
            },
        );
    }
}
