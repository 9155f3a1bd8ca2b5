//! `grader similarity`: which submissions of a class share student-written code
//! beyond the starter.
//!
//! The method is the established one (MOSS, Dolos), told the one thing they cannot
//! know: what every student was given.
//!
//! 1. Each submission is found as `grade-all` finds it (the same class-folder entries,
//!    [`crate::submission::locate`]) and its `src/**/*.rs` is lexed and normalized
//!    ([`tokens`]: identifiers and literals become placeholders, keywords and
//!    punctuation stay).
//! 2. Each file is fingerprinted by winnowing ([`winnow`], k-grams of `--k` tokens,
//!    windows of `--window`).
//! 3. The provided code is left out: every k-gram of what the course handed out (all
//!    of them, not only its winnowed ones, so a student's window that happens to pick
//!    a different starter k-gram is still recognised). That is the kit's
//!    `starter/src` and the template's `starter/src` as `grader dist` writes it for the
//!    kit's rubric, reproduced here in each form dist can give a part the rubric turns
//!    off (its stubs marked not assigned, or the reference's code): see [`Provided`].
//!    A submission that is just a template's starter has no fingerprint left and
//!    shares nothing.
//! 4. Common idioms are left out: a fingerprint found in more than `--common-share`
//!    of the submissions *and* in at least `--common-min` of them (both, so that in a
//!    small class three students sharing code are not taken for an idiom).
//! 5. Known sources (`--known`: the reference solution, earlier terms' submissions)
//!    are fingerprinted the same way (starter and idioms left out) and compared with
//!    each submission on their own: a submission that holds a known source's code is
//!    listed with the source named ([`KnownMatch`]), and one that is the reference is
//!    flagged first ([`KnownMatch::is_reference`]). A fingerprint any known source
//!    holds then counts for no pair within the class: two students who both copied
//!    the reference copied it, not each other, and are listed under it instead.
//! 6. An inverted index maps each remaining fingerprint to the submissions that have
//!    it; only submissions listed together under some fingerprint become a pair, so
//!    no pair is ever compared in full.
//!
//! **Similarity** of a pair is `shared / min(size_a, size_b)`, where `shared` is the
//! number of distinct fingerprints both have and `size` a submission's distinct
//! fingerprints left after steps 3 and 4 (its student-written size). Dividing by the
//! smaller side (containment, not Jaccard) keeps a copy that was padded with dead
//! code or extra work at the score of what was copied; `shared` is reported beside
//! it, so a high score on a tiny submission can be seen for what it is.
//!
//! **Complexity.** With `T` tokens in the class, `F` fingerprints kept and `m_h` the
//! submissions holding fingerprint `h`: lexing and winnowing are O(T) (the rolling
//! hash makes each k-gram O(1), each window minimum is O(w)); the index is O(F log F)
//! to sort; counting pairs is O(Σ_h m_h²), which the common-idiom filter bounds by
//! `m_h ≤ max(share·N, common_min)`; only the P pairs that share something are
//! stored and sorted, O(P log P). Independent work shares almost nothing, so in
//! practice this grows with the class's size, not with its N²/2 pairs (figures for
//! 200 and 2,000 submissions: README, `grader/bench/similarity.sh`).

mod report;
#[cfg(test)]
mod tests;
mod tokens;
mod winnow;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};

use anyhow::{Context as _, bail};

use crate::Status;
use crate::cli::SimilarityArgs;
use crate::kit::Kit;

/// What the comparison is told to do.
#[derive(Debug, Clone, Copy)]
pub struct Settings {
    /// Tokens in a k-gram.
    pub k: usize,
    /// K-grams in a winnowing window.
    pub window: usize,
    /// Above this share of submissions (and `common_min`), a fingerprint is an idiom.
    pub common_share: f64,
    /// The fewest submissions an idiom is in.
    pub common_min: usize,
}

/// One submission as the comparison sees it.
#[derive(Debug, Clone)]
pub struct Submission {
    /// Its entry in the class folder.
    pub name: String,
    /// Its crate.
    pub crate_dir: PathBuf,
    /// Its `src/**/*.rs`, relative to the crate, sorted.
    pub files: Vec<PathBuf>,
    /// Its student-written fingerprints, in file and position order: (hash, file, at).
    pub prints: Vec<(u64, u32, u32)>,
    /// The distinct hashes among `prints` left after the common-idiom filter, sorted.
    pub distinct: Vec<u64>,
    /// Files the lexer refused, with why (left out of the comparison).
    pub unlexed: Vec<String>,
}

