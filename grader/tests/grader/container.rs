//! Grading where courses grade: the Gradescope package's `run_autograder`, unpacked
//! as Gradescope unpacks it and run with `--sandbox required` under Docker's default
//! confinement (root without namespaces, `grader __docker-defaults`), with the host's
//! Landlock and as on a kernel without it. The reference earns full marks, the
//! starter nothing, and every kind of hostile submission the bare host contains is
//! contained here too.

use std::path::{Path, PathBuf};

use serde_json::Value;

use super::support::{Submission, grader};

/// Whether this test can confine like Docker (it needs root); says why not.
fn as_root(test: &str) -> bool {
    let root = nix_is_root();
    if !root {
        eprintln!("note: {test}: skipped, Docker's confinement is reproduced only as root");
    }
    root
}

fn nix_is_root() -> bool {
    std::fs::read_to_string("/proc/self/status").is_ok_and(|s| {
        s.lines()
            .find_map(|l| l.strip_prefix("Uid:"))
            .and_then(|ids| ids.split_whitespace().nth(1))
            == Some("0")
    })
}

/// The toolchain the kit's tests run with, and cargo's home, which jobs at the
/// container level must reach through every directory above them (setup.sh installs
/// Rust under /usr/local for that; here root's home may need `o+x`).
fn toolchain_homes() -> (PathBuf, PathBuf) {
    let home = PathBuf::from(std::env::var_os("HOME").expect("HOME"));
    let cargo = std::env::var_os("CARGO_HOME").map_or_else(|| home.join(".cargo"), PathBuf::from);
    let rustup =
        std::env::var_os("RUSTUP_HOME").map_or_else(|| home.join(".rustup"), PathBuf::from);
    #[cfg(unix)]
    for dir in [&cargo, &rustup] {
        use std::os::unix::fs::PermissionsExt as _;
        for above in dir.ancestors().skip(1) {
            let Ok(meta) = std::fs::metadata(above) else {
                continue;
            };
            if meta.permissions().mode() & 0o001 == 0 {
                eprintln!(
                    "note: letting others pass through {} (chmod o+x) so that job uids reach the toolchain, as setup.sh's /usr/local install does",
                    above.display()
                );
                let mode = meta.permissions().mode() | 0o001;
                std::fs::set_permissions(above, std::fs::Permissions::from_mode(mode))
                    .expect("chmod o+x");
            }
        }
    }
    (cargo, rustup)
}

/// A Gradescope autograder unpacked into its own `AUTOGRADER_ROOT`, as setup.sh
/// leaves it: the grader built, `source/` root's alone.
struct Autograder {
    root: PathBuf,
}

impl Autograder {
    fn unpacked(name: &str) -> Autograder {
        use std::os::unix::fs::PermissionsExt as _;
        let root = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("container-{name}"));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(&root).expect("creating the root");
        let zip_path = root.join("autograder.zip");
        grader().arg("gradescope").arg(&zip_path).assert().success();
        let source = root.join("source");
        zip::ZipArchive::new(std::fs::File::open(&zip_path).expect("the zip"))
            .expect("a zip")
            .extract(&source)
            .expect("unpacking");
        let release = source.join("target/release");
        std::fs::create_dir_all(&release).expect("creating target/release");
        std::fs::copy(env!("CARGO_BIN_EXE_grader"), release.join("grader")).expect("copying");
        // What setup.sh does after building.
        for entry in walkdir::WalkDir::new(&source) {
            let entry = entry.expect("reading source/");
            let mode = entry.metadata().expect("metadata").permissions().mode() & 0o700;
            std::fs::set_permissions(entry.path(), std::fs::Permissions::from_mode(mode))
                .expect("chmod go-rwx");
        }
        std::fs::set_permissions(&root, std::fs::Permissions::from_mode(0o711)).expect("chmod");
        Autograder { root }
    }

    /// The course's secret, from the package's rubric.
    fn secret(&self) -> String {
        let rubric = std::fs::read_to_string(self.root.join("source/fixtures/rubric.toml"))
            .expect("the rubric");
        rubric
            .lines()
            .find_map(|l| l.trim().strip_prefix("secret = "))
            .expect("a secret")
            .trim_matches('"')
            .to_owned()
    }

    /// Runs run_autograder on `submission` under Docker's default confinement and
    /// returns results.json.
    fn grade(&self, submission: &Path, without_landlock: bool) -> Value {
        let upload = self.root.join("submission");
        let _ = std::fs::remove_dir_all(&upload);
        let _ = std::fs::remove_file(self.root.join("results/results.json"));
        copy_crate(submission, &upload);
        let (cargo, rustup) = toolchain_homes();
        let mut args: Vec<String> = vec!["__docker-defaults".into()];
        if without_landlock {
            args.push("--without-landlock".into());
        }
        args.extend([
            "bash".into(),
            self.root
                .join("source/run_autograder")
                .display()
                .to_string(),
        ]);
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_grader"))
            .args(&args)
            .env("AUTOGRADER_ROOT", &self.root)
            .env("MAZE_GRADER_WORK_DIR", work_dir())
            .env("CARGO_HOME", &cargo)
            .env("RUSTUP_HOME", &rustup)
            .env_remove("MAZE_GRADER_SANDBOX")
            .env("NO_COLOR", "1")
            .output()
            .expect("running run_autograder");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "{stderr}");
        let text = std::fs::read_to_string(self.root.join("results/results.json"))
            .unwrap_or_else(|_| panic!("no results.json: {stderr}"));
        serde_json::from_str(&text).expect("results.json is JSON")
    }
}

