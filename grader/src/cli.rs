//! The grader's command line, as clap derive types whose doc comments are the help.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::report::Format;
use crate::sandbox::Mode;

/// Grade Perfect Mazes submissions, bless expected outputs, generate the starter.
#[derive(Debug, Parser)]
#[command(name = "grader", version, about, max_term_width = 100)]
#[cfg_attr(
    not(feature = "instructor"),
    command(about = "Grade your Perfect Mazes submission, once or on every save.")
)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands: the student's two, then the instructor's.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Build a submission against the probe, run every check and report the score.
    Grade(GradeArgs),
    /// Grade a submission, then again after every save under its src/: shows the
    /// first failing check with its hint, each part's progress and the score. Type q
    /// and Enter (or press Ctrl-C) to quit.
    Watch(WatchArgs),
    /// Print every check as this grader grades it (name, part, title, points,
    /// visibility, time limit, hint): the checks' declared defaults with the
    /// course's fixtures/rubric.toml over them, as [[check]] entries.
    Rubric(RubricArgs),
    /// The instructor's commands (the `instructor` feature; not in the student
    /// template).
    #[cfg(feature = "instructor")]
    #[command(flatten)]
    Instructor(InstructorCommand),
}

/// The instructor's subcommands, built only with the `instructor` feature.
#[cfg(feature = "instructor")]
#[derive(Debug, Subcommand)]
pub enum InstructorCommand {
    /// Grade a whole class: every subfolder of DIR is a submission (a crate, a
    /// repository with the crate in starter/, a Gradescope upload, a GitHub Classroom
    /// clone); writes OUT/grades.csv, OUT/summary.md and OUT/<name>/report.md.
    GradeAll(GradeAllArgs),
    /// Put the outputs of `grade-all --shard K/N` for K = 1..N together into one
    /// gradebook, summary, histogram and the per-student reports; refuses outputs
    /// graded with another kit revision, rubric or class, and overlapping or
    /// missing shards.
    Merge(MergeArgs),
    /// Re-create fixtures/snapshots from the reference solution, showing a diff of
    /// each snapshot that changes, and the guide's figures of the rubric.
    Bless(BlessArgs),
    /// Generate starter/ from solution/ (every solution region becomes a todo!()).
    Starter(StarterArgs),
    /// What CI runs: the solution scores full marks, the starter compiles cleanly and
    /// scores 0, the starter and the snapshots are up to date.
    SelfCheck(KitArgs),
    /// Write the student template: starter, grader (no solution), public fixtures,
    /// handout (its chapters' code and figures written in), a student README and a
    /// workflow for pushes and pull requests. The workflow grades with the course's
    /// grader repository (see publish-grader) named by --grader-repo and
    /// --grader-rev; without them dist refuses, unless --feedback-only asks for a
    /// workflow that grades with the template's own grader and gives no points.
    Dist(DistArgs),
    /// Write the course's grader repository, the one the template's workflow runs: the
    /// template's grader, the public rubric (no secret) and fixtures, the visible
    /// checks' snapshots and the starter; no solution, no hidden check, no twin. Push
    /// it to a public repository, note its commit, then run `grader dist TEMPLATE
    /// --grader-repo OWNER/NAME --grader-rev SHA`.
    PublishGrader(PublishGraderArgs),
    /// Write the Gradescope autograder package: setup.sh, run_autograder and the
    /// course's grader (hidden checks included, no solution) in one zip.
    Gradescope(GradescopeArgs),
    /// What the sandbox can do here, tried with real jobs: each layer as active or
    /// missing, each trial (network, signals, leftovers, limits, the kit's files),
    /// and whether `--sandbox required` grades here (exit code 1 when it would not).
    /// Run it inside the image, pod or runner you grade in.
    SandboxCheck(SandboxCheckArgs),
    /// Mutation testing of the checks: grade cargo-mutants' mutants of the solution's
    /// student-written regions, print each one's score, and write the survivors (full
    /// marks) to a file for the instructor.
    Mutants(MutantsArgs),
    /// Which submissions of a class share student-written code beyond the starter:
    /// writes OUT/pairs.csv, OUT/index.html, OUT/summary.md and a Dolos export.
    Similarity(SimilarityArgs),
}

