//! What `grader similarity` writes: `pairs.csv` (every pair that shares code, most
//! similar first), `known.csv` (every submission that holds a known source's code,
//! the ones that are the reference first), `index.html` (the submissions that are
//! the reference, then the matches with known sources, then the ranked pairs within
//! the class and, for the top ones, the shared fragments side by side; static HTML
//! with inline CSS, no script, so it opens offline), `summary.md`, and `dolos/`, the
//! class in Dolos's input format for instructors who already use Dolos.
//!
//! The words are chosen with care: a pair is "similar" and the report shows the
//! evidence; whether anything is wrong is for people to judge. Every name, path and
//! line of source in the HTML is a student's, so every one is escaped.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::fmt::Write as _;
use std::path::Path;

use anyhow::Context as _;

use super::{KnownMatch, Outcome, Pair, Submission, read_source, tokens};
use crate::report::html::block_of_markup;
use crate::report::text::escape;

/// What the report says before any figure.
const CAUTION: &str = "Similarity is evidence, not a verdict: two submissions listed here share \
    student-written code beyond the starter and common idioms. Shared code has many innocent \
    causes (a worked example, a study group, the handout's hints). Read the fragments and \
    judge for yourself; nothing here accuses anyone.";

/// Writes every output file into `out`, with fragments for the `top` most similar pairs.
pub fn write(outcome: &Outcome, out: &Path, top: usize) -> anyhow::Result<()> {
    let save = |name: &str, bytes: &[u8]| {
        let path = out.join(name);
        std::fs::write(&path, bytes).with_context(|| format!("writing {}", path.display()))
    };
    let path = out.join("pairs.csv");
    let file =
        std::fs::File::create(&path).with_context(|| format!("writing {}", path.display()))?;
    write_pairs_csv(outcome, std::io::BufWriter::new(file))
        .with_context(|| format!("writing {}", path.display()))?;
    save("known.csv", &known_csv(outcome)?)?;
    save("summary.md", summary(outcome, top).as_bytes())?;
    save("index.html", html(outcome, top)?.as_bytes())?;
    dolos(outcome, &out.join("dolos"))
}

/// "1 pair" or "N pairs".
pub fn pairs_phrase(count: usize) -> String {
    counted(count, "pair", "pairs")
}

/// "1 `one`" or "N `many`".
fn counted(count: usize, one: &str, many: &str) -> String {
    if count == 1 {
        format!("1 {one}")
    } else {
        format!("{count} {many}")
    }
}

/// The line `grader similarity` prints: the submissions that are the reference first,
/// then how many match a known source, then the pairs within the class. Without
/// known sources, only the pairs.
pub fn headline(outcome: &Outcome) -> String {
    let count = outcome.submissions.len();
    if outcome.known.is_empty() {
        return format!(
            "{count} submissions, {} sharing code beyond the starter",
            pairs_phrase(outcome.pairs.len())
        );
    }
    let mut line = format!("{count} submissions");
    let references = reference_names(outcome);
    if !references.is_empty() {
        let _ = write!(
            line,
            "; handing in the reference: {}",
            references.join(", ")
        );
    }
    let matching: BTreeSet<usize> = outcome.matches.iter().map(|m| m.submission).collect();
    let _ = write!(
        line,
        "; {} matching a known source; {} sharing code beyond the starter and the known sources",
        counted(matching.len(), "submission", "submissions"),
        pairs_phrase(outcome.pairs.len())
    );
    line
}

/// The names of the submissions that are the reference, in the report's order.
fn reference_names(outcome: &Outcome) -> Vec<&str> {
    let mut names: Vec<&str> = Vec::new();
    for m in outcome.matches.iter().filter(|m| m.is_reference()) {
        let name = outcome.submissions[m.submission].name.as_str();
        if !names.contains(&name) {
            names.push(name);
        }
    }
    names
}

