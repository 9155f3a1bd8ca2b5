use super::unassigned::{not_assigned_text, without_item};
use super::*;
use crate::checks::Part;

/// The kit's rubric with Part 3 turned off (from [`crate::rubric::kit_text`], every
/// part on, like the other instructor tests: a course's own may have a part off
/// already).
fn rubric_without_part_3() -> String {
    crate::rubric::turned_off(
        &crate::rubric::kit_text(),
        "title = \"Part 3: textured mazes\"\n",
    )
}

#[test]
fn a_part_the_course_does_not_assign_ships_as_stubs_saying_so_and_its_chapter_left_out() {
    let kit = Kit::locate(None).unwrap();
    let rubric = rubric_without_part_3();
    let files = files_for(&kit, &Options::default(), &rubric).unwrap();
    let text = |path: &str| String::from_utf8_lossy(&files[Path::new(path)]).into_owned();

    let texture = text("starter/src/texture.rs");
    assert!(
        texture.starts_with("// Part 3: textured mazes is not assigned in this course"),
        "{texture}"
    );
    assert!(
        texture.contains("is not assigned in this course (Part 3: textured mazes): "),
        "{texture}"
    );
    assert!(!texture.contains("// TODO"), "{texture}");
    assert!(!texture.contains("BEGIN SOLUTION"), "{texture}");
    // Nothing of the reference's: every line is the starter's but the marked ones.
    let kit_stub = std::fs::read_to_string(kit.starter().join("src/texture.rs")).unwrap();
    let changed: Vec<&str> = texture
        .lines()
        .filter(|line| !kit_stub.lines().any(|kept| kept == *line))
        .collect();
    assert!(
        changed
            .iter()
            .all(|line| line.to_lowercase().contains("not assigned in this course")),
        "{changed:#?}"
    );
    assert_eq!(text("fixtures/stubs/src/texture.rs"), texture);
    assert!(
        text("starter/src/prim.rs").contains("todo!("),
        "an assigned part keeps its stubs"
    );

    assert!(!files.contains_key(Path::new("handout/src/08-textures.md")));
    assert!(!files.contains_key(Path::new("handout/src/08-1-weight.md")));
    assert!(files.contains_key(Path::new("handout/src/09-1-prim.md")));
    let summary = text("handout/src/SUMMARY.md");
    assert!(
        summary
            .contains("- [Textured mazes (not assigned in this course)](not-assigned-part3.md)\n"),
        "{summary}"
    );
    assert!(
        text("handout/src/not-assigned-part3.md")
            .contains("Part 3 is not assigned in this course: there is nothing to write"),
        "the entry's page says so"
    );
    assert!(!summary.contains("08-"), "{summary}");
    assert!(summary.contains("(09-1-prim.md)"), "{summary}");
}

#[test]
fn the_reference_ships_for_a_part_not_assigned_only_when_asked() {
    let kit = Kit::locate(None).unwrap();
    let rubric = rubric_without_part_3();
    let options = Options {
        unassigned: Unassigned::Reference,
        ..Options::default()
    };
    let files = files_for(&kit, &options, &rubric).unwrap();
    let texture = String::from_utf8_lossy(&files[Path::new("starter/src/texture.rs")]);
    assert!(!texture.contains("todo!("), "{texture}");
    assert!(!texture.contains("BEGIN SOLUTION"), "{texture}");
}

#[test]
fn the_template_ignores_what_tests_and_the_handouts_commands_leave_behind() {
    let kit = Kit::locate(None).unwrap();
    let files = files_for(&kit, &Options::default(), &crate::rubric::kit_text()).unwrap();
    let ignore = String::from_utf8_lossy(&files[Path::new(".gitignore")]).into_owned();
    for left_behind in [
        "/target",
        "/starter/target",
        "*.snap.new",
        "/starter/graph.svg",
    ] {
        assert!(ignore.lines().any(|line| line == left_behind), "{ignore}");
    }
}

