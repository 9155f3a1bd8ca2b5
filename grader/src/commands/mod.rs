//! One module per subcommand, each with a `run`.

mod bless;
mod dist;
mod grade;
mod mutants;
mod self_check;
mod starter;

use std::path::PathBuf;

use crate::Status;
use crate::cli::{Command, KitArgs};
use crate::harness::Workspace;
use crate::kit::Kit;
use crate::rubric::{self, Rubric};
use crate::snapshots::Snapshots;

/// Runs one subcommand.
pub fn run(command: Command) -> anyhow::Result<Status> {
    match command {
        Command::Grade(args) => grade::run(args),
        Command::Bless(args) => bless::run(&args),
        Command::Starter(args) => starter::run(&args),
        Command::SelfCheck(args) => self_check::run(&args),
        Command::Dist(args) => dist::run(&args),
        Command::Mutants(args) => mutants::run(&args),
    }
}

/// What every grading command loads first.
pub struct Setup {
    /// The kit.
    pub kit: Kit,
    /// Its rubric.
    pub rubric: Rubric,
    /// Its blessed snapshots.
    pub snapshots: Snapshots,
    /// Where to build.
    pub workspace: Workspace,
    /// Checks at once.
    pub jobs: usize,
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
        let workspace = Workspace {
            root,
            lock_file: kit.lock_file(),
        };
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        let jobs = args.jobs.unwrap_or(cores.min(4)).max(1);
        Ok(Setup {
            kit,
            rubric,
            snapshots,
            workspace,
            jobs,
        })
    }

    /// The fixture directory as an absolute path, for probes that run elsewhere.
    pub fn fixtures(&self) -> PathBuf {
        self.kit
            .fixtures()
            .canonicalize()
            .unwrap_or_else(|_| self.kit.fixtures())
    }

    /// A grader for this kit.
    pub fn grader(&self) -> crate::grade::Grader<'_> {
        crate::grade::Grader {
            rubric: &self.rubric,
            snapshots: &self.snapshots,
            fixtures: self.fixtures(),
            workspace: self.workspace.clone(),
            jobs: self.jobs,
        }
    }
}
