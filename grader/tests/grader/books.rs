//! The books' figures after a course changes its rubric: in a copy of the kit, a
//! check's points and another's time limit are changed, the commands the guide's
//! "Maintain the kit" gives for it are run (`grader bless`, which writes the guide's
//! figures, and `handout/figures.sh --with-report`, which draws the handout's sample
//! report), and both books, read as mdBook renders their pages (includes expanded),
//! with the handout's figures and the README, must hold none of the old figures.
//!
//! The old figures are the ones the kit's generated files held before the change and
//! no longer hold after it: each figure of `guide/src/figures/kit.txt` that changed
//! (a number found as a number, a line as a line) and each line of the handout's
//! sample report that changed. A copy of one anywhere in the books is stale.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

use super::support::{
    Removed, copy_checkout, grader, kit_root, part_on, points, time_limit, work_dir,
};
use super::transcripts;

/// The check whose points change: the first of the sample report's lines.
const POINTS_CHECK: &str = "direction_opposite";
/// The check whose time limit changes: one of the group of checks the budget rule
/// names for the shipped rubric.
const LIMIT_CHECK: &str = "maze_size_validation";

/// The guide's figures, relative to the kit.
const FIGURES: &str = "guide/src/figures/kit.txt";
/// The handout's sample report, relative to the kit.
const REPORT: &str = "handout/src/figures/grade-starter.txt";

/// The commands of the guide's loop, as `maintaining/maintain.md` gives them.
const LOOP: [&str; 2] = [
    "$ cargo run --locked -p maze-grader -- bless",
    "$ bash handout/figures.sh --with-report -j 2",
];

/// `rubric` with `key` in the `[[check]]` entry named `name` set to what `value`
/// makes of the value it had (the line replaced where the entry has the key, added
/// after its name where it has not, `None` then). The entry is found by its name
/// alone: its other keys and their order may be anything. A rubric with no entry of
/// that name gets one at its end, as a course changes a check.
fn with_key(
    rubric: &str,
    name: &str,
    key: &str,
    value: impl FnOnce(Option<&str>) -> String,
) -> String {
    let mut lines: Vec<String> = rubric.lines().map(str::to_owned).collect();
    let Some(at) = lines
        .iter()
        .position(|line| line.trim() == format!("name = {name:?}"))
    else {
        return format!(
            "{}\n\n[[check]]\nname = {name:?}\n{key} = {}\n",
            rubric.trim_end(),
            value(None)
        );
    };
    let start = lines[..at]
        .iter()
        .rposition(|line| line.trim_start().starts_with('['))
        .map_or(0, |header| header + 1);
    let end = lines[at..]
        .iter()
        .position(|line| line.trim_start().starts_with('['))
        .map_or(lines.len(), |next| at + next);
    let own = (start..end).find(|&i| {
        lines[i]
            .split_once('=')
            .is_some_and(|(k, _)| k.trim() == key)
    });
    match own {
        Some(i) => {
            let old = lines[i]
                .split_once('=')
                .map(|(_, v)| v.split('#').next().unwrap_or_default().trim().to_owned());
            lines[i] = format!("{key} = {}", value(old.as_deref()));
        }
        None => lines.insert(at + 1, format!("{key} = {}", value(None))),
    }
    lines.join("\n") + "\n"
}

/// The figures of a `kit.txt`, by anchor.
fn figures_of(kit: &Path) -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(kit.join(FIGURES)).expect("the guide's figures");
    let mut figures = BTreeMap::new();
    let mut open: Option<(String, Vec<&str>)> = None;
    for line in text.lines() {
        if let Some(anchor) = line.strip_prefix("ANCHOR: ") {
            open = Some((anchor.to_owned(), Vec::new()));
        } else if line.starts_with("ANCHOR_END: ") {
            let (anchor, lines) = open.take().expect("an anchor ends after it starts");
            figures.insert(anchor, lines.join("\n"));
        } else if let Some((_, lines)) = open.as_mut() {
            lines.push(line);
        }
    }
    figures
}

