//! Grading a submission: build it, send the checks' inputs to the probe (in batches,
//! a few processes at a time; a failure is always run again in a process of its
//! own), judge each output here against the input the grader sent, and collect a
//! report.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use anyhow::Context as _;

use serde_json::Value;

use crate::checks::mistake::{self, Mistake};
use crate::checks::{self, Case, Part, Verdict};
use crate::harness::{self, Workspace};
use crate::report::{CheckResult, Report};
use crate::rubric::{Rubric, RubricCheck};
use crate::runner::{self, Confinement, Request, Run, RunOutcome};
use crate::sandbox::Level;
use crate::snapshots::Snapshots;
use crate::timings::{Phase, Spent, Stopwatch, Timings};

/// The style section's note in `watch` while a check fails (see
/// [`StylePass::AfterChecks`]).
pub const WAITS_FOR_CHECKS: &str = "not read yet: clippy reads your code once every check passes (grader watch --style reads it now)";

/// Ends the message of every check whose part did not compile.
const BUILD_NOTE: &str = "(the compiler's message is at the top of the report)";

/// Under a failed check that runs code another failed check tests, says to fix that
/// one first: a wrong `opposite` fails every check that carves a maze, and the
/// student should start with `opposite`.
fn point_at_causes(mut checks: Vec<CheckResult>) -> Vec<CheckResult> {
    let judged_failing = |c: &CheckResult| !c.passed && !c.grader_error && !is_build_error(c);
    // A check whose own code is still a todo!() has nothing to fix first.
    let unwritten = |c: &CheckResult| c.message.starts_with("not implemented");
    let failing: Vec<String> = checks
        .iter()
        .filter(|c| judged_failing(c))
        .map(|c| c.name.clone())
        .collect();
    for check in checks
        .iter_mut()
        .filter(|c| judged_failing(c) && !unwritten(c))
    {
        let causes: Vec<&str> = checks::prerequisites(&check.name)
            .iter()
            .copied()
            .filter(|name| failing.iter().any(|f| f == name))
            .collect();
        let fix = match causes.as_slice() {
            [] => continue,
            [one] => format!("fix {one} first: this check runs its code too, and it fails"),
            [first @ .., last] => format!(
                "fix {} and {last} first: this check runs their code too, and they fail",
                first.join(", ")
            ),
        };
        check.message = format!("{}\n{fix}", check.message.trim_end());
        check.fix_first = Some(fix);
        // The same wrong result has another cause when other checks fail under it:
        // the class page groups it apart (a wrong opposite() and a wall taken down on
        // one side both give "other walls than the reference's").
        if let Some(mistake) = &mut check.mistake {
            mistake.detail = format!("{} (fix {} first)", mistake.detail, causes.join(", "))
                .trim_start()
                .to_owned();
        }
    }
    checks
}

/// Whether `check` failed because code it runs did not compile.
fn is_build_error(check: &CheckResult) -> bool {
    check
        .mistake
        .as_ref()
        .is_some_and(|m| m.kind == mistake::BUILD_ERROR)
}

/// For each part, the earlier parts that did not compile and whose stubs its checks
/// reached, with how many of its checks did (see [`stood_in`]).
type StoodIn = BTreeMap<Part, Vec<(Part, usize)>>;

/// A check of a part that compiled, failing at a `todo!()` of a part that did not:
/// that part's files were the starter's stubs in this build, and the student is told
/// so (and the class page groups it with the build error, not with untouched
/// starters) rather than sent to write code they have written.
fn stood_in(
    mut checks: Vec<CheckResult>,
    parts: &BTreeMap<Part, Result<PathBuf, String>>,
) -> (Vec<CheckResult>, StoodIn) {
    let mut reached = StoodIn::new();
    for check in checks.iter_mut().filter(|c| !c.passed) {
        let Some(what) = check
            .message
            .strip_prefix(mistake::NOT_IMPLEMENTED)
            .and_then(|rest| rest.strip_prefix(": "))
        else {
            continue;
        };
        let Some(broken) = todo_section(what)
            .and_then(Part::of_section)
            .filter(|part| *part != check.part && parts.get(part).is_some_and(Result::is_err))
        else {
            continue;
        };
        let stub = stub_name(what);
        // Short: the note at the top of the check's part says the rest, once.
        check.message = format!(
            "this check calls your {} code, which does not compile: the starter's stub `{stub}` stood in for it (see the note at the top of {})",
            part_name(broken),
            part_name(check.part)
        );
        let list = reached.entry(check.part).or_default();
        match list.iter_mut().find(|(p, _)| *p == broken) {
            Some((_, count)) => *count += 1,
            None => list.push((broken, 1)),
        }
        check.mistake = Some(Mistake::new(
            mistake::BUILD_ERROR,
            format!("{} does not compile: its stubs stood in", broken.id()),
        ));
    }
    (checks, reached)
}

/// The stub a `todo!()`'s words name: "DirectionExt::opposite (handout §2): …"
/// gives "DirectionExt::opposite".
fn stub_name(words: &str) -> &str {
    words.split(" (handout §").next().unwrap_or(words).trim()
}

/// "Part 2", for the part-level notes.
fn part_name(part: Part) -> String {
    format!("Part {}", part.id().trim_start_matches("part"))
}

