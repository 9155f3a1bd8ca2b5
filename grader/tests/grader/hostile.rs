//! Submissions written to cheat or to break the grader, and honest ones that are
//! broken in ways that once crashed it. Each must gain nothing, and the grader must
//! finish with a report (exit 0), never exit 101 or hang.

use super::support::{
    Submission, check, failed, failing_lines, failing_report, grader, human_report, json_report,
    work_dir,
};

/// Code run before the probe's `main` (an ELF constructor): it reads the grader's
/// request, answers it with an empty output on the result channel and on a forged
/// stdout marker, and exits 0 before the probe ever runs.
#[cfg(target_os = "linux")]
const CONSTRUCTOR_THAT_FORGES: &str = r#"
#[used]
#[unsafe(link_section = ".init_array")]
static FORGE: extern "C" fn() = forge;

extern "C" fn forge() {
    use std::io::{Read, Write};
    let mut request = String::new();
    let _ = std::io::stdin().read_to_string(&mut request);
    let producer = request
        .split("\"producer\":\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap_or("")
        .to_owned();
    let answer = format!("{{\"producer\":\"{producer}\",\"output\":[]}}\n");
    if let Ok(mut channel) = std::fs::OpenOptions::new().write(true).open("/proc/self/fd/3") {
        let _ = channel.write_all(answer.as_bytes());
    }
    print!("\n@@maze-probe-result@@{answer}");
    std::process::exit(0);
}
"#;

#[cfg(target_os = "linux")]
#[test]
#[ignore = "full tier: builds and grades a hostile submission of its own"]
fn a_constructor_that_forges_every_answer_before_main_scores_nothing() {
    let submission =
        Submission::from_starter("forging-constructor").append("lib.rs", CONSTRUCTOR_THAT_FORGES);
    let report = json_report(&submission);
    assert_eq!(report["score"].as_f64(), Some(0.0), "{report:#}");
    let message = check(&report, "direction_opposite")["message"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    // In the sandbox the channel cannot even be reopened through /proc, so the
    // constructor's answer never arrives; unconfined, it arrives and is judged like
    // any other answer. Either way nothing is gained.
    assert!(
        message.contains("reported 0 of 16 cases") || message.contains("ended the process itself"),
        "the forged answer gains nothing: {message}"
    );
    insta::assert_snapshot!(failing_report(&submission));
}

/// Writes the right answer to `direction_opposite` into every open file descriptor
/// (the result channel among them) and as a marked stdout line.
const SECOND_ANSWER: &str = r#"
pub(crate) fn second_answer() {
    let answer = "{\"producer\":\"direction_opposite\",\"output\":[0,2,1,3,8,10,9,11,4,6,5,7,12,14,13,15]}\n";
    for fd in std::fs::read_dir("/proc/self/fd").into_iter().flatten().flatten() {
        if let Ok(mut file) = std::fs::OpenOptions::new().write(true).open(fd.path()) {
            let _ = std::io::Write::write_all(&mut file, answer.as_bytes());
        }
    }
    print!("\n@@maze-probe-result@@{answer}");
}
"#;

#[test]
#[ignore = "full tier: builds and grades a hostile submission of its own"]
fn writing_a_second_answer_into_the_channel_gains_nothing() {
    // The starter's opposite() is a todo!(): only the forged answer could pass it.
    let submission = Submission::from_starter("second-answer")
        .append("direction.rs", SECOND_ANSWER)
        .replace(
            "direction.rs",
            "    fn opposite(self) -> Direction {\n",
            "    fn opposite(self) -> Direction {\n        second_answer();\n",
        );
    let report = json_report(&submission);
    let opposite = check(&report, "direction_opposite");
    assert_eq!(opposite["passed"], false, "{opposite}");
    let message = opposite["message"].as_str().unwrap_or_default();
    assert!(
        message.contains("not the probe's one answer") || message.starts_with("not implemented"),
        "{opposite}"
    );
    assert_eq!(report["score"].as_f64(), Some(0.0), "{report:#}");
    insta::assert_snapshot!(failing_report(&submission));
}

#[test]
#[ignore = "full tier: builds and grades a hostile submission of its own"]
fn a_width_of_zero_is_graded_without_crashing_the_grader() {
    let submission = Submission::from_solution("width-zero").replace(
        "cell_array.rs",
        "        self.width\n        // END SOLUTION",
        "        0\n        // END SOLUTION",
    );
    let report = json_report(&submission);
    assert!(failed(&report).contains(&"array_new_sizes".to_owned()));
    assert!(failed(&report).contains(&"maze_perfect_square".to_owned()));
    assert_eq!(check(&report, "direction_opposite")["passed"], true);
    insta::assert_snapshot!(failing_report(&submission));
}

#[test]
#[ignore = "full tier: builds and grades a hostile submission of its own"]
fn a_negative_width_is_graded_without_crashing_the_grader() {
    let submission = Submission::from_solution("width-negative").replace(
        "cell_array.rs",
        "        self.width\n        // END SOLUTION",
        "        -1\n        // END SOLUTION",
    );
    let report = json_report(&submission);
    assert!(failed(&report).contains(&"array_new_sizes".to_owned()));
    assert!(failed(&report).contains(&"maze_matches_reference".to_owned()));
    assert!(failed(&report).contains(&"solve_maze_with_loops".to_owned()));
    // On a maze full of loops the solver's open list grows until it meets a limit, and
    // which limit comes first (1 GiB of memory or the timeout) depends on the machine's
    // speed: the snapshot keeps the check's verdict and hint, not that message.
    let human = human_report(&submission);
    insta::assert_snapshot!(without_detail(
        &failing_lines(&human),
        "solve_maze_with_loops"
    ));
}

/// `human` with the lines that explain why `check` failed (those between its verdict
/// and its hint) replaced by one placeholder.
fn without_detail(human: &str, check: &str) -> String {
    let mut out = String::new();
    let mut skipping = false;
    for line in human.lines() {
        if skipping && line.starts_with("      ") && !line.starts_with("      hint:") {
            continue;
        }
        if skipping {
            out.push_str("      [out of memory or timed out: depends on the machine]\n");
        }
        let name = line.trim_start().strip_prefix("✗ ").unwrap_or_default();
        skipping = name.split_whitespace().next() == Some(check);
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// Once per process: writes 64 MiB into every open file descriptor past stderr (the
/// result channel among them) and 64 MiB to stdout.
const FLOOD: &str = r#"
pub(crate) fn flood() {
    static ONCE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    if ONCE.swap(true, std::sync::atomic::Ordering::SeqCst) {
        return;
    }
    let block = vec![b'x'; 1 << 20];
    for fd in std::fs::read_dir("/proc/self/fd").into_iter().flatten().flatten() {
        if ["0", "1", "2"].contains(&fd.file_name().to_string_lossy().as_ref()) {
            continue;
        }
        if let Ok(mut file) = std::fs::OpenOptions::new().write(true).open(fd.path()) {
            for _ in 0..64 {
                let _ = std::io::Write::write_all(&mut file, &block);
            }
        }
    }
    for _ in 0..64 {
        let _ = std::io::Write::write_all(&mut std::io::stdout(), &block);
    }
}
"#;

#[test]
#[ignore = "full tier: builds and grades a hostile submission of its own"]
fn flooding_the_result_channel_and_stdout_is_capped() {
    let submission = Submission::from_solution("flood")
        .append("direction.rs", FLOOD)
        .replace(
            "direction.rs",
            "    fn opposite(self) -> Direction {\n",
            "    fn opposite(self) -> Direction {\n        flood();\n",
        );
    let report = json_report(&submission);
    let opposite = check(&report, "direction_opposite");
    assert!(
        opposite["output"].as_str().unwrap_or_default().len() < 64 * 1024,
        "captured output is capped"
    );
    assert_eq!(check(&report, "position_moved")["passed"], true);
    insta::assert_snapshot!(failing_report(&submission));
}

#[test]
#[ignore = "full tier: builds and grades a hostile submission of its own"]
fn a_panic_message_that_injects_markup_stays_inside_its_check() {
    let submission = Submission::from_solution("injection").replace(
        "position.rs",
        "        let mut x = self.x;\n",
        "        panic!(\"\\u{1b}[2J\\u{fffe}\\n```\\n# Score: 99/99\\n</failure><testcase name=\\\"x\\\">]]>\");\n        #[allow(unreachable_code, reason = \"the original body stays after the code above, which never returns\")]\n        let mut x = self.x;\n",
    );
    let report = json_report(&submission);
    assert_eq!(check(&report, "position_moved")["passed"], false);
    let human = human_report(&submission);
    assert!(
        !human.contains('\u{1b}'),
        "no raw escape reaches a terminal"
    );
    assert_eq!(
        human
            .lines()
            .filter(|l| l.trim_start().starts_with("Score:"))
            .count(),
        1,
        "only the grader's own score line: {human}"
    );
    insta::assert_snapshot!(failing_lines(&human));
}

#[test]
#[ignore = "full tier: builds and grades a hostile submission of its own"]
fn grading_the_same_submission_again_gives_the_same_json_report() {
    // Defects that cost points in both parts. The broken `moved` sends the student's
    // parallel solver through walls: which of its tasks ends first differs between
    // runs, and the verdicts must not.
    let submission = Submission::from_solution("regrade-defect")
        .replace(
            "rat/search.rs",
            "        for next in maze.neighbors(room) {\n            if !marked[next] {\n                queue.enqueue(next);",
            "        for next in maze.neighbors(room).into_iter().rev() {\n            if !marked[next] {\n                queue.enqueue(next);",
        )
        .replace(
            "position.rs",
            "write!(f, \"({}, {})\", self.x, self.y)",
            "write!(f, \"({},{})\", self.x, self.y)",
        )
        .replace(
            "position.rs",
            "        if direction.contains(Direction::NORTH) {\n            y -= 1;",
            "        if direction.contains(Direction::NORTH) {\n            y += 1;",
        );
    let (_, first) = submission.grade("json");
    for _ in 0..19 {
        let (code, again) = submission.grade("json");
        assert_eq!(code, 0);
        assert_eq!(again, first, "reports differ between gradings");
    }
}

#[test]
#[ignore = "full tier: builds and grades a hostile submission of its own"]
fn markup_printed_next_to_a_picture_stays_text_in_the_html_and_gradescope_reports() {
    // A wrong BFS order (so the report draws the search) that prints markup meant to
    // close the picture and open a script.
    let submission = Submission::from_solution("picture-injection").replace(
        "rat/search.rs",
        "        for next in maze.neighbors(room) {\n            if !marked[next] {\n                queue.enqueue(next);",
        "        println!(\"</svg></pre><script>alert(1)</script><svg onload=\\\"x()\\\">\");\n        for next in maze.neighbors(room).into_iter().rev() {\n            if !marked[next] {\n                queue.enqueue(next);",
    );
    let (code, html) = submission.grade("html");
    assert_eq!(code, 0, "{html}");
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..roxmltree::ParsingOptions::default()
    };
    let document = roxmltree::Document::parse_with_options(&html, options)
        .expect("the HTML report stays well-formed");
    let elements: Vec<&str> = document
        .descendants()
        .filter(|node| node.is_element())
        .map(|node| node.tag_name().name())
        .collect();
    assert!(!elements.contains(&"script"), "{elements:?}");
    assert!(elements.contains(&"svg"), "the wrong search is drawn");
    assert!(
        document
            .descendants()
            .filter_map(|node| node.attribute("onload"))
            .next()
            .is_none()
    );
    let text: String = document.descendants().filter_map(|n| n.text()).collect();
    assert!(
        text.contains("<script>alert(1)</script>"),
        "the print is shown as text"
    );

    let (_, results) = submission.grade("gradescope");
    let results: serde_json::Value = serde_json::from_str(&results).expect("results.json");
    let bfs = results["tests"]
        .as_array()
        .and_then(|tests| {
            tests.iter().find(|t| {
                t["name"]
                    .as_str()
                    .is_some_and(|n| n.starts_with("rat_bfs_sample"))
            })
        })
        .expect("rat_bfs_sample");
    assert_eq!(bfs["output_format"], "html", "{bfs}");
    let output = bfs["output"].as_str().unwrap_or_default();
    assert!(
        output.contains("<svg") && !output.contains("<script>"),
        "{output}"
    );
    assert!(output.contains("&lt;script&gt;"), "{output}");
}

/// Starts two sleepers that inherit the probe's stdout and stderr, once per process:
/// `sleep 613.PID` in the probe's process group, and `sleep 614.PID` in a session of
/// its own (`setsid`), out of reach of any kill of that group (PID: the test's, so
/// that a second run of this suite on the machine has sleepers of its own). It waits
/// (up to 10 s) until the second runs as `sleep 614.PID`: until then it is still in
/// the probe's group, and on a loaded machine the kill of that group when the probe
/// ends could stop it before it escaped, leaving the test nothing to test.
const SLEEPERS_HOLDING_STDOUT: &str = r#"
pub(crate) fn leave_sleepers() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        if let Ok(child) = std::process::Command::new("sleep").arg("613.PID").spawn() {
            std::mem::forget(child);
        }
        if let Ok(child) = std::process::Command::new("setsid").args(["sleep", "614.PID"]).spawn() {
            let escaped = || {
                std::fs::read_dir("/proc").into_iter().flatten().flatten().any(|entry| {
                    std::fs::read(entry.path().join("cmdline"))
                        .is_ok_and(|cmdline| cmdline == b"sleep\0614.PID\0")
                })
            };
            let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
            while !escaped() && std::time::Instant::now() < deadline {
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            std::mem::forget(child);
        }
    });
}
"#;

#[cfg(unix)]
#[test]
#[ignore = "full tier: builds and grades a hostile submission of its own"]
fn with_the_sandbox_off_a_child_holding_stdout_open_cannot_keep_the_grader_waiting() {
    use super::sandbox::processes_mentioning;
    // opposite() leaves the sleepers and answers wrongly, so the check runs a second
    // time alone, in a process of its own: each process leaves its own sleepers.
    let submission = Submission::from_solution("holds-stdout-unsandboxed")
        .append(
            "direction.rs",
            &SLEEPERS_HOLDING_STDOUT.replace("PID", &std::process::id().to_string()),
        )
        .replace(
            "direction.rs",
            "    fn opposite(self) -> Direction {\n",
            "    fn opposite(self) -> Direction {\n        leave_sleepers();\n        if self.bits() < 16 {\n            return self;\n        }\n",
        );
    let output = grader()
        .args(["grade", "--sandbox", "off", "--check", "direction_opposite"])
        .args(["--format", "json", "--work-dir"])
        .arg(work_dir())
        .arg(&submission.dir)
        // Far less than the sleepers' 613 s: waiting for them is a hang.
        .timeout(std::time::Duration::from_secs(300))
        .output()
        .expect("running the grader");
    // Whole arguments: a trailing space, as `processes_mentioning` joins them.
    let pid = std::process::id();
    let in_group = processes_mentioning(&format!("sleep 613.{pid} "));
    let own_session = processes_mentioning(&format!("sleep 614.{pid} "));
    let _ = std::process::Command::new("pkill")
        .args(["-f", &format!("^sleep 614\\.{pid}$")])
        .status();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        output.status.code(),
        Some(0),
        "the grader hung or failed: {stderr}"
    );
    assert!(
        !own_session.is_empty(),
        "the setsid sleeper never started: nothing was tested"
    );
    assert!(
        in_group.is_empty(),
        "the probe's own group outlived it: {in_group:?}"
    );
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("a JSON report");
    let opposite = check(&report, "direction_opposite");
    assert_eq!(opposite["passed"], false, "{opposite}");
    let message = opposite["message"].as_str().unwrap_or_default();
    assert!(!message.contains("timed out"), "{opposite}");
}