/// A pair that shares fingerprints.
#[derive(Debug, Clone, PartialEq)]
pub struct Pair {
    /// Index of the first submission (by name order).
    pub a: usize,
    /// Index of the second.
    pub b: usize,
    /// Distinct fingerprints both have.
    pub shared: usize,
    /// `shared / min(size_a, size_b)`.
    pub similarity: f64,
}

/// A submission that holds code of a known source.
#[derive(Debug, Clone, PartialEq)]
pub struct KnownMatch {
    /// Index of the submission.
    pub submission: usize,
    /// Index of the known source.
    pub source: usize,
    /// Distinct fingerprints both have.
    pub shared: usize,
    /// `shared / size of the submission`: how much of what the student wrote is the
    /// source's.
    pub similarity: f64,
    /// `shared / size of the source`: how much of the source the submission holds.
    pub covers: f64,
    /// Whether the source is the kit's reference solution.
    pub reference: bool,
}

/// The share of a submission's written code that must be the reference's, and the
/// share of the reference it must hold, for it to be flagged as the reference: a
/// copy of the whole reference scores about 1 on both, while a student who wrote one
/// obvious function the way the reference did holds little of the reference, and
/// one who borrowed a part of it and wrote the rest is under the first share.
const REFERENCE_SHARE: f64 = 0.9;
const REFERENCE_COVERS: f64 = 0.5;

impl KnownMatch {
    /// Whether the submission is the reference: at least 90% of its written code is
    /// the reference's and it holds at least half of the reference.
    pub fn is_reference(&self) -> bool {
        self.reference && self.similarity >= REFERENCE_SHARE && self.covers >= REFERENCE_COVERS
    }
}

/// A folder of known sources, as given on the command line.
#[derive(Debug, Clone)]
pub struct KnownDir {
    /// The folder: one crate (the reference, one earlier submission) or a class folder
    /// of them.
    pub dir: PathBuf,
    /// Whether it is the kit's reference solution.
    pub reference: bool,
}

/// The whole comparison, what the report is written from.
#[derive(Debug)]
pub struct Outcome {
    /// Submissions, by name.
    pub submissions: Vec<Submission>,
    /// Known sources, in the order given (within a folder, by name).
    pub known: Vec<Submission>,
    /// Submissions that hold known sources' code: those that are the reference first,
    /// then most similar first.
    pub matches: Vec<KnownMatch>,
    /// Entries that are no submission, with why.
    pub skipped: Vec<(String, String)>,
    /// Pairs sharing fingerprints, most similar first.
    pub pairs: Vec<Pair>,
    /// Fingerprints left out as common idioms.
    pub common: usize,
    /// The settings used.
    pub settings: Settings,
    /// The code every student was given.
    pub provided: Provided,
}

/// The code every student was given, in each form the course may have handed it out:
/// `src/`-relative path to text.
#[derive(Debug, Default)]
pub struct Provided {
    /// Each form's sources.
    pub forms: Vec<BTreeMap<PathBuf, String>>,
}

impl Provided {
    /// The `.rs` files below `dir`, one form.
    pub fn from_dir(dir: &Path) -> anyhow::Result<Provided> {
        if !dir.is_dir() {
            bail!("the kit's starter sources {} are missing", dir.display());
        }
        let mut form = BTreeMap::new();
        for file in rust_files(dir)? {
            let text = read_source(&dir.join(&file))?;
            form.insert(file, text);
        }
        Ok(Provided { forms: vec![form] })
    }

    /// What the course hands out: the kit's starter, and the template's starter as
    /// `grader dist` writes it for the kit's rubric with each `--unassigned` choice.
    pub fn handed_out(kit: &Kit) -> anyhow::Result<Provided> {
        let mut provided = Provided::from_dir(&kit.starter().join("src"))?;
        for form in crate::dist::handed_out_sources(kit)? {
            provided.forms.push(
                form.into_iter()
                    .filter(|(path, _)| path.extension().is_some_and(|e| e == "rs"))
                    .map(|(path, bytes)| (path, String::from_utf8_lossy(&bytes).into_owned()))
                    .collect(),
            );
        }
        Ok(provided)
    }

    /// Whether `text` is, byte for byte, the file `inside` (below `src/`) of a form.
    pub fn is_provided(&self, inside: &Path, text: &str) -> bool {
        self.forms
            .iter()
            .any(|form| form.get(inside).is_some_and(|given| given == text))
    }
}

