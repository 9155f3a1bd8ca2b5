//! `grader gradescope OUT.zip [--try SUBMISSION]`: writes the Gradescope autograder
//! package, says the total to type into Gradescope, and tries the zip before it is
//! uploaded.
//!
//! The try runs what Gradescope runs, from the zip itself: the zip is unpacked into
//! `source/` of a folder laid out as Gradescope's `/autograder` (`AUTOGRADER_ROOT`),
//! the submission goes into `submission/` as Gradescope puts a student's upload,
//! and the zip's `run_autograder` writes `results/results.json`. Only `setup.sh` is
//! not run (it installs Rust and builds the grader on Gradescope's image): the
//! grader running the try stands in for the one it would build
//! (`MAZE_GRADER_BIN`), and the kit's work dir, whose shared dependencies are
//! built, stands in for the image's. So the try grades with the zip's rubric,
//! secret, blessed outputs and scripts, and a kit that cannot grade (a missing
//! snapshot, a broken script) shows here rather than on Gradescope.

use std::path::{Path, PathBuf};

use anyhow::{Context as _, bail};

use crate::Status;
use crate::cli::GradescopeArgs;
use crate::gradescope;
use crate::kit::Kit;
use crate::rubric::points;
use crate::sandbox::Mode;

/// Writes the package, and tries it when asked.
pub fn run(args: &GradescopeArgs) -> anyhow::Result<Status> {
    let kit = Kit::locate(args.kit.as_deref())?;
    // The package carries the snapshots: none may be another secret's.
    let stale = super::bless::drawn_elsewhere(&kit)?;
    if !stale.is_empty() {
        anyhow::bail!("{}", super::bless::drawn_elsewhere_line(&stale));
    }
    let rubric = crate::rubric::load(&kit.rubric())?;
    let files = gradescope::files(&kit)?;
    gradescope::write_zip(&args.out, &files)?;
    println!(
        "wrote the Gradescope autograder ({} files) to {}: upload it as the assignment's autograder, and keep it private (it holds the hidden checks)",
        files.len(),
        args.out.display()
    );
    println!("{}", gradescope::total_line(&rubric));
    let Some(submission) = &args.try_on else {
        return Ok(Status::Success);
    };
    let root = try_root(&args.out);
    let work_dir = args
        .work_dir
        .clone()
        .unwrap_or_else(|| kit.default_work_dir());
    let results = try_zip(&args.out, submission, &root, &work_dir, args.sandbox)?;
    let text = std::fs::read_to_string(&results)
        .with_context(|| format!("reading {}", results.display()))?;
    let value: serde_json::Value = serde_json::from_str(&text)
        .with_context(|| format!("{} is not JSON", results.display()))?;
    let (score, max) = scores(&value);
    if value["extra_data"]["autograder_error"] == true {
        println!(
            "tried: run_autograder could not grade {} (\"{}\": {}); see {}",
            submission.display(),
            crate::report::gradescope::NOT_GRADED,
            value["output"]
                .as_str()
                .unwrap_or_default()
                .lines()
                .rfind(|l| !l.trim().is_empty())
                .unwrap_or_default(),
            results.display()
        );
        return Ok(Status::CheckFailed);
    }
    let sandbox = value["output"]
        .as_str()
        .and_then(|o| o.lines().next())
        .unwrap_or_default();
    println!(
        "tried: run_autograder graded {} as Gradescope would: {}/{} ({sandbox}); see {}",
        submission.display(),
        points(score),
        points(max),
        results.display()
    );
    Ok(Status::Success)
}

/// Where the try of `out` is laid out: beside it, `NAME-try/` for `NAME.zip`.
fn try_root(out: &Path) -> PathBuf {
    let stem = out
        .file_stem()
        .map_or_else(|| "gradescope".into(), |s| s.to_string_lossy().into_owned());
    out.with_file_name(format!("{stem}-try"))
}

/// A results.json's score and the sum of its tests' `max_score`.
fn scores(results: &serde_json::Value) -> (f64, f64) {
    let score = results["score"].as_f64().unwrap_or(0.0);
    let max = results["tests"]
        .as_array()
        .map(|tests| tests.iter().filter_map(|t| t["max_score"].as_f64()).sum())
        .unwrap_or(0.0);
    (score, max)
}

