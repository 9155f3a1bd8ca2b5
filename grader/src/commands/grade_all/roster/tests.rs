use std::time::Duration;

use super::*;
use crate::commands::grade_all::Grade;

fn row(name: &str, score: Option<f64>) -> Row {
    Row {
        name: name.to_owned(),
        outcome: match score {
            Some(score) => Outcome::Graded(Grade {
                score,
                max_score: 100.0,
                checks: Vec::new(),
            }),
            None => Outcome::NotASubmission("no crate".to_owned()),
        },
        unchanged: false,
        duration: Duration::ZERO,
    }
}

fn records(csv: &[u8]) -> Vec<Vec<String>> {
    csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(csv)
        .records()
        .map(|r| r.unwrap().iter().map(str::to_owned).collect())
        .collect()
}

#[test]
fn a_github_classroom_roster_pairs_clones_named_assignment_dash_username() {
    let roster = Roster::parse(
        b"\"identifier\",\"github_username\",\"github_id\",\"name\"\n\
          \"ann@uni.edu\",\"ann-gh\",\"101\",\"Ann Lee\"\n\
          \"s2\",\"bo\",\"102\",\"Bo Park\"\n\
          \"s3\",\"\",\"\",\"\"\n",
    )
    .unwrap();
    assert_eq!(roster.source, Source::Classroom);
    assert_eq!(roster.students.len(), 3);
    assert_eq!(roster.students[0].email, "ann@uni.edu");
    assert_eq!(roster.students[0].first, "Ann");
    assert_eq!(roster.students[0].last, "Lee");
    let pairing = roster.pair(&["mazes-ann-gh", "mazes-bo", "Mazes-BO-2", "notes"]);
    assert_eq!(pairing.folders[&0], ["mazes-ann-gh"]);
    assert_eq!(pairing.folders[&1], ["mazes-bo"]);
    assert_eq!(pairing.unmatched, ["Mazes-BO-2", "notes"]);
    assert!(!pairing.folders.contains_key(&2));
}

#[test]
fn a_gradescope_roster_is_read_by_its_columns() {
    let roster = Roster::parse(
        "\u{feff}First Name,Last Name,SID,Email,Role,Sections\n\
         Ann,Lee,12345,ann@uni.edu,Student,A\n\
         Bo,Park,,bo@uni.edu,Student,B\n"
            .as_bytes(),
    )
    .unwrap();
    assert_eq!(roster.source, Source::Gradescope);
    let ann = &roster.students[0];
    assert_eq!((ann.id.as_str(), ann.name.as_str()), ("12345", "Ann Lee"));
    assert_eq!(roster.students[1].id, "bo@uni.edu", "the email when no SID");
    let pairing = roster.pair(&["12345", "bo@uni.edu"]);
    assert_eq!(pairing.folders.len(), 2);
}

#[test]
fn a_canvas_gradebook_export_is_a_roster_without_its_points_possible_row() {
    let roster = Roster::parse(
        b"Student,ID,SIS User ID,SIS Login ID,Section,Homework 1 (1234)\n    Points Possible,,,,,10\n\"Lee, Ann\",501,S-1,alee,Sec 1,\n\"Park, Bo\",502,S-2,bpark@uni.edu,Sec 1,\n",
    )
    .unwrap();
    assert_eq!(roster.source, Source::Canvas);
    assert_eq!(roster.students.len(), 2);
    let ann = &roster.students[0];
    assert_eq!(
        (ann.first.as_str(), ann.last.as_str(), ann.id.as_str()),
        ("Ann", "Lee", "S-1")
    );
    assert_eq!(roster.students[1].email, "bpark@uni.edu");
    let pairing = roster.pair(&["alee", "502"]);
    assert_eq!(pairing.folders[&0], ["alee"]);
    assert_eq!(pairing.folders[&1], ["502"]);
}

#[test]
fn a_folder_column_names_each_students_folder() {
    let roster =
        Roster::parse(b"folder,id,name,email\nx1,1,Ann Lee,a@u\nx2,2,Bo Park,b@u\n").unwrap();
    assert_eq!(roster.source, Source::Kit);
    let pairing = roster.pair(&["x2", "x1", "1"]);
    assert_eq!(pairing.folders[&0], ["x1"]);
    assert_eq!(pairing.folders[&1], ["x2"]);
    assert_eq!(
        pairing.unmatched,
        ["1"],
        "a folder column is the only match"
    );
}