/// Runs `grader similarity`.
pub fn run(args: &SimilarityArgs) -> anyhow::Result<Status> {
    if args.k == 0 || args.window == 0 {
        bail!("--k and --window must be at least 1");
    }
    if !(0.0..=1.0).contains(&args.common_share) {
        bail!("--common-share {} is outside 0..=1", args.common_share);
    }
    if !args.dir.is_dir() {
        bail!("the class folder {} is not a directory", args.dir.display());
    }
    let kit = Kit::locate(args.kit.as_deref())?;
    let settings = Settings {
        k: args.k,
        window: args.window,
        common_share: args.common_share,
        common_min: args.common_min,
    };
    std::fs::create_dir_all(&args.output_dir)
        .with_context(|| format!("creating {}", args.output_dir.display()))?;
    let provided = Provided::handed_out(&kit)?;
    let known = known_dirs(&kit, &args.known)?;
    let outcome = compare_with_known(&args.dir, &args.output_dir, provided, &known, settings)?;
    report::write(&outcome, &args.output_dir, args.top)?;
    println!(
        "{}; see {}",
        report::headline(&outcome),
        args.output_dir.join("index.html").display()
    );
    Ok(Status::Success)
}

/// The `--known` folders, each checked, the kit's `solution/` marked as the reference.
fn known_dirs(kit: &Kit, given: &[PathBuf]) -> anyhow::Result<Vec<KnownDir>> {
    let reference = reference_dir(kit);
    given
        .iter()
        .map(|dir| {
            if !dir.is_dir() {
                bail!(
                    "--known {}: not a folder; give the reference's crate, an earlier submission or a folder of them",
                    dir.display()
                );
            }
            let reference = reference
                .as_ref()
                .is_some_and(|r| dir.canonicalize().ok().as_ref() == Some(r));
            Ok(KnownDir {
                dir: dir.clone(),
                reference,
            })
        })
        .collect()
}

/// The kit's reference solution, where the kit has one (similarity is an
/// instructors' command, but a kit copied without `solution/` has none).
fn reference_dir(kit: &Kit) -> Option<PathBuf> {
    kit.solution().canonicalize().ok()
}

/// Compares the class in `class` (leaving `output` out), with `provided` as the
/// provided code and no known source.
#[cfg(test)]
pub fn compare(
    class: &Path,
    output: &Path,
    provided: Provided,
    settings: Settings,
) -> anyhow::Result<Outcome> {
    compare_with_known(class, output, provided, &[], settings)
}

/// Compares the class in `class` (leaving `output` out) within itself and with the
/// sources in `known`, with `provided` as the provided code.
pub fn compare_with_known(
    class: &Path,
    output: &Path,
    provided: Provided,
    known: &[KnownDir],
    settings: Settings,
) -> anyhow::Result<Outcome> {
    let (entries, _passed_over) = super::grade_all::class_entries(class, output)?;
    // A Gradescope export says whose each submission_NNN is: the report names them.
    let labels = match super::grade_all::roster::Roster::in_class(class)? {
        Some(roster) => roster.labels(&entries.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>()),
        None => Default::default(),
    };
    let mut found = Vec::new();
    let mut skipped = Vec::new();
    for (name, path) in entries {
        let name = labels.get(&name).cloned().unwrap_or(name);
        match crate::submission::locate(&path) {
            Ok(crate_dir) => found.push((name, crate_dir)),
            Err(why) => skipped.push((name, why.to_string())),
        }
    }
    if found.is_empty() {
        bail!(
            "the class folder {} holds no submission (a subfolder with a crate in the starter's layout)",
            class.display()
        );
    }
    let (sources, reference) = known_sources(known, output)?;
    let kgrams = provided_kgrams(&provided, settings.k)?;
    let mut submissions = fingerprint_all(found, &kgrams, settings)?;
    let mut known = fingerprint_all(sources, &kgrams, settings)?;
    let common = drop_common(&mut submissions, &mut known, settings);
    let matches = known_matches(&submissions, &known, &reference);
    let held: HashSet<u64> = known
        .iter()
        .flat_map(|k| k.distinct.iter().copied())
        .collect();
    let pairs = pairs(&submissions, &held);
    Ok(Outcome {
        submissions,
        known,
        matches,
        skipped,
        pairs,
        common,
        settings,
        provided,
    })
}

/// Crates by name, as they are fingerprinted.
type Named = Vec<(String, PathBuf)>;

