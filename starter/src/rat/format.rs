//! The rat maze file format: reading and writing (provided code).
//!
//! A maze file is plain text. Line 1 holds the size n. Then come n² lines, one a room
//! in room order, each with four values for the room's north, south, east and west
//! doors: `0` for an open door, `1` for a closed one. A 2×2 maze whose passages make
//! a U, from the start (room 0) down to room 2, east to the goal (room 3) and up to
//! room 1:
//!
//! ```text
//! 2
//! 0 0 1 1
//! 1 0 1 1
//! 0 1 0 1
//! 0 0 1 0
//! ```
//!
//! [`read`] is forgiving about layout and strict about content. Values may be
//! separated by any number of spaces and tabs, lines may end in `\r\n` (Windows) as
//! well as `\n`, the text may start with a byte-order mark, and blank lines may follow
//! the last room. Anything else is refused with a [`FormatError`] naming the line and
//! column of the first problem. The reader never panics, whatever the text: it uses
//! no indexing that could go out of range and checks the size before making a maze.
//!
//! The reader keeps the doors exactly as the file says, half-open doors and open
//! border doors included; [`RatMaze::passage`] decides what they mean. [`write`] puts
//! out every door, so reading what it wrote gives back the same maze.

use super::MAX_SIZE;
use super::error::{FormatError, FormatErrorKind};
use super::maze::RatMaze;
use crate::direction::Direction;

/// The door names, in the order of the values on a room's line.
const DOOR_NAMES: [&str; 4] = ["north", "south", "east", "west"];

/// Quoted texts longer than this are shortened in messages.
const MAX_SHOWN: usize = 20;

/// Reads a maze from the text of a maze file, or says where and why the text is not
/// one.
pub fn read(text: &str) -> Result<RatMaze, FormatError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let lines: Vec<&str> = text
        .split('\n')
        .map(|line| line.strip_suffix('\r').unwrap_or(line))
        .collect();
    // Only the lines up to the last one with text matter; blank lines after it are
    // allowed.
    let used = match lines.iter().rposition(|line| !words(line).is_empty()) {
        Some(last) => last + 1,
        None => return Err(error(1, 1, FormatErrorKind::Empty)),
    };

    let first_line = words(lines.first().copied().unwrap_or(""));
    let Some(size_word) = first_line.first() else {
        return Err(error(1, 1, FormatErrorKind::MissingSize));
    };
    let size = read_size(size_word)?;
    if let Some(extra) = first_line.get(1) {
        let found = shown(extra.text);
        return Err(error(
            1,
            extra.column,
            FormatErrorKind::TextAfterSize { found },
        ));
    }
    let Ok(mut maze) = RatMaze::new(size) else {
        // `read_size` has checked the size already; this only keeps the promise
        // never to panic.
        let found = size.to_string();
        return Err(error(
            1,
            size_word.column,
            FormatErrorKind::SizeTooLarge { found },
        ));
    };

    let rooms = size * size;
    for room in 0..rooms {
        // Room `room` is on line `room + 2`, which is `lines[room + 1]`.
        let line_number = room + 2;
        let line = match lines.get(room + 1) {
            Some(line) if room + 1 < used => *line,
            _ => {
                let kind = FormatErrorKind::TooFewRooms {
                    found: room,
                    expected: rooms,
                    size,
                };
                return Err(error(line_number, 1, kind));
            }
        };
        let values = words(line);
        for (index, direction) in Direction::CARDINALS.into_iter().enumerate() {
            let door = DOOR_NAMES[index];
            let Some(value) = values.get(index) else {
                let column = line.trim_end_matches([' ', '\t']).chars().count() + 1;
                return Err(error(
                    line_number,
                    column,
                    FormatErrorKind::MissingDoor { room, door },
                ));
            };
            let open = match value.text {
                "0" => true,
                "1" => false,
                other => {
                    let found = shown(other);
                    let kind = FormatErrorKind::BadDoor { room, door, found };
                    return Err(error(line_number, value.column, kind));
                }
            };
            maze.set_door(room, direction, open);
        }
        if let Some(extra) = values.get(4) {
            let found = shown(extra.text);
            return Err(error(
                line_number,
                extra.column,
                FormatErrorKind::ExtraValue { room, found },
            ));
        }
    }

    // Everything after the last room must be blank.
    for (index, line) in lines.iter().enumerate().take(used).skip(rooms + 1) {
        let values = words(line);
        if let Some(first) = values.first() {
            let kind = if values.len() == 4 && values.iter().all(|v| v.text == "0" || v.text == "1")
            {
                FormatErrorKind::TooManyRooms {
                    expected: rooms,
                    size,
                }
            } else {
                FormatErrorKind::TrailingText {
                    found: shown(first.text),
                }
            };
            return Err(error(index + 1, first.column, kind));
        }
    }
    Ok(maze)
}

