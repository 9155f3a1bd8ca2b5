//! Words a student can act on (issue 33): each message here is what a student sees
//! for one realistic mistake, produced by grading a submission that makes it.

use super::support::{Submission, check};

/// The JSON report of `submission` graded with the checks `names` only.
fn report_of(submission: &Submission, names: &[&str]) -> serde_json::Value {
    let mut command = super::support::grader();
    command
        .args(["grade", "--format", "json", "--work-dir"])
        .arg(super::support::work_dir());
    for name in names {
        command.args(["--check", name]);
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
    serde_json::from_slice(&output.stdout).expect("the JSON report parses")
}

#[test]
#[ignore = "full tier: builds and grades a broken submission of its own"]
fn a_bfs_that_marks_rooms_when_they_come_out_is_told_the_marking_rule() {
    let submission = Submission::from_solution("bfs-marks-on-the-way-out").replace(
        "rat/search.rs",
        "    while let Some(room) = queue.dequeue() {
        visited.push(room);
        if room == maze.goal() {
            let path = path_back(maze, &found_from);
            return SearchResult { visited, path };
        }
        for next in maze.neighbors(room) {
            if !marked[next] {
                queue.enqueue(next);
                marked[next] = true;
                found_from[next] = Some(room);
            }
        }
    }",
        "    marked[maze.start()] = false;
    while let Some(room) = queue.dequeue() {
        if marked[room] {
            continue;
        }
        marked[room] = true;
        visited.push(room);
        if room == maze.goal() {
            let path = path_back(maze, &found_from);
            return SearchResult { visited, path };
        }
        for next in maze.neighbors(room) {
            if !marked[next] {
                queue.enqueue(next);
                found_from[next] = Some(room);
            }
        }
    }",
    );
    let report = report_of(&submission, &["rat_bfs_fixtures"]);
    let bfs = check(&report, "rat_bfs_fixtures");
    assert_eq!(bfs["passed"], false, "{bfs}");
    let message = bfs["message"].as_str().expect("a message");
    assert!(
        message.contains("visited the right rooms, but the path differs: it reaches room ")
            && message.contains("found it first (")
            && message.contains("was taken out of the Queue before ")
            && message.ends_with(
                "mark a room when it goes into the Queue, and set its found_from then, so that no room taken out later finds it again"
            ),
        "{message}"
    );
}

#[test]
#[ignore = "full tier: builds and grades a broken submission of its own"]
fn a_maze_with_other_walls_names_the_first_cell_that_differs_and_shows_a_window_of_it() {
    let submission = Submission::from_solution("straight-on-at-high-complexity").replace(
        "maze.rs",
        "if chance > self.complexity && neighbors.contains_key(&heading) {",
        "if chance < self.complexity && neighbors.contains_key(&heading) {",
    );
    let report = report_of(&submission, &["maze_matches_reference"]);
    let maze = check(&report, "maze_matches_reference");
    assert_eq!(maze["passed"], false, "{maze}");
    let message = maze["message"].as_str().expect("a message");
    assert!(
        message.contains(
            "has other walls than the reference's, though a perfect maze: carve from the start cell with heading NONE, follow the handout's order of random draws exactly, and its test on each chance drawn: straight on when chance > complexity and the cell ahead is untouched, otherwise a pick among the untouched neighbours (the first cell that differs, row by row from the top left, is ("
        ) && message.contains("): the reference's has the walls "),
        "{message}"
    );
    let diff = maze["diff"].as_str().expect("a diff");
    assert!(diff.lines().count() <= 24, "{diff}");
    assert!(diff.contains("\n-") && diff.contains("\n+"), "{diff}");
}