/// The known sources in `known`, named: a folder that holds a crate is one source
/// named after the folder; any other is a class folder whose every submission is a
/// source named `folder/entry`. Returns the sources and which of them are the
/// reference.
fn known_sources(known: &[KnownDir], output: &Path) -> anyhow::Result<(Named, HashSet<usize>)> {
    let mut sources = Vec::new();
    let mut reference = HashSet::new();
    for given in known {
        let folder = given
            .dir
            .canonicalize()
            .unwrap_or_else(|_| given.dir.clone())
            .file_name()
            .map_or_else(
                || given.dir.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            );
        if let Ok(crate_dir) = crate::submission::locate(&given.dir) {
            if given.reference {
                reference.insert(sources.len());
            }
            sources.push((folder, crate_dir));
            continue;
        }
        let (entries, _) = super::grade_all::class_entries(&given.dir, output)?;
        let before = sources.len();
        for (name, path) in entries {
            if let Ok(crate_dir) = crate::submission::locate(&path) {
                sources.push((format!("{folder}/{name}"), crate_dir));
            }
        }
        if sources.len() == before {
            bail!(
                "--known {}: no crate in it nor in its subfolders; give the reference's crate, an earlier submission or a folder of them",
                given.dir.display()
            );
        }
    }
    Ok((sources, reference))
}

/// Every `.rs` file below `dir`, relative to it, sorted; symbolic links are passed
/// over (a submission is only its own files).
pub fn rust_files(dir: &Path) -> anyhow::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for entry in walkdir::WalkDir::new(dir).sort_by_file_name() {
        let entry = entry.with_context(|| format!("reading {}", dir.display()))?;
        if entry.file_type().is_file() && entry.path().extension().is_some_and(|e| e == "rs") {
            files.push(
                entry
                    .path()
                    .strip_prefix(dir)
                    .unwrap_or(entry.path())
                    .to_path_buf(),
            );
        }
    }
    Ok(files)
}

/// A source file's text: an unreadable or non-UTF-8 file is an error naming it.
pub fn read_source(path: &Path) -> anyhow::Result<String> {
    let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    String::from_utf8(bytes).map_err(|error| {
        anyhow::anyhow!(
            "{} is not UTF-8 text (invalid byte at offset {}); Rust sources must be UTF-8",
            path.display(),
            error.utf8_error().valid_up_to()
        )
    })
}

/// Every k-gram hash of the provided code, in every form.
fn provided_kgrams(provided: &Provided, k: usize) -> anyhow::Result<HashSet<u64>> {
    let mut kgrams = HashSet::new();
    for form in &provided.forms {
        for (file, text) in form {
            let tokens = tokens::lex(text).map_err(|why| {
                anyhow::anyhow!("the provided src/{} does not lex: {why}", file.display())
            })?;
            kgrams.extend(winnow::kgram_hashes(&tokens, k));
        }
    }
    Ok(kgrams)
}

/// Fingerprints every submission, on as many threads as there are cores.
fn fingerprint_all(
    found: Vec<(String, PathBuf)>,
    provided: &HashSet<u64>,
    settings: Settings,
) -> anyhow::Result<Vec<Submission>> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = found.len().div_ceil(threads).max(1);
    let results: Vec<anyhow::Result<Vec<Submission>>> = std::thread::scope(|scope| {
        let handles: Vec<_> = found
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    part.iter()
                        .map(|(name, dir)| fingerprint(name, dir, provided, settings))
                        .collect()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err(anyhow::anyhow!("a worker panicked")))
            })
            .collect()
    });
    let mut all = Vec::with_capacity(found.len());
    for part in results {
        all.extend(part?);
    }
    Ok(all)
}

/// One submission's student-written fingerprints.
fn fingerprint(
    name: &str,
    crate_dir: &Path,
    provided: &HashSet<u64>,
    settings: Settings,
) -> anyhow::Result<Submission> {
    let src = crate_dir.join("src");
    let files: Vec<PathBuf> = rust_files(&src)?
        .into_iter()
        .map(|f| Path::new("src").join(f))
        .collect();
    let mut prints = Vec::new();
    let mut unlexed = Vec::new();
    for (index, file) in files.iter().enumerate() {
        let text = read_source(&crate_dir.join(file))?;
        let tokens = match tokens::lex(&text) {
            Ok(tokens) => tokens,
            Err(why) => {
                unlexed.push(format!("{}: {why}", file.display()));
                continue;
            }
        };
        let index = u32::try_from(index).unwrap_or(u32::MAX);
        prints.extend(
            winnow::winnow(&tokens, settings.k, settings.window)
                .into_iter()
                .filter(|f| !provided.contains(&f.hash))
                .map(|f| (f.hash, index, f.at)),
        );
    }
    let mut distinct: Vec<u64> = prints.iter().map(|p| p.0).collect();
    distinct.sort_unstable();
    distinct.dedup();
    Ok(Submission {
        name: name.to_owned(),
        crate_dir: crate_dir.to_path_buf(),
        files,
        prints,
        distinct,
        unlexed,
    })
}

