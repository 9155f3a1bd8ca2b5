//! `grader dist` and `grader publish-grader`: the student template builds, grades its
//! starter at 0 with clear messages, reads whole without mdBook, carries nothing the
//! course keeps private, and its workflow grades with the course's grader whatever the
//! student's repository holds.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use super::support::{
    DiscardsBuilds, grader, kit_root, kit_rubric, private_checks, says_what_is_not_written,
    turned_off, work_dir,
};

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

/// The target directory every build of a template's (or the course's) grader shares.
fn dist_target() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("dist-target")
}

/// Runs the template's own grader (`cargo run -p maze-grader -- ARGS [WORK_DIR]` inside
/// the template `out`), built in a target directory of its own.
fn template_grader(out: &Path, args: &[&str], work_dir: Option<&Path>) -> std::process::Output {
    std::process::Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
        .args(["run", "--locked", "-q", "-p", "maze-grader", "--"])
        .args(args)
        .args(work_dir)
        .current_dir(out)
        .env("CARGO_TARGET_DIR", dist_target())
        .env_remove("RUSTFLAGS")
        .output()
        .expect("cargo runs")
}

#[test]
#[ignore = "full tier: writes the template, then builds and grades its starter"]
fn the_student_template_grades_its_starter_at_zero_and_holds_no_solution_code() {
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("dist-template");
    let _ = std::fs::remove_dir_all(&out);
    let _builds = DiscardsBuilds(out.join("starter"));
    grader()
        .args(["dist", "--feedback-only", "--min-score", "40"])
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
    assert!(
        manifest.contains("default = [\"part2\", \"part5\"]"),
        "{manifest}"
    );
    let rubric = std::fs::read_to_string(out.join("fixtures/rubric.toml")).expect("rubric");
    let table: toml::Table = rubric.parse().expect("the template's rubric is TOML");
    assert!(
        table.get("grader").and_then(|g| g.get("secret")).is_none(),
        "no secret: {rubric}"
    );
    // The course's changes to its checks stay in the template's rubric only for the
    // visible checks the template grades.
    let private = private_checks();
    let changed_private: Vec<&str> = table
        .get("check")
        .and_then(toml::Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|check| check.get("name")?.as_str())
        .filter(|name| private.iter().any(|p| p == name))
        .collect();
    assert!(
        changed_private.is_empty(),
        "no private check: {changed_private:?}"
    );
    assert!(
        !private.is_empty(),
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
    // A student who builds the template's grader sees no warning from it (cargo replays
    // a built crate's warnings on every run, so this holds whichever run built it).
    let stderr = String::from_utf8_lossy(&output.stderr);
    let warnings: Vec<&str> = stderr
        .lines()
        .filter(|line| line.starts_with("warning"))
        .collect();
    assert!(warnings.is_empty(), "{stderr}");
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("a JSON report");
    assert_eq!(report["score"].as_f64(), Some(0.0));
    assert_eq!(report["twins"], false, "no secret, so no twin is asked");
    // The template's grader reads the code with clippy too, as the course's rubric
    // (its [style] table, kept in the template) says: once every check passes, or
    // with --style, as the template's workflow grades.
    assert_eq!(
        report["style"]["note"],
        "not read yet: clippy reads your code once every check passes (add --style to read it now)"
    );
    let styled = template_grader(
        &out,
        &[
            "grade",
            "starter",
            "--style",
            "--format",
            "json",
            "--work-dir",
        ],
        Some(&work_dir()),
    );
    let styled: serde_json::Value = serde_json::from_slice(&styled.stdout).expect("a JSON report");
    assert_eq!(styled["style"]["checked"], true, "{}", styled["style"]);
    assert_eq!(styled["style"]["findings"], serde_json::json!([]));
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

    // The template's grader is the student's: grade, watch and rubric, no instructor command.
    let help = template_grader(&out, &["--help"], None);
    let help = String::from_utf8_lossy(&help.stdout);
    let commands: Vec<&str> = help
        .lines()
        .skip_while(|line| *line != "Commands:")
        .skip(1)
        .take_while(|line| !line.is_empty())
        .filter_map(|line| line.split_whitespace().next())
        .collect();
    assert_eq!(commands, ["grade", "watch", "rubric", "help"], "{help}");
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
        assert!(says_what_is_not_written(message), "{check}");
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

#[test]
fn dist_without_the_courses_grader_refuses_in_one_line_naming_the_fix() {
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("dist-refused");
    let _ = std::fs::remove_dir_all(&out);
    let output = grader()
        .arg("dist")
        .arg(&out)
        .output()
        .expect("the grader runs");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    for fix in [
        "the student's own repository",
        "grader publish-grader OUT",
        "--grader-repo OWNER/NAME --grader-rev SHA",
        "--feedback-only",
    ] {
        assert!(stderr.contains(fix), "{fix}: {stderr}");
    }
    assert!(!out.exists(), "nothing is written");
}

/// Lines only the course's private snapshots have (its hidden checks' and the secret
/// twins' blessed inputs and outputs): their `description: input …` digests and every
/// line of 24 characters or more that no visible check's snapshot has.
fn private_snapshot_lines() -> HashSet<String> {
    let hidden = private_checks();
    let mut private = HashSet::new();
    let mut public = HashSet::new();
    for entry in std::fs::read_dir(kit_root().join("fixtures/snapshots")).expect("snapshots") {
        let path = entry.expect("a snapshot").path();
        let name = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let Some(check) = name.strip_suffix(".snap") else {
            continue;
        };
        let text = std::fs::read_to_string(&path).expect("a snapshot");
        let secret = check.ends_with(".twin") || hidden.iter().any(|h| h == check);
        for line in text.lines().map(str::trim) {
            if secret && (line.starts_with("description: input ") || line.len() >= 24) {
                private.insert(line.to_owned());
            } else if !secret {
                public.insert(line.to_owned());
            }
        }
    }
    private.retain(|line| !public.contains(line));
    private
}

/// Everything in `dir` (a template, or the course's grader repository) that the
/// course keeps private or that would not read without mdBook: a leftover include, the
/// secret, a hidden check's name, a private snapshot's file or lines, the reference's
/// code (lines that only its solution regions have, or a marker), the reference's
/// package name. The handout's prose is left out of the last search only: its figure
/// captions say which of the reference's commands drew each figure (the handout's
/// own tests hold those captions to commands that run in the template).
fn private_findings(dir: &Path) -> Vec<String> {
    let secret = kit_rubric()["grader"]["secret"]
        .as_str()
        .expect("the kit has a secret")
        .to_owned();
    let hidden = private_checks();
    let snapshot_lines = private_snapshot_lines();
    let solution = solution_only_lines();
    let mut found = Vec::new();
    let walker = walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_entry(|e| e.file_name() != "target" && e.file_name() != ".git");
    for entry in walker.flatten().filter(|e| e.file_type().is_file()) {
        let relative = entry
            .path()
            .strip_prefix(dir)
            .expect("below dir")
            .to_path_buf();
        let name = relative.to_string_lossy().into_owned();
        if name.ends_with(".twin.snap")
            || hidden.iter().any(|h| name.ends_with(&format!("/{h}.snap")))
        {
            found.push(format!("{name}: a private snapshot"));
        }
        let Ok(text) = std::fs::read_to_string(entry.path()) else {
            continue;
        };
        let prose = relative.starts_with("handout") && !name.ends_with(".rs");
        let mut say = |what: String| found.push(format!("{name}: {what}"));
        if text.contains("{{#include") {
            say("an include left unexpanded".to_owned());
        }
        if text.contains(&secret) {
            say("the course's secret".to_owned());
        }
        for check in &hidden {
            if text.contains(check.as_str()) {
                say(format!("the hidden check {check}"));
            }
        }
        if !prose && text.contains("maze-solution") {
            say("the reference's package name, maze-solution".to_owned());
        }
        for line in text.lines().map(str::trim) {
            if snapshot_lines.contains(line) {
                say(format!("a private snapshot's line {line:?}"));
            }
            if solution.contains(line) {
                say(format!("the reference's line {line:?}"));
            }
            if line.starts_with("// BEGIN SOLUTION") || line.starts_with("// END SOLUTION") {
                say("a solution marker".to_owned());
            }
        }
    }
    found
}

/// A copy of the kit in `into` whose rubric turns `part` off.
fn kit_with_part_off(into: &Path, part: &str) {
    kit_with_parts_off(into, &[part]);
}

/// A copy of the kit in `into` whose rubric turns each of `parts` off.
fn kit_with_parts_off(into: &Path, parts: &[&str]) {
    let _ = std::fs::remove_dir_all(into);
    for entry in walkdir::WalkDir::new(kit_root())
        .into_iter()
        .filter_entry(|e| {
            let below = e.path().strip_prefix(kit_root()).unwrap_or(e.path());
            !["target", "book", "node_modules", ".git"]
                .iter()
                .any(|n| e.file_name() == *n)
                && !below.starts_with("grader/tests")
                && !below.starts_with("docs")
                && !below.starts_with("recipes")
        })
    {
        let entry = entry.expect("reading the kit");
        let to = into.join(
            entry
                .path()
                .strip_prefix(kit_root())
                .expect("below the kit"),
        );
        // A link (the guide's theme is one to the handout's) is left out: dist reads
        // no file of the guide.
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&to).expect("a directory");
        } else if entry.file_type().is_file() {
            std::fs::copy(entry.path(), &to).expect("a file");
        }
    }
    let mut rubric = std::fs::read_to_string(into.join("fixtures/rubric.toml")).expect("rubric");
    for part in parts {
        let marker = format!("id = \"{part}\"\n");
        assert!(rubric.contains(&marker), "no {part} in the rubric");
        rubric = turned_off(&rubric, &marker);
    }
    std::fs::write(into.join("fixtures/rubric.toml"), rubric).expect("writing the rubric");
}