/// Every page of the book at `src` as mdBook renders it (its includes expanded),
/// with its path relative to the kit.
fn rendered(kit: &Path, src: &str) -> Vec<(String, String)> {
    let link = regex::Regex::new(r"\\?\{\{#include ([^}]*)\}\}").expect("a valid regex");
    let mut pages = Vec::new();
    for entry in walkdir::WalkDir::new(kit.join(src)) {
        let entry = entry.expect("reading the book");
        if entry.path().extension().is_none_or(|e| e != "md") {
            continue;
        }
        let text = std::fs::read_to_string(entry.path()).expect("a page");
        let dir = entry.path().with_file_name("");
        let expanded = link.replace_all(&text, |found: &regex::Captures<'_>| {
            if found[0].starts_with('\\') {
                return found[0][1..].to_owned();
            }
            transcripts::include(&dir, found[1].trim())
                .unwrap_or_else(|e| panic!("{}: {e}", entry.path().display()))
                .join("\n")
        });
        let name = entry
            .path()
            .strip_prefix(kit)
            .expect("below the kit")
            .display()
            .to_string();
        pages.push((name, expanded.into_owned()));
    }
    pages
}

/// What a reader of the kit reads: both books rendered, the handout's figures as
/// files, the README.
fn readable(kit: &Path) -> Vec<(String, String)> {
    let mut texts = rendered(kit, "guide/src");
    texts.extend(rendered(kit, "handout/src"));
    // The figures of text (the pictures are the solution's drawings).
    for entry in walkdir::WalkDir::new(kit.join("handout/src/figures")) {
        let entry = entry.expect("reading the figures");
        if entry
            .path()
            .extension()
            .is_none_or(|e| e != "txt" && e != "md")
        {
            continue;
        }
        let text = std::fs::read_to_string(entry.path()).expect("a figure");
        let name = entry.path().strip_prefix(kit).expect("below the kit");
        texts.push((name.display().to_string(), text));
    }
    let readme = std::fs::read_to_string(kit.join("README.md")).expect("the README");
    texts.push(("README.md".to_owned(), readme));
    texts
}

/// Whether `line` states the figure `number` of a count of `units`: the number
/// standing alone (not inside another number such as 1161 or 16.1) and either a
/// score's (`0/161`, `/149`) or followed by its unit (`82 checks`, `161 points`). A
/// bare number elsewhere (`150 students`, `161 s`) is another figure that happens to
/// be equal.
fn holds_figure(line: &str, number: &str, units: &[&str]) -> bool {
    let part_of_number = |c: Option<char>| c.is_some_and(|c| c.is_ascii_digit() || c == '.');
    line.match_indices(number).any(|(at, _)| {
        let (before, after) = (&line[..at], &line[at + number.len()..]);
        if part_of_number(before.chars().next_back()) || part_of_number(after.chars().next()) {
            return false;
        }
        let word = after.trim_start_matches([' ', '*', '`']).to_lowercase();
        before.ends_with('/') || units.iter().any(|unit| word.starts_with(unit))
    })
}

/// What the figure of `anchor` counts, as the books word it.
fn units_of(anchor: &str) -> &'static [&'static str] {
    match anchor {
        "parts" => &["part"],
        "checks" => &["check"],
        "points" | "visible-points" => &["point"],
        "producers" => &["producer"],
        _ => &["snapshot"],
    }
}

/// An old figure and how to find it: a count (its number and what it counts), or a
/// whole line's text.
enum Old {
    Number(String, &'static [&'static str]),
    Text(String),
}

