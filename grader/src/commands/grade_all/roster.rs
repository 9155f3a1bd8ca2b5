//! The roster: who each submission folder belongs to, and the gradebook in the CSV
//! files an LMS imports.
//!
//! `--roster FILE` reads the roster CSV a course already has, recognised by its
//! header (column names are matched without regard to case or surrounding blanks):
//!
//! | from | columns read |
//! | --- | --- |
//! | the kit's own | `folder`, `id`, `name`, `email` |
//! | GitHub Classroom (Students → Download roster) | `identifier`, `github_username`, `github_id`, `name` |
//! | Gradescope (Roster → Download roster) | `Name` or `First Name` and `Last Name`, `Email`, `SID` |
//! | Canvas (Grades → Export) | `Student`, `ID`, `SIS User ID`, `SIS Login ID`, `Section` |
//!
//! A `folder` column in any of them names each student's folder. Otherwise a folder
//! belongs to the student one of whose logins (GitHub Classroom: `github_username`,
//! `identifier`; Gradescope: `SID`, `Email`; Canvas: `SIS Login ID`, `SIS User ID`,
//! `ID`) is the folder's name, or its end after a `-` (GitHub Classroom clones are
//! `ASSIGNMENT-USERNAME`), ignoring ASCII case; an exact name wins over an ending,
//! a longer ending over a shorter one.
//!
//! It writes `canvas.csv` (Canvas's gradebook import: `Student`, `ID`, `SIS User ID`,
//! `SIS Login ID`, `Section`, then one column named after the assignment), `moodle.csv`
//! (Moodle's grade import reads the columns of its own export: `First name`,
//! `Last name`, `ID number`, `Institution`, `Department`, `Email address`, then the
//! assignment) and `roster.md`, which lists what did not pair up: folders without a
//! roster entry, roster entries without a folder, students with more than one folder
//! and folders that match more than one student. Nobody is dropped: every roster
//! entry has a row in both exports (an empty score when it has no graded folder),
//! and every folder is graded in `grades.csv` whether or not the roster names it.
//! Every text cell is [`defused`](super::defused).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use anyhow::{Context as _, bail};

use super::{Outcome, Row, counted, defused};
use crate::report::points;

/// Where a roster came from, told by its header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// `folder,id,name,email`.
    Kit,
    /// GitHub Classroom's `classroom_roster.csv`.
    Classroom,
    /// Gradescope's roster download.
    Gradescope,
    /// Canvas's gradebook export.
    Canvas,
}

impl Source {
    fn name(self) -> &'static str {
        match self {
            Source::Kit => "the kit's",
            Source::Classroom => "GitHub Classroom's",
            Source::Gradescope => "Gradescope's",
            Source::Canvas => "Canvas's",
        }
    }
}

/// One student of the roster.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Student {
    /// The roster's line for this student.
    pub line: u64,
    /// The student's id (SIS id, student number, Classroom identifier).
    pub id: String,
    /// Full name as the roster gives it.
    pub name: String,
    /// First name (for Moodle).
    pub first: String,
    /// Last name (for Moodle).
    pub last: String,
    /// Email, when the roster has one.
    pub email: String,
    /// The folder the roster names, if it names one.
    pub folder: Option<String>,
    /// Logins a folder may be named after.
    pub logins: Vec<String>,
    /// Canvas's own user id (`ID`), when the roster is Canvas's.
    pub canvas_id: String,
    /// Canvas's `SIS Login ID`.
    pub sis_login: String,
    /// Canvas's `Section`.
    pub section: String,
}

/// A roster file.
#[derive(Debug, Clone)]
pub struct Roster {
    /// Where it came from.
    pub source: Source,
    /// Its students, in file order.
    pub students: Vec<Student>,
}

impl Roster {
    /// Reads the roster at `path`.
    pub fn load(path: &Path) -> anyhow::Result<Roster> {
        let bytes = std::fs::read(path)
            .with_context(|| format!("reading the roster {}", path.display()))?;
        Roster::parse(&bytes).map_err(|error| anyhow::anyhow!("{}: {error}", path.display()))
    }

