//! The commands a book tells its reader to run, read from its Markdown, and what the
//! book says they do: the little language that the student's walk (`walk.rs`) runs
//! the handout with, and the instructor's walk (`guide.rs`) the instructor's guide.
//! It is documented for authors in `handout/README.md` and in the guide's
//! `maintaining/tests.md`.
//!
//! **Commands** are the `$ ` lines of a fenced ```` ```console ```` block, nothing else:
//! a command in a sentence is read by people only. The lines after a command, up to
//! the next `$ ` line, are the output the book shows for it; `{{#include FILE}}` and
//! `{{#include FILE:FIRST:LAST}}` lines there are read as mdBook reads them (relative
//! to the page), and a last line `…` means that the output goes on (the lines above
//! are its beginning). A command is words separated by spaces, `'…'` and `"…"` quote,
//! a leading `NAME=value` sets an environment variable and ` #` starts a comment.
//! Pipes, redirections, `&&`, `;` and `$(…)` are refused: commands are run as programs,
//! not through a shell, so that they run alike on every system.
//!
//! **What is expected of a block** is said by an HTML comment right before it (only
//! blanks or a blockquote's `>` between them), invisible in the book and on GitHub:
//! `<!-- walk: CLAUSE; CLAUSE -->`. Without one, a block's commands run where the page
//! stands in the book (once its section's code is written), in the book's default
//! directory, and each must exit with 0 and print (on stdout) exactly the output
//! shown under it, if any. The clauses:
//!
//! | clause | meaning |
//! | --- | --- |
//! | `at the start` | run before any section's code is written |
//! | `after §N` | run once §N's code is written (instead of the page's own section) |
//! | `in DIR` | run in DIR, relative to the repository's root (`.` is the root itself) |
//! | `fails` | every command exits with a code other than 0; the output shown is its stderr |
//! | `fails until §N` | fails where it runs, and passes when run again once §N is written |
//! | `prints FILE` | its output (stdout; stderr when it fails) is FILE, byte for byte |
//! | `says "TEXT"` | its stdout or stderr contains TEXT; an `{{#include FILE:ANCHOR}}` in TEXT is read as mdBook reads it (a figure of `guide/src/figures/kit.txt`) |
//! | `writes PATH as FILE` | afterwards PATH (relative to where it ran) holds FILE's bytes |
//! | `skip: REASON` | not run (a game that needs a terminal, a release build, GitHub's web pages…); the reason is reported |
//! | `shell` | each command runs through `sh -c`, for a step that needs the shell (`$(…)`, a pipe) |
//! | `compiles` | on a ```` ```rust ```` block: the code compiles on its own, as a library |
//!
//! FILE is relative to the page, as in an include. A `cargo test` command must also
//! run at least one test: a filter that selects nothing passes, and proves nothing.
//! Clauses are separated by `;` outside double quotes, so a `says` text may hold one;
//! a marker may be wrapped over lines (each line break, with the blanks and a
//! blockquote's `>` around it, reads as one space), and spaces within a line are kept.
//! A skipped block's commands are only shown, so they may use the shell freely; a
//! `shell` block trades running alike everywhere for the shell's syntax, so it is for
//! a book whose reader has a POSIX shell (the instructor's guide, not the handout).
//!
//! **Quoted messages** that only a test can produce (a limit, a crash) are marked
//! `<!-- quote: NAME, checked by MODULE::TEST -->`: the quote is the first inline code
//! span after the marker, `…` in it stands for any text, and the named test of the
//! grader's suite reads it with [`Book::quote`] and asserts it.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::process::{Command as Process, Output, Stdio};

use pulldown_cmark::{CodeBlockKind, Event, Parser, Tag, TagEnd};
use regex::Regex;

/// A place in the book's order: `§7.4` is `[7, 4]`; the start, before any section, is
/// empty. Sections sort as the book reads: §7 < §7.1 < §7.6 < §8.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Section(pub Vec<u32>);

impl Section {
    /// Before any section's code is written.
    pub const START: Section = Section(Vec::new());

    /// The section a page file stands for, from its name: `07-4-rooms.md` is §7.4,
    /// `11-running.md` §11; a page without a number (`introduction.md`) is the start.
    pub fn of_page(file_name: &str) -> Section {
        Section(
            file_name
                .split('-')
                .map_while(|part| part.parse::<u32>().ok())
                .collect(),
        )
    }

