#!/usr/bin/env bash
# A course that turns a part off, walked from start to end on a copy of the kit, with
# what each step printed: not a timing, a demonstration that the kit holds.
#
#   bash grader/bench/part_turned_off.sh [PART] [--no-tests] [--unassigned WHAT]
#       e.g. part5, or part2 --unassigned leave-out (WHAT as for `grader dist`)
#
# On a copy of the kit (the files git tracks, as a course's clone has them):
#   1. fixtures/rubric.toml says `enabled = false` for PART;
#   2. `grader bless` (nothing should change: a part turned off keeps its snapshots)
#      and `grader self-check`;
#   3. the kit's tests, `cargo test --workspace --locked` (the default tier), in the
#      copy (skipped with --no-tests), built in target/part-turned-off of the kit, kept
#      for the next run (the kit's own target would mix the copy's builds with the
#      kit's: cargo gives both the same artifact names);
#   4. `grader dist --feedback-only --unassigned WHAT` writes the template (with
#      leave-out: what of the part is still in it, and its starter's build and
#      tests, `cargo test --no-run`); every line of the
#      reference's code for the part that the kit's starter does not hold (the
#      solution's own lines, trimmed, 20 characters or longer) is looked for in it;
#   5. two untouched copies of the template's starter, as a class of two, go through
#      `grader similarity`: the pair must share nothing.
set -euo pipefail
kit="$(cd "$(dirname "$0")/../.." && pwd)"
part=part5
tests=1
unassigned=stubs
while (($#)); do
    case "$1" in
    --no-tests) tests=0 ;;
    --unassigned)
        unassigned="${2:?--unassigned needs stubs, reference or leave-out}"
        shift
        ;;
    part[1-5]) part="$1" ;;
    *)
        echo "unknown argument $1: give PART (part1 to part5), --no-tests, --unassigned WHAT" >&2
        exit 2
        ;;
    esac
    shift
done
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

cargo build --locked -q -p maze-grader --manifest-path "$kit/Cargo.toml"
grader="$kit/target/debug/grader"
# The copy lives at one path from run to run, in the target directory its tests are
# built in: cargo names a workspace's builds by their paths inside it, so a copy at a
# new path each run would find the last run's builds fresh, with the old path (gone)
# compiled into them.
copy="$kit/target/part-turned-off/kit"
rm -rf "$copy"
mkdir -p "$copy"
git -C "$kit" ls-files -z | (cd "$kit" && xargs -0 tar -cf - --no-recursion) | tar -xf - -C "$copy"
export MAZE_GRADER_WORK_DIR="$scratch/work"

echo "== 1. $part turned off in fixtures/rubric.toml"
python3 - "$copy/fixtures/rubric.toml" "$part" <<'EOF'
import re, sys
path, part = sys.argv[1], sys.argv[2]
text = open(path).read()
block = re.compile(r'(\[\[parts\]\]\nid = "%s"\n(?:(?!\[).*\n)*?)enabled = true' % re.escape(part))
new, count = block.subn(r'\1enabled = false', text)
if count != 1:
    sys.exit(f"no [[parts]] entry with id = \"{part}\" and enabled = true in {path}")
open(path, "w").write(new)
EOF
grep -A3 "id = \"$part\"" "$copy/fixtures/rubric.toml" | sed 's/^/   /'

echo "== 2. bless and self-check"
# A failure is shown, not fatal: the steps after it still say what they find.
(cd "$copy" && "$grader" bless >"$scratch/bless.txt" 2>&1) || echo "   bless FAILED:"
tail -3 "$scratch/bless.txt" | sed 's/^/   /'
(cd "$copy" && "$grader" self-check >"$scratch/self-check.txt" 2>&1) || echo "   self-check FAILED:"
grep -E "^(FAIL|self-check)" "$scratch/self-check.txt" | sed 's/^/   /'

