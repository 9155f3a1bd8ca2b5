//! A work dir seeded once and copied elsewhere (a Slurm task's scratch, a restored
//! CI cache, a container image) grades without compiling a dependency again.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use crate::support::{Submission, copy_kit, grader, work_dir};

/// Grades `submission` on one check with `work` as the work dir; returns the JSON
/// report with its timings.
fn grade_in(work: &Path, submission: &Submission) -> Value {
    grade_with(work, None, submission)
}

/// [`grade_in`] against the kit at `kit` (the kit itself when `None`).
fn grade_with(work: &Path, kit: Option<&Path>, submission: &Submission) -> Value {
    let mut command = grader();
    command
        .args(["grade", "--format", "json", "--timings", "--check"])
        .arg("direction_opposite")
        .arg("--work-dir")
        .arg(work);
    if let Some(kit) = kit {
        command.arg("--kit").arg(kit);
    }
    let output = command
        .arg(&submission.dir)
        .output()
        .expect("running the grader");
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("a JSON report")
}

/// A new work dir at `name` holding only a copy of the shared work dir's seed, as
/// `cp -a` copies it.
fn copied_seed(name: &str) -> PathBuf {
    let seed = work_dir().join("targets/seed-dependencies");
    assert!(
        seed.join("seeded").is_file(),
        "the shared work dir is seeded"
    );
    let work = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(work.join("targets")).expect("a work dir");
    let copied = Command::new("cp")
        .arg("-a")
        .arg(&seed)
        .arg(work.join("targets/seed-dependencies"))
        .status()
        .expect("running cp");
    assert!(copied.success());
    work
}

fn compiled(report: &Value) -> Vec<String> {
    report["timings"]["dependencies_compiled"]
        .as_array()
        .expect("timings name the dependencies compiled")
        .iter()
        .map(|name| name.as_str().expect("a name").to_owned())
        .collect()
}

#[test]
#[ignore = "full tier: builds the reference three times"]
fn a_seed_copied_to_another_path_compiles_no_dependency_again() {
    // The shared work dir's seed, built there if no test has yet.
    let first = Submission::from_solution("seed-original");
    let report = grade_in(&work_dir(), &first);
    assert_eq!(compiled(&report), Vec::<String>::new());

    let copy = copied_seed("seed-copied-elsewhere");
    let moved = Submission::from_solution("seed-copied");
    let report = grade_in(&copy, &moved);
    assert_eq!(report["score"], report["max_score"], "graded whole");
    assert_eq!(compiled(&report), Vec::<String>::new(), "nothing rebuilt");

    // The same copy with one dependency's build forgotten compiles that one again,
    // and says so: the figure above is a real observation.
    let broken = copied_seed("seed-copied-without-bitflags");
    let fingerprints = broken.join("targets/seed-dependencies/debug/.fingerprint");
    for entry in std::fs::read_dir(&fingerprints).expect("the seed's fingerprints") {
        let entry = entry.expect("an entry");
        if entry.file_name().to_string_lossy().starts_with("bitflags-") {
            std::fs::remove_dir_all(entry.path()).expect("removing a fingerprint");
        }
    }
    let report = grade_in(&broken, &Submission::from_solution("seed-without-bitflags"));
    let rebuilt = compiled(&report);
    assert!(
        rebuilt.iter().any(|name| name.starts_with("bitflags@")),
        "{rebuilt:?}"
    );
}

#[test]
#[ignore = "full tier: builds the reference twice"]
fn a_target_seeded_by_an_older_grader_is_seeded_again_whatever_it_holds() {
    // The shared work dir's seed is this grader's (built again if an older grader
    // made it) before it is copied.
    grade_in(
        &work_dir(),
        &Submission::from_solution("seed-older-original"),
    );
    let work = copied_seed("seed-older-target");
    let submission = Submission::from_solution("seed-older-target");
    let report = grade_in(&work, &submission);
    assert_eq!(report["score"], report["max_score"], "graded whole");

    // What an older grader could leave in a student's target: its marker (the wire's
    // name alone), and a dependency built another way under the same file name,
    // which rustc would refuse next to this seed's build of the wire.
    let targets = work.join("targets");
    let target = std::fs::read_dir(&targets)
        .expect("the work dir's targets")
        .map(|entry| entry.expect("an entry").path())
        .find(|path| !path.ends_with("seed-dependencies"))
        .expect("the submission's target");
    let marker = std::fs::read_to_string(targets.join("seed-dependencies/seeded"))
        .expect("the seed's marker");
    let wire = marker.lines().next().expect("the wire's name");
    std::fs::write(target.join("seeded"), wire).expect("an older marker");
    let mut foreign = 0;
    for entry in std::fs::read_dir(target.join("debug/deps")).expect("the target's deps") {
        let path = entry.expect("an entry").path();
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        if name.starts_with("libserde_json-") && name.ends_with(".rmeta") {
            std::fs::write(&path, b"another build of serde_json").expect("a foreign build");
            foreign += 1;
        }
    }
    assert!(foreign > 0, "the target holds serde_json's build");

    let report = grade_in(&work, &submission);
    assert_eq!(report["score"], report["max_score"], "{report:#}");
    assert_eq!(
        std::fs::read_to_string(target.join("seeded")).expect("the marker"),
        marker,
        "seeded again from this grader's seed"
    );
}

#[test]
#[ignore = "full tier: builds every dependency once, without a seed"]
fn a_target_built_without_a_seed_is_kept_for_the_next_grading() {
    // A kit without the starter's stubs (its rubric and locks alone) has no seed to
    // copy: the first grading builds every dependency in the student's own target,
    // and the next finds them there.
    let kit = tempfile::tempdir().expect("temp dir");
    copy_kit(
        &["Cargo.lock", "fixtures", "starter/Cargo.lock"],
        kit.path(),
    );
    let work = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("seed-none");
    let _ = std::fs::remove_dir_all(&work);
    let submission = Submission::from_solution("seed-none");
    let first = grade_with(&work, Some(kit.path()), &submission);
    assert_eq!(first["score"], first["max_score"], "graded whole");
    assert!(
        !compiled(&first).is_empty(),
        "without a seed, dependencies are built"
    );
    let again = grade_with(&work, Some(kit.path()), &submission);
    assert_eq!(again["score"], again["max_score"], "graded whole");
    assert_eq!(
        compiled(&again),
        Vec::<String>::new(),
        "nothing built again"
    );
}
