//! `grader grade`.

use std::path::Path;

use anyhow::Context as _;

use std::time::Duration;

use super::Setup;
use crate::Status;
use crate::cli::GradeArgs;
use crate::grade::{Stream, StylePass};
use crate::report::{Format, News};
use crate::timings::{Phase, Stopwatch, Timings};

/// Grades one submission and writes its report. With `--format gradescope` and
/// `--output`, a grading that cannot happen still leaves a results.json, one that
/// says why and is marked as no grade (Gradescope's advice: always write one).
pub fn run(args: GradeArgs) -> anyhow::Result<Status> {
    match grade(&args) {
        Err(error) if args.format == Format::Gradescope => {
            if let Some(path) = &args.output {
                let text = crate::report::gradescope::not_graded(&format!("{error:#}"));
                // The error is what matters; a results.json that cannot be written
                // either is said by the error that follows.
                let _ = write_atomically(path, text.as_bytes());
            }
            Err(error)
        }
        other => other,
    }
}

fn grade(args: &GradeArgs) -> anyhow::Result<Status> {
    let submission = crate::submission::locate(&args.submission)?;
    let files: Vec<&Path> = args
        .output
        .iter()
        .map(|path| path.as_path())
        .chain(args.report.iter().map(|(_, path)| path.as_path()))
        .collect();
    for (i, file) in files.iter().enumerate() {
        let same =
            |other: &&Path| std::path::absolute(other).ok() == std::path::absolute(file).ok();
        if files[..i].iter().any(same) {
            anyhow::bail!(
                "{} is named twice by --output and --report: give each report a file of its own",
                file.display()
            );
        }
    }
    let started = std::time::Instant::now();
    let loading = Stopwatch::start();
    let mut setup = Setup::load(&args.kit)?;
    setup.only(&args.check)?;
    setup.require_blessed()?;
    let loaded = Phase::new(
        "load the kit (rubric, snapshots, inputs)",
        loading.spent(Duration::ZERO),
    );
    let mut grader = setup.grader();
    grader.style_pass = style_pass(&setup, args.style);
    let mut report = if args.stream {
        // The first news alone, on stderr: stdout is the report's.
        let told = std::sync::atomic::AtomicBool::new(false);
        let tell = |news: News<'_>| {
            if !told.swap(true, std::sync::atomic::Ordering::SeqCst) {
                eprint!("{}", crate::report::render_news(&news, false));
            }
        };
        let stream = Stream {
            first: super::watch::run_first(&setup.rubric, None),
            on_news: Some(&tell),
        };
        grader.grade_streaming(&submission, &stream)?
    } else {
        grader.grade(&submission)?
    };
    let mut timings = report.timings.take().unwrap_or_default();
    timings.phases.insert(0, loaded);
    timings = Timings::new(timings.phases, timings.dependencies_compiled);
    if args.timings {
        report.timings = Some(timings.clone());
    }
    let writing = Stopwatch::start();
    let misjudged: Vec<&str> = report
        .checks
        .iter()
        .filter(|c| c.grader_error)
        .map(|c| c.name.as_str())
        .collect();
    if !misjudged.is_empty() {
        eprintln!(
            "grader: warning: the grader could not judge {} (a bug in the grader or its kit, not in the submission; please report it)",
            misjudged.join(", ")
        );
    }
    match &args.output {
        Some(path) => {
            let text = report.render(args.format, false);
            write_atomically(path, text.as_bytes())
                .with_context(|| format!("writing the report to {}", path.display()))?;
        }
        None => {
            let color = args.format == Format::Human
                && anstream::AutoStream::choice(&std::io::stdout()) != anstream::ColorChoice::Never;
            let text = report.render(args.format, color);
            let mut stdout = anstream::stdout();
            match std::io::Write::write_all(&mut stdout, text.as_bytes()) {
                // The reader has gone with what it wanted (`grader grade | head`): the
                // report files and the exit code still follow.
                Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => {}
                written => written.context("writing the report")?,
            }
        }
    }
    // Every other format from the same grading, rendered as `--format F --output
    // FILE` would render it.
    for (format, path) in &args.report {
        let text = report.render(*format, false);
        write_atomically(path, text.as_bytes())
            .with_context(|| format!("writing the report to {}", path.display()))?;
    }
    if args.timings {
        timings.phases.push(Phase::new(
            "write the reports",
            writing.spent(Duration::ZERO),
        ));
        let timings = Timings::new(timings.phases, timings.dependencies_compiled);
        let cpu = crate::sandbox::usage::process_cpu()
            .map(|cpu| format!(", {:.3} s CPU", cpu.as_secs_f64()))
            .unwrap_or_default();
        eprint!(
            "\nWhere the time went (grader grade --timings):\n{}the whole command, measured: {:.3} s wall{cpu}\n",
            timings.render(),
            started.elapsed().as_secs_f64(),
        );
    }
    match args.min_score {
        Some(min) if report.score < min => {
            eprintln!(
                "grader: score {} is below the minimum {min}",
                crate::rubric::points(report.score)
            );
            Ok(Status::BelowMinScore)
        }
        _ => Ok(Status::Success),
    }
}

