//! Rust source as a sequence of normalized tokens.
//!
//! The lexer is `proc-macro2`'s own (its fallback lexer, the one it uses outside a
//! procedural macro, with `span-locations` for line numbers): a real Rust lexer that
//! knows raw strings, nested block comments, lifetimes and byte literals, so nothing
//! here is a regular expression. Comments and whitespace are gone after lexing; doc
//! comments, which the lexer turns into `#[doc = "…"]` attributes, are dropped too,
//! so rewording them changes nothing.
//!
//! Normalization is what makes renaming useless: every identifier becomes `$id` and
//! every literal `$lit`, while keywords and punctuation stay as written, so the
//! sequence keeps the code's shape (`for $id in $id . $id ( ) {`) and nothing else.

use std::str::FromStr as _;

use proc_macro2::{Delimiter, TokenStream, TokenTree};

/// One normalized token: a fixed 64-bit code of its normalized text, and the line
/// (1-based) it starts on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    /// FNV-1a of the normalized text (fixed, so every run hashes alike).
    pub code: u64,
    /// The line it starts on, from 1.
    pub line: u32,
}

/// Rust's strict and reserved keywords (2024 edition): kept as written, because they
/// are the shape of the code; every other identifier is normalized.
const KEYWORDS: &[&str] = &[
    "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern",
    "false", "fn", "for", "gen", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut",
    "pub", "ref", "return", "self", "Self", "static", "struct", "super", "trait", "true", "type",
    "unsafe", "use", "where", "while", "abstract", "become", "box", "do", "final", "macro",
    "override", "priv", "try", "typeof", "unsized", "virtual", "yield",
];

/// The tokens of one file's text, or the lexer's complaint (with its line and column)
/// when the text is not Rust tokens (an unclosed delimiter, a stray quote).
pub fn lex(text: &str) -> Result<Vec<Token>, String> {
    let lexed = TokenStream::from_str(text)
        .map(|stream| {
            let mut tokens = Vec::new();
            walk(stream, &mut tokens);
            tokens
        })
        .map_err(|error| {
            let start = error.span().start();
            format!("line {}, column {}: {error}", start.line, start.column + 1)
        });
    // With span-locations the lexer keeps every text it has read in a per-thread
    // source map, for as long as the thread lives (a class of 2,000 held 1.2 GB).
    // Nothing here outlives this call but plain line numbers, so the map is emptied.
    proc_macro2::extra::invalidate_current_thread_spans();
    lexed
}

/// FNV-1a, 64 bits: small, fixed and good enough to tell token kinds apart.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

fn push(tokens: &mut Vec<Token>, text: &str, line: usize) {
    tokens.push(Token {
        code: fnv1a(text.as_bytes()),
        line: u32::try_from(line).unwrap_or(u32::MAX),
    });
}

/// Flattens a token tree into tokens, a group as its open delimiter, its contents and
/// its close delimiter.
fn walk(stream: TokenStream, tokens: &mut Vec<Token>) {
    let trees: Vec<TokenTree> = stream.into_iter().collect();
    let mut i = 0;
    while i < trees.len() {
        if let Some(skip) = doc_attribute(&trees[i..]) {
            i += skip;
            continue;
        }
        match &trees[i] {
            TokenTree::Group(group) => {
                let (open, close) = match group.delimiter() {
                    Delimiter::Parenthesis => ("(", ")"),
                    Delimiter::Brace => ("{", "}"),
                    Delimiter::Bracket => ("[", "]"),
                    Delimiter::None => ("", ""),
                };
                if !open.is_empty() {
                    push(tokens, open, group.span_open().start().line);
                }
                walk(group.stream(), tokens);
                if !close.is_empty() {
                    push(tokens, close, group.span_close().start().line);
                }
            }
            TokenTree::Ident(ident) => {
                let text = ident.to_string();
                let normalized = if KEYWORDS.contains(&text.as_str()) {
                    text.as_str()
                } else {
                    "$id"
                };
                push(tokens, normalized, ident.span().start().line);
            }
            TokenTree::Punct(punct) => {
                let mut buffer = [0; 4];
                push(
                    tokens,
                    punct.as_char().encode_utf8(&mut buffer),
                    punct.span().start().line,
                );
            }
            TokenTree::Literal(literal) => push(tokens, "$lit", literal.span().start().line),
        }
        i += 1;
    }
}

/// How many trees a doc comment takes at the start of `trees` (`#` `[doc = …]` or
/// `#` `!` `[doc = …]`), if one is there.
fn doc_attribute(trees: &[TokenTree]) -> Option<usize> {
    let TokenTree::Punct(hash) = trees.first()? else {
        return None;
    };
    if hash.as_char() != '#' {
        return None;
    }
    let bang = matches!(trees.get(1), Some(TokenTree::Punct(p)) if p.as_char() == '!');
    let at = if bang { 2 } else { 1 };
    let TokenTree::Group(group) = trees.get(at)? else {
        return None;
    };
    let is_doc = group.delimiter() == Delimiter::Bracket
        && matches!(group.stream().into_iter().next(), Some(TokenTree::Ident(i)) if i == "doc");
    is_doc.then_some(at + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn similarity_renaming_and_comments_give_the_same_tokens() {
        let a = lex("fn add(a: i32, b: i32) -> i32 { a + b } // sum").unwrap();
        let b = lex("/// Adds.\nfn plus(x: i32,\n  y: i32) -> i32 {\n /* x */ x + y }").unwrap();
        let codes = |t: &[Token]| t.iter().map(|t| t.code).collect::<Vec<_>>();
        assert_eq!(codes(&a), codes(&b));
        assert_eq!(b.first().map(|t| t.line), Some(2));
    }

    #[test]
    fn similarity_keywords_stay_apart_from_identifiers() {
        let a = lex("while x { }").unwrap();
        let b = lex("loop x { }").unwrap();
        assert_ne!(a[0].code, b[0].code);
        assert_eq!(a[1].code, b[1].code);
    }

    #[test]
    fn similarity_unbalanced_source_is_a_lex_error_with_its_place() {
        let error = lex("fn main() {\n  let x = (1;\n").unwrap_err();
        assert!(error.starts_with("line "), "{error}");
    }
}
