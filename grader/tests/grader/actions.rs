//! The template's workflow run as GitHub Actions runs it, on this machine: the
//! `.github/workflows/grade.yml` that `grader dist` wrote is read as YAML, and its one
//! job's steps run in order in a fresh workspace folder.
//!
//! - `actions/checkout` is emulated: the repository it names (the student's own by
//!   default, or `with.repository` at `with.ref`) is copied or cloned into
//!   `with.path`, from the folders the test says those repositories are.
//! - A `run:` step runs with `bash --noprofile --norc -eo pipefail` (Actions' shell for
//!   `run`), in its `working-directory`, with the workflow's, the job's and the step's
//!   `env:` (their `${{ … }}` expressions evaluated), `GITHUB_OUTPUT` and
//!   `GITHUB_STEP_SUMMARY`; the outputs it writes become `steps.ID.outputs.*`.
//! - Every other `uses:` step is a third-party action (the toolchain, the cache,
//!   Classroom's reporter, the artifact upload): it is skipped and listed, and the
//!   inputs it would have been given are kept (the reporter's `GRADER_RESULTS` is the
//!   points Classroom would get).
//! - `if:` is `always()`, nothing (run while no step failed), or `A != 'B'`.
//!
//! Expressions the emulator does not know fail the test: a workflow that needs more
//! than this must say so here first.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use yaml_rust2::{Yaml, YamlLoader};

/// What a run of the workflow did.
pub struct Run {
    /// Each step's name (or `uses`) and what happened: `ran`, `failed`, `skipped:
    /// third-party action`, `checked out …`, `not run (if: …)`.
    pub steps: Vec<(String, String)>,
    /// The `env:` each skipped third-party action would have been given, by its `uses`.
    pub third_party_env: BTreeMap<String, BTreeMap<String, String>>,
    /// Each step's outputs, by step id.
    pub outputs: BTreeMap<String, BTreeMap<String, String>>,
    /// The job summary.
    pub summary: String,
    /// The workspace the job ran in.
    pub workspace: PathBuf,
}

/// Where the job runs, and what the emulated world holds.
pub struct Runner<'a> {
    /// The repository the workflow runs for (`github.repository`) and its folder.
    pub repository: (&'a str, &'a Path),
    /// Other repositories a checkout may name: `OWNER/NAME` to a git repository.
    pub others: &'a [(&'a str, &'a Path)],
    /// A fresh folder for the job's workspace.
    pub workspace: &'a Path,
    /// Variables the runner's machine has besides (a cache's target directory, …).
    pub machine_env: &'a [(&'a str, &'a Path)],
}