    /// `§7.4` (or `7.4`) as a section.
    pub fn parse(text: &str) -> Result<Section, String> {
        let digits = text.trim().trim_start_matches('§');
        digits
            .split('.')
            .map(|part| part.parse::<u32>())
            .collect::<Result<Vec<_>, _>>()
            .map(Section)
            .map_err(|_| format!("`{text}` is not a section such as §7.4"))
    }
}

impl fmt::Display for Section {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("the start");
        }
        let numbers: Vec<String> = self.0.iter().map(u32::to_string).collect();
        write!(f, "§{}", numbers.join("."))
    }
}

/// What the book says a block's commands do.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Expect {
    /// When it runs; `None` is where its page stands.
    pub when: Option<Section>,
    /// Where it runs, relative to the root; `None` is the book's default.
    pub dir: Option<String>,
    /// Whether its commands must fail.
    pub fails: bool,
    /// The section after which it must pass when run again.
    pub passes_after: Option<Section>,
    /// The file its output must be, relative to the page.
    pub prints: Option<PathBuf>,
    /// Texts its output must contain.
    pub says: Vec<String>,
    /// A file it must write (relative to where it runs) and what that file must hold
    /// (relative to the page).
    pub writes: Option<(String, PathBuf)>,
    /// Why it is not run.
    pub skip: Option<String>,
    /// That a Rust block compiles on its own.
    pub compiles: bool,
    /// That its commands run through `sh -c`.
    pub shell: bool,
}

impl Expect {
    /// The clauses of a `walk:` marker.
    pub fn parse(clauses: &str) -> Result<Expect, String> {
        let mut expect = Expect::default();
        for clause in split_clauses(clauses)
            .into_iter()
            .map(str::trim)
            .filter(|c| !c.is_empty())
        {
            if let Some(reason) = clause.strip_prefix("skip:") {
                expect.skip = Some(reason.trim().to_owned());
            } else if clause == "at the start" {
                expect.when = Some(Section::START);
            } else if let Some(section) = clause.strip_prefix("after ") {
                expect.when = Some(Section::parse(section)?);
            } else if let Some(dir) = clause.strip_prefix("in ") {
                expect.dir = Some(dir.trim().to_owned());
            } else if clause == "fails" {
                expect.fails = true;
            } else if let Some(section) = clause.strip_prefix("fails until ") {
                expect.fails = true;
                expect.passes_after = Some(Section::parse(section)?);
            } else if let Some(file) = clause.strip_prefix("prints ") {
                expect.prints = Some(PathBuf::from(file.trim()));
            } else if let Some(text) = clause.strip_prefix("says ") {
                let text = text.trim();
                let quoted = text
                    .strip_prefix('"')
                    .and_then(|t| t.strip_suffix('"'))
                    .ok_or_else(|| format!("`says` wants a text in double quotes: {clause}"))?;
                expect.says.push(quoted.to_owned());
            } else if let Some(rest) = clause.strip_prefix("writes ") {
                let (path, file) = rest
                    .split_once(" as ")
                    .ok_or_else(|| format!("`writes` reads `writes PATH as FILE`: {clause}"))?;
                expect.writes = Some((path.trim().to_owned(), PathBuf::from(file.trim())));
            } else if clause == "compiles" {
                expect.compiles = true;
            } else if clause == "shell" {
                expect.shell = true;
            } else {
                return Err(format!(
                    "unknown clause `{clause}`: the clauses are `at the start`, `after §N`, \
                     `in DIR`, `fails`, `fails until §N`, `prints FILE`, `says \"TEXT\"`, \
                     `writes PATH as FILE`, `skip: REASON`, `shell` and `compiles`"
                ));
            }
        }
        Ok(expect)
    }
}

/// The clauses of a marker: its text cut at each `;` that is not inside double quotes.
fn split_clauses(clauses: &str) -> Vec<&str> {
    let mut found = Vec::new();
    let mut start = 0;
    let mut quoted = false;
    for (at, c) in clauses.char_indices() {
        match c {
            '"' => quoted = !quoted,
            ';' if !quoted => {
                found.push(&clauses[start..at]);
                start = at + 1;
            }
            _ => {}
        }
    }
    found.push(&clauses[start..]);
    found
}

