# Sourced by the benchmarks that time whole commands; needs `scratch` set.
#
#   timed LABEL COMMAND…
#
# Runs COMMAND with its output in "$scratch/out-LABEL" and its errors in
# "$scratch/err-LABEL", then prints one line: LABEL, its wall and CPU seconds (user +
# system, children included) and the load average when it started. A command that
# fails shows the end of its errors and ends the shell it runs in.
timed() {
    local load wall user sys
    load="$(cut -d' ' -f1 /proc/loadavg)"
    /usr/bin/time -f "%e %U %S" -o "$scratch/time-$1" "${@:2}" \
        >"$scratch/out-$1" 2>"$scratch/err-$1" || {
        echo "$1 failed:" >&2
        tail -20 "$scratch/err-$1" >&2
        exit 1
    }
    read -r wall user sys <"$scratch/time-$1"
    echo "$1 $wall $(echo "$user + $sys" | bc) $load"
}
