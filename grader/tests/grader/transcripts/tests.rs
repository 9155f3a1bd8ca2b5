use super::*;

fn blocks(markdown: &str) -> Result<(Vec<Block>, Vec<Quote>), Vec<String>> {
    parse_page(
        Path::new("."),
        Path::new("01-a.md"),
        &Section(vec![1]),
        markdown,
    )
}

#[test]
fn sections_sort_in_the_books_order() {
    let mut sections: Vec<Section> = [
        "11-running.md",
        "07-rat.md",
        "07-4-rooms.md",
        "introduction.md",
        "10-1-board.md",
    ]
    .iter()
    .map(|p| Section::of_page(p))
    .collect();
    sections.sort();
    let shown: Vec<String> = sections.iter().map(Section::to_string).collect();
    assert_eq!(shown, ["the start", "§7", "§7.4", "§10.1", "§11"]);
}

#[test]
fn a_console_block_gives_its_commands_their_output_and_environment() {
    let (found, _) = blocks("Text\n\n```console\n$ NO_COLOR=1 cargo run -q -- 'a b' # why\nline 1\n…\n$ cargo test\n```\n").unwrap();
    let Body::Console(commands) = &found[0].body else {
        panic!("{found:?}")
    };
    assert_eq!(commands[0].env, [("NO_COLOR".to_owned(), "1".to_owned())]);
    assert_eq!(commands[0].words, ["cargo", "run", "-q", "--", "a b"]);
    assert_eq!(commands[0].text, "NO_COLOR=1 cargo run -q -- 'a b'");
    assert_eq!(
        (commands[0].shown.clone(), commands[0].goes_on),
        (vec!["line 1".to_owned()], true)
    );
    assert!(commands[1].is_cargo_test() && commands[1].shown.is_empty());
    assert_eq!(found[0].expect, Expect::default());
}

#[test]
fn a_marker_in_a_blockquote_says_what_is_expected_of_the_next_block() {
    let (found, _) = blocks(
        "> Check.\n>\n> <!-- walk: after §7.6; in .; fails until §8; says \"x\" -->\n> ```console\n> $ cargo test rat\n> ```\n",
    )
    .unwrap();
    let expect = &found[0].expect;
    assert_eq!(expect.when, Some(Section(vec![7, 6])));
    assert_eq!(expect.dir.as_deref(), Some("."));
    assert!(expect.fails);
    assert_eq!(expect.passes_after, Some(Section(vec![8])));
    assert_eq!(expect.says, ["x"]);
    assert_eq!(found[0].runs_at(), Section(vec![7, 6]));
}

#[test]
fn a_shell_pipeline_is_refused_naming_the_line() {
    let errors = blocks("```console\n$ cargo run | head\n```\n").unwrap_err();
    assert!(errors[0].starts_with("01-a.md:2: `|`"), "{errors:?}");
}

#[test]
fn a_says_text_keeps_its_semicolons_and_spaces_and_a_wrapped_marker_reads_as_one_line() {
    let (found, _) = blocks(
        "> <!-- walk: says \"3 submissions; see  x\";\n>   says \"Score: 0/2\" -->\n> ```console\n> $ ls\n> ```\n",
    )
    .unwrap();
    assert_eq!(
        found[0].expect.says,
        ["3 submissions; see  x", "Score: 0/2"]
    );
}

#[test]
fn a_shell_block_runs_each_line_through_sh_and_a_skipped_block_may_use_the_shell() {
    let (found, _) = blocks(
        "<!-- walk: shell -->\n```console\n$ echo \"$(echo hi)\" | tr h H\n```\n\n<!-- walk: skip: needs Slurm -->\n```console\n$ jid=$(sbatch --parsable job.sbatch)\n```\n",
    )
    .unwrap();
    let Body::Console(commands) = &found[0].body else {
        panic!("{found:?}")
    };
    assert_eq!(
        commands[0].words,
        ["sh", "-c", "echo \"$(echo hi)\" | tr h H"]
    );
    let mut sh = Process::new(&commands[0].words[0]);
    sh.args(&commands[0].words[1..]);
    let ran = run(
        sh,
        &commands[0],
        &Expect {
            says: vec!["Hi".to_owned()],
            ..found[0].expect.clone()
        },
        Path::new("."),
        Path::new("."),
    );
    assert!(ran.problems.is_empty(), "{:?}", ran.problems);
    assert_eq!(found[1].expect.skip.as_deref(), Some("needs Slurm"));
}

#[test]
fn a_marker_shown_as_code_marks_nothing() {
    let (found, _) = blocks(
        "Write `<!-- walk: fails -->` before a block.\n\n```text\n<!-- walk: fails -->\n```\n\n```console\n$ ls\n```\n",
    )
    .unwrap();
    assert_eq!(found[0].expect, Expect::default());
}

#[test]
fn an_unknown_clause_and_a_stray_marker_are_refused() {
    let errors = blocks(
        "<!-- walk: sometimes -->\n```console\n$ ls\n```\n\n<!-- walk: fails -->\n\nJust text.\n",
    )
    .unwrap_err();
    assert!(
        errors[0].contains("unknown clause `sometimes`"),
        "{errors:?}"
    );
    assert!(errors[1].contains("stands before nothing"), "{errors:?}");
}

#[test]
fn a_quote_is_the_next_inline_code_and_dots_stand_for_any_text() {
    let (_, quotes) = blocks(
        "<!-- quote: limit, checked by walk::a_test -->\nIt stops with `too many … at once`.\n",
    )
    .unwrap();
    assert_eq!(quotes[0].name, "limit");
    assert_eq!(quotes[0].checked_by, "walk::a_test");
    assert!(quotes[0].is_in("killed: too many processes and threads at once (limit 64)"));
    assert!(!quotes[0].is_in("at once: too many"));
}

#[test]
fn the_tests_a_cargo_test_ran_are_counted_from_its_output() {
    assert_eq!(
        tests_run("running 3 tests\n…\nrunning 0 tests\nrunning 12 tests\n"),
        15
    );
}

#[test]
fn a_walks_table_is_counted_page_by_page_in_the_order_the_pages_come() {
    let rows = [
        ("tasks/set-up.md:12", "passes (1.0 s)"),
        ("tasks/adopt.md:3", "skipped: needs GitHub"),
        ("tasks/set-up.md:40", "skipped: pushes to a remote"),
        ("tasks/set-up.md:44", "WRONG (0.2 s)"),
    ];
    assert_eq!(
        counts_by_page(rows),
        [("tasks/set-up.md", 2, 1), ("tasks/adopt.md", 0, 1)]
    );
}