/// Arguments of `grader similarity`.
#[derive(Debug, Args)]
pub struct SimilarityArgs {
    /// The class folder: one subfolder per submission (the layouts grade-all accepts).
    pub dir: PathBuf,
    /// Where pairs.csv, index.html, summary.md and dolos/ go.
    #[arg(long, value_name = "OUT")]
    pub output_dir: PathBuf,
    /// Tokens in a k-gram: shared runs shorter than this are never seen.
    #[arg(long, value_name = "K", default_value_t = 23)]
    pub k: usize,
    /// Winnowing window, in k-grams: every shared run of WINDOW + K - 1 tokens is found.
    #[arg(long, value_name = "W", default_value_t = 17)]
    pub window: usize,
    /// A fingerprint in more than this share of the submissions (and in at least
    /// --common-min of them) is a common idiom and left out.
    #[arg(long, value_name = "SHARE", default_value_t = 0.5)]
    pub common_share: f64,
    /// The fewest submissions a fingerprint must be in to count as common.
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub common_min: usize,
    /// How many of the most similar pairs index.html shows fragment by fragment.
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub top: usize,
    /// Known sources to compare every submission with, repeatable: a crate (the kit's
    /// solution/, flagged as the reference; an earlier submission) or a folder of them
    /// (an earlier term's class). Matches are listed with the source named, apart from
    /// the pairs within the class.
    #[arg(long, value_name = "DIR")]
    pub known: Vec<PathBuf>,
    /// The kit's root, whose starter/src is the provided code left out; found from
    /// the current directory upwards when left out.
    #[arg(long, value_name = "DIR")]
    pub kit: Option<PathBuf>,
}

/// Arguments of `grader sandbox-check`.
#[derive(Debug, Args)]
pub struct SandboxCheckArgs {
    /// The kit's root, whose private files the trials try to read; found from the
    /// current directory upwards when left out.
    #[arg(long, value_name = "DIR")]
    pub kit: Option<PathBuf>,
    /// The work dir whose builds the trials try to read [default: KIT/target/grader;
    /// env MAZE_GRADER_WORK_DIR].
    #[arg(long, value_name = "DIR", env = "MAZE_GRADER_WORK_DIR")]
    pub work_dir: Option<PathBuf>,
}

/// Arguments of `grader mutants`.
#[cfg(feature = "instructor")]
#[derive(Debug, Args)]
pub struct MutantsArgs {
    /// The kit's root; found from the current directory upwards when left out.
    #[arg(long, value_name = "DIR")]
    pub kit: Option<PathBuf>,
    /// Where the mutants are built [default: KIT/target/grader; env MAZE_GRADER_WORK_DIR].
    #[arg(long, value_name = "DIR", env = "MAZE_GRADER_WORK_DIR")]
    pub work_dir: Option<PathBuf>,
    /// How many mutants are graded at once [default: 1].
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Grade only N mutants, spread evenly over the list.
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
    /// Only mutants whose name matches REGEX (a plain substring works too), e.g.
    /// `rat/queue` or `Position::(eq|hash)`.
    #[arg(long, value_name = "REGEX")]
    pub filter: Option<String>,
    /// List the mutants that would be graded, and grade none.
    #[arg(long)]
    pub list: bool,
    /// Write the survivors to FILE [default: KIT/fixtures/mutants.md].
    #[arg(long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Read the mutants from FILE, in the JSON of `cargo mutants --list --json`,
    /// instead of running cargo-mutants.
    #[arg(long, value_name = "FILE")]
    pub mutants: Option<PathBuf>,
}

/// Arguments of `grader gradescope`.
#[cfg(feature = "instructor")]
#[derive(Debug, Args)]
pub struct GradescopeArgs {
    /// The zip file to write.
    pub out: PathBuf,
    /// Then try the zip before uploading it: unpack it as Gradescope does into
    /// OUT's folder `<OUT without .zip>-try/` (source/, submission/, results/), put
    /// SUBMISSION (a folder or a .zip, as a student uploads it) in submission/, run
    /// the zip's own run_autograder there with this grader, and print the score of
    /// the results.json it writes.
    #[arg(long = "try", value_name = "SUBMISSION")]
    pub try_on: Option<PathBuf>,
    /// Where the try builds the submission [default: KIT/target/grader, whose
    /// shared dependencies are already built; env MAZE_GRADER_WORK_DIR].
    #[arg(long, value_name = "DIR", env = "MAZE_GRADER_WORK_DIR")]
    pub work_dir: Option<PathBuf>,
    /// The sandbox of the try's grading, as run_autograder's MAZE_GRADER_SANDBOX:
    /// Gradescope grades with `required`; `auto` tries the zip on a machine that
    /// cannot sandbox.
    #[arg(long, value_enum, value_name = "MODE", default_value_t = Mode::Required, env = "MAZE_GRADER_SANDBOX")]
    pub sandbox: Mode,
    /// The kit's root; found from the current directory upwards when left out.
    #[arg(long, value_name = "DIR")]
    pub kit: Option<PathBuf>,
}

