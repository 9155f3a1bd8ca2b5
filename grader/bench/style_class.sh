#!/usr/bin/env bash
# A class of COUNT submissions graded with `grade-all --style`, for a look at the
# class page's "How the class's code reads" (OUT/index.html) and each student's
# style section (OUT/<name>/report.html):
#
#   bash grader/bench/style_class.sh OUT [COUNT]
#
# COUNT (default 12, at least 10) copies of the reference solution, each with a few
# of five ways of writing that the handout steers away from (a `&Vec` taken where a
# slice would do with an index loop and a `return` at the end; `len() == 0` on a
# `&String`; a `Vec` taken by value and looped over with `.iter()`; a clone never
# needed; a `return` in `Stack::peek`), and every fifth student none. Every check
# still passes: only the style section tells them apart. Prints grade-all's lines,
# how long it took, and the page's table of lints as text.
set -euo pipefail
kit="$(cd "$(dirname "$0")/../.." && pwd)"
[[ $# -ge 1 ]] || { echo "usage: style_class.sh OUT [COUNT]" >&2; exit 2; }
out="$(realpath -m "$1")"
count="${2:-12}"
(( count >= 10 )) || { echo "style_class.sh: COUNT is at least 10" >&2; exit 2; }
cargo build --locked -q -p maze-grader --manifest-path "$kit/Cargo.toml"
grader="$kit/target/debug/grader"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
chmod 711 "$scratch"
class="$scratch/class"
rm -rf "$out"

index_loop='
/// The sum of `values`.
pub fn total(values: &Vec<i32>) -> i32 {
    let mut sum = 0;
    for i in 0..values.len() {
        sum += values[i];
    }
    return sum;
}
'
len_zero='
/// Whether `text` is empty.
pub fn blank(text: &String) -> bool {
    text.len() == 0
}
'
by_value='
/// The length of the longest word.
pub fn longest(words: Vec<String>) -> usize {
    let mut best = 0;
    for word in words.iter() {
        best = best.max(word.len());
    }
    best
}
'
clone='
/// Each value twice.
pub fn doubled(values: &[i32]) -> Vec<i32> {
    let copy = values.to_vec();
    let mut twice = copy.clone();
    for value in &mut twice {
        *value *= 2;
    }
    twice
}
'
make_submission() {  # NAME INDEX
    local dir="$class/$1" file
    mkdir -p "$dir"
    cp -r "$kit/solution/src" "$dir/"
    printf '[package]\nname = "submission"\nversion = "0.1.0"\nedition = "2024"\n' >"$dir/Cargo.toml"
    file="$dir/src/rat/stack.rs"
    (( $2 % 5 == 0 )) && return
    (( $2 % 2 == 1 )) && printf '%s' "$index_loop" >>"$file"
    (( $2 % 3 == 1 )) && printf '%s' "$len_zero" >>"$file"
    (( $2 % 4 == 2 )) && printf '%s' "$by_value" >>"$file"
    (( $2 % 3 == 2 )) && printf '%s' "$clone" >>"$file"
    (( $2 % 4 == 3 )) && sed -i 's/^        self.items.last()$/        return self.items.last();/' "$file"
    return 0
}
for i in $(seq 1 "$count"); do
    make_submission "$(printf 'student-%02d' "$i")" "$i"
done

start=$(date +%s%N)
"$grader" grade-all "$class" --kit "$kit" --work-dir "${WORK_DIR:-$scratch/work}" --jobs 2 \
    --sandbox auto --style --output-dir "$out" 2>/dev/null
echo "grade-all --style: $(awk -v a="$start" -v b="$(date +%s%N)" 'BEGIN { printf "%.1f", (b - a) / 1e9 }') s for $count submissions"
echo "class page: $out/index.html"
python3 - "$out/index.html" <<'PY'
import html, re, sys
page = open(sys.argv[1], encoding="utf-8").read()
section = page[page.index('<h2 id="style">'):]
section = section[: section.find("<h2 ", 4)]
text = lambda fragment: html.unescape(re.sub("<[^>]+>", "", fragment)).strip()
print(text(section.split("</h2>")[1].split("</p>")[0]))
for row in section.split("<tr>")[2:]:
    cells = [text(cell) for cell in re.split(r"</t[hd]>", row)[:-1]]
    print(f"  {cells[0]}: {cells[2]} students, {cells[3]} findings: {cells[4]}")
PY