/// `known.csv`: one row per submission and known source it holds code of, those
/// that are the reference first, then most similar first.
pub fn known_csv(outcome: &Outcome) -> anyhow::Result<Vec<u8>> {
    let mut csv = csv::Writer::from_writer(Vec::new());
    csv.write_record([
        "submission",
        "source",
        "is_reference",
        "similarity",
        "covers",
        "shared",
        "size",
        "source_size",
    ])?;
    for m in &outcome.matches {
        let (submission, source) = (&outcome.submissions[m.submission], &outcome.known[m.source]);
        csv.write_record([
            submission.name.as_str(),
            source.name.as_str(),
            if m.is_reference() { "yes" } else { "no" },
            &format!("{:.4}", m.similarity),
            &format!("{:.4}", m.covers),
            &m.shared.to_string(),
            &submission.distinct.len().to_string(),
            &source.distinct.len().to_string(),
        ])?;
    }
    Ok(csv.into_inner()?)
}

/// What the report says of the known sources, before the pairs within the class
/// (Markdown, names through `escape`): the submissions that are the reference, then
/// the `top` closest matches. Empty without known sources.
fn known_section(outcome: &Outcome, top: usize, escape: impl Fn(&str) -> String) -> String {
    let mut md = String::new();
    if outcome.known.is_empty() {
        return md;
    }
    let flagged: Vec<&KnownMatch> = outcome
        .matches
        .iter()
        .filter(|m| m.is_reference())
        .collect();
    if !flagged.is_empty() {
        md.push_str("## Handed in the reference\n\n");
        for m in flagged {
            let _ = writeln!(
                md,
                "- **{}**: {:.0}% of its written code is the reference's ({}), and it holds \
                 {:.0}% of the reference ({} shared fingerprints).",
                escape(&outcome.submissions[m.submission].name),
                m.similarity * 100.0,
                escape(&outcome.known[m.source].name),
                m.covers * 100.0,
                m.shared
            );
        }
        md.push('\n');
    }
    let matching: BTreeSet<usize> = outcome.matches.iter().map(|m| m.submission).collect();
    let _ = writeln!(
        md,
        "## Matches with known sources\n\n{} with {}, in {} \
         (similarity = shared fingerprints / the submission's; covers = shared / the source's).\n",
        counted(outcome.matches.len(), "match", "matches"),
        counted(outcome.known.len(), "known source", "known sources"),
        counted(matching.len(), "submission", "submissions")
    );
    if outcome.matches.is_empty() {
        md.push_str("No submission holds a known source's code beyond the starter.\n\n");
    } else {
        md.push_str("| # | submission | known source | similarity | covers | shared |\n");
        md.push_str("| ---: | --- | --- | ---: | ---: | ---: |\n");
        for (rank, m) in outcome.matches.iter().take(top).enumerate() {
            let _ = writeln!(
                md,
                "| {} | {} | {} | {:.2} | {:.2} | {} |",
                rank + 1,
                escape(&outcome.submissions[m.submission].name),
                escape(&outcome.known[m.source].name),
                m.similarity,
                m.covers,
                m.shared
            );
        }
        if outcome.matches.len() > top {
            let _ = writeln!(
                md,
                "\n{} more matches in known.csv.",
                outcome.matches.len() - top
            );
        }
        md.push('\n');
    }
    md.push_str("## Pairs within the class\n\nWhat pairs share beyond the starter and the known sources.\n\n");
    md
}

/// The most pairs the HTML ranking lists (at least `--top`).
const TABLE_ROWS: usize = 500;

/// `pairs.csv` in memory (what the tests read).
#[cfg(test)]
pub fn pairs_csv(outcome: &Outcome) -> anyhow::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    write_pairs_csv(outcome, &mut bytes)?;
    Ok(bytes)
}

/// `pairs.csv`: one row per pair, most similar first, written as it goes (a class
/// of 2,000 can have a million pairs that share something).
pub fn write_pairs_csv(outcome: &Outcome, out: impl std::io::Write) -> anyhow::Result<()> {
    let mut csv = csv::Writer::from_writer(out);
    csv.write_record(["a", "b", "similarity", "shared", "size_a", "size_b"])?;
    for pair in &outcome.pairs {
        let (a, b) = (&outcome.submissions[pair.a], &outcome.submissions[pair.b]);
        csv.write_record([
            a.name.as_str(),
            b.name.as_str(),
            &format!("{:.4}", pair.similarity),
            &pair.shared.to_string(),
            &a.distinct.len().to_string(),
            &b.distinct.len().to_string(),
        ])?;
    }
    csv.flush()?;
    Ok(())
}

