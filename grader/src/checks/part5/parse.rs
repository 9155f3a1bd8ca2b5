//! §10.1: the checks of `parse` on the kit's files, layout variations of them and
//! small malformed texts, and the wording of a difference (which file, which place).
//!
//! **What an error is judged on** (the rule the handout's §10.1 gives students): the
//! rule broken (the `Problem` variant), its line and column, and the values of its
//! fields that the handout specifies: numbers, places, and the text found. The words
//! are not judged: `what` (which value a `BadNumber`, `MissingValue` or `OutsideBoard`
//! is about) is worded by the student, and the message is the provided `Display` of
//! it all. The probe reports those fields without `what`, so a parser that names the
//! values in words of its own loses nothing.

use serde_json::Map;

use super::*;

#[derive(Deserialize)]
struct GivenFile {
    pub(super) name: String,
    pub(super) text: String,
}

pub(in crate::checks) fn files_value(files: &[(String, String)]) -> Value {
    json!({ "files": files.iter().map(|(name, text)| json!({ "name": name, "text": text })).collect::<Vec<_>>() })
}

pub(super) fn parse_fixtures_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let mut files = inputs.fixture_files("arrows", "txt")?;
    if inputs.private() {
        // The same boards turned over their main diagonal: as valid, and new.
        for (name, text) in &mut files {
            *text = read_board(name, text)?.transposed().text();
        }
    }
    let text = |name: &str| -> anyhow::Result<String> {
        files
            .iter()
            .find(|(file, _)| file == name)
            .map(|(_, text)| text.clone())
            .ok_or_else(|| anyhow::anyhow!("the kit has no fixture arrows/{name}"))
    };
    let sample = text("sample.txt")?;
    let reversal = text("reversal.txt")?;
    let non_square = text("non_square_4x9.txt")?;
    // The layout the format allows: \r\n, a byte-order mark, lines in any order,
    // tabs and runs of spaces, blank lines, no line end at the end.
    let mut shuffled: Vec<&str> = reversal.lines().collect();
    if let Some((_, squares)) = shuffled.split_first_mut() {
        squares.reverse();
    }
    let messy = shuffled
        .iter()
        .map(|line| format!("  {}\t\n\n", line.replace(' ', "\t  ")))
        .collect::<String>();
    files.extend([
        (
            "sample.txt with \\r\\n line ends and a byte-order mark".to_owned(),
            format!("\u{feff}{}", sample.replace('\n', "\r\n")),
        ),
        (
            "reversal.txt with its square lines in reverse order, tabs and blank lines".to_owned(),
            messy,
        ),
        (
            "non_square_4x9.txt without a line end after its last line".to_owned(),
            non_square.trim_end().to_owned(),
        ),
        (
            "a 1x1 board whose only square is the target".to_owned(),
            "1 1\n1 1 X N X\n".to_owned(),
        ),
    ]);
    Ok(files_value(&files))
}

