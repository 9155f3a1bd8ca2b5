use std::time::Duration;

use super::*;
use crate::commands::grade_all::Grade;

const HOSTILE: &str = "<script>alert(1)</script> & \"quotes\" \u{202e}";

fn page() -> String {
    let rubric = crate::rubric::kit();
    let grade = |passed: bool| Grade {
        score: if passed { 2.0 } else { 0.0 },
        max_score: 2.0,
        checks: vec![(
            "direction_opposite".to_owned(),
            if passed { 2.0 } else { 0.0 },
            passed,
        )],
    };
    let row = |name: &str, outcome| Row {
        name: name.to_owned(),
        outcome,
        unchanged: false,
        duration: Duration::ZERO,
    };
    let rows = [
        row("ann", Outcome::Graded(grade(true))),
        row(HOSTILE, Outcome::Graded(grade(false))),
        row("bo b#1", Outcome::Graded(grade(false))),
        row(
            "notes",
            Outcome::NotASubmission(format!("no crate in {HOSTILE}")),
        ),
    ];
    let failure = |student: &str| {
        Failure {
        student: student.to_owned(),
        mistake: Mistake::of_message("opposite of EAST gave EAST"),
        message: format!("opposite of EAST gave EAST {HOSTILE}"),
        picture: Some("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1 1\"><rect width=\"1\" height=\"1\"/></svg>".to_owned()),
    }
    };
    let reports = Reports {
        failures: BTreeMap::from([(
            "direction_opposite".to_owned(),
            vec![failure(HOSTILE), failure("bo b#1")],
        )]),
        unbuilt: BTreeMap::from([("bo b#1".to_owned(), vec!["part2".to_owned()])]),
    };
    render(
        &rubric,
        &rows,
        crate::sandbox::Level::Unconfined,
        reports,
        &Default::default(),
    )
}

#[test]
fn the_class_page_is_well_formed_and_its_only_markup_is_the_graders() {
    let html = page();
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..roxmltree::ParsingOptions::default()
    };
    let document =
        roxmltree::Document::parse_with_options(&html, options).expect("the page is well-formed");
    let elements: Vec<roxmltree::Node> =
        document.descendants().filter(|n| n.is_element()).collect();
    // The one script is the grader's sorter, word for word; a student's text is
    // escaped everywhere.
    let scripts: Vec<Option<&str>> = elements
        .iter()
        .filter(|n| n.tag_name().name() == "script")
        .map(|n| n.text())
        .collect();
    assert_eq!(scripts, [Some(SORTER)]);
    assert_eq!(html.matches("<script>").count(), 1);
    assert!(
        html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot; \\u{202e}")
    );
    let root = document.root_element();
    assert_eq!(root.attribute("lang"), Some("en"));
    // Headings go down one level at a time.
    let levels: Vec<u8> = elements
        .iter()
        .filter_map(|n| n.tag_name().name().strip_prefix('h')?.parse().ok())
        .collect();
    assert_eq!(levels.first(), Some(&1));
    assert!(levels.windows(2).all(|w| w[1] <= w[0] + 1), "{levels:?}");
    // Every header cell says what it heads; every link has words.
    for node in &elements {
        match node.tag_name().name() {
            "th" => assert!(node.attribute("scope").is_some(), "{node:?}"),
            "a" => assert!(
                !node
                    .descendants()
                    .filter_map(|t| t.text())
                    .collect::<String>()
                    .trim()
                    .is_empty()
            ),
            _ => {}
        }
    }
    let links: Vec<&str> = elements
        .iter()
        .filter(|n| n.tag_name().name() == "a")
        .filter_map(|n| n.attribute("href"))
        .filter(|href| href.ends_with("/report.html"))
        .collect();
    assert!(links.contains(&"ann/report.html"), "{links:?}");
    assert!(links.contains(&"bo%20b%231/report.html"), "{links:?}");
    assert!(
        links.contains(
            &"%3Cscript%3Ealert%281%29%3C%2Fscript%3E%20%26%20%22quotes%22%20%E2%80%AE/report.html"
        ),
        "{links:?}"
    );
}

#[test]
fn a_mistake_in_words_leaves_out_an_empty_detail() {
    assert_eq!(in_words(&Mistake::kind("timed out")), "timed out");
    assert_eq!(
        in_words(&Mistake::new("panicked", "index out of bounds")),
        "panicked: index out of bounds"
    );
}

#[test]
fn the_class_page_groups_each_check_and_says_how() {
    let html = page();
    assert!(html.contains(&escape(GROUPING)));
    assert!(
        html.contains("<section class=\"check\" id=\"check-direction_opposite\"><h3>"),
        "{html}"
    );
    assert!(html.contains("2 of 3 failed it, with 1 mistake."), "{html}");
    assert!(
        html.contains("<details class=\"group\"><summary>2 students: wrong result: opposite of EAST gave EAST</summary>"),
        "{html}"
    );
    assert!(
        html.contains(
            "<a href=\"bo%20b%231/instructor/report.html#direction_opposite\">bo b#1</a>"
        ),
        "a group's names open the instructor's report at the check: {html}"
    );
    assert!(
        html.contains("Histogram of the scores: 1 at 90–100 %"),
        "{html}"
    );
}

