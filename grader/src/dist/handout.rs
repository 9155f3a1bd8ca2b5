//! The handout as the template ships it: chapters that read whole without mdBook.
//!
//! In the kit each code box of the handout is an mdBook include
//! (`{{#include ../../starter/src/position.rs:position}}`), so the book always shows
//! the starter as it is. GitHub and editors show such a line as it is written, so the
//! template's chapters carry their includes expanded: the text mdBook would put there,
//! with mdBook's own rules (below), taken from the template's own files (the starter
//! the course hands out, its figures). The chapters stay a valid book: `mdbook serve
//! handout` shows the same pages. What only the kit's maintainers use (the scripts that
//! draw figures and check includes, the figures' index of commands, a figure included
//! only in part) stays out: a figure ships when a chapter names it.

use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};

use anyhow::{Context as _, bail};

/// Where the chapters are, in the template.
const SRC: &str = "handout/src";

/// mdBook's limit on includes inside included files, which also stops a cycle.
const MAX_DEPTH: usize = 10;

/// Turns the handout in `files` into the students': every chapter's includes
/// expanded, only the figures the chapters name, and a README that tells a student
/// how to read it.
pub fn for_students(files: &mut BTreeMap<PathBuf, Vec<u8>>) -> anyhow::Result<()> {
    let chapters: Vec<PathBuf> = files
        .keys()
        .filter(|path| path.parent() == Some(Path::new(SRC)))
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .cloned()
        .collect();
    let mut expanded = Vec::new();
    for chapter in &chapters {
        let text = text_of(files, chapter)?;
        let whole = expand(files, &text, Path::new(SRC), chapter, 0)?;
        expanded.push((chapter.clone(), whole));
    }
    // A figure ships where a page shows or links it. A mention in an HTML comment
    // (the walks' `<!-- walk: … prints figures/… -->`) is the kit's, not a reader's:
    // the report of the kit's own starter, with every part's checks, is not handed
    // out for it.
    let read: Vec<String> = expanded
        .iter()
        .map(|(_, text)| without_comments(text))
        .collect();
    let named = |file: &Path| {
        let name = file
            .strip_prefix(SRC)
            .map(|p| p.to_string_lossy().replace('\\', "/"))
            .unwrap_or_default();
        read.iter().any(|text| text.contains(&name))
    };
    // The starter's own tests compare with some figures (`../handout/src/figures/…`):
    // those ship too, or `cargo test` fails in the template.
    let starter: Vec<std::borrow::Cow<'_, str>> = files
        .iter()
        .filter(|(path, _)| path.starts_with("starter"))
        .map(|(_, bytes)| String::from_utf8_lossy(bytes))
        .collect();
    let starter_reads: Vec<PathBuf> = files
        .keys()
        .filter(|path| path.starts_with(Path::new(SRC).join("figures")))
        .filter(|figure| {
            let name = figure.to_string_lossy().replace('\\', "/");
            starter.iter().any(|text| text.contains(name.as_str()))
        })
        .cloned()
        .collect();
    files.retain(|path, _| {
        !path.starts_with("handout")
            || path.starts_with("handout/theme")
            || path.as_path() == Path::new("handout/book.toml")
            || (path.parent() == Some(Path::new(SRC))
                && path.extension().is_some_and(|e| e == "md"))
            || (path.starts_with(Path::new(SRC).join("figures"))
                && !path.ends_with("README.md")
                && (named(path) || starter_reads.contains(path)))
    });
    for (chapter, text) in expanded {
        files.insert(chapter, text.into_bytes());
    }
    files.insert("handout/README.md".into(), README.as_bytes().to_vec());
    Ok(())
}

/// `text` without its HTML comments (`<!-- … -->`; an unclosed one runs to the end).
fn without_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("<!--") {
        out.push_str(&rest[..start]);
        rest = rest[start..]
            .find("-->")
            .map_or("", |end| &rest[start + end + "-->".len()..]);
    }
    out.push_str(rest);
    out
}