/// Malformed texts written here, beyond the kit's one file per rule: values the
/// fixtures do not try (a number too large for a `usize`, non-ASCII text, a lone
/// `\r`), and rules met in another place.
const MORE_INVALID: &[(&str, &str)] = &[
    (
        "a size too large for any number type",
        "99999999999999999999999 1\n",
    ),
    ("a negative column", "2 2\n1 -1 R N E\n"),
    ("a lower-case direction", "1 2\n1 1 R N e\n1 2 X N X\n"),
    // The letters of a square are upper-case, each of them: a parser that folds case
    // for one (`eq_ignore_ascii_case`, `to_uppercase`) reads these as boards.
    ("a lower-case colour", "1 2\n1 1 r N E\n1 2 X N X\n"),
    ("a lower-case circle mark", "1 2\n1 1 B c E\n1 2 X N X\n"),
    (
        "a lower-case n for not circled",
        "1 2\n1 1 R n E\n1 2 X N X\n",
    ),
    ("a lower-case target", "1 2\n1 1 R N E\n1 2 x N X\n"),
    (
        "a direction written as an arrow character after a tab",
        "1 2\n1\t1 B N ↗\n1 2 X N X\n",
    ),
    (
        "a non-ASCII colour before another error",
        "1 2\n1 2 X N X\n1 1 É N E E\n",
    ),
    ("only the size line", "2 3\n"),
    // A missing value is placed just after the last value (`Word::end_column`): after
    // a value of two characters that is two columns on, not one.
    ("a size line of one two-digit number", "12\n"),
    (
        "a square line that stops after a two-digit column",
        "2 10\n1 1 R N E\n1 10\n",
    ),
    (
        "blank lines before a size line with 3 values",
        "\n\n2 2 2\n",
    ),
    ("a 1x1 board without its target", "1 1\n1 1 R N E\n"),
    (
        "a duplicate of the target",
        "1 2\n1 2 X N X\n1 1 R N E\n1 2 X N X\n",
    ),
    (
        "a second target given after every square",
        "1 3\n1 1 X N X\n1 2 R N E\n1 3 X N X\n",
    ),
    ("a size of 200x201", "200 201\n"),
    ("a row of 0 on a square line", "1 2\n0 1 R N E\n"),
    // Each value is checked as it is read: a wrong value is the problem, even where the
    // line also stops short after it (a parser that counts the values first says
    // MissingValue).
    (
        "a column outside the board on a line that stops after it",
        "2 2\n1 3 B\n",
    ),
    // OutsideBoard names the limit of its own axis: on a board wider than tall, a
    // column's is COLS, not ROWS.
    (
        "a column outside a board wider than tall",
        "2 3\n1 4 B N E\n",
    ),
    (
        "a bad colour on a line that stops before its direction",
        "1 2\n1 1 Q N\n1 2 X N X\n",
    ),
    (
        "lines separated by a lone \\r",
        "1 2\r1 1 R N E\r1 2 X N X\r",
    ),
];

pub(super) fn parse_invalid_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let mut files = inputs.fixture_files("invalid/arrows", "txt")?;
    files.extend(
        MORE_INVALID
            .iter()
            .map(|(name, text)| ((*name).to_owned(), (*text).to_owned())),
    );
    let originals = inputs.fixture_files("arrows", "txt")?;
    Ok(files_value(
        &inputs.vary(files, |rng| altered(rng, &originals)),
    ))
}

/// `count` of the kit's arrow board files, each altered once (see [`altered`]).
#[cfg(feature = "hidden-checks")]
pub(in crate::checks) fn altered_files(
    inputs: &Inputs,
    rng: &mut impl rand::Rng,
    count: usize,
) -> anyhow::Result<Vec<(String, String)>> {
    let originals = inputs.fixture_files("arrows", "txt")?;
    Ok((0..count).map(|_| altered(rng, &originals)).collect())
}

/// One of the `originals` (name, text) altered once: a value changed, removed or
/// added, a line removed or given twice. Some stay valid (a colour changed), most
/// break one rule somewhere the kit's invalid files do not.
fn altered(rng: &mut impl rand::Rng, originals: &[(String, String)]) -> (String, String) {
    const TOKENS: [&str; 18] = [
        "R", "B", "X", "C", "N", "NE", "SW", "0", "1", "3", "-2", "13", "é", "RR", "r", "b", "x",
        "c",
    ];
    let (name, text) = &originals[rng.random_range(0..originals.len())];
    let mut lines: Vec<Vec<String>> = text
        .lines()
        .map(|line| line.split(' ').map(str::to_owned).collect())
        .collect();
    let at = rng.random_range(0..lines.len());
    let token = TOKENS[rng.random_range(0..TOKENS.len())].to_owned();
    let what = match rng.random_range(0..5) {
        0 => {
            let value = rng.random_range(0..lines[at].len());
            lines[at][value] = token;
            format!("value {} of line {} changed", value + 1, at + 1)
        }
        1 => {
            let value = rng.random_range(0..lines[at].len());
            lines[at].remove(value);
            format!("value {} of line {} removed", value + 1, at + 1)
        }
        2 => {
            lines[at].push(token);
            format!("a value added to line {}", at + 1)
        }
        3 => {
            lines.remove(at);
            format!("line {} removed", at + 1)
        }
        _ => {
            let copy = lines[at].clone();
            let to = rng.random_range(at + 1..=lines.len());
            lines.insert(to, copy);
            format!("line {} given twice", at + 1)
        }
    };
    let text: String = lines.iter().map(|line| line.join(" ") + "\n").collect();
    (format!("{name} with {what}"), text)
}

