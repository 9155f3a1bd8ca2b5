//! What the program shows (provided code): the board as text or as an SVG picture,
//! the doubled graph as an SVG picture, and the path as one line.
//!
//! In [`text`], every square takes three characters, and squares are separated by a
//! space: the colour letter (`R` or `B`), the arrow (`↑ ↗ → ↘ ↓ ↙ ← ↖`), and `○` when
//! the square is circled. The target is `[X]`. Row numbers run down the left, column
//! numbers along the top. With colour on, red and blue squares are also shown in red
//! and blue (ANSI escape codes), and the target in bold:
//!
//! ```text
//!    1   2   3
//! 1  R→  R←○ [X]
//! ```
//!
//! [`path_line`] is the last line `maze arrows` prints: the squares of the path as
//! `(row,col)`, separated by spaces, or `No solution exists`.
//!
//! The pictures use whole numbers for every coordinate, so that the same board
//! always gives the very same file.

use super::board::{Arrow, Board, Color, Square};
use super::graph::{Graph, Node};

/// The line that tells the path: `(1,1) (1,3) (2,3)`, or `No solution exists`.
pub fn path_line(path: Option<&[(usize, usize)]>) -> String {
    match path {
        Some(squares) => squares
            .iter()
            .map(|(row, col)| format!("({row},{col})"))
            .collect::<Vec<_>>()
            .join(" "),
        None => "No solution exists".to_owned(),
    }
}

/// The ANSI codes that start red, blue and bold text, and end them.
const ANSI_RED: &str = "\x1b[31m";
const ANSI_BLUE: &str = "\x1b[34m";
const ANSI_BOLD: &str = "\x1b[1m";
const ANSI_RESET: &str = "\x1b[0m";

