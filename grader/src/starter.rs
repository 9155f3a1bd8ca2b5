//! Generating the student's starter crate from the reference solution.
//!
//! Solution bodies are marked in the source:
//!
//! ```text
//! // BEGIN SOLUTION Position::moved (§3): move {self:?} one step {direction:?}
//! ...the reference code...
//! // END SOLUTION
//! ```
//!
//! becomes a `// TODO` line and `todo!("Position::moved (handout §3): move {self:?} one
//! step {direction:?}")`, whose message names the item, uses the parameters (so the
//! starter compiles without unused-variable warnings) and points at the handout.
//! Extra format arguments follow a ` | `. A `// BEGIN SOLUTION ONLY` region (imports
//! and helpers only the reference code uses) is left out entirely. Every other line —
//! provided code, docs, tests — is copied as it is.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::Context as _;

const BEGIN: &str = "// BEGIN SOLUTION";
const ONLY: &str = "// BEGIN SOLUTION ONLY";
const END: &str = "// END SOLUTION";

/// A mistake in the markers, with its place.
#[derive(Debug, thiserror::Error)]
#[error("{file}:{line}: {message}")]
pub struct MarkerError {
    file: String,
    line: usize,
    message: String,
}

/// The starter version of one source file.
pub fn strip(source: &str, file: &str) -> Result<String, MarkerError> {
    let error = |line: usize, message: &str| MarkerError {
        file: file.to_owned(),
        line,
        message: message.to_owned(),
    };
    let lines: Vec<&str> = source.lines().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let trimmed = line.trim_start();
        if trimmed.starts_with(END) {
            return Err(error(i + 1, "END SOLUTION without a BEGIN SOLUTION"));
        }
        if !trimmed.starts_with(BEGIN) {
            out.push_str(line);
            out.push('\n');
            i += 1;
            continue;
        }
        let begin = i;
        let end = (i + 1..lines.len())
            .find(|&j| {
                let t = lines[j].trim_start();
                t.starts_with(END) || t.starts_with(BEGIN)
            })
            .ok_or_else(|| error(begin + 1, "BEGIN SOLUTION without an END SOLUTION"))?;
        if !lines[end].trim_start().starts_with(END) {
            return Err(error(
                end + 1,
                "BEGIN SOLUTION inside another solution region",
            ));
        }
        i = end + 1;
        if trimmed.starts_with(ONLY) {
            continue;
        }
        let indent = &line[..line.len() - trimmed.len()];
        out.push_str(
            &stub(trimmed[BEGIN.len()..].trim(), indent).map_err(|m| error(begin + 1, &m))?,
        );
        // The stub ends the body: code after it would be unreachable.
        let next = lines.get(i).map_or("}", |l| l.trim());
        if !next.starts_with('}') {
            return Err(error(
                end + 1,
                "a solution region must end its function body (only `}` may follow END SOLUTION)",
            ));
        }
    }
    Ok(out)
}

/// The `// TODO` and `todo!(…)` lines for a marker's text
/// `Item (§N): message [| args]`.
fn stub(marker: &str, indent: &str) -> Result<String, String> {
    let (item, rest) = marker
        .split_once(" (§")
        .ok_or("the marker must read `// BEGIN SOLUTION Item (§N): message`")?;
    let (section, rest) = rest
        .split_once("):")
        .ok_or("the marker must read `// BEGIN SOLUTION Item (§N): message`")?;
    let (message, args) = match rest.split_once(" | ") {
        Some((message, args)) => (message.trim(), format!(", {}", args.trim())),
        None => (rest.trim(), String::new()),
    };
    if item.trim().is_empty() || message.is_empty() {
        return Err("the marker needs an item and a message".to_owned());
    }
    let text = format!("{} (handout §{section}): {message}", item.trim())
        .replace('\\', "\\\\")
        .replace('"', "\\\"");
    Ok(format!(
        "{indent}// TODO (handout §{section}): write {}.\n{indent}todo!(\"{text}\"{args})\n",
        item.trim()
    ))
}

