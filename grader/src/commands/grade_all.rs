//! `grader grade-all`: a whole class at once.
//!
//! Every subfolder of the class folder is one submission (a crate, a repository with
//! the crate in `starter/`, a Gradescope upload or a GitHub Classroom clone: see
//! [`crate::submission`]). Every entry of the class folder gets a row, graded or
//! not: a file, a hidden entry, a folder without a crate and a symbolic link (which
//! is refused like any link to a crate: a submission is only its own files) are
//! listed with why they were not graded, never dropped. Submissions are graded a
//! few at a time; each gets, from one grading, `OUT/<name>/report.md`,
//! `OUT/<name>/report.html` (with its pictures) and `OUT/<name>/results.json` (the
//! JSON report), which may be handed to the student: they show nothing of what a
//! hidden check asked or expected, nor a twin's words (see
//! [`crate::report::Audience`]); the same three in `OUT/<name>/instructor/` show
//! everything, for the course's staff. The class gets `OUT/grades.csv`,
//! `OUT/summary.md`, `OUT/histogram.svg` and `OUT/index.html`, the class at a glance
//! in a browser for the staff (see [`page`]), with what the class got wrong grouped
//! by mistake (see [`mistakes`]).
//!
//! `--shard K/N` grades only the entries of shard K of N (see [`crate::shard`] for
//! the partition), into an output folder complete on its own; `grader merge` puts N
//! of them together. Every output has a `manifest.json` (see [`manifest`]) saying what it holds and
//! what it was graded with (shard 1/1 for a whole class). `--roster FILE` also
//! writes the LMS exports (see [`roster`]).
//!
//! Re-running is cheap: a submission whose sources, rubric, blessed outputs and
//! grader are unchanged keeps its saved result (its fingerprint is kept in
//! `OUT/<name>/fingerprint`), so a run that was stopped half-way picks up where it
//! stopped, and one late submission costs one grading. `--reuse DIR` extends this
//! to results that live elsewhere (the output of last week's run, of a shard
//! graded on another machine, of `grader merge`): a submission with no result of
//! its own in the output folder takes the one saved below `DIR/<name>` when its
//! fingerprint matches, by the same test ([`saved`]), and the result is copied in
//! ([`copy_result`]), so the output stays complete on its own. Only an output whose
//! manifest says it was graded with this kit revision, rubric and sandbox level is
//! used: the fingerprint alone does not cover the grader's code or the level, and
//! `grader merge` refuses outputs that differ in them.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use anyhow::{Context as _, bail};
use serde_json::Value;
use sha2::{Digest as _, Sha256};

use super::Setup;
use super::grade::write_atomically;
use crate::Status;
use crate::cli::{GradeAllArgs, KitArgs};
use crate::harness;
use crate::report::{Audience, Format};
use crate::rubric::{Rubric, points};
use crate::shard::Shard;
use crate::submission::{self, NotASubmission};
use crate::timings::Timings;

mod lints;
pub(crate) mod manifest;
pub(crate) mod mistakes;
mod page;
mod progress;
pub(crate) mod roster;
mod summary;

use progress::Progress;

/// The file beside a saved result that says what it was graded from.
const FINGERPRINT: &str = "fingerprint";

/// The file beside a saved result that says where its grading's time went.
const TIMINGS: &str = "timings.json";

/// What became of one subfolder.
#[derive(Debug, Clone)]
pub struct Row {
    /// The subfolder's name.
    pub name: String,
    /// Graded, or why not.
    pub outcome: Outcome,
    /// Whether the saved result was kept (unchanged since the last run).
    pub unchanged: bool,
    /// How long it took.
    pub duration: Duration,
}

/// A subfolder's result.
#[derive(Debug, Clone)]
pub enum Outcome {
    /// Graded.
    Graded(Grade),
    /// Holds no submission; not graded (and not a zero).
    NotASubmission(String),
    /// Refused: a symbolic link leads to its crate, or the crate lies outside it.
    Refused(String),
    /// The grader could not grade it (its own failure, not the student's).
    Failed(String),
}

