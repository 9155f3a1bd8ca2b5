//! §7.4 the file format: the checks of `read` on the kit's valid and invalid files
//! and of read∘write being the identity.

use super::*;

#[derive(Deserialize)]
struct GivenFile {
    pub(super) name: String,
}

fn files_value(files: &[(String, String)]) -> Value {
    json!({ "files": files.iter().map(|(name, text)| json!({ "name": name, "text": text })).collect::<Vec<_>>() })
}

pub(super) fn read_fixtures_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let files = inputs.vary(inputs.fixture_files("rat", "txt")?, |rng| {
        let maze = private_maze(rng);
        (format!("private_n{}.txt", maze.n), rat_file_text(&maze))
    });
    Ok(files_value(&files))
}

pub(super) fn invalid_files_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let files = inputs.vary(inputs.fixture_files("invalid/rat", "txt")?, broken_file);
    Ok(files_value(&files))
}

/// A private maze's file with one mistake of the kinds the kit's invalid files show.
fn broken_file(rng: &mut rand_chacha::ChaCha8Rng) -> (String, String) {
    let maze = private_maze(rng);
    let text = rat_file_text(&maze);
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let room = rng.random_range(1..lines.len());
    let (kind, broken) = match rng.random_range(0..6) {
        0 => ("size_not_a_number", {
            lines[0] = format!("{}x", maze.n);
            lines
        }),
        1 => ("size_out_of_range", {
            lines[0] =
                ["0", "-3", "1001", "99999999999999999999"][rng.random_range(0..4)].to_owned();
            lines
        }),
        2 => ("too_few_rooms", {
            lines.remove(room);
            lines
        }),
        3 => ("too_many_rooms", {
            lines.push("1 1 1 1".to_owned());
            lines
        }),
        4 => ("bad_value", {
            let bad = ["2", "01", "a", "-1"][rng.random_range(0..4)];
            let mut values: Vec<&str> = lines[room].split(' ').collect();
            values[rng.random_range(0..4)] = bad;
            lines[room] = values.join(" ");
            lines
        }),
        _ => ("short_line", {
            let values: Vec<&str> = lines[room].split(' ').take(3).collect();
            lines[room] = values.join(" ");
            lines
        }),
    };
    (format!("private_{kind}.txt"), broken.join("\n") + "\n")
}

fn given_files(case: &Case) -> Result<Vec<GivenFile>, Verdict> {
    #[derive(Deserialize)]
    struct Input {
        files: Vec<GivenFile>,
    }
    case.input::<Input>().map(|input| input.files)
}

#[derive(Deserialize)]
pub(super) struct ReadMaze {
    pub(super) n: usize,
    pub(super) open: Vec<u8>,
}

pub(super) fn read_maze(value: &Value) -> Option<ReadMaze> {
    value
        .get("ok")
        .and_then(|ok| ReadMaze::deserialize(ok).ok())
}

pub(super) fn rat_read_fixtures(case: &Case) -> Judged {
    let files = given_files(case)?;
    let got: Vec<Value> = case.output_list(files.len())?;
    let want: Vec<Value> = case.expected()?;
    if want.len() != files.len() {
        return Err(Verdict::grader_error(
            "the blessed results do not match the input: run `grader bless`",
        ));
    }
    for ((file, got), want) in files.iter().zip(&got).zip(&want) {
        if got == want {
            continue;
        }
        let name = &file.name;
        let Some(expected) = read_maze(want) else {
            return Err(Verdict::grader_error(format!(
                "the blessed result for {name} is not a maze: run `grader bless`"
            )));
        };
        let Some(maze) = read_maze(got) else {
            return Ok(Verdict::fail(format!(
                "{name}: read gave {}, expected a {n}x{n} maze (read uses your RatMaze::new and set_door)",
                outcome(got),
                n = expected.n
            )));
        };
        if maze.n != expected.n {
            return Ok(Verdict::fail(format!(
                "{name}: the maze read has size() {}, expected {}",
                maze.n, expected.n
            )));
        }
        let problem = door_difference(&maze.open, &expected.open);
        let message = format!(
            "{name}: read gave other doors than the file's: {problem} (read sets every door with set_door; door_open must report exactly what was set)"
        );
        let (Ok(mine), Ok(theirs)) = (
            Rooms::checked(maze.n, &maze.open),
            Rooms::checked(expected.n, &expected.open),
        ) else {
            return Ok(Verdict::fail(message));
        };
        return Ok(Verdict::fail_with_diff(
            message,
            &theirs.render(),
            &mine.render(),
        ));
    }
    Ok(Verdict::pass(format!(
        "all {} fixture files read as the reference reads them",
        files.len()
    )))
}

