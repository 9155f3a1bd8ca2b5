use super::*;

#[test]
fn a_later_parts_checks_that_reach_an_earlier_parts_todo_say_so_once_at_the_top_of_their_part() {
    let todo = "not implemented: DirectionExt::opposite (handout §2): the opposite of {self:?}";
    let mut checks: Vec<CheckResult> = ["rat_bfs", "rat_dfs"]
        .into_iter()
        .map(|name| CheckResult {
            part: Part::Part2,
            ..result(name, false, todo)
        })
        .collect();
    checks.push(result("direction_opposite", false, todo));
    let mut own = result(
        "rat_stack",
        false,
        "not implemented: Stack::push (handout §7.2): x",
    );
    own.part = Part::Part2;
    checks.push(own);
    let (checks, needs) = earlier_parts(checks, StoodIn::new());
    assert_eq!(
        needs[&Part::Part2],
        [
            "Part 2's checks call your Part 1 `DirectionExt::opposite`, which is not written yet: 2 of its checks fail until it is"
        ]
    );
    assert!(
        !needs.contains_key(&Part::Part1),
        "its own stub is Part 1's to write"
    );
    assert_eq!(
        checks[0].message,
        "this check calls your Part 1 `DirectionExt::opposite`, which is not written yet (see the note at the top of Part 2)"
    );
    assert_eq!(
        checks[2].message, todo,
        "Part 1's own check keeps its words"
    );
    assert!(
        checks[3]
            .message
            .starts_with("not implemented: Stack::push")
    );
}

#[test]
fn a_later_part_whose_checks_run_failing_code_of_an_earlier_part_says_so_once_at_its_top() {
    let rooms = |name: &str, message: &str| CheckResult {
        part: Part::Part2,
        ..result(name, false, message)
    };
    let checks = vec![
        result("direction_opposite", false, "opposite of EAST gave EAST"),
        rooms("rat_maze_rooms", "wrong doors"),
        rooms(
            "rat_stack",
            "not implemented: Stack::push (handout §7.2): x",
        ),
    ];
    let (_, needs) = earlier_parts(point_at_causes(checks), StoodIn::new());
    assert_eq!(
        needs[&Part::Part2],
        [
            "Part 2's checks call code of an earlier part that fails its own checks (direction_opposite): fix it first"
        ]
    );
}

#[test]
fn a_later_part_whose_checks_reach_stubs_of_a_part_that_did_not_compile_says_so_once() {
    let mut texture = result(
        "texture_perfect_square",
        false,
        "not implemented: MazeCellArray::resize (handout §4): make the grid 5 cells wide",
    );
    texture.part = Part::Part3;
    let parts = BTreeMap::from([
        (Part::Part1, Err("error[E0308]".to_owned())),
        (Part::Part3, Ok(PathBuf::new())),
    ]);
    let (checks, uncompiled) = stood_in(vec![texture], &parts);
    let (_, needs) = earlier_parts(checks, uncompiled);
    assert_eq!(
        needs[&Part::Part3],
        [format!(
            "Part 3's checks call your Part 1 code, which does not compile: the starter's stubs stood in for it in this build, and 1 of its checks fails until it compiles {BUILD_NOTE}"
        )]
    );
}

#[test]
fn a_check_reaching_a_stub_of_a_part_that_did_not_compile_is_sent_to_the_compile_error() {
    let mut texture = result(
        "texture_perfect_square",
        false,
        "not implemented: MazeCellArray::resize (handout §4): make the grid 5 cells wide",
    );
    texture.part = Part::Part3;
    let mut own = result(
        "texture_weights",
        false,
        "not implemented: weights (handout §8.1): the weights",
    );
    own.part = Part::Part3;
    let parts = BTreeMap::from([
        (Part::Part1, Err("error[E0308]".to_owned())),
        (Part::Part3, Ok(PathBuf::new())),
    ]);
    let (checks, _) = stood_in(vec![texture, own], &parts);
    assert_eq!(
        checks[0].message,
        "this check calls your Part 1 code, which does not compile: the starter's stub `MazeCellArray::resize` stood in for it (see the note at the top of Part 3)"
    );
    assert_eq!(
        checks[0].mistake.as_ref().map(|m| m.kind.as_str()),
        Some(mistake::BUILD_ERROR)
    );
    assert!(
        checks[1].message.starts_with("not implemented: weights"),
        "a stub of the check's own part is the student's to write"
    );
}