/// What `parse` made of a file.
enum Parsed {
    Board {
        rows: usize,
        cols: usize,
        squares: Vec<String>,
    },
    Error {
        line: Option<usize>,
        column: Option<usize>,
        kind: String,
        /// The values in the problem's fields that the handout specifies, by name.
        fields: Map<String, Value>,
        /// The error's `Display`, for showing only: it holds the student's own words.
        message: String,
    },
    Panic(Panic),
}

impl Parsed {
    /// The probe's report of one file, or why it cannot be read.
    pub(super) fn read(value: &Value) -> Result<Parsed, String> {
        #[derive(Deserialize)]
        struct Board {
            rows: usize,
            cols: usize,
            squares: Vec<String>,
        }
        #[derive(Deserialize)]
        struct Error {
            line: Option<usize>,
            column: Option<usize>,
            kind: String,
            fields: Map<String, Value>,
            message: String,
        }
        if let Some(panic) = panic_of(value) {
            return Ok(Parsed::Panic(panic));
        }
        if let Some(ok) = value.get("ok") {
            let board = Board::deserialize(ok).map_err(|e| e.to_string())?;
            if board.squares.len() != board.rows.saturating_mul(board.cols) {
                return Err(format!(
                    "a {}x{} board with {} squares",
                    board.rows,
                    board.cols,
                    board.squares.len()
                ));
            }
            return Ok(Parsed::Board {
                rows: board.rows,
                cols: board.cols,
                squares: board.squares,
            });
        }
        if let Some(err) = value.get("err") {
            let error = Error::deserialize(err).map_err(|e| e.to_string())?;
            return Ok(Parsed::Error {
                line: error.line,
                column: error.column,
                kind: error.kind,
                fields: error.fields,
                message: error.message,
            });
        }
        Err("neither a board nor an error".to_owned())
    }

    /// The error in words: `DuplicateSquare at line 5, column 1 (`…`)`.
    pub(super) fn error_text(&self) -> String {
        match self {
            Parsed::Error {
                line,
                column,
                kind,
                message,
                ..
            } => format!(
                "{kind} at {} (`{}`)",
                place_words(*line, *column),
                cut(message.clone())
            ),
            Parsed::Board { rows, cols, .. } => format!("a {rows}x{cols} board"),
            Parsed::Panic(panic) => panic.to_string(),
        }
    }
}

/// A place in a file in words: `line 5, column 1`.
fn place_words(line: Option<usize>, column: Option<usize>) -> String {
    match (line, column) {
        (Some(line), Some(column)) => format!("line {line}, column {column}"),
        _ => "no place in the file".to_owned(),
    }
}

/// The first field whose value differs between the student's error and the
/// reference's, in words, if one does. Only the fields the handout specifies are
/// reported by the probe (numbers, places, the text found), so the words of `what`
/// and of the message never count.
fn fields_problem(got: &Map<String, Value>, want: &Map<String, Value>) -> Option<String> {
    let shown = |value: Option<&Value>| match value {
        Some(Value::String(text)) => format!("`{}`", cut(text.escape_debug().to_string())),
        Some(value) => cut(value.to_string()),
        None => "nothing".to_owned(),
    };
    want.keys()
        .chain(got.keys().filter(|key| !want.contains_key(*key)))
        .find(|key| got.get(*key) != want.get(*key))
        .map(|key| {
            format!(
                "{} is {}, expected {}",
                cut(key.escape_debug().to_string()),
                shown(got.get(key)),
                shown(want.get(key))
            )
        })
}

