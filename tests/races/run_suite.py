#!/usr/bin/env python3
"""The race suite: runs `adrace check --format json` over the labelled cases (tests/races/cases)
and the corpus kernels, compares each case with the label in its header, and prints a per-file
table, precision, recall, accuracy and the wall time of the run.

Scoring (see README.md): files labelled `race definite`, `race possible` or `unsupported` are
positives, `race-free` files negatives. A race file counts as found when every variable its
`adrace-race:` lines name has a definite or possible finding (an `unsupported` finding alone is
enough for `race possible`, which asks for "a race or unsafe", but not for `race definite`); an
`unsupported` file when anything is reported; a race-free file is a true negative only when
nothing at all is reported.

A false definite is a definite finding on a race-free case, or on a variable a race case does not
list: the worst failure of a CI gate, counted apart. `--realistic DIR` adds race-free kernels in the
style of application codes (no label header needed) on which no definite finding may be reported.

Fails (exit 1) on a `race definite` file reported race-free or only unsupported, and on any
definite finding on a corpus kernel or a realistic kernel. Python 3 standard library only.
"""
import argparse
import json
import pathlib
import re
import subprocess
import sys
import time

EXPECT = re.compile(r"^// adrace-expect: (race definite|race possible|race-free|unsupported)\s*$")
RACE = re.compile(r"^// adrace-race: (\d+) (\w+)\s*$")


def read_label(path):
    lines = path.read_text().splitlines()
    match = EXPECT.match(lines[0]) if lines else None
    if not match:
        raise SystemExit(f"{path}:1: error: first line is not '// adrace-expect: ...'")
    races = []
    for line in lines[1:]:
        race = RACE.match(line)
        if not race:
            break
        races.append((int(race.group(1)), race.group(2)))
    return match.group(1), races


def corpus_kernels(corpus):
    """corpus/<name>/<name>.c: the kernels, not their drivers or reference adjoints."""
    return sorted(p / f"{p.name}.c" for p in corpus.iterdir() if (p / f"{p.name}.c").is_file())


def score(label, races, findings):
    """(outcome, note) for one labelled case."""
    racy = {f["variable"] for f in findings if f["certainty"] in ("definite", "possible")}
    definite = {f["variable"] for f in findings if f["certainty"] == "definite"}
    unsupported = any(f["certainty"] == "unsupported" for f in findings)
    expected = {variable for _, variable in races}
    if label == "race-free":
        return ("TN", "") if not findings else ("FP", "reported " + describe(findings))
    if label == "unsupported":
        return ("TP", "") if findings else ("FN", "reported race-free")
    if expected <= racy:
        weaker = label == "race definite" and not expected <= definite
        return "TP", "reported as possible only" if weaker else ""
    if label == "race possible" and unsupported and not racy:
        return "TP", "reported unsupported"
    if not findings:
        return "FN", "reported race-free"
    if not racy:
        return "FN", "reported only unsupported"
    return "FN", "race reported on " + ", ".join(sorted(racy)) + ", not on " + ", ".join(sorted(expected - racy))


def false_definites(label, races, findings):
    """Definite findings the label says are wrong."""
    expected = {variable for _, variable in races}
    definite = [f for f in findings if f["certainty"] == "definite"]
    if label == "race-free":
        return len(definite)
    if label in ("race definite", "race possible"):
        return sum(f["variable"] not in expected for f in definite)
    return 0


