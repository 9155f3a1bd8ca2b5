//! Words of the grader's own above the compiler's, for build errors that come from
//! how students really work rather than from their Rust: a crate added to their
//! `Cargo.toml` (the grader builds `src/` with the kit's crates alone, and rustc's
//! own hint, "use `cargo add …`", is what the student already did), a module file
//! named with another case (`Solve.rs` for `mod solve;`: found on macOS and Windows,
//! not where grading runs), a source saved as UTF-16 by a Windows editor, and an
//! edition other than the kit's.
//!
//! Each says in one line what the grader builds with and what to change. They are
//! read from the submission's files and the compiler's messages only; a line that
//! would name something the files do not show is never written.

use std::collections::BTreeMap;
use std::path::Path;

use super::layout::{EDITION, SUBMISSION_DEPENDENCIES, Sources};

/// The most of a student's `Cargo.toml` read, and the longest crate name quoted.
const MANIFEST_CAP: u64 = 1024 * 1024;
const NAME_CAP: usize = 64;

/// The lines to show above the compiler's `errors` for a submission whose crate is
/// at `crate_dir` with `sources`; `lock` is the kit's lock file (for the versions).
pub(super) fn advice(
    crate_dir: &Path,
    sources: &Sources,
    errors: &[String],
    lock: &str,
) -> Vec<String> {
    // The student's manifest, if it is of a manifest's size (it is the student's file).
    let manifest: Option<toml::Table> = std::fs::File::open(crate_dir.join("Cargo.toml"))
        .ok()
        .and_then(|file| {
            let mut text = String::new();
            std::io::Read::read_to_string(&mut std::io::Read::take(file, MANIFEST_CAP), &mut text)
                .ok()?;
            toml::from_str(&text).ok()
        });
    let mut lines = Vec::new();
    let kit = kit_crates(lock);
    let added: Vec<String> = manifest
        .as_ref()
        .and_then(|m| m.get("dependencies"))
        .and_then(toml::Value::as_table)
        .map(|deps| {
            deps.keys()
                .filter(|name| !kit.contains_key(name.as_str()))
                .cloned()
                .collect()
        })
        .unwrap_or_default();
    let missing: Vec<&String> = added
        .iter()
        .filter(|name| name.len() <= NAME_CAP)
        .filter(|name| {
            let krate = name.replace('-', "_");
            errors
                .iter()
                .any(|error| error.contains(&format!("`{krate}`")))
        })
        .collect();
    if !missing.is_empty() {
        let listed: Vec<String> = kit
            .iter()
            .map(|(name, version)| format!("{name} {version}"))
            .collect();
        lines.push(format!(
            "the grader builds your src/ with the kit's crates only ({}), not with the \
             dependencies of your Cargo.toml: {} cannot be used here; write that code with \
             the kit's crates or the standard library",
            listed.join(", "),
            quoted(&missing)
        ));
    }
    for error in errors {
        if let Some(line) = case_mismatch(error, sources)
            && !lines.contains(&line)
        {
            lines.push(line);
        }
    }
    for (file, text) in sources {
        if text.starts_with(&[0xff, 0xfe]) || text.starts_with(&[0xfe, 0xff]) {
            lines.push(format!(
                "src/{} is saved as UTF-16 (as some Windows editors save): Rust reads UTF-8 \
                 only, so save it as UTF-8",
                file.display()
            ));
        }
    }
    let edition = manifest
        .as_ref()
        .and_then(|m| m.get("package"))
        .and_then(|p| p.get("edition"))
        .and_then(toml::Value::as_str);
    if let Some(edition) = edition.filter(|e| *e != EDITION) {
        lines.push(format!(
            "the grader builds your code with edition {EDITION}, the starter's, and your \
             Cargo.toml says edition {edition}: set edition = \"{EDITION}\" and build again \
             to see these errors on your machine"
        ));
    }
    lines
}

/// The kit's crates a submission may use, with their locked versions.
fn kit_crates(lock: &str) -> BTreeMap<String, String> {
    let allowed: toml::Table = toml::from_str(SUBMISSION_DEPENDENCIES).unwrap_or_default();
    let locked: toml::Table = toml::from_str(lock).unwrap_or_default();
    let versions: BTreeMap<&str, &str> = locked
        .get("package")
        .and_then(toml::Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|package| {
            Some((
                package.get("name")?.as_str()?,
                package.get("version")?.as_str()?,
            ))
        })
        .collect();
    allowed
        .keys()
        .map(|name| {
            let version = versions.get(name.as_str()).copied().unwrap_or("(any)");
            (name.clone(), version.to_owned())
        })
        .collect()
}

