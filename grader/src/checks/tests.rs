use std::collections::{HashMap, HashSet};

use super::*;

/// The handout's section (`§2`, `§7.4`) of each check, from its declared hint
/// ("handout §2: …").
fn sections() -> HashMap<String, String> {
    all()
        .iter()
        .filter_map(|check| {
            let section = check
                .hint
                .strip_prefix("handout ")?
                .split([':', ' '])
                .next()?;
            Some((check.name.to_owned(), section.to_owned()))
        })
        .collect()
}

#[test]
fn each_later_parts_first_chapter_names_the_earlier_code_its_checks_call() {
    let sections = sections();
    let kit = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let chapters: Vec<String> = std::fs::read_dir(kit.join("handout/src"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    for part in &Part::ALL[1..] {
        let checks: Vec<CheckSpec> = all().into_iter().filter(|c| c.part == *part).collect();
        if checks.is_empty() {
            continue; // left out of this build (a template's grader)
        }
        // Every check of an earlier part that this part's checks call, directly or
        // through another prerequisite.
        let mut called = HashSet::new();
        let mut next: Vec<&str> = checks.iter().map(|c| c.name).collect();
        while let Some(name) = next.pop() {
            for &before in prerequisites(name) {
                if called.insert(before) {
                    next.push(before);
                }
            }
        }
        let mut needed: Vec<&str> = called
            .into_iter()
            .filter(|name| find(name).is_some_and(|c| c.part < *part))
            .map(|name| sections[name].as_str())
            .collect();
        needed.sort_unstable();
        needed.dedup();
        // The part's first chapter: `07-rat.md` for the checks of §7.1 to §7.6.
        let chapter = checks
            .iter()
            .filter_map(|c| sections.get(c.name))
            .filter_map(|s| {
                s.trim_start_matches('§')
                    .split('.')
                    .next()?
                    .parse::<u32>()
                    .ok()
            })
            .min()
            .unwrap();
        let file = chapters
            .iter()
            .find(|f| {
                f.strip_prefix(&format!("{chapter:02}-"))
                    .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_alphabetic()))
            })
            .unwrap();
        let text = std::fs::read_to_string(kit.join("handout/src").join(file)).unwrap();
        let number = &part.id()["part".len()..];
        let start = text
            .find(&format!("> **What Part {number} needs from"))
            .unwrap_or_else(|| panic!("{file} does not say what Part {number} needs"));
        let paragraph: String = text[start..]
            .lines()
            .take_while(|line| line.starts_with('>'))
            .collect::<Vec<_>>()
            .join(" ");
        for section in &needed {
            assert!(
                paragraph.contains(&format!("[{section}]")),
                "{file}: Part {number}'s checks call the code of {section}: {paragraph}"
            );
        }
        if needed.is_empty() {
            assert!(paragraph.contains("Nothing"), "{file}: {paragraph}");
        }
    }
}

#[test]
fn the_problems_after_the_first_are_counted_in_words_that_agree() {
    let problems = |n: usize| (0..n).map(|i| format!("problem {i}")).collect();
    let one_more = Verdict::from_problems(problems(2), "fine");
    assert_eq!(one_more.message, "problem 0 (and 1 more problem like it)");
    let two_more = Verdict::from_problems(problems(3), "fine");
    assert_eq!(two_more.message, "problem 0 (and 2 more problems like it)");
}

#[test]
fn prerequisites_name_known_checks_of_the_same_or_an_earlier_part() {
    for spec in all() {
        for name in spec.after {
            let first = find(name)
                .unwrap_or_else(|| panic!("{} waits for {name}, which is not a check", spec.name));
            assert!(
                first.part <= spec.part,
                "{} waits for {name}, of a later part",
                spec.name
            );
            assert_ne!(spec.name, *name, "{} waits for itself", spec.name);
        }
    }
}

#[test]
fn every_blessed_twin_expects_another_answer_than_the_template_knows() {
    // The template ships each visible check's blessed output. A twin that expects
    // that same output is answered by code that returns it whatever it is asked:
    // a twin made by mirroring a maze, say, cannot test its count of dead ends.
    // These checks' answers are the same for every input of their kind.
    const THE_SAME_FOR_EVERY_INPUT: &[(&str, &str)] = &[
        (
            "array_border_stays_closed",
            "removing a border wall leaves all four walls",
        ),
        (
            "arrows_solve_unsolvable",
            "a board with no way to the target has no path",
        ),
        ("solve_before_create", "solving before create is NotCreated"),
    ];
    let kit = crate::kit::Kit::locate(None).expect("the kit");
    let snapshots =
        crate::snapshots::Snapshots::load(&kit.snapshots()).expect("the blessed outputs");
    let answered: Vec<&str> = all()
        .iter()
        .filter(|spec| spec.blessed)
        .filter(|spec| {
            !THE_SAME_FOR_EVERY_INPUT
                .iter()
                .any(|(name, _)| *name == spec.name)
        })
        .filter(|spec| {
            let visible = snapshots.get(spec.name);
            let twin = snapshots.get(&twin_name(spec.name));
            matches!((visible, twin), (Some(v), Some(t)) if v.output == t.output)
        })
        .map(|spec| spec.name)
        .collect();
    assert!(
        answered.is_empty(),
        "these checks' twins expect the answer the template's blessed output gives, so \
         code that ignores its input passes them: draw another kind of input for the \
         twin (see Hidden checks and secret twins in the guide): {answered:?}"
    );
    for (name, _) in THE_SAME_FOR_EVERY_INPUT {
        assert!(find(name).is_some(), "{name} is not a check");
    }
}