/// The text of every HTML page below `book` (tags and the search index's name left
/// out), by file name.
fn pages(book: &Path) -> Vec<(String, String)> {
    let mut pages: Vec<(String, String)> = std::fs::read_dir(book)
        .expect("a built book")
        .filter_map(|entry| entry.ok())
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "html"))
        .map(|path| {
            let html = std::fs::read_to_string(&path).expect("a page");
            let text: String = html
                .lines()
                .filter(|line| !line.contains("searchindex"))
                .collect::<Vec<_>>()
                .join("\n");
            (
                path.file_name()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned(),
                text,
            )
        })
        .collect();
    pages.sort();
    pages
}

#[test]
fn the_template_and_the_courses_grader_hold_no_include_and_nothing_the_course_keeps_private() {
    // The search can fail: the kit has each kind of thing it looks for.
    let hidden = private_checks();
    assert!(hidden.len() >= 3, "{hidden:?}");
    assert!(private_snapshot_lines().len() > 100);
    assert!(solution_only_lines().len() > 50);
    let includes = walkdir::WalkDir::new(kit_root().join("handout/src"))
        .into_iter()
        .flatten()
        .filter(|e| std::fs::read_to_string(e.path()).is_ok_and(|text| text.contains("{{#include")))
        .count();
    assert!(includes > 20, "the handout has includes to expand");
    let kit_findings = private_findings(&kit_root().join("fixtures"));
    assert!(
        kit_findings
            .iter()
            .any(|f| f.contains("a private snapshot")),
        "the search finds the kit's own private snapshots"
    );

    let scratch = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("dist-private");
    let _ = std::fs::remove_dir_all(&scratch);
    let template = scratch.join("template");
    grader()
        .args(["dist", "--feedback-only"])
        .arg(&template)
        .assert()
        .success();
    let course = scratch.join("course");
    grader()
        .arg("publish-grader")
        .arg(&course)
        .assert()
        .success();
    // A course that does not assign Part 5 hands out its stubs, marked.
    let kit = scratch.join("kit-without-part-5");
    kit_with_part_off(&kit, "part5");
    let without = scratch.join("template-without-part-5");
    grader()
        .args(["dist", "--feedback-only", "--kit"])
        .arg(&kit)
        .arg(&without)
        .assert()
        .success();
    let search = std::fs::read_to_string(without.join("starter/src/arrows/search.rs"))
        .expect("the arrows' search");
    assert!(
        search.contains("solve is not assigned in this course (Part 5: arrow mazes)"),
        "{search}"
    );

    for dir in [&template, &course, &without] {
        let found = private_findings(dir);
        assert!(found.is_empty(), "{}: {found:#?}", dir.display());
    }
    assert!(!course.join("handout").exists() && !course.join(".github").exists());
    assert!(course.join("grader/src/main.rs").is_file());

    // The chapters read whole without mdBook, and mdBook still makes the same book of
    // them: each page's text is the kit's.
    let position =
        std::fs::read_to_string(template.join("handout/src/03-position.md")).expect("a chapter");
    assert!(position.contains("pub struct Position {"), "{position}");
    assert!(!template.join("handout/src/figures/README.md").exists());
    assert!(!template.join("handout/figures.sh").exists());
    let readme = std::fs::read_to_string(template.join("handout/README.md")).expect("README");
    assert!(
        readme.contains("On GitHub") && !readme.contains("figures.sh"),
        "{readme}"
    );
    let mdbook = std::process::Command::new("mdbook")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if mdbook {
        let kit_book = scratch.join("kit-book");
        let built = std::process::Command::new("mdbook")
            .arg("build")
            .arg(kit_root().join("handout"))
            .arg("--dest-dir")
            .arg(&kit_book)
            .output()
            .expect("mdbook runs");
        assert!(built.status.success());
        // Every page, the print page included: no chapter indents an include
        // (handout/check.sh refuses one, which mdBook 0.5.4 renders cut short).
        let compared = |book: &Path| pages(book);
        let (ours, kits) = (
            compared(&template.join("handout/book")),
            compared(&kit_book),
        );
        assert_eq!(ours.len(), kits.len());
        assert!(ours.len() > 20, "{} pages compared", ours.len());
        for ((name, ours), (_, kits)) in ours.iter().zip(&kits) {
            let differing = ours.lines().zip(kits.lines()).find(|(a, b)| a != b);
            assert!(
                ours == kits,
                "{name} differs from the kit's book: {differing:?}"
            );
        }
    }
}

mod left_out;
mod pull_request;