#[test]
fn the_students_table_comes_first_with_each_part_what_did_not_compile_and_what_was_not_graded() {
    let html = page();
    let students = html
        .find("<h2 id=\"students\">")
        .expect("a students section");
    for later in ["id=\"scores\"", "id=\"checks\"", "id=\"mistakes\""] {
        assert!(
            students < html.find(later).expect(later),
            "{later} after the students"
        );
    }
    let headers: String = html
        .split("<caption>Every entry of the class folder</caption>")
        .nth(1)
        .and_then(|table| table.split("</thead>").next())
        .expect("the students' table")
        .to_owned();
    for column in [
        "student",
        "score",
        "Part 1",
        "Part 5",
        "status",
        "instructor's report",
    ] {
        assert!(
            headers.contains(&format!(">{column}</th>")),
            "{column}: {headers}"
        );
    }
    assert!(
        html.contains("<tr><th scope=\"row\"><a href=\"ann/report.html\">ann</a></th><td class=\"n\" data-sort=\"2\">2 of 2</td><td class=\"n\" data-sort=\"2\">2 of"),
        "{html}"
    );
    assert!(
        html.contains("<span class=\"bad\">did not compile: Part 2</span>; 1 check failed"),
        "{html}"
    );
    assert!(
        html.contains(
            "<td><span class=\"bad\">not graded</span>: no submission: no crate in &lt;script&gt;"
        ),
        "{html}"
    );
    assert!(
        html.contains("1 submission did not compile in part or whole; 1 entry was not graded."),
        "{html}"
    );
    // Sorted by name as written, which the header says for a screen reader.
    assert!(html.contains("<th scope=\"col\" aria-sort=\"ascending\">student</th>"));
    let ann = html.find(">ann</a></th>").expect("ann");
    let bo = html.find(">bo b#1</a></th>").expect("bo");
    assert!(ann < bo);
}

#[test]
fn only_the_part_that_did_not_compile_is_named_not_the_later_parts_its_stubs_failed() {
    let out = tempfile::tempdir().unwrap();
    let build_error = |part: &str| serde_json::json!({ "part": part, "passed": false, "mistake": { "kind": BUILD_ERROR } });
    let report = serde_json::json!({
        "parts": [
            { "id": "part1", "build_failed": true },
            { "id": "part2", "needs": ["Part 2's checks call your Part 1 code, which does not compile"] },
            { "id": "part3" },
        ],
        "checks": [build_error("part1"), build_error("part2"), build_error("part3")],
    });
    let path = instructor_json(out.path(), "ann");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, report.to_string()).unwrap();
    let row = Row {
        name: "ann".to_owned(),
        outcome: Outcome::Graded(Grade {
            score: 0.0,
            max_score: 3.0,
            checks: Vec::new(),
        }),
        unchanged: false,
        duration: Duration::ZERO,
    };
    let reports = read_reports(out.path(), &[row]);
    assert_eq!(reports.unbuilt["ann"], ["part1"]);
}

#[test]
fn a_class_of_hundreds_names_some_of_each_group_and_spends_a_bounded_picture_budget() {
    let rubric = crate::rubric::kit();
    let students: Vec<String> = (0..500).map(|i| format!("student-{i:03}")).collect();
    let rows: Vec<Row> = students
        .iter()
        .map(|name| Row {
            name: name.clone(),
            outcome: Outcome::Graded(Grade {
                score: 0.0,
                max_score: 2.0,
                checks: vec![("direction_opposite".to_owned(), 0.0, false)],
            }),
            unchanged: false,
            duration: Duration::ZERO,
        })
        .collect();
    // 100 KB pictures: one group of 400 students and 100 groups of one, each
    // with a long message.
    let picture = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\"><desc>{}</desc></svg>",
        "x".repeat(100_000)
    );
    let failure = |student: &str, mistake: String| Failure {
        student: student.to_owned(),
        mistake: Mistake::of_message(&mistake),
        message: format!("{mistake} {}", "long ".repeat(1000)),
        picture: Some(picture.clone()),
    };
    let failures: Vec<Failure> = students
        .iter()
        .enumerate()
        .map(|(i, name)| {
            // Words, not numbers: a key leaves numbers out.
            let word: String = [i % 26, i / 26 % 26]
                .iter()
                .map(|&letter| char::from(b'a' + letter as u8))
                .collect();
            failure(
                name,
                if i < 400 {
                    "one".to_owned()
                } else {
                    format!("mistake {word}")
                },
            )
        })
        .collect();
    let reports = Reports {
        failures: BTreeMap::from([("direction_opposite".to_owned(), failures)]),
        unbuilt: BTreeMap::new(),
    };
    let html = render(
        &rubric,
        &rows,
        crate::sandbox::Level::Unconfined,
        reports,
        &Default::default(),
    );
    assert_eq!(
        html.matches("<figure><svg xmlns=\"http://www.w3.org/2000/svg\"><desc>")
            .count(),
        PICTURE_BYTES / picture.len()
    );
    assert!(html.contains("<summary>400 students: wrong result: one</summary>"));
    assert!(
        html.contains(" and 360 more (grades.csv lists every student"),
        "the names are capped"
    );
    assert!(html.contains("(cut here: the whole message is in that report)"));
    // The students (a row each), at most PICTURE_BYTES of pictures, and a few
    // kilobytes a group: not 500 messages, pictures and name lists.
    assert!(
        html.len() < PICTURE_BYTES + 500 * 700 + 101 * 3_000,
        "{} bytes",
        html.len()
    );
}
