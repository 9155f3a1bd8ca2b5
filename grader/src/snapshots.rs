//! Expected outputs blessed from the reference solution: one insta-format `.snap`
//! file per blessed check in `fixtures/snapshots/`, holding the reference's output as
//! JSON and, in the header, the digest of the input it answers. A reviewer sees plain
//! text in a diff; the grader refuses to compare with an output blessed for another
//! input (after a change of the check's input or of the course's secret), so a stale
//! snapshot is never blamed on a student.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::{Context as _, bail};
use serde_json::Value;

use crate::checks::model::pretty;

/// The reference's output for one check, and the digest of its input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Blessed {
    /// [`crate::checks::digest`] of the input.
    pub input: String,
    /// The reference's output.
    pub output: Value,
}

/// The blessed output of each blessed check, by check name.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Snapshots {
    entries: BTreeMap<String, Blessed>,
    /// Files that could not be read as snapshots, with why: reported when a check
    /// needs them, and replaced by `grader bless`.
    unreadable: BTreeMap<String, String>,
}

/// The largest snapshot file the grader reads.
const MAX_SNAPSHOT_BYTES: u64 = 16 * 1024 * 1024;

impl Snapshots {
    /// Reads every `.snap` file in `dir` (none when `dir` does not exist).
    pub fn load(dir: &Path) -> anyhow::Result<Snapshots> {
        let mut entries = BTreeMap::new();
        let mut unreadable = BTreeMap::new();
        let Ok(listing) = std::fs::read_dir(dir) else {
            return Ok(Snapshots::default());
        };
        for entry in listing {
            let path = entry?.path();
            if path.extension().is_none_or(|e| e != "snap") {
                continue;
            }
            let name = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let size = std::fs::metadata(&path)
                .with_context(|| format!("reading {}", path.display()))?
                .len();
            if size > MAX_SNAPSHOT_BYTES {
                bail!(
                    "{} is {size} bytes; a snapshot may have at most {MAX_SNAPSHOT_BYTES}",
                    path.display()
                );
            }
            let text = std::fs::read_to_string(&path)
                .with_context(|| format!("reading {}", path.display()))?;
            match parse(&text) {
                Some(blessed) => {
                    entries.insert(name, blessed);
                }
                None => {
                    unreadable.insert(
                        name,
                        format!(
                            "{} is not a blessed snapshot (a --- header with `description: input DIGEST`, then JSON)",
                            path.display()
                        ),
                    );
                }
            }
        }
        Ok(Snapshots {
            entries,
            unreadable,
        })
    }

    /// Why the snapshot file of `check` could not be read, if it could not.
    pub fn unreadable(&self, check: &str) -> Option<&str> {
        self.unreadable.get(check).map(String::as_str)
    }

    /// The blessed output for `check`.
    pub fn get(&self, check: &str) -> Option<&Blessed> {
        self.entries.get(check)
    }

    /// Sets the output for `check`.
    pub fn insert(&mut self, check: &str, blessed: Blessed) {
        self.entries.insert(check.to_owned(), blessed);
    }

    /// Writes every snapshot to `dir` as `<check>.snap`, and removes `.snap` files of
    /// checks that no longer have one.
    pub fn save(&self, dir: &Path) -> anyhow::Result<()> {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        for entry in std::fs::read_dir(dir)? {
            let path = entry?.path();
            let stem = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            if path.extension().is_some_and(|e| e == "snap") && !self.entries.contains_key(&stem) {
                std::fs::remove_file(&path)?;
            }
        }
        for (name, blessed) in &self.entries {
            let path = dir.join(format!("{name}.snap"));
            std::fs::write(&path, render(name, blessed))
                .with_context(|| format!("writing {}", path.display()))?;
        }
        Ok(())
    }

    /// The names whose output differs between `self` and `other`, or exists in one only.
    pub fn differences(&self, other: &Snapshots) -> Vec<String> {
        let mut names: Vec<&String> = self.entries.keys().chain(other.entries.keys()).collect();
        names.sort();
        names.dedup();
        names
            .into_iter()
            .filter(|n| self.entries.get(*n) != other.entries.get(*n))
            .cloned()
            .collect()
    }
}

/// A snapshot file's digest and output. Line endings may be CRLF (a checkout on
/// Windows); they are read as LF.
fn parse(text: &str) -> Option<Blessed> {
    let text = text.replace("\r\n", "\n");
    let rest = text.strip_prefix("---\n")?;
    let end = rest.find("\n---\n")?;
    let header = &rest[..end];
    let input = header
        .lines()
        .find_map(|line| line.strip_prefix("description: input "))?
        .trim()
        .to_owned();
    let output = serde_json::from_str(&rest[end + 5..]).ok()?;
    Some(Blessed { input, output })
}

/// An insta snapshot file for `blessed`.
fn render(name: &str, blessed: &Blessed) -> String {
    format!(
        "---\nsource: grader bless\nexpression: {name}\ndescription: input {}\n---\n{}",
        blessed.input,
        pretty(&blessed.output)
    )
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn a_snapshot_reads_back_what_was_written() {
        let blessed = Blessed {
            input: "abc123".to_owned(),
            output: json!([{ "ok": [1, 2] }, { "err": "NoPath" }]),
        };
        let written = render("solve_path_unique", &blessed);
        assert_eq!(parse(&written), Some(blessed.clone()));
        assert_eq!(parse(&written.replace('\n', "\r\n")), Some(blessed));
    }

    #[test]
    fn a_file_without_a_header_is_refused() {
        assert_eq!(parse("just text"), None);
        assert_eq!(parse("---\nexpression: x\n---\n[1]"), None);
    }
}
