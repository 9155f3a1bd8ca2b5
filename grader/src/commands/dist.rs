//! `grader dist OUT`: writes the student template.

use crate::Status;
use crate::cli::DistArgs;
use crate::dist;
use crate::kit::Kit;

/// Writes the template into a new directory.
pub fn run(args: &DistArgs) -> anyhow::Result<Status> {
    let kit = Kit::locate(args.kit.as_deref())?;
    // clap makes sure the two come together.
    let grader = args.grader_repo.clone().zip(args.grader_rev.clone());
    let options = dist::Options {
        min_score: args.min_score,
        grader,
    };
    let files = dist::files(&kit, &options)?;
    dist::write(&args.out, &files)?;
    println!(
        "wrote the student template ({} files) to {}",
        files.len(),
        args.out.display()
    );
    match dist::build_book(&args.out)? {
        Some(index) => println!(
            "built the handout's HTML: {} (commit it with the template)",
            index.display()
        ),
        None => eprintln!(
            "note: mdbook is not installed, so the template has the handout as Markdown only; run `cargo install mdbook --version 0.5.4 --locked`, then `grader dist` again to include the HTML"
        ),
    }
    Ok(Status::Success)
}
