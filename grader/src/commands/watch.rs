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
//! A save is graded as soon as it is whole: when the file it wrote is closed, or
//! renamed into place (how most editors save), and no other file is still being
//! written, after [`SETTLE`] of quiet (a save of several files comes file by file).
//! Where the end of a write is never seen (a writer that keeps its file open, a file
//! removed, a platform whose watcher does not report closes), the grading follows
//! once the files have been quiet for [`QUIET`]. So the steps of one save (a backup,
//! a temporary file, a rename) give one grading. A save that comes later (a
//! formatter run on save by another tool) is graded again once the grading in
//! progress is done, so the last report shown is that of the files as they are. Only
//! `.rs` files count (the grader copies nothing else), and editors' temporary and
//! backup files never do.

use std::collections::BTreeSet;
use std::io::{BufRead as _, IsTerminal as _, Write as _};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::Duration;

use anyhow::Context as _;
use notify::event::{AccessKind, AccessMode, ModifyKind, RenameMode};
use notify::{EventKind, RecommendedWatcher, RecursiveMode, Watcher as _};

use super::Setup;
use crate::Status;
use crate::cli::WatchArgs;
use crate::grade::{Grader, Stream, StylePass};
use crate::report::{News, Report};
use crate::rubric::Rubric;

/// How long the files must stay quiet before a change that was never seen to end (no
/// close after writing, no rename into place) is graded: every millisecond here is
/// one the student waits for.
const QUIET: Duration = Duration::from_millis(50);

/// How long the files must stay quiet after a save is seen whole: the watcher reports
/// one rename twice (its new name, then both names) a few microseconds apart, and a
/// save of several files comes file by file.
const SETTLE: Duration = Duration::from_millis(5);

/// What wakes the loop up.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Wake {
    /// A source file changed: still being written (`open`), or whole.
    Changed {
        /// The file.
        path: PathBuf,
        /// Whether it is still being written (see [`changes`]).
        open: bool,
    },
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
    let _watcher = watch_sources(&src, wake.clone())?;
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
        if wait_for_save(&woken, QUIET).is_none() {
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
/// Sends every change of a source file below `src` to `wake`, for as long as the
/// watcher returned is kept.
fn watch_sources(src: &Path, wake: Sender<Wake>) -> anyhow::Result<RecommendedWatcher> {
    let watched = src.to_path_buf();
    let mut watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
        if let Ok(event) = event {
            for change in changes(&event, &watched) {
                let _ = wake.send(change);
            }
        }
    })
    .context("starting to watch for saved files")?;
    watcher
        .watch(src, RecursiveMode::Recursive)
        .with_context(|| format!("watching {}", src.display()))?;
    Ok(watcher)
}

/// How a save was seen to end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Saved {
    /// Every file it wrote was seen whole, and [`SETTLE`] passed without more.
    Whole,
    /// A file was still open when the files had been quiet for `quiet`.
    Quiet,
}

/// Waits for a save and says how it ended (see the module's words), or `None` when
/// the student quits. `quiet` is [`QUIET`] but in tests.
fn wait_for_save(woken: &Receiver<Wake>, quiet: Duration) -> Option<Saved> {
    // The files being written: a save is whole once none is.
    let mut open: BTreeSet<PathBuf> = BTreeSet::new();
    let mut next = woken.recv().ok();
    loop {
        match next? {
            Wake::Changed { path, open: true } => {
                open.insert(path);
            }
            Wake::Changed { path, open: false } => {
                open.remove(&path);
            }
            Wake::Quit => return None,
        }
        let (calm, ended) = if open.is_empty() {
            (SETTLE, Saved::Whole)
        } else {
            (quiet, Saved::Quiet)
        };
        next = match woken.recv_timeout(calm) {
            Ok(wake) => Some(wake),
            Err(RecvTimeoutError::Timeout) => return Some(ended),
            Err(RecvTimeoutError::Disconnected) => None,
        };
    }
}