/// The numbers of a graded submission.
#[derive(Debug, Clone, PartialEq)]
pub struct Grade {
    /// Points earned.
    pub score: f64,
    /// Points possible.
    pub max_score: f64,
    /// Per check in rubric order: name, points earned, passed.
    pub checks: Vec<(String, f64, bool)>,
}

impl Grade {
    /// The numbers of a JSON report (as written to `results.json`), or `None` when the
    /// text is not one.
    pub(crate) fn from_json(report: &Value) -> Option<Grade> {
        let checks = report["checks"]
            .as_array()?
            .iter()
            .map(|check| {
                Some((
                    check["name"].as_str()?.to_owned(),
                    check["score"].as_f64()?,
                    check["passed"].as_bool()?,
                ))
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Grade {
            score: report["score"].as_f64()?,
            max_score: report["max_score"].as_f64()?,
            checks,
        })
    }
}

/// Grades every submission of the class folder.
pub fn run(args: &GradeAllArgs) -> anyhow::Result<Status> {
    if !args.dir.is_dir() {
        bail!("the class folder {} is not a directory", args.dir.display());
    }
    let (folders, passed_over) = class_entries(&args.dir, &args.output_dir)?;
    let class = manifest::Class::of(
        folders
            .iter()
            .map(|(name, _)| name.as_str())
            .chain(passed_over.iter().map(|row| row.name.as_str())),
    );
    // A folder with no crate at all is no submission; one refused, or with two
    // crates, is one whose row says why it was not graded.
    let holds_no_crate = |folder: &Path| {
        matches!(
            submission::locate(folder),
            Err(NotASubmission::NoCrate(_) | NotASubmission::NotADirectory(_))
        )
    };
    if folders.iter().all(|(_, folder)| holds_no_crate(folder)) {
        bail!(
            "the class folder {} holds no submission: {} (grade-all grades a folder with one subfolder per submission: a crate, or a repository with the crate in starter/)",
            args.dir.display(),
            match folders.len() + passed_over.len() {
                0 => "it is empty".to_owned(),
                n => format!("none of its {n} entries is or holds a crate"),
            }
        );
    }
    // The whole class is checked above; a shard may hold no submission at all.
    let shard = args.shard.unwrap_or(Shard::WHOLE);
    let folders: Vec<Folder> = folders
        .into_iter()
        .filter(|(name, _)| shard.holds(name))
        .collect();
    let passed_over: Vec<Row> = passed_over
        .into_iter()
        .filter(|row| shard.holds(&row.name))
        .collect();
    // A bad roster fails before anything is graded. A Gradescope export's metadata
    // in the class folder is a roster of its own, or says whose each folder is.
    let roster = roster::Roster::for_class(args.roster.roster.as_deref(), Some(&args.dir))?;
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let jobs = args.jobs.unwrap_or(cores.min(4)).max(1);
    let mut setup = Setup::load(&KitArgs {
        kit: args.kit.clone(),
        work_dir: args.work_dir.clone(),
        // The cores are shared between submissions: each runs its checks on its share.
        jobs: Some((cores / jobs).max(1)),
        sandbox: args.sandbox,
    })?;
    // The class's progress bar says what is going on; no note per build.
    setup.workspace.progress = false;
    setup.workspace.incremental = false;
    // Clippy's lint passes cost each build a fifth of a compilation more: only when
    // the style section counts, or when asked for.
    let style = &setup.rubric.style;
    setup.style = style.enabled && (style.points > 0.0 || args.style);
    setup.require_blessed()?;
    super::require_private_class(&args.dir, args.sandbox)?;
    std::fs::create_dir_all(&args.output_dir)
        .with_context(|| format!("creating {}", args.output_dir.display()))?;
    let mut base = kit_fingerprint(&setup)?;
    // A result graded without the style section is not one graded with it.
    if setup.style {
        base.push_str("+style");
    }
    let revision = manifest::Revision::of(&setup.kit)?;
    let level = crate::sandbox::level(args.sandbox).unwrap_or(crate::sandbox::Level::Unconfined);
    let reuse = reusable(&args.reuse, &revision, level)?;
    let reused = std::sync::atomic::AtomicUsize::new(0);
    let grader = setup.grader();
    let progress = Progress::new(folders.len());
    let pending = Mutex::new(folders.iter().rev().collect::<Vec<_>>());
    let rows = Mutex::new(passed_over);
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(folders.len()).max(1) {
            scope.spawn(|| {
                while let Some((name, folder)) = next(&pending) {
                    progress.start(name);
                    let row = grade_one(
                        &grader,
                        name,
                        folder,
                        &args.output_dir.join(name),
                        &base,
                        args.force,
                        (&reuse, &reused),
                    );
                    progress.finish(&row);
                    rows.lock().unwrap_or_else(|p| p.into_inner()).push(row);
                }
            });
        }
    });
    progress.done();
    let mut rows = rows.into_inner().unwrap_or_else(|p| p.into_inner());
    rows.sort_by(|a, b| a.name.cmp(&b.name));
    write_class_files(
        &args.output_dir,
        &setup.rubric,
        &rows,
        level,
        roster.as_ref(),
    )?;
    let manifest = manifest::Manifest::new(&revision, level, shard, class, &rows);
    write_atomically(
        &args.output_dir.join(manifest::MANIFEST),
        manifest.to_json().as_bytes(),
    )?;
    let roster_line = match &roster {
        Some(roster) => Some(write_exports(
            &args.output_dir,
            roster,
            &rows,
            &args.roster.assignment,
        )?),
        None => None,
    };
    let graded = rows
        .iter()
        .filter(|r| matches!(r.outcome, Outcome::Graded(_)))
        .count();
    let unchanged = rows.iter().filter(|r| r.unchanged).count();
    let count = |what: fn(&Outcome) -> bool| rows.iter().filter(|r| what(&r.outcome)).count();
    let failed = count(|o| matches!(o, Outcome::Failed(_)));
    let refused = count(|o| matches!(o, Outcome::Refused(_)));
    let of_shard = if args.shard.is_some() {
        format!(" of shard {shard}")
    } else {
        String::new()
    };
    let reused = if args.reuse.is_empty() {
        String::new()
    } else {
        format!(
            ", {} of them from --reuse",
            reused.load(std::sync::atomic::Ordering::Relaxed)
        )
    };
    println!(
        "graded {graded} of {} entries{of_shard} ({unchanged} unchanged since the last run{reused}, {} without a submission, {refused} refused, {failed} the grader could not grade): {}",
        rows.len(),
        count(|o| matches!(o, Outcome::NotASubmission(_))),
        args.output_dir.join("grades.csv").display()
    );
    if let Some(line) = roster_line {
        println!("{line}");
    }
    // What a shard leaves on its machine: the output, and the work dir, which keeps
    // the shared dependencies' build and each submission's harness (a copy of its
    // sources, some 0.6 MB); each submission's build is removed once graded.
    println!(
        "disk: {} in {}, {} in the work dir {}",
        megabytes(disk_usage(&args.output_dir)),
        args.output_dir.display(),
        megabytes(disk_usage(&setup.workspace.root)),
        setup.workspace.root.display()
    );
    Ok(Status::Success)
}

