//! Text that came from a student's code, made safe to show in any report.
//!
//! Check messages quote panic messages and values the student's code produced,
//! captured output is whatever it printed, and compiler errors quote its source: all
//! of it is hostile. A terminal would obey an ANSI escape (`\x1b[2J` clears the
//! screen), a carriage return lets a line overwrite the one the grader wrote, a bidi
//! override reorders what a reader sees, and an XML parser rejects U+FFFE outright.
//!
//! [`visible`] is the one rule every format applies first: `\n` and `\t` stay, and
//! every character that is invisible, moves the cursor or is not a character at all
//! becomes its Rust escape, `\u{1b}`, so that a reader *sees* what the code printed.
//! Nothing is stripped. The formats then add their own quoting on top (XML escaping,
//! Markdown fences, the human report's gutter); the two that the class pages and the
//! style section share with the formats are here: [`escape`] for HTML and [`inline`]
//! for Markdown.

use std::borrow::Cow;
use std::fmt::Write as _;

/// Whether `c` is shown as an escape instead of itself:
/// - C0 controls except `\n` and `\t` (so `\r`, ESC, BEL, NUL, …), DEL and the C1
///   controls U+0080–U+009F;
/// - the bidi controls: ALM U+061C, LRM/RLM U+200E–U+200F, the embeddings and
///   overrides U+202A–U+202E and the isolates U+2066–U+2069;
/// - the line and paragraph separators U+2028–U+2029, which some viewers break lines at;
/// - the byte order mark U+FEFF, invisible in the middle of text;
/// - noncharacters: U+FDD0–U+FDEF and the last two code points of every plane
///   (U+FFFE, U+FFFF, U+1FFFE, …).
///
/// Lone surrogates cannot occur in a Rust `str`.
pub fn is_hazard(c: char) -> bool {
    match c {
        '\n' | '\t' => false,
        '\u{0}'..='\u{1f}' | '\u{7f}'..='\u{9f}' => true,
        '\u{61c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' => {
            true
        }
        '\u{2028}' | '\u{2029}' | '\u{feff}' => true,
        _ => is_noncharacter(c),
    }
}

/// Unicode's 66 noncharacters.
fn is_noncharacter(c: char) -> bool {
    let code = u32::from(c);
    (0xfdd0..=0xfdef).contains(&code) || code & 0xfffe == 0xfffe
}

/// `text` with every [hazard](is_hazard) written as its Rust escape (`\u{1b}`,
/// `\u{d}`, `\u{202e}`); borrowed when there is none, as in nearly every report.
pub fn visible(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_hazard) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if is_hazard(c) {
            let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// The longest run of backticks in `text`.
pub fn longest_backtick_run(text: &str) -> usize {
    text.split(|c| c != '`').map(str::len).max().unwrap_or(0)
}

/// `text` with the characters HTML gives a meaning escaped (element content and
/// quoted attributes).
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The characters escaped in inline text: emphasis, code, links and images, HTML
/// and entities, headings, strikethrough, table cells and the escape itself.
const INLINE_SPECIAL: &[char] = &[
    '\\', '`', '*', '_', '[', ']', '<', '>', '&', '#', '~', '|', '!',
];

/// `text` as inline Markdown that shows exactly `text`, on one line.
pub(crate) fn inline(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' => out.push(' '),
            c if INLINE_SPECIAL.contains(&c) => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether XML 1.0 allows `c` in a document (its `Char` production).
    fn is_xml_char(c: char) -> bool {
        matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' | '\u{10000}'..)
    }

    #[test]
    fn plain_text_is_borrowed_unchanged() {
        let text = "opposite of EAST gave EAST\n\tstdout: ✓ (3, 4) — fine";
        assert!(matches!(visible(text), Cow::Borrowed(t) if t == text));
    }

    #[test]
    fn an_ansi_escape_becomes_a_visible_escape() {
        assert_eq!(visible("\x1b[2Jgone"), "\\u{1b}[2Jgone");
    }

    #[test]
    fn a_carriage_return_cannot_overwrite_a_line() {
        assert_eq!(visible("ok\rScore: 99/99"), "ok\\u{d}Score: 99/99");
    }

    #[test]
    fn noncharacters_and_bidi_overrides_are_shown_as_escapes() {
        assert_eq!(
            visible("a\u{fffe}b\u{ffff}c\u{202e}d\u{2066}e\u{10fffe}"),
            "a\\u{fffe}b\\u{ffff}c\\u{202e}d\\u{2066}e\\u{10fffe}"
        );
    }

    #[test]
    fn c1_controls_and_del_are_shown_as_escapes() {
        assert_eq!(visible("\u{7f}\u{85}\u{9b}2J"), "\\u{7f}\\u{85}\\u{9b}2J");
    }

    #[test]
    fn newlines_tabs_and_ordinary_unicode_stay() {
        let text = "line\n\tindented é 迷路 🐀 \u{200d}";
        assert_eq!(visible(text), text);
    }

    #[test]
    fn every_character_comes_out_as_text_xml_allows_and_no_terminal_obeys() {
        for c in (0..=0x10ffff).filter_map(char::from_u32) {
            let shown = visible(c.encode_utf8(&mut [0; 4])).into_owned();
            assert!(
                shown.chars().all(|s| is_xml_char(s) && s != '\r'),
                "U+{:04X} became {shown:?}",
                u32::from(c)
            );
            assert!(
                !shown.contains(['\x1b', '\u{9b}']),
                "U+{:04X}",
                u32::from(c)
            );
        }
    }

    #[test]
    fn the_longest_backtick_run_is_counted() {
        assert_eq!(longest_backtick_run("no ticks"), 0);
        assert_eq!(longest_backtick_run("a ` b ```` c ``"), 4);
    }
}
