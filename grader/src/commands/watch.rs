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
//! A save is graded as soon as it is whole: when the file it wrote is closed after
//! writing, or renamed into place (how most editors save), and no other file is
//! still being written, after [`SETTLE`] of quiet (a tool that writes several files
//! writes them one by one). Where the end of a write is never seen (a writer that
//! keeps its file open, a file removed, a folder created, events lost, a platform
//! whose watcher does not report closes), the grading follows once the files have
//! been quiet for [`QUIET`]. So the steps of one save (a backup, a temporary file, a
//! rename) give one grading. A save that comes later (a formatter run on save by
//! another tool) is graded again once the grading in progress is done, so the last
//! report shown is that of the files as they are. Only `.rs` files (and the folders
//! that may hold them) count, since the grader copies nothing else, and editors'
//! temporary and backup files never do.

use std::collections::BTreeSet;
use std::io::{BufRead as _, IsTerminal as _, Write as _};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::Duration;

use anyhow::Context as _;
use notify::event::{AccessKind, AccessMode, CreateKind, ModifyKind, RemoveKind, RenameMode};
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
/// tool that writes several files (a formatter, `git checkout`) writes them one by
/// one, 2–20 ms apart on a busy 2-core machine.
const SETTLE: Duration = Duration::from_millis(20);

/// What wakes the loop up.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Wake {
    /// A source file (or a folder of them) changed.
    Changed {
        /// The file or folder.
        path: PathBuf,
        /// Where its writing stands (see [`changes`]).
        state: Writing,
    },
    /// `q` and Enter.
    Quit,
}

