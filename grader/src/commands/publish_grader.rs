//! `grader publish-grader OUT`: writes the course's grader repository, the one the
//! template's workflow runs at a pinned commit (see [`crate::dist::course_grader_files`]).

use crate::Status;
use crate::cli::PublishGraderArgs;
use crate::dist;
use crate::kit::Kit;

/// Writes the course's grader repository into a new directory and says what to do
/// with it.
pub fn run(args: &PublishGraderArgs) -> anyhow::Result<Status> {
    let kit = Kit::locate(args.kit.as_deref())?;
    let files = dist::course_grader_files(&kit, args.unassigned)?;
    dist::write(&args.out, &files)?;
    let out = args.out.display();
    println!(
        "wrote the course's grader repository ({} files) to {out}: the template's grader, the public rubric and fixtures; no solution, no secret, no hidden check",
        files.len()
    );
    println!("next:");
    println!(
        "  1. push it to a new PUBLIC repository (students' workflows check it out): cd {out} && git init && git add -A && git commit -m 'The course grader' && git push"
    );
    println!("  2. note the commit: git -C {out} rev-parse HEAD");
    println!(
        "  3. write the template with it: grader dist TEMPLATE --grader-repo OWNER/NAME --grader-rev SHA"
    );
    Ok(Status::Success)
}