#[test]
fn parts_left_out_leave_no_file_of_theirs_and_nothing_that_names_them() {
    let kit = Kit::locate(None).unwrap();
    let rubric = crate::rubric::turned_off(
        &crate::rubric::turned_off(
            &crate::rubric::kit_text(),
            "title = \"Part 2: rat in a maze\"\n",
        ),
        "title = \"Part 5: arrow mazes\"\n",
    );
    let options = Options {
        unassigned: Unassigned::LeaveOut,
        ..Options::default()
    };
    let files = files_for(&kit, &options, &rubric).unwrap();
    let text = |path: &str| String::from_utf8_lossy(&files[Path::new(path)]).into_owned();

    let theirs: Vec<&PathBuf> = files
        .keys()
        .filter(|path| {
            let path = path.to_string_lossy();
            ["/rat", "/arrows", "rat__", "arrows__", "10-", "07-"]
                .iter()
                .any(|name| path.contains(name))
                && !path.starts_with("grader/")
        })
        .collect();
    assert!(theirs.is_empty(), "{theirs:#?}");
    // Figures only the chapters left out showed go too; the others stay.
    assert!(!files.contains_key(Path::new("handout/src/figures/arrows-2x3-run.txt")));
    assert!(!files.contains_key(Path::new("handout/src/figures/rat-bad-file.txt")));
    assert!(files.contains_key(Path::new("handout/src/figures/prim-12x8-seed2.svg")));
    // Nor the report of the kit's starter, with every part's checks: §11 shows its
    // first lines, expanded, and only the walk's marker named the file.
    assert!(!files.contains_key(Path::new("handout/src/figures/grade-starter.txt")));
    let running = text("handout/src/11-running.md");
    assert!(
        running.contains("Grading starter  [sandbox: full]"),
        "{running}"
    );
    for (file, names) in [
        (
            "starter/src/lib.rs",
            ["mod rat", "[`rat`]", "mod arrows", "[`arrows`]"],
        ),
        (
            "starter/src/commands/mod.rs",
            ["mod rat", "rat::run", "mod arrows", "arrows::run"],
        ),
        (
            "starter/src/cli.rs",
            ["Rat(", "RatArgs", "Arrows(", "ArrowsFormat"],
        ),
        (
            "starter/Cargo.toml",
            ["\"rat\"", "\"rat\"", "\"arrows\"", "\"arrows\""],
        ),
        (
            "README.md",
            ["-- rat ", "fixtures/rat", "-- arrows ", "fixtures/arrows"],
        ),
    ] {
        let text = text(file);
        for name in names {
            assert!(!text.contains(name), "{file} still has {name:?}:\n{text}");
        }
    }
    // The template's grader has neither part's checks, nor their probe sources.
    assert!(
        text("grader/Cargo.toml").contains("\ndefault = []\n"),
        "{}",
        text("grader/Cargo.toml")
    );
    for gone in [
        "grader/src/checks/part2/mod.rs",
        "grader/src/checks/part5/mod.rs",
        "grader/probe/src/part2.rs",
        "grader/probe/src/part5.rs",
    ] {
        assert!(!files.contains_key(Path::new(gone)), "{gone}");
    }
    assert!(files.contains_key(Path::new("grader/probe/src/part4.rs")));
    // What stays is whole: the items after the ones taken out, and the other
    // commands.
    let cli = text("starter/src/cli.rs");
    assert!(cli.contains("    Play(PlayArgs),\n}\n"), "{cli}");
    assert!(cli.contains("pub struct PlayArgs {"), "{cli}");
    let summary = text("handout/src/SUMMARY.md");
    assert!(
        summary.contains("(not assigned in this course)](not-assigned-part5.md)\n")
            && summary.contains("(09-1-prim.md)"),
        "{summary}"
    );
    assert_eq!(
        text("fixtures/stubs/src/lib.rs"),
        text("starter/src/lib.rs")
    );
    // The other parts keep their stubs.
    assert!(text("starter/src/prim.rs").contains("todo!("));
}

#[test]
fn parts_the_provided_code_uses_cannot_be_left_out_and_dist_names_the_other_choices() {
    let kit = Kit::locate(None).unwrap();
    let options = Options {
        unassigned: Unassigned::LeaveOut,
        ..Options::default()
    };
    let error = files_for(&kit, &options, &rubric_without_part_3())
        .unwrap_err()
        .to_string();
    assert!(
        error.starts_with("Part 3: textured mazes cannot be left out of the template: the provided generators (generate.rs)")
            && error.contains("`--unassigned stubs`, the default")
            && error.contains("`--unassigned reference`")
            && !error.contains('\n'),
        "{error}"
    );
}