/// What an earlier part lacks that a part's failing checks call, said once at the top
/// of that part ([`crate::report::PartSummary::needs`]) rather than under each check:
/// a stub of an earlier part not written yet (its `todo!()`), an earlier part that
/// does not compile (its stubs stood in, see [`stood_in`]), or an earlier part's code
/// that fails its own checks. A check that reached an earlier part's `todo!()` is
/// told in one line where to look, not sent to write code of its own part.
fn earlier_parts(
    mut checks: Vec<CheckResult>,
    uncompiled: StoodIn,
) -> (Vec<CheckResult>, BTreeMap<Part, Vec<String>>) {
    // Per part, in order met: the stubs not written yet and the earlier failing
    // checks, each with how many checks they fail.
    let mut unwritten: BTreeMap<Part, Vec<(Part, String, usize)>> = BTreeMap::new();
    let mut failing_before: BTreeMap<Part, Vec<String>> = BTreeMap::new();
    let part_of: BTreeMap<String, (Part, bool)> = checks
        .iter()
        .map(|c| (c.name.clone(), (c.part, c.passed)))
        .collect();
    for check in checks.iter_mut().filter(|c| !c.passed && !c.grader_error) {
        let todo = check
            .message
            .strip_prefix(mistake::NOT_IMPLEMENTED)
            .and_then(|rest| rest.strip_prefix(": "));
        if let Some(what) = todo
            && let Some(owner) = todo_section(what)
                .and_then(Part::of_section)
                .filter(|owner| *owner < check.part)
        {
            let stub = stub_name(what).to_owned();
            let list = unwritten.entry(check.part).or_default();
            match list.iter_mut().find(|(p, s, _)| *p == owner && *s == stub) {
                Some((_, _, count)) => *count += 1,
                None => list.push((owner, stub.clone(), 1)),
            }
            check.message = format!(
                "this check calls your {} `{stub}`, which is not written yet (see the note at the top of {})",
                part_name(owner),
                part_name(check.part)
            );
            check.fix_first = None;
            continue;
        }
        // A check whose own code is still a todo!() has its own part to write first
        // (as in `point_at_causes`).
        if is_build_error(check) || todo.is_some() {
            continue;
        }
        for name in checks::prerequisites(&check.name) {
            if let Some((part, false)) = part_of.get(*name)
                && *part < check.part
            {
                let list = failing_before.entry(check.part).or_default();
                if !list.iter().any(|n| n == name) {
                    list.push((*name).to_owned());
                }
            }
        }
    }
    let mut needs: BTreeMap<Part, Vec<String>> = BTreeMap::new();
    for (part, stubs) in unwritten {
        for (owner, stub, count) in stubs {
            needs.entry(part).or_default().push(format!(
                "{}'s checks call your {} `{stub}`, which is not written yet: {} until it is",
                part_name(part),
                part_name(owner),
                fail_count(count)
            ));
        }
    }
    for (part, broken) in uncompiled {
        for (owner, count) in broken {
            needs.entry(part).or_default().push(format!(
                "{}'s checks call your {} code, which does not compile: the starter's stubs stood in for it in this build, and {} until it compiles {BUILD_NOTE}",
                part_name(part),
                part_name(owner),
                fail_count(count)
            ));
        }
    }
    for (part, names) in failing_before {
        let (them, fail) = if names.len() == 1 {
            ("it", "fails")
        } else {
            ("them", "fail")
        };
        needs.entry(part).or_default().push(format!(
            "{}'s checks call code of an earlier part that {fail} its own checks ({}): fix {them} first",
            part_name(part),
            names.join(", ")
        ));
    }
    (checks, needs)
}

/// "1 check fails", "5 checks fail".
fn fail_count(count: usize) -> String {
    if count == 1 {
        "1 of its checks fails".to_owned()
    } else {
        format!("{count} of its checks fail")
    }
}

/// The handout section a `todo!()`'s words name: "X (handout §7.4): …" gives "7.4".
fn todo_section(words: &str) -> Option<&str> {
    let start = words.find("(handout §")? + "(handout §".len();
    let rest = &words[start..];
    let end = rest.find(|c: char| !(c.is_ascii_digit() || c == '.'))?;
    Some(rest[..end].trim_end_matches('.'))
}

/// Everything grading needs besides the submission.
pub struct Grader<'a> {
    /// The rubric.
    pub rubric: &'a Rubric,
    /// The blessed expected outputs.
    pub snapshots: &'a Snapshots,
    /// Each rubric check's input, built by the grader, in rubric order.
    pub inputs: &'a [Value],
    /// Each rubric check's twin input, if it has one (see [`checks::twin_name`]).
    pub twins: &'a [Option<Value>],
    /// Where harnesses are built.
    pub workspace: Workspace,
    /// How many checks run at once.
    pub jobs: usize,
    /// How checks are confined.
    pub confinement: Confinement,
    /// Whether the grading reads the code with clippy: a style section in the report
    /// (see [`crate::style`]).
    pub style: bool,
    /// When it does, in which pass (see [`StylePass`]).
    pub style_pass: StylePass,
}

/// When a grading reads the code with clippy.
///
/// In the build, clippy's lint passes lengthen the compilation every check waits
/// for (by about half of the crate's own compile); in a pass of its own, clippy
/// checks the crate a second time (about one compile of the crate more, and the
/// dependencies' metadata once per target directory), which nothing waits for but
/// the style section. Either way the findings are the same, from the same copy of
/// the sources.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StylePass {
    /// In the build: the least CPU, where every check waits for the whole report
    /// anyway and no core is spare (a class, a Gradescope grading, `grade` on a
    /// machine whose cores the checks use).
    InBuild,
    /// In a pass of its own, started once the build is done and run beside the
    /// checks: for `grade` where a core is spare.
    BesideChecks,
    /// In a pass of its own after the checks: for `watch`, whose first failing check
    /// must not wait for clippy. Only when every check passes (the section is what
    /// to work on next only then), unless `always` (`watch --style`).
    AfterChecks {
        /// Even while a check fails.
        always: bool,
    },
}

/// What a grading says while it goes on, for a student watching (`grader watch`).
#[derive(Default)]
pub struct Stream<'a> {
    /// The checks to run first, in this order, each in a process of its own: those
    /// that failed last time, and each part's first check not passed yet.
    pub first: Vec<String>,
    /// Told of the compiler's errors as soon as the build is done, and of each
    /// failing check as soon as its verdict is final (from the grading's threads).
    pub on_news: Option<&'a (dyn Fn(News<'_>) + Sync)>,
}