#[test]
fn a_figure_is_found_with_its_unit_or_in_a_score_and_not_as_another_number() {
    assert!(holds_figure(
        "the rubric grades 82 checks",
        "82",
        &["check"]
    ));
    assert!(holds_figure(
        "Score: 0/161  (0 of 82 checks passed)",
        "161",
        &["point"]
    ));
    assert!(holds_figure("worth **161 points**", "161", &["point"]));
    assert!(!holds_figure(
        "150 students need no shards",
        "150",
        &["point"]
    ));
    assert!(!holds_figure("162 s (133 + 28)", "162", &["point"]));
    assert!(!holds_figure("1161 points", "161", &["point"]));
}

#[test]
#[ignore = "full tier: blesses a copy of the kit and draws the handout's sample report again (about two minutes)"]
fn a_points_and_limit_change_leaves_no_stale_figure_in_the_books() {
    if !part_on(
        "part1",
        "the books' figures after a change of Part 1's points",
    ) {
        return;
    }
    let maintain = std::fs::read_to_string(kit_root().join("guide/src/maintaining/maintain.md"))
        .expect("the guide's maintain.md");
    for command in LOOP {
        assert!(
            maintain.lines().any(|line| line.trim() == command),
            "maintain.md no longer gives `{command}`: run the loop it gives"
        );
    }
    let scratch = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("books-figures");
    let kit = scratch.join("perfect-mazes");
    copy_checkout(&kit_root(), &kit);
    // The copy must not outlive the test: figures.sh builds it in the suite's target
    // directory, whose fingerprints then name the copy's files (cargo gives a
    // workspace's packages the same artifacts wherever the workspace lies), so that
    // while the copy stands a build of the checkout's binaries takes them for fresh
    // whatever the checkout's edits. With the copy gone, the next build of the
    // checkout compiles them again.
    let _gone_after = Removed(scratch.clone());
    let figures_before = figures_of(&kit);
    let report_before = std::fs::read_to_string(kit.join(REPORT)).expect("the sample report");

    let rubric_path = kit.join("fixtures/rubric.toml");
    let rubric = std::fs::read_to_string(&rubric_path).expect("the rubric");
    let number = |text: &str| -> f64 { text.parse().expect("a number") };
    // One more point, and half the time limit, than the kit gives them now.
    let rubric = with_key(&rubric, POINTS_CHECK, "points", |old| {
        (old.map_or(points(POINTS_CHECK), number) + 1.0).to_string()
    });
    let rubric = with_key(&rubric, LIMIT_CHECK, "time_limit", |old| {
        (number(old.unwrap_or(&time_limit(LIMIT_CHECK))) / 2.0).to_string()
    });
    std::fs::write(&rubric_path, rubric).expect("writing the rubric");

    // The loop, as maintain.md gives it: the grader as the suite built it, and
    // figures.sh's build in the suite's target directory, where the copy's crates
    // (their files' times kept) are as fresh as the checkout's.
    let started = Instant::now();
    let bless = grader()
        .current_dir(&kit)
        .args(["bless", "--work-dir"])
        .arg(work_dir())
        .output()
        .expect("running bless");
    let bless_seconds = started.elapsed().as_secs_f64();
    assert_eq!(
        bless.status.code(),
        Some(0),
        "bless: {}",
        String::from_utf8_lossy(&bless.stderr)
    );
    let started = Instant::now();
    // target/debug/grader: the suite's target directory is two folders up.
    let target = Path::new(env!("CARGO_BIN_EXE_grader"))
        .ancestors()
        .nth(2)
        .expect("the grader is in a target directory");
    let drawn = std::process::Command::new("bash")
        .args(["handout/figures.sh", "--with-report", "-j", "2"])
        .current_dir(&kit)
        .env("CARGO_TARGET_DIR", target)
        .env("MAZE_GRADER_WORK_DIR", work_dir())
        .env_remove("RUSTFLAGS")
        .output()
        .expect("running figures.sh");
    let figures_seconds = started.elapsed().as_secs_f64();
    assert!(
        drawn.status.success(),
        "figures.sh: {}",
        String::from_utf8_lossy(&drawn.stderr)
    );
    println!(
        "the loop: bless {bless_seconds:.1} s, figures.sh --with-report {figures_seconds:.1} s"
    );

    // What changed in the generated files is what must not be left anywhere.
    let figures_after = figures_of(&kit);
    let report_after = std::fs::read_to_string(kit.join(REPORT)).expect("the sample report");
    let mut old = Vec::new();
    for (anchor, before) in &figures_before {
        let after = figures_after.get(anchor).map(String::as_str).unwrap_or("");
        if before == after {
            continue;
        }
        if !before.contains(char::is_whitespace) {
            old.push((
                format!("{FIGURES}:{anchor}"),
                Old::Number(before.clone(), units_of(anchor)),
            ));
            continue;
        }
        for line in before
            .lines()
            .filter(|line| !after.lines().any(|a| a == *line))
        {
            old.push((format!("{FIGURES}:{anchor}"), Old::Text(line.to_owned())));
        }
    }
    for line in report_before.lines() {
        if !line.trim().is_empty() && !report_after.lines().any(|a| a == line) {
            old.push((REPORT.to_owned(), Old::Text(line.to_owned())));
        }
    }
    for anchor in ["points", "visible-points", "budget-rule", "self-check"] {
        assert!(
            old.iter()
                .any(|(from, _)| from.ends_with(&format!(":{anchor}"))),
            "`bless` left the figure {anchor} as it was after {POINTS_CHECK}'s points and \
             {LIMIT_CHECK}'s time limit changed: {:#?}",
            figures_after.get(anchor)
        );
    }
    assert!(
        old.iter().any(|(from, old)| from == REPORT
            && matches!(old, Old::Text(line) if line.contains(POINTS_CHECK))),
        "figures.sh left {POINTS_CHECK}'s line of the sample report as it was"
    );

    let mut stale = Vec::new();
    for (file, text) in readable(&kit) {
        for (number, line) in text.lines().enumerate() {
            for (from, figure) in &old {
                let found = match figure {
                    Old::Number(n, units) => holds_figure(line, n, units),
                    Old::Text(t) => line.contains(t.trim()),
                };
                if found {
                    stale.push(format!(
                        "{file}:{}: {} (the old figure of {from})",
                        number + 1,
                        line.trim()
                    ));
                }
            }
        }
    }
    println!(
        "looked for {} old figures in {} files",
        old.len(),
        readable(&kit).len()
    );
    assert!(
        stale.is_empty(),
        "after {POINTS_CHECK}'s points and {LIMIT_CHECK}'s time limit changed and the \
         loop of maintain.md ran, the books still hold {} old figure(s):\n{}",
        stale.len(),
        stale.join("\n")
    );
}