#[test]
fn every_check_declares_its_rubric_entry() {
    let sections = sections();
    let incomplete: Vec<String> = all()
        .iter()
        .filter_map(|spec| {
            let mut missing = Vec::new();
            if spec.title.is_empty() {
                missing.push("a title");
            }
            if !(spec.points.is_finite() && spec.points > 0.0 && spec.points <= 1000.0) {
                missing.push("points in 0..=1000, above 0");
            }
            let section = sections
                .get(spec.name)
                .and_then(|section| section.strip_prefix('§'));
            if section.and_then(Part::of_section) != Some(spec.part) {
                missing.push("a hint \"handout §N: …\" naming a section of its part's chapters");
            }
            if spec
                .time_limit
                .is_some_and(|seconds| !(0.1..=600.0).contains(&seconds))
            {
                missing.push("a time limit in 0.1..=600 seconds");
            }
            (!missing.is_empty()).then(|| format!("{}: {}", spec.name, missing.join(", ")))
        })
        .collect();
    assert!(
        incomplete.is_empty(),
        "these checks' declarations (.rubric(points, title, hint)) lack: {incomplete:?}"
    );
}

#[test]
#[cfg(feature = "hidden-checks")]
fn a_check_is_hidden_exactly_when_the_hidden_module_declares_it() {
    let hidden: Vec<&str> = hidden::CHECKS.iter().map(|spec| spec.name).collect();
    let wrong: Vec<&str> = all()
        .iter()
        .filter(|spec| (spec.visibility != Visibility::Visible) != hidden.contains(&spec.name))
        .map(|spec| spec.name)
        .collect();
    assert!(
        wrong.is_empty(),
        "a hidden check is declared in checks/hidden.rs (left out of the template) with \
         .visibility(…), and only there: {wrong:?}"
    );
}

#[test]
fn every_producer_is_called_by_a_check() {
    let unused: Vec<&str> = Producer::all()
        .into_iter()
        .filter(|producer| !all().iter().any(|check| check.producer == *producer))
        .map(Producer::name)
        .collect();
    // A grader without a part's checks (a template that leaves Part 2 or 5 out)
    // names none of its producers.
    if cfg!(all(feature = "part2", feature = "part5")) {
        assert!(unused.is_empty(), "no check calls {unused:?}");
    }
}

#[test]
fn check_names_are_unique() {
    let names: HashSet<&str> = all().iter().map(|c| c.name).collect();
    assert_eq!(names.len(), all().len());
}

#[test]
fn a_panicking_judge_is_a_grader_error_not_a_crash() {
    fn broken(_: &Case) -> Judged {
        let empty: Vec<u8> = Vec::new();
        Ok(Verdict::pass(format!("{}", empty[3])))
    }
    let spec = CheckSpec::new(
        "broken",
        Producer::Part1(producers::Part1::DirectionOpposite),
        |_| Ok(Value::Null),
        broken,
        false,
    );
    let verdict = judge(
        &spec,
        &Case {
            input: &Value::Null,
            output: &Value::Null,
            expected: None,
        },
    );
    assert!(!verdict.passed && verdict.grader_error);
    assert!(
        verdict
            .message
            .starts_with("the grader could not judge this")
    );
}

#[test]
fn every_visible_check_asks_its_twin_another_question() {
    let kit = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let fixtures = kit.join("fixtures");
    let rubric = crate::rubric::load(&fixtures.join("rubric.toml")).expect("the kit's rubric");
    let input = |check: &crate::rubric::RubricCheck, secret| {
        (check.spec.input)(&Inputs {
            fixtures: &fixtures,
            check: check.spec.name,
            secret,
        })
        .unwrap_or_else(|error| panic!("{}: {error:#}", check.spec.name))
    };
    let same: Vec<&str> = rubric
        .checks
        .iter()
        .filter(|check| check.is_public())
        .filter(|check| {
            let twin = input(check, Some("a course's secret"));
            twin == input(check, None) || twin != input(check, Some("a course's secret"))
        })
        .map(|check| check.spec.name)
        .collect();
    assert!(
        same.is_empty(),
        "these twins ask what the template asks, or change between gradings: {same:?}"
    );
}

