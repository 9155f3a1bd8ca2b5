#!/usr/bin/env bash
# Tries the kit on the real engines courses grade with, as a new user would, and
# checks what each one must show:
#
#   1. Docker: `docker build -f Containerfile` (the grader image), then a small class
#      graded in a container started with `docker run`'s default flags (no
#      --privileged, no added capability) plus `--network host`, so that the
#      sandbox, not Docker, must refuse the network: the reference earns full marks,
#      the starter nothing, and seven hostile submissions are contained, each shown
#      with the evidence looked for (a listener on the host's 127.0.0.1 that logs no
#      connection from a job, no leftover process alive in `ps`, the course's secret
#      nowhere in the output, the limit that stopped it named in the report, ...).
#   2. Gradescope: the package (`grader gradescope`) built into an image the way
#      Gradescope builds one (source/ copied to /autograder/source, setup.sh run on
#      the image the Containerfile starts FROM), then `run_autograder` in a fresh
#      container for the reference, the starter and a hostile submission: a
#      results.json every time, naming the sandbox level.
#   3. Slurm: the recipe (recipes/slurm-grade-class.sbatch) submitted as an ordinary
#      user, built and seeded as its header says, the array and the dependent merge
#      waited for, and the merged grades.csv and summary.md compared with the same
#      class graded whole.
#
# One line per step with its time; a missing engine (no `docker info`, no `sinfo`) is
# one line saying what was skipped and why. Exits 1 when anything checked fails.
#
#   bash recipes/try-engines.sh        # from anywhere; as root, or a user of the docker group
#
# Environment: DOCKER (the client, default docker), TRY_ENGINES_IMAGE (an image already
# built from this kit's Containerfile: used instead of building one), TRY_ENGINES_WORK (scratch, default
# a new directory in /var/tmp, kept at the end for inspection), TRY_ENGINES_SLURM_USER
# (run as root: the ordinary user who submits to Slurm, created if missing; default
# maze-ta), TRY_ENGINES_SHARDS (the Slurm array's size, default 2).
set -euo pipefail
# The whole script is one block, read before it runs: editing the file while it runs
# changes nothing of the run.
{
kit=$(cd "$(dirname "$0")/.." && pwd)
DOCKER=${DOCKER:-docker}
image=${TRY_ENGINES_IMAGE:-perfect-mazes-grader:try-engines}
gs_image=perfect-mazes-gradescope:try-engines
work=${TRY_ENGINES_WORK:-$(mktemp -d /var/tmp/try-engines.XXXXXX)}
mkdir -p "$work/logs"
failures=0
started_all=$EPOCHREALTIME

# ---- reporting -------------------------------------------------------------------------

seconds_since() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }'; }
step_started=$EPOCHREALTIME
begin() { step_started=$EPOCHREALTIME; }
ok() { printf 'ok    %s (%s s)\n' "$1" "$(seconds_since "$step_started")"; }
skip() { printf 'skip  %s\n' "$1"; }
fail() { printf 'FAIL  %s\n' "$1"; failures=$((failures + 1)); }
evidence() { printf '        %s\n' "$1"; }
# A step's command, its output kept in a log; on failure the log's end is shown.
logged() {
    local log="$work/logs/$1.log"
    shift
    if ! "$@" >"$log" 2>&1; then
        tail -n 15 "$log" | sed 's/^/        | /'
        return 1
    fi
}

command -v python3 >/dev/null || { echo "try-engines: python3 is needed (the listener, reading JSON)" >&2; exit 2; }
printf 'try-engines: kit %s, scratch %s, %s cores, load average %s\n' \
    "$kit" "$work" "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)"

# ---- a listener on the host's 127.0.0.1 that logs every connection -----------------------

listener_log="$work/listener.log"
: >"$listener_log"
python3 - "$work/listener.port" "$listener_log" <<'PY' &
import socket, sys
server = socket.socket()
server.bind(("127.0.0.1", 0))
server.listen(64)
with open(sys.argv[1] + ".tmp", "w") as f:
    f.write(str(server.getsockname()[1]))
import os; os.rename(sys.argv[1] + ".tmp", sys.argv[1])
while True:
    conn, peer = server.accept()
    conn.settimeout(2)
    try:
        said = conn.recv(200)
    except OSError:
        said = b""
    with open(sys.argv[2], "a") as log:
        log.write(f"connection from {peer[0]}:{peer[1]}: {said!r}\n")
    conn.close()
