//! The student template: a repository a course hands out. It holds the starter (the
//! crate students edit), a pristine copy of the starter's stubs (`fixtures/stubs`, so
//! a compile error in one part costs only that part), the grader without its tests,
//! without its hidden checks (no solution code, no code that computes an answer:
//! public checks are judged against blessed data) and without the instructor's
//! commands and the sandbox's attack suites (its `--help` lists `grade` and `watch`
//! only; the checks it runs are the course's own modules), the public fixtures, a rubric of
//! the visible checks only (no secret) with only their snapshots, the handout, a
//! README for students and a GitHub Actions workflow that grades every pull request.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{Context as _, bail};

use crate::checks::Part;
use crate::kit::Kit;
use crate::starter::trimmed_lock;

mod handout;

/// What a course chooses for its template.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// The score below which the workflow fails.
    pub min_score: f64,
    /// Whose grader the workflow runs on each push and pull request.
    pub grader: GraderSource,
    /// What the starter holds for a part the course does not assign.
    pub unassigned: Unassigned,
}

/// Whose grader the template's workflow runs.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum GraderSource {
    /// The course's grader repository (`OWNER/NAME`, public, written by `grader
    /// publish-grader`) at a pinned commit: a student's edits to the grader in their
    /// own repository change nothing, and the points go to GitHub Classroom.
    Course {
        /// `OWNER/NAME`.
        repo: String,
        /// The pinned commit.
        rev: String,
    },
    /// The grader in the student's own repository, which the student can edit: the
    /// workflow gives feedback only, sends no points to Classroom and says so.
    #[default]
    FeedbackOnly,
}

/// What the template's starter holds for a part the course does not assign.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Unassigned {
    /// The starter's stubs, each saying that the part is not assigned in this course
    /// (the driver's commands for it say so in one line): nothing of the reference's.
    #[default]
    Stubs,
    /// The reference's working code, so that the driver's commands for the part run.
    /// It publishes that part's answers: a course that assigns the part in a later
    /// term must not hand this out.
    Reference,
    /// Nothing of the part in the crate students edit: its module, the driver's
    /// command for it, its tests, its fixtures and its chapter's pages are not in the
    /// template. Parts 2 and 5 only: the provided code of Part 1 uses Parts 3 and 4.
    LeaveOut,
}

/// Every file of the template, by path relative to its root.
pub fn files(kit: &Kit, options: &Options) -> anyhow::Result<BTreeMap<PathBuf, Vec<u8>>> {
    let rubric_text = std::fs::read_to_string(kit.rubric()).context("reading the rubric")?;
    files_for(kit, options, &rubric_text)
}

