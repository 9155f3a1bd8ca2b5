//! The mutants to grade: cargo-mutants' list, kept to the student-written regions
//! (`// BEGIN SOLUTION` … `// END SOLUTION`), applied to a copy of a source file, and
//! spread evenly when a limit asks for fewer.

use super::*;

/// A mutant as cargo-mutants lists it (`--list --json`): the fields used here.
#[derive(Debug, Deserialize)]
pub(super) struct RawMutant {
    /// `solution/src/position.rs:40:9: replace == with != in Position::eq`.
    pub(super) name: String,
    /// The file, relative to the tree cargo-mutants ran in (the kit or solution/).
    pub(super) file: String,
    /// What is replaced.
    pub(super) span: Span,
    /// What it is replaced with.
    pub(super) replacement: String,
    /// The change as a unified diff.
    #[serde(default)]
    pub(super) diff: String,
}

/// A region of a source file, 1-based lines and columns counted in characters, the
/// end exclusive (as cargo-mutants counts them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub(super) struct Span {
    pub(super) start: LineColumn,
    pub(super) end: LineColumn,
}

/// A place in a source file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub(super) struct LineColumn {
    pub(super) line: usize,
    pub(super) column: usize,
}

/// One mutant of the solution.
#[derive(Debug, Clone)]
pub(super) struct Mutant {
    /// Its name without the `solution/` prefix: `src/position.rs:40:9: replace …`.
    pub(super) name: String,
    /// The file, relative to solution/ (`src/position.rs`).
    pub(super) file: PathBuf,
    pub(super) span: Span,
    pub(super) replacement: String,
    pub(super) diff: String,
}

impl Mutant {
    /// The mutant, unless it is outside solution/src (cargo-mutants also lists other
    /// packages' and targets' mutants when asked to).
    pub(super) fn from_raw(raw: RawMutant) -> Option<Mutant> {
        let file = raw.file.strip_prefix("solution/").unwrap_or(&raw.file);
        if !file.starts_with("src/") || file.split('/').any(|part| part == "..") {
            return None;
        }
        Some(Mutant {
            name: raw
                .name
                .strip_prefix("solution/")
                .unwrap_or(&raw.name)
                .to_owned(),
            file: PathBuf::from(file),
            span: raw.span,
            replacement: raw.replacement,
            diff: raw.diff,
        })
    }
}

/// The mutants whose span lies inside a solution region of `solution`'s sources.
pub(super) fn in_solution_regions(
    listed: Vec<RawMutant>,
    solution: &Path,
) -> anyhow::Result<Vec<Mutant>> {
    let mut regions: BTreeMap<PathBuf, Vec<Region>> = BTreeMap::new();
    let mut mutants = Vec::new();
    for mutant in listed.into_iter().filter_map(Mutant::from_raw) {
        if !regions.contains_key(&mutant.file) {
            let path = solution.join(&mutant.file);
            let source = std::fs::read_to_string(&path)
                .with_context(|| format!("reading {}", path.display()))?;
            regions.insert(mutant.file.clone(), solution_regions(&source));
        }
        let inside = regions
            .get(&mutant.file)
            .is_some_and(|regions| regions.iter().any(|region| region.holds(mutant.span)));
        if inside {
            mutants.push(mutant);
        }
    }
    Ok(mutants)
}

/// Mutants from a file in the format of `cargo mutants --list --json`.
pub(super) fn read_mutants(file: &Path) -> anyhow::Result<Vec<RawMutant>> {
    let text =
        std::fs::read_to_string(file).with_context(|| format!("reading {}", file.display()))?;
    serde_json::from_str(&text).with_context(|| {
        format!(
            "{} is not a list of mutants as `cargo mutants --list --json` writes it",
            file.display()
        )
    })
}

/// Mutants of the solution as cargo-mutants lists them.
pub(super) fn cargo_mutants(solution: &Path) -> anyhow::Result<Vec<RawMutant>> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let installed = Command::new(&cargo)
        .args(["mutants", "--version"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    if !installed {
        bail!(
            "cargo-mutants is not installed: install it with `cargo install --locked cargo-mutants`"
        );
    }
    let output = Command::new(&cargo)
        .args(["mutants", "--list", "--json", "--diff"])
        .current_dir(solution)
        .stdin(Stdio::null())
        .output()
        .context("running cargo mutants --list")?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        bail!(
            "cargo mutants --list failed: {}",
            stderr.lines().last().unwrap_or("no message")
        );
    }
    serde_json::from_slice(&output.stdout).context("reading the JSON of cargo mutants --list")
}

/// The lines of a `// BEGIN SOLUTION` marker and of its `// END SOLUTION`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Region {
    pub(super) begin: usize,
    pub(super) end: usize,
}

impl Region {
    /// Whether `span` lies between the two markers.
    pub(super) fn holds(self, span: Span) -> bool {
        self.begin < span.start.line && span.end.line < self.end
    }
}

