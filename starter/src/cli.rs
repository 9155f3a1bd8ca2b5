//! The command line, as clap derive types: their doc comments are the `--help` text.

use std::path::PathBuf;
use std::sync::LazyLock;

use clap::builder::PossibleValue;
use clap::{Args, Parser, Subcommand, ValueEnum};
use maze::draw::{DRAWINGS, Drawing};
use maze::game::Level;
use maze::generate::{GENERATORS, Generator};
use maze::solver::{SOLVERS, Solver};
use maze::texture::{Favor, Root};

/// Create, solve and draw perfect mazes.
#[derive(Debug, Parser)]
#[command(name = "maze", version, about, max_term_width = 100)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Create a maze and draw it.
    Generate(GenerateArgs),
    /// Solve a maze (created here, or read from a Maze JSON file) and draw it with its
    /// solution.
    Solve(SolveArgs),
    /// Part 2: solve a rat-in-a-maze file with BFS and DFS, or generate one.
    Rat(RatArgs),
    /// Part 4: walk a maze from its start to its end in the terminal.
    Play(PlayArgs),
    /// Part 5: solve an arrow maze file, or generate one.
    Arrows(ArrowsArgs),
}

/// How to create a maze.
#[derive(Debug, Args)]
pub struct MazeOptions {
    /// Number of columns, 5..=50.
    #[arg(long, default_value_t = 12, allow_negative_numbers = true)]
    pub width: i32,
    /// Number of rows, 5..=50.
    #[arg(long, default_value_t = 8, allow_negative_numbers = true)]
    pub height: i32,
    /// 0 makes long corridors, 1 many turns.
    #[arg(long, default_value_t = 0.5, allow_negative_numbers = true)]
    pub complexity: f64,
    /// Seed of the random generator: the same seed gives the same maze. Random when
    /// left out (the seed used is then printed on stderr).
    #[arg(long)]
    pub seed: Option<u64>,
    /// How to create it.
    #[command(flatten)]
    pub algorithm: AlgorithmOptions,
}

/// Which generator creates the maze, and its Part 3 settings.
#[derive(Debug, Args)]
pub struct AlgorithmOptions {
    /// The generator.
    #[arg(long, value_enum, default_value = "backtracker")]
    pub algorithm: Algorithm,
    /// Which links the weighted generator prefers (read by --algorithm weighted).
    #[arg(long, value_enum, default_value = "none")]
    pub favor: FavorArg,
    /// Where the weighted generator's tree starts (read by --algorithm weighted).
    #[arg(long, value_enum, default_value = "corner")]
    pub root: RootArg,
}

/// A generator of [`maze::generate::GENERATORS`]: a generator added to that list
/// becomes an `--algorithm` value by itself.
#[derive(Debug, Clone, Copy)]
pub struct Algorithm(pub &'static dyn Generator);

static ALGORITHMS: LazyLock<Vec<Algorithm>> =
    LazyLock::new(|| GENERATORS.into_iter().map(Algorithm).collect());

impl ValueEnum for Algorithm {
    fn value_variants<'a>() -> &'a [Algorithm] {
        &ALGORITHMS
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.0.name()).help(self.0.about()))
    }
}

/// A solver of [`maze::solver::SOLVERS`].
#[derive(Debug, Clone, Copy)]
pub struct SolverArg(pub &'static dyn Solver);

static SOLVER_ARGS: LazyLock<Vec<SolverArg>> =
    LazyLock::new(|| SOLVERS.into_iter().map(SolverArg).collect());

impl ValueEnum for SolverArg {
    fn value_variants<'a>() -> &'a [SolverArg] {
        &SOLVER_ARGS
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.0.name()).help(self.0.about()))
    }
}

/// A favor of [`Favor::ALL`].
#[derive(Debug, Clone, Copy)]
pub struct FavorArg(pub Favor);

static FAVORS: LazyLock<Vec<FavorArg>> =
    LazyLock::new(|| Favor::ALL.into_iter().map(FavorArg).collect());

impl ValueEnum for FavorArg {
    fn value_variants<'a>() -> &'a [FavorArg] {
        &FAVORS
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.0.name()).help(self.0.about()))
    }
}

/// A root of [`Root::ALL`].
#[derive(Debug, Clone, Copy)]
pub struct RootArg(pub Root);

static ROOTS: LazyLock<Vec<RootArg>> =
    LazyLock::new(|| Root::ALL.into_iter().map(RootArg).collect());

impl ValueEnum for RootArg {
    fn value_variants<'a>() -> &'a [RootArg] {
        &ROOTS
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.0.name()).help(self.0.about()))
    }
}

/// A level of [`Level::ALL`].
#[derive(Debug, Clone, Copy)]
pub struct LevelArg(pub Level);

static LEVELS: LazyLock<Vec<LevelArg>> =
    LazyLock::new(|| Level::ALL.into_iter().map(LevelArg).collect());

impl ValueEnum for LevelArg {
    fn value_variants<'a>() -> &'a [LevelArg] {
        &LEVELS
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        let size = self.0.size();
        Some(PossibleValue::new(self.0.name()).help(format!("{size}x{size}")))
    }
}

