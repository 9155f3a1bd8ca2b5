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
//! A row with more or fewer cells than the header is refused, naming its line. A
//! Gradescope export (Review Grades → Export Submissions) is a roster of its own:
//! its `submission_metadata.yml` names each `submission_NNN` folder's submitters
//! (see [`Roster::from_gradescope_metadata`]); `grade-all` reads it from the class
//! folder, and with a CSV roster takes each student's folder from it.
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
use crate::rubric::points;

/// The file beside the `submission_NNN/` folders of a Gradescope export (Review
/// Grades → Export Submissions) that says whose each one is.
pub const GRADESCOPE_METADATA: &str = "submission_metadata.yml";

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
    /// A Gradescope export's `submission_metadata.yml`: who handed in each
    /// `submission_NNN/` folder.
    GradescopeExport,
}

impl Source {
    fn name(self) -> &'static str {
        match self {
            Source::Kit => "the kit's",
            Source::Classroom => "GitHub Classroom's",
            Source::Gradescope => "Gradescope's",
            Source::Canvas => "Canvas's",
            Source::GradescopeExport => "the Gradescope export's",
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
    /// Reads the roster at `path`: a CSV file, or a Gradescope export's
    /// `submission_metadata.yml` (any `.yml` or `.yaml` file is read as one).
    pub fn load(path: &Path) -> anyhow::Result<Roster> {
        let bytes = std::fs::read(path)
            .with_context(|| format!("reading the roster {}", path.display()))?;
        let yaml = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("yml") || e.eq_ignore_ascii_case("yaml"));
        let roster = if yaml {
            Roster::from_gradescope_metadata(&bytes)
        } else {
            Roster::parse(&bytes)
        };
        roster.map_err(|error| anyhow::anyhow!("{}: {error}", path.display()))
    }

    /// The roster a class folder carries in itself: a Gradescope export's
    /// [`GRADESCOPE_METADATA`], when the folder has one that names anyone (an
    /// empty one, `{}`, is no roster).
    pub fn in_class(dir: &Path) -> anyhow::Result<Option<Roster>> {
        let path = dir.join(GRADESCOPE_METADATA);
        if !path.is_file() {
            return Ok(None);
        }
        let roster = Roster::load(&path)?;
        Ok(Some(roster).filter(|r| !r.students.is_empty()))
    }

    /// The roster `--roster` names, or else the one in the class folder `class`
    /// (a Gradescope export's metadata). With both, the export says which folder is
    /// whose: each roster student without a `folder` gets the submission one of
    /// whose submitters has one of the student's ids or emails.
    pub fn for_class(given: Option<&Path>, class: Option<&Path>) -> anyhow::Result<Option<Roster>> {
        let export = match class {
            Some(dir) => Roster::in_class(dir)?,
            None => None,
        };
        Ok(match (given.map(Roster::load).transpose()?, export) {
            (Some(mut roster), Some(export)) => {
                roster.take_folders_from(&export);
                Some(roster)
            }
            (given, export) => given.or(export),
        })
    }

    /// Gives each student without a folder the folder of the export's submitter who
    /// has one of their ids or emails (ignoring ASCII case).
    fn take_folders_from(&mut self, export: &Roster) {
        for student in self.students.iter_mut().filter(|s| s.folder.is_none()) {
            let known: Vec<&str> = student
                .logins
                .iter()
                .map(String::as_str)
                .chain([student.id.as_str(), student.email.as_str()])
                .filter(|k| !k.is_empty())
                .collect();
            student.folder = export
                .students
                .iter()
                .find(|submitter| {
                    submitter
                        .logins
                        .iter()
                        .any(|login| known.iter().any(|k| k.eq_ignore_ascii_case(login)))
                })
                .and_then(|submitter| submitter.folder.clone());
        }
    }