/// Each malformed file must give the reference's error, compared whole (line, column
/// and message): `read` and its errors are provided code, so the words are the kit's,
/// never the student's; only a student's `RatMaze` can change what `read` does.
pub(super) fn rat_invalid_files(case: &Case) -> Judged {
    let files = given_files(case)?;
    let got: Vec<Value> = case.output_list(files.len())?;
    let want: Vec<Value> = case.expected()?;
    if want.len() != files.len() {
        return Err(Verdict::grader_error(
            "the blessed results do not match the input: run `grader bless`",
        ));
    }
    let error = |value: &Value| {
        value.get("err").and_then(|e| e.get("message")).map_or_else(
            || outcome(value),
            |m| format!("`{}`", cut(m.as_str().unwrap_or("?").to_owned())),
        )
    };
    let problems: Vec<String> = files
        .iter()
        .zip(got.iter().zip(&want))
        .filter(|(_, (got, want))| got != want)
        .map(|(file, (got, want))| match got.get("ok") {
            Some(_) => format!(
                "{}: read accepted a malformed file ({}); expected the error {}",
                file.name,
                outcome(got),
                error(want)
            ),
            None => format!(
                "{}: read gave the error {}, expected {}",
                file.name,
                error(got),
                error(want)
            ),
        })
        .collect();
    Ok(Verdict::from_problems(
        problems,
        format!(
            "all {} malformed files are errors with the right line and column, none a panic",
            files.len()
        ),
    ))
}

pub(super) fn write_read_input(inputs: &Inputs) -> anyhow::Result<Value> {
    let mut mazes = fixture_mazes(inputs)?;
    let mut rng = inputs.rng();
    for n in [1, 4, 9] {
        mazes.push(GivenMaze {
            name: format!("a {n}x{n} maze with random doors"),
            n,
            open: random_doors(&mut rng, n),
        });
    }
    // The ways in and out that RatMaze::new opens, closed again by set_door.
    let n = 4;
    let mut open = random_doors(&mut rng, n);
    open[0] &= !NORTH;
    open[n * n - 1] &= !SOUTH;
    mazes.push(GivenMaze {
        name: format!("a {n}x{n} maze with random doors and its ways in and out shut"),
        n,
        open,
    });
    Ok(json!({ "mazes": mazes_value(&mazes) }))
}

/// What set_door was told of the first door that `built` has otherwise than `sent`,
/// in words: `: set_door(0, Direction::NORTH, false) set that door, …`.
fn set_door_note(built: &[u8], sent: &[u8]) -> String {
    let Some(room) = first_difference(built, sent) else {
        return String::new();
    };
    let (Some(&got), Some(&want)) = (built.get(room), sent.get(room)) else {
        return String::new();
    };
    let Some(&d) = CARDINALS.iter().find(|&&d| (got ^ want) & d != 0) else {
        return String::new();
    };
    format!(
        " (set_door({room}, Direction::{}, {}) was the last call for that door: set_door sets exactly the door it is given, open or closed)",
        direction_name(d),
        want & d != 0
    )
}

pub(super) fn rat_write_read_identity(case: &Case) -> Judged {
    #[derive(Deserialize)]
    struct Report {
        built: Vec<u8>,
        again: Value,
    }
    let mazes = given_mazes(case)?;
    let reports: Vec<Report> = case.output_list(mazes.len())?;
    for (maze, report) in mazes.iter().zip(&reports) {
        let name = &maze.name;
        let sent = Rooms::checked(maze.n, &maze.open).map_err(Verdict::grader_error)?;
        if report.built != maze.open {
            let message = format!(
                "{name}: after RatMaze::new({}) and set_door on every door, door_open says {}{}",
                maze.n,
                door_difference(&report.built, &maze.open),
                set_door_note(&report.built, &maze.open)
            );
            return Ok(match Rooms::checked(maze.n, &report.built) {
                Ok(built) => Verdict::fail_with_diff(message, &sent.render(), &built.render()),
                Err(_) => Verdict::fail(message),
            });
        }
        let Some(again) = read_maze(&report.again) else {
            return Ok(Verdict::fail(format!(
                "{name}: reading what write() wrote gave {}",
                outcome(&report.again)
            )));
        };
        if again.n != maze.n {
            return Ok(Verdict::fail(format!(
                "{name}: read(write(maze)) has size() {}, expected {}",
                again.n, maze.n
            )));
        }
        if again.open != maze.open {
            let message = format!(
                "{name}: read(write(maze)) is another maze: {}",
                door_difference(&again.open, &maze.open)
            );
            return Ok(match Rooms::checked(maze.n, &again.open) {
                Ok(read) => Verdict::fail_with_diff(message, &sent.render(), &read.render()),
                Err(_) => Verdict::fail(message),
            });
        }
    }
    Ok(Verdict::pass(format!(
        "read(write(maze)) gives the same maze for {} mazes, one-sided doors included",
        mazes.len()
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_built_door_otherwise_than_sent_names_its_set_door() {
        let note = set_door_note(&[NORTH | SOUTH, 0], &[SOUTH, 0]);
        assert_eq!(
            note,
            " (set_door(0, Direction::NORTH, false) was the last call for that door: set_door sets exactly the door it is given, open or closed)"
        );
        assert_eq!(set_door_note(&[SOUTH], &[SOUTH]), "");
    }
}