/// The manifest of the starter: the solution's, with the workspace's settings filled
/// in, a name of its own and a `[workspace]` of its own.
fn manifest(solution_manifest: &str, workspace_manifest: &str) -> anyhow::Result<String> {
    let solution: toml::Table =
        toml::from_str(solution_manifest).context("reading solution/Cargo.toml")?;
    let workspace: toml::Table =
        toml::from_str(workspace_manifest).context("reading the root Cargo.toml")?;
    let shared = workspace
        .get("workspace")
        .and_then(|w| w.as_table())
        .context("the root Cargo.toml has no [workspace]")?;
    let shared_package = shared
        .get("package")
        .and_then(|p| p.as_table())
        .cloned()
        .unwrap_or_default();
    let shared_deps = shared
        .get("dependencies")
        .and_then(|d| d.as_table())
        .cloned()
        .unwrap_or_default();

    let mut package = toml::Table::new();
    package.insert("name".into(), "maze-starter".into());
    package.insert(
        "description".into(),
        "Perfect Mazes: the maze library you complete, and its driver".into(),
    );
    for key in ["version", "edition", "rust-version", "license", "publish"] {
        if let Some(value) = shared_package.get(key) {
            package.insert(key.into(), value.clone());
        }
    }
    let mut out = toml::Table::new();
    out.insert("package".into(), package.into());
    for key in ["lib", "bin", "bench"] {
        if let Some(value) = solution.get(key) {
            out.insert(key.into(), value.clone());
        }
    }
    for section in ["dependencies", "dev-dependencies"] {
        let Some(deps) = solution.get(section).and_then(|d| d.as_table()) else {
            continue;
        };
        let mut resolved = toml::Table::new();
        for (name, spec) in deps {
            let inherited = spec.get("workspace").and_then(toml::Value::as_bool) == Some(true);
            let value = if inherited {
                shared_deps
                    .get(name)
                    .cloned()
                    .with_context(|| format!("{name} is not in [workspace.dependencies]"))?
            } else {
                spec.clone()
            };
            resolved.insert(name.clone(), value);
        }
        out.insert(section.into(), resolved.into());
    }
    let mut lints = shared
        .get("lints")
        .and_then(|l| l.as_table())
        .cloned()
        .unwrap_or_default();
    // The starter is full of todo!(): that lint is for the solution only.
    if let Some(clippy) = lints.get_mut("clippy").and_then(|c| c.as_table_mut()) {
        clippy.remove("todo");
    }
    out.insert("lints".into(), lints.into());
    out.insert("workspace".into(), toml::Table::new().into());
    Ok(format!(
        "# Generated by `grader starter` from solution/Cargo.toml: do not edit by hand.\n# A workspace of its own, so that its `maze` names never meet the solution's.\n\n{}",
        toml::to_string(&out).context("writing the starter's manifest")?
    ))
}

/// Every file of the starter, by path relative to `starter/`.
pub fn generate(kit_root: &Path) -> anyhow::Result<BTreeMap<PathBuf, Vec<u8>>> {
    let solution = kit_root.join("solution");
    let mut files = BTreeMap::new();
    for dir in ["src", "tests", "benches"] {
        let root = solution.join(dir);
        if !root.is_dir() {
            continue;
        }
        for entry in walkdir::WalkDir::new(&root).sort_by_file_name() {
            let entry = entry?;
            if !entry.file_type().is_file() {
                continue;
            }
            let path = entry.path();
            let relative = path.strip_prefix(&solution)?.to_path_buf();
            if path
                .extension()
                .is_some_and(|e| e == "new" || e == "pending-snap")
            {
                continue;
            }
            let bytes =
                std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
            let contents = if path.extension().is_some_and(|e| e == "rs") {
                let text = String::from_utf8(bytes)
                    .with_context(|| format!("{} is not UTF-8", path.display()))?;
                let stripped = strip(&text, &format!("solution/{}", relative.display()))?;
                rustfmt(&stripped)
                    .with_context(|| format!("formatting the starter's {}", relative.display()))?
                    .into_bytes()
            } else {
                bytes
            };
            files.insert(relative, contents);
        }
    }
    let solution_manifest = std::fs::read_to_string(solution.join("Cargo.toml"))
        .context("reading solution/Cargo.toml")?;
    let workspace_manifest =
        std::fs::read_to_string(kit_root.join("Cargo.toml")).context("reading Cargo.toml")?;
    files.insert(
        PathBuf::from("Cargo.toml"),
        manifest(&solution_manifest, &workspace_manifest)?.into_bytes(),
    );
    files.insert(PathBuf::from("Cargo.lock"), lock_file(kit_root, &files)?);
    Ok(files)
}

/// `source` as rustfmt formats it, so the starter is as tidy as the solution (a
/// `todo!` line is often longer than the code it replaces).
fn rustfmt(source: &str) -> anyhow::Result<String> {
    use std::io::Write as _;
    let mut child = std::process::Command::new("rustfmt")
        .args(["--edition", "2024", "--emit", "stdout", "--quiet"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .context("running rustfmt (rustup component add rustfmt)")?;
    let mut stdin = child.stdin.take().context("rustfmt's stdin")?;
    let input = source.to_owned();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().context("waiting for rustfmt")?;
    writer
        .join()
        .map_err(|_| anyhow::anyhow!("writing to rustfmt failed"))??;
    if !output.status.success() {
        anyhow::bail!(
            "rustfmt failed: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        );
    }
    String::from_utf8(output.stdout).context("rustfmt wrote something that is not UTF-8")
}

/// The starter's lock file: the kit's, trimmed by cargo to what the starter uses, so
/// it keeps exactly the kit's versions.
fn lock_file(kit_root: &Path, files: &BTreeMap<PathBuf, Vec<u8>>) -> anyhow::Result<Vec<u8>> {
    trimmed_lock(files, &kit_root.join("Cargo.lock"))
}

/// The lock file of the workspace made of `files`: `source` (a lock file with every
/// version it needs) trimmed by cargo to what that workspace uses.
pub fn trimmed_lock(files: &BTreeMap<PathBuf, Vec<u8>>, source: &Path) -> anyhow::Result<Vec<u8>> {
    let scratch = tempfile::tempdir()?;
    for (relative, contents) in files {
        let path = scratch.path().join(relative);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(path, contents)?;
    }
    let lock = scratch.path().join("Cargo.lock");
    std::fs::copy(source, &lock).with_context(|| format!("copying {}", source.display()))?;
    crate::harness::sync_lock(scratch.path())?;
    std::fs::read(&lock).context("reading the trimmed lock file")
}

/// How a directory differs from the files it should hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Difference {
    /// A file it should hold is not there.
    Missing(PathBuf),
    /// A file holds something else.
    Differs(PathBuf),
    /// A file is there that should not be.
    Extra(PathBuf),
}

impl std::fmt::Display for Difference {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Difference::Missing(path) => write!(f, "{} is missing", path.display()),
            Difference::Differs(path) => write!(f, "{} differs", path.display()),
            Difference::Extra(path) => write!(f, "{} should not be there", path.display()),
        }
    }
}

