use std::time::Duration;

use super::summary::{buckets, histogram_svg, markdown};
use super::*;

fn kit_rubric() -> Rubric {
    crate::rubric::kit()
}

/// A grade in which the first `passed` checks of the rubric pass.
fn grade(rubric: &Rubric, passed: usize) -> Grade {
    let checks: Vec<(String, f64, bool)> = rubric
        .checks
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let ok = i < passed;
            (c.spec.name.to_owned(), if ok { c.points } else { 0.0 }, ok)
        })
        .collect();
    Grade {
        score: checks.iter().map(|c| c.1).sum(),
        max_score: rubric.checks.iter().map(|c| c.points).sum(),
        checks,
    }
}

fn row(name: &str, outcome: Outcome) -> Row {
    Row {
        name: name.to_owned(),
        outcome,
        unchanged: false,
        duration: Duration::ZERO,
    }
}

#[test]
fn the_gradebook_has_a_row_per_folder_and_a_column_per_check() {
    let rubric = kit_rubric();
    let rows = [
        row(
            "alice",
            Outcome::Graded(grade(&rubric, rubric.checks.len())),
        ),
        row("bob, \"the\" builder", Outcome::Graded(grade(&rubric, 1))),
        row(
            "notes",
            Outcome::NotASubmission("notes holds no submission".to_owned()),
        ),
    ];
    let csv = String::from_utf8(gradebook(&rubric, &rows, None).unwrap()).unwrap();
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    let header = reader.headers().unwrap().clone();
    let first: Vec<&str> = header.iter().take(4).collect();
    assert_eq!(first, ["name", "status", "score", "max_score"]);
    assert_eq!(header.len(), 4 + rubric.checks.len());
    assert_eq!(&header[4], rubric.checks[0].spec.name);
    let records: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(records.len(), 3);
    let max = points(rubric.checks.iter().map(|c| c.points).sum());
    assert_eq!(&records[0][2], max);
    assert_eq!(&records[1][0], "bob, \"the\" builder", "quoted, not split");
    assert_eq!(&records[1][2], points(rubric.checks[0].points));
    assert_eq!(&records[1][5], "0");
    assert_eq!(&records[2][1], "no submission: notes holds no submission");
    assert_eq!(&records[2][2], "", "not graded is not a zero");
}

#[test]
fn scores_fall_in_tenths_with_full_marks_in_the_last() {
    let rubric = kit_rubric();
    let none = grade(&rubric, 0);
    let all = grade(&rubric, rubric.checks.len());
    let counts = buckets(&[&none, &all, &all]);
    assert_eq!(counts[0], 1);
    assert_eq!(counts[9], 2);
    assert_eq!(counts.iter().sum::<usize>(), 3);
}

#[test]
fn the_summary_lists_the_hardest_check_first_and_the_folders_not_graded() {
    let rubric = kit_rubric();
    let n = rubric.checks.len();
    let rows = [
        row("a", Outcome::Graded(grade(&rubric, n - 1))),
        row("b", Outcome::Graded(grade(&rubric, n - 1))),
        row("c", Outcome::Failed("cargo is missing".to_owned())),
    ];
    let text = markdown(&rubric, &rows, crate::sandbox::Level::Full);
    assert!(text.contains("2 of 3 entries graded."), "{text}");
    let last = rubric.checks[n - 1].spec.name;
    let first_row = text
        .lines()
        .find(|line| line.starts_with("| `"))
        .expect("a check row");
    assert!(
        first_row.starts_with(&format!("| `{last}` |")) && first_row.contains("| 0/2 | 0 % |"),
        "{first_row}"
    );
    assert!(
        text.contains("- c: the grader could not grade it: cargo is missing"),
        "{text}"
    );
}

#[test]
fn a_folder_name_cannot_inject_markdown_into_the_summary() {
    let rubric = kit_rubric();
    let rows = [row(
        "# evil [link](x) <b>",
        Outcome::NotASubmission("none".to_owned()),
    )];
    let text = markdown(&rubric, &rows, crate::sandbox::Level::Full);
    assert!(text.contains("- \\# evil \\[link\\](x) \\<b\\>"), "{text}");
}

#[test]
fn the_histogram_is_an_svg_with_a_bar_per_tenth() {
    let rubric = kit_rubric();
    let rows = [row("a", Outcome::Graded(grade(&rubric, 3)))];
    let svg = histogram_svg(&rows);
    assert!(svg.starts_with("<svg "));
    assert_eq!(svg.matches("<rect ").count(), 10);
    assert!(svg.trim_end().ends_with("</svg>"));
}

#[test]
fn a_saved_result_is_kept_only_for_the_same_fingerprint() {
    let dir = tempfile::tempdir().unwrap();
    let rubric = kit_rubric();
    let json = serde_json::json!({
        "score": 2.0,
        "max_score": 4.0,
        "checks": [{"name": rubric.checks[0].spec.name, "score": 2.0, "passed": true}],
    });
    std::fs::write(dir.path().join("results.json"), json.to_string()).unwrap();
    std::fs::write(dir.path().join(FINGERPRINT), "abc").unwrap();
    std::fs::write(dir.path().join("report.md"), "# report").unwrap();
    assert!(
        saved(dir.path(), "abc").is_none(),
        "an output without report.html (an older grader's) is graded again"
    );
    std::fs::write(dir.path().join("report.html"), "<html></html>").unwrap();
    std::fs::write(dir.path().join(TIMINGS), "{}").unwrap();
    assert!(
        saved(dir.path(), "abc").is_none(),
        "an output without the instructor's reports (an older grader's) is graded again"
    );
    std::fs::create_dir_all(dir.path().join(INSTRUCTOR)).unwrap();
    for (file, _) in REPORTS {
        std::fs::copy(
            dir.path().join(file),
            dir.path().join(INSTRUCTOR).join(file),
        )
        .unwrap();
    }
    assert_eq!(saved(dir.path(), "abc").map(|g| g.score), Some(2.0));
    assert!(saved(dir.path(), "abd").is_none());
}

