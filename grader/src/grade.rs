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
use crate::report::{CheckResult, News, Report};
use crate::rubric::{Rubric, RubricCheck};
use crate::runner::{self, Confinement, Request, Run, RunOutcome};
use crate::sandbox::Level;
use crate::snapshots::Snapshots;
use crate::timings::{Phase, Stopwatch, Timings};

mod causes;
mod tally;
#[cfg(test)]
mod tests;
mod words;

use causes::*;
use tally::*;
use words::*;

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
    /// Only once every check passes, as in `watch`: for `grade` where the style
    /// section gives no points and `--style` is not asked for. While a check fails
    /// the section says it waits for the checks, so a grading whose checks fail
    /// again does not wait for clippy at all. Where the submission's last grading
    /// passed every check (or there was none), clippy reads the code in the build,
    /// where it costs the least, and the section is shown if every check passes
    /// again; where a check failed last time, in a pass of its own after the checks,
    /// and only if every check passes now. The report is the same either way.
    OnceChecksPass,
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
        let in_build = match self.style_pass {
            StylePass::InBuild => true,
            StylePass::OnceChecksPass => {
                !harness::checks_failed_last_time(&self.workspace, submission)
            }
            StylePass::BesideChecks | StylePass::AfterChecks { .. } => false,
        };
        let workspace = Workspace {
            clippy: clippy.clone().filter(|_| in_build),
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
            let beside = (self.style_pass == StylePass::BesideChecks && build.compiles)
                .then(|| scope.spawn(linted));
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
        // The next grading's guess at where clippy reads the code (see
        // [`StylePass::OnceChecksPass`]).
        if self.style_pass == StylePass::OnceChecksPass && plan.is_some() {
            harness::note_checks_failed(&self.workspace, submission, !all_pass);
        }
        let linting = match self.style_pass {
            StylePass::InBuild => None,
            StylePass::BesideChecks => match beside {
                Some(Ok(linting)) => linting,
                // Not started: the crate does not compile.
                None => None,
                Some(Err(_)) => Some(Err("clippy's pass stopped unexpectedly".to_owned())),
            },
            StylePass::AfterChecks { always } => ((always || all_pass) && build.compiles)
                .then(linted)
                .flatten(),
            StylePass::OnceChecksPass => (all_pass && !in_build).then(linted).flatten(),
        };
        // Whether the section waits for the checks (a crate that does not compile
        // has nothing to read: its section says so, in every pass).
        let waits = build.compiles
            && !all_pass
            && matches!(
                self.style_pass,
                StylePass::OnceChecksPass | StylePass::AfterChecks { always: false }
            );
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
            let section = match linting {
                // No clippy here, or no crate to read: the section says why.
                _ if plan.is_err() || !build.compiles => {
                    self.style_section(plan, submission, None, earned)
                }
                // A check fails: the section waits for the checks (even where the
                // build read the code).
                _ if waits => crate::style::Section {
                    note: Some(crate::style::WAITS_FOR_CHECKS.to_owned()),
                    ..self.style_section(plan, submission, None, earned)
                },
                _ if in_build => {
                    self.style_section(plan, submission, build.lints.as_deref(), earned)
                }
                Some(Ok(linting)) => {
                    lint_phase = Some(linting.phase);
                    self.style_section(plan, submission, linting.lints.as_deref(), earned)
                }
                Some(Err(why)) => self.style_section(&Err(why), submission, None, earned),
                None => crate::style::Section {
                    note: Some("clippy's pass did not run".to_owned()),
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
            RunOutcome::Panicked {
                message,
                location,
                calling,
            } => Verdict::fail(panic_reason(
                message,
                location.as_deref(),
                calling.as_deref(),
            ))
            .with_mistake(Mistake::of_panic(message)),
            RunOutcome::Crashed(reason) => Verdict::fail(reason.clone())
                .with_mistake(Mistake::with_reason(mistake::CRASHED, reason)),
            RunOutcome::OutOfBudget => Verdict::fail(format!(
                "{BUDGET_SPENT} (the rubric's budget of {} s for all checks together)",
                self.rubric.limits.budget.as_secs_f64()
            ))
            .with_mistake(Mistake::kind(mistake::OUT_OF_BUDGET)),
            RunOutcome::OutOfCpu(_) | RunOutcome::TimedOut { .. } => {
                let verdict = Verdict::fail(out_of_time_in_words(outcome))
                    .with_mistake(Mistake::kind(mistake::TIMED_OUT));
                // The rule that makes the code endless fits code that kept a core busy
                // (or where CPU time cannot be read); code that waited is told so, and
                // gets the rule that makes it wait.
                let busy = !matches!(outcome, RunOutcome::TimedOut { cpu: Some(_), .. });
                verdict.with_hint(if busy {
                    check.spec.slow
                } else {
                    check.spec.waited
                })
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