/// The bytes of the files below `dir` (links not followed).
fn disk_usage(dir: &Path) -> u64 {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .flatten()
        .filter_map(|entry| entry.metadata().ok())
        .filter(|metadata| metadata.is_file())
        .map(|metadata| metadata.len())
        .sum()
}

/// Bytes in MB, one decimal.
fn megabytes(bytes: u64) -> String {
    format!("{:.1} MB", bytes as f64 / 1e6)
}

/// `count` and the noun that fits it: `1 class entry`, `2 class entries`.
pub(crate) fn counted(count: usize, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

/// The next folder to grade.
fn next<'a>(pending: &Mutex<Vec<&'a (String, PathBuf)>>) -> Option<(&'a str, &'a Path)> {
    pending
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .pop()
        .map(|(name, path)| (name.as_str(), path.as_path()))
}

/// A class folder's entry to grade: its name and path.
type Folder = (String, PathBuf);

/// The class folder's entries by name: the folders and symbolic links to grade (a
/// link is refused when it is graded, so its row says why), and a row for each
/// entry passed over: hidden entries (`.git`) and files (a Gradescope export's
/// `submission_metadata.yml`). The output folder, when it is inside the class
/// folder, is the grader's own and no entry of the class: it has no row, so the
/// first run (before it exists) and the next ones list the same entries.
pub(crate) fn class_entries(dir: &Path, output: &Path) -> anyhow::Result<(Vec<Folder>, Vec<Row>)> {
    let output = output.canonicalize().ok();
    let mut folders = Vec::new();
    let mut passed_over = Vec::new();
    for entry in std::fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))? {
        let entry = entry.with_context(|| format!("reading {}", dir.display()))?;
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        let kind = entry.file_type().ok();
        if path.canonicalize().ok() == output {
            continue;
        }
        let why_not = if name.starts_with('.') {
            Some("a hidden entry (its name starts with a dot), not a submission")
        } else if kind.is_some_and(|t| t.is_symlink()) {
            None
        } else if !kind.is_some_and(|t| t.is_dir()) {
            Some("a file, not a folder: a submission is a folder (unpack an archive first)")
        } else {
            None
        };
        match why_not {
            Some(reason) => passed_over.push(Row {
                name,
                outcome: Outcome::NotASubmission(reason.to_owned()),
                unchanged: false,
                duration: Duration::ZERO,
            }),
            None => folders.push((name, path)),
        }
    }
    folders.sort();
    Ok((folders, passed_over))
}

