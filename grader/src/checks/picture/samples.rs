//! What the picture tests share: a small maze, a picture of it beside a changed copy,
//! and the reading of a picture's text alternative.

use super::{Drawing, cells_of, side_by_side};
use crate::checks::model::{EAST, Grid, NORTH, SOUTH, WEST};

/// A 3x2 snake: (0,0) → (1,0) → (2,0) → (2,1) → (1,1) → (0,1).
pub(super) fn snake() -> Grid {
    Grid {
        width: 3,
        height: 2,
        walls: vec![
            vec![NORTH | WEST | SOUTH, NORTH | SOUTH, NORTH | EAST],
            vec![SOUTH | WEST | NORTH, SOUTH | NORTH, SOUTH | EAST],
        ],
    }
}

/// The snake beside a copy with one wall taken out (between (1, 0) and (1, 1))
/// and one put in (south of (2, 0)), the paths through each, yours circled.
pub(super) fn snake_picture() -> String {
    let expected = snake();
    let mut yours = snake();
    yours.walls[0][1] &= !SOUTH;
    yours.walls[1][1] &= !NORTH;
    yours.walls[0][2] |= SOUTH;
    side_by_side(
        &Drawing {
            grid: Some(&expected),
            start: Some((0, 0)),
            end: Some((0, 1)),
            path: cells_of((0, 0), &[EAST, EAST, SOUTH, WEST, WEST]),
            ..Drawing::default()
        },
        &Drawing {
            grid: Some(&yours),
            start: Some((0, 0)),
            end: Some((0, 1)),
            path: cells_of((0, 0), &[EAST, SOUTH, WEST]),
            mark: Some((1, 1)),
            ..Drawing::default()
        },
    )
}

/// The picture's name: its `<title>`, which must be its `aria-label` too.
pub(super) fn text_alternative(svg: &str) -> String {
    let document = roxmltree::Document::parse(svg).expect("the SVG parses as XML");
    let root = document.root_element();
    assert_eq!(root.attribute("role"), Some("img"));
    let title = root
        .children()
        .find(|node| node.has_tag_name("title"))
        .and_then(|node| node.text())
        .expect("a title");
    assert_eq!(root.attribute("aria-label"), Some(title));
    title.to_owned()
}
