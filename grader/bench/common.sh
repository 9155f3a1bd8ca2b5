# Sourced by the benchmarks that grade under a choice of confinement: reads
# `RUNS [--container] [--] …` from the script's arguments (RUNS defaults to the
# script's own `default_runs`), builds the grader once and makes a scratch folder.
# Sets `kit`, `runs`, `wrap` (the command that runs the grader under Docker's
# defaults with --container, else nothing), `grader`, `scratch` and `rest` (the
# arguments after these).
kit="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
runs="${1:-$default_runs}"
shift || true
wrap=()
if [[ "${1:-}" == "--container" ]]; then
    wrap=("$kit/target/debug/grader" __docker-defaults)
    shift
fi
[[ "${1:-}" == "--" ]] && shift
rest=("$@")
cargo build --locked -q -p maze-grader --manifest-path "$kit/Cargo.toml"
grader="$kit/target/debug/grader"
scratch="$(mktemp -d)"
