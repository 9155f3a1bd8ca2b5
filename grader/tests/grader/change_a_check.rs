//! A maintainer following the guide's "Add or change a check", as a test: the page's
//! worked example (a toy exercise, `MazeCell::wall_count`) is added to a copy of the
//! kit block by block, where each block's note says, and the page's commands are run
//! in order in that copy: the starter made again, the new check blessed, the whole
//! reports pinned again, then `self-check` and the default tier, which must end green.
//!
//! The copy builds with cargo as a maintainer would, in a target directory of its own
//! seeded from the suite's with its dependencies' builds (hard-linked, their
//! fingerprints copied), so only the kit's own crates are compiled again, and nothing
//! the suite's other tests use is written.

use std::path::{Path, PathBuf};
use std::process::{Command as Process, Stdio};
use std::time::Instant;

use regex::Regex;

use super::ci::why_failed;
use super::support::{copy_checkout, kit_root};
use super::transcripts::{Body, Book, Command, as_a_reader};

/// The page, relative to the guide's `src/`.
const PAGE: &str = "maintaining/change-a-check.md";

/// One block of the worked example: the text to add to `file`, after the one line
/// holding `after` (at the end of the file when `None`).
#[derive(Debug)]
struct Addition {
    file: String,
    after: Option<String>,
    text: String,
    line: usize,
}

/// The worked example's blocks: each `<!-- example: FILE, after "LINE" -->` (or `,
/// at the end`) and the fenced block under it.
fn additions(page: &str) -> Vec<Addition> {
    let note = Regex::new(
        r#"(?m)^<!-- example: (\S+), (?:at the end|after "((?:[^"\\]|\\.)*)") -->\n```[a-z]*\n((?s:.*?))```$"#,
    )
    .expect("a valid regex");
    note.captures_iter(page)
        .map(|found| Addition {
            file: found[1].to_owned(),
            after: found.get(2).map(|m| m.as_str().replace("\\\"", "\"")),
            text: found[3].to_owned(),
            line: page[..found.get(0).expect("a match").start()]
                .lines()
                .count()
                + 1,
        })
        .collect()
}

/// Adds `addition` to the copy at `kit`; what is wrong with its note otherwise.
fn add(kit: &Path, addition: &Addition) -> Result<(), String> {
    let path = kit.join(&addition.file);
    let text = std::fs::read_to_string(&path)
        .map_err(|e| format!("{PAGE}:{}: {}: {e}", addition.line, addition.file))?;
    let changed = match &addition.after {
        None => format!("{text}{}", addition.text),
        Some(after) => {
            let hits: Vec<usize> = text
                .lines()
                .enumerate()
                .filter(|(_, line)| line.contains(after.as_str()))
                .map(|(at, _)| at)
                .collect();
            let [at] = hits[..] else {
                return Err(format!(
                    "{PAGE}:{}: {} has {} line(s) holding {after:?}, not one",
                    addition.line,
                    addition.file,
                    hits.len()
                ));
            };
            let mut lines: Vec<&str> = text.lines().collect();
            lines.insert(at + 1, addition.text.trim_end_matches('\n'));
            lines.join("\n") + "\n"
        }
    };
    std::fs::write(&path, changed).map_err(|e| format!("writing {}: {e}", path.display()))
}

/// A target directory for the copy, seeded from the suite's with the builds of the
/// dependencies: their files hard-linked (cargo never writes them again: they stay
/// fresh), their fingerprints copied. The kit's own crates (`own`: its packages' and
/// targets' names) are left out, and so built afresh from the copy: a hard-linked
/// file that cargo wrote again would change the suite's own.
fn seeded_target(suite: &Path, target: &Path, own: &Own) {
    let _ = std::fs::remove_dir_all(target);
    for (dir, link) in [("deps", true), ("build", true), (".fingerprint", false)] {
        let from = suite.join("debug").join(dir);
        let walker = walkdir::WalkDir::new(&from)
            .into_iter()
            .filter_entry(|entry| entry.depth() != 1 || !own.built(entry.file_name()));
        for entry in walker {
            let entry = entry.expect("reading the suite's target");
            let to = target
                .join("debug")
                .join(dir)
                .join(entry.path().strip_prefix(&from).expect("below"));
            if entry.file_type().is_dir() {
                std::fs::create_dir_all(&to).expect("a directory");
            } else if link {
                std::fs::hard_link(entry.path(), &to)
                    .or_else(|_| std::fs::copy(entry.path(), &to).map(drop))
                    .expect("a file");
            } else {
                std::fs::copy(entry.path(), &to).expect("a file");
            }
        }
    }
}