/// Removes the common idioms (counted in the class alone) from every submission's and
/// known source's distinct fingerprints; returns how many fingerprints were left out.
fn drop_common(
    submissions: &mut [Submission],
    known: &mut [Submission],
    settings: Settings,
) -> usize {
    let mut counts: HashMap<u64, usize> = HashMap::new();
    for submission in submissions.iter() {
        for &hash in &submission.distinct {
            *counts.entry(hash).or_default() += 1;
        }
    }
    let total = submissions.len() as f64;
    let common: HashSet<u64> = counts
        .into_iter()
        .filter(|&(_, n)| n >= settings.common_min && n as f64 > settings.common_share * total)
        .map(|(hash, _)| hash)
        .collect();
    for submission in submissions.iter_mut().chain(known.iter_mut()) {
        submission.distinct.retain(|h| !common.contains(h));
    }
    common.len()
}

/// Each submission's matches with the known sources (the `reference` ones marked),
/// through an inverted index of the sources' fingerprints: those that are the
/// reference first, then most similar, most shared, by submission and source.
fn known_matches(
    submissions: &[Submission],
    known: &[Submission],
    reference: &HashSet<usize>,
) -> Vec<KnownMatch> {
    let mut index: HashMap<u64, Vec<u32>> = HashMap::new();
    for (i, source) in known.iter().enumerate() {
        let i = u32::try_from(i).unwrap_or(u32::MAX);
        for &hash in &source.distinct {
            index.entry(hash).or_default().push(i);
        }
    }
    let mut matches = Vec::new();
    for (s, submission) in submissions.iter().enumerate() {
        let mut shared: BTreeMap<u32, usize> = BTreeMap::new();
        for hash in &submission.distinct {
            for &source in index.get(hash).map_or(&[][..], Vec::as_slice) {
                *shared.entry(source).or_default() += 1;
            }
        }
        for (source, n) in shared {
            let source = source as usize;
            matches.push(KnownMatch {
                submission: s,
                source,
                shared: n,
                similarity: n as f64 / submission.distinct.len().max(1) as f64,
                covers: n as f64 / known[source].distinct.len().max(1) as f64,
                reference: reference.contains(&source),
            });
        }
    }
    matches.sort_by(|x, y| {
        y.is_reference()
            .cmp(&x.is_reference())
            .then(y.similarity.total_cmp(&x.similarity))
            .then(y.shared.cmp(&x.shared))
            .then((x.submission, x.source).cmp(&(y.submission, y.source)))
    });
    matches
}

/// The pairs that share fingerprints no known source holds (those in `held` are
/// counted as the source's, not the pair's), through an inverted index, most similar
/// first (then most shared, then by names: a stable order). A pair's similarity is
/// still over the smaller side's whole written size, so what two students share
/// beyond a source they both copied weighs what it weighs in their work.
fn pairs(submissions: &[Submission], held: &HashSet<u64>) -> Vec<Pair> {
    let mut index: HashMap<u64, Vec<u32>> = HashMap::new();
    for (i, submission) in submissions.iter().enumerate() {
        let i = u32::try_from(i).unwrap_or(u32::MAX);
        for &hash in submission.distinct.iter().filter(|h| !held.contains(h)) {
            index.entry(hash).or_default().push(i);
        }
    }
    let mut shared: HashMap<(u32, u32), u32> = HashMap::new();
    for holders in index.values().filter(|h| h.len() > 1) {
        for (x, &a) in holders.iter().enumerate() {
            for &b in &holders[x + 1..] {
                *shared.entry((a, b)).or_default() += 1;
            }
        }
    }
    let mut pairs: Vec<Pair> = shared
        .into_iter()
        .map(|((a, b), n)| {
            let (a, b) = (a as usize, b as usize);
            let smaller = submissions[a]
                .distinct
                .len()
                .min(submissions[b].distinct.len())
                .max(1);
            Pair {
                a,
                b,
                shared: n as usize,
                similarity: f64::from(n) / smaller as f64,
            }
        })
        .collect();
    pairs.sort_by(|x, y| {
        y.similarity
            .total_cmp(&x.similarity)
            .then(y.shared.cmp(&x.shared))
            .then((x.a, x.b).cmp(&(y.a, y.b)))
    });
    pairs
}