#[test]
fn a_roster_that_is_none_of_the_known_ones_or_repeats_a_student_is_refused_in_one_line() {
    let unknown = Roster::parse(b"who,score\nann,1\n")
        .unwrap_err()
        .to_string();
    assert!(
        unknown.starts_with("its header (who, score) is none of the rosters"),
        "{unknown}"
    );
    let twice = Roster::parse(b"folder,id,name,email\na,1,A,\nb,1,B,\n")
        .unwrap_err()
        .to_string();
    assert_eq!(
        twice,
        "line 3: the id \"1\" is also on line 2; each student once"
    );
    let bytes = b"folder,id,name,email\na,1,\xff,\n";
    let not_utf8 = Roster::parse(bytes).unwrap_err().to_string();
    assert!(not_utf8.contains("not UTF-8"), "{not_utf8}");
}

#[test]
fn the_exports_have_every_student_once_and_list_what_did_not_pair() {
    let roster = Roster::parse(
        b"folder,id,name,email\nann,=1+2,Ann Lee,ann@u\nbo,2,-Bo Park,bo@u\n,3,Cy Diaz,cy@u\n",
    )
    .unwrap();
    let rows = [
        row("ann", Some(87.5)),
        row("bo", None),
        row("stranger", Some(10.0)),
    ];
    let exports = exports(&roster, &rows, "@Mazes").unwrap();
    let report = exports.report.replace('\\', "");
    let canvas = records(&exports.canvas);
    assert_eq!(
        canvas[0],
        [
            "Student",
            "ID",
            "SIS User ID",
            "SIS Login ID",
            "Section",
            "'@Mazes"
        ]
    );
    assert_eq!(canvas[1], ["Lee, Ann", "", "'=1+2", "ann@u", "", "87.5"]);
    assert_eq!(
        canvas[2],
        ["Park, -Bo", "", "2", "bo@u", "", ""],
        "not graded: no score"
    );
    assert_eq!(
        canvas[3][0], "Diaz, Cy",
        "a student without a folder is listed"
    );
    assert_eq!(canvas.len(), 4);
    let moodle = records(&exports.moodle);
    assert_eq!(
        moodle[0],
        [
            "First name",
            "Last name",
            "ID number",
            "Institution",
            "Department",
            "Email address",
            "'@Mazes"
        ]
    );
    assert_eq!(moodle[1], ["Ann", "Lee", "'=1+2", "", "", "ann@u", "87.5"]);
    assert!(
        report.contains("## Class entries without a roster entry"),
        "{report}"
    );
    assert!(report.contains("- stranger\n"), "{report}");
    assert!(report.contains("- Cy Diaz (3, roster line 4)"), "{report}");
    assert_eq!(
        exports.line,
        "roster: 2 of 3 students paired with a folder, 1 without one, 0 with several; 1 class entry without a roster entry, 0 fitting several (roster.md)"
    );
}

#[test]
fn roster_md_says_how_to_pair_an_unmatched_folder_in_correct_plurals() {
    let roster = Roster::parse(
        b"folder,id,name,email
ann,1,Ann Lee,ann@u
",
    )
    .unwrap();
    let unpaired = exports(
        &roster,
        &[row("ann", Some(5.0)), row("zed", Some(3.0))],
        "M",
    )
    .unwrap();
    assert!(
        unpaired.report.starts_with(
            "# Roster\n\nthe kit's roster (1 student): 1 with one folder, 0 without a folder, 0 with several; 1 of 2 class entries without a roster entry, 0 fitting several.\n"
        ),
        "{}",
        unpaired.report
    );
    assert!(
        unpaired
            .report
            .contains("add a column named `folder` to the roster"),
        "{}",
        unpaired.report
    );
    assert!(
        unpaired.line.contains("1 of 1 student paired")
            && unpaired.line.contains("1 class entry without"),
        "{}",
        unpaired.line
    );
    // Pairing the stranger by hand, as roster.md says: a folder column naming it.
    let roster = Roster::parse(
        b"folder,id,name,email
ann,1,Ann Lee,ann@u
zed,2,Zed Ray,zed@u
",
    )
    .unwrap();
    let paired = exports(
        &roster,
        &[row("ann", Some(5.0)), row("zed", Some(3.0))],
        "M",
    )
    .unwrap();
    assert_eq!(records(&paired.canvas)[2][5], "3");
    assert!(!paired.report.contains("add a column"), "{}", paired.report);
    assert!(
        paired.line.starts_with("roster: 2 of 2 students paired"),
        "{}",
        paired.line
    );
}

