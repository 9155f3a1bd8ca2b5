//! Part 3: textured mazes from a weighted random spanning tree.
//!
//! The maze grows as a tree from one *root* cell. A list of candidate *links* holds
//! every link from a cell of the tree to a neighbour (which was outside the tree when
//! the link was listed). Each round draws one link from the list, removes it, and if
//! its far cell is still outside the tree, knocks the wall down, adds the cell to the
//! tree and lists that cell's own links. When the list is empty, every cell is in the
//! tree: a perfect maze.
//!
//! Drawing every link with the same chance gives a maze without any character.
//! Drawing with *weights* ([`weight`], [`weighted_pick`]) gives it a texture: favour
//! east–west links and the corridors run across; favour links that turn and the walls
//! zigzag. [`Favor`] lists the six weightings.
//!
//! You write [`weight`] and [`weighted_pick`]; the tree-growing loop
//! ([`generate_weighted`]) is provided and calls them.

use std::collections::VecDeque;

use crate::cell_array::MazeCellArray;
use crate::direction::Direction;
use crate::error::MazeError;
use crate::generator::{Ends, Generator, Settings};
use crate::maze::Maze;
use crate::position::Position;
use crate::rng::MazeRng;

// The weightings and roots are the generators' settings, so they live beside
// `Settings`; here is where Part 3 uses them (`maze::texture::Favor`).
pub use crate::generator::{Favor, Root};

// ANCHOR: link
/// A candidate link: a step from a cell of the tree to a neighbour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Link {
    /// The cell in the tree (the *near* cell).
    pub from: Position,
    /// The neighbour the link leads to (the *far* cell).
    pub to: Position,
    /// The direction from `from` to `to`: one of the four cardinals.
    pub direction: Direction,
    /// How many rounds the link has waited in the candidate list (0 when listed).
    pub age: u32,
    /// The direction of the link that brought `from` into the tree; `None` when
    /// `from` is the root, which no link brought in.
    pub previous: Option<Direction>,
}
// ANCHOR_END: link

// ANCHOR: weight
/// The weight of `link` under `favor`: how many "tickets" it holds in the draw.
///
/// | favor | weight |
/// | --- | --- |
/// | `None` | 1 |
/// | `Age` | `age × age` (so 0 for a link listed this round) |
/// | `Horizontal` | 5 for an east or west link, else 1 |
/// | `Vertical` | 5 for a north or south link, else 1 |
/// | `ZigZag` | 10 when the link turns (east–west after north–south, or the other way round), else 1; 1 when `previous` is `None` |
/// | `Straight` | 10 when the link goes on along the same axis as `previous`, else 1; 1 when `previous` is `None` |
pub fn weight(favor: Favor, link: &Link) -> u64 {
    // BEGIN SOLUTION texture::weight (§8.1): the weight of {link:?} under {favor:?}
    let horizontal =
        |direction: Direction| direction == Direction::EAST || direction == Direction::WEST;
    match favor {
        Favor::None => 1,
        Favor::Age => u64::from(link.age) * u64::from(link.age),
        Favor::Horizontal => {
            if horizontal(link.direction) {
                5
            } else {
                1
            }
        }
        Favor::Vertical => {
            if horizontal(link.direction) {
                1
            } else {
                5
            }
        }
        Favor::ZigZag => match link.previous {
            Some(previous) if horizontal(previous) != horizontal(link.direction) => 10,
            _ => 1,
        },
        Favor::Straight => match link.previous {
            Some(previous) if horizontal(previous) == horizontal(link.direction) => 10,
            _ => 1,
        },
    }
    // END SOLUTION
}
// ANCHOR_END: weight

// ANCHOR: weighted_pick
/// The index of the link drawn from `links`, each link's chance being its
/// [`weight`] under `favor` divided by the total weight.
///
/// The draw, exactly (so that the same seed gives everyone the same maze): add up the
/// weights into `total`. If `total` is 0 (only possible with `Age`, in the first
/// round, when every link is new), return 0 and draw nothing. Otherwise draw `r` with
/// `rng.in_range_u64(1..=total)`, then walk the list adding up the weights, and return
/// the index of the first link at which the running sum reaches `r` (sum ≥ r).
///
/// # Panics
/// If `links` is empty: there is nothing to draw.
pub fn weighted_pick(links: &[Link], favor: Favor, rng: &mut MazeRng) -> usize {
    // BEGIN SOLUTION texture::weighted_pick (§8.2): draw one of {} links by their {favor:?} weights with {rng:?} | links.len()
    assert!(!links.is_empty(), "weighted_pick needs at least one link");
    let total: u64 = links.iter().map(|link| weight(favor, link)).sum();
    if total == 0 {
        return 0;
    }
    let r = rng.in_range_u64(1..=total);
    let mut running = 0;
    for (index, link) in links.iter().enumerate() {
        running += weight(favor, link);
        if r <= running {
            return index;
        }
    }
    unreachable!("r is at most the total, which the running sum reaches at the last link")
    // END SOLUTION
}
// ANCHOR_END: weighted_pick

