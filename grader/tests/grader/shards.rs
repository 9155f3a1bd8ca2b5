//! A class graded in shards (`grade-all --shard K/N`) and merged (`grader merge`):
//! the merged gradebook is the one grading the class whole writes, and outputs
//! that do not belong together are refused in one line.

use std::path::{Path, PathBuf};

use serde_json::Value;

use super::class::{copy_crate, grade_all_with};
use super::support::{Submission, grader};

/// A fresh folder below the test binary's scratch space.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("creating a folder");
    dir
}

/// A class that grades without building anything: folders holding two crates
/// (listed, not graded), a folder of notes, a file and a name a spreadsheet
/// would run as a formula.
fn class_without_builds(root: &Path) -> PathBuf {
    let class = root.join("class");
    for i in 1..=12 {
        for copy in ["a", "b"] {
            let src = class.join(format!("student-{i:02}")).join(copy).join("src");
            std::fs::create_dir_all(&src).expect("a folder");
            std::fs::write(src.join("lib.rs"), "").expect("writing");
        }
    }
    std::fs::create_dir_all(class.join("notes")).expect("a folder");
    std::fs::write(class.join("notes/todo.txt"), "nothing to grade").expect("writing");
    std::fs::write(class.join("submission_metadata.yml"), "{}\n").expect("writing");
    std::fs::create_dir_all(class.join("=HYPERLINK(\"x\")")).expect("a folder");
    class
}

/// `grader grade-all CLASS --output-dir OUT [--shard K/N]`, which must succeed.
fn grade_all(class: &Path, out: &Path, shard: Option<&str>) -> String {
    match shard {
        Some(shard) => grade_all_with(class, out, &["--shard", shard]),
        None => grade_all_with(class, out, &[]),
    }
}

