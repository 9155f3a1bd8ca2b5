//! The legend under each picture: a row per pattern, its sample drawn as in the
//! picture, so that every difference can be read by its shape as well as its colour.

use std::fmt::Write as _;

use super::marks::{hatched_cell, polyline, ring, square};
use super::walls::Wall;

/// The height of a row of a legend.
pub(super) const LEGEND_ROW: i32 = 18;

/// A row of a legend: a sample drawn as in the picture, and its words.
#[derive(Debug, Clone, Copy)]
pub(super) enum LegendRow {
    /// A line in a style, for walls.
    Wall(Wall, &'static str),
    /// The green path.
    Path(&'static str),
    /// A hatched cell.
    Hatch(&'static str),
    /// The circle of a first difference.
    Ring(&'static str),
    /// A square of an arrow board, red (with its notch) or blue.
    Square(bool, &'static str),
}

impl LegendRow {
    /// The legend of a maze picture.
    pub(super) const MAZE: &[LegendRow] = &[
        LegendRow::Wall(
            Wall::Extra,
            "thick solid: a wall yours has and the expected maze lacks",
        ),
        LegendRow::Wall(
            Wall::Missing,
            "dashed: a wall the expected maze has and yours lacks",
        ),
        LegendRow::Path("the path, cell by cell"),
        LegendRow::Hatch("hatched: cells a search took out, in order"),
        LegendRow::Ring("circled: where yours first goes wrong"),
    ];

    /// The legend of an arrow board's picture.
    pub(super) const BOARD: &[LegendRow] = &[
        LegendRow::Path("the path, square by square (X: the target)"),
        LegendRow::Ring("circled thick: where yours first goes elsewhere"),
        LegendRow::Square(true, "a red square (notched corner; thin ring: circled)"),
        LegendRow::Square(false, "a blue square"),
    ];
}

/// The legend at (`x`, `y`): one row per entry, each with its sample.
pub(super) fn legend_svg(svg: &mut String, rows: &[LegendRow], x: i32, y: i32) {
    for (row, entry) in rows.iter().enumerate() {
        let ly = y + 8 + row as i32 * LEGEND_ROW;
        let words = match *entry {
            LegendRow::Wall(kind, words) => {
                let _ = write!(
                    svg,
                    "<line x1=\"{x}\" y1=\"{ly}\" x2=\"{}\" y2=\"{ly}\" {}/>",
                    x + 24,
                    kind.style()
                );
                words
            }
            LegendRow::Path(words) => {
                polyline(svg, [(x, ly), (x + 24, ly)].into_iter(), 3);
                words
            }
            LegendRow::Hatch(words) => {
                hatched_cell(svg, x + 6, ly - 6, 12);
                words
            }
            LegendRow::Ring(words) => {
                ring(svg, x + 12, ly, 6);
                words
            }
            LegendRow::Square(red, words) => {
                square(svg, x + 6, ly - 6, 12, red);
                words
            }
        };
        let _ = write!(
            svg,
            "<text x=\"{}\" y=\"{}\">{words}</text>",
            x + 32,
            ly + 4
        );
    }
}
