//! What a class's grading hands out: nothing of the hidden checks' inputs or of the
//! reference's answers to them, and the same bytes every time.
//!
//! One defective submission, which fails hidden checks of three kinds (a maze with
//! other walls than the reference's, BFS and DFS in another order) and prints every
//! maze size it is given (as a student would, to learn the secret inputs), is graded
//! four times by `grade-all` and once by `grader grade` in every format a student
//! can be given. Both tests read those gradings, made once for the two.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use serde_json::Value;

use super::super::support::{Submission, grader, kit_root, private_checks, work_dir};
use super::{copy_crate, grade_all};

/// How many times the class is graded.
const GRADINGS: usize = 4;

/// The formats of `grader grade` that reach students (Gradescope's results.json
/// above all), each written by one grading.
const STUDENT_FORMATS: [&str; 5] = ["gradescope", "markdown", "html", "junit", "classroom"];

/// The files in a student's folder that may be handed out, and the instructor's.
const HANDED_OUT: [&str; 3] = ["results.json", "report.md", "report.html"];
const INSTRUCTORS: [&str; 3] = [
    "instructor/report.md",
    "instructor/report.html",
    "instructor/results.json",
];

/// The gradings both tests read.
struct Gradings {
    /// The grade-all outputs, one per grading.
    outputs: Vec<PathBuf>,
    /// The student formats of one `grader grade`, by format.
    formats: Vec<(&'static str, PathBuf)>,
}

/// The solution with defects that fail hidden checks, each deterministic (no defect
/// in the parallel solver, whose races would decide which maze fails first), and a
/// spy that prints the size of every maze it is asked to make.
fn defective() -> Submission {
    Submission::from_solution("handed-out")
        .replace(
            "cell_array.rs",
            "            self[neighbor].remove_wall(wall.opposite());\n",
            "",
        )
        .replace(
            "rat/search.rs",
            "        for next in maze.neighbors(room) {\n            if !marked[next] {\n                queue.enqueue(next);",
            "        for next in maze.neighbors(room).into_iter().rev() {\n            if !marked[next] {\n                queue.enqueue(next);",
        )
        .replace(
            "rat/search.rs",
            "        for next in maze.neighbors(room) {\n            if !marked[next] {\n                stack.push(next);",
            "        for next in maze.neighbors(room).into_iter().rev() {\n            if !marked[next] {\n                stack.push(next);",
        )
        .replace(
            "maze.rs",
            "        maze.resize(width, height)?;\n        Ok(maze)",
            "        maze.resize(width, height)?;\n        eprintln!(\"spy: a {width} by {height} maze\");\n        Ok(maze)",
        )
}

fn gradings() -> &'static Gradings {
    static GRADINGS_DONE: OnceLock<Gradings> = OnceLock::new();
    GRADINGS_DONE.get_or_init(|| {
        let root = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("handed-out");
        let _ = std::fs::remove_dir_all(&root);
        let class = root.join("class");
        let submission = defective();
        copy_crate(&submission.dir, &class.join("dee"));
        let outputs: Vec<PathBuf> = (1..=GRADINGS)
            .map(|n| {
                let out = root.join(format!("out-{n}"));
                grade_all(&class, &out);
                out
            })
            .collect();
        let mut command = grader();
        command
            .args(["grade", "--sandbox", "auto", "--work-dir"])
            .arg(work_dir())
            .arg(&submission.dir);
        let formats: Vec<(&'static str, PathBuf)> = STUDENT_FORMATS
            .iter()
            .map(|format| (*format, root.join(format!("report.{format}"))))
            .collect();
        for (format, file) in &formats {
            command
                .arg("--report")
                .arg(format!("{format}={}", file.display()));
        }
        let output = command.output().expect("running the grader");
        assert_eq!(output.status.code(), Some(0), "{output:?}");
        Gradings { outputs, formats }
    })
}

/// What a report could show of a hidden check's blessed answer (and so of its
/// input), read from `fixtures/snapshots/<check>.snap`, in the forms reports write
/// them: a list of 8 numbers or more (rooms visited, a path) by its first 8, spaced
/// as a diff shows them and as JSON; a path of squares by its first 4 as `(r,c)`; a
/// maze by its size, `WxH` and `W by H` (the size is the input it was asked); a text
/// of 20 characters or more (an expected error message) whole.
fn needles(check: &str) -> BTreeSet<String> {
    let text = std::fs::read_to_string(kit_root().join(format!("fixtures/snapshots/{check}.snap")))
        .unwrap_or_else(|e| panic!("the snapshot of {check}: {e}"));
    let json = text.splitn(3, "---\n").nth(2).expect("a snapshot's header");
    let mut found = BTreeSet::new();
    collect(
        &serde_json::from_str(json).expect("the blessed JSON"),
        &mut found,
    );
    found
}

fn collect(value: &Value, found: &mut BTreeSet<String>) {
    match value {
        Value::Array(items) => {
            let numbers: Vec<i64> = items.iter().filter_map(Value::as_i64).collect();
            if numbers.len() == items.len() && numbers.len() >= 8 {
                let first: Vec<String> = numbers[..8].iter().map(i64::to_string).collect();
                found.insert(first.join(" "));
                found.insert(format!("[{}", first.join(",")));
            }
            let squares: Vec<(i64, i64)> = items
                .iter()
                .filter_map(|item| Some((item.get(0)?.as_i64()?, item.get(1)?.as_i64()?)))
                .collect();
            if squares.len() == items.len() && squares.len() >= 4 {
                let first: Vec<String> = squares[..4]
                    .iter()
                    .map(|(r, c)| format!("({r},{c})"))
                    .collect();
                found.insert(first.join(" "));
            }
            items.iter().for_each(|item| collect(item, found));
        }
        Value::Object(fields) => {
            if let Some(rows) = fields.get("walls").and_then(Value::as_array) {
                let height = rows.len();
                let width = rows.first().and_then(Value::as_array).map_or(0, Vec::len);
                found.insert(format!("{width}x{height}"));
                found.insert(format!("{width} by {height}"));
            }
            fields.values().for_each(|field| collect(field, found));
        }
        Value::String(text) if text.chars().count() >= 20 => {
            found.insert(text.clone());
        }
        _ => {}
    }
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
#[ignore = "full tier: grades a defective submission five times"]
fn what_a_class_hands_out_holds_no_hidden_input_or_answer_and_the_instructors_files_do() {
    let gradings = gradings();
    let out = &gradings.outputs[0];
    let student = out.join("dee");
    let instructor: Value =
        serde_json::from_str(&read(&student.join("instructor/results.json"))).expect("JSON");
    let checks = instructor["checks"].as_array().expect("checks");
    // A needle that a public check's own words hold too would prove nothing.
    let public = serde_json::to_string(
        &checks
            .iter()
            .filter(|c| c["visibility"] == "visible")
            .collect::<Vec<_>>(),
    )
    .expect("JSON");
    let handed_out: Vec<(String, String)> = HANDED_OUT
        .iter()
        .map(|file| (format!("grade-all's {file}"), read(&student.join(file))))
        .chain(
            gradings
                .formats
                .iter()
                .map(|(format, file)| (format!("grader grade's {format}"), read(file))),
        )
        .collect();
    let instructors: String = INSTRUCTORS
        .iter()
        .map(|file| read(&student.join(file)))
        .collect();
    let mut searched = 0;
    for check in private_checks() {
        let needles: Vec<String> = needles(&check)
            .into_iter()
            .filter(|needle| !public.contains(needle.as_str()))
            .collect();
        searched += needles.len();
        for (file, text) in &handed_out {
            let leaked: Vec<&String> = needles
                .iter()
                .filter(|n| text.contains(n.as_str()))
                .collect();
            assert!(leaked.is_empty(), "{file} shows {check}'s {leaked:?}");
        }
        let result = checks
            .iter()
            .find(|c| c["name"] == check.as_str())
            .expect("a hidden check");
        if result["passed"] == false
            && [
                "maze_matches_reference_hidden",
                "rat_bfs_hidden",
                "rat_dfs_hidden",
            ]
            .contains(&check.as_str())
        {
            assert!(
                needles.iter().any(|n| instructors.contains(n.as_str())),
                "the instructor's files show nothing of {check}'s {needles:?}, so the search above could not fail"
            );
        }
    }
    assert!(searched > 50, "{searched} needles");
    // The twins (public checks asked again on secret inputs) keep theirs too.
    let twins: Vec<String> = std::fs::read_dir(kit_root().join("fixtures/snapshots"))
        .expect("the snapshots")
        .filter_map(|entry| {
            let name = entry
                .expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned();
            name.strip_suffix(".snap")
                .filter(|n| n.ends_with(".twin"))
                .map(str::to_owned)
        })
        .collect();
    assert!(twins.len() > 20, "{twins:?}");
    for twin in twins {
        for needle in needles(&twin)
            .iter()
            .filter(|n| !public.contains(n.as_str()))
        {
            for (file, text) in &handed_out {
                assert!(
                    !text.contains(needle.as_str()),
                    "{file} shows {twin}'s {needle:?}"
                );
            }
        }
    }
    // What the spy printed of the hidden mazes reaches the instructor alone.
    let spied: Vec<&str> = instructors.matches("spy: a ").collect();
    assert!(!spied.is_empty());
    // The student still reads that a hidden check failed, and which property.
    let handed: Value = serde_json::from_str(&read(&student.join("results.json"))).expect("JSON");
    let hidden = handed["checks"]
        .as_array()
        .expect("checks")
        .iter()
        .find(|c| c["name"] == "rat_bfs_hidden")
        .expect("rat_bfs_hidden");
    assert_eq!(hidden["passed"], false);
    assert!(
        hidden["message"]
            .as_str()
            .expect("a message")
            .starts_with("failed (visit order) on inputs the course keeps private"),
        "{hidden:#}"
    );
    assert!(hidden["title"].as_str().expect("a title").contains("BFS"));
    // manifest.json says which files may be handed out.
    let manifest: Value = serde_json::from_str(&read(&out.join("manifest.json"))).expect("JSON");
    assert_eq!(
        manifest["student_folder"]["handed_out"],
        serde_json::json!(HANDED_OUT)
    );
    assert!(
        manifest["student_folder"]["instructor_only"]
            .as_array()
            .expect("a list")
            .iter()
            .any(|file| file == "instructor/report.html")
    );
}

/// Every file below `dir`, by its path relative to `dir`, with what varies from one
/// grading to the next left out: `timings.json` and the timings section of
/// `summary.md`.
fn files_without_times(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files: Vec<(PathBuf, Vec<u8>)> = walkdir::WalkDir::new(dir)
        .sort_by_file_name()
        .into_iter()
        .map(|entry| entry.expect("reading an output"))
        .filter(|entry| entry.file_type().is_file() && entry.file_name() != "timings.json")
        .map(|entry| {
            let relative = entry.path().strip_prefix(dir).expect("below").to_path_buf();
            let mut bytes = std::fs::read(entry.path()).expect("a file");
            let timings = b"\n## Where the time went\n";
            if let Some(at) = bytes.windows(timings.len()).position(|w| w == timings) {
                bytes.truncate(at);
            }
            (relative, bytes)
        })
        .collect();
    files.sort();
    files
}

#[test]
#[ignore = "full tier: grades a defective submission five times"]
fn a_defective_submission_graded_four_times_gets_the_same_files_byte_for_byte() {
    let gradings = gradings();
    let first = files_without_times(&gradings.outputs[0]);
    let names: Vec<&Path> = first.iter().map(|(path, _)| path.as_path()).collect();
    for file in [
        "index.html",
        "grades.csv",
        "summary.md",
        "manifest.json",
        "dee/report.html",
        "dee/instructor/results.json",
    ] {
        assert!(names.contains(&Path::new(file)), "{file} in {names:?}");
    }
    for (n, out) in gradings.outputs.iter().enumerate().skip(1) {
        let again = files_without_times(out);
        let listed: Vec<&Path> = again.iter().map(|(path, _)| path.as_path()).collect();
        assert_eq!(listed, names, "grading {} wrote other files", n + 1);
        for ((path, bytes), (_, other)) in first.iter().zip(&again) {
            assert!(
                bytes == other,
                "grading {} wrote another {}:\n{}",
                n + 1,
                path.display(),
                first_difference(bytes, other)
            );
        }
    }
}

/// The first line where two texts differ, both ways.
fn first_difference(a: &[u8], b: &[u8]) -> String {
    let (a, b) = (String::from_utf8_lossy(a), String::from_utf8_lossy(b));
    a.lines().zip(b.lines()).find(|(x, y)| x != y).map_or_else(
        || "(one is longer)".to_owned(),
        |(x, y)| format!("- {x}\n+ {y}"),
    )
}