/// One command of a console block.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command {
    /// The command as the book shows it (after `$ `, without its comment).
    pub text: String,
    /// Its line in the page.
    pub line: usize,
    /// `NAME=value` words before the program.
    pub env: Vec<(String, String)>,
    /// The program and its arguments.
    pub words: Vec<String>,
    /// The output the book shows for it, include lines read; empty when none is shown.
    pub shown: Vec<String>,
    /// Whether the shown output ends in `…` (the output goes on).
    pub goes_on: bool,
}

impl Command {
    /// Whether the command is `cargo test …`.
    pub fn is_cargo_test(&self) -> bool {
        self.words.first().is_some_and(|w| w == "cargo")
            && self.words.get(1).is_some_and(|w| w == "test")
    }
}

/// What a block holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Body {
    /// The commands of a console block.
    Console(Vec<Command>),
    /// The code of a Rust block that is to compile.
    Rust(String),
}

/// A block the book marks for running.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    /// The page, relative to the book's `src/`.
    pub page: PathBuf,
    /// The line of its opening fence.
    pub line: usize,
    /// The section its page stands for.
    pub section: Section,
    /// Its commands or code.
    pub body: Body,
    /// What the book says of it.
    pub expect: Expect,
}

impl Block {
    /// Where it is: `06-solving.md:212`.
    pub fn place(&self) -> String {
        format!("{}:{}", self.page.display(), self.line)
    }

    /// When it runs.
    pub fn runs_at(&self) -> Section {
        self.expect
            .when
            .clone()
            .unwrap_or_else(|| self.section.clone())
    }
}

/// A message the book quotes, to be asserted by a test.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Quote {
    /// Its name in the marker.
    pub name: String,
    /// The test that asserts it: `MODULE::TEST`.
    pub checked_by: String,
    /// The quoted text.
    pub text: String,
    /// The page and line of the marker.
    pub place: String,
}

impl Quote {
    /// Whether `output` holds the quote, `…` standing for any text.
    pub fn is_in(&self, output: &str) -> bool {
        let mut rest = output;
        for piece in self
            .text
            .split('…')
            .map(str::trim)
            .filter(|p| !p.is_empty())
        {
            match rest.find(piece) {
                Some(at) => rest = &rest[at + piece.len()..],
                None => return false,
            }
        }
        true
    }
}

/// A book's pages, read in the order of its `SUMMARY.md`.
#[derive(Debug, Clone)]
pub struct Book {
    /// The book's `src/`.
    pub src: PathBuf,
    /// Every marked or console block, page by page.
    pub blocks: Vec<Block>,
    /// Every marked quote.
    pub quotes: Vec<Quote>,
    /// The sections of the pages, in the book's order.
    pub sections: Vec<Section>,
}

impl Book {
    /// Reads the book whose sources are in `src` (a folder with a `SUMMARY.md`).
    /// Every mistake in a marker, a command or an include is an error naming its page
    /// and line, so that a book that does not parse fails in the default tier.
    pub fn load(src: &Path) -> Result<Book, String> {
        let summary = std::fs::read_to_string(src.join("SUMMARY.md"))
            .map_err(|e| format!("reading {}/SUMMARY.md: {e}", src.display()))?;
        let link = Regex::new(r"\]\(([^)]+\.md)\)").expect("a valid regex");
        let mut book = Book {
            src: src.to_path_buf(),
            blocks: Vec::new(),
            quotes: Vec::new(),
            sections: Vec::new(),
        };
        let mut errors = Vec::new();
        for page in link.captures_iter(&summary).map(|c| c[1].to_owned()) {
            let text = std::fs::read_to_string(src.join(&page))
                .map_err(|e| format!("reading {page}: {e}"))?;
            let section = Section::of_page(&page);
            if !book.sections.contains(&section) {
                book.sections.push(section.clone());
            }
            match parse_page(src, Path::new(&page), &section, &text) {
                Ok((blocks, quotes)) => {
                    book.blocks.extend(blocks);
                    book.quotes.extend(quotes);
                }
                Err(mut found) => errors.append(&mut found),
            }
        }
        for block in &book.blocks {
            for section in [
                block.expect.when.as_ref(),
                block.expect.passes_after.as_ref(),
            ]
            .into_iter()
            .flatten()
            {
                if *section != Section::START && !book.sections.contains(section) {
                    errors.push(format!("{}: no page is {section}", block.place()));
                }
            }
        }
        if errors.is_empty() {
            Ok(book)
        } else {
            Err(errors.join("\n"))
        }
    }

