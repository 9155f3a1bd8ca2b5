//! A course that leaves parts out of the template (Parts 2 and 5): the template it
//! hands out builds and grades without them.

use std::path::PathBuf;

use super::{dist_target, kit_with_parts_off, template_grader};
use crate::actions::copy_dir;
use crate::support::{
    DiscardsBuilds, Removed, grader, kit_root, says_what_is_not_written, work_dir,
};

/// The score and the most points of a JSON report on stdout.
fn score_of(output: &std::process::Output) -> (f64, f64) {
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap_or_else(|_| {
        panic!(
            "no JSON report: {}",
            String::from_utf8_lossy(&output.stderr)
        )
    });
    (
        report["score"].as_f64().expect("a score"),
        report["max_score"].as_f64().expect("a maximum"),
    )
}

#[test]
#[ignore = "full tier: builds a template without Parts 2 and 5, and grades it"]
fn a_course_that_leaves_parts_out_hands_out_a_template_that_builds_and_grades_without_them() {
    let scratch = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("dist-leave-out");
    let _ = std::fs::remove_dir_all(&scratch);
    // The kit, the template and the starter's own build: some 850 MB.
    let _gone_after = Removed(scratch.clone());
    let kit = scratch.join("kit");
    kit_with_parts_off(&kit, &["part2", "part5"]);
    let template = scratch.join("template");
    // What the shared work dir keeps of the crates graded below, gone before them.
    let _builds = [
        DiscardsBuilds(template.join("starter")),
        DiscardsBuilds(scratch.join("done")),
    ];
    grader()
        .args([
            "dist",
            "--feedback-only",
            "--unassigned",
            "leave-out",
            "--kit",
        ])
        .arg(&kit)
        .arg(&template)
        .assert()
        .success();
    for gone in [
        "starter/src/rat",
        "starter/src/arrows",
        "starter/tests/arrows.rs",
        "fixtures/arrows",
        "handout/src/10-arrows.md",
        "grader/src/checks/part5",
        "grader/probe/src/part2.rs",
    ] {
        assert!(!template.join(gone).exists(), "{gone}");
    }

    // The student's crate builds, tests and all, without a warning.
    let built =
        std::process::Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
            .args(["test", "--no-run", "--locked"])
            .current_dir(template.join("starter"))
            .env("CARGO_TARGET_DIR", scratch.join("starter-target"))
            .env("CARGO_TERM_COLOR", "never")
            .env_remove("RUSTFLAGS")
            .output()
            .expect("cargo runs");
    let stderr = String::from_utf8_lossy(&built.stderr);
    assert!(built.status.success(), "{stderr}");
    assert!(!stderr.contains("warning"), "{stderr}");

    // The template's grader, without those parts' checks, builds without a warning
    // (cargo shows a build's warnings again when it finds it fresh)…
    let output = template_grader(&template, &["--version"], None);
    assert!(output.status.success());
    let built =
        std::process::Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
            .args(["build", "--locked", "-p", "maze-grader"])
            .current_dir(&template)
            .env("CARGO_TARGET_DIR", dist_target())
            .env_remove("RUSTFLAGS")
            .output()
            .expect("cargo runs");
    let stderr = String::from_utf8_lossy(&built.stderr);
    assert!(
        built.status.success() && !stderr.contains("warning"),
        "{stderr}"
    );
    // …and builds the probe for the assigned parts only: the starter gets 0 with
    // every check "not implemented", none "cannot call your … code".
    let output = template_grader(
        &template,
        &[
            "grade",
            "starter",
            "--format",
            "json",
            "--timings",
            "--work-dir",
        ],
        Some(&work_dir()),
    );
    let (score, max) = score_of(&output);
    assert_eq!(score, 0.0);
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("a report");
    let timings = report["timings"].to_string();
    assert!(
        timings.contains("build the submission and the probe") && !timings.contains("alone"),
        "one build, of the assigned parts: {timings}"
    );
    let checks = report["checks"].as_array().expect("checks");
    assert!(checks.len() > 20, "{} checks", checks.len());
    for check in checks {
        let message = check["message"].as_str().unwrap_or_default();
        assert!(says_what_is_not_written(message), "{check}");
    }

    // A student who completes Parts 1, 3 and 4 gets every point, from the template's
    // grader and from the course's: the template's files with the reference's code,
    // but for those dist edited.
    let done = scratch.join("done");
    copy_dir(&template.join("starter/src"), &done.join("src"));
    std::fs::copy(template.join("starter/Cargo.toml"), done.join("Cargo.toml"))
        .expect("the manifest");
    for entry in walkdir::WalkDir::new(done.join("src"))
        .into_iter()
        .flatten()
    {
        let below = entry
            .path()
            .strip_prefix(done.join("src"))
            .expect("below src");
        let stub = kit_root().join("starter/src").join(below);
        if entry.file_type().is_file()
            && std::fs::read(entry.path()).ok() == std::fs::read(&stub).ok()
        {
            std::fs::copy(kit_root().join("solution/src").join(below), entry.path())
                .expect("the reference's file");
        }
    }
    let output = template_grader(
        &template,
        &[
            "grade",
            done.to_str().expect("a UTF-8 path"),
            "--format",
            "json",
            "--work-dir",
        ],
        Some(&work_dir()),
    );
    let (score, template_max) = score_of(&output);
    assert_eq!(score, template_max);
    assert_eq!(template_max, max);
    let output = grader()
        .args(["grade", "--format", "json", "--kit"])
        .arg(&kit)
        .arg(&done)
        .arg("--work-dir")
        .arg(work_dir())
        .output()
        .expect("the kit's grader runs");
    let (score, course_max) = score_of(&output);
    assert_eq!(score, course_max);
    assert!(
        course_max > max,
        "the course's grading has hidden checks too"
    );

    // Two untouched copies share nothing: dist's leave-out form is what was handed out.
    let class = scratch.join("class");
    for name in ["hank", "ivy"] {
        copy_dir(&template.join("starter/src"), &class.join(name).join("src"));
        std::fs::copy(
            template.join("starter/Cargo.toml"),
            class.join(name).join("Cargo.toml"),
        )
        .expect("the manifest");
    }
    grader()
        .args(["similarity", "--kit"])
        .arg(&kit)
        .arg(&class)
        .arg("--output-dir")
        .arg(scratch.join("similarity"))
        .assert()
        .success();
    let pairs = std::fs::read_to_string(scratch.join("similarity/pairs.csv")).expect("pairs.csv");
    assert_eq!(pairs.lines().count(), 1, "{pairs}");
}