if ((tests)); then
    echo "== 3. the kit's tests (default tier) with $part off"
    # The kit's own crates are built again (their dependencies are kept): cargo could
    # take a build of another copy, at the same paths inside its workspace, for this
    # one's.
    members="$(cd "$copy" && cargo metadata --no-deps --format-version 1 --locked |
        python3 -c 'import json, sys; print(" ".join("-p " + p["name"] for p in json.load(sys.stdin)["packages"]))')"
    # shellcheck disable=SC2086 # one word per package
    (cd "$copy" && CARGO_TARGET_DIR="$kit/target/part-turned-off" cargo clean -q $members)
    if (cd "$copy" && CARGO_TARGET_DIR="$kit/target/part-turned-off" cargo test --workspace --locked --no-fail-fast >"$scratch/tests.txt" 2>&1); then
        echo "   all passed"
    else
        cp "$scratch/tests.txt" "$kit/target/part-turned-off/tests.txt"
        echo "   FAILED (the whole output: target/part-turned-off/tests.txt):"
        grep -E "^test .* FAILED|^failures:|panicked" "$scratch/tests.txt" | head -20 | sed 's/^/   /' || true
    fi
    awk '/^test result:/ {p+=$4; f+=$6; i+=$8} END {printf "   %d passed, %d failed, %d ignored\n", p, f, i}' "$scratch/tests.txt"
fi

echo "== 4. the template, and the reference's code for $part in it"
echo "   --unassigned $unassigned"
(cd "$copy" && "$grader" dist "$scratch/template" --feedback-only --unassigned "$unassigned" >"$scratch/dist.txt" 2>&1)
head -1 "$scratch/dist.txt" | sed 's/^/   /'
if [[ "$unassigned" == leave-out ]]; then
    case "$part" in
    part2) name=rat ;;
    *) name=arrows ;;
    esac
    left="$(cd "$scratch/template" && { find . -path '*/target' -prune -o -type f -print | grep -cE "/($name|$part)[/_.-]" || true; })"
    echo "   files of the template named after $name or $part: $left"
    if (cd "$scratch/template/starter" && CARGO_TARGET_DIR="$kit/target/part-turned-off/starter" cargo test --no-run --locked -q >"$scratch/starter-build.txt" 2>&1); then
        echo "   the template's starter builds, tests and all: $(grep -c warning "$scratch/starter-build.txt" || true) warning lines"
    else
        echo "   the template's starter does NOT build:"
        head -20 "$scratch/starter-build.txt" | sed 's/^/   /'
    fi
fi
solution_only="$scratch/solution-only.txt"
case "$part" in
part2) dirs=(rat) ;;
part5) dirs=(arrows) ;;
*) dirs=() ;;
esac
# The reference's own lines: those nowhere in the kit's starter (what every course
# hands out when the part is assigned: provided files, tests and stubs).
find "$copy/starter" -path "$copy/starter/target" -prune -o -name '*.rs' -exec sed 's/^[[:space:]]*//' {} + |
    sort -u >"$scratch/starter-lines"
for dir in "${dirs[@]}"; do
    sed 's/^[[:space:]]*//' "$copy/solution/src/$dir"/*.rs | awk 'length($0) >= 20'
done | sort -u | comm -23 - "$scratch/starter-lines" >"$solution_only"
total="$(wc -l <"$solution_only")"
# Whole lines, trimmed, of every text file of the template.
find "$scratch/template" -type f -not -path '*/target/*' -exec grep -Ih '' {} + |
    sed 's/^[[:space:]]*//' | sort -u >"$scratch/template-lines"
comm -12 "$solution_only" "$scratch/template-lines" >"$scratch/found"
while IFS= read -r line; do
    where="$(grep -rlF -- "$line" "$scratch/template" | head -1 || true)"
    echo "   in ${where#"$scratch/template/"}: $line"
done <"$scratch/found"
echo "   $(wc -l <"$scratch/found") of the reference's $total own lines for $part are in the template"

echo "== 5. two untouched copies of the template, similarity"
mkdir -p "$scratch/class"
for name in hank ivy; do
    cp -r "$scratch/template" "$scratch/class/$name"
    rm -rf "$scratch/class/$name/target"
done
(cd "$copy" && "$grader" similarity "$scratch/class" --output-dir "$scratch/similarity" >"$scratch/similarity.txt" 2>&1)
tail -2 "$scratch/similarity.txt" | sed 's/^/   /'
sed -n '1,3p' "$scratch/similarity/pairs.csv" | sed 's/^/   pairs.csv: /'
