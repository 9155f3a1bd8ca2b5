//! The handout's rules proven by violations: `handout/violations.toml` holds changes
//! to the reference a student could make, each breaking one rule of
//! `handout/rules.toml`. The default tier checks the table against the rules and the
//! reference; the full tier grades each violation as the student template's grader
//! does and asserts its check fails with words that lead to the rule.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;
use serde_json::Value;

use super::actions::copy_dir;
use super::rules::{chapter_file, rule_proofs, sections_of_rules};
use super::support::{
    Submission, check, checkout, graded_checks, grader, kit_without_secret, private_checks,
    work_dir,
};

/// One `[[violation]]` of the table.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Violation {
    rule: String,
    what: String,
    file: String,
    find: String,
    replace: String,
    check: String,
    says: String,
    /// What the "Check your work" box of the rule's chapter does with this violation,
    /// as the handout's words around the box say: `fails` when they say its tests
    /// check the rule, `passes` when they say only the grader does.
    #[serde(default, rename = "box")]
    check_box: Option<String>,
}

fn violations() -> Vec<Violation> {
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Table {
        violation: Vec<Violation>,
    }
    let path = checkout().join("handout/violations.toml");
    let text = std::fs::read_to_string(&path).expect("reading handout/violations.toml");
    let table: Table =
        toml::from_str(&text).unwrap_or_else(|error| panic!("handout/violations.toml: {error}"));
    table.violation
}

