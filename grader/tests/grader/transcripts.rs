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

use std::fmt;
use std::path::{Path, PathBuf};
use std::process::Command as Process;

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

mod running;

pub use running::{as_a_reader, compiles, counts_by_page, process, run, schedule, tests_run};

#[cfg(test)]
mod tests;
