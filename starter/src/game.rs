//! Part 4: the rules of the maze game (provided code).
//!
//! The player stands on the start cell and walks one cell at a time towards the end;
//! a wall (or the border) blocks the way. Reaching the end wins. The solver's path
//! can be shown and hidden as a hint.
//!
//! These rules know nothing of terminals or keys: `maze play` turns key presses into
//! [`Game::step`] calls and draws the game, and the tests call `step` directly.

use crate::backtrack::solve_backtracking;
use crate::direction::Direction;
use crate::maze::Maze;
use crate::position::Position;

// ANCHOR: level
/// The source game's three levels, by maze size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Level {
    /// A 30 × 30 maze.
    Beginner,
    /// A 40 × 40 maze.
    Intermediate,
    /// A 50 × 50 maze.
    Advanced,
}
// ANCHOR_END: level

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 3] = [Level::Beginner, Level::Intermediate, Level::Advanced];

    /// The level's name on the command line (`--level advanced`).
    pub fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Intermediate => "intermediate",
            Level::Advanced => "advanced",
        }
    }

    /// The width and height of the level's square maze.
    pub fn size(self) -> i32 {
        match self {
            Level::Beginner => 30,
            Level::Intermediate => 40,
            Level::Advanced => 50,
        }
    }
}

// ANCHOR: step
/// What one step of the player did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// The player moved one cell.
    Moved,
    /// A wall or the border is in the way (or the direction is not a single one):
    /// the player stays where they are.
    Blocked,
    /// The player reached the end (or had already reached it): the game is won.
    Won,
}
// ANCHOR_END: step

// ANCHOR: game
/// A game in progress: a maze, where the player stands, how many moves they made.
#[derive(Debug, Clone)]
pub struct Game {
    maze: Maze,
    player: Position,
    moves: u32,
    won: bool,
    /// The solver's path, once asked for; shown while `show_path` is true.
    path: Option<Vec<Position>>,
    show_path: bool,
}
// ANCHOR_END: game

impl Game {
    /// A new game on `maze` (which must be created), the player on its start.
    pub fn new(maze: Maze) -> Game {
        Game {
            player: maze.start(),
            maze,
            moves: 0,
            won: false,
            path: None,
            show_path: false,
        }
    }

    /// The maze being played.
    pub fn maze(&self) -> &Maze {
        &self.maze
    }

    /// Where the player stands.
    pub fn player(&self) -> Position {
        self.player
    }

    /// How many steps the player has taken (blocked ones do not count).
    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// Whether the player has reached the end.
    pub fn is_won(&self) -> bool {
        self.won
    }

    // ANCHOR: game_step
    /// Moves the player one cell in `direction` unless a wall or the border is in the
    /// way. Once the game is won, nothing moves any more and every step says `Won`.
    pub fn step(&mut self, direction: Direction) -> Step {
        if self.won {
            return Step::Won;
        }
        let next = self.player.moved(direction);
        let single = Direction::CARDINALS.contains(&direction);
        if !single
            || !self.maze.cells().contains(next)
            || self.maze[self.player].walls.contains(direction)
        {
            return Step::Blocked;
        }
        self.player = next;
        self.moves += 1;
        if next == self.maze.end() {
            self.won = true;
            Step::Won
        } else {
            Step::Moved
        }
    }
    // ANCHOR_END: game_step

    /// Shows the backtracking solver's path from the start to the end if it was
    /// hidden, hides it if it was shown; returns whether it is shown now.
    pub fn toggle_path(&mut self) -> bool {
        self.show_path = !self.show_path;
        if self.show_path && self.path.is_none() {
            // A maze without a path to its end shows no path rather than failing.
            self.path = Some(solve_backtracking(&self.maze).unwrap_or_default());
        }
        self.show_path
    }

    /// The solver's path while it is shown.
    pub fn shown_path(&self) -> Option<&[Position]> {
        if self.show_path {
            self.path.as_deref()
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cell_array::MazeCellArray;

    /// A 5×5 maze whose top row is a corridor from (0, 0) to the end at (4, 0); the
    /// rest hangs below (0, 0) as one long snake so that the maze is perfect.
    fn corridor() -> Maze {
        let mut cells = MazeCellArray::new(5, 5).unwrap();
        for x in 0..4 {
            cells.remove_cell_wall(Position::new(x, 0), Direction::EAST);
        }
        for y in 1..5 {
            for x in 0..4 {
                cells.remove_cell_wall(Position::new(x, y), Direction::EAST);
            }
            let x = if y % 2 == 1 { 0 } else { 4 };
            cells.remove_cell_wall(Position::new(x, y - 1), Direction::SOUTH);
        }
        Maze::from_cells(cells, Position::new(0, 0), Position::new(4, 0)).unwrap()
    }

    #[test]
    fn walking_the_corridor_wins_in_four_moves() {
        let mut game = Game::new(corridor());
        assert_eq!(game.step(Direction::EAST), Step::Moved);
        assert_eq!(game.step(Direction::EAST), Step::Moved);
        assert_eq!(game.step(Direction::EAST), Step::Moved);
        assert_eq!(game.step(Direction::EAST), Step::Won);
        assert!(game.is_won());
        assert_eq!(game.moves(), 4);
    }

    #[test]
    fn walls_and_the_border_block_without_counting_a_move() {
        let mut game = Game::new(corridor());
        assert_eq!(game.step(Direction::NORTH), Step::Blocked);
        assert_eq!(game.step(Direction::WEST), Step::Blocked);
        game.step(Direction::EAST);
        assert_eq!(game.step(Direction::SOUTH), Step::Blocked);
        assert_eq!(game.step(Direction::NORTH | Direction::EAST), Step::Blocked);
        assert_eq!(game.player(), Position::new(1, 0));
        assert_eq!(game.moves(), 1);
    }

    #[test]
    fn after_winning_nothing_moves() {
        let mut game = Game::new(corridor());
        for _ in 0..4 {
            game.step(Direction::EAST);
        }
        assert_eq!(game.step(Direction::WEST), Step::Won);
        assert_eq!(game.player(), Position::new(4, 0));
        assert_eq!(game.moves(), 4);
    }

    #[test]
    fn the_path_toggles_on_and_off() {
        let mut game = Game::new(corridor());
        assert!(game.shown_path().is_none());
        assert!(game.toggle_path());
        assert_eq!(game.shown_path().unwrap().len(), 5);
        assert!(!game.toggle_path());
        assert!(game.shown_path().is_none());
    }
}