#[test]
fn a_student_with_two_folders_gets_no_score_and_is_listed() {
    let roster =
        Roster::parse(b"identifier,github_username,github_id,name\nann,ann,1,Ann\n").unwrap();
    let rows = [row("hw-ann", Some(5.0)), row("hw2-ann", Some(9.0))];
    let exports = exports(&roster, &rows, "Mazes").unwrap();
    assert_eq!(records(&exports.canvas)[1][5], "");
    let report = exports.report.replace('\\', "");
    assert!(
        report.contains("Ann (ann, roster line 2): hw-ann, hw2-ann"),
        "{report}"
    );
}

#[test]
fn a_row_with_more_fields_than_the_header_is_refused_naming_its_line() {
    let error =
        Roster::parse(b"folder,id,name,email\nann,1,Ann Lee,ann@u\nbo,2,Offby, Alice,bo@u\n")
            .unwrap_err()
            .to_string();
    assert_eq!(
        error,
        "line 3 has 5 fields where the header has 4: a cell with a comma in it (\"Offby, Alice\") must be in double quotes"
    );
    let short = Roster::parse(b"folder,id,name,email\nann,1\n")
        .unwrap_err()
        .to_string();
    assert!(
        short.starts_with("line 2 has 2 fields where the header has 4"),
        "{short}"
    );
}

#[test]
fn a_last_comma_first_name_is_split_at_its_comma_and_a_first_last_name_at_its_last_space() {
    assert_eq!(split_name("Offby, Alice"), ("Alice".into(), "Offby".into()));
    assert_eq!(
        split_name("Mary Ann Lee"),
        ("Mary Ann".into(), "Lee".into())
    );
    assert_eq!(split_name("Plato"), ("Plato".into(), String::new()));
    let roster = Roster::parse(b"folder,id,name,email\nann,1,\"Offby, Alice\",alice@u\n").unwrap();
    let moodle = records(
        &exports(&roster, &[row("ann", Some(9.0))], "M")
            .unwrap()
            .moodle,
    );
    assert_eq!(moodle[1][..2], ["Alice", "Offby"]);
}

/// Moodle's CSV grade import reads the columns of Moodle's own grade export
/// ("First name", "Last name", "ID number", "Institution", "Department", "Email
/// address", then one column per grade item) and pairs each row with a user by one
/// of them (email or ID number); Canvas's gradebook import reads the columns of
/// Canvas's gradebook export ("Student", "ID", "SIS User ID", "SIS Login ID",
/// "Section", then one column per assignment), with the name as "Last, First".
#[test]
fn each_export_has_its_importers_columns_and_every_row_their_width() {
    let roster = Roster::parse(
        b"identifier,github_username,github_id,name\n\
          alice@uni.edu,alice-gh,1,\"Offby, Alice\"\n\
          S-2,bo-gh,2,Bo Park\n",
    )
    .unwrap();
    let rows = [row("hw-alice-gh", Some(150.0)), row("hw-bo-gh", Some(12.5))];
    let exports = exports(&roster, &rows, "Perfect Mazes").unwrap();
    let canvas = records(&exports.canvas);
    assert_eq!(
        canvas[0],
        [
            "Student",
            "ID",
            "SIS User ID",
            "SIS Login ID",
            "Section",
            "Perfect Mazes"
        ]
    );
    assert!(canvas.iter().all(|r| r.len() == 6), "{canvas:?}");
    assert_eq!(
        canvas[1],
        ["Offby, Alice", "", "", "alice@uni.edu", "", "150"],
        "an identifier that is an email is a login, written once"
    );
    assert_eq!(canvas[2], ["Park, Bo", "", "S-2", "", "", "12.5"]);
    let moodle = records(&exports.moodle);
    assert_eq!(
        moodle[0],
        [
            "First name",
            "Last name",
            "ID number",
            "Institution",
            "Department",
            "Email address",
            "Perfect Mazes"
        ]
    );
    assert!(moodle.iter().all(|r| r.len() == 7), "{moodle:?}");
    assert_eq!(
        moodle[1],
        [
            "Alice",
            "Offby",
            "alice@uni.edu",
            "",
            "",
            "alice@uni.edu",
            "150"
        ]
    );
}

/// Made as Gradescope writes it (Review Grades → Export Submissions): one entry per
/// `submission_NNN` folder, Ruby symbols as keys, quoted SIDs, a group's submitters
/// listed together, and more about each submission than the grader reads (Ruby's
/// tagged objects among it).
const METADATA: &str = "\
submission_1001:
  :submitters:
  - :name: Alice Offby
    :sid: '1234'
    :email: alice@uni.edu
  :created_at: 2026-10-01 12:00:00.000000000 -07:00
  :score: 150.0
  :status: processed
