use std::path::PathBuf;

use super::*;

const HELP: &str = "
                                    clippy::needless-return  warn     using a return statement like `return expr;` where an expression would suffice
                                           clippy::len-zero  warn     checking `x.len() == 0` or similar when `.is_empty()` could be used instead
                                       clippy::must-use-candidate  allow    function or method that could take a `#[must_use]` attribute
                                           clippy::ptr-arg  warn     fn arguments of the type `&Vec<...>` or `&String`, suggesting to use `&[...]` or `&str` instead, respectively
                                 clippy::style  clippy::needless-return, clippy::len-zero, clippy::ptr-arg
                              clippy::pedantic  clippy::must-use-candidate
";

fn settings(points: f64) -> Settings {
    Settings {
        points,
        lints: vec![
            "clippy::style".to_owned(),
            "clippy::no_such_lint".to_owned(),
        ],
        ..Settings::default()
    }
}

fn plan(settings: &Settings) -> Plan {
    plan_with(
        settings,
        &Catalog::parse(HELP),
        PathBuf::from("/t/clippy-driver"),
    )
}

fn lint(code: &str, file: &str, line: usize) -> Lint {
    Lint {
        code: code.to_owned(),
        message: format!("{code} here"),
        file: PathBuf::from(file),
        lines: (line, line),
        column: 5,
    }
}

/// `(lint, file, line)` of each finding.
fn placed(section: &Section) -> Vec<(&str, &str, usize)> {
    section
        .findings
        .iter()
        .map(|f| (f.lint.as_str(), f.file.as_str(), f.line))
        .collect()
}

/// A stub file and the student's version of it: lines 3 and 4 are theirs.
fn sources() -> (Sources, Sources) {
    let stub = "pub fn given(v: &Vec<i32>) -> usize {\n    v.len()\n}\npub fn f() -> bool {\n    todo!()\n}\n";
    let theirs = "pub fn given(v: &Vec<i32>) -> usize {\n    v.len()\n}\npub fn f() -> bool {\n    return true;\n}\n";
    (
        Sources::from([
            (PathBuf::from("a.rs"), theirs.as_bytes().to_vec()),
            (PathBuf::from("mine.rs"), b"fn x() {}\n".to_vec()),
        ]),
        Sources::from([(PathBuf::from("a.rs"), stub.as_bytes().to_vec())]),
    )
}

#[test]
fn the_courses_lints_are_forced_on_and_every_other_clippy_lint_off() {
    let plan = plan(&settings(0.0));
    assert_eq!(
        plan.clippy.args,
        ["-A", "clippy::all", "--force-warn", "clippy::style"]
    );
    assert_eq!(plan.unknown, ["clippy::no_such_lint"]);
    assert_eq!(
        plan.counted,
        BTreeSet::from([
            "clippy::len_zero".to_owned(),
            "clippy::needless_return".to_owned(),
            "clippy::ptr_arg".to_owned()
        ])
    );
    let honoured = plan_with(
        &Settings {
            honour_allow: true,
            ..settings(0.0)
        },
        &Catalog::parse(HELP),
        PathBuf::from("/t/clippy-driver"),
    );
    assert_eq!(honoured.clippy.args[2], "-W");
}

#[test]
fn only_the_students_lines_and_the_courses_lints_make_findings() {
    let (sources, stubs) = sources();
    let lints = [
        // On the provided function's signature: not theirs.
        lint("clippy::ptr_arg", "a.rs", 1),
        // In the body they wrote.
        lint("clippy::needless_return", "a.rs", 5),
        // Turned on by their own attribute, not by the course.
        lint("clippy::must_use_candidate", "a.rs", 4),
        // A file of their own.
        lint("clippy::len_zero", "mine.rs", 1),
        // The same place twice (through a macro): once.
        lint("clippy::len_zero", "mine.rs", 1),
    ];
    let section = section(
        &settings(0.0),
        &Ok(plan(&settings(0.0))),
        Some(&lints),
        &sources,
        Some(&stubs),
        0.0,
    );
    let found = placed(&section);
    assert_eq!(
        found,
        [
            ("clippy::needless_return", "src/a.rs", 5),
            ("clippy::len_zero", "src/mine.rs", 1)
        ]
    );
    assert_eq!(section.not_yours, 1);
    assert_eq!(
        section.findings[0].explanation,
        "the last expression of a function is its value: no `return` needed there"
    );
    assert!(
        section
            .note
            .as_deref()
            .is_some_and(|n| n.contains("clippy::no_such_lint"))
    );
}

#[test]
fn each_finding_costs_its_points_up_to_the_cap() {
    let (sources, stubs) = sources();
    let lints = [
        lint("clippy::len_zero", "mine.rs", 1),
        lint("clippy::needless_return", "a.rs", 5),
    ];
    let graded = |settings: &Settings| {
        section(
            settings,
            &Ok(plan(settings)),
            Some(&lints),
            &sources,
            Some(&stubs),
            settings.points,
        )
    };
    let five = graded(&settings(5.0));
    assert_eq!((five.score, five.max_score), (3.0, 5.0));
    let capped = graded(&Settings {
        cap: Some(1.0),
        ..settings(5.0)
    });
    assert_eq!(capped.score, 4.0);
    let harsh = graded(&Settings {
        per_finding: 4.0,
        ..settings(5.0)
    });
    assert_eq!(harsh.score, 0.0, "never below zero");
    let feedback = graded(&settings(0.0));
    assert_eq!((feedback.score, feedback.max_score), (0.0, 0.0));
}

