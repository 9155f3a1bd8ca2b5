//! `maze solve`: solves a maze, created here or read from a Maze JSON file, and shows
//! it with its solution (provided code).

use std::fs;
use std::path::Path;

use anyhow::Context;
use maze::{Maze, json};

use crate::cli::SolveArgs;
use crate::commands::generate::{create_maze, seed_from_clock, show};

/// Runs `maze solve`.
pub fn run(args: SolveArgs) -> anyhow::Result<()> {
    let seed = args.maze.seed.unwrap_or_else(seed_from_clock);
    let mut maze = match &args.input {
        Some(path) => read_maze(path)?,
        None => create_maze(&args.maze, seed)?,
    };
    args.solver.0.solve(&mut maze).context("solving the maze")?;
    show(&maze, &args.output)?;
    if args.input.is_none() && args.maze.seed.is_none() {
        // Printed last, so that on an error the error is the only line on stderr.
        eprintln!("seed: {seed}");
    }
    Ok(())
}

/// Reads the Maze JSON file at `path`; an error names the file.
fn read_maze(path: &Path) -> anyhow::Result<Maze> {
    let context = || format!("reading {}", path.display());
    let text = fs::read_to_string(path).with_context(context)?;
    let maze = json::from_str(&text).with_context(context)?;
    Ok(maze)
}
