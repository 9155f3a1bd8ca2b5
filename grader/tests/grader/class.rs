//! A whole class at once: `grader grade-all` on a folder of real submissions.

use std::path::{Path, PathBuf};

use super::support::{Submission, grade_dir, grader, work_dir};

/// Copies the crate `from` to `to`.
fn copy_crate(from: &Path, to: &Path) {
    for entry in walkdir::WalkDir::new(from) {
        let entry = entry.expect("reading a submission");
        let target = to.join(entry.path().strip_prefix(from).expect("below the crate"));
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target).expect("creating a directory");
        } else {
            std::fs::copy(entry.path(), &target).expect("copying a file");
        }
    }
}

/// A class folder: the solution, the starter, a repository root with a defective
/// crate in `starter/`, a crate with another defect, and a folder of notes.
fn class_folder() -> PathBuf {
    let class = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("class");
    let _ = std::fs::remove_dir_all(&class);
    copy_crate(
        &Submission::from_solution("class-alice").dir,
        &class.join("alice"),
    );
    copy_crate(
        &Submission::from_starter("class-bob").dir,
        &class.join("bob"),
    );
    let bfs_order = Submission::from_solution("class-carol").replace(
        "rat/search.rs",
        "        for next in maze.neighbors(room) {\n            if !marked[next] {\n                queue.enqueue(next);",
        "        for next in maze.neighbors(room).into_iter().rev() {\n            if !marked[next] {\n                queue.enqueue(next);",
    );
    copy_crate(&bfs_order.dir, &class.join("carol/starter"));
    std::fs::write(class.join("carol/README.md"), "my repository").expect("writing");
    let display = Submission::from_solution("class-dave").replace(
        "position.rs",
        "write!(f, \"({}, {})\", self.x, self.y)",
        "write!(f, \"[{}, {}]\", self.x, self.y)",
    );
    copy_crate(&display.dir, &class.join("dave"));
    std::fs::create_dir_all(class.join("erin")).expect("creating a folder");
    std::fs::write(class.join("erin/notes.txt"), "nothing to grade").expect("writing");
    // What a Gradescope export has beside the submissions.
    std::fs::write(class.join("submission_metadata.yml"), "{}\n").expect("writing");
    class
}

fn grade_all(class: &Path, out: &Path) -> String {
    let output = grader()
        .args([
            "grade-all",
            "--sandbox",
            "auto",
            "--jobs",
            "2",
            "--work-dir",
        ])
        .arg(work_dir())
        .arg(class)
        .arg("--output-dir")
        .arg(out)
        .output()
        .expect("running the grader");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
#[ignore = "full tier: grades a class of submissions with grade-all, twice"]
fn a_class_is_graded_as_each_submission_alone_and_regraded_only_where_changed() {
    let class = class_folder();
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("class-grades");
    let _ = std::fs::remove_dir_all(&out);
    let stdout = grade_all(&class, &out);
    assert!(
        stdout.starts_with("graded 4 of 5 entries (0 unchanged since the last run, 1 without a submission, 0 refused, 0 the grader could not grade)"),
        "{stdout}"
    );
    // Each submission's build (some 160 MB) is gone once it is graded.
    let builds: Vec<String> = std::fs::read_dir(work_dir().join("targets"))
        .map(|dir| {
            dir.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|name| name.starts_with("alice-") || name.starts_with("dave-"))
                .collect()
        })
        .unwrap_or_default();
    assert!(builds.is_empty(), "builds left behind: {builds:?}");

    let mut reader = csv::Reader::from_path(out.join("grades.csv")).expect("grades.csv");
    let header = reader.headers().expect("a header").clone();
    let rows: Vec<csv::StringRecord> = reader.records().map(|r| r.expect("a row")).collect();
    let names: Vec<&str> = rows.iter().map(|r| &r[0]).collect();
    assert_eq!(names, ["alice", "bob", "carol", "dave", "erin"]);

    // Each graded row says what grading that folder alone says, check by check.
    for row in rows.iter().filter(|r| &r[1] == "graded") {
        let folder = class.join(&row[0]);
        let (code, json) = grade_dir(&folder, "json");
        assert_eq!(code, 0, "{json}");
        let report: serde_json::Value = serde_json::from_str(&json).expect("a JSON report");
        assert_eq!(
            row[2].parse::<f64>().ok(),
            report["score"].as_f64(),
            "{}",
            &row[0]
        );
        for check in report["checks"].as_array().expect("checks") {
            let column = header
                .iter()
                .position(|h| check["name"] == h)
                .expect("a column per check");
            assert_eq!(
                row[column].parse::<f64>().ok(),
                check["score"].as_f64(),
                "{} {}",
                &row[0],
                check["name"]
            );
        }
        assert!(out.join(&row[0]).join("report.md").is_file());
        assert!(out.join(&row[0]).join("results.json").is_file());
    }
    let score = |name: &str| {
        rows.iter()
            .find(|r| &r[0] == name)
            .and_then(|r| r[2].parse::<f64>().ok())
    };
    assert_eq!(score("alice"), rows[0][3].parse::<f64>().ok(), "full marks");
    assert_eq!(score("bob"), Some(0.0));
    assert!(score("carol") < score("alice") && score("carol") > Some(0.0));
    assert!(score("dave") < score("alice") && score("dave") > Some(0.0));
    assert!(rows[4][1].starts_with("no submission: "), "{:?}", rows[4]);
    assert_eq!(
        &rows[4][2], "",
        "a folder without a submission is not a zero"
    );

    let summary = std::fs::read_to_string(out.join("summary.md")).expect("summary.md");
    assert!(summary.contains("4 of 5 folders graded."), "{summary}");
    assert!(summary.contains("- erin: no submission: "), "{summary}");
    assert!(out.join("histogram.svg").is_file());

    // A second run keeps every result but the one whose code changed.
    let edited = class.join("dave/src/position.rs");
    let text = std::fs::read_to_string(&edited).expect("reading");
    std::fs::write(&edited, text.replace("[{}, {}]", "({}, {})")).expect("writing");
    let again = grade_all(&class, &out);
    assert!(
        again.starts_with("graded 4 of 5 entries (3 unchanged since the last run"),
        "{again}"
    );
    let csv = std::fs::read_to_string(out.join("grades.csv")).expect("grades.csv");
    let dave = csv.lines().find(|l| l.starts_with("dave,")).expect("dave");
    assert_eq!(
        dave.split(',').nth(2),
        rows[0].get(3),
        "dave's fix gives full marks"
    );
}

