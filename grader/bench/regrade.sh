#!/usr/bin/env bash
# The student loop's cost: a warm re-grade after a one-line edit of a function body.
#
#   bash grader/bench/regrade.sh [RUNS] [--container] [-- GRADE OPTIONS…]     e.g. 12 -- --sandbox off
#
# --container runs the grader as root under Docker's default confinement
# (`grader __docker-defaults`), where the sandbox runs at its container level.
#
# Copies the reference solution to a scratch directory, grades it once (which builds
# the dependencies and the harness), then RUNS times changes one line of
# Search::follow (to an equivalent expression) and times a whole `grader grade` of
# all checks. Prints each run, the median, and how much of the CPU the hypervisor
# took meanwhile (steal, from /proc/stat), which on a shared VM moves the figures.
set -euo pipefail
default_runs=12
# shellcheck source=common.sh
source "$(dirname "$0")/common.sh"
set -- "${rest[@]}"
trap 'rm -rf "$scratch"' EXIT
chmod 711 "$scratch"  # the container level's job uids pass through to the work dir
cp -r "$kit/solution" "$scratch/submission"
rm -rf "$scratch/submission/target"
file="$scratch/submission/src/solve.rs"
grep -q 'if directions.len() > self.cell_count {' "$file"
grade() {
    "${wrap[@]}" "$grader" grade "$scratch/submission" --kit "$kit" --work-dir "$scratch/work" \
        --format json --output "$scratch/report.json" "$@" 2>/dev/null
}
grade "$@" || true
steal() { awk '/^cpu /{print $9}' /proc/stat 2>/dev/null || echo 0; }
steal_before=$(steal)
started=$(date +%s%N)
times=()
for i in $(seq 1 "$runs"); do
    sed -i "s/if directions.len() > self.cell_count.*{/if directions.len() > self.cell_count + $i - $i {/" "$file"
    t0=$(date +%s%N)
    grade "$@" || true
    t1=$(date +%s%N)
    ms=$(( (t1 - t0) / 1000000 ))
    times+=("$ms")
    score=$(grep -o '"score": *[0-9.]*' "$scratch/report.json" | head -1 | cut -d: -f2 | tr -d ' ')
    echo "run $i: $ms ms (score $score)"
done
elapsed=$(( ($(date +%s%N) - started) / 1000000 ))
stolen=$(( ($(steal) - steal_before) * 10 ))  # ticks of 10 ms, summed over all cores
cores=$(nproc)
sorted=($(printf '%s\n' "${times[@]}" | sort -n))
echo "median ${sorted[$(( runs / 2 ))]} ms, fastest ${sorted[0]} ms, slowest ${sorted[$(( runs - 1 ))]} ms over $runs runs"
echo "steal: $(( stolen * 100 / (elapsed * cores) )) % of the CPU while measuring"
