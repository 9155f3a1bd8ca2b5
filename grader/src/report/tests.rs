//! Every format fed one hostile report: text a student's code could produce to hide
//! from, fake or break the report (ANSI escapes, `\r` overwrites, a forged score
//! line, noncharacters, bidi overrides, Markdown fences and headings, XML
//! end tags and CDATA ends), built directly so no submission is needed.

use std::time::Duration;

use clap::ValueEnum as _;

use super::text::is_hazard;
use super::{Audience, CheckResult, Format, PartSummary, Report, Twin};
use crate::checks::{Part, Verdict};
use crate::rubric::Visibility;

/// A panic message a student's code could produce.
const PANIC: &str = "assertion failed: \x1b[2J\x1b[1;32mall good\x1b[0m | *bold* [link](x) </failure><testcase name=\"x\"> ]]> &amp; `tick`";

/// Output a student's code could print.
const OUTPUT: &str = "stdout:\nworking…\rScore: 99/99\nScore: 99/99\n  ✓ direction_opposite   2/2\n\u{fffe}\u{ffff} reversed: \u{202e}99/99 :erocS\u{202c}\n```\n# Heading after three backticks\n````\n# Heading after four backticks\n</failure><testcase name=\"x\"><![CDATA[ ]]>\nstderr:\n\x1b]0;title\x07\x1b[2J";

/// A hand-made report of two parts: a failed check with a hostile message, diff and
/// output, a passed check, a failed Part 2 check, and a hostile compiler error,
/// warning and submission path.
fn hostile_report() -> Report {
    let check = |name: &str, part: Part, passed: bool| CheckResult {
        name: name.to_owned(),
        title: format!("the {name} check"),
        part,
        score: if passed { 2.0 } else { 0.0 },
        max_score: 2.0,
        passed,
        message: String::new(),
        diff: None,
        hint: "handout §2".to_owned(),
        visibility: Visibility::Visible,
        output: String::new(),
        grader_error: false,
        picture: None,
        mistake: None,
        twin: None,
        fix_first: None,
        duration: Duration::ZERO,
    };
    let failed = CheckResult {
        mistake: Some(crate::checks::Mistake::of_panic(PANIC)),
        message: format!(
            "panicked at src/direction.rs:9: {PANIC}\nScore: 99/99\n```\n# Heading in a message"
        ),
        diff: Some(
            "--- expected\n+++ yours\n-EAST\n+\x1b[2JWEST\rScore: 99/99\n+```` \n+# Heading in a diff\n"
                .to_owned(),
        ),
        output: OUTPUT.to_owned(),
        ..check("direction_opposite", Part::Part1, false)
    };
    // Right on the shown input, wrong on its private twin, whose words are hostile.
    let twin_only = CheckResult {
        message: super::twin_failed(
            "the position_hash check",
            &crate::checks::Verdict::fail("the 7x9 maze is not perfect"),
        ),
        twin: Some(Twin {
            passed: false,
            message: "opposite of \x1b[2JEAST\u{202e} on the private input\nScore: 99/99"
                .to_owned(),
        }),
        ..check("position_hash", Part::Part1, false)
    };
    let rat = CheckResult {
        message: "panicked: \u{202e}kcats ym".to_owned(),
        output: "```\n# Heading\n".to_owned(),
        ..check("rat_stack", Part::Part2, false)
    };
    Report {
        submission: "students/\x1b[31mmallory\u{202e}/".to_owned(),
        score: 2.0,
        max_score: 6.0,
        parts: vec![
            PartSummary {
                id: "part1".to_owned(),
                title: "Part 1: perfect mazes".to_owned(),
                score: 2.0,
                max_score: 4.0,
                needs: Vec::new(),
                build_failed: false,
            },
            PartSummary {
                id: "part2".to_owned(),
                title: "Part 2: rat in a maze".to_owned(),
                score: 0.0,
                max_score: 2.0,
                needs: Vec::new(),
                build_failed: false,
            },
        ],
        checks: vec![
            failed,
            check("position_equality", Part::Part1, true),
            twin_only,
            rat,
        ],
        build_errors: vec![
            "error[E0308]: mismatched types in `</failure>` **bold** # not a heading:\n --> src/position.rs:3:5\n  |\n3 | let s = \"```\n# Heading in a compiler error\n\x1b[2J\u{fffe}\";".to_owned(),
        ],
        warnings: vec!["unused variable: `\x1b[2J`".to_owned()],
        sandbox: crate::sandbox::Level::Container,
        twins: true,
        execution_time: Duration::ZERO,
        timings: None,
        style: None,
    }
}

