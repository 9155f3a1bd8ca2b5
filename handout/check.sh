#!/usr/bin/env bash
# Checks the handout, for CI or before a commit:
#  1. every {{#include FILE:ANCHOR}} names a file that exists and an anchor that is in
#     it (mdBook silently includes nothing for a missing anchor);
#  2. every code include comes from starter/ (never from solution/), so no solution
#     body can reach the book;
#  3. the book builds without a warning;
#  4. the built pages show the starter's todo!() bodies, not the solution's code.
# Run it from anywhere: ./handout/check.sh
set -euo pipefail

handout="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$handout/src"
status=0

while IFS= read -r line; do
    chapter="${line%%:*}"
    target="$(sed -E 's/.*\{\{#include ([^}]*)\}\}.*/\1/' <<< "${line#*:}")"
    file="${target%%:*}"
    rest="${target#"$file"}"
    if [[ ! -f "$file" ]]; then
        echo "check.sh: $chapter includes $file, which does not exist" >&2
        status=1
        continue
    fi
    case "$file" in
        *.rs)
            if [[ "$file" != ../../starter/src/* ]]; then
                echo "check.sh: $chapter includes $file: code must come from starter/src" >&2
                status=1
            fi
            ;;
    esac
    anchor="${rest#:}"
    if [[ -n "$anchor" && ! "$anchor" =~ ^[0-9]*(:[0-9]*)?$ ]]; then
        if ! grep -Eq "ANCHOR: $anchor\$" "$file" || ! grep -Eq "ANCHOR_END: $anchor\$" "$file"; then
            echo "check.sh: $chapter includes $file:$anchor, but that anchor is not in the file" >&2
            status=1
        fi
    fi
done < <(grep -o '^.*{{#include [^}]*}}' -- *.md | sed -E 's/^([^:]*):.*(\{\{#include [^}]*\}\}).*/\1:\2/')

# mdBook 0.5.4 keeps only the first line of an include indented in a list at the
# list's indentation (the rest of the code box is lost): put the box after the list.
if grep -nE '^[[:space:]]+\{\{#include' -- *.md >&2; then
    echo "check.sh: an include is indented (above): mdBook renders it cut short" >&2
    status=1
fi

if grep -rqiE "begin[ ]solution" -- *.md; then
    echo "check.sh: the handout text mentions the solution markers" >&2
    status=1
fi

cd "$handout"
log="$(mdbook build 2>&1)"
if grep -Eq "WARN|ERROR" <<< "$log"; then
    echo "$log" >&2
    echo "check.sh: mdbook build printed warnings or errors" >&2
    status=1
fi

# The pages show the starter's stubs: todo!() and no marker comments.
for page in 03-position 04-cells 06-solving 07-6-searching 10-3-search; do
    html="book/$page.html"
    if ! grep -q 'todo!' "$html"; then
        echo "check.sh: $html shows no todo!(): are the includes from starter/?" >&2
        status=1
    fi
    if grep -qE '(BEGIN|END)[ ]SOLUTION|ANCHOR' "$html"; then
        echo "check.sh: $html shows marker or anchor comments" >&2
        status=1
    fi
done

if [[ $status -eq 0 ]]; then
    echo "check.sh: every include resolves, the book builds cleanly and shows the starter's stubs"
fi
exit $status
