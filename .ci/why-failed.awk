# Why the tests failed, from the log of `cargo test` (what .ci/run ends a failed run
# with, and what a maintainer can run on any such log:
#   awk -f .ci/why-failed.awk target/ci-tests.log):
# for each failed test, "x NAME", where it panicked and the first lines of what it
# said (up to 8 tests, 6 lines each, 300 characters a line); and each line where
# cargo says a test binary failed or died (a signal: the OOM killer, say).
BEGIN { said = -1 }
function cut(line) { return length(line) > 300 ? substr(line, 1, 300) "…" : line }
/^---- .* stdout ----$/ { name = $2; said = -1; next }
name != "" && /panicked at/ {
    told++
    if (told <= 8) { print "x " name; print "    " cut($0) }
    said = 0
    next
}
said >= 0 && (/^note: run with/ || /^stack backtrace:/ || /^---- / || /^failures:$/) { said = -1 }
said >= 0 && said < 6 { if (told <= 8) print "    " cut($0); said++ }
/^error: test failed|process didn.t exit successfully/ { print cut($0) }
END { if (told > 8) printf "(and %d more: see the whole log)\n", told - 8 }
