//! `grader grade`.

use anyhow::{Context as _, bail};

use super::Setup;
use crate::Status;
use crate::cli::GradeArgs;
use crate::report::Format;

/// Grades one submission and writes its report.
pub fn run(args: GradeArgs) -> anyhow::Result<Status> {
    if !args.submission.is_dir() {
        bail!(
            "the submission {} is not a directory",
            args.submission.display()
        );
    }
    let setup = Setup::load(&args.kit)?;
    setup.require_blessed()?;
    let report = setup.grader().grade(&args.submission)?;
    match &args.output {
        Some(path) => {
            let text = report.render(args.format, false);
            std::fs::write(path, text)
                .with_context(|| format!("writing the report to {}", path.display()))?;
        }
        None => {
            let color = args.format == Format::Human
                && anstream::AutoStream::choice(&std::io::stdout()) != anstream::ColorChoice::Never;
            let text = report.render(args.format, color);
            let mut stdout = anstream::stdout();
            std::io::Write::write_all(&mut stdout, text.as_bytes())
                .context("writing the report")?;
        }
    }
    match args.min_score {
        Some(min) if report.score < min => {
            eprintln!(
                "grader: score {} is below the minimum {min}",
                crate::report::points(report.score)
            );
            Ok(Status::BelowMinScore)
        }
        _ => Ok(Status::Success),
    }
}
