//! A whole class at once: `grader grade-all` on a folder of real submissions.

use std::path::{Path, PathBuf};

use super::support::{Submission, grade_dir, grader, work_dir};

mod handed_out;

/// Copies the crate (or any folder) `from` to `to`.
pub(super) fn copy_crate(from: &Path, to: &Path) {
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
    grade_all_with(class, out, &[])
}

/// `grader grade-all CLASS --output-dir OUT EXTRA…`, which must succeed: its stdout.
pub(super) fn grade_all_with(class: &Path, out: &Path, extra: &[&str]) -> String {
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
        .args(extra)
        .output()
        .expect("running the grader");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn a_class_is_graded_as_each_submission_alone_and_regraded_only_where_changed() {
    let class = class_folder();
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("class-grades");
    let _ = std::fs::remove_dir_all(&out);
    let stdout = grade_all(&class, &out);
    assert!(
        stdout.starts_with("graded 4 of 6 entries (0 unchanged since the last run, 2 without a submission, 0 refused, 0 the grader could not grade)"),
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
    assert_eq!(
        names,
        [
            "alice",
            "bob",
            "carol",
            "dave",
            "erin",
            "submission_metadata.yml"
        ]
    );

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
        for file in [
            "report.md",
            "report.html",
            "results.json",
            "instructor/report.md",
            "instructor/report.html",
            "instructor/results.json",
        ] {
            assert!(out.join(&row[0]).join(file).is_file(), "{} {file}", &row[0]);
        }
    }
    // The class page links each graded student's page and lists the rest.
    let page = std::fs::read_to_string(out.join("index.html")).expect("index.html");
    for name in ["alice", "bob", "carol", "dave"] {
        assert!(
            page.contains(&format!("<a href=\"{name}/report.html\">{name}</a>")),
            "{name}: {page}"
        );
    }
    assert!(
        page.contains("<th scope=\"row\">erin</th>")
            && page.contains("<span class=\"bad\">not graded</span>: no submission: "),
        "{page}"
    );
    // The rubric gives style no points, and --style was not given: clippy read none.
    assert!(!page.contains("id=\"style\""), "{page}");
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
    assert!(summary.contains("4 of 6 entries graded."), "{summary}");
    assert!(summary.contains("- erin: no submission: "), "{summary}");
    assert!(out.join("histogram.svg").is_file());

    // A second run keeps every result but the one whose code changed.
    let edited = class.join("dave/src/position.rs");
    let text = std::fs::read_to_string(&edited).expect("reading");
    std::fs::write(&edited, text.replace("[{}, {}]", "({}, {})")).expect("writing");
    let again = grade_all(&class, &out);
    assert!(
        again.starts_with("graded 4 of 6 entries (3 unchanged since the last run"),
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

/// The groups of failures of `check` on a class page, each from its summary on.
fn mistake_groups<'a>(page: &'a str, check: &str) -> Vec<&'a str> {
    let start = page
        .find(&format!("<section class=\"check\" id=\"check-{check}\">"))
        .unwrap_or_else(|| panic!("no section for {check}: {page}"));
    let section = &page[start..];
    let end = section.find("</section>").expect("the section's end");
    section[..end]
        .split("<details class=\"group\">")
        .skip(1)
        .collect()
}

#[test]
#[ignore = "full tier: grades five submissions"]
fn two_submissions_with_the_same_bug_share_a_group_on_the_class_page() {
    let class = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("mistakes-class");
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("mistakes-class-grades");
    let _ = std::fs::remove_dir_all(&class);
    let _ = std::fs::remove_dir_all(&out);
    copy_crate(
        &Submission::from_solution("mistakes-ref").dir,
        &class.join("ref"),
    );
    copy_crate(
        &Submission::from_starter("mistakes-starter").dir,
        &class.join("starter"),
    );
    // Two students who take the rat's neighbours in reverse, each in code of their own.
    for name in ["bfs-1", "bfs-2"] {
        let bfs = Submission::from_solution(&format!("mistakes-{name}"))
            .replace(
                "rat/search.rs",
                "        for next in maze.neighbors(room) {\n            if !marked[next] {\n                queue.enqueue(next);",
                "        for next in maze.neighbors(room).into_iter().rev() {\n            if !marked[next] {\n                queue.enqueue(next);",
            )
            .append("lib.rs", &format!("\n/// Whose it is.\npub const AUTHOR: &str = \"{name}\";\n"));
        copy_crate(&bfs.dir, &class.join(name));
    }
    let display = Submission::from_solution("mistakes-display").replace(
        "position.rs",
        "write!(f, \"({}, {})\", self.x, self.y)",
        "write!(f, \"[{}, {}]\", self.x, self.y)",
    );
    copy_crate(&display.dir, &class.join("display"));
    let stdout = grade_all(&class, &out);
    assert!(stdout.starts_with("graded 5 of 5 entries"), "{stdout}");
    let page = std::fs::read_to_string(out.join("index.html")).expect("index.html");

    // rat_bfs_sample: the two reversed searches in one group, the starter's todo!() in another.
    let groups = mistake_groups(&page, "rat_bfs_sample");
    assert_eq!(groups.len(), 2, "{groups:#?}");
    assert!(
        groups[0].starts_with("<summary>2 students: visit order: "),
        "{}",
        groups[0]
    );
    for name in ["bfs-1", "bfs-2"] {
        assert!(
            groups[0].contains(&format!(
                "<a href=\"{name}/instructor/report.html#rat_bfs_sample\">{name}</a>"
            )),
            "{}",
            groups[0]
        );
    }
    assert!(
        groups[0].contains("<svg"),
        "with the picture: {}",
        groups[0]
    );
    assert!(
        groups[1].starts_with("<summary>1 student: not implemented</summary>")
            && groups[1].contains("starter/instructor/report.html"),
        "{}",
        groups[1]
    );
    assert!(
        page.contains("Where the handout explains it: handout §7"),
        "{page}"
    );
    // Another bug fails another check, in a group of its own.
    let display_groups = mistake_groups(&page, "position_display");
    assert!(
        display_groups
            .iter()
            .any(|g| g.starts_with("<summary>1 student: ")
                && g.contains("display/instructor/report.html")),
        "{display_groups:#?}"
    );
    // Each student's own page is the HTML report, with its pictures.
    let report = std::fs::read_to_string(out.join("bfs-1/report.html")).expect("report.html");
    assert!(
        report.starts_with("<!DOCTYPE html>") && report.contains("<svg"),
        "{report}"
    );
}

/// The one-line refusal of a link, as `grader grade` prints it.
fn refusal(link: &Path, target: &str) -> String {
    format!(
        "grader: error: {} is a symbolic link (to {target}): a submission is only its own files, so its folder, the folders down to its crate and the crate's Cargo.toml must be real folders and files, not links\n",
        link.display()
    )
}

#[cfg(unix)]
#[test]
fn a_submission_whose_starter_links_to_the_solution_is_refused_in_one_line() {
    let repo = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("linked-repo");
    let _ = std::fs::remove_dir_all(&repo);
    std::fs::create_dir_all(&repo).expect("creating a folder");
    let solution = super::support::kit_root().join("solution");
    std::os::unix::fs::symlink(&solution, repo.join("starter")).expect("a link");
    let output = grader()
        .args(["grade", "--work-dir"])
        .arg(work_dir())
        .arg(&repo)
        .output()
        .expect("running the grader");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        refusal(&repo.join("starter"), &solution.display().to_string())
    );
    assert!(output.stdout.is_empty());
}