/// One piece of news of a grading under way (see [`Stream`]).
pub enum News<'r> {
    /// The build is done, and these parts' code does not compile.
    CompileErrors(&'r [String]),
    /// A check failed: its result as the report will show it, less what only the
    /// whole grading can add (which other failing check to fix first).
    Failed(&'r CheckResult),
}

impl Grader<'_> {
    /// Builds and grades `submission`.
    pub fn grade(&self, submission: &Path) -> anyhow::Result<Report> {
        self.grade_streaming(submission, &Stream::default())
    }

    /// Builds and grades `submission`, telling `stream` what it learns as it goes and
    /// running the checks it names first. The report is the one [`Grader::grade`]
    /// gives: the order in which checks run changes no verdict and no text (see
    /// [`Grader::run_all`]).
    pub fn grade_streaming(&self, submission: &Path, stream: &Stream) -> anyhow::Result<Report> {
        let started = Instant::now();
        let plan = self.style.then(|| crate::style::plan(&self.rubric.style));
        let clippy = plan
            .as_ref()
            .and_then(|plan| plan.as_ref().ok())
            .map(|plan| plan.clippy.clone());
        let workspace = Workspace {
            clippy: clippy
                .clone()
                .filter(|_| self.style_pass == StylePass::InBuild),
            ..self.workspace.clone()
        };
        let build = harness::build(&workspace, submission)
            .with_context(|| format!("building {}", submission.display()))?;
        // A build failure is shown once, at the top, rather than under every check.
        let mut build_errors: Vec<String> = Vec::new();
        for reason in build.parts.values().filter_map(|part| part.as_ref().err()) {
            if !build_errors.contains(reason) {
                build_errors.push(reason.clone());
            }
        }
        if let Some(tell) = stream.on_news
            && !build_errors.is_empty()
        {
            tell(News::CompileErrors(&build_errors));
        }
        // Clippy's own pass reads the crate the build compiled (a crate that does not
        // compile gives no lints); a pass that cannot run is said in the section.
        let linted = || -> Option<Result<harness::Linting, String>> {
            let workspace = Workspace {
                clippy: Some(clippy.clone()?),
                ..self.workspace.clone()
            };
            Some(harness::lint(&workspace, submission).map_err(|error| format!("{error:#}")))
        };
        let checks_watch = Stopwatch::start();
        let tally = Mutex::new(Tally::default());
        let (runs, beside) = std::thread::scope(|scope| {
            let beside = (self.style_pass == StylePass::BesideChecks).then(|| scope.spawn(linted));
            let runs = self.run_all(&build.parts, &tally, stream);
            (runs, beside.map(|pass| pass.join()))
        });
        let runs = runs?;
        let checks_phase = tally
            .into_inner()
            .unwrap_or_else(|p| p.into_inner())
            .phase(checks_watch);
        let all_pass = runs.iter().all(|run| {
            run.as_ref()
                .is_none_or(|(_, v)| v.passed && !v.grader_error)
        }) && build_errors.is_empty();
        let linting = match self.style_pass {
            StylePass::InBuild => None,
            StylePass::BesideChecks => match beside {
                Some(Ok(linting)) => linting,
                _ => Some(Err("clippy's pass stopped unexpectedly".to_owned())),
            },
            StylePass::AfterChecks { always } => {
                if always || all_pass {
                    linted()
                } else {
                    None
                }
            }
        };
        let report_watch = Stopwatch::start();
        let mut runs = runs.into_iter();
        let mut checks = Vec::new();
        for check in &self.rubric.checks {
            let own = runs.next().flatten();
            let twin = runs.next().flatten();
            checks.push(self.result(check, &build.parts[&check.spec.part], own, twin));
        }
        let (checks, uncompiled) = stood_in(checks, &build.parts);
        let (checks, needs) = earlier_parts(point_at_causes(checks), uncompiled);
        let mut report = Report::new(
            submission,
            self.rubric,
            checks,
            build.warnings,
            started.elapsed(),
        );
        report.build_errors = build_errors;
        for part in &mut report.parts {
            let id = Part::from_id(&part.id);
            part.needs = id
                .and_then(|id| needs.get(&id))
                .cloned()
                .unwrap_or_default();
            part.build_failed = id
                .and_then(|id| build.parts.get(&id))
                .is_some_and(Result::is_err);
        }
        let mut lint_phase = None;
        if let Some(plan) = &plan {
            // Style points are earned by code that works: each part's checks.
            let by_part: Vec<Vec<(f64, f64, bool)>> = self
                .rubric
                .parts
                .iter()
                .map(|(part, _)| {
                    report
                        .checks
                        .iter()
                        .filter(|c| c.part == *part)
                        .map(|c| (c.max_score, c.score, c.passed))
                        .collect()
                })
                .collect();
            let earned = self.rubric.style.earned(&by_part);
            let section = match (self.style_pass, linting) {
                (StylePass::InBuild, _) => {
                    self.style_section(plan, submission, build.lints.as_deref(), earned)
                }
                (_, Some(Ok(linting))) => {
                    lint_phase = Some(linting.phase);
                    self.style_section(plan, submission, linting.lints.as_deref(), earned)
                }
                (_, Some(Err(why))) => self.style_section(&Err(why), submission, None, earned),
                // No clippy here: the section says why.
                (_, None) if plan.is_err() => self.style_section(plan, submission, None, earned),
                // `watch` while a check fails: the section waits for the checks.
                (_, None) => crate::style::Section {
                    note: Some(WAITS_FOR_CHECKS.to_owned()),
                    ..self.style_section(plan, submission, None, earned)
                },
            };
            report.score += section.score;
            report.max_score += section.max_score;
            report.style = Some(section);
        }
        report.sandbox = crate::sandbox::level(self.confinement.mode).unwrap_or(Level::Unconfined);
        report.twins = self.twins.iter().any(Option::is_some);
        let mut phases = build.phases;
        phases.push(checks_phase);
        phases.extend(lint_phase.map(|phase| match self.style_pass {
            StylePass::BesideChecks => Phase {
                name: format!("{} (beside the checks)", phase.name),
                ..phase
            },
            _ => phase,
        }));
        phases.push(Phase::new(
            "make the report",
            report_watch.spent(Duration::ZERO),
        ));
        report.timings = Some(Timings::new(phases, build.dependencies_compiled));
        Ok(report)
    }

    /// The style section of `submission` from its build's `lints`: the findings on
    /// lines that differ from the kit's pristine starter.
    fn style_section(
        &self,
        plan: &Result<crate::style::Plan, String>,
        submission: &Path,
        lints: Option<&[harness::Lint]>,
        earned: f64,
    ) -> crate::style::Section {
        // Read again (a few files): the build read them from the same place, and a
        // source it could not read means no lints to place anyway.
        let sources = harness::read_sources(submission).unwrap_or_default();
        let stubs = self
            .workspace
            .stubs
            .as_deref()
            .and_then(|stubs| harness::read_sources(stubs).ok());
        crate::style::section(
            &self.rubric.style,
            plan,
            lints,
            &sources,
            stubs.as_ref(),
            earned,
        )
    }

    /// Runs and judges the checks whose part was built, `jobs` processes at a time:
    /// those `stream` names first, each alone, then the others in rubric order.
    /// Each failing check is told to `stream` once its verdict is final.
    ///
    /// Checks run in batches of up to [`BATCH`] in one process, which saves
    /// most of what a quick check costs. A check keeps its batch's answer only when
    /// that answer passes; a check that fails in its batch, or that the batch never
    /// answered in time (a panic, a crash, a line that is not its answer, an answer
    /// overdue), runs again alone, and that run's verdict and output are its own. So
    /// every failure a report shows comes from a process of its own, as if there
    /// were no batches: an overdue answer too, since a batch's time is the wall
    /// clock's, which a busy machine stretches, and a check alone is held to CPU
    /// time (see [`runner`]).
    ///
    /// Questions are numbered `2 × check` for a check's own input and `2 × check + 1`
    /// for its twin's; a check's twin rides in its check's batch, and the result has
    /// one entry per number (`None` for a twin the check does not have).
    ///
    /// The order changes no verdict and no text of the report: a check run first
    /// alone that passes keeps no output when it would have been in a batch, as in
    /// a batch; one that fails has the run of its own it would have had anyway.
    fn run_all(
        &self,
        parts: &BTreeMap<Part, Result<PathBuf, String>>,
        tally: &Mutex<Tally>,
        stream: &Stream,
    ) -> anyhow::Result<Vec<Option<(Run, Verdict)>>> {
        let count = 2 * self.rubric.checks.len();
        // The checks the stream asks for first, each in a process of its own (with
        // its twin after it, as a pair): a failure shows as soon as its own run
        // ends, without waiting for a batch or running twice.
        let mut first: Vec<usize> = Vec::new();
        for name in &stream.first {
            if let Some(index) = self.rubric.checks.iter().position(|c| c.spec.name == name)
                && parts[&self.rubric.checks[index].spec.part].is_ok()
                && !first.contains(&index)
            {
                first.push(index);
            }
        }
        // A check that passes in a batch keeps no output of its own (see
        // [`Grader::run_batch`]); one run first, alone, that would have been in a
        // batch keeps none either, so that the report is the same in any order.
        let mut quiet = vec![false; count];
        if !first.is_empty() {
            for unit in self.units(parts, &[]) {
                if let Unit::Batch(batch) = unit {
                    for index in batch.into_iter().filter(|i| first.contains(&(i / 2))) {
                        quiet[index] = true;
                    }
                }
            }
        }
        let mut units: Vec<Unit> = first
            .iter()
            .map(|&check| match self.twins.get(check) {
                Some(Some(_)) => Unit::Pair(2 * check, 2 * check + 1),
                _ => Unit::Alone(2 * check),
            })
            .collect();
        units.extend(self.units(parts, &first));
        units.reverse();
        let pending: Mutex<Vec<Unit>> = Mutex::new(units);
        let results: Mutex<Vec<Option<Judged>>> = Mutex::new((0..count).map(|_| None).collect());
        // One wall-clock budget for all of the submission's checks: each check gets
        // its own limit or what is left of the budget, whichever is less.
        let deadline = Instant::now() + self.rubric.limits.budget;
        let told: Mutex<Vec<bool>> = Mutex::new(vec![false; self.rubric.checks.len()]);
        let store = |index: usize, mut result: Judged| {
            if quiet[index]
                && let Ok((run, verdict)) = &mut result
                && verdict.passed
                && !verdict.grader_error
            {
                run.stdout.clear();
                run.stderr.clear();
            }
            let mut results = results.lock().unwrap_or_else(|p| p.into_inner());
            results[index] = Some(result);
            let Some(tell) = stream.on_news else {
                return;
            };
            let Some(failed) = self.failed_so_far(index / 2, &results, parts) else {
                return;
            };
            drop(results);
            let first_time = !std::mem::replace(
                &mut told.lock().unwrap_or_else(|p| p.into_inner())[index / 2],
                true,
            );
            if first_time {
                tell(News::Failed(&failed));
            }
        };
        std::thread::scope(|scope| {
            for _ in 0..self.jobs.max(1) {
                scope.spawn(|| {
                    let thread = Stopwatch::start();
                    loop {
                        let Some(unit) = pending.lock().unwrap_or_else(|p| p.into_inner()).pop()
                        else {
                            break;
                        };
                        let left = deadline.saturating_duration_since(Instant::now());
                        match unit {
                            Unit::Alone(index) => {
                                store(index, self.run_alone(index, parts, left, tally))
                            }
                            Unit::Pair(own, twin) => {
                                let judged = self.run_alone(own, parts, left, tally);
                                let passed =
                                    matches!(&judged, Ok((_, v)) if v.passed && !v.grader_error);
                                store(own, judged);
                                // A check that fails on its own input has failed: its
                                // twin would only spend time.
                                if passed {
                                    let left = deadline.saturating_duration_since(Instant::now());
                                    store(twin, self.run_alone(twin, parts, left, tally));
                                }
                            }
                            Unit::Batch(batch) => {
                                let again = self.run_batch(&batch, parts, left, &store, tally);
                                pending
                                    .lock()
                                    .unwrap_or_else(|p| p.into_inner())
                                    .extend(again.into_iter().rev());
                            }
                        }
                    }
                    lock(tally).threads += thread.cpu();
                });
            }
        });
        results
            .into_inner()
            .unwrap_or_else(|p| p.into_inner())
            .into_iter()
            .map(|run| run.transpose().context("starting a check's process"))
            .collect()
    }

    /// The work for the checks whose part was built, but for those in `leave_out`:
    /// the checks of each part dealt out in turn to as many batches as they fill,
    /// in rubric order. The few slow checks (neighbours in the rubric) land in
    /// different batches, which keeps the threads evenly busy. Each part's checks
    /// have batches of their own, so that what a part's processes cost is that
    /// part's (`grader grade --timings`).
    fn units(
        &self,
        parts: &BTreeMap<Part, Result<PathBuf, String>>,
        leave_out: &[usize],
    ) -> Vec<Unit> {
        let mut by_part: Vec<(Part, Vec<usize>)> = Vec::new();
        for (index, check) in self.rubric.checks.iter().enumerate() {
            if parts[&check.spec.part].is_err() || leave_out.contains(&index) {
                continue;
            }
            match by_part.iter_mut().find(|(p, _)| *p == check.spec.part) {
                Some((_, checks)) => checks.push(index),
                None => by_part.push((check.spec.part, vec![index])),
            }
        }
        // Without Unix there is no result channel to answer on line by line: every
        // check runs alone.
        let size = if cfg!(unix) { BATCH } else { 1 };
        let mut units: Vec<Unit> = Vec::new();
        for (_, checks) in by_part {
            let batches = checks.len().div_ceil(size);
            for first in 0..batches {
                let batch: Vec<usize> = checks
                    .iter()
                    .skip(first)
                    .step_by(batches)
                    .flat_map(|&check| {
                        let twin = self.twins.get(check).is_some_and(Option::is_some);
                        [Some(2 * check), twin.then_some(2 * check + 1)]
                    })
                    .flatten()
                    .collect();
                units.push(match batch.as_slice() {
                    [one] => Unit::Alone(*one),
                    _ => Unit::Batch(batch),
                });
            }
        }
        units
    }

    /// The result of `check` if its verdict is final and a failure, from the
    /// questions judged so far: its own question failed, or passed and its twin (if
    /// it has one) is judged too. Only final results are ever stored (a batch
    /// stores passes alone), so a result here is the one the report will hold.
    fn failed_so_far(
        &self,
        check: usize,
        results: &[Option<Judged>],
        parts: &BTreeMap<Part, Result<PathBuf, String>>,
    ) -> Option<CheckResult> {
        let own = results.get(2 * check)?.as_ref()?;
        let twin = results.get(2 * check + 1).and_then(Option::as_ref);
        let passed = |judged: &Judged| matches!(judged, Ok((_, v)) if v.passed && !v.grader_error);
        let has_twin = self.twins.get(check).is_some_and(Option::is_some);
        if passed(own) && has_twin && twin.is_none() {
            return None;
        }
        let rubric_check = &self.rubric.checks[check];
        let ours = |judged: &Judged| judged.as_ref().ok().cloned();
        let result = self.result(
            rubric_check,
            &parts[&rubric_check.spec.part],
            ours(own),
            twin.and_then(ours),
        );
        (!result.passed).then_some(result)
    }

    /// Runs check `index` in a process of its own and judges it.
    fn run_alone(
        &self,
        index: usize,
        parts: &BTreeMap<Part, Result<PathBuf, String>>,
        left: Duration,
        tally: &Mutex<Tally>,
    ) -> Judged {
        let (check, input) = self.question(index);
        let run = match &parts[&check.spec.part] {
            Err(_) => Run::not_run("its part did not build"),
            Ok(_) if left < Duration::from_millis(100) => Run::not_run(BUDGET_SPENT),
            Ok(probe) => runner::run_within(
                &Request {
                    probe,
                    producer: check.spec.producer.name(),
                    input,
                    time_limit: check.time_limit,
                },
                &self.confinement,
                left,
            )?,
        };
        if run.duration > Duration::ZERO {
            lock(tally).job(check.spec.part, run.duration, run.usage);
        }
        let verdict = self.judged(index, &run.outcome, tally);
        Ok((run, verdict))
    }

    /// Runs the checks of `batch` in one process and keeps those whose answer
    /// passes; returns the others, to run alone (a check and its twin as a pair: the
    /// twin runs only if the check passes).
    fn run_batch(
        &self,
        batch: &[usize],
        parts: &BTreeMap<Part, Result<PathBuf, String>>,
        left: Duration,
        store: &(dyn Fn(usize, Judged) + Sync),
        tally: &Mutex<Tally>,
    ) -> Vec<Unit> {
        let Some(Ok(probe)) = batch
            .first()
            .map(|&first| &parts[&self.question(first).0.spec.part])
        else {
            return alone(batch);
        };
        let questions: Vec<runner::Question> = batch
            .iter()
            .map(|&index| {
                let (check, input) = self.question(index);
                runner::Question {
                    producer: check.spec.producer.name(),
                    input,
                    time_limit: check.time_limit,
                }
            })
            .collect();
        let wall = questions
            .iter()
            .map(|q| q.time_limit)
            .sum::<Duration>()
            .min(left);
        // A batch that cannot start decides nothing: its checks run alone, and there
        // a failure to start is reported.
        let ran = if wall < Duration::from_millis(100) {
            runner::BatchRun::default()
        } else {
            runner::run_batch(probe, &questions, wall, &self.confinement).unwrap_or_default()
        };
        if ran.duration > Duration::ZERO {
            let (check, _) = self.question(batch[0]);
            lock(tally).job(check.spec.part, ran.duration, ran.usage);
        }
        let mut answers = ran.answers.into_iter();
        let mut again = Vec::new();
        for &index in batch {
            let Some((output, took)) = answers.next() else {
                again.push(index);
                continue;
            };
            let run = Run {
                outcome: RunOutcome::Reported(output),
                stdout: String::new(),
                stderr: String::new(),
                duration: took,
                usage: Default::default(),
            };
            let verdict = self.judged(index, &run.outcome, tally);
            if verdict.passed && !verdict.grader_error {
                store(index, Ok((run, verdict)));
            } else {
                again.push(index);
            }
        }
        alone(&again)
    }

    /// The check and the input of question `index` (see [`Grader::run_all`]).
    fn question(&self, index: usize) -> (&RubricCheck, &Value) {
        let check = &self.rubric.checks[index / 2];
        let input = match self.twins.get(index / 2) {
            Some(Some(twin)) if index % 2 == 1 => twin,
            _ => &self.inputs[index / 2],
        };
        (check, input)
    }

    /// The result of `check` from the runs of its own question and its twin's.
    fn result(
        &self,
        check: &RubricCheck,
        part: &Result<PathBuf, String>,
        run: Option<(Run, Verdict)>,
        twin: Option<(Run, Verdict)>,
    ) -> CheckResult {
        let twin = part.as_ref().ok().and(twin).map(|(_, verdict)| verdict);
        let (verdict, output, duration) = match (part, run) {
            (Err(reason), _) => {
                let headline = reason
                    .lines()
                    .next()
                    .unwrap_or("the build failed")
                    .trim_end_matches(':');
                let message = format!("{headline} {BUILD_NOTE}");
                let verdict = Verdict::fail(message)
                    .with_mistake(Mistake::with_reason(mistake::BUILD_ERROR, headline));
                (verdict, String::new(), Duration::ZERO)
            }
            (Ok(_), None) => (
                Verdict::fail("the check did not run")
                    .with_mistake(Mistake::kind(mistake::DID_NOT_RUN)),
                String::new(),
                Duration::ZERO,
            ),
            (Ok(_), Some((run, verdict))) => {
                let output = captured_output(&run);
                (verdict, output, run.duration)
            }
        };
        CheckResult::new(check, verdict, twin, output, duration)
    }

    /// [`Grader::judge`], its time counted in `tally`.
    fn judged(&self, index: usize, outcome: &RunOutcome, tally: &Mutex<Tally>) -> Verdict {
        let watch = Stopwatch::start();
        let verdict = self.judge(index, outcome);
        let spent = watch.spent(Duration::ZERO);
        let mut tally = lock(tally);
        tally.judging = tally.judging.plus(spent);
        verdict
    }

    /// The verdict on question `index`'s outcome.
    fn judge(&self, index: usize, outcome: &RunOutcome) -> Verdict {
        let (check, input) = self.question(index);
        let blessed = if index % 2 == 1 {
            checks::twin_name(check.spec.name)
        } else {
            check.spec.name.to_owned()
        };
        match outcome {
            RunOutcome::Reported(output) => checks::judge(
                &check.spec,
                &Case {
                    input,
                    output,
                    expected: self.snapshots.get(&blessed).map(|b| &b.output),
                },
            ),
            RunOutcome::Panicked { message, location } => {
                Verdict::fail(panic_reason(message, location.as_deref()))
                    .with_mistake(Mistake::of_panic(message))
            }
            RunOutcome::Crashed(reason) => Verdict::fail(reason.clone())
                .with_mistake(Mistake::with_reason(mistake::CRASHED, reason)),
            RunOutcome::OutOfBudget => Verdict::fail(format!(
                "{BUDGET_SPENT} (the rubric's budget of {} s for all checks together)",
                self.rubric.limits.budget.as_secs_f64()
            ))
            .with_mistake(Mistake::kind(mistake::OUT_OF_BUDGET)),
            RunOutcome::OutOfCpu(_) | RunOutcome::TimedOut { .. } => {
                Verdict::fail(out_of_time_in_words(outcome))
                    .with_mistake(Mistake::kind(mistake::TIMED_OUT))
            }
            RunOutcome::NoReport(reason) => Verdict::fail(reason.clone())
                .with_mistake(Mistake::with_reason(mistake::NO_RESULT, reason)),
        }
    }
}

