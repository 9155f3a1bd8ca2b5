#!/usr/bin/env bash
# A class of COUNT submissions graded with grade-all, for a look at its class page
# (OUT/index.html) and each student's report.html:
#
#   bash grader/bench/class_page.sh OUT [COUNT]
#
# COUNT (default 24, at least 10) submissions made by class.sh in turn from: the
# reference solution, the starter (all todo!()), and defects that several students
# share: BFS taking the rat's neighbours in reverse and BFS not marking a room when
# it is put in (two misreadings of §7.6, so rat_bfs_sample fails in two ways
# besides the starter's todo!() and the compile error), DFS in reverse, Position's
# Display, the opposite of EAST, a one-sided wall and a compile error in Part 2;
# plus two entries that are not submissions. It grades them with `--sandbox
# required` and prints grade-all's lines, how long it took, and the groups of
# rat_bfs_sample on the page. The class, a copy of the kit and the work dir live in
# a scratch folder removed at the end (WORK_DIR=DIR keeps the work dir, with its
# build of the dependencies, in DIR instead).
set -euo pipefail
kit="$(cd "$(dirname "$0")/../.." && pwd)"
[[ $# -ge 1 ]] || { echo "usage: class_page.sh OUT [COUNT]" >&2; exit 2; }
out="$(realpath -m "$1")"
count="${2:-24}"
(( count >= 10 )) || { echo "class_page.sh: COUNT is at least 10 (one of each variant and shared defects)" >&2; exit 2; }

cargo build --locked -q -p maze-grader --manifest-path "$kit/Cargo.toml"
grader="$kit/target/debug/grader"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
# The sandbox's uid goes through it to each submission's build.
chmod 711 "$scratch"
# The kit as the grader sees it, private (--sandbox required refuses a kit any uid can read).
copy="$scratch/kit"
mkdir -p "$copy"
tar -C "$kit" --exclude=./target --exclude=./.git --exclude=./handout/book -cf - . | tar -C "$copy" -xf -
chmod -R go-rwx "$copy"
source_kit="$kit"
kit="$copy"
class="$scratch/class"
mkdir -p "$class"
rm -rf "$out"
# shellcheck source=class.sh
source "$source_kit/grader/bench/class.sh"
variants=(solution bfs starter display bfs_no_mark opposite bfs one_sided dfs broken
    bfs_no_mark display solution bfs opposite dfs one_sided starter bfs broken
    display opposite solution bfs_no_mark)
for i in $(seq 1 "$count"); do
    make_submission "$(printf 'student-%02d' "$i")" "${variants[$(( (i - 1) % ${#variants[@]} ))]}"
done
mkdir -p "$class/notes" && echo "nothing to grade" >"$class/notes/todo.txt"
echo "{}" >"$class/submission_metadata.yml"
chmod -R go-rwx "$class"

start=$(date +%s%N)
"$grader" grade-all "$class" --kit "$kit" --work-dir "${WORK_DIR:-$scratch/work}" --jobs 2 --sandbox required --output-dir "$out" 2>/dev/null
echo "grade-all: $(awk -v a="$start" -v b="$(date +%s%N)" 'BEGIN { printf "%.1f", (b - a) / 1e9 }') s for $count submissions"
echo "class page: $out/index.html ($(wc -c <"$out/index.html") bytes)"
python3 - "$out/index.html" <<'PY'
import html, re, sys
page = open(sys.argv[1], encoding="utf-8").read()
section = page[page.index('<h3 id="check-rat_bfs_sample">'):]
section = section[: section.find("<h3 ", 4)]
print("rat_bfs_sample:", re.sub("<[^>]+>", "", section.split("</h3>")[1].split("</p>")[0]))
for group in section.split('<section class="group">')[1:]:
    heading = html.unescape(re.sub("<[^>]+>", "", group.split("</h4>")[0]))
    students = re.findall(r'<a href="[^"]+">([^<]+)</a>', group.split("</p>")[0])
    print(f"  {heading} ({', '.join(students)})")
PY
