//! `grader dist`: the student template builds, grades its starter at 0 with clear
//! messages, and carries no solution code.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use super::support::{grader, kit_root, work_dir};

/// The trimmed lines of every text file below `dir` (skipping `target/` and `book/`).
fn lines_below(dir: &Path, keep: impl Fn(&Path) -> bool) -> Vec<(PathBuf, String)> {
    let mut lines = Vec::new();
    let walker = walkdir::WalkDir::new(dir).into_iter().filter_entry(|e| {
        e.file_name() != "target" && e.file_name() != "book" && e.file_name() != ".git"
    });
    for entry in walker.flatten() {
        if !entry.file_type().is_file() || !keep(entry.path()) {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(entry.path()) else {
            continue;
        };
        lines.extend(
            text.lines()
                .map(|line| (entry.path().to_path_buf(), line.trim().to_owned())),
        );
    }
    lines
}

/// Lines that the kit has only inside solution regions of `solution/src`.
fn solution_only_lines() -> HashSet<String> {
    let root = kit_root();
    let mut inside = HashSet::new();
    let mut outside = HashSet::new();
    for entry in walkdir::WalkDir::new(root.join("solution/src"))
        .into_iter()
        .flatten()
    {
        if entry.path().extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let text = std::fs::read_to_string(entry.path()).expect("a source file");
        let mut in_region = false;
        for line in text.lines().map(str::trim) {
            if line.starts_with("// BEGIN SOLUTION") {
                in_region = true;
            } else if line.starts_with("// END SOLUTION") {
                in_region = false;
            } else if in_region {
                inside.insert(line.to_owned());
            } else {
                outside.insert(line.to_owned());
            }
        }
    }
    for (_, line) in lines_below(&root, |p| !p.starts_with(root.join("solution"))) {
        outside.insert(line);
    }
    inside.retain(|line| !outside.contains(line));
    inside
}

/// Runs the template's own grader (`cargo run -p maze-grader -- ARGS [WORK_DIR]` inside
/// the template `out`), built in a target directory of its own.
fn template_grader(out: &Path, args: &[&str], work_dir: Option<&Path>) -> std::process::Output {
    std::process::Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
        .args(["run", "--locked", "-q", "-p", "maze-grader", "--"])
        .args(args)
        .args(work_dir)
        .current_dir(out)
        .env(
            "CARGO_TARGET_DIR",
            PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("dist-target"),
        )
        .env_remove("RUSTFLAGS")
        .output()
        .expect("cargo runs")
}

#[test]
#[ignore = "full tier: writes the template, then builds and grades its starter"]
fn the_student_template_grades_its_starter_at_zero_and_holds_no_solution_code() {
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("dist-template");
    let _ = std::fs::remove_dir_all(&out);
    grader()
        .args(["dist", "--min-score", "40"])
        .arg(&out)
        .assert()
        .success();

    assert!(!out.join("solution").exists());
    assert!(out.join("starter/src/lib.rs").is_file() && out.join("handout/book.toml").is_file());
    let mdbook = std::process::Command::new("mdbook")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    assert_eq!(
        out.join("handout/book/index.html").is_file(),
        mdbook,
        "the handout's HTML is in the template exactly when mdbook is installed"
    );
    let workflow =
        std::fs::read_to_string(out.join(".github/workflows/grade.yml")).expect("the workflow");
    assert!(
        workflow.contains("MIN_SCORE: \"40\"")
            && workflow.contains("GITHUB_STEP_SUMMARY")
            && workflow.contains("results.json")
    );

    let all = lines_below(&out, |_| true);
    let markers: Vec<_> = all
        .iter()
        .filter(|(_, l)| l.starts_with("// BEGIN SOLUTION") || l.starts_with("// END SOLUTION"))
        .collect();
    assert!(
        markers.is_empty(),
        "solution markers in the template: {markers:?}"
    );
    let secret = solution_only_lines();
    assert!(
        secret.len() > 50,
        "only {} solution-only lines found: is the search right?",
        secret.len()
    );
    let leaks: Vec<_> = all.iter().filter(|(_, l)| secret.contains(l)).collect();
    assert!(
        leaks.is_empty(),
        "solution lines in the template: {leaks:?}"
    );

    // No hidden check, its judge, its inputs or its data; no secret; no code that
    // computes an answer (the public checks are judged against blessed data).
    assert!(!out.join("grader/src/checks/hidden.rs").exists());
    let manifest = std::fs::read_to_string(out.join("grader/Cargo.toml")).expect("manifest");
    assert!(manifest.contains("default = []"), "{manifest}");
    let rubric = std::fs::read_to_string(out.join("fixtures/rubric.toml")).expect("rubric");
    let table: toml::Table = rubric.parse().expect("the template's rubric is TOML");
    assert!(
        table.get("grader").and_then(|g| g.get("secret")).is_none(),
        "no secret: {rubric}"
    );
    let visibilities: Vec<&str> = table["check"]
        .as_array()
        .expect("checks")
        .iter()
        .map(|check| {
            check
                .get("visibility")
                .and_then(toml::Value::as_str)
                .unwrap_or("visible")
        })
        .collect();
    assert!(
        visibilities.iter().all(|v| *v == "visible"),
        "only visible checks: {visibilities:?}"
    );
    let kit_rubric =
        std::fs::read_to_string(kit_root().join("fixtures/rubric.toml")).expect("rubric");
    assert!(
        kit_rubric.contains("visibility = \"hidden\""),
        "the kit has hidden checks to leave out"
    );
    for hidden in ["maze_matches_reference_hidden", "solve_path_unique_hidden"] {
        assert!(
            !out.join(format!("fixtures/snapshots/{hidden}.snap"))
                .exists()
        );
    }
    // Nor the blessed outputs of the secret twins: the template holds exactly the
    // visible checks' own snapshots.
    let twins: Vec<String> = std::fs::read_dir(out.join("fixtures/snapshots"))
        .expect("the template's snapshots")
        .filter_map(|entry| entry.ok())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".twin.snap"))
        .collect();
    assert!(
        twins.is_empty(),
        "twin snapshots in the template: {twins:?}"
    );
    assert!(
        kit_root()
            .join("fixtures/snapshots/direction_opposite.twin.snap")
            .is_file(),
        "the kit has twins to leave out"
    );
    let grader_code = lines_below(&out.join("grader"), |p| {
        p.extension().is_some_and(|e| e == "rs")
    });
    for answer in [
        "fn opposite(",
        "fn step(",
        "fn shortest_path",
        "fn bfs(",
        "fn dfs(",
        "\"maze_matches_reference_hidden\"",
        "\"solve_path_unique_hidden\"",
        "\"rat_bfs_hidden\"",
    ] {
        let found: Vec<_> = grader_code
            .iter()
            .filter(|(_, l)| l.contains(answer))
            .collect();
        assert!(
            found.is_empty(),
            "the template's grader holds {answer:?}: {found:?}"
        );
    }
    assert!(out.join("fixtures/stubs/src/lib.rs").is_file());

    // The student README's grading command, run inside the template.
    let output = template_grader(
        &out,
        &["grade", "starter", "--format", "json", "--work-dir"],
        Some(&work_dir()),
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("a JSON report");
    assert_eq!(report["score"].as_f64(), Some(0.0));
    assert_eq!(report["twins"], false, "no secret, so no twin is asked");
    // The template's grader reads the code with clippy too, as the course's rubric
    // (its [style] table, kept in the template) says.
    assert_eq!(report["style"]["checked"], true, "{}", report["style"]);
    assert_eq!(report["style"]["findings"], serde_json::json!([]));
    let rubric: toml::Table = toml::from_str(
        &std::fs::read_to_string(out.join("fixtures/rubric.toml")).expect("the rubric"),
    )
    .expect("the template's rubric parses");
    assert!(rubric.contains_key("style"), "{rubric:?}");
    // The student reads that the course's grading asks more.
    let human = template_grader(
        &out,
        &[
            "grade",
            "--check",
            "direction_opposite",
            "starter",
            "--work-dir",
        ],
        Some(&work_dir()),
    );
    let human = String::from_utf8_lossy(&human.stdout);
    assert!(
        human.contains("the course's grading also asks each check on inputs it keeps private"),
        "{human}"
    );

    // The template's grader is the student's: grade and watch, no instructor command.
    let help = template_grader(&out, &["--help"], None);
    let help = String::from_utf8_lossy(&help.stdout);
    let commands: Vec<&str> = help
        .lines()
        .skip_while(|line| *line != "Commands:")
        .skip(1)
        .take_while(|line| !line.is_empty())
        .filter_map(|line| line.split_whitespace().next())
        .collect();
    assert_eq!(commands, ["grade", "watch", "help"], "{help}");
    for module in [
        "commands/mutants",
        "commands/gradescope",
        "commands/grade_all",
        "gradescope",
        "sandbox/tests",
    ] {
        assert!(
            !out.join(format!("grader/src/{module}.rs")).exists(),
            "{module}"
        );
        assert!(
            !out.join(format!("grader/src/{module}")).exists(),
            "{module}"
        );
    }
    for check in report["checks"].as_array().expect("checks") {
        let message = check["message"].as_str().unwrap_or_default();
        assert!(
            message.starts_with("not implemented: ") && message.contains("(handout §"),
            "{check}"
        );
    }

    // A correct submission gets every public point from the template's grader alone.
    let starter_src = out.join("starter/src");
    std::fs::remove_dir_all(&starter_src).expect("removing the starter's src");
    for entry in walkdir::WalkDir::new(kit_root().join("solution/src")) {
        let entry = entry.expect("reading solution/src");
        let target = starter_src.join(
            entry
                .path()
                .strip_prefix(kit_root().join("solution/src"))
                .expect("below src"),
        );
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target).expect("a directory");
        } else {
            std::fs::copy(entry.path(), &target).expect("a file");
        }
    }
    let output = template_grader(
        &out,
        &["grade", "starter", "--format", "json", "--work-dir"],
        Some(&work_dir()),
    );
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("a JSON report");
    assert_eq!(report["score"], report["max_score"], "{report:#}");
}
