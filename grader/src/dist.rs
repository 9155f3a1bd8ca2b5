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

use crate::kit::Kit;
use crate::rubric::Visibility;
use crate::starter::trimmed_lock;

mod handout;
mod readme;
mod unassigned;
mod workflow;

use readme::readme;
use unassigned::{
    LEFT_OUT, LeftOut, leave_out, leave_out_chapter, left_out_of, starter_for, unassigned_parts,
};
use workflow::workflow;

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
pub(crate) const INSTRUCTOR_MODULES: [&str; 16] = [
    "commands/bless",
    "commands/dist",
    "commands/figures",
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
    "shard",
    "starter",
];

/// Takes the instructor's commands out of the grader's sources, with the snapshots of
/// their tests and the sandbox's attack suites, and turns both features off in its
/// manifest: the template's grader has `grade`, `watch` and `rubric` only, and by default the
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

/// The template's rubric: the course's, without its secret and without its changes to
/// checks the template does not grade (hidden ones, those of parts it does not
/// assign); a visible check the course makes private is `enabled = false` there. With
/// it, the names of the checks the template grades, whose blessed outputs it ships.
fn public_rubric(text: &str) -> anyhow::Result<(String, Vec<String>)> {
    let course = crate::rubric::parse(text, "fixtures/rubric.toml")
        .map_err(|error| anyhow::anyhow!("{error}"))?;
    // The template's grader has the declarations of the visible checks only.
    let graded: Vec<&str> = course
        .checks
        .iter()
        .filter(|check| check.spec.visibility == Visibility::Visible && check.is_public())
        .map(|check| check.spec.name)
        .collect();
    let mut rubric: toml::Table = toml::from_str(text).context("reading the rubric")?;
    if let Some(settings) = rubric.get_mut("grader").and_then(|g| g.as_table_mut()) {
        settings.remove("secret");
    }
    if let Some(changes) = rubric.get_mut("check").and_then(|c| c.as_array_mut()) {
        changes.retain_mut(|change| {
            let Some(name) = change.get("name").and_then(toml::Value::as_str) else {
                return false;
            };
            let Some(spec) = crate::checks::find(name) else {
                return false;
            };
            let assigned = !course.turned_off.iter().any(|off| off.part == spec.part);
            if spec.visibility != Visibility::Visible || !assigned {
                return false;
            }
            if course
                .checks
                .iter()
                .any(|c| c.spec.name == name && !c.is_public())
            {
                let mut off = toml::Table::new();
                off.insert("name".into(), name.into());
                off.insert("enabled".into(), false.into());
                *change = toml::Value::Table(off);
            }
            true
        });
        if changes.is_empty() {
            rubric.remove("check");
        }
    }
    // The tables in the kit's order (a TOML table's own order is its keys').
    let mut body = String::new();
    let order = ["grader", "style", "parts", "check"];
    let mut keys: Vec<String> = order.iter().map(|key| (*key).to_owned()).collect();
    keys.extend(
        rubric
            .keys()
            .filter(|key| !order.contains(&key.as_str()))
            .cloned(),
    );
    for key in keys {
        if let Some(value) = rubric.remove(&key) {
            let mut one = toml::Table::new();
            one.insert(key, value);
            body.push_str(&toml::to_string(&one).context("writing the rubric")?);
            body.push('\n');
        }
    }
    Ok((
        format!(
            "# The course's rubric, without its hidden checks (those are graded by the course).\n\n{}",
            body.trim_end_matches('\n').to_owned() + "\n"
        ),
        graded.into_iter().map(str::to_owned).collect(),
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
