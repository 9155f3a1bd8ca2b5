//! A synthetic class, built here in a temporary folder: five students who wrote the
//! same three functions (`DirectionExt::opposite`, a breadth-first search, a disjoint
//! set) each in their own way, copies of some of them disguised the usual ways, and a
//! submission that is just the starter. Each submission is the kit's real starter
//! with the student's code added in `src/work.rs` (the tool only tokenizes, so the
//! code need not compile).

mod class;

use std::path::{Path, PathBuf};

use super::{KnownDir, Outcome, Provided, Settings, compare, compare_with_known, report};

/// The defaults of `grader similarity`.
const DEFAULTS: Settings = Settings {
    k: 23,
    window: 17,
    common_share: 0.5,
    common_min: 10,
};

fn kit_starter() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../starter/src")
}

/// The kit's starter as the provided code.
fn provided() -> Provided {
    Provided::from_dir(&kit_starter()).unwrap()
}

/// A submission folder `class/name` holding the starter plus `work` as src/work.rs.
fn submission(class: &Path, name: &str, work: Option<&str>) {
    let src = class.join(name).join("src");
    for file in super::rust_files(&kit_starter()).unwrap() {
        let to = src.join(&file);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(kit_starter().join(&file), &to).unwrap();
    }
    if let Some(work) = work {
        std::fs::write(src.join("work.rs"), work).unwrap();
    }
}

fn similarity(outcome: &Outcome, a: &str, b: &str) -> f64 {
    let index = |name: &str| {
        outcome
            .submissions
            .iter()
            .position(|s| s.name == name)
            .unwrap()
    };
    let (a, b) = (index(a), index(b));
    outcome
        .pairs
        .iter()
        .find(|p| (p.a, p.b) == (a.min(b), a.max(b)))
        .map_or(0.0, |p| p.similarity)
}

/// The class: (folder name, who really wrote it), and the outcome.
fn synthetic_class(dir: &Path) -> (Vec<(String, &'static str)>, Outcome) {
    let class = dir.join("class");
    let mut names = Vec::new();
    for (name, author, code) in class::submissions() {
        submission(&class, &name, Some(&code));
        names.push((name, author));
    }
    submission(&class, "starter-only", None);
    let outcome = compare(&class, &dir.join("out"), provided(), DEFAULTS).unwrap();
    (names, outcome)
}

#[test]
fn similarity_every_disguised_copy_ranks_above_every_independent_pair() {
    let dir = tempfile::tempdir().unwrap();
    let (names, outcome) = synthetic_class(dir.path());
    let mut copies = Vec::new();
    let mut independent = Vec::new();
    for (i, (a, author_a)) in names.iter().enumerate() {
        for (b, author_b) in &names[i + 1..] {
            let score = similarity(&outcome, a, b);
            if author_a == author_b {
                copies.push((score, a, b));
            } else {
                independent.push((score, a, b));
            }
        }
    }
    let weakest_copy = copies.iter().min_by(|x, y| x.0.total_cmp(&y.0)).unwrap();
    let closest_independent = independent
        .iter()
        .max_by(|x, y| x.0.total_cmp(&y.0))
        .unwrap();
    assert!(
        weakest_copy.0 > closest_independent.0,
        "the weakest copy {weakest_copy:?} does not rank above the closest independent pair {closest_independent:?}"
    );
    assert!(weakest_copy.0 >= 0.3, "{weakest_copy:?}");
}

#[test]
fn similarity_the_starter_alone_shares_nothing_with_anyone() {
    let dir = tempfile::tempdir().unwrap();
    let (_, outcome) = synthetic_class(dir.path());
    let starter = outcome
        .submissions
        .iter()
        .position(|s| s.name == "starter-only")
        .unwrap();
    assert!(outcome.submissions[starter].distinct.is_empty());
    assert!(
        outcome
            .pairs
            .iter()
            .all(|p| p.a != starter && p.b != starter)
    );
}

#[test]
fn similarity_output_is_the_same_on_every_run() {
    let dir = tempfile::tempdir().unwrap();
    let (_, first) = synthetic_class(dir.path());
    let again = compare(
        &dir.path().join("class"),
        &dir.path().join("out"),
        provided(),
        DEFAULTS,
    )
    .unwrap();
    assert_eq!(first.pairs, again.pairs);
    assert_eq!(
        report::pairs_csv(&first).unwrap(),
        report::pairs_csv(&again).unwrap()
    );
    assert_eq!(
        report::html(&first, 20).unwrap(),
        report::html(&again, 20).unwrap()
    );
}

#[test]
fn similarity_reports_escape_student_names_and_code() {
    let dir = tempfile::tempdir().unwrap();
    let class = dir.path().join("class");
    let code = format!(
        "fn shout() {{ let page = \"<script>alert('x')</script>\"; println!(\"{{page}}\"); }}\n{}",
        class::ORIGINALS[0].join("\n")
    );
    submission(&class, "a<b>&co", Some(&code));
    submission(&class, "copy", Some(&code));
    let out = dir.path().join("out");
    let outcome = compare(&class, &out, provided(), DEFAULTS).unwrap();
    std::fs::create_dir_all(&out).unwrap();
    report::write(&outcome, &out, 20).unwrap();
    let html = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert!(!html.contains("<script"), "unescaped script in index.html");
    assert!(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"));
    assert!(html.contains("a&lt;b&gt;&amp;co") && !html.contains("a<b>"));
    assert!(html.contains("are similar") && html.contains("nothing here accuses anyone"));
    let md = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(md.contains("a&lt;b&gt;&amp;co") && md.contains("not a verdict"));
    let csv = std::fs::read_to_string(out.join("pairs.csv")).unwrap();
    assert!(csv.starts_with("a,b,similarity,shared,size_a,size_b\n"));
    assert!(csv.contains("a<b>&co,copy,1.0000,"), "{csv}");
}

#[test]
fn similarity_dolos_export_lists_every_submission_in_info_csv() {
    let dir = tempfile::tempdir().unwrap();
    let class = dir.path().join("class");
    submission(
        &class,
        "alice",
        Some(class::ORIGINALS[1].join("\n").as_str()),
    );
    submission(&class, "bob", Some(class::ORIGINALS[2].join("\n").as_str()));
    let out = dir.path().join("out");
    let outcome = compare(&class, &out, provided(), DEFAULTS).unwrap();
    std::fs::create_dir_all(&out).unwrap();
    report::write(&outcome, &out, 20).unwrap();
    let info = std::fs::read_to_string(out.join("dolos/info.csv")).unwrap();
    assert_eq!(
        info,
        "filename,full_name,label\n0001.rs,alice,submission\n0002.rs,bob,submission\n"
    );
    let first = std::fs::read_to_string(out.join("dolos/0001.rs")).unwrap();
    assert!(first.contains("// ---- src/work.rs ----"));
    assert!(
        !first.contains("src/lib.rs"),
        "a file unchanged from the starter is exported"
    );
}

#[test]
fn similarity_a_missing_class_folder_is_an_error_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("nowhere");
    let error = compare(&missing, dir.path(), provided(), DEFAULTS).unwrap_err();
    assert!(format!("{error:#}").contains("nowhere"), "{error:#}");
}

#[test]
fn similarity_a_class_without_submissions_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("class/empty-folder")).unwrap();
    let error = compare(
        &dir.path().join("class"),
        &dir.path().join("out"),
        provided(),
        DEFAULTS,
    )
    .unwrap_err();
    assert!(
        format!("{error:#}").contains("holds no submission"),
        "{error:#}"
    );
}

