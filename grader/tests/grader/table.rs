//! A submission that answers from a table instead of code: everything the student
//! template holds (the blessed outputs in its snapshots) keyed by the inputs its own
//! grader sends (recorded by running that grader). Without twins such a table earns
//! the points of every blessed visible check; in the course's grading, where each
//! check is also asked on its private twin, it must earn nothing.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value;
use sha2::{Digest as _, Sha256};

use super::support::{Submission, graded_checks, grader, kit_root, kit_without_secret, work_dir};

/// Runs before the probe's `main` (an ELF constructor): writes the grader's request
/// to a file of its own in `@DIR@`, then leaves without an answer.
#[cfg(target_os = "linux")]
const RECORDER: &str = r#"
#[used]
#[unsafe(link_section = ".init_array")]
static RECORD: extern "C" fn() = record;

extern "C" fn record() {
    use std::io::{Read, Write};
    let mut request = String::new();
    let _ = std::io::stdin().read_to_string(&mut request);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let file = format!("@DIR@/request-{}-{nanos}.json", std::process::id());
    if let Ok(mut file) = std::fs::File::create(file) {
        let _ = file.write_all(request.as_bytes());
    }
    std::process::exit(3);
}
"#;

/// Runs before the probe's `main`: answers each question whose input is in
/// `TABLE` with the blessed output, in order, and stops at the first it cannot.
#[cfg(target_os = "linux")]
const ANSWERER: &str = r#"
#[used]
#[unsafe(link_section = ".init_array")]
static ANSWER: extern "C" fn() = answer;

extern "C" fn answer() {
    use std::io::{Read, Write};
    let mut request = String::new();
    let _ = std::io::stdin().read_to_string(&mut request);
    let Ok(request) = serde_json::from_str::<serde_json::Value>(&request) else {
        std::process::exit(0);
    };
    // The result channel, fd 3, which the probe has not taken over yet.
    // SAFETY: nothing else in the process owns fd 3 before `main`.
    let mut channel = Some(unsafe { <std::fs::File as std::os::fd::FromRawFd>::from_raw_fd(3) });
    let look_up = |question: &serde_json::Value| {
        let input = question["input"].to_string();
        TABLE
            .iter()
            .find(|(known, _)| *known == input)
            .and_then(|(_, output)| serde_json::from_str::<serde_json::Value>(output).ok())
    };
    let mut write = |line: serde_json::Value| {
        if let Some(channel) = channel.as_mut() {
            let _ = writeln!(channel, "{line}");
            let _ = channel.flush();
        }
    };
    match request.get("batch").and_then(serde_json::Value::as_array) {
        Some(batch) => {
            for (index, question) in batch.iter().enumerate() {
                let Some(output) = look_up(question) else { break };
                write(serde_json::json!({ "index": index, "producer": question["producer"], "output": output }));
            }
        }
        None => {
            if let Some(output) = look_up(&request) {
                write(serde_json::json!({ "producer": request["producer"], "output": output }));
            }
        }
    }
    std::process::exit(0);
}
"#;

/// The visible checks the kit grades.
fn visible_checks() -> Vec<String> {
    graded_checks()
        .iter()
        .filter(|check| check["visibility"].as_str() == Some("visible"))
        .map(|check| check["name"].as_str().expect("a name").to_owned())
        .collect()
}

