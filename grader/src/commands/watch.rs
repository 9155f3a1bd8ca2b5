//! `grader watch`: the student loop. Grade once, then again after every save under
//! the submission's `src/`, showing what to work on next, as rustlings' watch mode
//! does.
//!
//! Grading is the same as `grader grade` (the same [`Setup`] and grader), so a score
//! seen here is the score `grade` gives. What a student waits for after a save is
//! the next thing to fix, so the grading streams: the checks that failed last time
//! (and, the first time, each part's first check) run first, each in a process of
//! its own, and the first failure (or the compiler's errors) shows as soon as its
//! verdict is in, while the other checks go on; then the short view of the whole
//! grading replaces it. Clippy reads the code after the checks, and only once every
//! check passes (see [`StylePass::AfterChecks`]), unless `--style` asks for it.
//!
//! Saves are debounced: an editor writes a file in a few steps (a temporary file, a
//! rename, a backup), all within a few milliseconds, and one grading follows the last
//! of them ([`QUIET`]). A save that comes later (a formatter run on save by another
//! tool) is graded again once the grading in progress is done, so the last report
//! shown is that of the files as they are; such a late rewrite costs a second
//! grading, the price of a short debounce. Only `.rs` files count (the grader copies
//! nothing else), and editors' temporary and backup files never do.

use std::io::{BufRead as _, IsTerminal as _, Write as _};
use std::path::Path;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

use anyhow::Context as _;
use notify::{EventKind, RecursiveMode, Watcher as _};

use super::Setup;
use crate::Status;
use crate::cli::WatchArgs;
use crate::grade::{Grader, Stream, StylePass};
use crate::report::{News, Report};
use crate::rubric::Rubric;

/// How long the files must stay untouched after a save before grading starts: the
/// steps of one save come within a few milliseconds, and every millisecond here is one
/// the student waits for.
const QUIET: Duration = Duration::from_millis(50);

/// What wakes the loop up.
enum Wake {
    /// A source file changed.
    Saved,
    /// `q` and Enter.
    Quit,
}

/// Grades the submission, then again on every save, until `q` or Ctrl-C.
pub fn run(args: &WatchArgs) -> anyhow::Result<Status> {
    let submission = crate::submission::locate(&args.submission)?;
    let mut setup = Setup::load(&args.kit)?;
    setup.only(&args.check)?;
    setup.require_blessed()?;
    let src = submission.join("src");

    let (wake, woken) = mpsc::channel();
    let saves = wake.clone();
    let watched = src.clone();
    let mut watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
        if let Ok(event) = event
            && counts(&event, &watched)
        {
            let _ = saves.send(Wake::Saved);
        }
    })
    .context("starting to watch for saved files")?;
    watcher
        .watch(&src, RecursiveMode::Recursive)
        .with_context(|| format!("watching {}", src.display()))?;
    // Lines from stdin: `q` quits. At the end of stdin (none attached), only Ctrl-C
    // quits, so `grader watch </dev/null` keeps watching.
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if matches!(line.trim(), "q" | "quit" | "exit") {
                let _ = wake.send(Wake::Quit);
                break;
            }
        }
    });

    let mut grader = setup.grader();
    grader.style_pass = StylePass::AfterChecks { always: args.style };
    let mut last: Option<Report> = None;
    loop {
        let first = run_first(&setup.rubric, last.as_ref());
        if let Some(report) = show(&grader, &submission, &src, first) {
            last = Some(report);
        }
        if !wait_for_save(&woken) {
            return Ok(Status::Success);
        }
    }
}

/// The checks to run first after a save: those that failed last time, in rubric
/// order, then each part's first check that did not pass last time (every part's
/// first check, the first time).
pub(super) fn run_first(rubric: &Rubric, last: Option<&Report>) -> Vec<String> {
    let passed = |name: &str| {
        last.is_some_and(|report| report.checks.iter().any(|c| c.name == name && c.passed))
    };
    let mut first: Vec<String> = last
        .map(|report| {
            report
                .checks
                .iter()
                .filter(|c| !c.passed)
                .map(|c| c.name.clone())
                .collect()
        })
        .unwrap_or_default();
    for (part, _) in &rubric.parts {
        let unpassed = rubric
            .checks
            .iter()
            .find(|c| c.spec.part == *part && !passed(c.spec.name));
        if let Some(check) = unpassed
            && !first.iter().any(|name| name == check.spec.name)
        {
            first.push(check.spec.name.to_owned());
        }
    }
    first
}