/// How `dir` differs from `expected` (ignoring `target/`).
pub fn differences(dir: &Path, expected: &BTreeMap<PathBuf, Vec<u8>>) -> Vec<Difference> {
    let mut found = Vec::new();
    for (relative, contents) in expected {
        match std::fs::read(dir.join(relative)) {
            Ok(actual) if &actual == contents => {}
            Ok(_) => found.push(Difference::Differs(relative.clone())),
            Err(_) => found.push(Difference::Missing(relative.clone())),
        }
    }
    let files = walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_entry(|e| e.file_name() != "target")
        .flatten();
    for entry in files.filter(|e| e.file_type().is_file()) {
        let relative = entry
            .path()
            .strip_prefix(dir)
            .unwrap_or(entry.path())
            .to_path_buf();
        if !expected.contains_key(&relative) {
            found.push(Difference::Extra(relative));
        }
    }
    found
}

/// The differences in one line: "src/a.rs differs, src/b.rs is missing".
pub fn describe(differences: &[Difference]) -> String {
    differences
        .iter()
        .map(Difference::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Writes `files` into `dir`, removing files that are no longer part of it (and
/// leaving `target/` alone). Unchanged files are not touched.
pub fn write(dir: &Path, files: &BTreeMap<PathBuf, Vec<u8>>) -> anyhow::Result<()> {
    for difference in differences(dir, files) {
        if let Difference::Extra(stale) = difference {
            std::fs::remove_file(dir.join(stale))?;
        }
    }
    for (relative, contents) in files {
        crate::harness::write_if_changed(&dir.join(relative), contents)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_marked_body_becomes_a_todo_naming_the_item() {
        let source = "fn moved(self, direction: Direction) -> Position {\n    // BEGIN SOLUTION Position::moved (§3): move {self:?} {direction:?}\n    self\n    // END SOLUTION\n}\n";
        assert_eq!(
            strip(source, "p.rs").unwrap(),
            "fn moved(self, direction: Direction) -> Position {\n    // TODO (handout §3): write Position::moved.\n    todo!(\"Position::moved (handout §3): move {self:?} {direction:?}\")\n}\n"
        );
    }

    #[test]
    fn extra_arguments_follow_a_bar() {
        let source = "fn f(s: &mut H) {\n    // BEGIN SOLUTION f (§3): hash into a {} | type_name_of_val(s)\n    x\n    // END SOLUTION\n}\n";
        assert!(
            strip(source, "p.rs")
                .unwrap()
                .contains("todo!(\"f (handout §3): hash into a {}\", type_name_of_val(s))")
        );
    }

    #[test]
    fn a_solution_only_region_disappears() {
        let source = "a\n// BEGIN SOLUTION ONLY\nuse x;\n// END SOLUTION\nb\n";
        assert_eq!(strip(source, "p.rs").unwrap(), "a\nb\n");
    }

    #[test]
    fn quotes_in_the_message_are_escaped() {
        let source = "fn f() {\n// BEGIN SOLUTION f (§1): say \"hi\"\n// END SOLUTION\n}\n";
        assert!(
            strip(source, "p.rs")
                .unwrap()
                .contains(r#"todo!("f (handout §1): say \"hi\"")"#)
        );
    }

    #[test]
    fn a_missing_end_names_the_line() {
        let error = strip("x\n// BEGIN SOLUTION f (§1): m\ny\n", "p.rs").unwrap_err();
        assert_eq!(
            error.to_string(),
            "p.rs:2: BEGIN SOLUTION without an END SOLUTION"
        );
    }

    #[test]
    fn code_after_a_region_is_refused() {
        let error = strip(
            "fn f() {\n// BEGIN SOLUTION f (§1): m\n// END SOLUTION\nx();\n}\n",
            "p.rs",
        )
        .unwrap_err();
        assert!(
            error
                .to_string()
                .starts_with("p.rs:3: a solution region must end its function body")
        );
    }

    #[test]
    fn a_marker_without_a_section_is_refused() {
        let error = strip(
            "fn f() {\n// BEGIN SOLUTION f: m\n// END SOLUTION\n}\n",
            "p.rs",
        )
        .unwrap_err();
        assert!(error.to_string().contains("Item (§N): message"));
    }
}
