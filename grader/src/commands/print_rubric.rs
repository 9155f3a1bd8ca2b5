//! `grader rubric`: every check as this grader grades it, the declared defaults with
//! the course's `fixtures/rubric.toml` over them, written as the rubric's own
//! `[[check]]` entries (an instructor copies one into the rubric and keeps what
//! changes).

use crate::Status;
use crate::cli::RubricArgs;
use crate::kit::Kit;
use crate::rubric::{self, Rubric, RubricCheck, Visibility};

/// Prints the rubric of the kit `args` names.
pub fn run(args: &RubricArgs) -> anyhow::Result<Status> {
    let kit = Kit::locate(args.kit.as_deref())?;
    let rubric = rubric::load(&kit.rubric())?;
    print!("{}", effective(&rubric));
    Ok(Status::Success)
}

/// `rubric` as TOML: a header with the totals and the parts not graded, then one
/// `[[check]]` entry per graded check, in report order.
pub fn effective(rubric: &Rubric) -> String {
    let points: f64 = rubric.checks.iter().map(|check| check.points).sum();
    let mut text = format!(
        "# Every check as this grader grades it: its declaration's defaults with\n\
         # fixtures/rubric.toml's changes over them. To change one, copy its entry into\n\
         # fixtures/rubric.toml and keep the name and what changes.\n\
         # {} checks, {} points.\n",
        rubric.checks.len(),
        rubric::points(points),
    );
    for off in &rubric.turned_off {
        text.push_str(&format!(
            "# {} ({}) is turned off: not graded.\n",
            off.part.id(),
            off.title
        ));
    }
    for check in &rubric.checks {
        text.push('\n');
        text.push_str(&entry(check));
    }
    text
}

/// One check's `[[check]]` entry, every field written out.
fn entry(check: &RubricCheck) -> String {
    let quoted = |value: &str| toml::Value::String(value.to_owned()).to_string();
    let visibility = match check.visibility {
        Visibility::Visible => "visible",
        Visibility::Hidden => "hidden",
        Visibility::AfterDueDate => "after_due_date",
        Visibility::AfterPublished => "after_published",
    };
    format!(
        "[[check]]\nname = {}\npart = {}\ntitle = {}\npoints = {}\nvisibility = {}\ntime_limit = {}\nhint = {}\n",
        quoted(check.spec.name),
        quoted(check.spec.part.id()),
        quoted(&check.title),
        rubric::points(check.points),
        quoted(visibility),
        rubric::points(check.time_limit.as_secs_f64()),
        quoted(&check.hint),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_printed_rubric_reads_back_as_the_same_rubric() {
        let rubric = rubric::parse(
            "[[parts]]\nid = \"part1\"\ntitle = \"One\"\n\n[[check]]\nname = \"direction_opposite\"\npoints = 3.5\ntitle = \"a \\\"quoted\\\" title\"\n",
            "r.toml",
        )
        .expect("a rubric");
        let printed = effective(&rubric);
        let again = rubric::parse(
            &format!("[[parts]]\nid = \"part1\"\ntitle = \"One\"\n\n{printed}"),
            "printed",
        )
        .expect("the printed rubric reads");
        assert_eq!(again.checks.len(), rubric.checks.len());
        for (one, other) in rubric.checks.iter().zip(&again.checks) {
            assert_eq!(one.spec.name, other.spec.name);
            assert_eq!(one.points, other.points);
            assert_eq!(one.title, other.title);
            assert_eq!(one.hint, other.hint);
            assert_eq!(one.visibility, other.visibility);
            assert_eq!(one.time_limit, other.time_limit);
        }
        assert!(printed.contains("points = 3.5\n"), "{printed}");
        assert!(
            printed.contains("# part2 (Part 2) is turned off"),
            "{printed}"
        );
    }
}