/// What the handout (§10.1) says the fields of a rule's error hold.
fn fields_of(kind: &str) -> &'static str {
    match kind {
        "BadNumber" | "ExtraValue" | "BadColor" | "BadCircle" | "BadArrow" | "TargetWithArrow" => {
            "found is the value's text, as words() gives it"
        }
        "SizeOutOfRange" => "rows and cols are the two numbers of the size line",
        "OutsideBoard" => {
            "value is the number read, max the board's ROWS for a row and COLS for a column"
        }
        "MissingArrow" => "row and col are the square's",
        "DuplicateSquare" => "row and col are the square's, first_line the line that gave it first",
        "TwoTargets" => "first is the target given first, second this one, each as (row, column)",
        "MissingSquare" => {
            "row and col are the first square without a line, row by row; rows and cols the board's size"
        }
        _ => {
            "the grader compares the values the handout gives for the rule, not the words of `what` or of the message"
        }
    }
}

/// Line `line` of `text` (counted from 1, as the format counts), quoted for a message.
fn quoted_line(text: &str, line: usize) -> Option<String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let found = text.split('\n').nth(line.checked_sub(1)?)?;
    let found = found.strip_suffix('\r').unwrap_or(found);
    Some(format!(
        "line {line} of the file is `{}`",
        cut(found.escape_debug().to_string())
    ))
}

/// The line of `text` that gives square (`row`, `col`), if one does.
fn line_of_square(text: &str, row: usize, col: usize) -> Option<usize> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.split('\n').enumerate().skip(1).find_map(|(i, line)| {
        let words: Vec<&str> = line
            .split([' ', '\t', '\r'])
            .filter(|w| !w.is_empty())
            .collect();
        (words.len() >= 2 && words[0] == row.to_string() && words[1] == col.to_string())
            .then_some(i + 1)
    })
}

/// Where the handout (§10.1) says the error of a rule is, by the rule's name.
fn rule_of(kind: &str) -> &'static str {
    match kind {
        "Empty" => "a file without a single value is Empty, at line 1, column 1",
        "BadNumber" => {
            "a value that must be a whole number and is not one (str::parse::<usize>() refuses it) is BadNumber, at the value"
        }
        "MissingValue" => {
            "a line that ends before its last value is MissingValue, just after the last value there is (Word::end_column)"
        }
        "ExtraValue" => "a value after the last one a line may have is ExtraValue, at that value",
        "SizeOutOfRange" => {
            "a size that Board::check_size refuses is SizeOutOfRange, at the column of the rows"
        }
        "OutsideBoard" => {
            "a row outside 1..=ROWS or a column outside 1..=COLS is OutsideBoard, at the value"
        }
        "BadColor" => "a COLOR other than R, B or X is BadColor, at the value",
        "BadCircle" => "a CIRCLED other than C or N is BadCircle, at the value",
        "CircledTarget" => "C on the target is CircledTarget, at the circle mark",
        "TargetWithArrow" => {
            "a direction other than X on the target is TargetWithArrow, at the direction"
        }
        "MissingArrow" => {
            "X as the direction of a red or blue square is MissingArrow, at the direction"
        }
        "BadArrow" => "a direction that is none of the eight (nor X) is BadArrow, at the direction",
        "DuplicateSquare" => {
            "a square that had a line already is DuplicateSquare, at the column of R, naming the first line"
        }
        "TwoTargets" => "a second target is TwoTargets, at the column of COLOR",
        "MissingSquare" => {
            "after the last line with values, the first square (row by row) without a line is MissingSquare, at the next line, column 1"
        }
        "NoTarget" => {
            "a board without a target is NoTarget, at the line after the last line with values, column 1 (Board::new finds it: place its error with .at)"
        }
        _ => "each error is at the column of the value it is about",
    }
}