/// A check's run and verdict, or why its process could not start.
type Judged = anyhow::Result<(Run, Verdict)>;

/// How many checks at most share one process. Fixed, not tied to `--jobs`, so that
/// the same checks always share a process.
const BATCH: usize = 8;

/// Work for one of the grading threads.
enum Unit {
    /// Two or more questions (see [`Grader::run_all`]) of one probe, run in one
    /// process in this order.
    Batch(Vec<usize>),
    /// One question in a process of its own.
    Alone(usize),
    /// A check's own question alone, then, only if it passes, its twin alone.
    Pair(usize, usize),
}

/// The questions of a batch to run again alone: a check with its twin as a pair (the
/// twin runs only if the check passes).
fn alone(again: &[usize]) -> Vec<Unit> {
    let mut units = Vec::new();
    for &index in again {
        let own = index - index % 2;
        if index % 2 == 0 {
            if again.contains(&(index + 1)) {
                units.push(Unit::Pair(index, index + 1));
            } else {
                units.push(Unit::Alone(index));
            }
        } else if !again.contains(&own) {
            units.push(Unit::Alone(index));
        }
    }
    units
}

/// What running the checks cost: each part's processes, the time their sandboxes
/// took to start, the judging, and the grader's own threads (which send the
/// questions, read the answers and judge them).
#[derive(Default)]
struct Tally {
    parts: BTreeMap<Part, PartCost>,
    startup: Duration,
    judging: Spent,
    threads: Duration,
}