#[test]
fn a_change_to_any_source_file_changes_the_fingerprint() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("src/rat")).unwrap();
    std::fs::write(dir.path().join("src/lib.rs"), "pub mod rat;").unwrap();
    std::fs::write(dir.path().join("src/rat/mod.rs"), "").unwrap();
    let before = submission_fingerprint("kit", dir.path());
    assert_eq!(before, submission_fingerprint("kit", dir.path()));
    assert_ne!(before, submission_fingerprint("other kit", dir.path()));
    std::fs::write(dir.path().join("src/rat/mod.rs"), "// edited").unwrap();
    assert_ne!(before, submission_fingerprint("kit", dir.path()));
}

#[test]
fn a_name_a_spreadsheet_would_run_as_a_formula_is_defused_and_scores_stay_numbers() {
    let rubric = kit_rubric();
    let names = [
        "+cmd|' /C calc'!A0",
        "=HYPERLINK(\"http://evil.example\",\"grades\")",
        "-2+3",
        "@SUM(1+1)",
        "\tindented",
        "\rreturned",
        "plain-name",
    ];
    let mut rows: Vec<Row> = names
        .iter()
        .map(|name| row(name, Outcome::Graded(grade(&rubric, 1))))
        .collect();
    rows.push(row(
        "=1+1",
        Outcome::NotASubmission("-1 is not a crate".to_owned()),
    ));
    let csv = String::from_utf8(gradebook(&rubric, &rows, None).unwrap()).unwrap();
    let records: Vec<csv::StringRecord> = csv::Reader::from_reader(csv.as_bytes())
        .records()
        .map(Result::unwrap)
        .collect();
    for (record, name) in records.iter().zip(names) {
        let expected = if name == "plain-name" {
            name.to_owned()
        } else {
            format!("'{name}")
        };
        assert_eq!(&record[0], expected, "{csv}");
        assert_eq!(&record[2], points(rubric.checks[0].points), "a number");
        assert!(record[2].parse::<f64>().is_ok() && record[3].parse::<f64>().is_ok());
    }
    assert_eq!(&records[7][0], "'=1+1");
    assert_eq!(&records[7][1], "no submission: -1 is not a crate");
}

#[test]
fn defusing_leaves_a_cell_that_cannot_run_as_it_is() {
    assert_eq!(defused("alice"), "alice");
    assert_eq!(defused("a=b"), "a=b");
    assert_eq!(defused(""), "");
    assert_eq!(defused("-"), "'-");
    assert_eq!(defused("'=x"), "'=x");
}

#[test]
fn a_refused_submission_is_listed_as_refused_in_the_gradebook_and_the_summary() {
    let rubric = kit_rubric();
    let rows = [
        row("alice", Outcome::Graded(grade(&rubric, 2))),
        row(
            "bob",
            Outcome::Refused("bob/starter is a symbolic link (to ../alice): …".to_owned()),
        ),
    ];
    let csv = String::from_utf8(gradebook(&rubric, &rows, None).unwrap()).unwrap();
    let bob = csv
        .lines()
        .find(|l| l.starts_with("bob,"))
        .expect("bob's row");
    assert!(
        bob.starts_with("bob,refused: bob/starter is a symbolic link (to ../alice)"),
        "{bob}"
    );
    let text = markdown(&rubric, &rows, crate::sandbox::Level::Full);
    assert!(text.contains("1 of 2 entries graded."), "{text}");
    assert!(
        text.contains("- bob: refused: bob/starter is a symbolic link (to ../alice)"),
        "{text}"
    );
}

#[cfg(unix)]
#[test]
fn every_entry_of_the_class_folder_is_graded_or_listed_with_why_not() {
    let class = tempfile::tempdir().unwrap();
    let out = class.path().join("out");
    for folder in ["alice", "notes", ".git", "out"] {
        std::fs::create_dir(class.path().join(folder)).unwrap();
    }
    std::fs::write(class.path().join("submission_metadata.yml"), "{}").unwrap();
    std::os::unix::fs::symlink("alice", class.path().join("bob")).unwrap();
    std::os::unix::fs::symlink("missing", class.path().join("carol")).unwrap();
    let (folders, passed_over) = class_entries(class.path(), &out).unwrap();
    let names: Vec<&str> = folders.iter().map(|(name, _)| name.as_str()).collect();
    assert_eq!(
        names,
        ["alice", "bob", "carol", "notes"],
        "links are graded, so refused"
    );
    let mut passed: Vec<(&str, String)> = passed_over
        .iter()
        .map(|row| match &row.outcome {
            Outcome::NotASubmission(reason) => (row.name.as_str(), reason.clone()),
            other => panic!("{other:?}"),
        })
        .collect();
    passed.sort();
    assert_eq!(passed.len(), 2, "the output folder is no entry: {passed:?}");
    assert_eq!(passed[0].0, ".git");
    assert!(passed[0].1.contains("hidden"), "{passed:?}");
    assert_eq!(passed[1].0, "submission_metadata.yml");
    assert!(
        passed[1].1.starts_with("a file, not a folder"),
        "{passed:?}"
    );
}
