//! Where the time of a grading goes: wall-clock and CPU time per phase, for
//! `grader grade --timings`, the `timings` object of the JSON report and the totals
//! of `grade-all`'s `summary.md`.
//!
//! The top-level phases run one after another, so their wall times add up to the
//! grading's: preparing the harness, building the shared dependencies (the first
//! time only), each cargo build of the probe, running and judging the checks, and
//! making the report. A phase's details say what it was made of, and may overlap in
//! time: cargo compiles the probe while the student's crate is still being
//! generated, and checks run several at once.
//!
//! CPU time is measured where it is spent: each job's own (its process and all it
//! started, read when the sandbox reaps it), and the grader's threads' own. It is
//! never read from the process-wide counters, which mix submissions graded at once.

use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::sandbox::usage;

/// Wall-clock and CPU time, in seconds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct Spent {
    /// Elapsed time.
    pub wall_s: f64,
    /// User and system time.
    pub cpu_s: f64,
}

impl Spent {
    /// Wall and CPU time as durations.
    pub fn of(wall: Duration, cpu: Duration) -> Spent {
        Spent {
            wall_s: wall.as_secs_f64(),
            cpu_s: cpu.as_secs_f64(),
        }
    }

    /// Both sums.
    pub fn plus(self, other: Spent) -> Spent {
        Spent {
            wall_s: self.wall_s + other.wall_s,
            cpu_s: self.cpu_s + other.cpu_s,
        }
    }
}

/// One phase of a grading, or one part of a phase.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Phase {
    /// What it was.
    pub name: String,
    /// What it took.
    #[serde(flatten)]
    pub spent: Spent,
    /// How many processes (sandboxed jobs) it ran, where that says something.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub processes: Option<u64>,
    /// What it was made of.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub details: Vec<Phase>,
}

impl Phase {
    /// A phase without details.
    pub fn new(name: impl Into<String>, spent: Spent) -> Phase {
        Phase {
            name: name.into(),
            spent,
            processes: None,
            details: Vec::new(),
        }
    }
}

/// Where the time of one grading went.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Timings {
    /// The phases in the order they ran.
    pub phases: Vec<Phase>,
    /// The sum of the phases.
    pub total: Spent,
    /// Dependencies that cargo compiled for this submission (`name@version`): none
    /// when the shared dependencies were already built, as they should be.
    pub dependencies_compiled: Vec<String>,
}

impl Timings {
    /// Timings of `phases`, totalled.
    pub fn new(phases: Vec<Phase>, dependencies_compiled: Vec<String>) -> Timings {
        let total = phases
            .iter()
            .fold(Spent::default(), |sum, phase| sum.plus(phase.spent));
        Timings {
            phases,
            total,
            dependencies_compiled,
        }
    }

    /// The sums of several gradings' timings, phase by phase (details by name, in the
    /// order first seen): the totals of a class.
    #[cfg(feature = "instructor")]
    pub fn sum<'a>(all: impl IntoIterator<Item = &'a Timings>) -> Timings {
        let mut phases: Vec<Phase> = Vec::new();
        let mut compiled = Vec::new();
        for timings in all {
            merge_into(&mut phases, &timings.phases);
            compiled.extend(timings.dependencies_compiled.iter().cloned());
        }
        compiled.sort();
        compiled.dedup();
        Timings::new(phases, compiled)
    }

    /// The timings as a table for a person: a line per phase and detail, wall and
    /// CPU time in seconds.
    pub fn render(&self) -> String {
        let mut rows: Vec<(String, Spent, Option<u64>)> = Vec::new();
        fn walk(rows: &mut Vec<(String, Spent, Option<u64>)>, phases: &[Phase], depth: usize) {
            for phase in phases {
                rows.push((
                    format!("{}{}", "  ".repeat(depth), phase.name),
                    phase.spent,
                    phase.processes,
                ));
                walk(rows, &phase.details, depth + 1);
            }
        }
        walk(&mut rows, &self.phases, 0);
        rows.push(("total (the phases added up)".to_owned(), self.total, None));
        let width = rows
            .iter()
            .map(|(name, ..)| name.chars().count())
            .max()
            .unwrap_or(0);
        let mut lines = vec![format!("{:<width$} {:>9} {:>9}", "phase", "wall", "cpu")];
        for (name, spent, processes) in rows {
            let processes = processes
                .map(|n| format!("  {n} process{}", if n == 1 { "" } else { "es" }))
                .unwrap_or_default();
            lines.push(format!(
                "{name:<width$} {:>8.3}s {:>8.3}s{processes}",
                spent.wall_s, spent.cpu_s
            ));
        }
        if !self.dependencies_compiled.is_empty() {
            lines.push(format!(
                "dependencies compiled for this submission: {}",
                self.dependencies_compiled.join(", ")
            ));
        }
        lines.join("\n") + "\n"
    }
}