PY
listener_pid=$!
containers=()
# shellcheck disable=SC2329 # run by the EXIT trap
cleanup() {
    kill "$listener_pid" 2>/dev/null || true
    for c in "${containers[@]}"; do "$DOCKER" rm -f "$c" >/dev/null 2>&1 || true; done
}
trap cleanup EXIT
for _ in $(seq 1 50); do [ -s "$work/listener.port" ] && break; sleep 0.1; done
port=$(cat "$work/listener.port")
connections() { grep -c . "$listener_log" || true; }

# ---- submissions -----------------------------------------------------------------------

secret=$(sed -n 's/^secret = "\(.*\)"$/\1/p' "$kit/fixtures/rubric.toml")
[ -n "$secret" ] || { echo "try-engines: no secret in $kit/fixtures/rubric.toml" >&2; exit 2; }

# A crate in the starter's layout from CRATE's src/ (solution or starter).
submission() {
    local crate=$1 dir=$2
    rm -rf "$dir"
    mkdir -p "$dir"
    cp -r "$kit/$crate/src" "$dir/src"
    printf '[package]\nname = "submission"\nversion = "0.1.0"\nedition = "2024"\n' >"$dir/Cargo.toml"
}

# A copy of the reference whose Position's Display (the position_display check) first
# runs CODE, once per process, as the kit's own hostile tests do with a function body
# (grader/tests/grader/sandbox.rs). CODE ends by panicking with what it saw, so that
# the report carries it.
hostile() {
    local dir=$1 code=$2 file
    submission solution "$dir"
    file="$dir/src/position.rs"
    [ "$(grep -c 'write!(f, "({}, {})", self.x, self.y)' "$file")" = 1 ] ||
        { echo "try-engines: Position's Display is not where it was in solution/src/position.rs" >&2; exit 2; }
    sed -i 's/write!(f, "({}, {})", self.x, self.y)/{ hostile(); write!(f, "({}, {})", self.x, self.y) }/' "$file"
    printf '\npub(crate) fn hostile() {\n    static ONCE: std::sync::Once = std::sync::Once::new();\n    ONCE.call_once(|| {\n%s\n    });\n}\n' "$code" >>"$file"
}

# Rust: reads each of PATHS (a Rust list of string literals), noting in `seen` what it
# read (the text itself, which would put the course's secret into the report).
reads_code() {
    cat <<RUST
        for path in [$1] {
            match std::fs::read_to_string(path) {
                Ok(text) => seen.push_str(&format!("LEAKED {path}: {text}\n")),
                Err(error) => seen.push_str(&format!("DENIED {path}: {error}\n")),
            }
        }
RUST
}

# Rust: connects to the host's listener, noting in `seen` what became of it.
connect_code() {
    cat <<RUST
        match std::net::TcpStream::connect(("127.0.0.1", $port)) {
            Ok(mut stream) => {
                let _ = std::io::Write::write_all(&mut stream, b"from a job");
                seen.push_str("CONNECTED to 127.0.0.1:$port\n");
            }
            Err(error) => seen.push_str(&format!("NOCONNECT 127.0.0.1:$port: {error}\n")),
        }
RUST
}

# Rust that runs CODE, then fails its check with what CODE noted.
noting() { printf '        let mut seen = String::new();\n%s\n        panic!("{seen}");' "$1"; }

# Appends to the hostile submission DIR fn fork_named(NAME, AGAIN), which forks a child
# that renames itself NAME (what `pgrep -x` finds), leaves the job's session and sleeps
# forever, forking again every second when AGAIN (the kit's container tests use the same
# file). Landlock keeps the jobs from running other programs (`sleep`), so the leftovers
# are the job's own copies.
with_fork_named() { cat "$kit/grader/tests/hostile/fork_named.rs" >>"$1/src/position.rs"; }

# The names the leftovers take, unique to this run (a process name is 15 characters at
# most: a longer one would be cut, and pgrep -x would find nothing whatever ran).
leftover="left$RANDOM"
bomb="bomb$RANDOM"
marker="$$-$RANDOM"
write_paths=(/kit/fixtures/rubric.toml "/kit/planted-$marker" "/work/planted-$marker"
    "/usr/local/cargo/bin/planted-$marker" "/grading/out/planted-$marker" "/tmp/planted-$marker")