/// Two parts of 30 and 10 points: the first with 15 of its points passed, the
/// second with none.
fn half_of_part_one() -> Vec<Vec<(f64, f64, bool)>> {
    vec![
        vec![(10.0, 10.0, true), (20.0, 5.0, true), (0.0, 0.0, false)],
        vec![(10.0, 0.0, false)],
    ]
}

#[test]
fn code_nobody_wrote_earns_no_style_points() {
    let unwritten = vec![vec![(30.0, 0.0, false)], vec![(10.0, 0.0, false)]];
    for earned_by in [EarnedBy::Checks, EarnedBy::Parts] {
        let settings = Settings {
            earned_by,
            ..settings(10.0)
        };
        assert_eq!(settings.earned(&unwritten), 0.0, "{earned_by:?}");
        assert_eq!(settings.earned(&[]), 0.0, "no check at all");
    }
}

#[test]
fn the_points_follow_the_checks_passed_or_the_parts_begun_as_the_rubric_says() {
    let checks = settings(10.0);
    assert_eq!(checks.earned(&half_of_part_one()), 3.75, "15 of 40 points");
    let parts = Settings {
        earned_by: EarnedBy::Parts,
        ..settings(10.0)
    };
    assert_eq!(parts.earned(&half_of_part_one()), 7.5, "part 1's 30 of 40");
    let thirds = vec![vec![(1.0, 1.0, true)], vec![(2.0, 0.0, false)]];
    assert_eq!(checks.earned(&thirds), 3.33, "rounded to hundredths");
}

#[test]
fn findings_take_their_points_off_what_the_code_earned_and_the_line_says_so() {
    let (sources, stubs) = sources();
    let lints = [lint("clippy::len_zero", "mine.rs", 1)];
    let settings = settings(10.0);
    let partial = section(
        &settings,
        &Ok(plan(&settings)),
        Some(&lints),
        &sources,
        Some(&stubs),
        4.0,
    );
    assert_eq!((partial.score, partial.max_score), (3.0, 10.0));
    assert_eq!(
        partial.points_line(),
        "3/10: 4 of 10 earned by the checks passed, 1 point per finding"
    );
    let whole = section(
        &settings,
        &Ok(plan(&settings)),
        Some(&lints),
        &sources,
        Some(&stubs),
        10.0,
    );
    assert_eq!(whole.points_line(), "9/10, 1 point per finding");
}

#[test]
fn code_that_does_not_compile_earns_no_style_points_and_a_missing_clippy_changes_nothing() {
    let (sources, stubs) = sources();
    let broken = section(
        &settings(5.0),
        &Ok(plan(&settings(5.0))),
        None,
        &sources,
        Some(&stubs),
        5.0,
    );
    assert_eq!((broken.score, broken.max_score), (0.0, 5.0));
    assert_eq!(broken.note.as_deref(), Some(NOT_COMPILED));
    let missing = section(
        &settings(5.0),
        &Err("clippy is not installed".to_owned()),
        None,
        &sources,
        Some(&stubs),
        5.0,
    );
    assert!(!missing.checked);
    assert_eq!((missing.score, missing.max_score), (0.0, 0.0));
}

#[test]
fn the_default_list_reads_what_this_assignment_teaches() {
    let defaults = Settings::default();
    assert_eq!(
        defaults.points, 0.0,
        "feedback only unless the course says so"
    );
    for lint in [
        "clippy::style",
        "clippy::needless_pass_by_value",
        "clippy::redundant_clone",
        "clippy::explicit_iter_loop",
    ] {
        assert!(
            crate::rubric::style::DEFAULT_LINTS.contains(&lint),
            "{lint}"
        );
    }
}

#[test]
fn telling_clippy_the_code_is_for_an_older_rust_is_a_finding_where_the_student_wrote_it() {
    let (mut sources, stubs) = sources();
    sources.insert(
        PathBuf::from("mine.rs"),
        b"#[r#clippy :: msrv = \"1.0\"]\nfn x() {}\n".to_vec(),
    );
    let section = section(
        &settings(0.0),
        &Ok(plan(&settings(0.0))),
        Some(&[]),
        &sources,
        Some(&stubs),
        0.0,
    );
    let found = placed(&section);
    assert_eq!(found, [("clippy::msrv", "src/mine.rs", 1)]);
}

#[test]
fn msrv_is_found_in_any_spacing_and_not_in_a_longer_name() {
    assert!(super::names_msrv("#![clippy::msrv = \"1.60\"]"));
    assert!(super::names_msrv("#[r#clippy :: r#msrv = \"1.0\"]"));
    assert!(!super::names_msrv("let clippy_msrv_note = 1;"));
    assert!(!super::names_msrv("// clippy::msrv_lookalike"));
}

#[test]
fn the_rubric_chooses_how_style_points_are_earned_and_a_wrong_word_names_its_line() {
    let parts = "[[parts]]\nid = \"part1\"\ntitle = \"Part 1\"\n\n[[check]]\nname = \"direction_opposite\"\npart = \"part1\"\ntitle = \"opposite\"\npoints = 2\nhint = \"§2\"\n";
    let read = |style: &str| crate::rubric::parse(&format!("{style}\n{parts}"), "r.toml");
    let chosen = read("[style]\npoints = 10\nearned_by = \"parts\"").expect("a rubric");
    assert_eq!(chosen.style.earned_by, EarnedBy::Parts);
    let unsaid = read("[style]\npoints = 10").expect("a rubric");
    assert_eq!(unsaid.style.earned_by, EarnedBy::Checks);
    let wrong = read("[style]\npoints = 10\nearned_by = \"always\"")
        .expect_err("an unknown way of earning")
        .to_string();
    assert!(
        wrong.contains("line 3") && wrong.contains("expected `checks` or `parts`"),
        "{wrong}"
    );
}