#[test]
fn a_todo_names_its_section_and_the_section_its_part() {
    assert_eq!(todo_section("Rat::run (handout §7.4): go"), Some("7.4"));
    assert_eq!(todo_section("Position::eq (handout §3.): x"), Some("3"));
    assert_eq!(todo_section("no section here"), None);
    assert_eq!(Part::of_section("7.4"), Some(Part::Part2));
    assert_eq!(Part::of_section("10"), Some(Part::Part5));
    assert_eq!(Part::of_section("11.2"), None);
}

fn result(name: &str, passed: bool, message: &str) -> CheckResult {
    CheckResult {
        name: name.to_owned(),
        title: String::new(),
        part: Part::Part1,
        score: 0.0,
        max_score: 1.0,
        passed,
        message: message.to_owned(),
        diff: None,
        hint: String::new(),
        grader_error: false,
        visibility: crate::rubric::Visibility::Visible,
        output: String::new(),
        picture: None,
        mistake: None,
        twin: None,
        fix_first: None,
        duration: Duration::ZERO,
    }
}

#[test]
fn a_failure_whose_code_another_failing_check_tests_says_to_fix_that_first() {
    let checks = point_at_causes(vec![
        result("direction_opposite", false, "opposite of EAST gave EAST"),
        result("position_moved", true, "ok"),
        result("array_remove_cell_wall", false, "one-sided wall"),
        result("maze_perfect_square", false, "not perfect"),
        result("solve_path_valid", false, "through a wall"),
    ]);
    assert_eq!(
        checks[2].message,
        "one-sided wall\nfix direction_opposite first: this check runs its code too, and it fails"
    );
    assert_eq!(
        checks[3].message,
        "not perfect\nfix direction_opposite and array_remove_cell_wall first: this check runs their code too, and they fail"
    );
    assert_eq!(checks[0].message, "opposite of EAST gave EAST");
    assert_eq!(
        checks[4].message, "through a wall",
        "position_moved passes, so nothing is blamed"
    );
}

#[test]
fn the_same_failure_under_other_failing_checks_is_another_mistake() {
    let keyed = |name: &str, message: &str| CheckResult {
        mistake: Some(Mistake::of_message(message)),
        ..result(name, false, message)
    };
    let wrong_opposite = point_at_causes(vec![
        keyed("direction_opposite", "opposite of EAST gave EAST"),
        keyed("array_remove_cell_wall", "one-sided wall"),
        keyed("maze_matches_reference", "other walls"),
    ]);
    let one_sided_wall = point_at_causes(vec![
        keyed("array_remove_cell_wall", "one-sided wall"),
        keyed("maze_matches_reference", "other walls"),
    ]);
    let right_walls = point_at_causes(vec![keyed("maze_matches_reference", "other walls")]);
    let key = |checks: &[CheckResult]| checks.last().and_then(|c| c.mistake.clone());
    assert_eq!(
        key(&wrong_opposite).map(|m| m.detail),
        Some("other walls (fix direction_opposite, array_remove_cell_wall first)".to_owned())
    );
    assert_eq!(
        key(&one_sided_wall).map(|m| m.detail),
        Some("other walls (fix array_remove_cell_wall first)".to_owned())
    );
    assert_eq!(
        key(&right_walls).map(|m| m.detail),
        Some("other walls".to_owned())
    );
    // The check that is itself the cause keeps its own key.
    assert_eq!(
        wrong_opposite[0].mistake,
        Some(Mistake::of_message("opposite of EAST gave EAST"))
    );
}

