#!/usr/bin/env python3
"""How much `adrace check` can check: the fraction of files that end in "cannot check" (exit 3).

  python3 tests/races/coverage_report.py --adrace build/adrace [--cases tests/races/cases]
      [--realistic tests/races/realistic] [--realcode ../shared/realcode] [--jobs 2] [--reasons N]

Runs `adrace check --format json FILE -- FLAGS` on each file, one process per file, as a CI gate runs
it (the default `--fail-on definite`, where a definite race outranks "cannot check"). A file *ends in
cannot check* when adrace exits 3. For each set it prints the count and fraction of such files and,
with --reasons N, the N most frequent reasons of the unsupported findings (the message with the
names of variables and functions taken out, counted once per file), so that the next construct to
model is the one that stops most files.

The labelled cases and realistic kernels take no flags; the real code (a folder holding files.tsv and
src/, as ../shared/realcode) takes the flags files.tsv gives. Python 3 standard library only."""
import argparse
import collections
import concurrent.futures
import json
import pathlib
import re
import subprocess

from validate_labels import case_files


def check(adrace, path, flags):
    """(exit code, unsupported messages) of one `adrace check` run."""
    try:
        run = subprocess.run([adrace, "check", "--format", "json", str(path), "--"] + flags,
                             capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return "timeout", []
    messages = []
    try:
        for entry in json.loads(run.stdout).get("files", []):
            messages += [f.get("message", "") for f in entry.get("findings", [])
                         if f.get("certainty") in ("unsupported", "undecided")]
    except ValueError:
        pass
    return run.returncode, messages


def reason(message):
    """The message without the names it quotes, so that one cause counts as one reason."""
    message = re.sub(r"'[^']*'|`[^`]*`", "'_'", message)
    return re.sub(r"\b\d+\b", "N", message)[:140]


def measure(name, adrace, jobs, files, reasons, listing):
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        results = list(pool.map(lambda item: (item[0], *check(adrace, *item)), files))
    stopped = [(path, messages) for path, rc, messages in results if rc == 3]
    odd = [(path, rc) for path, rc, _ in results if rc not in (0, 1, 3)]
    total = len(results)
    print(f"{name}: {len(stopped)} of {total} files end in cannot check "
          f"({100.0 * len(stopped) / max(total, 1):.0f}%)"
          + (f"; other exits: {', '.join(f'{p.name} {rc}' for p, rc in odd)}" if odd else ""))
    if listing:
        for path, _ in stopped:
            print(f"  {path}")
    if reasons:
        counts = collections.Counter()
        for _, messages in stopped:
            counts.update({reason(m) for m in messages})
        for text, count in counts.most_common(reasons):
            print(f"  {count:4d}  {text}")
    return len(stopped), total


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--adrace", required=True)
    parser.add_argument("--cases", type=pathlib.Path)
    parser.add_argument("--realistic", type=pathlib.Path)
    parser.add_argument("--realcode", type=pathlib.Path, help="folder with files.tsv and src/")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--reasons", type=int, default=0, help="print the N most frequent reasons")
    parser.add_argument("--list", action="store_true", help="name every file that ends in cannot check")
    args = parser.parse_args()
    sets = []
    if args.cases:
        sets.append(("tests/races/cases", [(p, []) for p in case_files(args.cases)]))
    if args.realistic:
        sets.append(("tests/races/realistic", [(p, []) for p in case_files(args.realistic)]))
    if args.realcode:
        src = args.realcode / "src"
        rows = [line.rstrip("\n").split("\t") for line in open(args.realcode / "files.tsv")
                if line.strip() and not line.startswith("#")]
        sets.append((str(args.realcode), [(src / rel, flags.replace("{src}", str(src)).split())
                                           for _, rel, flags in rows]))
    if not sets:
        parser.error("name at least one of --cases, --realistic, --realcode")
    for name, files in sets:
        measure(name, args.adrace, args.jobs, files, args.reasons, args.list)


if __name__ == "__main__":
    main()
