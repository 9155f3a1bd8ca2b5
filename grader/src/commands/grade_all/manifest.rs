//! The manifest that says what a grade-all output holds, and of which shard (see
//! [`crate::shard`] for how a class is split among machines).
//!
//! Every grade-all output, sharded or not, gets `manifest.json`: which shard it
//! holds, what it was graded with (the kit's revision, a digest of the files that
//! decide a grade; the rubric's digest; the sandbox level), which class it came
//! from (how many entries, a digest of their names), each of its entries with
//! its status, and which files of a student's folder may be handed out. `grader merge` reads nothing else to decide whether outputs belong
//! together, so a merged gradebook never mixes gradings.

use std::path::Path;

use anyhow::Context as _;
use serde::{Deserialize, Serialize};
use sha2::{Digest as _, Sha256};

use super::{Outcome, Row, hex};
use crate::kit::Kit;
use crate::shard::{PARTITION, Shard};

/// The manifest's file name in a grade-all output.
pub const MANIFEST: &str = "manifest.json";

/// The manifest's format; a grader refuses to merge another.
const FORMAT: u32 = 1;

/// One entry of a grade-all output as its manifest lists it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    /// The class folder's entry name.
    pub name: String,
    /// `graded`, `no submission`, `refused` or `grader error`.
    pub status: String,
    /// Why it was not graded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// The class a grading saw: every entry, whichever shard it is in.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Class {
    /// How many entries the class folder had.
    pub entries: usize,
    /// SHA-256 of the sorted entry names, each followed by a zero byte.
    pub digest: String,
}

impl Class {
    /// The class whose entries are named `names`.
    pub fn of<'a>(names: impl IntoIterator<Item = &'a str>) -> Class {
        let mut names: Vec<&str> = names.into_iter().collect();
        names.sort_unstable();
        let mut hasher = Sha256::new();
        for name in &names {
            hasher.update(name.as_bytes());
            hasher.update([0]);
        }
        Class {
            entries: names.len(),
            digest: hex(&hasher.finalize()),
        }
    }
}

/// The files of a graded student's folder (`OUT/<name>/`), by who may read them.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct StudentFolder {
    /// The reports that may be handed to the student: nothing of what a hidden
    /// check asked or expected.
    pub handed_out: Vec<String>,
    /// The course's staff's alone: the reports with everything the grader found,
    /// and the grading's bookkeeping.
    pub instructor_only: Vec<String>,
}

impl StudentFolder {
    /// The files grade-all writes in each graded student's folder.
    pub fn written() -> StudentFolder {
        let (handed_out, instructor_only) = super::student_files()
            .into_iter()
            .partition(|file| super::REPORTS.iter().any(|(report, _)| report == file));
        StudentFolder {
            handed_out,
            instructor_only,
        }
    }
}

/// `manifest.json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    /// The manifest's format.
    pub manifest: u32,
    /// The grader's version.
    pub grader_version: String,
    /// SHA-256 of the kit's files that decide a grade (see [`kit_revision`]).
    pub kit_revision: String,
    /// SHA-256 of `fixtures/rubric.toml`.
    pub rubric_digest: String,
    /// The sandbox level the output was graded at.
    pub sandbox: String,
    /// `K/N`.
    pub shard: String,
    /// How entries are put in shards.
    pub partition: String,
    /// The whole class, as this grading saw it.
    pub class: Class,
    /// The shards a merged output came from.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub merged_from: Vec<String>,
    /// Which of the files in each graded student's folder may be handed out.
    #[serde(default)]
    pub student_folder: StudentFolder,
    /// This output's entries, by name.
    pub entries: Vec<Entry>,
}

impl Manifest {
    /// The manifest of an output holding `rows` of `shard`.
    pub fn new(
        revision: &Revision,
        sandbox: crate::sandbox::Level,
        shard: Shard,
        class: Class,
        rows: &[Row],
    ) -> Manifest {
        Manifest {
            manifest: FORMAT,
            grader_version: env!("CARGO_PKG_VERSION").to_owned(),
            kit_revision: revision.kit.clone(),
            rubric_digest: revision.rubric.clone(),
            sandbox: sandbox.name().to_owned(),
            shard: shard.to_string(),
            partition: PARTITION.to_owned(),
            class,
            merged_from: Vec::new(),
            student_folder: StudentFolder::written(),
            entries: rows.iter().map(entry).collect(),
        }
    }

