//! What `maze play` shows: a status line, the maze around the player, a line of keys,
//! and the win message (provided code).
//!
//! The maze is the library's Unicode drawing (the same picture as
//! `maze generate --format unicode`), with the player's `@` put on top. A maze larger
//! than the terminal is shown through a window that follows the player: centred on
//! the player where it can be, against the maze's edge where it cannot.
//!
//! Drawing is a plain function of the game and the time played, so the tests draw
//! into ratatui's `TestBackend` and compare the text with a snapshot.

use std::time::Duration;

use maze::draw::unicode;
use maze::game::Game;
use maze::{Maze, Position};
use ratatui::Frame;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

/// The smallest terminal the game is played in: the key line must fit across, and
/// the status line, the key line and a few rows of maze down.
pub const MIN_COLUMNS: u16 = 52;
/// See [`MIN_COLUMNS`].
pub const MIN_ROWS: u16 = 8;

/// The line of keys at the bottom of the screen.
const KEYS: &str = "arrows/WASD/hjkl move  s path  n new maze  q quit";

/// The maze's picture as a grid of characters, made once per maze and again when
/// the path is shown or hidden.
#[derive(Debug, Clone)]
pub struct Picture {
    rows: Vec<Vec<char>>,
}

impl Picture {
    /// The Unicode drawing of the game's maze, with the solver's path when it is
    /// shown.
    pub fn of(game: &Game) -> Picture {
        let mut maze: Maze = game.maze().clone();
        if let Some(path) = game.shown_path() {
            maze.set_solution(maze::solver::directions_along(path));
        }
        let drawing = unicode::draw(&maze);
        // The drawing leaves out spaces at the ends of lines; the window needs every
        // row as wide as the maze.
        let width = usize::try_from(4 * maze.width() + 1).unwrap_or(0);
        let rows = drawing
            .lines()
            .map(|line| {
                let mut row: Vec<char> = line.chars().collect();
                row.resize(width.max(row.len()), ' ');
                row
            })
            .collect();
        Picture { rows }
    }

    fn width(&self) -> usize {
        self.rows.first().map_or(0, Vec::len)
    }

    fn height(&self) -> usize {
        self.rows.len()
    }
}

/// Where the middle of cell `position` is in the picture: 4 characters a cell
/// across, 2 lines a cell down, after the border.
fn picture_place(position: Position) -> (usize, usize) {
    let x = usize::try_from(4 * position.x + 2).unwrap_or(0);
    let y = usize::try_from(2 * position.y + 1).unwrap_or(0);
    (x, y)
}

/// The first of `window` places to show out of `total`, so that `focus` is in the
/// middle where it can be.
fn window_start(focus: usize, window: usize, total: usize) -> usize {
    if total <= window {
        return 0;
    }
    focus.saturating_sub(window / 2).min(total - window)
}

/// What the status line says.
#[derive(Debug, Clone)]
pub struct Status {
    /// The seed the maze was made from.
    pub seed: u64,
    /// The generator's name.
    pub algorithm: &'static str,
    /// How long the player has played (frozen once the game is won).
    pub elapsed: Duration,
}

/// `m:ss`.
fn clock(elapsed: Duration) -> String {
    let seconds = elapsed.as_secs();
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, game: &Game, picture: &Picture, status: &Status) {
    let area = frame.area();
    if area.width < MIN_COLUMNS || area.height < MIN_ROWS {
        let text = format!(
            "The terminal is {}x{}; maze play needs at least {MIN_COLUMNS}x{MIN_ROWS}.",
            area.width, area.height
        );
        frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
        return;
    }
    let [top, middle, bottom] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(1),
        Constraint::Length(1),
    ])
    .areas(area);

    let maze = game.maze();
    let path = if game.shown_path().is_some() {
        "  path shown"
    } else {
        ""
    };
    let line = format!(
        "{}x{} {}  seed {}  moves {}  time {}{path}",
        maze.width(),
        maze.height(),
        status.algorithm,
        status.seed,
        game.moves(),
        clock(status.elapsed),
    );
    frame.render_widget(
        Paragraph::new(line).style(Style::new().add_modifier(Modifier::BOLD)),
        top,
    );
    frame.render_widget(Paragraph::new(KEYS), bottom);
    draw_maze(frame, game, picture, middle);
    if game.is_won() {
        draw_win(frame, game, status, shown_area(picture, middle));
    }
}

/// The part of the picture around the player, with the player on top.
fn draw_maze(frame: &mut Frame, game: &Game, picture: &Picture, area: Rect) {
    let (player_x, player_y) = picture_place(game.player());
    let columns = usize::from(area.width);
    let rows = usize::from(area.height);
    let left = window_start(player_x, columns, picture.width());
    let top = window_start(player_y, rows, picture.height());
    let player = Style::new().add_modifier(Modifier::BOLD | Modifier::REVERSED);
    let lines: Vec<Line> = picture
        .rows
        .iter()
        .enumerate()
        .skip(top)
        .take(rows)
        .map(|(y, row)| {
            let shown = &row[left.min(row.len())..(left + columns).min(row.len())];
            if y != player_y {
                return Line::from(shown.iter().collect::<String>());
            }
            let at = player_x - left;
            Line::from(vec![
                Span::raw(shown[..at].iter().collect::<String>()),
                Span::styled("@", player),
                Span::raw(shown[at + 1..].iter().collect::<String>()),
            ])
        })
        .collect();
    frame.render_widget(Paragraph::new(lines), area);
}