/// Why what `parse` made of `file` is not what the reference made of it, if it is not.
fn parse_problem(file: &GivenFile, got: &Value, want: &Value) -> Result<Option<String>, Verdict> {
    let name = &file.name;
    let want = Parsed::read(want).map_err(|problem| {
        Verdict::grader_error(format!(
            "the blessed result for {name} is unreadable ({problem}): run `grader bless`"
        ))
    })?;
    let got = match Parsed::read(got) {
        Ok(got) => got,
        Err(problem) => {
            return Ok(Some(format!(
                "{name}: the probe's report could not be read ({problem})"
            )));
        }
    };
    Ok(match (&got, &want) {
        (Parsed::Panic(panic), _) if panic.stub => Some(panicked(name, "parse", panic)),
        (Parsed::Panic(panic), _) => Some(format!(
            "{name}: parse {panic} (parse must never panic: no unwrap() or indexing on what comes from the file; expected {})",
            want.error_text()
        )),
        (
            Parsed::Board {
                rows,
                cols,
                squares,
            },
            Parsed::Board {
                rows: want_rows,
                cols: want_cols,
                squares: want_squares,
            },
        ) => {
            if (rows, cols) != (want_rows, want_cols) {
                Some(format!(
                    "{name}: the board read is {rows}x{cols}, expected {want_rows}x{want_cols} (the first line is ROWS COLS)"
                ))
            } else {
                squares
                    .iter()
                    .zip(want_squares)
                    .position(|(got, want)| got != want)
                    .map(|index| {
                        let (row, col) = (index / cols + 1, index % cols + 1);
                        let line = line_of_square(&file.text, row, col)
                            .map(|line| format!(" (line {line})"))
                            .unwrap_or_default();
                        let shown = |text: &str| {
                            Sq::read(text).map_or_else(|| format!("`{text}`"), Sq::describe)
                        };
                        format!(
                            "{name}: square ({row},{col}){line} was read as {}, expected {} (a square's line is `R C COLOR CIRCLED DIR`; lines may come in any order)",
                            shown(&squares[index]),
                            shown(&want_squares[index])
                        )
                    })
            }
        }
        (Parsed::Error { line, .. }, Parsed::Board { .. }) => {
            let quoted = line
                .and_then(|line| quoted_line(&file.text, line))
                .map(|quoted| format!("; {quoted}"))
                .unwrap_or_default();
            Some(format!(
                "{name}: parse refused a valid file with {}{quoted}; expected {} (spaces and tabs, blank lines, \\r\\n line ends, a byte-order mark and lines in any order are all allowed)",
                got.error_text(),
                want.error_text()
            ))
        }
        (Parsed::Board { .. }, Parsed::Error { line, kind, .. }) => {
            let quoted = line
                .and_then(|line| quoted_line(&file.text, line))
                .map(|quoted| format!("; {quoted}"))
                .unwrap_or_default();
            Some(format!(
                "{name}: parse accepted a malformed file ({}); expected the error {}{quoted} ({})",
                got.error_text(),
                want.error_text(),
                rule_of(kind)
            ))
        }
        (
            Parsed::Error {
                line,
                column,
                kind,
                fields,
                ..
            },
            Parsed::Error {
                line: want_line,
                column: want_column,
                kind: want_kind,
                fields: want_fields,
                ..
            },
        ) => {
            if (line, column, kind) == (want_line, want_column, want_kind) {
                // The rule and the place are right: what is left to compare is the
                // values the handout specifies, never the words of the message.
                fields_problem(fields, want_fields).map(|difference| {
                    format!(
                        "{name}: parse gave the right error ({kind} at {}) with other values in it: {difference} ({}; {})",
                        place_words(*line, *column),
                        rule_of(want_kind),
                        fields_of(want_kind)
                    )
                })
            } else {
                let rule = rule_of(want_kind);
                let hint = if line.is_none() {
                    "an error of Board::new or Board::check_size has no place: give it one with .at(line, column)".to_owned()
                } else if kind == "MissingValue"
                    && line == want_line
                    && column
                        .zip(*want_column)
                        .is_some_and(|(got, want)| want < got)
                {
                    // The reference stopped at a value before the missing one.
                    format!(
                        "a value before the missing one is already wrong: {}; read the values left to right and check each as soon as it is read, before looking for the next",
                        rule_of(want_kind)
                    )
                } else if kind != want_kind {
                    format!(
                        "{rule}; check the rules in the handout's order and return the first problem"
                    )
                } else if line == want_line {
                    format!("the right rule on the right line, at another column: {rule}")
                } else {
                    format!("the right rule, on another line: {rule}")
                };
                let quoted = want_line
                    .and_then(|line| quoted_line(&file.text, line))
                    .map(|quoted| format!("; {quoted}"))
                    .unwrap_or_default();
                Some(format!(
                    "{name}: parse gave {}, expected {}{quoted} ({hint})",
                    got.error_text(),
                    want.error_text()
                ))
            }
        }
        (_, Parsed::Panic(_)) => {
            return Err(Verdict::grader_error(format!(
                "the blessed result for {name} is a panic: run `grader bless`"
            )));
        }
    })
}

