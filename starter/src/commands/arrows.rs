//! `maze arrows`: Part 5's program.
//!
//! With a FILE it reads the board, solves it and shows it: the board, a blank line
//! and the path as the last line (`--format text`, the default), or an SVG picture
//! of the board or of its doubled graph. A drawing that goes to a file
//! (`--output`) leaves stdout to the path line alone. The graph drawing does not
//! solve the board: it needs only `Graph::new` (handout §10.2), so that a student sees
//! their graph before writing `solve` (§10.3), and with `--output` it prints nothing.
//! With `--generate N` it writes a new board file instead.
//!
//! A bad file is reported on one line as `FILE:LINE:COLUMN: what is wrong`, so that
//! editors and terminals can jump to the place.

use std::fs;
use std::io::{IsTerminal, stdout};
use std::path::Path;

use anyhow::{Context, anyhow, bail};

use super::generate::{seed_from_clock, write_file, write_stdout};
use crate::cli::{ArrowsArgs, ArrowsFormat};
use maze::MazeRng;
use maze::arrows::{self, Board, Graph, MAX_SIZE, draw};

/// The fewest moves a generated board's solution has when --min-moves is left out.
const DEFAULT_MIN_MOVES: usize = 8;

/// Runs `maze arrows`.
pub fn run(args: ArrowsArgs) -> anyhow::Result<()> {
    match (&args.file, args.generate) {
        (_, Some(size)) => generate(&args, size),
        (Some(path), None) => solve(&args, path),
        (None, None) => {
            bail!("give a board FILE to solve, or --generate N to make one (see --help)")
        }
    }
}

/// Reads, solves and shows the board in `path`.
fn solve(args: &ArrowsArgs, path: &Path) -> anyhow::Result<()> {
    let text = fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let board = arrows::parse(&text).map_err(|error| match (error.line(), error.column()) {
        (Some(line), Some(column)) => {
            anyhow!("{}:{line}:{column}: {}", path.display(), error.problem())
        }
        _ => anyhow!("{}: {error}", path.display()),
    })?;
    if args.format == ArrowsFormat::GraphSvg
        && (board.rows() > draw::GRAPH_SVG_MAX || board.cols() > draw::GRAPH_SVG_MAX)
    {
        bail!(
            "the graph drawing is for boards of at most {max}x{max} squares; {} is {}x{}",
            path.display(),
            board.rows(),
            board.cols(),
            max = draw::GRAPH_SVG_MAX
        );
    }
    let solution = (args.format != ArrowsFormat::GraphSvg).then(|| arrows::solve(&board));
    let path_line = solution
        .as_ref()
        .map(|solution| draw::path_line(solution.as_deref()));
    let drawing = match args.format {
        ArrowsFormat::Text => {
            let colour = args.output.is_none() && colour_wanted();
            let path_line = path_line.as_deref().unwrap_or_default();
            format!("{}\n{path_line}\n", draw::text(&board, colour))
        }
        ArrowsFormat::Svg => draw::svg(&board, solution.flatten().as_deref()),
        ArrowsFormat::GraphSvg => draw::graph_svg(&board, &Graph::new(&board)),
    };
    match (&args.output, path_line) {
        (Some(file), path_line) => {
            write_file(file, &drawing).with_context(|| format!("writing {}", file.display()))?;
            match path_line {
                Some(path_line) => write_stdout(&format!("{path_line}\n")),
                None => Ok(()),
            }
        }
        (None, _) => write_stdout(&drawing),
    }
}

/// Generates a board as --generate, --rows, --cols, --min-moves and --seed ask, and
/// writes its file.
fn generate(args: &ArrowsArgs, size: i64) -> anyhow::Result<()> {
    let rows = dimension(args.rows.unwrap_or(size))?;
    let cols = dimension(args.cols.unwrap_or(size))?;
    let min_moves = match args.min_moves {
        None => DEFAULT_MIN_MOVES,
        Some(moves) => usize::try_from(moves)
            .map_err(|_| anyhow!("--min-moves {moves} is negative; it must be 0 or more"))?,
    };
    let seed = args.seed.unwrap_or_else(seed_from_clock);
    let board: Board = arrows::generate(rows, cols, min_moves, &mut MazeRng::seed_from_u64(seed))?;
    let text = arrows::write(&board);
    match &args.output {
        Some(file) => {
            write_file(file, &text).with_context(|| format!("writing {}", file.display()))?
        }
        None => write_stdout(&text)?,
    }
    if args.seed.is_none() {
        // Printed last, so that on an error the error is the only line on stderr.
        eprintln!("seed: {seed}");
    }
    Ok(())
}

/// A number of rows or columns from the command line, checked against 1..=MAX_SIZE.
fn dimension(value: i64) -> anyhow::Result<usize> {
    match usize::try_from(value) {
        Ok(value) if (1..=MAX_SIZE).contains(&value) => Ok(value),
        _ => bail!(
            "a board size of {value} is not allowed; rows and columns must each be from 1 to {MAX_SIZE}"
        ),
    }
}

/// Whether the board should be drawn in colour: stdout is a terminal and `NO_COLOR`
/// is unset or empty (<https://no-color.org>).
fn colour_wanted() -> bool {
    stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|value| value.is_empty())
}