/// Grades once, running the checks `first` names first: shows the first failure (or
/// the compiler's errors) as soon as it is known, then the short report on stdout
/// (after clearing a terminal), or the error on stderr; either way the loop goes
/// on. Returns the report, if there is one.
fn show(grader: &Grader<'_>, submission: &Path, src: &Path, first: Vec<String>) -> Option<Report> {
    let terminal = std::io::stdout().is_terminal();
    let color = anstream::AutoStream::choice(&std::io::stdout()) != anstream::ColorChoice::Never;
    let clear = || {
        if terminal {
            // Clear the screen and its scrollback, and put the cursor at the top.
            // Written past anstream, which would strip it with the colours under
            // NO_COLOR.
            let mut raw = std::io::stdout().lock();
            let _ = raw.write_all(b"\x1b[2J\x1b[3J\x1b[H");
            let _ = raw.flush();
        }
    };
    let told = std::sync::Once::new();
    let tell = |news: News<'_>| {
        // The first news alone: what to fix next. The rest waits for the report.
        told.call_once(|| {
            clear();
            let mut stdout = anstream::stdout();
            let _ = stdout.write_all(crate::report::render_news(&news, color).as_bytes());
            let _ = stdout.flush();
        });
    };
    let stream = Stream {
        first,
        on_news: Some(&tell),
    };
    let result = grader.grade_streaming(submission, &stream);
    clear();
    let mut stdout = anstream::stdout();
    if told.is_completed() && !terminal {
        // Where nothing was cleared, a blank line between the news and the report.
        let _ = writeln!(stdout);
    }
    let report = match result {
        Ok(report) => {
            let _ = stdout.write_all(report.render_summary(color).as_bytes());
            Some(report)
        }
        Err(error) => {
            let _ = stdout.flush();
            eprintln!("grader: error: {}", crate::one_line(&format!("{error:#}")));
            None
        }
    };
    let _ = writeln!(
        stdout,
        "\nWatching {} for saves. Type q and Enter (or press Ctrl-C) to quit.",
        src.display()
    );
    let _ = stdout.flush();
    report
}

/// Waits for a save and for the files to go quiet after it: true to grade again,
/// false to quit.
fn wait_for_save(woken: &Receiver<Wake>) -> bool {
    match woken.recv() {
        Ok(Wake::Saved) => {}
        Ok(Wake::Quit) | Err(_) => return false,
    }
    loop {
        match woken.recv_timeout(QUIET) {
            Ok(Wake::Saved) => {}
            Ok(Wake::Quit) => return false,
            Err(RecvTimeoutError::Timeout) => return true,
            Err(RecvTimeoutError::Disconnected) => return false,
        }
    }
}

/// Whether `event` is a change to a source file under `src` that the grader would
/// copy.
fn counts(event: &notify::Event, src: &Path) -> bool {
    !matches!(event.kind, EventKind::Access(_) | EventKind::Other)
        && event
            .paths
            .iter()
            .any(|path| is_source(path.strip_prefix(src).unwrap_or(path)))
}

/// A `.rs` file (its path relative to `src/`) that is not an editor's temporary or
/// backup file (`.#main.rs`, `#main.rs#`, `main.rs~`, `.main.rs.swp`) nor inside a
/// hidden folder or a `target/`. Relative, because the submission itself may well lie
/// below some `target/` (the kit's tests put theirs there).
fn is_source(path: &Path) -> bool {
    let hidden = path.components().any(|part| {
        let part = part.as_os_str().to_string_lossy();
        part == "target" || (part.starts_with('.') && part != "." && part != "..")
    });
    let name = path
        .file_name()
        .map(|name| name.to_string_lossy())
        .unwrap_or_default();
    !hidden && !name.starts_with('#') && path.extension().is_some_and(|ext| ext == "rs")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_saved_source_file_counts() {
        assert!(is_source(Path::new("position.rs")));
        assert!(is_source(Path::new("rat/queue.rs")));
    }

    #[test]
    fn editor_temporary_files_and_build_output_do_not_count() {
        for path in [
            ".position.rs.swp",
            ".#position.rs",
            "#position.rs#",
            "position.rs~",
            "4913",
            ".idea/position.rs",
            "target/debug/build.rs",
            "notes.md",
        ] {
            assert!(!is_source(Path::new(path)), "{path}");
        }
    }

    #[test]
    fn a_submission_below_a_target_folder_is_still_watched() {
        let src = Path::new("/home/s/target/tmp/maze/src");
        let event = notify::Event::new(EventKind::Modify(notify::event::ModifyKind::Any))
            .add_path(src.join("position.rs"));
        assert!(counts(&event, src));
        let event = notify::Event::new(EventKind::Access(notify::event::AccessKind::Any))
            .add_path(src.join("position.rs"));
        assert!(!counts(&event, src));
    }

    /// The kit's rubric as shipped.
    fn kit_rubric() -> Rubric {
        crate::rubric::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/rubric.toml"))
            .expect("the kit's rubric")
    }

    #[test]
    fn the_first_grading_runs_each_parts_first_check_first() {
        let rubric = kit_rubric();
        let first = run_first(&rubric, None);
        assert_eq!(first.len(), rubric.parts.len());
        assert_eq!(first[0], rubric.checks[0].spec.name);
    }

    #[test]
    fn a_check_that_failed_last_time_runs_first() {
        let rubric = kit_rubric();
        let failing = rubric.checks[3].spec.name;
        let checks = rubric
            .checks
            .iter()
            .map(|check| crate::report::CheckResult {
                passed: check.spec.name != failing,
                ..crate::report::CheckResult::new(
                    check,
                    crate::checks::Verdict::pass("ok"),
                    None,
                    String::new(),
                    Duration::ZERO,
                )
            })
            .collect();
        let last = Report::new(Path::new("s"), &rubric, checks, Vec::new(), Duration::ZERO);
        // Every other check passed last time: no part has an unpassed check besides.
        assert_eq!(run_first(&rubric, Some(&last)), [failing]);
    }

    #[test]
    fn saves_close_together_grade_once_and_q_quits() {
        let (wake, woken) = mpsc::channel();
        for _ in 0..5 {
            wake.send(Wake::Saved).unwrap();
        }
        assert!(wait_for_save(&woken));
        assert!(woken.try_recv().is_err(), "every save was taken in");
        wake.send(Wake::Saved).unwrap();
        wake.send(Wake::Quit).unwrap();
        assert!(!wait_for_save(&woken));
    }
}
