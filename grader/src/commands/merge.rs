//! `grader merge`: the outputs of `grade-all --shard K/N`, one per shard, put
//! together into the gradebook a whole-class run writes.
//!
//! Only the manifests decide whether outputs belong together, and any doubt is a
//! refusal naming the outputs, never a gradebook that mixes gradings: every
//! output must have been graded with the same kit revision, rubric (also this
//! kit's, whose rubric writes the columns) and sandbox level, from the same class
//! folder, and the outputs must be the N shards of one partition, each once. The
//! merged `grades.csv`, `summary.md`, `histogram.svg` and `index.html` are written
//! by the code grade-all writes them with, from the same rows (and, for the page's
//! mistakes, the same students' `results.json`), so they are byte for byte what
//! grading the class whole writes; each student's folder is copied as graded, its
//! fingerprint with it, so the merged output is one that `grade-all --reuse` takes
//! results from.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

use anyhow::{Context as _, bail};

use super::grade::write_atomically;
use super::grade_all::manifest::{Entry, MANIFEST, Manifest, Revision};
use super::grade_all::{Grade, Outcome, Row, copy_result, write_class_files, write_exports};
use crate::Status;
use crate::cli::MergeArgs;
use crate::kit::Kit;
use crate::sandbox::Level;
use crate::shard::Shard;

/// Merges the shards' outputs.
pub fn run(args: &MergeArgs) -> anyhow::Result<Status> {
    let out = std::path::absolute(&args.output_dir)
        .with_context(|| format!("finding {}", args.output_dir.display()))?;
    let mut shards = Vec::new();
    for dir in &args.shards {
        if std::path::absolute(dir).ok().as_deref() == Some(out.as_path())
            || (dir.exists() && dir.canonicalize().ok() == out.canonicalize().ok())
        {
            bail!(
                "--output-dir {} is also one of the shards: merge into a folder of its own",
                args.output_dir.display()
            );
        }
        let manifest = Manifest::read(dir)?;
        let shard = manifest.shard(dir)?;
        shards.push((dir.as_path(), shard, manifest));
    }
    // In shard order, whatever the order given (a stable sort keeps the order of
    // two outputs of the same shard for the message that refuses them).
    shards.sort_by_key(|(_, shard, _)| shard.index);
    let kit = Kit::locate(args.kit.as_deref())?;
    let revision = Revision::of(&kit)?;
    let level = agree(&shards, &revision)?;
    let roster = super::grade_all::roster::Roster::for_class(args.roster.roster.as_deref(), None)?;
    let rows = rows(&shards)?;

    let rubric = crate::rubric::load(&kit.rubric())?;
    std::fs::create_dir_all(&out).with_context(|| format!("creating {}", out.display()))?;
    for (dir, _, manifest) in &shards {
        for entry in manifest.entries.iter().filter(|e| e.status == "graded") {
            copy_result(&dir.join(&entry.name), &out.join(&entry.name))?;
        }
    }
    write_class_files(&out, &rubric, &rows, level, roster.as_ref())?;
    let first = &shards[0].2;
    let mut manifest = Manifest::new(
        &Revision {
            kit: first.kit_revision.clone(),
            rubric: first.rubric_digest.clone(),
        },
        level,
        Shard::WHOLE,
        first.class.clone(),
        &rows,
    );
    manifest.merged_from = shards.iter().map(|(_, s, _)| s.to_string()).collect();
    write_atomically(&out.join(MANIFEST), manifest.to_json().as_bytes())?;
    if let Some(roster) = &roster {
        println!(
            "{}",
            write_exports(&out, roster, &rows, &args.roster.assignment)?
        );
    }
    let graded = rows
        .iter()
        .filter(|r| matches!(r.outcome, Outcome::Graded(_)))
        .count();
    println!(
        "merged {} shards ({}): {graded} of {} entries graded: {}",
        shards.len(),
        manifest.merged_from.join(", "),
        rows.len(),
        // As the instructor wrote it, like grade-all's own line (`out` is absolute).
        args.output_dir.join("grades.csv").display()
    );
    Ok(Status::Success)
}