#[test]
fn every_violation_breaks_a_rule_that_its_check_grades_in_code_the_reference_holds() {
    let rules: BTreeMap<String, Vec<String>> = rule_proofs()
        .into_iter()
        .map(|rule| (rule.rule, rule.checks))
        .collect();
    let private = private_checks();
    let graded: Vec<&str> = graded_checks()
        .iter()
        .filter_map(|check| check["name"].as_str())
        .collect();
    let mut problems = Vec::new();
    for violation in violations() {
        let name = format!("{:?} ({})", violation.what, violation.rule);
        match rules.get(&violation.rule) {
            None => problems.push(format!("{name}: handout/rules.toml has no such rule")),
            Some(checks) if !checks.contains(&violation.check) => problems.push(format!(
                "{name}: its rule is graded by {checks:?}, not by {}",
                violation.check
            )),
            Some(_) => {}
        }
        if !graded.contains(&violation.check.as_str()) || private.contains(&violation.check) {
            problems.push(format!(
                "{name}: {} is not a visible check the kit grades",
                violation.check
            ));
        }
        let path = checkout().join("solution/src").join(&violation.file);
        match std::fs::read_to_string(&path) {
            Ok(text) if text.matches(&violation.find).count() == 1 => {}
            Ok(text) => problems.push(format!(
                "{name}: solution/src/{} holds its `find` {} times, not once",
                violation.file,
                text.matches(&violation.find).count()
            )),
            Err(error) => {
                problems.push(format!("{name}: solution/src/{}: {error}", violation.file))
            }
        }
        if let Some(outcome) = &violation.check_box
            && outcome != "fails"
            && outcome != "passes"
        {
            problems.push(format!(
                "{name}: box = {outcome:?}, where \"fails\" or \"passes\" is allowed"
            ));
        }
        if violation.find == violation.replace || violation.says.trim().is_empty() {
            problems.push(format!("{name}: changes nothing, or says nothing"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Every rule is proven by a violation: one of its own, or, for a restatement, a
/// worked example or what the provided driver prints of the student's answer, the
/// violations of the rules it names in `proven_by`, each of which costs a check that
/// grades it. A rule kept by provided code says why in `no_violation`. A rule that
/// says either and has a violation of its own says something stale.
#[test]
fn every_rule_has_a_violation_or_names_the_rules_whose_violations_break_it() {
    let rules = rule_proofs();
    let checks: BTreeMap<&str, &[String]> = rules
        .iter()
        .map(|rule| (rule.rule.as_str(), rule.checks.as_slice()))
        .collect();
    let violations = violations();
    let mut problems = Vec::new();
    if checks.len() != rules.len() {
        problems.push(format!(
            "{} rules share their names with others: a violation names one rule",
            rules.len() - checks.len()
        ));
    }
    let own =
        |rule: &str| -> Vec<&Violation> { violations.iter().filter(|v| v.rule == rule).collect() };
    let (mut proven, mut by_others, mut kept) = (0, 0, Vec::new());
    for said in &rules {
        let rule = &said.rule;
        let has_own = !own(rule).is_empty();
        match (has_own, said.proven_by.is_empty(), &said.no_violation) {
            (true, true, None) => proven += 1,
            (true, _, _) => problems.push(format!(
                "\"{rule}\" has a violation of its own: its proven_by or no_violation is stale"
            )),
            (false, true, None) => problems.push(format!(
                "\"{rule}\" has no violation: write one in handout/violations.toml, or name the rules whose violations break it (proven_by), or say why none can be written (no_violation)"
            )),
            (false, false, Some(_)) => problems.push(format!(
                "\"{rule}\" has both proven_by and no_violation: keep one"
            )),
            (false, true, Some(why)) if why.trim().is_empty() => {
                problems.push(format!("\"{rule}\" has an empty no_violation: say why"));
            }
            (false, true, Some(why)) => kept.push(format!("{rule}: {why}")),
            (false, false, None) => {
                by_others += 1;
                let grading = &said.checks;
                for other in &said.proven_by {
                    if !checks.contains_key(other.as_str()) {
                        problems.push(format!(
                            "\"{rule}\" is proven_by \"{other}\", which is no rule of handout/rules.toml"
                        ));
                    } else if !own(other).iter().any(|v| grading.contains(&v.check)) {
                        problems.push(format!(
                            "\"{rule}\" is proven_by \"{other}\", but no violation of that rule costs a check that grades \"{rule}\" ({})",
                            grading.join(", ")
                        ));
                    }
                }
            }
        }
    }
    println!(
        "{} rules: {proven} with a violation of their own, {by_others} proven by other rules' violations, {} kept by provided code ({} violations)",
        checks.len(),
        kept.len(),
        violations.len()
    );
    for rule in &kept {
        println!("  kept by provided code: {rule}");
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Grades `submission` against the kit at `kit` with the checks `names` alone, JSON.
fn graded(submission: &Path, kit: &Path, names: &[&str]) -> Value {
    let mut command = grader();
    command
        .args(["grade", "--format", "json", "--kit"])
        .arg(kit);
    for name in names {
        command.args(["--check", name]);
    }
    let output = command
        .arg("--work-dir")
        .arg(work_dir())
        .arg(submission)
        .output()
        .expect("running the grader");
    serde_json::from_slice(&output.stdout).unwrap_or_else(|error| {
        panic!(
            "no JSON report ({error}): {}",
            String::from_utf8_lossy(&output.stderr)
        )
    })
}

/// Where a violation in `file` (below `src/`) can reach: its lane, whose checks it
/// may break, as the grader's `Part::owning` and the checks' `.after` say. Parts 2 to
/// 5 do not call each other's code; creating (`maze.rs`) and solving (`solve.rs`)
/// call only Part 1's foundations; the foundations (directions, positions, cells,
/// the grid, provided code) are called by Parts 1 to 4, but never by Part 5.
fn lane_of(file: &str) -> &'static str {
    if file.starts_with("rat") {
        "part 2"
    } else if file.starts_with("texture.rs") {
        "part 3"
    } else if file.starts_with("prim.rs") || file.starts_with("backtrack.rs") {
        "part 4"
    } else if file.starts_with("arrows") {
        "part 5"
    } else if file == "maze.rs" {
        "creating"
    } else if file == "solve.rs" {
        "solving"
    } else {
        "foundations"
    }
}

/// The violations in packs that share a build and a grading, no two of a pack able to
/// break each other's check: a violation of the foundations with one of Part 5 at
/// most; otherwise at most one of each other lane.
fn packs(violations: &[Violation]) -> Vec<Vec<usize>> {
    let mut by_lane: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (index, violation) in violations.iter().enumerate() {
        by_lane
            .entry(lane_of(&violation.file))
            .or_default()
            .push(index);
    }
    let foundations = by_lane.remove("foundations").unwrap_or_default();
    let part5 = by_lane.remove("part 5").unwrap_or_default();
    let longest = by_lane.values().map(Vec::len).max().unwrap_or(0);
    let mut packs: Vec<Vec<usize>> = foundations.into_iter().map(|index| vec![index]).collect();
    packs.extend((0..longest).map(|n| {
        by_lane
            .values()
            .filter_map(|list| list.get(n).copied())
            .collect::<Vec<_>>()
    }));
    for (n, index) in part5.into_iter().enumerate() {
        match packs.get_mut(n) {
            Some(pack) => pack.push(index),
            None => packs.push(vec![index]),
        }
    }
    packs
}

/// The reference with the violations `members` of `violations` applied, named `name`.
fn with_violations(violations: &[Violation], members: &[usize], name: &str) -> Submission {
    members
        .iter()
        .fold(Submission::from_solution(name), |submission, &index| {
            let violation = &violations[index];
            submission.replace(&violation.file, &violation.find, &violation.replace)
        })
}

/// What went wrong with `violation` in `report`, if anything, and its line of the
/// test's output.
fn verdict_on(violation: &Violation, report: &Value) -> (Option<String>, String) {
    let graded = check(report, &violation.check);
    let words = format!(
        "{} {}",
        graded["message"].as_str().unwrap_or_default(),
        graded["hint"].as_str().unwrap_or_default()
    );
    let passed = graded["passed"] == true;
    let line = format!(
        "{} ({}): {} {} — {words}",
        violation.what,
        violation.rule,
        violation.check,
        if passed { "PASSED" } else { "failed" }
    );
    let problem = if passed {
        Some(format!(
            "{:?} passes {}: the template's grader does not catch it",
            violation.what, violation.check
        ))
    } else if !words.contains(&violation.says) {
        Some(format!(
            "{:?} fails {}, but its words do not say {:?}: {words}",
            violation.what, violation.check, violation.says
        ))
    } else {
        None
    };
    (problem, line)
}

#[test]
#[ignore = "full tier: builds and grades every violation of handout/violations.toml, one pack of parts at a time (a few minutes)"]
fn each_violation_costs_its_check_with_words_that_lead_to_its_rule() {
    let template = tempfile::tempdir().expect("a temp dir");
    kit_without_secret(template.path());
    // MAZE_VIOLATIONS=words grades only the violations whose rule or `what` holds them,
    // for whoever is writing new ones.
    let only = std::env::var("MAZE_VIOLATIONS").unwrap_or_default();
    let violations: Vec<Violation> = violations()
        .into_iter()
        .filter(|v| v.rule.contains(&only) || v.what.contains(&only))
        .collect();
    // Violations that cannot reach each other's checks share a build and a grading
    // (see `packs`). Should one still change the words of another's check, a violation
    // whose check did not fail with its words in its pack is graded again alone, and
    // only that verdict counts.
    let packs = packs(&violations);
    let graded_packs: Vec<Value> = std::thread::scope(|scope| {
        let mut reports = Vec::new();
        // Two at a time: each build and grading is mostly one core's work.
        for pair in packs.chunks(2) {
            let running: Vec<_> = pair
                .iter()
                .enumerate()
                .map(|(offset, members)| {
                    let (violations, template) = (&violations, template.path());
                    scope.spawn(move || {
                        // One folder for each of the two lanes, written again for each
                        // pack: the grader keeps a build per folder, so the builds stay
                        // two (not one per pack, gigabytes on CI's disk), and each
                        // starts from the one before.
                        let submission =
                            with_violations(violations, members, &format!("violations-{offset}"));
                        let names: Vec<&str> = members
                            .iter()
                            .map(|&index| violations[index].check.as_str())
                            .collect();
                        graded(&submission.dir, template, &names)
                    })
                })
                .collect();
            reports.extend(running.into_iter().map(|r| r.join().expect("grading")));
        }
        reports
    });
    let mut problems = Vec::new();
    let mut alone = 0;
    for (members, report) in packs.iter().zip(&graded_packs) {
        for &index in members {
            let violation = &violations[index];
            let (mut problem, mut line) = verdict_on(violation, report);
            if problem.is_some() && members.len() > 1 {
                alone += 1;
                let submission = with_violations(&violations, &[index], "violation-alone");
                let report = graded(&submission.dir, template.path(), &[&violation.check]);
                (problem, line) = verdict_on(violation, &report);
            }
            println!("{line}");
            problems.extend(problem);
        }
    }
    println!(
        "{} violations graded in {} builds of packs, {alone} graded again alone",
        violations.len(),
        packs.len()
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The `cargo test` commands of the first "Check your work" box of `chapter`: the
/// lines of the first console block after the box's words.
fn box_commands(chapter: &str) -> Vec<Vec<String>> {
    let path = checkout().join("handout/src").join(chapter);
    let text = std::fs::read_to_string(&path).expect("reading a chapter");
    let Some(at) = text.find("**Check your work.**") else {
        return Vec::new();
    };
    let lines = text[at..]
        .lines()
        .map(|line| line.trim_start_matches('>').trim())
        .skip_while(|line| *line != "```console")
        .skip(1)
        .take_while(|line| *line != "```");
    lines
        .filter_map(|line| line.strip_prefix("$ "))
        .filter(|command| command.starts_with("cargo test"))
        .map(|command| command.split_whitespace().map(str::to_owned).collect())
        .collect()
}

/// The student's crate of the template (the kit's `starter/`, its tests included)
/// with the reference's code in `src/`, into `dir`.
fn starter_with_the_reference(dir: &Path) {
    let kit = checkout();
    copy_dir(&kit.join("starter"), dir);
    copy_dir(&kit.join("solution/src"), &dir.join("src"));
}

/// Runs `command` (cargo and its arguments) in `dir` and whether it succeeded; killed
/// after ten minutes, which counts as failing (the tests' own deadlines are 30 s).
fn succeeds(command: &[String], dir: &Path, target: &Path) -> bool {
    let mut child = std::process::Command::new(&command[0])
        .args(&command[1..])
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", target)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("starting cargo");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(600);
    loop {
        if let Some(status) = child.try_wait().expect("waiting for cargo") {
            return status.success();
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            return false;
        }
        std::thread::sleep(std::time::Duration::from_millis(200));
    }
}

#[test]
#[ignore = "full tier: runs the Check-your-work commands of each violation's chapter on it (a few minutes)"]
fn each_check_your_work_box_catches_the_violations_its_words_say_it_checks() {
    let sections = sections_of_rules();
    // One target for every copy: the dependencies build once.
    let target = work_dir().join("check-your-work-target");
    let mut problems = Vec::new();
    for violation in violations().iter().filter(|v| v.check_box.is_some()) {
        let expected = violation.check_box.as_deref().unwrap_or_default();
        let section = &sections[&violation.rule];
        let chapter = chapter_file(section);
        let commands = box_commands(&chapter);
        if commands.is_empty() {
            problems.push(format!(
                "{:?}: {chapter} has no `cargo test` in its Check-your-work box",
                violation.what
            ));
            continue;
        }
        let copy = tempfile::tempdir().expect("a temp dir");
        starter_with_the_reference(copy.path());
        let file = copy.path().join("src").join(&violation.file);
        let text = std::fs::read_to_string(&file).expect("reading the violation's file");
        std::fs::write(&file, text.replacen(&violation.find, &violation.replace, 1))
            .expect("writing the violation");
        let failed: Vec<String> = commands
            .iter()
            .filter(|command| !succeeds(command, copy.path(), &target))
            .map(|command| command.join(" "))
            .collect();
        let outcome = if failed.is_empty() { "passes" } else { "fails" };
        println!(
            "{} ({section}, {}): the box {outcome}{}",
            violation.what,
            commands
                .iter()
                .map(|c| c.join(" "))
                .collect::<Vec<_>>()
                .join("; "),
            if failed.is_empty() {
                String::new()
            } else {
                format!(" ({} failed)", failed.join("; "))
            }
        );
        if outcome != expected {
            problems.push(format!(
                "{:?}: the table says its chapter's box {expected}, and it {outcome}: make the box's tests catch it, or the handout's words around the box say what it checks",
                violation.what
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