    /// The quote named `name`.
    pub fn quote(&self, name: &str) -> &Quote {
        self.quotes
            .iter()
            .find(|quote| quote.name == name)
            .unwrap_or_else(|| panic!("the book marks no quote named {name}"))
    }
}

/// The line of byte `offset` in `text`, from 1.
fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

/// The blocks and quotes of one page.
fn parse_page(
    src: &Path,
    page: &Path,
    section: &Section,
    text: &str,
) -> Result<(Vec<Block>, Vec<Quote>), Vec<String>> {
    let marker = Regex::new(r"(?s)<!--\s*(walk|quote):(.*?)-->").expect("a valid regex");
    let line_break = Regex::new(r"[ \t]*\r?\n[ \t>]*").expect("a valid regex");
    let mut markers: Vec<(usize, usize, String, String)> = marker
        .captures_iter(text)
        .map(|c| {
            let whole = c.get(0).expect("a match");
            // A marker may be wrapped over lines like any sentence; the spaces within a
            // line are kept, since a quoted output may line up its columns with them.
            let unwrapped = line_break.replace_all(c[2].trim(), " ");
            (
                whole.start(),
                whole.end(),
                c[1].to_owned(),
                unwrapped.into_owned(),
            )
        })
        .collect();
    // A marker shown as code (a page that documents the markers) marks nothing.
    let code: Vec<std::ops::Range<usize>> = Parser::new(text)
        .into_offset_iter()
        .filter(|(event, _)| matches!(event, Event::Code(_) | Event::Start(Tag::CodeBlock(_))))
        .map(|(_, range)| range)
        .collect();
    markers.retain(|m| !code.iter().any(|range| range.contains(&m.0)));
    markers.reverse();
    let mut errors = Vec::new();
    let mut blocks = Vec::new();
    let mut quotes = Vec::new();
    let place = |offset: usize| format!("{}:{}", page.display(), line_of(text, offset));
    // The marker waiting for the block or code span it stands before.
    let mut pending: Option<(usize, usize, String, String)> = None;
    let mut code_block: Option<(usize, String, String)> = None;

    for (event, range) in Parser::new(text).into_offset_iter() {
        while markers.last().is_some_and(|m| m.0 < range.start) {
            let next = markers.pop().expect("a marker");
            if let Some((start, _, kind, _)) = pending.take() {
                errors.push(format!(
                    "{}: this {kind} marker stands before nothing it can mark",
                    place(start)
                ));
            }
            pending = Some(next);
        }
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) => {
                code_block = Some((range.start, info.to_string(), String::new()));
            }
            Event::Text(body) if code_block.is_some() => {
                if let Some((_, _, text)) = code_block.as_mut() {
                    text.push_str(&body);
                }
            }
            Event::End(TagEnd::CodeBlock) => {
                let Some((start, info, body)) = code_block.take() else {
                    continue;
                };
                let language = info.split(',').next().unwrap_or_default().trim().to_owned();
                let walk = match pending.take() {
                    Some((m_start, m_end, kind, clauses)) if kind == "walk" => {
                        let between = &text[m_end..start];
                        if between.chars().any(|c| !c.is_whitespace() && c != '>') {
                            errors.push(format!(
                                "{}: a walk marker must stand right before its block",
                                place(m_start)
                            ));
                        }
                        Some((m_start, clauses))
                    }
                    Some((m_start, _, kind, _)) => {
                        errors.push(format!(
                            "{}: a {kind} marker stands before a code block",
                            place(m_start)
                        ));
                        None
                    }
                    None => None,
                };
                let line = line_of(text, start);
                let page_dir = src.join(page).with_file_name("");
                let expect = match walk
                    .as_ref()
                    .map(|(_, c)| with_includes(&page_dir, c).and_then(|c| Expect::parse(&c)))
                {
                    Some(Ok(expect)) => expect,
                    Some(Err(error)) => {
                        errors.push(format!("{}: {error}", place(start)));
                        continue;
                    }
                    None => Expect::default(),
                };
                let body = match language.as_str() {
                    "console" => match console(src, page, line, &body, &expect) {
                        Ok(commands) => Body::Console(commands),
                        Err(error) => {
                            errors.push(error);
                            continue;
                        }
                    },
                    "rust" if expect.compiles => Body::Rust(body),
                    _ if walk.is_some() => {
                        errors.push(format!(
                            "{}: a walk marker stands before a ```{language} block: only console \
                             blocks run, and rust blocks marked `compiles`",
                            place(start)
                        ));
                        continue;
                    }
                    _ => continue,
                };
                blocks.push(Block {
                    page: page.to_path_buf(),
                    line,
                    section: section.clone(),
                    body,
                    expect,
                });
            }
            Event::Code(span) => {
                if let Some((m_start, _, kind, words)) = pending.take() {
                    if kind != "quote" {
                        errors.push(format!(
                            "{}: a walk marker stands before inline code, not a block",
                            place(m_start)
                        ));
                        continue;
                    }
                    match words.split_once(", checked by ") {
                        Some((name, test)) if test.trim().contains("::") => quotes.push(Quote {
                            name: name.trim().to_owned(),
                            checked_by: test.trim().to_owned(),
                            text: span.to_string(),
                            place: place(m_start),
                        }),
                        _ => errors.push(format!(
                            "{}: a quote marker reads `quote: NAME, checked by MODULE::TEST`",
                            place(m_start)
                        )),
                    }
                }
            }
            _ => {}
        }
    }
    if let Some((start, _, kind, _)) = pending.or_else(|| markers.pop()) {
        errors.push(format!(
            "{}: this {kind} marker stands before nothing it can mark",
            place(start)
        ));
    }
    if errors.is_empty() {
        Ok((blocks, quotes))
    } else {
        Err(errors)
    }
}

