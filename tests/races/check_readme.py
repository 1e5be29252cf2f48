#!/usr/bin/env python3
"""Checks that tests/races/README.md documents every labelled race case exactly as its header says.

  * every file of cases/ has one row in the "## Files" table and every file of realistic/ one row in
    the "## Realistic kernels" table; no row names a file that does not exist or a file twice;
  * a row's label and expected findings (`line `var``, in header order, `—` for none) are those of the
    file's `adrace-expect:` and `adrace-race:` lines;
  * every category of the Files table has a row in "## Categories and counts", and that table's
    numbers (per label, the total, and the **all** row) are the counts of the Files rows; the sentence
    under it ("N files expect a race, M are race-free, K are unsupported") says the same;
  * the Realistic kernels section says how many kernels it holds ("holds N kernels").

Exit 1 with one line per problem (naming the file or the table row), 0 when the README is in step.
Python 3 standard library only; the headers are read with validate_labels.read_label, so both checks
accept the same header grammar.
"""
import argparse
import collections
import pathlib
import re
import sys

from validate_labels import case_files, read_label

HERE = pathlib.Path(__file__).resolve().parent
LABELS = ("race definite", "race possible", "race-free", "unsupported")
NONE = ("—", "-", "")
FINDING = re.compile(r"(\d+) `([^`]+)`")


def section(text, title):
    """The lines between the heading `## title` and the next `## ` heading (None when absent)."""
    lines = text.splitlines()
    try:
        start = lines.index("## " + title)
    except ValueError:
        return None
    end = next((k for k in range(start + 1, len(lines)) if lines[k].startswith("## ")), len(lines))
    return lines[start + 1:end]


def cells(line):
    """The cells of a Markdown table row; `\\|` inside a cell is not a separator."""
    parts = re.split(r"(?<!\\)\|", line.strip())
    return [part.strip() for part in parts[1:-1]]


def first_table(lines):
    """(header cells, [(row cells, row text)]) of the first table in lines, or (None, [])."""
    rows = []
    for k, line in enumerate(lines):
        if line.startswith("|"):
            block = []
            for follow in lines[k:]:
                if not follow.startswith("|"):
                    break
                block.append(follow)
            # block[1] is the |---|---| separator
            return cells(block[0]), [(cells(row), row) for row in block[2:]]
    return None, rows


def column(header, starts, where, problems):
    index = next((k for k, name in enumerate(header) if name.lower().startswith(starts)), None)
    if index is None:
        problems.append(f"README: the {where} table has no '{starts}' column")
    return index


def parse_findings(cell):
    """[(line, var)] of a findings cell, or None when the cell cannot be read."""
    if cell in NONE:
        return []
    found = []
    for part in cell.split(","):
        match = FINDING.fullmatch(part.strip())
        if not match:
            return None
        found.append((int(match.group(1)), match.group(2)))
    return found


def show(findings):
    return ", ".join(f"{line} `{var}`" for line, var in findings) or "—"


def check_file_table(lines, where, directory, problems, with_category):
    """Checks one table against the files of directory; returns {file: (category, label)} as its rows
    say (the counts are recounted from the rows, not from the headers)."""
    if lines is None:
        problems.append(f"README: no '## {where}' section")
        return {}
    header, rows = first_table(lines)
    if header is None:
        problems.append(f"README: the '## {where}' section has no table")
        return {}
    file_col = column(header, "file", where, problems)
    label_col = column(header, "label", where, problems)
    find_col = column(header, "expected finding", where, problems)
    cat_col = column(header, "category", where, problems) if with_category else None
    if None in (file_col, label_col, find_col) or (with_category and cat_col is None):
        return {}

    seen = {}
    for row, text in rows:
        if len(row) != len(header):
            problems.append(f"README ({where}): a row with {len(row)} cells instead of {len(header)}: {text[:80]}")
            continue
        name = row[file_col].strip("`")
        if name in seen:
            problems.append(f"README ({where}): {name} has more than one row")
            continue
        seen[name] = (row[cat_col] if with_category else None, row[label_col])
        if row[label_col] not in LABELS:
            problems.append(f"README ({where}): {name} has the label '{row[label_col]}', not one of "
                            + ", ".join(LABELS))
        path = directory / name
        if not path.is_file():
            problems.append(f"README ({where}): row for {name}, which is not a file of {directory}")
            continue
        label, races, _ = read_label(path)
        if label is None:
            problems.append(f"{path}: line 1 is not '// adrace-expect: ...'")
            continue
        if row[label_col] != label:
            problems.append(f"{path}: the README says '{row[label_col]}', the header '{label}'")
        findings = parse_findings(row[find_col])
        if findings is None:
            problems.append(f"README ({where}): unreadable findings for {name}: '{row[find_col]}' "
                            "(write `LINE `var`, ...` or —)")
        elif findings != races:
            problems.append(f"{path}: the README expects {show(findings)}, the header {show(races)}")

    for path in case_files(directory):
        if path.name not in seen:
            problems.append(f"{path}: no row in the README's '## {where}' table")
    return seen