/// The container tests' own work dir (their harnesses run at the container level).
fn work_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("container-work")
}

fn copy_crate(from: &Path, to: &Path) {
    for entry in walkdir::WalkDir::new(from) {
        let entry = entry.expect("reading the submission");
        let target = to.join(entry.path().strip_prefix(from).expect("below the crate"));
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target).expect("creating");
        } else {
            std::fs::copy(entry.path(), &target).expect("copying");
        }
    }
}

fn score(results: &Value) -> (f64, f64) {
    let tests = results["tests"].as_array().expect("tests");
    (
        results["score"].as_f64().expect("a score"),
        tests.iter().filter_map(|t| t["max_score"].as_f64()).sum(),
    )
}

fn test_output<'a>(results: &'a Value, check: &str) -> &'a str {
    results["tests"]
        .as_array()
        .and_then(|tests| {
            tests.iter().find(|t| {
                t["name"]
                    .as_str()
                    .is_some_and(|n| n.starts_with(&format!("{check}:")))
            })
        })
        .and_then(|t| t["output"].as_str())
        .unwrap_or_else(|| panic!("no test {check}"))
}

/// `fork_named(NAME, AGAIN)`, Rust appended to a hostile submission's file: a child
/// named NAME left running, or a fork bomb (see the file).
const FORK_NAMED: &str = include_str!("../hostile/fork_named.rs");

/// Processes of the machine named `name` (their /proc/PID/comm).
fn alive_named(name: &str) -> usize {
    std::fs::read_dir("/proc")
        .expect("/proc")
        .flatten()
        .filter(|e| {
            e.file_name()
                .to_str()
                .is_some_and(|n| n.parse::<u32>().is_ok())
        })
        .filter(|e| {
            std::fs::read_to_string(e.path().join("comm")).is_ok_and(|c| c.trim_end() == name)
        })
        .count()
}

/// The number after `word` in `text` (`LEFTOVER 4242`), if there is one.
fn number_after(text: &str, word: &str) -> Option<i64> {
    let rest = &text[text.find(word)? + word.len()..];
    let digits: String = rest
        .trim_start()
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '-')
        .collect();
    digits.parse().ok()
}