/// The board as lines of text, as the [module](self) documentation shows, each
/// ending in `\n`; in colour when `colour` is true.
pub fn text(board: &Board, colour: bool) -> String {
    let label_width = board.rows().to_string().len();
    let mut out = String::new();
    let mut header = format!("{:label_width$}  ", "");
    for col in 1..=board.cols() {
        header.push_str(&format!("{col:<3} "));
    }
    out.push_str(header.trim_end());
    out.push('\n');
    for row in 1..=board.rows() {
        let mut line = format!("{row:>label_width$}  ");
        for col in 1..=board.cols() {
            let (body, mark, code) = match *board.square(row, col) {
                Square::Arrow {
                    color,
                    arrow,
                    circled,
                } => {
                    let code = match color {
                        Color::Red => ANSI_RED,
                        Color::Blue => ANSI_BLUE,
                    };
                    let body = format!("{}{}", color.letter(), arrow.glyph());
                    (body, if circled { "○" } else { " " }, code)
                }
                Square::Target => ("[X]".to_owned(), "", ANSI_BOLD),
            };
            if colour {
                line.push_str(&format!("{code}{body}{ANSI_RESET}{mark} "));
            } else {
                line.push_str(&format!("{body}{mark} "));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The side of a square in the board picture, in SVG units.
const CELL: usize = 40;
/// The space around the board, room for the row and column numbers.
const MARGIN: usize = 30;

const RED_FILL: &str = "#f08080";
const BLUE_FILL: &str = "#7fa8f0";
const TARGET_FILL: &str = "#ffd166";
const PATH_COLOUR: &str = "#13803a";

/// The board as a standalone SVG picture: coloured squares (the colour also as a
/// letter, R or B, in the corner) with their arrows, a ring on every circled square,
/// a bullseye on the target, and the path, when there is one, as a green line
/// through the centres of its squares with a dot at the start.
pub fn svg(board: &Board, path: Option<&[(usize, usize)]>) -> String {
    let width = board.cols() * CELL + 2 * MARGIN;
    let height = board.rows() * CELL + 2 * MARGIN;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"12\">\n"
    );
    svg.push_str(&format!(
        "<title>{}x{} arrow maze</title>\n",
        board.rows(),
        board.cols()
    ));
    svg.push_str("<defs><g id=\"arrow\"><line x1=\"0\" y1=\"12\" x2=\"0\" y2=\"-4\" stroke=\"black\" stroke-width=\"3\"/><polygon points=\"0,-13 -7,-3 7,-3\" fill=\"black\"/></g></defs>\n");
    svg.push_str(&format!(
        "<rect width=\"{width}\" height=\"{height}\" fill=\"white\"/>\n"
    ));
    for col in 1..=board.cols() {
        let (x, _) = centre(1, col);
        svg.push_str(&format!(
            "<text x=\"{x}\" y=\"{}\" text-anchor=\"middle\">{col}</text>\n",
            MARGIN - 8
        ));
    }
    for row in 1..=board.rows() {
        let (_, y) = centre(row, 1);
        svg.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{row}</text>\n",
            MARGIN - 8,
            y + 4
        ));
    }
    for ((row, col), square) in board.squares() {
        let x = MARGIN + (col - 1) * CELL;
        let y = MARGIN + (row - 1) * CELL;
        let (cx, cy) = centre(row, col);
        match *square {
            Square::Arrow {
                color,
                arrow,
                circled,
            } => {
                let (fill, letter) = match color {
                    Color::Red => (RED_FILL, 'R'),
                    Color::Blue => (BLUE_FILL, 'B'),
                };
                svg.push_str(&format!(
                    "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\" stroke=\"white\" stroke-width=\"2\"/>\n"
                ));
                // The colour in a letter too, for whoever cannot tell the fills apart.
                svg.push_str(&format!(
                    "<text x=\"{}\" y=\"{}\" font-size=\"9\" stroke=\"white\" stroke-width=\"2\" paint-order=\"stroke\">{letter}</text>\n",
                    x + 2,
                    y + 9
                ));
                let angle = 45 * clockwise_index(arrow);
                svg.push_str(&format!(
                    "<use href=\"#arrow\" transform=\"translate({cx} {cy}) rotate({angle})\"/>\n"
                ));
                if circled {
                    svg.push_str(&format!(
                        "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"17\" fill=\"none\" stroke=\"black\" stroke-width=\"2\"/>\n"
                    ));
                }
            }
            Square::Target => {
                svg.push_str(&format!(
                    "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{TARGET_FILL}\" stroke=\"white\" stroke-width=\"2\"/>\n"
                ));
                for (radius, fill) in [(14, "#d62828"), (9, "white"), (4, "#d62828")] {
                    svg.push_str(&format!(
                        "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{radius}\" fill=\"{fill}\"/>\n"
                    ));
                }
            }
        }
    }
    if let Some(squares) = path.filter(|squares| squares.len() > 1) {
        let points: Vec<String> = squares
            .iter()
            .map(|&(row, col)| {
                let (x, y) = centre(row, col);
                format!("{x},{y}")
            })
            .collect();
        svg.push_str(&format!(
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{PATH_COLOUR}\" stroke-opacity=\"0.8\" stroke-width=\"4\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n",
            points.join(" ")
        ));
        let (x, y) = centre(squares[0].0, squares[0].1);
        svg.push_str(&format!(
            "<circle cx=\"{x}\" cy=\"{y}\" r=\"6\" fill=\"{PATH_COLOUR}\"/>\n"
        ));
    }
    svg.push_str("</svg>\n");
    svg
}

/// The arrow's place in [`Arrow::ALL`]: 0 for north, 1 for north-east, …, which
/// times 45° is its angle clockwise from north.
fn clockwise_index(arrow: Arrow) -> usize {
    Arrow::ALL
        .iter()
        .position(|&other| other == arrow)
        .expect("every arrow is in Arrow::ALL")
}

/// The centre of square (`row`, `col`) in the board picture.
fn centre(row: usize, col: usize) -> (usize, usize) {
    (
        MARGIN + (col - 1) * CELL + CELL / 2,
        MARGIN + (row - 1) * CELL + CELL / 2,
    )
}

/// The largest number of rows, and of columns, [`graph_svg`] draws: beyond that
/// the picture is a tangle of lines that helps nobody.
pub const GRAPH_SVG_MAX: usize = 8;

/// The distance between neighbouring nodes in the graph picture.
const SPACING: i64 = 72;
/// The radius of a node in the graph picture.
const NODE_RADIUS: i64 = 15;
/// The space between the forward and the backward half of the graph picture.
const GAP: i64 = 72;
/// The space above the nodes, room for the titles of the two halves.
const TOP: i64 = 44;

const SAME_WAY_COLOUR: &str = "#555555";
const TURNING_COLOUR: &str = "#e07b00";

/// The doubled graph of `board` (made by [`Graph::new`]) as a standalone SVG
/// picture: on the left the forward nodes, on the right the backward nodes, both
/// laid out like the board's squares, each labelled `row,col` and filled with its
/// square's colour, which a letter (R or B) also tells. Every edge is a curved arrow:
/// solid grey when it keeps the way of moving, dashed orange when it lands on a
/// circled square and turns the player round. The target's backward node, which no
/// edge reaches, is drawn dashed.
pub fn graph_svg(board: &Board, graph: &Graph) -> String {
    let rows = board.rows() as i64;
    let cols = board.cols() as i64;
    let panel = cols * SPACING;
    let margin = MARGIN as i64;
    let width = 2 * panel + GAP + 2 * margin;
    let height = rows * SPACING + TOP + margin;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"11\">\n"
    );
    svg.push_str(&format!(
        "<title>The doubled graph of a {rows}x{cols} arrow maze</title>\n"
    ));
    svg.push_str("<defs>\n");
    for (id, colour) in [("same", SAME_WAY_COLOUR), ("turn", TURNING_COLOUR)] {
        svg.push_str(&format!(
            "<marker id=\"{id}\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"{colour}\"/></marker>\n"
        ));
    }
    svg.push_str("</defs>\n");
    svg.push_str(&format!(
        "<rect width=\"{width}\" height=\"{height}\" fill=\"white\"/>\n"
    ));
    for (title, x) in [
        ("forward nodes", margin + panel / 2),
        ("backward nodes", margin + panel + GAP + panel / 2),
    ] {
        svg.push_str(&format!(
            "<text x=\"{x}\" y=\"{}\" text-anchor=\"middle\" font-size=\"14\">{title}</text>\n",
            TOP - 16
        ));
    }
    let position = |node: Node| -> (i64, i64) {
        let panel_x = if node.backward { panel + GAP } else { 0 };
        (
            margin + panel_x + (node.col as i64 - 1) * SPACING + SPACING / 2,
            TOP + (node.row as i64 - 1) * SPACING + SPACING / 2,
        )
    };

    for from in 0..graph.node_count() {
        let from_node = graph.node(from);
        for &to in graph.neighbor_indexes(from) {
            let to_node = graph.node(to);
            let (x1, y1) = position(from_node);
            let (x2, y2) = position(to_node);
            let turns = matches!(
                board.square(to_node.row, to_node.col),
                Square::Arrow { circled: true, .. }
            );
            let (id, colour, dashes) = if turns {
                ("turn", TURNING_COLOUR, " stroke-dasharray=\"6 3\"")
            } else {
                ("same", SAME_WAY_COLOUR, "")
            };
            svg.push_str(&curve((x1, y1), (x2, y2), id, colour, dashes));
        }
    }

    let target = board.target();
    for index in 0..graph.node_count() {
        let node = graph.node(index);
        let (x, y) = position(node);
        let (fill, letter, dashed) = match *board.square(node.row, node.col) {
            Square::Arrow {
                color: Color::Red, ..
            } => (RED_FILL, "R", false),
            Square::Arrow {
                color: Color::Blue, ..
            } => (BLUE_FILL, "B", false),
            Square::Target => (TARGET_FILL, "", node.backward),
        };
        let (fill, style) = if dashed {
            ("white", " stroke-dasharray=\"3 3\"")
        } else {
            (fill, "")
        };
        let circled = matches!(
            board.square(node.row, node.col),
            Square::Arrow { circled: true, .. }
        );
        let stroke_width = if circled { 3 } else { 1 };
        svg.push_str(&format!(
            "<circle cx=\"{x}\" cy=\"{y}\" r=\"{NODE_RADIUS}\" fill=\"{fill}\" stroke=\"black\" stroke-width=\"{stroke_width}\"{style}/>\n"
        ));
        if (node.row, node.col) == target {
            svg.push_str(&format!(
                "<text x=\"{x}\" y=\"{}\" text-anchor=\"middle\">X</text>\n",
                y + 4
            ));
        } else {
            // The square's colour as a letter above its place, as on the board.
            svg.push_str(&format!(
                "<text x=\"{x}\" y=\"{}\" text-anchor=\"middle\" font-size=\"9\">{letter}</text>\n<text x=\"{x}\" y=\"{}\" text-anchor=\"middle\">{},{}</text>\n",
                y - 3,
                y + 9,
                node.row,
                node.col
            ));
        }
    }
    svg.push_str("</svg>\n");
    svg
}

