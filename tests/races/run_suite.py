#!/usr/bin/env python3
"""The race suite: runs `adrace check --format json` over the labelled cases (tests/races/cases)
and the corpus kernels, compares each case with the label in its header, and prints a per-file
table, precision, recall, accuracy and the wall time of the run.

Scoring (see README.md): files labelled `race definite`, `race possible` or `unsupported` are
positives, `race-free` files negatives. A race file counts as found when every variable its
`adrace-race:` lines name has a definite or possible finding (an `unsupported` or `undecided`
finding alone is enough for `race possible`, which asks for "a race or unsafe", but not for `race definite`); an
`unsupported` file when anything is reported; a race-free file is a true negative only when
nothing at all is reported.

Fails (exit 1) on
  - a false "definite": a definite finding on a race-free case, a realistic kernel (--realistic: race-free
    application-style code, also scored) or a corpus kernel — the worst answer a CI gate can give;
  - a `race definite` file reported race-free or only unsupported;
  - a witness that the checker itself found does not satisfy the loop ("adrace bug: the witness");
unless the file is listed in the known-gaps file (--known-gaps: `FILE  why`, one per line), which
names the checker's open bugs. A listed file that no longer fails also fails the run, so the list
only shrinks. Python 3 standard library only.
"""
import argparse
import json
import pathlib
import re
import subprocess
import sys
import time

from validate_labels import case_files

EXPECT = re.compile(r"^// adrace-expect: (race definite|race possible|race-free|unsupported)\s*$")
# VAR is a variable, or memory in a struct as adrace names it: grid->u, s.x, particles[].x
RACE = re.compile(r"^// adrace-race: (\d+) (\w+(?:->\w+|\.\w+|\[\])*)\s*$")


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
    # "could not check": a construct not modelled, or a pair Z3 left undecided (timeout, budget)
    unsupported = any(f["certainty"] in ("unsupported", "undecided") for f in findings)
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


def describe(findings):
    counts = {}
    for finding in findings:
        counts[finding["certainty"]] = counts.get(finding["certainty"], 0) + 1
    return ", ".join(f"{n} {certainty}" for certainty, n in sorted(counts.items()))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--adrace", required=True, help="the adrace executable")
    parser.add_argument("--cases", required=True, type=pathlib.Path, help="directory of labelled .c and .cpp cases")
    parser.add_argument("--corpus", type=pathlib.Path, help="corpus directory (corpus/<name>/<name>.c kernels)")
    parser.add_argument("--realistic", type=pathlib.Path, help="directory of labelled application-style kernels")
    parser.add_argument("--known-gaps", type=pathlib.Path, help="file of known failures: `FILE  why` per line")
    parser.add_argument("--jobs", help="passed to adrace check -j (default: all cores)")
    parser.add_argument("--only", help="score one file alone, as the table names it (CTest runs one entry "
                                       "per file): `x_race.c`, `realistic/x.c` or `corpus/x.c`")
    args = parser.parse_args()

    cases = case_files(args.cases)
    realistic = case_files(args.realistic) if args.realistic else []
    kernels = corpus_kernels(args.corpus) if args.corpus else []
    if not cases:
        raise SystemExit(f"{args.cases}: error: no cases")
    known_gaps = read_known_gaps(args.known_gaps) if args.known_gaps else {}
    if args.only:
        cases = [case for case in cases if case.name == args.only]
        realistic = [case for case in realistic if "realistic/" + case.name == args.only]
        kernels = [kernel for kernel in kernels if "corpus/" + kernel.name == args.only]
        if not cases + realistic + kernels:
            raise SystemExit(f"{args.only}: error: no such case, realistic kernel or corpus kernel")
        known_gaps = {name: why for name, why in known_gaps.items() if name == args.only}
    cases += realistic
    labels = {str(case.resolve()): read_label(case) for case in cases}

    command = [args.adrace, "check", "--format", "json", "--fail-on", "never"]
    if args.jobs:
        command += ["-j", args.jobs]
    command += [str(path.resolve()) for path in cases + kernels]
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
        name = case.name if case not in realistic else "realistic/" + case.name
        if label == "race definite" and outcome == "FN" and note in ("reported race-free", "reported only unsupported"):
            failures.append((name, f"a definite race {note}"))
        if label == "race-free" and any(f["certainty"] == "definite" for f in found):
            failures.append((name, "false definite: " + describe(found)))
        for finding in found:  # RaceCheck re-evaluates every definite witness; a failing one is a bug
            if "adrace bug: the witness" in finding["message"]:
                failures.append((name, finding["message"]))
        print(f"{name:44} {label:15} {describe(found) or 'race-free':34} {outcome}{'  ' + note if note else ''}")

    corpus_possible = 0
    for kernel in kernels:
        found = findings.get(str(kernel.resolve()), [])
        definite = [f for f in found if f["certainty"] == "definite"]
        corpus_possible += sum(f["certainty"] == "possible" for f in found)
        for finding in definite:
            failures.append((f"corpus/{kernel.parent.name}/{kernel.name}",
                             f"false definite at line {finding['at']['line']}: {finding['message']}"))
        print(f"{'corpus/' + kernel.name:44} {'race-free':15} {describe(found) or 'race-free':34} "
              f"{'FAIL' if definite else 'ok'}")

    tp, fp, tn, fn = counts["TP"], counts["FP"], counts["TN"], counts["FN"]
    total = tp + fp + tn + fn
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    accuracy = (tp + tn) / total if total else 0.0
    print()
    print(f"cases: {total}  TP {tp}  FP {fp}  TN {tn}  FN {fn}")
    print(f"precision {precision:.3f}  recall {recall:.3f}  accuracy {accuracy:.3f}")
    print(f"corpus kernels: {len(kernels)}, definite findings 0 expected, possible findings {corpus_possible}")
    print(f"wall time of `adrace check` over {len(cases)} cases ({len(realistic)} realistic) and {len(kernels)} kernels: {wall:.2f} s")
    failing = {}
    for name, why in failures:
        failing.setdefault(name, []).append(why)
    unexpected = {name: whys for name, whys in failing.items() if name not in known_gaps}
    fixed = sorted(name for name in known_gaps if name not in failing)
    known = len(failing) - len(unexpected)
    print(f"known gaps (--known-gaps): {known} files still fail as listed; {len(fixed)} listed files now pass")
    for name, whys in sorted(unexpected.items()):
        for why in whys:
            print(f"FAIL: {name}: {why}")
    for name in fixed:
        print(f"FAIL: {name} passes now: remove it from the known gaps")
    return 1 if unexpected or fixed else 0


def read_known_gaps(path):
    """{file: why} from lines `FILE  why`; blank lines and # comments are skipped."""
    gaps = {}
    for number, line in enumerate(path.read_text().splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, _, why = line.partition(" ")
        if not why.strip():
            raise SystemExit(f"{path}:{number}: error: a known gap needs a reason")
        gaps[name] = why.strip()
    return gaps


if __name__ == "__main__":
    sys.exit(main())
