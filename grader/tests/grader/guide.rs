//! An instructor following the guide, as a test: every command of the instructor's
//! guide (`guide/src`) is run in the guide's order, page by page as `SUMMARY.md`
//! lists them, in a copy of the kit as an instructor's clone holds it, and does what
//! the guide says it does.
//!
//! The guide marks its blocks in the handout's language (`transcripts.rs`): a block
//! without a marker must exit with 0, `says "…"` checks a message the guide quotes,
//! `skip: REASON` leaves out what cannot run here (GitHub, Gradescope, Docker, Slurm,
//! a roster) or costs minutes (the kit's own tests, clippy over the whole kit, a
//! benchmark), and `shell` runs the set-up's `sed` with its `$(openssl …)` through
//! `sh -c`. The order is the guide's: the set-up changes the secret and blesses before
//! the class is graded, and the class the guide makes itself (`../class`, `../similar`,
//! from the kit's own solution and starter) is the one graded, sharded and compared
//! later. Every path the guide names (`../class`, `../grades`…) is beside the copy, in
//! a scratch folder of its own; the guide assumes no input that it does not make.
//!
//! What differs from an instructor's machine, to keep the walk near two minutes: the
//! grader commands (`cargo run --locked -p maze-grader -- …`) run the kit's built
//! `grader` binary from the copy's root (so the copy is the kit it grades with)
//! instead of building the grader in the copy, and with the suite's shared work dir
//! (`MAZE_GRADER_WORK_DIR`), whose dependencies the other tests built; the cargo
//! that the copy's commands start (the self-check's clippy of the starter) shares the
//! checkout's `starter/target`, where CI's self-check checked the same dependencies.

use std::path::{Path, PathBuf};
use std::process::Command as Process;
use std::time::Instant;

use super::support::{checkout, copy_checkout, kit_root, work_dir};
use super::transcripts::{self, Block, Body, Book, Command};

/// The instructor's guide, read from the kit.
fn guide() -> Book {
    Book::load(&kit_root().join("guide/src")).unwrap_or_else(|errors| panic!("{errors}"))
}

#[test]
fn the_guide_parses_into_commands_and_every_skipped_block_says_why() {
    let book = guide();
    let commands: Vec<&Command> = book
        .blocks
        .iter()
        .flat_map(|block| match &block.body {
            Body::Console(commands) => commands.iter().collect(),
            Body::Rust(_) => Vec::new(),
        })
        .collect();
    assert!(
        commands.len() > 50,
        "only {} commands found in the guide: is the parser right?",
        commands.len()
    );
    let run = book
        .blocks
        .iter()
        .filter(|b| b.expect.skip.is_none())
        .count();
    assert!(
        run > 20,
        "only {run} of the guide's blocks run: the guide's walk would check little"
    );
    for block in &book.blocks {
        if let Some(reason) = &block.expect.skip {
            assert!(
                reason.split_whitespace().count() >= 2,
                "{}: `skip:` wants a reason a reader understands, not {reason:?}",
                block.place()
            );
        }
    }
}

/// What the walk did with one command.
struct Row {
    place: String,
    command: String,
    outcome: String,
}

impl Row {
    /// The row as the table prints it.
    fn line(&self) -> String {
        format!("{:<34} {:<44} {}", self.place, self.outcome, self.command)
    }
}

/// The process that runs `command` in the copy of the kit (see
/// [`transcripts::process`]), with the suite's work dir and the walk's target directory.
fn process(command: &Command, target: &Path) -> Process {
    let (mut process, _) = transcripts::process(command);
    // The grader sets the target directory of the builds it makes itself; this one
    // is for the cargo commands it passes on (the self-check's clippy) and the guide's.
    process
        .env("MAZE_GRADER_WORK_DIR", work_dir())
        .env("CARGO_TARGET_DIR", target)
        .env("CARGO_TERM_COLOR", "never")
        .env("NO_COLOR", "1");
    process
}

