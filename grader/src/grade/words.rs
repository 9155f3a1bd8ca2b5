//! The words of a run that did not answer: out of time, out of the budget, a panic,
//! and what the code printed.

use super::*;

/// Why a check that never started failed.
pub(super) const BUDGET_SPENT: &str = "the grading time budget ran out before this check finished";

/// Words for a check that ran out of time: of CPU time (a loop that never ends), or
/// of wall-clock time while using little CPU (waiting), or, where CPU time cannot be
/// read, of wall-clock time alone, which cannot tell the two apart. Every figure is
/// a limit or rounded up to a whole second, so that the same code gets the same
/// words however busy the machine is.
pub(super) fn out_of_time_in_words(outcome: &RunOutcome) -> String {
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
pub(super) fn less_than_seconds(cpu: Duration) -> String {
    format!("less than {} s", cpu.as_secs() + 1)
}

/// Words for a panic: `todo!()` reads as "not implemented", others as a panic with
/// the place in the student's code and, where the probe named them, the calls that
/// reached it.
pub(super) fn panic_reason(message: &str, location: Option<&str>, calling: Option<&str>) -> String {
    let reason = panic_place(message, location);
    match calling {
        Some(calls) if !calls.is_empty() && !reason.starts_with("not implemented") => {
            format!("{reason} (reached by the calls {calls})")
        }
        _ => reason,
    }
}

/// [`panic_reason`] without the calls.
fn panic_place(message: &str, location: Option<&str>) -> String {
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
pub(super) fn captured_output(run: &Run) -> String {
    let mut parts = Vec::new();
    if !run.stdout.trim().is_empty() {
        parts.push(format!("stdout:\n{}", run.stdout.trim_end()));
    }
    if !run.stderr.trim().is_empty() {
        parts.push(format!("stderr:\n{}", run.stderr.trim_end()));
    }
    parts.join("\n")
}