/// `grader merge SHARDS… --output-dir OUT`: its exit code, stdout and stderr.
fn merge(shards: &[&Path], out: &Path) -> (Option<i32>, String, String) {
    let output = grader()
        .arg("merge")
        .args(shards)
        .arg("--output-dir")
        .arg(out)
        .output()
        .expect("running the grader");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Grades `class` whole into `ROOT/whole` and in three shards into `ROOT/shard-K`.
fn whole_and_three_shards(class: &Path, root: &Path) -> (PathBuf, [PathBuf; 3]) {
    let whole = root.join("whole");
    grade_all(class, &whole, None);
    let shards = [1, 2, 3].map(|k| root.join(format!("shard-{k}")));
    for (k, out) in shards.iter().enumerate() {
        let stdout = grade_all(class, out, Some(&format!("{}/3", k + 1)));
        assert!(
            stdout.contains(&format!(" of shard {}/3 (", k + 1)),
            "{stdout}"
        );
    }
    (whole, shards)
}

/// The class files of a merged output are those of the whole class, byte for byte
/// (but for summary.md's timings, the last section, which no two gradings share);
/// the manifests differ only in `merged_from`.
fn assert_merged_is_whole(whole: &Path, merged: &Path) {
    for file in ["grades.csv", "summary.md", "histogram.svg", "index.html"] {
        let read = |dir: &Path| {
            let mut bytes = std::fs::read(dir.join(file)).expect("a class file");
            let timings = b"\n## Where the time went\n";
            if let Some(at) = bytes.windows(timings.len()).position(|w| w == timings) {
                bytes.truncate(at);
            }
            bytes
        };
        assert!(read(whole) == read(merged), "{file} differs");
    }
    let manifest = |dir: &Path| -> Value {
        serde_json::from_slice(&std::fs::read(dir.join("manifest.json")).expect("a manifest"))
            .expect("JSON")
    };
    let mut merged_manifest = manifest(merged);
    assert_eq!(
        merged_manifest["merged_from"],
        serde_json::json!(["1/3", "2/3", "3/3"])
    );
    merged_manifest
        .as_object_mut()
        .expect("an object")
        .remove("merged_from");
    assert_eq!(merged_manifest, manifest(whole));
}

#[test]
fn a_class_graded_in_three_shards_and_merged_is_the_class_graded_whole() {
    let root = scratch("shards-cheap");
    let class = class_without_builds(&root);
    let (whole, shards) = whole_and_three_shards(&class, &root);
    let sizes: Vec<usize> = shards
        .iter()
        .map(|dir| {
            let manifest: Value =
                serde_json::from_slice(&std::fs::read(dir.join("manifest.json")).expect("read"))
                    .expect("JSON");
            assert_eq!(manifest["class"]["entries"], 15);
            manifest["entries"].as_array().expect("entries").len()
        })
        .collect();
    assert_eq!(sizes.iter().sum::<usize>(), 15, "{sizes:?}");
    assert!(sizes.iter().all(|&n| n > 0), "{sizes:?}");

    let merged = root.join("merged");
    // In any order.
    let (code, stdout, stderr) = merge(&[&shards[2], &shards[0], &shards[1]], &merged);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(
        stdout.trim_end(),
        format!(
            "merged 3 shards (1/3, 2/3, 3/3): 0 of 15 entries graded: {}",
            merged.join("grades.csv").display()
        )
    );
    assert_merged_is_whole(&whole, &merged);
    let csv = std::fs::read_to_string(merged.join("grades.csv")).expect("grades.csv");
    assert!(
        csv.contains("\n\"'=HYPERLINK(\"\"x\"\")\",\"no submission: "),
        "{csv}"
    );
}

/// Edits the manifest of `dir` with `change`.
fn edit_manifest(dir: &Path, change: impl FnOnce(&mut Value)) {
    let path = dir.join("manifest.json");
    let mut manifest: Value =
        serde_json::from_slice(&std::fs::read(&path).expect("a manifest")).expect("JSON");
    change(&mut manifest);
    std::fs::write(
        &path,
        serde_json::to_string_pretty(&manifest).expect("JSON"),
    )
    .expect("writing");
}

/// Copies the grade-all output `from` to `to`, in place of what was there.
fn copy_output(from: &Path, to: &Path) {
    let _ = std::fs::remove_dir_all(to);
    copy_crate(from, to);
}

/// Asserts that merging `shards` fails with exit code 2 and one line that
/// contains `says`, writing nothing.
fn assert_refused(shards: &[&Path], says: &str) {
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("shards-refused-out");
    let _ = std::fs::remove_dir_all(&out);
    let (code, stdout, stderr) = merge(shards, &out);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    assert!(stderr.starts_with("grader: error: "), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains(says), "expected {says:?} in {stderr}");
    assert!(!out.join("grades.csv").exists());
}

#[test]
fn merge_refuses_shards_that_do_not_make_one_grading() {
    let root = scratch("shards-refusals");
    let class = class_without_builds(&root);
    let shards = [1, 2, 3].map(|k| root.join(format!("shard-{k}")));
    for (k, out) in shards.iter().enumerate() {
        grade_all(&class, out, Some(&format!("{}/3", k + 1)));
    }
    let [one, two, three] = [&shards[0], &shards[1], &shards[2]].map(PathBuf::as_path);

    // Missing and overlapping shards.
    assert_refused(
        &[one, three],
        "shard 2/3 is missing: give the outputs of all 3 shards (got 1/3, 3/3)",
    );
    let again = root.join("shard-1-again");
    copy_output(one, &again);
    assert_refused(
        &[one, two, &again, three],
        "are both shard 1/3: shards overlap",
    );
    let halves = root.join("half-1");
    grade_all(&class, &halves, Some("1/2"));
    assert_refused(
        &[one, two, &halves],
        "split the class in different numbers of shards",
    );

    // Another rubric, another kit revision, another class folder, another sandbox.
    let edited = root.join("shard-3-edited");
    for (field, value, says) in [
        (
            "rubric_digest",
            "0".repeat(64),
            "was graded with another rubric than",
        ),
        (
            "kit_revision",
            "1".repeat(64),
            "was graded with another kit revision than",
        ),
        (
            "sandbox",
            String::new(),
            "was graded with another sandbox level than",
        ),
    ] {
        copy_output(three, &edited);
        edit_manifest(&edited, |m| {
            let value = match (field, m[field].as_str()) {
                ("sandbox", Some("full")) => "container".to_owned(),
                ("sandbox", _) => "full".to_owned(),
                _ => value.clone(),
            };
            m[field] = Value::from(value);
        });
        assert_refused(&[one, two, &edited], says);
    }
    copy_output(three, &edited);
    edit_manifest(&edited, |m| m["class"]["entries"] = Value::from(16));
    assert_refused(
        &[one, two, &edited],
        "was graded from another class folder than",
    );
    // Every shard graded with a rubric other than this kit's.
    let forged: Vec<PathBuf> = shards
        .iter()
        .enumerate()
        .map(|(k, dir)| {
            let copy = root.join(format!("forged-{k}"));
            copy_output(dir, &copy);
            edit_manifest(&copy, |m| m["rubric_digest"] = Value::from("2".repeat(64)));
            copy
        })
        .collect();
    let forged: Vec<&Path> = forged.iter().map(PathBuf::as_path).collect();
    assert_refused(&forged, "than this kit's");

    // A student in two shards, and a shard missing a student.
    let first_of_one = {
        let manifest: Value =
            serde_json::from_slice(&std::fs::read(one.join("manifest.json")).expect("read"))
                .expect("JSON");
        manifest["entries"][0].clone()
    };
    copy_output(three, &edited);
    edit_manifest(&edited, |m| {
        m["entries"]
            .as_array_mut()
            .expect("entries")
            .push(first_of_one.clone())
    });
    assert_refused(&[one, two, &edited], "a student graded twice");
    copy_output(three, &edited);
    edit_manifest(&edited, |m| {
        m["entries"].as_array_mut().expect("entries").pop();
    });
    assert_refused(
        &[one, two, &edited],
        "the shards hold 14 entries, but the class folder they were graded from had 15",
    );
    copy_output(three, &edited);
    edit_manifest(&edited, |m| {
        m["entries"][0]["name"] = Value::from("../elsewhere");
    });
    assert_refused(&[one, two, &edited], "which is no folder name of a class");

    // Not an output at all, and an output folder that is one of the shards.
    assert_refused(
        &[one, two, &class],
        "is not a grade-all output: it has no manifest.json",
    );
    let (code, _, stderr) = merge(&[one, two, three], one);
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("is also one of the shards: merge into a folder of its own"),
        "{stderr}"
    );
}