#[test]
fn an_item_goes_from_its_doc_comment_to_its_closing_brace_and_the_blank_line_after() {
    let text = "use a;\n\n/// One.\n#[derive(Debug)]\npub struct One {\n    a: u8,\n}\n\n/// Two.\npub enum Two {\n    B,\n}\n";
    assert_eq!(
        without_item(text, "/// One."),
        "use a;\n\n/// Two.\npub enum Two {\n    B,\n}\n"
    );
    assert_eq!(
        without_item(text, "/// Two."),
        "use a;\n\n/// One.\n#[derive(Debug)]\npub struct One {\n    a: u8,\n}\n\n"
    );
    assert_eq!(without_item(text, "/// Three."), text);
    let variants = "pub enum Command {\n    /// One,\n    /// in two lines.\n    One(OneArgs),\n    /// Two.\n    Two(TwoArgs),\n}\n";
    assert_eq!(
        without_item(variants, "    One(OneArgs),"),
        "pub enum Command {\n    /// Two.\n    Two(TwoArgs),\n}\n"
    );
    assert_eq!(
        without_item(variants, "    Two(TwoArgs),"),
        "pub enum Command {\n    /// One,\n    /// in two lines.\n    One(OneArgs),\n}\n"
    );
}

#[test]
fn a_stub_message_says_the_part_is_not_assigned_and_keeps_its_arguments() {
    let stub = "pub fn solve(board: &Board) -> Option<()> {\n    // TODO (handout §10.3): write solve.\n    todo!(\n        \"solve (handout §10.3): search {board:?} breadth first\"\n    )\n}\n";
    let (text, stubs) = not_assigned_text(stub, "Part 5: arrow mazes");
    assert_eq!(stubs, 1);
    assert_eq!(
        text,
        "// Part 5: arrow mazes is not assigned in this course: this file is left as stubs, with nothing to write.\npub fn solve(board: &Board) -> Option<()> {\n    // Not assigned in this course: nothing to write here.\n    todo!(\n        \"solve is not assigned in this course (Part 5: arrow mazes): search {board:?} breadth first\"\n    )\n}\n"
    );
}

#[test]
fn the_templates_grader_has_no_instructor_module_and_no_attack_suite() {
    let kit = Kit::locate(None).unwrap();
    let files = files(&kit, &Options::default()).unwrap();
    let grader: Vec<&Path> = files
        .keys()
        .map(PathBuf::as_path)
        .filter(|path| path.starts_with("grader"))
        .collect();
    for path in &grader {
        let name = path.to_string_lossy();
        for banned in [
            "mutants",
            "src/gradescope.rs",
            "commands/gradescope.rs",
            "grade_all",
            "commands/merge.rs",
            "self_check",
            "bless",
            "src/dist.rs",
            "src/dist/",
            "src/shard.rs",
            "commands/dist.rs",
            "src/starter.rs",
            "commands/starter.rs",
            "sandbox/tests",
            "sandbox_check",
            "similarity",
            "bench/",
            "checks/hidden.rs",
        ] {
            assert!(!name.contains(banned), "the template ships {name}");
        }
    }
    // What grading needs is there: the student commands, the checks, the probe.
    for kept in [
        "grader/src/main.rs",
        "grader/src/commands/grade.rs",
        "grader/src/commands/watch.rs",
        "grader/src/sandbox/mod.rs",
        "grader/probe/src/lib.rs",
        "grader/probe/wire/src/lib.rs",
        "grader/probe/wire/src/producers.rs",
    ] {
        assert!(grader.contains(&Path::new(kept)), "no {kept}");
    }
    let text = |path: &str| String::from_utf8_lossy(&files[Path::new(path)]).into_owned();
    let manifest = text("grader/Cargo.toml");
    // No instructor tool, no hidden check; every part's checks (none is left out).
    assert!(
        manifest.contains("\ndefault = [\"part2\", \"part5\"]\n"),
        "{manifest}"
    );
    assert!(!text("grader/src/sandbox/mod.rs").contains("mod tests;"));
}