/// The kit's own packages and build targets, as `cargo metadata` names them.
struct Own {
    packages: Vec<String>,
    targets: Vec<String>,
}

impl Own {
    fn of(kit: &Path) -> Own {
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let output = Process::new(cargo)
            .args(["metadata", "--no-deps", "--format-version", "1", "--locked"])
            .current_dir(kit)
            .output()
            .expect("cargo metadata runs");
        assert!(output.status.success(), "cargo metadata failed");
        let metadata: serde_json::Value =
            serde_json::from_slice(&output.stdout).expect("cargo metadata's JSON");
        let packages = metadata["packages"].as_array().expect("packages");
        Own {
            packages: packages
                .iter()
                .filter_map(|p| p["name"].as_str().map(str::to_owned))
                .collect(),
            targets: packages
                .iter()
                .flat_map(|p| p["targets"].as_array().into_iter().flatten())
                .filter_map(|t| t["name"].as_str().map(|name| name.replace('-', "_")))
                .collect(),
        }
    }

    /// Whether `name` (a file of `deps/`, a folder of `build/` or `.fingerprint/`) is
    /// a build of the kit's own: `grader-1a2b…`, `libmaze-1a2b….rlib`,
    /// `maze-grader-1a2b…`.
    fn built(&self, name: &std::ffi::OsStr) -> bool {
        let name = name.to_string_lossy();
        let stem = name.strip_prefix("lib").unwrap_or(&name);
        let stem = stem.rsplit_once('-').map_or(stem, |(stem, _)| stem);
        self.targets.iter().any(|target| target == stem)
            || self.packages.iter().any(|package| {
                name.strip_prefix(package.as_str())
                    .is_some_and(|rest| rest.starts_with('-'))
            })
    }
}

/// The last 30 lines of `bytes`.
fn tail(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(30)..].join("\n")
}