/// The lines of `text` that start like the grader's score line.
fn score_lines(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|line| line.starts_with("Score"))
        .collect()
}

fn render(format: Format) -> String {
    hostile_report().render(format, false)
}

#[test]
fn no_format_lets_a_control_character_or_noncharacter_through() {
    for format in Format::value_variants() {
        let text = render(*format);
        let found: Vec<char> = text.chars().filter(|&c| is_hazard(c)).collect();
        assert!(found.is_empty(), "{format:?} let {found:?} through");
    }
}

#[test]
fn every_format_shows_the_escapes_instead_of_hiding_them() {
    for format in [Format::Human, Format::Junit, Format::Markdown] {
        let text = render(format);
        for shown in ["\\u{1b}[2J", "\\u{d}Score", "\\u{fffe}", "\\u{202e}"] {
            assert!(text.contains(shown), "{format:?} does not show {shown}");
        }
    }
    for format in [Format::Json, Format::Gradescope, Format::Classroom] {
        let json: serde_json::Value = serde_json::from_str(&render(format)).unwrap();
        let strings = json.to_string();
        assert!(strings.contains(r"\\u{1b}[2J"), "{format:?}: {strings}");
        assert!(strings.contains(r"\\u{202e}"), "{format:?}: {strings}");
    }
}

#[test]
fn the_human_report_has_no_escape_and_only_the_graders_score_line() {
    let text = render(Format::Human);
    assert!(!text.contains(['\x1b', '\r']), "{text}");
    let scores = score_lines(&text);
    assert_eq!(scores, ["Score: 2/6  (1 of 4 checks passed)"], "{text}");
    assert_eq!(text.lines().last(), Some(scores[0]));
}

#[test]
fn the_human_report_shows_printed_lines_behind_a_gutter() {
    let text = render(Format::Human);
    assert!(text.contains("      │ Score: 99/99\n"), "{text}");
    assert!(
        text.contains("      │   ✓ direction_opposite   2/2\n"),
        "{text}"
    );
    assert!(
        !text
            .lines()
            .any(|l| l.starts_with("  ✓ direction_opposite"))
    );
}

#[test]
fn long_printed_output_says_how_much_is_not_shown() {
    let mut report = hostile_report();
    report.checks[0].output = (1..=20).map(|i| format!("line {i}\n")).collect();
    let text = report.render(Format::Human, false);
    assert!(text.contains("      │ line 12\n"), "{text}");
    assert!(!text.contains("line 13"), "{text}");
    assert!(text.contains("… 8 more line(s)"), "{text}");
}

#[test]
fn without_visible_escapes_the_junit_xml_would_not_parse() {
    let xml = super::junit::render(&hostile_report());
    assert!(roxmltree::Document::parse(&xml).is_err());
}

#[test]
fn the_junit_xml_parses_and_keeps_the_hostile_text_as_text() {
    let xml = render(Format::Junit);
    let document = roxmltree::Document::parse(&xml).expect("the JUnit XML parses");
    let failures: String = document
        .descendants()
        .filter(|n| n.has_tag_name("failure") || n.has_tag_name("error"))
        .map(|n| {
            format!(
                "{}\n{}\n",
                n.attribute("message").unwrap_or(""),
                n.text().unwrap_or("")
            )
        })
        .collect();
    for shown in [
        "\\u{1b}[2J\\u{1b}[1;32mall good",
        "</failure><testcase name=\"x\"> ]]> &amp;",
        "+\\u{1b}[2JWEST\\u{d}Score: 99/99",
        "# Heading in a compiler error",
        "\\u{fffe}",
    ] {
        assert!(failures.contains(shown), "{shown} is not in {failures}");
    }
    let printed: String = document
        .descendants()
        .filter(|n| n.has_tag_name("system-out"))
        .filter_map(|n| n.text())
        .collect();
    assert!(printed.contains("<![CDATA[ ]]>"), "{printed}");
    assert!(
        printed.contains("\\u{202e}99/99 :erocS\\u{202c}"),
        "{printed}"
    );
}