/// The solution regions of a source file (`BEGIN SOLUTION ONLY` ones included); a
/// marker without its partner is left out (`grader starter` reports those).
fn solution_regions(source: &str) -> Vec<Region> {
    let mut regions = Vec::new();
    let mut begin = None;
    for (index, line) in source.lines().enumerate() {
        let line_number = index + 1;
        let trimmed = line.trim_start();
        if trimmed.starts_with("// BEGIN SOLUTION") {
            begin = Some(line_number);
        } else if trimmed.starts_with("// END SOLUTION")
            && let Some(begin) = begin.take()
        {
            regions.push(Region {
                begin,
                end: line_number,
            });
        }
    }
    regions
}

/// The byte offset of `place` in `source`, counting as cargo-mutants does (a `\r`
/// is part of the column before it).
fn offset(source: &str, place: LineColumn) -> Option<usize> {
    let (mut line, mut column) = (1, 1);
    for (index, c) in source.char_indices() {
        if (line, column) == (place.line, place.column) {
            return Some(index);
        }
        if c == '\n' {
            line += 1;
            column = 1;
        } else if c != '\r' {
            column += 1;
        }
    }
    ((line, column) == (place.line, place.column)).then_some(source.len())
}

/// `source` with `span` replaced by `replacement`.
pub(super) fn apply(source: &str, span: Span, replacement: &str) -> anyhow::Result<String> {
    let (Some(start), Some(end)) = (offset(source, span.start), offset(source, span.end)) else {
        bail!(
            "the span {span:?} is not in the file (has the solution changed since the mutants were listed?)"
        );
    };
    if end < start {
        bail!("the span {span:?} ends before it starts");
    }
    Ok(format!(
        "{}{replacement}{}",
        &source[..start],
        &source[end..]
    ))
}

/// `count` mutants spread evenly over `mutants`, in their order, so that a small
/// sample still reaches every file.
pub(super) fn spread(mutants: Vec<Mutant>, count: usize) -> Vec<Mutant> {
    let total = mutants.len();
    if count >= total {
        return mutants;
    }
    let picks: BTreeSet<usize> = (0..count).map(|i| i * total / count).collect();
    mutants
        .into_iter()
        .enumerate()
        .filter(|(index, _)| picks.contains(index))
        .map(|(_, mutant)| mutant)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands::mutants::tests::*;

    #[test]
    fn a_span_is_replaced_counting_columns_in_characters() {
        let source = "fn f() -> bool {\n    «é» == b\n}\n";
        // `==` is at line 2, columns 9..11 (1-based, end exclusive), after 3 non-ASCII chars.
        assert_eq!(
            apply(source, span((2, 9), (2, 11)), "!=").unwrap(),
            "fn f() -> bool {\n    «é» != b\n}\n"
        );
    }

    #[test]
    fn a_span_over_several_lines_is_replaced_whole() {
        let source = "fn f() -> u8 {\n    let x = 1;\n    x\n}\n";
        assert_eq!(
            apply(source, span((2, 5), (3, 6)), "0").unwrap(),
            "fn f() -> u8 {\n    0\n}\n"
        );
    }

    #[test]
    fn a_span_outside_the_file_is_an_error() {
        let error = apply("x\n", span((9, 1), (9, 2)), "y").unwrap_err();
        assert!(error.to_string().contains("not in the file"), "{error}");
    }

    #[test]
    fn solution_regions_are_found_between_their_markers() {
        let source = "use a;\n// BEGIN SOLUTION ONLY\nuse b;\n// END SOLUTION\nfn f() {\n    // BEGIN SOLUTION f (§1): m\n    body();\n    // END SOLUTION\n}\n";
        assert_eq!(
            solution_regions(source),
            [Region { begin: 2, end: 4 }, Region { begin: 6, end: 8 }]
        );
    }

    #[test]
    fn only_spans_between_the_markers_are_in_a_region() {
        let region = Region { begin: 6, end: 8 };
        assert!(region.holds(span((7, 5), (7, 11))));
        assert!(!region.holds(span((5, 10), (9, 2))), "the whole function");
        assert!(
            !region.holds(span((7, 5), (8, 3))),
            "reaching the end marker"
        );
    }

    #[test]
    fn mutants_outside_solution_src_are_left_out() {
        let raw = |file: &str| RawMutant {
            name: format!("{file}:1:1: replace f with ()"),
            file: file.to_owned(),
            span: span((1, 1), (1, 2)),
            replacement: "()".to_owned(),
            diff: String::new(),
        };
        assert!(Mutant::from_raw(raw("solution/tests/driver.rs")).is_none());
        assert!(Mutant::from_raw(raw("grader/src/main.rs")).is_none());
        assert!(Mutant::from_raw(raw("solution/src/../../grader/src/main.rs")).is_none());
        let kept = Mutant::from_raw(raw("solution/src/cell.rs")).unwrap();
        assert_eq!(kept.file, PathBuf::from("src/cell.rs"));
        assert_eq!(kept.name, "src/cell.rs:1:1: replace f with ()");
    }

    #[test]
    fn a_limit_spreads_the_sample_over_the_whole_list() {
        let mutants: Vec<Mutant> = (0..10).map(|i| mutant(&i.to_string(), "")).collect();
        let names: Vec<String> = spread(mutants, 3).into_iter().map(|m| m.name).collect();
        assert_eq!(names, ["0", "3", "6"]);
    }
}
