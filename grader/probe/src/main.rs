//! The probe: runs one check of the rubric against the student's `maze` library and
//! writes what the student's code produced as JSON. Pass or fail is decided by the
//! grader, in another process, from that data alone.
//!
//! Usage: `probe CHECK FIXTURES_DIR OUT_FILE`, or `probe --list`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde_json::{Value, json};

#[cfg(feature = "part1")]
mod part1;
#[cfg(feature = "part2")]
mod part2;

/// What a check may read: the kit's fixture directory.
pub struct Context {
    fixtures: PathBuf,
}

impl Context {
    /// A file below the fixture directory.
    pub fn fixture(&self, relative: &str) -> PathBuf {
        self.fixtures.join(relative)
    }

    /// The files of a fixture subdirectory with the given extension, sorted by name.
    pub fn fixture_files(&self, dir: &str, extension: &str) -> Vec<PathBuf> {
        let mut files: Vec<PathBuf> = std::fs::read_dir(self.fixture(dir))
            .map(|entries| {
                entries
                    .filter_map(|entry| entry.ok().map(|e| e.path()))
                    .filter(|path| path.extension().is_some_and(|e| e == extension))
                    .collect()
            })
            .unwrap_or_default();
        files.sort();
        files
    }
}

/// A check: runs the student's code and returns what it produced.
pub type Producer = fn(&Context) -> Value;

/// Every check this probe was built with.
fn checks() -> Vec<(&'static str, Producer)> {
    let mut all: Vec<(&'static str, Producer)> = Vec::new();
    #[cfg(feature = "part1")]
    all.extend_from_slice(part1::CHECKS);
    #[cfg(feature = "part2")]
    all.extend_from_slice(part2::CHECKS);
    all
}

/// The file name of a path, for reports.
pub fn file_name(path: &Path) -> String {
    path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
}

/// Marks the one line of stderr the grader reads a panic's message from.
const PANIC_MARKER: &str = "@@maze-probe-panic@@";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--list") {
        for (name, _) in checks() {
            println!("{name}");
        }
        return ExitCode::SUCCESS;
    }
    let [check, fixtures, out] = args.as_slice() else {
        eprintln!("usage: probe CHECK FIXTURES_DIR OUT_FILE | probe --list");
        return ExitCode::from(64);
    };
    let Some(&(_, producer)) = checks().iter().find(|(name, _)| name == check) else {
        eprintln!("probe: no check named {check}");
        return ExitCode::from(64);
    };

    // Report a panic's message and place on one marked line, for the grader to put
    // into words. The default hook's text is left out: it repeats the message and
    // names a thread id that would make two gradings of the same code differ.
    std::panic::set_hook(Box::new(|info| {
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic without a message".to_owned());
        let location = info.location().map(|l| format!("{}:{}", l.file(), l.line()));
        eprintln!("{PANIC_MARKER}{}", json!({ "message": message, "location": location }));
    }));

    let context = Context { fixtures: PathBuf::from(fixtures) };
    let data = producer(&context);
    let report = json!({ "check": check, "data": data });
    match std::fs::write(out, report.to_string()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("probe: cannot write {out}: {error}");
            ExitCode::from(70)
        }
    }
}