/// Grades `submission` against `kit` (the kit itself when `None`), only the visible
/// checks, and returns the JSON report.
fn graded(submission: &Submission, kit: Option<&Path>, sandbox: &str) -> Value {
    let mut command = grader();
    command.args([
        "grade",
        "--format",
        "json",
        "--sandbox",
        sandbox,
        "--work-dir",
    ]);
    command.arg(work_dir());
    if let Some(kit) = kit {
        command.arg("--kit").arg(kit);
    }
    for check in visible_checks() {
        command.args(["--check", &check]);
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

/// The digest the grader ties a blessed output to its input with.
fn digest(input: &Value) -> String {
    Sha256::digest(input.to_string().as_bytes())
        .iter()
        .take(12)
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The blessed outputs of the kit's snapshots, by the digest of their input.
fn blessed_by_digest() -> BTreeMap<String, String> {
    let mut blessed = BTreeMap::new();
    for entry in std::fs::read_dir(kit_root().join("fixtures/snapshots")).expect("snapshots") {
        let text = std::fs::read_to_string(entry.expect("a snapshot").path()).expect("text");
        let Some(rest) = text.strip_prefix("---\n") else {
            continue;
        };
        let Some((header, body)) = rest.split_once("\n---\n") else {
            continue;
        };
        if let Some(input) = header
            .lines()
            .find_map(|line| line.strip_prefix("description: input "))
        {
            blessed.insert(input.trim().to_owned(), body.to_owned());
        }
    }
    blessed
}

#[cfg(target_os = "linux")]
#[test]
#[ignore = "full tier: builds and grades two submissions of its own, twice each"]
fn a_table_of_everything_the_template_holds_earns_nothing_in_the_courses_grading() {
    let template = tempfile::tempdir().expect("temp dir");
    kit_without_secret(template.path());

    // Record what the template's grader asks (unconfined, so that the recorder can
    // write its file).
    let requests = template.path().join("requests");
    std::fs::create_dir(&requests).expect("a folder for the requests");
    let recorder = Submission::from_starter("table-recorder").append(
        "lib.rs",
        &RECORDER.replace("@DIR@", &requests.display().to_string()),
    );
    graded(&recorder, Some(template.path()), "off");
    let mut inputs: Vec<Value> = Vec::new();
    for entry in std::fs::read_dir(&requests).expect("the recorded requests") {
        let text = std::fs::read_to_string(entry.expect("a request").path()).expect("text");
        let request: Value = serde_json::from_str(&text).expect("a recorded request");
        match request.get("batch").and_then(Value::as_array) {
            Some(batch) => inputs.extend(batch.iter().map(|q| q["input"].clone())),
            None => inputs.push(request["input"].clone()),
        }
    }

    // The table: each recorded input whose blessed output the template holds.
    let blessed = blessed_by_digest();
    let mut table: BTreeMap<String, String> = BTreeMap::new();
    for input in &inputs {
        if let Some(output) = blessed.get(&digest(input)) {
            table.insert(input.to_string(), output.clone());
        }
    }
    assert!(
        table.len() >= 40,
        "the template's snapshots answer only {} recorded inputs",
        table.len()
    );
    let mut source = String::from(ANSWERER);
    source.push_str("\nstatic TABLE: &[(&str, &str)] = &[\n");
    for (input, output) in &table {
        source.push_str(&format!("    ({input:?}, {output:?}),\n"));
    }
    source.push_str("];\n");
    let answerer = Submission::from_starter("table-answerer").append("lib.rs", &source);

    // Where the grader asks only what the template asks, the table earns points:
    // the attack is real.
    let template_report = graded(&answerer, Some(template.path()), "auto");
    let template_score = template_report["score"].as_f64().unwrap_or_default();
    assert!(
        template_score >= 50.0,
        "the table earns {template_score} points from the template's grader: {template_report:#}"
    );

    // The course's grading also asks every check on its private twin: nothing.
    let course = graded(&answerer, None, "auto");
    assert_eq!(course["score"].as_f64(), Some(0.0), "{course:#}");
    let opposite = course["checks"]
        .as_array()
        .and_then(|checks| checks.iter().find(|c| c["name"] == "direction_opposite"))
        .expect("direction_opposite");
    assert!(
        opposite["message"].as_str().is_some_and(|m| m.starts_with(
            "right on the input shown here, wrong on another input of the same check"
        )),
        "{opposite:#}"
    );
    assert_eq!(opposite["twin"]["passed"], false, "{opposite:#}");
}