/// The text of a maze file for `maze`: the size, then each room's north, south, east
/// and west doors as `0` (open) or `1` (closed), one room a line, each line ending in
/// `\n`.
pub fn write(maze: &RatMaze) -> String {
    let mut text = format!("{}\n", maze.size());
    for room in 0..maze.rooms() {
        let values: Vec<&str> = Direction::CARDINALS
            .into_iter()
            .map(|direction| {
                if maze.door_open(room, direction) {
                    "0"
                } else {
                    "1"
                }
            })
            .collect();
        text.push_str(&values.join(" "));
        text.push('\n');
    }
    text
}

/// One value on a line, and the column (from 1, in characters) where it starts.
struct Word<'a> {
    text: &'a str,
    column: usize,
}

/// The values on `line`: the pieces between spaces and tabs.
fn words(line: &str) -> Vec<Word<'_>> {
    let mut words = Vec::new();
    let mut start: Option<(usize, usize)> = None; // (byte index, column) of the current word
    for (column, (byte, character)) in line.char_indices().enumerate() {
        let is_gap = character == ' ' || character == '\t';
        match (start, is_gap) {
            (None, false) => start = Some((byte, column + 1)),
            (Some((from, first_column)), true) => {
                words.push(Word {
                    text: &line[from..byte],
                    column: first_column,
                });
                start = None;
            }
            _ => {}
        }
    }
    if let Some((from, first_column)) = start {
        words.push(Word {
            text: &line[from..],
            column: first_column,
        });
    }
    words
}

/// The size on line 1, checked against 1..=[`MAX_SIZE`].
fn read_size(word: &Word<'_>) -> Result<usize, FormatError> {
    let column = word.column;
    if word.text.is_empty() || !word.text.chars().all(|c| c.is_ascii_digit()) {
        let found = shown(word.text);
        return Err(error(1, column, FormatErrorKind::SizeNotANumber { found }));
    }
    // All digits: the only way to fail now is a number too large for a `usize`.
    let size = word.text.parse::<usize>().unwrap_or(usize::MAX);
    if size == 0 {
        return Err(error(1, column, FormatErrorKind::SizeIsZero));
    }
    if size > MAX_SIZE {
        let found = shown(word.text);
        return Err(error(1, column, FormatErrorKind::SizeTooLarge { found }));
    }
    Ok(size)
}

/// A text from the file as a message shows it: invisible characters escaped, and cut
/// short with `…` after [`MAX_SHOWN`] characters.
fn shown(text: &str) -> String {
    let mut result: String = text
        .chars()
        .take(MAX_SHOWN)
        .collect::<String>()
        .escape_debug()
        .to_string();
    if text.chars().count() > MAX_SHOWN {
        result.push('…');
    }
    result
}

