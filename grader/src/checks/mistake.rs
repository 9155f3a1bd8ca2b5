//! What a failed check got wrong, as a key: the class page (`grade-all`'s
//! `index.html`) groups a class's failures of one check by it, so that 38 students
//! with one misreading and 2 with another read as two groups, not 40 messages.
//!
//! A key is a kind (`build error`, `not implemented`, `panicked`, `visit order`, …)
//! and the facts that tell two mistakes of that kind apart, with what varies from one
//! submission to the next left out: where a panic happened in the student's file, how many more
//! problems of the same kind followed, the place and size a failure was found at
//! (the same bug met on two mazes is one mistake). A judge that knows what it found
//! says so with [`Verdict::with_mistake`](super::Verdict::with_mistake); any other
//! failure is keyed by its message with every number blanked out
//! ([`Mistake::of_message`]), which keeps its words (`goes south … through a
//! wall`) and drops its places. The key is kept in the JSON report (`results.json`),
//! which is all `grader merge` has to regroup a class graded in shards.

use serde::{Deserialize, Serialize};

/// What a failed check got wrong (see the module's documentation).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Mistake {
    /// What kind of mistake: a failure to build or run (`build error`, `not
    /// implemented`, `panicked`, `timed out`, …) or what a judge found
    /// (`visit order`, `wrong result`, …).
    pub kind: String,
    /// The facts that tell two mistakes of this kind apart (the first value that
    /// differs, the panic's message), empty when the kind says it all.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub detail: String,
}

/// The kind of a failure that no judge keyed (see [`Mistake::of_message`]).
pub const WRONG_RESULT: &str = "wrong result";
/// The kind of a check whose part did not build (its detail: the build's headline,
/// `your code does not compile` or `the grader cannot call your part2 code: …`).
pub const BUILD_ERROR: &str = "build error";
/// The kind of a check that met a `todo!()`.
pub const NOT_IMPLEMENTED: &str = "not implemented";
/// The kind of a check whose code panicked (but for a `todo!()`).
pub const PANICKED: &str = "panicked";
/// The kind of a check that ran out of its time limit.
pub const TIMED_OUT: &str = "timed out";
/// The kind of a check still waiting when the submission's time budget ran out.
pub const OUT_OF_BUDGET: &str = "the grading time budget ran out";
/// The kind of a check whose process died: a stack overflow, an abort, a limit.
pub const CRASHED: &str = "crashed or killed by a limit";
/// The kind of a check whose process ended without one proper answer.
pub const NO_RESULT: &str = "no result reported";
/// The kind of a check that did not run.
pub const DID_NOT_RUN: &str = "did not run";

impl Mistake {
    /// A mistake of `kind` told apart by `detail`.
    pub fn new(kind: impl Into<String>, detail: impl Into<String>) -> Mistake {
        Mistake {
            kind: kind.into(),
            detail: detail.into(),
        }
    }

    /// A mistake its kind says all of: `not implemented`, `timed out`, …
    pub fn kind(kind: impl Into<String>) -> Mistake {
        Mistake::new(kind, "")
    }

    /// The key of a failure no judge keyed: its message's first line with every
    /// number blanked out (see [`without_numbers`]).
    /// A message that says a stub was reached is [`NOT_IMPLEMENTED`], as its panic is.
    pub fn of_message(message: &str) -> Mistake {
        if message.starts_with(NOT_IMPLEMENTED) {
            Mistake::kind(NOT_IMPLEMENTED)
        } else {
            Mistake::new(WRONG_RESULT, without_numbers(message))
        }
    }

    /// The key of a panic with `message`: a `todo!()` is [`NOT_IMPLEMENTED`] (where
    /// it is varies, what is missing does not matter: the check's own stub or one
    /// it runs), any other one [`PANICKED`] with its message's words.
    pub fn of_panic(message: &str) -> Mistake {
        if message.starts_with("not yet implemented") {
            Mistake::kind(NOT_IMPLEMENTED)
        } else {
            Mistake::new(PANICKED, without_numbers(message))
        }
    }

    /// The key of a failure of `kind` told apart by `reason` without its numbers
    /// (a crash's or a build's headline).
    pub fn with_reason(kind: &str, reason: &str) -> Mistake {
        Mistake::new(kind, without_numbers(reason))
    }
}

/// The first line of `text` with every run of digits replaced by `#`: places, sizes,
/// counts and line numbers vary from one submission (or maze) to the next, the words
/// around them say what went wrong.
pub fn without_numbers(text: &str) -> String {
    let line = text.lines().next().unwrap_or_default().trim();
    let mut out = String::with_capacity(line.len());
    let mut in_number = false;
    for c in line.chars() {
        if c.is_ascii_digit() {
            if !in_number {
                out.push('#');
            }
            in_number = true;
        } else {
            in_number = false;
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_keys_by_its_words_not_its_places() {
        let a = Mistake::of_message(
            "the solution of the 12x7 maze is not a path from start to end: step 3 goes south from (2, 4) through a wall",
        );
        let b = Mistake::of_message(
            "the solution of the 50x5 maze is not a path from start to end: step 17 goes south from (40, 1) through a wall\nmore",
        );
        assert_eq!(a, b);
        assert_eq!(
            a.detail,
            "the solution of the #x# maze is not a path from start to end: step # goes south from (#, #) through a wall"
        );
        assert_ne!(
            a,
            Mistake::of_message(
                "the solution of the 12x7 maze is not a path from start to end: step 3 goes north from (2, 4) through a wall"
            )
        );
    }

    #[test]
    fn a_message_that_names_a_stub_is_not_implemented_whatever_its_check() {
        let message = "not implemented: parse (handout §10.1): read the board file of 51 lines";
        assert_eq!(Mistake::of_message(message), Mistake::kind(NOT_IMPLEMENTED));
        assert_eq!(
            Mistake::of_message("the board read is 3x4").kind,
            WRONG_RESULT
        );
    }

    #[test]
    fn a_todo_anywhere_is_one_mistake_and_a_panic_keeps_its_words() {
        assert_eq!(
            Mistake::of_panic("not yet implemented: Position::moved (handout §3)"),
            Mistake::of_panic("not yet implemented")
        );
        assert_eq!(
            Mistake::of_panic("not yet implemented").kind,
            NOT_IMPLEMENTED
        );
        let overflow = Mistake::of_panic("index out of bounds: the len is 3 but the index is 5");
        assert_eq!(
            overflow,
            Mistake::of_panic("index out of bounds: the len is 10 but the index is 10")
        );
        assert_eq!(overflow.kind, PANICKED);
        assert_ne!(
            overflow,
            Mistake::of_panic("called `Option::unwrap()` on a `None` value")
        );
    }
}
