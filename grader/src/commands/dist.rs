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

    /// The guide's page of a task or reference, read from the kit.
    fn guide_page(page: &str) -> String {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../guide/src")
            .join(page);
        std::fs::read_to_string(&path).expect("the guide's page")
    }

    #[test]
    fn min_scores_help_and_the_guide_say_the_workflow_fails_a_students_run() {
        let command = <crate::cli::Cli as clap::CommandFactory>::command();
        let dist = command.find_subcommand("dist").expect("dist");
        let help = dist
            .get_arguments()
            .find(|arg| arg.get_id() == "min_score")
            .and_then(|arg| arg.get_help())
            .map(ToString::to_string)
            .expect("--min-score's help");
        assert!(help.contains("fails a student's run"), "{help}");
        assert!(
            guide_page("reference/packages.md").contains(
                "| `--min-score N` | the workflow fails a student's run below N points |"
            ),
            "the packages reference says otherwise"
        );
    }

    #[test]
    fn dists_mdbook_note_gives_the_install_line_of_the_guide() {
        for page in ["tasks/adopt.md", "tasks/publish.md"] {
            let text = guide_page(page);
            assert!(
                text.contains(&format!("`{MDBOOK_INSTALL}`")),
                "{page} gives another line than dist's note"
            );
        }
    }
}