/// Judges `parse` on every file the grader sent against the reference's results.
pub(in crate::checks) fn parse_verdict(
    case: &Case,
    summary: impl FnOnce(usize) -> String,
) -> Judged {
    #[derive(Deserialize)]
    struct Input {
        files: Vec<GivenFile>,
    }
    let files = case.input::<Input>()?.files;
    let got: Vec<Value> = case.output_list(files.len())?;
    let want = blessed_list(case, files.len())?;
    let mut problems = Vec::new();
    for ((file, got), want) in files.iter().zip(&got).zip(&want) {
        if let Some(problem) = parse_problem(file, got, want)? {
            // The rule the file breaks, which the reference's error names: what kind of
            // file a private one that fails is, without its text.
            let case = want
                .pointer("/err/kind")
                .and_then(Value::as_str)
                .map(|kind| format!("a file that breaks this rule: {}", rule_of(kind)));
            problems.push(Problem {
                case,
                ..Problem::from(problem)
            });
        }
    }
    Ok(verdict_of_items(
        problems,
        summary(files.len()),
        "file",
        "files",
    ))
}

pub(super) fn arrows_parse_fixtures(case: &Case) -> Judged {
    parse_verdict(case, |count| {
        format!(
            "all {count} board files read as the reference reads them, every layout the format allows included"
        )
    })
}

