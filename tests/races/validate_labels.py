#!/usr/bin/env python3
"""Checks the labels of the race cases dynamically, with ThreadSanitizer and Archer.

Every case that has a `main` is compiled with `clang-19 -fopenmp -fsanitize=thread -g` and run at
OMP_NUM_THREADS=4 under Archer (the OpenMP-aware TSan tool, libarcher.so), as tests/ad/tsan_adjoint.sh
runs the adjoints:

  race definite  TSan must report a race (the run is repeated up to --runs times: a race TSan sees
                 only when both accesses happen, and a schedule can give all the work to one thread)
  race-free      no report in any of the --clean-runs runs
  race possible  either; the table says which (a report here is information, not an error)

A report counts only when one of its stack frames is in the case file (not the runtime). Before any
run, every `adrace-race: LINE VAR` line is checked statically: line LINE must mention VAR.

A dynamic run can confirm a race, never prove its absence: a clean run of a `race definite` case is
reported as a contradiction to be thought about, not silently accepted. Cases Archer cannot judge are
listed in NOT_JUDGED with the reason; they are compiled (so they stay valid C) but not scored.

Exit 1 when a label is contradicted or a case does not compile or crashes. Python 3 standard library only.
"""
import argparse
import concurrent.futures
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import time

EXPECT = re.compile(r"^// adrace-expect: (race definite|race possible|race-free|unsupported)\s*$")
# VAR is a variable, or memory in a struct as adrace names it: grid->u, s.x, particles[].x
RACE = re.compile(r"^// adrace-race: (\d+) (\w+(?:->\w+|\.\w+|\[\])*)\s*$")
MAIN = re.compile(r"^\s*int\s+main\s*\(", re.M)


def case_files(directory):
    """The labelled files of a directory: C cases (`.c`) and C++ ones (`.cpp`), by name."""
    return sorted([*directory.glob("*.c"), *directory.glob("*.cpp")])
REPORT = "WARNING: ThreadSanitizer: data race"

# Cases whose truth a dynamic run on the host cannot show, with the reason.
SIMD_LANES = ("the race is between SIMD lanes of one thread; TSan sees a single thread, so a run is "
              "always clean")
TASK_REDUCTION = ("Archer (14 and 19) does not model task reductions: it reports the runtime's combination of "
                  "the tasks' private copies (.red_comb.) as racing with the tasks' updates")
DOACROSS = ("Archer (14 and 19) does not model doacross synchronisation (ordered depend(sink)/depend(source)): it "
            "reports the ordered accesses of the race-free loop")
NOT_JUDGED = {
    "flush_flag_norace.c": ("TSan does not model OpenMP flush (a fence inside libomp): it reports the "
                            "payload read that the flush/atomic-flag protocol orders"),
    "target_teams_distribute_sum_norace.c": ("a reduction across teams is combined inside libomp, whose "
                                             "synchronisation plain TSan (teams run without Archer) does not see"),
    "reduction_before_barrier_race.c": ("Archer 19 ignores the writes of a reduction's combination "
                                        "(TsanIgnoreWritesBegin at ompt_sync_region_reduction), so it cannot "
                                        "see them race with the single's read (Archer 14 reported it)"),
    "ordered_doacross_norace.c": DOACROSS,
    "ordered_doacross_race.c": DOACROSS,
    "taskloop_reduction_norace.c": TASK_REDUCTION,
    "taskloop_reduction_race.c": TASK_REDUCTION,
    "simd_safelen_distance_race.c": SIMD_LANES,
    "simd_safelen_distance_norace.c": SIMD_LANES,
    "simd_simdlen_recurrence_race.c": SIMD_LANES,
    "simd_simdlen_recurrence_norace.c": SIMD_LANES,
    "simd_reduction_sum_race.c": SIMD_LANES,
    "simd_reduction_sum_norace.c": SIMD_LANES,
    "simd_private_temp_race.c": SIMD_LANES,
    "simd_private_temp_norace.c": SIMD_LANES,
    "simd_scatter_backward_race.c": SIMD_LANES,
    "simd_scatter_backward_norace.c": SIMD_LANES,
    "simd_indexed_update_race.c": SIMD_LANES,
    "simd_indexed_update_norace.c": SIMD_LANES,
}

# Races TSan sees only in some runs (which thread runs which task is up to the runtime): more tries.
MORE_RUNS = {
    # seen in about 1 run of 3: only when the grandchild runs on a thread other than the reader's
    "taskgroup_grandchild_race.c": 15,
    # Races between holders of different locks (or critical names): Archer guards its table of locks
    # with one pthread mutex, which TSan sees, so every lock acquisition orders the threads that
    # took any lock before; the race shows only when the first accesses interleave just so
    # (about 1 run in 4, and 1 in 8 for the critical sections).
    "lock_two_accounts_race.c": 30,
    "critical_in_callee_race.c": 40,
}