impl Runner<'_> {
    /// Runs the workflow in the repository's `.github/workflows/grade.yml`.
    pub fn run(&self) -> Run {
        let text = std::fs::read_to_string(self.repository.1.join(".github/workflows/grade.yml"))
            .expect("the template has a workflow");
        let docs = YamlLoader::load_from_str(&text).expect("the workflow is YAML");
        let workflow = &docs[0];
        let jobs = workflow["jobs"].as_hash().expect("jobs");
        assert_eq!(jobs.len(), 1, "the emulator runs a workflow of one job");
        let job = jobs.values().next().expect("a job");

        let _ = std::fs::remove_dir_all(self.workspace);
        std::fs::create_dir_all(self.workspace).expect("the workspace");
        let mut run = Run {
            steps: Vec::new(),
            third_party_env: BTreeMap::new(),
            outputs: BTreeMap::new(),
            summary: String::new(),
            workspace: self.workspace.to_path_buf(),
        };
        let mut env = BTreeMap::new();
        self.add_env(&mut env, &workflow["env"], &run);
        self.add_env(&mut env, &job["env"], &run);
        if let Some(condition) = job["if"].as_str() {
            assert!(
                self.condition(condition, &env, &run, false),
                "the job would not run: if: {condition}"
            );
        }
        let summary = self.workspace.join("../step_summary.md");
        let _ = std::fs::remove_file(&summary);
        let mut failed = false;
        for (n, step) in job["steps"].as_vec().expect("steps").iter().enumerate() {
            let uses = step["uses"].as_str();
            let name = step["name"]
                .as_str()
                .or(uses)
                .unwrap_or("a step")
                .to_owned();
            let condition = step["if"].as_str();
            let runs = match condition {
                Some(condition) => self.condition(condition, &env, &run, failed),
                None => !failed,
            };
            if !runs {
                run.steps
                    .push((name, format!("not run (if: {condition:?})")));
                continue;
            }
            let mut step_env = env.clone();
            self.add_env(&mut step_env, &step["env"], &run);
            match uses {
                Some(action) if action.starts_with("actions/checkout@") => {
                    let what = self.checkout(&step["with"], &step_env, &run);
                    run.steps.push((name, what));
                }
                Some(action) => {
                    run.third_party_env.insert(
                        action.to_owned(),
                        step_env_only(&step["env"], self, &env, &run),
                    );
                    run.steps
                        .push((name, "skipped: third-party action".to_owned()));
                }
                None => {
                    let script = step["run"].as_str().expect("a step runs or uses");
                    let output = self.workspace.join(format!("../output-{n}"));
                    std::fs::write(&output, "").expect("GITHUB_OUTPUT");
                    let dir = match step["working-directory"].as_str() {
                        Some(dir) => self.workspace.join(dir),
                        None => self.workspace.to_path_buf(),
                    };
                    // Captured, and printed where the test harness captures it (shown
                    // when the test fails), not into the terminal of the whole run.
                    let ran = std::process::Command::new("bash")
                        .args(["--noprofile", "--norc", "-eo", "pipefail", "-c", script])
                        .current_dir(&dir)
                        .env_clear()
                        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
                        .env("HOME", std::env::var_os("HOME").unwrap_or_default())
                        .envs(self.machine_env.iter().copied())
                        .envs(&step_env)
                        .env("CI", "true")
                        .env("GITHUB_ACTIONS", "true")
                        .env("GITHUB_OUTPUT", &output)
                        .env("GITHUB_STEP_SUMMARY", &summary)
                        .env("GITHUB_WORKSPACE", self.workspace)
                        .env("NO_COLOR", "1")
                        .stdin(std::process::Stdio::null())
                        .output()
                        .expect("bash runs");
                    print!("{}", String::from_utf8_lossy(&ran.stdout));
                    print!("{}", String::from_utf8_lossy(&ran.stderr));
                    let status = ran.status;
                    if let Some(id) = step["id"].as_str() {
                        let text = std::fs::read_to_string(&output).unwrap_or_default();
                        let outputs = text
                            .lines()
                            .filter_map(|line| line.split_once('='))
                            .map(|(k, v)| (k.to_owned(), v.to_owned()))
                            .collect();
                        run.outputs.insert(id.to_owned(), outputs);
                    }
                    let continue_on_error = step["continue-on-error"].as_bool() == Some(true);
                    failed |= !status.success() && !continue_on_error;
                    let result = if status.success() { "ran" } else { "failed" };
                    run.steps.push((name, result.to_owned()));
                }
            }
        }
        run.summary = std::fs::read_to_string(&summary).unwrap_or_default();
        run
    }

    /// Adds the `env:` mapping `yaml` to `env`, its values evaluated.
    fn add_env(&self, env: &mut BTreeMap<String, String>, yaml: &Yaml, run: &Run) {
        let Some(map) = yaml.as_hash() else {
            return;
        };
        for (key, value) in map {
            let key = key.as_str().expect("an env name").to_owned();
            let value = scalar(value);
            let value = self.evaluate(&value, env, run);
            env.insert(key, value);
        }
    }

    /// `text` with each `${{ expression }}` replaced by its value.
    fn evaluate(&self, text: &str, env: &BTreeMap<String, String>, run: &Run) -> String {
        let mut out = String::new();
        let mut rest = text;
        while let Some(at) = rest.find("${{") {
            out.push_str(&rest[..at]);
            let end = rest[at..].find("}}").expect("an expression ends") + at;
            let expression = rest[at + 3..end].trim();
            out.push_str(&self.value(expression, env, run));
            rest = &rest[end + 2..];
        }
        out.push_str(rest);
        out
    }

    /// The value of one expression.
    fn value(&self, expression: &str, env: &BTreeMap<String, String>, run: &Run) -> String {
        if let Some(name) = expression.strip_prefix("env.") {
            return env.get(name).cloned().unwrap_or_default();
        }
        if let Some(rest) = expression.strip_prefix("steps.") {
            let (id, output) = rest
                .split_once(".outputs.")
                .unwrap_or_else(|| panic!("the emulator cannot read ${{{{ {expression} }}}}"));
            return run
                .outputs
                .get(id)
                .and_then(|o| o.get(output))
                .cloned()
                .unwrap_or_default();
        }
        match expression {
            "github.repository" => self.repository.0.to_owned(),
            "github.sha" => "HEAD".to_owned(),
            "github.actor" => "a-student".to_owned(),
            _ => panic!("the emulator cannot evaluate ${{{{ {expression} }}}}"),
        }
    }

    /// Whether a step (or the job) with `if: condition` runs.
    fn condition(
        &self,
        condition: &str,
        env: &BTreeMap<String, String>,
        run: &Run,
        failed: bool,
    ) -> bool {
        let condition = condition.trim();
        if condition == "always()" {
            return true;
        }
        if let Some((left, right)) = condition.split_once("!=") {
            let right = right.trim().trim_matches('\'');
            return self.value(left.trim(), env, run) != right && !failed;
        }
        panic!("the emulator cannot evaluate if: {condition}");
    }

    /// `actions/checkout` with the inputs `with`: what it checked out where.
    fn checkout(&self, with: &Yaml, env: &BTreeMap<String, String>, run: &Run) -> String {
        let input = |key: &str| {
            with[key]
                .as_str()
                .map(|value| self.evaluate(value, env, run))
        };
        let path = self.workspace.join(input("path").unwrap_or_default());
        let repository = input("repository").unwrap_or_else(|| self.repository.0.to_owned());
        if repository == self.repository.0 {
            copy_dir(self.repository.1, &path);
            return format!(
                "checked out {repository} (the student's) into {}",
                path.display()
            );
        }
        let (_, source) = self
            .others
            .iter()
            .find(|(name, _)| *name == repository)
            .unwrap_or_else(|| {
                panic!("the workflow checks out {repository}, which this world does not have")
            });
        let git = |args: &[&str], dir: &Path| {
            let status = std::process::Command::new("git")
                .args(args)
                .current_dir(dir)
                .status()
                .expect("git runs");
            assert!(status.success(), "git {args:?}");
        };
        git(
            &[
                "clone",
                "-q",
                &source.to_string_lossy(),
                &path.to_string_lossy(),
            ],
            self.workspace,
        );
        let reference = input("ref").unwrap_or_else(|| "HEAD".to_owned());
        git(&["checkout", "-q", &reference], &path);
        format!(
            "checked out {repository} at {reference} into {}",
            path.display()
        )
    }
}

