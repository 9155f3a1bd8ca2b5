#!/usr/bin/env bash
# Re-draws every figure and sample output of the handout with the reference
# solution's driver (`maze`, package maze-solution), run in starter/ with the
# arguments a student types there (so that a path in an error message is the
# student's `../fixtures/…`), and writes src/figures/README.md, which lists the
# student's command behind each file. The student's walk (grader/tests/grader/walk.rs)
# runs those commands in a template and compares their output with these files.
#
# Run it from anywhere: ./handout/figures.sh [-j N] [--with-report]
# -j N (or --jobs N) is passed to cargo, which otherwise uses every core. The builds
# and the texture table's test say --workspace, as the kit's test tiers do, so that
# they reuse the tiers' builds instead of building the solution's dependencies again
# with other features.
# Every output is deterministic (fixed seeds), so running it twice changes nothing
# unless the solution changed. With --with-report it also writes a student template
# (`grader dist`) and grades its untouched starter from the template's root, as a
# student does, for the sample report of §11 (visible checks only, no secret); that
# takes a few minutes, so it is left out unless asked for, and the last report made
# is kept.
set -euo pipefail

jobs=()
with_report=false
while [[ $# -gt 0 ]]; do
    case "$1" in
        -j | --jobs) jobs=(--jobs "${2:?figures.sh: $1 needs a number of jobs}"); shift ;;
        -j*) jobs=(--jobs "${1#-j}") ;;
        --with-report) with_report=true ;;
        *) echo "figures.sh: unknown argument $1 (allowed: -j N, --jobs N, --with-report)" >&2; exit 2 ;;
    esac
    shift
done

handout="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
kit="$(dirname "$handout")"
figures="$handout/src/figures"
cd "$kit"
mkdir -p "$figures"

# Build once, so that the commands below print nothing but their output. The
# binaries are where cargo puts them: CARGO_TARGET_DIR, or the kit's target/.
cargo build --quiet --locked --workspace --bins "${jobs[@]}"
target="${CARGO_TARGET_DIR:-$kit/target}"
maze="$target/debug/maze"

index="$figures/README.md"
cat > "$index" <<'HEADER'
# Figures and sample outputs

Every file here was made by the reference solution's driver, in `starter/`, by
`handout/figures.sh`; the commands below are what a student types there to get the
same output from their own code. Do not edit the files by hand: change the solution
or the script, then run the script again.

`one-sided-2x2.txt` and `arrows-2x3-board.txt` are the exceptions: a maze file and a
board file written by hand for §7.4 and §10.1, which the script reads.

| file | command |
| --- | --- |
HEADER

# figure FILE COMMAND...: runs `maze COMMAND...` in starter/ and saves its stdout in
# FILE.
figure() {
    local file="$1"
    shift
    (cd "$kit/starter" && "$maze" "$@") > "$figures/$file"
    echo "| \`$file\` | \`cargo run -q -- $*\` |" >> "$index"
}

# figure_error FILE COMMAND...: the same for a command that must fail; saves its
# stderr (the one-line error) instead.
figure_error() {
    local file="$1"
    shift
    if (cd "$kit/starter" && "$maze" "$@") > /dev/null 2> "$figures/$file"; then
        echo "figures.sh: \`maze $*\` was expected to fail" >&2
        exit 1
    fi
    echo "| \`$file\` | \`cargo run -q -- $*\` (its stderr) |" >> "$index"
}

# §1: a perfect maze.
figure perfect-12x8.svg generate --width 12 --height 8 --seed 1 --format svg
# §5: the same size and seed at both ends of the complexity scale, and the Maze JSON
# of the 5×5 maze that seed 1 makes (to compare yours with, bit for bit).
figure complexity-0.svg generate --width 12 --height 8 --complexity 0 --seed 7 --format svg
figure complexity-1.svg generate --width 12 --height 8 --complexity 1 --seed 7 --format svg
figure generate-5x5-seed1.json generate --width 5 --height 5 --seed 1 --format json
# §6: the worked example of the parallel solver.
figure solve-5x5-seed1.svg solve --width 5 --height 5 --seed 1 --format svg
figure solve-5x5-seed1.txt solve --width 5 --height 5 --seed 1 --format text
# §7 (overview and §7.6): the source project's sample run.
figure sample-run.txt rat ../fixtures/rat/sample.txt
# §7.4: a maze file with a one-sided door (one-sided-2x2.txt is written by hand:
# it is an input, not an output), and an error message of the file reader.
figure one-sided-2x2-run.txt rat ../handout/src/figures/one-sided-2x2.txt
figure_error rat-bad-file.txt rat ../fixtures/invalid/rat/value_is_two.txt
# §7.5: a generated rat maze.
figure rat-generated-5-seed3.txt rat --size 5 --seed 3
# §10: arrow mazes: the sample board (picture and run), a small hand-written board
# (arrows-2x3-board.txt is an input) with its doubled graph, an error message of the
# reader, and a generated board file.
figure arrows-sample.svg arrows ../fixtures/arrows/sample.txt --format svg
figure arrows-sample.txt arrows ../fixtures/arrows/sample.txt
figure arrows-2x3-run.txt arrows ../handout/src/figures/arrows-2x3-board.txt
figure arrows-2x3.svg arrows ../handout/src/figures/arrows-2x3-board.txt --format svg
figure arrows-2x3-graph.svg arrows ../handout/src/figures/arrows-2x3-board.txt --format graph-svg
figure_error arrows-bad-file.txt arrows ../fixtures/invalid/arrows/bad_color.txt
figure arrows-generated-5-seed1.txt arrows --generate 5 --seed 1
# §11: the driver's outputs.
figure generate-12x8-seed1.txt generate --width 12 --height 8 --seed 1
figure solve-12x8-seed1-unicode.txt solve --width 12 --height 8 --seed 1 --format unicode
figure_error generate-width-4.txt generate --width 4 --height 8

