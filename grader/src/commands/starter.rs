//! `grader starter [--check]`: writes starter/ from solution/, or checks that it is
//! up to date.

use crate::Status;
use crate::cli::StarterArgs;
use crate::kit::Kit;
use crate::starter;

/// Writes or checks the starter.
pub fn run(args: &StarterArgs) -> anyhow::Result<Status> {
    let kit = Kit::locate(args.kit.as_deref())?;
    let files = starter::generate(&kit.root)?;
    let dir = kit.starter();
    if args.check {
        let problems = starter::differences(&dir, &files);
        if !problems.is_empty() {
            // Exit code 1, "ran, and the answer is no": 2 stays for "could not run".
            eprintln!(
                "grader: starter/ is out of date with solution/ ({}): run `grader starter`",
                starter::describe(&problems)
            );
            return Ok(Status::CheckFailed);
        }
        println!("starter/ is up to date");
    } else {
        starter::write(&dir, &files)?;
        println!("wrote {} files to {}", files.len(), dir.display());
    }
    Ok(Status::Success)
}