/// The processes of one part's checks.
#[derive(Default)]
struct PartCost {
    processes: u64,
    wall: Duration,
    cpu: Duration,
}

impl Tally {
    /// Counts one process of `part`'s checks.
    fn job(&mut self, part: Part, wall: Duration, usage: crate::sandbox::Usage) {
        let cost = self.parts.entry(part).or_default();
        cost.processes += 1;
        cost.wall += wall;
        cost.cpu += usage.cpu.unwrap_or_default();
        self.startup += usage.startup.unwrap_or_default();
    }

    /// The phase of running and judging the checks, which started at `watch`: its
    /// wall time is the phase's; its CPU time the processes' and the grader's
    /// threads'. Each part's processes ran several at once, so their wall times are
    /// busy times and add up to more than the phase's.
    fn phase(self, watch: Stopwatch) -> Phase {
        let jobs_cpu: Duration = self.parts.values().map(|c| c.cpu).sum();
        let processes: u64 = self.parts.values().map(|c| c.processes).sum();
        let mut details: Vec<Phase> = self
            .parts
            .iter()
            .map(|(part, cost)| Phase {
                processes: Some(cost.processes),
                ..Phase::new(
                    format!("{} checks and twins (processes' busy time)", part.id()),
                    Spent::of(cost.wall, cost.cpu),
                )
            })
            .collect();
        details.push(Phase::new(
            "starting sandboxes (to each program's start, all processes)",
            Spent::of(self.startup, Duration::ZERO),
        ));
        details.push(Phase::new("judging (in the grader)", self.judging));
        details.push(Phase::new(
            "the grader's threads (sending, reading, judging)",
            Spent::of(Duration::ZERO, self.threads),
        ));
        Phase {
            processes: Some(processes),
            details,
            ..Phase::new(
                "run and judge the checks",
                watch.spent(jobs_cpu + self.threads),
            )
        }
    }
}

