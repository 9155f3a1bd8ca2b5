#!/usr/bin/env bash
# How far a student's first grading can go down while the student compiles the
# grader: the template of the working tree, from a fresh copy with no target/, timed
# three ways, RUNS times each, in turn on one machine:
#
#   bash grader/bench/first_grading_floor.sh [RUNS]      (default 1)
#
# - in sequence, as the template's README has a student do it: `cargo build -p
#   maze-grader` (which `cargo run` does first), then `grader grade starter`;
# - overlapped, the best any ordering could do: the same `cargo build` and, at the
#   same time, a grading of the starter by the template's grader compiled
#   beforehand (the seed and the checks need nothing from the build);
# - the grading alone by that grader compiled beforehand: what a student would wait
#   with a grader they do not compile (a binary the course builds for each system).
#
# Prints each step's wall and CPU seconds (user + system, children included), the
# load average when it started, the scores, and the bound the CPU time sets on two
# cores (CPU / 2). Crates already downloaded. Run it on a quiet machine.
set -euo pipefail
default_runs=1
# shellcheck source=common.sh
source "$(dirname "$0")/common.sh"
trap 'rm -rf "$scratch"' EXIT
if ((${#wrap[@]} || ${#rest[@]})); then
    echo "first_grading_floor.sh takes RUNS only" >&2
    exit 2
fi
cores="$(nproc)"
(cd "$kit" && "$grader" dist "$scratch/template" --feedback-only >/dev/null)
# The template's own grader, compiled once beforehand, outside any timed step.
cp -r "$scratch/template" "$scratch/prebuilt"
(cd "$scratch/prebuilt" && env -u CARGO_TARGET_DIR cargo build --locked -q -p maze-grader)
prebuilt="$scratch/prebuilt/target/debug/grader"

# shellcheck source=timed.sh
source "$(dirname "$0")/timed.sh"

fresh() {  # fresh NAME: a copy of the template with no target/, as a clone has
    rm -rf "${scratch:?}/$1"
    cp -r "$scratch/template" "$scratch/$1"
    cd "$scratch/$1"
}

for ((n = 1; n <= runs; n++)); do
    fresh sequence
    timed sequence-build env -u CARGO_TARGET_DIR cargo build --locked -q -p maze-grader >>"$scratch/lines"
    timed sequence-grade env -u CARGO_TARGET_DIR target/debug/grader grade starter >>"$scratch/lines"
    fresh overlap
    started="$(date +%s.%N)"
    timed overlap-build env -u CARGO_TARGET_DIR cargo build --locked -q -p maze-grader >>"$scratch/lines" &
    build=$!
    timed overlap-grade env -u CARGO_TARGET_DIR "$prebuilt" grade starter >>"$scratch/lines" &
    grade=$!
    wait "$build"
    wait "$grade"
    echo "overlap-both $(echo "$(date +%s.%N) - $started" | bc) 0 -" >>"$scratch/lines"
    fresh alone
    timed alone-grade env -u CARGO_TARGET_DIR "$prebuilt" grade starter >>"$scratch/lines"
    for step in sequence-grade overlap-grade alone-grade; do
        grep -o 'Score: [0-9/]*' "$scratch/out-$step" >>"$scratch/scores"
    done
    tail -6 "$scratch/lines" | awk '
        $4 == "-" {printf "%-15s %7.1f s wall\n", $1, $2; next}
        {printf "%-15s %7.1f s wall %7.1f s CPU  (load %s)\n", $1, $2, $3, $4}'
    cd "$scratch"
    rm -rf sequence overlap alone
done
sort -u "$scratch/scores"
echo "means over $runs runs (wall / CPU seconds, on $cores cores):"
awk -v cores="$cores" '
    {w[$1]+=$2; c[$1]+=$3; n[$1]++}
    END {
      sb = w["sequence-build"]/n["sequence-build"]; sg = w["sequence-grade"]/n["sequence-grade"]
      cpu = (c["sequence-build"] + c["sequence-grade"]) / n["sequence-build"]
      printf "in sequence:  cargo compiles the grader %6.1f s, grading %6.1f s: %6.1f s wall, %6.1f s CPU\n", sb, sg, sb + sg, cpu
      printf "overlapped:   both at once %6.1f s wall (build %6.1f, grading %6.1f)\n", w["overlap-both"]/n["overlap-both"], w["overlap-build"]/n["overlap-build"], w["overlap-grade"]/n["overlap-grade"]
      printf "bound set by the CPU time on %d cores: %6.1f s wall\n", cores, cpu / cores
      printf "grading alone, the grader compiled beforehand: %6.1f s wall, %6.1f s CPU\n", w["alone-grade"]/n["alone-grade"], c["alone-grade"]/n["alone-grade"]
    }' "$scratch/lines"
