#!/usr/bin/env python3
"""Opens the LMS exports of a grade-all or merge output (`--roster`) with Python's
csv module and checks them against the columns their LMS documents:

- canvas.csv, Canvas's gradebook import: Student, ID, SIS User ID, SIS Login ID,
  Section, then the assignment's column;
- moodle.csv, Moodle's CSV grade import, which reads the columns of Moodle's own
  export: First name, Last name, ID number, Institution, Department, Email address,
  then the grade item.

Also checks that every row has every column, that each score is empty or a number,
and that no cell would run as a spreadsheet formula (OWASP: a leading =, +, -, @,
tab or carriage return).

    python3 grader/bench/lms_exports.py OUT [ASSIGNMENT]
"""
import csv
import sys

CANVAS = ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"]
MOODLE = ["First name", "Last name", "ID number", "Institution", "Department", "Email address"]


def check(path, columns, assignment):
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    header, body = rows[0], rows[1:]
    assert header == columns + [assignment], f"{path}: header {header}"
    for number, row in enumerate(body, start=2):
        assert len(row) == len(header), f"{path} line {number}: {row}"
        for cell in row:
            assert not cell[:1] in ("=", "+", "-", "@", "\t", "\r"), f"{path} line {number}: {cell!r}"
        score = row[-1]
        if score:
            float(score)
    scored = sum(1 for row in body if row[-1])
    print(f"{path}: header {header}; {len(body)} students, {scored} with a score; no formula cell")


out = sys.argv[1]
assignment = sys.argv[2] if len(sys.argv) > 2 else "Perfect Mazes"
check(f"{out}/canvas.csv", CANVAS, assignment)
check(f"{out}/moodle.csv", MOODLE, assignment)