/// The part of `area` the maze's picture covers: all of it for a maze larger than
/// the terminal, the top left corner for a small one.
fn shown_area(picture: &Picture, area: Rect) -> Rect {
    let width = u16::try_from(picture.width()).unwrap_or(u16::MAX);
    let height = u16::try_from(picture.height()).unwrap_or(u16::MAX);
    Rect::new(
        area.x,
        area.y,
        width.min(area.width),
        height.min(area.height),
    )
}

/// The win message, in a box over the middle of the maze as drawn (`maze`), so that
/// on a large terminal it stays beside a small maze rather than in the middle of the
/// empty screen. The box is larger than the smallest mazes: it is then moved only as
/// far right and down as the screen allows.
fn draw_win(frame: &mut Frame, game: &Game, status: &Status, maze: Rect) {
    let area = frame.area();
    let lines = vec![
        Line::from("You reached the end!"),
        Line::from(format!(
            "{} moves in {}",
            game.moves(),
            clock(status.elapsed)
        )),
        Line::from("n: new maze   q: quit"),
    ];
    let width = 28.min(area.width);
    let height = 5.min(area.height);
    let centred = |start: u16, length: u16, size: u16, end: u16| {
        (start + length / 2)
            .saturating_sub(size / 2)
            .min(end - size)
            .max(start)
    };
    let x = centred(maze.x, maze.width, width, area.right());
    let y = centred(maze.y, maze.height, height, area.bottom());
    let popup = Rect::new(x, y, width, height);
    frame.render_widget(Clear, popup);
    frame.render_widget(
        Paragraph::new(lines)
            .alignment(Alignment::Center)
            .block(Block::new().borders(Borders::ALL).title(" Solved ")),
        popup,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use maze::MazeRng;
    use maze::generate::{Settings, find};
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    fn game(width: i32, height: i32, seed: u64) -> Game {
        let maze = find("prim")
            .unwrap()
            .generate(
                width,
                height,
                &Settings::default(),
                &mut MazeRng::seed_from_u64(seed),
            )
            .unwrap();
        Game::new(maze)
    }

    /// The screen of `game` on a `columns` × `rows` terminal, as text.
    fn screen(game: &Game, columns: u16, rows: u16, elapsed: Duration) -> String {
        let mut terminal = Terminal::new(TestBackend::new(columns, rows)).unwrap();
        let picture = Picture::of(game);
        let status = Status {
            seed: 2,
            algorithm: "prim",
            elapsed,
        };
        terminal
            .draw(|frame| draw(frame, game, &picture, &status))
            .unwrap();
        terminal.backend().to_string()
    }

    #[test]
    fn a_new_game_shows_the_whole_small_maze_with_the_player_on_the_start() {
        let game = game(8, 5, 2);
        insta::assert_snapshot!(screen(&game, 60, 14, Duration::from_secs(0)));
    }

    #[test]
    fn the_path_is_shown_with_moves_and_time() {
        let mut game = game(8, 5, 2);
        game.toggle_path();
        let path = game.shown_path().unwrap().to_vec();
        let first = maze::solver::directions_along(&path[..2])[0];
        game.step(first);
        insta::assert_snapshot!(screen(&game, 60, 14, Duration::from_secs(75)));
    }

    #[test]
    fn a_large_maze_scrolls_to_keep_the_player_in_view() {
        let game = game(50, 50, 7);
        let text = screen(&game, 60, 16, Duration::from_secs(3));
        // The start is in the bottom row: the window shows the maze's bottom border.
        assert!(text.contains('@'), "{text}");
        assert!(text.contains('└'), "{text}");
        insta::assert_snapshot!(text);
    }

    #[test]
    fn winning_shows_the_moves_and_the_time() {
        let mut game = game(8, 5, 2);
        game.toggle_path();
        let path = game.shown_path().unwrap().to_vec();
        for direction in maze::solver::directions_along(&path) {
            game.step(direction);
        }
        assert!(game.is_won());
        insta::assert_snapshot!(screen(&game, 60, 14, Duration::from_secs(42)));
    }

    #[test]
    fn the_solved_box_lies_over_a_small_maze_on_a_large_terminal() {
        let mut game = game(8, 5, 2);
        game.toggle_path();
        let path = game.shown_path().unwrap().to_vec();
        for direction in maze::solver::directions_along(&path) {
            game.step(direction);
        }
        let text = screen(&game, 160, 50, Duration::from_secs(42));
        let picture = Picture::of(&game);
        // Row 0 is the status line; the picture starts on row 1.
        let row = text
            .lines()
            .position(|line| line.contains("Solved"))
            .unwrap();
        assert!(
            (1..=picture.height()).contains(&row),
            "the box is on row {row}, the maze on rows 1 to {}:\n{text}",
            picture.height()
        );
        let line = text.lines().nth(row).unwrap();
        let column = line.chars().position(|c| c == '┌').unwrap();
        assert!(column < picture.width(), "{line}");
    }

    #[test]
    fn a_terminal_too_small_says_how_large_it_must_be() {
        let game = game(8, 5, 2);
        let text = screen(&game, 40, 6, Duration::ZERO);
        assert!(text.contains("40x6"), "{text}");
        assert!(text.contains("52x8"), "{text}");
    }

    #[test]
    fn the_window_centres_the_player_and_stops_at_the_edges() {
        assert_eq!(window_start(5, 10, 8), 0);
        assert_eq!(window_start(3, 10, 100), 0);
        assert_eq!(window_start(50, 10, 100), 45);
        assert_eq!(window_start(98, 10, 100), 90);
    }
}