/// Where the writing of a file stands, after an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Writing {
    /// Being written, or gone: the save waits until it is whole again, or until the
    /// files are quiet.
    Open,
    /// Whole: renamed into place, or only its metadata changed.
    Whole,
    /// Closed after it was opened to be written: whole if it was being written, and
    /// no change at all if it was not (a tool may open a file to write and write
    /// nothing).
    Closed,
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
    let mut started = false;
    let mut next = woken.recv().ok();
    loop {
        let Wake::Changed { path, state } = next? else {
            return None;
        };
        match state {
            Writing::Open => open.insert(path),
            Writing::Whole | Writing::Closed => open.remove(&path),
        };
        // A close alone (the file was not being written) starts no save.
        started |= state != Writing::Closed;
        if !started {
            next = woken.recv().ok();
            continue;
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

/// The source files (and folders) an event changes, each with where its writing
/// stands. A file is whole once a rename brings it to its name, or when only its
/// metadata changed; a close after writing ends what was being written. Anything
/// else leaves it open: data written, a file created, and a name that is gone
/// (removed, or renamed away, as an editor does before it writes the file anew).
/// So is a folder created, removed or moved in (its files may come without events
/// of their own, before the watcher watches it), and a report that events were lost
/// (the whole `src/`): the grading waits for the files to be quiet.
fn changes(event: &notify::Event, src: &Path) -> Vec<Wake> {
    if event.need_rescan() {
        return vec![Wake::Changed {
            path: src.to_path_buf(),
            state: Writing::Open,
        }];
    }
    let state: &dyn Fn(usize) -> Writing = match event.kind {
        EventKind::Access(AccessKind::Close(AccessMode::Write)) => &|_| Writing::Closed,
        EventKind::Modify(ModifyKind::Metadata(_) | ModifyKind::Name(RenameMode::To)) => {
            &|_| Writing::Whole
        }
        // The old name, then the new one.
        EventKind::Modify(ModifyKind::Name(RenameMode::Both)) => &|index| {
            if index == 1 {
                Writing::Whole
            } else {
                Writing::Open
            }
        },
        EventKind::Access(_) | EventKind::Other => return Vec::new(),
        _ => &|_| Writing::Open,
    };
    let folder = matches!(
        event.kind,
        EventKind::Create(CreateKind::Folder) | EventKind::Remove(RemoveKind::Folder)
    );
    let renamed = matches!(event.kind, EventKind::Modify(ModifyKind::Name(_)));
    event
        .paths
        .iter()
        .enumerate()
        .filter_map(|(index, path)| {
            let relative = path.strip_prefix(src).unwrap_or(path);
            // A folder moved in is known by looking (the event does not say), and
            // only where sources may be.
            if is_source_folder(relative) && (folder || renamed && path.is_dir()) {
                Some(Wake::Changed {
                    path: path.clone(),
                    state: Writing::Open,
                })
            } else if is_source(relative) {
                Some(Wake::Changed {
                    path: path.clone(),
                    state: state(index),
                })
            } else {
                None
            }
        })
        .collect()
}

/// A `.rs` file (its path relative to `src/`) that is not an editor's temporary or
/// backup file (`.#main.rs`, `#main.rs#`, `main.rs~`, `.main.rs.swp`) nor inside a
/// hidden folder or a `target/`. Relative, because the submission itself may well lie
/// below some `target/` (the kit's tests put theirs there).
fn is_source(path: &Path) -> bool {
    let name = path
        .file_name()
        .map(|name| name.to_string_lossy())
        .unwrap_or_default();
    is_source_folder(path)
        && !name.starts_with('#')
        && path.extension().is_some_and(|ext| ext == "rs")
}

/// A path (relative to `src/`) outside hidden folders and `target/`: a folder that
/// may hold sources.
fn is_source_folder(path: &Path) -> bool {
    !path.components().any(|part| {
        let part = part.as_os_str().to_string_lossy();
        part == "target" || (part.starts_with('.') && part != "." && part != "..")
    })
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

    fn change(path: &str, state: Writing) -> Wake {
        Wake::Changed {
            path: path.into(),
            state,
        }
    }

    #[test]
    fn a_file_is_whole_once_renamed_into_place_or_closed_and_open_while_gone() {
        let src = Path::new("/s/src");
        let event = |kind| notify::Event::new(kind).add_path(src.join("solve.rs"));
        let reads = |kind, state| changes(&event(kind), src) == [change("/s/src/solve.rs", state)];
        use notify::event::DataChange;
        assert!(reads(
            EventKind::Modify(ModifyKind::Data(DataChange::Any)),
            Writing::Open
        ));
        assert!(reads(EventKind::Create(CreateKind::File), Writing::Open));
        assert!(reads(EventKind::Remove(RemoveKind::File), Writing::Open));
        assert!(reads(
            EventKind::Modify(ModifyKind::Name(RenameMode::From)),
            Writing::Open
        ));
        assert!(reads(
            EventKind::Access(AccessKind::Close(AccessMode::Write)),
            Writing::Closed
        ));
        assert!(reads(
            EventKind::Modify(ModifyKind::Name(RenameMode::To)),
            Writing::Whole
        ));
        let renamed = |from: &str, to: &str| {
            let both = notify::Event::new(EventKind::Modify(ModifyKind::Name(RenameMode::Both)))
                .add_path(src.join(from))
                .add_path(src.join(to));
            changes(&both, src)
        };
        // Renamed away to a backup, as vim does before it writes the file anew.
        assert_eq!(
            renamed("solve.rs", "solve.rs~"),
            [change("/s/src/solve.rs", Writing::Open)]
        );
        // A temporary file renamed into place, as `sed -i` does.
        assert_eq!(
            renamed("sedAb12x", "solve.rs"),
            [change("/s/src/solve.rs", Writing::Whole)]
        );
        let read = notify::Event::new(EventKind::Access(AccessKind::Close(AccessMode::Read)))
            .add_path(src.join("solve.rs"));
        assert!(changes(&read, src).is_empty());
    }

    #[test]
    fn a_new_folder_and_lost_events_wait_for_the_files_to_be_quiet() {
        let src = Path::new("/s/src");
        let folder =
            notify::Event::new(EventKind::Create(CreateKind::Folder)).add_path(src.join("mouse"));
        assert_eq!(
            changes(&folder, src),
            [change("/s/src/mouse", Writing::Open)]
        );
        let hidden =
            notify::Event::new(EventKind::Create(CreateKind::Folder)).add_path(src.join(".idea"));
        assert!(changes(&hidden, src).is_empty());
        let lost = notify::Event::new(EventKind::Other).set_flag(notify::event::Flag::Rescan);
        assert_eq!(changes(&lost, src), [change("/s/src", Writing::Open)]);
    }

    /// A quiet far longer than the steps of a save take, however busy the machine: a
    /// wait that ends `Quiet` with it saw a file left open.
    const NEVER: Duration = Duration::from_secs(30);

    #[test]
    fn a_save_is_graded_once_every_file_it_wrote_is_whole() {
        let (wake, woken) = mpsc::channel();
        for wakes in [
            vec![
                change("a.rs", Writing::Open),
                change("a.rs", Writing::Closed),
            ],
            vec![
                change("a.rs", Writing::Open),
                change("b.rs", Writing::Open),
                change("a.rs", Writing::Closed),
                change("b.rs", Writing::Whole),
            ],
            vec![
                change("a.rs", Writing::Whole),
                change("a.rs", Writing::Whole),
            ],
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
    fn a_file_closed_without_being_written_is_no_save() {
        let (wake, woken) = mpsc::channel();
        wake.send(change("a.rs", Writing::Closed)).unwrap();
        wake.send(Wake::Quit).unwrap();
        assert_eq!(wait_for_save(&woken, NEVER), None);
    }

    #[test]
    fn a_file_left_open_is_graded_once_the_files_are_quiet() {
        let (wake, woken) = mpsc::channel();
        wake.send(change("a.rs", Writing::Open)).unwrap();
        wake.send(change("b.rs", Writing::Open)).unwrap();
        wake.send(change("a.rs", Writing::Closed)).unwrap();
        assert_eq!(
            wait_for_save(&woken, Duration::from_millis(20)),
            Some(Saved::Quiet)
        );
    }

    /// Each save is made by a thread of its own while the wait runs, with a pause of
    /// 100 ms (five times [`SETTLE`]) in its middle: a wait that took a step of it
    /// for the end returns while the file is half written or missing. Linux only:
    /// other platforms' watchers report no closes, and their saves end quiet.
    #[cfg(target_os = "linux")]
    #[test]
    fn saves_as_editors_write_them_are_seen_whole_on_this_machine() {
        use std::io::Write as _;
        let dir = tempfile::tempdir().unwrap();
        let src = dir.path().join("src");
        std::fs::create_dir(&src).unwrap();
        let solve = src.join("solve.rs");
        std::fs::write(&solve, "// 0\n").unwrap();
        let (wake, woken) = mpsc::channel();
        let _watcher = watch_sources(&src, wake.clone()).expect("a file watcher");
        // No event at all would leave the wait waiting: end it, and fail the test.
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_secs(120));
            let _ = wake.send(Wake::Quit);
        });
        let pause = || std::thread::sleep(SETTLE * 5);
        type Save = Box<dyn FnOnce(&Path) + Send>;
        let saves: [(&str, Save, &str); 3] = [
            (
                "in place, in two writes",
                Box::new(move |solve: &Path| {
                    let mut file = std::fs::File::create(solve).unwrap();
                    file.write_all(b"// 1\n").unwrap();
                    pause();
                    file.write_all(b"// 1b\n").unwrap();
                }),
                "// 1\n// 1b\n",
            ),
            (
                "a temporary file renamed over it (sed -i)",
                Box::new(move |solve: &Path| {
                    let temporary = solve.with_file_name("sedXy12ab");
                    std::fs::write(&temporary, "// 2\n").unwrap();
                    pause();
                    std::fs::rename(&temporary, solve).unwrap();
                }),
                "// 2\n",
            ),
            (
                "renamed away to a backup, then written anew (vim)",
                Box::new(move |solve: &Path| {
                    let backup = solve.with_file_name("solve.rs~");
                    std::fs::rename(solve, &backup).unwrap();
                    pause();
                    std::fs::write(solve, "// 3\n").unwrap();
                    std::fs::remove_file(&backup).unwrap();
                }),
                "// 3\n",
            ),
        ];
        for (how, save, saved) in saves {
            let path = solve.clone();
            let writer = std::thread::spawn(move || save(&path));
            assert_eq!(wait_for_save(&woken, NEVER), Some(Saved::Whole), "{how}");
            assert_eq!(
                std::fs::read_to_string(&solve).ok().as_deref(),
                Some(saved),
                "{how}: the wait ended before the save did"
            );
            writer.join().unwrap();
            // Whatever of this save is still on its way is not the next one's.
            std::thread::sleep(SETTLE * 5);
            while woken.try_recv().is_ok() {}
        }
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
            wake.send(change("a.rs", Writing::Whole)).unwrap();
        }
        assert_eq!(wait_for_save(&woken, NEVER), Some(Saved::Whole));
        assert!(woken.try_recv().is_err(), "every save was taken in");
        wake.send(change("a.rs", Writing::Whole)).unwrap();
        wake.send(Wake::Quit).unwrap();
        assert_eq!(wait_for_save(&woken, NEVER), None);
    }
}
