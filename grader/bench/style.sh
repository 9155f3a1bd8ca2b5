#!/usr/bin/env bash
# What reading the code with clippy costs (the style section), in `grade` and in
# `grade-all`, with and without it, side by side in one run on one machine.
#
#   bash grader/bench/style.sh [RUNS] [CLASS]        e.g. 5 8
#
# grade: two copies of the reference, graded in turn after the same one-line edit,
# one with the kit's rubric (style on, as in every `grade`) and one with a copy of
# the kit whose rubric says `[style] enabled = false`; RUNS pairs. grade-all: two
# class folders of CLASS copies of the reference (each edited so that it compiles
# anew), graded with `--force`, one with `--style` and one without, twice in turn.
# For each: the whole command's CPU (user + system, children included) per
# submission, and the compiler's CPU for the student's crate (`--timings`: rustc,
# or clippy's driver in its place), whose difference is the extra and whose
# off-figure is one compilation of the student's crate.
set -euo pipefail
kit="$(cd "$(dirname "$0")/../.." && pwd)"
runs="${1:-5}"
class="${2:-8}"
cargo build --locked -q -p maze-grader --manifest-path "$kit/Cargo.toml"
grader="$kit/target/debug/grader"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
chmod 711 "$scratch"
work="$scratch/work"

# The kit without the style section: its fixtures and starter, one line more.
mkdir -p "$scratch/kit-off"
cp -r "$kit/fixtures" "$kit/starter" "$scratch/kit-off/"
rm -rf "$scratch/kit-off/starter/target"
sed -i 's/^\[style\]$/[style]\nenabled = false/' "$scratch/kit-off/fixtures/rubric.toml"
grep -q '^enabled = false' "$scratch/kit-off/fixtures/rubric.toml"

copy_reference() {
    mkdir -p "$1"
    cp -r "$kit/solution/src" "$1/"
    printf '[package]\nname = "submission"\nversion = "0.1.0"\nedition = "2024"\n' >"$1/Cargo.toml"
}
edit() {  # a one-line edit of Search::follow, to an equivalent expression
    sed -i "s/if directions.len() > self.cell_count.*{/if directions.len() > self.cell_count + $2 - $2 {/" "$1/src/solve.rs"
}
# `CPU_S CRATE_CPU_S` of one command: the whole process tree's user + system time,
# and the compiler's time on the student's crate summed over the timings files.
cpu_of() { awk '{print $1 + $2}' "$1"; }
crate_cpu() {
    python3 - "$@" <<'EOF'
import json, sys
total = 0.0
for path in sys.argv[1:]:
    data = json.load(open(path))
    # The student's crate in the submission's own builds (not the seed's stubs).
    for phase in data.get("timings", data).get("phases", []):
        if phase["name"].startswith("build the submission"):
            for detail in phase.get("details", []):
                if detail["name"] == "the submission's crate":
                    total += detail["cpu_s"]
print(f"{total:.3f}")
EOF
}

echo "== grade: $runs pairs after a one-line edit"
for side in on off; do copy_reference "$scratch/sub-$side"; done
kit_of() { if [[ "$1" == on ]]; then echo "$kit"; else echo "$scratch/kit-off"; fi; }
for side in on off; do
    "$grader" grade "$scratch/sub-$side" --kit "$(kit_of $side)" --work-dir "$work" \
        --format json --output /dev/null 2>/dev/null || true
done
declare -A total=() crate=()
for i in $(seq 1 "$runs"); do
    line="run $i:"
    for side in on off; do
        edit "$scratch/sub-$side" "$i"
        /usr/bin/time -f '%U %S' -o "$scratch/time" "$grader" grade "$scratch/sub-$side" \
            --kit "$(kit_of $side)" --work-dir "$work" --format json --timings \
            --output "$scratch/grade-$side.json" 2>/dev/null
        c=$(cpu_of "$scratch/time")
        k=$(crate_cpu "$scratch/grade-$side.json")
        total[$side]=$(echo "${total[$side]:-0} + $c" | bc)
        crate[$side]=$(echo "${crate[$side]:-0} + $k" | bc)
        line="$line  style $side ${c} s CPU (crate ${k} s)"
    done
    echo "$line"
done
report() {  # NAME COUNT
    local on_t off_t on_c off_c
    on_t=$(echo "scale=3; ${total[on]} / $2" | bc)
    off_t=$(echo "scale=3; ${total[off]} / $2" | bc)
    on_c=$(echo "scale=3; ${crate[on]} / $2" | bc)
    off_c=$(echo "scale=3; ${crate[off]} / $2" | bc)
    echo "$1 per submission: ${on_t} s CPU with the style section, ${off_t} s without;" \
        "the student's crate ${on_c} s with clippy, ${off_c} s without:" \
        "extra $(echo "scale=3; $on_t - $off_t" | bc) s," \
        "$(echo "scale=2; ($on_t - $off_t) / $off_c" | bc) compilations of the crate" \
        "($(echo "scale=2; ($on_c - $off_c) / $off_c" | bc) in the compiler alone)"
}
report grade "$runs"
grade_extra=$(echo "scale=3; (${crate[on]} - ${crate[off]}) / $runs" | bc)

echo "== grade-all: a class of $class, twice each, in turn"
for side in on off; do
    for n in $(seq 1 "$class"); do
        copy_reference "$scratch/class-$side/student$n"
        edit "$scratch/class-$side/student$n" "$n"
    done
done
total=() crate=()
for round in 1 2; do
    for side in on off; do
        flag=()
        [[ "$side" == on ]] && flag=(--style)
        /usr/bin/time -f '%U %S' -o "$scratch/time" "$grader" grade-all "$scratch/class-$side" \
            --kit "$kit" --work-dir "$work" --output-dir "$scratch/out-$side" --force \
            --sandbox auto --jobs 2 "${flag[@]}" >/dev/null 2>&1
        c=$(cpu_of "$scratch/time")
        k=$(crate_cpu "$scratch"/out-"$side"/*/timings.json)
        total[$side]=$(echo "${total[$side]:-0} + $c" | bc)
        crate[$side]=$(echo "${crate[$side]:-0} + $k" | bc)
        echo "round $round: style $side ${c} s CPU for $class (crate ${k} s)"
    done
done
report grade-all $(( class * 2 ))
# A re-grade compiles the crate incrementally (a fraction of a compilation), while
# clippy's lints read all of it: its extra, against a compilation from scratch.
scratch_compile=$(echo "scale=3; ${crate[off]} / ($class * 2)" | bc)
echo "grade's extra in the compiler, ${grade_extra} s, is" \
    "$(echo "scale=2; $grade_extra / $scratch_compile" | bc) of a compilation of the crate" \
    "from scratch (${scratch_compile} s, grade-all without clippy)"