fn error(line: usize, column: usize, kind: FormatErrorKind) -> FormatError {
    FormatError { line, column, kind }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[rustfmt::skip]
    const U_SHAPE: &str = "\
2
0 0 1 1
1 0 1 1
0 1 0 1
0 0 1 0
";

    fn kind_of(text: &str) -> (usize, usize, FormatErrorKind) {
        let error = read(text).expect_err("the text should be refused");
        (error.line, error.column, error.kind)
    }

    #[test]
    fn reads_the_doors_of_every_room() {
        let maze = read(U_SHAPE).unwrap();
        assert_eq!(maze.size(), 2);
        assert!(maze.door_open(0, Direction::NORTH));
        assert!(maze.door_open(0, Direction::SOUTH));
        assert!(!maze.door_open(0, Direction::EAST));
        assert_eq!(maze.neighbors(0), vec![2]);
        assert_eq!(maze.neighbors(2), vec![0, 3]);
        assert_eq!(maze.neighbors(3), vec![1, 2]);
        assert_eq!(maze.neighbors(1), vec![3]);
    }

    #[test]
    fn write_gives_back_the_file_it_read() {
        assert_eq!(write(&read(U_SHAPE).unwrap()), U_SHAPE);
    }

    #[test]
    fn tabs_extra_spaces_crlf_and_blank_trailing_lines_are_fine() {
        let messy = "\u{feff} 2 \r\n0\t0 1  1\r\n 1 0 1 1\t\r\n0 1 0 1\r\n0 0 1 0\r\n\r\n  \n\t\n";
        assert_eq!(read(messy).unwrap(), read(U_SHAPE).unwrap());
        let no_final_newline = U_SHAPE.trim_end();
        assert_eq!(read(no_final_newline).unwrap(), read(U_SHAPE).unwrap());
    }

    #[test]
    fn one_sided_and_border_doors_are_kept_as_written() {
        let text = "2\n0 0 0 0\n0 1 1 1\n1 1 1 1\n1 0 1 1\n";
        let maze = read(text).unwrap();
        assert!(maze.door_open(0, Direction::EAST));
        assert!(maze.door_open(0, Direction::WEST));
        assert!(!maze.passage(0, Direction::EAST));
        assert!(!maze.passage(0, Direction::WEST));
        assert_eq!(write(&maze), text);
    }

    #[test]
    fn an_empty_or_blank_file_is_refused() {
        assert_eq!(kind_of(""), (1, 1, FormatErrorKind::Empty));
        assert_eq!(kind_of(" \n\t\r\n\n"), (1, 1, FormatErrorKind::Empty));
        assert_eq!(kind_of("\n2\n"), (1, 1, FormatErrorKind::MissingSize));
    }

    #[test]
    fn the_size_must_be_a_whole_number_from_one_to_max_size() {
        let not_a_number = |found: &str| FormatErrorKind::SizeNotANumber {
            found: found.into(),
        };
        assert_eq!(kind_of("five\n"), (1, 1, not_a_number("five")));
        assert_eq!(kind_of("  -3\n"), (1, 3, not_a_number("-3")));
        assert_eq!(kind_of("2.0\n"), (1, 1, not_a_number("2.0")));
        assert_eq!(kind_of("0\n"), (1, 1, FormatErrorKind::SizeIsZero));
        let too_large = |found: &str| FormatErrorKind::SizeTooLarge {
            found: found.into(),
        };
        assert_eq!(kind_of("1001\n"), (1, 1, too_large("1001")));
        assert_eq!(
            kind_of("99999999999999999999999\n"),
            (1, 1, too_large("99999999999999999999…"))
        );
        assert_eq!(
            kind_of("2 0 0 1 1\n"),
            (1, 3, FormatErrorKind::TextAfterSize { found: "0".into() })
        );
    }

    #[test]
    fn door_values_must_be_zero_or_one() {
        let (line, column, kind) = kind_of("2\n0 0 1 1\n1 0 2 1\n");
        assert_eq!((line, column), (3, 5));
        assert_eq!(
            kind,
            FormatErrorKind::BadDoor {
                room: 1,
                door: "east",
                found: "2".into()
            }
        );
        let (_, column, kind) = kind_of("1\n0\t0 1 01\n");
        assert_eq!(column, 7);
        assert_eq!(
            kind,
            FormatErrorKind::BadDoor {
                room: 0,
                door: "west",
                found: "01".into()
            }
        );
    }

    #[test]
    fn room_lines_need_exactly_four_values() {
        assert_eq!(
            kind_of("1\n0 0 1  \n"),
            (
                2,
                6,
                FormatErrorKind::MissingDoor {
                    room: 0,
                    door: "west"
                }
            )
        );
        assert_eq!(
            kind_of("2\n0 0 1 1\n\n1 1 0 1\n1 0 1 0\n"),
            (
                3,
                1,
                FormatErrorKind::MissingDoor {
                    room: 1,
                    door: "north"
                }
            )
        );
        assert_eq!(
            kind_of("1\n0 0 1 1 1\n"),
            (
                2,
                9,
                FormatErrorKind::ExtraValue {
                    room: 0,
                    found: "1".into()
                }
            )
        );
    }

    #[test]
    fn the_number_of_room_lines_must_match_the_size() {
        assert_eq!(
            kind_of("2\n0 0 1 1\n1 0 1 1\n\n\n"),
            (
                4,
                1,
                FormatErrorKind::TooFewRooms {
                    found: 2,
                    expected: 4,
                    size: 2
                }
            )
        );
        assert_eq!(
            kind_of("2\n"),
            (
                2,
                1,
                FormatErrorKind::TooFewRooms {
                    found: 0,
                    expected: 4,
                    size: 2
                }
            )
        );
        let extra_room = format!("{U_SHAPE}\n1 1 1 1\n");
        assert_eq!(
            kind_of(&extra_room),
            (
                7,
                1,
                FormatErrorKind::TooManyRooms {
                    expected: 4,
                    size: 2
                }
            )
        );
        let trailing = format!("{U_SHAPE}  the end\n");
        assert_eq!(
            kind_of(&trailing),
            (
                6,
                3,
                FormatErrorKind::TrailingText {
                    found: "the".into()
                }
            )
        );
    }

    #[test]
    fn messages_show_invisible_characters_and_cut_long_texts() {
        let (_, _, kind) = kind_of("1\n0 0 1\r1\n");
        assert_eq!(
            kind,
            FormatErrorKind::BadDoor {
                room: 0,
                door: "east",
                found: "1\\r1".into()
            }
        );
        let long = "x".repeat(100);
        let (_, _, kind) = kind_of(&long);
        assert_eq!(
            kind.to_string(),
            format!(
                "expected the maze size n, a whole number from 1 to {MAX_SIZE}, found `{}…`",
                "x".repeat(20)
            )
        );
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let (line, column, _) = kind_of("1\n0 é 1 1\n");
        assert_eq!((line, column), (2, 3));
    }
}
