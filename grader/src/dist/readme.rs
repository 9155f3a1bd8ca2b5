//! The template's README, for students: how to start, how to be graded, and what the
//! grader's workflow does with the points.

use super::{GraderSource, Options};

/// The template's README: for students, and true to the workflow `options` write.
pub(super) fn readme(options: &Options) -> String {
    let submit = match &options.grader {
        GraderSource::Course { repo, rev } => format!(
            "Commit and push. The `Autograding Tests` workflow (`.github/workflows/grade.yml`)
grades every push and pull request with the course's grader: the repository
`{repo}` at the commit `{rev}`, not the copy in your repository, so
changing `grader/` here changes nothing there. It gives the points to GitHub
Classroom, puts the report in the run's summary and attaches `results.json`; the run
fails only when the score is below the minimum your course set.

Those points are feedback. The workflow file lives in your repository, which you can
edit, so GitHub Classroom's points cannot be the grade: the grade that counts is the
one your course computes with its own copy of the grader (`grader grade-all` or
Gradescope) after the deadline.
"
        ),
        GraderSource::FeedbackOnly => {
            "Commit and push. The `Feedback` workflow (`.github/workflows/grade.yml`) grades every
push and pull request with the grader in this repository and puts the report in the
run's summary. It is feedback only: that grader is yours to edit, so its points are
not the course's and none go to GitHub Classroom. The grade that counts is the one
your course computes with its own copy of the grader (`grader grade-all` or
Gradescope) after the deadline.
"
            .to_owned()
        }
    };
    format!("{README}\n## Submit\n\n{submit}")
}

pub(super) const README: &str = r#"# Perfect Mazes

```sh
cargo run --locked -p maze-grader -- grade starter
cd starter && cargo test --locked
```

The first command grades your work and tells you what to fix; the second runs the
tests that come with the starter (add `--no-fail-fast` to run every test program even
when the library's own tests fail). You need Rust 1.89 or newer (https://rustup.rs);
cargo fetches everything else.

## What to do

Read the handout: `handout/src/introduction.md` on GitHub or in your editor, chapter
after chapter (each shows the starter's code it talks about), or as a book
(`handout/README.md` says how). Then replace each `todo!()` in `starter/src/` with your
code, in the order of the handout. Each `todo!` names the method and the handout
section that explains it.

## Run your code

```sh
cd starter
cargo run -- generate --width 12 --height 8 --seed 1              # draw a maze
cargo run -- solve --width 20 --height 10 --format unicode        # and its solution
cargo run -- solve --width 20 --height 10 --format svg --output maze.svg
cargo run -- rat ../fixtures/rat/sample.txt                        # Part 2
```

Until a part is written the program says `error: not implemented yet: …` and names it.

## Grade locally

From the repository's root:

```sh
cargo run -p maze-grader -- grade starter
cargo run -p maze-grader -- watch starter     # grade again on every save
```

`watch` grades once, then again each time you save a file in `starter/src/`: it shows
the first failing check with its hint (the next thing to fix), each part's progress
and your score. Type `q` and Enter (or press Ctrl-C) to stop.

**The first grading takes a minute or two, once.** Cargo first compiles the grader
itself (its progress bar counts the crates), then the grader builds the crates your
code uses ("building the crates your code and the grader's probe use … — first time
only"), then it grades. Measured from a fresh clone on a quiet 2-core machine, with
the crates already downloaded: 85 s, cargo compiling the grader for 54 of them and
the first grading for 31. A busy or slower machine takes longer. After that, a
grading takes seconds: only your code is compiled again.

Each check shows ✓ or ✗, its points, what went wrong (for example
`not implemented: Position::moved (handout §3)` or `used … s of CPU time: a loop or
recursion that never ends?`, the seconds being the check's time limit), a diff of
expected and actual output where that helps, and a hint to the handout. Other formats:
`--format html|markdown|json|junit|gradescope` (`html` is one page for a browser,
with your maze, path or search drawn beside the expected one where they differ).
Only `starter/src/**/*.rs` is graded:
changing the grader, the tests or the manifests does not change your grade, since the
course grades with its own copy.

**Why your total here is smaller than the course's.** This grader runs the course's
public checks. The course's grading also runs hidden checks, and asks every public
check again on inputs it keeps private (other sizes, seeds and files of the same
kind), so its total is higher and a check passes there only when your code is right
for inputs it has not seen. Code that works for the reasons the handout gives passes
both; code written to match the outputs shown here does not.

**Disk.** Grading needs about 510 MB below `target/` at the repository's root: the
grader's own build (`target/debug`, 300 MB) and its work dir (`target/grader`, 210 MB:
the crates your code uses, built once, and your crate's build). `cargo test` and `cargo run` in
`starter/` use `starter/target` besides. To use less:

- put the grader's work dir elsewhere, e.g. on a scratch disk:
  `cargo run -p maze-grader -- grade starter --work-dir /tmp/maze-grader` (or set
  `MAZE_GRADER_WORK_DIR`);
- delete what you do not need now: `rm -rf target/grader` (rebuilt at the next
  grading), `cargo clean` at the root (the grader is compiled again next time),
  `cargo clean` in `starter/`. Nothing in `target/` is your work.
"#;
