//! `grader starter [--check]`: writes starter/ from solution/, or checks that it is
//! up to date.

use anyhow::bail;

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
            bail!(
                "starter/ is out of date with solution/ ({}): run `grader starter`",
                starter::describe(&problems)
            );
        }
        println!("starter/ is up to date");
    } else {
        starter::write(&dir, &files)?;
        println!("wrote {} files to {}", files.len(), dir.display());
    }
    Ok(Status::Success)
}
