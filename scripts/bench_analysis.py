#!/usr/bin/env python3
"""Analysis cost per corpus case, beside docs/design.md [FormAD] Table 1 (run it through scripts/bench_analysis.sh).

Every corpus kernel is analysed with `adrace analyze --format json` (with the `analyze_args` of its
expected.json) --repeat times; the table gives, per parallel loop, the median analysis time (after
Clang has parsed: `statistics.time_ms`) with its Z3 part, and the Table 1 statistics: Z3 size
(assertions), queries sent to Z3, unique index expressions, lines. The paper's figures stand beside
them where the case is in its Table 1 (its times are seconds, on a 2022 Broadwell Xeon, including a
Python Z3 process; ours are milliseconds). The whole command's wall time, parsing included, is given
per file.

usage: scripts/bench_analysis.py [--adrace build/adrace] [--repeat 5] [--markdown FILE]
"""
import argparse
import json
import pathlib
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
TARGET_MS = 50.0

# docs/design.md [FormAD] Table 1: time (s), Z3 size, queries, exprs, loc.
PAPER = {
    "stencil_compact3": ("stencil 1", 0.677, 5, 3, 2, 3),
    "stencil_compact17": ("stencil 8", 1.033, 82, 82, 9, 17),
    "gfmc": ("GFMC (both loops)", 4.145, 65, 772, 8, 54),
    "gfmc_fused": ("GFMC*", 3.125, 65, 261, 8, 65),
    "lbm": ("LBM", 3.938, 362, 364, 19, 82),
    "green_gauss": ("GreenGauss", 0.621, 5, 3, 2, 7),
}


def corpus_cases():
    for expected_file in sorted(ROOT.glob("corpus/*/expected.json")):
        expected = json.loads(expected_file.read_text())
        source = expected_file.parent / expected["source"]
        yield expected["kernel"], source, expected.get("analyze_args", [])


def analyse(adrace, source, arguments):
    start = time.perf_counter()
    run = subprocess.run([adrace, "analyze", "--format", "json", *arguments, str(source)],
                         capture_output=True, text=True)
    wall_ms = (time.perf_counter() - start) * 1000
    if run.returncode != 0:
        sys.exit(f"adrace analyze {source} failed ({run.returncode}):\n{run.stderr}")
    loops = [loop for file in json.loads(run.stdout)["files"] for loop in file["loops"]]
    return wall_ms, loops


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--adrace", default=str(ROOT / "build" / "adrace"))
    parser.add_argument("--repeat", type=int, default=5, help="runs per case; medians are reported")
    parser.add_argument("--markdown", help="also write the table to this file")
    options = parser.parse_args()

    header = ("| case | loop | time ms | Z3 ms | Z3 size | queries (cached) | exprs | loc | wall ms | "
              "paper: case | time s | Z3 size | queries | exprs | loc |")
    lines = [header, "|" + "---|" * (header.count("|") - 1)]
    slowest = 0.0
    for kernel, source, arguments in corpus_cases():
        runs = [analyse(options.adrace, source, arguments) for _ in range(options.repeat)]
        wall = statistics.median(run[0] for run in runs)
        for index, loop in enumerate(runs[0][1]):
            stats = loop["analysis"]["statistics"]
            time_ms = statistics.median(run[1][index]["analysis"]["statistics"]["time_ms"] for run in runs)
            z3_ms = statistics.median(run[1][index]["analysis"]["statistics"]["z3_time_ms"] for run in runs)
            slowest = max(slowest, time_ms)
            paper = PAPER.get(kernel)
            paper_cells = (f"{paper[0]} | {paper[1]:.3f} | {paper[2]} | {paper[3]} | {paper[4]} | {paper[5]}"
                           if paper else "— | | | | |")
            lines.append(f"| {kernel} | {loop['pragma_at']['line']} ({loop['function']}) | {time_ms:.1f} | {z3_ms:.1f} | "
                         f"{stats['z3_size']} | {stats['queries']} ({stats['cached_queries']}) | {stats['exprs']} | "
                         f"{stats['loc']} | {wall:.0f} | {paper_cells} |")
    table = "\n".join(lines)
    summary = (f"\nslowest analysis: {slowest:.1f} ms (target: under {TARGET_MS:.0f} ms per case after parsing); "
               f"medians of {options.repeat} runs")
    print(table + summary)
    if options.markdown:
        pathlib.Path(options.markdown).write_text(table + "\n" + summary.strip() + "\n")


if __name__ == "__main__":
    main()