/// Each malformed file must give the reference's error: the same `Problem` variant at
/// the same line and column, with the same numbers and text found in its fields; the
/// words of `what` and of the message are the student's own and are not compared
/// (see the module's documentation).
pub(super) fn arrows_parse_invalid(case: &Case) -> Judged {
    parse_verdict(case, |count| {
        format!(
            "all {count} malformed files are errors of the reference's kind at its line and column, with its values, none a panic"
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checks::part5::tests::*;

    #[test]
    fn parse_differences_name_the_file_and_the_place() {
        let name = "arrows_parse_invalid";
        let input = (spec(name).input)(&inputs(name)).unwrap();
        let files = input["files"].as_array().unwrap();
        let at = files
            .iter()
            .position(|f| f["name"] == "duplicate_square.txt")
            .unwrap();
        let error = |line: usize, column: usize, kind: &str| json!({ "err": { "line": line, "column": column, "kind": kind, "fields": {}, "message": format!("line {line}, column {column}: …") } });
        let want: Vec<Value> = (0..files.len()).map(|_| error(1, 1, "Empty")).collect();
        let mut got = want.clone();
        got[at] = json!({ "ok": { "rows": 2, "cols": 2, "squares": ["R N E", "B N S", "B C N", "X N X"] } });
        let verdict = judged(name, json!(got), json!(want));
        assert!(
            verdict
                .message
                .starts_with("duplicate_square.txt: parse accepted a malformed file"),
            "{}",
            verdict.message
        );
        got[at] = error(5, 3, "Empty");
        let verdict = judged(name, json!(got), json!(want));
        assert!(
            verdict.message.contains("at line 5, column 3"),
            "{}",
            verdict.message
        );
        got[at] = json!({ "err": { "line": null, "column": null, "kind": "Empty", "fields": {}, "message": "…" } });
        let verdict = judged(name, json!(got), json!(want));
        assert!(
            verdict.message.contains(".at(line, column)"),
            "{}",
            verdict.message
        );
        got[at] = json!({ "panic": "index out of bounds" });
        let verdict = judged(name, json!(got), json!(want));
        assert!(
            verdict
                .message
                .contains("parse panicked: index out of bounds (parse must never panic"),
            "{}",
            verdict.message
        );
        assert!(judged(name, json!(want), json!(want)).passed);
    }

    /// The reference's error for `file` of the check's input and a copy of it, to change.
    fn invalid_case(file: &str) -> (Vec<Value>, usize) {
        let name = "arrows_parse_invalid";
        let input = (spec(name).input)(&inputs(name)).unwrap();
        let files = input["files"].as_array().unwrap();
        let at = files.iter().position(|f| f["name"] == file).unwrap();
        let empty = json!({ "err": { "line": 1, "column": 1, "kind": "Empty", "fields": {}, "message": "line 1, column 1: the file is empty or blank; expected the board size `ROWS COLS` on its first line" } });
        (vec![empty; files.len()], at)
    }

    #[test]
    fn errors_worded_in_a_parsers_own_words_pass() {
        let name = "arrows_parse_invalid";
        let (mut want, at) = invalid_case("size_not_a_number.txt");
        want[at] = json!({ "err": { "line": 1, "column": 1, "kind": "BadNumber", "fields": { "found": "two" },
            "message": "line 1, column 1: expected the number of rows, a whole number, found `two`" } });
        let mut got = want.clone();
        got[at]["err"]["message"] =
            json!("line 1, column 1: expected ROWS, a whole number, found `two`");
        let verdict = judged(name, json!(got), json!(want));
        assert!(verdict.passed, "{}", verdict.message);

        let (mut want, at) = invalid_case("row_outside.txt");
        want[at] = json!({ "err": { "line": 3, "column": 1, "kind": "OutsideBoard", "fields": { "value": 3, "max": 2 },
            "message": "line 3, column 1: row 3 is not on the board; rows go from 1 to 2" } });
        let mut got = want.clone();
        got[at]["err"]["message"] = json!(
            "line 3, column 1: the square's row 3 is not on the board; the square's rows go from 1 to 2"
        );
        assert!(judged(name, json!(got), json!(want)).passed);
    }

    #[test]
    fn an_error_with_other_values_names_the_field_and_what_it_holds() {
        let name = "arrows_parse_invalid";
        let (mut want, at) = invalid_case("duplicate_square.txt");
        want[at] = json!({ "err": { "line": 5, "column": 1, "kind": "DuplicateSquare",
            "fields": { "row": 1, "col": 1, "first_line": 2 }, "message": "…" } });
        let mut got = want.clone();
        got[at]["err"]["fields"]["first_line"] = json!(5);
        let verdict = judged(name, json!(got), json!(want));
        assert!(!verdict.passed);
        assert!(
            verdict.message.starts_with(
                "duplicate_square.txt: parse gave the right error (DuplicateSquare at line 5, column 1) with other values in it: first_line is 5, expected 2"
            ) && verdict.message.contains("first_line the line that gave it first"),
            "{}",
            verdict.message
        );
        got[at]["err"]["fields"] = json!({ "row": 1, "col": 1, "first_line": 2, "extra": "x" });
        let verdict = judged(name, json!(got), json!(want));
        assert!(
            verdict.message.contains("extra is `x`, expected nothing"),
            "{}",
            verdict.message
        );
    }

    #[test]
    fn a_blessed_error_without_its_fields_asks_for_a_new_bless() {
        let name = "arrows_parse_invalid";
        let (want, at) = invalid_case("duplicate_square.txt");
        let mut old = want.clone();
        old[at] = json!({ "err": { "line": 1, "column": 1, "kind": "Empty", "message": "…" } });
        let verdict = judged(name, json!(want), json!(old));
        assert!(verdict.grader_error, "{}", verdict.message);
        assert!(
            verdict.message.contains("grader bless"),
            "{}",
            verdict.message
        );
    }
}
