//! A maintainer following the guide's "Add or change a check", as a test: the page's
//! worked example (a toy exercise, `MazeCell::wall_count`) is added to a copy of the
//! kit block by block, where each block's note says, and the page's commands are run
//! in order in that copy: the starter made again, the new check blessed, the whole
//! reports pinned again, then `self-check` and the default tier, which must end green.
//!
//! The copy builds with cargo as a maintainer would, in a target directory of its own
//! seeded from the suite's (its dependencies' builds hard-linked, their fingerprints
//! copied), so only the kit's own crates are compiled again and nothing the suite's
//! other tests use is written.

use std::path::{Path, PathBuf};
use std::process::{Command as Process, Stdio};
use std::time::Instant;

use regex::Regex;

use super::support::{copy_checkout, kit_root};
use super::transcripts::{Body, Book, Command};

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

/// A target directory for the copy, seeded from the suite's: the builds of the
/// dependencies hard-linked (cargo writes new files for what it builds again), their
/// fingerprints copied (cargo rewrites those in place). Cargo names a workspace's
/// builds by paths relative to its root, so the copy's are the suite's, and the
/// copy's sources, written after this, are newer than every one of them.
fn seeded_target(suite: &Path, target: &Path) {
    let _ = std::fs::remove_dir_all(target);
    for (dir, link) in [("deps", true), ("build", true), (".fingerprint", false)] {
        let from = suite.join("debug").join(dir);
        for entry in walkdir::WalkDir::new(&from) {
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
    // The target first, the kit after: cargo builds again what is newer than its
    // fingerprint, and every file of the copy is.
    let target = scratch.join("target");
    seeded_target(tmp.parent().expect("the suite's target"), &target);
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
        process
            .args(&command.words[1..])
            .envs(command.env.iter().map(|(k, v)| (k, v)))
            .current_dir(&kit)
            .stdin(Stdio::null())
            .env("CARGO_TARGET_DIR", &target)
            .env("CARGO_TERM_COLOR", "never")
            .env("NO_COLOR", "1");
        for name in [
            "RUSTFLAGS",
            "CARGO_ENCODED_RUSTFLAGS",
            "CARGO_BUILD_TARGET_DIR",
            "CARGO_MAKEFLAGS",
            "MAKEFLAGS",
            "MAZE_GRADER_WORK_DIR",
            "RUST_TEST_THREADS",
        ] {
            process.env_remove(name);
        }
        let output = process.output().expect("cargo runs");
        let tail = |bytes: &[u8]| {
            let text = String::from_utf8_lossy(bytes);
            let lines: Vec<&str> = text.lines().collect();
            lines[lines.len().saturating_sub(30)..].join("\n")
        };
        println!(
            "{PAGE}:{} `{}`: exit {:?} ({:.0} s)\n{}",
            command.line,
            command.text,
            output.status.code(),
            at.elapsed().as_secs_f64(),
            tail(&output.stdout)
        );
        let failed: Vec<String> = String::from_utf8_lossy(&output.stdout)
            .lines()
            .filter(|line| line.ends_with("FAILED"))
            .map(str::to_owned)
            .collect();
        assert!(
            output.status.success(),
            "{PAGE}:{} `{}` failed in the copy with the example added:\n{}\n{}\n{}",
            command.line,
            command.text,
            failed.join("\n"),
            tail(&output.stdout),
            tail(&output.stderr)
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
}