write_list=$(printf '"%s", ' "${write_paths[@]}")

# The class: the reference, the starter and one submission per attack.
class="$work/class"
mkdir -p "$class"
submission solution "$class/reference"
submission starter "$class/starter"
hostile "$class/leaves-a-process" "
        let pid = fork_named(\"$leftover\", false);
        panic!(\"LEFTOVER forked {pid} ($leftover)\");"
with_fork_named "$class/leaves-a-process"
hostile "$class/connects-to-the-host" "$(noting "$(connect_code)")"
hostile "$class/reads-the-kit" "$(noting "$(reads_code '"/kit/fixtures/rubric.toml", "/kit/fixtures/snapshots/position_display.twin.snap", "/kit/grader/src/checks/hidden.rs"')")"
submission solution "$class/includes-the-rubric"
printf '\npub const STOLEN: &str = include_str!("/kit/fixtures/rubric.toml");\n' >>"$class/includes-the-rubric/src/lib.rs"
hostile "$class/process-bomb" "
        let mut forked = 0;
        let stopped = loop {
            if fork_named(\"$bomb\", true) < 0 {
                break std::io::Error::last_os_error().to_string();
            }
            forked += 1;
            if forked == 10_000 {
                break String::from(\"nothing\");
            }
        };
        panic!(\"BOMB forked {forked}, then: {stopped}\");"
with_fork_named "$class/process-bomb"
hostile "$class/huge-allocation" "
        let hog = vec![1u8; 16 << 30];
        std::hint::black_box(&hog);
        panic!(\"ALLOCATED 16 GiB\");"
hostile "$class/writes-outside" "
        use std::io::Write as _;
        let mut seen = String::new();
        for path in [$write_list] {
            let wrote = std::fs::OpenOptions::new().append(true).create(true).open(path)
                .and_then(|mut f| f.write_all(b\"planted\\n\"));
            match wrote {
                Ok(()) => seen.push_str(&format!(\"PLANTED {path}\\n\")),
                Err(error) => seen.push_str(&format!(\"NOPLANT {path}: {error}\\n\")),
            }
        }
        panic!(\"{seen}\");"

# What a graded submission's results.json says: its score, the level, and for the check
# that ran the attack, its message and output; for a build error, the build's.
read_result() {
    python3 - "$1" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
def points(x):
    return f"{x:g}"
print(f"score\t{points(r.get('score', -1))}/{points(r.get('max_score', -1))}")
print(f"sandbox\t{r.get('sandbox')}")
check = next((c for c in r.get("checks", []) if c.get("name") == "position_display"), {})
said = " ".join(str(check.get(k) or "") for k in ("message", "output"))
said += " " + json.dumps(r.get("build_errors") or "")
print("said\t" + " ".join(said.split()))
PY
}
field() { printf '%s\n' "$2" | awk -F'\t' -v k="$1" '$1 == k { print $2 }'; }

# ---- 1. Docker -------------------------------------------------------------------------

alive() { pgrep -c -x "$1" || true; }

docker_class() {
    local out="$work/class-out" name container="try-engines-class-$$"
    mkdir -p "$out"
    begin
    # The container is started with Docker's defaults; the class is graded with
    # `docker exec`, which runs under the same confinement (capabilities, seccomp
    # profile, namespaces), so that the container outlives the grading and a process
    # a job left behind would still be there for `ps` to find.
    "$DOCKER" run -d --name "$container" --network host \
        -v "$class:/grading/class:ro" -v "$out:/grading/out" \
        --entrypoint sleep "$image" infinity >/dev/null
    containers+=("$container")
    local confinement
    confinement=$("$DOCKER" inspect -f 'privileged {{.HostConfig.Privileged}}, added capabilities {{.HostConfig.CapAdd}}, security options {{.HostConfig.SecurityOpt}}, network {{.HostConfig.NetworkMode}}' "$container")
    # Root in the container reaches the host's listener: the network is there, so
    # only the sandbox can keep the jobs from it.
    "$DOCKER" exec "$container" bash -c "echo container-root >/dev/tcp/127.0.0.1/$port"
    sleep 0.5
    local before
    before=$(connections)
    if ! logged class "$DOCKER" exec "$container" /kit/target/release/grader grade-all /grading/class --output-dir /grading/out; then
        fail "class: grade-all in the container failed (log: $work/logs/class.log)"
        return
    fi
    sleep 1
    local after left bomb_left planted
    after=$(connections)
    left=$(alive "$leftover")
    bomb_left=$(alive "$bomb")
    # shellcheck disable=SC2016 # expanded by the container's shell
    planted=$("$DOCKER" exec "$container" sh -c 'for p in "$@"; do [ -e "$p" ] && echo "$p"; done; true' sh \
        "${write_paths[@]:1}" || true)
    local rubric_inside
    rubric_inside=$("$DOCKER" exec "$container" sha256sum /kit/fixtures/rubric.toml | cut -d' ' -f1)
    "$DOCKER" rm -f "$container" >/dev/null
    ok "class: docker run ($confinement) graded ${#names[@]} submissions at the container level"
    evidence "$(grep '^graded' "$work/logs/class.log")"

    local r score level said
    for name in "${names[@]}"; do
        if [ ! -s "$out/$name/results.json" ]; then
            fail "class: $name has no results.json"
            continue
        fi
        r=$(read_result "$out/$name/results.json")
        score=$(field score "$r"); level=$(field sandbox "$r"); said=$(field said "$r")
        [ "$level" = container ] || fail "class: $name was graded at the $level level, not the container level"
        if grep -rqF "$secret" "$out/$name"; then
            fail "class: $name: the course's secret is in its report"
        fi
        case $name in
        reference)
            if [ "${score%%/*}" = "${score##*/}" ]; then evidence "reference          $score, sandbox $level"; else fail "class: the reference got $score, not full marks"; fi ;;
        starter)
            if [ "${score%%/*}" = 0 ]; then evidence "starter            $score, sandbox $level"; else fail "class: the starter got $score, not 0"; fi ;;
        leaves-a-process)
            if [[ $said == *"LEFTOVER forked "[1-9]* ]] && [ "$left" = 0 ]; then
                evidence "contained  a process left running: the report says '$(grep -o 'LEFTOVER forked [0-9]* ([^)]*)' <<<"$said")' -- processes named $leftover alive after grading (pgrep on the host, the container still up): 0"
            else
                fail "class: leaves-a-process: the report says '${said:0:200}'; processes named $leftover alive after grading: $left"
            fi ;;
        connects-to-the-host)
            if [[ $said == *NOCONNECT* ]] && [ "$after" = "$before" ] && [ "$before" -ge 1 ]; then
                evidence "contained  a connection to the host's 127.0.0.1:$port: the report says '$(grep -o 'NOCONNECT[^)]*)' <<<"$said" | head -1)' -- the listener logged $before connection(s), the container's root's before grading, and none from the jobs"
            else
                fail "class: connects-to-the-host: the listener logged $before connection(s) before grading and $after after; the report says '${said:0:200}'"
            fi ;;
        reads-the-kit)
            if [[ $said == *DENIED* && $said != *LEAKED* ]]; then
                evidence "contained  a read of the kit's private files: $(grep -o 'DENIED [^:]*' <<<"$said" | wc -l) of 3 denied ($(grep -o 'DENIED [^:]*: [^(]*' <<<"$said" | head -1 | sed 's/ *$//')), the secret nowhere in the output"
            else
                fail "class: reads-the-kit: '${said:0:300}'"
            fi ;;
        includes-the-rubric)
            if [[ $said == *"couldn't read"* || $said == *"Permission denied"* ]]; then
                evidence "contained  the rubric included at compile time: the build says '$(grep -o "couldn't read [^:]*: [^(]*" <<<"$said" | head -1 | sed 's/ *$//')', score $score, the secret nowhere in the output"
            else
                fail "class: includes-the-rubric: the build did not say it could not read the rubric: '${said:0:300}'"
            fi ;;
        process-bomb)
            # Bounded either way: the sandbox kills the job at its process limit, or the
            # kernel refuses the fork that would pass it (RLIMIT_NPROC counts the probe's
            # other threads too, so the bomb may stop itself first).
            if [[ $said == *"too many processes"* ]] && [ "$bomb_left" = 0 ]; then
                evidence "contained  a fork bomb: the report says '$(grep -o 'killed: too many processes[^)]*)' <<<"$said" | head -1)' -- processes named $bomb alive after grading: 0"
            elif [[ $said == *"BOMB forked"*"Resource temporarily unavailable"* ]] && [ "$bomb_left" = 0 ]; then
                evidence "contained  a fork bomb: the kernel refused its fork at the process limit, the report says '$(grep -o 'BOMB forked [0-9]*, then: [^(]*' <<<"$said" | head -1 | sed 's/ *$//')' -- processes named $bomb alive after grading: 0"
            else
                fail "class: process-bomb: processes named $bomb alive after grading: $bomb_left; the report says '${said:0:300}'"
            fi ;;
        huge-allocation)
            if [[ $said == *"out of memory"* && $said != *ALLOCATED* ]]; then
                evidence "contained  a 16 GiB allocation: the report says '$(grep -o 'out of memory[^)]*)' <<<"$said" | head -1)'"
            else
                fail "class: huge-allocation: '${said:0:300}'"
            fi ;;
        writes-outside)
            if [[ $said != *"PLANTED /kit"* && $said != *"PLANTED /work"* && $said != *"PLANTED /usr"* && $said != *"PLANTED /grading"* ]] &&
                [ -z "$planted" ] && [ "$rubric_inside" = "$(sha256sum "$kit/fixtures/rubric.toml" | cut -d' ' -f1)" ]; then
                evidence "contained  writes outside its scratch: $(grep -o 'NOPLANT' <<<"$said" | wc -l) of ${#write_paths[@]} refused, none of the files there after grading, /kit's rubric unchanged"
            else
                fail "class: writes-outside: left '$planted'; rubric $rubric_inside; the report says '${said:0:300}'"
            fi ;;
        esac
        case $name in reference | starter) ;; *) [ "${score%%/*}" != "${score##*/}" ] || fail "class: $name earned full marks" ;; esac
    done
}

# ---- 2. Gradescope ---------------------------------------------------------------------

gradescope() {
    local dir="$work/gradescope" base
    rm -rf "$dir"; mkdir -p "$dir/context"
    begin
    # Without a network: the package's lock is resolved from the registry's index the
    # image's own build cached, with nothing to download.
    if ! logged gradescope-zip "$DOCKER" run --rm --network none -v "$dir:/out" "$image" gradescope /out/autograder.zip; then
        fail "gradescope: grader gradescope failed"; return
    fi
    python3 -m zipfile -e "$dir/autograder.zip" "$dir/context/source"
    chmod +x "$dir/context/source/setup.sh" "$dir/context/source/run_autograder"
    ok "gradescope package: grader gradescope OUT.zip with no network, $(du -k "$dir/autograder.zip" | cut -f1) KB"

    # Gradescope's image build: the zip's files in /autograder/source, setup.sh run
    # there, run_autograder copied to /autograder. Its base is Ubuntu's; here the image
    # the Containerfile starts FROM (with Rust already under /usr/local, so setup.sh
    # skips rustup and builds the grader with it).
    base=$(awk 'toupper($1) == "FROM" { print $2; exit }' "$kit/Containerfile")
    printf 'FROM %s\nCOPY source /autograder/source\nRUN cd /autograder/source && bash ./setup.sh && cp run_autograder /autograder/run_autograder\n' \
        "$base" >"$dir/context/Dockerfile"
    begin
    if ! logged gradescope-image "$DOCKER" build --network host -t "$gs_image" "$dir/context"; then
        fail "gradescope image: setup.sh failed (log: $work/logs/gradescope-image.log)"; return
    fi
    ok "gradescope image: FROM $base, source/ copied, setup.sh run (the grader built, sandbox-check passed, the dependencies built)"
    # setup.sh's sandbox-check again, in a container as Gradescope runs one (the build's
    # own output is not there when Docker took the image from its cache).
    begin
    logged gradescope-sandbox-check "$DOCKER" run --rm "$gs_image" /autograder/source/target/release/grader \
        sandbox-check --kit /autograder/source --work-dir /autograder/work || true
    local trials missing
    trials=$(grep -c '✓' "$work/logs/gradescope-sandbox-check.log" || true)
    missing=$(grep -o '✗ [a-z]*' "$work/logs/gradescope-sandbox-check.log" | cut -c5- | paste -sd, || true)
    if grep -q -- '--sandbox required grades here, at the container level.' "$work/logs/gradescope-sandbox-check.log"; then
        ok "gradescope sandbox-check in a fresh container: $trials passed, missing: ${missing:-none}; '--sandbox required grades here, at the container level.'"
    else
        fail "gradescope sandbox-check: it did not say it grades at the container level (log: $work/logs/gradescope-sandbox-check.log)"
    fi

    local hostile_dir="$work/gradescope-hostile"
    # The hostile one reads the package's private files, then connects to the host.
    hostile "$hostile_dir" "$(noting "$(reads_code '"/autograder/source/fixtures/rubric.toml", "/autograder/source/fixtures/snapshots/position_display.twin.snap", "/autograder/source/grader/src/checks/hidden.rs"')
$(connect_code)")"
    submission solution "$work/gradescope-reference"
    submission starter "$work/gradescope-starter"
    local who sub results r score level said before
    for who in reference starter hostile; do
        sub="$work/gradescope-$who"
        results="$dir/results-$who"
        rm -rf "$results"; mkdir -p "$results"
        before=$(connections)
        begin
        if ! logged "run-autograder-$who" "$DOCKER" run --rm --network host \
            -v "$sub:/autograder/submission:ro" -v "$results:/autograder/results" \
            "$gs_image" /autograder/run_autograder; then
            fail "run_autograder $who: exited non-zero"; continue
        fi
        if [ ! -s "$results/results.json" ]; then
            fail "run_autograder $who: no results.json"; continue
        fi
        r=$(python3 - "$results/results.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
total = sum(t.get("max_score", 0) for t in r["tests"])
print(f"{r['score']:g}/{total:g}\t{r.get('sandbox')}\t{r.get('output', '').splitlines()[0] if r.get('output') else ''}")
said = [t.get("output", "") for t in r["tests"] if t.get("name", "").startswith("position_display")]
print(" ".join(" ".join(said).split()))
PY
)
        score=$(sed -n 1p <<<"$r" | cut -f1); level=$(sed -n 1p <<<"$r" | cut -f2); said=$(sed -n 2p <<<"$r")
        local line
        line="run_autograder $who in a fresh container: results.json $score, sandbox $level ('$(sed -n 1p <<<"$r" | cut -f3)')"
        [ "$level" = container ] || { fail "$line: not the container level"; continue; }
        ! grep -qF "$secret" "$results/results.json" || { fail "$line: the course's secret is in results.json"; continue; }
        case $who in
        reference) if [ "${score%%/*}" = "${score##*/}" ]; then ok "$line"; else fail "$line: not full marks"; fi ;;
        starter) if [ "${score%%/*}" = 0 ]; then ok "$line"; else fail "$line: not 0"; fi ;;
        hostile)
            if [[ $said == *DENIED* && $said != *LEAKED* && $said == *NOCONNECT* ]] && [ "$(connections)" = "$before" ]; then
                ok "$line"
                evidence "contained  reads of /autograder/source: $(grep -o 'DENIED' <<<"$said" | wc -l) of 3 denied, the secret nowhere in results.json; a connection to the host's 127.0.0.1:$port: '$(grep -o 'NOCONNECT[^)]*)' <<<"$said" | head -1)', the listener logged none"
            else
                fail "$line: not contained: '${said:0:300}', listener $before -> $(connections) connections"
            fi ;;
        esac
    done
}