#[test]
fn similarity_a_non_utf8_source_is_an_error_naming_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let class = dir.path().join("class");
    submission(&class, "alice", Some("fn main() {}"));
    std::fs::write(class.join("alice/src/latin1.rs"), b"// caf\xe9\n").unwrap();
    let error = compare(&class, &dir.path().join("out"), provided(), DEFAULTS).unwrap_err();
    let message = format!("{error:#}");
    assert!(message.contains("latin1.rs is not UTF-8 text"), "{message}");
}

#[test]
fn similarity_a_file_that_does_not_lex_is_left_out_and_named() {
    let dir = tempfile::tempdir().unwrap();
    let class = dir.path().join("class");
    submission(&class, "alice", Some("fn main() { let x = (1; }"));
    let outcome = compare(&class, &dir.path().join("out"), provided(), DEFAULTS).unwrap();
    assert_eq!(outcome.submissions[0].unlexed.len(), 1);
    assert!(outcome.submissions[0].unlexed[0].starts_with("src/work.rs: line 1"));
    assert!(report::summary(&outcome, 20).contains("src/work.rs: line 1"));
}

/// A kit whose rubric turns `part` off: the kit's starter, solution and rubric (the
/// only files `grader dist` reads for the starter it hands out), in `dir`.
fn kit_with_part_off(dir: &Path, part: &str) -> crate::kit::Kit {
    let kit = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for tree in ["starter", "solution/src"] {
        for entry in walkdir::WalkDir::new(kit.join(tree)).into_iter().flatten() {
            let below = entry.path().strip_prefix(&kit).unwrap();
            if below.starts_with("starter/target") {
                continue;
            }
            let to = dir.join(below);
            if entry.file_type().is_dir() {
                std::fs::create_dir_all(&to).unwrap();
            } else {
                std::fs::copy(entry.path(), &to).unwrap();
            }
        }
    }
    let rubric = &crate::rubric::kit_text();
    let marker = format!("id = \"{part}\"\n");
    assert!(rubric.contains(&marker), "no part {part} in the rubric");
    std::fs::create_dir_all(dir.join("fixtures")).unwrap();
    std::fs::write(
        dir.join("fixtures/rubric.toml"),
        crate::rubric::turned_off(rubric, &marker),
    )
    .unwrap();
    crate::kit::Kit::locate(Some(dir)).unwrap()
}

