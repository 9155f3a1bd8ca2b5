#!/usr/bin/env bash
# A class graded whole and in shards, then merged: the gradebooks compared, the
# refusals of `grader merge` shown, and the cost of each step.
#
#   bash grader/bench/shards.sh [SUBMISSIONS] [SHARDS] [--no-whole] [--keep DIR]
#
# Defaults: 30 submissions, 3 shards. The class is synthetic and every submission
# distinct (its own constant in lib.rs): copies of the reference solution, of the
# starter (all todo!()), and of the solution with one defect each (Position's
# Display, BFS's neighbour order, a compile error in Part 2), in turn, plus three
# entries that are not submissions (a folder of notes, a Gradescope metadata file
# and a folder named like a spreadsheet formula). The shards are graded one after
# another on this machine, as N machines would grade them at once.
#
# --no-whole skips grading the class whole (for the 200-submission benchmark);
# --keep DIR keeps the class, the outputs and the work dir in DIR.
set -euo pipefail
kit="$(cd "$(dirname "$0")/../.." && pwd)"
count=30
shards=3
whole=1
keep=""
positional=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        --no-whole) whole=0 ;;
        --keep) keep="$2"; shift ;;
        *) positional+=("$1") ;;
    esac
    shift
done
[[ ${#positional[@]} -ge 1 ]] && count="${positional[0]}"
[[ ${#positional[@]} -ge 2 ]] && shards="${positional[1]}"

cargo build --locked -q -p maze-grader --manifest-path "$kit/Cargo.toml"
if [[ -n "$keep" ]]; then
    scratch="$keep"
    rm -rf "$scratch"
    mkdir -p "$scratch"
else
    scratch="$(mktemp -d)"
    trap 'rm -rf "$scratch"' EXIT
fi
chmod 711 "$scratch"
# A copy of the grader and of the kit: a rebuild or an edit while this runs must not
# change them (merge would refuse shards graded with two kit revisions).
grader="$scratch/grader"
cp "$kit/target/debug/grader" "$grader"
mkdir -p "$scratch/kit"
tar -C "$kit" --exclude=./target --exclude=./.git --exclude=./handout/book -cf - . | tar -C "$scratch/kit" -xf -
chmod -R go-rwx "$scratch/kit"
source_kit="$kit"
kit="$scratch/kit"
class="$scratch/class"
work="$scratch/work"
mkdir -p "$class"

# make_submission NAME VARIANT: see class.sh.
source "$source_kit/grader/bench/class.sh"
variants=(solution starter display bfs broken)
for i in $(seq 1 "$count"); do
    make_submission "$(printf 'student-%03d' "$i")" "${variants[$(( (i - 1) % ${#variants[@]} ))]}"
done
mkdir -p "$class/notes" && echo "nothing to grade" >"$class/notes/todo.txt"
echo "{}" >"$class/submission_metadata.yml"
mkdir -p "$class/=HYPERLINK(\"x\")"
chmod -R go-rwx "$class"
# GitHub Classroom's roster: the clones end in -NNN, the logins; one student has no folder.
roster="$scratch/classroom_roster.csv"
{
    echo '"identifier","github_username","github_id","name"'
    for i in $(seq 1 "$count"); do printf '"s%03d@uni.edu","%03d","%d","Student %03d"\n' "$i" "$i" "$i" "$i"; done
    echo '"late@uni.edu","late","999","=Late Comer"'
} >"$roster"
entries=$(( count + 3 ))

seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", (b - a) / 1e9 }'; }
now() { date +%s%N; }
grade_all() { "$grader" grade-all "$class" --kit "$kit" --work-dir "$work" --jobs 2 --sandbox required "$@" 2>/dev/null; }

echo "class: $count submissions + 3 other entries, $shards shards, $(nproc) cores, grader at $(git -C "$source_kit" rev-parse --short HEAD 2>/dev/null || echo '?'), load average$(uptime | sed 's/.*load average//')"
# What compiling a student's crate alone costs (its dependencies already built): the
# floor under any grader's per-submission cost.
alone="$scratch/alone"
mkdir -p "$alone"
tar -C "$kit/starter" --exclude=./target --exclude=./src -cf - . | tar -C "$alone" -xf -
cp -r "$kit/solution/src" "$alone/src"
(cd "$alone" && cargo build --locked -q --lib 2>/dev/null \
    && for i in 1 2 3; do
        cargo clean -q -p maze-starter
        /usr/bin/time -f "%e s wall, %U + %S s CPU" cargo build --locked -q --lib 2>&1 | tail -1
    done | sed "s/^/compiling one student's crate alone (its dependencies built, debug, lib): /") \
    || echo "compiling one student's crate alone: could not be measured"
# The shared dependency build, once for the work dir (an image or a cache holds it).
t0=$(now)
"$grader" grade "$kit/starter" --kit "$kit" --work-dir "$work" --sandbox required --format json --output /dev/null 2>/dev/null || true
echo "dependencies built once: $(seconds "$t0" "$(now)") s, work dir $(du -sh "$work" | cut -f1)"

if [[ "$whole" == 1 ]]; then
    t0=$(now)
    grade_all --output-dir "$scratch/whole" --roster "$roster" >"$scratch/whole.out"
    cat "$scratch/whole.out"
    whole_s=$(seconds "$t0" "$(now)")
    echo "whole class: $whole_s s ($(awk -v s="$whole_s" -v n="$count" 'BEGIN { printf "%.2f", s / n }') s a submission)"
fi
total=0
for k in $(seq 1 "$shards"); do
    t0=$(now)
    line=$(grade_all --output-dir "$scratch/shard-$k" --shard "$k/$shards")
    s=$(seconds "$t0" "$(now)")
    total=$(awk -v a="$total" -v b="$s" 'BEGIN { print a + b }')
    n=$(grep -c '"name"' "$scratch/shard-$k/manifest.json" || true)
    echo "shard $k/$shards: $s s, $n entries, output $(du -sh "$scratch/shard-$k" | cut -f1), work dir after it $(du -sh "$work" | cut -f1): ${line%%:*}"
done
echo "shards in all: $total s; the slowest shard is the wall time on $shards machines"
t0=$(now)
"$grader" merge $(for k in $(seq 1 "$shards"); do echo "$scratch/shard-$k"; done) --output-dir "$scratch/merged" --kit "$kit" --roster "$roster"
echo "merge: $(seconds "$t0" "$(now)") s"

if [[ "$whole" == 1 ]]; then
    for file in grades.csv summary.md histogram.svg canvas.csv moodle.csv roster.md; do
        if cmp -s "$scratch/whole/$file" "$scratch/merged/$file"; then
            echo "identical: $file ($(wc -c <"$scratch/merged/$file") bytes)"
        else
            echo "DIFFERENT: $file"
            diff "$scratch/whole/$file" "$scratch/merged/$file" | head -20
        fi
    done
    python3 "$source_kit/grader/bench/lms_exports.py" "$scratch/merged" | sed "s|$scratch/||g"
    if diff -r -x manifest.json -x grades.csv -x summary.md -x histogram.svg -x canvas.csv -x moodle.csv -x roster.md "$scratch/whole" "$scratch/merged" >/dev/null; then
        echo "identical: every student's results.json, report.md and fingerprint"
    else
        echo "DIFFERENT: student folders"
    fi
    python3 - "$scratch/whole/manifest.json" "$scratch/merged/manifest.json" <<'PY'
import json, sys
whole, merged = (json.load(open(path)) for path in sys.argv[1:])
print("manifest.json: the merged one adds merged_from", merged.pop("merged_from"),
      "and is otherwise", "identical" if merged == whole else "DIFFERENT")
PY
    graded=$(grep -c ',graded,' "$scratch/merged/grades.csv" || true)
    echo "grades.csv: $(( $(wc -l <"$scratch/merged/grades.csv") - 1 )) rows of $entries entries, $graded graded"
fi

echo "load average at the end$(uptime | sed 's/.*load average//')"
echo "refusals (each one line, exit code 2):"
refuse() {
    local code=0
    "$grader" merge "$@" --output-dir "$scratch/refused" --kit "$kit" 2>"$scratch/stderr" >/dev/null || code=$?
    echo "  exit $code: $(sed "s|$scratch/||g" "$scratch/stderr")"
}
refuse "$scratch/shard-1" "$scratch/shard-$shards"
cp -r "$scratch/shard-1" "$scratch/shard-1-again"
all=()
for k in $(seq 1 "$shards"); do all+=("$scratch/shard-$k"); done
refuse "${all[@]}" "$scratch/shard-1-again"
rm -rf "$scratch/shard-1-again"
cp -r "$scratch/shard-$shards" "$scratch/edited"
sed -i 's/"rubric_digest": "\(.\)/"rubric_digest": "0\1/' "$scratch/edited/manifest.json"
refuse "${all[@]}" "$scratch/edited"
rm -rf "$scratch/edited" && cp -r "$scratch/shard-$shards" "$scratch/edited"
sed -i 's/"kit_revision": "\(.\)/"kit_revision": "0\1/' "$scratch/edited/manifest.json"
args=()
for k in $(seq 1 $(( shards - 1 ))); do args+=("$scratch/shard-$k"); done
refuse "${args[@]}" "$scratch/edited"