/// Arguments of `grader dist`.
#[cfg(feature = "instructor")]
#[derive(Debug, Args)]
pub struct DistArgs {
    /// A new (or empty) directory for the template.
    pub out: std::path::PathBuf,
    /// The score below which the template's workflow fails a student's run (it
    /// grades each push).
    #[arg(
        long,
        value_name = "N",
        default_value_t = 0.0,
        allow_negative_numbers = true
    )]
    pub min_score: f64,
    /// The course's grader repository (OWNER/NAME, public, written by `grader
    /// publish-grader`) whose grader the workflow runs, so a student's edits to the
    /// grader in their own repository change nothing.
    #[arg(long, value_name = "OWNER/NAME", requires = "grader_rev")]
    pub grader_repo: Option<String>,
    /// The commit of --grader-repo the workflow pins.
    #[arg(long, value_name = "SHA", requires = "grader_repo")]
    pub grader_rev: Option<String>,
    /// Without a course grader repository: a workflow that grades with the
    /// template's own grader (which the student can edit), sends no points to GitHub
    /// Classroom and says in its summary that the points are not the course's.
    #[arg(long, conflicts_with_all = ["grader_repo", "grader_rev"])]
    pub feedback_only: bool,
    /// What the starter holds for a part the rubric turns off (`enabled = false`):
    /// `stubs` (its stubs, each saying the part is not assigned in this course),
    /// `reference` (the reference's working code: that part's answers, published), or
    /// `leave-out` (none of its code: no module, driver command, test, fixture or
    /// chapter pages; Parts 2 and 5 only, since the provided code uses Parts 3 and 4).
    #[arg(long, value_enum, value_name = "WHAT", default_value_t = crate::dist::Unassigned::Stubs)]
    pub unassigned: crate::dist::Unassigned,
    /// The kit's root; found from the current directory upwards when left out.
    #[arg(long, value_name = "DIR")]
    pub kit: Option<std::path::PathBuf>,
}

/// Arguments of `grader publish-grader`.
#[cfg(feature = "instructor")]
#[derive(Debug, Args)]
pub struct PublishGraderArgs {
    /// A new (or empty) directory for the course's grader repository.
    pub out: PathBuf,
    /// What the starter (whose stubs stand in for a part that does not compile) holds
    /// for a part the rubric turns off: as for `grader dist`, and the same value.
    #[arg(long, value_enum, value_name = "WHAT", default_value_t = crate::dist::Unassigned::Stubs)]
    pub unassigned: crate::dist::Unassigned,
    /// The kit's root; found from the current directory upwards when left out.
    #[arg(long, value_name = "DIR")]
    pub kit: Option<PathBuf>,
}

/// Arguments of `grader starter`.
#[cfg(feature = "instructor")]
#[derive(Debug, Args)]
pub struct StarterArgs {
    /// Only check that starter/ is what would be written; fail naming the files that
    /// differ.
    #[arg(long)]
    pub check: bool,
    /// The kit's root; found from the current directory upwards when left out.
    #[arg(long, value_name = "DIR")]
    pub kit: Option<std::path::PathBuf>,
}

/// Arguments of `grader bless`.
#[cfg(feature = "instructor")]
#[derive(Debug, Args)]
pub struct BlessArgs {
    /// Write nothing: show what blessing would change, and exit with code 1 when it
    /// would change any snapshot or the guide's figures (guide/src/figures/kit.txt).
    #[arg(long)]
    pub check: bool,
    /// Also print each change as a unified diff (by default one line a snapshot says
    /// what changed: after a new secret that is every hidden input).
    #[arg(long)]
    pub diff: bool,
    /// Kit and build directory.
    #[command(flatten)]
    pub kit: KitArgs,
}