/// The tally, whatever a panicking thread left in it (figures only).
fn lock(tally: &Mutex<Tally>) -> std::sync::MutexGuard<'_, Tally> {
    tally.lock().unwrap_or_else(|p| p.into_inner())
}

/// Why a check that never started failed.
const BUDGET_SPENT: &str = "the grading time budget ran out before this check finished";

/// Words for a check that ran out of time: of CPU time (a loop that never ends), or
/// of wall-clock time while using little CPU (waiting), or, where CPU time cannot be
/// read, of wall-clock time alone, which cannot tell the two apart. Every figure is
/// a limit or rounded up to a whole second, so that the same code gets the same
/// words however busy the machine is.
fn out_of_time_in_words(outcome: &RunOutcome) -> String {
    let seconds = |d: &Duration| d.as_secs_f64();
    match outcome {
        RunOutcome::OutOfCpu(limit) => format!(
            "used {} s of CPU time: a loop or recursion that never ends?",
            seconds(limit)
        ),
        RunOutcome::TimedOut {
            wall,
            cpu: Some(cpu),
        } => format!(
            "waited {} s while using only {} of CPU: a thread that sleeps or waits for its whole \
             timeout, or a channel nobody sends on?",
            seconds(wall),
            less_than_seconds(*cpu)
        ),
        RunOutcome::TimedOut { wall, cpu: None } => format!(
            "timed out after {} s on the wall clock (this system does not let the grader read \
             CPU time, so it cannot tell a loop that never ends from a thread that waits)",
            seconds(wall)
        ),
        _ => String::new(),
    }
}