#[test]
fn a_check_whose_own_code_is_a_todo_blames_nothing_else() {
    // Keyed as the grading keys them: a stub is the mistake `not implemented`.
    let unwritten = |name: &str, message: &str| CheckResult {
        mistake: Some(Mistake::kind(crate::checks::mistake::NOT_IMPLEMENTED)),
        ..result(name, false, message)
    };
    let checks = point_at_causes(vec![
        unwritten("direction_opposite", "not implemented: opposite"),
        unwritten("maze_perfect_square", "not implemented: Maze::create"),
    ]);
    assert_eq!(checks[1].message, "not implemented: Maze::create");
}

#[test]
fn a_part_that_did_not_compile_is_not_blamed_for_the_next_one() {
    let broken = format!("your code does not compile {BUILD_NOTE}");
    // As the grading keys it: a build error (see `Grader::result`).
    let unbuilt = CheckResult {
        mistake: Some(Mistake::new(
            mistake::BUILD_ERROR,
            "your code does not compile",
        )),
        ..result("direction_opposite", false, &broken)
    };
    let checks = point_at_causes(vec![
        unbuilt,
        result("maze_perfect_square", false, "not perfect"),
    ]);
    assert_eq!(checks[1].message, "not perfect");
}

#[test]
fn a_twin_runs_again_alone_after_its_check_or_with_it_as_a_pair() {
    let shown: Vec<(usize, Option<usize>)> = alone(&[0, 1, 3, 6])
        .into_iter()
        .map(|unit| match unit {
            Unit::Pair(own, twin) => (own, Some(twin)),
            Unit::Alone(index) => (index, None),
            Unit::Batch(_) => unreachable!("alone makes no batch"),
        })
        .collect();
    // 0 and its twin 1 as a pair; 3, the twin of 2 (which passed in the batch),
    // alone; 6 alone.
    assert_eq!(shown, [(0, Some(1)), (3, None), (6, None)]);
}

#[test]
fn running_out_of_time_names_cpu_time_waiting_or_the_wall_clock() {
    assert_eq!(
        out_of_time_in_words(&RunOutcome::OutOfCpu(Duration::from_secs(5))),
        "used 5 s of CPU time: a loop or recursion that never ends?"
    );
    let waited = |cpu| {
        out_of_time_in_words(&RunOutcome::TimedOut {
            wall: Duration::from_secs(5),
            cpu: Some(cpu),
        })
    };
    // The CPU time used changes from one run to the next; the words do not.
    assert_eq!(
        waited(Duration::from_millis(30)),
        waited(Duration::from_millis(90))
    );
    assert_eq!(
        waited(Duration::from_millis(30)),
        "waited 5 s while using only less than 1 s of CPU: a thread that sleeps or waits \
         for its whole timeout, or a channel nobody sends on?"
    );
    assert!(waited(Duration::from_millis(2300)).contains("less than 3 s of CPU"));
    let wall = out_of_time_in_words(&RunOutcome::TimedOut {
        wall: Duration::from_secs(5),
        cpu: None,
    });
    assert!(
        wall.starts_with("timed out after 5 s on the wall clock (this system does not let"),
        "{wall}"
    );
}

#[test]
fn a_todo_reads_as_not_implemented() {
    assert_eq!(
        panic_reason(
            "not yet implemented: Position::moved (handout §3): move",
            Some("src/position.rs:9"),
            Some("Position::moved")
        ),
        "not implemented: Position::moved (handout §3): move"
    );
}

#[test]
fn a_panic_names_the_place_in_the_submission() {
    assert_eq!(
        panic_reason(
            "index out of bounds",
            Some("submission/src/cell_array.rs:40"),
            None
        ),
        "panicked at src/cell_array.rs:40: index out of bounds"
    );
}

#[test]
fn a_panic_names_the_calls_the_probe_was_making() {
    assert_eq!(
        panic_reason(
            "index out of bounds: the len is 9 but the index is 9",
            Some("submission/src/rat/maze.rs:123"),
            Some("RatMaze::new(3), then neighbors(8)")
        ),
        "panicked at src/rat/maze.rs:123: index out of bounds: the len is 9 but the index is 9 (reached by the calls RatMaze::new(3), then neighbors(8))"
    );
}