/// The `--reuse` outputs whose results may be kept: each must be a grade-all or
/// merge output (its manifest read, or an error naming it); one graded with another
/// kit revision, rubric or sandbox level is passed over with a note saying so.
fn reusable(
    given: &[PathBuf],
    revision: &manifest::Revision,
    level: crate::sandbox::Level,
) -> anyhow::Result<Vec<PathBuf>> {
    let mut kept = Vec::new();
    for dir in given {
        let manifest =
            manifest::Manifest::read(dir).with_context(|| format!("--reuse {}", dir.display()))?;
        let differs = if manifest.kit_revision != revision.kit {
            Some("kit revision (the grader's code, fixtures or starter)")
        } else if manifest.rubric_digest != revision.rubric {
            Some("rubric")
        } else if manifest.sandbox != level.name() {
            Some("sandbox level")
        } else {
            None
        };
        match differs {
            Some(what) => eprintln!(
                "grader: note: --reuse {}: graded with another {what}; nothing is reused from it",
                dir.display()
            ),
            None => kept.push(dir.clone()),
        }
    }
    Ok(kept)
}

/// Grades one folder, or keeps its saved result when nothing changed: its own in
/// `out`, else the first of the `reuse` outputs' (counted in the second field),
/// copied into `out`.
fn grade_one(
    grader: &crate::grade::Grader<'_>,
    name: &str,
    folder: &Path,
    out: &Path,
    base: &str,
    force: bool,
    (reuse, reused): (&[PathBuf], &std::sync::atomic::AtomicUsize),
) -> Row {
    let started = Instant::now();
    let row = |outcome, unchanged| Row {
        name: name.to_owned(),
        outcome,
        unchanged,
        duration: started.elapsed(),
    };
    let crate_dir = match submission::locate(folder) {
        Ok(dir) => dir,
        Err(reason) if reason.is_refused() => {
            return row(Outcome::Refused(reason.to_string()), false);
        }
        Err(reason) => return row(Outcome::NotASubmission(reason.to_string()), false),
    };
    let fingerprint = submission_fingerprint(base, &crate_dir);
    if !force && let Some(grade) = saved(out, &fingerprint) {
        return row(Outcome::Graded(grade), true);
    }
    for earlier in reuse.iter().map(|dir| dir.join(name)).filter(|_| !force) {
        if let Some(grade) = saved(&earlier, &fingerprint)
            && copy_result(&earlier, out).is_ok()
        {
            reused.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            return row(Outcome::Graded(grade), true);
        }
    }
    match grade_and_save(grader, &crate_dir, out, &fingerprint) {
        Ok(grade) => row(Outcome::Graded(grade), false),
        Err(error) => row(
            Outcome::Failed(format!("{error:#}").replace('\n', " ")),
            false,
        ),
    }
}

