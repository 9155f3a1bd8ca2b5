//! The handout's rules as data (handout/rules.toml): every rule a student's code must
//! keep names the visible check that grades it, so that a rule the handout states is
//! never graded only by the course's private inputs. The table is read against the
//! text (each quote is found in its chapter, every "must", "exactly" and "never" of a
//! chapter is quoted by an entry) and against the rubric (each check exists and is
//! visible). The full-tier tests below build submissions that break a rule whose
//! public case is new, and read the words they get.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;

use super::support::{Submission, check, checkout, graded_checks, json_report};

/// One `[[rule]]` of the table.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Rule {
    rule: String,
    section: String,
    quote: String,
    check: OneOrMany,
    fixture: String,
    /// The rules whose violations break this one too, for a rule without its own.
    #[serde(default)]
    proven_by: Vec<String>,
    /// Why no violation can be written, for a rule kept by provided code.
    no_violation: Option<String>,
}

/// One `[[not_graded]]` entry: a sentence that reads like a rule and why it is not one.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NotGraded {
    section: String,
    quote: String,
    why: String,
}

/// `check = "name"` or `check = ["name", …]`.
#[derive(Deserialize)]
#[serde(untagged)]
enum OneOrMany {
    One(String),
    Many(Vec<String>),
}

impl OneOrMany {
    fn names(&self) -> Vec<&str> {
        match self {
            OneOrMany::One(name) => vec![name],
            OneOrMany::Many(names) => names.iter().map(String::as_str).collect(),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Table {
    rule: Vec<Rule>,
    not_graded: Vec<NotGraded>,
}

/// A rule, the checks that grade it, and how it says it is proven when it has no
/// violation of its own: the rules whose violations break it too, or why no violation
/// can be written.
pub(super) struct RuleProof {
    pub rule: String,
    pub checks: Vec<String>,
    pub proven_by: Vec<String>,
    pub no_violation: Option<String>,
}

/// Each rule of the table with its checks and what it says of its violations.
pub(super) fn rule_proofs() -> Vec<RuleProof> {
    table()
        .rule
        .into_iter()
        .map(|rule| RuleProof {
            checks: rule.check.names().into_iter().map(str::to_owned).collect(),
            rule: rule.rule,
            proven_by: rule.proven_by,
            no_violation: rule.no_violation,
        })
        .collect()
}

/// The section (`§5`, `§7.2`) of each rule of the table.
pub(super) fn sections_of_rules() -> BTreeMap<String, String> {
    table()
        .rule
        .into_iter()
        .map(|rule| (rule.rule, rule.section))
        .collect()
}

fn table() -> Table {
    let text = std::fs::read_to_string(checkout().join("handout/rules.toml"))
        .expect("reading handout/rules.toml");
    toml::from_str(&text).unwrap_or_else(|error| panic!("handout/rules.toml: {error}"))
}

/// The handout's chapters: the `.md` files of handout/src but the table of contents.
fn chapter_files() -> Vec<String> {
    std::fs::read_dir(checkout().join("handout/src"))
        .expect("reading handout/src")
        .map(|entry| {
            entry
                .expect("a chapter")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|name| name.ends_with(".md") && name != "SUMMARY.md")
        .collect()
}

/// The chapter file of a section: "intro", "§N" or "§N.M".
pub(super) fn chapter_file(section: &str) -> String {
    if section == "intro" {
        return "introduction.md".to_owned();
    }
    let number = section
        .strip_prefix('§')
        .unwrap_or_else(|| panic!("section {section:?} is neither \"intro\" nor §N or §N.M"));
    let mut found = chapters_of(number);
    assert_eq!(found.len(), 1, "section {section}: chapters {found:?}");
    found.remove(0)
}

/// The chapter files of section `number` ("7" or "7.4"): one, when it exists.
fn chapters_of(number: &str) -> Vec<String> {
    let prefix = match number.split_once('.') {
        Some((chapter, part)) => format!("{chapter:0>2}-{part}-"),
        None => format!("{number:0>2}-"),
    };
    chapter_files()
        .into_iter()
        .filter(|name| {
            name.starts_with(&prefix)
                // "07-" must not take "07-1-stack.md": a chapter's own file has no
                // second number.
                && (number.contains('.')
                    || !name[prefix.len()..].starts_with(|c: char| c.is_ascii_digit()))
        })
        .collect()
}

/// The text of an `{{#include path:anchor}}` (the whole file without an anchor),
/// with the anchor lines themselves left out, as the book shows it.
fn included(chapter_dir: &Path, target: &str) -> String {
    let (path, anchor) = match target.split_once(':') {
        Some((path, anchor)) => (path, Some(anchor)),
        None => (target, None),
    };
    let text = std::fs::read_to_string(chapter_dir.join(path))
        .unwrap_or_else(|error| panic!("{{{{#include {target}}}}}: {error}"));
    // Lines `from:to` (1-based, both ends included, either may be left out), or `n`.
    if let Some(range) = anchor.filter(|a| a.starts_with(|c: char| c == ':' || c.is_ascii_digit()))
    {
        let (from, to) = range.split_once(':').unwrap_or((range, range));
        let from = from.parse::<usize>().map_or(0, |n| n.saturating_sub(1));
        let to = to.parse::<usize>().unwrap_or(usize::MAX);
        return text
            .lines()
            .skip(from)
            .take(to.saturating_sub(from))
            .collect::<Vec<_>>()
            .join("\n");
    }
    let mut inside = anchor.is_none();
    let mut lines = Vec::new();
    for line in text.lines() {
        let trimmed = line.trim();
        if let Some(name) = trimmed.strip_prefix("// ANCHOR: ") {
            inside |= Some(name) == anchor;
            continue;
        }
        if let Some(name) = trimmed.strip_prefix("// ANCHOR_END: ") {
            if Some(name) == anchor {
                inside = false;
            }
            continue;
        }
        if inside {
            lines.push(line);
        }
    }
    lines.join("\n")
}

/// A chapter as its reader sees it, with the code boxes it includes.
fn chapter_text(file: &str) -> String {
    let dir = checkout().join("handout/src");
    let text = std::fs::read_to_string(dir.join(file)).expect("reading a chapter");
    text.lines()
        .map(|line| {
            match line
                .trim()
                .strip_prefix("{{#include ")
                .and_then(|rest| rest.strip_suffix("}}"))
            {
                Some(target) => included(&dir, target.trim()),
                None => line.to_owned(),
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Text as the table quotes it: line breaks, a line's `>` and `///` marks and the
/// `**` of bold text are dropped, every run of spaces is one.
fn normalized(text: &str) -> String {
    let joined: Vec<String> = text
        .lines()
        .map(|line| {
            let mut line = line.trim_start();
            while let Some(rest) = line.strip_prefix('>') {
                line = rest.trim_start();
            }
            for mark in ["///", "//!"] {
                if let Some(rest) = line.strip_prefix(mark) {
                    line = rest.trim_start();
                }
            }
            line.replace('*', "")
        })
        .collect();
    joined
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Each chapter's normalized text, by file name.
fn chapters() -> BTreeMap<String, String> {
    chapter_files()
        .into_iter()
        .map(|name| {
            let text = normalized(&chapter_text(&name));
            (name, text)
        })
        .collect()
}

/// A check the kit grades, as these tests read it.
struct RubricCheck {
    name: String,
    visibility: String,
    hint: String,
}

/// The checks the kit grades (`grader rubric`'s).
fn rubric_checks() -> Vec<RubricCheck> {
    let text = |check: &toml::Table, key: &str| {
        check[key]
            .as_str()
            .unwrap_or_else(|| panic!("grader rubric gives every check a {key}"))
            .to_owned()
    };
    graded_checks()
        .iter()
        .map(|check| RubricCheck {
            name: text(check, "name"),
            visibility: text(check, "visibility"),
            hint: text(check, "hint"),
        })
        .collect()
}

/// The visibility of each check the kit grades.
fn visibilities() -> BTreeMap<String, String> {
    rubric_checks()
        .into_iter()
        .map(|c| (c.name, c.visibility))
        .collect()
}

#[test]
fn every_visible_check_grades_a_rule_of_the_handout() {
    let table = table();
    let named: std::collections::BTreeSet<&str> = table
        .rule
        .iter()
        .flat_map(|rule| rule.check.names())
        .collect();
    let missing: Vec<String> = visibilities()
        .into_iter()
        .filter(|(name, visibility)| visibility == "visible" && !named.contains(name.as_str()))
        .map(|(name, _)| name)
        .collect();
    assert!(
        missing.is_empty(),
        "these visible checks grade no rule of handout/rules.toml: add each to the [[rule]] \
         whose sentence of the handout it grades, or a new [[rule]] quoting it: {missing:?}"
    );
}

#[test]
fn every_checks_hint_names_a_section_of_the_handout() {
    let problems: Vec<String> = rubric_checks()
        .iter()
        .filter_map(|check| {
            let section = check.hint.split_once('§').map(|(_, rest)| {
                rest.split(|c: char| !(c.is_ascii_digit() || c == '.'))
                    .next()
                    .unwrap_or_default()
                    .trim_end_matches('.')
            });
            match section {
                None | Some("") => Some(format!(
                    "{}: its hint {:?} names no section of the handout (§N or §N.M)",
                    check.name, check.hint
                )),
                Some(number) if chapters_of(number).len() != 1 => Some(format!(
                    "{}: its hint names §{number}, which no chapter of handout/src is",
                    check.name
                )),
                Some(_) => None,
            }
        })
        .collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_rule_of_the_handout_names_a_visible_check_that_exists() {
    let table = table();
    let visibility = visibilities();
    let mut problems = Vec::new();
    for rule in &table.rule {
        let names = rule.check.names();
        if names.is_empty() {
            problems.push(format!("{:?} ({}): no check", rule.rule, rule.section));
        }
        for name in names {
            match visibility.get(name).map(String::as_str) {
                Some("visible") => {}
                Some(other) => problems.push(format!(
                    "{:?} ({}): {name} is {other}, not visible: a student's own grader does not run it",
                    rule.rule, rule.section
                )),
                None => problems.push(format!(
                    "{:?} ({}): the kit grades no check {name} (`grader rubric` lists those it does)",
                    rule.rule, rule.section
                )),
            }
        }
        if rule.rule.trim().is_empty() || rule.fixture.trim().is_empty() {
            problems.push(format!(
                "{:?} ({}): a rule or fixture left empty",
                rule.rule, rule.section
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(table.rule.len() >= 100, "only {} rules", table.rule.len());
}

#[test]
fn every_quote_of_the_rules_table_is_in_its_sections_chapter() {
    let table = table();
    let chapters = chapters();
    let entries = table
        .rule
        .iter()
        .map(|r| (&r.section, &r.quote))
        .chain(table.not_graded.iter().map(|n| (&n.section, &n.quote)));
    let mut problems = Vec::new();
    for (section, quote) in entries {
        let file = chapter_file(section);
        if !chapters[&file].contains(&normalized(quote)) {
            problems.push(format!("{section} ({file}) no longer says: {quote}"));
        }
    }
    for entry in &table.not_graded {
        if entry.why.trim().is_empty() {
            problems.push(format!(
                "{}: {:?} gives no reason",
                entry.section, entry.quote
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_fixture_file_the_rules_table_names_is_in_the_kit() {
    let root = checkout();
    let mut missing = Vec::new();
    for rule in &table().rule {
        // Paths are words that start with a kit folder: "fixtures/mazes/a.json," etc.
        for word in rule.fixture.split_whitespace() {
            let path = word
                .trim_end_matches([',', ';', ':', ')'])
                .trim_start_matches('(');
            if path.starts_with("fixtures/") && !root.join(path).exists() {
                missing.push(format!("{:?} ({}): {path}", rule.rule, rule.section));
            }
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

#[test]
fn every_must_exactly_and_never_of_the_handout_is_quoted_by_the_rules_table() {
    let table = table();
    let chapters = chapters();
    let mut quotes: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (section, quote) in table
        .rule
        .iter()
        .map(|r| (&r.section, &r.quote))
        .chain(table.not_graded.iter().map(|n| (&n.section, &n.quote)))
    {
        quotes
            .entry(chapter_file(section))
            .or_default()
            .push(normalized(quote));
    }
    let mut unquoted = Vec::new();
    for (file, text) in &chapters {
        let lower = text.to_lowercase();
        // Where the chapter's quotes cover it (byte ranges of every occurrence).
        let covered: Vec<(usize, usize)> = quotes
            .get(file)
            .into_iter()
            .flatten()
            .flat_map(|quote| {
                text.match_indices(quote.as_str())
                    .map(|(at, q)| (at, at + q.len()))
            })
            .collect();
        for word in ["must", "exactly", "never"] {
            for (at, _) in lower.match_indices(word) {
                let before = lower[..at].chars().next_back();
                let after = lower[at + word.len()..].chars().next();
                if before.is_some_and(char::is_alphanumeric)
                    || after.is_some_and(char::is_alphanumeric)
                {
                    continue;
                }
                if !covered
                    .iter()
                    .any(|&(from, to)| from <= at && at + word.len() <= to)
                {
                    let start = text[..at]
                        .char_indices()
                        .rev()
                        .nth(60)
                        .map_or(0, |(i, _)| i);
                    let end = text[at..]
                        .char_indices()
                        .nth(60)
                        .map_or(text.len(), |(i, _)| at + i);
                    unquoted.push(format!("{file}: …{}…", &text[start..end]));
                }
            }
        }
    }
    assert!(
        unquoted.is_empty(),
        "{} unquoted:\n{}",
        unquoted.len(),
        unquoted.join("\n")
    );
}

/// The JSON report of one submission, made from the solution, that breaks each rule
/// whose public case is new, each in a function of its own (one build for all of
/// them; each rule's check asks about its own function only).
fn broken_report() -> &'static serde_json::Value {
    static REPORT: std::sync::OnceLock<serde_json::Value> = std::sync::OnceLock::new();
    REPORT.get_or_init(|| {
        let submission = Submission::from_solution("rules-broken")
            // §4: only the flat index is bounded, so (7, 0) wraps round to (0, 1).
            .replace(
                "cell_array.rs",
                "        assert!(\n            self.x_range().contains(&x) && self.y_range().contains(&y),\n            \"cell ({x}, {y}) is outside the {}x{} grid\",\n            self.width,\n            self.height\n        );\n",
                "        assert!(\n            y * self.width + x >= 0 && ((y * self.width + x) as usize) < self.cells.len(),\n            \"index out of bounds\"\n        );\n",
            )
            // §5: resize keeps the old solution; create keeps it too, and a refused
            // create draws a number first.
            .replace(
                "maze.rs",
                "        self.created = false;\n        self.solution = None;\n",
                "        self.created = false;\n",
            )
            .replace(
                "maze.rs",
                "        self.complexity = complexity;\n        self.solution = None;\n",
                "        self.complexity = complexity;\n",
            )
            .replace(
                "maze.rs",
                "        if !(0.0..=1.0).contains(&complexity) {\n",
                "        if !(0.0..=1.0).contains(&complexity) {\n            let _ = rng.in_range(0..=1);\n",
            )
            // §6: solve returns the path but does not keep it.
            .replace(
                "solve.rs",
                "self.solution = result.as_ref().ok().cloned();",
                "self.solution = None;",
            )
            // §7.1: the top of the stack at index 0, every item moved by push and pop.
            .replace(
                "rat/stack.rs",
                "        self.items.push(item);\n        // END SOLUTION",
                "        self.items.insert(0, item);\n        // END SOLUTION",
            )
            .replace(
                "rat/stack.rs",
                "        self.items.pop()\n        // END SOLUTION",
                "        (!self.items.is_empty()).then(|| self.items.remove(0))\n        // END SOLUTION",
            )
            .replace(
                "rat/stack.rs",
                "        self.items.last()\n        // END SOLUTION",
                "        self.items.first()\n        // END SOLUTION",
            )
            // §7.2: dequeue moves every item one slot along, head staying put.
            .replace(
                "rat/queue.rs",
                "        let item = self.slots[self.head].take();\n        self.head = (self.head + 1) % self.slots.len();\n",
                "        let item = self.slots[self.head].take();\n        let capacity = self.slots.len();\n        for i in 0..self.len - 1 {\n            let next = self.slots[(self.head + i + 1) % capacity].take();\n            self.slots[(self.head + i) % capacity] = next;\n        }\n",
            )
            // §7.4: door_open of several directions answers whether any is open.
            .replace(
                "rat/maze.rs",
                "self.open[room].contains(direction)",
                "self.open[room].intersects(direction)",
            )
            // §7.5: generate makes a 1x1 maze of size 0; generate_perfect draws once
            // more when it is done.
            .replace(
                "rat/generate.rs",
                "    let mut maze = RatMaze::new(n)?;\n    let mut sets = DisjointSet::new(maze.rooms());\n    while !sets",
                "    let mut maze = RatMaze::new(n.max(1))?;\n    let mut sets = DisjointSet::new(maze.rooms());\n    while !sets",
            )
            .replace(
                "rat/generate.rs",
                "    Ok(maze)\n    // END SOLUTION\n}\n// ANCHOR_END: generate_perfect",
                "    let _ = rng.in_range(0..=1);\n    Ok(maze)\n    // END SOLUTION\n}\n// ANCHOR_END: generate_perfect",
            )
            // §9.1: generate_prim carves into the grid as it was handed over.
            .replace("prim.rs", "    cells.reset();\n", "")
            // §10.1: a missing value one column after the last value's first character.
            .replace(
                "arrows/format.rs",
                "values.last().map_or(1, Word::end_column)",
                "values.last().map_or(1, |word| word.column + 1)",
            );
        json_report(&submission)
    })
}

/// The message of check `name` in a broken submission's report, which must have
/// failed.
fn broken_message(report: &serde_json::Value, name: &str) -> String {
    let check = check(report, name);
    let message = check["message"].as_str().unwrap_or_default().to_owned();
    assert_eq!(check["passed"], false, "{name} passed: {message}");
    message
}

/// Check `name` failed in [`broken_report`] with a message holding each of `words`.
fn assert_says(name: &str, words: &[&str]) {
    assert_report_says(broken_report(), name, words);
}

/// Check `name` failed in `report` with a message holding each of `words`.
fn assert_report_says(report: &serde_json::Value, name: &str, words: &[&str]) {
    let message = broken_message(report, name);
    for word in words {
        assert!(message.contains(word), "{name}: {word:?} not in: {message}");
    }
}

#[test]
#[ignore = "full tier: builds and grades a broken submission of its own"]
fn an_index_bounded_only_as_y_times_width_plus_x_fails_naming_the_wrapped_cell() {
    assert_says(
        "array_indexers",
        &[
            "array[(7, 0)] on a 7x13 array returned the cell at (0, 1) instead of panicking",
            "each coordinate on its own",
            "y * width + x",
        ],
    );
}

#[test]
#[ignore = "full tier: builds and grades a broken submission of its own"]
fn a_resize_that_keeps_the_solution_fails() {
    assert_says(
        "maze_size_validation",
        &[
            "Maze::resize(7, 5) of a created 6x9 maze with a solution",
            "resize forgets the creation and the solution",
        ],
    );
}

#[test]
#[ignore = "full tier: builds and grades a broken submission of its own"]
fn a_create_that_keeps_the_old_solution_fails() {
    assert_says(
        "maze_same_seed_same_maze",
        &["still has the old solution: create forgets it"],
    );
}

#[test]
#[ignore = "full tier: builds and grades a broken submission of its own"]
fn a_refused_create_that_draws_a_number_fails() {
    assert_says(
        "maze_complexity_validation",
        &[
            "create with complexity 1.5 on a created maze with a solution drew from the MazeRng",
            "check the complexity before drawing",
        ],
    );
}

#[test]
#[ignore = "full tier: builds and grades a broken submission of its own"]
fn a_solve_that_does_not_keep_its_path_fails() {
    assert_says(
        "solve_path_valid",
        &[
            "but solution() is then None",
            "keep a successful path in self.solution",
        ],
    );
}

#[test]
#[ignore = "full tier: builds and grades a broken submission of its own"]
fn a_stack_whose_top_is_index_0_is_too_slow_and_is_told_so() {
    assert_says(
        "rat_stack",
        &[
            "push does work in proportion to the stack's size",
            "CPU time",
            "keep the top of the stack at the end of the Vec",
        ],
    );
}

#[test]
#[ignore = "full tier: builds and grades a broken submission of its own"]
fn a_dequeue_that_moves_every_item_is_too_slow_and_is_told_so() {
    assert_says(
        "rat_queue",
        &[
            "dequeue does work in proportion to the queue's length (does it move every item one slot along?)",
            "CPU time",
            "ring buffer of §7.2",
        ],
    );
}

#[test]
#[ignore = "full tier: builds and grades a broken submission of its own"]
fn door_open_of_several_directions_answering_any_fails() {
    assert_says(
        "rat_maze_rooms",
        &["door_open of several directions says whether all of those doors are open"],
    );
}

#[test]
#[ignore = "full tier: builds and grades a broken submission of its own"]
fn a_generator_that_makes_a_maze_of_size_0_fails() {
    assert_says(
        "rat_generate_reference",
        &[
            "generate(0, seed 1) gave Ok(",
            "a size outside 1..=MAX_SIZE is an error",
        ],
    );
}

#[test]
#[ignore = "full tier: builds and grades a broken submission of its own"]
fn a_generator_that_draws_once_more_when_done_fails() {
    assert_says(
        "rat_generate_perfect_reference",
        &[
            "made the reference's maze, but drew other numbers from the MazeRng",
            "no more draws once every room is in one group",
        ],
    );
}

#[test]
#[ignore = "full tier: builds and grades a broken submission of its own"]
fn generate_prim_on_a_used_grid_without_reset_fails() {
    assert_says(
        "prim_perfect_square",
        &["generate_prim puts every wall back up first"],
    );
}

#[test]
#[ignore = "full tier: builds and grades a broken submission of its own"]
fn a_missing_value_placed_at_column_plus_one_fails() {
    assert_says(
        "arrows_parse_invalid",
        &[
            "a square line that stops after a two-digit column",
            "expected MissingValue at line 3, column 5",
            "Word::end_column",
        ],
    );
}

/// The JSON report of a second submission made from the solution, breaking rules of
/// the same functions as [`broken_report`] in another way.
fn other_broken_report() -> &'static serde_json::Value {
    static REPORT: std::sync::OnceLock<serde_json::Value> = std::sync::OnceLock::new();
    REPORT.get_or_init(|| {
        let submission = Submission::from_solution("rules-broken-again")
            // §4: the bounds are right, the panic names neither the cell nor the grid.
            .replace(
                "cell_array.rs",
                "            \"cell ({x}, {y}) is outside the {}x{} grid\",\n            self.width,\n            self.height\n",
                "            \"index out of bounds\"\n",
            )
            // §4: an open wall to the outside is kept as a way on.
            .replace(
                "cell_array.rs",
                "            if self.contains(neighbor) {\n                neighbors.insert(direction, neighbor);\n            }\n",
                "            neighbors.insert(direction, neighbor);\n",
            )
            // §4: only the neighbour is bounded, so a wall opens from outside the grid.
            .replace(
                "cell_array.rs",
                "        if self.contains(position) && self.contains(neighbor) {\n            self[position].remove_wall(wall);\n            self[neighbor].remove_wall(wall.opposite());\n        }\n",
                "        if self.contains(neighbor) {\n            if self.contains(position) {\n                self[position].remove_wall(wall);\n            }\n            self[neighbor].remove_wall(wall.opposite());\n        }\n",
            )
            // §5: create forgets the complexity and carves over the old walls.
            .replace(
                "maze.rs",
                "        self.complexity = complexity;\n        self.solution = None;\n        self.cells.reset();\n",
                "        self.solution = None;\n",
            );
        json_report(&submission)
    })
}

#[test]
#[ignore = "full tier: builds and grades a broken submission of its own"]
fn a_panic_outside_the_grid_that_names_neither_cell_nor_grid_fails() {
    assert_report_says(
        other_broken_report(),
        "array_indexers",
        &[
            "panicked with \"index out of bounds\"",
            "does not name the cell and the grid",
        ],
    );
}

#[test]
#[ignore = "full tier: builds and grades a broken submission of its own"]
fn an_open_border_wall_given_as_a_way_out_of_the_grid_fails() {
    assert_report_says(
        other_broken_report(),
        "array_accessible_neighbors",
        &[
            "accessible_neighbors((0, 5)) gave [WEST → (-1, 5)], expected []",
            "a neighbour outside the grid is never kept",
        ],
    );
}

#[test]
#[ignore = "full tier: builds and grades a broken submission of its own"]
fn a_wall_removed_from_outside_the_grid_fails() {
    assert_report_says(
        other_broken_report(),
        "array_border_stays_closed",
        &[
            "starts outside the grid: a wall comes down only when both the position and its neighbour are inside",
        ],
    );
}

#[test]
#[ignore = "full tier: builds and grades a broken submission of its own"]
fn a_create_that_forgets_the_complexity_or_keeps_old_walls_fails() {
    let report = other_broken_report();
    assert_report_says(
        report,
        "maze_complexity_validation",
        &["create remembers the complexity it was given"],
    );
    assert_report_says(
        report,
        "maze_same_seed_same_maze",
        &["create puts every wall back up (reset) before carving"],
    );
}