def describe(findings):
    counts = {}
    for finding in findings:
        counts[finding["certainty"]] = counts.get(finding["certainty"], 0) + 1
    return ", ".join(f"{n} {certainty}" for certainty, n in sorted(counts.items()))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--adrace", required=True, help="the adrace executable")
    parser.add_argument("--cases", required=True, type=pathlib.Path, help="directory of labelled .c cases")
    parser.add_argument("--corpus", type=pathlib.Path, help="corpus directory (corpus/<name>/<name>.c kernels)")
    parser.add_argument("--realistic", type=pathlib.Path,
                        help="directory of race-free realistic kernels (*.c): no definite finding allowed")
    parser.add_argument("--jobs", help="passed to adrace check -j (default: all cores)")
    args = parser.parse_args()

    cases = sorted(args.cases.glob("*.c"))
    kernels = corpus_kernels(args.corpus) if args.corpus else []
    realistic = sorted(args.realistic.glob("*.c")) if args.realistic else []
    if not cases:
        raise SystemExit(f"{args.cases}: error: no cases")
    labels = {str(case.resolve()): read_label(case) for case in cases}

    command = [args.adrace, "check", "--format", "json", "--fail-on", "never"]
    if args.jobs:
        command += ["-j", args.jobs]
    command += [str(path.resolve()) for path in cases + kernels + realistic]
    start = time.monotonic()
    try:
        run = subprocess.run(command, capture_output=True, text=True)
    except OSError as error:
        raise SystemExit(f"{args.adrace}: error: cannot run adrace: {error.strerror}")
    wall = time.monotonic() - start
    if run.returncode != 0:
        sys.stderr.write(run.stderr)
        raise SystemExit(f"adrace check exited with {run.returncode}")
    report = json.loads(run.stdout)
    findings = {str(pathlib.Path(f["file"]).resolve()): f["findings"] for f in report["files"]}

    counts = {"TP": 0, "FP": 0, "TN": 0, "FN": 0}
    false_definite_count = 0
    failures = []
    print(f"{'case':44} {'label':15} {'reported':34} result")
    for case in cases:
        key = str(case.resolve())
        label, races = labels[key]
        found = findings.get(key)
        if found is None:
            failures.append(f"{case.name}: no result from adrace")
            continue
        outcome, note = score(label, races, found)
        counts[outcome] += 1
        wrong = false_definites(label, races, found)
        false_definite_count += wrong
        if wrong:
            note = (note + "; " if note else "") + f"{wrong} false definite"
        if label == "race definite" and outcome == "FN" and note in ("reported race-free", "reported only unsupported"):
            failures.append(f"{case.name}: a definite race {note}")
        print(f"{case.name:44} {label:15} {describe(found) or 'race-free':34} {outcome}{'  ' + note if note else ''}")

    corpus_possible = 0
    for kernel in kernels:
        found = findings.get(str(kernel.resolve()), [])
        definite = [f for f in found if f["certainty"] == "definite"]
        corpus_possible += sum(f["certainty"] == "possible" for f in found)
        for finding in definite:
            failures.append(f"corpus {kernel.name}:{finding['at']['line']}: definite finding: {finding['message']}")
        print(f"{'corpus/' + kernel.name:44} {'race-free':15} {describe(found) or 'race-free':34} "
              f"{'FAIL' if definite else 'ok'}")

    realistic_clean = realistic_definite = 0
    for kernel in realistic:
        found = findings.get(str(kernel.resolve()), [])
        definite = [f for f in found if f["certainty"] == "definite"]
        realistic_definite += len(definite)
        realistic_clean += not found
        for finding in definite:
            failures.append(f"realistic {kernel.name}:{finding['at']['line']}: definite finding: {finding['message']}")
        print(f"{'realistic/' + kernel.name:44} {'race-free':15} {describe(found) or 'race-free':34} "
              f"{'FAIL' if definite else 'ok'}")

    # A witness the independent evaluation rejects is a bug of the check, wherever it shows up.
    for key, found in findings.items():
        for finding in found:
            if "adrace bug: the witness" in finding["message"]:
                failures.append(f"{pathlib.Path(key).name}:{finding['at']['line']}: {finding['message']}")

    tp, fp, tn, fn = counts["TP"], counts["FP"], counts["TN"], counts["FN"]
    total = tp + fp + tn + fn
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    accuracy = (tp + tn) / total if total else 0.0
    print()
    print(f"cases: {total}  TP {tp}  FP {fp}  TN {tn}  FN {fn}")
    print(f"precision {precision:.3f}  recall {recall:.3f}  accuracy {accuracy:.3f}")
    print(f"false definites on labelled cases: {false_definite_count}")
    print(f"corpus kernels: {len(kernels)}, definite findings 0 expected, possible findings {corpus_possible}")
    if realistic:
        print(f"realistic kernels: {len(realistic)}, clean {realistic_clean}, definite findings {realistic_definite} "
              f"(0 expected)")
    print(f"wall time of `adrace check` over {len(cases)} cases, {len(kernels)} corpus and {len(realistic)} realistic "
          f"kernels: {wall:.2f} s")
    for failure in failures:
        print("FAIL: " + failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
