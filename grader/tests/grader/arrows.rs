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
        text.contains("keeps the first parent it is given"),
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

#[test]
#[ignore = "full tier: builds and grades a submission of its own"]
fn a_parse_that_names_the_values_in_its_own_words_loses_nothing() {
    // The handout gives the rule, the place and the values of each error, not the
    // words of `what`: this parser names the values as the file format does.
    let submission = Submission::from_solution("arrows-own-words")
        .replace(
            "arrows/format.rs",
            "number(header_line, &header[0], \"the number of rows\")",
            "number(header_line, &header[0], \"ROWS, the first value of the size line\")",
        )
        .replace(
            "arrows/format.rs",
            "let what = \"the number of columns\";",
            "let what = \"COLS\";",
        )
        .replace(
            "arrows/format.rs",
            "number(header_line, cols_word, \"the number of columns\")",
            "number(header_line, cols_word, \"COLS\")",
        )
        .replace(
            "arrows/format.rs",
            "let row = number(line, row_word, \"the row\")?;",
            "let row = number(line, row_word, \"R (the square's row)\")?;",
        )
        .replace(
            "arrows/format.rs",
            "            what: \"row\",\n",
            "            what: \"square row\",\n",
        )
        .replace(
            "arrows/format.rs",
            "let color_word = value(2, \"the colour\")?;",
            "let color_word = value(2, \"COLOR\")?;",
        );
    let report = json_report(&submission);
    for name in [
        "arrows_parse_fixtures",
        "arrows_parse_invalid",
        "arrows_parse_hidden",
    ] {
        assert_eq!(
            check(&report, name)["passed"],
            true,
            "{name}: {}",
            message(&report, name)
        );
    }
    assert!(
        part5_failures(&report).is_empty(),
        "{:?}",
        part5_failures(&report)
    );
}

#[test]
#[ignore = "full tier: builds and grades a broken submission of its own"]
fn a_parse_that_puts_another_value_in_a_field_is_told_which_field() {
    let submission = Submission::from_solution("arrows-wrong-first-line").replace(
        "arrows/format.rs",
        "            let problem = Problem::DuplicateSquare {\n                row,\n                col,\n                first_line,\n            };\n",
        "            let problem = Problem::DuplicateSquare {\n                row,\n                col,\n                first_line: line.max(first_line),\n            };\n",
    );
    let report = json_report(&submission);
    let text = message(&report, "arrows_parse_invalid");
    assert!(
        text.starts_with(
            "duplicate_square.txt: parse gave the right error (DuplicateSquare at line 5, column 1) with other values in it: first_line is 5, expected 2"
        ),
        "{text}"
    );
    assert_eq!(check(&report, "arrows_parse_fixtures")["passed"], true);
}

#[test]
#[ignore = "full tier: builds and grades a broken submission of its own"]
fn a_search_that_looks_for_the_target_only_among_neighbours_is_not_sent_to_the_graph() {
    // The same paths everywhere but on a board whose target is the start.
    let submission = Submission::from_solution("arrows-target-on-push").replace(
        "arrows/search.rs",
        "        if node == target {\n            return Some(path_back(&graph, &parent, target));\n        }\n        for &next in graph.neighbor_indexes(node) {\n            if !marked[next] {\n                marked[next] = true;\n                parent[next] = Some(node);\n",
        "        for &next in graph.neighbor_indexes(node) {\n            if !marked[next] {\n                marked[next] = true;\n                parent[next] = Some(node);\n                if next == target {\n                    return Some(path_back(&graph, &parent, target));\n                }\n",
    );
    let report = json_report(&submission);
    let text = message(&report, "arrows_solve_fixtures");
    assert!(
        text.starts_with("a 1x1 board whose only square is the target: solve returned None")
            && text.contains("the player starts on the target")
            && !text.contains("Graph::new"),
        "{text}"
    );
    assert_eq!(check(&report, "arrows_graph_rules")["passed"], true);
    assert_eq!(check(&report, "arrows_solve_sample")["passed"], true);
}