/// The commands of a console block that starts at `line`, marked with `expect`.
fn console(
    src: &Path,
    page: &Path,
    line: usize,
    body: &str,
    expect: &Expect,
) -> Result<Vec<Command>, String> {
    let mut commands: Vec<Command> = Vec::new();
    for (index, raw) in body.lines().enumerate() {
        let at = line + 1 + index;
        if let Some(command) = raw.strip_prefix("$ ") {
            let (env, words, text) = if expect.shell || expect.skip.is_some() {
                // The shell reads it (or nobody does): its words are `sh -c` and the line.
                let text = command.trim_end().to_owned();
                let words = vec!["sh".to_owned(), "-c".to_owned(), text.clone()];
                (Vec::new(), words, text)
            } else {
                split_command(command).map_err(|e| format!("{}:{at}: {e}", page.display()))?
            };
            commands.push(Command {
                text,
                line: at,
                env,
                words,
                shown: Vec::new(),
                goes_on: false,
            });
            continue;
        }
        let Some(command) = commands.last_mut() else {
            return Err(format!(
                "{}:{at}: a console block starts with a `$ ` command",
                page.display()
            ));
        };
        if command.goes_on {
            return Err(format!("{}:{at}: nothing may follow `…`", page.display()));
        }
        if raw == "…" {
            command.goes_on = true;
        } else if let Some(target) = raw
            .trim()
            .strip_prefix("{{#include ")
            .and_then(|r| r.strip_suffix("}}"))
        {
            command.shown.extend(
                include(&src.join(page).with_file_name(""), target.trim())
                    .map_err(|e| format!("{}:{at}: {e}", page.display()))?,
            );
        } else {
            command.shown.push(raw.to_owned());
        }
    }
    Ok(commands)
}

/// `text` (a marker's clauses, on a page of `dir`) with each `{{#include TARGET}}` in it
/// replaced by what it stands for, as mdBook does (it expands includes in comments
/// too): a `says` text may quote a figure the kit writes (`guide/src/figures/kit.txt`).
fn with_includes(dir: &Path, text: &str) -> Result<String, String> {
    let link = Regex::new(r"\{\{#include ([^}]*)\}\}").expect("a valid regex");
    let mut out = String::new();
    let mut last = 0;
    for found in link.captures_iter(text) {
        let whole = found.get(0).expect("a match");
        out.push_str(&text[last..whole.start()]);
        out.push_str(&include(dir, found[1].trim())?.join("\n"));
        last = whole.end();
    }
    out.push_str(&text[last..]);
    Ok(out)
}