/// Arguments of `grader rubric`.
#[derive(Debug, Args)]
pub struct RubricArgs {
    /// The kit's root (the directory with fixtures/rubric.toml); found from the
    /// current directory upwards when left out.
    #[arg(long, value_name = "DIR")]
    pub kit: Option<PathBuf>,
}

/// Where the kit and the build directory are.
#[derive(Debug, Args)]
pub struct KitArgs {
    /// The kit's root (the directory with fixtures/rubric.toml); found from the
    /// current directory upwards when left out.
    #[arg(long, value_name = "DIR")]
    pub kit: Option<PathBuf>,
    /// Where submissions are built [default: KIT/target/grader; env MAZE_GRADER_WORK_DIR].
    #[arg(long, value_name = "DIR", env = "MAZE_GRADER_WORK_DIR")]
    pub work_dir: Option<PathBuf>,
    /// How many checks run at once [default: the number of cores, at most 4].
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// How strictly builds and checks are sandboxed: `required` refuses to grade on a
    /// machine that cannot sandbox (use it for real grading), `auto` falls back to
    /// unconfined runs with a note (local feedback), `off` never sandboxes.
    #[arg(long, value_enum, value_name = "MODE", default_value_t = Mode::Auto, env = "MAZE_GRADER_SANDBOX")]
    pub sandbox: Mode,
}

/// Arguments of `grader grade-all`.
#[cfg(feature = "instructor")]
#[derive(Debug, Args)]
pub struct GradeAllArgs {
    /// The class folder: one subfolder per submission.
    pub dir: PathBuf,
    /// Where the gradebook, the summary and each submission's report go.
    #[arg(long, value_name = "OUT")]
    pub output_dir: PathBuf,
    /// How many submissions are graded at once [default: the number of cores, at most 4].
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Grade every submission again, even those unchanged since the last run.
    #[arg(long)]
    pub force: bool,
    /// Read every submission with clippy too (a style section in each report, the
    /// most common lints on the class page), though the rubric's `[style]` gives it
    /// no points; with points it is read anyway. It costs each build clippy's lint
    /// passes.
    #[arg(long)]
    pub style: bool,
    /// Grade only shard K of N (1 ≤ K ≤ N): the entries whose name's SHA-256 (its
    /// first 8 bytes, big-endian) mod N is K - 1. Put the N outputs together with
    /// `grader merge`.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<crate::shard::Shard>,
    /// An earlier output (of grade-all, a shard of it, or merge) whose results are
    /// kept, copied into OUTPUT_DIR, for every submission whose files are unchanged,
    /// as a rerun into the same OUTPUT_DIR keeps its own; repeatable. Only an output
    /// graded with this kit revision, rubric and sandbox level is used.
    #[arg(long, value_name = "DIR")]
    pub reuse: Vec<PathBuf>,
    /// The roster and the LMS exports.
    #[command(flatten)]
    pub roster: RosterArgs,
    /// The kit's root; found from the current directory upwards when left out.
    #[arg(long, value_name = "DIR")]
    pub kit: Option<PathBuf>,
    /// Where submissions are built [default: KIT/target/grader; env MAZE_GRADER_WORK_DIR].
    #[arg(long, value_name = "DIR", env = "MAZE_GRADER_WORK_DIR")]
    pub work_dir: Option<PathBuf>,
    /// How strictly builds and checks are sandboxed; a class is graded with
    /// `required` unless told otherwise.
    #[arg(long, value_enum, value_name = "MODE", default_value_t = Mode::Required, env = "MAZE_GRADER_SANDBOX")]
    pub sandbox: Mode,
}

/// The roster of `grade-all` and `merge`.
#[cfg(feature = "instructor")]
#[derive(Debug, Args)]
pub struct RosterArgs {
    /// The course's roster CSV (the kit's folder,id,name,email, or as GitHub
    /// Classroom, Gradescope or Canvas export it), or a Gradescope export's
    /// submission_metadata.yml: also writes OUT/canvas.csv and OUT/moodle.csv (their
    /// grade imports) and OUT/roster.md (what did not pair up), and puts each
    /// folder's students in grades.csv. grade-all reads a Gradescope export's
    /// metadata in the class folder without it.
    #[arg(long, value_name = "FILE")]
    pub roster: Option<PathBuf>,
    /// The assignment's column name in the LMS exports (written with --roster, or
    /// for a Gradescope export).
    #[arg(long, value_name = "NAME", default_value = "Perfect Mazes")]
    pub assignment: String,
}

