//! The Rust version the kit promises is one its locked dependencies accept: every
//! manifest's `rust-version` (the workspace's, which solution/ and grader/ inherit, and
//! the starter's own) is at least the newest `rust-version` among the packages in its
//! lock file, and the READMEs (the kit's and the student template's) and the
//! instructor's guide's first task name the same version. Otherwise a student on the
//! promised toolchain meets "package requires rustc 1.xx" before writing a line.

use cargo_metadata::semver::Version;
use cargo_metadata::{Metadata, MetadataCommand, Package};

use super::support::kit_root;

/// `cargo metadata --locked` of the workspace whose manifest is `manifest` (relative
/// to the kit), every platform's packages included: a student may be on any.
fn metadata(manifest: &str) -> Metadata {
    MetadataCommand::new()
        .manifest_path(kit_root().join(manifest))
        .other_options(vec!["--locked".to_owned()])
        .exec()
        .unwrap_or_else(|error| panic!("cargo metadata --locked of {manifest}: {error}"))
}

/// The locked packages that need a newer Rust than `promised`, as `name version
/// (rust-version)`.
fn needing_more(metadata: &Metadata, promised: &Version) -> Vec<String> {
    metadata
        .packages
        .iter()
        .filter(|package| package.rust_version.as_ref().is_some_and(|v| v > promised))
        .map(|package| {
            format!(
                "{} {} (rust-version {})",
                package.name,
                package.version,
                package
                    .rust_version
                    .as_ref()
                    .map_or(String::new(), |v| v.to_string())
            )
        })
        .collect()
}

/// The `rust-version` of the workspace member named `name`.
fn promised(metadata: &Metadata, name: &str) -> Version {
    let package: &Package = metadata
        .workspace_packages()
        .into_iter()
        .find(|package| package.name.as_str() == name)
        .unwrap_or_else(|| panic!("no package {name}"));
    package
        .rust_version
        .clone()
        .unwrap_or_else(|| panic!("{name} has no rust-version"))
}

#[test]
fn every_manifest_promises_a_rust_that_its_locked_dependencies_accept() {
    let kit = metadata("Cargo.toml");
    let solution = promised(&kit, "maze-solution");
    assert_eq!(promised(&kit, "maze-grader"), solution);
    let starter = metadata("starter/Cargo.toml");
    assert_eq!(promised(&starter, "maze-starter"), solution);
    for (lock, metadata) in [("Cargo.lock", &kit), ("starter/Cargo.lock", &starter)] {
        let too_new = needing_more(metadata, &solution);
        assert!(
            too_new.is_empty(),
            "{lock} has packages that need a newer Rust than rust-version {solution}: {}",
            too_new.join(", ")
        );
    }

    let readme = std::fs::read_to_string(kit_root().join("README.md")).expect("README.md");
    let minor = format!("{}.{}", solution.major, solution.minor);
    assert!(
        readme.contains(&format!("({minor} or newer")),
        "README.md does not promise Rust {minor} or newer"
    );
    // The guide's first task, where an instructor learns what the machine needs.
    let adopt = std::fs::read_to_string(kit_root().join("guide/src/tasks/adopt.md"))
        .expect("guide/src/tasks/adopt.md");
    assert!(
        adopt.contains(&format!("Rust **{minor} or newer**")),
        "guide/src/tasks/adopt.md does not promise Rust {minor} or newer"
    );
    // The student template's README, written by `grader dist`.
    let dist = std::fs::read_to_string(kit_root().join("grader/src/dist/readme.rs"))
        .expect("dist/readme.rs");
    assert!(
        dist.contains(&format!("Rust {minor} or newer")),
        "the student README of grader/src/dist/readme.rs does not promise Rust {minor} or newer"
    );
}