/// Lays out `root` as Gradescope's `/autograder` (the zip at `zip` in `source/`,
/// `submission` in `submission/`), runs the zip's `run_autograder` there, and
/// returns the path of the results.json it wrote.
fn try_zip(
    zip: &Path,
    submission: &Path,
    root: &Path,
    work_dir: &Path,
    sandbox: Mode,
) -> anyhow::Result<PathBuf> {
    if !submission.exists() {
        bail!(
            "the submission {} to try does not exist (give a folder or a .zip, as a student uploads it)",
            submission.display()
        );
    }
    if root.exists() {
        std::fs::remove_dir_all(root)
            .with_context(|| format!("removing the last try, {}", root.display()))?;
    }
    unzip(zip, &root.join("source"))?;
    let upload = root.join("submission");
    if submission.is_dir() {
        copy_upload(submission, &upload)?;
    } else if submission
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("zip"))
    {
        // Gradescope unpacks an uploaded zip into the submission folder.
        unzip(submission, &upload)?;
    } else {
        bail!(
            "the submission {} to try is neither a folder nor a .zip (what a student uploads)",
            submission.display()
        );
    }
    let grader = std::env::current_exe().context("finding the grader's own path")?;
    let status = std::process::Command::new("bash")
        .arg(root.join("source/run_autograder"))
        .current_dir(root)
        .env("AUTOGRADER_ROOT", root)
        .env("MAZE_GRADER_BIN", &grader)
        .env("MAZE_GRADER_WORK_DIR", work_dir)
        .env("MAZE_GRADER_SANDBOX", mode_name(sandbox))
        .status()
        .context("running bash (run_autograder is a bash script)")?;
    let results = root.join("results/results.json");
    if !status.success() || !results.is_file() {
        bail!(
            "run_autograder from {} ended with {status} without writing {}",
            zip.display(),
            results.display()
        );
    }
    Ok(results)
}

/// `MAZE_GRADER_SANDBOX`'s value for `mode`.
fn mode_name(mode: Mode) -> &'static str {
    match mode {
        Mode::Auto => "auto",
        Mode::Required => "required",
        Mode::Off => "off",
    }
}

/// Unpacks the zip at `zip` into `into`, keeping each file's Unix mode (the
/// scripts' executable bit), as Gradescope does.
fn unzip(zip: &Path, into: &Path) -> anyhow::Result<()> {
    let file = std::fs::File::open(zip).with_context(|| format!("opening {}", zip.display()))?;
    let mut archive = zip::ZipArchive::new(file)
        .with_context(|| format!("{} is not a zip file", zip.display()))?;
    archive
        .extract(into)
        .with_context(|| format!("unpacking {} into {}", zip.display(), into.display()))
}

/// Copies a submission folder as a student would upload it: its files, without
/// build output (`target/`) or version control (`.git/`); a symbolic link is copied
/// as the link it is, for the grader to refuse as it would on Gradescope.
fn copy_upload(from: &Path, to: &Path) -> anyhow::Result<()> {
    let walker = walkdir::WalkDir::new(from).into_iter().filter_entry(|e| {
        e.depth() == 0
            || !(e.file_type().is_dir() && (e.file_name() == "target" || e.file_name() == ".git"))
    });
    for entry in walker {
        let entry = entry.with_context(|| format!("reading {}", from.display()))?;
        let target = to.join(entry.path().strip_prefix(from)?);
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target)
                .with_context(|| format!("creating {}", target.display()))?;
        } else if entry.file_type().is_symlink() {
            #[cfg(unix)]
            std::os::unix::fs::symlink(std::fs::read_link(entry.path())?, &target)
                .with_context(|| format!("copying the link {}", entry.path().display()))?;
        } else {
            std::fs::copy(entry.path(), &target)
                .with_context(|| format!("copying {}", entry.path().display()))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_try_of_a_zip_is_laid_out_beside_it() {
        assert_eq!(
            try_root(Path::new("../course/mazes.zip")),
            Path::new("../course/mazes-try")
        );
    }
}
