#!/usr/bin/env bash
# Checks the instructor's guide, for CI or before a commit:
#  1. every page under src/ is in SUMMARY.md (mdBook builds only those, silently);
#  2. every {{#include FILE:ANCHOR}} names a file that exists and an anchor in it;
#  3. every fenced block is of a kind the guide uses, commands only in `console`
#     blocks, each starting with a `$ ` line: the form the handout's walk reads;
#  4. the book builds without a warning;
#  5. in the built pages, every link and picture leads to a file of the book, and
#     every #fragment to an id on its page (mdBook checks neither).
# Run it from anywhere: ./guide/check.sh
set -euo pipefail

guide="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$guide/src"
status=0
fail() {
    echo "check.sh: $*" >&2
    status=1
}

# 1. Every page is listed.
while IFS= read -r page; do
    page="${page#./}"
    [[ "$page" == SUMMARY.md ]] && continue
    grep -Fq "($page)" SUMMARY.md || fail "$page is not in SUMMARY.md, so the book leaves it out"
done < <(find . -name '*.md' | sort)

# 2. Includes resolve.
while IFS= read -r line; do
    page="${line%%:*}"
    target="$(sed -E 's/.*\{\{#include ([^}]*)\}\}.*/\1/' <<< "${line#*:}")"
    file="${target%%:*}"
    anchor="${target#"$file"}"
    anchor="${anchor#:}"
    if [[ ! -f "$(dirname "$page")/$file" ]]; then
        fail "$page includes $file, which does not exist"
    elif [[ -n "$anchor" && ! "$anchor" =~ ^[0-9]*(:[0-9]*)?$ ]] \
        && ! grep -Eq "ANCHOR: $anchor\$" "$(dirname "$page")/$file"; then
        fail "$page includes $file:$anchor, but that anchor is not in the file"
    fi
done < <(grep -rno '{{#include [^}]*}}' --include='*.md' . | sed -E 's/^\.\/([^:]*):[0-9]+:/\1:/')

# 3. Code blocks: commands in `console` blocks, each opening with a command.
while IFS= read -r page; do
    awk -v page="${page#./}" '
        /^ *```/ {
            if (!open) {
                open = 1; kind = $0; sub(/^ *```/, "", kind); first = 1
                if (kind !~ /^(console|text|toml|rust|json)$/)
                    printf "check.sh: %s:%d: a ```%s block: use console (commands), text (output), toml, rust or json\n", page, NR, kind
                next
            }
            open = 0; next
        }
        open && first {
            first = 0
            line = $0; sub(/^ */, "", line)
            if (kind == "console" && line !~ /^\$ /)
                printf "check.sh: %s:%d: a console block starts with a command line (\"$ \")\n", page, NR
        }
    ' "$page"
done < <(find . -name '*.md' | sort) > "$guide/.check-blocks.log"
if [[ -s "$guide/.check-blocks.log" ]]; then
    cat "$guide/.check-blocks.log" >&2
    status=1
fi
rm -f "$guide/.check-blocks.log"

# 4. The book builds cleanly.
cd "$guide"
log="$(mdbook build 2>&1)"
if grep -Eq "WARN|ERROR" <<< "$log"; then
    echo "$log" >&2
    fail "mdbook build printed warnings or errors"
fi

# 5. Links and pictures in the built pages.
cd "$guide/book"
while IFS= read -r page; do
    page="${page#./}"
    dir="$(dirname "$page")"
    while IFS= read -r reference; do
        case "$reference" in
            http:* | https:* | mailto:* | data:* | javascript:*) continue ;;
        esac
        path="${reference%%#*}"
        fragment=""
        [[ "$reference" == *"#"* ]] && fragment="${reference#*#}"
        path="${path%%\?*}"
        if [[ -z "$path" ]]; then
            target="$page"
        elif [[ "$path" == /* ]]; then
            # From the site's root, as the 404 page's links are.
            target="$(realpath -m --relative-to=. "./$path")"
        else
            target="$(realpath -m --relative-to=. "$dir/$path")"
        fi
        [[ -d "$target" ]] && target="$target/index.html"
        target="${target#./}"
        if [[ ! -f "$target" ]]; then
            fail "$page links to $reference: no $target in the built book"
        elif [[ -n "$fragment" && "$target" == *.html ]] \
            && ! grep -Fq "id=\"$fragment\"" "$target"; then
            fail "$page links to $reference: $target has no id \"$fragment\""
        fi
    done < <(grep -oE '(href|src)="[^"]*"' "$page" | sed -E 's/^(href|src)="(.*)"$/\2/' | sort -u)
done < <(find . -name '*.html' | sort)

if [[ $status -eq 0 ]]; then
    echo "check.sh: every page is listed, every include and link resolves, every command block is a console block, and the guide builds cleanly"
fi
exit $status
