//! Which lines of a submission the student wrote: those that differ from the kit's
//! pristine starter, file by file.
//!
//! A line diff (the `similar` crate, Myers' algorithm) of each file against its stub
//! gives the lines inserted or changed; a file the stubs lack is all the student's.
//! Lines are compared without their line ending and trailing spaces, so that an
//! editor that saves with CRLF or trims whitespace does not make the provided code
//! the student's. A line the student deleted leaves no line to blame: what its
//! absence causes is found, if at all, on a line they did write.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use similar::{ChangeTag, TextDiff};

use crate::harness::Sources;

/// The student's lines of a submission, worked out file by file as they are asked for.
pub(super) struct Authorship<'a> {
    sources: &'a Sources,
    stubs: Option<&'a Sources>,
    known: BTreeMap<PathBuf, Lines>,
}

/// A file's lines that are the student's.
enum Lines {
    /// Every line (a file of their own, or no stubs to compare with).
    All,
    /// These lines (1-based).
    These(BTreeSet<usize>),
}

impl<'a> Authorship<'a> {
    /// The authorship of `sources` against the pristine `stubs`; without stubs (a
    /// kit that has none), every line is the student's.
    pub(super) fn new(sources: &'a Sources, stubs: Option<&'a Sources>) -> Authorship<'a> {
        Authorship {
            sources,
            stubs,
            known: BTreeMap::new(),
        }
    }

    /// Whether any of the lines `first..=last` of `file` (below `src/`) is the
    /// student's.
    pub(super) fn wrote(&mut self, file: &Path, (first, last): (usize, usize)) -> bool {
        let lines = self.known.entry(file.to_path_buf()).or_insert_with(|| {
            match (self.stubs.and_then(|s| s.get(file)), self.sources.get(file)) {
                (Some(stub), Some(theirs)) => Lines::These(changed_lines(
                    &String::from_utf8_lossy(stub),
                    &String::from_utf8_lossy(theirs),
                )),
                _ => Lines::All,
            }
        });
        match lines {
            Lines::All => true,
            Lines::These(changed) => changed.range(first..=last.max(first)).next().is_some(),
        }
    }
}

/// The lines of `theirs` (1-based) that are not lines of `pristine` kept as they were.
pub(super) fn changed_lines(pristine: &str, theirs: &str) -> BTreeSet<usize> {
    let normal = |text: &str| -> String {
        text.lines()
            .map(|line| format!("{}\n", line.trim_end()))
            .collect()
    };
    let (old, new) = (normal(pristine), normal(theirs));
    let diff = TextDiff::from_lines(&old, &new);
    diff.iter_all_changes()
        .filter(|change| change.tag() == ChangeTag::Insert)
        .filter_map(|change| change.new_index().map(|index| index + 1))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stub_body_replaced_is_the_students_and_its_signature_is_not() {
        let stub = "/// Doc.\npub fn f(v: &Vec<i32>) -> bool {\n    todo!(\"f {v:?}\")\n}\n";
        let theirs = "/// Doc.\npub fn f(v: &Vec<i32>) -> bool {\n    if v.len() == 0 {\n        return true;\n    }\n    false\n}\n";
        assert_eq!(changed_lines(stub, theirs), BTreeSet::from([3, 4, 5, 6]));
    }

    #[test]
    fn line_endings_and_trailing_spaces_do_not_make_a_line_the_students() {
        let stub = "fn a() {}\nfn b() {}\n";
        let theirs = "fn a() {}   \r\nfn b() {}\r\n";
        assert!(changed_lines(stub, theirs).is_empty());
    }

    #[test]
    fn a_file_the_starter_lacks_is_all_the_students() {
        let sources = Sources::from([(PathBuf::from("helpers.rs"), b"fn x() {}\n".to_vec())]);
        let stubs = Sources::new();
        let mut authorship = Authorship::new(&sources, Some(&stubs));
        assert!(authorship.wrote(Path::new("helpers.rs"), (1, 1)));
    }

    #[test]
    fn a_span_counts_when_any_of_its_lines_is_the_students() {
        let stub = b"fn a() {\n    todo!()\n}\nfn given() {}\n".to_vec();
        let theirs = b"fn a() {\n    1;\n}\nfn given() {}\n".to_vec();
        let sources = Sources::from([(PathBuf::from("a.rs"), theirs)]);
        let stubs = Sources::from([(PathBuf::from("a.rs"), stub)]);
        let mut authorship = Authorship::new(&sources, Some(&stubs));
        assert!(authorship.wrote(Path::new("a.rs"), (1, 3)));
        assert!(!authorship.wrote(Path::new("a.rs"), (4, 4)));
        assert!(!authorship.wrote(Path::new("a.rs"), (1, 1)));
    }
}