#[test]
fn a_long_diff_is_cut_to_a_window_around_its_first_difference() {
    let expected: String = (0..100).map(|i| format!("line {i}\n")).collect();
    // Lines 40 to 69 differ: one long hunk, and the window shows its start.
    let actual: String = (0..100)
        .map(|i| match i {
            40..70 => format!("LINE {i}\n"),
            _ => format!("line {i}\n"),
        })
        .collect();
    let verdict = Verdict::fail_with_diff("differs", &expected, &actual);
    let diff = verdict.diff.expect("a diff");
    assert!(diff.lines().count() <= DIFF_WINDOW, "{diff}");
    assert!(
        diff.starts_with("--- expected\n+++ yours\n@@ -38,10 +38,10 @@\n line 37\n"),
        "{diff}"
    );
    assert!(
        diff.contains("-line 40\n") && diff.contains("+LINE 40\n"),
        "{diff}"
    );
    assert!(!diff.contains("LINE 50"), "{diff}");
    assert!(
        diff.ends_with("… and more below: the whole diff has 69 lines\n"),
        "{diff}"
    );
    let short = Verdict::fail_with_diff("differs", "a\nb\n", "a\nc\n");
    assert!(!short.diff.expect("a diff").contains("more lines"));
}

#[test]
fn a_maze_that_differs_names_its_first_differing_cell_with_both_walls() {
    let grid = |walls: Vec<Vec<u8>>| model::Grid::from_rows(2, 2, walls).expect("a grid");
    let maze = |grid| model::MazeData {
        grid,
        start: (0, 0),
        end: (1, 1),
        label: "2x2".to_owned(),
    };
    let want = maze(grid(vec![vec![13, 9], vec![6, 7]]));
    let got = maze(grid(vec![vec![13, 9], vec![14, 3]]));
    let verdict = Verdict::maze_mismatch("the 2x2 maze has other walls", &want, &got);
    assert_eq!(
        verdict.message,
        "the 2x2 maze has other walls (the first cell that differs, row by row from the top left, is (0, 1): the reference's has the walls SOUTH | EAST, yours SOUTH | EAST | WEST)"
    );
}

#[test]
fn hidden_inputs_depend_on_the_secret() {
    use rand::RngCore as _;
    let inputs = |secret| Inputs {
        fixtures: Path::new("."),
        check: "x",
        secret,
    };
    let a = inputs(Some("one")).rng().next_u64();
    assert_eq!(a, inputs(Some("one")).rng().next_u64());
    assert_ne!(a, inputs(Some("two")).rng().next_u64());
    assert_ne!(a, inputs(None).rng().next_u64());
}

#[cfg(feature = "hidden-checks")]
#[test]
fn a_hidden_check_waits_for_what_its_public_counterpart_waits_for() {
    // A hidden check asks a visible check's question (`X`, or `X_fixtures`) on the
    // course's private inputs, as `X_hidden`: the same code runs, so the same checks
    // are its causes.
    for hidden in hidden::CHECKS {
        let Some(base) = hidden.name.strip_suffix("_hidden") else {
            panic!("{} is hidden without the _hidden suffix", hidden.name);
        };
        let public = find(base).or_else(|| find(&format!("{base}_fixtures")));
        if let Some(public) = public {
            assert_eq!(
                hidden.after, public.after,
                "{} waits for other checks than {}",
                hidden.name, public.name
            );
        }
    }
}

/// The hints a judge gives a failure of its own (each `with_hint` call in the checks'
/// source) and each check's hint for a run out of time: each names, as a declared hint
/// does, the handout's section, and the same chapter the check's own hint names.
#[test]
fn every_hint_a_failure_gets_names_a_section_of_its_checks_chapter() {
    let chapter = |hint: &str| -> Option<String> {
        let section = hint
            .strip_prefix("handout §")?
            .split([':', ' ', ','])
            .next()?;
        Some(section.split('.').next()?.to_owned())
    };
    let mut problems = Vec::new();
    for check in all() {
        for (kind, hint) in [("slow", check.slow), ("waiting", check.waited)] {
            if let Some(hint) = hint
                && chapter(hint) != chapter(check.hint)
            {
                problems.push(format!("{}'s {kind} hint {hint:?}", check.name));
            }
        }
    }
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/checks");
    let mut files = vec![dir.clone()];
    let mut judged = 0;
    while let Some(path) = files.pop() {
        if path.is_dir() {
            files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
            continue;
        }
        if path.ends_with("checks/tests.rs") {
            continue; // this test's own words
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for (_, rest) in text
            .match_indices(".with_hint(")
            .map(|(i, _)| text.split_at(i))
        {
            let literal = rest[".with_hint(".len()..].trim_start();
            let Some(hint) = literal.strip_prefix('"').and_then(|l| l.split('"').next()) else {
                continue; // a constant or a variable: its literal is found where it is written
            };
            judged += 1;
            if chapter(hint).is_none() {
                problems.push(format!("{}: {hint:?}", path.display()));
            }
        }
    }
    assert!(judged > 0, "no judge gives a hint of its own");
    assert!(
        problems.is_empty(),
        "hints that name no section of the check's chapter: {problems:#?}"
    );
}
