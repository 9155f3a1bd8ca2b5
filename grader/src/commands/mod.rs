//! One module per subcommand, each with a `run`. `grade` and `watch` are the
//! student's; the others are the instructor's, built only with the `instructor`
//! feature (the student template's grader has neither them nor their files).

mod grade;
pub(crate) mod print_rubric;
mod watch;

#[cfg(feature = "instructor")]
mod bless;
#[cfg(feature = "instructor")]
mod dist;
#[cfg(feature = "instructor")]
mod figures;
#[cfg(feature = "instructor")]
mod grade_all;
#[cfg(feature = "instructor")]
mod gradescope;
#[cfg(feature = "instructor")]
mod merge;
#[cfg(feature = "instructor")]
mod mutants;
#[cfg(feature = "instructor")]
mod publish_grader;
#[cfg(all(feature = "instructor", target_os = "linux"))]
mod sandbox_check;
#[cfg(feature = "instructor")]
mod self_check;
#[cfg(feature = "instructor")]
mod similarity;
#[cfg(feature = "instructor")]
mod starter;

use std::path::PathBuf;

use anyhow::{Context as _, bail};
use serde_json::Value;

use crate::Status;
use crate::checks::{self, Inputs};
use crate::cli::{Command, KitArgs};
use crate::harness::Workspace;
use crate::kit::Kit;
use crate::rubric::{self, Rubric, RubricCheck};
use crate::runner::Confinement;
use crate::sandbox::{Level, Mode};
use crate::snapshots::Snapshots;

/// Runs one subcommand.
pub fn run(command: Command) -> anyhow::Result<Status> {
    match command {
        Command::Grade(args) => grade::run(args),
        Command::Watch(args) => watch::run(&args),
        Command::Rubric(args) => print_rubric::run(&args),
        #[cfg(feature = "instructor")]
        Command::Instructor(command) => run_instructor(command),
    }
}

/// Runs one of the instructor's subcommands.
#[cfg(feature = "instructor")]
fn run_instructor(command: crate::cli::InstructorCommand) -> anyhow::Result<Status> {
    use crate::cli::InstructorCommand;
    match command {
        InstructorCommand::GradeAll(args) => grade_all::run(&args),
        InstructorCommand::Merge(args) => merge::run(&args),
        InstructorCommand::Gradescope(args) => gradescope::run(&args),
        InstructorCommand::Bless(args) => bless::run(&args),
        InstructorCommand::Starter(args) => starter::run(&args),
        InstructorCommand::SelfCheck(args) => self_check::run(&args),
        InstructorCommand::Dist(args) => dist::run(&args),
        InstructorCommand::PublishGrader(args) => publish_grader::run(&args),
        InstructorCommand::Mutants(args) => mutants::run(&args),
        InstructorCommand::Similarity(args) => similarity::run(&args),
        #[cfg(target_os = "linux")]
        InstructorCommand::SandboxCheck(args) => sandbox_check::run(&args),
        #[cfg(not(target_os = "linux"))]
        InstructorCommand::SandboxCheck(_) => {
            println!("The sandbox runs only on Linux: here every check runs unconfined.");
            Ok(Status::CheckFailed)
        }
    }
}

/// The kit's files that a job must not read (the rubric and its secret, the
/// blessed outputs, the reference, the hidden checks' code) and that any uid can
/// reach by its permission bits: at the container level nothing but ownership and
/// mode (and Landlock, where the kernel has it) keeps a job from them. The work dir
/// is the grader's own: it keeps each submission's files private itself.
pub fn private_paths_open_to_jobs(kit: &Kit, work_dir: &std::path::Path) -> Vec<PathBuf> {
    #[cfg(target_os = "linux")]
    {
        [
            kit.fixtures(),
            kit.root.join("solution"),
            kit.root.join("grader"),
        ]
        .into_iter()
        .filter(|path| path.exists() && !work_dir.starts_with(path))
        .filter(|path| crate::sandbox::open_to_others(path))
        .collect()
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = (kit, work_dir);
        Vec::new()
    }
}