#[test]
fn similarity_two_untouched_templates_of_a_course_without_part_5_share_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let kit = kit_with_part_off(&dir.path().join("kit"), "part5");
    // Two students hand in the template's starter as dist wrote it, in each form a
    // course can hand Part 5 out: its stubs marked not assigned, the reference's, or
    // nothing of it (the files that named it edited).
    let forms = crate::dist::handed_out_sources(&kit).unwrap();
    assert_eq!(forms.len(), 3);
    assert!(
        !forms[2].keys().any(|file| file.starts_with("arrows")),
        "the third form leaves Part 5 out"
    );
    for (n, form) in forms.iter().enumerate() {
        let class = dir.path().join(format!("class{n}"));
        for name in ["hank", "ivy"] {
            for (file, bytes) in form {
                let to = class.join(name).join("src").join(file);
                std::fs::create_dir_all(to.parent().unwrap()).unwrap();
                std::fs::write(to, bytes).unwrap();
            }
            std::fs::write(
                class.join(name).join("Cargo.toml"),
                "[package]\nname = \"maze\"\nversion = \"0.1.0\"\n",
            )
            .unwrap();
        }
        let handed_out = Provided::handed_out(&kit).unwrap();
        let outcome = compare(&class, &dir.path().join("out"), handed_out, DEFAULTS).unwrap();
        assert_eq!(outcome.submissions.len(), 2);
        assert!(
            outcome.pairs.is_empty(),
            "form {n}: {:?}",
            report::pairs_csv(&outcome).unwrap()
        );
        // Where Part 5 is left out, the files that named it differ from the kit's
        // starter: only the form that dist records knows them as handed out.
        if n == 2 {
            assert!(!provided().is_provided(
                Path::new("lib.rs"),
                &String::from_utf8_lossy(&form[Path::new("lib.rs")])
            ));
        }
        // Against the kit's starter alone, the reference's Part 5 was what they shared.
        if n == 1 {
            let kit_only = compare(&class, &dir.path().join("out"), provided(), DEFAULTS).unwrap();
            assert!(
                !kit_only.pairs.is_empty(),
                "the control found nothing to share"
            );
        }
    }
}

/// The kit's reference solution.
fn kit_solution() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../solution")
}

/// The reference as a known source.
fn reference() -> KnownDir {
    KnownDir {
        dir: kit_solution(),
        reference: true,
    }
}

/// A submission folder `class/name` that is the reference's `src/`, with the files in
/// `keep` (below `src/`) only when `keep` is given, the starter's for the others.
fn reference_copy(class: &Path, name: &str, keep: Option<&[&str]>) {
    submission(class, name, None);
    let from = kit_solution().join("src");
    for file in super::rust_files(&from).unwrap() {
        if keep.is_some_and(|keep| !keep.iter().any(|k| Path::new(k) == file)) {
            continue;
        }
        let to = class.join(name).join("src").join(&file);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(from.join(&file), &to).unwrap();
    }
}

/// The synthetic class, with `ann` handing in the reference, compared with `known`.
fn class_with_a_reference_copy(dir: &Path, known: &[KnownDir]) -> Outcome {
    let class = dir.join("class");
    for (name, _, code) in class::submissions() {
        submission(&class, &name, Some(&code));
    }
    submission(&class, "starter-only", None);
    reference_copy(&class, "ann", None);
    compare_with_known(&class, &dir.join("out"), provided(), known, DEFAULTS).unwrap()
}

#[test]
fn similarity_a_submission_that_is_the_reference_is_flagged_first_with_the_source_named() {
    let dir = tempfile::tempdir().unwrap();
    let outcome = class_with_a_reference_copy(dir.path(), &[reference()]);
    let first = &outcome.matches[0];
    assert!(first.is_reference(), "{first:?}");
    assert_eq!(outcome.submissions[first.submission].name, "ann");
    assert_eq!(outcome.known[first.source].name, "solution");
    assert_eq!(
        outcome.matches.iter().filter(|m| m.is_reference()).count(),
        1,
        "only ann is the reference: {:?}",
        outcome.matches
    );
    assert!(
        report::headline(&outcome).contains("submissions; handing in the reference: ann; "),
        "{}",
        report::headline(&outcome)
    );
    let md = report::summary(&outcome, 20);
    let flagged = md.find("## Handed in the reference").unwrap();
    assert!(md[flagged..].starts_with("## Handed in the reference\n\n- **ann**: 100% of its written code is the reference's (solution)"), "{md}");
    assert!(flagged < md.find("## Pairs within the class").unwrap());
    let csv = String::from_utf8(report::known_csv(&outcome).unwrap()).unwrap();
    assert!(
        csv.lines()
            .nth(1)
            .unwrap()
            .starts_with("ann,solution,yes,1.0000,"),
        "{csv}"
    );
}

