#!/usr/bin/env bash
# `grader similarity` on a synthetic class: wall time and peak memory.
#
#   bash grader/bench/similarity.sh [N…]          default: 200 2000
#
# Builds the grader (release), then for each N writes a class of N submissions to a
# scratch directory: each is the kit's starter (hard links: the provided code every
# student hands in again) plus src/work.rs, about 200 lines of code of its own drawn
# from a small random grammar (seeded by its number, so every run writes the same
# class); every 20th submission hands in the one before's work.rs with its
# identifiers renamed. Then runs `grader similarity` under `/usr/bin/time -v` and
# prints the wall time, the peak resident set size and what the command printed.
# Needs python3 (for the generator) and GNU time.
set -euo pipefail
kit="$(cd "$(dirname "$0")/../.." && pwd)"
sizes=("$@")
[[ ${#sizes[@]} -eq 0 ]] && sizes=(200 2000)
cargo build --release --locked -q -p maze-grader --bin grader --manifest-path "$kit/Cargo.toml"
grader="$kit/target/release/grader"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

for n in "${sizes[@]}"; do
    class="$scratch/class-$n"
    mkdir -p "$class"
    python3 - "$kit/starter/src" "$class" "$n" <<'PY'
import os, random, re, shutil, sys

starter, class_dir, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
OPS = ["+", "-", "*", "/", "%", "&", "|", "^", "<<"]

def name(r):
    return r.choice("abcdefghijklmnopqrstuvwxyz") + str(r.randrange(50))

def expr(r, depth=0):
    kind = r.randrange(6 if depth < 2 else 3)
    if kind == 0: return name(r)
    if kind == 1: return str(r.randrange(100))
    if kind == 2: return f"{name(r)}.{name(r)}()"
    if kind == 3: return f"({expr(r, depth + 1)} {r.choice(OPS)} {expr(r, depth + 1)})"
    if kind == 4: return f"{name(r)}[{expr(r, depth + 1)}]"
    return f"{name(r)}({expr(r, depth + 1)}, {expr(r, depth + 1)})"

def block(r, depth, count):
    pad = "    " * (depth + 1)
    lines = []
    for _ in range(count):
        kind = r.randrange(7 if depth < 3 else 3)
        if kind == 0: lines.append(f"{pad}let mut {name(r)} = {expr(r)};")
        elif kind == 1: lines.append(f"{pad}{name(r)} += {expr(r)};")
        elif kind == 2: lines.append(f"{pad}{name(r)}.push({expr(r)});")
        elif kind == 3:
            lines.append(f"{pad}if {expr(r)} < {expr(r)} {{")
            lines += block(r, depth + 1, r.randrange(1, 4))
            lines.append(f"{pad}}} else {{")
            lines += block(r, depth + 1, r.randrange(1, 3))
            lines.append(f"{pad}}}")
        elif kind == 4:
            lines.append(f"{pad}for {name(r)} in 0..{expr(r)} {{")
            lines += block(r, depth + 1, r.randrange(1, 4))
            lines.append(f"{pad}}}")
        elif kind == 5:
            lines.append(f"{pad}while {expr(r)} != {expr(r)} {{")
            lines += block(r, depth + 1, r.randrange(1, 4))
            lines.append(f"{pad}}}")
        else:
            lines.append(f"{pad}match {expr(r)} {{")
            lines.append(f"{pad}    0 => {{")
            lines += block(r, depth + 2, r.randrange(1, 3))
            lines.append(f"{pad}    }}")
            lines.append(f"{pad}    _ => {{ {name(r)} = {expr(r)}; }}")
            lines.append(f"{pad}}}")
    return lines

def work(seed):
    r = random.Random(seed)
    out = []
    for f in range(8):
        out.append(f"pub fn {name(r)}(a: usize, b: &mut Vec<usize>) -> usize {{")
        out += block(r, 0, r.randrange(6, 12))
        out.append(f"    {expr(r)}")
        out.append("}\n")
    return "\n".join(out)

previous = ""
for i in range(n):
    src = os.path.join(class_dir, f"s{i:04}", "src")
    shutil.copytree(starter, src, copy_function=os.link)
    text = work(i)
    if i % 20 == 19:
        text = re.sub(r"\b([a-z])(\d+)\b", r"renamed_\1_\2", previous)
    with open(os.path.join(src, "work.rs"), "w") as f:
        f.write(text)
    previous = text
PY
    echo "== $n submissions"
    /usr/bin/time -v "$grader" similarity "$class" --output-dir "$scratch/out-$n" --kit "$kit" \
        2> "$scratch/time-$n"
    grep -E "Elapsed \(wall clock\)|Maximum resident set size|User time|System time" "$scratch/time-$n"
    # The planted copies are (s…18, s…19), (s…38, s…39), …: where do they rank, and
    # how similar is the closest pair of independent submissions?
    python3 - "$scratch/out-$n/pairs.csv" "$n" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
n = int(sys.argv[2])
def planted(r):
    a, b = int(r["a"][1:]), int(r["b"][1:])
    return b == a + 1 and b % 20 == 19
ranks = [i + 1 for i, r in enumerate(rows) if planted(r)]
others = [float(r["similarity"]) for r in rows if not planted(r)]
print(f"pairs listed: {len(rows)} of {n * (n - 1) // 2}; planted copies: {len(ranks)} of {n // 20}, "
      f"ranked {min(ranks)}..{max(ranks)}; closest independent pair: {max(others, default=0):.3f}")
PY
    rm -rf "$class" "$scratch/out-$n"
done