#[test]
#[ignore = "full tier: grades the reference and the starter through run_autograder under Docker's confinement (about a minute)"]
fn run_autograder_under_docker_defaults_gives_the_reference_full_marks_and_the_starter_none() {
    if !as_root("run_autograder_under_docker_defaults") {
        return;
    }
    let autograder = Autograder::unpacked("reference");
    // What setup.sh runs before building the dependencies: the sandbox's own trial
    // jobs, with the package's binary root's alone.
    let source = autograder.root.join("source");
    let (cargo, rustup) = toolchain_homes();
    let check = std::process::Command::new(env!("CARGO_BIN_EXE_grader"))
        .args(["__docker-defaults"])
        .arg(source.join("target/release/grader"))
        .args(["sandbox-check", "--kit"])
        .arg(&source)
        .arg("--work-dir")
        .arg(work_dir())
        .env("CARGO_HOME", &cargo)
        .env("RUSTUP_HOME", &rustup)
        .output()
        .expect("running sandbox-check");
    let said = String::from_utf8_lossy(&check.stdout);
    assert!(
        check.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&check.stderr)
    );
    assert!(
        said.contains("--sandbox required grades here, at the container level."),
        "{said}"
    );
    assert_eq!(
        said.matches('✗').count(),
        1,
        "only the namespaces are missing: {said}"
    );
    let mut full = 0.0;
    for without_landlock in [false, true] {
        let reference = Submission::from_solution("container-reference");
        let results = autograder.grade(&reference.dir, without_landlock);
        let (got, max) = score(&results);
        assert_eq!(got, max, "{results:#}");
        assert!(max > 0.0, "{results:#}");
        full = max;
        assert!(
            results["output"]
                .as_str()
                .is_some_and(|o| o.starts_with("Sandbox: container")),
            "{}",
            results["output"]
        );
        assert_eq!(results["sandbox"], "container");
    }
    let starter = Submission::from_starter("container-starter");
    let results = autograder.grade(&starter.dir, false);
    assert_eq!(
        score(&results),
        (0.0, full),
        "every check graded, none passed"
    );
}

/// Everything a spy would try from inside a check, each printed as it went; then it
/// fails its check on purpose so that what it printed is in the report.
fn spy(source: &Path, work: &Path, port: u16, marker: &str, planted: &Path) -> String {
    let reads = [
        source.join("fixtures/rubric.toml"),
        source.join("fixtures/snapshots"),
        source.join("grader/src/checks/hidden.rs"),
        work.join("harness"),
        work.join("targets/seed-dependencies/debug"),
    ];
    let writes = [
        work.join("targets/seed-dependencies/planted"),
        work.join("cargo-home/planted"),
        planted.to_path_buf(),
    ];
    let list = |paths: &[PathBuf]| {
        paths
            .iter()
            .map(|p| format!("{:?}", p.display().to_string()))
            .collect::<Vec<_>>()
            .join(", ")
    };
    format!(
        r#"
pub(crate) fn spy() {{
    use std::io::Write;
    use std::os::fd::FromRawFd;
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {{
        let mut e = std::io::stderr();
        for path in [{reads}] {{
            let read = std::fs::read(path).is_ok() || std::fs::read_dir(path).is_ok();
            let _ = writeln!(e, "{{}} {{path}}", if read {{ "LEAKED" }} else {{ "DENIED" }});
        }}
        for path in [{writes}] {{
            let wrote = std::fs::write(path, "planted").is_ok();
            let _ = writeln!(e, "{{}} {{path}}", if wrote {{ "PLANTED" }} else {{ "NOPLANT" }});
        }}
        match std::net::TcpStream::connect(("127.0.0.1", {port})) {{
            Ok(_) => {{ let _ = writeln!(e, "CONNECTED"); }}
            Err(error) => {{ let _ = writeln!(e, "NOCONNECT {{error}}"); }}
        }}
        let leftover = crate::direction::fork_named("{marker}", false);
        let _ = writeln!(e, "LEFTOVER {{leftover}}");
        let parent = std::os::unix::process::parent_id().to_string();
        let killed = std::process::Command::new("kill").args(["-9", &parent]).status();
        let _ = writeln!(e, "KILL {{killed:?}}");
        // A forged answer in every descriptor the result channel could be.
        for fd in 3..32 {{
            let mut file = unsafe {{ std::fs::File::from_raw_fd(fd) }};
            let _ = file.write_all(b"{{\"producer\":\"direction_opposite\",\"output\":[0,2,1,3,8,10,9,11,4,6,5,7,12,14,13,15]}}\n");
            std::mem::forget(file);
        }}
        panic!("spy done");
    }});
}}
"#,
        reads = list(&reads),
        writes = list(&writes),
    )
}