/// Grades `crate_dir` and writes its report, results and fingerprint below `out`.
fn grade_and_save(
    grader: &crate::grade::Grader<'_>,
    crate_dir: &Path,
    out: &Path,
    fingerprint: &str,
) -> anyhow::Result<Grade> {
    let report = grader.grade(crate_dir);
    crate::harness::discard_builds(&grader.workspace, crate_dir);
    let mut report = report?;
    // Where the time went, beside the results (which stay the same between runs).
    let timings = report.timings.take().unwrap_or_default();
    std::fs::create_dir_all(out).with_context(|| format!("creating {}", out.display()))?;
    let json = report.render_for(Format::Json, false, Audience::Instructor);
    let value: Value = serde_json::from_str(&json).context("reading back the JSON report")?;
    let grade = Grade::from_json(&value).context("the JSON report lacks its scores")?;
    // The fingerprint goes last and is removed first: a stopped run never leaves a
    // fingerprint beside results that do not match it.
    let _ = std::fs::remove_file(out.join(FINGERPRINT));
    std::fs::create_dir_all(out.join(INSTRUCTOR))
        .with_context(|| format!("creating {}", out.join(INSTRUCTOR).display()))?;
    for (file, format) in REPORTS {
        write_atomically(
            &out.join(file),
            report
                .render_for(format, false, Audience::Students)
                .as_bytes(),
        )?;
        let instructor = match format {
            Format::Json => json.clone(),
            _ => report.render_for(format, false, Audience::Instructor),
        };
        write_atomically(&out.join(INSTRUCTOR).join(file), instructor.as_bytes())?;
    }
    write_atomically(
        &out.join(TIMINGS),
        (serde_json::to_string_pretty(&timings)? + "\n").as_bytes(),
    )?;
    write_atomically(&out.join(FINGERPRINT), fingerprint.as_bytes())?;
    Ok(grade)
}

/// The reports written for each student, by file name, from one grading: each in
/// the student's folder as the student may read it (nothing of a hidden check's
/// inputs or expected answers: see [`crate::report::Audience`]), and again in its
/// [`INSTRUCTOR`] folder with everything the grader found.
pub(crate) const REPORTS: [(&str, Format); 3] = [
    ("results.json", Format::Json),
    ("report.md", Format::Markdown),
    ("report.html", Format::Html),
];

/// The folder, in each student's folder, of the reports for the course's staff only.
pub(crate) const INSTRUCTOR: &str = "instructor";

/// The instructor's JSON report of the entry `name` below `out`.
pub(crate) fn instructor_json(out: &Path, name: &str) -> PathBuf {
    out.join(name).join(INSTRUCTOR).join("results.json")
}

/// Every file grade-all writes in a student's folder, relative to it: the reports
/// that may be handed out, then the instructor's, then the grading's bookkeeping.
pub(crate) fn student_files() -> Vec<String> {
    let mut files: Vec<String> = REPORTS.iter().map(|(file, _)| (*file).to_owned()).collect();
    files.extend(
        REPORTS
            .iter()
            .map(|(file, _)| format!("{INSTRUCTOR}/{file}")),
    );
    files.extend([TIMINGS.to_owned(), FINGERPRINT.to_owned()]);
    files
}

/// Copies a student's saved result (every file of [`student_files`] there is) from
/// `from` to `to`; the fingerprint is removed first and copied last, as
/// [`grade_and_save`] writes it, so a copy cut short is graded again.
pub(crate) fn copy_result(from: &Path, to: &Path) -> anyhow::Result<()> {
    let _ = std::fs::remove_file(to.join(FINGERPRINT));
    let files = student_files();
    let (fingerprint, rest): (Vec<&String>, Vec<&String>) =
        files.iter().partition(|file| file.as_str() == FINGERPRINT);
    for file in rest.into_iter().chain(fingerprint) {
        let (source, target) = (from.join(file), to.join(file));
        if source.is_file() {
            let bytes =
                std::fs::read(&source).with_context(|| format!("reading {}", source.display()))?;
            if let Some(folder) = target.parent() {
                std::fs::create_dir_all(folder)
                    .with_context(|| format!("creating {}", folder.display()))?;
            }
            write_atomically(&target, &bytes)
                .with_context(|| format!("writing {}", target.display()))?;
        }
    }
    Ok(())
}

