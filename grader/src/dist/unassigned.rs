//! What the template holds for a part the course does not assign (the rubric turns
//! it off): the starter's stubs saying so, the reference's working code, or nothing
//! of the part at all (see [`super::Unassigned`]), and the handout's chapter either
//! way.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{Context as _, bail};

use super::{Unassigned, copy_tree, edit};
use crate::checks::Part;
use crate::kit::Kit;

/// The parts the rubric turns off (`enabled = false`), with their titles.
pub(super) fn unassigned_parts(rubric_text: &str) -> anyhow::Result<Vec<(Part, String)>> {
    let assigned = crate::rubric::parse(rubric_text, "fixtures/rubric.toml")
        .map_err(|error| anyhow::anyhow!("{error}"))?
        .parts;
    let table: toml::Table = toml::from_str(rubric_text).context("reading the rubric")?;
    let title = |part: Part| {
        table
            .get("parts")
            .and_then(toml::Value::as_array)
            .into_iter()
            .flatten()
            .find(|p| p.get("id").and_then(toml::Value::as_str) == Some(part.id()))
            .and_then(|p| p.get("title")?.as_str().map(str::to_owned))
            .unwrap_or_else(|| part.id().to_owned())
    };
    Ok(Part::ALL
        .into_iter()
        .filter(|part| !assigned.iter().any(|(p, _)| p == part))
        .map(|part| (part, title(part)))
        .collect())
}

/// The template's `starter/`: the kit's, with each part the course does not assign
/// as `mode` says.
pub(super) fn starter_for(
    kit: &Kit,
    unassigned: &[(Part, String)],
    mode: Unassigned,
) -> anyhow::Result<BTreeMap<PathBuf, Vec<u8>>> {
    let mut files = BTreeMap::new();
    copy_tree(&kit.root, "starter", &["target"], &mut files)?;
    for (part, title) in unassigned {
        match mode {
            Unassigned::Stubs => mark_not_assigned(*part, title, &mut files)?,
            Unassigned::Reference => provide(kit, *part, &mut files)?,
            Unassigned::LeaveOut => leave_out(left_out_of(*part, title)?, &mut files, |path| {
                path.starts_with("starter/")
            })?,
        }
    }
    Ok(files)
}

/// What a part left out of the template takes with it, besides its chapter. A part
/// that can be left out has a module of its own (`src/rat/`) with a driver command of
/// the same name (`maze rat`, `src/commands/rat.rs`, the variant `Command::Rat` with
/// its `RatArgs`), a test file (`tests/rat.rs`, with insta's `rat__*` snapshots) and
/// fixtures (`fixtures/rat/`, `fixtures/invalid/rat/`), and the grader has its checks
/// behind a feature of the part's name (`src/checks/part2/`, the probe's `part2.rs`):
/// all of that goes, with the lines that declare and dispatch them in the starter, the
/// feature from the grader's defaults, and what `extra` says besides.
pub(super) struct LeftOut {
    /// The part.
    pub(super) part: Part,
    /// The module's name: `rat`.
    module: &'static str,
    /// The driver's `Command` variant: `Rat`.
    variant: &'static str,
    /// More paths that go, relative to the template's root (a folder ends in `/`).
    extra_paths: &'static [&'static str],
    /// `(file, text, replacement)`: more text that goes from a file that stays.
    extra_edits: &'static [(&'static str, &'static str, &'static str)],
    /// `(file, line)`: more items that go (see [`without_item`]).
    extra_items: &'static [(&'static str, &'static str)],
}

impl LeftOut {
    /// The paths that go: a file, a folder (ending in `/`) or the start of file
    /// names (`starter/tests/snapshots/rat__`).
    fn paths(&self) -> Vec<String> {
        let m = self.module;
        let id = self.part.id();
        let mut paths = vec![
            format!("grader/src/checks/{id}/"),
            format!("grader/probe/src/{id}.rs"),
            format!("starter/src/{m}/"),
            format!("starter/src/commands/{m}.rs"),
            format!("starter/tests/{m}.rs"),
            format!("starter/tests/snapshots/{m}__"),
            format!("fixtures/{m}/"),
            format!("fixtures/invalid/{m}/"),
        ];
        paths.extend(self.extra_paths.iter().map(|path| (*path).to_owned()));
        paths
    }

