#!/usr/bin/env bash
# What a student waits for after a save, against what compiling their crate alone
# costs after the same edit (`cargo build --lib`, dependencies built), for two graders
# measured in one run, A B A B … (which one goes first alternates), each pair side by
# side and its ratio taken pair by pair:
#
#   1. save → the first failing check on `grader watch`'s output (its wait for the
#      save to be whole included: the student waits for it too), and save → watch's whole report,
#      after an edit of a plain function (`first`, `watched`) and of a generic one
#      that the probe instantiates (`first-g`, `watched-g`: `Queue::enqueue`)
#   2. a whole re-grade (`grader grade`) after a one-line edit, of the crate with one
#      check failing (`regrade`) and of the reference, every check passing
#      (`regrade-p`: where clippy reads the code whatever the grader)
#   3. a class submission (`grade-all --jobs 2` of 4 distinct submissions, per
#      submission) against compiling each submission's crate alone
#
#   bash grader/bench/first_failure.sh [--runs N] [--rounds N] BEFORE_GRADER BEFORE_KIT AFTER_GRADER AFTER_KIT
#
# The student's measures (1 and 2) grade with the kit as the student's template holds
# it, the course's secret left out (so no private twins or hidden checks run, as in a
# template `grader dist` made); the class (3) grades with the whole kit, as a course
# does, in a work dir of its own.
#
# The watched crate is the reference with one check broken (a position displays as
# "(3,4)"), as a student has it while working on that check; each save changes an
# equivalent line of Search::follow. Every figure comes with the load average when it
# was taken: on a shared machine the pairs keep the ratios fair, not the seconds.
# Prints each measurement, then each side's medians and the medians of its ratios.
set -euo pipefail
runs=7
rounds=2
while [[ $# -gt 0 && "$1" == --* ]]; do
    case "$1" in
        --runs) runs="$2"; shift 2 ;;
        --rounds) rounds="$2"; shift 2 ;;
        *) echo "first_failure.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