    /// Reads a roster from its bytes.
    pub fn parse(bytes: &[u8]) -> anyhow::Result<Roster> {
        let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
        let mut reader = csv::ReaderBuilder::new().flexible(true).from_reader(bytes);
        let header: Vec<String> = reader
            .headers()
            .map_err(|error| csv_error(&error))?
            .iter()
            .map(|h| h.trim().to_ascii_lowercase())
            .collect();
        let column = |name: &str| header.iter().position(|h| h == name);
        let has = |name: &str| column(name).is_some();
        let source = if has("github_username") && has("identifier") {
            Source::Classroom
        } else if has("sis login id") || (has("student") && has("section")) {
            Source::Canvas
        } else if has("sid")
            || (has("email")
                && (has("name") || has("first name") || has("full name"))
                && !has("id"))
        {
            Source::Gradescope
        } else if has("folder") && has("id") {
            Source::Kit
        } else {
            bail!(
                "its header ({}) is none of the rosters the grader reads: the kit's (folder, id, name, email), GitHub Classroom's (identifier, github_username, github_id, name), Gradescope's (Name or First Name and Last Name, Email, SID) or Canvas's gradebook export (Student, ID, SIS User ID, SIS Login ID, Section)",
                header.join(", ")
            );
        };
        let mut students = Vec::new();
        let mut ids: BTreeMap<String, u64> = BTreeMap::new();
        let mut folders: BTreeMap<String, u64> = BTreeMap::new();
        for record in reader.records() {
            let record = record.map_err(|error| csv_error(&error))?;
            let line = record.position().map_or(0, csv::Position::line);
            let cell = |name: &str| {
                column(name)
                    .and_then(|i| record.get(i))
                    .unwrap_or("")
                    .trim()
                    .to_owned()
            };
            if record.iter().all(|c| c.trim().is_empty()) {
                continue;
            }
            let mut student = Student {
                line,
                folder: Some(cell("folder")).filter(|f| !f.is_empty()),
                ..Student::default()
            };
            match source {
                Source::Kit => {
                    student.id = cell("id");
                    student.name = cell("name");
                    student.email = cell("email");
                }
                Source::Classroom => {
                    student.id = cell("identifier");
                    student.name = cell("name");
                    if student.id.contains('@') {
                        student.email = student.id.clone();
                    }
                    student.logins = vec![cell("github_username"), cell("identifier")];
                }
                Source::Gradescope => {
                    student.email = cell("email");
                    student.id = Some(cell("sid"))
                        .filter(|sid| !sid.is_empty())
                        .unwrap_or_else(|| student.email.clone());
                    student.first = cell("first name");
                    student.last = cell("last name");
                    student.name = [cell("name"), cell("full name")]
                        .into_iter()
                        .find(|n| !n.is_empty())
                        .unwrap_or_else(|| {
                            format!("{} {}", student.first, student.last)
                                .trim()
                                .to_owned()
                        });
                    student.logins = vec![cell("sid"), cell("email")];
                }
                Source::Canvas => {
                    let name = cell("student");
                    // The export's second row holds each column's points, not a student.
                    if name == "Points Possible" {
                        continue;
                    }
                    student.canvas_id = cell("id");
                    student.sis_login = cell("sis login id");
                    student.section = cell("section");
                    student.id = Some(cell("sis user id"))
                        .filter(|id| !id.is_empty())
                        .unwrap_or_else(|| student.canvas_id.clone());
                    if student.sis_login.contains('@') {
                        student.email = student.sis_login.clone();
                    }
                    // Canvas writes "Last, First".
                    if let Some((last, first)) = name.split_once(", ") {
                        student.first = first.to_owned();
                        student.last = last.to_owned();
                    }
                    student.name = name;
                    student.logins = vec![
                        student.sis_login.clone(),
                        cell("sis user id"),
                        student.canvas_id.clone(),
                    ];
                }
            }
            if student.first.is_empty() && student.last.is_empty() {
                let (first, last) = student
                    .name
                    .rsplit_once(' ')
                    .unwrap_or((student.name.as_str(), ""));
                student.first = first.to_owned();
                student.last = last.to_owned();
            }
            student.logins.retain(|login| !login.is_empty());
            if student.id.is_empty() && student.logins.is_empty() && student.folder.is_none() {
                bail!(
                    "line {line} names no student: {} roster needs an id on every line",
                    source.name()
                );
            }
            if !student.id.is_empty()
                && let Some(first) = ids.insert(student.id.to_ascii_lowercase(), line)
            {
                bail!(
                    "line {line}: the id {:?} is also on line {first}; each student once",
                    student.id
                );
            }
            if let Some(folder) = &student.folder
                && let Some(first) = folders.insert(folder.clone(), line)
            {
                bail!(
                    "line {line}: the folder {folder:?} is also on line {first}; each folder once"
                );
            }
            students.push(student);
        }
        Ok(Roster { source, students })
    }