/// How to show a maze.
#[derive(Debug, Args)]
pub struct OutputOptions {
    /// Drawing style, or Maze JSON.
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
    /// Write to this file instead of stdout.
    #[arg(long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// The output formats: each drawing of [`maze::draw::DRAWINGS`], then Maze JSON.
///
/// The drawings are not listed here one by one: a style added to `DRAWINGS` becomes
/// a `--format` value by itself.
#[derive(Debug, Clone, Copy)]
pub enum Format {
    /// A drawing.
    Drawing(&'static dyn Drawing),
    /// Maze JSON, which `maze solve --input` reads back.
    Json,
}

/// Every format, made once from [`DRAWINGS`] the first time clap asks for it.
static FORMATS: LazyLock<Vec<Format>> = LazyLock::new(|| {
    let mut formats: Vec<Format> = DRAWINGS.into_iter().map(Format::Drawing).collect();
    formats.push(Format::Json);
    formats
});

impl ValueEnum for Format {
    fn value_variants<'a>() -> &'a [Format] {
        &FORMATS
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        let value = match self {
            Format::Drawing(drawing) => PossibleValue::new(drawing.name()).help(drawing.about()),
            Format::Json => {
                PossibleValue::new("json").help("Maze JSON, which `maze solve --input` reads back")
            }
        };
        Some(value)
    }
}

/// Arguments of `maze generate`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// How to create the maze.
    #[command(flatten)]
    pub maze: MazeOptions,
    /// How to show it.
    #[command(flatten)]
    pub output: OutputOptions,
}

/// Arguments of `maze solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Read the maze from this Maze JSON file instead of creating one.
    #[arg(long, value_name = "FILE.json", conflicts_with_all = ["width", "height", "complexity", "seed", "algorithm", "favor", "root"])]
    pub input: Option<PathBuf>,
    /// How to create the maze (without --input).
    #[command(flatten)]
    pub maze: MazeOptions,
    /// How to solve it.
    #[arg(long, value_enum, default_value = "parallel")]
    pub solver: SolverArg,
    /// How to show it.
    #[command(flatten)]
    pub output: OutputOptions,
}

/// Arguments of `maze rat`.
#[derive(Debug, Args)]
pub struct RatArgs {
    /// A maze in the rat file format. Without it, a maze is generated: of --size, or
    /// of the size asked for on stdin.
    #[arg(value_name = "FILE", conflicts_with_all = ["size", "seed", "write"])]
    pub file: Option<PathBuf>,
    /// Size n of the n×n maze to generate, 1..=1000, instead of asking for it.
    #[arg(long, allow_negative_numbers = true)]
    pub size: Option<i64>,
    /// Seed of the random generator: the same seed gives the same maze. Random when
    /// left out (the seed used is then printed on stderr).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Save the generated maze in the rat file format.
    #[arg(long, value_name = "FILE")]
    pub write: Option<PathBuf>,
}

/// Arguments of `maze play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The size of the maze by level.
    #[arg(long, value_enum, conflicts_with_all = ["width", "height"])]
    pub level: Option<LevelArg>,
    /// Number of columns, 5..=50 (instead of --level).
    #[arg(long, allow_negative_numbers = true, requires = "height")]
    pub width: Option<i32>,
    /// Number of rows, 5..=50 (instead of --level).
    #[arg(long, allow_negative_numbers = true, requires = "width")]
    pub height: Option<i32>,
    /// Seed of the first maze; `n` makes the next one from a new seed. Random when
    /// left out.
    #[arg(long)]
    pub seed: Option<u64>,
    /// 0 makes long corridors, 1 many turns (read by --algorithm backtracker).
    #[arg(long, default_value_t = 0.5, allow_negative_numbers = true)]
    pub complexity: f64,
    /// How to create the maze.
    #[command(flatten)]
    pub algorithm: AlgorithmOptions,
}

/// Arguments of `maze arrows`.
///
/// With a FILE: prints the board and, as the last line, the shortest way from (1,1)
/// to the target (`(1,1) (1,4) …`) or `No solution exists`. With --generate: writes
/// a new puzzle in the board file format.
#[derive(Debug, Args)]
pub struct ArrowsArgs {
    /// An arrow maze in the board file format, to solve.
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// Generate a puzzle of N×N squares (1..=200) instead, and write its board file.
    #[arg(long, value_name = "N", allow_negative_numbers = true, conflicts_with_all = ["file", "format"])]
    pub generate: Option<i64>,
    /// With --generate: the number of rows, instead of N.
    #[arg(long, conflicts_with = "file", allow_negative_numbers = true)]
    pub rows: Option<i64>,
    /// With --generate: the number of columns, instead of N.
    #[arg(long, conflicts_with = "file", allow_negative_numbers = true)]
    pub cols: Option<i64>,
    /// With --generate: the fewest moves the shortest solution must have [default: 8].
    #[arg(
        long,
        value_name = "K",
        conflicts_with = "file",
        allow_negative_numbers = true
    )]
    pub min_moves: Option<i64>,
    /// With --generate: seed of the random generator; the same seed gives the same
    /// board. Random when left out (the seed used is then printed on stderr).
    #[arg(long, conflicts_with = "file")]
    pub seed: Option<u64>,
    /// How to show the board.
    #[arg(long, value_enum, default_value = "text")]
    pub format: ArrowsFormat,
    /// Write the drawing, or the generated board file, to this file instead of
    /// stdout. The path is then printed alone on stdout (graph-svg, which does not
    /// solve the board, prints nothing).
    #[arg(long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// How `maze arrows` shows a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ArrowsFormat {
    /// The board as text, then the path (in colour on a terminal, unless NO_COLOR is set)
    Text,
    /// An SVG picture of the board and its path, for a web browser
    Svg,
    /// An SVG picture of the doubled graph (boards up to 8x8)
    GraphSvg,
}