/// `summary.md`.
pub fn summary(outcome: &Outcome, top: usize) -> String {
    let s = &outcome.settings;
    let mut md = String::from("# Similarity across the class\n\n");
    let _ = writeln!(md, "{CAUTION}\n");
    let _ = writeln!(
        md,
        "{} submissions compared; {} sharing student-written code. Fingerprints: \
         winnowing of {}-token k-grams in windows of {}; the starter's code left out, and {} \
         common fingerprints (in more than {:.0}% of submissions and at least {}). \
         Similarity = shared fingerprints / the smaller side's fingerprints.\n",
        outcome.submissions.len(),
        pairs_phrase(outcome.pairs.len()),
        s.k,
        s.window,
        outcome.common,
        s.common_share * 100.0,
        s.common_min
    );
    md.push_str(&known_section(outcome, top, md_cell));
    md.push_str("| # | submission | submission | similarity | shared | sizes |\n");
    md.push_str("| ---: | --- | --- | ---: | ---: | --- |\n");
    for (rank, pair) in outcome.pairs.iter().take(top).enumerate() {
        let [a, b, rest @ ..] = cells(outcome, pair, md_cell);
        let _ = writeln!(md, "| {} | {a} | {b} | {} |", rank + 1, rest.join(" | "));
    }
    if outcome.pairs.len() > top {
        let _ = writeln!(
            md,
            "\n{} more pairs in pairs.csv.",
            outcome.pairs.len() - top
        );
    }
    notes(outcome, &mut md, md_cell);
    md
}

/// Appends the entries not compared and the files the lexer refused.
fn notes(outcome: &Outcome, out: &mut String, escape: impl Fn(&str) -> String) {
    if !outcome.skipped.is_empty() {
        out.push_str("\nNot compared (no submission found):\n\n");
        for (name, why) in &outcome.skipped {
            let _ = writeln!(out, "- {}: {}", escape(name), escape(why));
        }
    }
    let unlexed: Vec<_> = outcome
        .submissions
        .iter()
        .flat_map(|s| s.unlexed.iter().map(move |why| (&s.name, why)))
        .collect();
    if !unlexed.is_empty() {
        out.push_str("\nFiles left out because they are not Rust tokens:\n\n");
        for (name, why) in unlexed {
            let _ = writeln!(out, "- {}: {}", escape(name), escape(why));
        }
    }
}

/// A ranking row after its rank: both names (through `escape`), the similarity, the
/// shared fingerprints and the two sizes.
fn cells(outcome: &Outcome, pair: &Pair, escape: impl Fn(&str) -> String) -> [String; 5] {
    let (a, b) = (&outcome.submissions[pair.a], &outcome.submissions[pair.b]);
    [
        escape(&a.name),
        escape(&b.name),
        format!("{:.2}", pair.similarity),
        pair.shared.to_string(),
        format!("{} / {}", a.distinct.len(), b.distinct.len()),
    ]
}

/// A student's string in a Markdown table cell: no `|`, no line break, no HTML.
fn md_cell(text: &str) -> String {
    escape(text).replace('|', "\\|").replace(['\n', '\r'], " ")
}

/// A run of shared fingerprints, in the same two files, close together on both sides.
#[derive(Debug)]
struct Fragment {
    file_a: u32,
    file_b: u32,
    /// Token ranges [start, end) on each side.
    a: (u32, u32),
    b: (u32, u32),
    /// The k-grams in it, as (start on a, start on b).
    matches: Vec<(u32, u32)>,
}

