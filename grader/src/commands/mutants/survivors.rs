//! The survivors' Markdown file: a table of the mutants at full marks with a column
//! for the instructor to say why each is equivalent, keeping the notes already there.

use super::*;

/// The header of the survivors' table.
const TABLE_HEADER: &str = "| mutant | change | why it is equivalent |\n|---|---|---|\n";

/// The survivors file: the summary, a table of survivors with a column for why each
/// is equivalent (notes from `old`, the file as it was, are kept), and their diffs.
pub(super) fn survivors_file(
    results: &[MutantResult],
    summary: &Summary,
    selection: &str,
    old: &str,
) -> String {
    let notes = old_rows(old);
    let graded: BTreeSet<&str> = results.iter().map(|r| r.mutant.name.as_str()).collect();
    let survivors: Vec<&MutantResult> = results
        .iter()
        .filter(|r| r.outcome == Outcome::Survived)
        .collect();
    let mut out = String::from(
        "# Surviving mutants\n\n\
         `grader mutants` applies cargo-mutants' mutants of the solution's `// BEGIN SOLUTION` \
         regions and grades each. A survivor keeps full marks: no check tells it from the \
         solution. For each, add a check that catches it, or write in the last column why it \
         behaves exactly as the solution does (an equivalent mutant); notes in that column are \
         kept when the file is written again.\n\n",
    );
    let _ = writeln!(out, "{summary}. {selection}\n");
    out.push_str(TABLE_HEADER);
    for survivor in &survivors {
        let note = notes
            .get(survivor.mutant.name.as_str())
            .map_or("", |row| row.note.as_str());
        let _ = writeln!(
            out,
            "| {} | {} | {note} |",
            name_cell(&survivor.mutant.name),
            change_cell(&survivor.mutant.diff)
        );
    }
    let kept: Vec<&OldRow> = notes
        .iter()
        .filter(|(name, _)| !graded.contains(name.as_str()))
        .map(|(_, row)| row)
        .collect();
    for row in &kept {
        let _ = writeln!(out, "{}", row.line);
    }
    if !kept.is_empty() {
        let _ = writeln!(
            out,
            "\nThe last {} row(s) are kept from an earlier run: those mutants were not graded in this one.",
            kept.len()
        );
    }
    if survivors.iter().any(|s| !s.mutant.diff.is_empty()) {
        out.push_str("\n## Diffs\n");
        for survivor in survivors.iter().filter(|s| !s.mutant.diff.is_empty()) {
            let diff = survivor.mutant.diff.trim_end();
            let fence = "`".repeat((longest_backtick_run(diff) + 1).max(3));
            let _ = write!(
                out,
                "\n### {}\n\n{fence}diff\n{diff}\n{fence}\n",
                inline_code(&survivor.mutant.name)
            );
        }
    }
    out
}

/// A row of the survivors' table as it was.
struct OldRow {
    pub(super) line: String,
    pub(super) note: String,
}

/// The rows of an earlier survivors' table by mutant name.
fn old_rows(old: &str) -> BTreeMap<String, OldRow> {
    let mut rows = BTreeMap::new();
    let Some((_, table)) = old.split_once(TABLE_HEADER) else {
        return rows;
    };
    for line in table.lines().take_while(|line| line.starts_with('|')) {
        let cells = split_row(line);
        let (Some(name), Some(note)) = (cells.first(), cells.get(2)) else {
            continue;
        };
        let name = name.trim().trim_matches('`').trim().replace("\\|", "|");
        rows.insert(
            name,
            OldRow {
                line: line.to_owned(),
                note: note.trim().to_owned(),
            },
        );
    }
    rows
}

/// The cells of a table row, split at the `|`s that are not escaped.
fn split_row(line: &str) -> Vec<String> {
    let inner = line.trim().trim_start_matches('|');
    let inner = inner.strip_suffix('|').unwrap_or(inner);
    let mut cells = vec![String::new()];
    let mut escaped = false;
    for c in inner.chars() {
        if c == '|' && !escaped {
            cells.push(String::new());
        } else if let Some(cell) = cells.last_mut() {
            cell.push(c);
        }
        escaped = c == '\\' && !escaped;
    }
    cells
}

/// `text` as a code span.
fn inline_code(text: &str) -> String {
    let ticks = "`".repeat(longest_backtick_run(text) + 1);
    // A space keeps a backtick at either end apart from the fence (and is not shown).
    let pad = if text.starts_with('`') || text.ends_with('`') {
        " "
    } else {
        ""
    };
    format!("{ticks}{pad}{text}{pad}{ticks}")
}

/// A mutant's name in a table cell: a code span whose `|` are escaped for the table.
fn name_cell(name: &str) -> String {
    inline_code(name).replace('|', "\\|")
}

/// The lines a diff removes and adds, as HTML code in one table cell.
fn change_cell(diff: &str) -> String {
    diff.lines()
        .filter(|line| {
            (line.starts_with('-') && !line.starts_with("---"))
                || (line.starts_with('+') && !line.starts_with("+++"))
        })
        .map(|line| {
            let escaped = line
                .replace('&', "&amp;")
                .replace('<', "&lt;")
                .replace('>', "&gt;")
                .replace('|', "&#124;")
                .replace('`', "&#96;");
            format!("<code>{escaped}</code>")
        })
        .collect::<Vec<_>>()
        .join("<br>")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands::mutants::tests::*;

    #[test]
    fn the_survivors_file_keeps_the_instructors_notes() {
        let results = [
            result("src/a.rs:1:1: replace | with ^ in f", Outcome::Survived),
            result("src/b.rs:2:2: replace g with ()", Outcome::Survived),
            result("src/c.rs:3:3: replace h with ()", Outcome::Caught),
        ];
        let summary = Summary::of(&results);
        let first = survivors_file(&results, &summary, "All 3 were graded.", "");
        let noted = first.replacen(" |  |", " | equal when x \\| y is 0 |", 1);
        assert_ne!(first, noted, "{first}");
        let again = survivors_file(&results[..2], &summary, "2 were graded.", &noted);
        assert!(again.contains("| equal when x \\| y is 0 |"), "{again}");
        let rows: Vec<&str> = again.lines().filter(|l| l.starts_with("| `")).collect();
        assert_eq!(rows.len(), 2, "{again}");
        let partial = survivors_file(&results[1..2], &summary, "1 was graded.", &noted);
        assert!(partial.contains("| equal when x \\| y is 0 |"), "{partial}");
        assert!(partial.contains("kept from an earlier run"), "{partial}");
    }

    #[test]
    fn the_survivors_file_reads_so() {
        let results = [
            result(
                "src/position.rs:40:9: replace == with != in Position::eq",
                Outcome::Survived,
            ),
            result("src/cell.rs:3:3: replace h with ()", Outcome::Caught),
            result("src/cell.rs:4:4: replace i with ()", Outcome::Unviable),
        ];
        let summary = Summary::of(&results);
        insta::assert_snapshot!(survivors_file(
            &results,
            &summary,
            "All 3 mutants in solution regions were graded.",
            ""
        ));
    }
}