    /// Reads `DIR/manifest.json`, or says why `dir` is no grade-all output.
    pub fn read(dir: &Path) -> anyhow::Result<Manifest> {
        let path = dir.join(MANIFEST);
        let text = std::fs::read_to_string(&path).map_err(|_| {
            anyhow::anyhow!(
                "{} is not a grade-all output: it has no {MANIFEST} (write one with `grader grade-all CLASS --shard K/N --output-dir {}`)",
                dir.display(),
                dir.display()
            )
        })?;
        let manifest: Manifest = serde_json::from_str(&text).map_err(|error| {
            anyhow::anyhow!(
                "{} is not a manifest grade-all writes ({error}); grade that shard again",
                path.display()
            )
        })?;
        if manifest.manifest != FORMAT || manifest.partition != PARTITION {
            anyhow::bail!(
                "{} has manifest format {} and partition {:?}; this grader merges format {FORMAT}, partition {PARTITION:?}: grade every shard with this grader",
                path.display(),
                manifest.manifest,
                manifest.partition
            );
        }
        Ok(manifest)
    }

    /// The shard it holds.
    pub fn shard(&self, dir: &Path) -> anyhow::Result<Shard> {
        self.shard
            .parse()
            .map_err(|error| anyhow::anyhow!("{}: its shard {error}", dir.join(MANIFEST).display()))
    }

    /// The text written to `manifest.json`.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default() + "\n"
    }
}

/// A row's entry.
fn entry(row: &Row) -> Entry {
    let (status, reason) = match &row.outcome {
        Outcome::Graded(_) => ("graded", None),
        Outcome::NotASubmission(reason) => ("no submission", Some(reason)),
        Outcome::Refused(reason) => ("refused", Some(reason)),
        Outcome::Failed(reason) => ("grader error", Some(reason)),
    };
    Entry {
        name: row.name.clone(),
        status: status.to_owned(),
        reason: reason.cloned(),
    }
}

/// What a grading was done with.
#[derive(Debug, Clone, PartialEq)]
pub struct Revision {
    /// See [`kit_revision`].
    pub kit: String,
    /// SHA-256 of the rubric.
    pub rubric: String,
}

impl Revision {
    /// The revision of the kit at `kit`.
    pub fn of(kit: &Kit) -> anyhow::Result<Revision> {
        let rubric = std::fs::read(kit.rubric())
            .with_context(|| format!("reading {}", kit.rubric().display()))?;
        Ok(Revision {
            kit: kit_revision(kit)?,
            rubric: hex(&Sha256::digest(&rubric)),
        })
    }
}

/// The kit's files that decide a grade, relative to its root: the grader's code and
/// probe, the fixtures (rubric, secret, blessed outputs), the starter's stubs and the
/// lock files. A build directory (`target/`) anywhere below them is left out.
const GRADING_FILES: [&str; 8] = [
    "Cargo.lock",
    "grader/Cargo.toml",
    "grader/src",
    "grader/probe",
    "fixtures",
    "starter/Cargo.toml",
    "starter/Cargo.lock",
    "starter/src",
];

/// SHA-256 over the grader's version and [`GRADING_FILES`] (each file's path, length
/// and bytes, in path order). A git commit would say less: the kit's image and a
/// Gradescope package carry no `.git`, and a checkout with local edits has the
/// commit of the edits' parent.
pub fn kit_revision(kit: &Kit) -> anyhow::Result<String> {
    let mut hasher = Sha256::new();
    hasher.update(env!("CARGO_PKG_VERSION"));
    hasher.update([0]);
    let mut files = Vec::new();
    for part in GRADING_FILES {
        let walk = walkdir::WalkDir::new(kit.root.join(part))
            .sort_by_file_name()
            .into_iter()
            .filter_entry(|e| !(e.file_type().is_dir() && e.file_name() == "target"));
        for entry in walk {
            let Ok(entry) = entry else { continue };
            if entry.file_type().is_file() {
                files.push(entry.into_path());
            }
        }
    }
    files.sort();
    for path in files {
        let relative = path.strip_prefix(&kit.root).unwrap_or(&path);
        let contents =
            std::fs::read(&path).with_context(|| format!("reading {}", path.display()))?;
        hasher.update(relative.to_string_lossy().as_bytes());
        hasher.update([0]);
        hasher.update((contents.len() as u64).to_le_bytes());
        hasher.update(&contents);
    }
    Ok(hex(&hasher.finalize()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_class_digest_ignores_the_order_of_names() {
        assert_eq!(Class::of(["b", "a"]), Class::of(["a", "b"]));
        assert_ne!(Class::of(["a", "b"]), Class::of(["a", "bc"]));
        assert_ne!(Class::of(["ab"]), Class::of(["a", "b"]));
    }
}