/// The source files an event changes, each with whether it is still being written.
/// A file is whole once its writer closes it, once a rename brings it to its name,
/// or when only its metadata changed. Anything else leaves it open: data written, a
/// file created, and a name that is gone (removed, or renamed away, as an editor
/// does before it writes the file anew) until it is seen whole again or the files
/// are quiet.
fn changes(event: &notify::Event, src: &Path) -> Vec<Wake> {
    let whole: &dyn Fn(usize) -> bool = match event.kind {
        EventKind::Access(AccessKind::Close(AccessMode::Write))
        | EventKind::Modify(ModifyKind::Metadata(_) | ModifyKind::Name(RenameMode::To)) => {
            &|_| true
        }
        // The old name, then the new one.
        EventKind::Modify(ModifyKind::Name(RenameMode::Both)) => &|index| index == 1,
        EventKind::Access(_) | EventKind::Other => return Vec::new(),
        _ => &|_| false,
    };
    event
        .paths
        .iter()
        .enumerate()
        .filter(|(_, path)| is_source(path.strip_prefix(src).unwrap_or(path)))
        .map(|(index, path)| Wake::Changed {
            path: path.clone(),
            open: !whole(index),
        })
        .collect()
}

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
        let event = notify::Event::new(EventKind::Modify(ModifyKind::Any))
            .add_path(src.join("position.rs"));
        assert_eq!(changes(&event, src).len(), 1);
        let event = notify::Event::new(EventKind::Access(AccessKind::Any))
            .add_path(src.join("position.rs"));
        assert!(changes(&event, src).is_empty());
    }

    fn change(path: &str, open: bool) -> Wake {
        Wake::Changed {
            path: path.into(),
            open,
        }
    }

    #[test]
    fn a_file_is_whole_once_closed_or_renamed_into_place_and_open_while_gone() {
        let src = Path::new("/s/src");
        let event = |kind| notify::Event::new(kind).add_path(src.join("solve.rs"));
        let open = |kind| changes(&event(kind), src) == [change("/s/src/solve.rs", true)];
        let whole = |kind| changes(&event(kind), src) == [change("/s/src/solve.rs", false)];
        assert!(open(EventKind::Modify(ModifyKind::Data(
            notify::event::DataChange::Any
        ))));
        assert!(open(EventKind::Create(notify::event::CreateKind::File)));
        assert!(open(EventKind::Remove(notify::event::RemoveKind::File)));
        assert!(open(EventKind::Modify(ModifyKind::Name(RenameMode::From))));
        assert!(whole(EventKind::Access(AccessKind::Close(
            AccessMode::Write
        ))));
        assert!(whole(EventKind::Modify(ModifyKind::Name(RenameMode::To))));
        // Renamed away to a backup, as vim does before it writes the file anew.
        let both = notify::Event::new(EventKind::Modify(ModifyKind::Name(RenameMode::Both)))
            .add_path(src.join("solve.rs"))
            .add_path(src.join("solve.rs~"));
        assert_eq!(changes(&both, src), [change("/s/src/solve.rs", true)]);
        // A temporary file renamed into place, as `sed -i` does.
        let both = notify::Event::new(EventKind::Modify(ModifyKind::Name(RenameMode::Both)))
            .add_path(src.join("sedAb12x"))
            .add_path(src.join("solve.rs"));
        assert_eq!(changes(&both, src), [change("/s/src/solve.rs", false)]);
        let read = notify::Event::new(EventKind::Access(AccessKind::Close(AccessMode::Read)))
            .add_path(src.join("solve.rs"));
        assert!(changes(&read, src).is_empty());
    }

    /// A quiet far longer than the steps of a save take, however busy the machine: a
    /// wait that ends `Quiet` with it saw a file left open.
    const NEVER: Duration = Duration::from_secs(30);

    #[test]
    fn a_save_is_graded_once_every_file_it_wrote_is_whole() {
        let (wake, woken) = mpsc::channel();
        for wakes in [
            vec![change("a.rs", true), change("a.rs", false)],
            vec![
                change("a.rs", true),
                change("b.rs", true),
                change("a.rs", false),
                change("b.rs", false),
            ],
            vec![change("a.rs", false), change("a.rs", false)],
        ] {
            for wake_up in wakes {
                wake.send(wake_up).unwrap();
            }
            assert_eq!(wait_for_save(&woken, NEVER), Some(Saved::Whole));
            assert!(
                woken.try_recv().is_err(),
                "every step of the save was taken in"
            );
        }
    }

    #[test]
    fn a_file_left_open_is_graded_once_the_files_are_quiet() {
        let (wake, woken) = mpsc::channel();
        wake.send(change("a.rs", true)).unwrap();
        wake.send(change("b.rs", true)).unwrap();
        wake.send(change("a.rs", false)).unwrap();
        assert_eq!(
            wait_for_save(&woken, Duration::from_millis(20)),
            Some(Saved::Quiet)
        );
    }

    #[test]
    fn saves_as_editors_write_them_are_seen_whole_on_this_machine() {
        let dir = tempfile::tempdir().unwrap();
        let src = dir.path().join("src");
        std::fs::create_dir(&src).unwrap();
        let solve = src.join("solve.rs");
        std::fs::write(&solve, "// 0\n").unwrap();
        let (wake, woken) = mpsc::channel();
        let Ok(_watcher) = watch_sources(&src, wake) else {
            eprintln!("no file watcher on this machine: nothing to test");
            return;
        };
        // In place, as most editors and IDEs write.
        std::fs::write(&solve, "// 1\n").unwrap();
        assert_eq!(wait_for_save(&woken, NEVER), Some(Saved::Whole), "in place");
        // A temporary file renamed over it (`sed -i`, many editors' safe write).
        std::fs::write(src.join("sedXy12ab"), "// 2\n").unwrap();
        std::fs::rename(src.join("sedXy12ab"), &solve).unwrap();
        assert_eq!(wait_for_save(&woken, NEVER), Some(Saved::Whole), "renamed");
        // Renamed away to a backup, then written anew (vim).
        std::fs::rename(&solve, src.join("solve.rs~")).unwrap();
        std::fs::write(&solve, "// 3\n").unwrap();
        std::fs::remove_file(src.join("solve.rs~")).unwrap();
        assert_eq!(
            wait_for_save(&woken, NEVER),
            Some(Saved::Whole),
            "rewritten"
        );
        assert_eq!(std::fs::read_to_string(&solve).unwrap(), "// 3\n");
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
            wake.send(change("a.rs", false)).unwrap();
        }
        assert_eq!(wait_for_save(&woken, NEVER), Some(Saved::Whole));
        assert!(woken.try_recv().is_err(), "every save was taken in");
        wake.send(change("a.rs", false)).unwrap();
        wake.send(Wake::Quit).unwrap();
        assert_eq!(wait_for_save(&woken, NEVER), None);
    }
}
