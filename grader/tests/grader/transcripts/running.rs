//! Running a book's commands as its walk does, and holding what they print to what
//! the book shows (see the language at the top of `transcripts.rs`).

use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command as Process, Output, Stdio};

use super::{Block, Book, Command, Expect, Section};

/// The process that runs `command` in a book's walk, and whether it is the grader:
/// the kit's built `grader` standing in for `cargo run … -p maze-grader -- ARGS`
/// (building the grader again would cost minutes and check nothing more), any other
/// program as it is. The variables of the test's own build and run are taken out of
/// its environment, so that the command sees what a reader's shell would give it; the
/// caller adds what its walk needs (a work dir, a target directory).
pub fn process(command: &Command) -> (Process, bool) {
    let words = &command.words;
    let grading = words[0] == "cargo" && words.iter().any(|w| w == "maze-grader");
    let mut process = if grading {
        let mut process = Process::new(env!("CARGO_BIN_EXE_grader"));
        process.args(words.iter().skip_while(|w| *w != "--").skip(1));
        process
    } else {
        let program = if words[0] == "cargo" {
            std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into())
        } else {
            words[0].clone().into()
        };
        let mut process = Process::new(program);
        process.args(&words[1..]);
        process
    };
    as_a_reader(&mut process);
    (process, grading)
}

/// `process` without the variables of the test's own build and run in its
/// environment: what a reader's shell would give the command.
pub fn as_a_reader(process: &mut Process) -> &mut Process {
    for name in [
        "RUSTFLAGS",
        "CARGO_ENCODED_RUSTFLAGS",
        "CARGO_BUILD_TARGET_DIR",
        "CARGO_MAKEFLAGS",
        "MAKEFLAGS",
        "MAZE_GRADER_WORK_DIR",
        "NO_COLOR",
        "RUST_BACKTRACE",
        "RUST_TEST_THREADS",
    ] {
        process.env_remove(name);
    }
    process
}

/// What running a command gave, and what was wrong with it.
#[derive(Debug)]
pub struct Ran {
    /// The process's output.
    pub output: Output,
    /// How it differs from what the book says; empty when it does what the book says.
    pub problems: Vec<String>,
}

impl Ran {
    /// How it went, in a walk's table: `WRONG` where it differs from the book, else
    /// what the book said it does (it `fails`, or passes).
    pub fn verdict(&self, fails: bool) -> &'static str {
        match (self.problems.is_empty(), fails) {
            (false, _) => "WRONG",
            (true, true) => "fails, as it says",
            (true, false) => "passes",
        }
    }
}

/// A walk's table counted page by page: for each page (the part of a row's place
/// before `:`), in the order the pages first come, how many of its commands ran and
/// how many were skipped (an outcome that starts with `skipped`). `rows` are each
/// row's place and outcome.
pub fn counts_by_page<'a>(
    rows: impl IntoIterator<Item = (&'a str, &'a str)>,
) -> Vec<(&'a str, usize, usize)> {
    let mut pages: Vec<(&str, usize, usize)> = Vec::new();
    for (place, outcome) in rows {
        let page = place.split(':').next().unwrap_or_default();
        let at = match pages.iter().position(|(p, ..)| *p == page) {
            Some(at) => at,
            None => {
                pages.push((page, 0, 0));
                pages.len() - 1
            }
        };
        if outcome.starts_with("skipped") {
            pages[at].2 += 1;
        } else {
            pages[at].1 += 1;
        }
    }
    pages
}

/// Runs `command` in `dir` as `process` (the caller's `Process` for it: the program,
/// its environment, perhaps another program standing in for it) and compares what it
/// does with `expect` for the block at `page_dir`.
pub fn run(
    mut process: Process,
    command: &Command,
    expect: &Expect,
    dir: &Path,
    page_dir: &Path,
) -> Ran {
    let output = process
        .current_dir(dir)
        .envs(command.env.iter().map(|(k, v)| (k, v)))
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("running `{}`: {e}", command.text));
    let problems = compare(command, expect, dir, page_dir, &output, expect.fails);
    Ran { output, problems }
}