/// The template for the course whose rubric is `rubric_text`.
fn files_for(
    kit: &Kit,
    options: &Options,
    rubric_text: &str,
) -> anyhow::Result<BTreeMap<PathBuf, Vec<u8>>> {
    let unassigned = unassigned_parts(rubric_text)?;
    let mut files = starter_for(kit, &unassigned, options.unassigned)?;
    copy_tree(
        &kit.root,
        "grader",
        &["tests", "target", "bench"],
        &mut files,
    )?;
    without_hidden_checks(&mut files)?;
    // The parts left out (`starter_for` has refused any that cannot be): their checks
    // go from the grader with its feature (`part2`, `part5`), and the rest of them
    // from the template once it is whole, below.
    let left_out: Vec<&LeftOut> = match options.unassigned {
        Unassigned::LeaveOut => LEFT_OUT
            .iter()
            .filter(|left| unassigned.iter().any(|(part, _)| *part == left.part))
            .collect(),
        _ => Vec::new(),
    };
    let features: Vec<&str> = LEFT_OUT
        .iter()
        .filter(|left| !left_out.iter().any(|out| out.part == left.part))
        .map(|left| left.part.id())
        .collect();
    without_instructor_tools(&mut files, &features)?;
    copy_tree(&kit.root, "fixtures/rat", &[], &mut files)?;
    copy_tree(&kit.root, "fixtures/invalid", &[], &mut files)?;
    copy_tree(&kit.root, "fixtures/mazes", &[], &mut files)?;
    copy_tree(&kit.root, "fixtures/arrows", &[], &mut files)?;
    let stubs: Vec<(PathBuf, Vec<u8>)> = files
        .iter()
        .filter(|(path, _)| {
            path.starts_with("starter/src") || path.as_path() == Path::new("starter/Cargo.toml")
        })
        .map(|(path, bytes)| {
            let below = path.strip_prefix("starter").unwrap_or(path);
            (Path::new("fixtures/stubs").join(below), bytes.clone())
        })
        .collect();
    files.extend(stubs);
    copy_tree(&kit.root, "handout", &["book"], &mut files)?;
    for (part, _) in &unassigned {
        leave_out_chapter(*part, &mut files)?;
    }
    handout::for_students(&mut files)?;

    let (rubric, kept) = public_rubric(rubric_text)?;
    files.insert("fixtures/rubric.toml".into(), rubric.into_bytes());
    for check in kept {
        let snapshot = kit.snapshots().join(format!("{check}.snap"));
        if snapshot.is_file() {
            files.insert(
                format!("fixtures/snapshots/{check}.snap").into(),
                std::fs::read(&snapshot)?,
            );
        }
    }

    files.insert(
        "Cargo.toml".into(),
        template_manifest(&kit.root)?.into_bytes(),
    );
    files.insert(
        "Cargo.lock".into(),
        trimmed_lock(&files, &kit.root.join("Cargo.lock"))?,
    );
    files.insert("README.md".into(), readme(options).into_bytes());
    for left in &left_out {
        // The starter's share went in `starter_for`, before `fixtures/stubs` was copied.
        leave_out(left, &mut files, |path| !path.starts_with("starter/"))?;
    }
    files.insert(
        ".gitattributes".into(),
        b"* text=auto eol=lf\n*.snap text eol=lf\nfixtures/** text eol=lf\n".to_vec(),
    );
    files.insert(
        ".gitignore".into(),
        // What cargo, insta and the handout's commands leave behind: builds, the
        // snapshots a test proposes (`.snap.new`, to read, never to commit) and the
        // graph §10.2 draws into a file.
        b"/target\n/starter/target\n/handout/book\n*.snap.new\n/starter/graph.svg\n".to_vec(),
    );
    files.insert(
        ".github/workflows/grade.yml".into(),
        workflow(options).into_bytes(),
    );
    Ok(files)
}

/// The course's grader repository (`grader publish-grader OUT`): what the template's
/// workflow checks out and runs at a pinned commit. It is public (students' Actions
/// check it out), so it holds what the template holds and nothing more — the
/// template's grader (no hidden checks, no instructor commands), the public rubric
/// without the secret, the visible checks' snapshots (no twins), the public fixtures
/// and the starter as handed out (its stubs stand in for a part that does not
/// compile) — without the handout and the workflow, with a README saying what it is.
pub fn course_grader_files(
    kit: &Kit,
    unassigned: Unassigned,
) -> anyhow::Result<BTreeMap<PathBuf, Vec<u8>>> {
    let options = Options {
        unassigned,
        ..Options::default()
    };
    let mut files = files(kit, &options)?;
    files.retain(|path, _| !path.starts_with("handout") && !path.starts_with(".github"));
    files.insert("README.md".into(), COURSE_GRADER_README.as_bytes().to_vec());
    Ok(files)
}

/// The README of the course's grader repository.
const COURSE_GRADER_README: &str = "# Perfect Mazes: the course's grader