# §8: the six favors on the same seed, the tree rooted in the corner and in the
# centre, and the table of texture figures measured over 40 seeds (printed by an
# ignored test of solution/tests/texture.rs).
for favor in none age horizontal vertical zigzag straight; do
    figure "texture-$favor.svg" generate --algorithm weighted --favor "$favor" --width 16 --height 10 --seed 3 --format svg
done
figure texture-straight-center.svg generate --algorithm weighted --favor straight --root center --width 16 --height 10 --seed 3 --format svg
figure texture-zigzag-text.txt generate --algorithm weighted --favor zigzag --width 10 --height 6 --seed 3
# The texture table is the one exception: a test measures the generator and fails,
# printing the table to paste, when the file is out of date.
if ! measured=$(cargo test --quiet --locked --workspace "${jobs[@]}" --test texture the_handouts_texture_table 2>&1); then
    printf '%s\n' "$measured" >&2
    exit 1
fi
echo "| \`texture-table.md\` | \`cargo test --workspace --test texture the_handouts_texture_table\` checks it and, when it is out of date, prints the table to paste |" >> "$index"
# §9: a Prim maze, its backtracking path, and the same maze as text.
figure prim-12x8-seed2.svg solve --algorithm prim --solver backtrack --width 12 --height 8 --seed 2 --format svg
figure prim-12x8-seed2.txt solve --algorithm prim --solver backtrack --width 12 --height 8 --seed 2
figure prim-5x5-seed1.json generate --algorithm prim --width 5 --height 5 --seed 1 --format json
figure texture-5x5-seed1.json generate --algorithm weighted --favor zigzag --width 5 --height 5 --seed 1 --format json
figure_error play-no-terminal.txt play --level beginner --seed 1
# §9.3: screens of `maze play`, as the screen tests draw them on ratatui's
# TestBackend (their insta snapshots, without the quotes around each line).
for screen in the_path_is_shown_with_moves_and_time winning_shows_the_moves_and_the_time; do
    snapshot="solution/src/commands/play/snapshots/maze__commands__play__screen__tests__$screen.snap"
    grep '^"' "$snapshot" | sed -e 's/^"//' -e 's/"$//' -e 's/ *$//' > "$figures/play-$screen.txt"
    echo "| \`play-$screen.txt\` | the snapshot of the screen test \`$screen\` (\`cargo test -p maze-solution --bin maze\`) |" >> "$index"
done

# §11: a grader report on the unfinished starter (only with --with-report).
report=grade-starter.txt
report_command="NO_COLOR=1 cargo run -q -p maze-grader -- grade starter"
if [[ "$with_report" == true ]]; then
    template="$(mktemp -d)"
    trap 'rm -rf "$template"' EXIT
    "$target/debug/grader" dist --feedback-only "$template/course" > /dev/null
    # The kit's work directory (MAZE_GRADER_WORK_DIR, or the grader's default): its
    # harness dependencies are built already.
    work_dir="${MAZE_GRADER_WORK_DIR:-$target/grader}"
    (cd "$template/course" && NO_COLOR=1 "$target/debug/grader" grade starter --work-dir "$work_dir") > "$figures/$report"
fi
if [[ -f "$figures/$report" ]]; then
    echo "| \`$report\` | \`$report_command\` in a student template's root (made only by \`figures.sh --with-report\`) |" >> "$index"
fi

echo "figures.sh: wrote $(grep -c '^| `' "$index") files to ${figures#"$kit"/}"