/// At the container level, where jobs see the real filesystem, `--sandbox required`
/// grades a class only when no job's uid can reach the class folder: one student's
/// code must not read another's submission (Landlock keeps it out too, where the
/// kernel has it; this holds without it).
#[cfg(feature = "instructor")]
pub fn require_private_class(class: &std::path::Path, mode: Mode) -> anyhow::Result<()> {
    #[cfg(target_os = "linux")]
    if mode == Mode::Required
        && crate::sandbox::level(mode) == Some(Level::Container)
        && crate::sandbox::open_to_others(class)
    {
        bail!(
            "--sandbox required, and at the container level (root without namespaces) jobs see \
             the real filesystem: the class folder {} can be read by any uid, so one student's \
             code could read another's submission; make it private (chmod -R o-rwx {}) or put it \
             below a directory only root may enter (the kit's Containerfile mounts it at \
             /grading/class)",
            class.display(),
            class.display()
        );
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (class, mode);
    Ok(())
}

/// What every grading command loads first.
pub struct Setup {
    /// The kit.
    pub kit: Kit,
    /// Its rubric.
    pub rubric: Rubric,
    /// Its blessed snapshots.
    pub snapshots: Snapshots,
    /// Each rubric check's input, in rubric order.
    pub inputs: Vec<Value>,
    /// Each rubric check's twin input (see [`checks::twin_name`]), in rubric order:
    /// for the visible checks when the rubric holds the course's secret.
    pub twins: Vec<Option<Value>>,
    /// Where to build.
    pub workspace: Workspace,
    /// Checks at once.
    pub jobs: usize,
    /// How strictly builds and checks are sandboxed.
    pub sandbox: Mode,
    /// Whether gradings read the code with clippy (the rubric's `[style]`; see
    /// [`crate::style`]).
    pub style: bool,
}

impl Setup {
    /// Finds the kit and reads its rubric and snapshots.
    pub fn load(args: &KitArgs) -> anyhow::Result<Setup> {
        let kit = Kit::locate(args.kit.as_deref())?;
        let rubric = rubric::load(&kit.rubric())?;
        let snapshots = Snapshots::load(&kit.snapshots())?;
        let root: PathBuf = args
            .work_dir
            .clone()
            .unwrap_or_else(|| kit.default_work_dir());
        // Absolute: builds run in the harness's own directory, where a relative
        // `--work-dir` (and the cargo home inside it) would point elsewhere.
        let root = std::path::absolute(&root)
            .with_context(|| format!("finding the work dir {}", root.display()))?;
        let workspace = Workspace {
            root,
            lock_file: kit.lock_file(),
            stubs: Some(kit.stubs()).filter(|dir| dir.join("src/lib.rs").is_file()),
            sandbox: args.sandbox,
            // A person re-grades after an edit; `grade-all` builds each submission once,
            // and so does a caller that says so as cargo is told, `CARGO_INCREMENTAL=0`
            // (Gradescope's run_autograder: a fresh machine for each submission).
            incremental: std::env::var_os("CARGO_INCREMENTAL").is_none_or(|value| value != "0"),
            // A person waits on one submission; `grade-all` turns this off for its bar.
            progress: true,
            // Set for each grading (see `Grader::grade`).
            clippy: None,
            parts: rubric.parts.iter().map(|(part, _)| *part).collect(),
        };
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        let jobs = args.jobs.unwrap_or(cores.min(4)).max(1);
        // Asking rustc for its sysroot and trying the sandbox once both wait on child
        // processes: they run while the inputs are built, not before the build.
        let sandbox = args.sandbox;
        let ready = (sandbox != Mode::Off).then(|| {
            [
                std::thread::spawn(crate::harness::find_toolchain),
                std::thread::spawn(|| {
                    crate::sandbox::support();
                }),
            ]
        });
        // Clippy's catalog of lints, read meanwhile too (once per process).
        let style = rubric.style.enabled;
        let catalog = style.then(|| {
            let settings = rubric.style.clone();
            std::thread::spawn(move || {
                let _ = crate::style::plan(&settings);
            })
        });
        let (inputs, twins) = inputs_of(&kit.fixtures(), rubric.secret.as_deref(), &rubric.checks)?;
        // Both results are kept for whoever asks next.
        for thread in ready.into_iter().flatten().chain(catalog) {
            let _ = thread.join();
        }
        let support = crate::sandbox::support();
        let Some(level) = crate::sandbox::level(sandbox) else {
            bail!("{}", support.missing_line());
        };
        match level {
            Level::Unconfined if sandbox == Mode::Auto => eprintln!(
                "grader: note: grading without a sandbox, for local feedback only: this machine lacks {}",
                support.missing.join(", ")
            ),
            Level::Container => {
                let open = private_paths_open_to_jobs(&kit, &workspace.root);
                if !open.is_empty() && sandbox == Mode::Required {
                    let names: Vec<String> = open.iter().map(|p| p.display().to_string()).collect();
                    bail!(
                        "--sandbox required, and at the container level (root without namespaces) \
                         jobs see the real filesystem: {} can be read by any uid; make {} \
                         (chmod -R o-rwx {})",
                        names.join(", "),
                        if open.len() == 1 {
                            "it private"
                        } else {
                            "them private"
                        },
                        names.join(" ")
                    );
                }
            }
            _ => {}
        }
        Ok(Setup {
            kit,
            rubric,
            snapshots,
            inputs,
            twins,
            workspace,
            jobs,
            sandbox,
            style,
        })
    }

    /// Keeps only the checks named in `names` (all of them when `names` is empty), and
    /// the parts they belong to.
    pub fn only(&mut self, names: &[String]) -> anyhow::Result<()> {
        if names.is_empty() {
            return Ok(());
        }
        // A grading of a few checks is no grade: how the code reads waits for the
        // whole one (and does not cost its build the lint passes).
        self.style = false;
        let known: Vec<&str> = self.rubric.checks.iter().map(|c| c.spec.name).collect();
        if let Some(unknown) = names.iter().find(|n| !known.contains(&n.as_str())) {
            if let Some(off) = self.rubric.turned_off_with(unknown) {
                bail!(
                    "{unknown:?} is a check of {} ({}), which {} turns off {}",
                    off.part.id(),
                    off.title,
                    self.kit.rubric().display(),
                    if off.listed {
                        "(`enabled = false` in its [[parts]] entry): set it to true to grade it"
                    } else {
                        "(it has no [[parts]] entry): add one to grade it"
                    }
                );
            }
            if self.rubric.secret.is_none()
                && checks::find(unknown)
                    .is_some_and(|spec| spec.visibility != rubric::Visibility::Visible)
            {
                bail!(
                    "{unknown:?} is a hidden check, and {} has no secret to draw its inputs with: a rubric without one grades no hidden check",
                    self.kit.rubric().display()
                );
            }
            if self.rubric.left_out.contains(&unknown.as_str()) {
                bail!(
                    "{unknown:?} is left out by {} (`enabled = false` in its [[check]] entry): remove that line to grade it",
                    self.kit.rubric().display()
                );
            }
            bail!(
                "there is no check {unknown:?} in the rubric; the checks are {}",
                known.join(", ")
            );
        }
        let keep: Vec<bool> = known.iter().map(|k| names.iter().any(|n| n == k)).collect();
        let mut kept = keep.iter();
        self.rubric
            .checks
            .retain(|_| *kept.next().unwrap_or(&false));
        let mut kept = keep.iter();
        self.inputs.retain(|_| *kept.next().unwrap_or(&false));
        let mut kept = keep.iter();
        self.twins.retain(|_| *kept.next().unwrap_or(&false));
        let checks = &self.rubric.checks;
        self.rubric
            .parts
            .retain(|(part, _)| checks.iter().any(|c| c.spec.part == *part));
        Ok(())
    }

    /// How checks are confined.
    pub fn confinement(&self) -> Confinement {
        Confinement {
            mode: self.sandbox,
            memory: self.rubric.limits.memory,
            processes: self.rubric.limits.processes,
        }
    }

    /// Fails unless every blessed check of the rubric has an output blessed for the
    /// input it is sent now: a stale snapshot is the kit's fault, never a student's.
    pub fn require_blessed(&self) -> anyhow::Result<()> {
        let mut missing = Vec::new();
        let mut stale = Vec::new();
        for (name, check, input) in self.questions() {
            if !check.spec.blessed {
                continue;
            }
            if let Some(problem) = self.snapshots.unreadable(&name) {
                bail!("{problem}: run `grader bless`");
            }
            match self.snapshots.get(&name) {
                None => missing.push(name),
                Some(blessed) if blessed.input != checks::digest(input) => stale.push(name),
                Some(_) => {}
            }
        }
        if !missing.is_empty() {
            bail!(
                "no blessed output in {} for {}: run `grader bless`",
                self.kit.snapshots().display(),
                missing.join(", ")
            );
        }
        if !stale.is_empty() {
            bail!(
                "the blessed outputs of {} answer other inputs than the checks send now (a changed check or [grader] secret): run `grader bless`",
                stale.join(", ")
            );
        }
        Ok(())
    }

    /// Every question the grading asks, by the name its blessed output is kept under:
    /// each check's own input, then (in the course's grading) its twin's.
    pub fn questions(&self) -> Vec<(String, &RubricCheck, &Value)> {
        questions_of(&self.rubric.checks, &self.inputs, &self.twins)
    }

    /// A grader for this kit.
    pub fn grader(&self) -> crate::grade::Grader<'_> {
        crate::grade::Grader {
            rubric: &self.rubric,
            snapshots: &self.snapshots,
            inputs: &self.inputs,
            twins: &self.twins,
            workspace: self.workspace.clone(),
            jobs: self.jobs,
            confinement: self.confinement(),
            style: self.style,
            // A class's grading: one build, lints and all (`grade` and `watch` choose
            // their own pass).
            style_pass: crate::grade::StylePass::InBuild,
        }
    }
}