/// The lines that `{{#include TARGET}}` stands for in a page of `dir`, as mdBook reads
/// it: a whole file, `FILE:FIRST:LAST` (lines from 1, either end may be left out),
/// `FILE:LINE` or `FILE:ANCHOR`.
pub fn include(dir: &Path, target: &str) -> Result<Vec<String>, String> {
    let mut parts = target.splitn(3, ':');
    let file = parts.next().unwrap_or_default();
    let text = std::fs::read_to_string(dir.join(file))
        .map_err(|e| format!("{{{{#include {target}}}}}: {file}: {e}"))?;
    let lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let bound = |part: Option<&str>| -> Result<Option<usize>, String> {
        match part.filter(|p| !p.is_empty()) {
            None => Ok(None),
            Some(p) => p
                .parse()
                .map(Some)
                .map_err(|_| format!("{{{{#include {target}}}}}: `{p}` is not a line number")),
        }
    };
    match (parts.next(), parts.next()) {
        (None, _) => Ok(lines),
        (Some(first), last) if first.is_empty() || first.parse::<usize>().is_ok() => {
            let from = bound(Some(first))?.unwrap_or(1).max(1);
            let to = match last {
                None => from,
                Some(_) => bound(last)?.unwrap_or(lines.len()),
            };
            Ok(lines
                .into_iter()
                .skip(from - 1)
                .take(to + 1 - from)
                .collect())
        }
        (Some(anchor), _) => {
            let begin = lines
                .iter()
                .position(|l| l.trim_end().ends_with(&format!("ANCHOR: {anchor}")));
            let end = lines
                .iter()
                .position(|l| l.trim_end().ends_with(&format!("ANCHOR_END: {anchor}")));
            match (begin, end) {
                (Some(begin), Some(end)) if begin < end => Ok(lines[begin + 1..end]
                    .iter()
                    .filter(|l| !l.contains("ANCHOR"))
                    .cloned()
                    .collect()),
                _ => Err(format!(
                    "{{{{#include {target}}}}}: no anchor {anchor} in {file}"
                )),
            }
        }
    }
}

/// The environment, the words and the shown text of a command line.
#[allow(clippy::type_complexity)]
fn split_command(line: &str) -> Result<(Vec<(String, String)>, Vec<String>, String), String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    let mut text_end = line.len();
    for (at, c) in line.char_indices() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => word.push(c),
            None if c == '\'' || c == '"' => {
                quote = Some(c);
                in_word = true;
            }
            None if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            None if c == '#' && !in_word => {
                text_end = at;
                break;
            }
            None if "|<>;&`".contains(c) || (c == '$' && line[at..].starts_with("$(")) => {
                return Err(format!(
                    "`{c}` in `{line}`: commands run as programs, without a shell (for pipes, \
                     redirections, `&&` or `$(…)`, mark the block `shell` to run it through \
                     `sh -c`, or `skip: REASON`)"
                ));
            }
            None => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if quote.is_some() {
        return Err(format!("an unclosed quote in `{line}`"));
    }
    if in_word {
        words.push(word);
    }
    let assignment = Regex::new(r"^[A-Za-z_][A-Za-z0-9_]*=").expect("a valid regex");
    let env_words = words.iter().take_while(|w| assignment.is_match(w)).count();
    let env = words
        .drain(..env_words)
        .map(|w| {
            let (name, value) = w.split_once('=').expect("an assignment");
            (name.to_owned(), value.to_owned())
        })
        .collect();
    if words.is_empty() {
        return Err(format!("no program in `{line}`"));
    }
    Ok((env, words, line[..text_end].trim_end().to_owned()))
}