/// The text of `path` in `files`.
fn text_of(files: &BTreeMap<PathBuf, Vec<u8>>, path: &Path) -> anyhow::Result<String> {
    let bytes = files
        .get(path)
        .with_context(|| format!("the template has no {}", path.display()))?;
    String::from_utf8(bytes.clone()).with_context(|| format!("{} is not UTF-8", path.display()))
}

/// `text` (of `source`, in the folder `base`) with its includes replaced by what they
/// include, as mdBook does: the lines of an included file are joined so that each
/// one after the first starts with whatever came before the include on its line (an
/// include indented in a list keeps the code indented), and an included file's own
/// includes are expanded from its folder.
fn expand(
    files: &BTreeMap<PathBuf, Vec<u8>>,
    text: &str,
    base: &Path,
    source: &Path,
    depth: usize,
) -> anyhow::Result<String> {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("{{") {
        let Some(length) = rest[at..].find("}}").map(|end| end + 2) else {
            break;
        };
        let link = &rest[at..at + length];
        // `\{{#include …}}` is mdBook's escape: the text shows the braces themselves.
        let escaped = if at > 0 {
            rest[..at].ends_with('\\')
        } else {
            out.ends_with('\\')
        };
        let Some((kind, argument)) = directive(link).filter(|_| !escaped) else {
            out.push_str(&rest[..at + 2]);
            rest = &rest[at + 2..];
            continue;
        };
        if kind != "include" {
            bail!(
                "{} uses {{{{#{kind}}}}}, which `grader dist` cannot expand (only {{{{#include}}}}): the template's chapters must read without mdBook",
                source.display()
            );
        }
        if depth >= MAX_DEPTH {
            bail!(
                "{} includes files {MAX_DEPTH} deep: is there a cycle?",
                source.display()
            );
        }
        out.push_str(&rest[..at]);
        let (file, selection) = argument.split_once(':').unwrap_or((argument, ""));
        let target = resolve(base, file).with_context(|| {
            format!("{} includes {file}, outside the template", source.display())
        })?;
        let whole = text_of(files, &target).with_context(|| {
            format!(
                "{} includes {file}, which the template does not have",
                source.display()
            )
        })?;
        let taken = take(&whole, selection)
            .with_context(|| format!("{} includes {file}:{selection}", source.display()))?;
        let folder = target.parent().unwrap_or(Path::new(""));
        let inner = expand(files, &taken, folder, &target, depth + 1)?;
        let prefix = out.rsplit('\n').next().unwrap_or("").to_owned();
        out.push_str(
            &inner
                .lines()
                .collect::<Vec<_>>()
                .join(&format!("\n{prefix}")),
        );
        rest = &rest[at + length..];
    }
    out.push_str(rest);
    Ok(out)
}

/// The kind and argument of a `{{#kind argument}}` link, as mdBook reads one:
/// `{{`, spaces, `#`, a name of letters, digits and `_`, spaces, then the argument.
fn directive(link: &str) -> Option<(&str, &str)> {
    let inner = link.strip_prefix("{{")?.strip_suffix("}}")?.trim_start();
    let inner = inner.strip_prefix('#')?;
    let name_end = inner
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(inner.len());
    let (kind, argument) = inner.split_at(name_end);
    if kind.is_empty() || !argument.starts_with(char::is_whitespace) {
        return None;
    }
    let argument = argument.split_whitespace().next()?;
    Some((kind, argument))
}