/// The fragments a pair shares, largest first.
fn fragments(a: &Submission, b: &Submission, k: u32) -> Vec<Fragment> {
    let shared: HashSet<u64> = {
        let theirs: HashSet<u64> = b.distinct.iter().copied().collect();
        a.distinct
            .iter()
            .copied()
            .filter(|h| theirs.contains(h))
            .collect()
    };
    let mut in_b: HashMap<u64, (u32, u32)> = HashMap::new();
    for &(hash, file, at) in &b.prints {
        if shared.contains(&hash) {
            in_b.entry(hash).or_insert((file, at));
        }
    }
    // Close enough to be one fragment: within a few k-grams on both sides.
    let gap = 3 * k;
    let mut found: Vec<Fragment> = Vec::new();
    for &(hash, file_a, at_a) in &a.prints {
        let Some(&(file_b, at_b)) = in_b.get(&hash) else {
            continue;
        };
        match found.last_mut() {
            Some(f)
                if f.file_a == file_a
                    && f.file_b == file_b
                    && at_a <= f.a.1 + gap
                    && at_b + gap >= f.b.0
                    && at_b <= f.b.1 + gap =>
            {
                f.a.1 = f.a.1.max(at_a + k);
                f.b = (f.b.0.min(at_b), f.b.1.max(at_b + k));
                f.matches.push((at_a, at_b));
            }
            _ => found.push(Fragment {
                file_a,
                file_b,
                a: (at_a, at_a + k),
                b: (at_b, at_b + k),
                matches: vec![(at_a, at_b)],
            }),
        }
    }
    found.sort_by(|x, y| y.matches.len().cmp(&x.matches.len()).then(x.a.cmp(&y.a)));
    found
}

/// One file's text and the line of each of its tokens.
struct Lexed {
    lines: Vec<String>,
    token_lines: Vec<u32>,
}

fn lexed(submission: &Submission, file: u32) -> anyhow::Result<Lexed> {
    let path = submission.crate_dir.join(&submission.files[file as usize]);
    let text = read_source(&path)?;
    let token_lines = tokens::lex(&text)
        .map(|t| t.iter().map(|t| t.line).collect())
        .unwrap_or_default();
    Ok(Lexed {
        lines: text.lines().map(str::to_owned).collect(),
        token_lines,
    })
}

/// One side of a fragment: its lines with those inside shared k-grams marked.
fn side(lexed: &Lexed, range: (u32, u32), starts: impl Iterator<Item = u32>, k: u32) -> String {
    let line_of = |token: u32| {
        let last = lexed.token_lines.len().saturating_sub(1);
        lexed
            .token_lines
            .get((token as usize).min(last))
            .copied()
            .unwrap_or(1)
    };
    let mut marked = BTreeSet::new();
    for start in starts {
        marked.extend(line_of(start)..=line_of(start + k - 1));
    }
    let (first, last) = (line_of(range.0), line_of(range.1.saturating_sub(1)));
    let mut html = String::new();
    for number in first..=last {
        let text = lexed
            .lines
            .get(number as usize - 1)
            .map_or("", String::as_str);
        let line = format!("{number:>5}  {}", escape(text));
        if marked.contains(&number) {
            let _ = writeln!(html, "<mark>{line}</mark>");
        } else {
            let _ = writeln!(html, "{line}");
        }
    }
    html
}