#[test]
fn a_class_folder_without_a_submission_is_an_error_not_an_empty_gradebook() {
    let class = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("empty-class");
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("empty-class-grades");
    let _ = std::fs::remove_dir_all(&class);
    let _ = std::fs::remove_dir_all(&out);
    std::fs::create_dir_all(&class).expect("creating a folder");
    let run = || {
        grader()
            .args(["grade-all", "--sandbox", "off", "--work-dir"])
            .arg(work_dir())
            .arg(&class)
            .arg("--output-dir")
            .arg(&out)
            .output()
            .expect("running the grader")
    };
    let output = run();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        format!(
            "grader: error: the class folder {} holds no submission: it is empty (grade-all grades a folder with one subfolder per submission: a crate, or a repository with the crate in starter/)\n",
            class.display()
        )
    );
    std::fs::create_dir_all(class.join("erin")).expect("creating a folder");
    std::fs::write(class.join("erin/notes.txt"), "nothing to grade").expect("writing");
    std::fs::write(class.join("submission_metadata.yml"), "{}").expect("writing");
    let output = run();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("holds no submission: none of its 2 entries is or holds a crate"),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(!out.join("grades.csv").exists());
}

#[cfg(unix)]
#[test]
#[ignore = "full tier: grades a submission"]
fn links_in_a_class_are_refused_and_listed_and_the_rest_is_graded() {
    let class = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("linked-class");
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("linked-class-grades");
    let _ = std::fs::remove_dir_all(&class);
    let _ = std::fs::remove_dir_all(&out);
    copy_crate(
        &Submission::from_solution("linked-alice").dir,
        &class.join("ann"),
    );
    // (Ann, not Alice: the class test above looks for builds named alice-* in the
    // shared work dir while this one may be grading.)
    // A student's link to a classmate, one to a crate outside the class, and a
    // class folder whose own entry is a link.
    std::fs::create_dir_all(class.join("bob")).expect("creating a folder");
    std::os::unix::fs::symlink("../ann", class.join("bob/starter")).expect("a link");
    std::fs::create_dir_all(class.join("dan/repo")).expect("creating a folder");
    std::os::unix::fs::symlink(
        super::support::kit_root().join("solution"),
        class.join("dan/repo/starter"),
    )
    .expect("a link");
    std::os::unix::fs::symlink("ann", class.join("carol")).expect("a link");
    // Names a spreadsheet would run as formulas (a folder's name holds no `/`, so
    // the `/C` of the classic payload is a `\C` here).
    std::fs::create_dir_all(class.join("+cmd|' \\C calc'!A0")).expect("creating a folder");
    std::fs::write(class.join("=HYPERLINK(\"http:x\",\"y\")"), "").expect("writing");
    let stdout = grade_all(&class, &out);
    assert!(
        stdout.starts_with("graded 1 of 6 entries (0 unchanged since the last run, 2 without a submission, 3 refused, 0 the grader could not grade)"),
        "{stdout}"
    );
    let mut reader = csv::Reader::from_path(out.join("grades.csv")).expect("grades.csv");
    let rows: Vec<csv::StringRecord> = reader.records().map(|r| r.expect("a row")).collect();
    let row = |name: &str| {
        rows.iter()
            .find(|r| &r[0] == name)
            .unwrap_or_else(|| panic!("no row {name}: {rows:?}"))
    };
    assert_eq!(&row("ann")[1], "graded");
    assert_eq!(&row("ann")[2], &row("ann")[3], "full marks");
    let bob = row("bob");
    assert_eq!(
        &bob[1],
        format!(
            "refused: {} is a symbolic link (to ../ann): a submission is only its own files, so its folder, the folders down to its crate and the crate's Cargo.toml must be real folders and files, not links",
            class.join("bob/starter").display()
        )
    );
    assert_eq!(&bob[2], "", "refused is not a zero");
    assert!(row("carol")[1].starts_with(&format!(
        "refused: {} is a symbolic link (to ann)",
        class.join("carol").display()
    )));
    assert!(row("dan")[1].starts_with(&format!(
        "refused: {} is a symbolic link",
        class.join("dan/repo/starter").display()
    )));
    assert!(row("'+cmd|' \\C calc'!A0")[1].starts_with("no submission: "));
    assert!(row("'=HYPERLINK(\"http:x\",\"y\")")[1].starts_with("no submission: a file"));
    let summary = std::fs::read_to_string(out.join("summary.md")).expect("summary.md");
    assert!(summary.contains("1 of 6 entries graded."), "{summary}");
    assert!(summary.contains("- bob: refused: "), "{summary}");
    assert!(summary.contains("- carol: refused: "), "{summary}");
    assert!(!out.join("bob/results.json").exists());
}