/// Runs one block in the copy of the kit at `kit`, adding a row for each command;
/// what differs from what the guide says.
fn run_block(
    src: &Path,
    block: &Block,
    kit: &Path,
    target: &Path,
    scratch: &Path,
    rows: &mut Vec<Row>,
) -> Vec<String> {
    let page_dir = src.join(&block.page).with_file_name("");
    let mut problems = Vec::new();
    let mut row = |line: usize, command: String, outcome: String| {
        let row = Row {
            place: format!("{}:{line}", block.page.display()),
            command,
            outcome,
        };
        // Printed as it happens, so that a long walk shows where it is.
        println!("{}", row.line());
        rows.push(row);
    };
    let commands = match &block.body {
        Body::Console(commands) => commands,
        Body::Rust(code) => {
            let compiled = transcripts::compiles(code, &scratch.join("rust-block"));
            if let Err(errors) = &compiled {
                problems.push(format!(
                    "{}: the Rust block does not compile:\n{errors}",
                    block.place()
                ));
            }
            let outcome = if compiled.is_ok() {
                "compiles"
            } else {
                "WRONG"
            };
            row(block.line, "(a Rust block)".to_owned(), outcome.to_owned());
            return problems;
        }
    };
    if let Some(reason) = &block.expect.skip {
        for command in commands {
            row(
                command.line,
                command.text.clone(),
                format!("skipped: {reason}"),
            );
        }
        return problems;
    }
    let dir = kit.join(block.expect.dir.as_deref().unwrap_or("."));
    for command in commands {
        let started = Instant::now();
        let ran = transcripts::run(
            process(command, target),
            command,
            &block.expect,
            &dir,
            &page_dir,
        );
        row(
            command.line,
            command.text.clone(),
            format!(
                "{} ({:.1} s)",
                ran.verdict(block.expect.fails),
                started.elapsed().as_secs_f64()
            ),
        );
        problems.extend(ran.problems.into_iter().map(|problem| {
            format!(
                "{}:{} `{}`: {problem}",
                block.page.display(),
                command.line,
                command.text
            )
        }));
    }
    problems
}

#[test]
#[ignore = "full tier: runs the instructor's guide in a copy of the kit (about two minutes)"]
fn an_instructor_following_the_guide_gets_what_it_says_at_every_step() {
    let started = Instant::now();
    let book = guide();
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    // `../class`, `../grades`, `../template`… of the guide land beside the copy.
    let scratch = tmp.join("guide-walk");
    let kit = scratch.join("perfect-mazes");
    // The self-check's clippy checks the copy's starter in the checkout's starter
    // target, where CI's own self-check (run before the tests) leaves the starter's
    // dependencies checked: only the copy's crate is checked again.
    let target = checkout().join("starter/target");
    let _ = std::fs::remove_dir_all(&scratch);
    // The instructor's clone: the kit's files without its builds (the kit as shipped,
    // as every test of the suite sees it).
    copy_checkout(&kit_root(), &kit);

    let mut rows = Vec::new();
    let mut problems = Vec::new();
    for block in &book.blocks {
        problems.extend(run_block(
            &book.src, block, &kit, &target, &scratch, &mut rows,
        ));
    }
    print_table(&rows, started.elapsed().as_secs_f64());
    assert!(
        problems.is_empty(),
        "{} things differ from what the guide says:\n\n{}",
        problems.len(),
        problems.join("\n\n")
    );
}

/// The table of what the walk checked, and a count per page in the guide's order.
fn print_table(rows: &[Row], seconds: f64) {
    println!(
        "\nThe instructor's walk: {} commands, {seconds:.0} s\n",
        rows.len()
    );
    println!("{:<34} {:<44} command", "where", "outcome");
    for row in rows {
        println!("{}", row.line());
    }
    println!("\nper page of the guide:");
    let places = rows
        .iter()
        .map(|row| (row.place.as_str(), row.outcome.as_str()));
    for (page, run, skipped) in transcripts::counts_by_page(places) {
        println!("  {page:<32} {run:>3} run, {skipped} skipped");
    }
}