The grader that the students' `Autograding Tests` workflow runs on each push and pull
request: the workflow checks this repository out at the commit the course pinned
(`GRADER_REPO` and `GRADER_REV` in the template's `.github/workflows/grade.yml`) and
grades the student's repository with it, so a student's edits to the copy of the
grader in their own repository change nothing.

It holds exactly what the student template holds, and nothing the course keeps
private: the grader without its hidden checks and without the instructor's commands,
the public rubric (no secret), the blessed outputs of the visible checks only, the
public fixtures and the starter as handed out. It must stay public, since the
students' workflow checks it out with their repository's token.

Try it: `cargo run --locked -p maze-grader -- grade starter` grades the starter (0
points).

Written by `grader publish-grader` in the course's private kit; to change it, change
the kit, write it again, push, and pin the new commit with `grader dist
--grader-repo OWNER/NAME --grader-rev SHA`.
";

/// The parts the rubric turns off (`enabled = false`), with their titles.
fn unassigned_parts(rubric_text: &str) -> anyhow::Result<Vec<(Part, String)>> {
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
fn starter_for(
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
struct LeftOut {
    part: Part,
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
const LEFT_OUT: [LeftOut; 2] = [
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
fn left_out_of(part: Part, title: &str) -> anyhow::Result<&'static LeftOut> {
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
fn leave_out(
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
fn without_item(text: &str, first: &str) -> String {
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

/// The `starter/src` the course hands out for the rubric `rubric_text`, by path below
/// `src/`, in every form `grader dist` can write it: what `grader similarity` leaves
/// out as provided code, so that an untouched template shares nothing.
pub fn handed_out_sources(kit: &Kit) -> anyhow::Result<Vec<BTreeMap<PathBuf, Vec<u8>>>> {
    let rubric_text = std::fs::read_to_string(kit.rubric()).context("reading the rubric")?;
    let unassigned = unassigned_parts(&rubric_text)?;
    // Leaving out is a form only where every part turned off can be left out.
    let leave_out = unassigned
        .iter()
        .all(|(part, title)| left_out_of(*part, title).is_ok());
    [
        Unassigned::Stubs,
        Unassigned::Reference,
        Unassigned::LeaveOut,
    ]
    .into_iter()
    .filter(|mode| *mode != Unassigned::LeaveOut || leave_out)
    .map(|mode| {
        Ok(starter_for(kit, &unassigned, mode)?
            .into_iter()
            .filter_map(|(path, bytes)| {
                let below = path.strip_prefix("starter/src").ok()?.to_path_buf();
                Some((below, bytes))
            })
            .collect())
    })
    .collect()
}

/// A part the course does not assign keeps the starter's stubs, each saying so: a
/// `todo!` message reads "`item` is not assigned in this course (Part N: title): what
/// it does", which the driver prints as its one line, and the `// TODO` above it says
/// there is nothing to write. Nothing of the reference's code is in them.
fn mark_not_assigned(
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
fn not_assigned_text(text: &str, title: &str) -> (String, usize) {
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
fn provide(kit: &Kit, part: Part, files: &mut BTreeMap<PathBuf, Vec<u8>>) -> anyhow::Result<()> {
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
fn leave_out_chapter(part: Part, files: &mut BTreeMap<PathBuf, Vec<u8>>) -> anyhow::Result<()> {
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

/// Takes the hidden checks' module out of the grader's sources.
fn without_hidden_checks(files: &mut BTreeMap<PathBuf, Vec<u8>>) -> anyhow::Result<()> {
    if files
        .remove(Path::new("grader/src/checks/hidden.rs"))
        .is_none()
    {
        bail!("the grader has no src/checks/hidden.rs to leave out");
    }
    Ok(())
}

/// The grader's modules that only the `instructor` feature builds, relative to
/// `grader/src`: each is a file `NAME.rs`, a folder `NAME/`, or both.
pub(crate) const INSTRUCTOR_MODULES: [&str; 14] = [
    "commands/bless",
    "commands/dist",
    "commands/grade_all",
    "commands/gradescope",
    "commands/merge",
    "commands/mutants",
    "commands/publish_grader",
    "commands/sandbox_check",
    "commands/self_check",
    "commands/similarity",
    "commands/starter",
    "dist",
    "gradescope",
    "starter",
];

/// Takes the instructor's commands out of the grader's sources, with the snapshots of
/// their tests and the sandbox's attack suites, and turns both features off in its
/// manifest: the template's grader has `grade` and `watch` only, and by default the
/// features `parts` (the checks of the parts that have one, `part2` and `part5`).
fn without_instructor_tools(
    files: &mut BTreeMap<PathBuf, Vec<u8>>,
    parts: &[&str],
) -> anyhow::Result<()> {
    let src = Path::new("grader/src");
    for module in INSTRUCTOR_MODULES {
        let file = src.join(format!("{module}.rs"));
        let folder = src.join(module);
        let before = files.len();
        files.retain(|path, _| *path != file && !path.starts_with(&folder));
        if files.len() == before {
            bail!("the grader has no src/{module}.rs or src/{module}/ to leave out");
        }
    }
    // insta keeps a module's test snapshots in `snapshots/` beside it, named after
    // the module: `grader__commands__mutants__tests__….snap`.
    let prefixes: Vec<String> = INSTRUCTOR_MODULES
        .iter()
        .map(|module| format!("grader__{}__", module.replace('/', "__")))
        .collect();
    files.retain(|path, _| {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy())
            .unwrap_or_default();
        !(path.starts_with(src)
            && path.extension().is_some_and(|e| e == "snap")
            && prefixes
                .iter()
                .any(|prefix| name.starts_with(prefix.as_str())))
    });

    // The attack suites: the sandbox's own tests, which run hostile jobs. Their folder
    // is left out with every `tests` folder when the grader is copied (and here, should
    // that change); the line that declares it goes too.
    files.retain(|path, _| !path.starts_with("grader/src/sandbox/tests"));
    edit(files, "grader/src/sandbox/mod.rs", |text| {
        text.replace(
            "// The attack suites: the kit's, not the student template's.\n#[cfg(all(test, target_os = \"linux\", feature = \"instructor\"))]\nmod tests;\n",
            "",
        )
    })?;

    let default: Vec<String> = parts.iter().map(|part| format!("\"{part}\"")).collect();
    edit(files, "grader/Cargo.toml", |text| {
        text.replace(
            "default = [\"hidden-checks\", \"instructor\", \"part2\", \"part5\"]",
            &format!("default = [{}]", default.join(", ")),
        )
    })
}

/// Applies `change` to the text of the template's file `path`, failing when the file
/// is missing or `change` leaves it as it was (the kit's source no longer has what
/// the template takes out, and the template would ship it).
fn edit(
    files: &mut BTreeMap<PathBuf, Vec<u8>>,
    path: &str,
    change: impl Fn(&str) -> String,
) -> anyhow::Result<()> {
    let bytes = files
        .get_mut(Path::new(path))
        .with_context(|| format!("the kit has no {path}"))?;
    let text = String::from_utf8_lossy(bytes).into_owned();
    let changed = change(&text);
    if changed == text {
        bail!("{path} no longer has what the student template takes out of it");
    }
    *bytes = changed.into_bytes();
    Ok(())
}

/// Adds the files below `kit_root/dir`, leaving out subdirectories named in `skip`.
pub(crate) fn copy_tree(
    kit_root: &Path,
    dir: &str,
    skip: &[&str],
    files: &mut BTreeMap<PathBuf, Vec<u8>>,
) -> anyhow::Result<()> {
    let root = kit_root.join(dir);
    if !root.is_dir() {
        bail!("{} is missing from the kit", root.display());
    }
    let walker = walkdir::WalkDir::new(&root)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| !(e.file_type().is_dir() && skip.iter().any(|s| e.file_name() == *s)));
    for entry in walker {
        let entry = entry?;
        if entry.file_type().is_file() {
            let relative = entry.path().strip_prefix(kit_root)?.to_path_buf();
            files.insert(
                relative,
                std::fs::read(entry.path())
                    .with_context(|| format!("reading {}", entry.path().display()))?,
            );
        }
    }
    Ok(())
}

/// The rubric of the visible checks of the assigned parts only, without the course's
/// secret, and the names of the checks it keeps.
fn public_rubric(text: &str) -> anyhow::Result<(String, Vec<String>)> {
    let mut rubric: toml::Table = toml::from_str(text).context("reading the rubric")?;
    let unassigned: Vec<String> = rubric
        .get("parts")
        .and_then(|p| p.as_array())
        .into_iter()
        .flatten()
        .filter(|p| p.get("enabled").and_then(toml::Value::as_bool) == Some(false))
        .filter_map(|p| p.get("id")?.as_str().map(str::to_owned))
        .collect();
    if let Some(settings) = rubric.get_mut("grader").and_then(|g| g.as_table_mut()) {
        settings.remove("secret");
    }
    let checks = rubric
        .get_mut("check")
        .and_then(|c| c.as_array_mut())
        .context("the rubric has no [[check]]")?;
    checks.retain(|c| {
        c.get("visibility")
            .and_then(|v| v.as_str())
            .unwrap_or("visible")
            == "visible"
            && !c
                .get("part")
                .and_then(|p| p.as_str())
                .is_some_and(|p| unassigned.contains(&p.to_owned()))
    });
    let kept = checks
        .iter()
        .filter_map(|c| c.get("name")?.as_str().map(str::to_owned))
        .collect();
    let body = toml::to_string(&rubric).context("writing the rubric")?;
    Ok((
        format!(
            "# The course's rubric, without its hidden checks (those are graded by the course).\n\n{body}"
        ),
        kept,
    ))
}

/// The root manifest: a workspace of the grader alone (the starter keeps its own).
pub(crate) fn workspace_manifest(kit_root: &Path) -> anyhow::Result<String> {
    manifest_text(&workspace_table(kit_root)?)
}

/// The kit's root manifest as a table, its members the grader alone.
fn workspace_table(kit_root: &Path) -> anyhow::Result<toml::Table> {
    let text =
        std::fs::read_to_string(kit_root.join("Cargo.toml")).context("reading Cargo.toml")?;
    let mut manifest: toml::Table = toml::from_str(&text).context("reading Cargo.toml")?;
    let workspace = manifest
        .get_mut("workspace")
        .and_then(|w| w.as_table_mut())
        .context("Cargo.toml has no [workspace]")?;
    workspace.insert("members".into(), toml::Value::Array(vec!["grader".into()]));
    workspace.insert("exclude".into(), toml::Value::Array(vec!["starter".into()]));
    Ok(manifest)
}

/// `manifest` written out, under a line that says whose workspace it is.
fn manifest_text(manifest: &toml::Table) -> anyhow::Result<String> {
    Ok(format!(
        "# The grader's workspace. starter/ is a workspace of its own: the crate you edit.\n\n{}",
        toml::to_string(manifest).context("writing Cargo.toml")?
    ))
}

/// The template's root manifest: [`workspace_manifest`] with a dev profile for the
/// one build a student waits for, the grader's (see [`TEMPLATE_PROFILE`]). The kit's
/// own dev profile, per-package settings included, does not go with it: cargo refuses
/// a table given twice, and the kit optimises its dependencies for its own test runs.
fn template_manifest(kit_root: &Path) -> anyhow::Result<String> {
    let mut manifest = workspace_table(kit_root)?;
    if let Some(profile) = manifest
        .get_mut("profile")
        .and_then(toml::Value::as_table_mut)
    {
        profile.remove("dev");
        if profile.is_empty() {
            manifest.remove("profile");
        }
    }
    Ok(format!("{}{TEMPLATE_PROFILE}", manifest_text(&manifest)?))
}

/// The grader's build in the template. A student compiles it once, never debugs it
/// and never edits it, so: no debug information, nothing kept for an incremental
/// rebuild, and its dependencies unoptimised like itself. On a quiet 2-core machine
/// that build took 112 s wall (203 s CPU) with its dependencies at the kit's
/// `opt-level = 1` and incremental on, and 54 s (90 s CPU) with this profile. A
/// grading spends about a second in the grader's own code (`grader grade --timings`),
/// so nothing a student waits for later got slower (`grader/bench/first_grading.sh`).
const TEMPLATE_PROFILE: &str = "
# The grader is compiled once, never debugged and never edited here: no debug
# information, no incremental caches and no optimisation, which makes that first
# build quick. (Your crate in starter/ keeps cargo's defaults.)
[profile.dev]
debug = false
incremental = false
";

/// The GitHub Actions workflow. With the course's grader: grade with it at its pinned
/// revision, give the points to GitHub Classroom, put the Markdown report in the job
/// summary, keep results.json, and fail only below the minimum score. Feedback only:
/// the same grading with the repository's own grader, no points to Classroom, and a
/// summary that says whose grader it was.
fn workflow(options: &Options) -> String {
    let (start, summary) = match &options.grader {
        GraderSource::Course { repo, rev } => (
            WORKFLOW
                .replace("@GRADER_REPO@", repo)
                .replace("@GRADER_REV@", rev),
            "Graded with the course's grader, $GRADER_REPO at $GRADER_REV. These points are feedback: the course's own grading decides the grade.",
        ),
        GraderSource::FeedbackOnly => (
            FEEDBACK_WORKFLOW.to_owned(),
            "**Feedback only.** Graded with the grader in this repository, which can be edited: these points are not the course's, and none go to GitHub Classroom. The course grades with its own copy of the grader.",
        ),
    };
    format!("{start}{}", WORKFLOW_END.replace("@SUMMARY@", summary))
        .replace("@MIN_SCORE@", &crate::report::points(options.min_score))
}

const WORKFLOW: &str = r#"# Grades the starter on every push and pull request with the course's grader (its
# repository GRADER_REPO at the pinned commit GRADER_REV, not the copy in this
# repository), reports the points to GitHub Classroom, puts the report in the job
# summary and keeps results.json. The job fails only when the score is below
# MIN_SCORE. This file lives in the student's repository, which the student can
# edit: its points are feedback, and the course's authoritative grade comes from its
# own run (grader grade-all, or Gradescope).
name: Autograding Tests

on:
  push:
  pull_request:
  workflow_dispatch:
  repository_dispatch:

permissions:
  checks: write
  actions: read
  contents: read

env:
  MIN_SCORE: "@MIN_SCORE@"
  GRADER_REPO: "@GRADER_REPO@"
  GRADER_REV: "@GRADER_REV@"
  CARGO_TERM_COLOR: always

jobs:
  run-autograding-tests:
    # GitHub Classroom finds the points on the check run of this name.
    name: Autograding Tests
    runs-on: ubuntu-latest
    if: github.actor != 'github-classroom[bot]'
    timeout-minutes: 30
    steps:
      - name: The submission
        uses: actions/checkout@v4
        with:
          path: submission
      - name: The course's grader, at its pinned revision
        uses: actions/checkout@v4
        with:
          repository: ${{ env.GRADER_REPO }}
          ref: ${{ env.GRADER_REV }}
          path: course
      - uses: dtolnay/rust-toolchain@stable
      - uses: Swatinem/rust-cache@v2
        with:
          workspaces: course
      # One grading writes every report; below MIN_SCORE it still writes them and
      # the points still go to Classroom: the last step fails the job.
      - name: Grade
        id: grader
        working-directory: course
        run: |
          status=0
          cargo run --locked -q -p maze-grader -- grade ../submission --min-score "$MIN_SCORE" \
            --report gradescope=../results.json --report markdown=../report.md \
            --report classroom=../classroom.json || status=$?
          if [ "$status" -gt 1 ]; then exit "$status"; fi
          echo "status=$status" >> "$GITHUB_OUTPUT"
          echo "result=$(base64 -w0 < ../classroom.json)" >> "$GITHUB_OUTPUT"
      - name: Points to GitHub Classroom
        uses: classroom-resources/autograding-grading-reporter@v1
        env:
          GRADER_RESULTS: ${{ steps.grader.outputs.result }}
        with:
          runners: grader
        continue-on-error: true
"#;

/// The steps both workflows end with: the summary (its first line says whose grader
/// graded, `@SUMMARY@`), results.json kept, and the minimum score.
const WORKFLOW_END: &str = r#"      - name: Job summary
        if: always()
        run: |
          echo "@SUMMARY@" >> "$GITHUB_STEP_SUMMARY"
          echo >> "$GITHUB_STEP_SUMMARY"
          cat report.md >> "$GITHUB_STEP_SUMMARY"
      - name: Keep results.json
        if: always()
        uses: actions/upload-artifact@v4
        with:
          name: results
          path: results.json
      - name: Minimum score
        env:
          BELOW: ${{ steps.grader.outputs.status }}
        run: |
          if [ "$BELOW" != 0 ]; then echo "the score is below the minimum $MIN_SCORE (see the Grade step)"; exit 1; fi
"#;

const FEEDBACK_WORKFLOW: &str = r#"# Feedback only: grades the starter on every push and pull request with the grader
# in THIS repository, which the student can edit, so its score is not the course's.
# It gives no points to GitHub Classroom; the job summary says so above the report.
# The course grades with its own copy (grader grade-all, or Gradescope).
name: Feedback

on:
  push:
  pull_request:
  workflow_dispatch:

permissions:
  contents: read

env:
  MIN_SCORE: "@MIN_SCORE@"
  CARGO_TERM_COLOR: always

jobs:
  feedback:
    name: Feedback (not the course's grade)
    runs-on: ubuntu-latest
    timeout-minutes: 30
    steps:
      - name: The submission
        uses: actions/checkout@v4
        with:
          path: submission
      - uses: dtolnay/rust-toolchain@stable
      - uses: Swatinem/rust-cache@v2
        with:
          workspaces: submission
      - name: Grade (this repository's own grader)
        id: grader
        working-directory: submission
        run: |
          status=0
          cargo run --locked -q -p maze-grader -- grade starter --min-score "$MIN_SCORE" \
            --report gradescope=../results.json --report markdown=../report.md || status=$?
          if [ "$status" -gt 1 ]; then exit "$status"; fi
          echo "status=$status" >> "$GITHUB_OUTPUT"
"#;

/// The template's README: for students, and true to the workflow `options` write.
fn readme(options: &Options) -> String {
    let submit = match &options.grader {
        GraderSource::Course { repo, rev } => format!(
            "Commit and push. The `Autograding Tests` workflow (`.github/workflows/grade.yml`)
grades every push and pull request with the course's grader: the repository
`{repo}` at the commit `{rev}`, not the copy in your repository, so
changing `grader/` here changes nothing there. It gives the points to GitHub
Classroom, puts the report in the run's summary and attaches `results.json`; the run
fails only when the score is below the minimum your course set.

Those points are feedback. The workflow file lives in your repository, which you can
edit, so GitHub Classroom's points cannot be the grade: the grade that counts is the
one your course computes with its own copy of the grader (`grader grade-all` or
Gradescope) after the deadline.
"
        ),
        GraderSource::FeedbackOnly => {
            "Commit and push. The `Feedback` workflow (`.github/workflows/grade.yml`) grades every
push and pull request with the grader in this repository and puts the report in the
run's summary. It is feedback only: that grader is yours to edit, so its points are
not the course's and none go to GitHub Classroom. The grade that counts is the one
your course computes with its own copy of the grader (`grader grade-all` or
Gradescope) after the deadline.
"
            .to_owned()
        }
    };
    format!("{README}\n## Submit\n\n{submit}")
}

const README: &str = r#"# Perfect Mazes

```sh
cargo run --locked -p maze-grader -- grade starter
cd starter && cargo test --locked
```

The first command grades your work and tells you what to fix; the second runs the
tests that come with the starter (add `--no-fail-fast` to run every test program even
when the library's own tests fail). You need Rust 1.89 or newer (https://rustup.rs);
cargo fetches everything else.

## What to do

Read the handout: `handout/src/introduction.md` on GitHub or in your editor, chapter
after chapter (each shows the starter's code it talks about), or as a book
(`handout/README.md` says how). Then replace each `todo!()` in `starter/src/` with your
code, in the order of the handout. Each `todo!` names the method and the handout
section that explains it.

## Run your code

```sh
cd starter
cargo run -- generate --width 12 --height 8 --seed 1              # draw a maze
cargo run -- solve --width 20 --height 10 --format unicode        # and its solution
cargo run -- solve --width 20 --height 10 --format svg --output maze.svg
cargo run -- rat ../fixtures/rat/sample.txt                        # Part 2
```

Until a part is written the program says `error: not implemented yet: …` and names it.

## Grade locally

From the repository's root:

```sh
cargo run -p maze-grader -- grade starter
cargo run -p maze-grader -- watch starter     # grade again on every save
```

`watch` grades once, then again each time you save a file in `starter/src/`: it shows
the first failing check with its hint (the next thing to fix), each part's progress
and your score. Type `q` and Enter (or press Ctrl-C) to stop.

**The first grading takes a minute or two, once.** Cargo first compiles the grader
itself (its progress bar counts the crates), then the grader builds the crates your
code uses ("building the crates your code and the grader's probe use … — first time
only"), then it grades. Measured from a fresh clone on a quiet 2-core machine, with
the crates already downloaded: 85 s, cargo compiling the grader for 54 of them and
the first grading for 31. A busy or slower machine takes longer. After that, a
grading takes seconds: only your code is compiled again.

Each check shows ✓ or ✗, its points, what went wrong (for example
`not implemented: Position::moved (handout §3)` or `used … s of CPU time: a loop or
recursion that never ends?`, the seconds being the check's time limit), a diff of
expected and actual output where that helps, and a hint to the handout. Other formats:
`--format html|markdown|json|junit|gradescope` (`html` is one page for a browser,
with your maze, path or search drawn beside the expected one where they differ).
Only `starter/src/**/*.rs` is graded:
changing the grader, the tests or the manifests does not change your grade, since the
course grades with its own copy.

**Why your total here is smaller than the course's.** This grader runs the course's
public checks. The course's grading also runs hidden checks, and asks every public
check again on inputs it keeps private (other sizes, seeds and files of the same
kind), so its total is higher and a check passes there only when your code is right
for inputs it has not seen. Code that works for the reasons the handout gives passes
both; code written to match the outputs shown here does not.

**Disk.** Grading needs about 510 MB below `target/` at the repository's root: the
grader's own build (`target/debug`, 300 MB) and its work dir (`target/grader`, 210 MB:
the crates your code uses, built once, and your crate's build). `cargo test` and `cargo run` in
`starter/` use `starter/target` besides. To use less:

- put the grader's work dir elsewhere, e.g. on a scratch disk:
  `cargo run -p maze-grader -- grade starter --work-dir /tmp/maze-grader` (or set
  `MAZE_GRADER_WORK_DIR`);
- delete what you do not need now: `rm -rf target/grader` (rebuilt at the next
  grading), `cargo clean` at the root (the grader is compiled again next time),
  `cargo clean` in `starter/`. Nothing in `target/` is your work.
"#;

/// Builds the handout's HTML into `out/handout/book` with mdbook, so that students
/// can read it without installing anything, and stops ignoring it in the template's
/// `.gitignore`. `None` when mdbook is not installed; a build that fails is an error.
pub fn build_book(out: &Path) -> anyhow::Result<Option<PathBuf>> {
    let installed = std::process::Command::new("mdbook")
        .arg("--version")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    if !installed {
        return Ok(None);
    }
    let handout = out.join("handout");
    let built = std::process::Command::new("mdbook")
        .arg("build")
        .arg(&handout)
        .stdin(std::process::Stdio::null())
        .output()
        .context("running mdbook")?;
    // mdbook reports a failed include as an ERROR line and still exits with 0.
    let errors = String::from_utf8_lossy(&built.stderr);
    if !built.status.success() || errors.contains("ERROR") {
        let first = errors
            .lines()
            .find(|line| line.contains("ERROR"))
            .unwrap_or("no message");
        bail!(
            "mdbook could not build the template's handout: {}",
            first.trim()
        );
    }
    let ignore = out.join(".gitignore");
    let text = std::fs::read_to_string(&ignore).context("reading the template's .gitignore")?;
    let kept: String = text
        .lines()
        .filter(|line| *line != "/handout/book")
        .map(|line| format!("{line}\n"))
        .collect();
    std::fs::write(&ignore, kept).context("writing the template's .gitignore")?;
    Ok(Some(handout.join("book/index.html")))
}

/// Writes the template to `out`, which must not exist yet or be empty.
pub fn write(out: &Path, files: &BTreeMap<PathBuf, Vec<u8>>) -> anyhow::Result<()> {
    if out.exists()
        && std::fs::read_dir(out)
            .map(|mut d| d.next().is_some())
            .unwrap_or(true)
    {
        bail!(
            "{} already exists and is not empty: choose a new directory",
            out.display()
        );
    }
    for (relative, contents) in files {
        let path = out.join(relative);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .with_context(|| format!("creating {}", parent.display()))?;
        }
        std::fs::write(&path, contents).with_context(|| format!("writing {}", path.display()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests;
