//! A student's walk through the handout, as a test: every command the handout tells a
//! student to run is run where it is given, in a student template, and does what the
//! handout says it does there.
//!
//! The walk writes a template with `grader dist` (so that `../fixtures/rat/sample.txt`
//! is the student's path), then completes the handout's sections in the handout's
//! order, from the untouched starter to the whole solution. Completing a section
//! copies in the solution's regions marked for it (`// BEGIN SOLUTION Item (§N): …`,
//! and the `ONLY` regions of a file whose regions are all §N): the walk unmarks them
//! in a copy of the kit and lets `grader starter` write the starter of that moment,
//! so the `todo!()`s still to write read exactly as the students' do. After each
//! section it runs the blocks that the handout's markers schedule there (see
//! `transcripts.rs` for the language, and `handout/README.md` for authors), and at the
//! end prints a table of what it checked, chapter by chapter (`--nocapture` shows it).
//!
//! What differs from a student's machine, to keep the walk near ten minutes on two
//! cores: the starter's commands share one target directory across runs (every
//! command of a section reuses one build) and build without debug info
//! (`CARGO_PROFILE_DEV_DEBUG=0`, which changes no output); and the grader commands
//! (`cargo run -p maze-grader -- grade …`) run the kit's own `grader` binary from the
//! template's root with the suite's shared work directory, instead of building the
//! template's copy of the grader (minutes, which `dist.rs` already spends once). The
//! template's rubric is what that grader reads, so it grades the checks a student
//! sees: visible ones, without the course's secret.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command as Process;
use std::time::Instant;

use regex::Regex;

use super::support::{Submission, grader, kit_root, work_dir};
use super::transcripts::{self, Block, Body, Book, Command, Section};

/// The handout, read from the kit.
pub(super) fn handout() -> Book {
    Book::load(&kit_root().join("handout/src")).unwrap_or_else(|errors| panic!("{errors}"))
}

/// A solution region: its file (below `solution/src`), its section, and whether it is
/// an `ONLY` region (imports and helpers that no `todo!()` stands for).
#[derive(Debug, Clone)]
struct Region {
    file: PathBuf,
    section: Section,
}

/// Every region of `solution/src`, with the section it belongs to: a named region's
/// own, an `ONLY` region's that of the other regions of its file (which must agree).
fn regions() -> Vec<Region> {
    let named = Regex::new(r"// BEGIN SOLUTION (?:[^(]*)\(§([0-9.]+)\):").expect("a regex");
    let src = kit_root().join("solution/src");
    let mut found = Vec::new();
    for entry in walkdir::WalkDir::new(&src).sort_by_file_name() {
        let entry = entry.expect("reading solution/src");
        if entry.path().extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let text = std::fs::read_to_string(entry.path()).expect("a source file");
        let file = entry
            .path()
            .strip_prefix(&src)
            .expect("below src")
            .to_path_buf();
        let sections: BTreeSet<Section> = named
            .captures_iter(&text)
            .map(|c| Section::parse(&c[1]).expect("a section"))
            .collect();
        let only = text.matches("// BEGIN SOLUTION ONLY").count();
        if only > 0 {
            assert_eq!(
                sections.len(),
                1,
                "{}: its ONLY regions belong to the section of its other regions, so they must all name one section: {sections:?}",
                file.display()
            );
        }
        for section in sections {
            found.push(Region {
                file: file.clone(),
                section,
            });
        }
    }
    found
}