/// When and where `grade` reads the code with clippy (see [`StylePass`]). Where the
/// rubric's `[style]` gives no points, only once every check passes (as `watch`
/// does): until then the checks are what to work on, and the report comes without
/// waiting for clippy. Where it gives points, or with `--style` (the course's
/// workflow and Gradescope ask for it), in every grading: in a pass of its own beside
/// the checks when a core is spare, so that the report waits for the longer of the
/// two rather than for both; in the build otherwise, where it costs the least CPU,
/// and always where `[style]` gives points (the course's grading, on Gradescope: a
/// fresh machine for each submission, where the pass of its own would first check
/// the dependencies once more).
fn style_pass(setup: &Setup, always: bool) -> StylePass {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    if setup.rubric.style.points > 0.0 || (always && cores <= setup.jobs) {
        StylePass::InBuild
    } else if always {
        StylePass::BesideChecks
    } else {
        StylePass::OnceChecksPass
    }
}

/// Writes `contents` to a temporary file beside `path` and renames it over `path`, so
/// that a reader (a CI step, Gradescope) finds the old report or the whole new one,
/// never half of one, and a failed grading leaves the old report in place.
///
/// A `path` that is something other than a file (`/dev/null`, `/dev/stdout`, a
/// pipe) is written into as it is: renaming over it would replace a device with a
/// file.
pub(super) fn write_atomically(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file() && !m.is_dir()) {
        let mut target = std::fs::OpenOptions::new().write(true).open(path)?;
        return std::io::Write::write_all(&mut target, contents);
    }
    let dir = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".grader-report-");
    // A report is as readable as any file the grader writes (0666 less the umask),
    // not private as a temporary file is by default.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    let mut file = builder.tempfile_in(dir).map_err(without_temporary_path)?;
    std::io::Write::write_all(&mut file, contents)?;
    file.as_file().sync_all()?;
    file.persist(path).map_err(|error| error.error)?;
    Ok(())
}

/// tempfile's error without the temporary file's name, which it appends as
/// ` at path "…"`: the user asked for `--output FILE` and should read of FILE alone.
fn without_temporary_path(error: std::io::Error) -> std::io::Error {
    let text = error.to_string();
    match text.split_once(" at path ") {
        Some((reason, _)) => std::io::Error::new(error.kind(), reason.to_owned()),
        None => error,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_report_replaces_the_old_file_whole_and_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("report.xml");
        std::fs::write(&path, "old").unwrap();
        write_atomically(&path, b"new report").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new report");
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["report.xml"]);
    }

    #[cfg(unix)]
    #[test]
    fn a_report_gets_the_permissions_of_an_ordinary_new_file() {
        use std::os::unix::fs::PermissionsExt as _;
        let dir = tempfile::tempdir().unwrap();
        let mode = |name: &str| {
            let path = dir.path().join(name);
            std::fs::metadata(path).unwrap().permissions().mode()
        };
        std::fs::write(dir.path().join("plain.json"), "{}").unwrap();
        write_atomically(&dir.path().join("report.json"), b"{}").unwrap();
        assert_eq!(mode("report.json"), mode("plain.json"));
    }

    /// `--output /dev/null` once replaced the machine's /dev/null with a file; a pipe
    /// stands in for the device here, so that a regression cannot do it again.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_report_written_to_a_pipe_goes_into_the_pipe_and_leaves_it_a_pipe() {
        use std::os::unix::fs::FileTypeExt as _;
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("report.fifo");
        nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::from_bits_truncate(0o600)).unwrap();
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
        };
        write_atomically(&fifo, b"the report").unwrap();
        assert_eq!(reader.join().unwrap(), "the report");
        assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
    }

    #[test]
    fn a_report_in_a_missing_directory_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("missing/report.md");
        let error = write_atomically(&path, b"text").unwrap_err();
        assert_eq!(error.kind(), std::io::ErrorKind::NotFound);
        assert!(!error.to_string().contains(".grader-report"), "{error}");
        assert!(!path.exists());
    }
}
