//! `grader dist OUT`: writes the student template.

use crate::Status;
use crate::cli::DistArgs;
use crate::dist;
use crate::kit::Kit;

/// Writes the template into a new directory.
pub fn run(args: &DistArgs) -> anyhow::Result<Status> {
    let kit = Kit::locate(args.kit.as_deref())?;
    let files = dist::files(&kit, args.min_score)?;
    dist::write(&args.out, &files)?;
    println!(
        "wrote the student template ({} files) to {}",
        files.len(),
        args.out.display()
    );
    Ok(Status::Success)
}