def read_label(path):
    lines = path.read_text().splitlines()
    match = EXPECT.match(lines[0]) if lines else None
    if not match:
        return None, [], lines
    races = []
    for line in lines[1:]:
        race = RACE.match(line)
        if not race:
            break
        races.append((int(race.group(1)), race.group(2)))
    return match.group(1), races, lines


def static_problems(path, label, races, lines):
    """Label lines that cannot be right whatever happens at run time."""
    problems = []
    if label is None:
        return ["line 1 is not '// adrace-expect: ...'"]
    if label in ("race definite", "race possible") and not races:
        problems.append("a race label without any 'adrace-race:' line")
    if label in ("race-free", "unsupported") and races:
        problems.append("'adrace-race:' lines in a " + label + " file")
    for number, variable in races:
        # A member path (particles[].x) is mentioned by its root or its last field: particles[i].x, or
        # x(domain, i) through an accessor.
        words = re.findall(r"\w+", variable)
        if number > len(lines) or not any(re.search(r"\b" + re.escape(word) + r"\b", lines[number - 1])
                                          for word in {words[0], words[-1]}):
            problems.append(f"adrace-race: line {number} does not mention '{variable}'")
    return problems


def reports_in_case(output, case):
    """Race reports (as lists of 'line' strings) with a frame in the case file."""
    found = []
    for report in output.split(REPORT)[1:]:
        report = report.split("SUMMARY: ThreadSanitizer")[0]
        lines = re.findall(re.escape(case.name) + r":(\d+)", report)
        if lines:
            found.append(sorted(set(int(n) for n in lines)))
    return found


def uses_teams(text):
    return re.search(r"#\s*pragma\s+omp\b[^\n]*\bteams\b", text) is not None


NESTED_PARALLEL = ("a parallel region inside teams: Archer 14 crashes on host teams, and plain TSan "
                   "does not see the inner region's closing barrier, so it reports the reads after it")


def nested_parallel_in_teams(text):
    """A teams construct combined with parallel (distribute parallel for), or a parallel directive
    in a file that has a teams construct."""
    return re.search(r"#\s*pragma\s+omp\b[^\n]*\bparallel\b", text) is not None


def run_case(path, args, work):
    label, races, lines = read_label(path)
    result = {"file": path.name, "label": label, "verdict": "", "note": "", "ok": True}
    problems = static_problems(path, label, races, lines)
    if problems:
        result.update(verdict="bad label", note="; ".join(problems), ok=False)
        return result
    text = path.read_text()
    binary = work / (path.parent.name + "_" + path.stem)
    compiler = args.clangxx if path.suffix == ".cpp" else args.clang
    compile_run = subprocess.run([compiler, "-fopenmp", "-fsanitize=thread", "-g", str(path), "-o",
                                  str(binary), "-lm"], capture_output=True, text=True)
    if compile_run.returncode != 0:
        result.update(verdict="compile error", note=compile_run.stderr.strip().splitlines()[0], ok=False)
        return result
    if path.name in NOT_JUDGED:
        result.update(verdict="not judged", note=NOT_JUDGED[path.name])
        return result
    env = dict(os.environ, OMP_NUM_THREADS=str(args.threads),
               TSAN_OPTIONS="ignore_noninstrumented_modules=1 exitcode=66 history_size=4")
    # The OpenMP runtime beside Archer, not another LLVM's system libomp.so.5.
    env["LD_LIBRARY_PATH"] = os.path.dirname(args.archer)
    teams = uses_teams(text)
    if teams:
        # Archer 14 dereferences a null pointer in __kmpc_fork_teams on the host (a SEGV before the
        # first team runs), and libomp loads it by itself under TSan: OMP_TOOL=disabled turns it off.
        # Archer 19 runs host teams but misses the races of target_collapse_copy_race.c and
        # target_teams_partial_race.c, so teams programs keep running under plain TSan.
        # Plain TSan then sees the teams' threads start and end (pthread_create, and the join of the
        # initial thread's teams), which is enough for a teams region with no parallel region inside;
        # with one inside it cannot see the inner region's barrier (see NESTED_PARALLEL).
        if nested_parallel_in_teams(text):
            result.update(verdict="not judged", note=NESTED_PARALLEL)
            return result
        env.pop("OMP_TOOL_LIBRARIES", None)
        env["OMP_TOOL"] = "disabled"
    else:
        env["OMP_TOOL_LIBRARIES"] = args.archer
    runs = args.clean_runs if label == "race-free" else args.runs
    runs = max(runs, MORE_RUNS.get(path.name, 0))
    seen = []
    for attempt in range(1, runs + 1):
        try:
            run = subprocess.run([str(binary)], env=env, capture_output=True, text=True, timeout=args.timeout)
        except subprocess.TimeoutExpired:
            result.update(verdict="timeout", note=f"run {attempt} exceeded {args.timeout} s", ok=False)
            return result
        output = run.stdout + run.stderr
        seen = reports_in_case(output, path)
        crashed = run.returncode not in (0, 66) or "ThreadSanitizer: SEGV" in output
        if crashed and not (seen and label != "race-free"):
            # A racy program may crash after the race (a task writing its finished parent's stack);
            # the race report before the crash is what counts.
            first = next((l for l in output.splitlines() if "ERROR" in l), f"exit {run.returncode}")
            result.update(verdict="crash", note=first.strip(), ok=False)
            return result
        if seen and label != "race-free":
            break
    tool = "TSan without Archer (teams)" if teams else "Archer"
    reported = bool(seen)
    labelled = {number for number, _ in races}
    at = sorted({n for report in seen for n in report})
    if label == "race definite":
        if reported:
            hit = "labelled line reported" if labelled & set(at) else "labelled line NOT among reported lines"
            result.update(verdict="race reported", note=f"{tool}, run {attempt}; lines {at[:8]}; {hit}")
        else:
            result.update(verdict="CONTRADICTED", note=f"{tool}: no race report in {runs} runs", ok=False)
    elif label == "race-free":
        if reported:
            result.update(verdict="CONTRADICTED", note=f"{tool} reported a race at lines {at[:8]}", ok=False)
        else:
            result.update(verdict="clean", note=f"{tool}, {runs} run(s)")
    elif label == "race possible":
        result.update(verdict="race reported" if reported else "clean",
                      note=f"{tool}; either is consistent with 'race possible'" + (f"; lines {at[:8]}" if reported else ""))
    else:
        result.update(verdict="reported" if reported else "clean", note=f"{tool}; label 'unsupported' is not scored")
    return result