/// The saved grade below `out`, if it was graded from `fingerprint` (and its reports
/// are all there: an output of a grader that wrote fewer is graded again).
fn saved(out: &Path, fingerprint: &str) -> Option<Grade> {
    let kept = std::fs::read_to_string(out.join(FINGERPRINT)).ok()?;
    if kept != fingerprint || student_files().iter().any(|file| !out.join(file).is_file()) {
        return None;
    }
    let text = std::fs::read_to_string(out.join("results.json")).ok()?;
    Grade::from_json(&serde_json::from_str(&text).ok()?)
}

/// What every grading of this run depends on besides the submission: the grader's
/// version, the rubric and the blessed outputs (the inputs follow from the rubric).
fn kit_fingerprint(setup: &Setup) -> anyhow::Result<String> {
    let mut hasher = Sha256::new();
    hasher.update(env!("CARGO_PKG_VERSION"));
    hasher.update(
        std::fs::read(setup.kit.rubric())
            .with_context(|| format!("reading {}", setup.kit.rubric().display()))?,
    );
    let mut snapshots: Vec<PathBuf> = std::fs::read_dir(setup.kit.snapshots())
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.path())
        .collect();
    snapshots.sort();
    for path in snapshots {
        hasher.update(path.file_name().unwrap_or_default().as_encoded_bytes());
        hasher.update(std::fs::read(&path).unwrap_or_default());
    }
    Ok(hex(&hasher.finalize()))
}

/// The fingerprint of one submission: the kit's, and every source file the grader
/// would copy (or why it would refuse them).
fn submission_fingerprint(base: &str, crate_dir: &Path) -> String {
    let mut hasher = Sha256::new();
    hasher.update(base);
    match harness::read_sources(crate_dir) {
        Ok(sources) => {
            for (path, contents) in sources {
                hasher.update(path.as_os_str().as_encoded_bytes());
                hasher.update([0]);
                hasher.update((contents.len() as u64).to_le_bytes());
                hasher.update(contents);
            }
        }
        Err(reason) => hasher.update(reason),
    }
    hex(&hasher.finalize())
}

pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Writes `grades.csv` (with each folder's students, given a `roster`),
/// `summary.md`, `histogram.svg` and `index.html` (which reads the graded students'
/// instructor `results.json` below `out`).
pub(crate) fn write_class_files(
    out: &Path,
    rubric: &Rubric,
    rows: &[Row],
    sandbox: crate::sandbox::Level,
    roster: Option<&roster::Roster>,
) -> anyhow::Result<()> {
    let csv = gradebook(rubric, rows, roster)?;
    write_atomically(&out.join("grades.csv"), &csv)
        .with_context(|| format!("writing {}", out.join("grades.csv").display()))?;
    // The class's timings are read back from each student's folder, so that a merged
    // class adds up the same figures as its shards.
    let timings: Vec<Timings> = rows
        .iter()
        .filter(|row| matches!(row.outcome, Outcome::Graded(_)))
        .filter_map(|row| std::fs::read(out.join(&row.name).join(TIMINGS)).ok())
        .filter_map(|bytes| serde_json::from_slice(&bytes).ok())
        .collect();
    let lints = lints::read(out, rows);
    let mut text = summary::markdown(rubric, rows, sandbox);
    text.push_str(&lints::markdown(&lints));
    text.push_str(&summary::timings(&timings));
    write_atomically(&out.join("summary.md"), text.as_bytes())?;
    write_atomically(
        &out.join("histogram.svg"),
        summary::histogram_svg(rows).as_bytes(),
    )?;
    let reports = page::read_reports(out, rows);
    write_atomically(
        &out.join("index.html"),
        page::render(rubric, rows, sandbox, reports, &lints).as_bytes(),
    )?;
    Ok(())
}

/// Writes `canvas.csv`, `moodle.csv` and `roster.md` for `roster`; returns the line
/// that says how the roster and the class paired up.
pub(crate) fn write_exports(
    out: &Path,
    roster: &roster::Roster,
    rows: &[Row],
    assignment: &str,
) -> anyhow::Result<String> {
    let exports = roster::exports(roster, rows, assignment)?;
    for (file, bytes) in [
        ("canvas.csv", exports.canvas.as_slice()),
        ("moodle.csv", &exports.moodle),
        ("roster.md", exports.report.as_bytes()),
    ] {
        write_atomically(&out.join(file), bytes)
            .with_context(|| format!("writing {}", out.join(file).display()))?;
    }
    Ok(exports.line)
}

/// The gradebook: one row per entry of the class folder (name, status, score, max),
/// then the points of each check in rubric order. An entry that was not graded has
/// empty scores. Text cells are [`defused`]; the numbers are the grader's own.
/// With a roster, who each entry is follows its `name`: `student`, `email` and
/// `sid` (the roster's name, email and id of each student it pairs with, a group's
/// joined by `; `, empty for an entry no one's).
pub fn gradebook(
    rubric: &Rubric,
    rows: &[Row],
    roster: Option<&roster::Roster>,
) -> anyhow::Result<Vec<u8>> {
    let people = roster.map(|roster| {
        let names: Vec<&str> = rows.iter().map(|r| r.name.as_str()).collect();
        roster.people(&names)
    });
    let mut writer = csv::Writer::from_writer(Vec::new());
    let mut header = vec!["name"];
    if people.is_some() {
        header.extend(["student", "email", "sid"]);
    }
    header.extend(["status", "score", "max_score"]);
    header.extend(rubric.checks.iter().map(|c| c.spec.name));
    writer.write_record(header.iter().map(|cell| defused(cell)))?;
    for row in rows {
        let mut record = vec![defused(&row.name)];
        if let Some(people) = &people {
            let theirs = people.get(&row.name).map(Vec::as_slice).unwrap_or_default();
            let joined = |field: fn(&roster::Student) -> &str| {
                defused(
                    &theirs
                        .iter()
                        .map(|s| field(s))
                        .collect::<Vec<_>>()
                        .join("; "),
                )
            };
            record.push(joined(|s| &s.name));
            record.push(joined(|s| &s.email));
            record.push(joined(|s| &s.id));
        }
        match &row.outcome {
            Outcome::Graded(grade) => {
                record.push("graded".to_owned());
                record.push(points(grade.score));
                record.push(points(grade.max_score));
                for check in &rubric.checks {
                    record.push(
                        grade
                            .checks
                            .iter()
                            .find(|(name, _, _)| name == check.spec.name)
                            .map_or(String::new(), |(_, score, _)| points(*score)),
                    );
                }
            }
            Outcome::NotASubmission(reason)
            | Outcome::Failed(reason)
            | Outcome::Refused(reason) => {
                let status = match row.outcome {
                    Outcome::Failed(_) => "grader error",
                    Outcome::Refused(_) => "refused",
                    _ => "no submission",
                };
                record.push(defused(&format!("{status}: {reason}")));
                record.extend(std::iter::repeat_n(String::new(), 2 + rubric.checks.len()));
            }
        }
        writer.write_record(&record)?;
    }
    writer.flush()?;
    writer
        .into_inner()
        .map_err(|error| anyhow::anyhow!("writing the gradebook: {error}"))
}

/// A text cell a spreadsheet will not run as a formula: one that starts with `=`,
/// `+`, `-`, `@`, a tab or a carriage return gets a `'` in front (OWASP's advice on
/// CSV injection), so that a folder named `=HYPERLINK(…)` reads as that name.
/// Only text goes through here: a score is a number the grader wrote, and must
/// stay one.
pub fn defused(cell: &str) -> String {
    if cell.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{cell}")
    } else {
        cell.to_owned()
    }
}

#[cfg(test)]
mod tests;
