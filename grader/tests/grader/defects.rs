//! Copies of the solution with one realistic defect each: each loses points on a
//! check whose name and message point at the defect, and only there.

use super::support::{
    Submission, check, failed, failing_report, human_report, json_report, time_limit,
};

fn message(report: &serde_json::Value, name: &str) -> String {
    check(report, name)["message"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

#[test]
#[ignore = "full tier: builds and grades a broken submission of its own"]
fn code_that_does_not_compile_costs_its_part_and_shows_the_compiler_error() {
    let submission = Submission::from_solution("does-not-compile").replace(
        "position.rs",
        "        let mut x = self.x;\n",
        "        let mut x = self.x;\n        let broken: i32 = \"text\";\n",
    );
    let report = json_report(&submission);
    let first = message(&report, "direction_opposite");
    assert_eq!(
        first,
        "your code does not compile (the compiler's message is at the top of the report)"
    );
    let errors = report["build_errors"].to_string();
    assert!(
        errors.contains("src/position.rs:") && errors.contains("expected `i32`, found `&str`"),
        "{errors}"
    );
    assert!(!errors.contains("submission/src"), "{errors}");
    let checks = report["checks"].as_array().expect("checks");
    let part1: Vec<&serde_json::Value> = checks.iter().filter(|c| c["part"] == "part1").collect();
    assert!(!part1.is_empty());
    assert!(
        part1.iter().all(|c| c["passed"] == false),
        "every Part 1 check fails: {report:#}"
    );
    assert_eq!(
        check(&report, "rat_stack")["passed"],
        true,
        "Part 2 is still graded, with the starter's Part 1 in place of the broken file"
    );
    // Part 3's generator runs Part 1's grid: in this build that is the starter's stubs,
    // and the student is sent to the compile error, not to write what they wrote.
    let texture = message(&report, "texture_perfect_square");
    assert!(
        texture.starts_with(
            "this check calls your Part 1 code, which does not compile: the starter's stub"
        ),
        "{texture}"
    );
    assert_eq!(
        check(&report, "texture_perfect_square")["mistake"]["kind"],
        "build error"
    );
    insta::assert_snapshot!(failing_report(&submission));
}

#[test]
#[ignore = "full tier: builds and grades a broken submission of its own"]
fn one_todo_fails_its_check_with_not_implemented() {
    let submission = Submission::from_solution("one-todo").replace(
        "position.rs",
        "        let mut x = self.x;\n",
        "        todo!(\"Position::moved (handout §3): move {self:?} one step {direction:?}\");\n        #[allow(unreachable_code, reason = \"the original body stays after the code above, which never returns\")]\n        let mut x = self.x;\n",
    );
    let report = json_report(&submission);
    assert_eq!(
        message(&report, "position_moved"),
        "not implemented: Position::moved (handout §3): move Position { x: 3, y: 3 } one step Direction(0x0)"
    );
    assert!(
        failed(&report).contains(&"maze_perfect_square".to_owned()),
        "moved is used to carve"
    );
    assert_eq!(check(&report, "direction_opposite")["passed"], true);
    assert_eq!(check(&report, "rat_stack")["passed"], true);
    insta::assert_snapshot!(failing_report(&submission));
}

#[test]
#[ignore = "full tier: builds and grades a broken submission of its own"]
fn a_wrong_opposite_is_named_with_the_flags() {
    let submission = Submission::from_solution("wrong-opposite").replace(
        "direction.rs",
        "result.insert(Direction::WEST);",
        "result.insert(Direction::EAST);",
    );
    let report = json_report(&submission);
    let text = message(&report, "direction_opposite");
    assert!(
        text.starts_with("opposite of EAST gave EAST, expected WEST"),
        "{text}"
    );
    insta::assert_snapshot!(failing_report(&submission));
}

#[test]
#[ignore = "full tier: builds and grades a broken submission of its own"]
fn removing_one_side_of_a_wall_is_caught() {
    let submission = Submission::from_solution("one-sided-wall").replace(
        "cell_array.rs",
        "            self[neighbor].remove_wall(wall.opposite());\n",
        "",
    );
    let report = json_report(&submission);
    let text = message(&report, "array_remove_cell_wall");
    assert!(
        text.contains("remove_cell_wall((2, 0), WEST)")
            && text.contains("the cell (1, 0) (a wall comes down on both sides) has walls NORTH | SOUTH | EAST | WEST, expected NORTH | SOUTH | WEST"),
        "the neighbour whose wall stayed up is named: {text}"
    );
    assert!(check(&report, "array_remove_cell_wall")["diff"].is_string());
    let perfect = message(&report, "maze_perfect_square");
    assert!(perfect.contains("one-sided"), "{perfect}");
    insta::assert_snapshot!(failing_report(&submission));
}

#[test]
#[ignore = "full tier: builds and grades a broken submission of its own"]
fn the_x_range_used_for_y_is_caught_on_non_square_arrays() {
    let submission = Submission::from_solution("y-range-is-x").replace(
        "cell_array.rs",
        "0..=self.height - 1",
        "0..=self.width - 1",
    );
    let report = json_report(&submission);
    let text = message(&report, "array_ranges");
    assert!(
        text.contains("y_range of a 5x50 array is 0..=4, expected 0..=49 (it returns the x range)"),
        "{text}"
    );
    assert!(failed(&report).contains(&"maze_perfect_non_square".to_owned()));
    assert_eq!(
        check(&report, "array_indexers")["passed"],
        false,
        "7x13 cells are not all made"
    );
    insta::assert_snapshot!(failing_report(&submission));
}

#[test]
#[ignore = "full tier: builds and grades a broken submission of its own"]
fn bfs_with_the_wrong_neighbour_order_is_caught() {
    let submission = Submission::from_solution("bfs-order").replace(
        "rat/search.rs",
        "        for next in maze.neighbors(room) {\n            if !marked[next] {\n                queue.enqueue(next);",
        "        for next in maze.neighbors(room).into_iter().rev() {\n            if !marked[next] {\n                queue.enqueue(next);",
    );
    let report = json_report(&submission);
    let mut failures = failed(&report);
    failures.sort();
    assert_eq!(
        failures,
        ["rat_bfs_fixtures", "rat_bfs_hidden", "rat_bfs_sample"]
    );
    let text = message(&report, "rat_bfs_fixtures");
    assert!(
        text.contains("BFS visited the rooms in another order") && text.contains("N, S, E, W"),
        "{text}"
    );
    insta::assert_snapshot!(failing_report(&submission));
}

#[test]
#[ignore = "full tier: builds and grades a broken submission of its own"]
fn a_solver_that_never_ends_costs_only_the_solve_checks() {
    let submission = Submission::from_solution("never-ends").replace(
        "solve.rs",
        "            return Err(SolveError::NotCreated);\n        }\n",
        "            return Err(SolveError::NotCreated);\n        }\n        loop {\n            std::thread::sleep(std::time::Duration::from_millis(50));\n        }\n        #[allow(unreachable_code, reason = \"the original body stays after the code above, which never returns\")]\n",
    );
    let report = json_report(&submission);
    let mut failures = failed(&report);
    failures.sort();
    assert_eq!(
        failures,
        [
            "solve_in_parallel",
            "solve_maze_with_loops",
            "solve_path_unique",
            "solve_path_unique_hidden",
            "solve_path_valid",
            "solve_timeout",
            "solve_unreachable_end"
        ]
    );
    // It sleeps: its time limit went by on the wall clock with next to no CPU used,
    // and it is told so as soon as that much time has passed, however busy the
    // machine is.
    assert_eq!(
        message(&report, "solve_path_valid"),
        format!(
            "waited {} s while using only less than 1 s of CPU: a thread that sleeps or waits \
             for its whole timeout, or a channel nobody sends on?",
            time_limit("solve_path_valid")
        )
    );
    insta::assert_snapshot!(failing_report(&submission));
}

/// What a student who starts a thread for each branch of the search is told.
const THREADS_WORDS: &str = "killed: too many threads started: one call of your code started \
    more than 16. A thread for each branch of a search starts one at every junction; handout §6 \
    (The Rust tools) runs the branches as tasks on rayon's pool of threads instead";

/// The reference's solver with each branch on a scoped thread of its own instead of
/// a rayon task.
fn thread_per_branch(name: &str) -> Submission {
    Submission::from_solution(name)
        .replace(
            "solve.rs",
            "rayon::scope(|tasks| search.follow(tasks, self.start, Direction::NONE, Vec::new()));",
            "thread::scope(|tasks| search.follow(tasks, self.start, Direction::NONE, Vec::new()));",
        )
        .replace(
            "solve.rs",
            "tasks: &rayon::Scope<'s>,",
            "tasks: &'s thread::Scope<'s, '_>,",
        )
        .replace(
            "solve.rs",
            "tasks.spawn(move |tasks| self.follow(tasks, next, direction, directions));",
            "tasks.spawn(move || self.follow(tasks, next, direction, directions));",
        )
}

#[test]
#[ignore = "full tier: builds and grades a broken submission of its own"]
fn a_thread_for_each_branch_is_stopped_with_the_same_words_on_every_check_it_fails() {
    let submission = thread_per_branch("thread-per-branch");
    let report = json_report(&submission);
    let mut failures = failed(&report);
    failures.sort();
    // The walled-in end of solve_unreachable_end is a small maze searched to its
    // last branch whatever the timing, with fewer threads than the limit: it passes,
    // every time.
    assert_eq!(
        failures,
        [
            "solve_in_parallel",
            "solve_maze_with_loops",
            "solve_path_unique",
            "solve_path_unique_hidden",
            "solve_path_valid",
            "solve_timeout",
        ]
    );
    let book = super::walk::handout();
    let quote = book.quote("thread-limit");
    assert!(quote.is_in(THREADS_WORDS), "§6 quotes {:?}", quote.text);
    for name in &failures {
        assert_eq!(message(&report, name), THREADS_WORDS, "{name}");
        assert_eq!(
            check(&report, name)["output"].as_str().unwrap_or_default(),
            "",
            "{name}: the threads were stopped before any of them could print"
        );
    }
}

#[test]
#[ignore = "full tier: builds and grades a broken submission of its own"]
fn a_watchdog_that_sleeps_is_told_it_waited_and_a_loop_that_spins_that_it_used_its_cpu() {
    let submission = Submission::from_solution("sleeps-and-spins")
        .replace(
            "solve.rs",
            "wake_up.recv_timeout(timeout)",
            "{\n                    thread::sleep(timeout);\n                    wake_up.recv_timeout(std::time::Duration::ZERO)\n                }",
        )
        .replace(
            "solve.rs",
            "None => Err(SolveError::NoPath(self.end)),",
            "None => loop {\n                std::hint::black_box(self.end);\n            },",
        );
    let report = json_report(&submission);
    // Each solve waits for its timeout (4 s) before it returns: two of them are more
    // than the check's 5 s, and the time went by asleep. (The loops check allows
    // 15 s, room for its two 3 s waits: see the rubric.)
    assert_eq!(
        message(&report, "solve_path_valid"),
        format!(
            "waited {} s while using only less than 1 s of CPU: a thread that sleeps or waits \
             for its whole timeout, or a channel nobody sends on?",
            time_limit("solve_path_valid")
        )
    );
    // A walled-in end: 3 s asleep, then a loop that keeps a core busy until the
    // CPU limit, whatever else the machine is doing.
    assert_eq!(
        message(&report, "solve_unreachable_end"),
        format!(
            "used {} s of CPU time: a loop or recursion that never ends?",
            time_limit("solve_unreachable_end")
        )
    );
    let book = super::walk::handout();
    let quote = book.quote("waiting-reason");
    assert!(
        quote.is_in(&message(&report, "solve_path_valid")),
        "§6 quotes {:?}",
        quote.text
    );
    // A timeout of 0 still stops the search at once.
    assert_eq!(check(&report, "solve_timeout")["passed"], true);
}

#[test]
#[ignore = "full tier: builds and grades a broken submission of its own"]
fn printing_pass_and_exiting_early_gains_nothing() {
    let submission = Submission::from_solution("exits-early").replace(
        "position.rs",
        "        let mut x = self.x;\n",
        "        println!(\"PASS\");\n        std::process::exit(0);\n        #[allow(unreachable_code, reason = \"the original body stays after the code above, which never returns\")]\n        let mut x = self.x;\n",
    );
    let report = json_report(&submission);
    let text = message(&report, "position_moved");
    assert!(
        text.contains("ended the process itself (exit code 0)"),
        "{text}"
    );
    assert!(
        check(&report, "position_moved")["output"]
            .as_str()
            .unwrap_or_default()
            .contains("PASS")
    );
    assert_eq!(check(&report, "position_moved")["passed"], false);
    insta::assert_snapshot!(failing_report(&submission));
}

#[test]
#[ignore = "full tier: builds and grades a broken submission of its own"]
fn a_changed_part_2_signature_costs_only_part_2() {
    let submission = Submission::from_solution("part2-signature").replace(
        "rat/stack.rs",
        "pub fn peek(&self) -> Option<&T> {",
        "pub fn top(&self) -> Option<&T> {",
    );
    let report = json_report(&submission);
    for c in report["checks"].as_array().expect("checks") {
        let part2 = c["part"] == "part2";
        assert_eq!(c["passed"], !part2, "{c}");
    }
    let text = message(&report, "rat_stack");
    assert!(
        text.starts_with("the grader cannot call your part2 code"),
        "{text}"
    );
    assert!(
        report["build_errors"].to_string().contains("peek"),
        "{report}"
    );
    insta::assert_snapshot!(failing_report(&submission));
}

#[test]
#[ignore = "full tier: builds and grades a submission of its own"]
fn part_2_written_over_an_untouched_part_1_says_once_at_its_top_what_its_checks_call() {
    let submission = Submission::from_starter("part2-over-untouched-part1");
    let rat = super::support::kit_root().join("solution/src/rat");
    for entry in walkdir::WalkDir::new(&rat) {
        let entry = entry.expect("reading solution/src/rat");
        if entry.file_type().is_file() {
            let target = submission
                .dir
                .join("src/rat")
                .join(entry.path().strip_prefix(&rat).expect("below rat"));
            std::fs::copy(entry.path(), target).expect("copying a Part 2 file");
        }
    }
    let report = json_report(&submission);
    let part2 = report["parts"]
        .as_array()
        .and_then(|parts| parts.iter().find(|p| p["id"] == "part2"))
        .expect("Part 2");
    let needs = part2["needs"].to_string();
    assert!(
        needs.contains("Part 2's checks call your Part 1 `")
            && needs.contains("which is not written yet"),
        "{needs}"
    );
    assert_eq!(
        check(&report, "rat_stack")["passed"],
        true,
        "Part 2's own code is graded"
    );
    for c in report["checks"].as_array().expect("checks") {
        let text = c["message"].as_str().unwrap_or_default();
        if c["part"] == "part2" && !text.is_empty() && c["passed"] == false {
            assert!(
                !text.starts_with("not implemented: "),
                "a Part 2 check is not sent to write Part 1's stub: {c}"
            );
        }
    }
    let human = human_report(&submission);
    let top = human
        .lines()
        .skip_while(|line| !line.starts_with("Part 2:"))
        .nth(1)
        .unwrap_or_default();
    assert!(
        top.starts_with("  ! Part 2's checks call your Part 1 `"),
        "the note is the part's first line: {human}"
    );
}