#[test]
fn the_courses_style_table_stays_in_the_public_rubric() {
    let text = "[grader]\nsecret = \"s\"\n\n[style]\npoints = 4\nlints = [\"clippy::style\"]\n\n[[parts]]\nid = \"part1\"\ntitle = \"P\"\n\n[[check]]\nname = \"direction_opposite\"\npart = \"part1\"\ntitle = \"t\"\npoints = 1\nhint = \"h\"\n";
    let (rubric, _) = public_rubric(text).unwrap();
    let style = crate::rubric::parse(&rubric, "public.toml").unwrap().style;
    assert_eq!(style.points, 4.0);
    assert_eq!(style.lints, ["clippy::style"]);
}

#[test]
fn the_public_rubric_keeps_the_courses_changes_to_visible_checks_only() {
    let hidden = crate::checks::all()
        .into_iter()
        .find(|spec| spec.part == Part::Part1 && spec.visibility != Visibility::Visible);
    let mut text = "[grader]\nsecret = \"s\"\n\n[[parts]]\nid = \"part1\"\ntitle = \"P\"\n\n\
        [[check]]\nname = \"direction_opposite\"\npoints = 3\n\n\
        [[check]]\nname = \"position_hash\"\nvisibility = \"after_due_date\"\ntitle = \"kept private\"\n\n\
        [[check]]\nname = \"position_display\"\nenabled = false\n"
        .to_owned();
    if let Some(hidden) = hidden {
        text.push_str(&format!(
            "\n[[check]]\nname = \"{}\"\npoints = 5\n",
            hidden.name
        ));
    }
    let (rubric, kept) = public_rubric(&text).unwrap();
    let table: toml::Table = rubric.parse().unwrap();
    assert!(table["grader"].get("secret").is_none(), "{rubric}");
    let changes: Vec<String> = table["check"]
        .as_array()
        .unwrap()
        .iter()
        .map(|change| toml::to_string(change).unwrap().replace('\n', " "))
        .collect();
    // The points change stays, the check made private is not graded by the template
    // (without a word of what the course wrote), the hidden check's change is gone.
    assert_eq!(
        changes,
        [
            "name = \"direction_opposite\" points = 3 ",
            "enabled = false name = \"position_hash\" ",
            "enabled = false name = \"position_display\" ",
        ],
        "{rubric}"
    );
    assert!(kept.contains(&"direction_opposite".to_owned()));
    for gone in ["position_hash", "position_display"] {
        assert!(!kept.contains(&gone.to_owned()), "{kept:?}");
    }
    assert!(kept.iter().all(|name| {
        crate::checks::find(name).is_some_and(|spec| spec.visibility == Visibility::Visible)
    }));
}

#[test]
fn checks_of_a_part_the_course_does_not_assign_leave_the_public_rubric() {
    let text = "[[parts]]\nid = \"part1\"\ntitle = \"P\"\n\n[[parts]]\nid = \"part3\"\ntitle = \"T\"\nenabled = false\n\n[[check]]\nname = \"texture_weights\"\npoints = 1\n\n[[check]]\nname = \"direction_opposite\"\npart = \"part1\"\npoints = 1\n";
    let (rubric, kept) = public_rubric(text).unwrap();
    assert!(!rubric.contains("texture_weights"), "{rubric}");
    assert!(rubric.contains("direction_opposite"), "{rubric}");
    assert!(kept.contains(&"direction_opposite".to_owned()));
    assert!(
        kept.iter()
            .all(|name| crate::checks::find(name).is_some_and(|spec| spec.part == Part::Part1)),
        "{kept:?}"
    );
}