def check_counts(lines, rows_of_files, problems):
    """The counts table and the sentence under it against the Files rows."""
    where = "Categories and counts"
    if lines is None:
        problems.append(f"README: no '## {where}' section")
        return
    header, rows = first_table(lines)
    if header is None:
        problems.append(f"README: the '## {where}' section has no table")
        return
    columns = {}
    for name in ("category",) + LABELS + ("total",):
        index = column(header, name, where, problems)
        if index is None:
            return
        columns[name] = index

    counts = collections.defaultdict(collections.Counter)
    for category, label in rows_of_files.values():
        counts[category][label] += 1
    everything = collections.Counter(label for _, label in rows_of_files.values())

    listed = set()
    for row, text in rows:
        if len(row) != len(header):
            problems.append(f"README ({where}): a row with {len(row)} cells instead of {len(header)}: {text[:80]}")
            continue
        row = [cell.strip("*") for cell in row]
        category = row[columns["category"]]
        expected = everything if category == "all" else counts.get(category, collections.Counter())
        if category != "all":
            listed.add(category)
            if category not in counts:
                problems.append(f"README ({where}): category '{category}' has no file in the Files table")
        for name in LABELS + ("total",):
            want = sum(expected.values()) if name == "total" else expected[name]
            cell = row[columns[name]]
            if cell != str(want):
                problems.append(f"README ({where}): '{category}' {name} is {cell}, the Files rows give {want}")
    for category in sorted(set(counts) - listed):
        problems.append(f"README ({where}): category '{category}' of the Files table has no row")
    if "all" not in {row[columns["category"]].strip("*") for row, _ in rows if len(row) == len(header)}:
        problems.append(f"README ({where}): no **all** row")

    text = "\n".join(lines)
    sentence = re.search(r"(\d+) files expect a race, (\d+) (?:is|are) race-free, (\d+) (?:is|are) unsupported",
                         text.replace("\n", " "))
    if not sentence:
        problems.append(f"README ({where}): no sentence 'N files expect a race, M are race-free, "
                        "K are unsupported' under the table")
        return
    said = tuple(int(group) for group in sentence.groups())
    want = (everything["race definite"] + everything["race possible"], everything["race-free"],
            everything["unsupported"])
    if said != want:
        problems.append(f"README ({where}): the sentence under the table says {said[0]} race, {said[1]} "
                        f"race-free, {said[2]} unsupported; the Files rows give {want[0]}, {want[1]}, {want[2]}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--readme", type=pathlib.Path, default=HERE / "README.md")
    parser.add_argument("--cases", type=pathlib.Path, default=HERE / "cases")
    parser.add_argument("--realistic", type=pathlib.Path, default=HERE / "realistic")
    args = parser.parse_args()

    text = args.readme.read_text()
    problems = []
    rows_of_files = check_file_table(section(text, "Files"), "Files", args.cases, problems, True)
    check_counts(section(text, "Categories and counts"), rows_of_files, problems)

    realistic = section(text, "Realistic kernels")
    kernels = check_file_table(realistic, "Realistic kernels", args.realistic, problems, False)
    if realistic is not None:
        holds = re.search(r"holds (\d+) kernels", " ".join(realistic))
        if not holds:
            problems.append("README (Realistic kernels): no 'holds N kernels' sentence")
        elif int(holds.group(1)) != len(kernels):
            problems.append(f"README (Realistic kernels): says it holds {holds.group(1)} kernels, "
                            f"the table has {len(kernels)} rows")

    for problem in problems:
        print("FAIL: " + problem)
    cases = len(case_files(args.cases))
    kernels_on_disk = len(case_files(args.realistic))
    print(f"{args.readme}: {cases} cases, {kernels_on_disk} realistic kernels: {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