/// The process that runs `command` in a book's walk, and whether it is the grader:
/// the kit's built `grader` standing in for `cargo run … -p maze-grader -- ARGS`
/// (building the grader again would cost minutes and check nothing more), any other
/// program as it is. The variables of the test's own build and run are taken out of
/// its environment, so that the command sees what a reader's shell would give it; the
/// caller adds what its walk needs (a work dir, a target directory).
pub fn process(command: &Command) -> (Process, bool) {
    let words = &command.words;
    let grading = words[0] == "cargo" && words.iter().any(|w| w == "maze-grader");
    let mut process = if grading {
        let mut process = Process::new(env!("CARGO_BIN_EXE_grader"));
        process.args(words.iter().skip_while(|w| *w != "--").skip(1));
        process
    } else {
        let program = if words[0] == "cargo" {
            std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into())
        } else {
            words[0].clone().into()
        };
        let mut process = Process::new(program);
        process.args(&words[1..]);
        process
    };
    for name in [
        "RUSTFLAGS",
        "CARGO_ENCODED_RUSTFLAGS",
        "CARGO_BUILD_TARGET_DIR",
        "CARGO_MAKEFLAGS",
        "MAKEFLAGS",
        "MAZE_GRADER_WORK_DIR",
        "NO_COLOR",
        "RUST_BACKTRACE",
        "RUST_TEST_THREADS",
    ] {
        process.env_remove(name);
    }
    (process, grading)
}

/// What running a command gave, and what was wrong with it.
#[derive(Debug)]
pub struct Ran {
    /// The process's output.
    pub output: Output,
    /// How it differs from what the book says; empty when it does what the book says.
    pub problems: Vec<String>,
}

impl Ran {
    /// How it went, in a walk's table: `WRONG` where it differs from the book, else
    /// what the book said it does (it `fails`, or passes).
    pub fn verdict(&self, fails: bool) -> &'static str {
        match (self.problems.is_empty(), fails) {
            (false, _) => "WRONG",
            (true, true) => "fails, as it says",
            (true, false) => "passes",
        }
    }
}

/// A walk's table counted page by page: for each page (the part of a row's place
/// before `:`), in the order the pages first come, how many of its commands ran and
/// how many were skipped (an outcome that starts with `skipped`). `rows` are each
/// row's place and outcome.
pub fn counts_by_page<'a>(
    rows: impl IntoIterator<Item = (&'a str, &'a str)>,
) -> Vec<(&'a str, usize, usize)> {
    let mut pages: Vec<(&str, usize, usize)> = Vec::new();
    for (place, outcome) in rows {
        let page = place.split(':').next().unwrap_or_default();
        let at = match pages.iter().position(|(p, ..)| *p == page) {
            Some(at) => at,
            None => {
                pages.push((page, 0, 0));
                pages.len() - 1
            }
        };
        if outcome.starts_with("skipped") {
            pages[at].2 += 1;
        } else {
            pages[at].1 += 1;
        }
    }
    pages
}

/// Runs `command` in `dir` as `process` (the caller's `Process` for it: the program,
/// its environment, perhaps another program standing in for it) and compares what it
/// does with `expect` for the block at `page_dir`.
pub fn run(
    mut process: Process,
    command: &Command,
    expect: &Expect,
    dir: &Path,
    page_dir: &Path,
) -> Ran {
    let output = process
        .current_dir(dir)
        .envs(command.env.iter().map(|(k, v)| (k, v)))
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("running `{}`: {e}", command.text));
    let problems = compare(command, expect, dir, page_dir, &output, expect.fails);
    Ran { output, problems }
}

