#!/usr/bin/env bash
# A student's first grading, from a fresh clone of the template to the first score,
# for two versions of the kit side by side on one machine.
#
#   bash grader/bench/first_grading.sh [RUNS] [BEFORE]      e.g. 2 e4fac4e
#
# BEFORE is a commit of the kit (default: main's first parent, HEAD~1); "after" is
# the working tree. Each version writes its template once (`grader dist
# --feedback-only`); then, RUNS times and in turn (before, after, after, before, …),
# a fresh copy of each template with no target/ runs what its README tells a student
# to run, in two timed steps: `cargo build -p maze-grader` (cargo compiling the
# grader, which `cargo run` does first) and `grader grade starter` (the work dir
# built from nothing: the crates the student's code uses, then the student's crate,
# then the checks). Both use the machine's cargo home, so crates already downloaded
# are not downloaded again: a student's very first run also downloads them.
#
# Prints one line per step with wall and CPU seconds (user + system, children
# included), the load average when it started and the score the grading printed,
# then each version's mean. Run it on a quiet machine: wall time is the goal, and
# another build running alongside stretches it.
set -euo pipefail
kit="$(cd "$(dirname "$0")/../.." && pwd)"
runs="${1:-2}"
before="${2:-HEAD~1}"
scratch="$(mktemp -d)"
trap 'git -C "$kit" worktree remove --force "$scratch/before-kit" >/dev/null 2>&1 || true; rm -rf "$scratch"' EXIT

# The two graders that write the templates: this tree's, and BEFORE's, built in a
# target directory of its own (the kit's would mix them up: cargo gives both the same
# artifact names and then takes one for the other), kept for the next run.
cargo build --locked -q -p maze-grader --manifest-path "$kit/Cargo.toml"
cp "$kit/target/debug/grader" "$scratch/grader-after"
git -C "$kit" worktree add --detach -q "$scratch/before-kit" "$before"
cargo build --locked -q -p maze-grader --manifest-path "$scratch/before-kit/Cargo.toml" \
    --target-dir "$kit/target/first-grading-before"
cp "$kit/target/first-grading-before/debug/grader" "$scratch/grader-before"

template() {  # template VERSION KIT: write VERSION's template from KIT
    (cd "$2" && "$scratch/grader-$1" dist "$scratch/template-$1" --feedback-only >/dev/null 2>&1 ||
        "$scratch/grader-$1" dist "$scratch/template-$1" >/dev/null)
}
template before "$scratch/before-kit"
template after "$kit"

# shellcheck source=timed.sh
source "$(dirname "$0")/timed.sh"

one_run() {  # one_run VERSION N
    local copy="$scratch/run-$1-$2"
    cp -r "$scratch/template-$1" "$copy"
    cd "$copy"
    timed "$1 build" env -u CARGO_TARGET_DIR cargo build --locked -q -p maze-grader >>"$scratch/lines"
    timed "$1 grade" env -u CARGO_TARGET_DIR target/debug/grader grade starter >>"$scratch/lines"
    echo "$1 score $(grep -o 'Score: [0-9/]*' "$scratch/out-$1 grade")" >>"$scratch/scores"
    cd "$scratch"
    rm -rf "$copy"
}

for ((n = 1; n <= runs; n++)); do
    if ((n % 2)); then order=(before after); else order=(after before); fi
    for version in "${order[@]}"; do
        one_run "$version" "$n"
        tail -2 "$scratch/lines" | awk '{printf "%-6s %-5s %7.1f s wall %7.1f s CPU  (load %s)\n", $1, $2, $3, $4, $5}'
    done
done
sort -u "$scratch/scores"
echo "means over $runs runs each (wall / CPU seconds):"
awk '{w[$1" "$2]+=$3; c[$1" "$2]+=$4; n[$1" "$2]++; tw[$1]+=$3; tc[$1]+=$4}
     END {
       for (v in tw) printf "%-6s build %6.1f / %6.1f   grade %6.1f / %6.1f   clone to score %6.1f / %6.1f\n",
         v, w[v" build"]/n[v" build"], c[v" build"]/n[v" build"],
         w[v" grade"]/n[v" grade"], c[v" grade"]/n[v" grade"], tw[v]/n[v" build"], tc[v]/n[v" build"]
     }' "$scratch/lines" | sort