#[test]
fn the_templates_grader_builds_unoptimised_without_the_kits_dev_profile() {
    let kit = tempfile::tempdir().unwrap();
    std::fs::write(
        kit.path().join("Cargo.toml"),
        "[workspace]\nmembers = [\"grader\", \"solution\"]\n\n[profile.dev]\ndebug = \"line-tables-only\"\n\n[profile.dev.package.\"*\"]\nopt-level = 1\n\n[profile.release]\nlto = true\n",
    )
    .unwrap();
    let text = template_manifest(kit.path()).unwrap();
    let manifest: toml::Table = toml::from_str(&text).unwrap();
    let dev = manifest["profile"]["dev"].as_table().unwrap();
    assert_eq!(dev.get("debug"), Some(&toml::Value::Boolean(false)));
    assert_eq!(dev.get("incremental"), Some(&toml::Value::Boolean(false)));
    assert!(!dev.contains_key("package"), "{text}");
    assert_eq!(manifest["profile"]["release"]["lto"].as_bool(), Some(true));
    assert_eq!(
        manifest["workspace"]["members"].as_array().unwrap(),
        &vec![toml::Value::from("grader")]
    );
}

#[test]
fn the_workflow_carries_the_minimum_score() {
    let options = Options {
        min_score: 60.0,
        ..Options::default()
    };
    assert!(workflow(&options).contains("MIN_SCORE: \"60\""));
}

#[test]
fn the_workflow_grades_with_the_courses_grader_at_its_pinned_revision() {
    let options = Options {
        grader: GraderSource::Course {
            repo: "course/perfect-mazes".to_owned(),
            rev: "0123abcd".to_owned(),
        },
        ..Options::default()
    };
    let text = workflow(&options);
    assert!(
        text.contains("GRADER_REPO: \"course/perfect-mazes\""),
        "{text}"
    );
    assert!(text.contains("GRADER_REV: \"0123abcd\""), "{text}");
    assert!(!text.contains("github.repository"), "{text}");
    assert!(
        text.contains("--report classroom=../classroom.json"),
        "{text}"
    );
    assert!(
        text.contains("runners: grader") && text.contains("GRADER_RESULTS:"),
        "{text}"
    );
    let readme = readme(&options);
    assert!(
        readme.contains("`course/perfect-mazes` at the commit `0123abcd`"),
        "{readme}"
    );
    assert!(readme.contains("Those points are feedback."), "{readme}");
}

#[test]
fn a_feedback_only_workflow_gives_no_points_and_says_whose_grader_it_ran() {
    let options = Options::default();
    let text = workflow(&options);
    assert!(!text.contains("classroom"), "{text}");
    assert!(!text.contains("GRADER_REPO"), "{text}");
    assert!(
        text.contains("these points are not the course's, and none go to GitHub Classroom"),
        "{text}"
    );
    let readme = readme(&options);
    assert!(readme.contains("It is feedback only"), "{readme}");
    assert!(!readme.contains("course's grader:"), "{readme}");
}

#[test]
fn the_workflow_grades_each_push_once_and_writes_every_report_from_that_grading() {
    for options in [
        Options::default(),
        Options {
            grader: GraderSource::Course {
                repo: "c/g".to_owned(),
                rev: "1".to_owned(),
            },
            ..Options::default()
        },
    ] {
        let text = workflow(&options);
        assert_eq!(text.matches("maze-grader -- grade").count(), 1, "{text}");
        for report in [
            "--report gradescope=../results.json",
            "--report markdown=../report.md",
            "--min-score \"$MIN_SCORE\"",
        ] {
            assert!(text.contains(report), "{report}: {text}");
        }
    }
}

#[test]
fn the_course_grader_repository_holds_the_templates_grader_and_no_handout_or_workflow() {
    let kit = Kit::locate(None).unwrap();
    let files = course_grader_files(&kit, Unassigned::Stubs).unwrap();
    for kept in [
        "grader/src/main.rs",
        "fixtures/rubric.toml",
        "fixtures/stubs/src/lib.rs",
        "starter/Cargo.lock",
        "Cargo.lock",
        "README.md",
    ] {
        assert!(files.contains_key(Path::new(kept)), "no {kept}");
    }
    assert!(
        !files
            .keys()
            .any(|p| p.starts_with("handout") || p.starts_with(".github"))
    );
    assert!(!files.contains_key(Path::new("grader/src/checks/hidden.rs")));
    let rubric = String::from_utf8_lossy(&files[Path::new("fixtures/rubric.toml")]);
    assert!(
        !rubric.contains("secret") && !rubric.contains("\"hidden\""),
        "{rubric}"
    );
}