/// Arguments of `grader merge`.
#[cfg(feature = "instructor")]
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The output folders of `grade-all --shard K/N`, one per shard, in any order.
    #[arg(value_name = "SHARD_OUT", required = true)]
    pub shards: Vec<PathBuf>,
    /// Where the merged gradebook, summary and reports go (not one of the shards).
    #[arg(long, value_name = "OUT")]
    pub output_dir: PathBuf,
    /// The kit's root, whose rubric the shards must have been graded with; found
    /// from the current directory upwards when left out.
    #[arg(long, value_name = "DIR")]
    pub kit: Option<PathBuf>,
    /// The roster and the LMS exports.
    #[command(flatten)]
    pub roster: RosterArgs,
}

/// Arguments of `grader grade`.
#[derive(Debug, Args)]
pub struct GradeArgs {
    /// The submission: a crate in the starter's layout, or a repository with the
    /// crate in starter/.
    #[arg(default_value = "starter")]
    pub submission: PathBuf,
    /// The report's format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// Write the report to FILE instead of stdout.
    #[arg(long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Also write the report in FORMAT to FILE, from the same grading (repeat for
    /// more), e.g. `--report gradescope=results.json --report markdown=report.md`.
    #[arg(long, value_name = "FORMAT=FILE", value_parser = format_and_file)]
    pub report: Vec<(Format, PathBuf)>,
    /// Exit with code 1 when the score is below N points.
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub min_score: Option<f64>,
    /// Run only this check (repeat for more); the report covers those alone.
    #[arg(long, value_name = "NAME")]
    pub check: Vec<String>,
    /// Say on stderr where the time went (wall and CPU time per phase: the harness,
    /// the build, the checks, the report), and add a `timings` object to a JSON
    /// report.
    #[arg(long)]
    pub timings: bool,
    /// Say on stderr, as soon as it is known, the first failing check (or the
    /// compiler's errors), as `grader watch` shows it; each part's first check runs
    /// first. The report is the same, byte for byte.
    #[arg(long)]
    pub stream: bool,
    /// Read the code with clippy even while a check fails (by default, where the
    /// rubric's `[style]` gives no points, only once every check passes: until then
    /// the style section says it waits, and the report comes sooner without it).
    /// Not with --check, whose report has no style section.
    #[arg(long, conflicts_with = "check")]
    pub style: bool,
    /// Kit and build directory.
    #[command(flatten)]
    pub kit: KitArgs,
}

/// Arguments of `grader watch`.
#[derive(Debug, Args)]
pub struct WatchArgs {
    /// The submission: a crate in the starter's layout, or a repository with the
    /// crate in starter/.
    #[arg(default_value = "starter")]
    pub submission: PathBuf,
    /// Watch only this check (repeat for more).
    #[arg(long, value_name = "NAME")]
    pub check: Vec<String>,
    /// Read the code with clippy after every grading, even while a check fails (by
    /// default, only once every check passes: until then the checks are what to
    /// work on, and they show sooner without it). Not with --check, whose report has
    /// no style section.
    #[arg(long, conflicts_with = "check")]
    pub style: bool,
    /// Kit and build directory.
    #[command(flatten)]
    pub kit: KitArgs,
}

/// The `FORMAT=FILE` of `grader grade --report`.
fn format_and_file(text: &str) -> Result<(Format, PathBuf), String> {
    let names = || {
        <Format as clap::ValueEnum>::value_variants()
            .iter()
            .filter_map(clap::ValueEnum::to_possible_value)
            .map(|v| v.get_name().to_owned())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let (format, file) = text
        .split_once('=')
        .filter(|(_, file)| !file.is_empty())
        .ok_or_else(|| format!("expected FORMAT=FILE (e.g. markdown=report.md), not {text:?}"))?;
    let format = <Format as clap::ValueEnum>::from_str(format, false).map_err(|_| {
        format!(
            "{format:?} is not a report format; the formats are {}",
            names()
        )
    })?;
    Ok((format, PathBuf::from(file)))
}
