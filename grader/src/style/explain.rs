//! One sentence for a student about each lint this assignment's code is likely to
//! meet: what reads better and why, in the handout's words. A lint that is not here
//! is explained by clippy's own one-line description (see [`super::Catalog`]).

/// The sentence for `lint` (`clippy::needless_range_loop`), if there is one.
pub fn explanation(lint: &str) -> Option<&'static str> {
    let name = lint.strip_prefix("clippy::").unwrap_or(lint);
    EXPLANATIONS
        .iter()
        .find(|(known, _)| *known == name)
        .map(|(_, sentence)| *sentence)
}

/// By lint name, in alphabetical order.
const EXPLANATIONS: &[(&str, &str)] = &[
    (
        "assign_op_pattern",
        "write `a += b` rather than `a = a + b`: it says what changes",
    ),
    (
        "bool_comparison",
        "a bool is already true or false: write `if done` rather than `if done == true`",
    ),
    (
        "bool_to_int_with_if",
        "`u8::from(flag)` turns a bool into 0 or 1 without an `if`",
    ),
    (
        "cast_lossless",
        "`i64::from(x)` says the conversion cannot lose anything, which `x as i64` does not",
    ),
    (
        "clone_on_copy",
        "this type is `Copy`: use the value itself, `.clone()` only hides that",
    ),
    (
        "cloned_instead_of_copied",
        "for `Copy` items, `.copied()` says that nothing more than a copy happens",
    ),
    (
        "collapsible_else_if",
        "`else { if … }` reads better as `else if …`",
    ),
    (
        "collapsible_if",
        "two nested `if`s with nothing between them read better as one `if a && b`",
    ),
    (
        "comparison_chain",
        "comparing the same two values with `<`, `>` and `==` in turn reads better as a `match` on `a.cmp(&b)`",
    ),
    (
        "explicit_counter_loop",
        "a counter kept by hand beside a loop: `.enumerate()` gives it",
    ),
    (
        "explicit_deref_methods",
        "`&*x` (or letting Rust deref for you) reads better than calling `.deref()`",
    ),
    (
        "explicit_into_iter_loop",
        "`for x in v` already calls `into_iter()`: leave it out",
    ),
    (
        "explicit_iter_loop",
        "`for x in &v` already calls `iter()`: leave it out",
    ),
    (
        "flat_map_option",
        "`filter_map` says that items are kept or dropped, which `flat_map` over an Option hides",
    ),
    (
        "identity_op",
        "this operation changes nothing (`x + 0`, `x * 1`): leave it out",
    ),
    (
        "implicit_clone",
        "this copies the whole value; say so with `.clone()`, or borrow it instead",
    ),
    (
        "inefficient_to_string",
        "`.to_string()` on a `&&str` goes through the slow formatting path: deref it first",
    ),
    (
        "int_plus_one",
        "`x >= y + 1` is `x > y`: write the simpler comparison",
    ),
    (
        "large_types_passed_by_value",
        "this value is large: borrow it (`&T`) rather than copy all of it into every call",
    ),
    (
        "len_zero",
        "`.is_empty()` says what you mean, and works for every collection",
    ),
    (
        "let_and_return",
        "a `let` whose value is returned on the next line: return the expression itself",
    ),
    (
        "manual_assert",
        "`if cond { panic!(…) }` is `assert!(!cond, …)`, which says it is a check",
    ),
    (
        "manual_flatten",
        "an `if let Some(x)` as the whole loop body: loop over `.flatten()` instead",
    ),
    (
        "manual_let_else",
        "`let … else { return … }` keeps the happy path unindented",
    ),
    (
        "manual_map",
        "a `match` that wraps `Some` in `Some` again is `.map(…)`",
    ),
    (
        "manual_memcpy",
        "a loop that copies one slice into another element by element is `copy_from_slice`",
    ),
    (
        "manual_range_contains",
        "`(low..=high).contains(&x)` says it is a range check in one go",
    ),
    (
        "manual_string_new",
        "`String::new()` says the string is empty at a glance",
    ),
    (
        "map_clone",
        "`.cloned()` (or `.copied()`) says it in one word",
    ),
    (
        "map_unwrap_or",
        "`.map_or(default, f)` (or `.is_some_and(f)`) says it in one call",
    ),
    (
        "match_like_matches_macro",
        "a `match` that only gives true or false is `matches!(value, pattern)`",
    ),
    (
        "match_same_arms",
        "two arms of this `match` do the same: join their patterns with `|`",
    ),
    (
        "msrv",
        "this attribute has clippy read your code as older Rust, which turns lints off: the grader reads it as the toolchain's Rust, so leave it out",
    ),
    (
        "needless_bool",
        "`if cond { true } else { false }` is `cond` itself",
    ),
    (
        "needless_borrow",
        "this value is already a reference: borrowing it again adds nothing",
    ),
    (
        "needless_collect",
        "collecting into a collection only to iterate or count it once: use the iterator directly",
    ),
    (
        "needless_continue",
        "this `continue` is the last thing the loop does anyway: leave it out",
    ),
    (
        "needless_for_each",
        "a plain `for` loop reads better than `.for_each` with a closure that has statements",
    ),
    (
        "needless_late_init",
        "declare the variable where it gets its value: `let x = …;`",
    ),
    (
        "needless_pass_by_value",
        "the function only reads this argument: take a reference (`&T`, `&[T]`, `&str`) so callers keep theirs",
    ),
    (
        "needless_range_loop",
        "loop over the items themselves (`for item in &items`, or `.iter().enumerate()` for the index too): no index to get wrong",
    ),
    (
        "needless_return",
        "the last expression of a function is its value: no `return` needed there",
    ),
    ("neg_multiply", "`-x` says it better than `x * -1`"),
    (
        "new_without_default",
        "a `new()` without arguments is what `Default` is for: implement it (or derive it) too",
    ),
    (
        "nonminimal_bool",
        "this boolean expression can be written more simply",
    ),
    ("op_ref", "no need to borrow both sides of this operator"),
    (
        "or_fun_call",
        "`.unwrap_or(f())` always calls `f`; `.unwrap_or_else(f)` only when needed",
    ),
    (
        "precedence",
        "mixing these operators without parentheses is easy to misread: add them",
    ),
    (
        "ptr_arg",
        "take `&[T]` rather than `&Vec<T>` (and `&str` rather than `&String`): it accepts more and says you only read it",
    ),
    (
        "question_mark",
        "the `?` operator does this early return in one character",
    ),
    (
        "range_plus_one",
        "`a..=b` says the end is included, clearer than `a..b + 1`",
    ),
    (
        "redundant_clone",
        "this clone is never needed: the original is not used afterwards, so move it",
    ),
    (
        "redundant_closure",
        "the closure only calls a function: pass the function itself",
    ),
    (
        "redundant_else",
        "the `if` branch ends in `return`/`break`: the `else` around the rest is not needed",
    ),
    (
        "redundant_field_names",
        "`Point { x: x }` can be written `Point { x }`",
    ),
    (
        "redundant_pattern_matching",
        "`if let Some(_) = x` is `x.is_some()`",
    ),
    (
        "ref_option",
        "take `Option<&T>` rather than `&Option<T>`: it is what callers can always give",
    ),
    (
        "same_item_push",
        "pushing the same value in a loop is `vec![value; n]` or `.resize`",
    ),
    (
        "single_char_pattern",
        "a one-character pattern reads better (and is faster) as a `char`: `'x'`",
    ),
    (
        "single_match",
        "a `match` with one interesting arm reads better as `if let`",
    ),
    (
        "too_many_arguments",
        "this many arguments is hard to call correctly: group them in a struct",
    ),
    (
        "too_many_lines",
        "this function is long: give its steps names of their own, as functions",
    ),
    (
        "trivially_copy_pass_by_ref",
        "this type is small and `Copy`: take it by value, not by reference",
    ),
    (
        "uninlined_format_args",
        "write the variable inside the braces: `format!(\"{x}\")` rather than `format!(\"{}\", x)`",
    ),
    (
        "unnecessary_cast",
        "this value already has that type: the `as` changes nothing",
    ),
    (
        "unnested_or_patterns",
        "`Some(1) | Some(2)` can be `Some(1 | 2)`",
    ),
    (
        "unused_unit",
        "`-> ()` is what a function returns anyway: leave it out",
    ),
    (
        "useless_conversion",
        "this conversion gives back the same type: leave it out",
    ),
    (
        "useless_format",
        "`format!` of a plain string: use `.to_string()` or the string itself",
    ),
    (
        "useless_vec",
        "a `vec!` that never grows can be an array or a slice",
    ),
    (
        "vec_init_then_push",
        "`Vec::new()` then `push`es is `vec![…]` in one go",
    ),
    (
        "while_let_loop",
        "a `loop` that starts with `match`/`if let … else break` is `while let`",
    ),
    (
        "while_let_on_iterator",
        "`while let Some(x) = it.next()` is `for x in it`",
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn explanations_are_one_line_and_sorted() {
        assert!(EXPLANATIONS.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(EXPLANATIONS.iter().all(|(_, s)| !s.contains('\n')));
        assert_eq!(
            explanation("clippy::len_zero"),
            Some("`.is_empty()` says what you mean, and works for every collection")
        );
    }
}