#[test]
#[ignore = "full tier: grades three submissions twice (whole and in shards)"]
fn graded_submissions_merge_into_the_gradebook_of_the_whole_class() {
    let root = scratch("shards-graded");
    let class = class_without_builds(&root);
    let copy = |submission: Submission, name: &str| {
        copy_output(&submission.dir, &class.join(name));
    };
    copy(Submission::from_solution("shards-ann"), "ann");
    copy(Submission::from_starter("shards-ben"), "ben");
    copy(
        Submission::from_solution("shards-cy").replace(
            "position.rs",
            "write!(f, \"({}, {})\", self.x, self.y)",
            "write!(f, \"[{}, {}]\", self.x, self.y)",
        ),
        "cy",
    );
    let (whole, shards) = whole_and_three_shards(&class, &root);
    let merged = root.join("merged");
    let shards: Vec<&Path> = shards.iter().map(PathBuf::as_path).collect();
    let (code, stdout, stderr) = merge(&shards, &merged);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.contains(": 3 of 18 entries graded: "), "{stdout}");
    assert_merged_is_whole(&whole, &merged);
    for name in ["ann", "ben", "cy"] {
        for file in [
            "results.json",
            "report.md",
            "report.html",
            "instructor/results.json",
            "instructor/report.md",
            "instructor/report.html",
        ] {
            let read = |dir: &Path| std::fs::read(dir.join(name).join(file)).expect("a report");
            assert!(read(&whole) == read(&merged), "{name}/{file} differs");
        }
    }
}