#[test]
fn a_report_option_that_is_not_format_and_file_is_refused_in_one_line() {
    for (value, says) in [
        (
            "pdf=report.pdf",
            "\"pdf\" is not a report format; the formats are human, json, gradescope, junit, markdown, html, classroom",
        ),
        (
            "markdown",
            "expected FORMAT=FILE (e.g. markdown=report.md), not \"markdown\"",
        ),
        (
            "markdown=",
            "expected FORMAT=FILE (e.g. markdown=report.md), not \"markdown=\"",
        ),
    ] {
        let output = grader()
            .args(["grade", "solution", "--report", value])
            .output()
            .expect("running the grader");
        assert_eq!(output.status.code(), Some(2), "{value}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(says), "{value}: {stderr}");
    }
    let output = grader()
        .args([
            "grade",
            "solution",
            "--output",
            "a.md",
            "--report",
            "json=./a.md",
        ])
        .output()
        .expect("running the grader");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "grader: error: ./a.md is named twice by --output and --report: give each report a file of its own\n"
    );
}

#[test]
#[ignore = "full tier: grades a submission three times"]
fn every_report_of_one_grading_is_what_grading_in_its_format_alone_writes() {
    let submission = Submission::from_solution("one-grading").replace(
        "position.rs",
        "write!(f, \"({}, {})\", self.x, self.y)",
        "write!(f, \"[{}, {}]\", self.x, self.y)",
    );
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("one-grading-reports");
    let _ = std::fs::remove_dir_all(&out);
    std::fs::create_dir_all(&out).expect("creating a folder");
    let formats = [
        "json",
        "markdown",
        "gradescope",
        "junit",
        "classroom",
        "human",
    ];
    let mut command = grader();
    command
        .args(["grade", "--work-dir"])
        .arg(work_dir())
        .arg(&submission.dir)
        .args(["--format", "gradescope", "--output"])
        .arg(out.join("direct-gradescope"));
    for format in formats {
        command
            .arg("--report")
            .arg(format!("{format}={}", out.join(format).display()));
    }
    let output = command.output().expect("running the grader");
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let read = |name: &str| std::fs::read(out.join(name)).expect("a report");
    assert_eq!(read("gradescope"), read("direct-gradescope"));
    // The formats without timings are those a grading of their own writes.
    for format in ["json", "markdown", "human"] {
        let (code, alone) = submission.grade(format);
        assert_eq!(code, 0);
        assert_eq!(
            String::from_utf8(read(format)).expect("text"),
            alone,
            "{format}"
        );
    }
}