#[test]
fn a_key_is_set_in_the_entry_of_its_name_whatever_its_other_keys_or_in_a_new_entry() {
    let rubric = "[grader]\ntime_limit = 10\n\n[[check]]\nname = \"a\"\npoints = 2\n\n[[check]]\ntitle = \"b first\"\nname = \"b\"\npoints = 3 # three\n";
    let mut seen = None;
    let text = with_key(rubric, "b", "points", |old| {
        seen = old.map(str::to_owned);
        "4".to_owned()
    });
    assert_eq!(seen.as_deref(), Some("3"));
    assert!(text.ends_with("name = \"b\"\npoints = 4\n"), "{text}");
    assert!(text.contains("name = \"a\"\npoints = 2\n"), "{text}");
    let text = with_key(rubric, "a", "time_limit", |old| {
        assert_eq!(old, None);
        "5".to_owned()
    });
    assert!(
        text.contains("name = \"a\"\ntime_limit = 5\npoints = 2\n"),
        "{text}"
    );
    let text = with_key(rubric, "c", "points", |old| {
        assert_eq!(old, None);
        "1".to_owned()
    });
    assert!(
        text.ends_with("points = 3 # three\n\n[[check]]\nname = \"c\"\npoints = 1\n"),
        "{text}"
    );
}