    /// `(file, text, replacement)`: the text that goes from the files that stay.
    fn edits(&self) -> Vec<(&'static str, String, String)> {
        let (m, v) = (self.module, self.variant);
        let mut edits = vec![
            (
                "starter/src/lib.rs",
                format!("pub mod {m};\n"),
                String::new(),
            ),
            (
                "starter/src/commands/mod.rs",
                format!("mod {m};\n"),
                String::new(),
            ),
            (
                "starter/src/commands/mod.rs",
                format!("        Command::{v}(args) => {m}::run(args),\n"),
                String::new(),
            ),
        ];
        edits.extend(
            self.extra_edits
                .iter()
                .map(|(file, text, by)| (*file, (*text).to_owned(), (*by).to_owned())),
        );
        edits
    }

    /// `(file, first line)`: the items that go, the variant with its doc comment
    /// first.
    fn items(&self) -> Vec<(&'static str, String)> {
        let (m, v) = (self.module, self.variant);
        let mut items = vec![
            ("starter/src/cli.rs", format!("    {v}({v}Args),")),
            (
                "starter/src/cli.rs",
                format!("/// Arguments of `maze {m}`."),
            ),
        ];
        items.extend(
            self.extra_items
                .iter()
                .map(|(file, first)| (*file, (*first).to_owned())),
        );
        items
    }
}

/// The parts a course can leave out of the template. Each path, text and item must
/// be found, or `grader dist` stops: the kit changed, and the template would keep
/// what names a module that is not there (and not compile).
pub(super) const LEFT_OUT: [LeftOut; 2] = [
    LeftOut {
        part: Part::Part2,
        module: "rat",
        variant: "Rat",
        extra_paths: &[],
        extra_edits: &[
            (
                "starter/src/lib.rs",
                "//! with parallel tasks. Part 2 ([`rat`]) is the \"rat in a maze\" project: a file\n//! format, your own stack, queue and disjoint set, and breadth- and depth-first search.\n",
                "//! with parallel tasks.\n",
            ),
            (
                "README.md",
                "cargo run -- rat ../fixtures/rat/sample.txt                        # Part 2\n",
                "",
            ),
        ],
        extra_items: &[],
    },
    LeftOut {
        part: Part::Part5,
        module: "arrows",
        variant: "Arrows",
        extra_paths: &["starter/benches/arrows.rs"],
        extra_edits: &[
            (
                "starter/Cargo.toml",
                "[[bench]]\nharness = false\nname = \"arrows\"\n\n",
                "",
            ),
            (
                "starter/src/lib.rs",
                "//! Part 5 ([`arrows`]) solves arrow mazes by breadth-first search in a graph with two\n//! nodes for every square.\n",
                "",
            ),
        ],
        extra_items: &[("starter/src/cli.rs", "/// How `maze arrows` shows a board.")],
    },
];

/// What leaving `part` (titled `title`) out takes, or why it cannot be left out:
/// what of the provided code uses it.
pub(super) fn left_out_of(part: Part, title: &str) -> anyhow::Result<&'static LeftOut> {
    if let Some(left) = LEFT_OUT.iter().find(|left| left.part == part) {
        return Ok(left);
    }
    let why = match part {
        Part::Part1 => "every other part and the driver build on it",
        Part::Part3 => {
            "the provided generators (generate.rs) list its weighted generator and the driver's --favor and --root options are its types"
        }
        Part::Part4 => {
            "the provided generators and solvers (generate.rs, solver.rs) list its Prim generator and backtracking solver, and the game shows its path"
        }
        Part::Part2 | Part::Part5 => "the kit has no entry for it in dist's LEFT_OUT",
    };
    bail!(
        "{title} cannot be left out of the template: {why}; hand it out as stubs saying it is not assigned (`--unassigned stubs`, the default) or as the reference's code (`--unassigned reference`)"
    )
}