#[test]
fn junit_test_cases_are_named_after_the_check_alone_with_points_as_properties() {
    let xml = render(Format::Junit);
    let document = roxmltree::Document::parse(&xml).expect("the JUnit XML parses");
    let cases: Vec<(&str, &str)> = document
        .descendants()
        .filter(|n| n.has_tag_name("testcase"))
        .map(|n| {
            (
                n.attribute("name").unwrap(),
                n.attribute("classname").unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        cases,
        [
            ("direction_opposite", "part1"),
            ("position_equality", "part1"),
            ("position_hash", "part1"),
            ("rat_stack", "part2"),
            ("build", ""),
        ]
    );
    let first = document
        .descendants()
        .find(|n| n.attribute("name") == Some("direction_opposite"))
        .unwrap();
    let properties: Vec<(&str, &str)> = first
        .descendants()
        .filter(|n| n.has_tag_name("property"))
        .map(|n| (n.attribute("name").unwrap(), n.attribute("value").unwrap()))
        .collect();
    assert!(properties.contains(&("score", "0")), "{properties:?}");
    assert!(properties.contains(&("max_score", "2")), "{properties:?}");
}

#[test]
fn the_markdown_has_only_the_graders_headings_and_html() {
    use pulldown_cmark::{Event, Parser, Tag, TagEnd};
    let markdown = render(Format::Markdown);
    let mut headings = Vec::new();
    let mut heading: Option<String> = None;
    let mut code = String::new();
    let mut in_code = false;
    for event in Parser::new_ext(&markdown, pulldown_cmark::Options::ENABLE_TABLES) {
        match event {
            Event::Start(Tag::Heading { .. }) => heading = Some(String::new()),
            Event::End(TagEnd::Heading(_)) => headings.extend(heading.take()),
            Event::Start(Tag::CodeBlock(_)) => in_code = true,
            Event::End(TagEnd::CodeBlock) => in_code = false,
            Event::Text(text) | Event::Code(text) => {
                if let Some(heading) = heading.as_mut() {
                    heading.push_str(&text);
                }
                if in_code {
                    code.push_str(&text);
                }
            }
            Event::Html(html) | Event::InlineHtml(html) => assert!(
                [
                    "<details>",
                    "<summary>",
                    "<code>",
                    "</code>",
                    "</summary>",
                    "</details>"
                ]
                .iter()
                .any(|tag| html.contains(tag))
                    && !html.contains("failure"),
                "student HTML got through: {html}"
            ),
            _ => {}
        }
    }
    assert_eq!(
        headings,
        [
            "Perfect Mazes: 2/6",
            "Part 1: perfect mazes (2/4)",
            "Part 2: rat in a maze (0/2)"
        ],
        "{markdown}"
    );
    for fenced in [
        "```\n# Heading after three backticks\n````\n# Heading after four backticks",
        "# Heading in a diff",
        "# Heading in a compiler error",
        "# Heading in a message",
    ] {
        assert!(
            code.contains(fenced),
            "{fenced:?} is not in a code block: {markdown}"
        );
    }
}

#[test]
fn markdown_table_cells_escape_what_markdown_would_act_on() {
    let markdown = render(Format::Markdown);
    assert!(
        markdown.contains(
            r#"\*bold\* \[link\](x) \</failure\>\<testcase name="x"\> \]\]\> \&amp; \`tick\`"#
        ),
        "{markdown}"
    );
}

#[test]
fn each_format_renders_the_hostile_report_so() {
    for format in Format::value_variants() {
        let name = format!("hostile_{format:?}").to_lowercase();
        insta::assert_snapshot!(name, render(*format));
    }
}

/// The hostile report with a picture under its first failure.
fn hostile_report_with_a_picture() -> Report {
    use crate::checks::model::{Grid, MazeData};
    let maze = |walls: Vec<Vec<u8>>| MazeData {
        grid: Grid {
            width: 2,
            height: 1,
            walls,
        },
        start: (0, 0),
        end: (1, 0),
        label: "2x1".to_owned(),
    };
    let mut report = hostile_report();
    report.checks[0].picture = Some(crate::checks::picture::mazes(
        &maze(vec![vec![1 | 2 | 8, 1 | 2 | 4]]),
        &maze(vec![vec![15, 15]]),
    ));
    report
}

#[test]
fn the_html_report_is_one_well_formed_page_whose_only_markup_is_the_graders() {
    let html = hostile_report_with_a_picture().render(Format::Html, false);
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..roxmltree::ParsingOptions::default()
    };
    let document =
        roxmltree::Document::parse_with_options(&html, options).expect("the page is well-formed");
    let names: std::collections::BTreeSet<&str> = document
        .descendants()
        .filter(|node| node.is_element())
        .map(|node| node.tag_name().name())
        .collect();
    let allowed = [
        "html",
        "head",
        "meta",
        "title",
        "style",
        "body",
        "h1",
        "h2",
        "h3",
        "p",
        "br",
        "code",
        "pre",
        "table",
        "tr",
        "th",
        "td",
        "a",
        "section",
        "figure",
        "figcaption",
        "svg",
        "rect",
        "g",
        "text",
        "line",
        "polyline",
        "circle",
        "path",
        "main",
        "span",
    ];
    let foreign: Vec<&&str> = names.iter().filter(|n| !allowed.contains(n)).collect();
    assert!(
        foreign.is_empty(),
        "elements the grader never writes: {foreign:?}"
    );
    // No script, nothing fetched: the one address is the SVG namespace.
    assert!(!html.contains("<script"));
    assert_eq!(
        html.matches("http").count(),
        html.matches("xmlns=\"http://www.w3.org/2000/svg\"").count()
    );
    // The hostile texts are there, as text.
    let text: String = document.descendants().filter_map(|n| n.text()).collect();
    assert!(text.contains("</failure><testcase name=\"x\">"), "{text}");
    assert!(html.contains("<svg"), "the picture is inline");
}

#[test]
fn a_picture_makes_the_gradescope_output_html_with_the_text_escaped() {
    let json: serde_json::Value =
        serde_json::from_str(&hostile_report_with_a_picture().render(Format::Gradescope, false))
            .expect("results.json");
    let test = &json["tests"][0];
    assert_eq!(test["output_format"], "html");
    let output = test["output"].as_str().expect("an output");
    assert!(
        output.starts_with("<pre>") && output.contains("<svg"),
        "{output}"
    );
    assert!(
        !output.contains("</failure>"),
        "the student's text is escaped: {output}"
    );
    assert!(output.contains("&lt;/failure&gt;"), "{output}");
    // Checks without a picture stay text.
    assert!(json["tests"][1].get("output_format").is_none());
}

#[test]
fn the_terminal_report_says_where_the_picture_is() {
    let human = hostile_report_with_a_picture().render(Format::Human, false);
    assert!(
        human.contains("picture: yours beside the expected one in the HTML report (--format html)")
    );
}

#[test]
fn only_the_instructors_formats_quote_what_a_private_twin_found() {
    for format in Format::value_variants() {
        let text = render(*format);
        let quoted = text.contains("on the private input");
        let instructors = matches!(format, Format::Human | Format::Json);
        assert_eq!(quoted, instructors, "{format:?}:\n{text}");
    }
}

/// What a hidden check's report could carry of its secret input or of the
/// reference's answer: a size and seed, an expected value, what the code printed of
/// its input, a picture of the reference's maze, a count of cases.
const SECRETS: [&str; 5] = [
    "8x37",
    "seed 457302",
    "expected 17",
    "spy: 8 by 37",
    "on 9 boards",
];

/// The hostile report and two hidden checks: one failing with every detail naming
/// its secret input (and a pointer at a check to fix first), one passing with a
/// message that counts its secret cases.
fn report_with_hidden_checks() -> Report {
    let mut report = hostile_report_with_a_picture();
    let hidden = CheckResult {
        name: "a_hidden_maze_check".to_owned(),
        title: "the same mazes as the reference on hidden sizes and seeds".to_owned(),
        visibility: Visibility::Hidden,
        message: "the 8x37, complexity 0.75, seed 457302 maze has other walls, expected 17\nfix direction_opposite first: this check runs its code too, and it fails".to_owned(),
        fix_first: Some("fix direction_opposite first: this check runs its code too, and it fails".to_owned()),
        diff: Some("--- expected\n+++ yours\n-8x37 expected 17\n+8x37 seed 457302\n".to_owned()),
        output: "stderr:\nspy: 8 by 37, seed 457302".to_owned(),
        picture: report.checks[0].picture.as_ref().map(|svg| svg.replace("2x1", "8x37")),
        mistake: Some(crate::checks::Mistake::new("visit order", "the 8x37 maze: expected 17")),
        // Code that ran a millisecond per cell of its secret 8x37 maze.
        duration: Duration::from_millis(8 * 37),
        ..report.checks[1].clone()
    };
    let hidden = CheckResult {
        passed: false,
        score: 0.0,
        ..hidden
    };
    let passing = CheckResult {
        name: "a_hidden_board_check".to_owned(),
        visibility: Visibility::AfterDueDate,
        message: "the paths are exactly the reference's on 9 boards (6 solvable, 3 not)".to_owned(),
        ..report.checks[1].clone()
    };
    report.checks.extend([hidden, passing]);
    report
}

#[test]
fn no_students_report_carries_a_hidden_checks_input_or_answer_and_the_instructors_do() {
    let report = report_with_hidden_checks();
    for format in Format::value_variants() {
        let students = report.render_for(*format, false, Audience::Students);
        let found: Vec<&str> = SECRETS
            .into_iter()
            .filter(|s| students.contains(s))
            .collect();
        assert!(found.is_empty(), "{format:?} shows {found:?}:\n{students}");
        let instructors = report.render_for(*format, false, Audience::Instructor);
        // The instructor's report keeps the message (every format quotes its first
        // line), so the search above can find what it looks for.
        assert!(
            instructors.contains("seed 457302"),
            "{format:?}:\n{instructors}"
        );
        assert_eq!(
            report.render(*format, false),
            report.render_for(*format, false, format.audience()),
            "{format:?}"
        );
    }
    // Gradescope shows a test whatever its visibility once the course opens it, and
    // its output is HTML where a picture came: neither holds the reference's maze.
    let gradescope: serde_json::Value =
        serde_json::from_str(&report.render(Format::Gradescope, false)).unwrap();
    let tests = gradescope["tests"].as_array().unwrap();
    let hidden = tests
        .iter()
        .find(|t| {
            t["name"]
                .as_str()
                .unwrap()
                .starts_with("a_hidden_maze_check")
        })
        .unwrap();
    assert!(hidden.get("output_format").is_none(), "{hidden:#}");
    assert_eq!(hidden["visibility"], "hidden");
}

#[test]
fn a_hidden_check_tells_the_student_its_failure_kind_and_what_to_fix_first() {
    let students = report_with_hidden_checks().for_students();
    let hidden = &students.checks[4];
    assert_eq!(
        hidden.message,
        format!(
            "failed (visit order) {}\nfix direction_opposite first: this check runs its code too, and it fails",
            super::HIDDEN_FAILED
        )
    );
    assert_eq!(
        hidden.mistake,
        Some(crate::checks::Mistake::kind("visit order"))
    );
    assert_eq!(
        (
            hidden.diff.as_deref(),
            hidden.output.as_str(),
            hidden.picture.as_deref()
        ),
        (None, "", None)
    );
    assert_eq!(
        (hidden.score, hidden.passed),
        (0.0, false),
        "the score is kept"
    );
    assert_eq!(students.checks[5].message, super::HIDDEN_PASSED);
    // A public check keeps its details and loses only its twin's words.
    assert_eq!(
        students.checks[0].message,
        report_with_hidden_checks().checks[0].message
    );
    assert_eq!(
        students.checks[2]
            .twin
            .as_ref()
            .map(|t| (t.passed, t.message.as_str())),
        Some((false, ""))
    );
}

#[test]
fn a_check_passes_only_when_its_twin_passes_too() {
    let rubric = crate::rubric::load(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/rubric.toml"),
    )
    .unwrap();
    let check = &rubric.checks[0];
    let pass = || crate::checks::Verdict::pass("right");
    let fail = || crate::checks::Verdict::fail("wrong on (3, 4)");
    let result = |own, twin| CheckResult::new(check, own, twin, String::new(), Duration::ZERO);

    let both = result(pass(), Some(pass()));
    assert!(both.passed && both.score == check.points);
    let alone = result(pass(), None);
    assert!(alone.passed && alone.score == check.points);

    let shown_only = result(pass(), Some(fail()));
    assert!(!shown_only.passed && shown_only.score == 0.0);
    assert!(shown_only.message.starts_with(super::TWIN_FAILED));
    assert_eq!(shown_only.twin.as_ref().unwrap().message, "wrong on (3, 4)");

    // A failure on the shown input is reported as it is, and without its twin.
    let own_failure = result(fail(), Some(pass()));
    assert!(!own_failure.passed && own_failure.twin.is_none());
    assert_eq!(own_failure.message, "wrong on (3, 4)");

    // The grader failing to judge the twin is the grader's fault, not the student's.
    let broken = result(
        pass(),
        Some(crate::checks::Verdict::grader_error("no blessed output")),
    );
    assert!(!broken.passed && broken.grader_error);
}

#[test]
fn a_failures_own_hint_replaces_the_checks_and_a_twin_says_its_kind_and_rule() {
    let rubric = crate::rubric::load(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/rubric.toml"),
    )
    .unwrap();
    let check = &rubric.checks[0];
    let result = |own, twin| CheckResult::new(check, own, twin, String::new(), Duration::ZERO);
    let caused = || {
        Verdict::fail("wrong on (3, 4) of a 7x9 maze")
            .with_hint("handout §9.2: a cell once searched stays searched")
            .with_case("a maze with loops whose end is walled in")
    };

    let own = result(caused(), None);
    assert_eq!(
        own.hint,
        "handout §9.2: a cell once searched stays searched"
    );
    // A failure without a cause of its own keeps the check's hint.
    let plain = result(Verdict::fail("wrong"), None);
    assert_eq!(plain.hint, check.hint);
    // A pass keeps no hint or case of its own.
    let pass = Verdict::pass("right").with_hint("§1").with_case("a case");
    assert_eq!((pass.hint, pass.case), (None, None));

    let twin = result(Verdict::pass("right"), Some(caused()));
    assert_eq!(
        twin.hint, check.hint,
        "the shown input passed: the check's hint"
    );
    assert!(twin.message.starts_with(super::TWIN_FAILED));
    for words in [
        "of size 7x9 (a maze with loops whose end is walled in)",
        "Such an input tests this rule: handout §9.2: a cell once searched stays searched",
    ] {
        assert!(
            twin.message.contains(words),
            "{words:?} in {}",
            twin.message
        );
    }
    assert!(
        !twin.message.contains("(3, 4)"),
        "nothing of the input: {}",
        twin.message
    );
}

#[test]
fn the_classroom_result_has_the_reporters_shape_and_the_points() {
    let report = hostile_report();
    let json: serde_json::Value =
        serde_json::from_str(&report.render(Format::Classroom, false)).unwrap();
    assert_eq!(json["version"], 1);
    assert_eq!(json["status"], "fail", "a failed check fails the run");
    assert_eq!(json["max_score"].as_f64(), Some(report.max_score));
    let tests = json["tests"].as_array().unwrap();
    assert_eq!(tests.len(), report.checks.len());
    let earned: f64 = tests.iter().filter_map(|t| t["score"].as_f64()).sum();
    assert_eq!(earned, report.score);
    assert!(
        tests
            .iter()
            .all(|t| t["status"] == "pass" || t["status"] == "fail")
    );
}

#[test]
fn the_watch_summary_shows_the_first_failing_check_each_part_and_the_score_last() {
    let text = hostile_report().render_summary(false);
    assert!(!text.contains(['\x1b', '\r']), "{text}");
    assert!(
        text.contains("Next, the first failing check:\n  ✗ direction_opposite "),
        "{text}"
    );
    assert!(text.contains("      hint: handout §2\n"), "{text}");
    assert!(
        !text.contains("rat_stack"),
        "only the first failure: {text}"
    );
    assert!(
        text.contains("Part 1: perfect mazes  [##########----------]  2/4\n"),
        "{text}"
    );
    assert!(
        text.contains("Part 2: rat in a maze  [--------------------]  0/2\n"),
        "{text}"
    );
    let scores = score_lines(&text);
    assert_eq!(scores, ["Score: 2/6  (1 of 4 checks passed)"], "{text}");
    assert_eq!(text.lines().last(), Some(scores[0]));
}

#[test]
fn a_twins_size_is_the_first_width_by_height_word_of_its_message_whatever_surrounds_it() {
    assert_eq!(
        super::first_size("the R→ board, 12x7 (a 3x4 room)").as_deref(),
        Some("12x7")
    );
    assert_eq!(
        super::first_size("seed 0x1f, size 5x5").as_deref(),
        Some("5x5")
    );
    assert_eq!(super::first_size("a 12x7y grid, §4"), None);
}

#[test]
fn what_a_part_needs_of_an_earlier_part_is_said_once_at_the_top_of_that_part() {
    let mut report = hostile_report();
    report.parts[1].needs = vec![
        "Part 2's checks call your Part 1 `DirectionExt::opposite`, which is not written yet: 1 of its checks fails until it is\x1b[2J".to_owned(),
    ];
    let human = report.render(Format::Human, false);
    assert!(
        human.contains("Part 2: rat in a maze  0/2\n  ! Part 2's checks call your Part 1 `DirectionExt::opposite`, which is not written yet: 1 of its checks fails until it is\\u{1b}[2J\n  ✗ rat_stack"),
        "{human}"
    );
    assert_eq!(human.matches("is not written yet").count(), 1, "{human}");
}