/// For rustc's "file not found for module `m`": the file that is there under another
/// case, if any.
fn case_mismatch(error: &str, sources: &Sources) -> Option<String> {
    let rest = error.split("file not found for module `").nth(1)?;
    let module = rest.split('`').next()?;
    // rustc's help names the paths it looked for: `src/a/m.rs` or `src/a/m/mod.rs`.
    let wanted: Vec<String> = error
        .split('"')
        .filter(|part| part.ends_with(".rs") && part.starts_with("src/"))
        .map(|part| part.trim_start_matches("src/").to_owned())
        .collect();
    let candidates: Vec<String> = if wanted.is_empty() {
        vec![format!("{module}.rs"), format!("{module}/mod.rs")]
    } else {
        wanted
    };
    for want in &candidates {
        for file in sources.keys() {
            let have = file.to_string_lossy().replace('\\', "/");
            if have != *want && have.eq_ignore_ascii_case(want) {
                return Some(format!(
                    "file names are case-sensitive where the grader builds (Linux), though not on \
                     macOS or Windows: `mod {module};` needs src/{want}, and your file is \
                     src/{have}; rename it"
                ));
            }
        }
    }
    None
}

fn quoted(names: &[&String]) -> String {
    names
        .iter()
        .map(|name| format!("`{name}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    const LOCK: &str = "version = 4\n\n[[package]]\nname = \"bitflags\"\nversion = \"2.13.2\"\n\n[[package]]\nname = \"rand\"\nversion = \"0.9.2\"\n";

    fn crate_with(manifest: &str) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("Cargo.toml"), manifest).unwrap();
        dir
    }

    fn sources(files: &[(&str, &[u8])]) -> Sources {
        files
            .iter()
            .map(|(name, text)| (PathBuf::from(name), text.to_vec()))
            .collect()
    }

    #[test]
    fn a_crate_added_to_the_manifest_and_used_is_named_with_the_kits_crates() {
        let dir = crate_with(
            "[package]\nname = \"maze\"\nedition = \"2024\"\n[dependencies]\nitertools = \"0.14\"\nrand = \"0.9\"\n",
        );
        let error = "error[E0432]: unresolved import `itertools`\n  = help: if you wanted to use a crate named `itertools`, use `cargo add itertools` to add it to your `Cargo.toml`";
        let lines = advice(dir.path(), &sources(&[]), &[error.to_owned()], LOCK);
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(
            lines[0].contains("`itertools` cannot be used here"),
            "{}",
            lines[0]
        );
        assert!(lines[0].contains("bitflags 2.13.2"), "{}", lines[0]);
        assert!(lines[0].contains("rand 0.9.2"), "{}", lines[0]);
    }

    #[test]
    fn a_crate_in_the_manifest_that_no_error_names_gets_no_line() {
        let dir = crate_with("[package]\nname = \"maze\"\n[dependencies]\nitertools = \"0.14\"\n");
        let error = "error[E0308]: mismatched types";
        assert!(advice(dir.path(), &sources(&[]), &[error.to_owned()], LOCK).is_empty());
    }

    #[test]
    fn a_module_file_in_another_case_is_named() {
        let dir = crate_with("[package]\nname = \"maze\"\n");
        let error = "error[E0583]: file not found for module `solve`\n --> src/lib.rs:3:1\n  = help: to create the module `solve`, create file \"src/solve.rs\" or \"src/solve/mod.rs\"";
        let files = sources(&[("lib.rs", b"mod solve;"), ("Solve.rs", b"")]);
        let lines = advice(dir.path(), &files, &[error.to_owned()], LOCK);
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(
            lines[0].contains("needs src/solve.rs, and your file is src/Solve.rs"),
            "{}",
            lines[0]
        );
    }

    #[test]
    fn a_missing_module_file_in_no_case_gets_no_line() {
        let dir = crate_with("[package]\nname = \"maze\"\n");
        let error = "error[E0583]: file not found for module `solve`\n  = help: to create the module `solve`, create file \"src/solve.rs\" or \"src/solve/mod.rs\"";
        let files = sources(&[("lib.rs", b"mod solve;")]);
        assert!(advice(dir.path(), &files, &[error.to_owned()], LOCK).is_empty());
    }

    #[test]
    fn a_utf16_file_and_another_edition_are_named() {
        let dir = crate_with("[package]\nname = \"maze\"\nedition = \"2018\"\n");
        let files = sources(&[("lib.rs", b"\xff\xfem\0o\0d\0")]);
        let lines = advice(dir.path(), &files, &["error: x".to_owned()], LOCK);
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert!(lines[0].starts_with("src/lib.rs is saved as UTF-16"));
        assert!(lines[1].contains("your Cargo.toml says edition 2018"));
    }
}