/// Takes `left`'s part out of the template's `files` whose paths are `in_scope`
/// (the starter's first, the rest once the template has them): see [`LeftOut`].
pub(super) fn leave_out(
    left: &LeftOut,
    files: &mut BTreeMap<PathBuf, Vec<u8>>,
    in_scope: impl Fn(&str) -> bool,
) -> anyhow::Result<()> {
    let part = left.part;
    for path in left.paths().iter().filter(|path| in_scope(path)) {
        let before = files.len();
        files.retain(|file, _| {
            !file
                .to_string_lossy()
                .replace('\\', "/")
                .starts_with(path.as_str())
        });
        if files.len() == before {
            bail!(
                "the kit has no {path} to leave out of the template with {}",
                part.id()
            );
        }
    }
    // Whatever else of the part's own sources the starter holds goes too.
    files.retain(|file, _| {
        !file
            .strip_prefix("starter/src")
            .is_ok_and(|below| Part::owning(below) == part)
    });
    for (path, text, replacement) in left.edits() {
        if in_scope(path) {
            edit(files, path, |old| old.replace(&text, &replacement))?;
        }
    }
    for (path, first) in left.items() {
        if in_scope(path) {
            edit(files, path, |old| without_item(old, &first))?;
        }
    }
    Ok(())
}

/// `text` without an item: where the line `first` starts a doc comment (`/// …` at
/// the start of a line), from there through the next line that is `}` alone and the
/// blank line after it; where `first` is a line of code (an enum's variant), that line
/// with the doc comment just above it. `text` as it was when there is no such line.
pub(super) fn without_item(text: &str, first: &str) -> String {
    let Some(at) = text.find(&format!("\n{first}\n")).map(|at| at + 1) else {
        return text.to_owned();
    };
    if !first.trim_start().starts_with("///") {
        let indent = &first[..first.len() - first.trim_start().len()];
        let doc = format!("{indent}///");
        let mut start = at;
        while start > 0 {
            let line_start = text[..start - 1].rfind('\n').map_or(0, |n| n + 1);
            if !text[line_start..start].starts_with(&doc) {
                break;
            }
            start = line_start;
        }
        let end = at + first.len() + 1;
        return format!("{}{}", &text[..start], &text[end..]);
    }
    let Some(close) = text[at..].find("\n}\n") else {
        return text.to_owned();
    };
    let mut end = at + close + "\n}\n".len();
    if text[end..].starts_with('\n') {
        end += 1;
    }
    format!("{}{}", &text[..at], &text[end..])
}

/// A part the course does not assign keeps the starter's stubs, each saying so: a
/// `todo!` message reads "`item` is not assigned in this course (Part N: title): what
/// it does", which the driver prints as its one line, and the `// TODO` above it says
/// there is nothing to write. Nothing of the reference's code is in them.
pub(super) fn mark_not_assigned(
    part: Part,
    title: &str,
    files: &mut BTreeMap<PathBuf, Vec<u8>>,
) -> anyhow::Result<()> {
    let mut marked = 0;
    for (path, bytes) in files.iter_mut() {
        let Ok(below) = path.strip_prefix("starter/src") else {
            continue;
        };
        if below.extension().is_none_or(|e| e != "rs") || Part::owning(below) != part {
            continue;
        }
        let text = String::from_utf8_lossy(bytes).into_owned();
        let (changed, stubs) = not_assigned_text(&text, title);
        marked += stubs;
        *bytes = changed.into_bytes();
    }
    if marked == 0 {
        bail!(
            "the starter has no stub of {} to mark as not assigned",
            part.id()
        );
    }
    Ok(())
}