def static_check(dirs):
    problems = []
    count = 0
    for directory in dirs:
        for path in case_files(directory):
            count += 1
            label, races, lines = read_label(path)
            problems += [f"{path}: {problem}" for problem in static_problems(path, label, races, lines)]
            text = "\n".join(lines)
            if path.stem.endswith("_norace") and MAIN.search(text):
                twin = path.with_name(path.stem[:-len("_norace")] + "_race" + path.suffix)
                if not twin.is_file():
                    problems.append(f"{path}: no race twin {twin.name}")
    for problem in problems:
        print("FAIL: " + problem)
    print(f"{count} files: {'all headers well-formed' if not problems else str(len(problems)) + ' problem(s)'}")
    return 1 if problems else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dirs", nargs="+", type=pathlib.Path, help="directories of labelled .c cases")
    parser.add_argument("--clang", default="clang-19")
    parser.add_argument("--clangxx", default="clang++-19", help="the C++ compiler of --clang's LLVM, for .cpp cases")
    parser.add_argument("--archer", help="libarcher.so (default: the one of --clang's LLVM)")
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--runs", type=int, default=5, help="runs of a race case before calling it missed")
    parser.add_argument("--clean-runs", type=int, default=2, help="runs of a race-free case")
    parser.add_argument("--timeout", type=int, default=60, help="seconds per run")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", help="regular expression: check only the file names it matches")
    parser.add_argument("--static-only", action="store_true",
                        help="no compilation or runs: check the headers of every .c file (line 1 label, "
                             "each 'adrace-race: LINE VAR' line mentions VAR) and that every program "
                             "X_norace.c has its race twin X_race.c")
    args = parser.parse_args()
    if args.static_only:
        return static_check(args.dirs)
    if not args.archer:
        # Archer lies in the LLVM library directory, above clang's resource directory.
        found = subprocess.run([args.clang, "-print-file-name=libarcher.so"], capture_output=True, text=True)
        args.archer = os.path.realpath(found.stdout.strip()) if found.returncode == 0 else "libarcher.so"
    if not pathlib.Path(args.archer).is_file():
        raise SystemExit(f"error: {args.archer} missing (Archer ships with the LLVM OpenMP runtime, libomp-19-dev)")
    files = []
    for directory in args.dirs:
        for path in case_files(directory):
            if MAIN.search(path.read_text()) and (not args.only or re.search(args.only, path.name)):
                files.append(path)
    start = time.time()
    with tempfile.TemporaryDirectory(prefix="adrace-labels-") as tmp:
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            results = list(pool.map(lambda p: run_case(p, args, pathlib.Path(tmp)), files))
    width = max([len(r["file"]) for r in results] + [4])
    for r in results:
        print(f"{r['file']:<{width}}  {r['label'] or '-':<14} {r['verdict']:<14} {r['note']}")
    counts = {}
    for r in results:
        counts[r["verdict"]] = counts.get(r["verdict"], 0) + 1
    bad = [r for r in results if not r["ok"]]
    print(f"\n{len(results)} cases with a main in {time.time() - start:.0f} s: "
          + ", ".join(f"{n} {v}" for v, n in sorted(counts.items())))
    if bad:
        print(f"FAIL: {len(bad)} case(s): " + ", ".join(r["file"] for r in bad))
        return 1
    print("all labels consistent with the runs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