/// Each of `checks`' input, and its twin's if it has one, as the course's grading
/// asks them: a hidden check's input is drawn with `secret`; a visible check's is the
/// one the template knows, and its twin's is drawn with the secret, when there is one.
pub fn inputs_of(
    fixtures: &std::path::Path,
    secret: Option<&str>,
    checks: &[RubricCheck],
) -> anyhow::Result<(Vec<Value>, Vec<Option<Value>>)> {
    let build = |check: &RubricCheck, secret: Option<&str>, what: &str| {
        (check.spec.input)(&Inputs {
            fixtures,
            check: check.spec.name,
            secret,
        })
        .with_context(|| format!("building the {what} of check {}", check.spec.name))
    };
    let inputs = checks
        .iter()
        .map(|check| {
            let own = (!check.is_public()).then(|| secret.unwrap_or(""));
            build(check, own, "input")
        })
        .collect::<anyhow::Result<Vec<Value>>>()?;
    let twins = checks
        .iter()
        .map(|check| match secret.filter(|_| check.is_public()) {
            Some(secret) => build(check, Some(secret), "twin input").map(Some),
            None => Ok(None),
        })
        .collect::<anyhow::Result<Vec<Option<Value>>>>()?;
    Ok((inputs, twins))
}

/// The questions of `checks` whose inputs and twins' are `inputs` and `twins` (see
/// [`inputs_of`]), by the name each one's blessed output is kept under.
pub fn questions_of<'a>(
    checks: &'a [RubricCheck],
    inputs: &'a [Value],
    twins: &'a [Option<Value>],
) -> Vec<(String, &'a RubricCheck, &'a Value)> {
    let mut questions = Vec::new();
    for ((check, input), twin) in checks.iter().zip(inputs).zip(twins) {
        questions.push((check.spec.name.to_owned(), check, input));
        if let Some(twin) = twin {
            questions.push((checks::twin_name(check.spec.name), check, twin));
        }
    }
    questions
}
