#!/usr/bin/env bash
# What grading costs against what compiling the student's crate alone costs, each
# pair measured side by side in one run (A B A B …, ratios taken pair by pair, so
# that a machine whose speed drifts still gives a fair ratio):
#
#   1. a warm re-grade after a one-line edit  vs  `cargo build --lib` after the same edit,
#      and its two shares against the same build: the build (a re-grade that runs one
#      check) and the checks (a grade with nothing to build)
#   2. a class of N distinct submissions (grade-all --jobs 2, seeded work dir)
#      vs  compiling each submission's crate alone (`cargo build --lib` after
#      `cargo clean -p maze-starter`, dependencies built)
#   3. a submission graded from a seeded work dir copied to another path (as a Slurm
#      task or a restored CI cache has it)  vs  one graded from the original
#
#   bash grader/bench/ratios.sh [--runs N] [--class N] [--grader PATH] [--kit DIR] [--only 1,2,3]
#
# --grader/--kit time another build of the grader (an older revision, for a before and
# after); by default the kit's own release build (built here if missing). Prints each
# side's median wall and CPU time, the median of the pairwise ratios, and the machine's
# load average and the share of the CPU the hypervisor took (steal) while it ran.
set -euo pipefail
kit="$(cd "$(dirname "$0")/../.." && pwd)"
runs=5
class_size=8
grader=""
only="1,2,3"
while [[ $# -gt 0 ]]; do
    case "$1" in
        --runs) runs="$2"; shift ;;
        --class) class_size="$2"; shift ;;
        --grader) grader="$2"; shift ;;
        --kit) kit="$(cd "$2" && pwd)"; shift ;;
        --only) only="$2"; shift ;;
        *) echo "ratios.sh: unknown argument $1" >&2; exit 2 ;;
    esac
    shift
done
if [[ -z "$grader" ]]; then
    cargo build --release --locked -q -p maze-grader --manifest-path "$kit/Cargo.toml"
    grader="$kit/target/release/grader"
fi
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
chmod 711 "$scratch"  # the container level's job uids pass through to the work dir

steal() { awk '/^cpu /{print $9}' /proc/stat; }
steal_start=$(steal); clock_start=$(date +%s%N)
echo "grader: $grader"
echo "kit: $kit ($(git -C "$kit" rev-parse --short HEAD 2>/dev/null || echo 'no git'))"
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"

# time_of OUT CMD…: runs CMD, appends "wall cpu" (seconds) to OUT; a command that
# fails voids the measurement (a build that stops at an error costs little).
time_of() {
    local out="$1"; shift
    if ! /usr/bin/time -f "%e %U %S" -o "$scratch/time" "$@" >/dev/null 2>"$scratch/stderr"; then
        echo "ratios.sh: failed, so nothing is measured: $*" >&2
        tail -n 5 "$scratch/stderr" >&2
        exit 1
    fi
    awk '{ printf "%s %.3f\n", $1, $2 + $3 }' "$scratch/time" >> "$out"
}
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# compare NAME A_FILE B_FILE: medians of both and of the pairwise ratios A/B.
compare() {
    local name="$1" a="$2" b="$3"
    local a_wall a_cpu b_wall b_cpu r_wall r_cpu
    a_wall=$(cut -d' ' -f1 "$a" | median); a_cpu=$(cut -d' ' -f2 "$a" | median)
    b_wall=$(cut -d' ' -f1 "$b" | median); b_cpu=$(cut -d' ' -f2 "$b" | median)
    r_wall=$(paste -d' ' "$a" "$b" | awk '$3 > 0 { printf "%.3f\n", $1 / $3 }' | median)
    r_cpu=$(paste -d' ' "$a" "$b" | awk '$4 > 0 { printf "%.3f\n", $2 / $4 }' | median)
    printf '%s (%d pairs)\n  grading: %s s wall, %s s CPU\n  against: %s s wall, %s s CPU\n  ratio (median of pairs): %s wall, %s CPU\n' \
        "$name" "$(wc -l < "$a")" "$a_wall" "$a_cpu" "$b_wall" "$b_cpu" "$r_wall" "$r_cpu"
}

# A student's crate as the student has it: the starter's manifest and lock, the
# reference's sources, its own target directory with the dependencies built.
student="$scratch/student"
mkdir -p "$student"
tar -C "$kit/starter" --exclude=./target --exclude=./src -cf - . | tar -C "$student" -xf -
cp -r "$kit/solution/src" "$student/src"
# The reference's sources as they came: the measurements below change the student's.
pristine="$scratch/pristine-src"
cp -r "$student/src" "$pristine"
cargo build --lib -q --locked --manifest-path "$student/Cargo.toml"
work="$scratch/work"
"$grader" grade "$kit/starter" --kit "$kit" --work-dir "$work" --format json --output /dev/null 2>/dev/null || true
echo "seeded: $work"

edit() { # FILE I: an equivalent change of one line of Search::follow
    sed -i "s/if directions.len() > self.cell_count.*{/if directions.len() > self.cell_count + $2 - $2 {/" "$1"
}