/// `index.html`.
pub fn html(outcome: &Outcome, top: usize) -> anyhow::Result<String> {
    let mut html = String::from(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <title>Similarity across the class</title><style>\
         body{font-family:sans-serif;margin:2em;max-width:120em}\
         table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2em .5em}\
         .sides{display:grid;grid-template-columns:1fr 1fr;gap:1em}.sides>div{min-width:0}\
         pre{background:#f6f6f6;padding:.5em;overflow-x:auto;font-size:85%}pre:focus{outline:2px solid #0969da}\
         mark{background:#ffe08a;display:inline-block;width:100%}\
         .caution{border-left:4px solid #888;padding-left:1em}\
         </style></head><body><main>\n<h1>Similarity across the class</h1>\n",
    );
    let _ = writeln!(html, "<p class=\"caution\">{}</p>", escape(CAUTION));
    let mut md = String::new();
    notes(outcome, &mut md, escape);
    if !md.is_empty() {
        let _ = writeln!(html, "{}", block_of_markup("what was left out", "", &md));
    }
    known_html(outcome, top, &mut html);
    html.push_str(
        "<table><tr><th>#</th><th>submission</th><th>submission</th><th>similarity</th>\
         <th>shared</th><th>sizes</th></tr>\n",
    );
    // The ranking stops after a few hundred rows: the rest share a fingerprint or two
    // by chance, and are in pairs.csv.
    let listed = top.max(TABLE_ROWS);
    for (rank, pair) in outcome.pairs.iter().take(listed).enumerate() {
        let first = if rank < top {
            format!("<a href=\"#pair{}\">{}</a>", rank + 1, rank + 1)
        } else {
            (rank + 1).to_string()
        };
        let row = cells(outcome, pair, escape).join("</td><td>");
        let _ = writeln!(html, "<tr><td>{first}</td><td>{row}</td></tr>");
    }
    html.push_str("</table>\n");
    if outcome.pairs.len() > listed {
        let _ = writeln!(
            html,
            "<p>{} more pairs, less similar, in pairs.csv.</p>",
            outcome.pairs.len() - listed
        );
    }
    for (rank, pair) in outcome.pairs.iter().take(top).enumerate() {
        pair_section(outcome, pair, rank + 1, &mut html)?;
    }
    for (rank, m) in outcome.matches.iter().take(top).enumerate() {
        let (a, b) = (&outcome.submissions[m.submission], &outcome.known[m.source]);
        let _ = writeln!(
            html,
            "<h2 id=\"known{}\">{}. {} holds code of the known source {} ({:.2} of its code, {} shared fingerprints)</h2>",
            rank + 1,
            rank + 1,
            escape(&a.name),
            escape(&b.name),
            m.similarity,
            m.shared
        );
        side_by_side(outcome, a, b, &mut html)?;
    }
    html.push_str("</main></body></html>\n");
    Ok(html)
}

/// The known sources' part of `index.html`, before the pairs within the class: the
/// submissions that are the reference, then the matches (linked to their fragments
/// for the `top` first). Nothing without known sources.
fn known_html(outcome: &Outcome, top: usize, html: &mut String) {
    if outcome.known.is_empty() {
        return;
    }
    let flagged: Vec<&KnownMatch> = outcome
        .matches
        .iter()
        .filter(|m| m.is_reference())
        .collect();
    if !flagged.is_empty() {
        html.push_str("<h2>Handed in the reference</h2>\n<ul>\n");
        for m in flagged {
            let _ = writeln!(
                html,
                "<li><b>{}</b>: {:.0}% of its written code is the reference&#39;s ({}), and it holds {:.0}% of the reference ({} shared fingerprints)</li>",
                escape(&outcome.submissions[m.submission].name),
                m.similarity * 100.0,
                escape(&outcome.known[m.source].name),
                m.covers * 100.0,
                m.shared
            );
        }
        html.push_str("</ul>\n");
    }
    let _ = writeln!(
        html,
        "<h2>Matches with known sources</h2>\n<p>Similarity: the share of the submission&#39;s \
         written code found in the source; covers: the share of the source found in the submission.</p>"
    );
    if outcome.matches.is_empty() {
        html.push_str("<p>No submission holds a known source&#39;s code beyond the starter.</p>\n");
    } else {
        html.push_str(
            "<table><tr><th>#</th><th>submission</th><th>known source</th><th>similarity</th>\
             <th>covers</th><th>shared</th></tr>\n",
        );
        for (rank, m) in outcome.matches.iter().take(top.max(TABLE_ROWS)).enumerate() {
            let first = if rank < top {
                format!("<a href=\"#known{}\">{}</a>", rank + 1, rank + 1)
            } else {
                (rank + 1).to_string()
            };
            let _ = writeln!(
                html,
                "<tr><td>{first}</td><td>{}</td><td>{}</td><td>{:.2}</td><td>{:.2}</td><td>{}</td></tr>",
                escape(&outcome.submissions[m.submission].name),
                escape(&outcome.known[m.source].name),
                m.similarity,
                m.covers,
                m.shared
            );
        }
        html.push_str("</table>\n");
    }
    html.push_str(
        "<h2>Pairs within the class</h2>\n<p>What pairs share beyond the starter and the known sources.</p>\n",
    );
}

/// The fragments of one pair, side by side.
fn pair_section(
    outcome: &Outcome,
    pair: &Pair,
    rank: usize,
    html: &mut String,
) -> anyhow::Result<()> {
    let (a, b) = (&outcome.submissions[pair.a], &outcome.submissions[pair.b]);
    let _ = writeln!(
        html,
        "<h2 id=\"pair{rank}\">{rank}. {} and {} are similar ({:.2}, {} shared fingerprints)</h2>",
        escape(&a.name),
        escape(&b.name),
        pair.similarity,
        pair.shared
    );
    side_by_side(outcome, a, b, html)
}

/// The largest fragments `a` and `b` share, side by side.
fn side_by_side(
    outcome: &Outcome,
    a: &Submission,
    b: &Submission,
    html: &mut String,
) -> anyhow::Result<()> {
    let k = u32::try_from(outcome.settings.k).unwrap_or(u32::MAX);
    let mut cache: HashMap<(bool, u32), Lexed> = HashMap::new();
    for fragment in fragments(a, b, k).iter().take(10) {
        for (left, submission, file) in [(true, a, fragment.file_a), (false, b, fragment.file_b)] {
            if let std::collections::hash_map::Entry::Vacant(slot) = cache.entry((left, file)) {
                slot.insert(lexed(submission, file)?);
            }
        }
        let (la, lb) = (
            &cache[&(true, fragment.file_a)],
            &cache[&(false, fragment.file_b)],
        );
        let column = |submission: &Submission, file: u32, code: String| {
            let file = submission.files[file as usize].display().to_string();
            format!(
                "<div><b>{}</b> {}{}</div>",
                escape(&submission.name),
                escape(&file),
                block_of_markup(&format!("{} {file}", submission.name), "", &code)
            )
        };
        let _ = writeln!(
            html,
            "<div class=\"sides\">{}{}</div>",
            column(
                a,
                fragment.file_a,
                side(la, fragment.a, fragment.matches.iter().map(|m| m.0), k)
            ),
            column(
                b,
                fragment.file_b,
                side(lb, fragment.b, fragment.matches.iter().map(|m| m.1), k)
            ),
        );
    }
    Ok(())
}

/// `dolos/`: each submission's sources as one file `<n>.rs` (Dolos compares files,
/// and one file per submission makes a pair of files a pair of students) holding the
/// files that differ from the starter's (Dolos cannot be told the provided code, and
/// a file handed back unchanged holds nothing the student wrote), and an
/// `info.csv` with the columns Dolos reads: `filename` (relative to the CSV, required),
/// `full_name` and `label` (optional; `submission`, or `known source` for the known
/// sources, listed after the class). Format as documented at
/// https://dolos.ugent.be/docs/adding-metadata.html ("Adding metadata", CSV format);
/// run it with `dolos run -l rust dolos/info.csv`. Files are numbered, not named
/// after the folders, so no student's folder name becomes a path.
fn dolos(outcome: &Outcome, dir: &Path) -> anyhow::Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let mut info = csv::Writer::from_writer(Vec::new());
    info.write_record(["filename", "full_name", "label"])?;
    let labelled = outcome
        .submissions
        .iter()
        .map(|s| (s, "submission"))
        .chain(outcome.known.iter().map(|s| (s, "known source")));
    for (n, (submission, label)) in labelled.enumerate() {
        let filename = format!("{:04}.rs", n + 1);
        let mut joined = String::new();
        for file in &submission.files {
            let text = read_source(&submission.crate_dir.join(file))?;
            let provided = file
                .strip_prefix("src")
                .is_ok_and(|inside| outcome.provided.is_provided(inside, &text));
            if provided {
                continue;
            }
            let _ = writeln!(joined, "// ---- {} ----\n{text}", file.display());
        }
        let path = dir.join(&filename);
        std::fs::write(&path, joined).with_context(|| format!("writing {}", path.display()))?;
        info.write_record([filename.as_str(), &submission.name, label])?;
    }
    let path = dir.join("info.csv");
    std::fs::write(&path, info.into_inner()?).with_context(|| format!("writing {}", path.display()))
}