    /// Reads a Gradescope export's `submission_metadata.yml`: one entry per
    /// submission folder, keyed by its name, whose `:submitters:` list each
    /// submitter's `:name:`, `:sid:` and `:email:` (Ruby's symbols as YAML keys, as
    /// Gradescope writes them). Each submitter is a student whose folder is that
    /// submission's; a group's members share theirs.
    pub fn from_gradescope_metadata(bytes: &[u8]) -> anyhow::Result<Roster> {
        use yaml_rust2::Yaml;
        let text = std::str::from_utf8(bytes)
            .map_err(|error| anyhow::anyhow!("not UTF-8 (at byte {})", error.valid_up_to()))?;
        let documents = yaml_rust2::YamlLoader::load_from_str(text)
            .map_err(|error| anyhow::anyhow!("not YAML the grader can read: {error}"))?;
        let submissions = match documents.first() {
            // An empty file names no one.
            None | Some(Yaml::Null) => &yaml_rust2::yaml::Hash::new(),
            Some(Yaml::Hash(submissions)) => submissions,
            Some(_) => bail!(
                "not a Gradescope export's metadata: it should map each submission folder (submission_NNN) to its :submitters:"
            ),
        };
        // A scalar as text: Gradescope quotes SIDs, but a hand-made file may not.
        let text_of = |value: &Yaml| match value {
            Yaml::String(s) | Yaml::Real(s) => s.trim().to_owned(),
            Yaml::Integer(n) => n.to_string(),
            _ => String::new(),
        };
        let mut students = Vec::new();
        for (key, submission) in submissions {
            let folder = text_of(key);
            let Yaml::Array(submitters) = &submission[":submitters"] else {
                bail!(
                    "the submission {folder:?} has no :submitters: list (each submission lists who handed it in)"
                );
            };
            for submitter in submitters {
                let (name, sid, email) = (
                    text_of(&submitter[":name"]),
                    text_of(&submitter[":sid"]),
                    text_of(&submitter[":email"]),
                );
                if sid.is_empty() && email.is_empty() {
                    bail!(
                        "a submitter of {folder:?} has neither :sid: nor :email: (the export names each student by one)"
                    );
                }
                let (first, last) = split_name(&name);
                students.push(Student {
                    id: if sid.is_empty() {
                        email.clone()
                    } else {
                        sid.clone()
                    },
                    name,
                    first,
                    last,
                    email: email.clone(),
                    folder: Some(folder.clone()),
                    logins: [sid, email].into_iter().filter(|l| !l.is_empty()).collect(),
                    ..Student::default()
                });
            }
        }
        Ok(Roster {
            source: Source::GradescopeExport,
            students,
        })
    }

    /// Reads a roster from its bytes.
    pub fn parse(bytes: &[u8]) -> anyhow::Result<Roster> {
        let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
        // Not flexible: a row with more or fewer cells than the header (an unquoted
        // comma in "Offby, Alice") is refused, naming its line, rather than read
        // with its cells shifted or cut short.
        let mut reader = csv::ReaderBuilder::new().from_reader(bytes);
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
                // (No CSV header is the export's: it is read from its YAML.)
                Source::Kit | Source::GradescopeExport => {
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
                    // Canvas writes "Last, First", which split_name reads below.
                    student.name = name;
                    student.logins = vec![
                        student.sis_login.clone(),
                        cell("sis user id"),
                        student.canvas_id.clone(),
                    ];
                }
            }
            if student.first.is_empty() && student.last.is_empty() {
                (student.first, student.last) = split_name(&student.name);
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
                // A folder the roster names for several students is a group's
                // (a Gradescope export's submission of a group): each has it.
                several if several[0].0 == usize::MAX => {
                    for (_, student) in several {
                        pairing
                            .folders
                            .entry(*student)
                            .or_default()
                            .push(name.to_owned());
                    }
                }
                several => pairing
                    .ambiguous
                    .push((name.to_owned(), several.iter().map(|(_, s)| *s).collect())),
            }
        }
        pairing
    }
}

/// A full name's first and last names, as Moodle's columns want them: "Last, First"
/// (Canvas's order, and how many rosters write a name) at its comma, "First Last"
/// at its last space (so "Mary Ann Lee" is Mary Ann, Lee), a single word as a first
/// name alone.
pub(crate) fn split_name(name: &str) -> (String, String) {
    let name = name.trim();
    if let Some((last, first)) = name.split_once(',') {
        return (first.trim().to_owned(), last.trim().to_owned());
    }
    match name.rsplit_once(' ') {
        Some((first, last)) => (first.trim().to_owned(), last.trim().to_owned()),
        None => (name.to_owned(), String::new()),
    }
}