/// `relative` (a path in a chapter) as a path of the template, from the folder `base`.
fn resolve(base: &Path, relative: &str) -> Option<PathBuf> {
    let mut path = PathBuf::new();
    for component in base.join(relative).components() {
        match component {
            Component::Normal(part) => path.push(part),
            Component::ParentDir => {
                if !path.pop() {
                    return None;
                }
            }
            Component::CurDir => {}
            Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    Some(path)
}

/// What an include takes of `text`: after the file's name, nothing (every line),
/// `N` (line N), `N:` (line N on), `:M` (up to line M), `N:M`, or an anchor's name
/// (the lines between `ANCHOR: name` and `ANCHOR_END: name`, without the lines that
/// mark any anchor). Lines are counted from 1, as mdBook counts them. An anchor the
/// file does not have is an error here (mdBook would show nothing).
fn take(text: &str, selection: &str) -> anyhow::Result<String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut parts = selection.splitn(2, ':');
    let first = parts.next().unwrap_or("");
    let start = match first.parse::<usize>() {
        Ok(n) => Some(n.saturating_sub(1)),
        Err(_) if first.is_empty() => None,
        Err(_) => return anchored(text, first),
    };
    let end = parts.next().map(str::parse::<usize>);
    let (from, to) = match (start, end) {
        (Some(start), Some(Ok(end))) => (start, end),
        (Some(start), Some(Err(_))) => (start, lines.len()),
        (Some(start), None) => (start, start + 1),
        (None, Some(Ok(end))) => (0, end),
        (None, None | Some(Err(_))) => (0, lines.len()),
    };
    let to = to.min(lines.len());
    Ok(lines.get(from.min(to)..to).unwrap_or_default().join("\n"))
}

/// The lines of `text` between `ANCHOR: name` and `ANCHOR_END: name`, as mdBook takes
/// them: the first start marker of that name opens, the first end marker of that name
/// closes, and every line inside that marks an anchor (another's start or end, nested
/// or not) is left out.
fn anchored(text: &str, name: &str) -> anyhow::Result<String> {
    let mut kept = Vec::new();
    let mut inside = false;
    let mut closed = false;
    for line in text.lines() {
        if inside {
            if let Some(marked) = anchor_name(line, "ANCHOR_END:") {
                if marked == name {
                    closed = true;
                    break;
                }
            } else if anchor_name(line, "ANCHOR:").is_none() {
                kept.push(line);
            }
        } else if anchor_name(line, "ANCHOR:") == Some(name) {
            inside = true;
        }
    }
    if !inside {
        bail!("no `ANCHOR: {name}` in the file");
    }
    if !closed {
        bail!("no `ANCHOR_END: {name}` after `ANCHOR: {name}`");
    }
    Ok(kept.join("\n"))
}

/// The name after the first `marker` (`ANCHOR:` or `ANCHOR_END:`) in `line`, as
/// mdBook's pattern reads it: spaces, then word characters and `-`.
fn anchor_name<'a>(line: &'a str, marker: &str) -> Option<&'a str> {
    let at = line.find(marker)?;
    let after = line[at + marker.len()..].trim_start();
    let end = after
        .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-'))
        .unwrap_or(after.len());
    (end > 0).then(|| &after[..end])
}

/// The handout's README in the template: for students.
const README: &str = "# The handout

This folder is the assignment's text, one chapter per file in `src/`, in the order
of `src/SUMMARY.md`: start with `src/introduction.md`. There are three ways to read it,
all showing the same text:

- **On GitHub**: open `handout/src/introduction.md` in your repository and follow the
  links from chapter to chapter. Every code box shows the starter's code as the course
  handed it out.
- **In your editor**: the chapters are plain Markdown. A Markdown preview (VS Code:
  Ctrl+Shift+V, or Cmd+Shift+V on a Mac) shows the pictures too.
- **As a book**, with a table of contents and search: open `handout/book/index.html`
  in a browser if your repository has it; otherwise install mdBook once
  (`cargo install mdbook --locked`), then run `mdbook serve handout --open` from the
  repository's root.