#[test]
fn a_class_folder_whose_only_entry_holds_two_crates_is_graded_with_a_row_saying_so() {
    let class = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("two-crate-class");
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("two-crate-class-grades");
    let _ = std::fs::remove_dir_all(&class);
    let _ = std::fs::remove_dir_all(&out);
    for copy in ["a", "b"] {
        std::fs::create_dir_all(class.join("frank").join(copy).join("src")).expect("a folder");
        std::fs::write(class.join("frank").join(copy).join("src/lib.rs"), "").expect("writing");
    }
    let stdout = grade_all(&class, &out);
    assert!(
        stdout.starts_with("graded 0 of 1 entries (0 unchanged since the last run, 1 without a submission, 0 refused, 0 the grader could not grade)"),
        "{stdout}"
    );
    let csv = std::fs::read_to_string(out.join("grades.csv")).expect("grades.csv");
    assert!(
        csv.contains("holds more than one crate (a, b): grade one of them"),
        "{csv}"
    );
}

/// `submission_metadata.yml` as Gradescope writes it in an export (Review Grades →
/// Export Submissions): each `submission_NNN` folder with its `:submitters:` (Ruby
/// symbols as keys, SIDs quoted), a group's two together, and what else Gradescope
/// says of each submission.
const GRADESCOPE_METADATA: &str = "\
submission_1001:
  :submitters:
  - :name: Alice Offby
    :sid: '1234'
    :email: alice@uni.edu
  :created_at: 2026-10-01 12:00:00.000000000 -07:00
  :score: 0.0
  :status: processed
