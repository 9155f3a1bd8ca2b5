//! What every picture is drawn with: the palette (Okabe–Ito, each colour at least
//! 3:1 against the white ground), the SVG opening with its text alternative, and the
//! marks both kinds of picture and their legends share: a hatched cell, the ring of a
//! first difference, a path's line and an arrow board's square.

use std::fmt::Write as _;

/// Colours (Okabe–Ito): walls both sides share, a wall only yours has (vermilion), a
/// wall only the expected one has (blue), paths (bluish green), the pale ground and
/// the hatch of the cells a search took out, and the circle of a first difference.
pub(super) const INK: &str = "#222";
pub(super) const EXTRA: &str = "#d55e00";
pub(super) const MISSING: &str = "#0072b2";
pub(super) const PATH: &str = "#009e73";
pub(super) const SHADE: &str = "#fbe8a6";
pub(super) const HATCH: &str = "#6b6b6b";
pub(super) const MARK: &str = "#d55e00";

/// The opening of a picture `width` × `height` pixels on a white ground: an image
/// whose name is `words` (the same words as its title, for readers that show one).
pub(super) fn svg_open(width: i32, height: i32, words: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" role=\"img\" aria-label=\"{words}\" font-family=\"sans-serif\" font-size=\"12\"><title>{words}</title><rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>"
    )
}

/// Opens the group of one side of a picture, the `index`-th panel from the left
/// (panels `panel_width` wide, `margin` apart, `top` down), with `label` above it.
/// The caller draws the side in it and closes it (`</g>`).
pub(super) fn open_side(
    svg: &mut String,
    index: usize,
    label: &str,
    panel_width: i32,
    (margin, top): (i32, i32),
) {
    let x0 = margin + index as i32 * (panel_width + margin);
    let _ = write!(
        svg,
        "<g transform=\"translate({x0},{top})\"><text x=\"0\" y=\"-6\">{label}</text>"
    );
}

/// A cell a search took out: a pale ground and a diagonal hatch, which shows
/// without its colour.
pub(super) fn hatched_cell(svg: &mut String, x: i32, y: i32, size: i32) {
    let _ = write!(
        svg,
        "<rect x=\"{x}\" y=\"{y}\" width=\"{size}\" height=\"{size}\" fill=\"{SHADE}\"/><path d=\"M{x} {}L{} {y}M{} {}L{} {}\" stroke=\"{HATCH}\" stroke-width=\"1\"/>",
        y + size,
        x + size,
        x + size / 2,
        y + size,
        x + size,
        y + size / 2
    );
}

/// The circle around a first difference: thick, so it shows as a shape.
pub(super) fn ring(svg: &mut String, cx: i32, cy: i32, r: i32) {
    let _ = write!(
        svg,
        "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\" fill=\"none\" stroke=\"{MARK}\" stroke-width=\"3\"/>"
    );
}

/// A path through the centres of its cells, when it has two or more.
pub(super) fn polyline(svg: &mut String, points: impl Iterator<Item = (i32, i32)>, width: i32) {
    let points: Vec<String> = points.map(|(x, y)| format!("{x},{y}")).collect();
    if points.len() > 1 {
        let _ = write!(
            svg,
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{PATH}\" stroke-width=\"{width}\" stroke-linejoin=\"round\"/>",
            points.join(" ")
        );
    }
}

/// A square of an arrow board: red ones pale vermilion with a solid corner notch,
/// blue ones pale blue, others grey.
pub(super) fn square(svg: &mut String, x: i32, y: i32, size: i32, red: bool) {
    let fill = if red { "#fad4bd" } else { "#cfe3f3" };
    let _ = write!(
        svg,
        "<rect x=\"{x}\" y=\"{y}\" width=\"{size}\" height=\"{size}\" fill=\"{fill}\" stroke=\"{INK}\"/>"
    );
    if red {
        let notch = (size / 3).max(3);
        let _ = write!(
            svg,
            "<path d=\"M{x} {y}h{notch}L{x} {}z\" fill=\"{EXTRA}\"/>",
            y + notch
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_colours_stand_out_from_the_white_ground_by_three_to_one() {
        // WCAG 2.1's relative luminance and contrast ratio (1.4.11: 3:1 for graphics).
        let luminance = |hex: &str| -> f64 {
            let channel = |at: usize| {
                let c = f64::from(u8::from_str_radix(&hex[at..at + 2], 16).expect("hex")) / 255.0;
                if c <= 0.040_45 {
                    c / 12.92
                } else {
                    ((c + 0.055) / 1.055).powf(2.4)
                }
            };
            0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
        };
        for colour in [EXTRA, MISSING, PATH, MARK, HATCH] {
            let ratio = 1.05 / (luminance(colour) + 0.05);
            assert!(ratio >= 3.0, "{colour} against white: {ratio:.2}");
        }
    }
}