#[test]
fn a_roster_gives_the_lms_exports_whole_or_merged_and_lists_who_did_not_pair() {
    let root = scratch("shards-roster");
    let class = class_without_builds(&root);
    // GitHub Classroom's roster: clones are ASSIGNMENT-USERNAME; student-01 and
    // student-02 have folders, "ghost" has none, and one name is a formula.
    let roster = root.join("classroom_roster.csv");
    std::fs::write(
        &roster,
        "\"identifier\",\"github_username\",\"github_id\",\"name\"\n\
         \"ann@uni.edu\",\"01\",\"1\",\"Ann Lee\"\n\
         \"s2\",\"02\",\"2\",\"=cmd|' /C calc'!A0\"\n\
         \"s3\",\"ghost\",\"3\",\"Gus Host\"\n",
    )
    .expect("writing");
    let roster_args = ["--roster", roster.to_str().expect("UTF-8")];
    let whole = root.join("whole");
    let stdout = grade_all_with(&class, &whole, &roster_args);
    assert!(
        stdout.contains(
            "roster: 2 of 3 students paired with a folder, 1 without one, 0 with several; 12 class entries without a roster entry, 0 fitting several (roster.md)"
        ),
        "{stdout}"
    );
    let canvas = std::fs::read_to_string(whole.join("canvas.csv")).expect("canvas.csv");
    assert!(
        canvas.starts_with("Student,ID,SIS User ID,SIS Login ID,Section,Perfect Mazes\n"),
        "{canvas}"
    );
    // canvas.csv writes names as "Last, First"; Moodle's first name is the formula.
    assert!(
        canvas.contains("\n\"calc'!A0, =cmd|' /C\",,s2,,,\n"),
        "{canvas}"
    );
    let moodle = std::fs::read_to_string(whole.join("moodle.csv")).expect("moodle.csv");
    assert!(moodle.contains("\n'=cmd|' /C,calc'!A0,s2,"), "{moodle}");
    assert_eq!(canvas.lines().count(), 4, "every student once: {canvas}");
    let report = std::fs::read_to_string(whole.join("roster.md")).expect("roster.md");
    assert!(report.contains("Gus Host (s3, roster line 4)"), "{report}");
    assert!(report.contains("- notes\n"), "{report}");

    let shards = [1, 2, 3].map(|k| {
        let out = root.join(format!("shard-{k}"));
        grade_all(&class, &out, Some(&format!("{k}/3")));
        out
    });
    let merged = root.join("merged");
    let output = grader()
        .arg("merge")
        .args(&shards)
        .arg("--output-dir")
        .arg(&merged)
        .args(roster_args)
        .output()
        .expect("running the grader");
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    for file in ["canvas.csv", "moodle.csv", "roster.md", "grades.csv"] {
        let read = |dir: &Path| std::fs::read(dir.join(file)).expect("an export");
        assert!(read(&whole) == read(&merged), "{file} differs");
    }
}

