//! `maze rat`: Part 2's program, like the source project's.
//!
//! With a FILE it reads that maze; otherwise it generates one with the source's
//! generator, of the size given by `--size` or typed in after the prompt
//! `Enter size of maze: `. Then it prints the drawing of the maze, a blank line and
//! the report of both searches. Every problem (a bad file, a bad size, a file that
//! cannot be read or written) comes back as an error for `main` to print on one line.

use std::fs;
use std::hash::{BuildHasher, RandomState};
use std::io::{self, BufRead, Write};
use std::num::IntErrorKind;
use std::path::Path;
use std::time::SystemTime;

use anyhow::{Context, bail};

use crate::cli::RatArgs;
use maze::MazeRng;
use maze::rat::{self, MAX_SIZE, RatMaze};

/// Runs `maze rat`.
pub fn run(args: RatArgs) -> anyhow::Result<()> {
    let maze = match &args.file {
        Some(path) => read_maze(path)?,
        None => {
            let size = match args.size {
                Some(size) => size_from(size)?,
                None => ask_size()?,
            };
            let seed = match args.seed {
                Some(seed) => seed,
                None => {
                    let seed = random_seed();
                    eprintln!("seed: {seed}");
                    seed
                }
            };
            let maze = rat::generate(size, &mut MazeRng::seed_from_u64(seed))?;
            if let Some(path) = &args.write {
                fs::write(path, rat::write(&maze))
                    .with_context(|| format!("writing {}", path.display()))?;
            }
            maze
        }
    };
    let text = format!("{}\n{}", rat::draw(&maze), rat::report(&maze));
    io::stdout()
        .lock()
        .write_all(text.as_bytes())
        .context("writing the report")?;
    Ok(())
}

/// Reads a maze file, naming the file in any error.
fn read_maze(path: &Path) -> anyhow::Result<RatMaze> {
    let context = || format!("reading {}", path.display());
    let text = fs::read_to_string(path).with_context(context)?;
    let maze = rat::read(&text).with_context(context)?;
    Ok(maze)
}

/// Asks for the size on stdout, as the source does, and reads it from stdin.
fn ask_size() -> anyhow::Result<usize> {
    let mut stdout = io::stdout().lock();
    write!(stdout, "Enter size of maze: ").context("writing the prompt")?;
    stdout.flush().context("writing the prompt")?;
    let mut answer = String::new();
    let bytes = io::stdin()
        .lock()
        .read_line(&mut answer)
        .context("reading the maze size")?;
    if bytes == 0 {
        bail!("no maze size was given: expected a whole number from 1 to {MAX_SIZE}");
    }
    // A terminal echoes the answer and its Enter; this blank line then separates the
    // prompt from the drawing, as in the source's sample run.
    writeln!(stdout).context("writing the prompt")?;
    let answer = answer.trim();
    let size = match answer.parse::<i64>() {
        Ok(size) => size,
        Err(error) if *error.kind() == IntErrorKind::PosOverflow => {
            bail!("maze size {} is outside 1..={MAX_SIZE}", shortened(answer))
        }
        Err(_) => bail!(
            "the maze size `{}` is not a whole number: expected 1 to {MAX_SIZE}",
            shortened(answer)
        ),
    };
    size_from(size)
}

/// The size as a `usize`, checked against 1..=MAX_SIZE.
fn size_from(size: i64) -> anyhow::Result<usize> {
    match usize::try_from(size) {
        Ok(size) if (1..=MAX_SIZE).contains(&size) => Ok(size),
        _ => bail!("maze size {size} is outside 1..={MAX_SIZE}"),
    }
}

/// At most 40 characters of what was typed, with invisible characters escaped.
fn shortened(text: &str) -> String {
    let mut shown: String = text
        .chars()
        .take(40)
        .collect::<String>()
        .escape_debug()
        .to_string();
    if text.chars().count() > 40 {
        shown.push('…');
    }
    shown
}

/// A seed that differs from run to run: std's randomly keyed hasher applied to the
/// time of day (no extra crate needed).
fn random_seed() -> u64 {
    RandomState::new().hash_one(SystemTime::now())
}
