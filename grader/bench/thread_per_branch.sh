#!/usr/bin/env bash
# Whether a thread-per-branch solver's grade depends on how busy the machine is.
#
#   bash grader/bench/thread_per_branch.sh [RUNS] [--container] [-- GRADE OPTIONS…]     e.g. 10 -- --sandbox required
#
# --container runs the grader as root under Docker's default confinement
# (`grader __docker-defaults`), where the sandbox runs at its container level.
#
# Copies the reference solution to a scratch directory and rewrites its solver to
# start a scoped thread for each branch instead of a rayon task (the submission of
# issue 33), grades it once to build it, then grades it RUNS times on the machine as
# it is and RUNS times with every core kept busy by a shell loop (`nproc` of them),
# all checks with the course's rubric (visible, twins and hidden). Prints each
# grading's score and its failed checks with their messages, then the distinct
# outcomes: one line means the grade did not depend on the load. WORK_DIR, when set,
# is the grader's work dir (one kept from an earlier run spares the first build).
set -euo pipefail
default_runs=10
# shellcheck source=common.sh
source "$(dirname "$0")/common.sh"
set -- "${rest[@]}"
busy=()
cleanup() {
    for pid in "${busy[@]}"; do kill "$pid" 2>/dev/null || true; done
    rm -rf "$scratch"
}
trap cleanup EXIT
chmod 711 "$scratch"  # the container level's job uids pass through to the work dir
cp -r "$kit/solution" "$scratch/submission"
rm -rf "$scratch/submission/target"
file="$scratch/submission/src/solve.rs"
rewrite() {
    grep -qF "$1" "$file" || { echo "solve.rs has no '$1' to rewrite" >&2; exit 2; }
    FROM="$1" TO="$2" perl -0pi -e 's/\Q$ENV{FROM}\E/$ENV{TO}/' "$file"
}
rewrite 'rayon::scope(|tasks| search.follow(' 'thread::scope(|tasks| search.follow('
rewrite "tasks: &rayon::Scope<'s>," "tasks: &'s thread::Scope<'s, '_>,"
rewrite 'tasks.spawn(move |tasks| self.follow(' 'tasks.spawn(move || self.follow('

grade() {
    "${wrap[@]}" "$grader" grade "$scratch/submission" --kit "$kit" --work-dir "${WORK_DIR:-$scratch/work}" \
        --format json --output "$scratch/report.json" "$@" 2>/dev/null || true
    python3 - "$scratch/report.json" <<'EOF'
import json, sys
report = json.load(open(sys.argv[1]))
failed = [c for c in report["checks"] if not c["passed"]]
messages = sorted({c["message"] for c in failed})
print(f"{report['score']:g}/{report['max_score']:g} failed: "
      + ", ".join(c["name"] for c in failed)
      + "".join(f"\n    {m}" for m in messages))
EOF
}
grade "$@" >/dev/null  # builds the submission
outcomes="$scratch/outcomes"
for load in quiet busy; do
    if [[ $load == busy ]]; then
        for _ in $(seq "$(nproc)"); do
            sh -c 'while :; do :; done' &
            busy+=("$!")
        done
    fi
    for i in $(seq 1 "$runs"); do
        started=$(date +%s%N)
        outcome=$(grade "$@")
        ms=$(( ($(date +%s%N) - started) / 1000000 ))
        echo "$load $i (${ms} ms, load average $(cut -d' ' -f1 /proc/loadavg)): ${outcome%%$'\n'*}"
        # One line per outcome, its messages included, for counting them below.
        echo "${outcome//$'\n'/ |}" >>"$outcomes"
    done
done
echo "distinct outcomes (score, failed checks, their messages) over $(( 2 * runs )) gradings:"
sort "$outcomes" | uniq -c | sed 's/ |    /\n        /g'
