//! Building with cargo in the sandbox, as the grader builds a submission.

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::*;

/// The toolchain of the `rustc` on PATH and cargo's home.
fn toolchain() -> Option<(PathBuf, PathBuf)> {
    let output = std::process::Command::new("rustc")
        .args(["--print", "sysroot"])
        .output()
        .ok()?;
    let sysroot = PathBuf::from(String::from_utf8(output.stdout).ok()?.trim());
    let cargo_home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")))?;
    Some((sysroot, cargo_home))
}

/// `cargo build --offline --locked` of a one-file crate whose main.rs is `main`, as a
/// job set up the way the grader builds a submission: the crate (with its lock file)
/// read-only, CARGO_HOME and the toolchain read-only, only the target dir and a
/// TMPDIR writable. `None` when the lock file cannot be made (a dependency missing
/// from the local registry cache).
fn cargo_build(
    main: &str,
    dependencies: &str,
    sysroot: &Path,
    cargo_home: &Path,
) -> Option<(Finished, tempfile::TempDir)> {
    use std::os::unix::fs::PermissionsExt;
    let krate = open_dir("maze-sandbox-crate-");
    let src = krate.path().join("src");
    std::fs::write(
        krate.path().join("Cargo.toml"),
        format!(
            "[package]\nname = \"tiny\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n\
             [dependencies]\n{dependencies}\n\n[workspace]\n"
        ),
    )
    .unwrap();
    std::fs::create_dir(&src).unwrap();
    std::fs::set_permissions(&src, std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::write(src.join("main.rs"), main).unwrap();
    let bin = sysroot.join("bin");
    let locked = std::process::Command::new(bin.join("cargo"))
        .args(["generate-lockfile", "--offline", "--quiet"])
        .env("CARGO_HOME", cargo_home)
        .current_dir(krate.path())
        .status()
        .is_ok_and(|s| s.success());
    if !locked {
        return None;
    }
    let target = krate.path().join("target");
    let tmp = krate.path().join("tmp");
    std::fs::create_dir(&target).unwrap();
    std::fs::create_dir(&tmp).unwrap();
    let job = Job {
        args: vec![
            "build".into(),
            "--offline".into(),
            "--locked".into(),
            "--quiet".into(),
        ],
        env: vec![
            (
                "PATH".into(),
                format!("{}:/usr/bin:/bin", bin.display()).into(),
            ),
            ("HOME".into(), tmp.clone().into()),
            ("CARGO_HOME".into(), cargo_home.into()),
            ("RUSTC".into(), bin.join("rustc").into()),
            ("CARGO_TARGET_DIR".into(), target.clone().into()),
            ("TMPDIR".into(), tmp.clone().into()),
            ("CARGO_TERM_COLOR".into(), "never".into()),
        ],
        cwd: krate.path().to_owned(),
        readable: vec![
            krate.path().to_owned(),
            sysroot.to_owned(),
            cargo_home.to_owned(),
            "/usr/bin".into(),
            "/bin".into(),
            "/usr/libexec".into(),
        ],
        writable: vec![target, tmp],
        limits: Limits {
            wall: Duration::from_secs(300),
            ..Limits::build()
        },
        ..Job::new(bin.join("cargo"))
    };
    Some((sandboxed(&job), krate))
}

#[cfg(target_os = "linux")]
#[test]
fn cargo_builds_an_honest_crate_but_not_one_that_includes_files_outside() {
    if !sandbox_available("cargo_builds_an_honest_crate_but_not_one_that_includes_files_outside") {
        return;
    }
    let Some((sysroot, cargo_home)) = toolchain() else {
        note("cargo build test: skipped, no rustc on PATH");
        return;
    };
    let build = |main: &str, dependencies: &str| {
        cargo_build(main, dependencies, &sysroot, &cargo_home).expect("a lock file")
    };
    let (honest, krate) = build("fn main() { println!(\"{}\", 6 * 7); }\n", "");
    assert_eq!(honest.exit, Exit::Code(0), "{}", text(&honest.stderr));
    assert!(krate.path().join("target/debug/tiny").is_file());

    let elsewhere = open_dir("maze-sandbox-elsewhere-");
    let other = elsewhere.path().join("answers.txt");
    std::fs::write(&other, "42").unwrap();
    for path in [Path::new("/etc/hostname"), other.as_path()] {
        let (sneaky, _krate) = build(
            &format!(
                "const STOLEN: &str = include_str!({path:?});\n\
                 fn main() {{ println!(\"{{STOLEN}}\"); }}\n"
            ),
            "",
        );
        let stderr = text(&sneaky.stderr);
        assert_eq!(sneaky.exit, Exit::Code(101), "{stderr}");
        assert!(
            stderr.contains(&format!("couldn't read `{}`", path.display())),
            "{stderr}"
        );
    }
}

#[cfg(target_os = "linux")]
#[test]
fn cargo_builds_a_crate_with_a_registry_dependency_from_a_read_only_cargo_home() {
    let test = "cargo_builds_a_crate_with_a_registry_dependency_from_a_read_only_cargo_home";
    if !sandbox_available(test) {
        return;
    }
    let Some((sysroot, cargo_home)) = toolchain() else {
        note(&format!("{test}: skipped, no rustc on PATH"));
        return;
    };
    // bitflags is one of the workspace's own dependencies, so it is in the cache.
    let main = "bitflags::bitflags! { struct F: u8 { const A = 1; } }\n\
                fn main() { println!(\"{}\", F::A.bits()); }\n";
    let Some((finished, krate)) = cargo_build(main, "bitflags = \"2\"", &sysroot, &cargo_home)
    else {
        note(&format!(
            "{test}: skipped, bitflags is not in the local registry cache"
        ));
        return;
    };
    assert_eq!(finished.exit, Exit::Code(0), "{}", text(&finished.stderr));
    assert!(krate.path().join("target/debug/tiny").is_file());
}