/// Checks that the outputs are the N shards of one grading, each once, and returns
/// the sandbox level they were graded at.
fn agree(shards: &[(&Path, Shard, Manifest)], kit: &Revision) -> anyhow::Result<Level> {
    let (first_dir, first_shard, first) = &shards[0];
    let name = |dir: &Path, shard: &Shard| format!("{} (shard {shard})", dir.display());
    for (dir, shard, manifest) in &shards[1..] {
        let differ = |what: &str, theirs: &str, ours: &str| {
            anyhow::anyhow!(
                "{} was graded with another {what} than {} ({} against {}): grade every shard with the same kit checkout, rubric and class folder",
                name(dir, shard),
                name(first_dir, first_shard),
                short(theirs),
                short(ours)
            )
        };
        if manifest.rubric_digest != first.rubric_digest {
            return Err(differ(
                "rubric",
                &manifest.rubric_digest,
                &first.rubric_digest,
            ));
        }
        if manifest.kit_revision != first.kit_revision {
            return Err(differ(
                "kit revision",
                &manifest.kit_revision,
                &first.kit_revision,
            ));
        }
        if manifest.sandbox != first.sandbox {
            return Err(differ("sandbox level", &manifest.sandbox, &first.sandbox));
        }
        if manifest.class != first.class {
            bail!(
                "{} was graded from another class folder than {} ({} entries against {}): grade every shard from the same class folder",
                name(dir, shard),
                name(first_dir, first_shard),
                manifest.class.entries,
                first.class.entries
            );
        }
        if shard.count != first_shard.count {
            bail!(
                "{} and {} split the class in different numbers of shards: give the outputs of one --shard K/N run for each K",
                name(dir, shard),
                name(first_dir, first_shard)
            );
        }
    }
    if first.rubric_digest != kit.rubric {
        bail!(
            "the shards were graded with another rubric ({}) than this kit's ({}): merge with the kit they were graded with (--kit DIR)",
            short(&first.rubric_digest),
            short(&kit.rubric)
        );
    }
    let mut seen: BTreeMap<u64, &Path> = BTreeMap::new();
    for (dir, shard, _) in shards {
        if let Some(other) = seen.insert(shard.index, dir) {
            bail!(
                "{} and {} are both shard {shard}: shards overlap; give each shard's output once",
                other.display(),
                dir.display()
            );
        }
    }
    let missing: Vec<String> = (1..=first_shard.count)
        .filter(|k| !seen.contains_key(k))
        .map(|k| format!("{k}/{}", first_shard.count))
        .collect();
    if !missing.is_empty() {
        bail!(
            "shard{} {} {} missing: give the outputs of all {} shards (got {})",
            if missing.len() == 1 { "" } else { "s" },
            missing.join(", "),
            if missing.len() == 1 { "is" } else { "are" },
            first_shard.count,
            seen.keys()
                .map(|k| format!("{k}/{}", first_shard.count))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    [Level::Full, Level::Container, Level::Unconfined]
        .into_iter()
        .find(|level| level.name() == first.sandbox)
        .ok_or_else(|| {
            anyhow::anyhow!(
                "{}: {:?} is no sandbox level (full, container, unconfined)",
                first_dir.join(MANIFEST).display(),
                first.sandbox
            )
        })
}

/// The merged rows, by name: each entry once, in the shard the partition puts it in.
fn rows(shards: &[(&Path, Shard, Manifest)]) -> anyhow::Result<Vec<Row>> {
    let mut rows: BTreeMap<&str, (&Path, Row)> = BTreeMap::new();
    for (dir, shard, manifest) in shards {
        for entry in &manifest.entries {
            check_name(dir, &entry.name)?;
            if let Some((other, _)) = rows.get(entry.name.as_str()) {
                bail!(
                    "{:?} is in both {} and {}: a student graded twice; give each shard's output once",
                    entry.name,
                    other.display(),
                    dir.display()
                );
            }
            let belongs = Shard::of(&entry.name, shard.count);
            if belongs != *shard {
                bail!(
                    "{} (shard {shard}) lists {:?}, which the partition puts in shard {belongs}: that output was not written by grade-all --shard {shard}; grade it again",
                    dir.display(),
                    entry.name
                );
            }
            rows.insert(&entry.name, (dir, row(dir, entry)?));
        }
    }
    let class = &shards[0].2.class;
    if rows.len() != class.entries {
        bail!(
            "the shards hold {} entries, but the class folder they were graded from had {}: an output is incomplete; grade its shard again",
            rows.len(),
            class.entries
        );
    }
    Ok(rows.into_values().map(|(_, row)| row).collect())
}

/// The row of one entry of the output `dir`.
fn row(dir: &Path, entry: &Entry) -> anyhow::Result<Row> {
    let reason = || entry.reason.clone().unwrap_or_default();
    let outcome = match entry.status.as_str() {
        "graded" => {
            let path = dir.join(&entry.name).join("results.json");
            let grade = std::fs::read_to_string(&path)
                .ok()
                .and_then(|text| serde_json::from_str(&text).ok())
                .and_then(|json| Grade::from_json(&json))
                .ok_or_else(|| {
                    anyhow::anyhow!(
                        "{} lists {:?} as graded, but {} is missing or no JSON report: copy the whole output folder of that shard",
                        dir.join(MANIFEST).display(),
                        entry.name,
                        path.display()
                    )
                })?;
            Outcome::Graded(grade)
        }
        "no submission" => Outcome::NotASubmission(reason()),
        "refused" => Outcome::Refused(reason()),
        "grader error" => Outcome::Failed(reason()),
        other => bail!(
            "{} gives {:?} the status {other:?}; the statuses are graded, no submission, refused, grader error",
            dir.join(MANIFEST).display(),
            entry.name
        ),
    };
    Ok(Row {
        name: entry.name.clone(),
        outcome,
        unchanged: false,
        duration: Duration::ZERO,
    })
}

/// Refuses an entry name that is not one folder name (a manifest is a file anyone
/// could edit, and the name becomes a path below the output).
fn check_name(dir: &Path, name: &str) -> anyhow::Result<()> {
    let mut parts = Path::new(name).components();
    match (parts.next(), parts.next()) {
        (Some(std::path::Component::Normal(part)), None) if part == name => Ok(()),
        _ => bail!(
            "{} lists the entry {name:?}, which is no folder name of a class: grade that shard again",
            dir.join(MANIFEST).display()
        ),
    }
}

/// A digest shortened for a message.
fn short(digest: &str) -> &str {
    digest.get(..12).unwrap_or(digest)
}