The code boxes are copies of `starter/src` as it was handed out: your own files move
on as you write them, and the book stays as it was.
";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_figure_named_only_in_a_comment_is_not_read_there() {
        assert_eq!(
            without_comments("a <!-- walk: prints figures/x.txt --> b <!-- c\nd --> e"),
            "a  b  e"
        );
        assert_eq!(without_comments("a <!-- never closed"), "a ");
        assert_eq!(without_comments("no comment"), "no comment");
    }

    fn files(entries: &[(&str, &str)]) -> BTreeMap<PathBuf, Vec<u8>> {
        entries
            .iter()
            .map(|(path, text)| (PathBuf::from(path), text.as_bytes().to_vec()))
            .collect()
    }

    const CODE: &str = "// ANCHOR: all\nuse x;\n// ANCHOR: item\nfn item() {}\n// ANCHOR_END: item\nfn other() {}\n// ANCHOR_END: all\n";

    #[test]
    fn an_anchor_takes_its_lines_without_any_marker_line() {
        assert_eq!(take(CODE, "item").unwrap(), "fn item() {}");
        assert_eq!(
            take(CODE, "all").unwrap(),
            "use x;\nfn item() {}\nfn other() {}"
        );
    }

    #[test]
    fn line_ranges_count_from_one_as_mdbook_does() {
        let text = "a\nb\nc\nd\n";
        assert_eq!(take(text, "").unwrap(), "a\nb\nc\nd");
        assert_eq!(take(text, "2").unwrap(), "b");
        assert_eq!(take(text, "2:3").unwrap(), "b\nc");
        assert_eq!(take(text, "3:").unwrap(), "c\nd");
        assert_eq!(take(text, ":2").unwrap(), "a\nb");
        assert_eq!(take(text, "2:99").unwrap(), "b\nc\nd");
        assert_eq!(take(text, "9").unwrap(), "");
    }

    #[test]
    fn a_missing_anchor_is_an_error_naming_it() {
        let error = take(CODE, "nothing").unwrap_err().to_string();
        assert!(error.contains("ANCHOR: nothing"), "{error}");
    }

    #[test]
    fn includes_expand_from_the_chapters_folder_with_the_lines_prefix() {
        let files = files(&[
            ("starter/src/a.rs", CODE),
            ("handout/src/figures/run.txt", "one\ntwo\n"),
        ]);
        let chapter = "Code:\n\n```rust\n{{#include ../../starter/src/a.rs:item}}\n```\n\n- a list\n\n  ```text\n  {{#include figures/run.txt}}\n  ```\n\\{{#include kept.rs}}\n";
        let out = expand(
            &files,
            chapter,
            Path::new(SRC),
            Path::new("handout/src/x.md"),
            0,
        )
        .unwrap();
        assert_eq!(
            out,
            "Code:\n\n```rust\nfn item() {}\n```\n\n- a list\n\n  ```text\n  one\n  two\n  ```\n\\{{#include kept.rs}}\n"
        );
    }

    #[test]
    fn an_include_of_a_file_the_template_lacks_names_both() {
        let error = expand(
            &BTreeMap::new(),
            "{{#include ../../solution/src/a.rs}}",
            Path::new(SRC),
            Path::new("handout/src/x.md"),
            0,
        )
        .unwrap_err();
        let text = format!("{error:#}");
        assert!(
            text.contains("handout/src/x.md includes ../../solution/src/a.rs, which the template does not have"),
            "{text}"
        );
    }

    #[test]
    fn only_the_figures_a_chapter_names_or_the_starters_tests_read_ship() {
        let mut files = files(&[
            (
                "handout/src/a.md",
                "![x](figures/shown.svg)\n```text\n{{#include figures/part.txt:1:1}}\n```\n",
            ),
            ("handout/src/figures/shown.svg", "<svg/>"),
            ("handout/src/figures/part.txt", "first\nsecret_hidden\n"),
            ("handout/src/figures/README.md", "commands"),
            ("handout/src/figures/table.md", "| a |"),
            ("handout/figures.sh", "#!/bin/sh"),
            ("handout/book.toml", "[book]"),
            (
                "starter/tests/t.rs",
                "join(\"../handout/src/figures/table.md\")",
            ),
        ]);
        for_students(&mut files).unwrap();
        let kept: Vec<&str> = files.keys().filter_map(|p| p.to_str()).collect();
        assert_eq!(
            kept,
            [
                "handout/README.md",
                "handout/book.toml",
                "handout/src/a.md",
                "handout/src/figures/shown.svg",
                "handout/src/figures/table.md",
                "starter/tests/t.rs"
            ]
        );
        assert_eq!(
            String::from_utf8_lossy(&files[Path::new("handout/src/a.md")]),
            "![x](figures/shown.svg)\n```text\nfirst\n```\n"
        );
    }
}