#[test]
#[ignore = "full tier: grades hostile submissions through run_autograder under Docker's confinement (about a minute)"]
fn hostile_submissions_are_contained_under_docker_defaults() {
    if !as_root("hostile_submissions_are_contained_under_docker_defaults") {
        return;
    }
    let autograder = Autograder::unpacked("hostile");
    let secret = autograder.secret();
    let source = autograder.root.join("source");
    for without_landlock in [false, true] {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a listener");
        listener.set_nonblocking(true).expect("nonblocking");
        let port = listener.local_addr().expect("a port").port();
        // A process name (comm) holds 15 characters.
        let marker = format!("lv{}{}", std::process::id(), u8::from(without_landlock));
        let planted = PathBuf::from(format!("/tmp/maze-container-planted-{marker}"));
        let name = format!("container-spy-{}", u8::from(without_landlock));
        let submission = Submission::from_solution(&name)
            .append(
                "direction.rs",
                &spy(&source, &work_dir(), port, &marker, &planted),
            )
            .append("direction.rs", FORK_NAMED)
            .replace(
                "direction.rs",
                "        let mut result = Direction::NONE;",
                "        spy();\n        let mut result = Direction::NONE;",
            );
        let results = autograder.grade(&submission.dir, without_landlock);
        let printed = test_output(&results, "direction_opposite");
        assert!(printed.contains("spy done"), "{printed}");
        // Without Landlock the world-writable /tmp takes the planted file; it is
        // swept when the job ends (asserted below). Nothing else gets through.
        let planted_line = format!("PLANTED {}", planted.display());
        for line in printed.lines().filter(|l| !l.trim().is_empty()) {
            let allowed = without_landlock && line.trim_end() == planted_line;
            assert!(
                allowed
                    || !(line.contains("LEAKED")
                        || line.contains("PLANTED")
                        || line.contains("CONNECTED")),
                "without_landlock {without_landlock}: {line}\n{printed}"
            );
        }
        assert_eq!(printed.matches("DENIED").count(), 5, "{printed}");
        // The grader's own directories refuse the job at every level; /tmp refuses
        // it where Landlock is (without it, what it writes there is swept: below).
        let work = work_dir();
        for private in [
            work.join("targets/seed-dependencies/planted"),
            work.join("cargo-home/planted"),
        ] {
            assert!(
                printed.contains(&format!("NOPLANT {}", private.display())),
                "{printed}"
            );
        }
        if !without_landlock {
            assert!(
                printed.contains(&format!("NOPLANT {}", planted.display())),
                "{printed}"
            );
        }
        assert!(printed.contains("NOCONNECT"), "{printed}");
        assert!(listener.accept().is_err(), "the job reached the listener");
        // The leftover was made (else nothing below would mean anything), and it did
        // not outlive the grading.
        let forked = number_after(printed, "LEFTOVER").unwrap_or(-1);
        assert!(forked > 0, "the spy could not fork its leftover: {printed}");
        assert_eq!(alive_named(&marker), 0, "a process outlived its check");
        assert!(!planted.exists());
        let text = results.to_string();
        assert!(
            !text.contains(&secret),
            "the course's secret reached the report"
        );
        // The forged answers gained nothing: the check they answer failed (above),
        // as does every check whose code calls the spy.
        let (got, max) = score(&results);
        assert!(got < max, "{got} of {max}");
        assert_eq!(results["sandbox"], "container");
    }
}

#[test]
#[ignore = "full tier: grades a submission through run_autograder under Docker's confinement"]
fn including_a_kit_file_at_compile_time_shows_nothing_of_it_under_docker_defaults() {
    if !as_root("including_a_kit_file_at_compile_time_shows_nothing_of_it_under_docker_defaults") {
        return;
    }
    let autograder = Autograder::unpacked("include");
    let secret = autograder.secret();
    let rubric = autograder.root.join("source/fixtures/rubric.toml");
    for without_landlock in [false, true] {
        let submission = Submission::from_solution(&format!(
            "container-include-{}",
            u8::from(without_landlock)
        ))
        .append(
            "lib.rs",
            &format!(
                "\npub const STOLEN: &str = include_str!({:?});\n#[path = {:?}]\nmod stolen;\n",
                rubric.display().to_string(),
                rubric.display().to_string()
            ),
        );
        let results = autograder.grade(&submission.dir, without_landlock);
        let text = results.to_string();
        // Part 1's file does not compile: Part 1 earns nothing (the other parts are
        // graded with the starter's stubs in its place).
        let output = results["output"].as_str().unwrap_or_default();
        assert!(output.contains("Part 1: perfect mazes: 0/"), "{output}");
        assert!(
            !text.contains(&secret),
            "the secret reached the report: {text}"
        );
        assert!(
            !text.contains("[grader]"),
            "the rubric's text reached the report"
        );
        assert!(
            text.contains("Permission denied") || text.contains("couldn't read"),
            "the compiler says it could not read the file: {text}"
        );
    }
}

