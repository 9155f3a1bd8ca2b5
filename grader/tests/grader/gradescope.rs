//! The Gradescope package: `run_autograder` from the zip, under a temporary
//! `AUTOGRADER_ROOT`, on a student's repository.

use std::path::PathBuf;

use std::collections::BTreeSet;

use super::support::{Submission, graded_checks, grader, kit_root, kit_rubric, number, work_dir};

/// The lines only the reference solution has: inside its `BEGIN SOLUTION` regions,
/// long enough to be its own (not a brace or a `return`), and nowhere in the starter
/// crate (its sources, tests and benches).
fn solution_only_lines() -> BTreeSet<String> {
    let mut starter = BTreeSet::new();
    let mut solution = BTreeSet::new();
    for (crate_dir, lines) in [("starter", &mut starter), ("solution", &mut solution)] {
        for entry in walkdir::WalkDir::new(kit_root().join(crate_dir))
            .into_iter()
            .filter_entry(|entry| entry.file_name() != "target")
        {
            let entry = entry.expect("reading the kit");
            if entry.path().extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let text = std::fs::read_to_string(entry.path()).expect("a source file");
            let mut inside = crate_dir == "starter";
            for line in text.lines() {
                let line = line.trim();
                if line.starts_with("// BEGIN SOLUTION") {
                    inside = true;
                } else if line.starts_with("// END SOLUTION") {
                    inside = crate_dir == "starter";
                } else if inside && line.len() >= 24 {
                    lines.insert(line.to_owned());
                }
            }
        }
    }
    solution.difference(&starter).cloned().collect()
}

#[cfg(unix)]
#[test]
#[ignore = "full tier: builds the Gradescope package and grades a repository through it"]
fn run_autograder_from_the_zip_grades_a_repository_into_results_json_with_no_solution_line_in_the_zip()
 {
    use std::os::unix::fs::PermissionsExt as _;

    let root = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("autograder");
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&root).expect("creating the root");
    let zip_path = root.join("autograder.zip");
    grader().arg("gradescope").arg(&zip_path).assert().success();

    // Unpack as Gradescope does, into source/.
    let source = root.join("source");
    let mut archive =
        zip::ZipArchive::new(std::fs::File::open(&zip_path).expect("the zip")).expect("a zip");
    let names: Vec<String> = archive
        .file_names()
        .filter_map(|name| name.ok().map(|n| n.into_owned()))
        .collect();
    assert!(names.iter().any(|n| n == "setup.sh"));
    assert!(names.iter().any(|n| n == "run_autograder"));
    assert!(
        names.iter().any(|n| n == "grader/src/checks/hidden.rs"),
        "the course's hidden checks are in the course's package"
    );
    assert!(
        !names
            .iter()
            .any(|n| n.starts_with("solution/") || n.starts_with("grader/tests/")),
        "no reference solution and no kit tests: {names:?}"
    );
    assert!(
        !names.iter().any(|n| n == "fixtures/mutants.md"),
        "the mutation report quotes the solution"
    );
    let solution_lines = solution_only_lines();
    assert!(solution_lines.len() > 100, "{}", solution_lines.len());
    for index in 0..archive.len() {
        let mut file = archive.by_index(index).expect("a file of the zip");
        let mut text = String::new();
        if std::io::Read::read_to_string(&mut file, &mut text).is_err() {
            continue;
        }
        for line in text.lines() {
            assert!(
                !solution_lines.contains(line.trim()),
                "{:?} holds a line of the reference solution: {line}",
                file.name()
            );
        }
    }
    archive.extract(&source).expect("unpacking");
    let mode = std::fs::metadata(source.join("run_autograder"))
        .expect("run_autograder")
        .permissions()
        .mode();
    assert_eq!(mode & 0o111, 0o111, "run_autograder is executable");

    // What setup.sh would build: the grader, at the path run_autograder runs.
    let release = source.join("target/release");
    std::fs::create_dir_all(&release).expect("creating target/release");
    std::fs::copy(env!("CARGO_BIN_EXE_grader"), release.join("grader")).expect("copying");

    // A student's repository, uploaded whole: the crate is in starter/.
    let defect = Submission::from_solution("gradescope-upload").replace(
        "position.rs",
        "write!(f, \"({}, {})\", self.x, self.y)",
        "write!(f, \"{}, {}\", self.x, self.y)",
    );
    let upload = root.join("submission/starter");
    std::fs::create_dir_all(upload.join("src")).expect("creating the upload");
    for entry in walkdir::WalkDir::new(defect.dir.join("src")) {
        let entry = entry.expect("reading");
        let target = upload.join("src").join(
            entry
                .path()
                .strip_prefix(defect.dir.join("src"))
                .expect("below src"),
        );
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target).expect("creating");
        } else {
            std::fs::copy(entry.path(), &target).expect("copying");
        }
    }

    let output = std::process::Command::new("bash")
        .arg(source.join("run_autograder"))
        .env("AUTOGRADER_ROOT", &root)
        .env("MAZE_GRADER_WORK_DIR", work_dir())
        .env("MAZE_GRADER_SANDBOX", "auto")
        .env("NO_COLOR", "1")
        // Run by hand, where Rust lives wherever rustup put it: run_autograder uses
        // it, and falls back to /usr/local (Gradescope's image) only without one.
        .env_remove("RUSTUP_HOME")
        .env_remove("CARGO_HOME")
        .output()
        .expect("running run_autograder");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let results: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(root.join("results/results.json")).expect("results.json"),
    )
    .expect("results.json is JSON");
    let tests = results["tests"].as_array().expect("tests");
    let display = tests
        .iter()
        .find(|t| {
            t["name"]
                .as_str()
                .is_some_and(|n| n.contains("position_display"))
        })
        .expect("the display check");
    assert_eq!(display["score"].as_f64(), Some(0.0), "{display}");
    let score = results["score"].as_f64().expect("a score");
    let max: f64 = tests.iter().filter_map(|t| t["max_score"].as_f64()).sum();
    assert!(score > 0.0 && score < max, "{score} of {max}");
    assert!(
        tests.iter().any(|t| t["visibility"] != "visible"),
        "hidden checks are graded by the course's package"
    );
}

