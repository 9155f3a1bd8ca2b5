//! `grader dist OUT`: writes the student template.

use anyhow::bail;

use crate::Status;
use crate::cli::DistArgs;
use crate::dist::{self, GraderSource};
use crate::kit::Kit;

/// How to install the mdBook the books are tested with: the line the guide gives
/// (its adopt and publish pages), so that dist's note and the guide agree.
pub(crate) const MDBOOK_INSTALL: &str =
    "cargo install --locked mdbook --version 0.5.4 --no-default-features --features search";

/// Writes the template into a new directory.
pub fn run(args: &DistArgs) -> anyhow::Result<Status> {
    // clap makes sure --grader-repo and --grader-rev come together, and that neither
    // comes with --feedback-only.
    let grader = match (&args.grader_repo, &args.grader_rev) {
        (Some(repo), Some(rev)) => GraderSource::Course {
            repo: repo.clone(),
            rev: rev.clone(),
        },
        _ if args.feedback_only => GraderSource::FeedbackOnly,
        _ => bail!(
            "without --grader-repo OWNER/NAME --grader-rev SHA the workflow would grade pull requests with the grader in the student's own repository, which the student can edit: write the course's grader repository with `grader publish-grader OUT`, push it public, and pass its name and commit (or pass --feedback-only for a workflow that gives no points)"
        ),
    };
    let kit = Kit::locate(args.kit.as_deref())?;
    let options = dist::Options {
        min_score: args.min_score,
        grader,
        unassigned: args.unassigned,
    };
    let files = dist::files(&kit, &options)?;
    dist::write(&args.out, &files)?;
    println!(
        "wrote the student template ({} files) to {}",
        files.len(),
        args.out.display()
    );
    if options.grader == GraderSource::FeedbackOnly {
        println!(
            "its workflow is feedback only: it grades with the template's own grader and sends no points to GitHub Classroom"
        );
    }
    match dist::build_book(&args.out)? {
        Some(index) => println!(
            "built the handout's HTML: {} (commit it with the template)",
            index.display()
        ),
        None => eprintln!(
            "note: mdbook is not installed, so the template has the handout as Markdown only (its chapters read whole on GitHub); run `{MDBOOK_INSTALL}`, then `grader dist` again to include the HTML"
        ),
    }
    Ok(Status::Success)
}

#[cfg(test)]
mod tests {
    use super::MDBOOK_INSTALL;

    #[test]
    fn dists_mdbook_note_gives_the_install_line_of_the_guide() {
        for page in ["adopt.md", "publish.md"] {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../guide/src/tasks")
                .join(page);
            let text = std::fs::read_to_string(&path).expect("the guide's page");
            assert!(
                text.contains(&format!("`{MDBOOK_INSTALL}`")),
                "{page} gives another line than dist's note"
            );
        }
    }
}