impl Roster {
    /// Each of `names` (the class's entries) with the students it pairs with, in
    /// roster order; an entry no one's is left out.
    pub fn people(&self, names: &[&str]) -> BTreeMap<String, Vec<&Student>> {
        let mut people: BTreeMap<String, Vec<&Student>> = BTreeMap::new();
        for (&student, folders) in &self.pair(names).folders {
            for folder in folders {
                people
                    .entry(folder.clone())
                    .or_default()
                    .push(&self.students[student]);
            }
        }
        people
    }

    /// Each of `names` labelled with whose it is, for the similarity report:
    /// `submission_123 (Alice Offby, alice@uni.edu, SID 1234)`, a group's members
    /// joined by `; `; an entry no one's keeps its name.
    pub fn labels(&self, names: &[&str]) -> BTreeMap<String, String> {
        let people = self.people(names);
        let id = match self.source {
            Source::Gradescope | Source::GradescopeExport => "SID",
            _ => "id",
        };
        names
            .iter()
            .map(|&name| {
                let label = match people.get(name) {
                    Some(students) => {
                        let who: Vec<String> = students
                            .iter()
                            .map(|s| {
                                let mut parts = vec![s.name.clone()];
                                parts.extend(
                                    [&s.email].into_iter().filter(|e| !e.is_empty()).cloned(),
                                );
                                if !s.id.is_empty() && s.id != s.email {
                                    parts.push(format!("{id} {}", s.id));
                                }
                                parts.join(", ")
                            })
                            .collect();
                        format!("{name} ({})", who.join("; "))
                    }
                    None => name.to_owned(),
                };
                (name.to_owned(), label)
            })
            .collect()
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
        csv::ErrorKind::UnequalLengths {
            pos,
            expected_len,
            len,
        } => anyhow::anyhow!(
            "line {} has {len} fields where the header has {expected_len}: a cell with a comma in it (\"Offby, Alice\") must be in double quotes",
            pos.as_ref().map_or(0, csv::Position::line)
        ),
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

/// A student's `Student`, `SIS User ID` and `SIS Login ID` in `canvas.csv`. Canvas's
/// gradebook import finds each row's student by `ID`, else `SIS User ID`, else
/// `SIS Login ID`; `Student` is for the reader, in Canvas's own "Last, First". A
/// Canvas roster's cells go back as they came. From another roster the id is the
/// SIS User ID and the email the SIS Login ID, each in its own column: an id that
/// is the email (a GitHub Classroom identifier, a Gradescope roster without SIDs)
/// is a login, not an SIS id, so it is not written twice.
fn canvas_columns(source: Source, student: &Student) -> (String, &str, &str) {
    if source == Source::Canvas {
        return (student.name.clone(), &student.id, &student.sis_login);
    }
    let name = if student.last.is_empty() {
        student.name.clone()
    } else {
        format!("{}, {}", student.last, student.first)
    };
    let sis_user = if student.id == student.email {
        ""
    } else {
        &student.id
    };
    (name, sis_user, &student.email)
}

/// The exports of `rows` (the class) for `roster`, the grade in a column named
/// `assignment`.
pub fn exports(roster: &Roster, rows: &[Row], assignment: &str) -> anyhow::Result<Exports> {
    // A Gradescope export's metadata file is the roster, not an entry that lacks one.
    let names: Vec<&str> = rows
        .iter()
        .map(|r| r.name.as_str())
        .filter(|&name| name != GRADESCOPE_METADATA)
        .collect();
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
        let (name, sis_user, sis_login) = canvas_columns(roster.source, student);
        let mut record: Vec<String> = [
            name.as_str(),
            &student.canvas_id,
            sis_user,
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
        match roster.source {
            Source::GradescopeExport => format!(
                "{} ({}, {GRADESCOPE_METADATA}: {})",
                s.name,
                s.id,
                s.folder.as_deref().unwrap_or_default()
            ),
            _ => format!("{} ({}, roster line {})", s.name, s.id, s.line),
        }
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
    let inline = crate::report::text::inline;
    let mut report = format!(
        "# Roster\n\n{} roster ({}): {paired} with one folder, {} without a folder, {} with several; {} of {} without a roster entry, {} fitting several.\n",
        roster.source.name(),
        counted(roster.students.len(), "student", "students"),
        without.len(),
        several.len(),
        pairing.unmatched.len(),
        counted(names.len(), "class entry", "class entries"),
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
