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

#[cfg(feature = "instructor")]
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
    #[cfg(feature = "instructor")]
    pub fn insert(&mut self, check: &str, blessed: Blessed) {
        self.entries.insert(check.to_owned(), blessed);
    }

    /// Writes every snapshot to `dir` as `<check>.snap`, and removes `.snap` files of
    /// checks that no longer have one, except the files whose stem `kept` names (a
    /// part the course turned off keeps its snapshots as they are).
    #[cfg(feature = "instructor")]
    pub fn save(&self, dir: &Path, kept: &dyn Fn(&str) -> bool) -> anyhow::Result<()> {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        for entry in std::fs::read_dir(dir)? {
            let path = entry?.path();
            let stem = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            if path.extension().is_some_and(|e| e == "snap")
                && !self.entries.contains_key(&stem)
                && !kept(&stem)
            {
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

    /// What writing these snapshots to `dir` with [`Snapshots::save`] would change,
    /// file by file, and how many files it would leave as they are (`kept` files
    /// included). Files are compared as text with CRLF read as LF, as the grader
    /// reads them.
    #[cfg(feature = "instructor")]
    pub fn changes(
        &self,
        dir: &Path,
        kept: &dyn Fn(&str) -> bool,
    ) -> anyhow::Result<(Vec<Change>, usize)> {
        let mut files: BTreeMap<String, (Option<String>, Option<String>)> = BTreeMap::new();
        if let Ok(listing) = std::fs::read_dir(dir) {
            for entry in listing {
                let path = entry?.path();
                if path.extension().is_none_or(|e| e != "snap") {
                    continue;
                }
                let bytes =
                    std::fs::read(&path).with_context(|| format!("reading {}", path.display()))?;
                let text = String::from_utf8_lossy(&bytes).replace("\r\n", "\n");
                let file = path
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                files.entry(file).or_default().0 = Some(text);
            }
        }
        for (name, blessed) in &self.entries {
            files.entry(format!("{name}.snap")).or_default().1 = Some(render(name, blessed));
        }
        let total = files.len();
        let changes: Vec<Change> = files
            .into_iter()
            .filter(|(file, (old, new))| {
                old != new && !(new.is_none() && kept(file.trim_end_matches(".snap")))
            })
            .map(|(file, (old, new))| Change { file, old, new })
            .collect();
        let unchanged = total - changes.len();
        Ok((changes, unchanged))
    }

    /// The names whose output differs between `self` and `other`, or exists in one only.
    #[cfg(feature = "instructor")]
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

/// How blessing changes one snapshot file.
#[cfg(feature = "instructor")]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    /// The file's name, `<check>.snap`.
    pub file: String,
    /// Its text now, if it exists.
    pub old: Option<String>,
    /// Its text after blessing, if it is kept.
    pub new: Option<String>,
}

#[cfg(feature = "instructor")]
impl Change {
    /// The change in one line: the file, and whether the input it answers changed
    /// (the check's inputs or the course's secret) or only the reference's output,
    /// with the number of lines added and removed.
    pub fn summary(&self) -> String {
        let what = match (&self.old, &self.new) {
            (None, _) => "new".to_owned(),
            (_, None) => "removed: the rubric has no such check any more".to_owned(),
            (Some(old), Some(new)) => {
                let (old, new) = (parse(old), parse(new));
                let input_changed = match (&old, &new) {
                    (Some(old), Some(new)) => old.input != new.input,
                    _ => false,
                };
                if input_changed {
                    "another input (the check's inputs or the course's secret changed)".to_owned()
                } else if old.is_none() {
                    "unreadable before, written again".to_owned()
                } else {
                    "another output for the same input (the reference solution changed)".to_owned()
                }
            }
        };
        let diff = similar::TextDiff::from_lines(
            self.old.as_deref().unwrap_or(""),
            self.new.as_deref().unwrap_or(""),
        );
        let (mut added, mut removed) = (0, 0);
        for change in diff.iter_all_changes() {
            match change.tag() {
                similar::ChangeTag::Insert => added += 1,
                similar::ChangeTag::Delete => removed += 1,
                similar::ChangeTag::Equal => {}
            }
        }
        format!("{}: {what} (+{added} -{removed} lines)", self.file)
    }

    /// The change as a unified diff, the way a reviewer reads it in git.
    pub fn diff(&self) -> String {
        let old = self.old.as_deref().unwrap_or("");
        let new = self.new.as_deref().unwrap_or("");
        let from = match self.old {
            Some(_) => format!("a/{}", self.file),
            None => "/dev/null".to_owned(),
        };
        let to = match self.new {
            Some(_) => format!("b/{}", self.file),
            None => "/dev/null".to_owned(),
        };
        similar::TextDiff::from_lines(old, new)
            .unified_diff()
            .context_radius(3)
            .missing_newline_hint(false)
            .header(&from, &to)
            .to_string()
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
#[cfg(feature = "instructor")]
fn render(name: &str, blessed: &Blessed) -> String {
    format!(
        "---\nsource: grader bless\nexpression: {name}\ndescription: input {}\n---\n{}",
        blessed.input,
        pretty(&blessed.output)
    )
}

#[cfg(test)]
mod tests {
    #[cfg(feature = "instructor")]
    use serde_json::json;

    use super::*;

    #[test]
    #[cfg(feature = "instructor")]
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
    #[cfg(feature = "instructor")]
    fn a_crlf_checkout_of_a_snapshot_loads_as_the_lf_one() {
        let blessed = Blessed {
            input: "abc123".to_owned(),
            output: json!({ "walls": [[13, 5], [9, 3]], "text": "a\nb" }),
        };
        let lf = tempfile::tempdir().unwrap();
        let crlf = tempfile::tempdir().unwrap();
        let text = render("maze_json", &blessed);
        std::fs::write(lf.path().join("maze_json.snap"), &text).unwrap();
        std::fs::write(
            crlf.path().join("maze_json.snap"),
            text.replace('\n', "\r\n"),
        )
        .unwrap();
        let from_crlf = Snapshots::load(crlf.path()).unwrap();
        assert_eq!(from_crlf, Snapshots::load(lf.path()).unwrap());
        assert_eq!(from_crlf.get("maze_json"), Some(&blessed));
        assert_eq!(from_crlf.unreadable("maze_json"), None);
        // Blessing the same outputs over a CRLF checkout changes nothing.
        assert_eq!(
            from_crlf.changes(crlf.path(), &|_| false).unwrap(),
            (Vec::new(), 1)
        );
    }

    #[test]
    #[cfg(feature = "instructor")]
    fn changes_list_each_changed_new_and_removed_file_with_a_diff() {
        let dir = tempfile::tempdir().unwrap();
        let blessed = |output| Blessed {
            input: "d".to_owned(),
            output,
        };
        let mut old = Snapshots::default();
        old.insert("kept", blessed(json!([1])));
        old.insert("changed", blessed(json!([1, 2])));
        old.insert("removed", blessed(json!([])));
        old.save(dir.path(), &|_| false).unwrap();
        let mut new = Snapshots::default();
        new.insert("kept", blessed(json!([1])));
        new.insert("changed", blessed(json!([1, 3])));
        new.insert("added", blessed(json!([4])));

        let (changes, unchanged) = new.changes(dir.path(), &|_| false).unwrap();
        assert_eq!(unchanged, 1);
        let files: Vec<&str> = changes.iter().map(|c| c.file.as_str()).collect();
        assert_eq!(files, ["added.snap", "changed.snap", "removed.snap"]);
        assert_eq!(
            changes[1].diff(),
            "--- a/changed.snap\n+++ b/changed.snap\n@@ -3,4 +3,4 @@\n expression: changed\n description: input d\n ---\n-[1,2]\n+[1,3]\n"
        );
        assert!(
            changes[0]
                .diff()
                .starts_with("--- /dev/null\n+++ b/added.snap\n")
        );
        assert!(
            changes[2]
                .diff()
                .starts_with("--- a/removed.snap\n+++ /dev/null\n")
        );
        // Nothing was written.
        assert_eq!(Snapshots::load(dir.path()).unwrap(), old);
    }

    #[test]
    fn a_file_without_a_header_is_refused() {
        assert_eq!(parse("just text"), None);
        assert_eq!(parse("---\nexpression: x\n---\n[1]"), None);
    }
}