if [[ $# -ne 4 ]]; then
    echo "usage: first_failure.sh [--runs N] [--rounds N] BEFORE_GRADER BEFORE_KIT AFTER_GRADER AFTER_KIT" >&2
    exit 2
fi
declare -A grader kit student
grader[before]="$(realpath "$1")"; kit[before]="$(cd "$2" && pwd)"
grader[after]="$(realpath "$3")"; kit[after]="$(cd "$4" && pwd)"
scratch="$(mktemp -d)"
chmod 711 "$scratch"  # the container level's job uids pass through to the work dirs
# The student's kit: what the grader reads of a kit, the rubric without its secret.
for side in before after; do
    student[$side]="$scratch/$side/kit"
    mkdir -p "${student[$side]}/starter"
    cp -r "${kit[$side]}/Cargo.lock" "${kit[$side]}/fixtures" "${student[$side]}/"
    cp "${kit[$side]}/starter/Cargo.lock" "${student[$side]}/starter/"
    grep -v '^secret' "${kit[$side]}/fixtures/rubric.toml" >"${student[$side]}/fixtures/rubric.toml"
done
watchers=()
cleanup() {
    for pid in "${watchers[@]}"; do kill "$pid" 2>/dev/null || true; done
    rm -rf "$scratch"
}
trap cleanup EXIT
load() { cut -d' ' -f1 /proc/loadavg; }
echo "before: ${grader[before]} (kit ${kit[before]}, $(git -C "${kit[before]}" rev-parse --short HEAD 2>/dev/null || echo 'no git'))"
echo "after:  ${grader[after]} (kit ${kit[after]}, $(git -C "${kit[after]}" rev-parse --short HEAD 2>/dev/null || echo 'no git'))"
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"

# crate DIR SRC: a student's crate as the student has it (the starter's manifest and
# lock, SRC as its sources).
crate() {
    mkdir -p "$1"
    tar -C "${kit[after]}/starter" --exclude=./target --exclude=./src -cf - . | tar -C "$1" -xf -
    cp -r "$2" "$1/src"
}
broken() { sed -i 's/"({}, {})"/"({},{})"/' "$1/src/position.rs"; }
edit() { # DIR K: an equivalent change of one line of Search::follow
    sed -i "s/if directions.len() > self.cell_count.*{/if directions.len() > self.cell_count + $2 - $2 {/" "$1/src/solve.rs"
}
edit_generic() { # DIR K: an equivalent change of one line of Queue::enqueue (generic)
    sed -i "s/let back = (self.head + self.len.*) % self.slots.len();/let back = (self.head + self.len + $2 - $2) % self.slots.len();/" "$1/src/rat/queue.rs"
}
# build K [EDIT]: `cargo build --lib` of the base crate after edit K (EDIT: edit, or
# edit_generic); prints "wall cpu".
build() {
    "${2:-edit}" "$scratch/base" "$1"
    /usr/bin/time -f "%e %U %S" -o "$scratch/time" \
        cargo build --lib -q --offline --manifest-path "$scratch/base/Cargo.toml"
    awk '{ printf "%s %.3f\n", $1, $2 + $3 }' "$scratch/time"
}
stamp() { while IFS= read -r line; do printf '%s %s\n' "$EPOCHREALTIME" "$line"; done; }
# after_t LOG T0 PATTERN: the time of the first line of LOG after T0 that holds PATTERN.
after_t() {
    local deadline=$((SECONDS + 300)) found
    while ((SECONDS < deadline)); do
        found=$(awk -v t0="$2" -v p="$3" '$1 > t0 && index($0, p) { print $1; exit }' "$1")
        if [[ -n "$found" ]]; then echo "$found"; return; fi
        sleep 0.05
    done
    echo "first_failure.sh: no \"$3\" in $1 within 300 s" >&2
    exit 1
}
# cpu_of PID: the CPU seconds of PID and its reaped children.
cpu_of() { awk -v hz="$(getconf CLK_TCK)" '{ printf "%.3f\n", ($14 + $15 + $16 + $17) / hz }' "/proc/$1/stat"; }

crate "$scratch/base" "${kit[after]}/solution/src"
broken "$scratch/base"
cargo build --lib -q --locked --manifest-path "$scratch/base/Cargo.toml"
for side in before after; do
    g="${grader[$side]}"; sk="${student[$side]}"; w="$scratch/$side/work"
    mkdir -p "$scratch/$side"
    "$g" grade "${kit[$side]}/starter" --kit "$sk" --work-dir "$w" --format json --output /dev/null 2>/dev/null || true
    # The class's own work dir, seeded with the whole kit as a course's is.
    "$g" grade "${kit[$side]}/starter" --kit "${kit[$side]}" --work-dir "$scratch/$side/classwork" \
        --format json --output /dev/null 2>/dev/null || true
    for name in watched graded; do
        crate "$scratch/$side/$name" "${kit[after]}/solution/src"
        broken "$scratch/$side/$name"
    done
    crate "$scratch/$side/passing" "${kit[after]}/solution/src"
    for name in graded passing; do
        "$g" grade "$scratch/$side/$name" --kit "$sk" --work-dir "$w" --format json --output /dev/null 2>/dev/null || true
    done
    : >"$scratch/$side/watch.log"
    "$g" watch "$scratch/$side/watched" --kit "$sk" --work-dir "$w" </dev/null 2>/dev/null \
        > >(stamp >"$scratch/$side/watch.log") &
    watchers+=($!)
    echo "$!" >"$scratch/$side/pid"
    after_t "$scratch/$side/watch.log" 0 "Watching " >/dev/null
    echo "seeded and watching: $side"
done

: >"$scratch/results"
k=0
for i in $(seq 1 "$runs"); do
    order=(before after)
    ((i % 2)) || order=(after before)
    for side in "${order[@]}"; do
        k=$((k + 1))
        pid=$(cat "$scratch/$side/pid")
        for how in edit edit_generic; do
            suffix=""
            [[ "$how" == edit ]] || suffix="-g"
            l=$(load); c0=$(cpu_of "$pid"); t0=$EPOCHREALTIME
            "$how" "$scratch/$side/watched" "$k"
            first=$(after_t "$scratch/$side/watch.log" "$t0" "✗ position_display")
            full=$(after_t "$scratch/$side/watch.log" "$t0" "Watching ")
            sleep 0.2  # the watcher has reaped its children
            c1=$(cpu_of "$pid")
            read -r bw bc < <(build "$k" "$how")
            awk -v s="$side" -v x="$suffix" -v t0="$t0" -v f="$first" -v a="$full" -v c="$(echo "$c1 - $c0" | bc)" -v bw="$bw" -v bc="$bc" -v l="$l" 'BEGIN {
                printf "%s first%s %.3f - %s %s %s\n", s, x, f - t0, bw, bc, l
                printf "%s watched%s %.3f %.3f %s %s %s\n", s, x, a - t0, c, bw, bc, l
            }' | tee -a "$scratch/results"
        done
    done
    for side in "${order[@]}"; do
        g="${grader[$side]}"
        for name in graded passing; do
            k=$((k + 1))
            measure=regrade
            [[ "$name" == graded ]] || measure=regrade-p
            l=$(load)
            edit "$scratch/$side/$name" "$k"
            /usr/bin/time -f "%e %U %S" -o "$scratch/time" "$g" grade "$scratch/$side/$name" \
                --kit "${student[$side]}" --work-dir "$scratch/$side/work" --format json --output /dev/null 2>/dev/null || true
            read -r gw gc < <(awk '{ printf "%s %.3f\n", $1, $2 + $3 }' "$scratch/time")
            read -r bw bc < <(build "$k")
            echo "$side $measure $gw $gc $bw $bc $l" | tee -a "$scratch/results"
        done
    done
done

# A class: 4 distinct submissions (the reference, each with a constant of its own),
# graded together, per submission, then each compiled alone.
for round in $(seq 1 "$rounds"); do
    order=(before after)
    ((round % 2)) || order=(after before)
    for side in "${order[@]}"; do
        class="$scratch/class-$side-$round"
        for s in 1 2 3 4; do
            crate "$class/student$s" "${kit[after]}/solution/src"
            printf '\n/// This submission'"'"'s own.\npub const STUDENT: u32 = %d;\n' "$((round * 10 + s))" >>"$class/student$s/src/lib.rs"
        done
        l=$(load)
        /usr/bin/time -f "%e %U %S" -o "$scratch/time" "${grader[$side]}" grade-all "$class" \
            --kit "${kit[$side]}" --work-dir "$scratch/$side/classwork" --output-dir "$scratch/out-$side-$round" --jobs 2 >/dev/null 2>&1
        read -r gw gc < <(awk '{ printf "%.3f %.3f\n", $1 / 4, ($2 + $3) / 4 }' "$scratch/time")
        : >"$scratch/class-builds"
        for dir in "$class"/*; do
            rm -rf "$scratch/base/src"
            cp -r "$dir/src" "$scratch/base/src"
            cargo clean -q -p maze-starter --manifest-path "$scratch/base/Cargo.toml" 2>/dev/null
            /usr/bin/time -f "%e %U %S" -o "$scratch/time" \
                cargo build --lib -q --offline --manifest-path "$scratch/base/Cargo.toml"
            awk '{ printf "%s %.3f\n", $1, $2 + $3 }' "$scratch/time" >>"$scratch/class-builds"
        done
        read -r bw bc < <(awk '{ w += $1; c += $2 } END { printf "%.3f %.3f\n", w / NR, c / NR }' "$scratch/class-builds")
        echo "$side class $gw $gc $bw $bc $l" | tee -a "$scratch/results"
    done
done

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "-"; else if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
echo
echo "medians (seconds; ratios are medians of the pairs' ratios; load = the 1-minute load average over the pairs)"
printf '%-8s %-9s %6s %6s %6s %6s %8s %8s %s\n' side measure wall cpu b.wall b.cpu r.wall r.cpu load
for metric in first watched first-g watched-g regrade regrade-p class; do
    for side in before after; do
        rows=$(awk -v s="$side" -v m="$metric" '$1 == s && $2 == m' "$scratch/results")
        [[ -n "$rows" ]] || continue
        col() { echo "$rows" | awk -v c="$1" '$c != "-" { print $c }' | median; }
        rw=$(echo "$rows" | awk '{ printf "%.3f\n", $3 / $5 }' | median)
        rc=$(echo "$rows" | awk '$4 != "-" { printf "%.3f\n", $4 / $6 }' | median)
        lmin=$(echo "$rows" | awk '{ print $7 }' | sort -g | head -n 1)
        lmax=$(echo "$rows" | awk '{ print $7 }' | sort -g | tail -n 1)
        printf '%-8s %-9s %6s %6s %6s %6s %8s %8s %s-%s (%d pairs)\n' "$side" "$metric" "$(col 3)" "$(col 4)" \
            "$(col 5)" "$(col 6)" "$rw" "$rc" "$lmin" "$lmax" "$(echo "$rows" | wc -l)"
    done
done
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