/// `text` (a starter file) with each stub marked as not assigned in the course whose
/// part is `title`, and how many stubs it marked.
pub(super) fn not_assigned_text(text: &str, title: &str) -> (String, usize) {
    let mut out = format!(
        "// {title} is not assigned in this course: this file is left as stubs, with nothing to write.\n"
    );
    let mut stubs = 0;
    for line in text.lines() {
        let trimmed = line.trim_start();
        let indent = &line[..line.len() - trimmed.len()];
        if trimmed.starts_with("// TODO (handout §") {
            out.push_str(&format!(
                "{indent}// Not assigned in this course: nothing to write here.\n"
            ));
            continue;
        }
        // The stub's message is "item (handout §N): what to do", on the `todo!(` line
        // or the next: only its first `(handout §N): ` changes.
        match trimmed.find("(handout §").filter(|_| trimmed.contains('"')) {
            Some(at) if trimmed[at..].contains("): ") && !trimmed.starts_with("//") => {
                let close = at + trimmed[at..].find("): ").unwrap_or(0);
                stubs += 1;
                out.push_str(&format!(
                    "{indent}{}is not assigned in this course ({title}): {}\n",
                    &trimmed[..at],
                    &trimmed[close + 3..]
                ));
            }
            _ => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    (out, stubs)
}

/// A part the course does not assign becomes provided code: its files in the
/// starter are the reference's, working, without the solution markers, so that the
/// driver's commands and the parts that use it run.
pub(super) fn provide(
    kit: &Kit,
    part: Part,
    files: &mut BTreeMap<PathBuf, Vec<u8>>,
) -> anyhow::Result<()> {
    let solution = kit.solution().join("src");
    for entry in walkdir::WalkDir::new(&solution).sort_by_file_name() {
        let entry = entry?;
        let Ok(below) = entry.path().strip_prefix(&solution) else {
            continue;
        };
        if !entry.file_type().is_file()
            || below.extension().is_none_or(|e| e != "rs")
            || Part::owning(below) != part
        {
            continue;
        }
        let text = std::fs::read_to_string(entry.path())
            .with_context(|| format!("reading {}", entry.path().display()))?;
        let provided: String = text
            .lines()
            .filter(|line| {
                let line = line.trim_start();
                !line.starts_with("// BEGIN SOLUTION") && !line.starts_with("// END SOLUTION")
            })
            .map(|line| format!("{line}\n"))
            .collect();
        files.insert(Path::new("starter/src").join(below), provided.into_bytes());
    }
    Ok(())
}

/// Takes a part the course does not assign out of the handout: its pages go, and in
/// the table of contents each of its chapters becomes a one-paragraph page saying so
/// (`not-assigned-partN.md`), so that the other chapters keep the numbers the hints cite
/// and no entry is a link to nothing.
pub(super) fn leave_out_chapter(
    part: Part,
    files: &mut BTreeMap<PathBuf, Vec<u8>>,
) -> anyhow::Result<()> {
    // The prefixes of the part's pages in `handout/src`: `07-` for Part 2.
    let prefixes: Vec<String> = part.chapters().map(|n| format!("{n:02}-")).collect();
    let ours = |page: &str| prefixes.iter().any(|prefix| page.starts_with(prefix));
    // (The figures only its pages showed go in `handout::for_students`, which keeps
    // a figure only where a page that stays names it.)
    files.retain(|path, _| {
        !(path.parent() == Some(Path::new("handout/src"))
            && path
                .file_name()
                .is_some_and(|name| ours(&name.to_string_lossy())))
    });
    let summary = files
        .get_mut(Path::new("handout/src/SUMMARY.md"))
        .context("the handout has no src/SUMMARY.md")?;
    let text = String::from_utf8_lossy(summary).into_owned();
    let mut kept = String::new();
    let mut pages = Vec::new();
    for line in text.lines() {
        let entry = line
            .trim_start()
            .strip_prefix("- [")
            .and_then(|rest| rest.split_once("]("))
            .filter(|(_, link)| ours(link));
        match entry {
            Some(_) if line.starts_with(' ') => {}
            Some((title, _)) => {
                let page = format!("not-assigned-{}.md", part.id());
                kept.push_str(&format!(
                    "- [{title} (not assigned in this course)]({page})\n"
                ));
                pages.push((
                    Path::new("handout/src").join(page),
                    format!(
                        "# {title}\n\n{} is not assigned in this course: there is nothing to \
                         write for it, and no check grades it. Its code in `src/` is provided or \
                         left as stubs, as your course chose.\n",
                        part.name()
                    ),
                ));
            }
            None => {
                kept.push_str(line);
                kept.push('\n');
            }
        }
    }
    *summary = kept.into_bytes();
    for (path, page) in pages {
        files.insert(path, page.into_bytes());
    }
    Ok(())
}
