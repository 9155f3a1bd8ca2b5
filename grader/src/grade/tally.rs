//! What running a submission's checks cost, part by part, for the report's timings.

use super::*;
use crate::timings::Spent;

/// What running the checks cost: each part's processes, the time their sandboxes
/// took to start, the judging, and the grader's own threads (which send the
/// questions, read the answers and judge them).
#[derive(Default)]
pub(super) struct Tally {
    parts: BTreeMap<Part, PartCost>,
    startup: Duration,
    pub(super) judging: Spent,
    pub(super) threads: Duration,
}

/// The processes of one part's checks.
#[derive(Default)]
pub(super) struct PartCost {
    processes: u64,
    wall: Duration,
    cpu: Duration,
}

impl Tally {
    /// Counts one process of `part`'s checks.
    pub(super) fn job(&mut self, part: Part, wall: Duration, usage: crate::sandbox::Usage) {
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
    pub(super) fn phase(self, watch: Stopwatch) -> Phase {
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
pub(super) fn lock(tally: &Mutex<Tally>) -> std::sync::MutexGuard<'_, Tally> {
    tally.lock().unwrap_or_else(|p| p.into_inner())
}
