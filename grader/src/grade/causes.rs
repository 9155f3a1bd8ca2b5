//! Where a failure comes from: a check that fails because code another check tests
//! fails says to fix that one first; a check that reached the stubs of an earlier
//! part that does not compile, or is not written yet, says so in one short line, and
//! its part says it once at its top.

use super::*;

/// Ends the message of every check whose part did not compile.
pub(super) const BUILD_NOTE: &str = "(the compiler's message is at the top of the report)";

/// Under a failed check that runs code another failed check tests, says to fix that
/// one first: a wrong `opposite` fails every check that carves a maze, and the
/// student should start with `opposite`.
pub(super) fn point_at_causes(mut checks: Vec<CheckResult>) -> Vec<CheckResult> {
    let judged_failing = |c: &CheckResult| !c.passed && !c.grader_error && !is_build_error(c);
    // A check whose own code is still a todo!() has nothing to fix first.
    let unwritten = |c: &CheckResult| {
        c.mistake
            .as_ref()
            .is_some_and(|mistake| mistake.kind == checks::mistake::NOT_IMPLEMENTED)
    };
    let failing: Vec<String> = checks
        .iter()
        .filter(|c| judged_failing(c))
        .map(|c| c.name.clone())
        .collect();
    for check in checks
        .iter_mut()
        .filter(|c| judged_failing(c) && !unwritten(c))
    {
        let causes: Vec<&str> = checks::prerequisites(&check.name)
            .iter()
            .copied()
            .filter(|name| failing.iter().any(|f| f == name))
            .collect();
        let fix = match causes.as_slice() {
            [] => continue,
            [one] => format!("fix {one} first: this check runs its code too, and it fails"),
            [first @ .., last] => format!(
                "fix {} and {last} first: this check runs their code too, and they fail",
                first.join(", ")
            ),
        };
        check.message = format!("{}\n{fix}", check.message.trim_end());
        check.fix_first = Some(fix);
        // The same wrong result has another cause when other checks fail under it:
        // the class page groups it apart (a wrong opposite() and a wall taken down on
        // one side both give "other walls than the reference's").
        if let Some(mistake) = &mut check.mistake {
            mistake.detail = format!("{} (fix {} first)", mistake.detail, causes.join(", "))
                .trim_start()
                .to_owned();
        }
    }
    checks
}

/// Whether `check` failed because code it runs did not compile.
pub(super) fn is_build_error(check: &CheckResult) -> bool {
    check
        .mistake
        .as_ref()
        .is_some_and(|m| m.kind == mistake::BUILD_ERROR)
}

/// For each part, the earlier parts that did not compile and whose stubs its checks
/// reached, with how many of its checks did (see [`stood_in`]).
pub(super) type StoodIn = BTreeMap<Part, Vec<(Part, usize)>>;

/// A check of a part that compiled, failing at a `todo!()` of a part that did not:
/// that part's files were the starter's stubs in this build, and the student is told
/// so (and the class page groups it with the build error, not with untouched
/// starters) rather than sent to write code they have written.
pub(super) fn stood_in(
    mut checks: Vec<CheckResult>,
    parts: &BTreeMap<Part, Result<PathBuf, String>>,
) -> (Vec<CheckResult>, StoodIn) {
    let mut reached = StoodIn::new();
    for check in checks.iter_mut().filter(|c| !c.passed) {
        let Some(what) = check
            .message
            .strip_prefix(mistake::NOT_IMPLEMENTED)
            .and_then(|rest| rest.strip_prefix(": "))
        else {
            continue;
        };
        let Some(broken) = todo_section(what)
            .and_then(Part::of_section)
            .filter(|part| *part != check.part && parts.get(part).is_some_and(Result::is_err))
        else {
            continue;
        };
        let stub = stub_name(what);
        // Short: the note at the top of the check's part says the rest, once.
        check.message = format!(
            "this check calls your {} code, which does not compile: the starter's stub `{stub}` stood in for it (see the note at the top of {})",
            broken.name(),
            check.part.name()
        );
        let list = reached.entry(check.part).or_default();
        match list.iter_mut().find(|(p, _)| *p == broken) {
            Some((_, count)) => *count += 1,
            None => list.push((broken, 1)),
        }
        check.mistake = Some(Mistake::new(
            mistake::BUILD_ERROR,
            format!("{} does not compile: its stubs stood in", broken.id()),
        ));
    }
    (checks, reached)
}