/// How `output` differs from what `expect` says of `command` (expected to fail when
/// `fails`).
pub fn compare(
    command: &Command,
    expect: &Expect,
    dir: &Path,
    page_dir: &Path,
    output: &Output,
    fails: bool,
) -> Vec<String> {
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let mut problems = Vec::new();
    let code = output.status.code();
    if fails == (code == Some(0)) {
        problems.push(format!(
            "exited with {code:?} where the book says it {}; stderr: {}",
            if fails { "fails" } else { "passes" },
            tail(&stderr, 15)
        ));
    }
    let (stream, shown_in) = if fails {
        (&output.stderr, "stderr")
    } else {
        (&output.stdout, "stdout")
    };
    if !command.shown.is_empty() {
        let actual = String::from_utf8_lossy(stream);
        let lines: Vec<&str> = actual.lines().collect();
        let same = if command.goes_on {
            lines.len() >= command.shown.len() && lines[..command.shown.len()] == command.shown[..]
        } else {
            actual.ends_with('\n') && lines == command.shown
        };
        if !same {
            problems.push(format!(
                "its {shown_in} is not what the book shows:\n{}",
                diff(&command.shown.join("\n"), &actual)
            ));
        }
    }
    if let Some(file) = &expect.prints {
        match std::fs::read(page_dir.join(file)) {
            Ok(wanted) if wanted == *stream => {}
            Ok(wanted) => problems.push(format!(
                "its {shown_in} is not {}:\n{}",
                file.display(),
                diff(
                    &String::from_utf8_lossy(&wanted),
                    &String::from_utf8_lossy(stream)
                )
            )),
            Err(e) => problems.push(format!("reading {}: {e}", file.display())),
        }
    }
    for text in &expect.says {
        if !stdout.contains(text.as_str()) && !stderr.contains(text.as_str()) {
            problems.push(format!(
                "it does not say {text:?}; stderr: {}",
                tail(&stderr, 5)
            ));
        }
    }
    if let Some((path, file)) = &expect.writes {
        match (
            std::fs::read(dir.join(path)),
            std::fs::read(page_dir.join(file)),
        ) {
            (Ok(written), Ok(wanted)) if written == wanted => {}
            (Ok(written), Ok(wanted)) => problems.push(format!(
                "{path} is not {}:\n{}",
                file.display(),
                diff(
                    &String::from_utf8_lossy(&wanted),
                    &String::from_utf8_lossy(&written)
                )
            )),
            (written, wanted) => problems.push(format!(
                "{path}: {:?}; {}: {:?}",
                written.err(),
                file.display(),
                wanted.err()
            )),
        }
    }
    if command.is_cargo_test() && !fails && tests_run(&stdout) == 0 {
        problems.push("it runs no test: its filter selects nothing".to_owned());
    }
    problems
}

/// How many tests a `cargo test` ran, from libtest's `running N tests` lines.
pub fn tests_run(stdout: &str) -> usize {
    stdout
        .lines()
        .filter_map(|line| {
            line.strip_prefix("running ")?
                .split_whitespace()
                .next()?
                .parse::<usize>()
                .ok()
        })
        .sum()
}

/// Compiles a Rust block on its own as a library with `rustc` (edition 2024, warnings
/// denied), in `scratch`; the compiler's errors when it does not.
pub fn compiles(code: &str, scratch: &Path) -> Result<(), String> {
    std::fs::create_dir_all(scratch).map_err(|e| e.to_string())?;
    let file = scratch.join("block.rs");
    std::fs::write(&file, code).map_err(|e| e.to_string())?;
    let output = Process::new(std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into()))
        .args([
            "--edition",
            "2024",
            "--crate-type",
            "lib",
            "--emit",
            "metadata",
            "-D",
            "warnings",
            "--out-dir",
        ])
        .arg(scratch)
        .arg(&file)
        .output()
        .map_err(|e| format!("running rustc: {e}"))?;
    if output.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&output.stderr).into_owned())
    }
}

/// The last `count` lines of `text`.
fn tail(text: &str, count: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(count)..].join("\n")
}

/// A line diff of what the book shows and what came, `-` for the book's lines.
fn diff(wanted: &str, got: &str) -> String {
    similar::TextDiff::from_lines(wanted, got)
        .unified_diff()
        .header("the book", "the command")
        .to_string()
}

/// The blocks of `book` by the section after which they run (a block that must pass
/// later is listed again there, expecting to pass).
pub fn schedule(book: &Book) -> BTreeMap<Section, Vec<(Block, bool)>> {
    let mut plan: BTreeMap<Section, Vec<(Block, bool)>> = BTreeMap::new();
    for block in &book.blocks {
        plan.entry(block.runs_at())
            .or_default()
            .push((block.clone(), block.expect.fails));
        if let Some(later) = &block.expect.passes_after {
            plan.entry(later.clone())
                .or_default()
                .push((block.clone(), false));
        }
    }
    plan
}

#[cfg(test)]
mod tests {
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
        let errors = blocks("<!-- walk: sometimes -->\n```console\n$ ls\n```\n\n<!-- walk: fails -->\n\nJust text.\n").unwrap_err();
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
}