submission_1002:
  :submitters:
  - :name: Bo Park
    :sid: '2345'
    :email: bo@uni.edu
  - :name: Cy Diaz
    :sid: '3456'
    :email: cy@uni.edu
  :created_at: 2026-10-02 09:30:00.000000000 -07:00
  :score: 0.0
  :status: processed
";

/// A Gradescope export unpacked: `assignment_NNN_export/` with a folder per
/// submission (Alice's upload is her crate; Bo and Cy's group uploaded their
/// repository, the crate in `starter/`) and the metadata beside them.
fn gradescope_export(name: &str, alice: &Submission, group: &Submission) -> PathBuf {
    let export = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(name)
        .join("assignment_4242_export");
    let _ = std::fs::remove_dir_all(&export);
    copy_crate(&alice.dir, &export.join("submission_1001"));
    copy_crate(&group.dir, &export.join("submission_1002/starter"));
    std::fs::write(export.join("submission_metadata.yml"), GRADESCOPE_METADATA)
        .expect("writing the metadata");
    export
}

#[test]
#[ignore = "full tier: grades two submissions"]
fn a_gradescope_export_is_graded_with_each_submitters_name_email_and_sid() {
    let export = gradescope_export(
        "gradescope-export",
        &Submission::from_solution("export-alice"),
        &Submission::from_starter("export-group"),
    );
    let out = export.with_file_name("grades");
    let _ = std::fs::remove_dir_all(&out);
    let stdout = grade_all(&export, &out);
    assert!(
        stdout.contains("roster: 3 of 3 students paired with a folder"),
        "{stdout}"
    );
    let grades = std::fs::read_to_string(out.join("grades.csv")).expect("grades.csv");
    let rows: Vec<Vec<String>> = csv::Reader::from_reader(grades.as_bytes())
        .records()
        .map(|r| r.expect("a row").iter().map(str::to_owned).collect())
        .collect();
    assert!(
        grades.starts_with("name,student,email,sid,status,score,max_score,"),
        "{grades}"
    );
    assert_eq!(
        rows[0][..5],
        [
            "submission_1001",
            "Alice Offby",
            "alice@uni.edu",
            "1234",
            "graded"
        ]
    );
    assert_eq!(
        rows[1][..5],
        [
            "submission_1002",
            "Bo Park; Cy Diaz",
            "bo@uni.edu; cy@uni.edu",
            "2345; 3456",
            "graded"
        ]
    );
    assert_eq!(rows[1][5], "0", "the group handed in the starter");
    let full = &rows[0][5];
    assert_eq!(full, &rows[0][6], "Alice handed in the reference");
    let moodle = std::fs::read_to_string(out.join("moodle.csv")).expect("moodle.csv");
    assert!(
        moodle.contains(&format!("Alice,Offby,1234,,,alice@uni.edu,{full}\n"))
            && moodle.contains("Bo,Park,2345,,,bo@uni.edu,0\n")
            && moodle.contains("Cy,Diaz,3456,,,cy@uni.edu,0\n"),
        "{moodle}"
    );
    let canvas = std::fs::read_to_string(out.join("canvas.csv")).expect("canvas.csv");
    assert!(
        canvas.contains(&format!("\"Offby, Alice\",,1234,alice@uni.edu,,{full}\n")),
        "{canvas}"
    );
}

#[test]
fn similarity_names_each_submission_of_a_gradescope_export_by_its_submitters() {
    let alice = Submission::from_solution("export-similar-alice");
    let export = gradescope_export("gradescope-export-similar", &alice, &alice);
    let out = export.with_file_name("similarity");
    let _ = std::fs::remove_dir_all(&out);
    grader()
        .arg("similarity")
        .arg(&export)
        .arg("--output-dir")
        .arg(&out)
        .assert()
        .success();
    let pairs = std::fs::read_to_string(out.join("pairs.csv")).expect("pairs.csv");
    assert!(
        pairs.contains("submission_1001 (Alice Offby, alice@uni.edu, SID 1234)")
            && pairs.contains(
                "submission_1002 (Bo Park, bo@uni.edu, SID 2345; Cy Diaz, cy@uni.edu, SID 3456)"
            ),
        "{pairs}"
    );
}
