//! Shards of a class and the manifest that says what a grade-all output holds.
//!
//! `grade-all --shard K/N` grades the entries of shard K of N. The partition is by
//! entry name alone, so every machine puts every entry in the same shard whatever
//! else it sees: shard = (the first 8 bytes of SHA-256 of the name's UTF-8, read
//! as a big-endian integer) mod N, plus 1. (`printf %s NAME | sha256sum`, its
//! first 16 hex digits mod N, plus 1, gives it in a shell.)
//!
//! Every grade-all output, sharded or not, gets `manifest.json`: which shard it
//! holds, what it was graded with (the kit's revision, a digest of the files that
//! decide a grade; the rubric's digest; the sandbox level), which class it came
//! from (how many entries, a digest of their names), each of its entries with
//! its status, and which files of a student's folder may be handed out. `grader merge` reads nothing else to decide whether outputs belong
//! together, so a merged gradebook never mixes gradings.

use std::fmt;
use std::path::Path;

use anyhow::Context as _;
use serde::{Deserialize, Serialize};
use sha2::{Digest as _, Sha256};

use super::{Outcome, Row, hex};
use crate::kit::Kit;

/// The manifest's file name in a grade-all output.
pub const MANIFEST: &str = "manifest.json";

/// The manifest's format; a grader refuses to merge another.
const FORMAT: u32 = 1;

/// The partition rule, as the manifest records it.
const PARTITION: &str = "sha256(name)[0..8] as big-endian u64, mod N, plus 1";

/// Shard K of N (1 ≤ K ≤ N).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Shard {
    /// K, from 1.
    pub index: u64,
    /// N.
    pub count: u64,
}

impl Shard {
    /// The whole class: shard 1 of 1.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// The shard of `count` that the entry `name` belongs to.
    pub fn of(name: &str, count: u64) -> Shard {
        let digest = Sha256::digest(name.as_bytes());
        let mut first = [0; 8];
        first.copy_from_slice(&digest[..8]);
        Shard {
            index: u64::from_be_bytes(first) % count.max(1) + 1,
            count,
        }
    }

    /// Whether the entry `name` is in this shard.
    pub fn holds(self, name: &str) -> bool {
        Shard::of(name, self.count) == self
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl std::str::FromStr for Shard {
    type Err = String;

    /// `K/N`, as `--shard` takes it.
    fn from_str(text: &str) -> Result<Shard, String> {
        let allowed = "a shard is K/N with 1 ≤ K ≤ N, e.g. 1/3, 2/3 and 3/3 for three machines";
        let (k, n) = text
            .split_once('/')
            .ok_or_else(|| format!("{text:?} is not K/N: {allowed}"))?;
        let number = |part: &str| {
            part.trim()
                .parse::<u64>()
                .map_err(|_| format!("{text:?}: {part:?} is not a whole number: {allowed}"))
        };
        let (index, count) = (number(k)?, number(n)?);
        if count == 0 || index == 0 || index > count {
            return Err(format!(
                "{text:?} is not a shard: {allowed} (K counts from 1: with a 0-based index such as JOB_COMPLETION_INDEX, give $((INDEX + 1))/N)"
            ));
        }
        Ok(Shard { index, count })
    }
}

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
    fn a_shard_is_k_of_n_counted_from_one() {
        assert_eq!("2/3".parse(), Ok(Shard { index: 2, count: 3 }));
        assert_eq!(Shard { index: 2, count: 3 }.to_string(), "2/3");
        for bad in ["0/3", "4/3", "1/0", "3", "a/3", "1/-2", ""] {
            let error = bad.parse::<Shard>().unwrap_err();
            assert!(error.contains("1 ≤ K ≤ N"), "{bad}: {error}");
        }
    }

    #[test]
    fn every_name_lands_in_exactly_one_shard_and_the_same_one_every_time() {
        let names: Vec<String> = (0..300).map(|i| format!("student-{i}")).collect();
        let mut sizes = [0; 3];
        for name in &names {
            let shard = Shard::of(name, 3);
            assert_eq!(shard, Shard::of(name, 3));
            let holding: Vec<u64> = (1..=3)
                .filter(|&k| Shard { index: k, count: 3 }.holds(name))
                .collect();
            assert_eq!(holding, [shard.index]);
            sizes[shard.index as usize - 1] += 1;
        }
        // A hash spreads names evenly enough: each shard holds a fair part.
        assert!(sizes.iter().all(|&n| n > 70), "{sizes:?}");
        assert!(Shard::WHOLE.holds("anything"));
    }

    #[test]
    fn the_partition_is_the_documented_sha256_rule() {
        // `printf %s alice | sha256sum` begins 2bd806c97f0e00af: mod 3 is 2, shard 3.
        assert_eq!(u64::from_str_radix("2bd806c97f0e00af", 16).unwrap() % 3, 2);
        assert_eq!(Shard::of("alice", 3), Shard { index: 3, count: 3 });
    }

    #[test]
    fn the_class_digest_ignores_the_order_of_names() {
        assert_eq!(Class::of(["b", "a"]), Class::of(["a", "b"]));
        assert_ne!(Class::of(["a", "b"]), Class::of(["a", "bc"]));
        assert_ne!(Class::of(["ab"]), Class::of(["a", "b"]));
    }
}