    /// Which student each of `names` (the class's entries) belongs to.
    pub fn pair(&self, names: &[&str]) -> Pairing {
        let mut pairing = Pairing::default();
        for &name in names {
            let mut best: Vec<(usize, usize)> = Vec::new(); // (how well, student)
            for (index, student) in self.students.iter().enumerate() {
                let fit = match &student.folder {
                    Some(folder) => usize::from(folder == name) * usize::MAX,
                    None => student
                        .logins
                        .iter()
                        .map(|login| fit(name, login))
                        .max()
                        .unwrap_or(0),
                };
                if fit == 0 {
                    continue;
                }
                match best.first() {
                    Some(&(top, _)) if fit < top => {}
                    Some(&(top, _)) if fit == top => best.push((fit, index)),
                    _ => best = vec![(fit, index)],
                }
            }
            match best.as_slice() {
                [] => pairing.unmatched.push(name.to_owned()),
                [(_, student)] => pairing
                    .folders
                    .entry(*student)
                    .or_default()
                    .push(name.to_owned()),
                several => pairing
                    .ambiguous
                    .push((name.to_owned(), several.iter().map(|(_, s)| *s).collect())),
            }
        }
        pairing
    }
}

/// How well the folder `name` fits `login`: 0 not at all, else the more the better
/// (the whole name beats an ending after a `-`, a longer ending a shorter one).
fn fit(name: &str, login: &str) -> usize {
    let (name, login) = (name.to_ascii_lowercase(), login.to_ascii_lowercase());
    if name == login {
        usize::MAX - 1
    } else if name.len() > login.len()
        && name.ends_with(&login)
        && name.as_bytes()[name.len() - login.len() - 1] == b'-'
    {
        login.len()
    } else {
        0
    }
}

/// A csv error in one line.
fn csv_error(error: &csv::Error) -> anyhow::Error {
    match error.kind() {
        csv::ErrorKind::Utf8 { pos, .. } => anyhow::anyhow!(
            "line {} is not UTF-8: save the roster as CSV UTF-8",
            pos.as_ref().map_or(0, csv::Position::line)
        ),
        _ => anyhow::anyhow!("not a CSV file the grader can read: {error}"),
    }
}

/// The roster and the class paired up.
#[derive(Debug, Default, PartialEq)]
pub struct Pairing {
    /// Each student's folders (by index into the roster), in class order.
    pub folders: BTreeMap<usize, Vec<String>>,
    /// Folders no roster entry fits.
    pub unmatched: Vec<String>,
    /// Folders that fit several students equally (by index).
    pub ambiguous: Vec<(String, Vec<usize>)>,
}

/// What `roster.md` says, above its lists, when a folder or a student did not pair:
/// how to pair them by hand. The kit's own roster has a `folder` column; any other
/// roster can be given one, which the grader reads in every format.
const PAIRING_HELP: &str = "\nTo pair a folder and a student by hand, add a column named `folder` to the roster \
(the kit's own, GitHub Classroom's, Gradescope's or Canvas's: its other columns stay as they are) \
and write on the student's line the name of their folder, spelled exactly as in the class folder. \
A folder named there belongs to that student alone; a student whose `folder` cell is empty \
is paired by their logins as before. Then run the same command with `--roster` again \
(`grader grade-all` keeps what it graded before, `grader merge` grades nothing): only the \
exports and this file change.\n";

/// The exports and the pairing report.
pub struct Exports {
    /// `canvas.csv`.
    pub canvas: Vec<u8>,
    /// `moodle.csv`.
    pub moodle: Vec<u8>,
    /// `roster.md`.
    pub report: String,
    /// One line for stdout.
    pub line: String,
}

