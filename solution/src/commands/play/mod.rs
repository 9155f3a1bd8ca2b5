//! `maze play`: walk a maze from its start to its end in the terminal (provided
//! code).
//!
//! The rules are the library's [`Game`]; this module turns keys into
//! [`Game::step`] calls and draws the screen ([`screen`]) with ratatui on a crossterm
//! terminal. It needs a real terminal on stdin and stdout of at least
//! [`screen::MIN_COLUMNS`] × [`screen::MIN_ROWS`]; otherwise it stops before
//! touching the terminal with a one-line error (exit code 2).
//!
//! `n` makes a new maze of the same size from the next seed (seed + 1), so a game
//! started with `--seed` can be played again move for move.

mod screen;

use std::io::{self, IsTerminal, Stdout};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use crossterm::execute;
use crossterm::terminal::{self, EnterAlternateScreen, LeaveAlternateScreen};
use maze::game::{Game, Level};
use maze::generate::{Generator, Settings};
use maze::{Direction, MazeRng};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;

use crate::cli::PlayArgs;
use crate::commands::generate::seed_from_clock;
use screen::{MIN_COLUMNS, MIN_ROWS, Picture, Status};

/// What a key asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Action {
    /// Step one cell.
    Move(Direction),
    /// Show or hide the solver's path.
    TogglePath,
    /// A new maze from the next seed.
    NewMaze,
    /// Leave the game.
    Quit,
}

/// The action of a key press, if it has one: arrows, WASD and hjkl move; `s` shows
/// the path, `n` makes a new maze, `q`, Esc and Ctrl-C quit.
fn action(key: KeyEvent) -> Option<Action> {
    if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
        return Some(Action::Quit);
    }
    let action = match key.code {
        KeyCode::Up | KeyCode::Char('w' | 'k') => Action::Move(Direction::NORTH),
        KeyCode::Down | KeyCode::Char('j') => Action::Move(Direction::SOUTH),
        KeyCode::Right | KeyCode::Char('d' | 'l') => Action::Move(Direction::EAST),
        KeyCode::Left | KeyCode::Char('a' | 'h') => Action::Move(Direction::WEST),
        // `s` is the path, as the assignment asks; WASD's "down" is the arrow or `j`.
        KeyCode::Char('s') => Action::TogglePath,
        KeyCode::Char('n') => Action::NewMaze,
        KeyCode::Char('q') | KeyCode::Esc => Action::Quit,
        _ => return None,
    };
    Some(action)
}

/// One game and what the screen needs besides it.
struct Session {
    generator: &'static dyn Generator,
    settings: Settings,
    width: i32,
    height: i32,
    seed: u64,
    game: Game,
    picture: Picture,
    started: Instant,
    /// The time played, once the game is won.
    finished: Option<Duration>,
}

impl Session {
    fn new(
        generator: &'static dyn Generator,
        settings: Settings,
        (width, height): (i32, i32),
        seed: u64,
    ) -> anyhow::Result<Session> {
        let maze =
            generator.generate(width, height, &settings, &mut MazeRng::seed_from_u64(seed))?;
        let game = Game::new(maze);
        let picture = Picture::of(&game);
        Ok(Session {
            generator,
            settings,
            width,
            height,
            seed,
            game,
            picture,
            started: Instant::now(),
            finished: None,
        })
    }

    fn status(&self) -> Status {
        Status {
            seed: self.seed,
            algorithm: self.generator.name(),
            elapsed: self.finished.unwrap_or_else(|| self.started.elapsed()),
        }
    }

    /// Does what `action` asks; returns false when the game is over.
    fn apply(&mut self, action: Action) -> anyhow::Result<bool> {
        match action {
            Action::Move(direction) => {
                self.game.step(direction);
                if self.game.is_won() && self.finished.is_none() {
                    self.finished = Some(self.started.elapsed());
                }
            }
            Action::TogglePath => {
                self.game.toggle_path();
                self.picture = Picture::of(&self.game);
            }
            Action::NewMaze => {
                let size = (self.width, self.height);
                *self = Session::new(
                    self.generator,
                    self.settings,
                    size,
                    self.seed.wrapping_add(1),
                )?;
            }
            Action::Quit => return Ok(false),
        }
        Ok(true)
    }
}

