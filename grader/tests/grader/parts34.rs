//! Parts 3 and 4: copies of the solution with realistic defects, each losing points
//! on the checks whose names and messages point at the defect, and only there. A
//! defect of Part 3 and one of Part 4 share a submission where they cannot meet (the
//! parts are graded apart), so that each grading, tens of seconds here, tests several.

use super::support::{Submission, check, failed, json_report};

fn message(report: &serde_json::Value, name: &str) -> String {
    check(report, name)["message"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

/// The failed checks of a part, sorted.
fn failed_in(report: &serde_json::Value, prefix: &str) -> Vec<String> {
    let mut names: Vec<String> = failed(report)
        .into_iter()
        .filter(|name| name.starts_with(prefix))
        .collect();
    names.sort();
    names
}

#[test]
#[ignore = "full tier: builds and grades broken submissions of their own"]
fn ignored_weights_lose_the_texture_a_wrong_solver_order_the_reference_path_and_a_top_row_start_its_check()
 {
    let submission = Submission::from_solution("p34-weights-ignored")
        // Part 3: every link weighs 1, whatever the favor: perfect, textureless mazes.
        .replace(
            "texture.rs",
            "    let horizontal =\n        |direction: Direction|",
            "    if link.age < u32::MAX {\n        return 1;\n    }\n    let horizontal =\n        |direction: Direction|",
        )
        // Part 4: the article's text's order (N, E, S, W) instead of its code's.
        .replace(
            "backtrack.rs",
            "let Some(&direction) = BACKTRACK_ORDER.get(tried) else {",
            "let order = [Direction::NORTH, Direction::EAST, Direction::SOUTH, Direction::WEST];\n        let Some(&direction) = order.get(tried) else {",
        )
        // Part 4: Prim's start in the top row instead of the bottom row.
        .replace(
            "prim.rs",
            "let start = Position::new(rng.in_range(cells.x_range()), height - 1);",
            "let start = Position::new(rng.in_range(cells.x_range()), 0);",
        );
    let report = json_report(&submission);
    assert_eq!(
        failed_in(&report, "texture_"),
        [
            "texture_age_dead_ends",
            "texture_draw_reference",
            "texture_horizontal_vertical",
            "texture_matches_reference",
            "texture_straight_zigzag",
            "texture_weights",
        ],
        "perfectness and the fair draw over equal links still pass"
    );
    let text = message(&report, "texture_horizontal_vertical");
    assert!(
        text.starts_with("east–west passages: 49% with --favor horizontal, 49% with vertical, over 12 mazes of 16x16 each (on a square grid --favor none gives 50%): horizontal should give clearly more"),
        "{text}"
    );
    let text = message(&report, "texture_straight_zigzag");
    assert!(
        text.contains("at least 1.5 times as long as zigzag"),
        "{text}"
    );
    let text = message(&report, "texture_weights");
    assert!(
        text.starts_with("weight(Favor::Age, the NORTH link from (2, 2) from the root (no previous link), age 0) gave 1, expected 0"),
        "{text}"
    );

    assert_eq!(
        failed_in(&report, "backtrack_"),
        ["backtrack_matches_reference"]
    );
    // On the 5x5 room from its corner both orders walk the same path; from the
    // middle of the 7x6 room north comes first.
    let text = message(&report, "backtrack_matches_reference");
    assert!(
        text.starts_with("the open 7x6 room from (3, 3) to (0, 0) maze has loops, so the order of trying decides the path: from (3, 3) yours went to (3, 2), the reference's went to (4, 3)")
            && text.contains("Try east, south, west, north, in that order"),
        "{text}"
    );

    assert_eq!(
        failed_in(&report, "prim_"),
        ["prim_matches_reference", "prim_start_and_end"],
        "the mazes are still perfect"
    );
    let text = message(&report, "prim_start_and_end");
    assert!(
        text.starts_with("the 6x5 Prim, seed 0 maze starts at (")
            && text.contains("not in the bottom row (y = 4)"),
        "{text}"
    );
    let text = message(&report, "prim_matches_reference");
    assert!(
        text.starts_with("the 12x8 Prim, seed 2 maze starts at (2, 0), the reference's at (2, 7): the start is in the bottom row"),
        "{text}"
    );
}

#[test]
#[ignore = "full tier: builds and grades broken submissions of their own"]
fn the_sources_draw_is_named_and_a_recursive_solver_overflows_a_small_stack() {
    let submission = Submission::from_solution("p34-ticket-recursion")
        // Part 3: the article's draw from 0..=total.
        .replace(
            "texture.rs",
            "let r = rng.in_range_u64(1..=total);",
            "let r = rng.in_range_u64(0..=total);",
        )
        // Part 4: the article's recursive search, one call deeper per cell.
        .replace(
            "backtrack.rs",
            "    if !maze.is_created() {\n        return Err(SolveError::NotCreated);\n    }\n    let width",
            "    if maze.is_created() {\n        return solve_recursively(maze);\n    }\n    if !maze.is_created() {\n        return Err(SolveError::NotCreated);\n    }\n    let width",
        )
        .append(
            "backtrack.rs",
            r#"
fn solve_recursively(maze: &Maze) -> Result<Vec<Position>, SolveError> {
    let mut searched = vec![false; (maze.width() * maze.height()) as usize];
    let mut path = Vec::new();
    if search(maze, maze.start(), &mut searched, &mut path) {
        path.reverse();
        Ok(path)
    } else {
        Err(SolveError::NoPath(maze.end()))
    }
}

fn search(maze: &Maze, at: Position, searched: &mut [bool], path: &mut Vec<Position>) -> bool {
    searched[(at.y * maze.width() + at.x) as usize] = true;
    if at == maze.end() {
        path.push(at);
        return true;
    }
    for direction in BACKTRACK_ORDER {
        let next = at.moved(direction);
        if maze[at].walls.contains(direction)
            || !maze.cells().contains(next)
            || searched[(next.y * maze.width() + next.x) as usize]
        {
            continue;
        }
        if search(maze, next, searched, path) {
            path.push(at);
            return true;
        }
    }
    false
}
"#,
        );
    let report = json_report(&submission);
    let texture = failed_in(&report, "texture_");
    for name in [
        "texture_draw_fair",
        "texture_draw_reference",
        "texture_matches_reference",
    ] {
        assert!(texture.contains(&name.to_owned()), "{name}: {texture:?}");
    }
    for name in [
        "texture_weights",
        "texture_perfect_square",
        "texture_perfect_non_square",
    ] {
        assert!(!texture.contains(&name.to_owned()), "{name}: {texture:?}");
    }
    let text = message(&report, "texture_draw_fair");
    assert!(
        text.starts_with("3000 draws among 2 links of weight 1 each (seed 11) came out 66.")
            && text.contains("The first link gets about one ticket too many: is r drawn from 0..=total instead of 1..=total?"),
        "{text}"
    );
    let text = message(&report, "texture_draw_reference");
    assert!(text.contains("one ticket too many"), "{text}");

    assert_eq!(
        failed_in(&report, "backtrack_"),
        ["backtrack_no_stack_overflow"],
        "on the main thread's stack the recursion still solves every maze"
    );
    let text = message(&report, "backtrack_no_stack_overflow");
    assert!(text.contains("stack overflow"), "{text}");
    assert!(
        check(&report, "backtrack_no_stack_overflow")["hint"]
            .as_str()
            .is_some_and(|hint| hint.contains("Vec")),
        "{:#}",
        check(&report, "backtrack_no_stack_overflow")
    );
}

#[test]
#[ignore = "full tier: builds and grades a broken submission of its own"]
fn a_prim_end_in_the_starts_column_and_a_list_that_drops_cells_picked_in_vain_are_named() {
    let submission = Submission::from_solution("p4-prim-end-and-list")
        // "Opposite the entrance" read as the start's own column.
        .replace(
            "prim.rs",
            "let end = Position::new(rng.in_range(cells.x_range()), 0);",
            "let end = Position::new(start.x, 0);",
        )
        // A cell with no neighbour left outside is taken out of the list.
        .replace(
            "prim.rs",
            "        let Some(&direction) = rng.pick(&choices) else {\n            continue;\n",
            "        let Some(&direction) = rng.pick(&choices) else {\n            maze.retain(|&other| other != cell);\n            continue;\n",
        );
    let report = json_report(&submission);
    for perfect in ["prim_perfect_square", "prim_perfect_non_square"] {
        assert_eq!(check(&report, perfect)["passed"], true, "{perfect}");
    }
    let text = message(&report, "prim_start_and_end");
    assert!(
        text.contains("the end is always in the start's column")
            && text.contains("a draw of its own"),
        "{text}"
    );
    let text = message(&report, "prim_matches_reference");
    assert!(
        text.contains("other walls than the reference's")
            && text.contains("a cell picked in vain stays in the list"),
        "{text}"
    );
}