// ANCHOR: generate_weighted
/// Grows a weighted random spanning tree over `cells` from `root` (provided code).
///
/// Puts every wall back up first. Each round: [`weighted_pick`] draws a link, which is
/// removed from the list (the others keep their order); if its far cell is not yet in
/// the tree, the wall between is knocked down, the far cell joins the tree and its
/// links to cells outside the tree are appended in N, S, E, W order; then every link
/// still in the list grows one round older. The rounds go on until the list is empty.
///
/// The maze starts at the root and ends at the cell farthest from it along the
/// passages (of equally far cells, the first in reading order: top row first, each
/// row from west to east).
pub fn generate_weighted(
    cells: &mut MazeCellArray,
    favor: Favor,
    root: Root,
    rng: &mut MazeRng,
) -> Ends {
    cells.reset();
    let root = root.position(cells.width(), cells.height());
    let mut tree = Grid::new(cells, false);
    // The direction of the link that brought each cell into the tree.
    let mut reached_by: Grid<Option<Direction>> = Grid::new(cells, None);
    let mut links: Vec<Link> = Vec::new();

    tree.set(root, true);
    list_links(cells, &tree, root, None, &mut links);
    while !links.is_empty() {
        let link = links.remove(weighted_pick(&links, favor, rng));
        if !tree.get(link.to) {
            cells.remove_cell_wall(link.from, link.direction);
            tree.set(link.to, true);
            reached_by.set(link.to, Some(link.direction));
            list_links(cells, &tree, link.to, Some(link.direction), &mut links);
        }
        for waiting in &mut links {
            waiting.age += 1;
        }
    }
    Ends {
        start: root,
        end: farthest_from(cells, root),
    }
}
// ANCHOR_END: generate_weighted

/// Appends the links from `from` (which joined the tree through a link going
/// `previous`) to its neighbours outside the tree, in N, S, E, W order.
fn list_links(
    cells: &MazeCellArray,
    tree: &Grid<bool>,
    from: Position,
    previous: Option<Direction>,
    links: &mut Vec<Link>,
) {
    for direction in Direction::CARDINALS {
        let to = from.moved(direction);
        if cells.contains(to) && !tree.get(to) {
            links.push(Link {
                from,
                to,
                direction,
                age: 0,
                previous,
            });
        }
    }
}

/// The cell farthest from `from` along open passages; of equally far cells, the
/// first in reading order.
pub(crate) fn farthest_from(cells: &MazeCellArray, from: Position) -> Position {
    let mut distance: Grid<Option<u32>> = Grid::new(cells, None);
    distance.set(from, Some(0));
    let mut queue = VecDeque::from([from]);
    while let Some(position) = queue.pop_front() {
        let here = distance.get(position).unwrap_or(0);
        for next in cells
            .accessible_neighbors(position, Direction::NONE)
            .values()
        {
            if distance.get(*next).is_none() {
                distance.set(*next, Some(here + 1));
                queue.push_back(*next);
            }
        }
    }
    let mut farthest = from;
    let mut most = 0;
    for y in cells.y_range() {
        for x in cells.x_range() {
            let position = Position::new(x, y);
            if let Some(d) = distance.get(position)
                && d > most
            {
                most = d;
                farthest = position;
            }
        }
    }
    farthest
}

/// One value per cell of a grid, for the generator's own bookkeeping.
struct Grid<T> {
    values: Vec<T>,
    width: i32,
}

impl<T: Copy> Grid<T> {
    /// A grid the size of `cells`, every value `value`.
    fn new(cells: &MazeCellArray, value: T) -> Grid<T> {
        let count = usize::try_from(cells.width() * cells.height()).unwrap_or(0);
        Grid {
            values: vec![value; count],
            width: cells.width(),
        }
    }

    /// Where `position` (inside the grid) is kept.
    fn index(&self, position: Position) -> usize {
        usize::try_from(position.y * self.width + position.x).expect("inside the grid")
    }

    fn get(&self, position: Position) -> T {
        self.values[self.index(position)]
    }

    fn set(&mut self, position: Position, value: T) {
        let index = self.index(position);
        self.values[index] = value;
    }
}

/// Part 3's weighted spanning-tree generator, for the list of generators.
#[derive(Debug, Clone, Copy)]
pub struct Weighted;

impl Generator for Weighted {
    fn name(&self) -> &'static str {
        "weighted"
    }

    fn about(&self) -> &'static str {
        "Part 3: a weighted random spanning tree (reads --favor and --root)"
    }

    fn generate(
        &self,
        width: i32,
        height: i32,
        settings: &Settings,
        rng: &mut MazeRng,
    ) -> Result<Maze, MazeError> {
        let mut cells = MazeCellArray::new(width, height)?;
        let ends = generate_weighted(&mut cells, settings.favor, settings.root, rng);
        Maze::from_cells(cells, ends.start, ends.end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn link(direction: Direction, previous: Option<Direction>, age: u32) -> Link {
        let from = Position::new(2, 2);
        Link {
            from,
            to: from.moved(direction),
            direction,
            age,
            previous,
        }
    }

    #[test]
    fn a_total_of_zero_takes_the_first_link_without_drawing() {
        let links = [
            link(Direction::EAST, None, 0),
            link(Direction::SOUTH, None, 0),
        ];
        let mut rng = MazeRng::seed_from_u64(1);
        assert_eq!(weighted_pick(&links, Favor::Age, &mut rng), 0);
        // Nothing was drawn: the generator is where a fresh one is.
        let mut fresh = MazeRng::seed_from_u64(1);
        assert_eq!(rng.chance(), fresh.chance());
    }

    #[test]
    fn a_link_of_weight_zero_is_never_drawn_while_others_weigh_more() {
        let links = [
            link(Direction::EAST, None, 0),
            link(Direction::SOUTH, None, 3),
            link(Direction::WEST, None, 0),
        ];
        let mut rng = MazeRng::seed_from_u64(9);
        for _ in 0..200 {
            assert_eq!(weighted_pick(&links, Favor::Age, &mut rng), 1);
        }
    }

    #[test]
    fn the_farthest_cell_of_a_corridor_is_its_other_end() {
        let mut cells = MazeCellArray::new(5, 5).unwrap();
        for x in 0..4 {
            cells.remove_cell_wall(Position::new(x, 0), Direction::EAST);
        }
        assert_eq!(
            farthest_from(&cells, Position::new(0, 0)),
            Position::new(4, 0)
        );
    }
}