/// A panic hook, kept to be put back.
type PanicHook = Box<dyn Fn(&std::panic::PanicHookInfo<'_>) + Sync + Send + 'static>;

/// Leaves the terminal as it was found, however the game ends: a panic included.
struct RawTerminal {
    terminal: Terminal<CrosstermBackend<Stdout>>,
    /// The hook before the game's (the driver's one-line report), put back at the end.
    print_panic: Arc<PanicHook>,
}

/// Back from the alternate screen to the normal one, cursor shown, raw mode off.
fn restore_terminal() {
    let _ = execute!(io::stdout(), LeaveAlternateScreen, crossterm::cursor::Show);
    let _ = terminal::disable_raw_mode();
}

impl RawTerminal {
    fn enter() -> anyhow::Result<RawTerminal> {
        terminal::enable_raw_mode().context("switching the terminal to raw mode")?;
        let mut stdout = io::stdout();
        if let Err(error) = execute!(stdout, EnterAlternateScreen) {
            let _ = terminal::disable_raw_mode();
            return Err(error).context("switching to the alternate screen");
        }
        // A panic in the game's code (a `todo!()` not written yet, say) prints its
        // message before the stack unwinds and `drop` leaves the alternate screen,
        // which then wipes the message with the game: the player would see a blank
        // screen. The hook leaves the screen first, then prints the message as usual.
        let print_panic: Arc<PanicHook> = Arc::new(std::panic::take_hook());
        let print = Arc::clone(&print_panic);
        std::panic::set_hook(Box::new(move |info| {
            restore_terminal();
            print(info);
        }));
        let terminal =
            Terminal::new(CrosstermBackend::new(stdout)).context("setting up the terminal")?;
        Ok(RawTerminal {
            terminal,
            print_panic,
        })
    }
}

impl Drop for RawTerminal {
    fn drop(&mut self) {
        let _ = execute!(
            self.terminal.backend_mut(),
            LeaveAlternateScreen,
            crossterm::cursor::Show
        );
        let _ = terminal::disable_raw_mode();
        // Back to the panic hook there was before (`set_hook` itself panics while
        // a panic unwinds: the game's hook is then left, and the program ends anyway).
        if !std::thread::panicking() {
            let print = Arc::clone(&self.print_panic);
            std::panic::set_hook(Box::new(move |info| print(info)));
        }
    }
}

/// Runs `maze play`.
pub fn run(args: PlayArgs) -> anyhow::Result<()> {
    let size = match (args.level, args.width, args.height) {
        (_, Some(width), Some(height)) => (width, height),
        (Some(level), _, _) => (level.0.size(), level.0.size()),
        _ => (Level::Beginner.size(), Level::Beginner.size()),
    };
    let settings = Settings {
        complexity: args.complexity,
        favor: args.algorithm.favor.0,
        root: args.algorithm.root.0,
    };
    let seed = args.seed.unwrap_or_else(seed_from_clock);
    // The maze first: a bad size is reported before anything else.
    let mut session = Session::new(args.algorithm.algorithm.0, settings, size, seed)?;

    if !io::stdin().is_terminal() || !io::stdout().is_terminal() {
        bail!("maze play needs a terminal: run it without redirecting stdin or stdout");
    }
    let (columns, rows) = terminal::size().context("reading the terminal's size")?;
    if columns < MIN_COLUMNS || rows < MIN_ROWS {
        bail!(
            "the terminal is {columns}x{rows}; maze play needs at least {MIN_COLUMNS}x{MIN_ROWS}"
        );
    }

    let mut raw = RawTerminal::enter()?;
    loop {
        let status = session.status();
        raw.terminal
            .draw(|frame| screen::draw(frame, &session.game, &session.picture, &status))
            .context("drawing the screen")?;
        // Wake up now and then even without a key, so the clock ticks.
        if !event::poll(Duration::from_millis(250)).context("reading the keyboard")? {
            continue;
        }
        if let Event::Key(key) = event::read().context("reading the keyboard")?
            && key.kind == KeyEventKind::Press
            && let Some(action) = action(key)
            && !session.apply(action)?
        {
            break;
        }
    }
    drop(raw);
    if session.game.is_won() {
        println!(
            "You reached the end of the {}x{} maze (seed {}) in {} moves.",
            session.width,
            session.height,
            session.seed,
            session.game.moves()
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(code: KeyCode) -> Option<Action> {
        action(KeyEvent::new(code, KeyModifiers::NONE))
    }

    #[test]
    fn arrows_wasd_and_hjkl_move() {
        for (keys, direction) in [
            (
                [KeyCode::Up, KeyCode::Char('w'), KeyCode::Char('k')],
                Direction::NORTH,
            ),
            (
                [KeyCode::Right, KeyCode::Char('d'), KeyCode::Char('l')],
                Direction::EAST,
            ),
            (
                [KeyCode::Left, KeyCode::Char('a'), KeyCode::Char('h')],
                Direction::WEST,
            ),
        ] {
            for key in keys {
                assert_eq!(press(key), Some(Action::Move(direction)), "{key:?}");
            }
        }
        assert_eq!(press(KeyCode::Down), Some(Action::Move(Direction::SOUTH)));
        assert_eq!(
            press(KeyCode::Char('j')),
            Some(Action::Move(Direction::SOUTH))
        );
    }

    #[test]
    fn s_shows_the_path_n_makes_a_new_maze_q_quits() {
        assert_eq!(press(KeyCode::Char('s')), Some(Action::TogglePath));
        assert_eq!(press(KeyCode::Char('n')), Some(Action::NewMaze));
        assert_eq!(press(KeyCode::Char('q')), Some(Action::Quit));
        assert_eq!(press(KeyCode::Esc), Some(Action::Quit));
        let control_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(action(control_c), Some(Action::Quit));
        assert_eq!(press(KeyCode::Char('x')), None);
    }

    #[test]
    fn a_new_maze_comes_from_the_next_seed() {
        let generator = maze::generate::find("prim").unwrap();
        let mut session = Session::new(generator, Settings::default(), (6, 5), 10).unwrap();
        session.apply(Action::NewMaze).unwrap();
        assert_eq!(session.seed, 11);
        let fresh = Session::new(generator, Settings::default(), (6, 5), 11).unwrap();
        assert_eq!(session.game.maze().cells(), fresh.game.maze().cells());
        assert!(!session.apply(Action::Quit).unwrap());
    }
}