#[test]
#[ignore = "full tier: grades a memory hog and a fork bomb through run_autograder under Docker's confinement"]
fn memory_hogs_and_fork_bombs_are_bounded_under_docker_defaults() {
    if !as_root("memory_hogs_and_fork_bombs_are_bounded_under_docker_defaults") {
        return;
    }
    let autograder = Autograder::unpacked("resources");
    let marker = format!("bomb{}", std::process::id());
    let submission = Submission::from_solution("container-resources")
        .replace(
            "direction.rs",
            "        let mut result = Direction::NONE;",
            "        let hog = vec![1u8; 5 << 30];\n        std::hint::black_box(&hog);\n        let mut result = Direction::NONE;",
        )
        .replace(
            "position.rs",
            "write!(f, \"({}, {})\", self.x, self.y)",
            &format!(
                "{{ let mut forked = 0; let stopped = loop {{ if crate::position::fork_named(\"{marker}\", true) < 0 {{ break std::io::Error::last_os_error().to_string(); }} forked += 1; if forked == 10_000 {{ break \"nothing\".to_owned(); }} }}; panic!(\"BOMB forked {{forked}}, then: {{stopped}}\") }}"
            ),
        )
        .append("position.rs", FORK_NAMED);
    let results = autograder.grade(&submission.dir, false);
    let hog = test_output(&results, "direction_opposite");
    assert!(hog.contains("out of memory"), "{hog}");
    // Bounded either way: the sandbox kills the job at its process limit, or the
    // kernel refuses the fork that would pass it (the limit also counts the probe's
    // other threads), after some forks went through.
    let bomb = test_output(&results, "position_display");
    let refused = number_after(bomb, "BOMB forked").is_some_and(|n| n > 0)
        && bomb.contains("Resource temporarily unavailable");
    assert!(bomb.contains("too many processes") || refused, "{bomb}");
    assert_eq!(alive_named(&marker), 0, "the bomb outlived its check");
    let (got, max) = score(&results);
    assert!(got < max, "{got} of {max}");
    assert_eq!(results["sandbox"], "container");
}

#[test]
#[ignore = "full tier: runs the grader as an ordinary user under Docker's confinement"]
fn required_refuses_as_an_ordinary_user_without_namespaces_and_leaves_no_grade() {
    use std::os::unix::process::CommandExt as _;
    if !as_root("required_refuses_as_an_ordinary_user_without_namespaces") {
        return;
    }
    const USER: u32 = 61_235;
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("container-ordinary-user");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("creating a directory");
    std::os::unix::fs::chown(&dir, Some(USER), Some(USER)).expect("chown");
    let results = dir.join("results.json");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_grader"))
        .args([
            "__docker-defaults",
            env!("CARGO_BIN_EXE_grader"),
            "grade",
            "solution",
        ])
        .args([
            "--sandbox",
            "required",
            "--format",
            "gradescope",
            "--output",
        ])
        .arg(&results)
        .arg("--work-dir")
        .arg(dir.join("work"))
        .current_dir(super::support::kit_root())
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .uid(USER)
        .gid(USER)
        .output()
        .expect("running the grader");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("lacks user namespaces; ways out: run the grader as root"),
        "{stderr}"
    );
    let results: Value =
        serde_json::from_str(&std::fs::read_to_string(&results).expect("results.json"))
            .expect("JSON");
    assert_eq!(
        results["extra_data"]["autograder_error"], true,
        "{results:#}"
    );
    assert_eq!(
        results["tests"][0]["name"],
        "Autograder error (not a grade)"
    );
    assert_eq!(results["tests"][0]["max_score"], 0.0);
}
