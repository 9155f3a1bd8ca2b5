//! `grader gradescope OUT.zip`: writes the Gradescope autograder package.

use crate::Status;
use crate::cli::GradescopeArgs;
use crate::gradescope;
use crate::kit::Kit;

/// Writes the package.
pub fn run(args: &GradescopeArgs) -> anyhow::Result<Status> {
    let kit = Kit::locate(args.kit.as_deref())?;
    // The package carries the snapshots: none may be another secret's.
    let stale = super::bless::drawn_elsewhere(&kit)?;
    if !stale.is_empty() {
        anyhow::bail!("{}", super::bless::drawn_elsewhere_line(&stale));
    }
    let files = gradescope::files(&kit)?;
    gradescope::write_zip(&args.out, &files)?;
    println!(
        "wrote the Gradescope autograder ({} files) to {}: upload it as the assignment's autograder, and keep it private (it holds the hidden checks)",
        files.len(),
        args.out.display()
    );
    Ok(Status::Success)
}