# ---- 3. Slurm --------------------------------------------------------------------------

slurm() {
    local ta shards=${TRY_ENGINES_SHARDS:-2}
    if [ "$(id -u)" = 0 ]; then
        ta=${TRY_ENGINES_SLURM_USER:-maze-ta}
        id "$ta" >/dev/null 2>&1 || useradd -m -s /bin/bash "$ta"
    else
        ta=$(id -un)
    fi
    local home
    home=$(getent passwd "$ta" | cut -d: -f6)
    local base="$home/try-engines"
    # The user's own toolchain, or (run as root) root's, reached through its directories.
    local cargo_bin sysroot
    cargo_bin=$(dirname "$(command -v cargo)")
    sysroot=$(rustc --print sysroot)
    as_ta() {
        if [ "$(id -u)" = 0 ]; then
            runuser -u "$ta" -- env -i HOME="$home" USER="$ta" LOGNAME="$ta" \
                PATH="$sysroot/bin:$cargo_bin:/usr/local/bin:/usr/bin:/bin" \
                CARGO_HOME="$home/.cargo" bash -c "$1"
        else
            bash -c "$1"
        fi
    }
    if [ "$(id -u)" = 0 ] && ! as_ta 'cargo --version' >/dev/null 2>&1; then
        local dir
        for dir in $(p=$sysroot; while [ "$p" != / ]; do p=$(dirname "$p"); echo "$p"; done); do
            if [ "$(( 0$(stat -c %a "$dir") & 1 ))" = 0 ]; then
                echo "        note: letting others pass through $dir (chmod o+x) so that $ta reaches the toolchain in $sysroot"
                chmod o+x "$dir"
            fi
        done
    fi

    begin
    as_ta "rm -rf '$base' && mkdir -p '$base/kit/target/release' '$base/class'"
    tar -C "$kit" --exclude=./target --exclude=./.git --exclude=./handout/book -c . | as_ta "tar -x -C '$base/kit'"
    # A class of three in two shards (2 + 1 by the partition): enough to merge, small
    # enough for one 2-core node that runs the tasks one after another.
    tar -C "$class" -c "${slurm_class[@]}" | as_ta "tar -x -C '$base/class'"
    # The grader: the image's when Docker built one above (the same kit, toolchain and
    # --locked build, so not built a third time), else built as the header says.
    local how="built (cargo build --release --locked -p maze-grader)"
    if [ -n "${built:-}" ] && "$DOCKER" run --rm --entrypoint cat "$image" /kit/target/release/grader 2>/dev/null |
        as_ta "cat > '$base/kit/target/release/grader' && chmod +x '$base/kit/target/release/grader' && '$base/kit/target/release/grader' --version" >/dev/null 2>&1; then
        how="taken from the image, not built a third time"
    elif ! logged slurm-build as_ta "cd '$base/kit' && cargo build --release --locked -p maze-grader"; then
        fail "slurm: cargo build as $ta failed"; return
    fi
    ok "slurm: as the ordinary user $ta, the kit copied, the grader $how"
    begin
    if ! logged slurm-seed as_ta "cd '$base/kit' && ./target/release/grader grade starter --work-dir \"\$PWD/target/grader-seed\" --format json --output /dev/null"; then
        fail "slurm: seeding the work dir as $ta failed"; return
    fi
    ok "slurm: the seed (grader grade starter --work-dir target/grader-seed), $(du -sh "$base/kit/target/grader-seed" | cut -f1)"

    begin
    local jid mid
    jid=$(as_ta "cd '$base' && sbatch --parsable --array=1-$shards --export=ALL,KIT='$base/kit',CLASS='$base/class',OUT='$base/grades' '$base/kit/recipes/slurm-grade-class.sbatch'")
    mid=$(as_ta "cd '$base' && sbatch --parsable --job-name=grade-merge --output=merge-%j.log --dependency=afterok:$jid --wrap \"'$base/kit/target/release/grader' merge '$base'/grades/shard-* --kit '$base/kit' --output-dir '$base/grades/merged'\"")
    local waited=0
    while [ -n "$(squeue -h -j "$jid,$mid" 2>/dev/null)" ]; do
        sleep 5; waited=$((waited + 5))
        if [ "$waited" -ge 3600 ]; then fail "slurm: the array and the merge were not done after an hour"; scancel "$jid" "$mid"; return; fi
    done
    local state
    state=$(scontrol show job "$mid" 2>/dev/null | grep -o 'JobState=[A-Z]*' | head -1)
    if [ "$state" != JobState=COMPLETED ] || [ ! -s "$base/grades/merged/grades.csv" ]; then
        fail "slurm: the merge job ended $state (logs: $base/*.log)"
        tail -n 5 "$base"/*.log | sed 's/^/        | /'
        return
    fi
    local array_time
    array_time=$(seconds_since "$step_started")
    ok "slurm: sbatch --array=1-$shards recipes/slurm-grade-class.sbatch and the merge (--dependency=afterok), submitted by $ta, both done, for a class of ${#slurm_class[@]}"
    local task_lines
    task_lines=$(cat "$base"/grade-class-"$jid"_*.log | grep -E '^\[[0-9]+/[0-9]+\]' || true)
    evidence "per task: $(scontrol show job "$jid" 2>/dev/null | grep -o 'ArrayTaskId=[0-9]*\|RunTime=[0-9:]*' | paste -sd' ' | sed 's/ RunTime=/ ran /g; s/ArrayTaskId=/task /g')"

    begin
    if ! logged slurm-whole as_ta "cd '$base' && kit/target/release/grader grade-all class --kit kit --work-dir kit/target/grader-seed --output-dir whole --sandbox required --jobs 2"; then
        fail "slurm: grading the class whole as $ta failed"; return
    fi
    local whole_time
    whole_time=$(seconds_since "$step_started")
    ok "slurm: the same class graded whole by $ta (grade-all --sandbox required --jobs 2)"
    local n file
    n=${#slurm_class[@]}
    evidence "per submission: $(awk -v t="$array_time" -v n="$n" 'BEGIN { printf "%.1f", t / n }') s in the array (${array_time} s for $n, in $shards tasks of 2 cores, one at a time on this node, each copying the seed), $(awk -v t="$whole_time" -v n="$n" 'BEGIN { printf "%.1f", t / n }') s whole (${whole_time} s)"
    evidence "graded in the array: $(grep -oE '\([0-9.]+ s\)' <<<"$task_lines" | tr -d '()s' | awk '{ s += $1 } END { printf "%.1f s in all", s }') by grade-all's own count; whole: $(grep -E '^\[[0-9]+/[0-9]+\]' "$work/logs/slurm-whole.log" | grep -oE '\([0-9.]+ s\)' | tr -d '()s' | awk '{ s += $1 } END { printf "%.1f s in all", s }')"
    # summary.md's last section, where the time went, differs between any two gradings.
    for file in grades.csv summary.md index.html; do
        if cmp -s <(sed '/^## Where the time went$/,$d' "$base/grades/merged/$file") \
            <(sed '/^## Where the time went$/,$d' "$base/whole/$file"); then
            evidence "merged $file is byte for byte the whole class's, timings aside ($(wc -l <"$base/whole/$file") lines)"
        else
            fail "slurm: merged $file differs from the whole class's"
            diff "$base/whole/$file" "$base/grades/merged/$file" | head -n 10 | sed 's/^/        | /'
        fi
    done
}

# ---- the steps -------------------------------------------------------------------------

names=()
for dir in "$class"/*/; do names+=("$(basename "$dir")"); done
slurm_class=(reference starter reads-the-kit)

begin
if ! "$DOCKER" info >/dev/null 2>&1; then
    skip "docker and gradescope: no Docker engine answers here ($DOCKER info failed)"
else
    ok "docker: engine $("$DOCKER" version -f '{{.Server.Version}}' 2>/dev/null), listener on the host's 127.0.0.1:$port"
    begin
    if [ -n "${TRY_ENGINES_IMAGE:-}" ]; then
        built=$("$DOCKER" image inspect -f '{{.Created}}' "$image" 2>/dev/null) || built=""
        [ -n "$built" ] && ok "image: $image, built before (${built%.*}), not rebuilt (TRY_ENGINES_IMAGE)"
    elif logged image "$DOCKER" build --network host -t "$image" -f "$kit/Containerfile" "$kit"; then
        built=yes
        ok "image: docker build -f Containerfile ($("$DOCKER" image inspect -f '{{.Size}}' "$image" | awk '{ printf "%.1f GB", $1 / 1e9 }'))"
    else
        built=""
    fi
    if [ -n "$built" ]; then
        docker_class
        gradescope
    else
        fail "image: no image $image (log: $work/logs/image.log)"
    fi
fi

if ! command -v sinfo >/dev/null; then
    skip "slurm: no Slurm here (no sinfo)"
elif ! sinfo -h -o %T 2>/dev/null | grep -qE 'idle|mix|alloc'; then
    skip "slurm: no Slurm node answers here (sinfo lists none idle, mixed or allocated)"
else
    slurm
fi

total=$(seconds_since "$started_all")
if [ "$failures" = 0 ]; then
    echo "try-engines: every step passed in $total s (load average now $(cut -d' ' -f1-3 /proc/loadavg)); outputs in $work"
else
    echo "try-engines: $failures check(s) failed in $total s; outputs and logs in $work"
    exit 1
fi
exit 0
}
