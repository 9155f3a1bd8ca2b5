#!/usr/bin/env bash
# The class page of a generated class of COUNT (default 150), measured:
#
#   bash grader/bench/class_150.sh OUT [COUNT]
#
# Makes COUNT submissions as a course's would be: a quarter the reference solution,
# a tenth untouched starters (every method a todo!()), some that do not compile (in
# Part 1 or Part 2), and the rest the solution with one or two realistic defects
# (class.sh's: Position's Display, BFS or DFS in reverse, BFS not marking, the
# opposite of EAST, a one-sided wall; and these: north taken as y + 1, a todo!()
# left in Position::moved, texture weights ignored, backtracking in another order,
# an arrow path that is wrong off the square). Grades them with grade-all (--jobs 2,
# --sandbox auto), then prints the page's size, how long Chromium takes to show it
# (first paint and first contentful paint, the median of 5 loads, at 1024 and 320
# CSS pixels wide, with bench/page_paint.mjs) and its accessibility check
# (tests/browser/check-pages.mjs: axe-core's WCAG 2.1 A and AA rules, at both
# widths), and photographs the page into SCREENSHOT (default OUT/class.png).
#
# Needs Chromium (apt-get install -y chromium) and `npm ci --prefix
# grader/tests/browser`. The class and the work dir live in a scratch folder
# removed at the end (WORK_DIR=DIR keeps the work dir, with its build of the
# dependencies, in DIR instead). Re-running on the same OUT grades only what
# changed, so a change to the page alone costs seconds.
set -euo pipefail
kit="$(cd "$(dirname "$0")/../.." && pwd)"
[[ $# -ge 1 ]] || { echo "usage: class_150.sh OUT [COUNT]" >&2; exit 2; }
out="$(realpath -m "$1")"
count="${2:-150}"
(( count >= 20 )) || { echo "class_150.sh: COUNT is at least 20 (every kind of submission at least once)" >&2; exit 2; }
browser="$kit/grader/tests/browser"
[[ -d "$browser/node_modules/puppeteer-core" ]] || { echo "class_150.sh: run npm ci --prefix grader/tests/browser first" >&2; exit 2; }
[[ -x "${CHROMIUM:-/usr/bin/chromium}" ]] || { echo "class_150.sh: no Chromium: apt-get install -y chromium (or set CHROMIUM)" >&2; exit 2; }

cargo build --locked -q -p maze-grader --manifest-path "$kit/Cargo.toml"
grader="$kit/target/debug/grader"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
chmod 711 "$scratch"
class="$scratch/class"
mkdir -p "$class"
# shellcheck source=class.sh
source "$kit/grader/bench/class.sh"

# A defect of this script's on top of class.sh's variants, in the submission DIR.
add_defect() { # DIR DEFECT
    local src="$1/src"
    case "$2" in
        north) perl -0pi -e 's/(if direction\.contains\(Direction::NORTH\) \{\n\s+y) -= 1;/$1 += 1;/' "$src/position.rs" ;;
        todo_moved) perl -0pi -e 's/(        let mut x = self\.x;\n)/        todo!("Position::moved (handout §3): move {self} one step {direction:?}");\n        #[allow(unreachable_code, reason = "a student left the stub above")]\n$1/' "$src/position.rs" ;;
        texture) perl -0pi -e 's/(    let horizontal =\n)/    if link.age < u32::MAX {\n        return 1;\n    }\n$1/' "$src/texture.rs" ;;
        backtrack) perl -0pi -e 's/let Some\(&direction\) = BACKTRACK_ORDER\.get\(tried\) else \{/let order = [Direction::NORTH, Direction::EAST, Direction::SOUTH, Direction::WEST];\n        let Some(&direction) = order.get(tried) else {/' "$src/backtrack.rs" ;;
        arrows) perl -0pi -e 's/let node = graph\.node\(index\);\n\s+\(node\.row, node\.col\)/let square = index \/ 2;\n            (square \/ graph.cols() + 1, square % graph.rows() + 1)/' "$src/arrows/search.rs" ;;
        broken_part1) echo 'fn broken() -> u32 { "not a number" }' >>"$src/position.rs" ;;
        *) echo "add_defect: no defect $2" >&2; return 2 ;;
    esac
}

# One entry of the cycle: class.sh's variant (the solution when it names none),
# then this script's defects.
kinds=(
    "solution" "bfs" "starter" "north" "display" "broken" "texture" "solution"
    "opposite" "dfs arrows" "bfs_no_mark" "solution" "todo_moved" "one_sided" "backtrack"
    "solution" "broken_part1" "arrows" "display texture" "starter" "solution" "bfs backtrack"
    "dfs north" "solution" "one_sided arrows" "bfs_no_mark todo_moved" "solution" "display"
    "opposite texture" "dfs"
)
for i in $(seq 1 "$count"); do
    name="$(printf 'student-%03d' "$i")"
    read -ra parts <<<"${kinds[$(( (i - 1) % ${#kinds[@]} ))]}"
    first="${parts[0]}"
    case "$first" in
        solution | starter | display | bfs | bfs_no_mark | dfs | opposite | one_sided | broken) make_submission "$name" "$first"; rest=("${parts[@]:1}") ;;
        *) make_submission "$name" solution; rest=("${parts[@]}") ;;
    esac
    for defect in "${rest[@]}"; do
        add_defect "$class/$name" "$defect"
    done
done
mkdir -p "$class/notes" && echo "nothing to grade" >"$class/notes/todo.txt"
echo "{}" >"$class/submission_metadata.yml"

start=$(date +%s%N)
"$grader" grade-all "$class" --kit "$kit" --work-dir "${WORK_DIR:-$scratch/work}" --jobs 2 --sandbox auto --output-dir "$out" 2>/dev/null | sed -n 1p
echo "grade-all: $(awk -v a="$start" -v b="$(date +%s%N)" 'BEGIN { printf "%.0f", (b - a) / 1e9 }') s for $count submissions"
page="$out/index.html"
echo "class page: $(wc -c <"$page") bytes ($(awk -v b="$(wc -c <"$page")" 'BEGIN { printf "%.2f", b / 1048576 }') MiB), $(grep -o '<figure>' "$page" | wc -l) pictures, $(grep -o '<details class="group">' "$page" | wc -l) mistake groups"
node "$kit/grader/bench/page_paint.mjs" "$page"
node "$browser/check-pages.mjs" --screenshot "${SCREENSHOT:-$out/class.png}" "$page" | grep -v '^    [0-9]* × '
