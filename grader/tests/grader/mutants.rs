//! `grader mutants` on hand-written mutants (in the JSON that `cargo mutants --list
//! --json` writes), so that it runs without cargo-mutants installed: each mutant is
//! applied to a copy of the solution and graded by the real grader.

use std::path::Path;

use serde_json::{Value, json};

use super::support::{grader, kit_root, work_dir};

/// The 1-based line and character column of byte `offset` in `source`.
fn line_column(source: &str, offset: usize) -> Value {
    let before = &source[..offset];
    let line = before.matches('\n').count() + 1;
    let column = before
        .rsplit('\n')
        .next()
        .map_or(0, |last| last.chars().count())
        + 1;
    json!({ "line": line, "column": column })
}

/// A mutant of `file` (below solution/) that replaces the one occurrence of
/// `original` with `replacement`, as cargo-mutants describes one.
fn mutant(file: &str, original: &str, replacement: &str, what: &str) -> Value {
    let source = std::fs::read_to_string(kit_root().join("solution").join(file))
        .expect("reading a solution file");
    assert_eq!(
        source.matches(original).count(),
        1,
        "{original:?} must occur once in {file}"
    );
    let start = source.find(original).expect("found");
    let span = json!({
        "start": line_column(&source, start),
        "end": line_column(&source, start + original.len()),
    });
    let line = span["start"]["line"].clone();
    json!({
        "name": format!("solution/{file}:{line}: {what}"),
        "package": "maze-solution",
        "file": format!("solution/{file}"),
        "span": span,
        "replacement": replacement,
        "genre": "FnValue",
        "diff": format!("--- solution/{file}\n+++ {what}\n@@\n-{original}\n+{replacement}\n"),
    })
}

/// The body of `DirectionExt::opposite`, from its first statement to its last.
fn opposite_body() -> String {
    let source = std::fs::read_to_string(kit_root().join("solution/src/direction.rs"))
        .expect("reading direction.rs");
    let start = source
        .find("let mut result = Direction::NONE;")
        .expect("opposite starts so");
    let end = source[start..]
        .find("result\n        // END SOLUTION")
        .expect("opposite ends so")
        + start
        + "result".len();
    source[start..end].to_owned()
}

fn run_mutants(mutants: &Value, output: &Path) -> (i32, String) {
    let file = output.with_file_name("mutants.json");
    std::fs::write(&file, mutants.to_string()).expect("writing the mutants");
    let result = grader()
        .args(["mutants", "--mutants"])
        .arg(&file)
        .arg("--work-dir")
        .arg(work_dir())
        .arg("--output")
        .arg(output)
        .output()
        .expect("running grader mutants");
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    (
        result.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&result.stdout).into_owned(),
    )
}

#[test]
#[ignore = "full tier: builds and grades mutants of the solution"]
fn wrong_mutants_lose_points_and_a_harmless_one_is_written_down_as_a_survivor() {
    let mutants = json!([
        mutant(
            "src/direction.rs",
            &opposite_body(),
            "self",
            "replace DirectionExt::opposite -> Direction with self",
        ),
        mutant(
            "src/rat/disjoint_set.rs",
            "let root_a = self.find(a);\n        let root_b = self.find(b);\n        if root_a == root_b {\n            return false;\n        }",
            "let root_a = self.find(a);\n        let root_b = self.find(b);\n        if root_a == root_b {\n            return false;\n        }\n        return true;",
            "make DisjointSet::union never merge",
        ),
        mutant(
            "src/rat/disjoint_set.rs",
            "self.find(a) == self.find(b)",
            "self.find(a) == self.find(b)",
            "change nothing in DisjointSet::same_set",
        ),
        mutant(
            "src/position.rs",
            "let mut x = self.x;",
            "let mut x: i32 = \"text\";",
            "make Position::moved not compile",
        ),
        mutant(
            "src/draw/text.rs",
            "pub fn",
            "fn",
            "mutate provided code outside the solution regions",
        ),
    ]);
    let dir = tempfile::tempdir().expect("temp dir");
    let output = dir.path().join("survivors.md");
    let (code, stdout) = run_mutants(&mutants, &output);
    assert_eq!(code, 0, "{stdout}");
    let line = |what: &str| {
        stdout
            .lines()
            .find(|line| line.contains(what))
            .unwrap_or_else(|| panic!("no line for {what}: {stdout}"))
            .to_owned()
    };
    assert!(
        stdout.starts_with("5 mutants listed, 4 in solution regions\n"),
        "{stdout}"
    );
    assert!(
        line("DirectionExt::opposite").starts_with("caught "),
        "{stdout}"
    );
    assert!(
        line("opposite").contains("(by direction_opposite"),
        "{stdout}"
    );
    assert!(line("never merge").starts_with("caught "), "{stdout}");
    let full = line("the unmutated solution scores ")
        .trim_start_matches("the unmutated solution scores ")
        .split(' ')
        .next()
        .unwrap_or_default()
        .to_owned();
    assert!(
        line("change nothing").starts_with(&format!("SURVIVED {full} ")),
        "{stdout}"
    );
    assert!(line("not compile").starts_with("unviable "), "{stdout}");
    assert!(!stdout.contains("outside the solution regions"), "{stdout}");
    assert!(
        stdout.contains("\n3 viable mutants: 2 caught (67 %), 1 survived; 1 unviable (in "),
        "{stdout}"
    );

    let survivors = std::fs::read_to_string(&output).expect("the survivors file is written");
    let rows: Vec<&str> = survivors
        .lines()
        .filter(|line| line.starts_with("| `"))
        .collect();
    assert_eq!(rows.len(), 1, "{survivors}");
    assert!(
        rows[0].contains("change nothing in DisjointSet::same_set` |"),
        "{survivors}"
    );
    assert!(rows[0].ends_with(" |  |"), "an empty note: {survivors}");
}

#[test]
fn without_cargo_mutants_the_command_says_how_to_install_it() {
    let empty = tempfile::tempdir().expect("temp dir");
    let output = grader()
        .args(["mutants", "--list"])
        // A cargo that knows no `mutants` subcommand: a PATH and CARGO_HOME without it.
        .env("PATH", empty.path())
        .env("CARGO_HOME", empty.path())
        .env("CARGO", which_cargo())
        .output()
        .expect("running grader mutants");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "grader: error: cargo-mutants is not installed: install it with `cargo install --locked cargo-mutants`\n"
    );
}

/// The cargo binary that runs these tests.
fn which_cargo() -> std::path::PathBuf {
    std::env::var_os("CARGO")
        .map(std::path::PathBuf::from)
        .expect("cargo sets CARGO for tests")
}