/// The stub a `todo!()`'s words name: "DirectionExt::opposite (handout §2): …"
/// gives "DirectionExt::opposite".
pub(super) fn stub_name(words: &str) -> &str {
    words.split(" (handout §").next().unwrap_or(words).trim()
}

/// What an earlier part lacks that a part's failing checks call, said once at the top
/// of that part ([`crate::report::PartSummary::needs`]) rather than under each check:
/// a stub of an earlier part not written yet (its `todo!()`), an earlier part that
/// does not compile (its stubs stood in, see [`stood_in`]), or an earlier part's code
/// that fails its own checks. A check that reached an earlier part's `todo!()` is
/// told in one line where to look, not sent to write code of its own part.
pub(super) fn earlier_parts(
    mut checks: Vec<CheckResult>,
    uncompiled: StoodIn,
) -> (Vec<CheckResult>, BTreeMap<Part, Vec<String>>) {
    // Per part, in order met: the stubs not written yet and the earlier failing
    // checks, each with how many checks they fail.
    let mut unwritten: BTreeMap<Part, Vec<(Part, String, usize)>> = BTreeMap::new();
    let mut failing_before: BTreeMap<Part, Vec<String>> = BTreeMap::new();
    let part_of: BTreeMap<String, (Part, bool)> = checks
        .iter()
        .map(|c| (c.name.clone(), (c.part, c.passed)))
        .collect();
    for check in checks.iter_mut().filter(|c| !c.passed && !c.grader_error) {
        let todo = check
            .message
            .strip_prefix(mistake::NOT_IMPLEMENTED)
            .and_then(|rest| rest.strip_prefix(": "));
        if let Some(what) = todo
            && let Some(owner) = todo_section(what)
                .and_then(Part::of_section)
                .filter(|owner| *owner < check.part)
        {
            let stub = stub_name(what).to_owned();
            let list = unwritten.entry(check.part).or_default();
            match list.iter_mut().find(|(p, s, _)| *p == owner && *s == stub) {
                Some((_, _, count)) => *count += 1,
                None => list.push((owner, stub.clone(), 1)),
            }
            check.message = format!(
                "this check calls your {} `{stub}`, which is not written yet (see the note at the top of {})",
                owner.name(),
                check.part.name()
            );
            check.fix_first = None;
            continue;
        }
        // A check whose own code is still a todo!() has its own part to write first
        // (as in `point_at_causes`).
        if is_build_error(check) || todo.is_some() {
            continue;
        }
        for name in checks::prerequisites(&check.name) {
            if let Some((part, false)) = part_of.get(*name)
                && *part < check.part
            {
                let list = failing_before.entry(check.part).or_default();
                if !list.iter().any(|n| n == name) {
                    list.push((*name).to_owned());
                }
            }
        }
    }
    let mut needs: BTreeMap<Part, Vec<String>> = BTreeMap::new();
    for (part, stubs) in unwritten {
        for (owner, stub, count) in stubs {
            needs.entry(part).or_default().push(format!(
                "{}'s checks call your {} `{stub}`, which is not written yet: {} until it is",
                part.name(),
                owner.name(),
                fail_count(count)
            ));
        }
    }
    for (part, broken) in uncompiled {
        for (owner, count) in broken {
            needs.entry(part).or_default().push(format!(
                "{}'s checks call your {} code, which does not compile: the starter's stubs stood in for it in this build, and {} until it compiles {BUILD_NOTE}",
                part.name(),
                owner.name(),
                fail_count(count)
            ));
        }
    }
    for (part, names) in failing_before {
        // The code fails the checks named: "fails" whatever their number.
        let them = if names.len() == 1 { "it" } else { "them" };
        needs.entry(part).or_default().push(format!(
            "{}'s checks call code of an earlier part that fails its own checks ({}): fix {them} first",
            part.name(),
            names.join(", ")
        ));
    }
    (checks, needs)
}

/// "1 check fails", "5 checks fail".
pub(super) fn fail_count(count: usize) -> String {
    if count == 1 {
        "1 of its checks fails".to_owned()
    } else {
        format!("{count} of its checks fail")
    }
}

/// The handout section a `todo!()`'s words name: "X (handout §7.4): …" gives "7.4".
pub(super) fn todo_section(words: &str) -> Option<&str> {
    let start = words.find("(handout §")? + "(handout §".len();
    let rest = &words[start..];
    let end = rest.find(|c: char| !(c.is_ascii_digit() || c == '.'))?;
    Some(rest[..end].trim_end_matches('.'))
}
