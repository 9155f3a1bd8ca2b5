#!/usr/bin/env bash
# The class figures the guide quotes, from one measurement:
#
#   bash grader/bench/class_figures.sh [N]
#
# Makes a class of N distinct submissions (default 6; class.sh's variants in turn:
# the reference, the starter, a wrong Display, BFS in reverse, the opposite of EAST,
# a compile error in Part 2, a one-sided wall, DFS in reverse) and one submission
# that hangs (class.sh's `hangs`: Maze::new sleeps). With one work dir whose shared
# dependencies are built first (timed apart), it grades the class with
# `grade-all --jobs 1`, then again into a fresh output with `--jobs 2`, then the hung
# submission alone with `--jobs 1`; `--sandbox auto`, the debug grader the guide's
# commands run. Each line: what, wall seconds, CPU seconds (user + system, children
# included) and the load average when it started (the machine may be shared: a
# figure means little without it). Then the figures per submission, the disk of the
# work dir and of each output, and the arithmetic for a class of S students of whom
# H hang, as the guide gives it. The class and the work dir live in a scratch folder
# removed at the end (WORK_DIR=DIR keeps the work dir in DIR instead, so a second
# run skips building the dependencies).
set -euo pipefail
kit="$(cd "$(dirname "$0")/../.." && pwd)"
count="${1:-6}"
(( count >= 2 )) || { echo "class_figures.sh: N is at least 2" >&2; exit 2; }
cargo build --locked -q -p maze-grader --manifest-path "$kit/Cargo.toml"
grader="$kit/target/debug/grader"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
chmod 711 "$scratch"
work="${WORK_DIR:-$scratch/work}"
# shellcheck source=timed.sh
source "$kit/grader/bench/timed.sh"
# shellcheck source=class.sh
source "$kit/grader/bench/class.sh"

variants=(solution starter display bfs opposite broken one_sided dfs)
class="$scratch/class"
mkdir -p "$class"
for i in $(seq 1 "$count"); do
    make_submission "$(printf 'student-%02d' "$i")" "${variants[$(( (i - 1) % ${#variants[@]} ))]}"
done
class="$scratch/hung"
mkdir -p "$class"
make_submission stuck hangs
chmod -R go-rwx "$scratch/class" "$scratch/hung"

grade_all=("$grader" grade-all --sandbox auto --kit "$kit" --work-dir "$work")
# The work dir's largest size while the class is graded at --jobs 2 (each
# submission's build is removed once it is graded, so the end is not the peak).
watch_disk() {
    local peak=0 now
    while [[ ! -e "$scratch/stop" ]]; do
        now="$(du -sb "$work" 2>/dev/null | cut -f1)"
        (( ${now:-0} > peak )) && peak="$now" && echo "$peak" >"$scratch/work-peak"
        sleep 2
    done
}
echo "what wall_s cpu_s load"
timed dependencies "$grader" grade "$kit/starter" --kit "$kit" --work-dir "$work" --sandbox auto --format json --output /dev/null
jobs1="$(timed jobs-1 "${grade_all[@]}" "$scratch/class" --output-dir "$scratch/grades-1" --jobs 1)"
echo "$jobs1"
watch_disk &
jobs2="$(timed jobs-2 "${grade_all[@]}" "$scratch/class" --output-dir "$scratch/grades-2" --jobs 2)"
touch "$scratch/stop"
wait
echo "$jobs2"
hung="$(timed hung "${grade_all[@]}" "$scratch/hung" --output-dir "$scratch/grades-hung" --jobs 1)"
echo "$hung"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
grep -h '^graded' "$scratch/out-jobs-1" "$scratch/out-jobs-2" "$scratch/out-hung"
grep -h 'hung\|stuck\|budget' "$scratch/grades-hung/grades.csv" | head -3

mb() { du -sb "$1" | awk '{printf "%.0f", $1 / 1000000}'; }
kb() { du -sb "$1" | awk '{printf "%.0f", $1 / 1000}'; }
read -r _ w1 c1 _ <<<"$jobs1"
read -r _ w2 c2 _ <<<"$jobs2"
read -r _ wh ch _ <<<"$hung"
per() { echo "scale=1; $1 / $count" | bc; }
echo
echo "per submission: jobs 1 $(per "$w1") s wall, $(per "$c1") s CPU; jobs 2 $(per "$w2") s wall, $(per "$c2") s CPU"
echo "a hung submission: $wh s wall, $ch s CPU"
echo "disk: work dir $(mb "$work") MB at the end, $(awk '{printf "%.0f", $1 / 1000000}' "$scratch/work-peak") MB at most while grading at --jobs 2; output $(kb "$scratch/grades-2") KB for $count, $(echo "scale=0; $(kb "$scratch/grades-2") / $count" | bc) KB a submission"
echo
echo "minutes for S students, H of them hung, one 2-core machine, --jobs 2:"
echo "  (S - H) x $(per "$w2") / 60 + H x $wh / 2 / 60"
for s in 30 150 500; do
    for h in 0 5; do
        printf '  S=%s H=%s: %.1f min\n' "$s" "$h" "$(echo "(($s - $h) * $w2 / $count + $h * $wh / 2) / 60" | bc -l)"
    done
done
