//! What `grade-all` shows while it grades: a bar on a terminal, one plain line per
//! submission otherwise (on stderr, so a redirected output stays the grader's).

use std::io::IsTerminal as _;
use std::sync::Mutex;
use std::time::Duration;

use super::{Outcome, Row};
use crate::rubric::points;

/// Progress on stderr: a bar on a terminal, one plain line per submission otherwise.
pub(super) struct Progress {
    bar: Option<indicatif::ProgressBar>,
    total: usize,
    done: Mutex<usize>,
}

impl Progress {
    pub(super) fn new(total: usize) -> Progress {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = indicatif::ProgressBar::new(total as u64);
            bar.set_style(
                indicatif::ProgressStyle::with_template(
                    "{elapsed_precise} [{bar:30}] {pos}/{len} {msg}",
                )
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
                .progress_chars("=> "),
            );
            bar.enable_steady_tick(Duration::from_millis(200));
            bar
        });
        Progress {
            bar,
            total,
            done: Mutex::new(0),
        }
    }

    pub(super) fn start(&self, name: &str) {
        if let Some(bar) = &self.bar {
            bar.set_message(format!("grading {name}"));
        }
    }

    pub(super) fn finish(&self, row: &Row) {
        let mut done = self.done.lock().unwrap_or_else(|p| p.into_inner());
        *done += 1;
        let what = match &row.outcome {
            Outcome::Graded(grade) => format!(
                "{}/{}{}",
                points(grade.score),
                points(grade.max_score),
                if row.unchanged { " (unchanged)" } else { "" }
            ),
            Outcome::NotASubmission(_) => "no submission".to_owned(),
            Outcome::Refused(reason) => format!("refused: {reason}"),
            Outcome::Failed(reason) => format!("grader error: {reason}"),
        };
        let line = format!(
            "[{}/{}] {}: {what} ({:.1} s)",
            *done,
            self.total,
            crate::report::text::visible(&row.name),
            row.duration.as_secs_f64()
        );
        match &self.bar {
            Some(bar) => {
                bar.println(line);
                bar.inc(1);
            }
            None => eprintln!("{line}"),
        }
    }

    pub(super) fn done(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