if [[ ",$only," == *",1,"* ]]; then
    regrade="$scratch/regrade"
    cp -r "$student" "$regrade"
    rm -rf "$regrade/target"
    "$grader" grade "$regrade" --kit "$kit" --work-dir "$work" --format json --output /dev/null 2>/dev/null || true
    : > "$scratch/1a"; : > "$scratch/1b"; : > "$scratch/1c"; : > "$scratch/1d"; : > "$scratch/1e"
    for i in $(seq 1 "$runs"); do
        edit "$regrade/src/solve.rs" "$i"
        time_of "$scratch/1a" "$grader" grade "$regrade" --kit "$kit" --work-dir "$work" --format json --output /dev/null
        edit "$student/src/solve.rs" "$i"
        time_of "$scratch/1b" cargo build --lib -q --offline --manifest-path "$student/Cargo.toml"
        # The two shares of a re-grade, each against the same build: the build (a
        # re-grade that runs one quick check) and the checks (a grade with nothing
        # to build).
        edit "$regrade/src/solve.rs" "$((i + runs))"
        time_of "$scratch/1c" "$grader" grade "$regrade" --kit "$kit" --work-dir "$work" \
            --check direction_opposite --format json --output /dev/null
        edit "$student/src/solve.rs" "$((i + runs))"
        time_of "$scratch/1d" cargo build --lib -q --offline --manifest-path "$student/Cargo.toml"
        time_of "$scratch/1e" "$grader" grade "$regrade" --kit "$kit" --work-dir "$work" --format json --output /dev/null
    done
    compare "1. a warm re-grade after a one-line edit, against cargo build --lib after the same edit" "$scratch/1a" "$scratch/1b"
    compare "1'. its build: a re-grade after a one-line edit that runs one check (--check direction_opposite), against cargo build --lib after the same edit" "$scratch/1c" "$scratch/1d"
    compare "1''. its checks: a grade with nothing to build (all checks), against cargo build --lib after a one-line edit" "$scratch/1e" "$scratch/1d"
fi

if [[ ",$only," == *",2,"* ]]; then
    # Distinct submissions (each its own constant), graded in chunks of four, each
    # chunk beside compiling its four crates alone.
    : > "$scratch/2a"; : > "$scratch/2b"
    chunk=4
    for first in $(seq 1 "$chunk" "$class_size"); do
        class="$scratch/class-$first"
        mkdir -p "$class"
        for i in $(seq "$first" $(( first + chunk - 1 ))); do
            [[ $i -le $class_size ]] || break
            mkdir -p "$class/student$i"
            tar -C "$student" --exclude=./target --exclude=./src -cf - . | tar -C "$class/student$i" -xf -
            cp -r "$pristine" "$class/student$i/src"
            printf '\n/// This submission'"'"'s own.\npub const STUDENT: u32 = %d;\n' "$i" >> "$class/student$i/src/lib.rs"
        done
        n=$(find "$class" -mindepth 1 -maxdepth 1 | wc -l)
        time_of "$scratch/2a.raw" "$grader" grade-all "$class" --kit "$kit" --work-dir "$work" \
            --output-dir "$scratch/out-$first" --jobs 2
        # Every submission is the reference's: anything less than full marks would
        # be a build or a run cut short, and a cheaper one.
        if awk -F, 'NR > 1 && ($2 != "graded" || $3 != $4) { bad = 1 } END { exit !bad }' "$scratch/out-$first/grades.csv"; then
            echo "ratios.sh: a submission of the class did not get full marks, so nothing is measured" >&2
            exit 1
        fi
        tail -n 1 "$scratch/2a.raw" | awk -v n="$n" '{ printf "%.3f %.3f\n", $1 / n, $2 / n }' >> "$scratch/2a"
        : > "$scratch/2b.chunk"
        for dir in "$class"/*; do
            rm -rf "$student/src"
            cp -r "$dir/src" "$student/src"
            cargo clean -q -p maze-starter --manifest-path "$student/Cargo.toml" 2>/dev/null
            time_of "$scratch/2b.chunk" cargo build --lib -q --offline --manifest-path "$student/Cargo.toml"
        done
        awk -v n="$n" '{ w += $1; c += $2 } END { printf "%.3f %.3f\n", w / n, c / n }' "$scratch/2b.chunk" >> "$scratch/2b"
    done
    compare "2. a class of $class_size distinct submissions, a submission graded (grade-all --jobs 2), against compiling its crate alone" "$scratch/2a" "$scratch/2b"
fi

if [[ ",$only," == *",3,"* ]]; then
    copy="$scratch/elsewhere/a-longer-path/work-copied"
    mkdir -p "$(dirname "$copy")"
    cp -a "$work" "$copy"
    : > "$scratch/3a"; : > "$scratch/3b"
    for i in $(seq 1 "$runs"); do
        for side in copy original; do
            sub="$scratch/seed-$side-$i"
            mkdir -p "$sub"
            tar -C "$student" --exclude=./target --exclude=./src -cf - . | tar -C "$sub" -xf -
            cp -r "$pristine" "$sub/src"
            printf '\npub const STUDENT: u32 = %d;\n' "$i" >> "$sub/src/lib.rs"
        done
        time_of "$scratch/3a" "$grader" grade "$scratch/seed-copy-$i" --kit "$kit" --work-dir "$copy" --format json --output /dev/null
        time_of "$scratch/3b" "$grader" grade "$scratch/seed-original-$i" --kit "$kit" --work-dir "$work" --format json --output /dev/null
    done
    echo "3. first submission from the copied seed: $(head -n 1 "$scratch/3a") (wall, CPU s); from the original: $(head -n 1 "$scratch/3b")"
    compare "3. a new submission graded from a copied seed, against one from the original" "$scratch/3a" "$scratch/3b"
fi

elapsed=$(( ($(date +%s%N) - clock_start) / 1000000 ))
stolen=$(( ($(steal) - steal_start) * 10 ))
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg); steal: $(( stolen * 100 / (elapsed * $(nproc)) )) % of the CPU while measuring"
