//! Expected outputs blessed from the reference solution, one insta-format `.snap`
//! file per check in `fixtures/snapshots/`, so `cargo insta` tooling can read them
//! and a reviewer sees plain text in a diff.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::Context as _;

/// The blessed text of each snapshot check, by check name.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Snapshots {
    texts: BTreeMap<String, String>,
}

impl Snapshots {
    /// Reads every `.snap` file in `dir` (none when `dir` does not exist).
    pub fn load(dir: &Path) -> anyhow::Result<Snapshots> {
        let mut texts = BTreeMap::new();
        let Ok(entries) = std::fs::read_dir(dir) else {
            return Ok(Snapshots::default());
        };
        for entry in entries {
            let path = entry?.path();
            if path.extension().is_none_or(|e| e != "snap") {
                continue;
            }
            let name = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let text = std::fs::read_to_string(&path)
                .with_context(|| format!("reading {}", path.display()))?;
            let body = parse(&text).with_context(|| {
                format!(
                    "{} is not an insta snapshot (it must start with a --- header)",
                    path.display()
                )
            })?;
            texts.insert(name, body);
        }
        Ok(Snapshots { texts })
    }

    /// The blessed text for `check`.
    pub fn get(&self, check: &str) -> Option<&str> {
        self.texts.get(check).map(String::as_str)
    }

    /// Sets the text for `check`.
    pub fn insert(&mut self, check: &str, text: String) {
        self.texts.insert(check.to_owned(), text);
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
            if path.extension().is_some_and(|e| e == "snap") && !self.texts.contains_key(&stem) {
                std::fs::remove_file(&path)?;
            }
        }
        for (name, body) in &self.texts {
            let path = dir.join(format!("{name}.snap"));
            std::fs::write(&path, render(name, body))
                .with_context(|| format!("writing {}", path.display()))?;
        }
        Ok(())
    }

    /// The names whose text differs between `self` and `other`, or exists in one only.
    pub fn differences(&self, other: &Snapshots) -> Vec<String> {
        let mut names: Vec<&String> = self.texts.keys().chain(other.texts.keys()).collect();
        names.sort();
        names.dedup();
        names
            .into_iter()
            .filter(|n| {
                self.texts.get(*n).map(|t| t.trim_end())
                    != other.texts.get(*n).map(|t| t.trim_end())
            })
            .cloned()
            .collect()
    }
}

/// The body of an insta snapshot file.
fn parse(text: &str) -> Option<String> {
    let rest = text.strip_prefix("---\n")?;
    let end = rest.find("\n---\n")?;
    Some(rest[end + 5..].trim_end_matches('\n').to_owned())
}

/// An insta snapshot file for `body`.
fn render(name: &str, body: &str) -> String {
    format!(
        "---\nsource: grader/src/checks\nexpression: {name}\n---\n{}\n",
        body.trim_end_matches('\n')
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_snapshot_reads_back_what_was_written() {
        let written = render("maze_matches_reference", "+---+\n| S |\n");
        assert_eq!(parse(&written).unwrap(), "+---+\n| S |");
    }

    #[test]
    fn a_file_without_a_header_is_refused() {
        assert_eq!(parse("just text"), None);
    }
}