/// A step's own `env:`, evaluated (what a third-party action is given).
fn step_env_only(
    yaml: &Yaml,
    runner: &Runner<'_>,
    env: &BTreeMap<String, String>,
    run: &Run,
) -> BTreeMap<String, String> {
    let mut own = BTreeMap::new();
    if let Some(map) = yaml.as_hash() {
        for (key, value) in map {
            own.insert(
                key.as_str().expect("an env name").to_owned(),
                runner.evaluate(&scalar(value), env, run),
            );
        }
    }
    own
}

/// A YAML scalar as text.
fn scalar(value: &Yaml) -> String {
    match value {
        Yaml::String(text) | Yaml::Real(text) => text.clone(),
        Yaml::Integer(n) => n.to_string(),
        Yaml::Boolean(b) => b.to_string(),
        other => panic!("the emulator cannot read {other:?} as a value"),
    }
}

/// Copies the folder `from` to `to`, as a checkout would (without `target/`).
pub fn copy_dir(from: &Path, to: &Path) {
    for entry in walkdir::WalkDir::new(from)
        .into_iter()
        .filter_entry(|e| e.file_name() != "target" && e.file_name() != ".git")
    {
        let entry = entry.expect("reading a repository");
        let target = to.join(
            entry
                .path()
                .strip_prefix(from)
                .expect("below the repository"),
        );
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target).expect("a directory");
        } else {
            std::fs::copy(entry.path(), &target).expect("a file");
        }
    }
}