/// A curved arrow from the node at `from` to the node at `to`: a quadratic curve
/// bent to the left of its direction, so that the edges a→b and b→a, and edges along
/// the same line, do not lie on top of each other. It starts and ends at the nodes'
/// rims.
fn curve(from: (i64, i64), to: (i64, i64), marker: &str, colour: &str, dashes: &str) -> String {
    let (x1, y1) = (from.0 as f64, from.1 as f64);
    let (x2, y2) = (to.0 as f64, to.1 as f64);
    let (dx, dy) = (x2 - x1, y2 - y1);
    let length = (dx * dx + dy * dy).sqrt().max(1.0);
    // The control point: the middle, moved sideways by a fifth of the length, and
    // by no more than half a node spacing, so that long edges stay low.
    let bend = (0.2 * length).min(SPACING as f64 / 2.0);
    let (cx, cy) = (
        (x1 + x2) / 2.0 + dy / length * bend,
        (y1 + y2) / 2.0 - dx / length * bend,
    );
    let towards = |(px, py): (f64, f64), (qx, qy): (f64, f64), distance: f64| {
        let (ux, uy) = (qx - px, qy - py);
        let norm = (ux * ux + uy * uy).sqrt().max(1.0);
        (px + ux / norm * distance, py + uy / norm * distance)
    };
    let radius = NODE_RADIUS as f64;
    let start = towards((x1, y1), (cx, cy), radius);
    let end = towards((x2, y2), (cx, cy), radius + 1.0);
    format!(
        "<path d=\"M{},{} Q{},{} {},{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"1.5\"{dashes} marker-end=\"url(#{marker})\"/>\n",
        start.0.round(),
        start.1.round(),
        cx.round(),
        cy.round(),
        end.0.round(),
        end.1.round()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arrows::format::parse;

    fn small() -> Board {
        parse("1 3\n1 1 R N E\n1 2 B C W\n1 3 X N X\n").unwrap()
    }

    #[test]
    fn the_path_line_lists_squares_or_says_there_is_none() {
        assert_eq!(
            path_line(Some(&[(1, 1), (1, 3), (12, 10)])),
            "(1,1) (1,3) (12,10)"
        );
        assert_eq!(path_line(None), "No solution exists");
    }

    #[test]
    fn text_shows_colour_letters_arrows_circles_and_the_target() {
        assert_eq!(text(&small(), false), "   1   2   3\n1  R→  B←○ [X]\n");
    }

    #[test]
    fn text_in_colour_wraps_each_square_in_ansi_codes() {
        let coloured = text(&small(), true);
        assert!(coloured.contains("\x1b[31mR→\x1b[0m "), "{coloured:?}");
        assert!(coloured.contains("\x1b[34mB←\x1b[0m○"), "{coloured:?}");
        assert!(coloured.contains("\x1b[1m[X]\x1b[0m"), "{coloured:?}");
    }

    #[test]
    fn the_pictures_are_whole_svg_documents() {
        let board = small();
        let picture = svg(&board, Some(&[(1, 1), (1, 3)]));
        assert!(picture.starts_with("<svg "));
        assert!(picture.ends_with("</svg>\n"));
        assert!(picture.contains("<polyline points=\"50,50 130,50\""));
        let picture = graph_svg(&board, &Graph::new(&board));
        assert!(picture.starts_with("<svg "));
        assert!(picture.ends_with("</svg>\n"));
        // Edges: (1,1)f → (1,2)b (turn) and (1,3); (1,2)f → (1,1)f; (1,2)b → (1,3);
        // (1,1)b → nothing.
        assert_eq!(picture.matches("marker-end=\"url(#turn)\"").count(), 1);
        assert_eq!(picture.matches("marker-end=\"url(#same)\"").count(), 3);
    }

    #[test]
    fn the_pictures_tell_colours_and_turns_apart_without_colour() {
        let board = small();
        // One red and one blue square: a letter each on the board, and on each of
        // their two nodes in the graph; the target has none.
        let picture = svg(&board, None);
        assert_eq!(picture.matches(">R</text>").count(), 1);
        assert_eq!(picture.matches(">B</text>").count(), 1);
        let picture = graph_svg(&board, &Graph::new(&board));
        assert_eq!(picture.matches(">R</text>").count(), 2);
        assert_eq!(picture.matches(">B</text>").count(), 2);
        // The one turning edge is dashed, the others solid.
        assert_eq!(picture.matches("stroke-dasharray=\"6 3\"").count(), 1);
        assert!(picture.contains("stroke-dasharray=\"6 3\" marker-end=\"url(#turn)\""));
    }
}