#[test]
fn similarity_without_known_sources_nothing_is_flagged_and_the_headline_is_the_pairs() {
    let dir = tempfile::tempdir().unwrap();
    let outcome = class_with_a_reference_copy(dir.path(), &[]);
    assert!(outcome.matches.is_empty() && outcome.known.is_empty());
    assert!(
        report::headline(&outcome).ends_with("sharing code beyond the starter"),
        "{}",
        report::headline(&outcome)
    );
    assert!(!report::summary(&outcome, 20).contains("## Handed in the reference"));
}

#[test]
fn similarity_two_copies_of_the_reference_are_listed_under_it_not_as_a_pair() {
    let dir = tempfile::tempdir().unwrap();
    let class = dir.path().join("class");
    reference_copy(&class, "ann", None);
    reference_copy(&class, "ben", None);
    submission(&class, "cat", None);
    let out = dir.path().join("out");
    let alone = compare(&class, &out, provided(), DEFAULTS).unwrap();
    assert!(
        similarity(&alone, "ann", "ben") > 0.95,
        "the control shares nothing"
    );
    let outcome = compare_with_known(&class, &out, provided(), &[reference()], DEFAULTS).unwrap();
    assert!(outcome.pairs.is_empty(), "{:?}", outcome.pairs);
    let flagged: Vec<&str> = outcome
        .matches
        .iter()
        .filter(|m| m.is_reference())
        .map(|m| outcome.submissions[m.submission].name.as_str())
        .collect();
    assert_eq!(flagged, ["ann", "ben"]);
}

#[test]
fn similarity_a_part_of_the_reference_is_a_match_but_not_the_reference() {
    let dir = tempfile::tempdir().unwrap();
    let class = dir.path().join("class");
    reference_copy(
        &class,
        "dan",
        Some(&["direction.rs", "position.rs", "cell.rs"]),
    );
    let outcome = compare_with_known(
        &class,
        &dir.path().join("out"),
        provided(),
        &[reference()],
        DEFAULTS,
    )
    .unwrap();
    let only = &outcome.matches[..];
    assert_eq!(only.len(), 1, "{only:?}");
    assert!(only[0].similarity > 0.95, "{:?}", only[0]);
    assert!(!only[0].is_reference(), "{:?}", only[0]);
}

#[test]
fn similarity_a_copy_of_an_earlier_term_names_that_submission_apart_from_the_pairs() {
    let dir = tempfile::tempdir().unwrap();
    let earlier = dir.path().join("2025-fall");
    submission(&earlier, "zed", Some(&class::ORIGINALS[1].join("\n")));
    submission(&earlier, "yan", Some(&class::ORIGINALS[3].join("\n")));
    let class = dir.path().join("class");
    submission(&class, "alice", Some(&class::ORIGINALS[1].join("\n")));
    submission(&class, "bob", Some(&class::ORIGINALS[2].join("\n")));
    let known = [KnownDir {
        dir: earlier,
        reference: false,
    }];
    let outcome = compare_with_known(
        &class,
        &dir.path().join("out"),
        provided(),
        &known,
        DEFAULTS,
    )
    .unwrap();
    let named: Vec<(&str, &str)> = outcome
        .matches
        .iter()
        .filter(|m| m.similarity > 0.5)
        .map(|m| {
            (
                outcome.submissions[m.submission].name.as_str(),
                outcome.known[m.source].name.as_str(),
            )
        })
        .collect();
    assert_eq!(named, [("alice", "2025-fall/zed")]);
    assert!(outcome.matches.iter().all(|m| !m.is_reference()));
    assert!(similarity(&outcome, "alice", "bob") < 0.3);
}

#[test]
fn similarity_a_known_folder_without_a_crate_is_an_error_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let class = dir.path().join("class");
    submission(&class, "alice", Some("fn main() {}"));
    std::fs::create_dir_all(dir.path().join("empty/notes")).unwrap();
    let known = [KnownDir {
        dir: dir.path().join("empty"),
        reference: false,
    }];
    let error = compare_with_known(
        &class,
        &dir.path().join("out"),
        provided(),
        &known,
        DEFAULTS,
    )
    .unwrap_err();
    let message = format!("{error:#}");
    assert!(
        message.starts_with("--known ") && message.contains("empty: no crate in it"),
        "{message}"
    );
}
