//! `maze generate`: creates a maze and shows it (provided code).
//!
//! Without `--seed`, the seed is picked from the clock and printed on stderr
//! (`seed: N`), so that the same maze can be made again.
//!
//! The helpers that `maze solve` shares with it live here too: picking a seed
//! ([`seed_from_clock`]), making a maze from the command-line options
//! ([`create_maze`]) and showing a maze in the chosen format, on stdout or in a file
//! ([`show`]).

use std::fs;
use std::io::{self, Write};
use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::Context;
use maze::generate::Settings;
use maze::{Maze, MazeRng, json};

use crate::cli::{Format, GenerateArgs, MazeOptions, OutputOptions};

/// Runs `maze generate`.
pub fn run(args: GenerateArgs) -> anyhow::Result<()> {
    let seed = args.maze.seed.unwrap_or_else(seed_from_clock);
    let maze = create_maze(&args.maze, seed)?;
    show(&maze, &args.output)?;
    if args.maze.seed.is_none() {
        // Printed last, so that on an error the error is the only line on stderr.
        eprintln!("seed: {seed}");
    }
    Ok(())
}

/// Creates a maze of the size, complexity and algorithm `options` ask for, from
/// `seed`.
pub(crate) fn create_maze(options: &MazeOptions, seed: u64) -> anyhow::Result<Maze> {
    let settings = Settings {
        complexity: options.complexity,
        favor: options.algorithm.favor.0,
        root: options.algorithm.root.0,
    };
    let generator = options.algorithm.algorithm.0;
    let maze = generator.generate(
        options.width,
        options.height,
        &settings,
        &mut MazeRng::seed_from_u64(seed),
    )?;
    Ok(maze)
}

/// A seed that changes from run to run: the nanoseconds of the current time.
pub(crate) fn seed_from_clock() -> u64 {
    let since_1970 = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    // Only the low 64 bits matter for a seed; the cast keeps exactly those.
    since_1970.as_nanos() as u64
}

/// Shows `maze` in the format `output` asks for, on stdout or in its file.
pub(crate) fn show(maze: &Maze, output: &OutputOptions) -> anyhow::Result<()> {
    let text = match output.format {
        Format::Drawing(drawing) => drawing.draw(maze),
        Format::Json => json::to_string(maze),
    };
    match &output.output {
        Some(path) => {
            write_file(path, &text).with_context(|| format!("writing {}", path.display()))
        }
        None => write_stdout(&text),
    }
}

/// Writes `text` to stdout. A reader that goes away early (`maze generate | head`) is
/// not an error.
pub(crate) fn write_stdout(text: &str) -> anyhow::Result<()> {
    let mut stdout = io::stdout().lock();
    let result = stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush());
    match result {
        Ok(()) => Ok(()),
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        Err(error) => Err(error).context("writing to stdout"),
    }
}

/// Writes `text` to the file at `path`, all or nothing: the text goes to a temporary
/// file next to it first, which then replaces `path` in one step. A failure (a full
/// disk, a missing directory) leaves no half-written file behind.
pub(crate) fn write_file(path: &Path, text: &str) -> io::Result<()> {
    let Some(name) = path.file_name() else {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "the path does not name a file",
        ));
    };
    let mut temporary_name = std::ffi::OsString::from(".");
    temporary_name.push(name);
    temporary_name.push(format!(".{}.tmp", std::process::id()));
    let temporary = path.with_file_name(temporary_name);

    let result = fs::write(&temporary, text).and_then(|()| fs::rename(&temporary, path));
    if result.is_err() {
        // The temporary file may not even exist; either way there is nothing more to do.
        let _ = fs::remove_file(&temporary);
    }
    result
}