/// `grader grade-all CLASS --output-dir OUT ARGS…` as grade_all_with runs it: its
/// exit code, stdout and stderr.
fn grade_all_output(class: &Path, out: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let output = grader()
        .args(["grade-all", "--sandbox", "auto", "--jobs", "2"])
        .arg(class)
        .arg("--output-dir")
        .arg(out)
        .args(args)
        .output()
        .expect("running the grader");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn reuse_of_a_folder_that_is_no_grade_all_output_is_an_error_naming_it() {
    let root = scratch("reuse-not-an-output");
    let class = class_without_builds(&root);
    let nowhere = root.join("nowhere");
    std::fs::create_dir_all(&nowhere).expect("a folder");
    let (code, stdout, stderr) = grade_all_output(
        &class,
        &root.join("out"),
        &["--reuse", nowhere.to_str().expect("UTF-8")],
    );
    assert_eq!(code, Some(2), "{stdout}");
    assert!(
        stderr.starts_with(&format!("grader: error: --reuse {}: ", nowhere.display()))
            && stderr.contains("is not a grade-all output"),
        "{stderr}"
    );
}

#[test]
fn reuse_of_an_output_graded_with_another_rubric_reuses_nothing_and_says_why() {
    let root = scratch("reuse-another-rubric");
    let class = class_without_builds(&root);
    let earlier = root.join("earlier");
    grade_all(&class, &earlier, None);
    edit_manifest(&earlier, |m| m["rubric_digest"] = "0".repeat(64).into());
    let (code, stdout, stderr) = grade_all_output(
        &class,
        &root.join("out"),
        &[
            "--shard",
            "1/2",
            "--reuse",
            earlier.to_str().expect("UTF-8"),
        ],
    );
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "grader: note: --reuse {}: graded with another rubric; nothing is reused from it",
            earlier.display()
        )),
        "{stderr}"
    );
    assert!(stdout.contains(", 0 of them from --reuse, "), "{stdout}");
}

#[test]
#[ignore = "full tier: grades two submissions, then one again"]
fn shards_reuse_an_earlier_output_and_a_merged_one_and_grade_only_what_changed() {
    let root = scratch("reuse-graded");
    let class = class_without_builds(&root);
    copy_output(
        &Submission::from_starter("reuse-ann").dir,
        &class.join("ann"),
    );
    copy_output(
        &Submission::from_starter("reuse-ben").dir,
        &class.join("ben"),
    );
    let earlier = root.join("earlier");
    assert!(grade_all(&class, &earlier, None).starts_with("graded 2 of 17 entries (0 unchanged"));
    // Ben hands in again; Ann does not.
    let lib = class.join("ben/src/lib.rs");
    let text = std::fs::read_to_string(&lib).expect("lib.rs");
    std::fs::write(&lib, text + "// handed in again\n").expect("writing");
    let reuse = earlier.to_str().expect("UTF-8");
    let shards = [1, 2, 3].map(|k| root.join(format!("shard-{k}")));
    let mut from_reuse = 0;
    for (k, out) in shards.iter().enumerate() {
        let shard = format!("{}/3", k + 1);
        let stdout = grade_all_with(&class, out, &["--shard", &shard, "--reuse", reuse]);
        let holds = |name: &str| out.join(name).join("results.json").is_file();
        // Ann's result is taken from the earlier output; Ben's, changed, is graded.
        let expected = if holds("ann") {
            "(1 unchanged since the last run, 1 of them from --reuse, "
        } else {
            "(0 unchanged since the last run, 0 of them from --reuse, "
        };
        assert!(stdout.contains(expected), "shard {shard}: {stdout}");
        if holds("ann") {
            from_reuse += 1;
            for file in [
                "results.json",
                "report.html",
                "instructor/report.md",
                "fingerprint",
            ] {
                let read =
                    |dir: &Path| std::fs::read(dir.join("ann").join(file)).expect("a report");
                assert!(
                    read(&earlier) == read(out),
                    "ann/{file} differs from the earlier output"
                );
            }
        }
    }
    assert_eq!(from_reuse, 1, "ann is in one shard");
    // The merged output is one to reuse from: nothing left to grade.
    let merged = root.join("merged");
    let shards: Vec<&Path> = shards.iter().map(PathBuf::as_path).collect();
    let (code, _, stderr) = merge(&shards, &merged);
    assert_eq!(code, Some(0), "{stderr}");
    let again = grade_all_with(
        &class,
        &root.join("again"),
        &["--reuse", merged.to_str().expect("UTF-8")],
    );
    assert!(
        again.starts_with(
            "graded 2 of 17 entries (2 unchanged since the last run, 2 of them from --reuse, "
        ),
        "{again}"
    );
}