/// How `output` differs from what `expect` says of `command` (expected to fail when
/// `fails`).
pub fn compare(
    command: &Command,
    expect: &Expect,
    dir: &Path,
    page_dir: &Path,
    output: &Output,
    fails: bool,
) -> Vec<String> {
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let mut problems = Vec::new();
    let code = output.status.code();
    if fails == (code == Some(0)) {
        problems.push(format!(
            "exited with {code:?} where the book says it {}; stderr: {}",
            if fails { "fails" } else { "passes" },
            tail(&stderr, 15)
        ));
    }
    let (stream, shown_in) = if fails {
        (&output.stderr, "stderr")
    } else {
        (&output.stdout, "stdout")
    };
    if !command.shown.is_empty() {
        let actual = String::from_utf8_lossy(stream);
        let lines: Vec<&str> = actual.lines().collect();
        let same = if command.goes_on {
            lines.len() >= command.shown.len() && lines[..command.shown.len()] == command.shown[..]
        } else {
            actual.ends_with('\n') && lines == command.shown
        };
        if !same {
            problems.push(format!(
                "its {shown_in} is not what the book shows:\n{}",
                diff(&command.shown.join("\n"), &actual)
            ));
        }
    }
    if let Some(file) = &expect.prints {
        match std::fs::read(page_dir.join(file)) {
            Ok(wanted) if wanted == *stream => {}
            Ok(wanted) => problems.push(format!(
                "its {shown_in} is not {}:\n{}",
                file.display(),
                diff(
                    &String::from_utf8_lossy(&wanted),
                    &String::from_utf8_lossy(stream)
                )
            )),
            Err(e) => problems.push(format!("reading {}: {e}", file.display())),
        }
    }
    for text in &expect.says {
        if !stdout.contains(text.as_str()) && !stderr.contains(text.as_str()) {
            problems.push(format!(
                "it does not say {text:?}; stderr: {}",
                tail(&stderr, 5)
            ));
        }
    }
    if let Some((path, file)) = &expect.writes {
        match (
            std::fs::read(dir.join(path)),
            std::fs::read(page_dir.join(file)),
        ) {
            (Ok(written), Ok(wanted)) if written == wanted => {}
            (Ok(written), Ok(wanted)) => problems.push(format!(
                "{path} is not {}:\n{}",
                file.display(),
                diff(
                    &String::from_utf8_lossy(&wanted),
                    &String::from_utf8_lossy(&written)
                )
            )),
            (written, wanted) => problems.push(format!(
                "{path}: {:?}; {}: {:?}",
                written.err(),
                file.display(),
                wanted.err()
            )),
        }
    }
    if command.is_cargo_test() && !fails && tests_run(&stdout) == 0 {
        problems.push("it runs no test: its filter selects nothing".to_owned());
    }
    problems
}

/// How many tests a `cargo test` ran, from libtest's `running N tests` lines.
pub fn tests_run(stdout: &str) -> usize {
    stdout
        .lines()
        .filter_map(|line| {
            line.strip_prefix("running ")?
                .split_whitespace()
                .next()?
                .parse::<usize>()
                .ok()
        })
        .sum()
}

/// Compiles a Rust block on its own as a library with `rustc` (edition 2024, warnings
/// denied), in `scratch`; the compiler's errors when it does not.
pub fn compiles(code: &str, scratch: &Path) -> Result<(), String> {
    std::fs::create_dir_all(scratch).map_err(|e| e.to_string())?;
    let file = scratch.join("block.rs");
    std::fs::write(&file, code).map_err(|e| e.to_string())?;
    let output = Process::new(std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into()))
        .args([
            "--edition",
            "2024",
            "--crate-type",
            "lib",
            "--emit",
            "metadata",
            "-D",
            "warnings",
            "--out-dir",
        ])
        .arg(scratch)
        .arg(&file)
        .output()
        .map_err(|e| format!("running rustc: {e}"))?;
    if output.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&output.stderr).into_owned())
    }
}

/// The last `count` lines of `text`.
fn tail(text: &str, count: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(count)..].join("\n")
}

/// A line diff of what the book shows and what came, `-` for the book's lines.
fn diff(wanted: &str, got: &str) -> String {
    similar::TextDiff::from_lines(wanted, got)
        .unified_diff()
        .header("the book", "the command")
        .to_string()
}

/// The blocks of `book` by the section after which they run (a block that must pass
/// later is listed again there, expecting to pass).
pub fn schedule(book: &Book) -> BTreeMap<Section, Vec<(Block, bool)>> {
    let mut plan: BTreeMap<Section, Vec<(Block, bool)>> = BTreeMap::new();
    for block in &book.blocks {
        plan.entry(block.runs_at())
            .or_default()
            .push((block.clone(), block.expect.fails));
        if let Some(later) = &block.expect.passes_after {
            plan.entry(later.clone())
                .or_default()
                .push((block.clone(), false));
        }
    }
    plan
}
