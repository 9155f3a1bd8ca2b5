//! A synthetic class, built here in a temporary folder: five students who wrote the
//! same three functions (`DirectionExt::opposite`, a breadth-first search, a disjoint
//! set) each in their own way, copies of some of them disguised the usual ways, and a
//! submission that is just the starter. Each submission is the kit's real starter
//! with the student's code added in `src/work.rs` (the tool only tokenizes, so the
//! code need not compile).

mod class;

use std::path::{Path, PathBuf};

use super::{Outcome, Provided, Settings, compare, report};

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
