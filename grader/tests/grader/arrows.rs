//! Part 5 (arrow mazes): copies of the solution with the source's two bugs and a
//! reader that lets a rule through; each loses points on the checks whose names and
//! messages point at the defect, and only there.

use super::support::{Submission, check, failed, json_report};

fn message(report: &serde_json::Value, name: &str) -> String {
    check(report, name)["message"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

fn part5_failures(report: &serde_json::Value) -> Vec<String> {
    failed(report)
        .into_iter()
        .filter(|name| name.starts_with("arrows_"))
        .collect()
}

#[test]
#[ignore = "full tier: builds and grades a broken submission of its own"]
fn a_column_computed_with_the_row_count_fails_only_on_boards_that_are_not_square() {
    let submission = Submission::from_solution("arrows-row-modulus").replace(
        "arrows/search.rs",
        "            let node = graph.node(index);\n            (node.row, node.col)\n",
        "            let square = index / 2;\n            (square / graph.cols() + 1, square % graph.rows() + 1)\n",
    );
    let report = json_report(&submission);
    let text = message(&report, "arrows_solve_non_square");
    assert!(
        text.starts_with("non_square_4x9.txt: the path differs from the reference's")
            && text.contains("column as `index % rows + 1`"),
        "{text}"
    );
    assert!(check(&report, "arrows_solve_non_square")["diff"].is_string());
    for square in [
        "arrows_solve_sample",
        "arrows_solve_fixtures",
        "arrows_solve_unsolvable",
        "arrows_graph_rules",
        "arrows_graph_fixtures",
        "arrows_parse_fixtures",
    ] {
        assert_eq!(
            check(&report, square)["passed"],
            true,
            "{square}: {}",
            message(&report, square)
        );
    }
    let path_legal = message(&report, "arrows_path_legal");
    assert!(path_legal.contains("not along the"), "{path_legal}");
}

#[test]
#[ignore = "full tier: builds and grades a broken submission of its own"]
fn marking_on_the_way_out_and_overwriting_parents_is_caught_with_a_hint() {
    let submission = Submission::from_solution("arrows-late-marks")
        .replace(
            "arrows/search.rs",
            "    marked[start] = true;\n    while let Some(node) = queue.pop_front() {\n",
            "    while let Some(node) = queue.pop_front() {\n        marked[node] = true;\n",
        )
        .replace(
            "arrows/search.rs",
            "                marked[next] = true;\n                parent[next] = Some(node);\n",
            "                parent[next] = Some(node);\n",
        );
    let report = json_report(&submission);
    let failures = part5_failures(&report);
    assert!(
        failures.contains(&"arrows_solve_fixtures".to_owned()),
        "{failures:?}"
    );
    let text = message(&report, "arrows_solve_fixtures");
    assert!(
        text.contains("keep the first parent it is given"),
        "the message names the rule: {text}"
    );
    assert!(check(&report, "arrows_solve_fixtures")["diff"].is_string());
    assert!(
        failures
            .iter()
            .all(|name| name.starts_with("arrows_solve") || name == "arrows_path_legal"),
        "only the search's checks fail: {failures:?}"
    );
}

#[test]
#[ignore = "full tier: builds and grades a broken submission of its own"]
fn a_backward_node_that_turns_forward_on_a_plain_square_is_named() {
    let submission = Submission::from_solution("arrows-circle-only").replace(
        "arrows/graph.rs",
        "                                backward: backward != circled,\n",
        "                                backward: circled,\n",
    );
    let report = json_report(&submission);
    let text = message(&report, "arrows_graph_rules");
    assert!(
        text.contains("the backward node of")
            && text.contains("is not circled, so the way of moving stays backward"),
        "{text}"
    );
    assert!(check(&report, "arrows_graph_rules")["diff"].is_string());
    assert_eq!(check(&report, "arrows_parse_fixtures")["passed"], true);
    assert_eq!(check(&report, "arrows_parse_invalid")["passed"], true);
}

#[test]
#[ignore = "full tier: builds and grades a broken submission of its own"]
fn a_parse_that_accepts_a_duplicate_square_is_named_with_the_file() {
    let submission = Submission::from_solution("arrows-duplicate-square").replace(
        "arrows/format.rs",
        "        if let Some((_, first_line)) = given[index] {\n",
        "        if let Some((_, first_line)) = given[index].filter(|_| false) {\n",
    );
    let report = json_report(&submission);
    let text = message(&report, "arrows_parse_invalid");
    assert!(
        text.starts_with("duplicate_square.txt: parse gave MissingSquare")
            && text.contains("expected DuplicateSquare at line 5, column 1"),
        "{text}"
    );
    assert_eq!(check(&report, "arrows_parse_fixtures")["passed"], true);
    assert_eq!(check(&report, "arrows_solve_sample")["passed"], true);
}