/// Adds `more` to `phases`, phase by phase and detail by detail, matched by name.
#[cfg(feature = "instructor")]
fn merge_into(phases: &mut Vec<Phase>, more: &[Phase]) {
    for phase in more {
        match phases.iter_mut().find(|p| p.name == phase.name) {
            Some(sum) => {
                sum.spent = sum.spent.plus(phase.spent);
                sum.processes = match (sum.processes, phase.processes) {
                    (None, None) => None,
                    (a, b) => Some(a.unwrap_or(0) + b.unwrap_or(0)),
                };
                merge_into(&mut sum.details, &phase.details);
            }
            None => phases.push(phase.clone()),
        }
    }
}

/// Measures a stretch of the calling thread: elapsed time and the thread's own CPU.
#[derive(Debug, Clone, Copy)]
pub struct Stopwatch {
    wall: Instant,
    cpu: Duration,
}

impl Stopwatch {
    /// Starts measuring now.
    pub fn start() -> Stopwatch {
        Stopwatch {
            wall: Instant::now(),
            cpu: usage::thread_cpu(),
        }
    }

    /// Elapsed time since the start.
    pub fn wall(&self) -> Duration {
        self.wall.elapsed()
    }

    /// This thread's CPU time since the start.
    pub fn cpu(&self) -> Duration {
        usage::thread_cpu().saturating_sub(self.cpu)
    }

    /// Both, plus `children`: the CPU time of processes this stretch waited for.
    pub fn spent(&self, children: Duration) -> Spent {
        Spent::of(self.wall(), self.cpu() + children)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn phase(name: &str, wall: f64, cpu: f64, details: Vec<Phase>) -> Phase {
        Phase {
            details,
            ..Phase::new(
                name,
                Spent {
                    wall_s: wall,
                    cpu_s: cpu,
                },
            )
        }
    }

    #[test]
    fn the_total_is_the_sum_of_the_phases() {
        let timings = Timings::new(
            vec![
                phase("harness", 0.5, 0.25, vec![]),
                phase(
                    "build",
                    2.0,
                    1.5,
                    vec![phase("your crate", 1.0, 1.0, vec![])],
                ),
            ],
            vec![],
        );
        assert_eq!(
            timings.total,
            Spent {
                wall_s: 2.5,
                cpu_s: 1.75
            }
        );
    }

    #[test]
    #[cfg(feature = "instructor")]
    fn a_class_sums_phases_and_details_by_name() {
        let one = Timings::new(
            vec![phase(
                "build",
                2.0,
                1.0,
                vec![phase("your crate", 1.0, 0.5, vec![])],
            )],
            vec![],
        );
        let two = Timings::new(
            vec![
                phase(
                    "build",
                    3.0,
                    2.0,
                    vec![phase("your crate", 2.0, 1.5, vec![])],
                ),
                phase("checks", 1.0, 1.0, vec![]),
            ],
            vec!["serde@1.0.0".to_owned()],
        );
        let sum = Timings::sum([&one, &two]);
        assert_eq!(sum.phases.len(), 2);
        assert_eq!(sum.phases[0].spent.wall_s, 5.0);
        assert_eq!(sum.phases[0].details[0].spent.cpu_s, 2.0);
        assert_eq!(sum.total.wall_s, 6.0);
        assert_eq!(sum.dependencies_compiled, ["serde@1.0.0"]);
    }

    #[test]
    fn a_stopwatch_counts_this_threads_work() {
        let watch = Stopwatch::start();
        let mut x = 0u64;
        while watch.wall() < Duration::from_millis(30) {
            x = std::hint::black_box(x.wrapping_add(1));
        }
        assert!(watch.cpu() > Duration::ZERO || !cfg!(unix));
    }
}