submission_1002:
  :submitters:
  - :name: Bo Park
    :sid: '2345'
    :email: bo@uni.edu
  - :name: Cy Diaz
    :sid: 3456
    :email: cy@uni.edu
  :created_at: 2026-10-02 09:30:00.000000000 -07:00
  :score: !ruby/object:BigDecimal 18:0.125e2
  :results: !ruby/hash:ActiveSupport::HashWithIndifferentAccess
    score: 12.5
    tests:
    - name: 'direction_opposite: opposite() of all 16 sets of directions'
      score: 0.0
";

#[test]
fn a_gradescope_exports_metadata_names_every_submitter_of_each_submission_folder() {
    let roster = Roster::from_gradescope_metadata(METADATA.as_bytes()).unwrap();
    assert_eq!(roster.source, Source::GradescopeExport);
    let who: Vec<(&str, &str, &str, Option<&str>)> = roster
        .students
        .iter()
        .map(|s| {
            (
                s.name.as_str(),
                s.id.as_str(),
                s.email.as_str(),
                s.folder.as_deref(),
            )
        })
        .collect();
    assert_eq!(
        who,
        [
            (
                "Alice Offby",
                "1234",
                "alice@uni.edu",
                Some("submission_1001")
            ),
            ("Bo Park", "2345", "bo@uni.edu", Some("submission_1002")),
            ("Cy Diaz", "3456", "cy@uni.edu", Some("submission_1002")),
        ]
    );
    let pairing = roster.pair(&[
        "submission_1001",
        "submission_1002",
        "submission_metadata.yml",
    ]);
    assert_eq!(
        pairing.folders[&1],
        ["submission_1002"],
        "a group's folder is each member's"
    );
    assert_eq!(pairing.folders[&2], ["submission_1002"]);
    assert_eq!(pairing.unmatched, ["submission_metadata.yml"]);
    let labels = roster.labels(&["submission_1001", "submission_1002"]);
    assert_eq!(
        labels["submission_1001"],
        "submission_1001 (Alice Offby, alice@uni.edu, SID 1234)"
    );
    assert_eq!(
        labels["submission_1002"],
        "submission_1002 (Bo Park, bo@uni.edu, SID 2345; Cy Diaz, cy@uni.edu, SID 3456)"
    );
}

#[test]
fn metadata_without_submitters_is_refused_naming_the_submission() {
    let error = Roster::from_gradescope_metadata(b"submission_7:\n  :score: 1.0\n")
        .unwrap_err()
        .to_string();
    assert_eq!(
        error,
        "the submission \"submission_7\" has no :submitters: list (each submission lists who handed it in)"
    );
    let not_a_map = Roster::from_gradescope_metadata(b"- a\n- b\n")
        .unwrap_err()
        .to_string();
    assert!(
        not_a_map.starts_with("not a Gradescope export's metadata"),
        "{not_a_map}"
    );
}

#[test]
fn a_roster_given_with_an_export_takes_each_students_folder_from_their_sid_or_email() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(GRADESCOPE_METADATA), METADATA).unwrap();
    let csv = dir.path().join("roster.csv");
    std::fs::write(
        &csv,
        "Name,SID,Email\nAlice Offby,1234,a.offby@other.edu\nCy Diaz,,CY@uni.edu\nDee Ng,9999,dee@uni.edu\n",
    )
    .unwrap();
    let roster = Roster::for_class(Some(&csv), Some(dir.path()))
        .unwrap()
        .unwrap();
    assert_eq!(
        roster.source,
        Source::Gradescope,
        "the roster given is the roster"
    );
    let folders: Vec<Option<&str>> = roster
        .students
        .iter()
        .map(|s| s.folder.as_deref())
        .collect();
    assert_eq!(
        folders,
        [Some("submission_1001"), Some("submission_1002"), None]
    );
    let alone = Roster::for_class(None, Some(dir.path())).unwrap().unwrap();
    assert_eq!(alone.source, Source::GradescopeExport);
}

#[test]
fn a_gradescope_exports_metadata_file_is_no_class_entry_without_a_roster_entry() {
    let roster = Roster::from_gradescope_metadata(METADATA.as_bytes()).unwrap();
    let rows = [
        row("submission_1001", Some(1.0)),
        row("submission_1002", Some(2.0)),
        row(GRADESCOPE_METADATA, None),
    ];
    let exports = exports(&roster, &rows, "M").unwrap();
    assert_eq!(
        exports.line,
        "roster: 3 of 3 students paired with a folder, 0 without one, 0 with several; 0 class entries without a roster entry, 0 fitting several (roster.md)"
    );
}