/// What this test says when `command` failed in the copy: first why, as CI says it
/// for a run (each failed test, where it panicked and what it said: the lines CI's
/// excerpt of this failure shows), then the ends of its output. Every quoted line
/// is indented, so that a log reader does not take the copy's failures for the
/// run's own.
fn failed_in_the_copy(command: &Command, stdout: &[u8], stderr: &[u8]) -> String {
    let quoted = |text: &str| {
        text.lines()
            .map(|line| format!("  | {line}"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    format!(
        "{PAGE}:{} `{}` failed in the copy with the example added; why:\n{}\n  the ends of its output:\n{}\n{}",
        command.line,
        command.text,
        quoted(
            &why_failed(&String::from_utf8_lossy(&[stdout, stderr].concat()))
                .unwrap_or_else(|reason| format!("(.ci/why-failed.awk could not say: {reason})"))
        ),
        quoted(&tail(stdout)),
        quoted(&tail(stderr))
    )
}

#[test]
fn a_failure_in_the_copy_leads_with_why_and_quotes_every_line_indented() {
    let command = Command {
        text: "cargo test --workspace".to_owned(),
        line: 219,
        env: Vec::new(),
        words: vec!["cargo".to_owned()],
        shown: Vec::new(),
        goes_on: false,
    };
    let stdout = "test a::fine ... ok\ntest a::broken ... FAILED\n\nfailures:\n\n\
                  ---- a::broken stdout ----\n\
                  thread 'a::broken' (7) panicked at src/a.rs:3:5:\nleft 1, right 2\n\
                  note: run with `RUST_BACKTRACE=1`\n\ntest result: FAILED. 1 passed; 1 failed\n";
    let stderr = "error: test failed, to rerun pass `-p a --lib`\n";
    let said = failed_in_the_copy(&command, stdout.as_bytes(), stderr.as_bytes());
    let lines: Vec<&str> = said.lines().collect();
    assert_eq!(
        lines[..5],
        [
            "maintaining/change-a-check.md:219 `cargo test --workspace` failed in the copy with the example added; why:",
            "  | x a::broken",
            "  |     thread 'a::broken' (7) panicked at src/a.rs:3:5:",
            "  |     left 1, right 2",
            "  | error: test failed, to rerun pass `-p a --lib`",
        ],
        "{said}"
    );
    assert!(
        lines[1..].iter().all(|line| line.starts_with("  ")),
        "{said}"
    );
    assert!(
        said.contains("  | test result: FAILED. 1 passed; 1 failed"),
        "{said}"
    );
}

/// The page's commands that this test runs: the blocks its walk marker leaves to it.
fn commands(book: &Book) -> Vec<&Command> {
    book.blocks
        .iter()
        .filter(|block| block.page == Path::new(PAGE))
        .filter(|block| {
            block
                .expect
                .skip
                .as_deref()
                .is_some_and(|why| why.contains("change_a_check::"))
        })
        .flat_map(|block| match &block.body {
            Body::Console(commands) => commands.iter().collect(),
            Body::Rust(_) => Vec::new(),
        })
        .collect()
}

#[test]
#[ignore = "full tier: adds the guide's example check to a copy of the kit, then blesses, self-checks and runs the default tier there (about five minutes)"]
fn the_guides_example_check_lands_green() {
    let started = Instant::now();
    let book =
        Book::load(&kit_root().join("guide/src")).unwrap_or_else(|errors| panic!("{errors}"));
    let page = std::fs::read_to_string(book.src.join(PAGE)).expect("the page");
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let scratch = tmp.join("change-a-check");
    let kit = scratch.join("perfect-mazes");
    // The kit's own crates are built afresh there, from the copy.
    let target = scratch.join("target");
    seeded_target(
        tmp.parent().expect("the suite's target"),
        &target,
        &Own::of(&kit_root()),
    );
    copy_checkout(&kit_root(), &kit);

    let additions = additions(&page);
    assert!(
        additions.len() >= 8,
        "only {} example blocks found on {PAGE}: is the parser right?",
        additions.len()
    );
    let problems: Vec<String> = additions
        .iter()
        .filter_map(|addition| add(&kit, addition).err())
        .collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    let mut files: Vec<&str> = Vec::new();
    for addition in &additions {
        if !files.contains(&addition.file.as_str()) {
            files.push(&addition.file);
        }
    }
    println!(
        "the example touches {} files: {}",
        files.len(),
        files.join(", ")
    );

    let commands = commands(&book);
    assert!(
        commands.len() >= 4,
        "{PAGE} leaves only {} command(s) to this test",
        commands.len()
    );
    for command in commands {
        let at = Instant::now();
        // A block the guide's walk skips is read as shell lines (`sh -c …`).
        let mut process = Process::new(&command.words[0]);
        as_a_reader(&mut process)
            .args(&command.words[1..])
            .envs(command.env.iter().map(|(k, v)| (k, v)))
            .current_dir(&kit)
            .stdin(Stdio::null())
            .env("CARGO_TARGET_DIR", &target)
            .env("CARGO_TERM_COLOR", "never")
            .env("NO_COLOR", "1");
        let output = process.output().expect("cargo runs");
        println!(
            "{PAGE}:{} `{}`: exit {:?} ({:.0} s)\n{}",
            command.line,
            command.text,
            output.status.code(),
            at.elapsed().as_secs_f64(),
            tail(&output.stdout)
        );
        assert!(
            output.status.success(),
            "{}",
            failed_in_the_copy(command, &output.stdout, &output.stderr)
        );
    }
    let pinned = std::fs::read_to_string(kit.join(
        "grader/tests/grader/snapshots/grader__reference__whole_report_of_the_reference_is_the_pinned_one.snap",
    ))
    .expect("the reference's whole report");
    assert!(
        pinned.contains("cell_wall_count"),
        "the page's commands left the reference's whole report without the new check"
    );
    println!(
        "the page's example landed green in {:.0} s",
        started.elapsed().as_secs_f64()
    );
    // A copy and its builds take gigabytes; one that failed stays, to be looked at.
    let _ = std::fs::remove_dir_all(&scratch);
}