/// A CPU time as "less than N s", N the next whole second: the exact figure changes
/// from one run to the next.
fn less_than_seconds(cpu: Duration) -> String {
    format!("less than {} s", cpu.as_secs() + 1)
}

/// Words for a panic: `todo!()` reads as "not implemented", others as a panic with
/// the place in the student's code.
fn panic_reason(message: &str, location: Option<&str>) -> String {
    let location = location.map(|l| l.strip_prefix("submission/").unwrap_or(l));
    if let Some(what) = message.strip_prefix("not yet implemented: ") {
        return format!("not implemented: {what}");
    }
    if message == "not yet implemented" {
        return format!(
            "not implemented: a todo!() at {}",
            location.unwrap_or("an unknown place")
        );
    }
    match location {
        Some(place) if !place.contains("(grader probe)") && !place.starts_with("probe/") => {
            format!("panicked at {place}: {message}")
        }
        _ => format!("panicked: {message}"),
    }
}

/// The student's own output, for the report of a check (trimmed; panic noise kept,
/// since it names the line).
fn captured_output(run: &Run) -> String {
    let mut parts = Vec::new();
    if !run.stdout.trim().is_empty() {
        parts.push(format!("stdout:\n{}", run.stdout.trim_end()));
    }
    if !run.stderr.trim().is_empty() {
        parts.push(format!("stderr:\n{}", run.stderr.trim_end()));
    }
    parts.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_later_parts_checks_that_reach_an_earlier_parts_todo_say_so_once_at_the_top_of_their_part()
    {
        let todo = "not implemented: DirectionExt::opposite (handout §2): the opposite of {self:?}";
        let mut checks: Vec<CheckResult> = ["rat_bfs", "rat_dfs"]
            .into_iter()
            .map(|name| CheckResult {
                part: Part::Part2,
                ..result(name, false, todo)
            })
            .collect();
        checks.push(result("direction_opposite", false, todo));
        let mut own = result(
            "rat_stack",
            false,
            "not implemented: Stack::push (handout §7.2): x",
        );
        own.part = Part::Part2;
        checks.push(own);
        let (checks, needs) = earlier_parts(checks, StoodIn::new());
        assert_eq!(
            needs[&Part::Part2],
            [
                "Part 2's checks call your Part 1 `DirectionExt::opposite`, which is not written yet: 2 of its checks fail until it is"
            ]
        );
        assert!(
            !needs.contains_key(&Part::Part1),
            "its own stub is Part 1's to write"
        );
        assert_eq!(
            checks[0].message,
            "this check calls your Part 1 `DirectionExt::opposite`, which is not written yet (see the note at the top of Part 2)"
        );
        assert_eq!(
            checks[2].message, todo,
            "Part 1's own check keeps its words"
        );
        assert!(
            checks[3]
                .message
                .starts_with("not implemented: Stack::push")
        );
    }

    #[test]
    fn a_later_part_whose_checks_run_failing_code_of_an_earlier_part_says_so_once_at_its_top() {
        let rooms = |name: &str, message: &str| CheckResult {
            part: Part::Part2,
            ..result(name, false, message)
        };
        let checks = vec![
            result("direction_opposite", false, "opposite of EAST gave EAST"),
            rooms("rat_maze_rooms", "wrong doors"),
            rooms(
                "rat_stack",
                "not implemented: Stack::push (handout §7.2): x",
            ),
        ];
        let (_, needs) = earlier_parts(point_at_causes(checks), StoodIn::new());
        assert_eq!(
            needs[&Part::Part2],
            [
                "Part 2's checks call code of an earlier part that fails its own checks (direction_opposite): fix it first"
            ]
        );
    }

    #[test]
    fn a_later_part_whose_checks_reach_stubs_of_a_part_that_did_not_compile_says_so_once() {
        let mut texture = result(
            "texture_perfect_square",
            false,
            "not implemented: MazeCellArray::resize (handout §4): make the grid 5 cells wide",
        );
        texture.part = Part::Part3;
        let parts = BTreeMap::from([
            (Part::Part1, Err("error[E0308]".to_owned())),
            (Part::Part3, Ok(PathBuf::new())),
        ]);
        let (checks, uncompiled) = stood_in(vec![texture], &parts);
        let (_, needs) = earlier_parts(checks, uncompiled);
        assert_eq!(
            needs[&Part::Part3],
            [format!(
                "Part 3's checks call your Part 1 code, which does not compile: the starter's stubs stood in for it in this build, and 1 of its checks fails until it compiles {BUILD_NOTE}"
            )]
        );
    }

    #[test]
    fn a_check_reaching_a_stub_of_a_part_that_did_not_compile_is_sent_to_the_compile_error() {
        let mut texture = result(
            "texture_perfect_square",
            false,
            "not implemented: MazeCellArray::resize (handout §4): make the grid 5 cells wide",
        );
        texture.part = Part::Part3;
        let mut own = result(
            "texture_weights",
            false,
            "not implemented: weights (handout §8.1): the weights",
        );
        own.part = Part::Part3;
        let parts = BTreeMap::from([
            (Part::Part1, Err("error[E0308]".to_owned())),
            (Part::Part3, Ok(PathBuf::new())),
        ]);
        let (checks, _) = stood_in(vec![texture, own], &parts);
        assert_eq!(
            checks[0].message,
            "this check calls your Part 1 code, which does not compile: the starter's stub `MazeCellArray::resize` stood in for it (see the note at the top of Part 3)"
        );
        assert_eq!(
            checks[0].mistake.as_ref().map(|m| m.kind.as_str()),
            Some(mistake::BUILD_ERROR)
        );
        assert!(
            checks[1].message.starts_with("not implemented: weights"),
            "a stub of the check's own part is the student's to write"
        );
    }

    #[test]
    fn a_todo_names_its_section_and_the_section_its_part() {
        assert_eq!(todo_section("Rat::run (handout §7.4): go"), Some("7.4"));
        assert_eq!(todo_section("Position::eq (handout §3.): x"), Some("3"));
        assert_eq!(todo_section("no section here"), None);
        assert_eq!(Part::of_section("7.4"), Some(Part::Part2));
        assert_eq!(Part::of_section("10"), Some(Part::Part5));
        assert_eq!(Part::of_section("11.2"), None);
    }

    fn result(name: &str, passed: bool, message: &str) -> CheckResult {
        CheckResult {
            name: name.to_owned(),
            title: String::new(),
            part: Part::Part1,
            score: 0.0,
            max_score: 1.0,
            passed,
            message: message.to_owned(),
            diff: None,
            hint: String::new(),
            grader_error: false,
            visibility: crate::rubric::Visibility::Visible,
            output: String::new(),
            picture: None,
            mistake: None,
            twin: None,
            fix_first: None,
            duration: Duration::ZERO,
        }
    }

    #[test]
    fn a_failure_whose_code_another_failing_check_tests_says_to_fix_that_first() {
        let checks = point_at_causes(vec![
            result("direction_opposite", false, "opposite of EAST gave EAST"),
            result("position_moved", true, "ok"),
            result("array_remove_cell_wall", false, "one-sided wall"),
            result("maze_perfect_square", false, "not perfect"),
            result("solve_path_valid", false, "through a wall"),
        ]);
        assert_eq!(
            checks[2].message,
            "one-sided wall\nfix direction_opposite first: this check runs its code too, and it fails"
        );
        assert_eq!(
            checks[3].message,
            "not perfect\nfix direction_opposite and array_remove_cell_wall first: this check runs their code too, and they fail"
        );
        assert_eq!(checks[0].message, "opposite of EAST gave EAST");
        assert_eq!(
            checks[4].message, "through a wall",
            "position_moved passes, so nothing is blamed"
        );
    }

    #[test]
    fn the_same_failure_under_other_failing_checks_is_another_mistake() {
        let keyed = |name: &str, message: &str| CheckResult {
            mistake: Some(Mistake::of_message(message)),
            ..result(name, false, message)
        };
        let wrong_opposite = point_at_causes(vec![
            keyed("direction_opposite", "opposite of EAST gave EAST"),
            keyed("array_remove_cell_wall", "one-sided wall"),
            keyed("maze_matches_reference", "other walls"),
        ]);
        let one_sided_wall = point_at_causes(vec![
            keyed("array_remove_cell_wall", "one-sided wall"),
            keyed("maze_matches_reference", "other walls"),
        ]);
        let right_walls = point_at_causes(vec![keyed("maze_matches_reference", "other walls")]);
        let key = |checks: &[CheckResult]| checks.last().and_then(|c| c.mistake.clone());
        assert_eq!(
            key(&wrong_opposite).map(|m| m.detail),
            Some("other walls (fix direction_opposite, array_remove_cell_wall first)".to_owned())
        );
        assert_eq!(
            key(&one_sided_wall).map(|m| m.detail),
            Some("other walls (fix array_remove_cell_wall first)".to_owned())
        );
        assert_eq!(
            key(&right_walls).map(|m| m.detail),
            Some("other walls".to_owned())
        );
        // The check that is itself the cause keeps its own key.
        assert_eq!(
            wrong_opposite[0].mistake,
            Some(Mistake::of_message("opposite of EAST gave EAST"))
        );
    }

    #[test]
    fn a_check_whose_own_code_is_a_todo_blames_nothing_else() {
        let checks = point_at_causes(vec![
            result("direction_opposite", false, "not implemented: opposite"),
            result(
                "maze_perfect_square",
                false,
                "not implemented: Maze::create",
            ),
        ]);
        assert_eq!(checks[1].message, "not implemented: Maze::create");
    }

    #[test]
    fn a_part_that_did_not_compile_is_not_blamed_for_the_next_one() {
        let broken = format!("your code does not compile {BUILD_NOTE}");
        // As the grading keys it: a build error (see `Grader::result`).
        let unbuilt = CheckResult {
            mistake: Some(Mistake::new(
                mistake::BUILD_ERROR,
                "your code does not compile",
            )),
            ..result("direction_opposite", false, &broken)
        };
        let checks = point_at_causes(vec![
            unbuilt,
            result("maze_perfect_square", false, "not perfect"),
        ]);
        assert_eq!(checks[1].message, "not perfect");
    }

    #[test]
    fn a_twin_runs_again_alone_after_its_check_or_with_it_as_a_pair() {
        let shown: Vec<(usize, Option<usize>)> = alone(&[0, 1, 3, 6])
            .into_iter()
            .map(|unit| match unit {
                Unit::Pair(own, twin) => (own, Some(twin)),
                Unit::Alone(index) => (index, None),
                Unit::Batch(_) => unreachable!("alone makes no batch"),
            })
            .collect();
        // 0 and its twin 1 as a pair; 3, the twin of 2 (which passed in the batch),
        // alone; 6 alone.
        assert_eq!(shown, [(0, Some(1)), (3, None), (6, None)]);
    }

    #[test]
    fn running_out_of_time_names_cpu_time_waiting_or_the_wall_clock() {
        assert_eq!(
            out_of_time_in_words(&RunOutcome::OutOfCpu(Duration::from_secs(5))),
            "used 5 s of CPU time: a loop or recursion that never ends?"
        );
        let waited = |cpu| {
            out_of_time_in_words(&RunOutcome::TimedOut {
                wall: Duration::from_secs(5),
                cpu: Some(cpu),
            })
        };
        // The CPU time used changes from one run to the next; the words do not.
        assert_eq!(
            waited(Duration::from_millis(30)),
            waited(Duration::from_millis(90))
        );
        assert_eq!(
            waited(Duration::from_millis(30)),
            "waited 5 s while using only less than 1 s of CPU: a thread that sleeps or waits \
             for its whole timeout, or a channel nobody sends on?"
        );
        assert!(waited(Duration::from_millis(2300)).contains("less than 3 s of CPU"));
        let wall = out_of_time_in_words(&RunOutcome::TimedOut {
            wall: Duration::from_secs(5),
            cpu: None,
        });
        assert!(
            wall.starts_with("timed out after 5 s on the wall clock (this system does not let"),
            "{wall}"
        );
    }

    #[test]
    fn a_todo_reads_as_not_implemented() {
        assert_eq!(
            panic_reason(
                "not yet implemented: Position::moved (handout §3): move",
                Some("src/position.rs:9")
            ),
            "not implemented: Position::moved (handout §3): move"
        );
    }

    #[test]
    fn a_panic_names_the_place_in_the_submission() {
        assert_eq!(
            panic_reason(
                "index out of bounds",
                Some("submission/src/cell_array.rs:40")
            ),
            "panicked at src/cell_array.rs:40: index out of bounds"
        );
    }
}