/// The rubric's total as the kit ships it: every check's points, and `[style]`'s.
fn shipped_total() -> f64 {
    let rubric = kit_rubric();
    let checks: f64 = graded_checks()
        .iter()
        .map(|check| number(&check["points"]).expect("points"))
        .sum();
    let style = rubric
        .get("style")
        .filter(|s| s.get("enabled").and_then(toml::Value::as_bool) != Some(false))
        .and_then(|s| s.get("points"))
        .and_then(number)
        .unwrap_or(0.0);
    checks + style
}

#[test]
fn gradescope_prints_the_total_to_type_into_gradescope_and_ships_no_benchmark() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("gradescope-total");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("creating a folder");
    let zip_path = dir.join("autograder.zip");
    let output = grader()
        .arg("gradescope")
        .arg(&zip_path)
        .output()
        .expect("running the grader");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    let total = stdout
        .lines()
        .find_map(|l| l.strip_prefix("Autograder points: "))
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse::<f64>().ok());
    assert_eq!(total, Some(shipped_total()), "{stdout}");
    let archive =
        zip::ZipArchive::new(std::fs::File::open(&zip_path).expect("the zip")).expect("a zip");
    let benches: Vec<String> = archive
        .file_names()
        .filter_map(|name| name.ok().map(|n| n.into_owned()))
        .filter(|n| n.starts_with("grader/bench/"))
        .collect();
    assert!(
        benches.is_empty(),
        "the maintainers' benchmarks: {benches:?}"
    );
}

#[cfg(unix)]
#[test]
#[ignore = "full tier: grades a submission through the zip's run_autograder"]
fn try_runs_the_zips_run_autograder_on_a_submission_laid_out_as_gradescope_does() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("gradescope-try");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("creating a folder");
    let defect = Submission::from_solution("gradescope-try").replace(
        "position.rs",
        "write!(f, \"({}, {})\", self.x, self.y)",
        "write!(f, \"{}, {}\", self.x, self.y)",
    );
    let output = grader()
        .arg("gradescope")
        .arg(dir.join("mazes.zip"))
        .arg("--try")
        .arg(&defect.dir)
        .args(["--sandbox", "auto", "--work-dir"])
        .arg(work_dir())
        .output()
        .expect("running the grader");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    // Laid out as Gradescope's /autograder: the zip in source/, the upload in
    // submission/, and results.json where run_autograder writes it.
    let root = dir.join("mazes-try");
    assert!(root.join("source/run_autograder").is_file());
    assert!(root.join("submission/src/position.rs").is_file());
    let results: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(root.join("results/results.json")).expect("results.json"),
    )
    .expect("JSON");
    let score = results["score"].as_f64().expect("a score");
    let line = stdout
        .lines()
        .find(|l| l.starts_with("tried: "))
        .expect("the try's line");
    assert!(
        line.starts_with(&format!(
            "tried: run_autograder graded {} as Gradescope would: {}/{} (Sandbox: ",
            defect.dir.display(),
            score,
            shipped_total()
        )),
        "{line}"
    );
    assert!(score < shipped_total(), "the display check fails: {line}");
}