/// The exports of `rows` (the class) for `roster`, the grade in a column named
/// `assignment`.
pub fn exports(roster: &Roster, rows: &[Row], assignment: &str) -> anyhow::Result<Exports> {
    let names: Vec<&str> = rows.iter().map(|r| r.name.as_str()).collect();
    let pairing = roster.pair(&names);
    let score = |folder: &str| {
        rows.iter()
            .find(|r| r.name == folder)
            .and_then(|r| match &r.outcome {
                Outcome::Graded(grade) => Some(points(grade.score)),
                _ => None,
            })
    };
    // A student's score: that of their one folder; none with no folder or several.
    let scores: Vec<String> = (0..roster.students.len())
        .map(|i| match pairing.folders.get(&i).map(Vec::as_slice) {
            Some([folder]) => score(folder).unwrap_or_default(),
            _ => String::new(),
        })
        .collect();

    let mut canvas = csv::Writer::from_writer(Vec::new());
    canvas.write_record(
        [
            "Student",
            "ID",
            "SIS User ID",
            "SIS Login ID",
            "Section",
            assignment,
        ]
        .map(defused),
    )?;
    let mut moodle = csv::Writer::from_writer(Vec::new());
    moodle.write_record(
        [
            "First name",
            "Last name",
            "ID number",
            "Institution",
            "Department",
            "Email address",
            assignment,
        ]
        .map(defused),
    )?;
    for (student, score) in roster.students.iter().zip(&scores) {
        let sis_login = if student.sis_login.is_empty() {
            &student.email
        } else {
            &student.sis_login
        };
        let mut record: Vec<String> = [
            student.name.as_str(),
            &student.canvas_id,
            &student.id,
            sis_login,
            &student.section,
        ]
        .map(defused)
        .to_vec();
        record.push(score.clone());
        canvas.write_record(&record)?;
        let mut record: Vec<String> = [
            student.first.as_str(),
            &student.last,
            &student.id,
            "",
            "",
            &student.email,
        ]
        .map(defused)
        .to_vec();
        record.push(score.clone());
        moodle.write_record(&record)?;
    }
    let finish = |writer: csv::Writer<Vec<u8>>| {
        writer
            .into_inner()
            .map_err(|error| anyhow::anyhow!("writing an export: {error}"))
    };

    let who = |i: usize| {
        let s = &roster.students[i];
        format!("{} ({}, roster line {})", s.name, s.id, s.line)
    };
    let without: Vec<usize> = (0..roster.students.len())
        .filter(|i| !pairing.folders.contains_key(i))
        .collect();
    let several: Vec<(usize, &Vec<String>)> = pairing
        .folders
        .iter()
        .filter(|(_, folders)| folders.len() > 1)
        .map(|(i, folders)| (*i, folders))
        .collect();
    let paired = pairing.folders.values().filter(|f| f.len() == 1).count();
    let inline = crate::report::markdown::inline;
    let mut report = format!(
        "# Roster\n\n{} roster ({}): {paired} with one folder, {} without a folder, {} with several; {} of {} without a roster entry, {} fitting several.\n",
        roster.source.name(),
        counted(roster.students.len(), "student", "students"),
        without.len(),
        several.len(),
        pairing.unmatched.len(),
        counted(rows.len(), "class entry", "class entries"),
        pairing.ambiguous.len()
    );
    let unpaired = !pairing.unmatched.is_empty()
        || !without.is_empty()
        || !several.is_empty()
        || !pairing.ambiguous.is_empty();
    if unpaired {
        report.push_str(PAIRING_HELP);
    }
    let mut section = |title: &str, lines: Vec<String>| {
        if !lines.is_empty() {
            let _ = write!(report, "\n## {title}\n\n");
            for line in lines {
                let _ = writeln!(report, "- {}", inline(&line));
            }
        }
    };
    section(
        "Class entries without a roster entry (graded in grades.csv, in no export)",
        pairing.unmatched.clone(),
    );
    section(
        "Roster entries without a folder (in the exports with no score)",
        without.iter().map(|&i| who(i)).collect(),
    );
    section(
        "Students with several folders (no score in the exports: name one in a folder column)",
        several
            .iter()
            .map(|(i, folders)| format!("{}: {}", who(*i), folders.join(", ")))
            .collect(),
    );
    section(
        "Folders that fit several students (in no export: name them in a folder column)",
        pairing
            .ambiguous
            .iter()
            .map(|(folder, students)| {
                let names: Vec<String> = students.iter().map(|&i| who(i)).collect();
                format!("{folder}: {}", names.join("; "))
            })
            .collect(),
    );
    let line = format!(
        "roster: {paired} of {} paired with a folder, {} without one, {} with several; {} without a roster entry, {} fitting several (roster.md)",
        counted(roster.students.len(), "student", "students"),
        without.len(),
        several.len(),
        counted(pairing.unmatched.len(), "class entry", "class entries"),
        pairing.ambiguous.len()
    );
    Ok(Exports {
        canvas: finish(canvas)?,
        moodle: finish(moodle)?,
        report,
        line,
    })
}

#[cfg(test)]
mod tests;