#[test]
fn the_handout_parses_into_commands_and_every_region_names_one_of_its_pages() {
    let book = handout();
    let commands: usize = book
        .blocks
        .iter()
        .map(|b| match &b.body {
            Body::Console(commands) => commands.len(),
            Body::Rust(_) => 1,
        })
        .sum();
    assert!(
        commands > 40,
        "only {commands} commands found: is the parser right?"
    );
    for region in regions() {
        assert!(
            book.sections.contains(&region.section),
            "solution/src/{} has a region for {}, which no page of the handout is",
            region.file.display(),
            region.section
        );
    }
    // Every check-your-work box gives commands to run, and a console block to run
    // them from: a box of prose alone is checked by nobody.
    for entry in std::fs::read_dir(kit_root().join("handout/src")).expect("the handout") {
        let path = entry.expect("a page").path();
        let name = path
            .file_name()
            .expect("a name")
            .to_string_lossy()
            .into_owned();
        if !name.ends_with(".md")
            || name == "SUMMARY.md"
            || name == "introduction.md"
            || name.starts_with("11-")
        {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a page");
        let boxed = text
            .find("**Check your work.**")
            .unwrap_or_else(|| panic!("{name} has no Check your work box"));
        assert!(
            book.blocks
                .iter()
                .any(|b| b.page == Path::new(&name) && b.line > text[..boxed].lines().count()),
            "{name}: its Check your work box has no console block"
        );
    }
}

#[test]
fn every_quoted_message_is_asserted_by_the_test_its_marker_names() {
    let book = handout();
    assert!(!book.quotes.is_empty(), "the handout marks no quote");
    for quote in &book.quotes {
        let (module, test) = quote.checked_by.split_once("::").expect("MODULE::TEST");
        let file = kit_root().join(format!("grader/tests/grader/{module}.rs"));
        let source = std::fs::read_to_string(&file).unwrap_or_else(|_| {
            panic!(
                "{}: {} is not a module of the grader's suite",
                quote.place, module
            )
        });
        let start = source
            .find(&format!("fn {test}("))
            .unwrap_or_else(|| panic!("{}: {module}.rs has no test {test}", quote.place));
        let body = &source[start..];
        let body = &body[..body.find("\n}\n").unwrap_or(body.len())];
        assert!(
            body.contains(".quote(") && body.contains(&format!("\"{}\"", quote.name)),
            "{}: {} does not read the quote {:?} from the handout",
            quote.place,
            quote.checked_by,
            quote.name
        );
    }
}

/// The solution's sources with the regions of `done` sections unmarked (plain code)
/// and the others kept, in a copy of the kit at `kit` for `grader starter`.
fn unmark(kit: &Path, regions: &[Region], done: &dyn Fn(&Section) -> bool) {
    let src = kit_root().join("solution/src");
    let marker = Regex::new(r"^\s*// (BEGIN SOLUTION(?: ONLY)?|END SOLUTION)").expect("a regex");
    let section = Regex::new(r"\(§([0-9.]+)\):").expect("a regex");
    for region_file in regions.iter().map(|r| &r.file).collect::<BTreeSet<_>>() {
        let text = std::fs::read_to_string(src.join(region_file)).expect("a source file");
        let file_section = regions
            .iter()
            .find(|r| &r.file == region_file)
            .map(|r| r.section.clone())
            .expect("a region");
        let mut out = String::new();
        let mut open = false;
        for line in text.lines() {
            if let Some(m) = marker.captures(line) {
                let unmarked = match &m[1] {
                    "END SOLUTION" => open,
                    "BEGIN SOLUTION ONLY" => done(&file_section),
                    _ => done(
                        &Section::parse(&section.captures(line).expect("a section")[1])
                            .expect("a section"),
                    ),
                };
                open = m[1].starts_with("BEGIN") && unmarked;
                if unmarked {
                    continue;
                }
            }
            out.push_str(line);
            out.push('\n');
        }
        std::fs::write(kit.join("solution/src").join(region_file), out)
            .expect("writing a source file");
    }
}

/// Writes into the template's `starter/src` the starter of the moment when the sections
/// for which `done` holds are written, touching only the files that change (so cargo
/// rebuilds no more than a student's edit would make it).
fn write_starter(kit: &Path, template: &Path, regions: &[Region], done: &dyn Fn(&Section) -> bool) {
    unmark(kit, regions, done);
    let output = grader()
        .args(["starter", "--kit"])
        .arg(kit)
        .output()
        .expect("grader starter runs");
    assert!(
        output.status.success(),
        "grader starter: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let written = kit.join("starter/src");
    for entry in walkdir::WalkDir::new(&written) {
        let entry = entry.expect("reading the written starter");
        if !entry.file_type().is_file() {
            continue;
        }
        let below = entry.path().strip_prefix(&written).expect("below src");
        let target = template.join("starter/src").join(below);
        let bytes = std::fs::read(entry.path()).expect("a file");
        if std::fs::read(&target).ok().as_deref() != Some(&bytes[..]) {
            std::fs::write(&target, bytes).expect("writing the starter");
        }
    }
}

/// What the walk did with one command.
struct Row {
    section: Section,
    place: String,
    command: String,
    outcome: String,
}

impl Row {
    /// The row as the table prints it.
    fn line(&self) -> String {
        format!(
            "{:<7} {:<24} {:<36} {}",
            self.section.to_string(),
            self.place,
            self.outcome,
            self.command
        )
    }
}

/// The process that runs `command` in the walk: cargo with the student's settings
/// (its own target directory, shared by every command), or the kit's grader standing
/// in for `cargo run -p maze-grader -- …`.
fn process(command: &Command, target: &Path) -> Process {
    let (mut process, grading) = transcripts::process(command);
    let subcommand = command.words.iter().skip_while(|w| *w != "--").nth(1);
    if grading && subcommand.is_some_and(|a| a == "grade") {
        process.arg("--work-dir").arg(work_dir());
    }
    if !grading {
        // The grader builds its harnesses where it decides; only the student's own
        // cargo commands get the walk's target directory and profile.
        process
            .env("CARGO_TARGET_DIR", target)
            .env("CARGO_TERM_COLOR", "never")
            .env("CARGO_PROFILE_DEV_DEBUG", "0");
    }
    process
}

/// Runs one block in the template, as scheduled (`fails`: expected to fail now).
#[allow(clippy::too_many_arguments)]
fn run_block(
    src: &Path,
    block: &Block,
    fails: bool,
    template: &Path,
    target: &Path,
    scratch: &Path,
    at: &Section,
    rows: &mut Vec<Row>,
) -> Vec<String> {
    let page_dir = src
        .join(&block.page)
        .parent()
        .expect("a folder")
        .to_path_buf();
    let mut problems = Vec::new();
    let mut row = |command: String, outcome: String| {
        let row = Row {
            section: at.clone(),
            place: block.place(),
            command,
            outcome,
        };
        // Printed as it happens, so that a long walk shows where it is.
        println!("{}", row.line());
        rows.push(row);
    };
    if let Some(reason) = &block.expect.skip {
        if let Body::Console(commands) = &block.body {
            for command in commands {
                row(command.text.clone(), format!("skipped: {reason}"));
            }
        }
        return problems;
    }
    match &block.body {
        Body::Rust(code) => {
            let outcome = match transcripts::compiles(code, &scratch.join("rust-block")) {
                Ok(()) => "compiles".to_owned(),
                Err(errors) => {
                    problems.push(format!(
                        "{}: the Rust block does not compile:\n{errors}",
                        block.place()
                    ));
                    "does not compile".to_owned()
                }
            };
            row("(a Rust block)".to_owned(), outcome);
        }
        Body::Console(commands) => {
            let dir = template.join(block.expect.dir.as_deref().unwrap_or("starter"));
            let mut expect = block.expect.clone();
            expect.fails = fails;
            for command in commands {
                let started = Instant::now();
                let ran =
                    transcripts::run(process(command, target), command, &expect, &dir, &page_dir);
                let seconds = started.elapsed().as_secs_f64();
                let tests = if command.is_cargo_test() {
                    format!(
                        ", {} tests",
                        transcripts::tests_run(&String::from_utf8_lossy(&ran.output.stdout))
                    )
                } else {
                    String::new()
                };
                row(
                    command.text.clone(),
                    format!("{} ({seconds:.1} s{tests})", ran.verdict(fails)),
                );
                for problem in ran.problems {
                    problems.push(format!(
                        "{}:{} (at {at}) `{}`: {problem}",
                        block.page.display(),
                        command.line,
                        command.text
                    ));
                }
            }
        }
    }
    problems
}

#[test]
#[ignore = "full tier: walks the whole handout in a student template (about ten minutes)"]
fn a_student_walking_the_handout_gets_what_it_says_at_every_step() {
    let started = Instant::now();
    let book = handout();
    let regions = regions();
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let template = tmp.join("walk-template");
    let kit = tmp.join("walk-kit");
    // Kept across runs: the starter's dependencies, built once.
    let target = tmp.join("walk-target");
    let scratch = tmp.join("walk-scratch");
    for dir in [&template, &kit, &scratch] {
        let _ = std::fs::remove_dir_all(dir);
    }
    grader()
        .args(["dist", "--feedback-only"])
        .arg(&template)
        .assert()
        .success();
    super::support::copy_kit(
        &[
            "Cargo.toml",
            "Cargo.lock",
            "solution",
            "fixtures/rubric.toml",
        ],
        &kit,
    );

    let plan = transcripts::schedule(&book);
    let mut points: BTreeSet<Section> = plan.keys().cloned().collect();
    points.extend(regions.iter().map(|r| r.section.clone()));
    points.insert(Section::START);
    let mut rows = Vec::new();
    let mut problems = Vec::new();
    for at in &points {
        if *at != Section::START {
            write_starter(&kit, &template, &regions, &|s: &Section| s <= at);
        }
        for (block, fails) in plan.get(at).into_iter().flatten() {
            problems.extend(run_block(
                &book.src, block, *fails, &template, &target, &scratch, at, &mut rows,
            ));
        }
    }
    // The walk ends with the whole solution: no section was left out.
    let left: Vec<String> = walkdir::WalkDir::new(template.join("starter/src"))
        .into_iter()
        .flatten()
        .filter(|e| e.file_type().is_file())
        .filter(|e| {
            std::fs::read_to_string(e.path())
                .is_ok_and(|t| t.lines().any(|l| l.trim_start().starts_with("todo!(")))
        })
        .map(|e| e.path().display().to_string())
        .collect();
    if !left.is_empty() {
        problems.push(format!("todo!()s left after the last section: {left:?}"));
    }

    print_table(&book, &rows, started.elapsed().as_secs_f64());
    assert!(
        problems.is_empty(),
        "{} commands do not do what the handout says:\n\n{}",
        problems.len(),
        problems.join("\n\n")
    );
}

/// The table of what the walk checked, and a count per chapter.
fn print_table(book: &Book, rows: &[Row], seconds: f64) {
    println!(
        "\nThe student's walk: {} commands, {seconds:.0} s\n",
        rows.len()
    );
    println!("{:<7} {:<24} {:<36} command", "after", "where", "outcome");
    for row in rows {
        println!("{}", row.line());
    }
    // By chapter number (the introduction first), as the book reads.
    let mut chapters: BTreeMap<u32, (usize, usize)> = BTreeMap::new();
    let places = rows
        .iter()
        .map(|row| (row.place.as_str(), row.outcome.as_str()));
    for (page, checked, skipped) in transcripts::counts_by_page(places) {
        let chapter = Section::of_page(page).0.first().copied().unwrap_or(0);
        let counts = chapters.entry(chapter).or_default();
        counts.0 += checked;
        counts.1 += skipped;
    }
    println!("\nper chapter of the handout (where the command is written):");
    for (chapter, (checked, skipped)) in &chapters {
        let name = if *chapter == 0 {
            "intro".to_owned()
        } else {
            format!("§{chapter}")
        };
        println!("  {name:<6} {checked:>3} checked, {skipped} skipped");
    }
    println!("  pages: {}", book.sections.len());
}

/// The submission of the quotes test: the solution with one defect for each check it
/// is graded on, each defect reached by that check's inputs alone.
fn defective_submission() -> Submission {
    Submission::from_solution("handout-quotes")
        // direction_opposite: NORTH | EAST is not flipped flag by flag.
        .replace(
            "direction.rs",
            "let mut result = Direction::NONE;",
            "if self == (Direction::NORTH | Direction::EAST) {\n            return self;\n        }\n        let mut result = Direction::NONE;",
        )
        // position_moved: a todo!() left for the step that goes nowhere.
        .replace(
            "position.rs",
            "let mut x = self.x;",
            "if direction == Direction::NONE {\n            todo!(\"Position::moved (handout §3): move {self:?} one step {direction:?}\")\n        }\n        let mut x = self.x;",
        )
        // position_random: a loop that never ends on the check's range of y.
        .replace(
            "position.rs",
            "let x = rng.in_range(x_range);",
            "while *y_range.start() == 10 {\n            std::hint::spin_loop();\n        }\n        let x = rng.in_range(x_range);",
        )
        // array_indexers: a cell outside the check's 7x13 grid, refused by the grid's
        // own check (index_of's assert!, which names the file and line).
        .replace(
            "cell_array.rs",
            "&self.cells[self.index_of(x, y)]",
            "let x = if (self.width, self.height) == (7, 13) { x + self.width } else { x };\n        &self.cells[self.index_of(x, y)]",
        )
}

#[test]
#[ignore = "full tier: grades a submission with the defects the handout's quotes describe"]
fn the_graders_messages_are_the_ones_the_handout_quotes() {
    let book = handout();
    let submission = defective_submission();
    let output = grader()
        .args(["grade", "--format", "json", "--work-dir"])
        .arg(work_dir())
        .args([
            "--check",
            "direction_opposite",
            "--check",
            "position_moved",
            "--check",
            "position_random",
        ])
        .args(["--check", "array_indexers"])
        .arg(&submission.dir)
        .output()
        .expect("the grader runs");
    let report: serde_json::Value = serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|_| panic!("a JSON report: {}", String::from_utf8_lossy(&output.stderr)));
    let message = |check: &str| {
        super::support::check(&report, check)["message"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    };
    for (name, check) in [
        ("grader-todo", "position_moved"),
        ("todo-reason", "position_moved"),
        ("wrong-opposite", "direction_opposite"),
        ("panic-reason", "array_indexers"),
        ("timeout-reason", "position_random"),
    ] {
        let said = message(check);
        let quote = book.quote(name);
        assert!(
            quote.is_in(&said),
            "{check} says {said:?}, where the handout ({}) quotes {:?}",
            quote.place,
            quote.text
        );
    }
}