#[cfg(unix)]
#[test]
#[ignore = "full tier: grades a class of submissions (about half a minute)"]
fn a_student_folder_whose_crate_links_to_another_is_refused_and_a_linked_folder_is_graded() {
    let class = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("class-links");
    let _ = std::fs::remove_dir_all(&class);
    let alice = Submission::from_solution("class-links-alice");
    copy_crate(&alice.dir, &class.join("alice"));
    // Bob's repository hands in Alice's crate through a link.
    std::fs::create_dir_all(class.join("bob")).expect("creating bob");
    std::os::unix::fs::symlink("../alice", class.join("bob/starter")).expect("linking");
    // The instructor's own link to a submission kept elsewhere is followed.
    let elsewhere = Submission::from_starter("class-links-carol");
    std::os::unix::fs::symlink(&elsewhere.dir, class.join("carol")).expect("linking");
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("class-links-grades");
    let _ = std::fs::remove_dir_all(&out);
    let stdout = grade_all(&class, &out);
    assert!(
        stdout.starts_with("graded 2 of 3 entries (0 unchanged since the last run, 0 without a submission, 1 refused, 0 the grader could not grade)"),
        "{stdout}"
    );
    let mut reader = csv::Reader::from_path(out.join("grades.csv")).expect("grades.csv");
    let rows: Vec<csv::StringRecord> = reader.records().map(|r| r.expect("a row")).collect();
    let status = |name: &str| {
        rows.iter()
            .find(|r| &r[0] == name)
            .map(|r| (r[1].to_owned(), r[2].to_owned()))
            .unwrap_or_else(|| panic!("no row for {name}"))
    };
    assert_eq!(status("alice"), ("graded".to_owned(), "161".to_owned()));
    assert_eq!(status("carol"), ("graded".to_owned(), "0".to_owned()));
    let (bob, bob_score) = status("bob");
    assert!(bob.starts_with("refused: "), "{bob}");
    assert!(
        bob.contains("bob/starter is a symbolic link (to ../alice)"),
        "{bob}"
    );
    assert_eq!(bob_score, "", "a refused submission is not a zero");
    let summary = std::fs::read_to_string(out.join("summary.md")).expect("summary.md");
    assert!(
        summary.contains("- bob: not graded: refused: "),
        "{summary}"
    );
}
